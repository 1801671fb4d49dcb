"""What hands and the table say follows the game as house rules change it (an audit of 2026-12-02): a
warning goes when its window closes, a prompt offers only what can be pressed, a hint says what a press does,
and a chain counts only the players it skipped."""

from __future__ import annotations

from bot.engine.rules import Rules
from bot.tg.callback_data import Action
from tests.e2e.harness import World, buttons
from tests.fake_bot_api import FakeTelegram
from tests.narrow_phone import spaced
from tests.rules_in_play.table import playing


async def test_the_press_uno_now_warning_goes_when_the_window_closes(
    world: World, fake: FakeTelegram
) -> None:
    hands = {"Alice": ["R5", "B9"], "Bob": ["R1", "Y2", "Y3"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R5")  # one card left, no UNO!: catchable
        assert "Press “UNO!” now" in (table.hand(alice).text or "")
        await table.play(bob, "R1")  # Bob's move closes the window
        assert alice.id not in (await table.state()).catchable
        assert "Press “UNO!” now" not in (table.hand(alice).text or "")


async def test_a_victims_extreme_jump_in_is_not_said_to_pass_the_penalty_on(
    world: World, fake: FakeTelegram
) -> None:
    """With stacking off, an identical +2 is an extreme jump-in: the victim still takes the 2 (RULES.md)."""
    hands = {"Alice": ["R+2", "B9"], "Bob": ["R+2", "Y2", "Y3"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(jump_in="extreme")) as table:
        alice, bob, _ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R+2")
        text = spaced(table.hand(bob).text or "")
        assert "pass the penalty on" not in text
        assert "You can jump in with an identical card, but you still take 2 cards" in text
        await table.play(bob, "R+2")
        assert len((await table.state()).hands[bob.id]) == 4  # his 3, less the +2, and the 2 he still took


async def test_a_victims_plain_jump_in_is_said_to_pass_the_penalty_on(
    world: World, fake: FakeTelegram
) -> None:
    """With jump-in on (not extreme) and stacking off, Bob's identical +2 cancels his own 2 and passes a fresh
    one on (RULES.md §7); his hand said 'but you still take 2 cards', which kept him from jumping in."""
    hands = {"Alice": ["R+2", "B9"], "Bob": ["R+2", "Y2", "Y3"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(jump_in="on")) as table:
        alice, bob, carol = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R+2")
        text = spaced(table.hand(bob).text or "")
        assert "still take" not in text and "Take 2 cards or pass the penalty on with a card (▶)." in text
        await table.play(bob, "R+2")
        state = await table.state()
        assert len(state.hands[bob.id]) == 2 and state.turn == carol.id and state.penalty == 2


async def test_a_drawn_card_that_became_unplayable_is_not_offered(world: World, fake: FakeTelegram) -> None:
    """Bob draws a Wild he may play; the slap window's close hands him 4 red cards, and a restricted Wild is
    then no longer playable."""
    rules = Rules().changed(zero_slap=True, extreme_wild_restriction=True, wd4_challenge=False)
    hands = {"Alice": ["R0", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, rules) as table:
        alice, bob, carol = table.people
        await table.arrange(hands, top="R3", turn=alice, draw_next=["W", "R4", "R5", "R6", "R8"])
        await table.play(alice, "R0")
        await table.press(alice, Action.SLAP)
        await table.press(carol, Action.SLAP)
        await table.press(bob, Action.DRAW)
        assert "play it or pass" in (table.hand(bob).text or "")
        await table.bot.tick(6)  # the slap window closes: Bob never slapped and draws 4 red cards
        hand = table.hand(bob)
        assert Action.PLAY not in {data.action for _, data in buttons(hand)}
        assert "it can't be played now, so pass" in (hand.text or "")


async def test_the_skip_chain_line_counts_only_the_players_skipped(world: World, fake: FakeTelegram) -> None:
    hands = {"Alice": ["RS", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["GS", "GS", "G1", "G2"]}
    async with playing(world, fake, Rules().changed(skip_chain=True)) as table:
        alice, _, carol = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "RS")
        await table.play(carol, "GS")  # Alice and Bob skipped: Carol again
        await table.play(carol, "GS")  # extends it: still only the two others can be skipped
        line = next(line for line in table.text().splitlines() if "Skip chain" in line)
        assert line.startswith("⏭ Skip chain: 2 skipped"), line
