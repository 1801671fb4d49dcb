"""A command or press the bot fails to handle (here: its database lost a table under it) is answered, so
nobody waits on a spinning button or a command that looks ignored; the log keeps the error."""

from __future__ import annotations

import logging
import re

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from bot.service import Place
from bot.storage.engine import create_engine
from bot.tg.callback_data import Action
from bot.tg.fleeting import ANSWER_SECONDS
from tests.e2e.harness import SORRY, World, press_action
from tests.e2e.matches import gather, use_quick_rules
from tests.fake_bot_api import FakeTelegram

SORRY_RU = "⚠️ Извините, у меня что-то пошло не так. Попробуйте ещё раз чуть позже."  # noqa: RUF001


async def _lose_tables(world: World, *tables: str) -> None:
    """Renamed from a connection of its own, on SQLite and PostgreSQL alike, under the running bot."""
    engine = create_engine(world.database_url)
    try:
        async with engine.begin() as connection:
            for table in tables:
                await connection.execute(text(f"ALTER TABLE {table} RENAME TO {table}_lost"))
    finally:
        await engine.dispose()


async def test_a_failed_command_and_a_failed_press_are_answered(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    """In the sender's own language: Alice's English in the Russian group (meant for her, as an alert is
    for the presser), each presser's own in an alert."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Борис", language_code="ru")
    carol = fake.add_user("Carol")
    group = fake.add_group("Friends", members=[alice, bob, carol])
    await use_quick_rules(world, group, language="ru")
    async with world.running() as bot:
        await gather(bot, fake, group, [alice])
        lobby = fake.last_bot_message(group)
        await _lose_tables(world, "games")

        command = fake.user_sends(alice, group, "/join")
        russian = press_action(fake, bob, lobby, Action.JOIN)
        english = press_action(fake, carol, lobby, Action.JOIN)
        await bot.deliver()

        answer = fake.last_bot_message(group)
        assert answer.text == SORRY
        assert answer.extra["reply_to_message"]["message_id"] == command.message_id
        assert (russian.answered, russian.show_alert, russian.answer_text) == (True, True, SORRY_RU)
        assert (english.answered, english.show_alert, english.answer_text) == (True, True, SORRY)
    errors = [record for record in caplog.records if record.levelno >= logging.ERROR]
    # The database's own complaint about the lost table: "no such table: games" on SQLite, 'relation "games"
    # does not exist' on PostgreSQL.
    assert len(errors) == 3
    assert all(
        record.exc_info is not None
        and isinstance(record.exc_info[1], DBAPIError)
        and "games" in str(record.exc_info[1].orig)
        for record in errors
    )


async def test_when_the_languages_cannot_be_read_either_the_persons_telegram_language_is_used(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Борис", language_code="ru")
    group = fake.add_group("Friends", members=[alice, bob])
    await use_quick_rules(world, group, language="ru")
    async with world.running() as bot:
        await gather(bot, fake, group, [alice])
        lobby = fake.last_bot_message(group)
        await _lose_tables(world, "games", "chats", "users")

        fake.user_sends(alice, group, "/join")
        pressed = press_action(fake, bob, lobby, Action.JOIN)
        await bot.deliver()
        assert fake.last_bot_message(group).text == SORRY  # Alice's Telegram speaks English
        assert pressed.answer_text == SORRY_RU


async def test_a_failure_names_the_chat_topic_person_and_command_or_button(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    """Asked why the bot ignored someone at 21:40, the operator read only "Error while handling update 6":
    nothing to find the group's or the person's failures by."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    forum = fake.add_group("Forum", members=[alice, bob], forum=True)
    topic = fake.add_topic(forum, "UNO")
    async with world.running() as bot:
        for user in (alice, bob):
            fake.user_starts_bot(user)
        fake.user_sends(alice, forum, "/new", thread_id=topic)
        await bot.deliver()
        lobby = fake.bot_messages_in(forum, thread_id=topic)[-1]
        found = await bot.rt.service.find(Place(forum.id, topic))
        assert found is not None
        game_id = found[0].id
        await _lose_tables(world, "games")

        fake.user_sends(alice, forum, "/join@uno_test_bot now", thread_id=topic)
        press_action(fake, bob, lobby, Action.JOIN)
        await bot.deliver()
    errors = sorted(
        re.sub(r"update \d+ ", "update N ", record.getMessage())
        for record in caplog.records
        if record.levelno >= logging.ERROR
    )
    assert errors == [
        f"Error while handling update N (chat {forum.id}, topic {topic}, user {alice.id}, /join)",
        f"Error while handling update N (chat {forum.id}, topic {topic}, user {bob.id}, button join of game"
        f" {game_id})",
    ]


@pytest.mark.parametrize("command", ["/stats", "/top", "/forgetme"])
async def test_a_failed_statistics_command_in_private_is_answered_only_with_the_apology(
    world: World, fake: FakeTelegram, command: str
) -> None:
    """Its failure went on to the private chat's last handler: "Sorry, something went wrong", then "Unknown
    command. See /help." for a command the menu offers."""
    alice = fake.add_user("Alice")
    async with world.running() as bot:
        fake.user_starts_bot(alice)
        await bot.deliver()
        await _lose_tables(world, "match_results", "games")
        private = fake.private_chat(alice)
        asked = fake.user_sends(alice, private, command)
        await bot.deliver()
        answers = [m.text for m in fake.bot_messages_in(private) if m.message_id > asked.message_id]
        assert answers == [SORRY]


async def test_a_failed_commands_apology_leaves_the_group_after_a_while_and_stays_in_private(
    world: World, fake: FakeTelegram
) -> None:
    """The group's history need not keep the apology once its asker has tried again; their private chat is
    theirs, and keeps it."""
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice])
        await _lose_tables(world, "games", "match_results")
        private = fake.private_chat(alice)
        fake.user_sends(alice, group, "/join")
        fake.user_sends(alice, private, "/stats")
        await bot.deliver()
        assert fake.last_bot_message(group).text == SORRY
        assert fake.last_bot_message(private).text == SORRY
        await bot.tick(ANSWER_SECONDS + 1)
        assert SORRY not in [message.text for message in fake.bot_messages_in(group)]
        assert fake.last_bot_message(private).text == SORRY


async def test_chatter_whose_reading_failed_is_not_answered(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    """Every group message is read (seven silence): one the bot failed to read is no command, and nobody
    waits for an answer to it; an apology would answer chatter."""
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice])
        await _lose_tables(world, "games")
        said = len(fake.bot_messages_in(group))
        fake.user_sends(alice, group, "anyone up for a game?")
        await bot.deliver()
        assert len(fake.bot_messages_in(group)) == said
    assert any(record.levelno >= logging.ERROR for record in caplog.records)  # its reading did fail
