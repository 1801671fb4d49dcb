"""A press on the buttons of a lobby that closed before it started (still on someone's screen) is told what
the lobby's message says, not that the game is over; and, a new lobby being open in the chat, where it is."""

from __future__ import annotations

import pytest

from bot.tg.callback_data import Action
from tests.e2e.harness import World, buttons, press, press_action
from tests.fake_bot_api import FakeTelegram


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
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(group)
        join = next(data for _, data in buttons(lobby) if data.action is Action.JOIN)
        press_action(fake, alice, lobby, Action.LEAVE)
        await bot.deliver()
        assert fake.messages[(group.id, lobby.message_id)].text == closed
        pressed = press(fake, carol, lobby, join)  # the lobby as her screen still shows it
        await bot.deliver()
        assert pressed.show_alert and pressed.answer_text == closed
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        pressed = press(fake, carol, lobby, join)
        await bot.deliver()
        assert pressed.show_alert and pressed.answer_text == new_open
