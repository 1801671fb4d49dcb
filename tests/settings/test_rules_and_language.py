"""/rules and /lang in groups and in private, and the seven-silence visibility check."""

from __future__ import annotations

import pytest

from bot.service.settings import chat_language, rules_for_chat, user_language
from bot.tg.settings_lang_prompts import PROMPT_SECONDS
from bot.tg.settings_layout import ItemKind, item_for, open_data
from tests.fake_bot_api import Chat, Message, User
from tests.narrow_phone import spaced
from tests.settings.conftest import Harness


def group_with_admin(harness: Harness) -> tuple[Chat, User]:
    admin = harness.fake.add_user("Alice")
    return harness.fake.add_group("Friends", creator=admin), admin


async def send(harness: Harness, user: User, chat: Chat, text: str) -> Message:
    harness.fake.user_sends(user, chat, text)
    await harness.deliver()
    return harness.fake.last_bot_message(chat)


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
    text = (await send(harness, admin, group, "/rules")).text or ""
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
    [("h2o", "🌧 Downpour +1 / +2: a black card"), ("minecraft", "🧨 Creeper: whoever draws one")],
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


@pytest.mark.parametrize(
    ("language", "notice", "line"),
    [
        (
            "en",
            "⚠️ While “Stacking” is “+2 on +2, +4 on +4”, “Black on black” works only in part. A black card"
            " may not be played on a black card, except a +4 stacked on a +4.",
            "• Black on black: off — a black card may not be played on a black card, except a +4 stacked on"
            " a +4.",
        ),
        (
            "ru",
            "⚠️ Пока «Накопление» — «+2 на +2, +4 на +4», настройка «Чёрная на чёрную» действует лишь отчасти."
            " Чёрную карту нельзя класть на чёрную, кроме +4 на +4 при накоплении.",
            "• Чёрная на чёрную: выкл. — чёрную карту нельзя класть на чёрную, кроме +4 на +4 при"
            " накоплении.",
        ),
    ],
    ids=["en", "ru"],
)
async def test_black_on_black_off_says_a_four_still_stacks_on_a_four(
    harness: Harness, language: str, notice: str, line: str
) -> None:
    """(found by an admin's-evening audit) the house rules with black on black off: /rules said a black card
    may not be played on a black card, below "Stacking: +2 on +2, +4 on +4", and the game let a +4 stack on
    a +4 (RULES.md section 3: seed 000 forbids a black card on a black card only "without stacking")."""
    group, admin = group_with_admin(harness)
    await send(harness, admin, group, f"/lang {language}")
    await send(harness, admin, group, "/settings house")
    reply = (await send(harness, admin, group, "/settings black_on_black off")).text or ""
    assert reply.splitlines()[1:] == [notice]
    assert line in ((await send(harness, admin, group, "/rules")).text or "").splitlines()


STACKING_UNDER_CHAIN = (
    "⚠️ While “+2 chain” is “on”, “Stacking” works only in part. "
    "With the +2 chain only +4 on +4 stacks: a +2 follows the chain."
)
NO_EXTREME_CHALLENGE = "⚠️ “Extreme challenge” has no effect while “+4 challenge” is “off”."


@pytest.mark.parametrize(
    ("commands", "notice"),
    [
        (["/settings preset house", "/settings extreme_draw_chain on"], STACKING_UNDER_CHAIN),
        (["/settings extreme_draw_chain on", "/settings stacking mixed"], STACKING_UNDER_CHAIN),
        (["/settings wd4_challenge off", "/settings extreme_challenge on"], NO_EXTREME_CHALLENGE),
        (["/settings extreme_challenge on", "/settings wd4_challenge off"], NO_EXTREME_CHALLENGE),
        (
            ["/settings wd4_challenge off", "/settings extreme_wild_restriction on"],
            "⚠️ While “+4 challenge” is “off”, “Restricted Wild” works only in part. "
            "A plain Wild, like a +4, can be played only while you hold no card of the colour in play; with"
            " challenges off nobody can challenge it.",
        ),
        (["/settings slap_seconds 10"], "⚠️ “Slap time” has no effect while “Zero slap” is “off”."),
        (
            ["/settings afk_limit 5", "/settings turn_seconds off"],
            "⚠️ “Out after” has no effect while “Turn time” is “off”.",
        ),
        (
            ["/settings blank_effect wild"],
            "⚠️ “Blank cards” has no effect while “Deck” is “Classic, 108 cards”.",
        ),
    ],
)
async def test_a_change_that_takes_effect_from_a_rule_says_so(
    harness: Harness, commands: list[str], notice: str
) -> None:
    group, admin = group_with_admin(harness)
    for command in commands:
        reply = (await send(harness, admin, group, command)).text or ""
    assert reply.splitlines()[1:] == [notice] and reply.startswith("✅ ")
    assert (await send(harness, admin, group, "/settings extreme_draw_chain off")).text == "✅ +2 chain: off"


async def test_a_rule_without_effect_changed_again_is_told_so_again(harness: Harness) -> None:
    """Not only the change that left it without effect: each change of the idle rule itself says so."""
    group, admin = group_with_admin(harness)
    for seconds in (10, 15):
        reply = (await send(harness, admin, group, f"/settings slap_seconds {seconds}")).text or ""
    assert reply == "✅ Slap time: 15 seconds\n⚠️ “Slap time” has no effect while “Zero slap” is “off”."


async def test_a_rule_without_effect_is_told_in_russian_without_a_doubled_full_stop(harness: Harness) -> None:
    """The value "выкл." ends in a full stop of its own: the notice does not end on it."""
    group, admin = group_with_admin(harness)
    await send(harness, admin, group, "/lang ru")
    reply = (await send(harness, admin, group, "/settings slap_seconds 10")).text or ""
    assert reply.splitlines() == [
        "✅ Время на хлопок: 10 секунд",
        "⚠️ Пока «Хлопок на нуле» — «выкл.», настройка «Время на хлопок» ни на что не влияет.",
    ]
    # (found by an admin's-evening audit) the part still in effect followed a colon with a capital letter
    await send(harness, admin, group, "/settings stacking same")
    reply = (await send(harness, admin, group, "/settings extreme_draw_chain on")).text or ""
    assert reply.splitlines()[1] == (
        "⚠️ Пока «Цепочка +2» — «вкл.», настройка «Накопление» действует лишь отчасти. При цепочке +2"
        " накапливаются только +4 на +4: +2 идёт по цепочке."
    )


@pytest.mark.parametrize(
    ("language", "deck", "notice"),
    [
        ("en", "minecraft", "⚠️ “Blank cards” has no effect while “Deck” is “Minecraft + 4 Creepers”."),
        (
            "ru",
            "minecraft",
            "⚠️ Пока «Колода» — «Minecraft + 4 Крипера», настройка «Пустые карты» ни на что не влияет.",
        ),
        ("ru", "h2o", "⚠️ Пока «Колода» — «H₂O + 4 Ливня», настройка «Пустые карты» ни на что не влияет."),
    ],
)
async def test_a_deck_that_makes_a_rule_idle_is_named_in_quotes_in_one_style(
    harness: Harness, language: str, deck: str, notice: str
) -> None:
    """(session 50) "Пока «Колода» — Minecraft, ещё 4 Крипера, настройка «Пустые карты» ни на что не влияет.":
    the value's comma ran into the sentence's, and the decks were named in two styles ("Классика + 4 пустые
    карты", "H₂O, ещё 4 «Ливня»")."""
    group, admin = group_with_admin(harness)
    await send(harness, admin, group, f"/lang {language}")
    await send(harness, admin, group, f"/settings deck {deck}")
    reply = (await send(harness, admin, group, "/settings blank_effect wild")).text or ""
    assert reply.splitlines()[1:] == [notice]


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
            ["• Blank cards: Wild +10 and a missed turn"],
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


async def test_russian_names_a_language_in_lowercase_mid_sentence_and_its_choice_as_itself(
    harness: Harness,
) -> None:
    """(transcript read, session 56) «✅ Язык: Русский.», «Ваш язык: Русский.»: Russian writes a language's
    name lowercase in a sentence, as the other settings' values are («вкл.»). The choices' buttons name each
    language in itself, capitalised as a label."""
    group, admin = group_with_admin(harness)
    assert (await send(harness, admin, group, "/lang ru")).text == "✅ Язык: русский."
    screen = await send(harness, admin, group, "/lang")
    assert (screen.text or "").startswith("Язык: русский\n"), screen.text
    assert screen.button_texts[0] == ["English", "✅ Русский"]
    home = await send(harness, admin, group, "/settings")
    assert "🌐 Язык: русский" in [text for row in home.button_texts for text in row], home.button_texts


async def test_lang_in_a_group_sets_the_chats_language_from_the_menu(harness: Harness) -> None:
    group, admin = group_with_admin(harness)
    screen = await send(harness, admin, group, "/lang")
    assert screen.button_texts[0] == ["✅ English", "Русский"]
    english = screen.buttons[0][0]["callback_data"]  # the screen is edited in place: kept for later
    harness.fake.user_presses(admin, screen, "Русский")
    await harness.deliver()
    home = harness.fake.last_bot_message(group)
    assert "Правила этого чата" in (home.text or "")
    assert "🌐 Язык: русский" in [text for row in home.button_texts for text in row]
    player = harness.fake.add_user("Bob")
    harness.fake.join_group(player, group)
    query = harness.fake.user_presses_data(player, screen, english)
    await harness.deliver()
    assert query.show_alert and query.answer_text == (
        "Only chat admins can change the chat's language. "
        "To choose the language I write to you in, send /lang in the private chat with me."
    )
    carol = harness.fake.add_user("Carol", language_code="ru")
    harness.fake.join_group(carol, group)
    query = harness.fake.user_presses_data(carol, screen, english)
    await harness.deliver()
    assert query.answer_text == (
        "Язык чата могут менять только администраторы. "
        "А на каком языке мне писать лично вам, можно выбрать командой /lang в личном чате со мной."  # noqa: RUF001
    )
    async with harness.database.unit_of_work() as uow:
        assert await chat_language(uow, group.id, "en") == "ru"
    # the chat's language is the group's, not the admin's own
    async with harness.database.unit_of_work() as uow:
        assert await user_language(uow, admin.id, "en", "en") == "en"


async def test_lang_with_an_argument_in_a_group(harness: Harness) -> None:
    group, admin = group_with_admin(harness)
    admin.language_code = "ru"  # a refusal is in its reader's language; the change's notice in the group's
    assert (await send(harness, admin, group, "/lang ru")).text == "✅ Язык: русский."
    assert (await send(harness, admin, group, "/lang de")).text == (
        "❌ Настройка «Язык» не может принимать значение de. Значения для ввода: en — English; ru — Русский."
    )
    assert (await send(harness, admin, group, "/lang ru en")).text == (
        "Сменить язык чата: /lang ru или /lang en (для администраторов) или кнопками /lang."
    )
    async with harness.database.unit_of_work() as uow:
        assert await chat_language(uow, group.id, "en") == "ru"


async def test_lang_in_private_sets_the_users_own_language(harness: Harness) -> None:
    alice = harness.fake.add_user("Alice", language_code="en", started_bot=True)
    private = harness.fake.private_chat(alice)
    prompt = await send(harness, alice, private, "/lang")
    assert prompt.text == "Your language: English. Choose the language of my messages to you:"
    query = harness.fake.user_presses(alice, prompt, "Русский")
    await harness.deliver()
    assert query.answered
    # (found by an audit of the Russian texts) they read «Язык моих сообщений вам: Русский», a calque
    assert harness.fake.last_bot_message(private).text == "✅ Ваш язык: русский. Теперь я пишу вам на нём."
    async with harness.database.unit_of_work() as uow:
        assert await user_language(uow, alice.id, "en", "en") == "ru"
    again = await send(harness, alice, private, "/lang")
    assert again.text == "Ваш язык: русский. На каком языке мне вам писать?"  # noqa: RUF001
    assert (await send(harness, alice, private, "/lang en")).text == "✅ I'll write to you in English."
    async with harness.database.unit_of_work() as uow:
        assert await user_language(uow, alice.id, "ru", "en") == "en"


async def test_a_language_typed_in_private_redraws_the_lang_prompt_above(harness: Harness) -> None:
    """(session 50) After "/lang ru" typed, the /lang prompt above still marked "✅ English"; one pressed
    since says the language it set, and stays so."""
    alice = harness.fake.add_user("Alice", language_code="en", started_bot=True)
    private = harness.fake.private_chat(alice)
    prompt = await send(harness, alice, private, "/lang")
    await send(harness, alice, private, "/lang ru")
    prompt = next(m for m in harness.fake.bot_messages_in(private) if m.message_id == prompt.message_id)
    assert prompt.text == "Ваш язык: русский. На каком языке мне вам писать?"  # noqa: RUF001
    assert prompt.button_texts == [["English", "✅ Русский"]]
    harness.fake.user_presses(alice, prompt, "English")
    await harness.deliver()
    await send(harness, alice, private, "/lang ru")
    prompt = next(m for m in harness.fake.bot_messages_in(private) if m.message_id == prompt.message_id)
    assert prompt.text == "✅ I'll write to you in English." and prompt.button_texts == []


async def test_an_older_lang_prompt_pressed_leaves_the_newest_to_redraw(harness: Harness) -> None:
    """Alice sent /lang twice and pressed the first prompt: the second, which still marks English, is
    redrawn when a language is typed."""
    alice = harness.fake.add_user("Alice", language_code="en", started_bot=True)
    private = harness.fake.private_chat(alice)
    older = await send(harness, alice, private, "/lang")
    newest = await send(harness, alice, private, "/lang")
    harness.fake.user_presses(alice, older, "Русский")
    await harness.deliver()
    await send(harness, alice, private, "/lang ru")
    newest = next(m for m in harness.fake.bot_messages_in(private) if m.message_id == newest.message_id)
    assert newest.button_texts == [["English", "✅ Русский"]]


async def test_a_lang_prompt_an_hour_old_is_left_as_it_was(harness: Harness) -> None:
    """The prompts are redrawn for an hour (bot.tg.settings_lang_prompts): one far up the chat by then keeps
    its marks until pressed."""
    alice = harness.fake.add_user("Alice", language_code="en", started_bot=True)
    private = harness.fake.private_chat(alice)
    prompt = await send(harness, alice, private, "/lang")
    await harness.clock.pass_time(59 * 60)
    await send(harness, alice, private, "/lang ru")
    prompt = next(m for m in harness.fake.bot_messages_in(private) if m.message_id == prompt.message_id)
    assert prompt.button_texts == [["English", "✅ Русский"]]  # 59 minutes on: redrawn
    await harness.clock.pass_time(PROMPT_SECONDS - 59 * 60)
    await send(harness, alice, private, "/lang en")
    prompt = next(m for m in harness.fake.bot_messages_in(private) if m.message_id == prompt.message_id)
    assert prompt.button_texts == [["English", "✅ Русский"]]  # an hour on: left as it was


async def test_a_language_typed_in_capitals_in_private_is_read(harness: Harness) -> None:
    """ "/lang RU" (a phone capitalises a lone word) sets it as "/lang ru" does, as in a group."""
    alice = harness.fake.add_user("Alice", language_code="en", started_bot=True)
    said = await send(harness, alice, harness.fake.private_chat(alice), "/lang RU")
    assert said.text == "✅ Ваш язык: русский. Теперь я пишу вам на нём."


async def test_an_over_long_language_in_private_is_quoted_shortened(harness: Harness) -> None:
    alice = harness.fake.add_user("Alice", language_code="en", started_bot=True)
    answer = await send(harness, alice, harness.fake.private_chat(alice), "/lang " + "z" * 4085)
    assert answer.text == (
        "❌ “Language” can't be " + "z" * 31 + "… Possible values: en — English; ru — Русский."
    )


async def test_two_languages_typed_in_private_offer_the_choice(harness: Harness) -> None:
    """(found by an admin's-evening audit) "/lang ru en" set Russian and said nothing of "en", where the
    group's /lang says how to type it."""
    alice = harness.fake.add_user("Alice", language_code="en", started_bot=True)
    answer = await send(harness, alice, harness.fake.private_chat(alice), "/lang ru en")
    assert answer.text == "Your language: English. Choose the language of my messages to you:"
    assert answer.button_texts == [["✅ English", "Русский"]]
    async with harness.database.unit_of_work() as uow:
        assert await user_language(uow, alice.id, "en", "en") == "en"


async def test_only_the_language_can_be_set_in_private(harness: Harness) -> None:
    group, admin = group_with_admin(harness)
    menu = await send(harness, admin, group, "/settings")
    data = next(b["callback_data"] for row in menu.buttons for b in row if b["text"] == "House rules")
    alice = harness.fake.add_user("Alice", started_bot=True)
    prompt = await send(harness, alice, harness.fake.private_chat(alice), "/lang")
    query = harness.fake.user_presses_data(alice, prompt, data)
    await harness.deliver()
    assert (
        query.show_alert and query.answer_text == "This message is out of date: send /lang to open it again."
    )
    async with harness.database.unit_of_work() as uow:
        assert (await rules_for_chat(uow, alice.id)).stacking == "off"


async def test_the_menus_button_to_its_language_screen_is_out_of_date_in_private(harness: Harness) -> None:
    """It opens a screen of a group's menu: pressed on the private /lang prompt, it sets no language."""
    alice = harness.fake.add_user("Alice", started_bot=True)
    prompt = await send(harness, alice, harness.fake.private_chat(alice), "/lang")
    query = harness.fake.user_presses_data(alice, prompt, open_data(item_for(ItemKind.LANGUAGE)))
    await harness.deliver()
    assert query.answer_text == "This message is out of date: send /lang to open it again."


@pytest.mark.parametrize("group_privacy", [True])
async def test_seven_silence_warns_when_the_bot_cannot_see_the_group(harness: Harness) -> None:
    group, admin = group_with_admin(harness)
    text = (await send(harness, admin, group, "/settings seven_silence on")).text or ""
    assert "Seven silence needs me to see the group's messages" in text
    await send(harness, admin, group, "/settings seven_silence off")
    harness.fake.promote_bot(group, admin)  # Telegram tells the bot (my_chat_member)
    text = (await send(harness, admin, group, "/settings seven_silence on")).text or ""
    assert text == "✅ Seven silence: on"


def _bot_status_asked(harness: Harness) -> int:
    """How often the bot asked Telegram about itself in a group (not about an admin who typed a setting)."""
    calls = harness.fake.calls_to("getChatMember")
    return sum(1 for call in calls if int(call.params["user_id"]) == harness.fake.bot.id)


@pytest.mark.parametrize("group_privacy", [True])
@pytest.mark.parametrize(("promoted", "asked"), [(False, 1), (True, 0)])
async def test_seven_silence_asks_whether_the_bot_sees_the_group_once_at_most(
    harness: Harness, promoted: bool, asked: int
) -> None:
    """(session 47) The warning asked Telegram each time the rule was switched on, where the screens of its
    matches (bot.tg.group_sight) ask once for a group not heard of since start-up, and not at all after a
    my_chat_member update told it. Both say the same now, from the same answer."""
    group, admin = group_with_admin(harness)
    if promoted:
        harness.fake.promote_bot(group, admin)
        await harness.deliver()
    for _ in range(2):
        text = (await send(harness, admin, group, "/settings seven_silence on")).text or ""
        assert ("Seven silence needs me to see the group's messages" in text) is not promoted
        await send(harness, admin, group, "/settings seven_silence off")
        harness.clock.advance(61)  # the same answer is given again (not within the minute it was)
    assert _bot_status_asked(harness) == asked


@pytest.mark.parametrize("group_privacy", [True])
async def test_seven_silence_warns_once_when_switched_on_not_at_every_change_after(harness: Harness) -> None:
    group, admin = group_with_admin(harness)
    await send(harness, admin, group, "/settings seven_silence on")
    text = (await send(harness, admin, group, "/settings turn_seconds 30")).text or ""
    assert text == "✅ Turn time: 30 seconds"


async def test_seven_silence_is_fine_when_privacy_mode_is_off(harness: Harness) -> None:
    group, admin = group_with_admin(harness)
    menu = await send(harness, admin, group, "/settings")
    harness.fake.user_presses(admin, menu, "UNO Extreme")
    await harness.deliver()
    text = harness.fake.last_bot_message(group).text or ""
    assert "Now: UNO Extreme" in text and "see the group's messages" not in text


@pytest.mark.parametrize(
    ("commands", "said"),
    [
        (["/settings turn_seconds 0"], "✅ Turn time: off"),
        (["/settings hand_size 5"], "✅ Hand size: 5 cards"),
        (["/lang ru", "/settings hand_size 5"], "✅ Раздача: 5 карт"),
        (["/lang ru", "/settings uno_penalty 4"], "✅ Штраф за «УНО!»: 4 карты"),  # noqa: RUF001
    ],
)
async def test_a_typed_setting_is_read_back_as_stored(
    harness: Harness, commands: list[str], said: str
) -> None:
    """An admin's first typed setting was answered "✅ Saved.", whatever it was: did "turn_seconds 0" turn
    the timer off, or set it to nothing? The answer names the rule and its value, as /rules will."""
    group, admin = group_with_admin(harness)
    for command in commands:
        reply = await send(harness, admin, group, command)
    assert spaced(reply.text or "") == said


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
    assert menu.splitlines()[1].startswith(f"{menu_now} · "), menu
    text = (await send(harness, admin, group, "/rules")).text or ""
    assert text.splitlines()[0] == title, text
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
