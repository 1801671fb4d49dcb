"""A group's language before an admin chooses one: the language of whoever first uses the bot there (adds it,
or sends its first command), kept from then on; an admin's /lang always wins."""

# ruff: noqa: RUF001 (the Russian texts people read)
from __future__ import annotations

import pytest

from bot.engine.rules import PRESETS
from bot.tg.callback_data import Action
from tests.e2e.harness import World, press_action
from tests.e2e.matches import open_lobby
from tests.fake_bot_api import FakeTelegram, Message
from tests.rules_in_play.table import store_chat

TAKEN = {
    "en": "🌐 I'll write in English in this chat. Admins can change its language with /lang.\n"
    "🌐 По-русски: администратор может отправить /lang ru",
    "ru": "🌐 В этом чате я буду писать по-русски. Администраторы могут сменить язык командой /lang.\n"
    "🌐 In English: an admin can send /lang en",
}


def labels(message: Message) -> list[str]:
    return [text for row in message.button_texts for text in row]


async def test_a_russian_group_on_an_english_bot_reads_russian_from_its_greeting_on(
    world: World, fake: FakeTelegram
) -> None:
    """Alice, whose Telegram is in Russian, adds the bot (DEFAULT_LANGUAGE=en) to her Russian friends'
    group: the greeting, the lobby and the table were in English until an admin found /lang. Now the group
    reads her language from the greeting on, and Bob, whose app is in English, opening the lobby does not
    switch it."""
    alice, bob = fake.add_user("Алиса", language_code="ru"), fake.add_user("Bob", language_code="en")
    group = fake.add_group("Друзья", members=[bob], creator=alice)
    group.members.pop(fake.bot.id)  # a group without the bot
    async with world.running(default_language="en") as bot:
        fake.add_bot_to_group(group, alice)
        await bot.deliver()
        greeting = fake.last_bot_message(group).text or ""
        assert greeting.startswith("👋 Привет!") and greeting.endswith(
            "🌐 In English: an admin can send /lang en"
        )
        for user in (alice, bob):
            fake.user_starts_bot(user)
        await open_lobby(bot, fake, group, bob, [alice])
        lobby = fake.last_bot_message(group)
        assert "Участвовать" in labels(lobby)
        press_action(fake, bob, lobby, Action.START)
        await bot.deliver()
        texts = [message.text or "" for message in fake.bot_messages_in(group)]
    assert all("🌐 I'll write" not in text and "🌐 В этом чате" not in text for text in texts)
    assert any("Игра началась" in text for text in texts), texts


async def test_an_english_group_on_a_russian_bot_reads_english_from_its_first_command_on(
    world: World, fake: FakeTelegram
) -> None:
    """The bot was in the group before anyone used it (no greeting to go by): the first /new, by Alice whose
    app is in English, opened an English group's lobby in Russian (DEFAULT_LANGUAGE=ru). Now the group
    takes her language, once said above the lobby with how to switch; Борис's /help after it leaves it."""
    alice, boris = fake.add_user("Alice", language_code="en"), fake.add_user("Борис", language_code="ru")
    group = fake.add_group("Friends", members=[alice, boris])
    async with world.running(default_language="ru") as bot:
        fake.user_starts_bot(alice)
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        said = fake.bot_messages_in(group)
        assert [message.text for message in said[:-1]] == [TAKEN["en"]]
        assert "Join" in labels(said[-1])
        fake.user_sends(boris, group, "/rules")
        await bot.deliver()
        assert len(fake.bot_messages_in(group)) == len(said) + 1  # the rules, no second word
        assert (fake.last_bot_message(group).text or "").startswith("📜 Rules of this chat")


async def test_the_group_takes_the_language_its_first_user_chose_over_their_apps(
    world: World, fake: FakeTelegram
) -> None:
    """Alice's app is in English, but she chose Russian with /lang in private: the bot writes to her in
    Russian, and her first /new in the group makes it a Russian group (not an English one, as her app
    says)."""
    alice = fake.add_user("Alice", language_code="en")
    group = fake.add_group("Друзья", members=[alice])
    async with world.running(default_language="en") as bot:
        fake.user_sends(alice, fake.private_chat(alice), "/lang ru")
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        said = fake.bot_messages_in(group)
        assert said[0].text == TAKEN["ru"]
        assert "Участвовать" in labels(said[1])


async def test_the_first_command_in_the_bots_default_language_is_not_told(
    world: World, fake: FakeTelegram
) -> None:
    """Alice's app is in the bot's DEFAULT_LANGUAGE: the group reads what it always read, with no word."""
    alice = fake.add_user("Alice", language_code="en")
    group = fake.add_group("Friends", members=[alice])
    async with world.running(default_language="en") as bot:
        fake.user_starts_bot(alice)
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        assert len(fake.bot_messages_in(group)) == 1


async def test_an_admins_choice_is_never_overridden(world: World, fake: FakeTelegram) -> None:
    """An admin chose English for the group: Алиса, whose app is in Russian, adding the bot again and
    opening a lobby leaves it English."""
    alice = fake.add_user("Алиса", language_code="ru")
    group = fake.add_group("Friends", members=[], creator=alice)
    await store_chat(world, group, PRESETS["official"], language="en")
    group.members.pop(fake.bot.id)
    async with world.running(default_language="ru") as bot:
        fake.add_bot_to_group(group, alice)
        fake.user_starts_bot(alice)
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        texts = [message.text or "" for message in fake.bot_messages_in(group)]
        assert texts[0].startswith("👋 Hi!")
        assert "Join" in labels(fake.last_bot_message(group))


async def test_an_admins_lang_after_the_group_took_one_wins(world: World, fake: FakeTelegram) -> None:
    """The group took Alice's English; an admin's /lang ru switches it, and Alice's next command keeps it.
    /lang's screen says how the group came by its language."""
    alice = fake.add_user("Alice", language_code="en")
    group = fake.add_group("Friends", members=[], creator=alice)
    async with world.running(default_language="en") as bot:
        fake.user_sends(alice, group, "/lang")
        await bot.deliver()
        assert (
            "Until an admin chooses one, a new group gets the language of whoever adds me to it or sends"
            in (fake.last_bot_message(group).text or "")
        )
        fake.user_sends(alice, group, "/lang ru")
        await bot.deliver()
        fake.user_starts_bot(alice)
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        assert "Участвовать" in labels(fake.last_bot_message(group))


# What /lang's screen says of how a group came by its language
HOW_TAKEN = (
    "a new group gets the language of whoever adds me to it or sends me the first command there "
    "(English if theirs is a language I don't write in)."
)


@pytest.mark.parametrize("default", ["en", "ru"])
async def test_a_group_added_by_one_whose_app_the_bot_does_not_write_in_reads_english(
    world: World, fake: FakeTelegram, default: str
) -> None:
    """Jürgen's app is in German: the group he added the bot to read the bot's DEFAULT_LANGUAGE (Russian on
    a default bot), as a German would not expect. Now it takes English, the international fallback, and his
    /lang there says a new group gets its adder's language, English for one the bot does not write in."""
    jurgen = fake.add_user("Jürgen", language_code="de")
    group = fake.add_group("Freunde", members=[], creator=jurgen)
    group.members.pop(fake.bot.id)
    async with world.running(default_language=default) as bot:
        fake.add_bot_to_group(group, jurgen)
        await bot.deliver()
        assert (fake.last_bot_message(group).text or "").startswith("👋 Hi")
        fake.user_sends(jurgen, group, "/lang")
        await bot.deliver()
        assert HOW_TAKEN in (fake.last_bot_message(group).text or "")


async def test_a_group_that_played_following_the_default_keeps_following_it(
    world: World, fake: FakeTelegram
) -> None:
    """Jean's app says no language: his lobby, the group's first, is in DEFAULT_LANGUAGE and takes nothing.
    A group that has played so (as every group did before groups took a language) keeps reading it: Алиса,
    whose app is in Russian, opening the next lobby does not switch it."""
    jean, alice = fake.add_user("Jean", language_code=None), fake.add_user("Алиса", language_code="ru")
    group = fake.add_group("Amis", members=[jean, alice])
    async with world.running(default_language="en") as bot:
        for user in (jean, alice):
            fake.user_starts_bot(user)
        fake.user_sends(jean, group, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(group)
        assert "Join" in labels(lobby)
        fake.user_sends(jean, group, "/stop")
        await bot.deliver()
        press_action(fake, jean, fake.last_bot_message(group), Action.STOP)
        await bot.deliver()
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        assert "Join" in labels(fake.last_bot_message(group))
        assert not any("🌐" in (message.text or "") for message in fake.bot_messages_in(group))


async def test_one_without_a_language_leaves_the_choice_to_the_next(world: World, fake: FakeTelegram) -> None:
    """Jean's /help (an app that says no language) takes none; Алиса's /new after it takes hers."""
    jean, alice = fake.add_user("Jean", language_code=None), fake.add_user("Алиса", language_code="ru")
    group = fake.add_group("Amis", members=[jean, alice])
    async with world.running(default_language="en") as bot:
        fake.user_sends(jean, group, "/help")
        await bot.deliver()
        fake.user_starts_bot(alice)
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        said = fake.bot_messages_in(group)
        assert said[-2].text == TAKEN["ru"]
        assert "Участвовать" in labels(said[-1])


async def test_an_anonymous_admins_command_takes_no_language(world: World, fake: FakeTelegram) -> None:
    """Anna, an anonymous admin, posts as the group's shared bot account, which tells no language of hers:
    her /settings takes none (nor would her app's); Алиса's /new after it takes Russian."""
    anna, alice = fake.add_user("Anna", language_code="en"), fake.add_user("Алиса", language_code="ru")
    group = fake.add_group("Друзья", members=[anna, alice])
    fake.make_admin(anna, group, anonymous=True)
    async with world.running(default_language="en") as bot:
        fake.user_sends(anna, group, "/settings")
        await bot.deliver()
        fake.user_starts_bot(alice)
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        said = fake.bot_messages_in(group)
        assert said[-2].text == TAKEN["ru"]
        assert "Участвовать" in labels(said[-1])


@pytest.mark.parametrize(("language", "bots"), [("ru", "en"), ("en", "ru")])
async def test_the_language_taken_in_a_closed_topic_is_told_in_the_next_open_one(
    world: World, fake: FakeTelegram, language: str, bots: str
) -> None:
    """(session 47) A new forum's first command came from an admin in a topic closed to the bot: the group
    took their language, and the word saying so was refused there but counted as said, so the group never
    read it. It is said above the answer to the group's next command in a topic the bot may post in."""
    admin, other = fake.add_user("Admin", language_code=language), fake.add_user("Other", language_code=bots)
    forum = fake.add_group("Club", members=[other], creator=admin, forum=True)
    closed, hall = fake.add_topic(forum, "Closed"), fake.add_topic(forum, "Hall")
    async with world.running(default_language=bots) as bot:
        fake.close_topic(forum, closed, by=admin)
        await bot.deliver()
        fake.user_sends(admin, forum, "/rules", thread_id=closed)
        await bot.deliver()
        assert fake.bot_messages_in(forum, closed) == []
        fake.user_sends(other, forum, "/rules", thread_id=hall)
        await bot.deliver()
        said = [message.text or "" for message in fake.bot_messages_in(forum, hall)]
        assert said[0] == TAKEN[language] and len(said) == 2, said
        fake.user_sends(other, forum, "/help", thread_id=hall)
        await bot.deliver()
        assert TAKEN[language] not in [message.text for message in fake.bot_messages_in(forum, hall)[2:]]


async def test_a_refused_start_greeting_owes_the_language_it_took_to_the_next_open_topic(
    world: World, fake: FakeTelegram
) -> None:
    """(session 47) A new forum's first command was an admin's /start in a topic closed to the bot: the
    group took their language, and the greeting that would have said so was refused there, so the group
    never read it. As for another command, it is said above the answer to the next one in an open topic."""
    admin, other = fake.add_user("Админ", language_code="ru"), fake.add_user("Other", language_code="en")
    forum = fake.add_group("Club", members=[other], creator=admin, forum=True)
    closed, hall = fake.add_topic(forum, "Closed"), fake.add_topic(forum, "Hall")
    async with world.running(default_language="en") as bot:
        fake.close_topic(forum, closed, by=admin)
        await bot.deliver()
        fake.user_sends(admin, forum, "/start", thread_id=closed)
        await bot.deliver()
        assert fake.bot_messages_in(forum, closed) == []
        fake.user_sends(other, forum, "/rules", thread_id=hall)
        await bot.deliver()
        said = [message.text or "" for message in fake.bot_messages_in(forum, hall)]
        assert said[0] == TAKEN["ru"] and len(said) == 2, said


async def test_a_group_the_bot_leaves_owes_no_language_note(world: World, fake: FakeTelegram) -> None:
    """(session 47) The language note a closed topic refused waited for the group's next command: a group the
    bot was removed from kept it for as long as the bot ran."""
    admin = fake.add_user("Админ", language_code="ru")
    forum = fake.add_group("Club", members=[], creator=admin, forum=True)
    closed = fake.add_topic(forum, "Closed")
    async with world.running(default_language="en") as bot:
        fake.close_topic(forum, closed, by=admin)
        await bot.deliver()
        fake.user_sends(admin, forum, "/rules", thread_id=closed)
        await bot.deliver()
        assert len(bot.rt.language_notes_owed) == 1
        fake.kick_bot_from_group(forum, admin)
        await bot.deliver()
        assert len(bot.rt.language_notes_owed) == 0


async def test_the_language_taken_while_the_bot_was_muted_is_told_once_it_may_write(
    world: World, fake: FakeTelegram
) -> None:
    """A group's first command came while the bot was muted there: the group took its sender's language,
    and the word saying so (and how to change it) was refused and forgotten, so the group never read it.
    It is said above the answer to the first command once an admin lets the bot write again."""
    admin, other = fake.add_user("Админ", language_code="ru"), fake.add_user("Other", language_code="en")
    group = fake.add_group("Клуб", members=[other], creator=admin)
    async with world.running(default_language="en") as bot:
        fake.restrict_bot_in_group(group, admin)
        await bot.deliver()
        fake.user_sends(admin, group, "/rules")
        await bot.deliver()
        assert fake.bot_messages_in(group) == []
        fake.restrict_bot_in_group(group, admin, restricted=False)
        await bot.deliver()
        fake.user_sends(other, group, "/rules")
        await bot.deliver()
        said = [message.text or "" for message in fake.bot_messages_in(group)]
        assert said[0] == TAKEN["ru"] and len(said) == 2, said


@pytest.mark.parametrize(
    ("jumped_hours", "passed_hours", "told"),
    [(25, 0, True), (-25, 24, False)],
    ids=["set-ahead-a-day-no-time-passed", "set-back-a-day-passed"],
)
async def test_a_language_note_owed_lasts_a_day_whatever_the_wall_clock_does(
    world: World, fake: FakeTelegram, jumped_hours: int, passed_hours: int, told: bool
) -> None:
    """(review of session 50) The note owed by a group where the bot was muted aged on the wall clock: set a
    day ahead (a machine resumed from suspend), it was dropped unsaid at once; set back, it was still owed
    after a day. It lasts a day on the clock that never jumps."""
    admin, other = fake.add_user("Админ", language_code="ru"), fake.add_user("Other", language_code="en")
    group = fake.add_group("Клуб", members=[other], creator=admin)
    async with world.running(default_language="en") as bot:
        fake.restrict_bot_in_group(group, admin)
        fake.user_sends(admin, group, "/rules")
        await bot.deliver()
        world.clock.jump(jumped_hours * 3600)
        world.clock.advance(passed_hours * 3600)
        fake.restrict_bot_in_group(group, admin, restricted=False)
        await bot.deliver()
        fake.user_sends(other, group, "/rules")
        await bot.deliver()
        said = [message.text or "" for message in fake.bot_messages_in(group)]
        assert (said[0] == TAKEN["ru"]) is told and len(said) == 1 + told, said


async def test_a_language_note_owed_moves_with_a_group_upgraded_to_a_supergroup(
    world: World, fake: FakeTelegram
) -> None:
    """The note owed by a group where the bot was muted is said in the supergroup the group becomes."""
    admin, other = fake.add_user("Админ", language_code="ru"), fake.add_user("Other", language_code="en")
    group = fake.add_group("Клуб", members=[other], creator=admin)
    async with world.running(default_language="en") as bot:
        fake.restrict_bot_in_group(group, admin)
        fake.user_sends(admin, group, "/rules")
        await bot.deliver()
        supergroup = fake.migrate_to_supergroup(group)
        fake.restrict_bot_in_group(supergroup, admin, restricted=False)
        await bot.deliver()
        fake.user_sends(other, supergroup, "/rules")
        await bot.deliver()
        said = [message.text or "" for message in fake.bot_messages_in(supergroup)]
        assert said[0] == TAKEN["ru"] and len(said) == 2, said
        assert len(bot.rt.language_notes_owed) == 0  # (nor kept for the old group)


@pytest.mark.parametrize("command", ["/start", "/lang"])
async def test_a_first_start_or_lang_in_the_group_is_answered_alone(
    world: World, fake: FakeTelegram, command: str
) -> None:
    """Алиса's /start or /lang is the group's first command: its answer (the greeting, which says how to
    switch to the other language; /lang's choice) tells of the language, with no word of it above it."""
    alice = fake.add_user("Алиса", language_code="ru")
    group = fake.add_group("Друзья", creator=alice)
    async with world.running(default_language="en") as bot:
        fake.user_sends(alice, group, command)
        await bot.deliver()
        said = [message.text or "" for message in fake.bot_messages_in(group)]
        assert len(said) == 1 and said[0] != TAKEN["ru"], said


async def test_a_language_note_owed_is_not_said_once_an_admin_chose_another(
    world: World, fake: FakeTelegram
) -> None:
    """(session 47's owed note) Admin's first command, in a topic closed to the bot, took Russian; before the
    group's next command Jean chose English on a /lang screen opened earlier (told first that the chat's
    language was Russian now): the group is not told it took Russian."""
    admin, jean = fake.add_user("Админ", language_code="ru"), fake.add_user("Jean", language_code=None)
    forum = fake.add_group("Club", members=[jean], creator=admin, forum=True)
    fake.make_admin(jean, forum)
    closed, hall = fake.add_topic(forum, "Closed"), fake.add_topic(forum, "Hall")
    async with world.running(default_language="en") as bot:
        fake.user_sends(jean, forum, "/lang", thread_id=hall)  # his app says no language: takes none
        fake.close_topic(forum, closed, by=admin)
        await bot.deliver()
        screen = fake.bot_messages_in(forum, hall)[-1]
        fake.user_sends(admin, forum, "/rules", thread_id=closed)
        await bot.deliver()
        told = fake.user_presses(jean, screen, "✅ English")
        await bot.deliver()
        # The screen read English, drawn before Russian was taken: he is told (his app says no language: in
        # the chat's), and it is redrawn.
        assert told.show_alert and "Язык сейчас: русский" in (told.answer_text or ""), told.answer_text
        fake.user_presses(jean, screen, "English")
        await bot.deliver()
        fake.user_sends(jean, forum, "/help", thread_id=hall)
        await bot.deliver()
        said = [message.text or "" for message in fake.bot_messages_in(forum, hall)]
        assert TAKEN["ru"] not in said and said[-1].startswith("UNO: how to play here"), said
