"""Group members who are not playing the running match: Dave never opened the private chat with the bot,
Erin plays in another group's match. What they press or send changes nothing, shows no cards, and is
answered with what they can do instead."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace

import pytest

from bot.engine.rules import Rules
from bot.tg.callback_data import Action, CallbackData
from tests.e2e.harness import Bot, World, press, press_action
from tests.e2e.matches import deal, stop, use_quick_rules
from tests.fake_bot_api import Chat, FakeTelegram, Message, User
from tests.rules_in_play.table import playing

SILENCE_READ = 3  # seconds: the table telling the silence has landed, and people have read it
NOT_IN_MATCH = {
    "en": "You're not playing in this game. Wait for it to end, or send /notifyme: "
    "I'll write to you when the next one opens.",
    "ru": "Вы не играете в этой игре. Дождитесь её конца или отправьте /notifyme: "
    "я напишу вам, когда откроется следующая.",
}


@dataclass
class Onlookers:
    """A match of Alice, Bob and Carol in "Friends", watched by its other members Dave and Erin."""

    bot: Bot
    group: Chat
    players: list[User]
    dave: User
    erin: User
    lobby: Message  # the lobby message, its buttons as a screen not yet redrawn after Start shows them
    table: Message


@asynccontextmanager
async def watched(world: World, fake: FakeTelegram, lang: str) -> AsyncIterator[Onlookers]:
    players = [fake.add_user(name, language_code=lang) for name in ("Alice", "Bob", "Carol")]
    dave, erin, frank = (fake.add_user(name, language_code=lang) for name in ("Dave", "Erin", "Frank"))
    group = fake.add_group("Friends", members=[*players, dave, erin])
    other = fake.add_group("Others", members=[erin, frank])
    for chat in (group, other):
        await use_quick_rules(world, chat, language=lang)
    async with world.running() as bot:
        await deal(bot, fake, other, [erin, frank])
        for user in players:
            fake.user_starts_bot(user)
        fake.user_sends(players[0], group, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(group)
        for user in players[1:]:
            press_action(fake, user, lobby, Action.JOIN)
            await bot.deliver()
        lobby = replace(lobby, reply_markup=fake.messages[(group.id, lobby.message_id)].reply_markup)
        press_action(fake, players[0], lobby, Action.START)
        await bot.deliver()
        record, _ = await bot.game(group)
        table = fake.messages[(group.id, record.table_message_id)]
        yield Onlookers(bot, group, players, dave, erin, lobby, table)


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_an_onlookers_table_press_or_leave_says_what_they_can_do(
    world: World, fake: FakeTelegram, lang: str
) -> None:
    """Catch!, UNO! or Slap! pressed, or /leave sent, by someone not in the match read only "You are not
    playing in this game": nothing said what they could do instead."""
    async with watched(world, fake, lang) as seen:
        bot = seen.bot
        record, before = await bot.game(seen.group)
        for user in (seen.dave, seen.erin):
            for action in (Action.CATCH, Action.UNO, Action.SLAP):  # as a catch or slap window shows them
                pressed = CallbackData(action, record.id, before.table_counter)
                query = press(fake, user, seen.table, pressed)
                await bot.deliver()
                assert query.show_alert and query.answer_text == NOT_IN_MATCH[lang], (user, action)
            fake.user_sends(user, seen.group, "/leave")
            await bot.deliver()
            assert fake.last_bot_message(seen.group).text == NOT_IN_MATCH[lang]
        _, after = await bot.game(seen.group)
        assert after.state == before.state


NO_LONGER_IN = {"en": "You are no longer in this game.", "ru": "Вы больше не участвуете в этой игре."}


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_a_player_who_left_or_was_removed_is_told_they_are_no_longer_in_the_game(
    world: World, fake: FakeTelegram, lang: str
) -> None:
    """Bob, who left, and Carol, whom Alice removed, pressing Catch! or UNO! on the table (or sending /leave
    again) read "You are not playing in this game… send /notifyme": they were playing it."""
    names = ("Alice", "Bob", "Carol", "Dave")
    async with playing(world, fake, Rules(), names, language=lang) as table:
        alice, bob, carol, _ = table.people
        fake.user_sends(bob, table.group, "/leave")
        fake.user_sends(alice, table.group, "/kick Carol")
        await table.deliver()
        record, before = await table.bot.game(table.group)
        assert not {bob.id, carol.id} & set(before.state.players)
        tabled = table.fake.messages[(table.group.id, record.table_message_id)]
        for user in (bob, carol):
            for action in (Action.CATCH, Action.UNO):
                pressed = CallbackData(action, record.id, before.table_counter)
                query = press(fake, user, tabled, pressed)
                await table.deliver()
                assert query.show_alert and query.answer_text == NO_LONGER_IN[lang], (user, action)
            fake.user_sends(user, table.group, "/leave")
            await table.deliver()
            assert fake.last_bot_message(table.group).text == NO_LONGER_IN[lang]
        _, after = await table.bot.game(table.group)
        assert after.state == before.state


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_lobbys_leave_pressed_after_the_start_by_an_onlooker_does_not_send_them_to_leave(
    world: World, fake: FakeTelegram, lang: str
) -> None:
    """The lobby's Leave, still on a screen not redrawn after Start, told Dave "The game has already started.
    To leave it, send /leave in the group": a game he never joined."""
    async with watched(world, fake, lang) as seen:
        for user in (seen.dave, seen.erin):
            query = press_action(fake, user, seen.lobby, Action.LEAVE)
            await seen.bot.deliver()
            assert query.show_alert and query.answer_text == NOT_IN_MATCH[lang], user


TOO_LATE = {
    "en": "The game has already started. Send /notifyme and I'll write to you when the next one opens.",
    "ru": "Игра уже началась. Отправьте /notifyme, и я напишу вам, когда откроется следующая.",
}
RUNNING = {
    "en": "A game is already running here. Send /notifyme and I'll write to you when the next one opens.",
    "ru": "Здесь уже идёт игра. Отправьте /notifyme, и я напишу вам, когда откроется следующая.",
}

RUNNING_YOURS = {
    "en": "A game is already running here. The host (🔑) or a chat admin can stop it with /stop.",
    "ru": "Здесь уже идёт игра. Остановить её может ведущий (🔑) или администратор чата командой /stop.",
}


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_joining_or_opening_a_game_during_the_match_points_to_the_next_one(
    world: World, fake: FakeTelegram, lang: str
) -> None:
    """Join, /join, /new or Play again during the match said only "The game has already started." or "A game
    is already running here.": nothing told the onlooker how to get into the next one."""
    async with watched(world, fake, lang) as seen:
        bot, group, (alice, bob, carol) = seen.bot, seen.group, seen.players
        await stop(bot, fake, group, alice)  # a first match, its results with Play again; then the next
        results = next(m for m in reversed(fake.bot_messages_in(group)) if m.buttons)
        for user in (alice, bob, carol):
            press_action(fake, user, results, Action.AGAIN)
            await bot.deliver()
        lobby = fake.last_bot_message(group)
        lobby = replace(
            lobby, reply_markup=lobby.reply_markup
        )  # as a screen not redrawn after Start shows it
        press_action(fake, alice, lobby, Action.START)
        await bot.deliver()
        for user in (seen.dave, seen.erin):
            for action, said in ((Action.JOIN, TOO_LATE), (Action.AGAIN, RUNNING)):
                shown = lobby if action is Action.JOIN else results
                query = press_action(fake, user, shown, action)
                await bot.deliver()
                assert query.show_alert and query.answer_text == said[lang], (user, action)
            for command, said in (("/join", TOO_LATE), ("/new", RUNNING)):
                fake.user_sends(user, group, command)
                await bot.deliver()
                assert fake.last_bot_message(group).text == said[lang], (user, command)
        # One of the match, who needs no next game, is told how it ends (session 62: a match left overnight,
        # "A game is already running here." said nothing of what to do for a new one in the morning).
        fake.user_sends(bob, group, "/new")
        await bot.deliver()
        assert fake.last_bot_message(group).text == RUNNING_YOURS[lang]


AWAITED = {
    "en": (
        "You're not playing in this game.",
        "The game has already started.",
        "A game is already running here.",
    ),
    "ru": ("Вы не играете в этой игре.", "Игра уже началась.", "Здесь уже идёт игра."),
}
NO_FIGURES = {"en": "You haven't finished a match yet.", "ru": "У вас пока нет завершённых матчей."}  # noqa: RUF001
SENT_NOTIFYME = {
    "en": "You sent /notifyme: I'll write to you when the next one opens.",
    "ru": "Вы уже отправили /notifyme: я напишу вам, когда откроется следующая.",
}


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_an_onlooker_who_sent_notifyme_is_not_told_to_send_it_again(
    world: World, fake: FakeTelegram, lang: str
) -> None:
    """Dave, who had sent /notifyme, was still told "send /notifyme" by Catch!, Join, /join, /leave, /new and
    /stats: sent again, it took his request back ("I won't write to you about the next game here")."""
    async with watched(world, fake, lang) as seen:
        bot, group, dave = seen.bot, seen.group, seen.dave
        fake.user_sends(dave, group, "/notifyme")
        await bot.deliver()
        record, doc = await bot.game(group)
        not_playing, started, running = (f"{opening} {SENT_NOTIFYME[lang]}" for opening in AWAITED[lang])
        catch = press(fake, dave, seen.table, CallbackData(Action.CATCH, record.id, doc.table_counter))
        join = press_action(fake, dave, seen.lobby, Action.JOIN)
        await bot.deliver()
        assert (catch.answer_text, join.answer_text) == (not_playing, started)
        no_figures = f"{NO_FIGURES[lang]} {running}"  # his /stats, which says what would bring them
        answers = (("/join", started), ("/leave", not_playing), ("/new", running), ("/stats", no_figures))
        for command, said in answers:
            fake.user_sends(dave, group, command)
            await bot.deliver()
            assert fake.last_bot_message(group).text == said, command
        # Erin, who asked for nothing, is still told how to ask.
        query = press_action(fake, seen.erin, seen.lobby, Action.JOIN)
        await bot.deliver()
        assert query.answer_text == TOO_LATE[lang]


@pytest.mark.parametrize(
    ("lang", "told"),
    [
        ("en", "🤫 Until Alice moves, a player who posts takes 4 cards"),
        ("ru", "🤫 До хода: Alice. Написавший игрок берёт 4 карты"),
    ],
)
async def test_a_seven_silence_binds_the_players_and_the_table_says_so(
    world: World, fake: FakeTelegram, lang: str, told: str
) -> None:
    """The table said only "🤫 Silence until Alice moves again", as if the whole group had to keep quiet: an
    onlooker could not tell that their words cost nothing, nor a newcomer what breaking it costs."""
    hands = {"Alice": ["R7", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(seven_silence=True), language=lang) as table:
        dave = fake.add_user("Dave", language_code=lang)
        fake.join_group(dave, table.group)
        await table.arrange(hands, top="R3", turn=table.people[0])
        await table.play(table.people[0], "R7")
        await table.bot.tick(SILENCE_READ)
        assert told in table.text().splitlines()
        before = await table.state()
        fake.user_sends(dave, table.group, "what is going on?")
        await table.deliver()
        assert await table.state() == before  # not one of the players: the silence holds, nobody draws


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Only the host, Alice, or a chat admin can do that."),
        ("ru", "Это может только ведущий игры (Alice) или администратор чата."),
    ],
)
async def test_a_bare_kick_from_an_onlooker_says_who_may_kick(
    world: World, fake: FakeTelegram, lang: str, said: str
) -> None:
    """A bare /kick taught Dave how to kick ("Reply with /kick to a message of the player…"); doing so, he
    was then told that only Alice or an admin may."""
    async with watched(world, fake, lang) as seen:
        for user in (seen.dave, seen.erin):
            fake.user_sends(user, seen.group, "/kick")
            await seen.bot.deliver()
            assert fake.last_bot_message(seen.group).text == said, user


@pytest.mark.parametrize(
    ("lang", "scoring", "title"),
    [
        ("en", "winner_takes", "🎴 UNO · round 1 · to 300 points"),
        ("ru", "winner_takes", "🎴 УНО · раунд 1 · до 300 очков"),  # noqa: RUF001
        ("en", "own_hand", "🎴 UNO · round 1\nEnds at 300 points, lowest wins"),
        ("ru", "own_hand", "🎴 УНО · раунд 1 · конец на 300\nПобеждает меньший счёт"),  # noqa: RUF001
        ("en", "single_round", "🎴 UNO · round 1"),
    ],
)
async def test_the_table_says_what_the_match_is_played_to(
    world: World, fake: FakeTelegram, lang: str, scoring: str, title: str
) -> None:
    """The table read "🎴 UNO · round 1" above "Alice: 0 points / Bob: 280 points": only the lobby, long
    gone, and the round results said what the match is played to, so someone who was not playing could not
    tell from the table how near Bob was to winning, nor (scoring their own hands) that fewer points lead."""
    rules = Rules().changed(scoring=scoring, target_score=300)
    async with playing(world, fake, rules, language=lang) as table:
        alice, bob, carol = table.people
        await table.head_start({alice.id: 0, bob.id: 280, carol.id: 120})
        head = table.text().splitlines()[: title.count("\n") + 1]  # own-hand scoring's takes two lines
        assert "\n".join(head) == title, table.text()


async def test_answers_to_an_onlookers_commands_come_without_a_sound(
    world: World, fake: FakeTelegram
) -> None:
    """Dave, who is not playing, sends /rules, /help, /stop and /new during the match: each answer rang every
    member's phone, as the lobby and the deal's table do, though only Dave, who asked, was waiting for it.
    Answers to a command come silently now; the game's own new messages still notify."""
    async with watched(world, fake, "en") as seen:
        bot, group = seen.bot, seen.group
        since = len(fake.bot_messages_in(group))
        for command in ("/rules", "/help", "/stop", "/new"):
            fake.user_sends(seen.dave, group, command)
            await bot.deliver()
        answers = fake.bot_messages_in(group)[since:]
        assert len(answers) == 4 and all(answer.silent for answer in answers)
        assert not seen.lobby.silent and not seen.table.silent
