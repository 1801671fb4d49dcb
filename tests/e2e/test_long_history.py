"""A bot that runs for weeks: what it keeps of the matches that ended."""

from __future__ import annotations

import pytest

from bot.service import Place
from bot.storage import GameStatus
from bot.tg.callback_data import Action
from tests.e2e.harness import World, buttons, choices, hand_message, press, press_action
from tests.e2e.matches import (
    ONE_ROUND,
    deal,
    deal_short_matches,
    play_until_over,
    started,
    stop,
    stop_answer,
    stop_question,
    use_quick_rules,
    whose_turn,
)
from tests.fake_bot_api import FakeTelegram
from tests.fake_bot_api.errors import too_many_requests
from tests.rules_in_play.table import Table

DAY = 24 * 60 * 60


async def test_a_match_that_ended_is_let_go_and_its_old_hands_say_so(
    world: World, fake: FakeTelegram
) -> None:
    """Every match used to stay in memory with its players' hands for as long as the bot ran (~5 kB each,
    more for long matches); and a hand button from before the end read "This button is out of date. Use
    the newest message." where no newer message has any."""
    people = [fake.add_user("Alice"), fake.add_user("Bob")]
    group = fake.add_group("Friends", members=people)
    await use_quick_rules(world, group, ONE_ROUND)
    deal_short_matches(world)
    async with world.running() as bot:
        await deal(bot, fake, group, people)
        record, _ = await bot.game(group)
        while await bot.rt.service.find(Place(group.id)) is not None:
            mover = await whose_turn(bot, group, people)
            last_hand = hand_message(fake, mover)
            last_move = choices(last_hand)[0]
            await play_until_over(bot, group, {user.id: user for user in people}, limit=1)

        assert all(bot.rt.publishing.language_of(record.id, user.id) is None for user in people)
        query = press(fake, mover, last_hand, last_move)  # a screen that missed the match's end
        await bot.deliver()
        assert query.show_alert and query.answer_text == "This game is over."


async def test_after_an_evening_each_private_chat_keeps_its_greeting_and_one_hand_a_match(
    world: World, fake: FakeTelegram
) -> None:
    """Three matches in a row with Play again (the first stopped by its host, Carol leaving the second): a
    turn's hand is sent anew, to ring, and the one before it goes, so a player scrolling their private chat
    after the evening reads the bot's greeting and one hand a match (as README says), none with buttons."""
    people = [fake.add_user(name) for name in ("Alice", "Bob", "Carol")]
    alice, bob, carol = people
    group = fake.add_group("Friends", members=people)
    await use_quick_rules(world, group, ONE_ROUND)
    async with world.running() as bot:
        await deal(bot, fake, group, people)
        await play_until_over(bot, group, {user.id: user for user in people}, limit=4)
        await stop(bot, fake, group, alice)
        for match in (2, 3):
            again = next(m for m in reversed(fake.bot_messages_in(group)) if m.buttons)
            press_action(fake, bob, again, Action.AGAIN)
            await bot.deliver()
            for user in (alice, carol):
                press_action(fake, user, fake.last_bot_message(group), Action.JOIN)
                await bot.deliver()
            press_action(fake, bob, fake.last_bot_message(group), Action.START)
            await bot.deliver()
            await play_until_over(bot, group, {user.id: user for user in people}, limit=3)
            if match == 2:
                fake.user_sends(carol, group, "/leave")
                await bot.deliver()
            table = Table(bot, fake, group, people)
            await table.arrange({"Alice": ["R5"], "Bob": ["B1", "G2"]}, top="R3", turn=alice)
            await table.play(alice, "R5")  # she goes out: the match (of one round) is over
            assert await bot.rt.service.find(Place(group.id)) is None

    for user in people:
        greeting, *hands = fake.bot_messages_in(fake.private_chat(user))
        said = [(hand.text or "").splitlines() for hand in hands]
        assert (greeting.text or "").startswith("Hello!") and len(hands) == 3, said
        assert said[0][-1] == ("⏹ You stopped the game." if user is alice else "⏹ Alice stopped the game.")
        won = "🏆 You win the match!" if user is alice else "🏆 Alice wins the match!"
        assert ("You left this game." if user is carol else won) in said[1]
        assert won in said[2]
        assert not any(buttons(message) for message in [greeting, *hands])


@pytest.mark.parametrize(
    ("language", "alert", "settled"),
    [
        ("en", "This game is over.", "The game this question was about is over."),
        ("ru", "Эта игра уже закончилась.", "Игра, о которой был этот вопрос, уже закончилась."),  # noqa: RUF001
    ],
)
async def test_yesterdays_stop_question_answered_today_says_its_game_is_over(
    world: World, fake: FakeTelegram, language: str, alert: str, settled: str
) -> None:
    """A /stop question nobody answered keeps its buttons: its Yes pressed the next day, while the group
    played another game, read "There is no game here any more." (and the question said so to the group)."""
    people = [fake.add_user("Alice", language_code=language), fake.add_user("Bob", language_code=language)]
    group = fake.add_group("Friends", members=people)
    await use_quick_rules(world, group, ONE_ROUND, language=language)
    deal_short_matches(world)
    async with world.running() as bot:
        await deal(bot, fake, group, people)
        question = await stop_question(bot, fake, group, people[0])
        await play_until_over(bot, group, {user.id: user for user in people})
        bot.clock.advance(DAY)
        await deal(bot, fake, group, people)

        query = press(fake, people[0], question, stop_answer(question, yes=True))
        await bot.deliver()
        assert query.show_alert and query.answer_text == alert
        assert fake.messages[(group.id, question.message_id)].text == settled
        today, _ = await bot.game(group)
        assert today.status is GameStatus.RUNNING


@pytest.mark.parametrize(
    ("language", "moved"),
    [
        ("en", "Friends\n⬇️ Your cards are in a new message below."),
        ("ru", "Friends\n⬇️ Ваши карты — в новом сообщении ниже."),
    ],
)
async def test_a_hand_too_old_to_delete_points_to_the_new_one_and_keeps_no_buttons(
    world: World, fake: FakeTelegram, language: str, moved: str
) -> None:
    """Back after two days down, the bot sends each player whose turn comes a new hand; Telegram refuses to
    delete the old one (48 hours old): it stayed above the new one with the cards and buttons of two days
    ago, a second keyboard whose every press was "out of date"."""
    people = [fake.add_user("Alice", language_code=language), fake.add_user("Bob", language_code=language)]
    group = fake.add_group("Friends", members=people)
    await use_quick_rules(world, group, ONE_ROUND, language=language)
    deal_short_matches(world)
    async with world.running() as bot:
        await deal(bot, fake, group, people)
        old_hands = {user.id: hand_message(fake, user) for user in people}
    world.clock.advance(2 * DAY)
    async with world.running() as bot:
        for _ in range(10):  # until each has a new hand
            if all(hand_message(fake, user).message_id != old_hands[user.id].message_id for user in people):
                break
            await play_until_over(bot, group, {user.id: user for user in people}, limit=1)
        for user in people:
            keyboards = [m for m in fake.bot_messages_in(fake.private_chat(user)) if buttons(m)]
            assert keyboards == [hand_message(fake, user)]  # the newest hand, and no other
            old = fake.messages[(user.id, old_hands[user.id].message_id)]
            assert old.text == moved and not old.buttons


async def test_a_hand_whose_deletion_meets_a_flood_wait_is_deleted_after_it_not_left_pointing_below(
    world: World, fake: FakeTelegram
) -> None:
    """The pointer is for a hand Telegram no longer lets the bot delete: a deletion answered "retry after 5"
    (a flood) turned the old hand at once into "⬇️ Your cards are in a new message below.", which stayed
    above the hands that came after it (three forum games under a flood left four such in one player's
    chat). It is deleted once the wait is over."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        mover = await whose_turn(bot, group, people)
        waiting = next(user for user in people if user is not mover)
        old = hand_message(fake, waiting)
        fake.fail_next("deleteMessage", too_many_requests(5), chat_id=waiting.id)
        while await whose_turn(bot, group, people) is mover:  # (a Skip or a Reverse: mover again)
            hand = hand_message(fake, mover)
            press(fake, mover, hand, choices(hand)[0])
            await bot.deliver()
        await bot.tick(10)
        assert any(call.method == "deleteMessage" and call.status == 429 for call in fake.calls)
        assert (waiting.id, old.message_id) not in fake.messages
        assert [m.message_id for m in fake.bot_messages_in(fake.private_chat(waiting))][-1:] == [
            hand_message(fake, waiting).message_id
        ]


async def test_a_hand_its_player_deleted_is_not_edited_into_a_pointer_when_replaced(
    world: World, fake: FakeTelegram
) -> None:
    """A deletion answered "message to delete not found" found the message gone already (its player deleted
    it, or a try whose answer was lost did): the pointer "⬇️ Your cards are in a new message below." is for a
    message Telegram keeps, and an edit of one that is gone is a write for nothing."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        mover = await whose_turn(bot, group, people)
        waiting = next(user for user in people if user is not mover)
        old = hand_message(fake, waiting)
        fake.delete_message(old)
        while await whose_turn(bot, group, people) is mover:  # (a Skip or a Reverse: mover again)
            hand = hand_message(fake, mover)
            press(fake, mover, hand, choices(hand)[0])
            await bot.deliver()
        await bot.tick(10)
        deletions = [
            call
            for call in fake.calls_to("deleteMessage")
            if str(call.params["chat_id"]) == str(waiting.id)
            and str(call.params["message_id"]) == str(old.message_id)
        ]
        assert deletions, "the bot never tried to delete the replaced hand"
        edits = [
            call
            for call in fake.calls_to("editMessageText")
            if str(call.params["chat_id"]) == str(waiting.id)
            and str(call.params["message_id"]) == str(old.message_id)
        ]
        assert edits == []
