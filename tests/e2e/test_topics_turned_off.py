"""A forum whose admin turns its topics off mid-match: Telegram shows every topic's messages in the group's
one chat, takes no message for a topic any more, and tells the bot nothing but `is_forum` gone from its
updates' chat. The match goes on in that chat, where /table and /stop find it."""

from __future__ import annotations

import pytest

from bot.service import Place
from tests.e2e.harness import Bot, World, choices, hand_message, press
from tests.e2e.matches import deal, deal_short_matches, stop_answer, use_quick_rules
from tests.fake_bot_api import Chat, FakeTelegram, User
from tests.fake_bot_api.errors import ApiError, too_many_requests
from tests.narrow_phone import spaced
from tests.sql_statements import statements_run

GONE = "I could no longer post in the group or topic where it was played."
TOPICS_OFF_TABLE = {
    "en": "the group's topics were turned off, and only one game can go on in its chat.",
    "ru": "отключили темы, а в её общем чате может идти только одна игра.",  # noqa: RUF001
}
TOPICS_OFF_HAND = {
    "en": "The group's topics were turned off, and only one game can go on in its chat: another one goes on"
    " there.",
    "ru": "отключили темы, а в её общем чате может идти только одна игра: там продолжается другая.",  # noqa: RUF001
}
TABLE_OVER = {
    "en": "🏁 The last game here is over. To start the next one, send /new.",
    "ru": "🏁 Последняя игра здесь закончилась. Чтобы начать следующую, отправьте /new.",
}
STOPPED = {"en": "⏹ The game was stopped: ", "ru": "⏹ Игра остановлена: "}
TOPICS_OFF_LOBBY = (
    "This game was closed: the group's topics were turned off, and only one game can go on in its chat."
)
PAGE_SETTLES = 60.0  # the group's paced writes go out


def _forum(fake: FakeTelegram, language: str = "en") -> tuple[Chat, tuple[int, int], list[User], User]:
    """A forum "Club" with the topics "Room 1" and "Room 2", Alice and Bob, and its admin (not playing)."""
    people = [fake.add_user("Alice", language_code=language), fake.add_user("Bob", language_code=language)]
    admin = fake.add_user("Admin")
    forum = fake.add_group("Club", members=people, forum=True, creator=admin)
    return forum, (fake.add_topic(forum, "Room 1"), fake.add_topic(forum, "Room 2")), people, admin


async def _match(bot: Bot, fake: FakeTelegram, forum: Chat, topic: int | None, people: list[User]) -> None:
    alice, bob = people
    for user in people:
        fake.user_starts_bot(user)
    fake.user_sends(alice, forum, "/new", thread_id=topic)
    fake.user_sends(bob, forum, "/join", thread_id=topic)
    await bot.deliver()
    fake.user_sends(alice, forum, "/startgame", thread_id=topic)
    await bot.deliver()


async def _play_the_round(bot: Bot, game_id: int, people: list[User]) -> None:
    """The players press in private until the round is over (its results are the group's next message)."""
    by_id = {user.id: user for user in people}
    for _ in range(500):
        loaded = await bot.rt.service.load(game_id)
        assert loaded is not None
        state = loaded[1].state
        if state.round_over or state.round_no > 1 or not loaded[0].active:
            return
        assert state.actor is not None
        user = by_id[state.actor]
        hand = hand_message(bot.fake, user)
        for data in choices(hand):
            query = press(bot.fake, user, hand, data)
            await bot.deliver()
            if not query.show_alert:
                break
    raise AssertionError("the round did not end")


def _in_main_chat(fake: FakeTelegram, forum: Chat) -> list[str]:
    """The texts of the bot's messages the group reads in no topic."""
    return [m.text or "" for m in fake.bot_messages_in(forum) if m.thread_id is None]


async def test_table_and_stop_in_the_one_chat_find_the_topics_match(world: World, fake: FakeTelegram) -> None:
    forum, (room1, _), people, _ = _forum(fake)
    alice = people[0]
    await use_quick_rules(world, forum)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        fake.turn_topics(forum, on=False)
        fake.user_sends(alice, forum, "/table")
        await bot.deliver()
        found = await bot.rt.service.find(Place(forum.id))
        assert found is not None and found[1].chat_title == "Club"
        assert any("Top card:" in text for text in _in_main_chat(fake, forum))
        for user in people:  # the hands are headed with the group's name, no topic's any more
            heading = (hand_message(fake, user).text or "").splitlines()[0]
            assert "Club" in heading and "Room 1" not in heading, user.first_name
        fake.user_sends(alice, forum, "/stop")
        await bot.deliver()
        question = fake.last_bot_message(forum)
        assert question.thread_id is None and question.buttons
        press(fake, alice, question, stop_answer(question, yes=True))
        await bot.deliver()
        assert await bot.rt.service.find(Place(forum.id)) is None


async def test_table_that_finds_the_topics_turned_off_answers_with_the_table_alone(
    world: World, fake: FakeTelegram
) -> None:
    """The /table that first tells the bot of the topics gone moved the match to the one chat, whose table
    was posted, then answered "⬆️ The game's message is just above: it was posted a moment ago.": two
    messages for one question, the second pointing at the first."""
    forum, (room1, _), people, _ = _forum(fake)
    await use_quick_rules(world, forum)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        fake.turn_topics(forum, on=False)
        fake.user_sends(people[0], forum, "/table")
        await bot.deliver()
        in_main_chat = _in_main_chat(fake, forum)
        assert sum("Top card:" in text for text in in_main_chat) == 1, in_main_chat
        assert not any("just above" in text for text in in_main_chat), in_main_chat


async def test_a_match_whose_next_message_finds_no_topic_goes_on_in_the_one_chat(
    world: World, fake: FakeTelegram
) -> None:
    """Nobody writes in the group: the players play in private, and the group's next new message (a turn
    timed out) is refused with "message thread not found", as a deleted topic's. Topics off, the match is not
    stopped: it goes on in the one chat."""
    forum, (room1, _), people, _ = _forum(fake)
    await use_quick_rules(world, forum)
    deal_short_matches(world)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None and found[1].state.turn_deadline is not None
        fake.turn_topics(forum, on=False)
        await _play_the_round(bot, found[0].id, people)
        await bot.tick(PAGE_SETTLES)
        assert any(c.method == "sendMessage" and "thread not found" in str(c.response) for c in fake.calls)
        assert any(
            "Round 1:" in spaced(text) for text in _in_main_chat(fake, forum)
        )  # its results, refused first
        moved = await bot.rt.service.find(Place(forum.id))
        assert moved is not None and moved[0].id == found[0].id and moved[0].active
        assert any("Top card:" in text for text in _in_main_chat(fake, forum))
        for user in people:
            assert "The game was stopped" not in (hand_message(fake, user).text or ""), user.first_name


async def test_generals_match_is_named_by_the_group_alone_once_topics_are_off(
    world: World, fake: FakeTelegram
) -> None:
    """(session 58) In a forum its hands say "Club · General", beside its topics' games; the topics off, the
    group is one chat, as a plain group's, and "General" names nothing there."""
    forum, _, people, _ = _forum(fake)
    async with world.running() as bot:
        await _match(bot, fake, forum, None, people)
        assert (hand_message(fake, people[0]).text or "").startswith("Club · General:")
        fake.turn_topics(forum, on=False)
        fake.user_sends(people[1], forum, "/help")
        await bot.deliver()
        for user in people:
            heading = (hand_message(fake, user).text or "").splitlines()[0]
            assert heading.startswith("Club:"), (user.first_name, heading)


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_of_two_topics_matches_the_older_goes_on_and_the_other_stops_saying_why(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """The one chat holds one game: the other topic's stops, and its table (shown in the one chat now, with
    each one's points) and its hands say why; no standings go to the topic that is no more. Before: "I could
    no longer post here", under a table the bot had just posted in that very chat. Topics on again, /table
    in that topic says it is over, not to press Play again "under its results", which were never posted."""
    forum, (room1, room2), people, admin = _forum(fake, language)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        await _match(bot, fake, forum, room2, people)
        first = await bot.rt.service.find(Place(forum.id, room1))
        second = await bot.rt.service.find(Place(forum.id, room2))
        assert first is not None and second is not None and second[0].table_message_id is not None
        fake.turn_topics(forum, on=False)
        fake.user_sends(people[1], forum, "/table")
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        moved = await bot.rt.service.find(Place(forum.id))
        assert moved is not None and moved[0].id == first[0].id
        assert await bot.rt.service.active_games_in(forum.id) == [moved[0]]
        table = fake.messages[(forum.id, second[0].table_message_id)].text or ""
        assert STOPPED[language] in table and TOPICS_OFF_TABLE[language] in table
        for user in people:
            hands = [m.text or "" for m in fake.bot_messages_in(fake.private_chat(user))]
            assert any(text.endswith(TOPICS_OFF_HAND[language]) for text in hands), user.first_name
        assert not any("thread not found" in str(c.response) for c in fake.calls)
        # Topics on again: the stopped match's topic had no results, so no Play again under them either.
        fake.turn_topics(forum, on=True)
        fake.user_sends(admin, forum, "/table", thread_id=room2)
        await bot.deliver()
        assert fake.last_bot_message(forum).text == TABLE_OVER[language]


async def test_a_lobby_in_general_gives_way_to_a_topics_match(world: World, fake: FakeTelegram) -> None:
    """General's lobby plays in the one chat already, but nobody plays in it yet: it closes, saying why, and
    the topic's match, mid-round, goes on there. Before: the lobby kept the chat and the match stopped
    ("another one goes on there": a lobby of one)."""
    forum, (room1, _), people, _ = _forum(fake)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        match = await bot.rt.service.find(Place(forum.id, room1))
        fake.user_sends(people[0], forum, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(forum)
        fake.turn_topics(forum, on=False)
        fake.user_sends(people[1], forum, "/table")
        await bot.deliver()
        assert (fake.messages[(forum.id, lobby.message_id)].text or "") == TOPICS_OFF_LOBBY
        moved = await bot.rt.service.find(Place(forum.id))
        assert match is not None and moved is not None and moved[0].id == match[0].id and moved[0].active
        assert "Top card:" in (fake.last_bot_message(forum).text or "")


async def test_a_lobby_in_general_keeps_the_chat_before_a_topics_lobby(
    world: World, fake: FakeTelegram
) -> None:
    """(mutation audit, session 58) General's lobby gives way to a topic's match alone: a topic's lobby, in
    which nobody plays either, closes saying why, and General's stays open where its players are."""
    forum, (room1, _), people, _ = _forum(fake)
    async with world.running() as bot:
        fake.user_sends(people[0], forum, "/new", thread_id=room1)
        await bot.deliver()
        topics = await bot.rt.service.find(Place(forum.id, room1))
        fake.user_sends(people[1], forum, "/new")
        await bot.deliver()
        general = await bot.rt.service.find(Place(forum.id))
        fake.turn_topics(forum, on=False)
        fake.user_sends(people[1], forum, "/table")
        await bot.deliver()
        assert topics is not None and topics[0].table_message_id is not None
        assert (fake.messages[(forum.id, topics[0].table_message_id)].text or "") == TOPICS_OFF_LOBBY
        still = await bot.rt.service.find(Place(forum.id))
        assert general is not None and still is not None and still[0].id == general[0].id and still[0].active


async def test_a_topics_lobby_closed_as_topics_go_off_says_why(world: World, fake: FakeTelegram) -> None:
    forum, (room1, room2), people, _ = _forum(fake)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        fake.user_sends(people[0], forum, "/new", thread_id=room2)
        await bot.deliver()
        lobby = fake.bot_messages_in(forum, thread_id=room2)[-1]
        fake.turn_topics(forum, on=False)
        fake.user_sends(people[1], forum, "/table")
        await bot.deliver()
        assert (fake.messages[(forum.id, lobby.message_id)].text or "") == TOPICS_OFF_LOBBY


async def test_a_deleted_topic_still_stops_its_game(world: World, fake: FakeTelegram) -> None:
    """The same refusal, topics on: the topic is gone with its messages, and so is the game."""
    forum, (room1, _), people, _ = _forum(fake)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None and found[1].state.turn_deadline is not None
        fake.delete_topic(forum, room1)
        await bot.tick(found[1].state.turn_deadline / 1000 - bot.clock() + 1)
        await bot.tick(PAGE_SETTLES)
        assert await bot.rt.service.active_games_in(forum.id) == []
        assert (hand_message(fake, people[0]).text or "").endswith(f"The game was stopped.\n{GONE}")


async def test_a_notifyme_made_in_a_topic_waits_for_the_one_chats_next_game(
    world: World, fake: FakeTelegram
) -> None:
    """The topic is gone with the topics: "here", where Bob asked to be told of the next game, is the group's
    one chat now. Before: the request stayed with the topic, and no lobby would ever open there."""
    forum, (room1, _), people, _ = _forum(fake)
    alice, bob = people
    async with world.running() as bot:
        for user in people:
            fake.user_starts_bot(user)
        fake.user_sends(bob, forum, "/notifyme", thread_id=room1)
        await bot.deliver()
        fake.turn_topics(forum, on=False)
        fake.user_sends(alice, forum, "/new")
        await bot.deliver()
        told = [m.text or "" for m in fake.bot_messages_in(fake.private_chat(bob))]
        assert any(text.startswith("🃏") and "Club" in text for text in told)


async def test_the_look_for_topics_games_is_read_once_in_a_group_without_topics(
    world: World, fake: FakeTelegram
) -> None:
    """Every command in a supergroup without topics looked for games and /notifyme requests left in topics
    turned off: a read a command, for what happens once in a group's life."""
    people = [fake.add_user("Alice"), fake.add_user("Bob")]
    group = fake.add_group("Plain", members=people, supergroup=True)
    async with world.running() as bot:
        fake.user_sends(people[0], group, "/help")
        await bot.deliver()
        assert await _looks_at_each_help(bot, group, people) == []


async def test_the_look_for_topics_games_is_read_once_in_a_group_without_topics_playing_a_match(
    world: World, fake: FakeTelegram
) -> None:
    """Its match plays in the one chat, where nothing was in a topic: not a reason to look again at each
    command (after a restart, which forgot what the look found)."""
    people = [fake.add_user("Alice"), fake.add_user("Bob")]
    group = fake.add_group("Plain", members=people, supergroup=True)
    async with world.running() as bot:
        await deal(bot, fake, group, people)
    async with world.running() as bot:
        fake.user_sends(people[0], group, "/help")
        await bot.deliver()
        assert await _looks_at_each_help(bot, group, people) == []


async def test_the_look_for_topics_games_is_not_read_again_when_the_clock_jumps_a_day_ahead(
    world: World, fake: FakeTelegram
) -> None:
    """What the look found is kept a day on the clock that never jumps. Before: on the wall clock, set a day
    ahead (a machine resumed from suspend), it was forgotten at once, and the next command looked again."""
    people = [fake.add_user("Alice"), fake.add_user("Bob")]
    group = fake.add_group("Plain", members=people, supergroup=True)
    async with world.running() as bot:
        fake.user_sends(people[0], group, "/help")
        await bot.deliver()
        bot.clock.jump(24 * 60 * 60)
        assert await _looks_at_each_help(bot, group, people) == []


async def _looks_at_each_help(bot: Bot, group: Chat, people: list[User]) -> list[str]:
    """Each of `people` sends /help in the group: the statements that looked for games or /notifyme
    requests left in topics."""
    with statements_run(bot.rt.database) as statements:
        for user in people:
            bot.fake.user_sends(user, group, "/help")
            await bot.deliver()
    return [text for text in statements if "games.chat_id = ?" in text or "lobby_subscriptions" in text]


async def test_a_topics_game_or_notifyme_since_the_look_is_found_when_topics_go_off_again(
    world: World, fake: FakeTelegram
) -> None:
    """What the bot keeps of a chat with nothing in its topics must not outlive a /notifyme, or a game, begun
    in a topic since (topics turned on again)."""
    forum, (room1, room2), people, _ = _forum(fake)
    alice, bob = people

    async def topics_off_and_commands() -> None:
        """Topics off, and two commands in the one chat: the first finds what the topics held, the next
        nothing."""
        fake.turn_topics(forum, on=False)
        for _ in range(2):
            fake.user_sends(alice, forum, "/help")
            await bot.deliver()

    async with world.running() as bot:
        for user in people:
            fake.user_starts_bot(user)
        await topics_off_and_commands()
        fake.turn_topics(forum, on=True)
        fake.user_sends(bob, forum, "/notifyme", thread_id=room2)
        await bot.deliver()
        await topics_off_and_commands()
        async with bot.rt.database.unit_of_work() as uow:
            awaited = await uow.subscriptions.places_of(bob.id)
        assert [(place.chat_id, place.topic_id) for place in awaited] == [(forum.id, 0)]
        fake.turn_topics(forum, on=True)
        fake.user_sends(alice, forum, "/new", thread_id=room1)
        await bot.deliver()
        await topics_off_and_commands()
        found = await bot.rt.service.find(Place(forum.id))
        assert found is not None and found[1].chat_title == "Club"


async def test_a_stop_question_asked_in_the_topic_is_asked_anew_in_the_one_chat(
    world: World, fake: FakeTelegram
) -> None:
    """Alice asked /stop in the topic, then its topics went off: her /stop in the one chat asks there, rather
    than count the topic's question as the one asked."""
    forum, (room1, _), people, _ = _forum(fake)
    alice = people[0]
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        fake.user_sends(alice, forum, "/stop", thread_id=room1)
        await bot.deliver()
        asked = fake.last_bot_message(forum)
        assert asked.thread_id == room1 and asked.buttons
        fake.turn_topics(forum, on=False)
        fake.user_sends(alice, forum, "/stop")
        await bot.deliver()
        question = fake.last_bot_message(forum)
        assert question.message_id != asked.message_id and question.thread_id is None
        press(fake, alice, question, stop_answer(question, yes=True))
        await bot.deliver()
        assert await bot.rt.service.find(Place(forum.id)) is None


@pytest.mark.parametrize("failure", [ApiError(502, "Bad Gateway"), too_many_requests(5)], ids=["5xx", "429"])
async def test_a_chat_unread_for_a_moment_does_not_take_turned_off_topics_for_a_deleted_one(
    world: World, fake: FakeTelegram, failure: ApiError
) -> None:
    """A "message thread not found" asks getChat whether the topic was deleted or the topics turned off; a
    5xx or 429 to it is asked again. Before: the topic was taken for deleted: the match stopped."""
    forum, (room1, _), people, _ = _forum(fake)
    await use_quick_rules(world, forum)
    deal_short_matches(world)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None
        fake.turn_topics(forum, on=False)
        fake.fail_next("getChat", failure, chat_id=forum.id)
        await _play_the_round(bot, found[0].id, people)
        await bot.tick(PAGE_SETTLES)
        assert failure.code in [call.status for call in fake.calls_to("getChat")]  # the failure was met
        moved = await bot.rt.service.find(Place(forum.id))
        assert moved is not None and moved[0].id == found[0].id and moved[0].active
        for user in people:
            assert "The game was stopped" not in (hand_message(fake, user).text or ""), user.first_name


async def test_a_chat_unread_past_its_tries_decides_nothing_until_telegram_answers(
    world: World, fake: FakeTelegram
) -> None:
    """getChat failing (a 5xx) past its tries tells neither a deleted topic nor topics turned off: nothing is
    decided, and the next message the topic refuses asks again, which Telegram answers: the match goes on in
    the one chat. Before: the topic was taken for deleted, and the match stopped."""
    forum, (room1, _), people, _ = _forum(fake)
    await use_quick_rules(world, forum)
    deal_short_matches(world)
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None
        fake.turn_topics(forum, on=False)
        fake.fail_next("getChat", ApiError(502, "Bad Gateway"), times=4, chat_id=forum.id)
        await _play_the_round(bot, found[0].id, people)
        await bot.tick(PAGE_SETTLES)
        assert [call.status for call in fake.calls_to("getChat")] == [502] * 4 + [200]
        moved = await bot.rt.service.find(Place(forum.id))
        assert moved is not None and moved[0].id == found[0].id and moved[0].active
        assert any("Top card:" in text for text in _in_main_chat(fake, forum))
        for user in people:
            assert "The game was stopped" not in (hand_message(fake, user).text or ""), user.first_name
