"""`python -m bot` end to end, as a real process against the fake Bot API served on 127.0.0.1."""

from __future__ import annotations

import asyncio
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from importlib.metadata import version
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from bot.service import GameService, Person, Place
from bot.storage import Database
from bot.tg.pacing_window import GROUP_LIMIT
from tests.fake_bot_api import ApiError, FakeTelegram, ServedFake, serve_fake_bot_api
from tests.reliability.process import prepare_database
from tests.schema import head_revision, inspect_schema

START_TIMEOUT = 60
STOP_TIMEOUT = 30
# How often the call log is checked while waiting for the bot; a poll interval, not a timing assumption.
POLL_INTERVAL = 0.02
COMMANDS = 25  # more replies than a group's 20 a minute allow within the shutdown grace
HEALED_GAMES = 80  # ~10 s of healing at 25 writes a second: start-up ends well inside it, even under load


@pytest.fixture
def served() -> Iterator[ServedFake]:
    with serve_fake_bot_api(FakeTelegram()) as served:
        yield served


def _start_bot(tmp_path: Path, env: dict[str, str], output: Path, *args: str) -> subprocess.Popen[bytes]:
    """`python -m bot ARGS` (no ARGS: run)."""
    # Output goes to a file: a full pipe would block the bot.
    with output.open("wb") as sink:
        return subprocess.Popen(
            [sys.executable, "-m", "bot", *args],
            cwd=tmp_path,
            env=env,
            stdout=sink,
            stderr=subprocess.STDOUT,
            preexec_fn=_interruptible,
        )


def _interruptible() -> None:
    """In the child: Ctrl+C as a terminal sends it, even when the tests run as a background job of a
    non-interactive shell (which starts them with SIGINT ignored, and Python keeps an ignored SIGINT)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


async def _wait_until(condition: Callable[[], bool], process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while not condition():
        if process.poll() is not None:
            text = await asyncio.to_thread(log.read_text)
            raise AssertionError(f"the bot exited with {process.returncode}:\n{text}")
        if time.monotonic() > deadline:
            text = await asyncio.to_thread(log.read_text)
            raise TimeoutError(f"the bot did not get there in {START_TIMEOUT} s:\n{text}")
        await asyncio.sleep(POLL_INTERVAL)


async def test_bot_migrates_polls_and_stops_on_sigterm(
    tmp_path: Path, bot_env: dict[str, str], served: ServedFake, database_url: str
) -> None:
    """On a SQLite file whose folder is not there yet, or on a new PostgreSQL database (tests/postgres.py)."""
    fake = served.fake
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    # Sent while the bot was down: it must still be fetched, not dropped.
    fake.user_sends(alice, group, "hello")
    bot_env.update(
        BOT_TOKEN=fake.token,
        TELEGRAM_API_URL=served.api_url,
        DATABASE_URL=database_url,
        LOG_LEVEL="DEBUG",
    )
    output = tmp_path / "bot.log"
    process = _start_bot(tmp_path, bot_env, output)
    try:
        # The update is gone once the bot confirmed it (getUpdates with a higher offset), and that
        # confirming call then waits as a long poll.
        await _wait_until(lambda: not fake.pending_updates, process, output)
        await fake.wait_for_poller(within_seconds=START_TIMEOUT)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        returncode = process.wait(timeout=STOP_TIMEOUT)
    log = output.read_text()

    assert returncode == 0, log
    methods = [call.method for call in fake.calls]
    # Start-up asks who the bot is before any other call: reaching Telegram before polling (again after a try
    # that timed out on a loaded machine), then the application's own (PTB's initialize).
    startup = 2 + log.count("Telegram is not reachable")
    assert methods[:startup] == ["getMe"] * startup, log
    # The only getMe after them checks a call that failed (one timed out: bot.tg.outages).
    assert "getMe" not in methods[startup:] or "Telegram is out of reach" in log, log
    polls = fake.calls_to("getUpdates")
    assert polls, log
    assert "chat_member" in polls[0].params["allowed_updates"]
    delivered = [update["message"]["text"] for call in polls for update in call.response.get("result", [])]
    assert delivered == ["hello"], "the update sent while the bot was down was not delivered"
    assert "Started as @uno_test_bot" in log
    assert log.count("Stopping: SIGTERM received") == 1  # `docker stop`, told from a Ctrl+C
    assert "CRITICAL" not in log and "Traceback" not in log, log

    differences, revision, tables = await inspect_schema(database_url)
    assert differences == [] and revision == head_revision()
    assert {"games", "game_events", "users", "chats"} <= tables

    assert fake.token not in log
    assert fake.token.split(":", 1)[1] not in log


def test_rejected_token_fails_without_printing_it(
    tmp_path: Path, bot_env: dict[str, str], served: ServedFake
) -> None:
    wrong_token = "654321:WRONG-SECRET-TOKEN"
    bot_env.update(BOT_TOKEN=wrong_token, TELEGRAM_API_URL=served.api_url, LOG_LEVEL="DEBUG")
    output = tmp_path / "bot.log"
    process = _start_bot(tmp_path, bot_env, output)
    returncode = process.wait(timeout=START_TIMEOUT)
    log = output.read_text()
    assert returncode == 2, log
    assert log.strip().splitlines()[-1] == (
        "Configuration error: BOT_TOKEN was rejected by Telegram: check the token from @BotFather"
        " (and TELEGRAM_API_URL)"
    )
    assert "Traceback" not in log and "WRONG-SECRET-TOKEN" not in log


async def test_sigterm_with_writes_queued_stops_after_the_grace_without_errors(
    tmp_path: Path, bot_env: dict[str, str], served: ServedFake
) -> None:
    fake = served.fake
    people = [fake.add_user(f"Player {n}") for n in range(COMMANDS)]
    group = fake.add_group("Friends", members=people)
    bot_env.update(
        BOT_TOKEN=fake.token,
        TELEGRAM_API_URL=served.api_url,
        DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'uno.db'}",
        LOG_LEVEL="INFO",
    )
    output = tmp_path / "bot.log"
    process = _start_bot(tmp_path, bot_env, output)

    def replies() -> int:
        return sum(1 for c in fake.calls_to("sendMessage") if str(c.params["chat_id"]) == str(group.id))

    try:
        await fake.wait_for_poller(within_seconds=START_TIMEOUT)
        for person in people:  # each /stop handler awaits its own quoted reply, paced at 20 a minute
            fake.user_sends(person, group, "/stop")
        await _wait_until(lambda: replies() >= GROUP_LIMIT.burst_size, process, output)
        process.send_signal(signal.SIGTERM)
        await _wait_until(lambda: "Stopping: SIGTERM received" in output.read_text(), process, output)
    finally:
        process.send_signal(signal.SIGTERM)  # a second one as the grace runs: the stop goes on all the same
        returncode = process.wait(timeout=STOP_TIMEOUT)
    log = output.read_text()

    assert returncode == 0, log
    assert replies() < COMMANDS
    assert "Stopping with writes still queued" in log
    assert "Traceback" not in log and "ERROR" not in log and "not initialized" not in log, log


async def _running_games_without_screens(fake: FakeTelegram, database: Path, count: int) -> None:
    """`count` started two-player games whose table and hands were never sent: start-up must send them."""
    groups = {}
    for n in range(count):
        alice, bob = fake.add_user(f"A{n}", started_bot=True), fake.add_user(f"B{n}", started_bot=True)
        groups[fake.add_group(f"G{n}", members=[alice, bob]).id] = (alice.id, bob.id)
    await prepare_database(database, {chat_id: "G" for chat_id in groups})
    db = Database.connect(f"sqlite+aiosqlite:///{database}")
    service = GameService(
        db, lambda: int(time.time() * 1000), lambda: 7, lambda: int(time.monotonic() * 1000)
    )
    try:
        for chat_id, (alice_id, bob_id) in groups.items():
            lobby = await service.open_lobby(Place(chat_id), Person(alice_id, "A"), "G")
            await service.join(lobby.game.id, Person(bob_id, "B"))
            await service.start(lobby.game.id, alice_id, False)
    finally:
        await db.dispose()


class _SigtermAsItCalls:
    """The fake's transit: as the bot's first `method` call arrives, SIGTERM the bot, and hold that call until
    the bot logged the signal, so the signal comes while the step of start-up making it is under way."""

    def __init__(self, method: str, output: Path) -> None:
        self.bot: subprocess.Popen[bytes] | None = None
        self._method = method
        self._output = output
        self._sent = False

    async def __call__(self, method: str, chat_id: str | None) -> None:
        if method != self._method or self._sent or self.bot is None:
            return
        self._sent = True
        self.bot.send_signal(signal.SIGTERM)
        await _wait_until(
            lambda: "Stopping: SIGTERM received" in self._output.read_text(), self.bot, self._output
        )


@pytest.mark.parametrize(
    "signalled_at",
    [
        "setMyCommands",  # in post_init, the healing begun (its task wrote on through a closed HTTP client)
        "deleteWebhook",  # Updater.start_polling (its task failed: "cannot reuse already awaited coroutine")
        "getUpdates",  # polling
    ],
)
async def test_sigterm_while_screens_are_healed_at_start_up_exits_cleanly(
    tmp_path: Path, bot_env: dict[str, str], served: ServedFake, signalled_at: str
) -> None:
    fake = served.fake
    database = tmp_path / "uno.db"
    await _running_games_without_screens(fake, database, HEALED_GAMES)
    bot_env.update(
        BOT_TOKEN=fake.token,
        TELEGRAM_API_URL=served.api_url,
        DATABASE_URL=f"sqlite+aiosqlite:///{database}",
        LOG_LEVEL="INFO",
    )
    output = tmp_path / "bot.log"
    fake.transit = sigterm = _SigtermAsItCalls(signalled_at, output)
    sigterm.bot = process = _start_bot(tmp_path, bot_env, output)
    try:
        returncode = process.wait(timeout=START_TIMEOUT + STOP_TIMEOUT)
    finally:
        if process.poll() is None:
            process.kill()
    log = output.read_text()

    assert returncode == 0, log
    if signalled_at == "setMyCommands":  # start-up went on to its end: not read as the bot started
        assert "Started as" not in log and "Not polling as @uno_test_bot" in log, log
    else:
        assert "Started as @uno_test_bot" in log, log
    # a table and two hands a game, 25 writes a second: healing takes seconds, and was cut short
    assert "Screens redrawn" not in log
    assert len(fake.calls_to("sendMessage")) < 3 * HEALED_GAMES
    assert "Traceback" not in log and "ERROR" not in log, log


async def test_a_second_bot_on_the_same_database_stops_at_once_with_one_line(
    tmp_path: Path, bot_env: dict[str, str], served: ServedFake, database_url: str
) -> None:
    """On a SQLite file (its lock file) or a PostgreSQL database (an advisory lock; tests/postgres.py)."""
    fake = served.fake
    bot_env.update(BOT_TOKEN=fake.token, TELEGRAM_API_URL=served.api_url, DATABASE_URL=database_url)
    first = _start_bot(tmp_path, bot_env, tmp_path / "first.log")
    bots = [first]
    try:
        await fake.wait_for_poller(within_seconds=START_TIMEOUT)
        bots.append(_start_bot(tmp_path, bot_env, tmp_path / "second.log"))
        returncode = bots[1].wait(timeout=START_TIMEOUT)
        assert first.poll() is None, "the first bot must keep running"
    finally:
        for bot in bots:
            if bot.poll() is None:
                bot.send_signal(signal.SIGTERM)
                bot.wait(timeout=STOP_TIMEOUT)
    log = (tmp_path / "second.log").read_text()
    assert returncode == 2, log
    refusal = _another_bot_runs_on(database_url, first.pid)
    starting, refused = log.strip().splitlines()  # the version and database it starts with, then why not
    assert " INFO bot.commands.run: uno-bot " in starting
    assert refused == (
        f"Configuration error: DATABASE_URL is unusable: {refusal}: stop it first, or give this one a"
        " DATABASE_URL of its own"
    )


def _another_bot_runs_on(database_url: str, pid: int) -> str:
    """What the refusal says of a bot (process `pid` on this machine) that runs on `database_url`."""
    url = make_url(database_url)
    if url.get_backend_name() == "sqlite":
        return f"another bot (pid {pid}) is running on {url.database}"
    where = url.render_as_string(hide_password=True)
    return f"another bot (pid {pid} on {socket.gethostname()}) is running on {where}"


async def test_migrate_refuses_a_database_a_running_bot_uses(
    tmp_path: Path, bot_env: dict[str, str], served: ServedFake, database_url: str
) -> None:
    """A new version's `migrate` run before the old bot was stopped changed the schema under it."""
    fake = served.fake
    bot_env.update(BOT_TOKEN=fake.token, TELEGRAM_API_URL=served.api_url, DATABASE_URL=database_url)
    running = _start_bot(tmp_path, bot_env, tmp_path / "bot.log")
    try:
        await fake.wait_for_poller(within_seconds=START_TIMEOUT)
        migrate = await asyncio.to_thread(
            subprocess.run,
            [sys.executable, "-m", "bot", "migrate"],
            cwd=tmp_path,
            env=bot_env,
            capture_output=True,
            text=True,
            timeout=START_TIMEOUT,
        )
        assert running.poll() is None, "the running bot must keep running"
    finally:
        running.send_signal(signal.SIGTERM)
        running.wait(timeout=STOP_TIMEOUT)
    assert migrate.returncode == 2, migrate.stderr
    assert _another_bot_runs_on(database_url, running.pid) in migrate.stderr, migrate.stderr


async def test_another_bot_polling_with_the_same_token_is_one_warning_line_a_try(
    tmp_path: Path, bot_env: dict[str, str], served: ServedFake
) -> None:
    """Started elsewhere, on a database of its own: Telegram answers the polls of both with 409 Conflict."""
    fake = served.fake
    bot_env.update(BOT_TOKEN=fake.token, TELEGRAM_API_URL=served.api_url)
    logs = [tmp_path / "here.log", tmp_path / "elsewhere.log"]
    bots = []
    try:
        for n, log in enumerate(logs):
            bot_env["DATABASE_URL"] = f"sqlite+aiosqlite:///{tmp_path / f'uno{n}.db'}"
            bots.append(_start_bot(tmp_path, bot_env, log))
            await _wait_until(lambda log=log: "Started as" in log.read_text(), bots[-1], log)
        await _wait_until(lambda: "Conflict" in logs[0].read_text(), bots[0], logs[0])
    finally:
        for bot in bots:
            bot.send_signal(signal.SIGTERM)
            bot.wait(timeout=STOP_TIMEOUT)
    text = logs[0].read_text()
    assert (
        "WARNING bot.tg.app: Telegram answered 409 Conflict: another bot is polling with this BOT_TOKEN"
        in text
    )
    assert "Traceback" not in text and "ERROR" not in text, text


class _PollsRefused:
    """The fake's transit once `refusing`: Telegram refuses the bot's polls (401, as a token revoked with
    /revoke); the second refusal, asked as the bot stops for the first, comes with a SIGTERM (`docker stop`
    meanwhile), and is held until the bot logged it."""

    def __init__(self, output: Path) -> None:
        self.bot: subprocess.Popen[bytes] | None = None
        self.refusing = False
        self._output = output
        self._refused = 0

    async def __call__(self, method: str, chat_id: str | None) -> None:
        if method != "getUpdates" or not self.refusing or self.bot is None:
            return
        self._refused += 1
        if self._refused == 2:
            self.bot.send_signal(signal.SIGTERM)
            await _wait_until(
                lambda: "Stopping: SIGTERM received" in self._output.read_text(), self.bot, self._output
            )
        raise ApiError(401, "Unauthorized")


async def test_a_token_revoked_while_the_bot_runs_stops_it_with_one_line(
    tmp_path: Path, bot_env: dict[str, str], served: ServedFake
) -> None:
    """A SIGTERM as that stop runs leaves it to end: it cut the stop short, without the line."""
    fake = served.fake
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    bot_env.update(
        BOT_TOKEN=fake.token,
        TELEGRAM_API_URL=served.api_url,
        DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'uno.db'}",
    )
    output = tmp_path / "bot.log"
    fake.transit = refused = _PollsRefused(output)
    refused.bot = process = _start_bot(tmp_path, bot_env, output)
    try:
        await fake.wait_for_poller(within_seconds=START_TIMEOUT)
        refused.refusing = True
        fake.user_sends(alice, group, "hello")  # the poll waiting ends: the next one is refused
        returncode = process.wait(timeout=START_TIMEOUT)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=STOP_TIMEOUT)
    log = output.read_text()
    assert returncode == 2, log
    assert log.strip().splitlines()[-1] == (
        "Configuration error: BOT_TOKEN was rejected by Telegram while the bot ran (revoked with /revoke?):"
        " put the token @BotFather gives now in BOT_TOKEN"
    )
    assert log.count("Stopping: SIGTERM received") == 1, log
    assert "Traceback" not in log and "ERROR" not in log, log
    assert fake.token.split(":", 1)[1] not in log


async def test_stopping_while_telegram_is_unreachable_is_one_warning_line(
    tmp_path: Path, bot_env: dict[str, str]
) -> None:
    """The network goes down first (a machine shutting down): the last getUpdates, which confirms the
    handled updates, fails."""
    fake = FakeTelegram()
    output = tmp_path / "bot.log"
    with serve_fake_bot_api(fake) as served:
        bot_env.update(
            BOT_TOKEN=fake.token,
            TELEGRAM_API_URL=served.api_url,
            DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'uno.db'}",
        )
        process = _start_bot(tmp_path, bot_env, output)
        try:
            await fake.wait_for_poller(within_seconds=START_TIMEOUT)
        except BaseException:
            process.kill()
            raise
    try:
        await _wait_until(lambda: "Polling for updates failed" in output.read_text(), process, output)
    finally:
        process.send_signal(signal.SIGTERM)
        returncode = process.wait(timeout=STOP_TIMEOUT)
    log = output.read_text()
    assert returncode == 0, log
    assert "WARNING telegram.ext.Updater: Could not confirm the last updates to Telegram (" in log
    assert "Traceback" not in log and "ERROR" not in log, log


async def test_start_up_says_the_version_and_the_database_without_its_password(
    tmp_path: Path, bot_env: dict[str, str]
) -> None:
    """An operator reading the log of a week knew neither which version ran nor on which database."""
    with socket.socket() as probe:  # a port nothing listens on: the bot waits for its database server
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    bot_env.update(
        BOT_TOKEN=FakeTelegram().token,
        DATABASE_URL=f"postgresql+asyncpg://uno:pass-s3cret@127.0.0.1:{port}/uno",
    )
    output = tmp_path / "bot.log"
    process = _start_bot(tmp_path, bot_env, output)
    try:
        await _wait_until(lambda: "is not reachable" in output.read_text(), process, output)
    finally:
        process.kill()
        process.wait(timeout=STOP_TIMEOUT)
    log = output.read_text()
    first = log.splitlines()[0]
    assert first.endswith(
        f"INFO bot.commands.run: uno-bot {version('uno-bot')} starting on the database "
        f"postgresql+asyncpg://uno:***@127.0.0.1:{port}/uno"
    ), log
    assert "pass-s3cret" not in log


async def test_sigterm_before_polling_began_stops_with_one_line_and_status_0(
    tmp_path: Path, bot_env: dict[str, str]
) -> None:
    """`docker stop` from an image without our STOPSIGNAL, `systemctl stop`, `kill`: while Telegram was out
    of reach at start-up (or during the migrations), SIGTERM ended the process without a word, status 143
    (as a container's PID 1 it was ignored, until Docker killed the bot 10 s later)."""
    with socket.socket() as probe:  # a port nothing listens on: Telegram out of reach
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    database_url = f"sqlite+aiosqlite:///{tmp_path / 'uno.db'}"
    bot_env.update(
        BOT_TOKEN=FakeTelegram().token,
        TELEGRAM_API_URL=f"http://127.0.0.1:{port}",
        DATABASE_URL=database_url,
    )
    output = tmp_path / "bot.log"
    process = _start_bot(tmp_path, bot_env, output)
    try:
        await _wait_until(lambda: "Telegram is not reachable" in output.read_text(), process, output)
    finally:
        process.send_signal(signal.SIGTERM)
        returncode = process.wait(timeout=STOP_TIMEOUT)
    log = output.read_text()
    assert returncode == 0, log
    last = log.strip().splitlines()[-1]
    assert last.endswith(" INFO bot: Stopping before start-up finished: SIGTERM received"), log
    assert "Traceback" not in log and "ERROR" not in log, log
    _, revision, _ = await inspect_schema(database_url)  # migrated before: kept
    assert revision == head_revision()


async def test_sigterm_while_migrate_waits_for_a_locked_file_stops_with_one_line_and_status_0(
    tmp_path: Path, bot_env: dict[str, str]
) -> None:
    """`migrate` stopped while it waits for another program's lock on the file: a clean stop, as `run`'s
    before polling, and the database left unmigrated (the migrations' one transaction never began)."""
    file = tmp_path / "uno.db"
    holder = sqlite3.connect(file, isolation_level=None)
    holder.execute("PRAGMA journal_mode=wal")
    holder.execute("BEGIN IMMEDIATE")
    bot_env.update(DATABASE_URL=f"sqlite+aiosqlite:///{file}")
    output = tmp_path / "migrate.log"
    process = _start_bot(tmp_path, bot_env, output, "migrate")
    try:
        await _wait_until(lambda: "is locked by another program" in output.read_text(), process, output)
    finally:
        process.send_signal(signal.SIGTERM)
        returncode = process.wait(timeout=STOP_TIMEOUT)
        holder.close()
    log = output.read_text()
    assert returncode == 0, log
    last = log.strip().splitlines()[-1]
    assert last.endswith(" INFO bot: Stopping before the migrations finished: SIGTERM received"), log
    assert "Traceback" not in log and "ERROR" not in log, log
    _, revision, _ = await inspect_schema(f"sqlite+aiosqlite:///{file}")
    assert revision is None


async def test_ctrl_c_during_a_simulation_exits_130_without_a_traceback(
    tmp_path: Path, bot_env: dict[str, str]
) -> None:
    """Only `run` and `migrate` have a clean stop to report; an interrupted simulation printed no figures,
    which its status says as a shell's does for Ctrl+C (128 + SIGINT), not 0 as if they were complete."""
    output = tmp_path / "simulate.log"
    process = _start_bot(tmp_path, bot_env, output, "simulate", "--games", "1000000", "--progress")
    try:
        await _wait_until(lambda: "/1000000)" in output.read_text(), process, output)
    finally:
        process.send_signal(signal.SIGINT)
        returncode = process.wait(timeout=STOP_TIMEOUT)
    log = output.read_text()
    assert returncode == 130, log
    assert "Traceback" not in log and "preset official" not in log, log
