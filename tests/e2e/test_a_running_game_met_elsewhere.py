"""A player of a match going on in one forum topic who sends a game command in another topic of the group
(General, say): told where their game is (session 53's transcripts). Before: "There is no game in this topic.
Start one with /new.", while a paused one there was pointed to (test_a_paused_game_met_elsewhere)."""

from __future__ import annotations

import pytest

from bot.service import Place
from bot.storage import GameRecord
from tests.e2e.harness import World
from tests.e2e.matches import stop
from tests.e2e.test_a_paused_game_met_elsewhere import NO_GAME, _answers
from tests.e2e.test_closed_topics import _forum, _hand_in, _match
from tests.e2e.test_hand_command import RESTART, SENT
from tests.e2e.test_settings_in_a_closed_topic import HERE
from tests.fake_bot_api import FakeTelegram

YOURS = {
    "en": "There is no game in this topic: yours is in Club · Room 1. To start another one here, send /new.",
    "ru": "В этой теме нет игры: ваша — в чате Club · Room 1. Чтобы создать ещё одну здесь, отправьте /new.",  # noqa: RUF001
}
# /leave here is for a game here: theirs is left in its topic (the private chat's /leave sends them there too)
TO_LEAVE = {
    "en": "There is no game in this topic: yours is in Club · Room 1. To leave it, send /leave there.",
    "ru": "В этой теме нет игры: ваша — в чате Club · Room 1. Чтобы выйти из неё, отправьте /leave"  # noqa: RUF001
    " в той теме.",
}
# /hand from one seated in none of the forum's games: where they are, not as if the group had none
NOT_PLAYING = {
    "en": "🃏 You're not playing in this group's game: it's in Club · Room 1.",
    "ru": "🃏 Вы не играете в игре этой группы: она идёт в чате Club · Room 1.",
}
NOT_PLAYING_BOTH = (
    "🃏 You're not playing in any of this group's games: they're in Club · Room 1, Club · Room 2."
)
BOTH = (
    "There is no game in this topic: yours are in Club · Room 1, Club · Room 2. To start another one here,"
    " send /new."
)


@pytest.mark.parametrize(
    ("language", "command"),
    [("en", "/table"), ("ru", "/table"), ("en", "/stop"), ("en", "/leave"), ("ru", "/leave")],
)
async def test_a_player_is_told_where_their_game_is_not_only_that_there_is_none_here(
    world: World, fake: FakeTelegram, language: str, command: str
) -> None:
    async with world.running() as bot:
        forum, (room1, _), (alice, bob), admin = _forum(fake, language)
        await _match(bot, fake, forum, room1, [alice, bob])
        told = TO_LEAVE if command == "/leave" else YOURS
        assert await _answers(bot, fake, alice, forum, command) == [told[language]]
        assert await _answers(bot, fake, admin, forum, command) == [NO_GAME]  # who plays in none


async def test_each_game_of_the_group_is_named(world: World, fake: FakeTelegram) -> None:
    async with world.running() as bot:
        forum, (room1, room2), people, _ = _forum(fake)
        await _match(bot, fake, forum, room1, people)
        await _match(bot, fake, forum, room2, people)
        assert await _answers(bot, fake, people[0], forum, "/table") == [BOTH]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_hand_where_there_is_no_game_brings_the_hands_of_the_players_matches(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """/hand in General from a player of matches in two topics: the cards asked for, not "yours are in Club
    · Room 1, Club · Room 2. To start another one here, send /new." (a forum's scenario read in session 57),
    which sent them to look for each topic; who plays in none is told where the group's games are."""
    async with world.running() as bot:
        forum, (room1, room2), people, admin = _forum(fake, language)
        await _match(bot, fake, forum, room1, people)
        await _match(bot, fake, forum, room2, people)
        alice = people[0]
        before = {room: _hand_in(fake, alice, room).message_id for room in ("Room 1", "Room 2")}
        assert await _answers(bot, fake, alice, forum, "/hand") == [SENT[language]]
        for room, old in before.items():
            assert _hand_in(fake, alice, room).message_id > old, room  # anew, at the bottom
        assert await _answers(bot, fake, admin, forum, "/hand") == [NOT_PLAYING_BOTH]
        fake.user_blocks_bot(alice)  # her cards can't reach her: the private chat's Restart sends them
        await bot.deliver()
        assert await _answers(bot, fake, alice, forum, "/hand") == [RESTART[language]]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_hand_where_there_is_no_game_from_a_player_the_bot_cannot_write_to_offers_the_private_chat(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """(review, session 57) /hand in General from a player of Room 1's match who blocked the bot read "yours
    is in Club · Room 1. To start another one here, send /new.", without the button to the private chat whose
    Restart sends the cards, which a /hand in Room 1 gives."""
    async with world.running() as bot:
        forum, (room1, _), people, _ = _forum(fake, language)
        await _match(bot, fake, forum, room1, people)
        alice = people[0]
        fake.user_blocks_bot(alice)
        await bot.deliver()
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None
        assert await _answers(bot, fake, alice, forum, "/hand") == [RESTART[language]]
        said = fake.last_bot_message(forum)
        assert [[b["url"] for b in row] for row in said.buttons] == [
            [f"https://t.me/uno_test_bot?start=hand_{found[0].id}"]
        ]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_hand_from_one_playing_in_none_of_the_forums_games_says_where_they_are(
    world: World, fake: FakeTelegram, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(session 57's forum transcript) /hand in General from a member seated in none of the forum's games
    read "There is no game in this topic. Start one with /new." while a match went on in Room 1, as if the
    group had none: they play in none, and the group's is in Room 1. With no game in the forum, it is still
    that there is none here."""
    async with world.running() as bot:
        forum, (room1, room2), people, _ = _forum(fake, language)
        carol = fake.add_user("Carol", language_code=language)
        fake.join_group(carol, forum)
        fake.user_starts_bot(carol)
        if language == "en":
            assert await _answers(bot, fake, carol, forum, "/hand") == [NO_GAME]
        await _match(bot, fake, forum, room1, people)
        assert await _answers(bot, fake, carol, forum, "/hand") == [NOT_PLAYING[language]]
        if language == "en":  # seated in a lobby in Room 2: where hers is, as any game command is told
            fake.user_sends(carol, forum, "/new", thread_id=room2)
            await bot.deliver()
            reads: list[int] = []
            read = bot.rt.service.active_games_of

            async def counted(user_id: int) -> list[GameRecord]:
                reads.append(user_id)
                return await read(user_id)

            monkeypatch.setattr(bot.rt.service, "active_games_of", counted)
            assert await _answers(bot, fake, carol, forum, "/hand") == [YOURS[language].replace("1", "2")]
            assert reads == [carol.id]  # her games read once for all it may say (four times, session 57)


# General's game named as a topic's is, to one in another topic: by the group's title alone, "yours is in
# Club" read as if it were anywhere in the group, Room 1 included
IN_GENERAL = {
    "en": "There is no game in this topic: yours is in Club · General. To start another one here, send /new.",
    "ru": "В этой теме нет игры: ваша — в чате Club · General. Чтобы создать ещё одну здесь, отправьте /new.",  # noqa: RUF001
}
NOT_PLAYING_IN_GENERAL = {
    "en": "🃏 You're not playing in this group's game: it's in Club · General.",
    "ru": "🃏 Вы не играете в игре этой группы: она идёт в чате Club · General.",
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_game_in_general_is_named_as_a_topics_game_is(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """(session 58) Alice, in Room 1, read "There is no game in this topic: yours is in Club." of her match in
    General; Carol, who plays in none, "it's in Club"."""
    async with world.running() as bot:
        forum, (room1, _), people, _ = _forum(fake, language)
        carol = fake.add_user("Carol", language_code=language)
        fake.join_group(carol, forum)
        fake.user_starts_bot(carol)
        await _match(bot, fake, forum, None, people)
        for user, command, told in (
            (people[0], "/table", IN_GENERAL),
            (carol, "/hand", NOT_PLAYING_IN_GENERAL),
        ):
            sent = fake.user_sends(user, forum, command, thread_id=room1)
            await bot.deliver()
            said = [m.text for m in fake.bot_messages_in(forum) if m.message_id > sent.message_id]
            assert said == [told[language]]


@pytest.mark.parametrize(
    ("command", "told"),
    [
        ("/table", "There is no game in that topic: yours is in Club · Room 2."),
        (
            "/leave",
            "There is no game in that topic: yours is in Club · Room 2. To leave it, send /leave there.",
        ),
    ],
)
async def test_from_a_topic_closed_to_the_bot_it_is_told_in_private(
    world: World, fake: FakeTelegram, command: str, told: str
) -> None:
    """Forwarded, as a closed topic's other answers are: "that topic", and no /new there (it refuses one); a
    /leave's says where to leave, as in an open topic. The admin plays: only an admin may post in a closed
    topic."""
    async with world.running() as bot:
        forum, (room1, room2), (_, bob), admin = _forum(fake)
        await _match(bot, fake, forum, room2, [admin, bob])
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        private = fake.private_chat(admin)
        before = len(fake.bot_messages_in(private))
        fake.user_sends(admin, forum, command, thread_id=room1)
        await bot.deliver()
        assert [message.text for message in fake.bot_messages_in(private)[before:]] == [
            f"{HERE['en']}\n{told}"
        ]


async def test_hand_from_a_topic_closed_to_the_bot_from_one_playing_in_none_is_told_in_private(
    world: World, fake: FakeTelegram
) -> None:
    """(review, session 57) Forwarded as it reads there: "this group's game" read as the private chat's."""
    async with world.running() as bot:
        forum, (room1, room2), people, admin = _forum(fake)
        await _match(bot, fake, forum, room2, people)
        fake.user_starts_bot(admin)
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        private = fake.private_chat(admin)
        before = len(fake.bot_messages_in(private))
        fake.user_sends(admin, forum, "/hand", thread_id=room1)
        await bot.deliver()
        assert [message.text for message in fake.bot_messages_in(private)[before:]] == [
            f"{HERE['en']}\n🃏 You're not playing in that group's game: it's in Club · Room 2."
        ]


async def test_where_the_last_game_ended_its_player_is_pointed_to_theirs(
    world: World, fake: FakeTelegram
) -> None:
    """Not "the last game here is over" (which one not playing it reads), as a paused one is pointed to
    (test_a_paused_game_met_elsewhere): the table they ask for is their game's."""
    async with world.running() as bot:
        forum, (room1, _), (alice, bob), _ = _forum(fake)
        await _match(bot, fake, forum, room1, [alice, bob])
        carol = fake.add_user("Carol")
        fake.join_group(carol, forum)
        fake.user_starts_bot(carol)
        fake.user_sends(carol, forum, "/new")
        await bot.deliver()
        await stop(bot, fake, forum, carol)
        assert await _answers(bot, fake, alice, forum, "/table") == [YOURS["en"]]
        assert (await _answers(bot, fake, carol, forum, "/table"))[0].startswith("🏁")
