"""UNO Extreme on the table: the chains with their count, the eight cover, zero slap and seven silence."""

from __future__ import annotations

import re

import pytest

from bot.engine.rules import Rules
from bot.engine.serialization import state_from_dict, state_to_dict
from bot.engine.state import GameState, Pending
from bot.tg.callback_data import Action
from bot.tg.render.text import t
from tests.e2e.harness import World, buttons
from tests.fake_bot_api import FakeTelegram
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing

FOUR = ("Alice", "Bob", "Carol", "Dave")


async def test_the_draw_chain_is_shown_with_its_count(world: World, fake: FakeTelegram) -> None:
    hands = {"Alice": ["R+2", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["G+2", "G1"]}
    async with playing(world, fake, Rules().changed(extreme_draw_chain=True)) as table:
        alice, bob, carol = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R+2")  # Bob holds no red +2 to pass it on: he draws at once
        # named as /rules names the rule
        assert f"⛓ {t('en', 'setting-extreme-draw-chain')}: 1 link\nNext link: someone takes 4 cards" in (
            table.text()
        )
        assert "Bob takes 2 cards as a penalty" in table.text() and "Turn: Carol" in table.text()
        assert not any(data.action is Action.ACCEPT for _, data in buttons(table.hand(bob)))
        await table.play(carol, "G+2")
        assert "⛓ +2 chain: 2 links\nNext link: someone takes 6 cards" in table.text()
        assert len((await table.state()).hands[alice.id]) == 5  # the second link costs 4
    async with playing(world, fake, Rules(), names=("Ann", "Ben", "Cid")) as table:
        ann = table.people[0]
        await table.arrange({"Ann": hands["Alice"]}, top="R3", turn=ann)
        await table.play(ann, "R+2")
        assert "⛓" not in table.text()


@pytest.mark.parametrize(
    ("rules", "card", "chain"),
    [(Rules().changed(extreme_draw_chain=True), "R+2", "⛓"), (Rules().changed(skip_chain=True), "RS", "⏭")],
    ids=["draw chain", "skip chain"],
)
async def test_a_round_won_with_a_chains_card_shows_no_chain(
    world: World, fake: FakeTelegram, rules: Rules, card: str, chain: str
) -> None:
    """The finished round's table read "⛓ +2 chain: 1 link · the next link makes someone take 4 cards" (or
    "⏭ Skip chain: 1 skipped") under "The round is over": there was nobody left to extend it."""
    async with playing(world, fake, rules) as table:
        alice = table.people[0]
        await table.arrange({"Alice": [card]}, top="R3", turn=alice)
        await table.play(alice, card)
        assert "The round is over" in table.text() and chain not in table.text(), table.text()


async def test_the_skip_chain_is_shown_and_skips_one_more(world: World, fake: FakeTelegram) -> None:
    hands = {"Alice": ["RS", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["GS", "G1"], "Dave": ["Y5", "Y6"]}
    async with playing(world, fake, Rules().changed(skip_chain=True), names=FOUR) as table:
        alice, bob, carol, _ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "RS")
        assert (await table.state()).turn == carol.id and "Skip chain: 1 skipped" in table.text()
        await table.play(carol, "GS")
        assert (await table.state()).turn == bob.id  # Dave and Alice are skipped
    async with playing(world, fake, Rules(), names=("Ann", "Ben", "Cid", "Dan")) as table:
        ann, ben, cid, _ = table.people
        await table.arrange({"Ann": hands["Alice"], "Cid": hands["Carol"]}, top="R3", turn=ann)
        await table.play(ann, "RS")
        await table.play(cid, "GS")
        assert (await table.state()).turn == ann.id and "Skip chain" not in table.text()  # Dan only
        assert ben.id != ann.id


async def test_an_eight_keeps_the_turn_until_it_is_covered(world: World, fake: FakeTelegram) -> None:
    hands = {"Alice": ["R8", "R2", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(eight_cover=True)) as table:
        alice, bob, _ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R8")
        state = await table.state()
        assert state.turn == alice.id and state.pending is Pending.COVER
        assert "must cover the 8" in table.text() and Action.DRAW not in table.actions(alice)
        await table.play(alice, "R2")
        assert (await table.state()).turn == bob.id
    async with playing(world, fake, Rules(), names=("Ann", "Ben", "Cid")) as table:
        ann, ben, _ = table.people
        await table.arrange({"Ann": hands["Alice"]}, top="R3", turn=ann)
        await table.play(ann, "R8")
        assert (await table.state()).turn == ben.id


async def test_an_eight_with_nothing_to_cover_it_says_to_draw_until_one_does(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules().changed(eight_cover=True)) as table:
        alice, _, _ = table.people
        await table.arrange({"Alice": ["R8", "B2", "B9"]}, top="R3", turn=alice)
        await table.play(alice, "R8")
        await table.bot.tick(30)
        assert "no card of yours fits, so draw until one does." in (table.hand(alice).text or "")


async def test_zero_slap_button_counts_down_and_late_slappers_draw(world: World, fake: FakeTelegram) -> None:
    hands = {"Alice": ["R0", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(zero_slap=True, slap_seconds=5)) as table:
        alice, bob, carol = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R0")
        board = table.table_message()
        window = next(line for line in table.text().splitlines() if "still to slap" in line)
        assert "Slap!" in str(board.button_texts) and re.search(r"⏱ [1-5] s", window), window
        slap_button = next(data for _, data in buttons(board) if data.action is Action.SLAP)
        slap = await table.press_data(bob, slap_button, board)
        assert slap.answered and not slap.show_alert
        await table.bot.tick(2)
        slap = await table.press(alice, Action.SLAP, table.table_message())
        assert not slap.show_alert
        await table.bot.tick(3.5)  # the time is up: Carol never slapped, Alice was the last to slap
        state = await table.state()
        assert len(state.hands[carol.id]) == 6 and len(state.hands[bob.id]) == 2
        assert len(state.hands[alice.id]) == 6  # the last to slap draws 4 too
        assert "Alice takes 4 cards for slapping last." in table.text()
        assert "Carol takes 4 cards for not slapping." in table.text()
        late = await table.press_data(carol, slap_button, board)  # a press that arrives too late
        assert late.show_alert and len((await table.state()).hands[carol.id]) == 6
        assert "Slap!" not in str(table.table_message().button_texts)
    async with playing(world, fake, Rules(), names=("Ann", "Ben", "Cid")) as table:
        ann = table.people[0]
        await table.arrange({"Ann": hands["Alice"]}, top="R3", turn=ann)
        await table.play(ann, "R0")
        assert "Slap!" not in str(table.table_message().button_texts)


@pytest.mark.parametrize(
    ("language", "alert"),
    [
        ("en", "👋 You slapped last: you took 4 cards."),
        ("ru", "👋 Ваш хлопок был последним: вы взяли 4 карты."),
    ],
)
async def test_the_last_to_slap_is_told_at_once_what_it_cost(
    world: World, fake: FakeTelegram, language: str, alert: str
) -> None:
    """Bob and Carol slapped Alice's 0, then Alice: her press closed the window and gave her 4 cards, and it
    was answered as the others' were, with a toast (a late slap, by contrast, pops up what it cost). Her slap
    pressed again reads that she slapped (mutation audit, session 53), not "There is nothing to slap now"."""
    hands = {"Alice": ["R0", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    rules = Rules().changed(zero_slap=True, slap_seconds=5)
    async with playing(world, fake, rules, language=language) as table:
        alice, bob, carol = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R0")
        board = table.table_message()
        slap_button = next(data for _, data in buttons(board) if data.action is Action.SLAP)
        for early in (bob, carol):
            slapped = await table.press(early, Action.SLAP, table.table_message())
            # a toast: it counted
            assert not slapped.show_alert and (slapped.answer_text or "").startswith("👋")
        last = await table.press(alice, Action.SLAP, table.table_message())
        assert len((await table.state()).hands[alice.id]) == 6
        assert last.show_alert and spaced(last.answer_text or "") == alert
        again = await table.press_data(alice, slap_button, board)
        assert again.answer_text == t(language, "refusal-already-slapped")


@pytest.mark.parametrize(
    ("language", "line", "news"),
    [
        (
            "en",
            "Bob takes 4 cards for slapping last: nobody else slapped.",
            "👋 Nobody else slapped, so yours was the last slap: you took 4 cards.",
        ),
        (
            "ru",
            "Bob берёт 4 карты за последний хлопок: больше никто не хлопнул.",
            "👋 Больше никто не хлопнул, так что ваш хлопок оказался последним: вы взяли 4 карты.",
        ),
    ],
)
async def test_the_only_one_to_slap_is_told_that_nobody_else_did(
    world: World, fake: FakeTelegram, language: str, line: str, news: str
) -> None:
    """(Session 53) Bob alone slapped Alice's 0: as the last to slap he takes 4 (RULES.md §7), as do the
    two who never slapped; the table said only "for slapping last", as if others had slapped before him. His
    slap pressed again reads that he slapped, as the last one's does."""
    hands = {"Alice": ["R0", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    rules = Rules().changed(zero_slap=True, slap_seconds=5)
    async with playing(world, fake, rules, language=language) as table:
        alice, bob, carol = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R0")
        board = table.table_message()
        slap_button = next(data for _, data in buttons(board) if data.action is Action.SLAP)
        await table.press_data(bob, slap_button, board)
        await table.bot.tick(6)
        state = await table.state()
        assert [len(state.hands[person.id]) for person in (alice, bob, carol)] == [6, 6, 6]
        assert f"• {line}" in table.text().splitlines()
        assert news in spaced(table.hand(bob).text or "")
        again = await table.press_data(bob, slap_button, board)  # his slap counted: not "nothing to slap now"
        assert again.answer_text == t(language, "refusal-already-slapped")


def _piles_run_out(old: GameState) -> GameState:
    """Every card but the discard pile's top in Carol's hand (the third player's): nothing left to draw."""
    state = state_from_dict(state_to_dict(old))
    carol = state.players[2]
    state.hands[carol] = [*state.hands[carol], *state.draw_pile, *state.discard[:-1]]
    state.draw_pile, state.discard = [], state.discard[-1:]
    return state


async def test_the_last_to_slap_who_found_no_card_to_take_is_told_he_slapped(
    world: World, fake: FakeTelegram
) -> None:
    """(Session 53) Bob slapped Alice's 0 alone when both piles had run out: his 4 cards were due, none
    taken. His slap pressed again read "There is nothing to slap now.", as if it had never counted."""
    hands = {"Alice": ["R0", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    rules = Rules().changed(zero_slap=True, slap_seconds=5)
    async with playing(world, fake, rules) as table:
        alice, bob, _ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R0")
        await table.rewrite(_piles_run_out)
        board = table.table_message()
        slap_button = next(data for _, data in buttons(board) if data.action is Action.SLAP)
        await table.press_data(bob, slap_button, board)
        await table.bot.tick(6)
        state = await table.state()
        assert len(state.hands[bob.id]) == 2 and state.slap_deadline is None
        again = await table.press_data(bob, slap_button, board)
        assert again.answer_text == t("en", "refusal-already-slapped")


async def _zero_slapped_by_two(table: Table, hands: dict[str, list[str]]) -> list[str]:
    """Alice plays a 0, Bob and she slap, the window closes on the rest: the table's recent lines."""
    alice, bob = table.people[:2]
    await table.arrange(hands, top="R3", turn=alice)
    await table.play(alice, "R0")
    for slapper in (bob, alice):
        await table.press(slapper, Action.SLAP, table.table_message())
    await table.bot.tick(6)
    return table.text().split("\n\n")[-1].splitlines()


@pytest.mark.parametrize(
    ("language", "together"),
    [
        ("en", "Carol, Dan and Eve didn't slap: each takes 4 cards."),
        ("ru", "Carol, Dan и Eve не хлопнули: каждый берёт 4 карты."),
    ],
)
async def test_a_zero_slap_is_told_in_few_lines_and_the_zero_stays_on_the_table(
    world: World, fake: FakeTelegram, language: str, together: str
) -> None:
    """With five players the recent moves read "A zero!", a line per slap and a line per late player: the
    zero itself was pushed off the five lines the table keeps. The window's line shows who is still to slap,
    and those who missed it share one line."""
    hands = {"Alice": ["R0", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1"], "Dan": ["G2"], "Eve": ["G3"]}
    names = ("Alice", "Bob", "Carol", "Dan", "Eve")
    rules = Rules().changed(zero_slap=True, slap_seconds=5)
    async with playing(world, fake, rules, names=names, language=language) as table:
        recent = await _zero_slapped_by_two(table, hands)
        assert recent[-1] == f"• {together}", recent
        assert any("R0" in line or "🟥 0" in line for line in recent), recent
        assert len([line for line in recent if "Alice" in line]) == 2, recent  # the zero, the last slap


TEN = ("Alice", "Bob", "Carol", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")


@pytest.mark.parametrize(
    ("players", "language", "together"),
    [
        (10, "en", "Carol, Dan, Eve and 5 more didn't slap: each takes 4 cards."),
        (10, "ru", "Carol, Dan, Eve и ещё 5 игроков не хлопнули: каждый берёт 4 карты."),
        (7, "ru", "Carol, Dan, Eve и ещё 2 игрока не хлопнули: каждый берёт 4 карты."),
        # "and 1 more" would hide one name behind as many words: all four are named
        (6, "en", "Carol, Dan, Eve and Fay didn't slap: each takes 4 cards."),
    ],
)
async def test_many_who_did_not_slap_are_named_three_and_counted(
    world: World, fake: FakeTelegram, players: int, language: str, together: str
) -> None:
    """Ten players who miss the slap would make a line of ten names: it names three, as the windows do."""
    names = TEN[:players]
    hands = {name: [f"G{seat}", f"Y{seat}"] for seat, name in enumerate(names)}
    hands["Alice"] = ["R0", "B9", "B7"]
    rules = Rules().changed(zero_slap=True, slap_seconds=5)
    async with playing(world, fake, rules, names=names, language=language) as table:
        recent = await _zero_slapped_by_two(table, hands)
        assert recent[-1] == f"• {together}", recent
        state = await table.state()
        assert all(len(state.hands[person.id]) == 6 for person in table.people[2:])


async def test_slap_is_in_every_hand_too_and_goes_once_pressed(world: World, fake: FakeTelegram) -> None:
    """The group's table is paced (a write every 3 s at most): the hands, already redrawn when the window
    opens, carry Slap! too, so nobody waits for the table to slap in time."""
    hands = {"Alice": ["R0", "B9", "B7"], "Bob": ["R1", "Y2", "Y3"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(zero_slap=True, slap_seconds=5)) as table:
        alice, bob, carol = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R0")
        # what missing it costs, and until when (it said only "take cards": how many, and how long to slap?)
        said = "👋 A zero! Press “Slap!” now: the last to slap and everyone who doesn't slap"
        said += " take 4\u00a0cards each · ⏱\u00a0in 5\u00a0s"
        for person in (alice, bob, carol):
            assert Action.SLAP in table.actions(person)
            assert said in (table.hand(person).text or "").splitlines(), table.hand(person).text
        slapped = await table.press(carol, Action.SLAP)  # from her hand
        assert slapped.answered and not slapped.show_alert
        assert carol.id not in (await table.state()).slap_pending
        assert Action.SLAP not in table.actions(carol) and Action.SLAP in table.actions(bob)
        seen = next(data for _, data in buttons(table.hand(bob)) if data.action is Action.SLAP)
        await table.play(bob, "R1")  # his hand is redrawn within the window (new buttons, new counter)
        late = await table.press_data(bob, seen, table.hand(bob))  # the Slap! he was about to tap
        assert not late.show_alert and bob.id not in (await table.state()).slap_pending


async def test_a_hand_redrawn_within_the_slap_window_says_the_seconds_left_as_the_table_does(
    world: World, fake: FakeTelegram
) -> None:
    """(found reading a whole UNO Extreme game, session 50) Bob played 2 s into a 5 s slap window: his hand
    and Carol's, redrawn for the new turn, said "⏱ in 5 s" (the turn timer's 10 s steps, capped at the
    window's length: any time left read 5 s) while the table said "⏱ 3 s"."""
    hands = {"Alice": ["G0", "B9", "B7"], "Bob": ["G5", "G2", "Y3"], "Carol": ["G6", "Y1"]}
    async with playing(world, fake, Rules().changed(zero_slap=True, slap_seconds=5)) as table:
        alice, bob, carol = table.people
        await table.arrange(hands, top="G3", turn=alice)
        await table.play(alice, "G0")
        await table.bot.tick(2)
        await table.play(bob, "G5")
        assert "Slap! ⏱ 3 s · still to slap:\nAlice, Bob and Carol\n" in table.text(), table.text()
        for person in (bob, carol):
            said = [line for line in (table.hand(person).text or "").splitlines() if "Slap!" in line]
            assert said and said[0].endswith("· ⏱\u00a0in 3\u00a0s"), said


async def test_the_slap_countdown_runs_on_the_table_while_the_window_is_open(
    world: World, fake: FakeTelegram
) -> None:
    hands = {"Alice": ["R0", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(zero_slap=True, slap_seconds=5)) as table:
        alice = table.people[0]
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R0")

        def seconds_shown() -> int | None:
            found = re.search(r"Slap! ⏱ (\d+) s", table.text())
            return int(found.group(1)) if found else None

        shown = [seconds_shown()]
        for _ in range(3):  # nobody presses anything: only the countdown redraws the table
            await table.bot.tick(1)
            shown.append(seconds_shown())
        assert shown[0] is not None and shown == [shown[0] - step for step in range(4)], shown
        await table.bot.tick(2)  # the window closes
        assert seconds_shown() is None and "Slap!" not in str(table.table_message().button_texts)
        due = table.bot.timers.next_due()  # no redraw is armed any more, only the slow turn timer
        assert due is None or due - table.bot.clock() > 1


async def test_seven_silence_the_first_to_write_draws_four(world: World, fake: FakeTelegram) -> None:
    hands = {"Alice": ["R7", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(seven_silence=True)) as table:
        alice, bob, carol = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R7")
        assert "🤫 Until Alice moves, a player who posts takes 4 cards" in table.text()
        await table.bot.tick(2)  # the group has read it (a message at once would be free)
        fake.user_sends(bob, table.group, "ha!")
        await table.deliver()
        state = await table.state()
        assert len(state.hands[bob.id]) == 6 and state.silence_holder is None
        assert table.text().endswith("\n• 🤫 Bob breaks the silence: takes 4 cards.")  # one line, not two
        fake.user_sends(carol, table.group, "oops")  # the silence is over: talking is free again
        await table.deliver()
        assert len((await table.state()).hands[carol.id]) == 2
    async with playing(world, fake, Rules(), names=("Ann", "Ben", "Cid")) as table:
        ann, ben, _ = table.people
        await table.arrange({"Ann": hands["Alice"]}, top="R3", turn=ann)
        await table.play(ann, "R7")
        before = len((await table.state()).hands[ben.id])
        fake.user_sends(ben, table.group, "ha!")
        await table.deliver()
        assert len((await table.state()).hands[ben.id]) == before


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_hand_that_may_extend_the_draw_chain_says_who_takes_it(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """The table says "the next link makes someone take 4 cards": a +2 makes the next player take them, a
    Reverse the last victim (RULES.md §7). The player choosing read only "play a card (▶) or draw"."""
    names = ("Alice", "Bob", "Carol", "Dave") if language == "en" else ("Аня", "Боря", "Вика", "Гоша")
    hands = {names[0]: ["R+2", "B9"], names[1]: ["Y1", "Y2"], names[2]: ["G+2", "RR", "B1"]}
    said = {
        "en": [
            "⛓ A +2 extends the +2 chain: Dave takes 4 cards.",
            "⛓ A Reverse extends the +2 chain: Bob takes 4 cards.",
        ],
        "ru": [
            "⛓ +2 продолжит цепочку +2: Гоша возьмёт 4 карты.",
            "⛓ «Разворот» продолжит цепочку +2: Боря возьмёт 4 карты.",
        ],
    }[language]
    rules = Rules().changed(extreme_draw_chain=True)
    async with playing(world, fake, rules, names, language=language) as table:
        first, second, third, fourth = table.people
        await table.arrange(hands, top="R3", turn=first)
        await table.play(first, "R+2")  # the second draws 2 at once and is skipped
        lines = spaced(table.hand(third).text or "").splitlines()
        assert [line for line in lines if line.startswith("⛓")] == said, lines
        assert not any("⛓" in (table.hand(user).text or "") for user in (first, second, fourth))
        await table.play(third, "RR")
        assert len((await table.state()).hands[second.id]) == 2 + 2 + 4  # as the hand said


async def test_a_draw_chain_victim_passes_it_on_by_jumping_in(world: World, fake: FakeTelegram) -> None:
    hands = {"Alice": ["R+2", "B9"], "Bob": ["R+2", "Y1"], "Carol": ["G1", "G2"]}
    rules = Rules().changed(extreme_draw_chain=True, jump_in="extreme")
    async with playing(world, fake, rules) as table:
        alice, bob, carol = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R+2")
        assert await table.card_button(bob, "R+2") is not None and await table.card_button(bob, "Y1") is None
        # who the card passes it on to, and how many: as to a player extending it on their turn
        passes_on = "⛓ A +2 extends the +2 chain: Carol takes 4 cards."
        assert passes_on in spaced(table.hand(bob).text or "").splitlines()
        await table.play(bob, "R+2")
        state = await table.state()
        assert len(state.hands[bob.id]) == 1 and state.actor == alice.id  # Carol had no red +2: drew at once
        assert len(state.hands[carol.id]) == 6 and "Carol takes 4 cards as a penalty" in table.text()


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_hand_that_may_extend_the_skip_chain_says_who_it_skips(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """The table counts ("a Skip on it skips 2 players"); the player who may play that Skip read only "play
    a card (▶) or draw"."""
    names = ("Alice", "Bob", "Carol", "Dave") if language == "en" else ("Аня", "Боря", "Вика", "Гоша")
    hands = {names[0]: ["RS", "B9"], names[1]: ["Y1", "Y2"], names[2]: ["YS", "B1"], names[3]: ["GS", "G1"]}
    said = {
        "en": (
            "⏭ A Skip extends the skip chain: Dave and Alice miss a turn.",
            "⏭ A Skip extends the skip chain:",
        ),
        "ru": ("⏭ «Пропуск» продолжит цепочку пропусков: Гоша и Аня пропустят ход.", "⏭"),
    }[language]
    async with playing(world, fake, Rules().changed(skip_chain=True), names, language=language) as table:
        first, second, third, fourth = table.people
        await table.arrange(hands, top="R3", turn=first)
        await table.play(first, "RS")  # the second is skipped
        lines = (table.hand(third).text or "").splitlines()
        assert [line for line in lines if line.startswith("⏭")] == [said[0]], lines
        assert not any(said[1] in (table.hand(user).text or "") for user in (first, second, fourth))
        await table.play(third, "YS")
        assert (await table.state()).actor == second.id  # as the hand said


async def test_the_skip_chain_counts_players_in_good_russian(world: World, fake: FakeTelegram) -> None:
    """Russian counts the players the next Skip skips as the settings' text does («пропускает двоих, затем
    троих»): «пропустит 2 игрока» read a 2 aloud as «два игрока», where people in the accusative want «двух
    игроков», and «двоих» says it without the question."""
    names = ("Алиса", "Борис", "Лиза", "Глеб", "Дина", "Женя")
    hands = {"Алиса": ["RS", "B9"], "Лиза": ["GS", "G1"], "Женя": ["Y5", "YS"]}
    async with playing(world, fake, Rules().changed(skip_chain=True), names=names, language="ru") as table:
        alice, _, liza, _, _, zhenya = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "RS")
        assert "\nЕщё «Пропуск» пропустит двоих" in table.text(), table.text()  # noqa: RUF001
        await table.play(liza, "GS")
        assert "\nЕщё «Пропуск» пропустит троих" in table.text(), table.text()  # noqa: RUF001
        await table.play(zhenya, "YS")
        assert "\nЕщё «Пропуск» пропустит четверых" in table.text(), table.text()  # noqa: RUF001


async def test_slap_pressed_twice_or_late_says_why_not_out_of_date(world: World, fake: FakeTelegram) -> None:
    """(found by an audit, 2026-12-03) a double tap on Slap! and a Slap! after the window closed were answered
    "This button is out of date. Use the newest message.", which sends people to a table with no Slap!."""
    hands = {"Alice": ["R0", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(zero_slap=True, slap_seconds=5)) as table:
        alice, bob, carol = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R0")
        board = table.table_message()
        slap = next(data for _, data in buttons(board) if data.action is Action.SLAP)
        assert not (await table.press_data(bob, slap, board)).show_alert
        again = await table.press_data(bob, slap, board)
        assert again.show_alert and again.answer_text == "You have already slapped."
        await table.bot.tick(6)  # the window closes
        late = await table.press_data(carol, slap, board)  # she took 4 cards for it
        assert late.show_alert and late.answer_text == (
            "Too late: the time to slap ran out, and you took the cards for a missed slap."
        )
