"""Which events of a change a hand tells its holder (bot.tg.hand_news); the e2e tests
(tests/e2e/test_hands_say_why.py) play the common ones through the bot."""

from __future__ import annotations

import pytest

from bot.engine.actions import TimeoutKind
from bot.engine.cards import Colour
from bot.engine.events import (
    CardPlayed,
    CardReturned,
    CardsDrawn,
    Challenged,
    ColourChosen,
    DrawReason,
    HandsRotated,
    HandsSwapped,
    Passed,
    RoundEnded,
    RoundStarted,
    Skipped,
    TimedOut,
)
from bot.engine.rules import JumpIn, Rules, Stacking
from bot.tg.hand_news import cards_moved, news_for
from bot.tg.render import HandNews
from tests.engine.helpers import card_id, given

STATE = given({1: "R1 R2", 2: "G1 G2", 3: "B1 B2"}, "R9")


def drawn(player: int, count: int, reason: DrawReason) -> CardsDrawn:
    return CardsDrawn(player, count, tuple(range(count)), reason)


def test_a_challenge_lost_is_told_to_the_challenger_with_whose_card_was_fair() -> None:
    events = [Challenged(2, 1, False, (5, 6)), drawn(2, 6, DrawReason.CHALLENGE)]
    assert news_for(events, STATE, 2) == (HandNews("hand-news-challenge-lost", 6, 1),)
    # the challenged player's cards did not change, but the challenger saw them
    assert news_for(events, STATE, 1) == (HandNews("hand-news-challenge-won", 0, 2),)


def test_a_bluff_caught_under_the_extreme_challenge_tells_the_card_came_back() -> None:
    events = [Challenged(2, 1, True, (5, 6)), CardReturned(1, 7), drawn(1, 4, DrawReason.CHALLENGE)]
    assert news_for(events, STATE, 1) == (HandNews("hand-news-bluff-caught-returned", 4, 2),)
    # the challenger took nothing: their hand says whose bluff it was and what they took for it
    assert news_for(events, STATE, 2) == (HandNews("hand-news-bluff-called", 4, 1),)
    assert news_for(events, STATE, 3) == ()


def test_a_bluff_of_one_who_left_is_told_to_the_challenger_without_cards_taken() -> None:
    assert news_for([Challenged(2, 1, True, ())], STATE, 2) == (HandNews("hand-news-bluff-called", 0, 1),)


def test_slaps_are_told_to_the_last_and_to_those_who_missed() -> None:
    events = [drawn(1, 4, DrawReason.SLAP), drawn(3, 4, DrawReason.NO_SLAP)]
    assert news_for(events, STATE, 1) == (HandNews("hand-news-slap-last", 4),)
    assert news_for(events, STATE, 3) == (HandNews("hand-news-slap-missed", 4),)
    assert news_for(events, STATE, 2) == ()
    alone = [drawn(1, 4, DrawReason.SLAP_ALONE), drawn(3, 4, DrawReason.NO_SLAP)]  # nobody else slapped
    assert news_for(alone, STATE, 1) == (HandNews("hand-news-slap-alone", 4),)


def test_cards_a_player_drew_themselves_are_not_told() -> None:
    for reason in (DrawReason.PENALTY, DrawReason.FALSE_CATCH):  # a press, answered by its pop-up
        assert news_for([drawn(1, 2, reason)], STATE, 1) == ()
    for reason in (DrawReason.TURN, DrawReason.COVER):
        assert news_for([drawn(1, 1, reason)], STATE, 1) == ()


def test_a_broken_silence_is_told() -> None:
    """A message in the group broke it: nothing answers that message, the hand alone can say why it grew."""
    assert news_for([drawn(1, 4, DrawReason.SILENCE)], STATE, 1) == (HandNews("hand-news-silence", 4),)


def test_cards_drawn_until_one_fits_are_counted() -> None:
    """Under draw-until-playable (and covering an 8) one press may draw many cards; the hand said only "You
    drew 🟨 3: play it or pass.", the group's table how many."""
    for reason in (DrawReason.TURN, DrawReason.COVER):
        assert news_for([drawn(1, 8, reason)], STATE, 1) == (HandNews("hand-news-drew-until", 8),)


def test_the_draws_of_a_timed_out_turn_add_up_and_a_creeper_among_them_is_told_too() -> None:
    events = [
        TimedOut(1, TimeoutKind.TURN),
        drawn(1, 1, DrawReason.TURN),
        drawn(1, 3, DrawReason.CREEPER),
    ]
    assert news_for(events, STATE, 1) == (
        HandNews("hand-news-timed-out", 1, until_turn=True),
        HandNews("hand-news-creeper", 3),
    )


def test_a_card_played_for_a_timed_out_player_is_told_with_what_they_took() -> None:
    timed_out = TimedOut(1, TimeoutKind.TURN)
    events = [timed_out, drawn(1, 1, DrawReason.TURN), drawn(1, 3, DrawReason.CREEPER), CardPlayed(1, 0)]
    assert news_for(events, STATE, 1) == (
        HandNews("hand-news-timed-out-played", 1, played=1, until_turn=True),
        HandNews("hand-news-creeper", 3),
    )
    # An 8 to cover, covered from the hand: nothing taken, and the hand is one card smaller all the same.
    assert news_for([timed_out, CardPlayed(1, 0)], STATE, 1) == (
        HandNews("hand-news-timed-out-played", 0, played=1, until_turn=True),
    )
    assert news_for([CardPlayed(1, 0), timed_out], STATE, 1) == ()  # their own card, before the time ran out


def test_the_cards_a_timeout_took_covering_eight_after_eight_add_up() -> None:
    """An 8 the timer covered with an 8 it drew must be covered again: one line tells every card taken."""
    events = [
        TimedOut(1, TimeoutKind.TURN),
        drawn(1, 2, DrawReason.COVER),
        CardPlayed(1, 0),
        drawn(1, 3, DrawReason.COVER),
        CardPlayed(1, 1),
    ]
    assert news_for(events, STATE, 1) == (
        HandNews("hand-news-timed-out-played", 5, played=2, until_turn=True),
    )


def test_a_new_deal_leaves_nothing_of_the_round_before_to_tell() -> None:
    events = [HandsRotated(1), RoundEnded(1, 1, {}, {}, {}), RoundStarted(2, 1, 2, 0)]
    assert news_for(events, STATE, 2) == (HandNews("hand-news-dealt", round_no=2, until_turn=True),)
    assert news_for([HandsRotated(1)], STATE, 2) == (HandNews("hand-news-passed", 0, 1),)
    assert news_for([HandsRotated(-1)], STATE, 2) == (HandNews("hand-news-passed", 0, 3),)


def test_a_zero_tells_nothing_to_one_no_longer_in_the_match() -> None:
    """The hand of one who left (or was put out) in the change a zero passed the hands on is redrawn too: it
    got nobody's cards, and whose hand they would have got is no question to ask of the players left."""
    assert news_for([HandsRotated(1)], STATE, 4) == ()


def test_a_jump_in_is_told_only_to_the_player_whose_turn_it_took() -> None:
    jumped = [CardPlayed(2, 0, jump_in=True)]
    carols_turn = given({1: "R1 R2", 2: "G1 G2", 3: "B1 B2"}, "R9", turn=3)  # the turn after Bob's card
    told = HandNews("hand-news-jumped-in", 0, 2, until_turn=True)
    assert news_for(jumped, carols_turn, 1, turn_before=1) == (told,)
    assert news_for(jumped, carols_turn, 3, turn_before=1) == ()
    # a penalty's victim jumping in on their own penalty (identical card) took no one's turn
    assert news_for([CardPlayed(1, 0, jump_in=True)], STATE, 1, turn_before=1) == ()
    assert news_for([CardPlayed(3, 0)], STATE, 1, turn_before=1) == ()  # an ordinary play took no turn


@pytest.mark.parametrize(
    ("rules", "key"),
    [
        (Rules(jump_in=JumpIn.ON), "hand-news-jumped-in-penalty"),
        (Rules(jump_in=JumpIn.ON, stacking=Stacking.SAME), "hand-news-jumped-in-penalty"),
        (Rules(jump_in=JumpIn.EXTREME), "hand-news-jumped-in"),  # the penalty stays theirs
    ],
)
def test_a_jump_in_on_a_draw_two_tells_its_victim_they_take_no_penalty(rules: Rules, key: str) -> None:
    """(transcript read, session 58: five players, the house preset, then the Minecraft deck) Ann's 🟥 +2
    made it Bob's turn to take 2 cards, and his hand said so; Carol jumped in with the other 🟥 +2, passing
    the penalty on (RULES.md §7), and his hand said only "Carol jumped in on your turn with an identical
    card", leaving him to wonder whether the 2 cards were still his."""
    state = given({1: "R1 R2", 2: "G1 G2", 3: "R+2 B2", 4: "Y1 Y2"}, "R+2", rules=rules, turn=4)
    jumped = [CardPlayed(3, card_id(state, 3, "R+2"), jump_in=True)]
    assert news_for(jumped, state, 2, 2, penalty_before=True) == (HandNews(key, 0, 3, until_turn=True),)
    # the round's first card, a Draw Two, made the player before them take its penalty: none was theirs
    told = HandNews("hand-news-jumped-in", 0, 3, until_turn=True)
    assert news_for(jumped, state, 2, 2, penalty_before=False) == (told,)


def test_a_jump_in_that_gives_the_turn_straight_back_says_it_is_theirs_again() -> None:
    """Carol jumped in on Alice's turn, and Alice plays after Carol (between two, after any jump-in without
    a Skip): her hand says "Your turn" again, and its line must not tell of a turn that went."""
    jumped = [CardPlayed(3, 0, jump_in=True)]
    again = HandNews("hand-news-jumped-in-again", 0, 3)
    assert news_for(jumped, STATE, 1, turn_before=1) == (again,)
    two = given({1: "R1 R2", 2: "G1 G2"}, "R9")
    assert news_for([CardPlayed(2, 0, jump_in=True)], two, 1, turn_before=1) == (
        HandNews("hand-news-jumped-in-again", 0, 2),
    )


def test_the_colour_a_timeout_chose_is_told_until_their_next_turn() -> None:
    """Their black card's colour, chosen for them: the hand says so until their turn comes again, as the
    timeout's other lines do."""
    events = [TimedOut(1, TimeoutKind.TURN), ColourChosen(1, Colour.GREEN, for_timeout=True)]
    assert news_for(events, STATE, 1) == (
        HandNews("hand-news-timed-out-colour", colour=Colour.GREEN, until_turn=True),
    )
    assert news_for([ColourChosen(1, Colour.GREEN)], STATE, 1) == ()  # their own choice


def test_a_seven_swap_after_a_timeout_between_two_is_not_told_as_chosen_for_them() -> None:
    """Between two a 7 swaps with the other at once: the timer chose nobody, so the hand says a plain swap; at
    three it chose whom, and says so."""
    events = [TimedOut(1, TimeoutKind.TURN), HandsSwapped(1, 2)]
    two = given({1: "R1 R2", 2: "G1 G2"}, "R9")
    assert news_for(events, two, 1) == (HandNews("hand-news-swapped", 0, 2),)
    assert news_for(events, STATE, 1) == (HandNews("hand-news-timed-out-swapped", 0, 2, until_turn=True),)


def test_a_turn_that_drew_several_cards_and_passed_is_told_once() -> None:
    """Drawing until a card fits may end with none that fits (the pile ran out): the hand tells the cards
    drawn, not also that a drawn card ended the turn."""
    assert news_for([drawn(1, 3, DrawReason.TURN), Passed(1)], STATE, 1) == (
        HandNews("hand-news-drew-until", 3),
    )
    assert news_for([drawn(1, 1, DrawReason.TURN), Passed(1)], STATE, 1) == (
        HandNews("hand-news-drew-passed", 1, until_turn=True),
    )


def test_only_what_came_after_the_last_deal_is_told() -> None:
    deals = [RoundStarted(2, 1, 2, 0), drawn(1, 4, DrawReason.START), RoundStarted(3, 2, 3, 0)]
    assert news_for(deals, STATE, 1) == (HandNews("hand-news-dealt", round_no=3, until_turn=True),)


def test_a_black_start_cards_cards_are_told_on_the_deals_line() -> None:
    """(session 50) Under extreme_start a new round's first player read "🎴 Round 2: new cards." and "🎴 The
    start card was black: you took 4 cards.": one line says both, and stays on their turn (the hand is 4
    cards bigger then too); the others are told only the deal."""
    deal = [RoundStarted(2, 1, 2, 0), drawn(2, 4, DrawReason.START)]
    assert news_for(deal, STATE, 2) == (HandNews("hand-news-start", 4, round_no=2),)
    assert news_for(deal, STATE, 3) == (HandNews("hand-news-dealt", round_no=2, until_turn=True),)
    first_deal = [RoundStarted(1, 1, 2, 0), drawn(2, 4, DrawReason.START)]
    assert news_for(first_deal, STATE, 2) == (HandNews("hand-news-start", 4, round_no=1),)
    assert news_for(first_deal, STATE, 3) == ()


def test_a_new_round_is_told_with_the_turn_its_start_card_took() -> None:
    """(found reading a whole duel, session 50) at a new deal the hand of one who does not begin was edited,
    silently, to 7 new cards and "Not your turn": nothing said a round began, nor that its start card (a Skip,
    a Draw Two, a Reverse between two) took their turn. The first round's hands say the game has started."""
    skip = [RoundStarted(3, 1, 2, 0), Skipped(2)]
    draw_two = [RoundStarted(3, 1, 2, 0), drawn(2, 2, DrawReason.PENALTY), Skipped(2)]
    assert news_for(skip, STATE, 2) == (HandNews("hand-news-dealt-skipped", round_no=3, until_turn=True),)
    assert news_for(draw_two, STATE, 2) == (
        HandNews("hand-news-dealt-skipped", 2, round_no=3, until_turn=True),
    )
    assert news_for(skip, STATE, 3) == (HandNews("hand-news-dealt", round_no=3, until_turn=True),)
    assert news_for([RoundStarted(1, 1, 2, 0), Skipped(2)], STATE, 2) == (
        HandNews("hand-news-dealt-skipped", round_no=1, until_turn=True),
    )
    assert news_for([RoundStarted(1, 1, 2, 0), Skipped(2)], STATE, 3) == ()


def test_a_skip_the_first_player_played_after_the_deal_is_not_told_as_the_start_cards() -> None:
    """A computer that begins a round may move in the deal's change: its Draw Two took the next player's
    turn, not the start card; their hand tells the deal and the penalty, who gave it."""
    events = [RoundStarted(3, 1, 2, 0), CardPlayed(2, 5), drawn(3, 2, DrawReason.PENALTY), Skipped(3)]
    assert news_for(events, STATE, 3) == (
        HandNews("hand-news-dealt", round_no=3, until_turn=True),
        HandNews("hand-news-penalty", 2, 2),
    )


def test_a_card_played_or_drawn_makes_earlier_news_stale() -> None:
    """A card drawn and played at once leaves the very cards the earlier news spoke of: either move says the
    news is old."""
    assert cards_moved([CardPlayed(1, 0)], 1) and cards_moved([drawn(1, 1, DrawReason.TURN)], 1)
    assert not cards_moved([CardPlayed(2, 0), drawn(2, 1, DrawReason.TURN)], 1)


def test_a_zero_between_two_is_told_as_a_sevens_swap_by_whoever_played_it() -> None:
    """(helper-549's read of two friends' match) Between two a 0 swaps the hands; the hand of the one who did
    not play it read "🔄 You swapped hands with Ana.", as if they had: now "Ana swapped hands with you"."""
    two = given({1: "R1 R2", 2: "G0 G2"}, "R0")
    events = [CardPlayed(2, card_id(two, 2, "G0")), HandsRotated(1, hands=2)]
    assert news_for(events, two, 1) == (HandNews("hand-news-swapped-by", 0, 2),)
    assert news_for(events, two, 2) == (HandNews("hand-news-swapped", 0, 1),)
