"""The group's table message: top card, colour, direction, whose turn, every player, windows, recent moves."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.engine.cards import Kind
from bot.engine.checks import chain_mode
from bot.engine.events import MatchEnded
from bot.engine.extreme import SILENCE_PENALTY
from bot.engine.rules import Scoring, Stacking
from bot.engine.scoring import ROUND_PAUSE_MS
from bot.engine.state import GameState, Pending
from bot.service.document import StopReason
from bot.tg.callback_data import Action
from bot.tg.pacing import Render
from bot.tg.render.cards import CardForm, card_label, top_line
from bot.tg.render.names import linked
from bot.tg.render.narration import recent_lines
from bot.tg.render.narrator import Narrator, direction_arrow, stopped_line
from bot.tg.render.text import (
    WINDOW_STEP_S,
    blocked_share,
    button,
    fit,
    hand_payload,
    lasted,
    names_and_more,
    paused_key,
    private_chat_link,
    seat_of,
    seconds_left,
    t,
    time_left,
    unbroken,
)
from bot.tg.render.untold_draw import Shown, shown
from bot.tg.render.views import OutageNote, TableView
from bot.visible_text import RUNS_MARK

RECENT_LINES = 5
# How many recent moves a table tells, from the most detailed table to the shortest: with them it may name ten
# players some 30 times, past Telegram's limit for names of NAME_UNITS (bot.tg.render.names); without them
# 19 at most (each row, whose turn and who takes its penalty, the windows' lists of three, the silence's
# holder), within it whatever the names.
_RECENT_LEVELS = (RECENT_LINES, 3, 0)
_STOPPED_KEYS: dict[StopReason, str] = {
    StopReason.GONE: "table-stopped-gone",
    StopReason.TOPICS_OFF: "table-stopped-topics-off",
}
_TURN_KEYS: dict[Pending, str] = {
    Pending.CHOOSE_COLOUR: "table-turn-colour",
    Pending.PENALTY: "table-turn-penalty-take",
    Pending.COVER: "table-turn-cover",
}


def table(view: TableView, lang: str) -> Render:
    cards = shown(view.state, view.recent)
    text = fit(lambda level: _text(view, cards, lang, _RECENT_LEVELS[level]), len(_RECENT_LEVELS))
    still = view.state.match_over or view.stopped or view.paused
    return Render(text, None if still else _keyboard(view, cards, lang))


def _text(view: TableView, cards: Shown, lang: str, recent: int) -> str:
    state = view.state
    # every line names the players alike, its recent moves too: their names are worked out once
    n = Narrator(view.seats, lang, state.rules.deck, view.kicker_names)
    lines = [_title(state, lang), top_line(state, lang)]
    if view.going_on:  # above whose turn it is: a table posted anew, perhaps hours after the last
        lines.append(t(lang, "table-going-on"))
    lines += _status_lines(view, n)
    if view.outage is not None:  # below the time left it explains: nobody could move meanwhile
        lines.append(_outage_line(view.outage, state, lang))
    # between two either direction is the same; one left (the others gone), or a match over or stopped, has
    # no order left to play in
    ordered = "yes" if len(state.players) > 2 and _going(view) else "no"
    # the points each row ends with, named once above them
    points = "no" if state.rules.scoring is Scoring.SINGLE_ROUND else "yes"
    arrow = direction_arrow(state.direction)
    lines += ["", t(lang, "table-players", ordered=ordered, arrow=arrow, points=points)]
    lines += [_player_row(view, cards, player, n) for player in state.players]
    seated = [seat_of(view.seats, player) for player in state.players]
    if _going(view) and any(not seat.reachable for seat in seated):  # the notice explaining it scrolls away
        lines.append(t(lang, "table-unreachable-legend", blocked=blocked_share(seated)))
    lines += ["", t(lang, "table-draw-pile", count=cards.draw_pile)]
    lines += _window_lines(view, n)
    # a won match's status line says who won (`_status_lines`): the recent moves' last line said it again
    told = [event for event in cards.recent if not (_won(view) and isinstance(event, MatchEnded))]
    narrated = recent_lines(n, told)
    if recent and narrated:
        lines += ["", t(lang, "table-recent")] + [f"• {line}" for line in narrated[-recent:]]
    return "\n".join(lines)


def _outage_line(outage: OutageNote, state: GameState, lang: str) -> str:
    """The outage and what got its time back: the turn, or between rounds (nobody's turn) the pause."""
    waiting = "next-round" if state.pending is Pending.NEXT_ROUND else "turn"
    seconds = lasted(outage.seconds, lang, rounded_down=outage.at_least)
    if outage.at_least:
        seconds = t(lang, "time-at-least", lasted=seconds)
    return t(lang, "table-outage", unreachable=outage.unreachable, lasted=seconds, waiting=waiting)


# What the match is played to: the lobby that said so is far up the chat (and fewer points lead in own-hand
# scoring); one round decides a single-round match.
_TITLE_KEYS = {Scoring.WINNER_TAKES: "table-title-target", Scoring.OWN_HAND: "table-title-lowest"}


def _title(state: GameState, lang: str) -> str:
    key = _TITLE_KEYS.get(state.rules.scoring, "table-title")
    return t(lang, key, round=state.round_no, count=state.rules.target_score)


def _going(view: TableView) -> bool:
    """Whether the match is still to be played: the marks of what a player does in it (🔑 runs it, 🔇 must
    start the bot to get cards) go once it is over or stopped, when there is nothing left to do."""
    return not (view.state.match_over or view.stopped)


def _status_lines(view: TableView, n: Narrator) -> list[str]:
    """Whose turn it is and what they must do (or that the round, the match or the game is over), in bold:
    the line a glance at the group looks for, among the table's two dozen; the time left stays plain."""
    state, lang = view.state, n.lang
    pending = state.pending
    if view.stopped and view.stopped_because in _STOPPED_KEYS:
        # Its results can't be posted where it was played, or go among another game's: the table says why.
        return [_bold(t(lang, _STOPPED_KEYS[view.stopped_because]))]
    if view.stopped:
        return [_bold(stopped_line(n, view.stopped_by))]
    if view.paused:
        return [_bold(t(lang, paused_key("table-paused", view.muted)))]
    if pending is Pending.NONE:  # who won says it is over; "is over" alone for a match nobody won
        return [_bold(_win(state, n) if _won(view) else t(lang, "table-match-over"))]
    if pending is Pending.NEXT_ROUND:
        over = _bold(t(lang, "table-round-over"))
        pause = ROUND_PAUSE_MS // 1000  # seconds, as a window's: counted by the second
        ends = time_left(state.next_round_deadline, view.now_ms, lang, pause, WINDOW_STEP_S)
        # under it, as a turn's end: beside it, the line was past a narrow phone's (tests.narrow_phone)
        soon = t(lang, "table-next-round-soon") if ends is None else t(lang, "table-next-round", left=ends)
        return [over, soon]
    actor = state.actor
    assert actor is not None
    seat = seat_of(view.seats, actor)
    who = linked(seat, n.who(actor)) if view.mention_actor else n.who(actor)
    key = _TURN_KEYS.get(pending, "table-turn")
    answer = _answer(state) if pending is Pending.PENALTY else None
    # what the turn asks of them ("must take 4 cards", "must cover the 8") held together: a long name wraps
    # after itself (tests.narrow_phone)
    due = ""
    if pending is Pending.PENALTY:
        due = t(lang, "table-penalty-taken", count=state.penalty)
    elif pending is Pending.COVER:
        due = t(lang, "table-cover-due")
    lines = [_bold(t(lang, key, name=who, due=unbroken(due)))]
    if pending is Pending.PLAY and state.challenge is not None:
        # A restricted plain Wild (extreme_wild_restriction), or a blank played as one: no penalty to take; on
        # a line of its own, as a penalty's answer, beside a long name past a narrow phone's
        card = card_label(state.card(state.challenge.card), lang, CardForm.OBJECT)
        lines.append(t(lang, "table-turn-may-challenge", card=card))
    if pending is Pending.CHOOSE_SWAP:  # on a line of its own: beside the name, past a narrow phone's
        lines.append(t(lang, "table-turn-swap"))
    if answer is not None:  # on a line of its own: beside what they must take, past a narrow phone's
        lines.append(t(lang, "table-turn-penalty-answer", answer=answer))
    if pending is Pending.CHOOSE_COLOUR and state.penalty:
        # A draw card's colour: its penalty (a stack's total) told already, and who takes it unless they
        # answer (theirs is the turn), else it reads as the chooser's own; on a line of its own (beside the
        # chooser's, past a narrow phone's), "4 cards" held together (cards-count) so a long name wraps after
        # itself.
        penalty = t(lang, "cards-count", count=state.penalty)
        lines.append(t(lang, "table-colour-penalty", taker=n.who(state.turn), cards=penalty))
    left = time_left(state.turn_deadline, view.now_ms, lang, state.rules.turn_seconds)
    if seat.is_computer or left is None:  # a computer moves within seconds: its minute would read as a wait
        return lines
    # on a line of its own: beside a long name it took the line past a narrow phone's (tests.narrow_phone)
    return [*lines, t(lang, "time-to-move", left=left)]


def _won(view: TableView) -> bool:
    """Whether the table is a won match's last: its status line says who won (not a stopped or paused one's,
    nor one of a match everyone else left before anyone won it)."""
    state = view.state
    return state.pending is Pending.NONE and bool(state.winners) and not (view.stopped or view.paused)


def _win(state: GameState, n: Narrator) -> str:
    """Who won the match, as the recent moves' line of its end (bot.tg.render.narration) says it."""
    names = names_and_more([n.who(player) for player in state.winners], n.lang)
    return n.say("narrate-match-ended", names=names, count=len(state.winners))


def _bold(line: str) -> str:
    return f"<b>{line}</b>"


# The penalties a card may be stacked on (a blank's or a Creeper's penalty takes none).
_STACKED_ON = (Kind.DRAW_TWO, Kind.WILD_DRAW_FOUR)


def _answer(state: GameState) -> str | None:
    """How the rules let a penalty be answered: passed on with a card ("pass"), the +4 challenged
    ("challenge"), or "both"; None when it can only be taken. Said on the table without regard to the hand,
    which the group must not learn about."""
    passes = chain_mode(state) or (
        state.rules.stacking is not Stacking.OFF and state.penalty_kind in _STACKED_ON
    )
    challenges = state.challenge is not None
    if passes and challenges:
        return "both"
    return "pass" if passes else "challenge" if challenges else None


def _player_row(view: TableView, cards: Shown, player: int, n: Narrator) -> str:
    state, lang = view.state, n.lang
    seat = seat_of(view.seats, player)
    # as in the lobby: who may /stop and /kick, while there is a game left to stop; beside the name, where it
    # cannot be read as a word on the score
    runs = f" {RUNS_MARK}" if seat.runs and _going(view) else ""
    # UNO! called, or ⚠️ not called: said of the one card, so beside the count, not read as said of the points
    count_marks = ""
    if player in cards.called and cards.counts[player] == 1:
        count_marks += " " + t(lang, "table-mark-uno")
    if player in _catchable(view):
        count_marks += " ⚠️"
    marks = " 🔇" if not seat.reachable and _going(view) else ""  # to get cards in a match still to play
    # one round decides the match: nobody scores points (the results show none either)
    points = state.rules.scoring is not Scoring.SINGLE_ROUND
    figures = t(
        lang,
        "table-player-figures" if points else "table-player-figures-no-points",
        count=cards.counts[player],
        count_marks=count_marks,
        score=state.scores.get(player, 0),
    )
    return t(
        lang,
        "table-player-row",
        marker="▶️" if player == state.actor and not view.stopped else "▫️",
        name=n.who(player) + runs,
        figures=unbroken(figures + marks),  # a name as wide as its cut wraps after itself, never inside them
    )


def _window_lines(view: TableView, n: Narrator) -> list[str]:
    state, lang = view.state, n.lang
    lines: list[str] = []
    if view.stopped or view.paused:  # its windows closed with it, or stand still with it
        return lines

    def names(players: list[int]) -> str:
        # a line of names a narrow phone wraps between them, never inside one (names.held)
        return names_and_more([n.who(player) for player in players], lang)

    # The catch and slap windows last seconds, not minutes: they show the exact seconds left, on a line that
    # fits a narrow phone (tests.narrow_phone); their names follow on the next, where a list of three and
    # "and 2 more" may wrap without taking the seconds with it.
    catchable = _catchable(view)
    if catchable:
        left = seconds_left(state.catch_deadline, view.now_ms, WINDOW_STEP_S) or 0
        lines += [t(lang, "table-catch-window", seconds=left), names(catchable)]
    if state.slap_deadline is not None:
        slap_left = seconds_left(state.slap_deadline, view.now_ms, WINDOW_STEP_S)
        # Past its end only in a restart's grace, when slaps still count until the bot closes it: "0 s" would
        # say they do not.
        key = "table-slap-window-timed" if slap_left else "table-slap-window"
        lines += [t(lang, key, seconds=slap_left or 0), names(state.slap_pending)]
    if state.silence_holder is not None:  # it binds the players only: the group's others may talk
        key = "table-silence" if view.sees_group else "table-silence-unseen"  # bot.tg.group_sight
        # Its 7's player choosing whom to swap with: "until they move" read as if their pick ended it.
        again = "yes" if state.silence_outlasts_move else "no"
        lines.append(t(lang, key, name=names([state.silence_holder]), count=SILENCE_PENALTY, again=again))
    # UNO Extreme chains: how long they are now, and under it (beside it, past a narrow phone's line) what the
    # next link costs.
    if state.chain:
        next_link = t(lang, "table-draw-chain-next", count=2 * (state.chain + 1))
        lines += [t(lang, "table-draw-chain", links=state.chain), next_link]
    # A chain never skips the one who extends it: at most everyone else (between two, as any Skip: no chain).
    # At that cap it says so ("skips everyone else"): "3 skipped · a Skip on it skips 3" read as a mistake.
    most = len(state.players) - 1
    if state.skip_chain and most > 1:
        following = min(state.skip_chain + 1, most)
        everyone = "yes" if following == most else "no"
        count = min(state.skip_chain, most)
        next_skip = t(lang, "table-skip-chain-next", next=following, everyone=everyone)
        lines += [t(lang, "table-skip-chain", count=count), next_skip]
    return lines


def _keyboard(view: TableView, cards: Shown, lang: str) -> InlineKeyboardMarkup:
    state = view.state
    rows = [
        [
            InlineKeyboardButton(
                t(lang, "button-my-cards"),
                url=private_chat_link(view.bot_username, hand_payload(view.game_id)),
            )
        ]
    ]
    catch = button(t(lang, "button-catch"), Action.CATCH, view.game_id, view.counter)
    if _catchable(view):
        rows.append([button(t(lang, "button-uno"), Action.UNO, view.game_id, view.counter), catch])
    elif _false_catch_possible(state, cards):
        rows.append([catch])
    if state.slap_deadline is not None:
        rows.append([button(t(lang, "button-slap"), Action.SLAP, view.game_id, view.counter)])
    return InlineKeyboardMarkup(rows)


def _catchable(view: TableView) -> list[int]:
    """Who the table offers to catch. A window past its end stays open only in a restart's grace, until the
    bot closes it, and refuses every catch meanwhile: "⏱ 0 s" and Catch! would offer one."""
    return view.state.catchable_at(view.now_ms)


def _false_catch_possible(state: GameState, cards: Shown) -> bool:
    """With a false-catch penalty, Catch! stays while anyone holds one card, called or not: whether the catch
    is right is the presser's risk (a player who did call UNO! makes it a false catch)."""
    if not state.rules.false_catch_penalty or state.round_over:
        return False
    return any(count == 1 for count in cards.counts.values())
