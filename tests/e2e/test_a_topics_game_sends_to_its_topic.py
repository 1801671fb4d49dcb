"""What a player of a forum topic's game reads in private sends them to its topic, not to the group, whose
General and other topics hold games of their own (session 57's forum transcript: "watch the group", "join the
next game in the group" and the like on the hands of a game in Club · Room 1)."""

from __future__ import annotations

import pytest

from bot.service import Place
from tests.e2e.harness import World, press
from tests.e2e.matches import stop_answer
from tests.e2e.test_closed_topics import _forum, _match
from tests.e2e.test_muted_for_a_moment import PAGE_SETTLES, _closed, _open_again
from tests.fake_bot_api import FakeTelegram

POSTS_AGAIN = {
    "en": "I may post in the game's group again: to stop it, send /stop in its topic.",
    "ru": "Мне снова разрешили писать в группу этой игры: чтобы её остановить, отправьте /stop в её теме.",
}
LINK_OVER = {
    "en": "The game from that link is over. Ask in its topic for a new one: /new",
    "ru": "Игра по этой ссылке уже закончилась. Попросите в её теме начать новую: /new",
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_stop_question_answered_once_the_bot_may_post_again_sends_to_the_games_topic(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """/stop of a match in Room 1, asked in private as the bot was muted in the whole forum, answered once it
    may post again: "send /stop there" sent Alice to the group, whose General holds no game of hers. (The
    question says so as the match goes on, session 61; a press on it from an old screen changes nothing.)"""
    async with world.running() as bot:
        forum, (room1, _), (alice, bob), admin = _forum(fake, language)
        await _match(bot, fake, forum, room1, [alice, bob])
        await _closed(bot, fake, forum, admin, "muted")
        fake.user_sends(alice, forum, "/stop", thread_id=room1)
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        question = fake.bot_messages_in(fake.private_chat(alice))[-1]
        yes = stop_answer(question, yes=True)
        await _open_again(bot, fake, forum, admin, "muted")
        assert fake.messages[(question.chat.id, question.message_id)].text == POSTS_AGAIN[language]
        press(fake, alice, question, yes)
        await bot.deliver()
        assert fake.messages[(question.chat.id, question.message_id)].text == POSTS_AGAIN[language]
        assert await bot.rt.service.find(Place(forum.id, room1)) is not None  # stopped by nothing


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_join_link_of_a_topics_game_that_is_over_sends_to_its_topic(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """Carol, following the join link of a lobby in Room 1 closed since, read "Ask in the group for a new
    one": the group's General is another place, with a game of its own, maybe."""
    async with world.running() as bot:
        forum, (room1, _), (alice, _), _ = _forum(fake, language)
        carol = fake.add_user("Carol", language_code=language)
        fake.join_group(carol, forum)
        fake.user_starts_bot(carol)  # a first Start's answer ends with the /colours hint: not this one's
        fake.user_starts_bot(alice)
        fake.user_sends(alice, forum, "/new", thread_id=room1)
        await bot.deliver()
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None
        await bot.rt.service.stop(found[0].id, None, is_admin=True)
        fake.user_starts_bot(carol, f"join_{found[0].id}")
        await bot.deliver()
        assert fake.last_bot_message(fake.private_chat(carol)).text == LINK_OVER[language]
