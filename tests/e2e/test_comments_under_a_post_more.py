"""Commands typed in the comments under a linked channel's post, continued (test_comments_under_a_post.py):
what they are answered names the group's chat where the game is, never "here" (the comments); and an answer
told once is told again to another command."""

from __future__ import annotations

import pytest

from bot.service import Place
from tests.e2e.harness import World
from tests.e2e.matches import deal, gather
from tests.e2e.test_comments_under_a_post import answer_under
from tests.fake_bot_api import FakeTelegram

ASKED_IN_PRIVATE = (
    "The game in News chat is paused while I may not post in its group, so I'm asking here.\n"
    "Stop the game for everyone?"
)
PAGE_SETTLES = 30  # seconds for every paced write to go out
SENT_AS_CHANNEL = (
    "You are writing as a channel, so I can't tell who you are: switch to your own name (tap the picture next"
    " to the message field) and send the command again."
)


@pytest.mark.parametrize(
    ("state", "language", "expected"),
    [
        ("lobby", "en", "You're not playing in the game in the chat News chat."),
        ("lobby", "ru", "Вы не участвуете в игре в чате News chat."),
        (
            "match",
            "en",
            "You're not playing in the game in the chat News chat. Wait for it to end, or send /notifyme:"
            " I'll write to you when the next one opens.",
        ),
        (
            "awaited",
            "en",
            "You're not playing in the game in the chat News chat."
            " You sent /notifyme: I'll write to you when the next one opens.",
        ),
    ],
    ids=["lobby-en", "lobby-ru", "match", "awaited"],
)
async def test_a_leave_in_the_comments_from_one_not_playing_names_the_chat(
    world: World, fake: FakeTelegram, state: str, language: str, expected: str
) -> None:
    """It read "You're not playing in this game." under a post that shows no game."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    carol = fake.add_user("Carol", started_bot=True, language_code=language)
    group = fake.add_group("News chat", members=[alice, bob, carol], supergroup=True)
    async with world.running() as bot:
        await (gather if state == "lobby" else deal)(bot, fake, group, [alice, bob])
        if state == "awaited":
            fake.user_sends(carol, group, "/notifyme")
            await bot.deliver()
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(carol, group, "/leave", reply_to=post)
        await bot.deliver()
        assert answer_under(fake, group, post).text == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Play one in the chat News chat to get on the board."),
        ("ru", "Сыграйте матч в чате News chat, чтобы попасть в таблицу."),
    ],
    ids=["en", "ru"],
)
async def test_an_empty_board_in_the_comments_names_the_chat_of_the_game(
    world: World, fake: FakeTelegram, language: str, expected: str
) -> None:
    """It read "Play one here to get on the board.": "here" is the comments, which show no game."""
    alice = fake.add_user("Alice", started_bot=True, language_code=language)
    group = fake.add_group("News chat", members=[alice], supergroup=True)
    async with world.running() as bot:
        fake.user_sends(alice, group, "/new")  # the group takes her language
        await bot.deliver()
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(alice, group, "/top", reply_to=post)
        await bot.deliver()
        assert (answer_under(fake, group, post).text or "").endswith(expected)


@pytest.mark.parametrize(
    ("state", "language", "asked", "settled"),
    [
        (
            "lobby",
            "en",
            "Stop the game in the chat News chat for everyone?",
            "Alice stopped the game in the chat News chat.",
        ),
        (
            "match",
            "ru",
            "Остановить игру в чате News chat для всех?",
            "Игру в чате News chat остановил игрок Alice.",
        ),
    ],
    ids=["lobby-en", "match-ru"],
)
async def test_a_stop_in_the_comments_asks_and_settles_naming_the_chat(
    world: World, fake: FakeTelegram, state: str, language: str, asked: str, settled: str
) -> None:
    """It asked "Stop the game for everyone?" and settled "Alice stopped the game." under a post that shows
    no game: which one, and where?"""
    alice, bob = fake.add_user("Alice", language_code=language), fake.add_user("Bob")
    group = fake.add_group("News chat", members=[alice, bob], supergroup=True)
    async with world.running() as bot:
        await (gather if state == "lobby" else deal)(bot, fake, group, [alice, bob])
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(alice, group, "/stop", reply_to=post)
        await bot.deliver()
        question = answer_under(fake, group, post)
        assert question.text == asked
        fake.user_presses(alice, question, question.button_texts[0][0])  # Yes
        await bot.deliver()
        assert answer_under(fake, group, post).text == settled
        assert await bot.rt.service.find(Place(group.id)) is None


async def test_a_stop_in_the_comments_answered_no_keeps_the_game(world: World, fake: FakeTelegram) -> None:
    """(mutation audit, session 58) Its No carries that it was asked under the post too: it is still No."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("News chat", members=[alice, bob], supergroup=True)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(alice, group, "/stop", reply_to=post)
        await bot.deliver()
        question = answer_under(fake, group, post)
        fake.user_presses(alice, question, question.button_texts[0][1])  # No
        await bot.deliver()
        found = await bot.rt.service.find(Place(group.id))
        assert found is not None and found[0].active


@pytest.mark.parametrize("commented", [False, True], ids=["chat", "comments"])
async def test_a_channel_told_the_same_to_another_command_is_told_again(
    world: World, fake: FakeTelegram, commented: bool
) -> None:
    """(a channel's evening, session 58) Told "you are writing as a channel" to /new and /settings, its /stats
    got no answer at all, as if just above (the same words to the same sender within the minute), while
    /join got them again. Another command is answered; the same one again within the minute is not."""
    group = fake.add_group("News chat", members=[fake.add_user("Alice")], supergroup=True)
    news = fake.add_channel("News", with_bot=False)
    async with world.running() as bot:
        post = fake.linked_channel_posts(news, group, "Game night!") if commented else None
        for command in ("/new", "/settings", "/stats", "/join", "/stats", "/settings"):
            fake.channel_sends(news, group, command, reply_to=post)
            await bot.deliver()
        told = [m.text for m in fake.bot_messages_in(group, thread_id=post and post.message_id)]
        assert told == [SENT_AS_CHANNEL] * 4


@pytest.mark.parametrize("first", ["comments", "chat"])
async def test_a_stop_in_the_comments_and_one_in_the_chat_each_ask_and_stop_the_game_once(
    world: World, fake: FakeTelegram, first: str
) -> None:
    """(a reviewer's scratch test, session 58) /stop under a channel's post, then /stop in the group's chat,
    got no answer in the chat: the question was open under the post, out of sight; nor the other way round.
    Each place asks its own; Yes on the later one stops the game, and Yes on the other then says it is over,
    no second stop."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("News chat", members=[alice, bob], supergroup=True)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        for place in (first, "chat" if first == "comments" else "comments"):
            fake.user_sends(alice, group, "/stop", reply_to=post if place == "comments" else None)
            await bot.deliver()
        under = answer_under(fake, group, post)
        in_chat = [m for m in fake.bot_messages_in(group) if m.thread_id is None][-1]  # below the lobby
        assert under.text == "Stop the game in the chat News chat for everyone?"
        assert in_chat.text == "Stop the game for everyone?"
        earlier, later = (under, in_chat) if first == "comments" else (in_chat, under)
        fake.user_presses(alice, later, later.button_texts[0][0])  # Yes
        await bot.deliver()
        assert await bot.rt.service.find(Place(group.id)) is None
        query = fake.user_presses(alice, earlier, earlier.button_texts[0][0])  # Yes, on a game stopped
        await bot.deliver()
        assert query.answer_text == "This game is over."
        assert earlier.text == "The game this question was about is over." and not earlier.buttons
        assert (later.text or "").startswith("Alice stopped the game") and not later.buttons


async def test_in_a_muted_group_a_second_admins_stop_under_a_post_is_asked_in_their_private_chat(
    world: World, fake: FakeTelegram
) -> None:
    """A group that refuses the bot's posts has /stop asked in the asker's private chat. Alice's /stop in
    the group's chat, then Bob's under a channel's post (or in the chat), shared one question: Bob, an admin,
    was asked nothing and told nothing. Each is asked in their own private chat; Bob's Yes stops the game,
    and Alice's question then says it is over."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("News chat", members=[bob], creator=alice, supergroup=True)
    fake.make_admin(bob, group)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.restrict_bot_in_group(group, alice)
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        fake.user_sends(alice, group, "/stop")
        fake.user_sends(bob, group, "/stop", reply_to=post)
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        asked, bobs = (fake.last_bot_message(fake.private_chat(user)) for user in (alice, bob))
        assert asked.text == bobs.text == ASKED_IN_PRIVATE
        fake.user_presses(bob, bobs, bobs.button_texts[0][0])  # Yes
        await bot.deliver()
        assert await bot.rt.service.find(Place(group.id)) is None
        await bot.tick(PAGE_SETTLES)  # the game over, Alice's question says so before she presses it
        assert asked.text == "The game this question was about is over." and not asked.buttons
