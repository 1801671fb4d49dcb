"""A group of one language with players reading another: an alert is read by the one who pressed, in their
language, and names the group's buttons as the group's screens label them."""

from __future__ import annotations

from bot.engine.rules import PRESETS
from bot.tg.callback_data import Action, encode
from tests.e2e.harness import World, buttons, press_action
from tests.fake_bot_api import FakeTelegram
from tests.rules_in_play.table import playing, store_chat


async def test_a_lone_start_points_to_the_lobbys_button_as_the_lobby_labels_it(
    world: World, fake: FakeTelegram
) -> None:
    """Bob reads English in a Russian group: his lone Start was told to press "🤖 Add a computer player",
    a button the lobby labels "🤖 Добавить компьютер"."""
    bob = fake.add_user("Bob", language_code="en")
    group = fake.add_group("Друзья", members=[bob])
    await store_chat(world, group, PRESETS["official"], language="ru")
    async with world.running() as bot:
        fake.user_starts_bot(bob)
        fake.user_sends(bob, group, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(group)
        assert "🤖 Добавить компьютер" in [text for text, _ in buttons(lobby)]
        pressed = press_action(fake, bob, lobby, Action.START)
        await bot.deliver()
        assert pressed.answer_text == (
            "At least two players are needed to start: wait for someone to join, "
            "or press “🤖 Добавить компьютер”."
        )


async def test_catching_yourself_points_to_the_tables_uno_as_the_table_labels_it(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, PRESETS["extreme"], language="ru") as table:
        alice = table.people[0]
        fake.user_sends(alice, fake.private_chat(alice), "/lang en")
        fake.user_starts_bot(alice)  # her hand, anew below the answer
        await table.deliver()
        hands = {"Alice": ["R5", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R5")  # one card left, UNO! not called
        board = table.table_message()
        assert [text for text, _ in buttons(board)][-2:] == ["УНО!", "Поймать!"]  # noqa: RUF001
        pressed = await table.press(alice, Action.CATCH, board)
        assert pressed.answer_text == "You are the one who can be caught: press “УНО!” instead."  # noqa: RUF001


async def test_a_leaderboard_press_refused_in_the_group_is_answered_in_the_pressers_language(
    world: World, fake: FakeTelegram
) -> None:
    """Eve reads English in a Russian group: a leaderboard's button sent on the lobby was refused in Russian,
    the group's language, in an alert only she reads."""
    alice, eve = fake.add_user("Alice", language_code="ru"), fake.add_user("Eve", language_code="en")
    group = fake.add_group("Друзья", members=[alice, eve])
    await store_chat(world, group, PRESETS["official"], language="ru")
    async with world.running() as bot:
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        board_button = encode(Action.TOP, 0, 0, 0, 0, 0, 0)
        forged = fake.user_presses_data(eve, fake.last_bot_message(group), board_button)
        await bot.deliver()
        assert forged.answer_text == "This message is out of date: send /top to open it again."
