"""People and chats changing during a game (an audit of 2026-12-02): a removal from the group is a kick,
a muted member who leaves is gone, a closed General topic stops only General's game, and an admin check
Telegram cannot answer still answers the press."""

from __future__ import annotations

import logging

import pytest

from bot.service import Place
from bot.tg.callback_data import Action
from tests.e2e.harness import SORRY, World, press_action
from tests.e2e.matches import deal, gather, started
from tests.fake_bot_api import FakeTelegram
from tests.fake_bot_api.errors import ApiError, bad_request, forbidden, migrated
from tests.fake_bot_api.model import Member
from tests.stored_results import stored_matches

PAGE_SETTLES = 30  # seconds for every paced edit to go out
ADD_TO_GROUP = "➕ Add me to a group"  # noqa: RUF001


async def test_an_admin_removing_the_last_opponent_from_the_group_is_a_kick(
    world: World, fake: FakeTelegram
) -> None:
    """/kick of the last opponent stops the match unrated; a removal from the group must not instead hand the
    remover a rated win and the removed player a loss."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob], creator=alice)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        record, _ = await bot.game(group)
        fake.user_leaves_group(bob, group, by=alice)
        await bot.deliver()
        assert await bot.rt.service.find(Place(group.id)) is None
        async with bot.rt.database.unit_of_work() as uow:
            rows = await stored_matches(uow, record.id)
        assert [row.user_id for row in rows] == [alice.id]
        assert rows[0].stopped_early


async def test_a_player_leaving_the_group_of_their_own_accord_forfeits(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob], creator=alice)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        record, _ = await bot.game(group)
        fake.user_leaves_group(bob, group)
        await bot.deliver()
        async with bot.rt.database.unit_of_work() as uow:
            rows = {row.user_id: row for row in await stored_matches(uow, record.id)}
        assert (rows[alice.id].placement, rows[bob.id].placement) == (1, 2)
        assert not rows[alice.id].stopped_early


async def test_the_table_says_a_player_left_the_group_not_only_the_game(
    world: World, fake: FakeTelegram
) -> None:
    """(helper-339's read of idle games, session 51) one who left the group mid-match read on the table as
    one who sent /leave, "Bob leaves the game.": the others wondered why. Removed by an admin, it is a kick,
    and reads as one."""
    async with started(world, fake, ("Alice", "Bob", "Carol", "Dave")) as (bot, group, people):
        alice, bob, carol, _ = people
        record, _ = await bot.game(group)
        fake.user_leaves_group(bob, group)
        fake.make_admin(fake.bot, group)  # an admin bot is told by a chat_member update
        fake.user_leaves_group(carol, group, by=alice, service_message=False)
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        table = fake.messages[(group.id, record.table_message_id)].text or ""
        assert "Bob leaves the group, and the game." in table and "Bob leaves the game." not in table
        assert "Alice removes Carol from the game." in table


async def test_a_muted_player_who_leaves_the_group_leaves_the_match(world: World, fake: FakeTelegram) -> None:
    """Telegram reports a restricted member who leaves as "restricted" with is_member false; with join and
    leave messages hidden that chat_member update is all the bot gets."""
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, (_, bob, _)):
        fake.make_admin(fake.bot, group)
        old = Member(bob, "restricted").to_api()
        with fake.lock:
            group.members.pop(bob.id)
            change = {"old_chat_member": old, "new_chat_member": {**old, "is_member": False}}
            fake.push_update(
                "chat_member", {"chat": group.to_api(), "from": bob.to_api(), "date": fake.now(), **change}
            )
        await bot.deliver()
        _, doc = await bot.game(group)
        assert bob.id not in doc.state.players


async def test_a_closed_general_topic_does_not_stop_the_game_in_another_topic(
    world: World, fake: FakeTelegram
) -> None:
    """A message to General carries no thread id: its TOPIC_CLOSED is General's, not the whole forum's."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    forum = fake.add_group("Forum", members=[alice, bob], forum=True, creator=alice)
    topic = fake.add_topic(forum, "UNO")
    async with world.running() as bot:
        for user in (alice, bob):
            fake.user_starts_bot(user)
        fake.user_sends(alice, forum, "/new")  # General's own game
        fake.user_sends(alice, forum, "/new", thread_id=topic)
        fake.user_sends(bob, forum, "/join", thread_id=topic)
        await bot.deliver()
        topic_lobby = fake.messages_in(forum, thread_id=topic, from_bot=True)[-1]
        press_action(fake, alice, topic_lobby, Action.START)
        await bot.deliver()
        fake.fail_next("sendMessage", bad_request("TOPIC_CLOSED"), chat_id=forum.id)
        fake.user_sends(alice, forum, "/help")  # an admin may still post in a closed General
        await bot.deliver()
        assert await bot.rt.service.find(Place(forum.id, topic)) is not None
        assert await bot.rt.service.find(Place(forum.id)) is None  # General's lobby stopped


async def test_start_pressed_while_the_admin_check_fails_is_answered(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        fake.fail_next("getChatMember", ApiError(502, "Bad Gateway"))
        query = press_action(fake, bob, fake.last_bot_message(group), Action.START)
        await bot.deliver()
        # Not "only who runs the game or an admin": whether Bob is an admin could not be told just now.
        assert query.show_alert and query.answer_text == SORRY
        assert (await bot.game(group))[1].engine is None


async def test_start_pressed_on_a_lobby_left_behind_by_a_removed_bot_is_answered(
    world: World, fake: FakeTelegram
) -> None:
    """The bot was removed while a lobby was open; the lobby's "closed" edit was refused, its buttons
    stayed, and the admin check now fails too."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        fake.kick_bot_from_group(group, alice)
        await bot.deliver()
        assert fake.messages[(group.id, lobby.message_id)].buttons
        fake.fail_next("getChatMember", forbidden("bot was kicked from the group chat"))
        query = press_action(fake, bob, fake.messages[(group.id, lobby.message_id)], Action.START)
        await bot.deliver()
        assert query.answered


async def test_start_pressed_when_telegram_answers_the_admin_check_with_a_bad_request_is_refused(
    world: World, fake: FakeTelegram
) -> None:
    """A 400 is Telegram's answer (python-telegram-bot raises it as a NetworkError): it is no admin the bot
    can confirm, so the presser is refused, not asked to try again the same press forever."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        fake.fail_next("getChatMember", bad_request("PARTICIPANT_ID_INVALID"))
        query = press_action(fake, bob, fake.last_bot_message(group), Action.START)
        await bot.deliver()
        assert query.show_alert and query.answer_text not in (None, SORRY)
        assert (await bot.game(group))[1].engine is None


async def test_a_join_link_of_a_group_the_bot_was_removed_from_says_it_is_no_longer_there(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    """Alice removed the bot as her lobby was open: its join link said to ask in the group for a new game,
    where nobody would hear the bot. It says the bot is no longer there, with the button adding it to a group
    (whether Telegram answers with the bot's status or refuses, as it does once the bot is out, which warns
    nobody: the bot expects it); once the bot is added back, to ask there, as when Telegram cannot say for a
    moment or the group became a supergroup."""
    alice, carol = fake.add_user("Alice"), fake.add_user("Carol")
    group = fake.add_group("Friends", members=[alice, carol])
    link = "The game in Friends from that link is over, and I'm no longer in that group."
    async with world.running() as bot:
        await gather(bot, fake, group, [alice])
        record, _ = await bot.game(group)
        fake.kick_bot_from_group(group, alice)
        await bot.deliver()
        private = fake.private_chat(carol)
        fake.user_starts_bot(carol, f"join_{record.id}")
        await bot.deliver()
        told = fake.last_bot_message(private)
        assert (told.text or "").startswith(link), told.text
        assert [text for row in told.button_texts for text in row] == [ADD_TO_GROUP]
        fake.fail_next("getChatMember", forbidden("bot was kicked from the group chat"))
        fake.user_starts_bot(carol, f"join_{record.id}")
        with caplog.at_level(logging.INFO, logger="bot.tg.chat_rights"):
            await bot.deliver()
        assert (fake.last_bot_message(private).text or "").startswith(link)
        [refused] = [line for line in caplog.records if line.name == "bot.tg.chat_rights"]
        assert refused.levelno == logging.INFO, refused.getMessage()
        fake.add_bot_to_group(group, alice)
        await bot.deliver()
        fake.user_starts_bot(carol, f"join_{record.id}")
        await bot.deliver()
        over = "The game from that link is over. Ask in the group for a new one: /new"
        assert fake.last_bot_message(private).text == over
        # Telegram failing for a moment, or the group having become a supergroup, is no sign the bot is out
        for failure in (ApiError(502, "Bad Gateway"), migrated(group.id - 1)):
            fake.fail_next("getChatMember", failure)
            fake.user_starts_bot(carol, f"join_{record.id}")
            await bot.deliver()
            assert fake.last_bot_message(private).text == over, failure
