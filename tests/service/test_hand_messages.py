"""Hand message ids stored in batches: ids that come while a batch waits for the database join it."""

from __future__ import annotations

import asyncio

from bot.service.hand_messages import HandMessages
from bot.storage import Database, HandChoices
from bot.storage.unit_of_work import UnitOfWork

CHAT = -100


class CountingDatabase(Database):
    """The same database, counting the transactions begun on it."""

    transactions = 0

    def unit_of_work(self) -> UnitOfWork:
        self.transactions += 1
        return super().unit_of_work()


async def _game_of(database: Database, players: list[int]) -> int:
    async with database.unit_of_work() as uow:
        await uow.chats.ensure(CHAT, "Friends")
        game = await uow.games.create(chat_id=CHAT, state={})
        for user in players:
            await uow.users.upsert(user, name=f"P{user}", language_code="en")
            await uow.games.add_player(game.id, user)
    return game.id


async def _hand_ids(database: Database, game_id: int) -> dict[int, tuple[int | None, int | None]]:
    """Each player's hand message id and the turn it was sent for."""
    async with database.unit_of_work() as uow:
        return {p.user_id: (p.hand_message_id, p.hand_sent_for) for p in await uow.games.players(game_id)}


async def test_ids_stored_while_the_database_is_busy_share_one_transaction(database: Database) -> None:
    game = await _game_of(database, [1, 2, 3])
    counting = CountingDatabase(database.engine)
    messages = HandMessages(counting)

    async with counting.unit_of_work():  # someone else holds the writer
        stores = [asyncio.create_task(messages.store(game, user, 100 + user, 7)) for user in (1, 2, 3)]
        await asyncio.sleep(0.05)
        assert not any(store.done() for store in stores)  # each returns only once its id is stored
    await asyncio.gather(*stores)

    assert counting.transactions == 2  # the busy one, and one for all three ids
    assert await _hand_ids(database, game) == {1: (101, 7), 2: (102, 7), 3: (103, 7)}


async def test_an_id_that_comes_after_a_batch_began_goes_in_the_next(database: Database) -> None:
    game = await _game_of(database, [1, 2])
    counting = CountingDatabase(database.engine)
    messages = HandMessages(counting)

    first = asyncio.create_task(messages.store(game, 1, 11))
    await asyncio.sleep(0)  # the first batch takes the writer and begins its transaction
    await asyncio.sleep(0.01)
    await asyncio.gather(first, messages.store(game, 2, 22), messages.store(game, 1, None))

    assert counting.transactions == 2
    assert await _hand_ids(database, game) == {1: (None, None), 2: (22, None)}


async def test_a_batch_whose_callers_were_cancelled_is_waited_for_before_the_database_closes(
    database: Database,
) -> None:
    """Shutdown cancels the publishing that stores an id; its batch goes on, and the database must not be
    disposed under it (aiosqlite's thread would then answer a closed event loop)."""
    game = await _game_of(database, [1])
    messages = HandMessages(database)

    async with database.unit_of_work():  # the batch waits for the writer
        store = asyncio.create_task(messages.store(game, 1, 101, 3))
        await asyncio.sleep(0.01)
        store.cancel()
        await asyncio.gather(store, return_exceptions=True)
        waited = asyncio.create_task(messages.written())
        await asyncio.sleep(0.01)
        assert not waited.done()  # the batch has not begun yet
    await waited

    assert await _hand_ids(database, game) == {1: (101, 3)}


async def test_what_a_hand_is_turned_to_joins_the_batch_of_ids_stored_meanwhile(database: Database) -> None:
    game = await _game_of(database, [1, 2])
    counting = CountingDatabase(database.engine)
    messages = HandMessages(counting)
    turned = HandChoices(page=1, turn=3, selection=(40, 41), counter=5)

    async with counting.unit_of_work():  # someone else holds the writer
        writes = [
            asyncio.create_task(messages.store(game, 1, 101, 3)),
            asyncio.create_task(messages.keep_choices(game, 2, turned)),
        ]
        await asyncio.sleep(0.05)
        assert not any(write.done() for write in writes)  # each returns only once it is stored
    await asyncio.gather(*writes)

    assert counting.transactions == 2  # the busy one, and one for both
    async with database.unit_of_work() as uow:
        players = await uow.games.players(game)
    assert [(p.hand_message_id, p.hand_choices) for p in players] == [(101, None), (None, turned)]
