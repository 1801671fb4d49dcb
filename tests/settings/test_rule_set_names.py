"""The name a group's rules go by in every view (the menu's "Now:", /rules' title, the lobby, the match's
record): a preset, one with a number or a rule changed, and house rules of the group's own, listed in the
menu's order, counted past three, each saying in /rules what its value does."""

from __future__ import annotations

import pytest

from tests.narrow_phone import spaced
from tests.settings.conftest import Harness
from tests.settings.typed_commands import group_with_admin, send


@pytest.mark.parametrize(
    ("command", "number", "lobby_rules"),
    [
        (
            "/settings turn_seconds 90",
            "• Turn time: 90 seconds",
            "Official rules · 7 cards each · to 500 points · 90 s a turn",
        ),
        # a number the lobby has no place for of its own follows the name
        (
            "/settings uno_window_seconds 20",
            "• Catch window: 20 seconds",
            "Official rules (Catch window: 20 seconds) · 7 cards each · to 500 points · 60 s a turn",
        ),
    ],
)
async def test_a_changed_number_keeps_the_preset_in_every_view(
    harness: Harness, command: str, number: str, lobby_rules: str
) -> None:
    """The menu, /rules, the lobby and the match's record all name the same rules (they used to say "custom
    rules", "no house rules: the official game" and "official rules" of one and the same set)."""
    group, admin = group_with_admin(harness)
    await send(harness, admin, group, command)
    text = (await send(harness, admin, group, "/rules")).text or ""
    assert text.startswith("📜 Rules of this chat: Official rules"), text
    assert number in text and "No house rules: the official game." in text
    menu = await send(harness, admin, group, "/settings")
    assert "Now: Official rules" in (menu.text or "") and menu.button_texts[0][0] == "✅ Official rules"
    harness.fake.user_starts_bot(admin)  # a lobby's creator must be reachable in private
    lobby = await send(harness, admin, group, "/new")
    assert f"📜 {lobby_rules}" in spaced(lobby.text or ""), lobby.text
    async with harness.database.unit_of_work() as uow:
        record = await uow.games.find_active(group.id)
    assert record is not None and record.preset == "official"


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("official", "Official rules"),
        ("house", "House rules"),
        ("extreme", "UNO Extreme"),
        ("h2o", "UNO H₂O"),
        ("minecraft", "UNO Minecraft"),
    ],
)
async def test_a_preset_has_one_name_in_every_view(harness: Harness, typed: str, name: str) -> None:
    """(session 50) The lobby and the settings' topic said "UNO Extreme", the menu's "Now:", its button and
    /rules "Extreme"; the lobby "official rules" and "UNO H₂O", the menu "Official" and "H₂O"."""
    group, admin = group_with_admin(harness)
    await send(harness, admin, group, f"/settings {typed}")
    menu = await send(harness, admin, group, "/settings")
    assert f"Now: {name} · " in (menu.text or "") and [f"✅ {name}"] in menu.button_texts, menu.text
    text = (await send(harness, admin, group, "/rules")).text or ""
    assert text.startswith(f"📜 Rules of this chat: {name}\n"), text
    harness.fake.user_starts_bot(admin)  # a lobby's creator must be reachable in private
    lobby = await send(harness, admin, group, "/new")
    assert f"📜 {name} · " in (lobby.text or ""), lobby.text


@pytest.mark.parametrize(
    ("language", "menu_now", "rules_title", "lobby_rules"),
    [
        (
            "en",
            "Now: UNO Extreme (Seven silence: off)",
            "📜 Rules of this chat: UNO Extreme (Seven silence: off)\n",
            "📜 UNO Extreme (Seven silence: off) · 7 cards each",
        ),
        (
            "ru",
            "Сейчас: УНО Экстрим (Тишина на семёрке: выкл.)",  # noqa: RUF001
            "📜 Правила этого чата: УНО Экстрим (Тишина на семёрке: выкл.)\n",  # noqa: RUF001
            "📜 УНО Экстрим (Тишина на семёрке: выкл.) · по 7 карт",  # noqa: RUF001
        ),
    ],
)
async def test_a_preset_with_one_rule_changed_is_named_after_it_in_every_view(
    harness: Harness, language: str, menu_now: str, rules_title: str, lobby_rules: str
) -> None:
    """A group on UNO Extreme that turned seven silence off (as the bot suggests where it can't read the
    group) read "custom rules" in the menu and /rules, and ten house rules in brackets in the lobby."""
    group, admin = group_with_admin(harness)
    for command in (f"/lang {language}", "/settings extreme", "/settings seven_silence off"):
        await send(harness, admin, group, command)
    menu = await send(harness, admin, group, "/settings")
    assert menu_now in (menu.text or ""), menu.text
    # ✅ marks a preset the rules are exactly: pressing Extreme would turn seven silence back on
    assert not any(text.startswith("✅") for row in menu.button_texts for text in row)
    assert ((await send(harness, admin, group, "/rules")).text or "").startswith(rules_title)
    harness.fake.user_starts_bot(admin)  # a lobby's creator must be reachable in private
    lobby = await send(harness, admin, group, "/new")
    assert lobby_rules in spaced(lobby.text or ""), lobby.text


HOUSE_RULES_SET = (
    "/settings draw_rule until_playable",
    "/settings force_play on",
    "/settings multi_play on",
    "/settings false_catch_penalty 1",
)


@pytest.mark.parametrize(
    ("language", "menu_now", "labels"),
    [
        (
            "en",
            "Now: custom rules (Multi-play: on; Drawing: until a card can be played; Force play: on)",
            ["Multi-play", "Drawing", "Force play"],
        ),
        (
            "ru",
            "Сейчас: свои правила (Несколько карт: вкл.; Добор: пока не придёт подходящая;"
            " Обязательный ход: вкл.)",
            ["Несколько карт", "Добор", "Обязательный ход"],
        ),
    ],
    ids=["en", "ru"],
)
async def test_house_rules_come_in_the_menus_order(
    harness: Harness, language: str, menu_now: str, labels: list[str]
) -> None:
    """(session 51, an admin's read of /settings) the house rules came in the engine's order ("Drawing…;
    Force play…; Multi-play: on") in the menu's name for them and in /rules, not in the menu's (multi-play
    comes before drawing on the play topic's screen; the "UNO!" topic after it)."""
    group, admin = group_with_admin(harness)
    for command in (f"/lang {language}", *HOUSE_RULES_SET[:3]):  # a fourth would be counted, not listed
        await send(harness, admin, group, command)
    assert menu_now in ((await send(harness, admin, group, "/settings")).text or "")
    text = (await send(harness, admin, group, "/rules")).text or ""
    differences = text.split("\n\n")[-2].splitlines()[1:]
    assert [line.split(":")[0].removeprefix("• ") for line in differences] == labels, text


@pytest.mark.parametrize(
    ("language", "menu_now", "title"),
    [
        (
            "en",
            "Now: Official rules + 4 changes (/rules)",
            "📜 Rules of this chat: Official rules + 4 changes",
        ),
        (
            "ru",
            "Сейчас: Официальные правила + 4 изменения (/rules)",
            "📜 Правила этого чата: Официальные правила + 4 изменения",
        ),
    ],
    ids=["en", "ru"],
)
async def test_more_house_rules_than_a_name_lists_are_counted(
    harness: Harness, language: str, menu_now: str, title: str
) -> None:
    """(session 51, an all-rules read) the menu's "Now:" and /rules' title listed every house rule, eleven
    of them some ten lines on a phone: past three they are counted, and /rules lists them all below."""
    group, admin = group_with_admin(harness)
    for command in (f"/lang {language}", *HOUSE_RULES_SET):
        await send(harness, admin, group, command)
    menu = (await send(harness, admin, group, "/settings")).text or ""
    assert spaced(menu).splitlines()[1].startswith(f"{menu_now} · "), menu
    text = (await send(harness, admin, group, "/rules")).text or ""
    assert spaced(text).splitlines()[0] == title, text
    assert len(text.split("\n\n")[-2].splitlines()[1:]) == len(HOUSE_RULES_SET), text


@pytest.mark.parametrize(
    ("language", "differences"),
    [
        (
            "en",
            [
                "• Multi-play: on — several cards of the same number may be played in one turn: the first"
                " must fit the top card, the last one sets the colour.",
                "• Drawing: until a card can be played",
                "• Force play: on — a drawn card that can be played must be played.",
                "• False catch: 1 card — cards taken by whoever presses “Catch!” when nobody can be caught.",
            ],
        ),
        (
            "ru",
            [
                "• Несколько карт: вкл. — за ход можно сыграть несколько карт с одним числом: первая"  # noqa: RUF001
                " должна подходить к верхней, цвет задаст последняя.",
                "• Добор: пока не придёт подходящая",
                "• Обязательный ход: вкл. — взятую карту, которой можно сходить, нужно сыграть.",
                "• Ложная поимка: 1 карта — штраф тому, кто жмёт «Поймать!», когда ловить некого.",
            ],
        ),
    ],
    ids=["en", "ru"],
)
async def test_each_house_rule_says_what_its_value_does(
    harness: Harness, language: str, differences: list[str]
) -> None:
    """(session 51) "Drawing: until a card can be played — How many cards a player draws instead of
    playing." answered the menu's question again, and in Russian "Ложная поимка: 1 карта — Сколько карт
    берёт тот…" asked it; each line went on with a capital after its dash, where /rules' other lines go on
    in lower case after a colon ("Skip: the next player…")."""
    group, admin = group_with_admin(harness)
    for command in (f"/lang {language}", *HOUSE_RULES_SET):
        await send(harness, admin, group, command)
    text = spaced((await send(harness, admin, group, "/rules")).text or "")
    assert text.split("\n\n")[-2].splitlines()[1:] == differences, text
