"""Jump-in: an identical card is playable out of turn from the private keyboard; first to arrive wins."""

from __future__ import annotations

from bot.engine.rules import Rules
from bot.tg.callback_data import Action
from bot.tg.render.hand_keyboard import JUMP_IN_MARK
from tests.e2e.harness import World, press
from tests.fake_bot_api import FakeTelegram
from tests.rules_in_play.table import playing


async def test_an_identical_card_jumps_in_from_the_private_keyboard(world: World, fake: FakeTelegram) -> None:
    async with playing(world, fake, Rules().changed(jump_in="on")) as table:
        alice, bob, carol = table.people
        state = await table.state()
        assert state.players == [alice.id, bob.id, carol.id]
        await table.arrange(
            {"Alice": ["G4", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["R5", "G1"]}, top="R5", turn=alice
        )
        assert any(JUMP_IN_MARK in text for row in table.hand(carol).button_texts for text in row)
        jumped = await table.play(carol, "R5")
        assert jumped.answered and not jumped.show_alert
        state = await table.state()
        assert state.top.code == "R5" and state.hands[carol.id] != [] and len(state.hands[carol.id]) == 1
        assert state.turn == alice.id  # play continues from the jumper: Carol's next is Alice
        assert "Carol" in table.text()


async def test_without_jump_in_an_identical_card_waits_for_its_turn(world: World, fake: FakeTelegram) -> None:
    async with playing(world, fake, Rules()) as table:
        alice, _, carol = table.people
        await table.arrange(
            {"Alice": ["G4", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["R5", "G1"]}, top="R5", turn=alice
        )
        assert await table.card_button(carol, "R5") is None
        assert Action.PLAY not in table.actions(carol)


async def test_the_race_with_the_next_player_is_settled_in_order_of_arrival(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules().changed(jump_in="on")) as table:
        alice, bob, carol = table.people
        await table.arrange(
            {"Alice": ["G4", "B9"], "Bob": ["R1", "Y2"], "Carol": ["R5", "G1"]}, top="R5", turn=bob
        )
        # Both press before the bot hears of either: Bob's move arrives first, so Carol's jump-in is too late.
        bob_move = await table.card_button(bob, "R1")
        carol_jump = await table.card_button(carol, "R5")
        assert bob_move is not None and carol_jump is not None
        first = press(table.fake, bob, table.hand(bob), bob_move)
        second = press(table.fake, carol, table.hand(carol), carol_jump)
        await table.deliver()
        assert not first.show_alert and second.show_alert
        state = await table.state()
        assert state.top.code == "R1" and len(state.hands[carol.id]) == 2

        await table.arrange(
            {"Alice": ["G4", "B9"], "Bob": ["R1", "Y2"], "Carol": ["R5", "G1"]}, top="R5", turn=bob
        )
        bob_move = await table.card_button(bob, "R1")
        carol_jump = await table.card_button(carol, "R5")
        assert bob_move is not None and carol_jump is not None
        first = press(table.fake, carol, table.hand(carol), carol_jump)
        second = press(table.fake, bob, table.hand(bob), bob_move)
        await table.deliver()
        assert not first.show_alert and second.show_alert
        state = await table.state()
        assert state.top.code == "R5" and state.turn == alice.id and len(state.hands[bob.id]) == 2


async def test_a_waiting_hand_shows_nothing_that_goes_stale_but_the_top_card_it_can_jump_in_on(
    world: World, fake: FakeTelegram
) -> None:
    """Waiting hands are edited only when their buttons change: a turn or top card written on them would be
    out of date a move later. With a jump-in to offer, the top card is what the buttons answer."""
    async with playing(world, fake, Rules().changed(jump_in="on")) as table:
        alice, bob, carol = table.people
        await table.arrange(
            {"Alice": ["G4", "R9", "Y7"], "Bob": ["Y1", "Y2"], "Carol": ["R5", "G1"]}, top="R5", turn=alice
        )
        await table.bot.tick(30)
        bob_hand, carol_hand = table.hand(bob).text or "", table.hand(carol).text or ""
        assert "Top card" not in bob_hand and "Turn:" not in bob_hand
        assert "Not your turn: watch the group." in bob_hand
        assert "Top card: 🟥 5" in carol_hand  # her R5 jumps in on it
        await table.play(alice, "R9")  # now Bob's turn; Carol's jump-in is gone
        await table.bot.tick(30)
        carol_hand = table.hand(carol).text or ""
        assert "Top card" not in carol_hand and "Not your turn" in carol_hand


async def test_a_jump_in_on_another_page_is_counted_with_its_own_mark(
    world: World, fake: FakeTelegram
) -> None:
    """Carol waits with 26 cards and her identical 🟦 5 on page 2. The keyboard marks it ⚡, as her hint
    says ("⚡ You can jump in"), yet page 1 counted it as "▶ on other pages: 1": ▶ is the mark of a card
    played on one's own turn, which she does not have."""
    many = [f"{colour}{n}" for colour in "RYG" for n in range(1, 10)][:25]
    async with playing(world, fake, Rules().changed(jump_in="on")) as table:
        alice = table.people[0]
        hands = {"Alice": ["G4", "B9"], "Bob": ["Y1", "Y2"], "Carol": [*many, "B5"]}
        await table.arrange(hands, top="B5", turn=alice)
        text = table.hand(table.people[2]).text or ""
        assert f"{JUMP_IN_MARK} on other pages: 1" in text, text
