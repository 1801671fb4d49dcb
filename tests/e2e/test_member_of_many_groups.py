"""A member seated in the lobbies of many groups at once: the private chat's answers that name their groups
(/forgetme, a group's command sent there, Start) name the first ten and count the rest."""

from __future__ import annotations

import pytest

from bot.tg.callback_data import Action, CallbackData
from bot.tg.render.text import TEXT_LIMIT
from bot.visible_text import utf16_length
from tests.e2e.harness import World, buttons, hand_message, press, press_action
from tests.e2e.matches import deal, gather
from tests.fake_bot_api import FakeTelegram
from tests.narrow_phone import spaced

GROUPS = 40
TITLE = "Friends who play UNO every evening after work"  # shown whole: within a title's room
MORE = {"en": "and 30 more chats", "ru": "и ещё 30 чатов"}


@pytest.mark.parametrize(
    ("command", "language"),
    [("/forgetme", "en"), ("/forgetme", "ru"), ("/leave", "en"), ("/stop", "ru"), ("/start", "en")],
)
async def test_a_member_in_forty_lobbies_is_told_ten_of_their_groups_and_how_many_more(
    world: World, fake: FakeTelegram, command: str, language: str
) -> None:
    """Joined in 40 groups of ~50-character titles, the list of them ran past what Fluent takes as one
    argument (2,500 characters): /forgetme answered "Unknown command. See /help." (its handler failed), and
    /leave or /stop "Sorry, something went wrong" from ~50 groups on; listed whole, /forgetme's answer would
    pass Telegram's 4,096 characters."""
    eve = fake.add_user("Eve", language_code=language)
    hosts = [fake.add_user(f"Host {number}") for number in range(GROUPS)]
    groups = [
        fake.add_group(f"{TITLE} {number}", members=[host, eve], creator=host)
        for number, host in enumerate(hosts)
    ]
    async with world.running() as bot:
        for person in (eve, *hosts):
            fake.user_starts_bot(person)
        for host, group in zip(hosts, groups, strict=True):
            fake.user_sends(host, group, "/new")
        await bot.deliver()
        for group in groups:
            press_action(fake, eve, fake.last_bot_message(group), Action.JOIN)
        await bot.deliver()
        fake.user_sends(eve, fake.private_chat(eve), command)
        await bot.deliver()
        answer = spaced(hand_message(fake, eve).text or "")
        assert f"{TITLE} 9" in answer and f"{TITLE} 10" not in answer and MORE[language] in answer
        assert utf16_length(answer) < TEXT_LIMIT


@pytest.mark.parametrize(("language", "said"), [("en", "It's not your turn."), ("ru", "Сейчас не ваш ход.")])
async def test_a_refusal_on_a_hand_names_its_group_to_one_playing_in_two(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """(session 55's readings) Sam plays in Home and in Club at once, and their hands name their groups: a
    card tapped on one out of turn answered "It's not your turn." without saying which. One playing in one
    group only reads it as it was."""
    sam = fake.add_user("Sam", language_code=language)
    alice, bob = fake.add_user("Alice", language_code=language), fake.add_user("Bob", language_code=language)
    home, club = fake.add_group("Home", members=[alice, sam]), fake.add_group("Club", members=[bob, sam])
    async with world.running() as bot:
        await deal(bot, fake, home, [alice, sam])
        await deal(bot, fake, club, [bob, sam])
        private = fake.bot_messages_in(fake.private_chat(sam))
        pressed_by = []
        for group, other in ((home, alice), (club, bob)):
            _, doc = await bot.game(group)
            waiting = sam if doc.state.actor != sam.id else other
            hand = next(m for m in reversed(private) if (m.text or "").startswith(group.title))
            if waiting is other:
                hand = hand_message(fake, other)
            tried = next(data for _, data in buttons(hand) if data.action is Action.TRY)
            query = press(fake, waiting, hand, tried)
            pressed_by.append(waiting)
            await bot.deliver()
            named = f"{group.title}: {said}" if waiting is sam else said
            assert query.show_alert and (query.answer_text or "").startswith(named), query.answer_text
        assert sam in pressed_by  # one of Sam's hands was refused


async def test_a_refusal_on_a_hand_does_not_name_its_group_to_one_only_in_another_groups_lobby(
    world: World, fake: FakeTelegram
) -> None:
    """Sam plays in Home and only sits in Club's lobby, which has no hand of his: a card tapped out of turn on
    his one hand reads as it did, without its group (mutation audit, session 56)."""
    sam, alice, bob = fake.add_user("Sam"), fake.add_user("Alice"), fake.add_user("Bob")
    home, club = fake.add_group("Home", members=[alice, sam]), fake.add_group("Club", members=[bob, sam])
    async with world.running() as bot:
        await deal(bot, fake, home, [sam, alice])
        await gather(bot, fake, club, [bob, sam])
        _, doc = await bot.game(home)
        waiting = sam if doc.state.actor != sam.id else alice
        hand = hand_message(fake, waiting)
        assert (hand.text or "").startswith("Home")
        tried = next(data for _, data in buttons(hand) if data.action is Action.TRY)
        query = press(fake, waiting, hand, tried)
        await bot.deliver()
        assert query.show_alert and query.answer_text == "It's not your turn.", query.answer_text


async def test_a_refusal_on_the_table_does_not_name_its_group(world: World, fake: FakeTelegram) -> None:
    """Sam plays in Home and in Club: a press on Home's table, in Home, is refused as it was, without
    "Home: " before it, which only a hand in the private chat needs (mutation audit, session 56)."""
    sam, alice, bob = fake.add_user("Sam"), fake.add_user("Alice"), fake.add_user("Bob")
    home, club = fake.add_group("Home", members=[alice, sam]), fake.add_group("Club", members=[bob, sam])
    async with world.running() as bot:
        await deal(bot, fake, home, [alice, sam])
        await deal(bot, fake, club, [bob, sam])
        record, doc = await bot.game(home)
        table = fake.messages[(home.id, record.table_message_id)]
        query = press(fake, sam, table, CallbackData(Action.UNO, record.id, doc.state.seq))  # seven cards
        await bot.deliver()
        assert query.show_alert and query.answer_text and not query.answer_text.startswith("Home"), (
            query.answer_text
        )
