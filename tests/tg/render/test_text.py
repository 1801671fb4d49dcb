import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.tg.render import Seat
from bot.tg.render.text import NAME_LIMIT, clean_text, mention, name, seconds_left
from tests.tg.render.checks import check_text


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Alice", "Alice"),
        ("  Bob \n\t Smith ", "Bob Smith"),
        ("\u202eevil\u202c", "evil"),  # right-to-left override
        ("a\u200bb\u200ec\u2066d\u2069", "abcd"),  # zero-width space, LRM, isolates
        ("\u3164\u115f", ""),  # Hangul fillers that render as nothing
        ("Ze\u0301\u0301\u0301\u0301\u0301ro", "Ze\u0301\u0301ro"),  # no combining-mark towers
        ("x" * 100, "x" * (NAME_LIMIT - 1) + "…"),
        ("👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧"),  # emoji sequences keep their joiners
    ],
)
def test_clean_text(raw: str, expected: str) -> None:
    assert clean_text(raw, NAME_LIMIT) == expected


def test_names_are_escaped_and_never_empty() -> None:
    assert name(Seat(1, '<b>"Tom" & Jerry</b>'), "en") == "&lt;b&gt;&quot;Tom&quot; &amp; Jerry&lt;/b&gt;"
    assert name(Seat(1234567, "\u200b\u202e "), "en") == "Player 4567"
    assert name(Seat(7, ""), "ru") == "Игрок 7"
    assert name(Seat(-1, "Robo", is_computer=True), "en") == "🤖 Robo"


def test_long_html_laden_name_is_shortened_before_escaping() -> None:
    shown = name(Seat(1, '<>&"' * 50), "en")
    assert check_text(shown) == ('<>&"' * 50)[: NAME_LIMIT - 1] + "…"


def test_mentions_link_people_but_not_computers() -> None:
    assert mention(Seat(42, "Ann"), "en") == '<a href="tg://user?id=42">Ann</a>'
    assert mention(Seat(-5, "Bot", is_computer=True), "en") == "🤖 Bot"


@pytest.mark.parametrize(
    ("deadline", "now", "expected"),
    [
        (None, 0, None),
        (60_000, 0, 60),
        (60_000, 1, 60),
        (60_000, 10_000, 50),
        (60_000, 50_001, 10),
        (5, 10, 0),
    ],
)
def test_time_left_is_coarse(deadline: int | None, now: int, expected: int | None) -> None:
    assert seconds_left(deadline, now) == expected


@given(st.text(max_size=300), st.booleans())
def test_any_name_is_safe_short_visible_html(raw: str, computer: bool) -> None:
    shown = name(Seat(5, raw, is_computer=computer), "en")
    assert shown == shown.strip()
    plain = check_text(shown)
    assert len(plain) <= NAME_LIMIT + 2
    assert not any(
        unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp") and char != "\u200d" for char in plain
    )
