"""A hand turned to another page, or showing a multi-play selection, is redrawn so after a restart; what no
longer holds (a new turn, a card just drawn, a selection the game moved past) is not brought back."""

from __future__ import annotations

from bot.engine.rules import Rules
from bot.tg.callback_data import Action
from tests.e2e.harness import World, buttons
from tests.e2e.restarted import again
from tests.fake_bot_api import FakeTelegram, Message
from tests.rules_in_play.table import playing

# Two pages and more (a page holds 24 cards); none plays on a red 0.
MANY = [f"{colour}{number}" for colour in "GBY" for number in range(1, 10)] + ["G1", "G2", "G3"]
TWO = ("Alice", "Bob")


def _keyboard(hand: Message) -> list[str]:
    return [text for row in hand.button_texts for text in row]


def _pages_offered(hand: Message) -> list[int]:
    """The pages the hand's page-turn buttons lead to: [1] on the first page of two, [0] on the second."""
    return sorted(data.args[0] for _, data in buttons(hand) if data.action is Action.PAGE)


async def test_a_hand_turned_to_its_second_page_shows_it_after_a_restart(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules(), names=TWO) as before:
        alice, bob = before.people
        await before.arrange({"Alice": MANY, "Bob": ["Y1", "Y2"]}, top="R0", turn=bob)
        await before.press(alice, Action.PAGE)
        assert _pages_offered(before.hand(alice)) == [0]
        second_page = _keyboard(before.hand(alice))
    world.clock.advance(5)
    restarted = len(fake.calls)
    async with world.running() as bot:
        table = again(before, bot)
        redrawn = [c for c in fake.calls[restarted:] if c.method == "editMessageText"]
        assert alice.id in {int(c.params["chat_id"]) for c in redrawn}  # her hand was redrawn, not left alone
        assert _keyboard(table.hand(alice)) == second_page


async def test_a_multi_play_selection_is_still_shown_after_a_restart(
    world: World, fake: FakeTelegram
) -> None:
    hands = {"Alice": ["R5", "B5", "G5", "Y9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(multi_play=True)) as before:
        alice = before.people[0]
        await before.arrange(hands, top="R3", turn=alice)
        await before.press(alice, Action.SELECT)
        selected = _keyboard(before.hand(alice))
        assert any(text.startswith("1️⃣") for text in selected)
    world.clock.advance(5)
    async with world.running() as bot:
        table = again(before, bot)
        assert _keyboard(table.hand(alice)) == selected
        play = next(data for text, data in buttons(table.hand(alice)) if text.startswith("Play "))
        assert not (await table.press_data(alice, play)).show_alert
        assert await table.codes(alice) == ["B5", "G5", "Y9"]


async def test_a_selection_the_game_moved_past_is_not_brought_back(world: World, fake: FakeTelegram) -> None:
    hands = {"Alice": ["R5", "B5", "G5", "Y9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(multi_play=True)) as before:
        alice = before.people[0]
        await before.arrange(hands, top="R3", turn=alice)
        await before.press(alice, Action.SELECT)
        more = {**hands, "Alice": [*hands["Alice"], "Y8"]}
        await before.arrange(more, top="R3", turn=alice)  # still her turn, the red 5 still playable
        assert not any("\u20e3" in text for text in _keyboard(before.hand(alice)))
    world.clock.advance(5)
    async with world.running() as bot:
        hand = again(before, bot).hand(alice)
        assert not any("\u20e3" in text for text in _keyboard(hand))
        assert not any(text.startswith("Play ") for text in _keyboard(hand))


async def test_a_new_turn_still_opens_on_the_first_page_after_a_restart(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules(), names=TWO) as before:
        alice, bob = before.people
        await before.arrange({"Alice": MANY, "Bob": ["R1", "Y2"]}, top="R0", turn=bob)
        await before.press(alice, Action.PAGE)
        await before.play(bob, "R1")  # Alice's turn: her hand opens on its first page
        assert _pages_offered(before.hand(alice)) == [1]
        opened = _keyboard(before.hand(alice))
    world.clock.advance(5)
    async with world.running() as bot:
        assert _keyboard(again(before, bot).hand(alice)) == opened


async def test_a_card_just_drawn_still_shows_its_page_after_a_restart(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules(), names=TWO) as before:
        alice = before.people[0]
        await before.arrange({"Alice": MANY, "Bob": ["Y1", "Y2"]}, top="R0", turn=alice, draw_next=["R1"])
        await before.press(alice, Action.PAGE)
        await before.press(alice, Action.DRAW)  # the red 1 sorts first: the hand opens on the first page
        assert _pages_offered(before.hand(alice)) == [1]
        drawn = _keyboard(before.hand(alice))
    world.clock.advance(5)
    async with world.running() as bot:
        assert _keyboard(again(before, bot).hand(alice)) == drawn


async def test_a_page_the_hand_no_longer_has_is_not_shown_after_a_restart(
    world: World, fake: FakeTelegram
) -> None:
    """Turned to the second page of 25 cards, Alice plays the card on it: 24 are one page."""
    async with playing(world, fake, Rules(), names=TWO) as before:
        alice, bob = before.people
        cards = [*MANY[:24], "B9"]  # the second blue 9 sorts last
        await before.arrange({"Alice": cards, "Bob": ["Y1", "Y2"]}, top="B0", turn=alice)
        await before.press(alice, Action.PAGE)
        await before.play(alice, "B9")
        one_page = _keyboard(before.hand(alice))
        assert not [data for _, data in buttons(before.hand(alice)) if data.action is Action.PAGE]
    world.clock.advance(5)
    async with world.running() as bot:
        assert _keyboard(again(before, bot).hand(alice)) == one_page
        assert (await again(before, bot).state()).turn == bob.id  # the game goes on
