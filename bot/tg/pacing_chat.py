"""What the pacer keeps per chat: its queue, its window (and, in a group, the replies' share of it), what its
latest messages show, and the tasks writing there; when a write may go, and since when the chat is idle."""

from __future__ import annotations

import asyncio
import math
from dataclasses import dataclass, field

from .pacing_queue import ChatQueue, Job, Render, Turns, is_touch
from .pacing_share import ReplyShare
from .pacing_window import GAME_WRITING_SECONDS, Meter

# What is on screen is known for a chat's latest messages only: every message the bot ever sent would be kept
# otherwise. An older one edited again at worst costs a write Telegram answers "message is not modified".
ON_SCREEN_KEPT = 20
# A chat the bot has not written to (nor tried) for this long is forgotten, with what its messages show.
CHAT_KEPT_SECONDS = 60 * 60.0


@dataclass(kw_only=True)
class PacedChat(ChatQueue):
    """A chat the pacer writes to (a group, or a person's private chat)."""

    meter: Meter
    share: ReplyShare | None = None  # a group's replies, against their share of its window
    on_screen: dict[int, Render] = field(default_factory=dict)
    in_flight: set[int] = field(default_factory=set)  # messages with an edit sent whose answer is not in yet
    worker: asyncio.Task[None] | None = None
    resumer: asyncio.Task[None] | None = None  # starts the worker again once new messages may go
    nap: asyncio.Future[None] | None = None  # the worker waiting for the replies' next turn
    reopened_at: float = -math.inf  # when Telegram last let the bot write here again (`writable`)
    used_at: float = -math.inf  # when a write was last asked for or made here
    game_wrote_at: float = -math.inf  # a game's screen (not a reply) last written here

    def running(self) -> list[asyncio.Task[None]]:
        """The chat's worker, and what starts it again later, while they run."""
        return [task for task in (self.worker, self.resumer) if task is not None and not task.done()]

    def idle_since(self, now: float) -> float | None:
        """Since when nothing is asked of the chat, nor waits or runs in it; None while something does."""
        if self.jobs or self.running() or self.sends_after > now:
            return None
        return self.used_at

    def turns(self, now: float) -> Turns:
        """Whose replies may go now as far as the share goes, and who was given the fewest lately: several
        members flooding a group with commands took its whole window, and its table then stood still for half
        a minute; one member's took the share, and the others' answers waited a minute. The share binds only
        while a game writes here (a screen written within the window, or one waiting): a group with no game
        gives its answers the whole window, as before."""
        share = self.share
        if share is None:
            return lambda asker: 0
        if not self._playing(now):
            return lambda asker: share.given(asker, now)
        return lambda asker: share.given(asker, now) if share.wait(asker, now) <= 0 else None

    def slot_wait(self, now: float) -> float:
        """Seconds until the next write may go: a game's screen as the window allows, a reply as its share
        (and its asker's part of it) does too, start-up's touch leaving half the burst to the game's screens
        (`Meter.spare_wait`): a forum with ten playing topics spent its whole burst on them, and its first
        presses' tables went one every 3 s, the tenth half a minute late."""
        wait = self.meter.wait(now)
        index = self.next_index(now, self.turns(now))
        if index is not None:
            return self.meter.spare_wait(now) if is_touch(self.jobs[index]) else wait
        held = {job.asker for job in self.jobs if job.reply}
        if self.share is None or not held:
            return wait
        # A reply's turn in the share, or the game's window closing: whichever comes first lets one go.
        share = self.share
        playing_until = self.game_wrote_at + GAME_WRITING_SECONDS
        return max(wait, min(min(share.wait(asker, now) for asker in held), playing_until - now))

    def record(self, now: float, job: Job) -> None:
        """A write of `job` counted."""
        self.meter.record(now)
        if not job.reply:
            self.game_wrote_at = now
        elif self.share is not None:
            self.share.record(job.asker, now)

    def _playing(self, now: float) -> bool:
        return now - self.game_wrote_at < GAME_WRITING_SECONDS or any(not job.reply for job in self.jobs)

    def shows(self, message_id: int, render: Render) -> None:
        """The message shows `render` now; the chat's least recently written message beyond
        ON_SCREEN_KEPT is forgotten."""
        self.on_screen.pop(message_id, None)
        self.on_screen[message_id] = render
        if len(self.on_screen) > ON_SCREEN_KEPT:
            del self.on_screen[next(iter(self.on_screen))]
