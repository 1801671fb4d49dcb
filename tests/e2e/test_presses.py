"""Presses: stale, forged and someone else's buttons change nothing, two catches at once have one outcome, a
card that cannot be played says why; Join, Leave and a lone Start are answered; joining through the deep link
to the private chat, and what a Start there says when the link is dead, late or not used."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine.events import Caught
from bot.engine.rules import Rules
from bot.tg.callback_data import Action, CallbackData, encode
from tests.e2e.harness import COLOURS_HINT, Bot, World, buttons, choices, hand_message, press, press_action
from tests.e2e.matches import (
    MORE_SEATS_SHORT_MATCH_SEED,
    deal_short_matches,
    gather,
    open_lobby,
    play_until_over,
    started,
    stop,
)
from tests.fake_bot_api import Chat, FakeTelegram, Message
from tests.rules_in_play.table import store_chat


async def _version(bot: Bot, group: Chat) -> int:
    record, _ = await bot.game(group)
    return record.version


async def test_stale_forged_and_someone_elses_presses_change_nothing(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        record, doc = await bot.game(group)
        by_id = {user.id: user for user in people}
        actor = by_id[doc.state.actor]  # type: ignore[index]
        other = next(user for user in people if user is not actor)
        hand = hand_message(fake, actor)
        move = choices(hand)[0]
        version = record.version

        stale = CallbackData(move.action, move.game_id, move.state + 1, move.args)
        forged_game = CallbackData(move.action, move.game_id + 99, move.state, move.args)
        attempts = [
            (actor, hand, stale),  # a keyboard that is not the newest one
            (actor, hand, forged_game),  # a game that does not exist
            (other, hand_message(fake, other), move),  # the actor's button data sent from Bob's chat
        ]
        for user, message, data in attempts:
            query = press(fake, user, message, data)
            await bot.deliver()
            assert query.answered and query.show_alert, data
        elsewhere = fake.add_group("Elsewhere", members=[other])
        fake.user_sends(other, elsewhere, "/new")
        await bot.deliver()
        joined_elsewhere = press(
            fake, other, fake.last_bot_message(elsewhere), CallbackData(Action.JOIN, record.id, 0)
        )
        garbage = fake.user_presses_data(actor, hand, "1p:zz")
        table_press = fake.user_presses_data(
            other, fake.last_bot_message(group), encode(Action.PLAY, record.id, 1, 3)
        )
        await bot.deliver()
        assert garbage.show_alert and table_press.show_alert and joined_elsewhere.show_alert
        assert await _version(bot, group) == version

        query = press(fake, actor, hand, move)  # the real press still works
        await bot.deliver()
        assert query.answered
        assert await _version(bot, group) > version


async def test_two_catches_at_once_have_exactly_one_outcome(world: World, fake: FakeTelegram) -> None:
    deal_short_matches(world, MORE_SEATS_SHORT_MATCH_SEED)
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        by_id = {user.id: user for user in people}
        for _ in range(400):  # people here never call UNO!: sooner or later someone is catchable
            _, doc = await bot.game(group)
            if doc.state.catchable:
                break
            await play_until_over(bot, group, by_id, limit=1)
        else:
            raise AssertionError("nobody became catchable")
        table = _table_with_catch(fake, group)
        catch = next(data for _, data in buttons(table) if data.action is Action.CATCH)
        catchers = [user for user in people if user.id not in doc.state.catchable]
        queries = [press(fake, user, table, catch) for user in catchers]
        updates = await bot.app.bot.get_updates(offset=bot.offset, timeout=0)
        bot.offset = updates[-1].update_id + 1
        await asyncio.gather(*(bot.app.process_update(update) for update in updates))
        await bot.settle()
        assert all(query.answered for query in queries)
        assert sorted(query.show_alert for query in queries) == [False, True]
        _, after = await bot.game(group)
        caught = [e for e in after.recent if isinstance(e, Caught)]
        assert len(caught) == 1 and caught[0].target in doc.state.catchable


def _table_with_catch(fake: FakeTelegram, group: Chat) -> Message:
    catch_buttons = (
        m
        for m in reversed(fake.bot_messages_in(group))
        if any(d.action is Action.CATCH for _, d in buttons(m))
    )
    return next(catch_buttons)


@pytest.mark.parametrize(
    ("language", "joined", "left"),
    [("en", "You joined the game.", "You left the game."), ("ru", "Вы в игре.", "Вы вышли из игры.")],
)
async def test_leave_is_answered_as_join_is(
    world: World, fake: FakeTelegram, language: str, joined: str, left: str
) -> None:
    """Join said "You joined the game."; Leave said nothing, so in a busy group (the lobby's edit waits its
    turn) a player could not tell whether their press counted."""
    alice, bob = fake.add_user("Alice", language_code=language), fake.add_user("Bob", language_code=language)
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        answers = []
        for action in (Action.LEAVE, Action.JOIN):
            query = press_action(fake, bob, lobby, action)
            await bot.deliver()
            answers.append((query.answer_text, query.show_alert))
        assert answers == [(left, False), (joined, False)]


@pytest.mark.parametrize(  # the group reads English: its lobby's button is named so in both languages
    ("language", "hint"),
    [("en", "press “🤖 Add a computer player”"), ("ru", "нажмите «🤖 Add a computer player»")],
)
async def test_a_lone_player_pressing_start_learns_a_computer_can_join(
    world: World, fake: FakeTelegram, language: str, hint: str
) -> None:
    """ "At least two players are needed to start." left someone alone in a quiet group waiting; the lobby can
    seat a computer player."""
    alice = fake.add_user("Alice", language_code=language)
    group = fake.add_group("Friends", members=[alice])
    await store_chat(world, group, Rules(), language="en")
    async with world.running() as bot:
        await gather(bot, fake, group, [alice])
        refused = press_action(fake, alice, fake.last_bot_message(group), Action.START)
        await bot.deliver()
        assert refused.show_alert and hint in (refused.answer_text or ""), refused.answer_text
        assert len(refused.answer_text or "") <= 200  # Telegram's limit for an alert


async def test_joining_through_the_deep_link(world: World, fake: FakeTelegram) -> None:
    alice, carol = fake.add_user("Alice"), fake.add_user("Carol", language_code="ru")
    group = fake.add_group("Friends", members=[alice, carol])
    async with world.running() as bot:
        fake.user_starts_bot(alice)
        await bot.deliver()
        await open_lobby(bot, fake, group, alice, [])
        record, _ = await bot.game(group)
        join = press_action(fake, carol, fake.last_bot_message(group), Action.JOIN)
        await bot.deliver()
        assert join.answer_url == f"https://t.me/uno_test_bot?start=join_{record.id}"
        _, doc = await bot.game(group)
        assert carol.id not in doc.players  # not yet: the bot cannot write to her

        assert not join.show_alert
        fake.user_starts_bot(carol, f"join_{record.id}")
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.players == (alice.id, carol.id)
        assert "Friends" in (fake.last_bot_message(fake.private_chat(carol)).text or "")
        assert any("Carol" in (m.text or "") for m in fake.bot_messages_in(group)[-2:])


@pytest.mark.parametrize("how", ["/join", "Join"])
async def test_start_without_the_link_still_joins_the_game_one_was_sent_to_the_private_chat_for(
    world: World, fake: FakeTelegram, how: str
) -> None:
    """Carol, sent to the private chat to join, opens it from the bot's name (the lobby says "open
    @uno_test_bot and press Start") instead of the link: her Start carries no join, and she read "Add me to
    a group and send /new there" while the lobby she wanted waited for her."""
    alice, carol, dan = fake.add_user("Alice"), fake.add_user("Carol"), fake.add_user("Dan")
    group = fake.add_group("Friends", members=[alice, carol, dan])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice])
        if how == "/join":
            fake.user_sends(carol, group, "/join")
        else:
            press_action(fake, carol, fake.last_bot_message(group), Action.JOIN)
        await bot.deliver()
        fake.user_starts_bot(carol)
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.players == (alice.id, carol.id)
        told = fake.last_bot_message(fake.private_chat(carol)).text
        assert told == f"You're in the game in Friends. Your cards will show up here.\n{COLOURS_HINT['en']}"
        fake.user_sends(carol, group, "/leave")
        await bot.deliver()
        fake.user_starts_bot(carol)  # the invitation was used up: a later Start is only a Start
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.players == (alice.id,)

        fake.user_sends(dan, group, "/join")
        await bot.deliver()
        await stop(bot, fake, group, alice)
        fake.user_starts_bot(dan)  # the game he was sent for is gone: no word of a link he did not use
        await bot.deliver()
        assert (fake.last_bot_message(fake.private_chat(dan)).text or "").startswith(
            "Hello! To play UNO, send /new"
        )


async def test_start_from_someone_waiting_in_a_lobby_says_they_are_in_it(
    world: World, fake: FakeTelegram
) -> None:
    """Bob joined, then opened the private chat to see whether it worked: "Hello! Add me to a group and send
    /new there" told him nothing of the game he is in, and read as if he were in none."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        fake.user_starts_bot(bob)
        await bot.deliver()
        told = fake.last_bot_message(fake.private_chat(bob)).text
        assert told == "You're in the game in Friends. Your cards will show up here."


async def test_a_repeated_join_before_opening_the_private_chat_is_invited_once_a_minute(
    world: World, fake: FakeTelegram
) -> None:
    """Carol sends /join again and again before pressing the button: each posted the same invitation, as
    /stop's refusals did before they were answered once a minute."""
    alice, carol = fake.add_user("Alice"), fake.add_user("Carol")
    group = fake.add_group("Friends", members=[alice, carol])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice])
        before = len(fake.bot_messages_in(group))
        for _ in range(3):
            fake.user_sends(carol, group, "/join")
            await bot.deliver()
        invitations = [
            m for m in fake.bot_messages_in(group)[before:] if "open a private chat" in (m.text or "")
        ]
        assert len(invitations) == 1
        await bot.tick(61)
        fake.user_sends(carol, group, "/join")
        await bot.deliver()
        assert "open a private chat" in (fake.last_bot_message(group).text or "")


async def test_a_join_link_to_a_game_that_is_over_says_so(world: World, fake: FakeTelegram) -> None:
    alice, carol = fake.add_user("Alice", started_bot=True), fake.add_user("Carol")
    group = fake.add_group("Friends", members=[alice, carol])
    async with world.running() as bot:
        await open_lobby(bot, fake, group, alice, [])
        record, _ = await bot.game(group)
        await bot.rt.service.stop(record.id, None, is_admin=True)
        # closed, and never opened; the first Start's answer ends with the /colours hint, as any first Start's
        for game_id, hint in ((record.id, f"\n{COLOURS_HINT['en']}"), (record.id + 1, "")):
            fake.user_starts_bot(carol, f"join_{game_id}")
            await bot.deliver()
            told = fake.last_bot_message(fake.private_chat(carol)).text
            assert told == f"The game from that link is over. Ask in the group for a new one: /new{hint}"


async def test_a_dead_join_link_from_someone_in_a_game_answers_with_that_game(
    world: World, fake: FakeTelegram
) -> None:
    """Bob, seated in the lobby and then in its match, opened a join link of a game closed since (an old
    /notifyme word, say): he read "The game from that link is over. Ask in the group for a new one: /new", as
    if he were in no game, and no hand came back. Now he reads what a Start says to a player."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        dead = "join_999"
        fake.user_starts_bot(bob, dead)
        await bot.deliver()
        private = fake.private_chat(bob)
        in_lobby = "You're in the game in Friends. Your cards will show up here."
        assert fake.last_bot_message(private).text == in_lobby
        press_action(fake, alice, fake.last_bot_message(group), Action.START)
        await bot.deliver()
        hand = hand_message(fake, bob)
        fake.user_starts_bot(bob, dead)
        await bot.deliver()
        texts = [m.text for m in fake.bot_messages_in(private)]
        assert "The game from that link is over. Ask in the group for a new one: /new" not in texts
        assert hand_message(fake, bob).message_id > hand.message_id  # his cards anew, at the bottom


@pytest.mark.parametrize(
    ("language", "told"),
    [
        (
            "en",
            "The game in Friends started before you joined. Next time “Join” works at once: I can write to"
            " you now.",
        ),
        (
            "ru",
            "Игра в чате Friends началась раньше, чем вы успели в неё войти. В следующий раз кнопка"  # noqa: RUF001
            " «Join» сработает сразу: теперь я могу вам писать.",  # as the English group's lobby labels it
        ),
    ],
)
async def test_a_join_link_opened_after_the_game_started_says_which_game_and_what_next(
    world: World, fake: FakeTelegram, language: str, told: str
) -> None:
    """Carol pressed Join and was sent to the private chat; Alice dealt before Carol pressed Start there. She
    read "The game has already started.": which game, and is she in it? Reading Russian, she was told of a
    button «Участвовать» the English lobby labels "Join"."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    carol = fake.add_user("Carol", language_code=language)
    group = fake.add_group("Friends", members=[alice, bob, carol])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        record, _ = await bot.game(group)
        press_action(fake, carol, lobby, Action.JOIN)
        for _ in range(2):  # the first press says someone is on the way; the second deals all the same
            press_action(fake, alice, lobby, Action.START)
        await bot.deliver()
        fake.user_starts_bot(carol, f"join_{record.id}")
        await bot.deliver()
        assert fake.last_bot_message(fake.private_chat(carol)).text == told


async def test_a_card_that_cannot_be_played_says_why_and_changes_nothing(
    world: World, fake: FakeTelegram
) -> None:
    """(found by a play-through audit, 2026-12-02) a tap on a card without the ▶ mark used to redraw the
    hand in silence; now the engine's reason comes back: not your turn, or no match for the top card."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        record, doc = await bot.game(group)
        by_id = {user.id: user for user in people}
        actor = by_id[doc.state.actor]  # type: ignore[index]
        waiting = next(user for user in people if user is not actor)
        reasons = ((waiting, "It's not your turn."), (actor, "That card doesn't match the top card."))
        for user, said in reasons:
            hand = hand_message(fake, user)
            tried = [data for _, data in buttons(hand) if data.action is Action.TRY]
            if user is actor and not tried:
                continue  # every card of the actor's fits: nothing to tap in vain
            query = press(fake, user, hand, tried[0])
            await bot.deliver()
            assert query.show_alert and (query.answer_text or "").startswith(said)
        assert await _version(bot, group) == record.version
