"""No link preview cards under the bot's messages (tests.fake_bot_api.link_previews)."""

from __future__ import annotations

from bot.tg.render.unlinked import WORD_JOINER
from tests.e2e.harness import World, hand_message
from tests.e2e.matches import deal
from tests.fake_bot_api import FakeTelegram


async def test_a_web_address_in_a_name_or_a_title_brings_no_preview_card(
    world: World, fake: FakeTelegram
) -> None:
    """A player named "alex.example.com" in a group titled "play.example.com": Telegram found the addresses
    in the table's rows and the hands' titles and showed a preview card of the site under each of them (on
    Telegram Desktop and Web a card as wide as the message, between the text and its buttons), drawn anew
    at every edit."""
    people = [fake.add_user("alex.example.com"), fake.add_user("Bob")]
    group = fake.add_group("play.example.com", members=people)
    async with world.running() as bot:
        await deal(bot, fake, group, people)
        table = next(m for m in reversed(fake.bot_messages_in(group)) if m.buttons)
        assert "alex.example.com" in (table.text or "").replace(WORD_JOINER, "")
        hands = [hand_message(fake, person) for person in people]
        assert all("play.example.com" in (hand.text or "").replace(WORD_JOINER, "") for hand in hands)
        assert [table.link_preview, *(hand.link_preview for hand in hands)] == [None, None, None]
