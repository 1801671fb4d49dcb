"""The real Application (bot.tg.app.build_application + the settings handlers) against the fake Bot API,
served on 127.0.0.1 so every call goes through PTB's real HTTP stack. Updates are handed to the Application
one by one (`Harness.deliver`), so a test knows each has been fully handled, and what it wrote written, before
it looks. The Application is started as polling starts it, on the fake's clock, on a Telegram and a database
as a start of the bot left them (`as_set_before`, tests/set_before.py): its start sets no menus or
descriptions, ~21 of a test's ~28 calls."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass

import pytest
from telegram import Update

from bot.config import Settings
from bot.storage import Database
from bot.tg.app import BotApplication, build_application, runtime_of
from bot.tg.replies import PacedReplies
from bot.tg.settings_handlers import register
from tests.e2e.conftest import as_set_before
from tests.fake_bot_api import FakeClock, FakeTelegram, ServedFake, serve_fake_bot_api
from tests.virtual_wiring import on_virtual_time

__all__ = ["as_set_before"]


@pytest.fixture
def group_privacy() -> bool:
    return False


@pytest.fixture
def served(fake: FakeTelegram, group_privacy: bool) -> Iterator[ServedFake]:
    fake.group_privacy = group_privacy
    with serve_fake_bot_api(fake) as served:
        yield served


@dataclass
class Harness:
    app: BotApplication
    fake: FakeTelegram
    database: Database
    clock: FakeClock
    _offset: int = 0

    async def deliver(self) -> int:
        """Hand every pending update to the Application, in order; returns how many there were."""
        handled = 0
        # every kind of update, as run_polling asks for (chat_member is not sent by default)
        while updates := self.fake.take_updates(self._offset or None, 100, list(Update.ALL_TYPES)):
            for data in updates:
                self._offset = data["update_id"] + 1
                await self.clock.run(self.app.process_update(Update.de_json(data, self.app.bot)))
                handled += 1
        await self.clock.run(runtime_of(self.app).idle())
        return handled


@pytest.fixture
async def harness(served: ServedFake, database: Database, clock: FakeClock) -> AsyncIterator[Harness]:
    settings = Settings(telegram_api_url=served.url, default_language="en")
    app = build_application(
        settings,
        served.fake.token,
        database,
        on_virtual_time(clock),
    )
    rt = runtime_of(app)
    replies = PacedReplies(lambda: rt.pacer, rt.clock, rt.ticks, lambda: rt.fleeting, rt.closed_topics)
    register(
        app,
        database,
        settings.default_language,
        replies=replies,
        sees_group=rt.sees_group,
        spawn=rt.spawn,
        clock=clock.monotonic,
    )
    async with app:
        assert app.post_init is not None and app.post_shutdown is not None
        await app.post_init(app)
        try:
            yield Harness(app, served.fake, database, clock)
        finally:
            await app.post_shutdown(app)
