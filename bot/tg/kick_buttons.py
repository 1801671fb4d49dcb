"""/kick's buttons: one a player its answer may mean, whose press by who sent the /kick removes them
(bot.tg.handlers.kick_presses). The player is named by user id, which needs 52 bits (Telegram's ids have
no more), where an argument holds two base-36 digits: its low 32 bits go in the state, the rest in two
arguments (`1i:<game>:<low>:<middle>:<high>`, 30 bytes at most)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.service import GameDocument
from bot.tg.callback_data import MAX_ARG, MAX_STATE, Action, CallbackData, decode, encode
from bot.tg.render.names import game_label
from bot.tg.views import seats

_ARG = MAX_ARG + 1


def kick_data(game_id: int, player: int) -> str:
    """The callback_data of the button that removes `player` from game `game_id`."""
    high, low = divmod(player, MAX_STATE + 1)
    return encode(Action.KICK, game_id, low, high % _ARG, high // _ARG)


def kicked_player(data: CallbackData) -> int:
    """The user id a KICK button names."""
    middle, high = data.args
    return data.state + (middle + high * _ARG) * (MAX_STATE + 1)


def kick_keyboard(game_id: int, doc: GameDocument, players: Iterable[int], lang: str) -> InlineKeyboardMarkup:
    """A button for each of `players`, a row each, named as the game's screens name them in `lang`."""
    at_table = seats(doc)
    return InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(
                    game_label(at_table, player, lang), callback_data=kick_data(game_id, player)
                )
            ]
            for player in players
        ]
    )


def offered(markup: InlineKeyboardMarkup, game_id: int) -> dict[int, Sequence[InlineKeyboardButton]] | None:
    """The rows of a `kick_keyboard` of game `game_id` as Telegram shows it, by player; None when `markup` is
    no such keyboard (a press forged onto another message)."""
    rows: dict[int, Sequence[InlineKeyboardButton]] = {}
    for row in markup.inline_keyboard:  # a button a row
        data = decode(str(row[0].callback_data)) if len(row) == 1 else None
        if not isinstance(data, CallbackData) or (data.action, data.game_id) != (Action.KICK, game_id):
            return None
        rows[kicked_player(data)] = row
    return rows
