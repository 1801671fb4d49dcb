"""The composition root: build the PTB Application with the service, publisher and timers, and run it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeAlias

from telegram import Update
from telegram.constants import ParseMode
from telegram.error import Conflict, NetworkError
from telegram.ext import Application, ApplicationBuilder, ApplicationHandlerStop, ContextTypes, Defaults
from telegram.request import BaseRequest

from bot.config import ConfigError, Settings
from bot.i18n.shared import translator
from bot.logging_setup import database_unavailable
from bot.service import GameDocument, GameService, UnreadableGame
from bot.storage import Database, GameRecord
from bot.tg import settings_handlers, shown_at_stop, stats_handlers, stop_questions_kept
from bot.tg.after_outage import give_time_back, resume_games, set_back_under_way
from bot.tg.apology import apologise
from bot.tg.chat_rights import RightsUnknown
from bot.tg.downtime import Downtime, Span
from bot.tg.fleeting import FleetingMessages
from bot.tg.handlers import register
from bot.tg.handlers.common import RUNTIME_KEY
from bot.tg.http import AiohttpRequest
from bot.tg.kept_deletions import KeptDeletions
from bot.tg.old_logs import OldGameLogs
from bot.tg.outages import Outages, Reach
from bot.tg.pacing import WritePacer
from bot.tg.profile_kept import set_own_menus_again, set_profile
from bot.tg.publisher import Publisher
from bot.tg.rate_limiter import WriteRateLimiter
from bot.tg.replies import PacedReplies
from bot.tg.runtime import Runtime
from bot.tg.scheduler import LoopScheduler, Scheduler
from bot.tg.send import Sleep
from bot.tg.table_edits import SettlingEdits
from bot.tg.telegram_reach import TelegramReach
from bot.tg.timers import Timers
from bot.tg.token_watch import TokenWatch
from bot.tg.update_origin import update_origin
from bot.tg.updates_request import UpdatesWithLeanKeyboards

logger = logging.getLogger(__name__)
BOOTSTRAP_RETRIES = 10
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGABRT)  # PTB's own: Ctrl+C, `docker stop`, an abort
TOKEN_WATCH_KEY = "token_watch"
OUTAGES_KEY = "outages"
DOWNTIME_KEY = "downtime"

BotApplication: TypeAlias = Application[Any, ContextTypes.DEFAULT_TYPE, Any, Any, Any, Any]


class UnoApplication(BotApplication):
    """PTB's Application, stopping within a grace period however long Telegram's limits make writes wait.

    run_polling stops in this order (telegram/ext/_application.py, __run): updater.stop, stop (wait for the
    handlers and jobs still running), post_stop, shutdown (closes the bot's HTTP client), post_shutdown. A
    handler may await a paced send minutes away (a group's 20 a minute, a flood wait), so the grace starts
    here: writes go on for SHUTDOWN_GRACE_SECONDS, then the pacer fails every queued and later write at once.
    The pacer is stopped before `stop` returns, so no write is tried after the HTTP client is closed.

    A stop, asked by a signal (`stop_on`) or by Telegram refusing the token (TokenWatch), is made once, and
    only where no start-up step is under way: PTB's signal handlers, raising SystemExit while a step ran
    (post_init, Updater.start_polling), left that step's task half done, to go on while the bot stopped:
    start_polling's failed with "cannot reuse already awaited coroutine", post_init's wrote through the
    closed HTTP client; and a second signal (or one after the token's stop began) cut the stop short.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.stop_asked = False

    def stop_on(self, received: signal.Signals) -> None:
        """A stop signal's handler; saying which one came: an operator tells `docker stop` (SIGTERM) from a
        Ctrl+C (SIGINT)."""
        logger.info("Stopping: %s received", received.name)
        self.ask_to_stop()

    def ask_to_stop(self) -> None:
        """Stops the bot once: polling, at once; before post_init ended, after it (run_polling does not poll
        then); meanwhile (Updater.start_polling, start), once polling began (`_polling_began`)."""
        if self.stop_asked:
            return
        self.stop_asked = True
        self.stop_running()

    async def start(self) -> None:
        await super().start()
        task = asyncio.current_task()
        assert task is not None
        task.add_done_callback(self._polling_began)

    def _polling_began(self, started: asyncio.Task[None]) -> None:
        # run_polling's run_until_complete(start()) stops the loop in a done callback added before this one,
        # in this round of the loop: a stop asked in this round (loop.stop) would go with that one, and
        # run_forever poll on. In the next round, run_forever's, no start-up step is under way.
        started.get_loop().call_soon(self._stop_if_asked)

    def _stop_if_asked(self) -> None:
        if self.stop_asked:
            self.stop_running()

    async def stop(self) -> None:
        rt = runtime_of(self)
        # An outage ending now (the grace's writes find the database back) would arm the games' timers again.
        outages: Outages = self.bot_data[OUTAGES_KEY]
        outages.close()
        if rt.timers is not None:
            rt.timers.close()  # no deadline fires while stopping: the next start re-arms every game
        await rt.stop_healing()  # not worth the grace: the next start redraws every screen again
        wiring: Wiring = self.bot_data["wiring"]
        grace = asyncio.ensure_future(wiring.sleep(SHUTDOWN_GRACE_SECONDS))

        def grace_over(ended: asyncio.Future[None]) -> None:
            if not ended.cancelled():
                rt.stop_writing()

        grace.add_done_callback(grace_over)
        idle: asyncio.Future[None] | None = None
        try:
            await super().stop()  # updates still queued are handled, running jobs finish
            idle = asyncio.ensure_future(rt.idle())  # what they asked for may still be queued
            await asyncio.wait({grace, idle}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            grace.cancel()
            if idle is not None:
                idle.cancel()
            rt.stop_writing()
            await rt.aclose()


SHUTDOWN_GRACE_SECONDS = 5.0


@dataclass(frozen=True)
class Wiring:
    """What tests and benchmarks replace: time, randomness, HTTP, scheduling."""

    clock: Callable[[], float] = time.time  # seconds since the epoch
    monotonic: Callable[[], float] = time.monotonic  # what the event loop's timers wait on (seconds)
    sleep: Sleep = asyncio.sleep
    seeds: Callable[[], int] = lambda: secrets.randbits(48)
    request: BaseRequest | None = None
    get_updates_request: BaseRequest | None = None
    rate_limiter: bool = True
    scheduler: Scheduler | None = None  # default: the event loop's timers


def runtime_of(application: BotApplication) -> Runtime:
    found = application.bot_data[RUNTIME_KEY]
    assert isinstance(found, Runtime)
    return found


def build_application(
    settings: Settings, token: str, database: Database, wiring: Wiring | None = None
) -> UnoApplication:
    """The Application talking to {TELEGRAM_API_URL}/bot<token>/<method>, with rate limiting and HTML."""
    wiring = wiring or Wiring()
    builder: ApplicationBuilder[Any, Any, Any, Any, Any, Any] = (
        ApplicationBuilder()
        .token(token)
        .base_url(f"{settings.telegram_api_url}/bot")
        .base_file_url(f"{settings.telegram_api_url}/file/bot")
        .defaults(Defaults(parse_mode=ParseMode.HTML))
        .concurrent_updates(True)  # presses of different games must not wait for each other
        .application_class(UnoApplication)
        .post_init(_post_init)
        .post_shutdown(_post_shutdown)
    )
    if wiring.rate_limiter:
        # Still needed: deleteMessage calls Telegram outside the WritePacer's chat queues (reads such as
        # getChatMember pass it without the group's bucket: rate_limiter.py).
        # Paced writes pass it too, and it holds them up only when those calls filled its buckets: the
        # pacer's rolling windows are stricter than its leaky buckets. Answers (answerCallbackQuery) have no
        # chat_id, so PTB does not limit them; send.py retries their 429s.
        builder = builder.rate_limiter(WriteRateLimiter())
    outages = Outages(lambda: int(wiring.clock() * 1000), lambda: int(wiring.monotonic() * 1000))
    builder = builder.request(TelegramReach(wiring.request or AiohttpRequest(), outages))
    updates_request = TelegramReach(
        wiring.get_updates_request or AiohttpRequest(connection_pool_size=1), outages
    )
    token_watch = TokenWatch(updates_request, on_rejected=lambda: application.ask_to_stop())
    builder = builder.get_updates_request(UpdatesWithLeanKeyboards(token_watch))
    built = builder.build()
    assert isinstance(built, UnoApplication)
    application = built  # (what on_rejected above stops)
    application.bot_data[TOKEN_WATCH_KEY] = token_watch
    application.bot_data[OUTAGES_KEY] = outages
    database.reach = lambda reached: (outages.reached if reached else outages.lost)(Reach.DATABASE)

    clock_ms = outages.now  # (a jump of it seen at once)

    def ticks_ms() -> int:
        return int(wiring.monotonic() * 1000)

    service = GameService(database, clock_ms, wiring.seeds, ticks_ms)
    rt = Runtime(settings, database, service, translator, clock_ms, ticks_ms, wiring.sleep)
    application.bot_data[RUNTIME_KEY] = rt
    application.bot_data["wiring"] = wiring
    register(application, outages.settled)
    # Settings and stats run first (group -1) and end the handling of what is theirs.
    replies = PacedReplies(lambda: rt.pacer, rt.clock, rt.ticks, lambda: rt.fleeting, rt.closed_topics)
    settings_handlers.register(
        application,
        database,
        settings.default_language,
        on_rules_changed=rt.chat_rules_changed,
        on_language_changed=rt.readers_changed,
        replies=replies,
        sees_group=rt.sees_group,
        spawn=rt.spawn,
        clock=wiring.monotonic,
        sleep=wiring.sleep,
    )
    rt.matches_changed = lambda chat_id: settings_handlers.matches_changed(application, chat_id)
    rt.own_menus = settings_handlers.own_menus(application)
    rt.pauses.went_on = lambda game_id, in_topic: stop_questions_kept.went_on(rt, game_id, in_topic)
    rt.questions_outlived = lambda questions: stop_questions_kept.outlived(rt, questions)
    stats_handlers.register(
        application,
        database=database,
        default_language=settings.default_language,
        replies=replies,
        comments=rt.comment_threads,
        clock=lambda: datetime.fromtimestamp(wiring.clock(), UTC),  # "this month" follows the same clock
    )
    application.add_error_handler(_log_error)
    return application


def run_polling(application: UnoApplication) -> None:
    """Poll until SIGINT/SIGTERM, or until Telegram refuses the token (ConfigError). Updates sent while the
    bot was down are still handled. A failure while starting (wait_for_telegram has reached Telegram just
    before) is tried again a few times (~2 min in all) before it stops the bot: a blip passes, a lasting
    refusal is not hidden."""
    # PTB runs on the event loop set here (and closes it); its own stop signals would stop it without a word,
    # and in the middle of a start-up step (UnoApplication.stop_on).
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    with contextlib.suppress(NotImplementedError):  # Windows: Ctrl+C stops PTB as a KeyboardInterrupt
        for stop_signal in STOP_SIGNALS:
            loop.add_signal_handler(stop_signal, application.stop_on, stop_signal)
    application.run_polling(
        allowed_updates=Update.ALL_TYPES,
        drop_pending_updates=False,
        bootstrap_retries=BOOTSTRAP_RETRIES,
        stop_signals=None,
    )
    token_watch: TokenWatch = application.bot_data[TOKEN_WATCH_KEY]
    if token_watch.rejected:
        raise ConfigError(
            "BOT_TOKEN was rejected by Telegram while the bot ran (revoked with /revoke?): put the token "
            "@BotFather gives now in BOT_TOKEN"
        )


async def _post_init(application: BotApplication) -> None:
    # getMe has succeeded by now (Application.initialize); the database is migrated.
    rt = runtime_of(application)
    wiring: Wiring = application.bot_data["wiring"]
    rt.bot = application.bot
    # The writes' windows and waits on the clock `sleep` waits on: the wall clock set back an hour (NTP) would
    # hold a group's writes (or every write) that long.
    rt.pacer = WritePacer(
        application.bot,
        clock=wiring.monotonic,
        sleep=wiring.sleep,
        on_undelivered=rt.undelivered,
        on_posted=rt.muted_groups.posted,
    )
    scheduler = wiring.scheduler or LoopScheduler(rt.spawn)
    rt.fleeting = FleetingMessages(
        scheduler, rt.pacer.tidy, rt.spawn, rt.clock, KeptDeletions(rt.database, rt.spawn)
    )
    rt.publisher = Publisher(
        application.bot,
        rt.pacer,
        rt.service,
        rt.database,
        rt.translator,
        rt.settings.default_language,
        rt.clock,
        rt.ticks,
        rt.player_reach.unreachable_in,
        rt.turn_told_late,
        lambda game_id: rt.timers.told(game_id) if rt.timers is not None else None,
        rt.catch_shown,
        SettlingEdits(rt.pacer, wiring.monotonic, wiring.sleep, rt.spawn),
        rt.spawn,
        rt.fleeting,
        lambda game_id: rt.timers.grace_end(game_id) if rt.timers is not None else 0,
        rt.muted_answers.refused,
    )
    outages: Outages = application.bot_data[OUTAGES_KEY]
    rt.timers = Timers(
        rt.service,
        scheduler,
        rt.clock,
        rt.after,
        on_remind=rt.publisher.remind,
        on_countdown=rt.publisher.countdown,
        telling=rt.publisher.telling,
        holding=outages.timers_wait,
        window_seen=rt.publisher.catch_seen,
    )
    downtime = Downtime(rt.database, rt.clock, lambda: outages.holding)

    async def over(since: int, lost: int, out: frozenset[Reach]) -> None:
        # (from an earlier outage's beginning when its give-back was cut short; a stop or a crash meanwhile
        # leaves the next start to give it)
        span = await downtime.owing(since, lost, out)
        await resume_games(rt, span)
        if span.gives:  # a crash before the next write: not again
            await downtime.resumed()

    probes = {Reach.TELEGRAM: application.bot.get_me, Reach.DATABASE: rt.database.probe}
    outages.serve(scheduler, probes, over, rt.spawn, downtime.owes)
    await shown_at_stop.recall(rt.database, rt.pacer)  # before the first write (the time given back redraws)
    # Before the timers are armed: the deadlines that ran on while the bot was down move, as after an outage
    # as long (a shorter one: the start-up grace covers it); those that passed before it fire after the grace.
    # Published by the healing below, which posts the results a game owes before its new table. A set-back
    # of the clock cut short (written down as a stop as it began) is given whatever the downtime reads.
    down = await downtime.last_run()
    if down is not None and (down.long or (down.exact and await set_back_under_way(rt, down.since))):
        await give_time_back(rt, Span(down.since, down.lost, frozenset()), "restart", at_least=not down.exact)
    await downtime.start(scheduler)
    application.bot_data[DOWNTIME_KEY] = downtime  # its stop writes down when it stopped (not before this)
    # before polling: the deadlines of every game run again, and a silence the table showed binds as before
    games = await rt.timers.rearm_all(lambda record, doc: _seen_before_start(rt, record, doc))
    logger.info("Timers of %s active games re-armed", len(games))
    OldGameLogs(
        rt.database, scheduler, rt.clock, rt.settings.game_log_days, rt.fleeting.forget_undeletable
    ).start()
    # before the healing redraws: a notice of a game that ended goes with its last screens
    rt.publisher.follow_again(await rt.fleeting.restore())
    ended = await rt.service.recently_ended()
    # in the background: polling starts next, presses are served meanwhile
    rt.heal_screens(games + ended, touch=True)
    own_menus = await set_profile(application.bot, rt.database, rt.translator, rt.settings.default_language)
    if own_menus is not None:  # their wording changed: set again in the background, polling starts meanwhile
        menus = settings_handlers.own_menus(application)
        rt.spawn(set_own_menus_again(application.bot, rt.database, menus, rt.pacer, own_menus))
    bot = application.bot
    if isinstance(application, UnoApplication) and application.stop_asked:  # not "Started", then stopping
        logger.info("Not polling as @%s (id %s): asked to stop during start-up", bot.username, bot.id)
    else:
        logger.info("Started as @%s (id %s), %s active games", bot.username, bot.id, len(games))


def _seen_before_start(rt: Runtime, record: GameRecord, doc: GameDocument) -> None:
    """An active game as read at start-up: a silence its table showed binds as it did; a match paused as
    its group refused the bot's posts marks the group again: its next post (or Telegram's word) resumes it;
    its /stop questions open are known as they were."""
    rt.publishing.seen_before_start(record, doc)
    rt.muted_groups.seen_before_start(record, doc)
    stop_questions_kept.restore(rt, record, doc)


async def _post_shutdown(application: BotApplication) -> None:
    rt = runtime_of(application)
    outages: Outages = application.bot_data[OUTAGES_KEY]
    outages.close()  # before the writes below, which may end an outage
    await rt.aclose()
    if rt.pacer is not None:  # (none when start-up failed before it)
        await shown_at_stop.keep(rt.database, rt.pacer)
    if rt.fleeting is not None:  # what a cancelled background write left
        await rt.fleeting.flush()
    # The database must not close under writes still going on: its thread would then outlive the loop.
    await rt.service.writes_done()
    downtime: Downtime | None = application.bot_data.get(DOWNTIME_KEY)
    if downtime is not None:  # (none when start-up failed before it)
        await downtime.stopped()
    try:
        await rt.database.optimize()  # as SQLite advises at closing (also where no old logs' job runs)
    finally:
        await rt.database.dispose()


async def _log_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    if update is None and isinstance(context.error, NetworkError):  # getUpdates failed; PTB retries it
        logger.warning("Polling for updates failed (%s); retrying", context.error)
        return
    if update is None and isinstance(context.error, Conflict):  # 409: Telegram gave the poll to another
        logger.warning(
            "Telegram answered 409 Conflict: another bot is polling with this BOT_TOKEN (elsewhere, or on "
            "another database); stop it, only one may run; retrying"
        )
        return
    origin = update_origin(update)
    unavailable = database_unavailable(context.error) if context.error is not None else None
    if unavailable is not None:  # an outage (bot.tg.outages logs it): no bug to trace per update
        logger.warning("%s failed: %s", origin, unavailable)
    elif isinstance(context.error, RightsUnknown):  # Telegram failed for a moment: no bug to trace
        logger.warning("%s: could not check %s", origin, context.error)
    elif isinstance(context.error, UnreadableGame):  # no bug to trace per update: /stop in its group ends it
        logger.warning("%s: %s", origin, context.error)
    else:
        logger.error("Error while handling %s", origin, exc_info=context.error)
    if await apologise(update, context):
        # No later handler group answers it too: a failed /stats in private went on to "Unknown command".
        raise ApplicationHandlerStop
