"""/stop in a forum topic closed to the bot (its match paused; only the group's admins post there): the
question goes to the asker's private chat, as the answers in a closed topic do, and its Yes or No acts as
in the group. Before: the question was refused by Telegram in the closed topic, and the admin read nothing
(and a /stop sent again within half a minute got nothing either: the question counted as asked)."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import Place
from bot.tg import stop_questions_kept
from tests.e2e.harness import Bot, World, buttons, choices, press
from tests.e2e.matches import deal_short_matches, stop_answer, use_quick_rules
from tests.e2e.test_closed_topics import _forum, _hand_in, _match
from tests.e2e.test_fair_boards import _after_a_full_round
from tests.fake_bot_api import Chat, FakeTelegram, Message, User

ASKED = {
    "en": "The game in Club · Room 1 is paused while its topic is closed, so I'm asking here.\n"
    "Stop the game for everyone?",
    "ru": "Игра в чате Club · Room 1 на паузе, пока её тема закрыта, поэтому спрашиваю здесь.\n"
    "Остановить игру для всех?",
}
# The reader is the one who stopped it; the group is the one to name (their private chat is no game's).
STOPPED = {
    "en": "You stopped the game in Club · Room 1.",
    "ru": "Вы остановили игру в чате Club · Room 1.",
}

# Closed longer than a question in a group stays open (bot.tg.fleeting QUESTION_SECONDS): ten minutes.
LONG_CLOSED = 11 * 60

KEPT_PAUSED = {
    "en": "The game goes on once the topic is reopened.",
    "ru": "Игра продолжится, когда тему откроют снова.",
}


async def _asked(bot: Bot, fake: FakeTelegram, forum: Chat, topic: int, admin: User) -> Message:
    """The admin's /stop in the closed topic; the question in their private chat."""
    fake.close_topic(forum, topic, by=admin)
    await bot.deliver()
    fake.user_sends(admin, forum, "/stop", thread_id=topic)
    await bot.deliver()
    return fake.bot_messages_in(fake.private_chat(admin))[-1]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_stop_in_a_closed_topic_is_asked_and_answered_in_private(
    world: World, fake: FakeTelegram, language: str
) -> None:
    forum, (room1, _), people, admin = _forum(fake, language)
    admin.language_code = language
    fake.user_starts_bot(admin)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        question = await _asked(bot, fake, forum, room1, admin)
        assert question.text == ASKED[language]
        press(fake, admin, question, stop_answer(question, yes=True))
        await bot.deliver()
        assert fake.messages[(question.chat.id, question.message_id)].text == STOPPED[language]
        assert await bot.rt.service.find(Place(forum.id, room1)) is None
        hand = _hand_in(fake, people[0], "Room 1").text or ""
        assert hand.endswith(
            {"en": "⏹ A chat admin stopped the game.", "ru": "⏹ Игру остановил администратор чата."}[language]
        )


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_no_keeps_the_paused_game(world: World, fake: FakeTelegram, language: str) -> None:
    """Not "the game goes on": it stays paused till its topic is reopened."""
    forum, (room1, _), people, admin = _forum(fake, language)
    admin.language_code = language
    fake.user_starts_bot(admin)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        question = await _asked(bot, fake, forum, room1, admin)
        press(fake, admin, question, stop_answer(question, yes=False))
        await bot.deliver()
        assert fake.messages[(question.chat.id, question.message_id)].text == KEPT_PAUSED[language]
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None and found[1].paused


@pytest.mark.parametrize("closed_for", [0, LONG_CLOSED])
async def test_the_question_answered_once_the_topic_is_open_again_points_there(
    world: World, fake: FakeTelegram, closed_for: int
) -> None:
    """The group is where the match is stopped again (its /stop asks anew there): the question says so as
    the topic is reopened (session 61: it went on asking, "paused while its topic is closed", till pressed),
    and a Yes pressed in private later, maybe much later (an old client's screen), stops nothing. A topic
    closed for longer than a group's question stays open (`closed_for`, s) too: one asked as it closed was
    told nothing (it was forgotten after ten minutes), its Yes and No live."""
    forum, (room1, _), people, admin = _forum(fake)
    fake.user_starts_bot(admin)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        question = await _asked(bot, fake, forum, room1, admin)
        yes = stop_answer(question, yes=True)
        await bot.tick(closed_for)
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        await bot.tick(3)  # the edit's turn
        reopened = "The game's topic is open again: to stop it, send /stop there."
        told = fake.messages[(question.chat.id, question.message_id)]
        assert told.text == reopened and not told.buttons
        pressed = press(fake, admin, question, yes)
        await bot.deliver()
        assert fake.messages[(question.chat.id, question.message_id)].text == reopened
        assert (
            pressed.answer_text
            == "This question has been answered already. To stop the game, send /stop again."
        )
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None and not found[1].paused
        fake.user_sends(admin, forum, "/stop", thread_id=room1)
        await bot.deliver()
        assert fake.bot_messages_in(forum, room1)[-1].text == "Stop the game for everyone?"


async def test_a_stop_repeated_in_private_leaves_one_question(world: World, fake: FakeTelegram) -> None:
    """(session 61's review) A question asked in private about a paused match is kept till it goes on (a
    day at most): an admin repeating /stop in the closed topic, a minute apart (its half minute over), left
    a question for each in their private chat, Yes and No live, and in the game's document. The newest
    stays; the one before goes."""
    forum, (room1, _), people, admin = _forum(fake)
    fake.user_starts_bot(admin)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        first = await _asked(bot, fake, forum, room1, admin)
        await bot.tick(60)
        fake.user_sends(admin, forum, "/stop", thread_id=room1)
        await bot.deliver()
        await bot.tick(3)  # the deletion's turn
        private = fake.private_chat(admin)
        asked = [m.message_id for m in fake.bot_messages_in(private) if m.text == ASKED["en"]]
        assert len(asked) == 1 and asked[0] > first.message_id
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None and [q.message_id for q in found[1].stop_questions] == asked


async def test_a_question_left_in_private_as_the_game_ends_says_it_is_over(
    world: World, fake: FakeTelegram
) -> None:
    """(session 61's review) Alice's question asked in private stays a day; the admin's Yes to theirs ended
    the game: her switch to Russian redrew hers as an open question ("Stop the game for everyone?", Yes and
    No), as if the game went on. (session 62) It kept its Yes and No till pressed: it says the game is over
    now, in her language, as a press would have said, and stays so."""
    forum, (room1, _), people, admin = _forum(fake)
    alice = people[0]
    alice.language_code = "ru"
    fake.make_admin(alice, forum)
    fake.user_starts_bot(admin)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        theirs = await _asked(bot, fake, forum, room1, admin)
        fake.user_sends(alice, forum, "/stop", thread_id=room1)
        await bot.deliver()
        hers = fake.bot_messages_in(fake.private_chat(alice))[-1]
        assert hers.text == ASKED["ru"]
        press(fake, admin, theirs, stop_answer(theirs, yes=True))
        await bot.deliver()
        assert await bot.rt.service.find(Place(forum.id, room1)) is None
        await bot.tick(3)  # an edit's turn
        outlived = "Игра, о которой был этот вопрос, уже закончилась."  # noqa: RUF001
        shown = fake.messages[(hers.chat.id, hers.message_id)]
        assert shown.text == outlived and not buttons(shown)
        fake.user_sends(alice, fake.private_chat(alice), "/lang en")
        await bot.deliver()
        await bot.tick(3)
        assert fake.messages[(hers.chat.id, hers.message_id)].text == outlived


async def test_a_question_that_cannot_be_told_the_match_goes_on_holds_up_nothing(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(session 61's review) The asker's language out of reach as the topic is reopened: the question keeps
    its buttons (a press says the topic is open again), but the match goes on, its table posted anew and
    its hands playable. Told first, the failure left the match saved as going on but shown as paused, its
    turn's time unarmed."""
    forum, (room1, _), people, admin = _forum(fake)
    fake.user_starts_bot(admin)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        question = await _asked(bot, fake, forum, room1, admin)
        table = fake.bot_messages_in(forum, room1)[-1]

        async def out_of_reach(*_: object) -> str:
            raise ConnectionError("the database is out of reach")

        monkeypatch.setattr(stop_questions_kept, "private_language", out_of_reach)
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        await bot.tick(3)
        now_shown = fake.bot_messages_in(forum, room1)
        assert now_shown[-1].message_id > table.message_id and now_shown[-1].buttons
        assert any(choices(_hand_in(fake, user, "Room 1")) for user in people)
        assert fake.messages[(question.chat.id, question.message_id)].buttons


async def test_a_question_told_the_topic_is_open_again_as_the_bot_crashes_reads_as_it_is_kept(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(session 61's review) The bot crashes as it writes down that the question asked in private is
    settled, the topic reopened: it still reads as a question, as a restart restores it. Shown settled
    first, the restart redrew it as a question on a language switch, as an answer was (session 61)."""
    forum, (room1, _), people, admin = _forum(fake)
    fake.user_starts_bot(admin)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        question = await _asked(bot, fake, forum, room1, admin)
        forgetting = asyncio.Event()

        async def crashing(*_: object) -> None:
            forgetting.set()
            await asyncio.Event().wait()  # the process dies here

        monkeypatch.setattr(bot.rt.service, "stop_settled", crashing)
        fake.close_topic(forum, room1, by=admin, closed=False)
        going_on = await bot.handed()
        await bot.app.bot.get_updates(offset=bot.offset, timeout=0)  # polling's next look confirms it
        await bot.clock.run(forgetting.wait())
        await bot.tick(3)  # an edit's turn
        assert fake.messages[(question.chat.id, question.message_id)].text == ASKED["en"]
        for handler in going_on:
            handler.cancel()
        await asyncio.gather(*going_on, return_exceptions=True)


async def test_a_player_who_stops_a_match_that_counts_in_private_is_told_it_is_their_loss(
    world: World, fake: FakeTelegram
) -> None:
    """An admin playing in the match (General's, hidden: closed) stops it after a full round: the answer in
    their private chat names the game, and says it is their loss, as the group's would say of them."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    forum = fake.add_group("Club", members=[alice, bob], forum=True, creator=alice)
    await use_quick_rules(world, forum, {"target_score": 2000})  # the first round cannot end the match
    deal_short_matches(world)
    async with world.running() as bot:
        await _after_a_full_round(bot, fake, forum, [alice, bob])
        fake.hide_general(forum, by=alice)
        await bot.deliver()
        fake.user_sends(alice, forum, "/stop")
        await bot.deliver()
        question = fake.bot_messages_in(fake.private_chat(alice))[-1]
        press(fake, alice, question, stop_answer(question, yes=True))
        await bot.deliver()
        assert fake.messages[(question.chat.id, question.message_id)].text == (
            "You stopped the game in Club: it's a loss for you, and the match counts for nobody else."
        )


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_stop_in_a_topic_closed_unbeknown_to_the_bot_is_asked_in_private(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """(session 47) The topic was closed without the bot being told: Telegram refused the /stop question
    there and it was lost, while counted as asked, so a /stop sent again got nothing for half a minute. The
    refusal pauses the match as a closing does, and the question goes to the private chat at once."""
    forum, (room1, _), people, admin = _forum(fake, language)
    admin.language_code = language
    fake.user_starts_bot(admin)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        fake.close_topic(forum, room1, by=admin, told=False)
        fake.user_sends(admin, forum, "/stop", thread_id=room1)
        await bot.deliver()
        question = fake.bot_messages_in(fake.private_chat(admin))[-1]
        assert question.text == ASKED[language]
        press(fake, admin, question, stop_answer(question, yes=True))
        await bot.deliver()
        assert fake.messages[(question.chat.id, question.message_id)].text == STOPPED[language]
        assert await bot.rt.service.find(Place(forum.id, room1)) is None


async def test_a_stop_in_a_topic_closed_unbeknown_is_asked_in_private_once_the_match_is_paused(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(session 48) The pacer reports the refused question too, and its report pauses the match as the
    handler does; but the handler goes on as soon as the refusal is known, beside the report, not after it.
    Here the report is slow (held by the test): the question still comes only once the match is paused, so
    its Yes stops it (a Yes to a match not paused says its topic is open again and stops nothing)."""
    forum, (room1, _), people, admin = _forum(fake)
    fake.user_starts_bot(admin)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        fake.close_topic(forum, room1, by=admin, told=False)
        reported, report_goes_on = asyncio.Event(), asyncio.Event()
        closing = bot.rt.topics.closed

        async def reported_late(chat_id: int, topic_id: int) -> None:
            if not reported.is_set():  # the pacer's report: it begins before the handler goes on
                reported.set()
                await report_goes_on.wait()
            await closing(chat_id, topic_id)

        monkeypatch.setattr(bot.rt.topics, "closed", reported_late)
        fake.user_sends(admin, forum, "/stop", thread_id=room1)
        await bot.handle_pending()
        assert reported.is_set() and not report_goes_on.is_set()
        private = fake.private_chat(admin)
        for _ in range(100):  # the question's own write, in the background (the report holds the group's)
            if fake.bot_messages_in(private):
                break
            await bot.clock.pass_time(0.5)
        question = fake.bot_messages_in(private)[-1]
        assert question.text == ASKED["en"]
        press(fake, admin, question, stop_answer(question, yes=True))
        await bot.handle_pending()
        report_goes_on.set()
        await bot.deliver()
        assert fake.messages[(question.chat.id, question.message_id)].text == STOPPED["en"]
        assert await bot.rt.service.find(Place(forum.id, room1)) is None


async def test_a_stop_in_a_lobby_whose_topic_was_closed_unbeknown_closes_it(
    world: World, fake: FakeTelegram
) -> None:
    """The lobby's topic closed without the bot being told: the refused question closes the lobby, as the
    closing would have, and those in it are told; nobody is asked to stop what is gone."""
    forum, (room1, _), (alice, bob), admin = _forum(fake)
    for user in (alice, bob, admin):
        fake.user_starts_bot(user)
    async with world.running() as bot:
        fake.user_sends(alice, forum, "/new", thread_id=room1)
        fake.user_sends(bob, forum, "/join", thread_id=room1)
        await bot.deliver()
        fake.close_topic(forum, room1, by=admin, told=False)
        fake.user_sends(admin, forum, "/stop", thread_id=room1)
        await bot.deliver()
        assert await bot.rt.service.find(Place(forum.id, room1)) is None
        assert "Stop the game" not in (fake.bot_messages_in(fake.private_chat(admin))[-1].text or "")
        told = fake.bot_messages_in(fake.private_chat(bob))[-1].text or ""
        assert told.startswith("🔒 The game in Club · Room 1 that you'd joined was closed"), told
