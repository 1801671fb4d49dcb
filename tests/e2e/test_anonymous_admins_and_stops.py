"""Anonymous admins (not seated, still managing the lobby, unnamed when they stop a game they do not play,
named as the player when they do), and the name a stop gives its player: as the table cuts it in a match, as
the lobby does in a lobby."""

from __future__ import annotations

import pytest

from bot.service import Place
from tests.e2e.harness import World, press
from tests.e2e.matches import deal, gather, stop_answer, stop_question, use_quick_rules
from tests.fake_bot_api import FakeTelegram
from tests.fake_bot_api.model import ANONYMOUS_ADMIN_BOT_ID
from tests.narrow_phone import spaced


@pytest.mark.parametrize("command", ["/new", "/join"])
async def test_an_anonymous_admin_is_not_seated_but_still_manages(
    world: World, fake: FakeTelegram, command: str
) -> None:
    """An anonymous admin posts as the group under the shared GroupAnonymousBot account: seated, it would be
    a player nobody can be (its turns all time out). It is told so, and may still start the game."""
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    group = fake.add_group("Friends", members=[alice, bob, carol], supergroup=True)
    fake.make_admin(alice, group, anonymous=True)
    async with world.running() as bot:
        for user in (alice, bob, carol):
            fake.user_starts_bot(user)
        await bot.deliver()
        if command == "/join":
            fake.user_sends(bob, group, "/new")
            await bot.deliver()
        fake.user_sends(alice, group, command)
        await bot.deliver()
        assert fake.last_bot_message(group).text == (
            "Anonymous admins can't play: to join, turn off “Remain anonymous” in your admin rights (the "
            "group's settings, Administrators)."
        )
        found = await bot.rt.service.find(Place(group.id))
        assert (found is None) == (command == "/new")
        if found is None:
            return
        assert ANONYMOUS_ADMIN_BOT_ID not in found[1].players
        fake.user_sends(carol, group, "/join")
        fake.user_sends(alice, group, "/startgame")
        await bot.deliver()
        record, doc = await bot.game(group)
        assert record.status.value == "running" and doc.players == (bob.id, carol.id)


@pytest.mark.parametrize(
    ("language", "done"),
    [("en", "A chat admin stopped the game."), ("ru", "Игру остановил администратор чата.")],
)
async def test_an_anonymous_admin_who_stops_the_game_stays_anonymous(
    world: World, fake: FakeTelegram, language: str, done: str
) -> None:
    """Yes comes from the admin's own account (a press always does): the answered question named them
    ("Carol, a chat admin, stopped the game."), telling the group who its anonymous admin is."""
    alice, bob, carol = (fake.add_user(name, language_code=language) for name in ("Alice", "Bob", "Carol"))
    group = fake.add_group("Friends", members=[alice, bob, carol], supergroup=True)
    fake.make_admin(carol, group, anonymous=True)
    await use_quick_rules(world, group, language=language)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        question = await stop_question(bot, fake, group, carol)  # sent as the group
        press(fake, carol, question, stop_answer(question, yes=True))
        await bot.deliver()
        assert fake.messages[(group.id, question.message_id)].text == done
        assert await bot.rt.service.find(Place(group.id)) is None


async def test_an_anonymous_admin_who_plays_and_stops_the_game_is_named_as_the_player(
    world: World, fake: FakeTelegram
) -> None:
    """The table names its players already: only an admin from outside the game stays unnamed."""
    alice, bob, carol = (fake.add_user(name) for name in ("Alice", "Bob", "Carol"))
    group = fake.add_group("Friends", members=[alice, bob, carol], supergroup=True)
    fake.make_admin(carol, group, anonymous=True)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob, carol])
        question = await stop_question(bot, fake, group, alice)
        press(fake, carol, question, stop_answer(question, yes=True))
        await bot.deliver()
        settled = fake.messages[(group.id, question.message_id)].text or ""
        assert settled.startswith("Carol stopped the game"), settled


async def test_a_stop_names_its_player_as_the_table_does_and_its_standings_do_not_say_it_again(
    world: World, fake: FakeTelegram
) -> None:
    """(session 57) The answered question and the table's line cut the /stop-er's name at 24 letters where
    the table's other lines cut it at 16; and "⏹ The game was stopped." over the standings told the stop a
    third time, just below the question that said who stopped it."""
    alexandra, bob = fake.add_user("Alexandra Konstantinopolskaya"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alexandra, bob], supergroup=True)
    async with world.running() as bot:
        await deal(bot, fake, group, [alexandra, bob])
        record, _ = await bot.game(group)
        question = await stop_question(bot, fake, group, alexandra)
        press(fake, alexandra, question, stop_answer(question, yes=True))
        await bot.clock.run(bot.deliver())
        assert (
            spaced(fake.messages[(group.id, question.message_id)].text or "")
            == "Alexandra Konst… stopped the game."
        )
        table = spaced(fake.messages[(group.id, record.table_message_id)].text or "").splitlines()
        assert "⏹ Alexandra Konst… stopped the game." in table, table
        assert next(row for row in table if "Alexandra" in row and "stopped" not in row).startswith(
            "▫️ Alexandra Konst…"
        ), table
        standings = next(m for m in reversed(fake.bot_messages_in(group)) if m.buttons).text
        assert standings == "⏹ Standings: nobody has scored any points."


async def test_a_lobby_stopped_by_its_player_of_a_long_name_names_them_as_the_lobby_does(
    world: World, fake: FakeTelegram
) -> None:
    """A match's stop names its player as the table does; a lobby has no table to draw for its cut (looked
    for, the question would go unanswered): named as the lobby names them."""
    alexandra, bob = fake.add_user("Alexandra Konstantinopolskaya"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alexandra, bob], supergroup=True)
    async with world.running() as bot:
        await gather(bot, fake, group, [alexandra, bob])
        question = await stop_question(bot, fake, group, alexandra)
        press(fake, alexandra, question, stop_answer(question, yes=True))
        await bot.clock.run(bot.deliver())
        answered = spaced(fake.messages[(group.id, question.message_id)].text or "")
        assert answered == "Alexandra Konst… stopped the game.", answered
