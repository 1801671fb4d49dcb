"""Finished matches stored the way the gameplay flow stores them: a game row, a round's and the match's result
row per player (through the same repository, which also adds to the players' all-time totals)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.leaderboards import record_match
from bot.storage.models import Chat, Game, GameStatus, User
from bot.storage.results import PlayerResult, ResultRepository

NOW = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Seat:
    user_id: int
    placement: int
    points: int = 0
    is_bot: bool = False
    rounds_won: int = 0
    uno_calls: int = 0
    catches_made: int = 0
    catches_suffered: int = 0
    challenges_won: int = 0
    challenges_lost: int = 0
    played_round: bool = True  # seated at the end of the match's one round (not gone before it ended)


@dataclass
class MatchWriter:
    """Writes matches into one session; users and chats are created on first sight."""

    session: AsyncSession
    names: dict[int, str] = field(default_factory=dict)

    async def match(
        self,
        chat_id: int,
        seats: list[Seat],
        *,
        finished_at: datetime = NOW,
        stopped_early: bool = False,
        rate: bool = True,
        people: dict[int, int] | None = None,
    ) -> int:
        """`people`: how many people a person's result counts as played with (ResultRepository.add_match)."""
        if await self.session.get(Chat, chat_id) is None:
            self.session.add(Chat(id=chat_id, title=f"chat {chat_id}", settings={}))
        for seat in seats:
            if await self.session.get(User, seat.user_id) is None:
                name = self.names.get(seat.user_id, f"Player {seat.user_id}")
                self.session.add(User(id=seat.user_id, name=name, is_bot=seat.is_bot))
        status = GameStatus.STOPPED if stopped_early else GameStatus.FINISHED
        game = Game(chat_id=chat_id, status=status.value, state={}, finished_at=finished_at)
        self.session.add(game)
        await self.session.flush()
        results = [
            PlayerResult(
                user_id=seat.user_id,
                is_bot=seat.is_bot,
                placement=seat.placement,
                points=seat.points,
                cards_played=0,
                cards_drawn=0,
                uno_calls=seat.uno_calls,
                catches_made=seat.catches_made,
                catches_suffered=seat.catches_suffered,
                challenges_won=seat.challenges_won,
                challenges_lost=seat.challenges_lost,
                timeouts=0,
                duration_seconds=0,
                preset=None,
                stopped_early=stopped_early,
                finished_at=finished_at,
            )
            for seat in seats
        ]
        repository = ResultRepository(self.session)
        played = [(result, 0) for result, seat in zip(results, seats, strict=True) if seat.played_round]
        await repository.add_round(game.id, chat_id, 1, played)
        rows = [(result, 1, seat.rounds_won) for result, seat in zip(results, seats, strict=True)]
        await repository.add_match(game.id, chat_id, rows, people)
        if rate:
            await record_match(self.session, game.id)
        return game.id


def ranked(*user_ids: int, points: int = 0) -> list[Seat]:
    """Seats finishing in the given order; the winner scores `points`."""
    return [Seat(user_id, place, points if place == 1 else 0) for place, user_id in enumerate(user_ids, 1)]
