"""Rare notices the group gets as new messages: a player the bot cannot write to, a match nobody moves in."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.tg.pacing import Render
from bot.tg.render.names import mention, name
from bot.tg.render.text import add_to_group_link, t
from bot.tg.render.views import Seat

MINUTE_MS = 60_000


def unreachable(seat: Seat, lobby: bool, timed: bool, private_link: str, lang: str) -> Render:
    """`seat` cannot get their cards (`lobby`: will not, once the match is dealt; there are no turns yet to
    time out); the button opens the private chat with the bot. Named as the table shows them ("Alex ²"): the
    untimed notice's "/kick <name>" must name only them. The mention notifies them: only they can fix it."""
    # Without a turn timer their turns never time out: someone must remove them for the game to go on.
    timing = "-untimed" if not timed else ""
    key = "gameplay-unreachable-lobby" if lobby else "gameplay-unreachable" + timing
    text = t(lang, key, **_cut_off(seat, lang))
    return Render(text, private_chat_button(private_link, lang))


def reachable(seat: Seat, lobby: bool, lang: str) -> Render:
    """`seat`, whom an `unreachable` notice named, can get their cards now (`lobby`: will, once dealt)."""
    key = "gameplay-reachable-lobby" if lobby else "gameplay-reachable"
    return Render(t(lang, key, name=name(seat, lang)))


def idle_warning(
    seat: Seat, idle_ms: int, left_ms: int, lang: str, private_link: str | None = None
) -> Render:
    """Nobody moved for `idle_ms` (no turn timer): the match stops in `left_ms` unless `seat`, whose move it
    is, moves; the mention notifies them. `private_link`, given when `seat` cannot get their cards: the
    warning says what lets the game go on instead (their Start, a /kick), under the button to the chat."""
    idle, left = idle_ms // MINUTE_MS, -(-left_ms // MINUTE_MS)  # left rounded up: never sooner than said
    if private_link is None:
        return Render(t(lang, "gameplay-idle-warning", name=mention(seat, lang), idle=idle, left=left))
    text = t(lang, "gameplay-idle-warning-unreachable", idle=idle, left=left, **_cut_off(seat, lang))
    return Render(text, private_chat_button(private_link, lang))


def _host(seat: Seat) -> str:
    """Whether `seat` is the game's host ("yes"/"no"): who may /kick them is then a chat admin alone (a
    host's /kick of themselves is answered with /leave)."""
    return "yes" if seat.runs else "no"


def _cut_off(seat: Seat, lang: str) -> dict[str, str]:
    """What a notice of `seat`, who can't get their cards, fills in: the mention that notifies them,
    their name as the table shows it ("Alex ²"), for "/kick <name>" to name only them; whether they are the
    host (`_host`); whether they blocked the bot (their chat with it then offers "Restart", not "Start")."""
    blocked = "yes" if seat.blocked else "no"
    return {"mention": mention(seat, lang), "name": name(seat, lang), "host": _host(seat), "blocked": blocked}


def private_chat_button(private_link: str, lang: str) -> InlineKeyboardMarkup:
    """The button that opens the private chat with the bot (at `private_link`: a Start there may bring the
    cards, complete a join, or just open the chat)."""
    return InlineKeyboardMarkup([[InlineKeyboardButton(t(lang, "button-open-private"), url=private_link)]])


def add_to_group_button(bot_username: str, lang: str) -> InlineKeyboardMarkup:
    """The button with Telegram's link that lets a person pick a group to add the bot to."""
    label = t(lang, "button-add-to-group")
    return InlineKeyboardMarkup([[InlineKeyboardButton(label, url=add_to_group_link(bot_username))]])
