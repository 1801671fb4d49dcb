"""The host (🔑) of a lobby who is no chat admin and types a rule change: told that hosting a game is not
enough, not "Just made an admin? try again in a minute"."""

from __future__ import annotations

import pytest

from tests.e2e.harness import World
from tests.e2e.matches import gather
from tests.fake_bot_api import FakeTelegram


@pytest.mark.parametrize(
    ("language", "refused", "to_others"),
    [
        (
            "en",
            "Only chat admins can change the chat's rules, not a game's host: ask an admin."
            " To read the rules, send /rules.",
            "Only chat admins can change the chat's rules: ask an admin. To read the rules, send /rules.",
        ),
        (
            "ru",
            "Правила чата могут менять только администраторы, а не ведущий игры: попросите администратора."  # noqa: RUF001
            " Прочитать правила: /rules.",
            "Правила чата могут менять только администраторы: попросите администратора."
            " Прочитать правила: /rules.",
        ),
    ],
    ids=["en", "ru"],
)
async def test_a_hosts_rule_change_is_refused_as_a_hosts(
    world: World, fake: FakeTelegram, language: str, refused: str, to_others: str
) -> None:
    """(session 54's lobby) Alice opened the lobby, and is no admin: her "/settings turn_seconds 30" read
    "Only chat admins can do that. (Just made an admin? I'll know within a minute: try again then.)"."""
    alice, bob = (fake.add_user(name, language_code=language) for name in ("Alice", "Bob"))
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        fake.user_sends(alice, group, "/settings turn_seconds 30")
        await bot.deliver()
        assert fake.last_bot_message(group).text == refused
        fake.user_sends(bob, group, "/settings turn_seconds 30")  # a player who runs nothing: as before
        await bot.deliver()
        assert fake.last_bot_message(group).text == to_others
