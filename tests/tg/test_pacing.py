"""Write pacing against the fake Bot API, on a fake clock (nothing really sleeps)."""

import asyncio
import itertools
import logging
from typing import Any

import pytest
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup

from bot.tg.paced_writes import Undelivered
from bot.tg.pacing import Render, WritePacer
from bot.tg.pacing_chat import CHAT_KEPT_SECONDS, ON_SCREEN_KEPT
from bot.tg.pacing_window import (
    GAME_WRITING_SECONDS,
    GROUP_LIMIT,
    GROUP_REPLY_SHARE,
    ONE_PERSONS_ANSWERS,
    WindowLimit,
)
from bot.tg.send import Outcome, Rejected, Sent, Unreachable, backoff_seconds
from tests.fake_bot_api import ApiCall, ApiError, Chat, FakeClock, FakeTelegram, FloodLimits, asgi_bot
from tests.fake_bot_api.errors import too_many_requests

WRITES = ("sendMessage", "editMessageText")


def writes(fake: FakeTelegram, chat: Chat) -> list[ApiCall]:
    return [c for c in fake.calls if c.method in WRITES and str(c.params.get("chat_id")) == str(chat.id)]


def most_writes_in_any_window(calls: list[ApiCall], seconds: float) -> int:
    times = sorted(call.time for call in calls)
    return max((sum(1 for t in times if start <= t < start + seconds) for start in times), default=0)


def clock_of(pacer: WritePacer) -> FakeClock:
    clock = pacer._clock
    assert isinstance(clock, FakeClock)
    return clock


async def send_table(pacer: WritePacer, chat: Chat, text: str) -> int:
    outcome = await clock_of(pacer).run(pacer.send(chat.id, Render(text)))
    assert isinstance(outcome, Sent) and outcome.message_id is not None
    return outcome.message_id


async def test_a_burst_of_edits_stays_within_20_writes_a_minute_and_ends_on_the_latest(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    tables = [await send_table(pacer, group, f"table {n}") for n in range(3)]
    latest: dict[int, str] = {}
    for step in range(100):
        message_id = tables[step % 3]
        latest[message_id] = f"<b>state {step}</b> of table {step % 3}"
        pacer.edit(group.id, message_id, Render(latest[message_id]))
        await clock.pass_time(0.4)  # the game moves on while writes are in flight
    await clock.run(pacer.drain())

    calls = writes(fake, group)
    assert fake.too_many_requests_count == 0
    assert most_writes_in_any_window(calls, 60) <= 20
    assert len(calls) < 100 / 2  # coalesced
    gaps = [b.time - a.time for a, b in itertools.pairwise(calls)]
    assert max(gaps) < 30  # spread out: the table never freezes for most of a minute
    shown = {m.message_id: m.text for m in fake.bot_messages_in(group)}
    assert shown == {mid: text.replace("<b>", "").replace("</b>", "") for mid, text in latest.items()}


async def test_retry_after_is_honoured_and_the_latest_state_lands(bot: Bot, clock: FakeClock) -> None:
    fake = FakeTelegram(
        token=bot.token, clock=clock, flood_limits=FloodLimits(group_writes=5, group_window=60)
    )
    group = fake.add_group("Strict", members=[fake.add_user("Alice")])
    async with asgi_bot(fake) as strict_bot:
        pacer = WritePacer(strict_bot, clock=clock, sleep=clock.sleep)  # believes 20 a minute are fine
        table = await send_table(pacer, group, "start")
        for step in range(30):
            pacer.edit(group.id, table, Render(f"state {step}"))
            await clock.pass_time(0.5)
        await clock.run(pacer.drain())
    assert fake.too_many_requests_count >= 1
    assert fake.bot_messages_in(group)[0].text == "state 29"
    calls = writes(fake, group)
    for refused, following in itertools.pairwise(calls):
        if refused.status == 429:
            assert following.time - refused.time >= refused.response["parameters"]["retry_after"]


async def test_during_a_flood_wait_newer_renders_replace_the_refused_one(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    table = await send_table(pacer, group, "start")
    fake.fail_next("editMessageText", too_many_requests(30))
    pacer.edit(group.id, table, Render("refused"))
    await clock.pass_time(0)
    assert fake.too_many_requests_count == 1
    pacer.edit(group.id, table, Render("newer"))
    pacer.edit(group.id, table, Render("newest"))
    await clock.run(pacer.drain())
    edits = [c for c in writes(fake, group) if c.method == "editMessageText"]
    assert [(c.params["text"], c.status) for c in edits] == [("refused", 429), ("newest", 200)]
    assert edits[1].time - edits[0].time >= 30


async def test_a_new_message_slow_mode_holds_back_does_not_hold_back_the_tables_edits(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """The supergroup's slow mode refused the bot's second message within its delay (429, retry after the
    rest of it); the table's edits waited behind that message, the game frozen for the whole delay."""
    group = fake.add_group("Friends", members=[fake.add_user("Alice")], supergroup=True)
    fake.set_slow_mode(group, 300)
    table = await send_table(pacer, group, "round 1")
    results = pacer.queue(group.id, Render("results"))
    await clock.pass_time(1)
    assert fake.too_many_requests_count == 1
    pacer.edit(group.id, table, Render("round 2"))
    await clock.pass_time(1)
    assert [m.text for m in fake.bot_messages_in(group)] == ["round 2"]
    assert isinstance(await clock.run(results), Sent)  # once the delay is over
    assert [m.text for m in fake.bot_messages_in(group)] == ["round 2", "results"]
    assert fake.too_many_requests_count == 1


async def test_a_table_whose_buttons_changed_goes_ahead_of_the_other_topics_screens(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    """A forum's three topics share its window: the edit taking Catch! off one topic's table, its window
    closed, waited behind the other topics' moves (3 s each in a flooded group), and the button stayed 2-6 s.
    It goes first; the others' keep their order, and a render of it asked for meanwhile stays urgent."""
    group = fake.add_group("Club", members=[fake.add_user("Alice")], supergroup=True)
    pacer = WritePacer(bot, clock=clock, sleep=clock.sleep, group_limit=WindowLimit(1, 3.0, burst=1))
    tables = [await send_table(pacer, group, f"room {n}") for n in range(3)]
    await clock.pass_time(3)
    pacer.edit(group.id, tables[0], Render("room 0: Bob played"))
    pacer.edit(group.id, tables[1], Render("room 1: Carol played"))
    pacer.edit(group.id, tables[2], Render("room 2: Catch! is over"), urgent=True)
    pacer.edit(group.id, tables[2], Render("room 2: Catch! is over, Dan's turn"))
    await clock.run(pacer.drain())
    await pacer.aclose()

    written = [str(call.params["text"]) for call in writes(fake, group)][len(tables) :]
    assert written == ["room 2: Catch! is over, Dan's turn", "room 0: Bob played", "room 1: Carol played"]


async def test_start_ups_touches_go_after_the_presses_tables_and_one_a_press_replaced_costs_no_write(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    """Start-up edits each playing topic's table once though it would show the same (to learn whether it was
    deleted meanwhile): a forum with many playing topics spent its window on them while the first presses'
    tables waited behind them. They go after the other screens; a press's table replacing one still queued
    goes in its place, and the touch costs no write of its own."""
    group = fake.add_group("Club", members=[fake.add_user("Alice")], supergroup=True)
    pacer = WritePacer(bot, clock=clock, sleep=clock.sleep, group_limit=WindowLimit(1, 3.0, burst=1))
    tables = [await send_table(pacer, group, f"room {n}") for n in range(4)]
    await clock.pass_time(3)
    for n, table in enumerate(tables):
        pacer.touch(group.id, table)
        pacer.edit(group.id, table, Render(f"room {n}"))
    pacer.edit(group.id, tables[3], Render("room 3: Bob played"))
    pacer.edit(group.id, tables[2], Render("room 2"))  # a heal's redraw of a touch still queued: a touch
    await clock.run(pacer.drain())
    await pacer.aclose()

    written = [str(call.params["text"]) for call in writes(fake, group)][len(tables) :]
    assert written == ["room 3: Bob played", "room 0", "room 1", "room 2"]


async def test_private_chats_get_a_short_burst_then_one_write_a_second_each(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob", started_bot=True)
    hands = {user.id: await send_table(pacer, fake.private_chat(user), "hand") for user in (alice, bob)}
    for step in range(6):
        for user in (alice, bob):
            keyboard = InlineKeyboardMarkup(
                [[InlineKeyboardButton(f"card {step}", callback_data=f"c{step}")]]
            )
            pacer.edit(user.id, hands[user.id], Render(f"hand {step}", keyboard))
        await clock.pass_time(0.2)
        await clock.run(pacer.send(alice.id, Render(f"note {step}")))
    await clock.run(pacer.drain())
    assert fake.too_many_requests_count == 0
    for user in (alice, bob):
        calls = writes(fake, fake.private_chat(user))
        times = [call.time for call in calls]
        assert times[1] == times[0]  # a burst of two
        gaps = [later - earlier for earlier, later in itertools.pairwise(times[1:])]
        assert min(gaps) == 1.0  # then one a second
        assert most_writes_in_any_window(calls, 1.0) == 2
        assert fake.bot_messages_in(fake.private_chat(user))[0].button_texts == [["card 5"]]
    alice_first_write, bob_first_write = (writes(fake, fake.private_chat(u))[0].time for u in (alice, bob))
    assert alice_first_write == bob_first_write  # one chat's pace does not hold up another's


async def test_a_text_that_reads_as_a_web_address_brings_no_preview_card_sent_or_edited(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """Whatever a render says (a name or a title read as an address), no card of a site shows under it."""
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    table = await send_table(pacer, group, "Alice's turn: https://example.org")
    assert fake.bot_messages_in(group)[0].link_preview is None
    pacer.edit(group.id, table, Render("Bob's turn: https://example.com"))
    await clock.run(pacer.drain())
    assert fake.bot_messages_in(group)[0].link_preview is None


async def test_a_reply_to_a_command_deleted_meanwhile_is_sent_anyway(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    command = fake.user_sends(alice, group, "/rules")
    fake.delete_message(command)
    outcome = await clock.run(
        pacer.send(group.id, Render("the rules"), reply_to=command.message_id, reply=True)
    )
    assert isinstance(outcome, Sent)
    assert [m.text for m in fake.bot_messages_in(group)] == ["the rules"]


async def test_a_new_message_an_older_bot_api_server_refuses_for_its_time_tag_goes_out_without_it(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """A self-hosted Bot API server older than 9.5 refuses <tg-time>: the message it refused is sent again
    at once with the time left as plain text, not lost."""
    fake.time_tags = False
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    tagged = f'Alice\'s turn: <tg-time unix="{int(clock.now) + 60}" format="r">60 s</tg-time> left'
    outcome = await clock.run(pacer.send(group.id, Render(tagged)))
    assert isinstance(outcome, Sent)
    assert [c.status for c in writes(fake, group)] == [400, 200]
    assert [m.text for m in fake.bot_messages_in(group)] == ["Alice's turn: 60 s left"]


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


async def test_server_errors_are_retried(pacer: WritePacer, fake: FakeTelegram) -> None:
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    table = await send_table(pacer, group, "start")
    fake.fail_next("editMessageText", ApiError(500, "Internal Server Error"), times=2)
    pacer.edit(group.id, table, Render("after errors"))
    await clock_of(pacer).run(pacer.drain())
    assert fake.bot_messages_in(group)[0].text == "after errors"
    tries = [call.time for call in writes(fake, group) if call.method == "editMessageText"]
    gaps = [later - earlier for earlier, later in itertools.pairwise(tries)]
    assert gaps == [backoff_seconds(0), backoff_seconds(1)]  # backing off, not hammering a failing server


async def test_limits_are_configurable(bot: Bot, fake: FakeTelegram, clock: FakeClock) -> None:
    pacer = WritePacer(bot, clock=clock, sleep=clock.sleep, group_limit=WindowLimit(2, 10.0))
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    for n in range(5):
        await clock.run(pacer.send(group.id, Render(f"m{n}")))
    times = [call.time - clock.now for call in writes(fake, group)]
    assert most_writes_in_any_window(writes(fake, group), 10.0) == 2
    assert times[-1] == 0 and times[0] == -20.0


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


async def test_a_write_that_reached_telegram_late_is_counted_from_its_arrival(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """Telegram counts a write when it arrives. The group's first write took 5 s on the way (a slow
    network, a retry inside the HTTP client): counted from when it left, it would leave the pacer's window
    5 s before Telegram's, and the 21st write would be refused."""
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    first = True

    async def slow_first_write(method: str, chat_id: str | None) -> None:
        nonlocal first
        if method in WRITES and chat_id == str(group.id) and first:
            first = False
            await clock.sleep(5)

    fake.transit = slow_first_write
    table = await send_table(pacer, group, "table 0")
    for step in range(1, 21):
        pacer.edit(group.id, table, Render(f"table {step}"))
        await clock.run(pacer.drain())

    assert fake.too_many_requests_count == 0
    assert len(writes(fake, group)) == 21
    assert fake.bot_messages_in(group)[-1].text == "table 20"


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


async def test_a_revised_new_message_goes_out_as_rendered_when_it_leaves(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """A new table waiting for its group's window: the game moved meanwhile, and the table goes out drawn
    as the game is when it leaves, not as when it was asked for (an edit would follow, a second wait)."""
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    for n in range(20):  # the group's window, full
        await send_table(pacer, group, f"note {n}")
    left = clock.now
    table = pacer.queue(group.id, Render("the deal"))
    moves = iter(range(1, 100))
    pacer.revise(group.id, table, lambda: Render(f"move {next(moves)}"))  # rendered once, as it goes
    sent = await clock.run(table)

    assert isinstance(sent, Sent)
    (posted,) = writes(fake, group)[20:]
    assert posted.params["text"] == "move 1" and posted.time - left > 10
    pacer.revise(group.id, table, lambda: Render("too late"))  # gone already: nothing to revise
    await clock.run(pacer.drain())
    assert len(writes(fake, group)) == 21


async def test_a_new_message_that_fails_to_render_as_it_leaves_tells_its_caller_and_the_chat_writes_on(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    """A bug drawing a waiting table as it leaves must not leave the handler awaiting it hanging (PTB's
    Application.stop would wait for it for ever), nor stop the chat's later writes."""

    def broken() -> Render:
        raise RuntimeError("a bug in the table's drawing")

    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    table = pacer.queue(group.id, Render("the deal"))
    pacer.revise(group.id, table, broken)
    with caplog.at_level(logging.ERROR, logger="bot.tg.pacing"):
        await clock.run(pacer.drain())
    assert table.done() and table.result() == Rejected("internal error")
    assert caplog.messages == [f"paced write to {group.id} failed"]
    assert isinstance(await clock.run(pacer.send(group.id, Render("the next one"))), Sent)
    assert [call.params["text"] for call in writes(fake, group)] == ["the next one"]


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
