"""/rules read by a player new to these house rules: every rule in force that changes what they may do is in
it (rendered alone, each preset and an admin's mix, in both languages)."""

from __future__ import annotations

import pytest

from bot.engine.rules import PRESETS, Rules
from bot.i18n import Translator
from bot.tg.settings_text import rules_summary

# an admin's mixes of /settings: the house rules with their own goal; extreme with more cards at once
MIXES = {
    **PRESETS,
    "official_plus": PRESETS["official"].changed(
        stacking="same", jump_in="on", seven_zero=True, target_score=300
    ),
    "extreme_plus": PRESETS["extreme"].changed(
        multi_play=True, draw_rule="until_playable", deck="classic_blank"
    ),
}

DRAWN_CARD = {
    "ru": "Или возьмите карту из колоды: если она подходит, её можно сразу сыграть.",
    "en": "Or draw a card: if it fits, you may play it at once.",
}
LATE_UNO = {
    "ru": "Нажмите «УНО!», прежде чем сыграть одну из них, или как только останется одна.",  # noqa: RUF001
    "en": "Press “UNO!” before you play one, or as soon as you have one left.",
}


@pytest.fixture(scope="module")
def translator() -> Translator:
    return Translator()


@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("rules", MIXES.values(), ids=MIXES.keys())
def test_rules_say_a_drawn_card_may_be_played(translator: Translator, rules: Rules, language: str) -> None:
    """ "Or draw a card" left a newcomer asking whether the turn was over: the drawn card may be played at
    once (RULES.md §3), and the hand offers it."""
    assert DRAWN_CARD[language] in rules_summary(translator, language, rules)


@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("rules", MIXES.values(), ids=MIXES.keys())
def test_rules_say_uno_may_be_called_with_one_card_left(
    translator: Translator, rules: Rules, language: str
) -> None:
    """ "Press UNO! before you play one of two" was all: a hand swapped down to one card by a 7, passed on
    by a 0, or left with one after several cards at once is catchable until it calls (RULES.md §5), and /rules
    never said that it may, nor that it should at once."""
    assert LATE_UNO[language] in rules_summary(translator, language, rules)


@pytest.mark.parametrize(
    ("language", "passing_on"),
    [
        (
            "ru",
            "каждое звено добавляет 2. Жертва с точно такой же картой может не брать,"  # noqa: RUF001
            " а передать штраф дальше.",  # noqa: RUF001
        ),
        (
            "en",
            "each link adds 2. A victim holding an identical card may pass the penalty on instead of"
            " taking it.",
        ),
    ],
    ids=["ru", "en"],
)
@pytest.mark.parametrize("name", ["extreme", "extreme_plus"])
def test_the_draw_chain_says_its_victim_may_pass_it_on(
    translator: Translator, name: str, language: str, passing_on: str
) -> None:
    """The chain's line had its victim take the cards at once, always: one holding an identical +2 is asked
    to take them or pass them on (RULES.md §7), a choice /rules left them to find on their hand. A Reverse's
    victim passes it on with an identical Reverse, so the line names no +2 there."""
    assert passing_on in rules_summary(translator, language, MIXES[name])


@pytest.mark.parametrize(
    ("language", "any_reverse"),
    [
        (
            "ru",
            "(тогда 4 берёт прошлая жертва); на «Разворот» в цепочке годится любой «Разворот»;",
        ),
        ("en", "(the last victim takes 4); any Reverse goes on a Reverse in the chain;"),
    ],
    ids=["ru", "en"],
)
def test_the_draw_chain_says_any_reverse_extends_a_reverse(
    translator: Translator, language: str, any_reverse: str
) -> None:
    """The chain's line named only "a Reverse of its colour": a Reverse of any colour played on a Reverse
    in the chain extends it too (RULES.md §7, the engine's `_chain_links`), a link /rules never offered."""
    assert any_reverse in rules_summary(translator, language, MIXES["extreme"])


@pytest.mark.parametrize(
    ("language", "order"),
    [
        ("ru", "с одним числом: первая должна подходить к верхней, цвет задаст последняя."),  # noqa: RUF001
        ("en", "in one turn: the first must fit the top card, the last one sets the colour."),
    ],
    ids=["ru", "en"],
)
def test_multi_play_says_which_card_fits_and_which_sets_the_colour(
    translator: Translator, language: str, order: str
) -> None:
    """ "Several cards of the same number" left open which of a red and a green 5 must fit the top card and
    which colour is in force after them (RULES.md §7): the hand's hint says the last one sets it, /rules
    said neither."""
    assert order in rules_summary(translator, language, MIXES["extreme_plus"])


@pytest.mark.parametrize(
    ("language", "between_two"),
    [
        ("en", "(between two players, either card just swaps the two hands)"),
        ("ru", "(если игроков двое, после 7 и после 0 они просто меняются картами)"),
    ],
)
def test_seven_zero_says_what_it_does_between_two(
    translator: Translator, language: str, between_two: str
) -> None:
    """(two players' transcript, session 57) A duel's /rules read "a 7 swaps hands with a player of your
    choice; a 0 passes every hand on": no choice is offered between two, and the table then says "the two
    players swap hands", as the Reverse's line already says what it does between two."""
    assert between_two in rules_summary(translator, language, PRESETS["house"])


HEADERS = {
    "en": ("The basics", "Differences from the official game", "How to play"),
    "ru": ("Основное", "Отличия от официальной игры", "Как играть"),
}


@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("rules", MIXES.values(), ids=MIXES.keys())
def test_what_differs_comes_before_how_to_play(translator: Translator, rules: Rules, language: str) -> None:
    """(session 58, UNO Extreme's /rules read as a newcomer) Its 13 differences came under seven long lines
    of how to play the game most players know, 21 lines down (some 35 of a phone): one who asked what
    "UNO Extreme" changes read the official game first. The basics, then what differs (or that nothing
    does), then how to play."""
    sections = rules_summary(translator, language, rules).split("\n\n")[1:]
    basics, differences, how_to_play = HEADERS[language]
    assert sections[0].startswith(f"<b>{basics}</b>")
    assert sections[1].startswith(f"<b>{differences}</b>") or "\n" not in sections[1], sections[1]
    assert sections[2].startswith(f"<b>{how_to_play}</b>") and len(sections) == 3


@pytest.mark.parametrize(
    ("language", "effect", "explained"),
    [
        (
            "en",
            "draw_ten",
            "• ⬜ Blank: a black card; you choose the colour, and the next player takes 10 cards and "
            "misses a turn. It can't be challenged or stacked.",
        ),
        ("en", "wild", "• ⬜ Blank: a black card, a plain Wild: you choose the colour."),
        (
            "ru",
            "draw_ten",
            "• ⬜ Пустая — чёрная карта: вы выбираете цвет, а следующий берёт 10 карт и пропускает ход. "  # noqa: RUF001
            "Её нельзя оспорить или добавить к штрафу.",
        ),
        ("ru", "wild", "• ⬜ Пустая — чёрная карта, простая «Дикая»: вы выбираете цвет."),
    ],
)
def test_rules_explain_the_blank_card_as_the_hands_name_it(
    translator: Translator, language: str, effect: str, explained: str
) -> None:
    """(the special decks read as their players see them, session 62) The Downpour and the Creeper had a
    line of their own, the blank only "Blank cards: Wild +10 and a missed turn": the ⬜ Blank of the
    buttons and the table was named nowhere, nor who takes the 10, nor that it is a black card (50 points,
    playable on any card). Its line says the setting's value too, which no longer has a line besides."""
    rules = Rules().changed(deck="classic_blank", blank_effect=effect)
    lines = rules_summary(translator, language, rules).splitlines()
    assert explained in lines
    assert not [line for line in lines if line.startswith(("• Blank cards:", "• Пустые карты:"))], lines
