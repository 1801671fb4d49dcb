"""ChatRepository.migrate into a supergroup the bot knew already (a command there came before the upgrade
was followed): what the people set up in the group is not lost to what the supergroup took meanwhile."""

from __future__ import annotations

from bot.engine import Rules
from bot.service.settings import rules_for_chat
from bot.storage import Database, GameStatus, NewEvent

GROUP = -100123
SUPERGROUP = -1009999


async def _chat(
    database: Database, chat_id: int, title: str, language: str | None, rules: dict[str, object]
) -> None:
    async with database.unit_of_work() as uow:
        chat = await uow.chats.ensure(chat_id, title)
        chat.language = language
        chat.settings = {"rules": rules}


async def test_the_groups_rules_fill_in_the_supergroups_one_by_one_and_its_language_stays(
    database: Database,
) -> None:
    await _chat(database, GROUP, "Friends", "en", {"hand_size": 5, "seven_zero": True})
    await _chat(database, SUPERGROUP, "Friends (new)", "ru", {"hand_size": 9})
    async with database.unit_of_work() as uow:
        assert await uow.chats.migrate(GROUP, SUPERGROUP)
    async with database.unit_of_work() as uow:
        assert await rules_for_chat(uow, SUPERGROUP) == Rules(hand_size=9, seven_zero=True)
        supergroup = await uow.chats.get(SUPERGROUP)
        assert supergroup is not None
        assert (supergroup.language, supergroup.title) == ("en", "Friends (new)")
        assert await uow.chats.get(GROUP) is None
        assert not await uow.chats.migrate(GROUP, SUPERGROUP)  # Telegram tells of it twice: done once


async def test_a_supergroup_without_a_title_or_language_takes_the_groups(database: Database) -> None:
    await _chat(database, GROUP, "Friends", "en", {})
    async with database.unit_of_work() as uow:
        await uow.chats.ensure(SUPERGROUP)
    async with database.unit_of_work() as uow:
        assert await uow.chats.migrate(GROUP, SUPERGROUP)
    async with database.unit_of_work() as uow:
        supergroup = await uow.chats.get(SUPERGROUP)
        assert supergroup is not None and (supergroup.language, supergroup.title) == ("en", "Friends")


async def test_the_groups_game_in_a_place_the_supergroups_game_holds_ends(database: Database) -> None:
    """A /new in the supergroup before the upgrade was followed: one active game a place, so the group's
    game there ends (the group's game in another topic comes along)."""
    await _chat(database, GROUP, "Friends", None, {})
    await _chat(database, SUPERGROUP, "Friends", None, {})
    games = {}
    async with database.unit_of_work() as uow:
        await uow.users.upsert(7, name="Ann")
        for chat_id, topic_id in ((GROUP, 0), (GROUP, 5), (SUPERGROUP, 0)):
            game = await uow.games.create(
                chat_id=chat_id, topic_id=topic_id, created_by=7, state={}, events=[NewEvent("created", {})]
            )
            games[chat_id, topic_id] = game.id
    async with database.unit_of_work() as uow:
        assert await uow.chats.migrate(GROUP, SUPERGROUP)
    async with database.unit_of_work() as uow:
        after = {place: await uow.games.get(game_id) for place, game_id in games.items()}
    assert {place: (game.chat_id, game.status) for place, game in after.items() if game} == {
        (GROUP, 0): (SUPERGROUP, GameStatus.STOPPED),
        (GROUP, 5): (SUPERGROUP, GameStatus.LOBBY),
        (SUPERGROUP, 0): (SUPERGROUP, GameStatus.LOBBY),
    }
