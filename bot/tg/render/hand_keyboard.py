"""The private hand keyboard: decisions first, then the cards (paginated), then Draw / Pass / UNO!.

Every button is an action `legal_actions` lists for this player, except the cards that cannot be played now:
they are shown too (the hand is the keyboard) and only redraw the page they are on (PAGE of that page).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.engine.actions import Play
from bot.engine.cards import COLOURS, Card
from bot.engine.state import GameState
from bot.tg.callback_data import Action
from bot.tg.render.cards import COLOUR_EMOJI, card_label
from bot.tg.render.options import Options, selection_playable
from bot.tg.render.text import SHORT_NAME_LIMIT, button, plain_name, seat_of, t
from bot.tg.render.views import HandView

CARDS_PER_ROW = 4
CARD_ROWS_PER_PAGE = 6
PAGE_SIZE = CARDS_PER_ROW * CARD_ROWS_PER_PAGE
MULTI_PLAYS_PER_ROW = 2
PLAYABLE_MARK = "▶"
JUMP_IN_MARK = "⚡"
SELECTED_MARK = "✔️"


class _Press(Protocol):
    """Builds one button of this keyboard (game id and counter already bound)."""

    def __call__(self, label: str, action: Action, /, *args: int) -> InlineKeyboardButton: ...


def page_count(cards: int) -> int:
    return max(1, -(-cards // PAGE_SIZE))


def current_page(view: HandView, cards: int) -> int:
    return min(max(view.page, 0), page_count(cards) - 1)


def page_cards(cards: Sequence[Card], page: int) -> Sequence[Card]:
    return cards[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]


def hand_keyboard(view: HandView, lang: str, opts: Options, cards: Sequence[Card]) -> InlineKeyboardMarkup:
    """`cards`: the whole hand in display order."""

    def press(label: str, action: Action, *args: int) -> InlineKeyboardButton:
        return button(label, action, view.game_id, view.counter, *args)

    rows: list[list[InlineKeyboardButton]] = []
    colours = [
        press(t(lang, "button-colour-" + c.value), Action.COLOUR, COLOURS.index(c)) for c in opts.colours
    ]
    rows += [colours[i : i + 2] for i in range(0, len(colours), 2)]
    for target in opts.swap_targets:
        seat = seat_of(view.seats, target)
        label = t(
            lang,
            "button-swap",
            name=plain_name(seat, lang, SHORT_NAME_LIMIT),
            count=len(view.state.hands[target]),
        )
        rows.append([press(label, Action.SWAP, view.state.players.index(target))])
    penalty = [press(t(lang, "button-challenge"), Action.CHALLENGE)] if opts.challenge else []
    if opts.accept:
        penalty.append(press(t(lang, "button-accept-penalty", count=view.state.penalty), Action.ACCEPT))
    rows += [penalty] if penalty else []
    if view.selection and selection_playable(view.state, view.player_id, view.selection, opts):
        rows.append(
            [
                press(
                    t(lang, "button-play-selected", count=len(view.selection)), Action.PLAY, *view.selection
                ),
                press(t(lang, "button-cancel"), Action.REFRESH),
            ]
        )
    multi = [_multi_play_button(view.state, lang, play, press) for play in opts.multi_plays]
    rows += [multi[i : i + MULTI_PLAYS_PER_ROW] for i in range(0, len(multi), MULTI_PLAYS_PER_ROW)]
    rows += _card_rows(view, lang, opts, cards, press)
    bottom = [press(t(lang, "button-draw"), Action.DRAW)] if opts.draw else []
    bottom += [press(t(lang, "button-pass"), Action.PASS)] if opts.pass_turn else []
    bottom += [press(t(lang, "button-uno"), Action.UNO)] if opts.uno else []
    rows += [bottom] if bottom else []
    return InlineKeyboardMarkup(rows)


def _multi_play_button(state: GameState, lang: str, play: Play, press: _Press) -> InlineKeyboardButton:
    """Every card of one number at once; the label names the colour left on top (the last card)."""
    last = state.card(play.extra[-1])
    assert last.colour is not None  # multi-play is for number cards only
    label = t(
        lang,
        "button-multi-play",
        count=len(play.extra) + 1,
        number=last.number,
        colour=COLOUR_EMOJI[last.colour],
    )
    return press(label, Action.PLAY, play.card, *play.extra)


def _card_rows(
    view: HandView, lang: str, opts: Options, cards: Sequence[Card], press: _Press
) -> list[list[InlineKeyboardButton]]:
    page = current_page(view, len(cards))
    shown = page_cards(cards, page)
    my_turn = view.state.actor == view.player_id
    buttons = []
    for card in shown:
        label = card_label(card, lang)
        playable = card.id in opts.singles
        if playable:
            label = f"{PLAYABLE_MARK if my_turn else JUMP_IN_MARK} {label}"
        if card.id in view.selection:
            label = f"{SELECTED_MARK} {label}"
        if playable:
            buttons.append(press(label, Action.PLAY, card.id))
        else:
            buttons.append(press(label, Action.PAGE, page))
    rows = [buttons[i : i + CARDS_PER_ROW] for i in range(0, len(buttons), CARDS_PER_ROW)]
    navigation = []
    if page > 0:
        navigation.append(press(t(lang, "button-previous-page"), Action.PAGE, page - 1))
    if page < page_count(len(cards)) - 1:
        navigation.append(press(t(lang, "button-next-page"), Action.PAGE, page + 1))
    return rows + ([navigation] if navigation else [])
