"""The narration's reader: names, cards and catalogue lines in one table's language, as its lines say them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from bot.engine.decks import DeckName
from bot.stand_in_names import deleted_account
from bot.tg.render.cards import CardForm, card_id_label
from bot.tg.render.names import PLAYER_NAME_LIMIT, game_name, name, names_apart
from bot.tg.render.text import seat_of, t, unbroken
from bot.tg.render.views import HandView, Seat


@dataclass(frozen=True)
class Narrator:
    seats: Mapping[int, Seat]
    lang: str
    deck: DeckName
    # chat admins outside the match who removed a player, by name (GameDocument.kicker_names)
    kicker_names: Mapping[int, str] = field(default_factory=dict)

    @cached_property
    def _names(self) -> dict[int, str]:
        return names_apart(self.seats, self.lang)

    def who(self, player: int) -> str:
        return self._names.get(player) or name(seat_of(self.seats, player), self.lang, PLAYER_NAME_LIMIT)

    def kicker(self, by: int) -> dict[str, str]:
        """`kicker_args` for `by`, who removed a player: one with no seat is a chat admin outside the match,
        named by the name the game kept of them; unnamed without one (an anonymous admin, whom nothing
        names, one who removed them before the game kept it, or who forgot it since: /forgetme)."""
        kept = self.kicker_names.get(by)
        kicker = self.seats.get(by) or (None if kept is None else Seat(by, kept))
        return kicker_args(self.seats, kicker, self.lang)

    def card(self, card_id: int, form: CardForm = CardForm.NAME) -> str:
        """A card's name held on one line: a news line wraps around it, never inside it ("Red" / "7")."""
        return unbroken(card_id_label(card_id, self.deck, self.lang, form))

    def say(self, key: str, /, **args: str | int) -> str:
        return t(self.lang, key, **args)


def as_on_table(view: HandView, lang: str) -> Narrator:
    """A hand's reader of names: it names each player as the group's table does, at the table's cut and with
    its mark for two that cut makes alike, so a reader matches a line of their hand to the table's."""
    return Narrator(view.seats, lang, view.state.rules.deck, view.kicker_names)


def kicker_args(seats: Mapping[int, Seat], kicker: Seat | None, lang: str) -> dict[str, str]:
    """The catalogue's $kicker and $by for who removed a player with /kick: one of the match's players
    ("player") as its screens name them, a chat admin outside it ("admin") by their name, an anonymous admin
    (None), who posts as the group, by none ("anonymous")."""
    if kicker is None:
        return {"kicker": "anonymous"}
    if kicker.user_id not in seats:
        return {"kicker": "admin", "by": name(kicker, lang, PLAYER_NAME_LIMIT)}
    return {"kicker": "player", "by": game_name(seats, kicker.user_id, lang)}


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
