"""What a refused group command answers: a text for that command, in reply to it."""

from __future__ import annotations

import pytest

from bot.service.lobby import MAX_PLAYERS
from bot.tg.callback_data import Action
from tests.e2e.harness import World, press_action
from tests.fake_bot_api import FakeTelegram

NO_GAME = "There is no game in this chat. Start one with /new."

REFUSALS = [
    # (what is in the chat, who sends, the command, the answer)
    ("lobby", "Bob", "/new", "A game is already open here: join it with /join."),
    ("match", "Carol", "/new", "A game is already running in this chat."),
    *(("nothing", "Alice", command, NO_GAME) for command in ("/join", "/leave", "/startgame", "/stop")),
    ("nothing", "Alice", "/kick", NO_GAME),
    ("lobby", "Alice", "/kick", "Carol is not in the game."),
    ("lobby", "Carol", "/leave", "You are not playing in this game."),
    ("match", "Dan", "/join", "The game has already started."),  # no detour through the private chat
    ("full lobby", "Dan", "/join", "The game is full."),
]


@pytest.mark.parametrize(("there", "sender", "command", "answer"), REFUSALS)
async def test_a_refused_command_gets_its_own_answer_in_reply(
    world: World, fake: FakeTelegram, there: str, sender: str, command: str, answer: str
) -> None:
    people = {name: fake.add_user(name) for name in ("Alice", "Bob", "Carol", "Dan")}
    group = fake.add_group("Friends", members=list(people.values()))
    async with world.running() as bot:
        for name in ("Alice", "Bob", "Carol"):  # Dan never opened the private chat with the bot
            fake.user_starts_bot(people[name])
        if there != "nothing":
            fake.user_sends(people["Alice"], group, "/new")
            fake.user_sends(people["Bob"], group, "/join")
        if there == "match":
            fake.user_sends(people["Alice"], group, "/startgame")
        if there == "full lobby":
            await bot.deliver()
            lobby = fake.last_bot_message(group)
            for _ in range(MAX_PLAYERS - 2):
                press_action(fake, people["Alice"], lobby, Action.ADD_COMPUTER)
        said = fake.user_sends(people["Carol"], group, "hi")
        await bot.deliver()
        sent = fake.user_sends(people[sender], group, command, reply_to=said)
        await bot.deliver()
        reply = fake.last_bot_message(group)
        assert reply.text == answer
        assert reply.extra["reply_to_message"]["message_id"] == sent.message_id
