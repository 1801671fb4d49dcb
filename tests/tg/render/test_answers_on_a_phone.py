"""(session 62) The handlers' own answers, notices and private messages name a person as the game's screens do
(session 61, test_news_on_a_phone), held on one line: «Александра / Конс…, чтобы войти в игру…» wrapped
inside the name, its line-end «Александра» read as another person. Each answer is built as its handler
builds it, from the names its handler gives (bot.tg.handlers.common `shown_name`, `seated_name`;
bot.tg.render.names), through translator.html for a text and translator.t for an alert (plain text)."""

from collections.abc import Callable

import pytest

from bot.engine.rules import Rules
from bot.i18n import Translator
from bot.service import GameDocument, Person
from bot.tg.handlers.common import seated_name, shown_name
from bot.tg.render import refusal
from bot.tg.render.names import ALERT_NAME_LIMIT, newcomers_apart, plain_game_name, players_listed
from bot.tg.render.text import names_list
from bot.tg.views import seated_people, seats
from tests.narrow_phone import shown_whole, spaced
from tests.tg.render.test_news_on_a_phone import TWO_WORDS

TRANSLATOR = Translator()
HER = 2  # the person named (TWO_WORDS), seated between Bob and Ann


def _game(name: str, *namesakes: int) -> GameDocument:
    """Bob, her (named `name`), Ann, and the `namesakes` who bear her name too."""
    names = {1: "Bob", HER: name, 3: "Ann"} | dict.fromkeys(namesakes, name)
    return GameDocument(1, "Friends", Rules(), None, tuple(names), names)


# Each answer and the name it gives her, as a phone reads it (spaced), for her name and the reader's language.
Answer = Callable[[str, str], tuple[str, str]]


def _invited(name: str, lang: str) -> tuple[str, str]:
    """/join when the bot may not write to her yet (lobby_opening, command_answers.reply `named`)."""
    shown = shown_name(Person(HER, name), lang)
    return TRANSLATOR.html(lang, "error-start-private-first", name=shown, blocked="no"), spaced(shown)


def _invited_to_players(name: str, lang: str) -> tuple[str, str]:
    """The same, to a lobby whose players she joins (lobby_opening, `newcomers_apart`)."""
    shown = newcomers_apart(seated_people(_game("Carol")), [Person(9, name)], lang)[0]
    return TRANSLATOR.html(lang, "error-start-private-first", name=shown, blocked="yes"), spaced(shown)


def _subscribed(name: str, lang: str) -> tuple[str, str]:
    """/notifyme's answer (commands)."""
    shown = shown_name(Person(HER, name), lang)
    return TRANSLATOR.html(lang, "notify-subscribed", name=shown), spaced(shown)


def _lobby_opened(name: str, lang: str) -> tuple[str, str]:
    """A subscriber's private news of the lobby she opened (next_game)."""
    shown = shown_name(Person(HER, name), lang)
    return TRANSLATOR.html(lang, "notify-lobby-opened", chat="Friends", name=shown), spaced(shown)


def _kick_several(name: str, lang: str) -> tuple[str, str]:
    """/kick of a name two players bear: the name as typed, the players as the table names them (kick)."""
    seated = seats(_game(name, 4))
    listed = players_listed(seated, [HER, 4], lang, lang)
    text = TRANSLATOR.html(
        lang, "gameplay-kick-several", name=shown_name(Person(0, name), lang), names=listed
    )
    return text, spaced(plain_game_name(seated, 4, lang))  # "Alexandra Kon… ²"


def _stopped(name: str, lang: str) -> tuple[str, str]:
    """Her Yes to /stop's question, as the question reads after it (stop_answers)."""
    shown = seated_name(_game(name), Person(HER, name), lang)
    return TRANSLATOR.html(lang, "gameplay-stop-done", name=shown, player="yes"), spaced(shown)


def _kicked_by_button(name: str, lang: str) -> tuple[str, str]:
    """The alert of a kick button pressed (kick_presses): plain text."""
    shown = seated_name(_game(name), Person(HER, name), lang)
    return TRANSLATOR.t(lang, "gameplay-kicked", name=shown), spaced(shown)


def _caught(name: str, lang: str) -> tuple[str, str]:
    """The alert of a catch (presses): plain text."""
    shown = plain_game_name(seats(_game(name)), HER, lang)
    return TRANSLATOR.t(lang, "alert-caught", names=names_list([shown], lang), count=1), spaced(shown)


def _on_their_way(name: str, lang: str) -> tuple[str, str]:
    """The host's Start refused while she is on her way (command_answers.refused `people`): an alert too."""
    coming = {"names": [Person(9, name)]}
    shown = newcomers_apart((), coming["names"], lang)[0]
    return refusal("joiners_on_their_way", lang, people=coming, count=1, blocked="none"), spaced(shown)


def _menu_replaced(name: str, lang: str) -> tuple[str, str]:
    """The settings menu her /settings closed, as another admin's (settings_context `_closed_by`)."""
    shown = shown_name(Person(HER, name), lang)
    return TRANSLATOR.html(lang, "settings-menu-replaced", name=shown, where="below"), spaced(shown)


ANSWERS: dict[str, Answer] = {
    "an invitation": _invited,
    "an invitation to a lobby with players": _invited_to_players,
    "/notifyme's answer": _subscribed,
    "news of a lobby opened": _lobby_opened,
    "/kick of a name two players bear": _kick_several,
    "/stop's answer": _stopped,
    "a kick button's alert": _kicked_by_button,
    "a catch's alert": _caught,
    "a Start refused for one on their way": _on_their_way,
    "a settings menu another admin closed": _menu_replaced,
}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("answer", ANSWERS)
def test_an_answer_wraps_before_or_after_a_name_never_inside_it(answer: str, lang: str) -> None:
    """On a narrow phone, in a popup, in a large font: on any line as wide as an alert's name or wider."""
    for name in TWO_WORDS:
        text, shown = ANSWERS[answer](name, lang)
        lines = [line for line in text.splitlines() if shown in spaced(line)]
        assert lines, (shown, text)  # the answer names her as her screens do
        assert all(shown_whole(shown, line, ALERT_NAME_LIMIT) for line in lines), text
