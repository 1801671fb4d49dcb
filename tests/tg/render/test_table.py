from dataclasses import replace

import pytest

from bot.engine.actions import ChooseColour, Play
from bot.engine.cards import Colour
from bot.engine.events import CardPlayed, CardsDrawn, DrawReason, Event, UnoCalled
from bot.engine.game import apply
from bot.engine.rules import PRESETS, Rules
from bot.engine.state import GameState
from bot.tg.callback_data import Action
from bot.tg.render import Seat, TableView, table
from bot.tg.render.table import RECENT_LINES
from tests.engine.helpers import card_id, given
from tests.tg.render.buttons import GAME_ID, SEATS
from tests.tg.render.checks import buttons, check_render, pressed
from tests.tg.render.games import RULE_SETS, random_match, scenarios

NASTY = '<b>&"' * 25  # 100 characters, every one of them escaped in HTML


def view(state: GameState, recent: tuple[Event, ...] = (), seats: dict[int, Seat] | None = None) -> TableView:
    return TableView(GAME_ID, 5, "Friends", seats or SEATS, state, recent, state.clock, "uno_test_bot")


@pytest.mark.parametrize("name", sorted(scenarios()))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_scenario_renders(name: str, lang: str) -> None:
    scenario = scenarios()[name]
    render = table(view(scenario.state, scenario.events), lang)
    check_render(render)
    if scenario.state.match_over:
        assert render.reply_markup is None
    else:
        assert buttons(render)[0].url == "https://t.me/uno_test_bot"


def test_turn_player_is_mentioned_with_time_left_and_everyone_is_listed() -> None:
    state = scenarios()["play"].state
    actor = state.actor
    text = table(view(state), "en").text
    assert state.turn_deadline is not None
    deadline = f'<tg-time unix="{-(-state.turn_deadline // 1000)}" format="r">in 60 s</tg-time>'
    assert f'Turn: <a href="tg://user?id={actor}">Player {actor}</a> · ⏱ {deadline}' in text
    for player in state.players:
        assert f"Player {player}: {len(state.hands[player])} 🂠 · 0 points" in text
    assert f"Draw pile: {len(state.draw_pile)} cards" in text
    assert text.count("▶️") == 1


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", ["1 point", "21 points", "0 points"]), ("ru", ["1 очко", "21 очко", "0 очков"])],
)
def test_a_players_score_says_it_counts_points_not_cards(lang: str, said: list[str]) -> None:
    """The row read "Ann: 7 🂠 · 21", the second number unnamed beside a count of cards."""
    state = scenarios()["play"].state.clone()
    first = state.players[0]
    shown = []
    for score in (1, 21, 0):
        state.scores = {first: score}
        row = next(line for line in table(view(state), lang).text.splitlines() if f"Player {first}:" in line)
        shown.append(row.split(" · ")[-1])
    assert shown == said


@pytest.mark.parametrize(("lang", "said"), [("en", "The game was stopped."), ("ru", "Игра остановлена.")])
def test_a_stopped_table_names_no_turn_window_or_button(lang: str, said: str) -> None:
    state = scenarios()["catch_window"].state
    stopped = table(replace(view(state), stopped=True), lang)
    check_render(stopped)
    assert said in stopped.text and "⏱" not in stopped.text and "▶️" not in stopped.text
    assert stopped.reply_markup is None


def test_time_left_changes_only_in_coarse_steps() -> None:
    state = scenarios()["play"].state
    assert state.turn_deadline is not None
    texts = {
        table(TableView(GAME_ID, 5, "F", SEATS, state, (), state.turn_deadline - ms, "b"), "en").text
        for ms in range(40_001, 50_000, 700)
    }
    assert len(texts) == 1


def test_catch_window_offers_uno_and_catch() -> None:
    state = scenarios()["catch_window"].state
    render = table(view(state), "en")
    assert [d.action for _, d in pressed(render)] == [Action.UNO, Action.CATCH]
    assert all(d.args == () and d.game_id == GAME_ID and d.state == 5 for _, d in pressed(render))
    assert "did not call UNO!" in render.text


def test_slap_window_offers_slap() -> None:
    state = scenarios()["slap_window"].state
    render = table(view(state), "ru")
    assert Action.SLAP in [d.action for _, d in pressed(render)]
    assert "Хлопайте" in render.text


@pytest.mark.parametrize(
    ("lang", "pending", "said"),
    [
        ("en", 3, "Player 1, Player 2, Player 3 · ⏱"),
        ("en", 9, "Player 1, Player 2, Player 3 and 6 more · ⏱"),
        ("ru", 4, "Player 1, Player 2, Player 3, Player 4 · ⏱"),
        ("ru", 5, "Player 1, Player 2, Player 3 и ещё 2 игрока · ⏱"),
        ("ru", 9, "Player 1, Player 2, Player 3 и ещё 6 игроков · ⏱"),
    ],
)
def test_the_slap_window_names_three_still_to_slap_and_counts_the_rest_from_two(
    lang: str, pending: int, said: str
) -> None:
    """With ten players the line listed every name, ~200 characters; "and 1 more" would save no room."""
    state = next(s for s, _ in random_match(RULE_SETS["extreme"], seed=1, players=10)).clone()
    state.slap_pending = list(state.players)[:pending]
    state.slap_deadline = state.clock + 5_000
    line = next(line for line in table(view(state), lang).text.splitlines() if line.startswith("👋"))
    assert said in line, line


def test_quiet_table_has_only_the_my_cards_button() -> None:
    state = scenarios()["play"].state
    assert pressed(table(view(state), "en")) == []


def test_silence_and_penalty_are_shown() -> None:
    assert "🤫" in table(view(scenarios()["silence"].state), "en").text
    state = scenarios()["penalty_challenge"].state
    assert f"must take {state.penalty} cards" in table(view(state), "en").text


def test_recent_shows_the_last_lines_only() -> None:
    state = scenarios()["play"].state
    recent = (*tuple(CardPlayed(1, card) for card in range(10)), UnoCalled(2))
    text = table(view(state, recent), "en").text
    assert text.count("\n• ") == RECENT_LINES
    assert text.endswith("📣 Player 2: UNO!")


def test_draws_show_only_the_count() -> None:
    state = scenarios()["play"].state
    text = table(view(state, (CardsDrawn(1, 2, (0, 1), DrawReason.TURN),)), "en").text
    assert "Player 1 draws 2 cards." in text and "🟥 0" not in text.split("Recent:")[1]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_ten_players_with_long_html_names_and_huge_hands_fit(lang: str) -> None:
    state = next(s for s, _ in random_match(RULE_SETS["extreme"], seed=1, players=10)).clone()
    for index, player in enumerate(state.players):
        state.hands[player] = state.hands[player] + state.draw_pile[index * 2 : index * 2 + 2]
    state.catchable = list(state.players)
    state.catch_deadline = state.clock + 10_000
    state.slap_pending = list(state.players)
    state.slap_deadline = state.clock + 5_000
    state.silence_holder = state.players[0]
    seats = {p: Seat(p, NASTY, reachable=p % 2 == 0) for p in state.players}
    recent = tuple(CardPlayed(p, 5) for p in state.players) * 3
    render = table(view(state, recent, seats), lang)
    plain = check_render(render)
    assert '<b>&"' in plain and len(render.text) <= 4096


def test_an_extreme_draw_chain_victim_is_said_to_be_able_to_answer() -> None:
    """(found by an audit of what people read, 2026-12-02) on a +2 chain the next player may pass it on with
    an identical card, even with stacking off: the table must not say they can only take the cards."""
    state = given({1: "R+2 G1", 2: "R+2 B1", 3: "Y1 Y2"}, "R3", rules=Rules(extreme_draw_chain=True))
    state, _ = apply(state, Play(1, card_id(state, 1, "R+2")))
    assert state.chain == 1
    assert "must take 2 cards or answer" in table(view(state), "en").text


def test_the_skip_chain_line_never_counts_the_extending_player() -> None:
    state = given({1: "RS G1", 2: "Y1 Y2", 3: "GS Y3"}, "R3", rules=Rules(skip_chain=True))
    state, _ = apply(state, Play(1, card_id(state, 1, "RS")))
    assert "a Skip on it skips 2 players" in table(view(state), "en").text
    two = given({1: "RS G1", 2: "Y1 Y2"}, "R3", rules=Rules(skip_chain=True))
    two, _ = apply(two, Play(1, card_id(two, 1, "RS")))
    assert "a Skip on it skips one player" in table(view(two), "en").text


def test_a_turn_shorter_than_a_time_step_reads_its_own_length() -> None:
    """(found by an audit, 2026-12-02) time left is rounded up to 10 s steps, never beyond the whole turn:
    a 15 s turn read "20 s", a 5 s pause between rounds "10 s"."""
    turn = given({1: "R1 R3", 2: "G2 G7"}, "R9", rules=Rules(turn_seconds=15), turn_deadline=15_000, clock=0)
    assert '· ⏱ <tg-time unix="15" format="r">in 15 s</tg-time>' in table(view(turn), "en").text
    ending = given({1: "R1", 2: "G2 G7"}, "R9")
    ended, _ = apply(ending, Play(1, card_id(ending, 1, "R1")))
    assert ended.next_round_deadline is not None
    pause = TableView(GAME_ID, 5, "F", SEATS, ended, (), ended.next_round_deadline - 5000, "b")
    assert 'format="r">in 5 s</tg-time>' in table(pause, "en").text


def test_a_blank_draw_penalty_is_not_said_to_be_answerable_under_stacking() -> None:
    """(found by an audit, 2026-12-02) nothing stacks on a blank's penalty, whatever the hand holds."""
    rules = PRESETS["house"].changed(deck="classic_blank")
    state = given({1: "BL R3 B5", 2: "G+2 W4 G8", 3: "B+2 Y2 Y1"}, "R9", rules=rules)
    state, _ = apply(state, Play(1, card_id(state, 1, "BL")))
    state, _ = apply(state, ChooseColour(1, Colour.GREEN))
    text = table(view(state), "en").text
    assert "must take 10 cards" in text and "or answer" not in text


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "may challenge the 🌈 Wild"), ("ru", "может оспорить 🌈 Дикую")]
)
def test_a_restricted_wild_is_said_to_be_challengeable(lang: str, said: str) -> None:
    """Under extreme_wild_restriction a plain Wild may be challenged like a +4; with no penalty to take the
    table read a plain "Turn: Bob", and only Bob's own hand told him."""
    rules = Rules(extreme_wild_restriction=True, extreme_challenge=True)
    state = given({1: "W R5 G1", 2: "G5 B2", 3: "Y1 Y2"}, "R3", rules=rules)
    state, _ = apply(state, Play(1, card_id(state, 1, "W")))
    state, _ = apply(state, ChooseColour(1, Colour.GREEN))
    assert said in table(view(state), lang).text
    state, _ = apply(state, Play(2, card_id(state, 2, "G5")))  # not challenged: the chance is gone
    assert said not in table(view(state), lang).text


@pytest.mark.parametrize(
    ("lang", "legend"), [("en", "🔇 can't get their cards"), ("ru", "🔇 не получает карты")]
)
def test_the_mark_of_a_player_the_bot_cannot_write_to_is_explained_on_the_table(
    lang: str, legend: str
) -> None:
    """(found by a play-through audit, 2026-12-02) the 🔇 mark's notice scrolls away; the table explains it
    while someone carries it, and only then."""
    state = scenarios()["play"].state
    muted = {p: Seat(p, f"P{p}", reachable=p != state.players[0]) for p in state.players}
    assert legend in table(view(state, seats=muted), lang).text
    assert "🔇" not in table(view(state), lang).text


def test_the_table_crowns_who_runs_the_game_as_the_lobby_did() -> None:
    """(found by a play-through audit, 2026-12-02) when the creator leaves, the next person seated runs the
    game, and nothing showed who: the crown of the lobby now stays on the table and moves with the right."""
    state = scenarios()["play"].state
    runner = state.players[1]
    seats = {p: Seat(p, f"P{p}", runs=p == runner) for p in state.players}
    rows = [line for line in table(view(state, seats=seats), "en").text.splitlines() if "🂠" in line]
    assert [("👑" in row) for row in rows] == [p == runner for p in state.players]
    stopped = replace(view(state, seats=seats), stopped=True)
    assert "👑" not in table(stopped, "en").text  # nothing left to run
