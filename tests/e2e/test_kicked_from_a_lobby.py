"""A player removed from a lobby hears of it in private, where the bot told them they were in the game and
that their cards would come (a match's hand says it instead: test_players_out_of_the_match)."""

from __future__ import annotations

import asyncio

import pytest

from bot.tg.callback_data import Action
from tests.e2e.harness import World, held_at_the_game, press_action
from tests.e2e.matches import gather
from tests.fake_bot_api import FakeTelegram


@pytest.mark.parametrize(
    ("language", "joined", "removed"),
    [
        (
            "en",
            "You're in the game in Друзья. Your cards will show up here.",
            "You were removed from the game in Друзья.",
        ),
        (
            "ru",
            "Вы в игре в чате Друзья. Ваши карты появятся здесь.",
            "Вас убрали из игры в чате Друзья.",  # noqa: RUF001
        ),
    ],
    ids=["en", "ru"],
)
async def test_a_player_kicked_from_a_lobby_is_told_in_private(
    world: World, fake: FakeTelegram, language: str, joined: str, removed: str
) -> None:
    """(session 54's lobby) Kicked before the game started, a player's private chat kept saying "You're in
    the game in Друзья. Your cards will show up here.", and nothing came after it."""
    alice = fake.add_user("Alice", language_code="ru")
    carol = fake.add_user("Carol", language_code=language)
    group = fake.add_group("Друзья", members=[alice, carol])
    async with world.running() as bot:
        fake.user_starts_bot(alice)
        await bot.deliver()
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        press_action(fake, carol, fake.last_bot_message(group), Action.JOIN)  # sent to the private chat
        await bot.deliver()
        record, _ = await bot.game(group)
        fake.user_starts_bot(carol, payload=f"join_{record.id}")
        await bot.deliver()
        private = fake.private_chat(carol)
        assert (fake.last_bot_message(private).text or "").startswith(joined)  # the hint under it
        said = fake.user_sends(carol, group, "hi all")
        fake.user_sends(alice, group, "/kick", reply_to=said)
        await bot.deliver()
        _, doc = await bot.game(group)
        assert carol.id not in doc.players
        assert fake.last_bot_message(private).text == removed


async def test_a_player_who_blocked_the_bot_is_not_written_to_when_kicked_from_a_lobby(
    world: World, fake: FakeTelegram
) -> None:
    """Carol blocked the bot after joining: her kick is no write to a chat that refuses it (a group's kicks
    would spend the bot's writes on them; mutation audit, session 54)."""
    alice, carol = fake.add_user("Alice"), fake.add_user("Carol")
    group = fake.add_group("Friends", members=[alice, carol])
    async with world.running() as bot:
        for user in (alice, carol):
            fake.user_starts_bot(user)
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        press_action(fake, carol, fake.last_bot_message(group), Action.JOIN)
        await bot.deliver()
        fake.user_blocks_bot(carol)
        await bot.deliver()
        said = fake.user_sends(carol, group, "hi all")
        kicked = len(fake.calls)
        fake.user_sends(alice, group, "/kick", reply_to=said)
        await bot.deliver()
        await bot.settle()
        _, doc = await bot.game(group)
        assert carol.id not in doc.players
        private = str(fake.private_chat(carol).id)
        assert not [c for c in fake.calls[kicked:] if str(c.params.get("chat_id")) == private]


@pytest.mark.parametrize("first", ["kick", "start"])
async def test_a_player_kicked_as_the_host_starts_reads_what_they_were_removed_from(
    world: World, fake: FakeTelegram, first: str
) -> None:
    """Alice kicks Carol from the lobby at the moment she presses Start: each handler read the lobby before
    the other's change reached the game. The kick that came first removes her from the lobby: she is told so
    in private, and the match is dealt without her (no hand of hers); the start that came first deals her
    in, and the kick removes her from the match: her hand says so, and no word of a lobby follows it."""
    alice, bob, carol = (fake.add_user(name) for name in ("Alice", "Bob", "Carol"))
    group = fake.add_group("Friends", members=[alice, bob, carol])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob, carol])
        lobby = fake.last_bot_message(group)
        said = fake.user_sends(carol, group, "hi all")
        await bot.deliver()
        private = fake.private_chat(carol)
        told_before = len(fake.bot_messages_in(private))
        second = "start" if first == "kick" else "kick"
        with held_at_the_game(bot, second) as (called, go):
            if second == "kick":
                fake.user_sends(alice, group, "/kick", reply_to=said)
            else:
                press_action(fake, alice, lobby, Action.START)
            held = await bot.handed()
            await asyncio.wait_for(called.wait(), 5)
            if first == "kick":
                fake.user_sends(alice, group, "/kick", reply_to=said)
            else:
                press_action(fake, alice, lobby, Action.START)
            await bot.clock.run(asyncio.gather(*await bot.handed()))
            go.set()
            await bot.clock.run(asyncio.gather(*held))
        await bot.settle()
        _, doc = await bot.game(group)
        assert doc.engine is not None and carol.id not in doc.state.players
        told = [message.text for message in fake.bot_messages_in(private)[told_before:]]
        if first == "kick":
            assert told == ["You were removed from the game in Friends."]
        else:
            assert told and told[-1] == "Friends\nAlice removed you from this game."  # her hand
            assert "You were removed from the game in Friends." not in told
