"""Whose turn it is, and what they must or may do, as a narrow phone shows it (tests.narrow_phone): the turn
and its end, a penalty, an 8 to cover, a Wild to challenge, a 7's swap to choose, a colour to choose (and
whose penalty it is), an extreme chain, each a line that fits or wraps only after the name; the pause
between rounds, on the table and in a hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine.actions import ChooseColour, Play
from bot.engine.cards import Colour
from bot.engine.game import apply
from bot.engine.rules import Rules
from bot.tg.render import Seat, TableView, hand, table
from bot.tg.render.names import PLAYER_NAME_LIMIT, held
from bot.tg.render.text import t
from tests.engine.helpers import card_id, given
from tests.narrow_phone import PHONE_LINE, spaced, width
from tests.tg.render.buttons import GAME_ID, SEATS, hand_view
from tests.tg.render.checks import check_text
from tests.tg.render.table_views import NBSP


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
