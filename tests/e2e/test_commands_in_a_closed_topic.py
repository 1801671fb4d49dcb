"""Any command's answer in a forum topic closed to the bot, with no match paused there (session 46): Telegram
refused it in the topic ("Topic_closed") and its sender learned nothing, but for /settings and /rules. It goes
to their private chat, when they opened it, after a line naming the chat; a board, whose buttons are the
group's, is not posted there: they are told to ask in an open topic; a command of the private chat's own is
to be sent there."""

from __future__ import annotations

import pytest

from tests.e2e.harness import World
from tests.e2e.test_closed_topics import PRESSED, _forum, _match
from tests.e2e.test_settings_in_a_closed_topic import HERE, _sent_in_closed_topic
from tests.fake_bot_api import FakeTelegram

ASK_FOR_THE_BOARD_ELSEWHERE = {
    "en": "🔒 The topic in Club where you asked for the leaderboard is closed to me, so I can't show it"
    " there. Send the command again in an open topic.",
    "ru": "🔒 Тема в чате Club, где вы запросили таблицу лидеров, для меня закрыта, и показать её там я не"
    " могу. Отправьте команду ещё раз в открытой теме.",
}
SEND_IT_HERE = {
    "en": "🔒 The topic in Club where you sent the command is closed to me. It's a command for this chat"
    " anyway: send it here.",
    "ru": "🔒 Тема в чате Club, где вы отправили команду, для меня закрыта. Эта команда всё равно для личного"
    " чата: отправьте её здесь.",
}
# Forwarded, the group's "here" and "start one with /new" (the closed topic refuses its lobby) read otherwise.
NO_GAME = {
    "en": "There is no game in that topic. To play, send /new in an open topic.",
    "ru": "В этой теме нет игры. Чтобы сыграть, отправьте /new в открытой теме.",  # noqa: RUF001
}
NO_MATCH_YET = {
    "en": "You haven't finished a match yet. Start one in an open topic with /new.",
    "ru": "У вас пока нет завершённых матчей. Начните игру в открытой теме командой /new.",  # noqa: RUF001
}
# to a player of the match there (an admin: only admins post in a closed topic)
GAME_ON_PLAYING = {
    "en": "A game is already running in that topic. The host (🔑) or a chat admin can stop it there with"
    " /stop.",
    "ru": "В этой теме уже идёт игра. Остановить её там может ведущий (🔑) или администратор чата командой"  # noqa: RUF001
    " /stop.",
}
GAME_ON = {
    "en": "A game is already running in that topic. Send /notifyme there and I'll write to you when the next"
    " one opens.",
    "ru": "В этой теме уже идёт игра. Отправьте там /notifyme, и я напишу вам, когда откроется следующая.",  # noqa: RUF001
}
START_ELSEWHERE = {
    "en": "🔒 The topic in Club where you sent /start is closed to me, so I can't post there. To play,"
    " send /new in an open topic. All commands: /help",
    "ru": "🔒 Тема в чате Club, где вы отправили /start, для меня закрыта, и написать туда я не могу. Чтобы"
    " сыграть, отправьте /new в открытой теме. Все команды: /help",  # noqa: RUF001
}
HELP = {"en": "UNO: commands", "ru": "УНО: команды"}  # noqa: RUF001
PRIVACY = "What I keep about you"
NOTIFYING = "🔔 Admin, I'll write to you when the next game opens in that topic."


async def _told(world: World, fake: FakeTelegram, language: str, command: str) -> list[tuple[str, int]]:
    """`command` sent in the closed topic: the texts the bot then sent in the sender's private chat, with how
    many rows of buttons each had."""
    async with world.running() as bot:
        _, _, told = await _sent_in_closed_topic(bot, fake, language, command)
    return [(message.text or "", len(message.buttons)) for message in told]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_game_commands_refusal_is_told_in_private(
    world: World, fake: FakeTelegram, language: str
) -> None:
    assert await _told(world, fake, language, "/join") == [(f"{HERE[language]}\n{NO_GAME[language]}", 0)]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_stats_are_told_in_private(world: World, fake: FakeTelegram, language: str) -> None:
    assert await _told(world, fake, language, "/stats") == [
        (f"{HERE[language]}\n{NO_MATCH_YET[language]}", 0)
    ]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_help_is_told_in_private_as_the_private_chat_has_it(
    world: World, fake: FakeTelegram, language: str
) -> None:
    [(text, rows)] = await _told(world, fake, language, "/help")
    # the private chat's /help (all commands), not the group's, which says to open the private chat
    assert (text.split("\n")[:2], rows) == ([HERE[language], HELP[language]], 0)


@pytest.mark.parametrize(("command", "answer"), [("/privacy", PRIVACY), ("/notifyme", NOTIFYING)])
async def test_privacy_and_notifyme_are_answered_in_private(
    world: World, fake: FakeTelegram, command: str, answer: str
) -> None:
    [(text, rows)] = await _told(world, fake, "en", command)
    assert (text.split("\n")[:2], rows) == ([HERE["en"], answer], 0)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("command", ["/top", "/top global"])
async def test_a_board_is_not_posted_in_private(
    world: World, fake: FakeTelegram, language: str, command: str
) -> None:
    assert await _told(world, fake, language, command) == [(ASK_FOR_THE_BOARD_ELSEWHERE[language], 0)]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("command", ["/forgetme", "/colours"])
async def test_a_command_of_the_private_chat_is_to_be_sent_there(
    world: World, fake: FakeTelegram, language: str, command: str
) -> None:
    # the group's answer says "not here: in the private chat", which would read wrong there
    assert await _told(world, fake, language, command) == [(SEND_IT_HERE[language], 0)]


async def test_who_never_opened_the_private_chat_is_not_written_to(world: World, fake: FakeTelegram) -> None:
    async with world.running() as bot:
        _, _, told = await _sent_in_closed_topic(bot, fake, "en", "/help", started=False)
    assert told == []


async def test_who_never_opened_the_private_chat_is_not_even_tried(world: World, fake: FakeTelegram) -> None:
    """The bot knows they never started it: it sends nothing Telegram would refuse (a 403 a command)."""
    async with world.running() as bot:
        _, admin, _ = await _sent_in_closed_topic(bot, fake, "en", "/help", started=False)
    assert not [call for call in fake.calls_to("sendMessage") if int(call.params["chat_id"]) == admin.id]


# /table: not "the game's message is just above" (it was not posted anew, and the private chat has none);
# /new: not "a game is already running here" (here is the private chat)
@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize(("command", "answer"), [("/table", PRESSED), ("/new", GAME_ON)])
async def test_a_command_in_a_topic_whose_match_is_paused_is_answered_in_private_as_there(
    world: World, fake: FakeTelegram, language: str, command: str, answer: dict[str, str]
) -> None:
    async with world.running() as bot:
        forum, (room1, _), people, admin = _forum(fake, language)
        admin.language_code = language
        await _match(bot, fake, forum, room1, people)
        fake.user_starts_bot(admin)
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        before = len(fake.bot_messages_in(fake.private_chat(admin)))
        fake.user_sends(admin, forum, command, thread_id=room1)
        await bot.deliver()
        told = fake.bot_messages_in(fake.private_chat(admin))[before:]
    assert [message.text for message in told] == [f"{HERE[language]}\n{answer[language]}"]


TABLE_OVER = {
    "en": "🏁 The last game in that topic was closed before it started. To open a new one, send /new in an"
    " open topic.",
    "ru": "🏁 Последняя игра в этой теме закрылась, так и не начавшись. Чтобы открыть новую, отправьте /new"
    " в открытой теме.",
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_table_after_the_topics_game_ended_says_where_to_start_the_next(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """The topic's last game, a lobby, closed with it unstarted: /table says so, not that a game ended."""
    async with world.running() as bot:
        forum, (room1, _), (alice, _), admin = _forum(fake, language)
        admin.language_code = language
        fake.user_starts_bot(admin)
        fake.user_sends(alice, forum, "/new", thread_id=room1)
        await bot.deliver()
        fake.close_topic(forum, room1, by=admin)  # the lobby closes with it
        await bot.deliver()
        before = len(fake.bot_messages_in(fake.private_chat(admin)))
        fake.user_sends(admin, forum, "/table", thread_id=room1)
        await bot.deliver()
        told = fake.bot_messages_in(fake.private_chat(admin))[before:]
    assert [message.text for message in told] == [f"{HERE[language]}\n{TABLE_OVER[language]}"]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_start_in_a_closed_topic_is_answered_in_private(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """(session 47) The group's greeting, refused in the closed topic, was not forwarded: who sent /start
    learned nothing. Its "here" and "/new" would read wrong in private: a line says the topic is closed to
    the bot and where to play."""
    assert await _told(world, fake, language, "/start") == [(START_ELSEWHERE[language], 0)]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_stats_of_a_player_of_the_match_paused_there_name_its_topic(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """/stats of a newcomer playing the match paused in the closed topic: forwarded, "your game here" would
    say it is in the private chat ("I'm answering here"); it names the game's topic, as from anywhere else."""
    playing = {
        "en": "You haven't finished a match yet. Your game in Club · Room 1 isn't over yet: its results come"
        " when it ends.",
        "ru": "У вас пока нет завершённых матчей. Ваша игра в чате Club · Room 1 ещё идёт: её итоги появятся,"  # noqa: RUF001
        " когда она закончится.",
    }
    async with world.running() as bot:
        forum, (room1, _), (_, bob), admin = _forum(fake, language)
        admin.language_code = language
        await _match(bot, fake, forum, room1, [admin, bob])
        fake.user_starts_bot(admin)
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        before = len(fake.bot_messages_in(fake.private_chat(admin)))
        fake.user_sends(admin, forum, "/stats", thread_id=room1)
        await bot.deliver()
        told = fake.bot_messages_in(fake.private_chat(admin))[before:]
    assert [message.text for message in told] == [f"{HERE[language]}\n{playing[language]}"]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_new_in_a_closed_topic_from_a_player_of_its_match_says_who_stops_it(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """As the group's answer to a player says: forwarded, it said only that a game ran there."""
    async with world.running() as bot:
        forum, (room1, _), people, admin = _forum(fake, language)
        alice = people[0]
        fake.make_admin(alice, forum)
        await _match(bot, fake, forum, room1, people)
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        before = len(fake.bot_messages_in(fake.private_chat(alice)))
        fake.user_sends(alice, forum, "/new", thread_id=room1)
        await bot.deliver()
        told = fake.bot_messages_in(fake.private_chat(alice))[before:]
    assert [message.text for message in told] == [f"{HERE[language]}\n{GAME_ON_PLAYING[language]}"]
