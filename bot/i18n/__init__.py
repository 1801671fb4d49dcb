"""Translations (Russian and English)."""
