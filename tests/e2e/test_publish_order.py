"""Changes of one game are shown in the order they were committed, however long a press's answer takes: a
busy bot (a loaded machine, a slow network) may still be answering a press when the next change is saved."""

from __future__ import annotations

import asyncio

from bot.engine.rules import Rules
from bot.tg.callback_data import Action
from tests.e2e.harness import World, press, press_action
from tests.e2e.matches import started, stop
from tests.fake_bot_api import FakeTelegram
from tests.rules_in_play.table import playing


async def test_a_kick_saved_while_a_press_is_answered_is_not_drawn_over_by_that_press(
    world: World, fake: FakeTelegram
) -> None:
    """Bob played a card, and Alice kicked him while the answer to his press was on its way: his hand said
    he was removed, then the play's redraw, published once the answer had gone, put his cards and buttons
    back over it (a monkey run under load found the kicked player's hand so at the end)."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        bot = table.bot
        await table.arrange(
            {"Alice": ["R1", "G2"], "Bob": ["R6", "G7", "B8"], "Carol": ["B1", "Y2"]}, top="R3", turn=bob
        )
        on_its_way, arrives = hold_the_first_answer(fake)
        card = await table.card_button(bob, "R6")
        assert card is not None
        press(fake, bob, table.hand(bob), card)
        pressed = asyncio.ensure_future(bot.handle_pending())  # saved, then answered: held
        await asyncio.wait_for(on_its_way.wait(), 5)
        fake.user_sends(alice, table.group, "/kick Bob")
        await bot.handle_pending()
        arrives.set()
        await bot.clock.run(pressed)
        await bot.settle()
        assert bob.id not in (await table.state()).players
        shown = table.hand(bob)
        assert (shown.text or "").endswith("Alice removed you from this game.")
        assert not shown.buttons


async def test_a_join_while_play_again_is_answered_is_not_drawn_over_by_the_new_lobby(
    world: World, fake: FakeTelegram
) -> None:
    """Bob pressed Play again, and Alice sent /join while the answer to his press was on its way: the new
    lobby, published once the answer had gone, was drawn over the one she had joined (Bob alone in it)."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        await stop(bot, fake, group, alice)
        standings = next(m for m in reversed(fake.bot_messages_in(group)) if "Standings:" in (m.text or ""))
        on_its_way, arrives = hold_the_first_answer(fake)
        press_action(fake, bob, standings, Action.AGAIN)
        pressed = asyncio.ensure_future(bot.handle_pending())  # the lobby saved, then the press answered
        await asyncio.wait_for(on_its_way.wait(), 5)
        fake.user_sends(alice, group, "/join")
        await bot.handle_pending()
        arrives.set()
        await bot.clock.run(pressed)
        await bot.settle()
        lobby, doc = await bot.game(group)
        assert doc.players == (bob.id, alice.id)
        shown = [m for m in fake.bot_messages_in(group) if m.message_id > standings.message_id]
        assert [m.message_id for m in shown] == [lobby.table_message_id]  # one lobby, posted once
        assert "Players (2/10):\n1. Bob 🔑\n2. Alice" in (shown[0].text or "")


async def test_a_change_published_after_a_newer_one_leaves_the_newest_screens(
    world: World, fake: FakeTelegram
) -> None:
    """Whatever a handler awaits between its save and its publish, an older change published after a newer
    one must not leave its screens up: Dave left, then Alice kicked Bob, and Dave's leaving was published
    last, and its table seated Bob again."""
    async with playing(world, fake, Rules(), ("Alice", "Bob", "Carol", "Dave")) as table:
        alice, bob, carol, dave = table.people
        bot = table.bot
        record, _ = await bot.game(table.group)
        older = await bot.rt.service.leave(record.id, dave.id)
        newer = await bot.rt.service.kick(record.id, alice.id, True, bob.id)
        assert older.game.version < newer.game.version
        await bot.clock.run(await bot.rt.after(newer))
        await bot.clock.run(await bot.rt.after(older))
        await bot.settle()
        assert set((await table.state()).players) == {alice.id, carol.id}
        assert "Bob: " not in table.text()  # no longer seated (his removal is among the recent moves)
        shown = table.hand(bob)
        assert (shown.text or "").endswith("Alice removed you from this game.")
        assert not shown.buttons


async def test_a_change_published_after_the_stop_that_ended_its_game_leaves_the_last_screens(
    world: World, fake: FakeTelegram
) -> None:
    """Dave left, then Alice stopped the match, and Dave's leaving was published last: the stop had let the
    game go (nothing of it kept), and Carol's hand got its buttons back, the table its running match."""
    async with playing(world, fake, Rules(), ("Alice", "Bob", "Carol", "Dave")) as table:
        alice, bob, carol, dave = table.people
        bot = table.bot
        record, _ = await bot.game(table.group)
        older = await bot.rt.service.leave(record.id, dave.id)
        newer = await bot.rt.service.stop(record.id, alice.id, True)
        await bot.clock.run(await bot.rt.after(newer))
        await bot.settle()
        last = {m.message_id: m.text for m in fake.bot_messages_in(table.group)}
        await bot.clock.run(await bot.rt.after(older))
        await bot.settle()
        for player in (alice, bob, carol):
            assert not table.hand(player).buttons
        shown = {m.message_id: m.text for m in fake.bot_messages_in(table.group)}
        assert {i: shown[i] for i in last} == last  # the stopped match's table as it was; Dave's notice below


def hold_the_first_answer(fake: FakeTelegram) -> tuple[asyncio.Event, asyncio.Event]:
    """The next press's answer is held on its way (the first event is set then) until the second is set."""
    on_its_way, arrives = asyncio.Event(), asyncio.Event()

    async def hold_the_answer(method: str, chat_id: str | None) -> None:
        if method == "answerCallbackQuery" and not on_its_way.is_set():
            on_its_way.set()
            await arrives.wait()

    fake.transit = hold_the_answer
    return on_its_way, arrives
