"""A hand whose cards changed without its holder's press says why, in one line: the group's table narrates
the 7-0 swaps, the Downpour and the rest, but a player reading only their private hand saw other cards and
nothing more. The line names players and counts, never cards, and never reaches the group."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.engine.rules import JumpIn, Rules, Stacking
from bot.engine.serialization import state_from_dict, state_to_dict
from bot.engine.state import DecisionKind, GameState
from bot.tg.callback_data import Action
from tests.e2e.harness import World, buttons
from tests.fake_bot_api import FakeTelegram, User
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing

HANDS = {"Alice": ["R7", "R0", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2", "G3", "G4"]}
# (not "⏱ Time's up in 30 s", the turn's time left)
NEWS_MARKS = ("🔄", "🌧", "🧨", "🎯", "⚖️", "📥", "⏱ Your time", "⏱ Ваше время", "⏱ The", "⏱ Цвет", "⏱ С кем")  # noqa: RUF001
NEWS_MARKS += ("🤫 You broke", "🤫 Вы нарушили")  # (not "🤫 Silence until", the silence itself)
# who jumped in on one's turn (not "⚡ You can jump in", a hint)
JUMPED_IN_MARKS = ("⚡ Alice", "⚡ Bob", "⚡ Carol", "⚡ В ваш ход")  # noqa: RUF001


def news(table: Table, user: User) -> list[str]:
    """The lines of `user`'s hand that tell why its cards changed (without the missed turns' warning a
    timeout's line ends with: tests/tg/render/test_hand_out_of_play.py), as a phone shows them (`spaced`)."""
    text = spaced(table.hand(user).text or "")
    lines = [line for line in text.splitlines() if line.startswith(NEWS_MARKS + JUMPED_IN_MARKS)]
    return [line.split(" ⚠️ ")[0] for line in lines]


def group_texts(table: Table) -> str:
    return "\n".join(m.text or "" for m in table.fake.bot_messages_in(table.group))


async def test_a_seven_swap_is_told_in_both_swapped_hands(world: World, fake: FakeTelegram) -> None:
    async with playing(world, fake, Rules().changed(seven_zero=True)) as table:
        alice, bob, carol = table.people
        await table.arrange(HANDS, top="R3", turn=alice)
        await table.play(alice, "R7")
        swap = next(data for text, data in buttons(table.hand(alice)) if text.startswith("🔀 Carol"))
        await table.press_data(alice, swap)
        assert news(table, carol) == ["🔄 Alice swapped hands with you."]
        assert news(table, alice) == ["🔄 You swapped hands with Carol."]
        assert news(table, bob) == []
        assert "with you" not in group_texts(table)


async def test_a_zero_tells_each_hand_whose_cards_it_got_in_russian(world: World, fake: FakeTelegram) -> None:
    names = ("Аня", "Боря", "Вика")
    async with playing(world, fake, Rules().changed(seven_zero=True), names, language="ru") as table:
        anya, borya, vika = table.people
        await table.arrange(dict(zip(names, HANDS.values(), strict=True)), top="R3", turn=anya)
        await table.play(anya, "R0")
        said = "🔄 Ноль: все передали карты дальше, и вам достались карты игрока {}."
        assert news(table, borya) == [said.format("Аня")]  # his turn: a new message, and it says so too
        assert news(table, vika) == [said.format("Боря")]
        assert news(table, anya) == [said.format("Вика")]
        assert "достались" not in group_texts(table)


async def test_a_downpour_is_told_to_those_it_soaked_until_their_hand_changes_again(
    world: World, fake: FakeTelegram
) -> None:
    hands = {"Alice": ["D2", "Y8", "Y9"], "Bob": ["Y1", "Y2", "R5"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(deck="h2o", turn_seconds=60)) as table:
        alice, bob, carol = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "D2")
        await table.press(alice, Action.COLOUR)
        assert news(table, bob) == ["🌧 Downpour from Alice: you took 2 cards."]
        assert news(table, carol) == ["🌧 Downpour from Alice: you took 2 cards."]
        assert news(table, alice) == []
        await table.bot.tick(45)  # a slow turn: Bob's hand is redrawn with the time left, and still says it
        assert "⏱ 60\u00a0s" not in (table.hand(bob).text or ""), table.hand(bob).text
        assert news(table, bob) == ["🌧 Downpour from Alice: you took 2 cards."]
        await table.press(bob, Action.DRAW)  # his own move: the line would now be stale, his draw is told
        assert news(table, bob) == ["📥 You drew a card that didn't fit: your turn passed."]
        assert news(table, carol) == ["🌧 Downpour from Alice: you took 2 cards."]


async def test_a_catch_tells_the_caught_player(world: World, fake: FakeTelegram) -> None:
    hands = {"Аня": ["R5", "R6"], "Боря": ["B1", "B2", "B3"], "Вика": ["G1", "G2"]}
    async with playing(world, fake, Rules(), tuple(hands), language="ru") as table:
        anya, borya, _ = table.people
        await table.arrange(hands, top="R3", turn=anya)
        await table.play(anya, "R5")  # without UNO!
        await table.press(borya, Action.CATCH, table.table_message())
        assert news(table, anya) == ["🎯 Вас поймал без «УНО!» игрок Боря: вы взяли 2 карты."]  # noqa: RUF001


async def test_what_a_round_did_to_a_hand_is_not_told_on_the_next_rounds_hand(
    world: World, fake: FakeTelegram
) -> None:
    """Bob caught Alice and went out: her hand of the next deal holds other cards, which no catch explains."""
    async with playing(world, fake, Rules(), ("Alice", "Bob")) as table:
        alice, bob = table.people
        await table.arrange({"Alice": ["R5", "R6"], "Bob": ["R7"]}, top="R3", turn=alice)
        await table.play(alice, "R5")  # without UNO!
        await table.press(bob, Action.CATCH, table.table_message())
        assert news(table, alice) == ["🎯 Bob caught you without UNO! You took 2 cards."]
        await table.play(bob, "R7")
        while (await table.state()).round_no == 1:
            await table.bot.tick(5)  # the next deal
        assert news(table, alice) == []


async def test_a_new_round_is_told_on_both_hands_until_their_turn(world: World, fake: FakeTelegram) -> None:
    """(found reading a whole duel, session 50) the deal edited the hand of the one who does not begin to 7
    new cards and "Not your turn", silently: nothing on it said a round had begun, nor that the start card
    (this seed's: a Skip) took their turn. Both hands say it (the starter's, sent anew for the turn, too),
    until the holder's turn: then the cards are theirs to play."""
    async with playing(world, fake, Rules(), ("Alice", "Bob")) as table:
        alice, bob = table.people
        await table.arrange({"Alice": ["R5"], "Bob": ["R7", "G2"]}, top="R3", turn=alice)
        await table.play(alice, "R5")
        while (await table.state()).round_no == 1:
            await table.bot.tick(5)  # the next deal
        assert (await table.state()).actor == alice.id
        assert "\n🎴 Round 2: new cards.\n" in spaced(table.hand(alice).text or "")
        skipped = "\n🎴 Round 2: new cards, and the start card skips your turn.\n"
        assert skipped in spaced(table.hand(bob).text or "")
        await table.press(alice, Action.DRAW)
        if (await table.state()).actor == alice.id:  # the card drawn fits: she keeps it
            await table.press(alice, Action.PASS)
        assert (await table.state()).actor == bob.id
        assert "🎴" not in (table.hand(bob).text or "")


async def test_a_broken_silence_is_told_to_who_broke_it(world: World, fake: FakeTelegram) -> None:
    """Their message in the group cost 4 cards, and their hand showed them with no word why (only the table
    said so)."""
    for language, said in (
        ("en", "🤫 You broke the silence: you took 4 cards."),
        ("ru", "🤫 Вы нарушили тишину: вы взяли 4 карты."),
    ):
        names = ("Alice", "Bob", "Carol") if language == "en" else ("Аня", "Боря", "Вика")
        rules = Rules().changed(seven_silence=True)
        async with playing(world, fake, rules, names, language=language) as table:
            first, second, third = table.people
            await table.arrange({names[0]: ["R7", "B9", "B7"]}, top="R3", turn=first)
            await table.play(first, "R7")
            await table.bot.tick(2)  # the table has shown the silence: a message now costs
            fake.user_sends(third, table.group, "ha!")
            await table.deliver()
            assert news(table, third) == [said]
            assert news(table, first) == news(table, second) == []


async def test_a_penalty_drawn_without_a_press_is_told_to_who_drew_it(
    world: World, fake: FakeTelegram
) -> None:
    """An extreme draw chain's victim draws at once, and a victim an extreme jump-in leaves their +2 draws it
    when someone jumps in: the table told it, but their hands only showed more cards."""
    hands = {"Alice": ["R+2", "B9", "B1"], "Bob": ["Y1", "Y2"], "Carol": ["G+2", "G1"], "Dave": ["Y5", "Y6"]}
    names = ("Alice", "Bob", "Carol", "Dave")
    async with playing(world, fake, Rules().changed(extreme_draw_chain=True), names) as table:
        alice, bob, carol, _ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R+2")  # Bob holds no red +2 to pass the chain on: he draws at once
        assert news(table, bob) == ["📥 After the card Alice played you took 2 cards as a penalty."]
        await table.play(carol, "G+2")
        assert news(table, carol) == [] and news(table, alice) == []
        said = "📥 After the card Carol played you took 4 cards as a penalty."
        assert news(table, table.people[3]) == [said]
    hands = {"Аня": ["R+2", "B9", "B1"], "Боря": ["Y1", "Y2"], "Вика": ["R+2", "G1", "G2"]}
    async with playing(world, fake, Rules().changed(jump_in="extreme"), tuple(hands), language="ru") as table:
        anya, borya, vika = table.people
        await table.arrange(hands, top="R3", turn=anya)
        await table.play(anya, "R+2")
        await table.play(vika, "R+2")  # Боря's 2 stay his (extreme), and Аня takes Вика's 2
        assert news(table, borya) == [
            "⚡ В ваш ход такой же картой вмешался игрок Вика.",  # noqa: RUF001
            "📥 После карты игрока Вика вы взяли штраф (2 карты).",
        ]
        await table.press(anya, Action.ACCEPT)  # a penalty taken by pressing needs no line
        assert news(table, anya) == []


async def test_a_jump_in_tells_the_player_whose_turn_it_took(world: World, fake: FakeTelegram) -> None:
    """Bob jumped in on Alice's turn: her hand turned to another's turn with no word of why (only a press on
    her old keyboard read "Too late: Bob jumped in first")."""
    async with playing(world, fake, Rules(jump_in=JumpIn.ON)) as table:
        alice, bob, carol = table.people
        hands = {"Alice": ["R1", "G2", "B3"], "Bob": ["R5", "G7", "B8"], "Carol": ["Y5", "G4", "B9"]}
        await table.arrange(hands, top="R5", turn=alice)
        await table.play(bob, "R5")
        assert (await table.state()).turn == carol.id
        assert news(table, alice) == ["⚡ Bob jumped in on your turn with an identical card."]
        assert news(table, bob) == [] and news(table, carol) == []
        assert "your turn" not in group_texts(table)


async def test_a_jump_in_between_two_says_the_turn_is_theirs_again(world: World, fake: FakeTelegram) -> None:
    """Between two Bob's jump-in without a Skip gives Alice's turn straight back: her hand says "your turn",
    and its line under it must not read as if that turn had gone."""
    async with playing(world, fake, Rules(jump_in=JumpIn.ON), ("Alice", "Bob")) as table:
        alice, bob = table.people
        await table.arrange({"Alice": ["R1", "G2", "B3"], "Bob": ["R5", "G7", "B8"]}, top="R5", turn=alice)
        await table.play(bob, "R5")
        assert (await table.state()).turn == alice.id
        assert news(table, alice) == ["⚡ Bob jumped in with an identical card: it's your turn again."]
        assert "Play a card" in (table.hand(alice).text or "")


async def test_a_jump_in_on_a_draw_two_tells_its_victim_until_their_next_turn_in_russian(
    world: World, fake: FakeTelegram
) -> None:
    """Аня faced Вика's +2 holding a +2 to stack on it when Боря jumped in with the twin of Вика's card: the
    +2 went on past her, and her hand turned to another's turn saying nothing."""
    names = ("Аня", "Боря", "Вика")
    rules = Rules(jump_in=JumpIn.ON, stacking=Stacking.SAME)
    async with playing(world, fake, rules, names, language="ru") as table:
        anya, borya, vika = table.people
        hands = {"Аня": ["G+2", "B9", "B1"], "Боря": ["R+2", "Y1", "Y2"], "Вика": ["R+2", "G1", "G5"]}
        await table.arrange(hands, top="R3", turn=vika)
        await table.play(vika, "R+2")
        await table.play(borya, "R+2")
        # (session 58) that the penalty is no longer hers: her hand had said to take it
        said = "⚡ В ваш ход такой же картой вмешался игрок Боря, так что штраф вы не берёте."  # noqa: RUF001
        assert news(table, anya) == [said]
        await table.press(vika, Action.ACCEPT)  # Вика takes the 4: Аня's turn comes again, her cards the same
        assert (await table.state()).turn == anya.id
        assert news(table, anya) == []


async def test_a_caught_bluff_is_told_to_the_bluffer(world: World, fake: FakeTelegram) -> None:
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        await table.arrange({"Alice": ["W4", "R1", "B9"]}, top="R3", turn=alice)
        await table.play(alice, "W4")
        await table.press(alice, Action.COLOUR)
        await table.press(bob, Action.CHALLENGE)
        assert news(table, alice) == [
            "⚖️ Bob challenged your card and saw your hand: it was a bluff, so you took 4 cards."
        ]
        # He took nothing, and his hand read only "Your turn" and Alice's cards: now it says he won.
        assert news(table, bob) == ["⚖️ The card Alice played was a bluff: they took 4 cards."]


async def test_a_fair_card_challenged_tells_its_player_who_saw_their_hand(
    world: World, fake: FakeTelegram
) -> None:
    """Her cards stay as they were, so her hand was not redrawn: she never learnt that Bob had seen them."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, carol = table.people
        await table.arrange({"Alice": ["W4", "G1", "B9"]}, top="R3", turn=alice)
        await table.play(alice, "W4")
        await table.press(alice, Action.COLOUR)
        await table.press(bob, Action.CHALLENGE)
        assert news(table, alice) == ["⚖️ Bob challenged your card and saw your hand: it was fair."]
        assert news(table, carol) == []
        assert "saw your hand" not in group_texts(table)


async def test_an_extreme_challenge_tells_the_bluffer_their_card_came_back_and_the_challenger_won_in_russian(
    world: World, fake: FakeTelegram
) -> None:
    names = ("Аня", "Боря", "Вика")
    async with playing(world, fake, Rules().changed(extreme_challenge=True), names, language="ru") as table:
        anya, borya, _ = table.people
        await table.arrange({"Аня": ["W4", "R1", "B9"]}, top="R3", turn=anya)
        await table.play(anya, "W4")
        await table.press(anya, Action.COLOUR)
        await table.press(borya, Action.CHALLENGE)
        assert "W4" in await table.codes(anya)
        assert news(table, anya) == [
            "⚖️ Игрок Боря оспорил вашу карту и посмотрел ваши карты: это был блеф, "
            "карта вернулась к вам, и вы взяли ещё 4 карты."
        ]
        assert news(table, borya) == ["⚖️ Карта игрока Аня была блефом: игрок взял 4 карты."]


def _colour_pending_for(player: int) -> Callable[[GameState], GameState]:
    """The round's start card is a Wild: `player`, who begins, is to choose its colour."""

    def pending(old: GameState) -> GameState:
        state = state_from_dict(state_to_dict(old))
        state.decision, state.decider, state.colour = DecisionKind.COLOUR, player, None
        state.seq += 1
        return state

    return pending


async def time_out(table: Table) -> None:
    """Let the turn's time run out."""
    deadline = (await table.state()).turn_deadline
    assert deadline is not None
    await table.bot.tick(deadline / 1000 - table.bot.clock() + 1)


async def test_a_turn_that_times_out_tells_what_was_drawn(world: World, fake: FakeTelegram) -> None:
    async with playing(world, fake, Rules().changed(turn_seconds=30, afk_limit=3)) as table:
        alice = table.people[0]
        await table.arrange(
            {"Alice": ["B9", "G8"], "Bob": ["Y1", "Y2"]}, top="R3", turn=alice, draw_next=["Y4"]
        )
        await time_out(table)
        assert news(table, alice) == ["⏱ Your time ran out: you took 1 card."]


async def test_a_timed_out_turn_under_force_play_tells_the_drawn_card_was_played(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules().changed(turn_seconds=30, force_play=True)) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["B9", "G8"]}, top="R3", turn=alice, draw_next=["R4"])
        await time_out(table)
        assert await table.codes(alice) == ["B9", "G8"]  # R4 came and went
        assert news(table, alice) == ["⏱ Your time ran out: you took 1 card, and it was played for you."]


async def test_a_timed_out_draw_to_match_tells_which_of_the_cards_was_played_in_russian(
    world: World, fake: FakeTelegram
) -> None:
    rules = Rules().changed(turn_seconds=30, force_play=True, draw_rule="until_playable")
    async with playing(world, fake, rules, ("Аня", "Боря", "Вика"), language="ru") as table:
        anya = table.people[0]
        await table.arrange({"Аня": ["B9", "G8"]}, top="R3", turn=anya, draw_next=["Y4", "R5"])
        await time_out(table)
        assert await table.codes(anya) == ["B9", "G8", "Y4"]
        assert news(table, anya) == ["⏱ Ваше время вышло: вы взяли 2 карты, и одну из них сыграли за вас."]


async def test_a_colour_the_timer_chose_is_told_to_the_player_who_did_not_choose(
    world: World, fake: FakeTelegram
) -> None:
    """Alice played a +4 and let her time run out on the colour: her hand said only that she missed a turn,
    not which colour the game had chosen for her (the group's table said it)."""
    async with playing(world, fake, Rules().changed(turn_seconds=30)) as table:
        alice, bob, carol = table.people
        hands = {"Alice": ["W4", "B9", "B5", "G8"], "Bob": ["Y1", "Y2"], "Carol": ["W", "Y3"]}
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "W4")
        await time_out(table)
        assert news(table, alice) == ["⏱ Your time ran out, so I chose the colour for you: 🟦 blue."]
        assert "chosen for you" not in (table.hand(bob).text or "") + group_texts(table)
        await table.press(bob, Action.ACCEPT)
        await table.play(carol, "W")
        red = next(data for text, data in buttons(table.hand(carol)) if text.startswith("🟥"))
        await table.press_data(carol, red)
        assert (await table.state()).turn == alice.id
        assert news(table, alice) == []  # her cards are as they were, but blue is no longer in force


async def test_a_start_wild_timed_out_tells_the_draw_then_the_colour_in_russian(
    world: World, fake: FakeTelegram
) -> None:
    names = ("Аня", "Боря", "Вика")
    async with playing(world, fake, Rules().changed(turn_seconds=30), names, language="ru") as table:
        anya = table.people[0]
        await table.arrange({"Аня": ["Y9", "Y5", "G8"]}, top="W", turn=anya, draw_next=["B4"])
        await table.rewrite(_colour_pending_for(anya.id))
        await time_out(table)
        assert news(table, anya) == [
            "⏱ Ваше время вышло: вы взяли 1 карту.",
            "⏱ Ваше время вышло, и я выбрал цвет за вас: 🟨 жёлтый.",
        ]


async def test_a_swap_the_timer_chose_is_told_as_chosen_for_the_player_in_russian(
    world: World, fake: FakeTelegram
) -> None:
    """Аня played a 7 and let her time run out on whom to swap with: her hand read that she swapped hands
    with Боря, as if she had chosen him."""
    names = ("Аня", "Боря", "Вика")
    rules = Rules().changed(turn_seconds=30, seven_zero=True)
    async with playing(world, fake, rules, names, language="ru") as table:
        anya, borya, _ = table.people
        hands = {"Аня": ["R7", "B9", "B5"], "Боря": ["Y1"], "Вика": ["G1", "G2", "G3"]}
        await table.arrange(hands, top="R3", turn=anya)
        await table.play(anya, "R7")
        await time_out(table)
        assert news(table, anya) == [
            "⏱ Ваше время вышло, и я выбрал за вас: вы поменялись картами с игроком Боря."  # noqa: RUF001
        ]
        assert news(table, borya) == ["🔄 С вами поменялся картами игрок Аня."]  # noqa: RUF001


async def test_a_drawn_card_played_leaves_no_word_of_an_earlier_draw_that_did_not_fit(
    world: World, fake: FakeTelegram
) -> None:
    """(duel audit, 2026-12-05) A draw that ended Alice's turn said so; on a later turn she drew a Skip and
    played it, which left her the very cards she had before, so her hand said the old line again, under
    "Your turn" (with two, a Skip gives her the next turn): "You drew a card, and it doesn't fit: your turn
    passed." Her own move made the line stale, whatever cards it left her."""
    for language, turn_line in (("en", ": your turn"), ("ru", ": ваш ход")):
        async with playing(world, fake, Rules(), ("Alice", "Bob"), language=language) as table:
            alice, bob = table.people
            hands = {"Alice": ["R5", "B9", "G2"], "Bob": ["Y1", "Y2", "Y6"]}
            await table.arrange(hands, top="Y3", turn=alice, draw_next=["G7", "YS"])
            await table.press(alice, Action.DRAW)  # 🟩 7 does not fit: her turn passes
            assert len(news(table, alice)) == 1
            await table.play(bob, "Y1")
            await table.press(alice, Action.DRAW)
            await table.play(alice, "YS")  # the card she drew: Bob misses a turn, and it is hers again
            assert (await table.state()).turn == alice.id
            assert turn_line in (table.hand(alice).text or "")
            assert news(table, alice) == []


@pytest.mark.parametrize("ending", ["a drawn card that did not fit", "the time ran out"])
async def test_a_turn_that_went_is_not_told_again_under_the_next_your_turn_in_russian(
    world: World, fake: FakeTelegram, ending: str
) -> None:
    """(transcript read, session 50) Аня drew a card that did not fit (or let her time run out); her turn came
    round again, her cards unchanged, and its message read "Ваш ход: ..." under "📥 Вы взяли карту, но она не
    подошла: ход перешёл дальше." (or "⏱ Ваше время вышло: вы взяли 1 карту."), as if this turn had gone too.
    Like a jump-in's line, why a turn went is told until the next turn begins."""
    names = ("Аня", "Боря")
    async with playing(world, fake, Rules().changed(turn_seconds=30), names, language="ru") as table:
        anya, borya = table.people
        hands = {"Аня": ["R5", "B9", "G2"], "Боря": ["Y1", "Y2", "Y6"]}
        await table.arrange(hands, top="Y3", turn=anya, draw_next=["G7"])
        if ending == "the time ran out":
            await time_out(table)
        else:
            await table.press(anya, Action.DRAW)
        assert len(news(table, anya)) == 1  # told while it is Боря's turn
        await table.play(borya, "Y1")
        assert (await table.state()).turn == anya.id
        assert ": ваш ход" in (table.hand(anya).text or "")
        assert news(table, anya) == []
