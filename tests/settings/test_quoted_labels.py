"""A setting's label may hold quotes of its own (Штраф за «УНО!»): an answer that quotes it must not nest
the same quotes («Штраф за «УНО!»»), which reads as the quote closing early. Russian typography puts „лапки“
inside «ёлочки», English ‘single’ inside “double”. Over every answer that quotes a label, so that a label
written later with quotes in it cannot bring the nesting back."""

# ruff: noqa: RUF001, RUF002 (the quotes are what this checks)

from __future__ import annotations

import pytest

from bot.engine.rule_dependencies import DEPENDENCIES
from bot.engine.rules import SETTINGS, Rules
from bot.i18n import LANGUAGES, Translator
from bot.tg.render.setting_labels import setting_label
from bot.tg.settings_layout import ItemKind, item_for
from bot.tg.settings_refusals import refused_value, unknown_setting
from bot.tg.settings_text import overridden_notice
from bot.tg.settings_words import typed_words

OUTER_QUOTES = {"ru": ("«", "»"), "en": ("“", "”")}


@pytest.fixture(scope="module")
def translator() -> Translator:
    return Translator()


def nested(text: str, language: str) -> bool:
    """Whether a quote of the language's outer kind opens inside another one."""
    opening, closing = OUTER_QUOTES[language]
    depth = 0
    for char in text:
        if char == opening:
            depth += 1
            if depth > 1:
                return True
        elif char == closing:
            depth -= 1
    return False


def quoting_answers(tr: Translator, language: str) -> list[str]:
    """Every settings answer that puts a label or what was typed inside quotes."""
    rules = Rules()
    refused = [refused_value(tr, language, item_for(ItemKind.SETTING, s.name), "999") for s in SETTINGS]
    notices = [overridden_notice(tr, language, rules, dependency) for dependency in DEPENDENCIES]
    opening, closing = OUTER_QUOTES[language]
    echoed = [unknown_setting(tr, language, [f"{opening}зум{closing}"], typed_words(tr))]
    return [*refused, *notices, *echoed]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_answer_nests_a_quote_in_the_same_quotes(translator: Translator, language: str) -> None:
    answers = quoting_answers(translator, language)
    assert [answer for answer in answers if nested(answer, language)] == []


def test_a_label_with_guillemets_is_quoted_with_lapki_inside(translator: Translator) -> None:
    """The menu and the buttons keep the label as it is; only a sentence quoting it turns its quotes."""
    assert setting_label(translator, "ru", "uno_penalty") == "Штраф за «УНО!»"
    refused = refused_value(translator, "ru", item_for(ItemKind.SETTING, "uno_penalty"), "999")
    assert "«Штраф за „УНО!“»" in refused
    # the English label quotes the call too (session 50: it read "UNO penalty")
    assert setting_label(translator, "en", "uno_penalty") == "“UNO!” penalty"
    refused = refused_value(translator, "en", item_for(ItemKind.SETTING, "uno_penalty"), "999")
    assert "“‘UNO!’ penalty”" in refused
