"""Who reads a game's messages, and which messages they are: the group's and each player's language (and who
reads colour letters), the table message and each player's hand message. Read from the database once per
game, then kept here and updated by the publisher, which alone sends new tables and hands."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.i18n import Language
from bot.service import GameDocument
from bot.service.document import stored_table_round
from bot.service.settings import chat_language, user_language
from bot.storage import Database, GameRecord, HandChoices, UnitOfWork


@dataclass
class Audience:
    """Who reads what: the group's language, each player's language and colour letters, the table and hand
    messages now.

    Kept per game between publishes, while outcomes committed meanwhile may still carry an older table
    message id.
    """

    group: str
    players: dict[int, str]
    hands: dict[int, int]
    table: int | None
    table_round: int | None  # the round the table message was posted in (`GameDocument.table_round`)
    sent_for: dict[int, int | None]  # the turn each hand message was sent for (see `GameDocument.hand_sends`)
    # What each player had turned their hand to when this was read: a restart's redraws take it up (see
    # `ShownHands.restore`); later ones know newer.
    choices: dict[int, HandChoices] = field(default_factory=dict)
    colour_letters: frozenset[int] = frozenset()  # the players who read them on their cards (/colours)

    def sent_already(self, doc: GameDocument, player: int) -> bool:
        """Whether the player's hand message was sent for the turn this document wants it sent for."""
        wanted = doc.hand_sends.get(player)
        return wanted is not None and player in self.hands and self.sent_for.get(player) == wanted

    def turn_untold(self, doc: GameDocument, player: int) -> bool:
        """The game wanted this player's hand sent anew (their turn began) after the message they have was
        sent: an edit of it would not tell them."""
        wanted = player in doc.hand_sends and player in self.hands and player in doc.state.players
        return wanted and not self.sent_already(doc, player)


async def reading(uow: UnitOfWork, user_id: int, default_language: Language) -> tuple[Language, bool]:
    """How a person reads their hand: in which language, and whether with colour letters (/colours)."""
    user = await uow.users.get(user_id)
    code = user.language_code if user else None
    language = await user_language(uow, user_id, code, default_language)
    return language, user is not None and user.colour_letters


async def private_language(uow: UnitOfWork, user_id: int, default_language: Language) -> Language:
    """The language a person reads their private chat in (their hands, a question asked there)."""
    language, _ = await reading(uow, user_id, default_language)
    return language


class Audiences:
    """The audience of each lobby and running game."""

    def __init__(self, database: Database, default_language: Language) -> None:
        self._db = database
        self._default_language = default_language
        self._kept: dict[int, Audience] = {}

    async def of(self, record: GameRecord, doc: GameDocument) -> Audience:
        """The game's audience: kept, unless a player is new to it; read anew (and only kept while the game
        is a lobby or running)."""
        known = self._kept.get(record.id)
        if known is not None and known.players.keys() >= set(doc.players):
            return known
        async with self._db.unit_of_work() as uow:
            group = await chat_language(uow, record.chat_id, self._default_language)
            players: dict[int, str] = {}
            letters: set[int] = set()
            for player in doc.players:
                players[player], reads_letters = await reading(uow, player, self._default_language)
                if reads_letters:
                    letters.add(player)
            shown = [p for p in await uow.games.players(record.id) if p.hand_message_id]
            current = await uow.games.get(record.id)
        table = current.table_message_id if current is not None else record.table_message_id
        table_round = stored_table_round(current.state) if current is not None else doc.table_round
        hands = {p.user_id: p.hand_message_id for p in shown if p.hand_message_id}
        sent_for = {p.user_id: p.hand_sent_for for p in shown}
        choices = {p.user_id: p.hand_choices for p in shown if p.hand_choices is not None}
        audience = Audience(group, players, hands, table, table_round, sent_for, choices, frozenset(letters))
        if record.active:
            self._kept[record.id] = audience
        else:
            self.forget(record.id)
        return audience

    def known(self, game_id: int) -> Audience | None:
        """The game's audience if it is kept (no database read)."""
        return self._kept.get(game_id)

    def kept(self) -> list[tuple[int, Audience]]:
        """Every kept audience, by game id."""
        return list(self._kept.items())

    def forget(self, game_id: int) -> None:
        """Read the game's audience anew next time (its players, languages or chat changed)."""
        self._kept.pop(game_id, None)
