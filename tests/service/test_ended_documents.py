"""An ended game's document once its log goes (GAME_LOG_DAYS): only what is still read of it is kept (who
played, their names, the computers Play again seats again, the scores, whether its results were posted); its
piles, hands, recent moves and figures go. It stays readable by every code path. /forgetme leaves a stand-in
for the person in it."""

from __future__ import annotations

import json
import re
from dataclasses import replace

from bot.engine.events import MatchEnded
from bot.engine.rules import Rules
from bot.service import GameService, Place
from bot.service.document import GameDocument, read_document
from bot.service.ended_games import STAND_IN, compacted
from bot.service.leaderboards import forget
from bot.service.old_logs import DAY_MS, drop_old_game_logs
from bot.storage import Database, GameRecord, GameStatus
from tests.service.conftest import ManualClock
from tests.service.helpers import ALICE, BOB, CAROL, GROUP, step


async def _played(
    service: GameService, database: Database, clock: ManualClock, topic: int
) -> tuple[int, GameDocument]:
    """Alice, Bob and a computer play a match of one round to its end in a topic of their own."""
    async with database.unit_of_work() as uow:
        chat = await uow.chats.ensure(GROUP.chat_id, "Friends")
        chat.settings = {"rules": {"scoring": "single_round"}}
    game_id = (await service.open_lobby(Place(GROUP.chat_id, topic), ALICE, "Friends")).game.id
    await service.join(game_id, BOB)
    await service.add_computer(game_id, ALICE.user_id)
    doc = (await service.start(game_id, ALICE.user_id, is_admin=False)).doc
    for _ in range(20_000):
        clock.advance(1500)
        outcome = await step(service, clock, game_id, doc)
        doc = outcome.doc
        if outcome.game.status is GameStatus.FINISHED:
            return game_id, doc
    raise AssertionError("the match did not end")


async def _stored(database: Database, game_id: int) -> dict[str, object]:
    async with database.unit_of_work() as uow:
        record = await uow.games.get(game_id)
    assert record is not None
    return record.state


async def test_an_ended_games_document_keeps_only_what_is_read_once_its_log_goes(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    game_id, ended = await _played(service, database, clock, topic=1)
    running_id = (await service.open_lobby(Place(GROUP.chat_id, 2), CAROL, "Friends")).game.id
    whole = await _stored(database, game_id)
    running = await _stored(database, running_id)

    clock.advance(31 * DAY_MS)
    assert (await drop_old_game_logs(database, clock, days=30))[0] == 1

    kept = await _stored(database, game_id)
    assert len(json.dumps(kept)) < len(json.dumps(whole)) / 2
    doc = read_document(await _record(database, game_id))
    assert doc.compact and doc.engine is not None
    assert (doc.players, doc.names, doc.computers) == (ended.players, ended.names, ended.computers)
    assert (doc.creator, doc.chat_title, doc.rules, doc.preset) == (
        ended.creator,
        ended.chat_title,
        ended.rules,
        ended.preset,
    )
    assert (doc.state.scores, doc.state.winners, doc.state.round_no) == (
        ended.state.scores,
        ended.state.winners,
        ended.state.round_no,
    )
    assert (doc.unannounced, doc.standings_unannounced) == (ended.unannounced, ended.standings_unannounced)
    assert doc.state.hands == {} and doc.state.draw_pile == [] and doc.recent == ()
    assert await _stored(database, running_id) == running  # a game still on is not touched
    # A later run finds nothing more to do with it.
    version = (await _record(database, game_id)).version
    await drop_old_game_logs(database, clock, days=30)
    assert (await _record(database, game_id)).version == version


async def test_a_document_that_cannot_be_read_is_left_as_it_is(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    game_id, _ = await _played(service, database, clock, topic=3)
    async with database.unit_of_work() as uow:
        record = await uow.games.get(game_id)
        assert record is not None
        broken = {key: value for key, value in record.state.items() if key != "table_counter"}
        await uow.games.save(replace(record, state=broken))
    clock.advance(31 * DAY_MS)
    await drop_old_game_logs(database, clock, days=30)
    assert await _stored(database, game_id) == broken


async def _record(database: Database, game_id: int) -> GameRecord:
    async with database.unit_of_work() as uow:
        record = await uow.games.get(game_id)
    assert record is not None
    return record


async def test_forgotten_players_each_get_a_stand_in_and_the_game_reads_as_before(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    """/forgetme of two players of one match: each is under a stand-in of their own, in every place the game
    still names them (its players, scores, winners, and the results it still owes); the computer is as it
    was."""
    game_id, ended = await _played(service, database, clock, topic=4)
    assert ended.unannounced  # nobody posted them here: the results are still owed
    await forget(database, BOB.user_id)
    await forget(database, ALICE.user_id)
    doc = read_document(await _record(database, game_id))
    stand_in = {ALICE.user_id: STAND_IN, BOB.user_id: STAND_IN - 1, -1: -1}
    assert doc.compact and doc.players == tuple(stand_in[player] for player in ended.players)
    assert doc.names == {STAND_IN: "", STAND_IN - 1: "", -1: ended.names[-1]}
    assert doc.state.scores == {stand_in[player]: score for player, score in ended.state.scores.items()}
    assert doc.state.winners == [stand_in[player] for player in ended.state.winners]
    assert doc.creator == STAND_IN
    match_end = next(result for result in doc.unannounced if isinstance(result, MatchEnded))
    assert set(match_end.totals) == set(stand_in.values())
    assert len(doc.unannounced) == len(ended.unannounced)
    stored = json.dumps(await _stored(database, game_id))
    assert not re.search(rf"\b({ALICE.user_id}|{BOB.user_id})\b", stored)  # not even a number alike


async def test_who_stopped_a_forgotten_persons_match_is_their_stand_in(
    service: GameService, database: Database
) -> None:
    """Alice stopped the match, then asked to be forgotten: the game still says who stopped it, by the
    stand-in that is nobody's."""
    game_id = (await service.open_lobby(Place(GROUP.chat_id, 5), ALICE, "Friends")).game.id
    await service.join(game_id, BOB)
    await service.start(game_id, ALICE.user_id, is_admin=False)
    await service.stop(game_id, ALICE.user_id, is_admin=False)
    await forget(database, ALICE.user_id)
    assert read_document(await _record(database, game_id)).stopped_by == STAND_IN
    assert not re.search(rf"\b{ALICE.user_id}\b", json.dumps(await _stored(database, game_id)))


def test_an_old_documents_list_of_deleted_accounts_is_read_as_nothing_and_compacted_away() -> None:
    """Documents saved before session 56 listed who left as their account was deleted (`account_deleted`);
    their blanked names tell it now: the list is read as nothing, and the compact copy drops it."""
    doc = GameDocument(
        creator=ALICE.user_id,
        chat_title="Friends",
        rules=Rules(),
        preset=None,
        players=(ALICE.user_id, BOB.user_id),
        names={ALICE.user_id: "Alice", BOB.user_id: ""},
    )
    saved = {**doc.to_dict(), "account_deleted": [BOB.user_id]}
    assert GameDocument.from_dict(saved) == doc
    assert "account_deleted" not in compacted(saved)
    assert GameDocument.from_dict(compacted(saved)) == GameDocument.from_dict(compacted(doc.to_dict()))
