"""The English catalogue's house style, where a machine can check it: the conventions an editor's pass chose
(session 45), so that a text written later keeps to them."""

import re

import pytest

from bot.i18n import LANGUAGES, Translator
from bot.i18n.translator import Language
from bot.tg.render.refusals import GROUP_BUTTONS
from bot.visible_text import ALERT_LIMIT, NAME_LIMIT, utf16_length
from tests.i18n.catalogue_text import text_parts
from tests.i18n.test_translator import catalogue


def english_texts() -> dict[str, str]:
    return {key: " ".join(parts) for key, parts in text_parts("en").items()}


def offending(pattern: str) -> dict[str, list[str]]:
    found = {key: re.findall(pattern, text) for key, text in english_texts().items()}
    return {key: words for key, words in found.items() if words}


def test_negatives_are_contracted() -> None:
    """A friendly app says "can't", "isn't", "didn't": the catalogue mostly did, and "It is not your turn" or
    "This cannot be undone" beside them read stiff, like a form letter."""
    assert (
        offending(r"\b(?:do|does|did|is|are|was|were|has|have|had|could|would|will) not\b|\bcannot\b") == {}
    )


def test_the_bot_speaks_of_itself_as_i() -> None:
    """Most texts say "open a private chat with me", "I'll write to you"; some said "the bot can't tell who
    you are" or "open the chat with the bot" beside them, as if someone else were talking."""
    assert offending(r"\b[Tt]he bot\b") == {}


def test_british_spelling_throughout() -> None:
    """The catalogue spells "colour", "cancelled" (and the command is /colours): no American form beside
    them. /colors, the other spelling the command answers to, is a name to type, not a word of the text."""
    ize = r"(?!(?:[Ss]ize|[Pp]rize|[Ss]eize)\b)[A-Za-z]+iz(?:e|es|ed|ing)"  # "organize", not "size"
    american = rf"\b(?:(?<!/)[Cc]olor\w*|[Ff]avor\w*|[Cc]enter\w*|[Cc]anceled|[Gg]ray|{ize})\b"
    assert offending(american) == {}


def test_quotes_are_curly_and_doubled() -> None:
    """A button or a setting is quoted “so” (as the Russian «так»); an apostrophe stays the plain one people
    type. No straight double quotes and no single curly quotes, which would read as a second style."""
    assert offending('["\u2018\u2019]') == {}


def test_no_possessive_follows_a_name() -> None:
    """(session 59) "Максимилиан П… ²'s cards": an "'s" after a name reads oddly once the name is cut short,
    marked apart from a namesake, or ends in "s". The texts say "the cards Max had", "Max was to move"."""
    found = {key: parts for key, parts in text_parts("en").items() if any(p.startswith("'s") for p in parts)}
    assert found == {}


def test_the_player_with_the_key_is_the_host() -> None:
    """ "Only who runs the game (🔑) or a chat admin can do that": a Russian turn («кто ведёт игру») that
    is no English subject; the texts call that player the host."""
    assert offending(r"\b(?:[Ww]ho|[Ww]hoever) runs (?:the|this|it)\b|\bruns the game\b") == {}


def _alert_keys() -> list[str]:
    """Texts shown as alerts on a pressed button (bot/tg/render/refusals.py and the handlers' _alert): the
    refusals, the alert- texts and the answers a "Play again" press can get."""
    english = catalogue("en")
    answers = {"error-game-exists", "error-game-exists-next", "error-lobby-open", "error-internal"}
    return sorted(key for key in english if key.startswith(("refusal-", "alert-")) or key in answers)


@pytest.mark.parametrize("language", LANGUAGES)
def test_alerts_fit_telegrams_limit_with_the_longest_names(language: Language) -> None:
    """Telegram shows at most 200 characters of a callback's alert, and refusal() cuts what is longer: a
    sentence cut mid-word. Every alert, with names as long as the bot shows them and the group's buttons named
    in the language with the longer labels, fits."""
    translator = Translator()
    variables = catalogue(language)
    longest_name = "W" * NAME_LIMIT
    for key in _alert_keys():
        args: dict[str, str | int] = {"count": 99}
        for variable in variables[key]:
            if variable in GROUP_BUTTONS:
                labels = (translator.t(other, GROUP_BUTTONS[variable]) for other in LANGUAGES)
                args[variable] = max(labels, key=len)
            elif variable == "command":
                args[variable] = "/settings"
            else:
                args[variable] = longest_name
        text = translator.t(language, key, **args)
        assert utf16_length(text) <= ALERT_LIMIT, f"{key} ({utf16_length(text)}): {text}"
