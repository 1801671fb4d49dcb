"""UserRepository.player_named (/stats @username): whom a username names among the players the bot keeps."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.storage import Database

ANN, BOB, EVE = 7, 8, 9


async def test_a_username_names_the_player_seen_last_with_it_and_never_a_forgotten_one(
    database: Database,
) -> None:
    async with database.unit_of_work() as uow:
        ann = await uow.users.upsert(ANN, name="Ann", username="ann_x")
        ann.updated_at = datetime(2026, 1, 1, tzinfo=UTC)  # then she changed it, and left the bot unaware
        bob = await uow.users.upsert(BOB, name="Bob", username="Ann_X")  # who took it since
        bob.updated_at = datetime(2026, 6, 1, tzinfo=UTC)
        await uow.users.upsert(EVE, name="", username="eve_y")  # forgotten (/forgetme keeps no name)
    async with database.unit_of_work() as uow:
        found = await uow.users.player_named("ANN_x")
        assert found is not None and found.id == BOB
        assert await uow.users.player_named("eve_y") is None
        assert await uow.users.player_named("nobody") is None


async def test_a_menu_set_is_no_sight_of_its_person(database: Database) -> None:
    """(session 61) Ann's own menu set again (written down: users.own_menu) long after she was last seen with
    her old username: Bob, who took it since, is still the one it names."""
    async with database.unit_of_work() as uow:
        ann = await uow.users.upsert(ANN, name="Ann", username="ann_x")
        ann.updated_at = datetime(2026, 1, 1, tzinfo=UTC)
        bob = await uow.users.upsert(BOB, name="Bob", username="ann_x")
        bob.updated_at = datetime(2026, 6, 1, tzinfo=UTC)
    async with database.unit_of_work() as uow:
        await uow.users.keep_own_menu(ANN, "set as it reads now")
    async with database.unit_of_work() as uow:
        found = await uow.users.player_named("ann_x")
        assert found is not None and found.id == BOB
