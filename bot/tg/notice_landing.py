"""A group notice that follows its game (bot.tg.fleeting `follows`) from the moment its posting lands, unless
it went meanwhile: what the idle warnings (bot.tg.idle_warnings) and the notices that a player cannot get
their cards (bot.tg.unreachable_notices) share."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

from bot.tg.fleeting import FleetingMessages
from bot.tg.send import Outcome as SendOutcome
from bot.tg.send import Sent


class Notice(Protocol):
    chat_id: int
    message_id: int | None  # once posted
    gone: bool  # of no use any more: deleted once posted
    let_be: bool  # its chat moved: it stays as posted, unfollowed


def follow_once_landed(
    posting: asyncio.Future[SendOutcome],
    notice: Notice,
    fleeting: FleetingMessages,
    kind: str,
    then: Callable[[int], None] | None = None,
) -> None:
    """As `posting` lands, `notice` keeps its message id, and the message follows its game as `kind` (then
    `then` is told its id), or is deleted at once if the notice went meanwhile. Nothing when it did not land
    or its chat moved meanwhile."""

    def landed(done: asyncio.Future[SendOutcome]) -> None:
        sent = None if done.cancelled() else done.result()
        if not isinstance(sent, Sent) or sent.message_id is None or notice.let_be:
            return
        notice.message_id = sent.message_id
        if notice.gone:
            fleeting.delete_now(notice.chat_id, sent.message_id)
            return
        fleeting.follows(notice.chat_id, sent.message_id, kind)
        if then is not None:
            then(sent.message_id)

    posting.add_done_callback(landed)
