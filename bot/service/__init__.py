"""Use-cases: load a game, lock it, apply an engine action, save it (one transaction); the adapter publishes.

API (async, on `GameService(database, clock, seeds, ticks)`; a refusal raises `Refusal(reason)`, changing
nothing):
- lobby: `open_lobby(place, creator, chat_title, game_title=None)` (by the chat's rules),
  `join(game_id, person)`, `add_computer(game_id, by)`, `remove_computer(game_id, by, computer)`,
  `leave(game_id, user_id)`, `leave_lobby(game_id, user_id)` (the lobby button: refused once the match runs),
  `kick(game_id, by, is_admin, target, admin_name)`, `left_group(game_id, user_id, by)` (left the group, or
  removed from it); those, in a match paused in a closed topic: noted for when it goes on (`departure_noted`),
  `start(game_id, by, is_admin)` (by the chat's rules of that moment),
  `stop(game_id, by | None, is_admin)`, `stop_unreadable(game_id, by)` (a game whose document cannot be read:
  `find` and `load` raise UnreadableGame, a Refusal, for it),
  `lobbies_take_chat_rules(chat_id)` (after a change of the chat's rules).
- play: `press(game_id, user_id, surface, counter, intent, on_stale=None)`; `timeout(game_id, untold=None)`
  (None unless a deadline is due); `computer_move(game_id)`; `computer_thinking(doc)`; `deadline(record, doc)`
  for timers.
- reading and bookkeeping: `find(place)`, `last_ended(place)`, `load(game_id)`, `active_games()` (and
  `_in(chat_id)`, `_of(user_id)`), `recently_ended()`, `set_table_message`, `set_hand_message`,
  `keep_hand_choices`, `results_announced`, `turn_told_late`, `catch_told`, `catch_told_late`,
  `stop_asked`, `stop_settled` (the /stop questions open, for a restart),
  `player_unreachable`, `player_reachable`, `break_silence(game_id, user_id, holder)`;
  `pause(game_id)`, `resume(game_id)` (a forum topic closed to the bot, and reopened: bot.service.pausing);
  `topic_use` (the chats known to hold nothing in forum topics: bot.service.topic_use);
  `writes_done()` (shutdown: the hand messages still being written).
Each change returns an `Outcome`: the saved record, the document (engine state + adapter data), the events,
and `screens` (table, lobby, hands to edit, hands to send anew, and anew though told already).
"""

from bot.service.document import GameDocument
from bot.service.errors import Refusal, UnreadableGame
from bot.service.games import GameService
from bot.service.model import Clock, Intent, Outcome, Person, Place, Seeds, StaleCheck, Surface
from bot.service.progress import Screens
from bot.service.races import race_refusal

__all__ = [
    "Clock",
    "GameDocument",
    "GameService",
    "Intent",
    "Outcome",
    "Person",
    "Place",
    "Refusal",
    "Screens",
    "Seeds",
    "StaleCheck",
    "Surface",
    "UnreadableGame",
    "race_refusal",
]
