"""What a /kick noted while the match is paused means for its sender: a player's of one still playing is
told in private what the results will say, or that the match stops (their last opponent removed); a chat
admin's that leaves one player in it, that it stops."""

from __future__ import annotations

import pytest

from bot.service import Place
from bot.service.document import StopReason
from bot.service.results import losses_kept
from bot.storage import GameStatus
from tests.e2e.harness import Bot, World
from tests.e2e.test_closed_topics import _forum, _match, _three_play
from tests.fake_bot_api import Chat, FakeTelegram, User


async def test_a_kick_noted_in_a_paused_match_names_who_noted_their_leaving_whose_loss_stands(
    world: World, fake: FakeTelegram
) -> None:
    """(session 61) Carol's /leave and then Alice's /kick of Bob, still playing, were noted in the closed
    topic: Alice read "if you win now, the match counts for nobody", and the reopening made Carol one who
    left, whose loss stands whoever wins (bot.service.results.losses_kept)."""
    forum, (room1, _), people, admin = _forum(fake)
    alice, bob = people
    carol, dan = fake.add_user("Carol"), fake.add_user("Dan")
    for newcomer in (carol, dan):
        fake.join_group(newcomer, forum)
    async with world.running() as bot:
        for player in (alice, bob, carol, dan):
            fake.user_starts_bot(player)
            fake.user_sends(player, forum, "/new" if player is alice else "/join", thread_id=room1)
            await bot.deliver()
        fake.user_sends(alice, forum, "/startgame", thread_id=room1)
        await bot.deliver()
        await _carol_leaves_and_alice_kicks_bob_while_closed(bot, fake, forum, room1, admin, alice, carol)
        answer = fake.bot_messages_in(fake.private_chat(alice))[-1].text or ""
        assert answer.endswith(
            " Bob is still playing, so if you win now, the match counts only as a loss for Carol, who left"
            " it."
        )
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        going = await bot.rt.service.find(Place(forum.id, room1))
        assert going is not None and set(going[1].state.players) == {alice.id, dan.id}
        assert losses_kept(going[1]) == (carol.id,)  # what the results will name


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "Bob will leave the game in Club · Room 1 when its topic is reopened: while it's closed, the game"
            " is paused and nothing in it changes. When the game goes on, you'll be the only one left in it,"
            " so it stops at once and nobody wins.",
        ),
        (
            "ru",
            "Bob выйдет из игры в чате Club · Room 1, когда тему откроют снова: пока тема закрыта, игра на"
            " паузе и в ней ничего не меняется. Когда игра продолжится, в ней останетесь только вы, поэтому"
            " она сразу остановится и победителя не будет.",
        ),
    ],
)
async def test_a_kick_of_the_last_opponent_noted_in_a_paused_match_says_it_stops_as_it_goes_on(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """(session 62) Carol's /leave and then Alice's /kick of Bob, still playing, were noted in the closed
    topic: Alice read "if you win now, the match counts for nobody", but the reopening left her alone, and a
    match whose last opponent was removed stops, nobody winning (bot.service.stop_rules KICKED)."""
    forum, (room1, _), people, admin = _forum(fake, language)
    alice, _ = people
    async with world.running() as bot:
        carol = await _three_play(bot, fake, forum, room1, people)
        await _carol_leaves_and_alice_kicks_bob_while_closed(bot, fake, forum, room1, admin, alice, carol)
        assert fake.bot_messages_in(fake.private_chat(alice))[-1].text == said
        await _reopened_it_stops_kicked(bot, fake, forum, room1, admin)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "Bob will leave the game in Club · Room 1 when its topic is reopened: while it's closed, the game"
            " is paused and nothing in it changes. When the game goes on, only Alice will be left in it, so"
            " it stops at once and nobody wins.",
        ),
        (
            "ru",
            "Bob выйдет из игры в чате Club · Room 1, когда тему откроют снова: пока тема закрыта, игра на"
            " паузе и в ней ничего не меняется. Когда игра продолжится, в ней останется только Alice, поэтому"
            " она сразу остановится и победителя не будет.",
        ),
    ],
)
async def test_a_chat_admins_kick_noted_in_a_paused_match_of_two_says_it_stops_as_it_goes_on(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """(session 62) The forum's admin, outside the match, removed Bob from Alice and Bob's match while its
    topic was closed: told only that the kick waits, they read nothing of what follows: Alice left alone, the
    match stops as it goes on, nobody winning (bot.service.stop_rules KICKED)."""
    forum, (room1, _), people, admin = _forum(fake, language)
    admin.language_code = language
    async with world.running() as bot:
        fake.user_starts_bot(admin)
        await _match(bot, fake, forum, room1, people)
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        fake.user_sends(admin, forum, "/kick Bob", thread_id=room1)
        await bot.deliver()
        assert fake.bot_messages_in(fake.private_chat(admin))[-1].text == said
        await _reopened_it_stops_kicked(bot, fake, forum, room1, admin)


async def test_a_kick_noted_by_one_whose_own_leaving_is_noted_says_what_follows_not_what_she_would_win(
    world: World, fake: FakeTelegram
) -> None:
    """(session 62) Alice's /leave and then her /kick of Bob were noted in the closed topic: she leaves the
    match as it goes on, so nothing of it is hers to win; her answer says the kick is noted, and that Carol
    is then left alone, not what a win of hers would count for."""
    forum, (room1, _), people, admin = _forum(fake)
    alice, bob = people
    carol = fake.add_user("Carol")
    fake.join_group(carol, forum)
    async with world.running() as bot:
        for player in (alice, bob, carol):
            fake.user_starts_bot(player)
            fake.user_sends(player, forum, "/new" if player is alice else "/join", thread_id=room1)
            await bot.deliver()
        fake.user_sends(alice, forum, "/startgame", thread_id=room1)
        await bot.deliver()
        fake.make_admin(alice, forum)  # only admins post in a closed topic
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        fake.user_sends(alice, forum, "/leave", thread_id=room1)
        fake.user_sends(alice, forum, "/kick Bob", thread_id=room1)
        await bot.deliver()
        assert fake.bot_messages_in(fake.private_chat(alice))[-1].text == (
            "Bob will leave the game in Club · Room 1 when its topic is reopened: while it's closed, the game"
            " is paused and nothing in it changes. When the game goes on, only Carol will be left in it, so"
            " it stops at once and nobody wins."
        )


async def _reopened_it_stops_kicked(
    bot: Bot, fake: FakeTelegram, forum: Chat, topic: int, admin: User
) -> None:
    """The admin reopens the topic: the match, its last opponent kicked meanwhile, stops, nobody winning."""
    paused = await bot.rt.service.find(Place(forum.id, topic))
    assert paused is not None
    fake.close_topic(forum, topic, by=admin, closed=False)
    await bot.deliver()
    ended = await bot.rt.service.load(paused[0].id)
    assert ended is not None
    record, doc = ended
    assert record.status is GameStatus.STOPPED and doc.stopped_because is StopReason.KICKED


async def _carol_leaves_and_alice_kicks_bob_while_closed(
    bot: Bot, fake: FakeTelegram, forum: Chat, topic: int, admin: User, alice: User, carol: User
) -> None:
    """The admin closes the topic; Carol's /leave and then Alice's /kick of Bob are only noted (both made
    admins: only admins post in a closed topic)."""
    for player in (alice, carol):
        fake.make_admin(player, forum)
    fake.close_topic(forum, topic, by=admin)
    await bot.deliver()
    fake.user_sends(carol, forum, "/leave", thread_id=topic)
    fake.user_sends(alice, forum, "/kick Bob", thread_id=topic)
    await bot.deliver()
