"""The rules of UNO (RULES.md): pure, deterministic, no I/O, no clock.

Start and play
    state, events = new_match([uid1, uid2, ...], rules=preset("house"), seed=1234, now=ms)
    actions = legal_actions(state, uid)             # what uid may do now (out-of-turn moves included)
    state, events = apply(state, action)            # new state + events; the input state is never mutated
    IllegalAction(reason: Reason) is raised for an illegal action (nothing changes, RNG included).
Treat states as immutable values: never change their lists or dicts in place (states share hand lists).

Players are int ids in seat (clockwise) order, 2-10 (negative ids are fine). Cards are int ids: indexes into
`deck_cards(rules.deck)` (`Card`: kind, colour (None = black), number, points, `code` like "R5", "Y+2", "W4").

Actions (slotted, hashable dataclasses, to be treated as immutable; each carries `now` in ms):
Play(player, card, now, extra=(), colour=None) (out of turn it is a jump-in; `extra` = further same-number
cards for multi-play, the last sets the colour; `colour` names the colour of a black card at once, skipping
the ChooseColour step), Draw, Pass,
ChooseColour(player, colour), ChooseSwap(player, target) (7-0), Challenge, Accept (take the pending penalty),
CallUno, Catch (catches everyone catchable, else a false catch), Slap (zero slap), BreakSilence (the adapter
saw the player post during seven-silence), Leave (leave / be removed), Timeout(kind, now) with kind
turn/catch/slap/next_round: send it when the matching deadline has passed; it is refused with TIMEOUT_NOT_DUE
when the deadline is not yet due or gone (stale), so a late timer can simply be ignored.
RestartTurnTimer(now): the turn player is told of their turn only now (the message was lost to a restart):
their time starts again (refused with TIMEOUT_NOT_DUE when no turn timer runs).
RestartCatchTimer(now): the group is shown the catch window only now (the table telling it was held back): the
window's time starts again (refused with TIMEOUT_NOT_DUE when no catch window is open).
GiveTimeBack(since, ms, now): the bot could reach neither Telegram nor its database from `since` for `ms`: the
deadlines running then (and set before it) move on by `ms` (refused with TIMEOUT_NOT_DUE when none did); a
negative `ms` (the clock set back at `since`) moves back those set before it and the state's clock.
Between rounds (after RoundEnded without MatchEnded) the state waits: round_over, pending NEXT_ROUND, actor
None, next_round_deadline = end + 5 s; Timeout(NEXT_ROUND) deals the next round (RoundStarted ...). Meanwhile
only Leave and that Timeout are accepted (others: Reason.ROUND_OVER); legal_actions is empty.
legal_actions never lists Leave, BreakSilence (adapter-driven), Timeout, RestartTurnTimer, RestartCatchTimer
or GiveTimeBack.

Reading the state (GameState, a plain dataclass):
    players (seat order), hands[uid], scores[uid] (match totals), top / colour (in force),
    direction (1 clockwise, -1), turn, stage, pending (Pending enum) and actor (who must act now: the colour /
    swap decider while `decision` is set, else the turn player), penalty / penalty_kind (pending draw),
    challenge (a challengeable black card: its player), cover (eight-cover duty), drawn_card, draw_pile,
    discard, turn_deadline, catchable + catch_deadline, slap_pending + slap_deadline, silence_holder,
    round_no, dealer, round_over, next_round_deadline, match_over, winners, next_deadline() (earliest of all
    deadlines), seq (number of applied actions).
Events (events.py) are slotted dataclasses; CardsDrawn.cards and Challenged.hand are private to their
receiver.

Serialisation: state_to_json / state_from_json, action_to_dict / action_from_dict, event_to_dict /
event_from_dict. Replaying the logged actions from the state new_match returned reproduces the state exactly.

Rules: Rules (frozen), Rules.from_dict (refuses unknown settings / bad values with RulesError(setting)),
Rules.to_dict, Rules.changed(**kw), SETTINGS (SettingSpec per setting: name, type, default, choices or
minimum/maximum, off_value), PRESETS / preset(name): official, house, extreme, h2o, minecraft.
bot.engine.rule_dependencies: which settings have no effect (or only part of it) under which others:
DEPENDENCIES, overridden(rules), inactive(rules, name), idle_because(rules, name), in_effect(rules).

Decisions beyond RULES.md (documented where the spec is silent):
- Wild Draw Four legality: any coloured card of the colour in force makes it a bluff (action cards of that
  colour included); cards matching only by number or symbol, and black cards, do not.
- A jump-in may also come from the penalty victim (identical card): with `jump_in` on it cancels their own
  penalty and passes a fresh one on (accumulated with stacking); `Catch` is always listed (false catch).
- The jump-in window on a top card shuts when the player after it draws, accepts a penalty or challenges,
  and stays shut on later turns until a new card is played; drawing to cover one's own 8 leaves it open,
  and so does a victim's draw in an extreme draw chain (a jumper may still extend the chain, seed 000).
- A drawn card that cannot be played passes the turn at once (Passed event); a playable one waits for
  Play/Pass.
- A penalty (Draw Two, Wild Draw Four, blank draw-ten) waits for the victim's Accept, so stacking,
  challenges and jump-ins have their moment (an extreme chain link only when its victim can pass it on).
  Extreme start: the first player draws 4 and is not skipped.
- Stalled round: when, for a whole cycle, every turn ended with a draw that found no card by a player who had
  nothing to play, the round ends and the fewest hand points win (ties: fewer cards, then turn order). A
  player who draws nothing instead of playing restarts the count.
- Churning round (RULES.md is silent): when the draw pile has been rebuilt from fewer discards than there are
  players (or than 3) three times per player in a row, nearly every card is in a hand and the same few go
  round, possibly for ever (force_play can make two players pass two Reverses back and forth while the others
  never move): the round ends as stalled. A hand smaller than at any rebuild of that run is progress
  (someone is heading out) and starts the count again.
- A bluff is never a duty: force_play obliges a drawn card only when it is playable without a bluff (a
  drawn Wild Draw Four with the colour in force in hand may be played, challengeable, or passed);
  until_playable draws on past such a card; a timed-out turn plays only a card that needs no bluff.
- A skip chain never skips the player who extends it: at most everyone else is skipped (with two players
  every Skip gives its player the turn again).
- With extreme_wild_restriction a blank card played as a plain Wild (blank_effect `wild`) is restricted like
  the Wild; a Creeper, which has its own effect, is not.
- Slap: the last to slap draws 4 (at once when everyone slapped; SLAP_ALONE when nobody else slapped); at the
  deadline so does everyone who did not. A new 0 restarts an open slap window.
- Extreme challenge on a stack: guilty takes the last W4 back and draws the stack; innocent draws stack + 4.
  If the discard pile was reshuffled since, the card stays on the pile. A restricted Wild is challenged as a
  W4 with a base of 4 (challenger draws 6, or 8 when extreme). With extreme_draw_chain on, Draw Two penalties
  follow the chain (no +2 stacking); W4 stacking still follows `stacking`.
- An extreme draw chain's victim draws at once only when they hold no identical card to pass it on (holding
  one, they choose: pass it on or take; whatever `jump_in` says, passing on is part of the chain). That draw
  is no move of theirs: the catch window on the player who made them draw stays open. As the victim has drawn
  already, a jump-in on a chain's Draw Two cancels nothing even with `jump_in` `on`. A last Reverse linking
  the chain turns nothing (the round is over, no DirectionChanged) but still makes the one before take it.
- A card just drawn still extends a draw or skip chain its player could have extended (it lands on the same
  sequence); passing, or a draw that finds nothing to play, ends the chain.
- Leaving: a pending colour choice of the leaver takes the colour they held most; a penalty on the leaver is
  dropped; a pending swap is cancelled; a challenge against a leaver still resolves (guilty: nobody draws,
  PenaltyVoided says so; extreme_challenge reverts the colour, the card stays on the pile: ColourReverted).
  A computer judges that bluff's odds from the count its player left with (`ChallengeInfo.held_on_leaving`).
- Eight cover draws only from the draw pile (no reshuffle); when it runs out the duty lapses and the turn
  passes (an 8 that was the last card then wins the round).
- An empty hand is not one card left: a player whose last card was an 8 still to cover cannot be caught (their
  catch window closes). Drawn back to one card by the cover, the pile spent, they must call anew: catchable.
- Turn timeout on a swap picks the smallest hand; on eight-cover it plays the first legal card (drawing
  first when needed).
"""

from bot.engine.actions import (
    Accept,
    Action,
    BreakSilence,
    CallUno,
    Catch,
    Challenge,
    ChooseColour,
    ChooseSwap,
    Draw,
    GiveTimeBack,
    Leave,
    Pass,
    Play,
    RestartCatchTimer,
    RestartTurnTimer,
    Slap,
    Timeout,
    TimeoutKind,
)
from bot.engine.cards import COLOURS, Card, Colour, Kind
from bot.engine.decks import DeckName, deck_cards, find_card
from bot.engine.errors import IllegalAction, Reason
from bot.engine.events import DrawReason, Event
from bot.engine.game import apply, new_match
from bot.engine.legal import legal_actions
from bot.engine.rules import (
    PRESETS,
    SETTINGS,
    SETTINGS_BY_NAME,
    BlankEffect,
    DrawRule,
    JumpIn,
    Rules,
    RulesError,
    Scoring,
    SettingSpec,
    SettingType,
    Stacking,
    preset,
)
from bot.engine.scoring import hand_points
from bot.engine.serialization import (
    action_from_dict,
    action_to_dict,
    event_from_dict,
    event_to_dict,
    state_from_dict,
    state_from_json,
    state_to_dict,
    state_to_json,
)
from bot.engine.state import ChallengeInfo, DecisionKind, GameState, Pending, Stage

__all__ = [
    "COLOURS",
    "PRESETS",
    "SETTINGS",
    "SETTINGS_BY_NAME",
    "Accept",
    "Action",
    "BlankEffect",
    "BreakSilence",
    "CallUno",
    "Card",
    "Catch",
    "Challenge",
    "ChallengeInfo",
    "ChooseColour",
    "ChooseSwap",
    "Colour",
    "DecisionKind",
    "DeckName",
    "Draw",
    "DrawReason",
    "DrawRule",
    "Event",
    "GameState",
    "GiveTimeBack",
    "IllegalAction",
    "JumpIn",
    "Kind",
    "Leave",
    "Pass",
    "Pending",
    "Play",
    "Reason",
    "RestartCatchTimer",
    "RestartTurnTimer",
    "Rules",
    "RulesError",
    "Scoring",
    "SettingSpec",
    "SettingType",
    "Slap",
    "Stacking",
    "Stage",
    "Timeout",
    "TimeoutKind",
    "action_from_dict",
    "action_to_dict",
    "apply",
    "deck_cards",
    "event_from_dict",
    "event_to_dict",
    "find_card",
    "hand_points",
    "legal_actions",
    "new_match",
    "preset",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "state_to_json",
]
