"""Creeper lines in the table's recent moves (the Minecraft deck): a draw that brought Creepers, the cards
they added, and the move that ended the turn; a draw's words with the Creepers among its cards."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import events as ev
from bot.tg.render.cards import CardForm, colour_label
from bot.tg.render.narrator import Narrator


def found_creepers(n: Narrator, drawn: ev.CardsDrawn, after: Sequence[ev.Event]) -> dict[str, str | int]:
    """The arguments of a line telling the cards `drawn` and the Creepers among them that `after` begins
    with: the $count cards, the $found Creepers (in words) and the $extra cards they added (in words)."""
    creepers = creepers_in(after)
    extra, due = added(after)
    return {
        "count": drawn.count,
        "due": drawn.due,
        "found": creepers,
        **_creeper_words(n, creepers),
        "extra": extra,
        "extra_cards": n.say("render-more-cards-due", count=extra, due=due),
    }


def drew_said(n: Narrator, told: Sequence[ev.Event], last: bool = False) -> str:
    """The cards drawn that `told` begins with, with who drew them left out (narrate-drew), and the Creepers
    among them that follow, with the cards they added: "draws 2 cards (a Creeper among them), takes 3 more
    cards"; `last`: nothing follows them on the line ("draws a Creeper and takes 3 more cards")."""
    drawn = told[0]
    assert isinstance(drawn, ev.CardsDrawn)
    found = found_creepers(n, drawn, told[1:])
    return n.say("narrate-drew", reason=drawn.reason.value, last="yes" if last else "no", **found)


def card_drawn_and_played(n: Narrator, played: ev.CardPlayed, drew: Sequence[ev.Event]) -> str:
    """The card drawn and played, as the object of "plays"; a Creeper the draw before it (`drew`) named
    already is "it" or "the Creeper"."""
    if not any(isinstance(event, ev.CreeperRevealed) and event.card == played.card for event in drew):
        return n.card(played.card, CardForm.OBJECT)
    drawn = drew[0]
    assert isinstance(drawn, ev.CardsDrawn)
    return n.say("narrate-creeper-played-again", count=drawn.count)


def creepers_in(events: Sequence[ev.Event]) -> int:
    return sum(isinstance(event, ev.CreeperRevealed) for event in events)


def added(events: Sequence[ev.Event]) -> tuple[int, int]:
    """The cards the Creepers that `events` reveal added, and the cards they were to add when the piles ran
    short (0: they added them all): "takes 1 of 3 more cards", not a bare 1 that the rules' 3 belies."""
    draws = [event for event in events if isinstance(event, ev.CardsDrawn)]
    due = sum(event.due or event.count for event in draws) if any(event.due for event in draws) else 0
    return sum(event.count for event in draws), due


def _creeper_words(n: Narrator, creepers: int) -> dict[str, str | int]:
    """`creepers` Creepers drawn at once in words, as what is drawn and as the subject."""
    return {
        "creepers": n.say("narrate-creepers", count=creepers),
        "creepers_among": n.say("narrate-creepers-among", count=creepers),
    }


def drawn_creeper_line(n: Narrator, drawn: ev.CardsDrawn, cost: Sequence[ev.Event]) -> str:
    """A draw that brought Creepers (the turn's, a penalty, a missed UNO call...), with the cards they added
    and the pass or missed turn that ends the turn, or the card drawn played and its colour, as far as the
    line has them."""
    extra, due = added(cost)
    if isinstance(cost[-1], ev.Passed | ev.Skipped):
        move = "ended" if extra else "ended-alone"
    else:
        move = "took" if extra else "alone"
    said = {"name": n.who(drawn.player), "drawn": drawn.count, **_creeper_words(n, creepers_in(cost))}
    if drawn.reason is ev.DrawReason.TURN:
        drawn_cards = n.say("render-cards-taken", count=drawn.count)
        ended = {"move": move, **_creeper_played(n, drawn, cost, took=bool(extra))}  # its move: maybe a play
        return n.say("narrate-turn-creeper", **said, drawn_cards=drawn_cards, count=extra, due=due, **ended)
    taken = n.say("narrate-taken-for", reason=drawn.reason.value, count=drawn.count, due=drawn.due)
    return n.say("narrate-taken-creeper", **said, taken=taken, count=extra, due=due, move=move)


def _creeper_played(
    n: Narrator, drawn: ev.CardsDrawn, cost: Sequence[ev.Event], took: bool
) -> dict[str, str | int]:
    """narrate-turn-creeper's $move, $card and $colour for the card the player played after the turn's draw
    that brought a Creeper (the Creeper: it is not named again), and the colour they chose for it; none (the
    card and colour left empty) when the line has no card played."""
    at = next((at for at, event in enumerate(cost) if isinstance(event, ev.CardPlayed)), None)
    if at is None:
        return {"card": "", "colour": ""}
    played = cost[at]
    assert isinstance(played, ev.CardPlayed)
    chosen = [colour_label(event.colour, n.lang) for event in cost[at:] if isinstance(event, ev.ColourChosen)]
    move = ("took-" if took else "") + "played" + ("-colour" if chosen else "")
    card = card_drawn_and_played(n, played, (drawn, *cost[:at]))
    return {"move": move, "card": card, "colour": chosen[0] if chosen else ""}


def creeper_line(n: Narrator, revealed: ev.CreeperRevealed, cost: Sequence[ev.Event]) -> str:
    """Creepers drawn at once (not on the turn's draw), with the cards they added when the line has them."""
    extra, due = added(cost)
    key = "narrate-creeper-drawn" if extra else "narrate-creeper"
    creepers = _creeper_words(n, 1 + creepers_in(cost))
    return n.say(key, name=n.who(revealed.player), **creepers, count=extra, due=due)
