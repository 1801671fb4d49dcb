"""A hand's prompts as a narrow phone shows them (tests.narrow_phone): the line under the counts that says
whose turn it is and what to do, on every hand of every turn, fits a line."""

from __future__ import annotations

import pytest

from bot.engine.actions import ChooseColour, Play
from bot.engine.cards import Colour
from bot.engine.rules import DrawRule, JumpIn, Rules
from bot.engine.state import Pending
from bot.tg.callback_data import Action
from bot.tg.render import Seat, hand
from bot.tg.render.cards import COLOUR_EMOJI
from tests.engine.helpers import act, card_id, given
from tests.narrow_phone import PHONE_LINE, cut_labels, width, wrapped
from tests.tg.render.buttons import hand_view
from tests.tg.render.checks import check_render, pressed

LANGS = ("en", "ru")


def _prompts(state_rules: Rules | None, hands: dict[int, str], player: int, lang: str) -> list[str]:
    """The lines below the hand's head (after its blank line), as plain text."""
    state = given(hands, "R9", rules=state_rules)
    plain = check_render(hand(hand_view(state, player), lang))
    return plain.split("\n\n", 1)[1].splitlines()


@pytest.mark.parametrize("lang", LANGS)
def test_the_prompt_on_ones_turn_fits_a_line(lang: str) -> None:
    """(session 52, a narrow phone's measure of four matches) «Ваш ход: сыграйте карту (▶) или возьмите из
    колоды.», 51 characters against the English 35, wrapped on every hand of one's turn (383 screens in a
    match): «сыграйте (▶) или возьмите» says the same beside the ▶ cards and the "Draw a card" button."""
    [prompt] = _prompts(None, {1: "R1 G2 G5", 2: "G3 G7 G8"}, 1, lang)
    assert width(prompt) <= PHONE_LINE, prompt


@pytest.mark.parametrize("lang", LANGS)
def test_the_prompt_off_ones_turn_and_its_jump_in_hint_fit_a_line(lang: str) -> None:
    """(session 52) "Not your turn: follow the game in the group." (44, «Сейчас не ваш ход: следите за игрой в
    группе.» 45) wrapped on every hand off turn, and "⚡ You can jump in with an identical card!" (42) under
    it whenever one could: "Not your turn: watch the group." («…игра идёт в группе.») and "⚡ Jump
    in with an identical card!" say the same."""
    prompts = _prompts(Rules(jump_in=JumpIn.ON), {1: "R1 G2 G5", 2: "R9 G7 G8"}, 2, lang)
    assert len(prompts) == 2, prompts  # the jump-in hint is there
    assert max(map(width, prompts)) <= PHONE_LINE, prompts


@pytest.mark.parametrize(
    ("lang", "draw_rule"),
    [("en", DrawRule.SINGLE), ("ru", DrawRule.SINGLE), ("en", DrawRule.UNTIL_PLAYABLE)],
)
def test_the_prompt_when_no_card_fits_fits_a_line(lang: str, draw_rule: DrawRule) -> None:
    """(session 52) "Your turn: no card fits: draw until one does." (45) and «Ваш ход: подходящих карт нет —
    возьмите из колоды.» (50) wrapped whenever nothing in the hand could be played: "draw until a card
    fits" and «ходить нечем — возьмите» say the same. (The Russian of drawing until a card fits is left
    longer: no shorter wording reads as plainly.)"""
    [prompt] = _prompts(Rules(draw_rule=draw_rule), {1: "G1 G2 G5", 2: "G3 G7 G8"}, 1, lang)
    assert width(prompt) <= PHONE_LINE, prompt


@pytest.mark.parametrize("lang", LANGS)
def test_a_sevens_swap_buttons_with_the_longest_names_fit_their_rows(lang: str) -> None:
    """(session 53) "🔀 NAME (12)" with a name of 24 letters, as the table showed it then, ran 2 past the row
    a narrow phone shows uncut; a name is cut at the table's width now (16), marked as the table marks it."""
    twelve = "B1 B2 B3 B4 B5 B6 B8 B9 Y3 Y4 Y5 Y6"
    state = given({1: "R7 G2 G5", 2: twelve, 3: "Y1 Y2"}, "R9", rules=Rules(seven_zero=True))
    state, _ = act(state, Play(1, card_id(state, 1, "R7"), 1000))
    assert state.pending is Pending.CHOOSE_SWAP
    names = {2: "Alexandra Konstantinovna", 3: "Alexandra Konstantinovich"}
    seats = {player: Seat(player, names.get(player, "Ann")) for player in state.players}
    render = hand(hand_view(state, 1, seats=seats), lang)
    rows = [[label for label, data in pressed(render) if data.action is Action.SWAP]]
    assert len(rows[0]) == 2 and cut_labels([[label] for label in rows[0]]) == [], rows
    assert rows[0] == ["🔀 Alexandra Konst… (12)", "🔀 Alexandra Kon… ² (2)"], rows


@pytest.mark.parametrize("lang", LANGS)
def test_the_cards_a_hand_lists_wrap_between_cards_never_inside_one(lang: str) -> None:
    """(helper-549's read of two friends' match on a narrow phone) "Your cards left: 🟥 1, 🟥 8, 🟨" above "2,
    🟦 3", and "👁 The challenged hand: 🟥 0, 🟥" above "3, 🟨 7, ...": a card's colour and its value were
    split, and the value read as a card of its own."""
    hands = {1: "G2 B9", 2: "R0 R3 Y7 G5 GS B9 Y2 B3"}
    shown = given(hands, "R5")
    over = given(hands, "R5", match_over=True)
    for text in (
        check_render(hand(hand_view(shown, 1, revealed=tuple(shown.hands[2])), lang)),
        check_render(hand(hand_view(over, 2), lang)),
    ):
        lines = [part for line in text.splitlines() for part in wrapped(line)]
        assert not [line for line in lines if line.endswith(tuple(COLOUR_EMOJI.values()))], lines


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_challenge_hint_names_the_player_once(lang: str) -> None:
    """(helper-549) "⚖️ If Anastasia-Marie… held a 🟥 red card (the colour in play before it), it was a bluff:
    Anastasia-Marie… takes 4 cards, and you play on. ..." took six lines of a narrow phone: "they take",
    «сыгравший берёт»."""
    state = given({1: "W4 R1", 2: "G2 G3"}, "R5")
    state, _ = act(state, Play(1, card_id(state, 1, "W4")))
    state, _ = act(state, ChooseColour(1, Colour.BLUE))
    assert state.pending is Pending.PENALTY and state.actor == 2
    name = "Anastasia-Marie"
    seats = {1: Seat(1, name), 2: Seat(2, "Ed")}
    [hint] = [
        line
        for line in check_render(hand(hand_view(state, 2, seats=seats), lang)).splitlines()
        if "⚖️" in line
    ]
    assert hint.count(name) == 1, hint


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "the last to slap and everyone who doesn't slap take 4\u00a0cards each"),
        ("ru", "4\u00a0карты берёт последний, кто хлопнет, и каждый, кто не успеет"),  # noqa: RUF001
    ],
)
def test_the_slap_hint_keeps_its_time_whole_on_a_narrow_phone(lang: str, said: str) -> None:
    """(helper-570's read of a Russian Extreme match) «…и каждый, кто не хлопнет, берёт 4 карты · ⏱» above
    the seconds, «…Скорее жмите «Хлоп!»: 4» above «карты…»: the clock was left alone at a line's end, and
    the count away from its cards; and «берёт» followed two who take them."""
    state = given({1: "R1 G2", 2: "G3 G7"}, "R0", rules=Rules(zero_slap=True))
    state.slap_pending, state.slap_deadline = list(state.players), state.clock + 5_000
    for player in (1, 2):
        text = check_render(hand(hand_view(state, player), lang))
        [hint] = [line for line in text.splitlines() if "👋" in line]
        assert said in hint, hint
        assert not [line for line in wrapped(hint) if line.endswith(("⏱", "4"))], wrapped(hint)
