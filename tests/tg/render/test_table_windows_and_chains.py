"""What the table asks of the players besides a turn: the catch and slap windows and their buttons (none
once past, between rounds or paused, only the hand's button on a quiet table), a penalty and how it may be
answered, a restricted Wild's challenge, and the +2 and skip chains' lines."""

from dataclasses import replace

import pytest

from bot.engine.actions import ChooseColour, Play
from bot.engine.cards import Colour
from bot.engine.game import apply
from bot.engine.rules import PRESETS, Rules
from bot.engine.state import GameState
from bot.tg.callback_data import Action
from bot.tg.render import table
from tests.engine.helpers import card_id, given
from tests.narrow_phone import spaced
from tests.tg.render.buttons import GAME_ID
from tests.tg.render.checks import check_render, pressed
from tests.tg.render.games import RULE_SETS, random_match, scenarios
from tests.tg.render.table_views import NBSP, view


def test_catch_window_offers_uno_and_catch() -> None:
    state = scenarios()["catch_window"].state
    render = table(view(state), "en")
    assert [d.action for _, d in pressed(render)] == [Action.UNO, Action.CATCH]
    assert all(d.args == () and d.game_id == GAME_ID and d.state == 5 for _, d in pressed(render))
    assert "Didn't call UNO!" in render.text


def test_slap_window_offers_slap() -> None:
    state = scenarios()["slap_window"].state
    render = table(view(state), "ru")
    assert Action.SLAP in [d.action for _, d in pressed(render)]
    assert "Хлопайте" in render.text


@pytest.mark.parametrize(
    ("lang", "pending", "said"),
    [
        ("en", 3, "Player 1, Player 2 and Player 3"),
        ("en", 9, f"Player 1, Player 2, Player 3 and 6{NBSP}more"),
        ("ru", 4, "Player 1, Player 2, Player 3 и Player 4"),
        ("ru", 5, f"Player 1, Player 2, Player 3 и ещё 2{NBSP}игрока"),
        ("ru", 9, f"Player 1, Player 2, Player 3 и ещё 6{NBSP}игроков"),
    ],
)
def test_the_slap_window_names_three_still_to_slap_and_counts_the_rest_from_two(
    lang: str, pending: int, said: str
) -> None:
    """With ten players the line listed every name, ~200 characters; "and 1 more" would save no room."""
    state = next(s for s, _ in random_match(RULE_SETS["extreme"], seed=1, players=10)).clone()
    state.slap_pending = list(state.players)[:pending]
    state.slap_deadline = state.clock + 5_000
    lines = table(view(state), lang).text.splitlines()
    window = next(at for at, line in enumerate(lines) if line.startswith("👋"))
    # the names follow the window's line, each name's words kept together
    assert lines[window + 1] == said.replace("Player ", f"Player{NBSP}"), lines


def test_quiet_table_has_only_the_my_cards_button() -> None:
    state = scenarios()["play"].state
    assert pressed(table(view(state), "en")) == []


def test_silence_and_penalty_are_shown() -> None:
    assert "🤫" in table(view(scenarios()["silence"].state), "en").text
    state = scenarios()["penalty_challenge"].state
    assert f"must\u00a0take\u00a0{state.penalty}\u00a0cards" in table(view(state), "en").text


def test_an_extreme_draw_chain_victim_is_said_to_be_able_to_answer() -> None:
    """(found by an audit of what people read, 2026-12-02) on a +2 chain the next player may pass it on with
    an identical card, even with stacking off: the table must not say they can only take the cards."""
    state = given({1: "R+2 G1", 2: "R+2 B1", 3: "Y1 Y2"}, "R3", rules=Rules(extreme_draw_chain=True))
    state, _ = apply(state, Play(1, card_id(state, 1, "R+2")))
    assert state.chain == 1
    assert "must\u00a0take\u00a02\u00a0cards</b>\nor pass it on with a card" in table(view(state), "en").text


def test_the_skip_chain_line_never_counts_the_extending_player() -> None:
    state = given({1: "RS G1", 2: "Y1 Y2", 3: "GS Y3"}, "R3", rules=Rules(skip_chain=True))
    state, _ = apply(state, Play(1, card_id(state, 1, "RS")))
    assert "A Skip on it skips everyone else" in table(view(state), "en").text
    two = given({1: "RS G1", 2: "Y1 Y2"}, "R3", rules=Rules(skip_chain=True))
    two, _ = apply(two, Play(1, card_id(two, 1, "RS")))
    assert "Skip chain" not in table(view(two), "en").text  # between two a chain skips as any Skip does


def test_a_blank_draw_penalty_is_not_said_to_be_answerable_under_stacking() -> None:
    """(found by an audit, 2026-12-02) nothing stacks on a blank's penalty, whatever the hand holds."""
    rules = PRESETS["house"].changed(deck="classic_blank")
    state = given({1: "BL R3 B5", 2: "G+2 W4 G8", 3: "B+2 Y2 Y1"}, "R9", rules=rules)
    state, _ = apply(state, Play(1, card_id(state, 1, "BL")))
    state, _ = apply(state, ChooseColour(1, Colour.GREEN))
    text = table(view(state), "en").text
    assert "must\u00a0take\u00a010\u00a0cards</b>\n" in text, text


@pytest.mark.parametrize(
    ("stacking", "challenge", "lang", "said"),
    [
        ("off", True, "en", ("Turn: Player 2 must take 4 cards", "or challenge the card")),
        ("off", True, "ru", ("Ходит Player 2: взять 4 карты", "или оспорить карту")),
        ("mixed", True, "en", ("Turn: Player 2 must take 4 cards", "or pass it on, or challenge it")),
        ("mixed", True, "ru", ("Ходит Player 2: взять 4 карты", "или передать дальше, или оспорить")),
        ("mixed", False, "en", ("Turn: Player 2 must take 4 cards", "or pass it on with a card")),
        ("mixed", False, "ru", ("Ходит Player 2: взять 4 карты", "или передать штраф дальше картой")),
        ("off", False, "en", ("Turn: Player 2 must take 4 cards",)),
    ],
)
def test_the_table_names_how_a_penalty_may_be_answered(
    stacking: str, challenge: bool, lang: str, said: str
) -> None:
    """(found by a newcomer's audit, 2026-12-04) the table read "must take 4 cards or answer", and nothing
    said what answering is. It names what the rules allow, whatever the hand holds."""
    rules = Rules().changed(stacking=stacking, wd4_challenge=challenge)
    state = given({1: "W4 B5 G1", 2: "G5 B2", 3: "Y1 Y2"}, "R3", rules=rules)
    state, _ = apply(state, Play(1, card_id(state, 1, "W4")))
    state, _ = apply(state, ChooseColour(1, Colour.GREEN))
    lines = check_render(table(view(state), lang)).replace("\u00a0", " ").splitlines()
    assert tuple(lines[2 : 2 + len(said)]) == said
    assert lines[2 + len(said)].startswith("⏱"), lines  # no more of it: the turn's end follows


@pytest.mark.parametrize(
    ("card", "lang", "said"),
    [
        ("W", "en", "May challenge the 🌈 Wild"),
        ("W", "ru", "Может оспорить 🌈 Дикую"),
        ("BL", "en", "May challenge the ⬜ Blank"),
        ("BL", "ru", "Может оспорить ⬜ Пустую"),
    ],
)
def test_a_restricted_wild_is_said_to_be_challengeable(card: str, lang: str, said: str) -> None:
    """Under extreme_wild_restriction a plain Wild may be challenged like a +4; with no penalty to take the
    table read a plain "Turn: Bob", and only Bob's own hand told him. A blank played as a plain Wild is
    restricted as one: the table named "the 🌈 Wild" under a top card "⬜ Blank"."""
    rules = Rules(extreme_wild_restriction=True, extreme_challenge=True)
    if card == "BL":
        rules = rules.changed(deck="classic_blank", blank_effect="wild")
    state = given({1: f"{card} R5 G1", 2: "G5 B2", 3: "Y1 Y2"}, "R3", rules=rules)
    state, _ = apply(state, Play(1, card_id(state, 1, card)))
    state, _ = apply(state, ChooseColour(1, Colour.GREEN))
    assert said in table(view(state), lang).text
    state, _ = apply(state, Play(2, card_id(state, 2, "G5")))  # not challenged: the chance is gone
    assert said not in table(view(state), lang).text


def test_a_slap_window_past_its_end_shows_no_zero_seconds() -> None:
    """In a restart's grace a slap window past its end still takes slaps until the bot closes it: "⏱ 0 s"
    would say they no longer count."""
    state = next(s for s, _ in random_match(RULE_SETS["extreme"], seed=1, players=3)).clone()
    state.slap_pending = list(state.players)
    state.slap_deadline = state.clock - 1_000

    def slap_line(state: GameState) -> str:
        return next(line for line in table(view(state), "en").text.splitlines() if line.startswith("👋"))

    assert "⏱" not in slap_line(state)
    state.slap_deadline = state.clock + 4_000
    assert slap_line(state) == "👋 Slap! ⏱\u00a04\u00a0s · still to slap:"


def test_catch_is_not_offered_between_rounds_under_the_false_catch_penalty() -> None:
    """With a false-catch penalty Catch! stays while anyone holds one card; once the round is over nobody
    can be caught, and the button would only be refused."""
    state = given({1: "R1", 2: "G1 G2", 3: "B1 B2"}, "R9", turn=2, rules=Rules(false_catch_penalty=1))
    assert [data.action for _, data in pressed(table(view(state), "en"))] == [Action.CATCH]
    between = replace(state, round_over=True, next_round_deadline=state.clock + 5_000)
    assert pressed(table(view(between), "en")) == []


@pytest.mark.parametrize("window", ["catch_window", "slap_window"])
def test_a_paused_table_shows_no_window_and_no_button(window: str) -> None:
    """Its windows stand still with the game while the topic is closed: a catch or slap line (and its
    button) would offer what nobody may do until it is reopened."""
    state = scenarios()[window].state
    live = table(view(state), "en").text
    assert "\n⚠️ " in live or "\n👋 " in live
    paused = table(replace(view(state), paused=True), "en")
    assert "<b>⏸ Paused: the topic is closed.</b>" in paused.text
    assert "\n⚠️ " not in paused.text and "\n👋 " not in paused.text, paused.text
    assert paused.reply_markup is None


def test_the_plus_two_chain_line_says_what_the_next_link_costs() -> None:
    """Each link adds two: after one +2 the next makes someone take 4 cards, not the 2 already on it."""
    state = given({1: "R+2 G1", 2: "R+2 B1", 3: "Y1 Y2"}, "R3", rules=Rules(extreme_draw_chain=True))
    state, _ = apply(state, Play(1, card_id(state, 1, "R+2")))
    english, russian = (spaced(table(view(state), lang).text) for lang in ("en", "ru"))
    assert "⛓ +2 chain: 1 link\nNext link: someone takes 4 cards" in english
    assert "⛓ Цепочка +2 (звеньев: 1)\nЕщё звено заставит взять 4 карты" in russian  # noqa: RUF001


def test_a_skip_chain_as_long_as_the_others_skips_no_more_of_them() -> None:
    """Two Skips chained among three have skipped both others: a third skips those two again, not three."""
    state = given({1: "RS G1", 2: "Y1 Y2", 3: "GS Y3"}, "R3", rules=Rules(skip_chain=True))
    state, _ = apply(state, Play(1, card_id(state, 1, "RS")))
    state, _ = apply(state, Play(3, card_id(state, 3, "GS")))
    assert "⏭ Skip chain: 2 skipped\nA Skip on it skips everyone else" in spaced(
        table(view(state), "en").text
    )


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "en",
            [
                "⏭ Skip chain: 1 skipped / A Skip on it skips 2 players",
                "⏭ Skip chain: 2 skipped / A Skip on it skips everyone else",
                "⏭ Skip chain: 3 skipped / A Skip on it skips everyone else",
            ],
        ),
        (
            "ru",
            [
                "⏭ Цепочка пропусков (пропущено: 1) / Ещё «Пропуск» пропустит двоих",
                "⏭ Цепочка пропусков (пропущено: 2) / Ещё «Пропуск» пропустит остальных",
                "⏭ Цепочка пропусков (пропущено: 3) / Ещё «Пропуск» пропустит остальных",
            ],
        ),
    ],
)
def test_a_skip_chain_at_its_cap_says_it_skips_everyone_else(lang: str, lines: list[str]) -> None:
    """(session 51, an all-rules read) among four a chain skips at most the three others: "3 skipped · a
    Skip on it skips 3 players" (in Russian «пропущено: 3 · …пропустит троих») read as if the next link
    forgot to add one."""
    state = given({1: "RS G1", 2: "YS Y2", 3: "GS Y3", 4: "B1 B2"}, "R3", rules=Rules(skip_chain=True))
    said = []
    for player, card in ((1, "RS"), (3, "GS"), (2, "YS")):
        state, _ = apply(state, Play(player, card_id(state, player, card)))
        shown = spaced(table(view(state), lang).text).splitlines()
        said += [f"{line} / {shown[at + 1]}" for at, line in enumerate(shown) if line.startswith("⏭")]
    assert said == lines
