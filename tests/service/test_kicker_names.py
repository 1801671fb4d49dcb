"""The name of a chat admin outside the match who removed a player (GameDocument.kicker_names) is kept only
while the match runs: its screens name them. /privacy says /forgetme deletes a kept name; a deleted account
loses it too. Without it the screens say "a chat admin", as of an anonymous admin."""

from __future__ import annotations

from bot.service import GameService, Person
from bot.service.document import read_document
from bot.service.leaderboards import anything_to_forget, forget
from bot.service.leaderboards.forget import forget_name_in_games
from bot.storage import Database, GameStatus
from tests.service.helpers import ALICE, BOB, CAROL, GROUP

DAVE = Person(104, "Dave")  # a chat admin who does not play


async def _kicked_by_dave(service: GameService, database: Database) -> int:
    """Alice, Bob and Carol play; Dave removes Carol."""
    game_id = (await service.open_lobby(GROUP, ALICE, "Friends")).game.id
    for person in (BOB, CAROL):
        await service.join(game_id, person)
    await service.start(game_id, ALICE.user_id, is_admin=False)
    kicked = await service.kick(game_id, DAVE.user_id, True, CAROL.user_id, admin_name="Dave")
    assert kicked.doc.kicker_names == {DAVE.user_id: "Dave"}
    return game_id


async def _stored_kicker_names(database: Database, game_id: int) -> dict[int, str]:
    async with database.unit_of_work() as uow:
        record = await uow.games.get(game_id)
    assert record is not None
    return dict(read_document(record).kicker_names)


async def test_a_game_that_ends_keeps_no_chat_admins_name(service: GameService, database: Database) -> None:
    game_id = await _kicked_by_dave(service, database)
    assert await _stored_kicker_names(database, game_id) == {DAVE.user_id: "Dave"}
    ended = await service.leave(game_id, BOB.user_id)
    assert ended.game.status is GameStatus.FINISHED
    assert ended.doc.kicker_names == {DAVE.user_id: "Dave"}  # the end's own screens still name him
    assert await _stored_kicker_names(database, game_id) == {}


async def test_forgetme_drops_a_chat_admins_name_from_a_running_match(
    service: GameService, database: Database
) -> None:
    game_id = await _kicked_by_dave(service, database)
    async with database.unit_of_work() as uow:
        assert await anything_to_forget(uow.session, DAVE.user_id)  # the name alone is something to delete
    assert await forget(database, DAVE.user_id) == ()
    assert await _stored_kicker_names(database, game_id) == {}
    async with database.unit_of_work() as uow:
        assert not await anything_to_forget(uow.session, DAVE.user_id)
    assert (await service.leave(game_id, BOB.user_id)).game.status is GameStatus.FINISHED  # the match goes on


async def test_a_deleted_account_loses_its_name_kept_as_a_chat_admins(
    service: GameService, database: Database
) -> None:
    game_id = await _kicked_by_dave(service, database)
    await forget_name_in_games(database, DAVE.user_id)
    assert await _stored_kicker_names(database, game_id) == {}
