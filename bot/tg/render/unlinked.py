"""Names and titles kept from turning into something to tap.

Telegram finds web and e-mail addresses, /commands, @mentions, #hashtags, $cashtags and bank card numbers
in the plain text of every message, whatever its parse mode (tdlib's `find_entities` in
td/telegram/MessageEntity.cpp; Telegram Desktop and Web look for most of them again): a player named "/stop"
was a command any member could send the group with one tap, one named "alex.example.com" a link on the
table and every hand. An invisible word joiner (U+2060) right after the character each of them starts at or
runs through breaks them all, in every client's parser: none takes it for part of a name, an address or a
number. What is stored is never changed: only what is shown.
"""

from __future__ import annotations

import re

WORD_JOINER = "\u2060"
# A mention, command, hashtag or cashtag starts at "@", "/", "#" or "$"; an address needs a letter or digit
# right after each of its dots (and "tg://" a second "/").
_STARTS = re.compile(r"([@/#$.])(?=\S)")
_CARD_DIGITS = 13  # a bank card number has 13-19 digits, spaces and dashes allowed between them


def unlinked(text: str) -> str:
    """`text` as it reads, with a word joiner wherever Telegram would start something to tap."""
    return _short_numbers(_STARTS.sub(rf"\1{WORD_JOINER}", text))


def _short_numbers(text: str) -> str:
    """No run of digits (spaces and dashes between them) long enough for a bank card number."""
    kept: list[str] = []
    digits = 0
    for char in text:
        if "0" <= char <= "9":
            if digits == _CARD_DIGITS - 1:
                kept.append(WORD_JOINER)
                digits = 0
            digits += 1
        elif char not in " -":
            digits = 0
        kept.append(char)
    return "".join(kept)
