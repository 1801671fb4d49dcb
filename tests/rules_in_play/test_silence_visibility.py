"""Seven silence needs the group's messages: choosing it (here with the Extreme preset) says so when the bot,
in privacy mode and not an admin, cannot see them."""

from __future__ import annotations

import pytest

from tests.e2e.harness import World
from tests.fake_bot_api import FakeClock, FakeTelegram

BLIND = "Seven silence needs me to see the group's messages"


@pytest.fixture
def fake(clock: FakeClock) -> FakeTelegram:
    return FakeTelegram(clock=clock, group_privacy=True)


@pytest.mark.parametrize("bot_is_admin", [False, True])
async def test_the_extreme_preset_warns_a_bot_that_cannot_see_the_group(
    world: World, fake: FakeTelegram, bot_is_admin: bool
) -> None:
    admin = fake.add_user("Alice")
    group = fake.add_group("Friends", creator=admin, bot_is_admin=bot_is_admin)
    async with world.running() as bot:
        fake.user_sends(admin, group, "/settings")
        await bot.deliver()
        fake.user_presses(admin, fake.last_bot_message(group), "Extreme")
        await bot.deliver()
        text = fake.last_bot_message(group).text or ""
        assert "Extreme" in text
        assert (BLIND in text) is not bot_is_admin
