"""While a draw card's colour is chosen, the one who takes its penalty is told what comes, not to wait."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules, Stacking
from bot.tg.callback_data import Action
from tests.e2e.harness import World, buttons
from tests.fake_bot_api import FakeTelegram
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing

CHALLENGE = "take 4 cards or challenge the card."
STACK = "take 4 cards or pass the penalty on with a card (▶)."
BOTH = "take 4 cards, pass the penalty on with a card (▶) or challenge the card."


async def _card_pressed(table: Table, who: int) -> str | None:
    """The answer to a press of `who`'s first card on their hand."""
    person = table.people[who]
    hand = table.hand(person)
    (first, *_) = [data for _, data in buttons(hand) if data.action is Action.TRY]
    query = await table.press_data(person, first, hand)
    assert query.show_alert
    return None if query.answer_text is None else spaced(query.answer_text)


@pytest.mark.parametrize(
    ("rules", "bob", "then"),
    [
        (Rules(), ["B1", "B5"], CHALLENGE),
        (Rules(wd4_challenge=False), ["B1", "B5"], "take 4 cards."),
        (Rules(stacking=Stacking.SAME, wd4_challenge=False), ["W4", "W"], STACK),
        (Rules(stacking=Stacking.SAME), ["W4", "B5"], BOTH),
    ],
)
async def test_the_penalty_s_taker_pressing_a_card_reads_what_comes_after_the_colour(
    world: World, fake: FakeTelegram, rules: Rules, bob: list[str], then: str
) -> None:
    """Alice plays 🌈+4 and chooses its colour; Bob, who takes its penalty, taps a card of his hand meanwhile:
    he read "Wait: a colour or a swap is being chosen." under a hand saying "Not your turn", while the table
    named him as the penalty's taker. Now it says whose colour it is and the answers he will have (only
    those: no challenge with challenges off, passing it on only with a card to add). Carol, who takes nothing,
    reads who chooses it (she read "a colour or a swap is being chosen")."""
    async with playing(world, fake, rules) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["W4", "B2", "G6"], "Bob": bob}, top="R3", turn=alice)
        await table.play(alice, "W4")
        assert await _card_pressed(table, 1) == f"Alice is choosing a colour. Then it's your turn: {then}"
        assert await _card_pressed(table, 2) == "Wait: Alice is choosing a colour."


async def test_in_russian_too(world: World, fake: FakeTelegram) -> None:
    """The same answer in Russian, its longest (every answer), within an alert's 200 characters."""
    async with playing(world, fake, Rules(stacking=Stacking.SAME), language="ru") as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["W4", "B2", "G6"], "Bob": ["W4", "B5"]}, top="R3", turn=alice)
        await table.play(alice, "W4")
        assert await _card_pressed(table, 1) == (
            "Alice выбирает цвет. Потом ваш ход: взять 4 карты, передать штраф дальше картой (▶) "
            "или оспорить карту."
        )


async def test_others_read_who_chooses_whom_to_swap_with(world: World, fake: FakeTelegram) -> None:
    """Alice plays a 7 under seven_zero and chooses whom to swap hands with; Bob taps a card meanwhile. He
    read "Wait: a colour or a swap is being chosen.", which named neither who nor which; now both."""
    async with playing(world, fake, Rules(seven_zero=True)) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["R7", "B2", "G6"], "Bob": ["B1", "B5"]}, top="R3", turn=alice)
        await table.play(alice, "R7")
        assert await _card_pressed(table, 1) == "Wait: Alice is choosing whom to swap hands with."
