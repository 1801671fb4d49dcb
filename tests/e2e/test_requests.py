"""What moves cost in Bot API requests (issue 4: at most 4 a move on average, answers included)."""

from __future__ import annotations

from collections import Counter

from bot.engine.rules import Rules
from bot.engine.state import Pending
from bot.tg.callback_data import Action, CallbackData
from bot.tg.table_edits import HOLD_SECONDS, SETTLE_SECONDS
from tests.e2e.harness import Bot, World, buttons, hand_message, press, press_action
from tests.e2e.matches import fill_the_groups_window, started, whose_turn
from tests.fake_bot_api import ApiCall, Chat, FakeTelegram, Message, User
from tests.rules_in_play.table import playing

PLAYABLE = "▶"


def _requests(fake: FakeTelegram, since: int) -> list[ApiCall]:
    return [c for c in fake.calls[since:] if c.method != "getUpdates"]


async def _handle_pending(bot: Bot) -> None:
    """Hand the pending presses to the bot without letting time pass (what follows them may still wait)."""
    for update in await bot.app.bot.get_updates(offset=bot.offset, timeout=0):
        bot.offset = update.update_id + 1
        await bot.app.process_update(update)


def _group_edits(fake: FakeTelegram, group: Chat, since: int) -> int:
    return len(_group_writes(fake, group, since))


def _group_writes(fake: FakeTelegram, group: Chat, since: int) -> list[ApiCall]:
    """The edits of the group's messages since call `since`."""
    return [
        c
        for c in _requests(fake, since)
        if c.method == "editMessageText" and int(c.params["chat_id"]) == group.id
    ]


def _playable_numbers(hand: Message) -> list[CallbackData]:
    """The plain numbers the hand may play."""
    return [
        data
        for text, data in buttons(hand)
        if data.action is Action.PLAY and PLAYABLE in text and text.split()[-1].isdigit()
    ]


async def test_a_card_that_passes_the_turn_costs_five_requests(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        _, doc = await bot.game(group)
        actor = next(user for user in people if user.id == doc.state.actor)
        hand = hand_message(fake, actor)
        numbers = _playable_numbers(hand)
        assert numbers, hand.button_texts  # the seeded deal gives the first player a plain number to play
        before = len(fake.calls)
        query = press(fake, actor, hand, numbers[0])
        await bot.deliver()
        assert query.answered and not query.show_alert
        by_method = Counter(
            (c.method, "group" if int(c.params.get("chat_id", 0)) < 0 else "private")
            for c in _requests(fake, before)
        )
        # The answer; the next player's hand sent anew and their old one deleted; the mover's hand; the table.
        assert by_method == {
            ("answerCallbackQuery", "private"): 1,
            ("sendMessage", "private"): 1,
            ("deleteMessage", "private"): 1,
            ("editMessageText", "private"): 1,
            ("editMessageText", "group"): 1,
        }


async def test_moves_in_quick_succession_share_one_table_edit(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        record, doc = await bot.game(group)
        actor = next(user for user in people if user.id == doc.state.actor)
        before = len(fake.calls)
        drew = press_action(fake, actor, hand_message(fake, actor), Action.DRAW)
        await _handle_pending(bot)
        _, drawn = await bot.game(group)
        passed = press(
            fake,
            actor,
            hand_message(fake, actor),
            CallbackData(Action.PASS, record.id, drawn.hand_counters[actor.id]),
        )
        await _handle_pending(bot)
        await bot.settle()
        assert drew.answered and not drew.show_alert
        assert passed.answered and not passed.show_alert
        _, after = await bot.game(group)
        assert after.state.actor != actor.id
        assert _group_edits(fake, group, before) == 1
        assert record.table_message_id is not None
        assert "pass" in (fake.messages[(group.id, record.table_message_id)].text or "").lower()


def _group_edit_times(fake: FakeTelegram, group: Chat, since: int) -> list[float]:
    return [
        c.time
        for c in _requests(fake, since)
        if c.method == "editMessageText" and int(c.params["chat_id"]) == group.id
    ]


async def test_while_the_player_who_drew_decides_the_table_is_not_edited(
    world: World, fake: FakeTelegram
) -> None:
    """It shows the game as before the draw until they play the card or pass (render.untold_draw): the held
    edit that went out five seconds later would have nothing new to show."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        _, doc = await bot.game(group)
        actor = next(user for user in people if user.id == doc.state.actor)
        before = len(fake.calls)
        drew = press_action(fake, actor, hand_message(fake, actor), Action.DRAW)
        await bot.deliver()
        await bot.tick(HOLD_SECONDS + 1)

        assert drew.answered and not drew.show_alert
        _, drawn = await bot.game(group)
        assert drawn.state.pending is Pending.PLAY_DRAWN  # the card drawn fits: they may play it
        assert _group_edit_times(fake, group, before) == []


async def test_a_colour_chosen_within_the_hold_costs_one_table_edit(world: World, fake: FakeTelegram) -> None:
    """Alice played a Wild and took four seconds over its colour: while the one who acted still decides the
    table waits longer than the settle time, so the group saw one edit with the colour, not one saying she was
    choosing and another a second later."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        alice, bot = table.people[0], table.bot
        await table.arrange({"Alice": ["W", "R5", "G2"], "Bob": ["B1", "B2"]}, top="R3", turn=alice)
        await bot.tick(30)
        before = len(fake.calls)
        press(fake, alice, table.hand(alice), await table.card_button(alice, "W"))
        await _handle_pending(bot)
        await bot.clock.run(bot.clock.sleep(HOLD_SECONDS - 1))
        assert SETTLE_SECONDS < HOLD_SECONDS - 1
        press_action(fake, alice, table.hand(alice), Action.COLOUR)
        await _handle_pending(bot)
        await bot.settle()
        assert len(_group_writes(fake, table.group, before)) == 1


async def test_a_table_edit_that_cannot_wait_replaces_the_one_settling(
    world: World, fake: FakeTelegram
) -> None:
    """Alice played, and a second later Bob's play opened the Catch! window, whose edit goes at once: the
    edit Alice's play had left settling must go with it, or it would go out two seconds later and draw the
    table as it was after her play, Bob's turn again."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        (alice, bob), bot = table.people, table.bot
        await table.arrange({"Alice": ["R1", "R5", "G2"], "Bob": ["B3", "R7"]}, top="R3", turn=alice)
        await bot.tick(30)
        before = len(fake.calls)
        press(fake, alice, table.hand(alice), await table.card_button(alice, "R1"))
        await _handle_pending(bot)
        await bot.clock.run(bot.clock.sleep(1))
        press(fake, bob, table.hand(bob), await table.card_button(bob, "R7"))  # one card left, no UNO!
        await _handle_pending(bot)
        await bot.settle()
        edits = _group_writes(fake, table.group, before)
        assert len(edits) == 1 and "Catch!" in str(edits[0].params.get("reply_markup"))


async def test_the_movers_hand_is_not_held_up_by_the_next_players_private_pace(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        _, doc = await bot.game(group)
        actor = next(user for user in people if user.id == doc.state.actor)
        others = [user for user in people if user is not actor]
        for user in others:  # two replies each spend the burst of the other players' private chats
            for _ in range(2):
                fake.user_sends(user, fake.private_chat(user), "/help")
        await _handle_pending(bot)
        hand = hand_message(fake, actor)
        number = _playable_numbers(hand)[0]
        before = len(fake.calls)
        press(fake, actor, hand, number)
        await bot.deliver()
        calls = _requests(fake, before)
        mover_edit = next(
            c.time for c in calls if c.method == "editMessageText" and int(c.params["chat_id"]) == actor.id
        )
        next_hand = next(
            c.time for c in calls if c.method == "sendMessage" and c.params.get("reply_markup") is not None
        )
        # The next player's new hand waits for their chat's pace; the mover's edit does not wait for it.
        assert mover_edit < next_hand


async def _play_a_number(bot: Bot, fake: FakeTelegram, group: Chat, people: list[User]) -> None:
    """Whoever's turn it is plays a plain number (the seeded deals give them one), and the move is published,
    virtual time standing still (writes that wait for a window go on waiting)."""
    mover = await whose_turn(bot, group, people)
    hand = hand_message(fake, mover)
    press(fake, mover, hand, _playable_numbers(hand)[0])
    await _handle_pending(bot)
    following = await whose_turn(bot, group, people)
    # the next player's hand sent first, its id stored, then the table's edit asked for
    await bot.published(group)
    assert "your turn" in (hand_message(fake, following).text or "")


async def test_a_table_edit_waiting_for_the_groups_window_goes_out_showing_the_moves_made_meanwhile(
    world: World, fake: FakeTelegram
) -> None:
    """A lively game in a group that has had its 20 writes a minute: the table's edit queued for the group's
    window takes in the moves made while it waits, so no second edit follows to show what it left out."""
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        await bot.tick(30)
        filling = len(fake.calls)
        await fill_the_groups_window(bot, group)
        opens = fake.calls[filling].time + 60  # when the first of them leaves the group's window
        before = len(fake.calls)
        await _play_a_number(bot, fake, group, people)
        # Its table edit settles and waits for the window; the next move comes just before it opens.
        await bot.clock.pass_time(opens - SETTLE_SECONDS + 1 - bot.clock.now)
        assert not _group_writes(fake, group, before)
        await _play_a_number(bot, fake, group, people)
        await bot.clock.pass_time(SETTLE_SECONDS + 1)
        await bot.settle()

        tables = [c.params["text"] for c in _group_writes(fake, group, before)]
        assert len(tables) == 1, tables  # not one showing Bob's turn, then one showing Carol's
        assert f'Turn: <a href="tg://user?id={people[2].id}">Carol</a>' in tables[0]


async def test_a_notice_posted_while_the_tables_edit_settles_goes_after_it(
    world: World, fake: FakeTelegram
) -> None:
    """Alice played, and before her play's edit of the table had settled Carol blocked the bot: the group sees
    the table show the play, then the notice that Carol can't get her cards (a new message under a table
    still to change read as if posted before the play)."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob", "Carol")) as table:
        (alice, _, carol), bot = table.people, table.bot
        await table.arrange(
            {"Alice": ["R1", "R5", "G2"], "Bob": ["B3", "R7"], "Carol": ["G4", "Y6"]}, top="R3", turn=alice
        )
        await bot.tick(30)
        before = len(fake.calls)
        press(fake, alice, table.hand(alice), await table.card_button(alice, "R1"))
        await _handle_pending(bot)
        fake.user_blocks_bot(carol)
        await _handle_pending(bot)
        await bot.settle()

        seen = [
            (c.method, str(c.params["text"]))
            for c in _requests(fake, before)
            if c.method in ("sendMessage", "editMessageText") and int(c.params["chat_id"]) == table.group.id
        ]
        assert [method for method, _ in seen] == ["editMessageText", "sendMessage"]
        assert "Top card: <b>🟥 1" in seen[0][1] and "Carol</a> can't get their cards" in seen[1][1]
