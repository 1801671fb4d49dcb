"""PTB's rate limiter with the group's bucket kept for what Telegram limits there: messages.

Telegram allows a group about 20 messages a minute; asking who is an admin or a member (getChatMember,
getChatAdministrators) or about the chat (getChat) posts nothing. PTB's AIORateLimiter puts every call that
names a group into that group's bucket, so in a busy group an admin check waited behind the table's edits,
and used up a slot the WritePacer had counted on for the next edit.

Every Bot API call passes here, so a flood wait (429) is logged here: one line per 429 Telegram answers (the
writes waiting behind it in their chat's queue make no calls), naming the chat and the method, never what the
write said.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from typing import Any

from telegram.error import RetryAfter
from telegram.ext import AIORateLimiter

from bot.tg.send import retry_after_seconds

log = logging.getLogger(__name__)

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
        chat_id = data.get("chat_id")
        if endpoint in READS:
            # Without a chat the limiter applies no bucket (as to answerCallbackQuery) and still retries
            # a 429; the request itself is in `args` and keeps its chat_id.
            data = {key: value for key, value in data.items() if key != "chat_id"}
        try:
            return await super().process_request(callback, args, kwargs, endpoint, data, rate_limit_args)
        except RetryAfter as error:  # its caller waits it out; the operator learns why a table lagged
            where = "" if chat_id is None else f" (chat {chat_id})"  # a press's answer names no chat
            log.warning(
                "Telegram answered 429 to %s%s: retry after %g s", endpoint, where, retry_after_seconds(error)
            )
            raise
