"""A match's end: its title (who won, shared wins, why it was won or stopped, a /stop not told again, whose
move an idle match waited for, a match that counts for nobody but those who left) and its standings (medals
and places, shared, a winner's-scoring 0 with none, the lowest total first, equal totals in seat order, who
left listed after them or left out)."""

import pytest

from bot.engine.actions import Leave, Play
from bot.engine.events import MatchEnded, RoundEnded
from bot.engine.game import apply
from bot.engine.rules import Rules
from bot.service.document import GameDocument, StopReason
from bot.service.results import match_ended_rows, seated_ending
from bot.tg.render import Seat, match_end, round_end
from bot.tg.render.results import standings
from tests.engine.helpers import card_id, given
from tests.narrow_phone import spaced
from tests.tg.render.checks import check_text
from tests.tg.render.results_seats import SEATS


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
