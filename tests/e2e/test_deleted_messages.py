"""A table or hand message someone deleted: edits of it fail, so the bot shows it in a new message; a /stop
question someone deleted is asked again."""

from __future__ import annotations

from bot.engine.rules import Rules
from bot.service import Place
from tests.e2e.harness import Bot, World, choices, hand_message, press
from tests.e2e.matches import deal, started, stop_answer, stop_question, whose_turn
from tests.fake_bot_api import Chat, FakeTelegram, User
from tests.narrow_phone import spaced
from tests.rules_in_play.table import playing

SETTLED = 30  # seconds for every paced and settling edit to go out


async def _move(
    bot: Bot, fake: FakeTelegram, group: Chat, people: list[User], settled: float = SETTLED
) -> None:
    """Whoever's turn it is makes their first choice (a card or a draw): the table and hands change; then
    `settled` seconds pass."""
    actor = await whose_turn(bot, group, people)
    hand = hand_message(fake, actor)
    press(fake, actor, hand, choices(hand)[0])
    await bot.deliver()
    await bot.tick(settled)


async def test_a_deleted_table_is_posted_again_and_the_game_goes_on(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        record, _ = await bot.game(group)
        deleted = record.table_message_id
        assert deleted is not None
        fake.delete_message(fake.messages[(group.id, deleted)])
        await _move(bot, fake, group, people)
        record, _ = await bot.game(group)
        assert record.table_message_id not in (None, deleted)
        table = fake.messages[(group.id, record.table_message_id)]
        assert "Top card:" in (table.text or "") and table.buttons
        shown = table.text
        await _move(bot, fake, group, people)  # and from then on that message is edited
        assert (await bot.game(group))[0].table_message_id == record.table_message_id
        assert fake.messages[(group.id, record.table_message_id)].text != shown


async def test_a_table_deleted_in_one_group_leaves_the_same_numbered_table_of_another(
    world: World, fake: FakeTelegram
) -> None:
    """Message ids count per chat: two groups' tables may share one. Deleting the second group's moves its
    game to a new table; the first group's stays where it is."""
    tables = []
    for name in ("First", "Second"):
        people = [fake.add_user(f"{name} {n}") for n in range(2)]
        group = fake.add_group(name, members=people)
        tables.append((group, people))
    async with world.running() as bot:
        for group, people in tables:
            await deal(bot, fake, group, people)
        (first, _), (second, people) = tables
        kept = (await bot.game(first))[0].table_message_id
        deleted = (await bot.game(second))[0].table_message_id
        assert kept == deleted is not None
        fake.delete_message(fake.messages[(second.id, deleted)])
        await _move(bot, fake, second, people)
        assert (await bot.game(second))[0].table_message_id != deleted
        assert (await bot.game(first))[0].table_message_id == kept
        assert fake.last_bot_message(first).message_id == kept


async def test_a_deleted_hand_is_sent_again_when_it_changes(world: World, fake: FakeTelegram) -> None:
    async with playing(world, fake, Rules(seven_zero=True)) as table:
        alice, bob, carol = table.people
        hands = {"Alice": ["R0", "G5", "G6"], "Bob": ["B1", "B2"], "Carol": ["Y1", "Y2", "Y3", "Y4"]}
        await table.arrange(hands, top="R3", turn=alice)
        await table.bot.tick(SETTLED)
        deleted = table.hand(carol)
        fake.delete_message(deleted)
        await table.play(alice, "R0")  # hands pass on: Carol gets Bob's, while it is Bob's turn
        await table.bot.tick(SETTLED)
        assert (await table.state()).actor == bob.id
        hand = table.hand(carol)
        assert hand.message_id != deleted.message_id and "You have 2 cards" in spaced(hand.text or ""), (
            hand.text
        )
        assert hand.buttons


async def test_start_sends_the_hand_anew_to_a_player_who_deleted_it_on_their_turn(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        actor = await whose_turn(bot, group, people)
        deleted = hand_message(fake, actor)
        fake.delete_message(deleted)
        fake.user_starts_bot(actor)
        await bot.deliver()
        hand = hand_message(fake, actor)
        assert hand.message_id != deleted.message_id and choices(hand), hand.text
        fake.user_starts_bot(actor)  # again: a new message at the bottom, the one above it deleted
        await bot.deliver()
        again = hand_message(fake, actor)
        assert again.message_id > hand.message_id and choices(again)
        assert (fake.private_chat(actor).id, hand.message_id) not in fake.messages


async def test_a_table_an_anti_spam_bot_deletes_at_once_is_posted_anew_twice_a_minute_not_each_move(
    world: World, fake: FakeTelegram
) -> None:
    """Each move found the table gone and posted a new one, which the anti-spam bot deleted in turn: a new
    message in the group every move."""
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        await bot.tick(SETTLED)
        fake.sweep_bot_messages(group)
        record, _ = await bot.game(group)
        fake.delete_message(fake.messages[(group.id, record.table_message_id)])
        posted = len(fake.calls_to("sendMessage"))
        for _ in range(20):  # a minute of play
            await _move(bot, fake, group, people, settled=3)
        tables = [c for c in fake.calls_to("sendMessage")[posted:] if int(c.params["chat_id"]) == group.id]
        assert 1 <= len(tables) <= 3, [c.params["text"][:40] for c in tables]

        fake.sweep_bot_messages(group, on=False)
        await bot.tick(SETTLED)
        await _move(bot, fake, group, people)  # the first change half a minute on posts the table again
        record, _ = await bot.game(group)
        assert record.table_message_id is not None
        assert "Top card:" in (fake.messages[(group.id, record.table_message_id)].text or "")


async def test_a_lobby_an_anti_spam_bot_deletes_at_once_is_not_posted_anew_at_each_join(
    world: World, fake: FakeTelegram
) -> None:
    """As a table: the lobby posted for the deleted one went the same way, and the next waits half a minute
    instead of coming with each /join."""
    people = [fake.add_user(f"Player {n}") for n in range(6)]
    group = fake.add_group("Friends", members=people)
    async with world.running() as bot:
        for user in people:
            fake.user_starts_bot(user)
        await bot.deliver()
        fake.sweep_bot_messages(group)
        posted = len(fake.calls)
        fake.user_sends(people[0], group, "/new@uno_test_bot")
        await bot.deliver()
        for user in people[1:]:
            fake.user_sends(user, group, "/join@uno_test_bot")
            await bot.deliver()
            await bot.tick(3)
        sent = [
            c
            for c in fake.calls[posted:]
            if c.method == "sendMessage" and int(c.params["chat_id"]) == group.id
        ]
        assert len([c for c in sent if "a new game" in c.params["text"]]) == 2  # the first, and one for it


async def test_a_lobby_posted_anew_after_an_anti_spam_bots_deletions_rings_no_phone(
    world: World, fake: FakeTelegram
) -> None:
    """Only a lobby's first message rings (people are asked to join). Its lobby deleted, and the one posted
    for it deleted at once, the next waits half a minute: the join that then posted it anew rang the group,
    as if a game had opened."""
    people = [fake.add_user(f"Player {n}") for n in range(4)]
    group = fake.add_group("Friends", members=people)
    async with world.running() as bot:
        for user in people:
            fake.user_starts_bot(user)
        await bot.deliver()
        fake.sweep_bot_messages(group)
        fake.user_sends(people[0], group, "/new@uno_test_bot")
        await bot.deliver()
        for user in people[1:3]:  # each finds the lobby gone: the first posts it anew, the second waits
            fake.user_sends(user, group, "/join@uno_test_bot")
            await bot.deliver()
            await bot.tick(3)
        assert (await bot.game(group))[0].table_message_id is None
        fake.sweep_bot_messages(group, on=False)
        await bot.tick(SETTLED)
        fake.user_sends(people[3], group, "/join@uno_test_bot")
        await bot.deliver()
        await bot.tick(3)
        lobby = fake.messages[(group.id, (await bot.game(group))[0].table_message_id)]
        assert "Player 3" in spaced(lobby.text or "") and lobby.silent
    lobbies = [c.params for c in fake.calls_to("sendMessage") if "a new game" in c.params["text"]]
    assert [bool(lobby.get("disable_notification")) for lobby in lobbies] == [
        False,
        True,
        True,
    ]  # the first rings


async def test_a_table_brought_down_by_table_then_deleted_is_posted_anew_at_once(
    world: World, fake: FakeTelegram
) -> None:
    """The table, deleted once, was posted anew at the next move; later /table brought it down, and an admin
    deleted that one. It was no table posted for a deleted one, deleted in its turn (an anti-spam bot's
    doing, which the next waits half a minute for): the next move posts the table anew at once."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        deleted = (await bot.game(group))[0].table_message_id
        assert deleted is not None
        fake.delete_message(fake.messages[(group.id, deleted)])
        await _move(bot, fake, group, people)
        reposted, _ = await bot.game(group)
        await bot.tick(1)  # half a minute since it was posted: /table may post it again
        fake.user_sends(people[0], group, "/table")
        await bot.deliver()
        record, _ = await bot.game(group)
        brought_down = record.table_message_id
        assert brought_down is not None and brought_down != reposted.table_message_id
        fake.delete_message(fake.messages[(group.id, brought_down)])
        await _move(bot, fake, group, people, settled=1)
        record, _ = await bot.game(group)
        assert record.table_message_id not in (None, brought_down)


async def test_stop_asks_again_half_a_minute_after_the_question_an_admin_deleted(
    world: World, fake: FakeTelegram
) -> None:
    """/stop said nothing for two minutes after its question: a question an admin (or an anti-spam bot)
    deleted left the game unstoppable meanwhile."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        question = await stop_question(bot, fake, group, alice)
        fake.delete_message(question)
        await bot.tick(30)  # half a minute after the question
        again = await stop_question(bot, fake, group, alice)
        assert again.message_id != question.message_id and again.text == "Stop the game for everyone?"
        press(fake, alice, again, stop_answer(again, yes=True))
        await bot.clock.run(bot.deliver())
        assert await bot.rt.service.find(Place(group.id)) is None


async def test_a_join_link_followed_by_a_player_mid_match_brings_back_the_deleted_hand(
    world: World, fake: FakeTelegram
) -> None:
    """They read "You're in the game in Friends. Your cards will show up here." and no cards came."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        record, _ = await bot.game(group)
        deleted = hand_message(fake, alice)
        fake.delete_message(deleted)
        fake.user_starts_bot(alice, f"join_{record.id}")  # the lobby's link, kept
        await bot.deliver()
        private = fake.bot_messages_in(fake.private_chat(alice))
        assert private[-2].text == "You're in the game in Friends. Your cards will show up here."
        assert private[-1].message_id != deleted.message_id and private[-1].buttons, private[-1].text


async def test_a_deleted_hand_sent_anew_costs_no_delete_of_the_message_already_gone(
    world: World, fake: FakeTelegram
) -> None:
    """A player deleted their hand, then turned on colour letters: its redraw failed and the hand went out in
    a new message. Deleting the one already gone only earns a 400, and takes a turn in the bot-wide window
    from the game's writes."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, _group, people):
        player = people[0]
        deleted = hand_message(fake, player)
        fake.delete_message(deleted)
        fake.user_sends(player, fake.private_chat(player), "/colours")
        await bot.deliver()
        await bot.tick(SETTLED)

        private = fake.private_chat(player).id
        assert hand_message(fake, player).message_id != deleted.message_id
        deletions = [c.params for c in fake.calls_to("deleteMessage") if int(c.params["chat_id"]) == private]
        assert [int(params["message_id"]) for params in deletions] == []
