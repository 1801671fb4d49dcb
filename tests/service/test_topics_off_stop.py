"""A match the bot stops as its forum's topics go off: the topic it played in takes no message any more."""

from __future__ import annotations

from dataclasses import replace

from bot.engine.events import RoundEnded
from bot.service import GameService, Place
from bot.service.document import StopReason
from bot.storage import Database
from tests.service.helpers import ALICE, BOB, GROUP


async def test_a_match_stopped_as_its_topics_went_off_owes_its_topic_no_results(
    service: GameService, database: Database
) -> None:
    """Its topic takes no message any more: a round's results it still owed (their refusal there told of the
    topics gone) are owed no more. Before: every restart sent them to that topic again, refused each time."""
    game_id = (await service.open_lobby(Place(GROUP.chat_id, 3), ALICE, "Friends")).game.id
    await service.join(game_id, BOB)
    started = await service.start(game_id, ALICE.user_id, is_admin=False)
    scores = dict.fromkeys(started.doc.players, 0)
    won = RoundEnded(1, ALICE.user_id, scores, scores, scores, False, ())
    async with database.unit_of_work() as uow:
        record = await uow.games.get(game_id)
        assert record is not None
        await uow.games.save(replace(record, state=replace(started.doc, unannounced=(won,)).to_dict()))
    stopped = await service.stop(game_id, None, True, StopReason.TOPICS_OFF)
    assert stopped.doc.unannounced == () and not stopped.doc.standings_unannounced
