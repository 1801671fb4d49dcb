"""The clocks as players feel them: a turn's time runs while its player can see it, and a press that came
too late for a window says so.

A catch window whose table Telegram holds back is in test_catch_windows_held_back, one whose table /table
posts anew in test_catch_windows_and_new_tables."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from bot.tg.callback_data import Action
from tests.e2e.flood_waits import handled_not_settled, let_pass, timeouts_tried
from tests.e2e.harness import World, buttons, press, standing_still
from tests.fake_bot_api import FakeTelegram, User
from tests.fake_bot_api.errors import too_many_requests
from tests.rules_in_play.table import Table, playing


async def _turn_passed_to_bob_whose_chat_waits(table: Table, fake: FakeTelegram, seconds: int) -> None:
    """Alice plays to Bob while Telegram makes the bot wait `seconds` before it may write to him (429); the
    press is handled, its publishing left to run on as virtual time passes."""
    alice, bob, _ = table.people
    hands = {"Alice": ["R5", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    await table.arrange(hands, top="R3", turn=alice)
    fake.fail_next("sendMessage", too_many_requests(seconds), chat_id=fake.private_chat(bob).id)
    data = await table.card_button(alice, "R5")
    assert data is not None
    press(fake, alice, table.hand(alice), data)
    await handled_not_settled(table.bot)


def _deadline_shown(table: Table, user: User) -> list[int]:
    return [e["unix_time"] for e in table.hand(user).entities if e["type"] == "date_time"]


async def _redrawn(table: Table, user: User, untold: int) -> None:
    """Virtual time standing still until `user`'s hand no longer shows `untold`, the deadline their turn had
    before the message telling them of it landed: the turn starts again and the hand is redrawn with it,
    reading and writing the database in a thread, on real time (a loaded machine went on with virtual time
    meanwhile, and the hand was read before its redraw)."""

    async def redrawn() -> bool:
        return _deadline_shown(table, user) != [untold // 1000]

    await standing_still(redrawn, f"the hand of {user.first_name} redrawn")


async def test_a_turn_a_flood_wait_kept_from_its_player_gets_its_time_from_when_it_shows(
    world: World, fake: FakeTelegram
) -> None:
    """Telegram makes the bot wait 20 s before it may write to Bob again (429), with 15 s a turn: his turn
    ran out while his hand still said "Not your turn" (a missed turn and a card for a turn nobody showed
    him). Now his time starts when the message telling him arrives, as his hand shows; then it runs out."""
    async with playing(world, fake, Rules().changed(turn_seconds=15)) as table:
        _, bob, _ = table.people
        bot = table.bot
        await _turn_passed_to_bob_whose_chat_waits(table, fake, 20)
        untold = (await table.state()).turn_deadline
        assert untold is not None
        await let_pass(bot, 18)
        state = await table.state()
        assert state.turn == bob.id and bob.id not in state.afk  # his hand has not told him yet
        await let_pass(bot, 5)
        assert ": your turn" in (table.hand(bob).text or "")
        await _redrawn(table, bob, untold)
        state = await table.state()
        assert state.turn_deadline is not None and state.turn_deadline / 1000 > bot.clock() + 10
        assert _deadline_shown(table, bob) == [state.turn_deadline // 1000]
        await let_pass(bot, state.turn_deadline / 1000 - bot.clock() + 1)
        state = await table.state()
        assert state.turn != bob.id and state.afk.get(bob.id) == 1


async def test_a_turn_waiting_for_its_message_is_not_tried_every_second(
    world: World, fake: FakeTelegram
) -> None:
    """Telegram makes the bot wait 20 s before it may tell Bob of his 15 s turn: from the turn's end until his
    message arrived, its deadline job found the turn waiting for it and came back a second later, a unit of
    work (the single writer's lock) each time. It is tried once, at the turn's end, then waits for the
    message, whose arrival gives the turn its time again; that time runs out as before."""
    async with playing(world, fake, Rules().changed(turn_seconds=15)) as table:
        _, bob, _ = table.people
        bot = table.bot
        with timeouts_tried(bot) as tried:
            await _turn_passed_to_bob_whose_chat_waits(table, fake, 20)
            ends = (await table.state()).turn_deadline
            assert ends is not None
            while ": your turn" not in (table.hand(bob).text or ""):
                await let_pass(bot, 1)
            told = _told_at(table, bob)
            assert told > ends / 1000 + 3
            assert [at for at in tried if at < told] == [ends / 1000]
            state = await table.state()
            assert state.turn_deadline is not None and state.turn_deadline / 1000 > told + 10
            await let_pass(bot, state.turn_deadline / 1000 - bot.clock() + 1)
        state = await table.state()
        assert state.turn != bob.id and state.afk.get(bob.id) == 1


def _told_at(table: Table, user: User) -> float:
    """When the last message to `user` landed."""
    chat = str(table.fake.private_chat(user).id)
    return [
        call.time for call in table.fake.calls_to("sendMessage") if call.ok and call.params["chat_id"] == chat
    ][-1]


async def test_a_turn_told_a_little_late_keeps_its_deadline(world: World, fake: FakeTelegram) -> None:
    """Bob's message comes 5 s late in a 60 s turn: he lost little, and starting his time again would cost the
    group a table edit (the new deadline) each time a busy bot's send waits a few seconds, which under load
    was nearly every turn. His turn keeps the deadline it had."""
    async with playing(world, fake, Rules()) as table:
        _, bob, _ = table.people
        bot = table.bot
        await _turn_passed_to_bob_whose_chat_waits(table, fake, 5)
        deadline = (await table.state()).turn_deadline
        await let_pass(bot, 8)
        assert ": your turn" in (table.hand(bob).text or "")
        state = await table.state()
        assert state.turn == bob.id and state.turn_deadline == deadline


@pytest.mark.parametrize(
    ("language", "answer"),
    [
        ("en", "Too late: the time to slap ran out, and you took the cards for a missed slap."),
        ("ru", "Поздно: время хлопнуть вышло, и вы взяли карты за пропущенный хлопок."),
    ],
)
async def test_a_slap_pressed_just_after_its_window_closed_says_it_came_too_late(
    world: World, fake: FakeTelegram, language: str, answer: str
) -> None:
    """Bob presses Slap! a moment after the window's seconds ran out and the 4 cards came: it answered
    "There is nothing to slap now.", as though there had been no 0 at all."""
    rules = Rules().changed(zero_slap=True, slap_seconds=2)
    async with playing(world, fake, rules, language=language) as table:
        alice, bob, _ = table.people
        await table.arrange(
            {"Alice": ["R0", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}, top="R3", turn=alice
        )
        await table.play(alice, "R0")
        board = table.table_message()
        slap = next(data for _, data in buttons(board) if data.action is Action.SLAP)
        await table.bot.tick(3)
        assert len((await table.state()).hands[bob.id]) == 6
        late = await table.press_data(bob, slap, board)
        assert late.show_alert and late.answer_text == answer
        assert len((await table.state()).hands[bob.id]) == 6


@pytest.mark.parametrize(
    ("language", "answer"),
    [("en", "Too late: Alice can't be caught any more."), ("ru", "Поздно: игрока Alice уже нельзя поймать.")],
)
async def test_a_catch_pressed_just_after_its_window_closed_says_it_came_too_late(
    world: World, fake: FakeTelegram, language: str, answer: str
) -> None:
    """Alice is down to one card without calling UNO!; Bob presses Catch! a moment after the window's
    seconds ran out: it answered "Nobody can be caught now." while Alice sat there with her one card."""
    async with playing(world, fake, Rules().changed(uno_window_seconds=3), language=language) as table:
        alice, bob, _ = table.people
        await table.arrange(
            {"Alice": ["R5", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}, top="R3", turn=alice
        )
        await table.play(alice, "R5")
        board = table.table_message()
        catch = next(data for _, data in buttons(board) if data.action is Action.CATCH)
        await table.bot.tick(4)
        assert (await table.state()).catchable == []
        late = await table.press_data(bob, catch, board)
        assert late.show_alert and late.answer_text == answer
        assert len((await table.state()).hands[alice.id]) == 1
