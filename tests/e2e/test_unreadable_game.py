"""A game whose stored document cannot be read (edited by hand, written by a newer version of the bot, a bug)
does not stop the bot: start-up leaves it out with one line in the log, and every other game plays on; in its
group, presses and commands say what is wrong, and /stop ends it so that a new game can be opened."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy import update

from bot.storage import Database, GameStatus
from bot.storage.models import Game
from bot.tg.timers import STARTUP_GRACE_SECONDS
from tests.census import census
from tests.e2e.harness import Bot, World, buttons, choices, hand_message, press
from tests.e2e.matches import deal, use_quick_rules
from tests.e2e.test_comments_under_a_post import answer_under
from tests.e2e.test_odd_input import SENT_AS_CHANNEL
from tests.fake_bot_api import Chat, FakeTelegram, User
from tests.stored_results import stored_matches

TURN_SECONDS = 60  # the default rules' turn timer


async def _match(bot: Bot, fake: FakeTelegram, name: str) -> tuple[Chat, list[User]]:
    people = [fake.add_user(f"{name} {n}") for n in range(2)]
    group = fake.add_group(name, members=people)
    await deal(bot, fake, group, people)
    return group, people


async def lose_a_field(world: World, game_id: int, name: str) -> None:
    """The game's document without the field `name`, written with SQL (as a hand edit would; under a running
    bot, which keeps the document it saved, the edit bumps the version as a save does)."""
    database = Database.connect(world.database_url)
    try:
        async with database.unit_of_work() as uow:
            record = await uow.games.get(game_id)
            assert record is not None and name in record.state
            state = {key: value for key, value in record.state.items() if key != name}
            changed = update(Game).where(Game.id == game_id).values(state=state, version=Game.version + 1)
            await uow.session.execute(changed)
    finally:
        await database.dispose()


async def test_start_up_leaves_out_an_unreadable_game_and_every_other_game_plays_on(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    async with world.running() as bot:
        good, people = await _match(bot, fake, "Good")
        bad, _ = await _match(bot, fake, "Bad")
        bad_game, _ = await bot.game(bad)
        _, before = await bot.game(good)
    await lose_a_field(world, bad_game.id, "table_counter")

    async with world.running() as bot:
        errors = [record for record in caplog.records if record.levelno >= logging.ERROR]
        assert [(record.getMessage(), record.exc_info) for record in errors] == [
            (
                f"game {bad_game.id} of chat {bad.id} cannot be read (field 'table_counter' missing): "
                "left out at start-up; /stop in its chat ends it",
                None,
            )
        ]
        # The good game's turn timer runs again: its player's time runs out, the turn passes.
        await bot.tick(TURN_SECONDS + STARTUP_GRACE_SECONDS)
        _, timed_out = await bot.game(good)
        assert timed_out.state.actor != before.state.actor
        # And its people play on.
        mover = next(user for user in people if user.id == timed_out.state.actor)
        hand = hand_message(fake, mover)
        played = press(fake, mover, hand, choices(hand)[0])
        await bot.deliver()
        assert played.answered and not played.show_alert
        _, after = await bot.game(good)
        assert after.state.seq > timed_out.state.seq


UNREADABLE = (
    "This game's saved data can't be read, so it can't go on. Its host or a chat admin can end it "
    "with /stop where it's played."
)
UNREADABLE_HERE = (  # in the private chat, which game is not said: its saved data holds the group's name
    "A game you're in can't go on: its saved data can't be read. Its host or a chat admin can end it "
    "with /stop where it's played."
)


async def test_in_the_unreadable_games_group_presses_and_commands_say_so_and_stop_ends_it(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    async with world.running() as bot:
        group, (alice, bob) = await _match(bot, fake, "Friends")
        game, _ = await bot.game(group)
    await lose_a_field(world, game.id, "table_counter")

    async with world.running() as bot:
        hand = hand_message(fake, alice)
        played = press(fake, alice, hand, buttons(hand)[0][1])
        await bot.deliver()
        assert (played.show_alert, played.answer_text) == (True, UNREADABLE)
        fake.user_sends(bob, group, "/new")
        await bot.deliver()
        assert fake.last_bot_message(group).text == UNREADABLE
        fake.user_sends(bob, group, "/rules")
        await bot.deliver()
        assert fake.last_bot_message(group).text == UNREADABLE
        fake.user_starts_bot(alice)  # where are her cards?
        await bot.deliver()
        assert fake.last_bot_message(fake.private_chat(alice)).text == UNREADABLE_HERE

        fake.user_sends(bob, group, "/stop")  # neither who created it nor an admin
        await bot.deliver()
        assert fake.last_bot_message(group).text == "Only the host (🔑) or a chat admin can do that."
        fake.user_sends(alice, group, "/stop")
        await bot.deliver()
        assert fake.last_bot_message(group).text == (
            "The game is stopped: its saved data couldn't be read. No results were recorded. "
            "Send /new to open a new one."
        )
        async with bot.rt.database.unit_of_work() as uow:
            stopped = await uow.games.get(game.id)
            assert stopped is not None and stopped.status is GameStatus.STOPPED
            assert await stored_matches(uow, game.id) == []
        again = press(fake, alice, hand, buttons(hand)[0][1])  # her hand, left as it was
        await bot.deliver()
        assert (again.show_alert, again.answer_text) == (True, "This game is over.")

        fake.user_sends(bob, group, "/new")
        await bot.deliver()
        lobby, _ = await bot.game(group)
        assert lobby.status is GameStatus.LOBBY and lobby.id != game.id
    # Nothing was traced per update: the one line is start-up's.
    assert len([record for record in caplog.records if record.levelno >= logging.ERROR]) == 1


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_stop_of_an_unreadable_game_sent_as_a_channel_says_to_write_as_oneself(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """It read "Only who runs the game (🔑) or a chat admin can do that", where every other command sent as a
    channel says the bot can't tell who wrote it."""
    people = [fake.add_user(name, language_code=language) for name in ("Alice", "Bob")]
    group = fake.add_group("Friends", members=people, supergroup=True)
    await use_quick_rules(world, group, language=language)
    async with world.running() as bot:
        await deal(bot, fake, group, people)
        game, _ = await bot.game(group)
    await lose_a_field(world, game.id, "table_counter")

    async with world.running() as bot:
        fake.channel_sends("Alice's blog", group, "/stop")
        await bot.deliver()
        assert fake.last_bot_message(group).text == SENT_AS_CHANNEL[language]
        async with bot.rt.database.unit_of_work() as uow:
            kept = await uow.games.get(game.id)
            assert kept is not None and kept.active


async def test_a_restart_soon_after_the_unreadable_game_was_stopped_redraws_the_others_quietly(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    async with world.running() as bot:
        group, (alice, _) = await _match(bot, fake, "Friends")
        game, _ = await bot.game(group)
    await lose_a_field(world, game.id, "table_counter")
    async with world.running() as bot:
        fake.user_sends(alice, group, "/stop")
        await bot.deliver()
    caplog.clear()

    async with world.running():  # within minutes: the games that ended lately get their screens redrawn
        pass
    assert [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING] == []


async def test_a_game_that_became_unreadable_under_the_running_bot_stops_its_timers_with_one_line(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    async with world.running() as bot:
        group, _ = await _match(bot, fake, "Friends")
        game, _ = await bot.game(group)
        await lose_a_field(world, game.id, "table_counter")
        caplog.clear()
        for _ in range(4):  # the slow turn's reminder, then its deadline, then any retry
            await bot.tick(TURN_SECONDS / 2)
        assert bot.timers.next_due() is None
        assert census({"timers": bot.rt.timers})["timers._newest._versions"] == 0  # nor its version armed
    assert [
        (record.getMessage(), record.exc_info)
        for record in caplog.records
        if record.levelno >= logging.WARNING
    ] == [
        (
            f"game {game.id} of chat {group.id} cannot be read (field 'table_counter' missing): "
            "its timers stop; /stop in its chat ends it",
            None,
        )
    ]


async def test_start_in_private_sends_the_hand_of_a_good_game_beside_an_unreadable_one(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    async with world.running() as bot:
        alice, bob, carol = (fake.add_user(name) for name in ("Alice", "Bob", "Carol"))
        good = fake.add_group("Good", members=[alice, bob])
        bad = fake.add_group("Bad", members=[alice, carol])
        await deal(bot, fake, good, [alice, bob])
        await deal(bot, fake, bad, [alice, carol])
        bad_game, _ = await bot.game(bad)
    await lose_a_field(world, bad_game.id, "table_counter")

    async with world.running() as bot:
        private = fake.private_chat(alice)
        caplog.clear()  # start-up's line
        fake.user_starts_bot(alice)  # where are her cards?
        await bot.deliver()
        texts = [message.text for message in fake.bot_messages_in(private)]
        assert f"Your cards are below.\n{UNREADABLE_HERE}" in texts  # one hand: the other's is unreadable
        hand = fake.last_bot_message(private)
        # her hand in Good, anew at the bottom, headed as the deal's was (she has done nothing since)
        assert hand.text.startswith("Good: the game has started\n") and buttons(hand)
    # Nothing traced for her updates (taking her name, bringing her hands back): she plays on in Good.
    assert [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING] == []


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_stats_in_the_comments_names_who_ends_the_unreadable_game(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """What brings Carol's first figures, under a channel's post: the game in the group's chat, which only a
    /stop ends, as the group's /new answer says (bot.tg.game_here `game_here_hint`); it said only that it
    ran."""
    people = [fake.add_user(f"Player {n}") for n in range(2)]
    carol = fake.add_user("Carol", language_code=language)
    group = fake.add_group("News chat", members=[*people, carol], supergroup=True)
    async with world.running() as bot:
        await deal(bot, fake, group, people)
        game, _ = await bot.game(group)
    await lose_a_field(world, game.id, "table_counter")

    async with world.running() as bot:
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(carol, group, "/stats", reply_to=post)
        await bot.deliver()
        said = answer_under(fake, group, post).text or ""
    assert said.endswith(
        {
            "en": "A game is already running in the chat News chat. The host (🔑) or a chat admin can stop it"
            " there with /stop.",
            "ru": "В чате News chat уже идёт игра. Остановить её там может ведущий (🔑) или администратор"  # noqa: RUF001
            " чата командой /stop.",
        }[language]
    ), said
