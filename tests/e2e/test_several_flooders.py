"""Several members flooding a group with commands and presses while three people play: their answers take at
most their share of the group's ~20 writes a minute, the table follows the game within seconds, and the hands
answer at once. In a quiet group, answers go at once."""

from __future__ import annotations

import asyncio
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pytest
from telegram import Update

from bot.service import Place
from bot.tg.command_budget import COMMAND_BURST
from bot.tg.pacing_window import GROUP_LIMIT
from bot.tg.render.chosen import CHOSEN
from bot.tg.table_edits import SETTLE_SECONDS
from tests.e2e.harness import Bot, World, buttons, choices, hand_message, press
from tests.e2e.matches import started
from tests.fake_bot_api import Chat, FakeTelegram, User

# Every answer differs from the last (no two equal replies to merge), as a script cycling through them would.
COMMANDS = ("/help", "/rules", "/settings", "/stats", "/top", "/notifyme", "/top global", "/table")
FLOODERS = 4
FLOOD_SECONDS = 120  # long enough for the group's window to fill twice over
# Seconds between two moves of the players: quick people, whose table takes 12 of the group's 20 writes a
# minute, the game's part of the window (what the answers' share leaves it).
MOVE_EVERY = 5.0
# A move is on the table once its edit has settled (the next change is waited for), after at most a reply's
# turn and its own in the group's window, and two to spare (virtual time moves while the database works: 12 s
# were seen); the hands are in private chats, nothing ahead.
TABLE_WITHIN = SETTLE_SECONDS + 4 * GROUP_LIMIT.spacing
NOTIFY_ANSWERS = ("🔔", "🔕")  # /notifyme's answers (on, off)
HAND_WITHIN = 5.0  # as tests/e2e/test_busy_group.py's PROMPT: virtual time moves while the database works


@dataclass(frozen=True)
class _Move:
    who: User
    at: float  # virtual time
    calls: int  # Bot API calls made before it


async def _handle_as_polling_does(bot: Bot, handling: list[asyncio.Task[None]]) -> None:
    """The pending updates fetched, each handled in the background (a command's handler waits for its
    answer's turn in the group); the presses' handlers are let finish before virtual time moves on (their
    database calls run in a thread, on real time)."""
    presses = []
    while bot.fake.pending_updates:
        updates = await bot.app.bot.get_updates(
            offset=bot.offset, timeout=0, allowed_updates=Update.ALL_TYPES
        )
        for update in updates:
            bot.offset = update.update_id + 1
            handling.append(asyncio.ensure_future(bot.app.process_update(update)))
            if update.callback_query is not None:
                presses.append(handling[-1])
    if presses:
        await asyncio.wait(presses, timeout=10)  # (a loaded machine's thread may take a while)


async def _move(bot: Bot, group: Chat, people: list[User]) -> _Move | None:
    """Whoever's turn it is presses their first choice (None: nobody of `people` can move now)."""
    found = await bot.rt.service.find(Place(group.id))
    if found is None or found[1].state.round_over:
        return None
    mover = next((person for person in people if person.id == found[1].state.actor), None)
    hand = hand_message(bot.fake, mover) if mover is not None else None
    if mover is None or hand is None or not choices(hand):
        return None
    press(bot.fake, mover, hand, choices(hand)[0])
    return _Move(mover, bot.clock.now, len(bot.fake.calls))


def _flood(fake: FakeTelegram, group: Chat, flooders: list[User], second: int) -> None:
    """Each flooder sends their next command and turns a leaderboard someone asked for to another view."""
    boards = [m for m in fake.bot_messages_in(group) if "Leaderboard" in (m.text or "") and buttons(m)]
    for n, flooder in enumerate(flooders):
        fake.user_sends(flooder, group, COMMANDS[(second + n) % len(COMMANDS)])
        if len(boards) > n:
            board = boards[-1 - n]
            views = [data for label, data in buttons(board) if not label.startswith(CHOSEN)]
            press(fake, flooder, board, views[second % len(views)])


def _table_shown_after(fake: FakeTelegram, group: Chat, move: _Move) -> float:
    """Seconds from the move until the group's table was next written (edited, or posted anew); one written
    the moment it was made was asked for before it."""
    return (
        min(
            (
                call.time
                for call in fake.calls[move.calls :]
                if call.time > move.at
                and call.method in ("sendMessage", "editMessageText")
                and str(call.params.get("chat_id")) == str(group.id)
                and "Top card:" in str(call.params.get("text"))
            ),
            default=math.inf,
        )
        - move.at
    )


def _hand_answered_after(fake: FakeTelegram, move: _Move) -> float:
    """Seconds from the move until the bot next wrote to the mover's private chat (their hand)."""
    private = str(fake.private_chat(move.who).id)
    return (
        min(
            (call.time for call in fake.calls[move.calls :] if str(call.params.get("chat_id")) == private),
            default=math.inf,
        )
        - move.at
    )


async def test_the_table_and_hands_keep_up_with_the_game_while_several_members_flood_the_group(
    world: World, fake: FakeTelegram
) -> None:
    """Before, four flooders' answers took the group's burst of writes at once, its window filled within half
    a minute and the table then stood still for ~30 s: moves showed up to 30 s late."""
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        flooders = [fake.add_user(f"Troll{n}") for n in range(FLOODERS)]
        for flooder in flooders:
            fake.join_group(flooder, group)
        await bot.tick(GROUP_LIMIT.seconds)  # a quiet group: its window is empty
        handling: list[asyncio.Task[None]] = []
        moves: list[_Move] = []
        started_at, next_move = bot.clock.now, bot.clock.now
        for second in itertools.count():
            if bot.clock.now - started_at >= FLOOD_SECONDS:
                break
            _flood(fake, group, flooders, second)
            if bot.clock.now >= next_move and (move := await _move(bot, group, people)) is not None:
                moves.append(move)
                next_move = bot.clock.now + MOVE_EVERY
            await _handle_as_polling_does(bot, handling)
            await bot.published(group)
            await bot.clock.pass_time(1)
            await bot.timers.run_due()
            await asyncio.sleep(0.01)  # database calls run in a thread
        await bot.clock.run(asyncio.gather(*handling))
        await bot.tick(TABLE_WITHIN)

        assert fake.too_many_requests_count == 0
        assert len(moves) >= FLOOD_SECONDS / MOVE_EVERY / 2
        late = [
            (round(move.at - started_at), waited)
            for move in moves
            if (waited := _table_shown_after(fake, group, move)) > TABLE_WITHIN
        ]
        assert late == []  # (when, how late)
        assert max(_hand_answered_after(fake, move) for move in moves) <= HAND_WITHIN


async def test_a_quiet_groups_answers_right_after_a_deal_go_at_once(world: World, fake: FakeTelegram) -> None:
    """The deal took a burst of the group's writes (the lobby's edits, the table); answers to the commands
    people send then go out at once, as before answers had a share of the window (when they waited for the
    group's steady rate instead, a /rules right after a deal waited up to ~15 s)."""
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        asked, before = bot.clock.now, len(fake.calls)
        for person, command in zip(people, ("/rules", "/help", "/top"), strict=True):
            fake.user_sends(person, group, command)
        await bot.deliver()

        answers = [
            call
            for call in fake.calls[before:]
            if call.method == "sendMessage" and str(call.params["chat_id"]) == str(group.id)
        ]
        openings = [str(call.params["text"]).split("</b>")[0] for call in answers]
        assert openings == [
            "📜 <b>Rules of the current match",
            "<b>UNO: how to play here",
            "🏆 <b>Leaderboard: Friends",
        ]
        # (virtual time moves a little while the database works; a write waiting its turn waits 3 s or more)
        assert max(call.time for call in answers) - asked < 1.0


def _answers_given_or_queued(bot: Bot, group: Chat, since: int) -> int:
    """The answers sent to the group since call `since`, and those still waiting in its queue."""
    sent = [
        call
        for call in bot.fake.calls[since:]
        if call.method == "sendMessage" and str(call.params["chat_id"]) == str(group.id)
    ]
    assert bot.rt.pacer is not None
    chat = bot.rt.pacer._chats.get(group.id)
    return len(sent) + sum(1 for job in chat.jobs if job.reply) if chat is not None else len(sent)


async def _handled_until(bot: Bot, handling: list[asyncio.Task[None]], answers: Callable[[], int]) -> None:
    """The pending updates handled in the background, virtual time standing still, until `answers` counts
    them all answered or waiting (database calls run in a thread: real time)."""
    updates = await bot.app.bot.get_updates(offset=bot.offset, timeout=0, allowed_updates=Update.ALL_TYPES)
    for update in updates:
        bot.offset = update.update_id + 1
        handling.append(asyncio.ensure_future(bot.app.process_update(update)))
    for _ in range(1000):
        if answers() >= len(updates):
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"the commands were not all answered: {answers()} of {len(updates)}")


# A flood answered as the commands' senders are told apart (bot.tg.replies `asker_of`: what /rules is answered
# by too), and one of /notifyme's (each answer says something new: none is merged with another), which names
# its asker itself.
ASKER_OF_FLOOD = ("/help", "/top", "/stats", "/top global", "/colours", "/privacy", "/lang", "/stats global")
NOTIFY_FLOOD = ("/notifyme",) * COMMAND_BURST


@pytest.mark.parametrize("flood", [NOTIFY_FLOOD, ASKER_OF_FLOOD], ids=["notifyme", "asker_of"])
async def test_another_members_answer_does_not_wait_behind_one_members_flood_of_commands(
    world: World, fake: FakeTelegram, flood: tuple[str, ...]
) -> None:
    """During a game, a member sent 8 commands at once (all answered: COMMAND_BURST) and a player then sent
    /rules: the answers the group's window could not take at once waited in its queue, the rules behind
    them, and once the 8 had taken the answers' whole share of the minute the rules came a minute later.
    Now queued answers go to whoever was given the fewest lately (and one person's take at most their part
    of the share): the rules come before the flooder's last answers. (The flood of /notifyme alone missed
    answers counted as the chat's rather than their sender's: its answers name the sender themselves.)"""
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        troll = fake.add_user("Troll")
        fake.join_group(troll, group)
        before, handling = len(fake.calls), list[asyncio.Task[None]]()
        for command in flood:
            fake.user_sends(troll, group, command)
        given = partial(_answers_given_or_queued, bot, group, before)
        await _handled_until(bot, handling, given)
        asked = bot.clock.now
        fake.user_sends(people[1], group, "/rules")
        await _handled_until(bot, handling, lambda: given() - len(flood))
        await bot.clock.run(asyncio.gather(*handling))

        answers = [
            (str(call.params["text"]), call.time - asked)
            for call in fake.calls[before:]
            if call.method == "sendMessage" and str(call.params["chat_id"]) == str(group.id)
        ]
        rules_title = "📜 <b>Rules of the current match"
        rules = next(n for n, (text, _) in enumerate(answers) if text.startswith(rules_title))
        trolls = [n for n, (text, _) in enumerate(answers) if n != rules]
        assert len(trolls) == len(flood)
        assert trolls[0] < rules < trolls[-1], answers
