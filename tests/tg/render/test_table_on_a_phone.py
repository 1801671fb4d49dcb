"""The table's head as a narrow phone shows it (tests.narrow_phone): the top card's line, which every table
and every hand shows, fits a line."""

from __future__ import annotations

import pytest

from bot.engine.actions import Play
from bot.engine.game import apply
from bot.tg.render.cards import top_line
from tests.engine.helpers import card_id, given
from tests.narrow_phone import PHONE_LINE, width
from tests.tg.render.checks import check_text


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
