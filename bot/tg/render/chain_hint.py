"""What extending an UNO Extreme chain would do, told to the player who may extend it (RULES.md §7). The
table says the next +2 link makes "someone" take its cards (a +2 makes the next player take them, a Reverse
the last victim) and how many the next Skip skips; the hand names them."""

from __future__ import annotations

from bot.engine.cards import Kind
from bot.engine.effects import link_victim, skipped_by
from bot.engine.state import Pending
from bot.tg.render.narrator import as_on_table
from bot.tg.render.text import names_and_more, t
from bot.tg.render.views import HandView

_LINKS = (Kind.DRAW_TWO, Kind.REVERSE)


def chain_hints(view: HandView, playable: frozenset[int], lang: str) -> list[str]:
    """A line for each kind of link among the `playable` cards, naming who it would hit."""
    state = view.state
    me = view.player_id
    if state.pending not in (Pending.PLAY, Pending.PENALTY) or state.actor != me:
        return []
    held = {state.card(cid).kind for cid in playable}
    names = as_on_table(view, lang)  # as the table names them
    lines = []
    if state.chain:  # on their turn, or as its victim holding the identical card that passes it on
        for kind in _LINKS:
            if kind in held:
                victim = names.who(link_victim(state, me, kind))
                lines.append(
                    t(lang, "hand-hint-chain", card=kind.value, name=victim, count=2 * (state.chain + 1))
                )
    if (
        state.skip_chain
        and len(state.players) > 2  # between two a chain skips no more than any Skip
        and state.pending is Pending.PLAY
        and state.top.kind is Kind.SKIP
        and Kind.SKIP in held
    ):
        skipped = skipped_by(state, me, state.skip_chain + 1)
        listed = [names.who(player) for player in skipped]
        lines.append(t(lang, "hand-hint-skip-chain", names=names_and_more(listed, lang), count=len(skipped)))
    return lines
