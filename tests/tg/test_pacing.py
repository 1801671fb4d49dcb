"""Write pacing against the fake Bot API, on a fake clock (nothing really sleeps): a group's window and
Telegram's flood waits and slow mode, the order of a group's screens, a private chat's pace, server errors
tried again, and how a new message goes out (no link preview, a reply to a deleted command, a time tag an
older server refuses, a waiting message drawn as it leaves)."""

import itertools
import logging

import pytest
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup

from bot.tg.pacing import Render, WritePacer
from bot.tg.pacing_window import WindowLimit
from bot.tg.send import Rejected, Sent, backoff_seconds
from tests.fake_bot_api import ApiError, FakeClock, FakeTelegram, FloodLimits, asgi_bot
from tests.fake_bot_api.errors import too_many_requests
from tests.tg.pacing_checks import WRITES, clock_of, most_writes_in_any_window, send_table, writes


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
