"""A played card's line in the table's recent moves: the card, the covers an 8 needed (eight_cover), its
player's UNO call in its place, and what the card played last did at once (a colour, a direction, skipped
players, a 7's silence or swap, a 0's hands passed on, a Downpour)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bot.engine import events as ev
from bot.tg.render.cards import CardForm, colour_label
from bot.tg.render.creeper_lines import creepers_in, drew_said
from bot.tg.render.narrator import Narrator, direction_arrow
from bot.tg.render.text import names_and_more, names_list


class Cover(NamedTuple):
    """An 8's cover as its line tells it."""

    called: str  # its player's UNO call before it (narrate-called), or nothing
    drew: Sequence[ev.Event]  # the cards drawn for it, with the Creepers among them and their cards
    called_after_drawing: str  # the call its player made after those cards, or nothing
    card: int


# What a card did that its line tells after "and" ("... and chooses red", "... and swaps hands with Bob").
JOINED_BY_AND = frozenset({"colour", "swapped"})


def told_covers(
    n: Narrator, done: Sequence[ev.Event], joined: frozenset[str] = JOINED_BY_AND
) -> tuple[str, Sequence[ev.Event]]:
    """The covers an 8 that `done` follows had (narrate-cover each; for a chain of 8s, each covering the one
    before), and the cover still awaited (narrate-cover-awaited), with its player's UNO call in its place
    (narrate-called), to follow the card on its line; and the events after them: what the card played last
    did at once. Only the call said, or nothing, and the events after it when the card was no 8. `joined`:
    what the card did that its line tells after "and" (JOINED_BY_AND; a timed-out turn's line, none)."""
    covers: list[Cover] = []
    while done and isinstance(done[0], ev.CoverRequired):
        called, after = _called(n, done[1:])
        drew, after = _drawn_for_cover(after)
        called_after_drawing, after = _called(n, after) if drew else ("", after)
        if not after or not isinstance(after[0], ev.CardPlayed):
            break
        covers.append(Cover(called, drew, called_after_drawing, after[0].card))
        done = after[1:]
    if done and isinstance(done[0], ev.CoverRequired):
        return _covers(n, covers) + _cover_awaited(n, done[1:], before=len(covers)), ()
    called, done = _called(n, done)
    # "draws 2 cards, covers it with Wild and chooses red": one "and" on the line, not two
    then = "and" if not called and what_it_did(n, done)["effect"] in joined else "none"
    return _covers(n, covers, then) + called, done


def _covers(n: Narrator, covers: Sequence[Cover], then: str = "none") -> str:
    """Each of `covers` (narrate-cover); `then` for the last one (see _cover)."""
    last = len(covers) - 1
    return "".join(_cover(n, covers, at, then if at == last else "none") for at in range(len(covers)))


def _cover(n: Narrator, covers: Sequence[Cover], at: int, then: str = "none") -> str:
    """The cover `at` of `covers`, after its player's call when they made it first ($called: a chained cover
    told after the call needs its verb again in Russian), or after the cards drawn for it when they called
    then ("draws 1 card, calls UNO! and covers it"); `then`: "and" when the line goes on with "and" after it
    (JOINED_BY_AND), so a cover drawn for lists its verbs with a comma."""
    called, drew, called_after_drawing, card = covers[at]
    said = {"at": _cover_at(covers, at), "called": "yes" if called else "no", **_drew_args(n, drew)}
    said["drew"] = f"{said['drew']}{called_after_drawing}"
    return called + n.say("narrate-cover", card=n.card(card, CardForm.WITH), then=then, **said)


def _called(n: Narrator, done: Sequence[ev.Event]) -> tuple[str, Sequence[ev.Event]]:
    """The UNO call `done` begins with, its player's (recent_moves joins no other), and the events after it;
    or nothing and `done`."""
    if done and isinstance(done[0], ev.UnoCalled):
        return n.say("narrate-called"), done[1:]
    return "", done


def _drawn_for_cover(done: Sequence[ev.Event]) -> tuple[Sequence[ev.Event], Sequence[ev.Event]]:
    """The cards drawn for a cover that `done` begins with, with the Creepers among them and the cards they
    added (none when it was covered from the hand), and the events after them."""
    if not done or not isinstance(done[0], ev.CardsDrawn):
        return (), done
    end = 1
    while end < len(done) and _creeper_or_its_cards(done[end]):
        end += 1
    return done[:end], done[end:]


def _creeper_or_its_cards(event: ev.Event) -> bool:
    return isinstance(event, ev.CreeperRevealed) or (
        isinstance(event, ev.CardsDrawn) and event.reason is ev.DrawReason.CREEPER
    )


def _drew_args(n: Narrator, drew: Sequence[ev.Event], last: bool = False) -> dict[str, str | int]:
    """narrate-cover's and narrate-cover-awaited's words for the cards `drew` (_drawn_for_cover) for a
    cover; `last`: they end the line (drew_said)."""
    if not drew:
        return {"count": 0, "drew": "", "found": 0}
    drawn = drew[0]
    assert isinstance(drawn, ev.CardsDrawn)
    return {"count": drawn.count, "drew": drew_said(n, drew, last), "found": creepers_in(drew)}


def _cover_awaited(n: Narrator, awaited: Sequence[ev.Event], before: int) -> str:
    """The cover an 8 awaits (`awaited` follows its CoverRequired) after the `before` covers told: none drawn
    yet, the cards drawn to cover it, or those and the pass when none of them covered it; after its player's
    call when they made it first."""
    called, awaited = _called(n, awaited)
    drew, after = _drawn_for_cover(awaited)
    state = "passed" if after and isinstance(after[-1], ev.Passed) else "drawing" if drew else "awaited"
    said = _drew_args(n, drew, last=state == "drawing")  # the cards drawn so far end the line
    return called + n.say("narrate-cover-awaited", state=state, before=before, **said)


def _cover_at(covers: Sequence[Cover], at: int) -> str:
    """Where the cover `at` stands in a chain of `covers`, for narrate-cover's $at: the first; one made from
    the hand that a like one follows (next) or none does (last)."""
    if not at:
        return "first"
    return "next" if at + 1 < len(covers) and not covers[at + 1].drew else "last"


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


def soaked(n: Narrator, downpour: ev.Downpour) -> str:
    """What a Downpour costs everyone else, or was to cost them when the cards ran out first."""
    short = "yes" if downpour.short else "no"
    return n.say("narrate-soaked", count=downpour.count, short=short)


def what_it_did(n: Narrator, done: Sequence[ev.Event]) -> dict[str, str | int]:
    """What a card did at once, as its line's arguments: `effect` (a PLAYED_AND_DONE name, or none) and the
    words it needs: the colour chosen for it, the direction it turned, who it skipped, a 7's silence or swap,
    a 0's hands passed on, a Downpour (and its colour)."""
    if not done:
        return {"effect": "none"}
    effect, last = done[0], done[-1]
    if isinstance(effect, ev.Downpour) and isinstance(last, ev.ColourChosen):
        colour = colour_label(last.colour, n.lang)
        return {"effect": "downpour-colour", "soaked": soaked(n, effect), "colour": colour}
    if isinstance(effect, ev.Downpour):
        return {"effect": "downpour", "soaked": soaked(n, effect)}
    if isinstance(effect, ev.SilenceStarted):
        return {"effect": "silence"}
    if isinstance(effect, ev.ColourChosen):
        return {"effect": "colour", "colour": colour_label(effect.colour, n.lang)}
    if isinstance(effect, ev.DirectionChanged):
        return {"effect": "reversed", "arrow": direction_arrow(effect.direction)}
    if isinstance(effect, ev.HandsSwapped):
        return {"effect": "swapped", "target": n.who(effect.target)}
    if isinstance(effect, ev.HandsRotated):
        pair = "yes" if effect.hands == 2 else "no"  # between two, a swap: no direction to follow
        return {
            "effect": "rotated",
            "passed": n.say("narrate-passed-on", pair=pair, arrow=direction_arrow(effect.direction)),
        }
    skipped = [n.who(event.player) for event in done if isinstance(event, ev.Skipped)]
    return {"effect": "skipped", "skipped": names_and_more(skipped, n.lang), "count": len(skipped)}


def played_and_done(
    n: Narrator, played: ev.CardPlayed, done: Sequence[ev.Event], drawn: int = 0, called: bool = False
) -> str:
    """A card (the cards of a multi-play: "🟩 5 and 🟥 5"), the cover it needed when it was an 8 (told_covers:
    $card says them after it), and what the card played last did at once (see what_it_did). `drawn`: the
    cards drawn on the turn, the card among them, when it was drawn and played at once; `called`: the player
    called UNO right before the card (after that draw, if any)."""
    cards, done = _multi_played(played, done)
    covers, done = told_covers(n, done)
    said = what_it_did(n, done)
    return n.say(
        PLAYED_AND_DONE[str(said["effect"])],
        **said,
        name=n.who(played.player),
        card=names_list([n.card(card, CardForm.OBJECT) for card in cards], n.lang) + covers,
        several="yes" if len(cards) > 1 and not covers else "no",  # "🟥 7 and 🟩 7, then swaps hands"
        drawn=drawn,
        drawn_cards=n.say("render-cards-taken", count=drawn) + (n.say("narrate-called") if called else ""),
        called="yes" if called and not drawn else "no",  # with a draw, $drawn_cards says the call
    )


def _multi_played(played: ev.CardPlayed, done: Sequence[ev.Event]) -> tuple[list[int], Sequence[ev.Event]]:
    """The cards of the multi-play `played` begins (recent_moves puts its cards on one line: the others begin
    `done`), or that card alone; and the events after them, what the last card did."""
    end = 0
    while end < len(done) and isinstance(more := done[end], ev.CardPlayed) and more.player == played.player:
        end += 1
    return [played.card, *(card.card for card in done[:end] if isinstance(card, ev.CardPlayed))], done[end:]
