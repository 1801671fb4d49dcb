"""Onlookers who ask for the boards while the load run's games play: `/top global` (every result is read)
and `/stats`, each in their own private chat with the bot, where an answer waits for no group's pace.

The database holds a history of past matches first (bench/leaderboard.py's), so that the boards read
something. Each onlooker asks at most once in MIN_GAP seconds, under the bot's flood limit for commands.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass

from sqlalchemy import text

from bench.leaderboard import fill
from bot.storage import Database
from tests.fake_bot_api import ApiCall, FakeTelegram, User

COMMANDS = ("/top global", "/stats")
HISTORY = 10_000  # past matches, as bench/leaderboard.py stores them
MIN_GAP = 21.0  # seconds between two questions of one onlooker: the bot answers one in 20 s after a burst


async def add_history(url: str) -> None:
    """Past matches for the boards to read. Their games take ids 1..HISTORY; PostgreSQL's sequence is
    moved past them, so that the bot's new games do not collide with them."""
    database = Database.connect(url)
    try:
        await fill(database, HISTORY, seed=1)
        if database.engine.dialect.name == "postgresql":
            async with database.unit_of_work() as uow:
                await uow.session.execute(
                    text("SELECT setval(pg_get_serial_sequence('games', 'id'), :last)"), {"last": HISTORY}
                )
    finally:
        await database.dispose()


def add_onlookers(fake: FakeTelegram, rate: float) -> list[User]:
    """As many people as asking `rate` questions a second needs; each has started the bot."""
    onlookers = [fake.add_user(f"O{i}", started_bot=True) for i in range(max(1, int(rate * MIN_GAP) + 1))]
    for user in onlookers:
        fake.private_chat(user)
    return onlookers


@dataclass(frozen=True)
class Asked:
    chat_id: int
    message_id: int
    command: str


async def ask(fake: FakeTelegram, onlookers: list[User], rate: float, asked: list[Asked], seed: int) -> None:
    """Ask `rate` questions a second, from the onlookers in turn, until cancelled."""
    rng = random.Random(seed)
    turn = 0
    while True:
        user = onlookers[turn % len(onlookers)]
        command = COMMANDS[turn % len(COMMANDS)]
        message = fake.user_sends(user, fake.private_chat(user), command)
        asked.append(Asked(user.id, message.message_id, command))
        turn += 1
        await asyncio.sleep(rng.expovariate(rate))


@dataclass(frozen=True)
class BoardAnswers:
    latencies: dict[str, list[float]]  # by command: from the question reaching the bot to its answer arriving
    unanswered: int


def board_answers(calls: list[ApiCall], asked: list[Asked]) -> BoardAnswers:
    """Each question's answer: the first message the bot sent the onlooker after the question reached it."""
    delivered: dict[tuple[int, int], float] = {}
    sent: dict[int, list[float]] = {}
    for call in calls:
        if call.method == "getUpdates" and call.ok:
            for update in call.response.get("result", []):
                message = update.get("message")
                if message is not None:
                    delivered.setdefault((message["chat"]["id"], message["message_id"]), call.time)
        elif call.method == "sendMessage" and call.ok:
            sent.setdefault(int(call.params["chat_id"]), []).append(call.received)
    latencies: dict[str, list[float]] = {command: [] for command in COMMANDS}
    unanswered = 0
    for question in asked:
        reached = delivered.get((question.chat_id, question.message_id))
        answer = next(
            (t for t in sent.get(question.chat_id, ()) if reached is not None and t >= reached), None
        )
        if reached is None or answer is None:
            unanswered += 1
        else:
            latencies[question.command].append(answer - reached)
    return BoardAnswers(latencies, unanswered)
