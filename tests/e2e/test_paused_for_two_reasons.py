"""A forum's match paused for two reasons at once: its group refuses the bot's posts (muted) and its topic is
closed to it. It went on as the first reason went, in a place the bot still could not post, and paused again
there: the turn's player notified anew, its day counted afresh. It goes on only once both are gone, its time
given back once for the whole pause."""

from __future__ import annotations

import pytest

from bot.service import GameDocument, Place
from tests.e2e.harness import Bot, World, choices
from tests.e2e.test_closed_topics import PAUSED, _forum, _hand_in, _match
from tests.e2e.test_muted_for_a_moment import HAND_PAUSED, PAGE_SETTLES
from tests.fake_bot_api import ApiCall, Chat, FakeTelegram


async def _paused(bot: Bot, place: Place) -> GameDocument:
    found = await bot.rt.service.find(place)
    assert found is not None, "the game is no longer running"
    return found[1]


def _posts_to(fake: FakeTelegram, chat: Chat) -> list[ApiCall]:
    return [call for call in fake.calls_to("sendMessage") if int(call.params["chat_id"]) == chat.id]


@pytest.mark.parametrize("muted_first", [True, False])
async def test_a_match_paused_muted_and_in_a_closed_topic_goes_on_only_once_both_are_gone(
    world: World, fake: FakeTelegram, muted_first: bool
) -> None:
    forum, (room, _), people, admin = _forum(fake)
    place = Place(forum.id, room)

    async def muted(on: bool) -> None:
        fake.restrict_bot_in_group(forum, admin, restricted=on)
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)

    async def closed(on: bool) -> None:
        fake.close_topic(forum, room, by=admin, closed=on)
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)

    first, second = (muted, closed) if muted_first else (closed, muted)
    async with world.running() as bot:
        await _match(bot, fake, forum, room, people)
        before = await _paused(bot, place)
        deadline = before.state.turn_deadline
        assert deadline is not None
        await first(True)
        await second(True)
        paused = await _paused(bot, place)
        assert paused.paused
        await bot.tick(600)
        said = {user.id: len(fake.bot_messages_in(fake.private_chat(user))) for user in people}
        tried = len(_posts_to(fake, forum))
        await first(False)
        still = await _paused(bot, place)
        assert still.paused and still.paused_since == paused.paused_since and still.went_on_at is None
        assert len(_posts_to(fake, forum)) == tried, "no table posted anew where the bot still may not post"
        for user in people:
            assert len(fake.bot_messages_in(fake.private_chat(user))) == said[user.id], user.first_name
            hand = _hand_in(fake, user, "Room 1")
            # the reason left is the one the hand gives
            wording = PAUSED["en"] if muted_first else HAND_PAUSED["en"]
            assert (hand.text or "").endswith(wording) and not hand.buttons, user.first_name
        await second(False)
        going = await _paused(bot, place)
        assert not going.paused
        lost = going.state.clock - paused.paused_since
        assert lost >= 600_000 and going.state.turn_deadline == deadline + lost
        assert any(choices(_hand_in(fake, user, "Room 1")) for user in people)
