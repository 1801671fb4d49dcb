"""Odd input found by an audit of what people can send (2026-12-02): each gets a clear answer in the chat's
language, and none raises or leaves a game in a state that contradicts what people were told."""

from __future__ import annotations

import logging

import pytest

from bot.service import Place
from bot.service.lobby import LOBBY_IDLE_MS
from bot.tg.callback_data import Action
from tests.e2e.harness import World, buttons, hand_message, press, press_action
from tests.e2e.matches import deal, gather, started, stop, stop_answer, stop_question, use_quick_rules
from tests.fake_bot_api import ApiError, FakeTelegram
from tests.fake_bot_api.errors import bad_request
from tests.narrow_phone import spaced

HELLO = "Hello! To play UNO, send /new"


def _errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR]


@pytest.mark.parametrize(
    "payload",
    ["join_²", "join_99999999999999999999999", "join_9223372036854775808", "join_", "join_abc", "hand_1"],
)
async def test_a_mangled_start_link_gets_the_greeting(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture, payload: str
) -> None:
    alice = fake.add_user("Alice")
    async with world.running() as bot:
        fake.user_starts_bot(alice, payload)
        await bot.deliver()
        assert HELLO in (hand_message(fake, alice).text or "")
    assert _errors(caplog) == []


SENT_AS_CHANNEL = {
    "en": "You are writing as a channel, so I can't tell who you are: switch to your own name (tap the "
    "picture next to the message field) and send the command again.",
    "ru": "Вы пишете от имени канала, и я не знаю, кто вы: переключитесь на своё имя (нажмите на аватар "
    "рядом с полем ввода) и отправьте команду ещё раз.",  # noqa: RUF001
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_commands_posted_as_a_channel_are_told_to_come_from_a_person(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture, language: str
) -> None:
    """A member posting as a channel (their own, or the group's linked one): Telegram tells the bot neither
    who they are nor whether they are an admin. They read "Only Alice, who runs this game, or a chat admin",
    "Only chat admins can do that (just made an admin? wait a minute)" or "turn off anonymity", none of which
    says what to do."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob], supergroup=True)
    await use_quick_rules(world, group, language=language)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        for command in (
            "/stop",
            "/startgame",
            "/kick Bob",
            "/join",
            "/new",
            "/lang en",
            "/settings hand_size 5",
        ):
            fake.channel_sends("News", group, command)
            await bot.deliver()
            assert fake.last_bot_message(group).text == SENT_AS_CHANNEL[language], command
        _, doc = await bot.game(group)  # nothing started, stopped or changed
        assert doc.engine is None and doc.players == (alice.id, bob.id) and doc.rules.hand_size == 7
    assert _errors(caplog) == []


async def test_a_join_link_works_only_for_members_of_the_group(world: World, fake: FakeTelegram) -> None:
    """game ids are easy to guess: a stranger's /start join_<id> must not seat them in a group's game."""
    alice, bob, eve = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Eve")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        record, _ = await bot.game(group)
        fake.user_starts_bot(eve, f"join_{record.id}")
        await bot.deliver()
        assert hand_message(fake, eve).text == "Only members of the group can join its game."
        assert eve.id not in (await bot.game(group))[1].players


async def test_a_member_whose_membership_telegram_cannot_tell_now_is_asked_to_try_again(
    world: World, fake: FakeTelegram
) -> None:
    """A getChatMember that failed for a moment (a 5xx, a time-out) told a member following the join link
    "Only members of the group can join its game"."""
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    group = fake.add_group("Friends", members=[alice, bob, carol])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        record, _ = await bot.game(group)
        fake.fail_next("getChatMember", ApiError(502, "Bad Gateway"))
        fake.user_starts_bot(carol, f"join_{record.id}")
        await bot.deliver()
        assert hand_message(fake, carol).text == (
            "⚠️ Sorry, something went wrong on my side. Please try again in a moment."
        )
        fake.user_starts_bot(carol, f"join_{record.id}")
        await bot.deliver()
        assert carol.id in (await bot.game(group))[1].players


async def test_a_join_link_telegram_answers_with_a_bad_request_is_refused(
    world: World, fake: FakeTelegram
) -> None:
    """A 400 to getChatMember (a user Telegram does not know in that chat) is an answer, not a moment's
    failure: the member check says no rather than "try again in a moment" each time."""
    alice, bob, eve = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Eve")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        record, _ = await bot.game(group)
        fake.fail_next("getChatMember", bad_request("PARTICIPANT_ID_INVALID"))
        fake.user_starts_bot(eve, f"join_{record.id}")
        await bot.deliver()
        assert hand_message(fake, eve).text == "Only members of the group can join its game."


async def test_a_second_yes_leaves_the_stop_confirmation_as_it_was(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        question = await stop_question(bot, fake, group, alice)
        yes = stop_answer(question, yes=True)
        press(fake, alice, question, yes)
        press(fake, bob, question, yes)
        await bot.deliver()
        assert fake.messages[(group.id, question.message_id)].text == "Alice stopped the game."


async def test_a_yes_after_a_no_on_the_same_question_stops_nothing(world: World, fake: FakeTelegram) -> None:
    """The question says "the game goes on": a Yes pressed on it before its buttons went must not stop it."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        question = await stop_question(bot, fake, group, alice)
        press(fake, alice, question, stop_answer(question, yes=False))
        late = press(fake, alice, question, stop_answer(question, yes=True))  # sent before the No's edit came
        await bot.deliver()
        assert late.show_alert and await bot.rt.service.find(Place(group.id)) is not None


async def test_a_seated_player_who_blocked_the_bot_is_told_they_are_in(
    world: World, fake: FakeTelegram
) -> None:
    """Bob blocked the bot in the lobby: /join says he is in (not 'open a private chat first'), and when he
    opens the private chat after the start, he is not told that the game has started without him: his hand
    comes back, last, naming it (no "your cards will show up here" under it: session 55)."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        fake.user_blocks_bot(bob)
        await bot.deliver()
        fake.user_sends(bob, group, "/join")
        await bot.deliver()
        assert fake.last_bot_message(group).text == "You are already in the game."
        press_action(fake, alice, lobby, Action.START)
        await bot.deliver()
        record, _ = await bot.game(group)
        fake.user_starts_bot(bob, f"join_{record.id}")
        await bot.deliver()
        said = [spaced(m.text or "") for m in fake.bot_messages_in(fake.private_chat(bob))]
        assert not any("already started" in text for text in said)
        assert said[-1].startswith("Friends: ") and "You have 7 cards" in said[-1], said


@pytest.mark.parametrize(
    ("blocked", "minutes", "redrawn"),
    [("mid-match", 9, True), ("mid-match", 11, False), ("at the end", 9, True), ("at the end", 11, False)],
)
async def test_a_player_back_soon_after_their_match_ended_sees_its_end_on_their_hand(
    world: World, fake: FakeTelegram, blocked: str, minutes: int, redrawn: bool
) -> None:
    """Bob blocked the bot mid-match (or just as it ended, so that Telegram refused his hand's last edit),
    and the match was stopped. When he pressed Start again, his hand still offered the cards of a game that
    was over, with no word of its end. Within 10 minutes of the end (as a restart redraws ended games'
    screens) it shows the end."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        hand = hand_message(fake, bob)
        assert buttons(hand)
        if blocked == "mid-match":
            fake.user_blocks_bot(bob)
            await bot.deliver()
            await stop(bot, fake, group, alice)
        else:
            question = await stop_question(bot, fake, group, alice)
            bob.blocked_bot = True  # before the bot hears of it: its edit of his hand is what learns it
            press(fake, alice, question, stop_answer(question, yes=True))
            await bot.clock.run(bot.deliver())
        assert buttons(fake.messages[(bob.id, hand.message_id)])  # the bot could not write to him
        await bot.tick(minutes * 60)
        fake.user_starts_bot(bob)
        await bot.deliver()
        shown = fake.messages[(bob.id, hand.message_id)]
        assert (buttons(shown) == []) is redrawn
        assert ("Alice stopped the game" in (shown.text or "")) is redrawn
        assert HELLO in (hand_message(fake, bob).text or "")  # his Start is greeted under it


async def test_a_player_who_left_while_the_bot_could_not_write_to_them_sees_it_on_their_hand_when_back(
    world: World, fake: FakeTelegram
) -> None:
    """Bob blocked the bot, then left the match (/leave in the group) while it went on. When he pressed Start
    again, his hand still showed his cards with its buttons (found by the monkey run's final screens)."""
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, (_, bob, _)):
        hand = hand_message(fake, bob)
        fake.user_blocks_bot(bob)
        await bot.deliver()
        fake.user_sends(bob, group, "/leave")
        await bot.deliver()
        record, doc = await bot.game(group)
        assert record.status.value == "running" and bob.id not in doc.state.players
        fake.user_starts_bot(bob)
        await bot.deliver()
        shown = fake.messages[(bob.id, hand.message_id)]
        assert shown.text is not None and shown.text.endswith("You left this game.")
        assert buttons(shown) == []


async def test_a_player_back_after_their_lobby_closed_leaves_its_message_as_it_was(
    world: World, fake: FakeTelegram
) -> None:
    """A lobby that closed dealt no hand to show its end on; its message keeps saying why it closed."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        fake.user_blocks_bot(bob)
        await bot.deliver()
        await bot.tick(LOBBY_IDLE_MS / 1000)
        closed = fake.messages[(group.id, lobby.message_id)].text
        assert "nobody started it" in (closed or "")
        fake.user_starts_bot(bob)
        await bot.deliver()
        assert fake.messages[(group.id, lobby.message_id)].text == closed
        assert HELLO in (hand_message(fake, bob).text or "")


async def test_start_and_commands_naming_this_bot_are_answered_in_groups(
    world: World, fake: FakeTelegram
) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    group = fake.add_group("Friends", members=[alice])
    async with world.running() as bot:
        fake.user_sends(alice, group, "/start")
        await bot.deliver()
        assert "/new" in (fake.last_bot_message(group).text or "")  # what to do here
        fake.user_sends(alice, group, "/foo@uno_test_bot")
        await bot.deliver()
        assert fake.last_bot_message(group).text == "Unknown command. See /help."
        count = len(fake.bot_messages_in(group))
        fake.user_sends(alice, group, "/foo")  # perhaps another bot's
        fake.user_sends(alice, group, "/foo@OtherBot")
        await bot.deliver()
        assert len(fake.bot_messages_in(group)) == count


async def test_join_on_a_started_game_is_refused_before_the_detour_to_the_private_chat(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob, dan = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Dan")
    group = fake.add_group("Friends", members=[alice, bob, dan])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        join = next(data for _, data in buttons(lobby) if data.action is Action.JOIN)
        press_action(fake, alice, lobby, Action.START)
        await bot.deliver()
        joined = press(fake, dan, lobby, join)  # on the lobby as Dan's screen still shows it
        await bot.deliver()
        assert joined.answer_url is None and joined.show_alert
        assert (joined.answer_text or "").startswith("The game has already started.")


async def test_a_kick_that_ends_the_match_is_told_before_its_result(world: World, fake: FakeTelegram) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        said = fake.user_sends(bob, group, "hi")
        await bot.deliver()
        fake.user_sends(alice, group, "/kick", reply_to=said)
        await bot.deliver()
        texts = [m.text or "" for m in fake.bot_messages_in(group)]
        kicked = next(i for i, text in enumerate(texts) if text == "Alice removed Bob from the game.")
        result = next(i for i, text in enumerate(texts) if "the last opponent was removed" in text)
        assert kicked < result and "Standings" in texts[result] and "wins the match" not in texts[result]
        assert await bot.rt.service.find(Place(group.id)) is None


async def test_a_match_a_kick_stopped_is_won_by_nobody_on_any_screen(
    world: World, fake: FakeTelegram
) -> None:
    """The engine ended the match as Bob went, with Alice its winner; the bot stops it instead: neither the
    table's recent moves nor any other message may still say she won it."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        fake.user_sends(alice, group, "/kick Bob")
        await bot.deliver()
        texts = [m.text or "" for m in fake.bot_messages_in(group)]
        assert any("the last opponent was removed" in text for text in texts)
        assert not [text for text in texts if "wins the match" in text]


async def test_another_command_with_the_same_answer_is_still_answered(
    world: World, fake: FakeTelegram
) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    group = fake.add_group("Friends", members=[alice])
    async with world.running() as bot:
        for command in ("/join", "/stop", "/join"):
            fake.user_sends(alice, group, command)
        await bot.deliver()
        answers = [m.text for m in fake.bot_messages_in(group)]
        assert (
            answers == ["There is no game in this chat. Start one with /new."] * 2
        )  # the repeated /join: once


async def test_no_game_in_a_forum_topic_says_topic(world: World, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    group = fake.add_group("Forum", members=[alice], forum=True)
    topic = fake.add_topic(group, "UNO")
    async with world.running() as bot:
        fake.user_sends(alice, group, "/join", thread_id=topic)
        await bot.deliver()
        assert fake.last_bot_message(group).text == "There is no game in this topic. Start one with /new."


async def test_the_join_confirmation_shows_the_group_title_cleaned(world: World, fake: FakeTelegram) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("\u202eFriends" + "x" * 120, members=[alice, bob])
    async with world.running() as bot:
        fake.user_starts_bot(alice)
        await bot.deliver()
        fake.user_sends(alice, group, "/new")
        fake.user_sends(bob, group, "/join")  # Bob never opened the private chat: the link completes it
        await bot.deliver()
        record, _ = await bot.game(group)
        fake.user_starts_bot(bob, f"join_{record.id}")
        await bot.deliver()
        text = hand_message(fake, bob).text or ""
        joined = text.splitlines()[0]  # a first Start's hint of /colours under it
        assert joined.startswith("You're in the game in Friends") and len(joined) < 120
        assert "\u202e" not in text


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_group_titled_with_invisible_characters_is_named_unnamed(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """A group titled "ㅤ" (a Hangul filler, as people do for a blank title): the private chat said "You're in
    the game in ." and "Send this command in the group where you play: .", the board "Leaderboard: "."""
    alice, bob = fake.add_user("Alice", language_code=language), fake.add_user("Bob", language_code=language)
    group = fake.add_group("\u3164 \u200b", members=[alice, bob])
    await use_quick_rules(world, group, language=language)
    unnamed = {"en": "Unnamed group", "ru": "Группа без названия"}[language]
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        fake.user_starts_bot(bob)
        fake.user_sends(bob, fake.private_chat(bob), "/leave")
        fake.user_sends(alice, group, "/top")
        await bot.deliver()
        greeting, where = [m.text or "" for m in fake.bot_messages_in(fake.private_chat(bob))[-2:]]
        board = fake.last_bot_message(group).text or ""
        assert f" {unnamed}." in greeting and where.endswith(f": {unnamed}.")
        # beside "🏆 Leaderboard:", or, too wide for a narrow phone's line beside it (in Russian), under it
        title = board.splitlines()[0]
        assert title.endswith(f": {unnamed}") if language == "en" else board.splitlines()[1] == unnamed


async def test_a_command_posted_in_a_channel_points_to_groups(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    channel = fake.add_channel("News")
    async with world.running() as bot:
        for command in ("/new", "/stats", "/other_bots_command"):
            fake.channel_posts(channel, command)
            await bot.deliver()
        said = [message.text for message in fake.messages_in(channel, from_bot=True)]
        assert said == ["UNO is played in groups: add me to a group and send /new there."] * 2
        assert await bot.rt.service.find(Place(channel.id)) is None
    assert _errors(caplog) == []
