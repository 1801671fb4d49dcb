"""A forum's settings are the whole forum's: the menu and a change made away from its matches say the matches
are in other topics, one or several (session 59's transcript: two topics playing, the menu in General said "A
match is running in another topic", and the admin looked for the one)."""

from __future__ import annotations

import dataclasses

import pytest

from bot.engine.rules import Rules
from bot.service.lobby import new_lobby
from bot.storage import GameStatus
from tests.fake_bot_api import Chat, User
from tests.settings.conftest import Harness

RUNNING_ELSEWHERE = {
    ("en", 1): "A match is running in another topic: changes apply from the next match.",
    ("en", 2): "Matches are running in other topics: changes apply from the next match.",
    ("ru", 1): "В другой теме идёт матч: изменения действуют со следующего матча.",  # noqa: RUF001
    ("ru", 2): "В других темах идут матчи: изменения действуют со следующего матча.",  # noqa: RUF001
}
# the saved change's last line, up to "the change applies from the next one"
SAVED_ELSEWHERE = {
    ("en", 1): "The match in another topic keeps its rules:",
    ("en", 2): "The matches in other topics keep their rules:",
    ("ru", 1): "Матч в другой теме доигрывается по своим правилам:",
    ("ru", 2): "Матчи в других темах доигрываются по своим правилам:",
}


async def _forum_playing_in(harness: Harness, topics: int, language: str) -> tuple[Chat, User]:
    """The forum Club in `language`, a match running (as the game service stores one) in each of `topics`
    topics, and its admin."""
    admin = harness.fake.add_user("Alice")
    forum = harness.fake.add_group("Club", creator=admin, forum=True)
    async with harness.database.unit_of_work() as uow:
        chat = await uow.chats.ensure(forum.id, forum.title)
        chat.language = language
        for n in range(topics):
            topic = harness.fake.add_topic(forum, f"Room {n + 1}")
            lobby = new_lobby(admin.id, admin.first_name, forum.title or "", Rules(), None, 0)
            game = await uow.games.create(chat_id=forum.id, state=lobby.to_dict(), topic_id=topic)
            await uow.games.save(dataclasses.replace(game, status=GameStatus.RUNNING))
    return forum, admin


@pytest.mark.parametrize("topics", [1, 2])
@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_menu_in_general_names_the_matches_in_other_topics(
    harness: Harness, language: str, topics: int
) -> None:
    forum, admin = await _forum_playing_in(harness, topics, language)
    harness.fake.user_sends(admin, forum, "/settings")
    await harness.deliver()
    assert RUNNING_ELSEWHERE[language, topics] in (harness.fake.last_bot_message(forum).text or "")


@pytest.mark.parametrize("topics", [1, 2])
@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_rule_changed_in_general_names_the_matches_in_other_topics(
    harness: Harness, language: str, topics: int
) -> None:
    forum, admin = await _forum_playing_in(harness, topics, language)
    harness.fake.user_sends(admin, forum, "/settings turn_seconds 45")
    await harness.deliver()
    said = (harness.fake.last_bot_message(forum).text or "").splitlines()
    assert said[-1].startswith(SAVED_ELSEWHERE[language, topics]), said
