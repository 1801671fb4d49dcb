"""users.twin_key (`read_as`) is Text, not cut by length, in a B-tree index, whose rows PostgreSQL takes up to
2,704 bytes: the longest key a name the `name` column holds (256 characters) can make must fit it."""

from __future__ import annotations

from bot.storage import Database
from bot.visible_text import read_as

# A joiner makes what follows it no wider, so the width cut keeps every character; and a musical symbol that
# Unicode decomposes (𝆹𝅥𝅮, 4 bytes in UTF-8) reads as three characters of 4 bytes each: the most bytes any
# character's folded key takes (12), which no name of letters comes near.
HEAVIEST = ("a" + "\u200d\U0001d1bf" * 128)[:256]
PG_INDEX_ROW_BYTES = 2704


async def test_the_longest_key_a_kept_name_can_make_is_stored_and_indexed(database: Database) -> None:
    key = read_as(HEAVIEST)
    assert len(key.encode("utf-8")) < PG_INDEX_ROW_BYTES - 100  # ~1.9 KB: room to spare for the row's header
    async with database.unit_of_work() as uow:
        await uow.users.upsert(1, name=HEAVIEST)
    async with database.unit_of_work() as uow:
        user = await uow.users.get(1)
        assert user is not None and user.twin_key == key
