"""Translations: Fluent catalogues for Russian and English."""

from .translator import (
    FALLBACK,
    LANGUAGES,
    Language,
    TranslationError,
    Translator,
    app_language,
    escape_html,
    known_language,
    language_for,
    language_guessed,
)

__all__ = [
    "FALLBACK",
    "LANGUAGES",
    "Language",
    "TranslationError",
    "Translator",
    "app_language",
    "escape_html",
    "known_language",
    "language_for",
    "language_guessed",
]
