"""Answers to one person's command that Telegram refuses because its forum topic is closed to the bot (only
the group's admins post there, bot.tg.chat_rights `posts_in_closed_topics`): they go to that person's private
chat, after a line that says why and names the chat (one that says "here" for the topic in words fit for
there). One that only makes sense in the group (a menu's or a board's buttons) is not sent there: they are
told to ask in an open topic instead. An anonymous admin, or one who never opened the private chat, learns
nothing: the bot has nowhere to write to them. Who lost a lobby to its closed topic is told there too, and who
sends a command in a group where the bot may post nothing at all, why (bot.tg.handlers.muted_group), as who
pressed a button there whose post the group refused (bot.tg.muted_answers)."""

from __future__ import annotations

from collections.abc import Callable

from telegram import CallbackQuery, Message, User

from bot.i18n import Language, Translator
from bot.i18n.translator import TranslationArg
from bot.service.settings import user_language
from bot.storage import Database
from bot.tg.pacing import Render, WritePacer
from bot.tg.render.text import Named, game_title, title
from bot.tg.send import Outcome, topic_closed

ANSWER_KEY = "closed-topic-answer"  # { $chat }, { $answer }
# to the creator of a lobby whose first message the topic refused: it is gone
NEW_GAME_KEY = "closed-topic-new-game"  # { $game }
# to each seated in a lobby that closed with its topic
LOBBY_CLOSED_KEY = "closed-topic-lobby-closed"  # { $game }
# Group answers that say "here" for the topic, or to send /new there: what they read as once forwarded (the
# line above them names the chat; "here" is the private chat there, and the closed topic takes no /new).
_FORWARDED_KEYS = {
    "error-no-game-topic": "closed-topic-no-game",
    "error-game-exists": "closed-topic-game-exists",
    "error-game-exists-next": "closed-topic-game-exists-next",
    "error-game-exists-next-awaited": "closed-topic-game-exists-next-awaited",
    "gameplay-table-over": "closed-topic-table-over",
    "gameplay-table-over-play-again": "closed-topic-table-over",
    "gameplay-table-over-unstarted": "closed-topic-table-over-unstarted",
    "notify-subscribed": "closed-topic-notify-subscribed",
    "notify-subscribed-after-match": "closed-topic-notify-subscribed-after-match",
    "notify-cancelled": "closed-topic-notify-cancelled",
}
# for a command whose group answer only says to send it in the private chat (/colours, /forgetme)
PRIVATE_COMMAND_KEY = "closed-topic-private-command"  # { $chat }
# for /start, whose group answer (the greeting) says "here" and "/new" for the topic
START_KEY = "closed-topic-start"  # { $chat }


class ClosedTopicAnswers:
    def __init__(
        self,
        database: Database,
        translator: Translator,
        default_language: Language,
        pacer: Callable[[], WritePacer | None],
    ) -> None:
        """`pacer`: the running bot's (created when the bot starts)."""
        self._database = database
        self._translator = translator
        self._default_language = default_language
        self._pacer = pacer

    def as_forwarded(self, lang: str, key: str, **args: TranslationArg) -> str | None:
        """The group answer `key` as it reads forwarded to the private chat, when it reads otherwise there."""
        forwarded = _FORWARDED_KEYS.get(key)
        return None if forwarded is None else self._translator.html(lang, forwarded, **args)

    async def forward(self, message: Message, answer: str) -> None:
        """`answer` (HTML; its buttons, the group's, are left behind) to the command `message`, in its
        sender's private chat."""
        await self._tell(message, ANSWER_KEY, answer)

    async def forward_if_refused(self, message: Message, outcome: Outcome | None, answer: str) -> None:
        """`forward` the `answer` to `message` when Telegram refused it (`outcome`) for a closed topic."""
        if topic_closed(outcome):
            await self.forward(message, answer)

    async def point_elsewhere(self, message: Message, key: str) -> None:
        """`key` (naming the chat) in the sender's private chat: the answer to `message` is the group's (or
        the group takes none of the bot's)."""
        await self._tell(message, key)

    async def point_presser_elsewhere(self, query: CallbackQuery, key: str) -> None:
        """`key` (naming the chat) in the presser's private chat: what the press posted in the group of the
        message pressed was refused."""
        chat = query.message.chat.title if query.message is not None else None
        await self._tell_user(query.from_user, chat or "", key)

    async def tell_player(self, user_id: int, key: str, game: Named) -> None:
        """`key` about the game `game` ("Chat · Topic"), which its topic closed to the bot took from them, in
        the private chat of `user_id` (in the language their last update had, as their hands)."""
        await self._send(user_id, None, key, lambda lang: {"game": title(game_title(game, lang), lang)})

    async def _tell(self, message: Message, key: str, answer: str = "") -> None:
        user = message.from_user
        if user is None or message.sender_chat is not None:  # an anonymous admin has no private chat
            return
        await self._tell_user(user, message.chat.title or "", key, answer)

    async def _tell_user(self, user: User, chat: str, key: str, answer: str = "") -> None:
        """`key` about the group named `chat` to `user`, in their language (else their app's)."""
        code = user.language_code
        await self._send(user.id, code, key, lambda lang: {"chat": title(chat, lang), "answer": answer})

    async def _send(
        self, user_id: int, language_code: str | None, key: str, args: Callable[[str], dict[str, str]]
    ) -> None:
        """`key` with `args` (given the language) to `user_id`, when the bot may write to them; in their
        language, chosen, else their app's (`language_code`, None: the one saved of them)."""
        async with self._database.unit_of_work() as uow:
            if not await uow.users.reachable(user_id):
                return
            if language_code is None:
                saved = await uow.users.get(user_id)
                language_code = saved.language_code if saved is not None else None
            lang = await user_language(uow, user_id, language_code, self._default_language)
        text = self._translator.t(lang, key, **args(lang))
        pacer = self._pacer()
        assert pacer is not None, "the pacer is created when the bot starts"
        await pacer.send(user_id, Render(text), reply=True, asker=user_id)
