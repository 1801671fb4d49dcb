"""/rules in the private chat, where a player's cards are: the rules of the game they are in."""

from __future__ import annotations

import pytest

from tests.e2e.harness import World
from tests.e2e.matches import deal
from tests.fake_bot_api import FakeTelegram


@pytest.mark.parametrize(
    ("language", "title", "silence"),
    [
        ("en", "📜 Rules of your game in Friends: UNO Extreme\n", "• Seven silence: on"),
        ("ru", "📜 Правила вашей игры в чате Friends: УНО Экстрим\n", "• Тишина на семёрке: вкл."),  # noqa: RUF001
    ],
)
async def test_rules_in_private_are_those_of_the_match_the_player_is_in(
    world: World, fake: FakeTelegram, language: str, title: str, silence: str
) -> None:
    """Bob, playing UNO Extreme, sent /rules beside his cards: he read the official rules (no silence, no
    chains), however the admin has set the group's since."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob", language_code=language)
    group = fake.add_group("Friends", members=[bob], creator=alice)
    async with world.running() as bot:
        fake.user_sends(alice, group, "/settings extreme")
        await bot.deliver()
        await deal(bot, fake, group, [alice, bob])
        fake.user_sends(alice, group, "/settings official")
        await bot.deliver()
        fake.user_sends(bob, fake.private_chat(bob), "/rules")
        await bot.deliver()
        text = fake.last_bot_message(fake.private_chat(bob)).text or ""
        assert text.startswith(title), text
        assert silence in text


async def test_rules_in_private_of_one_in_two_games_are_the_official_ones(
    world: World, fake: FakeTelegram
) -> None:
    """Bob plays in two groups, one of them UNO Extreme: which game his /rules means can't be told, so he
    reads the official rules, not those of whichever game was found first."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    wild = fake.add_group("Wild", members=[bob], creator=alice)
    calm = fake.add_group("Calm", members=[bob], creator=alice)
    async with world.running() as bot:
        fake.user_sends(alice, wild, "/settings extreme")
        await bot.deliver()
        for group in (wild, calm):
            await deal(bot, fake, group, [alice, bob])
        fake.user_sends(bob, fake.private_chat(bob), "/rules")
        await bot.deliver()
        text = fake.last_bot_message(fake.private_chat(bob)).text or ""
        assert text.startswith("📜 The official rules\n"), text


async def test_rules_in_private_leave_out_a_lobby_the_player_left(world: World, fake: FakeTelegram) -> None:
    """Bob joined a lobby in another group and left it (Alice still waits in it): his /rules are still those
    of his one match."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    wild = fake.add_group("Wild", members=[bob], creator=alice)
    other = fake.add_group("Other", members=[bob], creator=alice)
    async with world.running() as bot:
        fake.user_sends(alice, wild, "/settings extreme")
        await bot.deliver()
        await deal(bot, fake, wild, [alice, bob])
        fake.user_sends(alice, other, "/new")
        fake.user_sends(bob, other, "/join")
        fake.user_sends(bob, other, "/leave")
        await bot.deliver()
        fake.user_sends(bob, fake.private_chat(bob), "/rules")
        await bot.deliver()
        text = fake.last_bot_message(fake.private_chat(bob)).text or ""
        assert text.startswith("📜 Rules of your game in Wild: UNO Extreme\n"), text


async def test_rules_asked_again_in_private_within_a_minute_are_answered_again(
    world: World, fake: FakeTelegram
) -> None:
    """A group gets the same answer for the same person once a minute (it is just above there); a private
    chat has no one else's messages to bury it, and a second /rules is answered."""
    alice = fake.add_user("Alice", started_bot=True)
    async with world.running() as bot:
        for _ in range(2):
            fake.user_sends(alice, fake.private_chat(alice), "/rules")
            await bot.deliver()
        answers = [m.text or "" for m in fake.bot_messages_in(fake.private_chat(alice))]
        assert len(answers) == 2 and answers[0] == answers[1], answers
