import pytest

from bot.i18n import Translator
from bot.service.leaderboards import PAGE_SIZE, LeaderboardEntry, LeaderboardPage, Ordering, Period
from bot.tg.callback_data import MAX_ARG, MAX_BYTES, CallbackData, decode
from bot.tg.stats_views import BoardChoice, Scope, display_name, leaderboard_render, sparkline
from tests.fake_bot_api.html_text import parse_html, utf16_len

LONG_NAME = '<&>"' * 60  # 240 characters that all need escaping


@pytest.fixture(scope="module")
def translator() -> Translator:
    return Translator()


def entry(rank: int) -> LeaderboardEntry:
    return LeaderboardEntry(rank, rank, LONG_NAME, 2999.0, True, 99_999, 99_999, 9_999_999)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_full_page_of_long_names_is_valid_html_within_telegrams_limits(
    translator: Translator, language: str
) -> None:
    board = LeaderboardPage(tuple(entry(rank) for rank in range(1, PAGE_SIZE + 1)), 5, MAX_ARG + 9, 10**6)
    choice = BoardChoice(Scope.CHAT, Ordering.WIN_RATE, Period.THIS_MONTH, 5)
    render = leaderboard_render(translator, language, board, choice, LONG_NAME)
    text, _ = parse_html(render.text)
    assert utf16_len(text) <= 4096
    assert "<&>" in text  # the names came through escaped, and were shortened
    assert render.reply_markup is not None
    for row in render.reply_markup.inline_keyboard:
        for button in row:
            assert isinstance(button.callback_data, str)
            assert len(button.callback_data.encode()) <= MAX_BYTES
            assert isinstance(decode(button.callback_data), CallbackData)


def test_the_last_page_the_codec_can_carry_has_no_next_button(translator: Translator) -> None:
    board = LeaderboardPage((entry(1),), MAX_ARG, MAX_ARG + 5, 10**6)
    render = leaderboard_render(translator, "en", board, BoardChoice(Scope.GLOBAL, page=MAX_ARG), None)
    assert render.reply_markup is not None
    assert [button.text for button in render.reply_markup.inline_keyboard[-1]] == ["◀"]


def test_names_are_shortened_then_escaped() -> None:
    assert display_name("Ann & Bob") == "Ann &amp; Bob"
    shortened = display_name("x" * 100)
    assert shortened.endswith("…") and len(shortened) == 32


def test_choices_from_unknown_values_are_refused() -> None:
    assert BoardChoice.from_args((0, 3, 1, 7)) == BoardChoice(
        Scope.CHAT, Ordering.POINTS, Period.THIS_MONTH, 7
    )
    assert BoardChoice.from_args((2, 0, 0, 0)) is None
    assert BoardChoice.from_args((0, 4, 0, 0)) is None
    assert BoardChoice.from_args((0, 0, 2, 0)) is None


def test_sparkline_spans_low_to_high() -> None:
    assert sparkline((1500.0, 1550.0, 1600.0)) == "▁▅█"
    assert sparkline((1500.0, 1500.0)) == "▅▅"
