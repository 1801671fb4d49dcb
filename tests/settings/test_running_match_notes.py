"""A change during a match applies from the next one: what the menu, a typed change's answer and /rules say
of the match being played and the next."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from bot.service.lobby import new_lobby
from tests.narrow_phone import spaced
from tests.settings.conftest import Harness
from tests.settings.menu_steps import (
    OPEN,
    group_with_admin,
    open_menu,
    press,
    rules_text,
    start_a_match,
    stored_rules,
)


async def test_a_change_during_a_match_applies_from_the_next_match(harness: Harness) -> None:
    group, admin, _ = group_with_admin(harness)
    await start_a_match(harness, group, admin)
    menu = await open_menu(harness, group, admin)
    assert "A match is running: changes apply from the next match." in (menu.text or "")
    menu = await press(harness, admin, menu, "📣 “UNO!” call")
    menu = await press(harness, admin, menu, f"“UNO!” penalty: 2 cards {OPEN}")
    menu = await press(harness, admin, menu, "4 cards")
    assert "the change applies from the next one" in (menu.text or "")
    assert (await stored_rules(harness, group)).uno_penalty == 4
    rules = await rules_text(harness, group, admin)
    assert rules.startswith("📜 Rules of the current match: Official rules")
    assert "The next match: Official rules (“UNO!” penalty: 4 cards) · 7 cards each" in rules


async def test_rules_before_a_lobby_starts_are_the_chats(harness: Harness) -> None:
    """A lobby takes the chat's rules when its match starts: until then /rules reads the chat's, not those
    of a "current match" that nobody plays yet."""
    group, admin, _ = group_with_admin(harness)
    async with harness.database.unit_of_work() as uow:
        await uow.chats.ensure(group.id, group.title)
        lobby = new_lobby(admin.id, admin.first_name, group.title or "", Rules(), None, 0)
        await uow.games.create(chat_id=group.id, state=lobby.to_dict())
    harness.fake.user_sends(admin, group, "/settings extreme")
    await harness.deliver()
    rules = await rules_text(harness, group, admin)
    assert rules.startswith("📜 Rules of this chat: UNO Extreme"), rules
    assert "The next match" not in rules


async def test_a_change_typed_in_a_comments_thread_is_of_the_groups_one_match(harness: Harness) -> None:
    """A group that is no forum has one place to play, whatever thread a message is in (the comments of a
    channel post): its match is the current one there, not one "in another topic", and /rules reads its."""
    group, admin, _ = group_with_admin(harness)
    await start_a_match(harness, group, admin)
    harness.fake.user_sends(admin, group, "/settings turn_seconds 90", thread_id=77)
    await harness.deliver()
    answer = harness.fake.last_bot_message(group).text or ""
    assert answer.endswith("The current match keeps its rules: the change applies from the next one."), answer
    harness.fake.user_sends(admin, group, "/rules", thread_id=77)
    await harness.deliver()
    rules = harness.fake.last_bot_message(group).text or ""
    assert rules.startswith("📜 Rules of the current match: Official rules"), rules


async def test_a_change_during_a_match_says_once_that_it_waits_for_the_next(harness: Harness) -> None:
    """The change's notice says the match keeps its rules: the screen does not repeat it under the notice."""
    group, admin, _ = group_with_admin(harness)
    await start_a_match(harness, group, admin)
    menu = await press(harness, admin, await open_menu(harness, group, admin), "▶️ Play")
    text = (await press(harness, admin, menu, "▫️ Multi-play: off")).text or ""
    assert "✅ Saved.\nThe current match keeps its rules: the change applies from the next one." in text
    assert "A match is running" not in text, text


@pytest.mark.parametrize("running", [False, True], ids=["no-match", "a-match"])
async def test_a_value_pressed_on_its_rules_screen_is_not_named_again_above_its_topics_list(
    harness: Harness, running: bool
) -> None:
    """(session 58's Left) «✅ Время на ход: 90 секунд» topped the topic's screen a value's press goes back
    to, whose list reads «Время на ход: 90 секунд» just below: the notice says it was saved, and during a
    match that it applies from the next one; a typed change's answer, the group's message, still names it."""
    group, admin, _ = group_with_admin(harness)
    if running:
        await start_a_match(harness, group, admin)
    menu = await press(harness, admin, await open_menu(harness, group, admin), "⏱ Timing")
    menu = await press(harness, admin, menu, f"Turn time: 60 seconds {OPEN}")
    text = (await press(harness, admin, menu, "90 seconds")).text or ""
    waits = "\nThe current match keeps its rules: the change applies from the next one." if running else ""
    assert text.startswith(f"⏱ Timing\n✅ Saved.{waits}\n\nTurn time: 90 seconds\n"), text
    assert text.count("90 seconds") == 1, text
    harness.fake.user_sends(admin, group, "/settings turn_seconds 45")
    await harness.deliver()
    assert (harness.fake.last_bot_message(group).text or "").startswith(f"✅ Turn time: 45 seconds{waits}")


async def test_a_preset_applied_during_a_match_says_it_waits_for_the_next(harness: Harness) -> None:
    group, admin, _ = group_with_admin(harness)
    await start_a_match(harness, group, admin)
    harness.fake.user_sends(admin, group, "/settings house")
    await harness.deliver()
    answer = harness.fake.last_bot_message(group).text or ""
    assert answer.startswith("✅ Preset “House rules” applied."), answer
    assert answer.endswith("\nA match is running: changes apply from the next match."), answer


@pytest.mark.parametrize(
    ("language", "command", "note"),
    [
        ("en", "/settings target_score", "\nA match is running: changes apply from the next match."),
        ("ru", "/settings цель матча", "\nИдёт матч: изменения действуют со следующего матча."),  # noqa: RUF001
        ("en", "/settings language", None),
    ],
)
async def test_a_rule_named_alone_during_a_match_says_the_value_it_reads_waits_for_the_next_match(
    harness: Harness, language: str, command: str, note: str | None
) -> None:
    """(helper-418's read of a match whose rules the admins changed) "/settings target_score" mid-match read
    "Target score: 200 points" while the match went on to 100: the menu's screen of the rule says the change
    waits for the next match, the typed read did not. The language is no rule: it applies at once."""
    group, admin, _ = group_with_admin(harness)
    admin.language_code = language  # an answer to one person is in their language
    await start_a_match(harness, group, admin)
    harness.fake.user_sends(admin, group, command)
    await harness.deliver()
    answer = harness.fake.last_bot_message(group).text or ""
    assert answer.endswith(note) if note else "match" not in answer, answer


@pytest.mark.parametrize(
    ("language", "next_match"),
    [
        ("en", "The next match: UNO Extreme · 7 cards each · own-hand points, ends at 500, lowest wins"),
        (
            "ru",
            "Следующий матч: УНО Экстрим · по 7 карт · очки своей руки, конец на 500, побеждает меньший счёт",  # noqa: RUF001
        ),
    ],
)
async def test_rules_during_a_match_name_the_rules_of_the_next_one(
    harness: Harness, language: str, next_match: str
) -> None:
    """An admin switched to Extreme mid-match: /rules said only "the next match plays by them (/settings)",
    and a player who is no admin, sent to /settings, could not open its topics (their buttons send them back
    to /rules). /rules names the next match's rules in the lobby's words."""
    group, admin, player = group_with_admin(harness)
    await start_a_match(harness, group, admin)
    harness.fake.user_sends(admin, group, f"/lang {language}")
    harness.fake.user_sends(admin, group, "/settings extreme")
    await harness.deliver()
    rules = await rules_text(harness, group, player)
    assert next_match in rules, rules


@pytest.mark.parametrize(
    ("language", "next_match"),
    [("en", "apply from the next match"), ("ru", "со следующего матча")],  # noqa: RUF001
)
async def test_the_language_screen_during_a_match_does_not_say_it_waits_for_the_next_match(
    harness: Harness, language: str, next_match: str
) -> None:
    """The chat's language applies at once (the table and hands are redrawn in it), yet /lang during a match
    said "A match is running: changes apply from the next match"; the rules' screens rightly still say so."""
    group, admin, _ = group_with_admin(harness)
    await start_a_match(harness, group, admin)
    harness.fake.user_sends(admin, group, f"/settings language {language}")
    await harness.deliver()
    harness.fake.user_sends(admin, group, "/lang")
    await harness.deliver()
    screen = harness.fake.last_bot_message(group).text or ""
    assert next_match not in screen, screen
    menu = await open_menu(harness, group, admin)
    assert next_match in (menu.text or ""), "the rules' screens keep their note"


async def test_a_change_without_effect_during_a_match_leaves_the_next_match_the_same(
    harness: Harness,
) -> None:
    group, admin, _ = group_with_admin(harness)
    await start_a_match(harness, group, admin)
    harness.fake.user_sends(
        admin, group, "/settings blank_effect wild"
    )  # the classic deck has no blank cards
    await harness.deliver()
    rules = await rules_text(harness, group, admin)
    assert rules.startswith("📜 Rules of the current match: Official rules")
    assert "The next match:" not in rules, rules  # (the note read "the next match plays by them" once)


@pytest.mark.parametrize(
    ("language", "same", "named"),
    [
        (
            "en",
            "Now: Official rules · 7 cards each · to 500 points · 60 s a turn",
            "Current match: Official rules · 7 cards each · to 500 points · 60 s a turn\n"
            "Next match: House rules · 7 cards each · to 500 points · 60 s a turn",
        ),
        (
            "ru",
            "Сейчас: Официальные правила · по 7 карт · до 500 очков · 60 с на ход",  # noqa: RUF001
            "Текущий матч: Официальные правила · по 7 карт · до 500 очков · 60 с на ход\n"  # noqa: RUF001
            "Следующий матч: Домашние правила · по 7 карт · до 500 очков · 60 с на ход",  # noqa: RUF001
        ),
    ],
    ids=["en", "ru"],
)
async def test_the_menus_home_during_a_match_of_other_rules_names_the_matchs_and_the_nexts(
    harness: Harness, language: str, same: str, named: str
) -> None:
    """(session 54's /settings) the home read "Now: House rules" while the match went on by the official
    rules: the note below it said a match is running, yet its first line read as the rules being played."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, f"/lang {language}")
    await harness.deliver()
    await start_a_match(harness, group, admin)
    menu = await open_menu(harness, group, admin)
    assert spaced(menu.text or "").split("\n")[1] == same  # the match plays the chat's rules: named once
    harness.fake.user_sends(admin, group, "/settings house")
    await harness.deliver()
    menu = await open_menu(harness, group, admin)
    assert spaced(menu.text or "").split("\n", 1)[1].startswith(named + "\n"), menu.text


@pytest.mark.parametrize(
    ("language", "now", "named"),
    [
        (
            "en",
            "Now: Official rules · 7 cards each · to 500 points · 30 s a turn",
            "Current match: Official rules · 7 cards each · to 500 points · 60 s a turn\n"
            "Next match: Official rules · 7 cards each · to 500 points · 30 s a turn",
        ),
        (
            "ru",
            "Сейчас: Официальные правила · по 7 карт · до 500 очков · 30 с на ход",  # noqa: RUF001
            "Текущий матч: Официальные правила · по 7 карт · до 500 очков · 60 с на ход\n"  # noqa: RUF001
            "Следующий матч: Официальные правила · по 7 карт · до 500 очков · 30 с на ход",  # noqa: RUF001
        ),
    ],
    ids=["en", "ru"],
)
async def test_the_menus_home_shows_a_typed_turn_time_as_the_lobby_does(
    harness: Harness, language: str, now: str, named: str
) -> None:
    """(session 56, two admins' transcript) After "/settings turn_seconds 30" the home still read "Now:
    Official rules", while the lobby's line said "30 s a turn": a preset's name says nothing of its figures.
    During a match of 60 s a turn it read "Current match: Official rules / Next match: Official rules"."""
    group, admin, _ = group_with_admin(harness)
    for command in (f"/lang {language}", "/settings turn_seconds 30"):
        harness.fake.user_sends(admin, group, command)
        await harness.deliver()
    menu = await open_menu(harness, group, admin)
    assert spaced(menu.text or "").split("\n")[1] == now, menu.text
    await start_a_match(harness, group, admin)  # of the official rules, 60 s a turn
    menu = await open_menu(harness, group, admin)
    assert spaced(menu.text or "").split("\n", 1)[1].startswith(named + "\n"), menu.text


@pytest.mark.parametrize(
    ("language", "now", "playing", "upcoming"),
    [
        (
            "en",
            "⚙️ Rules of this chat: Official rules (Catch window: 3 seconds) · 7 cards each · to 500 points"
            " · 30 s a turn. Only",
            "⚙️ Rules of the current match: Official rules · 7 cards each · to 500 points · 60 s a turn. Only",
            "The next match: Official rules (Catch window: 3 seconds) · 7 cards each · to 500 points ·"
            " 30 s a turn",
        ),
        (
            "ru",
            "⚙️ Правила этого чата: Официальные правила (Время на поимку: 3 секунды) · по 7 карт · до 500"
            " очков · 30 с на ход. Менять",  # noqa: RUF001
            "⚙️ Правила идущего матча: Официальные правила · по 7 карт · до 500 очков · 60 с на ход."  # noqa: RUF001
            " Менять",
            "Следующий матч: Официальные правила (Время на поимку: 3 секунды) · по 7 карт · до 500 очков ·"
            " 30 с на ход",  # noqa: RUF001
        ),
    ],
    ids=["en", "ru"],
)
async def test_a_members_settings_line_names_the_rules_as_the_menus_home_does(
    harness: Harness, language: str, now: str, playing: str, upcoming: str
) -> None:
    """(session 56 follow-up) The menu's home named the rules with their figures as the lobby's line does,
    a member's /settings still by /rules' title alone: "Rules of this chat: Official rules" after
    "/settings turn_seconds 30" and "/settings uno_window_seconds 3", where the home read "Official rules
    (Catch window: 3 seconds) · 7 cards each · to 500 points · 30 s a turn"."""
    group, admin, member = group_with_admin(harness)
    member.language_code = language
    for command in (f"/lang {language}", "/settings turn_seconds 30", "/settings uno_window_seconds 3"):
        harness.fake.user_sends(admin, group, command)
        await harness.deliver()
    home = (await open_menu(harness, group, admin)).text or ""
    said = await open_menu(harness, group, member)
    assert spaced(said.text or "").startswith(now), said.text or ""
    assert (said.text or "").split(": ", 1)[1].split(". ")[0] in home, (said.text, home)  # the home's words
    await start_a_match(harness, group, admin)  # of the official rules, 60 s a turn
    said = await open_menu(harness, group, member)
    lines = spaced(said.text or "").splitlines()
    assert lines[0].startswith(playing) and lines[1].endswith(upcoming), lines
