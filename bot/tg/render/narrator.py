"""The narration's reader: names, cards and catalogue lines in one table's language, as its lines say them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from bot.engine.decks import DeckName
from bot.stand_in_names import deleted_account
from bot.tg.render.cards import CardForm, card_id_label
from bot.tg.render.names import PLAYER_NAME_LIMIT, name, names_apart
from bot.tg.render.text import seat_of, t
from bot.tg.render.views import HandView, Seat


@dataclass(frozen=True)
class Narrator:
    seats: Mapping[int, Seat]
    lang: str
    deck: DeckName

    @cached_property
    def _names(self) -> dict[int, str]:
        return names_apart(self.seats, self.lang)

    def who(self, player: int) -> str:
        return self._names.get(player) or name(seat_of(self.seats, player), self.lang, PLAYER_NAME_LIMIT)

    def card(self, card_id: int, form: CardForm = CardForm.NAME) -> str:
        return card_id_label(card_id, self.deck, self.lang, form)

    def say(self, key: str, /, **args: str | int) -> str:
        return t(self.lang, key, **args)


def as_on_table(view: HandView, lang: str) -> Narrator:
    """A hand's reader of names: it names each player as the group's table does, at the table's cut and with
    its mark for two that cut makes alike, so a reader matches a line of their hand to the table's."""
    return Narrator(view.seats, lang, view.state.rules.deck)


def stopped_line(n: Narrator, by: int | None, reader: int | None = None) -> str:
    """ "⏹ Alice stopped the game." on a stopped game's screens ("You stopped the game." in the `reader`'s
    own hand), naming them as the other lines do; an admin from outside the match is not named (the game
    keeps no name of theirs), nor is the bot."""
    if by is None:
        return n.say("render-stopped")
    if by == reader:
        return n.say("render-stopped-by-you")
    if by not in n.seats:
        return n.say("render-stopped-by-admin")
    return n.say("render-stopped-by", name=n.who(by))


def named_deleted(n: Narrator, player: int) -> bool:
    """Whether `player` is named by the deleted-account stand-in, which reads oddly as a line's player
    ("Deleted account leaves the game", "Deleted account's penalty"): their name was blanked as their account
    was deleted (bot.tg.player_reach), before they left or after, however they left."""
    seat = seat_of(n.seats, player)
    return deleted_account(seat.user_id, seat.name)


def direction_arrow(direction: int) -> str:
    """Seats are listed top to bottom in seat order, so play goes down the list or up it."""
    return "⬇️" if direction > 0 else "⬆️"
