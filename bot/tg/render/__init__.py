"""What the group and each player see: pure functions from data to `Render(text, reply_markup)`.

No I/O: bot.tg.views builds the views from a game's record and document, the publisher sends the renders.
Texts are Telegram HTML with every name escaped and shortened, within Telegram's limits (4096 characters,
100 buttons, 64-byte callback data).

Buttons (callback data from bot.tg.callback_data.encode, with the view's game id and counter):
- lobby: JOIN, LEAVE, ADD_COMPUTER, REMOVE_COMPUTER (once one is seated), START.
- table: "My cards" (a t.me URL), UNO and CATCH (no argument: the engine catches everyone catchable) while a
  catch window is open, CATCH alone while anyone holds one card if a false catch costs cards, SLAP during a
  slap window.
- hand: PLAY(card) for each card legal_actions lists alone; with multi-play, SELECT(card) instead on a card
  that can start one, SELECT(*selection, card) to add a card, PLAY(*selection) to play the selection and
  REFRESH to cancel it; COLOUR(index in engine COLOURS); SWAP(seat index in state.players); CHALLENGE;
  ACCEPT; DRAW; PASS; UNO; PAGE(page, *selection) to turn pages, and PAGE(current page, *selection) on cards
  that cannot be pressed now (a harmless redraw). PLAY always means: play exactly these cards, in this order.
After the match, the table and the hands have no keyboard (reply_markup None); the match's end (or a stopped
match's standings) in the group has AGAIN (game id and state 0).
"""

from bot.tg.render.cards import card_label
from bot.tg.render.hand import hand, hand_moved
from bot.tg.render.lobby import lobby
from bot.tg.render.refusals import refusal
from bot.tg.render.results import dealer_draw, match_end, play_again, round_end
from bot.tg.render.table import table
from bot.tg.render.text import packed
from bot.tg.render.views import HandNews, HandView, LobbyView, OutageNote, Seat, TableView

__all__ = [
    "HandNews",
    "HandView",
    "LobbyView",
    "OutageNote",
    "Seat",
    "TableView",
    "card_label",
    "dealer_draw",
    "hand",
    "hand_moved",
    "lobby",
    "match_end",
    "packed",
    "play_again",
    "refusal",
    "round_end",
    "table",
]
