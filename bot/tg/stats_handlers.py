"""/top, /top global, /stats (one's own; someone's in reply, by @username or picked from the mention list)
and /forgetme, with their buttons.

`register(application, database=..., default_language=...)` adds the handlers. Texts go out in the user's
language (their choice in the bot, else Telegram's), in a group too, but for the leaderboards, which are in
the chat's language there (chats.language, else DEFAULT_LANGUAGE).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from telegram import Chat, Message, MessageEntity, Update
from telegram import User as TelegramUser
from telegram.constants import ChatType
from telegram.ext import (
    Application,
    ApplicationHandlerStop,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
)

from bot.i18n import Language, Translator, escape_html
from bot.i18n.shared import translator as shared_translator
from bot.service.leaderboards import (
    Period,
    PersonalStats,
    anything_to_forget,
    board_namesakes,
    forget,
    leaderboard,
    personal_stats,
    still_playing,
)
from bot.service.settings import chat_language, own_language, person_language, user_language
from bot.storage import Database, Reads
from bot.storage.directory import UserRepository
from bot.storage.games import GameRepository
from bot.storage.types import utc_now
from bot.tg.awaited_refusals import awaited_variant
from bot.tg.board_views import BoardChoice, Scope, leaderboard_render
from bot.tg.callback_data import CODEC_VERSION, Action, CallbackData, decode
from bot.tg.chat_rights import unknown_sender_key
from bot.tg.closed_topic_answers import PRIVATE_COMMAND_KEY
from bot.tg.comment_threads import CommentThreads
from bot.tg.fleeting import ANSWER_SECONDS, INVITATION_SECONDS
from bot.tg.game_here import game_here_hint, in_the_chat
from bot.tg.handlers.common import place as place_of
from bot.tg.handlers.common import sender as sender_of
from bot.tg.pacing import Render
from bot.tg.render.text import plain_title
from bot.tg.render.unlinked import unlinked
from bot.tg.replies import PacedReplies, board_kind
from bot.tg.reply_author import reply_author
from bot.tg.send import answer_callback_query
from bot.tg.stats_views import (
    display_name,
    forget_in_private_render,
    forget_render,
    personal_text,
    start_hint,
    still_playing_hint,
    still_playing_text,
)
from bot.tg.updates_request import offers_pressed_kind

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
Handler = Callable[[Update, ContextTypes.DEFAULT_TYPE], Coroutine[Any, Any, None]]
_COMMANDS = {Action.TOP: "/top", Action.FORGET: "/forgetme"}  # what draws a message with these buttons
# «общая»: what the Russian board calls itself («Общая таблица лидеров», and /help: «/top global — общая»);
# a таблица is feminine, so «глобальная» as well as «глобальный».
GLOBAL_ARGUMENTS = ("global", "all", "глобальная", "глобальный", "все", "общая", "общий")
# A /forgetme question older than this deletes nothing: the statistics it asked about may have grown since.
FORGET_QUESTION_AGE = timedelta(hours=1)
CLOSED_TOPIC_BOARD = "closed-topic-board"
TELEGRAM_DELETED_NAME = "Deleted Account"  # the first name (and only name) Telegram gives a deleted account


class StatsHandlers:
    def __init__(
        self,
        database: Database,
        default_language: Language,
        translator: Translator,
        clock: Clock,
        replies: PacedReplies,
        comments: CommentThreads,
    ) -> None:
        self._database = database
        self._replies = replies
        self._comments = comments
        self._default_language = default_language
        self._t = translator
        self._clock = clock

    async def top(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message, chat = update.effective_message, update.effective_chat
        if message is None or chat is None:
            return
        arguments = [argument.lower() for argument in context.args or []]
        if len(arguments) > 1 or (arguments and arguments[0] not in GLOBAL_ARGUMENTS):
            # in private, /top is everyone's board already: "/top global shows it" would send them in a circle
            usage = "stats-top-usage-private" if chat.type == ChatType.PRIVATE else "stats-top-usage"
            await self._usage(message, usage)
            return
        scope = Scope.GLOBAL if arguments or chat.type == ChatType.PRIVATE else Scope.CHAT
        render = await self._board(message, update.effective_user, BoardChoice(scope))
        kind = board_kind(message, f"top:{scope.name.lower()}")
        # its buttons page the board where it is: a topic closed to the bot gets the asker told where to ask
        await self._replies.reply(message, render, newest=kind, elsewhere=CLOSED_TOPIC_BOARD)

    async def navigate(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        data = await self._checked_press(update, context, Action.TOP)
        if query is None or data is None or not isinstance(query.message, Message):
            return
        choice = BoardChoice.from_args(data.args)
        if choice is None:
            await self._stale(update, context, Action.TOP)
            return
        await answer_callback_query(context.bot, query.id)
        render = await self._board(query.message, query.from_user, choice)
        self._replies.edit(query.message, render, query.from_user.id)

    async def stats(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message, chat, sender = update.effective_message, update.effective_chat, update.effective_user
        if message is None or chat is None or sender is None:
            return
        # Someone named after the command ("/stats @bob", or a member picked from the mention list) wins over
        # the message replied to, as with /kick.
        named, replied_to = _named(message), reply_author(message)
        if named is None and replied_to is None and context.args:  # a name may be anyone's, a username not
            await self._usage(message, "stats-personal-usage")
            return
        if isinstance(named, str) and named.casefold() == (sender.username or "").casefold():
            named = sender
        target = named or replied_to or sender
        async with self._database.reads() as reads:
            language = await own_language(reads, chat.id, sender_of(message), self._default_language)
        unknown = unknown_sender_key(message) if target is sender else None
        if unknown is not None:  # the account anonymous admins or channels post under is nobody's to show
            await self._replies.reply(message, Render(self._t.t(language, unknown)), lasts=ANSWER_SECONDS)
            return
        if isinstance(target, str):
            await self._stats_by_username(message, target, language)
            return
        async with self._database.reading() as session:
            found = None if target.is_bot else await personal_stats(session, target.id)
        if found is not None:
            # The name their message carries now, not the one kept from their last game; a deleted account's
            # (kept blank) is named as the boards name it, not Telegram's English "Deleted Account".
            await self._card(message, replace(found, name=found.name and _telegram_name(target)), language)
        elif target.id == sender.id:
            hints = await self._first_match_hints(message, sender.id, language)
            texts = [self._t.t(language, "stats-personal-none-self", start=hint) for hint in hints]
            await self._nothing(message, *texts)
        else:
            await self._nothing(message, self._none_yet(language, target.id, _telegram_name(target)))

    async def _first_match_hints(self, message: Message, user_id: int, language: Language) -> list[str]:
        """What brings the asker's first figures: the game they play in, once it ends (not a /new, which that
        game refuses); the game open or under way here (which refuses a /new too); else a match started with
        /new (as it reads forwarded from a closed topic, too)."""
        chat = message.chat
        async with self._database.reading() as session:  # reads only: no writer's lock
            games = GameRepository(session)
            playing = [game for game in await still_playing(games, user_id) if not game.removed]
            here = None
            if not playing and chat.type != ChatType.PRIVATE:
                here = await game_here_hint(games, place_of(message), user_id)
        if playing:  # a removed player's match ends with no result of theirs
            commented = self._comments.under_a_post(message)
            sent_in = None if commented else place_of(message)  # a post's comments: no game
            hints = [still_playing_hint(self._t, language, playing, sent_in)]
            if chat.is_forum:  # forwarded from a topic closed to the bot, "here" is the private chat
                hints.append(still_playing_hint(self._t, language, playing, None))
            return hints
        if here is not None:  # to one who sent /notifyme, not to send it again: it would take it back
            said = await awaited_variant(self._database, place_of(message), user_id, here)
            if self._comments.under_a_post(message):  # the game is in the group's chat, not "here"
                title = plain_title(chat.title or "", language)
                return [self._t.html(language, in_the_chat(said), chat=title)]
            return [self._t.t(language, said)]
        hints = [start_hint(self._t, language, chat.type != ChatType.PRIVATE)]
        if chat.is_forum:  # forwarded from a topic closed to the bot, "here" is the private chat
            hints.append(self._t.t(language, "stats-start-open-topic"))
        return hints

    async def _stats_by_username(self, message: Message, username: str, language: Language) -> None:
        async with self._database.reading() as session:
            player = await UserRepository(session).player_named(username)
            found = None if player is None else await personal_stats(session, player.id)
        if found is not None:
            await self._card(message, found, language)
        elif player is not None:
            await self._nothing(message, self._none_yet(language, player.id, player.name))
        else:
            shown = escape_html(unlinked(f"@{username}"))  # not a mention: it would notify them
            await self._nothing(message, self._t.t(language, "stats-personal-unknown", username=shown))

    async def _card(self, message: Message, stats: PersonalStats, language: Language) -> None:
        """Figures stay for the group to compare (the newest of each person's)."""
        async with self._database.reading() as session:
            namesakes = await board_namesakes(session, stats.user_id, stats.name)
        text = personal_text(self._t, language, stats, namesakes)
        await self._replies.reply(message, Render(text), newest=board_kind(message, f"stats:{stats.user_id}"))

    async def _nothing(self, message: Message, text: str, forwarded: str | None = None) -> None:
        """An answer that shows no figures: for the one who asked, for a while (`forwarded`: as it reads
        forwarded from a forum topic closed to the bot, when otherwise)."""
        await self._replies.reply(message, Render(text), lasts=ANSWER_SECONDS, forwarded=forwarded)

    def _none_yet(self, language: Language, user_id: int, name: str) -> str:
        return self._t.t(language, "stats-personal-none", name=display_name(user_id, name, language))

    async def forget_me(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message, chat, sender = update.effective_message, update.effective_chat, update.effective_user
        if message is None or chat is None or sender is None:
            return
        async with self._database.unit_of_work() as uow:
            language = await own_language(uow, chat.id, sender_of(message), self._default_language)
            playing = await still_playing(uow.games, sender.id)
            anything = await anything_to_forget(uow.session, sender.id)
        if chat.type != ChatType.PRIVATE:
            pointer = forget_in_private_render(self._t, language, context.bot.username)
            await self._replies.reply(
                message, pointer, lasts=INVITATION_SECONDS, elsewhere=PRIVATE_COMMAND_KEY
            )
        elif playing:  # before "nothing to delete": a newcomer's first game writes statistics when it ends
            await self._replies.reply(message, Render(still_playing_text(self._t, language, playing)))
        elif not anything:
            await self._replies.reply(message, Render(self._t.t(language, "stats-forget-nothing")))
        else:
            await self._replies.reply(message, forget_render(self._t, language, sender.id))

    async def forget_answer(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        data = await self._checked_press(update, context, Action.FORGET)
        if query is None or data is None or not isinstance(query.message, Message):
            return
        if data.game_id != query.from_user.id:
            await self._alert(update, context, "refusal-not-your-button")
            return
        await answer_callback_query(context.bot, query.id)
        confirmed = data.args == (1,)
        async with self._database.reads() as reads:
            language = await self._language(reads, query.message.chat, query.from_user)
        text = await self._forgotten(confirmed, query.message, query.from_user.id, language)
        self._replies.edit(query.message, Render(text), query.from_user.id)

    async def _forgotten(self, confirmed: bool, question: Message, user_id: int, language: str) -> str:
        """The question's answer to its owner's press: their stats deleted, or why not."""
        if not confirmed:
            return self._t.t(language, "stats-forget-cancelled")
        if self._clock() - question.date > FORGET_QUESTION_AGE:
            return self._t.t(language, "stats-forget-expired")
        # Checked again: they may have joined a game since the question was asked.
        playing = await forget(self._database, user_id)
        if playing:
            return still_playing_text(self._t, language, playing)
        log.info("Deleted the stats of user %s at their request", user_id)
        return self._t.t(language, "stats-forget-done")

    async def _usage(self, message: Message, key: str) -> None:
        async with self._database.reads() as reads:
            language = await own_language(reads, message.chat.id, sender_of(message), self._default_language)
        await self._replies.reply(message, Render(self._t.t(language, key)), lasts=ANSWER_SECONDS)

    async def _board(self, message: Message, user: TelegramUser | None, choice: BoardChoice) -> Render:
        """The board `choice` drawn for `message`'s chat (a /top, or the board pressed on)."""
        chat = message.chat
        if chat.type == ChatType.PRIVATE and choice.scope is Scope.CHAT:  # a forged or an old button there:
            choice = replace(choice, scope=Scope.GLOBAL)  # a private chat's board is everyone's
        chat_id = chat.id if choice.scope is Scope.CHAT else None
        async with self._database.reads() as reads:
            language = await self._language(reads, chat, user)
        async with self._database.reading() as session:  # the global board reads every result: not locked
            viewer = user.id if user is not None else None
            board = await leaderboard(
                session,
                chat_id,
                choice.ordering,
                choice.period,
                choice.page,
                now=self._clock(),
                viewer=viewer,
            )
            # An empty board's "start one here with /new" would be refused while a game is here. Read only
            # then: a board with lines, or a month's (which names no /new), costs no more than before.
            here = False
            if not board.entries and choice.period is Period.ALL_TIME and chat.type != ChatType.PRIVATE:
                place = place_of(message)
                here = await GameRepository(session).find_active(place.chat_id, place.topic_id) is not None
        commented = here and self._comments.under_a_post(message)
        return leaderboard_render(self._t, language, board, choice, chat.title, here, commented)

    async def _checked_press(
        self, update: Update, context: ContextTypes.DEFAULT_TYPE, action: Action
    ) -> CallbackData | None:
        """The press's data when it decodes to `action` on a message of such buttons (a forged press on the
        table must not redraw it into a leaderboard); otherwise it is answered with an alert."""
        query = update.callback_query
        if query is None:
            return None
        data = decode(query.data or "")
        if isinstance(data, CallbackData) and data.action is action and offers_pressed_kind(query):
            return data
        await self._stale(update, context, action)
        return None

    async def _stale(self, update: Update, context: ContextTypes.DEFAULT_TYPE, action: Action) -> None:
        """A button this bot no longer draws (forged, or from an older version): its command draws anew."""
        await self._alert(update, context, "alert-message-stale", command=_COMMANDS[action])

    async def _alert(self, update: Update, context: ContextTypes.DEFAULT_TYPE, key: str, **args: str) -> None:
        query = update.callback_query
        if query is None:
            return
        user = query.from_user  # an alert is read by the one who pressed, in their language there
        chat_id = None if query.message is None else query.message.chat.id
        language = await person_language(
            self._database, chat_id, user.id, user.language_code, self._default_language
        )
        await answer_callback_query(context.bot, query.id, self._t.t(language, key, **args), show_alert=True)

    async def _language(self, reads: Reads, chat: Chat | None, user: TelegramUser | None) -> Language:
        """The language of what all in the chat read (a leaderboard, whose buttons anyone presses)."""
        if chat is not None and chat.type != ChatType.PRIVATE:
            return await chat_language(reads, chat.id, self._default_language)
        if user is None:
            return self._default_language
        return await user_language(reads, user.id, user.language_code, self._default_language)


def _telegram_name(user: TelegramUser) -> str:
    """The user's name as their message carries it now; blank (a deleted account's, as the boards keep it)
    where it is the one Telegram gives a deleted account's old messages: the bot learns of a deletion only
    when a write to them is refused, and till then /stats in reply to one headed the card "Deleted Account ²",
    English in a Russian chat, and marked apart from the accounts the bot knew deleted."""
    if (user.first_name, user.last_name, user.username) == (TELEGRAM_DELETED_NAME, None, None):
        return ""
    return user.full_name


def _named(message: Message) -> TelegramUser | str | None:
    """The person named in the command's text: a member picked from the mention list (who has no username),
    or the username of an @mention (without its "@"); the first one when several are."""
    for entity, text in message.parse_entities([MessageEntity.TEXT_MENTION, MessageEntity.MENTION]).items():
        return entity.user if entity.user is not None else text.removeprefix("@")
    return None


def register(
    application: Application[Any, Any, Any, Any, Any, Any],
    *,
    database: Database,
    default_language: Language,
    replies: PacedReplies,
    comments: CommentThreads,
    clock: Clock = utc_now,
    group: int = -1,
) -> None:
    """Add the stats commands and buttons in handler `group`.

    The default group runs before the game's handlers (group 0), and every stats handler ends the update's
    handling there, so a catch-all callback handler of the game never sees a leaderboard press.
    """
    handlers = StatsHandlers(database, default_language, shared_translator, clock, replies, comments)
    prefix = f"^{CODEC_VERSION}"
    application.add_handlers(
        [
            CommandHandler("top", _final(handlers.top)),
            CommandHandler("stats", _final(handlers.stats)),
            CommandHandler("forgetme", _final(handlers.forget_me)),
            CallbackQueryHandler(_final(handlers.navigate), pattern=f"{prefix}{Action.TOP.value}:"),
            CallbackQueryHandler(_final(handlers.forget_answer), pattern=f"{prefix}{Action.FORGET.value}:"),
        ],
        group=group,
    )


def _final(handler: Handler) -> Handler:
    async def handle_then_stop(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await handler(update, context)
        raise ApplicationHandlerStop

    return handle_then_stop
