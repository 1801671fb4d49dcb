"""What an evening of play leaves in the group: the games' lobbies, tables and results stay; answers meant for
one person at one moment (refusals, pointers, invitations to the private chat, /help) go after a while."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine.rules import Rules
from bot.engine.scoring import ROUND_PAUSE_MS
from bot.tg.fleeting import ANSWER_SECONDS, HELP_SECONDS, INVITATION_SECONDS, QUESTION_SECONDS
from bot.tg.pacing import Render
from bot.tg.pacing_window import BOT_LIMIT
from tests.e2e.harness import JOIN_INVITATION, Bot, World, press
from tests.e2e.matches import (
    ONE_ROUND,
    deal,
    deal_short_matches,
    gather,
    play_until_over,
    started,
    stop_answer,
    stop_question,
    use_quick_rules,
)
from tests.fake_bot_api import Chat, FakeTelegram, User
from tests.rules_in_play.table import playing


def _bot_texts(fake: FakeTelegram, group: Chat) -> list[str]:
    return [message.text or "" for message in fake.bot_messages_in(group)]


async def _sends(bot: Bot, fake: FakeTelegram, group: Chat, user: User, text: str) -> str:
    """`user` sends `text` in the group; the bot's newest message then."""
    fake.user_sends(user, group, text)
    await bot.deliver()
    return fake.last_bot_message(group).text or ""


async def test_answers_to_onlookers_commands_go_after_two_minutes_and_the_game_stays(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob, carol = (fake.add_user(name) for name in ("Alice", "Bob", "Carol"))
    group = fake.add_group("Friends", members=[alice, bob, carol])
    async with world.running() as bot:
        fake.user_starts_bot(carol)
        await deal(bot, fake, group, [alice, bob])
        game = _bot_texts(fake, group)  # the lobby turned dealer's draw, the table
        answers = [
            await _sends(bot, fake, group, carol, command) for command in ("/join", "/stop", "/new", "/table")
        ]
        assert answers == [
            "The game has already started. Send /notifyme and I'll write to you when the next one opens.",
            "Only the host, Alice, or a chat admin can do that.",
            "A game is already running here. Send /notifyme and I'll write to you when the next one opens.",
            "⬆️ The game's message is just above: it was posted a moment ago.",
        ]
        await bot.tick(ANSWER_SECONDS - 1)
        assert _bot_texts(fake, group)[len(game) :] == answers  # still there to be read
        await bot.tick(1)

        texts = _bot_texts(fake, group)
        assert len(texts) == len(game) and texts[0] == game[0]  # the table is edited as the game goes on
        commands = [message.text for message in fake.messages_in(group, from_bot=False)]
        assert commands[-4:] == ["/join", "/stop", "/new", "/table"]  # people's own messages are theirs


async def test_an_invitation_to_the_private_chat_stays_as_long_as_it_can_complete_the_join(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob, dan = (fake.add_user(name) for name in ("Alice", "Bob", "Dan"))
    group = fake.add_group("Friends", members=[alice, bob, dan])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        invitation = await _sends(bot, fake, group, dan, "/join")  # he never opened the private chat
        assert invitation == f"Dan{JOIN_INVITATION}"
        await bot.tick(ANSWER_SECONDS + 1)
        assert invitation in _bot_texts(fake, group)
        await bot.tick(INVITATION_SECONDS - ANSWER_SECONDS)
        assert invitation not in _bot_texts(fake, group)


async def test_an_invitation_goes_once_its_person_opened_the_private_chat(
    world: World, fake: FakeTelegram
) -> None:
    """(a newcomer's first hour, session 50) "Anna, you're in the game. To get your cards, open a private chat
    with me..." stayed in the group after she had pressed Start there, until its time was up: the lobby's 🔇
    beside her name went at once. Dan, who has not opened it yet, keeps his."""
    anna, dan = fake.add_user("Anna"), fake.add_user("Dan")
    group = fake.add_group("Friends", members=[anna, dan])
    async with world.running() as bot:
        fake.user_sends(anna, group, "/new")  # neither ever opened the private chat
        await bot.deliver()
        hers = fake.last_bot_message(group)
        assert (hers.text or "").startswith("Anna, you're in the game.")
        fake.user_sends(dan, group, "/join")
        await bot.deliver()
        his = fake.last_bot_message(group)
        assert his.text == f"Dan{JOIN_INVITATION}"
        fake.user_starts_bot(anna)  # from the bot's name: no link, her invitation all the same
        await bot.deliver()
        assert (group.id, hers.message_id) not in fake.messages
        assert (group.id, his.message_id) in fake.messages


async def test_help_in_the_group_goes_after_ten_minutes(world: World, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    async with world.running() as bot:
        await _sends(bot, fake, group, alice, "/help")
        assert len(_bot_texts(fake, group)) == 1
        await bot.tick(HELP_SECONDS - 1)
        assert len(_bot_texts(fake, group)) == 1
        await bot.tick(1)
        assert _bot_texts(fake, group) == []


async def test_a_stop_question_answered_no_goes_and_one_answered_yes_stays(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        kept = await stop_question(bot, fake, group, alice)
        press(fake, alice, kept, stop_answer(kept, yes=False))
        await bot.deliver()
        assert fake.messages[(group.id, kept.message_id)].text == "The game goes on."
        await bot.tick(ANSWER_SECONDS)
        assert (group.id, kept.message_id) not in fake.messages

        unanswered = await stop_question(bot, fake, group, alice)
        await bot.tick(QUESTION_SECONDS - 1)
        assert (group.id, unanswered.message_id) in fake.messages
        await bot.tick(1)  # its Yes and No would stop or keep a game long since moved on
        assert (group.id, unanswered.message_id) not in fake.messages

        stopped = await stop_question(bot, fake, group, alice)
        press(fake, alice, stopped, stop_answer(stopped, yes=True))
        await bot.deliver()
        await bot.tick(QUESTION_SECONDS)
        assert fake.messages[(group.id, stopped.message_id)].text == "Alice stopped the game."


FULL_HELP = {"en": "All commands: /help in the private chat", "ru": "Все команды"}  # noqa: RUF001


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_help_in_a_group_says_what_a_member_needs_to_play_and_where_the_full_help_is(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """/help in a group was the private chat's 23 lines of every command."""
    alice = fake.add_user("Alice", language_code=language)
    group = fake.add_group("Friends", members=[alice])
    await use_quick_rules(world, group, language=language)
    async with world.running() as bot:
        short = await _sends(bot, fake, group, alice, "/help")
        fake.user_starts_bot(alice)
        fake.user_sends(alice, fake.private_chat(alice), "/help")
        await bot.deliver()
        full = fake.last_bot_message(fake.private_chat(alice)).text or ""

    assert len(short.splitlines()) <= 6 and "/new" in short and FULL_HELP[language] in short, short
    assert fake.last_bot_message(group).button_texts  # the way into the private chat
    assert "/forgetme" in full and "/forgetme" not in short


async def test_the_greeting_of_a_group_that_added_the_bot_stays(world: World, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    async with world.running() as bot:
        fake.add_bot_to_group(group, by=alice)
        await bot.deliver()
        greeting = fake.last_bot_message(group)
        await bot.tick(INVITATION_SECONDS + HELP_SECONDS)
        assert (group.id, greeting.message_id) in fake.messages


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_rounds_result_comes_without_a_sound_and_the_matchs_with_one(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """(session 40's open question) 8 of a 9-round match's 11 sounding messages were round results: every
    member's phone rang for each, where the players watch the table anyway (and the next mover's hand
    rings). The match's end still rings: the group learns who won, and Play again is under it."""
    async with playing(world, fake, Rules(), language=language) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["R1"], "Bob": ["B1", "B5"]}, top="R3", turn=alice)
        await table.play(alice, "R1")
        round_result = fake.last_bot_message(table.group)
        assert (round_result.text or "").startswith("🏁") and round_result.silent, round_result.text

        await table.bot.tick(ROUND_PAUSE_MS / 1000)  # the next round is dealt
        await table.head_start({alice.id: 499})
        await table.arrange({"Alice": ["R1"], "Bob": ["B1", "B5"]}, top="R3", turn=alice)
        await table.play(alice, "R1")
        match_result = fake.last_bot_message(table.group)
        assert (match_result.text or "").startswith("🏆") and not match_result.silent, match_result.text


async def test_refused_settings_stats_and_forgetme_answers_go_and_a_rules_change_stays(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[bob], creator=alice)
    async with world.running() as bot:
        fleeting = [
            await _sends(bot, fake, group, bob, command)
            for command in ("/settings turn_seconds 30", "/stats @alice", "/top everyone", "/forgetme")
        ]
        changed = await _sends(bot, fake, group, alice, "/settings turn_seconds 30")
        await bot.tick(INVITATION_SECONDS)

        assert _bot_texts(fake, group) == [changed], fleeting


async def test_a_deletion_waiting_for_a_full_bot_wide_window_holds_up_no_other_timer(
    world: World, fake: FakeTelegram
) -> None:
    """A deletion came due while the bot was writing to 30 players at once: the timer job waited for it, and
    the timers due after it (turns running out, computer players) with it."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    busy = [fake.add_user(f"Player {n}", started_bot=True) for n in range(BOT_LIMIT.writes + 3)]
    async with world.running() as bot:
        await _sends(bot, fake, group, bob, "/stop")  # there is no game here
        refusal = fake.last_bot_message(group)
        pacer = bot.rt.pacer
        assert pacer is not None
        bot.clock.advance(ANSWER_SECONDS)
        writes = [pacer.queue(user.id, Render("your cards")) for user in busy]
        await asyncio.sleep(0)  # the first writes take the whole window
        timers = asyncio.ensure_future(bot.timers.run_due())
        for _ in range(5):
            await asyncio.sleep(0)
        assert timers.done()
        await bot.settle()
        await asyncio.gather(*writes)

        assert (group.id, refusal.message_id) not in fake.messages


async def test_stats_with_nothing_to_show_go_and_a_players_figures_stay(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob, carol = (fake.add_user(name) for name in ("Alice", "Bob", "Carol"))
    group = fake.add_group("Friends", members=[alice, bob, carol])
    await use_quick_rules(world, group, ONE_ROUND)
    deal_short_matches(world)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        await play_until_over(bot, group, {alice.id: alice, bob.id: bob})
        figures = await _sends(bot, fake, group, alice, "/stats")
        nothing = await _sends(bot, fake, group, carol, "/stats")
        await bot.tick(ANSWER_SECONDS)

        texts = _bot_texts(fake, group)
        assert figures in texts and nothing not in texts, nothing


async def test_a_stop_question_answered_yes_stays_and_is_followed_no_more(
    world: World, fake: FakeTelegram
) -> None:
    """It stays in the history, as the game it stopped: nothing is to be done with it, in memory or written
    down (its row lingered until Telegram would refuse deleting it)."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        question = await stop_question(bot, fake, group, alice)
        press(fake, alice, question, stop_answer(question, yes=True))
        await bot.deliver()
        await bot.rt.fleeting.flush()
        async with bot.rt.database.unit_of_work() as uow:
            written = await uow.tracked.all()
        assert (group.id, question.message_id) not in written
        assert (group.id, question.message_id) not in bot.rt.fleeting
