"""Multi-play selections (see bot.tg.render.hand_keyboard): checked against the game as it is now.

The selection travels in the buttons (SELECT, PAGE), and a press is judged by them like any other: on a
keyboard the game has moved past it is stale, and cards that cannot start or join a multi-play are refused
with the engine's reason. (What the hand shows is stored too, so that a restart redraws it; and a card tapped
on a keyboard not yet redrawn for the one before joins what the hand shows chosen, `added`, as a page turned
on it keeps that, `paged`.)
"""

from __future__ import annotations

from bot.service import GameDocument, Refusal
from bot.storage import GameRecord, GameStatus
from bot.tg.render.options import options, selection_problem
from bot.tg.runtime import Runtime


async def checked_selection(
    rt: Runtime, game_id: int, user_id: int, counter: int, cards: tuple[int, ...]
) -> tuple[GameRecord, GameDocument]:
    """The game, when `cards` (in this order) may be chosen now on the keyboard pressed; else a Refusal."""
    record, doc = await playing_in(rt, game_id, user_id)
    state = doc.state
    if counter != doc.hand_counters.get(user_id):
        raise Refusal("stale")
    problem = selection_problem(state, user_id, cards, options(state, user_id))
    if problem is not None:
        raise Refusal(problem)
    return record, doc


async def playing_in(rt: Runtime, game_id: int, user_id: int) -> tuple[GameRecord, GameDocument]:
    """The running game the user plays in; else a Refusal (a hand's buttons outlive a stop or a leave)."""
    loaded = await rt.service.load(game_id)
    if loaded is None or loaded[0].status is not GameStatus.RUNNING or loaded[1].engine is None:
        raise Refusal("no_game")
    if user_id not in loaded[1].state.players:
        raise Refusal("not_a_player")
    return loaded


def kept_selection(doc: GameDocument, user_id: int, counter: int, cards: tuple[int, ...]) -> tuple[int, ...]:
    """A page turn keeps the selection while its keyboard is current (the render drops one not playable)."""
    return cards if counter == doc.hand_counters.get(user_id) else ()


def paged(
    doc: GameDocument, user_id: int, counter: int, cards: tuple[int, ...], shown: tuple[int, ...]
) -> tuple[int, ...]:
    """A PAGE's selection: the one the hand shows now, which holds a card tapped after the keyboard pressed
    was drawn (a slow connection); the keyboard's own while the hand shows none (`added`'s rule)."""
    if shown and counter == doc.hand_counters.get(user_id):
        return shown
    return kept_selection(doc, user_id, counter, cards)


def added(
    doc: GameDocument, user_id: int, counter: int, cards: tuple[int, ...], shown: tuple[int, ...]
) -> tuple[int, ...]:
    """A SELECT's selection: the cards its keyboard showed chosen and the one tapped. But a second card
    tapped before the hand was redrawn for the first (a slow connection) joins the cards the hand shows
    chosen now, as its player meant, where it can."""
    *before, tapped = cards
    if tuple(before) == shown or not shown or counter != doc.hand_counters.get(user_id):
        return kept_selection(doc, user_id, counter, cards)
    if tapped in shown:
        return shown
    joined = (*shown, tapped)
    state = doc.state
    return joined if selection_problem(state, user_id, joined, options(state, user_id)) is None else cards
