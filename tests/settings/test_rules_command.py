"""/rules in a group and in private: the official game and how to play it, the presets' and the special decks'
rules, each house rule and each value in plain words, a rule switched off as it plays, what cannot apply left
out. How the rules are named in every view: test_rule_set_names; the texts alone: test_rules_text."""

from __future__ import annotations

import pytest

from tests.narrow_phone import spaced
from tests.settings.conftest import Harness
from tests.settings.typed_commands import group_with_admin, send


async def test_rules_in_english_for_the_official_game(harness: Harness) -> None:
    group, admin = group_with_admin(harness)
    text = spaced((await send(harness, admin, group, "/rules")).text or "")
    assert text.startswith("📜 Rules of this chat: Official rules")
    assert "\nThe basics\n• Deck: Classic, 108 cards\n" in text  # not "numbers": the deck is none
    assert "• Hand size: 7 cards" in text
    assert "• Turn time: 60 seconds" in text
    assert "• Target score: 500 points" in text
    assert "No house rules: the official game." in text


HOW_TO_PLAY = (
    "How to play",
    "• On your turn, play a card of the top card's colour, number or symbol, or a black card. Or draw a"
    " card: if it fits, you may play it at once.",
    "• Skip: the next player misses a turn. Reverse: play goes the other way (between two players, it works"
    " as a Skip). +2: the next player takes 2 cards and misses a turn.",
    "• 🌈 Wild: you choose the colour. 🌈 +4: you choose the colour, and the next player takes 4 cards and"
    " misses a turn. Played while you hold a card of the colour in play, it is a bluff, and the next player"
    " may challenge it: a caught bluffer takes the 4 cards instead, a wrong challenger takes 6 cards.",
    "• Two cards left? Press “UNO!” before you play one, or as soon as you have one left. Whoever is left"
    " with one card without calling it takes 2 cards if anyone catches them before another player moves"
    " (and within 10 s).",
    "• The first to play their last card wins the round.",
    "• Card points: a number card is worth its number; Skip, Reverse and +2 are worth 20; a black card, 50.",
    "• The round's winner scores the points of the cards left in the others' hands; the first to reach 500"
    " points wins the match.",
)


async def test_rules_answer_quotes_no_command(harness: Harness) -> None:
    """The same for whoever asks: not quoting one, an answer still waiting answers a group repeating /rules
    (the pacer sends an equal reply once)."""
    group, admin = group_with_admin(harness)
    answer = await send(harness, admin, group, "/rules")
    assert (answer.text or "").startswith("📜") and "reply_to_message" not in answer.extra


async def test_rules_tell_a_newcomer_how_to_play(harness: Harness) -> None:
    """/rules, "the rules in plain words", listed only figures and house rules: someone new to UNO learned
    neither what ⊘ or ⇄ in their hand do, nor when to press UNO!, nor what the points of a round are."""
    group, admin = group_with_admin(harness)
    text = spaced((await send(harness, admin, group, "/rules")).text or "")
    how_to_play = "\n".join(HOW_TO_PLAY)
    assert text.endswith(f"\n\nNo house rules: the official game.\n\n{how_to_play}")


async def test_how_to_play_follows_the_rules_it_can_not_leave_to_the_differences(harness: Harness) -> None:
    """The UNO penalty, a +4 that can't be challenged and a single round without points change its lines."""
    group, admin = group_with_admin(harness)
    for command in ("/lang ru", "/settings wd4_challenge off", "/settings uno_penalty 3"):
        await send(harness, admin, group, command)
    await send(harness, admin, group, "/settings scoring single_round")
    text = spaced((await send(harness, admin, group, "/rules")).text or "")
    assert "Её можно сыграть, только когда на руке нет карты нужного цвета." in text
    caught = "Кого с одной картой поймают без «УНО!» до хода другого игрока (и не позже чем через 10 с)"  # noqa: RUF001
    assert f"{caught}, тот берёт 3 карты." in text
    assert "Кто первым сыграет последнюю карту, выигрывает раунд." in text and "Очки карт" not in text


async def test_rules_say_how_a_match_of_the_extreme_preset_is_scored(harness: Harness) -> None:
    """(found by an admin's-evening audit) /rules named the extreme preset's scoring "lowest score wins" and
    said nothing of whose points are counted: a player, who may not open the menu's explanation, could not
    tell how to win."""
    group, admin = group_with_admin(harness)
    for command in ("/lang ru", "/settings extreme", "/settings target_score 300"):
        await send(harness, admin, group, command)
    text = spaced((await send(harness, admin, group, "/rules")).text or "")
    scored = (
        "• В конце раунда каждый получает очки карт, оставшихся у него на руке; когда кто-то наберёт"  # noqa: RUF001
        " 300 очков, матч выигрывает тот, у кого очков меньше всех."  # noqa: RUF001
    )
    assert text.endswith(scored)


async def test_rules_of_the_house_preset_head_its_rules_as_differences_from_the_official_game(
    harness: Harness,
) -> None:
    """The list's header was "House rules", the name of one preset, above the rules of every preset."""
    group, admin = group_with_admin(harness)
    await send(harness, admin, group, "/settings house")
    text = (await send(harness, admin, group, "/rules")).text or ""
    assert text.startswith("📜 Rules of this chat: House rules")
    assert (
        "\n\nDifferences from the official game\n• " in text and "House rules" not in text.split("\n", 1)[1]
    )


@pytest.mark.parametrize(
    ("commands", "named"),
    [(["/settings minecraft"], "UNO Minecraft"), (["/settings deck classic_blank"], "custom rules")],
)
async def test_rules_of_another_deck_alone_do_not_call_it_the_official_game(
    harness: Harness, commands: list[str], named: str
) -> None:
    group, admin = group_with_admin(harness)
    for command in commands:
        await send(harness, admin, group, command)
    text = (await send(harness, admin, group, "/rules")).text or ""
    assert text.startswith(f"📜 Rules of this chat: {named}"), text
    assert "the official game" not in text and "No other house rules." in text


@pytest.mark.parametrize(
    ("preset", "explained"),
    [
        ("h2o", "🌧 Downpour +1 / +2: a black card"),
        ("minecraft", "🧨 Creeper: a black card; whoever draws one"),
    ],
)
async def test_rules_explain_the_cards_of_a_special_deck(
    harness: Harness, preset: str, explained: str
) -> None:
    """(found by a play-through audit, 2026-12-02) /rules named the deck, "4 extra Downpours", and said
    nothing of what those cards do."""
    group, admin = group_with_admin(harness)
    await send(harness, admin, group, f"/settings {preset}")
    assert explained in ((await send(harness, admin, group, "/rules")).text or "")


async def test_rules_in_russian_list_each_house_rule_in_plain_words(harness: Harness) -> None:
    group, admin = group_with_admin(harness)
    for command in (
        "/lang ru",
        "/settings stacking mixed",
        "/settings scoring single_round",
        "/settings uno_penalty 1",
    ):
        await send(harness, admin, group, command)
    text = spaced((await send(harness, admin, group, "/rules")).text or "")
    assert text.startswith("📜 Правила этого чата: свои правила")
    # not «Домашние правила», which is also the name of a preset these rules are not
    assert "\n\nОтличия от официальной игры\n• Накопление" in text  # noqa: RUF001
    assert "• Штраф за «" in text and "»: 1 карта" in text  # the UNO penalty
    assert "• Подсчёт очков: один раунд" in text
    assert "Цель матча" not in text, "a single round has no target score"
    assert "• Накопление: +2 и +4 на +2, +4 на +4 — тот, кому брать штраф" in text


@pytest.mark.parametrize(
    ("language", "preset", "lines"),
    [
        (
            "en",
            "house",
            [
                "• Stacking: +2 on +2, +4 on +4 — whoever must take a penalty may play a draw card of their"
                " own to pass it on, their card added to it; whoever doesn't takes the whole penalty.",
                "• Jump-in: on — whoever holds a card identical to the top card (the same colour and"
                " symbol) may play it out of turn; play goes on from them.",
            ],
        ),
        (
            "ru",
            "house",
            [
                "• Накопление: +2 на +2, +4 на +4 — тот, кому брать штраф, может сыграть свою карту +2"
                " или +4 и передать штраф дальше, добавив к нему свой; кто этого не сделает, берёт весь"
                " штраф.",
                "• Вмешательство: вкл. — тот, у кого есть карта, точно такая же, как верхняя (того же"  # noqa: RUF001
                " цвета и знака), может сыграть её вне очереди; игра продолжается от него.",
            ],
        ),
        (
            "en",
            "extreme",
            [
                "• Jump-in: on, effects add up — whoever holds a card identical to the top card (the same"
                " colour and symbol) may play it out of turn, and the card jumped on keeps its effect too.",
            ],
        ),
        (
            "en",
            "extreme",
            [
                "• +2 chain: on — a +2's victim takes the cards at once and misses a turn; the next player"
                " may extend the chain with a +2 (the player after them takes 4) or a Reverse of its colour"
                " (the last victim takes 4); any Reverse goes on a Reverse in the chain; each link adds 2."
                " A victim holding an identical card may pass the penalty on instead of taking it.",
                "• Eight cover: on — whoever plays an 8 must cover it with another card in the same turn,"
                " drawing until they can.",
            ],
        ),
        (
            "ru",
            "extreme",
            [
                "• Цепочка +2: вкл. — жертва +2 сразу берёт карты и пропускает ход; следующий может"
                " продлить цепочку картой +2 (тогда игрок после него берёт 4) или «Разворотом» её цвета"
                " (тогда 4 берёт прошлая жертва); на «Разворот» в цепочке годится любой «Разворот»;"
                " каждое звено добавляет 2. Жертва с точно такой же картой может не брать, а передать"  # noqa: RUF001
                " штраф дальше.",
                "• Покрытие восьмёрки: вкл. — кто сыграл 8, должен в тот же ход покрыть её ещё одной картой,"
                " а если нечем — брать из колоды, пока не сможет.",  # noqa: RUF001
            ],
        ),
        (
            "ru",
            "extreme",
            [
                "• Вмешательство: вкл., эффекты складываются — тот, у кого есть карта, точно такая же,"  # noqa: RUF001
                " как верхняя (того же цвета и знака), может сыграть её вне очереди, и перебитая карта"
                " тоже срабатывает.",
            ],
        ),
    ],
)
async def test_rules_explain_the_value_a_house_rule_has(
    harness: Harness, language: str, preset: str, lines: list[str]
) -> None:
    """(found by an admin's-evening audit) /rules explained "Jump-in: on" with the menu's line about both
    values ("With 'on, effects add up' ... the card jumped on keeps its effect too"), a rule not in play;
    stacking as passing the penalty on, not saying that it grows and who takes it; the +2 chain as "a +2
    hits at once", not what a link costs; the eight cover without the draws when nothing covers it."""
    group, admin = group_with_admin(harness)
    for command in (f"/lang {language}", f"/settings {preset}"):
        await send(harness, admin, group, command)
    text = (await send(harness, admin, group, "/rules")).text or ""
    for line in lines:
        assert f"\n{line}\n" in f"{text}\n", line


@pytest.mark.parametrize(
    ("command", "line"),
    [
        (
            "/settings black_on_black off",
            "• Black on black: off — a black card may not be played on a black card.",
        ),
        (
            "/settings wd4_challenge off",
            "• +4 challenge: off — nobody can challenge a +4:"
            " it can be played only while you hold no card of the colour in play.",
        ),
    ],
)
async def test_rules_explain_a_rule_switched_off_as_it_plays(
    harness: Harness, command: str, line: str
) -> None:
    group, admin = group_with_admin(harness)
    await send(harness, admin, group, command)
    assert line in ((await send(harness, admin, group, "/rules")).text or "").splitlines()


async def test_rules_leave_out_what_cannot_apply_and_name_the_game_it_plays(harness: Harness) -> None:
    group, admin = group_with_admin(harness)
    for command in ("/settings blank_effect wild", "/settings slap_seconds 10"):  # no blank cards, no slap
        await send(harness, admin, group, command)
    text = (await send(harness, admin, group, "/rules")).text or ""
    assert (
        text.startswith("📜 Rules of this chat: Official rules")
        and "No house rules: the official game." in text
    )
    for command in ("/settings turn_seconds off", "/settings afk_limit 5"):  # nobody ever times out
        await send(harness, admin, group, command)
    text = (await send(harness, admin, group, "/rules")).text or ""
    assert "• Turn time: off" in text
    assert not [name for name in ("Blank cards", "Slap time", "Out after") if f"• {name}:" in text], text


@pytest.mark.parametrize(
    ("commands", "shown", "left_out"),
    [
        (["/settings preset extreme"], ["• Zero slap: on", "• Slap time: 5 seconds\n"], []),
        ([], ["• Turn time: 60 seconds", "• Out after: 3 timeouts"], ["Slap time", "Blank cards"]),
        (
            ["/settings deck classic_blank"],
            ["• ⬜ Blank: a black card; you choose the colour, and the next player takes 10 cards"],
            [],
        ),
        (
            ["/settings preset house", "/settings extreme_draw_chain on"],
            [
                "• Stacking: +2 on +2, +4 on +4 — "
                "with the +2 chain only +4 on +4 stacks: a +2 follows the chain."
            ],
            [],
        ),
        (
            ["/settings extreme_challenge on", "/settings wd4_challenge off"],
            ["• +4 challenge: off"],
            ["Extreme challenge"],
        ),
    ],
)
async def test_rules_tell_each_value_of_a_rule_in_play(
    harness: Harness, commands: list[str], shown: list[str], left_out: list[str]
) -> None:
    group, admin = group_with_admin(harness)
    for command in commands:
        await send(harness, admin, group, command)
    text = (await send(harness, admin, group, "/rules")).text or ""
    for line in shown:
        assert line in text, text
    for name in left_out:
        assert f"• {name}:" not in text, text


async def test_rules_in_private_show_the_official_game_in_the_users_language(harness: Harness) -> None:
    alice = harness.fake.add_user("Alice", language_code="ru", started_bot=True)
    private = harness.fake.private_chat(alice)
    text = (await send(harness, alice, private, "/rules")).text or ""
    assert text.startswith("📜 Официальные правила\n")
    # they may have meant their group's: it may play by others, which /rules there shows
    assert text.splitlines()[1].endswith("по другим правилам: /rules в группе покажет её правила.")
