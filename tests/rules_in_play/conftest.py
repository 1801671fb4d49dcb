"""The end-to-end `world` of tests/e2e, its Telegram as a start of the bot left it (`as_set_before`); the fake
Telegram and its clock come from tests/conftest.py."""

from tests.e2e.conftest import as_set_before, world

__all__ = ["as_set_before", "world"]
