"""A lobby opened as an admin changes the chat's rules shows the rules its match will start with."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from types import TracebackType

import pytest

from bot.service import Person, Place
from bot.service.settings import change_setting
from bot.storage import UnitOfWork
from bot.tg.handlers.lobby_opening import invite_under_lobby, publish_lobby
from bot.tg.runtime import Runtime
from tests.e2e.harness import World
from tests.e2e.matches import use_quick_rules
from tests.fake_bot_api import FakeTelegram


class _ThenRulesChange:
    """The bot's database, on which an admin's change of the chat's rules lands whole (the setting saved, the
    chat's lobbies told) right after the next unit of work ends: the moment between two database steps,
    without timing."""

    def __init__(self, rt: Runtime, chat_id: int) -> None:
        self._rt, self._chat_id = rt, chat_id
        self._real = rt.database.unit_of_work
        self.landed = False

    def unit_of_work(self) -> _Then:
        return _Then(self._real(), self._land)

    async def _land(self) -> None:
        if self.landed:
            return
        self.landed = True
        async with self._real() as uow:
            await change_setting(uow, self._chat_id, "seven_silence", False)
        await self._rt.chat_rules_changed(self._chat_id)


class _Then:
    """A real unit of work, and `then` once it has ended."""

    def __init__(self, uow: UnitOfWork, then: Callable[[], Awaitable[None]]) -> None:
        self._uow, self._then = uow, then

    async def __aenter__(self) -> UnitOfWork:
        return await self._uow.__aenter__()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self._uow.__aexit__(exc_type, exc, traceback)
        await self._then()


async def test_a_lobby_opened_as_the_rules_change_shows_the_rules_start_plays(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/new read the chat's rules and created the lobby in two steps: a change landing between them found no
    lobby to update, and the lobby showed the old rules while Start dealt by the new ones. Then the change's
    redraw was published before /new's: the lobby was drawn with the old rules over the new ones."""
    alice = fake.add_user("Alice", started_bot=True)
    group = fake.add_group("Friends", members=[alice])
    await use_quick_rules(world, group, {"seven_silence": True})
    async with world.running() as bot:
        change = _ThenRulesChange(bot.rt, group.id)
        monkeypatch.setattr(bot.rt.database, "unit_of_work", change.unit_of_work)
        creator = Person(alice.id, "Alice")
        outcome = await bot.rt.service.open_lobby(Place(group.id), creator, "Friends", "Friends")
        monkeypatch.undo()
        await invite_under_lobby(bot.rt, creator, outcome, await publish_lobby(bot.rt, creator, outcome))
        await bot.settle()
        assert change.landed
        lobby, doc = await bot.game(group)
        assert not doc.rules.seven_silence
        shown = fake.messages[(group.id, lobby.table_message_id)]  # the lobby, not the invitation under it
        assert "Players (1/10)" in (shown.text or "")
        assert "Seven silence" not in (shown.text or "")
