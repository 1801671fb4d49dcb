"""Every Bot API call tells whether Telegram is within reach: one that cannot connect, times out or gets a 5xx
says it is out of reach (bot.tg.outages); any other answer (a 429 and a 400 too) says it is there."""

from __future__ import annotations

from collections.abc import Awaitable
from http import HTTPStatus

from telegram.error import NetworkError
from telegram.request import BaseRequest

from bot.tg.outages import Outages, Reach
from bot.tg.wrapped_request import WrappedRequest


class TelegramReach(WrappedRequest):
    __slots__ = ("_outages",)

    def __init__(self, inner: BaseRequest, outages: Outages) -> None:
        super().__init__(inner)
        self._outages = outages

    async def _answer(self, request: Awaitable[tuple[int, bytes]]) -> tuple[int, bytes]:
        try:
            status, payload = await request
        except NetworkError:  # PTB's for a connection that failed or timed out
            self._outages.lost(Reach.TELEGRAM)
            raise
        if status >= HTTPStatus.INTERNAL_SERVER_ERROR:
            self._outages.lost(Reach.TELEGRAM)
        else:
            self._outages.reached(Reach.TELEGRAM)
        return status, payload
