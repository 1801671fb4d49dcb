"""Timers across restarts: the countdowns a restart redraws (the slap's, the slow-turn reminder), a turn
that ran out while the bot was down or runs out in the start-up grace, an idle lobby closing itself (and a
/stop question about it answered after), and the warning before a match nobody moves in is stopped."""

from __future__ import annotations

import re

import pytest

from bot.engine.rules import Rules
from bot.service import Place
from bot.tg.callback_data import Action
from bot.tg.timers import STARTUP_GRACE_SECONDS
from tests.e2e.harness import World, press
from tests.e2e.matches import gather, stop_answer, stop_question
from tests.e2e.restarted import again
from tests.fake_bot_api import FakeTelegram
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing


async def test_an_idle_lobby_closes_itself_after_a_restart(world: World, fake: FakeTelegram) -> None:
    """a lobby left idle closes itself though the bot was restarted meanwhile, its idle minutes standing still
    while the bot was down."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        await bot.tick(5 * 60)
    world.clock.advance(11 * 60)
    async with world.running() as bot:
        await bot.tick(4 * 60)
        assert await bot.rt.service.find(Place(group.id)) is not None  # idle 9 minutes of its 10
        await bot.tick(61)
        assert await bot.rt.service.find(Place(group.id)) is None
        assert "Join" not in str(fake.messages[(group.id, lobby.message_id)].button_texts)


async def test_the_slap_countdown_goes_on_after_a_restart(world: World, fake: FakeTelegram) -> None:
    """the slap window's countdown on the table is re-armed at start-up."""
    hands = {"Alice": ["R0", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(zero_slap=True, slap_seconds=10)) as before:
        alice = before.people[0]
        await before.arrange(hands, top="R3", turn=alice)
        await before.play(alice, "R0")
    world.clock.advance(2)
    async with world.running() as bot:
        table = again(before, bot)
        shown = []
        for _ in range(3):
            found = re.search(r"Slap! ⏱ (\d+) s", table.text())
            shown.append(int(found.group(1)) if found else None)
            await bot.tick(1)
        assert shown[0] is not None and shown == [shown[0] - step for step in range(3)], shown


async def test_a_slow_turn_is_still_reminded_after_a_restart(world: World, fake: FakeTelegram) -> None:
    """the "time running out" redraw 20 s before the deadline is re-armed at start-up."""
    async with playing(world, fake, Rules()) as before:
        alice = before.people[0]
        await before.arrange({"Alice": ["Y1", "Y2"]}, top="R3", turn=alice)
        await before.bot.tick(5)
    world.clock.advance(5)  # (too short a time to give back)
    async with world.running() as bot:
        table = again(before, bot)
        assert "⏱ Time's up in 50\u00a0s" in (table.hand(alice).text or "")
        await bot.tick(31)
        assert "⏱ Time's up in 20\u00a0s" in (table.hand(alice).text or ""), table.hand(alice).text


async def test_a_turn_whose_time_ran_out_while_down_shows_no_time_left_while_it_still_takes_a_move(
    world: World, fake: FakeTelegram
) -> None:
    """The bot is down past Alice's deadline (too short a time to give back): start-up redraws her turn,
    which takes a move until the grace ends. The table and her hand said "⏱ in 0 s" (and, read by the app,
    "1 minute ago"); now they say no time at all."""
    async with playing(world, fake, Rules()) as before:
        alice = before.people[0]
        await before.arrange({"Alice": ["R1", "Y2"]}, top="R3", turn=alice)
        await before.bot.tick(55)
    world.clock.advance(8)
    async with world.running() as bot:
        table = again(before, bot)
        assert (await table.state()).turn == alice.id
        for shown in (table.table_message(), table.hand(alice)):
            assert "⏱" not in (shown.text or "")
            assert not [e for e in shown.entities if e["type"] == "date_time"]
        assert "Turn: Alice" in table.text()
        await table.play(alice, "R1")
        state = await table.state()
        assert len(state.hands[alice.id]) == 1 and alice.id not in state.afk


async def test_a_turn_due_within_the_start_up_grace_shows_the_graces_end_when_it_runs_out(
    world: World, fake: FakeTelegram
) -> None:
    """The bot stopped for a few seconds (too short a time to give back) with Alice's turn running out 4 s
    after start-up, but no deadline fires in the grace's 10 s. The table and her hand show the grace's end,
    and the turn runs out then, not before. Before: they showed the turn's own end (the moment each app
    counts down to), and the turn still took a move for 6 s after it."""
    async with playing(world, fake, Rules()) as before:
        alice = before.people[0]
        await before.arrange({"Alice": ["R1", "Y2"]}, top="R3", turn=alice)
        deadline = (await before.state()).turn_deadline
        assert deadline is not None
        await before.bot.tick(deadline / 1000 - before.bot.clock() - 10)
    down = deadline / 1000 - world.clock() - 4
    assert 0 < down < 10  # (a restart of 10 s or more gives the time back)
    world.clock.advance(down)
    async with world.running() as bot:
        table = again(before, bot)
        ends = set()
        for shown in (table.table_message(), table.hand(alice)):
            assert "⏱ Time's up in 10\u00a0s" in (shown.text or ""), shown.text
            ends |= {e["unix_time"] for e in shown.entities if e["type"] == "date_time"}
        (end,) = ends  # the table's and the hand's
        await bot.tick(end - bot.clock() - 1)
        assert alice.id not in (await table.state()).afk
        await bot.tick(2)
        assert (await table.state()).afk == {alice.id: 1}


async def test_no_on_a_stop_question_of_a_game_that_closed_during_the_restart_does_not_say_it_goes_on(
    world: World, fake: FakeTelegram
) -> None:
    """What a user sees: Alice asked /stop in an open lobby and the bot went down; the idle lobby closed
    itself at start-up. Alice presses "No" on the old question: the question turns into "The game goes on."
    though there is no game any more. Should: a clear refusal (no game), as "Yes" gives, not a false claim."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        await bot.tick(60)
        question = await stop_question(bot, fake, group, alice)
        no = stop_answer(question, yes=False)
        await bot.tick(9 * 60 - 5)
    # the lobby idle for 10 minutes as the bot is down (too short a time to give back), the question
    # unanswered for less (then it goes: bot.tg.fleeting)
    world.clock.advance(8)
    async with world.running() as bot:
        await bot.tick(STARTUP_GRACE_SECONDS)
        assert await bot.rt.service.find(Place(group.id)) is None  # the lobby closed itself
        pressed = press(fake, alice, question, no)
        await bot.clock.run(bot.deliver())
        assert pressed.answered
        shown = fake.messages[(group.id, question.message_id)].text
        assert shown != "The game goes on.", "the question claims a game goes on that is closed"


async def test_a_countdown_read_before_a_move_does_not_put_the_older_table_back(
    world: World, fake: FakeTelegram
) -> None:
    """A window's countdown read the game, then waited for the publishing lock while a move was published:
    its redraw must not replace (nor drop) the newer table."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        alice, bob = table.people
        await table.arrange({"Alice": ["R5", "B9"], "Bob": ["G1", "G2", "G3"]}, top="R3", turn=alice)
        await table.play(alice, "R5")  # no UNO!: the catch window counts down
        before = await table.bot.game(table.group)
        assert alice.id in before[1].state.catchable
        await table.press(bob, Action.DRAW)  # Bob begins his turn: the window closes, the table changes
        await table.bot.tick(10)
        newer = table.text()
        assert "Bob draws 1 card and passes." in newer
        await table.bot.rt.publishing.countdown(*before)  # the countdown that waited
        await table.bot.tick(10)
        assert table.text() == newer


# ---- a match nobody moves in (no turn timer) -------------------------------------------------------------

IDLE_WARNING = (
    "⏳ Bob, your move: nobody has moved for 50 minutes, and without a move the game stops in 10 minutes,"
    " as a loss for you."
)


def _said(fake: FakeTelegram, table: Table, text: str) -> list[str]:
    """The bot's messages in the group that say `text`, as a phone shows them (`spaced`)."""
    return [spaced(m.text or "") for m in fake.bot_messages_in(table.group) if text in spaced(m.text or "")]


async def test_a_match_nobody_moves_in_is_warned_once_before_it_is_stopped(
    world: World, fake: FakeTelegram
) -> None:
    """With the turn timer off an hour without a move stops the match: it came without a warning."""
    async with playing(world, fake, Rules().changed(turn_seconds=0)) as table:
        bob = table.people[1]
        await table.arrange({"Alice": ["R1"], "Bob": ["G5"], "Carol": ["B7"]}, top="R3", turn=bob)
        await table.bot.tick(49 * 60)
        assert _said(fake, table, "⏳") == []
        await table.bot.tick(60)
        assert _said(fake, table, "⏳") == [IDLE_WARNING]
        warning = fake.last_bot_message(table.group)
        assert [e.get("url") for e in warning.entities] == [f"tg://user?id={bob.id}"]  # it notifies Bob
        await table.bot.tick(9 * 60)
        assert _said(fake, table, "⏳") == [IDLE_WARNING] and _said(fake, table, "nobody moved") == []
        await table.bot.tick(60)
        assert len(_said(fake, table, "nobody moved for an hour")) == 1


IDLE_WARNING_RU = (
    "⏳ Bob, ваш ход: уже 50 минут никто не ходит. Если вы не сходите в ближайшие 10 минут, игра"
    " остановится и вам засчитается поражение."
)


@pytest.mark.parametrize(
    ("language", "warning", "button", "once_reachable"),
    [
        (
            "en",
            "⏳ Nobody has moved for 50 minutes, and without a move the game stops in 10 minutes, as a loss"
            " for the player to move. Bob is to move but can't get their cards from me: the host"
            " or an admin can remove them with /kick Bob, or they can open the chat with me and"
            " press “Restart” (or “Перезапустить”):",
            "Open the chat with me",
            IDLE_WARNING,
        ),
        (
            "ru",
            "⏳ Уже 50 минут никто не ходит. Если в ближайшие 10 минут хода не будет, игра остановится"
            " и поражение засчитается тому, чей ход. Сейчас ход игрока Bob, но я не могу прислать этому"
            " игроку карты: ведущий игры или администратор чата может убрать его командой /kick Bob,"  # noqa: RUF001
            " или этот игрок может открыть чат со мной и нажать «Перезапустить» (или «Restart»):",  # noqa: RUF001
            "Открыть чат со мной",  # noqa: RUF001
            IDLE_WARNING_RU,
        ),
    ],
    ids=["en", "ru"],
)
async def test_the_idle_warning_to_a_player_who_blocked_the_bot_says_how_the_game_can_go_on(
    world: World, fake: FakeTelegram, language: str, warning: str, button: str, once_reachable: str
) -> None:
    """Bob cannot move without his cards, so "your move" would ask the impossible: the warning names the
    remedies instead (his Start, or a /kick), with the button to the private chat, and still notifies him.
    (Session 60) Once he pressed Restart it still said he couldn't get his cards: it reads "your move" now."""
    rules = Rules().changed(turn_seconds=0)
    async with playing(world, fake, rules, names=("Alice", "Bob", "Carol"), language=language) as table:
        bob = table.people[1]
        await table.arrange({"Alice": ["R1"], "Bob": ["G5"], "Carol": ["B7"]}, top="R3", turn=bob)
        fake.user_blocks_bot(bob)
        await table.deliver()
        await table.bot.tick(50 * 60)
        assert _said(fake, table, "⏳") == [warning]
        said, (record, _) = fake.last_bot_message(table.group), await table.bot.game(table.group)
        opening = f"https://t.me/uno_test_bot?start=hand_{record.id}"
        assert said.buttons == [[{"text": button, "url": opening}]]
        assert [e["url"] for e in said.entities if "url" in e] == [f"tg://user?id={bob.id}"]
        fake.user_starts_bot(bob)
        await table.deliver()
        await table.bot.tick(30)  # its edit goes out
        now = fake.messages[(table.group.id, said.message_id)]
        assert spaced(now.text or "") == once_reachable and not now.buttons


@pytest.mark.parametrize(
    ("language", "told"),
    [
        ("en", "but can't get their cards from me: a chat admin can remove them with /kick Alice,"),
        ("ru", "этому игроку карты: администратор чата может убрать его командой /kick Alice,"),  # noqa: RUF001
    ],
    ids=["en", "ru"],
)
async def test_the_idle_warning_to_a_host_who_blocked_the_bot_leaves_their_removal_to_a_chat_admin(
    world: World, fake: FakeTelegram, language: str, told: str
) -> None:
    """(transcript read, session 51) the warning said "the host or an admin can remove them with /kick
    Alice" of Alice, the host herself."""
    rules = Rules().changed(turn_seconds=0)
    async with playing(world, fake, rules, names=("Alice", "Bob", "Carol"), language=language) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["R1"], "Bob": ["G5"], "Carol": ["B7"]}, top="R3", turn=alice)
        fake.user_blocks_bot(alice)
        await table.deliver()
        await table.bot.tick(50 * 60)
        assert told in (fake.last_bot_message(table.group).text or "")


async def test_a_restart_moves_the_idle_warning_with_the_stop(world: World, fake: FakeTelegram) -> None:
    """The hour starts again at a restart (nobody could move meanwhile): the warning comes again before the
    stop it warns of, not before the one that no longer happens, and replaces the one before the restart,
    which named that stop (both stayed till the stop)."""
    async with playing(world, fake, Rules().changed(turn_seconds=0)) as before:
        bob = before.people[1]
        await before.arrange({"Alice": ["R1"], "Bob": ["G5"], "Carol": ["B7"]}, top="R3", turn=bob)
        await before.bot.tick(50 * 60)
        assert _said(fake, before, "⏳") == [IDLE_WARNING]
        await before.bot.tick(5 * 60)
    world.clock.advance(1)
    async with world.running() as bot:
        table = again(before, bot)
        await bot.tick(49 * 60)
        assert _said(fake, table, "⏳") == [IDLE_WARNING] and _said(fake, table, "nobody moved") == []
        await bot.tick(60)
        assert _said(fake, table, "⏳") == [IDLE_WARNING.replace("for 50", "for 105")]
        await bot.tick(10 * 60)
        assert len(_said(fake, table, "nobody moved for an hour")) == 1
