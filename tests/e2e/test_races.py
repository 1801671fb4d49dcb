"""Presses at the same moment: exactly one counts, and whoever came second reads who was first. Catches,
UNO! calls and slaps raced, and a catch whose window a move closed.

A card or a jump-in that lost the race for the turn is in test_races_for_the_turn."""

from __future__ import annotations

import pytest

from bot.engine.rules import JumpIn, Rules
from bot.tg.callback_data import Action
from bot.tg.twin_presses import TWIN_MS
from tests.e2e.harness import World, buttons, press, press_action
from tests.fake_bot_api import FakeTelegram
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing

# Alice plays her R1 without calling UNO!: Bob and Carol may catch her.
BEFORE_THE_CATCH = {"Alice": ["R1", "R2"], "Bob": ["G7", "B8", "Y1"], "Carol": ["G4", "B9", "Y2"]}


async def _catchable_alice(table: Table) -> None:
    alice = table.people[0]
    await table.arrange(BEFORE_THE_CATCH, top="R5", turn=alice)
    await table.play(alice, "R1")


@pytest.mark.parametrize(
    ("language", "told"),
    [("en", "Too late: {} caught Alice first."), ("ru", "Поздно: игрок {} уже поймал игрока Alice.")],
)
async def test_the_second_of_two_catches_reads_who_caught_first(
    world: World, fake: FakeTelegram, language: str, told: str
) -> None:
    """Bob and Carol press Catch! together: the one who lost read "Nobody can be caught now." while the table
    they pressed showed Alice catchable. In Russian it read «Поздно: игрока Alice уже ловит Bob.», as if the
    catch were still going on (session 54)."""
    async with playing(world, fake, Rules(), language=language) as table:
        alice, bob, carol = table.people
        await _catchable_alice(table)
        shown = table.table_message()
        catches = {user.first_name: press_action(fake, user, shown, Action.CATCH) for user in (bob, carol)}
        await table.bot.deliver_at_once()
        (first,) = [name for name, query in catches.items() if not query.show_alert]
        (second,) = [query for query in catches.values() if query.show_alert]
        assert second.answer_text == told.format(first)
        assert len(await table.codes(alice)) == 1 + Rules().uno_penalty  # caught once


async def test_a_second_catch_by_the_one_who_caught_does_not_read_that_they_were_beaten(
    world: World, fake: FakeTelegram
) -> None:
    """Bob caught Alice, then pressed the same Catch! again, too late to be a twin of the first (answered
    without a word): nobody caught her before him, so nobody is named as first."""
    async with playing(world, fake, Rules()) as table:
        bob = table.people[1]
        await _catchable_alice(table)
        shown = table.table_message()
        catch = next(data for _, data in buttons(shown) if data.action is Action.CATCH)
        press(fake, bob, shown, catch)
        await table.deliver()
        await table.bot.tick(TWIN_MS / 1000 + 1)
        again = press(fake, bob, shown, catch)
        await table.deliver()
        assert (again.show_alert, again.answer_text) == (True, "Nobody can be caught now.")


async def test_a_catch_pressed_twice_at_once_is_answered_without_a_word(
    world: World, fake: FakeTelegram
) -> None:
    """The second tap of a double tap is a twin of the catch that counted: the first one's answer says how it
    went, not "Nobody can be caught now" after it."""
    async with playing(world, fake, Rules()) as table:
        bob = table.people[1]
        await _catchable_alice(table)
        shown = table.table_message()
        catch = next(data for _, data in buttons(shown) if data.action is Action.CATCH)
        first = press(fake, bob, shown, catch)
        await table.deliver()
        twin = press(fake, bob, shown, catch)
        await table.deliver()
        assert not first.show_alert and first.answer_text
        assert twin.answered and (twin.show_alert, twin.answer_text) == (False, None)


@pytest.mark.parametrize(
    ("language", "told"),
    [("en", "🎯 You caught Alice without UNO!"), ("ru", "🎯 Вы поймали игрока Alice без «УНО!».")],  # noqa: RUF001
)
async def test_the_first_catch_is_told_at_once(
    world: World, fake: FakeTelegram, language: str, told: str
) -> None:
    """The one whose catch counted read nothing until the table's edit came, seconds later in a busy group,
    while the one who lost the race was told at once."""
    async with playing(world, fake, Rules(), language=language) as table:
        bob = table.people[1]
        await _catchable_alice(table)
        caught = press_action(fake, bob, table.table_message(), Action.CATCH)
        await table.bot.deliver_at_once()
        assert not caught.show_alert and caught.answer_text == told


@pytest.mark.parametrize("on_hands", [False, True], ids=["on the table", "on their hands"])
@pytest.mark.parametrize(
    ("language", "called", "slapped"),
    [
        ("en", "📣 You called UNO! Nobody can catch you now.", "👋 You slapped."),
        ("ru", "📣 Вы сказали «УНО!»: теперь вас не поймать.", "👋 Вы хлопнули."),  # noqa: RUF001
    ],
)
async def test_an_uno_call_or_a_slap_is_told_at_once(
    world: World, fake: FakeTelegram, language: str, called: str, slapped: str, on_hands: bool
) -> None:
    """Alice's UNO! on the table, raced by catchers, and the first slaps of a zero were answered with
    nothing: the table saying so came with its next edit, seconds later in a busy group (a slap window
    lasts 5 s), while a catch, or a press that lost, was told at once. Pressed on the hand in private
    (found by a reader of a whole game, session 50), they were answered with nothing still: the hand only
    lost its button, and the group's table narrated the call later."""
    rules = Rules(zero_slap=True, slap_seconds=5)
    async with playing(world, fake, rules, language=language) as table:
        alice, bob, _ = table.people
        await table.arrange({**BEFORE_THE_CATCH, "Alice": ["R0", "R2"]}, top="R5", turn=alice)
        await table.play(alice, "R0")  # one card left without UNO!, and a zero to slap
        call = press_action(fake, alice, table.hand(alice) if on_hands else table.table_message(), Action.UNO)
        slap = press_action(fake, bob, table.hand(bob) if on_hands else table.table_message(), Action.SLAP)
        await table.bot.deliver_at_once()
        assert (call.show_alert, call.answer_text) == (False, called)
        assert (slap.show_alert, slap.answer_text) == (False, slapped)
        state = await table.state()
        assert alice.id in state.uno_called and bob.id in state.slapped


@pytest.mark.parametrize(
    ("language", "told"),
    [("en", "Too late: Alice called UNO! first."), ("ru", "Поздно: игрок Alice уже сказал «УНО!».")],  # noqa: RUF001
)
async def test_a_catch_that_came_after_the_uno_call_reads_that_the_call_was_first(
    world: World, fake: FakeTelegram, language: str, told: str
) -> None:
    """Alice presses UNO! as Bob presses Catch!: Bob read "Nobody can be caught now." with no word of why."""
    async with playing(world, fake, Rules(), language=language) as table:
        alice, bob, _ = table.people
        await _catchable_alice(table)
        shown = table.table_message()
        call = press_action(fake, alice, shown, Action.UNO)
        catch = press_action(fake, bob, shown, Action.CATCH)
        await table.bot.deliver_at_once()
        assert not call.show_alert
        assert catch.show_alert and catch.answer_text == told
        assert await table.codes(alice) == ["R2"]


async def test_an_uno_call_that_came_after_the_catch_reads_who_caught(
    world: World, fake: FakeTelegram
) -> None:
    """Bob presses Catch! as Alice presses UNO!: she read only that the UNO! window had closed."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        await _catchable_alice(table)
        shown = table.table_message()
        catch = press_action(fake, bob, shown, Action.CATCH)
        call = press_action(fake, alice, shown, Action.UNO)
        await table.bot.deliver_at_once()
        assert not catch.show_alert
        assert call.show_alert and call.answer_text == "Too late: Bob caught you first."
        assert len(await table.codes(alice)) == 1 + Rules().uno_penalty


async def test_a_catch_after_the_next_player_called_and_played_reads_that_its_target_escaped(
    world: World, fake: FakeTelegram
) -> None:
    """Bob calls UNO! right before his card, one line of the table ("Bob calls UNO! and plays 🟥 7."): Carol's
    Catch! of Alice, pressed on the table before it, reads that Alice escaped, not that Bob called first."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, carol = table.people
        await table.arrange({**BEFORE_THE_CATCH, "Bob": ["R7", "B8"]}, top="R5", turn=alice)
        await table.play(alice, "R1")
        (catch_alice,) = [data for _, data in buttons(table.table_message()) if data.action is Action.CATCH]
        await table.press(bob, Action.UNO)
        await table.play(bob, "R7")
        assert "\n• Bob calls UNO! and plays 🟥 7." in table.text()
        catch = await table.press_data(carol, catch_alice, table.table_message())
        assert catch.show_alert and catch.answer_text == "Too late: Alice can't be caught any more."


async def test_a_catch_or_an_uno_call_beaten_by_a_catch_that_a_move_followed_reads_who_caught(
    world: World, fake: FakeTelegram
) -> None:
    """Bob caught Alice and played his card before Carol's Catch! and Alice's UNO!, pressed on the table
    showing her catchable, reached the bot (a flooded forum holds presses seconds): the toasts read only the
    newest line, Bob's card, and said "Nobody can be caught now." and "Too late: the UNO! window has
    closed." (session 54)."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, carol = table.people
        await table.arrange({**BEFORE_THE_CATCH, "Bob": ["R7", "B8", "Y1"]}, top="R5", turn=alice)
        await table.play(alice, "R1")
        shown = table.table_message()
        catch, uno = (
            next(data for _, data in buttons(shown) if data.action is action)
            for action in (Action.CATCH, Action.UNO)
        )
        await table.press(bob, Action.CATCH, shown)
        await table.play(bob, "R7")
        late_catch = await table.press_data(carol, catch, shown)
        late_call = await table.press_data(alice, uno, shown)
        assert late_catch.show_alert and late_catch.answer_text == "Too late: Bob caught Alice first."
        assert late_call.show_alert and late_call.answer_text == "Too late: Bob caught you first."


@pytest.mark.parametrize("caller", ["Alice", "Carol"], ids=["her own call", "the next player's call"])
async def test_a_catch_whose_window_a_move_closed_reads_its_target_escaped_not_a_call_after_the_move(
    world: World, fake: FakeTelegram, caller: str
) -> None:
    """Bob's card closed Alice's catch window before Dave's Catch! reached the bot, and an UNO! call came
    after it (Alice's own, with her one card, or Carol's, on her turn with two): Dave read "Too late: Alice
    (or Carol) called UNO! first.", the newest line, not what closed his window (session 54)."""
    names = ("Alice", "Bob", "Carol", "Dave")
    async with playing(world, fake, Rules(), names=names) as table:
        alice, bob, _, dave = table.people
        hands = {**BEFORE_THE_CATCH, "Bob": ["R7", "B8", "Y1"], "Carol": ["R4", "B9"], "Dave": ["G5", "B6"]}
        await table.arrange(hands, top="R5", turn=alice)
        await table.play(alice, "R1")
        shown = table.table_message()
        (catch,) = [data for _, data in buttons(shown) if data.action is Action.CATCH]
        await table.play(bob, "R7")
        await table.press(next(user for user in table.people if user.first_name == caller), Action.UNO)
        late = await table.press_data(dave, catch, shown)
        assert late.show_alert and late.answer_text == "Too late: Alice can't be caught any more."


async def test_uno_tapped_after_a_jump_in_or_ones_own_draw_says_why_not_that_a_window_closed(
    world: World, fake: FakeTelegram
) -> None:
    """Alice holds two cards on her turn and taps UNO! a moment after Carol jumped in on her turn (or after
    her own Draw): she read "Too late: the UNO! window has closed.", though no window was ever open on her."""
    names = ("Alice", "Bob", "Carol", "Dave")  # after Carol's jump-in Dave moves, not Alice
    async with playing(world, fake, Rules(jump_in=JumpIn.ON), names=names) as table:
        alice, _, carol, _ = table.people
        hands = {"Alice": ["B1", "G2"], "Bob": ["R6", "G7", "B8"], "Carol": ["B5", "G4", "B9"]}
        for jumped_in in (True, False):
            await table.arrange(hands, top="B5", turn=alice, draw_next=["Y3"])
            shown = table.hand(alice)
            uno = next(data for _, data in buttons(shown) if data.action is Action.UNO)
            if jumped_in:
                await table.play(carol, "B5")
            else:
                press_action(fake, alice, shown, Action.DRAW)
            late = press(fake, alice, shown, uno)
            await table.bot.deliver_at_once()
            assert late.show_alert and late.answer_text == (
                "Too late: Carol jumped in first. Use the newest message."
                if jumped_in
                else "UNO! is called with two cards on your turn, before playing one of them, or with one"
                " card."
            )
            assert alice.id not in (await table.state()).uno_called


@pytest.mark.parametrize("double_tap", [True, False], ids=["a double tap", "on the table after the hand"])
async def test_slap_pressed_again_by_the_last_to_slap_reads_that_they_slapped(
    world: World, fake: FakeTelegram, double_tap: bool
) -> None:
    """Bob, the last to slap Alice's zero, tapped Slap! twice, or on the table as well as on his hand: the
    first press read that he slapped last and took 4 cards, the second "There is nothing to slap now.", as if
    his slap had not counted (found by a reader of a game of races, session 51)."""
    async with playing(world, fake, Rules(zero_slap=True)) as table:
        alice, bob, carol = table.people
        await table.arrange({**BEFORE_THE_CATCH, "Alice": ["R0", "R2"]}, top="R5", turn=alice)
        await table.play(alice, "R0")
        shown = table.table_message()
        for user in (alice, carol):
            press_action(fake, user, shown, Action.SLAP)
        await table.bot.deliver_at_once()
        first = press_action(fake, bob, shown if double_tap else table.hand(bob), Action.SLAP)
        again = press_action(fake, bob, shown, Action.SLAP)
        await table.bot.deliver_at_once()
        assert (first.show_alert, spaced(first.answer_text or "")) == (
            True,
            "👋 You slapped last: you took 4 cards.",
        )
        assert (again.show_alert, again.answer_text) == (True, "You have already slapped.")
        assert len(await table.codes(bob)) == 3 + 4


async def test_uno_pressed_on_the_table_after_the_next_player_moved_is_not_told_it_came_too_late(
    world: World, fake: FakeTelegram
) -> None:
    """Alice, one card left and not caught, pressed UNO! on the table after Bob's card closed her window: she
    may still call on the newest screen, so she does not read that Bob played first."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        await _catchable_alice(table)
        shown = table.table_message()
        uno = next(data for _, data in buttons(shown) if data.action is Action.UNO)
        await table.play(bob, "Y1")
        late = await table.press_data(alice, uno, shown)
        assert late.show_alert and late.answer_text == "This button is out of date. Use the newest message."


# Bob's move after Alice's last-but-one card, what she played for it, and the cards it gave him
CLOSING_MOVES = {
    "draw": ("R1", Action.DRAW, 1),
    "penalty": ("R+2", Action.ACCEPT, 2),
    "challenge": ("W4", Action.CHALLENGE, 6),  # a fair +4: Bob takes 6
    "timeout": ("R1", None, 1),
}


@pytest.mark.parametrize("move", list(CLOSING_MOVES))
async def test_a_catch_whose_window_a_draw_a_challenge_or_a_timeout_closed_reads_its_target_escaped(
    world: World, fake: FakeTelegram, move: str
) -> None:
    """Bob drew (took the +2 Alice left him, challenged her fair +4, or ran out of time) before Dave's Catch!
    of Alice reached the bot, and Alice called UNO! after it: his move closed her window (RULES.md §5), so
    Dave reads that she escaped, not that she called first (mutation audit, session 54)."""
    names = ("Alice", "Bob", "Carol", "Dave")
    last, action, drawn = CLOSING_MOVES[move]
    async with playing(world, fake, Rules(), names=names) as table:
        alice, bob, _, dave = table.people
        hands = {
            "Alice": [last, "B9"],
            "Bob": ["G7", "B8", "Y1"],
            "Carol": ["R4", "B3"],
            "Dave": ["G5", "B6"],
        }
        await table.arrange(hands, top="R5", turn=alice, draw_next=["G9", "G8"])
        await table.play(alice, last)
        if last == "W4":
            await table.press(alice, Action.COLOUR)
        shown = table.table_message()
        (catch,) = [data for _, data in buttons(shown) if data.action is Action.CATCH]
        if action is None:
            state = await table.state()
            assert state.turn_deadline is not None
            await table.bot.tick(state.turn_deadline / 1000 - table.bot.clock() + 1)
            await table.deliver()
        else:
            await table.press(bob, action)
        assert len(await table.codes(bob)) == 3 + drawn
        await table.press(alice, Action.UNO)
        late = await table.press_data(dave, catch, shown)
        assert late.show_alert and late.answer_text == "Too late: Alice can't be caught any more."


async def test_a_late_catch_by_one_who_escaped_with_one_card_names_whom_it_was_for(
    world: World, fake: FakeTelegram
) -> None:
    """Alice, one card left and long past being caught, pressed Catch! of Bob after Carol's card closed his
    window: she reads that Bob escaped, not herself (mutation audit, session 54)."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, carol = table.people
        hands = {"Alice": ["G3"], "Bob": ["R1", "R2"], "Carol": ["R4", "B9", "Y2"]}
        await table.arrange(hands, top="R5", turn=bob)
        await table.play(bob, "R1")
        shown = table.table_message()
        (catch,) = [data for _, data in buttons(shown) if data.action is Action.CATCH]
        await table.play(carol, "R4")
        late = await table.press_data(alice, catch, shown)
        assert late.show_alert and late.answer_text == "Too late: Bob can't be caught any more."
