"""The private hand keyboard: decisions first, then the cards (paginated), then Draw / Pass / UNO!.

Every button is an action `legal_actions` lists for this player (a card that starts a multi-play chooses it
first, see below), except the cards that cannot be played now: they are shown too (the hand is the keyboard)
and only redraw the page they are on (PAGE of that page).

Multi-play is a selection, not a button per combination: a playable card that has others of its number in
the hand starts a selection (SELECT) instead of playing at once; then the cards of that number are added one
tap at a time, each marked with its place (1️⃣, 2️⃣, …), and "Play N cards" plays them in that order (the
last one sets the colour) while Cancel drops the selection. Combination buttons would have to name every
final colour and every subset (up to 24 buttons above a hand that is a keyboard already) and could not play
some of the cards only; a selection adds one row at most and reads like picking cards up. The price is one
more tap to play such a card alone ("Play 1 card"). The selection lives in the buttons (SELECT and PAGE
carry it), so a press needs no state on the server and is checked like any other: a keyboard the game has
moved past is stale. (The hand's selection is stored as well, only so that a restart redraws it.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.engine.cards import COLOURS, Card
from bot.engine.drawing import penalty_takes
from bot.engine.rules import JumpIn
from bot.engine.state import Pending
from bot.tg.callback_data import Action
from bot.tg.render.button_rows import fitted_rows
from bot.tg.render.cards import card_label
from bot.tg.render.names import game_label
from bot.tg.render.options import MAX_SELECTION, Options, can_join
from bot.tg.render.text import button, t
from bot.tg.render.views import HandView
from bot.visible_text import shown_width

CARDS_PER_ROW = 4  # at most; fewer where their labels would not fit (button_rows)
PAGE_SIZE = 24  # six rows of four short labels; long ones take more rows, never more pages
PLAYABLE_MARK = "▶"
JUMP_IN_MARK = "⚡"
# A chosen card's place in the order, as a keycap: an emoji as wide as ⚡ (a check mark and a digit, "✔️1",
# were wider than any mark the rows were measured with, and cut a label in a row of four).
PLACE_MARKS = tuple(f"{place}\ufe0f\u20e3" for place in range(1, MAX_SELECTION + 1))


class _Press(Protocol):
    """Builds one button of this keyboard (game id and counter already bound)."""

    def __call__(self, label: str, action: Action, /, *args: int) -> InlineKeyboardButton: ...


def page_count(cards: int) -> int:
    return max(1, -(-cards // PAGE_SIZE))


def current_page(view: HandView, opts: Options, cards: Sequence[Card]) -> int:
    """The page the player turned to; else, while the card just drawn waits to be played or kept, its page
    (a drawn card that must be played may sort onto any page); else, on their turn, the first page with a
    card they can play (a hand of dozens sorted by colour may hold them all on its last page); else the
    first."""
    page = view.page
    if page is None:
        page = 0
        state = view.state
        ids = [card.id for card in cards]
        if state.pending is Pending.PLAY_DRAWN and state.actor == view.player_id:
            page = ids.index(state.drawn_card) // PAGE_SIZE if state.drawn_card in ids else 0
        elif state.actor == view.player_id:  # marks before any selection: the page stays while choosing
            marked = opts.singles | opts.multi_starts
            page = next((at // PAGE_SIZE for at, card in enumerate(ids) if card in marked), 0)
    return min(max(page, 0), page_count(len(cards)) - 1)


def page_cards(cards: Sequence[Card], page: int) -> Sequence[Card]:
    return cards[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]


def playable_mark(view: HandView) -> str:
    """▶ for a card played on one's turn, ⚡ for one that jumps in out of turn."""
    return PLAYABLE_MARK if view.state.actor == view.player_id else JUMP_IN_MARK


def _widest_mark(view: HandView) -> str:
    """The widest mark a card of this match may get: an emoji (⚡, or a chosen card's place) under jump-in
    or multi-play, else ▶."""
    rules = view.state.rules
    return PLAYABLE_MARK if rules.jump_in is JumpIn.OFF and not rules.multi_play else JUMP_IN_MARK


def marked_cards(view: HandView, opts: Options, cards: Sequence[Card]) -> set[int]:
    """The cards the keyboard marks as playable (▶ or ⚡): while a selection is made, only those that can
    join it."""
    if view.selection:
        return {card.id for card in cards if can_join(view.state, view.selection, card.id)}
    return set(opts.singles | opts.multi_starts)


def hand_keyboard(view: HandView, lang: str, opts: Options, cards: Sequence[Card]) -> InlineKeyboardMarkup:
    """`cards`: the whole hand in display order."""

    def press(label: str, action: Action, *args: int) -> InlineKeyboardButton:
        return button(label, action, view.game_id, view.counter, *args)

    # Slap! first: its window lasts seconds, and here it comes sooner than on the group's paced table.
    rows: list[list[InlineKeyboardButton]] = []
    rows += [[press(t(lang, "button-slap"), Action.SLAP)]] if opts.slap else []
    colours = [
        press(t(lang, "button-colour-" + c.value), Action.COLOUR, COLOURS.index(c)) for c in opts.colours
    ]
    rows += [colours[i : i + 2] for i in range(0, len(colours), 2)]
    # Each target has a row of its own, named as the table, its recent line of the swap and the hand's news
    # of it name them ("Alexandra Kon… ²"): cut to the row's room instead, the chooser pressed "Alexandra
    # Konstantino…" and read "You swapped hands with Alexandra Kon…" (a name's mark, decided among the
    # targets alone, could fall on another one than the table's).
    for target in opts.swap_targets:
        name = game_label(view.seats, target, lang)
        label = t(lang, "button-swap", name=name, count=len(view.state.hands[target]))
        rows.append([press(label, Action.SWAP, view.state.players.index(target))])
    penalty = [press(t(lang, "button-challenge"), Action.CHALLENGE)] if opts.challenge else []
    if opts.accept:  # what pressing it takes: fewer cards than the penalty, or none, when they run short
        takes = penalty_takes(view.state)
        label = t(lang, "button-accept-penalty", count=takes) if takes else t(lang, "button-accept-nothing")
        penalty.append(press(label, Action.ACCEPT))
    rows += [penalty] if penalty else []
    selection = view.selection  # valid: `hand` drops one that cannot be played now
    if selection:
        play = t(lang, "button-play-selected", count=len(selection))
        rows.append([press(play, Action.PLAY, *selection), press(t(lang, "button-cancel"), Action.REFRESH)])
    rows += _card_rows(view, lang, opts, cards, selection, press)
    bottom = [press(t(lang, "button-draw"), Action.DRAW)] if opts.draw else []
    bottom += [press(t(lang, "button-pass"), Action.PASS)] if opts.pass_turn else []
    bottom += [press(t(lang, "button-uno"), Action.UNO)] if opts.uno else []
    rows += [bottom] if bottom else []
    return InlineKeyboardMarkup(rows)


def _card_rows(
    view: HandView,
    lang: str,
    opts: Options,
    cards: Sequence[Card],
    selection: tuple[int, ...],
    press: _Press,
) -> list[list[InlineKeyboardButton]]:
    page = current_page(view, opts, cards)
    shown = page_cards(cards, page)
    mark = playable_mark(view)
    room = shown_width(f"{_widest_mark(view)} ")
    buttons = []
    widths = []  # each measured with a mark, marked or not: the rows stay put as the marks come and go
    for card in shown:
        label = card_label(card, lang, letters=view.colour_letters)
        widths.append(room + shown_width(label))
        if card.id in selection:  # chosen already: its place in the order; pressing it changes nothing
            label = f"{PLACE_MARKS[selection.index(card.id)]} {label}"
            buttons.append(press(label, Action.PAGE, page, *selection))
        elif selection and can_join(view.state, selection, card.id):
            buttons.append(press(f"{PLAYABLE_MARK} {label}", Action.SELECT, *selection, card.id))
        elif selection:  # while choosing, the other cards wait (Cancel first)
            buttons.append(press(label, Action.PAGE, page, *selection))
        elif card.id in opts.multi_starts:
            buttons.append(press(f"{mark} {label}", Action.SELECT, card.id))
        elif card.id in opts.singles:
            buttons.append(press(f"{mark} {label}", Action.PLAY, card.id))
        else:  # pressed, it is refused with the reason ("It is not your turn", "That card does not match")
            buttons.append(press(label, Action.TRY, card.id))
    rows = fitted_rows(buttons, widths, CARDS_PER_ROW)
    navigation = []
    if page > 0:
        navigation.append(press(t(lang, "button-previous-page"), Action.PAGE, page - 1, *selection))
    if page < page_count(len(cards)) - 1:
        navigation.append(press(t(lang, "button-next-page"), Action.PAGE, page + 1, *selection))
    return rows + ([navigation] if navigation else [])
