"""The machine's wall clock jumping (a VM resumed from suspend, an NTP correction): the deadlines are set on
it, the timers and the writes' windows wait on the monotonic clock. A jump ahead is an outage nobody saw: the
turn running keeps the time it had; a jump back takes as much away from what was set before it (the game's
clock, a lobby's or an idle match's time, a pause, too)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.service import GameDocument, Place
from bot.storage import GameStatus
from bot.tg.app import DOWNTIME_KEY
from bot.tg.callback_data import Action
from bot.tg.outages import LONG_MS
from bot.tg.pacing_window import GROUP_LIMIT
from bot.tg.timers import STARTUP_GRACE_SECONDS
from tests.e2e.cut_short import second_give_back_hangs
from tests.e2e.harness import Bot, World, choices, hand_message, press, press_action
from tests.e2e.matches import deal, gather, use_quick_rules, whose_turn
from tests.fake_bot_api import Chat, FakeTelegram, User
from tests.sql_statements import statements_run

JUMP = 2 * 60 * 60  # seconds
DAY = 24 * 60 * 60


@pytest.mark.parametrize("jump", [JUMP, LONG_MS // 1000], ids=["two_hours", "as_long_as_a_long_outage"])
async def test_a_turn_keeps_its_time_when_the_clock_jumps_ahead(
    world: World, fake: FakeTelegram, jump: int
) -> None:
    """Before: the first change after the jump (Carol leaving) armed the turn's deadline two hours past, and
    Alice missed her turn at once, 50 s of it left; the same with every deadline armed anew. A jump as long
    as an outage whose time is given back (bot.tg.outages LONG_MS) is one."""
    async with world.running() as bot:
        people = [fake.add_user(name) for name in ("Alice", "Bob", "Carol")]
        group = fake.add_group("Friends", members=people)
        await use_quick_rules(world, group)
        await deal(bot, fake, group, people)
        await bot.tick(10)
        on_turn = await whose_turn(bot, group, people)
        _, before = await bot.game(group)
        assert before.state.turn_deadline is not None
        bot.clock.jump(jump)
        leaving = next(person for person in people if person != on_turn and person.id != before.state.actor)
        fake.user_sends(leaving, group, "/leave")
        await bot.deliver()
        await bot.tick(1)
        _, after = await bot.game(group)
        assert leaving.id not in after.state.players  # (the change that armed the deadline anew)
        assert after.state.afk == {}
        assert await whose_turn(bot, group, people) == on_turn
        assert after.state.turn_deadline is not None
        assert after.state.turn_deadline >= before.state.turn_deadline + jump * 1000


async def test_a_busy_groups_answer_does_not_wait_when_the_clock_is_set_back(
    world: World, fake: FakeTelegram
) -> None:
    """Before: the writes' windows were kept on the wall clock; set back an hour, the group's last writes
    seemed an hour ahead, and its next write waited for them: an hour."""
    async with world.running() as bot:
        people = [fake.add_user(name) for name in ("Alice", "Bob", "Carol", "Dave")]
        group = fake.add_group("Friends", members=people)
        for person in people[:3]:  # ten answers within the minute: the group's writes are spread out now
            for command in ("/help", "/rules", "/top", "/stats"):
                fake.user_sends(person, group, command)
        await bot.deliver()
        assert len(fake.bot_messages_in(group)) >= GROUP_LIMIT.burst_size
        bot.clock.jump(-JUMP)
        asked = fake.user_sends(people[3], group, "/leave")
        await bot.deliver()
        answer = fake.last_bot_message(group)
        assert answer.text == "There is no game in this chat. Start one with /new."
        assert answer.date - asked.date < 10


async def test_a_turn_runs_out_in_its_time_when_the_clock_is_set_back(
    world: World, fake: FakeTelegram
) -> None:
    """Before: the turn's deadline, set before the clock went back two hours, was two hours away when its
    timer fired: an idle player held the table that long."""
    async with world.running() as bot:
        group, people = await _duel_dealt(world, bot, fake)
        await bot.tick(10)
        on_turn = await whose_turn(bot, group, people)
        bot.clock.jump(-JUMP)
        await bot.tick(50)  # its time is up
        await bot.tick(STARTUP_GRACE_SECONDS + 1)  # (as after an outage)
        _, after = await bot.game(group)
        assert after.state.afk == {on_turn.id: 1}
        assert await whose_turn(bot, group, people) != on_turn


async def test_a_command_is_answered_when_the_clock_is_set_back(world: World, fake: FakeTelegram) -> None:
    """Before: the commands a person had sent seemed to come from an hour ahead; set back that long, every
    command of theirs was left unanswered until then, as a flood's are."""
    async with world.running() as bot:
        alice = fake.add_user("Alice")
        group = fake.add_group("Friends", members=[alice])
        fake.user_sends(alice, group, "/rules")
        await bot.deliver()
        bot.clock.jump(-JUMP)
        await bot.tick(60)
        fake.user_sends(alice, group, "/leave")
        await bot.deliver()
        assert fake.last_bot_message(group).text == "There is no game in this chat. Start one with /new."


async def test_a_refusal_is_said_again_when_the_clock_is_set_back(world: World, fake: FakeTelegram) -> None:
    """Before: the refusals said lately were kept on the wall clock; set back an hour, the same refusal a
    minute later counted as said a moment ago, and the person was left without an answer for that hour."""
    async with world.running() as bot:
        alice = fake.add_user("Alice")
        group = fake.add_group("Friends", members=[alice])
        fake.user_sends(alice, group, "/leave")
        await bot.deliver()
        first = fake.last_bot_message(group)
        bot.clock.jump(-JUMP)
        await bot.tick(61)
        fake.user_sends(alice, group, "/leave")
        await bot.deliver()
        again = fake.last_bot_message(group)
        assert again.text == first.text == "There is no game in this chat. Start one with /new."
        assert again.message_id != first.message_id


async def test_what_was_seen_of_a_person_and_a_group_is_not_read_again_after_a_jump_ahead(
    world: World, fake: FakeTelegram
) -> None:
    """Alice's name and app language, and the group's language she settled, are remembered for a day so that
    her next update costs no read: the clock set a day ahead, her next /rules reads what the one before read.
    Before: they aged on the wall clock, were all forgotten at once, and read again."""
    async with world.running() as bot:
        alice, bob = fake.add_user("Alice", language_code="ru"), fake.add_user("Bob")
        group = fake.add_group("Friends", members=[alice])
        fake.user_sends(alice, group, "/rules")  # read once, and remembered
        await bot.deliver()
        before = await _statements_of(bot, lambda: fake.user_sends(alice, group, "/rules"))
        bot.clock.jump(DAY)
        fake.user_starts_bot(bob)  # the jump seen (an outage nobody saw)
        await bot.deliver()
        after = await _statements_of(bot, lambda: fake.user_sends(alice, group, "/rules"))
        assert after == before


async def _statements_of(bot: Bot, update: Callable[[], object]) -> list[str]:
    """The SQL statements the bot runs to handle `update` (sent by the fake)."""
    with statements_run(bot.rt.database) as statements:
        update()
        await bot.deliver()
    return statements


async def _move(bot: Bot, group: Chat, mover: User) -> None:
    """`mover` presses the first button of their hand the bot takes, until their turn is over (a card drawn,
    say, then passed)."""
    for _ in range(5):
        _, doc = await bot.game(group)
        if doc.state.actor != mover.id:
            return
        hand = hand_message(bot.fake, mover)
        for data in choices(hand):
            query = press(bot.fake, mover, hand, data)
            await bot.deliver()
            if not query.show_alert:
                break
    raise AssertionError(f"{mover.first_name}'s turn did not end")


async def _duel_dealt(
    world: World, bot: Bot, fake: FakeTelegram, rules: dict[str, str | int] | None = None
) -> tuple[Chat, list[User]]:
    """Alice and Bob's match dealt in the group "Friends", on the quick rules (and `rules`)."""
    people = [fake.add_user(name) for name in ("Alice", "Bob")]
    group = fake.add_group("Friends", members=people)
    await use_quick_rules(world, group, rules)
    await deal(bot, fake, group, people)
    return group, people


async def _status(bot: Bot, group: Chat) -> GameStatus | None:
    found = await bot.rt.service.find(Place(group.id))
    return None if found is None else found[0].status


async def test_a_turn_begun_after_the_clock_was_set_back_runs_out_in_its_time(
    world: World, fake: FakeTelegram
) -> None:
    """Before: the game's clock stayed where the last move before the jump had left it, and a move's time is
    no earlier than it: the next player's turn, timed from there, lasted two hours longer."""
    async with world.running() as bot:
        group, people = await _duel_dealt(world, bot, fake)
        await bot.tick(10)
        bot.clock.jump(-JUMP)
        await bot.tick(50)  # the turn's timer sees the jump
        await bot.tick(STARTUP_GRACE_SECONDS + 1)
        mover = await whose_turn(bot, group, people)
        await _move(bot, group, mover)
        waiter = await whose_turn(bot, group, people)
        _, before = await bot.game(group)
        assert waiter != mover
        await bot.tick(61)
        _, after = await bot.game(group)
        assert after.state.afk.get(waiter.id, 0) == before.state.afk.get(waiter.id, 0) + 1


async def test_an_idle_lobby_closes_in_its_time_when_the_clock_is_set_back(
    world: World, fake: FakeTelegram
) -> None:
    """Before: set back an hour, the lobby's idle minutes counted none of it back: it stayed open an hour
    and ten minutes."""
    async with world.running() as bot:
        alice = fake.add_user("Alice")
        group = fake.add_group("Friends", members=[alice])
        await gather(bot, fake, group, [alice])
        await bot.tick(5 * 60)
        bot.clock.jump(-JUMP)
        await bot.tick(5 * 60)  # its timer sees the jump
        await bot.tick(STARTUP_GRACE_SECONDS + 1)
        assert await _status(bot, group) is None


async def test_an_idle_match_stops_in_its_time_when_the_clock_is_set_back(
    world: World, fake: FakeTelegram
) -> None:
    """No turn timer: a match nobody moves in stops after an hour. Before: set back two hours, it ran two
    hours longer (its idle hour counts from its last move, or the bot's start, both kept as read before)."""
    async with world.running() as bot:
        group, _ = await _duel_dealt(world, bot, fake, {"target_score": 100, "turn_seconds": 0})
        await bot.tick(30 * 60)
        bot.clock.jump(-JUMP)
        await bot.tick(30 * 60)  # the group's warning's timer sees the jump
        await bot.tick(STARTUP_GRACE_SECONDS + 1)
        assert await _status(bot, group) is None


async def test_a_move_right_after_the_clock_was_set_back_leaves_the_next_turn_its_time(
    world: World, fake: FakeTelegram
) -> None:
    """Before: the jump was seen by the next timer's job only; a move made first armed the next turn's timer
    two hours away (timed from the game's clock as it was before the jump), and no job saw the jump sooner."""
    async with world.running() as bot:
        group, people = await _duel_dealt(world, bot, fake)
        await bot.tick(10)
        bot.clock.jump(-JUMP)
        mover = await whose_turn(bot, group, people)
        await _move(bot, group, mover)
        waiter = await whose_turn(bot, group, people)
        assert waiter != mover
        await bot.tick(61)
        _, after = await bot.game(group)
        assert after.state.afk == {waiter.id: 1}


async def test_a_match_started_as_the_clock_is_set_back_has_its_first_turns_time(
    world: World, fake: FakeTelegram
) -> None:
    """The press that starts a match is the first update after the clock was set back, and other games are
    set back before this one. Before: the press went on while they were, the match dealt on the clock as it
    now reads, and then set back with the others: its first turn had run out two hours ago (timed out at
    once)."""
    async with world.running() as bot:
        for name in ("Carol", "Dave", "Erin"):
            other = fake.add_user(name)
            await gather(bot, fake, fake.add_group(f"{name}'s", members=[other]), [other])
        people = [fake.add_user(name) for name in ("Alice", "Bob")]
        group = fake.add_group("Friends", members=people)
        await use_quick_rules(world, group)
        await gather(bot, fake, group, people)
        bot.clock.jump(-JUMP)
        press_action(fake, people[0], fake.last_bot_message(group), Action.START)
        await bot.deliver()
        await bot.tick(10)
        _, doc = await bot.game(group)
        assert doc.state.afk == {} and doc.state.turn_deadline is not None
        assert 45_000 <= doc.state.turn_deadline - int(bot.clock() * 1000) <= 50_000


async def test_a_turns_message_is_not_told_late_by_a_jump_ahead_while_it_is_sent(
    world: World, fake: FakeTelegram
) -> None:
    """The message telling Bob of his turn takes 10 s to arrive (less than the 15 s that count as late) while
    the clock jumps ahead: his turn keeps the 60 s it began with. Before: how long the send took was read on
    the wall clock, two hours: told late, his turn started anew from its arrival (10 s more, a redraw)."""
    async with world.running() as bot:
        group, people = await _duel_dealt(world, bot, fake)
        mover = await whose_turn(bot, group, people)
        waiter = next(person for person in people if person != mover)
        jumped = False

        async def slow_and_jumping(method: str, chat_id: str | None) -> None:
            nonlocal jumped
            if method == "sendMessage" and chat_id == str(waiter.id) and not jumped:
                jumped = True
                bot.clock.jump(JUMP)
                await bot.clock.sleep(10)

        fake.transit = slow_and_jumping
        await _move(bot, group, mover)
        assert jumped and await whose_turn(bot, group, people) == waiter
        await bot.tick(55)  # 65 s since the move
        _, after = await bot.game(group)
        assert after.state.afk == {waiter.id: 1}


async def test_a_notice_that_a_player_is_back_still_follows_them_after_a_jump_ahead(
    world: World, fake: FakeTelegram
) -> None:
    """Bob blocked the bot, then pressed Start (the group's notice says he can get his cards, for a couple of
    minutes), and blocks it again as the clock jumps ahead: the notice says again that he cannot. Before: its
    time to go was kept on the wall clock, taken for past, and the notice left as it was, then deleted."""
    async with world.running() as bot:
        group, people = await _duel_dealt(world, bot, fake)
        bob = people[1]
        fake.user_blocks_bot(bob)
        await bot.deliver()
        notice = fake.last_bot_message(group)
        cannot = notice.text
        fake.user_starts_bot(bob)
        await bot.deliver()
        assert notice.text.startswith("✅ Bob can")
        bot.clock.jump(JUMP)
        fake.user_blocks_bot(bob)
        await bot.deliver()
        assert notice.text == cannot and fake.messages[(group.id, notice.message_id)] is notice


async def test_a_command_to_a_lobby_is_taken_when_the_clock_was_set_back(
    world: World, fake: FakeTelegram
) -> None:
    """The machine's clock ran two hours ahead of Telegram's until NTP set it back. Before: the lobby's
    opening, read on it, stayed two hours ahead of the dates Telegram gives commands, and Bob's /leave was
    refused as sent before the lobby opened (the one before was meant), for two hours."""
    async with world.running() as bot:
        people = [fake.add_user(name) for name in ("Alice", "Bob")]
        group = fake.add_group("Friends", members=people)
        await gather(bot, fake, group, people)
        bot.clock.jump(-JUMP)
        fake.user_sends(people[0], group, "/help")  # (the jump is seen)
        await bot.deliver()
        fake.user_sends(people[1], group, "/leave")
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.players == (people[0].id,)


async def test_a_paused_match_goes_on_with_its_turns_time_when_the_clock_was_set_back(
    world: World, fake: FakeTelegram
) -> None:
    """The match's forum topic closed for a minute (the match paused), the clock set back meanwhile: reopened,
    the turn has the time it had left at the closing. Before: a paused match's times were not moved back, and
    the turn lasted two hours longer (its deadline moved back, not the pause's start: it ran out at once)."""
    people = [fake.add_user("Alice"), fake.add_user("Bob")]
    admin = fake.add_user("Admin")
    forum = fake.add_group("Club", members=people, forum=True, creator=admin)
    room = fake.add_topic(forum, "Room")
    await use_quick_rules(world, forum)
    async with world.running() as bot:

        async def game() -> GameDocument:
            found = await bot.rt.service.find(Place(forum.id, room))
            assert found is not None
            return found[1]

        for user in people:
            fake.user_starts_bot(user)
        fake.user_sends(people[0], forum, "/new", thread_id=room)
        await bot.deliver()
        fake.user_sends(people[1], forum, "/join", thread_id=room)
        await bot.deliver()
        fake.user_sends(people[0], forum, "/startgame", thread_id=room)
        await bot.deliver()
        dealt = await game()
        fake.close_topic(forum, room, by=admin)
        await bot.deliver()
        paused = await game()
        assert paused.paused and dealt.state.turn_deadline is not None
        left = dealt.state.turn_deadline - paused.paused_since
        await bot.tick(30)
        bot.clock.jump(-JUMP)
        fake.user_sends(admin, forum, "/help")  # (the jump is seen)
        await bot.deliver()
        await bot.tick(30)
        fake.close_topic(forum, room, by=admin, closed=False)
        await bot.deliver()
        going = await game()
        assert not going.paused and going.state.afk == {} and going.state.turn_deadline is not None
        assert left - 5000 <= going.state.turn_deadline - int(bot.clock() * 1000) <= left


async def test_an_idle_match_is_warned_once_when_the_clock_is_set_back(
    world: World, fake: FakeTelegram
) -> None:
    """No turn timer: the group is warned 10 minutes before an idle match stops, and the clock set back after
    the warning moves the stop back with it. Before: the stop the group was warned of stayed two hours
    ahead, taken for another stop, and the group was warned a second time."""
    async with world.running() as bot:
        group, people = await _duel_dealt(world, bot, fake, {"target_score": 100, "turn_seconds": 0})
        await bot.tick(51 * 60)

        def warnings() -> int:
            sent = fake.calls_to("sendMessage")
            return sum(1 for call in sent if str(call.params.get("text", "")).startswith("⏳"))

        assert warnings() == 1
        bot.clock.jump(-JUMP)
        fake.user_sends(people[0], group, "/help")  # (the jump is seen)
        await bot.deliver()
        await bot.tick(STARTUP_GRACE_SECONDS + 1)
        assert warnings() == 1 and await _status(bot, group) is GameStatus.RUNNING
        await bot.tick(9 * 60)
        assert warnings() == 1 and await _status(bot, group) is None


@pytest.mark.parametrize("down", [70, JUMP], ids=["down-70-s", "down-as-long-as-the-set-back"])
async def test_a_set_back_cut_short_by_a_crash_moves_each_game_back_once(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch, down: int
) -> None:
    """The clock was set back two hours, and the bot crashed as it had moved the first of two matches back
    (the second's still under way); it starts `down` s later. Each match is moved back the two hours once, and
    gets the time since. Before: nothing of the set-back was written down, so the next start set every game
    back again from the bot's last write before it, the first match two hours twice (its turn run out); and
    down two hours, the clock read about what it did before the set-back, a downtime too short to give back:
    the first match kept its turn two hours in the past (it ran out at the grace's end)."""
    async with world.running() as bot:
        groups = []
        for title in ("Friends", "Neighbours"):
            people = [fake.add_user(name) for name in ("Alice", "Bob")]
            groups.append(fake.add_group(title, members=people))
            await use_quick_rules(world, groups[-1])
            await deal(bot, fake, groups[-1], people)
        deadlines = [(await bot.game(group))[1].state.turn_deadline or 0 for group in groups]
        second_under_way = second_give_back_hangs(bot, monkeypatch)
        bot.clock.jump(-JUMP)
        bot.rt.clock()  # (the bot's first look after it)
        await bot.clock.run(second_under_way.wait())
        bot.app.bot_data.pop(DOWNTIME_KEY)  # the process dies: its stop writes nothing down
    world.clock.advance(down)
    async with world.running() as bot:
        after = [(await bot.game(group))[1].state.turn_deadline or 0 for group in groups]
    moved = [a - d for a, d in zip(after, deadlines, strict=True)]
    # the two hours taken, the time down given (and the seconds the stop and the start took)
    assert moved[0] == moved[1] and down * 1000 <= moved[0] + JUMP * 1000 < down * 1000 + LONG_MS, moved
