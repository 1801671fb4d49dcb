"""A group that has had its ~20 writes a minute: a new message there (a notice, the deal's table, a table
someone deleted) waits for the group's next free slot, up to half a minute. The game must not wait with it:
the players' hands answer their presses meanwhile."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import pytest
from telegram import Update

from bot.engine.rules import Rules
from bot.tg.callback_data import Action
from bot.tg.fleeting import ANSWER_SECONDS
from bot.tg.table_edits import HOLD_SECONDS
from tests.e2e.harness import (
    Bot,
    World,
    buttons,
    choices,
    hand_message,
    held_at_the_game,
    press,
    press_action,
    standing_still,
)
from tests.e2e.matches import fill_the_groups_window, gathered, redrawn, screen_queued, started, whose_turn
from tests.fake_bot_api import ApiCall, Chat, FakeTelegram, Message, User
from tests.fake_bot_api.errors import ApiError, too_many_requests
from tests.narrow_phone import spaced
from tests.rules_in_play.table import playing

SETTLED = 30  # seconds for every paced and settling edit to go out
PROMPT = 5  # seconds within which a hand answers a press when nothing holds it up
HELD_UP = 10  # seconds a message waiting for the group's window waits at least, in these tests


async def _fetched(bot: Bot) -> tuple[Update, ...]:
    """The pending updates, taken as polling takes them."""
    updates: tuple[Update, ...] = await bot.app.bot.get_updates(
        offset=bot.offset, timeout=0, allowed_updates=Update.ALL_TYPES
    )
    bot.offset = updates[-1].update_id + 1
    return updates


async def _handle_at_once(bot: Bot) -> float:
    """The pending updates handled together, as polling does, virtual time standing still (these handlers
    wait for no paced write), without waiting for what they start in the background; the moment they came."""
    await asyncio.gather(*(bot.app.process_update(update) for update in await _fetched(bot)))
    return bot.clock.now


@dataclass(frozen=True)
class _Press:
    who: User
    at: float  # virtual time
    calls: int  # Bot API calls made before it


def _hand_answered_after(fake: FakeTelegram, pressed: _Press) -> float:
    """Seconds from a press to the first write to the presser's private chat after it."""
    private = str(fake.private_chat(pressed.who).id)
    writes = [
        call.time
        for call in fake.calls[pressed.calls :]
        if call.method in ("editMessageText", "sendMessage") and str(call.params["chat_id"]) == private
    ]
    return min(writes) - pressed.at


async def _table_edit_tried(bot: Bot, group: Chat) -> None:
    """The move published, virtual time standing still (its database work is on real time), then the wait
    of the table's edit for the game's next change run out: the edit is tried."""
    await bot.published(group)
    await bot.clock.pass_time(HOLD_SECONDS)


def _said(fake: FakeTelegram, group: Chat, text: str) -> list[Message]:
    """The bot's messages in the group that say `text` (`spaced`)."""
    return [m for m in fake.bot_messages_in(group) if text in spaced(m.text or "")]


async def _move(bot: Bot, fake: FakeTelegram, group: Chat, people: list[User]) -> _Press:
    """Whoever's turn it is presses their first choice."""
    mover = await whose_turn(bot, group, people)
    hand = hand_message(fake, mover)
    calls = len(fake.calls)
    press(fake, mover, hand, choices(hand)[0])
    return _Press(mover, await _handle_at_once(bot), calls)


async def test_the_group_told_of_a_player_who_blocked_the_bot_does_not_hold_up_the_others_hands(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        await bot.tick(SETTLED)
        await fill_the_groups_window(bot, group)
        mover = await whose_turn(bot, group, people)
        blocker = next(person for person in people if person is not mover)
        fake.user_blocks_bot(blocker)
        await _handle_at_once(bot)
        pressed = await _move(bot, fake, group, people)
        await bot.tick(SETTLED)
        (notice,) = _said(fake, group, f"{blocker.first_name} can't get their cards")
        assert notice.date - pressed.at > HELD_UP  # it waited for the group's window
        assert _hand_answered_after(fake, pressed) < PROMPT  # the mover's hand did not


async def test_a_notice_still_waiting_for_the_groups_window_when_its_player_comes_back_says_so_then_goes(
    world: World, fake: FakeTelegram
) -> None:
    """Once it lands it says Bob is back, and goes once read, as one posted before he came back does."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (_, bob)):
        await bot.tick(SETTLED)
        await fill_the_groups_window(bot, group)
        fake.user_blocks_bot(bob)
        await _handle_at_once(bot)
        fake.user_starts_bot(bob)
        await _handle_at_once(bot)
        await bot.tick(SETTLED)
        (notice,) = _said(fake, group, "Bob can")
        assert notice.text == "✅ Bob can get their cards from me now."
        landed = _writes_of(fake, group, notice.message_id)[0].time
        await bot.tick(landed + ANSWER_SECONDS - 1 - bot.clock.now)
        assert (group.id, notice.message_id) in fake.messages
        await bot.tick(1)
        assert (group.id, notice.message_id) not in fake.messages


async def test_a_notice_whose_player_left_gets_no_edit_still_waiting_for_the_groups_window(
    world: World, fake: FakeTelegram
) -> None:
    """Bob came back, and the edit saying so waited for the busy group's window; then he left the match: the
    notice goes, and the edit of it is not spent on the group's writes."""
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, (_, bob, _)):
        fake.user_blocks_bot(bob)
        await bot.deliver()
        (notice,) = _said(fake, group, "Bob can")
        await fill_the_groups_window(bot, group)
        fake.user_starts_bot(bob)
        await _handle_at_once(bot)
        fake.user_sends(bob, group, "/leave")
        await _handle_at_once(bot)
        await bot.tick(SETTLED)
        assert not _said(fake, group, "Bob can")
        edited = [int(call.params["message_id"]) for call in fake.calls_to("editMessageText")]
        assert notice.message_id not in edited


async def test_a_settings_menu_closed_while_its_edit_waits_for_the_groups_window_is_not_edited(
    world: World, fake: FakeTelegram
) -> None:
    """An admin opened a screen of the menu in a busy group and pressed Done before the screen was drawn: the
    menu goes, and its edit, still waiting, is not spent on the group's writes (nor sent to a deleted
    message)."""
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[], creator=alice)
    async with world.running() as bot:
        fake.user_sends(alice, group, "/settings")
        await bot.deliver()
        menu = fake.last_bot_message(group)
        await fill_the_groups_window(bot, group)
        timing = next(data for text, data in buttons(menu) if text.startswith("⏱"))
        press(fake, alice, menu, timing)
        await _handle_at_once(bot)
        fake.user_presses(alice, menu, "Done")
        await _handle_at_once(bot)
        await bot.tick(SETTLED)
        assert (group.id, menu.message_id) not in fake.messages
        edited = [int(call.params["message_id"]) for call in fake.calls_to("editMessageText")]
        assert menu.message_id not in edited


async def test_the_deal_waiting_for_the_groups_window_does_not_hold_up_the_first_moves(
    world: World, fake: FakeTelegram
) -> None:
    """A quick Play again: the group's window is still full of the results and the lobby's writes when the
    match is dealt. The new table waits for it; the players' hands, sent first, must not wait behind it."""
    async with gathered(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        lobby = fake.last_bot_message(group)
        await fill_the_groups_window(bot, group)
        press_action(fake, people[0], lobby, Action.START)
        dealt = await _handle_at_once(bot)
        mover = await whose_turn(bot, group, people)

        async def hand_dealt() -> bool:
            return bool(choices(hand_message(fake, mover)))

        await standing_still(hand_dealt, "the mover's hand dealt")
        posting = await screen_queued(bot, group)
        drawn = posting.redraw
        pressed = await _move(bot, fake, group, people)
        moved = (f"{mover.first_name} plays", f"{mover.first_name} draws")
        await redrawn(posting, drawn, "the move taken into the table")  # the table, still queued, shows it
        await bot.tick(SETTLED)
        table = fake.newest_bot_message(group.id, with_buttons=True)
        assert table is not None and "Top card:" in (table.text or "")
        assert table.message_id == (await bot.game(group))[0].table_message_id
        assert table.date - dealt > HELD_UP  # it waited for the group's window
        assert _hand_answered_after(fake, pressed) < PROMPT  # the mover's hand did not
        assert any(said in (table.text or "") for said in moved)  # and the table shows the move,
        assert len(_writes_of(fake, group, table.message_id)) == 1  # in the message it was posted as


def _writes_of(fake: FakeTelegram, group: Chat, message_id: int) -> list[ApiCall]:
    """The sendMessage that posted a message of the bot in the group, and the edits of it."""
    return [
        call
        for call in fake.calls
        if call.ok
        and str(call.params.get("chat_id")) == str(group.id)
        and (
            (call.method == "sendMessage" and call.response["result"]["message_id"] == message_id)
            or (call.method == "editMessageText" and str(call.params.get("message_id")) == str(message_id))
        )
    ]


async def test_a_deleted_table_posted_again_in_a_flood_wait_does_not_hold_up_the_hands(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        await bot.tick(SETTLED)
        record, _ = await bot.game(group)
        assert record.table_message_id is not None
        fake.delete_message(fake.messages[(group.id, record.table_message_id)])
        fake.fail_next("sendMessage", too_many_requests(SETTLED), chat_id=group.id)
        await _move(bot, fake, group, people)
        await _table_edit_tried(bot, group)

        async def table_gone() -> bool:
            return (await bot.game(group))[0].table_message_id != record.table_message_id

        await standing_still(table_gone, "the table posted anew")
        pressed = await _move(bot, fake, group, people)
        await bot.tick(SETTLED)
        table = fake.newest_bot_message(group.id, with_buttons=True)
        assert table is not None and table.message_id == (await bot.game(group))[0].table_message_id
        assert table.date - pressed.at > HELD_UP  # it waited for the flood wait
        assert _hand_answered_after(fake, pressed) < PROMPT  # the mover's hand did not


async def test_a_kick_told_in_a_busy_group_is_not_drawn_over_a_later_move(
    world: World, fake: FakeTelegram
) -> None:
    """The kick's notice waits for the group's window, the kick is published without waiting for it: the
    next move, made meanwhile, must not be drawn first and then drawn over with the kick's older state. (The
    publisher now redraws a game whose older state was drawn after a newer one: the kicked player's hand,
    told at once, shows the kick was not held up.)"""
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        await bot.tick(SETTLED)
        await fill_the_groups_window(bot, group)
        mover = await whose_turn(bot, group, people)
        kicked = next(person for person in people[1:] if person is not mover)
        calls = len(fake.calls)
        fake.user_sends(people[0], group, f"/kick {kicked.first_name}")
        (update,) = await _fetched(bot)
        kicking = asyncio.ensure_future(bot.app.process_update(update))  # it waits for the group's window

        async def kicked_out() -> bool:
            return kicked.id not in (await bot.game(group))[1].state.players

        await standing_still(kicked_out, "the kick written down")
        kicked_hand = str(fake.private_chat(kicked).id)

        async def kicked_told() -> bool:
            return any(str(call.params.get("chat_id")) == kicked_hand for call in fake.calls[calls:])

        await standing_still(kicked_told, "the kicked player's hand told, the notice still waiting")
        await _move(bot, fake, group, people)
        await bot.clock.run(kicking)
        await bot.tick(SETTLED)
        assert _said(fake, group, f"Alice removed {kicked.first_name} from the game")
        record, doc = await bot.game(group)
        held = len(doc.state.hands[mover.id])
        assert f"You have {held} cards" in spaced(hand_message(fake, mover).text or "")  # as they are now
        assert record.table_message_id is not None
        table = fake.messages[(group.id, record.table_message_id)].text or ""
        moved = (f"{mover.first_name} plays", f"{mover.first_name} draws")
        assert any(said in table for said in moved), table  # and the table too


async def test_a_result_a_redraw_posts_late_does_not_hold_up_the_hands(
    world: World, fake: FakeTelegram
) -> None:
    """Telegram refused a round's result: the game owes it to the group, and the next redraw (here: of a
    table someone deleted) posts it. It waits for the group (a flood wait); the next round must not."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob", "Carol")) as table:
        alice, *_ = table.people
        await table.arrange(
            {"Alice": ["R1"], "Bob": ["B1", "B2"], "Carol": ["G3", "G4"]}, top="R3", turn=alice
        )
        await table.bot.tick(SETTLED)
        # A refusal, not a 5xx: failing sends spread over seconds with no call between them would read as
        # Telegram out of reach, whose end redraws every game (bot.tg.outages), posting the result at once.
        refused = ApiError(400, "Bad Request: message text is empty")
        fake.fail_next("sendMessage", refused, 1, chat_id=table.group.id)
        await table.play(alice, "R1")
        await table.bot.tick(SETTLED)
        bot, group = table.bot, table.group
        assert not _said(fake, group, "Round 1: Alice wins!")
        gone = table.table_message().message_id
        fake.delete_message(table.table_message())
        fake.fail_next("sendMessage", too_many_requests(SETTLED), chat_id=group.id)
        await _move(bot, fake, group, table.people)
        await _table_edit_tried(bot, group)  # it fails: the table is posted again

        async def table_gone() -> bool:
            return (await bot.game(group))[0].table_message_id != gone

        await standing_still(table_gone, "the table posted anew")
        pressed = await _move(bot, fake, group, table.people)
        await bot.tick(SETTLED)
        (result,) = _said(fake, group, "Round 1: Alice wins!")  # once
        assert result.date - pressed.at > HELD_UP  # it waited
        assert _hand_answered_after(fake, pressed) < PROMPT  # the next move's hand did not


async def test_a_group_upgraded_while_the_deals_table_waits_gets_the_table_in_the_supergroup(
    world: World, fake: FakeTelegram
) -> None:
    """The deal's table waits for the group's window; meanwhile the group becomes a supergroup, so it is
    refused. The game must not go on without a table until its next change: the supergroup gets one."""
    async with gathered(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        lobby = fake.last_bot_message(group)
        await fill_the_groups_window(bot, group)
        press_action(fake, people[0], lobby, Action.START)
        await _handle_at_once(bot)
        supergroup = fake.migrate_to_supergroup(group)
        await bot.deliver()
        await bot.tick(SETTLED)
        record, doc = await bot.game(supergroup)
        assert doc.state.seq == 0  # no move since the deal (its next change would post a table)
        tables = [m for m in fake.bot_messages_in(supergroup) if "Top card:" in (m.text or "")]
        assert [m.message_id for m in tables] == [record.table_message_id]


async def test_a_group_upgrade_heard_of_while_the_deals_table_waits_gets_the_table_in_the_supergroup(
    world: World, fake: FakeTelegram
) -> None:
    """As above, but the bot hears of the upgrade before the table's turn comes: the games move, the table on
    its way to the old group fails then, and the supergroup gets one at once (it waited for the old group's
    window, only to be refused there, session 56)."""
    async with gathered(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        lobby = fake.last_bot_message(group)
        await fill_the_groups_window(bot, group)
        press_action(fake, people[0], lobby, Action.START)
        await _handle_at_once(bot)
        supergroup = fake.migrate_to_supergroup(group)
        await _handle_at_once(bot)
        record, _ = await bot.game(supergroup)
        assert record.chat_id == supergroup.id and record.table_message_id is not None
        await bot.tick(SETTLED)
        record, doc = await bot.game(supergroup)
        assert doc.state.seq == 0  # no move since the deal (its next change would post a table)
        tables = [m for m in fake.bot_messages_in(supergroup) if "Top card:" in (m.text or "")]
        assert [m.message_id for m in tables] == [record.table_message_id]


async def test_a_group_upgrade_whose_redraw_comes_after_the_refused_tables_adoption_gets_one_table(
    world: World, fake: FakeTelegram
) -> None:
    """As above, the move's redraw of the games reached only once the refused table's adoption had run and
    whatever it posted landed (a database call of the move's the slower): the supergroup gets one table, not
    one from each (the adoption posted one, the move forgot it and posted another, session 56)."""
    async with gathered(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        lobby = fake.last_bot_message(group)
        await fill_the_groups_window(bot, group)
        press_action(fake, people[0], lobby, Action.START)
        await _handle_at_once(bot)
        supergroup = fake.migrate_to_supergroup(group)
        looks = 0

        def redraws_looked_for(chat_id: int) -> bool:
            """The move's second look at the supergroup's games: those it redraws (its first: those there
            before, whose places the group's games may not take)."""
            nonlocal looks
            looks += chat_id == supergroup.id
            return chat_id == supergroup.id and looks == 2

        with held_at_the_game(bot, "active_games_in", redraws_looked_for) as (called, go):
            handling = await bot.handed()

            async def redrawing() -> bool:
                return called.is_set()

            await standing_still(redrawing, "the move about to redraw the games")
            await bot.settle()  # the refused table's adoption, and what it posted
            go.set()
            await bot.clock.run(asyncio.gather(*handling))
        await bot.settle()
        record, doc = await bot.game(supergroup)
        assert doc.state.seq == 0
        tables = [m for m in fake.bot_messages_in(supergroup) if "Top card:" in (m.text or "")]
        assert [m.message_id for m in tables] == [record.table_message_id]


async def test_an_idle_warning_that_lands_after_its_player_moved_goes_at_once(
    world: World, fake: FakeTelegram
) -> None:
    """ "⏳ Bob, your move" waited for the group's window, and Bob moved meanwhile: of no use once posted."""
    async with playing(world, fake, Rules().changed(turn_seconds=0)) as table:
        bot, bob = table.bot, table.people[1]
        await table.arrange({"Alice": ["R1"], "Bob": ["R5", "G5"], "Carol": ["B7"]}, top="R3", turn=bob)
        bot.clock.advance(50 * 60)
        await fill_the_groups_window(bot, table.group)
        await bot.timers.run_due()  # the warning, queued behind the window
        record, _ = await bot.game(table.group)
        sent_before = await _hand_messages(bot, record.id)
        card = await table.card_button(bob, "R5")
        assert card is not None
        press(fake, bob, table.hand(bob), card)
        await _handle_at_once(bot)

        async def next_turn_told() -> bool:
            """The next player's hand is sent and its id stored: the last the move's publishing waits for on
            real time (the database), after which it finds the warning's turn over with no time passing."""
            _, doc = await bot.game(table.group)
            actor = doc.state.actor
            return (
                actor not in (None, bob.id)
                and (await _hand_messages(bot, record.id))[actor] != sent_before[actor]
            )

        await standing_still(next_turn_told, "the next turn told")
        assert not _said(fake, table.group, "⏳")
        await bot.settle()
        assert any(call.method == "sendMessage" and "⏳" in str(call.params["text"]) for call in fake.calls)
        assert not _said(fake, table.group, "⏳")


async def _hand_messages(bot: Bot, game_id: int) -> dict[int, int | None]:
    """The game's players' hand messages, as stored."""
    async with bot.rt.database.unit_of_work() as uow:
        return {player.user_id: player.hand_message_id for player in await uow.games.players(game_id)}


def _posted(fake: FakeTelegram, group: Chat, text: str) -> list[int]:
    """The ids of the bot's messages posted in the group saying `text`, gone since or not."""
    return [
        call.response["result"]["message_id"]
        for call in fake.calls_to("sendMessage")
        if call.ok
        and str(call.params["chat_id"]) == str(group.id)
        and text in call.response["result"]["text"]
    ]


@pytest.mark.parametrize("came_back", [False, True], ids=["still_blocked", "came_back"])
async def test_a_notice_that_lands_after_its_player_left_goes_at_once_unedited(
    world: World, fake: FakeTelegram, came_back: bool
) -> None:
    """A player blocked the bot, and the notice saying so waited for the group's window; they left the match
    meanwhile (having pressed Start first, or not): once posted the notice is of no use. It goes at once, not
    left standing under the game, and the edit saying they were back, owed to it, is not made."""
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        await bot.tick(SETTLED)
        await fill_the_groups_window(bot, group)
        mover = await whose_turn(bot, group, people)
        # Not the player to move: their leaving sends no hand (its id stored in the database, on real time),
        # so it is published before the test lets virtual time (and the notice) go on.
        leaver = next(person for person in people if person is not mover)
        fake.user_blocks_bot(leaver)
        await _handle_at_once(bot)
        if came_back:
            fake.user_starts_bot(leaver)
            await _handle_at_once(bot)
        fake.user_sends(leaver, group, "/leave")
        left = await _handle_at_once(bot)
        await bot.tick(SETTLED)
        (notice,) = _posted(fake, group, f"{leaver.first_name} can't get")
        (posted,) = _writes_of(fake, group, notice)
        assert posted.time > left  # it landed after they left,
        assert (group.id, notice) not in fake.messages  # went,
        edited = [int(call.params["message_id"]) for call in fake.calls_to("editMessageText")]
        assert notice not in edited  # and no edit of it was tried (one the window would have counted)
