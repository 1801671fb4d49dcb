"""What a change did to a player's cards that they did not see coming: hands swapped or passed on (7-0), cards
taken to a Downpour, a Creeper, a catch, a challenge, a slap, a broken silence (a group message nothing
answers), a penalty another's card made them take without a press (an
extreme draw chain, an extreme jump-in), a timeout (and cards it played for them, the colour or the swap it
chose for them) or a draw until a card fits; a card drawn that did not fit, which ended the turn at once; a
challenge of their card, which showed their hand to the challenger, whatever it found (and to the challenger,
a bluff they caught: their cards unchanged, the hand said no more than "Your turn"); a jump-in that took
their turn (or gave it straight back), their cards unchanged; and a new round's deal (the turn its start
card took from them, the cards a black one gave them under extreme_start).
The group's table narrates these, but a hand that only shows other cards (or another's turn) leaves its
holder guessing; its text says why. Counts and names only, never which cards."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import events as ev
from bot.engine.cards import Colour
from bot.engine.events import DrawReason
from bot.engine.rules import JumpIn
from bot.engine.state import GameState
from bot.service.done_at_once import drawn_by
from bot.tg.render.views import HandNews

_DRAWN: dict[DrawReason, str] = {
    DrawReason.DOWNPOUR: "hand-news-downpour",
    DrawReason.CREEPER: "hand-news-creeper",
    DrawReason.UNO: "hand-news-caught",
    DrawReason.SLAP: "hand-news-slap-last",
    DrawReason.SLAP_ALONE: "hand-news-slap-alone",
    DrawReason.NO_SLAP: "hand-news-slap-missed",
    DrawReason.SILENCE: "hand-news-silence",  # their message in the group: the bot answers it nowhere else
}
# What the engine draws for a player whose turn timed out (a turn's draw, a penalty, an 8 to cover).
_TIMEOUT_DRAWS = frozenset({DrawReason.TURN, DrawReason.PENALTY, DrawReason.COVER})
_TIMED_OUT = ("hand-news-timed-out", None)
_BLUFF_CALLED = "hand-news-bluff-called"  # the challenger's line: the card challenged was a bluff
# One press that drew until a card fits (draw_rule until_playable, an 8 to cover) may take many cards.
_UNTIL_IT_FITS = frozenset({DrawReason.TURN, DrawReason.COVER})
# Lines that tell why a turn went (a jump-in took it, a drawn card that did not fit or the timer ended it):
# under the next "Your turn", the cards unchanged, they read as if that turn had gone too. (The timeout's
# other lines, what it played and the colour it chose, are made where they are told.)
_TURN_GONE = frozenset(
    {
        "hand-news-jumped-in",
        "hand-news-jumped-in-penalty",
        "hand-news-drew-passed",
        "hand-news-timed-out",
        "hand-news-timed-out-swapped",
    }
)


def news_for(
    events: Sequence[ev.Event],
    state: GameState,
    player: int,
    turn_before: int | None = None,
    penalty_before: bool = False,
) -> tuple[HandNews, ...]:
    """What the events of one change did to `player`'s cards, and who jumped in on their turn when it was
    theirs (`turn_before`: whose turn it was before the change; `penalty_before`: whether it was to take a
    penalty); one line per cause, cards taken added up."""
    told: dict[tuple[str, int | None], int] = {}  # (key, other) -> cards taken, in the order they came
    by: dict[DrawReason, int] = {}  # who brought on the cards drawn for this reason
    challenged_me = timed_out = False
    bluff = "hand-news-bluff-caught"  # the caught bluffer's line
    played = 0  # cards the engine played for them after their time ran out
    drawn = 0  # cards the player drew on their turn by pressing Draw
    chosen: Colour | None = None  # the colour the engine chose for them after their time ran out
    played_by: int | None = None  # who played the last card: a 0's player, whose swap it is between two
    for event in _since_the_deal(events):
        if isinstance(event, ev.CardPlayed):
            played_by = event.player
        if isinstance(event, ev.HandsSwapped) and player in (event.player, event.target):
            if event.player == player:
                # between two a 7 swaps with the other at once: the timer chose nobody for them
                chosen_for_them = timed_out and len(state.players) > 2
                swapped = "hand-news-timed-out-swapped" if chosen_for_them else "hand-news-swapped"
                told[(swapped, event.target)] = 0
            else:
                told[("hand-news-swapped-by", event.player)] = 0
        elif isinstance(event, ev.HandsRotated) and player in state.players:
            # between two, a swap with the other (no round of hands to pass on), told as a 7's is: the other
            # read "You swapped hands with Bob" of Bob's 0
            passed = "hand-news-passed"
            if event.hands == 2:
                passed = "hand-news-swapped" if played_by == player else "hand-news-swapped-by"
            told[(passed, _passed_from(state, player, event.direction))] = 0
        elif isinstance(event, ev.Downpour):
            by[DrawReason.DOWNPOUR] = event.player
        elif isinstance(event, ev.Caught) and event.target == player:
            by[DrawReason.UNO] = event.catcher
        elif isinstance(event, ev.Challenged) and player in (event.challenger, event.challenged):
            challenged_me = event.challenged == player
            by[DrawReason.CHALLENGE] = event.challenger if challenged_me else event.challenged
            if challenged_me and not event.guilty:  # their cards stay, but the challenger saw them
                told[("hand-news-challenge-won", event.challenger)] = 0
            elif event.guilty and not challenged_me:  # the challenger's cards stay: the bluffer's are told
                told[(_BLUFF_CALLED, event.challenged)] = 0
        elif isinstance(event, ev.CardReturned) and event.player == player:
            bluff = "hand-news-bluff-caught-returned"  # extreme_challenge: the card is back, then the draw
        elif isinstance(event, ev.TimedOut) and event.player == player:
            timed_out = True
        elif isinstance(event, ev.ColourChosen) and event.player == player and event.for_timeout:
            chosen = event.colour
        elif isinstance(event, ev.CardPlayed) and event.player == player and timed_out:
            # force_play's drawn card, an 8's cover: the hand did not grow by all it took
            played += 1
            told.setdefault(_TIMED_OUT, 0)
        elif isinstance(event, ev.CardPlayed) and event.player != player:
            if event.jump_in and player == turn_before:  # their turn went to another, or came back
                told[(_jumped_in(state, player, penalty_before), event.player)] = 0
            # A penalty drawn after another's card came without a press of theirs: an extreme draw chain's
            # victim, the victim an extreme jump-in leaves their penalty, a last draw card's victim. (The
            # penalty one takes by pressing follows no card.)
            by[DrawReason.PENALTY] = event.player
        elif isinstance(event, ev.Passed) and event.player == player and drawn == 1 and not timed_out:
            # the draw took no press to end: the hand turned to "Not your turn" with the card among the rest
            told[("hand-news-drew-passed", None)] = drawn
        elif isinstance(event, ev.CardsDrawn) and (_BLUFF_CALLED, event.player) in told:
            # what the bluffer took, told to the challenger
            told[(_BLUFF_CALLED, event.player)] += event.count if event.reason is DrawReason.CHALLENGE else 0
        elif isinstance(event, ev.CardsDrawn) and event.player == player and event.count:
            if event.reason is DrawReason.TURN:
                drawn += event.count
            key = _DRAWN.get(event.reason)
            if event.reason is DrawReason.CHALLENGE:
                key = bluff if challenged_me else "hand-news-challenge-lost"
            elif timed_out and event.reason in _TIMEOUT_DRAWS:
                key = "hand-news-timed-out"
            elif event.reason in _UNTIL_IT_FITS and event.count > 1:
                key = "hand-news-drew-until"
            elif event.reason is DrawReason.PENALTY and DrawReason.PENALTY in by:
                key = "hand-news-penalty"
            if key is not None:
                cause = (key, by.get(event.reason))
                told[cause] = told.get(cause, 0) + event.count
    dealt = _dealt(events, player)
    lines = [*dealt, *(_line(key, count, other, played) for (key, other), count in told.items())]
    if chosen is not None:  # last: after what the timeout drew for them, if it went on to their turn's draw
        lines.append(HandNews("hand-news-timed-out-colour", colour=chosen, until_turn=True))
    return tuple(lines)


def cards_moved(events: Sequence[ev.Event], player: int) -> bool:
    """Whether `player` drew or played a card in these events: what their hand said of an earlier change is
    stale then, though a card drawn and played at once leaves the very cards it spoke of."""
    return any(
        isinstance(event, ev.CardPlayed | ev.CardsDrawn) and event.player == player for event in events
    )


def _jumped_in(state: GameState, player: int, penalty_before: bool) -> str:
    """A jump-in by the player just before them (between two, the other) gives the turn straight back: their
    hand says "your turn" again, and its line must not read as if that turn had gone. One on the Draw Two
    whose penalty they were to take (`penalty_before`) takes it off them (RULES.md §7; an extreme jump-in
    leaves it): their hand had said to take it, and says they take nothing now."""
    if state.actor == player:
        return "hand-news-jumped-in-again"
    taken_off = penalty_before and state.rules.jump_in is JumpIn.ON
    return "hand-news-jumped-in-penalty" if taken_off else "hand-news-jumped-in"


def _line(key: str, count: int, other: int | None, played: int) -> HandNews:
    """A timeout that also played for them says so: "you took 1 card" alone would not match the hand."""
    if (key, other) == _TIMED_OUT and played:
        return HandNews("hand-news-timed-out-played", count, played=played, until_turn=True)
    return HandNews(key, count, other, until_turn=key in _TURN_GONE)


def _dealt(events: Sequence[ev.Event], player: int) -> tuple[HandNews, ...]:
    """A new round dealt: the hand, edited in place to new cards, said nothing of it (the first round's says
    the game has started); and the turn its start card took from `player`, the first to move (a Skip, a
    Reverse between two, a Draw Two and the cards it gave: they took none of it by a press), or the cards a
    black one made them take (extreme_start), said on the deal's line. Until their turn: then the cards are
    theirs to play; the black start card's cards still explain the hand's size then."""
    starts = [i for i, event in enumerate(events) if isinstance(event, ev.RoundStarted)]
    if not starts:
        return ()
    started = events[starts[-1]]
    assert isinstance(started, ev.RoundStarted)
    after = events[starts[-1] + 1 :]
    first = player == started.first_player  # none moved before them: a Skipped is the start card's
    if first and any(isinstance(event, ev.Skipped) and event.player == player for event in after):
        taken = sum(event.count for event in after if drawn_by(event, player, DrawReason.PENALTY))
        return (HandNews("hand-news-dealt-skipped", taken, round_no=started.round_no, until_turn=True),)
    black = sum(event.count for event in after if drawn_by(event, player, DrawReason.START))
    if black:
        return (HandNews("hand-news-start", black, round_no=started.round_no),)
    if started.round_no == 1:
        return ()
    return (HandNews("hand-news-dealt", round_no=started.round_no, until_turn=True),)


def _since_the_deal(events: Sequence[ev.Event]) -> Sequence[ev.Event]:
    """A new deal gives everyone new cards: what came before it no longer explains the hand."""
    starts = [i for i, event in enumerate(events) if isinstance(event, ev.RoundStarted)]
    return events[starts[-1] + 1 :] if starts else events


def _passed_from(state: GameState, player: int, direction: int) -> int:
    """Whose hand `player` was passed: the one before them in the direction of play."""
    players = state.players
    return players[(players.index(player) - direction) % len(players)]
