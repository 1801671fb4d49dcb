"""Simulated people: they open a game in a group and play it by pressing the buttons they see, over HTTP.

Each person looks at the newest hand message in their private chat, picks a button a person would press
(a decision, a playable card, UNO! before the last but one card, draw, pass) and presses it; now and then
they press Catch! on the group's table. Every press is recorded with its callback query, so the run can be
checked against the game's action log afterwards (`invariants.check_presses`). A press the bot has not
answered in time is given up on; the person may press again, as Telegram users do.
"""

from __future__ import annotations

import asyncio
import functools
import random
import sqlite3
import time
from collections.abc import Callable, Mapping
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.i18n import LANGUAGES, Translator
from bot.tg.callback_data import Action, CallbackData
from bot.tg.handlers.presses import COST_ALERTS
from tests.button_data import encode_data
from tests.e2e.harness import buttons
from tests.fake_bot_api import CallbackQuery, Chat, FakeTelegram, Message, User
from tests.reliability.process import POLL, until

ANSWER_WAIT = 5.0  # then a person whose press still spins presses again (Telegram drops it after ~10 s)
CHANGE_WAIT = 5.0  # after an answered press, how long a person waits for their hand to change
SETUP_WAIT = 60.0
STATUS_EVERY = 0.25  # how often the game's status is read from the database
TURN_MOVES = frozenset(
    {Action.COLOUR, Action.SWAP, Action.ACCEPT, Action.CHALLENGE, Action.DRAW, Action.PASS}
)
PLAYABLE_MARK = "▶"
CATCHING = 0.3  # the chance a person presses a Catch! they see
MOST_CARDS_A_COST = 20  # a slap costs 4 (SLAP_PENALTY), a false catch up to 4; fewer when the cards run short
# The hand's navigation, in English and Russian (a card that cannot be played turns the page too).


@dataclass
class Press:
    """One button press and what became of it."""

    user_id: int
    data: CallbackData
    query: CallbackQuery
    pressed_at: float  # time.monotonic()
    answered_at: float | None = None

    @property
    def accepted(self) -> bool:
        """Answered without an alert: it counted (or was the silent twin of one that did)."""
        return self.query.answered and not self.query.show_alert

    @property
    def costly(self) -> bool:
        """Answered with an alert that it cost the presser cards (a false catch, the last slap): counted."""
        return self.query.answered and self.query.show_alert and self.query.answer_text in cost_alerts()

    @property
    def counted(self) -> bool:
        return self.accepted or self.costly

    @property
    def refused(self) -> bool:
        """Answered with an alert that says why nothing changed."""
        return self.query.answered and self.query.show_alert and not self.costly


@functools.cache
def cost_alerts() -> frozenset[str]:
    """Every alert that answers a press which cost its presser cards, in each language, for any number of
    cards: the bot's own catalogue (COST_ALERTS) rendered as the bot renders it, so no wording is matched."""
    translator = Translator()
    return frozenset(
        translator.t(language, key, count=count)
        for key in COST_ALERTS.values()
        for language in LANGUAGES
        for count in range(1, MOST_CARDS_A_COST + 1)
    )


@dataclass
class PressLog:
    presses: list[Press] = field(default_factory=list)
    listeners: list[Callable[[Press], None]] = field(default_factory=list)

    def add(self, press: Press) -> None:
        self.presses.append(press)
        for listener in self.listeners:
            listener(press)


def _snapshot(message: Message) -> tuple[int, str | None, Any]:
    return message.message_id, message.text, message.reply_markup


class GameStatus:
    """The game's status from its database row, read at most every STATUS_EVERY seconds."""

    def __init__(self, database: Path, game_id: int) -> None:
        self._database = database
        self._game_id = game_id
        self._read_at = 0.0
        self._status = "running"

    def __call__(self) -> str:
        now = time.monotonic()
        if now - self._read_at >= STATUS_EVERY:
            self._read_at = now
            try:
                with closing(sqlite3.connect(self._database, timeout=5)) as connection:
                    row = connection.execute(
                        "SELECT status FROM games WHERE id = ?", (self._game_id,)
                    ).fetchone()
                self._status = row[0] if row else "missing"
            except sqlite3.OperationalError:
                pass  # busy for a moment: keep the last status
        return self._status

    def is_over(self) -> bool:
        return self() not in ("lobby", "running")


@dataclass
class Table:
    """One game in one group: the people who play it and where it is kept."""

    fake: FakeTelegram
    group: Chat
    people: list[User]
    computers: int = 0
    game_id: int = 0

    async def open(self, log: PressLog) -> None:
        """/start for everyone, /new, joins, computer players, Start: the way people begin a game."""
        fake = self.fake
        for user in self.people:
            fake.user_starts_bot(user)
        for user in self.people:
            greeted = functools.partial(_has_bot_message, fake, user.id)
            await self._wait(greeted, f"/start of {user.first_name}")
        creator = self.people[0]
        fake.user_sends(creator, self.group, "/new@" + (fake.bot.username or ""))
        await self._wait(lambda: self._lobby() is not None, "the lobby")
        lobby = self._lobby()
        assert lobby is not None
        self.game_id = next(data.game_id for _, data in buttons(lobby) if data.action is Action.LEAVE)
        for user in self.people[1:]:
            await self._press_lobby(user, Action.JOIN, log)
        for _ in range(self.computers):
            await self._press_lobby(creator, Action.ADD_COMPUTER, log)
        await self._press_lobby(creator, Action.START, log)

    def _lobby(self) -> Message | None:
        message = self.fake.newest_bot_message(self.group.id, with_buttons=True)
        # Leave, not Join: a full lobby has no Join button
        if message is None or not any(data.action is Action.LEAVE for _, data in buttons(message)):
            return None
        return message

    async def _press_lobby(self, user: User, action: Action, log: PressLog) -> None:
        lobby = self._lobby()
        assert lobby is not None, "the lobby message is gone"
        data = next(data for _, data in buttons(lobby) if data.action is action)
        query = self.fake.user_presses_data(user, lobby, encode_data(data))
        log.add(Press(user.id, data, query, time.monotonic()))
        await self._wait(lambda: query.answered, f"the answer to {action.name}")
        if query.show_alert:
            raise AssertionError(f"{action.name} by {user.first_name} was refused: {query.answer_text}")

    async def _wait(self, condition: Callable[[], bool], what: str) -> None:
        if not await until(condition, SETUP_WAIT):
            raise TimeoutError(f"{self.group.title}: {what} did not come within {SETUP_WAIT} s")

    def table_message(self) -> Message | None:
        return self.fake.newest_bot_message(self.group.id, True, self.shows_game)

    def table_posted(self) -> Message | None:
        """The game's table, whatever buttons it shows now (none but a link, maybe): the message whose "My
        cards" links to the game's hands."""
        link_end = f"=hand_{self.game_id}"

        def links_hands(message: Message) -> bool:
            return any(
                str(button.get("url", "")).endswith(link_end) for row in message.buttons for button in row
            )

        return self.fake.newest_bot_message(self.group.id, True, links_hands)

    def shows_game(self, message: Message) -> bool:
        """The message has buttons of this table's game."""
        return any(data.game_id == self.game_id for _, data in buttons(message))


class Person:
    """One simulated player of a table."""

    def __init__(
        self,
        table: Table,
        user: User,
        log: PressLog,
        rng: random.Random,
        think: float = 0.0,
        poll: float = POLL,
        catching: float = CATCHING,
        false_catch_at: Callable[[], int | None] | None = None,
    ) -> None:
        self.table = table
        self.user = user
        self.log = log
        self.rng = rng
        self.think = think  # seconds a person looks at their hand before pressing
        self.poll = poll  # how often a person looks at their hand
        self.catching = catching  # the chance they press a Catch! they see on a table they have not read yet
        self._caught: set[tuple[int, str | None]] = set()
        # the table's counter while a Catch! of theirs would catch nobody (false_catch.py), else None
        self.false_catch_at = false_catch_at

    def hand(self) -> Message | None:
        """The newest message of this game in the private chat (one person may play in several groups)."""
        return self.table.fake.newest_bot_message(self.user.id, True, self.table.shows_game)

    def choose(self, message: Message) -> CallbackData | None:
        """The button a person would press on this hand now, if any (None: not their move)."""
        found = [(text, data) for text, data in buttons(message) if data.game_id == self.table.game_id]
        by_action: dict[Action, list[CallbackData]] = {}
        playable: list[CallbackData] = []
        for text, data in found:
            if data.action is Action.TRY:
                continue  # people do not tap cards they cannot play
            by_action.setdefault(data.action, []).append(data)
            if data.action is Action.PLAY and PLAYABLE_MARK in text:
                playable.append(data)
        if Action.SLAP in by_action:  # a race: the last to slap takes cards
            return by_action[Action.SLAP][0]
        for decision in (Action.COLOUR, Action.SWAP):
            if decision in by_action:
                return self.rng.choice(by_action[decision])
        if Action.ACCEPT in by_action or Action.CHALLENGE in by_action:
            options = by_action.get(Action.ACCEPT, []) * 3 + by_action.get(Action.CHALLENGE, [])
            return self.rng.choice(options)
        if Action.UNO in by_action and self.rng.random() < 0.85:
            return by_action[Action.UNO][0]
        if playable:
            return self.rng.choice(playable)
        for fallback in (Action.DRAW, Action.PASS, Action.PAGE):
            if fallback in by_action:
                return by_action[fallback][0]
        return None

    async def press(self, message: Message, data: CallbackData) -> Press | None:
        try:
            query = self.table.fake.user_presses_data(self.user, message, encode_data(data))
        except LookupError:  # the message was deleted just now (a new hand was sent)
            return None
        press = Press(self.user.id, data, query, time.monotonic())
        self.log.add(press)
        if await until(lambda: query.answered, ANSWER_WAIT, self.poll / 4):
            press.answered_at = time.monotonic()
        return press

    async def play(self, over: Callable[[], bool]) -> None:
        """Play until the game is over."""
        while not over():
            await self._maybe_catch()
            await self._false_catch()
            hand = self.hand()
            data = self.choose(hand) if hand is not None else None
            if hand is None or data is None:
                await asyncio.sleep(self.poll)
                continue
            if self.think:
                await asyncio.sleep(self.rng.uniform(0, self.think))
            before = _snapshot(hand)
            press = await self.press(hand, data)
            if press is None:
                await asyncio.sleep(self.poll * 5)
            elif press.answered_at is not None:
                # Accepted, or refused with an alert (a dialog to read and close): either way a person waits
                # for their hand to change before pressing again, up to CHANGE_WAIT.
                await until(functools.partial(self._moved_on, hand, before), CHANGE_WAIT, self.poll)

    def _moved_on(self, hand: Message, before: tuple[int, str | None, Any]) -> bool:
        """The hand pressed on was edited, deleted or followed by a newer one."""
        newest = self.hand()
        current = self.table.fake.messages.get((hand.chat.id, hand.message_id))
        if newest is None or current is None or newest.message_id != hand.message_id:
            return True
        return _snapshot(current) != before

    async def _maybe_catch(self) -> None:
        """Now and then press Catch! on the group's table while someone may be caught."""
        table = self.table.table_message()
        if table is None:
            return
        key = (table.message_id, table.text)
        if key in self._caught:
            return
        self._caught.add(key)
        catches = [data for _, data in buttons(table) if data.action is Action.CATCH]
        if catches and self.rng.random() < self.catching:
            await self.press(table, catches[0])

    async def _false_catch(self) -> None:
        """With `false_catch_at`: Catch! pressed when it catches nobody, until one such press cost them a
        card. One the game moved on under (a window opened, the round ended) is refused or catches: the next
        such moment they press again."""
        if self.false_catch_at is None:
            return
        counter, table = self.false_catch_at(), self.table.table_posted()
        if counter is None or table is None:
            return
        press = await self.press(table, CallbackData(Action.CATCH, self.table.game_id, counter))
        if press is not None and press.costly:
            self.false_catch_at = None


async def play_tables(
    tables: list[Table],
    log: PressLog,
    over: Mapping[int, Callable[[], bool]],
    seed: int,
    think: float = 0.0,
    poll: float = POLL,
    catching: float = CATCHING,
    false_catch_at: Callable[[int, int], int | None] | None = None,
) -> None:
    """Every person of every table plays until their game is over (`over[game id]()`: whether it is, now).
    With `false_catch_at` (game id, catcher: the table's counter while their Catch! would be false), each
    table's last person makes a false catch on purpose (`Person.false_catch_at`)."""
    rng = random.Random(seed)
    tasks = []
    for table in tables:
        for user in table.people:
            at = None
            if false_catch_at is not None and user is table.people[-1]:
                at = functools.partial(false_catch_at, table.game_id, user.id)
            person = Person(table, user, log, random.Random(rng.random()), think, poll, catching, at)
            tasks.append(asyncio.create_task(person.play(over[table.game_id])))
    try:
        await asyncio.gather(*tasks)
    finally:
        for task in tasks:
            task.cancel()


def _has_bot_message(fake: FakeTelegram, chat_id: int) -> bool:
    return fake.newest_bot_message(chat_id) is not None


def new_table(fake: FakeTelegram, name: str, people: int, computers: int = 0) -> Table:
    users = [fake.add_user(f"{name}-{i}", language_code="ru" if i % 2 else "en") for i in range(people)]
    group = fake.add_group(name, members=users)
    return Table(fake, group, users, computers)
