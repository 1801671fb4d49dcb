"""The monkey run: careless people on several tables at once, for a fixed time, mixed with normal play.

The bot runs as a real process against the served fake Telegram. On each table (a group) people open
matches, join, start and play them by their hands' buttons (`players.Person`), and between their moves they
do what careless people do (`monkey_people.Careless`): old and foreign buttons, double presses, commands at
random moments (malformed, over-long, admin-only), /stop answered late or never, the settings menu, a
language change, blocking the bot and coming back, leaving or being kicked mid-round. Some people play on
two tables at once. When the time is up (and, given `Enough`, once the run has done that much: a busy
machine does less in the same time; for at most `longest` seconds) the mischief stops, each table's match
in play is played to its end (for at most FINISH seconds), and the run checks:

- every press got an answer (no spinner left; a refusal says why) and every update was taken by the bot;
- no traceback in the bot's log;
- the database invariants (`invariants.check_database`) for every game, and every logged move of a person
  matched to a distinct press of theirs (`invariants.check_presses`);
- no game is stuck: every running game has a deadline (turn timer, windows) that has not passed unnoticed;
- every ended game's table and hands show its final state (`monkey_screens.check_run`);
- 429s the fake Telegram answered are counted and listed (a figure, not a failure).
"""

from __future__ import annotations

import asyncio
import math
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bot.engine.serialization import state_from_dict
from bot.tg.callback_data import Action
from tests.e2e.harness import buttons
from tests.fake_bot_api import CallbackQuery, FakeTelegram, Message, User, serve_fake_bot_api
from tests.reliability.invariants import (
    PressReport,
    check_database,
    check_presses,
    distinct_moves,
    read_games,
)
from tests.reliability.monkey_people import Careless, Crowd, active_game, matches_ended, seated
from tests.reliability.monkey_screens import ReadingsLog, RunScreens, check_run
from tests.reliability.players import GameStatus, Person, PressLog, Table, new_table
from tests.reliability.process import QUICK_RULES, BotProcess, bot_environment, prepare_database, until
from tests.set_before import AsSet

# Short matches with a turn timer, so that a player who walked away (blocked the bot) costs one turn.
MONKEY_RULES: dict[str, Any] = {**QUICK_RULES, "turn_seconds": 15}
PEOPLE = 4  # per table; the last one of each table also plays on the next table
THINK = 0.3  # seconds a player may look at their hand before pressing
POLL = 0.05
MISCHIEF_EVERY = (0.2, 1.5)  # seconds between two careless things on a table
FINISH = 60.0  # after the mischief: the matches in play go on to their end (without it) for at most this
SETTLE = 15.0  # after that: presses answered, updates taken (Telegram drops an answer after 10 s)
ANSWERS_QUEUED = 60.0  # after that: commands whose chat the bot wrote nothing to since (a group: 3 s a write)
DEADLINE_GRACE = 20.0  # a deadline this far in the past with its game still waiting: its timer was lost
LOBBY_WAIT = 10.0
PACED = 3.5  # seconds: a group's writes closer than this went at its pace (20 a minute), its queue not empty
TRACE_AFTER = 120.0  # a final screen wrong: seconds to let queued writes land, for the calls' trace
ENOUGH_EVERY = 1.0  # seconds between two looks at whether the run has done `Enough`


@dataclass(frozen=True)
class Enough:
    """What a short run must have done before its mischief may stop: so many careless things, commands and
    accepted moves, and matches ended (their final screens are checked)."""

    mischief: int
    commands: int
    moves: int
    matches: int


class MischiefTime:
    """How long the mischief goes on: `seconds`; then, with `enough`, on until the run has done that much (a
    loaded machine may not have in `seconds`: it once opened no match on two tables of three and ended none on
    the third), but `longest` seconds in all at most."""

    def __init__(self, seconds: float, longest: float, enough: Callable[[], bool] | None) -> None:
        start = time.monotonic()
        self._least, self._most = start + seconds, start + max(seconds, longest)
        self._enough = enough
        self._looked_at = -math.inf
        self._had = False

    def left(self) -> float:
        """Seconds until it is over at the latest."""
        return self._most - time.monotonic()

    def over(self) -> bool:
        now = time.monotonic()
        if now < self._least:
            return False
        if self._enough is None or now >= self._most:
            return True
        if now - self._looked_at >= ENOUGH_EVERY:  # read from the database: not at every poll
            self._looked_at = now
            self._had = self._enough()
        return self._had


@dataclass
class Presses:
    """Every press of the run (moves, lobby, menus, stale and forged ones), by how it was answered."""

    accepted: int
    costly: int  # answered with what it cost the presser (`Press.costly`: a false catch, the last slap)
    refused: int  # answered with why nothing changed
    unanswered: list[CallbackQuery]
    unexplained: list[CallbackQuery]  # refused with an empty alert
    tried_late: dict[str, float]  # of those, the ones the bot answered too late: seconds after the press

    def unanswered_lines(self) -> list[str]:
        return [
            f"{q.data!r} by {q.user.first_name}: "
            + (
                f"answered {self.tried_late[q.id]:.1f} s after"
                if q.id in self.tried_late
                else "never answered"
            )
            for q in self.unanswered
        ]


@dataclass
class MonkeyReport:
    seconds: float
    tables: int
    presses: Presses
    moves: PressReport
    commands: int
    commands_by_name: Counter[str]
    commands_silent: Counter[str]  # commands after which the bot wrote nothing in their chat, by their text
    updates_left: int
    mischief: Counter[str]
    games: Counter[str]  # games by status at the end
    invariant_checks: int
    stuck: list[str]
    screens: RunScreens
    too_many_requests: list[str]
    log: str
    backlogs: list[str] = field(default_factory=list)  # each group's queue of writes, by its calls' pace

    @property
    def tracebacks(self) -> int:
        return self.log.count("Traceback")

    def problems(self) -> list[str]:
        """What fails the run (429s are a figure only)."""
        found = [f"unanswered press {line}" for line in self.presses.unanswered_lines()]
        found += [f"refused without a reason: {q.data!r}" for q in self.presses.unexplained]
        found += self.stuck
        found += [f"final screen wrong: {problem}" for problem in self.screens.problems]
        found += [f"no answer to {count} x {text}" for text, count in self.commands_silent.items()]
        if self.updates_left:
            found.append(f"{self.updates_left} updates never taken by the bot")
        if self.tracebacks:
            found.append(f"{self.tracebacks} tracebacks in the bot's log")
        return found


@dataclass
class _TableRun:
    """One group: matches opened, filled, started and played one after another, with careless people."""

    table: Table
    careless: Careless
    crowd: Crowd
    rng: random.Random
    games: list[int] = field(default_factory=list)

    async def run(self, mischief_time: MischiefTime) -> None:
        over = mischief_time.over
        mischief = asyncio.create_task(self._mischief(over))
        try:
            while not over():
                active = active_game(self.crowd.database, self.table.group.id)
                if active is None:
                    await self._open(over)
                elif active[1] == "lobby":
                    await self._fill_and_start(active[0], over)
                else:
                    await self._play(active[0], over, mischief_time.left())
        finally:
            mischief.cancel()
        await self._finish()

    async def _finish(self) -> None:
        """The match in play when the mischief stopped is played to its end, so that the final screens of a
        match that lived through the mischief are checked too (a short run may end none before)."""
        active = active_game(self.crowd.database, self.table.group.id)
        if active is not None and active[1] == "running":
            finish_by = time.monotonic() + FINISH
            await self._play(active[0], lambda: time.monotonic() > finish_by, FINISH)

    async def _mischief(self, over: Callable[[], bool]) -> None:
        while not over():
            await asyncio.sleep(self.rng.uniform(*MISCHIEF_EVERY))
            await self.careless.act()

    def _present(self) -> list[User]:
        return [u for u in self.table.people if u.id not in self.crowd.away]

    async def _open(self, over: Callable[[], bool]) -> None:
        """/new by someone, or Play again under the last match's result."""
        group = self.table.group.id
        people = self._present()
        if not people:
            await asyncio.sleep(1)
            return
        opener = self.rng.choice(people)
        again = [(m, d) for m in self.crowd.look(group) for _, d in buttons(m) if d.action is Action.AGAIN]
        if again and self.rng.random() < 0.5:
            self.crowd.press(opener, *again[-1])
        else:
            self.crowd.send(opener, group, "/new")
        database = self.crowd.database
        await until(lambda: active_game(database, group) is not None or over(), LOBBY_WAIT, 0.2)

    async def _fill_and_start(self, game_id: int, over: Callable[[], bool]) -> None:
        """Those not in the lobby join (its button, or /join); then Start (its button, or /startgame)."""
        self.careless.game_id = game_id
        group = self.table.group.id
        lobby = [(m, d) for m in self.crowd.look(group) for _, d in buttons(m) if d.game_id == game_id]
        inside = set(seated(self.crowd.database, game_id))
        for user in self._present():
            if user.id in inside:
                continue
            join = [(m, d) for m, d in lobby if d.action is Action.JOIN]
            if join and self.rng.random() < 0.7:
                self.crowd.press(user, *join[-1])
            else:
                self.crowd.send(user, group, "/join")
            await asyncio.sleep(self.rng.uniform(0, 0.3))
        database = self.crowd.database
        await until(lambda: len(seated(database, game_id)) >= 2 or over(), LOBBY_WAIT, 0.2)
        start = [(m, d) for m, d in lobby if d.action is Action.START]
        starter = self.rng.choice(self._present() or self.table.people)
        if start and self.rng.random() < 0.7:
            self.crowd.press(starter, *start[-1])
        else:
            self.crowd.send(self.rng.choice([starter, self.careless.admin]), group, "/startgame")
        status = GameStatus(database, game_id)
        await until(lambda: status() != "lobby" or over(), LOBBY_WAIT, 0.2)

    async def _play(self, game_id: int, stop: Callable[[], bool], within: float) -> None:
        """Everyone seated plays until the match is over (or `stop()` says the time is, within seconds)."""
        self.careless.game_id = game_id
        if game_id not in self.games:
            self.games.append(game_id)
        match = replace(self.table, game_id=game_id)
        players = [u for u in self.table.people if u.id in seated(self.crowd.database, game_id)]
        self.careless.players = [
            _Player(match, user, self.crowd, random.Random(self.rng.random())) for user in players
        ]
        status = GameStatus(self.crowd.database, game_id)
        over = lambda: status.is_over() or stop()  # noqa: E731
        if not self.careless.players:
            await until(over, within + 1, 0.5)
            return
        await asyncio.gather(*(player.play(over) for player in self.careless.players))
        self.careless.players = []


class _Player(Person):
    """A player who does not look at their hand while they have the bot blocked."""

    def __init__(self, table: Table, user: User, crowd: Crowd, rng: random.Random) -> None:
        super().__init__(table, user, crowd.log, rng, THINK, POLL)
        self._away = crowd.away

    def hand(self) -> Message | None:
        return None if self.user.id in self._away else super().hand()


def _tables(fake: FakeTelegram, count: int) -> list[Table]:
    """`count` groups of PEOPLE each; each table's last person also plays on the next table."""
    tables = [new_table(fake, f"M{i}", PEOPLE) for i in range(count)]
    if count > 1:
        for index, table in enumerate(tables):
            shared = table.people[-1]
            following = tables[(index + 1) % count]
            fake.join_group(shared, following.group)
            following.people.append(shared)
    for table in tables:
        fake.make_admin(table.people[0], table.group)
    return tables


async def run_monkey(
    workdir: Path,
    tables: int = 4,
    seconds: float = 180.0,
    seed: int = 1,
    rules: dict[str, Any] = MONKEY_RULES,
    enough: Enough | None = None,
    longest: float = 0.0,
    as_set: AsSet | None = None,
) -> MonkeyReport:
    """The run (see the module doc): the mischief for `seconds`, and with `enough`, on until the run has done
    that much, for at most `longest` seconds; `as_set`: as scenarios.run_games'."""
    fake = FakeTelegram()
    database = workdir / "uno.db"
    if as_set is not None:
        as_set.set_up(fake, database)
    rng = random.Random(seed)
    all_tables = _tables(fake, tables)
    await prepare_database(database, {t.group.id: t.group.title or "" for t in all_tables}, rules)
    crowd = Crowd(fake, database, PressLog())
    people = {u.id: u for t in all_tables for u in t.people}
    readings = ReadingsLog(database, [t.group.id for t in all_tables], list(people))
    sampling = asyncio.create_task(readings.run())
    started = time.monotonic()
    with serve_fake_bot_api(fake) as served:
        bot = BotProcess(
            workdir / "cwd", bot_environment(served.api_url, fake.token, database), workdir / "bot.log"
        )
        bot.start()
        try:
            await bot.started()
            for user in people.values():
                fake.user_starts_bot(user)
            runs = [
                _TableRun(
                    t,
                    Careless(crowd, t, t.people[0], random.Random(rng.random())),
                    crowd,
                    random.Random(rng.random()),
                )
                for t in all_tables
            ]

            def done() -> bool:
                assert enough is not None
                return (
                    sum(crowd.mischief.values()) >= enough.mischief
                    and len(crowd.commands.sent) >= enough.commands
                    and sum(p.accepted for p in distinct_moves(crowd.log.presses)) >= enough.moves
                    and matches_ended(database) >= enough.matches
                )

            mischief_time = MischiefTime(seconds, longest, done if enough is not None else None)
            await asyncio.gather(*(run.run(mischief_time) for run in runs))
            for task in crowd.tasks:
                task.cancel()
            await _settle(fake, crowd)
            final = check_database(database)
            moves = check_presses(database, crowd.log.presses, set(people))
            stuck = _stuck(database)
            screens = await check_run(fake, database, readings)
            checked_at = fake.clock()
            if screens.problems:  # writes still queued at the check land now: seen in the trace
                await asyncio.sleep(TRACE_AFTER)
            _write_trace(workdir / "calls.tsv", fake, crowd, checked_at)
            backlogs = [_backlog(fake, table, checked_at) for table in all_tables]
        finally:
            readings.done.set()
            await sampling
            bot.kill()
    queries = list(fake.callback_queries.values())
    silent = _silent_commands(fake, crowd)
    return MonkeyReport(
        seconds=time.monotonic() - started,
        tables=tables,
        presses=Presses(
            accepted=sum(press.accepted for press in crowd.log.presses),
            costly=sum(press.costly for press in crowd.log.presses),
            refused=sum(press.refused for press in crowd.log.presses),
            unanswered=[q for q in queries if not q.answered],
            unexplained=[q for q in queries if q.show_alert and not q.answer_text],
            tried_late={
                str(c.params.get("callback_query_id")): c.received - fake.callback_queries[q].created_at
                for c in fake.calls_to("answerCallbackQuery")
                if not c.ok and (q := str(c.params.get("callback_query_id"))) in fake.callback_queries
            },
        ),
        moves=moves,
        commands=len(crowd.commands.sent),
        commands_by_name=crowd.commands.by_name,
        commands_silent=silent,
        updates_left=len(fake.pending_updates),
        mischief=crowd.mischief,
        games=Counter(game.status for game in read_games(database)),
        invariant_checks=final.checks,
        stuck=stuck,
        screens=screens,
        too_many_requests=[
            f"{c.method} to {c.params.get('chat_id')} at +{c.time - fake.calls[0].time:.0f} s"
            for c in fake.calls
            if c.status == 429
        ],
        log=bot.log_text(),
        backlogs=backlogs,
    )


def _backlog(fake: FakeTelegram, table: Table, checked_at: float) -> str:
    """How long the group's writes queued: its longest stretch of writes at the group's pace (none more than
    PACED apart: the queue never empty), and the writes still queued when the final screens were checked
    (those that landed after, within TRACE_AFTER when a screen was wrong)."""
    chat = str(table.group.id)
    with fake.lock:
        start = fake.calls[0].received if fake.calls else 0.0
        writes = sorted(
            c.received
            for c in fake.calls
            if c.method in ("sendMessage", "editMessageText") and str(c.params.get("chat_id")) == chat
        )
    if not writes:
        return f"{table.group.title}: no writes"
    longest, first, last = 0.0, writes[0], writes[0]
    begun = writes[0]
    for before, after in zip(writes, [*writes[1:], math.inf], strict=True):
        if after - before > PACED:
            if before - begun >= longest:
                longest, first, last = before - begun, begun, before
            begun = after
    queued = [at for at in writes if at > checked_at]
    after_check = f", the last {queued[-1] - checked_at:.0f} s after it" if queued else ""
    return (
        f"{table.group.title}: writes at the group's pace (queue never empty) for {longest:.0f} s, "
        f"+{first - start:.0f} to +{last - start:.0f} s; still queued at the final check "
        f"(+{checked_at - start:.0f} s): {len(queued)}{after_check}"
    )


def _write_trace(path: Path, fake: FakeTelegram, crowd: Crowd, checked_at: float) -> None:
    """Every call the bot made and every command people sent, one a line by time (seconds after the first
    call): time, chat, what, status, message id, first line of text. Lines after `checked_at` (the final
    screens' check) are marked: writes that were still queued then."""
    with fake.lock:
        calls = list(fake.calls)
    start = calls[0].received if calls else 0.0
    rows: list[tuple[float, str]] = []
    for call in calls:
        result = call.response.get("result")
        message_id = call.params.get("message_id") or (
            result.get("message_id") if isinstance(result, dict) else ""
        )
        text = str(call.params.get("text", "")).split("\n", 1)[0][:80]
        late = "LATE" if call.received > checked_at else ""
        row = f"{call.params.get('chat_id', '')}\t{call.method}\t{call.status}\t{message_id}\t{text}\t{late}"
        rows.append((call.received, row))
    for message, at in crowd.commands.sent:
        who = message.from_user.first_name if message.from_user else ""
        rows.append((at, f"{message.chat.id}\tcommand by {who}\t\t{message.message_id}\t{message.text}\t"))
    rows.append((checked_at, "\tCHECKED\t\t\t\t"))
    path.write_text("".join(f"{at - start:.2f}\t{row}\n" for at, row in sorted(rows, key=lambda r: r[0])))


def _silent_commands(fake: FakeTelegram, crowd: Crowd) -> Counter[str]:
    """Commands of this bot after which it wrote nothing in their chat (no reply, no message, no edit); a
    command in private is not counted when its sender blocked the bot before the answer could come."""
    known = {entry["command"] for listed in fake.commands.values() for entry in listed}
    with fake.lock:
        calls = list(fake.calls)
    last_write: dict[str, float] = {}
    for call in calls:
        if call.ok and "chat_id" in call.params:
            chat = str(call.params["chat_id"])
            last_write[chat] = max(last_write.get(chat, call.received), call.received)
    silent: Counter[str] = Counter()
    for message, sent_at in crowd.commands.sent:
        command, _, addressee = (message.text or "").split(maxsplit=1)[0].partition("@")
        if command[1:] not in known or addressee not in ("", fake.bot.username):
            continue  # not this bot's command: nothing to answer
        blocked = crowd.blocked_at.get(message.chat.id, ())
        if any(sent_at <= at <= sent_at + SETTLE for at in blocked):
            continue
        if last_write.get(str(message.chat.id), -math.inf) < sent_at:
            silent[f"{message.chat.type} {(message.text or '')[:40]}"] += 1
    return silent


async def _settle(fake: FakeTelegram, crowd: Crowd) -> None:
    """Wait until every press is answered (or too old to be), every update is taken, and every command has
    had its answer's chance: in a group flooded with commands the answers queue for its 20 writes a minute."""
    now = fake.clock()
    await until(
        lambda: (
            not fake.pending_updates
            and all(q.answered or now - q.created_at > SETTLE for q in fake.callback_queries.values())
        ),
        SETTLE,
        0.2,
    )
    await until(lambda: not _silent_commands(fake, crowd), ANSWERS_QUEUED, 0.5)


def _stuck(database: Path) -> list[str]:
    """Running games with no deadline, or one passed long ago without the game moving on."""
    now = time.time() * 1000
    found = []
    for game in read_games(database):
        engine = game.state.get("engine")
        if game.status != "running" or engine is None:
            continue
        deadline = state_from_dict(engine).next_deadline()
        if deadline is None:
            found.append(f"game {game.id} is running with no deadline")
        elif deadline < now - DEADLINE_GRACE * 1000:
            found.append(f"game {game.id}: its deadline passed {(now - deadline) / 1000:.0f} s ago")
    return found
