"""Presses from a modified client, which can send any button's data on any message the presser sees: they
change nothing that is not theirs to change, and spoil no screen of a game."""

from __future__ import annotations

from dataclasses import replace

from bot.engine.cards import COLOURS
from bot.engine.rules import Rules
from bot.tg.callback_data import Action, encode
from bot.tg.settings_layout import ItemKind, item_for, open_data
from tests.e2e.harness import World, buttons, choices, hand_message, press
from tests.e2e.matches import deal, stop, whose_turn
from tests.fake_bot_api import FakeTelegram
from tests.rules_in_play.table import playing


async def test_a_menus_or_a_questions_button_sent_on_the_lobby_leaves_it_as_it_was(
    world: World, fake: FakeTelegram
) -> None:
    """Eve, who does not play, sent a leaderboard's, a /forgetme answer's or an old /stop answer's data on the
    open lobby: it turned into that board, "Nothing was deleted." or "There is no game here any more.", its
    Join button gone for everyone. The admin's settings menu or a /stop answer sent on it did the same."""
    alice, bob, eve = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Eve")
    group = fake.add_group("Friends", members=[alice, bob, eve], creator=alice)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        ended, _ = await bot.game(group)
        await stop(bot, fake, group, alice)
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(group)
        shown = (lobby.text, buttons(lobby))
        record, _ = await bot.game(group)
        presses = [
            (
                eve,
                encode(Action.TOP, 0, 0, 0, 0, 0, 0),
                "This message is out of date: send /top to open it again.",
            ),
            (
                eve,
                encode(Action.FORGET, eve.id, 0, 0),
                "This message is out of date: send /forgetme to open it again.",
            ),
            (eve, encode(Action.STOP, ended.id, 0, 1), "This game is over."),
            (
                alice,
                open_data(item_for(ItemKind.HOME)),
                "This message is out of date: send /settings to open it again.",
            ),
            (
                alice,
                encode(Action.STOP, record.id, 0, 0),
                "This question has been answered already. To stop the game, send /stop again.",
            ),
        ]
        for user, data, answer in presses:
            query = fake.user_presses_data(user, lobby, data)
            await bot.deliver()
            assert query.show_alert and query.answer_text == answer, data
        assert (lobby.text, buttons(lobby)) == shown


async def test_a_hands_button_sent_on_the_table_is_not_theirs_to_press(
    world: World, fake: FakeTelegram
) -> None:
    """A hand's buttons act in its owner's private chat only: the player to move, sending their hand's first
    choice on the group's table, plays nothing."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        mover = await whose_turn(bot, group, [alice, bob])
        _, before = await bot.game(group)
        data = choices(hand_message(fake, mover))[0]
        query = press(fake, mover, fake.last_bot_message(group), data)
        await bot.deliver()
        assert query.show_alert and query.answer_text == "This button isn't for you."
        _, after = await bot.game(group)
        assert after.state.seq == before.state.seq


async def test_a_colour_past_the_four_is_refused_and_the_choice_stays_open(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules()) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["W", "R1"], "Bob": ["G1", "G2"]}, top="R3", turn=alice)
        await table.play(alice, "W")
        red = next(data for _, data in buttons(table.hand(alice)) if data.action is Action.COLOUR)
        query = await table.press_data(alice, replace(red, args=(len(COLOURS),)))
        assert query.show_alert and query.answer_text == "You can't do that now."
        assert (await table.state()).decision is not None
