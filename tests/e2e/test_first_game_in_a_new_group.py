"""The first game in a group that has never used the bot: the bot just added, nobody has opened a private
chat with it yet."""

from __future__ import annotations

from bot.tg.callback_data import Action
from tests.e2e.harness import World, press_action
from tests.fake_bot_api import FakeTelegram


async def test_newcomers_joining_through_the_private_chat_leave_the_lobby_at_the_bottom(
    world: World, fake: FakeTelegram
) -> None:
    """Five friends who had never started the bot press Join, and each is sent to the private chat, where
    Start completes the join. The group read "Bob joined the game.", "Carol joined the game." … one message
    each, which pushed the lobby and its Join and Start buttons up out of sight, while a Join by one the bot
    could already write to said nothing there; the lobby lists every player either way."""
    anna = fake.add_user("Anna", started_bot=True)
    friends = [fake.add_user(name) for name in ("Bob", "Carol", "Dan", "Eve", "Frank")]
    group = fake.add_group("Friends", members=[anna, *friends])
    async with world.running() as bot:
        fake.user_starts_bot(anna)
        fake.user_sends(anna, group, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(group)
        for friend in friends:
            joined = press_action(fake, friend, lobby, Action.JOIN)
            await bot.deliver()
            assert joined.answer_url is not None
            fake.user_follows_start_link(friend, joined.answer_url)
            await bot.deliver()
            told = fake.last_bot_message(fake.private_chat(friend)).text
            assert told == "You're in the game in Friends. Your cards will show up here."
        assert [message.message_id for message in fake.bot_messages_in(group)] == [lobby.message_id]
        _, doc = await bot.game(group)
        assert doc.players == (anna.id, *(friend.id for friend in friends))
        listed = (fake.last_bot_message(group).text or "").splitlines()
        assert [line for line in listed if line[:1].isdigit()][-1] == "6. Frank"
