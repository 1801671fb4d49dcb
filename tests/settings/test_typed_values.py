"""`/settings name value`: the values typed, read as the menu shows them, or refused with the values to
type."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules, preset
from bot.tg.callback_data import Action, encode
from bot.tg.render.unlinked import WORD_JOINER
from bot.tg.settings_layout import FINGERPRINT, ItemKind, index_of
from tests.narrow_phone import spaced
from tests.settings.conftest import Harness
from tests.settings.menu_steps import group_with_admin, open_menu, stored_rules


async def test_invalid_values_are_refused_and_nothing_changes(harness: Harness) -> None:
    group, admin, _ = group_with_admin(harness)
    for typed, answer in (
        ("hand_size 12", "❌ “Hand size” can't be 12. Possible values: from 5 to 10."),
        (
            "turn_seconds 5",
            "❌ “Turn time” can't be 5. Possible values: from 15 to 600 seconds (or 0 for off).",
        ),
        ("multi_play maybe", "❌ “Multi-play” can't be maybe. Possible values: on, off."),
        (
            "stacking sometimes",
            "❌ “Stacking” can't be sometimes. Possible values: off; same — +2 on +2, +4 on +4; "
            "mixed — +2 or +4 on +2, +4 on +4.",
        ),
        ("preset party", "❌ There is no preset “party”. Presets: official, house, extreme, h2o, minecraft."),
        ("hand_sise 8", "❌ There is no setting “hand_sise”. Did you mean /settings hand size 8?"),
        # a value the setting would refuse is left out: the name alone tells what it takes
        ("hand_sise <8>", "❌ There is no setting “hand_sise”. Did you mean /settings hand size?"),
        ("turn 30", "❌ There is no setting “turn”. Did you mean /settings turn time 30?"),
        (
            "draw on",
            "❌ There is no setting “draw”. The settings with it in their name: Drawing, "
            "+2 chain (extreme_draw_chain).",
        ),
    ):
        harness.fake.user_sends(admin, group, f"/settings {typed}")
        await harness.deliver()
        assert harness.fake.last_bot_message(group).text == answer
        harness.clock.advance(5)  # typing the next takes a moment (nine at once would be a flood)
    harness.fake.user_sends(admin, group, "/settings colour <b>red</b>")
    await harness.deliver()
    assert "There is no setting “colour”" in (harness.fake.last_bot_message(group).text or "")
    assert await stored_rules(harness, group) == Rules()

    menu = await open_menu(harness, group, admin)
    hand_size = index_of(ItemKind.SETTING, "hand_size")
    for forged in (
        encode(Action.SETTING, 0, FINGERPRINT, hand_size, 99),  # no such value
        encode(Action.SETTING, 0, FINGERPRINT, 999, 0),  # no such item
        encode(Action.SETTING, 0, (FINGERPRINT + 1) % 0xFFFF, hand_size, 0),  # a menu of another bot version
        "1e:zz",
    ):
        query = harness.fake.user_presses_data(admin, menu, forged)
        await harness.deliver()
        assert query.show_alert and query.answer_text == (
            "This message is out of date: send /settings to open it again."  # there may be no newer menu
        ), forged
    assert await stored_rules(harness, group) == Rules()


@pytest.mark.parametrize(
    ("commands", "name", "value", "said"),
    [
        # "-" as in names
        (
            ["/settings draw_rule until-playable"],
            "draw_rule",
            "until_playable",
            "Drawing: until a card can be played",
        ),
        (
            ["/settings preset house", "/settings stacking выкл"],
            "stacking",
            "off",
            "Stacking: off",
        ),  # as the menu says
        (["/settings preset house", "/settings Stacking No"], "stacking", "off", "Stacking: off"),
        (["/settings jump-in вкл"], "jump_in", "on", "Jump-in: on"),
        # (found by the lead) a setting by its menu label, in either language, and a choice by its label
        (
            ["/lang ru", "/settings Накопление +2 на +2, +4 на +4"],
            "stacking",
            "same",
            "Накопление: +2 на +2, +4 на +4",
        ),
        (["/lang ru", "/settings чёрная на чёрную выкл"], "black_on_black", False, "Чёрная на чёрную: выкл."),
        (["/lang ru", "/settings время на ход 90"], "turn_seconds", 90, "Время на ход: 90 секунд"),
        (["/lang ru", "/settings время на хлопок 5"], "slap_seconds", 5, "Время на хлопок: 5 секунд"),
        (
            ["/lang ru", "/settings подсчет очков один раунд"],
            "scoring",
            "single_round",
            "Подсчёт очков: один раунд",
        ),
        (["/lang ru", "/settings штраф за уно 3"], "uno_penalty", 3, "Штраф за «УНО!»: 3 карты"),  # noqa: RUF001
        (["/settings Turn time off"], "turn_seconds", 0, "Turn time: off"),
        (
            ["/settings drawing until a card can be played"],
            "draw_rule",
            "until_playable",
            "Drawing: until a card can be played",
        ),
        (["/settings Deck H₂O + 4 Downpours"], "deck", "h2o", "Deck: H₂O + 4 Downpours"),
        (
            ["/settings колода minecraft + 4 крипера"],
            "deck",
            "minecraft",
            "Deck: Minecraft + 4 Creepers",
        ),
    ],
)
async def test_a_choice_is_typed_as_the_menu_shows_it(
    harness: Harness, commands: list[str], name: str, value: object, said: str
) -> None:
    group, admin, _ = group_with_admin(harness)
    for command in commands:
        harness.fake.user_sends(admin, group, command)
        await harness.deliver()
    assert spaced(harness.fake.last_bot_message(group).text or "") == f"✅ {said}"
    assert (await stored_rules(harness, group)).to_dict()[name] == value


@pytest.mark.parametrize(
    ("command", "preset_name"),
    [("/settings экстрим", "extreme"), ("/settings preset Домашние", "house"), ("/settings H₂O", "h2o")],
)
async def test_a_preset_is_typed_as_the_menu_names_it(
    harness: Harness, command: str, preset_name: str
) -> None:
    """(found by an admin's-evening audit) a Russian admin typed the preset the menu's button names,
    «Экстрим», and read how to type a command. (The button puts the game's name before it now: a word of a
    preset's name that no other preset's holds still names it.)"""
    group, admin, _ = group_with_admin(harness)
    for sent in ("/lang ru", command):
        harness.fake.user_sends(admin, group, sent)
        await harness.deliver()
    assert (harness.fake.last_bot_message(group).text or "").startswith("✅ Набор «")  # noqa: RUF001
    assert await stored_rules(harness, group) == preset(preset_name)


async def test_a_refused_choice_lists_the_values_to_type_in_russian(harness: Harness) -> None:
    group, admin, _ = group_with_admin(harness)
    admin.language_code = "ru"  # a refusal is in its reader's language; the change's notice in the group's
    for command in ("/lang ru", "/settings draw_rule всегда"):
        harness.fake.user_sends(admin, group, command)
        await harness.deliver()
    assert harness.fake.last_bot_message(group).text == (
        "❌ Настройка «Добор» не может принимать значение всегда. Значения для ввода: single — одна карта; "
        "until_playable — пока не придёт подходящая."
    )
    for command, values in (
        ("/settings hand_size 12", "от 5 до 10"),
        ("/settings turn_seconds 5", "от 15 до 600 секунд (или 0, чтобы выключить)"),
        ("/settings force_play может", "вкл, выкл"),
    ):
        harness.fake.user_sends(admin, group, command)
        await harness.deliver()
        assert (harness.fake.last_bot_message(group).text or "").endswith(f" Значения для ввода: {values}.")
    # (found by an admin's-evening audit) the names to type were the engine's alone: a Russian admin read
    # "single, until_playable" and had to guess which was which
    harness.fake.user_sends(admin, group, "/settings preset вечеринка")
    await harness.deliver()
    assert harness.fake.last_bot_message(group).text == (
        "❌ Набора «вечеринка» нет. Наборы: official — Официальные правила; house — Домашние правила;"  # noqa: RUF001
        " extreme — УНО Экстрим; h2o; minecraft."  # noqa: RUF001
    )
    harness.fake.user_sends(admin, group, "/settings force_play выкл")  # the words it lists are read back
    await harness.deliver()
    assert harness.fake.last_bot_message(group).text == "✅ Обязательный ход: выкл."


@pytest.mark.parametrize(
    ("command", "answer"),
    [
        (
            "/settings deck " + "x" * 4070,
            "❌ “Deck” can't be "
            + "x" * 31
            + "… Possible values: classic — Classic, 108 cards; classic_blank — Classic + 4 blank cards; "
            "h2o — H₂O + 4 Downpours; minecraft — Minecraft + 4 Creepers.",
        ),
        ("/settings " + "y" * 4070 + " 1", "❌ There is no setting “" + "y" * 31 + "…”."),
        (
            "/lang " + "z" * 4080,
            "❌ “Language” can't be " + "z" * 31 + "… Possible values: en — English; ru — Русский.",
        ),
    ],
)
async def test_an_over_long_typed_value_is_quoted_shortened(
    harness: Harness, command: str, answer: str
) -> None:
    group, admin, _ = group_with_admin(harness)
    assert len(command) <= 4096  # Telegram delivers it; quoted whole, the refusal would be too long to send
    harness.fake.user_sends(admin, group, command)
    await harness.deliver()
    assert (harness.fake.last_bot_message(group).text or "").startswith(answer)


async def test_typed_values_follow_the_setting_type(harness: Harness) -> None:
    group, admin, _ = group_with_admin(harness)
    for command in ("/settings jump_in extreme", "/settings force_play on", "/settings turn_seconds off"):
        harness.fake.user_sends(admin, group, command)
    harness.fake.user_sends(admin, group, "/settings target-score 350")
    # "0" is also a word for off: for a rule that has no off, whose range holds 0, it is the number
    harness.fake.user_sends(admin, group, "/settings false_catch_penalty 2")
    harness.fake.user_sends(admin, group, "/settings false_catch_penalty 0")
    await harness.deliver()
    rules = await stored_rules(harness, group)
    assert (rules.jump_in, rules.force_play, rules.turn_seconds, rules.target_score) == (
        "extreme",
        True,
        0,
        350,
    )
    assert rules.false_catch_penalty == 0


@pytest.mark.parametrize(
    ("language", "command", "answer"),
    [
        ("en", "/settings hand_size 8 9", "❌ “Hand size” can't be 8 9. Possible values: from 5 to 10."),
        (
            "ru",
            "/settings накопление +2, +4, +2",
            "❌ Настройка «Накопление» не может принимать значение +2, +4, +2. Значения для ввода: "
            "off — выкл.; same — +2 на +2, +4 на +4; mixed — +2 и +4 на +2, +4 на +4.",
        ),
    ],
)
async def test_a_known_setting_with_a_value_of_several_words_it_cannot_read_says_what_it_takes(
    harness: Harness, language: str, command: str, answer: str
) -> None:
    """(found by a troll's audit) A value of several words that reads as none got the general usage, which
    names neither the setting typed nor the values it takes."""
    group, admin, _ = group_with_admin(harness)
    admin.language_code = language
    harness.fake.user_sends(admin, group, command)
    await harness.deliver()
    assert harness.fake.last_bot_message(group).text == answer


@pytest.mark.parametrize(
    "typed",
    ["1,000", "1 000", "1\u00a0000", "1\u2009000", "1\u202f000", "1.000"],
    ids=["comma", "space", "no-break space", "thin space", "narrow no-break space", "dot"],
)
async def test_a_typed_number_may_group_its_thousands_as_the_menu_does(harness: Harness, typed: str) -> None:
    """The menu's buttons read "1,000 points" (in Russian «1 000 очков»), but typed so the number was
    refused: "1,000" was no number, and "1 000" two words."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, f"/settings target_score {typed}")
    await harness.deliver()
    assert (await stored_rules(harness, group)).target_score == 1000
    assert spaced(harness.fake.last_bot_message(group).text or "") == "✅ Target score: 1,000 points"


@pytest.mark.parametrize("typed", ["1,5", "1.5", "10,00", "1 5", "1 5 points"])
async def test_digits_grouped_otherwise_are_no_number(harness: Harness, typed: str) -> None:
    """A decimal comma, or groups not of three, could mean another number: not guessed, nothing changes."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, f"/settings target_score {typed}")
    await harness.deliver()
    assert (await stored_rules(harness, group)).target_score == Rules().target_score
    assert not (harness.fake.last_bot_message(group).text or "").startswith("✅")


async def test_a_value_typed_as_a_sentence_ends_its_full_stop(harness: Harness) -> None:
    """ "/settings hand_size 8." is typed as people end a sentence: the full stop is no part of the value."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, "/settings hand_size 8.")
    harness.fake.user_sends(admin, group, "/settings force_play on.")
    await harness.deliver()
    rules = await stored_rules(harness, group)
    assert (rules.hand_size, rules.force_play) == (8, True)


@pytest.mark.parametrize(
    ("typed", "answer"),
    [
        (["target_score 300", "target_score 400", "target_score 300"], "✅ Target score: 300 points"),
        (["preset house", "preset official", "preset house"], "✅ Preset “House rules” applied."),
        (["language ru", "language en", "language ru"], "✅ Язык: русский."),
    ],
)
async def test_a_change_typed_back_within_a_minute_is_told_again(
    harness: Harness, typed: list[str], answer: str
) -> None:
    """(found reading an admin's evening) 300, 400, then 300 again: the third change was made but not told, as
    the same words were answered within a minute, and the group read 400 last. The same change typed twice
    in a row, which changes nothing the second time, is still answered once."""
    group, admin, _ = group_with_admin(harness)
    for command in typed:
        harness.fake.user_sends(admin, group, f"/settings {command}")
        await harness.deliver()
    answers = [m.text for m in harness.fake.bot_messages_in(group)]
    assert len(answers) == 3 and spaced(answers[-1] or "") == answer
    harness.fake.user_sends(admin, group, f"/settings {typed[-1]}")
    await harness.deliver()
    assert [m.text for m in harness.fake.bot_messages_in(group)] == answers


async def test_a_language_is_typed_in_either_case(harness: Harness) -> None:
    """ "/settings language RU" (a phone capitalises a lone word) changes the chat's language as "ru" does."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, "/settings language RU")
    await harness.deliver()
    assert (harness.fake.last_bot_message(group).text or "").startswith("✅"), "refused"


@pytest.mark.parametrize("command", ["/settings hand_size 8", "/settings"])
async def test_a_command_deleted_before_the_answer_still_gets_it(harness: Harness, command: str) -> None:
    """A "delete commands" bot, or the admin, removes the command at once: the answer comes anyway."""
    group, admin, _ = group_with_admin(harness)
    said = harness.fake.user_sends(admin, group, command)
    harness.fake.delete_message(said)
    await harness.deliver()
    answers = harness.fake.bot_messages_in(group)
    assert len(answers) == 1 and answers[0].text


@pytest.mark.parametrize(
    ("command", "typed"),
    [
        ("/settings /everyone_out 1", "/everyone_out"),
        ("/settings target_score @someone", "@someone"),
        ("/settings preset play.example.com", "play.example.com"),
    ],
)
async def test_a_refused_typed_setting_is_echoed_as_plain_text(
    harness: Harness, command: str, typed: str
) -> None:
    """The answer quoted what was typed as Telegram reads it: "/everyone_out" became a command any member
    could send the group with one tap, "@someone" a mention of another account, an address a link."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, command)
    await harness.deliver()
    answer = harness.fake.last_bot_message(group)
    units = (answer.text or "").encode("utf-16-le")
    tapped = [
        units[2 * e["offset"] : 2 * (e["offset"] + e["length"])].decode("utf-16-le") for e in answer.entities
    ]
    assert typed.replace(".", "") in (answer.text or "").replace(WORD_JOINER, "").replace(".", "")
    assert not [text for text in tapped if typed.startswith(text) or text in typed], (answer.text, tapped)
