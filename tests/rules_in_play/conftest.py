"""The end-to-end `world` of tests/e2e; the fake Telegram and its clock come from tests/conftest.py."""

from tests.e2e.conftest import world

__all__ = ["world"]
