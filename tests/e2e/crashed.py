"""A bot gone as a crash leaves it: the harness stops it, which writes down what the players' hands show
(bot.tg.shown_at_stop); a crash writes nothing, and the next start redraws every hand."""

from __future__ import annotations

from bot.storage import Database
from tests.e2e.harness import World


async def as_after_a_crash(world: World) -> None:
    """Nothing written down of what the hands showed: the stopped bot's record of it dropped."""
    database = Database.connect(world.database_url)
    try:
        async with database.unit_of_work() as uow:
            await uow.shown_at_stop.take()
    finally:
        await database.dispose()
