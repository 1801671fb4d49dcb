"""A round's results: each player's hand, what they scored and their total (the winner's scoring or each
player's own hand), the leader first, whose points are scored and what the match goes on to, a stalled
round's winner and lone zeros, a single round's winner alone, lines that fit a phone or wrap after the
name."""

import re

import pytest

from bot.engine.events import MatchEnded, RoundEnded
from bot.tg.render import Seat, match_end, round_end
from tests.narrow_phone import PHONE_LINE, spaced, width
from tests.tg.render.checks import check_text
from tests.tg.render.results_seats import LONG_SEATS, NBSP, SEATS


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
    assert spaced(text).endswith("\n\n" + said), text
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
    assert spaced(round_end(event, SEATS, lang, points=False)) == said
    final = match_end(MatchEnded((3,), {1: 0, 2: 0, 3: 0}), SEATS, lang, lowest_wins=False, points=False)
    assert "Cid" in final and "\n" not in final  # the title alone: no standings of zeros, no medals
