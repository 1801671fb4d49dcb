"""A table's view of a game, as the table's render tests draw it (tests/tg/render/test_table*.py)."""

from bot.engine.events import Event
from bot.engine.state import GameState
from bot.tg.render import Seat, TableView
from tests.tg.render.buttons import GAME_ID, SEATS

NBSP = "\u00a0"  # in a seat line's figures and a name's words (test_table*_on_a_phone, test_cut_names_alike)


def view(state: GameState, recent: tuple[Event, ...] = (), seats: dict[int, Seat] | None = None) -> TableView:
    return TableView(GAME_ID, 5, "Friends", seats or SEATS, state, recent, state.clock, "uno_test_bot")
