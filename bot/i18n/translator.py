"""Fluent catalogues (bot/i18n/locales/<lang>/*.ftl) and the one way the bot turns keys into text.

Each language is a folder of catalogue files (one per part of the bot), loaded together in name order;
a key must be defined once per language.

Texts go to Telegram in HTML parse mode, so any value inserted into a text must be HTML-escaped: use
`Translator.html(...)`, which escapes string arguments, or escape them yourself with `escape_html` before
calling `Translator.t(...)`. Catalogue texts themselves may contain Telegram HTML tags.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from pathlib import Path
from typing import Literal

from fluent.runtime import FluentBundle, FluentResource

Language = Literal["ru", "en"]
LANGUAGES: tuple[Language, ...] = ("en", "ru")
FALLBACK: Language = "en"
LOCALES_DIR = Path(__file__).parent / "locales"

TranslationArg = str | int
# Texts kept formatted per Translator. A move asks for dozens, nearly all asked for before (buttons, card
# counts, the same names): Fluent takes ~35 µs for a text with arguments (plural rules, number formatting)
# against ~1 µs to find it here. Bounded, as names make the texts of many games distinct.
FORMATTED_TEXTS_KEPT = 8192
# A full stop right after an argument ending in an ellipsis or a full stop (a shortened name, or one ending
# in an initial, "Sasha K.", ending a sentence, maybe inside a tag or a left-to-right mark, or after a
# right-to-left one): "Bob…." and "Sasha K.." read as typos, so the name's own mark ends the sentence. Only a
# lone mark ending an argument: a name's own "..." stays as it was typed. Told by a mark put after the
# argument, not by the dots alone, which read the same in a name's own "A.. B" or "Uno.." mid-sentence.
_ENDS_IN_STOP = re.compile(r"(?<!\.)[….](?:</[a-z]+>|[\u200e\u200f])*$")
_ARGUMENT_END = "\ue000"  # a private-use character: names are cleaned of them (bot.visible_text)
_STOP_AFTER_STOP = re.compile(_ARGUMENT_END + r"((?:</[a-z]+>|[\u200e\u200f])*)\.(?![.\w])")


def _marked(value: TranslationArg) -> TranslationArg:
    """`value` with `_ARGUMENT_END` after it where it ends in a lone full stop or ellipsis."""
    return value + _ARGUMENT_END if isinstance(value, str) and _ENDS_IN_STOP.search(value) else value


class TranslationError(LookupError):
    """A key missing from every catalogue, or a text that could not be formatted with the given arguments."""


def language_for(code: str | None, unknown: Language = FALLBACK) -> Language:
    """The bot's language for a Telegram `language_code` (`app_language`); no code at all -> `unknown`: where
    the caller knows it, a group's language for one who reads it there, else the bot's DEFAULT_LANGUAGE."""
    return app_language(code) or unknown


def app_language(code: str | None) -> Language | None:
    """The bot's language for one whose Telegram app is in `code` ("ru", "ru-RU" -> ru; "en-GB" -> en); a
    language the bot does not write in ("de", "pt-br") -> English, the international fallback (/lang
    switches); None when Telegram reports no code."""
    if not code:
        return None
    return known_language(code) or FALLBACK


def language_guessed(chosen: str | None, code: str | None) -> bool:
    """Whether nobody told the bot a person's language: they chose none with /lang (`chosen`, what they keep,
    is none of the bot's languages) and their app's `code` is none of them either: English for an app in
    another language (`app_language`), else (no code) DEFAULT_LANGUAGE or a group's."""
    return chosen not in LANGUAGES and known_language(code) is None


def known_language(code: str | None) -> Language | None:
    """The bot's language for a Telegram `language_code`, None for a language the bot lacks or no code."""
    primary = (code or "").replace("_", "-").split("-", 1)[0].lower()
    return next((language for language in LANGUAGES if language == primary), None)


def escape_html(text: str) -> str:
    """Escape a value for Telegram's HTML parse mode (which knows only &lt; &gt; &amp; &quot;)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


@cache  # parsing the catalogues takes ~0.2 s: the bot shares one Translator (bot.i18n.shared), tests more
def _load_bundle(language: Language, locales_dir: Path) -> FluentBundle:
    # use_isolating=False: Telegram would show Fluent's invisible isolation marks around arguments
    bundle = FluentBundle([language], use_isolating=False)
    for path in catalogue_files(language, locales_dir):
        bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return bundle


def catalogue_files(language: Language, locales_dir: Path = LOCALES_DIR) -> list[Path]:
    """The catalogue files of one language, in the order they are loaded."""
    return sorted((locales_dir / language).glob("*.ftl"))


class Translator:
    def __init__(self, locales_dir: Path = LOCALES_DIR) -> None:
        self._bundles = {language: _load_bundle(language, locales_dir) for language in LANGUAGES}
        # A text is a function of its language, key and arguments alone: the bundles never change.
        self._formatted = lru_cache(maxsize=FORMATTED_TEXTS_KEPT)(self._format)

    def t(self, language: str, key: str, /, **args: TranslationArg) -> str:
        """The text for `key` in `language` (unknown languages and missing keys fall back to English)."""
        return self._formatted(language, key, tuple(args.items()))

    def _format(self, language: str, key: str, args: tuple[tuple[str, TranslationArg], ...]) -> str:
        bundle = self._bundle_with(language_for(language), key)
        message = bundle.get_message(key)
        if message.value is None:
            raise TranslationError(f"{key!r} has no value")
        marked = {name: _marked(value) for name, value in args}
        text, errors = bundle.format_pattern(message.value, marked)
        if errors:
            raise TranslationError(f"{key!r} in {bundle.locales[0]}: {errors}")
        text = str(text)
        # Formatted once for the cache's many asks: the scans cost little beside Fluent's formatting.
        if _ARGUMENT_END not in text:
            return text
        return _STOP_AFTER_STOP.sub(r"\1", text).replace(_ARGUMENT_END, "")

    def html(self, language: str, key: str, /, **args: TranslationArg) -> str:
        """Like `t`, with every string argument HTML-escaped: safe for parse_mode=HTML."""
        escaped = {name: escape_html(v) if isinstance(v, str) else v for name, v in args.items()}
        return self.t(language, key, **escaped)

    def has(self, language: Language, key: str) -> bool:
        return bool(self._bundles[language].has_message(key))

    def _bundle_with(self, language: Language, key: str) -> FluentBundle:
        for candidate in (language, FALLBACK):
            bundle = self._bundles[candidate]
            if bundle.has_message(key):
                return bundle
        raise TranslationError(f"no translation for {key!r}")
