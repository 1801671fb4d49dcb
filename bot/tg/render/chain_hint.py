"""What extending an extreme +2 chain would do, told to the player who may extend it (RULES.md §7,
`extreme_draw_chain`): the table can only say the next link makes "someone" take its cards, since a +2
makes the next player take them and a Reverse the last victim."""

from __future__ import annotations

from bot.engine.cards import Kind
from bot.engine.state import Pending
from bot.tg.render.text import name, seat_of, t
from bot.tg.render.views import HandView

_LINKS = (Kind.DRAW_TWO, Kind.REVERSE)


def chain_hints(view: HandView, playable: frozenset[int], lang: str) -> list[str]:
    """A line for each kind of link among the `playable` cards, naming who would take how many."""
    state = view.state
    me = view.player_id
    if not state.chain or state.pending is not Pending.PLAY or state.actor != me:
        return []
    held = {state.card(cid).kind for cid in playable}
    players = state.players
    # A Reverse turns the play back onto the player before: with two players, the same one as a +2's.
    victims = {
        Kind.DRAW_TWO: state.next_player(me),
        Kind.REVERSE: players[(players.index(me) - state.direction) % len(players)],
    }
    count = 2 * (state.chain + 1)
    return [
        t(
            lang,
            "hand-hint-chain",
            card=kind.value,
            name=name(seat_of(view.seats, victims[kind]), lang),
            count=count,
        )
        for kind in _LINKS
        if kind in held
    ]
