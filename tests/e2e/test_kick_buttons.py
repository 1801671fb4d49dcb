"""/kick's answer offers the players as buttons (session 60): "/kick" alone answered how to name one, and a
name several players fit listed three of them and how many more, the rest to be named by reply or typed."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import Outcome
from bot.tg.callback_data import Action
from bot.tg.twin_presses import TWIN_MS
from tests.e2e.harness import Bot, World, buttons, press, press_action
from tests.e2e.matches import deal, gather, started
from tests.fake_bot_api import CallbackQuery, FakeTelegram, Message, User
from tests.fake_bot_api.errors import too_many_requests
from tests.narrow_phone import spaced


async def test_kick_alone_offers_the_players_whose_press_by_its_sender_kicks_them(
    world: World, fake: FakeTelegram
) -> None:
    """Alice runs the lobby; Dan, a chat admin outside it, may kick too, but not by Alice's buttons (nor she
    by his: told to send /kick, not that only she or an admin may); Carol, a player who runs nothing, is told
    who may. The answer then keeps its text, and the buttons of those still in the game (session 60: Bob's
    stayed). A press the player or the game has left behind says so."""
    alice, bob, carol, dan = (fake.add_user(name) for name in ("Alice", "Bob", "Carol", "Dan"))
    group = fake.add_group("Friends", members=[alice, bob, carol, dan], creator=dan)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob, carol])
        press_action(fake, alice, fake.last_bot_message(group), Action.ADD_COMPUTER)
        await bot.deliver()
        fake.user_sends(alice, group, "/kick")
        await bot.deliver()
        asked = fake.last_bot_message(group)
        assert asked.text == (
            "Which player should I remove? Press their name below, reply to their message with /kick, or send"
            " /kick and their name."
        )
        shown = (asked.text, asked.entities)
        offered = dict(buttons(asked))
        assert list(offered) == ["Bob", "Carol"]  # neither its sender nor the computer
        query = press(fake, dan, asked, offered["Bob"])
        await bot.deliver()
        not_yours = "These buttons are for whoever sent the /kick. To remove a player yourself, send /kick."
        assert query.show_alert and query.answer_text == not_yours
        query = press(fake, carol, asked, offered["Bob"])  # who may not kick is not told to send /kick
        await bot.deliver()
        assert query.show_alert and query.answer_text == "Only the host, Alice, or a chat admin can do that."
        fake.user_sends(dan, group, "/kick")  # the host, no admin, may kick too, but not by Dan's buttons
        await bot.deliver()
        dans = fake.last_bot_message(group)
        query = press(fake, alice, dans, dict(buttons(dans))["Carol"])
        await bot.deliver()
        assert query.show_alert and query.answer_text == not_yours
        query = press(fake, alice, asked, offered["Bob"])
        await bot.deliver()
        assert not query.show_alert and query.answer_text == "Bob was removed from the game."
        _, doc = await bot.game(group)
        assert doc.players == (alice.id, carol.id, -1)
        assert "Alice removed Bob from the game." in [m.text for m in fake.bot_messages_in(group)]
        assert [label for label, _ in buttons(asked)] == ["Carol"] and (asked.text, asked.entities) == shown
        await bot.tick(TWIN_MS / 1000)  # no twin of the press that counted: Bob's button still on her screen
        query = press(fake, alice, asked, offered["Bob"])
        await bot.deliver()
        assert query.show_alert and query.answer_text == "Bob is no longer in the game."
        fake.user_sends(alice, group, "/kick")  # within the minute an answer is not repeated: another is
        await bot.deliver()
        assert [label for label, _ in buttons(fake.last_bot_message(group))] == ["Carol"]
        fake.user_sends(alice, group, "/stop")
        await bot.deliver()
        press_action(fake, alice, fake.last_bot_message(group), Action.STOP)  # Yes
        await bot.deliver()
        query = press(fake, alice, asked, offered["Carol"])
        await bot.deliver()
        assert query.show_alert and query.answer_text == "This game is over."


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_every_player_a_start_fits_has_a_button_named_as_the_table_names_them(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """Five players whose names begin "ale": the answer lists three and how many more, and the fifth, cut as
    the table cuts her name, is kicked from the match by her button. The answer keeps its text as shown, its
    "<" a letter still (sent as HTML again: unescaped, the edit was refused and her button stayed)."""
    names = ("Alex <3", "Alexei", "Alexis", "Alexander", "Alexandra Konstantinopolskaya")
    alice = fake.add_user("Alice", language_code=language)
    fits = [fake.add_user(name, language_code=language) for name in names]
    group = fake.add_group("Friends", members=[alice, *fits])
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, *fits])
        fake.user_sends(alice, group, "/kick ale")
        await bot.deliver()
        asked = fake.last_bot_message(group)
        assert ("and 2 more" if language == "en" else "и ещё 2") in spaced(asked.text or ""), asked.text
        offered = buttons(asked)
        label, data = offered[-1]
        assert [shown for shown, _ in offered][:4] == list(names[:4]) and label.endswith("…")
        said = [spaced(m.text or "") for m in fake.bot_messages_in(group)]
        assert [text for text in said if f"{label}:" in text], (label, said)  # the table's row of her cards
        shown = (asked.text, asked.entities)
        press(fake, alice, asked, data)
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.state.players == [alice.id, *(user.id for user in fits[:4])]
        await bot.tick(1)  # the answer redrawn
        assert len(buttons(asked)) == 4 and (asked.text, asked.entities) == shown, asked.entities


async def test_an_anonymous_admins_buttons_kick_for_any_admin_and_refuse_others(
    world: World, fake: FakeTelegram
) -> None:
    """An anonymous admin's /kick is the group's: the bot can't tell which admin sent it, so any admin's press
    counts (the press names its presser), and a player's who runs nothing is told who may."""
    alice, bob, carol, dan = (fake.add_user(name) for name in ("Alice", "Bob", "Carol", "Dan"))
    group = fake.add_group("Friends", members=[alice, bob, carol, dan], supergroup=True)
    fake.make_admin(alice, group, anonymous=True)
    async with world.running() as bot:
        await gather(bot, fake, group, [bob, carol, dan])
        fake.user_sends(alice, group, "/kick")
        await bot.deliver()
        asked = fake.last_bot_message(group)
        offered = dict(buttons(asked))
        assert list(offered) == ["Bob", "Carol", "Dan"]
        query = press(fake, carol, asked, offered["Dan"])
        await bot.deliver()
        assert query.show_alert and query.answer_text == "Only the host, Bob, or a chat admin can do that."
        press(fake, alice, asked, offered["Dan"])
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.players == (bob.id, carol.id)


@pytest.mark.parametrize("together", [True, False], ids=["a double tap", "a resend after the first counted"])
async def test_a_kick_button_pressed_twice_kicks_once_and_the_second_says_nothing(
    world: World, fake: FakeTelegram, together: bool
) -> None:
    """(session 60) The second of a double tap popped up "Bob is no longer in the game." over the first's
    "Bob was removed from the game.", as if the kick had failed. The answer, its last button used, goes."""
    alice, bob, carol = (fake.add_user(name) for name in ("Alice", "Bob", "Carol"))
    group = fake.add_group("Friends", members=[alice, bob, carol])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob, carol])
        fake.user_sends(alice, group, "/kick")
        await bot.deliver()
        asked = fake.last_bot_message(group)
        offered = dict(buttons(asked))
        first = press(fake, alice, asked, offered["Bob"])
        if not together:
            await bot.deliver()
        again = press(fake, alice, asked, offered["Bob"])
        await bot.deliver_at_once()
        assert first.answer_text == "Bob was removed from the game." and not first.show_alert
        assert again.answered and not again.show_alert and again.answer_text is None
        assert [label for label, _ in buttons(asked)] == ["Carol"]
        press(fake, alice, asked, offered["Carol"])
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.players == (alice.id,)
        assert (group.id, asked.message_id) not in fake.messages


async def test_two_kicks_by_one_answers_buttons_leave_the_buttons_of_those_still_in(
    world: World, fake: FakeTelegram
) -> None:
    """Alice presses Bob's button, then Carol's: the answer to the first press waited for Telegram (a flood
    wait) while the second's kick went through, and its redraw, with the buttons of the players the first
    kick left (Carol's among them), landed after the second's: Carol's button came back."""
    alice, bob, carol, eve = (fake.add_user(name) for name in ("Alice", "Bob", "Carol", "Eve"))
    group = fake.add_group("Friends", members=[alice, bob, carol, eve])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob, carol, eve])
        fake.user_sends(alice, group, "/kick")
        await bot.deliver()
        asked = fake.last_bot_message(group)
        offered = dict(buttons(asked))
        fake.fail_next("answerCallbackQuery", too_many_requests(1))
        press(fake, alice, asked, offered["Bob"])
        press(fake, alice, asked, offered["Carol"])
        await bot.deliver_at_once()
        _, doc = await bot.game(group)
        assert doc.players == (alice.id, eve.id)
        assert [label for label, _ in buttons(asked)] == ["Eve"]


async def test_a_kick_button_pressed_as_the_match_pauses_says_the_kick_waits_for_it(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(session 60) The group muted the bot between the press's read of the match and its kick: the kick is
    only noted, for when the match goes on, as a typed /kick's then is, but the press popped up "Bob was
    removed from the game.". (session 62) And what it costs Alice, as a typed /kick's answer says: the alert
    said nothing of it, in plain names: an alert shows no HTML, and "Bob &amp;\u00a0Co" read as such."""
    async with started(world, fake, ("Alice", "Bob & Co", "Carol")) as (bot, group, (alice, bob, _)):
        fake.user_sends(alice, group, "/kick")
        await bot.deliver()
        query = await _pressed_as_the_group_mutes(
            bot, fake, alice, fake.last_bot_message(group), "Bob & Co", monkeypatch
        )
        assert query.show_alert and spaced(query.answer_text or "") == (
            "Bob & Co will leave the game when I may post in its group again. Bob & Co is still playing, so"
            " if you win now, the match counts for nobody."
        )
        _, doc = await bot.game(group)
        assert doc.paused_muted and bob.id in doc.departing


async def test_a_chat_admins_kick_button_pressed_as_a_match_of_two_pauses_says_it_will_stop(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(session 62) Dan, a chat admin outside Alice and Bob's match, pressed Bob's button as the group muted
    the bot: the alert said only that the kick waits, not that Alice, left alone, sees the match stop as it
    goes on, nobody winning (bot.service.stop_rules KICKED), as a typed /kick's answer now says."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, _):
        dan = fake.add_user("Dan")
        fake.join_group(dan, group)
        fake.make_admin(dan, group)
        fake.user_sends(dan, group, "/kick")
        await bot.deliver()
        query = await _pressed_as_the_group_mutes(
            bot, fake, dan, fake.last_bot_message(group), "Bob", monkeypatch
        )
        assert query.show_alert and query.answer_text == (
            "Bob will leave the game when I may post in its group again. When the game goes on, only Alice"
            " will be left in it, so it stops at once and nobody wins."
        )


async def test_a_kick_deleted_before_its_answer_leaves_the_topics_author_out_of_who_sent_it(
    world: World, fake: FakeTelegram
) -> None:
    """In a forum topic an answer that replies to nothing (its /kick deleted before it went) replies to the
    topic's first message as Telegram shows it: its author, Dan, sent no /kick, and the host's press is no
    press on another's buttons."""
    dan, alice, bob = (fake.add_user(name) for name in ("Dan", "Alice", "Bob"))
    forum = fake.add_group("Club", members=[dan, alice, bob], forum=True)
    room = fake.add_topic(forum, "Room")  # Dan's
    async with world.running() as bot:
        for user in (alice, bob):
            fake.user_starts_bot(user)
        await bot.deliver()
        fake.user_sends(alice, forum, "/new", thread_id=room)
        await bot.deliver()
        press_action(fake, bob, fake.last_bot_message(forum), Action.JOIN)
        await bot.deliver()
        fake.delete_message(fake.user_sends(alice, forum, "/kick", thread_id=room))
        await bot.deliver()
        asked = fake.last_bot_message(forum)
        assert asked.extra["reply_to_message"]["from"]["id"] == dan.id
        query = press(fake, alice, asked, dict(buttons(asked))["Bob"])
        await bot.deliver()
        assert not query.show_alert and query.answer_text == "Bob was removed from the game."


async def _pressed_as_the_group_mutes(
    bot: Bot,
    fake: FakeTelegram,
    presser: User,
    asked: Message,
    label: str,
    monkeypatch: pytest.MonkeyPatch,
) -> CallbackQuery:
    """`presser` presses `label` under /kick's answer `asked`, and the group mutes the bot between the press's
    read of the match and its kick: the kick is only noted, for when the match goes on."""
    kick = bot.rt.service.kick

    async def kick_as_the_match_pauses(game_id: int, *args: Any) -> Outcome:
        # the press read the match going on; then Telegram's word that the group mutes the bot came
        await bot.rt.pauses.pause(game_id, "the group refuses the bot's posts", muted=True)
        return await kick(game_id, *args)

    monkeypatch.setattr(bot.rt.service, "kick", kick_as_the_match_pauses)
    query = press(fake, presser, asked, dict(buttons(asked))[label])
    await bot.deliver()
    monkeypatch.undo()
    return query
