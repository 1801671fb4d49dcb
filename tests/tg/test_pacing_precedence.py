"""What a busy group's window gives first: a match's first table ahead of its lobby's last edit, and the
game's screens and the answers to commands ahead of start-up's touches, which leave half the burst to them.
Against the fake Bot API, on a fake clock."""

from telegram import Bot

from bot.tg.pacing import Render, WritePacer
from bot.tg.pacing_window import GROUP_LIMIT, WindowLimit
from bot.tg.send import Sent
from tests.fake_bot_api import FakeClock, FakeTelegram
from tests.tg.pacing_checks import send_table, writes


async def test_a_matchs_first_table_goes_ahead_of_its_lobbys_last_edit(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    """The lobby's joins had filled the group's window as the match started: its first mover was rung in
    private at once, and the table came two writes later, behind the lobby's edit to "started". It goes
    first; the lobby's edit follows it."""
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    pacer = WritePacer(bot, clock=clock, sleep=clock.sleep, group_limit=WindowLimit(1, 3.0, burst=1))
    lobby = await send_table(pacer, group, "lobby: Alice, Bob")
    pacer.edit(group.id, lobby, Render("lobby: Alice, Bob, Carol"))
    pacer.edit(group.id, lobby, Render("started: Bob deals"))
    dealt = pacer.queue(group.id, Render("round 1: Carol's turn"), urgent=True)
    await clock.run(dealt)
    await clock.run(pacer.drain())
    await pacer.aclose()

    written = [str(call.params["text"]) for call in writes(fake, group)][1:]
    assert written == ["round 1: Carol's turn", "started: Bob deals"]


async def test_start_ups_touches_leave_half_the_groups_burst_and_a_press_revising_one_goes_at_once(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    """A forum with ten playing topics restarted: its ten touches took the group's whole burst, and the first
    presses' tables then went one every 3 s, the tenth half a minute late. Touches take half the burst, the
    others going as the window frees; a press's table revising a touch still waiting (a settled edit) goes
    at once, as a change, where it stayed a touch and waited behind the others; the touch costs no write."""
    group = fake.add_group("Club", members=[fake.add_user("Alice")], supergroup=True)
    pacer = WritePacer(bot, clock=clock, sleep=clock.sleep)
    tables = [await send_table(pacer, group, f"room {n}") for n in range(10)]
    await clock.pass_time(GROUP_LIMIT.seconds)
    for n, table in enumerate(tables):
        pacer.touch(group.id, table)
        pacer.edit(group.id, table, Render(f"room {n}"))
    await clock.pass_time(1)
    pressed_at = clock.now
    assert pacer.revise_edit(group.id, tables[9], lambda: Render("room 9: Bob played"))
    await clock.pass_time(0)
    await clock.run(pacer.drain())
    await pacer.aclose()

    calls = writes(fake, group)[len(tables) :]
    touched_first = [f"room {n}" for n in range(5)]
    touched_later = [f"room {n}" for n in range(5, 9)]
    assert [str(call.params["text"]) for call in calls] == [
        *touched_first,
        "room 9: Bob played",
        *touched_later,
    ]
    assert calls[5].time == pressed_at


async def test_an_answer_asked_for_while_touches_wait_for_the_groups_window_goes_at_once(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    """Touches waiting for half the burst to free (a forum with many playing topics just restarted) went
    ahead of an answer to a command asked for after them, which waited up to a minute: they go after it."""
    alice = fake.add_user("Alice")
    group = fake.add_group("Club", members=[alice], supergroup=True)
    pacer = WritePacer(bot, clock=clock, sleep=clock.sleep)
    tables = [await send_table(pacer, group, f"room {n}") for n in range(10)]
    await clock.pass_time(GROUP_LIMIT.seconds)
    for n, table in enumerate(tables):
        pacer.touch(group.id, table)
        pacer.edit(group.id, table, Render(f"room {n}"))
    await clock.pass_time(1)
    asked_at = clock.now
    answer = await clock.run(pacer.send(group.id, Render("the rules"), reply=True, asker=alice.id))
    await clock.run(pacer.drain())
    await pacer.aclose()

    assert isinstance(answer, Sent)
    calls = writes(fake, group)[len(tables) :]
    assert [str(call.params["text"]) for call in calls][5] == "the rules"
    assert calls[5].time == asked_at
