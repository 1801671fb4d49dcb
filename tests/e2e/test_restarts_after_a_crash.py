"""A crash after a move is committed and before it is published: start-up tells the next player their turn
(with the whole turn's time), posts the round's or match's result and a stopped match's standings once, and
binds a seven-silence only once it shows; a redraw queued between a change and its publish doubles nothing;
two quick restarts in a row."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from bot.engine.rules import Rules
from bot.service import Place
from bot.tg.callback_data import Action
from tests.e2e.harness import World, buttons, hand_message, press
from tests.e2e.matches import deal, stop_answer, stop_question
from tests.e2e.restarted import again
from tests.fake_bot_api import ApiError, FakeTelegram
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing


async def test_a_seven_silence_a_crash_kept_off_the_table_binds_only_once_the_restart_shows_it(
    world: World, fake: FakeTelegram
) -> None:
    """The bot dies after Alice's 7 is committed but before any screen of Bob's or the group's shows the
    silence: Bob's message, written while the bot is down, costs him nothing (it cost him 4 cards); the
    silence holds from the start-up redraw on."""
    hands = {"Alice": ["R7", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(seven_silence=True)) as before:
        alice, bob, carol = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await _played_but_not_published(before, alice, "R7")
        assert "🤫 Until Alice moves" not in before.text()
    world.clock.advance(3)
    fake.user_sends(bob, before.group, "nice one")
    async with world.running() as bot:
        table = again(before, bot)
        await table.deliver()
        assert len((await table.state()).hands[bob.id]) == 2 and "🤫 Until Alice moves" in table.text()
        await bot.tick(2)
        fake.user_sends(carol, table.group, "oops")
        await table.deliver()
        state = await table.state()
        assert len(state.hands[carol.id]) == 6 and state.silence_holder is None


async def _handled_but_not_published(bot: Any) -> None:
    """The bot handles the pending updates (the moves are committed) and then dies while its next new
    message waits out a flood limit (429, retry after 30 s): what a crash right after a press leaves."""
    bot.fake.fail_next("sendMessage", ApiError(429, "Too Many Requests", {"retry_after": 30}))
    for update in await bot.app.bot.get_updates(offset=bot.offset, timeout=0):
        bot.offset = update.update_id + 1
        await bot.app.process_update(update)


async def _played_but_not_published(table: Table, user: Any, code: str) -> None:
    """`user` plays `code`; the bot commits the move and dies before publishing it."""
    data = await table.card_button(user, code)
    assert data is not None
    press(table.fake, user, table.hand(user), data)
    await _handled_but_not_published(table.bot)


async def test_the_next_player_is_told_their_turn_when_a_crash_cut_that_message_off(
    world: World, fake: FakeTelegram
) -> None:
    """the bot dies after Alice's move is committed but before Bob's new hand message (the one that notifies
    him) is sent: start-up sends it in place of the old one; an edit of the old one would not tell him."""
    hands = {"Alice": ["R5", "B9", "B7"], "Bob": ["Y1", "Y2", "R1"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, bob, carol = before.people
        await before.arrange(hands, top="R3", turn=alice)
        old_bob, old_carol = before.hand(bob), before.hand(carol)
        await _played_but_not_published(before, alice, "R5")
        assert hand_message(fake, bob).message_id == old_bob.message_id  # the crash cut it off
    world.clock.advance(1)
    async with world.running():
        told = hand_message(fake, bob)
        assert told.message_id != old_bob.message_id and Action.PLAY in {d.action for _, d in buttons(told)}
        assert (old_bob.chat.id, old_bob.message_id) not in fake.messages  # replaced, not left behind
        assert hand_message(fake, carol).message_id == old_carol.message_id  # not her turn: an edit


async def test_a_turn_a_crash_kept_untold_gets_its_whole_time_after_the_restart(
    world: World, fake: FakeTelegram
) -> None:
    """The crash cuts off the message telling Bob it is his turn, and the bot is down longer than a turn:
    told at start-up, Bob has the whole turn from then on, as his hand and the table show. (He was told of
    his turn and timed out 10 s later, counted a missed turn, for a turn nobody had shown him.)"""
    hands = {"Alice": ["R5", "B9", "B7"], "Bob": ["Y1", "Y2", "R1"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, bob, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await _played_but_not_published(before, alice, "R5")
    assert fake.take_injected_error("sendMessage", None) is not None  # the 429 the crash left unsent
    world.clock.advance(120)
    deadline = int(world.clock() * 1000) + 60_000  # a whole turn from start-up
    async with world.running() as bot:
        table = again(before, bot)
        assert (await table.state()).turn_deadline == deadline
        for shown in (table.hand(bob), table.table_message()):
            assert [e["unix_time"] for e in shown.entities if e["type"] == "date_time"] == [deadline // 1000]
        await bot.tick(deadline / 1000 - bot.clock() - 1)
        state = await table.state()
        assert state.turn == bob.id and bob.id not in state.afk
        await bot.tick(2)
        assert (await table.state()).afk.get(bob.id) == 1  # the turn's time is kept all the same


async def test_a_restart_with_every_turn_told_only_edits_the_hands(world: World, fake: FakeTelegram) -> None:
    """healing after a clean stop edits the hands in place: nobody gets a new message for a turn they
    were told of already."""
    hands = {"Alice": ["R5", "B9", "B7"], "Bob": ["Y1", "Y2", "R1"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, _, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await before.play(alice, "R5")
        shown = {user.id: hand_message(fake, user).message_id for user in before.people}
    world.clock.advance(1)
    async with world.running():
        assert {user.id: hand_message(fake, user).message_id for user in before.people} == shown


def _posted(fake: FakeTelegram, table: Table, text: str) -> int:
    """How many of the bot's messages in the group say `text` (`spaced`)."""
    return sum(text in spaced(message.text or "") for message in fake.bot_messages_in(table.group))


async def test_a_round_result_a_crash_kept_from_the_group_is_posted_at_start_up(
    world: World, fake: FakeTelegram
) -> None:
    """the bot dies after Alice's winning move is committed but before the round's result is posted: start-up
    posts it, once (a later restart does not post it again)."""
    hands = {"Alice": ["R5"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, _, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await _played_but_not_published(before, alice, "R5")
        assert (await before.state()).round_over
        assert _posted(fake, before, "Round 1: Alice wins!") == 0  # the crash cut it off
    for _ in range(2):
        world.clock.advance(1)
        async with world.running():
            assert _posted(fake, before, "Round 1: Alice wins!") == 1


async def test_a_round_result_the_group_refused_is_posted_at_start_up(
    world: World, fake: FakeTelegram
) -> None:
    """Telegram refused the round's result in the group: it stays owed (not marked posted), and start-up
    posts it."""
    hands = {"Alice": ["R5"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, _, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        fake.fail_next(
            "sendMessage", ApiError(400, "Bad Request: message is too long"), chat_id=before.group.id
        )
        await before.play(alice, "R5")
        assert _posted(fake, before, "Round 1: Alice wins!") == 0
    world.clock.advance(1)
    async with world.running():
        assert _posted(fake, before, "Round 1: Alice wins!") == 1


async def test_a_match_result_a_crash_kept_from_the_group_is_posted_at_start_up(
    world: World, fake: FakeTelegram
) -> None:
    """the same for the round that ends the match: the game has finished, and its results still come."""
    hands = {"Alice": ["R5"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, _, _ = before.people
        await before.head_start(495)
        await before.arrange(hands, top="R3", turn=alice)
        await _played_but_not_published(before, alice, "R5")
        assert (await before.bot.rt.service.find(Place(before.group.id))) is None  # finished
    world.clock.advance(1)
    async with world.running():
        assert _posted(fake, before, "Round 1: Alice wins!") == 1
        assert _posted(fake, before, "Alice wins the match!\n\nStandings:") == 1


async def test_results_posted_at_start_up_list_equal_totals_in_seat_order(
    world: World, fake: FakeTelegram
) -> None:
    """As they are listed when posted at once. PostgreSQL keeps the stored results' totals in an order of its
    own (a computer's id first): the order of equal totals must not come from there."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob"), computers=1) as before:
        alice, _ = before.people
        _, doc = await before.bot.game(before.group)
        computer = doc.players[-1]  # seated after the people
        await before.head_start(495)
        await before.arrange(
            {"Alice": ["R5"], "Bob": ["Y1", "Y2"], computer: ["G1", "G2"]}, top="R3", turn=alice
        )
        await _played_but_not_published(before, alice, "R5")
    world.clock.advance(1)
    async with world.running():
        posted = (fake.last_bot_message(before.group).text or "").replace("\u00a0", " ")  # between figures
    assert "Bob: 3 in hand · total 495\n🤖 Computer 1: 3 in hand" in posted, posted
    assert "\n🥈 Bob: 495\n🥈 🤖 Computer 1: 495\n" in posted, posted


async def test_a_stopped_match_s_standings_a_crash_kept_from_the_group_are_posted_at_start_up(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        question = await stop_question(bot, fake, group, alice)
        press(fake, alice, question, stop_answer(question, yes=True))
        await _handled_but_not_published(bot)
        assert await bot.rt.service.find(Place(group.id)) is None
    stopped = sum("⏹ Standings:" in (m.text or "") for m in fake.bot_messages_in(group))
    for _ in range(2):
        world.clock.advance(1)
        async with world.running():
            now = sum("⏹ Standings:" in (m.text or "") for m in fake.bot_messages_in(group))
            assert now == stopped + 1


async def test_a_round_result_posted_before_a_restart_is_not_posted_again(
    world: World, fake: FakeTelegram
) -> None:
    hands = {"Alice": ["R5"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, _, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await before.play(alice, "R5")
        assert _posted(fake, before, "Round 1: Alice wins!") == 1
    world.clock.advance(1)
    async with world.running():
        assert _posted(fake, before, "Round 1: Alice wins!") == 1


async def _redraw_queued_before_the_publish_of(table: Table, pressing: Callable[[], object]) -> None:
    """A redraw of the game (as a restart's healing, a language change or a deleted table ask for) waits
    for a publish still running; meanwhile `pressing` presses a button (a card, a /stop's Yes), so that the
    change's publish queues behind the redraw, which therefore reads the game after the change."""
    record, _ = await table.bot.game(table.group)
    publisher = table.bot.rt.publishing
    running = publisher._lock(record.id)  # what a publish in progress holds
    await running.acquire()
    redraw = asyncio.create_task(publisher.refresh(record.id))
    await asyncio.sleep(0)
    pressing()
    for update in await table.bot.app.bot.get_updates(offset=table.bot.offset, timeout=0):
        table.bot.offset = update.update_id + 1
        await table.bot.clock.run(table.bot.app.process_update(update))  # committed, publish queued
    running.release()
    await table.bot.clock.run(redraw)
    await table.bot.settle()


async def _card_played(table: Table, user: Any, code: str) -> Callable[[], object]:
    """`user`'s press of their card `code`, to be made."""
    data = await table.card_button(user, code)
    assert data is not None
    return lambda: press(table.fake, user, table.hand(user), data)


async def test_a_redraw_between_a_move_and_its_publish_posts_the_result_once(
    world: World, fake: FakeTelegram
) -> None:
    """(found by a review of the restart work) the redraw posts the result it finds owed; the move's own
    publish must not post it again."""
    hands = {"Alice": ["R5"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as table:
        alice, _, _ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await _redraw_queued_before_the_publish_of(table, await _card_played(table, alice, "R5"))
        assert _posted(fake, table, "Round 1: Alice wins!") == 1


async def test_a_redraw_between_a_move_and_its_publish_tells_the_next_player_once(
    world: World, fake: FakeTelegram
) -> None:
    hands = {"Alice": ["R5", "B9", "B7"], "Bob": ["Y1", "Y2", "R1"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        sent = len(fake.calls_to("sendMessage"))
        await _redraw_queued_before_the_publish_of(table, await _card_played(table, alice, "R5"))
        to_bob = [
            c for c in fake.calls_to("sendMessage")[sent:] if str(c.params.get("chat_id")) == str(bob.id)
        ]
        assert len(to_bob) == 1


async def test_a_redraw_between_a_stop_and_its_publish_posts_the_standings_once(
    world: World, fake: FakeTelegram
) -> None:
    """The redraw posts the stopped match's standings it finds owed; the stop's own publish must not post
    them again."""
    hands = {"Alice": ["R5", "B9", "B7"], "Bob": ["Y1", "Y2", "R1"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as table:
        alice, _, _ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        question = await stop_question(table.bot, fake, table.group, alice)
        yes = stop_answer(question, yes=True)
        await _redraw_queued_before_the_publish_of(table, lambda: press(fake, alice, question, yes))
        assert await table.bot.rt.service.find(Place(table.group.id)) is None
        assert _posted(fake, table, "⏹ Standings:") == 1


async def test_two_quick_restarts_leave_a_playable_game(world: World, fake: FakeTelegram) -> None:
    """the first restart dies before healing anything; the second heals and re-arms everything."""
    hands = {"Alice": ["R5", "B9", "B7"], "Bob": ["Y1", "Y2", "R1"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, bob, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await _played_but_not_published(before, alice, "R5")
    world.clock.advance(1)
    async with world.running(settled=False):
        pass
    world.clock.advance(1)
    async with world.running() as bot:
        table = again(before, bot)
        assert Action.PLAY in table.actions(bob) and "R5" not in await table.codes(alice)
        await bot.tick(61)  # Bob's turn deadline is armed
        assert (await table.state()).turn != bob.id
