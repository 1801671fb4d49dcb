"""Presses on an outdated hand keyboard: answered at once, and the hand redrawn at most once per state."""

from __future__ import annotations

from bot.tg.callback_data import CallbackData
from tests.e2e.harness import World, choices, hand_message, press
from tests.e2e.matches import play_until_over, started
from tests.fake_bot_api import ApiError, FakeTelegram, User

WRITES = ("sendMessage", "editMessageText")


def _writes_to(fake: FakeTelegram, user: User) -> int:
    return sum(1 for c in fake.calls if c.method in WRITES and int(c.params.get("chat_id", 0)) == user.id)


def _older(data: CallbackData) -> CallbackData:
    return CallbackData(data.action, data.game_id, data.state - 1, data.args)


async def test_repeated_presses_on_an_outdated_hand_cost_no_writes(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        await play_until_over(bot, group, {user.id: user for user in people}, limit=2)
        record, doc = await bot.game(group)
        actor = next(user for user in people if user.id == doc.state.actor)
        assert doc.state.turn_deadline is not None
        hand = hand_message(fake, actor)
        shown = hand.text
        outdated = _older(choices(hand)[0])
        assert bot.rt.publishing.outdated(record.id, actor.id, outdated.state)
        assert not bot.rt.publishing.outdated(record.id, actor.id, choices(hand)[0].state)
        writes = _writes_to(fake, actor)
        # Presses spread over half a minute: the time left would have changed its 10 s step each time.
        step = (doc.state.turn_deadline / 1000 - world.clock() - 21) / 3
        assert step > 10
        for _ in range(3):
            query = press(fake, actor, hand, outdated)
            await bot.deliver()
            assert query.answered and query.show_alert
            await bot.tick(step)
        assert _writes_to(fake, actor) == writes
        assert hand_message(fake, actor).text == shown
        _, after = await bot.game(group)
        assert after.state.seq == doc.state.seq


async def test_a_lost_hand_edit_is_healed_by_the_next_outdated_press_once(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        _, doc = await bot.game(group)
        actor = next(user for user in people if user.id == doc.state.actor)
        hand = hand_message(fake, actor)
        before = hand.reply_markup
        # The move's two edits (the mover's hand, the table) are refused for good.
        fake.fail_next("editMessageText", ApiError(400, "Bad Request: message can't be edited"), times=2)
        moved = press(fake, actor, hand, choices(hand)[0])
        await bot.deliver()
        assert moved.answered and not moved.show_alert
        assert fake.messages[(actor.id, hand.message_id)].reply_markup == before  # the edit was lost
        writes = _writes_to(fake, actor)

        outdated = choices(hand)[-1]  # another button of the old hand (the move's own again says nothing)
        for _ in range(2):  # the first outdated press redraws the hand, the second costs nothing
            query = press(fake, actor, hand, outdated)
            await bot.deliver()
            assert query.answered and query.show_alert
            assert _writes_to(fake, actor) == writes + 1
        assert fake.messages[(actor.id, hand.message_id)].reply_markup != before
