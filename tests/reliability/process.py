"""The bot as a real process (`python -m bot`) against the served fake Bot API, killed and restarted."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from bot.engine.rules import Rules
from bot.i18n import Language
from bot.storage import Database
from bot.storage.migrate import upgrade_to_head

REPO_ROOT = Path(__file__).resolve().parents[2]
BOT_ENV_VARS = ("BOT_TOKEN", "DATABASE_URL", "TELEGRAM_API_URL", "LOG_LEVEL", "DEFAULT_LANGUAGE")
STARTED = "Started as @"
START_TIMEOUT = 60.0
STOP_TIMEOUT = 30.0
POLL = 0.02  # how often a condition is looked at while waiting; never a timing assumption
# CI: one round of five cards per match. The long runs play matches of several rounds to 100 points.
QUICK_RULES: dict[str, Any] = {"scoring": "single_round", "hand_size": 5}
MATCH_RULES: dict[str, Any] = {"target_score": 100}
DEFAULT_LANGUAGE: Language = "en"  # the bot's DEFAULT_LANGUAGE in these runs


async def until(condition: Callable[[], bool], within: float, poll: float = POLL) -> bool:
    """Wait until `condition()` holds (True) or `within` seconds have passed (False)."""
    deadline = time.monotonic() + within
    while not condition():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(poll)
    return True


def database_url(database: Path | str) -> str:
    """A SQLite file's URL; a URL (a PostgreSQL database's, bench/load.py) is given as it is."""
    return database if isinstance(database, str) else f"sqlite+aiosqlite:///{database}"


async def prepare_database(
    database: Path | str, chats: Mapping[int, str], rules: Mapping[str, Any] = QUICK_RULES
) -> None:
    """Migrate a fresh database and give each chat its rules (what the chat's admins would have chosen)."""
    Rules.from_dict(dict(rules))  # refuse a typo here rather than in the bot
    url = database_url(database)
    await upgrade_to_head(url)
    db = Database.connect(url)
    try:
        async with db.unit_of_work() as uow:
            for chat_id, title in chats.items():
                chat = await uow.chats.ensure(chat_id, title)
                chat.settings = {"rules": dict(rules)}
    finally:
        await db.dispose()


def bot_environment(api_url: str, token: str, database: Path | str, **extra: str) -> dict[str, str]:
    """Our environment minus any bot settings, plus the ones given; the child imports `bot` from this tree."""
    env = {key: value for key, value in os.environ.items() if key not in BOT_ENV_VARS}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    env.update(
        BOT_TOKEN=token,
        TELEGRAM_API_URL=api_url,
        DATABASE_URL=database_url(database),
        LOG_LEVEL="INFO",
        DEFAULT_LANGUAGE=DEFAULT_LANGUAGE,
        PTB_TIMEDELTA="1",
    )
    env.update(extra)
    return env


class BotProcess:
    """`python -m bot` in `workdir`, its output appended to `log` across restarts; with a `deal_seed`, its
    matches dealt from that seed up (tests/reliability/seeded_bot.py) rather than from random ones."""

    def __init__(self, workdir: Path, env: dict[str, str], log: Path, deal_seed: int | None = None) -> None:
        self.workdir = workdir
        self.env = env
        self.log = log
        self.command = [sys.executable, "-m", "bot"]
        if deal_seed is not None:
            self.command = [sys.executable, "-m", "tests.reliability.seeded_bot", str(deal_seed)]
        self.starts = 0
        self.kills = 0
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self) -> None:
        assert not self.running, "the bot is already running"
        self.workdir.mkdir(parents=True, exist_ok=True)
        with self.log.open("ab") as sink:  # a file, not a pipe: a full pipe would block the bot
            self._process = subprocess.Popen(
                self.command,
                cwd=self.workdir,
                env=self.env,
                stdout=sink,
                stderr=subprocess.STDOUT,
            )
        self.starts += 1

    async def started(self, within: float = START_TIMEOUT) -> None:
        """Wait until this start has logged that it is up (timers re-armed, screens healed, polling next)."""
        wanted = self.starts
        if not await until(
            lambda: self.log_text().count(STARTED) >= wanted or not self.running, within, 0.05
        ):
            raise TimeoutError(f"the bot did not start within {within} s:\n{self.tail()}")
        if not self.running:
            raise AssertionError(f"the bot exited with {self.returncode()}:\n{self.tail()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a power cut or an OOM kill."""
        assert self._process is not None
        self._process.send_signal(signal.SIGKILL)
        self._process.wait(timeout=STOP_TIMEOUT)
        self.kills += 1

    def stop(self) -> int:
        """SIGTERM and wait: the orderly shutdown; returns the exit status."""
        assert self._process is not None
        if self._process.poll() is None:
            self._process.send_signal(signal.SIGTERM)
        return self._process.wait(timeout=STOP_TIMEOUT)

    def returncode(self) -> int | None:
        return self._process.poll() if self._process is not None else None

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def tail(self, lines: int = 60) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:])
