"""The end-to-end fixtures (fake Telegram, virtual clock, migrated database) of tests/e2e."""

from tests.e2e.conftest import clock, fake, timedelta_retry_after, world

__all__ = ["clock", "fake", "timedelta_retry_after", "world"]
