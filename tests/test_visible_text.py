import pytest

from bot.visible_text import ALERT_LIMIT, NAME_LIMIT, clean_text, cut_to, read_as, utf16_length

SCOTLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"


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
        (SCOTLAND + " Ewan", SCOTLAND + " Ewan"),  # a subdivision flag keeps its tag characters
        ("a\U000e0067\U000e007fb", "ab"),  # tag characters anywhere else show nothing
    ],
)
def test_clean_text(raw: str, expected: str) -> None:
    assert clean_text(raw, NAME_LIMIT) == expected


@pytest.mark.parametrize(
    ("raw", "limit", "expected"),
    [
        ("Kyiv " + "🇺🇦" * 5, 10, "Kyiv 🇺🇦🇺🇦…"),  # a flag is two characters: never half of one
        ("Kyiv  " + "🇺🇦" * 5, 10, "Kyiv 🇺🇦🇺🇦…"),
        ("ab👍🏽cd", 4, "ab…"),  # a skin tone stays with its hand, or both go
        ("ab👨\u200d👩\u200d👧cd", 6, "ab…"),  # a family joined by ZWJ is one
        ("abe\u0301cd", 4, "ab…"),  # an accent stays with its letter
        ("abcdef", 4, "abc…"),
        ("ab" + SCOTLAND + "cd", 4, "ab…"),  # a subdivision flag is one, however many tags spell it
    ],
)
def test_shortening_never_cuts_inside_what_shows_as_one_character(
    raw: str, limit: int, expected: str
) -> None:
    assert clean_text(raw, limit) == expected


@pytest.mark.parametrize(
    ("one", "other", "alike"),
    [
        ("Alex", "ALEX", True),
        ("Alex", " alex\u200b", True),
        ("Alex", "▶️ Alex 🔑", True),  # the bot's marks are not a member's
        ("Alex", "Alex ²", False),  # a typed superscript reads as a plain "2"
        ("\u3164", "", True),  # nothing visible: both read as their player's number
        ("x" * 30, "x" * 40, True),  # shortened alike
        ("J\u00fcrgen", "JU\u0308RGEN", True),  # an accent joined to its letter or after it
    ],
)
def test_names_read_alike_as_shown(one: str, other: str, alike: bool) -> None:
    assert (read_as(one) == read_as(other)) is alike


def test_an_alert_is_cut_to_telegrams_count_never_inside_an_emoji() -> None:
    """(from tests/e2e/test_presses.py, whose alert no longer reaches it: the name is cut first) An alert is
    cut to ALERT_LIMIT UTF-16 code units, as Telegram counts them, whole emoji only: a family with skin tones
    is 19 code units in 11 code points."""
    family = "👨🏻\u200d👩🏻\u200d👧🏻\u200d👦🏻"
    cut = cut_to(f"Only the host ({family * 12}) can do that.", ALERT_LIMIT, utf16_length)
    assert cut.endswith(f"{family}…") and utf16_length(cut) <= ALERT_LIMIT
