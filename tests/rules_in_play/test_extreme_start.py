"""UNO Extreme's start: a black start card makes the first player draw 4 and the dealer choose the colour.

The next round's deal is found ahead with the engine (which shuffle gives a black start card) and then played
by the bot when the pause between rounds ends.
"""

from __future__ import annotations

import pytest

from bot.engine.actions import Timeout, TimeoutKind
from bot.engine.events import CardsDrawn, DrawReason, RoundStarted
from bot.engine.game import apply
from bot.engine.rules import Rules
from bot.engine.serialization import state_from_dict, state_to_dict
from bot.engine.state import GameState, Pending
from tests.e2e.harness import World
from tests.fake_bot_api import FakeTelegram
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing


def _with_black_start(old: GameState) -> GameState:
    """The state with the shuffle counter that deals the next round a black start card."""
    assert old.next_round_deadline is not None
    for counter in range(old.rng_counter, old.rng_counter + 500):
        trial = state_from_dict(state_to_dict(old))
        trial.rng_counter = counter
        _, events = apply(trial, Timeout(TimeoutKind.NEXT_ROUND, old.next_round_deadline))
        started = next(e for e in events if isinstance(e, RoundStarted))
        if trial.card(started.start_card).code == "W":
            trial.seq += 1
            return trial
    raise AssertionError("no shuffle deals a black start card")


async def _next_round_starts_black(table: Table, first: str) -> None:
    """The first seat (named `first`) wins round 1 with its last card; round 2 is dealt on a black card."""
    await table.arrange({first: ["R1"]}, top="R3", turn=table.people[0])
    await table.play(table.people[0], "R1")
    await table.rewrite(_with_black_start)
    deadline = (await table.state()).next_round_deadline
    assert deadline is not None
    await table.bot.tick(deadline / 1000 - table.bot.clock())


@pytest.mark.parametrize("extreme_start", [True, False])
async def test_a_black_start_card(world: World, fake: FakeTelegram, extreme_start: bool) -> None:
    async with playing(world, fake, Rules().changed(extreme_start=extreme_start)) as table:
        await _next_round_starts_black(table, "Alice")
        _, doc = await table.bot.game(table.group)
        state = doc.state
        started = [e for e in doc.recent if isinstance(e, RoundStarted)][-1]
        assert started.round_no == 2 and state.round_no == 2 and state.pending is Pending.CHOOSE_COLOUR
        drew = [e for e in doc.recent if isinstance(e, CardsDrawn) and e.reason is DrawReason.START]
        if extreme_start:
            assert state.actor == started.dealer and [e.count for e in drew] == [4]
            assert "at the start" in table.text()
        else:
            assert state.actor == started.first_player and not drew


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "🎴 Round 2: new cards, and the start card was black: you took 4 cards."),
        ("ru", "🎴 Раунд 2: новые карты, а первая карта чёрная — вы взяли 4 карты."),  # noqa: RUF001
    ],
)
async def test_the_first_player_is_told_why_they_start_with_four_more(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """Bob's new hand had 11 cards and only the group's table said why ("Bob takes 4 cards at the start").
    (session 50) Then it said it on a second 🎴 line under "🎴 Round 2: new cards.": one line says both."""
    names = ("Alice", "Bob", "Carol") if language == "en" else ("Алиса", "Борис", "Гоша")
    async with playing(world, fake, Rules().changed(extreme_start=True), names, language=language) as table:
        await _next_round_starts_black(table, names[0])
        _, doc = await table.bot.game(table.group)
        started = [e for e in doc.recent if isinstance(e, RoundStarted)][-1]
        first = next(user for user in table.people if user.id == started.first_player)
        assert len(doc.state.hands[first.id]) == 11
        lines = spaced(table.hand(first).text or "").splitlines()
        assert said in lines and sum(line.startswith("🎴") for line in lines) == 1, lines
        for other in table.people:
            if other != first:
                assert said not in (table.hand(other).text or ""), table.hand(other).text


@pytest.mark.parametrize(
    ("extreme_start", "language", "said"),
    [
        (True, "en", "The start card is 🌈 Wild: you dealt, so you choose its colour."),
        (True, "ru", "Первая карта раунда — 🌈 Дикая: вы сдавали, поэтому её цвет выбираете вы."),
        (False, "en", "The start card is 🌈 Wild: choose its colour, then play."),
        (False, "ru", "Первая карта раунда — 🌈 Дикая: выберите её цвет и ходите."),
    ],
)
async def test_who_chooses_a_black_start_cards_colour_is_told_why(
    world: World, fake: FakeTelegram, extreme_start: bool, language: str, said: str
) -> None:
    """(session 50) The hand of whoever chooses a black start card's colour (the dealer under extreme_start,
    else the first player) read only "Friends: your turn … Choose a colour.", as if they had played a Wild."""
    names = ("Alice", "Bob", "Carol") if language == "en" else ("Алиса", "Борис", "Гоша")
    rules = Rules().changed(extreme_start=extreme_start)
    async with playing(world, fake, rules, names, language=language) as table:
        await _next_round_starts_black(table, names[0])
        _, doc = await table.bot.game(table.group)
        chooser = next(user for user in table.people if user.id == doc.state.actor)
        assert said in (table.hand(chooser).text or "").splitlines(), table.hand(chooser).text
