"""One person in several games at once: two groups, or two forum topics of one group."""

from __future__ import annotations

import pytest

from bot.service import Place
from bot.tg.callback_data import Action
from bot.tg.views import hand_view
from tests.e2e.harness import Bot, World, buttons, hand_message, press_action
from tests.e2e.matches import open_lobby
from tests.fake_bot_api import Chat, FakeTelegram, Message, User

UNREACHABLE = "can't get their cards"
# after the name on the hand of the player whose turn it is, and on the one the deal sends to who waits
AFTER_THE_NAME = (": your turn", ": ваш ход", ": the game has started", ": игра началась")


def _named(hand: Message) -> str:
    """The game a hand names in its first line (followed by "your turn" on its holder's turn)."""
    first = (hand.text or "").split("\n")[0]
    for said in AFTER_THE_NAME:
        first = first.removesuffix(said)
    return first


async def _open_the_bot(bot: Bot, fake: FakeTelegram, people: list[User]) -> None:
    for user in people:
        fake.user_starts_bot(user)
    await bot.deliver()


async def _topic_games(
    bot: Bot, fake: FakeTelegram, forum: Chat, topics: tuple[int, ...], people: list[User]
) -> None:
    await _open_the_bot(bot, fake, people)
    alice, bob = people
    for topic in topics:
        fake.user_sends(alice, forum, "/new", thread_id=topic)
        fake.user_sends(bob, forum, "/join", thread_id=topic)
        await bot.deliver()
        fake.user_sends(alice, forum, "/startgame", thread_id=topic)
        await bot.deliver()


def _forum(
    fake: FakeTelegram, *topics: str, title: str = "Forum"
) -> tuple[Chat, tuple[int, ...], list[User]]:
    people = [fake.add_user("Alice"), fake.add_user("Bob")]
    forum = fake.add_group(title, members=people, forum=True)
    return forum, tuple(fake.add_topic(forum, name) for name in topics), people


@pytest.mark.parametrize(
    ("forum_title", "headers"),
    [
        ("Forum", ["Forum · Room 1", "Forum · Room 2"]),
        # A long forum title gives way: the topic is what tells the two hands apart.
        (
            "Saturday Night Board Games and Card Club of Springfield",
            [
                "Saturday Night Board Games and Card Cl… · Room 1",
                "Saturday Night Board Games and Card Cl… · Room 2",
            ],
        ),
    ],
)
async def test_hands_of_games_in_two_topics_name_their_topic(
    world: World, fake: FakeTelegram, forum_title: str, headers: list[str]
) -> None:
    forum, topics, people = _forum(fake, "Room 1", "Room 2", title=forum_title)
    async with world.running() as bot:
        await _topic_games(bot, fake, forum, topics, people)
        hands = [m for m in fake.bot_messages_in(fake.private_chat(people[0])) if buttons(m)]
        assert sorted(_named(m) for m in hands) == headers


async def test_a_refusal_in_one_topic_does_not_silence_the_same_refusal_in_another(
    world: World, fake: FakeTelegram
) -> None:
    forum, topics, people = _forum(fake, "Room 1", "Room 2")
    async with world.running() as bot:
        await _topic_games(bot, fake, forum, topics, people)
        for topic in topics:
            fake.user_sends(people[1], forum, "/stop", thread_id=topic)  # Bob created neither game
            await bot.deliver()
            assert "Only the host, " in (fake.bot_messages_in(forum, topic)[-1].text or "")


async def test_the_general_topic_of_a_forum_does_not_say_the_chat_has_no_game(
    world: World, fake: FakeTelegram
) -> None:
    forum, topics, people = _forum(fake, "Room 1")
    async with world.running() as bot:
        await _topic_games(bot, fake, forum, topics, people)
        fake.user_sends(people[0], forum, "/stop")  # in General
        await bot.deliver()
        # its player is told where their game is (tests/e2e/test_a_running_game_met_elsewhere.py)
        assert fake.last_bot_message(forum).text == (
            "There is no game in this topic: yours is in Forum · Room 1. To start another one here,"
            " send /new."
        )


async def _matches_in(bot: Bot, fake: FakeTelegram, groups: list[Chat], people: list[User]) -> None:
    await _open_the_bot(bot, fake, people)
    for group in groups:
        await open_lobby(bot, fake, group, people[0], [p for p in people[1:] if p.id in group.members])
        press_action(fake, people[0], fake.last_bot_message(group), Action.START)
        await bot.deliver()


async def test_unblocking_sends_each_hand_once(world: World, fake: FakeTelegram) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    groups = [fake.add_group(title, members=[alice, bob]) for title in ("Friends", "Family")]
    async with world.running() as bot:
        await _matches_in(bot, fake, groups, [alice, bob])
        fake.user_blocks_bot(alice)
        await bot.deliver()
        await bot.tick(61)  # a turn times out in each game meanwhile
        since = len(fake.calls)
        fake.user_starts_bot(alice)  # Telegram: my_chat_member (unblocked), then the /start message
        await bot.deliver()
        hands = [
            call
            for call in fake.calls[since:]
            if call.method == "sendMessage"
            and call.ok
            and int(call.params["chat_id"]) == alice.id
            and "reply_markup" in call.params
        ]
        assert len(hands) == len(groups)


async def test_unblocking_without_a_start_brings_the_hand_back(world: World, fake: FakeTelegram) -> None:
    """Unblocked in Telegram's settings, the bot hears of it with no /start after: the hand comes back all
    the same, not only at the player's next Start."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    friends = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await _matches_in(bot, fake, [friends], [alice, bob])
        fake.user_blocks_bot(alice)
        await bot.deliver()
        await bot.tick(61)  # a turn times out meanwhile
        since = len(fake.calls)
        fake.user_unblocks_bot(alice)
        await bot.deliver()
        sent = [c for c in fake.calls[since:] if c.method == "sendMessage" and c.ok]
        assert [int(c.params["chat_id"]) for c in sent if "reply_markup" in c.params] == [alice.id]


async def _unblocked_by_a_start(bot: Bot, fake: FakeTelegram, alice: User) -> None:
    """Alice plays Bob in Friends, blocks the bot, then unblocks it by pressing Start."""
    bob = fake.add_user("Bob")
    friends = fake.add_group("Friends", members=[alice, bob])
    await _matches_in(bot, fake, [friends], [alice, bob])
    fake.user_blocks_bot(alice)
    await bot.deliver()
    fake.user_starts_bot(alice)
    await bot.deliver()


async def test_unblocking_does_not_say_the_cards_are_below_when_they_came_above(
    world: World, fake: FakeTelegram
) -> None:
    """Telegram tells the bot of the unblock before the /start that did it: the unblock brings the hands
    back, and the /start said "Your cards are below" under them."""
    alice = fake.add_user("Alice")
    async with world.running() as bot:
        await _unblocked_by_a_start(bot, fake, alice)
        texts = [m.text for m in fake.bot_messages_in(fake.private_chat(alice))]
        assert "Your cards are below, one message for each game you play." not in texts, texts
        assert buttons(fake.last_bot_message(fake.private_chat(alice)))  # her hand, at the bottom


async def test_a_start_soon_after_the_unblock_sends_the_hand_anew(world: World, fake: FakeTelegram) -> None:
    """Only the /start that came with the unblock sends no hand a second time: Alice, her hand deleted, who
    presses Start again a moment later gets it anew, as any /start does."""
    alice = fake.add_user("Alice")
    async with world.running() as bot:
        await _unblocked_by_a_start(bot, fake, alice)
        revived = hand_message(fake, alice)
        bot.clock.advance(5)
        fake.user_starts_bot(alice)
        await bot.deliver()
        again = hand_message(fake, alice)
        assert again.message_id != revived.message_id and buttons(again)


async def test_a_player_who_left_a_match_is_not_announced_unreachable_there(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob, carol = (fake.add_user(name) for name in ("Alice", "Bob", "Carol"))
    friends = fake.add_group("Friends", members=[alice, bob, carol])
    family = fake.add_group("Family", members=[alice, bob])
    async with world.running() as bot:
        await _matches_in(bot, fake, [family, friends], [alice, bob, carol])
        fake.user_sends(alice, friends, "/leave")  # Bob and Carol play on in Friends
        await bot.deliver()
        fake.user_blocks_bot(alice)  # she still plays in Family
        await bot.deliver()
        assert any(UNREACHABLE in (m.text or "") for m in fake.bot_messages_in(family))
        assert not [m.text for m in fake.bot_messages_in(friends) if UNREACHABLE in (m.text or "")]


async def test_start_in_the_middle_of_a_match_brings_the_cards_not_the_greeting(
    world: World, fake: FakeTelegram
) -> None:
    """A plain /start during a match (the group's links, start=hand_..., bring the hand alone)."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    friends = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await _matches_in(bot, fake, [friends], [alice, bob])
        fake.user_starts_bot(alice)
        await bot.deliver()
        texts = [m.text for m in fake.bot_messages_in(fake.private_chat(alice))]
        assert "Your cards are below." in texts  # her one hand, not "one message for each game"
        assert buttons(fake.last_bot_message(fake.private_chat(alice)))  # and the hand under it


async def test_start_in_two_matches_says_one_hand_comes_for_each(world: World, fake: FakeTelegram) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    groups = [fake.add_group(title, members=[alice, bob]) for title in ("Friends", "Family")]
    async with world.running() as bot:
        await _matches_in(bot, fake, groups, [alice, bob])
        fake.user_starts_bot(alice)
        await bot.deliver()
        texts = [m.text for m in fake.bot_messages_in(fake.private_chat(alice))]
        assert "Your cards are below, one message for each game you play." in texts


async def test_a_group_renamed_mid_match_names_its_hands_anew(world: World, fake: FakeTelegram) -> None:
    """The hands kept the title the group had at /new for the rest of the match: one playing there and in
    another group looked in vain for a group of that name."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob", language_code="ru")
    friends, family = (fake.add_group(title, members=[alice, bob]) for title in ("Friends", "Family"))
    async with world.running() as bot:
        await _matches_in(bot, fake, [friends, family], [alice, bob])
        fake.rename_group(friends, "Book Club", by=bob)
        await bot.deliver()
        await bot.tick(30)  # the paced edits go out
        for user in (alice, bob):
            hands = [m for m in fake.bot_messages_in(fake.private_chat(user)) if buttons(m)]
            assert sorted(_named(m) for m in hands) == ["Book Club", "Family"]


@pytest.mark.parametrize(
    ("language", "answers"),
    [
        (
            "en",
            (
                "Send this command in the chat of the game you mean: Friends, Family.",
                "Send this command in the chat where you play: Friends.",
            ),
        ),
        (
            "ru",
            (
                "Отправьте эту команду в чате нужной игры: Friends, Family.",
                "Отправьте эту команду в чате, где вы играете: Friends.",
            ),
        ),
    ],
    ids=["en", "ru"],
)
async def test_a_game_command_in_private_names_the_groups_of_ones_games(
    world: World, fake: FakeTelegram, language: str, answers: tuple[str, str]
) -> None:
    """/leave or /stop sent beside one's hands answered as to a newcomer: "in the group where you play, or add
    me to a group first", with the add-to-group button; /join and /notifyme so after /leave was fixed."""
    alice, bob = fake.add_user("Alice", language_code=language), fake.add_user("Bob")
    groups = [fake.add_group(title, members=[alice, bob]) for title in ("Friends", "Family")]
    async with world.running() as bot:
        await _matches_in(bot, fake, groups, [alice, bob])
        private = fake.private_chat(alice)
        for command in ("/leave", "/stop", "/join", "/notifyme"):
            fake.user_sends(alice, private, command)
            await bot.deliver()
            told = fake.last_bot_message(private)
            assert (told.text, told.buttons) == (answers[0], [])
        for group in groups:  # nothing changed in either game
            _, doc = await bot.game(group)
            assert alice.id in doc.state.players
        fake.user_sends(alice, groups[1], "/leave")
        fake.user_sends(alice, private, "/leave")
        await bot.deliver()
        assert fake.last_bot_message(private).text == answers[1]


@pytest.mark.parametrize(
    ("language", "answer"),
    [
        ("en", "You're in the games in Friends and Family. Your cards will show up here."),
        ("ru", "Вы в играх в чатах Friends и Family. Ваши карты появятся здесь."),
    ],
    ids=["en", "ru"],
)
async def test_start_in_two_lobbies_names_both(
    world: World, fake: FakeTelegram, language: str, answer: str
) -> None:
    """A Start to check that joining worked named only the first game: "You're in the game in Friends"."""
    alice, bob = fake.add_user("Alice", language_code=language), fake.add_user("Bob")
    groups = [fake.add_group(title, members=[alice, bob]) for title in ("Friends", "Family")]
    async with world.running() as bot:
        await _open_the_bot(bot, fake, [alice, bob])
        for group in groups:
            await open_lobby(bot, fake, group, bob, [alice])
        fake.user_sends(alice, fake.private_chat(alice), "/start")
        await bot.deliver()
        assert fake.last_bot_message(fake.private_chat(alice)).text == answer


@pytest.mark.parametrize(
    ("language", "answer"),
    [
        (
            "en",
            "Your cards are below.\nYou're in the game in Family. Your cards will show up here.",
        ),
        (
            "ru",
            "Ваши карты — ниже.\nВы в игре в чате Family. Ваши карты появятся здесь.",  # noqa: RUF001
        ),
    ],
    ids=["en", "ru"],
)
async def test_start_in_a_match_and_a_lobby_names_the_lobby(
    world: World, fake: FakeTelegram, language: str, answer: str
) -> None:
    """Playing in one group and waiting in another's lobby, a Start said "one message for each of your games"
    and left out the lobby, which has no cards yet."""
    alice, bob = fake.add_user("Alice", language_code=language), fake.add_user("Bob")
    friends, family = (fake.add_group(title, members=[alice, bob]) for title in ("Friends", "Family"))
    async with world.running() as bot:
        await _matches_in(bot, fake, [friends], [alice, bob])
        await open_lobby(bot, fake, family, bob, [alice])
        fake.user_sends(alice, fake.private_chat(alice), "/start")
        await bot.deliver()
        assert answer in [m.text for m in fake.bot_messages_in(fake.private_chat(alice))]


async def test_a_topic_renamed_mid_match_names_its_hands_anew(world: World, fake: FakeTelegram) -> None:
    """The hands kept the topic's name from /new for the rest of the match, as a renamed group's once did."""
    forum, topics, people = _forum(fake, "Room 1", "Room 2")
    async with world.running() as bot:
        await _topic_games(bot, fake, forum, topics, people)
        fake.rename_topic(forum, topics[0], "Finals", by=people[0])
        await bot.deliver()
        await bot.tick(30)  # the paced edits go out
        for user in people:
            hands = [m for m in fake.bot_messages_in(fake.private_chat(user)) if buttons(m)]
            assert sorted(_named(m) for m in hands) == ["Forum · Finals", "Forum · Room 2"]


async def test_a_hand_knows_whether_its_game_is_in_a_topic(world: World, fake: FakeTelegram) -> None:
    """A seven silence is broken only by writing in the game's topic, which its hands name then (session 55):
    a game in a topic is drawn as one, a game in the forum's General chat as one in the group."""
    forum, topics, people = _forum(fake, "Room 1")
    async with world.running() as bot:
        await _topic_games(bot, fake, forum, topics, people)
        carol, dan = fake.add_user("Carol"), fake.add_user("Dan")
        for user in (carol, dan):
            fake.join_group(user, forum)
        await _open_the_bot(bot, fake, [carol, dan])
        for user, command in ((carol, "/new"), (dan, "/join"), (carol, "/startgame")):
            fake.user_sends(user, forum, command)  # General: no topic
            await bot.deliver()
        for topic, in_topic in ((topics[0], True), (0, False)):
            found = await bot.rt.service.find(Place(forum.id, topic))
            assert found is not None
            view = hand_view(*found, found[1].players[0], None, bot.rt.ticks())
            assert view.in_topic is in_topic
