"""A game stopped: no screen keeps offering a turn, old buttons get an answer, and every screen says who or
what stopped it (a player, an admin, the bot for an idle hour or a last opponent gone, a group or topic the
bot can no longer write to, and once it is back).

A player out of a match that goes on (left, kicked, removed, their account deleted) is in
test_players_out_of_the_match."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from bot.engine.rules import Rules
from bot.service import Place
from bot.service.pausing import CLOSED_TOO_LONG_MS
from bot.tg.callback_data import Action
from tests.e2e.harness import Bot, World, buttons, hand_message, press, press_action
from tests.e2e.matches import (
    deal,
    gather,
    gathered,
    started,
    stop,
    stop_answer,
    stop_question,
    use_quick_rules,
)
from tests.fake_bot_api import ApiError, Chat, FakeTelegram, User
from tests.rules_in_play.table import Table, playing

PAGE_SETTLES = 30  # seconds for every paced edit to go out


GONE = "I could no longer post in the group or topic where it was played."  # why the bot stopped it


MUTED_TOO_LONG_S = CLOSED_TOO_LONG_MS // 1000  # a match paused as its group refuses the bot's posts stops


async def test_a_stopped_game_leaves_no_turn_and_no_buttons(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        record, _ = await bot.game(group)
        await stop(bot, fake, group, people[0])
        await bot.tick(PAGE_SETTLES)
        assert await bot.rt.service.find(Place(group.id)) is None
        table = fake.messages[(group.id, record.table_message_id)]
        assert "Alice stopped the game." in (table.text or "") and "Turn:" not in (table.text or "")
        assert not table.buttons
        for user in people:
            hand = hand_message(fake, user)
            said = "You stopped the game." if user is people[0] else "Alice stopped the game."
            assert said in (hand.text or ""), user.first_name
            assert "turn" not in (hand.text or "").lower() and not hand.buttons, user.first_name


async def test_one_whose_hand_never_came_gets_no_message_of_its_own_when_the_game_is_stopped(
    world: World, fake: FakeTelegram
) -> None:
    """Telegram refused Bob's hand at the deal, and the match was stopped before he got one: the group reads
    the stop; only a game that goes on sends a hand anew, so his private chat gets no new message about a
    game it never showed."""
    people = [fake.add_user(name) for name in ("Alice", "Bob")]
    alice, bob = people
    group = fake.add_group("Friends", members=people)
    await use_quick_rules(world, group)
    async with world.running() as bot:
        await gather(bot, fake, group, people)
        private = fake.private_chat(bob)
        before = len(fake.bot_messages_in(private))
        fake.fail_next("sendMessage", ApiError(400, "Bad Request: message text is empty"), chat_id=bob.id)
        press_action(fake, alice, fake.last_bot_message(group), Action.START)
        await bot.deliver()
        await stop(bot, fake, group, alice)
        await bot.tick(PAGE_SETTLES)
        assert "You stopped the game." in (hand_message(fake, alice).text or "")
        assert len(fake.bot_messages_in(private)) == before, fake.last_bot_message(private).text


@pytest.mark.parametrize(
    ("by", "group_said", "hands_said"),
    [
        ("Alice", "Alice stopped the game.", "⏹ Alice stopped the game."),
        ("Dan", "Dan, a chat admin, stopped the game.", "⏹ A chat admin stopped the game."),  # not a player
    ],
)
async def test_a_stopped_game_says_who_stopped_it(
    world: World, fake: FakeTelegram, by: str, group_said: str, hands_said: str
) -> None:
    """Every screen said "The game was stopped.": the players, reading it in their private chats, could not
    tell who ended their game."""
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        dan = fake.add_user("Dan")
        fake.join_group(dan, group)
        fake.make_admin(dan, group)
        stopper = dan if by == "Dan" else people[0]
        record, _ = await bot.game(group)
        question = await stop_question(bot, fake, group, stopper)
        press(fake, stopper, question, stop_answer(question, yes=True))
        await bot.clock.run(bot.deliver())
        await bot.tick(PAGE_SETTLES)
        assert fake.messages[(group.id, question.message_id)].text == group_said
        table = fake.messages[(group.id, record.table_message_id)]
        assert hands_said in (table.text or "").splitlines(), table.text
        for user in people:
            said = "⏹ You stopped the game." if user is stopper else hands_said
            assert said in (hand_message(fake, user).text or "").splitlines(), user.first_name


async def test_a_lobby_stopped_by_its_creator_is_no_loss_of_theirs(world: World, fake: FakeTelegram) -> None:
    """Nothing was played, so nothing counts: the answered question says only who stopped it."""
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        question = await stop_question(bot, fake, group, alice)
        press(fake, alice, question, stop_answer(question, yes=True))
        await bot.clock.run(bot.deliver())
        await bot.tick(3)  # the question's edit goes out
        assert fake.messages[(group.id, question.message_id)].text == "Alice stopped the game."


async def _bot_removed(bot: Bot, fake: FakeTelegram, group: Chat, creator: User) -> None:
    fake.kick_bot_from_group(group, creator)
    await bot.deliver()


async def _bot_muted_for_a_day(bot: Bot, fake: FakeTelegram, group: Chat, creator: User) -> None:
    """Telegram tells the bot (a my_chat_member update): the match pauses, and stops after a day of it."""
    fake.restrict_bot_in_group(group, creator)
    await bot.deliver()
    await bot.tick(MUTED_TOO_LONG_S)


async def _members_may_not_post_for_a_day(bot: Bot, fake: FakeTelegram, group: Chat, creator: User) -> None:
    """The bot learns it only from a refused message (a round's result, here): the match pauses, and stops
    after a day of it."""
    table = Table(bot, fake, group, [creator])
    await table.arrange({creator.first_name: ["R1"]}, top="R3", turn=creator)
    fake.turn_members_messages(group, on=False)  # no update for the bot
    await table.play(creator, "R1")
    await bot.tick(MUTED_TOO_LONG_S)


async def _group_deleted(bot: Bot, fake: FakeTelegram, group: Chat, creator: User) -> None:
    fake.delete_group(group)  # no update: the bot learns it from its next write there
    _, doc = await bot.game(group)
    assert doc.state.turn_deadline is not None
    await bot.tick(doc.state.turn_deadline / 1000 - bot.clock() + 1)  # a turn times out: the table is edited


GroupGone = Callable[[Bot, FakeTelegram, Chat, User], Awaitable[None]]


@pytest.mark.parametrize(
    "gone",
    [_bot_removed, _bot_muted_for_a_day, _members_may_not_post_for_a_day, _group_deleted],
    ids=["bot removed", "bot muted for a day", "members may not post for a day", "group deleted"],
)
async def test_a_group_the_bot_can_no_longer_write_to_stops_its_game_and_the_hands_say_so(
    world: World, fake: FakeTelegram, gone: GroupGone
) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        await gone(bot, fake, group, people[0])
        await bot.tick(PAGE_SETTLES)
        assert await bot.rt.service.find(Place(group.id)) is None
        for user in people:
            hand = hand_message(fake, user)
            assert "The game was stopped." in (hand.text or ""), user.first_name
            assert GONE in (hand.text or ""), user.first_name  # the group's screens are out of reach
            assert "turn" not in (hand.text or "").lower() and not hand.buttons, user.first_name


async def test_a_deleted_forum_topic_stops_its_game_and_the_hands_say_so(
    world: World, fake: FakeTelegram
) -> None:
    people = [fake.add_user("Alice"), fake.add_user("Bob")]
    forum = fake.add_group("Forum", members=people, forum=True)
    topic = fake.add_topic(forum, "UNO")
    async with world.running() as bot:
        for user in people:
            fake.user_starts_bot(user)
        fake.user_sends(people[0], forum, "/new", thread_id=topic)
        fake.user_sends(people[1], forum, "/join", thread_id=topic)
        await bot.deliver()
        press_action(fake, people[0], fake.last_bot_message(forum), Action.START)
        await bot.deliver()
        found = await bot.rt.service.find(Place(forum.id, topic))
        assert found is not None and found[1].state.turn_deadline is not None
        fake.delete_topic(forum, topic)
        await bot.tick(found[1].state.turn_deadline / 1000 - bot.clock() + 1)  # a turn times out: edits
        await bot.tick(PAGE_SETTLES)
        assert await bot.rt.service.find(Place(forum.id, topic)) is None
        for user in people:
            hand = hand_message(fake, user)
            assert (hand.text or "").endswith(f"The game was stopped.\n{GONE}"), user.first_name
            assert not hand.buttons, user.first_name


async def _both_miss_their_turns(bot: Bot, fake: FakeTelegram, group: Chat, people: list[User]) -> None:
    for _ in range(6):  # each misses turns until one is removed, the other having missed theirs too
        _, doc = await bot.game(group)
        assert doc.state.turn_deadline is not None
        await bot.tick(doc.state.turn_deadline / 1000 - bot.clock() + 1)
        if await bot.rt.service.find(Place(group.id)) is None:
            return


async def _an_admin_kicks_the_opponent(bot: Bot, fake: FakeTelegram, group: Chat, people: list[User]) -> None:
    zoe = fake.add_user("Zoe")
    fake.join_group(zoe, group)
    fake.make_admin(zoe, group)
    fake.user_sends(zoe, group, f"/kick {people[1].first_name}")
    await bot.deliver()


BotStop = Callable[[Bot, FakeTelegram, Chat, list[User]], Awaitable[None]]


# What the hand of the one still seated says when the bot stopped the match, in each language.
IDLE_STOP = {
    "en": "⏹ The game was stopped.\nNobody was playing any more, so nobody wins.",
    "ru": "⏹ Игра остановлена.\nНикто больше не играл, победителя нет.",  # noqa: RUF001
}


KICKED_STOP = {
    "en": "⏹ The game was stopped.\nYour last opponent was removed from the game, so nobody wins.",
    "ru": "⏹ Игра остановлена.\nВашего последнего соперника убрали из игры, победителя нет.",  # noqa: RUF001
}


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize(
    ("stopping", "said"),
    [(_both_miss_their_turns, IDLE_STOP), (_an_admin_kicks_the_opponent, KICKED_STOP)],
    ids=["idle", "last opponent kicked"],
)
async def test_a_game_the_bot_stopped_says_why_on_the_hand_of_who_is_left(
    world: World, fake: FakeTelegram, language: str, stopping: BotStop, said: dict[str, str]
) -> None:
    """The hand said only "The game was stopped.": the group was told why, but one playing in two groups at
    once reads this hand in the private chat, without the other group's messages in sight. (session 62) The
    group's word of it rings, as a match's end does, unless nobody played the match any more."""
    people = [fake.add_user(name, language_code=language) for name in ("Alice", "Bob")]
    group = fake.add_group("Friends", members=people)
    async with world.running() as bot:
        await deal(bot, fake, group, people)
        await stopping(bot, fake, group, people)
        await bot.tick(PAGE_SETTLES)
        assert await bot.rt.service.find(Place(group.id)) is None
        hands = [hand_message(fake, user).text or "" for user in people]
        assert f"Friends\n{said[language]}" in hands, hands
        told = [m for m in fake.bot_messages_in(group) if (m.text or "").startswith("⏹")]
        assert [m.silent for m in told] == [stopping is _both_miss_their_turns]


# An idle hour's stop (no turn timer), told in the group, on the hand of the one whose move it waited for, and
# on the others' hands.
WAITED_FOR_STOP = {
    "en": (
        "⏹ The game was stopped: nobody moved for an hour. Bob was to move: it's a loss for them, and the "
        "match counts for nobody else.",
        "⏹ The game was stopped.\nNobody moved for an hour, and it was your move: it's a loss for you, and "
        "the match counts for nobody else.",
        "⏹ The game was stopped.\nNobody moved for an hour. Bob was to move: it's a loss for them, and the "
        "match counts for nobody else.",
    ),
    "ru": (
        "⏹ Игра остановлена: целый час никто не ходил. Поражение засчитано тому, чей был ход, — Bob. "
        "Остальным матч не засчитывается.",
        "⏹ Игра остановлена.\nЦелый час никто не ходил, а ход был ваш: вам засчитано поражение, а остальным "  # noqa: RUF001
        "матч не засчитывается.",
        "⏹ Игра остановлена.\nЦелый час никто не ходил. Поражение засчитано тому, чей был ход, — Bob. "  # noqa: RUF001
        "Остальным матч не засчитывается.",
    ),
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_game_stopped_after_an_idle_hour_says_whose_loss_the_stop_is(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """(transcript read, session 51) Without a turn timer nobody moved for an hour: the stop is the loss of
    Bob, whose move it was, and only the warning ten minutes before said so; it went with the stop, and the
    group's last word ("nobody was playing any more, so nobody wins") and Bob's hand (the same) never named
    the loss his /stats then counted. The others' hands, which read that nobody wins, name it as the group's
    message does."""
    async with playing(world, fake, Rules(turn_seconds=0), language=language) as table:
        alice, bob, _ = table.people
        await table.arrange({"Alice": ["R1"], "Bob": ["G5", "B7"], "Carol": ["Y2"]}, top="R3", turn=bob)
        await table.bot.tick(50 * 60)
        await table.bot.tick(10 * 60)
        await table.bot.tick(PAGE_SETTLES)
        told, bobs, others = WAITED_FOR_STOP[language]
        result = fake.last_bot_message(table.group)
        assert (result.text or "").startswith(f"{told}\n"), result.text
        assert result.silent  # (session 62) nobody was there: it rings no one (at 3 a.m., say)
        assert table.hand(bob).text == f"Friends\n{bobs}"
        assert table.hand(alice).text == f"Friends\n{others}"


async def test_a_card_pressed_after_the_game_stopped_is_answered(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        hand = hand_message(fake, people[0])  # Alice's: the turn is hers
        pressed = [data for _, data in buttons(hand) if data.action in (Action.TRY, Action.DRAW)]
        assert {data.action for data in pressed} == {Action.TRY, Action.DRAW}
        await stop(bot, fake, group, people[0])
        for data in pressed:  # pressed before the hand's edit arrived
            query = press(fake, people[0], hand, data)
            await bot.deliver()
            assert query.show_alert and query.answer_text == "This game is over.", data


async def test_a_group_that_unmutes_the_bot_after_a_day_gets_the_stopped_games_standings(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        await _bot_muted_for_a_day(bot, fake, group, alice)
        assert await bot.rt.service.find(Place(group.id)) is None
        assert not any("Standings" in (m.text or "") for m in fake.bot_messages_in(group))  # refused
        fake.restrict_bot_in_group(group, alice, restricted=False)
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        said = fake.last_bot_message(group).text or ""
        assert (
            said.startswith("⏹ The game was stopped: I could no longer post here.") and "Standings:" in said
        )


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "This game was closed: I could no longer post here."),
        ("ru", "Эта игра закрыта: я больше не мог сюда писать."),
    ],
    ids=["en", "ru"],
)
@pytest.mark.parametrize("muted", [False, True], ids=["removed", "muted"])
async def test_a_lobby_closed_while_the_bot_could_not_post_says_why_once_it_is_back(
    world: World, fake: FakeTelegram, language: str, said: str, muted: bool
) -> None:
    """The lobby said only "This game was closed.", and the group could not tell who had closed it."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await use_quick_rules(world, group, language=language)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        if muted:
            fake.restrict_bot_in_group(group, alice)
        else:
            fake.kick_bot_from_group(group, alice)
        await bot.deliver()
        assert await bot.rt.service.find(Place(group.id)) is None
        if muted:
            fake.restrict_bot_in_group(group, alice, restricted=False)
        else:
            fake.add_bot_to_group(group, alice)
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        shown = fake.messages[(group.id, lobby.message_id)]
        assert shown.text == said and not shown.buttons


async def test_the_hands_of_a_game_stopped_while_the_bot_was_muted_say_so_in_the_past_once_it_is_back(
    world: World, fake: FakeTelegram
) -> None:
    """The hands kept saying "I can no longer post in the group" beside the standings the bot had just
    posted there."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        await _bot_muted_for_a_day(bot, fake, group, people[0])
        fake.restrict_bot_in_group(group, people[0], restricted=False)
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        assert "Standings:" in (fake.last_bot_message(group).text or "")
        for user in people:
            said = (hand_message(fake, user).text or "").splitlines()
            assert said[-2:] == ["⏹ The game was stopped.", GONE], user.first_name
