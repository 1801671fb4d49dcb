"""Logging to stderr with the bot token masked, whatever logger or traceback carries it."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterable

from bot.storage.engine import SQLITE_BUSY_TIMEOUT_MS
from bot.storage.outage import locked, out_of_reach

REDACTED = "<redacted>"
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
# httpx (PTB's default HTTP client, which a library may still use) logs each request URL at INFO, and
# Telegram URLs contain the token (masked anyway); aiosqlite logs every call at DEBUG. Both drown the rest.
_CHATTY_LOGGERS = ("httpx", "httpcore", "aiosqlite")
# PTB's AIORateLimiter logs every 429 it passes on with a traceback at ERROR, although the caller (the
# write pacer, the callback answer) handles RetryAfter itself; its requests log an answer that is no JSON (a
# proxy's "502 Bad Gateway" page) whole, with a traceback, before raising the error that carries it, which
# the caller handles (start-up waits, the outage watch). Only their CRITICAL messages are kept.
_HANDLED_ERROR_LOGGERS = ("telegram.ext.AIORateLimiter", "telegram.request.BaseRequest")


# Alembic names its dialect and DDL mode at every start (twice): noise beside its "Running upgrade" lines.
_ALEMBIC_PREAMBLE = ("Context impl ", "Will assume ")


def _not_alembic_preamble(record: logging.LogRecord) -> bool:
    return not (record.name == "alembic.runtime.migration" and str(record.msg).startswith(_ALEMBIC_PREAMBLE))


# When polling stops, PTB confirms the handled updates with one last getUpdates. Telegram out of reach then
# (the network went down first), it logs that at ERROR with three chained tracebacks, for updates Telegram
# merely hands over again at the next start.
_UNCONFIRMED_UPDATES = "Error while calling `get_updates` one more time"


def _unconfirmed_updates_in_one_line(record: logging.LogRecord) -> bool:
    if record.name == "telegram.ext.Updater" and str(record.msg).startswith(_UNCONFIRMED_UPDATES):
        reason = record.exc_info[1] if record.exc_info else None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.msg = "Could not confirm the last updates to Telegram (%s): the next start handles them again"
        record.args = (reason,)
        record.exc_info, record.exc_text = None, None
    return True


# At DEBUG, PTB logs every Bot API call with its parameters and answer, and every update it handles whole:
# every hand's cards, every message's text, every sender's name. The lines stay (the calls' flow is what DEBUG
# is for); what they carry is left out.
_TELEGRAM_PAYLOADS = {
    "Calling Bot API endpoint `%s` with parameters `%s`": "Calling Bot API endpoint `%s`",
    "Call to Bot API endpoint `%s` finished with return value `%s`": "Call to Bot API endpoint `%s` finished",
    "Processing update %s": "Processing update %s",
    "Dropping pending update: %s": "Dropping pending update %s",
}


def _telegram_payloads_left_out(record: logging.LogRecord) -> bool:
    shorter = _TELEGRAM_PAYLOADS.get(str(record.msg)) if record.name.startswith("telegram") else None
    if shorter is not None and isinstance(record.args, tuple) and record.args:
        endpoint_or_update = record.args[0]
        record.msg = shorter
        record.args = (getattr(endpoint_or_update, "update_id", endpoint_or_update),)
    return True


def _database_unavailable_in_one_line(record: logging.LogRecord) -> bool:
    """While the database server is down, or another program keeps the SQLite file locked, every update and
    timer fails alike: a warning line each, without the ~150 lines of traceback that buried the log."""
    error = record.exc_info[1] if record.exc_info else None
    why = database_unavailable(error) if error is not None else None
    if why is not None:
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.msg, record.args = "%s: %s", (record.getMessage(), why)
        record.exc_info, record.exc_text = None, None
    return True


def database_unavailable(error: BaseException) -> str | None:
    """Why `error` says the database could not be used just now (its server out of reach, its file locked),
    as a log line tells it; None for any other error."""
    reason = out_of_reach(error)
    if reason is not None:
        return f"the database is not reachable ({reason})"
    if locked(error):
        return (
            f"the database is locked: another program held it for over {SQLITE_BUSY_TIMEOUT_MS // 1000} s "
            "(a backup, a sqlite3 shell?)"
        )
    return None


class RedactingFormatter(logging.Formatter):
    """Formats a record, then masks the secrets in the whole text (message, arguments, traceback)."""

    def __init__(self, secrets: Iterable[str], fmt: str = _FORMAT) -> None:
        super().__init__(fmt)
        self._secrets = tuple(secret for secret in secrets if secret)

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        for secret in self._secrets:
            text = text.replace(secret, REDACTED)
        return text


def configure_logging(level: str, secrets: Iterable[str] = ()) -> None:
    """Send all logs to stderr at `level`, masking `secrets`; replaces any handlers configured before."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(RedactingFormatter(secrets))
    handler.addFilter(_not_alembic_preamble)
    handler.addFilter(_unconfirmed_updates_in_one_line)
    handler.addFilter(_database_unavailable_in_one_line)
    handler.addFilter(_telegram_payloads_left_out)
    root = logging.getLogger()
    for old in root.handlers[:]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    logging.captureWarnings(True)
    for name in _CHATTY_LOGGERS:
        logging.getLogger(name).setLevel(max(logging.WARNING, root.level))
    for name in _HANDLED_ERROR_LOGGERS:
        logging.getLogger(name).setLevel(logging.CRITICAL)
