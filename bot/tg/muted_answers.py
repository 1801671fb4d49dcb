"""Who is told in private that the bot may not post in a group (muted, or only admins may send there and the
bot is no admin: bot.tg.muted_groups): the sender of a command there, once a minute. The first command's too,
whose answer refused is how the bot learns it (a reply, the lobby a /new opened, the table a /startgame dealt,
the screen /table posted anew): so the commands sent lately in groups the bot may post in, as far as it knows,
are kept (by chat and sender) for their answer's refusal to name whom it answered (bot.tg.paced_writes
`Undelivered`: an answer the same for several asking at once answers them all). So are the presses that post
(Play again's lobby, Start's table): the presser is told that the game their button started was stopped, not
that a command of theirs went unanswered. In private: their press was answered at once (a spinner must not
wait up to half a minute for a busy group's window), and a press's answer can't be given twice."""

from __future__ import annotations

from collections.abc import Callable

from telegram import CallbackQuery, Message

from bot.service import Place
from bot.service.lately_seen import LatelySeen
from bot.tg.closed_topic_answers import ClosedTopicAnswers
from bot.tg.repeats import Repeats

ANSWER_KEY = "muted-group-answer"  # { $chat }: to a command's sender, in their private chat
PRESS_KEY = "muted-group-press"  # { $chat }: to the presser of a button whose post was refused, the same
# How long a command is kept for its answer: one waits half a minute at most in a busy group, and one refused
# later is not taken for an answer to it (a press's, say).
ANSWER_WAIT_MS = 60 * 1000


class MutedAnswers:
    def __init__(
        self,
        closed_topics: ClosedTopicAnswers,
        refusals: Repeats[tuple[Place, int, str]],
        ticks: Callable[[], int],
    ) -> None:
        """`closed_topics`: writes to a command's sender in private; `refusals`: what each was told lately
        (bot.tg.runtime's); `ticks`: ms on the monotonic clock."""
        self._closed_topics = closed_topics
        self._refusals = refusals
        self._ticks = ticks
        # by chat and person: their command, or their press, whose answer may be refused
        self._asked: LatelySeen[tuple[int, int], Message | CallbackQuery] = LatelySeen(ANSWER_WAIT_MS)

    def asked(self, message: Message) -> None:
        """A command in a group the bot may post in, as far as it knows: its answer may be refused. Not an
        anonymous admin's nor a channel's: the bot has no private chat with them."""
        if message.from_user is not None and message.sender_chat is None:
            self._asked.saw((message.chat_id, message.from_user.id), message, self._ticks())

    def answered_here(self, message: Message) -> None:
        """The handler of the command `message` answers its answer's refusal itself (/stop's question, asked
        in private then): its sender is not told too that the bot can't answer them."""
        if message.from_user is not None:
            self._asked.take((message.chat_id, message.from_user.id), self._ticks())

    def pressed(self, query: CallbackQuery) -> None:
        """A press on a group message whose change posts a new one there, which names its presser as its
        asker: it is what that post answers, not a command they sent before."""
        if query.message is not None:
            self._asked.saw((query.message.chat.id, query.from_user.id), query, self._ticks())

    async def refused(self, chat_id: int, askers: tuple[int, ...]) -> None:
        """A new message of the bot's answering `askers` was refused in the group, as the bot may not post
        there: who sent the commands, or made the presses, it answered is told why."""
        for asker in askers:
            asked = self._asked.take((chat_id, asker), self._ticks())
            if isinstance(asked, CallbackQuery):
                await self._tell_presser(chat_id, asked)
            elif asked is not None:
                await self.tell(asked)

    async def tell(self, message: Message) -> None:
        """The sender of the command `message`, in their private chat, that the bot can't answer them in the
        group: once a minute, as a refusal is."""
        sender = message.from_user.id if message.from_user is not None else 0
        if self._refusals.first((Place(message.chat_id), sender, ANSWER_KEY), self._ticks()):
            await self._closed_topics.point_elsewhere(message, ANSWER_KEY)

    async def _tell_presser(self, chat_id: int, query: CallbackQuery) -> None:
        """The presser of `query`, in their private chat, once a minute: what their press posted in the group
        was refused, and the game it started stopped with the group's others."""
        if self._refusals.first((Place(chat_id), query.from_user.id, PRESS_KEY), self._ticks()):
            await self._closed_topics.point_presser_elsewhere(query, PRESS_KEY)
