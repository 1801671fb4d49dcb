"""Careless people for the monkey run: what they do besides playing, chosen at random from a seeded RNG.

They press buttons they saw a while ago (old hands, old tables and lobbies, ended games), other players' hand
buttons, the same button twice, the same button as someone else at the same moment; they send commands at
random moments (malformed ones, over-long arguments, admin commands without being admins), ask to /stop and
answer late or never, open the settings menu and press in it, change the language, block the bot and come
back, leave in the middle of a round. Every press goes into the run's `PressLog`; every command is recorded
so the run can count the answers.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time
from collections import Counter, deque
from collections.abc import Callable, Coroutine
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.engine.rules import SettingType
from bot.tg.callback_data import Action, CallbackData
from bot.tg.setting_groups import Group, group_of
from bot.tg.settings_layout import ITEMS, ItemKind
from tests.button_data import encode_data
from tests.e2e.harness import buttons
from tests.fake_bot_api import FakeTelegram, Message, User
from tests.reliability.players import Person, Press, PressLog, Table
from tests.reliability.process import until

LONG = "ё" * 3000  # an over-long argument (Telegram allows 4096 characters a message)
SEEN_KEPT = 300  # buttons a crowd remembers, to press them later
QUESTION_WAIT = 20.0  # the /stop question may wait for the group's 20 writes a minute
# Settings a careless admin may change: they leave matches short and timed (the turn timer, the match
# length and the extreme rules stay as the run set them).
_SAFE_GROUPS = (Group.PLAY, Group.UNO)


@dataclass
class Commands:
    """Commands sent, by name, and the messages that carried them (to look for the bot's replies)."""

    sent: list[tuple[Message, float]] = field(default_factory=list)  # with when it was sent (fake's clock)
    by_name: Counter[str] = field(default_factory=Counter)

    def add(self, message: Message, at: float) -> None:
        self.sent.append((message, at))
        self.by_name[(message.text or "").split(maxsplit=1)[0].split("@")[0][:20]] += 1


@dataclass
class Crowd:
    """What the careless people of all tables share: the fake, the logs, who is away, the buttons seen."""

    fake: FakeTelegram
    database: Path
    log: PressLog
    commands: Commands = field(default_factory=Commands)
    away: set[int] = field(default_factory=set)  # blocked the bot for now
    blocked_at: dict[int, list[float]] = field(default_factory=dict)  # when each person blocked it
    seen: deque[tuple[Message, CallbackData]] = field(default_factory=lambda: deque(maxlen=SEEN_KEPT))
    tasks: list[asyncio.Task[None]] = field(default_factory=list)
    mischief: Counter[str] = field(default_factory=Counter)

    def later(self, delay: float, action: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Do `action` after `delay` seconds (a late answer, an unblock), without waiting for it."""

        async def run() -> None:
            await asyncio.sleep(delay)
            await action()

        self.tasks.append(asyncio.create_task(run()))

    def press(self, user: User, message: Message, data: CallbackData) -> Press | None:
        """A press, recorded; None when the message is gone or the user cannot see it (or when it would
        change a setting that keeps matches short and timed: see `safe_setting`)."""
        if data.action is Action.SETTING and not safe_setting(data):
            return None
        try:
            query = self.fake.user_presses_data(user, message, encode_data(data))
        except LookupError:
            return None
        press = Press(user.id, data, query, time.monotonic())
        self.log.add(press)
        return press

    def send(self, user: User, chat_id: int, text: str, reply_to: Message | None = None) -> None:
        chat = self.fake.find_chat(chat_id)
        assert chat is not None
        try:
            if chat_id == user.id and text.split()[0] == "/start":  # Start (Restart) unblocks the bot too
                self.away.discard(user.id)
                message = self.fake.user_starts_bot(user, text[len("/start ") :] or None)
            else:
                message = self.fake.user_sends(user, chat, text, reply_to=reply_to)
        except LookupError:  # no longer in the group
            return
        if text.startswith("/"):
            self.commands.add(message, self.fake.clock())

    def look(self, chat_id: int, newest: int = 4) -> list[Message]:
        """The bot's newest messages with buttons in a chat; their buttons are remembered."""
        chat = self.fake.find_chat(chat_id)
        assert chat is not None
        found = [message for message in self.fake.bot_messages_in(chat) if message.reply_markup][-newest:]
        for message in found:
            self.seen.extend((message, data) for _, data in buttons(message))
        return found


class Careless:
    """The people of one table doing careless things: `act` does one of them, chosen at random."""

    def __init__(self, crowd: Crowd, table: Table, admin: User, rng: random.Random) -> None:
        self.crowd = crowd
        self.table = table
        self.admin = admin
        self.rng = rng
        self.game_id = 0  # the table's current (or last) game, set by the run
        self.players: list[Person] = []  # who plays it now
        self._doings: list[tuple[Callable[[], Coroutine[Any, Any, None]], float]] = [
            (self.stale_press, 4),
            (self.others_button, 2),
            (self.double_press, 2),
            (self.group_button, 2),
            (self.race, 1),
            (self.group_command, 5),
            (self.private_command, 2),
            (self.stop, 0.6),
            (self.settings_menu, 1.5),
            (self.block, 0.7),
            (self.leave, 0.4),
            (self.kick, 0.4),
        ]

    async def act(self) -> None:
        doing = self.rng.choices([d for d, _ in self._doings], [w for _, w in self._doings])[0]
        self.crowd.mischief[doing.__name__] += 1
        await doing()

    # ---- presses -----------------------------------------------------------------------------------

    def _someone(self) -> User:
        present = [u for u in self.table.people if u.id not in self.crowd.away]
        return self.rng.choice(present or self.table.people)

    async def stale_press(self) -> None:
        """A button seen a while ago: an old hand, table or lobby, a finished game's, a settings menu's."""
        user = self._someone()
        self.crowd.look(user.id)
        self.crowd.look(self.table.group.id)
        mine = [
            (m, d)
            for m, d in self.crowd.seen
            if m.chat.id in (user.id, self.table.group.id) and d.action is not Action.TRY
        ]
        if mine:
            message, data = self.rng.choice(mine[: max(1, len(mine) * 2 // 3)])  # the older ones
            self.crowd.press(user, message, data)

    async def others_button(self) -> None:
        """A player presses another player's hand button (copied into their own hand's keyboard)."""
        if len(self.players) < 2:
            return
        me, other = self.rng.sample(self.players, 2)
        mine, theirs = me.hand(), other.hand()
        if mine is None or theirs is None:
            return
        found = [data for _, data in buttons(theirs)]
        if found:
            self.crowd.press(me.user, mine, self.rng.choice(found))

    async def double_press(self) -> None:
        """The same button twice, quickly (a move the player would make, or any of their buttons)."""
        players = [p for p in self.players if p.user.id not in self.crowd.away]
        if not players:
            return
        player = self.rng.choice(players)
        hand = player.hand()
        if hand is None:
            return
        data = player.choose(hand) or self.rng.choice([d for _, d in buttons(hand)] or [None])
        if data is None:
            return
        for _ in range(2):
            self.crowd.press(player.user, hand, data)
            await asyncio.sleep(self.rng.uniform(0, 0.05))

    async def group_button(self) -> None:
        """Any button on one of the group's newest messages (table, lobby, results, menus), by anyone."""
        found = [(m, d) for m in self.crowd.look(self.table.group.id) for _, d in buttons(m)]
        if found:
            self.crowd.press(self._someone(), *self.rng.choice(found))

    async def race(self) -> None:
        """Two people do the same thing at the same moment: /new, Play again, Join, Start, /leave."""
        first, second = self.rng.sample(self.table.people, 2)
        group = self.table.group.id
        newest = [(m, d) for m in self.crowd.look(group) for _, d in buttons(m)]
        kinds = {d.action: (m, d) for m, d in newest}
        pressable = [a for a in (Action.AGAIN, Action.JOIN, Action.START, Action.LEAVE) if a in kinds]
        if pressable and self.rng.random() < 0.6:
            message, data = kinds[self.rng.choice(pressable)]
            self.crowd.press(first, message, data)
            self.crowd.press(second, message, data)
        else:
            command = self.rng.choice(["/new", "/join", "/startgame", "/leave", "/table"])
            self.crowd.send(first, group, command)
            self.crowd.send(second, group, command)

    # ---- commands ----------------------------------------------------------------------------------

    async def group_command(self) -> None:
        user = self._someone()
        rng = self.rng
        name = rng.choice(self.table.people).first_name
        bot = self.crowd.fake.bot.username
        text = rng.choice(
            [
                "/new",
                f"/new@{bot}",
                "/new@someone_else_bot",
                "/join",
                "/join " + LONG,
                "/leave",
                "/table",
                "/table " + LONG,
                "/rules",
                "/rules extra words",
                "/settings",
                "/settings turn_seconds banana",
                "/settings nosuchrule 5",
                "/settings " + LONG,
                "/stats",
                "/top",
                "/top global",
                "/top " + LONG,
                "/help",
                "/startgame",
                "/notifyme",
                f"/kick {name}",
                "/kick @nobody_here",
                "/kick " + LONG,
                "/lang",
                f"/lang {rng.choice(['en', 'ru', 'xx', LONG])}",
                "/colours",
                "/forgetme",
                "/start",
                "/nosuchcommand",
                "/",
                "/STATS",
            ]
        )
        if text.startswith("/lang") and rng.random() < 0.5:
            user = self.admin
        self.crowd.send(user, self.table.group.id, text)

    async def private_command(self) -> None:
        user = self._someone()
        text = self.rng.choice(
            [
                "/start",
                f"/start join_{self.game_id}",
                "/start join_999999999",
                "/start " + LONG[:60],
                "/help",
                "/stats",
                "/top",
                f"/lang {self.rng.choice(['en', 'ru', 'de'])}",
                "/lang",
                "/colours",
                "/new",
                "/stop",
                "/settings",
                "/rules",
                "/nosuchcommand " + LONG,
            ]
        )
        if user.id in self.crowd.away and not text.startswith("/start"):
            return  # they blocked the bot: what they send there is not delivered anyway
        self.crowd.send(user, user.id, text)

    async def stop(self) -> None:
        """/stop, then the question answered at once, late, after it was settled, or never."""
        asker = self.admin if self.rng.random() < 0.6 else self._someone()
        self.crowd.send(
            asker, self.table.group.id, self.rng.choice(["/stop", "/stop now please", "/stop " + LONG])
        )
        game_id = self.game_id
        group = self.table.group.id

        def question() -> Message | None:
            for message in self.crowd.look(group, newest=6):
                if any(d.action is Action.STOP and d.game_id == game_id for _, d in buttons(message)):
                    return message
            return None

        await until(lambda: question() is not None, QUESTION_WAIT, 0.25)
        message = question()
        if message is None:
            return
        choices = [d for _, d in buttons(message) if d.action is Action.STOP]
        if self.rng.random() < 0.7:  # answered at once (by someone allowed, or not)
            who = self.admin if self.rng.random() < 0.7 else self._someone()
            self.crowd.press(who, message, self.rng.choice(choices))
        if self.rng.random() < 0.6:  # answered late: after it was settled, or after the game ended

            async def late() -> None:
                self.crowd.press(self._someone(), message, self.rng.choice(choices))

            self.crowd.later(self.rng.uniform(2, 25), late)

    async def settings_menu(self) -> None:
        """/settings by the admin (a member's gets a line of text: the menu is the admins'), then a few
        presses in its menu by the admin or by anyone."""
        group = self.table.group.id
        self.crowd.send(self.admin, group, "/settings")

        def menu() -> Message | None:
            for message in self.crowd.look(group, newest=6):
                if any(d.action is Action.SETTING for _, d in buttons(message)):
                    return message
            return None

        await until(lambda: menu() is not None, QUESTION_WAIT, 0.25)
        for _ in range(self.rng.randrange(1, 4)):
            message = menu()
            if message is None:
                return
            found = [d for _, d in buttons(message) if d.action is Action.SETTING and safe_setting(d)]
            if not found:
                return
            who = self.admin if self.rng.random() < 0.6 else self._someone()
            self.crowd.press(who, message, self.rng.choice(found))
            await asyncio.sleep(self.rng.uniform(0.2, 3))

    # ---- people coming and going -------------------------------------------------------------------

    async def block(self) -> None:
        """Someone blocks the bot mid-match and comes back (presses Start) a few seconds later."""
        user = self._someone()
        if user.id in self.crowd.away:
            return
        self.crowd.fake.user_blocks_bot(user)
        self.crowd.away.add(user.id)
        self.crowd.blocked_at.setdefault(user.id, []).append(self.crowd.fake.clock())

        async def back() -> None:
            if user.id in self.crowd.away:
                self.crowd.send(user, user.id, "/start")

        self.crowd.later(self.rng.uniform(1, 12), back)

    async def leave(self) -> None:
        """A player leaves in the middle of a round."""
        if self.players:
            self.crowd.send(self.rng.choice(self.players).user, self.table.group.id, "/leave")

    async def kick(self) -> None:
        """A player says something; the admin (or someone who may not) kicks them in reply."""
        if not self.players:
            return
        target = self.rng.choice(self.players).user
        try:
            said = self.crowd.fake.user_sends(target, self.table.group, "brb")
        except LookupError:
            return
        kicker = self.admin if self.rng.random() < 0.7 else self._someone()
        self.crowd.send(kicker, self.table.group.id, "/kick", reply_to=said)


def safe_setting(data: CallbackData) -> bool:
    """A settings menu button that opens a screen, or sets a yes/no rule of play, or the language."""
    if len(data.args) < 2 or data.args[0] >= len(ITEMS):
        return True
    item = ITEMS[data.args[0]]
    if item.kind is ItemKind.LANGUAGE:
        return True
    spec = item.spec
    return spec is not None and spec.type is SettingType.BOOL and group_of(spec) in _SAFE_GROUPS


def seated(database: Path, game_id: int) -> list[int]:
    """The people in a game now (in the lobby, or still in the match)."""
    with closing(sqlite3.connect(database, timeout=30)) as connection:
        rows = connection.execute(
            "SELECT user_id FROM game_players WHERE game_id = ? AND left_at IS NULL AND user_id > 0",
            (game_id,),
        ).fetchall()
    return [row[0] for row in rows]


def active_game(database: Path, chat_id: int) -> tuple[int, str] | None:
    """The chat's lobby or running game: (id, status)."""
    with closing(sqlite3.connect(database, timeout=30)) as connection:
        row = connection.execute(
            "SELECT id, status FROM games WHERE chat_id = ? AND status IN ('lobby', 'running') "
            "ORDER BY id DESC",
            (chat_id,),
        ).fetchone()
    return (row[0], row[1]) if row else None


def matches_ended(database: Path) -> int:
    """Games that ended after their match began (those whose final screens the run checks)."""
    with closing(sqlite3.connect(database, timeout=30)) as connection:
        row = connection.execute(
            "SELECT COUNT(*) FROM games WHERE status IN ('finished', 'stopped') "
            "AND json_extract(state, '$.engine') IS NOT NULL"
        ).fetchone()
    return int(row[0])
