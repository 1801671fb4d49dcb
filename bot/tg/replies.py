"""Answers to a command and edits of the bot's own message (boards, settings menus), written in their chat's
paced queue: in a group they share the 20 writes a minute with the game's table, and a write beside the pacer
would run the chat into a 429 that stalls the table (someone paging a board quickly, say). For the same reason
a group gets the same answer to the same command of the same person once a minute: it is just above (another
command is answered, though in the same words: "you are writing as a channel" to /settings, then to /stats,
which read as unanswered)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from telegram import Message

from bot.tg.closed_topic_answers import ClosedTopicAnswers
from bot.tg.fleeting import ANSWER_SECONDS, DELETABLE_MS, FleetingMessages
from bot.tg.kept_deletions import ms_of
from bot.tg.pacing import Render, WritePacer
from bot.tg.pacing_share import Asker
from bot.tg.repeats import REFUSAL_QUIET_MS, Repeats
from bot.tg.send import ChatMoved, Outcome, Sent, topic_closed

log = logging.getLogger(__name__)

# An answer given in a group: its chat, thread, the one it answers (asker_of), the command it answers
# (command_of) and its text.
Given = tuple[int, int | None, int, str, str]
# What the group's message of a `newest` kind that a new one replaces shows instead of going at once (given
# its message id; None: it goes).
Replaced = Callable[[int], Render | None]


class PacedReplies:
    def __init__(
        self,
        pacer: Callable[[], WritePacer | None],
        clock: Callable[[], int],
        ticks: Callable[[], int],
        fleeting: Callable[[], FleetingMessages | None],
        closed: ClosedTopicAnswers,
    ) -> None:
        """`pacer`: the running bot's pacer (it is created when the bot starts, after the handlers), and
        `fleeting` what deletes group answers after their time (with it); `clock`: milliseconds on the wall
        clock (Telegram's dates'), `ticks` on one that never jumps (the answers given lately); `closed`: where
        an answer goes that a forum topic closed to the bot refuses."""
        self._pacer = pacer
        self._closed = closed
        self._clock = clock
        self._ticks = ticks
        self._fleeting = fleeting
        # by chat, topic, person, command and text: the group's answers given lately
        self._given: Repeats[Given] = Repeats(REFUSAL_QUIET_MS)
        # those of them that replaced the group's message of their kind (a menu, a board): the chat, the kind
        # and the message
        self._kinds: dict[Given, tuple[int, str, int]] = {}

    async def reply(
        self,
        message: Message,
        render: Render,
        quote: bool = False,
        lasts: float | None = None,
        newest: str | None = None,
        elsewhere: str | None = None,
        forwarded: str | None = None,
        news: bool = False,
        replaced: Replaced | None = None,
    ) -> Outcome | None:
        """Send `render` to the message's chat (and forum topic) in its turn, as a reply to it if `quote`
        (sent anyway when it was deleted meanwhile); returns Sent or why not. A reply to a command: a game's
        screens may go ahead of it, and an equal one still queued answers in its place. Asked in a group that
        has just become a supergroup, it is sent there (the message asked in stayed behind). In a group, the
        answer the same person was given there to the same command within a minute is not given again (None)
        while it is up (a menu closed with Done is not: `_still_up`); another command, which would read
        unanswered, gets it. One given for a while (`lasts` seconds: a refusal) is deleted then; one of the
        `newest` kind (a board: `board_kind`, a settings menu) replaces the group's
        message of that kind posted before, which is deleted (or shows what `replaced` says of it, for as long
        as an answer lasts). Refused in a forum topic closed to the bot, it
        goes to the sender's private chat (bot.tg.closed_topic_answers); one that is the group's (its
        buttons) does not: the text `elsewhere` (naming the chat) goes there; one that would read wrong there
        ("here") is `forwarded` instead. `news` (a change just made) is given each time, though the same
        words were within the minute: 300, 400, then 300 again."""
        thread = message.message_thread_id if message.is_topic_message else None
        if message.chat.type != message.chat.PRIVATE:
            # a comment's thread apart too: the answer given in the group's chat is not just above there
            given = (
                message.chat_id,
                message.message_thread_id,
                asker_of(message),
                command_of(message)[0],
                render.text,
            )
            now = self._ticks()
            if not news and not self._given.first(given, now) and self._still_up(given):
                return None
            self._given.say(given, now)
            self._kinds.pop(given, None)  # on its way: a repeat meanwhile is not given
        # a comment, quoted or not: in no reply to it, the answer would show in the group's chat
        reply_to = message.message_id if quote else thread_reply(message)
        pacer = self._running()
        chat_id, asked_by = message.chat_id, asker_of(message)
        outcome = await pacer.send(chat_id, render, thread, reply_to, reply=True, asker=asked_by)
        if isinstance(outcome, ChatMoved):
            chat_id = outcome.new_chat_id
            outcome = await pacer.send(chat_id, render, reply=True, asker=asked_by)
        if topic_closed(outcome):
            await self._closed_topic(message, forwarded or render.text, elsewhere)
        elif not isinstance(outcome, Sent):
            log.warning("Answer in chat %s not delivered: %s", message.chat_id, outcome)
        elif outcome.message_id is not None and chat_id < 0:
            if lasts is not None:
                self._tidying().delete_later(chat_id, outcome.message_id, lasts)
            if newest is not None:
                if replaced is not None:
                    self._close(chat_id, newest, replaced, asked_by)
                self._tidying().newest(chat_id, newest, outcome.message_id)
                self._kinds = {key: kind for key, kind in self._kinds.items() if self._given.said(key, now)}
                self._kinds[given] = (chat_id, newest, outcome.message_id)
        return outcome

    def _close(self, chat_id: int, kind: str, replaced: Replaced, asker: Asker) -> None:
        """The group's message of `kind` that a new one replaces shows what `replaced` says of it, if
        anything, instead of going at once: no longer of its kind then, it goes after ANSWER_SECONDS."""
        before = self._tidying().newest_of(chat_id, kind)
        render = None if before is None else replaced(before)
        if before is None or render is None:
            return
        self._tidying().step_down(chat_id, before)
        self._running().edit(chat_id, before, render, reply=True, asker=asker)
        self._tidying().delete_later(chat_id, before, ANSWER_SECONDS)

    def _still_up(self, given: Given) -> bool:
        """Whether the answer `given` lately is there to read: one of a kind the group keeps one of (a menu,
        a board) while the group's message of that kind is up where it was given (it, or one given there
        since: another admin's menu), a menu closed with Done being gone, and one in another forum topic out
        of sight; any other (or one on its way) is taken to be."""
        kind = self._kinds.get(given)
        if kind is None:
            return True
        chat_id, what, _ = kind
        up = (chat_id, what, self._tidying().newest_of(chat_id, what))
        return any(key[:2] == given[:2] and shown == up for key, shown in self._kinds.items())

    async def _closed_topic(self, message: Message, text: str, elsewhere: str | None) -> None:
        if elsewhere is None:
            await self._closed.forward(message, text)
        else:
            await self._closed.point_elsewhere(message, elsewhere)

    def edit(self, message: Message, render: Render, presser: int) -> None:
        """Have the bot's `message` show `render` (a button on it was pressed by `presser`); a later edit of
        it replaces one still queued. Paced as a reply to the presser: members paging their boards and menus
        take of the group's window what replies may."""
        self._running().edit(message.chat_id, message.message_id, render, reply=True, asker=presser)

    def redraw(self, chat_id: int, message_id: int, render: Render, asker: Asker) -> bool:
        """Have the bot's message show `render` while it is up (a group's: not deleted after its time, nor
        replaced by a newer one of its kind, nor closed by one saying so: a redraw that read it as the chat's
        menu before a newer one landed drew it back; a private chat's: the bot deletes none there); whether
        it is. Paced as `edit`, answering `asker` (None: nobody's, a match that started or ended)."""
        if chat_id < 0 and not self._tidying().up(chat_id, message_id):
            return False
        self._running().edit(chat_id, message_id, render, reply=True, asker=asker)
        return True

    def newest_up(self, chat_id: int, kind: str) -> int | None:
        """The group's message of the `newest` kind that `reply` posted, while it is up (a restart between
        included)."""
        return self._tidying().newest_of(chat_id, kind)

    def shows(self, chat_id: int, message_id: int, what: str) -> None:
        """What the group's message of a `newest` kind shows now, in its owner's words (bot.tg.fleeting
        FleetingMessages.shows): read back with it (`shown_by_newest`), a restart between included."""
        self._tidying().shows(chat_id, message_id, what)

    def shown_by_newest(self, chat_id: int, kind: str) -> tuple[int, str] | None:
        """`newest_up`, and what that message shows (`shows`; "": not said)."""
        return self._tidying().shown_by_newest(chat_id, kind)

    def deletable(self, message: Message, seconds: float) -> bool:
        """Whether Telegram will still let the bot delete its `message` `seconds` from now (48 hours after
        posting it, it refuses)."""
        return self._clock() + round(seconds * 1000) < ms_of(message.date) + DELETABLE_MS

    def lasts(self, message: Message, seconds: float) -> None:
        """The bot's group `message` is deleted `seconds` from now (asked again: from then); in a private
        chat it stays."""
        if message.chat_id < 0:
            self._tidying().delete_later(message.chat_id, message.message_id, seconds)

    def delete(self, message: Message) -> None:
        """The bot's group `message` goes now, at the lowest priority (an edit of it still queued with it);
        in a private chat it stays."""
        if message.chat_id < 0:
            self._running().discard(message.chat_id, message.message_id)
            self._tidying().delete_now(message.chat_id, message.message_id)

    def _tidying(self) -> FleetingMessages:
        fleeting = self._fleeting()
        assert fleeting is not None, "created with the pacer"
        return fleeting

    def _running(self) -> WritePacer:
        pacer = self._pacer()
        assert pacer is not None, "the pacer is created when the bot starts"
        return pacer


def asker_of(message: Message) -> int:
    """Whom the answer to `message` is for, as a group's answers' share counts them (bot.tg.pacing_share): its
    sender, or the chat they wrote as (an anonymous admin: all of them are one there; a channel)."""
    sender = message.sender_chat or message.from_user
    return message.chat_id if sender is None else sender.id


def command_of(message: Message) -> tuple[str, str]:
    """The command a message (or a photo's caption) starts with and the bot it names, lower-case
    ("/stop@uno_bot": "/stop", "uno_bot"; "" for what is missing)."""
    words = (message.text or message.caption or "").split(maxsplit=1)
    command, _, addressee = words[0].partition("@") if words else ("", "", "")
    return command.lower(), addressee.lower()


def thread_reply(message: Message) -> int | None:
    """The message an answer to `message` replies to, so that it shows where `message` was written: one of
    a supergroup's threads that is no forum topic (the comments under a linked channel's post, whose readers
    see nothing of the group's chat; Telegram numbers a chain of replies as a thread too, where a reply reads
    as well). None for any other message: an answer goes to its chat or forum topic."""
    threaded = message.message_thread_id is not None and not message.is_topic_message
    return message.message_id if threaded and message.chat.type != message.chat.PRIVATE else None


def under_a_post(message: Message) -> bool:
    """A comment answering a linked channel's post (Telegram names the post only to those answering it: one
    answering another comment is told by bot.tg.comment_threads, which the handlers ask)."""
    replied = message.reply_to_message
    return not message.is_topic_message and replied is not None and bool(replied.is_automatic_forward)


def thread_key(message: Message | None) -> int:
    """The thread `message` was written in, as what is said once a minute is keyed beside its chat or forum
    topic (0: none, a topic, or no message): what was said in the group's chat is not just above under a
    channel's post, nor the other way round."""
    if message is None or message.is_topic_message or message.message_thread_id is None:
        return 0
    return message.message_thread_id


def board_kind(message: Message, board: str) -> str:
    """The kind of a board (/top, /stats) asked for by `message`: a forum's topics are apart, as their
    games are, so a topic's board replaces only that topic's; and so are the comments under a channel's post
    (`thread_reply`), which show nothing of the group's chat."""
    return f"board:{message.message_thread_id or 0}:{board}"
