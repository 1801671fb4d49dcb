"""What a hand said of its cards, read back from the recent moves after a restart (bot.tg.news_read_back): the
e2e tests (tests/e2e/test_hand_news_across_restarts.py) restart the bot over the common lines; these, the
cases where the recent moves no longer say it all."""

from __future__ import annotations

from bot.engine.events import CardPlayed, CardsDrawn, DrawReason, Event, HandsSwapped, Passed, RoundStarted
from bot.engine.rules import Rules
from bot.service import GameDocument
from bot.tg.news_read_back import news_read_back
from bot.tg.render import HandNews
from tests.engine.helpers import given

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
    at_once: list[tuple[int, list[Event]]] = [(0, [DEAL]), (1, [CardPlayed(2, 1, jump_in=True)])]
    assert news_read_back(_doc(at_once, {1: 0, 2: 0, 3: 0}), 1) == (jumped,)
    assert news_read_back(_doc(at_once, {1: 0, 2: 0, 3: 0}), 3) == ()
    later: list[tuple[int, list[Event]]] = [
        (0, [DEAL]),
        (1, [CardPlayed(1, 1)]),
        (2, [CardPlayed(3, 2)]),
        (3, [CardPlayed(2, 3, jump_in=True)]),
    ]
    assert news_read_back(_doc(later, {1: 2, 2: 0, 3: 1}), 1) == (jumped,)
