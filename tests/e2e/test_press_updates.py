"""What the bot's getUpdates hands PTB: a press with, of the pressed message's keyboard, only the first button
of the kind pressed (bot.tg.updates_request), everything else as Telegram sent it."""

from __future__ import annotations

from telegram import Message, Update

from bot.tg.callback_data import kind
from tests.e2e.harness import World, choices, hand_message, press
from tests.e2e.matches import started
from tests.fake_bot_api import FakeTelegram


async def test_a_press_arrives_with_one_button_of_its_kind_and_is_played(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        record, doc = await bot.game(group)
        actor = next(user for user in people if user.id == doc.state.actor)
        hand = hand_message(fake, actor)
        assert hand.buttons  # Telegram sends the pressed message with its keyboard
        query = press(fake, actor, hand, choices(hand)[0])

        [update] = await bot.app.bot.get_updates(
            offset=bot.offset, timeout=0, allowed_updates=Update.ALL_TYPES
        )
        pressed = update.callback_query
        assert pressed is not None and pressed.data == query.data and pressed.from_user.id == actor.id
        assert isinstance(pressed.message, Message)
        assert pressed.message.reply_markup is not None
        [[kept]] = pressed.message.reply_markup.inline_keyboard
        assert kind(str(kept.callback_data)) == kind(query.data)
        assert (pressed.message.chat.id, pressed.message.message_id) == (actor.id, hand.message_id)
        assert pressed.message.text == hand.text

        bot.offset = update.update_id + 1
        await bot.clock.run(bot.app.process_update(update))
        await bot.settle()
        assert query.answered and not query.show_alert
        assert (await bot.game(group))[0].version > record.version
