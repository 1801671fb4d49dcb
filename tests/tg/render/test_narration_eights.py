"""The table's line of an 8 and its cover (eight_cover): a player's own, a jump-in's, covered again, drawn
for, a Downpour covering it, and the cover the game made for a player whose time ran out, on the missed
turn's line."""

import pytest

from bot.engine import events as ev
from bot.engine.actions import TimeoutKind
from bot.engine.cards import Colour, Kind
from bot.engine.decks import DeckName
from bot.engine.events import Event
from bot.service.recent_moves import in_lines
from tests.tg.render.narrating import narrate_line
from tests.tg.render.narration_events import SEATS_OF_THREE, a_card, bob_drew, first_of


def _covered_with(*cards: str) -> list[Event]:
    """Bob's 🟩 8, covered by each of `cards` in turn (all but the last are 8s)."""
    return [
        ev.CardPlayed(2, a_card("G8")),
        *(event for card in cards for event in (ev.CoverRequired(2), ev.CardPlayed(2, a_card(card)))),
    ]


@pytest.mark.parametrize(
    ("events", "english", "russian"),
    [
        (
            [ev.CardPlayed(2, a_card("G8")), ev.CoverRequired(2), ev.CardPlayed(2, a_card("G1"))],
            "⏱ Bob ran out of time to cover the 8 — plays 🟩 8, then covers it with 🟩 1.",
            "⏱ Bob не успевает покрыть восьмёрку — играет 🟩 8, затем покрывает её картой 🟩 1.",
        ),
        (
            [
                bob_drew(1, ev.DrawReason.TURN),
                ev.CardPlayed(2, a_card("G8")),
                ev.CoverRequired(2),
                ev.CardPlayed(2, a_card("R8")),
                ev.CoverRequired(2),
                bob_drew(2, ev.DrawReason.COVER),
                ev.CardPlayed(2, a_card("RS")),
                ev.Skipped(1),
            ],
            "⏱ Bob ran out of time — draws 1 card and plays 🟩 8, then covers it with 🟥 8, "
            "then draws 2 cards and covers that with 🟥 Skip: Ann misses a turn.",
            "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🟩 8, затем покрывает её картой 🟥 8, "
            "затем берёт 2 карты и покрывает её 🟥 Пропуском: Ann пропускает ход.",
        ),
        (
            [
                ev.CardPlayed(2, a_card("G8")),
                ev.CoverRequired(2),
                ev.CardPlayed(2, a_card("W")),
                ev.ColourChosen(2, Colour.RED, for_timeout=True),
            ],
            "⏱ Bob ran out of time to cover the 8 — plays 🟩 8, then covers it with 🌈 Wild: "
            "the colour is now 🟥 red.",
            "⏱ Bob не успевает покрыть восьмёрку — играет 🟩 8, затем покрывает её 🌈 Дикой: "
            "теперь цвет 🟥 красный.",
        ),
        (
            [
                bob_drew(1, ev.DrawReason.TURN),
                ev.CardPlayed(2, a_card("G8")),
                ev.CoverRequired(2),
                bob_drew(2, ev.DrawReason.COVER),
                ev.CardPlayed(2, a_card("W")),
                ev.ColourChosen(2, Colour.RED, for_timeout=True),
            ],
            "⏱ Bob ran out of time — draws 1 card and plays 🟩 8, then draws 2 cards and covers it with "
            "🌈 Wild: the colour is now 🟥 red.",
            "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🟩 8, затем берёт 2 карты и покрывает её "
            "🌈 Дикой: теперь цвет 🟥 красный.",
        ),
        (
            [bob_drew(3, ev.DrawReason.COVER), ev.CardPlayed(2, a_card("R9"))],
            "⏱ Bob ran out of time to cover the 8 — draws 3 cards and plays 🟥 9.",
            "⏱ Bob не успевает покрыть восьмёрку — берёт 3 карты и играет 🟥 9.",
        ),
        (
            _covered_with("R8", "B3"),
            "⏱ Bob ran out of time to cover the 8 — plays 🟩 8, then covers it with 🟥 8 and that with 🟦 3.",
            "⏱ Bob не успевает покрыть восьмёрку — играет 🟩 8, затем покрывает её картой 🟥 8, "
            "а ту — картой 🟦 3.",  # noqa: RUF001
        ),
        (
            _covered_with("R8", "B8", "Y8", "B3"),
            "⏱ Bob ran out of time to cover the 8 — plays 🟩 8, then covers it with 🟥 8, that with 🟦 8, "
            "that with 🟨 8 and that with 🟦 3.",
            "⏱ Bob не успевает покрыть восьмёрку — играет 🟩 8, затем покрывает её картой 🟥 8, "
            "ту — картой 🟦 8, ту — картой 🟨 8, а ту — картой 🟦 3.",  # noqa: RUF001
        ),
    ],
    ids=[
        "covered",
        "covered twice, drawing",
        "covered with a wild",
        "drew to cover with a wild",
        "drew to cover",
        "covered twice",
        "covered four times",
    ],
)
def test_the_cover_the_game_made_for_a_timed_out_player_is_told_on_its_line(
    events: list[Event], english: str, russian: str
) -> None:
    """(the recent moves audit, 2026-12-03) "⏱ Cleo ran out of time — plays 🟩 8.", "Cleo must cover the
    8.", "Cleo plays 🟩 1.": the game's cover read as her own move. (Session 29) A chain of covers no longer
    repeats "then covers it with" for each 8. (Session 50) An 8 left to cover read as a missed turn: "Bob ran
    out of time and plays 🟩 8"; the 8 drawn and played under force_play is the turn's."""
    covering = not isinstance(events[0], ev.CardsDrawn) or events[0].reason is ev.DrawReason.COVER
    line: list[Event] = [ev.TimedOut(2, TimeoutKind.TURN, covering=covering), *events]
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(told, SEATS_OF_THREE, lang) for told in in_lines(line)] == [said]


def test_the_games_draw_that_found_no_cover_ends_with_the_pass_on_the_missed_turns_line() -> None:
    events: list[Event] = [
        ev.TimedOut(2, TimeoutKind.TURN, covering=True),
        ev.CardPlayed(2, a_card("G8")),
        ev.CoverRequired(2),
        bob_drew(5, ev.DrawReason.COVER),
        ev.Passed(2),
    ]
    said = [narrate_line(line, SEATS_OF_THREE, "en") for line in in_lines(events)]
    assert said == ["⏱ Bob ran out of time to cover the 8 — plays 🟩 8, then draws 5 cards and passes."]


def _bobs_eight(*after: Event) -> list[Event]:
    return [ev.CardPlayed(2, a_card("G8")), ev.CoverRequired(2), *after]


def _ann_jumps_in_with_an_eight(*after: Event) -> list[Event]:
    return [ev.CardPlayed(1, a_card("R8"), jump_in=True), ev.CoverRequired(1), *after]


@pytest.mark.parametrize(
    ("events", "english", "russian"),
    [
        (
            _bobs_eight(),
            "Bob plays 🟩 8, which must be covered.",
            "Bob играет 🟩 8, которую нужно покрыть.",
        ),
        (
            _covered_with("G1"),
            "Bob plays 🟩 8, then covers it with 🟩 1.",
            "Bob играет 🟩 8, затем покрывает её картой 🟩 1.",
        ),
        (
            [*_covered_with("R8"), ev.CoverRequired(2)],
            "Bob plays 🟩 8, then covers it with 🟥 8, which must be covered too.",
            "Bob играет 🟩 8, затем покрывает её картой 🟥 8, которую тоже нужно покрыть.",
        ),
        (
            _covered_with("R8", "B1"),
            "Bob plays 🟩 8, then covers it with 🟥 8 and that with 🟦 1.",
            "Bob играет 🟩 8, затем покрывает её картой 🟥 8, а ту — картой 🟦 1.",  # noqa: RUF001
        ),
        (
            _bobs_eight(bob_drew(2, ev.DrawReason.COVER)),
            "Bob plays 🟩 8, then draws 2 cards to cover it.",
            "Bob играет 🟩 8, затем берёт 2 карты, чтобы её покрыть.",
        ),
        (
            _bobs_eight(bob_drew(2, ev.DrawReason.COVER), ev.CardPlayed(2, a_card("G1"))),
            "Bob plays 🟩 8, then draws 2 cards and covers it with 🟩 1.",
            "Bob играет 🟩 8, затем берёт 2 карты и покрывает её картой 🟩 1.",
        ),
        (
            _bobs_eight(bob_drew(5, ev.DrawReason.COVER), ev.Passed(2)),
            "Bob plays 🟩 8, then draws 5 cards and passes.",
            "Bob играет 🟩 8, затем берёт 5 карт и пасует.",
        ),
        (
            _bobs_eight(ev.CardPlayed(2, a_card("W")), ev.ColourChosen(2, Colour.RED)),
            "Bob plays 🟩 8, then covers it with 🌈 Wild and chooses 🟥 red.",
            "Bob играет 🟩 8, затем покрывает её 🌈 Дикой и выбирает цвет: 🟥 красный.",
        ),
        (
            _bobs_eight(
                bob_drew(4, ev.DrawReason.COVER),
                ev.CardPlayed(2, a_card("W4")),
                ev.ColourChosen(2, Colour.RED),
            ),
            "Bob plays 🟩 8, then draws 4 cards, covers it with 🌈 +4 and chooses 🟥 red.",
            "Bob играет 🟩 8, затем берёт 4 карты, покрывает её картой 🌈 +4 и выбирает цвет: 🟥 красный.",
        ),
        (
            _bobs_eight(
                bob_drew(2, ev.DrawReason.COVER), ev.CardPlayed(2, a_card("G7")), ev.HandsSwapped(2, 3)
            ),
            "Bob plays 🟩 8, then draws 2 cards, covers it with 🟩 7 and swaps hands with Cleo.",
            "Bob играет 🟩 8, затем берёт 2 карты, покрывает её картой 🟩 7 "
            "и меняется картами с игроком Cleo.",  # noqa: RUF001
        ),
        (
            _bobs_eight(ev.CardPlayed(2, a_card("GS")), ev.Skipped(3)),
            "Bob plays 🟩 8, then covers it with 🟩 Skip: Cleo misses a turn.",
            "Bob играет 🟩 8, затем покрывает её 🟩 Пропуском: Cleo пропускает ход.",
        ),
        (
            _bobs_eight(ev.CardPlayed(2, a_card("G7")), ev.SilenceStarted(2)),
            "🤫 Bob plays 🟩 8, then covers it with 🟩 7: silence in the chat!",
            "🤫 Bob играет 🟩 8, затем покрывает её картой 🟩 7: в чате тишина!",
        ),
        (
            [bob_drew(1, ev.DrawReason.TURN), *_bobs_eight(ev.CardPlayed(2, a_card("G1")))],
            "Bob draws 1 card and plays 🟩 8, then covers it with 🟩 1.",
            "Bob берёт 1 карту и играет 🟩 8, затем покрывает её картой 🟩 1.",
        ),
        (
            [bob_drew(1, ev.DrawReason.TURN), *_bobs_eight()],
            "Bob draws 1 card and plays 🟩 8, which must be covered.",
            "Bob берёт 1 карту и играет 🟩 8, которую нужно покрыть.",
        ),
        (
            _ann_jumps_in_with_an_eight(),
            "⚡ Ann jumps in with 🟥 8, which must be covered!",
            "⚡ Ann вмешивается картой 🟥 8, которую нужно покрыть!",
        ),
        (
            _ann_jumps_in_with_an_eight(ev.CardPlayed(1, a_card("RS")), ev.Skipped(2)),
            "⚡ Ann jumps in with 🟥 8, then covers it with 🟥 Skip: Bob misses a turn.",
            "⚡ Ann вмешивается картой 🟥 8, затем покрывает её 🟥 Пропуском: Bob пропускает ход.",
        ),
        (
            _ann_jumps_in_with_an_eight(ev.CardPlayed(1, a_card("W")), ev.ColourChosen(1, Colour.BLUE)),
            "⚡ Ann jumps in with 🟥 8, then covers it with 🌈 Wild and chooses 🟦 blue.",
            "⚡ Ann вмешивается картой 🟥 8, затем покрывает её 🌈 Дикой и выбирает цвет: 🟦 синий.",
        ),
    ],
    ids=[
        "cover awaited",
        "covered",
        "covered by an 8, cover awaited",
        "covered twice",
        "drew to cover",
        "drew and covered",
        "drew, none fitted",
        "covered with a wild",
        "drew and covered with a wild draw four",
        "drew and covered with a 7 that swaps",
        "covered with a skip",
        "covered with a 7",
        "drawn and played",
        "drawn and played, cover awaited",
        "jump-in, cover awaited",
        "jump-in, covered with a skip",
        "jump-in, covered with a wild",
    ],
)
def test_a_players_own_8_and_its_cover_are_one_line(events: list[Event], english: str, russian: str) -> None:
    """(the recent moves audit, session 29) eight_cover: "Bob plays 🟩 8.", "Bob must cover the 8.", "Bob
    plays 🟩 1.": three lines for one move; the timer's cover was one line already, and its wording serves."""
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang) for line in in_lines(events)] == [said]


@pytest.mark.parametrize(
    ("chosen", "english", "russian"),
    [
        (
            [ev.ColourChosen(2, Colour.RED)],
            "Bob plays 🟩 8, then covers it with 🌧 +2: everyone else takes 2 cards, and Bob chooses 🟥 red.",
            "Bob играет 🟩 8, затем покрывает её картой 🌧 +2: все остальные берут 2 карты, "
            "а Bob выбирает 🟥 красный цвет.",  # noqa: RUF001
        ),
        (
            [],
            "Bob plays 🟩 8, then covers it with 🌧 +2: everyone else takes 2 cards.",
            "Bob играет 🟩 8, затем покрывает её картой 🌧 +2: все остальные берут 2 карты.",
        ),
    ],
    ids=["colour chosen", "colour to come"],
)
def test_a_downpour_covering_an_8_is_told_with_the_8(chosen: list[Event], english: str, russian: str) -> None:
    """Covering an 8, a Downpour's line names the 8 and the cover."""
    downpour = first_of(Kind.DOWNPOUR_TWO, DeckName.H2O)  # the classic cards are the H2O deck's first
    events = _bobs_eight(ev.CardPlayed(2, downpour), ev.Downpour(2, 2), *chosen)
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang, DeckName.H2O) for line in in_lines(events)] == [said]
