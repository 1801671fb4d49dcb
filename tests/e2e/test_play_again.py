"""The match end's "Play again": one tap opens the next lobby in the chat, or joins the one open there."""

from __future__ import annotations

import pytest

from bot.service import Place
from bot.storage import GameStatus
from bot.tg.callback_data import Action, encode
from bot.tg.command_budget import COMMAND_BURST, COMMAND_SPACING_MS
from bot.tg.render.text import game_title
from tests.e2e.harness import Bot, World, buttons, press, press_action
from tests.e2e.matches import (
    ONE_ROUND,
    deal,
    deal_short_matches,
    gather,
    play_until_over,
    started,
    stop,
    stop_answer,
    use_quick_rules,
)
from tests.fake_bot_api import Chat, FakeTelegram, Message, User
from tests.narrow_phone import spaced


def _match_end(fake: FakeTelegram, group: Chat, says: str) -> Message:
    """The group's message that says the match ended (`says`)."""
    return next(m for m in reversed(fake.bot_messages_in(group)) if says in (m.text or ""))


async def _played_out(bot: Bot, fake: FakeTelegram, group: Chat, people: list[User]) -> Message:
    """A whole match of one round (the chat plays `scoring=single_round`: a test plays it in seconds)."""
    await deal(bot, fake, group, people)
    await play_until_over(bot, group, {user.id: user for user in people})
    return _match_end(fake, group, "wins the match")


def _people(fake: FakeTelegram) -> tuple[Chat, User, User]:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    return fake.add_group("Friends", members=[alice, bob]), alice, bob


async def test_play_again_after_a_restart_opens_a_lobby_and_the_next_press_joins_it(
    world: World, fake: FakeTelegram
) -> None:
    group, alice, bob = _people(fake)
    await use_quick_rules(world, group, ONE_ROUND)
    deal_short_matches(world)
    async with world.running() as bot:
        ended = await _played_out(bot, fake, group, [alice, bob])
        assert [(text, data.action) for text, data in buttons(ended)] == [("🔁 Play again", Action.AGAIN)]
    async with world.running() as bot:  # the button holds all it needs: a restart changes nothing
        opened = press_action(fake, bob, ended, Action.AGAIN)
        await bot.deliver()
        assert opened.answered and not opened.show_alert
        lobby, doc = await bot.game(group)
        assert lobby.status is GameStatus.LOBBY and doc.creator == bob.id and doc.players == (bob.id,)
        assert fake.last_bot_message(group).message_id == lobby.table_message_id  # the lobby is shown

        joined = press_action(fake, alice, ended, Action.AGAIN)
        await bot.deliver()
        assert joined.answer_text == "You joined the game." and not joined.show_alert
        same, doc = await bot.game(group)
        assert same.id == lobby.id and doc.players == (bob.id, alice.id)


async def test_a_stopped_match_offers_play_again_and_one_not_yet_in_private_is_sent_there(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        await stop(bot, fake, group, alice)
        standings = _match_end(fake, group, "Standings:")
        press_action(fake, bob, standings, Action.AGAIN)
        await bot.deliver()
        lobby, _ = await bot.game(group)
        # Join's checks: Carol never opened the private chat, so the press sends her there first.
        carol = fake.add_user("Carol")
        fake.join_group(carol, group)
        pressed = press_action(fake, carol, standings, Action.AGAIN)
        await bot.deliver()
        assert pressed.answer_url == f"https://t.me/uno_test_bot?start=join_{lobby.id}"
        _, doc = await bot.game(group)
        assert doc.players == (bob.id,)


# What /new, or Play again, says to a player of the match under way: how it ends (for a new one).
RUNNING = "A game is already running here. The host (🔑) or a chat admin can stop it with /stop."


async def test_play_again_while_a_match_runs_is_answered_as_new_is(world: World, fake: FakeTelegram) -> None:
    group, alice, bob = _people(fake)
    await use_quick_rules(world, group, ONE_ROUND)
    deal_short_matches(world)
    async with world.running() as bot:
        ended = await _played_out(bot, fake, group, [alice, bob])
        press_action(fake, alice, ended, Action.AGAIN)
        await bot.deliver()
        press_action(fake, bob, ended, Action.AGAIN)
        await bot.deliver()
        press_action(fake, alice, fake.last_bot_message(group), Action.START)
        await bot.deliver()
        match, before = await bot.game(group)
        assert match.status is GameStatus.RUNNING
        sent = len(fake.bot_messages_in(group))

        refused = press_action(fake, bob, ended, Action.AGAIN)
        await bot.deliver()
        assert refused.answer_text == RUNNING and refused.show_alert
        same, after = await bot.game(group)
        assert same.id == match.id and same.version == match.version and after.players == before.players
        assert len(fake.bot_messages_in(group)) == sent


async def test_the_button_speaks_the_groups_language(world: World, fake: FakeTelegram) -> None:
    group, alice, bob = _people(fake)
    await use_quick_rules(world, group, language="ru")
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        await stop(bot, fake, group, alice)
        standings = _match_end(fake, group, "Итоги:")
        assert [text for text, _ in buttons(standings)] == ["🔁 Сыграть ещё"]


async def test_play_again_at_the_moment_someone_opens_a_lobby_joins_it(
    world: World, fake: FakeTelegram
) -> None:
    """The press and Bob's /new are handled at once: whichever opens the lobby, the press ends in it (it was
    told "a game is open here" when /new's lobby appeared between its look for one and its own opening)."""
    group, alice, bob = _people(fake)
    await use_quick_rules(world, group, ONE_ROUND)
    deal_short_matches(world)
    async with world.running() as bot:
        ended = await _played_out(bot, fake, group, [alice, bob])
        fake.user_sends(bob, group, "/new")
        pressed = press_action(fake, alice, ended, Action.AGAIN)
        await bot.deliver_at_once()
        assert pressed.answered and not pressed.show_alert, pressed.answer_text
        lobby, doc = await bot.game(group)
        assert lobby.status is GameStatus.LOBBY and set(doc.players) == {alice.id, bob.id}


# Telegram gives the bot only the chat and id of a message this old under a press (an InaccessibleMessage).
DAYS_LATER = 3 * 24 * 60 * 60


@pytest.mark.parametrize("named", [True, False], ids=["naming its game", "posted before buttons named it"])
async def test_play_again_under_results_days_old_opens_the_next_lobby_in_that_chat(
    world: World, fake: FakeTelegram, named: bool
) -> None:
    group, alice, bob = _people(fake)
    await use_quick_rules(world, group, ONE_ROUND)
    deal_short_matches(world)
    async with world.running() as bot:
        ended = await _played_out(bot, fake, group, [alice, bob])
    fake.clock.advance(DAYS_LATER)
    game_id = buttons(ended)[0][1].game_id if named else 0
    async with world.running() as bot:
        opened = fake.user_presses_data(bob, ended, encode(Action.AGAIN, game_id, 0))
        await bot.deliver()
        assert opened.answered and not opened.show_alert, opened.answer_text
        lobby, doc = await bot.game(group)
        assert lobby.status is GameStatus.LOBBY and doc.players == (bob.id,) and doc.chat_title == "Friends"
        assert fake.last_bot_message(group).message_id == lobby.table_message_id


async def test_play_again_days_later_in_a_forum_topic_opens_the_lobby_in_that_topic(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    forum = fake.add_group("Forum", members=[alice, bob], forum=True)
    fake.add_topic(forum, "Chess")
    cards = fake.add_topic(forum, "Cards")
    root = fake.messages[(forum.id, cards)]
    async with world.running() as bot:
        for user in (alice, bob):
            fake.user_starts_bot(user)
        fake.user_sends(alice, forum, "/new", thread_id=cards, reply_to=root)
        fake.user_sends(bob, forum, "/join", thread_id=cards, reply_to=root)
        await bot.deliver()
        press_action(fake, alice, fake.last_bot_message(forum), Action.START)
        await bot.deliver()
        fake.user_sends(alice, forum, "/stop", thread_id=cards, reply_to=root)
        await bot.clock.run(bot.deliver())
        question = fake.last_bot_message(forum)
        press(fake, alice, question, stop_answer(question, yes=True))
        await bot.clock.run(bot.deliver())
        standings = _match_end(fake, forum, "Standings:")
    fake.clock.advance(DAYS_LATER)
    async with world.running() as bot:
        opened = press_action(fake, bob, standings, Action.AGAIN)
        await bot.deliver()
        assert opened.answered and not opened.show_alert, opened.answer_text
        assert await bot.rt.service.find(Place(forum.id)) is None  # not in the forum's General topic
        found = await bot.rt.service.find(Place(forum.id, cards))
        assert found is not None
        lobby, doc = found
        assert lobby.status is GameStatus.LOBBY and doc.players == (bob.id,)
        assert doc.chat_title == "Forum · Cards"
        shown = fake.last_bot_message(forum)
        assert shown.message_id == lobby.table_message_id and shown.thread_id == cards


async def test_play_again_days_later_in_a_forums_general_names_the_lobby_as_general_is_named_now(
    world: World, fake: FakeTelegram
) -> None:
    """(mutation audit, session 59) Telegram gives a press under a message days old no topic: the lobby opens
    in General after the ended game, named as General is called now ("Club · Hall", renamed since), not
    after the ended game's "Lounge", nor with General's name twice ("Club · Lounge · Lounge")."""
    alice, bob, admin = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Admin")
    forum = fake.add_group("Club", members=[alice, bob], forum=True, creator=admin)
    async with world.running() as bot:
        fake.rename_topic(forum, None, "Lounge", by=admin)
        await gather(bot, fake, forum, [alice, bob])
        press_action(fake, alice, fake.last_bot_message(forum), Action.START)
        await bot.deliver()
        await stop(bot, fake, forum, alice)
        standings = _match_end(fake, forum, "Standings:")
    fake.clock.advance(DAYS_LATER)
    async with world.running() as bot:
        fake.rename_topic(forum, None, "Hall", by=admin)
        await bot.deliver()
        opened = press_action(fake, bob, standings, Action.AGAIN)
        await bot.deliver()
        assert opened.answered and not opened.show_alert, opened.answer_text
        found = await bot.rt.service.find(Place(forum.id))
        assert found is not None and found[1].players == (bob.id,)
        assert game_title(found[1], "en") == "Club · Hall"


@pytest.mark.parametrize("named", ["no game", "another chat's game"])
async def test_play_again_days_old_in_a_forum_naming_no_game_of_its_chat_is_out_of_date(
    world: World, fake: FakeTelegram, named: str
) -> None:
    """A button posted before Play again named its game, or a forged one naming another chat's game: with
    only the forum known, not its topic, it opens nothing (in the General topic nobody asked for one)."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    forum = fake.add_group("Forum", members=[alice, bob], forum=True)
    other = fake.add_group("Others", members=[alice, bob])
    await use_quick_rules(world, forum, ONE_ROUND)
    deal_short_matches(world)
    await use_quick_rules(world, other, ONE_ROUND)
    async with world.running() as bot:
        ended = await _played_out(bot, fake, forum, [alice, bob])
        elsewhere = await _played_out(bot, fake, other, [alice, bob])
    game_id = 0 if named == "no game" else buttons(elsewhere)[0][1].game_id
    fake.clock.advance(DAYS_LATER)
    async with world.running() as bot:
        pressed = fake.user_presses_data(bob, ended, encode(Action.AGAIN, game_id, 0))
        await bot.deliver()
        assert pressed.show_alert and "out of date" in (pressed.answer_text or ""), pressed.answer_text
        assert await bot.rt.service.find(Place(forum.id)) is None
        assert await bot.rt.service.find(Place(other.id)) is None


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_play_again_after_a_match_with_computers_seats_them_again(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """Alice plays alone against two computers; Play again opened a lobby of Alice only ("🤖 Add a computer
    player" twice more before Start): the computers sit down again, and one press of Start deals."""
    alice = fake.add_user("Alice", language_code=language)
    group = fake.add_group("Friends", members=[alice])
    await use_quick_rules(world, group, ONE_ROUND, language=language)
    async with world.running() as bot:
        fake.user_starts_bot(alice)
        await bot.deliver()
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        for _ in range(2):
            press_action(fake, alice, fake.last_bot_message(group), Action.ADD_COMPUTER)
            await bot.deliver()
        press_action(fake, alice, fake.last_bot_message(group), Action.START)
        await bot.deliver()
        await play_until_over(bot, group, {alice.id: alice})
        ended = next(m for m in reversed(fake.bot_messages_in(group)) if m.buttons)
        opened = press_action(fake, alice, ended, Action.AGAIN)
        await bot.deliver()
        assert opened.answered and not opened.show_alert
        lobby, doc = await bot.game(group)
        assert lobby.status is GameStatus.LOBBY and doc.players == (alice.id, -1, -2)
        assert doc.computers == {-1, -2}
        shown = fake.last_bot_message(group)
        assert shown.message_id == lobby.table_message_id
        computer = "🤖 Computer" if language == "en" else "🤖 Компьютер"
        assert f"2. {computer} 1\n3. {computer} 2\n" in spaced(shown.text or ""), shown.text
        press_action(fake, alice, shown, Action.START)
        await bot.deliver()
        record, _ = await bot.game(group)
        assert record.status is GameStatus.RUNNING


async def test_people_who_play_again_sit_before_the_computers_seated_at_once(
    world: World, fake: FakeTelegram
) -> None:
    """Alice and Bob played with a computer; Alice's Play again seats it at once, then Bob presses: the lobby
    lists Bob before it, as it would have had he joined before it was added, and the match deals in that
    order. Before: "1. Alice, 2. Computer 1, 3. Bob", the computers ahead of everyone who came to play."""
    group, alice, bob = _people(fake)
    await use_quick_rules(world, group, ONE_ROUND)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        press_action(fake, alice, fake.last_bot_message(group), Action.ADD_COMPUTER)
        await bot.deliver()
        press_action(fake, alice, fake.last_bot_message(group), Action.START)
        await bot.deliver()
        await play_until_over(bot, group, {alice.id: alice, bob.id: bob})
        ended = _match_end(fake, group, "wins the match")
        for person in (alice, bob):
            press_action(fake, person, ended, Action.AGAIN)
            await bot.deliver()
        lobby, doc = await bot.game(group)
        assert doc.players == (alice.id, bob.id, -1)
        shown = fake.last_bot_message(group)
        assert shown.message_id == lobby.table_message_id
        assert "1. Alice 🔑\n2. Bob\n3. 🤖 Computer 1\n" in spaced(shown.text or ""), shown.text
        press_action(fake, alice, shown, Action.START)
        await bot.deliver()
        _, dealt = await bot.game(group)
        assert dealt.state.players == [alice.id, bob.id, -1]  # the turn order the lobby showed


@pytest.mark.parametrize(
    ("language", "refused"),
    [
        ("en", "You are opening games too often. Try again in a few seconds."),
        ("ru", "Вы слишком часто открываете игры. Попробуйте через несколько секунд."),
    ],
)
async def test_play_again_and_leave_pressed_by_a_script_open_lobbies_as_often_as_new_may(
    world: World, fake: FakeTelegram, language: str, refused: str
) -> None:
    """Play again, then Leave of the lobby it opened (which closes it), 30 times: 30 lobbies posted in the
    group within seconds. /new is counted (bot.tg.command_budget), and Leave is, but anew in each lobby."""
    group, alice, bob = _people(fake)
    await use_quick_rules(world, group, ONE_ROUND)
    deal_short_matches(world)
    async with world.running() as bot:
        ended = await _played_out(bot, fake, group, [alice, bob])
        bob.language_code = language
        again = next(data for _, data in buttons(ended) if data.action is Action.AGAIN)
        lobbies_before, began = len(fake.calls_to("sendMessage")), bot.clock()
        presses = []
        for _ in range(30):
            presses.append(press(fake, bob, ended, again))
            await bot.deliver()
            if not presses[-1].show_alert:
                press_action(fake, bob, fake.last_bot_message(group), Action.LEAVE)
                await bot.deliver()
        # A burst, then one for each spacing the group's paced writes took (virtual time, 3 s a write).
        refills = int((bot.clock() - began) * 1000 // COMMAND_SPACING_MS)
        assert len(fake.calls_to("sendMessage")) - lobbies_before == COMMAND_BURST + refills < 15
        assert presses[-1].show_alert and presses[-1].answer_text == refused
        await bot.tick(COMMAND_SPACING_MS / 1000)
        opened = press(fake, bob, ended, again)
        await bot.deliver()
        assert not opened.show_alert
        _, doc = await bot.game(group)
        assert doc.players == (bob.id,)
