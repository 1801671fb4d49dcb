"""PTB's rate limiter with the group's bucket kept for what Telegram limits there: messages.

Telegram allows a group about 20 messages a minute; asking who is an admin or a member (getChatMember,
getChatAdministrators) or about the chat (getChat) posts nothing. PTB's AIORateLimiter puts every call that
names a group into that group's bucket, so in a busy group an admin check waited behind the table's edits,
and used up a slot the WritePacer had counted on for the next edit.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from telegram.ext import AIORateLimiter

Answer = bool | dict[str, Any] | list[dict[str, Any]]  # PTB's JSONDict, not public

READS = frozenset({"getChat", "getChatMember", "getChatAdministrators", "getChatMemberCount"})


class WriteRateLimiter(AIORateLimiter):
    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, Answer]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> Answer:
        if endpoint in READS:
            # Without a chat the limiter applies no bucket (as to answerCallbackQuery) and still retries
            # a 429; the request itself is in `args` and keeps its chat_id.
            data = {key: value for key, value in data.items() if key != "chat_id"}
        return await super().process_request(callback, args, kwargs, endpoint, data, rate_limit_args)
