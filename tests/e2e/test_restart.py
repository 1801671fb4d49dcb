"""Start-up after a crash: timers first, polling at once, every screen healed in the background."""

from __future__ import annotations

from typing import Any

from bot.engine.rules import Rules
from bot.service import GameDocument
from bot.storage import GameRecord
from bot.tg import render
from bot.tg.callback_data import Action
from bot.tg.views import hand_view, table_view
from tests.e2e.crashed import as_after_a_crash
from tests.e2e.harness import Bot, World, buttons, choices, hand_message, press, press_action
from tests.e2e.matches import (
    ONE_ROUND,
    deal,
    deal_short_matches,
    gather,
    play_until_over,
    started,
    stop,
    use_quick_rules,
)
from tests.fake_bot_api import ApiCall, ApiError, Chat, FakeTelegram, Message, User
from tests.fake_bot_api.html_text import parse_html, strip_text
from tests.rules_in_play.table import playing

RETRY_AFTER = 30
STALE = "Your turn (a write the crashed bot never made)"
_DRAWS = ("sendMessage", "editMessageText", "editMessageReplyMarkup")


async def _start_game(bot: Bot, fake: FakeTelegram, name: str) -> tuple[Chat, dict[int, User]]:
    people = [fake.add_user(f"{name} {n}") for n in range(2)]
    group = fake.add_group(name, members=people)
    await deal(bot, fake, group, people)
    return group, {user.id: user for user in people}


def _writes_to(fake: FakeTelegram, chat_id: int, method: str, since: int) -> list[ApiCall]:
    return [
        c for c in fake.calls[since:] if c.method == method and c.ok and int(c.params["chat_id"]) == chat_id
    ]


def _plain(html: str) -> str:
    return strip_text(*parse_html(html))[0]


def _markup(shown: Any) -> Any:
    return shown.to_dict() if shown is not None else None


async def _assert_screens_show(bot: Bot, fake: FakeTelegram, record: GameRecord, doc: GameDocument) -> None:
    """The table and every hand show this state, as rendered when each was last written."""
    assert record.table_message_id is not None
    table = fake.messages[(record.chat_id, record.table_message_id)]
    last = _writes_to(fake, record.chat_id, "editMessageText", 0)[-1]
    view = table_view(record, doc, int(last.time * 1000), fake.bot.username or "", record.table_message_id)
    assert table.text == _plain(render.table(view, "en").text)
    for player in doc.players:
        hand = hand_message(fake, fake.users[player])
        # Rendered when last sent or edited (the old hand's deletion may land later: it draws nothing).
        written = [
            c for c in fake.calls if c.ok and c.method in _DRAWS and int(c.params.get("chat_id", 0)) == player
        ]
        shown = render.hand(hand_view(record, doc, player, 0, int(written[-1].time * 1000)), "en")
        assert (hand.text, hand.reply_markup) == (_plain(shown.text), _markup(shown.reply_markup))


async def test_presses_are_served_while_screens_heal_and_the_heal_never_shows_an_older_state(
    world: World, fake: FakeTelegram
) -> None:
    async with world.running() as bot:
        first, _ = await _start_game(bot, fake, "First")
        second, people = await _start_game(bot, fake, "Second")
        first_game, _ = await bot.game(first)
        # The first game's table message was lost: healing must send a new one, and Telegram makes it wait.
        await bot.rt.service.set_table_message(first_game.id, None)
    world.clock.advance(61)
    fake.fail_next("sendMessage", ApiError(429, "Too Many Requests", {"retry_after": RETRY_AFTER}))
    restarted = len(fake.calls)

    async with world.running(settled=False) as bot:
        _, doc = await bot.game(second)
        assert doc.state.actor is not None
        mover = people[doc.state.actor]
        hand = hand_message(fake, mover)
        query = press(fake, mover, hand, choices(hand)[0])
        for update in await bot.app.bot.get_updates(offset=bot.offset, timeout=0):
            bot.offset = update.update_id + 1
            await bot.app.process_update(update)

        # Answered while the heal still waits for the first game's table (it heals the second game next).
        assert query.answered and not query.show_alert
        assert not _writes_to(fake, first.id, "sendMessage", restarted)

        await bot.settle()
        assert _writes_to(fake, first.id, "sendMessage", restarted)  # the first game's new table
        record, after = await bot.game(second)
        assert after.state.seq > doc.state.seq
        await _assert_screens_show(bot, fake, record, after)


async def _lose_the_last_writes_of_a_finished_match(world: World, fake: FakeTelegram) -> list[Message]:
    """A match played to its end, and then its screens (the table, then the hands) as a crash would leave
    them: the bot died while its last writes waited for their chats' turn."""
    people = [fake.add_user(name) for name in ("Alice", "Bob")]
    group = fake.add_group("Friends", members=people)
    await use_quick_rules(world, group, ONE_ROUND)
    deal_short_matches(world)
    async with world.running() as bot:
        await deal(bot, fake, group, people)
        game, _ = await bot.game(group)
        await play_until_over(bot, group, {user.id: user for user in people})
        await bot.settle()
    assert game.table_message_id is not None
    screens = [fake.messages[(group.id, game.table_message_id)], *(hand_message(fake, u) for u in people)]
    for message in screens:
        message.text = STALE
    await as_after_a_crash(world)  # (a stop writes down what landed: the next start would redraw none of it)
    return screens


async def test_a_match_that_ended_just_before_a_restart_has_its_last_screens_redrawn(
    world: World, fake: FakeTelegram
) -> None:
    table, *hands = await _lose_the_last_writes_of_a_finished_match(world, fake)
    world.clock.advance(60)

    async with world.running():
        assert table.text is not None and "Alice" in table.text and STALE not in table.text
        assert all("the match!" in (hand.text or "") for hand in hands)  # who won it
        assert all(hand.reply_markup is None for hand in hands)


async def test_a_match_that_ended_long_before_a_restart_is_left_alone(
    world: World, fake: FakeTelegram
) -> None:
    screens = await _lose_the_last_writes_of_a_finished_match(world, fake)
    world.clock.advance(11 * 60)
    restarted = len(fake.calls)

    async with world.running():
        assert not [call for call in fake.calls[restarted:] if call.method == "editMessageText"]
        assert all(message.text == STALE for message in screens)


async def test_a_stopped_matchs_standings_are_not_posted_again_by_a_restart(
    world: World, fake: FakeTelegram
) -> None:
    """The standings a /stop posted are marked as posted: a restart soon after (which posts whatever the
    games that ended lately still owe) does not post them a second time. Nor does it spend a write on the
    match's last screens, which landed before the bot stopped: it redrew the table and both hands, three
    edits Telegram refused ("message is not modified"), the hands' kept nowhere once the match ended."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        await stop(bot, fake, group, alice)
        await bot.tick(60)  # the group's paced posts
        posted = [m.text for m in fake.bot_messages_in(group)]
    world.clock.advance(60)
    restarted = len(fake.calls)
    async with world.running() as bot:
        await bot.tick(60)
        assert [m.text for m in fake.bot_messages_in(group)] == posted
    assert not [c for c in fake.calls[restarted:] if c.method == "editMessageText"]


async def test_a_table_refused_at_the_deal_comes_below_the_dealers_draw_after_a_restart(
    world: World, fake: FakeTelegram
) -> None:
    """Telegram refused the deal's table, and the bot restarted before the next change asked for one: the
    lobby's message, which shows the dealer's draw from the deal on, was taken for the table and redrawn as
    it, the draw lost and no table at the bottom."""
    people = [fake.add_user(name) for name in ("Alice", "Bob")]
    group = fake.add_group("Friends", members=people)
    await use_quick_rules(world, group)
    async with world.running() as bot:
        await gather(bot, fake, group, people)
        lobby = fake.last_bot_message(group)
        fake.fail_next("sendMessage", ApiError(400, "Bad Request: message text is empty"), chat_id=group.id)
        press_action(fake, people[0], lobby, Action.START)
        await bot.deliver()
        assert fake.last_bot_message(group).message_id == lobby.message_id  # no table
    async with world.running() as bot:
        await bot.tick(30)  # the heal's writes
        assert "Drawing for the deal" in (fake.messages[(group.id, lobby.message_id)].text or "")
        table = fake.last_bot_message(group)
        assert table.message_id != lobby.message_id and "Turn:" in (table.text or "")


async def test_a_restart_tries_no_write_to_a_player_the_game_cannot_reach(
    world: World, fake: FakeTelegram
) -> None:
    """Bob blocked the bot as his turn began: the message telling him of it was refused, and the game keeps
    him unreachable. The restart's heal finds that turn untold, and must not send it again: Telegram would
    refuse it."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        alice, bob = table.people
        await table.arrange({"Alice": ["R1", "R5", "G2"], "Bob": ["B1", "B2", "G3"]}, top="R3", turn=alice)
        data = await table.card_button(alice, "R1")
        assert data is not None
        press(fake, alice, table.hand(alice), data)
        fake.user_blocks_bot(bob)  # told after the play, whose "your turn" message he refuses
        await table.deliver()
        _, doc = await table.bot.game(table.group)
        assert doc.state.actor == bob.id and bob.id in doc.unreachable
    restarted = len(fake.calls)
    async with world.running() as bot:
        await bot.tick(50)  # the heal, and the slow turn's reminder
        assert not [c.method for c in fake.calls[restarted:] if str(c.params.get("chat_id")) == str(bob.id)]


async def test_a_restart_writes_to_no_computer_player(world: World, fake: FakeTelegram) -> None:
    """A computer player has no private chat: the heal redraws the people's hands only (a computer's id
    read as a chat is refused)."""
    async with playing(world, fake, Rules(), names=("Alice",), computers=1) as table:
        _, doc = await table.bot.game(table.group)
    computers = {str(computer) for computer in doc.computers}
    restarted = len(fake.calls)
    async with world.running() as bot:
        await bot.tick(5)
        assert computers and not [
            c for c in fake.calls[restarted:] if str(c.params.get("chat_id")) in computers
        ]


async def _dealt_and_restarted(
    world: World, fake: FakeTelegram, crash: bool = False
) -> tuple[list[ApiCall], Chat, User]:
    """Alice, Bob and Carol dealt a match, the bot restarted (stopped, or `crash`ed) 5 s later: the restart's
    edits, their group, and whose turn it is; every screen shows what it showed before the restart."""
    people = [fake.add_user(name) for name in ("Alice", "Bob", "Carol")]
    group = fake.add_group("Friends", members=people)
    async with world.running() as bot:
        await deal(bot, fake, group, people)
        await bot.settle()
        _, doc = await bot.game(group)
    waiting = [user for user in people if user.id != doc.state.actor]
    assert len(waiting) == 2
    shown = {user.id: hand_message(fake, user).text for user in people}
    assert all((shown[user.id] or "").startswith("Friends: the game has started\n") for user in waiting), (
        shown
    )
    if crash:
        await as_after_a_crash(world)
    world.clock.advance(5)
    restarted = len(fake.calls)
    async with world.running() as bot:
        await bot.settle()
    assert {user.id: hand_message(fake, user).text for user in people} == shown
    actor = next(user for user in people if user.id == doc.state.actor)
    return [c for c in fake.calls[restarted:] if c.method == "editMessageText"], group, actor


async def test_a_restart_keeps_the_heading_of_the_hands_the_deal_sent_and_writes_to_no_waiting_hand(
    world: World, fake: FakeTelegram
) -> None:
    """Those who wait were sent their hands at the deal headed "Friends: the game has started"; the restart's
    redraw headed them "Friends" alone, a write that changed nothing else. Now their heading is the deal's
    whenever the deal's message is drawn in the first round, and the redraw leaves every screen as it was.
    It spent a write on each hand all the same, which Telegram answered "message is not modified": what each
    showed as the bot stopped is written down now, and a waiting hand is not edited. The table and the turn
    player's hand are, once, each answered "message is not modified" (one deleted while the bot was down is
    posted again)."""
    edits, group, actor = await _dealt_and_restarted(world, fake)
    assert sorted(int(c.params["chat_id"]) for c in edits) == [group.id, actor.id]
    assert not [c for c in edits if c.ok], [c.params["text"][:40] for c in edits if c.ok]


async def test_after_a_crash_the_restart_redraws_every_hand(world: World, fake: FakeTelegram) -> None:
    """A crash writes nothing down of what the hands show (what landed before it is not known): each is
    redrawn, an edit Telegram answers "message is not modified" when it shows the same."""
    edits, _, _ = await _dealt_and_restarted(world, fake, crash=True)
    assert len(edits) == 4 and not [c for c in edits if c.ok], [c.params["text"][:40] for c in edits if c.ok]


async def test_a_table_and_a_turn_players_hand_deleted_while_the_bot_was_down_are_posted_again_at_start_up(
    world: World, fake: FakeTelegram
) -> None:
    """Deleted while the bot was down, the table and the hand of the player whose turn it is were posted again
    only at the game's next change that showed something different: the start-up redraw spent no write on a
    screen that would show the same, so nobody learnt they were gone, and the player waited with no buttons,
    their turn's time running. Each is touched once at start-up: Telegram's "message to edit not found"
    posts it again."""
    people = [fake.add_user(name) for name in ("Alice", "Bob")]
    group = fake.add_group("Friends", members=people)
    async with world.running() as bot:
        await deal(bot, fake, group, people)
        await bot.settle()
        record, doc = await bot.game(group)
    actor = next(user for user in people if user.id == doc.state.actor)
    hand = hand_message(fake, actor)
    assert record.table_message_id is not None
    fake.delete_message(hand)
    fake.delete_message(fake.messages[(group.id, record.table_message_id)])
    async with world.running() as bot:
        await bot.settle()
        again, _ = await bot.game(group)
    assert again.table_message_id not in (None, record.table_message_id)
    assert "Turn:" in (fake.messages[(group.id, again.table_message_id)].text or "")
    shown = hand_message(fake, actor)
    assert shown.message_id != hand.message_id and choices(shown), shown.text


async def test_a_lobby_deleted_while_the_bot_was_down_is_posted_again_at_start_up(
    world: World, fake: FakeTelegram
) -> None:
    """As a table is (above): the lobby Alice and Bob wait in, deleted while the bot was down, comes back
    with its buttons at start-up, not at the next join."""
    people = [fake.add_user(name) for name in ("Alice", "Bob")]
    group = fake.add_group("Friends", members=people)
    async with world.running() as bot:
        await gather(bot, fake, group, people)
        await bot.settle()
        record, _ = await bot.game(group)
    assert record.table_message_id is not None
    fake.delete_message(fake.messages[(group.id, record.table_message_id)])
    async with world.running() as bot:
        await bot.settle()
        again, _ = await bot.game(group)
    assert again.table_message_id not in (None, record.table_message_id)
    lobby = fake.messages[(group.id, again.table_message_id)]
    assert Action.START in [data.action for _, data in buttons(lobby)], lobby.text
