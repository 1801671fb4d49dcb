"""Admins change rules from the menu: its screens, the values pressed on them, the presets. Through the real
Application and fake API."""

from __future__ import annotations

import pytest

from bot.engine.rules import preset
from tests.narrow_phone import spaced
from tests.settings.conftest import Harness
from tests.settings.menu_steps import OPEN, buttons, group_with_admin, open_menu, press, stored_rules


async def test_admin_toggles_a_rule_and_it_is_stored(harness: Harness) -> None:
    group, admin, _ = group_with_admin(harness)
    menu = await open_menu(harness, group, admin)
    assert "⚙️ Rules of this chat" in (menu.text or "")
    assert menu.button_texts[:5] == [
        ["✅ Official rules"],
        ["House rules"],
        ["UNO Extreme"],
        ["UNO H₂O"],
        ["UNO Minecraft"],
    ]

    menu = await press(harness, admin, menu, "▶️ Play")
    assert "<b>Multi-play</b>: off" not in (menu.text or "")  # the fake stores the parsed plain text
    assert "Multi-play: off" in (menu.text or "")
    query = harness.fake.user_presses(admin, menu, "▫️ Multi-play: off")
    await harness.deliver()
    assert query.answered and query.answer_text is None  # the screen it redraws says it was saved
    menu = harness.fake.last_bot_message(group)

    assert (await stored_rules(harness, group)).multi_play is True
    assert "Multi-play: on" in (menu.text or "")
    assert "✅ Multi-play: on" in buttons(menu)
    assert "\n✅ Saved.\n" in (menu.text or "")  # the rule's line below names it: not twice
    # the same message was edited in place: one menu message in the chat
    assert len(harness.fake.bot_messages_in(group)) == 1


@pytest.mark.parametrize(
    ("language", "topic", "toggles"),
    [
        ("en", "▶️ Play", ["▫️ 7-0: off", "▫️ Multi-play: off", "▫️ Force play: off", "✅ +4 challenge: on"]),
        ("ru", "▶️ Ходы", ["▫️ 7-0: выкл.", "▫️ Несколько карт: выкл.", "✅ Спор о +4: вкл."]),  # noqa: RUF001
    ],
    ids=["en", "ru"],
)
async def test_a_toggle_says_whether_it_is_on(
    harness: Harness, language: str, topic: str, toggles: list[str]
) -> None:
    """A toggle read "▫️ 7-0" or "✅ +4 challenge": aloud, "white small square, 7-0" says neither on nor off
    (only the text above the buttons did). It says so in words."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, f"/lang {language}")
    await harness.deliver()
    menu = await press(harness, admin, await open_menu(harness, group, admin), topic)
    assert all(toggle in buttons(menu) for toggle in toggles), buttons(menu)


async def test_admin_picks_a_number_from_its_steps(harness: Harness) -> None:
    group, admin, _ = group_with_admin(harness)
    menu = await open_menu(harness, group, admin)
    menu = await press(harness, admin, menu, "⏱ Timing")
    menu = await press(harness, admin, menu, f"Turn time: 60 seconds {OPEN}")
    assert "✅ 60 seconds" in buttons(menu)
    menu = await press(harness, admin, menu, "90 seconds")
    assert (await stored_rules(harness, group)).turn_seconds == 90
    assert "Turn time: 90 seconds" in (menu.text or "")
    menu = await press(harness, admin, menu, f"Turn time: 90 seconds {OPEN}")
    await press(harness, admin, menu, "off")
    assert (await stored_rules(harness, group)).turn_seconds == 0


@pytest.mark.parametrize(
    ("language", "topic", "steps", "answers", "line", "typed"),
    [
        (
            "en",
            "⏱ Timing",
            ["90 seconds", "2 minutes", "3 minutes", "5 minutes", "✅ 10 minutes"],
            ["✅ Turn time: 10 minutes", "✅ Turn time: 150 seconds"],
            "10 min a turn",
            "You can type any value from 15 to 600 seconds (or 0 for off): /settings turn time 600",
        ),
        (
            "ru",
            "⏱ Время",
            ["90 секунд", "2 минуты", "3 минуты", "5 минут", "✅ 10 минут"],
            ["✅ Время на ход: 10 минут", "✅ Время на ход: 150 секунд"],
            "10 мин на ход",
            "Любое значение от 15 до 600 секунд (или 0, чтобы выключить) можно ввести командой:"
            " /settings время на ход 600",
        ),
    ],
    ids=["en", "ru"],
)
async def test_long_turn_times_read_in_minutes(
    harness: Harness,
    language: str,
    topic: str,
    steps: list[str],
    answers: list[str],
    line: str,
    typed: str,
) -> None:
    """(found by an admin's-evening audit) the longest turn times read "120 seconds" to "600 seconds" in the
    menu, and the lobby "600 s a turn". What is typed is in seconds, and says so."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, f"/lang {language}")
    await harness.deliver()
    harness.fake.user_sends(admin, group, "/settings turn_seconds 600")
    await harness.deliver()
    assert harness.fake.last_bot_message(group).text == answers[0]
    menu = await press(harness, admin, await open_menu(harness, group, admin), topic)
    menu = await press(harness, admin, menu, buttons(menu)[0])  # the turn time's screen
    assert buttons(menu)[6:11] == steps
    assert typed in (menu.text or "").splitlines()
    harness.fake.user_sends(admin, group, "/new")
    await harness.deliver()
    lobby = next(m for m in harness.fake.bot_messages_in(group) if "📜" in (m.text or ""))
    assert line in spaced(lobby.text or "")
    harness.fake.user_sends(admin, group, "/settings turn_seconds 150")  # not whole minutes: in seconds
    await harness.deliver()
    assert (harness.fake.last_bot_message(group).text or "").startswith(answers[1])


async def test_presets_replace_all_rules(harness: Harness) -> None:
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, "/settings multi_play on")
    harness.fake.user_sends(admin, group, "/settings turn_seconds 20")
    await harness.deliver()
    menu = await open_menu(harness, group, admin)
    menu = await press(harness, admin, menu, "House rules")
    assert await stored_rules(harness, group) == preset("house")
    # the figures it set back are named: the admin typed 20 s a turn
    assert "Now: House rules" in (menu.text or "")
    assert "s a turn\nThe preset also sets:\n• Turn time: 60 seconds\n" in spaced(menu.text or "")
    assert menu.button_texts[:2] == [["Official rules"], ["✅ House rules"]]
    for name, button in (("h2o", "UNO H₂O"), ("minecraft", "UNO Minecraft"), ("official", "Official rules")):
        menu = await press(harness, admin, menu, button)
        assert await stored_rules(harness, group) == preset(name)


@pytest.mark.parametrize(
    ("language", "line"),
    [
        (
            "en",
            "• UNO Extreme — Jump-in, +2 and Skip chains, eight cover, zero slap, seven silence, a"
            " restricted Wild, extreme challenges, an extreme start, a false catch costs a card; the lowest"
            " score wins, a lone 0 counts 100.",
        ),
        (
            "ru",
            "• УНО Экстрим — вмешательство, цепочки +2 и пропусков, покрытие восьмёрки, хлопок на"  # noqa: RUF001
            " нуле, тишина на семёрке, ограниченная «Дикая», жёсткие споры, экстрим-старт, ложная поимка"
            " стоит карту; побеждает меньший счёт, одинокий ноль стоит 100.",
        ),
    ],
)
async def test_the_extreme_preset_names_every_rule_it_switches_on(
    harness: Harness, language: str, line: str
) -> None:
    """(found by an admin's-evening audit) the menu's line for Extreme left out jump-in, the restricted Wild,
    the extreme start, the lone zero and the false catch's card: an admin learned of them only in a match.
    Each is named as its setting is ("harder challenges" was the setting "Extreme challenge")."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, f"/lang {language}")
    await harness.deliver()
    menu = await open_menu(harness, group, admin)
    assert f"\n{line}\n" in (menu.text or "")


async def test_settings_is_for_groups(harness: Harness) -> None:
    """(a newcomer's first hour, session 58) /settings in the private chat said only that it works in
    groups: one looking for their own settings there was not told that /lang and /colours are those."""
    alice = harness.fake.add_user("Alice", started_bot=True, language_code="ru")
    harness.fake.user_sends(alice, harness.fake.private_chat(alice), "/settings")
    await harness.deliver()
    answer = harness.fake.last_bot_message(harness.fake.private_chat(alice))
    assert answer.text == (
        "Правила и язык группы задаются в ней самой: отправьте /settings в группе, где вы играете, или"
        " добавьте меня в свою группу (кнопка ниже). А ваши собственные настройки — здесь: /lang — язык,"  # noqa: RUF001
        " /colours — буквы цветов на картах."
    )
    assert answer.buttons == [
        [
            {
                "text": "\N{HEAVY PLUS SIGN} Добавить меня в группу",
                "url": "https://t.me/uno_test_bot?startgroup=true",
            }
        ]
    ]


async def test_the_menu_answers_in_the_forum_topic_it_was_asked_in(harness: Harness) -> None:
    admin = harness.fake.add_user("Alice")
    forum = harness.fake.add_group("Club", creator=admin, forum=True)
    topic = harness.fake.add_topic(forum, "UNO")
    harness.fake.user_sends(admin, forum, "/settings@uno_test_bot", thread_id=topic)
    await harness.deliver()
    menu = harness.fake.last_bot_message(forum)
    assert menu.thread_id == topic and "⚙️ Rules of this chat" in (menu.text or "")
    menu = await press(harness, admin, menu, "House rules")
    assert menu.thread_id == topic
    assert await stored_rules(harness, forum) == preset("house")


@pytest.mark.parametrize(
    ("language", "timing", "opens", "default", "chosen"),
    [
        (
            "en",
            "⏱ Timing",
            f"Out after: 3 timeouts {OPEN}",
            "Default: 3 timeouts",
            "Out after: 5 timeouts",
        ),
        ("ru", "⏱ Время", f"Лимит опозданий: 3 {OPEN}", "По умолчанию: 3", "Лимит опозданий: 5"),
    ],
)
async def test_the_timeouts_a_player_is_allowed_read_whole_on_a_phone(
    harness: Harness, language: str, timing: str, opens: str, default: str, chosen: str
) -> None:
    """The Russian screen read «По умолчанию: 3 просроченных ходов» over buttons «1 просроченного хода», a
    genitive without the label's «после», and in both languages the ten values, too long to share a row,
    took a row each."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, f"/lang {language}")
    await harness.deliver()
    menu = await press(harness, admin, await open_menu(harness, group, admin), timing)
    menu = await press(harness, admin, menu, opens)
    assert default in (menu.text or "").splitlines(), menu.text
    values = menu.button_texts[:-1]  # above « Back
    assert len(values) <= 5, values
    menu = await press(harness, admin, menu, chosen.rsplit(": ", 1)[1])  # "5 timeouts" / "5"
    assert (await stored_rules(harness, group)).afk_limit == 5
    assert chosen in (menu.text or "")


@pytest.mark.parametrize(
    ("language", "defaults", "all_rules"),
    [
        (
            "en",
            "• Official rules — Mattel's rules, no house rules: every rule at its default.",
            "/rules explains them all in plain words.",
        ),
        (
            "ru",
            "• Официальные правила — правила Mattel без домашних правил: всё по умолчанию.",
            "простыми словами может каждый: /rules.",
        ),
    ],
)
async def test_the_menu_tells_a_new_admin_how_to_start_over_and_where_all_the_rules_are(
    harness: Harness, language: str, defaults: str, all_rules: str
) -> None:
    """The home screen named each preset and the rules' topics, but an admin who had changed a few rules
    found no "defaults" to go back to, and the rules as a whole (/rules) were named only to those who are no
    admin, by the alert their press got."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, f"/lang {language}")
    await harness.deliver()
    home = (await open_menu(harness, group, admin)).text or ""
    assert defaults in home and all_rules in home, home
