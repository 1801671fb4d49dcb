"""Commands typed in the comments under a linked channel's post, whose readers see nothing of the group's chat
where the game is: what they are answered says so, with the way there, never "here" (the comments)."""

from __future__ import annotations

import pytest

from bot.service import Place
from tests.e2e.harness import Bot, World
from tests.e2e.matches import deal, gather, stop
from tests.fake_bot_api import FakeTelegram
from tests.fake_bot_api.model import Chat, Message

IN_GAME = {
    "en": "🎮 You're in the game. It's played in the chat News chat, not in the comments.",
    "ru": "🎮 Вы в игре. Играют в чате News chat, а не в комментариях.",  # noqa: RUF001
}
LOBBY_THERE = {
    "en": "🎮 The game is open in the chat News chat, not in the comments: join it there.",
    "ru": "🎮 Игра открыта в чате News chat, а не в комментариях: присоединяйтесь там.",  # noqa: RUF001
}
MATCH_THERE = "🎮 The game is played in the chat News chat, not in the comments: follow it there."


async def way_to_the_game(bot: Bot, group: Chat) -> str:
    found = await bot.rt.service.find(Place(group.id))
    assert found is not None
    return f"https://t.me/c/{str(group.id).removeprefix('-100')}/{found[0].table_message_id}"


def answer_under(fake: FakeTelegram, group: Chat, post: Message) -> Message:
    """The bot's one answer in the post's comments."""
    (answer,) = fake.bot_messages_in(group, thread_id=post.message_id)
    return answer


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_join_in_the_comments_says_they_are_in_and_where(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """It joined in silence: only the lobby in the group's chat showed it, which commenters do not see."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob", language_code=language)
    group = fake.add_group("News chat", members=[alice, bob], supergroup=True)
    async with world.running() as bot:
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        await gather(bot, fake, group, [alice])
        fake.user_starts_bot(bob)  # the bot may write to them: no invitation to its private chat
        fake.user_sends(bob, group, "/join", reply_to=post)
        await bot.deliver()
        _, doc = await bot.game(group)
        assert bob.id in doc.players
        answer = answer_under(fake, group, post)
        assert answer.text == IN_GAME[language]
        assert answer.buttons[0][0]["url"] == await way_to_the_game(bot, group)


@pytest.mark.parametrize(
    ("command", "language", "expected"),
    [
        (
            "/join",
            "en",
            "A game is already running in the chat News chat."
            " Send /notifyme and I'll write to you when the next one opens.",
        ),
        (
            "/join",
            "ru",
            "В чате News chat уже идёт игра."  # noqa: RUF001
            " Отправьте /notifyme, и я напишу вам, когда откроется следующая.",
        ),
        ("/hand", "en", "🃏 You're not playing in the game in the chat News chat."),
        ("/hand", "ru", "🃏 Вы не участвуете в игре в чате News chat."),
    ],
    ids=["join-en", "join-ru", "hand-en", "hand-ru"],
)
async def test_a_non_players_command_in_the_comments_during_a_match_names_its_chat(
    world: World, fake: FakeTelegram, command: str, language: str, expected: str
) -> None:
    """Under a post that shows no game, /join read "The game has already started." (which one, and where?),
    and /hand "You're not playing in the game here."."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    carol = fake.add_user("Carol", started_bot=True, language_code=language)
    group = fake.add_group("News chat", members=[alice, bob, carol], supergroup=True)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(carol, group, command, reply_to=post)
        await bot.deliver()
        assert answer_under(fake, group, post).text == expected


async def test_a_join_in_the_chat_is_answered_by_the_lobby_alone(world: World, fake: FakeTelegram) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("News chat", members=[alice, bob], supergroup=True)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice])
        fake.user_starts_bot(bob)
        fake.user_sends(bob, group, "/join")
        await bot.deliver()
        (lobby,) = fake.bot_messages_in(group)
        assert "Bob" in (lobby.text or "")


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_new_in_the_comments_with_a_lobby_open_points_to_it(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """It read "A game is already open here: join it with /join." under a post that shows no game."""
    alice = fake.add_user("Alice", started_bot=True, language_code=language)
    bob = fake.add_user("Bob", started_bot=True, language_code=language)
    group = fake.add_group("News chat", members=[alice, bob], supergroup=True)
    async with world.running() as bot:
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        fake.user_sends(bob, group, "/new", reply_to=post)
        await bot.deliver()
        answer = answer_under(fake, group, post)
        assert answer.text == LOBBY_THERE[language]
        assert answer.buttons[0][0]["url"] == await way_to_the_game(bot, group)


async def test_new_in_the_comments_from_one_in_the_lobby_says_they_are_in(
    world: World, fake: FakeTelegram
) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    group = fake.add_group("News chat", members=[alice], supergroup=True)
    async with world.running() as bot:
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        fake.user_sends(alice, group, "/new", reply_to=post)
        await bot.deliver()
        assert answer_under(fake, group, post).text == IN_GAME["en"]


@pytest.mark.parametrize(
    ("name", "expected"), [("Bob", IN_GAME["en"]), ("Carol", MATCH_THERE)], ids=["player", "bystander"]
)
async def test_new_in_the_comments_during_a_match_points_to_it(
    world: World, fake: FakeTelegram, name: str, expected: str
) -> None:
    """It read "A game is already running here." to a player and to one not playing."""
    alice, bob, carol = (fake.add_user(n) for n in ("Alice", "Bob", "Carol"))
    group = fake.add_group("News chat", members=[alice, bob, carol], supergroup=True)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(bob if name == "Bob" else carol, group, "/new", reply_to=post)
        await bot.deliver()
        answer = answer_under(fake, group, post)
        assert answer.text == expected
        assert answer.buttons[0][0]["url"] == await way_to_the_game(bot, group)


async def test_new_in_the_chat_with_a_lobby_open_still_says_here(world: World, fake: FakeTelegram) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("News chat", members=[alice, bob], supergroup=True)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice])
        fake.user_sends(bob, group, "/new")
        await bot.deliver()
        assert fake.last_bot_message(group).text == "A game is already open here: join it with /join."


async def test_notifyme_in_the_comments_with_a_lobby_open_points_to_it(
    world: World, fake: FakeTelegram
) -> None:
    """It read "A game is already open here: join it with /join." as /new did."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("News chat", members=[alice, bob], supergroup=True)
    async with world.running() as bot:
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        await gather(bot, fake, group, [alice])
        fake.user_sends(bob, group, "/notifyme", reply_to=post)
        await bot.deliver()
        answer = answer_under(fake, group, post)
        assert answer.text == LOBBY_THERE["en"]
        assert answer.buttons[0][0]["url"] == await way_to_the_game(bot, group)


@pytest.mark.parametrize(
    ("language", "dealt", "expected"),
    [
        ("en", True, "🏁 The last game in the chat News chat is over. To start the next one, send /new."),
        (
            "ru",
            True,
            "🏁 Последняя игра в чате News chat закончилась. Чтобы начать следующую, отправьте /new.",
        ),
        (
            "ru",
            False,
            "🏁 Последняя игра в чате News chat закрылась, так и не начавшись. Чтобы открыть новую, отправьте"
            " /new.",
        ),
    ],
    ids=["en", "ru", "ru-lobby"],
)
async def test_table_in_the_comments_after_the_game_says_the_chats_is_over(
    world: World, fake: FakeTelegram, language: str, dealt: bool, expected: str
) -> None:
    """It read "The last game here is over. To start the next one, press “Play again” under its results",
    which are in the group's chat, not under the post. A lobby closed unstarted is no game that ended."""
    alice, bob = fake.add_user("Alice", language_code=language), fake.add_user("Bob")
    group = fake.add_group("News chat", members=[alice, bob], supergroup=True)
    async with world.running() as bot:
        if dealt:
            await deal(bot, fake, group, [alice, bob])
            await stop(bot, fake, group, alice)
        else:
            await gather(bot, fake, group, [alice])
            fake.user_sends(alice, group, "/leave")  # everyone left: it closes
            await bot.deliver()
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(alice, group, "/table", reply_to=post)
        await bot.deliver()
        assert answer_under(fake, group, post).text == expected


@pytest.mark.parametrize(
    ("state", "language", "expected"),
    [
        ("lobby", "en", "A game is already open in the chat News chat: join it there."),
        ("lobby", "ru", "В чате News chat уже открыта игра: присоединяйтесь там."),  # noqa: RUF001
        (
            "match",
            "en",
            "A game is already running in the chat News chat."
            " Send /notifyme and I'll write to you when the next one opens.",
        ),
        (
            "awaited",
            "en",
            "A game is already running in the chat News chat."
            " You sent /notifyme: I'll write to you when the next one opens.",
        ),
        (
            "awaited",
            "ru",
            "В чате News chat уже идёт игра."  # noqa: RUF001
            " Вы уже отправили /notifyme: я напишу вам, когда откроется следующая.",
        ),
    ],
    ids=["lobby-en", "lobby-ru", "match", "awaited-en", "awaited-ru"],
)
async def test_stats_in_the_comments_with_nothing_to_show_names_the_chat_of_the_game(
    world: World, fake: FakeTelegram, state: str, language: str, expected: str
) -> None:
    """It read "You haven't finished a match yet. A game is already open here: join it with /join." under a
    post that shows no game; to one awaiting the next game, "A game is already running here." """
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    carol = fake.add_user("Carol", language_code=language)
    group = fake.add_group("News chat", members=[alice, bob, carol], supergroup=True)
    async with world.running() as bot:
        await (gather if state == "lobby" else deal)(bot, fake, group, [alice, bob])
        if state == "awaited":  # sent again, /notifyme would take the request back
            fake.user_sends(carol, group, "/notifyme")
            await bot.deliver()
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(carol, group, "/stats", reply_to=post)
        await bot.deliver()
        assert (answer_under(fake, group, post).text or "").endswith(expected)


async def test_new_in_the_comments_from_one_the_bot_cannot_write_to_invites_them_there(
    world: World, fake: FakeTelegram
) -> None:
    """The invitation to the private chat, where their cards come, went under the lobby in the group's
    chat, out of their sight."""
    alice = fake.add_user("Alice")
    group = fake.add_group("News chat", members=[alice], supergroup=True)
    async with world.running() as bot:
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        asked = fake.user_sends(alice, group, "/new", reply_to=post)
        await bot.deliver()
        pointer, invitation = fake.bot_messages_in(group, thread_id=post.message_id)
        assert pointer.text == LOBBY_THERE["en"]
        assert (invitation.text or "").startswith("Alice, you're in the game. To get your cards, open")
        assert invitation.extra["reply_to_message"]["message_id"] == asked.message_id


@pytest.mark.parametrize(
    ("state", "language", "expected"),
    [
        ("lobby", "en", "🎮 You've left the game in the chat News chat."),
        ("lobby", "ru", "🎮 Вы вышли из игры в чате News chat."),
        ("match", "en", "🎮 You've left the game in the chat News chat."),
    ],
    ids=["lobby-en", "lobby-ru", "match"],
)
async def test_a_leave_in_the_comments_says_they_left_and_where(
    world: World, fake: FakeTelegram, state: str, language: str, expected: str
) -> None:
    """It left in silence: only the lobby or table in the group's chat showed it."""
    alice, carol = fake.add_user("Alice"), fake.add_user("Carol")
    bob = fake.add_user("Bob", language_code=language)
    group = fake.add_group("News chat", members=[alice, bob, carol], supergroup=True)
    async with world.running() as bot:
        await (gather if state == "lobby" else deal)(bot, fake, group, [alice, bob, carol])
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(bob, group, "/leave", reply_to=post)
        await bot.deliver()
        assert answer_under(fake, group, post).text == expected


async def test_startgame_in_the_comments_points_to_the_match(world: World, fake: FakeTelegram) -> None:
    """It started the match in silence: only its table in the group's chat showed it."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("News chat", members=[alice, bob], supergroup=True)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(alice, group, "/startgame", reply_to=post)
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.engine is not None
        assert answer_under(fake, group, post).text == IN_GAME["en"]  # the table's way, if posted by then


@pytest.mark.parametrize(
    ("state", "language", "expected"),
    [
        ("none", "en", "🔔 Carol, I'll write to you when the next game opens in the chat News chat."),
        (
            "match",
            "ru",
            "🔔 Carol, в чате News chat сейчас идёт игра: я напишу вам, когда откроется следующая.",
        ),
        ("again", "en", "🔕 Carol, I won't write to you about the next game in the chat News chat."),
        (
            "unstarted",
            "en",
            "🔔 Carol, I'll write to you when the next game opens in the chat News chat, but I can't write to"
            " you yet: open a private chat with me (the button below) and press “Start” (or “Запустить”).",
        ),
    ],
    ids=["none", "match-ru", "again", "unstarted"],
)
async def test_notifyme_in_the_comments_names_the_chat_of_the_games(
    world: World, fake: FakeTelegram, state: str, language: str, expected: str
) -> None:
    """It read "I'll write to you when the next game opens here." under a post, where no game opens."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    carol = fake.add_user("Carol", language_code=language)
    group = fake.add_group("News chat", members=[alice, bob, carol], supergroup=True)
    async with world.running() as bot:
        if state != "unstarted":
            fake.user_starts_bot(carol)
            await bot.deliver()
        if state == "match":
            await deal(bot, fake, group, [alice, bob])
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        for _ in range(2 if state == "again" else 1):  # sent again, it takes the request back
            fake.user_sends(carol, group, "/notifyme", reply_to=post)
            await bot.deliver()
        assert fake.bot_messages_in(group, thread_id=post.message_id)[-1].text == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Carol was removed from the game in the chat News chat."),
        ("ru", "Из игры в чате News chat убран игрок Carol."),
    ],
    ids=["en", "ru"],
)
async def test_a_kick_in_the_comments_says_who_was_removed_and_where(
    world: World, fake: FakeTelegram, language: str, expected: str
) -> None:
    """It was said in the group's chat alone, out of the sight of its sender under the post."""
    alice = fake.add_user("Alice", language_code=language)
    bob, carol = fake.add_user("Bob"), fake.add_user("Carol")
    group = fake.add_group("News chat", members=[alice, bob, carol], supergroup=True)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob, carol])
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(alice, group, "/kick Carol", reply_to=post)
        await bot.deliver()
        _, doc = await bot.game(group)
        assert carol.id not in doc.players
        assert answer_under(fake, group, post).text == expected


async def test_startgame_in_the_comments_mid_match_points_to_it(world: World, fake: FakeTelegram) -> None:
    """It read "The game has already started." under a post that shows no game."""
    alice, bob, carol = (fake.add_user(n) for n in ("Alice", "Bob", "Carol"))
    group = fake.add_group("News chat", members=[alice, bob, carol], supergroup=True)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(carol, group, "/startgame", reply_to=post)
        await bot.deliver()
        answer = answer_under(fake, group, post)
        assert answer.text == MATCH_THERE
        assert answer.buttons[0][0]["url"] == await way_to_the_game(bot, group)


@pytest.mark.parametrize("open_before", [False, True], ids=["opens", "open-already"])
async def test_new_answering_another_comment_is_a_comment_too(
    world: World, fake: FakeTelegram, open_before: bool
) -> None:
    """Telegram names the post only to a comment answering it: one answering another comment carries the
    thread alone, as a reply in the group's chat does. Its /new opened the lobby in silence (or read "A game
    is already open here"), out of its sender's sight."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("News chat", members=[alice, bob], supergroup=True)
    async with world.running() as bot:
        fake.user_starts_bot(bob)  # the bot may write to them: no invitation to its private chat
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        await bot.deliver()
        if open_before:
            fake.user_sends(alice, group, "/new")
            await bot.deliver()
        comment = fake.user_sends(alice, group, "Who's in?", reply_to=post)
        fake.user_sends(bob, group, "/new", reply_to=comment)
        await bot.deliver()
        answer = answer_under(fake, group, post)
        assert answer.text == LOBBY_THERE["en"]
        assert answer.buttons[0][0]["url"] == await way_to_the_game(bot, group)


@pytest.mark.parametrize("command", ["/join", "/notifyme"])
async def test_a_join_in_the_comments_from_one_in_the_game_points_to_it(
    world: World, fake: FakeTelegram, command: str
) -> None:
    """It read "You are already in the game.": which, and where?"""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("News chat", members=[alice, bob], supergroup=True)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(bob, group, command, reply_to=post)
        await bot.deliver()
        answer = answer_under(fake, group, post)
        assert answer.text == IN_GAME["en"]
        assert answer.buttons[0][0]["url"] == await way_to_the_game(bot, group)
