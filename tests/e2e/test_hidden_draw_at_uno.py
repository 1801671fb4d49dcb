"""A draw the table keeps untold while its player weighs the card (bot.tg.render.untold_draw) gives nothing
away at one card with "UNO!" called either: the draw takes the call back, and the player calls again before
playing the card drawn, which a card that does not fit (passed at once) never comes to."""

from __future__ import annotations

from types import SimpleNamespace

from bot.engine.rules import Rules
from tests.e2e.harness import World
from tests.fake_bot_api import FakeTelegram
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing

COMPUTER = "🤖 Computer 1"


async def test_a_computer_that_called_uno_keeps_its_mark_while_it_weighs_a_card_drawn(
    world: World, fake: FakeTelegram
) -> None:
    """(read in an H2O game) A computer holding one card with UNO! called drew one that fits: its row went
    "1 card UNO!", "1 card", "1 card UNO!", and "📣 Computer 1: UNO!" came before its draw was told."""
    async with playing(world, fake, Rules(), names=("Alice",), computers=1) as table:
        computer = (await table.state()).players[1]
        hands = {"Alice": ["G3", "Y5", "Y6"], computer: ["B9"]}
        to_move = SimpleNamespace(id=computer)
        await table.arrange(hands, top="R3", turn=to_move, draw_next=["R7"])  # type: ignore[arg-type]
        # it calls UNO! at once (an arranged hand has none called), draws R7, calls again and plays it
        shown = await _tables_until_its_turn_ends(table, computer)

        lines = [line for text in shown for line in text.splitlines()]
        held = COMPUTER.replace(" ", "\u00a0")  # a name on one line, as its count
        rows = {line[3:] for line in lines if line.startswith(("▶️ ", "▫️ ")) and held in line}
        assert rows == {f"{held}: 1\u00a0card\u00a0UNO!\u00a0·\u00a00"}, rows  # on its turn and after
        recent = [
            spaced(text).split("Recent:\n")[1].splitlines()[1:] for text in shown
        ]  # past the round line
        called = f"• 📣 {COMPUTER}: UNO!"
        told = f"• {COMPUTER} draws 1 card, calls UNO! and plays 🟥 7."
        assert recent[0] == [called] and recent[-1] == [called, told], recent
        assert all(told_then in ([called], [called, told]) for told_then in recent), recent


async def _tables_until_its_turn_ends(table: Table, player: int) -> list[str]:
    """The group's table as each of its edits read from now until `player`'s turn ends, timer by timer."""
    message_id, start = table.table_message().message_id, len(table.fake.calls)
    while (await table.state()).actor == player:
        due = table.bot.timers.next_due()
        assert due is not None
        await table.bot.tick(due - table.bot.clock())
    edits = [call for call in table.fake.calls[start:] if call.method == "editMessageText"]
    return [str(call.params["text"]) for call in edits if int(call.params["message_id"]) == message_id]
