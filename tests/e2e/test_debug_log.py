"""LOG_LEVEL=DEBUG shows each Bot API call the bot makes, but not what the calls carry: PTB logged every
hand's cards, every message's text and every sender's name with them."""

from __future__ import annotations

import pytest

from bot.logging_setup import configure_logging
from tests.e2e.harness import World, hand_message
from tests.e2e.matches import deal
from tests.fake_bot_api import FakeTelegram


@pytest.mark.usefixtures("root_logger_restored")
async def test_debug_names_each_call_without_cards_texts_or_names(
    world: World, fake: FakeTelegram, capfd: pytest.CaptureFixture[str]
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    configure_logging("DEBUG", secrets=[fake.token])
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        hand = hand_message(fake, alice)
    err = capfd.readouterr().err

    assert "DEBUG telegram.ext.ExtBot: Calling Bot API endpoint `sendMessage`\n" in err
    assert "DEBUG telegram.ext.ExtBot: Call to Bot API endpoint `getUpdates` finished\n" in err
    cards = [button["callback_data"] for row in hand.buttons for button in row]
    assert cards and not [card for card in cards if card in err]
    assert "Alice" not in err and "Friends" not in err
    assert (hand.text or "").splitlines()[-1] not in err
