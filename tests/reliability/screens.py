"""The final screens: after a match, the group's table and every hand show the final state, buttons gone.

What the bot should show is rendered with the bot's own renderer from the stored game, in the languages the
bot reads for the group and each player (`bot.tg.audiences`), then compared with what the fake Telegram holds
(text after HTML parsing, and the keyboard).
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC
from pathlib import Path
from typing import Any

from bot.engine.state import Pending
from bot.service import GameDocument
from bot.service.settings import chat_language
from bot.storage import Database, GameRecord, UnitOfWork
from bot.tg import render
from bot.tg.audiences import reading
from bot.tg.callback_data import CallbackData, decode
from bot.tg.hand_news import news_for
from bot.tg.pacing import Render
from bot.tg.private_hands import hand_holders
from bot.tg.views import hand_view, table_view
from tests.fake_bot_api import FakeTelegram, Message
from tests.fake_bot_api.html_text import parse_html, strip_text
from tests.reliability.invariants import last_change, read_events
from tests.reliability.process import DEFAULT_LANGUAGE, database_url

SCREENS_WAIT = 90.0  # the group's pacing window is 60 s; a 429 may add its retry_after
BLOCKED = 403


@dataclass(frozen=True)
class Reading:
    """How a screen is read: a group's table in its language; a hand in its player's, with or without
    colour letters (/colours)."""

    language: str
    letters: bool = False


# By chat id (a group: its table) or user id (their hand): each way the bot may have drawn the screen.
Readings = Mapping[int, Collection[Reading]]


@dataclass
class FinalScreens:
    """One ended game's screens against what they should show."""

    problems: list[str] = field(default_factory=list)
    checked: int = 0  # screens compared: the table and the hands
    excused: Counter[str] = field(default_factory=Counter)  # hands that differ where the bot can't help it


async def readings_now(uow: UnitOfWork, chats: Iterable[int], people: Iterable[int]) -> dict[int, Reading]:
    """How the bot reads each chat and person now: the chat's /lang, else DEFAULT_LANGUAGE; a person's
    /lang, else Telegram's language_code, and their colour letters."""
    found = {chat: Reading(await chat_language(uow, chat, DEFAULT_LANGUAGE)) for chat in chats}
    for person in people:
        found[person] = Reading(*await reading(uow, person, DEFAULT_LANGUAGE))
    return found


async def final_screens(
    fake: FakeTelegram,
    database: Path,
    game_id: int,
    readings_then: Callable[[GameRecord], Readings] | None = None,
) -> FinalScreens:
    """What differs between an ended game's final state and the screens people see. `readings_then`: how
    the group and the players may have read the game when it ended (None: as they read now)."""
    db = Database.connect(database_url(database))
    try:
        async with db.unit_of_work() as uow:
            record = await uow.games.get(game_id)
            assert record is not None
            doc = GameDocument.from_dict(record.state)
            stored_hands = {p.user_id: p.hand_message_id for p in await uow.games.players(game_id)}
            if readings_then is None:
                now = await readings_now(uow, [record.chat_id], hand_holders(doc))
                readings: Readings = {reader: (how,) for reader, how in now.items()}
            else:
                readings = readings_then(record)
    finally:
        await db.dispose()
    found = FinalScreens()
    if record.active:  # its screens are not final yet
        found.problems.append(f"game {record.id} is {record.status}")
        return found
    if record.table_message_id is None:
        found.problems.append(f"game {record.id} has no table message")
        return found
    now_ms = int(time.time() * 1000)
    username = fake.bot.username or ""
    # The final change's news (say, cards the engine played for a player whose time ran out) stays on the
    # hands, whose cards it left as they are (`ShownHands.news`); kept in memory only, a restart's redraw
    # drops it.
    _, happened, before = last_change(read_events(database, game_id).get(game_id, []))
    turn_before = None if before is None else before.turn
    penalty_before = before is not None and before.pending is Pending.PENALTY
    view = table_view(record, doc, now_ms, username, record.table_message_id)
    on_table = fake.messages.get((record.chat_id, record.table_message_id))
    wanted = [_expected(render.table(view, how.language)) for how in readings[record.chat_id]]
    found.checked += 1
    if _shown(on_table) not in wanted:
        found.problems.append(f"game {record.id}: the table shows {_shown(on_table)!r}, not {wanted!r}")
    for player in hand_holders(doc):
        hand = _newest_hand(fake, player, record.id, stored_hands.get(player))
        # page None, no selection: an ended game's hands are drawn with what is kept of it forgotten
        # (`Publisher._audience`), but for the final change's news.
        told = {(), news_for(happened, doc.state, player, turn_before, penalty_before)}
        views = [
            (hand_view(record, doc, player, None, now_ms, (), news, how.letters), how)
            for how in readings[player]
            for news in told
        ]
        wanted = [_expected(render.hand(view, how.language)) for view, how in views]
        found.checked += 1
        if _shown(hand) in wanted:
            continue
        why = _excuse(fake, record, doc, player, hand)
        if why is not None:
            found.excused[why] += 1
        else:
            found.problems.append(
                f"game {record.id}: {doc.names.get(player, player)} sees {_shown(hand)!r}, not {wanted!r}"
            )
    return found


async def settled(check: Callable[[], Awaitable[list[str]]], within: float = SCREENS_WAIT) -> list[str]:
    """Wait until `check` finds nothing wrong; what it still finds after `within` seconds. The last screens
    land a while after the last move: the group's writes are paced to 20 a minute."""
    deadline = time.monotonic() + within
    while True:
        problems = await check()
        if not problems or time.monotonic() > deadline:
            return problems
        await asyncio.sleep(0.5)


def _excuse(
    fake: FakeTelegram, record: GameRecord, doc: GameDocument, player: int, hand: Message | None
) -> str | None:
    """Why a hand that differs could not be brought to the final state, if it could not: the bot does not
    write to a player the game knows it cannot reach (`PrivateHands.edit`), Telegram refuses every write while
    the bot is blocked, and an ended game's hand is redrawn when its player comes back only within 10
    minutes of the end and only if the bot had learnt they were unreachable (`GameService.player_reachable`):
    one whose Start overtook the refusal of their hand's last edit keeps the hand they had. And a player out
    of the match before any hand reached them (dealt in while the bot could not write to them) gets none."""
    if hand is None and player not in doc.state.players:
        return "out before any hand reached them"
    if player in doc.unreachable:
        return "unreachable when the game ended"
    chat = fake.find_chat(player)
    if chat is not None and chat.private_user is not None and chat.private_user.blocked_bot:
        return "has the bot blocked now"
    ended = ended_at(record)
    if any(
        call.status == BLOCKED and str(call.params.get("chat_id")) == str(player) and call.received >= ended
        for call in fake.calls
    ):
        return "blocked the bot after the game ended (a write refused)"
    return None


def ended_at(record: GameRecord) -> float:
    """When the game ended (seconds since the epoch, the fake Telegram's clock)."""
    at = record.finished_at
    assert at is not None, f"game {record.id} has not ended"
    return (at if at.tzinfo is not None else at.replace(tzinfo=UTC)).timestamp()


def _shown(message: Message | None) -> tuple[str | None, Any]:
    return (None, None) if message is None else (message.text, message.reply_markup)


def _expected(shown: Render) -> tuple[str | None, Any]:
    text, _ = strip_text(*parse_html(shown.text))
    markup = shown.reply_markup.to_dict() if shown.reply_markup is not None else None
    return text, markup if markup and markup.get("inline_keyboard") else None


def _newest_hand(fake: FakeTelegram, user_id: int, game_id: int, stored: int | None) -> Message | None:
    """The newest of the game's hand messages still in the private chat: those the bot sent with the game's
    buttons (after the match they have none), and the one the game stores (a hand first sent after the match
    ended has no buttons)."""
    ids = {stored} if stored is not None else set()
    for call in fake.calls_to("sendMessage"):
        if call.status != 200 or str(call.params.get("chat_id")) != str(user_id):
            continue
        sent = call.response.get("result") or {}
        if game_id in _button_games(sent.get("reply_markup")):
            ids.add(sent["message_id"])
    shown = [fake.messages[key] for key in ((user_id, i) for i in sorted(ids)) if key in fake.messages]
    return shown[-1] if shown else None


def _button_games(markup: dict[str, Any] | None) -> set[int]:
    rows = (markup or {}).get("inline_keyboard", [])
    decoded = (decode(button.get("callback_data", "")) for row in rows for button in row)
    return {data.game_id for data in decoded if isinstance(data, CallbackData)}
