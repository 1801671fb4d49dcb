"""Tests on PostgreSQL as well as SQLite: a throwaway server, and a fresh database for each test on it.

    python -m tests.postgres [pytest arguments]      # e.g. tests/storage tests/service

starts a PostgreSQL server from the `pgserver` package (PyPI; `pip install -e '.[postgres-tests]'`) in a new
folder, runs pytest with POSTGRES_URL_ENV set to it, then stops the server and deletes the folder. With that
variable set, the `database_url` fixture (tests/conftest.py) creates a database for each test on that server
and drops it afterwards; the tests then run the real migrations on it, as they do on a fresh SQLite file.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import make_url, text

from bot.storage.engine import create_engine

POSTGRES_URL_ENV = "UNO_TEST_POSTGRES_URL"  # the server's own database, as a postgresql+asyncpg:// URL
# Nothing a throwaway server holds must outlive a crash of the machine: no waits for the disk. Each test's
# database is copied from a template and dropped with its files (a drop waited ~0.1-0.3 s for fsyncs); what
# the tests see of their transactions is the same. psql stops (and fails) at a statement refused.
THROWAWAY_SETTINGS = """
\\set ON_ERROR_STOP on
ALTER SYSTEM SET fsync = off;
ALTER SYSTEM SET synchronous_commit = off;
ALTER SYSTEM SET full_page_writes = off;
SELECT pg_reload_conf();
"""


async def create_database(server_url: str, template: str | None = None) -> str:
    """A new database on the server, empty or a copy of the database named `template` (which nobody may be
    connected to); its URL."""
    name = f"uno_test_{uuid.uuid4().hex[:16]}"
    copied = f' TEMPLATE "{template}"' if template is not None else ""
    await _run_on_server(server_url, f'CREATE DATABASE "{name}"{copied}')
    return make_url(server_url).set(database=name).render_as_string(hide_password=False)


async def drop_database(server_url: str, url: str) -> None:
    name = make_url(url).database
    await _run_on_server(server_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def _run_on_server(server_url: str, statement: str) -> None:
    engine = create_engine(server_url).execution_options(isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            await connection.execute(text(statement))
    finally:
        await engine.dispose()


@contextmanager
def server() -> Iterator[str]:
    """A throwaway PostgreSQL server (its own folder and socket), as a postgresql+asyncpg:// URL."""
    import pgserver  # only this lane needs it

    folder = tempfile.mkdtemp(prefix="uno-postgres-")
    os.chmod(folder, 0o755)  # run as root, pgserver runs the server as a user of its own
    server = pgserver.get_server(os.path.join(folder, "data"), cleanup_mode="stop")
    try:
        server.psql(THROWAWAY_SETTINGS)
        yield server.get_uri().replace("postgresql://", "postgresql+asyncpg://", 1)
    finally:
        server.cleanup()
        shutil.rmtree(folder, ignore_errors=True)


def main(arguments: list[str]) -> int:
    with server() as url:
        environment = {**os.environ, POSTGRES_URL_ENV: url}
        return subprocess.call([sys.executable, "-m", "pytest", *arguments], env=environment)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
