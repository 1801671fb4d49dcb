"""A group of one language with players reading another: an alert is read by the one who pressed, in their
language, and names the group's buttons as the group's screens label them."""

from __future__ import annotations

import re

import pytest

from bot.engine.rules import PRESETS
from bot.tg.callback_data import Action, encode
from tests.e2e.harness import JOIN_INVITATION, World, buttons, press_action
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


# What a group's text tells its readers to press, each app labelling Telegram's Start in its own language.
START_LABEL = {"en": re.compile(r"\bStart\b(?! the game)"), "ru": re.compile("«Запустить»")}
BOTH_LABELS = {"en": "“Start” (or “Запустить”)", "ru": "«Запустить» (или «Start»)"}
# ... and its Restart, which a chat with a bot one blocked offers instead
RESTART_LABEL = {"en": re.compile(r"\bRestart\b"), "ru": re.compile("«Перезапустить»")}
BOTH_RESTART_LABELS = {"en": "“Restart” (or “Перезапустить”)", "ru": "«Перезапустить» (или «Restart»)"}
# the greeting and /help name Start; the notice about Bob, who blocked the bot, the lobby's hint and the
# table's legend, Restart (the match's notices about such a player: tests.e2e.test_command_answers,
# test_timers_and_unreachable_players, test_restarts_and_timers)
PRESS_START_SAID = {"en": ("Hi! I'm here", "UNO: how to play"), "ru": ("Привет!", ": как играть")}
PRESS_RESTART_SAID = {
    "en": ("won't see", "can't get their cards yet", "🔇 can't"),
    "ru": ("не увидит", "пока не получит", "🔇 не получает"),
}
# the creator told under the lobby that they are in it; the answer to a /startgame while Bob is on his way
FIRST_GAME_SAID = {
    "en": ("you're in the game", "in the chat with me yet"),
    "ru": ("вы в игре", "Ждём, пока"),
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_groups_texts_name_both_labels_of_telegrams_start_button(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """Telegram labels its Start button in each reader's app language, not the group's: the greeting, /help,
    the notices about Bob (who blocked the bot), the lobby's hint and the table's legend told
    a Russian group to press «Запустить», which an English app calls Start (and an English group the other
    way round), as /notifyme no longer did. (session 54) Bob blocked the bot: his chat with it offers
    Restart («Перезапустить»), not Start, and the texts about him name that."""
    alice, bob = fake.add_user("Alice", language_code=language), fake.add_user("Bob", language_code=language)
    group = fake.add_group("Friends", members=[bob], creator=alice)
    group.members.pop(fake.bot.id)  # a group without the bot
    said: set[str] = set()
    async with world.running(default_language=language) as bot:

        async def step() -> None:
            await bot.deliver()
            said.update(m.text or "" for m in fake.bot_messages_in(group))

        fake.add_bot_to_group(group, alice)
        for user in (alice, bob):
            fake.user_starts_bot(user)
        await step()
        fake.user_sends(alice, group, "/help")
        fake.user_sends(alice, group, "/new")
        await step()
        lobby = fake.last_bot_message(group)
        fake.user_sends(bob, group, "/join")
        await step()
        fake.user_blocks_bot(bob)
        await step()
        press_action(fake, alice, lobby, Action.START)
        await step()
    for label, both, fragments in (
        (START_LABEL, BOTH_LABELS, PRESS_START_SAID),
        (RESTART_LABEL, BOTH_RESTART_LABELS, PRESS_RESTART_SAID),
    ):
        telling = [text for text in said if label[language].search(text)]
        for text in telling:
            assert both[language] in text, text
        for fragment in fragments[language]:
            assert any(fragment in text for text in telling), fragment


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_first_games_lobby_texts_name_both_labels_of_telegrams_start_button(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """Alice opens a game before ever starting the bot, and starts it while Bob, sent to the private chat by
    his /join, has yet to press Start there: the text under her lobby and the answer to her /startgame named
    only the group's label of Telegram's Start button."""
    alice, bob = fake.add_user("Alice", language_code=language), fake.add_user("Bob", language_code=language)
    carol = fake.add_user("Carol", language_code=language)
    group = fake.add_group("Friends", members=[alice, bob, carol])
    async with world.running(default_language=language) as bot:
        fake.user_starts_bot(carol)
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        for joiner in (carol, bob):
            fake.user_sends(joiner, group, "/join")
            await bot.deliver()
        fake.user_sends(alice, group, "/startgame")
        await bot.deliver()
        said = [message.text or "" for message in fake.bot_messages_in(group)]
    telling = [text for text in said if START_LABEL[language].search(text)]
    for fragment in FIRST_GAME_SAID[language]:
        assert any(fragment in text for text in telling), (fragment, said)
    for text in telling:
        assert BOTH_LABELS[language] in text, text


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_text_under_the_lobby_of_one_who_blocked_the_bot_names_its_restart(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """Alice blocked the bot, then sent /new: the lobby's hint told her to press Restart («Перезапустить»),
    which her chat with the bot offers, and the text under it, that she is in the game, to press Start.
    (session 55)"""
    alice = fake.add_user("Alice", language_code=language)
    group = fake.add_group("Friends", members=[alice])
    async with world.running(default_language=language) as bot:
        fake.user_starts_bot(alice)
        await bot.deliver()
        fake.user_blocks_bot(alice)
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        told = fake.last_bot_message(group).text or ""
    assert FIRST_GAME_SAID[language][0] in told and BOTH_RESTART_LABELS[language] in told, told


async def test_answers_to_a_command_are_in_its_senders_language(world: World, fake: FakeTelegram) -> None:
    """Bob reads English in a Russian group: the answers to his own commands (the invitation to the private
    chat his /join needed, who may start the game, /help) were in Russian, which he may not read; now in
    his language, as his alerts are, with the button he alone presses labelled so too. The group's lobby
    stays Russian."""
    alice, bob = fake.add_user("Алиса", language_code="ru"), fake.add_user("Bob", language_code="en")
    group = fake.add_group("Друзья", members=[alice, bob])
    await store_chat(world, group, PRESETS["official"], language="ru")
    async with world.running(default_language="ru") as bot:
        fake.user_starts_bot(alice)
        fake.user_sends(alice, group, "/new")
        fake.user_sends(bob, group, "/join")
        await bot.deliver()
        invitation = fake.last_bot_message(group)
        assert invitation.text == f"Bob{JOIN_INVITATION}"
        assert invitation.button_texts == [["Open the chat with me"]]
        fake.user_starts_bot(bob, f"join_{(await bot.game(group))[0].id}")
        fake.user_sends(bob, group, "/startgame")
        await bot.deliver()
        assert fake.last_bot_message(group).text == ("Only the host, Алиса, or a chat admin can do that.")
        fake.user_sends(bob, group, "/help")
        await bot.deliver()
        help_text = fake.last_bot_message(group).text or ""
        assert help_text.startswith("UNO: how to play here\n"), help_text
        # the group's buttons, as the lobby labels them
        said = "press “Участвовать”, then the host (🔑), who opened it, presses “Начать игру”"
        assert said in help_text, help_text
        lobby = [message for message in fake.bot_messages_in(group) if "Участвовать" in str(message.buttons)]
        assert lobby, "the lobby is in the group's language"


async def test_an_answer_names_the_groups_buttons_as_the_group_reads_them(
    world: World, fake: FakeTelegram
) -> None:
    """Bob runs a lobby in a Russian group: /kick of its computer player told him, in English now, to press
    the lobby's button by its Russian label."""
    bob = fake.add_user("Bob", language_code="en")
    group = fake.add_group("Друзья", members=[bob])
    await store_chat(world, group, PRESETS["official"], language="ru")
    async with world.running() as bot:
        fake.user_starts_bot(bob)
        fake.user_sends(bob, group, "/new")
        await bot.deliver()
        press_action(fake, bob, fake.last_bot_message(group), Action.ADD_COMPUTER)
        await bot.deliver()
        fake.user_sends(bob, group, "/kick Компьютер 1")
        await bot.deliver()
        assert fake.last_bot_message(group).text == (
            "Computer players aren't removed with /kick: press “🤖 Убрать” under the list of players."
        )


async def test_one_whose_app_says_no_language_is_answered_in_the_groups(
    world: World, fake: FakeTelegram
) -> None:
    """Jean's app says no language: in a Russian group (on a bot whose DEFAULT_LANGUAGE is English) his
    refusals are in Russian, what the group reads, not in the bot's default; so is what is said once for
    all who ask (/table's pointer), even to one who reads English."""
    jean, bob = fake.add_user("Jean", language_code=None), fake.add_user("Bob", language_code="en")
    group = fake.add_group("Друзья", members=[jean, bob])
    await store_chat(world, group, PRESETS["official"], language="ru")
    async with world.running(default_language="en") as bot:
        fake.user_sends(jean, group, "/leave")
        await bot.deliver()
        assert fake.last_bot_message(group).text == "В этом чате нет игры. Создайте её командой /new."  # noqa: RUF001
        fake.user_starts_bot(bob)
        fake.user_sends(bob, group, "/new")
        await bot.deliver()
        fake.user_sends(bob, group, "/table")
        await bot.deliver()
        fake.user_sends(bob, group, "/table")
        await bot.deliver()
        assert (fake.last_bot_message(group).text or "").startswith("⬆️ Сообщение игры")


async def test_a_typed_setting_refused_is_answered_in_the_senders_language(
    world: World, fake: FakeTelegram
) -> None:
    """Bob, no admin, reads English in a Russian group: his "/settings hand_size 8" and "/lang ru en" were
    refused in Russian."""
    alice, bob = fake.add_user("Алиса", language_code="ru"), fake.add_user("Bob", language_code="en")
    group = fake.add_group("Друзья", members=[bob], creator=alice)
    await store_chat(world, group, PRESETS["official"], language="ru")
    async with world.running() as bot:
        fake.user_sends(bob, group, "/settings hand_size 8")
        await bot.deliver()
        assert (fake.last_bot_message(group).text or "").startswith(
            "Only chat admins can change the chat's rules"
        )
        fake.user_sends(bob, group, "/lang ru en")
        await bot.deliver()
        assert (fake.last_bot_message(group).text or "").startswith("To change the chat's language:")
