"""The table's head as a narrow phone shows it (tests.narrow_phone): its title and the top card's line, which
every table (and the top line every hand) shows, fit a line."""

from __future__ import annotations

import pytest

from bot.engine.actions import Play
from bot.engine.game import apply
from bot.engine.rules import Rules
from bot.tg.render import TableView, table
from bot.tg.render.cards import top_line
from tests.engine.helpers import card_id, given
from tests.narrow_phone import PHONE_LINE, width
from tests.tg.render.buttons import GAME_ID, SEATS
from tests.tg.render.checks import check_text


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("target", [100, 500, 2000])
@pytest.mark.parametrize("round_no", [1, 12])
def test_the_tables_title_fits_a_line_of_a_narrow_phone(lang: str, target: int, round_no: int) -> None:
    """(session 52, a narrow phone's measure of four matches) "🎴 UNO · round 1 · first to 100 points", the
    first line of every table, was 38 characters: a narrow phone put "points" on a line of its own. "to 100
    points" says the same (as the Russian «до 100 очков» does), and the lobby's rules line says it alike."""
    rules = Rules().changed(target_score=target)
    state = given({1: "R1 R3", 2: "G2 G7"}, "R9", rules=rules, round_no=round_no)
    title = check_text(table(TableView(GAME_ID, 5, "Friends", SEATS, state, (), 0, "uno_bot"), lang).text)
    assert width(title.splitlines()[0]) <= PHONE_LINE, title.splitlines()[0]


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
