"""A request object that hands every call to another one (`inner`): the connections' wrappers
(`telegram_reach`; getUpdates': `updates_request`, `token_watch`) each change one thing of what passes through
(an answer: `_answer`) and leave the rest as is."""

from __future__ import annotations

from collections.abc import Awaitable

from telegram._utils.types import ODVInput
from telegram.request import BaseRequest, RequestData


class WrappedRequest(BaseRequest):
    __slots__ = ("_inner",)

    def __init__(self, inner: BaseRequest) -> None:
        self._inner = inner

    @property
    def read_timeout(self) -> float | None:
        return self._inner.read_timeout

    async def initialize(self) -> None:
        await self._inner.initialize()

    async def shutdown(self) -> None:
        await self._inner.shutdown()

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        write_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        connect_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        pool_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        return await self._answer(
            self._inner.do_request(
                url, method, request_data, read_timeout, write_timeout, connect_timeout, pool_timeout
            )
        )

    async def _answer(self, request: Awaitable[tuple[int, bytes]]) -> tuple[int, bytes]:
        """The answer to `request` (`inner`'s call, to await) as it is passed on: a wrapper that changes what
        passes through does so here."""
        return await request
