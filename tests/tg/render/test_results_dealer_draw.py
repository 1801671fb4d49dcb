"""The draw for the deal: every card drawn, the ties (of both, of everyone, many of them between long names)
and who deals, an action or black card counting 0, the match's deck's cards, a long name's card held whole."""

import pytest

from bot.engine.events import DealerChosen, DealerDraw
from bot.engine.game import new_match
from bot.engine.rules import DeckName
from bot.tg.render import Seat, dealer_draw
from bot.tg.render.text import TEXT_LIMIT, t, telegram_length
from tests.heavy_names import heaviest_allowed
from tests.narrow_phone import PHONE_LINE, spaced, width
from tests.tg.render.checks import check_text
from tests.tg.render.results_seats import LONG, LONG_SEATS, NBSP, SEATS


def test_dealer_draw_shows_every_draw_ties_and_the_dealer() -> None:
    events = [DealerDraw(1, 17, 1), DealerDraw(2, 18, 1), DealerDraw(3, 0, 1)]  # red 9, red 9, red 0
    events += [DealerDraw(1, 1, 2), DealerDraw(2, 2, 2), DealerChosen(2)]
    text = dealer_draw(events, SEATS, "en", DeckName.CLASSIC)
    check_text(text)
    assert text.replace(NBSP, " ").splitlines()[1:] == [
        "Ann: 🟥 9",
        "Bob: 🟥 9",
        "Cid: 🟥 0",
        "A tie! Those players draw again:",
        "Ann: 🟥 1",
        "Bob: 🟥 1",
        "<b>Bob deals.</b>",
    ]


@pytest.mark.parametrize(
    ("lang", "both", "everyone"),
    [
        ("en", "A tie! Both draw again:", "A tie! Everyone draws again:"),
        ("ru", "Ничья! Оба игрока тянут ещё раз:", "Ничья! Все тянут ещё раз:"),  # noqa: RUF001
    ],
)
def test_a_tie_of_everyone_who_drew_for_the_deal_says_both_or_everyone(
    lang: str, both: str, everyone: str
) -> None:
    """(two players' transcript, session 57) Alice and Bob both drew a card that counts 0, and read "A tie!
    Those players draw again:": "those" of two, where the whole table draws again."""
    two = [DealerDraw(1, 23, 1), DealerDraw(2, 100, 1)]  # a +2 and a black card: both count 0
    two += [DealerDraw(1, 1, 2), DealerDraw(2, 2, 2), DealerChosen(2)]
    assert both in dealer_draw(two, SEATS, lang, DeckName.CLASSIC).splitlines()
    three = [DealerDraw(1, 17, 1), DealerDraw(2, 18, 1), DealerDraw(3, 36, 1)]  # all three tie
    three += [DealerDraw(1, 17, 2), DealerDraw(2, 18, 2), DealerDraw(3, 1, 2)]  # two of them tie again
    three += [DealerDraw(1, 1, 3), DealerDraw(2, 2, 3), DealerChosen(2)]
    lines = dealer_draw(three, SEATS, lang, DeckName.CLASSIC).splitlines()
    assert lines[4] == everyone and lines[8] == t(lang, "dealer-draw-tie", who="some")


@pytest.mark.parametrize(("lang", "left_out"), [("en", "… and 6 more ties …"), ("ru", "… и ещё 6 ничьих …")])
def test_a_dealer_draw_of_many_ties_between_long_names_shows_the_last_ones_that_fit(
    lang: str, left_out: str
) -> None:
    """(session 60) Each tie of two names as long as Telegram gives them took ~300 of the message: nine ties
    after ten such draws ran past Telegram's 4096 (a 1 in millions start, as ties go, but then the lobby's
    edit into the draw was refused). The first draw, the latest ties that fit and the dealer are shown, the
    ties between them counted; within the room the message's other lines leave."""
    heavy = {player: Seat(player, heaviest_allowed()) for player in range(1, 11)}
    events = [DealerDraw(player, 17, 1) for player in heavy]  # everyone a red 9
    for attempt in range(2, 14):  # twelve ties of Ann and Bob, then Bob deals
        events += [DealerDraw(1, 17 + attempt % 2, attempt), DealerDraw(2, 17, attempt)]
    events += [DealerDraw(1, 1, 14), DealerDraw(2, 2, 14), DealerChosen(2)]
    whole = dealer_draw(events, heavy, lang, DeckName.CLASSIC, room=10**6)
    assert telegram_length(whole) > TEXT_LIMIT
    room = TEXT_LIMIT - 300  # "The match has started", say
    text = dealer_draw(events, heavy, lang, DeckName.CLASSIC, room)
    assert telegram_length(text) <= room
    lines, all_lines = text.splitlines(), whole.splitlines()
    assert lines[:11] == all_lines[:11] and spaced(lines[11]) == left_out
    assert lines[12:] == all_lines[-len(lines) + 12 :]  # the latest ties, whole, and who deals


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_dealer_draw_of_real_matches(lang: str) -> None:
    for seed in range(20):
        _, events = new_match(list(LONG), seed=seed)
        check_text(dealer_draw(events, LONG, lang, DeckName.CLASSIC))


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "Ann: 🟥 +2 (counts as 0)"), ("ru", "Ann: 🟥 +2 (считается за 0)")]
)
def test_an_action_or_black_card_drawn_for_the_deal_says_it_counts_as_zero(lang: str, said: str) -> None:
    """(the evening audit, 2026-12-05) "Ann: 🟥 +2" above "Bob: 🟥 1" and "Bob deals." read as if the 2 had
    lost to the 1: an action or black card counts 0 in the draw for the deal (RULES.md)."""
    events = [DealerDraw(1, 23, 1), DealerDraw(2, 1, 1), DealerDraw(3, 100, 1), DealerChosen(2)]
    lines = dealer_draw(events, SEATS, lang, DeckName.CLASSIC).replace(NBSP, " ").splitlines()
    assert lines[1] == said
    assert lines[2] == "Bob: 🟥 1"  # a number card counts as its number
    assert lines[3].startswith("Cid: 🌈 ") and lines[3].endswith(said[said.index(" (") :])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_long_names_card_drawn_for_the_deal_wraps_after_the_name_never_inside_the_card(lang: str) -> None:
    """(session 55, a lowest-wins match read on a narrow phone) "Maximilian Longbottom-S…: 🟨 Reverse (counts
    as 0)" (52 characters, in Russian 54) wrapped after the colour's square: "🟨" on one line, "Reverse
    (counts as 0)" on the next. The card and its note are held together, on a line of their own."""
    events = [DealerDraw(1, 46, 1), DealerDraw(2, 102, 1), DealerDraw(3, 4, 1), DealerDraw(4, 23, 1)]
    lines = dealer_draw([*events, DealerChosen(3)], LONG_SEATS, lang, DeckName.CLASSIC).splitlines()[1:5]
    for line in lines:
        _, card = line.split(": ", 1)
        assert " " not in card and width(card) <= PHONE_LINE, line


@pytest.mark.parametrize(("code", "shown"), [(108, "🧨"), (105, "🌈")])  # a Creeper, a Wild Draw Four
def test_dealer_draw_names_the_cards_of_the_match_s_deck(code: int, shown: str) -> None:
    """(found by an audit of what people read, 2026-12-02) the Minecraft deck's extra cards were shown as
    an unknown card: the dealer draw was rendered with the classic deck."""
    text = dealer_draw([DealerDraw(1, code, 1), DealerChosen(2)], SEATS, "en", DeckName.MINECRAFT)
    assert f"Ann: {shown}" in text
