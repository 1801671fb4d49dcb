"""What the pacer remembers of chats and messages: what a message shows (a render already on screen is not
written again; forgotten, discarded, taken back or cut off in flight; a chat's latest ON_SCREEN_KEPT only),
when an edit lands, chats that refused writes (403) and a chat not written to for an hour. Against the fake
Bot API, on a fake clock."""

import asyncio
import logging
from typing import Any

import pytest
from telegram import Bot

from bot.tg.paced_writes import Undelivered
from bot.tg.pacing import Render, WritePacer
from bot.tg.pacing_chat import CHAT_KEPT_SECONDS, ON_SCREEN_KEPT
from bot.tg.send import Sent, Unreachable
from tests.fake_bot_api import FakeClock, FakeTelegram
from tests.fake_bot_api.errors import too_many_requests
from tests.tg.pacing_checks import WRITES, clock_of, send_table, writes


async def test_identical_renders_are_not_sent_and_not_modified_counts_as_done(
    pacer: WritePacer, fake: FakeTelegram
) -> None:
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    table = await send_table(pacer, group, "same")
    pacer.edit(group.id, table, Render("same"))
    await pacer.drain()
    assert len(writes(fake, group)) == 1

    restarted = WritePacer(pacer._bot, clock=fake.clock, sleep=asyncio.sleep)  # knows nothing on screen
    restarted.edit(group.id, table, Render("same"))
    await restarted.drain()
    restarted.edit(group.id, table, Render("same"))
    await restarted.drain()
    assert [c.status for c in writes(fake, group)] == [200, 400]  # one "not modified", then remembered


async def test_unreachable_chats_are_reported(
    bot: Bot, fake: FakeTelegram, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.tg.pacing")
    reports: list[Undelivered] = []

    async def record(undelivered: Undelivered) -> None:
        reports.append(undelivered)

    pacer = WritePacer(bot, clock=clock, sleep=clock.sleep, on_undelivered=record)
    alice = fake.add_user("Alice")
    outcome = await clock.run(pacer.send(alice.id, Render("your hand")))
    assert isinstance(outcome, Unreachable)
    assert reports == [Undelivered(alice.id, None, outcome)]
    assert caplog.messages == [f"write to {alice.id} not delivered: {outcome.reason}"]  # Telegram's words


async def test_only_a_new_message_that_lands_tells_that_the_bot_may_post(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    """A group whose members may not send refuses the bot's new messages, not its edits: an edit that lands
    says nothing of whether the bot may post there again; a new message that lands does."""
    posted: list[int] = []
    pacer = WritePacer(bot, clock=clock, sleep=clock.sleep, on_posted=posted.append)
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    table = await send_table(pacer, group, "table")
    fake.turn_members_messages(group, on=False)
    pacer.edit(group.id, table, Render("table, edited"))
    refused = await clock.run(pacer.send(group.id, Render("round over")))
    await clock.run(pacer.drain())
    assert not isinstance(refused, Sent) and fake.last_bot_message(group).text == "table, edited"
    assert posted == [group.id]  # the table's own post
    fake.turn_members_messages(group, on=True)
    await send_table(pacer, group, "round over")
    assert posted == [group.id, group.id]


async def test_after_a_403_the_queued_writes_to_that_chat_fail_without_calls(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    hand = await send_table(pacer, fake.private_chat(alice), "hand")
    fake.user_blocks_bot(alice)
    pacer.edit(alice.id, hand, Render("new hand"))
    queued = [pacer.queue(alice.id, Render(f"queued {n}")) for n in range(2)]  # behind the refused edit
    later = [asyncio.ensure_future(pacer.send(alice.id, Render(f"note {n}"))) for n in range(3)]
    await clock.run(pacer.drain())
    assert [f.result() for f in queued + later] == [
        Unreachable(alice.id, "Forbidden: bot was blocked by the user")
    ] * 5
    assert [c.status for c in writes(fake, fake.private_chat(alice))] == [200, 403]


async def test_a_403_decided_before_the_chat_was_opened_again_is_retried_not_believed(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    """The user unblocked the bot while a write to them was on its way, and Telegram's 403 for it (decided
    before) came after the bot had heard of it: believing the 403 would close their chat again and mark
    them blocked for good. The write is tried again instead; the chat stays open."""
    reports: list[Undelivered] = []

    async def record(undelivered: Undelivered) -> None:
        reports.append(undelivered)

    pacer = WritePacer(bot, clock=clock, sleep=clock.sleep, on_undelivered=record)
    alice = fake.add_user("Alice", started_bot=True)
    hand = await send_table(pacer, fake.private_chat(alice), "hand")
    fake.user_blocks_bot(alice)
    tries = 0

    async def unblocked_meanwhile(method: str, chat_id: str | None) -> None:
        nonlocal tries
        if method in WRITES and chat_id == str(alice.id):
            tries += 1
            if tries == 1:
                pacer.writable(alice.id)  # the unblock reaches the bot while Telegram refuses the write
            else:
                alice.blocked_bot = False  # (Telegram had it before the bot did)

    fake.transit = unblocked_meanwhile
    pacer.edit(alice.id, hand, Render("new hand"))
    await clock.run(pacer.drain())
    later = await clock.run(pacer.send(alice.id, Render("your turn")))

    assert [c.status for c in writes(fake, fake.private_chat(alice))] == [200, 403, 200, 200]
    assert reports == [] and isinstance(later, Sent)
    assert fake.bot_messages_in(fake.private_chat(alice))[0].text == "new hand"


async def test_forgotten_messages_are_rendered_again(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    table = await send_table(pacer, group, "same")
    pacer.forget(group.id, table)
    pacer.edit(group.id, table, Render("same"))
    await clock.run(pacer.drain())
    assert [c.status for c in writes(fake, group)] == [200, 400]  # sent again: "not modified" is fine


async def test_a_chat_not_written_to_for_an_hour_is_forgotten(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """Every chat the bot ever wrote to stayed remembered, with what its latest 20 messages showed: a bot
    running for months held every group and private chat it ever served."""
    groups = [fake.add_group(f"Friends {n}", members=[fake.add_user("Alice")]) for n in range(3)]
    for group in groups:
        await send_table(pacer, group, "table")
    assert pacer.chats_kept == 3
    await clock.pass_time(CHAT_KEPT_SECONDS / 2)
    await send_table(pacer, groups[0], "the last round's")
    await clock.pass_time(CHAT_KEPT_SECONDS / 2)
    await send_table(pacer, groups[1], "a new round's")
    assert pacer.chats_kept == 2  # the third's: nothing written there for an hour
    table = await send_table(pacer, groups[2], "same")
    pacer.edit(groups[2].id, table, Render("same"))
    await clock.run(pacer.drain())
    assert [c.status for c in writes(fake, groups[2])] == [200, 200]  # remembered anew


async def test_a_chat_that_refused_writes_is_tried_again_after_an_hour_of_none(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    alice = fake.add_user("Alice")
    assert isinstance(await clock.run(pacer.send(alice.id, Render("your hand"))), Unreachable)
    await clock.pass_time(CHAT_KEPT_SECONDS / 2)
    assert isinstance(await clock.run(pacer.send(alice.id, Render("your hand"))), Unreachable)
    await clock.pass_time(CHAT_KEPT_SECONDS / 2)
    await send_table(pacer, fake.add_group("Friends"), "table")
    assert pacer.chats_kept == 2  # the bot tried to write to Alice half an hour ago: still refused
    await clock.pass_time(CHAT_KEPT_SECONDS)
    await send_table(pacer, fake.add_group("Others"), "table")
    assert pacer.chats_kept == 1
    assert isinstance(await clock.run(pacer.send(alice.id, Render("your hand"))), Unreachable)
    assert [c.status for c in writes(fake, fake.private_chat(alice))] == [403, 403]  # asked again once


async def test_a_discarded_message_gets_no_queued_edit(pacer: WritePacer, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    first = await clock_of(pacer).run(pacer.send(alice.id, Render("hand 1")))
    assert isinstance(first, Sent) and first.message_id is not None
    pacer.edit(alice.id, first.message_id, Render("hand 1, edited"))  # waits: one write a second here
    pacer.discard(alice.id, first.message_id)
    second = await clock_of(pacer).run(pacer.send(alice.id, Render("hand 2")))
    await clock_of(pacer).run(pacer.drain())
    assert isinstance(second, Sent)
    assert [c.method for c in fake.calls if c.method != "getMe"] == ["sendMessage", "sendMessage"]
    pacer.discard(alice.id, 999)  # unknown messages and chats are fine
    pacer.discard(-1, 1)


async def test_a_discarded_message_is_no_longer_believed_to_show_anything(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """The pacer drops what it knew of a message it was told is about to be deleted: should the delete not
    happen, an edit to what it showed is written, not skipped as already on screen."""
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    table = await send_table(pacer, group, "table")
    pacer.discard(group.id, table)
    pacer.edit(group.id, table, Render("table"))
    await clock.run(pacer.drain())
    assert [c.status for c in writes(fake, group)] == [200, 400]  # sent again: "not modified" is fine


class HeldEdits:
    """A bot whose edits land only when the test lets them (one in flight at a time)."""

    def __init__(self) -> None:
        self.screen: dict[int, str] = {}
        self.release = asyncio.Event()
        self.in_flight = asyncio.Event()  # an edit is sent, its answer held

    async def do_api_request(self, endpoint: str, api_kwargs: dict[str, Any]) -> bool:
        assert endpoint == "editMessageText"
        self.in_flight.set()
        await self.release.wait()
        self.in_flight.clear()
        self.screen[api_kwargs["message_id"]] = api_kwargs["text"]
        return True


async def test_going_back_to_the_render_on_screen_while_another_edit_is_in_flight_lands() -> None:
    bot = HeldEdits()
    pacer = WritePacer(bot)  # type: ignore[arg-type]
    bot.release.set()
    pacer.edit(-1, 7, Render("A"))
    await pacer.drain()  # A landed: the pacer knows it is on screen
    bot.release.clear()
    pacer.edit(-1, 7, Render("B"))
    await bot.in_flight.wait()  # B is in flight (not a wait on the clock, which a loaded machine outruns)
    pacer.edit(-1, 7, Render("A"))  # what the pacer believes is on screen, but B may land first
    bot.release.set()
    await pacer.drain()
    assert bot.screen[7] == "A"


async def test_an_edit_cut_off_in_flight_by_the_stop_leaves_what_the_message_shows_unknown() -> None:
    """It may have landed: the screens written down at the stop (bot.tg.shown_at_stop) must not name the
    render before it, or the next start would skip a redraw the message needs."""
    bot = HeldEdits()
    pacer = WritePacer(bot)  # type: ignore[arg-type]
    bot.release.set()
    pacer.edit(-1, 7, Render("A"))
    await pacer.drain()
    assert pacer.screens() == [(-1, 7, Render("A"))]
    bot.release.clear()
    pacer.edit(-1, 7, Render("B"))
    await bot.in_flight.wait()  # B is in flight (not a wait on the clock, which a loaded machine outruns)
    await pacer.aclose()
    assert pacer.screens() == []


async def test_an_edit_tells_when_it_is_on_screen_not_before_and_never_when_it_failed(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    table = await send_table(pacer, group, "start")
    landed: list[str] = []
    fake.fail_next("editMessageText", too_many_requests(30))
    pacer.edit(group.id, table, Render("refused"), lambda: landed.append(f"refused at {clock()}"))
    await clock.pass_time(0)
    asked = clock()
    pacer.edit(group.id, table, Render("newer"), lambda: landed.append(f"newer at {clock()}"))
    await clock.run(pacer.drain())
    assert landed == [f"refused at {asked + 30}", f"newer at {asked + 30}"]  # the newer render tells both
    pacer.edit(group.id, table, Render("newer"), lambda: landed.append("on screen already"))
    assert landed[-1] == "on screen already"
    fake.delete_message(fake.bot_messages_in(group)[0])  # someone deleted it: the edit fails
    pacer.edit(group.id, table, Render("gone"), lambda: landed.append("gone"))
    await clock.run(pacer.drain())
    assert landed[-1] == "on screen already"


async def test_an_edit_taken_back_before_it_went_out_tells_its_waiters_with_no_write(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """The table was to show Bob's turn, and before that edit went out the game was back at what the table
    shows: nothing is written, and whoever waited for either render to be on screen is told it is."""
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    table = await send_table(pacer, group, "Alice's turn")
    landed: list[str] = []
    pacer.edit(group.id, table, Render("Bob's turn"), lambda: landed.append("Bob's turn"))
    pacer.edit(group.id, table, Render("Alice's turn"), lambda: landed.append("Alice's turn"))
    await clock.run(pacer.drain())
    assert landed == ["Bob's turn", "Alice's turn"]
    assert len(writes(fake, group)) == 1


async def test_what_is_on_screen_is_known_for_a_chats_latest_messages_only(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """Every message the bot sent was kept with its text and buttons for as long as it ran (each table,
    hand, result and board of every chat: ~1.5 kB a message); now a chat's latest ON_SCREEN_KEPT are."""
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    oldest = await send_table(pacer, group, "match 0")
    kept = [await send_table(pacer, group, f"match {n}") for n in range(1, ON_SCREEN_KEPT + 1)]
    before = len(writes(fake, group))
    pacer.edit(group.id, kept[-1], Render(f"match {ON_SCREEN_KEPT}"))  # known to show it: no write
    pacer.edit(group.id, kept[0], Render("match 1"))  # the oldest of the latest ON_SCREEN_KEPT: known too
    pacer.edit(group.id, oldest, Render("match 0"))  # forgotten: one write, "message is not modified"
    await clock.run(pacer.drain())
    assert len(writes(fake, group)) == before + 1
    assert fake.bot_messages_in(group)[0].text == "match 0"
