"""Per game, the newest version handed on (bot.tg.newest_versions): which changes the publisher and the
timers leave alone."""

from __future__ import annotations

from bot.service import GameService, Person, Place
from bot.storage import Database, GameRecord
from bot.tg.newest_versions import NewestVersions


async def _three_versions(database: Database) -> tuple[GameRecord, GameRecord, GameRecord]:
    """A lobby's first three saved versions, oldest first."""
    service = GameService(database, lambda: 0, lambda: 1, lambda: 0)
    opened = await service.open_lobby(Place(-1), Person(1, "Alice"), "Friends")
    bob = await service.join(opened.game.id, Person(2, "Bob"))
    carol = await service.join(opened.game.id, Person(3, "Carol"))
    assert opened.game.version < bob.game.version < carol.game.version
    return opened.game, bob.game, carol.game


async def test_a_version_handed_again_is_taken_an_older_one_is_not(database: Database) -> None:
    """The same version handed on again is no older than the newest: the timers arm it again after a job
    that found nothing to do, or after an outage held its deadline (ignored, the game would wait forever)."""
    first, second, third = await _three_versions(database)
    newest = NewestVersions()
    assert not newest.overtaken(second)
    assert not newest.overtaken(second)
    assert newest.overtaken(first)
    assert not newest.overtaken(third)
    assert newest.overtaken(second)


async def test_an_older_version_noted_leaves_the_newer_one(database: Database) -> None:
    """Noting a version (the publisher notes each it loads) never takes the newest kept back: a version
    older than that newest, handed on after, stays ignored."""
    first, second, third = await _three_versions(database)
    newest = NewestVersions()
    newest.note(third)
    newest.note(first)
    assert newest.overtaken(second)
