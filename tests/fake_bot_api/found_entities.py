"""What Telegram finds in the plain text of every message a bot sends, whatever its parse mode (tdlib's
`find_entities` in td/telegram/MessageEntity.cpp): web and e-mail addresses, /commands, @mentions, #hashtags,
$cashtags and bank card numbers, each shown as something to tap (a /command in a group sends it there).
They join the text's own entities as `merge_new_entities` joins them: one that overlaps a link, a mention,
code or a date is dropped (their text is not scanned), and one that crosses a quote's edge.

Simplified: web addresses without a protocol are found for a few common top-level domains only (tdlib knows
them all); a domain is letters, digits, "_", "-" and "~" (tdlib takes most other non-ASCII symbols too);
a card number is any that passes Luhn's check (tdlib also checks its length by issuer); bold and italic
around a found entity are not split at its edges as Telegram splits them; media timestamps are not looked
for.
"""

from __future__ import annotations

import re
from typing import Any

from .html_text import utf16_len

_MENTION = re.compile(r"(?<!\w)@[A-Za-z0-9_]{2,32}(?!\w)")
_SHORT_USERNAMES = ("@gif", "@vid", "@pic")  # a mention needs 4 characters after "@" but these
_COMMAND = re.compile(r"(?<![\w/<>])/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,32})?(?![\w/<>@])")
_HASHTAG_LETTER = r"[\w\u200c\u00b7]"
_HASHTAG = re.compile(rf"(?<!{_HASHTAG_LETTER})#{_HASHTAG_LETTER}+")
_HASHTAG_LIMIT = 256
_CASHTAG = re.compile(r"(?<![\w\u200c\u00b7$])\$(?:1INCH|[A-Z]{1,8})(?![\w\u200c\u00b7$])")
# Digits, spaces and dashes between them; not after a letter, "_", ".", ",", "+" or "-", nor before a letter,
# "_" or "-" (nor inside a longer run of them).
_CARD = re.compile(r"(?<![^\W\d]|[\d.,+-])\d[\d -]*\d(?![^\W\d]|[\d-])")
_CARD_DIGITS = range(13, 20)
_PART = r"[\w~-]++"
_ADDRESS = re.compile(
    r"(?<![\w~-])"  # never from inside a word (and a long word is passed over at once)
    r"(?:(?P<protocol>[A-Za-z][A-Za-z0-9+-]*)://)?"
    r"(?:[^\s/\[\]{}()'`<>\"@«»]++@)?"  # user data (or an e-mail's name)
    rf"(?P<domain>{_PART}(?:\.{_PART})+)"
    r"(?::\d{1,5})?"
    r"(?P<path>[/?#][^\s<>\"«»]*)?"
)
_PROTOCOLS = ("http", "https", "ftp")
_COMMON_TLDS = frozenset({"com", "net", "org", "info", "io", "me", "ru", "su", "app", "dev", "xyz", "рф"})
_BAD_PATH_END = ".:;,('?!`"
_EMAIL = re.compile(
    r"([a-z0-9_-]{0,26}[.+]){0,10}[a-z0-9_-]{1,35}@(([a-z0-9][a-z0-9_-]{0,28})?[a-z0-9][.]){1,6}[a-z]{2,8}",
    re.IGNORECASE,
)
_SPLITTABLE = ("bold", "italic", "underline", "strikethrough", "spoiler")  # a found entity may lie inside
_QUOTES = ("blockquote", "expandable_blockquote")  # a found entity may lie inside, not across an edge


def with_found_entities(text: str, entities: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The text's entities and those Telegram finds in it, in Telegram's order."""
    kept = [found for found in _found(text) if _fits(found, entities)]
    return sorted(entities + kept, key=lambda e: (e["offset"], -e["length"])) if kept else entities


def _found(text: str) -> list[dict[str, Any]]:
    """Every entity found, the earlier (and at one place the longer) winning where two overlap."""
    spans: list[tuple[int, int, str]] = [
        *((m.start(), m.end(), "mention") for m in _MENTION.finditer(text) if _long_enough(m.group())),
        *((m.start(), m.end(), "bot_command") for m in _COMMAND.finditer(text)),
        *_hashtags(text),
        *((m.start(), m.end(), "cashtag") for m in _CASHTAG.finditer(text)),
        *_addresses(text),
        *((m.start(), m.end(), "bank_card_number") for m in _CARD.finditer(text) if _card_number(m.group())),
    ]
    found: list[dict[str, Any]] = []
    end = 0
    for start, stop, kind in sorted(spans, key=lambda span: (span[0], -span[1])):
        if start >= end:
            offset = utf16_len(text[:start])
            found.append({"type": kind, "offset": offset, "length": utf16_len(text[start:stop])})
            end = stop
    return found


def _long_enough(mention: str) -> bool:
    return len(mention) > 4 or mention.lower() in _SHORT_USERNAMES


def _hashtags(text: str) -> list[tuple[int, int, str]]:
    found = []
    for match in _HASHTAG.finditer(text):
        if text[match.end() : match.end() + 1] == "#" or not any(c.isalpha() for c in match.group()):
            continue
        found.append((match.start(), min(match.end(), match.start() + 1 + _HASHTAG_LIMIT), "hashtag"))
    return found


def _card_number(found: str) -> bool:
    """13-19 digits, no two separators in a row, that pass Luhn's check."""
    digits = [int(char) for char in found if char.isdigit()]
    if len(digits) not in _CARD_DIGITS or len(found) > 2 * len(digits) - 1:
        return False
    doubled = [digit * 2 - 9 * (digit > 4) for digit in digits[-2::-2]]
    return (sum(digits[-1::-2]) + sum(doubled)) % 10 == 0


def _addresses(text: str) -> list[tuple[int, int, str]]:
    found = []
    for match in _ADDRESS.finditer(text):
        protocol = match.group("protocol")
        if protocol is not None and protocol.lower() not in _PROTOCOLS:
            continue
        before = text[match.start() - 1 : match.start()]
        if protocol is None and before and (before.isalnum() or before in "_/#@"):
            continue
        if protocol is None and _EMAIL.fullmatch(match.group()):
            found.append((match.start(), match.end(), "email"))
        elif _valid_domain(match.group("domain"), protocol is not None):
            found.append((match.start(), match.end() - _path_cut(match.group("path") or ""), "url"))
    return found


def _valid_domain(domain: str, has_protocol: bool) -> bool:
    """tdlib's `fix_url`: parts of 1-63 characters not ending with "-"; an IPv4 address, or a top-level
    domain of letters (a common one unless the address names its protocol); no "_" in the domain's name."""
    parts = domain.split(".")
    if any(not part or len(part) > 63 or part.endswith("-") for part in parts):
        return False
    if len(parts) == 4 and all(part.isdigit() and int(part) < 256 for part in parts):
        return True
    top = parts[-1].lower()
    if top.isdigit() or len(top) < 2 or "_" in top or "-" in top or "_" in parts[-2]:
        return False
    return has_protocol or top in _COMMON_TLDS or top.startswith("xn--")


def _path_cut(path: str) -> int:
    """How many characters at the end of a path are not part of the address: what follows an unbalanced
    closing bracket, and trailing punctuation ("see example.com/a." ends before the dot)."""
    depth = {"(": 0, "[": 0, "{": 0}
    closing = {")": "(", "]": "[", "}": "{"}
    kept = len(path)
    for at, char in enumerate(path):
        if char in depth:
            depth[char] += 1
        elif char in closing:
            depth[closing[char]] -= 1
            if depth[closing[char]] < 0:
                kept = at
                break
    while kept > 1 and path[kept - 1] in _BAD_PATH_END:
        kept -= 1
    if kept == 1 and path[0] != "/":  # a lone "?" or "#" is punctuation
        kept = 0
    return len(path) - kept


def _fits(found: dict[str, Any], entities: list[dict[str, Any]]) -> bool:
    """Whether a found entity stays beside the text's own: inside bold or a quote, never across a quote's
    edge nor over anything else."""
    start, end = found["offset"], found["offset"] + found["length"]
    for entity in entities:
        begin, stop = entity["offset"], entity["offset"] + entity["length"]
        if entity["type"] in _SPLITTABLE or stop <= start or end <= begin:
            continue
        if entity["type"] in _QUOTES and begin <= start and end <= stop:
            continue
        return False
    return True
