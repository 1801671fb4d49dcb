"""Every catalogue text is one the bot can ask for: a key nothing asks for any more is dead text that
translators keep up for nobody.

A key is asked for when it is a string in the bot's code, when a text asked for uses it ({ cards-count }), or
when the code builds it from parts: each such family is listed below by its prefix and where its parts come
from (an enum, the settings, the presets), not key by key. A new f-string key needs its family here."""

import ast as python_ast
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

from fluent.syntax import FluentParser, ast, visitor

from bot.engine.cards import Colour, Kind
from bot.engine.decks import DeckName
from bot.engine.errors import Reason
from bot.engine.rule_dependencies import DEPENDENCIES
from bot.engine.rules import PRESETS, SETTINGS, SettingType
from bot.engine.state import DecisionKind
from bot.i18n import LANGUAGES
from bot.i18n.translator import catalogue_files
from bot.service.document import LobbyClosed, StopReason
from bot.service.leaderboards import Ordering, Period
from bot.tg.command_menus import GROUP_ADMIN_COMMANDS, GROUP_COMMANDS, PRIVATE_COMMANDS
from bot.tg.render.cards import CardForm
from bot.tg.setting_groups import Group
from tests.i18n.test_translator import catalogue

BOT = Path(__file__).parents[2] / "bot"
_WITH_DOCSTRING = (
    python_ast.Module,
    python_ast.ClassDef,
    python_ast.FunctionDef,
    python_ast.AsyncFunctionDef,
)


@cache
def _strings_in_code() -> frozenset[str]:
    """Every string the bot's code holds (f-strings' literal parts too), but not its docstrings."""
    strings: set[str] = set()
    for path in BOT.rglob("*.py"):
        tree = python_ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in python_ast.walk(tree)
            if isinstance(node, _WITH_DOCSTRING)
            and node.body
            and isinstance(node.body[0], python_ast.Expr)
            and isinstance(node.body[0].value, python_ast.Constant)
        }
        strings |= {
            node.value
            for node in python_ast.walk(tree)
            if isinstance(node, python_ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        }
    return frozenset(strings)


def _hyphenated(value: object) -> str:
    return str(value).replace("_", "-")


def _family(prefix: str, parts: Iterable[object], suffix: str = "") -> set[str]:
    return {f"{prefix}{_hyphenated(part)}{suffix}" for part in parts}


def _setting_keys() -> set[str]:
    """bot.tg.settings_text: a setting's label, line, choices, values, and its line under another rule."""
    keys: set[str] = set()
    for spec in SETTINGS:
        name = f"setting-{_hyphenated(spec.name)}"
        keys |= {name, f"{name}-about"}
        if spec.type is SettingType.BOOL and spec.default is True:  # value_about: a toggle switched off
            keys.add(f"{name}-about-off")
        keys |= _family(f"{name}-", spec.choices) | _family(f"{name}-about-", spec.choices)
        keys |= _family(f"{name}-", spec.choices, "-typed")  # settings_words: words a choice is typed with
        if spec.type is SettingType.INT:
            keys |= {f"{name}-value", f"{name}-minutes", f"{name}-about-rules"}
        if spec.off_value is not None:  # number_range
            keys.add("settings-range-seconds-off" if spec.name.endswith("_seconds") else "settings-range-off")
    keys |= {f"setting-{_hyphenated(d.setting)}-about-under-{_hyphenated(d.cause)}" for d in DEPENDENCIES}
    return keys


def built_keys() -> set[str]:
    """The keys the code builds from parts, by family (where it builds them)."""
    refusal_reasons = {*Reason, *_strings_in_code(), *(f"choose_{kind}_first" for kind in DecisionKind)}
    card_names = {f"{_hyphenated(kind)}{form.value}" for kind in Kind for form in CardForm}
    return (
        _setting_keys()
        # render.refusals: an engine Reason, or the reason the service or the adapter refused with (a string)
        | _family("refusal-", refusal_reasons)
        | _family("render-card-", card_names)  # render.cards
        | _family("colour-", Colour)  # render.cards
        | _family("colour-letter-", Colour)  # render.cards
        | _family("button-colour-", Colour)  # render.hand_keyboard
        | _family("command-", {*GROUP_COMMANDS, *GROUP_ADMIN_COMMANDS, *PRIVATE_COMMANDS})  # command_menus
        | _family("gameplay-lobby-closed-", {*LobbyClosed, *StopReason})  # group_screens
        | _family("gameplay-unreachable", ["-untimed"])  # render.notices
        # render.text.paused_key: a /leave or /kick noted, /stop's question or its No, a paused match's hand
        # and table, in a match paused while the group refuses the bot's posts
        | _family("", ("hand-paused", "table-paused"), "-muted")
        | _family("gameplay-", ("leave-noted", "kick-noted"), "-muted")
        | _family("gameplay-", ("leave-noted-already", "kick-noted-already"), "-muted")
        | _family("gameplay-", ("stop-asked-here", "stop-kept-paused"), "-muted")
        | _family("alert-", ("kick-noted",), "-muted")  # a /kick answer's button pressed as the match paused
        | _family("match-end-stopped-", StopReason)  # render.results
        | _family("hand-silence", ["", "-yours"], "-unseen")  # render.hand, where the bot can't see the group
        | _family("language-name-", LANGUAGES)  # the settings' and /lang's language names
        | _family("language-in-text-", LANGUAGES)  # the same in a sentence
        | _family("settings-group-", Group)  # settings_menu
        | _family("preset-", PRESETS)
        | _family("preset-", PRESETS, "-about")  # settings_text
        | _family("preset-", PRESETS, "-typed")  # settings_words
        | _family("rules-deck-", DeckName, "-cards")  # settings_text.rules_summary
        | _family("stats-ordering-", (o.name.lower() for o in Ordering))  # board_views
        | _family("stats-top-figures-", (o.name.lower() for o in Ordering))
        | _family("stats-button-", (o.name.lower() for o in [*Ordering, *Period]))
        | _family("stats-top-empty", ["", "-month"], "-practiced")
        # stats_views.still_playing_text: what ends /forgetme's wait in a game (_still_playing_kind)
        | _family("stats-forget-in-", ["lobby", "match", "removed"])
        | _family("stats-forget-game-", ["lobby", "match", "removed"])
    )


class _References(visitor.Visitor):  # type: ignore[misc]
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_MessageReference(self, node: ast.MessageReference) -> None:
        self.names.add(node.id.name)


def _messages() -> Iterator[ast.Message]:
    for language in LANGUAGES:
        for path in catalogue_files(language):
            for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
                if isinstance(entry, ast.Message):
                    yield entry


def _used_by() -> dict[str, set[str]]:
    """The messages each message uses, in any language (a Russian text may use one English does not)."""
    used: dict[str, set[str]] = {}
    for message in _messages():
        found = _References()
        found.visit(message)
        used.setdefault(message.id.name, set()).update(found.names)
    return used


def test_every_key_is_asked_for() -> None:
    keys = set(catalogue("en"))
    asked = keys & (_strings_in_code() | built_keys())
    used_by, reached = _used_by(), set(asked)
    while reached:
        reached = set().union(*(used_by[key] for key in reached)) - asked
        asked |= reached
    assert sorted(keys - asked) == []
