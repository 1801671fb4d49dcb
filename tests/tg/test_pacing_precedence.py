"""What a busy group's window gives first: a match's first table ahead of its lobby's last edit. Against the
fake Bot API, on a fake clock."""

from telegram import Bot

from bot.tg.pacing import Render, WritePacer
from bot.tg.pacing_window import WindowLimit
from tests.fake_bot_api import FakeClock, FakeTelegram
from tests.tg.test_pacing import send_table, writes


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
