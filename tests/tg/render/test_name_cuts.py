"""(session 58) One player's name reads one way on every screen of a game and every group message naming
them: the table's cut (PLAYER_NAME_LIMIT), two names it makes alike told apart by the same mark. Until then
the table read "Alexandra Konst…", the lobby, dealer draw, results and notices "Alexandra Konstantinova"
(cut at 24 letters' width: "Alexandra Konstantinopo…"), one person three ways in an evening."""

import pytest

from bot.engine.events import DealerChosen, DealerDraw, MatchEnded, RoundEnded
from bot.engine.rules import PRESETS, DeckName
from bot.tg.render import LobbyView, Seat, TableView, dealer_draw, lobby, match_end, round_end, table
from bot.tg.render.narrator import Narrator
from bot.tg.render.notices import idle_warning, reachable, unreachable
from bot.visible_text import ZWJ
from tests.engine.helpers import given
from tests.narrow_phone import NO_BREAK, spaced
from tests.tg.render.buttons import GAME_ID
from tests.tg.render.checks import check_render, check_text

HEBREW = "\u05de\u05e8\u05d9\u05dd \u05d1\u05ea \u05d0\u05d1\u05e8\u05d4\u05dd \u05d4\u05db\u05d4\u05df"
SEATS = {
    1: Seat(1, "Alexandra Konstantinova"),
    2: Seat(2, "Alexandra Konstantinopolskaya"),  # alike with the first once cut: marked
    3: Seat(3, "🌸 Marie-Christine Dubois"),  # an emoji as wide as two letters
    4: Seat(
        4, f"{HEBREW} \u05d4\u05d2\u05d3\u05d5\u05dc\u05d4"
    ),  # right to left, its line kept left to right
    5: Seat(5, "Bob"),
}
# As the table names them (its Narrator, at PLAYER_NAME_LIMIT), as a phone shows them
ON_TABLE = {
    1: "Alexandra Konst…",
    2: "Alexandra Kon… ²",
    3: "🌸 Marie-Christ…",
    4: f"\u200e{HEBREW[:15]}…\u200f\u200e",  # the ellipsis kept at the name's end (session 60)
    5: "Bob",
}
# How wider cuts read them ("Alexandra Konstantinopo…", "🌸 Marie-Christine Dubo…"): in none of the texts
WIDER = ("Alexandra Konsta", "Marie-Christi", HEBREW[:16])
# ... and as they are sent: held on one line (a line-end "Alexandra" read as another's)
HELD = {player: shown.replace(" ", NO_BREAK) for player, shown in ON_TABLE.items()}
LINK = "https://t.me/uno_test_bot?start=hand_9"


def test_the_table_names_them_so() -> None:
    narrator = Narrator(SEATS, "en", DeckName.CLASSIC)
    assert {player: check_text(narrator.who(player)) for player in SEATS} == HELD


def _reads_as_on_table(plain: str, players: list[int]) -> None:
    for player in players:
        assert HELD[player] in plain, (HELD[player], plain)
    for wider in WIDER:
        assert wider not in spaced(plain), plain


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_lobby_names_them_as_the_table_will(lang: str) -> None:
    view = LobbyView(9, 3, 2, tuple(SEATS.values()), PRESETS["official"], "b", handed_over=True)
    plain = check_render(lobby(view, lang))
    _reads_as_on_table(plain, list(SEATS))
    assert f"2. {HELD[2]} 🔑" in plain.splitlines()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_dealer_draw_and_results_name_them_as_the_table_does(lang: str) -> None:
    draws = [DealerDraw(player, 10 + player, 1) for player in SEATS]
    _reads_as_on_table(
        check_text(dealer_draw([*draws, DealerChosen(2)], SEATS, lang, DeckName.CLASSIC)), [1, 2, 3, 4]
    )
    hands = dict.fromkeys(SEATS, 10)
    round_text = round_end(RoundEnded(3, 2, hands, {2: 40}, {p: 10 * p for p in SEATS}), SEATS, lang)
    _reads_as_on_table(check_text(round_text), list(SEATS))
    won = match_end(MatchEnded((2,), {p: 100 * p for p in SEATS}), SEATS, lang, lowest_wins=False)
    _reads_as_on_table(check_text(won), list(SEATS))
    stopped = match_end(
        MatchEnded((), {p: 10 * p for p in SEATS}), SEATS, lang, lowest_wins=False, stopped=True
    )
    _reads_as_on_table(check_text(stopped), list(SEATS))


@pytest.mark.parametrize("player", [2, 3, 4])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_group_notices_name_them_as_the_table_does(lang: str, player: int) -> None:
    """The untimed notice's "/kick <name>" included: /kick takes the name as the table shows it."""
    cut_off = check_render(unreachable(SEATS, player, lobby=False, timed=False, private_link=LINK, lang=lang))
    assert f"/kick {HELD[player]}" in cut_off
    notices = [
        cut_off,
        check_render(unreachable(SEATS, player, lobby=True, timed=True, private_link=LINK, lang=lang)),
        check_render(reachable(SEATS, player, lobby=False, lang=lang)),
        check_render(idle_warning(SEATS, player, 50 * 60_000, 10 * 60_000, lang)),
        check_render(idle_warning(SEATS, player, 50 * 60_000, 10 * 60_000, lang, LINK)),
    ]
    for plain in notices:
        _reads_as_on_table(plain, [player])


def test_letters_and_symbols_chained_by_joiners_are_cut_to_the_tables_width() -> None:
    """A phone joins only emoji: a letter or a symbol after a zero-width joiner is drawn as itself. Until
    session 60 the bot counted it nothing, and a name chained by joiners (a joiner after each letter, or
    tests.heavy_names' 64 quotes) passed every cut, three lines on a narrow phone; a family stays one emoji,
    two letters wide."""
    chained = {
        1: (ZWJ.join("Alexandra Konstantinova"), ZWJ.join("Alexandra Konst") + "…"),
        2: (ZWJ.join("★" * 40), ZWJ.join("★" * 15) + "…"),
        3: ("👨‍👩‍👧‍👦 " + "Z" * 20, "👨‍👩‍👧‍👦 " + "Z" * 12 + "…"),
    }
    seats = {player: Seat(player, raw) for player, (raw, _) in chained.items()}
    state = given({1: "R1", 2: "G1 G2", 3: "B1 B2"}, "R9", turn=2)
    plain = check_render(table(TableView(GAME_ID, 5, "Friends", seats, state, (), 0, "uno_test_bot"), "en"))
    rows = [spaced(line) for line in plain.splitlines() if line.startswith(("▶️ ", "▫️ "))]
    assert rows == [
        f"▫️ {chained[1][1]}: 1 card · 0",
        f"▶️ {chained[2][1]}: 2 cards · 0",
        f"▫️ {chained[3][1]}: 2 cards · 0",
    ]
