"""A press on the buttons of a lobby that closed before it started (still on someone's screen) is told what
the lobby's message says, not that the game is over; and, a new lobby being open in the chat, where it is."""

from __future__ import annotations

import pytest

from bot.tg.callback_data import Action, CallbackData
from tests.e2e.harness import Bot, World, buttons, press, press_action
from tests.e2e.matches import open_lobby
from tests.fake_bot_api import Chat, FakeTelegram, Message, User


@pytest.mark.parametrize(
    ("language", "closed", "new_open"),
    [
        (
            "en",
            "This game was closed: everyone left it. Send /new to open a new one.",
            "This game was closed. A new one is open here: press “Join” under it, further down.",
        ),
        (
            "ru",
            "Эта игра закрыта: все игроки вышли. Чтобы открыть новую, отправьте /new.",
            "Эта игра закрыта. Здесь уже открыта новая: нажмите «Участвовать» под ней, ниже в чате.",
        ),
    ],
    ids=["en", "ru"],
)
async def test_a_press_on_a_lobby_everyone_left_reads_as_its_message(
    world: World, fake: FakeTelegram, language: str, closed: str, new_open: str
) -> None:
    """(session 54's lobby) Everyone left: the message read "This game was closed: everyone left it", and a
    Join pressed on the lobby still on a screen alerted "This game is over", a game that never began."""
    alice = fake.add_user("Alice", language_code=language)
    carol = fake.add_user("Carol", language_code=language)
    group = fake.add_group("Friends", members=[alice, carol])
    async with world.running(default_language=language) as bot:
        for user in (alice, carol):
            fake.user_starts_bot(user)
        lobby, join = await _left_by_everyone(bot, fake, group, alice)
        assert fake.messages[(group.id, lobby.message_id)].text == closed
        pressed = press(fake, carol, lobby, join)  # the lobby as her screen still shows it
        await bot.deliver()
        assert pressed.show_alert and pressed.answer_text == closed
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        pressed = press(fake, carol, lobby, join)
        await bot.deliver()
        assert pressed.show_alert and pressed.answer_text == new_open


async def test_a_press_on_a_closed_lobby_with_a_match_running_tells_that_it_has_started(
    world: World, fake: FakeTelegram
) -> None:
    """(session 54's review) With a match running in the chat, a Join pressed on a lobby everyone left read
    its message's "Send /new to open a new one", which /new would refuse: it has started, and /notifyme
    calls her to the next (a player of the match is told she is in it)."""
    alice, bob, carol = (fake.add_user(name) for name in ("Alice", "Bob", "Carol"))
    group = fake.add_group("Friends", members=[alice, bob, carol])
    async with world.running() as bot:
        for user in (alice, bob, carol):
            fake.user_starts_bot(user)
        closed, join = await _left_by_everyone(bot, fake, group, alice)
        await open_lobby(bot, fake, group, alice, [bob])
        press_action(fake, alice, fake.last_bot_message(group), Action.START)
        await bot.deliver()
        pressed = press(fake, carol, closed, join)
        await bot.deliver()
        assert pressed.show_alert and pressed.answer_text == (
            "The game has already started. Send /notifyme and I'll write to you when the next one opens."
        )
        pressed = press(fake, bob, closed, join)
        await bot.deliver()
        assert pressed.show_alert and pressed.answer_text == "You are already in the game."


async def test_a_press_on_a_closed_lobby_names_the_new_ones_join_as_the_group_reads_it(
    world: World, fake: FakeTelegram
) -> None:
    """Carol reads English, the group's screens Russian: the alert names the Join button of the new lobby
    as she will find it there (mutation audit, session 54)."""
    alice, carol = fake.add_user("Alice", language_code="ru"), fake.add_user("Carol", language_code="en")
    group = fake.add_group("Друзья", members=[alice, carol])
    async with world.running(default_language="ru") as bot:
        for user in (alice, carol):
            fake.user_starts_bot(user)
        lobby, join = await _left_by_everyone(bot, fake, group, alice)
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        pressed = press(fake, carol, lobby, join)
        await bot.deliver()
        assert pressed.show_alert and pressed.answer_text == (
            "This game was closed. A new one is open here: press “Участвовать” under it, further down."
        )


async def _left_by_everyone(
    bot: Bot, fake: FakeTelegram, group: Chat, host: User
) -> tuple[Message, CallbackData]:
    """A lobby the host opened and left, alone in it: closed before it started; its Join as a screen still
    shows it."""
    fake.user_sends(host, group, "/new")
    await bot.deliver()
    lobby = fake.last_bot_message(group)
    join = next(data for _, data in buttons(lobby) if data.action is Action.JOIN)
    press_action(fake, host, lobby, Action.LEAVE)
    await bot.deliver()
    return lobby, join
