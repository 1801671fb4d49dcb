"""After a 403 the pacer refuses writes to that chat at once; Telegram's word that the bot may write there
again (the bot added back to a group) opens it again."""

from __future__ import annotations

from bot.tg.pacing import Render
from bot.tg.send import Sent, Unreachable
from tests.e2e.harness import World
from tests.fake_bot_api import FakeTelegram


async def test_a_group_that_removed_the_bot_is_written_to_again_once_it_adds_the_bot_back(
    world: World, fake: FakeTelegram
) -> None:
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    async with world.running() as bot:
        pacer = bot.rt.pacer
        assert pacer is not None
        fake.kick_bot_from_group(group, alice)
        await bot.deliver()
        refused = await world.clock.run(pacer.send(group.id, Render("still there?")))
        assert isinstance(refused, Unreachable)
        calls = len(fake.calls)
        assert await pacer.send(group.id, Render("and now?")) == refused
        assert len(fake.calls) == calls  # refused without asking Telegram

        fake.add_bot_to_group(group, alice)
        await bot.deliver()
        assert isinstance(await world.clock.run(pacer.send(group.id, Render("hello again"))), Sent)
        assert fake.last_bot_message(group).text == "hello again"
