"""The bot token never reaches the log output, whether in a message, an argument or a traceback."""

from __future__ import annotations

import argparse
import asyncio
import logging
import socket
import sqlite3
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from threading import Thread

import pytest
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from bot import __main__ as entry_point
from bot.logging_setup import REDACTED, configure_logging
from bot.storage import Database, engine
from bot.tg.reach import wait_for_telegram

TOKEN = "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11"


pytestmark = pytest.mark.usefixtures("root_logger_restored")


def test_token_is_masked_everywhere(capfd: pytest.CaptureFixture[str]) -> None:
    configure_logging("DEBUG", secrets=[TOKEN])
    log = logging.getLogger("telegram.ext.test")
    log.info("POST https://api.telegram.org/bot%s/getMe", TOKEN)
    log.warning(f"token {TOKEN} in the message itself")
    try:
        raise ValueError(f"The token `{TOKEN}` was rejected by the server.")
    except ValueError:
        log.exception("failed")
    err = capfd.readouterr().err
    assert TOKEN not in err
    assert err.count(REDACTED) == 3
    assert "Traceback" in err


def test_httpx_request_lines_are_silenced(capfd: pytest.CaptureFixture[str]) -> None:
    configure_logging("DEBUG", secrets=[TOKEN])
    logging.getLogger("httpx").info("HTTP Request: POST https://api.telegram.org/bot.../getUpdates")
    logging.getLogger("bot").debug("still shown")
    err = capfd.readouterr().err
    assert "HTTP Request" not in err
    assert "still shown" in err


def test_level_is_applied(capfd: pytest.CaptureFixture[str]) -> None:
    configure_logging("WARNING")
    logging.getLogger("bot").info("hidden")
    logging.getLogger("bot").warning("visible")
    err = capfd.readouterr().err
    assert "hidden" not in err and "visible" in err


def test_alembic_says_which_migrations_run_without_its_preamble(capfd: pytest.CaptureFixture[str]) -> None:
    configure_logging("INFO")
    alembic = logging.getLogger("alembic.runtime.migration")
    alembic.info("Context impl %s.", "SQLiteImpl")
    alembic.info("Will assume %s DDL.", "transactional")
    alembic.info("Running upgrade %s -> %s, %s", "0004", "0005", "games: drop the deadline columns")
    [line] = capfd.readouterr().err.splitlines()
    assert line.endswith(
        "alembic.runtime.migration: Running upgrade 0004 -> 0005, games: drop the deadline columns"
    )


async def test_a_database_server_out_of_reach_is_one_warning_line(capfd: pytest.CaptureFixture[str]) -> None:
    """While the server is down, every update and timer fails alike: a traceback each buried the log."""
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    database = Database.connect(f"postgresql+asyncpg://uno:secret@127.0.0.1:{port}/uno")
    configure_logging("INFO")
    try:
        async with database.unit_of_work() as uow:
            await uow.games.find_active(-100, 0)
    except OSError:
        logging.getLogger("bot.tg.app").exception("Error while handling update %s", 4)
    finally:
        await database.dispose()
    try:
        raise OSError("a bug's own OSError, far from the database")
    except OSError:
        logging.getLogger("bot.tg.app").exception("Error while handling update %s", 5)
    lines = capfd.readouterr().err.strip().splitlines()
    assert lines[0].endswith(
        "WARNING bot.tg.app: Error while handling update 4: the database is not reachable ([Errno 111]"
        f" Connect call failed ('127.0.0.1', {port}))"
    )
    assert lines[1].endswith("ERROR bot.tg.app: Error while handling update 5")
    assert lines[2] == "Traceback (most recent call last):"


async def test_a_database_file_another_program_keeps_locked_is_one_warning_line(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, migrated_database_url: str
) -> None:
    """A backup or an open sqlite3 shell held the write lock: every press logged ~150 lines of traceback at
    ERROR. The bot gives up at once here instead of after its 15 s."""
    monkeypatch.setattr(engine, "SQLITE_BUSY_TIMEOUT_MS", 0)
    database = Database.connect(migrated_database_url)
    holder = sqlite3.connect(make_url(migrated_database_url).database or "", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    configure_logging("INFO")
    try:
        async with database.unit_of_work() as uow:
            await uow.games.find_active(-100, 0)
    except OperationalError:
        logging.getLogger("bot.tg.app").exception("Error while handling update %s", 6)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
        await database.dispose()
    [line] = capfd.readouterr().err.strip().splitlines()
    assert line.endswith(
        "WARNING bot.tg.app: Error while handling update 6: the database is locked: another program held it"
        " for over 15 s (a backup, a sqlite3 shell?)"
    )


class _ServerGoneMidway:
    """`python -m bot migrate` whose database server went away after start-up (a restart, a crash)."""

    def __init__(self, port: int) -> None:
        self._url = f"postgresql+asyncpg://uno:secret@127.0.0.1:{port}/uno"

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        pass

    def run(self, args: argparse.Namespace) -> int:
        asyncio.run(self._query())
        return 0

    async def _query(self) -> None:
        database = Database.connect(self._url)
        try:
            async with database.unit_of_work() as uow:
                await uow.games.find_active(-100, 0)
        finally:
            await database.dispose()


def test_a_database_out_of_reach_that_ends_the_process_is_one_error_line(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, clean_env: object
) -> None:
    """It read 'WARNING bot: migrate failed: the database is not reachable', as a failed update does, and the
    process exited 1: a line that ends the bot is an ERROR."""
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setitem(entry_point.SUBCOMMANDS, "migrate", _ServerGoneMidway(port))
    assert entry_point.main(["migrate"]) == 1
    [line] = capfd.readouterr().err.strip().splitlines()
    assert line.endswith(
        "ERROR bot: migrate failed: the database is not reachable ([Errno 111] Connect call failed"
        f" ('127.0.0.1', {port}))"
    )


class _GaveUp(Exception):
    pass


class _ProxyWithoutItsServer(BaseHTTPRequestHandler):
    """A reverse proxy (nginx) in front of a self-hosted Bot API server that is down: an HTML error page."""

    def do_POST(self) -> None:
        body = b"<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>nginx</body>\r\n</html>\r\n"
        self.send_response(502)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


async def test_a_bot_api_server_behind_a_proxy_that_is_down_is_one_warning_line_a_try(
    capfd: pytest.CaptureFixture[str],
) -> None:
    """PTB logged each error page it could not read as JSON at ERROR, with a traceback and the whole page,
    before raising the error the bot handles (here: waited for, one warning a try)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _ProxyWithoutItsServer)
    Thread(target=server.serve_forever, daemon=True).start()
    pauses: list[float] = []

    async def sleep(seconds: float) -> None:
        pauses.append(seconds)
        if len(pauses) == 2:
            raise _GaveUp

    configure_logging("INFO", secrets=[TOKEN])
    try:
        with pytest.raises(_GaveUp):
            await wait_for_telegram(TOKEN, f"http://127.0.0.1:{server.server_address[1]}", sleep)
    finally:
        server.shutdown()
        server.server_close()
    lines = capfd.readouterr().err.strip().splitlines()
    assert len(lines) == 2, lines
    assert all("WARNING bot.tg.reach: Telegram is not reachable (Bad Gateway (502)" in line for line in lines)
