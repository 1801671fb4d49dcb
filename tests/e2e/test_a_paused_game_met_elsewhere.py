"""A player of a match paused in a closed forum topic who sends a game command in another topic of the group
(General, say): told their game is paused till the topic is reopened (session 51). Before: "There is no game
in this topic. Start one with /new.", as if it were gone; a /new there opened a second game without a word."""

from __future__ import annotations

import pytest

from tests.e2e.harness import Bot, World
from tests.e2e.matches import stop
from tests.e2e.test_closed_topics import _forum, _match
from tests.fake_bot_api import Chat, FakeTelegram, User

PAUSED = {
    "en": "⏸ Your game in Club · Room 1 is paused while its topic is closed. It will go on when the topic is"
    " reopened.",
    "ru": "⏸ Ваша игра в чате Club · Room 1 на паузе, пока её тема закрыта. Она продолжится, когда тему"
    " откроют снова.",
}
BOTH_PAUSED = (
    "⏸ Your games in Club · Room 1, Club · Room 2 are paused while their topics are closed. Each will go on"
    " when its topic is reopened."
)
# /leave here is for a game here: the private chat's leaves the paused one
TO_LEAVE = {
    "en": "To leave it, send /leave in the private chat with me: you'll leave when its topic is reopened.",
    "ru": "Чтобы выйти из неё, отправьте /leave в личном чате со мной: вы выйдете, когда её тему откроют"  # noqa: RUF001
    " снова.",
}
LEFT_WHEN_REOPENED = {
    "en": "You'll leave the game in Club · Room 1 when its topic is reopened",
    "ru": "Вы выйдете из игры в чате Club · Room 1, когда её тему откроют снова",
}
NO_GAME = "There is no game in this topic. Start one with /new."


async def _paused(bot: Bot, fake: FakeTelegram, language: str = "en") -> tuple[Chat, int, list[User], User]:
    """Alice and Bob's match in Room 1, paused: the admin closed the topic. Returns the forum, Room 2, the
    players and the admin."""
    forum, (room1, room2), people, admin = _forum(fake, language)
    await _match(bot, fake, forum, room1, people)
    fake.close_topic(forum, room1, by=admin)
    await bot.deliver()
    return forum, room2, people, admin


async def _answers(bot: Bot, fake: FakeTelegram, user: User, forum: Chat, command: str) -> list[str]:
    """`command` sent in General: what the bot posted in the forum after it."""
    sent = fake.user_sends(user, forum, command)
    await bot.deliver()
    return [m.text or "" for m in fake.bot_messages_in(forum) if m.message_id > sent.message_id]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("command", ["/table", "/join", "/startgame", "/stop", "/kick Bob", "/hand"])
async def test_a_player_is_told_their_game_is_paused_not_that_there_is_none(
    world: World, fake: FakeTelegram, language: str, command: str
) -> None:
    async with world.running() as bot:
        forum, _, (alice, _), _ = await _paused(bot, fake, language)
        assert await _answers(bot, fake, alice, forum, command) == [PAUSED[language]]


async def test_each_player_is_told_in_their_own_language(world: World, fake: FakeTelegram) -> None:
    """The group's language is the Russian one of Alice, who opened the game; Bob's own is English."""
    async with world.running() as bot:
        alice, bob = fake.add_user("Alice", language_code="ru"), fake.add_user("Bob", language_code="en")
        admin = fake.add_user("Admin")
        forum = fake.add_group("Club", members=[alice, bob], forum=True, creator=admin)
        room1 = fake.add_topic(forum, "Room 1")
        await _match(bot, fake, forum, room1, [alice, bob])
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        assert await _answers(bot, fake, alice, forum, "/table") == [PAUSED["ru"]]
        assert await _answers(bot, fake, bob, forum, "/table") == [PAUSED["en"]]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_leave_says_how_to_leave_the_paused_game(
    world: World, fake: FakeTelegram, language: str
) -> None:
    async with world.running() as bot:
        forum, _, (alice, _), _ = await _paused(bot, fake, language)
        assert await _answers(bot, fake, alice, forum, "/leave") == [
            f"{PAUSED[language]}\n{TO_LEAVE[language]}"
        ]
        fake.user_sends(alice, fake.private_chat(alice), "/leave")  # as it says
        await bot.deliver()
        assert LEFT_WHEN_REOPENED[language] in (fake.last_bot_message(fake.private_chat(alice)).text or "")


async def test_new_opens_the_lobby_and_says_the_game_is_paused_under_it(
    world: World, fake: FakeTelegram
) -> None:
    """One may play in several games at once: waiting for the topic, they may play here."""
    async with world.running() as bot:
        forum, _, (alice, _), _ = await _paused(bot, fake)
        lobby, pointer = await _answers(bot, fake, alice, forum, "/new")
        assert "Alice" in lobby and pointer == PAUSED["en"]


async def test_each_paused_game_of_the_group_is_named(world: World, fake: FakeTelegram) -> None:
    async with world.running() as bot:
        forum, room2, people, admin = await _paused(bot, fake)
        await _match(bot, fake, forum, room2, people)
        fake.close_topic(forum, room2, by=admin)
        await bot.deliver()
        assert await _answers(bot, fake, people[0], forum, "/table") == [BOTH_PAUSED]


async def test_one_not_playing_the_paused_game_is_told_there_is_none_here(
    world: World, fake: FakeTelegram
) -> None:
    async with world.running() as bot:
        forum, _, _, _ = await _paused(bot, fake)
        carol = fake.add_user("Carol")
        fake.join_group(carol, forum)
        assert await _answers(bot, fake, carol, forum, "/table") == [NO_GAME]


async def test_a_game_paused_in_another_forum_is_not_told_of(world: World, fake: FakeTelegram) -> None:
    """Only the paused games of the forum the command was sent in: another forum's members need not learn
    where else one plays, and "Your game in Club · Room 1" is no answer to a /table there."""
    async with world.running() as bot:
        _, _, (alice, _), _ = await _paused(bot, fake)
        other = fake.add_group("Den", members=[alice], forum=True)
        fake.add_topic(other, "Lounge")
        assert await _answers(bot, fake, alice, other, "/table") == [NO_GAME]


async def test_where_the_last_game_ended_its_player_is_pointed_to_the_paused_one(
    world: World, fake: FakeTelegram
) -> None:
    """Not "the last game here is over" (which one not playing it reads): the table they ask for is the
    paused one's."""
    async with world.running() as bot:
        forum, _, (alice, _), _ = await _paused(bot, fake)
        carol = fake.add_user("Carol")
        fake.join_group(carol, forum)
        fake.user_starts_bot(carol)
        fake.user_sends(carol, forum, "/new")
        await bot.deliver()
        await stop(bot, fake, forum, carol)
        assert await _answers(bot, fake, alice, forum, "/table") == [PAUSED["en"]]
        assert (await _answers(bot, fake, carol, forum, "/table"))[0].startswith("🏁")


@pytest.mark.parametrize("command", ["/table", "/leave", "/new"])
async def test_one_who_left_the_paused_game_is_not_told_it_goes_on(
    world: World, fake: FakeTelegram, command: str
) -> None:
    """Alice left the paused game with the private chat's /leave: it goes on without her at the reopening.
    Before: a command in General still read "Your game in Club · Room 1 is paused ... It will go on when the
    topic is reopened" (and to /leave, to send the /leave she had sent)."""
    async with world.running() as bot:
        forum, _, (alice, _), _ = await _paused(bot, fake)
        fake.user_sends(alice, fake.private_chat(alice), "/leave")
        await bot.deliver()
        answers = await _answers(bot, fake, alice, forum, command)
        assert not any(PAUSED["en"] in answer for answer in answers)
        if command != "/new":
            assert answers == [NO_GAME]
