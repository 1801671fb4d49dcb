"""The getUpdates connection's wrapper keeps PTB's mapping of Telegram's refusals to errors."""

import pytest
from telegram import Bot
from telegram.error import InvalidToken

from bot.tg.updates_request import UpdatesWithLeanKeyboards
from tests.fake_bot_api import FakeTelegram, asgi_request, base_url


async def test_a_refused_get_updates_is_still_ptbs_error(fake: FakeTelegram) -> None:
    other = Bot(
        "999:WRONG",
        base_url=base_url("http://fake"),
        request=asgi_request(fake),
        get_updates_request=UpdatesWithLeanKeyboards(asgi_request(fake)),
    )
    with pytest.raises(InvalidToken):
        await other.get_updates(timeout=0)
    assert fake.calls[-1].method == "getUpdates" and fake.calls[-1].response["error_code"] == 401
