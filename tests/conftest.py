"""Shared fixtures: a real SQLite file (or PostgreSQL database, tests/postgres.py) per test, migrated with
the real Alembic scripts (on SQLite once a test process, into a file each test's database is a copy of);
the fake Bot API on a virtual clock."""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, settings
from sqlalchemy.engine import make_url

from bot.storage import Database
from bot.storage.migrate import upgrade_to_head
from tests.fake_bot_api import FakeClock, FakeTelegram
from tests.postgres import POSTGRES_URL_ENV, create_database, drop_database
from tests.rewrite_shares import import_my_share
from tests.set_before import SetBefore, set_before

REPO_ROOT = Path(__file__).resolve().parents[1]
# Settings the bot reads; scrubbed so a developer's environment or .env cannot leak into tests.
BOT_ENV_VARS = ("BOT_TOKEN", "DATABASE_URL", "TELEGRAM_API_URL", "LOG_LEVEL", "DEFAULT_LANGUAGE")
# The longest tests, first, longest of all first, so that none starts near the end: with `--maxschedchunk 1`
# (pyproject.toml) xdist hands each worker two tests, then one more whenever one of its tests ends. The
# property tests keep a core busy for a minute or more each; the reliability runs wait about as long in real
# time (the bot's own pacing of its writes) and use little CPU. In this order the first two workers start on
# property tests and the other two on reliability runs, so both cores stay busy while those wait. (Without
# that option xdist gave each worker a quarter of the first tests at once: one worker got all of these and
# ran them one after another, ~8 minutes on 2 cores, while the other three ran the rest.)
LONGEST_FIRST = (
    "tests/engine/test_properties.py::test_random_rounds_keep_every_invariant",
    "tests/reliability/test_monkey.py",
    "tests/reliability/test_chaos.py",
    "tests/reliability/test_crash.py",
    "tests/engine/test_properties.py",
    "tests/reliability/",
)


# tests/engine/test_properties.py's examples a test (0: each test's own count, derandomized).
PROPERTY_EXAMPLES = int(os.environ.get("UNO_PROPERTY_EXAMPLES", "0"))
# Whole random rounds are costly to shrink: a failure prints its rules, players and seed instead. Loaded here,
# before any test module is imported, as @given takes the default settings when it decorates: every test
# using Hypothesis runs with these, whichever modules were imported before its own.
settings.register_profile(
    "engine",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=not PROPERTY_EXAMPLES,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
settings.load_profile("engine")


@pytest.hookimpl(tryfirst=True)
def pytest_collection(session: pytest.Session) -> None:
    import_my_share(session)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "new_telegram: starts on a new Telegram, nothing set (as_set_before)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # A stable sort: the tests of each entry keep their order.
    items.sort(
        key=lambda item: next(
            (n for n, f in enumerate(LONGEST_FIRST) if item.nodeid.startswith(f)), len(LONGEST_FIRST)
        )
    )


@pytest.fixture
def repo_root() -> Path:
    return REPO_ROOT


@pytest.fixture
def database_url(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh SQLite file; or, when the tests run on PostgreSQL (tests/postgres.py), a fresh database. For a
    test that asks for `migrated_database_url` too, the PostgreSQL database is made a copy of
    `postgres_at_head` (or `postgres_as_set`) at once (the same database: some tests use both)."""
    server = os.environ.get(POSTGRES_URL_ENV)
    if server is None:
        yield f"sqlite+aiosqlite:///{tmp_path / 'db' / 'uno.db'}"
        return
    template = None
    if "migrated_database_url" in request.fixturenames:
        as_set = request.getfixturevalue("as_set_before")
        template = request.getfixturevalue("postgres_as_set" if as_set else "postgres_at_head")
    url = asyncio.run(create_database(server, template))  # no event loop runs yet while fixtures are set up
    try:
        yield url
    finally:
        asyncio.run(drop_database(server, url))


@pytest.fixture(scope="session")
def sqlite_at_head(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file the real migrations brought to the head revision, once a test process: migrating costs
    ~200 ms, which a thousand tests paid each; copying the file costs ~1."""
    path = tmp_path_factory.mktemp("at_head") / "uno.db"
    asyncio.run(upgrade_to_head(f"sqlite+aiosqlite:///{path}"))  # no event loop runs yet (see database_url)
    # Closing the last connection checkpointed the write-ahead log: the one file holds everything.
    assert not path.with_name("uno.db-wal").exists()
    return path


@pytest.fixture(scope="session")
def postgres_at_head() -> Iterator[str]:
    """The name of a PostgreSQL database the real migrations brought to the head revision, once a test
    process: migrating costs ~0.5 s, which each of ~300 tests paid; copying it (CREATE DATABASE ... TEMPLATE)
    ~0.07 s."""
    server = os.environ[POSTGRES_URL_ENV]
    url = asyncio.run(create_database(server))
    asyncio.run(upgrade_to_head(url))  # its connections closed after: a template must have none
    try:
        yield str(make_url(url).database)
    finally:
        asyncio.run(drop_database(server, url))


@pytest.fixture
def as_set_before() -> bool:
    """Whether the test's `fake` and the database at its `migrated_database_url` start as a start of the bot
    left them, its command menus and descriptions set (tests/set_before.py): the e2e (rules_in_play,
    settings, stats) tests' do, but those marked `new_telegram` (tests/e2e/conftest.py)."""
    return False


@pytest.fixture(scope="session")
def telegram_set_before(sqlite_at_head: Path) -> SetBefore:
    """The command menus and descriptions the bot sets on a new Telegram, once a test process."""
    scratch = sqlite_at_head.with_name("set_before.db")
    shutil.copyfile(sqlite_at_head, scratch)
    return asyncio.run(set_before(scratch))  # no event loop runs yet (see database_url)


@pytest.fixture(scope="session")
def sqlite_as_set(sqlite_at_head: Path, telegram_set_before: SetBefore) -> Path:
    """`sqlite_at_head` keeping the fingerprints of `telegram_set_before`."""
    path = sqlite_at_head.with_name("as_set.db")
    shutil.copyfile(sqlite_at_head, path)
    asyncio.run(telegram_set_before.kept_in(f"sqlite+aiosqlite:///{path}"))
    assert not path.with_name("as_set.db-wal").exists()
    return path


@pytest.fixture(scope="session")
def postgres_as_set(postgres_at_head: str, telegram_set_before: SetBefore) -> Iterator[str]:
    """`postgres_at_head` keeping the fingerprints of `telegram_set_before`."""
    server = os.environ[POSTGRES_URL_ENV]
    url = asyncio.run(create_database(server, postgres_at_head))
    asyncio.run(telegram_set_before.kept_in(url))
    try:
        yield str(make_url(url).database)
    finally:
        asyncio.run(drop_database(server, url))


@pytest.fixture
def sqlite_template(as_set_before: bool, request: pytest.FixtureRequest) -> Path:
    """The SQLite file at the head revision a test's database is a copy of (`as_set_before`)."""
    return Path(request.getfixturevalue("sqlite_as_set" if as_set_before else "sqlite_at_head"))


@pytest.fixture
def migrated_database_url(database_url: str, request: pytest.FixtureRequest) -> str:
    """`database_url`, its database at the head revision: on SQLite a copy of `sqlite_template`, on
    PostgreSQL of `postgres_at_head` or `postgres_as_set` (made so by `database_url`)."""
    if os.environ.get(POSTGRES_URL_ENV) is not None:
        return database_url
    target = Path(str(make_url(database_url).database))
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(request.getfixturevalue("sqlite_template"), target)
    return database_url


@pytest.fixture
async def database(migrated_database_url: str) -> AsyncIterator[Database]:
    db = Database.connect(migrated_database_url)
    try:
        yield db
    finally:
        await db.dispose()


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No bot settings in the environment, and a working directory without a .env; returns that directory."""
    for name in BOT_ENV_VARS:
        monkeypatch.delenv(name, raising=False)
    workdir = tmp_path / "cwd"
    workdir.mkdir()
    monkeypatch.chdir(workdir)
    return workdir


@pytest.fixture
def root_logger_restored() -> Iterator[None]:
    """The root logger's handlers and level as they were: for tests that call the bot's configure_logging,
    which replaces them (pytest's own capture among them)."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


@pytest.fixture
def bot_env() -> dict[str, str]:
    """The environment for running `python -m bot` as a child: ours minus the bot settings.

    Tests add the settings they need; the child imports `bot` from this checkout.
    """
    env = {key: value for key, value in os.environ.items() if key not in BOT_ENV_VARS}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    return env


@pytest.fixture(autouse=True)
def timedelta_retry_after(monkeypatch: pytest.MonkeyPatch) -> None:
    """PTB 22 warns on every RetryAfter unless opted in to its future (timedelta) behaviour."""
    monkeypatch.setenv("PTB_TIMEDELTA", "1")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def fake(clock: FakeClock, as_set_before: bool, request: pytest.FixtureRequest) -> FakeTelegram:
    fake = FakeTelegram(clock=clock)
    if as_set_before:
        request.getfixturevalue("telegram_set_before").set_in(fake)
    return fake
