"""Abuse: garbage and forged presses, others' buttons, dead games, floods, misplaced commands, nasty names.

The bot runs as a real process. While one game waits on a player, everyone else tries what they should not.
Afterwards: the bot is alive, its log has no traceback, every press got an answer (a refusal as an alert with
a reason), the game did not change (except the one legitimate press of a flood), and the invariants hold.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.tg.callback_data import Action, CallbackData
from tests.button_data import encode_data
from tests.e2e.harness import buttons
from tests.fake_bot_api import CallbackQuery, FakeTelegram, Message, User, serve_fake_bot_api
from tests.reliability.invariants import ACTION_OF_BUTTON, check_database, read_games
from tests.reliability.players import TURN_MOVES, GameStatus, PressLog, Table, new_table
from tests.reliability.process import BotProcess, bot_environment, prepare_database, until
from tests.set_before import AsSet

ANSWER_WAIT = 15.0
# Telegram allows 64 characters in a first name; markup and entities must still come out as text.
NASTY_NAME = '<b>Bob</b> & <a href="x">"Eve"</a> <script>' + "🂠" * 18


@dataclass
class Scene:
    fake: FakeTelegram
    bot: BotProcess
    database: Path
    table: Table  # a running game waiting on a player
    stopped: Table  # a game that was stopped, its buttons still on screen
    stranger: User  # in the group, not in the game


@pytest.fixture
async def scene(tmp_path: Path, as_set: AsSet) -> AsyncIterator[Scene]:
    fake = FakeTelegram()
    table = new_table(fake, "Abuse", 3)
    table.people[1].first_name = NASTY_NAME
    stopped = new_table(fake, "Stopped", 2)
    database = tmp_path / "uno.db"
    as_set.set_up(fake, database)
    await prepare_database(database, {table.group.id: "Abuse", stopped.group.id: "Stopped"})
    stranger = fake.add_user("Stranger", started_bot=True)
    fake.join_group(stranger, table.group)
    with serve_fake_bot_api(fake) as served:
        bot = BotProcess(
            tmp_path / "cwd", bot_environment(served.api_url, fake.token, database), tmp_path / "bot.log"
        )
        bot.start()
        try:
            await bot.started()
            log = PressLog()
            await asyncio.gather(table.open(log), stopped.open(log))
            await _stop(fake, stopped, database)
            yield Scene(fake, bot, database, table, stopped, stranger)
        finally:
            bot.kill()


async def _stop(fake: FakeTelegram, table: Table, database: Path) -> None:
    creator = table.people[0]
    fake.user_sends(creator, table.group, "/stop")
    assert await until(lambda: _stop_question(fake, table) is not None, ANSWER_WAIT)
    question = _stop_question(fake, table)
    assert question is not None
    query = fake.user_presses_data(creator, question, next(d for t, d in _raw(question) if d.endswith(":1")))
    assert await until(lambda: query.answered, ANSWER_WAIT)
    assert await until(lambda: GameStatus(database, table.game_id)() == "stopped", ANSWER_WAIT)


def _raw(message: Message) -> list[tuple[str, str]]:
    return [(b["text"], b["callback_data"]) for row in message.buttons for b in row if "callback_data" in b]


def _stop_question(fake: FakeTelegram, table: Table) -> Message | None:
    message = fake.newest_bot_message(table.group.id, with_buttons=True)
    if message is None or not any(d.action is Action.STOP for _, d in buttons(message)):
        return None
    return message


def _hand(fake: FakeTelegram, user: User) -> Message:
    message = fake.newest_bot_message(user.id, with_buttons=True)
    assert message is not None, f"{user.first_name} has no hand"
    return message


def _has_hand(fake: FakeTelegram, user: User) -> bool:
    """A hand's buttons are in the private chat (the greeting's add-to-group link is no hand)."""
    message = fake.newest_bot_message(user.id, with_buttons=True)
    return message is not None and bool(buttons(message))


def _games(database: Path) -> dict[int, tuple[int, object]]:
    """Per game: its logged events and its engine state (bookkeeping such as message ids may change)."""
    return {g.id: (len(g.events), g.state.get("engine")) for g in read_games(database)}


async def _answered(queries: list[CallbackQuery]) -> list[CallbackQuery]:
    """Wait for the answers; returns the presses left unanswered."""
    await until(lambda: all(q.answered for q in queries), ANSWER_WAIT)
    return [q for q in queries if not q.answered]


async def test_abuse_changes_nothing_and_every_press_gets_a_clear_answer(scene: Scene) -> None:
    fake, table = scene.fake, scene.table
    rng = random.Random(4)
    before = _games(scene.database)
    snapshot = check_database(scene.database)
    alice, bob, carol = table.people
    dealt = lambda: all(_has_hand(fake, u) for u in table.people)  # noqa: E731
    assert await until(dealt, ANSWER_WAIT)
    hands = {user.id: _hand(fake, user) for user in table.people}
    own = {user.id: buttons(hands[user.id]) for user in table.people}
    game = table.game_id
    counter = own[alice.id][0][1].state
    refused: list[CallbackQuery] = []

    # Garbage and forged data: random bytes, unknown versions and actions, numbers out of range, other games.
    garbage = [
        "",
        "x",
        "1",
        "1p",
        "1p::",
        "9p:1:1:1",
        "1z:1:1",  # leave a paused game: this one is not paused
        "1~:1:1",
        "1p:zzzzzzzzzzzzzz:1:1",
        "1p:1:1:1:1:1:1:1:1:1:1",
    ]
    garbage += [
        "".join(chr(rng.randrange(33, 0x2FF)) for _ in range(rng.randrange(1, 30))) for _ in range(20)
    ]
    garbage += [
        encode_data(CallbackData(Action.PLAY, game + 1000, counter, (rng.randrange(108),))) for _ in range(5)
    ]
    for raw in garbage:
        refused.append(fake.user_presses_data(alice, hands[alice.id], raw or " "))
    # Someone else's buttons, pressed by a player in their own chat with the other's counter and cards.
    for user in (alice, bob, carol):
        for other in (alice, bob, carol):
            if other is not user:
                for data in [d for _, d in own[other.id] if d.action in ACTION_OF_BUTTON][:4]:
                    refused.append(fake.user_presses_data(user, hands[user.id], encode_data(data)))
    # A card the presser does not hold, with a fresh counter; every move of the waiting players.
    for user in table.people:
        mine = {data.args[0] for _, data in own[user.id] if data.action is Action.PLAY}
        foreign = next(card for card in range(108) if card not in mine)
        fresh = own[user.id][0][1].state
        refused.append(
            fake.user_presses_data(
                user, hands[user.id], encode_data(CallbackData(Action.PLAY, game, fresh, (foreign,)))
            )
        )
    # A non-player presses the table's and the lobby's buttons.
    group_message = fake.newest_bot_message(table.group.id)
    assert group_message is not None
    for action in (Action.UNO, Action.CATCH, Action.START, Action.JOIN, Action.STOP):
        args = (1,) if action is Action.STOP else ()
        data = CallbackData(action, game, 0, args)
        refused.append(fake.user_presses_data(scene.stranger, group_message, encode_data(data)))
    # Buttons of the stopped game, on its last screens.
    for user in scene.stopped.people:
        last = fake.newest_bot_message(user.id)
        assert last is not None
        for action in (Action.PLAY, Action.DRAW, Action.PASS, Action.UNO):
            args = (1,) if action is Action.PLAY else ()
            data = CallbackData(action, scene.stopped.game_id, 1, args)
            refused.append(fake.user_presses_data(user, last, encode_data(data)))
    # Non-admins: Stop's confirmation pressed by a player who did not create the game.
    refused.append(
        fake.user_presses_data(bob, group_message, encode_data(CallbackData(Action.STOP, game, 0, (1,))))
    )

    unanswered = await _answered(refused)
    assert unanswered == []
    # A refusal says why in an alert; a Join by someone the bot cannot write to yet opens the private chat.
    unclear = [q for q in refused if not (q.show_alert and q.answer_text) and not q.answer_url]
    assert unclear == [], [(q.data, q.answer_text) for q in unclear]

    # Commands where they do not belong, and admin commands from non-admins: the game stays as it is.
    for command in ("/new", "/join", "/startgame", "/stop", "/kick", "/leave"):
        fake.user_sends(scene.stranger, fake.private_chat(scene.stranger), command)
    for command in ("/start", "/start join_1", "/help", "/startgame", "/new"):
        fake.user_sends(carol, table.group, command)
    fake.user_sends(bob, table.group, "/kick", reply_to=fake.messages_in(table.group, from_bot=False)[0])
    fake.user_sends(scene.stranger, table.group, "/stop")
    assert await until(lambda: not fake.pending_updates, ANSWER_WAIT)
    private = fake.private_chat(scene.stranger)
    await until(lambda: len(fake.bot_messages_in(private)) >= 6, ANSWER_WAIT)
    replies = fake.bot_messages_in(private)
    assert len(replies) >= 6, [m.text for m in replies]  # each misplaced command got a hint

    after = _games(scene.database)
    assert after == before
    # 50 presses in one second by the player whose turn it is: one is applied, every one is answered (the
    # others, twins of the one applied, without a word). Their move is Draw, or a colour when the start card
    # is a Wild.
    actor, move = next((u, d) for u in table.people for _, d in own[u.id] if d.action in TURN_MOVES)
    flood = []
    for _ in range(50):
        flood.append(fake.user_presses_data(actor, hands[actor.id], encode_data(move)))
        await asyncio.sleep(0.02)
    assert await _answered(flood) == []
    assert not any(q.show_alert for q in flood)
    final = _games(scene.database)
    assert final[game][0] == before[game][0] + 1

    check_database(scene.database, snapshot)
    assert scene.bot.running
    log = scene.bot.log_text()
    assert "Traceback" not in log, log[-5000:]
    bad_html = [c for c in fake.calls if c.status == 400 and "entities" in str(c.response)]
    assert bad_html == []
