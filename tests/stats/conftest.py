"""The real Application (build_application + the stats handlers), started as polling starts it, against the
served fake Bot API; its time is the fake's clock, beginning at the results' NOW. It starts on a Telegram
and a database as a start of the bot left them (`as_set_before`, tests/set_before.py): its start sets no
menus or descriptions, ~21 of a test's ~29 calls."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from bot.config import Settings
from bot.storage import Database
from bot.tg.app import BotApplication, build_application, runtime_of
from tests.e2e.conftest import as_set_before
from tests.fake_bot_api import FakeClock, FakeTelegram, serve_fake_bot_api
from tests.stats.factory import NOW
from tests.virtual_wiring import on_virtual_time

__all__ = ["as_set_before"]


@pytest.fixture
def clock() -> FakeClock:
    """The clock of tests/conftest.py's `fake`: it begins at the results' NOW."""
    return FakeClock(NOW.timestamp())


@dataclass
class Bot:
    """Hands the fake's pending updates to the application, one at a time, as polling would."""

    application: BotApplication
    clock: FakeClock
    offset: int = 0

    async def handle_updates(self) -> int:
        """Handle them, then wait until the answers and edits they asked for are written."""
        updates = await self.application.bot.get_updates(offset=self.offset, timeout=0)
        for update in updates:
            await self.clock.run(self.application.process_update(update))
            self.offset = update.update_id + 1
        await self.clock.run(runtime_of(self.application).idle())
        return len(updates)


@pytest.fixture
async def bot(fake: FakeTelegram, database: Database, database_url: str) -> AsyncIterator[Bot]:
    with serve_fake_bot_api(fake) as served:
        settings = Settings(  # type: ignore[call-arg]
            _env_file=None, telegram_api_url=served.api_url, database_url=database_url, default_language="en"
        )
        clock = fake.clock
        assert isinstance(clock, FakeClock)
        application = build_application(settings, fake.token, database, on_virtual_time(clock))
        async with application:
            assert application.post_init is not None and application.post_shutdown is not None
            await application.post_init(application)
            try:
                yield Bot(application, clock)
            finally:
                await application.post_shutdown(application)
