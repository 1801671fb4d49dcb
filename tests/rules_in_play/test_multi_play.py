"""Multi-play from the hand keyboard: cards of one number chosen one tap at a time, then played in that order
(the last one sets the colour); Cancel, a card that cannot start, a keyboard the game has moved past."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from bot.engine.cards import Colour
from bot.engine.rules import Rules
from bot.tg.callback_data import Action, CallbackData
from tests.e2e.harness import World, buttons
from tests.e2e.matches import deal
from tests.fake_bot_api import CallbackQuery, FakeTelegram, User
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing

FIVES = {"Alice": ["R5", "B5", "G5", "Y9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
SELECTED = "\u20e3"  # the keycap frame of a chosen card's place ("1️⃣ 🟥 5")


async def _card(table: Table, user: User, code: str) -> int:
    state = await table.state()
    return next(cid for cid in state.hands[user.id] if state.card(cid).code == code)


async def _choose(table: Table, user: User, code: str) -> CallbackQuery:
    """Press the ▶ button that adds `code` to the selection (or starts one with it)."""
    card = await _card(table, user, code)
    data = next(d for _, d in buttons(table.hand(user)) if d.action is Action.SELECT and d.args[-1] == card)
    return await table.press_data(user, data)


def _labels(table: Table, user: User) -> list[str]:
    return [text for row in table.hand(user).button_texts for text in row]


def _play_button(table: Table, user: User) -> tuple[str, CallbackData] | None:
    return next(((text, d) for text, d in buttons(table.hand(user)) if text.startswith("Play ")), None)


async def test_chosen_cards_are_played_in_order_and_the_last_one_sets_the_colour(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules().changed(multi_play=True)) as table:
        alice, bob, _ = table.people
        await table.arrange(FIVES, top="R3", turn=alice)
        assert "▶ 🟥 5" in _labels(table, alice) and _play_button(table, alice) is None
        for code in ("R5", "G5", "B5"):
            chosen = await _choose(table, alice, code)
            assert not chosen.show_alert
        assert {"1️⃣ 🟥 5", "2️⃣ 🟩 5", "3️⃣ 🟦 5"} <= set(_labels(table, alice))
        assert "Chosen: 🟥 5 → 🟩 5 → 🟦 5." in (table.hand(alice).text or "")
        found = _play_button(table, alice)
        assert found is not None and spaced(found[0]) == "Play 3 cards"
        played = await table.press_data(alice, found[1])
        assert not played.show_alert
        state = await table.state()
        assert [state.card(cid).code for cid in state.discard[-3:]] == ["R5", "G5", "B5"]
        assert state.colour is Colour.BLUE and await table.codes(alice) == ["Y9"] and state.turn == bob.id
        assert "Top card: 🟦 5" in table.text() and "Alice plays 🟥 5, 🟩 5 and 🟦 5." in table.text()
    async with playing(world, fake, Rules(), names=("Ann", "Ben", "Cid")) as table:
        ann = table.people[0]
        await table.arrange({"Ann": FIVES["Alice"]}, top="R3", turn=ann)
        assert Action.SELECT not in table.actions(ann)  # multi-play off: the red 5 plays at once
        await table.play(ann, "R5")
        assert (await table.state()).colour is Colour.RED


async def test_cancel_drops_the_selection(world: World, fake: FakeTelegram) -> None:
    async with playing(world, fake, Rules().changed(multi_play=True)) as table:
        alice = table.people[0]
        await table.arrange(FIVES, top="R3", turn=alice)
        await _choose(table, alice, "R5")
        await _choose(table, alice, "B5")
        assert _play_button(table, alice) is not None
        cancelled = await table.press(alice, Action.REFRESH)
        assert not cancelled.show_alert
        assert _play_button(table, alice) is None and not any(
            SELECTED in label for label in _labels(table, alice)
        )
        assert "▶ 🟥 5" in _labels(table, alice) and len((await table.state()).hands[alice.id]) == 4


async def test_a_card_that_cannot_start_is_refused(world: World, fake: FakeTelegram) -> None:
    async with playing(world, fake, Rules().changed(multi_play=True)) as table:
        alice = table.people[0]
        await table.arrange(FIVES, top="R3", turn=alice)
        start = next(d for _, d in buttons(table.hand(alice)) if d.action is Action.SELECT)
        blue = await _card(table, alice, "B5")
        assert start.args != (blue,)  # the blue 5 does not match the red 3: it offers no start
        forged = await table.press_data(alice, replace(start, args=(blue,)))
        assert forged.show_alert and forged.answer_text.startswith("That card doesn't match the top card.")
        assert _play_button(table, alice) is None and not any(
            SELECTED in label for label in _labels(table, alice)
        )


async def test_a_selection_the_game_has_moved_past_is_stale(world: World, fake: FakeTelegram) -> None:
    async with playing(world, fake, Rules().changed(multi_play=True)) as table:
        alice = table.people[0]
        await table.arrange(FIVES, top="R3", turn=alice, draw_next=["Y4"])
        await _choose(table, alice, "R5")
        await _choose(table, alice, "B5")
        old = table.hand(alice)
        found = _play_button(table, alice)
        green = await _card(table, alice, "G5")
        add = next(d for _, d in buttons(old) if d.action is Action.SELECT and d.args[-1] == green)
        assert found is not None
        await table.press(alice, Action.DRAW)  # the turn moves on: the old keyboard is out of date
        for data in (add, found[1]):
            late = await table.press_data(alice, data, old)
            assert (
                late.show_alert and late.answer_text == "This button is out of date. Use the newest message."
            )
        assert await table.codes(alice) == ["B5", "G5", "R5", "Y4", "Y9"]
        assert not any(SELECTED in label for label in _labels(table, alice))


async def test_a_stale_selection_names_its_group_to_one_playing_in_two(
    world: World, fake: FakeTelegram
) -> None:
    """Alice plays in Friends and in Club at once: a card chosen on Friends' hand after the turn moved on is
    refused as any press on a hand is, naming the hand's group (a selection's buttons are a hand's too)."""
    async with playing(world, fake, Rules().changed(multi_play=True)) as table:
        alice = table.people[0]
        dan = fake.add_user("Dan")
        await deal(table.bot, fake, fake.add_group("Club", members=[dan, alice]), [dan, alice])
        await table.arrange(FIVES, top="R3", turn=alice, draw_next=["Y4"])
        private = fake.bot_messages_in(fake.private_chat(alice))
        hand = next(m for m in reversed(private) if (m.text or "").startswith("Friends"))
        start = next(data for _, data in buttons(hand) if data.action is Action.SELECT)
        await table.press(alice, Action.DRAW, hand)  # the turn moves on: the keyboard is out of date
        late = await table.press_data(alice, start, hand)
        said = "Friends: This button is out of date. Use the newest message."
        assert late.show_alert and late.answer_text == said, late.answer_text


async def test_the_time_running_out_keeps_the_selection_on_the_redrawn_hand(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules().changed(multi_play=True)) as table:
        alice = table.people[0]
        await table.arrange(FIVES, top="R3", turn=alice)
        await _choose(table, alice, "R5")
        await _choose(table, alice, "G5")
        before = table.hand(alice).text or ""
        await table.bot.tick(45)  # the reminder redraws the hand with the time left

        after = table.hand(alice).text or ""
        assert after != before and "⏱" in after
        assert {"1️⃣ 🟥 5", "2️⃣ 🟩 5"} <= set(_labels(table, alice))
        found = _play_button(table, alice)
        assert found is not None and spaced(found[0]) == "Play 2 cards"


async def test_a_selection_counts_on_other_pages_only_the_cards_that_can_join_it(
    world: World, fake: FakeTelegram
) -> None:
    """Alice holds 27 cards, the two blue 5s on page 2, and starts a selection with one. Page 2 said "▶ on
    other pages: 20" though page 1 showed no ▶ (its red cards cannot join the selection), and page 1 said
    "▶ on other pages: 2" though only the second blue 5 could be added: the count was of the cards playable
    without a selection."""
    reds = ["R0", *(f"R{n}" for n in (1, 2, 3, 4, 6, 7, 8, 9) for _ in range(2)), "RS", "RS", "RR"]
    hand = [*reds, "G1", "G2", "G3", "G4", "B5", "B5", "B7"]
    async with playing(world, fake, Rules().changed(multi_play=True)) as table:
        alice = table.people[0]
        await table.arrange({"Alice": hand, "Bob": ["Y1", "Y2"]}, top="R5", turn=alice)
        turn = next(d for label, d in buttons(table.hand(alice)) if d.action is Action.PAGE and "»" in label)
        await table.press_data(alice, turn)
        await _choose(table, alice, "B5")
        assert "page 2/2" in spaced(table.hand(alice).text or "")
        assert "on other pages" not in (table.hand(alice).text or ""), table.hand(alice).text
        back = next(d for label, d in buttons(table.hand(alice)) if d.action is Action.PAGE and "«" in label)
        await table.press_data(alice, back)
        text = spaced(table.hand(alice).text or "")
        assert "page 1/2" in text and "▶ on other pages: 1" in text, text


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "☝️ This play leaves you one card: press “UNO!” right after it, before anyone catches you."),
        ("ru", "☝️ После этого хода у вас останется одна карта: сразу нажмите «УНО!», пока вас не поймали."),  # noqa: RUF001
    ],
)
async def test_a_selection_that_leaves_one_card_says_to_call_uno_right_after(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """(audit of 2026-12-05) Alice, with three cards, chose two 5s: UNO! can't be called holding three, and
    the moment they were played Bob could catch her; nothing on her hand said so before she pressed Play."""
    hands = {"Alice": ["R5", "B5", "Y9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(multi_play=True), language=language) as table:
        alice = table.people[0]
        await table.arrange(hands, top="R3", turn=alice)
        await _choose(table, alice, "R5")
        assert said not in (table.hand(alice).text or "")  # the red 5 alone leaves two: UNO! comes first
        await _choose(table, alice, "B5")
        assert said in (table.hand(alice).text or "")
        played = next(d for _, d in buttons(table.hand(alice)) if d.action is Action.PLAY and len(d.args) > 1)
        await table.press_data(alice, played)
        called = await table.press(alice, Action.UNO)
        assert not called.show_alert and alice.id in (await table.state()).uno_called


async def _multi_play(table: Table, user: User, codes: Sequence[str]) -> None:
    """Choose `codes` in that order and press Play."""
    for code in codes:
        await _choose(table, user, code)
    data = next(d for _, d in buttons(table.hand(user)) if d.action is Action.PLAY and len(d.args) > 1)
    played = await table.press_data(user, data)
    assert not played.show_alert


async def test_a_multi_play_is_one_line_on_the_table_in_russian(world: World, fake: FakeTelegram) -> None:
    """(a game read in Russian, session 51) "• Аня играет 🟩 5. • Аня играет 🟥 5.": two lines, read as
    two turns, for one."""
    names = ("Аня", "Боря", "Вика")
    hands = dict(zip(names, FIVES.values(), strict=True))
    async with playing(world, fake, Rules().changed(multi_play=True), names, language="ru") as table:
        anya = table.people[0]
        await table.arrange(hands, top="G3", turn=anya)
        await _multi_play(table, anya, ["G5", "R5"])
        assert table.text().endswith("\n• Аня играет 🟩 5 и 🟥 5.")


async def test_what_the_last_card_of_a_multi_play_did_follows_it_on_its_line(
    world: World, fake: FakeTelegram
) -> None:
    hands = {"Alice": ["R0", "G0", "Y9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(multi_play=True, seven_zero=True)) as table:
        alice = table.people[0]
        await table.arrange(hands, top="R3", turn=alice)
        await _multi_play(table, alice, ["R0", "G0"])
        assert "• Alice plays 🟥 0 and 🟩 0: every hand passes on" in table.text()
        assert "Alice plays 🟥 0." not in table.text()
        # a 7's swap after them: "plays 🟥 7 and 🟩 7 and swaps" would read as three things done
        hands = {"Alice": ["R7", "G7", "Y9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
        await table.arrange(hands, top="R3", turn=alice)
        await _multi_play(table, alice, ["R7", "G7"])
        swap = next(data for text, data in buttons(table.hand(alice)) if text.startswith("🔀 Bob"))
        await table.press_data(alice, swap)
        assert table.text().endswith("\n• Alice plays 🟥 7 and 🟩 7, then swaps hands with Bob.")
