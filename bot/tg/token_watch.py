"""The token revoked while the bot runs (/revoke in @BotFather): the bot stops with one line saying so.

PTB's polling loop gives up at Telegram's 401 with a traceback and leaves the process running without
polling, a bot that looks alive and answers nobody; at shutdown it raises the error again. Watching the
getUpdates answers instead, the first refusal stops the application, and the refusals after it (the poll
still waiting, the last one that confirms the updates handled) read as no updates.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from http import HTTPStatus

from telegram.request import BaseRequest

from bot.tg.wrapped_request import WrappedRequest

# What PTB reads as InvalidToken: 401 for a revoked token, 404 for one that never existed.
_REFUSALS = (HTTPStatus.UNAUTHORIZED, HTTPStatus.NOT_FOUND)
_NO_UPDATES = json.dumps({"ok": True, "result": []}).encode()


class TokenWatch(WrappedRequest):
    """getUpdates through `inner`; the first refusal of the token calls `on_rejected` (stop the bot)."""

    __slots__ = ("_on_rejected", "rejected")

    def __init__(self, inner: BaseRequest, on_rejected: Callable[[], None]) -> None:
        super().__init__(inner)
        self._on_rejected = on_rejected
        self.rejected = False

    async def _answer(self, request: Awaitable[tuple[int, bytes]]) -> tuple[int, bytes]:
        status, payload = await request
        if status not in _REFUSALS:
            return status, payload
        if not self.rejected:
            self.rejected = True
            self._on_rejected()
        return HTTPStatus.OK, _NO_UPDATES
