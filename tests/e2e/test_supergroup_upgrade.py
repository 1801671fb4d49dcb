"""A group upgraded to a supergroup mid-game (Telegram moves it to a new chat id): what was asked or pressed
in the old group before the upgrade still leads somewhere in the supergroup, by the group's own settings."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine.rules import Rules, Scoring
from bot.service import Place
from bot.tg.callback_data import Action
from bot.tg.pacing_queue import Send
from tests.e2e.harness import Bot, World, buttons, held_at_the_game, press, press_action, standing_still
from tests.e2e.matches import (
    ONE_ROUND,
    deal,
    deal_short_matches,
    fill_the_groups_window,
    gathered,
    play_until_over,
    started,
    stop_answer,
    stop_question,
    use_quick_rules,
)
from tests.fake_bot_api import Chat, FakeTelegram, Message
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing


async def test_play_again_under_a_match_ended_before_the_upgrade_opens_a_lobby_by_the_groups_rules(
    world: World, fake: FakeTelegram
) -> None:
    """The old group's Play again, pressed after the upgrade: the lobby came to the supergroup with the
    official rules (the group's settings had moved on with it), its match would have played to 500."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await use_quick_rules(world, group, {**ONE_ROUND, "hand_size": 5})
    deal_short_matches(world)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        await play_until_over(bot, group, {alice.id: alice, bob.id: bob})
        ended = fake.last_bot_message(group)
        supergroup = fake.migrate_to_supergroup(group)
        await bot.deliver()
        press_action(fake, bob, ended, Action.AGAIN)
        await bot.deliver()
        _, lobby = await bot.game(supergroup)
        assert lobby.players == (bob.id,)
        assert lobby.rules.hand_size == 5
        assert "5 cards each" in spaced(fake.last_bot_message(supergroup).text or "")


async def test_stop_in_the_supergroup_asks_though_the_old_group_was_asked_before_the_upgrade(
    world: World, fake: FakeTelegram
) -> None:
    """The question left in the old group is out of date (its buttons say so): /stop in the supergroup got
    no answer at all for two minutes, as if the question were still there to answer."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        old_question = await stop_question(bot, fake, group, alice)
        supergroup = fake.migrate_to_supergroup(group)
        await bot.deliver()
        late = press(fake, alice, old_question, stop_answer(old_question, yes=True))
        await bot.deliver()
        assert late.answer_text == "This button is out of date. Use the newest message."
        question = await stop_question(bot, fake, supergroup, alice)
        assert question.text == "Stop the game for everyone?"
        press(fake, alice, question, stop_answer(question, yes=True))
        await bot.deliver()
        assert (await bot.rt.service.find(Place(supergroup.id))) is None


async def test_a_setting_typed_as_the_group_became_a_supergroup_is_answered_there(
    world: World, fake: FakeTelegram
) -> None:
    """An admin typed /settings hand_size 9 just as the group was upgraded: the bot could no longer ask the
    old group who its admins are, and the command went unanswered (an error in the log), nothing saved; so
    did /rules sent with it. Sent again in the supergroup, as the answer there asks, it is saved."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[bob], creator=alice)
    async with world.running() as bot:
        fake.user_sends(alice, group, "/settings hand_size 9")
        fake.user_sends(bob, group, "/rules")
        supergroup = fake.migrate_to_supergroup(group)
        await bot.deliver()
        answers = [message.text or "" for message in fake.bot_messages_in(supergroup)]
        assert answers[0] == "⚠️ This group has just become a supergroup. Please send the command again."
        assert answers[1].startswith("📜 Rules of this chat: Official rules")  # answered there too
        fake.user_sends(alice, supergroup, "/settings hand_size 9")
        await bot.deliver()
        assert spaced(fake.last_bot_message(supergroup).text or "") == "✅ Hand size: 9 cards"


def _upgraded_as_it_lands(bot: Bot, fake: FakeTelegram, group: Chat) -> list[Message]:
    """The group's next new message of the bot is posted, then the group upgraded, the bot told of that
    before the answer to its post reaches it; that message, once posted."""
    posted: list[Message] = []

    async def upgraded_meanwhile(method: str, chat_id: str | None) -> None:
        if method == "sendMessage" and chat_id == str(group.id) and not posted:
            posted.append(fake.last_bot_message(group))
            fake.migrate_to_supergroup(group)
            await bot.handle_pending()

    fake.transit_back = upgraded_meanwhile
    return posted


async def _followed(bot: Bot, message: Message) -> bool:
    """Whether the bot still follows `message` (to edit or delete it), in memory or written down."""
    key = (message.chat.id, message.message_id)
    async with bot.rt.database.unit_of_work() as uow:
        return key in bot.rt.fleeting or key in await uow.tracked.all()


async def test_a_notice_the_bot_hears_of_after_the_upgrade_is_let_be(
    world: World, fake: FakeTelegram
) -> None:
    """Bob's "can't get their cards" was posted just before the upgrade, whose news reached the bot before the
    answer to its post did: the game moved on to the supergroup, its notices left as they are in the old
    group, and then this one was followed for 48 hours all the same (its row, its memory) though the bot can
    no longer edit or delete it there."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (_, bob)):
        posted = _upgraded_as_it_lands(bot, fake, group)
        fake.user_blocks_bot(bob)
        await bot.deliver()
        [notice] = posted
        assert "Bob can't get their cards" in (notice.text or "")
        assert group.migrated_to is not None and await bot.game(fake.chats[group.migrated_to])
        assert not await _followed(bot, notice)


async def test_an_idle_warning_the_bot_hears_of_after_the_upgrade_is_let_be(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules().changed(turn_seconds=0)) as table:
        bob = table.people[1]
        await table.arrange({"Alice": ["R1"], "Bob": ["R5", "G5"], "Carol": ["B7"]}, top="R3", turn=bob)
        posted = _upgraded_as_it_lands(table.bot, fake, table.group)
        await table.bot.tick(50 * 60)
        [warning] = posted
        assert (warning.text or "").startswith("⏳")
        assert not await _followed(table.bot, warning)


async def test_a_deals_table_that_lands_in_the_group_as_it_is_upgraded_is_posted_again_in_the_supergroup(
    world: World, fake: FakeTelegram
) -> None:
    """The deal's table was posted in the group just as it became a supergroup, the bot told of the upgrade
    before the answer to its post: that message is the old group's, not the game's table; the supergroup
    gets its own, and no edit there names the old group's message (its id, in the supergroup, is another
    message: someone's, or another of the bot's)."""
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        lobby = fake.last_bot_message(group)
        posted = _upgraded_as_it_lands(bot, fake, group)
        press_action(fake, alice, lobby, Action.START)
        await bot.deliver()
        await bot.tick(30)
        [landed] = posted
        assert "Top card:" in (landed.text or "")
        assert group.migrated_to is not None
        supergroup = fake.chats[group.migrated_to]
        record, _ = await bot.game(supergroup)
        tables = [m for m in fake.bot_messages_in(supergroup) if "Top card:" in (m.text or "")]
        assert [m.message_id for m in tables] == [record.table_message_id]
        edits = [
            c for c in fake.calls_to("editMessageText") if str(c.params["chat_id"]) == str(supergroup.id)
        ]
        assert {c.params["message_id"] for c in edits} <= {str(record.table_message_id)}


@pytest.mark.parametrize("app_language", ["en", None])
async def test_the_old_groups_passing_answers_are_let_be(
    world: World, fake: FakeTelegram, app_language: str | None
) -> None:
    """/rules answered in the group just before it became a supergroup: its deletion, ten minutes on, went to
    the old group, which refuses every call ("group chat was upgraded"), its row and memory kept till then.
    Asked by one whose app names no language, the bot keeps nothing of the group, nothing moves to the
    supergroup: its answer is let be all the same (mutation audit, session 53)."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob", language_code=app_language)
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        fake.user_sends(bob, group, "/rules")
        await bot.deliver()
        answer = fake.last_bot_message(group)
        fake.migrate_to_supergroup(group)
        await bot.deliver()
        assert not await _followed(bot, answer)
        await bot.tick(11 * 60)
        assert not [c for c in fake.calls_to("deleteMessage") if str(c.params["chat_id"]) == str(group.id)]


async def _last_card_played_in_a_flood(table: Table) -> None:
    """Alice plays her last card while Telegram holds the group's writes back (429, retry after ~50 s): the
    table's edit and the results wait in the group's queue, virtual time standing still from here."""
    alice = table.people[0]
    await table.arrange({"Alice": ["R5"], "Bob": ["R8"], "Carol": ["B7"]}, top="R3", turn=alice)
    table.fake.flood.limits.group_writes = 1  # the group's last minute holds more of the bot's writes
    last_card = await table.card_button(alice, "R5")
    assert last_card is not None
    press(table.fake, alice, table.hand(alice), last_card)
    await asyncio.wait(await table.bot.handed())

    async def results_queued() -> bool:
        pacer = table.bot.rt.pacer
        assert pacer is not None
        queue = pacer._chats[table.group.id].jobs
        return any(isinstance(job, Send) and job.render.text.startswith(("🏁", "🏆")) for job in queue)

    await standing_still(results_queued, "the results queued in the group")


async def _upgrade_heard_of_at_once(table: Table) -> Chat:
    """The group becomes a supergroup, the bot told of it before the group's flood wait is over."""
    supergroup = table.fake.migrate_to_supergroup(table.group)
    await asyncio.wait(await table.bot.handed())
    await table.bot.settle()
    return supergroup


async def test_a_matchs_results_held_back_by_a_flood_in_the_group_are_posted_in_the_supergroup(
    world: World, fake: FakeTelegram
) -> None:
    """As below, for the match's end: the game had ended, and only the games still on were drawn again in the
    supergroup, which never learned who won, nor got Play again."""
    async with playing(world, fake, Rules().changed(scoring=Scoring.SINGLE_ROUND)) as table:
        await _last_card_played_in_a_flood(table)
        supergroup = await _upgrade_heard_of_at_once(table)
        [results] = [m for m in fake.bot_messages_in(supergroup) if (m.text or "").startswith("🏆")]
        assert (results.text or "").startswith("🏆 Alice wins the match!")
        assert any(data.action is Action.AGAIN for _, data in buttons(results))


async def test_a_rounds_results_held_back_by_a_flood_in_the_group_are_posted_in_the_supergroup(
    world: World, fake: FakeTelegram
) -> None:
    """Alice's last card ended the round while Telegram held the group's writes back (429, retry after ~50
    s), and the group became a supergroup meanwhile: the supergroup got the round's end on its new table,
    then the next deal's, never the results (the ones queued in the old group, refused once its wait was
    over, were still on their way when the game moved, so its redraw there left them to that post)."""
    async with playing(world, fake, Rules()) as table:
        await _last_card_played_in_a_flood(table)
        supergroup = await _upgrade_heard_of_at_once(table)
        said = [(m, spaced(m.text or "")) for m in fake.bot_messages_in(supergroup)]
        results = [m for m, text in said if text.startswith("🏁 Round 1")]
        assert [text.splitlines()[0] for _, text in said if text.startswith("🏁 Round 1")] == [
            "🏁 Round 1: Alice wins!"
        ]
        record, _ = await table.bot.game(supergroup)
        assert record.table_message_id is not None and results[0].message_id < record.table_message_id


async def test_an_idle_warning_held_back_by_a_busy_group_is_posted_in_the_supergroup_and_goes_at_the_move(
    world: World, fake: FakeTelegram
) -> None:
    """ "⏳ Bob, your move" waited for the group's window, and the group became a supergroup meanwhile: the
    warning failed as the upgrade was heard of, and the supergroup never learned the match would stop
    (nothing asks for it again, unlike the table or the results). Posted there, it goes once Bob moves, as
    one posted in the group would: it stayed up, out of date, followed by nothing. Its mention of Bob is the
    turn's, as in the group: the game stored none, and the supergroup's new table pinged him again."""
    async with playing(world, fake, Rules().changed(turn_seconds=0)) as table:
        bob = table.people[1]
        await table.arrange({"Alice": ["R1"], "Bob": ["R5", "G5"], "Carol": ["B7"]}, top="R3", turn=bob)
        table.bot.clock.advance(50 * 60)
        await fill_the_groups_window(table.bot, table.group)
        await table.bot.timers.run_due()  # the warning, queued behind the window
        supergroup = await _upgrade_heard_of_at_once(table)
        await table.bot.tick(30)
        warnings = [m for m in fake.bot_messages_in(supergroup) if (m.text or "").startswith("⏳")]
        assert len(warnings) == 1 and "Bob" in (warnings[0].text or "")
        assert not [m for m in fake.bot_messages_in(table.group) if (m.text or "").startswith("⏳")]
        pinging = [m for m in fake.bot_messages_in(supergroup) if f"tg://user?id={bob.id}" in str(m.entities)]
        assert pinging == warnings
        _, doc = await table.bot.game(supergroup)
        assert doc.turn_mention == (doc.turn_began, warnings[0].message_id)
        table.group = supergroup  # where the game is read from now
        await table.play(bob, "R5")
        await table.bot.tick(30)
        assert not [m for m in fake.bot_messages_in(supergroup) if (m.text or "").startswith("⏳")]


async def test_the_old_groups_table_adopted_late_leaves_the_supergroups_mention_to_it(
    world: World, fake: FakeTelegram
) -> None:
    """The deal's table landed in the group as it became a supergroup, and its adoption came only once the
    supergroup's own table was drawn (not yet adopted): it took that one's mention of the turn, which the game
    never stored, and Bob could be mentioned again in the same turn. (The deal's table mentions the first
    mover only when no hand can ring them for their turn: Bob blocked the bot.)"""
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        lobby = fake.last_bot_message(group)
        fake.user_blocks_bot(bob)
        await bot.deliver()
        supergroup_drawn, armed = asyncio.Event(), False
        with held_at_the_game(bot, "load", when=lambda *_: armed) as (old_adopting, go):

            async def in_transit(method: str, chat_id: str | None) -> None:
                nonlocal armed
                if method != "sendMessage":
                    return
                if chat_id == str(group.id) and group.migrated_to is None:
                    fake.migrate_to_supergroup(group)
                    await bot.handle_pending()
                    await supergroup_drawn.wait()  # the old table's answer reaches the bot after that
                elif group.migrated_to is not None and chat_id == str(group.migrated_to):
                    armed = True  # the old table's adoption, the one load until the supergroup's is in
                    supergroup_drawn.set()
                    await old_adopting.wait()
                    armed = False
                    go.set()

            fake.transit_back = in_transit
            press_action(fake, alice, lobby, Action.START)
            await bot.deliver()
            await bot.tick(30)
        assert group.migrated_to is not None
        record, doc = await bot.game(fake.chats[group.migrated_to])
        assert doc.turn_mention == (doc.turn_began, record.table_message_id)


async def test_a_notice_held_back_by_a_busy_group_is_posted_in_the_supergroup_and_goes_with_its_player(
    world: World, fake: FakeTelegram
) -> None:
    """Bob's "can't get their cards" waited for the group's window, and the group became a supergroup
    meanwhile: posted there, it goes once Bob leaves the game, as one posted in the group would."""
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, (_, bob, _)):
        await fill_the_groups_window(bot, group)
        fake.user_blocks_bot(bob)
        await asyncio.wait(await bot.handed())  # the notice, queued behind the window
        supergroup = fake.migrate_to_supergroup(group)
        await asyncio.wait(await bot.handed())
        await bot.settle()
        await bot.tick(30)
        notice = "Bob can't get their cards"
        assert len([m for m in fake.bot_messages_in(supergroup) if (m.text or "").startswith(notice)]) == 1
        fake.user_sends(bob, supergroup, "/leave")
        await bot.deliver()
        await bot.tick(30)
        assert not [m for m in fake.bot_messages_in(supergroup) if (m.text or "").startswith(notice)]
