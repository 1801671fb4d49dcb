"""Two names the table's cut (PLAYER_NAME_LIMIT) makes alike: told apart ("Alexandra Kon… ²") on every line of
the table, and named as the table names them in the hands: a hand's "you are", its news, its lines of play
(hints, prompts, a silence, a chain, the winners) and a hand out of play."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.engine.actions import Action as Move
from bot.engine.actions import ChooseColour, Play
from bot.engine.cards import Colour
from bot.engine.events import Caught
from bot.engine.game import apply
from bot.engine.rules import Rules
from bot.engine.state import GameState
from bot.service.document import StopReason
from bot.tg.render import HandNews, Seat, TableView, hand, table
from bot.tg.render.narrator import Narrator
from bot.tg.render.text import t
from tests.engine.helpers import card_id, given
from tests.narrow_phone import spaced
from tests.tg.render.buttons import GAME_ID, hand_view
from tests.tg.render.checks import check_text
from tests.tg.render.table_views import NBSP


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
