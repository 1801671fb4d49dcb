"""Who was sent to the private chat to join which game. The link they were given says it; but a person may
open the chat another way (from the bot's name, or the lobby's "open @bot and press Start"), and that Start
carries no link: it joins the game they were sent for all the same."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.service import Person
from bot.service.lobby import LOBBY_IDLE_MS

INVITATION_MS = LOBBY_IDLE_MS  # a lobby nobody touches for this long closes anyway


@dataclass(frozen=True)
class _Sent:
    game_id: int
    at: int
    who: Person  # as the group knows them: a host told who is on their way names them (bot.tg.on_their_way)


@dataclass(frozen=True)
class _Posted:
    message: tuple[int, int]  # (chat, message)
    at: int


@dataclass
class Invitations:
    window_ms: int = INVITATION_MS
    _sent: dict[int, _Sent] = field(default_factory=dict)  # by user
    # (user, game) -> the group message sending them to the private chat to join it: one sent to join two
    # lobbies in turn has one under each, each going with its own lobby
    _posted: dict[tuple[int, int], _Posted] = field(default_factory=dict)

    def sent(self, who: Person, game_id: int, now_ms: int) -> None:
        """They were sent to the private chat to join this game (the latest invitation counts)."""
        self._sent = {user: sent for user, sent in self._sent.items() if now_ms - sent.at < self.window_ms}
        self._posted = {key: each for key, each in self._posted.items() if now_ms - each.at < self.window_ms}
        self._sent[who.user_id] = _Sent(game_id, now_ms, who)

    def posted(self, user_id: int, game_id: int, message: tuple[int, int], now_ms: int) -> None:
        """The group message (chat, message) that sent the user to the private chat to join this game (a
        repeat within the minute posts none: the one above still says it)."""
        self._posted[(user_id, game_id)] = _Posted(message, now_ms)

    def posted_to(self, user_id: int) -> list[tuple[int, int]]:
        """The group messages that sent the user to the private chat, forgotten: once they opened it, they
        have done their job."""
        keys = [key for key in self._posted if key[0] == user_id]
        return [self._posted.pop(key).message for key in keys]

    def posted_for(self, game_id: int) -> list[tuple[int, int]]:
        """The group messages still sending people to the private chat to join this game, forgotten: once it
        is dealt or closed they have done their job, or can no longer."""
        keys = [key for key in self._posted if key[1] == game_id]
        return [self._posted.pop(key).message for key in keys]

    def on_their_way(self, game_id: int, now_ms: int) -> list[Person]:
        """Who was lately sent to the private chat to join this game and has not pressed Start there yet, in
        the order they were first sent."""
        sent = self._sent.values()
        return [each.who for each in sent if each.game_id == game_id and now_ms - each.at < self.window_ms]

    def take(self, user_id: int, now_ms: int) -> int | None:
        """The game the user was lately sent to join, if any; either way the invitation is used up."""
        sent = self._sent.pop(user_id, None)
        return sent.game_id if sent is not None and now_ms - sent.at < self.window_ms else None
