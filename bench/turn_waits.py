"""Two waits a player feels under load, read from the fake Telegram's call log.

- The mover's hand: from a move's press reaching the bot (its getUpdates answer) to the next edit that
  lands in the mover's private chat (their hand showing the move).
- The turn notice: from a move's press reaching the bot to the new hand message that lands in the private
  chat of a tablemate (the next player's "your turn", which notifies them; the game waits for it).

Only presses on a hand (in the presser's private chat) that the bot accepted (answered without an alert)
count as moves. Once Telegram's 30 writes a second bot-wide bind, these are what grows; the press's answer
is not paced and stays quick.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from tests.fake_bot_api import ApiCall


@dataclass
class TurnWaits:
    mover_hand: list[float]  # seconds
    turn_notice: list[float]


@dataclass(frozen=True)
class _Move:
    at: float  # when the press reached the bot
    user_id: int


def turn_waits(calls: list[ApiCall], tables: Iterable[Iterable[int]]) -> TurnWaits:
    """`tables`: the user ids of each table's people."""
    mates = {user: set(people) - {user} for people in map(set, tables) for user in people}
    moved: dict[int, list[float]] = defaultdict(list)  # user -> when their moves reached the bot, in order
    for move in _accepted_moves(calls):
        moved[move.user_id].append(move.at)
    edited: dict[int, list[float]] = defaultdict(list)  # private chat -> when its edits landed, in order
    for call in calls:
        if call.ok and call.method == "editMessageText" and int(call.params.get("chat_id", 0)) > 0:
            edited[int(call.params["chat_id"])].append(call.time)
    mover_hand = [
        landed[following] - at
        for user, moments in moved.items()
        for at in moments
        if (following := bisect_right(landed := edited.get(user, []), at)) < len(landed)
    ]
    turn_notice = []
    for call in calls:
        chat = int(call.params.get("chat_id", 0))
        if call.ok and call.method == "sendMessage" and chat > 0 and "reply_markup" in call.params:
            causes = [_last_before(moved[mate], call.time) for mate in mates.get(chat, ())]
            cause = max((at for at in causes if at is not None), default=None)
            if cause is not None:
                turn_notice.append(call.time - cause)
    return TurnWaits(mover_hand, turn_notice)


def _last_before(moments: list[float], time: float) -> float | None:
    index = bisect_right(moments, time)
    return moments[index - 1] if index else None


def _accepted_moves(calls: list[ApiCall]) -> list[_Move]:
    """Presses on the presser's own hand whose first answer had no alert, in the order they came."""
    pressed: dict[str, _Move] = {}
    answered: dict[str, bool] = {}  # query id -> accepted
    for call in calls:
        if call.method == "getUpdates" and call.ok:
            for update in call.response.get("result", []):
                query = update.get("callback_query")
                if (
                    query is not None
                    and query.get("message", {}).get("chat", {}).get("id") == query["from"]["id"]
                ):
                    pressed.setdefault(query["id"], _Move(call.time, query["from"]["id"]))
        elif call.method == "answerCallbackQuery":
            alert = str(call.params.get("show_alert", "false")).lower() == "true"  # form fields are text
            answered.setdefault(str(call.params.get("callback_query_id")), not alert)
    return sorted((move for query, move in pressed.items() if answered.get(query)), key=lambda move: move.at)
