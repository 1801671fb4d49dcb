"""A forum with games in several topics at once (an audit of 2026-12-05): an admin closing a topic (or
hiding General: tests/e2e/test_closed_topics.py), and what each topic's game then shows."""

from __future__ import annotations

import pytest

from bot.service import GameDocument, Place
from bot.storage import GameRecord
from tests.e2e.harness import Bot, World, choices, press
from tests.e2e.matches import use_quick_rules
from tests.fake_bot_api import Chat, FakeTelegram, User
from tests.fake_bot_api.errors import bad_request


def _forum(fake: FakeTelegram) -> tuple[Chat, tuple[int, int], list[User], User]:
    """A forum with the topics "Room 1" and "Room 2", Alice and Bob playing, and its admin (who is not)."""
    people = [fake.add_user("Alice"), fake.add_user("Bob")]
    admin = fake.add_user("Admin")
    forum = fake.add_group("Club", members=people, forum=True, creator=admin)
    return forum, (fake.add_topic(forum, "Room 1"), fake.add_topic(forum, "Room 2")), people, admin


async def _match(bot: Bot, fake: FakeTelegram, forum: Chat, topic: int | None, people: list[User]) -> None:
    alice, bob = people
    for user in people:
        fake.user_starts_bot(user)
    fake.user_sends(alice, forum, "/new", thread_id=topic)
    fake.user_sends(bob, forum, "/join", thread_id=topic)
    await bot.deliver()
    fake.user_sends(alice, forum, "/startgame", thread_id=topic)
    await bot.deliver()


async def _generals_game_after_an_edit_refused_in_a_closed_topic(
    bot: Bot, fake: FakeTelegram
) -> tuple[GameRecord, GameDocument] | None:
    """General's match and Room 1's running, Telegram refuses an edit of Room 1's table as in a closed
    topic: General's game then (None: gone)."""
    forum, (room1, _), people, _ = _forum(fake)
    await _match(bot, fake, forum, None, people)
    await _match(bot, fake, forum, room1, people)
    found = await bot.rt.service.find(Place(forum.id, room1))
    assert found is not None
    mover = next(user for user in people if user.id == found[1].state.actor)
    hand = next(
        m for m in reversed(fake.bot_messages_in(fake.private_chat(mover))) if "Room 1" in (m.text or "")
    )
    fake.fail_next("editMessageText", bad_request("TOPIC_CLOSED"), chat_id=forum.id)
    press(fake, mover, hand, choices(hand)[0])  # Room 1's table is edited
    await bot.deliver()
    assert any(call.method == "editMessageText" and call.status == 400 for call in fake.calls)
    return await bot.rt.service.find(Place(forum.id))


async def test_an_edit_refused_in_a_closed_topic_does_not_stop_generals_game(
    world: World, fake: FakeTelegram
) -> None:
    """Should Telegram refuse an edit in a closed topic: an edit names no topic, and a refusal without one
    is General's when it is a new message's, never when it is an edit's."""
    async with world.running() as bot:
        assert await _generals_game_after_an_edit_refused_in_a_closed_topic(bot, fake) is not None


async def test_an_edit_refused_in_a_closed_topic_does_not_pause_generals_game(
    world: World, fake: FakeTelegram
) -> None:
    """Nor pause it, as General's closing would (session 45): its players go on playing."""
    async with world.running() as bot:
        found = await _generals_game_after_an_edit_refused_in_a_closed_topic(bot, fake)
        assert found is not None and not found[1].paused


LOBBY_CLOSED_TOPIC = {
    "en": "This game was closed: its topic was closed.",
    "ru": "Эта игра закрыта: её тему закрыли.",
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_lobby_in_a_topic_an_admin_closed_does_not_send_the_group_to_new(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """The closed topic's lobby read "… Send /new to open a new one.", which fails there until the topic is
    reopened (the bot may not post in it); then "I could no longer post here", which left the players
    guessing why: it names the topic's closing."""
    forum, (room1, _), (alice, bob), admin = _forum(fake)
    await use_quick_rules(world, forum, language=language)
    async with world.running() as bot:
        fake.user_sends(alice, forum, "/new", thread_id=room1)
        fake.user_sends(bob, forum, "/join", thread_id=room1)
        await bot.deliver()
        lobby = fake.bot_messages_in(forum, thread_id=room1)[0]
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        assert await bot.rt.service.find(Place(forum.id, room1)) is None
        shown = fake.messages[(forum.id, lobby.message_id)]
        assert shown.text == LOBBY_CLOSED_TOPIC[language] and not shown.buttons


RUNNING_HERE = {
    "en": "A match is running: changes apply from the next match.",
    "ru": "Идёт матч: изменения действуют со следующего матча.",  # noqa: RUF001
}
RUNNING_ELSEWHERE = {
    "en": "A match is running in another topic: changes apply from the next match.",
    "ru": "В другой теме идёт матч: изменения действуют со следующего матча.",  # noqa: RUF001
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_settings_away_from_the_forums_match_say_it_runs_in_another_topic(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """The settings are the whole forum's: /settings in General, with a match in "Room 1" only, said "A match
    is running", and the admin looked for it in General."""
    forum, (room1, room2), people, admin = _forum(fake)
    await use_quick_rules(world, forum, language=language)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        here = RUNNING_HERE[language]
        for topic, notes in ((None, RUNNING_ELSEWHERE), (room2, RUNNING_ELSEWHERE), (room1, RUNNING_HERE)):
            fake.user_sends(admin, forum, "/settings", thread_id=topic)  # replaces the menu before
            await bot.deliver()
            menu, said = fake.last_bot_message(forum), notes[language]
            play = next(text for row in menu.button_texts for text in row if text.startswith("▶️"))
            fake.user_presses(admin, menu, play)  # a screen of rules, drawn anew: it keeps the note
            await bot.deliver()
            for shown in (menu.text or "", fake.messages[(forum.id, menu.message_id)].text or ""):
                assert said in shown and (said == here or here not in shown), shown


SAVED_ELSEWHERE = {
    "en": "The match in another topic keeps its rules: the change applies from the next one.",
    "ru": "Матч в другой теме доигрывается по своим правилам: изменение действует со следующего матча.",  # noqa: RUF001
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_rule_changed_away_from_the_forums_match_says_the_match_is_in_another_topic(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """A rule typed in General, with a match in "Room 1" only, read "The match being played keeps its
    rules": the admin saw no match being played where they were."""
    forum, (room1, _), people, admin = _forum(fake)
    await use_quick_rules(world, forum, language=language)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        fake.user_sends(admin, forum, "/settings turn_seconds 45")
        await bot.deliver()
        elsewhere = fake.last_bot_message(forum).text or ""
        fake.user_sends(admin, forum, "/settings turn_seconds 50", thread_id=room1)
        await bot.deliver()
        here = fake.last_bot_message(forum).text or ""
    assert SAVED_ELSEWHERE[language] in elsewhere
    assert SAVED_ELSEWHERE[language] not in here and "45" not in here


async def test_rules_in_the_topic_of_a_match_are_the_matchs(world: World, fake: FakeTelegram) -> None:
    """/rules in "Room 1", where a match runs, tells the match's rules; in General, the forum's."""
    forum, (room1, _), people, admin = _forum(fake)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        for topic, title in ((room1, "📜 Rules of the current match:"), (None, "📜 Rules of this chat:")):
            fake.user_sends(admin, forum, "/rules", thread_id=topic)
            await bot.deliver()
            assert (fake.last_bot_message(forum).text or "").startswith(title), topic


@pytest.mark.parametrize("learned_by", ["/notifyme", "an earlier game"])
async def test_new_answering_a_message_in_a_topic_names_the_topic(
    world: World, fake: FakeTelegram, learned_by: str
) -> None:
    """Telegram names the topic only on a message that answers nothing else: /new sent as an answer named
    the game after the group alone, though the bot knew the topic's name."""
    forum, (room, _), (alice, bob), _ = _forum(fake)
    async with world.running() as bot:
        fake.user_starts_bot(alice)
        if learned_by == "/notifyme":
            fake.user_sends(bob, forum, "/notifyme", thread_id=room)
        else:
            fake.user_sends(alice, forum, "/new", thread_id=room)
            fake.user_sends(alice, forum, "/leave", thread_id=room)  # the lobby closes
        await bot.deliver()
        assert await bot.rt.service.find(Place(forum.id, room)) is None
        chatter = fake.user_sends(bob, forum, "Anyone for UNO?", thread_id=room)
        fake.user_sends(alice, forum, "/new", thread_id=room, reply_to=chatter)
        await bot.deliver()
        found = await bot.rt.service.find(Place(forum.id, room))
        assert found is not None and found[1].chat_title == "Club · Room 1"


async def test_stats_in_a_topic_are_the_askers_own_not_the_topic_creators(
    world: World, fake: FakeTelegram
) -> None:
    """Every plain message in a forum topic replies to the topic's creation message, Alice's: Bob's /stats
    there names nobody, so it is his own, not "Alice hasn't finished a match yet"."""
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob", started_bot=True)
    forum = fake.add_group("Forum", members=[alice, bob], forum=True)
    topic = fake.add_topic(forum, "UNO")
    async with world.running() as bot:
        fake.user_sends(bob, forum, "/stats", thread_id=topic)
        await bot.deliver()
        assert (
            fake.last_bot_message(forum).text == "You haven't finished a match yet. Start one here with /new."
        )
