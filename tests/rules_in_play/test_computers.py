"""Computer players follow the rules in play too: they slap after a 0 and jump in with an identical card; and
they do not play on alone once every person is out of the match."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from types import SimpleNamespace

import pytest
from sqlalchemy import select

from bot.engine.actions import Play
from bot.engine.ai import choose_action, forgets_uno
from bot.engine.cards import Colour
from bot.engine.events import CardPlayed, CardsDrawn, DrawReason
from bot.engine.rules import JumpIn, Rules
from bot.service.computer import CATCH_THOUGHT, computer_action, computers_catch
from bot.storage import Database, GameStatus
from bot.storage.models import MatchResult
from bot.tg.callback_data import Action
from bot.tg.timers import COMPUTER_DELAY_SECONDS
from tests.e2e.harness import World, press_action
from tests.e2e.matches import gathered
from tests.fake_bot_api import FakeTelegram
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing


async def next_timer(table: Table) -> None:
    """Let time run to the next timer: a computer move, a deadline, a countdown redraw."""
    due = table.bot.timers.next_due()
    assert due is not None
    await table.bot.tick(due - table.bot.clock())


async def test_computers_slap_after_a_zero_and_a_person_who_does_not_draws(
    world: World, fake: FakeTelegram
) -> None:
    rules = Rules().changed(zero_slap=True)
    async with playing(world, fake, rules, names=("Alice",), computers=2) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["R0", "B9", "B7"]}, top="R3", turn=alice)
        await table.play(alice, "R0")
        for _ in range(8):  # timer by timer (the countdown redraws the table between the computers' moves)
            await next_timer(table)
            if (await table.state()).slap_deadline is None:
                break
        _, doc = await table.bot.game(table.group)
        took = {(e.player, e.reason) for e in doc.recent if isinstance(e, CardsDrawn)}
        # both computers slapped (the later of them last: it takes cards too), Alice never did
        last = {player for player, reason in took if reason is DrawReason.SLAP}
        assert took == {(alice.id, DrawReason.NO_SLAP), *((c, DrawReason.SLAP) for c in last)}
        assert len(last) == 1 and last <= doc.computers
        assert len((await table.state()).hands[alice.id]) == 6


@pytest.mark.parametrize(("computers", "seconds"), [(4, 5), (9, 5), (2, 2)])
async def test_every_computer_slaps_before_the_window_closes(
    world: World, fake: FakeTelegram, computers: int, seconds: int
) -> None:
    """Computers slapped one after another, each after a move's thinking time (0.9-2.1 s): with four of
    them in a 5 s window, or two in a 2 s one, the last came too late and took 4 cards for not slapping."""
    rules = Rules().changed(zero_slap=True, slap_seconds=seconds)
    async with playing(world, fake, rules, names=("Alice",), computers=computers) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["R0", "B9", "B7"]}, top="R3", turn=alice)
        await table.play(alice, "R0")
        slap_deadline = (await table.state()).slap_deadline
        assert slap_deadline is not None
        while (await table.state()).slap_deadline is not None:
            await next_timer(table)
        _, doc = await table.bot.game(table.group)
        took = {(e.player, e.reason) for e in doc.recent if isinstance(e, CardsDrawn)}
        last = {player for player, reason in took if reason is DrawReason.SLAP}
        assert took == {(alice.id, DrawReason.NO_SLAP), *((c, DrawReason.SLAP) for c in last)}, took
        assert len(last) == 1 and last <= doc.computers


async def _first_slap_planned(table: Table) -> tuple[int, int]:
    """After Alice's 0: in how many ms the first computer's slap comes at the latest, and how many are left
    of the slap window."""
    alice = table.people[0]
    await table.arrange({"Alice": ["R0", "B9", "B7"]}, top="R3", turn=alice)
    await table.play(alice, "R0")
    _, doc = await table.bot.game(table.group)
    thinking = table.bot.rt.service.computer_thinking(doc)
    window, now = doc.state.slap_deadline, round(table.bot.clock() * 1000)
    assert thinking is not None and thinking.by is not None and window is not None, thinking
    return thinking.by - now, window - now


async def test_computers_slap_by_their_share_of_the_window_and_well_before_it_closes(
    world: World, fake: FakeTelegram
) -> None:
    """Of nine computers, the first slaps within its share of the window left, not at its end with all the
    others bunched; a lone computer slaps half a second before it closes at the latest, not on the deadline,
    where its slap would race the draw for not slapping."""
    rules = Rules().changed(zero_slap=True, slap_seconds=5)
    async with playing(world, fake, rules, names=("Alice",), computers=9) as table:
        first, left = await _first_slap_planned(table)
        assert first <= left // 9, (first, left)
    async with playing(world, fake, rules, names=("Alice",), computers=1) as table:
        first, left = await _first_slap_planned(table)
        assert first <= left - 500, (first, left)


async def test_a_computer_jumps_in_with_an_identical_card(world: World, fake: FakeTelegram) -> None:
    async with playing(
        world, fake, Rules().changed(jump_in="on"), names=("Alice", "Bob"), computers=1
    ) as table:
        alice = table.people[0]
        computer = (await table.state()).players[2]  # after Bob: jumping in is its only chance to play now
        for _ in range(12):  # the AI jumps in with a number card two times out of three (by a state hash)
            hands = {"Alice": ["R5", "B9", "B7"], computer: ["R5", "G1", "G2"]}
            await table.arrange(hands, top="R3", turn=alice)
            await table.play(alice, "R5")
            await next_timer(table)
            _, doc = await table.bot.game(table.group)
            if any(isinstance(e, CardPlayed) and e.player == computer for e in doc.recent):
                assert (await table.state()).top.code == "R5" and len(doc.state.hands[computer]) == 2
                return
        raise AssertionError("the computer never jumped in")


async def test_a_computer_that_jumps_in_down_to_one_card_calls_uno_before_the_next_computer_moves(
    world: World, fake: FakeTelegram
) -> None:
    """A computer may not call "UNO!" before a jump-in (two cards, out of turn): it calls after it. The
    computer to move next was asked first, so it moved (closing the window) or caught it, and the table read
    "⚠️ 🤖 Computer 1: one card without UNO! Catch!" about a computer that forgot."""
    async with playing(
        world, fake, Rules().changed(jump_in="on"), names=("Alice", "Bob"), computers=2
    ) as table:
        alice = table.people[0]
        jumper, after = (await table.state()).players[2:]  # Bob is to move: jumping in is the jumper's chance
        for _ in range(12):  # the AI jumps in with a number card two times out of three (by a state hash)
            hands = {"Alice": ["R5", "B9", "B7"], jumper: ["R5", "Y1"], after: ["G4", "G5", "G6"]}
            await table.arrange(hands, top="R3", turn=alice)
            await table.play(alice, "R5")
            await next_timer(table)
            state = await table.state()
            if len(state.hands[jumper]) == 1:
                break
        else:
            raise AssertionError("the computer never jumped in")
        assert state.actor == after and jumper in state.catchable
        await next_timer(table)
        state = await table.state()
        assert jumper in state.uno_called and len(state.hands[jumper]) == 1, state.uno_called
        assert state.actor == after and len(state.hands[after]) == 3  # it has not moved yet


async def test_a_person_catches_a_computer_that_forgot_uno(world: World, fake: FakeTelegram) -> None:
    """Computers called "UNO!" before every second last card, so catching one never happened, and a person
    who learnt that never watched them. One forgets now and then (bot.engine.ai.forgets_uno, by its round,
    the card it keeps and the others' card counts): the table asks for a catch, and Alice catches it."""
    async with playing(world, fake, Rules(), names=("Alice",), computers=1) as table:
        (alice,) = table.people
        computer = (await table.state()).players[1]
        to_move = SimpleNamespace(id=computer)
        for kept in ("B1", "B2", "B4", "B5", "B6", "B7", "B8", "B9", "G1", "G2", "G4", "G5", "G6", "G7"):
            hands = {"Alice": ["G3", "Y5", "Y6", "B3"], computer: ["R5", kept]}
            await table.arrange(hands, top="R3", turn=to_move)  # type: ignore[arg-type]
            state = await table.state()
            if forgets_uno(
                state, computer, next(c for c in state.hands[computer] if state.card(c).code == kept)
            ):
                break
        else:
            raise AssertionError("the computer never forgot")
        while len(state.hands[computer]) > 1:
            await next_timer(table)
            state = await table.state()
        assert state.catchable == [computer] and state.actor == alice.id
        assert "Didn't call UNO! Catch!" in table.text() and "\n🤖 Computer 1\n" in table.text()
        await table.press(alice, Action.CATCH, table.table_message())
        assert len((await table.state()).hands[computer]) == 3
        assert "🎯 Alice catches 🤖 Computer 1 without UNO!" in table.text()


async def _leaves(table: Table) -> None:
    table.fake.user_sends(table.people[0], table.group, "/leave")
    await table.deliver()


async def _misses_a_turn(table: Table) -> None:
    alice = table.people[0]
    await table.arrange({"Alice": ["B9", "B7"]}, top="R3", turn=alice)
    deadline = (await table.state()).turn_deadline
    assert deadline is not None
    await table.bot.tick(deadline / 1000 - table.bot.clock() + 1)


@pytest.mark.parametrize("computers", [1, 2])  # one computer left ends the match in the engine: stopped too
@pytest.mark.parametrize("goes", [_leaves, _misses_a_turn], ids=["leaves", "misses a turn"])
async def test_computers_do_not_play_on_when_the_last_person_is_out(
    world: World, fake: FakeTelegram, goes: Callable[[Table], Awaitable[None]], computers: int
) -> None:
    rules = Rules().changed(afk_limit=1)
    async with playing(world, fake, rules, names=("Alice",), computers=computers) as table:
        record, _ = await table.bot.game(table.group)
        alice = table.people[0].id
        await goes(table)
        loaded = await table.bot.rt.service.load(record.id)
        assert loaded is not None and loaded[0].status is GameStatus.STOPPED
        assert table.bot.timers.next_due() is None  # nothing left to play, remind or retry
        said = fake.last_bot_message(table.group).text or ""
        assert said.startswith("⏹ The game was stopped: only computer players were left."), said
        assert "Standings:" in said and "wins" not in said
        database = Database.connect(world.database_url)
        try:
            async with database.unit_of_work() as uow:
                rows = list(
                    await uow.session.scalars(select(MatchResult).where(MatchResult.game_id == record.id))
                )
        finally:
            await database.dispose()
        assert {row.user_id for row in rows} == set(loaded[1].players)  # as any stopped match is recorded
        # The stop voids the match, but not the loss of one who left it (missing turns is no leaving).
        stopped = {row.user_id: row.stopped_early for row in rows}
        assert stopped == {player: not (goes is _leaves and player == alice) for player in loaded[1].players}


@pytest.mark.parametrize(
    ("language", "stop", "out"),
    [
        ("en", "⏹ The game was stopped: only computer players were left.", "— {}: {} (out of the game)"),
        (
            "ru",
            "⏹ Игра остановлена: в ней остались только компьютерные игроки.",
            "— {}: {} (больше не в игре)",
        ),
    ],
)
async def test_a_match_left_to_computers_lists_the_points_of_the_people_who_were_in_it(
    world: World, fake: FakeTelegram, language: str, stop: str, out: str
) -> None:
    """(transcript read, session 56) Both people missed their turns until they were out, and the group read
    «Итоги: очков никто не набрал.» of a match in which Дима had 470 points: the standings counted only the
    computers still seated. Who left is listed after them with their points."""
    rules = Rules().changed(afk_limit=1)
    async with playing(world, fake, rules, names=("Дима", "Оля"), computers=2, language=language) as table:
        dima, olya = table.people
        await table.head_start({dima.id: 470, olya.id: 85})
        for person in table.people:
            await table.arrange({person.first_name: ["B9", "B7"]}, top="R3", turn=person)
            deadline = (await table.state()).turn_deadline
            assert deadline is not None
            await table.bot.tick(deadline / 1000 - table.bot.clock() + 1)
        await table.bot.tick(30)
        said = (fake.last_bot_message(table.group).text or "").splitlines()
        assert said[0] == stop and said[-2:] == [out.format("Дима", 470), out.format("Оля", 85)], said


async def test_a_match_left_to_computers_does_not_list_a_player_kicked_from_it(
    world: World, fake: FakeTelegram
) -> None:
    """Max, removed by the host, had 30 points: a kick is no result of his, so the stopped match's standings
    list only those who left it themselves (mutation audit, session 56)."""
    rules = Rules().changed(afk_limit=1)
    async with playing(world, fake, rules, names=("Dima", "Olya", "Max"), computers=2) as table:
        dima, olya, max_ = table.people
        await table.head_start({dima.id: 470, olya.id: 85, max_.id: 30})
        fake.user_sends(dima, table.group, "/kick Max")
        await table.bot.deliver()
        assert max_.id not in (await table.state()).players
        for person in (dima, olya):
            await table.arrange({person.first_name: ["B9", "B7"]}, top="R3", turn=person)
            deadline = (await table.state()).turn_deadline
            assert deadline is not None
            await table.bot.tick(deadline / 1000 - table.bot.clock() + 1)
        await table.bot.tick(30)
        said = (fake.last_bot_message(table.group).text or "").splitlines()
        assert said[0] == "⏹ The game was stopped: only computer players were left.", said
        assert said[-2:] == ["— Dima: 470 (out of the game)", "— Olya: 85 (out of the game)"], said
        assert not any("Max" in line for line in said), said


async def test_computers_catch_a_forgotten_uno_only_some_of_the_time_and_not_at_once(
    world: World, fake: FakeTelegram
) -> None:
    """Two computers watch: one of them catching in every window would leave people no chance to call."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob"), computers=2) as table:
        alice, bob = table.people
        delays: list[float] = []
        windows = 12
        for _ in range(windows):
            await table.arrange({"Alice": ["R5", "B9"], "Bob": ["G1", "G2", "G3"]}, top="R3", turn=alice)
            played = table.bot.clock()
            await table.play(alice, "R5")  # no "UNO!"; Bob, a person, is next and does not move
            state = await table.state()
            assert alice.id in state.catchable and state.actor == bob.id
            while alice.id in state.catchable:
                await next_timer(table)
                state = await table.state()
            if len(state.hands[alice.id]) > 1:
                delays.append(table.bot.clock() - played)
        assert 0 < len(delays) < windows
        assert min(delays) >= COMPUTER_DELAY_SECONDS * 0.6 * CATCH_THOUGHT  # slower than a move


async def test_a_computer_to_move_leaves_a_forgotten_uno_open_as_long_as_computers_take_to_catch(
    world: World, fake: FakeTelegram
) -> None:
    """Bob forgets "UNO!" and a computer is next: in a window computers do not catch in, it began its turn
    after a move's thinking time (0.9-2.1 s), which closes the window, so the table's "⚠️ Bob did not call
    UNO! Catch! ⏱ 10 s" lasted a second or two: Bob could not call late nor Alice catch him. It now thinks
    as long as a catching computer would (its timing no longer tells whether it will catch, either)."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob"), computers=2) as table:
        _alice, bob = table.people
        computer = (await table.state()).players[2]  # after Bob
        for _ in range(12):  # computers catch in some windows only (decided by the window's deadline)
            await table.arrange({"Bob": ["R5", "B9"], computer: ["G1", "G2", "G3"]}, top="R3", turn=bob)
            await table.play(bob, "R5")  # no "UNO!"
            _, doc = await table.bot.game(table.group)
            assert bob.id in doc.state.catchable and doc.state.actor == computer
            if not computers_catch(doc.state):
                break
        else:
            raise AssertionError("computers caught in every window")
        thinking = table.bot.rt.service.computer_thinking(doc)
        assert thinking is not None and thinking.times == CATCH_THOUGHT, thinking
        assert len(doc.state.hands[computer]) == 3  # it has not moved


async def test_a_computer_added_by_mistake_is_removed_once_however_often_remove_is_pressed(
    world: World, fake: FakeTelegram
) -> None:
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        for _ in range(2):
            press_action(fake, alice, fake.last_bot_message(group), Action.ADD_COMPUTER)
            await bot.deliver()
        lobby = fake.last_bot_message(group)
        assert "🤖 Computer 1" in spaced(lobby.text or "") and "🤖 Computer 2" in spaced(lobby.text or "")
        first = press_action(fake, alice, lobby, Action.REMOVE_COMPUTER)
        again = press_action(fake, bob, lobby, Action.REMOVE_COMPUTER)  # the same button, at once
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.computers == {-1}
        assert not first.show_alert
        assert again.show_alert and again.answer_text == "That computer player has left the game already."
        assert "Computer 2" not in (fake.last_bot_message(group).text or "")


@pytest.mark.parametrize(("jump_in", "times"), [(JumpIn.ON, CATCH_THOUGHT), (JumpIn.OFF, 1.0)])
async def test_with_jump_in_a_computer_moves_slowly_enough_for_people_to_jump_in(
    world: World, fake: FakeTelegram, jump_in: JumpIn, times: float
) -> None:
    """With jump-in on, a person holding the card just played may play theirs before the next move; a
    computer began its turn after a move's thinking time (0.9-2.1 s), too soon to see one's hand offer
    "⚡ jump in" and press. Its moves now take as long as a catch, whoever holds what."""
    async with playing(world, fake, Rules(jump_in=jump_in), names=("Alice",), computers=2) as table:
        (alice,) = table.people
        computer = (await table.state()).players[1]  # after Alice
        await table.arrange({"Alice": ["R5", "B9", "B7"], computer: ["G1", "G2", "G3"]}, top="R3", turn=alice)
        await table.play(alice, "R5")
        _, doc = await table.bot.game(table.group)
        assert doc.state.actor == computer and not doc.state.catchable
        thinking = table.bot.rt.service.computer_thinking(doc)
        assert thinking is not None and thinking.times == times, thinking


async def test_with_jump_in_a_computer_moves_at_a_moves_pace_when_nobody_can_jump_in(
    world: World, fake: FakeTelegram
) -> None:
    """With jump-in on, every action of a computer took as long as a catch (1.8-4.2 s), those nobody can jump
    in before too: a pass or play after its own draw (its drawing closed the chance), a colour for its Wild
    (nobody jumps in while a colour is chosen), a move on a Wild (no card is identical to a black one). A
    turn of draw and pass took 4-8 s, and a table of computers crawled. They take a move's time now."""
    async with playing(world, fake, Rules(jump_in=JumpIn.ON), names=("Alice",), computers=2) as table:
        computer = (await table.state()).players[1]
        hands = {"Alice": ["B9", "B7"], computer: ["G1", "G2", "B3"]}
        to_move = SimpleNamespace(id=computer)
        await table.arrange(hands, top="W", turn=to_move, colour=Colour.RED, draw_next=["R5"])  # type: ignore[arg-type]
        paces = []
        for _ in range(2):  # on a Wild it draws (a red 5), then plays it
            _, doc = await table.bot.game(table.group)
            thinking = table.bot.rt.service.computer_thinking(doc)
            assert thinking is not None and doc.state.actor == computer
            paces.append(thinking.times)
            await next_timer(table)
        assert paces == [1.0, 1.0], paces
        assert (await table.state()).actor != computer


async def test_a_computer_jumps_in_before_the_computer_to_move_moves(
    world: World, fake: FakeTelegram
) -> None:
    """Alice plays a red 5 and a computer is to move; another computer holds a red 5 and would jump in
    with it. The computer to move was always asked first, so computers never jumped in on a computer's
    turn; the jump-in comes first now, as a reflex does."""
    async with playing(world, fake, Rules(jump_in=JumpIn.ON), names=("Alice",), computers=2) as table:
        (alice,) = table.people
        to_move, jumper = (await table.state()).players[1:]
        for others in (["B9", "B7"], ["G9", "Y7"], ["B2", "G4"], ["Y1", "Y2"], ["G6", "B3"], ["Y8", "G2"]):
            hands = {"Alice": ["R5", "B9", "B7"], to_move: ["G1", "G2", "G3"], jumper: ["R5", *others]}
            await table.arrange(hands, top="R3", turn=alice)
            await table.play(alice, "R5")
            _, doc = await table.bot.game(table.group)
            now = doc.state.clock
            if isinstance(choose_action(doc.state, jumper, catch=False, now=now), Play):
                break  # the computer player's heuristic jumps in here (it does so two times in three)
        else:
            raise AssertionError("the jumper never wanted to jump in")
        assert doc.state.actor == to_move
        chosen = computer_action(doc, doc.state, now)
        assert chosen is not None and chosen[0] == jumper and isinstance(chosen[1], Play), chosen


@pytest.mark.parametrize("joins", ["button", "/join"])
async def test_a_person_joining_a_lobby_full_of_computers_takes_the_last_ones_seat(
    world: World, fake: FakeTelegram, joins: str
) -> None:
    """Alice seats nine computers; Bob, a friend, wants to play too: the lobby had no Join button and /join
    answered "The game is full." though nine of its ten seats were computers', there to make up numbers. The
    last computer leaves for him now (he sits before the computers, as a person who joins does)."""
    async with gathered(world, fake, ("Alice",)) as (bot, group, (alice,)):
        for _ in range(9):
            press_action(fake, alice, fake.last_bot_message(group), Action.ADD_COMPUTER)
            await bot.deliver()
        bob = fake.add_user("Bob")
        fake.join_group(bob, group)
        fake.user_starts_bot(bob)
        lobby = fake.last_bot_message(group)
        assert "Press “Join” to play." in (lobby.text or ""), lobby.text
        if joins == "button":
            joined = press_action(fake, bob, lobby, Action.JOIN)
            await bot.deliver()
            assert joined.answered and not joined.show_alert, joined.answer_text
        else:
            fake.user_sends(bob, group, "/join")
            await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.players == (alice.id, bob.id, *range(-1, -9, -1))  # people sit before the computers
        assert doc.computers == set(range(-1, -9, -1))
        shown = fake.messages[(group.id, lobby.message_id)].text or ""
        assert "(10/10)" in shown and "2. Bob" in shown and "Computer 9" not in shown, shown
