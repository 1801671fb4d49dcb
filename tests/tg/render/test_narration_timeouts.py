"""The table's line of a turn run out of time: the turns missed in a row counted, and the move the game made
for the player told on the same line (a draw and a pass, a penalty, a colour or a swap chosen, a card drawn
and played with what it did, a start Wild's colour), never as the player's own."""

import pytest

from bot.engine import events as ev
from bot.engine.actions import TimeoutKind
from bot.engine.cards import Colour
from bot.engine.decks import DeckName
from bot.engine.events import Event
from bot.service.recent_moves import in_lines
from bot.tg.render import Seat
from tests.tg.render.narrating import narrate, narrate_line
from tests.tg.render.narration_events import SEATS_OF_THREE, a_card, ann_drew, bob_drew, table_lines


@pytest.mark.parametrize(
    ("lang", "missed", "said"),
    [
        ("en", 1, "⏱ Ann ran out of time."),
        ("en", 2, "⏱ Ann ran out of time (2 turns in a row)."),
        ("ru", 1, "⏱ Ann не успевает сделать ход."),
        ("ru", 21, "⏱ Ann не успевает сделать ход уже 21 раз подряд."),
    ],
)
def test_a_turn_missed_again_is_counted_for_the_group(lang: str, missed: int, said: str) -> None:
    """Players missing turn after turn are removed at the afk limit: the group saw only "ran out of time"."""
    line = narrate(ev.TimedOut(1, TimeoutKind.TURN, missed), {1: Seat(1, "Ann")}, lang)
    assert line == said


TIMED_OUT_MOVES: dict[str, list[Event]] = {
    "drew and passed": [ann_drew(1, ev.DrawReason.TURN), ev.Passed(1)],
    "drew, a Creeper follows": [ann_drew(3, ev.DrawReason.TURN)],
    "penalty": [ann_drew(2, ev.DrawReason.PENALTY), ev.Skipped(1)],
    "penalty, a Creeper follows": [ann_drew(4, ev.DrawReason.PENALTY)],
    "passed": [ev.Passed(1)],
    "colour": [ev.ColourChosen(1, Colour.GREEN)],
    "swap": [ev.HandsSwapped(1, 2)],
}


TIMED_OUT_LINES = [
    (
        "drew and passed",
        1,
        "⏱ Ann ran out of time — draws 1 card and passes.",
        "⏱ Ann не успевает сделать ход — берёт 1 карту и пасует.",
    ),
    (
        "drew, a Creeper follows",
        1,
        "⏱ Ann ran out of time — draws 3 cards.",
        "⏱ Ann не успевает сделать ход — берёт 3 карты.",
    ),
    (
        "penalty",
        2,
        "⏱ Ann ran out of time (2 turns in a row) — takes 2 cards as a penalty and misses a turn.",
        "⏱ Ann не успевает сделать ход уже 2 раза подряд — берёт штраф (2 карты) и пропускает ход.",
    ),
    (
        "penalty, a Creeper follows",
        5,
        "⏱ Ann ran out of time (5 turns in a row) — takes 4 cards as a penalty.",
        "⏱ Ann не успевает сделать ход уже 5 раз подряд — берёт штраф (4 карты).",
    ),
    ("passed", 1, "⏱ Ann ran out of time and passes.", "⏱ Ann не успевает сделать ход и пасует."),
    (
        "passed",
        21,
        "⏱ Ann ran out of time (21 turns in a row) and passes.",
        "⏱ Ann не успевает сделать ход уже 21 раз подряд и пасует.",
    ),
    (
        "colour",
        1,
        "⏱ Ann ran out of time to choose a colour — the colour is now 🟩 green.",
        "⏱ Ann не успевает выбрать цвет — теперь цвет 🟩 зелёный.",
    ),
    (  # extreme_start: the dealer chooses the start card's colour, and may be away from the start
        "colour",
        2,
        "⏱ Ann ran out of time to choose a colour (2 times in a row) — the colour is now 🟩 green.",
        "⏱ Ann не успевает выбрать цвет (время вышло уже 2 раза подряд) — теперь цвет 🟩 зелёный.",
    ),
    (
        "swap",
        1,
        "⏱ Ann ran out of time to choose whom to swap hands with — swaps hands with Bob.",
        "⏱ Ann не успевает выбрать, с кем меняться — меняется картами с игроком Bob.",  # noqa: RUF001
    ),
]


@pytest.mark.parametrize(
    ("move", "missed", "english", "russian"),
    TIMED_OUT_LINES,
    ids=[f"{move}, {missed} missed" for move, missed, _, _ in TIMED_OUT_LINES],
)
def test_a_timed_out_turn_is_one_line_with_the_move_made_for_the_player(
    move: str, missed: int, english: str, russian: str
) -> None:
    """A missed turn took three of the table's five recent lines: "ran out of time", "draws 1 card",
    "passes"; a colour chosen for the player read as their own choice. (Session 50) The colour or the swap
    left to choose after the card played read as a missed turn: "Ann ran out of time — the colour is..."."""
    events = [ev.TimedOut(1, TimeoutKind.TURN, missed), *TIMED_OUT_MOVES[move]]
    assert table_lines(events, "en") == [english]
    assert table_lines(events, "ru") == [russian]


def test_a_timed_out_turn_with_no_card_left_to_draw_says_so_on_its_line() -> None:
    """(the recent moves audit, 2026-12-03) It was three lines: "⏱ Ann ran out of time.", "Ann takes no card:
    the cards have run out.", "Ann passes." (the pass read as her own)."""
    events: list[Event] = [ev.TimedOut(1, TimeoutKind.TURN), ann_drew(0, ev.DrawReason.TURN), ev.Passed(1)]
    english = "⏱ Ann ran out of time — takes no card (the cards have run out) and passes."
    russian = "⏱ Ann не успевает сделать ход — ничего не берёт (карты кончились) и пасует."
    assert (table_lines(events, "en"), table_lines(events, "ru")) == ([english], [russian])


def test_a_colour_the_turn_timer_chose_is_not_told_as_the_players_choice() -> None:
    """Their turn ran out and the game played a Wild for them: the colour they hold most is the game's."""
    chosen = ev.ColourChosen(1, Colour.RED, for_timeout=True)
    assert narrate(chosen, {1: Seat(1, "Ann")}, "en") == "The colour is now 🟥 red."
    assert narrate(chosen, {1: Seat(1, "Ann")}, "ru") == "Теперь цвет: 🟥 красный."


TIMER_PLAYED = [
    (
        "R9",
        [],
        "⏱ Bob ran out of time — draws 1 card and plays 🟥 9.",
        "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🟥 9.",
    ),
    (
        "RS",
        [ev.Skipped(1)],
        "⏱ Bob ran out of time — draws 1 card and plays 🟥 Skip: Ann misses a turn.",
        "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🟥 Пропуск: Ann пропускает ход.",
    ),
    (
        "RS",
        [ev.Skipped(1), ev.Skipped(3)],
        "⏱ Bob ran out of time — draws 1 card and plays 🟥 Skip: Ann and Cleo miss a turn.",
        "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🟥 Пропуск: Ann и Cleo пропускают ход.",
    ),
    (
        "RR",
        [ev.DirectionChanged(-1)],
        "⏱ Bob ran out of time — draws 1 card and plays 🟥 Reverse: the direction changes to ⬆️",
        "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🟥 Разворот: направление меняется на ⬆️",
    ),
    (
        "W",
        [ev.ColourChosen(2, Colour.BLUE, for_timeout=True)],
        "⏱ Bob ran out of time — draws 1 card and plays 🌈 Wild: the colour is now 🟦 blue.",
        "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🌈 Дикую: теперь цвет 🟦 синий.",
    ),
    (
        "R7",
        [ev.SilenceStarted(2)],
        "⏱ Bob ran out of time — draws 1 card and plays 🟥 7: 🤫 the chat falls silent!",
        "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🟥 7: 🤫 в чате тишина!",
    ),
    (
        "R7",
        [ev.HandsSwapped(2, 3)],
        "⏱ Bob ran out of time — draws 1 card and plays 🟥 7, then swaps hands with Cleo.",
        "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🟥 7, "
        "а затем меняется картами с игроком Cleo.",  # noqa: RUF001
    ),
    (
        "R0",
        [ev.HandsRotated(1)],
        "⏱ Bob ran out of time — draws 1 card and plays 🟥 0: every hand passes on ⬇️",
        "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🟥 0: все передают карты дальше ⬇️",
    ),
    (
        "D2",
        [ev.Downpour(2, 2)],
        "⏱ Bob ran out of time — draws 1 card and plays 🌧 +2: everyone else takes 2 cards.",
        "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🌧 +2: все остальные берут 2 карты.",
    ),
    (
        "D2",
        [ev.Downpour(2, 2), ev.ColourChosen(2, Colour.BLUE, for_timeout=True)],
        "⏱ Bob ran out of time — draws 1 card and plays 🌧 +2: everyone else takes 2 cards, "
        "and the colour is now 🟦 blue.",
        "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🌧 +2: все остальные берут 2 карты, "
        "а цвет теперь 🟦 синий.",  # noqa: RUF001
    ),
]


@pytest.mark.parametrize(
    ("card", "effects", "english", "russian"),
    TIMER_PLAYED,
    ids=[
        "plain",
        "skip",
        "skips",
        "reverse",
        "colour",
        "silence",
        "swap",
        "rotation",
        "downpour",
        "downpour colour",
    ],
)
def test_a_card_played_for_a_timed_out_player_is_one_line_with_what_it_did(
    card: str, effects: list[Event], english: str, russian: str
) -> None:
    """(the recent moves audit, 2026-12-03) "⏱ Bob ran out of time — draws 1 card and plays 🟥 ⊘.", then
    "Ann misses a turn."; the colour the turn timer chose for the card is never Bob's choice. (Session 53) A
    colour, a 7's silence, a 0's hands no longer follow "and": «берёт 1 карту и играет 🌈 Дикую, и теперь
    цвет» said «и» twice. (Session 56) They follow a colon, as what any card did does."""
    played = ev.CardPlayed(2, a_card(card))
    events: list[Event] = [
        ev.TimedOut(2, TimeoutKind.TURN),
        bob_drew(1, ev.DrawReason.TURN),
        played,
        *effects,
    ]
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang, DeckName.H2O) for line in in_lines(events)] == [said]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "⏱ Bob ran out of time — plays 🟥 Skip: Ann misses a turn."),
        ("ru", "⏱ Bob не успевает сделать ход — играет 🟥 Пропуск: Ann пропускает ход."),
    ],
)
def test_a_card_drawn_before_the_turn_ran_out_and_played_for_the_player_is_on_its_line(
    lang: str, said: str
) -> None:
    """(the recent moves audit, 2026-12-03) force_play: "⏱ Bob ran out of time.", then "Bob plays 🟥 ⊘: Ann
    misses a turn." as if he had played it himself."""
    events: list[Event] = [ev.TimedOut(2, TimeoutKind.TURN), ev.CardPlayed(2, a_card("RS")), ev.Skipped(1)]
    assert [narrate_line(line, SEATS_OF_THREE, lang) for line in in_lines(events)] == [said]


@pytest.mark.parametrize(
    ("ended", "english", "russian"),
    [
        (
            [bob_drew(3, ev.DrawReason.TURN), ev.Passed(2)],
            "⏱ Bob ran out of time — the colour is now 🟥 red; draws 3 cards and passes.",
            "⏱ Bob не успевает сделать ход — теперь цвет 🟥 красный; берёт 3 карты и пасует.",
        ),
        (
            [bob_drew(1, ev.DrawReason.TURN), ev.CardPlayed(2, a_card("R9"))],
            "⏱ Bob ran out of time — the colour is now 🟥 red; draws 1 card and plays 🟥 9.",
            "⏱ Bob не успевает сделать ход — теперь цвет 🟥 красный; берёт 1 карту и играет 🟥 9.",
        ),
    ],
    ids=["drew and passed", "drew and played"],
)
def test_the_turn_after_the_colour_the_timer_chose_for_a_start_wild_is_on_the_missed_turns_line(
    ended: list[Event], english: str, russian: str
) -> None:
    """(the recent moves audit, 2026-12-03) "⏱ Bob ran out of time — the colour is now 🟥 red.", then "Bob
    draws 3 cards and passes." as if he had drawn himself."""
    colour = ev.ColourChosen(2, Colour.RED, for_timeout=True)
    events: list[Event] = [ev.TimedOut(2, TimeoutKind.TURN), colour, *ended]
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang) for line in in_lines(events)] == [said]


def test_a_missed_turn_after_the_timers_colour_keeps_a_draw_told_without_its_end() -> None:
    """The colour the timer chose for a start card's Wild, then a draw the line tells before the move that
    ends it: the draw is not lost behind the colour."""
    colour = ev.ColourChosen(2, Colour.RED, for_timeout=True)
    events: list[Event] = [ev.TimedOut(2, TimeoutKind.TURN), colour, bob_drew(1, ev.DrawReason.TURN)]
    said = {
        lang: [narrate_line(line, SEATS_OF_THREE, lang) for line in in_lines(events)] for lang in ("en", "ru")
    }
    assert said == {
        "en": ["⏱ Bob ran out of time — the colour is now 🟥 red; draws 1 card."],
        "ru": ["⏱ Bob не успевает сделать ход — теперь цвет 🟥 красный; берёт 1 карту."],
    }
