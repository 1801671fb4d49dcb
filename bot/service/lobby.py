"""Lobby rules on the document: who may join, leave, add a computer player, start."""

from __future__ import annotations

from dataclasses import replace

from bot.engine.rules import Rules
from bot.service.document import GameDocument
from bot.service.errors import Refusal
from bot.storage import GameRecord, GameStatus

MAX_PLAYERS = 10
MIN_PLAYERS = 2
LOBBY_IDLE_MINUTES = 10  # the lobby says it, and so does the message that closes it
LOBBY_IDLE_MS = LOBBY_IDLE_MINUTES * 60 * 1000
COMPUTER_IDS = tuple(range(-1, -MAX_PLAYERS - 1, -1))  # computer players are users with negative ids


def new_lobby(
    creator: int, name: str, chat_title: str, rules: Rules, preset: str | None, now: int
) -> GameDocument:
    return GameDocument(
        creator=creator,
        chat_title=chat_title,
        rules=rules,
        preset=preset,
        players=(creator,),
        names={creator: name},
        touched_ms=now,
        opened_ms=now,
    )


def joined(doc: GameDocument, user_id: int, name: str, now: int) -> GameDocument:
    if user_id in doc.players:
        raise Refusal("already_joined")
    check_room(doc)
    return replace(doc, players=(*doc.players, user_id), touched_ms=now).took_name(user_id, name)


def person_joined(doc: GameDocument, user_id: int, name: str, now: int) -> tuple[GameDocument, int | None]:
    """A person takes a free seat, or the seat of `making_room(doc)`; the document, and that computer. They
    sit after the people seated and before the computers, whenever these were added: computers make up
    numbers (Play again seats the last match's at once, before anyone joins)."""
    if user_id in doc.players:
        raise Refusal("already_joined")
    computer = making_room(doc)
    if computer is not None:
        doc = without(doc, computer, now)
    new = joined(doc, user_id, name, now)
    return replace(new, players=tuple(sorted(new.players, key=lambda p: p in new.computers))), computer


def making_room(doc: GameDocument) -> int | None:
    """The computer player who leaves a full lobby for a person who joins it, the last one seated: computers
    make up numbers, and a friend who wants to play must not find every seat taken by them."""
    if len(doc.players) < MAX_PLAYERS:
        return None
    return next((p for p in reversed(doc.players) if p in doc.computers), None)


def without(doc: GameDocument, user_id: int, now: int) -> GameDocument:
    if user_id not in doc.players:
        raise Refusal("not_a_player")
    players = tuple(p for p in doc.players if p != user_id)
    computers = doc.computers - {user_id}
    left = replace(doc, players=players, computers=computers, touched_ms=now)
    if user_id != doc.creator:
        return left
    # The next person in join order runs the lobby now (the lobby says so); with nobody left it closes.
    creator = next((p for p in players if p not in computers), None)
    if creator is None:
        return left
    return replace(left, creator=creator, handovers={**doc.handovers, user_id: creator})


def handed_over(doc: GameDocument) -> bool:
    """Whoever runs the lobby got it from someone who left it, rather than opening it."""
    return doc.creator in doc.handovers.values()


def check_joinable(record: GameRecord, doc: GameDocument, user_id: int) -> None:
    """What joining would refuse, checked before sending someone on a detour through the private chat: a
    game that started or ended, a seat they have already (in the lobby or the match), no room."""
    if record.status is GameStatus.RUNNING and doc.engine is not None and user_id in doc.engine.players:
        raise Refusal("already_joined")  # not "the game has already started": are they still in it?
    if record.status is GameStatus.RUNNING:
        raise Refusal("too_late_to_join")  # said with what gets them into the next game
    check_in_lobby(record)
    if user_id in doc.players:
        raise Refusal("already_joined")
    if making_room(doc) is None:
        check_room(doc)


def check_in_lobby(record: GameRecord) -> None:
    """The game is still a lobby: not started ("game_running") nor over ("no_game")."""
    if record.status is not GameStatus.LOBBY:
        raise Refusal("game_running" if record.status is GameStatus.RUNNING else "no_game")


def check_room(doc: GameDocument) -> None:
    if len(doc.players) >= MAX_PLAYERS:
        raise Refusal("lobby_full")


def next_computer(doc: GameDocument) -> int:
    check_room(doc)
    return next(cid for cid in COMPUTER_IDS if cid not in doc.players)


def computer_name(computer_id: int) -> str:
    """The name kept for a computer player; the screens name it by its number, in the reader's language."""
    return f"Computer {-computer_id}"


def with_computer(doc: GameDocument, computer_id: int, name: str, now: int) -> GameDocument:
    added = joined(doc, computer_id, name, now)
    return replace(added, computers=doc.computers | {computer_id})


def has_people(doc: GameDocument) -> bool:
    return any(p not in doc.computers for p in doc.players)


def with_creator_seated(doc: GameDocument) -> GameDocument:
    """A running match whose creator left or was removed: the next person still playing, in join order, runs
    it now (stops it, removes players), as in the lobby; the one who left has no say in it any more. The
    handover is kept for the group's narration of their leaving. A match that ended has nobody to run it."""
    seated = doc.state.players
    if doc.creator in seated or doc.state.match_over:
        return doc
    creator = next((p for p in doc.players if p in seated and p not in doc.computers), None)
    if creator is None:  # only computers are left: the match is stopped (stop_rules.stop_reason)
        return doc
    return replace(doc, creator=creator, handovers={**doc.handovers, doc.creator: creator})


def check_manager(doc: GameDocument, user_id: int, is_admin: bool) -> None:
    """Starting, stopping and kicking: the creator or a chat admin."""
    if user_id != doc.creator and not is_admin:
        raise not_manager(doc)


def not_manager(doc: GameDocument) -> Refusal:
    """One who neither runs the game nor is a chat admin: the refusal names who runs it."""
    return Refusal("not_manager", {"name": doc.creator})


def check_startable(doc: GameDocument) -> None:
    if len(doc.players) < MIN_PLAYERS:
        raise Refusal("need_two_players")


def idle_began(doc: GameDocument) -> int:
    """When the lobby's idle minutes began: its last activity, or later for an outage (`idle_since`)."""
    return max(doc.touched_ms, doc.idle_since)


def idle_deadline(doc: GameDocument) -> int:
    return idle_began(doc) + LOBBY_IDLE_MS
