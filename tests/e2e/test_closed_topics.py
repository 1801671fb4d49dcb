"""A forum topic an admin closes (or General hidden) while its game runs, the bot unable to post there: the
game pauses (its clocks stand still, no computer moves, the hands say why) until the topic is reopened, and
stops only when it stays closed for the idle hour."""

from __future__ import annotations

import pytest

from bot.service import Place
from bot.tg.callback_data import Action
from bot.tg.outages import PROBE_SECONDS
from tests.e2e.harness import Bot, World, buttons, choices, press, press_action
from tests.e2e.locked_database import locked_once_returned
from tests.e2e.matches import stop_answer, use_quick_rules
from tests.e2e.outages import dealt
from tests.e2e.telegram_cut_off import JUMP, telegram_out
from tests.fake_bot_api import Chat, FakeTelegram, Message, User
from tests.fake_bot_api.membership import set_bot_status
from tests.reliability.invariants import check_game, read_games_at
from tests.stored_results import stored_matches

PAUSED = {
    "en": "⏸ The game is paused: its topic was closed. It will go on when the topic is reopened (if it stays"
    " closed for a day, the game stops).",
    "ru": "⏸ Игра на паузе: её тему закрыли. Она продолжится, когда тему откроют снова (если тема простоит"
    " закрытой сутки, игра остановится).",
}
PRESSED = {
    "en": "The game is paused while its topic is closed. It will go on when the topic is reopened.",
    "ru": "Игра на паузе, пока её тема закрыта. Она продолжится, когда тему откроют снова.",
}
TABLE_PAUSED = "⏸ Paused: the topic is closed."
GONE = "I could no longer post in the group or topic where it was played."


def _forum(fake: FakeTelegram, language: str = "en") -> tuple[Chat, tuple[int, int], list[User], User]:
    """A forum with the topics "Room 1" and "Room 2", Alice and Bob playing, and its admin (who is not)."""
    people = [fake.add_user("Alice", language_code=language), fake.add_user("Bob", language_code=language)]
    admin = fake.add_user("Admin")
    forum = fake.add_group("Club", members=people, forum=True, creator=admin)
    return forum, (fake.add_topic(forum, "Room 1"), fake.add_topic(forum, "Room 2")), people, admin


async def _match(
    bot: Bot, fake: FakeTelegram, forum: Chat, topic: int | None, people: list[User], computer: bool = False
) -> None:
    alice, bob = people
    for user in people:
        fake.user_starts_bot(user)
    fake.user_sends(alice, forum, "/new", thread_id=topic)
    await bot.deliver()
    if computer:
        press_action(fake, alice, fake.bot_messages_in(forum, thread_id=topic)[-1], Action.ADD_COMPUTER)
    else:
        fake.user_sends(bob, forum, "/join", thread_id=topic)
    await bot.deliver()
    fake.user_sends(alice, forum, "/startgame", thread_id=topic)
    await bot.deliver()


def _hand_in(fake: FakeTelegram, user: User, topic_name: str | None) -> Message:
    """The user's hand of the game in that topic (None: General's, which names no topic)."""
    chat = fake.private_chat(user)
    return next(
        m
        for m in reversed(fake.bot_messages_in(chat))
        if (topic_name in (m.text or "") if topic_name else "Room" not in (m.text or ""))
    )


async def _seq(bot: Bot, forum: Chat, topic: int | None) -> int:
    found = await bot.rt.service.find(Place(forum.id, topic))
    assert found is not None, "the game is no longer running"
    return found[1].state.seq


async def test_a_topic_closed_mid_match_pauses_its_game_and_only_that_one(
    world: World, fake: FakeTelegram
) -> None:
    """It stopped at once: a topic closed for the night lost its match."""
    forum, (room1, room2), people, admin = _forum(fake)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        await _match(bot, fake, forum, room2, people)
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        assert await bot.rt.service.find(Place(forum.id, room1)) is not None
        for user in people:
            paused = _hand_in(fake, user, "Room 1")
            assert (paused.text or "").endswith(PAUSED["en"]) and not paused.buttons, user.first_name
            assert buttons(_hand_in(fake, user, "Room 2")), user.first_name


async def test_reopening_one_closed_topic_leaves_anothers_match_paused(
    world: World, fake: FakeTelegram
) -> None:
    """Both topics closed for the night, one reopened in the morning: only its match goes on; the other
    waits for its own reopening (the bot still may not post there), its hands untouched, its day to be
    reopened counted from its own closing."""
    forum, (room1, room2), people, admin = _forum(fake)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        await _match(bot, fake, forum, room2, people)
        for room in (room1, room2):
            fake.close_topic(forum, room, by=admin)
        await bot.deliver()
        paused = await bot.rt.service.find(Place(forum.id, room2))
        hands = {user.id: _hand_in(fake, user, "Room 2").message_id for user in people}
        await bot.tick(3600)
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        still = await bot.rt.service.find(Place(forum.id, room2))
        assert paused is not None and still is not None and still[1].paused_since == paused[1].paused_since
        for user in people:
            hand = _hand_in(fake, user, "Room 2")
            assert hand.message_id == hands[user.id], user.first_name
            assert (hand.text or "").endswith(PAUSED["en"]), user.first_name
        assert any(choices(_hand_in(fake, user, "Room 1")) for user in people)


async def test_a_closed_topics_table_says_the_game_is_paused(world: World, fake: FakeTelegram) -> None:
    forum, (room1, _), people, admin = _forum(fake)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        table = fake.bot_messages_in(forum, thread_id=room1)[-1]
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        shown = fake.messages[(forum.id, table.message_id)]
        assert TABLE_PAUSED in (shown.text or "") and not shown.buttons


async def test_no_turn_runs_out_while_the_topic_is_closed_and_reopening_gives_the_time_back(
    world: World, fake: FakeTelegram
) -> None:
    forum, (room1, _), people, admin = _forum(fake)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None and found[1].state.turn_deadline is not None
        deadline, seq, table = (
            found[1].state.turn_deadline,
            found[1].state.seq,
            fake.bot_messages_in(forum, room1),
        )
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        paused = await bot.rt.service.find(Place(forum.id, room1))
        assert paused is not None and paused[1].paused
        for _ in range(10):  # ten minutes: a turn is one
            await bot.tick(60)
        assert await _seq(bot, forum, room1) == seq
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None and not found[1].paused
        # The turn has the time it had left when the topic was closed, from when it was reopened.
        resumed_at, new_deadline = found[1].state.clock, found[1].state.turn_deadline
        assert resumed_at - paused[1].paused_since >= 600_000
        assert new_deadline == deadline + resumed_at - paused[1].paused_since
        # The table posted anew at the bottom of the topic (the old one deleted), the hands playable again.
        now_shown = fake.bot_messages_in(forum, room1)
        assert (forum.id, table[-1].message_id) not in fake.messages
        assert now_shown[-1].message_id > table[-1].message_id and now_shown[-1].buttons
        assert any(choices(_hand_in(fake, user, "Room 1")) for user in people)


async def test_a_closing_told_twice_pauses_the_match_from_the_first(world: World, fake: FakeTelegram) -> None:
    """A closing told a second time (the service message again, or a message of the bot's refused there) is
    the same pause: reopening gives back the time from the first, not only since the second."""
    forum, (room1, _), people, admin = _forum(fake)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        paused = await bot.rt.service.find(Place(forum.id, room1))
        assert paused is not None and paused[1].state.turn_deadline is not None
        await bot.tick(5 * 60)
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        await bot.tick(5 * 60)
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None and not found[1].paused
        lost = found[1].state.clock - paused[1].paused_since
        assert lost >= 600_000 and found[1].state.turn_deadline == paused[1].state.turn_deadline + lost


async def test_no_computer_moves_while_the_topic_is_closed(world: World, fake: FakeTelegram) -> None:
    forum, (room1, _), people, admin = _forum(fake)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people, computer=True)
        alice = people[0]
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None
        if found[1].state.actor == alice.id:  # she moves: the computer's turn comes, its move a second away
            hand = _hand_in(fake, alice, "Room 1")
            press(fake, alice, hand, choices(hand)[0])
            await bot.deliver()
        assert bot.rt.service.computer_thinking((await bot.rt.service.load(found[0].id) or found)[1])
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        seq = await _seq(bot, forum, room1)
        for _ in range(5):
            await bot.tick(30)
        assert await _seq(bot, forum, room1) == seq
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        for _ in range(5):
            await bot.tick(30)  # the computer's turns come, or Alice's runs out
        assert await _seq(bot, forum, room1) > seq


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_card_pressed_while_the_topic_is_closed_is_told_the_game_is_paused(
    world: World, fake: FakeTelegram, language: str
) -> None:
    forum, (room1, _), people, admin = _forum(fake, language)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None
        mover = next(user for user in people if user.id == found[1].state.actor)
        hand = _hand_in(fake, mover, "Room 1")
        card = choices(hand)[0]  # a button still shown on a phone slow to show the edit
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        pressed = press(fake, mover, hand, card)
        await bot.deliver()
        assert pressed.show_alert and pressed.answer_text == PRESSED[language]
        assert await _seq(bot, forum, room1) == found[1].state.seq
        paused = _hand_in(fake, mover, "Room 1")
        assert (paused.text or "").endswith(PAUSED[language])


async def test_a_topic_closed_for_a_day_stops_its_game(world: World, fake: FakeTelegram) -> None:
    """Not for the night or a spam wave: nobody is coming back to it."""
    forum, (room1, _), people, admin = _forum(fake)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        for _ in range(23):
            await bot.tick(3600)
        assert await bot.rt.service.find(Place(forum.id, room1)) is not None
        await bot.tick(3601)
        assert await bot.rt.service.find(Place(forum.id, room1)) is None
        shown = fake.messages[(forum.id, fake.bot_messages_in(forum, room1)[-1].message_id)].text or ""
        assert "⏹ The game was stopped: I could no longer post here." in shown
        for user in people:
            text = _hand_in(fake, user, "Room 1").text or ""
            assert text.endswith(f"The game was stopped.\n{GONE}"), user.first_name


async def test_a_paused_match_wakes_no_timer_until_its_topic_has_been_closed_a_day(
    world: World, fake: FakeTelegram
) -> None:
    """While its topic is closed, the match's turn deadline is no deadline: its timer sleeps until the day
    is up, rather than waking (and reading the game) every second from the turn's end on."""
    forum, (room1, _), people, admin = _forum(fake)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        await bot.tick(120)  # past the turn's 60 s
        due = bot.timers.next_due()
        assert due is not None and due - bot.clock() > 23 * 3600, (due, bot.clock())


async def test_a_restart_keeps_a_closed_topics_game_paused(world: World, fake: FakeTelegram) -> None:
    forum, (room1, _), people, admin = _forum(fake)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        seq = await _seq(bot, forum, room1)
    restarted = len(fake.calls)
    async with world.running() as bot:
        for _ in range(5):
            await bot.tick(60)
        assert await _seq(bot, forum, room1) == seq
        # start-up touches no screen of a paused match (Publisher._touch): they show what they did
        assert not [c.params["chat_id"] for c in fake.calls[restarted:] if c.method == "editMessageText"]
        for user in people:
            paused = _hand_in(fake, user, "Room 1")
            assert (paused.text or "").endswith(PAUSED["en"]) and not paused.buttons, user.first_name
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        assert any(choices(_hand_in(fake, user, "Room 1")) for user in people)


async def test_hiding_general_pauses_generals_game_until_it_is_shown_again(
    world: World, fake: FakeTelegram
) -> None:
    forum, (room1, _), people, admin = _forum(fake)
    async with world.running() as bot:
        await _match(bot, fake, forum, None, people)
        await _match(bot, fake, forum, room1, people)
        fake.hide_general(forum, by=admin)
        await bot.deliver()
        for user in people:
            assert (_hand_in(fake, user, None).text or "").endswith(PAUSED["en"]), user.first_name
            assert buttons(_hand_in(fake, user, "Room 1")), user.first_name
        fake.hide_general(forum, by=admin, hidden=False)
        await bot.deliver()
        assert any(choices(_hand_in(fake, user, None)) for user in people)


async def test_a_topic_closed_where_the_bot_may_still_post_keeps_its_game_going(
    world: World, fake: FakeTelegram
) -> None:
    forum, (room1, _), people, admin = _forum(fake)
    fake.make_admin(fake.bot, forum)  # an admin who manages topics posts in closed ones too
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        assert any(choices(_hand_in(fake, user, "Room 1")) for user in people)


async def test_a_topic_closed_where_the_bot_is_an_admin_without_topic_rights_pauses_its_game(
    world: World, fake: FakeTelegram
) -> None:
    """Made an admin for seven silence, say, but not to manage topics: a closed topic refuses it as any
    member, and its match pauses at the closing, not at its next message (perhaps a round's results)."""
    forum, (room1, _), people, admin = _forum(fake)
    fake.make_admin(fake.bot, forum, manages_topics=False)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        for user in people:
            paused = _hand_in(fake, user, "Room 1")
            assert (paused.text or "").endswith(PAUSED["en"]) and not paused.buttons, user.first_name


async def test_an_outage_while_the_topic_is_closed_gives_no_time_twice(
    world: World, fake: FakeTelegram
) -> None:
    """The outage's end gives every game its time back: a paused one's stood still already, and its reopening
    gives it the whole pause."""
    forum, (room1, _), people, admin = _forum(fake)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None and found[1].state.turn_deadline is not None
        deadline = found[1].state.turn_deadline
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        paused = await bot.rt.service.find(Place(forum.id, room1))
        assert paused is not None and paused[1].paused
        await telegram_out(bot, 60)
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        resumed = await bot.rt.service.find(Place(forum.id, room1))
        assert resumed is not None and resumed[1].state.turn_deadline is not None
        resumed_at = resumed[1].state.clock
        assert resumed[1].state.turn_deadline - resumed_at == deadline - paused[1].paused_since


async def test_without_a_turn_timer_the_idle_hour_stands_still_while_the_topic_is_closed(
    world: World, fake: FakeTelegram
) -> None:
    """A match nobody moves in stops after the idle hour: the hours its topic was closed count for nothing."""
    forum, (room1, _), people, admin = _forum(fake)
    await use_quick_rules(world, forum, {"turn_seconds": 0})
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        await bot.tick(30 * 60)  # half of the idle hour
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        for _ in range(3):
            await bot.tick(3600)
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        await bot.tick(25 * 60)  # still five minutes short of the hour
        assert await bot.rt.service.find(Place(forum.id, room1)) is not None
        await bot.tick(10 * 60)
        assert await bot.rt.service.find(Place(forum.id, room1)) is None


async def test_a_paused_match_goes_on_when_the_forums_topics_are_turned_off(
    world: World, fake: FakeTelegram
) -> None:
    """Its topic's messages show in the group's one chat, which is closed to nobody: the match moves there and
    goes on, rather than waiting for a reopening that can no longer come."""
    forum, (room1, _), people, admin = _forum(fake)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        fake.turn_topics(forum, on=False)
        fake.user_sends(people[0], forum, "/table")
        await bot.deliver()
        found = await bot.rt.service.find(Place(forum.id))
        assert found is not None and not found[1].paused
        assert any(choices(_hand_in(fake, user, "Club")) for user in people)


async def test_a_message_refused_in_a_closed_topic_pauses_its_match(world: World, fake: FakeTelegram) -> None:
    """The bot managed topics when the topic was closed, and lost that right since: its next message there
    is refused, and the match pauses as at the closing (it stopped)."""
    forum, (room1, _), people, admin = _forum(fake)
    fake.make_admin(fake.bot, forum)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        set_bot_status(fake, forum, "member", by=admin)
        fake.user_sends(admin, forum, "/table", thread_id=room1)  # posted anew: refused
        await bot.deliver()
        paused = await bot.rt.service.find(Place(forum.id, room1))
        assert paused is not None and paused[1].paused
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        assert any(choices(_hand_in(fake, user, "Room 1")) for user in people)


GOES_ON = {"en": "▶️ The game goes on after the pause.", "ru": "▶️ Игра продолжается после паузы."}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_reopening_tells_the_player_to_move_and_the_table_that_the_game_goes_on(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """The player to move had been told of their turn before the closing, perhaps hours before: the match
    going on is news to them, and to the group. Before: their hand was edited silently, and the table posted
    anew looked like any table."""
    forum, (room1, _), people, admin = _forum(fake, language)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None
        mover = next(user for user in people if user.id == found[1].state.actor)
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        paused = _hand_in(fake, mover, "Room 1")
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        told = _hand_in(fake, mover, "Room 1")
        assert told.message_id > paused.message_id and choices(told)
        assert (fake.private_chat(mover).id, paused.message_id) not in fake.messages
        table = fake.bot_messages_in(forum, room1)[-1]
        assert GOES_ON[language] in (table.text or "")
        hand = _hand_in(fake, mover, "Room 1")
        press(fake, mover, hand, choices(hand)[0])
        await bot.deliver()
        shown = fake.messages[(forum.id, table.message_id)]
        assert GOES_ON[language] not in (shown.text or "")  # said until the next move


async def _three_play(bot: Bot, fake: FakeTelegram, forum: Chat, topic: int, people: list[User]) -> User:
    """Alice, Bob and Carol (who joins the forum) play in the topic; returns Carol."""
    carol = fake.add_user("Carol")
    fake.join_group(carol, forum)
    alice, bob = people
    for user in (alice, bob, carol):
        fake.user_starts_bot(user)
    fake.user_sends(alice, forum, "/new", thread_id=topic)
    fake.user_sends(bob, forum, "/join", thread_id=topic)
    fake.user_sends(carol, forum, "/join", thread_id=topic)
    await bot.deliver()
    fake.user_sends(alice, forum, "/startgame", thread_id=topic)
    await bot.deliver()
    return carol


async def _bob_leaves_while_closed(
    bot: Bot, fake: FakeTelegram, forum: Chat, topic: int, people: list[User], admin: User
) -> User:
    """Alice, Bob and Carol play in the topic; the admin closes it; Bob leaves the group. Returns Carol."""
    carol = await _three_play(bot, fake, forum, topic, people)
    fake.close_topic(forum, topic, by=admin)
    await bot.deliver()
    fake.user_leaves_group(people[1], forum)
    await bot.deliver()
    return carol


async def test_a_player_who_leaves_the_group_while_the_topic_is_closed_leaves_the_match_as_it_goes_on(
    world: World, fake: FakeTelegram
) -> None:
    """Nothing changes in a paused match, so the departure waits for the reopening, where the group sees it
    on the table posted anew. Before: the departure was refused, and the one who left stayed seated, their
    turns running out one by one."""
    forum, (room1, _), people, admin = _forum(fake)
    alice, bob = people
    async with world.running() as bot:
        carol = await _bob_leaves_while_closed(bot, fake, forum, room1, people, admin)
        paused = await bot.rt.service.find(Place(forum.id, room1))
        assert paused is not None and paused[1].paused and bob.id in paused[1].state.players
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None and not found[1].paused
        assert set(found[1].state.players) == {alice.id, carol.id}
        assert (_hand_in(fake, bob, "Room 1").text or "").endswith("You left this game.")
        table = fake.bot_messages_in(forum, room1)[-1].text or ""
        assert "Bob leaves the group, and the game." in table and GOES_ON["en"] in table  # not as by /leave
        games = await read_games_at(world.database_url)  # the departure, logged as applied
        assert [problem for game in games for problem in check_game(game)] == []
        # The turn in play has the time it had at the closing (or a whole turn, if it passed on), from now.
        state = found[1].state
        assert state.turn_deadline is not None and state.turn_deadline - state.clock >= 30_000


async def test_one_who_left_the_group_while_the_topic_was_closed_still_leaves_after_a_restart(
    world: World, fake: FakeTelegram
) -> None:
    """The departure waiting for the reopening is kept with the game: a restart in between does not forget
    it, and leave them seated with their turns running out."""
    forum, (room1, _), people, admin = _forum(fake)
    alice, _bob = people
    async with world.running() as bot:
        carol = await _bob_leaves_while_closed(bot, fake, forum, room1, people, admin)
    async with world.running() as bot:
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None and set(found[1].state.players) == {alice.id, carol.id}


async def test_the_last_opponent_leaving_the_group_while_the_topic_is_closed_ends_the_match_at_the_reopening(
    world: World, fake: FakeTelegram
) -> None:
    """The match is won as the departure's is, and its result is posted where the group can read it: in the
    reopened topic."""
    forum, (room1, _), people, admin = _forum(fake)
    alice, bob = people
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        fake.user_leaves_group(bob, forum)
        await bot.deliver()
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        await bot.tick(5)
        assert await bot.rt.service.find(Place(forum.id, room1)) is None
        async with bot.rt.database.unit_of_work() as uow:
            rows = {row.user_id: row for row in await stored_matches(uow, found[0].id)}
        assert (rows[alice.id].placement, rows[bob.id].placement) == (1, 2)
        won = "🏆 Alice wins the match: Bob is out of the game."
        assert any((m.text or "").startswith(won) for m in fake.bot_messages_in(forum, room1))


async def test_one_who_left_the_group_while_the_topic_was_closed_for_a_day_is_a_leaver_in_the_standings(
    world: World, fake: FakeTelegram
) -> None:
    forum, (room1, _), people, admin = _forum(fake)
    alice, bob = people
    async with world.running() as bot:
        carol = await _three_play(bot, fake, forum, room1, people)
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        fake.user_leaves_group(bob, forum)
        await bot.deliver()
        for _ in range(25):
            await bot.tick(3600)
        assert await bot.rt.service.find(Place(forum.id, room1)) is None
        async with bot.rt.database.unit_of_work() as uow:
            rows = {row.user_id: row for row in await stored_matches(uow, found[0].id)}
        assert rows[bob.id].placement == 3 and not rows[bob.id].stopped_early
        assert rows[alice.id].stopped_early and rows[carol.id].stopped_early
        assert (_hand_in(fake, bob, "Room 1").text or "").endswith("You left this game.")


@pytest.mark.parametrize("stopped_by", ["bot removed", "admin's stop"])
async def test_one_who_left_the_group_while_the_topic_was_closed_is_a_leaver_when_the_match_is_stopped(
    world: World, fake: FakeTelegram, stopped_by: str
) -> None:
    """As at a day closed: the departure comes before the stop. Before: a match stopped otherwise during the
    pause (the bot removed from the group, an admin's /stop) counted them as seated."""
    forum, (room1, _), people, admin = _forum(fake)
    alice, bob = people
    async with world.running() as bot:
        carol = await _three_play(bot, fake, forum, room1, people)
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None
        fake.user_sends(admin, forum, "/stop", thread_id=room1)  # asked before the closing, answered after
        await bot.deliver()
        question = fake.bot_messages_in(forum, room1)[-1]
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        fake.user_leaves_group(bob, forum)
        await bot.deliver()
        if stopped_by == "bot removed":
            set_bot_status(fake, forum, "left", by=admin)
        else:
            press(fake, admin, question, stop_answer(question, yes=True))
        await bot.deliver()
        assert await bot.rt.service.find(Place(forum.id, room1)) is None
        async with bot.rt.database.unit_of_work() as uow:
            rows = {row.user_id: row for row in await stored_matches(uow, found[0].id)}
        assert rows[bob.id].placement == 3 and not rows[bob.id].stopped_early
        assert rows[alice.id].stopped_early and rows[carol.id].stopped_early
        assert (_hand_in(fake, bob, "Room 1").text or "").endswith("You left this game.")
        games = await read_games_at(world.database_url)
        assert [problem for game in games for problem in check_game(game)] == []


async def test_a_stop_that_finds_the_last_opponent_gone_from_the_group_says_the_game_is_over(
    world: World, fake: FakeTelegram
) -> None:
    """The departure comes first, and wins the match as it would have at the pause: the question answered
    says the game is over, not that the admin stopped it, which they did not."""
    forum, (room1, _), people, admin = _forum(fake)
    alice, bob = people
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None
        fake.user_sends(admin, forum, "/stop", thread_id=room1)
        await bot.deliver()
        question = fake.bot_messages_in(forum, room1)[-1]
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        fake.user_leaves_group(bob, forum)
        await bot.deliver()
        press(fake, admin, question, stop_answer(question, yes=True))
        await bot.deliver()
        assert (
            fake.messages[(forum.id, question.message_id)].text == "The game this question was about is over."
        )
        async with bot.rt.database.unit_of_work() as uow:
            rows = {row.user_id: row for row in await stored_matches(uow, found[0].id)}
        assert (rows[alice.id].placement, rows[bob.id].placement) == (1, 2)
        assert "🏆 You win the match!" in (_hand_in(fake, alice, "Room 1").text or "")


async def test_a_paused_match_given_nothing_by_an_outages_time_owed_with_a_set_back_is_not_told_it(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """As above (Telegram out of reach for 30 s, its give-back cut short by the database, the clock set back
    meanwhile), the second match paused in a closed forum topic: its clocks stood still already, so the
    database's end gives it nothing of Telegram's time. Its table said it had: "every turn got its time
    back"."""
    world = sqlite_world
    async with world.running() as bot:
        await dealt(world, fake, bot)
        forum, (room1, _), people, admin = _forum(fake)
        await _match(bot, fake, forum, room1, people)
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await telegram_out(bot, 30)
            bot.clock.jump(-JUMP)
        await bot.tick(PROBE_SECONDS)
        await bot.settle()
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None and found[1].paused
        table = next(m.text for m in reversed(fake.bot_messages_in(forum)) if m.text and "🎴 UNO" in m.text)
        assert TABLE_PAUSED in table and "couldn't reach" not in table
