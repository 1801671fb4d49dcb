"""Presses at the same moment: exactly one counts, and whoever came second reads who was first."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine.rules import JumpIn, Rules
from bot.tg.callback_data import Action
from bot.tg.twin_presses import TWIN_MS
from tests.e2e.harness import World, buttons, press, press_action
from tests.fake_bot_api import CallbackQuery, FakeTelegram, User
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing

# Alice plays her R1 without calling UNO!: Bob and Carol may catch her.
BEFORE_THE_CATCH = {"Alice": ["R1", "R2"], "Bob": ["G7", "B8", "Y1"], "Carol": ["G4", "B9", "Y2"]}


async def _catchable_alice(table: Table) -> None:
    alice = table.people[0]
    await table.arrange(BEFORE_THE_CATCH, top="R5", turn=alice)
    await table.play(alice, "R1")


@pytest.mark.parametrize(
    ("language", "told"),
    [("en", "Too late: {} caught Alice first."), ("ru", "Поздно: игрок {} уже поймал игрока Alice.")],
)
async def test_the_second_of_two_catches_reads_who_caught_first(
    world: World, fake: FakeTelegram, language: str, told: str
) -> None:
    """Bob and Carol press Catch! together: the one who lost read "Nobody can be caught now." while the table
    they pressed showed Alice catchable. In Russian it read «Поздно: игрока Alice уже ловит Bob.», as if the
    catch were still going on (session 54)."""
    async with playing(world, fake, Rules(), language=language) as table:
        alice, bob, carol = table.people
        await _catchable_alice(table)
        shown = table.table_message()
        catches = {user.first_name: press_action(fake, user, shown, Action.CATCH) for user in (bob, carol)}
        await table.bot.deliver_at_once()
        (first,) = [name for name, query in catches.items() if not query.show_alert]
        (second,) = [query for query in catches.values() if query.show_alert]
        assert second.answer_text == told.format(first)
        assert len(await table.codes(alice)) == 1 + Rules().uno_penalty  # caught once


async def test_a_second_catch_by_the_one_who_caught_does_not_read_that_they_were_beaten(
    world: World, fake: FakeTelegram
) -> None:
    """Bob caught Alice, then pressed the same Catch! again, too late to be a twin of the first (answered
    without a word): nobody caught her before him, so nobody is named as first."""
    async with playing(world, fake, Rules()) as table:
        bob = table.people[1]
        await _catchable_alice(table)
        shown = table.table_message()
        catch = next(data for _, data in buttons(shown) if data.action is Action.CATCH)
        press(fake, bob, shown, catch)
        await table.deliver()
        await table.bot.tick(TWIN_MS / 1000 + 1)
        again = press(fake, bob, shown, catch)
        await table.deliver()
        assert (again.show_alert, again.answer_text) == (True, "Nobody can be caught now.")


async def test_a_catch_pressed_twice_at_once_is_answered_without_a_word(
    world: World, fake: FakeTelegram
) -> None:
    """The second tap of a double tap is a twin of the catch that counted: the first one's answer says how it
    went, not "Nobody can be caught now" after it."""
    async with playing(world, fake, Rules()) as table:
        bob = table.people[1]
        await _catchable_alice(table)
        shown = table.table_message()
        catch = next(data for _, data in buttons(shown) if data.action is Action.CATCH)
        first = press(fake, bob, shown, catch)
        await table.deliver()
        twin = press(fake, bob, shown, catch)
        await table.deliver()
        assert not first.show_alert and first.answer_text
        assert twin.answered and (twin.show_alert, twin.answer_text) == (False, None)


@pytest.mark.parametrize(
    ("language", "told"),
    [("en", "🎯 You caught Alice without UNO!"), ("ru", "🎯 Вы поймали игрока Alice без «УНО!».")],  # noqa: RUF001
)
async def test_the_first_catch_is_told_at_once(
    world: World, fake: FakeTelegram, language: str, told: str
) -> None:
    """The one whose catch counted read nothing until the table's edit came, seconds later in a busy group,
    while the one who lost the race was told at once."""
    async with playing(world, fake, Rules(), language=language) as table:
        bob = table.people[1]
        await _catchable_alice(table)
        caught = press_action(fake, bob, table.table_message(), Action.CATCH)
        await table.bot.deliver_at_once()
        assert not caught.show_alert and caught.answer_text == told


@pytest.mark.parametrize("on_hands", [False, True], ids=["on the table", "on their hands"])
@pytest.mark.parametrize(
    ("language", "called", "slapped"),
    [
        ("en", "📣 You called UNO! Nobody can catch you now.", "👋 You slapped."),
        ("ru", "📣 Вы сказали «УНО!»: теперь вас не поймать.", "👋 Вы хлопнули."),  # noqa: RUF001
    ],
)
async def test_an_uno_call_or_a_slap_is_told_at_once(
    world: World, fake: FakeTelegram, language: str, called: str, slapped: str, on_hands: bool
) -> None:
    """Alice's UNO! on the table, raced by catchers, and the first slaps of a zero were answered with
    nothing: the table saying so came with its next edit, seconds later in a busy group (a slap window
    lasts 5 s), while a catch, or a press that lost, was told at once. Pressed on the hand in private
    (found by a reader of a whole game, session 50), they were answered with nothing still: the hand only
    lost its button, and the group's table narrated the call later."""
    rules = Rules(zero_slap=True, slap_seconds=5)
    async with playing(world, fake, rules, language=language) as table:
        alice, bob, _ = table.people
        await table.arrange({**BEFORE_THE_CATCH, "Alice": ["R0", "R2"]}, top="R5", turn=alice)
        await table.play(alice, "R0")  # one card left without UNO!, and a zero to slap
        call = press_action(fake, alice, table.hand(alice) if on_hands else table.table_message(), Action.UNO)
        slap = press_action(fake, bob, table.hand(bob) if on_hands else table.table_message(), Action.SLAP)
        await table.bot.deliver_at_once()
        assert (call.show_alert, call.answer_text) == (False, called)
        assert (slap.show_alert, slap.answer_text) == (False, slapped)
        state = await table.state()
        assert alice.id in state.uno_called and bob.id in state.slapped


@pytest.mark.parametrize(
    ("language", "told"),
    [("en", "Too late: Alice called UNO! first."), ("ru", "Поздно: игрок Alice уже сказал «УНО!».")],  # noqa: RUF001
)
async def test_a_catch_that_came_after_the_uno_call_reads_that_the_call_was_first(
    world: World, fake: FakeTelegram, language: str, told: str
) -> None:
    """Alice presses UNO! as Bob presses Catch!: Bob read "Nobody can be caught now." with no word of why."""
    async with playing(world, fake, Rules(), language=language) as table:
        alice, bob, _ = table.people
        await _catchable_alice(table)
        shown = table.table_message()
        call = press_action(fake, alice, shown, Action.UNO)
        catch = press_action(fake, bob, shown, Action.CATCH)
        await table.bot.deliver_at_once()
        assert not call.show_alert
        assert catch.show_alert and catch.answer_text == told
        assert await table.codes(alice) == ["R2"]


async def test_an_uno_call_that_came_after_the_catch_reads_who_caught(
    world: World, fake: FakeTelegram
) -> None:
    """Bob presses Catch! as Alice presses UNO!: she read only that the UNO! window had closed."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        await _catchable_alice(table)
        shown = table.table_message()
        catch = press_action(fake, bob, shown, Action.CATCH)
        call = press_action(fake, alice, shown, Action.UNO)
        await table.bot.deliver_at_once()
        assert not catch.show_alert
        assert call.show_alert and call.answer_text == "Too late: Bob caught you first."
        assert len(await table.codes(alice)) == 1 + Rules().uno_penalty


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


async def test_a_catch_after_the_next_player_called_and_played_reads_that_its_target_escaped(
    world: World, fake: FakeTelegram
) -> None:
    """Bob calls UNO! right before his card, one line of the table ("Bob calls UNO! and plays 🟥 7."): Carol's
    Catch! of Alice, pressed on the table before it, reads that Alice escaped, not that Bob called first."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, carol = table.people
        await table.arrange({**BEFORE_THE_CATCH, "Bob": ["R7", "B8"]}, top="R5", turn=alice)
        await table.play(alice, "R1")
        (catch_alice,) = [data for _, data in buttons(table.table_message()) if data.action is Action.CATCH]
        await table.press(bob, Action.UNO)
        await table.play(bob, "R7")
        assert "\n• Bob calls UNO! and plays 🟥 7." in table.text()
        catch = await table.press_data(carol, catch_alice, table.table_message())
        assert catch.show_alert and catch.answer_text == "Too late: Alice can't be caught any more."


async def test_a_catch_or_an_uno_call_beaten_by_a_catch_that_a_move_followed_reads_who_caught(
    world: World, fake: FakeTelegram
) -> None:
    """Bob caught Alice and played his card before Carol's Catch! and Alice's UNO!, pressed on the table
    showing her catchable, reached the bot (a flooded forum holds presses seconds): the toasts read only the
    newest line, Bob's card, and said "Nobody can be caught now." and "Too late: the UNO! window has
    closed." (session 54)."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, carol = table.people
        await table.arrange({**BEFORE_THE_CATCH, "Bob": ["R7", "B8", "Y1"]}, top="R5", turn=alice)
        await table.play(alice, "R1")
        shown = table.table_message()
        catch, uno = (
            next(data for _, data in buttons(shown) if data.action is action)
            for action in (Action.CATCH, Action.UNO)
        )
        await table.press(bob, Action.CATCH, shown)
        await table.play(bob, "R7")
        late_catch = await table.press_data(carol, catch, shown)
        late_call = await table.press_data(alice, uno, shown)
        assert late_catch.show_alert and late_catch.answer_text == "Too late: Bob caught Alice first."
        assert late_call.show_alert and late_call.answer_text == "Too late: Bob caught you first."


@pytest.mark.parametrize("caller", ["Alice", "Carol"], ids=["her own call", "the next player's call"])
async def test_a_catch_whose_window_a_move_closed_reads_its_target_escaped_not_a_call_after_the_move(
    world: World, fake: FakeTelegram, caller: str
) -> None:
    """Bob's card closed Alice's catch window before Dave's Catch! reached the bot, and an UNO! call came
    after it (Alice's own, with her one card, or Carol's, on her turn with two): Dave read "Too late: Alice
    (or Carol) called UNO! first.", the newest line, not what closed his window (session 54)."""
    names = ("Alice", "Bob", "Carol", "Dave")
    async with playing(world, fake, Rules(), names=names) as table:
        alice, bob, _, dave = table.people
        hands = {**BEFORE_THE_CATCH, "Bob": ["R7", "B8", "Y1"], "Carol": ["R4", "B9"], "Dave": ["G5", "B6"]}
        await table.arrange(hands, top="R5", turn=alice)
        await table.play(alice, "R1")
        shown = table.table_message()
        (catch,) = [data for _, data in buttons(shown) if data.action is Action.CATCH]
        await table.play(bob, "R7")
        await table.press(next(user for user in table.people if user.first_name == caller), Action.UNO)
        late = await table.press_data(dave, catch, shown)
        assert late.show_alert and late.answer_text == "Too late: Alice can't be caught any more."


async def test_uno_tapped_after_a_jump_in_or_ones_own_draw_says_why_not_that_a_window_closed(
    world: World, fake: FakeTelegram
) -> None:
    """Alice holds two cards on her turn and taps UNO! a moment after Carol jumped in on her turn (or after
    her own Draw): she read "Too late: the UNO! window has closed.", though no window was ever open on her."""
    names = ("Alice", "Bob", "Carol", "Dave")  # after Carol's jump-in Dave moves, not Alice
    async with playing(world, fake, Rules(jump_in=JumpIn.ON), names=names) as table:
        alice, _, carol, _ = table.people
        hands = {"Alice": ["B1", "G2"], "Bob": ["R6", "G7", "B8"], "Carol": ["B5", "G4", "B9"]}
        for jumped_in in (True, False):
            await table.arrange(hands, top="B5", turn=alice, draw_next=["Y3"])
            shown = table.hand(alice)
            uno = next(data for _, data in buttons(shown) if data.action is Action.UNO)
            if jumped_in:
                await table.play(carol, "B5")
            else:
                press_action(fake, alice, shown, Action.DRAW)
            late = press(fake, alice, shown, uno)
            await table.bot.deliver_at_once()
            assert late.show_alert and late.answer_text == (
                "Too late: Carol jumped in first. Use the newest message."
                if jumped_in
                else "UNO! is called with two cards on your turn, before playing one of them, or with one"
                " card."
            )
            assert alice.id not in (await table.state()).uno_called


@pytest.mark.parametrize("double_tap", [True, False], ids=["a double tap", "on the table after the hand"])
async def test_slap_pressed_again_by_the_last_to_slap_reads_that_they_slapped(
    world: World, fake: FakeTelegram, double_tap: bool
) -> None:
    """Bob, the last to slap Alice's zero, tapped Slap! twice, or on the table as well as on his hand: the
    first press read that he slapped last and took 4 cards, the second "There is nothing to slap now.", as if
    his slap had not counted (found by a reader of a game of races, session 51)."""
    async with playing(world, fake, Rules(zero_slap=True)) as table:
        alice, bob, carol = table.people
        await table.arrange({**BEFORE_THE_CATCH, "Alice": ["R0", "R2"]}, top="R5", turn=alice)
        await table.play(alice, "R0")
        shown = table.table_message()
        for user in (alice, carol):
            press_action(fake, user, shown, Action.SLAP)
        await table.bot.deliver_at_once()
        first = press_action(fake, bob, shown if double_tap else table.hand(bob), Action.SLAP)
        again = press_action(fake, bob, shown, Action.SLAP)
        await table.bot.deliver_at_once()
        assert (first.show_alert, spaced(first.answer_text or "")) == (
            True,
            "👋 You slapped last: you took 4 cards.",
        )
        assert (again.show_alert, again.answer_text) == (True, "You have already slapped.")
        assert len(await table.codes(bob)) == 3 + 4


async def test_uno_pressed_on_the_table_after_the_next_player_moved_is_not_told_it_came_too_late(
    world: World, fake: FakeTelegram
) -> None:
    """Alice, one card left and not caught, pressed UNO! on the table after Bob's card closed her window: she
    may still call on the newest screen, so she does not read that Bob played first."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        await _catchable_alice(table)
        shown = table.table_message()
        uno = next(data for _, data in buttons(shown) if data.action is Action.UNO)
        await table.play(bob, "Y1")
        late = await table.press_data(alice, uno, shown)
        assert late.show_alert and late.answer_text == "This button is out of date. Use the newest message."


# Bob's move after Alice's last-but-one card, what she played for it, and the cards it gave him
CLOSING_MOVES = {
    "draw": ("R1", Action.DRAW, 1),
    "penalty": ("R+2", Action.ACCEPT, 2),
    "challenge": ("W4", Action.CHALLENGE, 6),  # a fair +4: Bob takes 6
    "timeout": ("R1", None, 1),
}


@pytest.mark.parametrize("move", list(CLOSING_MOVES))
async def test_a_catch_whose_window_a_draw_a_challenge_or_a_timeout_closed_reads_its_target_escaped(
    world: World, fake: FakeTelegram, move: str
) -> None:
    """Bob drew (took the +2 Alice left him, challenged her fair +4, or ran out of time) before Dave's Catch!
    of Alice reached the bot, and Alice called UNO! after it: his move closed her window (RULES.md §5), so
    Dave reads that she escaped, not that she called first (mutation audit, session 54)."""
    names = ("Alice", "Bob", "Carol", "Dave")
    last, action, drawn = CLOSING_MOVES[move]
    async with playing(world, fake, Rules(), names=names) as table:
        alice, bob, _, dave = table.people
        hands = {
            "Alice": [last, "B9"],
            "Bob": ["G7", "B8", "Y1"],
            "Carol": ["R4", "B3"],
            "Dave": ["G5", "B6"],
        }
        await table.arrange(hands, top="R5", turn=alice, draw_next=["G9", "G8"])
        await table.play(alice, last)
        if last == "W4":
            await table.press(alice, Action.COLOUR)
        shown = table.table_message()
        (catch,) = [data for _, data in buttons(shown) if data.action is Action.CATCH]
        if action is None:
            state = await table.state()
            assert state.turn_deadline is not None
            await table.bot.tick(state.turn_deadline / 1000 - table.bot.clock() + 1)
            await table.deliver()
        else:
            await table.press(bob, action)
        assert len(await table.codes(bob)) == 3 + drawn
        await table.press(alice, Action.UNO)
        late = await table.press_data(dave, catch, shown)
        assert late.show_alert and late.answer_text == "Too late: Alice can't be caught any more."


async def test_a_late_catch_by_one_who_escaped_with_one_card_names_whom_it_was_for(
    world: World, fake: FakeTelegram
) -> None:
    """Alice, one card left and long past being caught, pressed Catch! of Bob after Carol's card closed his
    window: she reads that Bob escaped, not herself (mutation audit, session 54)."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, carol = table.people
        hands = {"Alice": ["G3"], "Bob": ["R1", "R2"], "Carol": ["R4", "B9", "Y2"]}
        await table.arrange(hands, top="R5", turn=bob)
        await table.play(bob, "R1")
        shown = table.table_message()
        (catch,) = [data for _, data in buttons(shown) if data.action is Action.CATCH]
        await table.play(carol, "R4")
        late = await table.press_data(alice, catch, shown)
        assert late.show_alert and late.answer_text == "Too late: Bob can't be caught any more."
