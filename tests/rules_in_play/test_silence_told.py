"""Seven silence is told before it is enforced: the table shows it at once (not after the usual settling of
group edits), every hand says it, and a message written before the group could have read it breaks nothing."""

from __future__ import annotations

import math

import pytest

from bot.engine.rules import Rules
from bot.tg.repeats import REPOST_MS
from bot.tg.table_edits import SETTLE_SECONDS
from tests.e2e.harness import World, press, reaching_the_game_late, standing_still
from tests.fake_bot_api import FakeTelegram
from tests.fake_bot_api.errors import too_many_requests
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing

HANDS = {"Alice": ["R7", "R9", "B7", "B8"], "Bob": ["R1", "Y2"], "Carol": ["R2", "G2"]}
SILENCE = "🤫 Until Alice moves, a player who posts takes 4 cards"


async def _play_7(table: Table) -> float:
    """Alice, having thought a while (the group's write limit has room again), plays her red 7: when."""
    await table.bot.tick(SETTLE_SECONDS)
    pressed_at = table.bot.clock()
    await table.play(table.people[0], "R7")
    return pressed_at


def _first_shown(fake: FakeTelegram, chat_id: int, text: str) -> float:
    """When the bot first wrote `text` in the chat (a new message or an edit); never: infinity."""
    writes = (c for c in fake.calls if c.method in ("sendMessage", "editMessageText"))
    shown = (
        c.time for c in writes if int(c.params["chat_id"]) == chat_id and text in spaced(c.params["text"])
    )
    return next(shown, math.inf)


@pytest.mark.parametrize("seven_zero", [False, True])
async def test_the_silence_is_on_the_table_and_every_hand_at_once(
    world: World, fake: FakeTelegram, seven_zero: bool
) -> None:
    # With 7-0 Alice still has to choose whom to swap with: the table would wait for her choice.
    rules = Rules().changed(seven_silence=True, seven_zero=seven_zero)
    async with playing(world, fake, rules) as table:
        alice, bob, carol = table.people
        await table.arrange(HANDS, top="R3", turn=alice)
        pressed_at = await _play_7(table)
        # (session 59) While she chooses, "until Alice moves" read as if her choice ended it: it lasts to her
        # next move.
        silence = "🤫 Until Alice moves again, posting costs 4 cards" if seven_zero else SILENCE
        assert _first_shown(fake, table.group.id, silence) - pressed_at < 1  # not after an edit's settling
        # what writing costs (the hands said only "don't write in the group"), the 7's player included
        yours = "🤫 Silence until your next move: the first player to write in the group takes 4 cards."
        assert _first_shown(fake, alice.id, yours) - pressed_at < 1
        again = " again" if seven_zero else ""
        for waiting in (bob, carol):
            told = (
                f"🤫 Silence until Alice moves{again}: the first player to write in the group takes 4 cards."
            )
            assert _first_shown(fake, waiting.id, told) - pressed_at < 1
        if not seven_zero:
            await table.play(bob, "R1")
            await table.play(carol, "R2")
            await table.play(alice, "R9")  # her move ends the silence, and every hand says so
            for user in table.people:
                assert "Silence" not in (table.hand(user).text or "")


async def test_a_message_written_before_the_silence_could_be_read_is_free(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules().changed(seven_silence=True)) as table:
        alice, bob, carol = table.people
        await table.arrange(HANDS, top="R3", turn=alice)
        data = await table.card_button(alice, "R7")
        assert data is not None
        press(fake, alice, table.hand(alice), data)
        fake.user_sends(bob, table.group, "nice one")  # the same moment: the table showed the last turn
        await table.deliver()
        state = await table.state()
        assert len(state.hands[bob.id]) == 2 and state.silence_holder == alice.id
        await table.bot.tick(2)  # the table has shown the silence for a while now
        fake.user_sends(carol, table.group, "oops")
        await table.deliver()
        state = await table.state()
        assert len(state.hands[carol.id]) == 6 and state.silence_holder is None


async def test_the_hands_tell_the_silence_in_russian(world: World, fake: FakeTelegram) -> None:
    names = ("Алиса", "Борис", "Гена")
    async with playing(world, fake, Rules().changed(seven_silence=True), names, language="ru") as table:
        alice, bob, _ = table.people
        await table.arrange({"Алиса": HANDS["Alice"]}, top="R3", turn=alice)
        await _play_7(table)
        told = "🤫 Тишина, пока Алиса не сходит: кто из игроков первым напишет в группу, берёт 4 карты."
        assert told in spaced(table.hand(bob).text or "")
        yours = "🤫 Тишина до вашего следующего хода: кто из игроков первым напишет в группу, берёт 4 карты."
        assert yours in spaced(table.hand(alice).text or "")


async def test_rules_say_who_keeps_the_silence_and_until_when(world: World, fake: FakeTelegram) -> None:
    """(audit of 2026-12-05) /rules said "After a 7 the group keeps silent; the first to write draws 4": not
    for how long, nor that only the players are bound (a friend watching may talk). The silence lasts until
    Alice, who played the 7, moves again."""
    async with playing(world, fake, Rules().changed(seven_silence=True)) as table:
        alice, bob, carol = table.people
        fake.user_sends(bob, table.group, "/rules")
        await table.deliver()
        said = "after a 7 the players keep silent in the group until whoever played it moves again; the first"
        assert f"{said} of them to write takes 4 (" in (fake.last_bot_message(table.group).text or "")
        await table.arrange(HANDS, top="R3", turn=alice)
        await _play_7(table)
        dave = fake.add_user("Dave")  # watching, not playing
        fake.join_group(dave, table.group)
        fake.user_sends(dave, table.group, "go Bob!")
        await table.deliver()
        assert (await table.state()).silence_holder == alice.id
        await table.play(bob, "R1")
        await table.play(carol, "R2")
        await table.play(alice, "R9")  # her move ends it
        fake.user_sends(bob, table.group, "finally")
        await table.deliver()
        state = await table.state()
        assert state.silence_holder is None and len(state.hands[bob.id]) == 1


async def test_a_seven_played_in_anothers_silence_starts_a_silence_that_binds(
    world: World, fake: FakeTelegram
) -> None:
    """Bob plays a 7 while Alice's silence is on: the silence is his now (until he moves again), and binds
    once the table has shown it, as hers did."""
    hands = {"Alice": ["R7", "R9", "B9"], "Bob": ["B7", "Y2", "Y3"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(seven_silence=True)) as table:
        alice, bob, carol = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await _play_7(table)
        await table.play(bob, "B7")
        await table.bot.tick(2)
        assert "🤫 Until Bob moves, a player who posts takes 4 cards" in table.text()
        fake.user_sends(carol, table.group, "oops")
        await table.deliver()
        state = await table.state()
        assert len(state.hands[carol.id]) == 6 and state.silence_holder is None


async def test_a_move_under_a_silence_the_group_has_read_waits_for_the_tables_settling(
    world: World, fake: FakeTelegram
) -> None:
    """Only the silence's first showing is urgent (it binds once read): a move under it reaches the table
    as any move does, after the settling that folds a burst of moves into one edit."""
    hands = {"Alice": ["R7", "R9", "B7"], "Bob": ["R1", "Y2", "Y3"], "Carol": ["R2", "G2", "G3"]}
    async with playing(world, fake, Rules().changed(seven_silence=True)) as table:
        alice, bob, _ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await _play_7(table)
        await table.bot.tick(2)  # the group has read it
        shown = table.table_message().message_id
        pressed_at = table.bot.clock()
        await table.play(bob, "R1")
        await table.bot.tick(SETTLE_SECONDS + 1)
        edits = [c.time for c in fake.calls_to("editMessageText") if int(c.params["message_id"]) == shown]
        late = [time - pressed_at for time in edits if time >= pressed_at]
        assert len(late) == 1 and late[0] >= SETTLE_SECONDS, late


async def test_a_silence_a_new_table_message_shows_binds_from_when_it_lands(
    world: World, fake: FakeTelegram
) -> None:
    """Alice plays her 7 while Telegram makes the bot wait 8 s before it may edit the table (429), and Bob
    asks for the table with /table: the new message shows the silence as Telegram lets the bot write again,
    and taking it up as the game's table waits 5 s for the database. Only the redraw after that was followed:
    the silence bound from 5 s after the group could read it, and Carol writing meanwhile went free. Now it
    binds from when the new message landed."""
    async with playing(world, fake, Rules().changed(seven_silence=True)) as table:
        alice, bob, carol = table.people
        bot = table.bot
        await table.arrange(HANDS, top="R3", turn=alice)
        await bot.tick(REPOST_MS / 1000)  # the deal's table is no longer the message just above
        fake.fail_next("editMessageText", too_many_requests(8), chat_id=table.group.id)
        data = await table.card_button(alice, "R7")
        assert data is not None
        press(fake, alice, table.hand(alice), data)
        await bot.handle_pending()
        await bot.published(table.group)
        old = table.table_message().message_id
        with reaching_the_game_late(bot, "set_table_message", 5):
            fake.user_sends(bob, table.group, "/table")
            await bot.handle_pending()
            while table.table_message().message_id == old:  # the new message, not landed yet
                await bot.clock.pass_time(1)

            async def taken_up() -> bool:
                record, doc = await bot.game(table.group)
                return record.table_message_id != old and doc.silence_told is not None

            await standing_still(taken_up, "the new table taken up")
        assert SILENCE in table.text()
        fake.user_sends(carol, table.group, "oops")
        await table.deliver()
        state = await table.state()
        assert len(state.hands[carol.id]) == 6 and state.silence_holder is None
