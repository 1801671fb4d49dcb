"""A player the bot could not write to comes back (unblocked it, pressed Start): the group's notice that they
could not get their cards says they can now, as the table's 🔇 mark goes."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from bot.tg.callback_data import Action
from tests.e2e.harness import World, press_action
from tests.e2e.matches import gathered, started, stop
from tests.fake_bot_api import FakeTelegram, Message
from tests.rules_in_play.table import playing


def _notice(fake: FakeTelegram, seen: Message) -> Message:
    """The notice (or another message) as its chat sees it now."""
    return fake.messages[(seen.chat.id, seen.message_id)]


@pytest.mark.parametrize(
    ("language", "back"),
    [
        ("en", "✅ Bob can get their cards from me now."),
        ("ru", "✅ Теперь я могу присылать карты игроку Bob."),
    ],
    ids=["en", "ru"],
)
async def test_the_notice_about_a_player_who_blocked_the_bot_says_once_they_are_back(
    world: World, fake: FakeTelegram, language: str, back: str
) -> None:
    """The notice went on saying "Bob can't get their cards ... press Start" after he had: the group was
    left to wonder, or to /kick him."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob"), language=language) as table:
        bob = table.people[1]
        fake.user_blocks_bot(bob)
        await table.deliver()
        notice = fake.last_bot_message(table.group)
        assert notice.buttons  # the button to the chat with the bot
        fake.user_starts_bot(bob)
        await table.deliver()
        assert _notice(fake, notice).text == back and not _notice(fake, notice).buttons
        assert fake.last_bot_message(table.group).message_id == notice.message_id  # no new message

        fake.user_blocks_bot(bob)  # the group is told once a game: the same notice says it again
        await table.deliver()
        assert _notice(fake, notice).text == notice.text and _notice(fake, notice).buttons


async def test_the_notice_about_a_player_who_blocked_the_bot_reads_as_the_group_switches_language(
    world: World, fake: FakeTelegram
) -> None:
    """(helper-541's read of a bilingual group, session 59) An admin switched a Russian group to English while
    Bob had blocked the bot: the table read English at once, the notice under it went on in Russian, its
    button too ("Open the chat with me" in Russian), until Bob came back."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob"), language="ru") as table:
        alice, bob = table.people
        fake.user_blocks_bot(bob)
        await table.deliver()
        notice = fake.last_bot_message(table.group)
        assert (notice.text or "").startswith("Я не могу прислать карты игроку Bob")
        fake.make_admin(alice, table.group)
        fake.user_sends(alice, table.group, "/lang en")
        await table.deliver()
        await table.bot.tick(30)  # the edits paced in the group's window
        switched = _notice(fake, notice)
        assert (switched.text or "").startswith("Bob can't get their cards from me"), switched.text
        assert switched.button_texts == [["Open the chat with me"]]
        fake.user_starts_bot(bob)  # and it follows him on, in English
        await table.deliver()
        assert _notice(fake, notice).text == "✅ Bob can get their cards from me now."


async def test_a_notice_posted_before_a_restart_reads_as_the_group_switches_language_after_it(
    world: World, fake: FakeTelegram
) -> None:
    """(helper-542's review, session 59) A notice restored at start-up did not know how it read, so it was
    reworded for nothing but its player's reach: a group switched to Russian after a restart kept "Bob can't
    get their cards from me" under a Russian table. It reads as the game's redraw at start-up found it."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        fake.user_blocks_bot(bob)
        await bot.deliver()
        notice = fake.last_bot_message(group)
        assert (notice.text or "").startswith("Bob can't get their cards from me"), notice.text
    async with world.running() as bot:
        await bot.settle()
        fake.make_admin(alice, group)
        fake.user_sends(alice, group, "/lang ru")
        await bot.deliver()
        await bot.tick(30)  # the edits paced in the group's window
        switched = _notice(fake, notice)
        assert (switched.text or "").startswith("Я не могу прислать карты игроку Bob"), switched.text


@pytest.mark.parametrize(
    ("language", "back"),
    [
        ("en", "✅ Bob can get messages from me now: they will see their cards once the game starts."),
        ("ru", "✅ Теперь я могу писать игроку Bob: когда игра начнётся, этот игрок увидит свои карты."),
    ],
    ids=["en", "ru"],
)
async def test_the_lobby_notice_about_a_player_who_blocked_the_bot_says_once_they_are_back(
    world: World, fake: FakeTelegram, language: str, back: str
) -> None:
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        fake.make_admin(alice, group)
        fake.user_sends(alice, group, f"/lang {language}")
        fake.user_blocks_bot(bob)
        await bot.deliver()
        notice = fake.last_bot_message(group)
        fake.user_starts_bot(bob)
        await bot.deliver()
        assert _notice(fake, notice).text == back and not _notice(fake, notice).buttons


@pytest.mark.parametrize(
    ("turn_seconds", "dealt"),
    [
        (60, "Bob can't get their cards from me, so their turns will time out."),
        (0, "Bob can't get their cards from me, and without a turn timer the game waits for them."),
    ],
    ids=["timed", "untimed"],
)
async def test_the_lobby_notice_about_a_player_who_blocked_the_bot_says_what_the_deal_means(
    world: World, fake: FakeTelegram, turn_seconds: int, dealt: str
) -> None:
    """Bob blocked the bot in the lobby; the match was dealt without him pressing Start. The group's notice
    went on saying "he won't see his cards once the game starts" the whole match: not that his turns time
    out, nor, without a turn timer, that the game waits for him and who may /kick him."""
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        if not turn_seconds:
            fake.make_admin(alice, group)
            fake.user_sends(alice, group, "/settings turn_seconds 0")
        fake.user_blocks_bot(bob)
        await bot.deliver()
        notice = next(m for m in fake.bot_messages_in(group) if "once the game starts" in (m.text or ""))
        lobby = next(m for m in fake.bot_messages_in(group) if "Join" in str(m.buttons))
        press_action(fake, alice, lobby, Action.START)
        await bot.deliver()
        await bot.tick(30)  # the group's paced edits
        assert (_notice(fake, notice).text or "").startswith(dealt) and _notice(fake, notice).buttons


async def test_a_player_back_after_the_match_was_stopped_sees_its_end_on_their_hand(
    world: World, fake: FakeTelegram
) -> None:
    """Bob blocked the bot, and the match was stopped meanwhile: his hand could not be edited then, and
    still offered his cards. His Start shows him the match's end there."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob", "Carol")) as table:
        alice, bob, _ = table.people
        hand = table.hand(bob)
        fake.user_blocks_bot(bob)
        await table.deliver()
        await stop(table.bot, fake, table.group, alice)
        await table.bot.tick(30)  # the stop's paced edits
        assert "stopped" not in (_notice(fake, hand).text or "")
        fake.user_starts_bot(bob)
        await table.deliver()
        await table.bot.tick(30)
        assert "Alice stopped the game." in (_notice(fake, hand).text or ""), _notice(fake, hand).text


async def test_a_host_back_in_a_match_dealt_while_they_blocked_the_bot_gets_their_hand_last(
    world: World, fake: FakeTelegram
) -> None:
    """Alice blocked the bot and opened a game anyway (the text under its lobby invited her to the private
    chat); she dealt it before coming back. Her Restart brought her hand back, and then, under it, "You're
    in the game in Friends. Your cards will show up here.": a promise of what she had just been shown, and
    her hand no longer the last message. (session 55)"""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        for user in (alice, bob):
            fake.user_starts_bot(user)
        await bot.deliver()
        fake.user_blocks_bot(alice)
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        lobby = fake.bot_messages_in(group)[0]  # under it, her invitation to the private chat
        for user, action in ((bob, Action.JOIN), (alice, Action.START)):
            press_action(fake, user, lobby, action)
            await bot.deliver()
        fake.user_starts_bot(alice)  # the app's Restart: a plain /start
        await bot.deliver()
        await bot.tick(30)  # the private chat's paced writes
        said = [message.text or "" for message in fake.bot_messages_in(fake.private_chat(alice))]
    assert said[-1].startswith("Friends: the game has started"), said
    assert not any("will show up here" in text for text in said[1:]), said
