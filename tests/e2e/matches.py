"""Match steps several end-to-end tests share: quick rules, a lobby filled by presses, play to the end."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.service import Place
from bot.storage import Database
from bot.tg.callback_data import Action, CallbackData
from bot.tg.pacing import Render
from bot.tg.pacing_queue import Send
from tests.e2e.harness import Bot, World, buttons, choices, hand_message, press, press_action, standing_still
from tests.fake_bot_api import Chat, FakeTelegram, Message, User

QUICK_RULES = {"target_score": 100}
ONE_ROUND = {"scoring": "single_round"}  # for tests that need a match over, not what its rounds were
# Of seeds 1-24, 9 deals two people who press their first button (play_until_over) about the shortest first
# round (16 presses) and a short match of several rounds to 100 points (5 rounds, ~160 presses); the harness's
# own first seed, 11, the longest match (5 rounds, ~480 presses), its first round 93 presses.
SHORT_MATCH_SEED = 9
# At three seats or more (people or computers) seed 9 is no shorter than 11; of seeds 1-12, 3 deals the tests
# that seat them about the shortest matches (the seven moved to it: CPU ~4.7 s, from ~9.0 s).
MORE_SEATS_SHORT_MATCH_SEED = 3


async def use_quick_rules(
    world: World, group: Chat, rules: dict[str, str | int] | None = None, language: str | None = None
) -> None:
    """Matches in `group` go to 100 points (or play by `rules`, e.g. ONE_ROUND), so a test plays a whole one
    quickly; `language`: the chat's."""
    database = Database.connect(world.database_url)
    try:
        async with database.unit_of_work() as uow:
            chat = await uow.chats.ensure(group.id, group.title)
            chat.settings = {"rules": QUICK_RULES if rules is None else rules}
            if language is not None:
                chat.language = language
    finally:
        await database.dispose()


def deal_short_matches(world: World, seed: int = SHORT_MATCH_SEED) -> None:
    """The matches `world` deals next start from `seed` (MORE_SEATS_SHORT_MATCH_SEED for three seats or
    more): for tests that need a match (or a round) over, not what was played in it."""
    world.seeds = itertools.count(seed)


async def play_until_over(bot: Bot, group: Chat, people: dict[int, User], limit: int | None = None) -> int:
    """People press until the match ends (or `limit` presses were made)."""
    presses = 0
    for _ in range(3000):
        if limit is not None and presses >= limit:
            return presses
        found = await bot.rt.service.find(Place(group.id))
        if found is None:
            return presses
        state = found[1].state
        actor = state.actor
        if state.round_over or actor is None or actor not in people:
            await bot.tick(1.5)  # computer players or the next deal: let virtual time pass
            continue
        user = people[actor]
        message = hand_message(bot.fake, user)
        for data in choices(message):
            query = press(bot.fake, user, message, data)
            await bot.deliver()
            presses += 1
            assert query.answered
            if not query.show_alert:
                break
        else:
            raise AssertionError(f"no button of {user.first_name} was accepted: {message.button_texts}")
    raise AssertionError("the match did not end")


async def open_lobby(bot: Bot, fake: FakeTelegram, group: Chat, creator: User, joiners: list[User]) -> None:
    """`creator` sends /new, each joiner presses Join."""
    fake.user_sends(creator, group, "/new@uno_test_bot")
    await bot.deliver()
    lobby = fake.last_bot_message(group)
    for user in joiners:
        joined = press_action(fake, user, lobby, Action.JOIN)
        await bot.deliver()
        assert joined.answer_text and not joined.show_alert  # a toast in their language


@asynccontextmanager
async def started(
    world: World, fake: FakeTelegram, names: tuple[str, ...]
) -> AsyncIterator[tuple[Bot, Chat, list[User]]]:
    """A running bot with a match of `names` (to 100 points) just dealt in the group "Friends"."""
    async with gathered(world, fake, names, quick=True) as (bot, group, people):
        press_action(fake, people[0], fake.last_bot_message(group), Action.START)
        await bot.deliver()
        yield bot, group, people


@asynccontextmanager
async def gathered(
    world: World, fake: FakeTelegram, names: tuple[str, ...], quick: bool = False
) -> AsyncIterator[tuple[Bot, Chat, list[User]]]:
    """A running bot with a lobby of `names` (the first opened it) in the group "Friends" (`quick`: its
    matches go to 100 points)."""
    people = [fake.add_user(name) for name in names]
    group = fake.add_group("Friends", members=people)
    if quick:
        await use_quick_rules(world, group)
    async with world.running() as bot:
        await gather(bot, fake, group, people)
        yield bot, group, people


async def gather(bot: Bot, fake: FakeTelegram, group: Chat, people: list[User]) -> None:
    """Everyone starts the bot privately; the first opens a lobby the others join."""
    for user in people:
        fake.user_starts_bot(user)
    await bot.deliver()
    await open_lobby(bot, fake, group, people[0], people[1:])


async def deal(bot: Bot, fake: FakeTelegram, group: Chat, people: list[User]) -> None:
    """`gather`, and the first starts the match."""
    await gather(bot, fake, group, people)
    press_action(fake, people[0], fake.last_bot_message(group), Action.START)
    await bot.deliver()


async def fill_the_groups_window(bot: Bot, group: Chat) -> None:
    """20 real paced messages in the group: its next write waits for the oldest to leave the window."""
    pacer = bot.rt.pacer
    assert pacer is not None
    await bot.clock.run(asyncio.gather(*(pacer.send(group.id, Render(f"note {n}")) for n in range(20))))


def queued_screen(bot: Bot, group: Chat) -> Send | None:
    """The game's new lobby or table message waiting for the group's window, drawn as it goes out: a change
    published meanwhile gives it a new drawing (`redraw`)."""
    pacer = bot.rt.pacer
    assert pacer is not None
    jobs = pacer._chats[group.id].jobs
    return next((job for job in jobs if isinstance(job, Send) and job.redraw is not None), None)


async def screen_queued(bot: Bot, group: Chat) -> Send:
    """The game's new lobby or table message once it waits for the group's window (`queued_screen`), virtual
    time standing still until then (the bot's database work that queues it is on real time)."""

    async def queued() -> bool:
        return queued_screen(bot, group) is not None

    await standing_still(queued, "the new screen queued")
    posting = queued_screen(bot, group)
    assert posting is not None
    return posting


async def redrawn(posting: Send, drawn: object, what: str) -> None:
    """Virtual time standing still until a change published gives the queued new message (`screen_queued`) a
    drawing other than `drawn`, its `redraw` before it."""

    async def published() -> bool:
        return posting.redraw is not drawn

    await standing_still(published, what)


async def whose_turn(bot: Bot, group: Chat, people: list[User]) -> User:
    _, doc = await bot.game(group)
    return next(user for user in people if user.id == doc.state.actor)


async def stop_question(bot: Bot, fake: FakeTelegram, group: Chat, by: User) -> Message:
    """`by` sends /stop: the question the bot asks, not answered yet."""
    fake.user_sends(by, group, "/stop")
    await bot.clock.run(bot.deliver())
    return fake.last_bot_message(group)


def stop_answer(question: Message, yes: bool) -> CallbackData:
    """The Yes or the No button of a /stop question."""
    return next(data for _, data in buttons(question) if data.args == (int(yes),))


async def stop(bot: Bot, fake: FakeTelegram, group: Chat, by: User) -> None:
    """/stop and its confirmation, pressed by `by`."""
    question = await stop_question(bot, fake, group, by)
    press(fake, by, question, stop_answer(question, yes=True))
    await bot.clock.run(bot.deliver())
