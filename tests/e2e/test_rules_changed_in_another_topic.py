"""(session 47) A forum's rules are the whole chat's: an admin changing them in one topic reads the change
there (the answer to the command, the menu's notice), and each open lobby takes it. A lobby in another topic
changed its rules line without a word, for players about to start it: that topic is told what changed."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import Place
from bot.tg.callback_data import Action
from bot.tg.fleeting import LOBBY_RULES_NOTE_SECONDS
from tests.e2e.harness import World, press_action, standing_still
from tests.e2e.matches import fill_the_groups_window
from tests.fake_bot_api import Chat, FakeTelegram

NOTES = {
    "en": "⚙️ The chat's rules were changed in another topic: this game will start with the new ones.",
    "ru": "⚙️ В другой теме поменяли правила чата: эта игра начнётся по новым.",  # noqa: RUF001
}
TURN_TIMES = {
    "en": ("• Turn time: 90 seconds", "• Turn time: 30 seconds"),
    "ru": ("• Время на ход: 90 секунд", "• Время на ход: 30 секунд"),
}


def _texts(fake: FakeTelegram, forum: Chat, topic: int) -> list[str]:
    return [m.text or "" for m in fake.bot_messages_in(forum, topic)]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_lobby_in_another_topic_is_told_the_rules_changed(
    world: World, fake: FakeTelegram, language: str
) -> None:
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob", started_bot=True)
    forum = fake.add_group("Club", members=[bob], creator=alice, forum=True)
    room, hall = fake.add_topic(forum, "Room"), fake.add_topic(forum, "Hall")
    async with world.running() as bot:
        fake.user_sends(alice, forum, f"/lang {language}", thread_id=hall)
        fake.user_sends(bob, forum, "/new", thread_id=room)
        fake.user_sends(alice, forum, "/new", thread_id=hall)
        await bot.deliver()
        before = {topic: len(_texts(fake, forum, topic)) for topic in (room, hall)}

        fake.user_sends(alice, forum, "/settings turn_seconds 90", thread_id=hall)
        await bot.deliver()
        told = _texts(fake, forum, room)[before[room] :]
        assert told == [f"{NOTES[language]}\n{TURN_TIMES[language][0]}"]
        assert fake.bot_messages_in(forum, room)[-1].silent
        answered = _texts(fake, forum, hall)[before[hall] :]
        assert len(answered) == 1 and NOTES[language] not in answered[0]  # where it was typed: the answer

        fake.user_sends(alice, forum, "/settings turn_seconds 30", thread_id=hall)
        await bot.deliver()
        told = _texts(fake, forum, room)[before[room] :]  # the newer note in place of the one before
        assert told == [f"{NOTES[language]}\n{TURN_TIMES[language][1]}"]
        await bot.tick(LOBBY_RULES_NOTE_SECONDS)
        assert _texts(fake, forum, room)[before[room] :] == []


PRESET_NOTES = {
    "en": "⚙️ The “{}” preset was chosen in another topic: this game will start with its rules.",
    "ru": "⚙️ В другой теме включили набор «{}»: эта игра начнётся по его правилам.",  # noqa: RUF001
}
PRESET_FIGURES = {
    "en": {
        "UNO Extreme": ["• Turn time: 60 seconds", "• Scoring: lowest score wins"],
        "Official rules": ["• Scoring: winner takes the points"],
    },
    "ru": {
        "УНО Экстрим": ["• Время на ход: 60 секунд", "• Подсчёт очков: побеждает меньший счёт"],  # noqa: RUF001
        "Официальные правила": ["• Подсчёт очков: победитель забирает очки"],
    },
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_lobby_in_another_topic_is_told_a_preset_by_its_name(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """A preset applied in another topic told a lobby every rule it changed: thirteen lines for Extreme. The
    lobby reads the preset's name and, of the figures players look at first, those it changed (a preset sets
    the turn time back to its own)."""
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob", started_bot=True)
    forum = fake.add_group("Club", members=[bob], creator=alice, forum=True)
    room, hall = fake.add_topic(forum, "Room"), fake.add_topic(forum, "Hall")
    async with world.running() as bot:
        fake.user_sends(alice, forum, f"/lang {language}", thread_id=hall)
        fake.user_sends(alice, forum, "/settings turn_seconds 90", thread_id=hall)
        fake.user_sends(bob, forum, "/new", thread_id=room)
        await bot.deliver()
        before = len(_texts(fake, forum, room))

        presets = zip(("extreme", "official"), PRESET_FIGURES[language].items(), strict=True)
        for typed, (name, figures) in presets:
            fake.user_sends(alice, forum, f"/settings preset {typed}", thread_id=hall)
            await bot.deliver()
            told = _texts(fake, forum, room)[before:]  # the newer note in place of the one before
            assert told == ["\n".join([PRESET_NOTES[language].format(name), *figures])]


@pytest.mark.parametrize("ends", ["started", "left"])
async def test_the_note_goes_when_its_lobby_starts_or_closes(
    world: World, fake: FakeTelegram, ends: str
) -> None:
    """The note says how "this game will start": it stayed its ten minutes under a match that had started, or
    a lobby everyone had left."""
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob", started_bot=True)
    forum = fake.add_group("Club", members=[bob], creator=alice, forum=True)
    room, hall = fake.add_topic(forum, "Room"), fake.add_topic(forum, "Hall")
    async with world.running() as bot:
        for user in (alice, bob):
            fake.user_starts_bot(user)
        fake.user_sends(bob, forum, "/new", thread_id=room)
        await bot.deliver()
        press_action(fake, alice, fake.bot_messages_in(forum, room)[0], Action.JOIN)  # the lobby
        await bot.deliver()
        fake.user_sends(alice, forum, "/settings turn_seconds 90", thread_id=hall)
        await bot.deliver()
        assert NOTES["en"] in _texts(fake, forum, room)[-1]
        if ends == "started":
            fake.user_sends(bob, forum, "/startgame", thread_id=room)
        else:
            fake.user_sends(alice, forum, "/leave", thread_id=room)
            fake.user_sends(bob, forum, "/leave", thread_id=room)
        await bot.deliver()
        await bot.settle()
        assert not any(NOTES["en"] in text for text in _texts(fake, forum, room))


async def test_the_note_goes_after_its_time_under_a_lobby_still_open(
    world: World, fake: FakeTelegram
) -> None:
    """Carol joined the lobby half-way through the note's time, which keeps the lobby open longer: the note
    still goes when its time is up, not with the lobby."""
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob", started_bot=True)
    carol = fake.add_user("Carol")
    forum = fake.add_group("Club", members=[bob, carol], creator=alice, forum=True)
    room, hall = fake.add_topic(forum, "Room"), fake.add_topic(forum, "Hall")
    async with world.running() as bot:
        fake.user_starts_bot(carol)
        fake.user_sends(bob, forum, "/new", thread_id=room)
        await bot.deliver()
        fake.user_sends(alice, forum, "/settings turn_seconds 90", thread_id=hall)
        await bot.deliver()
        assert NOTES["en"] in _texts(fake, forum, room)[-1]
        await bot.tick(LOBBY_RULES_NOTE_SECONDS // 2)
        fake.user_sends(carol, forum, "/join", thread_id=room)
        await bot.deliver()
        await bot.tick(LOBBY_RULES_NOTE_SECONDS // 2 + 1)
        assert await bot.rt.service.find(Place(forum.id, room)) is not None
        assert not any(NOTES["en"] in text for text in _texts(fake, forum, room))


@pytest.mark.parametrize("posted", [True, False], ids=["posted", "on its way"])
async def test_the_note_reads_in_the_language_the_group_switches_to(
    world: World, fake: FakeTelegram, posted: bool
) -> None:
    """(session 62's transcript) An admin switched the Russian forum to English a minute after changing a
    rule in another topic: the lobby there was redrawn in English under its note, which stayed in Russian for
    the rest of its ten minutes. It is reworded as the lobby is; one waiting for the group's window as the
    language changed, once it lands."""
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob", started_bot=True)
    forum = fake.add_group("Club", members=[bob], creator=alice, forum=True)
    room, hall = fake.add_topic(forum, "Room"), fake.add_topic(forum, "Hall")
    async with world.running() as bot:
        fake.user_sends(alice, forum, "/lang ru", thread_id=hall)
        fake.user_sends(bob, forum, "/new", thread_id=room)
        await bot.deliver()
        fake.user_sends(alice, forum, "/settings", thread_id=hall)
        await bot.deliver()
        menu = fake.bot_messages_in(forum, hall)[-1]
        fake.user_presses(alice, menu, "🌐 Язык: русский")
        await bot.deliver()
        fake.user_sends(alice, forum, "/settings turn_seconds 90", thread_id=hall)
        if posted:
            await bot.deliver()
            assert fake.bot_messages_in(forum, room)[-1].text == f"{NOTES['ru']}\n{TURN_TIMES['ru'][0]}"
            fake.user_presses(alice, menu, "English")
            await bot.deliver()
        else:
            await fill_the_groups_window(bot, forum)
            changing = await bot.handed()

            async def taken() -> bool:  # by then the note is on its way, behind the lobby's redrawing
                found = await bot.rt.service.find(Place(forum.id, room))
                return found is not None and found[1].rules.turn_seconds == 90

            await standing_still(taken, "the lobby took the change")
            fake.user_presses(alice, menu, "English")
            switching = await bot.handed()

            async def redrawn() -> bool:
                found = await bot.rt.service.find(Place(forum.id, room))
                assert found is not None
                game, publishing = found[0].id, bot.rt.publishing
                return publishing.group_language_of(game) == "en" and not publishing.drawing(game)

            await standing_still(redrawn, "the lobby redrawn in English")
            assert not any(NOTES["ru"] in (m.text or "") for m in fake.bot_messages_in(forum, room))
            await bot.clock.run(asyncio.gather(*changing, *switching))
        await bot.tick(30)  # the edits paced in the group's window
        assert "Press “Join” to play." in (fake.bot_messages_in(forum, room)[0].text or "")  # the lobby
        told = fake.bot_messages_in(forum, room)[-1]
        assert told.text == f"{NOTES['en']}\n{TURN_TIMES['en'][0]}"
