"""A restart between two steps of a match: its windows (catch, slap, seven-silence) and pending decisions
(a colour, a challenge, the next round's pause, a computer's turn, missed turns) carry over or are settled at
start-up, and presses on what was sent before it (the table, a hand, a selection, the lobby, a /stop question)
or made while the bot was down still count."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.engine.cards import Colour
from bot.engine.rules import PRESETS, Rules
from bot.engine.state import Pending
from bot.service import Place
from bot.service.computer import computers_catch
from bot.tg.callback_data import Action
from bot.tg.timers import STARTUP_GRACE_SECONDS
from tests.e2e.harness import World, buttons, hand_message, press, press_action
from tests.e2e.matches import deal, open_lobby, stop_answer, stop_question
from tests.e2e.restarted import again
from tests.fake_bot_api import FakeTelegram
from tests.rules_in_play.table import playing


async def test_catch_pressed_on_the_pre_restart_table_still_catches(world: World, fake: FakeTelegram) -> None:
    """the catch window survives a quick restart; Catch! on the old table message still catches."""
    hands = {"Alice": ["R5", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, bob, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await before.play(alice, "R5")  # no UNO! call: the catch window opens
        board = before.table_message()
        assert (await before.state()).catchable == [alice.id]
    world.clock.advance(2)
    async with world.running() as bot:
        table = again(before, bot)
        caught = await table.press(bob, Action.CATCH, board)
        assert caught.answered and not caught.show_alert
        assert len((await table.state()).hands[alice.id]) == 3


async def test_a_catch_window_that_closed_while_down_is_closed_after_start_up(
    world: World, fake: FakeTelegram
) -> None:
    """the UNO window deadline passing while the bot is down (too short a time to give back) closes the window
    at start-up."""
    hands = {"Alice": ["R5", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, bob, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await before.play(alice, "R5")
        board = before.table_message()
        catch = next(d for _, d in buttons(board) if d.action is Action.CATCH)
        await before.bot.tick(5)  # 5 s of the window's 10 left
    world.clock.advance(8)
    async with world.running() as bot:
        await bot.tick(STARTUP_GRACE_SECONDS)
        table = again(before, bot)
        state = await table.state()
        assert state.catchable == [] and state.catch_deadline is None
        late = await table.press_data(bob, catch, board)
        assert late.answered and late.show_alert
        assert len((await table.state()).hands[alice.id]) == 1


async def test_a_catch_window_past_its_end_in_the_start_up_grace_is_not_offered(
    world: World, fake: FakeTelegram
) -> None:
    """Down past the window's end (too short a time to give back), the bot closes it only after the start-up
    grace: meanwhile the table read
    "⚠️ Alice did not call UNO! Catch! ⏱ 0 s" with Alice marked ⚠️ and the Catch! button, while every press
    was refused ("Nobody can be caught now")."""
    hands = {"Alice": ["R5", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, _, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await before.play(alice, "R5")
        assert "⚠️" in before.text()
        await before.bot.tick(5)  # 5 s of the window's 10 left
    world.clock.advance(8)
    async with world.running() as bot:
        table = again(before, bot)
        assert (await table.state()).catchable == [alice.id]  # the grace: not closed yet
        board = table.table_message()
        assert "⚠️" not in (board.text or ""), board.text
        assert not [d for _, d in buttons(board) if d.action in (Action.CATCH, Action.UNO)]


async def test_a_computer_does_not_catch_into_a_window_that_ran_out_while_down(
    world: World, fake: FakeTelegram
) -> None:
    """a computer player wakes in the start-up grace, before the expired window is closed: it does not catch
    (Extreme: that would be a false catch, and a card for it)."""
    rules = PRESETS["extreme"].changed(uno_window_seconds=5, zero_slap=False, seven_silence=False)
    hands = {"Alice": ["R5", "B9"], "Bob": ["Y1", "Y2", "Y3"], -1: ["G1", "G2", "G3"]}
    async with playing(world, fake, rules, names=("Alice", "Bob"), computers=1) as before:
        alice, _ = before.people
        while True:  # computers catch in some windows only (decided by the window's deadline): find one
            await before.arrange(hands, top="R3", turn=alice)
            await before.play(alice, "R5")
            state = await before.state()
            if computers_catch(state):
                break
            before.bot.clock.advance(0.001)
        assert state.catchable == [alice.id]
    world.clock.advance(8)  # the bot is down past the window's 5 s (too short a time to give back)
    async with world.running() as bot:
        table = again(before, bot)
        await bot.tick(5)  # the computer thinks 2-4 s; the window is closed only after the grace
        state = await table.state()
        assert len(state.hands[alice.id]) == 1 and len(state.hands[-1]) == 3
        assert "false catch" not in " ".join(m.text or "" for m in fake.bot_messages_in(table.group))


async def test_a_colour_chosen_while_the_bot_was_down_counts(world: World, fake: FakeTelegram) -> None:
    """A Wild played just before the restart; its colour is chosen on the hand while the bot is down."""
    hands = {"Alice": ["W", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, bob, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await before.play(alice, "W")
        assert (await before.state()).pending is Pending.CHOOSE_COLOUR
        old_hand = before.hand(alice)
    world.clock.advance(3)
    blue = next(d for _, d in buttons(old_hand) if d.action is Action.COLOUR and d.args == (3,))
    chosen = press(fake, alice, old_hand, blue)
    async with world.running() as bot:
        await bot.deliver()
        assert chosen.answered and not chosen.show_alert
        state = await again(before, bot).state()
        assert state.colour is Colour.BLUE and state.turn == bob.id


async def test_a_colour_choice_whose_turn_ran_out_while_down_is_made_at_start_up(
    world: World, fake: FakeTelegram
) -> None:
    """the turn deadline of a pending colour choice passes while down (too short a time to give back): the
    colour held most wins."""
    hands = {"Alice": ["W", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, bob, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await before.play(alice, "W")
        await before.bot.tick(55)
    world.clock.advance(8)
    async with world.running() as bot:
        await bot.tick(STARTUP_GRACE_SECONDS)
        state = await again(before, bot).state()
        assert state.colour is Colour.BLUE and state.turn == bob.id and state.afk.get(alice.id) == 1


@pytest.mark.parametrize("rearmed", [False, True], ids=["as armed at start-up", "re-armed by a change"])
async def test_a_card_played_while_down_counts_though_the_turn_ran_out_meanwhile(
    world: World, fake: FakeTelegram, rearmed: bool
) -> None:
    """Alice plays in time, but the bot is down until after her turn's deadline: at start-up her queued
    press is handled before that deadline fires, so she plays instead of drawing for a missed turn. The
    grace holds when a change re-arms the game first (Carol, who blocked the bot, found unreachable)."""
    hands = {"Alice": ["R5", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, bob, carol = before.people
        await before.arrange(hands, top="R3", turn=alice)
        old_hand = before.hand(alice)
    red_five = next(d for label, d in buttons(old_hand) if d.action is Action.PLAY and "5" in label)
    press(fake, alice, old_hand, red_five)
    world.clock.advance(120)
    async with world.running(settled=False) as bot:
        if rearmed:
            await bot.rt.player_reach.unreachable_in((await bot.game(before.group))[0].id, carol.id)
        await bot.timers.run_due()  # what the event loop runs as soon as start-up re-armed the timers
        await bot.deliver()  # then polling hands over what Telegram kept (too old to be answered by now)
        await bot.tick(STARTUP_GRACE_SECONDS)
        state = await again(before, bot).state()
        assert len(state.hands[alice.id]) == 2 and state.turn == bob.id
        assert alice.id not in state.afk


async def test_a_wild_draw_four_challenged_while_the_bot_was_down_counts(
    world: World, fake: FakeTelegram
) -> None:
    """Bob challenges Alice's Wild Draw Four on his hand while the bot is down."""
    hands = {"Alice": ["W4", "R1", "B2"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, bob, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await before.play(alice, "W4")
        colour = next(d for _, d in buttons(before.hand(alice)) if d.action is Action.COLOUR)
        await before.press_data(alice, colour)
        assert (await before.state()).pending is Pending.PENALTY
        old_hand = before.hand(bob)
    world.clock.advance(5)
    challenged = press_action(fake, bob, old_hand, Action.CHALLENGE)
    async with world.running() as bot:
        await bot.deliver()
        assert challenged.answered and not challenged.show_alert
        state = await again(before, bot).state()
        assert len(state.hands[alice.id]) == 6 and len(state.hands[bob.id]) == 2  # Alice was guilty


async def test_the_next_round_is_dealt_after_a_restart_in_the_pause(world: World, fake: FakeTelegram) -> None:
    """a round ended just before the restart; the next round is dealt when its pause is over."""
    hands = {"Alice": ["R5"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, _, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await before.play(alice, "R5")
        state = await before.state()
        assert state.round_over and state.next_round_deadline is not None
        round_no = state.round_no
    world.clock.advance(120)
    async with world.running() as bot:
        await bot.tick(STARTUP_GRACE_SECONDS)
        state = await again(before, bot).state()
        assert not state.round_over and state.round_no == round_no + 1


async def test_a_computer_whose_turn_it_is_at_restart_plays(world: World, fake: FakeTelegram) -> None:
    """the computer to move when the bot went down moves after start-up (not only at its deadline)."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob"), computers=1) as before:
        computer = SimpleNamespace(id=-1)
        hands = {"Alice": ["Y1", "Y2"], "Bob": ["G1", "G2"], -1: ["R7", "B9", "B7"]}
        await before.arrange(hands, top="R3", turn=computer)  # type: ignore[arg-type]
        seq = (await before.state()).seq
    world.clock.advance(1)
    async with world.running() as bot:
        await bot.tick(3)
        state = await again(before, bot).state()
        assert state.seq > seq and state.turn != -1


async def test_seven_silence_is_kept_across_a_restart(world: World, fake: FakeTelegram) -> None:
    """the seven-silence holds after a restart: the first to post draws 4."""
    hands = {"Alice": ["R7", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(seven_silence=True)) as before:
        alice, bob, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await before.play(alice, "R7")
    world.clock.advance(3)
    async with world.running() as bot:
        table = again(before, bot)
        fake.user_sends(bob, table.group, "ha!")
        await table.deliver()
        state = await table.state()
        assert len(state.hands[bob.id]) == 6 and state.silence_holder is None


async def test_a_slap_window_that_closed_while_down_is_resolved(world: World, fake: FakeTelegram) -> None:
    """a 0 played, then the bot is down the whole slap window: nobody slapped, all others draw 4."""
    hands = {"Alice": ["R0", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(zero_slap=True, slap_seconds=5)) as before:
        alice, bob, carol = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await before.play(alice, "R0")
    world.clock.advance(20)
    async with world.running() as bot:
        await bot.tick(STARTUP_GRACE_SECONDS)
        state = await again(before, bot).state()
        assert state.slap_deadline is None
        assert len(state.hands[bob.id]) == 6 and len(state.hands[carol.id]) == 6


async def test_a_slap_on_the_pre_restart_table_counts(world: World, fake: FakeTelegram) -> None:
    """Slap! pressed on the table message sent before a quick restart counts."""
    hands = {"Alice": ["R0", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(zero_slap=True, slap_seconds=10)) as before:
        alice, bob, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await before.play(alice, "R0")
        board = before.table_message()
    world.clock.advance(1)
    async with world.running() as bot:
        table = again(before, bot)
        slap = await table.press(bob, Action.SLAP, board)
        assert slap.answered and not slap.show_alert
        assert bob.id in (await table.state()).slapped


async def test_a_slap_window_due_in_the_start_up_grace_shows_no_zero_seconds(
    world: World, fake: FakeTelegram
) -> None:
    """Down past the window's end, the bot gives the slaps queued meanwhile a grace before it closes the
    window: the table read "⏱ 0 s" then, as though slapping were over, while a slap still counted."""
    hands = {"Alice": ["R0", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(zero_slap=True, slap_seconds=5)) as before:
        alice, bob, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await before.play(alice, "R0")
        board = before.table_message()
    world.clock.advance(6)
    async with world.running() as bot:
        table = again(before, bot)
        lines = table.text().splitlines()
        line = next(at for at, line in enumerate(lines) if line.startswith("👋"))
        assert lines[line : line + 2] == ["👋 Slap! Still to slap:", "Alice, Bob and Carol"], lines
        slap = await table.press(bob, Action.SLAP, board)
        assert slap.answered and not slap.show_alert
        assert bob.id in (await table.state()).slapped


async def test_afk_timeouts_count_across_a_restart(world: World, fake: FakeTelegram) -> None:
    """missed turns before and after a restart add up to afk_limit (the turn running as the bot went down
    gets its time back first)."""
    async with playing(world, fake, Rules().changed(afk_limit=2)) as before:
        alice = before.people[0]
        await before.arrange({"Alice": ["Y1", "Y2"]}, top="R3", turn=alice)
        for _ in range(3):  # Alice, Bob, Carol each miss a turn
            await before.bot.tick(61)
        state = await before.state()
        assert state.afk.get(alice.id) == 1 and state.turn == alice.id
    world.clock.advance(120)
    async with world.running() as bot:
        await bot.tick(61)
        state = await again(before, bot).state()
        assert alice.id not in state.players


async def test_yes_on_a_stop_question_asked_before_the_restart_stops_the_game(
    world: World, fake: FakeTelegram
) -> None:
    """the /stop question is kept in memory only, but Yes after a restart still stops the game."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        question = await stop_question(bot, fake, group, alice)
    world.clock.advance(5)
    async with world.running() as bot:
        yes = stop_answer(question, yes=True)
        pressed = press(fake, alice, question, yes)
        await bot.clock.run(bot.deliver())
        assert pressed.answered and not pressed.show_alert
        assert await bot.rt.service.find(Place(group.id)) is None
        assert fake.messages[(group.id, question.message_id)].buttons == []


async def test_join_and_start_on_a_lobby_sent_before_the_restart(world: World, fake: FakeTelegram) -> None:
    """the lobby's Join and Start buttons work after a restart."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        for user in (alice, bob):
            fake.user_starts_bot(user)
        await bot.deliver()
        await open_lobby(bot, fake, group, alice, [])
        lobby = fake.last_bot_message(group)
    world.clock.advance(5)
    async with world.running() as bot:
        joined = press_action(fake, bob, lobby, Action.JOIN)
        await bot.deliver()
        assert joined.answered and not joined.show_alert
        started = press_action(fake, alice, fake.messages[(group.id, lobby.message_id)], Action.START)
        await bot.deliver()
        assert started.answered and not started.show_alert
        _, doc = await bot.game(group)
        assert doc.engine is not None
        assert hand_message(fake, bob).buttons


async def test_a_selection_on_the_pre_restart_keyboard_can_be_completed(
    world: World, fake: FakeTelegram
) -> None:
    """the selection travels in the buttons: choosing the next card on the old keyboard after a
    restart continues it, and Play plays both."""
    hands = {"Alice": ["R5", "B5", "G5", "Y9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(multi_play=True)) as before:
        alice = before.people[0]
        await before.arrange(hands, top="R3", turn=alice)
        state = await before.state()
        r5, g5 = (
            next(c for c in state.hands[alice.id] if state.card(c).code == code) for code in ("R5", "G5")
        )
        first = next(
            d for _, d in buttons(before.hand(alice)) if d.action is Action.SELECT and d.args[-1] == r5
        )
        await before.press_data(alice, first)
        second = next(
            d for _, d in buttons(before.hand(alice)) if d.action is Action.SELECT and d.args == (r5, g5)
        )
    world.clock.advance(5)
    async with world.running() as bot:
        table = again(before, bot)
        assert not (await table.press_data(alice, second)).show_alert
        play = next(d for text, d in buttons(table.hand(alice)) if text.startswith("Play "))
        assert not (await table.press_data(alice, play)).show_alert
        assert await table.codes(alice) == ["B5", "Y9"]
