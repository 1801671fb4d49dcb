"""What a game already open or under way in a chat (or forum topic) says to one who would start another: the
answer to /new there, and the hint of a /stats with nothing to show, which would otherwise say "start one
here with /new" (and /new would refuse). An empty leaderboard says none of this: it stays in the chat once
the game has ended (bot.tg.board_views.leaderboard_render)."""

from __future__ import annotations

from bot.service import GameDocument, Place
from bot.service.document import read_document
from bot.service.errors import UnreadableGame
from bot.storage import GameRecord, GameStatus
from bot.storage.games import GameRepository

# What a game (or /notifyme's answer) says naming its chat, to a comment under a linked channel's post:
# "here" there is the comments, which show nothing of the group's chat ("You are already in the game." says
# no "here").
_IN_THE_CHAT = {
    "error-game-exists": "error-game-exists-in-chat",
    "error-game-exists-next": "error-game-exists-next-in-chat",
    "error-game-exists-next-awaited": "error-game-exists-next-awaited-in-chat",
    "error-lobby-open": "error-lobby-open-in-chat",
    "notify-subscribed": "notify-subscribed-in-chat",
    "notify-subscribed-after-match": "notify-subscribed-after-match-in-chat",
    "notify-subscribed-private-first": "notify-subscribed-private-first-in-chat",
    "notify-cancelled": "notify-cancelled-in-chat",
}


def game_here_key(record: GameRecord, doc: GameDocument, user_id: int) -> str:
    """A lobby waiting for players (the user's own, maybe), or a match under way (and for one not playing it,
    what gets them into the next)."""
    if record.status is not GameStatus.LOBBY:
        return "error-game-exists" if plays_in(record, doc, user_id) else "error-game-exists-next"
    return "refusal-already-joined" if plays_in(record, doc, user_id) else "error-lobby-open"


def plays_in(record: GameRecord, doc: GameDocument, user_id: int) -> bool:
    """Whether the user is in the lobby, or seated in the match under way."""
    if record.status is GameStatus.LOBBY:
        return user_id in doc.players
    return doc.engine is not None and user_id in doc.engine.players


def in_the_chat(key: str) -> str:
    """`game_here_key`'s `key` as a comment under a channel's post reads it, naming the chat ({ $chat })."""
    return _IN_THE_CHAT.get(key, key)


async def game_here_hint(games: GameRepository, where: Place, user_id: int) -> str | None:
    """The key of what the game at `where` says to `user_id` (`game_here_key`), if a game is there."""
    record = await games.find_active(where.chat_id, where.topic_id)
    if record is None:
        return None
    try:
        doc = read_document(record)
    except UnreadableGame:  # still a game here: /stop there ends it
        return "error-game-exists"
    return game_here_key(record, doc, user_id)
