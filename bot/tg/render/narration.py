"""One plain line per engine event for the table, in the chat's language.

Private details never reach the group: `CardsDrawn` shows only the count, `Challenged` never the hand.
`NARRATORS` has an entry for every event type (a test iterates the engine's list), returning None for the
few events that need no line of their own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.engine import events as ev
from bot.service.recent_moves import in_lines
from bot.tg.render.cards import CardForm, colour_label
from bot.tg.render.challenge_lines import challenge_line
from bot.tg.render.creeper_lines import (
    card_drawn_and_played,
    creeper_line,
    creepers_in,
    drawn_creeper_line,
    drew_said,
    found_creepers,
)
from bot.tg.render.narrator import Narrator, direction_arrow, named_deleted
from bot.tg.render.played_lines import played_and_done, soaked, told_covers, what_it_did
from bot.tg.render.text import names_and_more, names_list, seat_of


def _round_started(
    n: Narrator, e: ev.RoundStarted, done: Sequence[ev.Event] = (), returned: Sequence[int] = ()
) -> str:
    """The round's first line, with what its start card did at once when `recent_moves` puts it there: the
    first player's missed turn (a Skip, a Draw Two and its cards: they do not begin), a Reverse's direction;
    and the start cards `returned` into the pile before it (a Wild Draw Four...), turned for this round."""
    turned = next((event.direction for event in done if isinstance(event, ev.DirectionChanged)), None)
    drawn = next((event for event in done if isinstance(event, ev.CardsDrawn)), None)
    drew = ""  # a Creeper among a Draw Two's cards: told as a timed-out player's draw is, after the colon
    if turned is not None:
        effect = "reversed"
    elif drawn is not None and creepers_in(done):
        effect, drew = "creeper", drew_said(n, done)
    elif drawn is not None:
        effect = "penalty"
    else:
        effect = "skipped" if done else "none"
    return n.say(
        "narrate-round-started",
        round=e.round_no,
        dealer=n.who(e.dealer),
        card=n.card(e.start_card),
        first=n.who(e.first_player),
        effect=effect,
        count=drawn.count if drawn else 0,
        arrow=direction_arrow(turned or 1),
        drew=drew,
        back=len(returned),
        returned=names_list([n.card(card) for card in returned], n.lang),
    )


def _colour_chosen(n: Narrator, e: ev.ColourChosen) -> str:
    colour = colour_label(e.colour, n.lang)
    if e.for_leaver or e.for_timeout:  # who left, or whose turn ran out, chose nothing
        return n.say("narrate-colour-set", colour=colour)
    return n.say("narrate-colour-chosen", name=n.who(e.player), colour=colour)


def _card_played(n: Narrator, e: ev.CardPlayed) -> str:
    return _jumped_in(n, e, ()) if e.jump_in else played_and_done(n, e, ())


def _jumped_in(n: Narrator, played: ev.CardPlayed, done: Sequence[ev.Event], called: bool = False) -> str:
    """A jump-in, the cover its card needed when it was an 8 (told_covers), and what the card played last did
    at once (what_it_did: black only when it covered the 8). `called`: its player called UNO right before
    it."""
    covers, done = told_covers(n, done)
    said = {"skipped": "", "count": 0, "arrow": "", "target": "", **what_it_did(n, done)}
    card = n.card(played.card, CardForm.WITH) + covers
    return n.say(
        "narrate-jump-in", name=n.who(played.player), card=card, called="yes" if called else "no", **said
    )


def _cards_drawn(n: Narrator, e: ev.CardsDrawn) -> str:
    if not e.count:  # both piles are empty: a draw takes nothing (RULES §3)
        return n.say("narrate-nothing-drawn", name=n.who(e.player))
    return n.say("narrate-cards-drawn", name=n.who(e.player), count=e.count, due=e.due, reason=e.reason.value)


def _direction(n: Narrator, e: ev.DirectionChanged) -> str:
    return n.say("narrate-direction-changed", arrow=direction_arrow(e.direction))


def _timed_out(n: Narrator, e: ev.TimedOut, done: Sequence[ev.Event] = ()) -> str:
    """A missed turn, with the move the game made for the player when `recent_moves` puts it on the line.
    From the second turn missed in a row the group learns the count: the player may soon be removed."""
    if len(done) > 1 and isinstance(done[0], ev.ColourChosen):  # a start card's Wild, then the turn's move
        who = n.say("narrate-timed-out-who", name=n.who(e.player), count=e.missed, what="turn")
        colour = colour_label(done[0].colour, n.lang)
        lead, done = n.say("narrate-timed-out-lead-colour", who=who, colour=colour), done[1:]
    else:
        who = n.say("narrate-timed-out-who", name=n.who(e.player), count=e.missed, what=_ran_out_for(e, done))
        lead = n.say("narrate-timed-out-lead", who=who)
    played = next((at for at, event in enumerate(done) if isinstance(event, ev.CardPlayed)), None)
    if played is not None:  # force_play played the card drawn (maybe before the time ran out), or a cover
        card = done[played]
        assert isinstance(card, ev.CardPlayed)
        covers, after = told_covers(n, done[played + 1 :], joined=frozenset())  # its line says no "and" after
        drew = {"move": "drew-played", "drew": drew_said(n, done[:played])} if played else {"move": "played"}
        card_said = card_drawn_and_played(n, card, done[:played])
        said = {"card": card_said, "covers": covers, **what_it_did(n, after)}
        return n.say("narrate-timed-out-played", who=who, lead=lead, **drew, **said)
    missed = n.say("narrate-timed-out", who=who, lead=lead, **_move_args(n, done))
    return missed + _runs_now(n, e.player) if done and isinstance(done[0], ev.PlayerLeft) else missed


def _ran_out_for(e: ev.TimedOut, done: Sequence[ev.Event]) -> str:
    """What the time of a timed-out player was for, as narrate-timed-out-who's $what says it: what was left
    of the turn after the card they played (the cover of their 8; a Wild's or a Downpour's colour, a 7's swap:
    the game's move is that alone), or the whole turn."""
    if e.covering:
        return "cover"
    first = done[0] if done else None  # a colour with more after it is a start card's, told as a lead
    if isinstance(first, ev.ColourChosen):
        return "colour"
    return "swap" if isinstance(first, ev.HandsSwapped) else "turn"


def _as_the_timers(own_draw: Sequence[ev.Event], done: Sequence[ev.Event]) -> Sequence[ev.Event]:
    """The move made for a timed-out player who had drawn (`own_draw`, maybe with Creepers) told as if the
    timer drew for them, as it does for one who had not: a card that does not fit ends the turn at once, so
    "draws 1 card but runs out of time" would tell the group that it fitted. Removed for missing too many
    turns, their cards go under the draw pile, and the draw goes untold."""
    return done if done and isinstance(done[0], ev.PlayerLeft) else (*own_draw, *done)


# How the move made for a timed-out player ends, as narrate-timed-out's $move says it after the draw.
ENDED_BY = {ev.Passed: "-passed", ev.Skipped: "-skipped"}


def _move_args(n: Narrator, done: Sequence[ev.Event]) -> dict[str, str | int]:
    """narrate-timed-out's arguments for the move made for a timed-out player: a draw or a penalty (maybe
    with Creepers and their cards, maybe of no card), maybe with the pass or missed turn that ends it, a pass,
    a colour, a swap; or nothing on the line."""
    if not done:
        return {"move": "alone"}
    first = done[0]
    if isinstance(first, ev.CardsDrawn):
        ended = ENDED_BY.get(type(done[-1]), "")
        if not first.count:  # both piles are empty (RULES §3)
            return {"move": "nothing" + ended}
        return {"move": "drew" + ended, "drew": drew_said(n, done)}
    if isinstance(first, ev.ColourChosen):
        return {"move": "colour", "colour": colour_label(first.colour, n.lang)}
    if isinstance(first, ev.HandsSwapped):
        return {"move": "swap", "target": n.who(first.target)}
    if isinstance(first, ev.PlayerLeft):  # the turns missed in a row were too many
        return {"move": "removed"}
    return {"move": "passed"}


def _player_left(n: Narrator, e: ev.PlayerLeft) -> str:
    seat = seat_of(n.seats, e.player)
    kicker: dict[str, str] = {}
    if e.afk:
        key = "narrate-player-removed"
    elif seat.kicked:  # by whom, as the group's notice said it (a kick noted in a pause had none)
        key = "narrate-player-kicked"
        kicker = {"kicker": "unknown"} if seat.kicked_by is None else n.kicker(seat.kicked_by)
    elif named_deleted(n, e.player):  # "Deleted account leaves the game" read as a bug
        key = "narrate-player-account-deleted"
    else:
        key = "narrate-player-left-group" if seat.left_group else "narrate-player-left"
    return n.say(key, name=n.who(e.player), **kicker) + _runs_now(n, e.player)


def _runs_now(n: Narrator, left: int) -> str:
    """Who runs the game now that `left` left it, when they ran it (the group learns who may /stop and /kick
    now), to follow the line telling their leaving; or nothing."""
    handed_to = seat_of(n.seats, left).handed_to
    return "" if handed_to is None else " " + n.say("narrate-runs-now", name=n.who(handed_to))


def _penalty_voided(n: Narrator, e: ev.PenaltyVoided) -> str:
    """Whose cards nobody takes, by name; a deleted account's by what it is, as its leaving is told: its
    stand-in read "Deleted account's penalty", «Штраф игрока Удалённый аккаунт»."""
    if named_deleted(n, e.player):
        return n.say("narrate-penalty-voided-deleted", count=e.count)
    return n.say("narrate-penalty-voided", name=n.who(e.player), count=e.count)


def _round_ended(n: Narrator, e: ev.RoundEnded) -> str:
    return n.say("narrate-round-ended", name=n.who(e.winner), round=e.round_no)


def _match_ended(n: Narrator, e: ev.MatchEnded) -> str | None:
    if not e.winners:
        return None
    winners = names_and_more([n.who(player) for player in e.winners], n.lang)  # as the standings' title
    return n.say("narrate-match-ended", names=winners, count=len(e.winners))


# Each narrator takes (Narrator, event); typed loosely because the table maps every event type to its own.
NARRATORS: dict[type[Any], Callable[[Narrator, Any], str | None]] = {
    ev.DealerDraw: lambda n, e: n.say(
        "narrate-dealer-draw", name=n.who(e.player), card=n.card(e.card, CardForm.OBJECT)
    ),
    ev.DealerChosen: lambda n, e: None,  # the round's first line names the dealer
    ev.RoundStarted: _round_started,
    ev.StartCardReturned: lambda n, e: n.say("narrate-start-card-returned", card=n.card(e.card)),
    ev.CardPlayed: _card_played,
    ev.CardsDrawn: _cards_drawn,
    ev.Passed: lambda n, e: n.say("narrate-passed", name=n.who(e.player)),
    ev.ColourChosen: _colour_chosen,
    ev.UnoCalled: lambda n, e: n.say("narrate-uno-called", name=n.who(e.player)),
    ev.Caught: lambda n, e: n.say("narrate-caught", catcher=n.who(e.catcher), name=n.who(e.target)),
    ev.FalseCatch: lambda n, e: n.say("narrate-false-catch", name=n.who(e.player)),
    ev.CatchWindowClosed: lambda n, e: None,
    ev.Challenged: challenge_line,
    ev.CardReturned: lambda n, e: n.say(
        "narrate-card-returned", name=n.who(e.player), card=n.card(e.card, CardForm.OBJECT)
    ),
    ev.ColourReverted: lambda n, e: n.say("narrate-colour-reverted", colour=colour_label(e.colour, n.lang)),
    ev.Skipped: lambda n, e: n.say("narrate-skipped", name=n.who(e.player)),
    ev.DirectionChanged: _direction,
    ev.CoverRequired: lambda n, e: n.say("narrate-cover-required", name=n.who(e.player)),
    ev.HandsSwapped: lambda n, e: n.say(
        "narrate-hands-swapped", name=n.who(e.player), target=n.who(e.target)
    ),
    ev.HandsRotated: lambda n, e: n.say(
        "narrate-hands-rotated", arrow=direction_arrow(e.direction), pair="yes" if e.hands == 2 else "no"
    ),
    ev.CreeperRevealed: lambda n, e: creeper_line(n, e, ()),
    ev.Downpour: lambda n, e: n.say("narrate-downpour-alone", name=n.who(e.player), soaked=soaked(n, e)),
    ev.SlapStarted: lambda n, e: n.say("narrate-slap-started"),
    ev.Slapped: lambda n, e: None,  # the slap window's line lists who is still to slap
    ev.SilenceStarted: lambda n, e: n.say("narrate-silence"),  # the line before told the 7
    ev.SilenceEnded: lambda n, e: n.say("narrate-silence-ended"),
    ev.SilenceBroken: lambda n, e: n.say("narrate-silence-broken", name=n.who(e.player)),
    ev.TimedOut: _timed_out,
    ev.PlayerLeft: _player_left,
    ev.PenaltyVoided: _penalty_voided,
    ev.Reshuffled: lambda n, e: n.say("narrate-reshuffled", count=e.count),
    ev.RoundEnded: _round_ended,
    ev.MatchEnded: _match_ended,
}


def _event_line(n: Narrator, event: ev.Event) -> str | None:
    narrator = NARRATORS.get(type(event))
    return None if narrator is None else narrator(n, event)


def recent_lines(narrator: Narrator, events: Sequence[ev.Event]) -> list[str]:
    """The table's recent moves: a line for each of `recent_moves.in_lines` (`line_of`) that says anything,
    an 8's cover on the 8's line though lines telling no move came between (_covers_joined). An 8's line
    that ends awaiting its cover, when a jump-in took the cover over (RULES.md §7: the duty passes to the
    jumper, whose own line says it awaits it), tells the 8 alone ("Ann plays 🟥 8."): "which must be
    covered" above the jump-in read as if Ann still had to."""
    lines = _covers_joined(in_lines(events))
    told = (line_of(narrator, _as_told(line, lines[at + 1 :])) for at, line in enumerate(lines))
    return [line for line in told if line]


# What may begin a line between an 8 and its cover that tells no player's move: an UNO! call, a catch, a
# false catch, a broken silence, a reshuffle, a player leaving and the penalty on them void.
_BETWEEN = (
    ev.UnoCalled,
    ev.Caught,
    ev.FalseCatch,
    ev.SilenceBroken,
    ev.SilenceEnded,
    ev.Reshuffled,
    ev.PlayerLeft,
    ev.PenaltyVoided,
)


def _covers_joined(lines: Sequence[tuple[ev.Event, ...]]) -> list[tuple[ev.Event, ...]]:
    """`lines` with an 8's cover (the cards drawn for it, its player's call, the card and what it did) told
    on the 8's line, as with nothing between, when lines telling no move came between (another player's
    UNO! call as its player drew: _no_move): alone, the cover read as a plain play ("Bob plays 🟩 1."). The
    lines between keep their place, below the 8's. A move (a jump-in taking the cover over, the timer's
    cover) ends the wait: its own line tells it."""
    joined: list[tuple[ev.Event, ...]] = []
    eight: int | None = None  # where the line whose 8 awaits its cover is in `joined`
    for line in lines:
        if eight is not None and len(in_lines(together := (*joined[eight], *line))) == 1:
            joined[eight] = together
            eight = eight if _awaits_cover(together) else None
            continue
        if not _no_move(line):
            eight = len(joined) if _awaits_cover(line) else None
        joined.append(line)
    return joined


def _no_move(line: Sequence[ev.Event]) -> bool:
    """Whether `line` tells no player's move (_BETWEEN), or the cards a catch cost (a line of their own)."""
    first = line[0]
    return isinstance(first, _BETWEEN) or (
        isinstance(first, ev.CardsDrawn) and first.reason is ev.DrawReason.UNO
    )


def _awaits_cover(line: Sequence[ev.Event]) -> bool:
    """Whether the 8 `line` tells last awaits its cover: no card nor pass came after its CoverRequired."""
    required = [at for at, event in enumerate(line) if isinstance(event, ev.CoverRequired)]
    return bool(required) and not any(isinstance(e, ev.CardPlayed | ev.Passed) for e in line[required[-1] :])


def _as_told(line: tuple[ev.Event, ...], later: Sequence[tuple[ev.Event, ...]]) -> tuple[ev.Event, ...]:
    """`line` as the table tells it: without the cover its 8 awaits (its last event, CoverRequired) when the
    next card played after it, in the `later` lines, is a jump-in, on that 8 as no card came between."""
    if len(line) < 2 or not isinstance(line[-1], ev.CoverRequired):
        return line
    played = next((event for after in later for event in after if isinstance(event, ev.CardPlayed)), None)
    return line[:-1] if played is not None and played.jump_in else line


def line_of(narrator: Narrator, events: Sequence[ev.Event]) -> str | None:
    """One table line for events `recent_moves.in_lines` puts on one: an event alone, a round's first line
    with the start cards gone back before it and what its start card did, a turn's draw with the pass or play
    ending it, a penalty drawn with the turn it costs, players who took the same cards for not slapping, a
    missed turn with the move made for the player, a challenge with what it undid and cost, a broken silence
    or a Creeper with the cards it cost (and
    the turn's draw or penalty that brought it, and the pass or missed turn after), players who found no card
    to take (the cards ran out), or a card (maybe drawn on the turn, maybe right after its player's UNO call)
    with what it did at once, an 8 with its cover."""
    first = events[0]
    if len(events) == 1:
        return _event_line(narrator, first)
    second = events[1]
    timer = next((at for at, event in enumerate(events) if isinstance(event, ev.TimedOut)), 0)
    if timer:  # the player's own draw, then the move the turn timer made for them
        timed_out = events[timer]
        assert isinstance(timed_out, ev.TimedOut)
        return _timed_out(narrator, timed_out, _as_the_timers(events[:timer], events[timer + 1 :]))
    if isinstance(first, ev.RoundStarted):
        return _round_started(narrator, first, events[1:])
    if isinstance(first, ev.StartCardReturned):  # and the round it was turned for: its line tells it
        returned = [event.card for event in events if isinstance(event, ev.StartCardReturned)]
        started = events[len(returned)]
        assert isinstance(started, ev.RoundStarted)
        return _round_started(narrator, started, events[len(returned) + 1 :], returned)
    if isinstance(first, ev.TimedOut):
        return _timed_out(narrator, first, events[1:])
    if isinstance(first, ev.Challenged):
        return challenge_line(narrator, first, events[1:])
    if isinstance(first, ev.CardPlayed) and first.jump_in:
        return _jumped_in(narrator, first, events[1:])
    if isinstance(first, ev.CardPlayed):
        return played_and_done(narrator, first, events[1:])
    if isinstance(first, ev.CardsDrawn) and isinstance(second, ev.CreeperRevealed):
        return drawn_creeper_line(narrator, first, events[1:])
    if isinstance(first, ev.CardsDrawn) and isinstance(second, ev.CardPlayed | ev.UnoCalled):
        called = isinstance(second, ev.UnoCalled)  # the player's own, between the draw and the card
        played = events[1 + called]
        assert isinstance(played, ev.CardPlayed)
        return played_and_done(narrator, played, events[2 + called :], drawn=first.count, called=called)
    if isinstance(first, ev.UnoCalled):  # the player's own, right before their card
        assert isinstance(second, ev.CardPlayed)
        if second.jump_in:
            return _jumped_in(narrator, second, events[2:], called=True)
        return played_and_done(narrator, second, events[2:], called=True)
    if isinstance(first, ev.CreeperRevealed):
        return creeper_line(narrator, first, events[1:])
    drawn = [event for event in events if isinstance(event, ev.CardsDrawn)]
    if isinstance(first, ev.SilenceBroken | ev.FalseCatch):
        said = found_creepers(narrator, drawn[0], events[2:])
        broken = isinstance(first, ev.SilenceBroken)
        key = "narrate-silence-broken-drawn" if broken else "narrate-false-catch-drawn"
        return narrator.say(key, name=narrator.who(first.player), **said)
    last = events[-1]
    if isinstance(last, ev.Skipped | ev.Passed):
        taken = drawn[0]
        if not taken.count:  # both piles are empty (RULES §3)
            ended = "passed" if isinstance(last, ev.Passed) else "skipped"
            return narrator.say("narrate-nothing-drawn-ended", name=narrator.who(taken.player), ended=ended)
        key = "narrate-drawn-and-ended"
        who = narrator.who(taken.player)
        return narrator.say(key, name=who, count=taken.count, due=taken.due, reason=taken.reason.value)
    names = names_and_more([narrator.who(event.player) for event in drawn], narrator.lang)
    if not drawn[0].count:  # both piles are empty: after a Downpour or a zero, everyone found no card
        return narrator.say("narrate-nothing-drawn-together", names=names)
    return narrator.say("narrate-no-slap-together", names=names, count=drawn[0].count)
