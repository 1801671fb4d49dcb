"""Load: many concurrent games against the bot as a real process; a restart with many active games.

    python -m bench.load --games 200                # concurrent games of 4 simulated people each
    python -m bench.load --restart-games 1000       # re-arm timers of 1,000 active games; start-up time
    python -m bench.load --games 50 --seconds 60 --postgres     # the bot on a throwaway PostgreSQL server
    python -m bench.load --games 50 --seconds 60 --boards 5     # onlookers ask 5 boards a second meanwhile

The bot runs as `python -m bot` against the fake Bot API served on 127.0.0.1 (with Telegram's flood limits:
20 writes a minute per group, about 1/s per private chat, 30/s bot-wide). Figures come from the fake's call
log (what reached "Telegram" and when), the database and /proc. Press-to-answer is measured from the moment
the getUpdates answer carrying a press leaves the fake to the moment the bot's first answerCallbackQuery for
it arrives, whether Telegram took it or refused it as too old (> 10 s); both count as requests. On
PostgreSQL the bot's sessions are sampled from `pg_stat_activity` and `pg_locks` (bench/server_activity.py).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.boards_asked import HISTORY, Asked, BoardAnswers, add_history, add_onlookers, ask, board_answers
from bench.server_activity import ServerActivity, StatusBoard, watching
from bench.turn_waits import TurnWaits, turn_waits
from bot.service import GameService, Person, Place
from bot.service.document import GameDocument
from bot.storage import Database
from bot.tg.timers import Timers
from tests.fake_bot_api import ApiCall, Chat, FakeTelegram, Message, serve_fake_bot_api
from tests.postgres import create_database, drop_database, server
from tests.reliability.invariants import check_games, read_games_at
from tests.reliability.players import PressLog, new_table, play_tables
from tests.reliability.process import (
    QUICK_RULES,
    BotProcess,
    bot_environment,
    database_url,
    prepare_database,
    until,
)

LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
GROUP_WRITES = ("sendMessage", "editMessageText", "editMessageReplyMarkup")
PLAY_TIMEOUT = 1800.0
REARMED = "active games re-armed"  # logged by start-up once every timer is armed again
HEALED = "Screens redrawn:"  # logged once start-up healing has redrawn every screen
OPEN_WAVE = 20
# Play begins in every game at once, so the first movers of all games press within the same ~100 ms; the
# figures also show the answers from this many seconds on, when the games have spread out.
WARM_UP = 30.0
START_SECONDS = 10  # the start's answers are also shown by the second they reached the bot in
POSTGRES_HELP = (
    "run the bot on PostgreSQL: a throwaway server (pgserver, as tests/postgres.py starts it) with a new "
    "database for each measure (default: a SQLite file)"
)
BOARDS_HELP = (
    "onlookers ask for this many boards a second during play (/top global and /stats in turn, in private), "
    f"on a database holding {HISTORY:,} past matches (default 0: none)"
)
THINK_HELP = (
    "seconds a person may look at their hand before a press (uniform 0..THINK; default 0: machine speed, "
    "so Telegram's 30 writes a second bot-wide bind; people take a few seconds a move)"
)


def cpu_times(stat: str) -> tuple[float, float]:
    """User and system CPU time (s) from the text of /proc/<pid>/stat. The process's name (field 2) is in
    parentheses and may hold spaces, so fields are counted from its closing parenthesis: utime and stime are
    fields 14 and 15, in clock ticks."""
    fields = stat[stat.rindex(")") + 2 :].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / ticks, int(fields[12]) / ticks


def _cpu_times(pid: int) -> tuple[float, float]:
    return cpu_times(Path(f"/proc/{pid}/stat").read_text())


def _memory_kb(pid: int, field: str) -> int:
    """VmRSS (resident now) or VmHWM (peak resident) of a process, in kB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


@dataclass
class Answers:
    """What became of the presses that reached the bot, from the fake's call log.

    An answer that comes after Telegram's window (~10 s from the press) is refused as "query is too old":
    it still is a request the bot made, and its delay still counts in the percentiles.
    """

    latencies: list[float]  # seconds from the press reaching the bot (its getUpdates answer) to the answer
    settled: list[float]  # the same, for presses that reached the bot WARM_UP seconds or more into the run
    by_second: list[list[float]]  # the same, for presses that reached the bot in the run's 1st, 2nd... second
    delivered: int
    in_time: int
    too_late: int
    repeated: int  # answers beyond the first for one press (the bot answering twice)

    @property
    def unanswered(self) -> int:
        return self.delivered - len(self.latencies)


def press_answers(calls: list[ApiCall]) -> Answers:
    delivered: dict[str, float] = {}
    answered: dict[str, float] = {}  # when the bot's first answer reached the fake (before the fake's work)
    in_time = too_late = repeated = 0
    for call in calls:
        if call.method == "getUpdates" and call.ok:
            for update in call.response.get("result", []):
                query = update.get("callback_query")
                if query is not None:
                    delivered.setdefault(query["id"], call.time)
        elif call.method == "answerCallbackQuery":
            query_id = str(call.params.get("callback_query_id"))
            if query_id in answered:
                repeated += 1
                continue
            answered[query_id] = call.received
            if call.ok:
                in_time += 1
            elif call.status == 400:
                too_late += 1
    timed = [(t, answered[q] - t) for q, t in delivered.items() if q in answered]
    first = min(delivered.values(), default=0.0)
    settled = [latency for t, latency in timed if t - first >= WARM_UP]
    by_second: list[list[float]] = [[] for _ in range(START_SECONDS)]
    for t, latency in timed:
        if t - first < START_SECONDS:
            by_second[int(t - first)].append(latency)
    return Answers(
        [latency for _, latency in timed], settled, by_second, len(delivered), in_time, too_late, repeated
    )


def most_group_writes_per_minute(fake: FakeTelegram) -> int:
    """The most writes (messages plus edits) that landed in one group in a rolling 60 s window (attempts the
    fake refused with 429 are counted apart, in `floods`)."""
    times: dict[int, list[float]] = defaultdict(list)
    for call in fake.calls:
        if call.method in GROUP_WRITES and call.ok and int(call.params.get("chat_id", 0)) < 0:
            times[int(call.params["chat_id"])].append(call.time)
    most = 0
    for moments in times.values():
        start = 0
        for end, moment in enumerate(moments):
            while moment - moments[start] >= 60.0:
                start += 1
            most = max(most, end - start + 1)
    return most


def log_levels(log: str) -> Counter[str]:
    """The bot's log lines by level (`<date> <time> LEVEL name: message`), and its tracebacks."""
    levels: Counter[str] = Counter()
    for line in log.splitlines():
        words = line.split(" ", 3)
        if len(words) > 2 and words[2] in LEVELS:
            levels[words[2]] += 1
        elif line.startswith("Traceback"):
            levels["Traceback"] += 1
    return levels


def log_problems(log: str, most: int = 5) -> list[str]:
    """The bot's first few distinct warnings and errors, without their time (`LEVEL name: message`)."""
    problems: dict[str, None] = {}
    for line in log.splitlines():
        words = line.split(" ", 2)
        if len(words) > 2 and words[2].startswith(("WARNING ", "ERROR ", "CRITICAL ")):
            problems.setdefault(words[2][:200])
    return list(problems)[:most]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


@dataclass
class LoadFigures:
    games: int
    seconds: float
    active_at_end: int
    moves: int
    move_kinds: Counter[str]  # the accepted moves by action: what a change in requests per move comes from
    group_writes: int
    requests: Counter[str]
    group_requests: Counter[str]  # the part of `requests` made to group chats, by method
    answers: Answers
    most_per_minute: int
    too_many_requests: int
    peak_rss_kb: int
    idle_rss_kb: int
    busy_rss_kb: int
    refusals: Counter[str]
    floods: Counter[str]
    cpu_user: float  # the bot process's CPU time during play (s), in user mode
    cpu_system: float  # and in the kernel (its system calls: sockets, waking the database thread)
    waits: TurnWaits
    log_levels: Counter[str]  # the bot's log lines by level, and its tracebacks
    log_problems: list[str]  # its first distinct warnings and errors
    server: ServerActivity | None  # on PostgreSQL: what the bot's sessions did
    boards: BoardAnswers | None  # the onlookers' questions, when asked

    @property
    def latencies(self) -> list[float]:
        return self.answers.latencies

    def requests_per_move(self, but: str | None = None) -> float:
        """Bot API requests per accepted move, answers included (long polling not counted); `but`: per move
        other than that kind of action, all requests still counted."""
        requests = sum(n for method, n in self.requests.items() if method != "getUpdates")
        return requests / max(self.moves - (self.move_kinds[but] if but else 0), 1)

    def cpu_ms_per_move(self) -> float:
        """The bot's CPU time per accepted move: unlike the latencies, it hardly moves with the load."""
        return (self.cpu_user + self.cpu_system) * 1000 / max(self.moves, 1)

    @staticmethod
    def _ms(values: list[float], share: float) -> str:
        return f"{percentile(values, share) * 1000:.1f}"

    @staticmethod
    def _s(values: list[float], share: float) -> str:
        return f"{percentile(values, share):.2f}"

    def _start_line(self) -> str:
        seconds = " | ".join(
            f"{second}: {len(values)} {self._ms(values, 0.5)}/{max(values, default=float('nan')) * 1000:.0f}"
            for second, values in enumerate(self.answers.by_second)
        )
        return f"the start by second (presses, p50/max ms): {seconds}"

    def lines(self) -> list[str]:
        moves = max(self.moves, 1)
        by_method = ", ".join(
            f"{method} {n / moves:.2f} ({self.group_requests[method] / moves:.2f} to groups)"
            for method, n in self.requests.most_common()
            if method != "getUpdates"
        )
        return [
            f"games: {self.games} concurrent, 4 people each; {self.seconds:.1f} s of play, "
            f"{self.active_at_end} still running at the end",
            f"accepted moves: {self.moves} ({self.moves / self.seconds:.1f}/s; "
            f"{', '.join(f'{kind} {n / moves:.2f}' for kind, n in self.move_kinds.most_common())})",
            f"presses reaching the bot: {self.answers.delivered}; answered in time {self.answers.in_time}, "
            f"too late for Telegram (> 10 s) {self.answers.too_late}, never {self.answers.unanswered}, "
            f"twice {self.answers.repeated}",
            f"press to answer: p50 {self._ms(self.latencies, 0.5)} ms, "
            f"p99 {self._ms(self.latencies, 0.99)} ms ({len(self.latencies)} answered presses); "
            f"from {WARM_UP:.0f} s into the run on: p50 {self._ms(self.answers.settled, 0.5)} ms, "
            f"p99 {self._ms(self.answers.settled, 0.99)} ms ({len(self.answers.settled)})",
            self._start_line(),
            f"mover's hand edited after the press: p50 {self._s(self.waits.mover_hand, 0.5)}, "
            f"p90 {self._s(self.waits.mover_hand, 0.9)}, p99 {self._s(self.waits.mover_hand, 0.99)} s; "
            f"next player's turn notice: p50 {self._s(self.waits.turn_notice, 0.5)}, "
            f"p90 {self._s(self.waits.turn_notice, 0.9)}, p99 {self._s(self.waits.turn_notice, 0.99)} s",
            f"bot CPU per accepted move: {self.cpu_ms_per_move():.2f} ms (during play {self.cpu_user:.1f} s "
            f"user, {self.cpu_system:.1f} s system)",
            f"Bot API requests per accepted move: {self.requests_per_move():.2f} ({by_method}; "
            "getUpdates not counted); per move other than an UNO! call (the simulated people's share of "
            f"calls moves the figure): {self.requests_per_move(but='CallUno'):.2f}",
            f"group writes per move: {self.group_writes / moves:.2f}; most in any 60 s in one group: "
            f"{self.most_per_minute}",
            f"429s received: {self.too_many_requests} ({dict(self.floods)})",
            f"refused presses by alert: {dict(self.refusals.most_common(6))}",
            f"bot memory: idle {self.idle_rss_kb / 1024:.1f} MiB, peak {self.peak_rss_kb / 1024:.1f} MiB, "
            f"{(self.busy_rss_kb - self.idle_rss_kb) / max(self.games, 1):.1f} kB per active game",
            f"bot log: {dict(self.log_levels)}",
            *(f"  {problem}" for problem in self.log_problems),
            *([self.server.line()] if self.server is not None else []),
            *([self._boards_line(self.boards)] if self.boards is not None else []),
        ]

    def _boards_line(self, boards: BoardAnswers) -> str:
        asked = ", ".join(
            f"{command} {len(latencies)} answered, p50 {self._ms(latencies, 0.5)} ms, "
            f"p99 {self._ms(latencies, 0.99)} ms"
            for command, latencies in boards.latencies.items()
        )
        return f"boards asked in private meanwhile: {asked}; never answered {boards.unanswered}"


async def measure_games(
    workdir: Path,
    games: int,
    people: int = 4,
    seed: int = 1,
    rules: Mapping[str, Any] = QUICK_RULES,
    seconds: float | None = None,
    think: float = 0.0,
    server_url: str | None = None,
    boards: float = 0.0,
) -> LoadFigures:
    """Play `games` at once until all are over, or for `seconds` of play when given. `think`: each person
    looks at their hand for up to that many seconds (uniformly) before a press; 0 presses at machine speed.
    The bot's database: a SQLite file in `workdir`, or a new database on the PostgreSQL server at
    `server_url` (dropped afterwards). `boards`: onlookers ask for that many boards a second meanwhile."""
    async with fresh_database(workdir, server_url) as url:
        return await _measure_games(workdir, url, games, people, seed, rules, seconds, think, boards)


@asynccontextmanager
async def fresh_database(folder: Path, server_url: str | None) -> AsyncIterator[str]:
    """The URL of a SQLite file in `folder`, or of a new database on the PostgreSQL server at `server_url`
    (dropped afterwards)."""
    if server_url is None:
        yield database_url(folder / "uno.db")
        return
    url = await create_database(server_url)
    try:
        yield url
    finally:
        await drop_database(server_url, url)


async def _measure_games(
    workdir: Path,
    url: str,
    games: int,
    people: int,
    seed: int,
    rules: Mapping[str, Any],
    seconds: float | None,
    think: float,
    boards: float,
) -> LoadFigures:
    fake = FakeTelegram()
    tables = [new_table(fake, f"L{i}", people) for i in range(games)]
    await prepare_database(url, {t.group.id: t.group.title or "" for t in tables}, rules)
    onlookers = add_onlookers(fake, boards) if boards else []
    if boards:
        await add_history(url)
    asked: list[Asked] = []
    log = PressLog()
    board = StatusBoard()
    activity = None if url.startswith("sqlite") else ServerActivity()
    with serve_fake_bot_api(fake) as served:
        env = bot_environment(served.api_url, fake.token, url)
        bot = BotProcess(workdir / "cwd", env, workdir / "bot.log")
        bot.start()
        try:
            await bot.started()
            assert bot.pid is not None
            idle = _memory_kb(bot.pid, "VmRSS")
            for wave in range(0, len(tables), OPEN_WAVE):  # groups start their games a few at a time
                await asyncio.gather(*(table.open(log) for table in tables[wave : wave + OPEN_WAVE]))
            first_call = len(fake.calls)
            # The fake Telegram and the people run in this process, which stamps every call: its full
            # collections (70-200 ms as the call log grows) would count as the bot's latency.
            gc.collect()
            gc.freeze()
            gc.disable()
            started, cpu_before = time.monotonic(), _cpu_times(bot.pid)
            busy = idle
            over = {table.game_id: board.over(table.game_id) for table in tables}
            async with watching(url, board, activity):
                play = asyncio.create_task(play_tables(tables, log, over, seed, think, poll=0.1))
                questions = asyncio.create_task(ask(fake, onlookers, boards, asked, seed)) if boards else None
                stop_at = started + (seconds if seconds is not None else PLAY_TIMEOUT)
                while not play.done() and time.monotonic() < stop_at:
                    busy = max(busy, _memory_kb(bot.pid, "VmRSS"))
                    await asyncio.wait({play}, timeout=1.0)
                for task in (play, questions):
                    if task is not None and not task.done():
                        task.cancel()
                        await asyncio.gather(task, return_exceptions=True)
                played = time.monotonic() - started
                # A press the bot took just as play stopped has its move stored and its answer due (a loaded
                # machine may take a moment): killed before it, that move would count as unanswered.
                await until(lambda: not press_answers(fake.calls[first_call:]).unanswered, within=5.0)
                await until(lambda: not board_answers(fake.calls[first_call:], asked).unanswered, within=15.0)
            cpu_after = _cpu_times(bot.pid)
            stored = await read_games_at(url)
            peak = _memory_kb(bot.pid, "VmHWM")
        finally:
            gc.enable()
            bot.kill()
    check_games(stored)
    calls = fake.calls[first_call:]
    people_ids = {u.id for t in tables for u in t.people}
    move_kinds = Counter(
        e.kind.removeprefix("action.")
        for g in stored
        for e in g.events
        if e.kind.startswith("action.") and e.actor in people_ids
    )
    moves = move_kinds.total()
    group_writes = sum(1 for c in calls if c.method in GROUP_WRITES and c.ok and int(c.params["chat_id"]) < 0)
    return LoadFigures(
        games=games,
        seconds=played,
        active_at_end=sum(1 for g in stored if g.status == "running"),
        moves=moves,
        move_kinds=move_kinds,
        group_writes=group_writes,
        requests=Counter(c.method for c in calls),
        group_requests=Counter(c.method for c in calls if int(c.params.get("chat_id", 0)) < 0),
        answers=press_answers(calls),
        most_per_minute=most_group_writes_per_minute(fake),
        too_many_requests=sum(1 for c in calls if c.status == 429),
        peak_rss_kb=peak,
        idle_rss_kb=idle,
        busy_rss_kb=busy,
        refusals=Counter(p.query.answer_text or "" for p in log.presses if p.refused),
        floods=Counter(
            f"{c.method} {'group' if int(c.params.get('chat_id', 0)) < 0 else 'private'}"
            for c in calls
            if c.status == 429
        ),
        cpu_user=cpu_after[0] - cpu_before[0],
        cpu_system=cpu_after[1] - cpu_before[1],
        waits=turn_waits(calls, [[user.id for user in table.people] for table in tables]),
        log_levels=log_levels(bot.log_text()),
        log_problems=log_problems(bot.log_text()),
        server=activity,
        boards=board_answers(calls, asked) if boards else None,
    )


class _CountingScheduler:
    def __init__(self) -> None:
        self.jobs: set[str] = set()

    def call_later(self, name: str, delay: float, callback: Any) -> None:
        self.jobs.add(name)

    def cancel(self, name: str) -> None:
        self.jobs.discard(name)

    def close(self) -> None:
        self.jobs.clear()


def _old_message(fake: FakeTelegram, chat: Chat) -> int:
    """A message the bot sent before the restart (it is edited when the screens are healed)."""
    message = Message(chat, fake.next_message_id(chat.id), fake.now(), fake.bot, "…")
    return fake.store(message).message_id


async def active_games(fake: FakeTelegram, database: Path | str, count: int) -> None:
    """`count` running two-player matches, made through the service as the handlers would, with the table and
    hand messages a running bot would have sent."""
    chats = {}
    pairs = []
    groups = {}
    for i in range(count):
        alice = fake.add_user(f"R{i}a", started_bot=True)
        bob = fake.add_user(f"R{i}b", started_bot=True)
        group = fake.add_group(f"R{i}", members=[alice, bob])
        chats[group.id] = group.title or ""
        groups[group.id] = group
        pairs.append((group.id, alice.id, bob.id))
    await prepare_database(database, chats)
    db = Database.connect(database_url(database))
    seeds = iter(range(1, count + 1))
    service = GameService(
        db, lambda: int(time.time() * 1000), lambda: next(seeds), lambda: int(time.monotonic() * 1000)
    )
    try:
        for chat_id, alice_id, bob_id in pairs:
            for user_id in (alice_id, bob_id):
                async with db.unit_of_work() as uow:
                    await uow.users.upsert(user_id, name=str(user_id), username=None, language_code="en")
                    await uow.users.mark_private_chat_started(user_id)
            lobby = await service.open_lobby(Place(chat_id), Person(alice_id, "A"), chats[chat_id])
            await service.join(lobby.game.id, Person(bob_id, "B"))
            game_id = lobby.game.id
            started = await service.start(game_id, alice_id, False)
            await service.set_table_message(game_id, _old_message(fake, groups[chat_id]))
            for user_id in (alice_id, bob_id):
                private = fake.private_chat(fake.users[user_id])
                sent_for = started.doc.hand_sends.get(user_id)  # the turn the bot would have sent it for
                await service.set_hand_message(game_id, user_id, _old_message(fake, private), sent_for)
    finally:
        await db.dispose()


async def rearm_in_process(database: Path | str) -> tuple[int, int, int, float]:
    """Re-arm every active game's timers as start-up does: (games, games with a deadline, jobs, seconds)."""
    db = Database.connect(database_url(database))
    service = GameService(
        db, lambda: int(time.time() * 1000), lambda: 0, lambda: int(time.monotonic() * 1000)
    )
    scheduler = _CountingScheduler()

    async def nothing(_: Any) -> None:
        return None

    timers = Timers(service, scheduler, lambda: int(time.time() * 1000), nothing)
    try:
        started = time.monotonic()
        armed = len(await timers.rearm_all())
        seconds = time.monotonic() - started
        records = await service.active_games()
    finally:
        await db.dispose()
    due = sum(1 for r in records if service.deadline(r, GameDocument.from_dict(r.state)) is not None)
    return armed, due, len(scheduler.jobs), seconds


async def measure_restart(workdir: Path, count: int, server_url: str | None = None) -> list[str]:
    async with fresh_database(workdir, server_url) as url:
        return await _measure_restart(workdir, url, count)


async def _measure_restart(workdir: Path, database: str, count: int) -> list[str]:
    fake = FakeTelegram()
    made = time.monotonic()
    await active_games(fake, database, count)
    made = time.monotonic() - made
    armed, due, jobs, rearm = await rearm_in_process(database)
    # The real process, from spawn: "Timers ... re-armed" (after imports, migrations and getMe), its first
    # getUpdates (polling: presses are served from here on), "Screens ... redrawn" (healing, background).
    with serve_fake_bot_api(fake) as served:
        bot = BotProcess(
            workdir / "cwd", bot_environment(served.api_url, fake.token, database), workdir / "bot.log"
        )
        spawned, spawned_at = time.monotonic(), fake.clock()
        bot.start()
        try:
            await until(lambda: REARMED in bot.log_text(), 600, 0.01)
            up = time.monotonic() - spawned
            await bot.started(within=600)
            await until(lambda: HEALED in bot.log_text(), 600, 0.05)
            healed = time.monotonic() - spawned
        finally:
            bot.kill()
    polling = next(c.received for c in fake.calls if c.method == "getUpdates") - spawned_at
    return [
        f"active games: {armed} ({due} with a deadline), made in {made:.1f} s",
        f"re-arm every timer (read all active games, schedule their jobs): {rearm * 1000:.0f} ms in-process, "
        f"{jobs} jobs",
        f"python -m bot, from spawn: timers re-armed {up:.1f} s, polling {polling:.1f} s, "
        f"every screen healed "
        f"{healed:.1f} s; {fake.too_many_requests_count} 429s while healing",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200, help="concurrent games (0: skip)")
    parser.add_argument("--seconds", type=float, default=None, help="stop playing after this long")
    parser.add_argument("--restart-games", type=int, default=0, help="active games for the restart figure")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=0.0, help=THINK_HELP)
    parser.add_argument("--postgres", action="store_true", help=POSTGRES_HELP)
    parser.add_argument("--boards", type=float, default=0.0, help=BOARDS_HELP)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, server() if args.postgres else nullcontext() as server_url:
        if args.games:
            run = measure_games(
                Path(tmp) / "load",
                args.games,
                seed=args.seed,
                seconds=args.seconds,
                think=args.think,
                server_url=server_url,
                boards=args.boards,
            )
            figures = asyncio.run(run)
            print("\n".join(figures.lines()))
        if args.restart_games:
            restart = measure_restart(Path(tmp) / "restart", args.restart_games, server_url)
            print("\n".join(asyncio.run(restart)))


if __name__ == "__main__":
    main()
