"""What a hand said of its cards, read back from the recent moves after a restart (bot.tg.news_read_back): the
e2e tests (tests/e2e/test_hand_news_across_restarts.py) restart the bot over the common lines; these, the
cases where the recent moves no longer say it all."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine.actions import TimeoutKind
from bot.engine.events import (
    CardPlayed,
    CardsDrawn,
    DrawReason,
    Event,
    HandsSwapped,
    Passed,
    RoundStarted,
    Skipped,
    TimedOut,
)
from bot.engine.rules import JumpIn, Rules
from bot.service import GameDocument
from bot.tg.news_read_back import news_read_back
from bot.tg.render import HandNews
from tests.engine.helpers import card_id, given

STATE = given({1: "R1 R2", 2: "G1 G2", 3: "B1 B2"}, "R9")
DEAL = RoundStarted(1, dealer=3, first_player=1, start_card=0)
SWAPPED = HandNews("hand-news-swapped-by", other=2)


def _doc(changes: list[tuple[int, list[Event]]], sends: dict[int, int]) -> GameDocument:
    recent = [event for _, events in changes for event in events]
    seqs = [seq for seq, events in changes for _ in events]
    return GameDocument(
        creator=1,
        chat_title="Friends",
        rules=Rules(),
        preset=None,
        players=(1, 2, 3),
        names={},
        engine=STATE,
        recent=tuple(recent),
        recent_seqs=tuple(seqs),
        hand_sends=sends,
    )


def test_a_change_the_table_may_have_cut_short_tells_nothing() -> None:
    """Its first events may be gone with the lines the table no longer keeps: what it did is not known."""
    plays: list[tuple[int, list[Event]]] = [(seq, [CardPlayed(2 + seq % 2, seq)]) for seq in range(2, 10)]
    kept = _doc([(1, [HandsSwapped(2, 1)]), *plays[:6]], {1: 0})  # 7 lines: none cut off
    assert news_read_back(kept, 1) == (SWAPPED,)
    cut = _doc([(1, [HandsSwapped(2, 1)]), *plays], {1: 0})  # 9: the table would have cut them
    assert news_read_back(cut, 1) == ()
    kept_in_full = _doc([(1, [HandsSwapped(2, 1)]), *plays[:7]], {1: 0})  # 8, as many as the table keeps
    assert news_read_back(kept_in_full, 1) == ()  # (mutation audit, session 54) as many may be cut short


def test_a_change_after_moves_saved_untagged_is_whole() -> None:
    """Moves saved before they were tagged with their seqs come before every tagged change: the first of
    those is whole however many lines there are (mutation audit, session 54)."""
    plays: list[tuple[int, list[Event]]] = [(seq, [CardPlayed(2 + seq % 2, seq)]) for seq in range(2, 9)]
    tagged = _doc([(1, [HandsSwapped(2, 1)]), *plays], {1: 0})
    untagged = (CardPlayed(2, 20), CardPlayed(3, 21))
    assert news_read_back(replace(tagged, recent=(*untagged, *tagged.recent)), 1) == (SWAPPED,)


def test_a_line_told_until_the_holders_turn_is_gone_once_a_turn_of_theirs_began() -> None:
    drew = [(0, [DEAL]), (4, [CardsDrawn(1, 1, (5,), DrawReason.TURN), Passed(1)])]
    assert news_read_back(_doc(drew, {1: 0}), 1) == (HandNews("hand-news-drew-passed", 1, until_turn=True),)
    assert news_read_back(_doc(drew, {1: 6}), 1) == ()


def test_a_jump_in_on_anothers_turn_leaves_what_the_hand_said_before() -> None:
    """Carol (3) jumped in after Bob's (2) card, which swapped Alice's (1) hand: hers still says the swap."""
    changes: list[tuple[int, list[Event]]] = [
        (0, [DEAL]),
        (1, [CardPlayed(1, 1)]),
        (2, [CardPlayed(2, 2), HandsSwapped(2, 1)]),
        (3, [CardPlayed(3, 3, jump_in=True)]),
    ]
    assert news_read_back(_doc(changes, {1: 0, 2: 1, 3: 0}), 1) == (SWAPPED,)


def test_a_jump_in_is_told_to_whom_it_took_the_turn_from_the_deal_on() -> None:
    """Bob jumped in on the first turn, Alice's since the deal, or on a turn of hers begun by a move."""
    jumped = HandNews("hand-news-jumped-in", other=2, until_turn=True)
    carols_turn = replace(STATE, turn=3)  # after Bob's card

    def doc(changes: list[tuple[int, list[Event]]], sends: dict[int, int]) -> GameDocument:
        return replace(_doc(changes, sends), engine=carols_turn)

    at_once: list[tuple[int, list[Event]]] = [(0, [DEAL]), (1, [CardPlayed(2, 1, jump_in=True)])]
    assert news_read_back(doc(at_once, {1: 0, 2: 0, 3: 0}), 1) == (jumped,)
    assert news_read_back(doc(at_once, {1: 0, 2: 0, 3: 0}), 3) == ()
    later: list[tuple[int, list[Event]]] = [
        (0, [DEAL]),
        (1, [CardPlayed(1, 1)]),
        (2, [CardPlayed(3, 2)]),
        (3, [CardPlayed(2, 3, jump_in=True)]),
    ]
    assert news_read_back(doc(later, {1: 2, 2: 0, 3: 1}), 1) == (jumped,)


def test_a_jump_in_on_the_draw_two_whose_penalty_was_theirs_reads_back_that_they_take_none() -> None:
    """(session 58) Carol's (3) 🟥 +2 made Alice (1) take 2 cards, and Bob (2) jumped in with its twin: her
    hand said she takes no penalty, and after a restart it read only that Bob jumped in on her turn."""
    rules = Rules(jump_in=JumpIn.ON)
    state = given({1: "G1 G2", 2: "R+2 B1", 3: "R+2 Y1"}, "R9", rules=rules, turn=3)
    twos = (card_id(state, 3, "R+2"), card_id(state, 2, "R+2"))
    changes: list[tuple[int, list[Event]]] = [
        (0, [DEAL]),
        (1, [CardPlayed(3, twos[0])]),
        (2, [CardPlayed(2, twos[1], jump_in=True)]),
    ]
    on_a_penalty = replace(_doc(changes, {1: 1, 2: 0, 3: 0}), engine=state, rules=rules)
    taken_off = HandNews("hand-news-jumped-in-penalty", other=2, until_turn=True)
    assert news_read_back(on_a_penalty, 1) == (taken_off,)
    # a turn begun by another card: nothing was hers to take
    nines = [(0, [DEAL]), (1, [CardPlayed(3, card_id(state, 3, "Y1"))]), (2, changes[2][1])]
    plain = replace(_doc(nines, {1: 1, 2: 0, 3: 0}), engine=state, rules=rules)
    assert news_read_back(plain, 1) == (HandNews("hand-news-jumped-in", other=2, until_turn=True),)


def test_a_jump_in_after_an_extreme_chains_victim_drew_at_once_reads_back_no_penalty_taken_off() -> None:
    """(review, session 58) Carol's (3) 🟥 +2 in an extreme chain made Dan (4) draw at once and skipped him:
    Alice's (1) turn began with no penalty of hers, and Bob's (2) jump-in with its twin took it. Her hand
    said he jumped in on her turn; after a restart it read that she takes no penalty, as if it had been hers,
    the change that began her turn having played a Draw Two."""
    rules = Rules(jump_in=JumpIn.ON, extreme_draw_chain=True)
    state = given({1: "G1 G2", 2: "R+2 B1", 3: "R+2 Y1", 4: "B2 Y2"}, "R9", rules=rules, turn=3)
    twos = (card_id(state, 3, "R+2"), card_id(state, 2, "R+2"))
    drawn = CardsDrawn(4, 2, (), DrawReason.PENALTY)
    changes: list[tuple[int, list[Event]]] = [
        (0, [DEAL]),
        (1, [CardPlayed(3, twos[0]), drawn, Skipped(4)]),
        (2, [CardPlayed(2, twos[1], jump_in=True)]),
    ]
    after_the_chain = replace(
        _doc(changes, {1: 1, 2: 0, 3: 0, 4: 0}), engine=state, rules=rules, players=(1, 2, 3, 4)
    )
    told = HandNews("hand-news-jumped-in", other=2, until_turn=True)
    assert news_read_back(after_the_chain, 1) == (told,)


def test_a_jump_in_at_once_after_a_start_card_that_skipped_the_first_player_leaves_the_skip_told() -> None:
    """The start card skipped Alice (1), the first player: Bob's (2) jump-in took no turn of hers, so her
    hand still says she was skipped, not that he jumped in on her turn (mutation audit, session 54)."""
    deal: list[Event] = [DEAL, Skipped(1)]
    changes: list[tuple[int, list[Event]]] = [(0, deal), (1, [CardPlayed(2, 1, jump_in=True)])]
    skipped = HandNews("hand-news-dealt-skipped", round_no=1, until_turn=True)
    assert news_read_back(_doc(changes, {1: 0, 2: 0, 3: 0}), 1) == (skipped,)


def test_a_move_of_the_holders_own_since_leaves_what_their_hand_said_before_it() -> None:
    """Alice (1) played after Bob's swap: her hand was redrawn by her own move, which tells nothing, so the
    swap no longer shows (mutation audit, session 54)."""
    changes: list[tuple[int, list[Event]]] = [(1, [HandsSwapped(2, 1)]), (2, [CardPlayed(1, 2)])]
    assert news_read_back(_doc(changes, {1: 0}), 1) == ()


def test_a_jump_in_whose_turn_is_not_known_tells_nothing() -> None:
    """Bob (2) jumped in, and the change that sent Alice's (1) hand is gone from the recent moves, with lines
    the table cut: whose turn it took is not known, so nothing is read back, not the swap before it
    (mutation audit, session 54)."""
    plays: list[tuple[int, list[Event]]] = [(seq, [CardPlayed(2 + seq % 2, seq)]) for seq in range(3, 9)]
    changes: list[tuple[int, list[Event]]] = [
        (1, [CardPlayed(3, 1)]),
        (2, [HandsSwapped(2, 1)]),
        *plays,
        (9, [CardPlayed(2, 9, jump_in=True)]),
    ]
    assert news_read_back(_doc(changes, {1: 0}), 1) == ()


@pytest.mark.parametrize("timed_out", [False, True], ids=["chosen", "timed out"])
def test_a_jump_in_after_the_holders_own_seven_swap_took_no_turn_of_theirs(timed_out: bool) -> None:
    """Alice (1) jumped in with a 7, which sent her hand anew (her choice of whom to swap with began a turn),
    then chose Carol (3), or her time ran out and the swap was chosen for her: the turn went on to Bob (2),
    and Carol's jump-in took his. Alice's hand still says the swap; after a restart it read that Carol jumped
    in on her turn, the swap she chose ending no turn (a missed one's ended it: the mutation audit of session
    54 found the timeout among the turn's ends standing in for the swap, session 55)."""
    chose: list[Event] = (
        [TimedOut(1, TimeoutKind.TURN), HandsSwapped(1, 3)] if timed_out else [HandsSwapped(1, 3)]
    )
    changes: list[tuple[int, list[Event]]] = [
        (0, [DEAL]),
        (1, [CardPlayed(1, 1)]),
        (2, [CardPlayed(1, 2, jump_in=True)]),
        (3, chose),
        (4, [CardPlayed(3, 3, jump_in=True)]),
    ]
    told = HandNews("hand-news-timed-out-swapped", other=3, until_turn=True)
    swapped = told if timed_out else HandNews("hand-news-swapped", other=3)
    assert news_read_back(_doc(changes, {1: 2, 2: 3, 3: 0}), 1) == (swapped,)
