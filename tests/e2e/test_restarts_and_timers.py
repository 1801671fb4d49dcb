"""Restarts and timers: "games survive any restart", a restart between any two steps, and deadlines that
pass while the bot is down."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from bot.engine.cards import Colour
from bot.engine.rules import PRESETS, Rules
from bot.engine.state import Pending
from bot.service import Place
from bot.service.computer import computers_catch
from bot.tg.callback_data import Action
from bot.tg.timers import STARTUP_GRACE_SECONDS
from tests.e2e.harness import World, buttons, hand_message, press, press_action
from tests.e2e.matches import deal, gather, open_lobby, stop_answer, stop_question
from tests.fake_bot_api import ApiError, FakeTelegram
from tests.rules_in_play.table import Table, playing


def _again(table: Table, bot: Any) -> Table:
    """The same table seen through the restarted bot."""
    return Table(bot, table.fake, table.group, table.people)


# ---- windows and pending decisions across a restart ----------------------------------------------------


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
        table = _again(before, bot)
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
        table = _again(before, bot)
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
        table = _again(before, bot)
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
        table = _again(before, bot)
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
        state = await _again(before, bot).state()
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
        state = await _again(before, bot).state()
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
        state = await _again(before, bot).state()
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
        state = await _again(before, bot).state()
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
        state = await _again(before, bot).state()
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
        state = await _again(before, bot).state()
        assert state.seq > seq and state.turn != -1


async def test_an_idle_lobby_closes_itself_after_a_restart(world: World, fake: FakeTelegram) -> None:
    """a lobby left idle closes itself though the bot was restarted meanwhile, its idle minutes standing still
    while the bot was down."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        await bot.tick(5 * 60)
    world.clock.advance(11 * 60)
    async with world.running() as bot:
        await bot.tick(4 * 60)
        assert await bot.rt.service.find(Place(group.id)) is not None  # idle 9 minutes of its 10
        await bot.tick(61)
        assert await bot.rt.service.find(Place(group.id)) is None
        assert "Join" not in str(fake.messages[(group.id, lobby.message_id)].button_texts)


async def test_seven_silence_is_kept_across_a_restart(world: World, fake: FakeTelegram) -> None:
    """the seven-silence holds after a restart: the first to post draws 4."""
    hands = {"Alice": ["R7", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(seven_silence=True)) as before:
        alice, bob, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await before.play(alice, "R7")
    world.clock.advance(3)
    async with world.running() as bot:
        table = _again(before, bot)
        fake.user_sends(bob, table.group, "ha!")
        await table.deliver()
        state = await table.state()
        assert len(state.hands[bob.id]) == 6 and state.silence_holder is None


async def test_a_seven_silence_a_crash_kept_off_the_table_binds_only_once_the_restart_shows_it(
    world: World, fake: FakeTelegram
) -> None:
    """The bot dies after Alice's 7 is committed but before any screen of Bob's or the group's shows the
    silence: Bob's message, written while the bot is down, costs him nothing (it cost him 4 cards); the
    silence holds from the start-up redraw on."""
    hands = {"Alice": ["R7", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(seven_silence=True)) as before:
        alice, bob, carol = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await _played_but_not_published(before, alice, "R7")
        assert "🤫 Until Alice moves" not in before.text()
    world.clock.advance(3)
    fake.user_sends(bob, before.group, "nice one")
    async with world.running() as bot:
        table = _again(before, bot)
        await table.deliver()
        assert len((await table.state()).hands[bob.id]) == 2 and "🤫 Until Alice moves" in table.text()
        await bot.tick(2)
        fake.user_sends(carol, table.group, "oops")
        await table.deliver()
        state = await table.state()
        assert len(state.hands[carol.id]) == 6 and state.silence_holder is None


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
        state = await _again(before, bot).state()
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
        table = _again(before, bot)
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
        table = _again(before, bot)
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
        state = await _again(before, bot).state()
        assert alice.id not in state.players


# ---- the /stop question, lobby buttons --------------------------------------------------------------------


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


async def _handled_but_not_published(bot: Any) -> None:
    """The bot handles the pending updates (the moves are committed) and then dies while its next new
    message waits out a flood limit (429, retry after 30 s): what a crash right after a press leaves."""
    bot.fake.fail_next("sendMessage", ApiError(429, "Too Many Requests", {"retry_after": 30}))
    for update in await bot.app.bot.get_updates(offset=bot.offset, timeout=0):
        bot.offset = update.update_id + 1
        await bot.app.process_update(update)


async def _played_but_not_published(table: Table, user: Any, code: str) -> None:
    """`user` plays `code`; the bot commits the move and dies before publishing it."""
    data = await table.card_button(user, code)
    assert data is not None
    press(table.fake, user, table.hand(user), data)
    await _handled_but_not_published(table.bot)


async def test_the_next_player_is_told_their_turn_when_a_crash_cut_that_message_off(
    world: World, fake: FakeTelegram
) -> None:
    """the bot dies after Alice's move is committed but before Bob's new hand message (the one that notifies
    him) is sent: start-up sends it in place of the old one; an edit of the old one would not tell him."""
    hands = {"Alice": ["R5", "B9", "B7"], "Bob": ["Y1", "Y2", "R1"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, bob, carol = before.people
        await before.arrange(hands, top="R3", turn=alice)
        old_bob, old_carol = before.hand(bob), before.hand(carol)
        await _played_but_not_published(before, alice, "R5")
        assert hand_message(fake, bob).message_id == old_bob.message_id  # the crash cut it off
    world.clock.advance(1)
    async with world.running():
        told = hand_message(fake, bob)
        assert told.message_id != old_bob.message_id and Action.PLAY in {d.action for _, d in buttons(told)}
        assert (old_bob.chat.id, old_bob.message_id) not in fake.messages  # replaced, not left behind
        assert hand_message(fake, carol).message_id == old_carol.message_id  # not her turn: an edit


async def test_a_turn_a_crash_kept_untold_gets_its_whole_time_after_the_restart(
    world: World, fake: FakeTelegram
) -> None:
    """The crash cuts off the message telling Bob it is his turn, and the bot is down longer than a turn:
    told at start-up, Bob has the whole turn from then on, as his hand and the table show. (He was told of
    his turn and timed out 10 s later, counted a missed turn, for a turn nobody had shown him.)"""
    hands = {"Alice": ["R5", "B9", "B7"], "Bob": ["Y1", "Y2", "R1"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, bob, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await _played_but_not_published(before, alice, "R5")
    assert fake.take_injected_error("sendMessage", None) is not None  # the 429 the crash left unsent
    world.clock.advance(120)
    deadline = int(world.clock() * 1000) + 60_000  # a whole turn from start-up
    async with world.running() as bot:
        table = _again(before, bot)
        assert (await table.state()).turn_deadline == deadline
        for shown in (table.hand(bob), table.table_message()):
            assert [e["unix_time"] for e in shown.entities if e["type"] == "date_time"] == [deadline // 1000]
        await bot.tick(deadline / 1000 - bot.clock() - 1)
        state = await table.state()
        assert state.turn == bob.id and bob.id not in state.afk
        await bot.tick(2)
        assert (await table.state()).afk.get(bob.id) == 1  # the turn's time is kept all the same


async def test_a_restart_with_every_turn_told_only_edits_the_hands(world: World, fake: FakeTelegram) -> None:
    """healing after a clean stop edits the hands in place: nobody gets a new message for a turn they
    were told of already."""
    hands = {"Alice": ["R5", "B9", "B7"], "Bob": ["Y1", "Y2", "R1"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, _, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await before.play(alice, "R5")
        shown = {user.id: hand_message(fake, user).message_id for user in before.people}
    world.clock.advance(1)
    async with world.running():
        assert {user.id: hand_message(fake, user).message_id for user in before.people} == shown


def _posted(fake: FakeTelegram, table: Table, text: str) -> int:
    """How many of the bot's messages in the group say `text`."""
    return sum(text in (message.text or "") for message in fake.bot_messages_in(table.group))


async def test_a_round_result_a_crash_kept_from_the_group_is_posted_at_start_up(
    world: World, fake: FakeTelegram
) -> None:
    """the bot dies after Alice's winning move is committed but before the round's result is posted: start-up
    posts it, once (a later restart does not post it again)."""
    hands = {"Alice": ["R5"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, _, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await _played_but_not_published(before, alice, "R5")
        assert (await before.state()).round_over
        assert _posted(fake, before, "Round 1: Alice wins!") == 0  # the crash cut it off
    for _ in range(2):
        world.clock.advance(1)
        async with world.running():
            assert _posted(fake, before, "Round 1: Alice wins!") == 1


async def test_a_round_result_the_group_refused_is_posted_at_start_up(
    world: World, fake: FakeTelegram
) -> None:
    """Telegram refused the round's result in the group: it stays owed (not marked posted), and start-up
    posts it."""
    hands = {"Alice": ["R5"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, _, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        fake.fail_next(
            "sendMessage", ApiError(400, "Bad Request: message is too long"), chat_id=before.group.id
        )
        await before.play(alice, "R5")
        assert _posted(fake, before, "Round 1: Alice wins!") == 0
    world.clock.advance(1)
    async with world.running():
        assert _posted(fake, before, "Round 1: Alice wins!") == 1


async def test_a_match_result_a_crash_kept_from_the_group_is_posted_at_start_up(
    world: World, fake: FakeTelegram
) -> None:
    """the same for the round that ends the match: the game has finished, and its results still come."""
    hands = {"Alice": ["R5"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, _, _ = before.people
        await before.head_start(495)
        await before.arrange(hands, top="R3", turn=alice)
        await _played_but_not_published(before, alice, "R5")
        assert (await before.bot.rt.service.find(Place(before.group.id))) is None  # finished
    world.clock.advance(1)
    async with world.running():
        assert _posted(fake, before, "Round 1: Alice wins!") == 1
        assert _posted(fake, before, "Alice wins the match!\n\nStandings:") == 1


async def test_results_posted_at_start_up_list_equal_totals_in_seat_order(
    world: World, fake: FakeTelegram
) -> None:
    """As they are listed when posted at once. PostgreSQL keeps the stored results' totals in an order of its
    own (a computer's id first): the order of equal totals must not come from there."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob"), computers=1) as before:
        alice, _ = before.people
        _, doc = await before.bot.game(before.group)
        computer = doc.players[-1]  # seated after the people
        await before.head_start(495)
        await before.arrange(
            {"Alice": ["R5"], "Bob": ["Y1", "Y2"], computer: ["G1", "G2"]}, top="R3", turn=alice
        )
        await _played_but_not_published(before, alice, "R5")
    world.clock.advance(1)
    async with world.running():
        posted = (fake.last_bot_message(before.group).text or "").replace("\u00a0", " ")  # between figures
    assert "Bob: 3 in hand · total 495\n🤖 Computer 1: 3 in hand" in posted, posted
    assert "\n🥈 Bob: 495\n🥈 🤖 Computer 1: 495\n" in posted, posted


async def test_a_stopped_match_s_standings_a_crash_kept_from_the_group_are_posted_at_start_up(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        question = await stop_question(bot, fake, group, alice)
        press(fake, alice, question, stop_answer(question, yes=True))
        await _handled_but_not_published(bot)
        assert await bot.rt.service.find(Place(group.id)) is None
    stopped = sum("⏹ Standings:" in (m.text or "") for m in fake.bot_messages_in(group))
    for _ in range(2):
        world.clock.advance(1)
        async with world.running():
            now = sum("⏹ Standings:" in (m.text or "") for m in fake.bot_messages_in(group))
            assert now == stopped + 1


async def test_a_round_result_posted_before_a_restart_is_not_posted_again(
    world: World, fake: FakeTelegram
) -> None:
    hands = {"Alice": ["R5"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, _, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await before.play(alice, "R5")
        assert _posted(fake, before, "Round 1: Alice wins!") == 1
    world.clock.advance(1)
    async with world.running():
        assert _posted(fake, before, "Round 1: Alice wins!") == 1


async def _redraw_queued_before_the_publish_of(table: Table, pressing: Callable[[], object]) -> None:
    """A redraw of the game (as a restart's healing, a language change or a deleted table ask for) waits
    for a publish still running; meanwhile `pressing` presses a button (a card, a /stop's Yes), so that the
    change's publish queues behind the redraw, which therefore reads the game after the change."""
    record, _ = await table.bot.game(table.group)
    publisher = table.bot.rt.publishing
    running = publisher._lock(record.id)  # what a publish in progress holds
    await running.acquire()
    redraw = asyncio.create_task(publisher.refresh(record.id))
    await asyncio.sleep(0)
    pressing()
    for update in await table.bot.app.bot.get_updates(offset=table.bot.offset, timeout=0):
        table.bot.offset = update.update_id + 1
        await table.bot.clock.run(table.bot.app.process_update(update))  # committed, publish queued
    running.release()
    await table.bot.clock.run(redraw)
    await table.bot.settle()


async def _card_played(table: Table, user: Any, code: str) -> Callable[[], object]:
    """`user`'s press of their card `code`, to be made."""
    data = await table.card_button(user, code)
    assert data is not None
    return lambda: press(table.fake, user, table.hand(user), data)


async def test_a_redraw_between_a_move_and_its_publish_posts_the_result_once(
    world: World, fake: FakeTelegram
) -> None:
    """(found by a review of the restart work) the redraw posts the result it finds owed; the move's own
    publish must not post it again."""
    hands = {"Alice": ["R5"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as table:
        alice, _, _ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await _redraw_queued_before_the_publish_of(table, await _card_played(table, alice, "R5"))
        assert _posted(fake, table, "Round 1: Alice wins!") == 1


async def test_a_redraw_between_a_move_and_its_publish_tells_the_next_player_once(
    world: World, fake: FakeTelegram
) -> None:
    hands = {"Alice": ["R5", "B9", "B7"], "Bob": ["Y1", "Y2", "R1"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        sent = len(fake.calls_to("sendMessage"))
        await _redraw_queued_before_the_publish_of(table, await _card_played(table, alice, "R5"))
        to_bob = [
            c for c in fake.calls_to("sendMessage")[sent:] if str(c.params.get("chat_id")) == str(bob.id)
        ]
        assert len(to_bob) == 1


async def test_a_redraw_between_a_stop_and_its_publish_posts_the_standings_once(
    world: World, fake: FakeTelegram
) -> None:
    """The redraw posts the stopped match's standings it finds owed; the stop's own publish must not post
    them again."""
    hands = {"Alice": ["R5", "B9", "B7"], "Bob": ["Y1", "Y2", "R1"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as table:
        alice, _, _ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        question = await stop_question(table.bot, fake, table.group, alice)
        yes = stop_answer(question, yes=True)
        await _redraw_queued_before_the_publish_of(table, lambda: press(fake, alice, question, yes))
        assert await table.bot.rt.service.find(Place(table.group.id)) is None
        assert _posted(fake, table, "⏹ Standings:") == 1


# ---- restarts in a row ----------------------------------------------------------------------------------


async def test_two_quick_restarts_leave_a_playable_game(world: World, fake: FakeTelegram) -> None:
    """the first restart dies before healing anything; the second heals and re-arms everything."""
    hands = {"Alice": ["R5", "B9", "B7"], "Bob": ["Y1", "Y2", "R1"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, bob, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await _played_but_not_published(before, alice, "R5")
    world.clock.advance(1)
    async with world.running(settled=False):
        pass
    world.clock.advance(1)
    async with world.running() as bot:
        table = _again(before, bot)
        assert Action.PLAY in table.actions(bob) and "R5" not in await table.codes(alice)
        await bot.tick(61)  # Bob's turn deadline is armed
        assert (await table.state()).turn != bob.id


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
        table = _again(before, bot)
        assert not (await table.press_data(alice, second)).show_alert
        play = next(d for text, d in buttons(table.hand(alice)) if text.startswith("Play "))
        assert not (await table.press_data(alice, play)).show_alert
        assert await table.codes(alice) == ["B5", "Y9"]


async def test_the_slap_countdown_goes_on_after_a_restart(world: World, fake: FakeTelegram) -> None:
    """the slap window's countdown on the table is re-armed at start-up."""
    hands = {"Alice": ["R0", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(zero_slap=True, slap_seconds=10)) as before:
        alice = before.people[0]
        await before.arrange(hands, top="R3", turn=alice)
        await before.play(alice, "R0")
    world.clock.advance(2)
    async with world.running() as bot:
        table = _again(before, bot)
        shown = []
        for _ in range(3):
            found = re.search(r"Slap! ⏱ (\d+)\u00a0s", table.text())
            shown.append(int(found.group(1)) if found else None)
            await bot.tick(1)
        assert shown[0] is not None and shown == [shown[0] - step for step in range(3)], shown


async def test_a_slow_turn_is_still_reminded_after_a_restart(world: World, fake: FakeTelegram) -> None:
    """the "time running out" redraw 20 s before the deadline is re-armed at start-up."""
    async with playing(world, fake, Rules()) as before:
        alice = before.people[0]
        await before.arrange({"Alice": ["Y1", "Y2"]}, top="R3", turn=alice)
        await before.bot.tick(5)
    world.clock.advance(5)  # (too short a time to give back)
    async with world.running() as bot:
        table = _again(before, bot)
        assert "⏱ Time's up in 50\u00a0s" in (table.hand(alice).text or "")
        await bot.tick(31)
        assert "⏱ Time's up in 20\u00a0s" in (table.hand(alice).text or ""), table.hand(alice).text


async def test_a_turn_whose_time_ran_out_while_down_shows_no_time_left_while_it_still_takes_a_move(
    world: World, fake: FakeTelegram
) -> None:
    """The bot is down past Alice's deadline (too short a time to give back): start-up redraws her turn,
    which takes a move until the grace ends. The table and her hand said "⏱ in 0 s" (and, read by the app,
    "1 minute ago"); now they say no time at all."""
    async with playing(world, fake, Rules()) as before:
        alice = before.people[0]
        await before.arrange({"Alice": ["R1", "Y2"]}, top="R3", turn=alice)
        await before.bot.tick(55)
    world.clock.advance(8)
    async with world.running() as bot:
        table = _again(before, bot)
        assert (await table.state()).turn == alice.id
        for shown in (table.table_message(), table.hand(alice)):
            assert "⏱" not in (shown.text or "")
            assert not [e for e in shown.entities if e["type"] == "date_time"]
        assert "Turn: Alice" in table.text()
        await table.play(alice, "R1")
        state = await table.state()
        assert len(state.hands[alice.id]) == 1 and alice.id not in state.afk


async def test_a_turn_due_within_the_start_up_grace_shows_the_graces_end_when_it_runs_out(
    world: World, fake: FakeTelegram
) -> None:
    """The bot stopped for a few seconds (too short a time to give back) with Alice's turn running out 4 s
    after start-up, but no deadline fires in the grace's 10 s. The table and her hand show the grace's end,
    and the turn runs out then, not before. Before: they showed the turn's own end (the moment each app
    counts down to), and the turn still took a move for 6 s after it."""
    async with playing(world, fake, Rules()) as before:
        alice = before.people[0]
        await before.arrange({"Alice": ["R1", "Y2"]}, top="R3", turn=alice)
        deadline = (await before.state()).turn_deadline
        assert deadline is not None
        await before.bot.tick(deadline / 1000 - before.bot.clock() - 10)
    down = deadline / 1000 - world.clock() - 4
    assert 0 < down < 10  # (a restart of 10 s or more gives the time back)
    world.clock.advance(down)
    async with world.running() as bot:
        table = _again(before, bot)
        ends = set()
        for shown in (table.table_message(), table.hand(alice)):
            assert "⏱ Time's up in 10\u00a0s" in (shown.text or ""), shown.text
            ends |= {e["unix_time"] for e in shown.entities if e["type"] == "date_time"}
        (end,) = ends  # the table's and the hand's
        await bot.tick(end - bot.clock() - 1)
        assert alice.id not in (await table.state()).afk
        await bot.tick(2)
        assert (await table.state()).afk == {alice.id: 1}


async def test_no_on_a_stop_question_of_a_game_that_closed_during_the_restart_does_not_say_it_goes_on(
    world: World, fake: FakeTelegram
) -> None:
    """What a user sees: Alice asked /stop in an open lobby and the bot went down; the idle lobby closed
    itself at start-up. Alice presses "No" on the old question: the question turns into "The game goes on."
    though there is no game any more. Should: a clear refusal (no game), as "Yes" gives, not a false claim."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        await bot.tick(60)
        question = await stop_question(bot, fake, group, alice)
        no = stop_answer(question, yes=False)
        await bot.tick(9 * 60 - 5)
    # the lobby idle for 10 minutes as the bot is down (too short a time to give back), the question
    # unanswered for less (then it goes: bot.tg.fleeting)
    world.clock.advance(8)
    async with world.running() as bot:
        await bot.tick(STARTUP_GRACE_SECONDS)
        assert await bot.rt.service.find(Place(group.id)) is None  # the lobby closed itself
        pressed = press(fake, alice, question, no)
        await bot.clock.run(bot.deliver())
        assert pressed.answered
        shown = fake.messages[(group.id, question.message_id)].text
        assert shown != "The game goes on.", "the question claims a game goes on that is closed"


async def test_a_countdown_read_before_a_move_does_not_put_the_older_table_back(
    world: World, fake: FakeTelegram
) -> None:
    """A window's countdown read the game, then waited for the publishing lock while a move was published:
    its redraw must not replace (nor drop) the newer table."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        alice, bob = table.people
        await table.arrange({"Alice": ["R5", "B9"], "Bob": ["G1", "G2", "G3"]}, top="R3", turn=alice)
        await table.play(alice, "R5")  # no UNO!: the catch window counts down
        before = await table.bot.game(table.group)
        assert alice.id in before[1].state.catchable
        await table.press(bob, Action.DRAW)  # Bob begins his turn: the window closes, the table changes
        await table.bot.tick(10)
        newer = table.text()
        assert "Bob draws 1 card and passes." in newer
        await table.bot.rt.publishing.countdown(*before)  # the countdown that waited
        await table.bot.tick(10)
        assert table.text() == newer


# ---- a match nobody moves in (no turn timer) -------------------------------------------------------------

IDLE_WARNING = (
    "⏳ Bob, your move: nobody has moved for 50 minutes, and without a move the game stops in 10 minutes,"
    " as a loss for you."
)


def _said(fake: FakeTelegram, table: Table, text: str) -> list[str]:
    return [m.text or "" for m in fake.bot_messages_in(table.group) if text in (m.text or "")]


async def test_a_match_nobody_moves_in_is_warned_once_before_it_is_stopped(
    world: World, fake: FakeTelegram
) -> None:
    """With the turn timer off an hour without a move stops the match: it came without a warning."""
    async with playing(world, fake, Rules().changed(turn_seconds=0)) as table:
        bob = table.people[1]
        await table.arrange({"Alice": ["R1"], "Bob": ["G5"], "Carol": ["B7"]}, top="R3", turn=bob)
        await table.bot.tick(49 * 60)
        assert _said(fake, table, "⏳") == []
        await table.bot.tick(60)
        assert _said(fake, table, "⏳") == [IDLE_WARNING]
        warning = fake.last_bot_message(table.group)
        assert [e.get("url") for e in warning.entities] == [f"tg://user?id={bob.id}"]  # it notifies Bob
        await table.bot.tick(9 * 60)
        assert _said(fake, table, "⏳") == [IDLE_WARNING] and _said(fake, table, "nobody moved") == []
        await table.bot.tick(60)
        assert len(_said(fake, table, "nobody moved for an hour")) == 1


IDLE_WARNING_RU = (
    "⏳ Bob, ваш ход: уже 50 минут никто не ходит. Без хода через 10 минут игра остановится, и вам"
    " засчитается поражение."
)


@pytest.mark.parametrize(
    ("language", "warning", "button", "once_reachable"),
    [
        (
            "en",
            "⏳ Nobody has moved for 50 minutes, and without a move the game stops in 10 minutes, as a loss"
            " for the player to move. Bob is to move but can't get their cards from me: the host"
            " or an admin can remove them with /kick Bob, or they can open the chat with me and"
            " press “Restart” (or “Перезапустить”):",
            "Open the chat with me",
            IDLE_WARNING,
        ),
        (
            "ru",
            "⏳ Уже 50 минут никто не ходит. Без хода через 10 минут игра остановится, и поражение"
            " засчитается тому, чей ход. Сейчас ход игрока Bob, но я не могу прислать этому игроку карты:"
            " ведущий игры или администратор чата может убрать его командой /kick Bob, или этот игрок может"  # noqa: RUF001
            " открыть чат со мной и нажать «Перезапустить» (или «Restart»):",  # noqa: RUF001
            "Открыть чат со мной",  # noqa: RUF001
            IDLE_WARNING_RU,
        ),
    ],
    ids=["en", "ru"],
)
async def test_the_idle_warning_to_a_player_who_blocked_the_bot_says_how_the_game_can_go_on(
    world: World, fake: FakeTelegram, language: str, warning: str, button: str, once_reachable: str
) -> None:
    """Bob cannot move without his cards, so "your move" would ask the impossible: the warning names the
    remedies instead (his Start, or a /kick), with the button to the private chat, and still notifies him.
    (Session 60) Once he pressed Restart it still said he couldn't get his cards: it reads "your move" now."""
    rules = Rules().changed(turn_seconds=0)
    async with playing(world, fake, rules, names=("Alice", "Bob", "Carol"), language=language) as table:
        bob = table.people[1]
        await table.arrange({"Alice": ["R1"], "Bob": ["G5"], "Carol": ["B7"]}, top="R3", turn=bob)
        fake.user_blocks_bot(bob)
        await table.deliver()
        await table.bot.tick(50 * 60)
        assert _said(fake, table, "⏳") == [warning]
        said, (record, _) = fake.last_bot_message(table.group), await table.bot.game(table.group)
        opening = f"https://t.me/uno_test_bot?start=hand_{record.id}"
        assert said.buttons == [[{"text": button, "url": opening}]]
        assert [e["url"] for e in said.entities if "url" in e] == [f"tg://user?id={bob.id}"]
        fake.user_starts_bot(bob)
        await table.deliver()
        await table.bot.tick(30)  # its edit goes out
        now = fake.messages[(table.group.id, said.message_id)]
        assert now.text == once_reachable and not now.buttons


@pytest.mark.parametrize(
    ("language", "told"),
    [
        ("en", "but can't get their cards from me: a chat admin can remove them with /kick Alice,"),
        ("ru", "этому игроку карты: администратор чата может убрать его командой /kick Alice,"),  # noqa: RUF001
    ],
    ids=["en", "ru"],
)
async def test_the_idle_warning_to_a_host_who_blocked_the_bot_leaves_their_removal_to_a_chat_admin(
    world: World, fake: FakeTelegram, language: str, told: str
) -> None:
    """(transcript read, session 51) the warning said "the host or an admin can remove them with /kick
    Alice" of Alice, the host herself."""
    rules = Rules().changed(turn_seconds=0)
    async with playing(world, fake, rules, names=("Alice", "Bob", "Carol"), language=language) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["R1"], "Bob": ["G5"], "Carol": ["B7"]}, top="R3", turn=alice)
        fake.user_blocks_bot(alice)
        await table.deliver()
        await table.bot.tick(50 * 60)
        assert told in (fake.last_bot_message(table.group).text or "")


async def test_a_restart_moves_the_idle_warning_with_the_stop(world: World, fake: FakeTelegram) -> None:
    """The hour starts again at a restart (nobody could move meanwhile): the warning comes again before the
    stop it warns of, not before the one that no longer happens, and replaces the one before the restart,
    which named that stop (both stayed till the stop)."""
    async with playing(world, fake, Rules().changed(turn_seconds=0)) as before:
        bob = before.people[1]
        await before.arrange({"Alice": ["R1"], "Bob": ["G5"], "Carol": ["B7"]}, top="R3", turn=bob)
        await before.bot.tick(50 * 60)
        assert _said(fake, before, "⏳") == [IDLE_WARNING]
        await before.bot.tick(5 * 60)
    world.clock.advance(1)
    async with world.running() as bot:
        table = _again(before, bot)
        await bot.tick(49 * 60)
        assert _said(fake, table, "⏳") == [IDLE_WARNING] and _said(fake, table, "nobody moved") == []
        await bot.tick(60)
        assert _said(fake, table, "⏳") == [IDLE_WARNING.replace("for 50", "for 105")]
        await bot.tick(10 * 60)
        assert len(_said(fake, table, "nobody moved for an hour")) == 1
