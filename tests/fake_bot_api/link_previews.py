"""Link previews: Telegram shows a card of the first web address in a message's text (a link, or a bare
address it finds in the plain text, such as a name "alex.example.com") under the text, unless the write
disabled previews (`link_preview_options.is_disabled`). Addresses are found as here for a few common
top-level domains only; tdlib knows them all."""

from __future__ import annotations

import re
from typing import Any

from .html_text import utf16_len
from .params import Params

_BARE_ADDRESS = re.compile(
    r"(?i)\b(?:https?://)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:com|net|org|info|io|me|ru|app|dev)\b(?:/\S*)?"
)
_LINK_ENTITIES = ("text_link", "text_mention")  # an address inside a link is that link's text, not a link


def previewed_address(text: str, entities: list[dict[str, Any]], params: Params) -> str | None:
    """The web address whose preview card people see under the message (None: no card)."""
    options = params.json_("link_preview_options") or {}
    if options.get("is_disabled") or params.bool_("disable_web_page_preview"):
        return None
    for entity in entities:
        if entity["type"] == "text_link" and entity["url"].startswith(("http://", "https://")):
            return str(entity["url"])
    links = [(e["offset"], e["offset"] + e["length"]) for e in entities if e["type"] in _LINK_ENTITIES]
    for found in _BARE_ADDRESS.finditer(text):
        start = utf16_len(text[: found.start()])
        if not any(begin <= start < end for begin, end in links):
            return found.group()
    return None
