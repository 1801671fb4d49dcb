"""Seven silence needs the group's messages: choosing it (here with the Extreme preset) says so when the bot,
in privacy mode and not an admin, cannot see them."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from tests.e2e.harness import World
from tests.e2e.matches import deal
from tests.fake_bot_api import FakeTelegram
from tests.fake_bot_api.errors import ApiError
from tests.narrow_phone import spaced
from tests.rules_in_play.table import playing, store_chat

BLIND = "Seven silence needs me to see the group's messages"


@pytest.fixture
def fake(fake: FakeTelegram) -> FakeTelegram:
    """The usual fake (its menus set before, as the database's fingerprints say), in privacy mode."""
    fake.group_privacy = True
    return fake


@pytest.mark.parametrize("bot_is_admin", [False, True])
async def test_the_extreme_preset_warns_a_bot_that_cannot_see_the_group(
    world: World, fake: FakeTelegram, bot_is_admin: bool
) -> None:
    admin = fake.add_user("Alice")
    group = fake.add_group("Friends", creator=admin, bot_is_admin=bot_is_admin)
    async with world.running() as bot:
        fake.user_sends(admin, group, "/settings")
        await bot.deliver()
        fake.user_presses(admin, fake.last_bot_message(group), "UNO Extreme")
        await bot.deliver()
        text = fake.last_bot_message(group).text or ""
        assert "UNO Extreme" in text
        assert (BLIND in text) is not bot_is_admin


@pytest.mark.parametrize("bot_is_admin", [False, True])
async def test_a_bot_that_sees_only_part_of_the_group_punishes_nobody(
    world: World, fake: FakeTelegram, bot_is_admin: bool
) -> None:
    """In privacy mode, and no admin, the bot sees only commands and replies to its own messages: Carol's
    "ha" went unseen, and Bob, answering the table after her, took 4 cards for the silence she broke first.
    Who was first it cannot know, so it fines nobody (choosing the rule warned the admins)."""
    hands = {"Alice": ["R7", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(seven_silence=True)) as table:
        alice, bob, carol = table.people
        if bot_is_admin:  # it sees every message: Carol's breaks the silence
            fake.make_admin(fake.bot, table.group)
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R7")
        await table.bot.tick(2)  # the group has read that the silence is on
        fake.user_sends(carol, table.group, "ha")
        fake.user_sends(bob, table.group, "ha!", reply_to=table.table_message())
        await table.deliver()
        state = await table.state()
        fined = (2, 6, None) if bot_is_admin else (2, 2, alice.id)
        assert (len(state.hands[bob.id]), len(state.hands[carol.id]), state.silence_holder) == fined


async def test_a_bot_that_sees_the_group_starts_the_game_without_the_warning(
    world: World, fake: FakeTelegram
) -> None:
    """An admin bot sees every message: the game's start says nothing of making it one."""
    people = [fake.add_user(name) for name in ("Alice", "Bob")]
    group = fake.add_group("Friends", members=people, bot_is_admin=True)
    await store_chat(world, group, Rules().changed(seven_silence=True))
    async with world.running() as bot:
        await deal(bot, fake, group, people)
        texts = [m.text or "" for m in fake.bot_messages_in(group)]
        started = next(text for text in texts if text.startswith("The game has started!"))
        assert "Seven silence" not in started and "admin" not in started


async def test_a_bot_that_cannot_see_the_group_says_nobody_is_fined_until_it_is_made_an_admin(
    world: World, fake: FakeTelegram
) -> None:
    """(session 46) A bot that fines nobody for breaking a silence (it cannot see the group's messages) still
    told the table "the first player to write here takes 4", and every hand the same: players kept quiet for
    a rule it did not enforce, or thought a writer got away with it. Its screens say so now, the game's start
    says how to turn it on, and once it is made an admin (a my_chat_member update) the rule is on again:
    its screens learn it without asking Telegram per move."""
    hands = {"Alice": ["R7", "B9", "B7"], "Bob": ["Y1", "Y2", "R1"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(seven_silence=True)) as table:
        alice, bob, carol = table.people
        texts = [m.text or "" for m in fake.bot_messages_in(table.group)]
        started = next(text for text in texts if text.startswith("The game has started!"))
        assert started.endswith(
            "⚠️ Seven silence: I can't see this group's messages, so nobody takes cards for breaking a "
            "silence. For it to work, make me an admin of the group."
        )
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R7")
        await table.bot.tick(2)
        assert (
            "🤫 Until Alice moves, silence, but I can't read this group: no cards for writing" in table.text()
        )
        unseen = "but I can't see the group's messages: nobody takes cards for writing there."
        assert f"🤫 Silence until your next move, {unseen}" in (table.hand(alice).text or "")
        assert f"🤫 Silence until Alice moves, {unseen}" in (table.hand(bob).text or "")
        asked = len(fake.calls_to("getChatMember"))
        assert asked == 1  # once, as the match was first shown; no call per move or screen

        fake.promote_bot(table.group, alice)
        await table.deliver()
        await table.play(bob, "R1")  # the silence ends
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R7")
        await table.bot.tick(2)
        assert "🤫 Until Alice moves, a player who posts takes 4 cards" in table.text()
        assert "the first player to write in the group takes 4 cards." in spaced(table.hand(bob).text or "")
        assert len(fake.calls_to("getChatMember")) == asked  # the update told it
        fake.user_sends(carol, table.group, "ha")
        await table.deliver()
        assert len((await table.state()).hands[carol.id]) == 6


async def test_a_moments_failure_to_ask_keeps_the_rules_usual_lines(world: World, fake: FakeTelegram) -> None:
    """Telegram could not say, as the lobby was first shown, whether the bot (an admin) sees the group: the
    screens keep the rule as it reads usually, rather than tell everyone nobody is fined while a message
    that breaks the silence (which asks again) costs its writer 4 cards."""
    people = [fake.add_user(name) for name in ("Alice", "Bob")]
    group = fake.add_group("Friends", members=people, bot_is_admin=True)
    await store_chat(world, group, Rules().changed(seven_silence=True))
    async with world.running() as bot:
        fake.fail_next("getChatMember", ApiError(502, "Bad Gateway"))
        await deal(bot, fake, group, people)
        assert not any("can't see" in (message.text or "") for message in fake.bot_messages_in(group))
