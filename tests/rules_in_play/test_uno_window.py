"""The UNO catch window on the injected clock: a catch in time costs the target; one too late, or pressed on
an outdated table, is refused; where a false catch costs cards (UNO Extreme), a catch pressed on the current
table when nobody is catchable is a false catch."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

import pytest

from bot.engine.rules import PRESETS, Rules
from bot.tg.callback_data import Action, CallbackData
from tests.e2e.harness import World, buttons, press
from tests.fake_bot_api import FakeTelegram, Message
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing

TOLD_OWN_MOVE = "Too late: you made your move, so Alice can't be caught any more."
HANDS = {"Alice": ["R5", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
FALSE_CATCH_TOLD = {
    "en": "🎯 Nobody could be caught: you took 1 card for a false catch.",
    "ru": "🎯 Ловить было некого: вы взяли 1 карту за ложную поимку.",
}


async def _forgets_uno(table: Table) -> tuple[Message, CallbackData]:
    alice = table.people[0]
    await table.arrange(HANDS, top="R3", turn=alice)
    await table.play(alice, "R5")  # one card left, UNO! not called
    board = table.table_message()
    catch = next(data for _, data in buttons(board) if data.action is Action.CATCH)
    return board, catch


async def test_a_catch_within_the_window_makes_the_target_draw(world: World, fake: FakeTelegram) -> None:
    async with playing(world, fake, Rules().changed(uno_window_seconds=5, uno_penalty=2)) as table:
        alice, bob, _ = table.people
        board, catch = await _forgets_uno(table)
        assert re.search(r"Didn't call UNO! Catch! ⏱ [1-5] s", table.text())  # exact seconds, not 10
        await table.bot.tick(2)
        caught = await table.press_data(bob, catch, board)
        assert not caught.show_alert and len((await table.state()).hands[alice.id]) == 3


@pytest.mark.parametrize(
    ("language", "hint"),
    [
        ("en", "⚠️ Alice didn't call UNO! Press “Catch!” on the table before you move."),
        ("ru", "⚠️ Забыли «УНО!»: Alice. Поймайте кнопкой «Поймать!» на столе, пока не походили."),  # noqa: RUF001
    ],
)
async def test_the_player_to_move_is_told_whom_they_may_catch_until_the_window_closes(
    world: World, fake: FakeTelegram, language: str, hint: str
) -> None:
    """(helper-549's read of two friends' match) Alice forgot UNO!; Bob, to move, was rung to his hand, which
    said nothing of it: Catch! is on the table, and his move (a two-player match's only catcher's) ends the
    window. His hand says so while the window is open; the others' say nothing."""
    rules = Rules().changed(uno_window_seconds=5)
    async with playing(world, fake, rules, language=language) as table:
        _alice, bob, carol = table.people
        await _forgets_uno(table)
        assert hint in (table.hand(bob).text or "").splitlines(), table.hand(bob).text
        assert hint not in (table.hand(carol).text or "")
        await table.bot.tick(5)  # the window closes on time: the hand is redrawn without the line
        assert hint not in (table.hand(bob).text or ""), table.hand(bob).text


async def test_between_two_the_other_is_told_whom_they_may_catch_when_the_one_who_forgot_moves_again(
    world: World, fake: FakeTelegram
) -> None:
    """(helper-549) Between two, Alice's Skip leaves her one card and the move: Bob, the only one who may
    catch her, read "Not your turn: watch the group." and nothing of it."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        alice, bob = table.people
        await table.arrange({"Alice": ["RS", "B9"], "Bob": ["Y1", "Y2"]}, top="R3", turn=alice)
        await table.play(alice, "RS")  # one card left, UNO! not called, and her move again
        hint = "⚠️ Alice didn't call UNO! Press “Catch!” on the table before the next move."
        assert hint in (table.hand(bob).text or "").splitlines(), table.hand(bob).text
        await table.press(alice, Action.UNO)
        assert hint not in (table.hand(bob).text or ""), table.hand(bob).text


async def test_a_catch_after_the_window_is_refused(world: World, fake: FakeTelegram) -> None:
    async with playing(world, fake, Rules().changed(uno_window_seconds=5)) as table:
        alice, bob, _ = table.people
        board, catch = await _forgets_uno(table)
        await table.bot.tick(5)  # the window closes on time
        assert Action.CATCH not in {data.action for _, data in buttons(table.table_message())}
        before = await table.state()
        late = await table.press_data(bob, catch, board)
        assert late.show_alert and late.answer_text == "Too late: Alice can't be caught any more."
        after = await table.state()
        assert after.seq == before.seq and len(after.hands[alice.id]) == 1  # nothing changed
        assert len(after.hands[bob.id]) == 2 and "tries to catch" not in table.text()


@pytest.mark.parametrize("rules", [Rules(), PRESETS["extreme"]], ids=["official", "extreme"])
async def test_a_catch_pressed_after_the_deadline_is_refused_before_its_timer_runs(
    world: World, fake: FakeTelegram, rules: Rules
) -> None:
    # A slow timer, or presses queued while the bot was down: the window's time decides, not the timer. The
    # table still offered the catch, so even where a false catch costs a card this one costs nothing.
    async with playing(world, fake, rules.changed(uno_window_seconds=5)) as table:
        alice, bob, _ = table.people
        board, catch = await _forgets_uno(table)
        table.bot.clock.advance(5)  # the deadline passes; its timer has not run yet
        before = await table.state()
        assert before.catchable == [alice.id]
        late = await table.press_data(bob, catch, board)
        assert late.show_alert and late.answer_text == "Too late: Alice can't be caught any more."
        after = await table.state()
        assert after.seq == before.seq and len(after.hands[alice.id]) == 1
        assert len(after.hands[bob.id]) == 2


async def test_calling_uno_from_the_table_closes_the_window(world: World, fake: FakeTelegram) -> None:
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        board, catch = await _forgets_uno(table)
        called = await table.press(alice, Action.UNO, board)
        assert not called.show_alert
        refused = await table.press_data(bob, catch, board)
        assert refused.show_alert and len((await table.state()).hands[alice.id]) == 1


async def test_a_false_catch_costs_the_catcher_a_card(world: World, fake: FakeTelegram) -> None:
    async with playing(world, fake, Rules().changed(false_catch_penalty=1)) as table:
        alice, bob, _ = table.people
        await table.arrange(HANDS, top="R3", turn=alice)
        await table.press(alice, Action.UNO)
        await table.play(alice, "R5")  # one card left, UNO! called: nobody is catchable
        board = table.table_message()
        assert [data.action for _, data in buttons(board)] == [Action.CATCH]
        caught = await table.press(bob, Action.CATCH, board)
        assert caught.show_alert and spaced(caught.answer_text or "") == FALSE_CATCH_TOLD["en"]
        state = await table.state()
        assert len(state.hands[bob.id]) == 3 and len(state.hands[alice.id]) == 1
        # one line, as a broken silence's (two were: the attempt, then "Bob takes 1 card for a false catch.")
        said = "Bob tries to catch someone, but there is nobody to catch: takes 1 card."
        assert table.text().endswith(f"\n• {said}")
    async with playing(world, fake, Rules(), names=("Ann", "Ben", "Cid")) as table:
        ann = table.people[0]
        await table.arrange({"Ann": HANDS["Alice"]}, top="R3", turn=ann)
        await table.press(ann, Action.UNO)
        await table.play(ann, "R5")
        assert Action.CATCH not in {data.action for _, data in buttons(table.table_message())}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_false_catch_is_told_to_the_catcher_at_once(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """Bob pressed Catch! when nobody could be caught and took a card for it: the press was answered with
    nothing (his hand says nothing of the card: the press's answer was to), while a catch that counts, or a
    last slap, is told at once. Only the table, seconds later in a busy group, said why his hand grew."""
    async with playing(world, fake, Rules().changed(false_catch_penalty=1), language=language) as table:
        alice, bob, _ = table.people
        await table.arrange(HANDS, top="R3", turn=alice)
        await table.press(alice, Action.UNO)
        await table.play(alice, "R5")  # one card left, UNO! called: nobody is catchable
        caught = await table.press(bob, Action.CATCH, table.table_message())
        assert caught.show_alert and spaced(caught.answer_text or "") == FALSE_CATCH_TOLD[language]
        assert len((await table.state()).hands[bob.id]) == 3
        line = {
            "en": "Bob tries to catch someone, but there is nobody to catch: takes 1 card.",
            "ru": "Bob пытается поймать, но ловить некого: берёт 1 карту.",
        }[language]
        assert table.text().endswith(f"\n• {line}"), table.text()


async def test_where_a_false_catch_costs_nothing_a_catch_with_nobody_to_catch_is_no_move(
    world: World, fake: FakeTelegram
) -> None:
    """A Catch! sent on the current table (a modified client: it offers none) when nobody can be caught: with
    no card to pay for it, the game takes no false catch (a line on the table for nothing), it says why."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        await table.arrange(HANDS, top="R3", turn=alice)
        record, doc = await table.bot.game(table.group)
        catch = CallbackData(Action.CATCH, record.id, doc.table_counter)
        query = await table.press_data(bob, catch, table.table_message())
        assert query.answer_text == "Nobody can be caught now."
        assert (await table.state()).seq == doc.state.seq


async def test_in_uno_extreme_a_late_press_is_refused_and_a_press_on_the_current_table_is_a_false_catch(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, PRESETS["extreme"].changed(uno_window_seconds=5)) as table:
        alice, bob, carol = table.people
        board, catch = await _forgets_uno(table)
        await table.bot.tick(5)  # the window closes on time; Alice still holds one card
        current = table.table_message()
        assert Action.CATCH in {data.action for _, data in buttons(current)}
        before = await table.state()
        late = await table.press_data(bob, catch, board)  # pressed on the table that offered the catch
        assert late.show_alert and late.answer_text == "Too late: Alice can't be caught any more."
        assert (await table.state()).seq == before.seq
        false = await table.press(carol, Action.CATCH, current)  # the table now shows nobody to catch
        assert false.show_alert and spaced(false.answer_text or "") == FALSE_CATCH_TOLD["en"]
        state = await table.state()
        assert len(state.hands[carol.id]) == 3 and len(state.hands[alice.id]) == 1
        assert len(state.hands[bob.id]) == 2
        assert "\n• Carol tries to catch someone, but there is nobody to catch: takes 1 card." in table.text()


async def test_in_uno_extreme_the_second_catch_of_a_race_costs_nothing(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, PRESETS["extreme"]) as table:
        alice, bob, carol = table.people
        board, catch = await _forgets_uno(table)
        first = await table.press_data(bob, catch, board)
        second = await table.press_data(carol, catch, board)
        assert not first.show_alert and second.show_alert
        state = await table.state()
        assert len(state.hands[alice.id]) == 1 + PRESETS["extreme"].uno_penalty
        assert len(state.hands[carol.id]) == 2 and "false catch" not in table.text()


async def test_catching_yourself_is_refused_with_a_hint_not_punished(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, PRESETS["extreme"]) as table:  # a false catch costs a card there
        alice = table.people[0]
        board, catch = await _forgets_uno(table)
        pressed = await table.press_data(alice, catch, board)
        assert (
            pressed.show_alert
            and pressed.answer_text == "You are the one who can be caught: press “UNO!” instead."
        )
        state = await table.state()
        assert len(state.hands[alice.id]) == 1 and state.catchable == [alice.id]


async def test_uno_on_a_table_a_timer_just_redrew_still_calls_before_a_catch_on_it(
    world: World, fake: FakeTelegram
) -> None:
    """(found by an audit, 2026-12-02) the slap window's timeout redraws the table; Alice's UNO! on the table
    she sees was refused as out of date while Bob's Catch! after it on the same message caught her."""
    rules = Rules().changed(zero_slap=True, slap_seconds=5, uno_window_seconds=10)
    async with playing(world, fake, rules) as table:
        alice, bob, _ = table.people
        hands = {"Alice": ["R0", "B9"], "Bob": ["Y1", "Y2", "Y3"], "Carol": ["G1", "G2", "G3"]}
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R0")  # one card left, no UNO!: a catch window (10 s) and a slap window (5 s)
        await table.press(alice, Action.SLAP)
        await table.press(bob, Action.SLAP)
        board = table.table_message()
        uno = next(data for _, data in buttons(board) if data.action is Action.UNO)
        catch = next(data for _, data in buttons(board) if data.action is Action.CATCH)
        await table.bot.tick(5)  # the slap window closes on its timer
        assert (await table.state()).catchable == [alice.id]
        called = press(fake, alice, board, uno)
        caught = press(fake, bob, board, catch)
        await table.deliver()
        assert not called.show_alert and caught.show_alert
        assert len((await table.state()).hands[alice.id]) == 1


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_uno_pressed_again_or_after_the_catch_says_why_not_out_of_date(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """(found by an audit, 2026-12-03) a double tap on UNO!, or UNO! a moment after someone's Catch!, was
    answered "This button is out of date. Use the newest message.": the newest table has no UNO! at all."""
    said = {
        "en": ("You have already called UNO!", "Too late: Ben caught you first."),
        "ru": ("Вы уже сказали «УНО!».", "Поздно: вас уже поймал игрок Ben."),  # noqa: RUF001
    }[language]
    async with playing(world, fake, Rules(), language=language) as table:
        alice = table.people[0]
        board, _ = await _forgets_uno(table)
        uno = next(data for _, data in buttons(board) if data.action is Action.UNO)
        assert not (await table.press_data(alice, uno, board)).show_alert
        again = await table.press_data(alice, uno, board)  # the second tap of a double tap
        assert again.show_alert and again.answer_text == said[0]
    async with playing(world, fake, Rules(), names=("Ann", "Ben", "Cid"), language=language) as table:
        ann, ben, _ = table.people
        await table.arrange({"Ann": HANDS["Alice"]}, top="R3", turn=ann)
        await table.play(ann, "R5")
        board = table.table_message()
        catch = next(data for _, data in buttons(board) if data.action is Action.CATCH)
        uno = next(data for _, data in buttons(board) if data.action is Action.UNO)
        assert not (await table.press_data(ben, catch, board)).show_alert
        late = await table.press_data(ann, uno, board)  # pressed at once, a moment after Ben's catch
        assert late.show_alert and late.answer_text == said[1]
        assert len((await table.state()).hands[ann.id]) == 3


@pytest.mark.parametrize(
    ("language", "told"),
    [
        ("en", "Too late: you made your move, so Alice can't be caught any more."),
        ("ru", "Поздно: вы уже сходили, и игрока Alice больше нельзя поймать."),
    ],
)
async def test_a_catch_pressed_after_ones_own_move_closed_the_window_says_so(
    world: World, fake: FakeTelegram, language: str, told: str
) -> None:
    """Bob drew, which closed Alice's window, then pressed Catch! on the table that still offered it: he read
    "Too late: Alice can't be caught any more.", as if someone else had been first (session 55)."""
    async with playing(world, fake, Rules().changed(uno_window_seconds=60), language=language) as table:
        alice, bob, _ = table.people
        board, catch = await _forgets_uno(table)
        await table.press(bob, Action.DRAW)
        late = await table.press_data(bob, catch, board)
        assert late.show_alert and late.answer_text == told
        assert len((await table.state()).hands[alice.id]) == 1


async def _bob_plays(table: Table) -> None:
    await table.play(table.people[1], "R1")


async def _bob_challenges(table: Table) -> None:
    await table.press(table.people[1], Action.CHALLENGE)


@pytest.mark.parametrize(
    ("alice_plays", "bobs_move"),
    [(["R5", "B9"], _bob_plays), (["W4", "B9"], _bob_challenges)],
    ids=["his card", "his challenge"],
)
async def test_a_catch_pressed_after_ones_own_card_or_challenge_says_so(
    world: World, fake: FakeTelegram, alice_plays: list[str], bobs_move: Callable[[Table], Awaitable[None]]
) -> None:
    """(mutation audit, session 55) As after his draw: his card, or his challenge of her +4, was his move."""
    async with playing(world, fake, Rules().changed(uno_window_seconds=60)) as table:
        alice, bob, _ = table.people
        await table.arrange({**HANDS, "Alice": alice_plays, "Bob": ["R1", "Y2", "Y3"]}, top="R3", turn=alice)
        await table.play(alice, alice_plays[0])  # one card left, UNO! not called
        if alice_plays[0] == "W4":
            await table.press(alice, Action.COLOUR)
        board = table.table_message()
        catch = next(data for _, data in buttons(board) if data.action is Action.CATCH)
        await bobs_move(table)
        late = await table.press_data(bob, catch, board)
        assert late.show_alert and late.answer_text == TOLD_OWN_MOVE
        assert len((await table.state()).hands[alice.id]) == 1


async def test_rules_say_the_next_move_ends_even_a_long_catch_window(
    world: World, fake: FakeTelegram
) -> None:
    """(audit of 2026-12-05) With a 60 s window, /rules and the setting said a player without UNO! "can be
    caught" for that long, and the table counted down 60 s; Bob's move 2 s later closed it all the same."""
    async with playing(world, fake, Rules().changed(uno_window_seconds=60)) as table:
        alice, bob, carol = table.people
        fake.user_sends(carol, table.group, "/rules")
        await table.deliver()
        rules = spaced(fake.last_bot_message(table.group).text or "")
        promise = "takes 2 cards if anyone catches them before another player moves (and within 60 s)."
        assert promise in rules
        board, catch = await _forgets_uno(table)
        await table.bot.tick(2)
        await table.press(bob, Action.DRAW)  # another player's move, 58 s before the window's time is up
        assert Action.CATCH not in {data.action for _, data in buttons(table.table_message())}
        late = await table.press_data(carol, catch, board)
        assert late.answer_text == "Too late: Alice can't be caught any more."
        assert len((await table.state()).hands[alice.id]) == 1


async def test_two_cards_offer_uno_only_with_a_card_to_play(world: World, fake: FakeTelegram) -> None:
    """Bob holds two cards on his turn and can only draw, or take a +2's penalty: his hand offered UNO!
    beside "no card fits, draw one" (or "take 2 cards"), though calling it then changes nothing (its hint
    was already left out there: calling would mislead)."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        await table.arrange({"Alice": ["R+2", "R9", "B1"], "Bob": ["Y1", "Y2"]}, top="R3", turn=alice)
        assert Action.UNO not in table.actions(bob)  # not his turn
        await table.play(alice, "R+2")
        assert "Take 2 cards." in spaced(table.hand(bob).text or "")
        assert Action.UNO not in table.actions(bob)
        await table.arrange({"Bob": ["Y1", "Y2"]}, top="R3", turn=bob)
        assert "No card fits. Draw one." in (table.hand(bob).text or "")
        assert Action.UNO not in table.actions(bob)
        await table.arrange({"Bob": ["Y1", "R2"]}, top="R3", turn=bob)
        assert Action.UNO in table.actions(bob)  # his 🟥 2 leaves him one card


async def test_a_player_whose_last_card_was_an_eight_to_cover_is_no_longer_catchable(
    world: World, fake: FakeTelegram
) -> None:
    """(rules audit, session 49) Between two, Alice's Skip left her one card and no UNO!, and gave her the
    turn back; her 8, her last card, still had to be covered: over her empty hand the table kept saying
    "Alice didn't call UNO! Catch!", and a catch made her draw."""
    async with playing(world, fake, Rules().changed(eight_cover=True), names=("Alice", "Bob")) as table:
        alice, bob = table.people
        hands = {"Alice": ["RS", "R8"], "Bob": ["Y1", "Y2"]}
        await table.arrange(hands, top="R3", turn=alice, draw_next=["B4", "R6"])
        await table.play(alice, "RS")  # one card left, UNO! not called
        board = table.table_message()
        assert re.search(r"Didn't call UNO! Catch! .*\nAlice\n", table.text()), table.text()
        catch = next(data for _, data in buttons(board) if data.action is Action.CATCH)
        await table.play(alice, "R8")
        assert (await table.state()).hands[alice.id] == []
        assert "Catch!" not in table.text(), table.text()
        assert Action.CATCH not in {data.action for _, data in buttons(table.table_message())}
        late = await table.press_data(bob, catch, board)
        assert late.answer_text == "Nobody can be caught now."
        assert (await table.state()).hands[alice.id] == []
