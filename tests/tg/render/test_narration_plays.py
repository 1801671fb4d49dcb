"""The table's line of a card played and what it did at once: from the hand, drawn and played, after an UNO!
call, a jump-in, a Downpour and its colour, a 7's silence told apart, the cards of a multi-play, a last
card; a round's start card (and one gone back) and what it did, on the round's first line; one joiner, a
colon, however a move is told."""

import pytest

from bot.engine import events as ev
from bot.engine.actions import Play, TimeoutKind
from bot.engine.cards import Colour
from bot.engine.decks import DeckName
from bot.engine.events import Event
from bot.service.recent_moves import in_lines, told
from bot.tg.render import Seat
from tests.engine.helpers import act, given
from tests.tg.render.narrating import narrate_line
from tests.tg.render.narration_events import (
    SEATS,
    SEATS_OF_THREE,
    a_card,
    ann_drew,
    bob_drew,
    bobs_creepers,
    table_lines,
)


@pytest.mark.parametrize(
    ("effects", "card", "english", "russian"),
    [
        (
            [ev.ColourChosen(1, Colour.BLUE)],
            "W",
            "Ann plays 🌈 Wild and chooses 🟦 blue.",
            "Ann играет 🌈 Дикую и выбирает цвет: 🟦 синий.",
        ),
        (
            [ev.DirectionChanged(-1)],
            "RR",
            "Ann plays 🟥 Reverse: the direction changes to ⬆️",
            "Ann играет 🟥 Разворот: направление меняется на ⬆️",
        ),
        (
            [ev.Skipped(2)],
            "RS",
            "Ann plays 🟥 Skip: Bob misses a turn.",
            "Ann играет 🟥 Пропуск: Bob пропускает ход.",
        ),
        (
            [ev.SilenceStarted(1)],
            "R7",
            "🤫 Ann plays 🟥 7: silence in the chat!",
            "🤫 Ann играет 🟥 7: в чате тишина!",
        ),
        (
            [ev.HandsSwapped(1, 3)],
            "R7",
            "Ann plays 🟥 7 and swaps hands with Cleo.",
            "Ann играет 🟥 7 и меняется картами с игроком Cleo.",  # noqa: RUF001
        ),
        (
            [ev.HandsRotated(1)],
            "R0",
            "Ann plays 🟥 0: every hand passes on ⬇️",
            "Ann играет 🟥 0: все передают карты дальше ⬇️",
        ),
        (
            [ev.Downpour(1, 2)],
            "D2",
            "Ann plays 🌧 +2: everyone else takes 2 cards.",
            "Ann играет 🌧 +2: все остальные берут 2 карты.",
        ),
        (
            [ev.Skipped(2), ev.Skipped(3)],
            "RS",
            "Ann plays 🟥 Skip: Bob and Cleo miss a turn.",
            "Ann играет 🟥 Пропуск: Bob и Cleo пропускают ход.",
        ),
    ],
)
def test_a_card_and_what_it_does_at_once_are_one_line(
    effects: list[Event], card: str, english: str, russian: str
) -> None:
    events: list[Event] = [ev.CardPlayed(1, a_card(card)), *effects]
    seats = {1: Seat(1, "Ann"), 2: Seat(2, "Bob"), 3: Seat(3, "Cleo")}
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, seats, lang, DeckName.H2O) for line in in_lines(events)] == [said]


@pytest.mark.parametrize(
    ("effects", "card", "english", "russian"),
    [
        (
            [ev.ColourChosen(1, Colour.BLUE)],
            "W",
            "Ann draws 1 card, plays 🌈 Wild and chooses 🟦 blue.",
            "Ann берёт 1 карту, играет 🌈 Дикую и выбирает цвет: 🟦 синий.",
        ),
        (
            [ev.DirectionChanged(-1)],
            "RR",
            "Ann draws 1 card and plays 🟥 Reverse: the direction changes to ⬆️",
            "Ann берёт 1 карту и играет 🟥 Разворот: направление меняется на ⬆️",
        ),
        (
            [ev.Skipped(2), ev.Skipped(3)],
            "RS",
            "Ann draws 1 card and plays 🟥 Skip: Bob and Cleo miss a turn.",
            "Ann берёт 1 карту и играет 🟥 Пропуск: Bob и Cleo пропускают ход.",
        ),
        (
            [ev.SilenceStarted(1)],
            "R7",
            "🤫 Ann draws 1 card and plays 🟥 7: silence in the chat!",
            "🤫 Ann берёт 1 карту и играет 🟥 7: в чате тишина!",
        ),
        (
            [ev.HandsSwapped(1, 3)],
            "R7",
            "Ann draws 1 card, plays 🟥 7 and swaps hands with Cleo.",
            "Ann берёт 1 карту, играет 🟥 7 и меняется картами с игроком Cleo.",  # noqa: RUF001
        ),
        (
            [ev.HandsRotated(1)],
            "R0",
            "Ann draws 1 card and plays 🟥 0: every hand passes on ⬇️",
            "Ann берёт 1 карту и играет 🟥 0: все передают карты дальше ⬇️",
        ),
        (
            [ev.Downpour(1, 2)],
            "D2",
            "Ann draws 1 card and plays 🌧 +2: everyone else takes 2 cards.",
            "Ann берёт 1 карту и играет 🌧 +2: все остальные берут 2 карты.",
        ),
        (
            [ev.Downpour(1, 1), ev.ColourChosen(1, Colour.GREEN)],
            "D1",
            "Ann draws 1 card and plays 🌧 +1: everyone else takes 1 card, and Ann chooses 🟩 green.",
            "Ann берёт 1 карту и играет 🌧 +1: все остальные берут 1 карту, а Ann выбирает 🟩 зелёный цвет.",  # noqa: RUF001
        ),
    ],
    ids=["colour", "reverse", "skips", "silence", "swap", "rotation", "downpour", "downpour colour"],
)
def test_a_card_drawn_played_and_what_it_does_at_once_are_one_line(
    effects: list[Event], card: str, english: str, russian: str
) -> None:
    """ "Ann draws 1 card and plays 🌈 Wild.", "Ann chooses 🟦 blue.": a card drawn and played at once is told
    with what it did, as a card played from the hand is."""
    events: list[Event] = [ann_drew(1, ev.DrawReason.TURN), ev.CardPlayed(1, a_card(card)), *effects]
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang, DeckName.H2O) for line in in_lines(events)] == [said]


@pytest.mark.parametrize(
    ("before", "jump_in", "english", "russian"),
    [
        (
            [],
            False,
            "Ann calls UNO! and plays 🟥 Reverse: the direction changes to ⬆️",
            "Ann кричит «УНО!» и играет 🟥 Разворот: направление меняется на ⬆️",  # noqa: RUF001
        ),
        (
            [],
            True,
            "⚡ Ann calls UNO! and jumps in with 🟥 Reverse: the direction changes to ⬆️",
            "⚡ Ann кричит «УНО!» и вмешивается 🟥 Разворотом: направление меняется на ⬆️",  # noqa: RUF001
        ),
        (
            [ann_drew(1, ev.DrawReason.TURN)],
            False,
            "Ann draws 1 card, calls UNO! and plays 🟥 Reverse: the direction changes to ⬆️",
            "Ann берёт 1 карту, кричит «УНО!» и играет 🟥 Разворот: направление меняется на ⬆️",  # noqa: RUF001
        ),
    ],
    ids=["called", "jumped in", "drew and called"],
)
def test_a_reverse_after_an_uno_call_says_and_once(
    before: list[Event], jump_in: bool, english: str, russian: str
) -> None:
    """(session 52, a layout audit) «…и играет 🟨 Разворот, и направление меняется» said «и» twice after a
    draw or an UNO! call (and English "and" so): the direction the Reverse turned follows a dash."""
    events: list[Event] = [*before, ev.UnoCalled(1), ev.CardPlayed(1, a_card("RR"), jump_in=jump_in)]
    events.append(ev.DirectionChanged(-1))
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang, DeckName.H2O) for line in in_lines(events)] == [said]


@pytest.mark.parametrize(
    ("chosen", "english", "russian"),
    [
        (
            ev.ColourChosen(1, Colour.BLUE),
            ["Ann plays 🌧 +2: everyone else takes 2 cards, and Ann chooses 🟦 blue."],
            ["Ann играет 🌧 +2: все остальные берут 2 карты, а Ann выбирает 🟦 синий цвет."],  # noqa: RUF001
        ),
        (
            ev.ColourChosen(1, Colour.BLUE, for_timeout=True),  # the turn timer's, not Ann's
            ["Ann plays 🌧 +2: everyone else takes 2 cards.", "The colour is now 🟦 blue."],
            ["Ann играет 🌧 +2: все остальные берут 2 карты.", "Теперь цвет: 🟦 синий."],
        ),
    ],
    ids=["chosen", "set by the turn timer"],
)
def test_a_downpours_colour_is_told_on_its_line(
    chosen: ev.ColourChosen, english: list[str], russian: list[str]
) -> None:
    """(session 50) It read "🌧 Downpour from Ann", the only card played whose line did not name it."""
    events: list[Event] = [ev.CardPlayed(1, a_card("D2")), ev.Downpour(1, 2), chosen]
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang, DeckName.H2O) for line in in_lines(events)] == said


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("after", [[], [ev.ColourChosen(1, Colour.BLUE)]], ids=["plain", "colour chosen"])
def test_a_downpours_line_shows_its_icon_once(lang: str, after: list[Event]) -> None:
    """(transcript read, session 56) "🌧 Olya plays 🌧 +2: …" (in Russian): the line led with the Downpour's
    icon, which the card it names shows too. Its player's name leads it, as other cards' lines do."""
    events: list[Event] = [ev.CardPlayed(1, a_card("D2")), ev.Downpour(1, 2), *after]
    lines = [narrate_line(line, SEATS_OF_THREE, lang, DeckName.H2O) for line in in_lines(events)]
    assert lines[0].startswith("Ann ") and lines[0].count("🌧") == 1, lines


@pytest.mark.parametrize(
    ("played", "english", "russian"),
    [
        (
            [ev.CardPlayed(1, a_card("R7")), ev.HandsSwapped(1, 2)],  # two players: the swap comes first
            "Ann plays 🟥 7 and swaps hands with Bob.",
            "Ann играет 🟥 7 и меняется картами с игроком Bob.",  # noqa: RUF001
        ),
    ],
    ids=["after a swap"],
)
def test_a_silence_told_apart_from_its_7_does_not_tell_the_7_again(
    played: list[Event], english: str, russian: str
) -> None:
    """(found by the recent moves audit, 2026-12-03) "Bob plays 🟥 7 and swaps hands with Ann.", then
    "🤫 Bob plays a 7: silence in the chat!": one 7 told twice."""
    events = [*played, ev.SilenceStarted(1)]
    assert table_lines(events, "en") == [english, "🤫 Silence in the chat!"]
    assert table_lines(events, "ru") == [russian, "🤫 В чате тишина!"]  # noqa: RUF001


def _start_penalty_with_a_creeper() -> list[Event]:
    """What a +2 start card did to Bob, the first player: his 2 cards brought a Creeper, and its 3."""
    return [
        bob_drew(2, ev.DrawReason.PENALTY),
        *bobs_creepers(1),
        bob_drew(3, ev.DrawReason.CREEPER),
        ev.Skipped(2),
    ]


@pytest.mark.parametrize(
    ("card", "did", "english", "russian"),
    [
        (
            "RS",
            [ev.Skipped(2)],
            "Round 2 — Ann deals, the start card is 🟥 Skip: Bob misses a turn.",
            "Раунд 2 — сдаёт Ann, первая карта 🟥 Пропуск: Bob пропускает ход.",
        ),
        (
            "R+2",
            [bob_drew(2, ev.DrawReason.PENALTY), ev.Skipped(2)],
            "Round 2 — Ann deals, the start card is 🟥 +2: Bob takes 2 cards and misses a turn.",
            "Раунд 2 — сдаёт Ann, первая карта 🟥 +2: Bob берёт 2 карты и пропускает ход.",
        ),
        (
            "RR",
            [ev.DirectionChanged(-1)],
            "Round 2 — Ann deals, the start card is 🟥 Reverse: the direction changes to ⬆️, Ann begins.",
            "Раунд 2 — сдаёт Ann, первая карта 🟥 Разворот: направление меняется на ⬆️, начинает Ann.",
        ),
        (
            "R5",
            [],
            "Round 2 — Ann deals, the start card is 🟥 5, Bob begins.",
            "Раунд 2 — сдаёт Ann, первая карта 🟥 5, начинает Bob.",
        ),
        (
            "R+2",
            _start_penalty_with_a_creeper(),
            "Round 2 — Ann deals, the start card is 🟥 +2: Bob takes 2 cards as a penalty (a Creeper among "
            "them), takes 3 more cards and misses a turn.",
            "Раунд 2 — сдаёт Ann, первая карта 🟥 +2: Bob берёт штраф (2 карты, среди них Крипер), а потом "  # noqa: RUF001
            "ещё 3 карты и пропускает ход.",
        ),
    ],
    ids=["skip", "draw two", "reverse", "no effect", "draw two bringing a creeper"],
)
def test_what_the_start_card_did_is_told_on_the_rounds_first_line(
    card: str, did: list[Event], english: str, russian: str
) -> None:
    """(the recent moves audit, session 29) "Round 2: Ann deals, the start card is 🟥 ⊘, Bob begins.", then
    "Bob misses a turn.": the line after said the first was wrong."""
    first = 1 if card == "RR" else 2  # a Reverse gives the first move to the dealer
    events: list[Event] = [ev.RoundStarted(2, 1, first, a_card(card)), *did]
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang) for line in in_lines(events)] == [said]


@pytest.mark.parametrize(
    ("returned", "card", "did", "english", "russian"),
    [
        (
            1,
            "Y6",
            [],
            "Round 8 — Ann deals; 🌈 +4 goes back into the pile, the start card is 🟨 6, Bob begins.",
            "Раунд 8 — сдаёт Ann; 🌈 +4 возвращается в колоду, первая карта 🟨 6, начинает Bob.",
        ),
        (
            2,
            "RS",
            [ev.Skipped(2)],
            "Round 8 — Ann deals; 🌈 +4 and 🌈 +4 go back into the pile, the start card is 🟥 Skip: "
            "Bob misses a turn.",
            "Раунд 8 — сдаёт Ann; 🌈 +4 и 🌈 +4 возвращаются в колоду, первая карта 🟥 Пропуск: "
            "Bob пропускает ход.",
        ),
    ],
    ids=["one", "two and a skip"],
)
def test_a_start_card_gone_back_is_told_on_the_line_of_the_round_it_was_turned_for(
    returned: int, card: str, did: list[Event], english: str, russian: str
) -> None:
    """(found reading a whole duel, session 50) the table read "🏁 Alice wins round 7.", "🌈 +4 goes back
    into the pile.", "Round 8: Alice deals, the start card is 🟨 6, Bob begins.": the engine returns the card
    before the round's first line names the start card (RULES.md §2), and told apart it read as part of round
    7."""
    ended = ev.RoundEnded(7, 1, {}, {}, {})
    back = [ev.StartCardReturned(a_card("W4"))] * returned
    events: list[Event] = [ended, *back, ev.RoundStarted(8, 1, 2, a_card(card)), *did]
    for lang, said in (("en", english), ("ru", russian)):
        lines = [narrate_line(line, SEATS_OF_THREE, lang) for line in in_lines(told(events))]
        assert lines[1:] == [said]


@pytest.mark.parametrize(
    ("card", "effects", "english", "russian"),
    [
        ("R9", [], "⚡ Ann jumps in with 🟥 9!", "⚡ Ann вмешивается картой 🟥 9!"),
        (
            "RS",
            [ev.Skipped(3)],
            "⚡ Ann jumps in with 🟥 Skip: Cleo misses a turn.",
            "⚡ Ann вмешивается 🟥 Пропуском: Cleo пропускает ход.",
        ),
        (
            "RS",
            [ev.Skipped(2), ev.Skipped(3)],
            "⚡ Ann jumps in with 🟥 Skip: Bob and Cleo miss a turn.",
            "⚡ Ann вмешивается 🟥 Пропуском: Bob и Cleo пропускают ход.",
        ),
        (
            "RR",
            [ev.DirectionChanged(-1)],
            "⚡ Ann jumps in with 🟥 Reverse: the direction changes to ⬆️",
            "⚡ Ann вмешивается 🟥 Разворотом: направление меняется на ⬆️",
        ),
        (
            "R7",
            [ev.SilenceStarted(1)],
            "⚡ Ann jumps in with 🟥 7: 🤫 silence in the chat!",
            "⚡ Ann вмешивается картой 🟥 7: 🤫 в чате тишина!",
        ),
        (
            "R7",
            [ev.HandsSwapped(1, 2)],
            "⚡ Ann jumps in with 🟥 7 and swaps hands with Bob.",
            "⚡ Ann вмешивается картой 🟥 7 и меняется картами с игроком Bob.",  # noqa: RUF001
        ),
        (
            "R0",
            [ev.HandsRotated(1)],
            "⚡ Ann jumps in with 🟥 0: every hand passes on ⬇️",
            "⚡ Ann вмешивается картой 🟥 0: все передают карты дальше ⬇️",
        ),
    ],
    ids=["plain", "skip", "skips", "reverse", "silence", "swap", "rotation"],
)
def test_a_jump_in_is_one_line_with_what_its_card_did(
    card: str, effects: list[Event], english: str, russian: str
) -> None:
    """(the recent moves audit, session 29) "⚡ Bob jumps in with 🟥 ⊘!", then "Cleo misses a turn.": the card
    and what it did were two lines for a jump-in, one for any other play."""
    events: list[Event] = [ev.CardPlayed(1, a_card(card), jump_in=True), *effects]
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang) for line in in_lines(events)] == [said]


@pytest.mark.parametrize(
    ("events", "english", "russian"),
    [
        (
            [ev.CardPlayed(1, a_card(code)) for code in ("G2", "B2", "R2")],
            "Ann plays 🟩 2, 🟦 2 and 🟥 2.",
            "Ann играет 🟩 2, 🟦 2 и 🟥 2.",
        ),
        (
            [ev.CardPlayed(1, a_card("R7")), ev.CardPlayed(1, a_card("G7")), ev.HandsSwapped(1, 3)],
            "Ann plays 🟥 7 and 🟩 7, then swaps hands with 🤖 Computer 3.",
            "Ann играет 🟥 7 и 🟩 7, а затем меняется картами с игроком 🤖 Компьютер 3.",  # noqa: RUF001
        ),
        (
            [ev.CardPlayed(1, a_card(code)) for code in ("R8", "G8")]
            + [ev.CoverRequired(1), ev.CardPlayed(1, a_card("G7")), ev.HandsSwapped(1, 3)],
            "Ann plays 🟥 8 and 🟩 8, then covers it with 🟩 7 and swaps hands with 🤖 Computer 3.",
            "Ann играет 🟥 8 и 🟩 8, затем покрывает её картой 🟩 7 "
            "и меняется картами с игроком 🤖 Компьютер 3.",  # noqa: RUF001
        ),
    ],
    ids=["three", "a 7's swap after them", "an 8's cover after them"],
)
def test_the_cards_of_a_multi_play_are_one_line(events: list[Event], english: str, russian: str) -> None:
    """(a game read in Russian, session 51) "• Robo играет 🟩 2. • Robo играет 🟦 2. • Robo играет 🟥 2.":
    three lines, read as three turns, for one; what the last card did follows the cards."""
    assert in_lines(events) == [tuple(events)]
    assert narrate_line(events, SEATS, "en") == english
    assert narrate_line(events, SEATS, "ru") == russian


@pytest.mark.parametrize(
    ("last", "lang", "said"),
    [
        ("YS", "en", ["Ben plays 🟨 Skip.", "🏁 Ben wins round 1."]),
        ("RR", "ru", ["Ben играет 🟥 Разворот.", "🏁 Ben выигрывает раунд 1."]),
        ("G+2", "en", ["Ben plays 🟩 +2.", "Ann takes 2 cards as a penalty.", "🏁 Ben wins round 1."]),
    ],
)
def test_a_last_action_card_reads_as_a_plain_play_and_a_last_draw_card_says_who_draws(
    last: str, lang: str, said: list[str]
) -> None:
    """(session 55) "Ben plays 🟨 Skip: Ann misses a turn." then "🏁 Ben wins round 1.": a last card's skip
    or reverse does not happen (RULES.md §5), its draw does."""
    state = given({1: last, 2: "B9 B1", 3: "Y1 Y2"}, last[0] + "3")
    _, events = act(state, Play(1, state.hands[1][0]))
    seats = {1: Seat(1, "Ben"), 2: Seat(2, "Ann"), 3: Seat(3, "Sam")}
    assert [narrate_line(line, seats, lang) for line in in_lines(events)] == said


def _moves_with_effects() -> list[list[Event]]:
    """A card and what it did at once, each way the table's recent moves tell one: played, jumped in with,
    played for a timed-out player, turned up as a round's start card."""
    timed_out = [ev.TimedOut(2, TimeoutKind.TURN), bob_drew(1, ev.DrawReason.TURN)]
    return [
        [ev.CardPlayed(1, a_card("RS")), ev.Skipped(2)],
        [ev.CardPlayed(1, a_card("RR")), ev.DirectionChanged(-1)],
        [ev.CardPlayed(1, a_card("R0")), ev.HandsRotated(1, 3)],
        [ev.CardPlayed(1, a_card("RS"), jump_in=True), ev.Skipped(2)],
        [ev.CardPlayed(1, a_card("RR"), jump_in=True), ev.DirectionChanged(-1)],
        [*timed_out, ev.CardPlayed(2, a_card("RS")), ev.Skipped(3)],
        [*timed_out, ev.CardPlayed(2, a_card("RR")), ev.DirectionChanged(-1)],
        [*timed_out, ev.CardPlayed(2, a_card("W")), ev.ColourChosen(2, Colour.RED, for_timeout=True)],
        [*timed_out, ev.CardPlayed(2, a_card("R7")), ev.SilenceStarted(2)],
        [*timed_out, ev.CardPlayed(2, a_card("D2")), ev.Downpour(2, 2)],
        [ev.RoundStarted(2, 1, 2, a_card("RS")), ev.Skipped(2)],
        [ev.RoundStarted(2, 1, 1, a_card("RR")), ev.DirectionChanged(-1)],
        [ev.RoundStarted(2, 1, 2, a_card("R+2")), *_start_penalty_with_a_creeper()],
    ]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_move_and_what_it_did_are_joined_one_way(lang: str) -> None:
    """(session 55's readings) The recent moves joined a card and what it did three ways: "plays 🟥 Skip: Bob
    misses a turn", "plays 🟥 Reverse — the direction changes", "the start card is 🟥 Reverse, Ann begins;
    the direction changes" (and a timed-out player's ", so"): a colon, each time, in either language. (session
    57) A missed turn's line has that one colon alone ("⏱ Bob ran out of time: draws 1 card and plays 🟥 Skip:
    Cleo misses a turn" had two): its lead ends in a dash. So does a round's first line ("Round 2: Ann deals,
    the start card is 🟥 Skip: Bob misses a turn" had two), and a Creeper its +2 brought is told as a
    timed-out player's is ("🟥 +2: 🧨 Bob takes 2 cards as a penalty, a Creeper among them: takes 3 cards
    more" had two)."""
    for events in _moves_with_effects():
        (line,) = [narrate_line(told, SEATS_OF_THREE, lang, DeckName.H2O) for told in in_lines(events)]
        assert line is not None and line.count(": ") == 1, line
        led = line.startswith(("⏱", "Round", "Раунд"))  # a missed turn's line, a round's first line
        move = line.split(" — ", 1)[1] if led else line
        assert not [joiner for joiner in (" — ", ", so ", ", так что ", "; ") if joiner in move], line
