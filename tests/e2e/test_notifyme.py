"""/notifyme: a word in private, with a Join link, when the next lobby opens in the chat (or forum topic)."""

from __future__ import annotations

import logging

import pytest

from bot.storage import GameStatus
from bot.tg.callback_data import Action
from tests.e2e.harness import COLOURS_HINT, Bot, World, press_action
from tests.e2e.matches import deal, stop, use_quick_rules
from tests.fake_bot_api import Chat, FakeTelegram, Message, User

SUBSCRIBED = "🔔 Bob, I'll write to you when the next game opens here."
CANCELLED = "🔕 Bob, I won't write to you about the next game here."


def _friends(fake: FakeTelegram, *names: str, started: bool = True) -> tuple[Chat, list[User]]:
    """The group "Friends" of people who (`started`) opened the private chat with the bot: the bot learns
    it with the first updates it is given."""
    people = [fake.add_user(name) for name in names]
    for user in people if started else ():
        fake.user_starts_bot(user)
    return fake.add_group("Friends", members=people), people


async def _send(
    bot: Bot, fake: FakeTelegram, user: User, chat: Chat, text: str, topic: int | None = None
) -> Message:
    """`user` sends `text`: the bot's latest message in the chat after it."""
    fake.user_sends(user, chat, text, thread_id=topic)
    await bot.deliver()
    return fake.last_bot_message(chat)


def _told(fake: FakeTelegram, user: User) -> list[Message]:
    """The bot's words to `user` that a game opened (not its greeting, nor what a join says)."""
    return [m for m in fake.bot_messages_in(fake.private_chat(user)) if (m.text or "").startswith("🃏")]


def _sent_at(fake: FakeTelegram, message: Message) -> int:
    """Which of the bot's sendMessage calls posted `message`."""
    return next(
        index
        for index, call in enumerate(fake.calls_to("sendMessage"))
        if call.params["chat_id"] == str(message.chat.id)
        and call.response.get("result", {}).get("message_id") == message.message_id
    )


def _notices_to(fake: FakeTelegram, user: User) -> list[int]:
    """The HTTP statuses of the bot's tries to tell `user` of a game."""
    return [
        call.status
        for call in fake.calls_to("sendMessage")
        if call.params["chat_id"] == str(user.id) and call.params["text"].startswith("🃏")
    ]


async def _lobby_id(bot: Bot, group: Chat) -> int:
    record, _ = await bot.game(group)
    assert record.status is GameStatus.LOBBY
    return record.id


async def test_a_subscriber_is_told_once_with_a_join_link_that_joins(
    world: World, fake: FakeTelegram
) -> None:
    group, (alice, bob, carol) = _friends(fake, "Alice", "Bob", "Carol")
    async with world.running() as bot:
        said = await _send(bot, fake, bob, group, "/notifyme")
        assert said.text == SUBSCRIBED
        assert said.extra["reply_to_message"]["text"] == "/notifyme"
        await _send(bot, fake, alice, group, "/notifyme@uno_test_bot")  # the opener asked too

        lobby = await _send(bot, fake, alice, group, "/new")
        game_id = await _lobby_id(bot, group)
        (told,) = _told(fake, bob)
        assert told.text == "🃏 A game of UNO is open in Friends (opened by Alice)."
        assert told.buttons == [[{"text": "Join", "url": f"https://t.me/uno_test_bot?start=join_{game_id}"}]]
        assert _told(fake, alice) == [] and _told(fake, carol) == []  # not the opener, nor who asked not
        assert _sent_at(fake, lobby) < _sent_at(fake, told)  # the lobby first

        fake.user_starts_bot(bob, f"join_{game_id}")  # the button's link
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.players == (alice.id, bob.id)

        for user in (alice, bob):  # the lobby closes; the next one tells nobody: the word was once
            press_action(fake, user, lobby, Action.LEAVE)
            await bot.deliver()
        await _send(bot, fake, carol, group, "/new")
        assert await _lobby_id(bot, group) != game_id
        assert len(_told(fake, bob)) == 1 and _told(fake, alice) == []


async def test_a_join_link_kept_from_a_lobby_that_closed_joins_the_one_open_there_now(
    world: World, fake: FakeTelegram
) -> None:
    """Bob was told of Alice's lobby and came too late: it had closed, nobody having joined, and Carol had
    opened the next one (Bob's word was once). Its Join read "The game from that link is over. Ask in the
    group for a new one: /new", with a new one open there."""
    group, (alice, bob, carol) = _friends(fake, "Alice", "Bob", "Carol")
    async with world.running() as bot:
        await _send(bot, fake, bob, group, "/notifyme")
        await _send(bot, fake, alice, group, "/new")
        old_id = await _lobby_id(bot, group)
        (told,) = _told(fake, bob)
        await bot.tick(11 * 60)  # it closes, idle
        await _send(bot, fake, carol, group, "/new")
        new_id = await _lobby_id(bot, group)

        fake.user_follows_start_link(bob, told.buttons[0][0]["url"])
        await bot.deliver()
        assert fake.last_bot_message(fake.private_chat(bob)).text == (
            "You're in the game in Friends. Your cards will show up here."
        )
        record, doc = await bot.game(group)
        assert (record.id, doc.players) == (new_id, (carol.id, bob.id)) and new_id != old_id


async def test_a_join_link_kept_from_a_lobby_that_closed_does_not_follow_to_a_match_dealt_since(
    world: World, fake: FakeTelegram
) -> None:
    """Only a lobby open there now takes such a link: a match dealt since is no game that link offered."""
    group, (alice, bob, carol) = _friends(fake, "Alice", "Bob", "Carol")
    async with world.running() as bot:
        await _send(bot, fake, bob, group, "/notifyme")
        await _send(bot, fake, alice, group, "/new")
        (told,) = _told(fake, bob)
        await bot.tick(11 * 60)  # it closes, idle
        await deal(bot, fake, group, [carol, alice])

        fake.user_follows_start_link(bob, told.buttons[0][0]["url"])
        await bot.deliver()
        said = fake.last_bot_message(fake.private_chat(bob)).text or ""
        assert said.startswith("The game from that link is over."), said
        _, doc = await bot.game(group)
        assert bob.id not in doc.state.players


async def test_one_who_left_the_group_is_not_told_of_its_next_game(world: World, fake: FakeTelegram) -> None:
    """Bob asked, then left the group: he was still told a game was open there, and its Join refused him
    ("Only members of the group can join its game")."""
    group, (alice, bob) = _friends(fake, "Alice", "Bob")
    async with world.running() as bot:
        await _send(bot, fake, bob, group, "/notifyme")
        fake.user_leaves_group(bob, group)
        await bot.deliver()
        await _send(bot, fake, alice, group, "/new")
        assert _told(fake, bob) == []


async def test_one_who_asked_in_a_forum_topic_and_left_is_not_told_of_its_next_game(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    forum = fake.add_group("Forum", members=[alice, bob], forum=True)
    fake.user_starts_bot(bob)
    cards = fake.add_topic(forum, "Cards")
    async with world.running() as bot:
        await _send(bot, fake, bob, forum, "/notifyme", topic=cards)
        fake.user_leaves_group(bob, forum)
        await bot.deliver()
        await _send(bot, fake, alice, forum, "/new", topic=cards)
        assert _told(fake, bob) == []


async def test_sending_it_again_cancels(world: World, fake: FakeTelegram) -> None:
    group, (alice, bob) = _friends(fake, "Alice", "Bob")
    async with world.running() as bot:
        assert (await _send(bot, fake, bob, group, "/notifyme")).text == SUBSCRIBED
        assert (await _send(bot, fake, bob, group, "/notifyme")).text == CANCELLED
        assert (await _send(bot, fake, bob, group, "/notifyme")).text == SUBSCRIBED  # said again, not muted
        assert (await _send(bot, fake, bob, group, "/notifyme")).text == CANCELLED
        await _send(bot, fake, alice, group, "/new")
        assert _told(fake, bob) == []


async def test_an_open_lobby_is_pointed_to_and_a_match_under_way_waits_for_the_next(
    world: World, fake: FakeTelegram
) -> None:
    group, (alice, bob, carol) = _friends(fake, "Alice", "Bob", "Carol")
    await use_quick_rules(world, group)
    async with world.running() as bot:
        lobby = await _send(bot, fake, alice, group, "/new")
        said = await _send(bot, fake, carol, group, "/notifyme")
        assert said.text == "A game is already open here: join it with /join."
        said = await _send(bot, fake, alice, group, "/notifyme")  # not "join it": she opened it
        assert said.text == "You are already in the game."
        press_action(fake, bob, lobby, Action.JOIN)
        await bot.deliver()
        press_action(fake, alice, lobby, Action.START)
        await bot.deliver()
        said = await _send(bot, fake, carol, group, "/notifyme")
        assert said.text == (
            "🔔 Carol, there's a game on here now: I'll write to you when the next one opens."
        )
        await stop(bot, fake, group, alice)
        ended = next(m for m in reversed(fake.bot_messages_in(group)) if "Standings:" in (m.text or ""))
        press_action(fake, bob, ended, Action.AGAIN)  # Play again opens the next lobby as /new does
        await bot.deliver()
        (told,) = _told(fake, carol)
        assert told.text == "🃏 A game of UNO is open in Friends (opened by Bob)."


@pytest.mark.parametrize(
    ("language", "late"),
    [
        ("en", "The game in Friends started before you joined."),
        ("ru", "Игра в чате Friends началась раньше, чем вы успели в неё войти."),
    ],
)
async def test_a_join_pressed_after_the_start_does_not_claim_the_private_chat_just_opened(
    world: World, fake: FakeTelegram, language: str, late: str
) -> None:
    """The word came in a private chat already open: "I can write to you now" would be news of nothing."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob", language_code=language)
    for user in (alice, bob):
        fake.user_starts_bot(user)
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await _send(bot, fake, bob, group, "/notifyme")
        lobby = await _send(bot, fake, alice, group, "/new")
        press_action(fake, alice, lobby, Action.ADD_COMPUTER)
        await bot.deliver()
        press_action(fake, alice, lobby, Action.START)
        await bot.deliver()
        (told,) = _told(fake, bob)
        fake.user_starts_bot(bob, told.buttons[0][0]["url"].split("start=")[1])
        await bot.deliver()
        assert fake.last_bot_message(fake.private_chat(bob)).text == late


async def test_a_subscription_outlives_a_restart(world: World, fake: FakeTelegram) -> None:
    group, (alice, bob) = _friends(fake, "Alice", "Bob")
    async with world.running() as bot:
        await _send(bot, fake, bob, group, "/notifyme")
    async with world.running() as bot:
        await _send(bot, fake, alice, group, "/new")
        (told,) = _told(fake, bob)
        assert told.text == "🃏 A game of UNO is open in Friends (opened by Alice)."


async def test_one_the_bot_cannot_write_to_yet_gets_the_button_to_the_private_chat(
    world: World, fake: FakeTelegram
) -> None:
    """Subscribed all the same: a Start in the private chat is all it takes, not a second /notifyme there.
    Who never makes it is left out when the lobby opens (no write the bot knows Telegram refuses)."""
    group, (alice, bob, dan) = _friends(fake, "Alice", "Bob", "Dan", started=False)
    async with world.running() as bot:
        said = await _send(bot, fake, bob, group, "/notifyme")
        assert said.text == (
            "🔔 Bob, I'll write to you when the next game opens here, but I can't write to you yet: open a"
            " private chat with me (the button below) and press “Start” (or “Запустить”)."
        )
        assert said.buttons == [[{"text": "Open the chat with me", "url": "https://t.me/uno_test_bot"}]]
        await _send(bot, fake, dan, group, "/notifyme")
        fake.user_starts_bot(bob)
        await bot.deliver()
        greeting = fake.last_bot_message(fake.private_chat(bob))
        assert greeting.text == (
            "🔔 I'll write to you here when the next game opens in Friends. More: /help\n"
            + COLOURS_HINT["en"]
        )
        greeted = len(_told(fake, bob))

        await _send(bot, fake, alice, group, "/new")
        assert _told(fake, bob)[greeted:][0].text == "🃏 A game of UNO is open in Friends (opened by Alice)."
        assert _notices_to(fake, dan) == []


async def test_one_the_bot_cannot_write_to_yet_cancels_as_anyone_does(
    world: World, fake: FakeTelegram
) -> None:
    """A second /notifyme before the private chat is opened cancels: it says so, not "I'll write to you"
    with the button again."""
    group, (bob,) = _friends(fake, "Bob", started=False)
    async with world.running() as bot:
        await _send(bot, fake, bob, group, "/notifyme")
        said = await _send(bot, fake, bob, group, "/notifyme")
        assert (said.text, said.buttons) == (CANCELLED, [])


@pytest.mark.parametrize(
    ("group_language", "bob_language", "press"),
    [("ru", "en", "press “Start” (or “Запустить”)."), ("en", "ru", "нажмите «Запустить» (или «Start»).")],
    ids=["ru-group", "en-group"],
)
async def test_the_start_button_is_named_as_the_readers_app_labels_it(
    world: World, fake: FakeTelegram, group_language: str, bob_language: str, press: str
) -> None:
    """Telegram labels its Start button in each reader's app language, not the group's: the answer told an
    English app's reader in a Russian group to press «Запустить», a button their app calls Start. (The
    answer is in Bob's language now, and names both labels all the same: one who chose his language with
    /lang may read an app in the other.)"""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob", language_code=bob_language)
    group = fake.add_group("Friends", members=[alice, bob])
    await use_quick_rules(world, group, language=group_language)
    async with world.running() as bot:
        said = await _send(bot, fake, bob, group, "/notifyme")
        assert (said.text or "").endswith(press), said.text


async def test_a_start_in_russian_names_every_chat_awaited(world: World, fake: FakeTelegram) -> None:
    """The Start greeting says the requests are on (the /notifyme answer sent them to press Start)."""
    bob = fake.add_user("Bob", language_code="ru")
    groups = [fake.add_group(title, members=[bob]) for title in ("Friends", "Club")]
    async with world.running() as bot:
        for group in groups:
            await _send(bot, fake, bob, group, "/notifyme")
        fake.user_starts_bot(bob)
        await bot.deliver()
        greeting = fake.last_bot_message(fake.private_chat(bob))
        assert greeting.text == (
            "🔔 Я напишу вам сюда, когда откроется следующая игра в чатах Friends, Club. Подробнее: /help\n"
            + COLOURS_HINT["ru"]
        )


async def test_a_subscriber_who_blocked_the_bot_is_dropped_and_the_lobby_opens(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    group, (alice, bob, carol) = _friends(fake, "Alice", "Bob", "Carol")
    async with world.running() as bot:
        for user in (bob, carol):
            await _send(bot, fake, user, group, "/notifyme")
        fake.user_blocks_bot(bob)
        await bot.deliver()

        lobby = await _send(bot, fake, alice, group, "/new")
        assert lobby.message_id == (await bot.game(group))[0].table_message_id
        assert [m.text for m in _told(fake, carol)] == [
            "🃏 A game of UNO is open in Friends (opened by Alice)."
        ]
        assert _notices_to(fake, bob) == []  # the block was told: no write Telegram would refuse
        press_action(fake, alice, lobby, Action.LEAVE)
        second = await _send(bot, fake, carol, group, "/new")
        assert _notices_to(fake, bob) == []
        press_action(fake, carol, second, Action.LEAVE)  # the lobby closes: nothing open to point to
        await bot.deliver()
        # Asked again while the bot is blocked: no promise of a message, but the way back, by the button his
        # chat with the bot offers (it said Start, then "I can't write to you yet", as if he had never
        # started it: session 55)
        said = await _send(bot, fake, bob, group, "/notifyme")
        assert said.buttons and (said.text or "").endswith(
            "opens here, but you blocked me: open the chat with me (the button below) and press “Restart”"
            " (or “Перезапустить”)."
        ), said.text
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info] == []


async def test_forum_topics_are_separate_places(world: World, fake: FakeTelegram) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    forum = fake.add_group("Forum", members=[alice, bob], forum=True)
    fake.user_starts_bot(bob)
    cards, chess = fake.add_topic(forum, "Cards"), fake.add_topic(forum, "Chess")
    async with world.running() as bot:
        said = await _send(bot, fake, bob, forum, "/notifyme", topic=cards)
        assert said.text == SUBSCRIBED and said.thread_id == cards
        await _send(bot, fake, alice, forum, "/new", topic=chess)
        assert _told(fake, bob) == []
        await _send(bot, fake, alice, forum, "/new", topic=cards)
        (told,) = _told(fake, bob)
        assert told.text == "🃏 A game of UNO is open in Forum · Cards (opened by Alice)."


@pytest.mark.parametrize(
    ("language", "greeting"),
    [
        (
            "en",
            "🔔 I'll write to you here when the next game opens in each of these chats:"
            " Friends, Forum · Cards, Friends ², Forum · Chess. More: /help",
        ),
        (
            "ru",
            "🔔 Я напишу вам сюда, когда откроется следующая игра в чатах"
            " Friends, Forum · Cards, Friends ², Forum · Chess. Подробнее: /help",
        ),
    ],
)
async def test_the_start_greeting_names_each_place_awaited_as_its_lobby_would_be(
    world: World, fake: FakeTelegram, language: str, greeting: str
) -> None:
    """A forum topic by the chat's title and the topic's; two chats of one title both, told apart as two
    players of one name are."""
    bob = fake.add_user("Bob", language_code=language)
    first, second = fake.add_group("Friends", members=[bob]), fake.add_group("Friends", members=[bob])
    forum = fake.add_group("Forum", members=[bob], forum=True)
    cards, chess = fake.add_topic(forum, "Cards"), fake.add_topic(forum, "Chess")
    async with world.running() as bot:
        await _send(bot, fake, bob, first, "/notifyme")
        await _send(bot, fake, bob, forum, "/notifyme", topic=cards)
        await _send(bot, fake, bob, second, "/notifyme")
        await _send(bot, fake, bob, forum, "/notifyme", topic=chess)
        fake.user_starts_bot(bob)
        await bot.deliver()
        assert fake.last_bot_message(fake.private_chat(bob)).text == f"{greeting}\n{COLOURS_HINT[language]}"


async def test_a_topic_whose_name_the_bot_did_not_see_is_named_by_its_chat_once(
    world: World, fake: FakeTelegram
) -> None:
    """A /notifyme that answers another message in the topic does not carry the topic's name: such requests
    read as the chat's, once, as every request did before the bot kept the names."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    forum = fake.add_group("Forum", members=[alice, bob], forum=True)
    cards, chess = fake.add_topic(forum, "Cards"), fake.add_topic(forum, "Chess")
    async with world.running() as bot:
        for topic in (cards, chess):
            hello = fake.user_sends(alice, forum, "hi", thread_id=topic)
            fake.user_sends(bob, forum, "/notifyme", thread_id=topic, reply_to=hello)
        await bot.deliver()
        fake.user_starts_bot(bob)
        await bot.deliver()
        assert fake.last_bot_message(fake.private_chat(bob)).text == (
            f"🔔 I'll write to you here when the next game opens in Forum. More: /help\n{COLOURS_HINT['en']}"
        )


async def test_a_group_upgraded_to_a_supergroup_keeps_its_subscriptions(
    world: World, fake: FakeTelegram
) -> None:
    group, (alice, bob) = _friends(fake, "Alice", "Bob")
    async with world.running() as bot:
        await _send(bot, fake, bob, group, "/notifyme")
        supergroup = fake.migrate_to_supergroup(group)
        await bot.deliver()
        await _send(bot, fake, alice, supergroup, "/new")
        (told,) = _told(fake, bob)
        assert told.text == "🃏 A game of UNO is open in Friends (opened by Alice)."


@pytest.mark.parametrize(
    ("group_language", "bob_language", "answer", "told"),
    [
        (
            "ru",
            "en",
            SUBSCRIBED,
            "🃏 A game of UNO is open in Friends (opened by Alice).",
        ),
        (
            "en",
            "ru",
            "🔔 Bob, я напишу вам, когда здесь откроется следующая игра.",
            "🃏 В чате Friends открыта игра в УНО (ведущий — Alice).",  # noqa: RUF001
        ),
    ],
)
async def test_the_subscriber_reads_their_language_in_the_group_and_in_private(
    world: World, fake: FakeTelegram, group_language: str, bob_language: str, answer: str, told: str
) -> None:
    """The answer to Bob's /notifyme is meant for him: in his language, as the word that the game opened
    (it was in the group's)."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob", language_code=bob_language)
    fake.user_starts_bot(bob)
    group = fake.add_group("Friends", members=[alice, bob])
    await use_quick_rules(world, group, language=group_language)
    async with world.running() as bot:
        assert (await _send(bot, fake, bob, group, "/notifyme")).text == answer
        await _send(bot, fake, alice, group, "/new")
        (message,) = _told(fake, bob)
        assert message.text == told
        assert message.button_texts == [["Join" if bob_language == "en" else "Участвовать"]]


async def test_it_is_a_group_command(world: World, fake: FakeTelegram) -> None:
    bob = fake.add_user("Bob")
    channel = fake.add_channel("News")
    fake.user_starts_bot(bob)
    async with world.running() as bot:
        private = fake.private_chat(bob)
        assert (await _send(bot, fake, bob, private, "/notifyme")).text == (
            "Send this command in the group where you play, or add me to a group first (the button below)."
        )
        fake.channel_posts(channel, "/notifyme")
        await bot.deliver()
        assert (
            fake.last_bot_message(channel).text
            == "UNO is played in groups: add me to a group and send /new there."
        )


async def test_forgetme_ends_the_subscriptions(world: World, fake: FakeTelegram) -> None:
    group, (alice, bob) = _friends(fake, "Alice", "Bob")
    async with world.running() as bot:
        await _send(bot, fake, bob, group, "/notifyme")
        question = await _send(bot, fake, bob, fake.private_chat(bob), "/forgetme")
        assert "/notifyme" in (question.text or "")
        fake.user_presses(bob, question, "Yes, delete")
        await bot.deliver()
        done = fake.messages[(question.chat.id, question.message_id)].text
        assert done == "Your statistics, rating, kept name and /notifyme requests were deleted."
        await _send(bot, fake, alice, group, "/new")
        assert _told(fake, bob) == []


BLOCKED_NOTIFYME = {
    "en": "🔔 Bob, I'll write to you when the next game opens here, but you blocked me: open the chat with me"
    " (the button below) and press “Restart” (or “Перезапустить”).",
    "ru": "🔔 Bob, я напишу вам, когда здесь откроется следующая игра, но вы меня заблокировали: откройте чат"
    " со мной (кнопка ниже) и нажмите «Перезапустить» (или «Restart»).",  # noqa: RUF001
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_notifyme_from_one_who_blocked_the_bot_says_so(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """Bob had started the bot, then blocked it: his /notifyme read "I can't write to you yet", as to one who
    never opened the chat, where the bot had written before (session 55)."""
    bob = fake.add_user("Bob", language_code=language)
    group = fake.add_group("Friends", members=[bob])
    async with world.running(default_language=language) as bot:
        fake.user_starts_bot(bob)
        await bot.deliver()
        fake.user_blocks_bot(bob)
        said = await _send(bot, fake, bob, group, "/notifyme")
    assert said.text == BLOCKED_NOTIFYME[language] and said.buttons
