"""Alert texts for refused button presses: every engine Reason and the adapter's own reasons."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.i18n import FALLBACK
from bot.i18n.shared import translator
from bot.service import Person
from bot.tg.render.names import ALERT_NAME_LIMIT, PLAYER_NAME_LIMIT, people_listed
from bot.tg.render.text import t
from bot.visible_text import ALERT_LIMIT, utf16_length

# The lobby's and the table's buttons an alert or an answer to a command may point to, by argument: named as
# the group's screens label them, in the group's language, which need not be the reader's.
GROUP_BUTTONS = {
    "join": "button-join",
    "add_computer": "button-add-computer",
    "remove_computer": "button-remove-computer",
    "uno": "button-uno",
    "catch": "button-catch",
    "start": "button-start",
}


# How an alert listing people is drawn, the fullest first, till one fits ALERT_LIMIT: the names' cut, and
# whether Telegram's Start button (labelled in each reader's app language) is named by both its labels
# ("yes"): three names at ALERT_NAME_LIMIT and "2 more" with both ran up to ~235 characters, so names that
# long leave room for one. The last two are how it was drawn before it named both.
_FITS = (
    (PLAYER_NAME_LIMIT, "yes"),
    (ALERT_NAME_LIMIT, "yes"),
    (PLAYER_NAME_LIMIT, "no"),
    (ALERT_NAME_LIMIT, "no"),
)


def group_buttons(group_lang: str) -> dict[str, str]:
    """The labels of GROUP_BUTTONS, by argument, as the group's screens show them."""
    return {arg: t(group_lang, button) for arg, button in GROUP_BUTTONS.items()}


def refusal(
    reason: str,
    lang: str,
    group_lang: str | None = None,
    people: Mapping[str, Sequence[Person]] | None = None,
    seated: Sequence[Person] = (),
    **names: str | int,
) -> str:
    """The alert for `reason` (an engine Reason value or an adapter reason) in `lang`; others get a generic
    text. `group_lang`: the language of the group's screens, whose buttons it names (`lang` when not given).
    `people`: those it lists who hold no seat (`people_listed`), told apart from the game's `seated` people;
    where the alert would run past ALERT_LIMIT (cut there, it lost its end: what to press), the names are
    cut shorter, or Telegram's Start button named by one label, not both (`_FITS`). `names`: the
    players it names, as plain text, and the numbers it says."""
    key = refusal_key(reason)
    args = {**group_buttons(group_lang or lang), **names}
    text = ""
    for limit, both in _FITS if people else _FITS[:1]:
        text = t(lang, key, **args, both=both, **people_listed(people or {}, lang, limit, seated))
        if utf16_length(text) <= ALERT_LIMIT:
            break
    return text


def refusal_key(reason: str) -> str:
    """The text of the refusal for `reason`, the generic one for a reason with none (English has every text:
    a language without one falls back to it)."""
    key = "refusal-" + reason.replace("_", "-")
    return key if translator.has(FALLBACK, key) else "refusal-unknown"
