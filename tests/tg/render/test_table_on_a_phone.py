"""The table's head as a narrow phone shows it (tests.narrow_phone): its title and the top card's line, which
every table (and the top line every hand) shows, fit a line; so do the player list's rows (a long name's
wrapping after the name), the catch and slap windows' lines (their names breaking only between names) and
a 7's silence (two lines at most)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine.actions import Play
from bot.engine.cards import COLOURS
from bot.engine.decks import DeckName, deck_cards
from bot.engine.game import apply
from bot.engine.rules import Rules
from bot.engine.state import DecisionKind
from bot.tg.render import Seat, TableView, table
from bot.tg.render.cards import top_line
from bot.tg.render.names import PLAYER_NAME_LIMIT
from bot.tg.render.narrator import Narrator
from tests.engine.helpers import card_id, given
from tests.narrow_phone import PHONE_LINE, spaced, width, wrapped
from tests.tg.render.buttons import GAME_ID, SEATS
from tests.tg.render.checks import check_text
from tests.tg.render.table_views import NBSP


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


SIX = (*FOURTEEN, "Alexandra Konstantinopol", "Bob")


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
    more = f"and 2{NBSP}more" if lang == "en" else f"и ещё 2{NBSP}игрока"
    marie, katya, max_ = (NBSP.join(raw.split(" ")) for raw in FOURTEEN[1:])
    assert lines[catch + 1] == f"{marie}, {katya}, {max_} {more}", lines
    assert lines[slap + 1] == f"Alexandra{NBSP}Kons, {marie}, {katya} {more}", lines
    unit = "s" if lang == "en" else "с"  # noqa: RUF001 (the Russian one)
    seconds = (f"⏱{NBSP}10{NBSP}{unit}", f"⏱{NBSP}12{NBSP}{unit}")
    assert lines[catch].endswith(seconds[0]), lines[catch]
    assert (seconds[1] in lines[slap]) is slap_time, lines[slap]


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
