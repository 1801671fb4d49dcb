"""The lobby through the service: open, join, leave, computer players, start, stop, idle close."""

from __future__ import annotations

import pytest

from bot.engine.events import DealerChosen, DealerDraw, RoundStarted
from bot.engine.rules import Rules, preset
from bot.service import GameService, Person, Place, Refusal
from bot.service.document import LobbyClosed, read_document
from bot.service.lobby import LOBBY_IDLE_MS
from bot.service.settings import apply_preset, change_setting
from bot.storage import Database, GameStatus
from tests.service.conftest import ManualClock
from tests.service.helpers import ALICE, BOB, CAROL, GROUP


async def test_open_join_and_start(service: GameService, database: Database) -> None:
    opened = await service.open_lobby(GROUP, ALICE, "Friends")
    game_id = opened.game.id
    assert opened.game.status is GameStatus.LOBBY and opened.screens.lobby
    with pytest.raises(Refusal, match="game_running"):
        await service.open_lobby(GROUP, BOB, "Friends")
    with pytest.raises(Refusal, match="need_two_players"):
        await service.start(game_id, ALICE.user_id, is_admin=False)

    joined = await service.join(game_id, BOB)
    assert joined.doc.players == (ALICE.user_id, BOB.user_id)
    with pytest.raises(Refusal, match="already_joined"):
        await service.join(game_id, BOB)
    with pytest.raises(Refusal, match="not_manager"):
        await service.start(game_id, BOB.user_id, is_admin=False)

    started = await service.start(game_id, ALICE.user_id, is_admin=False)
    assert started.started and started.game.status is GameStatus.RUNNING
    kinds = {type(event) for event in started.events}
    assert {DealerDraw, DealerChosen, RoundStarted} <= kinds
    assert started.screens.hands_to_send == {ALICE.user_id, BOB.user_id}
    assert all(len(started.doc.state.hands[p]) >= 7 for p in started.doc.players)
    with pytest.raises(Refusal, match="too_late_to_join"):
        await service.join(game_id, CAROL)

    async with database.unit_of_work() as uow:
        log = await uow.games.events(game_id)
        users = {p.user_id for p in await uow.games.players(game_id)}
    assert [e.kind for e in log] == ["lobby.open", "lobby.join", "match.start"]
    assert users == {ALICE.user_id, BOB.user_id}


async def test_an_admin_may_start_and_computers_join(service: GameService, database: Database) -> None:
    game_id = (await service.open_lobby(GROUP, ALICE, "Friends")).game.id
    added = await service.add_computer(game_id, ALICE.user_id)
    computer = added.doc.players[-1]
    assert computer < 0 and computer in added.doc.computers and added.doc.names[computer] == "Computer 1"
    with pytest.raises(Refusal, match="not_a_player"):
        await service.add_computer(game_id, BOB.user_id)
    started = await service.start(game_id, BOB.user_id, is_admin=True)
    assert started.screens.hands_to_send == {ALICE.user_id}  # computers get no hand message
    async with database.unit_of_work() as uow:
        user = await uow.users.get(computer)
    assert user is not None and user.is_bot


async def test_the_last_person_leaving_closes_the_lobby(service: GameService) -> None:
    game_id = (await service.open_lobby(GROUP, ALICE, "Friends")).game.id
    await service.add_computer(game_id, ALICE.user_id)
    left = await service.leave(game_id, ALICE.user_id)
    assert left.doc.closed_because is LobbyClosed.EMPTY and left.game.status is GameStatus.STOPPED
    assert await service.find(GROUP) is None
    reopened = await service.open_lobby(GROUP, BOB, "Friends")
    assert reopened.game.id != game_id


async def test_an_idle_lobby_closes_only_when_due(service: GameService, clock: ManualClock) -> None:
    opened = await service.open_lobby(GROUP, ALICE, "Friends")
    game_id = opened.game.id
    clock.advance(LOBBY_IDLE_MS - 1000)
    await service.join(game_id, BOB)  # activity keeps it open
    clock.advance(LOBBY_IDLE_MS - 1)
    assert await service.timeout(game_id) is None
    clock.advance(1)
    closed = await service.timeout(game_id)
    assert closed is not None and closed.doc.closed_because is LobbyClosed.IDLE
    assert closed.game.status is GameStatus.STOPPED


async def test_stop_and_kick_need_the_creator_or_an_admin(service: GameService) -> None:
    game_id = (await service.open_lobby(GROUP, ALICE, "Friends")).game.id
    await service.join(game_id, BOB)
    await service.join(game_id, CAROL)
    with pytest.raises(Refusal, match="not_manager"):
        await service.kick(game_id, BOB.user_id, False, CAROL.user_id)
    kicked = await service.kick(game_id, BOB.user_id, True, CAROL.user_id)
    assert kicked.doc.players == (ALICE.user_id, BOB.user_id)
    with pytest.raises(Refusal, match="not_manager"):
        await service.stop(game_id, BOB.user_id, False)
    stopped = await service.stop(game_id, ALICE.user_id, False)
    assert stopped.stopped and stopped.game.status is GameStatus.STOPPED


async def test_the_creator_role_passes_to_the_next_person_who_joined(service: GameService) -> None:
    game_id = (await service.open_lobby(GROUP, ALICE, "Friends")).game.id
    await service.join(game_id, BOB)
    await service.add_computer(game_id, BOB.user_id)
    await service.join(game_id, CAROL)
    left = await service.leave(game_id, ALICE.user_id)
    assert left.doc.creator == BOB.user_id
    with pytest.raises(Refusal, match="not_manager"):
        await service.kick(game_id, ALICE.user_id, False, CAROL.user_id)
    kicked = await service.kick(game_id, CAROL.user_id, True, BOB.user_id)  # an admin removes him
    assert kicked.doc.creator == CAROL.user_id  # not the computer that joined before her
    started = await service.start(game_id, CAROL.user_id, is_admin=False)
    assert started.game.status is GameStatus.RUNNING


async def test_a_second_place_in_a_forum_gets_its_own_game(service: GameService) -> None:
    first = await service.open_lobby(Place(-5, 11), ALICE, "Forum")
    second = await service.open_lobby(Place(-5, 12), BOB, "Forum")
    assert first.game.id != second.game.id
    found = await service.find(Place(-5, 12))
    assert found is not None and found[0].id == second.game.id


async def test_unknown_people_are_refused(service: GameService) -> None:
    game_id = (await service.open_lobby(GROUP, ALICE, "Friends")).game.id
    with pytest.raises(Refusal, match="not_a_player"):
        await service.leave(game_id, Person(999, "Mallory").user_id)
    with pytest.raises(Refusal, match="no_game"):
        await service.join(game_id + 100, BOB)


async def test_a_match_starts_with_the_chat_rules_of_that_moment(
    service: GameService, database: Database
) -> None:
    game_id = (await service.open_lobby(GROUP, ALICE, "Friends")).game.id
    await service.join(game_id, BOB)
    async with database.unit_of_work() as uow:
        await change_setting(uow, GROUP.chat_id, "jump_in", "on")
        await apply_preset(uow, GROUP.chat_id, "house")
    started = await service.start(game_id, ALICE.user_id, is_admin=False)
    assert started.doc.state.rules == preset("house") and started.doc.preset == "house"
    assert started.game.preset == "house"


async def test_seats_are_free_again_after_someone_leaves_the_lobby(
    service: GameService, database: Database
) -> None:
    game_id = (await service.open_lobby(GROUP, ALICE, "Friends")).game.id
    await service.join(game_id, BOB)
    await service.leave(game_id, BOB.user_id)
    await service.join(game_id, CAROL)  # takes a seat number after the ones used, not Bob's old one
    rejoined = await service.join(game_id, BOB)  # who left may come back
    computer = (await service.add_computer(game_id, ALICE.user_id)).doc.players[-1]
    await service.kick(game_id, ALICE.user_id, False, computer)
    readded = await service.add_computer(game_id, ALICE.user_id)  # the same id again
    assert readded.doc.players == (ALICE.user_id, CAROL.user_id, BOB.user_id, computer)
    assert rejoined.doc.players == (ALICE.user_id, CAROL.user_id, BOB.user_id)
    async with database.unit_of_work() as uow:
        rows = await uow.games.players(game_id)
    assert [(row.user_id, row.left_at is None) for row in rows] == [
        (ALICE.user_id, True),
        (CAROL.user_id, True),
        (BOB.user_id, True),
        (computer, True),
    ]


async def test_a_name_taken_anew_comes_last_in_the_order_names_were_taken(
    service: GameService, database: Database
) -> None:
    """Of two names alike, whoever took theirs last is marked the second (`GameDocument.naming_order`): one
    who renames, or leaves the lobby and joins again, goes after everyone else; the order is stored."""
    game_id = (await service.open_lobby(GROUP, ALICE, "Friends")).game.id
    await service.join(game_id, BOB)
    await service.join(game_id, CAROL)
    renamed = await service.rename_player(game_id, ALICE.user_id, "Alicia")
    assert renamed is not None
    assert renamed.doc.naming_order == (BOB.user_id, CAROL.user_id, ALICE.user_id)
    await service.leave(game_id, BOB.user_id)
    rejoined = await service.join(game_id, BOB)
    assert rejoined.doc.players == (ALICE.user_id, CAROL.user_id, BOB.user_id)
    assert rejoined.doc.naming_order == (CAROL.user_id, ALICE.user_id, BOB.user_id)
    async with database.unit_of_work() as uow:
        record = await uow.games.get(game_id)
    assert record is not None and read_document(record).naming_order == rejoined.doc.naming_order


async def test_open_lobbies_of_the_chat_take_its_changed_rules(
    service: GameService, database: Database
) -> None:
    topics = [(await service.open_lobby(Place(-5, topic), ALICE, "Forum")).game.id for topic in (11, 12)]
    elsewhere = (await service.open_lobby(Place(-6), ALICE, "Other")).game.id
    running = (await service.open_lobby(Place(-5, 13), BOB, "Forum")).game.id
    await service.join(running, CAROL)
    await service.start(running, BOB.user_id, is_admin=False)
    assert await service.lobbies_take_chat_rules(-5) == []  # nothing changed
    async with database.unit_of_work() as uow:
        await apply_preset(uow, -5, "house")
    taken = await service.lobbies_take_chat_rules(-5)
    assert sorted(outcome.game.id for outcome in taken) == topics
    assert all(o.doc.rules == preset("house") and o.game.preset == "house" and o.screens.lobby for o in taken)
    for game_id, rules in ((elsewhere, Rules()), (running, Rules())):
        loaded = await service.load(game_id)
        assert loaded is not None and loaded[1].rules == rules
