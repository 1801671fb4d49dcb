"""A group upgraded to a supergroup mid-game (Telegram moves it to a new chat id): what was asked or pressed
in the old group before the upgrade still leads somewhere in the supergroup, by the group's own settings."""

from __future__ import annotations

from bot.service import Place
from bot.tg.callback_data import Action
from tests.e2e.harness import World, press, press_action
from tests.e2e.matches import (
    ONE_ROUND,
    deal,
    play_until_over,
    started,
    stop_answer,
    stop_question,
    use_quick_rules,
)
from tests.fake_bot_api import FakeTelegram


async def test_play_again_under_a_match_ended_before_the_upgrade_opens_a_lobby_by_the_groups_rules(
    world: World, fake: FakeTelegram
) -> None:
    """The old group's Play again, pressed after the upgrade: the lobby came to the supergroup with the
    official rules (the group's settings had moved on with it), its match would have played to 500."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await use_quick_rules(world, group, {**ONE_ROUND, "hand_size": 5})
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        await play_until_over(bot, group, {alice.id: alice, bob.id: bob})
        ended = fake.last_bot_message(group)
        supergroup = fake.migrate_to_supergroup(group)
        await bot.deliver()
        press_action(fake, bob, ended, Action.AGAIN)
        await bot.deliver()
        _, lobby = await bot.game(supergroup)
        assert lobby.players == (bob.id,)
        assert lobby.rules.hand_size == 5
        assert "5 cards each" in (fake.last_bot_message(supergroup).text or "")


async def test_stop_in_the_supergroup_asks_though_the_old_group_was_asked_before_the_upgrade(
    world: World, fake: FakeTelegram
) -> None:
    """The question left in the old group is out of date (its buttons say so): /stop in the supergroup got
    no answer at all for two minutes, as if the question were still there to answer."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        old_question = await stop_question(bot, fake, group, alice)
        supergroup = fake.migrate_to_supergroup(group)
        await bot.deliver()
        late = press(fake, alice, old_question, stop_answer(old_question, yes=True))
        await bot.deliver()
        assert late.answer_text == "This button is out of date. Use the newest message."
        question = await stop_question(bot, fake, supergroup, alice)
        assert question.text == "Stop the game for everyone?"
        press(fake, alice, question, stop_answer(question, yes=True))
        await bot.deliver()
        assert (await bot.rt.service.find(Place(supergroup.id))) is None


async def test_a_setting_typed_as_the_group_became_a_supergroup_is_answered_there(
    world: World, fake: FakeTelegram
) -> None:
    """An admin typed /settings hand_size 9 just as the group was upgraded: the bot could no longer ask the
    old group who its admins are, and the command went unanswered (an error in the log), nothing saved; so
    did /rules sent with it. Sent again in the supergroup, as the answer there asks, it is saved."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[bob], creator=alice)
    async with world.running() as bot:
        fake.user_sends(alice, group, "/settings hand_size 9")
        fake.user_sends(bob, group, "/rules")
        supergroup = fake.migrate_to_supergroup(group)
        await bot.deliver()
        answers = [message.text or "" for message in fake.bot_messages_in(supergroup)]
        assert answers[0] == "⚠️ This group has just become a supergroup. Please send the command again."
        assert answers[1].startswith("📜 Rules of this chat: Official")  # answered there too
        fake.user_sends(alice, supergroup, "/settings hand_size 9")
        await bot.deliver()
        assert fake.last_bot_message(supergroup).text == "✅ Hand size: 9 cards"
