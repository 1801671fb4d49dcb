"""Lobby buttons pressed where or when they no longer apply: a screen not yet redrawn after Start, a group
that became a supergroup, a payload pressed in a private chat. Each is refused and changes no game."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.service import Place
from bot.storage import GameStatus
from bot.tg.callback_data import Action, CallbackData
from tests.e2e.harness import Bot, World, buttons, hand_message, press
from tests.e2e.matches import gather
from tests.fake_bot_api import Chat, FakeTelegram, Message, User


def _lobby_button(lobby: Message, action: Action) -> CallbackData:
    return next(data for _, data in buttons(lobby) if data.action is action)


@asynccontextmanager
async def _lobby_of_two(
    world: World, fake: FakeTelegram
) -> AsyncIterator[tuple[Bot, Chat, User, User, Message]]:
    """Alice's lobby in a group, Bob in it too: the bot, the group, Alice, Bob and the lobby message."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        yield bot, group, alice, bob, fake.last_bot_message(group)


async def test_leave_on_a_lobby_screen_not_yet_redrawn_after_start_keeps_the_match(
    world: World, fake: FakeTelegram
) -> None:
    async with _lobby_of_two(world, fake) as (bot, group, alice, bob, lobby):
        leave, start = _lobby_button(lobby, Action.LEAVE), _lobby_button(lobby, Action.START)
        press(fake, alice, lobby, start)
        await bot.deliver()
        query = press(fake, bob, lobby, leave)  # the lobby's keyboard, still on Bob's screen
        await bot.deliver()
        found = await bot.rt.service.find(Place(group.id))
        assert found is not None and bob.id in found[1].state.players
        assert query.show_alert
        assert query.answer_text == "The game has already started. To leave it, send /leave here."


async def test_buttons_left_in_a_group_that_became_a_supergroup_are_out_of_date(
    world: World, fake: FakeTelegram
) -> None:
    async with _lobby_of_two(world, fake) as (bot, group, alice, _, old_lobby):
        fake.migrate_to_supergroup(group)
        await bot.deliver()
        query = press(fake, alice, old_lobby, _lobby_button(old_lobby, Action.START))  # Alice created it
        await bot.deliver()
        assert query.show_alert and query.answer_text == "This button is out of date. Use the newest message."


async def test_a_lobby_button_pressed_in_a_private_chat_seats_nobody(
    world: World, fake: FakeTelegram
) -> None:
    # Only a forged client can do it: lobby buttons live in the group, where the chat is checked.
    eve = fake.add_user("Eve")
    async with _lobby_of_two(world, fake) as (bot, group, alice, bob, _):
        record, _ = await bot.game(group)
        fake.user_starts_bot(eve)
        await bot.deliver()
        greeting = hand_message(fake, eve)  # any message of the bot in Eve's private chat
        queries = [
            press(fake, eve, greeting, CallbackData(action, record.id, 0))
            for action in (Action.JOIN, Action.ADD_COMPUTER, Action.START)
        ]
        await bot.deliver()
        record, doc = await bot.game(group)
        assert doc.players == (alice.id, bob.id) and record.status is GameStatus.LOBBY
        assert all(
            query.show_alert and query.answer_text == "This button isn't for you." for query in queries
        )
