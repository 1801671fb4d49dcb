import pytest

from bot.visible_text import (
    ALERT_LIMIT,
    NAME_LIMIT,
    ZWJ,
    clean_name,
    clean_text,
    cut_to,
    read_as,
    shown_width,
    utf16_length,
)

SCOTLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
FAMILY = "👨🏻\u200d👩🏻\u200d👧🏻\u200d👦🏻"


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
    """(from tests/e2e/test_stop_question_answers.py, whose alert no longer reaches it: the name is cut
    first) An alert is cut to ALERT_LIMIT UTF-16 code units, as Telegram counts them, whole emoji only: a
    family with skin tones is 19 code units in 11 code points."""
    cut = cut_to(f"Only the host ({FAMILY * 12}) can do that.", ALERT_LIMIT, utf16_length)
    assert cut.endswith(f"{FAMILY}…") and utf16_length(cut) <= ALERT_LIMIT


@pytest.mark.parametrize(
    ("label", "width"),
    [
        ("Alex", 4),
        (ZWJ.join("Alex"), 4),  # a phone joins only emoji: letters after joiners are drawn as they are
        (ZWJ.join('"' * 64), 64),  # tests.heavy_names' heaviest until session 60: measured 2
        (ZWJ.join("★★★"), 3),  # symbols that are no emoji
        (ZWJ.join("⼀⼁"), 4),  # wide, but no emoji (Kangxi radicals)
        ("a" + ZWJ + "👩", 3),
        ("👩" + ZWJ + "a", 3),
        ("👨" + ZWJ + ZWJ + ZWJ, 2),  # joiners show nothing
        (ZWJ.join("👨👩👧"), 2),  # a family is one emoji
        (FAMILY, 2),
        ("👩\u200d❤️\u200d💋\u200d👨", 2),  # an emoji in emoji style joins as well
        ("🏳️\u200d🌈", 2),
        ("🐈\u200d⬛", 2),
        (ZWJ.join("👨" * 5), 4),  # no phone draws more than four as one
        ("🇺🇦", 2),
        (SCOTLAND, 2),
        ("#️⃣", 2),
        ("👍🏽", 2),
        ("a🏽", 3),  # a skin tone after a letter is drawn as a swatch
        ("👍🏽🏽🏽", 6),  # as one after a skin tone
        ("e\u0301\u0301", 1),
    ],
)
def test_shown_width_counts_what_a_phone_draws(label: str, width: int) -> None:
    assert shown_width(label) == width


@pytest.mark.parametrize(
    ("raw", "limit", "expected"),
    [
        (ZWJ.join("Alexandra"), 5, ZWJ.join("Alex") + "…"),  # no joiner left before "…"
        (ZWJ.join('"' * 64), 16, ZWJ.join('"' * 15) + "…"),
        (ZWJ.join("★" * 20), 4, ZWJ.join("★★★") + "…"),
        ("Kim " + FAMILY * 3, 9, f"Kim {FAMILY * 2}…"),  # families whole
        ("Kim " + ZWJ.join("👨" * 8), 7, f"Kim {ZWJ.join('👨' * 4)}…"),  # four joined are one
        ("a" + "🏽" * 10, 6, "a🏽🏽…"),
    ],
)
def test_a_name_is_cut_where_a_phone_draws_its_width(raw: str, limit: int, expected: str) -> None:
    assert clean_name(raw, limit) == expected
