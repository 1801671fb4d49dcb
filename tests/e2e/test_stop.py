"""Stopping the running Application while handlers wait on paced writes (PTB's stop, on virtual time)."""

from __future__ import annotations

from bot.tg.app import SHUTDOWN_GRACE_SECONDS
from bot.tg.pacing_window import GROUP_LIMIT
from tests.e2e.harness import World
from tests.fake_bot_api import FakeTelegram
from tests.reliability.process import until

COMMANDS = 25  # far more replies than the group's 20 a minute allow within the grace


async def test_stop_ends_within_the_grace_however_many_writes_wait(world: World, fake: FakeTelegram) -> None:
    people = [fake.add_user(f"Player {n}") for n in range(COMMANDS)]
    group = fake.add_group("Friends", members=people)
    async with world.running() as bot:
        pacer = bot.rt.pacer
        assert pacer is not None
        for person in people:  # each answer quotes its command: none answers another (as equal ones would)
            fake.user_sends(person, group, "/stop")
        await bot.app.start()
        for update in await bot.app.bot.get_updates(timeout=0):  # what the poller does
            await bot.app.update_queue.put(update)

        def replies() -> int:
            return sum(1 for c in fake.calls_to("sendMessage") if str(c.params["chat_id"]) == str(group.id))

        # Every /stop handler now awaits its paced reply: the group's burst went out, the rest wait.
        def waiting() -> bool:
            sent = replies()
            return sent == GROUP_LIMIT.burst_size and len(pacer._chats[group.id].jobs) == COMMANDS - sent

        assert await until(waiting, within=60)
        stopping = world.clock.now
        await world.clock.run(bot.app.stop())  # PTB's stop waits for those handlers

        calls = [c for c in fake.calls_to("sendMessage") if str(c.params["chat_id"]) == str(group.id)]
        assert GROUP_LIMIT.burst_size < len(calls) < COMMANDS
        assert all(c.status == 200 for c in calls)
        assert max(c.time for c in calls) <= stopping + SHUTDOWN_GRACE_SECONDS
        assert bot.app.update_queue.empty() and pacer.stopped
