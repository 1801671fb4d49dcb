"""A game stopped, or a player out of it: no screen keeps offering a turn, and old buttons get an answer."""

from __future__ import annotations

from bot.service import Place
from bot.tg.callback_data import Action
from tests.e2e.harness import World, buttons, hand_message, press
from tests.e2e.matches import started, stop
from tests.fake_bot_api import FakeTelegram

PAGE_SETTLES = 30  # seconds for every paced edit to go out


async def test_a_stopped_game_leaves_no_turn_and_no_buttons(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        record, _ = await bot.game(group)
        await stop(bot, fake, group, people[0])
        await bot.tick(PAGE_SETTLES)
        assert await bot.rt.service.find(Place(group.id)) is None
        table = fake.messages[(group.id, record.table_message_id)]
        assert "The game was stopped." in (table.text or "") and "Turn:" not in (table.text or "")
        assert not table.buttons
        for user in people:
            hand = hand_message(fake, user)
            assert "The game was stopped." in (hand.text or ""), user.first_name
            assert "turn" not in (hand.text or "").lower() and not hand.buttons, user.first_name


async def test_a_card_pressed_after_the_game_stopped_is_answered(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        hand = hand_message(fake, people[0])  # Alice's: the turn is hers
        pressed = [data for _, data in buttons(hand) if data.action in (Action.PAGE, Action.DRAW)]
        assert {data.action for data in pressed} == {Action.PAGE, Action.DRAW}
        await stop(bot, fake, group, people[0])
        for data in pressed:  # pressed before the hand's edit arrived
            query = press(fake, people[0], hand, data)
            await bot.deliver()
            assert query.show_alert and query.answer_text == "There is no game here any more.", data
