"""outage.out_of_reach: the errors of a PostgreSQL server that dropped or refused the session (SQLSTATE class
08, shut down, starting up) are an outage, told in one line; any other database error is a bug."""

from __future__ import annotations

import sqlite3

import asyncpg
import pytest
from sqlalchemy.exc import DBAPIError, OperationalError

from bot.storage.outage import locked, out_of_reach, unavailable


@pytest.mark.parametrize(
    "error",
    [
        asyncpg.exceptions.ConnectionFailureError("server closed the connection"),  # 08006
        asyncpg.exceptions.ConnectionDoesNotExistError("server closed the connection"),  # 08003
        asyncpg.exceptions.AdminShutdownError("server closed the connection"),  # 57P01
        asyncpg.exceptions.CannotConnectNowError("server closed the connection"),  # 57P03
    ],
)
def test_a_server_that_dropped_the_session_is_out_of_reach(error: Exception) -> None:
    raised = DBAPIError("SELECT 1", None, error)
    assert out_of_reach(raised) == "server closed the connection" and unavailable(raised)


def test_another_server_error_is_no_outage() -> None:
    raised = DBAPIError("INSERT", None, asyncpg.exceptions.UniqueViolationError("duplicate key"))  # 23505
    assert out_of_reach(raised) is None and not unavailable(raised)


def test_a_connection_the_driver_found_dead_is_out_of_reach() -> None:
    """No SQLSTATE at all: the connection broke under the statement, and SQLAlchemy invalidated it."""
    raised = DBAPIError(
        "SELECT 1", None, ConnectionResetError("connection reset"), connection_invalidated=True
    )
    assert out_of_reach(raised) == "connection reset"


def test_a_sqlite_file_another_program_keeps_locked_is_unavailable_not_out_of_reach() -> None:
    raised = OperationalError("BEGIN IMMEDIATE", None, sqlite3.OperationalError("database is locked"))
    assert locked(raised) and unavailable(raised) and out_of_reach(raised) is None


def test_another_sqlite_error_is_no_outage() -> None:
    """Its file is there to write: the same work would fail again in a moment (a bug, a damaged file)."""
    raised = OperationalError("SELECT", None, sqlite3.OperationalError("no such table: games"))
    assert not locked(raised) and not unavailable(raised)
