"""The table's line of a +4's challenge, with what it undid and what it cost: a bluff or a fair card, stacked,
extreme (the card taken back, the colour undone), its player gone, a reshuffle, the cards run out, a Creeper
among the cards (a line of its own)."""

import pytest

from bot.engine import apply
from bot.engine import events as ev
from bot.engine.actions import Challenge, ChooseColour, Leave, Play
from bot.engine.cards import Colour
from bot.engine.decks import DeckName
from bot.engine.events import Event
from bot.engine.rules import Rules, Stacking
from bot.service.recent_moves import in_lines, told
from tests.engine.helpers import act, card_id, given
from tests.tg.render.narrating import narrate_line
from tests.tg.render.narration_events import SEATS_OF_THREE, a_card, bob_drew, bobs_creepers

STACKING = Rules(stacking=Stacking.SAME)


EXTREME = Rules(extreme_challenge=True)


def _challenge_of(
    rules: Rules, hands: dict[int, str], stacked: bool = False, left: bool = False
) -> list[Event]:
    """What a challenge did: Ann plays 🌈 +4 on 🟥 3 and chooses 🟩 green (a red card in her hand: a bluff);
    `stacked`: Bob puts his +4 on it and chooses 🟦 blue (a green card in his hand: a bluff), and Cleo
    challenges his; `left`: Ann leaves before Bob challenges hers."""
    state = given(hands, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "W4")), ChooseColour(1, Colour.GREEN))
    if stacked:
        state, _ = act(state, Play(2, card_id(state, 2, "W4")), ChooseColour(2, Colour.BLUE))
    if left:  # no legal action: a leave is no move
        state, _ = apply(state, Leave(1))
    _, events = act(state, Challenge(3 if stacked else 2))
    return events


@pytest.mark.parametrize(
    ("rules", "hands", "stacked", "left", "english", "russian"),
    [
        (
            Rules(),
            {1: "W4 R5 G1", 2: "B9 B1", 3: "B8 B2"},
            False,
            False,
            "Bob challenges Ann, and it was a bluff: Ann takes 4 cards.",
            "Bob оспаривает карту игрока Ann, и это блеф: Ann берёт 4 карты.",
        ),
        (
            Rules(),
            {1: "W4 B5 G1", 2: "B9 B1", 3: "B8 B2"},
            False,
            False,
            "Bob challenges Ann, but the card was fair: Bob takes 6 cards and misses a turn.",
            "Bob оспаривает карту игрока Ann, но всё честно: Bob берёт 6 карт и пропускает ход.",
        ),
        (
            STACKING,
            {1: "W4 B5 G1", 2: "W4 G5 B1", 3: "B8 B2"},
            True,
            False,
            "Cleo challenges Bob, and it was a bluff: Bob takes 8 cards.",
            "Cleo оспаривает карту игрока Bob, и это блеф: Bob берёт 8 карт.",
        ),
        (
            STACKING,
            {1: "W4 B5 G1", 2: "W4 B7 B1", 3: "B8 B2"},
            True,
            False,
            "Cleo challenges Bob, but the card was fair: Cleo takes 10 cards and misses a turn.",
            "Cleo оспаривает карту игрока Bob, но всё честно: Cleo берёт 10 карт и пропускает ход.",
        ),
        (
            EXTREME,
            {1: "W4 R5 G1", 2: "B9 B1", 3: "B8 B2"},
            False,
            False,
            "Bob challenges Ann, and it was a bluff: Ann takes back 🌈 +4 and 4 cards.",
            "Bob оспаривает карту игрока Ann, и это блеф: Ann забирает 🌈 +4 обратно и берёт 4 карты.",
        ),
        (
            EXTREME,
            {1: "W4 B5 G1", 2: "B9 B1", 3: "B8 B2"},
            False,
            False,
            "Bob challenges Ann, but the card was fair: Bob takes 8 cards and misses a turn.",
            "Bob оспаривает карту игрока Ann, но всё честно: Bob берёт 8 карт и пропускает ход.",
        ),
        (
            Rules(),
            {1: "W4 R5 G1", 2: "B9 B1", 3: "B8 B2"},
            False,
            True,
            "Bob challenges Ann, and it was a bluff: Ann has left the game, so nobody takes the 4 cards.",
            "Bob оспаривает карту игрока Ann, и это блеф: Ann уже не в игре, так что 4 карты никто не берёт.",
        ),
        (
            EXTREME,
            {1: "W4 R5 G1", 2: "B9 B1", 3: "B8 B2"},
            False,
            True,
            "Bob challenges Ann, and it was a bluff: the colour is 🟥 red again, and nobody takes the 4 "
            "cards, as Ann has left the game.",
            "Bob оспаривает карту игрока Ann, и это блеф: цвет снова 🟥 красный, а 4 карты никто не берёт — "  # noqa: RUF001
            "Ann уже не в игре.",
        ),
    ],
    ids=[
        "a bluff",
        "a fair card",
        "a stacked bluff",
        "a stacked fair card",
        "an extreme bluff",
        "an extreme fair card",
        "a departed player's bluff",
        "a departed player's extreme bluff",
    ],
)
def test_a_challenge_and_what_it_cost_are_one_line(
    rules: Rules, hands: dict[int, str], stacked: bool, left: bool, english: str, russian: str
) -> None:
    """(a 10-player extreme game, session 57) «Ann оспаривает карту игрока Bob: это был блеф!», «Bob забирает
    🌈 +4 обратно.», «Bob берёт 4 карты после оспаривания.»: three of the table's few lines for one challenge,
    which pushed the moves before it off the table. The challenge, what it undid and what it cost read as
    one line now, whoever pays, however much."""
    events = _challenge_of(rules, hands, stacked, left)
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang) for line in in_lines(told(events))] == [said]


@pytest.mark.parametrize(
    ("events", "english", "russian"),
    [
        (
            [
                ev.Challenged(3, 2, True, ()),
                ev.ColourReverted(Colour.RED),
                bob_drew(4, ev.DrawReason.CHALLENGE),
            ],
            ["Cleo challenges Bob, and it was a bluff: the colour is 🟥 red again, and Bob takes 4 cards."],
            ["Cleo оспаривает карту игрока Bob, и это блеф: цвет снова 🟥 красный, а Bob берёт 4 карты."],  # noqa: RUF001
        ),
        (
            [
                ev.Challenged(3, 2, True, ()),
                ev.CardReturned(2, a_card("W4")),
                ev.Reshuffled(30),
                bob_drew(4, ev.DrawReason.CHALLENGE),
            ],
            [
                "The discard pile is shuffled into a new draw pile (30 cards).",
                "Cleo challenges Bob, and it was a bluff: Bob takes back 🌈 +4 and 4 cards.",
            ],
            [
                "Сброс перемешан и стал новой колодой (30 карт).",  # noqa: RUF001
                "Cleo оспаривает карту игрока Bob, и это блеф: Bob забирает 🌈 +4 обратно и берёт 4 карты.",
            ],
        ),
        (
            [ev.Challenged(3, 2, True, ()), ev.Reshuffled(30), bob_drew(4, ev.DrawReason.CHALLENGE)],
            [
                "The discard pile is shuffled into a new draw pile (30 cards).",
                "Cleo challenges Bob, and it was a bluff: Bob takes 4 cards.",
            ],
            [
                "Сброс перемешан и стал новой колодой (30 карт).",  # noqa: RUF001
                "Cleo оспаривает карту игрока Bob, и это блеф: Bob берёт 4 карты.",
            ],
        ),
        (
            [
                ev.Challenged(2, 1, False, ()),
                ev.CardsDrawn(2, 0, (), ev.DrawReason.CHALLENGE, 6),
                ev.Skipped(2),
            ],
            [
                "Bob challenges Ann, but the card was fair: Bob takes no card (the cards have run out) and "
                "misses a turn."
            ],
            [
                "Bob оспаривает карту игрока Ann, но всё честно: Bob ничего не берёт (карты кончились) и "
                "пропускает ход."
            ],
        ),
        (
            [
                ev.Challenged(3, 2, True, ()),
                ev.CardReturned(2, a_card("W4")),
                bob_drew(4, ev.DrawReason.CHALLENGE),
                *bobs_creepers(1),
                bob_drew(3, ev.DrawReason.CREEPER),
            ],
            [
                "Cleo challenges Bob, and it was a bluff: Bob takes back 🌈 +4.",
                "🧨 Bob takes 4 cards after the challenge, a Creeper among them: takes 3 more cards.",
            ],
            [
                "Cleo оспаривает карту игрока Bob, и это блеф: Bob забирает 🌈 +4 обратно.",
                "🧨 Bob берёт 4 карты после оспаривания, а среди них Крипер: берёт ещё 3 карты.",  # noqa: RUF001
            ],
        ),
    ],
    ids=[
        "its colour undone, its card still on the pile",
        "a reshuffle first",
        "a reshuffle right after the challenge",
        "no card left",
        "a creeper",
    ],
)
def test_a_challenges_line_tells_the_colour_undone_and_the_cards_however_they_came(
    events: list[Event], english: list[str], russian: list[str]
) -> None:
    """The extreme challenge's colour undone while the bluff stays on the pile (reshuffled under since), a
    reshuffle that made room for the cards (told before the challenge, as before a missed turn's draw), the
    piles run out: one line still. A Creeper among the cards keeps its own line, as it does after any
    penalty: two lines, not one past reading."""
    for lang, said in (("en", english), ("ru", russian)):
        lines = in_lines(told(events))
        assert [narrate_line(line, SEATS_OF_THREE, lang, DeckName.MINECRAFT) for line in lines] == said
