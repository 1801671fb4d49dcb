"""A heavy player's figures read on a narrow phone (session 57's reading of the boards): from ~1,000 wins or
100,000 points a board's figures line passes the phone's line ("100,000 points · 1,000 wins of 2,000", 36
characters; «1650? · 1 000 побед из 2 000 (50%)» 34), and from ~1,000 challenges a /stats card's line does
("Challenges: 1,000 of 2,000 won (50%)", 36), which the phone wrapped inside a figure: "1,000 wins of" /
"2,000". A figure's words are held together by no-break spaces: a board's line wraps between its figures, at
" · ", and a card's after its label."""

from __future__ import annotations

import pytest

from bot.i18n import Translator
from bot.i18n.translator import TranslationArg
from bot.service.leaderboards import LeaderboardEntry, LeaderboardPage, Ordering, PersonalStats
from bot.tg.board_views import BoardChoice, Scope, leaderboard_render
from bot.tg.stats_views import personal_text
from tests.fake_bot_api.html_text import parse_html
from tests.narrow_phone import NARROW_LINE, width, wrapped

# The board of a long-lived group: a provisional rating ("1650?"), and players of thousands of matches.
HEAVY = (
    LeaderboardEntry(1, 1, "Ann", 1650.0, True, 2_000, 1_000, 100_000, True),
    LeaderboardEntry(2, 2, "Bob", 1999.0, False, 20_000, 12_345, 1_234_567, True),
    LeaderboardEntry(3, 3, "Анастасия Константинопольская", 1480.0, False, 9_999, 4_321, 99_999, True),
)

# The card of a player of thousands of matches, challenges and practice matches.
HEAVY_CARD = PersonalStats(
    user_id=5,
    name="Анастасия Константинопольская",
    matches=20_000,
    wins=12_345,
    rounds_won=54_321,
    points=1_234_567,
    best_win_streak=123,
    uno_calls=43_210,
    catches_made=1_234,
    catches_suffered=2_345,
    challenges_won=1_000,
    challenges_lost=1_000,
    average_place=2.5,
    rating=1999.0,
    provisional=False,
    rating_history=tuple(1500.0 + 10 * match for match in range(11)),
    practice_matches=10_000,
    practice_wins=5_000,
    with_computers=1_500,
)


@pytest.fixture(scope="module")
def translator() -> Translator:
    return Translator()


def _split_inside(line: str, between: str) -> list[str]:
    """`line` as a narrow phone wraps it, when it wraps elsewhere than after `between` or passes its line."""
    shown = wrapped(line, NARROW_LINE)
    fits = all(width(piece) <= NARROW_LINE for piece in shown)
    return [] if fits and all(piece.endswith(between) for piece in shown[:-1]) else shown


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_heavy_players_figures_wrap_between_them_never_inside_one(
    translator: Translator, language: str
) -> None:
    board = LeaderboardPage(HEAVY, 0, 1, len(HEAVY))
    figures = []
    for ordering in Ordering:
        render = leaderboard_render(translator, language, board, BoardChoice(Scope.CHAT, ordering), "G")
        lines = parse_html(render.text)[0].splitlines()
        rows = lines[3 : 3 + 2 * len(HEAVY)]  # under the title, the subtitle and a blank line
        assert rows[0].endswith("Ann") and all(line[0].isdigit() for line in rows[1::2]), rows
        figures += rows[1::2]
    assert any(len(wrapped(line)) > 1 for line in figures)  # some are wider than the phone's line
    assert [shown for line in figures if (shown := _split_inside(line, " ·"))] == []


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_heavy_players_card_wraps_a_figure_after_its_label_never_inside_it(
    translator: Translator, language: str
) -> None:
    card = personal_text(translator, language, HEAVY_CARD)
    plain = parse_html(card)[0].splitlines()
    # a note in italics is prose, which wraps as a paragraph does
    lines = [line for line, html in zip(plain, card.splitlines(), strict=True) if not html.startswith("<i>")]
    assert any(len(wrapped(line)) > 1 for line in lines)
    assert [shown for line in lines if (shown := _split_inside(line, ":"))] == []


def test_a_cards_line_translated_without_a_colon_is_shown_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card's line whose figure is held after its label ("Challenges: 1,000 of 2,000 won (50%)") failed
    the whole card, a translator's edit leaving no ": " in it: it is then shown as written."""
    translator = Translator()
    written = translator.t

    def edited(language: str, key: str, /, **args: TranslationArg) -> str:
        text = written(language, key, **args)
        return text.replace(": ", " — ") if key == "stats-personal-challenges" else text

    monkeypatch.setattr(translator, "t", edited)
    card = parse_html(personal_text(translator, "en", HEAVY_CARD))[0]
    assert "Challenges — 1,000 of 2,000 won (50%)" in card.splitlines()
