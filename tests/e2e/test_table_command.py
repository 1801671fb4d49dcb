"""/table: the lobby or table posted anew at the bottom of a group whose talk has pushed it out of sight;
after a game has ended, a word that it is over and how the next one starts."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Collection

import pytest
from telegram import Update

from bot.engine.rules import Rules
from bot.engine.scoring import ROUND_PAUSE_MS
from bot.service import GameDocument, Place
from bot.service.lobby import LOBBY_IDLE_MS
from bot.storage import GameRecord, GameStatus
from bot.tg.callback_data import Action
from bot.tg.pacing import Render
from bot.tg.pacing_queue import Job, Send
from tests.e2e.harness import Bot, World, choices, hand_message, press, press_action, standing_still
from tests.e2e.matches import (
    ONE_ROUND,
    deal,
    deal_short_matches,
    fill_the_groups_window,
    gathered,
    play_until_over,
    redrawn,
    screen_queued,
    started,
    stop,
    use_quick_rules,
    whose_turn,
)
from tests.fake_bot_api import Chat, FakeTelegram, Message, User
from tests.fake_bot_api.errors import ApiError, bad_request
from tests.narrow_phone import spaced
from tests.rules_in_play.table import playing

SETTLED = 30  # seconds for every paced and settling edit to go out
SCROLLED = 31  # seconds after the table was posted (by the deal, by /table) when /table posts it again
JUST_POSTED = "⬆️ The game's message is just above: it was posted a moment ago."
OVER = (
    "🏁 The last game here is over. To start the next one, press “🔁 Play again” under its results"
    " or send /new."
)


async def _table_command(
    bot: Bot, fake: FakeTelegram, group: Chat, user: User, wait: float = SETTLED
) -> Message:
    """`user` sends /table: the bot's latest message in the group `wait` seconds after it."""
    fake.user_sends(user, group, "/table")
    await bot.deliver()
    await bot.tick(wait)
    return fake.last_bot_message(group)


async def _queued(jobs: Collection[Job], what: str, seen: Callable[[Job], bool]) -> None:
    """Virtual time standing still until one of the group's queued writes is `seen` (the bot's database work
    that asks for it is on real time)."""

    async def asked() -> bool:
        return any(seen(job) for job in jobs)

    await standing_still(asked, what)


def _without_time_left(html: str) -> str:
    return re.sub(r"<tg-time[^>]*>.*?</tg-time>", "", html)


async def _table_id(bot: Bot, group: Chat) -> int:
    record, _ = await bot.game(group)
    assert record.table_message_id is not None
    return record.table_message_id


async def test_the_table_comes_down_the_old_one_goes_and_play_edits_the_new_one(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        await bot.tick(SCROLLED)
        old = await _table_id(bot, group)
        for word in range(5):  # the group talks: the table scrolls up
            fake.user_sends(people[word % 2], group, f"chatter {word}")
        await bot.deliver()
        posted = await _table_command(bot, fake, group, people[1])  # anyone may ask, not only who runs it
        assert posted.message_id == await _table_id(bot, group) != old
        assert "Top card:" in (posted.text or "") and posted.buttons
        assert (group.id, old) not in fake.messages  # no second table with buttons to press
        shown = posted.text
        actor = await whose_turn(bot, group, people)
        hand = hand_message(fake, actor)
        press(fake, actor, hand, choices(hand)[0])
        await bot.deliver()
        await bot.tick(SETTLED)
        assert await _table_id(bot, group) == posted.message_id
        assert fake.messages[(group.id, posted.message_id)].text != shown  # the move is shown there


async def test_a_lobby_comes_down_with_its_join_button(world: World, fake: FakeTelegram) -> None:
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, _):
        await bot.tick(SCROLLED)
        old = await _table_id(bot, group)
        carol = fake.add_user("Carol")
        fake.join_group(carol, group)
        fake.user_starts_bot(carol)
        await bot.deliver()
        posted = await _table_command(bot, fake, group, carol)
        assert posted.message_id == await _table_id(bot, group) != old
        assert (group.id, old) not in fake.messages
        press_action(fake, carol, posted, Action.JOIN)
        await bot.deliver()
        _, doc = await bot.game(group)
        assert carol.id in doc.players


async def test_asked_again_at_once_it_points_up_and_after_half_a_minute_posts_again(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        await bot.tick(SCROLLED)
        first = await _table_command(bot, fake, group, people[0], wait=5)
        answer = await _table_command(bot, fake, group, people[1], wait=26)
        assert answer.text == JUST_POSTED
        assert await _table_id(bot, group) == first.message_id  # not posted twice: two of ~20 writes a minute
        again = await _table_command(bot, fake, group, people[1])  # half a minute has passed since
        assert again.message_id == await _table_id(bot, group) != first.message_id
        assert "Top card:" in (again.text or "")


async def test_when_everyone_asks_at_once_one_table_comes_and_one_pointer_to_it(
    world: World, fake: FakeTelegram
) -> None:
    """Six friends type /table at the same moment: one new table and one "just above", not five answers
    that say the same and take a quarter of the group's writes for a minute from the game's edits."""
    names = ("Alice", "Bob", "Carol", "Dan", "Eve", "Fay")
    async with started(world, fake, names) as (bot, group, people):
        await bot.tick(SCROLLED)
        before = len(fake.bot_messages_in(group))
        for user in people:
            fake.user_sends(user, group, "/table")
        await bot.deliver()
        await bot.tick(SETTLED)
        new = fake.bot_messages_in(group)[before - 1 :]  # the old table is deleted: one message fewer
        assert [message.text for message in new if message.text == JUST_POSTED] == [JUST_POSTED]
        assert len(new) == 2 and new[0].message_id == await _table_id(bot, group)


async def test_asked_right_after_the_deal_it_points_up_at_the_table_just_posted(
    world: World, fake: FakeTelegram
) -> None:
    """Someone who missed the start asks at once: the new table is the message just above, not worth two of
    the group's writes and a flicker."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        dealt = await _table_id(bot, group)
        answer = await _table_command(bot, fake, group, people[1], wait=5)
        assert answer.text == JUST_POSTED
        assert await _table_id(bot, group) == dealt and (group.id, dealt) in fake.messages


async def test_asked_while_the_table_an_anti_spam_bot_deleted_waits_it_posts_the_table(
    world: World, fake: FakeTelegram
) -> None:
    """The bot's new tables were deleted as soon as they came, so the next one waits half a minute; /table
    meanwhile said the table was just above, where nothing was."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        await bot.tick(SCROLLED)
        fake.sweep_bot_messages(group)
        fake.delete_message(fake.messages[(group.id, await _table_id(bot, group))])
        for _ in range(2):  # a move finds it gone and posts it anew, deleted at once: the next finds that
            actor = await whose_turn(bot, group, people)
            press(fake, actor, hand_message(fake, actor), choices(hand_message(fake, actor))[0])
            await bot.deliver()
            await bot.tick(3)
        assert (await bot.game(group))[0].table_message_id is None
        fake.sweep_bot_messages(group, on=False)  # an admin tells the anti-spam bot to leave this one be
        answer = await _table_command(bot, fake, group, people[0], wait=5)
        assert answer.message_id == await _table_id(bot, group)
        assert "Top card:" in (answer.text or "")


async def test_asked_soon_after_the_table_came_back_it_points_to_it(world: World, fake: FakeTelegram) -> None:
    """An anti-spam bot deleted the new tables as they came, and was then told to leave them be: the table
    came back at the first move half a minute on. /table a moment later points to it, as for any table
    just posted, instead of posting another below it."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        await bot.tick(SCROLLED)
        fake.sweep_bot_messages(group)
        fake.delete_message(fake.messages[(group.id, await _table_id(bot, group))])
        for _ in range(2):  # the one posted for it deleted at once: the next waits half a minute
            await _first_choice(bot, fake, group, people, then=3)
        assert (await bot.game(group))[0].table_message_id is None
        fake.sweep_bot_messages(group, on=False)
        await bot.tick(SCROLLED)
        await _first_choice(bot, fake, group, people, then=1)  # the table comes back
        back = await _table_id(bot, group)
        answer = await _table_command(bot, fake, group, people[0], wait=1)
        assert answer.text == JUST_POSTED and await _table_id(bot, group) == back


async def _first_choice(bot: Bot, fake: FakeTelegram, group: Chat, people: list[User], then: float) -> None:
    """Whoever's turn it is presses their first choice; then `then` seconds pass."""
    actor = await whose_turn(bot, group, people)
    press(fake, actor, hand_message(fake, actor), choices(hand_message(fake, actor))[0])
    await bot.deliver()
    await bot.tick(then)


async def test_asked_soon_after_the_deal_under_much_talk_it_posts_the_table_again(
    world: World, fake: FakeTelegram
) -> None:
    """The deal's table scrolled away under a busy supergroup's talk within half a minute: /table said it
    was "just above" all the same. A supergroup's message ids tell how many messages came after it: a few,
    and it points up; more, and it posts the table anew, once for those who ask together."""
    people = [fake.add_user(name) for name in ("Alice", "Bob")]
    group = fake.add_group("Friends", members=people, supergroup=True)
    await use_quick_rules(world, group)
    async with world.running() as bot:
        await deal(bot, fake, group, people)
        dealt = await _table_id(bot, group)
        fake.user_sends(people[0], group, "gl hf")
        answer = await _table_command(bot, fake, group, people[1], wait=1)
        assert answer.text == JUST_POSTED  # the table, a line, /table: still on the screen
        for word in range(8):
            fake.user_sends(people[word % 2], group, f"chatter {word}")
        await bot.deliver()
        before = len(fake.calls_to("sendMessage"))
        asked = [fake.user_sends(user, group, "/table") for user in people]
        await bot.deliver_at_once()  # together, as polling hands them
        await bot.tick(5)
        posted = await _table_id(bot, group)
        assert posted > asked[-1].message_id and (group.id, dealt) not in fake.messages
        assert "Top card:" in (fake.messages[(group.id, posted)].text or "")
        sent = [call.params["text"] for call in fake.calls_to("sendMessage")[before:]]
        assert len([text for text in sent if "Top card:" in text]) == 1  # one for both who asked


async def test_an_old_table_that_cannot_be_deleted_says_where_the_game_went(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        await bot.tick(SCROLLED)
        old = await _table_id(bot, group)
        fake.fail_next("deleteMessage", bad_request("message can't be deleted"), chat_id=group.id)
        posted = await _table_command(bot, fake, group, people[0])
        assert posted.message_id == await _table_id(bot, group) != old
        left = fake.messages[(group.id, old)]
        assert left.text == "⬇️ The game goes on in a new message below." and not left.buttons


async def test_with_no_game_here_it_says_so(world: World, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    async with world.running() as bot:
        answer = await _table_command(bot, fake, group, alice)
        assert answer.text == "There is no game in this chat. Start one with /new."
        assert fake.bot_messages_in(group) == [answer]


@pytest.mark.parametrize(
    ("language", "over", "result"),
    [
        ("en", OVER, "wins the match"),
        (
            "ru",
            "🏁 Последняя игра здесь закончилась. Чтобы начать следующую, нажмите «🔁 Сыграть ещё» под её"
            " итогами или отправьте /new.",
            "выигрывает матч",
        ),
    ],
    ids=["en", "ru"],
)
async def test_after_a_match_it_says_it_is_over_and_that_play_again_starts_the_next(
    world: World, fake: FakeTelegram, language: str, over: str, result: str
) -> None:
    """No "there is no game" to those who just played one: the results with their Play again are the last
    word of the game, so /table points there (and to /new) in one short reply, without posting them again."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await use_quick_rules(world, group, ONE_ROUND, language=language)
    deal_short_matches(world)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        await play_until_over(bot, group, {alice.id: alice, bob.id: bob})
        await bot.tick(SETTLED)
        before = fake.bot_messages_in(group)
        results = next(m for m in reversed(before) if result in (m.text or ""))
        answer = await _table_command(bot, fake, group, bob)
        assert answer.text == over
        assert fake.bot_messages_in(group) == [*before, answer]  # one reply: nothing posted or deleted
        press_action(fake, bob, results, Action.AGAIN)  # what it points at does what it says
        await bot.deliver()
        lobby, doc = await bot.game(group)
        assert lobby.status is GameStatus.LOBBY and doc.players == (bob.id,)


async def test_when_everyone_asks_after_a_stopped_match_one_answer_comes(
    world: World, fake: FakeTelegram
) -> None:
    """Six friends type /table once the match was stopped: one "it is over", as the burst over a running
    game gets one "just above", not six answers that take the group's writes."""
    names = ("Alice", "Bob", "Carol", "Dan", "Eve", "Fay")
    async with started(world, fake, names) as (bot, group, people):
        await stop(bot, fake, group, people[0])
        await bot.tick(SETTLED)
        before = fake.bot_messages_in(group)
        assert "Standings:" in (before[-1].text or "") and before[-1].buttons  # its Play again
        for user in people:
            fake.user_sends(user, group, "/table")
        await bot.deliver()
        await bot.tick(SETTLED)
        assert [m.text for m in fake.bot_messages_in(group)[len(before) :]] == [OVER]


async def test_asked_as_a_new_lobby_opens_it_says_no_game_is_over_under_it(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/table after a stopped match and /new sent at once: /table found no game, the lobby opened while it
    read the last one. The lobby, posted just after the command, answers it: "the last game is over, send
    /new" under it told the group there was no game, and to open one."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        await stop(bot, fake, group, alice)
        await bot.tick(SETTLED)
        last_ended = bot.rt.service.last_ended

        async def new_sent_meanwhile(place: Place) -> tuple[GameRecord, GameDocument] | None:
            fake.user_sends(bob, group, "/new")
            (update,) = await bot.app.bot.get_updates(offset=bot.offset, timeout=0)
            bot.offset = update.update_id + 1
            await bot.app.process_update(update)
            return await last_ended(place)

        monkeypatch.setattr(bot.rt.service, "last_ended", new_sent_meanwhile)
        answer = await _table_command(bot, fake, group, alice)
        assert answer.text is not None and answer.text.startswith("🎴 UNO: a new game")
        assert OVER not in [m.text for m in fake.bot_messages_in(group)]


async def test_after_a_lobby_closed_unplayed_it_says_to_send_new(world: World, fake: FakeTelegram) -> None:
    """A lobby closed before it started has no results and no Play again: /new is the way to the next. It
    said "The last game here is over", of a game that never began."""
    async with gathered(world, fake, ("Alice",)) as (bot, group, (alice,)):
        fake.user_sends(alice, group, "/leave")
        await bot.deliver()
        await bot.tick(SETTLED)
        assert "everyone left it" in (fake.last_bot_message(group).text or "")
        answer = await _table_command(bot, fake, group, alice)
        assert (
            answer.text == "🏁 The last game here was closed before it started. To open a new one, send /new."
        )


async def test_a_game_stopped_just_after_the_pointer_up_still_gets_its_it_is_over(
    world: World, fake: FakeTelegram
) -> None:
    """The answers "just above" and "it is over" are two: the first, said over the running game, must not
    keep the second from whoever asks once it ended, within the same half minute."""
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, (alice, bob, carol)):
        await bot.tick(SCROLLED)
        await _table_command(bot, fake, group, alice, wait=1)  # posted anew
        pointer = await _table_command(bot, fake, group, bob, wait=1)
        assert pointer.text == JUST_POSTED
        await stop(bot, fake, group, alice)
        answer = await _table_command(bot, fake, group, carol, wait=1)
        assert answer.text == OVER


async def test_a_game_that_ends_as_table_is_asked_gets_it_is_over_and_no_new_message(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/table found the match running, and it was stopped before the table could be posted anew: the
    answer is that it is over, and no screen of the ended game comes down."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        await bot.tick(SCROLLED)
        repost = bot.rt.publishing.repost

        async def stopped_first(game_id: int, asker: int | None = None) -> bool:
            await (await bot.rt.after(await bot.rt.service.stop(game_id, alice.id, is_admin=True)))
            return await repost(game_id, asker)

        monkeypatch.setattr(bot.rt.publishing, "repost", stopped_first)
        answer = await _table_command(bot, fake, group, bob, wait=1)
        assert answer.text == OVER
        assert not [m for m in fake.bot_messages_in(group) if "Top card:" in (m.text or "")][1:]


async def test_while_the_new_table_waits_for_the_groups_limit_the_players_hands_go_on(
    world: World, fake: FakeTelegram
) -> None:
    """In a group that has had its ~20 writes a minute, /table's new message waits for the next free slot
    (up to half a minute); the game's private hands must not wait with it."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        await bot.tick(SCROLLED)
        pacer = bot.rt.pacer
        assert pacer is not None
        await bot.clock.run(asyncio.gather(*(pacer.send(group.id, Render(f"note {n}")) for n in range(20))))
        fake.user_sends(people[1], group, "/table")
        mover = await whose_turn(bot, group, people)
        hand = hand_message(fake, mover)
        press(fake, mover, hand, choices(hand)[0])
        updates = await bot.app.bot.get_updates(
            offset=bot.offset, timeout=0, allowed_updates=Update.ALL_TYPES
        )
        bot.offset = updates[-1].update_id + 1
        asked = bot.clock.now
        handled = [asyncio.ensure_future(bot.app.process_update(update)) for update in updates]  # at once
        await bot.clock.run(asyncio.gather(*handled))
        await bot.tick(SETTLED)
        posted = fake.last_bot_message(group)
        assert posted.message_id == await _table_id(bot, group) and posted.buttons
        assert posted.date - asked > 10  # it waited for the group's window
        private = str(fake.private_chat(mover).id)
        edits = [c.time for c in fake.calls_to("editMessageText") if str(c.params["chat_id"]) == private]
        assert min(time for time in edits if time >= asked) - asked < 5  # the mover's hand did not
        moved = (f"{mover.first_name} plays", f"{mover.first_name} draws")
        assert any(said in (posted.text or "") for said in moved)  # and the new table shows the move


async def test_a_move_made_while_the_new_table_waits_is_on_it_when_it_goes_out(
    world: World, fake: FakeTelegram
) -> None:
    """/table's new message waited for the group's window while the game moved on: it goes out drawn as the
    game is then, so no edit has to follow it through the group's queue."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        await bot.tick(SCROLLED)
        pacer = bot.rt.pacer
        assert pacer is not None
        await bot.clock.run(asyncio.gather(*(pacer.send(group.id, Render(f"note {n}")) for n in range(20))))
        fake.user_sends(people[1], group, "/table")
        handled = await bot.handed()
        posting = await screen_queued(bot, group)
        drawn = posting.redraw
        mover = await whose_turn(bot, group, people)
        hand = hand_message(fake, mover)
        press(fake, mover, hand, choices(hand)[0])
        handled += await bot.handed()
        await redrawn(posting, drawn, "the move on it")
        await bot.clock.run(asyncio.gather(*handled))
        await bot.settle()  # every write asked for goes out; no timer runs (a reminder would edit it)
        posted = fake.last_bot_message(group)
        assert posted.message_id == await _table_id(bot, group) and posted.buttons
        (sent,) = [
            c
            for c in fake.calls_to("sendMessage")
            if c.ok and c.response["result"]["message_id"] == posted.message_id
        ]
        moved = (f"{mover.first_name} plays", f"{mover.first_name} draws")
        assert any(said in str(sent.params["text"]) for said in moved)  # it went out showing the move,
        edits = [
            c for c in fake.calls_to("editMessageText") if c.params["message_id"] == str(posted.message_id)
        ]
        # so no edit followed it but for the time left (read when it was adopted)
        assert {_without_time_left(c.params["text"]) for c in edits} <= {
            _without_time_left(sent.params["text"])
        }


async def test_a_join_made_while_the_new_lobby_waits_is_on_it_when_it_goes_out(
    world: World, fake: FakeTelegram
) -> None:
    """As a move for a table: Carol joined while /table's new lobby waited for the group's window; it goes
    out listing her, with no edit after it."""
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, people):
        carol = fake.add_user("Carol")
        fake.join_group(carol, group)
        fake.user_starts_bot(carol)
        await bot.deliver()
        await bot.tick(SCROLLED)
        lobby = fake.messages[(group.id, await _table_id(bot, group))]
        await fill_the_groups_window(bot, group)
        fake.user_sends(people[1], group, "/table")
        handled = await bot.handed()
        posting = await screen_queued(bot, group)
        drawn = posting.redraw
        press_action(fake, carol, lobby, Action.JOIN)
        handled += await bot.handed()
        await redrawn(posting, drawn, "the join on it")
        await bot.clock.run(asyncio.gather(*handled))
        await bot.settle()
        posted = fake.last_bot_message(group)
        assert posted.message_id == await _table_id(bot, group) and "Carol" in (posted.text or "")
        assert not [
            c for c in fake.calls_to("editMessageText") if c.params["message_id"] == str(posted.message_id)
        ]


async def test_when_the_new_message_is_refused_the_old_table_stays_and_goes_on(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        await bot.tick(SCROLLED)
        old = await _table_id(bot, group)
        fake.fail_next("sendMessage", ApiError(400, "Bad Request: message text is empty"), 1, group.id)
        fake.user_sends(people[1], group, "/table")
        await bot.deliver()
        await bot.tick(SETTLED)
        assert await _table_id(bot, group) == old and (group.id, old) in fake.messages
        shown = fake.messages[(group.id, old)].text
        actor = await whose_turn(bot, group, people)
        hand = hand_message(fake, actor)
        press(fake, actor, hand, choices(hand)[0])
        await bot.deliver()
        await bot.tick(SETTLED)
        assert fake.messages[(group.id, old)].text != shown  # the move is shown there


async def test_a_new_message_that_went_out_after_the_next_deals_table_is_deleted(
    world: World, fake: FakeTelegram
) -> None:
    """In a busy group, Bob sent /table just as the next round was dealt: its new message waited behind the
    deal's table and went out after it. The game keeps the deal's, and the later one goes, or the group has
    two tables with the game's buttons."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        bot, group, (alice, bob) = table.bot, table.group, table.people
        await bot.tick(SCROLLED)
        await table.arrange({"Alice": ["R1"], "Bob": ["B1", "B5"]}, top="R3", turn=alice)
        pacer = bot.rt.pacer
        assert pacer is not None
        # the group's window, full for a minute
        notes = [pacer.queue(group.id, Render(f"note {n}")) for n in range(20)]
        played = await table.card_button(alice, "R1")
        assert played is not None
        press(fake, alice, table.hand(alice), played)  # the round's last card
        await bot.clock.run(asyncio.gather(*await bot.handed()))
        bot.clock.advance(ROUND_PAUSE_MS / 1000)
        await bot.timers.run_due()  # the next deal: its table queued behind the notes and the result
        fake.user_sends(bob, group, "/table")
        await bot.clock.run(asyncio.gather(*await bot.handed(), *notes))
        await bot.settle()

        record, _ = await bot.game(group)
        assert [message.message_id for message in fake.bot_messages_in(group) if message.buttons] == [
            record.table_message_id
        ]


async def test_a_lobby_everyone_left_while_the_new_lobby_waits_comes_down_and_says_it_closed(
    world: World, fake: FakeTelegram
) -> None:
    """/table's new lobby waited for the group's window while everyone left the lobby: it goes out as the
    lobby was last (a closed game is not drawn as a new screen: that failed in the pacer, and nothing came
    down), takes the old one's place and then says the game is closed."""
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, people):
        await bot.tick(SCROLLED)
        lobby = fake.messages[(group.id, await _table_id(bot, group))]
        await fill_the_groups_window(bot, group)
        assert bot.rt.pacer is not None
        queued = bot.rt.pacer._chats[group.id].jobs
        fake.user_sends(people[1], group, "/table")
        handled = await bot.handed()
        await _queued(queued, "the new lobby", lambda job: isinstance(job, Send))
        for person in people:
            press_action(fake, person, lobby, Action.LEAVE)
            handled += await bot.handed()
        # the lobby's close published (an edit of the old message), the new one still waiting
        await _queued(queued, "the lobby's close", lambda job: "everyone left" in job.render.text)
        await bot.clock.run(asyncio.gather(*handled))
        await bot.settle()
        posted = fake.last_bot_message(group)
        assert posted.message_id != lobby.message_id and (group.id, lobby.message_id) not in fake.messages
        assert posted.text == "This game was closed: everyone left it. Send /new to open a new one."


async def test_a_lobby_that_sat_idle_while_the_new_lobby_waits_comes_down_and_says_why_it_closed(
    world: World, fake: FakeTelegram
) -> None:
    """As for one everyone left: a lobby nobody started in time closed while /table's new lobby waited for
    the group's window; the new message says why, as the old one's edit did, and how to open the next."""
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, people):
        await bot.tick(LOBBY_IDLE_MS / 1000 - 10)
        lobby = fake.messages[(group.id, await _table_id(bot, group))]
        await fill_the_groups_window(bot, group)
        assert bot.rt.pacer is not None
        queued = bot.rt.pacer._chats[group.id].jobs
        fake.user_sends(people[1], group, "/table")
        handled = await bot.handed()
        await _queued(queued, "the new lobby", lambda job: isinstance(job, Send))
        bot.clock.advance(10)
        await bot.timers.run_due()  # the lobby closes: an edit of the old message, the new one still waiting
        await _queued(queued, "the lobby's close", lambda job: "nobody started it" in job.render.text)
        await bot.clock.run(asyncio.gather(*handled))
        await bot.settle()
        posted = fake.last_bot_message(group)
        assert posted.message_id != lobby.message_id and (group.id, lobby.message_id) not in fake.messages
        assert spaced(posted.text or "") == (
            "This game was closed: nobody started it for 10 minutes. Send /new to open a new one."
        )
