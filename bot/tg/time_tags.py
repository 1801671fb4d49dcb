"""<tg-time> (Bot API 9.5) shows a deadline from each reader's own clock. A self-hosted Bot API server older
than that refuses the tag; from then on the text inside it (the time left when it was drawn) is sent instead,
so a game never stalls on a server that cannot show the tag."""

from __future__ import annotations

import logging
import re

from bot.tg.send import AttemptOutcome, Rejected

log = logging.getLogger(__name__)

_TAG = re.compile(r"</?tg-time\b[^>]*>")
_REFUSAL = 'unsupported start tag "tg-time"'  # in Telegram's "can't parse entities" answer


class TimeTags:
    def __init__(self) -> None:
        self.supported = True

    def text(self, html: str) -> str:
        """`html` as this Bot API server can take it."""
        return html if self.supported else _TAG.sub("", html)

    def refused(self, outcome: AttemptOutcome) -> bool:
        """Whether a write was refused for its time tags: then they are left out from now on. (Writes to
        other chats already in flight may be refused too: each is retried without them.)"""
        if not (isinstance(outcome, Rejected) and _REFUSAL in outcome.reason.lower()):
            return False
        if self.supported:
            log.warning(
                "the Bot API server does not know <tg-time> (Bot API 9.5): time left goes as plain text"
            )
        self.supported = False
        return True
