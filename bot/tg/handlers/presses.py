"""Button presses: each is answered at once; a refusal is a short alert in the presser's language."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

from telegram import CallbackQuery, Update
from telegram.ext import ContextTypes

from bot.engine.events import CardsDrawn, Caught, DrawReason
from bot.i18n import language_for
from bot.service import Outcome, Person, Refusal, Surface, race_refusal
from bot.service.races import OUTDATED
from bot.storage import GameStatus
from bot.tg import render
from bot.tg.awaited_refusals import press_reason_for
from bot.tg.callback_data import LEAVE_PAUSED_MUTED, Action, CallbackData, CallbackDataError, decode
from bot.tg.command_budget import CommandBudget
from bot.tg.handlers.buttons import (
    MOVES,
    TABLE_MOVES,
    catch_on_stale,
    intent_of,
    slap_on_stale,
    uno_on_stale,
)
from bot.tg.handlers.closed_lobbies import closed_lobby_alert
from bot.tg.handlers.common import games_seated_in, group_language, presser_language, runtime
from bot.tg.handlers.group_commands_in_private import leave_paused_pressed
from bot.tg.handlers.kick_presses import kick_pressed
from bot.tg.handlers.lobby_presses import join_pressed, play_again_pressed, start_or_stop_pressed
from bot.tg.handlers.selection import added, checked_selection, paged, playing_in
from bot.tg.render.names import plain_game_name
from bot.tg.render.text import game_title, names_list, plain_title
from bot.tg.runtime import Runtime
from bot.tg.send import answer_callback_query
from bot.tg.twin_presses import TwinPress
from bot.tg.views import seats

log = logging.getLogger(__name__)

# The lobby's, the /stop question's, /kick's answer's and the match end's buttons: only ever sent to the
# group.
GROUP_ONLY = frozenset(
    {
        Action.JOIN,
        Action.LEAVE,
        Action.START,
        Action.STOP,
        Action.ADD_COMPUTER,
        Action.REMOVE_COMPUTER,
        Action.AGAIN,
        Action.KICK,
    }
)

# The lobby's own buttons: a press on a lobby that closed is told what its message says.
_LOBBY_BUTTONS = GROUP_ONLY - {Action.STOP, Action.AGAIN, Action.KICK}
# A hand's buttons: its moves, and choosing cards of a multi-play or turning its pages.
_HAND_BUTTONS = MOVES | {Action.SELECT, Action.PAGE, Action.REFRESH}

# Presses whose change posts a new group message that answers the presser (Start: the deal's table), who is
# told why should the group refuse it (bot.tg.muted_answers).
_POSTING = frozenset({Action.START})

# The presses that still count on an outdated screen, and when.
_ON_STALE = {Action.CATCH: catch_on_stale, Action.SLAP: slap_on_stale, Action.UNO: uno_on_stale}

# Refusals a twin of a press that counted gets without a word, besides those of an outdated screen (see
# bot.tg.twin_presses): a catch pressed again finds nobody left to catch. (A second UNO! or Slap! says it
# was made already.)
_TWIN_QUIET = frozenset({"nobody_to_catch"})

# Presses that cost their presser cards, by why, and what the alert answering them says (the last slap's
# is what their hand now says too). Public for the simulated people, who tell these from refusals.
COST_ALERTS = {DrawReason.SLAP: "hand-news-slap-last", DrawReason.FALSE_CATCH: "alert-false-catch"}

# The lobby's buttons that undo each other: what a press refused as too fast is told.
_TOGGLES_TOO_FAST = {
    Action.JOIN: "lobby_toggles_too_fast",
    Action.LEAVE: "lobby_toggles_too_fast",
    Action.ADD_COMPUTER: "computer_toggles_too_fast",
    Action.REMOVE_COMPUTER: "computer_toggles_too_fast",
}

# The toast of a press that counted: a lobby's (Play again makes a change only by joining an open lobby), and
# an UNO! call's or a slap's, on the table or the hand (the hand redrawn at once only loses the button).
_TOASTS = {
    Action.JOIN: "alert-joined",
    Action.AGAIN: "alert-joined",
    Action.LEAVE: "alert-left",
    Action.UNO: "alert-uno-called",
    Action.SLAP: "alert-slapped",
}


async def on_press(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.callback_query
    assert query is not None
    rt = runtime(context)
    data = decode(query.data or "")
    if isinstance(data, CallbackDataError):
        await _alert(rt, context, query, "stale")
        return
    key = (query.from_user.id, query.data or "")
    with rt.twin_presses.handling(key) as token:
        this = TwinPress(rt.twin_presses, key, token)
        try:
            outcome = await _change(rt, context, query, data, this)
        except Refusal as refusal:
            outdated = refusal.reason in OUTDATED
            quiet = outdated or refusal.reason in _TWIN_QUIET
            if quiet and this.twin_came_first(rt.ticks()):
                await answer_callback_query(context.bot, query.id)  # the twin's answer says how it went
            else:
                await _alert(
                    rt,
                    context,
                    query,
                    refusal.reason,
                    data.game_id,
                    refusal.players,
                    {**refusal.counts, **refusal.choices},
                    refusal.people,
                    refusal.seated,
                    on_lobby=data.action in _LOBBY_BUTTONS,
                    on_hand=data.action in _HAND_BUTTONS and _own_private(query),
                )
            if outdated and _in_private(query):
                rt.heal_hand(data.game_id, query.from_user.id)
            return
        if outcome is not None:
            this.counted(rt.ticks())
            # Published in commit order, before the answer is awaited: a change saved while it was on its way
            # (a kick, the next move) was else drawn first, and this older one's screens over it.
            asker = None
            if data.action in _POSTING:
                rt.muted_answers.pressed(query)
                asker = query.from_user.id
            await rt.after(outcome, asker=asker)
            said, alert = await _answer(rt, query, data, outcome)
            await answer_callback_query(context.bot, query.id, said, show_alert=alert)


async def _change(
    rt: Runtime, context: ContextTypes.DEFAULT_TYPE, query: CallbackQuery, data: CallbackData, this: TwinPress
) -> Outcome | None:
    """The change a press makes (None when it was answered already); a Refusal when it makes none."""
    user_id = query.from_user.id
    if (
        # An outdated Catch! may still catch, Slap! slap and UNO! call (_ON_STALE).
        data.action in MOVES - _ON_STALE.keys()
        and _own_private(query)
        and rt.publishing.outdated(data.game_id, user_id, data.state)
    ):
        # Refused without waiting for the game; saying what replaced the screen when that was a race.
        loaded = await rt.service.load(data.game_id)
        raise (
            Refusal("stale")
            if loaded is None
            else race_refusal(loaded[1], user_id, "stale", data.state, hand_pressed=data.state)
        )
    return await _handle(rt, context, query, data, this)


async def _answer(
    rt: Runtime, query: CallbackQuery, data: CallbackData, outcome: Outcome
) -> tuple[str | None, bool]:
    """What a press that counted is answered with, and whether as an alert: the last Slap! closes the window
    and costs its presser cards (RULES.md §7), which they learn at once, as a late slapper does; so does a
    false catch (RULES.md §5), which their hand does not tell; else a toast, if any."""
    for reason, said in COST_ALERTS.items():
        cost = _drawn(outcome, query.from_user.id, reason)
        if cost:
            lang = await _presser_language(rt, query)
            return rt.translator.t(lang, said, count=cost), True
    return await _toast(rt, query, data, outcome), False


async def _toast(rt: Runtime, query: CallbackQuery, data: CallbackData, outcome: Outcome) -> str | None:
    """A short word that the press counted, where the screen saying so may take a moment in a busy group: the
    lobby's edit, the table's line of a catch, an UNO! call or a slap (one who pressed with others must not
    wait to learn theirs counted: a slap window lasts seconds; a hand pressed on says it in no words)."""
    user_id = query.from_user.id
    caught = [
        event.target for event in outcome.events if isinstance(event, Caught) and event.catcher == user_id
    ]
    toast = "alert-caught" if caught else _TOASTS.get(data.action)
    if toast is None:
        return None
    lang = await _presser_language(rt, query)
    shown = seats(outcome.doc)
    names = names_list([plain_game_name(shown, player, lang) for player in caught], lang)
    return rt.translator.t(lang, toast, names=names, count=len(caught))


def _drawn(outcome: Outcome, player: int, reason: DrawReason) -> int:
    """How many cards the change made `player` take for `reason`."""
    return sum(
        event.count
        for event in outcome.events
        if isinstance(event, CardsDrawn) and event.player == player and event.reason is reason
    )


async def _presser_language(rt: Runtime, query: CallbackQuery) -> str:
    """The presser's language (`presser_language`), read once their press was saved: when the database
    cannot say (out of reach for a moment), their app's. The press counted: it is answered so, and published
    (`Runtime.after`)."""
    user = query.from_user
    try:
        return await presser_language(rt, query)
    except Exception:
        log.warning("Reading the language of user %s failed; their app's is used", user.id, exc_info=True)
        return language_for(user.language_code, rt.settings.default_language)


async def _handle(
    rt: Runtime, context: ContextTypes.DEFAULT_TYPE, query: CallbackQuery, data: CallbackData, this: TwinPress
) -> Outcome | None:
    """The change a press makes; None when the press was answered here already (`this`: told a twin's)."""
    user = query.from_user
    game_id = data.game_id
    if _in_private(query):
        # A forged client: these buttons live in the group, where it is checked; but for a /stop question
        # asked in a topic closed to the bot, which is asked in the asker's private chat (stop.stop).
        if data.action in GROUP_ONLY and not (data.action is Action.STOP and _own_private(query)):
            raise Refusal("not_your_button")
    elif data.action is not Action.AGAIN:  # the game it names has ended: it acts on the chat it is pressed in
        await _check_place(rt, query, game_id)
    if data.action in MOVES:
        on_table = data.action in TABLE_MOVES and not _in_private(query)
        if not on_table and not _own_private(query):
            raise Refusal("not_your_button")
        surface = Surface.TABLE if on_table else Surface.HAND
        on_stale = _ON_STALE.get(data.action)
        return await rt.service.press(game_id, user.id, surface, data.state, intent_of(data), on_stale)
    match data.action:
        case Action.JOIN:
            _check_toggles(rt.lobby_toggles, rt, data, user.id)
            return await join_pressed(rt, context, query, game_id)
        case Action.AGAIN:
            return await play_again_pressed(rt, context, query, game_id)
        case Action.LEAVE:
            _check_toggles(rt.lobby_toggles, rt, data, user.id)
            return await rt.service.leave_lobby(game_id, user.id)
        case Action.LEAVE_PAUSED:
            if not _own_private(query):
                raise Refusal("not_your_button")
            await leave_paused_pressed(rt, user, game_id, muted=data.state == LEAVE_PAUSED_MUTED)
            await answer_callback_query(context.bot, query.id)
            return None
        case Action.START | Action.STOP:
            return await start_or_stop_pressed(rt, context, query, data)
        case Action.KICK:
            await kick_pressed(rt, context, query, data, this)
            return None
        case Action.ADD_COMPUTER:
            _check_toggles(rt.computer_toggles, rt, data, user.id)
            return await rt.service.add_computer(game_id, user.id)
        case Action.REMOVE_COMPUTER:
            _check_toggles(rt.computer_toggles, rt, data, user.id)
            return await rt.service.remove_computer(game_id, user.id, -data.args[0])
        case Action.SELECT:
            if not _own_private(query):
                raise Refusal("not_your_button")
            await checked_selection(rt, game_id, user.id, data.state, data.args)
            await answer_callback_query(context.bot, query.id)
            rt.show_hand(
                game_id, user.id, keep=lambda doc, shown: added(doc, user.id, data.state, data.args, shown)
            )
            return None
        case Action.PAGE | Action.REFRESH:  # REFRESH: Cancel of a selection
            if not _own_private(query):
                raise Refusal("not_your_button")
            await playing_in(rt, game_id, user.id)
            await answer_callback_query(context.bot, query.id)
            if data.action is Action.REFRESH:
                rt.show_hand(game_id, user.id, keep=lambda doc, _: ())
                return None
            page, *cards = data.args
            rt.show_hand(
                game_id,
                user.id,
                page,
                lambda doc, shown: paged(doc, user.id, data.state, tuple(cards), shown),
            )
            return None
    raise Refusal("unknown")


def _check_toggles(budget: CommandBudget, rt: Runtime, data: CallbackData, user_id: int) -> None:
    """Join and Leave, and Add and Remove a computer, count a few times at once, then once in a while
    (bot.tg.command_budget)."""
    if not budget.take((data.game_id, user_id), rt.ticks()):
        raise Refusal(_TOGGLES_TOO_FAST[data.action])


async def _check_place(rt: Runtime, query: CallbackQuery, game_id: int) -> None:
    """A group's buttons act on that group's game only. Another chat's game: the group's buttons from before
    it became a supergroup (the game moved on), or a forged payload; out of date either way."""
    loaded = await rt.service.load(game_id)
    if loaded is None:
        raise Refusal("no_game")
    if query.message is None or loaded[0].chat_id != query.message.chat.id:
        raise Refusal("stale")


async def _alert(
    rt: Runtime,
    context: ContextTypes.DEFAULT_TYPE,
    query: CallbackQuery,
    reason: str,
    game_id: int | None = None,
    players: Mapping[str, int] | None = None,
    said: Mapping[str, str | int] | None = None,
    people: Mapping[str, Sequence[Person]] | None = None,
    seated: Sequence[Person] = (),
    on_lobby: bool = False,
    on_hand: bool = False,
) -> None:
    """A refusal in the presser's language: known to the publisher for a game's players, else read. `players`:
    those of the game it names, by argument; `said`: the numbers it says and the variants it picks; `people`:
    those it lists who hold no seat, by argument, named apart from the game's `seated` people; `on_lobby`:
    pressed on the lobby's message (one closed says why, bot.tg.handlers.closed_lobbies); `on_hand`: on the
    presser's hand (named by its group to one who has hands of several)."""
    # a hand's press: the player's language as their hand reads it; a press in the group, as their toasts
    known = None
    if game_id is not None and _in_private(query):
        known = rt.publishing.language_of(game_id, query.from_user.id)
    lang = known or await presser_language(rt, query)
    names = await _names(rt, game_id, players, lang) if players else {}
    group_lang = await _group_screens_language(rt, query, game_id)
    reason = await press_reason_for(rt, game_id, query.from_user.id, reason)
    closed = on_lobby and reason == "no_game"
    text = await closed_lobby_alert(rt, game_id, query.from_user.id, lang, group_lang) if closed else None
    text = text or render.refusal(reason, lang, group_lang, people, seated, **names, **(said or {}))
    if game_id is not None and on_hand:
        text = await _naming_its_group(rt, game_id, query.from_user.id, lang, text)
    await answer_callback_query(context.bot, query.id, text, show_alert=True)


async def _naming_its_group(rt: Runtime, game_id: int, user_id: int, lang: str, text: str) -> str:
    """A refusal on a hand of one who plays in two groups' matches (or more) at once names the hand's group,
    as the hand's first line does: "It's not your turn." alone did not say which of their hands it meant."""
    running = [
        (record, doc)
        for record, doc in await games_seated_in(rt, user_id)
        if record.status is GameStatus.RUNNING
    ]
    group = next(
        (game_title(doc, lang) for record, doc in running if record.id == game_id),
        None,
    )
    if len(running) < 2 or group is None:
        return text
    return rt.translator.t(lang, "alert-in-group", chat=plain_title(group, lang), text=text)


async def _group_screens_language(rt: Runtime, query: CallbackQuery, game_id: int | None) -> str | None:
    """The language of the group's lobby and table, whose buttons an alert may name: known to the publisher
    for a game it shows, else read for a press in the group (for one in private, unknown)."""
    known = rt.publishing.group_language_of(game_id) if game_id is not None else None
    if known is None and query.message is not None and not _in_private(query):
        return await group_language(rt, query.message.chat.id)
    return known


async def _names(rt: Runtime, game_id: int | None, players: Mapping[str, int], lang: str) -> dict[str, str]:
    """The players as the game's screens name them (plain text: an alert is not HTML)."""
    loaded = await rt.service.load(game_id) if game_id is not None else None
    shown = seats(loaded[1]) if loaded is not None else {}
    return {arg: plain_game_name(shown, player, lang) for arg, player in players.items()}


def _in_private(query: CallbackQuery) -> bool:
    return query.message is not None and query.message.chat.type == "private"


def _own_private(query: CallbackQuery) -> bool:
    return query.message is not None and query.message.chat.id == query.from_user.id
