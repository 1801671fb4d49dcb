"""Results rows for a finished round or match, from the round/match events and the document's counters."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import replace
from datetime import UTC, datetime

from bot.engine.events import MatchEnded, RoundEnded
from bot.engine.rules import Scoring
from bot.service.document import Departure, GameDocument
from bot.service.kicking import voided_by_kick
from bot.service.stats import PlayerStats
from bot.storage import UnitOfWork
from bot.storage.results import PlayerResult

MatchRows = list[tuple[PlayerResult, int, int]]  # each player's result, rounds played, rounds won


def at(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, UTC)


def competition_places(order: list[int], key: Callable[[int], object]) -> dict[int, int]:
    """Competition ranking over `order` (sorted by `key`): players with equal keys share a place (1, 1, 3)."""
    places: dict[int, int] = {}
    for index, player in enumerate(order):
        tied = index > 0 and key(order[index - 1]) == key(player)
        places[player] = places[order[index - 1]] if tied else index + 1
    return places


def _board_points(doc: GameDocument, points: int) -> int:
    """The points a results row keeps for the boards, which add them up as "more is better".

    Own-hand totals are penalties (the lowest total wins), so those rows keep 0: placement and rating already
    rank such a match, and the round rows' `hand_points` keep what each hand cost.
    """
    return 0 if doc.rules.scoring is Scoring.OWN_HAND else points


def _result(
    doc: GameDocument,
    player: int,
    stats: PlayerStats,
    placement: int,
    points: int,
    started_ms: int,
    now: int,
    stopped: bool = False,
) -> PlayerResult:
    return PlayerResult(
        user_id=player,
        is_bot=player in doc.computers,
        placement=placement,
        points=_board_points(doc, points),
        cards_played=stats.cards_played,
        cards_drawn=stats.cards_drawn,
        uno_calls=stats.uno_calls,
        catches_made=stats.catches_made,
        catches_suffered=stats.catches_suffered,
        challenges_won=stats.challenges_won,
        challenges_lost=stats.challenges_lost,
        timeouts=stats.timeouts,
        duration_seconds=max(0, now - started_ms) // 1000,
        preset=doc.preset,
        stopped_early=stopped,
        finished_at=at(now),
    )


def round_rows(doc: GameDocument, event: RoundEnded, now: int) -> list[tuple[PlayerResult, int]]:
    """One row per player still seated: the winner first, then by points left in hand."""

    def rank(p: int) -> tuple[bool, int]:
        return (p != event.winner, event.hand_points[p])

    order = sorted(event.hand_points, key=rank)
    places = competition_places(order, rank)
    return [
        (
            _result(
                doc,
                player,
                doc.round_stats.get(player, PlayerStats()),
                places[player],
                event.scored.get(player, 0),
                doc.round_started_ms,
                now,
            ),
            event.hand_points[player],
        )
        for player in order
    ]


def match_rows(
    doc: GameDocument,
    totals: dict[int, int],
    winners: tuple[int, ...],
    low_wins: bool,
    now: int,
    stopped: bool,
    hands: Mapping[int, int] | None = None,
) -> MatchRows:
    """Every player of the match: winners first, then by total (lowest first when low totals win), then by
    the points left in `hands` (the deciding round's, where a single round decides: no totals rank those);
    players who left come last. A kicked player has no row: a creator's kick is neither a loss of theirs
    nor a win over them (else kicking would farm wins and rating). A player who left forfeited as they went:
    a stop after that (`stopped`) voids the others' match, not their loss (else leaving a match one was
    losing to computers, which the bot then stops, would dodge it). One removed for missed turns is not
    held to it: when the bot stops a match because nobody plays any more, who was removed first is chance."""

    left_in_hand = hands or {}

    def rank(p: int) -> tuple[bool, bool, int, int]:
        if p not in totals:
            return (True, True, 0, 0)
        return (False, p not in winners, totals[p] if low_wins else -totals[p], left_in_hand.get(p, 0))

    order = sorted((p for p in doc.players if p not in doc.kicked), key=rank)
    places = competition_places(order, rank)
    kept = losses_kept(doc)
    rounds_played = doc.state.round_no if doc.engine is not None else 0
    return [
        (
            _result(
                doc,
                player,
                doc.match_stats.get(player, PlayerStats()),
                places[player],
                totals.get(player, 0),
                doc.started_ms,
                now,
                stopped and player not in kept,
            ),
            rounds_played,
            doc.rounds_won.get(player, 0),
        )
        for player in order
    ]


def losses_kept(doc: GameDocument) -> tuple[int, ...]:
    """The players who left the match themselves, in seat order: their loss stands however it ends, stopped
    or won by one who removed a player still playing (`match_rows`). Not a kicked player (no result of
    theirs), nor one removed for missed turns. In a paused match, one whose leaving is noted too
    (`departing`): they leave before it can end."""
    return tuple(
        player
        for player in doc.players
        if (doc.departures.get(player) is Departure.LEFT and player not in doc.kicked)
        or doc.departing.get(player) == player
    )


def seated_ending(doc: GameDocument, event: MatchEnded) -> MatchEnded:
    """The match's end among those still seated. The engine's totals still hold those who left or were
    removed; such a player forfeits (last place, no points), so the standings leave them out."""
    seated = set(doc.state.players)
    return replace(
        event, totals={player: total for player, total in event.totals.items() if player in seated}
    )


def match_ended_rows(
    doc: GameDocument, event: MatchEnded, now: int, last_round: RoundEnded | None = None
) -> MatchRows:
    """The rows of a match that ended: the seated by their totals, then those who forfeited (a kicked
    player has no row: `match_rows`); recorded as stopped when its winner removed a player still playing
    (`voided_by_kick`). A single round scores nothing: its losers rank by the points left in their hands at
    its end (`last_round`), as the round's own rows do, not all second."""
    low_wins = doc.rules.scoring is Scoring.OWN_HAND
    single = doc.rules.scoring is Scoring.SINGLE_ROUND
    hands = last_round.hand_points if single and last_round is not None else None
    totals = seated_ending(doc, event).totals
    voided = voided_by_kick(doc, event.winners)
    return match_rows(doc, totals, event.winners, low_wins, now, stopped=voided, hands=hands)


def match_people(doc: GameDocument, rows: MatchRows, played: Collection[int]) -> dict[int, int]:
    """How many people each person's result counts as played with, themselves included (the boards count
    it from two): those who `played` a full round (were seated at a round's end). Someone who joins and
    leaves at once makes no match of two, nor does a walkover before any round ended. But a person who left
    (or was removed for missed turns) before playing a full round counts everyone the match had: leaving
    never turns a loss into practice."""
    everyone = [result.user_id for result, _, _ in rows if not result.is_bot]
    played_round = len(set(played))
    return {
        person: len(everyone) if person in doc.departures and person not in played else played_round
        for person in everyone
    }


async def add_match_rows(
    uow: UnitOfWork, game_id: int, chat_id: int, doc: GameDocument, rows: MatchRows
) -> None:
    """Store the match's rows, each with the people it counts (`match_people`); its round rows must be
    stored already."""
    played = await uow.results.round_people(game_id)
    await uow.results.add_match(game_id, chat_id, rows, match_people(doc, rows, played))
