"""A command or press the bot fails to handle (here: its database lost a table under it) is answered, so
nobody waits on a spinning button or a command that looks ignored; the log keeps the error."""

from __future__ import annotations

import logging
import sqlite3

import pytest
from sqlalchemy.engine import make_url

from bot.tg.callback_data import Action
from tests.e2e.harness import SORRY, World, press_action
from tests.e2e.matches import gather
from tests.fake_bot_api import FakeTelegram


def _lose_the_games_table(world: World) -> None:
    database = make_url(world.database_url).database
    assert database is not None
    with sqlite3.connect(database) as connection:
        connection.execute("ALTER TABLE games RENAME TO games_lost")


async def test_a_failed_command_and_a_failed_press_are_answered(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Борис", language_code="ru")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice])
        lobby = fake.last_bot_message(group)
        _lose_the_games_table(world)

        command = fake.user_sends(alice, group, "/join")
        query = press_action(fake, bob, lobby, Action.JOIN)
        await bot.deliver()

        answer = fake.last_bot_message(group)
        assert answer.text == SORRY
        assert answer.extra["reply_to_message"]["message_id"] == command.message_id
        assert query.answered and query.show_alert
        assert query.answer_text == "⚠️ Извините, у меня что-то пошло не так. Попробуйте ещё раз чуть позже."  # noqa: RUF001
    errors = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert len(errors) == 2 and all("no such table" in str(record.exc_info) for record in errors)
