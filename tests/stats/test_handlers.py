"""What /top, /stats and /forgetme share through the real Application: the board in the chat's language
and a card in the asker's, in private the user's; the name a user has now; answers in a forum topic stay in
it; an empty board's and a newcomer's answers (where to start a match, practice that does not count); the
game's catch-all handlers never see these updates."""

import re
from datetime import timedelta

import pytest
from telegram import Update
from telegram.ext import CallbackQueryHandler, ContextTypes, MessageHandler, filters

from bot.storage import Database
from bot.storage.models import Chat as ChatRow
from tests.fake_bot_api import FakeTelegram
from tests.narrow_phone import cut_labels
from tests.stats.chat_steps import COMPUTER, command, play, press
from tests.stats.conftest import Bot
from tests.stats.factory import NOW, Seat, ranked


async def test_the_board_is_in_the_chats_language_and_stats_in_the_askers(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    alice, bob = fake.add_user("Alice", language_code="en"), fake.add_user("Bob")
    group = fake.add_group("Друзья", members=[alice, bob])
    catches = [Seat(alice.id, 1, 21, catches_made=2, catches_suffered=1), Seat(bob.id, 2)]
    await play(database, [alice, bob], group.id, catches, ranked(alice.id, bob.id))
    async with database.unit_of_work() as uow:
        chat = await uow.session.get(ChatRow, group.id)
        assert chat is not None
        chat.language = "ru"
    board = await command(bot, fake, alice, group, "/top")
    assert board.text is not None
    assert board.text.splitlines()[:2] == ["🏆 Таблица лидеров: Друзья", "Всё время · рейтинг"]
    assert re.fullmatch(r"1\d{3}\? · 2 победы из 2 \(100%\)", board.text.splitlines()[4])
    periods = ["✅ За всё время", "За месяц"]  # noqa: RUF001
    assert board.button_texts[2] == periods and not cut_labels(board.button_texts)
    stats = await command(bot, fake, alice, group, "/stats")  # meant for her: in her language
    assert stats.text is not None and "Matches counted: 2\nWon: 2 (100%)" in stats.text
    alice.language_code = "ru"  # her app in Russian now
    stats = await command(bot, fake, alice, group, "/stats")
    assert stats.text is not None and "Засчитано матчей: 2\nПобед: 2 (100%)" in stats.text  # noqa: RUF001
    # no ending in brackets for a player of either gender
    assert "Поймано соперников: 2\nПоймали соперники: 1" in stats.text  # noqa: RUF001


@pytest.mark.parametrize(
    ("text", "in_private", "shown"),
    [
        pytest.param("/stats", True, "📊 Alicia", id="stats in private"),
        pytest.param("/stats", False, "📊 Alicia", id="stats in the group"),
        pytest.param("/top", False, "🥇 Alicia\n", id="top in the group"),
    ],
)
async def test_stats_and_top_show_the_name_the_user_has_now(
    bot: Bot, fake: FakeTelegram, database: Database, text: str, in_private: bool, shown: str
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id, points=40))
    alice.has_started_bot = True
    alice.first_name = "Alicia"  # renamed in Telegram since her last game
    answer = await command(bot, fake, alice, fake.private_chat(alice) if in_private else group, text)
    assert answer.text is not None and shown in answer.text


async def test_in_a_forum_topic_answers_stay_in_the_topic(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    forum = fake.add_group("Club", members=[alice, bob], forum=True)
    topic = fake.add_topic(forum, "UNO")
    await play(database, [alice, bob], forum.id, ranked(alice.id, bob.id))
    await bot.handle_updates()  # the topic's creation

    board = await command(bot, fake, bob, forum, "/top", thread_id=topic)
    assert board.thread_id == topic and board.text is not None and "Alice" in board.text
    # Telegram marks every topic message as a reply to the topic's first message: that is not "about Alice".
    topic_start = fake.messages[(forum.id, topic)]
    mine = await command(bot, fake, bob, forum, "/stats", thread_id=topic, reply_to=topic_start)
    assert mine.thread_id == topic and mine.text is not None and mine.text.startswith("📊 Bob")


async def test_in_private_the_board_is_global_and_the_users_language_is_used(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    alice = fake.add_user("Alice", language_code="ru-RU", started_bot=True)
    bob = fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id))
    private = fake.private_chat(alice)

    board = await command(bot, fake, alice, private, "/top")
    assert board.text is not None and board.text.startswith("🌍 Общая таблица лидеров")
    stats = await command(bot, fake, alice, private, "/stats")
    assert stats.text is not None and "Засчитано матчей: 1\nПобед: 1 (100%)" in stats.text  # noqa: RUF001
    async with database.unit_of_work() as uow:
        stored = await uow.users.get(alice.id)
        assert stored is not None
        stored.language = "en"  # chosen in the bot: wins over Telegram's language
    stats = await command(bot, fake, alice, private, "/stats")
    assert stats.text is not None and "Matches counted: 1\nWon: 1 (100%)" in stats.text


async def test_an_empty_board_says_where_matches_are_started(bot: Bot, fake: FakeTelegram) -> None:
    """/new works only in a group: the empty global board in private must not send people to it there."""
    alice = fake.add_user("Alice", started_bot=True)
    board = await command(bot, fake, alice, fake.private_chat(alice), "/top")
    assert board.text is not None and board.text.endswith(
        "No match between people has finished yet. Start one in a group with /new."
    )


EMPTY = {
    ("en", False): "No match between people has finished this month yet.",
    ("en", True): "No match between people has finished this month yet:"
    " practice against computers alone doesn't count.",
    ("ru", False): "В этом месяце завершённых матчей между людьми пока нет.",  # noqa: RUF001
    ("ru", True): "В этом месяце завершённых матчей между людьми пока нет:"  # noqa: RUF001
    " тренировки против одних компьютеров не считаются.",
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_an_empty_board_speaks_of_practice_only_after_some(
    bot: Bot, fake: FakeTelegram, database: Database, language: str
) -> None:
    """The note "practice against computers alone does not count" explains a board left empty after practice;
    said to a group that had none, it puzzled instead. Practice of another month is not this month's, and a
    group's board is not told of another group's practice."""
    alice = fake.add_user("Alice", language_code=language)
    group, other = fake.add_group("Friends", members=[alice]), fake.add_group("Others", members=[alice])
    async with database.unit_of_work() as uow:
        uow.session.add(ChatRow(id=group.id, title="Friends", settings={}, language=language))
    alone = [Seat(alice.id, 1, 50), Seat(COMPUTER, 2, is_bot=True)]
    await play(database, [alice], group.id, alone, finished_at=NOW - timedelta(days=60))
    await play(database, [alice], other.id, alone)

    month, wins = {"en": ("This month", "Wins"), "ru": ("За месяц", "Победы")}[language]  # noqa: RUF001
    board = await press(bot, fake, alice, await command(bot, fake, alice, group, "/top"), month)
    assert board.text is not None and board.text.splitlines()[3] == EMPTY[language, False]
    await play(database, [alice], group.id, alone)
    board = await press(bot, fake, alice, board, wins)
    assert board.text is not None and board.text.splitlines()[3] == EMPTY[language, True]


@pytest.mark.parametrize(
    ("language", "in_group", "start"),
    [
        pytest.param("en", True, "Start one here with /new.", id="en group"),
        pytest.param("en", False, "Start one in a group with /new.", id="en private"),
        pytest.param("ru", True, "Начните игру здесь командой /new.", id="ru group"),
        pytest.param("ru", False, "Начните игру в группе командой /new.", id="ru private"),
    ],
)
async def test_a_newcomer_is_told_where_to_start_a_match(
    bot: Bot, fake: FakeTelegram, database: Database, language: str, in_group: bool, start: str
) -> None:
    """In a group, "in a group" read as if the group they wrote in were not one: there it is "here"."""
    alice = fake.add_user("Alice", language_code=language, started_bot=True)
    chat = fake.add_group("Friends", members=[alice]) if in_group else fake.private_chat(alice)
    if in_group:
        async with database.unit_of_work() as uow:
            uow.session.add(ChatRow(id=chat.id, title="Friends", settings={}, language=language))
    stats = await command(bot, fake, alice, chat, "/stats")
    assert stats.text is not None and stats.text.endswith(f" {start}")
    board = await command(bot, fake, alice, chat, "/top")
    assert board.text is not None and board.text.endswith(f" {start}")


async def test_the_games_catch_all_handlers_never_see_stats_updates(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    seen: list[Update] = []

    async def catch_all(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        seen.append(update)

    # Catch-alls with no pattern, after the game's own (a later group sees what group 0 let through).
    bot.application.add_handler(CallbackQueryHandler(catch_all), group=1)
    bot.application.add_handler(MessageHandler(filters.COMMAND, catch_all), group=1)
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id))

    board = await command(bot, fake, alice, group, "/top")
    await press(bot, fake, bob, board, "Wins")
    await command(bot, fake, bob, group, "/stats")
    await command(bot, fake, bob, group, "/dance")
    assert [update.effective_message.text for update in seen if update.effective_message] == ["/dance"]
