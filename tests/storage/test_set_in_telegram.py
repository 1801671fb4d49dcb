"""SetInTelegramRepository: the fingerprint of each thing the bot set in Telegram, written in place of the
one before; and the people whose own menus are set again with a new wording (UserRepository)."""

from __future__ import annotations

from bot.storage import Database


async def test_a_fingerprint_is_written_in_place_of_the_one_before(database: Database) -> None:
    async with database.unit_of_work() as uow:
        assert await uow.set_in_telegram.all() == {}
        await uow.set_in_telegram.put({"menus": "1" * 64})
        await uow.set_in_telegram.put({"descriptions": "2" * 64})
    async with database.unit_of_work() as uow:
        await uow.set_in_telegram.put({"menus": "3" * 64})
    async with database.unit_of_work() as uow:
        assert await uow.set_in_telegram.all() == {"menus": "3" * 64, "descriptions": "2" * 64}


async def test_those_who_chose_their_language_are_read_a_few_at_a_time(database: Database) -> None:
    """Only a /lang choice counts (not an app's language), and nobody who blocked the bot."""
    async with database.unit_of_work() as uow:
        for user_id in (5, 3, 9, 7):
            user = await uow.users.keep_choices_of(user_id, name="", username=None, language_code="de")
            user.language = "ru" if user_id != 9 else "en"
        await uow.users.keep_choices_of(4, name="", username=None, language_code="ru")  # chose none
        await uow.users.mark_blocked(7)
    async with database.reads() as reads:
        first = await reads.users.chosen_languages(0, 2)
        rest = await reads.users.chosen_languages(first[-1][0], 2)
    assert (first, rest) == ([(3, "ru"), (5, "ru")], [(9, "en")])
