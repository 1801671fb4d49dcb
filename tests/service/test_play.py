"""Playing through the service: whole matches, refusals, races, timeouts, results, replay."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from bot.engine.actions import Draw, Slap
from bot.engine.events import MatchEnded, SilenceBroken, Slapped, TimedOut
from bot.engine.game import apply, new_match
from bot.engine.rules import Rules, preset
from bot.engine.serialization import action_from_dict, state_to_dict
from bot.service import GameDocument, GameService, Refusal, Surface
from bot.service.document import StopReason
from bot.service.stop_rules import ABANDONED_MS, IDLE_WARNING_MS
from bot.storage import Database, GameStatus
from tests.service.conftest import ManualClock
from tests.service.helpers import (
    ALICE,
    BOB,
    CAROL,
    GROUP,
    first_move,
    human_move,
    same_move,
    set_chat_rules,
    step,
)
from tests.stored_results import stored_matches, stored_rounds

QUICK = Rules(target_score=100)
MOVE_MS = 1500


async def _running(
    service: GameService, database: Database, rules: Rules = QUICK, computers: int = 0
) -> tuple[int, GameDocument]:
    await set_chat_rules(database, GROUP.chat_id, rules)
    game_id = (await service.open_lobby(GROUP, ALICE, "Friends")).game.id
    await service.join(game_id, BOB)
    for _ in range(computers):
        await service.add_computer(game_id, ALICE.user_id)
    started = await service.start(game_id, ALICE.user_id, is_admin=False)
    return game_id, started.doc


async def _version(database: Database, game_id: int) -> int:
    async with database.unit_of_work() as uow:
        record = await uow.games.get(game_id)
    assert record is not None
    return record.version


async def test_a_whole_match_with_people_and_computers(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    game_id, doc = await _running(service, database, computers=2)
    ended: MatchEnded | None = None
    for _ in range(5000):
        clock.advance(MOVE_MS)
        outcome = await step(service, clock, game_id, doc)
        doc = outcome.doc
        ended = outcome.match_end or ended
        if outcome.game.status is GameStatus.FINISHED:
            break
    assert ended is not None and doc.state.match_over

    async with database.unit_of_work() as uow:
        record = await uow.games.get(game_id)
        rounds = await stored_rounds(uow, game_id)
        matches = await stored_matches(uow, game_id)
    assert record is not None and record.status is GameStatus.FINISHED and record.finished_at is not None
    # Competition ranking by total: equal totals share a place (players who never won a round tie at 0).
    assert [m.placement for m in matches] == [1 + sum(o.points > m.points for o in matches) for m in matches]
    assert matches[1].placement == 2 and len(matches) == 4
    assert matches[0].user_id in ended.winners and matches[0].points >= QUICK.target_score
    assert {m.user_id for m in matches if m.is_bot} == set(doc.computers)
    assert all(m.rounds_played == doc.state.round_no for m in matches)
    assert sum(m.rounds_won for m in matches) == doc.state.round_no
    assert {r.round_number for r in rounds} == set(range(1, doc.state.round_no + 1))
    assert sum(r.placement == 1 for r in rounds) == doc.state.round_no
    # Each round's row keeps what the player's hand was left worth: nothing for the round's winner.
    assert all(r.hand_points == 0 for r in rounds if r.placement == 1) and any(r.hand_points for r in rounds)
    # Every card played or drawn is counted once, per round and per match.
    for field in ("cards_played", "cards_drawn", "uno_calls", "catches_made", "catches_suffered"):
        assert sum(getattr(m, field) for m in matches) == sum(getattr(r, field) for r in rounds), field
    assert sum(m.cards_played for m in matches) > 0
    assert sum(m.catches_made for m in matches) == sum(m.catches_suffered for m in matches)
    assert all(m.duration_seconds > 0 for m in matches)


async def test_the_action_log_replays_to_the_stored_state(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    game_id, doc = await _running(service, database, computers=1)
    for _ in range(60):
        clock.advance(MOVE_MS)
        doc = (await step(service, clock, game_id, doc)).doc
    async with database.unit_of_work() as uow:
        log = await uow.games.events(game_id)
    start = next(e for e in log if e.kind == "match.start")
    state, _ = new_match(
        start.payload["players"],
        Rules.from_dict(start.payload["rules"]),
        start.payload["seed"],
        start.payload["now"],
    )
    for entry in log:
        if entry.kind.startswith("action."):
            state, _ = apply(state, action_from_dict(entry.payload))
    assert state_to_dict(state) == state_to_dict(doc.state)


async def test_the_document_a_change_reuses_equals_the_stored_one(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    """Each change reuses the document this process saved instead of parsing the row: after every move
    that document equals what a process that saved nothing (a restart) reads from the database."""
    game_id, doc = await _running(service, database, computers=1)
    for _ in range(80):
        clock.advance(MOVE_MS)
        doc = (await step(service, clock, game_id, doc)).doc
        fresh = await GameService(database, clock, lambda: 0, clock).load(game_id)
        assert fresh is not None and fresh[1] == doc
        assert state_to_dict(fresh[1].state) == state_to_dict(doc.state)


async def test_stale_forged_and_other_players_presses_change_nothing(
    service: GameService, database: Database
) -> None:
    game_id, doc = await _running(service, database)
    actor = doc.state.actor
    assert actor is not None
    other = BOB.user_id if actor == ALICE.user_id else ALICE.user_id
    before = await _version(database, game_id)
    move = same_move(first_move(doc, actor))

    refusals = [
        (actor, doc.hand_counters[actor] - 1, move, "stale"),  # an older keyboard
        (other, doc.hand_counters[other], same_move(Draw(other)), "not_your_turn"),
        (999, 0, move, "not_in_match"),
    ]
    for user, counter, intent, reason in refusals:
        with pytest.raises(Refusal) as refused:
            await service.press(game_id, user, Surface.HAND, counter, intent)
        assert refused.value.reason == reason
    with pytest.raises(Refusal, match="no_game"):
        await service.press(game_id + 1, actor, Surface.HAND, doc.hand_counters[actor], move)
    assert await _version(database, game_id) == before


async def test_two_presses_at_once_have_exactly_one_outcome(service: GameService, database: Database) -> None:
    game_id, doc = await _running(service, database)
    actor = doc.state.actor
    assert actor is not None
    move = same_move(first_move(doc, actor))
    counter = doc.hand_counters[actor]
    before = await _version(database, game_id)
    results = await asyncio.gather(
        service.press(game_id, actor, Surface.HAND, counter, move),
        service.press(game_id, actor, Surface.HAND, counter, move),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, Refusal)]
    assert len(refused) == 1 and refused[0].reason == "stale"
    assert await _version(database, game_id) == before + 1


async def test_a_turn_times_out_only_when_due(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    game_id, doc = await _running(service, database)
    deadline = doc.state.turn_deadline
    assert deadline is not None
    clock.now = deadline - 1
    assert await service.timeout(game_id) is None
    clock.now = deadline
    timed = await service.timeout(game_id)
    assert timed is not None
    assert any(isinstance(e, TimedOut) and e.player == doc.state.actor for e in timed.events)
    assert await service.timeout(game_id) is None  # the new turn has its own deadline


async def test_a_press_after_its_turn_timed_out_is_refused_as_too_late(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    game_id, doc = await _running(service, database)
    actor = doc.state.actor
    assert actor is not None and doc.state.turn_deadline is not None
    clock.now = doc.state.turn_deadline
    await service.timeout(game_id)
    with pytest.raises(Refusal, match="turn_timed_out"):
        await service.press(
            game_id, actor, Surface.HAND, doc.hand_counters[actor], same_move(first_move(doc, actor))
        )


async def test_only_changed_hands_are_redrawn(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    game_id, doc = await _running(service, database)
    actor = doc.state.actor
    assert actor is not None
    other = BOB.user_id if actor == ALICE.user_id else ALICE.user_id
    clock.advance(MOVE_MS)
    moved = await service.press(
        game_id, actor, Surface.HAND, doc.hand_counters[actor], same_move(Draw(actor))
    )
    assert actor in moved.screens.hands_to_edit | moved.screens.hands_to_send
    assert moved.screens.table
    if moved.doc.state.actor == other:
        assert other in moved.screens.hands_to_send
    assert moved.doc.hand_counters[actor] == moved.doc.state.seq


async def test_the_document_remembers_the_turn_each_hand_was_last_sent_anew_for(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    """what a restart compares with the turn each hand message was sent for; a document saved before this
    was kept reads as none recorded (so a restart only edits, as it did)."""
    game_id, doc = await _running(service, database)
    assert doc.hand_sends == dict.fromkeys((ALICE.user_id, BOB.user_id), doc.state.seq)  # the deal
    for _ in range(10):
        clock.advance(MOVE_MS)
        before = doc
        outcome = await step(service, clock, game_id, doc)
        doc = outcome.doc
        sent = {p: doc.state.seq for p in outcome.screens.hands_to_send}
        unchanged = {p: seq for p, seq in before.hand_sends.items() if p not in sent}
        assert doc.hand_sends == {**unchanged, **sent}
    stored = doc.to_dict()
    del stored["hand_sends"]
    assert GameDocument.from_dict(stored) == replace(doc, hand_sends={})


async def test_stopping_a_running_match_stores_early_results(
    service: GameService, database: Database
) -> None:
    game_id, _ = await _running(service, database, computers=1)
    stopped = await service.stop(game_id, BOB.user_id, is_admin=True)
    assert stopped.stopped and stopped.game.status is GameStatus.STOPPED
    async with database.unit_of_work() as uow:
        matches = await stored_matches(uow, game_id)
    assert len(matches) == 3 and all(m.stopped_early for m in matches)
    with pytest.raises(Refusal, match="no_game"):
        await service.stop(game_id, ALICE.user_id, is_admin=False)


async def test_leaving_a_two_player_match_ends_it(service: GameService, database: Database) -> None:
    game_id, _ = await _running(service, database)
    left = await service.leave(game_id, BOB.user_id)
    assert left.match_end is not None and left.match_end.winners == (ALICE.user_id,)
    assert left.game.status is GameStatus.FINISHED
    async with database.unit_of_work() as uow:
        players = {p.user_id: p.left_at for p in await uow.games.players(game_id)}
    assert players[BOB.user_id] is not None and players[ALICE.user_id] is None


async def test_repeated_timeouts_remove_the_player(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    game_id, doc = await _running(service, database, rules=replace(QUICK, afk_limit=1))
    actor = doc.state.actor
    assert doc.state.turn_deadline is not None
    clock.now = doc.state.turn_deadline
    timed = await service.timeout(game_id)
    assert timed is not None and timed.match_end is not None and actor not in timed.match_end.winners


async def test_a_match_nobody_plays_any_more_ends_with_no_winner(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    """Both players stop pressing: whoever misses `afk_limit` turns first leaves, and the other, who missed
    their last turn too, does not win a rated match for it."""
    game_id, doc = await _running(service, database, rules=replace(QUICK, afk_limit=2))
    outcome = None
    for _ in range(4):
        assert doc.state.turn_deadline is not None
        clock.now = doc.state.turn_deadline
        outcome = await service.timeout(game_id)
        assert outcome is not None
        doc = outcome.doc
        if outcome.game.status is not GameStatus.RUNNING:
            break
    assert outcome is not None and outcome.stopped and outcome.game.status is GameStatus.STOPPED
    assert outcome.match_end is None and doc.standings_unannounced and doc.stopped_because is StopReason.IDLE
    async with database.unit_of_work() as uow:
        rows = await stored_matches(uow, game_id)
    assert {row.user_id for row in rows} == {ALICE.user_id, BOB.user_id}
    assert all(row.stopped_early for row in rows)  # as any stopped match: no winner, not rated


async def test_a_player_who_missed_one_turn_still_wins_when_the_other_leaves(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    game_id, doc = await _running(service, database)
    first = doc.state.actor
    assert doc.state.turn_deadline is not None and doc.rules.afk_limit > 1
    clock.now = doc.state.turn_deadline
    timed = await service.timeout(game_id)  # one missed turn: not idle enough to lose a win over it
    assert timed is not None and timed.doc.state.actor not in (None, first)
    left = await service.leave(game_id, timed.doc.state.actor)
    assert left.match_end is not None and left.match_end.winners == (first,) and not left.stopped


async def test_kicking_the_last_opponent_stops_the_match_with_no_winner(
    service: GameService, database: Database
) -> None:
    """Else a creator could farm wins and rating: open a match, kick the other player, win."""
    game_id, _ = await _running(service, database)
    outcome = await service.kick(game_id, ALICE.user_id, False, BOB.user_id)
    assert outcome.stopped and outcome.game.status is GameStatus.STOPPED and outcome.match_end is None
    assert outcome.doc.stopped_because is StopReason.KICKED and outcome.doc.standings_unannounced
    async with database.unit_of_work() as uow:
        rows = await stored_matches(uow, game_id)
        alice = await uow.users.get(ALICE.user_id)
    assert [(row.user_id, row.stopped_early) for row in rows] == [(ALICE.user_id, True)]
    assert alice is not None and alice.rated_matches == 0


async def test_a_kicked_player_has_no_result_and_a_leaver_s_loss_stands(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    await set_chat_rules(database, GROUP.chat_id, QUICK)
    game_id = (await service.open_lobby(GROUP, ALICE, "Friends")).game.id
    for person in (BOB, CAROL):
        await service.join(game_id, person)
    await service.start(game_id, ALICE.user_id, is_admin=False)
    doc = (await service.kick(game_id, ALICE.user_id, False, CAROL.user_id)).doc
    assert doc.kicked == {CAROL.user_id} and GameDocument.from_dict(doc.to_dict()).kicked == doc.kicked
    outcome = await service.leave(game_id, BOB.user_id)  # leaving oneself is a forfeit, as ever
    assert outcome.match_end is not None and outcome.match_end.winners == (ALICE.user_id,)
    async with database.unit_of_work() as uow:
        rows = {row.user_id: row for row in await stored_matches(uow, game_id)}
    assert set(rows) == {ALICE.user_id, BOB.user_id}
    # Bob left before a round was played: his loss counts on the boards (a match of two people), Alice's
    # walkover does not (nobody else played a full round), so neither is rated.
    assert {user: (row.people, row.rating_after) for user, row in rows.items()} == {
        ALICE.user_id: (0, None),
        BOB.user_id: (2, None),
    }


async def test_a_match_without_a_turn_timer_that_nobody_moves_in_for_an_hour_is_warned_then_stopped(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    game_id, doc = await _running(service, database, rules=replace(QUICK, turn_seconds=0))
    assert doc.state.next_deadline() is None  # nothing else would ever end it
    abandoned = doc.state.clock + ABANDONED_MS
    loaded = await service.load(game_id)
    assert loaded is not None and service.deadline(*loaded) == abandoned - IDLE_WARNING_MS
    clock.now = abandoned - IDLE_WARNING_MS - 1
    assert await service.timeout(game_id) is None
    clock.now = abandoned - IDLE_WARNING_MS
    warned = await service.timeout(game_id)
    assert warned is not None and warned.idle_warning and warned.game.status is GameStatus.RUNNING
    assert service.deadline(warned.game, warned.doc) == abandoned  # warned once
    assert GameDocument.from_dict(warned.doc.to_dict()).idle_warned == abandoned
    clock.now = abandoned - 1
    assert await service.timeout(game_id) is None
    clock.now = abandoned
    outcome = await service.timeout(game_id)
    assert outcome is not None and outcome.stopped and outcome.game.status is GameStatus.STOPPED
    assert outcome.doc.stopped_because is StopReason.IDLE and outcome.doc.standings_unannounced
    reread = GameDocument.from_dict(outcome.doc.to_dict())
    assert reread.stopped_because is StopReason.IDLE  # kept until the standings are posted, even a restart


async def test_a_move_after_the_idle_warning_gives_the_match_another_hour_and_warning(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    game_id, doc = await _running(service, database, rules=replace(QUICK, turn_seconds=0))
    clock.now = doc.state.clock + ABANDONED_MS - IDLE_WARNING_MS
    warned = await service.timeout(game_id)
    assert warned is not None and warned.idle_warning
    moved = await human_move(service, game_id, warned.doc)
    assert not moved.idle_warning
    assert service.deadline(moved.game, moved.doc) == clock.now + ABANDONED_MS - IDLE_WARNING_MS


async def test_an_outage_does_not_count_as_an_hour_nobody_moved(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    game_id, doc = await _running(service, database, rules=replace(QUICK, turn_seconds=0))
    clock.now = doc.state.clock + ABANDONED_MS * 2  # the bot was down meanwhile
    restarted = GameService(database, clock, lambda: 1, clock)
    loaded = await restarted.load(game_id)
    assert loaded is not None
    assert restarted.deadline(*loaded) == clock.now + ABANDONED_MS - IDLE_WARNING_MS  # the warning first
    assert await restarted.timeout(game_id) is None  # people get their hour after the restart


async def test_two_processes_pressing_at_once_have_exactly_one_outcome(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    """A second service (another process: its own locks) saves first; the loser reloads and is refused."""
    other_process = GameService(database, clock, lambda: 1, clock)
    game_id, doc = await _running(service, database)
    actor = doc.state.actor
    assert actor is not None
    move = same_move(first_move(doc, actor))
    counter = doc.hand_counters[actor]
    before = await _version(database, game_id)
    results = await asyncio.gather(
        service.press(game_id, actor, Surface.HAND, counter, move),
        other_process.press(game_id, actor, Surface.HAND, counter, move),
        return_exceptions=True,
    )
    assert sorted(type(r).__name__ for r in results) == ["Outcome", "Refusal"]
    assert await _version(database, game_id) == before + 1


async def test_posting_during_seven_silence_costs_cards(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    game_id, doc = await _running(service, database, rules=preset("extreme"), computers=1)
    assert await service.break_silence(game_id, ALICE.user_id, BOB.user_id) is None  # no silence yet
    for _ in range(2000):
        if doc.engine is not None and doc.state.silence_holder is not None:
            break
        clock.advance(MOVE_MS)
        doc = (await step(service, clock, game_id, doc)).doc
    else:
        pytest.fail("no seven was played")
    holder = doc.state.silence_holder
    talker = next(p for p in doc.state.players if p != holder and p not in doc.computers)
    before = len(doc.state.hands[talker])
    # Judged against the silence the group was told of: another one (not yet on the table) breaks nothing.
    assert await service.break_silence(game_id, talker, talker) is None
    broken = await service.break_silence(game_id, talker, holder)
    assert broken is not None and broken.doc.state.silence_holder is None
    assert any(isinstance(e, SilenceBroken) and e.player == talker for e in broken.events)
    assert len(broken.doc.state.hands[talker]) > before
    assert await service.break_silence(game_id, 999, holder) is None


async def test_a_keyboard_stays_valid_until_its_owner_s_options_change(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    await set_chat_rules(database, GROUP.chat_id, QUICK)
    game_id = (await service.open_lobby(GROUP, ALICE, "Friends")).game.id
    await service.join(game_id, BOB)
    await service.join(game_id, CAROL)
    doc = (await service.start(game_id, ALICE.user_id, is_admin=False)).doc
    kept = 0
    for _ in range(30):
        clock.advance(MOVE_MS)
        before = doc
        outcome = await step(service, clock, game_id, doc)
        doc = outcome.doc
        redrawn = outcome.screens.hands_to_edit | outcome.screens.hands_to_send
        for player in doc.state.players:
            if player in redrawn:
                assert doc.hand_counters[player] == doc.state.seq
            else:
                assert doc.hand_counters[player] == before.hand_counters[player]
                kept += 1
    assert kept > 0  # a player untouched by a move keeps a working keyboard


async def test_every_slap_of_one_window_counts(
    service: GameService, database: Database, clock: ManualClock
) -> None:
    await set_chat_rules(database, GROUP.chat_id, preset("extreme"))
    game_id = (await service.open_lobby(GROUP, ALICE, "Friends")).game.id
    await service.join(game_id, BOB)
    await service.join(game_id, CAROL)
    doc = (await service.start(game_id, ALICE.user_id, is_admin=False)).doc
    for _ in range(3000):
        if doc.engine is not None and doc.state.slap_pending:
            break
        clock.advance(MOVE_MS)
        doc = (await step(service, clock, game_id, doc)).doc
    else:
        pytest.fail("no zero was played")
    counter = doc.table_counter  # every slapper presses the table as it was when the window opened
    slappers = list(doc.state.slap_pending)
    for player in slappers[:-1]:
        outcome = await service.press(game_id, player, Surface.TABLE, counter, same_move(Slap(player)))
        assert any(isinstance(e, Slapped) and e.player == player for e in outcome.events)
