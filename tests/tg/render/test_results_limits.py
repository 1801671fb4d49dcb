"""Results within Telegram's limits: ten long names, names cut where whole they could not be sent, the
heaviest names Telegram allows named whole, many winners named first few and counted, results owed for
several rounds packed into as few messages as fit."""

import pytest

from bot.engine.events import MatchEnded, RoundEnded
from bot.tg.render import Seat, match_end, packed, round_end
from bot.tg.render.text import TEXT_LIMIT
from tests.heavy_names import cut_away, cut_short, heaviest_allowed
from tests.narrow_phone import spaced
from tests.tg.render.checks import check_text
from tests.tg.render.results_seats import LONG


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_results_with_ten_long_names_fit(lang: str) -> None:
    points = {p: p * 10 for p in LONG}
    check_text(round_end(RoundEnded(1, 1, points, points, points), LONG, lang))
    check_text(match_end(MatchEnded((1, 2), points), LONG, lang, lowest_wins=False))


CUT_AWAY = {p: Seat(p, cut_away(chr(64 + p))) for p in range(1, 11)}  # tests.heavy_names


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_results_too_long_for_a_message_at_the_tables_width_cut_names_to_a_length(lang: str) -> None:
    """Ten names within the table's width can be too long for Telegram (tests.heavy_names, 611 characters
    each, longer than it allows a name): a round's result and the standings cut each at NAME_UNITS, where
    whole they could not be sent (session 59: at a shorter width before)."""
    points = {p: p * 10 for p in CUT_AWAY}
    shown = [cut_short(chr(64 + p)) for p in CUT_AWAY]
    round_text = check_text(round_end(RoundEnded(1, 1, points, points, points), CUT_AWAY, lang))
    standings_text = check_text(match_end(MatchEnded((1, 2), points), CUT_AWAY, lang, lowest_wins=False))
    for text in (round_text, standings_text):
        assert all(f"{name}: " in text for name in shown)


HEAVIEST = {p: Seat(p, heaviest_allowed()) for p in range(1, 11)}  # tests.heavy_names


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_results_of_ten_of_the_heaviest_names_telegram_allows_name_them_whole(lang: str) -> None:
    """Ten names of NAME_UNITS (tests.heavy_names) are named whole, marked. Until session 58 ten names of 449
    characters of HTML each raised at both cuts: the results measured their HTML (a quote six characters),
    where Telegram counts the text it reads (a quote one); since session 60 no name within the table's width
    is that heavy (a quote after a joiner counts one letter, as drawn), and the heaviest take 189."""
    points = {p: p * 10 for p in HEAVIEST}
    round_text = round_end(RoundEnded(1, 1, points, points, points), HEAVIEST, lang)
    standings_text = match_end(MatchEnded((1,), points), HEAVIEST, lang, lowest_wins=False)
    for text in (round_text, standings_text):
        assert f"{heaviest_allowed()} ¹⁰: " in spaced(check_text(text))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_nine_winners_of_heavy_names_are_named_first_few_and_how_many_more(lang: str) -> None:
    """Nine winners tied under own-hand scoring: the title listed them all as one argument, past what Fluent
    takes (2,500 characters of HTML), and raised before a shorter cut was tried; it names the first three
    and counts the others, whom the standings below list."""
    totals = {p: 0 if p < 10 else 40 for p in HEAVIEST}
    text = spaced(
        check_text(match_end(MatchEnded(tuple(range(1, 10)), totals), HEAVIEST, lang, lowest_wins=True))
    )
    more = {"en": "and 6 more share the win!", "ru": "и ещё 6 игроков делят победу!"}[lang]
    assert text.splitlines()[0].endswith(f"{heaviest_allowed()} ³ {more}")
    assert all(f"{heaviest_allowed()} {mark}: " in text for mark in ("⁹", "¹⁰"))


def test_packed_joins_texts_while_they_fit_one_message() -> None:
    assert packed(["a", "b"]) == ["a\n\nb"]
    assert packed([]) == []
    long = "x" * (TEXT_LIMIT - 2)
    assert packed(["a", long, "b"]) == ["a", long, "b"]  # "a" + long is one character too many
    assert packed(["a", "x" * (TEXT_LIMIT - 3)]) == ["a\n\n" + "x" * (TEXT_LIMIT - 3)]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_results_owed_for_several_rounds_are_packed_within_the_limit_telegram_counts(lang: str) -> None:
    """Names of emoji count twice in Telegram's limit (UTF-16): eight rounds' results and the standings of
    ten such players (all owed at once after the group could not be written to) still go out."""
    players = list(range(1, 11))
    seats = {p: Seat(p, "😀" * 24) for p in players}
    left = {p: 0 if p == 1 else 123 for p in players}
    ends = [
        round_end(RoundEnded(r, 1, left, {1: 1107}, {p: 100 * r for p in players}), seats, lang)
        for r in range(1, 9)
    ]
    ends.append(match_end(MatchEnded((1,), {p: 500 for p in players}), seats, lang, lowest_wins=False))
    messages = packed(ends)
    assert len(messages) > 1
    for message in messages:
        check_text(message)
