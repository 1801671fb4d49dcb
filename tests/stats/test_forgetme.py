"""/forgetme through the bot: refused in a group, asked in private (Cancel deletes nothing, Yes the asker's
statistics alone), a question answered after an hour deletes nothing, with nothing to delete it says so
instead of asking; a forged press, and a confirmation pressed on the board or on another's question, are
refused."""

from sqlalchemy import select

from bot.storage import Database
from bot.storage.models import MatchResult
from bot.tg.callback_data import Action, encode
from tests.fake_bot_api import FakeClock, FakeTelegram
from tests.stats.chat_steps import as_read, command, play, press
from tests.stats.conftest import Bot
from tests.stats.factory import ranked


async def test_forgetme_asks_then_deletes_only_that_users_stats(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob", started_bot=True)
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id))

    refused = await command(bot, fake, alice, group, "/forgetme")
    assert refused.text == (
        "Statistics are deleted in the private chat with me, not here: open it and send /forgetme there."
    )
    assert refused.buttons[0][0]["url"] == f"https://t.me/{fake.bot.username}"
    private = fake.private_chat(alice)
    ask = await command(bot, fake, alice, private, "/forgetme")
    assert ask.button_texts == [["Yes, delete", "Cancel"]]
    kept = await press(bot, fake, alice, ask, "Cancel")
    assert kept.text == "Nothing was deleted." and kept.button_texts == []

    ask = await command(bot, fake, alice, private, "/forgetme")
    done = await press(bot, fake, alice, ask, "Yes, delete")
    assert done.text == "Your statistics, rating, kept name and /notifyme requests were deleted."
    async with database.unit_of_work() as uow:
        owners = list(await uow.session.scalars(select(MatchResult.user_id)))
        stored = await uow.users.get(alice.id)
    assert owners == [bob.id]
    assert stored is not None and (stored.rating, stored.rated_matches) == (1500.0, 0)
    again = await command(bot, fake, alice, group, "/stats")
    assert again.text is not None and again.text.startswith("You haven't finished a match yet.")


async def test_a_forgetme_question_answered_after_an_hour_deletes_nothing(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    """(found by an audit of a long-lived group, 2026-12-04) "Yes, delete" pressed months after the question
    deleted every statistic earned since, which the question never showed."""
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob", started_bot=True)
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id))
    private = fake.private_chat(alice)
    ask = await command(bot, fake, alice, private, "/forgetme")
    assert isinstance(fake.clock, FakeClock)
    fake.clock.advance(3600)
    late = await press(bot, fake, alice, ask, "Yes, delete")
    assert late.text is not None and late.text.startswith("Nothing was deleted: this question is over")
    assert late.button_texts == []
    async with database.unit_of_work() as uow:
        owners = set(await uow.session.scalars(select(MatchResult.user_id)))
    assert owners == {alice.id, bob.id}
    ask = await command(bot, fake, alice, private, "/forgetme")  # asked again, it is answered
    done = await press(bot, fake, alice, ask, "Yes, delete")
    assert done.text == "Your statistics, rating, kept name and /notifyme requests were deleted."


async def test_forgetme_with_nothing_to_delete_says_so_instead_of_asking(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    """It asked to delete everything, and its "Yes" deleted nothing, of someone who never played or whose
    statistics were deleted already."""
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    private = fake.private_chat(alice)
    never_played = await command(bot, fake, alice, private, "/forgetme")
    assert never_played.text == "You have no statistics to delete." and never_played.button_texts == []

    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id))
    done = await press(bot, fake, alice, await command(bot, fake, alice, private, "/forgetme"), "Yes, delete")
    assert done.text == "Your statistics, rating, kept name and /notifyme requests were deleted."
    again = await command(bot, fake, alice, private, "/forgetme")
    assert again.text == never_played.text and again.button_texts == []
    carol = fake.add_user("Carol", language_code="ru", started_bot=True)
    russian = await command(bot, fake, carol, fake.private_chat(carol), "/forgetme")
    assert russian.text == "У вас нет статистики, удалять нечего."  # noqa: RUF001


async def test_forged_and_foreign_presses_are_refused(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob", started_bot=True)
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id))
    board = await command(bot, fake, alice, group, "/top")

    forged = fake.user_presses_data(bob, board, "1k:0:0:7:0:0:0")  # scope 7 does not exist
    # Bob's own /forgetme confirmation sent on the board: it answers no question there, so the board stays and
    # nothing is deleted. Alice's sent on his own question names her: it is not his to press.
    misplaced = fake.user_presses_data(bob, board, encode(Action.FORGET, bob.id, 0, 1))
    question = await command(bot, fake, bob, fake.private_chat(bob), "/forgetme")
    foreign = fake.user_presses_data(bob, question, encode(Action.FORGET, alice.id, 0, 1))
    await bot.handle_updates()
    assert (
        forged.answered
        and forged.show_alert
        and forged.answer_text == "This message is out of date: send /top to open it again."
    )
    assert (
        misplaced.show_alert
        and misplaced.answer_text == "This message is out of date: send /forgetme to open it again."
    )
    assert board.text == as_read(fake.messages[(group.id, board.message_id)]).text  # unchanged
    assert foreign.answered and foreign.show_alert and foreign.answer_text == "This button isn't for you."
    async with database.unit_of_work() as uow:
        assert len(list(await uow.session.scalars(select(MatchResult.user_id)))) == 2
