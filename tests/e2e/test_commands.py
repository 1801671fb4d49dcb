"""Commands: /cmd@botname, forum topics, /kick, /leave, /help, group commands in private, idle lobbies,
anonymous admins; the greeting of a group that adds the bot."""

from __future__ import annotations

import json
import re

import pytest

from bot.engine.rules import preset
from bot.i18n import Translator
from bot.service import Place
from bot.service.lobby import LOBBY_IDLE_MS
from bot.tg.callback_data import Action
from tests.e2e.harness import COLOURS_HINT, World, buttons, press, press_action
from tests.e2e.matches import (
    deal,
    gather,
    open_lobby,
    started,
    stop_answer,
    stop_question,
    use_quick_rules,
)
from tests.fake_bot_api import FakeTelegram
from tests.fake_bot_api.model import ANONYMOUS_ADMIN_BOT_ID
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


async def test_an_unknown_command_is_answered_in_private_only(world: World, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    group = fake.add_group("Friends", members=[alice])
    private = fake.private_chat(alice)
    async with world.running() as bot:
        fake.user_sends(alice, group, "/foo")  # in a group it may be another bot's command
        fake.user_sends(alice, private, "/foo")
        await bot.deliver()
        assert fake.bot_messages_in(group) == []
        assert [m.text for m in fake.bot_messages_in(private)] == ["Unknown command. See /help."]
        for known in ("/lang", "/top", "/start"):
            fake.user_sends(alice, private, known)
            await bot.deliver()
            assert fake.last_bot_message(private).text != "Unknown command. See /help.", known


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


@pytest.mark.new_telegram  # (tests/set_before.py)
@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_command_menus_offer_what_help_lists(
    world: World, fake: FakeTelegram, language: str
) -> None:
    async with world.running():
        pass

    def menu(scope: str) -> list[str]:
        return [command["command"] for command in fake.commands[(json.dumps({"type": scope}), language)]]

    help_text = Translator().t(language, "gameplay-help")
    listed = re.findall(r"^/([a-z]+)", help_text, re.MULTILINE)
    split = listed.index("stats", listed.index("stats") + 1)  # the private chat's part starts at its /stats
    in_group, in_private = set(listed[:split]), set(listed[split:])
    assert set(menu("all_chat_administrators")) == in_group | {"help"}
    assert set(menu("all_group_chats")) == in_group - {"lang"} | {"help"}  # only admins may change it
    assert set(menu("all_private_chats")) == in_private | {"help"}


@pytest.mark.parametrize(
    ("language", "how"),
    [
        (
            "en",
            "How a game goes: /new in a group opens it, the others press “Join”, and the host (🔑) presses"
            " “Start the game”. Your cards then come here as buttons: press one to play it (/start sends them"
            " again).",
        ),
        (
            "ru",
            "Как идёт игра: /new в группе открывает её, остальные нажимают «Участвовать», а ведущий (🔑) —"  # noqa: RUF001
            " «Начать игру». Затем ваши карты приходят сюда кнопками: нажмите карту, чтобы сыграть её (/start"
            " пришлёт их заново).",
        ),
    ],
)
async def test_help_in_private_says_how_a_game_goes(
    world: World, fake: FakeTelegram, language: str, how: str
) -> None:
    """/help in private listed 21 commands and ended telling the reader to open the private chat they were
    reading it in: a newcomer learnt no more of how a game goes than the names of its commands."""
    dan = fake.add_user("Dan", language_code=language, started_bot=True)
    async with world.running() as bot:
        fake.user_sends(dan, fake.private_chat(dan), "/help")
        await bot.deliver()
        lines = (fake.last_bot_message(fake.private_chat(dan)).text or "").splitlines()
        assert lines[1] == how  # under the title, before the commands
        assert not [line for line in lines if "open it once" in line or "откройте его один раз" in line]  # noqa: RUF001


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_help_in_private_names_the_other_spelling_of_colours_it_answers(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """(Session 53) /colors turned colour letters on as /colours does, yet nothing named it. The menu under
    "/" keeps one entry a command, /colours: the other spelling is for typing, told where it is described."""
    dan = fake.add_user("Dan", language_code=language, started_bot=True)
    async with world.running() as bot:
        fake.user_sends(dan, fake.private_chat(dan), "/help")
        await bot.deliver()
        said = {"en": "/colours (or /colors) — ", "ru": "/colours (или /colors) — "}[language]
        lines = (fake.last_bot_message(fake.private_chat(dan)).text or "").splitlines()
        assert [line for line in lines if line.startswith(said)], lines


FAIR_PLAY = {
    "en": "Fair play: leaving a match counts as a loss, and so does stopping one you play in once a full"
    " round is over (practice against computers alone doesn't count).",
    "ru": "Честная игра: выход из матча — это поражение, как и остановка матча, в котором вы играете, после"
    " первого полного раунда (тренировки против одних компьютеров не считаются).",
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_help_spares_practice_from_its_fair_play_losses(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """/help's "Fair play" called leaving a match always a loss: practice against computers alone counts on
    no board, so one leaving it loses nothing."""
    dan = fake.add_user("Dan", language_code=language, started_bot=True)
    async with world.running() as bot:
        fake.user_sends(dan, fake.private_chat(dan), "/help")
        await bot.deliver()
        said = fake.last_bot_message(fake.private_chat(dan)).text or ""
        assert FAIR_PLAY[language] in said


async def test_plain_text_in_private_is_pointed_to_help(world: World, fake: FakeTelegram) -> None:
    """(helper-593, newcomers' first evening) Alice, waiting in the lobby she opened, asks the private chat
    "what now?": she was sent to /help's every command, and read nothing of the game she is in; she is told
    she is in it and that her cards come there."""
    alice = fake.add_user("Alice", started_bot=True)
    group = fake.add_group("Friends", members=[alice])
    private = fake.private_chat(alice)
    async with world.running() as bot:
        fake.user_sends(alice, private, "how do I play?")
        await bot.deliver()
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        fake.user_sends(alice, private, "what now?")
        await bot.deliver()
        assert [m.text for m in fake.bot_messages_in(private)] == [
            "I only understand commands and buttons. See /help.",
            "I only understand commands and buttons. See /help.\n"
            "You're in the game in Friends. Your cards will show up here.",
        ]


async def test_a_command_in_cyrillic_in_private_is_an_unknown_command(
    world: World, fake: FakeTelegram
) -> None:
    """(a newcomer's first hour, session 58) "/старт", which Telegram does not mark as a command (only Latin
    letters make one), was answered "I only understand commands and buttons": its sender had sent one."""
    nina = fake.add_user("Нина", language_code="ru", started_bot=True)
    private = fake.private_chat(nina)
    async with world.running() as bot:
        fake.user_sends(nina, private, "/старт")
        await bot.deliver()
        assert [m.text for m in fake.bot_messages_in(private)] == [
            "Неизвестная команда. Список команд: /help."
        ]


@pytest.mark.parametrize(
    ("language", "hello", "label"),
    [
        (
            "en",
            "Hello! To play UNO, send /new in a group I'm already in, or add me to yours (the button below)."
            " Your cards will show up here. More: /help",
            "\N{HEAVY PLUS SIGN} Add me to a group",
        ),
        (
            "ru",
            "Привет! Чтобы сыграть в УНО, отправьте /new в группе, где я уже есть, или добавьте меня в свою"  # noqa: RUF001
            " группу (кнопка ниже). Ваши карты появятся здесь. Подробнее: /help",
            "\N{HEAVY PLUS SIGN} Добавить меня в группу",
        ),
    ],
)
async def test_a_newcomers_start_offers_the_way_into_a_group(
    world: World, fake: FakeTelegram, language: str, hello: str, label: str
) -> None:
    """The greeting said to add the bot to a group, but not how: Telegram's own add-to-group link does it. It
    said only that ("Add me to a group and send /new there") to the many who come from a group the bot is in
    already (its greeting's and /help's button to the private chat): /new there is what they want."""
    dan = fake.add_user("Dan", language_code=language)
    async with world.running() as bot:
        fake.user_starts_bot(dan)
        await bot.deliver()
        greeting = fake.last_bot_message(fake.private_chat(dan))
        assert greeting.text == f"{hello}\n{COLOURS_HINT[language]}"
        assert greeting.buttons == [[{"text": label, "url": "https://t.me/uno_test_bot?startgroup=true"}]]


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


# A group's greeting: its first line (the admin who added the bot wonders whether to make it one), and its
# last, how to switch to the other language (an admin's: every member reads it, and a member's /lang there is
# refused)
GREETING_ENDS = {
    "en": (
        "👋 Hi! I'm here to play UNO with this group. I don't need admin rights for it.",
        "🌐 По-русски: администратор может отправить /lang ru",
    ),
    "ru": (
        "👋 Привет! Я здесь, чтобы играть с этой группой в УНО."  # noqa: RUF001
        " Права администратора мне для этого не нужны.",
        "🌐 In English: an admin can send /lang en",
    ),
}
# Who the host (🔑) is, whom the greeting's next words send to press Start
GREETING_HOST = {
    "en": "then the host (🔑), who opened it, presses",
    "ru": "/new открывает игру, и тот, кто её открыл, становится ведущим (🔑).",
}


@pytest.mark.parametrize("language", GREETING_ENDS)
async def test_a_group_that_adds_the_bot_reads_what_to_do_next(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """An admin adds the bot to a new group (no admin rights, privacy mode on): the group read nothing at
    all, and nobody knew to send /new, nor that each player must open the private chat once. Now one message
    says so, in the chat's language, with how an admin switches to the other language under it (it read
    "/lang en", which a member sent in vain) and a button to the private chat. Added by the bot's own
    add-to-group link, the group then gets that link's /start from the one who added it: answered by the same
    message, once. An upgrade to a supergroup (no service message of the bot joining) says nothing.
    (helper-593) The admin could not tell whether to make the bot an admin: it says it needs no admin
    rights; and the Russian sent the "ведущий (🔑)" to press Start without saying who that is (the English
    did: the one who opened the game)."""
    first, other = GREETING_ENDS[language]
    fake.group_privacy = True
    anna, bob = fake.add_user("Anna", language_code=language), fake.add_user("Bob", language_code=language)
    group = fake.add_group("Friends", members=[bob], creator=anna)
    group.members.pop(fake.bot.id)  # a group without the bot
    async with world.running(default_language=language) as bot:
        fake.add_bot_to_group(group, anna)
        await bot.deliver()
        greeting = fake.last_bot_message(group)
        lines = (greeting.text or "").splitlines()
        assert lines[0] == first and lines[-1] == other
        assert "/new" in lines[1] and "/settings" in lines[3], lines
        assert GREETING_HOST[language] in lines[1]
        assert greeting.buttons[0][0]["url"] == "https://t.me/uno_test_bot"
        fake.user_sends(anna, group, "/start@uno_test_bot true")  # the add-to-group link's start parameter
        await bot.deliver()
        assert fake.bot_messages_in(group) == [greeting]
        await bot.tick(60)
        fake.user_sends(bob, group, "/start")  # what does this bot do?
        await bot.deliver()
        assert len(fake.bot_messages_in(group)) == 2 and fake.last_bot_message(group).text == greeting.text
        supergroup = fake.migrate_to_supergroup(group)
        await bot.deliver()
        assert not fake.bot_messages_in(supergroup)


async def test_a_member_someone_adds_to_the_group_is_no_cue_for_the_greeting(
    world: World, fake: FakeTelegram
) -> None:
    """The greeting is for the bot joining: Anna adding her friend Dave is the group's own news."""
    anna, dave = fake.add_user("Anna"), fake.add_user("Dave")
    group = fake.add_group("Friends", creator=anna)
    async with world.running() as bot:
        fake.join_group(dave, group)
        fake.user_causes_service_message(anna, group, {"new_chat_members": [dave.to_api()]})
        await bot.deliver()
        assert fake.bot_messages_in(group) == []


@pytest.mark.parametrize(
    ("language", "last"),
    [
        ("en", "open it once (the button below) and press “Start” (or “Запустить”)."),
        ("ru", "откройте его один раз (кнопка ниже) и нажмите «Запустить» (или «Start»)."),  # noqa: RUF001
    ],
)
async def test_help_in_a_group_leads_into_the_private_chat(
    world: World, fake: FakeTelegram, language: str, last: str
) -> None:
    """/help in a group ended "open it once with /start", with no way there: /start in the group answered
    with this same help. It has the button to the private chat now, and says where to press Start."""
    dan = fake.add_user("Dan", language_code=language)
    group = fake.add_group("Friends", members=[dan])
    async with world.running(default_language=language) as bot:
        fake.user_sends(dan, group, "/help")
        await bot.deliver()
        answer = fake.last_bot_message(group)
        assert last in (answer.text or "")
        assert [[button["url"] for button in row] for row in answer.buttons] == [
            ["https://t.me/uno_test_bot"]
        ]


async def test_help_asked_again_within_the_minute_is_the_one_just_above(
    world: World, fake: FakeTelegram
) -> None:
    """The group's help is a long text: a second /help from the same member is not posted again; another
    member's is answered."""
    dan, eve = fake.add_user("Dan"), fake.add_user("Eve")
    group = fake.add_group("Friends", members=[dan, eve])
    async with world.running() as bot:
        for user in (dan, dan, eve):
            fake.user_sends(user, group, "/help")
            await bot.deliver()
        helps = [m for m in fake.bot_messages_in(group) if "/new opens a game" in (m.text or "")]
        assert len(helps) == 2


@pytest.mark.parametrize(
    ("language", "answer", "label"),
    [
        (
            "en",
            "Send this command in the group where you play, or add me to a group first (the button below).",
            "\N{HEAVY PLUS SIGN} Add me to a group",
        ),
        (
            "ru",
            "Отправьте эту команду в группе, где вы играете, или сначала добавьте меня в группу"
            " (кнопка ниже).",
            "\N{HEAVY PLUS SIGN} Добавить меня в группу",
        ),
    ],
)
async def test_a_group_command_in_private_offers_the_way_into_a_group(
    world: World, fake: FakeTelegram, language: str, answer: str, label: str
) -> None:
    """A newcomer's first guess is /new in the private chat. It answered "Send this command in the group
    where you play" (in Russian «в группе, где идёт игра»: there is no game yet, /new opens one) with no way
    to get the bot into a group; the Start greeting has Telegram's add-to-group link, so this has it too."""
    dan = fake.add_user("Dan", language_code=language, started_bot=True)
    private = fake.private_chat(dan)
    async with world.running() as bot:
        for command in ("/new", "/startgame"):
            fake.user_sends(dan, private, command)
            await bot.deliver()
            told = fake.last_bot_message(private)
            assert told.text == answer
            assert told.buttons == [[{"text": label, "url": "https://t.me/uno_test_bot?startgroup=true"}]]
