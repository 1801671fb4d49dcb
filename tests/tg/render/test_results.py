import re

import pytest

from bot.engine.actions import Leave, Play
from bot.engine.events import DealerChosen, DealerDraw, MatchEnded, RoundEnded
from bot.engine.game import apply, new_match
from bot.engine.rules import DeckName, Rules
from bot.service.document import GameDocument, StopReason
from bot.service.results import match_ended_rows, seated_ending
from bot.tg.render import Seat, dealer_draw, match_end, packed, round_end
from bot.tg.render.results import standings
from bot.tg.render.text import TEXT_LIMIT, t, telegram_length
from tests.engine.helpers import card_id, given
from tests.heavy_names import cut_away, cut_short, heaviest_allowed
from tests.narrow_phone import PHONE_LINE, spaced, width
from tests.tg.render.checks import check_text

SEATS = {1: Seat(1, "Ann"), 2: Seat(2, "Bob"), 3: Seat(3, "Cid")}
NBSP = "\u00a0"  # between a round's results line's figures
LONG = {p: Seat(p, "<&>" * 40) for p in range(1, 11)}


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
    assert lines[:11] == all_lines[:11] and lines[11] == left_out
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


def test_round_end_lists_hand_points_scores_and_totals() -> None:
    event = RoundEnded(3, 1, {1: 0, 2: 35, 3: 12}, {1: 47, 2: 0, 3: 0}, {1: 147, 2: 80, 3: 1000})
    text = round_end(event, SEATS, "en").replace(NBSP, " ")
    check_text(text)
    assert "Round 3: Ann wins!" in text
    assert "Bob: 35 in hand · total <b>80</b>" in text
    assert "Ann: +47 · total <b>147</b>" in text
    assert "total <b>1,000</b>" in text
    stalled = round_end(RoundEnded(4, 2, {1: 5, 2: 3}, {1: 0, 2: 5}, {1: 5, 2: 5}, stalled=True), SEATS, "ru")
    assert "карты кончились" in stalled


# Session 52's read of a long match: "🤖 Computer 1: 0 points in hand · +77 · total 77" over "Alice: 25
# points in hand · +0 · total 0" (Russian: "на руке 128 очков · +0 · всего 1 945"), every line wrapped on a
# phone, and said "+0" of every loser and "0 in hand" of the winner. Two people of 12 letters (as short
# names are cut) and two computers.
PHONE_SEATS = {
    -1: Seat(-1, "", is_computer=True),
    2: Seat(2, "Alexandrinaa"),
    3: Seat(3, "Константинов"),
    -2: Seat(-2, "", is_computer=True),
}
PHONE_HANDS = {-1: 0, 2: 25, 3: 49, -2: 3}


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "en",
            [
                "🤖 Computer 1: +77 · total 77",
                "Alexandrinaa: 25 in hand · total 0",
                "Константинов: 49 in hand · total 0",
                "🤖 Computer 2: 3 in hand · total 0",
            ],
        ),
        (
            "ru",
            [
                "🤖 Компьютер 1: +77 · счёт 77",
                "Alexandrinaa: на руке 25 · счёт 0",
                "Константинов: на руке 49 · счёт 0",
                "🤖 Компьютер 2: на руке 3 · счёт 0",
            ],
        ),
    ],
)
def test_the_winner_s_scoring_says_the_winner_s_gain_and_the_losers_hands_only(
    lang: str, lines: list[str]
) -> None:
    """The winner scores the others' hands: the winner's line says what they scored, a loser's what their
    hand held (they score nothing: no "+0"); every line fits a phone."""
    event = RoundEnded(1, -1, PHONE_HANDS, {-1: 77, 2: 0, 3: 0, -2: 0}, {-1: 77, 2: 0, 3: 0, -2: 0})
    assert _player_lines(round_end(event, PHONE_SEATS, lang, target=500)) == lines
    assert max(map(width, lines)) <= PHONE_LINE


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "en",
            [
                "🤖 Computer 1: total 10",
                "🤖 Computer 2: +3 · total 43",
                "Alexandrinaa: +25 · total 85",
                "Константинов: +49 · total 99",
            ],
        ),
        (
            "ru",
            [
                "🤖 Компьютер 1: счёт 10",
                "🤖 Компьютер 2: +3 · счёт 43",
                "Alexandrinaa: +25 · счёт 85",
                "Константинов: +49 · счёт 99",
            ],
        ),
    ],
)
def test_own_hand_scoring_says_each_hand_once_as_what_its_player_scores(lang: str, lines: list[str]) -> None:
    """Each player scores their own hand, which counts against them (the lowest total wins): that +N is the
    news and stays, said once (not "25 in hand · +25"); the winner, who scores nothing, shows the total."""
    totals = {-1: 10, 2: 85, 3: 99, -2: 43}
    event = RoundEnded(2, -1, PHONE_HANDS, PHONE_HANDS, totals)
    assert _player_lines(round_end(event, PHONE_SEATS, lang, lowest_wins=True, target=500)) == lines
    assert max(map(width, lines)) <= PHONE_LINE


# NAME_LIMIT's 24 letters' width, as results show a name, cut: "Maximilian Longbottom-S…"
LONG_SEATS = {
    1: Seat(1, "Maximilian Longbottom-Smythe"),
    2: Seat(2, "🌸 Marie-Christine Dubois"),
    3: Seat(3, "Екатерина Александровна"),
    4: Seat(4, "Alexandra Konstantinopolskaya"),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("lowest_wins", [False, True])
def test_a_long_names_round_results_line_wraps_after_the_name_never_inside_its_figures(
    lang: str, lowest_wins: bool
) -> None:
    """(session 55, a lowest-wins match read on a narrow phone) "Maximilian Longbottom-S…: +24 · счёт 24" (39
    characters, in English 40) wrapped wherever it came to: "счёт" on one line, "24" on the next. As the
    table's rows, a line too wide breaks after the name: its figures are joined by no-break spaces, and fit a
    line of their own."""
    hands = {1: 24, 2: 0, 3: 100, 4: 80}
    scored = hands if lowest_wins else {1: 0, 2: 204, 3: 0, 4: 0}
    event = RoundEnded(7, 2, hands, scored, {1: 124, 2: 1204, 3: 100, 4: 1180}, lone_zeros=(3,))
    for line in _player_lines(round_end(event, LONG_SEATS, lang, lowest_wins=lowest_wins, target=2000), True):
        _, figures = line.split(": ", 1)
        assert " " not in figures and width(figures) <= PHONE_LINE, line


@pytest.mark.parametrize(
    ("lang", "winner", "lone"),
    [
        ("en", "🤖 Computer 1: 5 in hand · +162 · total 162", "Alexandrinaa: a lone 0 = 100 · total 0"),
        ("ru", "🤖 Компьютер 1: на руке 5 · +162 · счёт 162", "Alexandrinaa: одинокий 0 = 100 · счёт 0"),
    ],
)
def test_a_stalled_round_s_winner_shows_the_points_in_their_hand(lang: str, winner: str, lone: str) -> None:
    """The cards ran out and the fewest points won: the winner's hand is not empty, and says so; a lone 0
    counted as 100 says why (UNO Extreme's rare lines: longer than a phone's width)."""
    hands = {-1: 5, 2: 100, 3: 49, -2: 13}
    scored = {-1: 162, 2: 0, 3: 0, -2: 0}
    event = RoundEnded(6, -1, hands, scored, scored, stalled=True, lone_zeros=(2,))
    lines = _player_lines(round_end(event, PHONE_SEATS, lang))
    assert lines[0] == winner
    assert lone in lines


@pytest.mark.parametrize(
    ("lang", "winner"),
    [
        ("en", "🤖 Computer 1: a lone 0 = 100 · +390 · total 390"),
        ("ru", "🤖 Компьютер 1: одинокий 0 = 100 · +390 · счёт 390"),
    ],
)
def test_a_stalled_round_s_winner_holding_a_lone_zero_gains_the_others_hands_not_a_lone_zeros(
    lang: str, winner: str
) -> None:
    """The fewest points won a stalled round: the winner's own lone 0 (100) says why it counts so, but what
    they gain is the others' hands under the winner's scoring, not "+390 for a lone 0"."""
    hands = {-1: 100, 2: 120, 3: 130, -2: 140}
    scored = {-1: 390, 2: 0, 3: 0, -2: 0}
    event = RoundEnded(6, -1, hands, scored, scored, stalled=True, lone_zeros=(-1,))
    assert _player_lines(round_end(event, PHONE_SEATS, lang))[0] == winner


def _player_lines(text: str, as_sent: bool = False) -> list[str]:
    """The plain lines of a round's results between its header and its 🎯 line, the no-break spaces between
    their figures read as spaces (`as_sent`: kept)."""
    lines = check_text(text).splitlines()
    if not as_sent:
        lines = [line.replace(NBSP, " ") for line in lines]
    return lines[3 : lines.index("", 3) if "" in lines[3:] else None]


@pytest.mark.parametrize(
    ("lang", "lowest_wins", "said"),
    [
        ("en", False, "The winner scores the points left in the others' hands:"),
        ("en", True, "Each player scores the points left in their own hand:"),
        ("ru", False, "Победитель получает очки карт, оставшихся на руках у остальных:"),  # noqa: RUF001
        ("ru", True, "Каждый получает очки карт, оставшихся у него на руке:"),  # noqa: RUF001
    ],
)
def test_round_end_says_whose_points_a_player_scores(lang: str, lowest_wins: bool, said: str) -> None:
    """(found by a newcomer's audit, 2026-12-04) "Ann: 0 points in hand · +47" left one new to UNO asking
    where the 47 came from."""
    event = RoundEnded(3, 1, {1: 0, 2: 35, 3: 12}, {1: 47, 2: 0, 3: 0}, {1: 147, 2: 80, 3: 100})
    assert round_end(event, SEATS, lang, lowest_wins=lowest_wins).splitlines()[2] == said


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "The winner scores the points left in the other player's hand:"),
        ("ru", "Победитель получает очки карт, оставшихся на руке у соперника:"),  # noqa: RUF001
    ],
)
def test_a_duel_s_round_end_speaks_of_the_one_other_hand(lang: str, said: str) -> None:
    """(duel audit, 2026-12-05) Two friends read "the points left in the others' hands" (in Russian too)
    under a round of two, where there is one other hand."""
    event = RoundEnded(3, 1, {1: 0, 2: 35}, {1: 35, 2: 0}, {1: 135, 2: 80})
    assert round_end(event, SEATS, lang).splitlines()[2] == said


@pytest.mark.parametrize(
    ("lang", "lowest_wins", "said"),
    [
        ("en", False, "🎯 The first to 500 points wins the match."),
        ("en", True, "🎯 The match ends when someone reaches 500 points; the lowest total wins."),
        ("ru", False, "🎯 Матч выигрывает тот, кто первым наберёт 500 очков."),
        ("ru", True, "🎯 Матч закончится, когда кто-то наберёт 500 очков; побеждает меньший счёт."),
    ],
)
def test_round_end_says_what_the_match_goes_on_to(lang: str, lowest_wins: bool, said: str) -> None:
    """The totals alone left people asking how far the match goes."""
    event = RoundEnded(3, 1, {1: 0, 2: 35, 3: 12}, {1: 47, 2: 0, 3: 0}, {1: 147, 2: 80, 3: 100})
    text = round_end(event, SEATS, lang, lowest_wins=lowest_wins, target=500)
    assert text.endswith("\n\n" + said), text
    assert "🎯" not in round_end(
        event, SEATS, lang, lowest_wins=lowest_wins
    )  # the round that ended the match


def test_round_end_lists_players_by_their_match_total() -> None:
    """Seat order made people compare the totals line by line to see who leads: the leader comes first
    (the lowest total when it wins)."""
    event = RoundEnded(3, 3, {1: 45, 2: 12, 3: 0}, {1: 0, 2: 0, 3: 64}, {1: 120, 2: 300, 3: 164})
    totals = re.findall(r"total\s<b>(\d+)</b>", round_end(event, SEATS, "en"))
    assert totals == ["300", "164", "120"]
    own_hand = round_end(event, SEATS, "en", lowest_wins=True)
    assert re.findall(r"total\s<b>(\d+)</b>", own_hand) == ["120", "164", "300"]


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "🏁 <b>Round 1: Cid wins!</b>"), ("ru", "🏁 <b>Раунд 1: побеждает Cid!</b>")]
)
def test_a_single_round_result_names_the_winner_only(lang: str, said: str) -> None:
    event = RoundEnded(1, 3, {1: 45, 2: 12, 3: 0}, {1: 0, 2: 0, 3: 0}, {1: 0, 2: 0, 3: 0})
    assert round_end(event, SEATS, lang, points=False) == said
    final = match_end(MatchEnded((3,), {1: 0, 2: 0, 3: 0}), SEATS, lang, lowest_wins=False, points=False)
    assert "Cid" in final and "\n" not in final  # the title alone: no standings of zeros, no medals


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


def test_own_hand_standings_say_the_lowest_total_leads_except_after_a_walkover() -> None:
    """A stopped own-hand match ranks its smallest total first, which "Standings:" alone left unexplained; a
    walkover's one line is explained by its title."""
    totals = {1: 30, 2: 12, 3: 70}
    stopped = match_end(MatchEnded((), totals), SEATS, "en", lowest_wins=True, stopped=True)
    assert "\n\nStandings (lowest total first):\n1. Bob: <b>12</b>" in stopped
    russian = match_end(MatchEnded((), totals), SEATS, "ru", lowest_wins=True, stopped=True)
    assert "Итоги (сначала меньший счёт):" in russian
    walkover = match_end(MatchEnded((2,), {2: 12}), SEATS, "en", lowest_wins=True)
    assert "\n\nStandings:\n" in walkover


def test_standings_put_winners_first_and_share_places() -> None:
    highest = MatchEnded((2,), {1: 100, 2: 520, 3: 100, 4: 300})
    assert standings(highest, SEATS, lowest_wins=False) == [(1, 2), (2, 4), (3, 1), (3, 3)]
    lowest = MatchEnded((3, 4), {1: 510, 2: 200, 3: 90, 4: 90})  # own-hand scoring: the lowest total wins
    assert standings(lowest, SEATS, lowest_wins=True) == [(1, 3), (1, 4), (3, 2), (4, 1)]


def test_equal_totals_keep_seat_order_whatever_order_the_events_maps_have() -> None:
    """A stored event comes back from PostgreSQL with its maps in an order of its own (JSONB)."""
    totals = {3: 0, 2: 520, 1: 0}
    ended = round_end(RoundEnded(1, 2, {3: 5, 2: 0, 1: 5}, {3: 0, 2: 10, 1: 0}, totals), SEATS, "en")
    assert [line.split(":")[0] for line in ended.splitlines()[3:]] == ["Bob", "Ann", "Cid"]
    assert standings(MatchEnded((2,), totals), SEATS, lowest_wins=False) == [(1, 2), (2, 1), (2, 3)]


def test_equal_totals_share_a_medal_and_the_next_total_ranks_after_them() -> None:
    """Standard competition ranking: those level at 100 behind the winner are both second."""
    level = match_end(MatchEnded((2,), {1: 100, 2: 520, 3: 100}), SEATS, "en", lowest_wins=False)
    assert level.splitlines()[-3:] == ["🥇 Bob: <b>520</b>", "🥈 Ann: <b>100</b>", "🥈 Cid: <b>100</b>"]
    seats = {**SEATS, 4: Seat(4, "Dan")}
    behind = match_end(MatchEnded((2,), {1: 100, 2: 520, 3: 100, 4: 140}), seats, "en", lowest_wins=False)
    assert behind.splitlines()[-3:] == ["🥈 Dan: <b>140</b>", "🥉 Ann: <b>100</b>", "🥉 Cid: <b>100</b>"]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_winner_takes_match_won_in_one_round_gives_the_others_no_place(lang: str, players: int) -> None:
    """(session 59's list) Won in one round, a match to 100 ranked each of the others "🥈 0": the winner
    scores the others' cards, so their 0 says only that they did not win, and three second places of four
    players said nothing. They follow the winner with their 0, no medal or place."""
    seats = {**SEATS, 4: Seat(4, "Dan")}
    hands = {1: "R4", 2: "W W4 B9", 3: "B7 Y1", 4: "G5 G6"}
    state = given({p: hands[p] for p in range(1, players + 1)}, "R9", rules=Rules().changed(target_score=100))
    state, events = apply(state, Play(1, card_id(state, 1, "R4")))
    (ended,) = [event for event in events if isinstance(event, MatchEnded)]
    assert ended.winners == (1,) and sum(ended.totals.values()) == ended.totals[1] >= 100
    text = match_end(ended, seats, lang, lowest_wins=False)
    check_text(text)
    others = [f"{seats[p].name}: <b>0</b>" for p in range(2, players + 1)]
    assert text.splitlines()[-players:] == [f"🥇 Ann: <b>{ended.totals[1]}</b>", *others]


def test_a_winner_takes_zero_takes_no_place_where_points_rank_the_others() -> None:
    """Under the winner's scoring a 0 takes no place, in a match of several rounds and a stopped one too,
    where the totals above it keep theirs; under own-hand scoring 0 is the best there is, and a walkover's
    winner may hold 0: both keep their medal."""
    seats = {**SEATS, 4: Seat(4, "Dan")}
    race = match_end(MatchEnded((2,), {1: 0, 2: 520, 3: 0, 4: 40}), seats, "en", lowest_wins=False)
    ranked = ["🥇 Bob: <b>520</b>", "🥈 Dan: <b>40</b>"]
    assert race.splitlines()[-4:] == [*ranked, "Ann: <b>0</b>", "Cid: <b>0</b>"]
    stopped = match_end(MatchEnded((), {1: 10, 2: 30, 3: 0}), SEATS, "ru", lowest_wins=False, stopped=True)
    assert stopped.splitlines()[-3:] == ["1. Bob: <b>30</b>", "2. Ann: <b>10</b>", "Cid: <b>0</b>"]
    own = match_end(MatchEnded((1, 3), {1: 0, 2: 120, 3: 0}), SEATS, "en", lowest_wins=True)
    assert own.splitlines()[-3:] == ["🥇 Ann: <b>0</b>", "🥇 Cid: <b>0</b>", "🥉 Bob: <b>120</b>"]
    walkover = match_end(MatchEnded((2,), {2: 0}), SEATS, "en", lowest_wins=False)
    assert walkover.splitlines()[-1] == "🥇 Bob: <b>0</b>"


def test_match_end_texts() -> None:
    event = MatchEnded((2,), {1: 100, 2: 520, 3: 40})
    text = match_end(event, SEATS, "en", lowest_wins=False)
    check_text(text)
    assert text.splitlines()[0] == "🏆 <b>Bob wins the match!</b>"
    assert text.splitlines()[-3:] == ["🥇 Bob: <b>520</b>", "🥈 Ann: <b>100</b>", "🥉 Cid: <b>40</b>"]
    shared = match_end(MatchEnded((1, 3), {1: 90, 2: 300, 3: 90}), SEATS, "ru", lowest_wins=True)
    assert shared.splitlines()[0] == "🏆 <b>Ann и Cid делят победу!</b>", shared
    three = match_end(MatchEnded((1, 2, 3), {1: 90, 2: 90, 3: 90}), SEATS, "en", lowest_wins=True)
    assert three.splitlines()[0] == "🏆 <b>Ann, Bob and Cid share the win!</b>", three
    stopped = match_end(MatchEnded((), {1: 10, 2: 30}), SEATS, "en", lowest_wins=False, stopped=True)
    assert stopped.startswith("⏹ <b>The game was stopped.</b>")
    assert stopped.splitlines()[-2:] == ["1. Bob: <b>30</b>", "2. Ann: <b>10</b>"]  # nobody won: no medals
    level = match_end(MatchEnded((), {1: 20, 2: 20}), SEATS, "en", lowest_wins=False, stopped=True)
    assert level.splitlines()[-2:] == ["1. Ann: <b>20</b>", "1. Bob: <b>20</b>"]
    unscored = match_end(MatchEnded((), {1: 0, 2: 0}), SEATS, "ru", lowest_wins=False, stopped=True)
    assert unscored.splitlines()[-1] == "Итоги: очков никто не набрал."


@pytest.mark.parametrize(
    ("lowest_wins", "order"),
    [
        (False, ["1. Bob: <b>300</b>", "2. Cid: <b>150</b>", "3. Ann: <b>10</b>"]),
        (True, ["1. Ann: <b>10</b>", "2. Cid: <b>150</b>", "3. Bob: <b>300</b>"]),
    ],
)
def test_stopped_standings_follow_the_scoring_not_the_missing_winners(
    lowest_wins: bool, order: list[str]
) -> None:
    stopped = MatchEnded((), {1: 10, 2: 300, 3: 150})  # stopped early: nobody won
    text = match_end(stopped, SEATS, "en", lowest_wins=lowest_wins, stopped=True)
    assert text.splitlines()[-3:] == order


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


@pytest.mark.parametrize(
    ("lang", "reason", "headline"),
    [
        ("en", StopReason.COMPUTERS, "⏹ <b>The game was stopped:</b> only computer players were left."),
        ("ru", StopReason.COMPUTERS, "⏹ <b>Игра остановлена:</b> в ней остались только компьютерные игроки."),
        (
            "en",
            StopReason.IDLE,
            "⏹ <b>The game was stopped:</b> nobody was playing any more, so nobody wins.",
        ),
        ("ru", StopReason.IDLE, "⏹ <b>Игра остановлена:</b> никто больше не играл, победителя нет."),
        (
            "en",
            StopReason.KICKED,
            "⏹ <b>The game was stopped:</b> the last opponent was removed, so nobody wins.",
        ),
    ],
)
def test_a_match_stopped_for_want_of_people_says_why(lang: str, reason: StopReason, headline: str) -> None:
    text = match_end(
        MatchEnded((), {2: 30, 3: 10}), SEATS, lang, lowest_wins=False, stopped=True, stop_reason=reason
    )
    check_text(text)
    assert text.splitlines()[0] == headline


def test_a_persons_stop_is_not_told_again_over_its_standings() -> None:
    """(session 57) A /stop was told three times in the group: the answered question ("Ann stopped the
    game."), the table's line, and "⏹ The game was stopped." over the standings, just below the question."""
    totals = MatchEnded((), {1: 10, 2: 30})
    by_a_person = match_end(totals, SEATS, "en", lowest_wins=False, stopped=True, asked=True)
    assert by_a_person.splitlines()[0] == "⏹ Standings:", by_a_person
    by_the_bot = match_end(
        totals, SEATS, "en", lowest_wins=False, stopped=True, stop_reason=StopReason.COMPUTERS
    )
    assert by_the_bot.splitlines()[1:3] == ["", "Standings:"], by_the_bot  # under why it stopped
    single_round = match_end(totals, SEATS, "ru", lowest_wins=False, stopped=True, points=False, asked=True)
    assert single_round == "⏹ <b>Игра остановлена.</b>"  # no standings: its title is all the message says


def test_whose_move_an_idle_match_waited_for_is_named_as_the_table_names_them() -> None:
    """(session 57) The group's "It was …'s move" cut a long name at 24 letters, the table (and the hands
    saying the same) at 16. (session 59) No "'s" after it: "Alexandra Konst…'s move" read oddly."""
    seats = {**SEATS, 3: Seat(3, "Alexandra Konstantinopolskaya")}
    text = match_end(
        MatchEnded((), {1: 10, 2: 30}),
        seats,
        "en",
        lowest_wins=False,
        stopped=True,
        stop_reason=StopReason.IDLE,
        waited_for=3,
    )
    assert "Alexandra Konst… was to move" in spaced(text), text


@pytest.mark.parametrize(
    ("lang", "headline"),
    [
        ("en", "🏆 <b>Bob wins the match:</b> everyone else is out of the game."),
        ("ru", "🏆 <b>Bob выигрывает матч:</b> остальные игроки выбыли из игры."),
    ],
)
def test_a_match_won_because_everyone_else_is_out_says_so(lang: str, headline: str) -> None:
    """Ann missed her turns until she was out: the group read "Bob wins the match! 🥇 Bob: 0", a win with no
    points and nobody beaten, and only the table's last lines told why."""
    text = match_end(MatchEnded((2,), {2: 0}), SEATS, lang, lowest_wins=False)
    check_text(text)
    assert text.splitlines()[0] == headline


@pytest.mark.parametrize(
    ("lang", "headline"),
    [
        ("en", "🏆 <b>Bob wins the match:</b> Ann is out of the game."),
        ("ru", "🏆 <b>Bob выигрывает матч:</b> Ann больше не в игре."),
    ],
)
def test_a_duel_won_because_the_other_is_out_names_them(lang: str, headline: str) -> None:
    """(duel audit, 2026-12-05) Ann left a duel: the group read "everyone else is out of the game" («остальные
    игроки выбыли из игры», players in the plural) of the one opponent there was."""
    duel = {1: SEATS[1], 2: SEATS[2]}
    text = match_end(MatchEnded((2,), {2: 0}), duel, lang, lowest_wins=False)
    check_text(text)
    assert text.splitlines()[0] == headline


@pytest.mark.parametrize(
    ("lang", "left", "told"),
    [
        ("en", (), "The match counts for nobody: the winner removed a player who was still playing."),
        (
            "en",
            (1,),
            "The match counts only as a loss for Ann, who left it: the winner removed a player who was still"
            " playing.",
        ),
        (
            "ru",
            (1,),
            "Поражение засчитано только тому, кто вышел из матча, — Ann. Остальным матч не засчитан:"
            " победитель убрал из игры того, кто ещё играл.",
        ),
        (
            "en",
            (1, 4),
            "The match counts only as a loss for Ann and Dan, who each left it: the winner removed a player"
            " who was still playing.",
        ),
        (
            "ru",
            (1, 4),
            "Поражение засчитано только тем, кто вышел из матча, — Ann и Dan. Остальным матч не засчитан:"
            " победитель убрал из игры того, кто ещё играл.",
        ),
    ],
)
def test_a_match_that_counts_for_nobody_names_who_left_it_for_whom_it_counts_as_a_loss(
    lang: str, left: tuple[int, ...], told: str
) -> None:
    """(an evening's transcript, session 61) Ann left before Bob removed a player still playing and won: the
    group read "The match counts for nobody", and her /top counted the loss leaving cost her."""
    seats = {**SEATS, 4: Seat(4, "Dan")}
    text = match_end(
        MatchEnded((2,), {2: 120, 3: 83}), seats, lang, lowest_wins=False, void=True, lost_by_leaving=left
    )
    check_text(text)
    assert text.splitlines()[1] == told


def test_final_standings_leave_out_who_left_as_the_stored_results_do() -> None:
    """(found by an audit, 2026-12-02) Ann left with 195 points: her stored result is last place (a forfeit),
    and the group read her second."""
    rules = Rules(target_score=200)
    state = given({1: "R1 R3 B5", 2: "R2", 3: "B+2 Y2 Y1"}, "R9", rules=rules, scores={1: 195, 2: 180, 3: 20})
    state, _ = apply(state, Leave(1))  # mid-match: a forfeit
    state, events = apply(state, Play(2, card_id(state, 2, "R2")))
    ended = next(e for e in events if isinstance(e, MatchEnded))
    doc = GameDocument(1, "Friends", rules, None, (1, 2, 3), {1: "Ann", 2: "Bob", 3: "Cid"}, engine=state)
    stored = {result.user_id: result.placement for result, _, _ in match_ended_rows(doc, ended, 0)}
    text = match_end(seated_ending(doc, ended), SEATS, "en", lowest_wins=False)
    assert stored == {2: 1, 3: 2, 1: 3}
    assert "🥇 Bob" in text and "🥈 Cid" in text and "Ann" not in text


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        ("en", ["Standings:", "Bob: <b>0</b>", "Cid: <b>0</b>", "— Ann: <b>470</b> (out of the game)"]),
        ("ru", ["Итоги:", "Bob: <b>0</b>", "Cid: <b>0</b>", "— Ann: <b>470</b> (больше не в игре)"]),
    ],
)
def test_a_stopped_match_lists_who_left_it_with_their_points_after_the_standings(
    lang: str, lines: list[str]
) -> None:
    """(transcript read, session 56) Both people missed their turns until they were out, and the match, left
    to computers, ended "Standings: nobody has scored any points." of one who had 470. Who left is listed
    after the ranked players, unranked (their stored result is last) and marked out of the game. (session 60)
    The winner's scoring's zeros take no place: "1. Bob: 0 / 1. Cid: 0" ranked players who won no round."""
    text = match_end(
        MatchEnded((), {2: 0, 3: 0}),
        SEATS,
        lang,
        lowest_wins=False,
        stopped=True,
        stop_reason=StopReason.COMPUTERS,
        departed={1: 470},
    )
    check_text(text)
    assert text.splitlines()[-4:] == lines


@pytest.mark.parametrize(
    ("lowest_wins", "departed", "lines"),
    [
        (False, {1: 120, 3: 470}, ["Cid: <b>470</b>", "Ann: <b>120</b>"]),
        (True, {1: 470, 3: 120}, ["Cid: <b>120</b>", "Ann: <b>470</b>"]),
    ],
    ids=["highest first", "lowest first when the lowest wins"],
)
def test_who_left_a_stopped_match_is_listed_by_total_as_the_standings_are(
    lowest_wins: bool, departed: dict[int, int], lines: list[str]
) -> None:
    """(session 56 review) they were listed in seat order: Ann's 120 above Cid's 470."""
    text = match_end(
        MatchEnded((), {2: 40}), SEATS, "en", lowest_wins=lowest_wins, stopped=True, departed=departed
    )
    assert text.splitlines()[-2:] == [f"— {line} (out of the game)" for line in lines]


def test_a_stopped_match_ranks_its_totals_once_anyone_has_scored() -> None:
    """Only a stop before anyone scored says nobody did: one score among zeros is a standing to show (the
    zeros, of players who won no round, with no place)."""
    text = match_end(MatchEnded((), {1: 0, 2: 40, 3: 0}), SEATS, "en", lowest_wins=False, stopped=True)
    assert text.splitlines()[-3:] == ["1. Bob: <b>40</b>", "Ann: <b>0</b>", "Cid: <b>0</b>"]
