"""The migrations that change a table in use (a column, an index, the games table rebuilt, the ended games
compacted) go down and up keeping what it stores: the subscriptions' topic titles, the hands' choices,
the colour letters and own menus of the users, the one active game a place, the games by their end, the
results without their indexes by end time, the open games without the index by status."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from alembic import command
from sqlalchemy import inspect, select, text
from sqlalchemy.exc import IntegrityError

from bot.service.document import GameDocument
from bot.service.ended_games import compacted
from bot.service.leaderboards import Period, leaderboard, personal_stats
from bot.service.settings import set_user_language, toggle_colour_letters
from bot.storage import AwaitedPlace, Database, HandChoices
from bot.storage.engine import create_engine
from bot.storage.migrate import upgrade_to_head
from bot.storage.models import Game
from tests.e2e.test_upgrade_from_an_old_version import SAVED as SAVED_MATCH
from tests.schema import head_revision, insert_rows, inspect_schema, migrate


async def test_the_topic_titles_migration_keeps_the_requests_made_without_them(database_url: str) -> None:
    """Down to 0006 the requests stay, without their topics' names; back up, they read as before 0007 did:
    no topic name (the greeting names their chat)."""
    await upgrade_to_head(database_url)
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            await uow.chats.ensure(-1, "Forum")
            await uow.users.upsert(7, name="Ann")
            await uow.subscriptions.toggle(-1, 5, 7, "Cards")
        await migrate(database_url, command.downgrade, "0006")
        _, revision, _ = await inspect_schema(database_url)
        async with database.unit_of_work() as uow:
            kept = (await uow.session.execute(text("SELECT * FROM lobby_subscriptions"))).mappings().all()
        assert revision == "0006"
        assert [(row["chat_id"], row["topic_id"], row["user_id"], "topic_title" in row) for row in kept] == [
            (-1, 5, 7, False)
        ]

        await upgrade_to_head(database_url)
        differences, revision, _ = await inspect_schema(database_url)
        assert (differences, revision) == ([], head_revision())
        async with database.unit_of_work() as uow:
            assert await uow.subscriptions.places_of(7) == [AwaitedPlace(-1, 5, "Forum", None)]
            assert await uow.subscriptions.take(-1, 5) == [7]
    finally:
        await database.dispose()


async def test_the_hand_choices_migration_keeps_the_players_and_their_hand_messages(
    database_url: str,
) -> None:
    """Down to 0007 a running game's players keep their hand messages, without what they turned them to; back
    up, their hands read as turned to nothing (the first page, no selection)."""
    await upgrade_to_head(database_url)
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            await uow.chats.ensure(-1, "Friends")
            await uow.users.upsert(7, name="Ann")
            game = await uow.games.create(chat_id=-1, state={})
            await uow.games.add_player(game.id, 7)
            await uow.games.set_hand_messages({(game.id, 7): (55, 3)})
            await uow.games.set_hand_choices({(game.id, 7): HandChoices(1, 3, (9,), 4)})
        await migrate(database_url, command.downgrade, "0007")
        _, revision, _ = await inspect_schema(database_url)
        async with database.unit_of_work() as uow:
            kept = (await uow.session.execute(text("SELECT * FROM game_players"))).mappings().all()
        assert revision == "0007"
        assert [(row["user_id"], row["hand_message_id"], "hand_choices" in row) for row in kept] == [
            (7, 55, False)
        ]

        await upgrade_to_head(database_url)
        differences, revision, _ = await inspect_schema(database_url)
        assert (differences, revision) == ([], head_revision())
        async with database.unit_of_work() as uow:
            players = await uow.games.players(game.id)
        assert [(p.user_id, p.hand_message_id, p.hand_choices) for p in players] == [(7, 55, None)]
    finally:
        await database.dispose()


async def test_the_colour_letters_migration_keeps_the_users(database_url: str) -> None:
    """Down to 0008 the people stay, with their language, without their choice of colour letters; back up,
    everyone reads the cards without them (the default) until they send /colours again."""
    await upgrade_to_head(database_url)
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            await uow.users.upsert(7, name="Ann", username="ann", language_code="en")  # she played
            await set_user_language(uow, 7, "ru", name="Ann", username="ann", language_code="en")
            assert await toggle_colour_letters(uow, 7, name="Ann", username="ann", language_code="en")
        await migrate(database_url, command.downgrade, "0008")
        _, revision, _ = await inspect_schema(database_url)
        async with database.unit_of_work() as uow:
            kept = (await uow.session.execute(text("SELECT * FROM users"))).mappings().all()
        assert revision == "0008"
        assert [(row["id"], row["name"], row["language"], "colour_letters" in row) for row in kept] == [
            (7, "Ann", "ru", False)
        ]

        await upgrade_to_head(database_url)
        differences, revision, _ = await inspect_schema(database_url)
        assert (differences, revision) == ([], head_revision())
        async with database.unit_of_work() as uow:
            user = await uow.users.get(7)
            assert user is not None
            assert (user.name, user.language, user.colour_letters) == ("Ann", "ru", False)
    finally:
        await database.dispose()


AT = "2026-01-01T00:00:00+00:00"  # a stored row's timestamps


def _game(chat_id: int, status: str) -> dict[str, object]:
    row = {"chat_id": chat_id, "topic_id": 0, "status": status, "version": 1, "state": {}}
    return row | {"created_at": AT, "updated_at": AT}


async def test_the_games_table_rebuilt_by_0005_still_allows_one_active_game_a_place(
    database_url: str,
) -> None:
    """0005 copies the games table on SQLite: the copy keeps the index that allows one lobby or match a
    place, and only those (a chat that finished a match opens the next; without its WHERE, no chat could)."""
    await migrate(database_url, command.upgrade, "0004")
    chats = [{"id": chat, "settings": {}, "created_at": AT, "updated_at": AT} for chat in (-1, -2)]
    games = [_game(-1, "finished"), _game(-1, "stopped"), _game(-2, "running")]
    await insert_rows(database_url, {"chats": chats, "games": games})
    await upgrade_to_head(database_url)

    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            await uow.games.create(chat_id=-1, state={})
        with pytest.raises(IntegrityError):
            async with database.unit_of_work() as uow:
                await uow.games.create(chat_id=-2, state={})
    finally:
        await database.dispose()


async def _indexes(database_url: str, table: str) -> set[str]:
    engine = create_engine(database_url)
    try:
        async with engine.connect() as connection:
            indexes = await connection.run_sync(lambda sync: inspect(sync).get_indexes(table))
    finally:
        await engine.dispose()
    return {index["name"] for index in indexes if index["name"] is not None}


async def test_the_games_by_finish_migration_goes_down_and_up_keeping_the_games(database_url: str) -> None:
    """0011 indexes the games by when they ended, in place of the chat's index by creation: the games stored
    before it are found by their end as the bot finds them, and the way back restores the old index."""
    await migrate(database_url, command.upgrade, "0010")
    chats = [{"id": -1, "settings": {}, "created_at": AT, "updated_at": AT}]
    ended = [_game(-1, "finished") | {"finished_at": f"2026-01-0{day}T00:00:00+00:00"} for day in (3, 2)]
    await insert_rows(
        database_url, {"chats": chats, "games": [*ended, _game(-1, "lobby") | {"finished_at": None}]}
    )
    await upgrade_to_head(database_url)
    differences, revision, _ = await inspect_schema(database_url)
    assert (differences, revision) == ([], head_revision())
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            last = await uow.games.last_ended(-1)
            since = await uow.games.ended_since(datetime(2026, 1, 2, tzinfo=UTC), -1)
        assert last is not None and (last.id, since) == (1, [2, 1])

        await migrate(database_url, command.downgrade, "0010")
        _, revision, _ = await inspect_schema(database_url)
        assert revision == "0010"
        assert {"ix_games_chat_id_created_at", "ix_games_finished_at"} & await _indexes(
            database_url, "games"
        ) == {"ix_games_chat_id_created_at"}
        await upgrade_to_head(database_url)
        differences, revision, _ = await inspect_schema(database_url)
        assert (differences, revision) == ([], head_revision())
        async with database.unit_of_work() as uow:
            assert len(await uow.games.ended_since(datetime(2026, 1, 1, tzinfo=UTC))) == 2
    finally:
        await database.dispose()


RESULTS = ("round_results", "match_results")


def _results(game_id: int, user_id: int, placement: int) -> dict[str, dict[str, object]]:
    """A round's and a match's row of one player, as 0011 stored them."""
    row = {"game_id": game_id, "chat_id": -1, "user_id": user_id, "is_bot": False, "placement": placement}
    row |= {"points": 50 if placement == 1 else 0, "stopped_early": False, "finished_at": AT}
    figures = ("cards_played", "cards_drawn", "uno_calls", "catches_made", "catches_suffered")
    row |= dict.fromkeys((*figures, "challenges_won", "challenges_lost", "timeouts", "duration_seconds"), 0)
    return {
        "round_results": row | {"round_number": 1, "hand_points": 0},
        "match_results": row | {"rounds_played": 1, "rounds_won": int(placement == 1), "people": 2},
    }


async def test_the_unread_results_indexes_migration_goes_down_and_up_keeping_the_results(
    database_url: str,
) -> None:
    """0012 drops the results' indexes by end time alone (nothing reads them, every result wrote to them):
    the results stored before it still make the boards and /stats, and the way back restores them."""
    await migrate(database_url, command.upgrade, "0011")
    chats = [{"id": -1, "settings": {}, "created_at": AT, "updated_at": AT}]
    users = [
        {"id": user, "name": name, "is_bot": False, "blocked": False, "rating": 1500.0, "rated_matches": 0}
        | {"created_at": AT, "updated_at": AT}
        for user, name in ((7, "Ann"), (8, "Bob"))
    ]
    rows = [_results(1, 7, 1), _results(1, 8, 2)]
    await insert_rows(
        database_url,
        {"chats": chats, "users": users, "games": [_game(-1, "finished") | {"finished_at": AT}]}
        | {table: [row[table] for row in rows] for table in RESULTS},
    )
    await upgrade_to_head(database_url)
    differences, revision, _ = await inspect_schema(database_url)
    assert (differences, revision) == ([], head_revision())
    for table in RESULTS:
        assert f"ix_{table}_finished_at" not in await _indexes(database_url, table)
    database = Database.connect(database_url)
    try:
        async with database.reading() as session:
            board = await leaderboard(
                session, -1, period=Period.THIS_MONTH, now=datetime(2026, 1, 2, tzinfo=UTC)
            )
            stats = await personal_stats(session, 7)
        assert [(entry.name, entry.wins) for entry in board.entries] == [("Ann", 1), ("Bob", 0)]
        assert stats is not None and stats.points == 50

        await migrate(database_url, command.downgrade, "0011")
        _, revision, _ = await inspect_schema(database_url)
        assert revision == "0011"
        for table in RESULTS:
            assert f"ix_{table}_finished_at" in await _indexes(database_url, table)
        await upgrade_to_head(database_url)
        differences, revision, _ = await inspect_schema(database_url)
        assert (differences, revision) == ([], head_revision())
    finally:
        await database.dispose()


async def test_the_games_status_index_migration_goes_down_and_up_keeping_the_open_games(
    database_url: str,
) -> None:
    """0013 drops the games' index by status: the open games are found in the index of the open games alone,
    and the way back restores it."""
    await migrate(database_url, command.upgrade, "0012")
    chats = [{"id": -1, "settings": {}, "created_at": AT, "updated_at": AT}]
    games = [
        _game(-1, "finished") | {"topic_id": 1, "finished_at": AT},
        _game(-1, "lobby") | {"finished_at": None},
    ]
    await insert_rows(database_url, {"chats": chats, "games": games})
    await upgrade_to_head(database_url)
    differences, revision, _ = await inspect_schema(database_url)
    assert (differences, revision) == ([], head_revision())
    assert "ix_games_status" not in await _indexes(database_url, "games")
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            assert [game.id for game in await uow.games.list_active()] == [2]

        await migrate(database_url, command.downgrade, "0012")
        _, revision, _ = await inspect_schema(database_url)
        assert revision == "0012"
        assert "ix_games_status" in await _indexes(database_url, "games")
        await upgrade_to_head(database_url)
        differences, revision, _ = await inspect_schema(database_url)
        assert (differences, revision) == ([], head_revision())
    finally:
        await database.dispose()


async def test_the_compact_ended_games_migration_compacts_the_games_whose_logs_went(
    database_url: str,
) -> None:
    """0014: the games that ended and lost their logs before it keep only what the old logs' job now keeps of
    each game as its log goes; a game still logged, or still on, is left whole. Down again, a compact game's
    engine has its rules back, as the bot before it reads it."""
    await migrate(database_url, command.upgrade, "0013")
    saved = json.loads(SAVED_MATCH.read_text())["tables"]["games"][0]["state"]  # as a bot once saved it
    chats = [{"id": -1, "settings": {}, "created_at": AT, "updated_at": AT}]
    games = [
        _game(-1, "finished") | {"state": saved, "topic_id": 1},  # its log went
        _game(-1, "stopped") | {"state": saved, "topic_id": 2},  # still logged
        _game(-1, "running") | {"state": saved, "topic_id": 3},
        _game(-1, "stopped") | {"topic_id": 4},  # no game document: as it is
    ]
    event = {"game_id": 2, "seq": 1, "version": 1, "kind": "lobby.open", "payload": {}, "created_at": AT}
    await insert_rows(database_url, {"chats": chats, "games": games, "game_events": [event]})
    await upgrade_to_head(database_url)

    states = await _states(database_url)
    # As the bot compacts a game now, read as the bot reads it: a key the bot added to a document since (read
    # with its default) is missing from the migration's frozen copy of the rule.
    assert GameDocument.from_dict(states[1]) == GameDocument.from_dict(compacted(saved))
    assert GameDocument.from_dict(states[1]).compact
    assert len(json.dumps(states[1])) < len(json.dumps(saved)) / 2
    assert (states[2], states[3], states[4]) == (saved, saved, {})

    await migrate(database_url, command.downgrade, "0013")
    down = await _states(database_url)
    assert down[1]["engine"]["rules"] == saved["rules"] and (down[2], down[3], down[4]) == (saved, saved, {})


async def _states(database_url: str) -> dict[int, dict[str, object]]:
    database = Database.connect(database_url)
    try:
        async with database.reading() as session:
            return {game: state for game, state in await session.execute(select(Game.id, Game.state))}
    finally:
        await database.dispose()


async def test_the_own_menu_migration_keeps_the_users(database_url: str) -> None:
    """0023 adds users.own_menu alone: down to 0022 the people stay, with their language, without the
    fingerprint of their own menu; back up, none is kept (each one's next Start sets their menu once)."""
    await upgrade_to_head(database_url)
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            await set_user_language(uow, 7, "ru", name="Ann", username="ann", language_code="de")
            await uow.users.keep_own_menu(7, "a" * 64)
        async with database.unit_of_work() as uow:
            user = await uow.users.get(7)
            assert user is not None and (user.language, user.own_menu) == ("ru", "a" * 64)
        await migrate(database_url, command.downgrade, "0022")
        _, revision, _ = await inspect_schema(database_url)
        async with database.unit_of_work() as uow:
            kept = (await uow.session.execute(text("SELECT * FROM users"))).mappings().all()
        assert revision == "0022"
        assert [(row["id"], row["language"], "own_menu" in row) for row in kept] == [(7, "ru", False)]

        await upgrade_to_head(database_url)
        differences, revision, _ = await inspect_schema(database_url)
        assert (differences, revision) == ([], head_revision())
        async with database.unit_of_work() as uow:
            user = await uow.users.get(7)
            assert user is not None and (user.language, user.own_menu) == ("ru", None)
    finally:
        await database.dispose()
