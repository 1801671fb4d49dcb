"""/join answers with the lobby's edit, and nothing else: when talk has pushed the lobby out of sight, the
lobby comes down to the bottom of the chat (silently, as /table brings it), so the one who joined sees it;
and so it does for one already in it, instead of a word that they are."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.harness import World
from tests.e2e.matches import fill_the_groups_window, gather, screen_queued
from tests.fake_bot_api import FakeTelegram

# Messages between the lobby and the /join: five bring the lobby down (the /join is the sixth after it), four
# leave it where it is. Sent within the lobby's first half minute, which holds back /table only.
JUST_POSTED = "⬆️ The game's message is just above: it was posted a moment ago."
TALK = pytest.mark.parametrize("talk", [5, 4], ids=["scrolled-away", "just-above"])


@TALK
async def test_a_join_brings_down_a_lobby_only_talk_has_pushed_out_of_sight(
    world: World, fake: FakeTelegram, talk: int
) -> None:
    """(session 54's lobby) A /join sent with the lobby 16 messages up got no answer: it edited the lobby,
    out of sight. A supergroup's message ids tell how many messages came after it: a few, and the edit is
    the answer; more, and the lobby is posted anew below the /join, the old one gone."""
    people = [fake.add_user(name) for name in ("Alice", "Bob")]
    carol = fake.add_user("Carol")
    group = fake.add_group("Friends", members=[*people, carol], supergroup=True)
    async with world.running() as bot:
        fake.user_starts_bot(carol)
        await gather(bot, fake, group, people)
        opened, _ = await bot.game(group)
        for word in range(talk):
            fake.user_sends(people[word % 2], group, f"chatter {word}")
        joined = fake.user_sends(carol, group, "/join")
        await bot.deliver()
        await bot.tick(5)
        record, doc = await bot.game(group)
        assert carol.id in doc.players
        assert record.table_message_id is not None and opened.table_message_id is not None
        lobby = fake.messages[(group.id, record.table_message_id)]
        assert "Carol" in (lobby.text or "")
        if talk == 5:
            assert record.table_message_id > joined.message_id and lobby.silent
            assert (group.id, opened.table_message_id) not in fake.messages
        else:
            assert record.table_message_id == opened.table_message_id
        assert fake.last_bot_message(group) == lobby  # no word besides the lobby


@TALK
async def test_a_join_from_one_in_the_lobby_brings_it_down_as_well(
    world: World, fake: FakeTelegram, talk: int
) -> None:
    """(session 54's review) Bob, in the lobby already, sent /join with it out of sight: he read "You are
    already in the game.", and the lobby stayed up there. Now it comes down, which shows him in it; with the
    lobby just above, he is told in words."""
    people = [fake.add_user(name) for name in ("Alice", "Bob")]
    group = fake.add_group("Friends", members=people, supergroup=True)
    async with world.running() as bot:
        await gather(bot, fake, group, people)
        opened, _ = await bot.game(group)
        for word in range(talk):
            fake.user_sends(people[word % 2], group, f"chatter {word}")
        joined = fake.user_sends(people[1], group, "/join")
        await bot.deliver()
        await bot.tick(5)
        record, _ = await bot.game(group)
        assert record.table_message_id is not None and opened.table_message_id is not None
        last = fake.last_bot_message(group)
        if talk == 5:
            assert last.message_id == record.table_message_id > joined.message_id and last.silent
            assert (group.id, opened.table_message_id) not in fake.messages
        else:
            assert record.table_message_id == opened.table_message_id
            assert last.text == "You are already in the game."


async def test_a_table_asked_for_while_the_lobby_a_join_brought_down_waits_is_pointed_to_it(
    world: World, fake: FakeTelegram
) -> None:
    """Carol's /join, the lobby out of sight, brings it down; in a busy group the new lobby waits for the
    group's window, and Alice's /table sent right after the /join gets "just above", not a second new lobby
    (the /join marks the lobby posted anew, and the messages are counted from it, not from the old lobby:
    mutation audit, session 54)."""
    people = [fake.add_user(name) for name in ("Alice", "Bob")]
    carol = fake.add_user("Carol")
    group = fake.add_group("Friends", members=[*people, carol], supergroup=True)
    async with world.running() as bot:
        fake.user_starts_bot(carol)
        await gather(bot, fake, group, people)
        await bot.tick(31)  # the lobby's own half minute is over: only the /join's mark holds /table back
        for word in range(5):
            fake.user_sends(people[word % 2], group, f"chatter {word}")
        await bot.deliver()
        await fill_the_groups_window(bot, group)
        before = len(fake.calls_to("sendMessage"))
        joined = fake.user_sends(carol, group, "/join")
        handled = await bot.handed()
        await screen_queued(bot, group)
        fake.user_sends(people[0], group, "/table")
        handled += await bot.handed()
        await bot.clock.run(asyncio.gather(*handled))
        await bot.settle()
        record, _ = await bot.game(group)
        assert record.table_message_id is not None and record.table_message_id > joined.message_id
        sent = [call.params["text"] for call in fake.calls_to("sendMessage")[before:]]
        assert len([text for text in sent if "Carol" in text]) == 1, sent  # the one new lobby
        assert fake.last_bot_message(group).text == JUST_POSTED
