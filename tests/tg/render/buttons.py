"""Decoding a render's buttons back into the engine actions they stand for (as the gameplay service does)."""

from __future__ import annotations

from dataclasses import replace

from bot.engine.actions import (
    Accept,
    CallUno,
    Challenge,
    ChooseColour,
    ChooseSwap,
    Draw,
    Pass,
    Play,
    Slap,
)
from bot.engine.actions import Action as Move
from bot.engine.cards import COLOURS
from bot.engine.state import GameState
from bot.tg.callback_data import Action, CallbackData
from bot.tg.pacing import Render
from bot.tg.render import HandView, Seat, hand
from tests.tg.render.checks import check_render, pressed

GAME_ID = 77
SEATS = {player: Seat(player, f"Player {player}") for player in range(1, 11)}


def to_move(data: CallbackData, state: GameState, player: int) -> Move | None:
    """The engine action a hand button asks for (None for PAGE, REFRESH and TRY, a card shown unplayable);
    for SELECT, the play its selection makes once confirmed."""
    at = state.clock
    args = data.args
    simple: dict[Action, Move] = {
        Action.DRAW: Draw(player, at),
        Action.PASS: Pass(player, at),
        Action.CHALLENGE: Challenge(player, at),
        Action.ACCEPT: Accept(player, at),
        Action.UNO: CallUno(player, at),
        Action.SLAP: Slap(player, at),
    }
    if data.action in simple:
        return simple[data.action]
    if data.action in (Action.PLAY, Action.SELECT):
        return Play(player, args[0], at, tuple(args[1:]))
    if data.action is Action.COLOUR:
        return ChooseColour(player, COLOURS[args[0]], at)
    if data.action is Action.SWAP:
        return ChooseSwap(player, state.players[args[0]], at)
    assert data.action in (Action.PAGE, Action.REFRESH, Action.TRY), data
    return None


def hand_view(state: GameState, player: int, **changes: object) -> HandView:
    return replace(
        HandView(GAME_ID, state.seq, "Friends", SEATS, state, player, now_ms=state.clock), **changes
    )


def hand_pages(state: GameState, player: int, lang: str, **changes: object) -> list[Render]:
    """Every page of a hand, following the ▶ buttons; each page is checked against Telegram's limits."""
    pages = [hand(hand_view(state, player, **{"page": 0, **changes}), lang)]
    while True:
        check_render(pages[-1])
        forward = [d for _, d in pressed(pages[-1]) if d.action is Action.PAGE and d.args[0] == len(pages)]
        if not forward:
            return pages
        pages.append(hand(hand_view(state, player, page=forward[0].args[0], **changes), lang))
