"""One member (or a script) flooding the bot with commands while the others play: a burst of them is answered,
then one now and then; the group's writes stay the game's, and nobody else's update waits for the flood."""

from __future__ import annotations

import asyncio
import math

import pytest
from telegram import Update

from bot.tg.callback_data import Action, CallbackData
from bot.tg.command_budget import (
    COMMAND_BURST,
    COMMAND_SPACING_MS,
    COMPUTER_TOGGLE_BURST,
    LOBBY_TOGGLE_BURST,
    LOBBY_TOGGLE_SPACING_MS,
)
from tests.e2e.harness import Bot, World, buttons, choices, hand_message, press, press_action
from tests.e2e.matches import gathered, started, whose_turn
from tests.fake_bot_api import Chat, FakeTelegram, User

# Each /notifyme switches the word in private about the next game on or off, and says which in the group:
# no two answers alike in a row.
NOTIFY_ME = "/notifyme"
NOTIFY_ANSWERS = ("🔔", "🔕")
FLOOD = 300  # more than PTB's 256 updates handled at once


def _notify_answers(fake: FakeTelegram, chat: Chat) -> int:
    return sum(1 for m in fake.bot_messages_in(chat) if (m.text or "").startswith(NOTIFY_ANSWERS))


async def _joined(bot: Bot, fake: FakeTelegram, group: Chat, name: str) -> User:
    member = fake.add_user(name)
    fake.join_group(member, group)
    fake.user_starts_bot(member)
    await bot.deliver()
    return member


async def _handled_as_polling_does(bot: Bot) -> None:
    """The pending updates, fetched as polling does (100 at a time), each handled in its turn for one of
    PTB's update slots, until every one of them is done (virtual time jumping over the waits)."""
    processor = bot.app.update_processor
    handled = []
    while updates := await bot.app.bot.get_updates(
        offset=bot.offset, timeout=0, allowed_updates=Update.ALL_TYPES
    ):
        bot.offset = updates[-1].update_id + 1
        handled += [processor.process_update(update, bot.app.process_update(update)) for update in updates]
    await bot.clock.run(asyncio.gather(*handled))
    await bot.settle()


async def test_a_member_flooding_the_group_with_commands_gets_a_burst_answered_then_one_now_and_then(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, _):
        troll = await _joined(bot, fake, group, "Troll")
        for _ in range(40):
            fake.user_sends(troll, group, NOTIFY_ME)
        flooded = bot.clock.now
        # (the answers wait for the group's window, the last for the troll's part of the answers' share)
        await _handled_as_polling_does(bot)
        assert _notify_answers(fake, group) == COMMAND_BURST
        spacing = COMMAND_SPACING_MS / 1000
        again = flooded + (math.ceil((bot.clock.now - flooded) / spacing) + 0.5) * spacing  # (not on a tick)
        await bot.tick(again - bot.clock.now)
        for _ in range(40):
            fake.user_sends(troll, group, NOTIFY_ME)
        await _handled_as_polling_does(bot)
        assert _notify_answers(fake, group) == COMMAND_BURST + math.floor((again - flooded) / spacing)
        await bot.tick(COMMAND_BURST * COMMAND_SPACING_MS / 1000)
        fake.user_sends(troll, group, "/rules")  # a while later: the budget is full again, and forgotten
        await bot.deliver()
        assert len(bot.rt.commands) == 1  # (only this command is remembered, for its spacing)


async def test_a_flood_in_a_private_chat_is_answered_in_a_burst_then_now_and_then(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, _, _):
        troll = fake.add_user("Troll")
        fake.user_starts_bot(troll)
        await bot.deliver()
        private = fake.private_chat(troll)
        before = len(fake.bot_messages_in(private))
        for n in range(40):
            fake.user_sends(troll, private, "how do I play?" if n % 2 else "/nonsense")
        await bot.deliver()
        assert len(fake.bot_messages_in(private)) - before == COMMAND_BURST - 1  # the /start counted


async def test_a_press_made_during_a_flood_is_answered_before_the_floods_answers_go_out(
    world: World, fake: FakeTelegram
) -> None:
    """Each command's handler waits for its answer to go out, 20 a minute in a group: hundreds of them held
    every one of PTB's update slots, and the next player's press waited minutes for one."""
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        troll = await _joined(bot, fake, group, "Troll")
        await bot.tick(60)  # the group's window is empty again
        for _ in range(FLOOD):
            fake.user_sends(troll, group, NOTIFY_ME)
        mover = await whose_turn(bot, group, people)
        hand = hand_message(fake, mover)
        query = press(fake, mover, hand, choices(hand)[0])
        await _handled_as_polling_does(bot)
        assert query.answered  # (Telegram refuses the answer to a press 15 seconds old)
        answered = next(
            n
            for n, call in enumerate(fake.calls)
            if call.method == "answerCallbackQuery" and call.params["callback_query_id"] == query.id
        )
        answers_before = [
            call
            for call in fake.calls[:answered]
            if call.method == "sendMessage"
            and str(call.params["chat_id"]) == str(group.id)
            and call.params["text"].startswith(NOTIFY_ANSWERS)
        ]
        assert len(answers_before) <= COMMAND_BURST


async def test_a_long_answer_asked_again_within_a_minute_is_not_posted_again(
    world: World, fake: FakeTelegram
) -> None:
    """/help, /top, /rules and /stats each fill a screen: asked twice in a row, the group read two
    of each, two of its twenty writes a minute gone for what was just above."""
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, _):
        troll = await _joined(bot, fake, group, "Troll")
        asked = ("/help", "/top", "/rules", "/stats")
        openings = ("<b>UNO: how to play", "🏆 <b>Leaderboard", "📜 <b>Rules", "You haven't finished")

        def answers() -> int:
            return sum(1 for call in fake.calls_to("sendMessage") if call.params["text"].startswith(openings))

        before = answers()
        for command in asked * 2:
            fake.user_sends(troll, group, command)
        await bot.deliver()
        assert answers() - before == len(asked)
        await bot.tick(60)
        fake.user_sends(troll, group, "/help")
        await bot.deliver()
        assert answers() - before == len(asked) + 1  # a minute later, it may have scrolled away


async def test_a_script_toggling_join_and_leave_is_refused_after_a_few_presses_until_it_slows_down(
    world: World, fake: FakeTelegram
) -> None:
    """Join and Leave pressed 100 times wrote the game's row 100 times and redrew the lobby 100 times."""
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, _):
        script = await _joined(bot, fake, group, "Script")
        lobby = fake.last_bot_message(group)
        before, _ = await bot.game(group)
        edits_before = len(fake.calls_to("editMessageText"))
        presses = []
        for n in range(100):
            presses.append(press_action(fake, script, lobby, (Action.JOIN, Action.LEAVE)[n % 2]))
            await bot.deliver()
        after, doc = await bot.game(group)

        assert after.version - before.version == LOBBY_TOGGLE_BURST  # one save a press that counted
        assert len(fake.calls_to("editMessageText")) - edits_before <= LOBBY_TOGGLE_BURST
        assert [press.show_alert for press in presses].count(False) == LOBBY_TOGGLE_BURST
        assert presses[-1].answer_text == "You are joining and leaving too often. Try again in a few seconds."
        assert script.id not in doc.players  # as the last press that counted (Leave) left it
        await bot.tick(LOBBY_TOGGLE_SPACING_MS / 1000)
        joined = press_action(fake, script, lobby, Action.JOIN)
        await bot.deliver()
        assert joined.answer_text == "You joined the game." and not joined.show_alert


@pytest.mark.parametrize(
    ("language", "refused"),
    [
        ("en", "You are adding and removing computer players too often. Try again in a few seconds."),
        (
            "ru",
            "Вы слишком часто добавляете и убираете компьютерных игроков. Попробуйте через несколько секунд.",
        ),
    ],
)
async def test_a_script_adding_and_removing_computers_is_refused_after_a_few_presses_until_it_slows_down(
    world: World, fake: FakeTelegram, language: str, refused: str
) -> None:
    """The lobby's "Add a computer" and "Remove" pressed 100 times wrote the game's row 100 times and redrew
    the lobby 100 times, as Join and Leave did."""
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, people):
        script = people[1]
        script.language_code = language
        lobby = fake.last_bot_message(group)
        before, _ = await bot.game(group)
        add = next(data for _, data in buttons(lobby) if data.action is Action.ADD_COMPUTER)
        remove = CallbackData(Action.REMOVE_COMPUTER, before.id, 0, (1,))  # the Remove of computer 1
        edits_before = len(fake.calls_to("editMessageText"))
        presses = []
        for n in range(100):
            presses.append(press(fake, script, lobby, (add, remove)[n % 2]))
            await bot.deliver()
        after, doc = await bot.game(group)

        assert after.version - before.version == COMPUTER_TOGGLE_BURST  # one save a press that counted
        assert len(fake.calls_to("editMessageText")) - edits_before <= COMPUTER_TOGGLE_BURST
        assert presses[-1].show_alert and presses[-1].answer_text == refused
        assert not doc.computers  # as the last press that counted (Remove) left it
        await bot.tick(LOBBY_TOGGLE_SPACING_MS / 1000)
        added = press_action(fake, script, lobby, Action.ADD_COMPUTER)
        await bot.deliver()
        assert not added.show_alert
        _, doc = await bot.game(group)
        assert len(doc.computers) == 1
