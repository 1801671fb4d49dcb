"""The largest matches the bot allows: ten players, hands of dozens of cards, every card in a hand."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from bot.engine.serialization import state_from_dict, state_to_dict
from bot.engine.state import GameState
from bot.tg.callback_data import Action
from tests.e2e.harness import World, buttons
from tests.fake_bot_api import FakeTelegram
from tests.narrow_phone import spaced
from tests.rules_in_play.table import playing

TEN = ("Alice", "Bob", "Carol", "Dave", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")


def _all_cards_in_hands(old: GameState) -> GameState:
    """The draw pile dealt out to the last player, as if they had drawn it all; the discard pile is its
    top card."""
    state = state_from_dict(state_to_dict(old))
    last = state.players[-1]
    state.hands[last] = [*state.hands[last], *state.draw_pile, *state.discard[:-1]]
    state.draw_pile, state.discard = [], state.discard[-1:]
    state.seq += 1
    return state


def _recent(text: str) -> list[str]:
    return [line for line in text.split("Recent:")[1].splitlines() if line.startswith("• ")]


async def test_players_who_find_no_card_to_take_share_a_line(world: World, fake: FakeTelegram) -> None:
    """Ten players, every card in a hand: Alice's Downpour made each of the other nine "take no card: the
    cards have run out" on a line of their own, so the five recent lines held nothing else and the Downpour
    itself was gone from the table."""
    async with playing(world, fake, Rules().changed(deck="h2o"), names=TEN) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["D2", "Y8"], "Bob": ["Y1", "Y2"]}, top="R3", turn=alice)
        await table.rewrite(_all_cards_in_hands)
        await table.play(alice, "D2")
        await table.press(alice, Action.COLOUR)
        assert _recent(table.text()) == [  # the 🟥 3 under the Downpour was the last card to take
            "• The discard pile is shuffled into a new draw pile (1 card).",
            "• Alice plays 🌧 +2: everyone else is due 2 cards, but not enough are left.",
            "• Bob takes 1 of 2 cards in the downpour.",
            "• Carol, Dave, Eve and 5 more take no card: the cards have run out.",
            "• Alice chooses 🟥 red.",
        ]


async def test_a_hand_of_many_pages_opens_where_a_card_fits(world: World, fake: FakeTelegram) -> None:
    """Alice holds 26 cards, sorted by colour, and only her 🟦 7 fits the 🟦 3: her turn opened on page 1,
    where nothing could be played ("▶ on other pages: 1"), and she had to page on to find it."""
    reds = ["R0", "R1", "R1", "R2", "R2", "R4", "R4", "R5", "R5", "R6", "R6", "R7", "R7", "R8", "R8", "R9"]
    yellows = ["R9", "Y0", "Y1", "Y1", "Y2", "Y2", "Y4", "Y4", "Y5"]
    async with playing(world, fake, Rules()) as table:
        alice, _bob, carol = table.people
        hands = {"Alice": [*reds, *yellows, "B7"], "Carol": ["G1"]}
        await table.arrange(hands, top="B3", turn=carol, draw_next=["G2"])
        await table.press(carol, Action.DRAW)  # the 🟩 2 does not fit: Alice's turn begins
        hand = table.hand(alice)
        assert "You have 26 cards · page 2/2" in spaced(hand.text or ""), hand.text
        assert await table.card_button(alice, "B7") is not None, hand.button_texts


@pytest.mark.parametrize(("points", "ended"), [(0, "Alice wins round 1.\n"), (490, "Alice wins the match!")])
async def test_a_hand_of_many_pages_without_buttons_names_no_page(
    world: World, fake: FakeTelegram, points: int, ended: str
) -> None:
    """Bob held 26 cards when Alice played her last: his hand, its keyboard gone at the round's (or the
    match's) end, still read "You have 26 cards · page 1/2", a page with nothing to turn it."""
    reds = ["R0", "R1", "R1", "R2", "R2", "R4", "R4", "R5", "R5", "R6", "R6", "R7", "R7", "R8", "R8", "R9"]
    yellows = ["R9", "Y0", "Y1", "Y1", "Y2", "Y2", "Y4", "Y4", "Y5", "Y5"]
    async with playing(world, fake, Rules()) as table:
        alice, bob, _carol = table.people
        await table.arrange({"Alice": ["B7"], "Bob": [*reds, *yellows]}, top="B3", turn=alice)
        await table.head_start(points)
        await table.play(alice, "B7")
        hand = table.hand(bob)
        assert ended in spaced(hand.text or "") and not hand.buttons, hand.text
        assert "You have 26 cards\n" in spaced(hand.text or ""), hand.text


async def test_a_turn_that_finds_no_card_to_draw_is_one_line(world: World, fake: FakeTelegram) -> None:
    """Every card is in a hand and none of Alice's fits: her draw finds nothing and her turn passes. The
    table told it in two of its five recent lines ("Alice takes no card: the cards have run out.", "Alice
    passes."), so a round of such turns crowded out every other move."""
    async with playing(world, fake, Rules()) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["B1", "B2"]}, top="R5", turn=alice)
        await table.rewrite(_all_cards_in_hands)
        await table.press(alice, Action.DRAW)
        assert _recent(table.text())[-1] == "• Alice takes no card (the cards have run out) and passes."


async def test_a_hand_says_when_there_is_no_card_left_to_draw(world: World, fake: FakeTelegram) -> None:
    """Every card is in a hand and none of Alice's fits: her hand said "no card fits, draw one", yet there
    was none to draw, and pressing Draw only ended her turn."""
    async with playing(world, fake, Rules()) as table:
        alice, _bob, carol = table.people
        await table.arrange({"Alice": ["B1", "B2"]}, top="R5", turn=carol)
        await table.rewrite(_all_cards_in_hands)
        await table.press(carol, Action.DRAW)  # Carol finds no card either: Alice's turn begins
        said = "No card fits and none are left to draw, so press “Draw a card” and the turn passes on."
        assert said in (table.hand(alice).text or ""), table.hand(alice).text


@pytest.mark.parametrize(
    ("language", "one_left", "none_left"),
    [
        (
            "en",
            ("Take 1 card", "Only 1 card is left to take."),
            ("Miss your turn", "No card is left to take"),
        ),
        ("ru", ("Взять 1 карту", "Осталась всего 1 карта"), ("Пропустить ход", "Брать нечего")),
    ],
)
async def test_a_penalty_says_what_is_left_to_take(
    world: World, fake: FakeTelegram, language: str, one_left: tuple[str, str], none_left: tuple[str, str]
) -> None:
    """Every card is in a hand but the 🟥 3 under Alice's +2: Bob's button read "Take 2 cards", and once that
    card was in a hand too, still "Take 2 cards", though pressing it took one card, then none."""
    async with playing(world, fake, Rules(), names=TEN[:3], language=language) as table:
        alice, bob, _carol = table.people
        await table.arrange({"Alice": ["R+2", "B9"], "Bob": ["Y1", "Y2"]}, top="R3", turn=alice)
        await table.rewrite(_all_cards_in_hands)
        await table.play(alice, "R+2")
        for button, said in (one_left, none_left):
            hand = table.hand(bob)
            assert [spaced(text) for text, data in buttons(hand) if data.action is Action.ACCEPT] == [button]
            assert said in spaced(hand.text or ""), hand.text
            await table.rewrite(_all_cards_in_hands)  # Carol takes the 🟥 3 as well


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "• Bob takes 1 of 2 cards as a penalty and misses a turn."),
        ("ru", "• Bob берёт штраф (1 карта из 2) и пропускает ход."),
    ],
)
async def test_a_penalty_cut_short_says_what_was_due(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """Every card is in a hand but the 🟥 3 under Alice's +2: Bob took it, and the table said "Bob takes 1
    card as a penalty and misses a turn.", as if a +2 cost one card."""
    async with playing(world, fake, Rules(), names=TEN[:3], language=language) as table:
        alice, bob, _carol = table.people
        await table.arrange({"Alice": ["R+2", "B9"], "Bob": ["Y1", "Y2"]}, top="R3", turn=alice)
        await table.rewrite(_all_cards_in_hands)
        await table.play(alice, "R+2")
        await table.press(bob, Action.ACCEPT)
        assert table.text().endswith("\n" + said), table.text()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "• Alice plays 🌧 +2: everyone else is due 2 cards, but not enough are left."),
        (
            "ru",
            "• Alice играет 🌧 +2: все остальные должны взять 2 карты, но столько карт не осталось.",
        ),
    ],
)
async def test_a_downpour_the_cards_cut_short_says_so(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """Every card is in a hand but the 🟥 3 under Alice's Downpour: the table said "🌧 Downpour from Alice:
    everyone else takes 2 cards.", and the next lines that Bob took one and Carol none."""
    async with playing(world, fake, Rules().changed(deck="h2o"), names=TEN[:3], language=language) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["D2", "Y8"], "Bob": ["Y1", "Y2"]}, top="R3", turn=alice)
        await table.rewrite(_all_cards_in_hands)
        await table.play(alice, "D2")
        assert said in table.text().splitlines(), table.text()
