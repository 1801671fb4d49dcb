"""Commands: /cmd@botname, forum topics, /kick, /leave, idle lobbies and closed ones, a lobby's host leaving,
edited messages, the rules an open lobby or a match shows, a burst of commands in a match.

/help, the private chat's answers and a group's greeting are in test_help_and_greetings; anonymous admins
and who a stop names in test_anonymous_admins_and_stops."""

from __future__ import annotations

import pytest

from bot.engine.rules import preset
from bot.service import Place
from bot.service.lobby import LOBBY_IDLE_MS
from bot.tg.callback_data import Action
from tests.e2e.harness import World, buttons, press, press_action
from tests.e2e.matches import open_lobby, started, use_quick_rules
from tests.fake_bot_api import FakeTelegram
from tests.narrow_phone import spaced


async def test_a_game_lives_in_its_forum_topic(world: World, fake: FakeTelegram) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    forum = fake.add_group("Forum", members=[alice, bob], forum=True)
    topic = fake.add_topic(forum, "UNO")
    async with world.running() as bot:
        for user in (alice, bob):
            fake.user_starts_bot(user)
        await bot.deliver()
        fake.user_sends(alice, forum, "/new@uno_test_bot", thread_id=topic)
        await bot.deliver()
        lobby = fake.last_bot_message(forum)
        assert lobby.thread_id == topic
        assert await bot.rt.service.find(Place(forum.id)) is None
        found = await bot.rt.service.find(Place(forum.id, topic))
        assert found is not None
        fake.user_sends(bob, forum, "/join", thread_id=topic)
        await bot.deliver()
        press_action(fake, alice, lobby, Action.START)
        await bot.deliver()
        assert all(m.thread_id == topic for m in fake.bot_messages_in(forum))
        found = await bot.rt.service.find(Place(forum.id, topic))
        assert found is not None and found[1].engine is not None


async def test_kick_leave_and_help(world: World, fake: FakeTelegram) -> None:
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    group = fake.add_group("Friends", members=[alice, bob, carol])
    async with world.running() as bot:
        for user in (alice, bob, carol):
            fake.user_starts_bot(user)
        await bot.deliver()
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        for user in (bob, carol):
            fake.user_sends(user, group, "/join")
        await bot.deliver()
        said = fake.user_sends(carol, group, "hi all")
        fake.user_sends(bob, group, "/kick", reply_to=said)  # not the creator, not an admin
        await bot.deliver()
        _, doc = await bot.game(group)
        assert carol.id in doc.players
        fake.user_sends(alice, group, "/kick", reply_to=said)
        await bot.deliver()
        _, doc = await bot.game(group)
        assert carol.id not in doc.players
        fake.user_sends(bob, group, "/leave")
        fake.user_sends(bob, group, "/help@uno_test_bot")
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.players == (alice.id,)
        assert "/new opens a game" in (fake.last_bot_message(group).text or "")
        fake.user_sends(bob, fake.private_chat(bob), "/new")
        await bot.deliver()
        assert "group" in (fake.last_bot_message(fake.private_chat(bob)).text or "")


async def test_an_idle_lobby_closes_itself(world: World, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    async with world.running() as bot:
        fake.user_starts_bot(alice)
        await bot.deliver()
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(group)
        await bot.tick(LOBBY_IDLE_MS / 1000 - 1)
        assert await bot.rt.service.find(Place(group.id)) is not None
        await bot.tick(1)
        assert await bot.rt.service.find(Place(group.id)) is None
        assert fake.messages[(group.id, lobby.message_id)].buttons == []


@pytest.mark.parametrize(
    ("language", "idle", "empty"),
    [
        ("en", "nobody started it for 10 minutes", "everyone left it"),
        ("ru", "её никто не начал за 10 минут", "все игроки вышли"),
    ],
)
async def test_a_closed_lobby_says_why_and_how_to_open_another(
    world: World, fake: FakeTelegram, language: str, idle: str, empty: str
) -> None:
    """An idle lobby, and one everybody left, both turned into "This game was closed.": the group could not
    tell whether someone closed it, nor what to do next."""
    alice = fake.add_user("Alice", language_code=language)
    group = fake.add_group("Friends", members=[alice])
    await use_quick_rules(world, group, language=language)
    async with world.running() as bot:
        fake.user_starts_bot(alice)
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(group)
        await bot.tick(LOBBY_IDLE_MS / 1000)
        said = spaced(fake.messages[(group.id, lobby.message_id)].text or "")
        assert idle in said and "/new" in said, said
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(group)
        press_action(fake, alice, lobby, Action.LEAVE)
        await bot.deliver()
        said = fake.messages[(group.id, lobby.message_id)].text or ""
        assert empty in said and "/new" in said, said


async def test_settings_and_stats_commands_live_alongside_the_game(world: World, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice], creator=alice)
    async with world.running() as bot:
        fake.user_sends(alice, group, "/settings")
        await bot.deliver()
        menu = fake.last_bot_message(group)
        setting = next(data for _, data in buttons(menu) if data.action is Action.SETTING)
        query = press(fake, alice, menu, setting)
        fake.user_sends(alice, group, "/top")
        await bot.deliver()
        assert query.answered
        assert len(fake.bot_messages_in(group)) == 2
        assert [c for c in fake.calls if c.method == "answerCallbackQuery" and not c.ok] == []


@pytest.mark.parametrize("replying", [False, True])
async def test_in_a_forum_topic_a_plain_kick_gets_the_hint_and_a_reply_kicks(
    world: World, fake: FakeTelegram, replying: bool
) -> None:
    """Telegram marks every plain message in a topic as a reply to the topic's creation message (posted by
    the topic's creator): a plain /kick asks which player, whose button its sender presses; a real reply
    removes its author."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    forum = fake.add_group("Forum", members=[alice, bob], forum=True)
    topic = fake.add_topic(forum, "UNO")  # created by Alice
    root = fake.messages[(forum.id, topic)]
    async with world.running() as bot:
        for user in (alice, bob):
            fake.user_starts_bot(user)
        await bot.deliver()
        fake.user_sends(alice, forum, "/new", thread_id=topic, reply_to=root)
        fake.user_sends(bob, forum, "/join", thread_id=topic, reply_to=root)
        await bot.deliver()
        said = fake.user_sends(bob, forum, "hi", thread_id=topic, reply_to=root)
        fake.user_sends(alice, forum, "/kick", thread_id=topic, reply_to=said if replying else root)
        await bot.deliver()
        found = await bot.rt.service.find(Place(forum.id, topic))
        assert found is not None
        assert found[1].players == ((alice.id,) if replying else (alice.id, bob.id))
        asked = fake.last_bot_message(forum)
        assert ("Which player should I remove?" in (asked.text or "")) is not replying
        if not replying:
            press_action(fake, alice, asked, Action.KICK)  # Bob's: the answer replies to her /kick
            await bot.deliver()
            found = await bot.rt.service.find(Place(forum.id, topic))
            assert found is not None and found[1].players == (alice.id,)


@pytest.mark.parametrize("by_leaving_the_group", [False, True], ids=["/leave", "leaves the group"])
async def test_when_the_creator_leaves_the_next_player_runs_the_lobby(
    world: World, fake: FakeTelegram, by_leaving_the_group: bool
) -> None:
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    group = fake.add_group("Friends", members=[alice, bob, carol])
    async with world.running() as bot:
        for user in (alice, bob, carol):
            fake.user_starts_bot(user)
        await bot.deliver()
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(group)
        for user in (bob, carol):
            fake.user_sends(user, group, "/join")
        await bot.deliver()
        assert "now runs" not in (
            fake.messages[(group.id, lobby.message_id)].text or ""
        )  # the one who opened it
        if by_leaving_the_group:
            fake.user_leaves_group(alice, group)
        else:
            fake.user_sends(alice, group, "/leave")
        await bot.deliver()
        shown = fake.messages[(group.id, lobby.message_id)].text or ""
        assert "Bob 🔑" in shown and "Alice" not in shown
        assert (
            "\n🔑 Bob is now the host and can start the game.\n" in shown
        )  # the crown does not move silently
        fake.user_sends(bob, group, "/startgame")  # no admin around
        await bot.deliver()
        record, _ = await bot.game(group)
        assert record.status.value == "running"


@pytest.mark.parametrize("command", ["/new", "/help", "/settings"])
async def test_an_edited_message_is_not_run_as_a_command(
    world: World, fake: FakeTelegram, command: str
) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    group = fake.add_group("Friends", members=[alice], creator=alice)
    async with world.running() as bot:
        said = fake.user_sends(alice, group, "/rules")  # yesterday's message, edited today
        await bot.deliver()
        answered = len(fake.bot_messages_in(group))
        said.text, said.entities = command, [{"type": "bot_command", "offset": 0, "length": len(command)}]
        said.edit_date = fake.now()
        fake.push_update("edited_message", said.to_api())
        await bot.deliver()
        assert len(fake.bot_messages_in(group)) == answered
        assert await bot.rt.service.find(Place(group.id)) is None


async def test_an_open_lobby_shows_the_rules_an_admin_changes_and_starts_with_them(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[bob], creator=alice)
    async with world.running() as bot:
        for user in (alice, bob):
            fake.user_starts_bot(user)
        await bot.deliver()
        await open_lobby(bot, fake, group, alice, [bob])
        lobby_id = fake.last_bot_message(group).message_id

        def lobby_text() -> str:
            return next(m.text or "" for m in fake.bot_messages_in(group) if m.message_id == lobby_id)

        assert "📜 Official rules · " in lobby_text()
        fake.user_sends(alice, group, "/settings preset extreme")  # typed
        await bot.deliver()
        assert "📜 UNO Extreme · " in lobby_text()
        fake.user_sends(alice, group, "/settings")
        await bot.deliver()
        fake.user_presses(alice, fake.last_bot_message(group), "House rules")  # pressed
        await bot.deliver()
        assert "📜 House rules · " in lobby_text()
        lobby = next(m for m in fake.bot_messages_in(group) if m.message_id == lobby_id)
        press_action(fake, alice, lobby, Action.START)
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.engine is not None and doc.rules == preset("house")


async def test_a_burst_of_commands_during_a_match_stays_within_the_groups_limit(
    world: World, fake: FakeTelegram
) -> None:
    """The answers share the group's 20 writes a minute with the game's table: a player sending /rules 21
    times must not run the group into Telegram's 429, which would stall the table too."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (_, bob)):
        before = fake.too_many_requests_count
        for command in ("/rules", "/settings", "/top") * 7:
            fake.user_sends(bob, group, command)
        await bot.deliver()
        assert fake.too_many_requests_count == before


async def test_rules_during_a_match_are_the_ones_it_plays_by(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        fake.user_sends(bob, group, "/rules")
        await bot.deliver()
        unchanged = fake.last_bot_message(group).text or ""
        assert unchanged.startswith("📜 Rules of the current match: ")
        assert "have changed" not in unchanged
        fake.make_admin(alice, group)
        fake.user_sends(alice, group, "/settings preset extreme")  # for the next match
        await bot.deliver()
        fake.user_sends(bob, group, "/rules")
        await bot.deliver()
        text = spaced(fake.last_bot_message(group).text or "")
        assert text.startswith("📜 Rules of the current match: ")
        # the heading's paragraph names the next match and what it changes; the rules in play come below it
        heading, in_play = text.split("\n\n", 1)
        assert "The next match: UNO Extreme · 7 cards each" in heading and "Seven silence" not in in_play
        await bot.rt.service.stop((await bot.game(group))[0].id, None, is_admin=True)
        fake.user_sends(bob, group, "/rules")
        await bot.deliver()
        assert (fake.last_bot_message(group).text or "").startswith("📜 Rules of this chat: UNO Extreme")


@pytest.mark.parametrize(
    ("language", "playing", "upcoming"),
    [
        (
            "en",
            "⚙️ Rules of the current match: Official rules · 7 cards each · to 100 points · 60 s a turn."
            " Only the chat's admins can change the rules; /rules explains them all in plain words.",
            "The chat's rules have changed since this match began. The next match: UNO Extreme · 7 cards",
        ),
        (
            "ru",
            "⚙️ Правила идущего матча: Официальные правила · по 7 карт · до 100 очков · 60 с на ход."  # noqa: RUF001
            " Менять правила чата могут только его"  # noqa: RUF001
            " администраторы; прочитать их все простыми словами может каждый: /rules.",
            "Правила чата изменились после начала этого матча. Следующий матч: УНО Экстрим · по 7 карт",  # noqa: RUF001
        ),
    ],
)
async def test_a_member_asking_for_the_settings_during_a_match_begun_under_other_rules_reads_both(
    world: World, fake: FakeTelegram, language: str, playing: str, upcoming: str
) -> None:
    """(helper-418's read of a match whose rules the admins changed) Bob, who is no admin, sent /settings
    mid-match after Alice chose Extreme for the next one: "Rules of this chat: UNO Extreme", as if Extreme
    were being played, while /rules named the match's own rules and said Extreme waits for the next match."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        bob.language_code = language
        fake.make_admin(alice, group)
        fake.user_sends(bob, group, "/settings")
        await bot.deliver()
        unchanged = fake.last_bot_message(group).text or ""
        assert unchanged.startswith(("⚙️ Rules of this chat: ", "⚙️ Правила этого чата: "))
        fake.user_sends(alice, group, "/settings preset extreme")  # for the next match
        await bot.deliver()
        fake.user_sends(bob, group, "/settings")
        await bot.deliver()
        told = spaced(fake.last_bot_message(group).text or "")
        assert told.startswith(f"{playing}\n{upcoming}")
