"""Wild Draw Four challenge, black on black, UNO Extreme's wilds, hand size, timer, AFK and scoring."""

from __future__ import annotations

import pytest

from bot.engine.cards import COLOURS, Colour
from bot.engine.rules import Rules, Stacking
from bot.engine.scoring import ROUND_PAUSE_MS
from bot.engine.serialization import state_from_dict, state_to_dict
from bot.engine.state import GameState
from bot.service import Place
from bot.tg.callback_data import Action
from bot.tg.table_edits import SETTLE_SECONDS
from tests.e2e.harness import World, buttons
from tests.e2e.matches import stop
from tests.fake_bot_api import FakeTelegram, User
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing

GUILTY = {"Alice": ["W4", "R1", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}


async def _played_black(table: Table, card: str) -> None:
    alice = table.people[0]
    await table.arrange({alice.first_name: [card, "R1", "B9"]}, top="R3", turn=alice)
    await table.play(alice, card)
    await table.press(alice, Action.COLOUR)


async def test_a_bluffed_wild_draw_four_is_challenged_from_the_keyboard(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        bob_cards = len((await table.state()).hands[bob.id])
        await _played_black(table, "W4")
        assert {Action.CHALLENGE, Action.ACCEPT} <= table.actions(bob)
        await table.press(bob, Action.CHALLENGE)
        state = await table.state()
        assert (
            len(state.hands[alice.id]) == 6 and len(state.hands[bob.id]) == bob_cards
        )  # guilty: Alice takes 4
        assert "it was a bluff" in table.text()


REVEALED = "👁 The challenged hand: 🟩 4, 🟩 5, 🟦 9"
FAIR_FOUR_HAND = ["W4", "B9", "G4", "G5"]  # a +4 played on R3 by this hand is fair; REVEALED shows the rest


async def _bob_sees_alices_hand_after_a_fair_challenge(table: Table, carol: list[str]) -> None:
    """Alice plays a fair +4 on R3 and names green; Bob challenges it and is shown her hand."""
    alice, bob, _ = table.people
    hands = {"Alice": FAIR_FOUR_HAND, "Bob": ["R1", "Y2"], "Carol": carol}
    await table.arrange(hands, top="R3", turn=alice)
    await table.play(alice, "W4")
    await _choose_green(table, alice)
    await table.press(bob, Action.CHALLENGE)  # fair: Bob takes 6 and loses his turn
    assert REVEALED in spaced(table.hand(bob).text or "")


async def test_the_challenged_hand_is_shown_until_the_challengers_next_turn(
    world: World, fake: FakeTelegram
) -> None:
    """Bob challenged a fair +4 and was shown Alice's hand. It stayed on his hand message, under "Your turn",
    on his next turn, when Alice's cards had long changed, and even in the next round, where those cards
    (named by id) were in other hands: the cards seen answer the challenge, and go at his next turn."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, carol = table.people
        await _bob_sees_alices_hand_after_a_fair_challenge(table, carol=["G1", "G2"])
        await table.play(carol, "G1")
        await table.play(alice, "G4")
        assert (await table.state()).actor == bob.id
        assert "👁" not in (table.hand(bob).text or ""), table.hand(bob).text
    async with playing(world, fake, Rules(), names=("Ann", "Ben", "Cid")) as table:
        ann, ben, cid = table.people
        await table.arrange({"Ann": FAIR_FOUR_HAND, "Cid": ["G1"]}, top="R3", turn=ann)
        await table.play(ann, "W4")
        await _choose_green(table, ann)
        await table.press(ben, Action.CHALLENGE)
        assert REVEALED in spaced(table.hand(ben).text or "")
        await table.play(cid, "G1")  # Cid's last card: the round is over, the next one is dealt
        await table.bot.tick(ROUND_PAUSE_MS / 1000)
        assert (await table.state()).round_no == 2
        assert "👁" not in (table.hand(ben).text or ""), table.hand(ben).text


@pytest.mark.parametrize("card", ["G0", "G7"])
async def test_the_challenged_hand_goes_once_a_zero_or_a_seven_moves_it(
    world: World, fake: FakeTelegram, card: str
) -> None:
    """Bob challenged a fair +4 and was shown Alice's hand; then Carol's 0 passed every hand on (Alice's to
    Bob himself) or her 7 swapped hands with Alice. Bob's hand still read "The challenged hand: 🟦 9, 🟩 4,
    🟩 5", cards Alice no longer held, until his next turn."""
    async with playing(world, fake, Rules().changed(seven_zero=True)) as table:
        alice, bob, carol = table.people
        await _bob_sees_alices_hand_after_a_fair_challenge(table, carol=[card, "G2", "G6"])
        await table.play(carol, card)
        if card == "G7":  # with Alice
            swap = next(
                d for _, d in buttons(table.hand(carol)) if d.action is Action.SWAP and d.args == (0,)
            )
            await table.press_data(carol, swap)
        assert await table.codes(alice) != ["B9", "G4", "G5"]
        assert "👁" not in (table.hand(bob).text or ""), table.hand(bob).text


async def test_the_challenged_hand_goes_when_its_player_leaves(world: World, fake: FakeTelegram) -> None:
    """Bob challenged a fair +4 and was shown Alice's hand; then Alice left, her cards going under the draw
    pile. Bob's hand still read "The challenged hand: 🟦 9, 🟩 4, 🟩 5" until his next turn."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, _carol = table.people
        await _bob_sees_alices_hand_after_a_fair_challenge(table, carol=["G1", "G2"])
        table.fake.user_sends(alice, table.group, "/leave")
        await table.deliver()
        assert alice.id not in (await table.state()).players
        assert "👁" not in (table.hand(bob).text or ""), table.hand(bob).text


async def test_a_card_of_one_who_left_is_challenged_without_promising_their_cards(
    world: World, fake: FakeTelegram
) -> None:
    """Alice bluffed a +4 and left. Bob's hand said a bluff meant 'Alice takes 4 cards' and, once he
    challenged, showed 'The challenged hand: —' under 'it was a bluff!': her cards had gone with her."""
    hands = {"Alice": ["W4", "R1", "G5"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "W4")
        await _choose_green(table, alice)
        table.fake.user_sends(alice, table.group, "/leave")
        await table.deliver()
        text = table.hand(bob).text or ""
        assert "it was a bluff: they have left the game, so you take nothing and play on." in text
        assert "Alice takes" not in text
        await table.press(bob, Action.CHALLENGE)
        state = await table.state()
        assert state.actor == bob.id and len(state.hands[bob.id]) == 2
        assert "it was a bluff" in table.text() and "👁" not in (table.hand(bob).text or "")
        assert "⚖️ The card Alice played was a bluff.\n" in (table.hand(bob).text or "")  # she took nothing


async def _choose_green(table: Table, user: User) -> None:
    green = (COLOURS.index(Colour.GREEN),)
    await table.press_data(user, next(d for _, d in buttons(table.hand(user)) if d.args == green))


async def test_without_the_challenge_an_illegal_wild_draw_four_cannot_be_played(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules().changed(wd4_challenge=False)) as table:
        alice, bob, _ = table.people
        await table.arrange(GUILTY, top="R3", turn=alice)
        assert await table.card_button(alice, "W4") is None
        await table.arrange(GUILTY | {"Alice": ["W4", "B9"]}, top="R3", turn=alice)
        await table.play(alice, "W4")
        await table.press(alice, Action.COLOUR)
        assert Action.CHALLENGE not in table.actions(bob) and Action.ACCEPT in table.actions(bob)


async def test_black_on_black(world: World, fake: FakeTelegram) -> None:
    hands = {"Alice": ["W", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    for allowed, names in ((True, ("Alice", "Bob", "Carol")), (False, ("Ann", "Ben", "Cid"))):
        async with playing(world, fake, Rules().changed(black_on_black=allowed), names=names) as table:
            first = table.people[0]
            await table.arrange({first.first_name: hands["Alice"]}, top="W4", turn=first, colour=None)
            await table.rewrite(_red)
            assert (await table.card_button(first, "W") is not None) is allowed


def _red(old: GameState) -> GameState:
    """The colour in force after the black top card: red."""
    state = state_from_dict(state_to_dict(old))
    state.colour, state.seq = Colour.RED, state.seq + 1
    return state


async def test_extreme_wild_restriction_and_challenge(world: World, fake: FakeTelegram) -> None:
    rules = Rules().changed(extreme_wild_restriction=True, extreme_challenge=True)
    async with playing(world, fake, rules) as table:
        alice, bob, _ = table.people
        await _played_black(table, "W")
        assert Action.CHALLENGE in table.actions(bob)  # a plain Wild is challengeable too
        await table.press(bob, Action.CHALLENGE)
        state = await table.state()
        # Guilty under extreme rules: the Wild goes back into Alice's hand, she draws 4, the top reverts.
        assert state.top.code == "R3" and len(state.hands[alice.id]) == 7 and "W" in await table.codes(alice)
    async with playing(world, fake, Rules(), names=("Ann", "Ben", "Cid")) as table:
        await _played_black(table, "W")
        assert Action.CHALLENGE not in table.actions(table.people[1])


async def test_rules_say_a_restricted_wild_held_with_the_colour_is_a_bluff(
    world: World, fake: FakeTelegram
) -> None:
    """(audit of 2026-12-05) /rules said "A plain Wild may only be played when a +4 could be", below "+4: …
    Played while you hold a card of the colour in play, it is a bluff": a +4 can always be played, so the
    line forbade nothing or, as read, a Wild held with the colour, which the game lets Alice play."""
    async with playing(world, fake, Rules().changed(extreme_wild_restriction=True)) as table:
        alice, bob, carol = table.people
        fake.user_sends(carol, table.group, "/rules")
        await table.deliver()
        said = "a plain Wild is restricted like a +4: played while you hold a card of the colour in play, it"
        assert f"{said} is a bluff, and it can be challenged." in (
            fake.last_bot_message(table.group).text or ""
        )
        await _played_black(table, "W")  # she holds R1, on a red 3
        await table.press(bob, Action.CHALLENGE)
        assert len((await table.state()).hands[alice.id]) == 6  # her R1, B9 and the 4 of a caught bluff


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "it was a bluff: they take the card back along with 4 cards, the colour goes back to what it"
            " was, and you play on.",
        ),
        (
            "ru",
            "это блеф: сыгравший забирает карту обратно и берёт ещё 4 карты, цвет снова прежний,"
            " а вы ходите.",  # noqa: RUF001
        ),
    ],
    ids=["en", "ru"],
)
async def test_the_extreme_challenge_hint_says_a_bluffs_card_goes_back(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """Under the extreme challenge Bob's hand said a bluff meant "Alice takes 4 cards, and you play on": he
    challenged, and the +4 was back in her hand and the table red again, not the green she had named."""
    async with playing(world, fake, Rules().changed(extreme_challenge=True), language=language) as table:
        alice, bob, _ = table.people
        await _played_black(table, "W4")
        assert said in spaced(table.hand(bob).text or ""), table.hand(bob).text
        await table.press(bob, Action.CHALLENGE)
        state = await table.state()
        assert state.top.code == "R3" and state.colour is Colour.RED and "W4" in await table.codes(alice)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "a caught bluffer takes the +4 back along with the 4 cards (the colour goes back to what it was),"
            " a wrong challenger takes 8 cards.",
        ),
        (
            "ru",
            "пойманный на блефе забирает +4 обратно и сам берёт эти 4 карты (цвет снова прежний),"
            " а оспоривший зря берёт 8 карт.",  # noqa: RUF001
        ),
    ],
    ids=["en", "ru"],
)
async def test_rules_say_a_caught_bluffers_plus_four_goes_back_under_the_extreme_challenge(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """(session 50) /rules' "How to play" said under the extreme challenge, as in the official game, that "a
    caught bluffer takes the 4 cards instead": only the differences below it said the +4 goes back. Alice
    bluffs, Bob challenges, and she holds her +4 again with the 4 cards."""
    async with playing(world, fake, Rules().changed(extreme_challenge=True), language=language) as table:
        alice, bob, carol = table.people
        fake.user_sends(carol, table.group, "/rules")
        await table.deliver()
        assert said in (fake.last_bot_message(table.group).text or "")
        await _played_black(table, "W4")  # she holds R1, on a red 3
        await table.press(bob, Action.CHALLENGE)
        state = await table.state()
        assert state.colour is Colour.RED and len(state.hands[alice.id]) == 2 + 1 + 4
        assert "W4" in await table.codes(alice)


async def test_hand_size_is_dealt(world: World, fake: FakeTelegram) -> None:
    async with playing(world, fake, Rules().changed(hand_size=5), names=("Alice", "Bob")) as table:
        state = await table.state()
        assert {len(state.hands[p]) for p in state.players if p != state.actor} == {5}


async def test_turn_seconds_and_afk_limit(world: World, fake: FakeTelegram) -> None:
    rules = Rules().changed(turn_seconds=30, afk_limit=1)
    async with playing(world, fake, rules) as table:
        alice, *_ = table.people
        await table.arrange(GUILTY, top="R3", turn=alice)
        assert "⏱ Time's up in 30 s" in table.text()
        deadline = (await table.state()).turn_deadline
        left = None if deadline is None else deadline / 1000 - table.bot.clock()
        # The turn began 30 s before the deadline; the table has settled since.
        assert left is not None and 30 - SETTLE_SECONDS - 1 <= left <= 30
        await table.bot.tick(deadline / 1000 - table.bot.clock() - 1)
        assert (await table.state()).turn == alice.id
        await table.bot.tick(1.5)
        state = await table.state()
        assert alice.id not in state.hands and "leaves the game" in table.text()  # one timeout was the limit
    async with playing(world, fake, Rules().changed(turn_seconds=0), names=("Ann", "Ben", "Cid")) as table:
        ann = table.people[0]
        await table.arrange({"Ann": GUILTY["Alice"]}, top="R3", turn=ann)
        await table.bot.tick(600)
        assert (await table.state()).turn == ann.id and "⏱" not in table.text().splitlines()[2]


async def test_own_hand_scoring_and_a_lone_zero(world: World, fake: FakeTelegram) -> None:
    rules = Rules().changed(scoring="own_hand", lone_zero_100=True)
    async with playing(world, fake, rules) as table:
        alice, bob, carol = table.people
        await table.arrange({"Alice": ["R1"], "Bob": ["R0"], "Carol": ["G9", "G2"]}, top="R3", turn=alice)
        await table.play(alice, "R1")
        scores = (await table.state()).scores
        assert (scores[alice.id], scores[bob.id], scores[carol.id]) == (0, 100, 11)


async def test_a_stopped_own_hand_match_ranks_the_lowest_total_first(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules().changed(scoring="own_hand")) as table:
        alice, bob, carol = table.people

        def scored(old: GameState) -> GameState:
            state = state_from_dict(state_to_dict(old))
            state.scores = {alice.id: 10, bob.id: 300, carol.id: 150}
            state.seq += 1
            return state

        await table.rewrite(scored)
        await stop(table.bot, fake, table.group, alice)
        standings = (fake.last_bot_message(table.group).text or "").splitlines()[-3:]
        # Nobody won a stopped match (no medals): the order still follows the scoring, lowest total best.
        assert standings == ["1. Alice: 10", "2. Carol: 150", "3. Bob: 300"]


async def test_single_round_ends_the_match_with_the_round(world: World, fake: FakeTelegram) -> None:
    async with playing(world, fake, Rules().changed(scoring="single_round")) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["R1"]}, top="R3", turn=alice)
        before = len(fake.bot_messages_in(table.group))
        await table.play(alice, "R1")
        # The round's result and the match's come in one new message, not two.
        new = fake.bot_messages_in(table.group)[before:]
        assert len(new) == 1, [m.text for m in new]
        text = spaced(new[0].text or "")  # a single round has no points: the winner once, no standings
        assert "Alice wins the match!" in text and "Round 1" not in text
        assert "Standings:" not in text
        assert await table.bot.rt.service.find(_place(table)) is None


# Every card but two red Reverses in a hand: Alice and Carol hold neither red nor a Reverse, so each draws
# the other Reverse (the draw pile rebuilt from it alone) and, with force_play, plays it, handing the turn
# straight back. Bob, holding the rest, never moves again: three such rebuilds per player stall the round.
CHURNING = {"Alice": ["Y0", "Y7", "GS"], "Bob": ["B9"], "Carol": ["G0", "Y6"]}


def _bob_holds_the_rest(old: GameState) -> GameState:
    """Bob holds every card but the discard pile's top and the draw pile's top (the next card drawn)."""
    state = state_from_dict(state_to_dict(old))
    bob = state.players[1]
    state.hands[bob] = [*state.hands[bob], *state.draw_pile[:-1], *state.discard[:-1]]
    state.draw_pile, state.discard = state.draw_pile[-1:], state.discard[-1:]
    state.seq += 1
    return state


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Round 1: the cards have run out; Carol wins with the fewest points."),
        ("ru", "Раунд 1: карты кончились, побеждает Carol (меньше всего очков)."),
    ],
)
async def test_a_stalled_single_round_says_how_it_was_won(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """(results audit, session 48) A single round's line is left out as the match's title names its winner,
    but a stalled round's stays: without it "Carol wins the match!" came with nobody out of cards."""
    rules = Rules().changed(scoring="single_round", force_play=True)
    async with playing(world, fake, rules, language=language) as table:
        alice, _, carol = table.people
        await table.arrange(CHURNING, top="RR", turn=alice, draw_next=["RR"])
        await table.rewrite(_bob_holds_the_rest)
        for _ in range(20):
            if await table.bot.rt.service.find(_place(table)) is None:
                break
            mover = alice if (await table.state()).turn == alice.id else carol
            await table.press(mover, Action.DRAW)
            if await table.bot.rt.service.find(_place(table)) is not None:
                await table.play(mover, "RR")
        assert await table.bot.rt.service.find(_place(table)) is None
        result = fake.last_bot_message(table.group).text or ""
        assert said in spaced(result), result


async def test_the_target_score_ends_the_match(world: World, fake: FakeTelegram) -> None:
    async with playing(world, fake, Rules().changed(target_score=100)) as table:
        alice = table.people[0]
        await table.head_start(90)
        await table.arrange({"Alice": ["R1"], "Bob": ["B9", "B8"]}, top="R3", turn=alice)
        await table.play(alice, "R1")
        assert await table.bot.rt.service.find(_place(table)) is None  # 90 + 17 + Carol's cards >= 100


async def test_the_uno_penalty_is_what_the_chat_chose(world: World, fake: FakeTelegram) -> None:
    async with playing(world, fake, Rules().changed(uno_penalty=4)) as table:
        alice, bob, _ = table.people
        await table.arrange({"Alice": ["R5", "B9"]}, top="R3", turn=alice)
        await table.play(alice, "R5")
        await table.press(bob, Action.CATCH, table.table_message())
        assert len((await table.state()).hands[alice.id]) == 5


def _place(table: Table) -> Place:
    return Place(table.group.id)


def _no_cards_left(old: GameState) -> GameState:
    """Carol holds every card that is in neither another hand nor on top of the discard pile."""
    state = state_from_dict(state_to_dict(old))
    carol = state.players[2]
    state.hands[carol] = [*state.hands[carol], *state.draw_pile, *state.discard[:-1]]
    state.draw_pile, state.discard = [], state.discard[-1:]
    state.seq += 1
    return state


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "• Alice takes no card (the cards have run out) and passes."),
        ("ru", "• Алиса ничего не берёт (карты кончились) и пасует."),
    ],
)
async def test_a_draw_with_no_cards_left_says_so(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """With both piles empty a draw takes nothing (RULES §3): the table said "Alice draws 0 cards.", and a
    slap or a penalty "Bob takes 0 cards for not slapping."."""
    names = ("Alice", "Bob", "Carol") if language == "en" else ("Алиса", "Борис", "Гоша")
    async with playing(world, fake, Rules(), names=names, language=language) as table:
        alice = table.people[0]
        await table.arrange({names[0]: ["B9", "G4"], names[1]: ["R1", "Y2"]}, top="R3", turn=alice)
        await table.rewrite(_no_cards_left)
        await table.press(alice, Action.DRAW)
        assert said in table.text(), table.text()
        assert " 0 " not in table.text().split("\n\n")[-1], table.text()


FAIR_FOURS = {"Alice": ["W4", "B9", "G1"], "Bob": ["W4", "Y1", "Y2"], "Carol": ["G1", "G2"]}
STACKED_EXTREME = Rules().changed(stacking="same", extreme_challenge=True)


@pytest.mark.parametrize(
    ("rules", "language", "said", "challenger_holds"),
    [
        (Rules(), "en", "a caught bluffer takes the 4 cards instead, a wrong challenger takes 6 cards.", 8),
        (Rules(), "ru", "пойманный на блефе сам берёт эти 4 карты, а оспоривший зря берёт 6 карт.", 8),  # noqa: RUF001
        (
            STACKED_EXTREME,
            "en",
            "a wrong challenger takes 8 cards (on a stack: the bluffer takes the whole stack, a wrong"
            " challenger the stack + 4).",
            2 + 4 + 4 + 4,
        ),
        (
            STACKED_EXTREME,
            "ru",
            "оспоривший зря берёт 8 карт (при накопленном штрафе: пойманный берёт весь штраф, оспоривший"
            " зря — штраф и ещё 4).",
            2 + 4 + 4 + 4,
        ),
    ],
)
async def test_rules_say_what_a_challenge_of_a_plus_four_costs(
    world: World, fake: FakeTelegram, rules: Rules, language: str, said: str, challenger_holds: int
) -> None:
    """(audit of 2026-12-05) /rules said only that a bluffed +4 "may be challenged": what a caught bluff or
    a wrong challenge costs was told on the challenger's hand, once they could already challenge. Carol
    challenges the last +4 on the table (Bob's, on Alice's when they stack), and it was fair."""
    async with playing(world, fake, rules, language=language) as table:
        alice, bob, carol = table.people
        fake.user_sends(carol, table.group, "/rules")
        await table.deliver()
        assert said in (fake.last_bot_message(table.group).text or "")
        stacked = rules.stacking is not Stacking.OFF
        await table.arrange(FAIR_FOURS, top="R3", turn=alice if stacked else bob)
        if stacked:
            await table.play(alice, "W4")
            await table.press(alice, Action.COLOUR)
        await table.play(bob, "W4")
        await table.press(bob, Action.COLOUR)
        await table.press(carol, Action.CHALLENGE)
        assert len((await table.state()).hands[carol.id]) == challenger_holds
