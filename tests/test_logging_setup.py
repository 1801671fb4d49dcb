"""The bot token never reaches the log output, whether in a message, an argument or a traceback."""

from __future__ import annotations

import logging

import pytest

from bot.logging_setup import REDACTED, configure_logging

TOKEN = "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11"


@pytest.fixture(autouse=True)
def _restore_root_logger() -> object:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield None
    root.handlers[:] = handlers
    root.setLevel(level)


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
