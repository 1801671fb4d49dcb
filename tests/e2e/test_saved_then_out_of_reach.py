"""The database goes out of reach right after a change was saved: the change is shown all the same (the
players' hands, the table), and a game it ended is let go. Before, a handler read the group's language after
saving a /stop or a /kick: that read failed, the change was never published (the hands kept offering their
cards, the table its buttons), the person was told nothing had been saved, and the publisher kept the game
for as long as the bot ran."""

from __future__ import annotations

import pytest

from bot.tg.callback_data import Action
from tests.e2e.harness import World, buttons, hand_message, press, press_action
from tests.e2e.locked_database import database_locked, locked_once_saved
from tests.e2e.matches import deal, open_lobby, stop_answer, stop_question
from tests.e2e.test_closed_topics import _forum, _hand_in, _three_play
from tests.e2e.test_leaving_a_paused_match import (
    HAND_LEAVING,
    KICK_NOTED,
    KICK_NOTED_PLAYING,
    LEAVE_NOTED,
)
from tests.e2e.test_memory_flat import dealt_after_a_match, ended_match, grown, kept_of_games
from tests.fake_bot_api import FakeTelegram

NOT_SAVED = "⚠️ Couldn't save that just now. Please try again in a moment."
KICKED_LEAVING = "Alice removed you from this game: you'll leave it when its topic is reopened."


async def test_a_stop_saved_as_the_database_went_out_of_reach_is_shown(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    world = sqlite_world
    async with dealt_after_a_match(world, fake, "Friends") as (bot, group, (carol, dan), before):
        question = await stop_question(bot, fake, group, carol)
        with locked_once_saved(bot.rt.service, "stop", world.database_url):
            answer = press(fake, carol, question, stop_answer(question, yes=True))
            await bot.deliver()
        await bot.tick(60)
        assert await bot.rt.service.active_games() == []
        assert answer.answer_text != NOT_SAVED
        assert [buttons(hand_message(fake, player)) for player in (carol, dan)] == [[], []]
        after = kept_of_games(bot)
    assert grown(before, after) == ""


async def test_a_kick_saved_as_the_database_went_out_of_reach_is_shown(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    world = sqlite_world
    async with dealt_after_a_match(world, fake, "Friends") as (bot, group, (carol, dan), before):
        with locked_once_saved(bot.rt.service, "kick", world.database_url):
            fake.user_sends(carol, group, "/kick Dan")  # the match ends: Carol is left alone
            await bot.deliver()
        await bot.tick(60)
        assert await bot.rt.service.active_games() == []
        assert NOT_SAVED not in [message.text for message in fake.bot_messages_in(group)]
        assert [buttons(hand_message(fake, player)) for player in (carol, dan)] == [[], []]
        after = kept_of_games(bot)
    assert grown(before, after) == ""


async def test_the_last_one_out_of_a_lobby_as_the_database_went_out_of_reach_is_told_and_it_closes(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """Leave answers with a word read in the presser's language: that read failed, and the lobby, closed,
    was never published. Now the word is in their app's language when the database cannot say."""
    world = sqlite_world
    people = [fake.add_user(name) for name in ("Alice", "Bob")]
    usual = fake.add_group("Usual", members=people)
    olga = fake.add_user("Ольга", language_code="ru")
    group = fake.add_group("Друзья", members=[olga])
    async with world.running() as bot:
        await ended_match(bot, fake, usual, people)  # warm
        before = kept_of_games(bot)
        fake.user_starts_bot(olga)
        await open_lobby(bot, fake, group, olga, [])
        lobby = fake.last_bot_message(group)
        with locked_once_saved(bot.rt.service, "leave_lobby", world.database_url):
            left = press_action(fake, olga, lobby, Action.LEAVE)  # the lobby closes: nobody is in it
            await bot.deliver()
        await bot.tick(60)
        assert await bot.rt.service.active_games() == []
        assert (left.answer_text, left.show_alert) == ("Вы вышли из игры.", False)
        after = kept_of_games(bot)
    assert grown(before, after) == ""


@pytest.mark.parametrize("seconds", [0, 30])  # a blip; an outage long enough to give time back
async def test_a_match_ended_as_the_database_went_out_of_reach_gets_its_results_once_it_is_back(
    sqlite_world: World, fake: FakeTelegram, seconds: int
) -> None:
    """The match's end was saved, and its publish failed on the way (the results are read again before they
    are posted). Before: the group never learned who won, unless the bot restarted within ten minutes."""
    world = sqlite_world
    carol, dan = fake.add_user("Carol"), fake.add_user("Dan")
    group = fake.add_group("Friends", members=[carol, dan])
    async with world.running() as bot:
        await deal(bot, fake, group, [carol, dan])
        record, _ = await bot.game(group)
        outcome = await bot.rt.service.leave(record.id, carol.id)  # saved: Dan wins
        with database_locked(world.database_url):
            await bot.rt.after(outcome)
            await bot.settle()
            for _ in range(0, seconds, 5):
                await bot.tick(5)
        await bot.tick(60)  # the database is back
        results = fake.last_bot_message(group)
    assert (results.text or "").startswith("🏆 Dan wins")
    assert [data.action for _, data in buttons(results)] == [Action.AGAIN]


@pytest.mark.parametrize(
    ("change", "sender", "command", "hand_says", "answer"),
    [
        ("leave", 1, "/leave", HAND_LEAVING["en"], LEAVE_NOTED["en"]),
        ("kick", 0, "/kick Bob", KICKED_LEAVING, KICK_NOTED + KICK_NOTED_PLAYING),
    ],
)
async def test_a_departure_noted_in_a_paused_match_as_the_database_went_out_of_reach_shows_on_the_hand(
    sqlite_world: World,
    fake: FakeTelegram,
    change: str,
    sender: int,
    command: str,
    hand_says: str,
    answer: str,
) -> None:
    """Bob leaves, or Alice removes him, while the match is paused in a closed topic. The answer, read in the
    sender's language, came before the change was published: that read failed, and Bob's hand never said
    he leaves the game at the reopening. Then the answer came after it, and still read the database after
    the save: the sender got no answer in the private chat, and the bot tried to tell the closed topic
    that nothing was saved."""
    world = sqlite_world
    forum, (room1, _), people, admin = _forum(fake)
    bob = people[1]
    fake.make_admin(people[sender], forum)  # only admins post in a closed topic
    async with world.running() as bot:
        await _three_play(bot, fake, forum, room1, people)
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        hand = _hand_in(fake, bob, "Room 1")
        with locked_once_saved(bot.rt.service, change, world.database_url):
            fake.user_sends(people[sender], forum, command, thread_id=room1)
            await bot.deliver()
        await bot.tick(60)
        shown = fake.messages[(hand.chat.id, hand.message_id)].text or ""
        told = [message.text for message in fake.bot_messages_in(fake.private_chat(people[sender]))]
        posted = [message.text for message in fake.bot_messages_in(forum)]
    assert shown.endswith(hand_says)
    assert answer in told
    assert NOT_SAVED not in told + posted
