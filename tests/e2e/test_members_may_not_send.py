"""A group whose admin turns its members' "Send messages" permission off (for a night, a spam wave): a bot
that is a plain member may post no new message there, and is not told (its status stays "member"); its edits
go on. It learns it from a refused message (its match pauses), and that it may post again only by trying."""

from __future__ import annotations

from bot.engine.rules import Rules
from bot.service import Place
from bot.tg.callback_data import Action
from tests.e2e.harness import World, hand_message, press_action
from tests.e2e.matches import gathered
from tests.e2e.test_group_language import TAKEN
from tests.e2e.test_muted_for_a_moment import HAND_PAUSED, TABLE_PAUSED
from tests.fake_bot_api import FakeTelegram
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing

PAGE_SETTLES = 30  # seconds for every paced write to go out
STOPPED = "⏹ The game was stopped: I could no longer post here."
GONE = "I could no longer post in the group or topic where it was played."
WON = "🏁 Round 1: Alice wins!"
NOTE_KEPT_SECONDS = 24 * 60 * 60  # a language note owed is kept a day


async def _round_won_while_members_may_not_send(table: Table) -> None:
    """Members' messages go off mid-round: the match goes on on the edited table until Alice wins the round,
    whose result (a new message) is refused."""
    alice, bob = table.people
    await table.arrange({"Alice": ["R1", "R2"], "Bob": ["R5", "B7"]}, top="R3", turn=alice)
    table.fake.turn_members_messages(table.group, on=False)
    await table.play(alice, "R1")
    await table.play(bob, "R5")
    assert "• Bob plays 🟥 5." in table.text()  # edits go on
    await table.play(alice, "R2")
    await table.bot.tick(PAGE_SETTLES)


async def test_a_match_goes_on_until_a_new_message_is_refused_then_pauses_and_the_hands_say_so(
    world: World, fake: FakeTelegram
) -> None:
    """It stopped then ("I could no longer post here"), for good: an admin's spam wave of ten minutes ended
    the match (tests/e2e/test_muted_for_a_moment.py)."""
    async with playing(world, fake, Rules(), ("Alice", "Bob")) as table:
        record, _ = await table.bot.game(table.group)
        await _round_won_while_members_may_not_send(table)
        found = await table.bot.rt.service.find(Place(table.group.id))
        assert found is not None and found[1].paused and found[1].paused_muted
        shown = fake.messages[(table.group.id, record.table_message_id)]
        assert TABLE_PAUSED in (shown.text or "") and not shown.buttons  # its edit landed
        assert not any(WON in (m.text or "") for m in fake.bot_messages_in(table.group))  # refused
        for user in table.people:
            hand = hand_message(fake, user)
            assert (hand.text or "").endswith(HAND_PAUSED["en"]) and not hand.buttons


async def test_a_paused_match_goes_on_at_the_first_message_the_group_takes_again(
    world: World, fake: FakeTelegram
) -> None:
    """No update tells the bot that members may send again: a command there has the bot ask Telegram, and
    the match goes on: the round's result, whose refusal paused it, is posted (it was lost: the group never
    read who won the round), then the table anew with the round's score."""
    async with playing(world, fake, Rules(), ("Alice", "Bob")) as table:
        await _round_won_while_members_may_not_send(table)
        fake.turn_members_messages(table.group, on=True)
        fake.user_sends(table.people[1], table.group, "/rules")
        await table.deliver()
        await table.bot.tick(PAGE_SETTLES)
        found = await table.bot.rt.service.find(Place(table.group.id))
        assert found is not None and not found[1].paused
        said = [m.text or "" for m in fake.bot_messages_in(table.group)][-3:]
        # the match goes on before the command is answered (bot.tg.muted_groups `still_refused`): the owed
        # result first; the table, posted anew, stays at the bottom
        assert spaced(said[0]).startswith(WON) and said[1].startswith("📜 Rules of"), said
        row = "▶️ Alice 🔑: 7\u00a0cards\u00a0·\u00a07"  # 7 points
        assert "🏁 Alice wins round 1." in spaced(said[2]) and row in said[2], said
        assert not found[1].unannounced  # marked posted: a redraw posts it no more


async def test_a_lobby_started_while_members_may_not_send_says_it_stopped_once_the_group_takes_messages(
    world: World, fake: FakeTelegram
) -> None:
    """The lobby became "The game has started!", and the table under it was refused: the group saw a match
    start and nothing more."""
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        fake.turn_members_messages(group, on=False)
        started = press_action(fake, alice, fake.last_bot_message(group), Action.START)
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        assert started.answered and await bot.rt.service.find(Place(group.id)) is None
        assert GONE in (hand_message(fake, bob).text or "")
        fake.turn_members_messages(group, on=True)
        fake.user_sends(bob, group, "/rules")
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        said = [message.text or "" for message in fake.bot_messages_in(group)]
        assert said[-2].startswith(f"{STOPPED}\n\nStandings:") and said[-1].startswith("📜 Rules of"), said


async def test_a_bot_that_is_an_admin_plays_on_when_members_may_not_send(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules(), ("Alice", "Bob")) as table:
        fake.make_admin(fake.bot, table.group)  # (Telegram tells an admin's promotion: not needed here)
        await _round_won_while_members_may_not_send(table)
        assert await table.bot.rt.service.find(Place(table.group.id)) is not None
        assert any(spaced(m.text or "").startswith(WON) for m in fake.bot_messages_in(table.group))


async def test_the_language_a_group_took_while_members_may_not_send_is_told_once_it_takes_messages(
    world: World, fake: FakeTelegram
) -> None:
    """Its first command came from an admin while only admins could send: the word that the group took
    their language was refused with the answer, and is said above the first answer that lands."""
    admin, other = fake.add_user("Админ", language_code="ru"), fake.add_user("Other", language_code="en")
    group = fake.add_group("Клуб", members=[other], creator=admin)
    async with world.running(default_language="en") as bot:
        fake.turn_members_messages(group, on=False)
        fake.user_sends(admin, group, "/rules")
        await bot.deliver()
        fake.turn_members_messages(group, on=True)
        fake.user_sends(other, group, "/rules")
        await bot.deliver()
        said = [message.text or "" for message in fake.bot_messages_in(group)]
        assert said[0] == TAKEN["ru"] and len(said) == 2, said


async def test_a_group_that_never_lets_members_send_again_is_owed_no_language_note_for_ever(
    world: World, fake: FakeTelegram
) -> None:
    """A group where only admins may send (news, say) refused the word for good: it was kept for as long as
    the bot ran, as was each such group's."""
    admin = fake.add_user("Админ", language_code="ru")
    group = fake.add_group("Клуб", members=[], creator=admin)
    other = fake.add_user("Other")
    elsewhere = fake.add_group("Friends", members=[other])
    async with world.running(default_language="en") as bot:
        fake.turn_members_messages(group, on=False)
        fake.user_sends(admin, group, "/rules")
        await bot.deliver()
        assert len(bot.rt.language_notes_owed) == 1
        await bot.tick(NOTE_KEPT_SECONDS)
        fake.user_sends(other, elsewhere, "/rules")  # a command anywhere: what was owed a day is let go
        await bot.deliver()
        assert len(bot.rt.language_notes_owed) == 0
