"""Invariants read straight from the SQLite file (the bot may be dead or alive; readers never block it).

- Cards are conserved: hands, draw pile and discard pile hold every card of the deck exactly once.
- Versions are monotonic: a game's event log is numbered 1..n, its versions never go down and never pass the
  game's version, and between two looks a game's version never goes down and its log only grows.
- The action log replays to the stored state: `new_match` from the logged start, then every logged action.
- Presses (`check_presses`): every press that counted (accepted, or answered with what it cost:
  `Press.costly`) is in the log once, and every action a person made with a button in the log comes from a
  distinct press of theirs (none applied twice, none invented). A button pressed again (sent twice, tapped
  twice) counts once: its twin is answered without an alert.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Iterable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import select

from bot.engine import events as ev
from bot.engine.cards import COLOURS
from bot.engine.game import apply, new_match
from bot.engine.rules import Rules
from bot.engine.serialization import action_from_dict, state_from_dict, state_to_dict
from bot.engine.state import GameState
from bot.storage.engine import create_engine
from bot.storage.models import Game, GameEvent
from bot.tg.callback_data import Action, CallbackData
from tests.reliability.players import Press

# The engine action each move button asks for.
ACTION_OF_BUTTON = {
    Action.PLAY: "Play",
    Action.DRAW: "Draw",
    Action.PASS: "Pass",
    Action.UNO: "CallUno",
    Action.CATCH: "Catch",
    Action.CHALLENGE: "Challenge",
    Action.ACCEPT: "Accept",
    Action.COLOUR: "ChooseColour",
    Action.SWAP: "ChooseSwap",
    Action.SLAP: "Slap",
}

# Logged actions that come from a button (a Leave comes from /leave or a kick, a BreakSilence from chat).
BUTTON_KINDS = frozenset(f"action.{kind}" for kind in ACTION_OF_BUTTON.values())


@dataclass(frozen=True)
class LoggedEvent:
    seq: int
    version: int
    kind: str
    actor: int | None
    payload: dict[str, Any]


@dataclass(frozen=True)
class GameRow:
    id: int
    chat_id: int
    status: str
    version: int
    state: dict[str, Any]
    events: tuple[LoggedEvent, ...]


@dataclass
class Snapshot:
    """What the last look saw, so the next one can check that nothing went backwards."""

    versions: dict[int, int] = field(default_factory=dict)
    logs: dict[int, tuple[LoggedEvent, ...]] = field(default_factory=dict)
    checks: int = 0


def read_games(database: Path) -> list[GameRow]:
    with closing(sqlite3.connect(database, timeout=30)) as connection:
        games = connection.execute(
            "SELECT id, chat_id, status, version, state FROM games ORDER BY id"
        ).fetchall()
    return _game_rows([(*game[:4], json.loads(game[4])) for game in games], read_events(database))


async def read_games_at(url: str) -> list[GameRow]:
    """`read_games` from any database the bot runs on (a PostgreSQL one too), through SQLAlchemy."""
    engine = create_engine(url)
    try:
        async with engine.connect() as connection:
            games = await connection.execute(
                select(Game.id, Game.chat_id, Game.status, Game.version, Game.state).order_by(Game.id)
            )
            events = await connection.execute(
                select(
                    GameEvent.game_id,
                    GameEvent.seq,
                    GameEvent.version,
                    GameEvent.kind,
                    GameEvent.actor_id,
                    GameEvent.payload,
                ).order_by(GameEvent.game_id, GameEvent.seq)
            )
            return _game_rows([tuple(game) for game in games], _events_by_game(events))
    finally:
        await engine.dispose()


def _game_rows(games: Iterable[Sequence[Any]], events: dict[int, list[LoggedEvent]]) -> list[GameRow]:
    return [
        GameRow(game_id, chat_id, status, version, state, tuple(events.get(game_id, ())))
        for game_id, chat_id, status, version, state in games
    ]


def read_events(database: Path, game_id: int | None = None) -> dict[int, list[LoggedEvent]]:
    """The logged events of every game (or of one), by game, in order."""
    with closing(sqlite3.connect(database, timeout=30)) as connection:
        rows = connection.execute(
            "SELECT game_id, seq, version, kind, actor_id, payload FROM game_events "
            "WHERE ? IS NULL OR game_id = ? ORDER BY game_id, seq",
            (game_id, game_id),
        ).fetchall()
    return _events_by_game((*row[:5], json.loads(row[5])) for row in rows)


def deal_seeds(database: Path) -> set[int]:
    """The seeds the database's matches were dealt by."""
    starts = (e for events in read_events(database).values() for e in events if e.kind == "match.start")
    return {int(event.payload["seed"]) for event in starts}


def _events_by_game(rows: Iterable[Sequence[Any]]) -> dict[int, list[LoggedEvent]]:
    events: dict[int, list[LoggedEvent]] = {}
    for game, seq, version, kind, actor, payload in rows:
        events.setdefault(game, []).append(LoggedEvent(seq, version, kind, actor, payload))
    return events


def replay(events: Iterable[LoggedEvent]) -> GameState | None:
    """The engine state the log leads to (None when the match never started)."""
    return last_change(events)[0]


def last_change(
    events: Iterable[LoggedEvent],
) -> tuple[GameState | None, Sequence[ev.Event], GameState | None]:
    """The engine state the log leads to, the engine's events of its last logged step, and the state before
    that step (None: it started the match)."""
    state: GameState | None = None
    happened: Sequence[ev.Event] = ()
    before: GameState | None = None
    for event in events:
        if event.kind == "match.start":
            payload = event.payload
            rules = Rules.from_dict(payload["rules"])
            players = [int(p) for p in payload["players"]]
            state, happened = new_match(players, rules, payload["seed"], payload["now"])
            before = None
        elif event.kind.startswith("action."):
            assert state is not None, f"action {event.seq} logged before the match started"
            before = state
            state, happened = apply(state, action_from_dict(event.payload))
    return state, happened, before


def _plain(state: GameState) -> Any:
    return json.loads(json.dumps(state_to_dict(state)))


def check_game(game: GameRow) -> list[str]:
    """What is wrong with one game (empty: nothing)."""
    problems = []
    seqs = [event.seq for event in game.events]
    if seqs != list(range(1, len(seqs) + 1)):
        problems.append(f"game {game.id}: event numbers {seqs[:5]}... are not 1..n")
    versions = [event.version for event in game.events]
    if versions != sorted(versions) or (versions and versions[-1] > game.version):
        problems.append(f"game {game.id}: event versions {versions[-5:]} not monotonic up to {game.version}")
    engine = game.state.get("engine")
    if engine is None:
        return problems
    state = state_from_dict(engine)
    cards = [card for hand in state.hands.values() for card in hand] + state.draw_pile + state.discard
    if sorted(cards) != list(range(len(state.deck))):
        problems.append(f"game {game.id}: {len(cards)} cards held, deck has {len(state.deck)}")
    replayed = replay(game.events)
    if replayed is None or _plain(replayed) != engine:
        problems.append(
            f"game {game.id}: replaying its {len(game.events)} logged events differs from its state"
        )
    return problems


def check_database(database: Path, previous: Snapshot | None = None) -> Snapshot:
    """Check every game (AssertionError listing every problem); returns what the next look compares to."""
    return check_games(read_games(database), previous)


def check_games(games: list[GameRow], previous: Snapshot | None = None) -> Snapshot:
    """`check_database` on games read already (`read_games_at`)."""
    problems = []
    for game in games:
        problems += check_game(game)
        if previous is not None:
            if game.version < previous.versions.get(game.id, 0):
                problems.append(
                    f"game {game.id}: version went back from {previous.versions[game.id]} to {game.version}"
                )
            before = previous.logs.get(game.id, ())
            if game.events[: len(before)] != before:
                problems.append(f"game {game.id}: logged events were changed or removed")
    if problems:
        raise AssertionError("\n".join(problems))
    return Snapshot(
        {game.id: game.version for game in games},
        {game.id: game.events for game in games},
        (previous.checks if previous else 0) + 1,
    )


@dataclass(frozen=True)
class PressReport:
    """Presses of move buttons (lobby buttons are not engine actions)."""

    accepted: int  # answered without an alert: applied (a twin of a press counts with it, once)
    costly: dict[str, int]  # by button: answered with an alert that it cost the presser cards: applied
    refused: int  # answered with any other alert: nothing changed
    unanswered: int  # never answered (the bot was down, or the answer was lost)
    unanswered_applied: int  # of those, applied all the same (the bot died between commit and answer)
    logged: int  # actions of people in the log


def _matches(press: Press, event: LoggedEvent) -> bool:
    data = press.data
    if event.kind != f"action.{ACTION_OF_BUTTON.get(data.action)}" or event.actor != press.user_id:
        return False
    if data.action is Action.PLAY:
        return bool([event.payload["card"], *event.payload["extra"]] == list(data.args))
    if data.action is Action.COLOUR:
        return bool(COLOURS[data.args[0]].value == event.payload["colour"])
    return True


def _repeated(candidates: list[Press], position: int, event: LoggedEvent) -> int:
    """Unanswered presses followed by a counted one that did the same, made before the action was: the counted
    one was applied. (A press is made before its update goes out, on the clock the bot logs its actions'
    `now` by: one made after the action cannot be its press, but that of the same move on a later turn.)"""
    for later in range(position, len(candidates)):
        press = candidates[later]
        if press.counted:
            made_before = int(press.query.created_at * 1000) <= event.payload["now"]
            return later if made_before and _matches(press, event) else position
    return position


def _story(presses: list[Press], games: dict[int, GameRow], problem: str) -> str:
    """Presses and logged actions of the game a problem is about, side by side in time, to diagnose it."""
    game_id = int(problem.split()[1].rstrip(":"))
    lines = [
        f"{p.pressed_at:.3f} press {p.user_id} {p.data.action.name} s={p.data.state} {p.data.args} "
        f"answered={p.query.answered} alert={p.query.answer_text!r}"
        for p in presses
        if p.data.game_id == game_id
    ]
    game = games.get(game_id)
    events = [f"#{e.seq} v{e.version} {e.kind} {e.actor} {e.payload}" for e in (game.events if game else ())]
    return "presses:\n" + "\n".join(lines) + "\nlog:\n" + "\n".join(events)


def _without_twins(presses: list[Press]) -> list[Press]:
    """A person's presses without the twins of a button pressed before: a press that counts changes what the
    counter in its button names (the hand, or the table's window), so only one of them can count; the others
    are answered without an alert (bot.tg.twin_presses) or say why (an UNO! or a Slap! made already). But a
    false catch leaves the table's counter as it was, and an outdated Catch! still counts: one pressed again
    is a second false catch, answered with what it cost again (`Press.costly`), never a twin's answer."""
    seen: set[CallbackData] = set()
    kept = []
    for press in presses:
        if press.data not in seen or press.costly:
            seen.add(press.data)
            kept.append(press)
    return kept


def distinct_moves(presses: list[Press]) -> list[Press]:
    """The presses of move buttons, without each person's twins: a twin answered without a word while the
    press it repeats was handled is no second move (`_without_twins`)."""
    every_move = [p for p in presses if p.data.action in ACTION_OF_BUTTON]
    return [
        p
        for person in {p.user_id for p in every_move}
        for p in _without_twins([q for q in every_move if q.user_id == person])
    ]


def check_presses(database: Path, presses: list[Press], people: set[int]) -> PressReport:
    """Match each logged action of a person to a distinct press of theirs, in order (see the module doc)."""
    return check_presses_against(read_games(database), presses, people)


def check_presses_against(rows: list[GameRow], presses: list[Press], people: set[int]) -> PressReport:
    """`check_presses` on games read already."""
    games = {game.id: game for game in rows}
    problems = []
    unanswered_applied = logged = 0
    moves = [p for p in presses if p.data.action in ACTION_OF_BUTTON]
    for game_id in {p.data.game_id for p in moves}:
        game = games.get(game_id)
        events = game.events if game is not None else ()
        for person in people:
            # a refused press's twin is refused too (answered without a word when handled beside it)
            pressed = _without_twins([p for p in moves if p.data.game_id == game_id and p.user_id == person])
            candidates = [p for p in pressed if not p.refused]
            actions = [e for e in events if e.kind in BUTTON_KINDS and e.actor == person]
            logged += len(actions)
            position = 0
            for event in actions:
                while position < len(candidates) and not _matches(candidates[position], event):
                    if candidates[position].counted:
                        problems.append(
                            f"game {game_id}: counted press {candidates[position].data} is not logged"
                        )
                    position += 1
                if position == len(candidates):
                    problems.append(
                        f"game {game_id}: logged {event.kind} #{event.seq} of {person} has no press"
                    )
                    break
                position = _repeated(candidates, position, event)
                unanswered_applied += not candidates[position].query.answered
                position += 1
            problems += [
                f"game {game_id}: counted press {p.data} of {person} is not logged"
                for p in candidates[position:]
                if p.counted
            ]
    if problems:
        raise AssertionError("\n".join(problems[:20]) + "\n" + _story(presses, games, problems[0]))
    return PressReport(
        accepted=sum(p.accepted for p in distinct_moves(presses)),
        costly=dict(Counter(p.data.action.name for p in moves if p.costly)),
        refused=sum(p.refused for p in moves),
        unanswered=sum(not p.query.answered for p in moves),
        unanswered_applied=unanswered_applied,
        logged=logged,
    )
