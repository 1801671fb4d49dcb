"""A paced write that failed and is tried again: how often, what the pacer then believes is on screen, whom
it tells, and what waits behind it. Against the fake Bot API, on a fake clock."""

import asyncio

from telegram import Bot

from bot.tg.paced_writes import MAX_TRANSIENT_RETRIES, Undelivered
from bot.tg.pacing import Render, WritePacer
from tests.fake_bot_api import ApiError, FakeClock, FakeTelegram
from tests.fake_bot_api.errors import too_many_requests
from tests.fake_bot_api.faults import Fault, Faults
from tests.tg.pacing_checks import send_table, writes


async def test_a_write_goes_through_three_server_errors_and_is_given_up_after_a_fourth(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    reports: list[Undelivered] = []

    async def record(undelivered: Undelivered) -> None:
        reports.append(undelivered)

    pacer = WritePacer(bot, clock=clock, sleep=clock.sleep, on_undelivered=record)
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    table = await send_table(pacer, group, "start")
    fake.fail_next("editMessageText", ApiError(500, "Internal Server Error"), times=MAX_TRANSIENT_RETRIES)
    pacer.edit(group.id, table, Render("after three errors"))
    await clock.run(pacer.drain())
    assert fake.bot_messages_in(group)[0].text == "after three errors" and reports == []

    fake.fail_next("editMessageText", ApiError(500, "Internal Server Error"), times=MAX_TRANSIENT_RETRIES + 1)
    pacer.edit(group.id, table, Render("after four errors"))
    await clock.run(pacer.drain())
    await pacer.aclose()
    assert fake.bot_messages_in(group)[0].text == "after three errors"
    assert [report.message_id for report in reports] == [table]
    edits = [call.status for call in writes(fake, group) if call.method == "editMessageText"]
    assert edits == [500] * MAX_TRANSIENT_RETRIES + [200] + [500] * (MAX_TRANSIENT_RETRIES + 1)


async def test_an_edit_whose_answers_were_all_lost_is_not_believed_unchanged(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """Telegram carried out the edit to "Bob's turn", but every answer was lost (the connection dropped
    after it) and the pacer gave up: believing the table still showed "Alice's turn", it would skip the
    next edit back to that, and the table would show "Bob's turn" for good."""
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    table = await send_table(pacer, group, "Alice's turn")
    fake.faults = Faults(rate=1.0, kinds=(Fault.DROP_AFTER,))
    pacer.edit(group.id, table, Render("Bob's turn"))
    await clock.run(pacer.drain())
    assert fake.bot_messages_in(group)[0].text == "Bob's turn"

    fake.faults = None
    pacer.edit(group.id, table, Render("Alice's turn"))
    await clock.run(pacer.drain())
    assert fake.bot_messages_in(group)[0].text == "Alice's turn"


async def test_an_edit_refused_while_a_newer_render_waited_tells_its_waiter_when_the_newer_lands(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """A table's edit was on its way when the next change asked for a newer render; Telegram answered the
    first with a 429. Whoever waited for the first to land (a silence binds once the table telling it is on
    screen) must hear when the newer one lands, as it shows that change too."""
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    table = await send_table(pacer, group, "table")

    async def slow_network(method: str, chat_id: str | None) -> None:
        if method == "editMessageText":
            await clock.sleep(1)

    fake.transit = slow_network
    fake.fail_next("editMessageText", too_many_requests(30))
    landed: list[str] = []
    pacer.edit(group.id, table, Render("a silence begins"), lambda: landed.append("silence"))
    await clock.pass_time(0.5)  # on its way
    pacer.edit(group.id, table, Render("a silence, Bob's turn"), lambda: landed.append("Bob's turn"))
    await clock.run(pacer.drain())

    assert fake.bot_messages_in(group)[0].text == "a silence, Bob's turn"
    assert sorted(landed) == ["Bob's turn", "silence"]


async def test_a_429_to_a_new_message_in_a_private_chat_holds_back_the_chats_edits_too(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """Only a supergroup's slow mode holds back new messages alone; in a private chat a 429 refuses every
    write until it has been waited out, so the hand's edit waits behind the refused message instead of
    being sent into the same 429."""
    alice = fake.add_user("Alice", started_bot=True)
    chat = fake.private_chat(alice)
    hand = await send_table(pacer, chat, "hand")
    await clock.pass_time(10)
    fake.fail_next("sendMessage", too_many_requests(5))
    told = pacer.queue(alice.id, Render("your turn"))
    pacer.edit(alice.id, hand, Render("hand, your turn"))
    await clock.run(asyncio.gather(told, pacer.drain()))

    calls = [(call.method, call.status, call.time) for call in writes(fake, chat)][1:]
    assert [(method, status) for method, status, _ in calls] == [
        ("sendMessage", 429),
        ("sendMessage", 200),
        ("editMessageText", 200),
    ]
    assert calls[2][2] - calls[0][2] >= 5
