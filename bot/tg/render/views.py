"""What the adapter hands to the renders: plain, frozen data, built by bot.tg.views from a game's record and
document."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.engine.cards import Colour
from bot.engine.events import Event
from bot.engine.rules import Rules
from bot.engine.state import GameState
from bot.service.document import Departure, StopReason


@dataclass(frozen=True)
class Seat:
    """One player as the table shows them."""

    user_id: int
    name: str  # raw (unescaped) display name; renders escape and shorten it
    is_computer: bool = False
    reachable: bool = True  # False: the bot cannot write to them (never started / blocked)
    twin: int = 0  # 2, 3, ...: the second, third player whose name reads the same (shown as "Alex ²")
    kicked: bool = False  # removed from the match by its creator or an admin
    runs: bool = False  # runs the game (/stop, /kick): its creator, or the next person seated once they left
    kicked_by: int | None = None  # who removed them (a player of the match or not), when kicked
    left: Departure | None = None  # how they left the match; None: seated, or left before the bot kept it
    handed_to: int | None = None  # they ran the game when they left, and this player runs it after them
    left_group: bool = False  # they left the match by leaving its group of their own accord
    blocked: bool = False  # not reachable as they blocked the bot: their chat with it offers "Restart"


@dataclass(frozen=True)
class LobbyView:
    game_id: int
    counter: int  # goes into every button's callback_data
    creator_id: int
    seats: tuple[Seat, ...]  # join order
    rules: Rules
    bot_username: str
    handed_over: bool = False  # creator_id runs the lobby since the one who did left it


@dataclass(frozen=True)
class OutageNote:
    """A long outage just over, after which every turn (or the pause between rounds) got its time back
    (bot.tg.after_outage): the table says why the game stood still until its next change."""

    # what the bot could not reach: "telegram", "database" or "both"; "restart": the bot itself was down
    unreachable: str
    seconds: int  # for how long
    # only the sure part of how long (a crash: the bot was down up to ALIVE_SECONDS more, bot.tg.downtime)
    at_least: bool = False


@dataclass(frozen=True)
class TableView:
    game_id: int
    counter: int
    chat_title: str
    seats: Mapping[int, Seat]  # by user id, for every player of the match (left ones too)
    state: GameState
    recent: tuple[Event, ...]  # the last few narrated events, oldest first
    now_ms: int  # for the coarse "time left"
    bot_username: str
    stopped: bool = False  # stopped early (/stop): nobody's turn any more
    stopped_by: int | None = None  # who stopped it with /stop (None: the bot)
    stopped_because: StopReason | None = None  # why the bot stopped it (None: a person did)
    # The player to move named by a link (a mention): it notifies them in a new message, never in an edit.
    mention_actor: bool = True
    paused: bool = False  # its forum topic is closed to the bot: nobody moves until it is reopened
    muted: bool = False  # paused as its group refuses the bot's posts: until it lets the bot post again
    going_on: bool = False  # the match went on after such a pause, and nobody has moved since
    sees_group: bool = True  # the bot sees every group message: breaking a seven silence is fined
    outage: OutageNote | None = None  # a long outage just over, nothing moved since
    # chat admins outside the match who removed a player, by name (GameDocument.kicker_names)
    kicker_names: Mapping[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class HandNews:
    """Why a player's cards changed (a swap, cards taken to a Downpour...), for their hand to say."""

    key: str  # the translation key of its line
    count: int = 0  # cards taken
    other: int | None = None  # the player it names
    played: int = 0  # cards played for them (a timed-out turn)
    colour: Colour | None = None  # the colour chosen for them (a timed-out turn)
    round_no: int = 0  # the round just dealt
    until_turn: bool = False  # it tells why a turn went (a jump-in, a timeout...): only until their next turn


@dataclass(frozen=True)
class HandView:
    game_id: int
    counter: int
    chat_title: str
    seats: Mapping[int, Seat]
    state: GameState
    player_id: int  # whose hand
    page: int | None = None  # None: the page the hand opens on (hand_keyboard.current_page)
    now_ms: int = 0
    revealed: tuple[int, ...] | None = None  # after a challenge: the challenged hand (card ids)
    selection: tuple[int, ...] = ()  # multi-play: cards chosen so far
    news: tuple[HandNews, ...] = ()  # what the change that made this hand did to its cards
    stopped: bool = False  # the game was stopped early
    stopped_by: int | None = None  # who stopped it with /stop (None: the bot)
    stopped_because: StopReason | None = None  # why the bot stopped it (None: a person did)
    forfeited: int | None = None  # whose loss the stop is: a /stop-er's, or the one an idle match waited for
    void: bool = False  # won by one who removed a player still playing: it counts for nobody (kicking)
    lost_by_leaving: tuple[int, ...] = ()  # void: but for who left it, their loss kept (results.losses_kept)
    colour_letters: bool = False  # its reader asked for the colours' letters on their cards (/colours)
    dealt: bool = False  # the deal's hand of one who waits and did nothing since: "the game has started"
    paused: bool = False  # its forum topic is closed to the bot: nobody moves until it is reopened
    muted: bool = False  # paused as its group refuses the bot's posts: until it lets the bot post again
    leaving_by: int | None = None  # paused: who removed the player (themselves: they left), as it goes on
    sees_group: bool = True  # the bot sees every group message: breaking a seven silence is fined
    in_topic: bool = False  # played in a forum topic, where alone writing breaks a seven silence
    forum_general: bool = False  # played in a forum's General: named so (text.game_title)
    topic_title: str | None = None  # GameDocument.topic_title: a General renamed names its game so
    # chat admins outside the match who removed a player, by name (GameDocument.kicker_names)
    kicker_names: Mapping[int, str] = field(default_factory=dict)
    # The player who left the match last, as its recent moves tell (None: none of them): who ended a match
    # that ended as one left
    last_out: int | None = None

    @property
    def where(self) -> str:
        """Where its texts send the player, as the catalogue's `$where`: "topic" for a game in a forum topic
        (the forum's other topics hold games of their own), else "group"."""
        return "topic" if self.in_topic else "group"
