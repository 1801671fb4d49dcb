"""The bot-wide window, chats that answered 403, stopping: against the fake Bot API, on a fake clock."""

import asyncio
from typing import NamedTuple

from telegram import Bot, BotCommand, BotCommandScopeChat

from bot.tg.paced_writes import Undelivered
from bot.tg.pacing import STOPPING, Render, WritePacer
from bot.tg.pacing_window import BOT_LIMIT, GROUP_EDIT_YIELD, HAND_EDIT_HEAD_START, BotWideWindow, WindowLimit
from bot.tg.send import Outcome, Sent, Unreachable
from tests.fake_bot_api import Chat, FakeClock, FakeTelegram, User
from tests.fake_bot_api.errors import too_many_requests
from tests.tg.pacing_checks import WRITES, most_writes_in_any_window, send_table, writes


async def test_writes_to_many_chats_stay_within_the_bot_wide_limit(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    users = [fake.add_user(f"Player {n}", started_bot=True) for n in range(80)]
    pacer = WritePacer(bot, clock=clock, sleep=clock.sleep)
    # A deal of many games at once: two messages to every player (each chat's own burst allows both).
    asked = [pacer.send(user.id, Render(f"hand {n}")) for user in users for n in range(2)]
    outcomes = await clock.run(asyncio.gather(*asked))
    await pacer.aclose()

    assert all(isinstance(outcome, Sent) for outcome in outcomes)
    assert fake.too_many_requests_count == 0  # the fake refuses beyond 30 in a rolling second
    calls = [call for call in fake.calls if call.method in WRITES]
    assert len(calls) == 160
    assert most_writes_in_any_window(calls, 1.0) == BOT_LIMIT.writes


class Busy(NamedTuple):
    """A pacer whose bot-wide window takes one write a second, a group table and hands already sent to the
    first players; `start` is 10 s later, when the window is empty again."""

    pacer: WritePacer
    users: list[User]
    group: Chat
    table: int
    hands: list[int]
    start: float


async def _one_a_second(bot: Bot, fake: FakeTelegram, clock: FakeClock, players: int, hands: int) -> Busy:
    users = [fake.add_user(f"Player {n}", started_bot=True) for n in range(players)]
    group = fake.add_group("Friends", members=users)
    pacer = WritePacer(bot, clock=clock, sleep=clock.sleep, bot_limit=WindowLimit(1, 1.0, burst=1))
    table = await send_table(pacer, group, "table")
    sent = [await send_table(pacer, fake.private_chat(user), "hand") for user in users[:hands]]
    await clock.pass_time(10)
    return Busy(pacer, users, group, table, sent, clock.now)


async def test_when_the_bot_wide_window_is_full_hand_edits_go_first_then_sends_then_table_edits(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    pacer, users, group, table, hands, start = await _one_a_second(bot, fake, clock, 4, hands=3)
    pacer.edit(users[0].id, hands[0], Render("fills the window"))
    pacer.edit(group.id, table, Render("Bob's turn"))
    turn = asyncio.ensure_future(pacer.send(users[3].id, Render("your turn")))
    pacer.edit(users[1].id, hands[1], Render("the card Bob drew"))
    pacer.edit(users[2].id, hands[2], Render("Carol's move is done"))
    await clock.run(pacer.drain())
    await pacer.aclose()

    assert isinstance(turn.result(), Sent)
    order = [(c.method, int(c.params["chat_id"]), c.time - start) for c in fake.calls if c.time >= start]
    assert order == [
        ("editMessageText", users[0].id, 0.0),
        ("editMessageText", users[1].id, 1.0),  # asked for last, written first: the presser watches it
        ("editMessageText", users[2].id, 2.0),
        ("sendMessage", users[3].id, 3.0),
        ("editMessageText", group.id, 4.0),
    ]


async def test_a_table_edit_that_waited_long_keeps_its_turn_before_a_later_send(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    pacer, users, group, table, hands, start = await _one_a_second(bot, fake, clock, 5, hands=4)
    for user, hand in zip(users[:4], hands, strict=True):
        pacer.edit(user.id, hand, Render("the turn moved on"))
    pacer.edit(group.id, table, Render("Eve's turn"))
    await clock.pass_time(2.5)  # the table edit has waited 2.5 s when the send is asked for
    turn = asyncio.ensure_future(pacer.send(users[4].id, Render("your turn")))
    await clock.run(pacer.drain())
    await pacer.aclose()

    assert isinstance(turn.result(), Sent)
    order = [(int(c.params["chat_id"]), c.time - start) for c in fake.calls if c.time >= start]
    assert order[-2:] == [(group.id, 4.0), (users[4].id, 5.0)]


async def test_when_the_bot_wide_window_is_full_a_send_asked_for_a_moment_after_a_table_edit_goes_first(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    """The table's onlookers can wait a moment: a message telling Dan it is his turn, asked for a second and
    a half after the table's edit, goes ahead of it."""
    pacer, users, group, table, hands, start = await _one_a_second(bot, fake, clock, 4, hands=3)
    for user, hand in zip(users[:3], hands, strict=True):
        pacer.edit(user.id, hand, Render("the turn moved on"))
    pacer.edit(group.id, table, Render("Dan's turn"))
    await clock.pass_time(1.5)
    turn = asyncio.ensure_future(pacer.send(users[3].id, Render("your turn")))
    await clock.run(pacer.drain())
    await pacer.aclose()

    assert isinstance(turn.result(), Sent)
    order = [(int(c.params["chat_id"]), c.time - start) for c in fake.calls if c.time >= start]
    assert order[-2:] == [(users[3].id, 3.0), (group.id, 4.0)]


async def test_when_the_bot_wide_window_is_full_a_table_edit_lets_recent_hands_go_first_and_absorbs_renders(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    pacer, users, group, table, hands, start = await _one_a_second(bot, fake, clock, 3, hands=3)
    pacer.edit(users[0].id, hands[0], Render("fills the window"))
    pacer.edit(group.id, table, Render("Alice played"))
    await clock.pass_time(0.5)
    pacer.edit(users[1].id, hands[1], Render("Bob's hand"))
    pacer.edit(group.id, table, Render("Bob played"))  # replaces the waiting table render
    pacer.edit(users[2].id, hands[2], Render("Carol's hand"))
    await clock.run(pacer.drain())
    await pacer.aclose()

    order = [(int(c.params["chat_id"]), c.time - start) for c in fake.calls if c.time >= start]
    assert order == [(users[0].id, 0.0), (users[1].id, 1.0), (users[2].id, 2.0), (group.id, 3.0)]
    assert fake.messages[(group.id, table)].text == "Bob played"


async def test_a_delete_waits_in_the_bot_wide_window_behind_what_players_are_waiting_for(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    pacer, users, _, _, hands, start = await _one_a_second(bot, fake, clock, 3, hands=3)
    pacer.edit(users[0].id, hands[0], Render("fills the window"))
    replaced = asyncio.ensure_future(pacer.delete(users[1].id, hands[1]))
    turn = asyncio.ensure_future(pacer.send(users[1].id, Render("your turn")))
    await clock.pass_time(0.5)
    pacer.edit(users[2].id, hands[2], Render("the card Carol drew"))
    await clock.run(asyncio.gather(replaced, turn))
    await clock.run(pacer.drain())
    await pacer.aclose()

    order = [(c.method, int(c.params["chat_id"]), c.time - start) for c in fake.calls if c.time >= start]
    assert order == [
        ("editMessageText", users[0].id, 0.0),
        ("editMessageText", users[2].id, 1.0),
        ("sendMessage", users[1].id, 2.0),  # the chat's new hand does not wait for the old one's delete
        ("deleteMessage", users[1].id, 3.0),
    ]
    assert (users[1].id, hands[1]) not in fake.messages


async def test_a_delete_still_waiting_for_the_window_is_dropped_when_the_pacer_stops(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    pacer, users, _, _, hands, _ = await _one_a_second(bot, fake, clock, 2, hands=2)
    pacer.edit(users[0].id, hands[0], Render("fills the window"))
    waiting = asyncio.ensure_future(pacer.delete(users[1].id, hands[1]))
    await clock.pass_time(0.5)
    await pacer.aclose()
    await pacer.delete(users[0].id, hands[0])  # asked for after the stop: returns at once
    await asyncio.wait([waiting])

    assert waiting.cancelled()
    assert not [c for c in fake.calls if c.method == "deleteMessage"]
    assert (users[1].id, hands[1]) in fake.messages


async def test_after_a_403_every_later_write_fails_at_once_until_the_chat_is_writable(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    reports: list[Undelivered] = []
    asked_meanwhile: list[asyncio.Future[Outcome]] = []

    async def record(undelivered: Undelivered) -> None:
        reports.append(undelivered)
        # The runtime reacts to the 403 (a database write) while the game goes on and asks for more.
        asked_meanwhile.append(asyncio.ensure_future(pacer.send(alice.id, Render("asked meanwhile"))))
        await clock.sleep(1)

    pacer = WritePacer(bot, clock=clock, sleep=clock.sleep, on_undelivered=record)
    private = fake.private_chat(alice)
    hand = await send_table(pacer, private, "hand")
    fake.user_blocks_bot(alice)
    pacer.edit(alice.id, hand, Render("new hand"))
    await clock.run(pacer.drain())
    asked_after = await clock.run(pacer.send(alice.id, Render("asked after the worker ended")))
    pacer.edit(alice.id, hand, Render("edited after"))
    await clock.run(pacer.drain())

    blocked = Unreachable(alice.id, "Forbidden: bot was blocked by the user")
    assert [f.result() for f in asked_meanwhile] == [blocked] and asked_after == blocked
    assert [c.status for c in writes(fake, private)] == [200, 403]  # one refused call, not one per write
    assert reports == [Undelivered(alice.id, hand, blocked)]

    fake.user_starts_bot(alice)
    pacer.writable(alice.id)
    assert isinstance(await clock.run(pacer.send(alice.id, Render("welcome back"))), Sent)
    await pacer.aclose()


async def test_an_edit_dropped_by_a_403_does_not_swallow_the_next_edit_once_the_chat_is_writable(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """Alice blocked the bot while her hand's edit waited behind a message to her: the 403 dropped both.
    Once she is back, her hand's next edit is written, not merged into the dropped one."""
    alice = fake.add_user("Alice", started_bot=True)
    private = fake.private_chat(alice)
    hand = await send_table(pacer, private, "hand")
    fake.user_blocks_bot(alice)
    told = pacer.queue(alice.id, Render("your turn"))
    pacer.edit(alice.id, hand, Render("hand, your turn"))
    await clock.run(pacer.drain())
    assert isinstance(told.result(), Unreachable)

    fake.user_starts_bot(alice)
    pacer.writable(alice.id)
    pacer.edit(alice.id, hand, Render("hand, back in the game"))
    await clock.run(pacer.drain())
    assert fake.messages[(alice.id, hand)].text == "hand, back in the game"


async def test_stopping_fails_queued_and_later_writes_at_once(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    pacer = WritePacer(bot, clock=clock, sleep=clock.sleep)
    table = await send_table(pacer, group, "table")
    fake.fail_next("sendMessage", too_many_requests(30))
    pacer.edit(group.id, table, Render("edited"))
    queued = [asyncio.ensure_future(pacer.send(group.id, Render(f"note {n}"))) for n in range(3)]
    await clock.pass_time(1)  # the edit landed; the first note was refused and waits out its 30 s
    pacer.stop()
    await clock.run(pacer.drain())
    late = await pacer.send(group.id, Render("late"))
    pacer.edit(group.id, table, Render("edited late"))
    await clock.run(pacer.drain())

    assert [f.result() for f in queued] == [STOPPING] * 3 and late == STOPPING
    assert [(c.method, c.status) for c in writes(fake, group)] == [
        ("sendMessage", 200),
        ("editMessageText", 200),
        ("sendMessage", 429),
    ]
    assert [m.text for m in fake.bot_messages_in(group)] == ["edited"]


async def test_stopping_does_not_wait_for_slow_mode_to_let_a_held_message_go(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    """The results were held back by the supergroup's slow mode (five minutes) when the bot stopped: the
    stop fails them at once, not once slow mode would have let them go."""
    group = fake.add_group("Friends", members=[fake.add_user("Alice")], supergroup=True)
    fake.set_slow_mode(group, 300)
    pacer = WritePacer(bot, clock=clock, sleep=clock.sleep)
    await send_table(pacer, group, "table")
    results = pacer.queue(group.id, Render("results"))
    await clock.pass_time(1)  # refused: held back for the rest of slow mode's delay
    stopped = clock.now
    await clock.run(pacer.aclose())

    assert results.result() == STOPPING and clock.now == stopped


async def test_a_tidying_delete_goes_after_every_write_waiting_for_the_bot_wide_window(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    """An old refusal in the group is deleted only when nothing else waits: the table edit asked for after
    it goes first (a replaced hand's delete would go ahead of that edit)."""
    pacer, users, group, table, hands, start = await _one_a_second(bot, fake, clock, 2, hands=1)
    refusal = await send_table(pacer, group, "Only Alice can do that.")
    await clock.pass_time(10)
    start = clock.now
    pacer.edit(users[0].id, hands[0], Render("fills the window"))
    tidied = asyncio.ensure_future(pacer.tidy(group.id, refusal))
    await clock.pass_time(0.5)
    pacer.edit(group.id, table, Render("Bob's turn"))
    await clock.run(tidied)
    await clock.run(pacer.drain())
    await pacer.aclose()

    order = [(c.method, int(c.params["chat_id"]), c.time - start) for c in fake.calls if c.time >= start]
    assert order == [
        ("editMessageText", users[0].id, 0.0),
        ("editMessageText", group.id, 1.0),
        ("deleteMessage", group.id, 2.0),
    ]
    assert (group.id, refusal) not in fake.messages


async def test_a_menu_set_again_goes_after_every_write_waiting_for_the_bot_wide_window(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    """A private chat's menu set again in a new version's wording (bot.tg.profile_kept) waits for its turn
    as a tidying delete does: the table edit asked for after it goes first; once the bot stops, none."""
    pacer, users, group, table, hands, start = await _one_a_second(bot, fake, clock, 2, hands=1)

    async def menu_set_again() -> bool:
        if not await pacer.last_turn():
            return False
        return await bot.set_my_commands([BotCommand("help", "Help")], scope=BotCommandScopeChat(users[1].id))

    pacer.edit(users[0].id, hands[0], Render("fills the window"))
    set_again = asyncio.ensure_future(menu_set_again())
    await clock.pass_time(0.5)
    pacer.edit(group.id, table, Render("Bob's turn"))
    await clock.run(set_again)
    await clock.run(pacer.drain())
    await pacer.aclose()

    order = [(c.method, c.time - start) for c in fake.calls if c.time >= start]
    assert order == [("editMessageText", 0.0), ("editMessageText", 1.0), ("setMyCommands", 2.0)]
    assert await menu_set_again() is False


async def test_stopping_while_a_new_message_is_on_its_way_tells_its_caller(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    """The bot stopped while a hand was on its way to Alice over a slow network: the handler awaiting it must
    learn it will not land, or PTB's Application.stop waits for it for ever."""
    alice = fake.add_user("Alice", started_bot=True)
    pacer = WritePacer(bot, clock=clock, sleep=clock.sleep)

    async def slow_network(method: str, chat_id: str | None) -> None:
        if method == "sendMessage":
            await clock.sleep(60)

    fake.transit = slow_network
    sending = asyncio.ensure_future(pacer.send(alice.id, Render("your hand")))
    await clock.pass_time(1)  # on its way
    pacer.stop()
    await clock.run(pacer.drain())
    await clock.pass_time(0)

    assert sending.done() and sending.result() == STOPPING


async def test_a_write_asked_for_as_the_bot_wide_window_frees_goes_after_those_waiting_for_it(
    clock: FakeClock,
) -> None:
    """The window's gate wakes a moment late (a busy event loop): a write asked for in that moment, finding
    room, went ahead of the hand edit that had waited for it, which then waited a whole window more."""
    window = BotWideWindow(WindowLimit(1, 1.0), clock, clock.sleep)
    await window.admit(0.0)
    hand = asyncio.ensure_future(window.admit(HAND_EDIT_HEAD_START))
    await clock.pass_time(0.5)
    clock.now += 0.5  # the window has room again; the gate has not woken yet
    table = asyncio.ensure_future(window.admit(-GROUP_EDIT_YIELD))
    await asyncio.sleep(0)
    assert not table.done()
    await clock.pass_time(0)
    assert hand.done() and not table.done()
    await clock.run(table)
    window.close()


async def test_a_write_given_up_while_waiting_for_the_bot_wide_window_keeps_no_other_waiting(
    clock: FakeClock,
) -> None:
    """A delete waiting for the window was cancelled (its task stopped): the write behind it goes in the
    turn the delete would have had."""
    window = BotWideWindow(WindowLimit(1, 1.0), clock, clock.sleep)
    await window.admit(0.0)
    given_up = asyncio.ensure_future(window.admit(HAND_EDIT_HEAD_START))
    waiting = asyncio.ensure_future(window.admit(0.0))
    await clock.pass_time(0.5)
    given_up.cancel()
    await clock.pass_time(0.5)
    assert waiting.done()
    window.close()
