"""A chat admin outside the match who removed a player is named by its screens while it runs
(GameDocument.kicker_names); a game that ends keeps no such name (bot.service.changes `_kept`). Decided
(session 62): its last table, redrawn by a restart within its ten minutes (ENDED_RECENTLY_MS), says "A chat
admin" then, and that is right: the group's notice of the kick, never edited, still names them just below it,
and keeping the name past the end would keep a non-player's name in an ended game's record till it is
compacted (GAME_LOG_DAYS, or never), where /forgetme would have to look for it in every game's document."""

from __future__ import annotations

from bot.service import Place
from tests.e2e.harness import World
from tests.e2e.matches import started
from tests.fake_bot_api import FakeTelegram

PAGE_SETTLES = 30  # seconds for every paced edit to go out


async def test_an_ended_games_table_redrawn_after_a_restart_names_no_chat_admin(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, (_, _, carol)):
        zoe = fake.add_user("Zoe")
        fake.make_admin(zoe, group)
        fake.user_sends(zoe, group, "/kick Bob")
        await bot.deliver()
        fake.user_sends(carol, group, "/leave")  # Alice is left: she wins
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        assert await bot.rt.service.find(Place(group.id)) is None
        table, notice = fake.bot_messages_in(group)[-3:-1]
        assert "• Zoe, a chat admin, removes Bob from the game." in (table.text or "")
    async with world.running() as bot:
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        redrawn = fake.messages[(table.chat.id, table.message_id)].text or ""
        assert "• A chat admin removes Bob from the game." in redrawn
        assert notice.text == "Zoe, a chat admin, removed Bob from the game."
