"""/table's writes in the group, counted: a second /table while the first's new message is on its way (or
in and not yet taken up) spends no write that nobody sees, and a refused one none on the old table, but
those held back from it while the new one waited."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from bot.service import Place
from bot.storage import GameRecord
from bot.tg.pacing_queue import Send
from bot.tg.pacing_share import Asker
from bot.tg.timers import REMIND_BEFORE_MS
from tests.e2e.harness import Bot, World, choices, hand_message, press, standing_still
from tests.e2e.matches import (
    deal,
    fill_the_groups_window,
    screen_queued,
    started,
    use_quick_rules,
    whose_turn,
)
from tests.e2e.test_closed_topics import _forum, _match
from tests.e2e.test_told_the_bot_may_not_post import TOLD
from tests.fake_bot_api import Chat, FakeTelegram, Message, User
from tests.fake_bot_api.errors import ApiError, bad_request, too_many_requests

SETTLE = 5  # seconds for a settling edit to go out (well before the turn's time runs out)
REMINDED_BEFORE = REMIND_BEFORE_MS / 1000  # a slow turn's table is redrawn this many seconds before its end
SCROLLED = 31  # seconds after the table was posted (by the deal, by /table) when /table posts it again


def _to(fake: FakeTelegram, method: str, group: Chat, since: int) -> list[str]:
    """The texts (or message ids) of the bot's successful `method` calls to the group among its calls from
    `since` on."""
    return [
        str(call.params.get("text", call.params.get("message_id")))
        for call in fake.calls[since:]
        if call.method == method and call.ok and str(call.params["chat_id"]) == str(group.id)
    ]


async def _table_id(bot: Bot, group: Chat) -> int:
    record, _ = await bot.game(group)
    assert record.table_message_id is not None
    return record.table_message_id


def _talk(fake: FakeTelegram, group: Chat, people: list[User]) -> None:
    """More than a few messages: the table above them is out of sight, and /table posts it anew."""
    for word in range(8):
        fake.user_sends(people[word % 2], group, f"chatter {word}")


def _reposts_asked(bot: Bot, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The games whose screen /table asks to post anew from now on, in the order asked (each, once it is in
    the list, first takes or waits for the game's publishing lock)."""
    reposting = bot.rt.publishing.repost
    asked: list[int] = []

    async def asked_for(game_id: int, asker: Asker = None) -> bool:
        asked.append(game_id)
        return await reposting(game_id, asker)

    monkeypatch.setattr(bot.rt.publishing, "repost", asked_for)
    return asked


async def _supergroup_dealt(world: World, fake: FakeTelegram) -> tuple[Chat, list[User]]:
    people = [fake.add_user(name) for name in ("Alice", "Bob")]
    group = fake.add_group("Friends", members=people, supergroup=True)  # its ids count its messages
    await use_quick_rules(world, group)
    return group, people


async def _alices_table_waiting(
    bot: Bot, fake: FakeTelegram, group: Chat, people: list[User]
) -> tuple[int, int, list[asyncio.Future[None]], Send, GameRecord]:
    """Dealt, the table scrolled away and the group's window full: Alice's /table, after talk, has its new
    message queued: the dealt table's id, the calls before the talk, the handling, the send, the game."""
    await deal(bot, fake, group, people)
    dealt = await _table_id(bot, group)
    await bot.tick(SCROLLED)
    await fill_the_groups_window(bot, group)
    since = len(fake.calls)
    _talk(fake, group, people)
    fake.user_sends(people[0], group, "/table")
    handled = await bot.handed()
    first: Send = await screen_queued(bot, group)
    record, _ = await bot.game(group)
    return dealt, since, handled, first, record


async def _bobs_table_asked_meanwhile(
    bot: Bot,
    fake: FakeTelegram,
    group: Chat,
    people: list[User],
    monkeypatch: pytest.MonkeyPatch,
    game_id: int,
    handled: list[asyncio.Future[None]],
) -> Message:
    """After more talk, Bob's /table while Alice's new table still waits for the group's window; both
    handled. Bob's command."""
    _talk(fake, group, people)
    asked = fake.user_sends(people[1], group, "/table")
    asking = _reposts_asked(bot, monkeypatch)
    handled = handled + await bot.handed()

    async def queued() -> bool:  # Bob's, as Alice's still waits for the group's window
        return bool(asking) and not bot.rt.publishing.drawing(game_id)

    await standing_still(queued, "Bob's /table asked for")
    await bot.clock.run(asyncio.gather(*handled))
    await bot.settle()
    return asked


async def test_a_second_table_asked_while_the_first_waits_for_the_groups_window_is_the_same_message(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob's /table came after more talk while Alice's new table still waited for the group's window: it
    posted one more, deleted as soon as it landed (Alice's was taken up first), two writes of the group's
    twenty a minute for nothing. Alice's, still to come, lands below both."""
    group, people = await _supergroup_dealt(world, fake)
    async with world.running() as bot:
        dealt, since, handled, _, record = await _alices_table_waiting(bot, fake, group, people)
        asked = await _bobs_table_asked_meanwhile(bot, fake, group, people, monkeypatch, record.id, handled)

        posted = await _table_id(bot, group)
        assert posted > asked.message_id and (group.id, dealt) not in fake.messages
        assert len([text for text in _to(fake, "sendMessage", group, since) if "Top card:" in text]) == 1
        assert _to(fake, "deleteMessage", group, since) == [str(dealt)]


async def test_a_second_table_that_waited_on_the_first_is_posted_when_the_group_refuses_the_first(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob's /table is Alice's new table, still waiting for the group's window; the group refusing that one,
    Bob's is posted after all, not taken for done (mutation audit, session 56)."""
    group, people = await _supergroup_dealt(world, fake)
    async with world.running() as bot:
        dealt, since, handled, _, record = await _alices_table_waiting(bot, fake, group, people)
        fake.fail_next("sendMessage", bad_request("message text is empty"), 1, group.id)  # Alice's, queued
        asked = await _bobs_table_asked_meanwhile(bot, fake, group, people, monkeypatch, record.id, handled)

        posted = await _table_id(bot, group)
        assert posted > asked.message_id and (group.id, dealt) not in fake.messages
        assert len([text for text in _to(fake, "sendMessage", group, since) if "Top card:" in text]) == 1


async def test_a_table_asked_before_the_last_ones_landing_let_in_before_its_take_up_is_that_one(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob's /table, after more talk, waited behind a move being drawn while Alice's new table landed, below
    it: let in before Alice's was taken up, it took the dealt table, going already, for the one to replace,
    and posted one more, deleted as it landed, Alice's being the game's by then. Alice's is the one Bob asked
    for."""
    group, people = await _supergroup_dealt(world, fake)
    async with world.running() as bot:
        dealt, since, handled, first, record = await _alices_table_waiting(bot, fake, group, people)
        drawing = bot.rt.publishing._lock(record.id)  # what a move being drawn holds
        await drawing.acquire()
        _talk(fake, group, people)
        asked = fake.user_sends(people[1], group, "/table")
        asking = _reposts_asked(bot, monkeypatch)
        handled += await bot.handed()

        async def waiting() -> bool:  # for the lock, behind the move
            return bool(asking)

        await standing_still(waiting, "Bob's /table waiting for the move to be drawn")

        async def landed() -> bool:
            return first.results[0].done()

        await bot.clock.run(standing_still(landed, "Alice's table landed"))
        outcome = first.results[0].result()
        drawing.release()
        await bot.clock.run(asyncio.gather(*handled))
        await bot.settle()

        posted = await _table_id(bot, group)
        assert posted == outcome.message_id > asked.message_id
        assert len([text for text in _to(fake, "sendMessage", group, since) if "Top card:" in text]) == 1
        assert _to(fake, "deleteMessage", group, since) == [str(dealt)]


async def test_a_refused_new_table_leaves_the_old_one_unedited_when_nothing_changed(
    world: World, fake: FakeTelegram
) -> None:
    """The group refused /table's new message: the old table goes on, and nothing changed on it meanwhile,
    so no edit of it is owed. It was redrawn all the same, only the plain text under its time left's
    <tg-time> newer: a write for nothing."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        await bot.tick(SCROLLED)
        old = await _table_id(bot, group)
        since = len(fake.calls)
        fake.fail_next("sendMessage", ApiError(400, "Bad Request: message text is empty"), 1, group.id)
        fake.user_sends(people[1], group, "/table")
        await bot.deliver()
        await bot.tick(SETTLE)
        assert await _table_id(bot, group) == old
        assert _to(fake, "editMessageText", group, since) == []


async def test_a_move_whose_edit_still_settled_as_table_was_asked_reaches_the_old_table_if_the_new_is_refused(
    world: World, fake: FakeTelegram
) -> None:
    """The move's edit of the table, still settling, was dropped as /table was asked (the old table goes
    once the new one is in): the group refusing the new one, the old table is redrawn with the move."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        await bot.tick(SCROLLED)
        old = await _table_id(bot, group)
        shown = fake.messages[(group.id, old)].text
        actor = await whose_turn(bot, group, people)
        press(fake, actor, hand_message(fake, actor), choices(hand_message(fake, actor))[0])
        await bot.handle_pending()
        await bot.published(group)
        assert fake.messages[(group.id, old)].text == shown  # its edit settles
        fake.fail_next("sendMessage", ApiError(400, "Bad Request: message text is empty"), 1, group.id)
        fake.user_sends(people[1], group, "/table")
        await bot.deliver()
        await bot.tick(SETTLE)
        assert await _table_id(bot, group) == old
        assert fake.messages[(group.id, old)].text != shown


async def test_a_reminder_held_back_while_the_new_table_waited_reaches_the_old_table_if_the_new_is_refused(
    world: World, fake: FakeTelegram
) -> None:
    """Bob's turn ran 20 s from its end while /table's new message waited out a flood: the slow turn's
    redraw was kept off the old table, going once the new one is in. The group refusing the new one, the
    old table is redrawn then, before the turn runs out."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        _, doc = await bot.game(group)
        deadline = doc.state.turn_deadline
        assert deadline is not None
        await bot.tick(deadline / 1000 - bot.clock() - REMINDED_BEFORE - 5)
        old = await _table_id(bot, group)
        fake.fail_next("sendMessage", too_many_requests(8), chat_id=group.id)
        fake.fail_next("sendMessage", bad_request("not enough rights"), chat_id=group.id)
        fake.user_sends(people[1], group, "/table")
        asked = await bot.handed()

        def tried(status: int) -> Callable[[], Awaitable[bool]]:
            async def sent() -> bool:
                return any(call.status == status for call in fake.calls_to("sendMessage"))

            return sent

        # The command's reads and the refusal's adoption run on real time: virtual time stands still for them.
        await standing_still(tried(429), "the new table tried")
        while not await tried(400)():  # the reminder is due meanwhile
            await bot.clock.pass_time(1)
            await bot.timers.run_due()

        async def handled() -> bool:
            return all(handling.done() for handling in asked)

        await standing_still(handled, "the refusal taken up")
        [refused] = [call.time for call in fake.calls_to("sendMessage") if call.status == 400]
        assert refused < deadline / 1000 - REMINDED_BEFORE + 5
        await bot.clock.pass_time(SETTLE)
        edited = [
            call.time
            for call in fake.calls_to("editMessageText")
            if call.ok and call.params["message_id"] == str(old) and call.time >= refused
        ]
        assert edited and max(edited) < deadline / 1000


async def test_a_second_table_that_waited_on_a_first_refused_in_the_topic_closed_meanwhile_is_not_posted(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob's /table, half a minute after Alice's, is her new table, still waiting out a flood, when an admin
    closes their topic (the bot not told): Alice's is refused there, and the match pauses. Bob's was posted
    after all: a second write the closed topic refused."""
    forum, (room, _), people, admin = _forum(fake)
    async with world.running() as bot:
        await _match(bot, fake, forum, room, people)
        await bot.tick(SCROLLED)
        found = await bot.rt.service.find(Place(forum.id, room))
        assert found is not None
        game_id = found[0].id
        fake.fail_next("sendMessage", too_many_requests(2 * SCROLLED), chat_id=forum.id)
        fake.user_sends(people[0], forum, "/table", thread_id=room)
        handled = await bot.handed()
        await screen_queued(bot, forum)
        bot.clock.advance(SCROLLED)  # a forum's ids tell nothing of the talk: Bob's half a minute later
        fake.user_sends(people[1], forum, "/table", thread_id=room)
        asking = _reposts_asked(bot, monkeypatch)
        handled += await bot.handed()

        async def joined() -> bool:  # Bob's, as Alice's still waits out the flood
            return bool(asking) and not bot.rt.publishing.drawing(game_id)

        await standing_still(joined, "Bob's /table asked for")
        fake.close_topic(forum, room, by=admin, told=False)
        await bot.clock.run(asyncio.gather(*handled))
        await bot.settle()

        refused = [call for call in fake.calls_to("sendMessage") if call.status == 400]
        assert [call.params.get("message_thread_id") for call in refused] == [str(room)]
        paused = await bot.rt.service.find(Place(forum.id, room))
        assert paused is not None and paused[1].paused
        # Bob is not told "🔇 I can't post in Club": the topic is closed, which the game's pause tells each
        privates = [[m.text or "" for m in fake.bot_messages_in(fake.private_chat(user))] for user in people]
        assert not [text for texts in privates for text in texts if text.startswith("🔇")], privates


async def test_a_second_table_that_waited_on_a_first_refused_in_a_group_letting_no_member_send_is_told_why(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only admins may send (Alice and Bob are), and the bot is told nothing: Bob's /table, after more talk,
    is Alice's new table, still waiting for the group's window; its refusal tells the bot, and Alice why.
    Bob was told nothing, the refusal naming only Alice's /table; now each is told once."""
    alice, bob = people = [fake.add_user(name) for name in ("Alice", "Bob")]
    group = fake.add_group("Friends", creator=alice, supergroup=True)  # its ids count its messages
    fake.make_admin(bob, group)
    await use_quick_rules(world, group)
    async with world.running() as bot:
        await deal(bot, fake, group, people)
        await bot.tick(SCROLLED)
        await fill_the_groups_window(bot, group)
        fake.turn_members_messages(group, on=False)
        _talk(fake, group, people)
        fake.user_sends(alice, group, "/table")
        handled = await bot.handed()
        await screen_queued(bot, group)
        record, _ = await bot.game(group)
        await _bobs_table_asked_meanwhile(bot, fake, group, people, monkeypatch, record.id, handled)

        assert bot.rt.muted_groups.may_not_post_in(group.id)
        privates = [[m.text for m in fake.bot_messages_in(fake.private_chat(user))] for user in people]
        assert [texts.count(TOLD["en"]) for texts in privates] == [1, 1]
