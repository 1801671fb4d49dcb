"""Link previews: Telegram shows a card of the first web address in a message's text (a link, or a bare
address it finds in the plain text, such as a name "alex.example.com": a `url` entity of found_entities)
under the text, unless the write disabled previews (`link_preview_options.is_disabled`)."""

from __future__ import annotations

from typing import Any

from .params import Params


def previewed_address(text: str, entities: list[dict[str, Any]], params: Params) -> str | None:
    """The web address whose preview card people see under the message (None: no card)."""
    options = params.json_("link_preview_options") or {}
    if options.get("is_disabled") or params.bool_("disable_web_page_preview"):
        return None
    for entity in entities:
        if entity["type"] == "text_link" and entity["url"].startswith(("http://", "https://")):
            return str(entity["url"])
    units = text.encode("utf-16-le")
    for entity in entities:
        if entity["type"] == "url":
            start, end = 2 * entity["offset"], 2 * (entity["offset"] + entity["length"])
            return units[start:end].decode("utf-16-le")
    return None
