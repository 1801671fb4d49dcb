"""GameRepository: round trips, optimistic saves, the event log, players, one active game per place."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import insert, select, text
from sqlalchemy.exc import IntegrityError

from bot.storage import Database, GameStatus, HandChoices, NewEvent, StaleGameVersion
from bot.storage.models import Game, GameEvent, MatchResult, RoundResult

CHAT = -100123
STATE = {"seed": 42, "deck": ["r5", "g+2", "wd4"], "nested": {"unicode": "карта", "n": [1, 2.5, None, True]}}


async def _new_game(database: Database, topic_id: int = 0) -> int:
    async with database.unit_of_work() as uow:
        await uow.chats.ensure(CHAT, "Friends")
        await uow.users.upsert(7, name="Ann", username="ann", language_code="en")
        game = await uow.games.create(
            chat_id=CHAT, topic_id=topic_id, created_by=7, state=STATE, events=[NewEvent("created", {})]
        )
    return game.id


async def test_created_game_reads_back_exactly(database: Database) -> None:
    game_id = await _new_game(database)
    async with database.unit_of_work() as uow:
        game = await uow.games.get(game_id)
    assert game is not None
    assert (game.chat_id, game.topic_id, game.status, game.version) == (CHAT, 0, GameStatus.LOBBY, 1)
    assert game.state == STATE
    assert game.created_by == 7
    assert game.created_at.tzinfo is UTC


async def test_save_stamps_the_row_and_its_events(database: Database) -> None:
    game_id = await _new_game(database)
    updated_at = select(Game.updated_at).where(Game.id == game_id)
    async with database.unit_of_work() as uow:
        before = (await uow.session.execute(updated_at)).scalar_one()
        game = await uow.games.get(game_id)
        assert game is not None
        await uow.games.save(replace(game, state={"turn": 2}), [NewEvent("play", {"card": 5})])
    async with database.unit_of_work() as uow:
        after = (await uow.session.execute(updated_at)).scalar_one()
        logged = (await uow.games.events(game_id))[-1]
    assert after > before
    assert logged.kind == "play" and logged.created_at.tzinfo is UTC and logged.created_at >= before


async def test_save_bumps_version_and_appends_events_in_order(database: Database) -> None:
    game_id = await _new_game(database)
    started = datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC)
    async with database.unit_of_work() as uow:
        game = await uow.games.get(game_id)
        assert game is not None
        saved = await uow.games.save(
            replace(
                game,
                status=GameStatus.RUNNING,
                state={"turn": 1},
                started_at=started,
                preset="classic",  # chosen in the lobby
                table_message_id=55,
            ),
            [NewEvent("start", {"by": 7}, actor_id=7), NewEvent("deal", {"cards": 7})],
        )
    assert saved.version == 2
    async with database.unit_of_work() as uow:
        game = await uow.games.get(game_id)
        events = await uow.games.events(game_id)
    assert game == saved
    assert (game.status, game.state, game.started_at, game.preset, game.table_message_id) == (
        GameStatus.RUNNING,
        {"turn": 1},
        started,
        "classic",
        55,
    )
    assert [(e.seq, e.version, e.kind, e.payload, e.actor_id) for e in events] == [
        (1, 1, "created", {}, None),
        (2, 2, "start", {"by": 7}, 7),
        (3, 2, "deal", {"cards": 7}, None),
    ]


async def test_stale_save_is_refused_and_changes_nothing(database: Database) -> None:
    game_id = await _new_game(database)
    async with database.unit_of_work() as uow:
        loaded = await uow.games.get(game_id)
    assert loaded is not None
    async with database.unit_of_work() as uow:
        await uow.games.save(replace(loaded, state={"winner": "first"}), [NewEvent("first", {})])

    with pytest.raises(StaleGameVersion) as caught:
        async with database.unit_of_work() as uow:
            await uow.games.save(replace(loaded, state={"winner": "second"}), [NewEvent("second", {})])
    assert (caught.value.game_id, caught.value.expected_version) == (game_id, 1)

    async with database.unit_of_work() as uow:
        game = await uow.games.get(game_id)
        events = await uow.games.events(game_id)
    assert game is not None
    assert (game.version, game.state) == (2, {"winner": "first"})
    assert [e.kind for e in events] == ["created", "first"]


async def test_error_in_unit_of_work_rolls_everything_back(database: Database) -> None:
    game_id = await _new_game(database)
    with pytest.raises(RuntimeError, match="boom"):
        async with database.unit_of_work() as uow:
            game = await uow.games.get(game_id)
            assert game is not None
            await uow.games.save(replace(game, state={}), [NewEvent("lost", {})])
            raise RuntimeError("boom")
    async with database.unit_of_work() as uow:
        game = await uow.games.get(game_id)
        events = await uow.games.events(game_id)
    assert game is not None
    assert (game.version, game.state, len(events)) == (1, STATE, 1)


async def test_a_refused_save_or_a_bug_tells_the_reach_watch_nothing(database: Database) -> None:
    """Only a commit, or the database out of reach, says whether it was reached: a save that came too late
    (two presses at once) or a bug in the block must not put the bot in an outage."""
    game_id = await _new_game(database)
    reached: list[bool] = []
    database.reach = reached.append
    async with database.unit_of_work() as uow:
        loaded = await uow.games.get(game_id)
        assert loaded is not None
        await uow.games.save(loaded)
    with pytest.raises(StaleGameVersion):
        async with database.unit_of_work() as uow:
            await uow.games.save(loaded)
    with pytest.raises(RuntimeError, match="boom"):
        async with database.unit_of_work():
            raise RuntimeError("boom")
    assert reached == [True]


async def test_one_active_game_per_chat_and_topic(database: Database) -> None:
    first = await _new_game(database, topic_id=0)
    with pytest.raises(IntegrityError):
        await _new_game(database, topic_id=0)
    # Another forum topic of the same chat is another place.
    other_topic = await _new_game(database, topic_id=5)

    async with database.unit_of_work() as uow:
        active = await uow.games.find_active(CHAT, 0)
        assert active is not None and active.id == first
        await uow.games.save(replace(active, status=GameStatus.FINISHED))
    again = await _new_game(database, topic_id=0)

    async with database.unit_of_work() as uow:
        assert [g.id for g in await uow.games.list_active()] == [other_topic, again]
        active = await uow.games.find_active(CHAT, 0)
        assert active is not None and active.id == again
        assert await uow.games.find_active(CHAT, 99) is None


async def test_a_chats_active_games_are_its_own_in_every_topic(database: Database) -> None:
    main, in_topic, ended = [await _new_game(database, topic_id=t) for t in (0, 5, 6)]
    async with database.unit_of_work() as uow:
        await uow.chats.ensure(-100456, "Others")
        await uow.games.create(chat_id=-100456, state={})
        game = await uow.games.get(ended)
        assert game is not None
        await uow.games.save(replace(game, status=GameStatus.FINISHED, finished_at=datetime.now(UTC)))
    async with database.unit_of_work() as uow:
        assert [game.id for game in await uow.games.list_active_in(CHAT)] == [main, in_topic]


async def test_the_last_ended_game_of_a_place_is_its_latest_over_not_one_running_or_in_another_topic(
    database: Database,
) -> None:
    async def end(game_id: int, status: GameStatus) -> None:
        async with database.unit_of_work() as uow:
            game = await uow.games.get(game_id)
            assert game is not None
            await uow.games.save(replace(game, status=status))

    async with database.unit_of_work() as uow:
        assert await uow.games.last_ended(CHAT, 0) is None  # never a game here
    first = await _new_game(database)
    await end(first, GameStatus.FINISHED)
    second = await _new_game(database)
    await end(second, GameStatus.STOPPED)
    await _new_game(database)  # running now: not over
    await end(await _new_game(database, topic_id=5), GameStatus.FINISHED)

    async with database.unit_of_work() as uow:
        last = await uow.games.last_ended(CHAT, 0)
        assert last is not None and last.id == second and last.status is GameStatus.STOPPED
        assert await uow.games.last_ended(CHAT, 99) is None


async def test_the_last_ended_game_is_the_one_that_ended_last_not_the_one_opened_last(
    database: Database,
) -> None:
    """A game opened in a topic ends after one opened later in the main chat: when the forum's topics are
    turned off it comes into the main chat, where it is the last game to have ended."""
    ended = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    in_topic = await _new_game(database, topic_id=5)
    in_main_chat = await _new_game(database)
    async with database.unit_of_work() as uow:
        for game_id, finished_at in ((in_main_chat, ended), (in_topic, ended + timedelta(minutes=5))):
            game = await uow.games.get(game_id)
            assert game is not None
            await uow.games.save(replace(game, status=GameStatus.FINISHED, finished_at=finished_at))
        await uow.games.move_to_topic(in_topic, 0)
    async with database.unit_of_work() as uow:
        last = await uow.games.last_ended(CHAT, 0)
    assert last is not None and last.id == in_topic


async def test_games_ended_since_a_moment_include_one_that_ended_at_it(database: Database) -> None:
    """At `since` or later: a game over at that very moment is one a restart may have cut short too."""
    ended_at = datetime(2026, 12, 5, 12, 0, tzinfo=UTC)
    game_id = await _new_game(database)
    async with database.unit_of_work() as uow:
        game = await uow.games.get(game_id)
        assert game is not None
        await uow.games.save(replace(game, status=GameStatus.FINISHED, finished_at=ended_at))
    async with database.unit_of_work() as uow:
        assert await uow.games.ended_since(ended_at, CHAT) == [game_id]
        assert await uow.games.ended_since(ended_at + timedelta(milliseconds=1), CHAT) == []


async def test_games_ended_since_a_moment_come_in_the_order_they_ended_and_of_the_chat_asked(
    database: Database,
) -> None:
    """Their last screens are drawn again after a restart in that order: the one that ended first first."""
    since = datetime(2026, 12, 5, 12, 0, tzinfo=UTC)
    opened_first, opened_second = await _new_game(database, topic_id=1), await _new_game(database, topic_id=2)
    async with database.unit_of_work() as uow:
        await uow.chats.ensure(-100456, "Others")
        elsewhere = (await uow.games.create(chat_id=-100456, state={})).id
        ends = {opened_first: 5, opened_second: 1, elsewhere: 3}
        for game_id, minutes in ends.items():
            game = await uow.games.get(game_id)
            assert game is not None
            ended = replace(game, status=GameStatus.FINISHED, finished_at=since + timedelta(minutes=minutes))
            await uow.games.save(ended)
    async with database.unit_of_work() as uow:
        assert await uow.games.ended_since(since, CHAT) == [opened_second, opened_first]
        assert await uow.games.ended_since(since) == [opened_second, elsewhere, opened_first]


async def test_a_users_active_games_are_the_ones_they_joined_that_are_not_over(database: Database) -> None:
    joined, finished, elsewhere = [await _new_game(database, topic_id=t) for t in (1, 2, 3)]
    async with database.unit_of_work() as uow:
        await uow.users.upsert(8, name="Boris", language_code="ru")
        for game_id in (joined, finished):
            await uow.games.add_player(game_id, 8)
        await uow.games.add_player(elsewhere, 7)
        over = await uow.games.get(finished)
        assert over is not None
        await uow.games.save(replace(over, status=GameStatus.FINISHED))

    async with database.unit_of_work() as uow:
        assert [g.id for g in await uow.games.list_active_of(8)] == [joined]
        assert [g.id for g in await uow.games.list_active_of(7)] == [elsewhere]
        assert await uow.games.list_active_of(9) == []


async def test_players_keep_seats_and_hand_messages(database: Database) -> None:
    game_id = await _new_game(database)
    async with database.unit_of_work() as uow:
        await uow.users.upsert(8, name="Boris", language_code="ru")
        await uow.games.add_player(game_id, 7)
        await uow.games.add_player(game_id, 8)
        await uow.games.set_hand_messages({(game_id, 8): (555, 12), (game_id, 7): (556, 3)})
        await uow.games.mark_left(game_id, 8)
        await uow.games.set_hand_messages({(game_id, 7): (None, None)})
    async with database.unit_of_work() as uow:
        players = await uow.games.players(game_id)
    seen = [(p.user_id, p.seat, p.hand_message_id, p.hand_sent_for) for p in players]
    assert seen == [(7, 0, None, None), (8, 1, 555, 12)]
    assert players[0].left_at is None and players[1].left_at is not None

    async with database.unit_of_work() as uow:
        await uow.users.upsert(9, name="Vera", language_code="ru")
        await uow.games.add_player(game_id, 9)  # after the seats used, the left one's included
        await uow.games.add_player(game_id, 8)  # who left comes back: a new seat, a fresh row
        players = await uow.games.players(game_id)
    assert [(p.user_id, p.seat, p.hand_message_id, p.left_at) for p in players] == [
        (7, 0, None, None),
        (9, 2, None, None),
        (8, 3, None, None),
    ]


async def test_players_keep_what_their_hands_are_turned_to(database: Database) -> None:
    game_id = await _new_game(database)
    turned = HandChoices(page=1, turn=12, selection=(31, 5), counter=14)
    async with database.unit_of_work() as uow:
        await uow.users.upsert(8, name="Boris", language_code="ru")
        await uow.games.add_player(game_id, 7)
        await uow.games.add_player(game_id, 8)
        await uow.games.set_hand_messages({(game_id, 7): (556, 3), (game_id, 8): (555, 12)})
        await uow.games.set_hand_choices({(game_id, 8): turned, (game_id, 7): HandChoices(None, 3, (), 4)})
    async with database.unit_of_work() as uow:
        await uow.games.set_hand_choices({(game_id, 7): HandChoices(2, 3, (), 4)})  # turned again
        players = await uow.games.players(game_id)
    assert [(p.hand_message_id, p.hand_choices) for p in players] == [
        (556, HandChoices(2, 3, (), 4)),
        (555, turned),
    ]

    async with database.unit_of_work() as uow:
        await uow.games.mark_left(game_id, 8)
        await uow.games.add_player(game_id, 8)  # who comes back has a fresh hand
        players = await uow.games.players(game_id)
    assert [p.hand_choices for p in players] == [HandChoices(2, 3, (), 4), None]


async def test_a_failed_write_does_not_put_the_game_state_in_its_error_text(database: Database) -> None:
    # The error's text reaches the log; a game's state holds every hand, which is nobody else's to read.
    await _new_game(database)
    with pytest.raises(IntegrityError) as failed:
        await _new_game(database)
    assert "карта" not in str(failed.value)
    assert "parameters hidden" in str(failed.value)


async def test_foreign_keys_are_enforced(database: Database) -> None:
    with pytest.raises(IntegrityError):
        async with database.unit_of_work() as uow:
            await uow.games.create(chat_id=999, state={})


async def test_chat_migration_carries_its_games_and_results(database: Database) -> None:
    game_id = await _new_game(database)
    async with database.unit_of_work() as uow:
        uow.session.add(MatchResult(game_id=game_id, chat_id=CHAT, user_id=7, placement=1, points=120))
    async with database.unit_of_work() as uow:
        await uow.chats.migrate(CHAT, -1009999)
    async with database.unit_of_work() as uow:
        game = await uow.games.get(game_id)
        assert await uow.chats.get(CHAT) is None
        chat = await uow.chats.get(-1009999)
        result_chats = list(await uow.session.scalars(select(MatchResult.chat_id)))
    assert game is not None and game.chat_id == -1009999
    assert chat is not None and chat.title == "Friends"
    assert result_chats == [-1009999]


async def test_chat_migration_into_a_chat_seen_first_merges_into_it(database: Database) -> None:
    game_id = await _new_game(database)
    async with database.unit_of_work() as uow:
        uow.session.add(MatchResult(game_id=game_id, chat_id=CHAT, user_id=7, placement=1, points=120))
        uow.session.add(RoundResult(game_id=game_id, chat_id=CHAT, user_id=7, placement=1, round_number=1))
        (await uow.chats.ensure(CHAT)).settings = {"hand_size": 5, "turn_seconds": 30}
        (await uow.chats.ensure(-1009999, "Friends!")).settings = {"turn_seconds": 60}
    async with database.unit_of_work() as uow:
        assert await uow.chats.migrate(CHAT, -1009999)
    async with database.unit_of_work() as uow:
        assert not await uow.chats.migrate(CHAT, -1009999)  # told twice: nothing left to move
        game = await uow.games.get(game_id)
        assert await uow.chats.get(CHAT) is None
        chat = await uow.chats.get(-1009999)
        result_chats = list(await uow.session.scalars(select(MatchResult.chat_id)))
        round_chats = list(await uow.session.scalars(select(RoundResult.chat_id)))
    assert game is not None and game.chat_id == -1009999
    assert (
        chat is not None
        and chat.title == "Friends!"
        and chat.settings == {"hand_size": 5, "turn_seconds": 60}
    )
    assert result_chats == round_chats == [-1009999]  # the group's rounds too, not dropped with its row


async def test_a_merge_ends_the_groups_game_where_the_supergroup_has_one_now(database: Database) -> None:
    """A /new in the supergroup between the caller's stop and the merge: the group's game must not break
    the one-active-game-per-place index (the whole merge would fail, stranding the group's history)."""
    group_game = await _new_game(database)
    async with database.unit_of_work() as uow:
        await uow.chats.ensure(-1009999, "Friends!")
        supergroup_game = (await uow.games.create(chat_id=-1009999, state={})).id
    async with database.unit_of_work() as uow:
        assert await uow.chats.migrate(CHAT, -1009999)
    async with database.unit_of_work() as uow:
        ended = await uow.games.get(group_game)
        active = await uow.games.find_active(-1009999)
    assert ended is not None and ended.chat_id == -1009999 and ended.status is GameStatus.STOPPED
    assert active is not None and active.id == supergroup_game


async def test_game_ids_go_past_32_bits(database: Database) -> None:
    # A join link takes any 19-digit game id, and a long-lived PostgreSQL database numbers past 2**31.
    past = 2**40
    await _new_game(database)
    async with database.unit_of_work() as uow:
        ended = insert(Game).values(id=past, chat_id=CHAT, status="finished", version=1, state={})
        await uow.session.execute(ended)
        if uow.session.bind.dialect.name == "postgresql":
            for table in ("games", "game_events", "round_results", "match_results"):
                await uow.session.execute(text(f"SELECT setval('{table}_id_seq', {past})"))
        else:  # SQLite numbers a rowid on from the largest one: the one event row's id moves the events' on
            await uow.session.execute(text(f"UPDATE game_events SET id = {past}"))
    game_id = await _new_game(database, topic_id=1)
    async with database.unit_of_work() as uow:
        await uow.games.add_player(game_id, 7)
        uow.session.add(MatchResult(game_id=game_id, chat_id=CHAT, user_id=7, placement=1))
        uow.session.add(RoundResult(game_id=game_id, chat_id=CHAT, user_id=7, placement=1, round_number=1))
    async with database.unit_of_work() as uow:
        game = await uow.games.get(game_id)
        players = await uow.games.players(game_id)
        event_ids = list(await uow.session.scalars(select(GameEvent.id).where(GameEvent.game_id == game_id)))
        result_games = list(await uow.session.scalars(select(MatchResult.game_id)))
        assert await uow.games.get(2**63 - 1) is None
    assert game_id == past + 1 and game is not None and game.id == game_id
    assert [p.user_id for p in players] == [7]
    assert event_ids == [past + 1]
    assert result_games == [game_id]


async def test_users_are_refreshed_and_flagged(database: Database) -> None:
    await _new_game(database)
    before = datetime.now(UTC) - timedelta(seconds=1)
    async with database.unit_of_work() as uow:
        await uow.users.upsert(7, name="Anna", username=None, language_code="ru")
        await uow.users.mark_blocked(7)
    async with database.unit_of_work() as uow:
        user = await uow.users.get(7)
        assert user is not None
        assert (user.name, user.username, user.language_code, user.blocked) == ("Anna", None, "ru", True)
        await uow.users.mark_private_chat_started(7)
    async with database.unit_of_work() as uow:
        user = await uow.users.get(7)
    assert user is not None and not user.blocked
    assert user.private_chat_started_at is not None and user.private_chat_started_at > before


async def test_a_user_is_reachable_from_their_start_of_the_private_chat_until_they_block_the_bot(
    database: Database,
) -> None:
    async with database.unit_of_work() as uow:
        await uow.users.upsert(8, name="Bob")
        assert not await uow.users.reachable(8) and not await uow.users.ever_started(8)
        await uow.users.mark_private_chat_started(8)
        assert await uow.users.reachable(8) and await uow.users.ever_started(8)
        await uow.users.mark_blocked(8)
        assert not await uow.users.reachable(8) and await uow.users.ever_started(8)
        assert not await uow.users.reachable(99) and not await uow.users.ever_started(99)


async def test_names_are_followed_where_kept_only_and_a_computer_stays_one(database: Database) -> None:
    """A renamed player's name is followed, never one /forgetme dropped, nor a stranger's kept; a
    computer's row says it is one (the boards leave computers out by it)."""
    async with database.unit_of_work() as uow:
        await uow.users.upsert(7, name="Ann", username="ann")
        await uow.users.upsert(8, name="", username=None)  # forgotten
        await uow.users.upsert(-1, name="Computer 1", is_bot=True)
    async with database.unit_of_work() as uow:
        await uow.users.follow_name(7, name="Annie", username="annie")
        await uow.users.follow_name(8, name="Bob", username="bob")
        await uow.users.follow_name(9, name="Carol", username="carol")  # a stranger: nobody to follow
    async with database.unit_of_work() as uow:
        users = {user_id: await uow.users.get(user_id) for user_id in (7, 8, -1)}
        assert await uow.users.get(9) is None
    assert {user_id: (u.name, u.username, u.is_bot) for user_id, u in users.items() if u} == {
        7: ("Annie", "annie", False),
        8: ("", None, False),
        -1: ("Computer 1", None, True),
    }
