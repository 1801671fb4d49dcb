"""The table's recent moves: which events are told, and which share a line."""

from __future__ import annotations

from bot.engine.actions import TimeoutKind
from bot.engine.cards import Colour
from bot.engine.events import (
    CardPlayed,
    CardsDrawn,
    CatchWindowClosed,
    Caught,
    ColourChosen,
    CoverRequired,
    CreeperRevealed,
    DirectionChanged,
    Downpour,
    DrawReason,
    Event,
    FalseCatch,
    HandsRotated,
    HandsSwapped,
    Passed,
    PlayerLeft,
    Reshuffled,
    RoundStarted,
    SilenceBroken,
    SilenceEnded,
    SilenceStarted,
    Skipped,
    Slapped,
    SlapStarted,
    TimedOut,
    UnoCalled,
)
from bot.service.recent_moves import LINES_KEPT, in_lines, last_lines, told


def _missed(player: int, count: int = 4) -> CardsDrawn:
    return CardsDrawn(player=player, count=count, cards=tuple(range(count)), reason=DrawReason.NO_SLAP)


def test_slaps_are_not_told_one_by_one() -> None:
    events = [CardPlayed(player=1, card=0), SlapStarted(deadline=5), Slapped(player=2), Slapped(player=1)]
    assert told(events) == events[:2]


def test_players_who_took_the_same_cards_for_not_slapping_share_a_line() -> None:
    last = CardsDrawn(player=1, count=4, cards=(0, 1, 2, 3), reason=DrawReason.SLAP)
    events = [last, _missed(2), _missed(3), _missed(4, count=2), _missed(5, count=0), _missed(6, count=0)]
    # a different count is a line of its own; those who found no card (they ran out) share one
    assert [len(line) for line in in_lines(events)] == [1, 2, 1, 2]


def test_what_is_kept_is_counted_in_lines() -> None:
    # by turns: one player's cards in a row are a multi-play, one line
    plays = [CardPlayed(player=1 + card % 2, card=card) for card in range(LINES_KEPT)]
    missed = [_missed(player) for player in range(2, 11)]
    kept = last_lines([*plays, *missed])
    assert kept == (*plays[1:], *missed)  # nine players' draws are one line: the zero's play stays


def test_a_penalty_or_a_lost_challenge_and_the_skip_after_it_share_a_line() -> None:
    for reason in (DrawReason.PENALTY, DrawReason.CHALLENGE):
        drew = CardsDrawn(player=2, count=2, cards=(0, 1), reason=reason)
        assert in_lines([drew, Skipped(player=2)]) == [(drew, Skipped(player=2))]
        assert len(in_lines([drew, Skipped(player=3)])) == 2  # another player's skip is a line of its own
        empty = CardsDrawn(player=2, count=0, cards=(), reason=reason)  # "no card: they ran out"
        assert in_lines([empty, Skipped(player=2)]) == [(empty, Skipped(player=2))]
    turn = CardsDrawn(player=2, count=1, cards=(0,), reason=DrawReason.TURN)
    assert len(in_lines([turn, Skipped(player=2)])) == 2


def _drawn(player: int, count: int, reason: DrawReason) -> CardsDrawn:
    return CardsDrawn(player=player, count=count, cards=tuple(range(count)), reason=reason)


TIMED_OUT = TimedOut(player=2, kind=TimeoutKind.TURN)


def test_a_timed_out_turn_and_the_move_made_for_the_player_share_a_line() -> None:
    """One missed turn took three of the table's five lines: "ran out of time", "draws 1 card", "passes"."""
    drew, penalty = _drawn(2, 1, DrawReason.TURN), _drawn(2, 2, DrawReason.PENALTY)
    made: list[list[Event]] = [
        [drew, Passed(player=2)],
        [penalty, Skipped(player=2)],
        [Passed(player=2)],  # they had drawn already
        [ColourChosen(player=2, colour=Colour.RED)],
        [HandsSwapped(player=2, target=3)],
    ]
    for move in made:
        assert in_lines([TIMED_OUT, *move]) == [(TIMED_OUT, *move)]
    # The card drawn and played for them (force_play) too: "draws 1 card and plays 🟥 9".
    played = CardPlayed(player=2, card=0)
    assert in_lines([TIMED_OUT, drew, played]) == [(TIMED_OUT, drew, played)]
    # A Creeper among the cards too, with its cards and the pass (it was three lines, the last "Bob passes."
    # as if he had passed himself).
    creeper: list[Event] = [
        CreeperRevealed(player=2, card=5),
        _drawn(2, 3, DrawReason.CREEPER),
        Passed(player=2),
    ]
    assert in_lines([TIMED_OUT, drew, *creeper]) == [(TIMED_OUT, drew, *creeper)]


def test_what_is_not_the_timed_out_players_move_has_a_line_of_its_own() -> None:
    others: list[Event] = [
        Passed(player=3),
        _drawn(3, 1, DrawReason.TURN),
        _drawn(2, 4, DrawReason.NO_SLAP),
        PlayerLeft(player=3, afk=True),
        PlayerLeft(player=2, afk=False),  # left with /leave, not removed by the timer
        ColourChosen(player=2, colour=Colour.RED, for_leaver=True),
    ]
    for other in others:
        assert len(in_lines([TIMED_OUT, other])) == 2, other
    # "no card: they ran out" for someone else is said on its own, and so is a pass that is not the draw's
    assert len(in_lines([TIMED_OUT, _drawn(3, 0, DrawReason.TURN)])) == 2
    assert len(in_lines([TIMED_OUT, _drawn(2, 0, DrawReason.TURN), Passed(player=3)])) == 2


def test_a_missed_turn_that_found_no_card_to_draw_and_its_pass_share_a_line() -> None:
    """(the recent moves audit, 2026-12-03) "⏱ Ann ran out of time.", "Ann takes no card: the cards have run
    out.", "Ann passes.": three of the table's lines for one missed turn, the pass read as her own."""
    nothing: list[Event] = [TIMED_OUT, _drawn(2, 0, DrawReason.TURN), Passed(player=2)]
    assert in_lines(nothing) == [tuple(nothing)]
    # and so do a player's own draw that found nothing and their pass
    assert in_lines(nothing[1:]) == [tuple(nothing[1:])]


def test_another_players_draw_of_no_card_keeps_out_of_a_missed_turns_line() -> None:
    """Players who found no card share a line ("Bob and Carol take no card"), but not with the missed turn
    of one of them: "⏱ Bob ran out of time — takes no card" is his alone."""
    nothing = [TIMED_OUT, _drawn(2, 0, DrawReason.TURN)]
    assert in_lines([*nothing, _drawn(3, 0, DrawReason.TURN)]) == [
        tuple(nothing),
        (_drawn(3, 0, DrawReason.TURN),),
    ]


def test_a_broken_silence_and_the_cards_it_cost_share_a_line() -> None:
    broken = SilenceBroken(player=2)
    cost = _drawn(2, 4, DrawReason.SILENCE)
    assert in_lines([broken, cost]) == [(broken, cost)]
    assert len(in_lines([broken, _drawn(2, 0, DrawReason.SILENCE)])) == 2  # "no card: they ran out"
    assert len(in_lines([broken, _drawn(3, 4, DrawReason.SILENCE)])) == 2
    assert len(in_lines([broken, cost, _drawn(2, 4, DrawReason.SILENCE)])) == 2


def test_a_players_own_draw_and_the_pass_after_it_share_a_line() -> None:
    """The commonest pair on the table took two of its five lines: "Bob draws 1 card.", "Bob passes."; the
    pass may come in a later press (the card drawn fitted), which the document's recent moves join alike."""
    for count in (1, 3):  # one card, or several drawn until one fitted
        drew = _drawn(2, count, DrawReason.TURN)
        assert in_lines([drew, Passed(player=2)]) == [(drew, Passed(player=2))]
    pressed_later = last_lines((*last_lines([_drawn(2, 1, DrawReason.TURN)]), Passed(player=2)))
    assert len(in_lines(pressed_later)) == 1


def test_a_players_own_draw_and_the_drawn_card_played_share_a_line() -> None:
    """ "Bob draws 1 card.", "Bob plays 🟥 9.": one move (the card drawn fitted, or force_play played it)."""
    for count in (1, 3):
        drew, played = _drawn(2, count, DrawReason.TURN), CardPlayed(player=2, card=0)
        assert in_lines([drew, played]) == [(drew, played)]


def test_a_draw_and_a_pass_or_play_that_do_not_make_one_move_keep_their_lines() -> None:
    drew = _drawn(2, 1, DrawReason.TURN)
    apart: list[list[Event]] = [
        [drew, Passed(player=3)],  # another player's pass
        [_drawn(2, 0, DrawReason.TURN), Passed(player=3)],  # "no card: they ran out", another's pass
        [_drawn(2, 3, DrawReason.CREEPER), Passed(player=2)],  # a Creeper's cards are not the move
        [_drawn(2, 1, DrawReason.COVER), Passed(player=2)],
        [drew, CardPlayed(player=3, card=0)],  # another player's card
        [drew, CardPlayed(player=2, card=0, jump_in=True)],  # not a turn's play
        [_drawn(2, 2, DrawReason.PENALTY), CardPlayed(player=2, card=0)],
    ]
    for events in apart:
        assert len(in_lines(events)) == len(events), events
    # someone else's move between the draw and the pass stays between them
    for between in (FalseCatch(player=3), UnoCalled(player=3), Caught(catcher=3, target=1)):
        assert len(in_lines([drew, between, Passed(player=2)])) == 3, between


def test_what_prints_nothing_takes_no_line() -> None:
    """The catch window closing says nothing on the table, yet it was kept and counted as one of its lines."""
    # by turns: one player's cards in a row are a multi-play, one line
    plays = [CardPlayed(player=1 + card % 2, card=card) for card in range(LINES_KEPT)]
    closed = CatchWindowClosed()
    assert told([*plays[:2], closed]) == plays[:2]
    kept = last_lines(told([*plays, closed]))
    assert kept == tuple(plays)
    drew = _drawn(2, 1, DrawReason.TURN)
    assert len(in_lines(told([drew, closed, Passed(player=2)]))) == 1


# What a card player 1 played did at once, which its line tells.
AT_ONCE: list[list[Event]] = [
    [ColourChosen(player=1, colour=Colour.BLUE)],
    [DirectionChanged(direction=-1)],
    [Skipped(player=2)],  # a Skip, or a Reverse between two players
    [Skipped(player=2), Skipped(player=3)],  # a skip chain
    [SilenceStarted(player=1)],  # a 7 under seven_silence
    [HandsSwapped(player=1, target=3)],  # a 7 under seven_zero: the target chosen in a later press
    [HandsRotated(direction=1)],  # a 0 under seven_zero
    [Downpour(player=1, count=2)],  # its line names who played it
    [Downpour(player=1, count=2), ColourChosen(player=1, colour=Colour.BLUE)],  # the black card's colour
]


def test_a_card_and_what_it_does_at_once_share_a_line() -> None:
    """Every Wild took two lines ("plays 🌈 Wild", "chooses 🟦 blue"), every Reverse two, every Skip two: the
    colour may come in a later press, which the document's recent moves join alike."""
    played = CardPlayed(player=1, card=0)
    for effect in AT_ONCE:
        assert in_lines([played, *effect]) == [(played, *effect)], effect
    chosen_later = last_lines((*last_lines([played]), ColourChosen(player=1, colour=Colour.BLUE)))
    assert len(in_lines(chosen_later)) == 1


def test_what_a_card_did_not_do_at_once_keeps_its_line() -> None:
    played = CardPlayed(player=1, card=0)
    blue = ColourChosen(player=1, colour=Colour.BLUE)
    lines: list[tuple[list[Event], int]] = [
        ([played, ColourChosen(player=2, colour=Colour.BLUE)], 2),  # another's choice
        ([played, ColourChosen(player=1, colour=Colour.BLUE, for_leaver=True)], 2),  # for one who left
        ([played, ColourChosen(player=1, colour=Colour.BLUE, for_timeout=True)], 2),  # by the turn timer
        ([played, UnoCalled(player=2), blue], 3),  # another's call in between (the player's own joins)
        ([played, Skipped(player=2), DirectionChanged(direction=-1)], 2),  # one effect kind a line
        ([played, DirectionChanged(direction=-1), Skipped(player=2)], 2),
        ([played, blue, Skipped(player=2)], 2),
        ([played, HandsSwapped(player=2, target=1)], 2),  # another's swap
        ([played, SilenceStarted(player=2)], 2),
        (
            [
                played,
                Downpour(player=1, count=2),
                ColourChosen(player=1, colour=Colour.BLUE, for_timeout=True),
            ],
            2,
        ),
        ([played, Downpour(player=1, count=2), ColourChosen(player=2, colour=Colour.BLUE)], 2),
        ([played, Downpour(player=1, count=2), _drawn(2, 1, DrawReason.DOWNPOUR), blue], 3),  # one ran out
        ([_drawn(1, 1, DrawReason.TURN), played, UnoCalled(player=2), blue], 3),
        (
            [
                _drawn(1, 1, DrawReason.TURN),
                played,
                ColourChosen(player=1, colour=Colour.BLUE, for_leaver=True),
            ],
            2,
        ),
        ([_drawn(1, 1, DrawReason.TURN), played, HandsSwapped(player=2, target=1)], 2),
    ]
    for events, count in lines:
        assert len(in_lines(events)) == count, events


def test_a_card_drawn_played_and_what_it_does_at_once_share_a_line() -> None:
    """ "Bob draws 1 card and plays 🌈 Wild.", "Bob chooses 🟦 blue.": the card drawn and played at once did
    what it does on the same line as a card played from the hand; its colour may come in a later press."""
    drew, played = _drawn(1, 2, DrawReason.TURN), CardPlayed(player=1, card=0)
    for effect in AT_ONCE:
        assert in_lines([drew, played, *effect]) == [(drew, played, *effect)], effect
    chosen_later = last_lines((*last_lines([drew, played]), ColourChosen(player=1, colour=Colour.BLUE)))
    assert len(in_lines(chosen_later)) == 1


def test_a_reshuffle_for_a_missed_turns_or_broken_silences_draw_is_told_before_it() -> None:
    """The draw pile ran out just as the game drew for them: the reshuffle came between "ran out of time" and
    its draw, split the missed turn into three lines, and its "draws 1 card and passes" read as their own."""
    reshuffled, drew = Reshuffled(count=98), _drawn(2, 1, DrawReason.TURN)
    assert in_lines(told([TIMED_OUT, reshuffled, drew, Passed(player=2)])) == [
        (reshuffled,),
        (TIMED_OUT, drew, Passed(player=2)),
    ]
    broken, cost = SilenceBroken(player=2), _drawn(2, 2, DrawReason.SILENCE)
    assert in_lines(told([broken, reshuffled, cost])) == [(reshuffled,), (broken, cost)]


def test_a_creeper_and_the_cards_it_costs_share_a_line() -> None:
    revealed, extra = CreeperRevealed(player=2, card=5), _drawn(2, 3, DrawReason.CREEPER)
    assert in_lines([revealed, extra]) == [(revealed, extra)]
    assert len(in_lines([revealed, _drawn(2, 0, DrawReason.CREEPER)])) == 2  # "no card: they ran out"
    two = [revealed, CreeperRevealed(player=2, card=6), _drawn(2, 6, DrawReason.CREEPER)]
    assert in_lines(two) == [tuple(two)]  # two Creepers in one draw: their cards come together
    assert len(in_lines([revealed, CreeperRevealed(player=3, card=6)])) == 2  # another player's
    assert len(in_lines([*two, _drawn(2, 3, DrawReason.CREEPER)])) == 2


def test_a_creeper_drawn_on_ones_turn_is_one_line_with_its_cards_and_the_pass() -> None:
    """The draw, the Creeper with its cards, the pass: three of the table's lines for one turn; the pass may
    come in a later press."""
    for count in (1, 3):  # the Creeper itself, or among the cards drawn until one fitted
        drew, revealed = _drawn(2, count, DrawReason.TURN), CreeperRevealed(player=2, card=5)
        turn: list[Event] = [drew, revealed, _drawn(2, 3, DrawReason.CREEPER), Passed(player=2)]
        assert in_lines(turn) == [tuple(turn)]
        passed_later = last_lines((*last_lines(turn[:3]), Passed(player=2)))
        assert len(in_lines(passed_later)) == 1
    drew, revealed = _drawn(2, 1, DrawReason.TURN), CreeperRevealed(player=2, card=5)
    extra = _drawn(2, 3, DrawReason.CREEPER)
    apart: list[tuple[list[Event], int]] = [
        ([drew, CreeperRevealed(player=3, card=5)], 2),  # another player's Creeper
        ([drew, revealed, _drawn(2, 0, DrawReason.CREEPER), Passed(player=2)], 3),  # "no card: they ran out"
        ([drew, revealed, CreeperRevealed(player=2, card=6), _drawn(2, 6, DrawReason.CREEPER)], 1),  # two
        ([drew, revealed, extra, Passed(player=3)], 2),
        ([drew, revealed, extra, UnoCalled(player=3), Passed(player=2)], 3),
        # the Creeper played after it, with its colour (session 29: it was a line of its own)
        ([drew, revealed, extra, CardPlayed(player=2, card=5), ColourChosen(player=2, colour=Colour.RED)], 1),
        ([drew, revealed, extra, CardPlayed(player=2, card=5, jump_in=True)], 2),
        ([drew, revealed, extra, CardPlayed(player=3, card=5)], 2),
        ([drew, revealed, extra, Skipped(player=2)], 2),  # a turn's draw ends with a pass, not a skip
    ]
    for events, count in apart:
        assert len(in_lines(events)) == count, events


def test_a_card_played_for_a_timed_out_player_and_what_it_did_share_a_line() -> None:
    """Under force_play the turn timer plays the card it drew: "⏱ Bob ran out of time — draws 1 card and plays
    🟥 ⊘.", then "Ann misses a turn."; a colour it chose for the card is the timer's, not Bob's."""
    drew, played = _drawn(2, 1, DrawReason.TURN), CardPlayed(player=2, card=0)
    for effect in [
        [ColourChosen(player=2, colour=Colour.BLUE, for_timeout=True)],
        [DirectionChanged(direction=-1)],
        [Skipped(player=1)],
        [Skipped(player=1), Skipped(player=3)],
        [SilenceStarted(player=2)],
        [HandsSwapped(player=2, target=3)],
        [HandsRotated(direction=1)],
        [Downpour(player=2, count=2)],
        [Downpour(player=2, count=2), ColourChosen(player=2, colour=Colour.BLUE, for_timeout=True)],
    ]:
        assert in_lines([TIMED_OUT, drew, played, *effect]) == [(TIMED_OUT, drew, played, *effect)], effect
    apart: list[list[Event]] = [
        [TIMED_OUT, drew, played, ColourChosen(player=2, colour=Colour.BLUE)],  # not the timer's
        [TIMED_OUT, drew, played, UnoCalled(player=3), Skipped(player=1)],
        [TIMED_OUT, drew, played, Skipped(player=1), DirectionChanged(direction=-1)],  # one effect kind
    ]
    for events in apart:
        assert in_lines(events)[-1] == (events[-1],), events


def test_a_creeper_a_timed_out_turn_drew_and_the_card_played_for_the_player_share_its_line() -> None:
    """force_play: the Creeper the timer drew fits, and is played for them with the colour the timer chose."""
    revealed, extra = CreeperRevealed(player=2, card=5), _drawn(2, 3, DrawReason.CREEPER)
    played, colour = CardPlayed(player=2, card=5), ColourChosen(player=2, colour=Colour.RED, for_timeout=True)
    turn: list[Event] = [TIMED_OUT, _drawn(2, 1, DrawReason.TURN), revealed, extra, played, colour]
    assert in_lines(turn) == [tuple(turn)]
    # A player's own draw too, with their own colour (session 29: it was a line of its own).
    own = [*turn[1:5], ColourChosen(player=2, colour=Colour.RED)]
    assert in_lines(own) == [tuple(own)]


def test_a_reshuffle_for_a_creepers_cards_is_told_before_the_creepers_line() -> None:
    """The draw pile ran out as a Creeper drew its cards: the reshuffle split "draws 1 card, a Creeper" from
    "takes 3 more cards because of the Creeper" and the pass."""
    reshuffled, revealed = Reshuffled(count=40), CreeperRevealed(player=2, card=5)
    extra, drew = _drawn(2, 3, DrawReason.CREEPER), _drawn(2, 1, DrawReason.TURN)
    assert in_lines(told([drew, revealed, reshuffled, extra, Passed(player=2)])) == [
        (reshuffled,),
        (drew, revealed, extra, Passed(player=2)),
    ]
    assert in_lines(told([TIMED_OUT, drew, revealed, reshuffled, extra, Passed(player=2)])) == [
        (reshuffled,),
        (TIMED_OUT, drew, revealed, extra, Passed(player=2)),
    ]
    penalty = _drawn(2, 2, DrawReason.PENALTY)
    assert in_lines(told([penalty, revealed, reshuffled, extra, Skipped(player=2)])) == [
        (reshuffled,),
        (penalty, revealed, extra, Skipped(player=2)),
    ]
    second = CreeperRevealed(player=2, card=6)
    six = _drawn(2, 6, DrawReason.CREEPER)
    assert in_lines(told([revealed, reshuffled, second, six])) == [(reshuffled,), (revealed, second, six)]


def test_the_card_drawn_before_a_turn_ran_out_and_played_for_the_player_joins_the_missed_turns_line() -> None:
    """(the recent moves audit, 2026-12-03) Bob drew, his time ran out, and force_play played the card he
    drew: "⏱ Bob ran out of time.", then "Bob plays 🟩 ⊘: Ann misses a turn." as if he had played it."""
    played = CardPlayed(player=2, card=0)
    for effect in [[], [Skipped(player=1)], [ColourChosen(player=2, colour=Colour.RED, for_timeout=True)]]:
        assert in_lines([TIMED_OUT, played, *effect]) == [(TIMED_OUT, played, *effect)], effect
    assert len(in_lines([TIMED_OUT, CardPlayed(player=3, card=0)])) == 2
    assert len(in_lines([TIMED_OUT, CardPlayed(player=2, card=0, jump_in=True)])) == 2


def test_a_silence_the_missed_turn_ended_is_told_before_it() -> None:
    """(the recent moves audit, 2026-12-03) "⏱ Cleo ran out of time.", "The silence is over.", "Cleo draws 1
    card and passes.": the move the game made for her read as her own."""
    drew = _drawn(2, 1, DrawReason.TURN)
    assert in_lines(told([TIMED_OUT, SilenceEnded(), drew, Passed(player=2)])) == [
        (SilenceEnded(),),
        (TIMED_OUT, drew, Passed(player=2)),
    ]


def test_a_creeper_that_found_no_cards_to_add_keeps_the_move_that_ended_the_turn_on_its_line() -> None:
    """(the recent moves audit, 2026-12-03) The piles had run out: "⏱ Dan ran out of time — draws a Creeper.",
    then "Dan plays 🧨 Creeper." as if he had played it; "🧨 Ann draws a Creeper!", then "Ann passes."."""
    drew, revealed = _drawn(2, 1, DrawReason.TURN), CreeperRevealed(player=2, card=5)
    played, colour = CardPlayed(player=2, card=5), ColourChosen(player=2, colour=Colour.RED, for_timeout=True)
    for events in ([TIMED_OUT, drew, revealed, played, colour], [drew, revealed, Passed(player=2)]):
        assert in_lines(events) == [tuple(events)], events
    assert len(in_lines([drew, revealed, CardPlayed(player=2, card=5)])) == 1  # their own press (session 29)
    assert len(in_lines([drew, revealed, Passed(player=2), CreeperRevealed(player=2, card=6)])) == 2


def test_the_cover_the_game_made_for_a_timed_out_player_joins_the_missed_turns_line() -> None:
    """(the recent moves audit, 2026-12-03) eight_cover: "⏱ Cleo ran out of time — plays 🟩 8.", "Cleo must
    cover the 8.", "Cleo plays 🟩 1.": the game's cover read as her own move."""
    eight, cover = CardPlayed(player=2, card=0), CoverRequired(player=2)
    covered: list[Event] = [
        TIMED_OUT,
        _drawn(2, 1, DrawReason.TURN),
        eight,
        cover,
        CardPlayed(player=2, card=1),
        cover,
        _drawn(2, 2, DrawReason.COVER),
        CardPlayed(player=2, card=2),
        Skipped(player=1),
    ]
    assert in_lines(covered) == [tuple(covered)]
    for ended in (CardPlayed(player=2, card=2), Passed(player=2)):  # nothing fitted: the pile ran out
        drew_to_cover: list[Event] = [TIMED_OUT, _drawn(2, 3, DrawReason.COVER), ended]
        assert in_lines(drew_to_cover) == [tuple(drew_to_cover)]
    assert len(in_lines([TIMED_OUT, eight, cover, CardPlayed(player=3, card=2)])) == 2
    # nothing the game drew covered it: the pile ran out, and the turn passed
    uncovered: list[Event] = [TIMED_OUT, eight, cover, _drawn(2, 3, DrawReason.COVER), Passed(player=2)]
    assert in_lines(uncovered) == [tuple(uncovered)]


EIGHT, COVER = CardPlayed(player=2, card=0), CoverRequired(player=2)
JUMPED_IN_EIGHT, JUMPERS_COVER = CardPlayed(player=3, card=0, jump_in=True), CoverRequired(player=3)
# A player's own 8 (eight_cover) and its cover, as far as the line has them: each press may add to it.
OWN_COVERS: list[list[Event]] = [
    [EIGHT, COVER],  # the cover awaited
    [EIGHT, COVER, CardPlayed(player=2, card=1)],
    [EIGHT, COVER, CardPlayed(player=2, card=1), COVER, CardPlayed(player=2, card=2)],  # an 8 on the 8
    [EIGHT, COVER, _drawn(2, 2, DrawReason.COVER)],  # drew to cover it: the card drawn to play
    [EIGHT, COVER, _drawn(2, 2, DrawReason.COVER), CardPlayed(player=2, card=2)],
    [EIGHT, COVER, _drawn(2, 5, DrawReason.COVER), Passed(player=2)],  # none fitted: the pile ran out
    [EIGHT, COVER, CardPlayed(player=2, card=1), ColourChosen(player=2, colour=Colour.RED)],  # a Wild
    [EIGHT, COVER, CardPlayed(player=2, card=1), Skipped(player=3)],  # a Skip
    [EIGHT, COVER, CardPlayed(player=2, card=1), SilenceStarted(player=2)],  # a 7 under seven_silence
    [_drawn(2, 1, DrawReason.TURN), EIGHT, COVER, CardPlayed(player=2, card=1)],  # the 8 drawn and played
    [JUMPED_IN_EIGHT, JUMPERS_COVER, CardPlayed(player=3, card=1)],  # a jump-in passes the cover on
]


def test_a_players_own_8_and_its_cover_share_a_line() -> None:
    """(the recent moves audit, session 29) eight_cover: "Bob plays 🟩 8.", "Bob must cover the 8.", "Bob
    plays 🟩 1.": three of the table's lines for one move, the commonest split line left (~16,000 in 1.17 M
    states); the timer's cover was one line already. A later press joins the line, as for any other move."""
    for events in OWN_COVERS:
        assert in_lines(events) == [tuple(events)], events
        pressed_later = last_lines((*last_lines(events[:-1]), events[-1]))
        assert len(in_lines(pressed_later)) == 1, events


def test_what_is_not_the_cover_of_a_players_own_8_keeps_its_line() -> None:
    apart: list[list[Event]] = [
        [EIGHT, COVER, CardPlayed(player=3, card=1)],  # another player's card
        [EIGHT, COVER, JUMPED_IN_EIGHT, JUMPERS_COVER],  # a jump-in on the 8: the jumper's own line
        [EIGHT, COVER, _drawn(2, 0, DrawReason.COVER), Passed(player=2)],  # "no card: they ran out"
        [EIGHT, COVER, TIMED_OUT, _drawn(2, 2, DrawReason.COVER), CardPlayed(player=2, card=2)],
    ]
    lines = [2, 2, 3, 2]
    for events, count in zip(apart, lines, strict=True):
        assert len(in_lines(events)) == count, events
    # anything told in between keeps them apart: another player's call, a catch (the player's own call joins)
    for between in (UnoCalled(player=3), Caught(catcher=3, target=2)):
        assert len(in_lines([EIGHT, COVER, between, CardPlayed(player=2, card=1)])) == 3, between


def test_the_turn_after_the_colour_the_timer_chose_for_a_start_wild_joins_the_missed_turns_line() -> None:
    """(the recent moves audit, 2026-12-03) The start card was a Wild and Bob's time ran out: "⏱ Bob ran out
    of time: the colour is now 🟥 red.", then "Bob draws 3 cards and passes." as if he had drawn himself."""
    colour = ColourChosen(player=2, colour=Colour.RED, for_timeout=True)
    drew = _drawn(2, 3, DrawReason.TURN)
    creeper: list[Event] = [CreeperRevealed(player=2, card=5), _drawn(2, 3, DrawReason.CREEPER)]
    for ended in ([Passed(player=2)], [CardPlayed(player=2, card=0)], [*creeper, Passed(player=2)]):
        assert in_lines([TIMED_OUT, colour, drew, *ended]) == [(TIMED_OUT, colour, drew, *ended)], ended
    # another player's draw after it is theirs
    assert len(in_lines([TIMED_OUT, colour, _drawn(3, 1, DrawReason.TURN)])) == 2


def test_a_creeper_a_penalty_brought_is_one_line_with_the_penalty_its_cards_and_the_skip() -> None:
    """(the recent moves audit, 2026-12-03) "Bob takes 2 cards as a penalty.", "🧨 Bob draws a Creeper and
    takes 3 more cards.", "Bob misses a turn.": three lines for one penalty."""
    revealed = CreeperRevealed(player=2, card=5)
    creeper = _drawn(2, 3, DrawReason.CREEPER)
    for reason in (DrawReason.PENALTY, DrawReason.CHALLENGE):
        drawn = _drawn(2, 2, reason)
        for events in ([drawn, revealed, creeper, Skipped(player=2)], [drawn, revealed, Skipped(player=2)]):
            assert in_lines(events) == [tuple(events)], events
        # the pass is not how a penalty ends, nor is another player's Creeper its own
        assert len(in_lines([drawn, revealed, creeper, Passed(player=2)])) == 2
        assert len(in_lines([drawn, CreeperRevealed(player=3, card=5)])) == 2


def test_a_creeper_any_draw_brought_is_one_line_with_that_draw() -> None:
    """(the recent moves audit, session 29) "⏱ Ann ran out of time — takes 2 cards as a penalty.", "🧨 Ann
    draws a Creeper and takes 3 more cards.", "Ann misses a turn."; "Eve takes 2 cards for not calling UNO.",
    "🧨 Eve draws a Creeper and takes 3 more cards.": as if the Creeper had come by a draw of its own."""
    revealed, extra = CreeperRevealed(player=2, card=5), _drawn(2, 3, DrawReason.CREEPER)
    penalty = _drawn(2, 2, DrawReason.PENALTY)
    drawn_otherwise = (
        DrawReason.UNO,
        DrawReason.FALSE_CATCH,
        DrawReason.SLAP,
        DrawReason.NO_SLAP,
        DrawReason.COVER,
        DrawReason.START,
        DrawReason.DOWNPOUR,  # a Downpour's draw is told when it took fewer cards than the others'
    )
    brought: list[list[Event]] = [
        [TIMED_OUT, penalty, revealed, extra, Skipped(player=2)],
        [TIMED_OUT, penalty, revealed, Skipped(player=2)],  # no cards left to add
        [TIMED_OUT, penalty, revealed, CreeperRevealed(player=2, card=6), _drawn(2, 6, DrawReason.CREEPER)],
        [TIMED_OUT, _drawn(2, 1, DrawReason.COVER), revealed, extra, CardPlayed(player=2, card=5)],
        [SilenceBroken(player=2), _drawn(2, 4, DrawReason.SILENCE), revealed, extra],
        [FalseCatch(player=2), _drawn(2, 1, DrawReason.FALSE_CATCH), revealed, extra],
        *([_drawn(2, 2, reason), revealed, extra] for reason in drawn_otherwise),
    ]
    for events in brought:
        assert in_lines(events) == [tuple(events)], events
    reshuffled = Reshuffled(count=40)
    assert in_lines(told([TIMED_OUT, penalty, revealed, reshuffled, extra, Skipped(player=2)])) == [
        (reshuffled,),
        (TIMED_OUT, penalty, revealed, extra, Skipped(player=2)),
    ]
    uno = _drawn(2, 2, DrawReason.UNO)
    apart: list[tuple[list[Event], int]] = [
        ([uno, CreeperRevealed(player=3, card=5)], 2),  # another player's Creeper
        ([uno, revealed, extra, Passed(player=2)], 2),  # the pass ends the player's own draw before
        ([uno, revealed, extra, Skipped(player=2)], 2),  # a missed call costs no turn
        ([uno, revealed, extra, CardPlayed(player=2, card=5)], 2),  # their own press
        ([TIMED_OUT, penalty, revealed, extra, Passed(player=2)], 2),  # a penalty ends with the turn it costs
    ]
    for events, count in apart:
        assert len(in_lines(events)) == count, events


def test_a_creeper_one_of_those_who_did_not_slap_drew_is_told_with_their_draw_alone() -> None:
    """(the recent moves audit, session 29) "Ann, Bob didn't slap: each takes 4 cards.", then "🧨 Bob draws a
    Creeper and takes 3 more cards.": the last of a shared line leaves it to be told with the Creeper."""
    ann, bob = _missed(1), _missed(2)
    revealed, extra = CreeperRevealed(player=2, card=5), _drawn(2, 3, DrawReason.CREEPER)
    cleo = _missed(3)
    assert in_lines([ann, bob, revealed, extra, cleo]) == [(ann,), (bob, revealed, extra), (cleo,)]
    assert in_lines([cleo, ann, bob, revealed]) == [(cleo, ann), (bob, revealed)]


def test_what_the_start_card_did_shares_the_rounds_first_line() -> None:
    """(the recent moves audit, session 29) "Round 2: Ann deals, the start card is 🟥 ⊘, Bob begins.", then
    "Bob misses a turn.": the line after said the first was wrong."""
    started = RoundStarted(round_no=2, dealer=1, first_player=2, start_card=0)
    did: list[list[Event]] = [
        [Skipped(player=2)],  # a Skip
        [_drawn(2, 2, DrawReason.PENALTY), Skipped(player=2)],  # a Draw Two
        [DirectionChanged(direction=-1)],  # a Reverse: the dealer begins, the other way round
    ]
    creeper: list[Event] = [CreeperRevealed(player=2, card=5), _drawn(2, 3, DrawReason.CREEPER)]
    did.append([_drawn(2, 2, DrawReason.PENALTY), *creeper, Skipped(player=2)])  # a Creeper among its cards
    for effect in did:
        assert in_lines([started, *effect]) == [(started, *effect)], effect
    apart: list[list[Event]] = [
        [started, Skipped(player=3)],
        [started, _drawn(2, 4, DrawReason.START)],  # extreme_start: told in words of its own
        [started, CardPlayed(player=2, card=0)],
    ]
    for events in apart:
        assert len(in_lines(events)) == 2, events


def test_a_player_removed_for_missed_turns_shares_the_last_missed_turns_line() -> None:
    """(the recent moves audit, session 29) "⏱ Bob ran out of time (3 turns missed in a row).", then "Bob
    missed too many turns and leaves the game.": two lines for one timeout, the second saying the first
    again."""
    removed = PlayerLeft(player=2, afk=True)
    assert in_lines([TIMED_OUT, removed]) == [(TIMED_OUT, removed)]
    colour = ColourChosen(player=2, colour=Colour.RED, for_leaver=True)  # the colour the leaver owed
    assert in_lines([TIMED_OUT, removed, colour]) == [(TIMED_OUT, removed), (colour,)]


def test_a_jump_in_and_what_its_card_does_at_once_share_a_line() -> None:
    """(the recent moves audit, session 29) "⚡ Bob jumps in with 🟥 ⊘!", then "Cleo misses a turn.": the card
    and what it did were two lines for a jump-in, one for any other play."""
    jumped = CardPlayed(player=1, card=0, jump_in=True)
    for effect in (
        [Skipped(player=2)],
        [Skipped(player=2), Skipped(player=3)],
        [DirectionChanged(direction=-1)],
        [SilenceStarted(player=1)],
        [HandsSwapped(player=1, target=3)],
        [HandsRotated(direction=1)],
    ):
        assert in_lines([jumped, *effect]) == [(jumped, *effect)], effect
    assert len(in_lines([jumped, HandsSwapped(player=2, target=1)])) == 2  # another's swap
