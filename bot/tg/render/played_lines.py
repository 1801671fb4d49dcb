"""A played card's line in the table's recent moves: the card, the covers an 8 needed (eight_cover), and what
the card played last did at once (a colour, a direction, skipped players, a 7's silence or swap, a 0's hands
passed on, a Downpour)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import events as ev
from bot.tg.render.cards import colour_label
from bot.tg.render.narrator import Narrator, direction_arrow
from bot.tg.render.text import names_and_more


def card_drawn_and_played(n: Narrator, played: ev.CardPlayed, drew: Sequence[ev.Event]) -> str:
    """The card drawn and played, as the object of "plays"; a Creeper the draw before it (`drew`) named
    already is "it" or "the Creeper"."""
    if not any(isinstance(event, ev.CreeperRevealed) and event.card == played.card for event in drew):
        return n.card(played.card, as_object=True)
    drawn = drew[0]
    assert isinstance(drawn, ev.CardsDrawn)
    return n.say("narrate-creeper-played-again", count=drawn.count)


def told_covers(n: Narrator, done: Sequence[ev.Event]) -> tuple[str, Sequence[ev.Event]]:
    """The covers an 8 that `done` follows had (narrate-cover each; for a chain of 8s, each covering the one
    before), and the cover still awaited (narrate-cover-awaited), to follow the card on its line; and the
    events after them: what the card played last did at once. Nothing said, and `done` as it is, when the
    card was no 8."""
    covers: list[tuple[int, int]] = []  # the cards drawn for each cover, and the card it covered with
    while done and isinstance(done[0], ev.CoverRequired):
        drawn = done[1] if len(done) > 1 and isinstance(done[1], ev.CardsDrawn) else None
        after = done[2 if drawn else 1 :]
        if not after or not isinstance(after[0], ev.CardPlayed):
            break
        covers.append((drawn.count if drawn else 0, after[0].card))
        done = after[1:]
    said = "".join(
        n.say("narrate-cover", at=_cover_at(covers, at), count=count, card=n.card(card))
        for at, (count, card) in enumerate(covers)  # "with the card X": the card's name as it is
    )
    if done and isinstance(done[0], ev.CoverRequired):
        return said + _cover_awaited(n, done, before=len(covers)), ()
    return said, done


def _cover_awaited(n: Narrator, awaited: Sequence[ev.Event], before: int) -> str:
    """The cover an 8 awaits (`awaited` begins with its CoverRequired) after the `before` covers told: none
    drawn yet, the cards drawn to cover it, or those and the pass when none of them covered it."""
    drawn = next((event for event in awaited if isinstance(event, ev.CardsDrawn)), None)
    if drawn is None:
        return n.say("narrate-cover-awaited", state="awaited", before=before, count=0)
    state = "passed" if isinstance(awaited[-1], ev.Passed) else "drawing"
    return n.say("narrate-cover-awaited", state=state, before=before, count=drawn.count)


def _cover_at(covers: Sequence[tuple[int, int]], at: int) -> str:
    """Where the cover `at` stands in a chain of `covers` (cards drawn, card), for narrate-cover's
    $at: the first; one made from the hand that a like one follows (next) or none does (last)."""
    if not at:
        return "first"
    return "next" if at + 1 < len(covers) and not covers[at + 1][0] else "last"


# What a card did at once, by the name what_it_did gives it, and the key of a line telling the card with it.
PLAYED_AND_DONE = {
    "none": "narrate-card-played",
    "downpour": "narrate-downpour",  # its line says who played it, and what it costs
    "downpour-colour": "narrate-downpour-colour",
    "silence": "narrate-silence-started",  # its line says who played a 7
    "colour": "narrate-played-colour",
    "reversed": "narrate-played-reversed",
    "swapped": "narrate-played-swapped",
    "rotated": "narrate-played-rotated",
    "skipped": "narrate-played-skipping",
}


def what_it_did(n: Narrator, done: Sequence[ev.Event]) -> dict[str, str | int]:
    """What a card did at once, as its line's arguments: `effect` (a PLAYED_AND_DONE name, or none) and the
    words it needs: the colour chosen for it, the direction it turned, who it skipped, a 7's silence or swap,
    a 0's hands passed on, a Downpour (and its colour)."""
    if not done:
        return {"effect": "none"}
    effect, last = done[0], done[-1]
    if isinstance(effect, ev.Downpour) and isinstance(last, ev.ColourChosen):
        colour = colour_label(last.colour, n.lang)
        return {"effect": "downpour-colour", "count": effect.count, "colour": colour}
    if isinstance(effect, ev.Downpour):
        return {"effect": "downpour", "count": effect.count}
    if isinstance(effect, ev.SilenceStarted):
        return {"effect": "silence"}
    if isinstance(effect, ev.ColourChosen):
        return {"effect": "colour", "colour": colour_label(effect.colour, n.lang)}
    if isinstance(effect, ev.DirectionChanged):
        return {"effect": "reversed", "arrow": direction_arrow(effect.direction)}
    if isinstance(effect, ev.HandsSwapped):
        return {"effect": "swapped", "target": n.who(effect.target)}
    if isinstance(effect, ev.HandsRotated):
        return {"effect": "rotated", "arrow": direction_arrow(effect.direction)}
    skipped = [n.who(event.player) for event in done if isinstance(event, ev.Skipped)]
    return {"effect": "skipped", "skipped": names_and_more(skipped, n.lang), "count": len(skipped)}


def played_and_done(n: Narrator, played: ev.CardPlayed, done: Sequence[ev.Event], drawn: int = 0) -> str:
    """A card, the cover it needed when it was an 8 (told_covers: $card says them after it, and $covered is
    1), and what the card played last did at once (see what_it_did). `drawn`: the cards drawn on the turn,
    the card among them, when it was drawn and played at once."""
    covered = int(bool(done) and isinstance(done[0], ev.CoverRequired))
    covers, done = told_covers(n, done)
    said = what_it_did(n, done)
    return n.say(
        PLAYED_AND_DONE[str(said["effect"])],
        **said,
        name=n.who(played.player),
        card=n.card(played.card, as_object=True) + covers,
        covered=covered,
        drawn=drawn,
        drawn_cards=n.say("render-cards-taken", count=drawn),
    )
