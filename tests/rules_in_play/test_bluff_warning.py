"""RULES.md sections 3-4: a Wild Draw Four (and, under UNO Extreme, a plain Wild) is a bluff while its player
holds a card of the colour in force; challenges on, the engine lets it be played, and the next player's
challenge catches it. The player's hand warns of it before they press the card."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from bot.tg.callback_data import Action
from tests.e2e.harness import World
from tests.fake_bot_api import FakeTelegram, User
from tests.rules_in_play.table import Table, playing

WARNED = "⚠️ Playing 🌈 +4 now would be a bluff: you hold a 🟥 red card. It can be challenged."


def warnings(table: Table, user: User) -> list[str]:
    return [line for line in (table.hand(user).text or "").splitlines() if line.startswith("⚠️")]


async def test_a_wild_draw_four_that_would_be_a_bluff_is_warned_of_on_its_players_turn(
    world: World, fake: FakeTelegram
) -> None:
    hands = {"Alice": ["W4", "R1", "B9"], "Bob": ["W4", "G1", "Y2"], "Carol": ["W4", "R4", "G2"]}
    async with playing(world, fake, Rules()) as table:
        alice, bob, carol = table.people
        await table.arrange(hands, top="R3", turn=alice)
        assert warnings(table, alice) == [WARNED]
        assert warnings(table, carol) == []  # not her turn: her +4 is not hers to play yet
        await table.play(alice, "R1")
        assert warnings(table, alice) == []
        assert warnings(table, bob) == []  # his +4 is honest: the G1 matches the top card's 1, not its colour


async def test_a_drawn_wild_draw_four_that_would_be_a_bluff_is_warned_of(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules()) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["R1", "B9"]}, top="R3", turn=alice, draw_next=["W4"])
        await table.press(alice, Action.DRAW)
        assert warnings(table, alice) == [WARNED]


@pytest.mark.parametrize(("challenges", "warned"), [(True, [WARNED]), (False, [])])
async def test_the_warning_needs_challenges_on(
    world: World, fake: FakeTelegram, challenges: bool, warned: list[str]
) -> None:
    async with playing(world, fake, Rules().changed(wd4_challenge=challenges)) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["W4", "R1", "B9"]}, top="R3", turn=alice)
        assert warnings(table, alice) == warned
        assert (await table.card_button(alice, "W4") is not None) is challenges  # off: no bluff is offered


async def test_a_restricted_wild_is_warned_of_in_russian(world: World, fake: FakeTelegram) -> None:
    rules = Rules().changed(extreme_wild_restriction=True)
    async with playing(world, fake, rules, ("Аня", "Боря", "Вика"), language="ru") as table:
        anya = table.people[0]
        await table.arrange({"Аня": ["W", "R1", "B9"]}, top="R3", turn=anya)
        said = "⚠️ Сыграть 🌈 Дикую сейчас — это блеф: у вас есть карта нужного цвета (🟥 красный). "  # noqa: RUF001
        assert warnings(table, anya) == [said + "Такой ход могут оспорить."]
