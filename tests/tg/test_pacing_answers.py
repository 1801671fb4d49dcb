"""The answers to commands and a game's screens in one group's window: the share the answers take while a
game writes there and all of it when none does, one person's part of that share, pages of boards paced as
answers, and an equal reply still queued answering another. Against the fake Bot API, on a fake clock."""

import asyncio
import logging

import pytest

from bot.tg.pacing import Render, WritePacer
from bot.tg.pacing_window import (
    GAME_WRITING_SECONDS,
    GROUP_LIMIT,
    GROUP_REPLY_SHARE,
    ONE_PERSONS_ANSWERS,
)
from bot.tg.send import Outcome, Sent
from tests.fake_bot_api import FakeClock, FakeTelegram
from tests.tg.pacing_checks import most_writes_in_any_window, send_table, writes


async def test_a_games_screens_go_ahead_of_command_replies_which_keep_a_third_of_the_writes(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """A group flooding the bot with commands queued their replies ahead of its game's table: the table
    showed the deal minutes after the match had ended (the monkey run). Replies still get every third
    write."""
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    tables = [await send_table(pacer, group, f"table {n}") for n in range(6)]
    replies = [pacer.queue(group.id, Render(f"reply {n}"), reply=True) for n in range(3)]
    for n, table in enumerate(tables):
        pacer.edit(group.id, table, Render(f"move {n}"))
    await clock.run(pacer.drain())

    written = [str(call.params["text"]) for call in writes(fake, group)][len(tables) :]
    assert written == [
        "move 0", "move 1", "reply 0", "move 2", "move 3", "reply 1", "move 4", "move 5", "reply 2",
    ]  # fmt: skip
    assert all(isinstance(reply.result(), Sent) for reply in replies)


async def test_replies_flooding_a_quiet_group_take_their_share_of_its_window_and_the_table_keeps_the_rest(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """Several members flooding a quiet group with commands: their answers took the group's burst of writes
    at once and then every write the table left, its window filled within half a minute, and the table's
    edits then waited ~30 s for that burst to leave the window. Answers take at most their share of the
    window, and a table edited as often as the rest allows (every 5 s) waits no more than a write's turn."""
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    table = await send_table(pacer, group, "deal")
    await clock.pass_time(GROUP_LIMIT.seconds)  # the window is empty again
    answers: list[asyncio.Future[Outcome]] = []
    waited: list[float] = []
    for move in range(36):  # three minutes of people moving as often as the game's part of the window allows
        asked = clock.now
        pacer.edit(
            group.id, table, Render(f"move {move}"), landed=lambda at=asked: waited.append(clock.now - at)
        )
        if move == 0:  # the flood begins while the game writes in the group
            answers = [pacer.queue(group.id, Render(f"answer {n}"), reply=True) for n in range(40)]
        await clock.pass_time(5.0)  # 12 writes a minute: what the answers' share leaves the game
    await clock.run(pacer.drain())

    assert fake.too_many_requests_count == 0
    assert len(waited) == 36 and max(waited) <= GROUP_LIMIT.spacing
    sent = [call for call in writes(fake, group) if call.params["text"].startswith("answer")]
    moves = [call for call in writes(fake, group) if call.params["text"].startswith("move")]
    game_wrote_until = moves[-1].time + GAME_WRITING_SECONDS
    during_the_game = [call for call in sent if call.time < game_wrote_until]
    assert most_writes_in_any_window(during_the_game, 60) == GROUP_REPLY_SHARE.writes
    # once the game has stopped writing there, the answers left take the group's window
    assert most_writes_in_any_window(sent, 60) > GROUP_REPLY_SHARE.writes
    assert all(isinstance(answer.result(), Sent) for answer in answers)


async def test_one_members_flood_of_commands_does_not_hold_up_anothers_answer_in_a_busy_group(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """During a game whose screens keep the group's window busy, Alice sent 8 commands and then Bob one
    /rules: Bob's answer went out after Alice's 8, and when they had taken the answers' share, a minute
    later. Queued answers go by who asked: the one given the fewest lately first."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    for n in range(GROUP_LIMIT.burst_size):  # the game's burst: writes are a spacing apart from now on
        await send_table(pacer, group, f"screen {n}")
    flood = [pacer.queue(group.id, Render(f"Alice's {n}"), reply=True, asker=alice.id) for n in range(8)]
    rules = pacer.queue(group.id, Render("rules for Bob"), reply=True, asker=bob.id)
    await clock.run(asyncio.gather(*flood, rules))

    answers = [str(call.params["text"]) for call in writes(fake, group)][GROUP_LIMIT.burst_size :]
    assert answers[:2] == ["Alice's 0", "rules for Bob"]
    assert answers[2:] == [f"Alice's {n}" for n in range(1, 8)]  # in the order she asked


async def test_one_member_takes_at_most_their_part_of_the_answers_share_during_a_game(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """During a game, Alice's 8 commands at once were answered at once, the answers' whole share of the
    minute: Bob's /rules a second later waited a minute. One person's answers take at most
    ONE_PERSONS_ANSWERS of the share while the game writes there; the others' go at once."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await send_table(pacer, group, "table")
    flooded = clock.now
    flood = [pacer.queue(group.id, Render(f"Alice's {n}"), reply=True, asker=alice.id) for n in range(8)]
    await clock.pass_time(1.0)
    asked = clock.now
    rules = await clock.run(pacer.send(group.id, Render("rules for Bob"), reply=True, asker=bob.id))
    await clock.run(asyncio.gather(*flood))

    assert isinstance(rules, Sent)
    times = {str(call.params["text"]): call.time for call in writes(fake, group)}
    assert times["rules for Bob"] == asked
    given_at_once = [n for n in range(8) if times[f"Alice's {n}"] == flooded]
    assert given_at_once == list(range(ONE_PERSONS_ANSWERS))
    held = [times[f"Alice's {n}"] for n in range(ONE_PERSONS_ANSWERS, 8)]
    assert min(held) >= flooded + GROUP_REPLY_SHARE.seconds  # once her first ones have left the window


async def test_a_group_with_no_game_going_gives_answers_its_whole_window(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """The answers' share keeps part of the window for a game's screens; with no game writing in the group
    (its last screen written a window ago), a flurry of /stats and /top after an evening's matches is answered
    as the group's window allows, not 8 a minute, even to one person (their part of the share binds only
    during a game too)."""
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    await send_table(pacer, group, "results")
    await clock.pass_time(GAME_WRITING_SECONDS)
    flurry = clock.now
    answers = [
        pacer.queue(group.id, Render(f"answer {n}"), reply=True, asker=alice.id)
        for n in range(GROUP_LIMIT.writes)
    ]
    await clock.run(asyncio.gather(*answers))

    sent = [call for call in writes(fake, group) if call.params["text"].startswith("answer")]
    assert all(isinstance(answer.result(), Sent) for answer in answers)
    assert most_writes_in_any_window(sent, 60) > GROUP_REPLY_SHARE.writes
    assert clock.now - flurry < GROUP_LIMIT.seconds


async def test_a_quiet_groups_answers_go_at_once_after_a_games_burst(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """Right after a deal (the game's burst: the lobby's last edit, the table, a notice), a /rules, a /help
    and a /top go out at once, as they did before answers had a share of the window."""
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    lobby = await send_table(pacer, group, "lobby")
    dealt = clock.now
    pacer.edit(group.id, lobby, Render("the game has started"))
    screens = [pacer.queue(group.id, Render(screen)) for screen in ("table", "notice")]
    answers = [pacer.queue(group.id, Render(f"answer {n}"), reply=True) for n in range(3)]
    await clock.run(pacer.drain())

    assert all(isinstance(sent.result(), Sent) for sent in screens + answers)
    assert [call.time for call in writes(fake, group)] == [dealt] * 7


async def test_a_board_paged_once_answers_had_their_share_waits_and_the_table_does_not(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """Pages of the boards and menus people turn are paced as answers are: members paging their leaderboards
    must not take the game's part of the window."""
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    board, table = await send_table(pacer, group, "board"), await send_table(pacer, group, "table")
    await clock.pass_time(GROUP_LIMIT.seconds)  # the window is empty again
    flooded = clock.now
    answers = [
        pacer.queue(group.id, Render(f"answer {n}"), reply=True) for n in range(GROUP_REPLY_SHARE.writes)
    ]
    await clock.run(asyncio.gather(*answers))
    paged = clock.now
    pacer.edit(group.id, board, Render("this month"), reply=True)
    pacer.edit(group.id, table, Render("move 1"))
    await clock.run(pacer.drain())

    times = {str(call.params["text"]): call.time for call in writes(fake, group)}
    assert times["move 1"] == paged
    assert times["this month"] >= flooded + GROUP_REPLY_SHARE.seconds


async def test_a_reply_equal_to_one_still_queued_is_answered_by_it(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """A group repeating /rules while the table kept the writes busy got the rules once per command, all of
    them late (the monkey run). An equal reply waiting answers the later ones; one quoting another message,
    in another topic, or asked for after the first went out is sent."""
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    table = await send_table(pacer, group, "table")
    pacer.edit(group.id, table, Render("move"))  # the first reply waits behind it
    rules = [pacer.queue(group.id, Render("rules"), reply=True) for _ in range(3)]
    quoted = [pacer.queue(group.id, Render("rules"), reply_to=table, reply=True) for _ in range(2)]
    in_topic = pacer.queue(group.id, Render("rules"), thread_id=7, reply=True)
    not_a_reply = pacer.queue(group.id, Render("rules"))
    await clock.run(pacer.drain())
    again = await clock.run(pacer.send(group.id, Render("rules"), reply=True))

    sent = [call.params for call in writes(fake, group) if call.params["text"] == "rules"]
    # (the plain message, not a reply, went ahead of the queued replies)
    assert [("reply_parameters" in p, p.get("message_thread_id")) for p in sent] == [
        (False, None), (False, None), (True, None), (False, "7"), (False, None),
    ]  # fmt: skip
    ids = [future.result() for future in [*rules, *quoted, in_topic, not_a_reply]] + [again]
    assert all(isinstance(outcome, Sent) for outcome in ids)
    assert len({outcome.message_id for outcome in ids if isinstance(outcome, Sent)}) == 5
    assert ids[0] == ids[1] == ids[2] and ids[3] == ids[4]


async def test_a_caller_that_gave_up_waiting_for_a_reply_does_not_keep_the_others_from_it(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    """Two equal replies, the first's caller cancelled while it waited (its handler stopped): the second
    still learns its answer was sent, and the chat's worker goes on."""
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    given_up = pacer.queue(group.id, Render("rules"), reply=True)
    waiting = pacer.queue(group.id, Render("rules"), reply=True)
    given_up.cancel()
    with caplog.at_level(logging.ERROR):
        await clock.run(pacer.drain())
        later = await clock.run(pacer.send(group.id, Render("the table")))

    assert waiting.done() and isinstance(waiting.result(), Sent) and isinstance(later, Sent)
    assert caplog.messages == []


async def test_a_reply_equal_to_a_games_message_still_queued_is_sent_on_its_own(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """Only a reply answers an equal one: merged into the game's message, the answer would take that
    message's id, and tidying the answer away later would delete the game's message."""
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    notice = pacer.queue(group.id, Render("Alice's turn"))
    answer = pacer.queue(group.id, Render("Alice's turn"), reply=True)
    await clock.run(pacer.drain())

    assert isinstance(notice.result(), Sent) and isinstance(answer.result(), Sent)
    assert notice.result() != answer.result()
    assert len(writes(fake, group)) == 2


async def test_answers_held_by_their_share_go_once_the_game_has_been_quiet_for_a_minute(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """A flurry of commands half a minute after a match's last screen: the answers beyond the share waited
    for it to free, though the group's window was the answers' whole once the game had written nothing for
    GAME_WRITING_SECONDS."""
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    await send_table(pacer, group, "the match is over")
    ended = clock.now
    await clock.pass_time(GAME_WRITING_SECONDS / 2)
    answers = [
        pacer.queue(group.id, Render(f"answer {n}"), reply=True) for n in range(GROUP_REPLY_SHARE.writes + 1)
    ]
    await clock.run(asyncio.gather(*answers))

    times = [call.time for call in writes(fake, group) if call.params["text"].startswith("answer")]
    assert times[:-1] == [ended + GAME_WRITING_SECONDS / 2] * GROUP_REPLY_SHARE.writes
    assert times[-1] == ended + GAME_WRITING_SECONDS


async def test_while_one_member_floods_the_answers_two_others_ask_for_go_at_once(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """Of the answers' share, one person's take at most ONE_PERSONS_ANSWERS: the two left are kept for the
    others, so Bob's and Carol's commands during Alice's flood are answered at once."""
    alice, bob, carol = (fake.add_user(name) for name in ("Alice", "Bob", "Carol"))
    group = fake.add_group("Friends", members=[alice, bob, carol])
    await send_table(pacer, group, "table")
    flood = [pacer.queue(group.id, Render(f"Alice's {n}"), reply=True, asker=alice.id) for n in range(8)]
    await clock.pass_time(1.0)
    asked = clock.now
    others = [
        pacer.queue(group.id, Render(f"for {u.first_name}"), reply=True, asker=u.id) for u in (bob, carol)
    ]
    await clock.run(asyncio.gather(*flood, *others))

    times = {str(call.params["text"]): call.time for call in writes(fake, group)}
    assert times["for Bob"] == times["for Carol"] == asked


async def test_a_members_part_of_the_share_frees_as_their_earliest_answer_leaves_the_window(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """Alice, one command every 5 s during a game that then waits for a move: her answer beyond her part goes
    as soon as her first one is a minute old, not a minute after her last one."""
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    table = await send_table(pacer, group, "table")
    first = clock.now
    answers = []
    for n in range(ONE_PERSONS_ANSWERS + 1):
        answers.append(pacer.queue(group.id, Render(f"answer {n}"), reply=True, asker=alice.id))
        pacer.edit(group.id, table, Render(f"move {n}"))  # the game goes on writing there
        await clock.pass_time(5.0)
    await clock.run(asyncio.gather(*answers))

    times = [call.time for call in writes(fake, group) if call.params["text"].startswith("answer")]
    assert times[-1] == first + GROUP_REPLY_SHARE.seconds


async def test_a_games_message_held_back_by_slow_mode_keeps_its_part_of_the_window_from_paged_boards(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """A quiet game's "nobody moves" notice, which the supergroup's slow mode holds back: members paging
    their boards meanwhile take only the answers' share of the window, so the notice goes out the moment slow
    mode lets it."""
    people = [fake.add_user(name) for name in ("Alice", "Bob", "Carol", "Dan")]
    group = fake.add_group("Friends", members=people, supergroup=True)
    boards = {person.id: await send_table(pacer, group, f"{person.first_name}'s board") for person in people}
    await send_table(pacer, group, "table")
    fake.set_slow_mode(group, 600)
    await clock.pass_time(400)  # the game waits for a move
    notice = pacer.queue(group.id, Render("nobody moves"))
    await clock.pass_time(155)
    refused = writes(fake, group)[-1]  # retry after the rest of slow mode's delay
    may_send = refused.time + refused.response["parameters"]["retry_after"]
    for page in range(15):  # every board paged again and again until slow mode ends
        for person, board in boards.items():
            pacer.edit(group.id, board, Render(f"page {page}"), reply=True, asker=person)
        await clock.pass_time(3.0)
    await clock.run(notice)

    (sent,) = [call for call in writes(fake, group) if call.params["text"] == "nobody moves" and call.ok]
    assert sent.time == may_send
