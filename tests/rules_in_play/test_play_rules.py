"""7-0, stacking, the draw rules and the special decks, each on and off, from the keyboards."""

from __future__ import annotations

import re

import pytest

from bot.engine.cards import Colour
from bot.engine.rules import Rules
from bot.engine.serialization import state_from_dict, state_to_dict
from bot.engine.state import GameState, Pending
from bot.tg.callback_data import Action, CallbackData
from tests.e2e.harness import World, buttons
from tests.fake_bot_api import FakeTelegram, User
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing

HANDS = {"Alice": ["R7", "R0", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2", "G3", "G4"]}


def labels(table: Table, name: str) -> list[str]:
    """The labels of `name`'s hand's buttons, as a phone shows them (`spaced`)."""
    user = next(u for u in table.people if u.first_name == name)
    return [spaced(text) for row in table.hand(user).button_texts for text in row]


async def test_a_seven_swaps_hands_with_the_player_its_mover_picks(world: World, fake: FakeTelegram) -> None:
    async with playing(world, fake, Rules().changed(seven_zero=True)) as table:
        alice, bob, carol = table.people
        await table.arrange(HANDS, top="R3", turn=alice)
        await table.play(alice, "R7")
        assert (await table.state()).pending is Pending.CHOOSE_SWAP
        swap = {text: data for text, data in buttons(table.hand(alice)) if data.action is Action.SWAP}
        assert set(swap) == {"🔀 Bob (2)", "🔀 Carol (4)"}
        await table.press_data(alice, swap["🔀 Carol (4)"])
        assert await table.codes(alice) == ["G1", "G2", "G3", "G4"]
        assert await table.codes(carol) == ["B9", "R0"]
        assert "🟩 4" in labels(table, "Alice") and "🟦 9" in labels(table, "Carol")
        assert "swaps hands with" in table.text() and (await table.state()).turn == bob.id


async def test_a_call_stands_when_a_seven_hands_one_card_for_one(world: World, fake: FakeTelegram) -> None:
    """Alice called UNO! with two cards and swapped her last card for Carol's: the table said 'Alice and Carol
    did not call UNO! Catch!' under '📣 Alice: UNO!', and Alice could be caught; now only Carol can."""
    hands = {"Alice": ["R7", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["G1"]}
    async with playing(world, fake, Rules().changed(seven_zero=True)) as table:
        alice, _, carol = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.press(alice, Action.UNO)
        await table.play(alice, "R7")
        swap = next(data for text, data in buttons(table.hand(alice)) if "Carol" in text)
        await table.press_data(alice, swap)
        assert await table.codes(alice) == ["G1"] and await table.codes(carol) == ["B9"]
        assert re.search(r"⚠️ Didn't call UNO! Catch! .*\nCarol\n", table.text()), table.text()
        assert "UNO!" not in labels(table, "Alice") and "UNO!" in labels(table, "Carol")


async def test_a_zero_passes_every_hand_on(world: World, fake: FakeTelegram) -> None:
    async with playing(world, fake, Rules().changed(seven_zero=True)) as table:
        alice, bob, carol = table.people
        await table.arrange(HANDS, top="R3", turn=alice)
        await table.play(alice, "R0")
        assert await table.codes(bob) == ["B9", "R7"]  # Alice's hand, passed on in the direction of play
        assert await table.codes(carol) == ["Y1", "Y2"]
        assert await table.codes(alice) == ["G1", "G2", "G3", "G4"]
        assert "🟨 2" in labels(table, "Carol") and "Alice plays 🟥 0: every hand passes on" in spaced(
            table.text()
        )


async def test_without_seven_zero_a_seven_is_just_a_seven(world: World, fake: FakeTelegram) -> None:
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        await table.arrange(HANDS, top="R3", turn=alice)
        await table.play(alice, "R7")
        assert Action.SWAP not in table.actions(alice)
        assert (await table.state()).turn == bob.id and await table.codes(alice) == ["B9", "R0"]


async def test_stacking_shows_the_cards_to_add_and_take_n(world: World, fake: FakeTelegram) -> None:
    hands = {"Alice": ["R+2", "B9"], "Bob": ["B+2", "Y1"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(stacking="same")) as table:
        alice, bob, carol = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R+2")
        assert "Take 2 cards" in labels(table, "Bob")
        assert await table.card_button(bob, "B+2") is not None and await table.card_button(bob, "Y1") is None
        await table.play(bob, "B+2")
        assert "Take 4 cards" in labels(table, "Carol") and "must take 4 cards" in table.text()
        await table.press(carol, Action.ACCEPT)
        assert len((await table.state()).hands[carol.id]) == 6
    async with playing(world, fake, Rules(), names=("Ann", "Ben", "Cid")) as table:
        ann, ben, _ = table.people
        await table.arrange({"Ann": hands["Alice"], "Ben": hands["Bob"]}, top="R3", turn=ann)
        await table.play(ann, "R+2")
        assert "Take 2 cards" in labels(table, "Ben") and await table.card_button(ben, "B+2") is None


async def test_a_wild_draw_four_on_a_stack_tells_the_total_while_its_colour_is_chosen(
    world: World, fake: FakeTelegram
) -> None:
    """The table said "Bob chooses a colour · penalty: 6 cards", read as Bob's own: it names who takes it."""
    hands = {"Alice": ["R+2", "B9"], "Bob": ["W4", "Y1"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(stacking="mixed")) as table:
        alice, bob, _ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R+2")
        await table.play(bob, "W4")
        await table.bot.tick(30)
        assert "Bob chooses a colour\nPenalty for Carol: 6 cards\n" in table.text()
        assert "Choose a colour. Penalty for Carol: 6 cards." in spaced(table.hand(bob).text or "")


async def test_draw_until_playable_keeps_drawing(world: World, fake: FakeTelegram) -> None:
    hands = {"Alice": ["B9", "Y8"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    draws = ["G7", "Y4", "R6", "B1"]
    async with playing(world, fake, Rules().changed(draw_rule="until_playable")) as table:
        alice = table.people[0]
        await table.arrange(hands, top="R3", turn=alice, draw_next=draws)
        await table.press(alice, Action.DRAW)
        assert await table.codes(alice) == ["B9", "G7", "R6", "Y4", "Y8"]
        assert await table.card_button(alice, "R6") is not None and Action.PASS in table.actions(alice)
        said = spaced(table.hand(alice).text or "")  # the hand says how many, not only the card that fits
        assert "📥 You drew 3 cards until one fitted." in said and "You drew 🟥 6: play it or pass." in said
    async with playing(world, fake, Rules(), names=("Ann", "Ben", "Cid")) as table:
        ann = table.people[0]
        await table.arrange({"Ann": hands["Alice"]}, top="R3", turn=ann, draw_next=draws)
        await table.press(ann, Action.DRAW)
        assert await table.codes(ann) == ["B9", "G7", "Y8"]


async def test_force_play_takes_the_pass_button_away_from_a_playable_drawn_card(
    world: World, fake: FakeTelegram
) -> None:
    hands = {"Alice": ["B9", "Y8"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    for rules, can_pass in ((Rules().changed(force_play=True), False), (Rules(), True)):
        async with playing(world, fake, rules, names=("Ann", "Ben", f"Cid{can_pass}")) as table:
            ann = table.people[0]
            await table.arrange({"Ann": hands["Alice"]}, top="R3", turn=ann, draw_next=["R6"])
            await table.press(ann, Action.DRAW)
            assert (Action.PASS in table.actions(ann)) is can_pass
            assert await table.card_button(ann, "R6") is not None


# 26 red and yellow cards fill two pages; a green card drawn sorts onto the second one.
TWO_PAGES = [f"R{n}" for n in range(1, 10)] * 2 + [f"Y{n}" for n in range(1, 9)]


async def test_the_hand_turns_to_the_page_of_the_card_just_drawn(world: World, fake: FakeTelegram) -> None:
    for rules in (Rules().changed(force_play=True), Rules()):
        async with playing(world, fake, rules, names=("Ann", "Ben", f"Cid{rules.force_play}")) as table:
            ann = table.people[0]
            await table.arrange({"Ann": TWO_PAGES}, top="G3", turn=ann, draw_next=["G5"])
            assert "page 1/2" in spaced(table.hand(ann).text or "")
            await table.press(ann, Action.DRAW)
            assert (await table.state()).pending is Pending.PLAY_DRAWN
            assert "page 2/2" in spaced(table.hand(ann).text or "")
            assert await table.card_button(ann, "G5") is not None
            await table.press_data(ann, _page_button(table, ann, "« Back"))  # the player may still turn back
            assert "page 1/2" in spaced(table.hand(ann).text or "")


def _page_button(table: Table, user: User, arrow: str) -> CallbackData:
    return next(data for label, data in buttons(table.hand(user)) if label.startswith(arrow))


async def test_a_creeper_drawn_is_revealed_and_brings_three_more(world: World, fake: FakeTelegram) -> None:
    hands = {"Alice": ["B9", "Y8"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(deck="minecraft")) as table:
        alice = table.people[0]
        await table.arrange(hands, top="R3", turn=alice, draw_next=["CR", "G7", "Y3", "B1"])
        await table.press(alice, Action.DRAW)
        assert await table.codes(alice) == ["B1", "B9", "CR", "G7", "Y3", "Y8"]
        assert "• 🧨 Alice draws a Creeper and takes 3 more cards." in table.text()
        told = "🧨 You drew a Creeper, and it added 3 cards to your hand."  # the hand says why it grew
        assert told in spaced(table.hand(alice).text or "")


@pytest.mark.parametrize(
    ("language", "names", "said"),
    [
        ("en", ("Alice", "Bob", "Carol"), "• 🧨 Alice draws a Creeper and takes 1 of 3 more cards."),
        ("ru", ("Алиса", "Борис", "Гоша"), "• 🧨 Алиса вытягивает Крипера и берёт ещё 1 карту из 3."),
    ],
)
async def test_a_creeper_that_finds_too_few_cards_says_how_many_of_its_three_it_brought(
    world: World, fake: FakeTelegram, language: str, names: tuple[str, ...], said: str
) -> None:
    """(transcript read, session 50) With two cards left to draw, a Creeper brought the one after it, and the
    table said "takes 1 more card" of a card the rules give three: a Downpour or a penalty that finds too few
    says how many of how many."""
    hands = {names[0]: ["B9", "Y8"], names[1]: ["Y1", "Y2"]}
    rules = Rules().changed(deck="minecraft")
    async with playing(world, fake, rules, names=names, language=language) as table:
        alice = table.people[0]
        await table.arrange(hands, top="R3", turn=alice, draw_next=["CR", "G7"])
        await table.rewrite(_two_cards_left)
        await table.press(alice, Action.DRAW)
        assert await table.codes(alice) == ["B9", "CR", "G7", "Y8"]
        assert said in table.text(), table.text()


async def test_a_downpour_soaks_everybody_else(world: World, fake: FakeTelegram) -> None:
    hands = {"Alice": ["D2", "Y8"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(deck="h2o")) as table:
        alice, bob, carol = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "D2")
        await table.press(alice, Action.COLOUR)
        state = await table.state()
        assert len(state.hands[bob.id]) == 4 and len(state.hands[carol.id]) == 4
        assert "Alice plays 🌧 +2: everyone else takes 2 cards" in table.text()
        assert state.turn == bob.id  # the next player is not skipped


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "a black card you may play whatever else you hold;"),
        ("ru", "чёрная карта, её можно сыграть, что бы ни было на руке;"),
    ],
)
async def test_rules_tell_when_a_downpour_can_be_played(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """(audit of 2026-12-05) /rules said a Downpour could be played "any time on your turn", yet with black
    on black off it cannot go on a black card (nor, as no card can, on a pending penalty): what sets it apart
    is that holding the colour in play does not make it a bluff, as it would a +4."""
    hands = {"Alice": ["D2", "R5"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    rules = Rules().changed(deck="h2o", black_on_black=False)
    async with playing(world, fake, rules, language=language) as table:
        alice = table.people[0]
        fake.user_sends(alice, table.group, "/rules")
        await table.deliver()
        assert said in (fake.last_bot_message(table.group).text or "")
        await table.arrange(hands, top="W", turn=alice, colour=Colour.RED)
        assert await table.card_button(alice, "D2") is None
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "D2")
        await table.press(alice, Action.COLOUR)
        assert Action.CHALLENGE not in table.actions(table.people[1])


async def test_a_downpour_is_told_in_one_line_unless_the_cards_run_short(
    world: World, fake: FakeTelegram
) -> None:
    """After "🌧 Downpour from Alice: everyone else takes 2 cards." the table said "Bob takes 2 cards in the
    downpour." for each player too: with five of them the recent moves held nothing else, "Alice plays 🌧 +2."
    went as soon as she chose the colour, and with nine it never showed. A player who took fewer (the cards
    ran short) is still told apart."""
    names = ("Alice", "Bob", "Carol", "Dave", "Eve", "Fay")
    hands = {"Alice": ["D2", "Y8"], "Bob": ["Y1", "Y2"]}
    async with playing(world, fake, Rules().changed(deck="h2o"), names=names) as table:
        alice = table.people[0]
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "D2")
        await table.press(alice, Action.COLOUR)
        recent = table.text().split("Recent:")[1]
        assert "• Alice plays 🌧 +2: everyone else takes 2 cards, and Alice chooses" in recent, recent
        assert "Alice plays 🌧 +2." not in recent, recent  # the Downpour's line names the card
        assert "in the downpour" not in recent, recent
    async with playing(world, fake, Rules().changed(deck="h2o")) as table:
        alice = table.people[0]
        await table.arrange(hands, top="R3", turn=alice)
        await table.rewrite(_two_cards_left)
        await table.play(alice, "D2")  # Bob takes the two, Carol the red 3 shuffled back from under it
        assert (
            "• Carol takes 1 of 2 cards in the downpour." in table.text() and "Bob takes" not in table.text()
        )


def _two_cards_left(old: GameState) -> GameState:
    """Only two cards are left to draw: Carol holds the others (the discard pile is its top card)."""
    state = state_from_dict(state_to_dict(old))
    carol = state.players[2]
    state.hands[carol] = [*state.hands[carol], *state.draw_pile[:-2], *state.discard[:-1]]
    state.draw_pile, state.discard = state.draw_pile[-2:], state.discard[-1:]
    state.seq += 1
    return state


async def test_a_blank_card_makes_the_next_player_take_ten(world: World, fake: FakeTelegram) -> None:
    hands = {"Alice": ["BL", "Y8"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(deck="classic_blank")) as table:
        alice, bob, carol = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "BL")
        await table.press(alice, Action.COLOUR)
        assert "Take 10 cards" in labels(table, "Bob") and "must take 10 cards" in table.text()
        await table.press(bob, Action.ACCEPT)
        state = await table.state()
        assert len(state.hands[bob.id]) == 12 and state.turn == carol.id
    async with playing(
        world, fake, Rules().changed(deck="classic_blank", blank_effect="wild"), names=("Ann", "Ben", "Cid")
    ) as table:
        ann, ben, _ = table.people
        await table.arrange({"Ann": hands["Alice"]}, top="R3", turn=ann)
        await table.play(ann, "BL")
        await table.press(ann, Action.COLOUR)
        assert (await table.state()).turn == ben.id and Action.ACCEPT not in table.actions(ben)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "the next player takes 10 cards and misses a turn."),
        ("ru", "следующий берёт 10 карт и пропускает ход."),
    ],
)
async def test_rules_say_a_blank_card_costs_the_next_player_their_turn(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """(audit of 2026-12-05) /rules said "a Wild: the next player draws 10", and Bob, who took the ten,
    then saw Carol move: the turn he missed was nowhere in the rules."""
    hands = {"Alice": ["BL", "Y8"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(deck="classic_blank"), language=language) as table:
        alice, bob, carol = table.people
        fake.user_sends(carol, table.group, "/rules")
        await table.deliver()
        assert said in (fake.last_bot_message(table.group).text or "")
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "BL")
        await table.press(alice, Action.COLOUR)
        await table.press(bob, Action.ACCEPT)
        assert (await table.state()).turn == carol.id


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "• Bob takes 2 cards as a penalty and misses a turn."),
        ("ru", "• Bob берёт штраф (2 карты) и пропускает ход."),
    ],
)
async def test_a_penalty_and_the_turn_it_costs_are_one_line(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """Every +2 took two of the five recent lines ("takes 2 cards as a penalty.", "misses a turn."): with
    many players the table showed only the last two or three moves."""
    hands = {"Alice": ["R+2", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules(), language=language) as table:
        alice, bob, _ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R+2")
        await table.press(bob, Action.ACCEPT)
        recent = table.text().split("\n\n")[-1].splitlines()
        assert recent[-1] == said, recent
