"""Settings in words: names, one-line explanations and values of rules, and /rules' plain summary.

Catalogue keys are derived from the engine's names (underscores become hyphens):
`setting-<name>` (label), `setting-<name>-about` (one line), `setting-<name>-<choice>` (a choice's label),
`setting-<name>-value` (a number, as `$count`), `setting-<name>-minutes` (optional: a time of whole minutes,
`in_minutes`), `setting-<name>-about-off` (a toggle on by default, switched off),
`setting-<name>-about-<choice>` (optional: a choice's own line in /rules), `setting-<name>-about-rules`
(optional: /rules' line for a number whose one line asks how many), `settings-on` / `settings-off`;
`preset-<name>`[`-about`].
"""

from __future__ import annotations

import unicodedata

from bot.engine.decks import DeckName
from bot.engine.moves import WILD_DRAW_FOUR_PENALTY, challenge_extra
from bot.engine.rule_dependencies import DEPENDENCIES, Dependency, in_effect, inactive
from bot.engine.rules import (
    SETTINGS,
    SETTINGS_BY_NAME,
    Rules,
    Scoring,
    SettingSpec,
    SettingType,
    Stacking,
)
from bot.i18n import Translator, language_for
from bot.service.settings import CORE_NUMBERS, OFFICIAL_PRESET, closest_preset, preset_of
from bot.tg.render.setting_labels import Value, catalogue_key, setting_label, value_label, with_changes
from bot.tg.setting_groups import menu_position

# Shown by /rules whatever they are (while they have an effect): the figures every player needs to know.
KEY_NUMBERS = ("deck", "blank_effect", *CORE_NUMBERS)
SECONDS_SUFFIX = "_seconds"  # how the names of the settings that are times (typed in seconds) end
_SPECIAL_CARDS = frozenset({DeckName.H2O, DeckName.MINECRAFT, DeckName.CLASSIC_BLANK})
# Told by the special cards' own line (what a blank does): no line of their own besides it.
_TOLD_BY_THE_CARDS = frozenset({"blank_effect"})
# A label may hold quotes of its own (the “UNO!” penalty's): quoted in a sentence, they become the quotes
# each language puts inside its own, low-high "lapki" inside guillemets, single inside double.
_INNER_QUOTES = str.maketrans({"«": "„", "»": "“", "“": "‘", "”": "’"})  # noqa: RUF001
# Values that only say how another rule plays (the slap's time): shown whenever that rule is in play.
_QUALIFIERS = frozenset(
    d.setting for d in DEPENDENCIES if d.whole and SETTINGS_BY_NAME[d.setting].type is not SettingType.BOOL
)
# Settings whose value says in /rules all their one line would (the menu's asks "how many cards", "how
# long"): "Drawing: until a card can be played", "Slap time: 5 seconds".
_SAID_BY_VALUE = frozenset({"draw_rule", "slap_seconds"})


def quotable(text: str) -> str:
    """A label or a typed text to put inside quotes: its own quotes turned to the inner kind."""
    return text.translate(_INNER_QUOTES)


def setting_about(tr: Translator, language: str, name: str) -> str:
    return tr.t(language, f"setting-{catalogue_key(name)}-about")


def value_about(tr: Translator, language: str, spec: SettingSpec, value: Value) -> str:
    """What the rule means with this value: a toggle on by default has its own words for off (its one line
    describes it on), and so has a choice whose one line explains its values side by side (jump-in's "on"
    and "on, effects add up": /rules names only the one in play)."""
    if spec.type is SettingType.BOOL and spec.default is True and value is False:
        return tr.t(language, f"setting-{catalogue_key(spec.name)}-about-off")
    own = f"setting-{catalogue_key(spec.name)}-about-{catalogue_key(str(value))}"
    if spec.type is SettingType.CHOICE and tr.has(language_for(language), own):
        return tr.t(language, own)
    # a number's line, where the menu's asks how many
    for_rules = f"setting-{catalogue_key(spec.name)}-about-rules"
    if spec.type is SettingType.INT and tr.has(language_for(language), for_rules):
        return tr.t(language, for_rules)
    return setting_about(tr, language, spec.name)


def typed_as(tr: Translator, language: str, key: str) -> tuple[str, ...]:
    """Other words a choice (`key`: its label's) is typed with, as people say it («колода пустые», "deck
    blank"), where the language lists any (`<key>-typed`, comma-separated)."""
    listed = f"{key}-typed"
    return tuple(tr.t(language, listed).split(", ")) if tr.has(language_for(language), listed) else ()


def number_range(tr: Translator, language: str, spec: SettingSpec) -> str:
    """The values a number setting takes, as typed: "from 5 to 10", "from 15 to 600 seconds (or 0 for off)"
    (a time is typed in seconds, whichever way the menu shows it: "10 minutes")."""
    # As text: a number would be shown grouped ("2,000"), which the command would not read back.
    limits = {"minimum": str(spec.minimum), "maximum": str(spec.maximum)}
    key = "settings-range-seconds" if spec.name.endswith(SECONDS_SUFFIX) else "settings-range"
    if spec.off_value is None:
        return tr.t(language, key, **limits)
    return tr.t(language, f"{key}-off", off=str(spec.off_value), **limits)


def preset_about(tr: Translator, language: str, name: str) -> str:
    return tr.t(language, f"preset-{catalogue_key(name)}-about")


def folded(text: str) -> str:
    """A word as typed, for comparing: any case, "H₂O" as "h2o"."""
    return unicodedata.normalize("NFKC", text).casefold()


def rules_name(tr: Translator, language: str, rules: Rules) -> str:
    """The preset these rules are, else the closest one and what differs from it ("UNO Extreme (Seven silence:
    off)"), or "custom rules (…)" when that is the official game: /rules' title, above its key numbers, so
    none of them (CORE_NUMBERS) is named among the changes. The lobby's line and the settings menu
    (rules_line.rules_line_name) name those they show no figure of there: "Official rules (Catch window: 3
    seconds)"."""
    closest = closest_preset(rules)
    return with_changes(tr, language, closest, in_effect(rules), closest.changed)


def _line(tr: Translator, language: str, spec: SettingSpec, value: Value) -> str:
    return tr.t(
        language,
        "rules-line",
        name=setting_label(tr, language, spec.name),
        value=value_label(tr, language, spec, value),
    )


def changed_lines(
    tr: Translator, language: str, before: Rules, after: Rules, names: tuple[str, ...]
) -> list[str]:
    """ "• Turn time: 60 seconds" for each setting of `names` whose value differs from `before`."""
    old, new = before.to_dict(), after.to_dict()
    return [_line(tr, language, SETTINGS_BY_NAME[n], new[n]) for n in names if old[n] != new[n]]


def partly_about(tr: Translator, language: str, dependency: Dependency) -> str:
    """What is left of a rule that `dependency.cause` takes part of (e.g. stacking under the +2 chain)."""
    return tr.t(
        language, f"setting-{catalogue_key(dependency.setting)}-about-under-{catalogue_key(dependency.cause)}"
    )


def _about(tr: Translator, language: str, rules: Rules, spec: SettingSpec, value: Value) -> str:
    partly = [d for d in DEPENDENCIES if not d.whole and d.setting == spec.name and d.applies(rules)]
    return partly_about(tr, language, partly[0]) if partly else value_about(tr, language, spec, value)


def _house_rule(spec: SettingSpec, value: Value) -> bool:
    return spec.name not in KEY_NUMBERS and (value != spec.default or spec.name in _QUALIFIERS)


def rules_summary(
    tr: Translator,
    language: str,
    rules: Rules,
    title: str = "rules-title",
    note: str | None = None,
    **title_args: str,
) -> str:
    """/rules: the name of the rule set as it plays, the key numbers, then one line per rule that differs from
    the official game (its value and what it means), then how to play. What differs comes before how to play
    (session 58): the reader of a game under UNO Extreme, who mostly knows UNO, found its 13 differences
    under seven long lines of the game they know, some 35 lines of a phone down. A setting that has no
    effect under these rules is left out (rule_dependencies), and so is its weight in the name: blank cards'
    effect without blank cards is still the official game. `title`: whose rules these are (the chat's, the
    match's being played, the official game's, a player's game's, named by `title_args`); `note`: a line
    under the title (the rules of the next match, changed since this one began; a group may play by others
    than the official ones)."""
    values = rules.to_dict()
    lines = [tr.t(language, title, preset=rules_name(tr, language, in_effect(rules)), **title_args)]
    if note is not None:
        lines.append(note)
    lines += ["", tr.t(language, "rules-numbers-header")]
    lines += [
        _line(tr, language, SETTINGS_BY_NAME[n], values[n])
        for n in KEY_NUMBERS
        if not inactive(rules, n) and n not in _TOLD_BY_THE_CARDS
    ]
    if rules.deck in _SPECIAL_CARDS:  # cards of their own, which no other line explains
        cards = f"rules-deck-{catalogue_key(rules.deck)}-cards"
        lines.append(tr.t(language, cards, effect=rules.blank_effect.value))
    house = [
        spec for spec in SETTINGS if _house_rule(spec, values[spec.name]) and not inactive(rules, spec.name)
    ]
    house.sort(key=lambda spec: menu_position(spec.name))  # as the menu lists them
    # Only the official game is "no house rules" without more: another deck (H2O, blank cards) is a rule too.
    bare = "rules-no-house-rules" if preset_of(rules) == OFFICIAL_PRESET else "rules-no-other-house-rules"
    lines += ["", tr.t(language, "rules-house-header" if house else bare)]
    for spec in house:
        line = _line(tr, language, spec, values[spec.name])
        if spec.name in _SAID_BY_VALUE:
            lines.append(line)
            continue
        about = _after_dash(_about(tr, language, rules, spec, values[spec.name]))
        lines.append(tr.t(language, "rules-house-line", line=line, about=about))
    lines += ["", *_how_to_play(tr, language, rules)]
    return "\n".join(lines)


def _after_dash(sentence: str) -> str:
    """A sentence put after a value's dash starts in lower case, as /rules' other lines go on after a colon
    ("Skip: the next player…"); a first word in capitals ("UNO") stays as it is."""
    first = sentence.split(" ", 1)[0]
    return sentence if any(c.isupper() for c in first[1:]) else sentence[:1].lower() + sentence[1:]


def _how_to_play(tr: Translator, language: str, rules: Rules) -> list[str]:
    """The official game in a few lines, for those new to UNO; the house rules above say what differs."""
    challenge = "yes" if rules.wd4_challenge else "no"
    stacking = "no" if rules.stacking is Stacking.OFF else "yes"
    extra = challenge_extra(rules)
    lines = [
        tr.t(language, "rules-play-header"),
        tr.t(language, "rules-play-turn"),
        tr.t(language, "rules-play-actions"),
        tr.t(
            language,
            "rules-play-wilds",
            challenge=challenge,
            back="yes" if rules.extreme_challenge else "no",
            stacking=stacking,
            fair=WILD_DRAW_FOUR_PENALTY + extra,
            extra=extra,
        ),
        tr.t(language, "rules-play-uno", count=rules.uno_penalty, seconds=rules.uno_window_seconds),
        tr.t(language, "rules-play-round"),
    ]
    if rules.scoring is not Scoring.SINGLE_ROUND:  # a single round counts no points
        lines.append(tr.t(language, "rules-play-points"))
        # whose points count: "lowest score wins" alone left players guessing (they can't open the menu)
        match = tr.t(language, "rules-play-match", scoring=rules.scoring.value, count=rules.target_score)
        lines.append(match)
    return lines


def in_play_notice(tr: Translator, lang: str, rules: Rules, name: str) -> str:
    """A setting that a change brought back into play, with the value it plays at ("“Blank cards” comes into
    play with it: Wild +10 and a missed turn"): an admin who only chose the deck learns what its blanks do."""
    label, value = (
        setting_label(tr, lang, name),
        value_label(tr, lang, SETTINGS_BY_NAME[name], rules.to_dict()[name]),
    )
    return tr.t(lang, "settings-in-play", setting=quotable(label), value=value)


def overridden_notice(tr: Translator, lang: str, rules: Rules, dependency: Dependency) -> str:
    """Why a setting has no effect (or only partly) under these rules."""
    cause = SETTINGS_BY_NAME[dependency.cause]
    names = {
        "setting": quotable(setting_label(tr, lang, dependency.setting)),
        "cause": quotable(setting_label(tr, lang, cause.name)),
        # quoted too: a value may hold a comma ("+2 on +2, +4 on +4") that would blur the sentence's own
        "value": quotable(value_label(tr, lang, cause, rules.to_dict()[cause.name])),
    }
    if dependency.whole:
        return tr.t(lang, "settings-no-effect", **names)
    return tr.t(lang, "settings-partly", about=partly_about(tr, lang, dependency), **names)
