"""The seven silence against every kind of update a group gets while it is on (RULES.md §7: the first player
who posts a message in the group draws 4): what a player posts breaks it, whatever it holds; what nobody
posts (a service message, a reaction, an edit) does not, nor a command to this bot (people need /table);
a command for another bot or for none is a message like any other, and so is a photo, whatever its caption
(this bot's command there is answered all the same: tests/e2e/test_caption_commands.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.engine.rules import Rules
from tests.e2e.harness import World
from tests.fake_bot_api import FakeTelegram
from tests.fake_bot_api.model import User
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing

HANDS = {"Alice": ["R7", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
SILENCE_READ = 2  # seconds: the table telling the silence has landed, and people have read it
FILE = {"file_id": "f1", "file_unique_id": "u1"}
PHOTO = [{**FILE, "width": 90, "height": 90}]
GIF_BOT = {"id": 140267078, "is_bot": True, "first_name": "GIF search", "username": "gif"}
STORY = {"chat": {"id": 42, "type": "private", "first_name": "Dave"}, "id": 7}

Post = Callable[[FakeTelegram, Table, User], Any]

POSTS: dict[str, Post] = {
    "a photo": lambda fake, t, bob: fake.user_posts(bob, t.group, {"photo": PHOTO, "caption": "look"}),
    "a photo captioned /table": lambda fake, t, bob: fake.user_posts(
        bob, t.group, {"photo": PHOTO, "caption": "/table"}
    ),
    "a video": lambda fake, t, bob: fake.user_posts(
        bob, t.group, {"video": {**FILE, "width": 9, "height": 9, "duration": 3}}
    ),
    "a voice message": lambda fake, t, bob: fake.user_posts(bob, t.group, {"voice": {**FILE, "duration": 2}}),
    "a video note": lambda fake, t, bob: fake.user_posts(
        bob, t.group, {"video_note": {**FILE, "length": 9, "duration": 2}}
    ),
    "an audio": lambda fake, t, bob: fake.user_posts(bob, t.group, {"audio": {**FILE, "duration": 60}}),
    "a document": lambda fake, t, bob: fake.user_posts(bob, t.group, {"document": FILE}),
    "a GIF from @gif": lambda fake, t, bob: fake.user_posts(
        bob, t.group, {"animation": {**FILE, "width": 9, "height": 9, "duration": 1}, "via_bot": GIF_BOT}
    ),
    "a sticker": lambda fake, t, bob: fake.user_posts(
        bob,
        t.group,
        {
            "sticker": {
                **FILE,
                "type": "regular",
                "width": 9,
                "height": 9,
                "is_animated": False,
                "is_video": False,
            }
        },
    ),
    "a poll": lambda fake, t, bob: fake.user_posts(bob, t.group, {"poll": _poll()}),
    "dice": lambda fake, t, bob: fake.user_posts(bob, t.group, {"dice": {"emoji": "🎲", "value": 6}}),
    "a location": lambda fake, t, bob: fake.user_posts(
        bob, t.group, {"location": {"latitude": 55.75, "longitude": 37.62}}
    ),
    "a contact": lambda fake, t, bob: fake.user_posts(
        bob, t.group, {"contact": {"phone_number": "+100", "first_name": "Dave"}}
    ),
    "a story": lambda fake, t, bob: fake.user_posts(bob, t.group, {"story": STORY}),
    "a custom emoji alone": lambda fake, t, bob: fake.user_sends(bob, t.group, "😀"),
    "a reply to the table": lambda fake, t, bob: fake.user_sends(
        bob, t.group, "ha", reply_to=t.table_message()
    ),
    "a forwarded text": lambda fake, t, bob: fake.user_forwards(
        bob, t.group, fake.channel_posts(fake.add_channel("News", with_bot=False), "ha")
    ),
    "a command to no bot": lambda fake, t, bob: fake.user_sends(bob, t.group, "/lol"),
    "a command to another bot": lambda fake, t, bob: fake.user_sends(bob, t.group, "/start@dice_bot"),
    "a command this bot lacks": lambda fake, t, bob: fake.user_sends(bob, t.group, "/roll 2d6"),
}


def _poll() -> dict[str, Any]:
    options = [{"persistent_id": text, "text": text, "voter_count": 0} for text in ("yes", "no")]
    poll = {"id": "p1", "question": "7?", "options": options, "total_voter_count": 0, "is_closed": False}
    return {
        **poll,
        "is_anonymous": True,
        "type": "regular",
        "allows_multiple_answers": False,
        "allows_revoting": True,
        "members_only": False,
    }


async def _seven(table: Table) -> None:
    """Alice plays a 7 and the group has read that the silence is on (each round of a test anew)."""
    alice = table.people[0]
    await table.arrange(HANDS, top="R3", turn=alice)
    await table.play(alice, "R7")
    await table.bot.tick(SILENCE_READ)
    assert (await table.state()).silence_holder == alice.id


async def test_whatever_a_player_posts_breaks_the_silence(world: World, fake: FakeTelegram) -> None:
    """A command for another bot, or for none (/lol), is a message the whole group reads: before, no command
    ever broke the silence, so anyone could chat in "/commands" for free."""
    async with playing(world, fake, Rules().changed(seven_silence=True)) as table:
        bob = table.people[1]
        for kind, post in POSTS.items():
            await _seven(table)
            post(fake, table, bob)
            await table.deliver()
            state = await table.state()
            assert (len(state.hands[bob.id]), state.silence_holder) == (6, None), kind


def _unposted(fake: FakeTelegram, table: Table) -> dict[str, Callable[[], Any]]:
    """What reaches the bot from the group during a silence without a player posting a message."""
    _, bob, carol = table.people
    group, dave, helper = table.group, fake.add_user("Dave"), fake.add_other_bot("Helper", "helper_bot")
    for joined in (dave, helper):
        fake.join_group(joined, group)
    fake.make_admin(carol, group, anonymous=True)
    pinned = {"pinned_message": table.table_message().to_api()}
    return {
        "a pin": lambda: fake.user_causes_service_message(bob, group, pinned),
        "a boost": lambda: fake.user_causes_service_message(bob, group, {"boost_added": {"boost_count": 1}}),
        "a video chat": lambda: fake.user_causes_service_message(bob, group, {"video_chat_started": {}}),
        "a member added": lambda: fake.user_causes_service_message(
            bob, group, {"new_chat_members": [dave.to_api()]}
        ),
        "a timer set": lambda: fake.user_causes_service_message(
            bob, group, {"message_auto_delete_timer_changed": {"message_auto_delete_time": 86400}}
        ),
        "a title change": lambda: fake.rename_group(group, "Friends!", by=bob),
        "a reaction": lambda: fake.user_reacts(bob, table.table_message(), "👍"),
        "/table": lambda: fake.user_sends(bob, group, "/table"),
        "/help": lambda: fake.user_sends(bob, group, "/help@uno_test_bot"),
        "/top": lambda: fake.user_sends(bob, group, "/top"),
        "this bot's unknown command": lambda: fake.user_sends(bob, group, "/tabel@uno_test_bot"),
        "a spectator": lambda: fake.user_sends(dave, group, "go Bob!"),
        "another bot": lambda: fake.bot_sends(
            helper, group, "@uno_test_bot hi", reply_to=table.table_message()
        ),
        "an anonymous admin who plays": lambda: fake.user_sends(carol, group, "sorry, who am I?"),
        "a channel": lambda: fake.channel_sends("Bob's blog", group, "ha"),
    }


async def test_what_no_player_posts_leaves_the_silence_on(world: World, fake: FakeTelegram) -> None:
    """Boosting the group (Telegram posts "Bob boosted the group" with Bob as its sender) cost Bob 4 cards,
    as if he had written: only a message a player posts breaks the silence."""
    async with playing(world, fake, Rules().changed(seven_silence=True)) as table:
        fake.make_admin(fake.bot, table.group)  # which the reactions need
        await _seven(table)
        before = await table.state()
        for kind, happen in _unposted(fake, table).items():
            happen()
            await table.deliver()
            state = await table.state()
            assert (state.hands, state.silence_holder) == (before.hands, before.silence_holder), kind


NAMES = {"en": ("Alice", "Bob", "Carol"), "ru": ("Аня", "Боря", "Вика")}


@pytest.mark.parametrize(
    ("language", "group_reads", "bob_reads"),
    [
        ("en", "🤫 Bob breaks the silence: takes 4 cards.", "🤫 You broke the silence: you took 4 cards."),
        ("ru", "🤫 Боря нарушает тишину: берёт 4 карты.", "🤫 Вы нарушили тишину: вы взяли 4 карты."),
    ],
)
async def test_a_command_for_another_bot_is_told_as_any_broken_silence(
    world: World, fake: FakeTelegram, language: str, group_reads: str, bob_reads: str
) -> None:
    """Bob asks a dice bot for a roll: the table and his hand tell what it cost, and this bot does not answer
    a command that was not its own ("unknown command")."""
    names = NAMES[language]
    rules = Rules().changed(seven_silence=True)
    async with playing(world, fake, rules, names, language=language) as table:
        await table.arrange({names[0]: HANDS["Alice"]}, top="R3", turn=table.people[0])
        await table.play(table.people[0], "R7")
        await table.bot.tick(SILENCE_READ)
        said = len(fake.bot_messages_in(table.group))
        fake.user_sends(table.people[1], table.group, "/roll@dice_bot")
        await table.deliver()
        assert table.text().endswith(f"\n• {group_reads}")
        assert bob_reads in spaced(table.hand(table.people[1]).text or "").splitlines()
        assert len(fake.bot_messages_in(table.group)) == said


@pytest.mark.parametrize(
    ("language", "told"),
    [
        ("en", "the first of them to write takes 4 (commands to me, such as /table, don't count)."),
        ("ru", "кто из них первым напишет, берёт 4 (команды мне, например /table, не в счёт)."),
    ],
)
async def test_rules_say_that_commands_for_this_bot_are_free(
    world: World, fake: FakeTelegram, language: str, told: str
) -> None:
    """/rules said "the first of them to write takes 4": whether /table is writing, nobody could tell."""
    async with playing(world, fake, Rules().changed(seven_silence=True), language=language) as table:
        await _seven(table)
        fake.user_sends(table.people[1], table.group, "/rules")
        await table.deliver()
        assert told in (fake.last_bot_message(table.group).text or "")
        assert (await table.state()).silence_holder == table.people[0].id


async def test_a_message_written_before_the_seven_but_delivered_after_it_is_free(
    world: World, fake: FakeTelegram
) -> None:
    """Telegram hands Bob's words over late (the bot's connection lagged): they were written before Alice's
    7, dated so, and break nothing; his next message, written in the silence, does."""
    async with playing(world, fake, Rules().changed(seven_silence=True)) as table:
        alice, bob, _ = table.people
        await table.arrange(HANDS, top="R3", turn=alice)
        fake.user_sends(bob, table.group, "your turn, Alice")
        held = fake.hold_back_updates()
        await table.bot.tick(5)
        await table.play(alice, "R7")
        await table.bot.tick(SILENCE_READ)
        fake.hand_over_late(held)
        await table.deliver()
        state = await table.state()
        assert (len(state.hands[bob.id]), state.silence_holder) == (2, alice.id)
        fake.user_sends(bob, table.group, "oops")
        await table.deliver()
        assert len((await table.state()).hands[bob.id]) == 6
