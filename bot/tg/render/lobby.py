"""The lobby message: who has joined (and who runs the game since its creator left), the active rules;
buttons to join, leave, add or remove a computer, start."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.engine.dealing import MAX_PLAYERS
from bot.i18n import escape_html
from bot.service.lobby import LOBBY_IDLE_MINUTES
from bot.tg.callback_data import Action
from bot.tg.pacing import Render
from bot.tg.render.names import names_apart
from bot.tg.render.rules_line import rules_line
from bot.tg.render.text import blocked_share, button, t
from bot.tg.render.views import LobbyView
from bot.visible_text import RUNS_MARK


def lobby(view: LobbyView, lang: str) -> Render:
    full = len(view.seats) >= MAX_PLAYERS  # a computer is refused: no button offers one
    # A person is refused only when no computer can make room for them (bot.service.lobby.making_room).
    closed = full and not any(seat.is_computer for seat in view.seats)

    def press(label_key: str, action: Action) -> InlineKeyboardButton:
        return button(t(lang, label_key), action, view.game_id, view.counter)

    last = next((seat.user_id for seat in reversed(view.seats) if seat.is_computer), None)
    computers = []
    if not full:
        computers.append(
            press("button-add-computer" if last is None else "button-more-computers", Action.ADD_COMPUTER)
        )
    if last is not None:  # the button names the computer it removes: a second press of it removes no other
        label = t(lang, "button-remove-computer")
        computers.append(button(label, Action.REMOVE_COMPUTER, view.game_id, view.counter, -last))
    rows = [
        [*([] if closed else [press("button-join", Action.JOIN)]), press("button-leave", Action.LEAVE)],
        computers,
        [press("button-start", Action.START)],
    ]
    keyboard = InlineKeyboardMarkup([row for row in rows if row])
    return Render(_text(view, lang, closed), keyboard)


def _text(view: LobbyView, lang: str, closed: bool) -> str:
    """Who has joined, the rules, what to do: within Telegram's limit whatever the names (NAME_UNITS)."""
    lines = [t(lang, "lobby-title"), *_players(view, lang)]
    hint = t(lang, "lobby-hint-full" if closed else "lobby-hint")
    rules = rules_line(view.rules, lang, points_to_rules=True)
    # the line starts with it: "Custom rules (…)", as a preset's name starts "Official rules"
    lines += ["", t(lang, "lobby-rules", rules=rules[:1].upper() + rules[1:]), "", hint]
    lines.append(t(lang, "lobby-closes-idle", minutes=LOBBY_IDLE_MINUTES))
    muted = sum(not seat.reachable for seat in view.seats)
    if muted:
        bot, blocked = escape_html(view.bot_username), blocked_share(view.seats)
        lines.append(t(lang, "lobby-unreachable-hint", count=muted, bot=bot, blocked=blocked))
    return "\n".join(lines)


def _players(view: LobbyView, lang: str) -> list[str]:
    """Who is seated, named as the table will name them (two cut alike told apart)."""
    lines = [t(lang, "lobby-players", count=len(view.seats), max=MAX_PLAYERS)]
    names = names_apart({seat.user_id: seat for seat in view.seats}, lang)
    for number, seat in enumerate(view.seats, start=1):
        runs = f" {RUNS_MARK}" if seat.user_id == view.creator_id else ""
        marks = runs + ("" if seat.reachable else " 🔇")
        lines.append(f"{number}. {names[seat.user_id]}{marks}")
    if view.handed_over:  # the mark moved silently otherwise: who may start the game now
        lines.append(t(lang, "lobby-runs-now", name=names[view.creator_id]))
    return lines
