"""A bot that runs for weeks: what it keeps of the matches that ended."""

from __future__ import annotations

from bot.service import Place
from tests.e2e.harness import World, choices, hand_message, press
from tests.e2e.matches import ONE_ROUND, deal, play_until_over, use_quick_rules, whose_turn
from tests.fake_bot_api import FakeTelegram


async def test_a_match_that_ended_is_let_go_and_its_old_hands_say_so(
    world: World, fake: FakeTelegram
) -> None:
    """Every match used to stay in memory with its players' hands for as long as the bot ran (~5 kB each,
    more for long matches); and a hand button from before the end read "This button is out of date. Use
    the newest message." where no newer message has any."""
    people = [fake.add_user("Alice"), fake.add_user("Bob")]
    group = fake.add_group("Friends", members=people)
    await use_quick_rules(world, group, ONE_ROUND)
    async with world.running() as bot:
        await deal(bot, fake, group, people)
        record, _ = await bot.game(group)
        while await bot.rt.service.find(Place(group.id)) is not None:
            mover = await whose_turn(bot, group, people)
            last_hand = hand_message(fake, mover)
            last_move = choices(last_hand)[0]
            await play_until_over(bot, group, {user.id: user for user in people}, limit=1)

        assert all(bot.rt.publishing.language_of(record.id, user.id) is None for user in people)
        query = press(fake, mover, last_hand, last_move)  # a screen that missed the match's end
        await bot.deliver()
        assert query.show_alert and query.answer_text == "There is no game here any more."
