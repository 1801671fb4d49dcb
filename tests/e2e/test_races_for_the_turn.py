"""Presses on a hand that lost the race for the turn: the player on turn and a jump-in beaten by each
other, or by a draw, a timeout, a penalty taken, a catch or a card others followed, a stale or doubled
press, a press after the turn ran out: each reads what came first."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine.rules import JumpIn, Rules
from bot.tg.callback_data import Action
from tests.e2e.harness import World, buttons, press
from tests.fake_bot_api import CallbackQuery, FakeTelegram, User
from tests.rules_in_play.table import Table, playing


async def _raced(
    table: Table, fake: FakeTelegram, first: User, second: User, together: bool
) -> CallbackQuery:
    """Alice on her turn plays 🟥 1 and Carol jumps in with 🟥 5 on 🟥 5, `first`'s press reaching the bot
    first (`together`: in one batch; else handled before `second`'s is sent), `second` pressing the hand
    shown before: `second`'s press, answered."""
    alice, _, carol = table.people
    hands = {"Alice": ["R1", "G2", "B3"], "Bob": ["R6", "G7", "B8"], "Carol": ["R5", "G4", "B9"]}
    await table.arrange(hands, top="R5", turn=alice)
    cards = {alice.id: "R1", carol.id: "R5"}
    chosen = {user.id: await table.card_button(user, cards[user.id]) for user in (first, second)}
    first_card, second_card = chosen[first.id], chosen[second.id]
    assert first_card is not None and second_card is not None
    shown = table.hand(second)
    press(fake, first, table.hand(first), first_card)
    if not together:
        await table.deliver()
    late = press(fake, second, shown, second_card)
    await table.bot.deliver_at_once()
    return late


@pytest.mark.parametrize("together", [True, False], ids=["one batch", "the jump-in handled first"])
@pytest.mark.parametrize(
    ("language", "told"),
    [
        ("en", "Too late: Carol jumped in first. Use the newest message."),
        ("ru", "Поздно: игрок Carol вмешался раньше. Воспользуйтесь последним сообщением."),
    ],
)
async def test_the_player_on_turn_beaten_by_a_jump_in_reads_who_jumped_in(
    world: World, fake: FakeTelegram, together: bool, language: str, told: str
) -> None:
    """Alice plays on her turn as Carol jumps in: Alice read "This button is out of date. Use the newest
    message." with no word of the jump-in; so too when her press came after her hand was redrawn. In Russian
    it read «Поздно: Carol вмешивается раньше.», the present tense of what was done (session 54)."""
    async with playing(world, fake, Rules(jump_in=JumpIn.ON), language=language) as table:
        alice, _, carol = table.people
        late = await _raced(table, fake, first=carol, second=alice, together=together)
        assert late.show_alert
        assert late.answer_text == told
        assert await table.codes(alice) == ["B3", "G2", "R1"]


@pytest.mark.parametrize("together", [True, False], ids=["one batch", "the play handled first"])
@pytest.mark.parametrize(
    ("language", "told"),
    [
        ("en", "Too late: Alice played first. Use the newest message."),
        ("ru", "Поздно: игрок Alice сходил раньше. Воспользуйтесь последним сообщением."),
    ],
)
async def test_a_jump_in_beaten_by_the_player_on_turn_reads_who_played_first(
    world: World, fake: FakeTelegram, together: bool, language: str, told: str
) -> None:
    """Carol jumps in as Alice plays on her turn, Alice first: Carol read "This button is out of date. Use the
    newest message." with no word of the race she lost (found by a reader of a game of races, session 51)."""
    async with playing(world, fake, Rules(jump_in=JumpIn.ON), language=language) as table:
        alice, _, carol = table.people
        late = await _raced(table, fake, first=alice, second=carol, together=together)
        assert late.show_alert and late.answer_text == told
        assert await table.codes(carol) == ["B9", "G4", "R5"]


@pytest.mark.parametrize("followed", [False, True], ids=["alone", "Alice played after her"])
async def test_a_stale_press_of_the_one_who_jumped_in_is_not_told_they_jumped_in_first(
    world: World, fake: FakeTelegram, followed: bool
) -> None:
    """Carol jumped in, then tapped another card of her hand as it was before: her own jump-in replaced it,
    not someone else's, so she reads that the button is out of date; also after Alice, whose turn came next,
    played (not "Too late: Alice played first.": Carol's own card came first)."""
    async with playing(world, fake, Rules(jump_in=JumpIn.ON)) as table:
        alice, _, carol = table.people
        hands = {"Alice": ["R1", "G2", "B3"], "Bob": ["R6", "G7", "B8"], "Carol": ["R5", "G4", "B9"]}
        await table.arrange(hands, top="R5", turn=alice)
        jump_in, shown = await table.card_button(carol, "R5"), table.hand(carol)
        other = next(data for _, data in buttons(shown) if data.action is Action.TRY)  # not playable now
        assert jump_in is not None
        await table.press_data(carol, jump_in, shown)
        if followed:
            await table.play(alice, "R1")
        late = await table.press_data(carol, other, shown)
        assert late.show_alert and late.answer_text == "This button is out of date. Use the newest message."


@pytest.mark.parametrize("called", [False, True], ids=["", "after her UNO! call"])
async def test_a_press_after_the_turn_ran_out_reads_that_the_time_ran_out(
    world: World, fake: FakeTelegram, called: bool
) -> None:
    """The turn's timer fired a moment before Alice's press: she read "This button is out of date.". Her
    UNO! call before it left her hand's buttons as they were: the timer came first all the same."""
    async with playing(world, fake, Rules()) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["R1", "G2"]}, top="R5", turn=alice)
        move = await table.card_button(alice, "R1")
        if called:
            await table.press(alice, Action.UNO)
        state = await table.state()
        assert move is not None and state.turn_deadline is not None
        shown = table.hand(alice)
        await table.bot.tick(state.turn_deadline / 1000 - table.bot.clock())
        late = press(fake, alice, shown, move)
        await table.bot.deliver_at_once()
        assert late.show_alert
        assert late.answer_text == "Too late: your time for that turn ran out. Use the newest message."


@pytest.mark.parametrize("drew", [False, True], ids=["on the hand of her turn", "on the hand after her draw"])
async def test_a_press_on_ones_own_turn_after_it_ran_out_and_the_next_played_reads_that_the_time_ran_out(
    world: World, fake: FakeTelegram, drew: bool
) -> None:
    """Alice's turn ran out (maybe after she drew a card she could play), Bob played, then her press on her
    hand of that turn came: she lost no race to Bob, who played on his own turn, so she does not read "Too
    late: Bob played first." (review, session 51), as she did on the hand redrawn after her draw (session
    52): her time ran out first."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, carol = table.people
        hands = {"Alice": ["R1", "G2", "B3"], "Bob": ["R6", "G7", "B8"], "Carol": ["R5", "G4", "B9"]}
        await table.arrange(hands, top="R9", turn=carol, draw_next=["R2"])
        await table.play(carol, "R5")  # Alice's turn begins: her hand is sent anew
        if drew:
            await table.press(alice, Action.DRAW)  # 🟥 2: she may play it, so it is still her turn
        card = "R2" if drew else "R1"  # a drawn card is the only one that may follow the draw
        move = await table.card_button(alice, card)
        state = await table.state()
        assert move is not None and state.turn_deadline is not None and state.actor == alice.id
        shown = table.hand(alice)
        await table.bot.tick(state.turn_deadline / 1000 - table.bot.clock())
        await table.deliver()
        await table.play(bob, "R6")
        late = press(fake, alice, shown, move)
        await table.bot.deliver_at_once()
        assert late.show_alert
        assert late.answer_text == "Too late: your time for that turn ran out. Use the newest message."
        assert card in await table.codes(alice)


async def test_a_jump_in_beaten_by_a_card_that_others_followed_names_the_card_that_came_first(
    world: World, fake: FakeTelegram
) -> None:
    """Carol's jump-in with 🟥 5 came after Alice played on her turn and Bob after her: Carol read "Too late:
    Bob played first.", the newest move, though Alice's card was the one her hand lost to (session 52)."""
    names = ("Alice", "Bob", "Dave", "Carol")  # Carol's turn does not come: her hand stays
    async with playing(world, fake, Rules(jump_in=JumpIn.ON), names=names) as table:
        alice, bob, _, carol = table.people
        hands = {"Alice": ["R1", "G2", "B3"], "Bob": ["R6", "G7", "B8"], "Carol": ["R5", "G4", "B9"]}
        await table.arrange(hands, top="R5", turn=alice)
        jump_in = await table.card_button(carol, "R5")
        assert jump_in is not None
        shown = table.hand(carol)
        await table.play(alice, "R1")
        await table.play(bob, "R6")
        late = press(fake, carol, shown, jump_in)
        await table.bot.deliver_at_once()
        assert late.show_alert and late.answer_text == "Too late: Alice played first. Use the newest message."
        assert "R5" in await table.codes(carol)


@pytest.mark.parametrize(
    ("what", "language", "told"),
    [
        ("drew", "en", "Too late: Alice drew first. Use the newest message."),
        (
            "drew",
            "ru",
            "Поздно: игрок Alice уже взял из колоды. Воспользуйтесь последним сообщением.",
        ),
        (
            "timed out",
            "en",
            "Too late: Alice ran out of time, and the game moved on. Use the newest message.",
        ),
        (
            "timed out",
            "ru",
            "Поздно: время хода игрока Alice вышло, игра пошла дальше. Воспользуйтесь последним сообщением.",
        ),
    ],
)
async def test_a_jump_in_beaten_by_a_draw_or_a_timeout_says_so_not_that_the_next_card_came_first(
    world: World, fake: FakeTelegram, what: str, language: str, told: str
) -> None:
    """Carol's jump-in with her second 🟥 5 came after Alice, on turn, drew a card that did not fit (or her
    time ran out and the game drew for her) and Bob played: Carol read "Too late: Bob played first.", though
    Alice's draw had ended the jump-in's chance before Bob's card (or "This button is out of date." after a
    timeout)."""
    names = ("Alice", "Bob", "Dave", "Carol")  # Carol's turn does not come: her hand stays
    async with playing(world, fake, Rules(jump_in=JumpIn.ON), names=names, language=language) as table:
        alice, bob, _, carol = table.people
        hands = {"Alice": ["G2", "B3", "Y4"], "Bob": ["R6", "G7", "B8"], "Carol": ["R5", "R5", "G4", "B9"]}
        await table.arrange(hands, top="R9", turn=carol, draw_next=["B7"])
        await table.play(carol, "R5")  # Alice's turn begins, on its timer
        jump_in = await table.card_button(carol, "R5")
        assert jump_in is not None
        shown = table.hand(carol)
        if what == "drew":
            await table.press(alice, Action.DRAW)  # 🟦 7 does not fit: her turn ends
        else:
            state = await table.state()
            assert state.turn_deadline is not None
            await table.bot.tick(state.turn_deadline / 1000 - table.bot.clock() + 1)
            await table.deliver()
        await table.play(bob, "R6")
        late = press(fake, carol, shown, jump_in)
        await table.bot.deliver_at_once()
        assert late.show_alert and late.answer_text == told
        assert "R5" in await table.codes(carol)


async def test_a_jump_in_beaten_after_a_catch_reads_who_played_not_who_was_caught(
    world: World, fake: FakeTelegram
) -> None:
    """Bob caught Alice, on whose card Carol meant to jump in, then played: the catch's cards began no
    turn, so Carol reads that Bob played first, not that Alice drew first (mutation audit, session 54)."""
    names = ("Alice", "Bob", "Dave", "Carol")  # Carol's turn does not come: her hand stays
    async with playing(world, fake, Rules(jump_in=JumpIn.ON), names=names) as table:
        alice, bob, _, carol = table.people
        hands = {"Alice": ["R5", "B3"], "Bob": ["R6", "G7", "B8"], "Carol": ["R5", "G4", "B9"]}
        await table.arrange(hands, top="R9", turn=alice)
        await table.play(alice, "R5")
        jump_in = await table.card_button(carol, "R5")
        assert jump_in is not None
        shown = table.hand(carol)
        await table.press(bob, Action.CATCH, table.table_message())
        assert len(await table.codes(alice)) == 1 + Rules().uno_penalty
        await table.play(bob, "R6")
        late = press(fake, carol, shown, jump_in)
        await table.bot.deliver_at_once()
        assert late.show_alert and late.answer_text == "Too late: Bob played first. Use the newest message."


@pytest.mark.parametrize("what", ["drew", "timed out"])
async def test_a_jump_in_tapped_twice_after_the_player_on_turn_drew_or_ran_out_of_time_is_told_once(
    world: World, fake: FakeTelegram, what: str
) -> None:
    """Carol double-tapped her jump-in after Alice's draw (or timeout) ended its chance: the refusal of an
    outdated screen is told once, its twin answered without a word, as for a card played first (mutation
    audit, session 54)."""
    names = ("Alice", "Bob", "Dave", "Carol")  # Carol's turn does not come: her hand stays
    async with playing(world, fake, Rules(jump_in=JumpIn.ON), names=names) as table:
        alice, _, _, carol = table.people
        hands = {"Alice": ["G2", "B3", "Y4"], "Bob": ["R6", "G7", "B8"], "Carol": ["R5", "R5", "G4", "B9"]}
        await table.arrange(hands, top="R9", turn=carol, draw_next=["B7"])
        await table.play(carol, "R5")
        jump_in = await table.card_button(carol, "R5")
        assert jump_in is not None
        shown = table.hand(carol)
        if what == "drew":
            await table.press(alice, Action.DRAW)
        else:
            state = await table.state()
            assert state.turn_deadline is not None
            await table.bot.tick(state.turn_deadline / 1000 - table.bot.clock() + 1)
            await table.deliver()
        taps = [press(fake, carol, shown, jump_in) for _ in range(2)]
        await table.bot.deliver_at_once()
        assert all(tap.answered for tap in taps)
        assert sorted(bool(tap.answer_text) for tap in taps) == [False, True], [t.answer_text for t in taps]


async def test_a_jump_in_beaten_by_a_penalty_taken_reads_who_took_it(
    world: World, fake: FakeTelegram
) -> None:
    """Alice, on turn under Carol's +2, took its two cards before Carol's jump-in with her second +2 reached
    the bot, and Bob played: the penalty began Alice's turn and ended the jump-in's chance, so Carol reads
    that Alice drew first, not that Bob played first (mutation audit, session 54)."""
    names = ("Alice", "Bob", "Dave", "Carol")  # Carol's turn does not come: her hand stays
    async with playing(world, fake, Rules(jump_in=JumpIn.ON), names=names) as table:
        alice, bob, _, carol = table.people
        hands = {"Alice": ["G2", "B3", "Y4"], "Bob": ["R6", "G7", "B8"], "Carol": ["R+2", "R+2", "G4", "B9"]}
        await table.arrange(hands, top="R9", turn=carol)
        await table.play(carol, "R+2")
        jump_in = await table.card_button(carol, "R+2")
        assert jump_in is not None
        shown = table.hand(carol)
        await table.press(alice, Action.ACCEPT)
        assert len(await table.codes(alice)) == 3 + 2
        await table.play(bob, "R6")
        late = press(fake, carol, shown, jump_in)
        await table.bot.deliver_at_once()
        assert late.show_alert and late.answer_text == "Too late: Alice drew first. Use the newest message."


async def test_a_press_on_a_hand_whose_moves_since_are_no_longer_known_is_refused_plainly(
    world: World, fake: FakeTelegram
) -> None:
    """Carol's jump-in with 🟥 5 lost to Alice's card; Bob played, then Alice jumped in. The game was saved
    by a version that kept no seqs with the recent moves (as when the table no longer keeps the card that
    came first): Carol reads that the button is out of date, not "Too late: Alice jumped in first.", the
    newest move, not the one her hand lost to."""
    names = ("Alice", "Bob", "Dave", "Carol")  # Carol's turn does not come: her hand stays
    async with playing(world, fake, Rules(jump_in=JumpIn.ON), names=names) as table:
        alice, bob, _, carol = table.people
        hands = {"Alice": ["R1", "R6", "B3"], "Bob": ["R6", "G7", "B8"], "Carol": ["R5", "G4", "B9"]}
        await table.arrange(hands, top="R5", turn=alice)
        jump_in = await table.card_button(carol, "R5")
        assert jump_in is not None
        shown = table.hand(carol)
        await table.play(alice, "R1")
        await table.play(bob, "R6")
        await table.play(alice, "R6")  # on Dave's turn: a jump-in
        record, _ = await table.bot.game(table.group)
        async with table.bot.rt.database.unit_of_work() as uow:
            stored = await uow.games.get(record.id)
            assert stored is not None
            untagged = {key: value for key, value in stored.state.items() if key != "recent_seqs"}
            await uow.games.save(replace(stored, state=untagged))
        late = press(fake, carol, shown, jump_in)
        await table.bot.deliver_at_once()
        assert late.show_alert and late.answer_text == "This button is out of date. Use the newest message."
