"""A player out of a match that goes on: left, kicked, removed from the group or for missed turns, their
account deleted. Their hand says why and keeps no buttons (across a restart too), their /hand and /start
say so, the host's crown passes on when its holder leaves, and deleted accounts are named as on the boards."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

import pytest

from bot.engine.rules import Rules
from bot.tg.callback_data import Action
from tests.e2e.crashed import as_after_a_crash
from tests.e2e.harness import Bot, World, buttons, choices, hand_message, press, press_action
from tests.e2e.matches import gathered, started, stop_question, whose_turn
from tests.fake_bot_api import Chat, FakeTelegram, Message, User
from tests.narrow_phone import spaced
from tests.rules_in_play.table import playing

PAGE_SETTLES = 30  # seconds for every paced edit to go out


async def _leaves(bot: Bot, fake: FakeTelegram, group: Chat, user: User, creator: User) -> None:
    fake.user_sends(user, group, "/leave")
    await bot.deliver()


async def _is_kicked(bot: Bot, fake: FakeTelegram, group: Chat, user: User, creator: User) -> None:
    said = fake.user_sends(user, group, "hi all")
    fake.user_sends(creator, group, "/kick", reply_to=said)
    await bot.deliver()


async def _leaves_the_group(bot: Bot, fake: FakeTelegram, group: Chat, user: User, creator: User) -> None:
    fake.user_leaves_group(user, group)  # a service message only: the bot is no admin
    await bot.deliver()


async def _is_removed_from_the_group(
    bot: Bot, fake: FakeTelegram, group: Chat, user: User, creator: User
) -> None:
    fake.make_admin(fake.bot, group)  # an admin bot is told by a chat_member update
    fake.user_leaves_group(user, group, by=creator, service_message=False)
    await bot.deliver()


Removal = Callable[[Bot, FakeTelegram, Chat, User, User], Awaitable[None]]


KICKED_HAND = "🃏 You were removed from the game in Friends."


LEFT_HAND = "🃏 You're no longer in the game in Friends."


@pytest.mark.parametrize(
    ("removal", "said", "hand_asked"),
    [
        (_leaves, "You left this game.", LEFT_HAND),
        (_is_kicked, "Alice removed you from this game.", KICKED_HAND),
        (_leaves_the_group, "You left this game.", LEFT_HAND),
        (_is_removed_from_the_group, "Alice removed you from this game.", KICKED_HAND),
    ],
    ids=["leaves", "is kicked", "leaves the group", "is removed from the group"],
)
async def test_a_player_out_of_the_match_is_told_why_and_keeps_no_buttons(
    world: World, fake: FakeTelegram, removal: Removal, said: str, hand_asked: str
) -> None:
    """(Session 60) A /hand in private then read "You're not playing in any game now. Send /new in a group to
    open one.", the match they were in going on; a /start, the newcomer's greeting."""
    async with started(world, fake, ("Alice", "Bob", "Carol", "Dave")) as (bot, group, people):
        _, doc = await bot.game(group)
        out = next(user for user in people[1:] if user.id != doc.state.actor)
        hand = hand_message(fake, out)
        page = next(data for _, data in buttons(hand) if data.action is Action.TRY)  # a card not playable
        await removal(bot, fake, group, out, people[0])
        _, doc = await bot.game(group)
        assert out.id not in doc.state.players
        query = press(fake, out, hand, page)  # pressed before the hand's edit arrived
        await bot.deliver()
        assert query.show_alert and query.answer_text == "You are no longer in this game."
        await bot.tick(PAGE_SETTLES)
        hand = hand_message(fake, out)
        assert hand.text == f"Friends\n{said}" and not hand.buttons
        # the hand says so: no word after it, as a lobby's kicked player is told
        assert fake.last_bot_message(fake.private_chat(out)) == hand
        fake.user_sends(out, fake.private_chat(out), "/hand")
        await bot.deliver()
        assert fake.last_bot_message(fake.private_chat(out)).text == hand_asked
        fake.user_sends(out, fake.private_chat(out), "/start")  # not the newcomer's greeting either
        await bot.deliver()
        assert fake.last_bot_message(fake.private_chat(out)).text == hand_asked
        if removal in (_leaves, _is_kicked):  # (session 61) not "You're not playing in the game here"
            fake.user_sends(out, group, "/hand")
            await bot.deliver()
            kicked = hand_asked == KICKED_HAND
            here = "🃏 You were removed from this game." if kicked else "🃏 You're no longer in this game."
            assert fake.last_bot_message(group).text == here


async def test_a_start_from_one_removed_who_awaits_the_next_game_says_both(
    world: World, fake: FakeTelegram
) -> None:
    """Bob, removed from the match, sends /notifyme for the next game, and a Start (as its answer would ask of
    one the bot could not write to): told he is out of the match, and that he will hear of the next game here,
    where the first alone read as though his /notifyme had come to nothing."""
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, (alice, bob, _)):
        await _is_kicked(bot, fake, group, bob, alice)
        fake.user_sends(bob, group, "/notifyme")
        fake.user_sends(bob, fake.private_chat(bob), "/start")
        await bot.deliver()
        assert fake.last_bot_message(fake.private_chat(bob)).text == (
            f"{KICKED_HAND}\n🔔 I'll write to you here when the next game opens in Friends. More: /help"
        )


async def test_a_player_removed_by_an_admin_outside_the_match_is_told_which_chat_admin_did_it(
    world: World, fake: FakeTelegram
) -> None:
    """(session 61) "A chat admin removed you" left unnamed the admin the group's notice names."""
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, (_, bob, _)):
        admin = fake.add_user("Zoe")
        fake.make_admin(admin, group)
        fake.user_sends(admin, group, "/kick Bob")
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        assert hand_message(fake, bob).text == "Friends\nZoe, a chat admin, removed you from this game."


async def _out_then_restarted(
    world: World, fake: FakeTelegram, forget: tuple[str, ...] = ()
) -> list[Message]:
    """Bob leaves, Alice kicks Carol; their hands show a stale text when the bot restarts, with the stored
    game missing the fields named in `forget` (as a game saved before they were kept)."""
    async with started(world, fake, ("Alice", "Bob", "Carol", "Dave")) as (bot, group, people):
        alice, bob, carol, _ = people
        fake.user_sends(bob, group, "/leave")
        fake.user_sends(alice, group, "/kick Carol")
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        record, _ = await bot.game(group)
        async with bot.rt.database.unit_of_work() as uow:
            stored = await uow.games.get(record.id)
            assert stored is not None
            kept = {key: value for key, value in stored.state.items() if key not in forget}
            await uow.games.save(replace(stored, state=kept))
        hands = [hand_message(fake, bob), hand_message(fake, carol)]
        for hand in hands:
            hand.text = "Your turn (a write the crashed bot never made)"
    await as_after_a_crash(world)
    async with world.running():
        return hands


async def test_why_a_player_is_out_survives_a_restart(world: World, fake: FakeTelegram) -> None:
    bob, carol = await _out_then_restarted(world, fake)
    assert bob.text == "Friends\nYou left this game."
    assert carol.text == "Friends\nAlice removed you from this game."


async def test_a_game_saved_before_the_bot_kept_how_players_left_says_only_that_they_are_out(
    world: World, fake: FakeTelegram
) -> None:
    bob, carol = await _out_then_restarted(world, fake, forget=("departures", "kicked_by"))
    assert bob.text == "Friends\nYou are no longer in this game."
    assert carol.text == "Friends\nYou were removed from this game."  # `kicked` was kept before


async def test_a_player_removed_for_missed_turns_is_not_left_with_a_turn(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules().changed(afk_limit=1)) as table:
        _, bob, _ = table.people
        await table.arrange({"Alice": ["R1", "R2"]}, top="R3", turn=bob)
        state = await table.state()
        assert state.turn_deadline is not None
        await table.bot.tick(state.turn_deadline / 1000 - table.bot.clock() + 1)
        assert bob.id not in (await table.state()).players
        await table.bot.tick(PAGE_SETTLES)
        hand = table.hand(bob)
        said = "Your time ran out on your turn, so you are out of this game. "
        assert hand.text == f"Friends\n{said}You can join the next game in the group."
        assert not hand.buttons


async def test_when_the_creator_leaves_the_match_the_next_person_runs_it(
    world: World, fake: FakeTelegram
) -> None:
    names = ("Alice", "Bob", "Carol", "Dave")
    async with started(world, fake, names) as (bot, group, (alice, bob, carol, _)):
        record, _ = await bot.game(group)
        fake.user_sends(alice, group, "/leave")  # Alice opened the game
        await bot.deliver()
        _, doc = await bot.game(group)
        assert alice.id not in doc.state.players and doc.creator == bob.id
        question = await stop_question(bot, fake, group, alice)  # out of the match: no say in it
        refused = "Only the host, Bob, or a chat admin can do that."
        assert question.text == refused and not question.buttons
        said = fake.user_sends(carol, group, "hi")
        fake.user_sends(bob, group, "/kick", reply_to=said)
        await bot.deliver()
        _, doc = await bot.game(group)
        assert carol.id not in doc.state.players  # Bob runs the game now
        await bot.tick(PAGE_SETTLES)
        recent = (fake.messages[(group.id, record.table_message_id)].text or "").split("Recent:\n")[1]
        assert recent.splitlines()[-2:] == [
            "• Alice leaves the game. 🔑 Bob is now the host (/stop, /kick).",
            "• Bob removes Carol from the game.",  # Carol ran nothing: no crown is handed on
        ]


async def test_a_creator_who_leaves_the_last_opponent_the_win_hands_nothing_on(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        record, _ = await bot.game(group)
        fake.user_sends(alice, group, "/leave")
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        table = fake.messages[(group.id, record.table_message_id)].text or ""
        assert "• Alice leaves the game." in table and "🔑" not in table  # the match is over


async def test_a_creator_who_left_the_lobby_and_came_back_hands_nothing_on_leaving_the_match(
    world: World, fake: FakeTelegram
) -> None:
    async with gathered(world, fake, ("Alice", "Bob", "Carol"), quick=True) as (bot, group, (alice, bob, _)):
        lobby = fake.last_bot_message(group)
        fake.user_sends(alice, group, "/leave")  # Bob runs the lobby now
        await bot.deliver()
        press_action(fake, alice, lobby, Action.JOIN)
        await bot.deliver()
        press_action(fake, bob, lobby, Action.START)
        await bot.deliver()
        record, _ = await bot.game(group)
        fake.user_sends(alice, group, "/leave")
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        recent = (fake.messages[(group.id, record.table_message_id)].text or "").split("Recent:\n")[1]
        assert recent.splitlines()[-1] == "• Alice leaves the game."  # she did not run the match


async def test_the_group_is_told_in_russian_who_runs_the_game_after_its_creator(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules(), ("Алиса", "Боб", "Гоша"), language="ru") as table:
        alice = table.people[0]
        fake.user_sends(alice, table.group, "/leave")
        await table.deliver()
        await table.bot.tick(PAGE_SETTLES)
        assert "• Алиса выходит из игры. 🔑 Теперь игру ведёт Боб (/stop, /kick)." in table.text()
        assert table.hand(alice).text == "Friends\nВы вышли из этой игры."  # noqa: RUF001


async def test_a_player_whose_account_was_deleted_leaves_the_match(world: World, fake: FakeTelegram) -> None:
    """Their turns timed out one by one (without a turn timer the match waited for them) under "🔇 can't
    get their cards: they should open the chat with the bot and press Start", which a deleted account never
    can."""
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, (alice, bob, carol)):
        fake.user_deletes_account(bob)
        actor = await whose_turn(bot, group, [alice, bob, carol])
        assert actor is alice  # the seeded deal: her move edits Bob's hand, which Telegram refuses
        hand = hand_message(fake, actor)
        press(fake, actor, hand, choices(hand)[0])
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        record, doc = await bot.game(group)
        assert bob.id not in doc.unreachable and bob.id in doc.departures
        assert record.table_message_id is not None
        table = fake.messages[(group.id, record.table_message_id)].text or ""
        assert "A player's account was deleted: they leave the game." in table and "🔇" not in table, table
        assert not [m.text for m in fake.bot_messages_in(group) if "can't get their cards" in (m.text or "")]
        assert doc.names[bob.id] == ""  # the game keeps his name no more than the boards do


async def test_one_who_left_the_match_and_then_blocks_the_bot_is_no_news_to_the_group(
    world: World, fake: FakeTelegram
) -> None:
    """Bob left the match, then blocked the bot: he has no turns to time out, so the group reads no "Bob
    can't get their cards" notice, and the game does not mark him 🔇 (a mark his Start would then have to
    take away, redrawing the table for nothing)."""
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        bob = people[1]
        fake.user_sends(bob, group, "/leave")
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        posted = len(fake.bot_messages_in(group))
        fake.user_blocks_bot(bob)
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        assert len(fake.bot_messages_in(group)) == posted, fake.last_bot_message(group).text
        record, doc = await bot.game(group)
        assert bob.id not in doc.unreachable
        assert "🔇" not in (fake.messages[(group.id, record.table_message_id)].text or "")


async def test_deleted_accounts_are_named_as_on_the_boards_and_their_leaving_says_why(
    world: World, fake: FakeTelegram
) -> None:
    """(helper-365's privacy transcript, session 51) A player's account deleted mid-match, the table first
    told "• Bob leaves the game." (as if by /leave), then, their name gone, "• Player 3 plays 🟩 4." on every
    line of theirs, while the boards said "Deleted account". Now it is "Deleted account" from the first
    redraw on, two of them told apart, and their leaving says why."""
    async with started(world, fake, ("Alice", "Bob", "Carol", "Dave")) as (bot, group, people):
        _, bob, carol, _ = people
        moved: set[int] = set()  # Bob and Carol have lines of their own, then Alice or Dave is on turn
        actor = await whose_turn(bot, group, people)
        while not {bob.id, carol.id} <= moved or actor in (bob, carol):
            hand = hand_message(fake, actor)
            press(fake, actor, hand, choices(hand)[0])
            await bot.deliver()
            moved.add(actor.id)
            actor = await whose_turn(bot, group, people)
        fake.user_deletes_account(bob)
        fake.user_deletes_account(carol)
        hand = hand_message(fake, actor)
        press(fake, actor, hand, choices(hand)[0])  # the hands it edits are refused
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        record, doc = await bot.game(group)
        assert {bob.id, carol.id} <= doc.departures.keys() and doc.names[bob.id] == doc.names[carol.id] == ""
        table = spaced(fake.messages[(group.id, record.table_message_id)].text or "").splitlines()
    recent = table[table.index("Recent:") + 1 :]
    assert {"• Deleted account plays 🟥 4.", "• Deleted account ² plays 🟩 4."} <= set(recent), table
    assert recent[-2:] == ["• A player's account was deleted: they leave the game."] * 2, table
    assert not [line for line in table if "Bob" in line or "Carol" in line or "Player " in line], table
