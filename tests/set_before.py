"""Telegram as an earlier start of the bot left it: its command menus and descriptions set
(bot.tg.profile_kept), in a fake Telegram's state and in the fingerprints a database keeps of them. The e2e,
settings and stats tests start on it (their `as_set_before`), and the reliability runs' bot process (`AsSet`),
so that a test's first start makes none of the ~21 calls that set them (about half of an e2e test's calls;
~10 ms of CPU a start, session 60); a test of how they are set is marked `new_telegram` and starts on a new
Telegram.

Made once a test process by the bot's own start-up code (`set_profile`), on a fake of the default token with
the harness' DEFAULT_LANGUAGE (en): a test whose bot words them otherwise (another DEFAULT_LANGUAGE's
descriptions, another token) sees them set again, as a new version's start does. The private chats' own menus
are left out: nobody chose a language here, and a test that writes a choice down before its start has them
set as before."""

from __future__ import annotations

import copy
import shutil
from dataclasses import dataclass
from pathlib import Path

from bot.i18n import Translator
from bot.storage import Database
from bot.tg.profile_kept import DESCRIPTIONS, MENUS, set_profile
from tests.fake_bot_api import FakeTelegram, asgi_bot


@dataclass(frozen=True)
class SetBefore:
    commands: dict[tuple[str, str], list[dict[str, str]]]
    profile_texts: dict[tuple[str, str], str]
    fingerprints: dict[str, str]  # of the menus and of the descriptions

    def set_in(self, fake: FakeTelegram) -> None:
        """The menus and descriptions in `fake`, as the bot set them (none of its calls logged)."""
        with fake.lock:
            fake.commands.update(copy.deepcopy(self.commands))
            fake.profile_texts.update(self.profile_texts)

    async def kept_in(self, database_url: str) -> None:
        """Their fingerprints written down in the database at `database_url`, as the bot writes them."""
        database = Database.connect(database_url)
        try:
            async with database.unit_of_work() as uow:
                await uow.set_in_telegram.put(self.fingerprints)
        finally:
            await database.dispose()


@dataclass(frozen=True)
class AsSet:
    """A Telegram and a SQLite file as a start of the bot left them, for a bot run as a process
    (tests/reliability): `template` is `telegram`'s as-set database (tests/conftest.py's `sqlite_as_set`)."""

    telegram: SetBefore
    template: Path

    def set_up(self, fake: FakeTelegram, database: Path) -> None:
        """The menus and descriptions in `fake`, and the new file `database` a copy of the template."""
        self.telegram.set_in(fake)
        database.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(self.template, database)


async def set_before(at_head: Path) -> SetBefore:
    """What the bot's start sets on a new fake Telegram, its database the SQLite file `at_head` (a copy)."""
    fake = FakeTelegram()
    database = Database.connect(f"sqlite+aiosqlite:///{at_head}")
    try:
        async with asgi_bot(fake) as bot:
            await set_profile(bot, database, Translator(), "en")
        async with database.unit_of_work() as uow:
            kept = await uow.set_in_telegram.all()
    finally:
        await database.dispose()
    return SetBefore(fake.commands, fake.profile_texts, {what: kept[what] for what in (MENUS, DESCRIPTIONS)})
