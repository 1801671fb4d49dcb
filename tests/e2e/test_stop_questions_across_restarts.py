"""An open /stop question across a restart, and in its reader's next language: it was known in memory only,
so after a restart a /stop posted a second question beside it and a switch of the group's language no longer
redrew it; one asked in the asker's private chat (its group refusing the bot's posts) stayed in the language
it was asked in when they switched theirs with /lang."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.harness import Bot, World, press
from tests.e2e.matches import started, stop_answer, stop_question
from tests.e2e.test_muted_for_a_moment import ASKED, KEPT_PAUSED, POSTS_AGAIN, _closed, _open_again, _playing
from tests.fake_bot_api import Chat, FakeTelegram, Message, User

SETTLED = 30  # seconds for every paced edit to go out
RESTARTED = 5  # seconds the bot was down: the question asked just before is open still (half a minute)
OUTAGE = 60  # seconds the bot was down: the question asked before counts as open no longer
LONG_OUTAGE = 11 * 60  # seconds: longer than a group's question stays open (bot.tg.fleeting QUESTION_SECONDS)
QUESTION = {"en": "Stop the game for everyone?", "ru": "Остановить игру для всех?"}


def _questions(fake: FakeTelegram, chat: Chat) -> list[int]:
    """The /stop questions the bot posted in the chat (their message ids), in either language."""
    asked = (*QUESTION.values(), *ASKED.values())
    return [m.message_id for m in fake.bot_messages_in(chat) if any(q in (m.text or "") for q in asked)]


async def test_a_question_open_across_a_restart_is_asked_once_and_follows_the_groups_language(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        fake.make_admin(alice, group)
        question = await stop_question(bot, fake, group, alice)
        assert question.text == QUESTION["en"]
    world.clock.advance(RESTARTED)
    async with world.running() as bot:
        fake.user_sends(alice, group, "/stop")  # the question is here already, as before the restart
        await bot.deliver()
        assert _questions(fake, group) == [question.message_id]
        fake.user_sends(alice, group, "/lang ru")
        await bot.deliver()
        await bot.tick(SETTLED)
        asked = fake.messages[(group.id, question.message_id)]
        assert asked.text == QUESTION["ru"]
        assert asked.button_texts == [["Да, остановить", "Нет, продолжаем"]]
        press(fake, alice, asked, stop_answer(asked, yes=False))
        await bot.deliver()
        assert fake.messages[(group.id, question.message_id)].text == "Игра продолжается."
    world.clock.advance(RESTARTED)
    async with world.running() as bot:  # answered, it stays what it says
        fake.user_sends(alice, group, "/lang en")
        await bot.deliver()
        await bot.tick(SETTLED)
        assert fake.messages[(group.id, question.message_id)].text == "Игра продолжается."
        await bot.game(group)  # going on


@pytest.mark.parametrize(
    ("yes", "on_first", "restarted"), [(False, True, False), (True, False, False), (False, True, True)]
)
async def test_a_question_asked_again_after_a_longer_outage_goes_with_the_others_answer(
    world: World, fake: FakeTelegram, yes: bool, on_first: bool, restarted: bool
) -> None:
    """(session 60's admin evening) Down for a minute, the bot took the question asked before as no longer
    open, and the admin's next /stop asked again beside it: No on the first left the second asking whether
    to stop the game that went on; Yes on the second left the first asking about a game over. Both are
    kept as the second is asked (`restarted`: the first is known again after another restart)."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        fake.make_admin(alice, group)
        first = await stop_question(bot, fake, group, alice)
    world.clock.advance(OUTAGE)
    async with world.running() as bot:
        second = await stop_question(bot, fake, group, alice)
        assert _questions(fake, group) == [first.message_id, second.message_id]
        if not restarted:
            await _answered(bot, fake, alice, (first, second) if on_first else (second, first), yes)
            return
    world.clock.advance(RESTARTED)
    async with world.running() as bot:
        await _answered(bot, fake, alice, (first, second) if on_first else (second, first), yes)


async def _answered(
    bot: Bot, fake: FakeTelegram, alice: User, questions: tuple[Message, Message], yes: bool
) -> None:
    """Alice answers the first of `questions`: the other goes with it."""
    pressed, other = questions
    press(fake, alice, pressed, stop_answer(pressed, yes=yes))
    await bot.deliver()
    await bot.tick(SETTLED)
    answered = fake.messages[(pressed.chat.id, pressed.message_id)]
    assert answered.text == ("Alice stopped the game." if yes else "The game goes on.")
    assert (other.chat.id, other.message_id) not in fake.messages


async def test_a_question_answered_as_the_bot_crashes_reads_as_it_is_kept_after_the_restart(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice answers No as the bot crashes, before it wrote down that the question was answered: the answer
    is not shown either, so the question still reads open, as the restarted bot knows it (a switch redraws
    it, and it can be answered). The answer was shown first: after the restart a switch of the group's
    language redrew the answered question as a question, its buttons back."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        fake.make_admin(alice, group)
        question = await stop_question(bot, fake, group, alice)
        forgetting = asyncio.Event()

        async def crashing(*_: object) -> None:
            forgetting.set()
            await asyncio.Event().wait()  # the process dies here

        monkeypatch.setattr(bot.rt.service, "stop_settled", crashing)
        press(fake, alice, question, stop_answer(question, yes=False))
        answering = await bot.handed()
        await bot.app.bot.get_updates(offset=bot.offset, timeout=0)  # polling's next look confirms the press
        await bot.clock.run(forgetting.wait())
        await bot.tick(SETTLED)
        assert fake.messages[(group.id, question.message_id)].text == QUESTION["en"]
        for handler in answering:
            handler.cancel()
        await asyncio.gather(*answering, return_exceptions=True)
    world.clock.advance(RESTARTED)
    async with world.running() as bot:
        fake.user_sends(alice, group, "/lang ru")
        await bot.deliver()
        await bot.tick(SETTLED)
        asked = fake.messages[(group.id, question.message_id)]
        assert (asked.text, asked.button_texts) == (QUESTION["ru"], [["Да, остановить", "Нет, продолжаем"]])
        press(fake, alice, asked, stop_answer(asked, yes=False))
        await bot.deliver()
        assert fake.messages[(group.id, question.message_id)].text == "Игра продолжается."


async def _asked_in_private(bot: Bot, fake: FakeTelegram, group: Chat, alice: User) -> Message:
    """Alice's /stop in the group, which refuses the bot's posts: the question in her private chat (asked
    within the half minute it counts as open)."""
    fake.user_sends(alice, group, "/stop")
    await bot.deliver()
    return fake.bot_messages_in(fake.private_chat(alice))[-1]


async def test_a_question_asked_in_private_follows_its_askers_language_across_a_restart(
    world: World, fake: FakeTelegram
) -> None:
    async with world.running() as bot:
        group, (alice, _) = await _playing(bot, fake, "muted")
        await _closed(bot, fake, group, alice, "muted")
        question = await _asked_in_private(bot, fake, group, alice)
        assert question.text == ASKED["en"]
    world.clock.advance(RESTARTED)
    async with world.running() as bot:
        private = fake.private_chat(alice)
        await _asked_in_private(bot, fake, group, alice)  # the question is there already
        assert _questions(fake, private) == [question.message_id]
        fake.user_sends(alice, private, "/lang ru")
        await bot.deliver()
        await bot.tick(SETTLED)
        asked = fake.messages[(private.id, question.message_id)]
        assert asked.text == ASKED["ru"]
        press(fake, alice, asked, stop_answer(asked, yes=False))
        await bot.deliver()
        assert fake.messages[(private.id, question.message_id)].text == KEPT_PAUSED["ru"]


async def test_a_question_asked_again_in_private_after_a_longer_outage_replaces_the_one_before(
    world: World, fake: FakeTelegram
) -> None:
    """(session 61's forum restart) Asked again in the asker's private chat after an outage, the second
    question stayed there, Yes and No live, once the first was answered: a Yes on it stopped the game the No
    had kept. The first goes as the second is asked (session 61's review: one question a private chat,
    known again after the restart), and the second is answered."""
    async with world.running() as bot:
        group, (alice, _) = await _playing(bot, fake, "muted")
        await _closed(bot, fake, group, alice, "muted")
        first = await _asked_in_private(bot, fake, group, alice)
    world.clock.advance(OUTAGE)
    async with world.running() as bot:
        private = fake.private_chat(alice)
        second = await _asked_in_private(bot, fake, group, alice)
        await bot.tick(SETTLED)
        assert second.message_id != first.message_id
        assert _questions(fake, private) == [second.message_id]
        press(fake, alice, second, stop_answer(second, yes=False))
        await bot.deliver()
        assert fake.messages[(private.id, second.message_id)].text == KEPT_PAUSED["en"]
        await bot.game(group)  # paused, going on


@pytest.mark.parametrize("outage", [OUTAGE, LONG_OUTAGE])
async def test_a_question_asked_in_private_before_a_restart_says_where_to_ask_once_the_match_goes_on(
    world: World, fake: FakeTelegram, outage: int
) -> None:
    """(session 61's forum restart) The group let the bot post again after a restart: the questions asked in
    private before it and after (asked again, the outage longer than a question counts as open) went on
    asking whether to stop a game "paused while I may not post in its group". The newest says where to ask
    now; the other goes (as the newest is asked, since session 61's review). One asked more than ten
    minutes before (a group's question's time) too: it was not known again, nor kept as the second was
    asked, its Yes and No live. Told, it is no question: a switch of Alice's language leaves it as it is, as
    it does an answer."""
    async with world.running() as bot:
        group, (alice, _) = await _playing(bot, fake, "muted")
        await _closed(bot, fake, group, alice, "muted")
        first = await _asked_in_private(bot, fake, group, alice)
    world.clock.advance(outage)
    async with world.running() as bot:
        second = await _asked_in_private(bot, fake, group, alice)
        await _open_again(bot, fake, group, alice, "muted")
        await bot.tick(SETTLED)
        assert (first.chat.id, first.message_id) not in fake.messages
        told = fake.messages[(second.chat.id, second.message_id)]
        assert told.text == POSTS_AGAIN["en"] and not told.buttons
        fake.user_sends(alice, fake.private_chat(alice), "/lang ru")
        await bot.deliver()
        await bot.tick(SETTLED)
        told = fake.messages[(second.chat.id, second.message_id)]
        assert told.text == POSTS_AGAIN["en"] and not told.buttons
