"""The real PTB Application against the in-process fake Bot API, on virtual time, with simulated people.

Updates are fetched through the real getUpdates call and handed to `Application.process_update` (what the
poller does), so tests decide when people act; `settle` then lets the bot finish everything it started
(publishing, paced writes, computer players) while virtual time jumps over the waits.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from pydantic import SecretStr
from telegram import Update

from bot.config import Settings
from bot.i18n import Language
from bot.service import GameDocument, Place
from bot.storage import Database, GameRecord
from bot.tg import downtime, old_logs
from bot.tg.app import BotApplication, build_application, runtime_of
from bot.tg.callback_data import Action, CallbackData, decode
from bot.tg.runtime import Runtime
from bot.tg.scheduler import Callback
from tests.button_data import encode_data
from tests.fake_bot_api import CallbackQuery, Chat, FakeClock, FakeTelegram, Message, User, asgi_request
from tests.virtual_wiring import on_virtual_time

# A person's preference among the buttons of their hand: decisions first, then cards, then draw and pass.
PREFERENCE = (Action.COLOUR, Action.SWAP, Action.ACCEPT, Action.PLAY, Action.DRAW, Action.PASS)

# What a person reads when the bot failed to handle their command or press (bot.tg.apology).
SORRY = "⚠️ Sorry, something went wrong on my side. Please try again in a moment."
# What follows the name of one whose /join needs the private chat opened first (whose Start completes it).
JOIN_INVITATION = (
    ", to join the game, open a private chat with me (the button below) and press “Start” (or “Запустить”):"
    " your cards will come there."
)
# the line under a person's first Start answer in the private chat
COLOURS_HINT = {
    "en": "Colours hard to tell apart? /colours adds their letters to your cards: 🟥R 5.",
    "ru": "Цвета трудно различить? /colours добавит на ваши карты их буквы: 🟥К 5.",  # noqa: RUF001
}


class ManualScheduler:
    """Timer jobs that run when the test says so (`run_due`), at their time on the virtual clock's monotonic
    reading (as the event loop's timers: a jump of the wall clock moves none); those named in `left_out` are
    never armed."""

    def __init__(self, clock: FakeClock, left_out: Collection[str] = ()) -> None:
        self._clock = clock
        self._left_out = frozenset(left_out)
        self._jobs: dict[str, tuple[float, Callback]] = {}

    def call_later(self, name: str, delay: float, callback: Callback) -> None:
        if name not in self._left_out:
            self._jobs[name] = (self._clock.monotonic() + max(0.0, delay), callback)

    def cancel(self, name: str) -> None:
        self._jobs.pop(name, None)

    def close(self) -> None:
        self._jobs.clear()

    @property
    def waiting(self) -> int:
        """How many jobs wait (not `__len__`: the application takes a scheduler that is falsy for none)."""
        return len(self._jobs)

    def next_due(self) -> float | None:
        return min((due for due, _ in self._jobs.values()), default=None)

    async def run_due(self) -> None:
        while True:
            due = [(when, name) for name, (when, _) in self._jobs.items() if when <= self._clock.monotonic()]
            if not due:
                return
            _, name = min(due)
            _, callback = self._jobs.pop(name)
            await callback()


@dataclass
class Bot:
    """One running Application on the shared database and fake Telegram."""

    app: BotApplication
    fake: FakeTelegram
    clock: FakeClock
    timers: ManualScheduler
    offset: int = 0

    @property
    def rt(self) -> Runtime:
        return runtime_of(self.app)

    async def deliver(self) -> None:
        """Hand every pending update to the bot, then let it settle."""
        while self.fake.pending_updates:
            await self.handle_pending()
        await self.settle()

    async def handle_pending(self) -> None:
        """Hand the pending updates to the bot, not waiting for what they began in the background."""
        updates = await self.app.bot.get_updates(  # every kind, as `python -m bot` asks for
            offset=self.offset, timeout=0, allowed_updates=Update.ALL_TYPES
        )
        for update in updates:
            self.offset = update.update_id + 1
            # On virtual time: a handler may await a paced write that waits for the bot-wide window.
            await self.clock.run(self.app.process_update(update))

    async def deliver_at_once(self) -> None:
        """`deliver`, the pending updates fetched in one batch and handled together, as polling does."""
        await self.clock.run(asyncio.gather(*await self.handed()))
        await self.settle()

    async def handed(self) -> list[asyncio.Future[None]]:
        """The pending updates, fetched in one batch, handed to the bot together, not waited for (a handler
        may wait for a paced write: the test moves virtual time meanwhile)."""
        updates = await self.app.bot.get_updates(
            offset=self.offset, timeout=0, allowed_updates=Update.ALL_TYPES
        )
        self.offset = updates[-1].update_id + 1
        return [asyncio.ensure_future(self.app.process_update(update)) for update in updates]

    async def settle(self) -> None:
        await self.clock.run(self.rt.idle())

    async def tick(self, seconds: float) -> None:
        """Let `seconds` pass: due timers run (computer players, deadlines), then the bot settles."""
        self.clock.advance(seconds)
        await self.timers.run_due()
        await self.settle()

    async def game(self, chat: Chat) -> tuple[GameRecord, GameDocument]:
        found = await self.rt.service.find(Place(chat.id))
        assert found is not None, "no active game"
        return found

    async def published(self, chat: Chat) -> None:
        """Virtual time standing still until no change of the chat's game is being drawn: a move's hands sent,
        its table's edit asked for (from then on the edit's wait and its turn in the group's window are on
        virtual time). A move is published in the background after its press is answered, reading and writing
        the database in a thread, on real time: on a loaded machine virtual time went on meanwhile (the loop's
        seconds, or the flood's queued answers once it ended), and a table was shown 30 s late."""
        record, _ = await self.game(chat)

        async def drawn() -> bool:
            return not self.rt.publishing.drawing(record.id)

        await standing_still(drawn, "the game's publishing ended")


@dataclass
class World:
    fake: FakeTelegram
    clock: FakeClock
    database_url: str
    seeds: itertools.count[int] = field(default_factory=lambda: itertools.count(11))

    @asynccontextmanager
    async def running(
        self,
        settled: bool = True,
        default_language: Language = "en",
        game_log_days: int = 0,
        upkeep: bool = False,
        alive: bool = False,
    ) -> AsyncIterator[Bot]:
        """A started Application; `settled=False` yields before what start-up began in the background
        (healing screens) has run, as polling would start; `default_language`: its DEFAULT_LANGUAGE;
        `game_log_days`: its GAME_LOG_DAYS (0 by default: every log kept); `upkeep`: whether its six-hourly
        job (bot.tg.old_logs: old logs, messages too old to delete, statistics) is armed (not by default, so
        that the timers armed are the games' own); `alive`: whether its job writing down every few seconds
        that it runs is (bot.tg.downtime; not by default either: its stop writes it down anyway)."""
        settings = Settings(
            bot_token=SecretStr(self.fake.token),
            telegram_api_url="http://fake-telegram",
            database_url=self.database_url,
            default_language=default_language,
            game_log_days=game_log_days,
        )
        left_out = ([] if upkeep else [old_logs.JOB]) + ([] if alive else [downtime.ALIVE_JOB])
        timers = ManualScheduler(self.clock, left_out=left_out)
        wiring = on_virtual_time(
            self.clock,
            seeds=lambda: next(self.seeds),
            request=asgi_request(self.fake),
            get_updates_request=asgi_request(self.fake),
            scheduler=timers,
        )
        earlier = asyncio.all_tasks()
        app = build_application(settings, self.fake.token, Database.connect(self.database_url), wiring)
        await app.initialize()
        assert app.post_init is not None and app.post_shutdown is not None
        try:  # a start-up that fails is shut down all the same, as run_polling does
            await app.post_init(app)
            bot = Bot(app, self.fake, self.clock, timers)
            if settled:
                await bot.settle()
            yield bot
        finally:
            await app.shutdown()
            await app.post_shutdown(app)
        # What the bot began ends with it: work left running would use the database after it closed, and be
        # cut off as the test's event loop closes (aiosqlite's thread then failing in some later test).
        left = asyncio.all_tasks() - earlier - {asyncio.current_task()}
        assert not left, f"still running after the bot stopped: {[task.get_coro() for task in left]}"


async def standing_still(happened: Callable[[], Awaitable[bool]], what: str) -> None:
    """Virtual time standing still until `happened` (within 10 s of real time): what the bot does in the
    background reads and writes the database in a thread, on real time, and virtual time moving meanwhile (a
    loaded machine) would run the game's timers and paced writes ahead of it."""
    for _ in range(1000):
        await asyncio.sleep(0.01)
        if await happened():
            return
    raise AssertionError(f"not within 10 s: {what}")


@contextmanager
def reaching_the_game_late(bot: Bot, method: str, seconds: int) -> Iterator[None]:
    """The service's `method` reaches the game `seconds` of virtual time after it is called (a slow disk,
    another program holding the SQLite file's write lock, the game's lock held by another change)."""
    service = bot.rt.service
    call = getattr(service, method)

    async def late(*args: Any, **kwargs: Any) -> Any:
        bot.clock.advance(seconds)
        return await call(*args, **kwargs)

    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(service, method, late)
        yield


@contextmanager
def held_at_the_game(
    bot: Bot, method: str, when: Callable[..., bool] = lambda *_, **__: True
) -> Iterator[tuple[asyncio.Event, asyncio.Event]]:
    """The service's `method`, once called (by a call `when` takes, given its arguments), reaches the game
    only when the test sets the second event (the first is set as it is called): another change staged to
    come first, though its handler began later."""
    service = bot.rt.service
    call = getattr(service, method)
    called, go = asyncio.Event(), asyncio.Event()

    async def held(*args: Any, **kwargs: Any) -> Any:
        if when(*args, **kwargs):
            called.set()
            await go.wait()
        return await call(*args, **kwargs)

    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(service, method, held)
        yield called, go


def hand_message(fake: FakeTelegram, user: User) -> Message:
    return fake.last_bot_message(fake.private_chat(user))


def buttons(message: Message) -> list[tuple[str, CallbackData]]:
    found = []
    for row in message.buttons:
        for button in row:
            data = decode(button.get("callback_data", ""))
            if isinstance(data, CallbackData):
                found.append((button["text"], data))
    return found


def press(fake: FakeTelegram, user: User, message: Message, data: CallbackData) -> CallbackQuery:
    return fake.user_presses_data(user, message, encode_data(data))


def press_action(fake: FakeTelegram, user: User, message: Message, action: Action) -> CallbackQuery:
    """Press the (first) button of `message` that does `action`, whatever its text says."""
    data = next((data for _, data in buttons(message) if data.action is action), None)
    if data is None:
        raise LookupError(f"no {action.name} button on {message.button_texts}")
    return press(fake, user, message, data)


def choices(message: Message) -> list[CallbackData]:
    """The buttons a person would try on their turn, in order of preference."""
    found = [data for _, data in buttons(message)]
    return sorted(
        (data for data in found if data.action in PREFERENCE), key=lambda data: PREFERENCE.index(data.action)
    )
