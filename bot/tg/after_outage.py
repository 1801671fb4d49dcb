"""Telegram and the database within reach again (bot.tg.outages). After a long outage every match gets back
the time nobody could see the table or press, every game's timers run again at once, and the screens are
redrawn (writes were given up meanwhile, a "your turn" message among them). After a short one (a failed call
or two) only the games whose deadline or computer waited go on, and a slow turn's redraw due meanwhile comes
(bot.tg.timers `release`): a blip of Telegram's costs no other game a read.
After a long one, or one of the database's, the games that ended lately before it or during it show their
last screens and post the results they still owe (their publish may have failed, the database out of reach
as it read them, or their writes were given up). A match given time back after a long one says on its table,
until the game next changes, what was out of reach and for how long: the players' buttons had just spun.
Start-up gives the games the time the bot was down the same way (`give_time_back`, bot.tg.downtime)."""

from __future__ import annotations

import logging
from contextlib import suppress

from bot.service import Outcome, Refusal, UnreadableGame
from bot.service.document import read_document
from bot.storage import GameRecord, GameStatus
from bot.tg.downtime import Span
from bot.tg.outages import Reach
from bot.tg.render import OutageNote
from bot.tg.runtime import Runtime

log = logging.getLogger(__name__)


async def resume_games(rt: Runtime, span: Span) -> None:
    """`span`: what to give (bot.tg.downtime `owing`), told on the tables as what was out of reach then. The
    games' timers run again and their screens are redrawn once it is given: a set-back that also gives an
    earlier outage's time owed (`Span.back`) gives both to each game at once."""
    since, out = span.since, span.out
    if not span.gives:  # gives no time back and redraws no running game
        if rt.timers is not None:
            await rt.timers.release()
        if Reach.DATABASE in out and (ended := await rt.service.recently_ended(before=since)):
            rt.heal_screens(ended)
        return
    if span.set_back:
        rt.service.clock_set_back(since, -span.set_back)
    games = await give_time_back(rt, span, _unreachable(out))
    for _, outcome in games:
        if outcome is not None:
            await rt.after(outcome)
    if rt.timers is not None:
        rt.timers.resume([(record, read_document(record)) for record, _ in games])
    rt.heal_screens([*(record.id for record, _ in games), *await rt.service.recently_ended(before=since)])


async def give_time_back(
    rt: Runtime, span: Span, unreachable: str | None, at_least: bool = False
) -> list[tuple[GameRecord, Outcome | None]]:
    """Nobody could see a table or press from `since` for `lost` ms (`span`: an outage, or the bot down:
    bot.tg.downtime): every active game's deadlines running then, or its idle clock, move on by as much (below
    0: back, the wall clock set back that much), and a match's table says why (`unreachable`, as OutageNote
    has it; None: nothing to say; `at_least`: `lost` is only the sure part of how long it lasted, a crash's)
    and for how long: the part the game got (a give-back cut short gives the games it reached the rest), but
    for a set-back (`Span.set_back`), which it does not tell.
    The active games as they are now, each with its change to publish (None: nothing of it ran then); an
    unreadable game is left out (its timers stopped for good)."""
    since, lost, _, _ = span
    games: list[tuple[GameRecord, Outcome | None]] = []
    for record in await rt.service.active_games():
        try:
            outcome = await rt.service.give_time_back(record.id, since, lost, span.set_back)
        except Refusal:  # unreadable, or deleted meanwhile: nothing to resume
            continue
        if outcome is not None and unreachable is not None:
            before = read_document(record)  # (as it was before: readable)
            _, owed = before.given_back.owed(since, lost)
            # less the set-back it had not had yet, as the service gave it: all of the span's, none, or the
            # part of a span it had that the clock went back further by since
            got = owed - before.given_back.further_back(since, span.set_back)
            seconds = got // 1000 if at_least else round(got / 1000)
            _tell_time_back(rt, outcome, OutageNote(unreachable, seconds, at_least))
        games.append((record if outcome is None else outcome.game, outcome))
    taken = "given back" if lost > 0 else "taken away"  # (below 0: the wall clock was set back more)
    log.info("%s games resumed, %.0f s %s", len(games), abs(lost) / 1000, taken)
    return games


async def set_back_under_way(rt: Runtime, since: int) -> bool:
    """Whether the bot went down as a set-back of the wall clock from `since` was moving the games back (it
    had moved some: `TimeGivenBack.set_back_at`): the next start moves the rest and gives those it moved the
    time since, however short a downtime the clock gone back reads."""
    for record in await rt.service.active_games():
        with suppress(UnreadableGame):  # (its timers stop: nothing to move)
            doc = read_document(record)
            if doc.given_back.was_set_back_at(since):
                return True
    return False


def _unreachable(out: frozenset[Reach]) -> str | None:
    """What a table tells was out of reach, as OutageNote has it (None, nothing: a jump of the wall clock,
    which nobody noticed)."""
    return (
        None if not out else "both" if len(out) > 1 else "telegram" if Reach.TELEGRAM in out else "database"
    )


def _tell_time_back(rt: Runtime, outcome: Outcome, note: OutageNote) -> None:
    """A running match with a turn timer given the time back: its table says why it stood still. A paused one
    was given nothing (its clocks stood still already; a set-back only moved them back): nothing to say."""
    record, doc = outcome.game, outcome.doc
    running = record.status is GameStatus.RUNNING and not doc.paused
    if note.seconds <= 0 or not running or not doc.rules.turn_seconds:
        return
    rt.publishing.outage_over(record.id, doc.state.seq, note)
