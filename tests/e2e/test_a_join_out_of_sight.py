"""/join answers with the lobby's edit, and nothing else: when talk has pushed the lobby out of sight, the
lobby comes down to the bottom of the chat (silently, as /table brings it), so the one who joined sees it."""

from __future__ import annotations

import pytest

from tests.e2e.harness import World
from tests.e2e.matches import gather
from tests.fake_bot_api import FakeTelegram


@pytest.mark.parametrize("talk", [8, 2], ids=["scrolled-away", "just-above"])
async def test_a_join_brings_down_a_lobby_only_talk_has_pushed_out_of_sight(
    world: World, fake: FakeTelegram, talk: int
) -> None:
    """(session 54's lobby) A /join sent with the lobby 16 messages up got no answer: it edited the lobby,
    out of sight. A supergroup's message ids tell how many messages came after it: a few, and the edit is
    the answer; more, and the lobby is posted anew below the /join, the old one gone."""
    people = [fake.add_user(name) for name in ("Alice", "Bob")]
    carol = fake.add_user("Carol")
    group = fake.add_group("Friends", members=[*people, carol], supergroup=True)
    async with world.running() as bot:
        fake.user_starts_bot(carol)
        await gather(bot, fake, group, people)
        await bot.tick(31)  # the lobby's half minute as the newest screen is over: only the talk counts
        opened, _ = await bot.game(group)
        for word in range(talk):
            fake.user_sends(people[word % 2], group, f"chatter {word}")
        joined = fake.user_sends(carol, group, "/join")
        await bot.deliver()
        await bot.tick(5)
        record, doc = await bot.game(group)
        assert carol.id in doc.players
        assert record.table_message_id is not None and opened.table_message_id is not None
        lobby = fake.messages[(group.id, record.table_message_id)]
        assert "Carol" in (lobby.text or "")
        if talk > 5:
            assert record.table_message_id > joined.message_id and lobby.silent
            assert (group.id, opened.table_message_id) not in fake.messages
        else:
            assert record.table_message_id == opened.table_message_id
        assert fake.last_bot_message(group) == lobby  # no word besides the lobby
