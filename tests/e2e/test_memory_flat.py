"""A bot that runs for months keeps its memory flat: what it remembers of a game, a chat or a person is
forgotten once the game ended, or once a time passed, and nothing grows with the games, chats and people it
ever served."""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import NamedTuple

import pytest

from bot.service.lobby import LOBBY_IDLE_MS
from bot.tg.fleeting import NEWEST_LIMIT
from bot.tg.timers import STARTUP_GRACE_SECONDS
from tests.census import census
from tests.e2e.harness import Bot, World, buttons, choices, hand_message, press
from tests.e2e.locked_database import database_locked
from tests.e2e.matches import ONE_ROUND, deal, open_lobby, play_until_over, stop, use_quick_rules
from tests.e2e.test_unreadable_game import TURN_SECONDS, lose_a_field
from tests.fake_bot_api import Chat, FakeTelegram, User

DAY = 24 * 60 * 60
# Kept by number, not by time: the newest board of each kind a group asked for (the one before it is deleted).
BOUNDED = {"runtime.fleeting._newest": NEWEST_LIMIT}
# Kept for a while, whatever became of the game: the pacer's chats (an hour), a screen posted lately.
FOR_A_WHILE = ("._pacer.", "._said_ms")
OUTAGE_SECONDS = 30  # long enough to give the games their time back


def _remembered(bot: Bot) -> Counter[str]:
    """Every structure the bot's objects hold, by size; PTB's per-chat and per-person stores; the timers."""
    sizes = census(dict(bot.app.bot_data))
    sizes["application.chat_data"] = len(bot.app.chat_data)
    sizes["application.user_data"] = len(bot.app.user_data)
    sizes["timers"] = bot.timers.waiting
    return sizes


class _Evening:
    """One evening of new people in new groups: a match played until one leaves (the other wins), one
    stopped (a player who blocked the bot meanwhile), a lobby nobody started, and people who look at /stats,
    /top, /settings, /help and /rules (in the group and in private, and /help in a supergroup)."""

    def __init__(self, fake: FakeTelegram, number: int) -> None:
        self.fake = fake
        self.players = [fake.add_user(f"P{number}-{seat}") for seat in range(4)]
        self.played = fake.add_group(f"Played {number}", members=self.players[:2], creator=self.players[0])
        self.stopped = fake.add_group(f"Stopped {number}", members=self.players[2:])
        self.idle = fake.add_group(f"Idle {number}", members=self.players[:1])
        self.chatty = fake.add_group(f"Chatty {number}", members=self.players[:1], supergroup=True)

    async def rules(self, world: World) -> None:
        for group in (self.played, self.stopped):
            await use_quick_rules(world, group, ONE_ROUND)

    async def spend(self, bot: Bot) -> None:
        fake, players = self.fake, self.players
        await deal(bot, fake, self.played, players[:2])
        await play_until_over(bot, self.played, {user.id: user for user in players[:2]}, limit=6)
        fake.user_sends(players[1], self.played, "/leave")  # the other wins: the match ends
        await bot.deliver()
        await deal(bot, fake, self.stopped, players[2:])
        fake.user_blocks_bot(players[3])
        await stop(bot, fake, self.stopped, players[2])
        await open_lobby(bot, fake, self.idle, players[0], [])
        fake.user_sends(players[0], self.played, "/settings")
        await bot.deliver()
        menu = fake.last_bot_message(self.played)
        press(fake, players[0], menu, next(data for text, data in buttons(menu) if text.startswith("⏱")))
        for command in ("/stats", "/top", "/settings", "/help", "/rules"):
            fake.user_sends(players[0], self.played, command)
            fake.user_sends(players[1], fake.private_chat(players[1]), command)
        fake.user_sends(players[1], fake.private_chat(players[1]), "/lang")  # its prompt, kept to redraw
        fake.user_sends(players[0], self.chatty, "/help")  # (a supergroup: were its topics turned off?)
        await bot.deliver()
        await bot.tick(LOBBY_IDLE_MS / 1000 + 1)  # the lobby closes
        for _ in range(3):  # a day goes by: every time-bounded memory runs out
            await bot.tick(DAY / 3)


async def test_evenings_of_new_people_in_new_groups_leave_nothing_behind(
    world: World, fake: FakeTelegram
) -> None:
    """Per chat and per person memories used to stay for as long as the bot ran: the pacer's chats with what
    their messages showed, the names and app languages of everyone who ever wrote, each group's settled
    language, admin lists cached for a minute."""
    evenings = [_Evening(fake, number) for number in range(4)]
    for evening in evenings:
        await evening.rules(world)
    async with world.running(upkeep=True) as bot:  # (what is kept of old messages goes every few hours)
        await evenings[0].spend(bot)
        await evenings[1].spend(bot)  # warm: what a first evening starts once (and keeps) is there now
        before = _remembered(bot)
        for evening in evenings[2:]:
            await evening.spend(bot)
        after = _remembered(bot)
        assert await bot.rt.service.active_games() == []  # every evening's games ended
    growing = {
        where: (before[where], size)
        for where, size in after.items()
        if size > before[where] and size > BOUNDED.get(where, 0)
    }
    assert growing == {}, "\n".join(f"{k}: {v}" for k, v in sorted(growing.items()))


async def ended_match(bot: Bot, fake: FakeTelegram, group: Chat, people: list[User]) -> None:
    """A match dealt, then the other wins: the first leaves."""
    await deal(bot, fake, group, people)
    fake.user_sends(people[0], group, "/leave")
    await bot.deliver()


def kept_of_games(bot: Bot) -> Counter[str]:
    """What the publisher and the timers keep, but for what they keep for a while whatever the games do."""
    sizes = census({"publisher": bot.rt.publishing, "timers": bot.rt.timers})
    return Counter({where: size for where, size in sizes.items() if not any(k in where for k in FOR_A_WHILE)})


def grown(before: Counter[str], after: Counter[str]) -> str:
    return "\n".join(f"{k}: {before[k]} -> {v}" for k, v in sorted(after.items()) if v > before[k])


class Dealt(NamedTuple):
    bot: Bot
    group: Chat
    players: list[User]  # Carol, Dan
    before: Counter[str]  # kept_of_games before the deal


@asynccontextmanager
async def dealt_after_a_match(world: World, fake: FakeTelegram, title: str) -> AsyncIterator[Dealt]:
    """The bot running, warm (Alice and Bob's match in "Usual" ended: what a first match starts once is there
    now), what the games keep counted, then Carol and Dan's match dealt in a group named `title`."""
    people = [fake.add_user(name) for name in ("Alice", "Bob", "Carol", "Dan")]
    usual = fake.add_group("Usual", members=people[:2])
    group = fake.add_group(title, members=people[2:])
    async with world.running() as bot:
        await ended_match(bot, fake, usual, people[:2])
        before = kept_of_games(bot)
        await deal(bot, fake, group, people[2:])
        yield Dealt(bot, group, people[2:], before)


async def test_a_match_whose_last_publish_failed_is_forgotten_all_the_same(
    sqlite_world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    """The database went out of reach as a match ended, before its last screens were drawn: that publish
    failed half-way. Before: what the publisher kept of the game (who reads it in which language, its hands,
    its table's reposts, ...) stayed for as long as the bot ran."""
    world = sqlite_world
    async with dealt_after_a_match(world, fake, "Failed") as (bot, failed, (carol, _), before):
        record, _ = await bot.game(failed)
        outcome = await bot.rt.service.leave(record.id, carol.id)  # committed: Dan wins
        with database_locked(world.database_url):
            await bot.rt.after(outcome)
            await bot.settle()
            after = kept_of_games(bot)  # (once it is back, the games that ended lately are redrawn)
    assert f"publishing game {record.id} failed" in caplog.text
    assert grown(before, after) == ""


async def test_an_unreadable_game_stopped_is_forgotten(world: World, fake: FakeTelegram) -> None:
    """A game whose document became unreadable under the running bot ends by /stop without an outcome to
    publish. Before: what the publisher kept of it, drawn while it could be read, stayed."""
    async with dealt_after_a_match(world, fake, "Broken") as (bot, broken, (carol, _), before):
        record, _ = await bot.game(broken)
        await lose_a_field(world, record.id, "table_counter")
        fake.user_sends(carol, broken, "/stop")  # who created it
        await bot.deliver()
        assert await bot.rt.service.active_games() == []
        after = kept_of_games(bot)
    assert grown(before, after) == ""


async def test_an_unreadable_game_stopped_after_an_outage_is_forgotten(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """After a database outage no deadline fires within STARTUP_GRACE_SECONDS; the game's document became
    unreadable meanwhile, its timers stopped at its deadline, and /stop ended it. Before: the timers kept its
    grace for as long as the bot ran."""
    world = sqlite_world
    async with dealt_after_a_match(world, fake, "Broken") as (bot, broken, players, before):
        record, doc = await bot.game(broken)
        with database_locked(world.database_url):
            on_turn = next(user for user in players if user.id == doc.state.actor)
            hand = hand_message(fake, on_turn)
            press(fake, on_turn, hand, choices(hand)[0])  # not saved: the database is out of reach
            await bot.deliver()
            for _ in range(0, OUTAGE_SECONDS, 5):
                await bot.tick(5)
        await bot.tick(5)  # it is back: every game's deadlines wait a grace
        await lose_a_field(world, record.id, "table_counter")
        await bot.tick(TURN_SECONDS + STARTUP_GRACE_SECONDS)  # its deadline: its timers stop
        fake.user_sends(players[0], broken, "/stop")  # who created it
        await bot.deliver()
        assert await bot.rt.service.active_games() == []
        after = kept_of_games(bot)
    assert grown(before, after) == ""


async def test_a_lobby_its_closed_topic_refused_is_forgotten(world: World, fake: FakeTelegram) -> None:
    """An admin's /new in a forum topic closed to the bot opens a lobby whose message is refused: it is gone
    as if never opened, and so is what the publisher and the timers kept of it."""
    people = [fake.add_user(name) for name in ("Alice", "Bob")]
    admin = fake.add_user("Admin")
    usual = fake.add_group("Usual", members=people)
    forum = fake.add_group("Club", members=people, forum=True, creator=admin)
    room = fake.add_topic(forum, "Room")
    async with world.running() as bot:
        await ended_match(bot, fake, usual, people)
        fake.user_starts_bot(admin)
        fake.close_topic(forum, room, by=admin)
        await bot.deliver()
        before = kept_of_games(bot)
        fake.user_sends(admin, forum, "/new", thread_id=room)
        await bot.deliver()
        assert await bot.rt.service.active_games_in(forum.id) == []
        after = kept_of_games(bot)
    assert grown(before, after) == ""
