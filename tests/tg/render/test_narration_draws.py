"""The table's lines of draws, each one line with what ended it: a draw and the pass or the card played after
it, a draw that found no card, a broken silence's cards; a Creeper (Minecraft deck) and the cards it brought,
on the line of the draw that brought it (a turn's, a timed-out turn's, a penalty's, any other), too few of
them, two Creepers at once, a Creeper drawn and played."""

import pytest

from bot.engine import events as ev
from bot.engine.actions import TimeoutKind
from bot.engine.cards import Colour, Kind
from bot.engine.decks import DeckName, deck_cards
from bot.engine.events import Event
from bot.service.recent_moves import in_lines
from bot.tg.render import Seat
from tests.tg.render.narrating import narrate_line
from tests.tg.render.narration_events import (
    SEATS_OF_THREE,
    ann_drew,
    bob_drew,
    bobs_creepers,
    first_of,
    table_lines,
)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "🤫 Ann breaks the silence: takes 4 cards."),
        ("ru", "🤫 Ann нарушает тишину: берёт 4 карты."),
    ],
)
def test_a_broken_silence_is_one_line_with_the_cards_it_cost(lang: str, said: str) -> None:
    assert table_lines([ev.SilenceBroken(1), ann_drew(4, ev.DrawReason.SILENCE)], lang) == [said]


@pytest.mark.parametrize(
    ("count", "english", "russian"),
    [
        (1, "Ann draws 1 card and passes.", "Ann берёт 1 карту и пасует."),
        (3, "Ann draws 3 cards and passes.", "Ann берёт 3 карты и пасует."),
        (5, "Ann draws 5 cards and passes.", "Ann берёт 5 карт и пасует."),
    ],
)
def test_a_draw_and_the_pass_after_it_are_one_line(count: int, english: str, russian: str) -> None:
    """The commonest pair took two of the table's five lines: "Ann draws 1 card.", "Ann passes."."""
    events: list[Event] = [ann_drew(count, ev.DrawReason.TURN), ev.Passed(1)]
    assert table_lines(events, "en") == [english]
    assert table_lines(events, "ru") == [russian]


@pytest.mark.parametrize(
    ("count", "english", "russian"),
    [
        (1, "Ann draws 1 card and plays 🟥 9.", "Ann берёт 1 карту и играет 🟥 9."),
        (3, "Ann draws 3 cards and plays 🟥 9.", "Ann берёт 3 карты и играет 🟥 9."),
    ],
)
def test_a_draw_and_the_drawn_card_played_are_one_line(count: int, english: str, russian: str) -> None:
    nine = next(card.id for card in deck_cards(DeckName.CLASSIC) if card.code == "R9")
    events: list[Event] = [ann_drew(count, ev.DrawReason.TURN), ev.CardPlayed(1, nine)]
    assert table_lines(events, "en") == [english]
    assert table_lines(events, "ru") == [russian]


def test_a_creeper_and_its_cards_are_one_line() -> None:
    events: list[Event] = [ev.CreeperRevealed(1, 0), ann_drew(3, ev.DrawReason.CREEPER)]
    assert table_lines(events, "en") == ["🧨 Ann draws a Creeper and takes 3 more cards."]
    assert table_lines(events, "ru") == ["🧨 Ann вытягивает Крипера и берёт ещё 3 карты."]


CREEPER_ON_TURN = [
    ("en", 1, 3, True, "🧨 Ann draws a Creeper, takes 3 more cards and passes."),
    ("ru", 1, 3, True, "🧨 Ann вытягивает Крипера, берёт ещё 3 карты и пасует."),
    ("en", 1, 3, False, "🧨 Ann draws a Creeper and takes 3 more cards."),  # as a Creeper drawn otherwise
    ("ru", 1, 3, False, "🧨 Ann вытягивает Крипера и берёт ещё 3 карты."),
    ("en", 4, 3, False, "🧨 Ann draws 4 cards, a Creeper among them: takes 3 more cards."),
    ("ru", 4, 3, False, "🧨 Ann берёт 4 карты, а среди них Крипер: берёт ещё 3 карты."),  # noqa: RUF001
    ("en", 5, 1, True, "🧨 Ann draws 5 cards, a Creeper among them: takes 1 more card and passes."),
    ("ru", 5, 1, True, "🧨 Ann берёт 5 карт, а среди них Крипер: берёт ещё 1 карту и пасует."),  # noqa: RUF001
    ("en", 21, 0, False, "🧨 Ann draws 21 cards, a Creeper among them!"),  # no card left for it to add
    ("ru", 21, 0, False, "🧨 Ann берёт 21 карту, а среди них Крипер!"),  # noqa: RUF001
]


@pytest.mark.parametrize(
    ("lang", "drawn", "extra", "passed", "said"),
    CREEPER_ON_TURN,
    ids=[
        f"{lang}, {drawn} drawn, {extra} more, passed {passed}"
        for lang, drawn, extra, passed, _ in CREEPER_ON_TURN
    ],
)
def test_a_creeper_drawn_on_ones_turn_is_one_line_with_its_cards_and_the_pass(
    lang: str, drawn: int, extra: int, passed: bool, said: str
) -> None:
    """Three lines for one turn: "Ann draws 1 card.", "🧨 Ann draws a Creeper and takes 3 more cards.",
    "Ann passes."."""
    line: list[Event] = [ann_drew(drawn, ev.DrawReason.TURN), ev.CreeperRevealed(1, 0)]
    line += [ann_drew(extra, ev.DrawReason.CREEPER)] if extra else []
    line += [ev.Passed(1)] if passed else []
    assert in_lines(line) == [tuple(line)]
    assert narrate_line(line, {1: Seat(1, "Ann")}, lang, DeckName.MINECRAFT) == said


TIMER_CREEPERS = [
    (
        1,
        1,
        [ev.Passed(2)],
        "⏱ Bob ran out of time — draws a Creeper, takes 3 more cards and passes.",
        "⏱ Bob не успевает сделать ход — вытягивает Крипера, берёт ещё 3 карты и пасует.",
    ),
    (
        4,
        1,
        [ev.Passed(2)],
        "⏱ Bob ran out of time — draws 4 cards (a Creeper among them), takes 3 more cards and passes.",
        "⏱ Bob не успевает сделать ход — берёт 4 карты (среди них Крипер), а потом ещё 3 карты и пасует.",  # noqa: RUF001
    ),
    (
        5,
        2,
        [ev.Passed(2)],
        "⏱ Bob ran out of time — draws 5 cards (two Creepers among them), takes 6 more cards and passes.",
        "⏱ Bob не успевает сделать ход — берёт 5 карт (среди них два Крипера), а потом ещё 6 карт и пасует.",  # noqa: RUF001
    ),
    (
        1,
        1,
        [ev.CardPlayed(2, 0), ev.ColourChosen(2, Colour.RED, for_timeout=True)],
        "⏱ Bob ran out of time — draws a Creeper, takes 3 more cards and plays it: the colour is now 🟥 red.",
        "⏱ Bob не успевает сделать ход — вытягивает Крипера, берёт ещё 3 карты и играет его: "  # noqa: RUF001
        "теперь цвет 🟥 красный.",
    ),
    (
        3,
        1,
        [ev.CardPlayed(2, 0), ev.ColourChosen(2, Colour.RED, for_timeout=True)],
        "⏱ Bob ran out of time — draws 3 cards (a Creeper among them), takes 3 more cards "
        "and plays the Creeper: the colour is now 🟥 red.",
        "⏱ Bob не успевает сделать ход — берёт 3 карты (среди них Крипер), а потом ещё 3 карты "  # noqa: RUF001
        "и играет этого Крипера: теперь цвет 🟥 красный.",
    ),
]


@pytest.mark.parametrize(
    ("drawn", "creepers", "ending", "english", "russian"),
    TIMER_CREEPERS,
    ids=["a creeper", "among the cards", "two creepers", "played for them", "among the cards, played"],
)
def test_a_creeper_a_timed_out_turn_drew_is_told_on_its_line(
    drawn: int, creepers: int, ending: list[Event], english: str, russian: str
) -> None:
    """(the recent moves audit, 2026-12-03) "⏱ Ann ran out of time — draws 3 cards.", "🧨 Ann draws a Creeper
    and takes 3 more cards.", "Ann passes.": the last read as if she had passed herself. (Session 29) The
    Creeper played for them is not named again: "draws a Creeper, takes 3 more cards and plays 🧨 Creeper"."""
    events: list[Event] = [
        ev.TimedOut(2, TimeoutKind.TURN),
        bob_drew(drawn, ev.DrawReason.TURN),
        *bobs_creepers(creepers),
        bob_drew(3 * creepers, ev.DrawReason.CREEPER),
        *ending,
    ]
    creeper = first_of(Kind.CREEPER, DeckName.MINECRAFT)  # the Creeper drawn first is the card played
    events = [ev.CardPlayed(2, creeper) if isinstance(event, ev.CardPlayed) else event for event in events]
    events[2] = ev.CreeperRevealed(2, creeper)
    for lang, said in (("en", english), ("ru", russian)):
        assert [
            narrate_line(line, SEATS_OF_THREE, lang, DeckName.MINECRAFT) for line in in_lines(events)
        ] == [said]


# The draws a Creeper's three cards came short in (one card left): its line says how many of the three it
# brought.
SHORT_CREEPERS = {
    "on the turn": (
        [bob_drew(1, ev.DrawReason.TURN)],
        [],
        "🧨 Bob draws a Creeper and takes 1 of 3 more cards.",
        "🧨 Bob вытягивает Крипера и берёт ещё 1 карту из 3.",
    ),
    "in a penalty": (
        [bob_drew(2, ev.DrawReason.PENALTY)],
        [ev.Skipped(2)],
        "🧨 Bob takes 2 cards as a penalty, a Creeper among them: takes 1 of 3 more cards and misses a turn.",
        "🧨 Bob берёт штраф (2 карты), а среди них Крипер: берёт ещё 1 карту из 3 и пропускает ход.",  # noqa: RUF001
    ),
    "drawn otherwise": (
        [],
        [],
        "🧨 Bob draws a Creeper and takes 1 of 3 more cards.",
        "🧨 Bob вытягивает Крипера и берёт ещё 1 карту из 3.",
    ),
    "by the turn timer": (
        [ev.TimedOut(2, TimeoutKind.TURN), bob_drew(1, ev.DrawReason.TURN)],
        [ev.Passed(2)],
        "⏱ Bob ran out of time — draws a Creeper, takes 1 of 3 more cards and passes.",
        "⏱ Bob не успевает сделать ход — вытягивает Крипера, берёт ещё 1 карту из 3 и пасует.",
    ),
}


@pytest.mark.parametrize(
    ("before", "after", "english", "russian"), SHORT_CREEPERS.values(), ids=list(SHORT_CREEPERS)
)
def test_a_creeper_that_found_too_few_cards_says_how_many_of_three_it_brought(
    before: list[Event], after: list[Event], english: str, russian: str
) -> None:
    """(transcript read, session 50) "🧨 Bob draws a Creeper and takes 1 more card." of a card the rules give
    three: a penalty or a Downpour that finds too few says how many of how many."""
    short = ev.CardsDrawn(2, 1, (1,), ev.DrawReason.CREEPER, due=3)
    events: list[Event] = [*before, ev.CreeperRevealed(2, 0), short, *after]
    for lang, said in (("en", english), ("ru", russian)):
        assert [
            narrate_line(line, SEATS_OF_THREE, lang, DeckName.MINECRAFT) for line in in_lines(events)
        ] == [said]


@pytest.mark.parametrize(
    ("drawn", "english", "russian"),
    [
        (
            None,  # a penalty's draw, or the cards a Downpour or a slap cost
            ["🧨 Bob draws two Creepers and takes 6 more cards."],
            ["🧨 Bob вытягивает двух Криперов и берёт ещё 6 карт."],
        ),
        (
            3,
            ["🧨 Bob draws 3 cards, two Creepers among them: takes 6 more cards and passes."],
            ["🧨 Bob берёт 3 карты, а среди них два Крипера: берёт ещё 6 карт и пасует."],  # noqa: RUF001
        ),
    ],
    ids=["drawn otherwise", "the turn's draw"],
)
def test_two_creepers_drawn_at_once_are_told_once(
    drawn: int | None, english: list[str], russian: list[str]
) -> None:
    """(the recent moves audit, 2026-12-03) "🧨 Ann draws 2 cards, a Creeper among them!", then "🧨 Ann draws
    a Creeper!": as if there had been a second draw."""
    events: list[Event] = [*bobs_creepers(2), bob_drew(6, ev.DrawReason.CREEPER)]
    if drawn is not None:
        events = [bob_drew(drawn, ev.DrawReason.TURN), *events, ev.Passed(2)]
    for lang, said in (("en", english), ("ru", russian)):
        assert [
            narrate_line(line, SEATS_OF_THREE, lang, DeckName.MINECRAFT) for line in in_lines(events)
        ] == said


@pytest.mark.parametrize(
    ("drawn", "ending", "english", "russian"),
    [
        (
            bob_drew(2, ev.DrawReason.PENALTY),
            [bob_drew(3, ev.DrawReason.CREEPER), ev.Skipped(2)],
            "🧨 Bob takes 2 cards as a penalty, a Creeper among them: takes 3 more cards and misses a turn.",
            "🧨 Bob берёт штраф (2 карты), а среди них Крипер: берёт ещё 3 карты и пропускает ход.",  # noqa: RUF001
        ),
        (
            bob_drew(4, ev.DrawReason.CHALLENGE),
            [bob_drew(3, ev.DrawReason.CREEPER)],
            "🧨 Bob takes 4 cards after the challenge, a Creeper among them: takes 3 more cards.",
            "🧨 Bob берёт 4 карты после оспаривания, а среди них Крипер: берёт ещё 3 карты.",  # noqa: RUF001
        ),
        (
            bob_drew(2, ev.DrawReason.PENALTY),
            [ev.Skipped(2)],
            "🧨 Bob takes 2 cards as a penalty, a Creeper among them, and misses a turn.",
            "🧨 Bob берёт штраф (2 карты), а среди них Крипер, и пропускает ход.",  # noqa: RUF001
        ),
    ],
    ids=["penalty", "challenge, before the skip", "no cards to add"],
)
def test_a_creeper_a_penalty_brought_is_one_line_with_the_penalty(
    drawn: ev.CardsDrawn, ending: list[Event], english: str, russian: str
) -> None:
    """(the recent moves audit, 2026-12-03) "Bob takes 2 cards as a penalty.", "🧨 Bob draws a Creeper and
    takes 3 more cards.", "Bob misses a turn.": three lines for one penalty."""
    events: list[Event] = [drawn, *bobs_creepers(1), *ending]
    for lang, said in (("en", english), ("ru", russian)):
        assert [
            narrate_line(line, SEATS_OF_THREE, lang, DeckName.MINECRAFT) for line in in_lines(events)
        ] == [said]


@pytest.mark.parametrize(
    ("drawn", "english", "russian"),
    [
        (1, "🧨 Bob draws a Creeper and passes.", "🧨 Bob вытягивает Крипера и пасует."),
        (
            3,
            "🧨 Bob draws 3 cards, a Creeper among them, and passes.",
            "🧨 Bob берёт 3 карты, а среди них Крипер, и пасует.",  # noqa: RUF001
        ),
    ],
)
def test_a_creeper_that_found_no_cards_to_add_and_the_pass_are_one_line(
    drawn: int, english: str, russian: str
) -> None:
    events: list[Event] = [bob_drew(drawn, ev.DrawReason.TURN), *bobs_creepers(1), ev.Passed(2)]
    for lang, said in (("en", english), ("ru", russian)):
        assert [
            narrate_line(line, SEATS_OF_THREE, lang, DeckName.MINECRAFT) for line in in_lines(events)
        ] == [said]


DRAWS_THAT_BROUGHT_A_CREEPER = [
    (
        [ev.TimedOut(2, TimeoutKind.TURN), bob_drew(2, ev.DrawReason.PENALTY)],
        [bob_drew(3, ev.DrawReason.CREEPER), ev.Skipped(2)],
        "⏱ Bob ran out of time — takes 2 cards as a penalty (a Creeper among them), takes 3 more cards "
        "and misses a turn.",
        "⏱ Bob не успевает сделать ход — берёт штраф (2 карты, среди них Крипер), а потом ещё 3 карты "  # noqa: RUF001
        "и пропускает ход.",
    ),
    (
        [bob_drew(2, ev.DrawReason.UNO)],
        [bob_drew(3, ev.DrawReason.CREEPER)],
        "🧨 Bob takes 2 cards for not calling “UNO!”, a Creeper among them: takes 3 more cards.",
        "🧨 Bob берёт 2 карты за забытое «УНО!», а среди них Крипер: берёт ещё 3 карты.",  # noqa: RUF001
    ),
    (
        [ev.FalseCatch(2), bob_drew(1, ev.DrawReason.FALSE_CATCH)],
        [bob_drew(3, ev.DrawReason.CREEPER)],
        "Bob tries to catch someone, but there is nobody to catch: takes 1 card, and it is a Creeper: takes 3"
        " more cards.",
        "Bob пытается поймать, но ловить некого: берёт 1 карту, и это Крипер: берёт ещё 3 карты.",
    ),
    (
        [bob_drew(4, ev.DrawReason.NO_SLAP)],
        [bob_drew(3, ev.DrawReason.CREEPER)],
        "🧨 Bob takes 4 cards for not slapping, a Creeper among them: takes 3 more cards.",
        "🧨 Bob берёт 4 карты за пропущенный хлопок, а среди них Крипер: берёт ещё 3 карты.",  # noqa: RUF001
    ),
    (
        [bob_drew(1, ev.DrawReason.COVER)],
        [bob_drew(3, ev.DrawReason.CREEPER)],
        "🧨 Bob draws 1 card to cover the 8, and it is a Creeper: takes 3 more cards.",
        "🧨 Bob берёт 1 карту, чтобы покрыть восьмёрку, и это Крипер: берёт ещё 3 карты.",
    ),
    (
        [ev.SilenceBroken(2), bob_drew(4, ev.DrawReason.SILENCE)],
        [bob_drew(3, ev.DrawReason.CREEPER)],
        "🤫 Bob breaks the silence: takes 4 cards (a Creeper among them) and 3 more cards.",
        "🤫 Bob нарушает тишину: берёт 4 карты (среди них Крипер) и ещё 3 карты.",
    ),
    (
        [bob_drew(1, ev.DrawReason.PENALTY)],
        [ev.Skipped(2)],
        "🧨 Bob takes 1 card as a penalty, and it is a Creeper; Bob misses a turn.",
        "🧨 Bob берёт штраф (1 карта), и это Крипер; Bob пропускает ход.",
    ),
]


@pytest.mark.parametrize(
    ("drawn", "ending", "english", "russian"),
    DRAWS_THAT_BROUGHT_A_CREEPER,
    ids=["missed turn's penalty", "uno", "false catch", "no slap", "cover", "silence", "a card, none to add"],
)
def test_a_creeper_any_draw_brought_is_told_on_that_draws_line(
    drawn: list[Event], ending: list[Event], english: str, russian: str
) -> None:
    """(the recent moves audit, session 29) "⏱ Ann ran out of time — takes 2 cards as a penalty.", "🧨 Ann
    draws a Creeper and takes 3 more cards.", "Ann misses a turn."; "Eve takes 2 cards for not calling UNO.",
    "🧨 Eve draws a Creeper and takes 3 more cards.": as if the Creeper had come by a draw of its own."""
    events: list[Event] = [*drawn, *bobs_creepers(1), *ending]
    for lang, said in (("en", english), ("ru", russian)):
        assert [
            narrate_line(line, SEATS_OF_THREE, lang, DeckName.MINECRAFT) for line in in_lines(events)
        ] == [said]


@pytest.mark.parametrize(
    ("drawn", "extra", "colour", "english", "russian"),
    [
        (
            1,
            3,
            True,
            "🧨 Bob draws a Creeper, takes 3 more cards, plays it and chooses 🟥 red.",
            "🧨 Bob вытягивает Крипера, берёт ещё 3 карты, играет его и выбирает цвет: 🟥 красный.",  # noqa: RUF001
        ),
        (
            1,
            3,
            False,
            "🧨 Bob draws a Creeper, takes 3 more cards and plays it.",
            "🧨 Bob вытягивает Крипера, берёт ещё 3 карты и играет его.",  # noqa: RUF001
        ),
        (
            4,
            3,
            True,
            "🧨 Bob draws 4 cards, a Creeper among them: takes 3 more cards, plays the Creeper "
            "and chooses 🟥 red.",
            "🧨 Bob берёт 4 карты, а среди них Крипер: берёт ещё 3 карты, играет этого Крипера "  # noqa: RUF001
            "и выбирает цвет: 🟥 красный.",
        ),
        (
            1,
            0,
            True,
            "🧨 Bob draws a Creeper, plays it and chooses 🟥 red.",
            "🧨 Bob вытягивает Крипера, играет его и выбирает цвет: 🟥 красный.",  # noqa: RUF001
        ),
        (
            4,
            0,
            False,
            "🧨 Bob draws 4 cards, a Creeper among them, and plays the Creeper.",
            "🧨 Bob берёт 4 карты, а среди них Крипер, и играет этого Крипера.",  # noqa: RUF001
        ),
    ],
    ids=["a creeper", "colour to come", "among the cards", "no cards to add", "among them, none to add"],
)
def test_a_creeper_drawn_on_ones_turn_and_played_is_one_line(
    drawn: int, extra: int, colour: bool, english: str, russian: str
) -> None:
    """(the recent moves audit, session 29) "🧨 Bob draws a Creeper and takes 3 more cards.", then "Bob plays
    🧨 Creeper and chooses 🟥 red.": the draw and the card drawn played were one line for any other card."""
    creeper = first_of(Kind.CREEPER, DeckName.MINECRAFT)
    events: list[Event] = [bob_drew(drawn, ev.DrawReason.TURN), ev.CreeperRevealed(2, creeper)]
    events += [bob_drew(extra, ev.DrawReason.CREEPER)] if extra else []
    events += [ev.CardPlayed(2, creeper)]
    events += [ev.ColourChosen(2, Colour.RED)] if colour else []
    for lang, said in (("en", english), ("ru", russian)):
        assert [
            narrate_line(line, SEATS_OF_THREE, lang, DeckName.MINECRAFT) for line in in_lines(events)
        ] == [said]


@pytest.mark.parametrize(
    ("events", "english", "russian"),
    [
        (
            [ev.CardsDrawn(2, 0, (), ev.DrawReason.TURN)],
            "Bob takes no card: the cards have run out.",
            "Bob ничего не берёт: карты кончились.",
        ),
        (
            [ev.CardsDrawn(2, 0, (), ev.DrawReason.PENALTY), ev.Skipped(2)],
            "Bob takes no card (the cards have run out) and misses a turn.",
            "Bob ничего не берёт (карты кончились) и пропускает ход.",
        ),
    ],
    ids=["alone", "penalty then the missed turn"],
)
def test_a_draw_that_found_no_card_says_the_cards_ran_out(
    events: list[Event], english: str, russian: str
) -> None:
    """Both piles empty (RULES §3): a draw of 0 cards read as "takes 0 cards", or as a pass after it."""
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang) for line in in_lines(events)] == [said]
