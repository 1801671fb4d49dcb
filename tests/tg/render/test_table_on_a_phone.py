"""The table's head as a narrow phone shows it (tests.narrow_phone): its title and the top card's line, which
every table (and the top line every hand) shows, fit a line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from bot.engine.actions import Action as Move
from bot.engine.actions import ChooseColour, Play
from bot.engine.cards import COLOURS, Colour
from bot.engine.decks import DeckName, deck_cards
from bot.engine.events import Caught
from bot.engine.game import apply
from bot.engine.rules import Rules
from bot.engine.state import DecisionKind, GameState
from bot.service.document import StopReason
from bot.tg.render import HandNews, Seat, TableView, hand, table
from bot.tg.render.cards import top_line
from bot.tg.render.names import PLAYER_NAME_LIMIT, held
from bot.tg.render.narrator import Narrator
from bot.tg.render.text import t
from tests.engine.helpers import card_id, given
from tests.narrow_phone import PHONE_LINE, spaced, width, wrapped
from tests.tg.render.buttons import GAME_ID, SEATS, hand_view
from tests.tg.render.checks import check_text


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("target", [100, 500, 2000])
@pytest.mark.parametrize("round_no", [1, 12])
@pytest.mark.parametrize("scoring", ["winner_takes", "own_hand"])
def test_the_tables_title_fits_a_line_of_a_narrow_phone(
    lang: str, target: int, round_no: int, scoring: str
) -> None:
    """(session 52, a narrow phone's measure of four matches) "🎴 UNO · round 1 · first to 100 points", the
    first line of every table, was 38 characters: a narrow phone put "points" on a line of its own. "to 100
    points" says the same (as the Russian «до 100 очков» does), and the lobby's rules line says it alike.
    (session 54) Own-hand scoring's "🎴 UNO · round 12 · ends at 2,000 points, lowest wins" (51, in Russian
    58) takes two lines of its own: "🎴 UNO · round 12" / "Ends at 2,000 points, lowest wins"."""
    rules = Rules().changed(target_score=target, scoring=scoring)
    state = given({1: "R1 R3", 2: "G2 G7"}, "R9", rules=rules, round_no=round_no)
    lines = check_text(table(TableView(GAME_ID, 5, "Friends", SEATS, state, (), 0, "uno_bot"), lang).text)
    head = lines.splitlines()[: lines.splitlines().index(check_text(top_line(state, lang)))]
    assert len(head) == (2 if scoring == "own_hand" else 1), head
    assert [line for line in head if width(line) > PHONE_LINE] == [], head


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("black", ["W", "W4"])
def test_a_black_top_card_whose_colour_is_being_chosen_fits_a_line(lang: str, black: str) -> None:
    """(session 52) "Top card: 🌈 Wild · colour not chosen yet" (41 characters, in Russian «Сверху: 🌈 Дикая ·
    цвет ещё не выбран», 37) wrapped on a narrow phone while its player chose: "no colour yet" («цвет
    выбирают») says the same, in as much room as the line's usual "Top card: 🟨 4 · colour 🟨 yellow"."""
    state = given({1: f"{black} R1", 2: "G2 G7"}, "R9")
    state, _ = apply(state, Play(1, card_id(state, 1, black)))
    line = check_text(top_line(state, lang))
    assert width(line) <= PHONE_LINE, line


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("deck", list(DeckName))
def test_every_top_card_and_colour_fits_a_line(lang: str, deck: DeckName) -> None:
    """(session 54) "Top card: 🟨 Reverse · colour 🟨 yellow" (39 characters; «Сверху: 🟥 Разворот · цвет 🟥
    красный», 37) named a coloured card's colour twice, and a narrow phone wrapped it: its square says the
    colour to match ("Top card: 🟨 Reverse"). A black card names the colour it was given: "Top card: 🧨
    Creeper, now 🟨 yellow" (was "· colour 🟨 yellow", 39), every card of every deck, letters or not."""
    state = given({1: "R1", 2: "G2"}, "R9", rules=Rules().changed(deck=deck))
    lines = set()
    for card in deck_cards(deck):
        on_top = replace(state, discard=[card.id])
        for colour in [card.colour] if card.colour else COLOURS:
            for letters in (False, True):
                lines.add(check_text(top_line(replace(on_top, colour=colour), lang, letters=letters)))
    assert [line for line in lines if width(line) > PHONE_LINE] == [], sorted(lines)
    red_skip = check_text(top_line(given({1: "R1", 2: "G2"}, "RS"), lang))
    assert red_skip == ("Top card: 🟥 Skip · red" if lang == "en" else "Сверху: 🟥 Пропуск · красный"), (
        red_skip
    )


FOURTEEN = ("Alexandra Kons", "🌸 Marie-Chris", "Екатерина Алек", "Maximilian von")  # 14 letters' width each


def _players_block(lang: str, names: tuple[str, ...]) -> list[str]:
    """The player list's header and rows of a table mid-match: its host (🔑) to move with 7 cards, one with
    12, one with a card and no UNO! called (⚠️), scores of up to three digits."""
    state = given(
        {1: "R1 R2 R3 R4 R5 R6 R7", 2: "G1 G2 G3 G4 G5 G6 G7 G8 G9 GS GR G0", 3: "B1", 4: "Y1 Y2 Y3"}, "R9"
    )
    state = replace(
        state, scores={1: 120, 2: 85, 3: 0, 4: 310}, catchable=[3], catch_deadline=state.clock + 5000
    )
    seats = {player: Seat(player, raw, runs=player == 1) for player, raw in enumerate(names, start=1)}
    lines = check_text(table(TableView(GAME_ID, 5, "Friends", seats, state, (), 0, "uno_bot"), lang).text)
    block = lines.split("\n\n")[1].splitlines()
    assert len(block) == 5, block  # the header and a row a player
    return block


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_player_list_of_fourteen_letter_names_fits_a_narrow_phone(lang: str) -> None:
    """(session 54; session 52 measured 5,937 table lines over a narrow phone's) "▶️ Alexandra Kons 🔑: 7
    cards · 120 points" was 42 characters: every row of a name of 12 letters or more wrapped, wherever it came
    to. The score is named once in the header ("Players, in turn order ⬇️ · points"), and the row fits."""
    block = _players_block(lang, FOURTEEN)
    assert [line for line in block if width(line) > PHONE_LINE] == [], block


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_long_names_row_wraps_after_the_name_never_inside_its_figures(lang: str) -> None:
    """A name of 24 letters is cut to the table's PLAYER_NAME_LIMIT ("Alexandra Konst…"), and a row still
    too wide for a phone breaks after the name: its figures are joined by no-break spaces, never "7 cards ·"
    on one line and "120" on the next."""
    long = (
        "Alexandra Konstantinopol",
        "🌸 Marie-Christine Dubois",
        "Екатерина Александровна",
        "Maximilian Hohenberg",
    )
    for row in _players_block(lang, long)[1:]:
        name, figures = row.split(": ", 1)
        assert width(name) <= 3 + PLAYER_NAME_LIMIT + 3, name  # the marker, the name, the host's key
        assert " " not in figures, figures


def test_two_names_the_tables_cut_makes_alike_are_told_apart_on_every_line() -> None:
    """Cut to PLAYER_NAME_LIMIT, "Alexandra Konstantinova" and "Alexandra Konstantinopolskaya" both read
    "Alexandra Konst…": the second is marked as a second player of one name is, in the rows, the turn line and
    the recent moves alike."""
    state = given({1: "R1 R2", 2: "G1 G2", 3: "B1 B2"}, "R9", turn=2)
    names = {1: "Alexandra Konstantinova", 2: "Alexandra Konstantinopolskaya", 3: "Bob"}
    seats = {player: Seat(player, raw) for player, raw in names.items()}
    recent = (Caught(2, 1),)
    text = spaced(
        check_text(table(TableView(GAME_ID, 5, "Friends", seats, state, recent, 0, "uno_bot"), "en").text)
    )
    assert "▫️ Alexandra Konst…: " in text and "▶️ Alexandra Kon… ²: " in text, text
    assert "Turn: Alexandra Kon… ²\n" in text, text
    assert "• 🎯 Alexandra Kon… ² catches Alexandra Konst… " in text, text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_hand_names_its_player_as_the_table_does_when_its_cut_marks_them(lang: str) -> None:
    """A hand's "At the table you are …" tells a player which name on the table is theirs: it gave the full
    "Alexandra Konstantinopolskaya", which the table shows nowhere, for its "Alexandra Kon… ²". It gives the
    table's name now; one the cut only shortens ("Alexandra Konst…") is known for theirs, and gets no line."""
    state = given({1: "R1 R2", 2: "G1 G2", 3: "B1 B2"}, "R9", turn=2)
    names = {1: "Alexandra Konstantinova", 2: "Alexandra Konstantinopolskaya", 3: "Bob"}
    seats = {player: Seat(player, raw) for player, raw in names.items()}
    board = spaced(
        check_text(table(TableView(GAME_ID, 5, "Friends", seats, state, (), 0, "uno_bot"), lang).text)
    )
    you_are = t(lang, "hand-you-are", name=f"Alexandra{NBSP}Kon…{NBSP}²")
    second = check_text(hand(hand_view(state, 2, seats=seats), lang).text).splitlines()
    assert second[1] == you_are and "▶️ Alexandra Kon… ²: " in board, (second, board)
    first = check_text(hand(hand_view(state, 1, seats=seats), lang).text)
    assert you_are.split("Alexandra")[0] not in first and "▫️ Alexandra Konst…: " in board, first


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_hands_news_names_the_others_as_the_table_does(lang: str) -> None:
    """(transcript read, session 56) Olya's hand read "🎯 You were caught without UNO! by Alexandra
    Konstantinop…" (in Russian) beside the table's "🎯 Alexandra Kons… catches Olya": two cuts of one name,
    and of two Alexandras cut alike only the table's "²" told which. A hand's news names the others as the
    table does."""
    state = given({1: "R1 R2", 2: "G1 G2", 3: "B1 B2 B3"}, "R9", turn=2)
    names = {1: "Александра Константинова", 2: "Александра Константинопольская", 3: "Оля"}
    seats = {player: Seat(player, raw) for player, raw in names.items()}
    recent = (Caught(2, 3),)
    board = check_text(table(TableView(GAME_ID, 5, "Friends", seats, state, recent, 0, "uno_bot"), lang).text)
    marked = Narrator(seats, lang, state.rules.deck).who(2)
    assert marked.startswith("Александра") and marked.endswith(f"{NBSP}²") and f"🎯 {marked} " in board, board
    news = (HandNews("hand-news-caught", count=2, other=2),)
    said = check_text(hand(hand_view(state, 3, seats=seats, news=news), lang).text).splitlines()
    assert t(lang, "hand-news-caught", count=2, name=marked) in said, said


# Whom a hand's other lines name: (the hands in seat order, the top card, the rules, whose turn, the moves to
# it, whose hand reads it, who is named)
NAMED_IN_A_HAND = {
    "the challenge's hint: who played the +4": (
        {1: "B1 B2", 2: "G1 G2", 3: "W4 R5 G3"},
        "R9",
        Rules(),
        3,
        lambda state: (Play(3, card_id(state, 3, "W4")), ChooseColour(3, Colour.GREEN)),
        1,
        3,
    ),
    "a colour's prompt: who takes the +4": (
        {1: "B1 B2", 2: "W4 R5 G3", 3: "G1 G2"},
        "R9",
        Rules(),
        2,
        lambda state: (Play(2, card_id(state, 2, "W4")),),
        2,
        3,
    ),
    "a silence: who holds it": (
        {1: "B1 B2", 2: "G1 G2", 3: "R7 R5 G3"},
        "R9",
        Rules().changed(seven_silence=True),
        3,
        lambda state: (Play(3, card_id(state, 3, "R7")),),
        1,
        3,
    ),
    "an extreme chain's hint: who a +2 makes take it": (
        {1: "R+2 B1", 2: "G1 G2", 3: "R+2 G3 B2"},
        "R9",
        Rules().changed(extreme_draw_chain=True),
        3,
        lambda state: (Play(3, card_id(state, 3, "R+2")),),
        1,
        2,
    ),
    "a match's end: who won it": (
        {1: "B1 B2", 2: "G1 G2", 3: "R5"},
        "R9",
        Rules().changed(scoring="single_round"),
        3,
        lambda state: (Play(3, card_id(state, 3, "R5")),),
        1,
        3,
    ),
    "a round's end: who won it": (
        {1: "B1 B2", 2: "G1 G2", 3: "R5"},
        "R9",
        Rules(),
        3,
        lambda state: (Play(3, card_id(state, 3, "R5")),),
        1,
        3,
    ),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(
    ("hands", "top", "rules", "turn", "moves", "reader", "named"),
    NAMED_IN_A_HAND.values(),
    ids=list(NAMED_IN_A_HAND),
)
def test_a_hands_other_lines_name_the_others_as_the_table_does(
    lang: str,
    hands: dict[int, str],
    top: str,
    rules: Rules,
    turn: int,
    moves: Callable[[GameState], tuple[Move, ...]],
    reader: int,
    named: int,
) -> None:
    """(session 56 review) The news named the others as the table does, but the same hand's challenge hint,
    colour prompt, silence, chain hint and winners cut a name at NAME_LIMIT, unmarked: "Alexandra
    Konstantinop…" beside the news' and the table's "Alexandra Ko… ²" (and two alike in their first 23
    letters would have read the same). A hand's lines of play name the others as the table does."""
    state = given(hands, top, rules=rules, turn=turn)
    for move in moves(state):
        state, _ = apply(state, move)
    seats = {
        1: Seat(1, "Оля"),
        2: Seat(2, "Александра Константинова"),
        3: Seat(3, "Александра Константинопольская"),
    }
    marked = Narrator(seats, lang, state.rules.deck).who(named)
    board = check_text(table(TableView(GAME_ID, 5, "Friends", seats, state, (), 0, "uno_bot"), lang).text)
    assert f"{marked}: " in board or f"{marked} " in board, board
    said = check_text(hand(hand_view(state, reader, seats=seats), lang).text)
    assert marked in said and "Константиноп" not in said, said


# A hand out of play, and who it names: (its view's changes, whose hand reads it, who is named)
NAMED_OUT_OF_PLAY = {
    "one kicked: who removed them": ({}, 4, 3),
    "a paused match: who removed its reader": ({"paused": True, "leaving_by": 3}, 1, 3),
    "an idle stop: whom it waited for": (
        {"stopped": True, "stopped_because": StopReason.IDLE, "forfeited": 3},
        1,
        3,
    ),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(
    ("changes", "reader", "named"), NAMED_OUT_OF_PLAY.values(), ids=list(NAMED_OUT_OF_PLAY)
)
def test_a_hand_out_of_play_names_the_others_as_the_table_does(
    lang: str, changes: dict[str, object], reader: int, named: int
) -> None:
    """(session 56 follow-up) A hand's lines of play named the others as the table does, but one out of
    play still cut its kicker, or the player an idle match waited for, at NAME_LIMIT, unmarked: "Alexandra
    Konstantinop… removed you from this game" beside the table's "Alexandra Kon… ²"."""
    state = given({1: "R1 R2", 2: "G1 G2", 3: "B1 B2"}, "R9", turn=3)
    seats = {
        1: Seat(1, "Оля"),
        2: Seat(2, "Александра Константинова"),
        3: Seat(3, "Александра Константинопольская"),
        4: Seat(4, "Дан", kicked=True, kicked_by=3),
    }
    marked = Narrator(seats, lang, state.rules.deck).who(named)
    board = check_text(table(TableView(GAME_ID, 5, "Friends", seats, state, (), 0, "uno_bot"), lang).text)
    assert marked.endswith(f"{NBSP}²") and f"{marked}: " in board, board
    said = check_text(hand(hand_view(state, reader, seats=seats, **changes), lang).text)
    assert marked in said and "Константиноп" not in said, said


SIX = (*FOURTEEN, "Alexandra Konstantinopol", "Bob")
NBSP = "\u00a0"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("slap_time", [True, False])
def test_the_catch_and_slap_windows_keep_their_seconds_on_a_line_of_their_own(
    lang: str, slap_time: bool
) -> None:
    """(session 54) "⚠️ Alexandra Kons, 🌸 Marie-Chris, Maximilian von and 2 more didn't call UNO! Catch!
    ⏱ 10 s" (and its Russian) and "👋 Slap! Still to slap: … · ⏱ 12 s": with any name the line was over a
    narrow phone's, which wrapped it wherever it came to, the seconds last. The window and its seconds take a
    line that fits, its names (three and how many more) the next. A slap window past its end in a restart's
    grace shows no seconds, and its line fits too."""
    hands = {1: "R1 R2", 2: "G1", 3: "B1", 4: "Y1", 5: "R5", 6: "G5"}
    state = given(hands, "R0", rules=Rules().changed(slap_seconds=12))
    now = state.clock
    state = replace(
        state,
        catchable=[2, 3, 4, 5, 6],
        catch_deadline=now + 10_000,
        slap_pending=[1, 2, 3, 4, 5],
        slap_deadline=now + (12_000 if slap_time else -1),
    )
    seats = {player: Seat(player, raw) for player, raw in enumerate(SIX, start=1)}
    view = TableView(GAME_ID, 5, "Friends", seats, state, (), now, "uno_bot")
    lines = check_text(table(view, lang).text).splitlines()
    catch, slap = (next(at for at, line in enumerate(lines) if line.startswith(mark)) for mark in "⚠👋")
    assert width(lines[catch]) <= PHONE_LINE and width(lines[slap]) <= PHONE_LINE, lines
    more = "and 2 more" if lang == "en" else "и ещё 2 игрока"
    marie, katya, max_ = (NBSP.join(raw.split(" ")) for raw in FOURTEEN[1:])
    assert lines[catch + 1] == f"{marie}, {katya}, {max_} {more}", lines
    assert lines[slap + 1] == f"Alexandra{NBSP}Kons, {marie}, {katya} {more}", lines
    unit = "s" if lang == "en" else "с"  # noqa: RUF001 (the Russian one)
    seconds = (f"⏱ 10\u00a0{unit}", f"⏱ 12\u00a0{unit}")
    assert lines[catch].endswith(seconds[0]), lines[catch]
    assert (seconds[1] in lines[slap]) is slap_time, lines[slap]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("turn_seconds", [60, 600])
def test_whose_turn_and_when_it_ends_fit_a_line_each_whatever_the_name(lang: str, turn_seconds: int) -> None:
    """(session 55; session 54 left it) "Ходит: Alexandra Konst… · ⏱ через 10 мин" was 40 characters (38 with
    a minute's seconds; "Turn: Alexandra Konst… · ⏱ in 10 min" 36), and an app that reads the time entity
    shows "через 45 секунд", wider still: a narrow phone wrapped the line of every long name. The turn's end
    takes a line of its own under it, worded as the mover's hand words it ("⏱ Time's up in 60 s", «⏱ Конец
    хода через…»), and both fit for every name up to the table's cut."""
    rules = Rules().changed(turn_seconds=turn_seconds)
    state = given({1: "R1 R2", 2: "G1 G2"}, "R9", rules=rules)
    state = replace(state, turn_deadline=state.clock + turn_seconds * 1000)
    left = t(lang, "time-in", seconds=60) if turn_seconds == 60 else t(lang, "time-in-minutes", minutes=10)
    ends = t(lang, "time-to-move", left=left)
    full = "Alexandra Konstantinopolskaya"
    for cut in range(1, len(full) + 1):
        seats = {1: Seat(1, full[:cut]), 2: Seat(2, "Bob")}  # "Alexandra " is shown "Alexandra"
        view = TableView(GAME_ID, 5, "Friends", seats, state, (), state.clock, "uno_bot")
        lines = check_text(table(view, lang).text).splitlines()
        shown = held(full[:cut].rstrip() if cut <= PLAYER_NAME_LIMIT else f"{full[: PLAYER_NAME_LIMIT - 1]}…")
        assert lines[2:4] == [t(lang, "table-turn", name=shown), ends], lines
        assert width(lines[2]) <= PHONE_LINE and width(lines[3]) <= PHONE_LINE, lines[2:4]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_pause_between_rounds_tells_its_end_on_a_line_of_its_own(lang: str) -> None:
    """(session 55, a game read through) The turn's end took a line of its own, the pause's stayed beside
    what it ends: "The round is over; the next one starts soon · ⏱ in 5 s" was 54 characters (44 in Russian,
    whose words alone fit), and a narrow phone wrapped it at the "⏱". It stands under it, as a turn's end
    stands under whose turn it is."""
    state = given({1: "R1", 2: "G1 G2"}, "R9")
    state = replace(state, round_over=True, round_winner=1, next_round_deadline=state.clock + 5_000)
    view = TableView(GAME_ID, 5, "Friends", SEATS, state, (), state.clock, "uno_bot")
    lines = check_text(table(view, lang).text).splitlines()
    ends = t(lang, "table-next-round", left=t(lang, "time-in", seconds=5))
    assert lines[2:4] == [t(lang, "table-round-over"), ends], lines
    assert width(lines[2]) <= PHONE_LINE and width(lines[3]) <= PHONE_LINE, lines[2:4]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_pause_between_rounds_fits_a_line_each_without_its_end_too(lang: str) -> None:
    """(session 56; session 55 left it) "The round is over; the next one starts soon" was 43 characters: it
    says that the round is over, then that the next is coming, each on a line of its own, the second telling
    when when the table knows (above), else that it is soon."""
    state = given({1: "R1", 2: "G1 G2"}, "R9")
    state = replace(state, round_over=True, round_winner=1, next_round_deadline=None)
    view = TableView(GAME_ID, 5, "Friends", SEATS, state, (), state.clock, "uno_bot")
    lines = check_text(table(view, lang).text).splitlines()
    assert lines[2:4] == [t(lang, "table-round-over"), t(lang, "table-next-round-soon")], lines
    assert width(lines[2]) <= PHONE_LINE and width(lines[3]) <= PHONE_LINE, lines[2:4]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("stacking", "challenge"), [("off", True), ("mixed", True), ("mixed", False)])
def test_a_penalty_turn_fits_a_line_each_and_wraps_only_after_the_name(
    lang: str, stacking: str, challenge: bool
) -> None:
    """(session 56; session 55 left it) "Turn: Alexandra Konst… must take 4 cards, pass it on or challenge
    the card" was 56 characters and more: what they must take stays on the turn's line, what they may do
    instead takes one of its own, and "must take 4 cards" is held together, so that a name too long for the
    line wraps after itself, never "must take" on one line and "4 cards" on the next."""
    rules = Rules().changed(stacking=stacking, wd4_challenge=challenge)
    state = given({1: "W4 B5 G1", 2: "G5 B2", 3: "Y1 Y2"}, "R3", rules=rules)
    state, _ = apply(state, Play(1, card_id(state, 1, "W4")))
    state, _ = apply(state, ChooseColour(1, Colour.GREEN))
    full = "Alexandra Konstantinopolskaya"
    for cut in range(1, len(full) + 1):
        seats = {1: Seat(1, "Ann"), 2: Seat(2, full[:cut]), 3: Seat(3, "Cleo")}
        view = TableView(GAME_ID, 5, "Friends", seats, state, (), state.clock, "uno_bot")
        lines = check_text(table(view, lang).text).splitlines()
        name = held(full[:cut].rstrip() if cut <= PLAYER_NAME_LIMIT else f"{full[: PLAYER_NAME_LIMIT - 1]}…")
        turn, answer = lines[2], lines[3]
        assert width(answer) <= PHONE_LINE, answer
        taken = turn[turn.index(name) + len(name) :].lstrip(":").strip()  # what follows the name
        assert " " not in taken and width(taken) <= PHONE_LINE, turn
        if cut <= 10:  # a name of ten letters and the line fits whole
            assert width(turn) <= PHONE_LINE, turn


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_eight_to_cover_wraps_only_after_the_name(lang: str) -> None:
    """(transcript read, session 57: ten players under the extreme preset) "Ходит Александра Конс…: нужно
    покрыть восьмёрку" was 47 characters, and a narrow phone broke it inside what the player must do
    ("нужно покрыть" / "восьмёрку"). It is held together, as a penalty's "взять 4 карты" is, so a long name
    wraps after itself, and a name of ten letters leaves the line whole («покрыть восьмёрку», as «взять 4
    карты»)."""
    state = given({1: "R8 R2 B9", 2: "G5 B2", 3: "Y1 Y2"}, "R3", rules=Rules().changed(eight_cover=True))
    state, _ = apply(state, Play(1, card_id(state, 1, "R8")))
    full = "Alexandra Konstantinopolskaya"
    for cut in range(1, len(full) + 1):
        seats = {1: Seat(1, full[:cut]), 2: Seat(2, "Bob"), 3: Seat(3, "Cleo")}
        view = TableView(GAME_ID, 5, "Friends", seats, state, (), state.clock, "uno_bot")
        turn = check_text(table(view, lang).text).splitlines()[2]
        name = held(full[:cut].rstrip() if cut <= PLAYER_NAME_LIMIT else f"{full[: PLAYER_NAME_LIMIT - 1]}…")
        due = turn[turn.index(name) + len(name) :].lstrip(":").strip()  # what follows the name
        assert due == t(lang, "table-cover-due").replace(" ", NBSP) and width(due) <= PHONE_LINE, turn
        if cut <= 10:
            assert width(turn) <= PHONE_LINE, turn


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_wild_to_challenge_is_said_on_a_line_of_its_own(lang: str) -> None:
    """(transcript read, session 57) "Ходит: Александра Конс… · может оспорить 🌈 Дикую" was 48 characters
    ("Turn: Al · may challenge the 🌈 Wild" 36 for a name of two letters): a narrow phone broke it wherever it
    came to. Whose turn it is takes its line, what they may do the next, as a penalty's answer does."""
    rules = Rules().changed(extreme_wild_restriction=True)
    state = given({1: "W R5 G1", 2: "G5 B2", 3: "Y1 Y2"}, "R3", rules=rules)
    state, _ = apply(state, Play(1, card_id(state, 1, "W")))
    state, _ = apply(state, ChooseColour(1, Colour.GREEN))
    full = "Alexandra Konstantinopolskaya"
    for cut in range(1, len(full) + 1):
        seats = {1: Seat(1, "Ann"), 2: Seat(2, full[:cut]), 3: Seat(3, "Cleo")}
        view = TableView(GAME_ID, 5, "Friends", seats, state, (), state.clock, "uno_bot")
        lines = check_text(table(view, lang).text).splitlines()
        name = held(full[:cut].rstrip() if cut <= PLAYER_NAME_LIMIT else f"{full[: PLAYER_NAME_LIMIT - 1]}…")
        assert lines[2] == t(lang, "table-turn", name=name), lines
        assert lines[3] == t(lang, "table-turn-may-challenge", card=t(lang, "render-card-wild-object")), lines
        assert width(lines[2]) <= PHONE_LINE and width(lines[3]) <= PHONE_LINE, lines[2:4]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_sevens_swap_to_choose_is_said_on_a_line_of_its_own(lang: str) -> None:
    """(transcript read, session 58: the house preset, a 7 after a Reverse) The Russian "Gosha chooses whom
    to swap hands with" was 39 characters for a name of four letters (51 for "Alexandra Konst…"; the English
    32 and the name): a narrow phone broke it wherever it came to. Whose turn it is takes its line, what they
    choose the next, as a Wild to challenge does."""
    state = given({1: "R7 B5 G1", 2: "G5 B2", 3: "Y1 Y2"}, "R3", rules=Rules().changed(seven_zero=True))
    state, _ = apply(state, Play(1, card_id(state, 1, "R7")))
    full = "Alexandra Konstantinopolskaya"
    for cut in range(1, len(full) + 1):
        seats = {1: Seat(1, full[:cut]), 2: Seat(2, "Bob"), 3: Seat(3, "Cleo")}
        view = TableView(GAME_ID, 5, "Friends", seats, state, (), state.clock, "uno_bot")
        lines = check_text(table(view, lang).text).splitlines()
        name = held(full[:cut].rstrip() if cut <= PLAYER_NAME_LIMIT else f"{full[: PLAYER_NAME_LIMIT - 1]}…")
        assert lines[2:4] == [t(lang, "table-turn", name=name), t(lang, "table-turn-swap")], lines
        assert width(lines[2]) <= PHONE_LINE and width(lines[3]) <= PHONE_LINE, lines[2:4]
        assert lines[4].startswith("⏱"), lines  # the turn's end under it


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_extreme_chains_lines_fit_a_narrow_phone_at_ten_seats(lang: str) -> None:
    """(transcript read, session 57: ten players under the extreme preset) "⛓ Цепочка +2 (звеньев: 3) ·
    следующее звено заставит взять 8 карт" (65 characters) and "⏭ Цепочка пропусков (пропущено: 2) ·
    следующий «Пропуск» пропустит троих" (72) took two or three lines of a narrow phone each, broken wherever
    they came to. How long the chain is takes a line, what its next link does the next, each fitting, for
    every chain ten seats can make."""
    codes = [f"{colour}{digit}" for colour in "GBY" for digit in range(1, 8)]
    hands = {player: f"{codes[2 * player]} {codes[2 * player + 1]}" for player in range(10)}
    state = given(hands, "R3", rules=Rules().changed(extreme_draw_chain=True, skip_chain=True))
    seats = {player: Seat(player, f"Player {player}") for player in hands}
    chains = [replace(state, chain=links) for links in range(1, 13)]
    chains += [replace(state, skip_chain=skipped) for skipped in range(1, 10)]
    for chained in chains:
        view = TableView(GAME_ID, 5, "Friends", seats, chained, (), chained.clock, "uno_bot")
        lines = check_text(table(view, lang).text).splitlines()
        at = next(at for at, line in enumerate(lines) if line.startswith(("⛓", "⏭")))
        assert lines[at + 2 :] == [], lines[at:]  # the chain's two lines end the table (no recent moves)
        assert width(lines[at]) <= PHONE_LINE and width(lines[at + 1]) <= PHONE_LINE, lines[at:]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("named", ["chooser", "taker"])
def test_a_draw_cards_colour_turn_fits_a_line_each_and_wraps_only_after_the_name(
    lang: str, named: str
) -> None:
    """(session 56 follow-up; the penalty turn's split left it) "Alexandra Konst… chooses a colour · penalty
    for Bob: 4 cards" was 56 characters and more: the chooser's turn takes a line, whose penalty it is the
    next, "4 cards" held together, so that a taker's name too long for the line wraps after itself."""
    state = given({1: "W4 B5 G1", 2: "G5 B2", 3: "Y1 Y2"}, "R3")
    state, _ = apply(state, Play(1, card_id(state, 1, "W4")))
    full = "Alexandra Konstantinopolskaya"
    for cut in range(1, len(full) + 1):
        long = Seat(1 if named == "chooser" else 2, full[:cut])
        seats = {1: Seat(1, "Ann"), 2: Seat(2, "Bob"), 3: Seat(3, "Cleo"), long.user_id: long}
        view = TableView(GAME_ID, 5, "Friends", seats, state, (), state.clock, "uno_bot")
        lines = check_text(table(view, lang).text).splitlines()
        name = held(full[:cut].rstrip() if cut <= PLAYER_NAME_LIMIT else f"{full[: PLAYER_NAME_LIMIT - 1]}…")
        chooser, taker = (name, "Bob") if named == "chooser" else ("Ann", name)
        turn, penalty = lines[2], lines[3]
        assert turn == t(lang, "table-turn-colour", name=chooser) and width(turn) <= PHONE_LINE, turn
        assert spaced(penalty) == spaced(
            t(lang, "table-colour-penalty", taker=taker, cards=t(lang, "cards-count", count=4))
        ), penalty
        assert lines[4].startswith("⏱"), lines  # the turn's end under it
        after = penalty[penalty.index(taker) + len(taker) :]  # ": 4 cards"
        assert " " not in after.lstrip(": ") and width(after) <= PHONE_LINE, penalty
        if cut <= 10:  # a name of ten letters and the line fits whole
            assert width(penalty) <= PHONE_LINE, penalty


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_plain_wilds_colour_turn_names_no_penalty(lang: str) -> None:
    """A Wild's colour is chosen with nothing to take: the chooser's turn, then its time, no "Penalty for
    Player 2: 0 cards" line (mutation audit, session 56)."""
    state = given({1: "W B5 G1", 2: "G5 B2", 3: "Y1 Y2"}, "R3")
    state, _ = apply(state, Play(1, card_id(state, 1, "W")))
    view = TableView(GAME_ID, 5, "Friends", SEATS, state, (), state.clock, "uno_bot")
    lines = check_text(table(view, lang).text).splitlines()
    assert lines[2] == t(lang, "table-turn-colour", name=f"Player{NBSP}1") and lines[3].startswith("⏱"), lines


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("winner", [1, 2])
def test_a_hand_in_the_pause_between_rounds_fits_a_line_each(lang: str, winner: int) -> None:
    """(session 56 follow-up; the table's pause was split) A hand's "The round is over; the next one starts
    soon." was 44 characters: that it is over, and that the next comes, each take a line, as on the table."""
    state = given({1: "R1", 2: "G1 G2"}, "R9")
    state = replace(state, round_over=True, round_winner=winner, next_round_deadline=state.clock + 5_000)
    said = check_text(hand(hand_view(state, 1), lang).text).split("\n\n")[1].splitlines()
    assert [line for line in said if width(line) > PHONE_LINE] == [], said
    assert said[1:] == [t(lang, "hand-next-round-soon")], said  # under who won


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("window", ["catch", "slap"])
def test_a_windows_names_line_wraps_between_names_never_inside_one(lang: str, window: str) -> None:
    """(session 55; session 54 left it) a window's names ("Alexandra Kons, 🌸 Marie-Chris, Екатерина Алек
    and 2 more", 55 characters) were joined by ordinary spaces, and a narrow phone broke the line inside a
    name: "Alexandra" at the end of one line, "Kons" at the start of the next. Each name's words are joined
    by no-break spaces, as a seat line's figures are: the line breaks only between names."""
    hands = {1: "R1 R2", 2: "G1", 3: "B1", 4: "Y1", 5: "R5", 6: "G5"}
    state = given(hands, "R0")
    now = state.clock
    if window == "catch":
        state = replace(state, catchable=[1, 2, 3, 4, 5, 6], catch_deadline=now + 10_000)
    else:
        state = replace(state, slap_pending=[1, 2, 3, 4, 5, 6], slap_deadline=now + 5_000)
    names = ("Jo Ann Li", *FOURTEEN, "Bob")
    seats = {player: Seat(player, raw) for player, raw in enumerate(names, start=1)}
    view = TableView(GAME_ID, 5, "Friends", seats, state, (), now, "uno_bot")
    lines = check_text(table(view, lang).text).splitlines()
    said = lines[next(at for at, line in enumerate(lines) if line.startswith("⚠👋"[window == "slap"])) + 1]
    listed = [NBSP.join(raw.split(" ")) for raw in names[:3]]
    assert said.startswith(", ".join(listed) + " "), said


# Names as wide as the table shows them, the widest of each kind: Latin, marked apart, emoji, right to left
SILENT_ONES = {
    1: Seat(1, "Alexandra Konstantinova"),
    2: Seat(2, "Alexandra Konstantinopolskaya"),
    3: Seat(3, "🌸 Marie-Christine Dubois"),
    4: Seat(
        4, "\u05de\u05e8\u05d9\u05dd \u05d1\u05ea \u05d0\u05d1\u05e8\u05d4\u05dd \u05d4\u05db\u05d4\u05df"
    ),
    5: Seat(5, "Bob"),
}


# while its 7's player chooses whom to swap with, the silence lasts to their next move: what says so
NEXT_MOVE = {"en": " moves again,", "ru": ", следующего."}


@pytest.mark.parametrize("choosing", [False, True], ids=["waiting", "choosing a swap"])
@pytest.mark.parametrize("sees_group", [True, False], ids=["fined", "unseen"])
@pytest.mark.parametrize("holder", sorted(SILENT_ONES))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_sevens_silence_takes_two_lines_of_a_narrow_phone_at_most(
    lang: str, holder: int, sees_group: bool, choosing: bool
) -> None:
    """(session 57's ten players under UNO Extreme on a narrow phone) "🤫 Silence until Alexandra Konst…
    moves again: the first player to write here takes 4 cards" took four lines of the table (in Russian as
    many). It says who and until when on one line, what breaks it on the next: «🤫 До хода: Alexandra
    Konst….» / «Написавший игрок берёт 4 карты» (session 58: «До хода Alexandra…» left the name
    undeclined, and «Пока не сходит Alexandra…» takes three lines). Unseen, that nothing is fined takes a
    third. (session 59) While the 7's player chooses whom to swap with, «До хода: Alexandra…» read as if
    their pick ended it: it lasts to their next move, and says so («До хода: X, следующего.», "Until X
    moves again")."""
    hands = {1: "R1", 2: "G2", 3: "B3", 4: "Y4", 5: "G5"}
    if choosing:
        state = given(
            hands, "R7", turn=holder, silence_holder=holder, decision=DecisionKind.SWAP, decider=holder
        )
    else:
        state = given(hands, "R7", silence_holder=holder, turn=holder % 5 + 1)
    view = TableView(GAME_ID, 5, "Friends", SILENT_ONES, state, (), 0, "uno_bot", sees_group=sees_group)
    board = check_text(table(view, lang).text).splitlines()
    line = next(line for line in board if line.startswith("🤫"))
    assert Narrator(SILENT_ONES, lang, state.rules.deck).who(holder) in line  # as the table names them
    assert len(wrapped(line)) <= (2 if sees_group else 3), wrapped(line)
    assert (NEXT_MOVE[lang] in spaced(line)) == choosing, line
