"""Group messages worth reading for a while only: an answer to a command (a refusal, "the table is just
above"), an invitation to open the private chat, /help; and those that a newer one makes useless (a board, a
settings menu: `newest`), or that follow their game (a notice: `follows`). Each is deleted once its time is
up, at the pacer's lowest priority (`WritePacer.tidy`: after every other write), so that the group's history
keeps what the games said (lobbies, tables, results), not who was refused what.

The deletions to come are timer jobs in memory, and written down in the database (bot.tg.kept_deletions):
after a restart the overdue ones go at once, the others at their time. Telegram lets a bot delete its group
messages for 48 hours after posting: a deletion due later is dropped without a call, and every few hours
(bot.tg.old_logs) what was posted earlier than that is forgotten, a board no newer one replaced too.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.service.lobby import LOBBY_IDLE_MS
from bot.storage.tracked_messages import Tracked
from bot.tg.background import Spawn
from bot.tg.invitations import INVITATION_MS
from bot.tg.kept_deletions import KeptDeletions, at, ms_of
from bot.tg.repeats import REFUSAL_QUIET_MS
from bot.tg.scheduler import Scheduler

# An answer to a command: read by the one who asked, who is looking at the chat. Longer than the minute in
# which the same answer is not given again to the same person ("it is just above" must stay true).
ANSWER_SECONDS = 2 * REFUSAL_QUIET_MS // 1000
# An invitation to the private chat: its button completes the join for as long as the invitation counts.
INVITATION_SECONDS = INVITATION_MS // 1000
# /help in a group: a few lines someone asked for, with the button to the private chat and the full help.
HELP_SECONDS = 10 * 60
# /rules in a group: read like /help, by those who asked then; the next who wants them asks again.
RULES_SECONDS = HELP_SECONDS
# A /stop question nobody answered: by then its game has moved on, and /stop asks anew.
QUESTION_SECONDS = 10 * 60
# A /settings menu nobody pressed for this long: its admin is done with it (/settings posts a fresh one).
MENU_SECONDS = 10 * 60
# A lobby closed without a match (idle, everyone left, stopped): its message says why for those who were
# in it, then goes with the /stop question that closed it; nothing was played to keep in the history.
CLOSED_LOBBY_SECONDS = 10 * 60
# A note in a forum topic that the rules its open game took were changed in another topic: read by those
# waiting in the lobby, for as long as a lobby nobody touches stays open.
LOBBY_RULES_NOTE_SECONDS = LOBBY_IDLE_MS // 1000
# The kind (`newest`) of that note, with its game's id: the next change's note replaces it.
LOBBY_RULES_NOTE = "lobby-rules-note:"
# Telegram refuses to delete a bot's group message older than this.
DELETABLE_MS = 48 * 60 * 60 * 1000
# The newest messages of a kind kept in memory (the oldest asked for forgotten first: that one then stays).
NEWEST_LIMIT = 10_000
# How the kind of a message that follows its game begins (`follows`); see `restore`.
FOLLOWS_GAME = "game:"
# Between the kind written down of a message of the `newest` kind and what it shows (`shows`).
SHOWS_MARK = "|"

Tidy = Callable[[int, int], Awaitable[object]]
Key = tuple[int, int]  # chat id, message id


@dataclass
class _Tracked:
    posted_ms: int
    due_ms: int | None = None
    kind: str | None = None
    shows: str = ""  # what a message of the `newest` kind shows, in its owner's words
    going: bool = False  # its deletion begun, or closed by a newer one of its kind (`step_down`)

    def written(self) -> Tracked:
        kind = self.kind if self.kind is None or not self.shows else f"{self.kind}{SHOWS_MARK}{self.shows}"
        return Tracked(at(self.posted_ms), None if self.due_ms is None else at(self.due_ms), kind)


# A message that follows its game, as start-up finds it: chat id, message id, its kind (`follows`).
Followed = tuple[int, int, str]


class FleetingMessages:
    def __init__(
        self, scheduler: Scheduler, tidy: Tidy, spawn: Spawn, clock: Callable[[], int], kept: KeptDeletions
    ) -> None:
        """`tidy(chat_id, message_id)` deletes a message at the lowest priority; `spawn` runs it in the
        background; `clock`: milliseconds; `kept`: where the deletions to come are written down."""
        self._scheduler = scheduler
        self._tidy = tidy
        self._spawn = spawn
        self._clock = clock
        self._kept = kept
        self._tracked: dict[Key, _Tracked] = {}
        self._newest: OrderedDict[tuple[int, str], int] = OrderedDict()  # chat and kind -> message

    def delete_later(self, chat_id: int, message_id: int, seconds: float) -> None:
        """The message goes after `seconds` (asked again, from now)."""
        tracked = self._track(chat_id, message_id)
        tracked.due_ms = self._clock() + round(seconds * 1000)
        if tracked.due_ms >= tracked.posted_ms + DELETABLE_MS:
            self.let_be(chat_id, message_id)
            return
        self._arm(chat_id, message_id, seconds)
        self._kept.put(chat_id, message_id, tracked.written())

    def newest(self, chat_id: int, kind: str, message_id: int) -> None:
        """`message_id` is the chat's newest message of `kind` (a board, a settings menu): the one before it
        goes now."""
        before = self._newest.pop((chat_id, kind), None)
        self._newest[(chat_id, kind)] = message_id
        if len(self._newest) > NEWEST_LIMIT:
            (old_chat, _), forgotten = self._newest.popitem(last=False)
            self.let_be(old_chat, forgotten)
        self._track_kind(chat_id, message_id, kind)
        if before is not None:
            self.delete_now(chat_id, before)

    def newest_of(self, chat_id: int, kind: str) -> int | None:
        """The chat's newest message of `kind` while it is up, its deletion not begun (restored at start-up,
        as its deletion is)."""
        return self._newest.get((chat_id, kind))

    def shows(self, chat_id: int, message_id: int, what: str) -> None:
        """What the message of a `newest` kind shows now (a settings menu: its screen), in its owner's words
        (no SHOWS_MARK; with the kind, 64 characters at most): written down with it, read back after a
        restart as while it runs (`shown_by_newest`). A message not tracked (gone) is left alone."""
        tracked = self._tracked.get((chat_id, message_id))
        if tracked is not None and tracked.kind is not None and tracked.shows != what:
            tracked.shows = what
            self._kept.put(chat_id, message_id, tracked.written())

    def shown_by_newest(self, chat_id: int, kind: str) -> tuple[int, str] | None:
        """The chat's newest message of `kind` while it is up, and what it shows (`shows`; "": not said)."""
        message_id = self._newest.get((chat_id, kind))
        tracked = None if message_id is None else self._tracked.get((chat_id, message_id))
        return None if message_id is None or tracked is None else (message_id, tracked.shows)

    def step_down(self, chat_id: int, message_id: int) -> None:
        """The message is no longer of its kind (a settings menu closed by a newer one, saying so): not its
        chat's newest, nor that after a restart; it goes when asked (`delete_later`)."""
        self._going(chat_id, message_id)
        tracked = self._tracked.get((chat_id, message_id))
        if tracked is not None:
            tracked.kind, tracked.shows = None, ""
            self._kept.put(chat_id, message_id, tracked.written())

    def follows(self, chat_id: int, message_id: int, kind: str) -> None:
        """The message goes when its owner says (`delete_now`, `delete_later`): a game's notice, whose
        `kind` begins with FOLLOWS_GAME and is handed back to its owner at start-up (`restore`)."""
        self._track_kind(chat_id, message_id, kind)

    def delete_now(self, chat_id: int, message_id: int) -> None:
        """The message goes now (still at the lowest priority), not after a time asked for before."""
        self._scheduler.cancel(_job(chat_id, message_id))
        self._going(chat_id, message_id)
        self._spawn(self._delete(chat_id, message_id))

    def keep(self, chat_id: int, message_id: int) -> None:
        """The message stays after all (a /stop question that ended in the game stopped); one that follows
        its game stays until its owner says."""
        self._scheduler.cancel(_job(chat_id, message_id))
        tracked = self._tracked.get((chat_id, message_id))
        if tracked is None or tracked.kind is None:
            self.let_be(chat_id, message_id)
            return
        tracked.due_ms = None
        self._kept.put(chat_id, message_id, tracked.written())

    def let_be(self, chat_id: int, message_id: int) -> None:
        """Forget the message, which stays."""
        if self._forget(chat_id, message_id):  # else never written down
            self._kept.drop(chat_id, message_id)

    def let_be_in(self, chat_id: int) -> None:
        """Forget every message of the chat, which all stay: a group that became a supergroup (Telegram
        refuses every call to its old id)."""
        for key in [key for key in self._tracked if key[0] == chat_id]:
            self.let_be(*key)

    async def forget_undeletable(self) -> int:
        """Forget the messages posted DELETABLE_MS ago or more (Telegram would refuse deleting them), which
        stay: a board no newer one replaced, a notice its game never took back. In memory, and written down
        (one statement, for those a process before this one wrote down too); how many rows went."""
        cutoff = self._clock() - DELETABLE_MS
        for chat_id, message_id in [key for key, kept in self._tracked.items() if kept.posted_ms <= cutoff]:
            self._forget(chat_id, message_id)
        return await self._kept.drop_posted_by(at(cutoff))

    async def restore(self) -> list[Followed]:
        """Start-up: the deletions written down before go on (an overdue one now, one Telegram would refuse
        is dropped); the messages that follow a game without a time are handed back, for their owner."""
        now, followed = self._clock(), []
        stored = await self._kept.read()
        for (chat_id, message_id), written in sorted(stored.items(), key=lambda item: item[1].posted):
            kind, _, shows = (None, "", "") if written.kind is None else written.kind.partition(SHOWS_MARK)
            tracked = _Tracked(
                ms_of(written.posted), None if written.due is None else ms_of(written.due), kind, shows
            )
            self._tracked[(chat_id, message_id)] = tracked
            if now >= tracked.posted_ms + DELETABLE_MS:
                self.let_be(chat_id, message_id)
                continue
            if tracked.due_ms is not None and tracked.due_ms <= now:
                self.delete_now(chat_id, message_id)
                continue
            if tracked.due_ms is not None:
                self._arm(chat_id, message_id, (tracked.due_ms - now) / 1000)
            if tracked.kind is None:
                continue
            if tracked.kind.startswith(FOLLOWS_GAME):
                if tracked.due_ms is None:  # one with a time goes then, whatever its game does
                    followed.append((chat_id, message_id, tracked.kind))
            else:
                self._newest[(chat_id, tracked.kind)] = message_id
        return followed

    async def flush(self) -> None:
        """Shutdown: what is still to be written down is written."""
        await self._kept.flush()

    def __contains__(self, key: Key) -> bool:
        """Whether the message (chat id, message id) is to be deleted, or followed, still."""
        return key in self._tracked

    def up(self, chat_id: int, message_id: int) -> bool:
        """Whether the message is to be deleted later and shows its own content till then: not one whose
        deletion began, nor one closed by a newer one of its kind, saying so till it goes (`step_down`)."""
        tracked = self._tracked.get((chat_id, message_id))
        return tracked is not None and not tracked.going

    def _forget(self, chat_id: int, message_id: int) -> bool:
        """Forget the message in memory; whether it was tracked."""
        self._scheduler.cancel(_job(chat_id, message_id))
        self._going(chat_id, message_id)
        return self._tracked.pop((chat_id, message_id), None) is not None

    def _going(self, chat_id: int, message_id: int) -> None:
        """The message goes (its deletion may wait out a flood, or every other write): from now it is not its
        chat's newest of its kind, up to be pressed or taken as just above (a menu closed with Done)."""
        tracked = self._tracked.get((chat_id, message_id))
        if tracked is not None:
            tracked.going = True
        kind = None if tracked is None else tracked.kind
        if kind is not None and self._newest.get((chat_id, kind)) == message_id:
            del self._newest[(chat_id, kind)]

    def _track(self, chat_id: int, message_id: int) -> _Tracked:
        return self._tracked.setdefault((chat_id, message_id), _Tracked(self._clock()))

    def _track_kind(self, chat_id: int, message_id: int, kind: str) -> None:
        tracked = self._track(chat_id, message_id)
        tracked.kind = kind
        self._kept.put(chat_id, message_id, tracked.written())

    def _arm(self, chat_id: int, message_id: int, seconds: float) -> None:
        self._scheduler.call_later(_job(chat_id, message_id), seconds, lambda: self._due(chat_id, message_id))

    async def _due(self, chat_id: int, message_id: int) -> None:
        # In the background: the deletion may wait long for the bot-wide window, and the timer job that
        # fired it must not (the games' timers are run the same way).
        self._going(chat_id, message_id)
        self._spawn(self._delete(chat_id, message_id))

    async def _delete(self, chat_id: int, message_id: int) -> None:
        tracked = self._tracked.get((chat_id, message_id))
        if tracked is None or self._clock() < tracked.posted_ms + DELETABLE_MS:
            await self._tidy(chat_id, message_id)
        self.let_be(chat_id, message_id)


def game_kind(game_id: int, what: str, about: int) -> str:
    """The kind (`follows`) of a game's notice: `what` it is, `about` which turn or player."""
    return f"{FOLLOWS_GAME}{game_id}:{what}:{about}"


def game_kind_parts(kind: str) -> tuple[int, str, int]:
    """The game, what and about of a `game_kind`."""
    game_id, what, about = kind.removeprefix(FOLLOWS_GAME).split(":")
    return int(game_id), what, int(about)


def _job(chat_id: int, message_id: int) -> str:
    return f"fleeting-{chat_id}-{message_id}"
