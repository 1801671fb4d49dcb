"""What the bot keeps about a person, and what /forgetme leaves of it."""

from __future__ import annotations

from sqlalchemy import select

from bot.storage.models import Game
from bot.tg.callback_data import Action
from tests.e2e.harness import World, press_action
from tests.e2e.matches import ONE_ROUND, open_lobby, play_until_over, use_quick_rules
from tests.e2e.test_forgetme_in_a_game import confirm, forgetme
from tests.fake_bot_api import FakeTelegram


async def test_forgetme_takes_the_name_out_of_a_lobby_left_before(world: World, fake: FakeTelegram) -> None:
    """Bob joined Alice's lobby and left it; his /forgetme found "no statistics", and the match the lobby
    became kept his name once it ended."""
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    home = fake.add_group("Home", members=[alice, bob, carol])
    await use_quick_rules(world, home, ONE_ROUND)
    async with world.running() as bot:
        for user in (alice, bob, carol):
            fake.user_starts_bot(user)
        await bot.deliver()
        await open_lobby(bot, fake, home, alice, [bob, carol])
        fake.user_sends(bob, home, "/leave")
        await bot.deliver()

        done = await confirm(bot, fake, bob, await forgetme(bot, fake, bob))
        assert done.text == "Your statistics, rating, kept name and /notifyme requests were deleted."

        press_action(fake, alice, fake.last_bot_message(home), Action.START)
        await bot.deliver()
        await play_until_over(bot, home, {alice.id: alice, carol.id: carol})
        async with bot.rt.database.unit_of_work() as uow:
            (game,) = await uow.session.scalars(select(Game))
    assert game.finished_at is not None
    assert game.state["names"] == {str(alice.id): "Alice", str(bob.id): "", str(carol.id): "Carol"}
