"""What the bot keeps about a person, and what /forgetme leaves of it."""

from __future__ import annotations

import json
import logging

import pytest
from sqlalchemy import func, select

from bot.storage import Database
from bot.storage.models import Game, GameEvent, GamePlayer, MatchResult
from bot.tg.callback_data import Action
from tests.e2e.harness import World, press_action
from tests.e2e.matches import (
    ONE_ROUND,
    deal,
    deal_short_matches,
    open_lobby,
    play_until_over,
    use_quick_rules,
)
from tests.e2e.test_forgetme_in_a_game import confirm, forgetme
from tests.fake_bot_api import FakeTelegram

PRIVACY = (
    "What I keep about you\n"
    "• Your Telegram name, username and app language: to show you at the table and write to you in your "
    "language.\n"
    "• The games you play: who played, the cards and the moves.\n"
    "• Your results and rating. The chat's /top shows them to its members, /top global to anyone who uses "
    "me, and /stats to anyone who replies to your message with it or writes your username after it.\n"
    "• Your /notifyme requests until the game opens, and your /lang and /colours choices.\n"
    "Your cards come to you alone, in the private chat with me (a player who challenges your +4 sees them "
    "too). I keep nothing of what you write in chats.\n"
    "/forgetme in the private chat with me deletes your results, rating, kept name and /notifyme requests, "
    "and takes your ID out of the games you played (the other players' results stay)."
)


@pytest.mark.new_telegram  # (tests/set_before.py)
async def test_privacy_says_what_is_kept_who_sees_it_and_how_to_delete_it(
    world: World, fake: FakeTelegram
) -> None:
    """/privacy was an unknown command, and the profile's "Privacy Policy" (which sends it to a bot whose menu
    has it) showed Telegram's general policy."""
    alice = fake.add_user("Alice", started_bot=True)
    boris = fake.add_user("Boris", language_code="ru")
    home = fake.add_group("Home", members=[alice, boris])
    await use_quick_rules(world, home, language="ru")
    async with world.running() as bot:
        private = fake.private_chat(alice)
        fake.user_sends(alice, private, "/privacy")
        asked = fake.user_sends(boris, home, "/privacy")
        await bot.deliver()
        in_group = fake.last_bot_message(home)
        fake.user_sends(
            alice, home, "/privacy"
        )  # in her language, not the group's (mutation audit, session 53)
        await bot.deliver()
        assert (fake.last_bot_message(home).text or "").startswith("What I keep about you\n")
    assert fake.last_bot_message(private).text == PRIVACY
    assert (in_group.text or "").startswith("Что я храню о вас\n• Ваше имя и имя пользователя")  # noqa: RUF001
    assert in_group.extra["reply_to_message"]["message_id"] == asked.message_id
    private_menu = fake.commands[(json.dumps({"type": "all_private_chats"}), "")]
    assert {"command": "privacy", "description": "What I keep about you"} in private_menu


async def test_forgetme_takes_the_name_out_of_a_lobby_left_before(world: World, fake: FakeTelegram) -> None:
    """Bob joined Alice's lobby and left it; his /forgetme found "no statistics", and the match the lobby
    became kept his name once it ended."""
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    home = fake.add_group("Home", members=[alice, bob, carol])
    await use_quick_rules(world, home, ONE_ROUND)
    deal_short_matches(world)
    async with world.running() as bot:
        for user in (alice, bob, carol):
            fake.user_starts_bot(user)
        await bot.deliver()
        await open_lobby(bot, fake, home, alice, [bob, carol])
        fake.user_sends(bob, home, "/leave")
        await bot.deliver()

        done = await confirm(bot, fake, bob, await forgetme(bot, fake, bob))
        assert done.text == "Your statistics, rating, kept name and /notifyme requests were deleted."

        press_action(fake, alice, fake.last_bot_message(home), Action.START)
        await bot.deliver()
        await play_until_over(bot, home, {alice.id: alice, carol.id: carol})
        async with bot.rt.database.unit_of_work() as uow:
            (game,) = await uow.session.scalars(select(Game))
    assert game.finished_at is not None
    assert game.state["names"] == {str(alice.id): "Alice", str(bob.id): "", str(carol.id): "Carol"}


async def test_a_name_forgotten_stays_forgotten_whatever_its_owner_asks_next(
    world: World, fake: FakeTelegram
) -> None:
    """Bob checked the deletion with /stats and /top, then set his language and colour letters: each stored
    his name and username again, and /forgetme then found "no statistics" to delete while his name was
    kept."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob", username="bob_b")
    home = fake.add_group("Home", members=[alice, bob])
    await use_quick_rules(world, home, ONE_ROUND)
    deal_short_matches(world)
    async with world.running() as bot:
        await deal(bot, fake, home, [alice, bob])
        await play_until_over(bot, home, {alice.id: alice, bob.id: bob})
        await confirm(bot, fake, bob, await forgetme(bot, fake, bob))

        private = fake.private_chat(bob)
        for command in ("/stats", "/top", "/start", "/lang ru", "/colours"):
            fake.user_sends(bob, private, command)
        fake.user_sends(bob, home, "/top")
        await bot.deliver()
        async with bot.rt.database.unit_of_work() as uow:
            kept = await uow.users.get(bob.id)
        assert (await forgetme(bot, fake, bob)).text == "У вас нет статистики, удалять нечего."  # noqa: RUF001
    assert kept is not None and (kept.name, kept.username) == ("", None)
    assert (kept.language, kept.colour_letters) == ("ru", True)  # what he chose is kept all the same


async def test_forgetme_deletes_a_name_kept_without_any_game(world: World, fake: FakeTelegram) -> None:
    """Until now /start, /lang, /colours, /stats and /top kept the sender's name: one kept so, with no game
    behind it, met "no statistics to delete" and stayed."""
    bob = fake.add_user("Bob", username="bob_b", started_bot=True)
    database = Database.connect(world.database_url)
    try:
        async with database.unit_of_work() as uow:
            await uow.users.upsert(bob.id, name="Bob", username="bob_b", language_code="en")
    finally:
        await database.dispose()
    async with world.running() as bot:
        done = await confirm(bot, fake, bob, await forgetme(bot, fake, bob))
        async with bot.rt.database.unit_of_work() as uow:
            kept = await uow.users.get(bob.id)
    assert done.text == "Your statistics, rating, kept name and /notifyme requests were deleted."
    assert kept is not None and (kept.name, kept.username) == ("", None)


async def test_forgetme_takes_the_id_out_of_the_games_played_and_the_others_results_stay(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    """Bob's id stayed in the games he had played (their players, scores, hands and move logs, his seat),
    with only his name blanked: it goes, under a stand-in; Alice's result, board and the game's screens after
    a restart are as they were."""
    bob, alice = fake.add_user("Bob"), fake.add_user("Alice")
    home = fake.add_group("Home", members=[alice, bob])
    await use_quick_rules(world, home, ONE_ROUND)
    deal_short_matches(world)
    async with world.running() as bot:
        await deal(bot, fake, home, [bob, alice])  # his lobby: he is its creator too
        game_id = (await bot.game(home))[0].id
        await play_until_over(bot, home, {alice.id: alice, bob.id: bob})
        await confirm(bot, fake, bob, await forgetme(bot, fake, bob))
        fake.user_sends(alice, home, "/top")
        await bot.deliver()
        board = fake.last_bot_message(home).text or ""
    # A restart just after: the ended game's screens are not redrawn (what they are drawn from is gone).
    async with world.running() as bot, bot.rt.database.unit_of_work() as uow:
        game = await uow.session.get(Game, game_id)
        seated = select(GamePlayer.user_id).where(GamePlayer.game_id == game_id)
        seats = list(await uow.session.scalars(seated))
        logged = await uow.session.scalar(select(func.count()).where(GameEvent.game_id == game_id))
        results = list(await uow.session.scalars(select(MatchResult.user_id)))
    assert game is not None and str(bob.id) not in json.dumps(game.state)
    assert game.created_by is None and seats == [alice.id] and logged == 0
    assert game.state["names"][str(alice.id)] == "Alice" and len(game.state["players"]) == 2
    assert results == [alice.id] and "Alice" in board
    assert [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING] == []


async def test_privacy_in_the_private_chat_is_in_its_readers_language(
    world: World, fake: FakeTelegram
) -> None:
    boris = fake.add_user("Boris", language_code="ru", started_bot=True)
    async with world.running() as bot:
        private = fake.private_chat(boris)
        fake.user_sends(boris, private, "/privacy")
        await bot.deliver()
    assert (fake.last_bot_message(private).text or "").startswith("Что я храню о вас\n")  # noqa: RUF001
