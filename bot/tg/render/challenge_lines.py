"""A challenge's line in the table's recent moves: whose card was challenged and what the challenge found,
with what it undid and cost on the same line (`recent_moves.in_lines` puts them there): a bluff's card taken
back or its colour undone (extreme_challenge), the cards its player takes, or nobody takes (they left); a fair
card's challenger's cards and the turn they cost. Three lines told one challenge, and pushed older moves off
the table.

Private details never reach the group: the challenged hand is never told."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import events as ev
from bot.tg.render.cards import CardForm, colour_label
from bot.tg.render.narrator import Narrator, named_deleted


def challenge_line(n: Narrator, challenge: ev.Challenged, done: Sequence[ev.Event] = ()) -> str:
    """`challenge` and what `done` tells it undid and cost; alone, what it found ("it was a bluff!"): the
    cards it cost are told on the next line when Creepers were among them."""
    deleted = "yes" if named_deleted(n, challenge.challenged) else "no"
    names = {"challenger": n.who(challenge.challenger), "challenged": n.who(challenge.challenged)}
    if not done:
        key = "narrate-challenge-guilty" if challenge.guilty else "narrate-challenge-innocent"
        return n.say(key, deleted=deleted, **names)
    guilty = "yes" if challenge.guilty else "no"
    lead = n.say("narrate-challenge-lead", guilty=guilty, deleted=deleted, **names)
    undone, card, colour = "none", "", ""
    first = done[0]
    if isinstance(first, ev.CardReturned):
        undone, card = "returned", n.card(first.card, CardForm.OBJECT)
    elif isinstance(first, ev.ColourReverted):
        undone, colour = "colour", colour_label(first.colour, n.lang)
    cost = _cost_args(done[undone != "none" :])
    payer = challenge.challenged if challenge.guilty else challenge.challenger
    said = {"undone": undone, "card": card, "colour": colour, "deleted": deleted, "name": n.who(payer)}
    return n.say("narrate-challenge-told", lead=lead, **said, **cost)


def _cost_args(paid: Sequence[ev.Event]) -> dict[str, str | int]:
    """narrate-challenge-told's words for what the challenge cost: the cards taken (maybe fewer than due, or
    none: the piles ran out) and the turn they cost; the cards nobody takes (their player left); or nothing
    on this line (a Creeper among the cards: they have a line of their own)."""
    if not paid:
        return {"cost": "apart", "count": 0, "due": 0, "ended": "no"}
    first = paid[0]
    ended = "yes" if isinstance(paid[-1], ev.Skipped) else "no"
    if isinstance(first, ev.PenaltyVoided):
        return {"cost": "void", "count": first.count, "due": 0, "ended": ended}
    assert isinstance(first, ev.CardsDrawn)
    cost = "took" if first.count else "nothing"
    return {"cost": cost, "count": first.count, "due": first.due, "ended": ended}
