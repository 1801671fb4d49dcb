"""What moves cost in Bot API requests (issue 4: at most 4 a move on average, answers included)."""

from __future__ import annotations

from collections import Counter

from bot.engine.state import Pending
from bot.tg.callback_data import Action, CallbackData
from bot.tg.table_edits import HOLD_SECONDS
from tests.e2e.harness import Bot, World, buttons, hand_message, press, press_action
from tests.e2e.matches import started
from tests.fake_bot_api import ApiCall, Chat, FakeTelegram

PLAYABLE = "▶"


def _requests(fake: FakeTelegram, since: int) -> list[ApiCall]:
    return [c for c in fake.calls[since:] if c.method != "getUpdates"]


async def _handle_pending(bot: Bot) -> None:
    """Hand the pending presses to the bot without letting time pass (what follows them may still wait)."""
    for update in await bot.app.bot.get_updates(offset=bot.offset, timeout=0):
        bot.offset = update.update_id + 1
        await bot.app.process_update(update)


def _group_edits(fake: FakeTelegram, group: Chat, since: int) -> int:
    return sum(
        1
        for c in _requests(fake, since)
        if c.method == "editMessageText" and int(c.params["chat_id"]) == group.id
    )


async def test_a_card_that_passes_the_turn_costs_five_requests(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        _, doc = await bot.game(group)
        actor = next(user for user in people if user.id == doc.state.actor)
        hand = hand_message(fake, actor)
        numbers = [
            data
            for text, data in buttons(hand)
            if data.action is Action.PLAY and PLAYABLE in text and text.split()[-1].isdigit()
        ]
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
        number = next(
            data
            for text, data in buttons(hand)
            if data.action is Action.PLAY and PLAYABLE in text and text.split()[-1].isdigit()
        )
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
