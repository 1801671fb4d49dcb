"""/forgetme waits until the user is in no game: a game's end writes its players' results, rating and totals
and keeps their names, so deleting them before it would only bring them back."""

from __future__ import annotations

import json

from sqlalchemy import select

from bot.storage.models import Game, MatchResult
from bot.tg.callback_data import Action
from tests.e2e.harness import Bot, World, press_action
from tests.e2e.matches import ONE_ROUND, deal, open_lobby, play_until_over, use_quick_rules
from tests.fake_bot_api import FakeTelegram, Message, User

IN_LOBBY = (
    "You are in a game in Home that hasn't started yet, and its results would bring your statistics back. "
    "Leave it (its “Leave” button or /leave there), then send /forgetme again."
)
IN_MATCH = (
    "Your game in Home isn't over yet, and its results would bring your statistics back (leaving it still "
    "counts as a loss). Send /forgetme again once it ends."
)


async def forgetme(bot: Bot, fake: FakeTelegram, user: User) -> Message:
    private = fake.private_chat(user)
    fake.user_sends(user, private, "/forgetme")
    await bot.deliver()
    return fake.last_bot_message(private)


async def confirm(bot: Bot, fake: FakeTelegram, user: User, question: Message) -> Message:
    fake.user_presses(user, question, "Yes, delete")
    await bot.deliver()
    return fake.messages[(question.chat.id, question.message_id)]


async def test_forgetme_is_refused_in_a_match_and_a_lobby_then_done_once_out_of_both(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    home = fake.add_group("Home", members=[alice, bob])
    await use_quick_rules(world, home, ONE_ROUND)
    async with world.running() as bot:
        for user in (alice, bob):
            fake.user_starts_bot(user)
        await bot.deliver()
        assert (await forgetme(bot, fake, bob)).text == "You have no statistics to delete."

        await open_lobby(bot, fake, home, alice, [bob])
        press_action(fake, alice, fake.last_bot_message(home), Action.START)
        await bot.deliver()
        await play_until_over(bot, home, {alice.id: alice, bob.id: bob}, limit=6)
        # Nothing of his is kept yet, but its end will keep his results: it is waited for all the same.
        in_match = await forgetme(bot, fake, bob)
        assert in_match.text == IN_MATCH and in_match.button_texts == []

        await play_until_over(bot, home, {alice.id: alice, bob.id: bob})
        bot.clock.advance(10)
        asked_before = await forgetme(bot, fake, bob)
        assert asked_before.button_texts == [["Yes, delete", "Cancel"]]
        await open_lobby(bot, fake, home, alice, [bob])
        # The question was asked before he joined; the answer comes after.
        assert (await confirm(bot, fake, bob, asked_before)).text == IN_LOBBY

        fake.user_sends(bob, home, "/leave")
        await bot.deliver()
        bot.clock.advance(10)
        done = await confirm(bot, fake, bob, await forgetme(bot, fake, bob))
        assert done.text == "Your statistics, rating, kept name and /notifyme requests were deleted."

        bot.clock.advance(60)
        fake.user_sends(alice, home, "/top")
        await bot.deliver()
        board = fake.last_bot_message(home).text or ""
        async with bot.rt.database.unit_of_work() as uow:
            owners = list(await uow.session.scalars(select(MatchResult.user_id)))
            (game,) = await uow.session.scalars(select(Game).where(Game.finished_at.is_not(None)))
    assert owners == [alice.id]
    assert str(bob.id) not in json.dumps(game.state) and "" in game.state["names"].values()  # a stand-in
    assert "Alice" in board and "Bob" not in board and "Player" not in board


async def test_forgetme_is_refused_to_a_player_who_left_a_match_still_going_on(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    home = fake.add_group("Home", members=[alice, bob, carol])
    async with world.running() as bot:
        await deal(bot, fake, home, [alice, bob, carol])
        fake.user_sends(bob, home, "/leave")
        await bot.deliver()
        await bot.game(home)  # Alice and Carol play on; the match's end will rank Bob last

        assert (await forgetme(bot, fake, bob)).text == IN_MATCH


async def test_forgetme_tells_a_player_removed_from_a_match_that_it_adds_nothing_but_keeps_the_name(
    world: World, fake: FakeTelegram
) -> None:
    """Bob, kicked, read that leaving "still counts as a loss" and its results would bring his statistics
    back: a kicked player has no result row. Only the name the match keeps waits for its end."""
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    home, club = (fake.add_group(title, members=[alice, bob, carol]) for title in ("Home", "Club"))
    async with world.running() as bot:
        await deal(bot, fake, home, [alice, bob, carol])
        fake.user_sends(alice, home, "/kick Bob")
        await bot.deliver()
        _, doc = await bot.game(home)
        assert doc.kicked == {bob.id}  # Alice and Carol play on

        assert (await forgetme(bot, fake, bob)).text == (
            "You were removed from the game in Home, so its results add nothing to your statistics, but your "
            "name can be deleted from it only once it is over. Send /forgetme again once it ends."
        )
        await open_lobby(bot, fake, club, alice, [bob])
        assert (await forgetme(bot, fake, bob)).text == (
            "Your games in these chats aren't over yet, and their results would bring your statistics "
            "back:\n"
            "• Home: you were removed, so it adds nothing to your statistics, but wait for its end: only "
            "then can your name be deleted from it\n"
            "• Club: not started yet, so leave it (its “Leave” button or /leave there)\n"
            "Send /forgetme again once you are in none of them."
        )


async def test_forgetme_names_every_game_that_holds_it_up(world: World, fake: FakeTelegram) -> None:
    """Bob, in a match in Home and lobbies in Club and Work, learnt of one game a /forgetme: Home; Club only
    once Home had ended; Work after he left Club."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    home, club, work = (fake.add_group(title, members=[alice, bob]) for title in ("Home", "Club", "Work"))
    async with world.running() as bot:
        await deal(bot, fake, home, [alice, bob])
        for group in (club, work):
            await open_lobby(bot, fake, group, alice, [bob])

        refusal = await forgetme(bot, fake, bob)
    assert refusal.text == (
        "Your games in these chats aren't over yet, and their results would bring your statistics back:\n"
        "• Home: under way, so wait for its end (leaving it still counts as a loss)\n"
        "• Club: not started yet, so leave it (its “Leave” button or /leave there)\n"
        "• Work: not started yet, so leave it (its “Leave” button or /leave there)\n"
        "Send /forgetme again once you are in none of them."
    )
