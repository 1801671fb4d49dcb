"""Turns timing out and showing their time running out; Telegram refusing or holding the bot's messages (a
turn's message refused, a long flood wait, a deleted table, a group upgraded to a supergroup); players the bot
cannot write to, who blocked it or never started it: the group told once and how the game can go on, the
lobby marking them, their Start sending the hand back."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine.rules import Rules
from bot.tg.callback_data import Action
from bot.tg.pacing import Render
from bot.tg.pacing_queue import Send
from bot.tg.timers import REMIND_BEFORE_MS
from tests.e2e.harness import World, buttons, press, press_action, standing_still
from tests.e2e.matches import gathered, play_until_over, started
from tests.fake_bot_api import FakeTelegram
from tests.fake_bot_api.errors import ApiError, too_many_requests
from tests.narrow_phone import spaced
from tests.rules_in_play.table import playing


async def test_an_idle_turn_times_out_when_its_time_comes(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, _):
        _, doc = await bot.game(group)
        actor, deadline = doc.state.actor, doc.state.turn_deadline
        assert deadline is not None
        await bot.tick(deadline / 1000 - world.clock() - 1)
        _, still = await bot.game(group)
        assert still.state.seq == doc.state.seq  # one second early: nothing happened
        await bot.tick(1)
        _, after = await bot.game(group)
        assert after.state.seq > doc.state.seq and after.state.actor != actor


async def test_a_migrated_group_keeps_its_game(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        record, _ = await bot.game(group)
        supergroup = fake.migrate_to_supergroup(group)
        await bot.deliver()
        moved, _ = await bot.game(supergroup)
        assert moved.id == record.id and moved.table_message_id is not None
        await play_until_over(bot, supergroup, {user.id: user for user in people}, limit=3)


async def test_a_game_opened_in_the_supergroup_before_the_upgrade_was_followed_keeps_its_place(
    world: World, fake: FakeTelegram
) -> None:
    """/new in the supergroup is handled before the upgrade's service messages: the group's match is
    stopped (its standings come to the supergroup), the new lobby stays, and the group's settings follow."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        match, _ = await bot.game(group)
        async with bot.rt.database.unit_of_work() as uow:
            chat = await uow.chats.ensure(group.id)
            chat.language = "ru"
        supergroup = fake.migrate_to_supergroup(group)
        fake.user_sends(alice, supergroup, "/new")
        updates = await bot.app.bot.get_updates(offset=bot.offset, timeout=0)
        bot.offset = updates[-1].update_id + 1
        for update in [updates[-1], *updates[:-1]]:  # the command first
            await bot.clock.run(bot.app.process_update(update))
        await bot.tick(30)
        lobby, _ = await bot.game(supergroup)
        assert lobby.id != match.id
        stopped = await bot.rt.service.load(match.id)
        assert stopped is not None and stopped[0].chat_id == supergroup.id and stopped[0].finished_at
        assert [m for m in fake.bot_messages_in(supergroup) if "Игра остановлена" in (m.text or "")]
        async with bot.rt.database.unit_of_work() as uow:
            assert await uow.chats.get(group.id) is None
            moved = await uow.chats.get(supergroup.id)
            assert moved is not None and moved.language == "ru"


async def test_without_a_turn_timer_the_group_learns_how_a_player_who_blocked_the_bot_can_be_removed(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules().changed(turn_seconds=0), names=("Alice", "Bob")) as table:
        _, bob = table.people
        fake.user_blocks_bot(bob)
        await table.deliver()
        notice = fake.last_bot_message(table.group).text or ""
        assert notice == (
            "Bob can't get their cards from me, and without a turn timer the game waits for them. The"
            " host or an admin can remove them with /kick Bob, or they can open the chat with me and"
            " press “Restart” (or “Перезапустить”):"  # the app's label in a chat with a bot one blocked
        )


@pytest.mark.parametrize(
    ("lang", "told"),
    [
        ("en", "the game waits for them. A chat admin can remove them with /kick Alice, or they can"),
        ("ru", "этого игрока. Администратор чата может убрать его командой /kick Alice, или"),  # noqa: RUF001
    ],
    ids=["en", "ru"],
)
async def test_a_host_who_blocked_the_bot_is_said_to_be_removable_by_a_chat_admin_alone(
    world: World, fake: FakeTelegram, lang: str, told: str
) -> None:
    """(transcript read, session 51) Alice runs the game and blocked the bot: "The host or an admin can remove
    them with /kick Alice", the host being Alice herself (her own /kick is answered with /leave)."""
    rules = Rules().changed(turn_seconds=0)
    async with playing(world, fake, rules, names=("Alice", "Bob"), language=lang) as table:
        fake.user_blocks_bot(table.people[0])
        await table.deliver()
        assert told in (fake.last_bot_message(table.group).text or "")


@pytest.mark.parametrize(
    ("lang", "told"),
    [
        (
            "en",
            "Bob can't get messages from me, so they won't see their cards once the game starts."
            " Open the chat with me and press “Restart” (or “Перезапустить”):",
        ),
        (
            "ru",
            "Я не могу писать игроку Bob, поэтому, когда игра начнётся, этот игрок не увидит своих карт."
            " Откройте чат со мной и нажмите «Перезапустить» (или «Restart»):",  # noqa: RUF001
        ),
    ],
)
async def test_a_player_who_blocks_the_bot_in_a_lobby_is_told_what_the_match_will_bring(
    world: World, fake: FakeTelegram, lang: str, told: str
) -> None:
    """There are no turns yet to time out: the group learns that the cards will not reach them."""
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        fake.make_admin(alice, group)
        fake.user_sends(alice, group, f"/lang {lang}")
        fake.user_blocks_bot(bob)
        await bot.deliver()
        notice = fake.last_bot_message(group)
        assert notice.text == told
        assert any("start=hand_" in button.get("url", "") for row in notice.buttons for button in row)


async def test_a_turn_message_telegram_failed_to_send_shows_in_the_old_one_then_comes_anew(
    world: World, fake: FakeTelegram
) -> None:
    """Telegram refuses the "your turn" message: it is given up; the old hand message shows the turn at once,
    and the slow-turn reminder sends it anew, so that it still notifies. (A refusal, not 5xx answers for
    seconds: with no other call between them those read as Telegram out of reach, whose end sends every
    hand anew at once, bot.tg.outages.)"""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        alice, bob = table.people
        await table.arrange({"Alice": ["R1", "R5", "G2"], "Bob": ["B1", "B2", "G3"]}, top="R3", turn=alice)
        await table.bot.tick(30)
        old = table.hand(bob)
        fake.fail_next("sendMessage", ApiError(400, "Bad Request: message text is empty"))
        await table.play(alice, "R1")
        await table.bot.tick(10)
        assert table.hand(bob).message_id == old.message_id  # no new message could be sent
        assert ": your turn" in (table.hand(bob).text or "")
        state = await table.state()
        assert state.actor == bob.id and state.turn_deadline is not None
        await table.bot.tick((state.turn_deadline - REMIND_BEFORE_MS) / 1000 - table.bot.clock() + 1)
        anew = table.hand(bob)
        assert anew.message_id != old.message_id and ": your turn" in (anew.text or "")


async def test_a_hand_edit_still_waiting_when_the_turn_comes_anew_is_dropped(
    world: World, fake: FakeTelegram
) -> None:
    """Bob caught Alice while a write to her private chat was on its way, and played before the edit of her
    hand saying so could go: the "your turn" message replaces that hand, and the edit waiting for it is
    dropped (it would have been a write for a message deleted a moment later, ahead of the turn's message).
    The write on its way is held by the test, not by the chat's pace: virtual time jumps while the bot waits
    for its database, and a pace would let the edit go meanwhile."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        alice, bob = table.people
        bot, pacer = table.bot, table.bot.rt.pacer
        assert pacer is not None
        await table.arrange({"Alice": ["R1", "G5"], "Bob": ["R7", "R8", "G3"]}, top="R3", turn=alice)
        await table.play(alice, "R1")  # no UNO!: Bob may catch her
        await bot.tick(1)
        old = table.hand(alice)
        on_its_way, arrives = asyncio.Event(), asyncio.Event()

        async def hold_the_note(method: str, chat_id: str | None) -> None:
            if method == "sendMessage" and chat_id == str(alice.id) and not on_its_way.is_set():
                on_its_way.set()
                await arrives.wait()

        fake.transit = hold_the_note
        sent = len(fake.calls)
        note = pacer.queue(alice.id, Render("note"))
        await asyncio.wait_for(on_its_way.wait(), 5)
        press_action(fake, bob, table.table_message(), Action.CATCH)
        await bot.handle_pending()
        assert len((await table.state()).hands[alice.id]) == 3  # caught: two cards taken
        queued = pacer._chats[alice.id]
        assert old.message_id in queued.pending_edits  # her hand's edit waits behind the note
        r7 = await table.card_button(bob, "R7")
        assert r7 is not None
        press(fake, bob, table.hand(bob), r7)
        moved = await bot.handed()  # its publish awaits her new hand

        async def her_turns_hand_queued() -> bool:
            return any(isinstance(job, Send) for job in queued.jobs)

        await standing_still(her_turns_hand_queued, "her turn's hand asked for")
        arrives.set()
        await bot.clock.run(asyncio.gather(note, *moved))
        await bot.settle()
        assert table.hand(alice).message_id != old.message_id
        to_her = [c for c in fake.calls[sent:] if str(c.params.get("chat_id")) == str(alice.id)]
        assert [c.method for c in to_her] == ["sendMessage", "sendMessage", "deleteMessage"]  # no edit


async def test_a_long_flood_wait_in_the_group_does_not_hold_the_next_rounds_hands(
    world: World, fake: FakeTelegram
) -> None:
    """The round's result waits 400 s for the group (Telegram's 429); the next round is dealt meanwhile, and
    the players' hands show it at once, so nobody's turn runs out unseen."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        alice, _ = table.people
        bot = table.bot
        await table.arrange({"Alice": ["R1"], "Bob": ["B1", "B2", "G3"]}, top="R3", turn=alice)
        await bot.tick(30)
        fake.fail_next("sendMessage", too_many_requests(400), chat_id=table.group.id)  # the result post
        data = await table.card_button(alice, "R1")
        assert data is not None
        press(fake, alice, table.hand(alice), data)
        for update in await bot.app.bot.get_updates(offset=bot.offset, timeout=0):  # handled, not settled
            bot.offset = update.update_id + 1
            await bot.clock.run(bot.app.process_update(update))
        await bot.clock.run(bot.clock.sleep(10))  # the result post now waits out the flood
        await bot.timers.run_due()  # the next round is dealt
        await bot.clock.run(bot.clock.sleep(10))
        state = await table.state()
        assert state.round_no == 2 and state.actor is not None
        player = next(user for user in table.people if user.id == state.actor)
        assert ": your turn" in (table.hand(player).text or "")
        assert not [
            m for m in fake.bot_messages_in(table.group) if "Round 1: Alice wins!" in spaced(m.text or "")
        ]
        await bot.clock.run(bot.clock.sleep(400))
        assert [
            m for m in fake.bot_messages_in(table.group) if "Round 1: Alice wins!" in spaced(m.text or "")
        ]


async def test_a_round_end_after_the_table_was_deleted_posts_its_result_once(
    world: World, fake: FakeTelegram
) -> None:
    """The result waits out a short flood wait in the background while the deleted table's redraw runs: the
    redraw must not post it a second time once the background post has."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        alice, _ = table.people
        await table.arrange({"Alice": ["R1"], "Bob": ["B1", "B2", "G3"]}, top="R3", turn=alice)
        await table.bot.tick(30)
        fake.delete_message(table.table_message())  # an admin tidies the chat
        fake.fail_next("sendMessage", too_many_requests(5), chat_id=table.group.id)
        await table.play(alice, "R1")
        await table.bot.tick(60)
        results = [
            m for m in fake.bot_messages_in(table.group) if "Round 1: Alice wins!" in spaced(m.text or "")
        ]
        assert len(results) == 1


async def test_a_group_upgrade_told_twice_gives_the_game_one_new_table(
    world: World, fake: FakeTelegram
) -> None:
    """A turn times out before the upgrade's service message is handled: the table edit to the old id is
    refused as "migrated" (the first notice), then the service message comes (the second)."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, _):
        _, doc = await bot.game(group)
        supergroup = fake.migrate_to_supergroup(group)
        assert doc.state.turn_deadline is not None
        await bot.tick(doc.state.turn_deadline / 1000 - bot.clock() + 1)
        await bot.deliver()
        await bot.tick(30)
        record, _ = await bot.game(supergroup)
        tables = [m for m in fake.bot_messages_in(supergroup) if m.buttons]
        assert [m.message_id for m in tables] == [record.table_message_id]


async def test_a_player_who_blocked_the_bot_is_announced_once(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        fake.user_blocks_bot(bob)
        await bot.deliver()
        for _ in range(3):
            await bot.tick(61)  # Bob's turns time out; Alice's too
        links = [
            m
            for m in fake.bot_messages_in(group)
            if any("start=hand_" in b.get("url", "") for r in m.buttons for b in r)
            and "Top card" not in (m.text or "")
        ]  # the notice, not the table under whose "My cards" the link is too
        assert len(links) == 1 and "Bob" in (links[0].text or "")
        record, doc = await bot.game(group)
        assert doc.state.seq >= 3 and bob.id in doc.unreachable  # three turns timed out; the game goes on
        assert record.table_message_id is not None and alice.id not in doc.unreachable

        fake.user_starts_bot(bob)  # unblocks: his hand is sent again
        await bot.deliver()
        _, doc = await bot.game(group)
        assert bob.id not in doc.unreachable
        assert any(buttons(m) for m in fake.bot_messages_in(fake.private_chat(bob))[-2:])


async def test_a_start_that_unblocks_the_bot_sends_the_hand_back_without_a_greeting_under_it(
    world: World, fake: FakeTelegram
) -> None:
    """The unblock that came with the Start sent Bob's hand anew: the Start sends it not again, and no
    greeting either, which would come under his hand."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (_, bob)):
        fake.user_blocks_bot(bob)
        await bot.deliver()
        for _ in range(2):
            await bot.tick(61)  # a turn times out: his hand could not be sent
        assert bob.id in (await bot.game(group))[1].unreachable
        start = fake.user_starts_bot(bob)
        await bot.deliver()
        await bot.settle()
        after = [m for m in fake.bot_messages_in(fake.private_chat(bob)) if m.message_id > start.message_id]
        assert [bool(buttons(m)) for m in after] == [True]


async def test_a_creator_the_bot_cannot_write_to_is_invited_and_announced_once(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        fake.user_starts_bot(bob)
        await bot.deliver()
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        invite = fake.last_bot_message(group)
        record, _ = await bot.game(group)
        assert any(f"start=join_{record.id}" in b.get("url", "") for row in invite.buttons for b in row)
        lobby = fake.bot_messages_in(group)[-2]
        press_action(fake, bob, lobby, Action.JOIN)
        await bot.deliver()
        press_action(fake, alice, lobby, Action.START)
        await bot.deliver()  # Alice's hand gets 403: the group is told, the game goes on
        await bot.tick(61)
        await bot.tick(61)
        _, doc = await bot.game(group)
        assert alice.id in doc.unreachable and doc.state.seq >= 1
        notices = [
            m
            for m in fake.bot_messages_in(group)
            if any("start=hand_" in b.get("url", "") for r in m.buttons for b in r)
            and "Top card" not in (m.text or "")
        ]  # the notice, not the table under whose "My cards" the link is too
        assert len(notices) == 1

        fake.user_starts_bot(alice)  # she opens the chat: her hand arrives
        await bot.deliver()
        _, doc = await bot.game(group)
        assert alice.id not in doc.unreachable
        assert any(buttons(m) for m in fake.bot_messages_in(fake.private_chat(alice)))  # a hand


UNREACHABLE_HINT = {
    "en": "🔇 This player can't get their cards yet: open @{bot} and press “Start” (or “Запустить”).",
    "ru": "🔇 Этот игрок пока не получит карты: откройте @{bot} и нажмите «Запустить» (или «Start»).",
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_creator_the_bot_cannot_write_to_is_marked_in_the_lobby_as_a_joiner_is(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """A joiner who blocked the bot is marked 🔇 in the lobby, the line under it saying why; a lobby's
    creator who never started the bot was not (only the invitation under the lobby, which goes after a
    while, said so). Now both are, and Start in the private chat takes the mark away."""
    alice = fake.add_user("Alice", language_code=language)
    group = fake.add_group("Friends", members=[alice])
    async with world.running(default_language=language) as bot:
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        shown = (group.id, fake.bot_messages_in(group)[0].message_id)  # the lobby, the invitation under it
        lobby = fake.messages[shown].text or ""
        assert "1. Alice 🔑 🔇" in lobby.splitlines(), lobby
        assert UNREACHABLE_HINT[language].format(bot="uno_test_bot") in lobby.splitlines(), lobby
        fake.user_starts_bot(alice)
        await bot.deliver()
        lobby = fake.messages[shown].text or ""
        assert "1. Alice 🔑" in lobby.splitlines() and "🔇" not in lobby, lobby


async def test_a_slow_turn_shows_the_time_running_out_once(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, _):
        record, doc = await bot.game(group)
        assert record.table_message_id is not None and doc.state.turn_deadline is not None
        table = fake.messages[(group.id, record.table_message_id)]
        shown = table.text
        edits = len(fake.calls_to("editMessageText"))
        await bot.tick(doc.state.turn_deadline / 1000 - world.clock() - 21)
        assert fake.messages[(group.id, record.table_message_id)].text == shown
        await bot.tick(1)
        assert fake.messages[(group.id, record.table_message_id)].text != shown  # 20 s left now
        assert len(fake.calls_to("editMessageText")) == edits + 2  # the table and the turn player's hand
        _, after = await bot.game(group)
        assert after.state.seq == doc.state.seq
