"""Translations: Fluent catalogues for Russian and English."""

from .translator import (
    LANGUAGES,
    Language,
    TranslationError,
    Translator,
    escape_html,
    language_for,
)

__all__ = ["LANGUAGES", "Language", "TranslationError", "Translator", "escape_html", "language_for"]
