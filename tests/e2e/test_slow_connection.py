"""A player on a slow or flaky connection: presses that come twice, late, or too late to be answered."""

from __future__ import annotations

import logging

import pytest

from bot.engine.rules import Rules
from bot.service import Place
from bot.storage import GameStatus
from bot.tg.callback_data import Action, CallbackData
from bot.tg.twin_presses import TWIN_MS
from tests.e2e.harness import World, buttons, press, press_action
from tests.e2e.matches import ONE_ROUND, deal, deal_short_matches, play_until_over, use_quick_rules
from tests.fake_bot_api import FakeTelegram, Message
from tests.fake_bot_api.errors import QUERY_TOO_OLD
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing

HANDS = {"Alice": ["R1", "R2", "G3"], "Bob": ["R6", "G7", "B8"], "Carol": ["B1", "B2", "Y3"]}
STALE = "This button is out of date. Use the newest message."


async def _alices_turn(table: Table) -> tuple[Message, CallbackData]:
    """Alice's turn with HANDS; her hand as shown, and its 🟥 1's button."""
    alice = table.people[0]
    await table.arrange(HANDS, top="R5", turn=alice)
    card = await table.card_button(alice, "R1")
    assert card is not None
    return table.hand(alice), card


@pytest.mark.parametrize("together", [True, False], ids=["a double tap", "a resend after the first counted"])
async def test_a_press_that_comes_twice_counts_once_and_the_second_says_nothing(
    world: World, fake: FakeTelegram, together: bool
) -> None:
    """A client resends a press it got no answer for, and a double tap sends two: the second read "This
    button is out of date" in an alert although the card it asked for was played."""
    async with playing(world, fake, Rules()) as table:
        alice = table.people[0]
        shown, card = await _alices_turn(table)
        first = press(fake, alice, shown, card)
        if not together:
            await table.deliver()
        again = press(fake, alice, shown, card)
        await table.bot.deliver_at_once()
        for query in (first, again):
            assert query.answered and not query.show_alert and query.answer_text is None
        assert await table.codes(alice) == ["G3", "R2"]
        assert (await table.state()).actor == table.people[1].id


async def test_another_card_tapped_on_the_same_old_hand_is_refused(world: World, fake: FakeTelegram) -> None:
    """Two cards tapped before the first answer came: the first is played, the second not (it was chosen on
    a hand that has changed since), and its player reads why."""
    async with playing(world, fake, Rules()) as table:
        alice = table.people[0]
        await _alices_turn(table)
        shown = table.hand(alice)
        one, two = await table.card_button(alice, "R1"), await table.card_button(alice, "R2")
        assert one is not None and two is not None
        played = press(fake, alice, shown, one)
        refused = press(fake, alice, shown, two)
        await table.bot.deliver_at_once()
        assert not played.show_alert
        assert refused.show_alert and refused.answer_text == STALE
        assert await table.codes(alice) == ["G3", "R2"]


async def test_a_card_tapped_again_long_after_it_counted_is_told_out_of_date(
    world: World, fake: FakeTelegram
) -> None:
    """A twin comes within seconds (a double tap, a resend); the same button pressed again on the old hand
    half a minute later is a press on an outdated hand, and says so."""
    async with playing(world, fake, Rules()) as table:
        alice = table.people[0]
        shown, card = await _alices_turn(table)
        press(fake, alice, shown, card)
        await table.deliver()
        table.bot.clock.advance(TWIN_MS / 1000)
        late = press(fake, alice, shown, card)
        await table.deliver()
        assert late.show_alert and late.answer_text == STALE


async def test_a_press_that_reaches_the_bot_too_late_to_be_answered_still_counts(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    """Telegram refuses to answer a press after its window ("query is too old"): the move counts all the
    same, the refusal is no failure in the log, and the screens say what happened."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        late = press(fake, alice, *await _alices_turn(table))
        table.bot.clock.advance(fake.callback_answer_timeout + 5)
        with caplog.at_level(logging.WARNING):
            await table.deliver()
        assert not late.answered  # Telegram refused the answer
        refused = [c for c in fake.calls_to("answerCallbackQuery") if not c.ok]
        assert [c.response["description"] for c in refused] == [f"Bad Request: {QUERY_TOO_OLD}"]
        assert caplog.records == []
        assert await table.codes(alice) == ["G3", "R2"]
        assert "Alice plays 🟥 1." in table.text()
        assert ": your turn" in (table.hand(bob).text or "")


SENT_BEFORE = {
    "en": "Your /{0} was sent before this game was opened and reached me late, so it doesn't apply to this "
    "game. Send /{0} again if you mean this one.",
    "ru": "Команда /{0} отправлена ещё до того, как открылась эта игра, и дошла до меня с опозданием, "  # noqa: RUF001
    "так что на эту игру она не действует. Если вы имели в виду именно её, отправьте /{0} ещё раз.",
}


@pytest.mark.parametrize(
    ("command", "language", "asker"),
    [("stop", "en", "en"), ("leave", "en", "en"), ("leave", "ru", "ru"), ("leave", "en", "ru")],
)
async def test_a_command_sent_before_the_game_here_opened_leaves_that_game_alone(
    world: World, fake: FakeTelegram, command: str, language: str, asker: str
) -> None:
    """Bob's /leave (or Carol's /stop), sent for the match that was ending, reached the bot half a minute
    late: Alice had opened the next lobby with Play again meanwhile (and Bob had joined it), and the bot
    removed Bob from it (or asked the group whether to stop it). Told in the sender's language (`asker`),
    which the group's need not be (mutation audit, session 53)."""
    sender = "Carol" if command == "stop" else "Bob"
    alice, bob, carol = (
        fake.add_user(name, language_code=asker if name == sender else language)
        for name in ("Alice", "Bob", "Carol")
    )
    group = fake.add_group("Friends", members=[alice, bob, carol])
    fake.make_admin(carol, group)
    await use_quick_rules(world, group, ONE_ROUND, language=language)
    deal_short_matches(world)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        await play_until_over(bot, group, {alice.id: alice, bob.id: bob})
        ended = fake.last_bot_message(group)
        fake.user_sends(carol if command == "stop" else bob, group, f"/{command}")
        held = fake.hold_back_updates()
        bot.clock.advance(30)
        press_action(fake, alice, ended, Action.AGAIN)
        press_action(fake, bob, ended, Action.AGAIN)
        await bot.deliver()
        _, before = await bot.game(group)
        assert before.players == (alice.id, bob.id)
        fake.hand_over_late(held)
        await bot.deliver()
        _, after = await bot.game(group)
        assert after.players == (alice.id, bob.id)
        said = fake.last_bot_message(group)
        assert said.text == SENT_BEFORE[asker].format(command) and not said.buttons


async def test_who_opens_a_game_may_start_it_before_its_lobby_shows(world: World, fake: FakeTelegram) -> None:
    """/new, /join and /startgame sent within seconds while the bot's connection lags: all three reach it
    half a minute later, and the match starts (the lobby opened after the /startgame was sent, but by its
    sender)."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        for user in (alice, bob):
            fake.user_starts_bot(user)
        await bot.deliver()
        for user, command in ((alice, "/new"), (bob, "/join"), (alice, "/startgame")):
            fake.user_sends(user, group, command)
            bot.clock.advance(1)
        bot.clock.advance(30)
        await bot.deliver()
        record, doc = await bot.game(group)
        assert record.status is GameStatus.RUNNING and doc.players == (alice.id, bob.id)


@pytest.mark.parametrize("together", [True, False], ids=["in one batch", "the card after the call counted"])
async def test_uno_then_the_card_tapped_on_the_same_hand_both_count(
    world: World, fake: FakeTelegram, together: bool
) -> None:
    """Alice, with two cards, taps UNO! and then her card before her hand is redrawn (as anyone does on a
    slow connection): the card was refused as out of date, the hand having changed only by losing UNO!."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        await table.arrange({"Alice": ["R1", "G3"], "Bob": HANDS["Bob"]}, top="R5", turn=alice)
        shown = table.hand(alice)
        card = await table.card_button(alice, "R1")
        assert card is not None
        called = press_action(fake, alice, shown, Action.UNO)
        if not together:
            await table.deliver()
            assert "UNO!" not in str(table.hand(alice).button_texts)  # redrawn without it
        played = press(fake, alice, shown, card)
        await table.bot.deliver_at_once()
        for query in (called, played):
            assert query.answered and not query.show_alert
        assert await table.codes(alice) == ["G3"]
        state = await table.state()
        assert state.actor == bob.id and alice.id in state.uno_called


async def test_uno_tapped_again_on_the_hand_says_it_was_called(world: World, fake: FakeTelegram) -> None:
    """The hand redrawn for an UNO! call keeps its other buttons' meaning, and so its counter: a second tap
    on its UNO! still says why it does nothing."""
    async with playing(world, fake, Rules()) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["R1", "G3"], "Bob": HANDS["Bob"]}, top="R5", turn=alice)
        shown = table.hand(alice)
        uno = next(data for _, data in buttons(shown) if data.action is Action.UNO)
        assert not (await table.press_data(alice, uno, shown)).show_alert
        again = await table.press_data(alice, uno, shown)
        assert again.show_alert and again.answer_text == "You have already called UNO!"


@pytest.mark.parametrize("together", [True, False], ids=["in one batch", "the second after the first"])
async def test_two_cards_chosen_for_a_multi_play_on_the_same_hand_are_both_chosen(
    world: World, fake: FakeTelegram, together: bool
) -> None:
    """Alice taps the red 5 and then the green 5 before her hand shows the first chosen: the second tap,
    made on a keyboard with nothing chosen, started the selection anew with the green 5 alone."""
    async with playing(world, fake, Rules().changed(multi_play=True)) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["R5", "B5", "G5", "Y9"], "Bob": HANDS["Bob"]}, top="Y5", turn=alice)
        shown = table.hand(alice)
        state = await table.state()
        chosen = {
            state.card(data.args[-1]).code: data for _, data in buttons(shown) if data.action is Action.SELECT
        }
        first = press(fake, alice, shown, chosen["R5"])
        if not together:
            await table.deliver()
        second = press(fake, alice, shown, chosen["G5"])
        await table.bot.deliver_at_once()
        for query in (first, second):
            assert query.answered and not query.show_alert
        assert "Chosen: 🟥 5 → 🟩 5." in (table.hand(alice).text or "")


@pytest.mark.parametrize(("minutes", "opened"), [(9, True), (11, False)])
async def test_a_new_that_reaches_the_bot_after_its_lobby_would_have_closed_opens_none(
    world: World, fake: FakeTelegram, minutes: int, opened: bool
) -> None:
    """A /new sent while the bot was offline, handled when it came back: the lobby opened then, hours late,
    and called those waiting on /notifyme to a game nobody was waiting in. One older than an idle lobby
    stays open (10 minutes) is answered instead."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        fake.user_starts_bot(bob)
        fake.user_sends(bob, group, "/notifyme")
        await bot.deliver()
        sent = len(fake.messages_in(fake.private_chat(bob)))
        fake.user_sends(alice, group, "/new")
        bot.clock.advance(minutes * 60)
        await bot.deliver()
        found = await bot.rt.service.find(Place(group.id))
        assert (found is not None) is opened
        assert (len(fake.messages_in(fake.private_chat(bob))) > sent) is opened
        if not opened:
            assert fake.last_bot_message(group).text == (
                "This /new reached me late (I was offline), so I didn't open a game: send /new again to play."
            )


@pytest.mark.parametrize("together", [True, False], ids=["a double tap", "a resend after the first counted"])
async def test_a_catch_that_comes_twice_catches_once_and_the_second_says_nothing(
    world: World, fake: FakeTelegram, together: bool
) -> None:
    """Bob's Catch! came twice: the first read "🎯 You caught Alice without UNO!", and the second then popped
    up "Nobody can be caught now." over it, as if his catch had failed."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        await table.arrange({"Alice": ["R1", "R2"], "Bob": HANDS["Bob"]}, top="R5", turn=alice)
        await table.play(alice, "R1")
        board = table.table_message()
        catch = next(data for _, data in buttons(board) if data.action is Action.CATCH)
        first = press(fake, bob, board, catch)
        if not together:
            await table.deliver()
        again = press(fake, bob, board, catch)
        await table.bot.deliver_at_once()
        assert first.answer_text == "🎯 You caught Alice without UNO!" and not first.show_alert
        assert again.answered and not again.show_alert and again.answer_text is None
        assert len(await table.codes(alice)) == 1 + Rules().uno_penalty


async def test_a_page_turned_on_the_hand_before_a_card_chosen_keeps_that_card(
    world: World, fake: FakeTelegram
) -> None:
    """Alice (27 cards, two pages) chooses a blue 5 on page 2, then turns back to page 1 on the hand as it
    was before her hand showed the 5 chosen (a slow connection): the page turn kept the selection of that
    older keyboard, none, and dropped the 5."""
    reds = ["R0", *(f"R{n}" for n in (1, 2, 3, 4, 6, 7, 8, 9) for _ in range(2)), "RS", "RS", "RR"]
    hand = [*reds, "G1", "G2", "G3", "G4", "B5", "B5", "B7"]
    async with playing(world, fake, Rules().changed(multi_play=True)) as table:
        alice = table.people[0]
        await table.arrange({"Alice": hand, "Bob": ["Y1", "Y2"]}, top="R5", turn=alice)
        turn = next(d for label, d in buttons(table.hand(alice)) if d.action is Action.PAGE and "»" in label)
        await table.press_data(alice, turn)
        older = table.hand(alice)
        five = next(d for _, d in buttons(older) if d.action is Action.SELECT)
        back = next(d for label, d in buttons(older) if d.action is Action.PAGE and "«" in label)
        chosen = press(fake, alice, older, five)
        await table.deliver()
        turned = press(fake, alice, older, back)
        await table.deliver()
        assert chosen.answered and turned.answered and not turned.show_alert
        text = spaced(table.hand(alice).text or "")
        assert "page 1/2" in text and "Chosen: 🟦 5." in text, text


async def test_a_card_tapped_again_on_an_old_hand_keeps_the_cards_the_hand_shows_chosen(
    world: World, fake: FakeTelegram
) -> None:
    """Alice chose the red 9 and then the blue 9 on one keyboard, and the blue 9's tap came twice: the
    selection shown must not drop the red 9 for the blue 9 alone."""
    async with playing(world, fake, Rules().changed(multi_play=True)) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["R9", "B9", "Y1"], "Bob": HANDS["Bob"]}, top="G9", turn=alice)
        old, state = table.hand(alice), await table.state()
        nines = {state.card(d.args[-1]).code: d for _, d in buttons(old) if d.action is Action.SELECT}
        for code in ("R9", "B9", "B9"):
            press(fake, alice, old, nines[code])
            await table.deliver()
        assert "Chosen: 🟥 9 → 🟦 9." in (table.hand(alice).text or "")
