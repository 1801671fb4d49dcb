"""The table while a player weighs the single card they drew: the cards as they were before the draw (a card
that does not fit passes the turn at once, so the wait would say it fits); draws that tell nothing of the
kind are shown at once."""

import pytest

from bot.engine.actions import Draw, Play, Timeout, TimeoutKind
from bot.engine.decks import DeckName
from bot.engine.game import apply
from bot.engine.rules import DrawRule, Rules
from bot.engine.state import GameState, Pending
from bot.service.document import GameDocument
from bot.service.recent_moves import told
from bot.tg.callback_data import Action
from bot.tg.pacing import Render
from bot.tg.render import TableView, table
from bot.tg.render.untold_draw import shown
from tests.engine.helpers import card_id, given
from tests.narrow_phone import spaced
from tests.tg.render.buttons import GAME_ID, SEATS
from tests.tg.render.checks import pressed

HANDS = {1: "B9 G1", 2: "Y1 Y2", 3: "G3 G4"}


def _drawn(state: GameState) -> tuple[GameState, GameDocument]:
    doc = GameDocument(1, "Friends", state.rules, None, (1, 2, 3), {})
    state, events = apply(state, Draw(1, 100))
    return state, doc.with_recent(told(events), state.seq)


def _table(state: GameState, doc: GameDocument) -> Render:
    return table(TableView(GAME_ID, 5, "Friends", SEATS, state, doc.recent, 0, "uno_test_bot"), "en")


def test_a_draw_from_an_empty_pile_shows_the_pile_empty_and_no_reshuffle() -> None:
    state = given(HANDS, "R3")
    fitting = [cid for cid in state.draw_pile if state.card(cid).colour in (None, state.colour)]
    state.hands[3] += [cid for cid in state.draw_pile if cid not in fitting]  # the rest is held
    state.discard[:0], state.draw_pile = fitting, []  # only cards that fit lie under the top card
    state, doc = _drawn(state)
    assert state.pending is Pending.PLAY_DRAWN
    text = _table(state, doc).text
    assert "Player 1: 2 cards" in spaced(text) and "Draw pile: 0 cards" in spaced(text)
    assert "shuffled" not in text and "draws" not in text


@pytest.mark.parametrize(
    "state",
    [
        given(HANDS, "R3", draw="R7 Y8", rules=Rules(draw_rule=DrawRule.UNTIL_PLAYABLE)),
        given(HANDS, "R3", draw="Y8 R7", rules=Rules(draw_rule=DrawRule.UNTIL_PLAYABLE)),
        given(HANDS, "R3", draw="CR", rules=Rules(deck=DeckName.MINECRAFT)),
    ],
    ids=["until one fits, the first", "until one fits, the second", "a creeper"],
)
def test_draws_that_say_nothing_of_the_card_are_shown_at_once(state: GameState) -> None:
    state, doc = _drawn(state)
    assert state.pending is Pending.PLAY_DRAWN
    cards = shown(state, doc.recent)
    assert cards.counts[1] == len(state.hands[1]) and cards.recent == doc.recent


def test_catch_stays_while_the_last_card_holder_weighs_a_card_drawn() -> None:
    """With a false-catch penalty Catch! stays while anyone shows one card: Catch! gone would say she drew."""
    state = given({1: "B9", 2: "Y1 Y2", 3: "G3 G4"}, "R3", draw="R7", rules=Rules(false_catch_penalty=1))
    state, doc = _drawn(state)
    assert state.pending is Pending.PLAY_DRAWN and len(state.hands[1]) == 2
    assert Action.CATCH in [data.action for _, data in pressed(_table(state, doc))]


def test_a_draw_that_closed_its_players_own_catch_window_is_told_at_once() -> None:
    """(session 57) Her own catch window open on her turn (one card, no call), she drew a card that fits: the
    table hid the draw but lost its Catch! line at once, which told it anyway. Back up to two cards she can no
    longer be caught (RULES.md §5): the table says what is true, her two cards and her draw."""
    state = given({1: "B9", 2: "Y1 Y2", 3: "G3 G4"}, "R3", draw="R7")
    state.catchable, state.catch_deadline = [1], 5000
    state, doc = _drawn(state)
    assert state.pending is Pending.PLAY_DRAWN and not state.catchable
    cards = shown(state, doc.recent)
    assert cards.counts[1] == 2 and cards.recent == doc.recent
    text = _table(state, doc).text
    assert "Player 1: 2 cards" in spaced(text) and "• Player 1 draws 1 card." in spaced(text), text


def test_a_pile_reshuffled_for_the_draw_and_emptied_by_later_draws_is_shown_empty() -> None:
    """(read in a Russian UNO Extreme match) Bob drew the one card the piles had left, from the discards
    shuffled anew, while a zero's slap window was open; it closed and took the rest of the new pile. While he
    weighed his card the table read "Draw pile: -1 card": as before his draw, it subtracted the whole
    reshuffle, though the slap's draws, shown, had taken cards from it. The pile is empty: it shows so."""
    state = given({1: "R0 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", under="R5", rules=Rules(zero_slap=True))
    state.hands[3] += state.draw_pile  # the draw pile is empty; the discards hold R5 and R3 under the 0
    state.draw_pile = []
    doc = GameDocument(1, "Friends", state.rules, None, (1, 2, 3), {})
    state, played = apply(state, Play(1, card_id(state, 1, "R0"), 1000))
    state, drawn = apply(state, Draw(2, 1100))
    state, slapped = apply(state, Timeout(TimeoutKind.SLAP, state.slap_deadline or 0))
    assert state.pending is Pending.PLAY_DRAWN and not state.draw_pile
    cards = shown(state, doc.with_recent(told([*played, *drawn, *slapped]), state.seq).recent)
    assert cards.draw_pile == 0
