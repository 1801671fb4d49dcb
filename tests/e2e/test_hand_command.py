"""/hand: a player's cards anew at the bottom of the private chat (after clearing it, say), sent there or in
the group; one who plays in no match is told so."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable

import pytest

from tests.e2e.harness import World, buttons, held_at_the_game, standing_still
from tests.e2e.matches import deal, gathered, started, use_quick_rules
from tests.fake_bot_api import Chat, FakeTelegram, User

SENT = {
    "en": "🃏 Your cards are in our private chat, at the bottom.",
    "ru": "🃏 Ваши карты — в нашем личном чате, внизу.",
}
NOT_HERE = {"en": "🃏 You're not playing in the game here.", "ru": "🃏 Вы не участвуете в этой игре."}
NOT_ANYWHERE = {
    "en": "🃏 You're not playing in any game now. Send /new in a group to open one.",
    "ru": "🃏 Вы сейчас не играете ни в одной игре. Отправьте /new в группе, чтобы открыть игру.",
}
NOT_DEALT = {
    "en": "🃏 No cards yet: they come to our private chat once the game starts.",
    "ru": "🃏 Карт пока нет: они придут в наш личный чат, когда игра начнётся.",
}


async def test_hand_in_private_brings_the_hand_to_the_bottom(world: World, fake: FakeTelegram) -> None:
    """(Session 55's readings) /hand answered "Unknown command": the hand came back only through /start or the
    group's "🃏 My cards"."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, _, (alice, _)):
        private = fake.private_chat(alice)
        before = fake.bot_messages_in(private)
        fake.user_sends(alice, private, "/hand")
        await bot.deliver()
        after = fake.bot_messages_in(private)
        assert len(after) == len(before)  # the hand moved to the bottom, no word added
        assert after[-1].message_id > before[-1].message_id and buttons(after[-1]), after[-1].text
        assert (after[-1].text or "").startswith("Friends"), after[-1].text


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_hand_in_the_group_sends_the_hand_to_private_and_says_so_there(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """In the group /hand was nobody's command: nothing answered it."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        alice.language_code = language
        private = fake.private_chat(alice)
        before = fake.bot_messages_in(private)
        fake.user_sends(alice, group, "/hand")
        await bot.deliver()
        after = fake.bot_messages_in(private)
        assert len(after) == len(before) and after[-1].message_id > before[-1].message_id
        said = fake.last_bot_message(group)
        assert said.text == SENT[language]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_hand_from_one_not_playing_says_so(world: World, fake: FakeTelegram, language: str) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, _):
        carol = fake.add_user("Carol", language_code=language, started_bot=True)
        fake.join_group(carol, group)
        fake.user_sends(carol, group, "/hand")
        await bot.deliver()
        assert fake.last_bot_message(group).text == NOT_HERE[language]
        fake.user_sends(carol, fake.private_chat(carol), "/hand")
        await bot.deliver()
        assert [m.text for m in fake.bot_messages_in(fake.private_chat(carol))] == [NOT_ANYWHERE[language]]


RESTART = {
    "en": "🃏 Your cards come to our private chat: open it (the button below) and press “Restart”"
    " (or “Перезапустить”).",
    "ru": "🃏 Карты приходят в наш личный чат: откройте его (кнопка ниже) и нажмите «Перезапустить»"  # noqa: RUF001
    " (или «Restart»).",
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_hand_in_the_group_from_a_player_the_bot_cannot_write_to_offers_the_private_chat(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """One who blocked the bot finds the app's "Restart" in its chat, not the "Start" they were told to
    press (session 56 review). (Session 59) Named in the answer's language only, as the /notifyme answer's
    isn't: Telegram labels the button in the app's language, which may be the other one."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        alice.language_code = language
        fake.user_blocks_bot(alice)
        await bot.deliver()
        record, _ = await bot.game(group)
        fake.user_sends(alice, group, "/hand")
        await bot.deliver()
        said = fake.last_bot_message(group)
        assert said.text == RESTART[language]
        assert [[b["url"] for b in row] for row in said.buttons] == [
            [f"https://t.me/uno_test_bot?start=hand_{record.id}"]
        ]


async def test_hand_asked_again_within_the_minute_by_one_the_bot_cannot_write_to_is_not_answered_again(
    world: World, fake: FakeTelegram
) -> None:
    """(session 56 follow-up) The group's other answers are given the same person once a minute (they are
    just above), but the one with the button to the private chat was posted for every /hand: three /hand
    in a row, three times the same message. A repeat within the minute is not answered; after it, it is."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        fake.user_blocks_bot(alice)
        await bot.deliver()

        def offers() -> int:
            return sum(
                1
                for call in fake.calls_to("sendMessage")
                if str(call.params["chat_id"]) == str(group.id)
                and call.params["text"].startswith("🃏 Your cards come to our private chat")
            )

        for _ in range(3):
            fake.user_sends(alice, group, "/hand")
            await bot.deliver()
        assert offers() == 1
        await bot.tick(61)
        fake.user_sends(alice, group, "/hand")
        await bot.deliver()
        assert offers() == 2


async def test_hand_sent_over_and_over_sends_the_hand_at_most_twice(world: World, fake: FakeTelegram) -> None:
    """Each /hand sent the hand anew, and deleted the one before, under the game's publishing lock: six
    /hand while the first was on its way made twelve writes to the private chat (paced at one a second), the
    group's table and the other players' hands waiting behind them. Those asked for while one waits for the
    lock are that one, which sends the hand as the game is then (session 56 review)."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, _, (alice, _)):
        private = fake.private_chat(alice)
        before = sent_to(fake, private)
        with held_at_the_game(bot, "load") as (called, go):  # the first hand sent anew: read, not yet sent
            for _ in range(6):
                fake.user_sends(alice, private, "/hand")
            while fake.pending_updates:
                await bot.handle_pending()
            await standing_still(is_set(called), "the first /hand's hand read")
            go.set()
            await bot.settle()
        assert sent_to(fake, private) - before <= 2  # the first, and one for those asked meanwhile
        last = fake.bot_messages_in(private)[-1]
        assert buttons(last) and (last.text or "").startswith("Friends"), last.text


async def test_hand_asked_for_after_one_was_sent_waits_once(world: World, fake: FakeTelegram) -> None:
    """The first /hand's resend, done, dropped the mark of the one asked for while it was on its way, still
    waiting for the game's lock behind another player's: a /hand then queued a second resend behind it, two
    hands sent anew where one would do (session 57 review)."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, _, (alice, bob)):
        private = fake.private_chat(alice)

        async def asks_for_the_hand(user: User) -> None:
            fake.user_sends(user, fake.private_chat(user), "/hand")
            await bot.handle_pending()
            await asyncio.sleep(0)  # its resend, spawned, waits for the game's lock

        def nth(n: int) -> Callable[..., bool]:
            calls = itertools.count()
            return lambda *_, **__: next(calls) == n

        before = sent_to(fake, private)
        # Under the game's lock, in turn: Alice's first resend, Bob's, Alice's second. (The second hold meets
        # each read first, and holds the first; the first hold holds the second.)
        with (
            held_at_the_game(bot, "load", nth(1)) as (bobs, bobs_go),
            held_at_the_game(bot, "load", nth(0)) as (first, first_go),
        ):
            await asks_for_the_hand(alice)
            await standing_still(is_set(first), "Alice's first resend under the lock")
            await asks_for_the_hand(bob)
            await asks_for_the_hand(alice)
            first_go.set()
            await bot.clock.run(bobs.wait())  # Alice's first hand sent (paced), Bob's read under the lock
            await asks_for_the_hand(alice)  # the resend waiting is that one
            bobs_go.set()
            await bot.settle()
        assert sent_to(fake, private) - before == 2  # the first, and the one waiting


def sent_to(fake: FakeTelegram, chat: Chat) -> int:
    return len(
        [call for call in fake.calls_to("sendMessage") if str(call.params.get("chat_id")) == str(chat.id)]
    )


def is_set(event: asyncio.Event) -> Callable[[], Awaitable[bool]]:
    async def happened() -> bool:
        return event.is_set()

    return happened


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_hand_from_one_in_a_lobby_says_the_cards_come_once_it_starts(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """Alice sits in a lobby, in the group and from the private chat alike: she plays, but has no cards yet
    (mutation audit, session 56)."""
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        alice.language_code = language
        fake.user_sends(alice, group, "/hand")
        await bot.deliver()
        assert fake.last_bot_message(group).text == NOT_DEALT[language]
        private = fake.private_chat(alice)
        fake.user_sends(alice, private, "/hand")
        await bot.deliver()
        assert fake.last_bot_message(private).text == NOT_DEALT[language]


async def test_hand_in_private_brings_every_match_s_hand_to_the_bottom(
    world: World, fake: FakeTelegram
) -> None:
    """Sam plays in Home and in Club at once: /hand in private brings both hands anew, not only one
    (mutation audit, session 56)."""
    sam, alice, bob = (fake.add_user(name) for name in ("Sam", "Alice", "Bob"))
    home, club = fake.add_group("Home", members=[alice, sam]), fake.add_group("Club", members=[bob, sam])
    for group in (home, club):
        await use_quick_rules(world, group)
    async with world.running() as bot:
        await deal(bot, fake, home, [alice, sam])
        await deal(bot, fake, club, [bob, sam])
        private = fake.private_chat(sam)
        before = fake.bot_messages_in(private)
        fake.user_sends(sam, private, "/hand")
        await bot.deliver()
        after = fake.bot_messages_in(private)
        assert len(after) == len(before)
        moved = after[-2:]
        assert all(m.message_id > before[-1].message_id and buttons(m) for m in moved)
        assert sorted((m.text or "")[:4] for m in moved) == ["Club", "Home"]  # each names its group first


async def test_hand_from_an_anonymous_admin_says_who_sends_it_is_unknown(
    world: World, fake: FakeTelegram
) -> None:
    """Carol, an anonymous admin, plays: her /hand comes from the group, so it read "You're not playing in the
    game here" (mutation audit, session 56)."""
    alice, carol = fake.add_user("Alice"), fake.add_user("Carol")
    group = fake.add_group("Friends", members=[alice, carol], supergroup=True)
    fake.make_admin(carol, group, anonymous=True)
    await use_quick_rules(world, group)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, carol])
        fake.user_sends(carol, group, "/hand")
        await bot.deliver()
        assert (fake.last_bot_message(group).text or "").startswith(
            "You are writing anonymously, as the group"
        )


async def test_hand_asked_again_once_the_new_hand_is_in_comes_below_that_ask(
    world: World, fake: FakeTelegram
) -> None:
    """A /hand sent once the hand the last one asked for is in (the bot still noting it down) is answered by a
    hand of its own below it: taken for that one, it went unanswered, the hand above it (mutation audit,
    session 57)."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, _, (alice, _)):
        private = fake.private_chat(alice)
        with held_at_the_game(bot, "set_hand_message") as (noting, go):  # the first /hand's hand is in
            fake.user_sends(alice, private, "/hand")
            await bot.handle_pending()

            async def in_() -> bool:
                return noting.is_set()

            await bot.clock.run(standing_still(in_, "the first /hand's hand in"))
            again = fake.user_sends(alice, private, "/hand")
            await bot.handle_pending()
            go.set()
            await bot.settle()
        hands = [message for message in fake.bot_messages_in(private) if buttons(message)]
        assert hands[-1].message_id > again.message_id, [(m.message_id, m.text) for m in hands]
        assert len(hands) == 1  # the one before each deleted
