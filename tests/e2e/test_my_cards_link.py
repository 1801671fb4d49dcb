"""The group's "🃏 My cards" link, followed by someone who does not play in the match it is under."""

from __future__ import annotations

import pytest

from tests.e2e.harness import COLOURS_HINT, World, buttons
from tests.e2e.matches import deal, started
from tests.fake_bot_api import FakeTelegram, Message


def _my_cards(table: Message) -> str:
    url = table.buttons[0][0].get("url")
    assert isinstance(url, str), table.buttons
    return url


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "You're not playing in the game in Friends. Wait for it to end, or send /notifyme there: "
            "I'll write to you when the next game opens. When you play, your cards come here.",
        ),
        (
            "ru",
            "Вы не играете в матче в чате Friends. Дождитесь его конца или отправьте там /notifyme: "  # noqa: RUF001
            "я напишу вам, когда откроется следующая игра. Когда будете играть, карты придут сюда.",
        ),
    ],
)
async def test_a_newcomer_following_my_cards_is_told_they_are_not_in_the_match(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """They read "Add me to a group… /new" although a match was running in their group."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, _):
        carol = fake.add_user("Carol", language_code=language)  # never started the bot
        fake.join_group(carol, group)
        record, _ = await bot.game(group)
        assert record.table_message_id is not None
        table = fake.messages[(group.id, record.table_message_id)]
        fake.user_follows_start_link(carol, _my_cards(table))
        await bot.deliver()
        told = fake.bot_messages_in(fake.private_chat(carol))
        assert [m.text for m in told] == [f"{said}\n{COLOURS_HINT[language]}"] and not told[0].buttons


async def test_a_player_following_my_cards_gets_only_their_hand_at_the_bottom(
    world: World, fake: FakeTelegram
) -> None:
    """Each press would add a "Your cards are below…" line to the private chat (a habit, mid-match)."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        record, _ = await bot.game(group)
        assert record.table_message_id is not None
        before = fake.bot_messages_in(fake.private_chat(alice))
        for _ in range(2):
            fake.user_follows_start_link(alice, _my_cards(fake.messages[(group.id, record.table_message_id)]))
            await bot.deliver()
        private = fake.bot_messages_in(fake.private_chat(alice))
        assert len(private) == len(before)  # the hand moved to the bottom, nothing added
        assert private[-1].message_id > before[-1].message_id and buttons(private[-1]), private[-1].text


async def test_a_player_in_two_groups_matches_following_my_cards_gets_that_matchs_hand_at_the_bottom(
    world: World, fake: FakeTelegram
) -> None:
    """(session 51's transcript of one person in two groups' matches) Their hands came anew in the order their
    games began: "🃏 My cards" of the first group's match left the second group's hand at the bottom, the one
    they came for above it."""
    sam, alice, bob = fake.add_user("Sam"), fake.add_user("Alice"), fake.add_user("Bob")
    home, club = fake.add_group("Home", members=[alice, sam]), fake.add_group("Club", members=[bob, sam])
    async with world.running() as bot:
        await deal(bot, fake, home, [alice, sam])
        await deal(bot, fake, club, [bob, sam])
        for group in (home, club):
            record, _ = await bot.game(group)
            assert record.table_message_id is not None
            fake.user_follows_start_link(sam, _my_cards(fake.messages[(group.id, record.table_message_id)]))
            await bot.deliver()
            bottom = fake.last_bot_message(fake.private_chat(sam))
            assert (bottom.text or "").startswith(group.title) and buttons(bottom), bottom.text


async def test_an_onlooker_awaiting_the_next_game_is_not_told_to_send_notifyme_again(
    world: World, fake: FakeTelegram
) -> None:
    """/notifyme again would cancel the request they made."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, _):
        carol = fake.add_user("Carol")
        fake.join_group(carol, group)
        fake.user_starts_bot(carol)
        fake.user_sends(carol, group, "/notifyme")
        await bot.deliver()
        record, _ = await bot.game(group)
        assert record.table_message_id is not None
        fake.user_follows_start_link(carol, _my_cards(fake.messages[(group.id, record.table_message_id)]))
        await bot.deliver()
        told = fake.last_bot_message(fake.private_chat(carol)).text or ""
        assert told.startswith("🔔 I'll write to you here when the next game opens in Friends"), told
