"""Telegram's HTML parse mode, following tdlib's parser (`parse_html` in MessageEntity.cpp).

Returns the plain text and the entities (offsets in UTF-16 code units, as the Bot API reports them), or
raises the same "can't parse entities" errors Telegram returns, with UTF-8 byte offsets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .errors import ApiError, bad_request

_TAG_ENTITY = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "tg-spoiler": "spoiler",
    "span": "spoiler",
    "a": "text_link",
    "code": "code",
    "pre": "pre",
    "blockquote": "blockquote",
    "tg-emoji": "custom_emoji",
    "tg-time": "date_time",  # Bot API 9.5
}
# tdlib's `get_date_flags`: "r" (or "R") alone is relative time; else any of these letters, in any order.
_TIME_PARTS = {"w": "w", "W": "w", "d": "d", "D": "D", "t": "t", "T": "T"}
_LEADING_INTEGER = re.compile(r"-?\d*")
_NAMED_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}
_MARKUP = re.compile("[<&]")  # where plain text stops: a tag or an entity begins


def _parse_error(reason: str) -> ApiError:
    return bad_request(f"can't parse entities: {reason}")


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


@dataclass
class _OpenTag:
    name: str
    offset: int
    attributes: dict[str, str] = field(default_factory=dict)


class _Parser:
    def __init__(self, source: str, time_tags: bool) -> None:
        self.src = source
        self.time_tags = time_tags
        self.pos = 0
        self.out: list[str] = []
        self.out_len = 0
        self.entities: list[dict[str, Any]] = []
        self.stack: list[_OpenTag] = []

    def byte_offset(self, index: int) -> int:
        return len(self.src[:index].encode("utf-8"))

    def peek(self, index: int) -> str:
        return self.src[index] if index < len(self.src) else ""

    def _in_name(self, index: int) -> bool:
        char = self.peek(index)
        return bool(char) and not char.isspace() and char not in "=>"

    def emit(self, text: str) -> None:
        self.out.append(text)
        self.out_len += utf16_len(text)

    def decode_entity(self, index: int) -> tuple[str, int] | None:
        """The character for an HTML entity at `index` and the index after it, or None (a literal '&')."""
        end = index + 1
        if self.peek(end) == "#":
            end += 1
            base = 10
            if self.peek(end) in ("x", "X"):
                base, end = 16, end + 1
            digits_start = end
            digits = "0123456789abcdefABCDEF" if base == 16 else "0123456789"
            while self.peek(end) and self.peek(end) in digits:
                end += 1
            if end == digits_start or self.peek(end) != ";":
                return None
            code = int(self.src[digits_start:end], base)
            if code == 0 or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
                return None
            return chr(code), end + 1
        while self.peek(end).isascii() and self.peek(end).isalpha():
            end += 1
        name = self.src[index + 1 : end]
        if self.peek(end) != ";" or name not in _NAMED_ENTITIES:
            return None
        return _NAMED_ENTITIES[name], end + 1

    def parse(self) -> tuple[str, list[dict[str, Any]]]:
        while self.pos < len(self.src):
            char = self.src[self.pos]
            if char == "&":
                decoded = self.decode_entity(self.pos)
                if decoded is not None:
                    self.emit(decoded[0])
                    self.pos = decoded[1]
                    continue
            if char != "<":
                # Up to the next tag or entity at once: emitting a character at a time was most of the
                # parser's cost, and every text the fake receives (and the render tests check) is parsed.
                end = _MARKUP.search(self.src, self.pos + 1)
                stop = end.start() if end else len(self.src)
                self.emit(self.src[self.pos : stop])
                self.pos = stop
                continue
            if self.peek(self.pos + 1) == "/":
                self.end_tag()
            else:
                self.start_tag()
        if self.stack:
            raise _parse_error(f'Can\'t find end tag corresponding to start tag "{self.stack[-1].name}"')
        return "".join(self.out), sorted(self.entities, key=lambda e: (e["offset"], -e["length"]))

    def start_tag(self) -> None:
        begin = self.pos
        end = begin + 1
        while self.peek(end) and not self.peek(end).isspace() and self.peek(end) != ">":
            end += 1
        if not self.peek(end):
            raise _parse_error(f"Unclosed start tag at byte offset {self.byte_offset(begin)}")
        name = self.src[begin + 1 : end].lower()
        if name not in _TAG_ENTITY or (name == "tg-time" and not self.time_tags):
            raise _parse_error(f'Unsupported start tag "{name}" at byte offset {self.byte_offset(begin)}')
        self.pos = end
        attributes = self.attributes(name, begin)
        self.pos += 1  # the closing '>'
        if name == "span" and attributes.get("class") != "tg-spoiler":
            offset = self.byte_offset(begin)
            raise _parse_error(f'Tag "span" must have class "tg-spoiler" at byte offset {offset}')
        self.stack.append(_OpenTag(name, self.out_len, attributes))

    def attributes(self, tag: str, begin: int) -> dict[str, str]:
        found: dict[str, str] = {}
        while self.peek(self.pos) != ">":
            while self.peek(self.pos).isspace():
                self.pos += 1
            if self.peek(self.pos) == ">":
                break
            if not self.peek(self.pos):
                raise _parse_error(f"Unclosed start tag at byte offset {self.byte_offset(begin)}")
            name_start = self.pos
            while self._in_name(self.pos):
                self.pos += 1
            name = self.src[name_start : self.pos].lower()
            if not name:
                offset = self.byte_offset(begin)
                raise _parse_error(f'Empty attribute name in the tag "{tag}" at byte offset {offset}')
            while self.peek(self.pos).isspace():
                self.pos += 1
            if self.peek(self.pos) != "=":
                if tag == "blockquote" and name == "expandable":
                    found[name] = ""
                    continue
                raise _parse_error(
                    f'Expected equal sign in declaration of an attribute of the tag "{tag}" '
                    f"at byte offset {self.byte_offset(begin)}"
                )
            self.pos += 1
            while self.peek(self.pos).isspace():
                self.pos += 1
            found[name] = self.attribute_value(begin)
        return found

    def attribute_value(self, begin: int) -> str:
        quote = self.peek(self.pos)
        if not quote:
            raise _parse_error(f"Unclosed start tag at byte offset {self.byte_offset(begin)}")
        if quote not in "'\"":
            start = self.pos
            while self.peek(self.pos).isalnum() or self.peek(self.pos) in (".", "-"):
                self.pos += 1
            if self.peek(self.pos) and not self.peek(self.pos).isspace() and self.peek(self.pos) != ">":
                offset = self.byte_offset(self.pos)
                raise _parse_error(f"Unexpected end of name token at byte offset {offset}")
            return self.src[start : self.pos].lower()
        self.pos += 1
        value: list[str] = []
        while self.peek(self.pos) and self.peek(self.pos) != quote:
            decoded = self.decode_entity(self.pos) if self.peek(self.pos) == "&" else None
            if decoded is not None:
                value.append(decoded[0])
                self.pos = decoded[1]
            else:
                value.append(self.src[self.pos])
                self.pos += 1
        if not self.peek(self.pos):
            raise _parse_error(f"Unclosed start tag at byte offset {self.byte_offset(begin)}")
        self.pos += 1
        return "".join(value)

    def end_tag(self) -> None:
        begin = self.pos
        if not self.stack:
            raise _parse_error(f"Unexpected end tag at byte offset {self.byte_offset(begin)}")
        end = begin + 2
        while self.peek(end) and not self.peek(end).isspace() and self.peek(end) != ">":
            end += 1
        name = self.src[begin + 2 : end].lower()
        while self.peek(end).isspace():
            end += 1
        if self.peek(end) != ">":
            raise _parse_error(f"Unclosed end tag at byte offset {self.byte_offset(begin)}")
        expected = self.stack[-1].name
        if name and name != expected:
            raise _parse_error(
                f'Unmatched end tag at byte offset {self.byte_offset(begin)}, expected "</{expected}>", '
                f'found "</{name}>"'
            )
        self.pos = end + 1
        self.close(self.stack.pop())

    def close(self, tag: _OpenTag) -> None:
        length = self.out_len - tag.offset
        if length == 0:
            return
        entity: dict[str, Any] = {"type": _TAG_ENTITY[tag.name], "offset": tag.offset, "length": length}
        if tag.name == "a":
            url = tag.attributes.get("href", "")
            if not url:
                return
            entity["url"] = url
        elif tag.name == "tg-time":
            date_time_format = _time_format(tag.attributes.get("format", ""))
            unix = _unix_time(tag.attributes.get("unix", ""))
            if unix <= 0:  # no date: the text stays, with no entity and no error
                return
            entity["unix_time"] = unix
            entity["date_time_format"] = date_time_format
        elif tag.name == "tg-emoji":
            entity["custom_emoji_id"] = tag.attributes.get("emoji-id", "")
        elif tag.name == "blockquote" and "expandable" in tag.attributes:
            entity["type"] = "expandable_blockquote"
        elif tag.name == "code" and tag.attributes.get("class", "").startswith("language-"):
            entity["type"] = "pre"
            entity["language"] = tag.attributes["class"].removeprefix("language-")
        self.entities.append(entity)


def _time_format(raw: str) -> str:
    """A <tg-time> format as the Bot API reports it back (weekday, date, time), or the error tdlib raises
    at the end tag (Telegram does not say where)."""
    if raw in ("r", "R"):
        return "r"
    if any(part not in _TIME_PARTS for part in raw):
        raise _parse_error("Invalid date format used")
    parts = {_TIME_PARTS[part] for part in raw}
    date = "d" if "d" in parts else "D" if "D" in parts else ""
    time = "t" if "t" in parts else "T" if "T" in parts else ""
    return ("w" if "w" in parts else "") + date + time


def _unix_time(raw: str) -> int:
    """tdlib's `to_integer<int32>`: the leading digits (after an optional minus), 0 when there are none,
    wrapped to 32 bits."""
    leading = _LEADING_INTEGER.match(raw)
    digits = leading.group() if leading else ""
    value = int(digits) if digits.lstrip("-") else 0
    return (value + 2**31) % 2**32 - 2**31


def parse_html(source: str, time_tags: bool = True) -> tuple[str, list[dict[str, Any]]]:
    """Plain text and entities of a Telegram-HTML text; raises ApiError for invalid markup. Without
    `time_tags`, <tg-time> is refused as by a Bot API server older than 9.5."""
    return _Parser(source, time_tags).parse()


def strip_text(text: str, entities: list[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    """Telegram trims surrounding whitespace of a message text; entities move and shrink with it."""
    stripped = text.strip()
    if not stripped:
        return "", []
    shift = utf16_len(text[: len(text) - len(text.lstrip())])
    total = utf16_len(stripped)
    kept = []
    for entity in entities:
        start = max(0, entity["offset"] - shift)
        end = min(total, entity["offset"] - shift + entity["length"])
        if end > start:
            kept.append({**entity, "offset": start, "length": end - start})
    return stripped, kept
