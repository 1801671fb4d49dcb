"""A player the bot could not write to comes back (unblocked it, pressed Start): the group's notice that they
could not get their cards says they can now, as the table's 🔇 mark goes."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from tests.e2e.harness import World
from tests.e2e.matches import gathered
from tests.fake_bot_api import FakeTelegram, Message
from tests.rules_in_play.table import playing


def _notice(fake: FakeTelegram, seen: Message) -> Message:
    """The notice as the group sees it now."""
    return fake.messages[(seen.chat.id, seen.message_id)]


@pytest.mark.parametrize(
    ("language", "back"),
    [
        ("en", "✅ Bob can get their cards from the bot now."),
        ("ru", "✅ Теперь бот может присылать карты игроку Bob."),
    ],
    ids=["en", "ru"],
)
async def test_the_notice_about_a_player_who_blocked_the_bot_says_once_they_are_back(
    world: World, fake: FakeTelegram, language: str, back: str
) -> None:
    """The notice went on saying "Bob can't get their cards ... press Start" after he had: the group was
    left to wonder, or to /kick him."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob"), language=language) as table:
        bob = table.people[1]
        fake.user_blocks_bot(bob)
        await table.deliver()
        notice = fake.last_bot_message(table.group)
        assert notice.buttons  # the button to the chat with the bot
        fake.user_starts_bot(bob)
        await table.deliver()
        assert _notice(fake, notice).text == back and not _notice(fake, notice).buttons
        assert fake.last_bot_message(table.group).message_id == notice.message_id  # no new message

        fake.user_blocks_bot(bob)  # the group is told once a game: the same notice says it again
        await table.deliver()
        assert _notice(fake, notice).text == notice.text and _notice(fake, notice).buttons


@pytest.mark.parametrize(
    ("language", "back"),
    [
        ("en", "✅ Bob can get messages from the bot now: they will see their cards once the game starts."),
        ("ru", "✅ Теперь бот может писать игроку Bob: когда игра начнётся, этот игрок увидит свои карты."),
    ],
    ids=["en", "ru"],
)
async def test_the_lobby_notice_about_a_player_who_blocked_the_bot_says_once_they_are_back(
    world: World, fake: FakeTelegram, language: str, back: str
) -> None:
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        fake.make_admin(alice, group)
        fake.user_sends(alice, group, f"/lang {language}")
        fake.user_blocks_bot(bob)
        await bot.deliver()
        notice = fake.last_bot_message(group)
        fake.user_starts_bot(bob)
        await bot.deliver()
        assert _notice(fake, notice).text == back and not _notice(fake, notice).buttons
