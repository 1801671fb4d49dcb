from collections.abc import Callable
from dataclasses import replace
from typing import NamedTuple

import pytest

from bot.engine.actions import Action as Move
from bot.engine.actions import Catch, Challenge, ChooseColour, Draw, Leave, Pass, Play, Timeout, TimeoutKind
from bot.engine.cards import Colour
from bot.engine.events import CardPlayed, CardsDrawn, Caught, DrawReason, Event, MatchEnded, UnoCalled
from bot.engine.game import apply
from bot.engine.rules import PRESETS, DrawRule, JumpIn, Rules
from bot.engine.state import GameState
from bot.service.document import GameDocument
from bot.service.recent_moves import told
from bot.tg.callback_data import Action
from bot.tg.render import OutageNote, Seat, TableView, table
from bot.tg.render.rules_line import rules_line
from bot.tg.render.table import RECENT_LINES
from bot.visible_text import RUNS_MARK
from tests.engine.helpers import act, card_id, given
from tests.heavy_names import heaviest_allowed
from tests.tg.render.buttons import GAME_ID, SEATS
from tests.tg.render.checks import buttons, check_render, pressed
from tests.tg.render.games import RULE_SETS, random_match, scenarios

NASTY = '<b>&"' * 25  # 100 characters, every one of them escaped in HTML
NBSP = "\u00a0"  # between a seat line's figures (tests/tg/render/test_table_on_a_phone.py)


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
        assert buttons(render)[0].url == f"https://t.me/uno_test_bot?start=hand_{GAME_ID}"


def test_turn_player_is_mentioned_with_time_left_and_everyone_is_listed() -> None:
    state = scenarios()["play"].state
    actor = state.actor
    text = table(view(state), "en").text
    assert state.turn_deadline is not None
    deadline = f'<tg-time unix="{-(-state.turn_deadline // 1000)}" format="r">in 60\u00a0s</tg-time>'
    assert f'<b>Turn: <a href="tg://user?id={actor}">Player {actor}</a></b>\n⏱ Time\'s up {deadline}' in text
    for player in state.players:
        assert f"Player {player}: {len(state.hands[player])}{NBSP}cards{NBSP}·{NBSP}0\n" in f"{text}\n"
    assert f"Draw pile: {len(state.draw_pile)} cards" in text
    assert text.count("▶️") == 1


@pytest.mark.parametrize(
    ("unreachable", "seconds", "lang", "told"),
    [
        ("both", 150, "en", "I couldn't reach Telegram or my game records for 3\u00a0min"),
        ("database", 45, "en", "I couldn't reach my game records for 45\u00a0s"),
        ("telegram", 600, "ru", "Telegram был недоступен 10\u00a0мин"),
        ("both", 20, "ru", "Telegram и записи об играх были недоступны 20\u00a0с"),  # noqa: RUF001
        ("restart", 70, "en", "I was offline for 70\u00a0s"),
        ("restart", 180, "ru", "Я был не в сети 3\u00a0мин"),
    ],
)
def test_a_long_outage_is_told_below_the_time_left_it_explains(
    unreachable: str, seconds: int, lang: str, told: str
) -> None:
    state = scenarios()["play"].state
    lines = table(replace(view(state), outage=OutageNote(unreachable, seconds)), lang).text.splitlines()
    said = next(index for index, line in enumerate(lines) if line.startswith("⏸"))
    assert lines[said].startswith(f"⏸ {told}: ") and "⏱" in lines[said - 1]


@pytest.mark.parametrize(
    ("seconds", "lang", "told"),
    [
        (9, "en", "I was offline for at least 9\u00a0s"),
        (179, "en", "I was offline for at least 2\u00a0min"),
        (9, "ru", "Я был не в сети как минимум 9\u00a0с"),  # noqa: RUF001
        (179, "ru", "Я был не в сети как минимум 2\u00a0мин"),
    ],
)
def test_a_crashs_downtime_is_told_as_the_least_it_lasted(seconds: int, lang: str, told: str) -> None:
    """After a crash the bot knows only the sure part of how long it was down (bot.tg.downtime): the table
    says "at least" that, in the whole minutes it lasted (179 s is not "3 min")."""
    state = scenarios()["play"].state
    note = OutageNote("restart", seconds, at_least=True)
    line = next(
        line for line in table(replace(view(state), outage=note), lang).text.splitlines() if "⏸" in line
    )
    assert line.startswith(f"⏸ {told}: ")


@pytest.mark.parametrize(("lang", "turn"), [("en", "Turn: 🤖 Computer 1"), ("ru", "Ходит: 🤖 Компьютер 1")])
def test_a_computers_turn_shows_no_time_left(lang: str, turn: str) -> None:
    """ "Turn: 🤖 Computer 1 · ⏱ in 60 s" on every computer's turn: a minute it never takes (it moves within
    a few seconds), read as though the table might wait that long."""
    state = scenarios()["play"].state
    actor = state.actor
    assert actor is not None and state.turn_deadline is not None
    seats = {**SEATS, actor: Seat(-1, "Computer 1", is_computer=True)}
    text = table(view(state, seats=seats), lang).text
    assert f"\n<b>{turn}</b>\n" in text, text
    assert "⏱" not in text


@pytest.mark.parametrize(("lang", "header"), [("en", "Players · points"), ("ru", "Игроки · очки")])
def test_a_players_score_says_it_counts_points_not_cards(lang: str, header: str) -> None:
    """The row read "Ann: 7 🂠 · 21", the second number unnamed beside a count of cards. It was named in each
    row ("7 cards · 21 points") until that put a row of a 14-letter name past a narrow phone's line (session
    54): the header above the rows names it once."""
    state = scenarios()["play"].state.clone()
    first = state.players[0]
    state.scores = {first: 21}
    lines = table(view(state), lang).text.splitlines()
    row = next(at for at, line in enumerate(lines) if f"Player {first}:" in line)
    assert lines[row - state.players.index(first) - 1] == header
    assert lines[row].endswith(f"{NBSP}·{NBSP}21"), lines[row]
    single = replace(state, rules=state.rules.changed(scoring="single_round"))
    assert "Players\n" in table(view(single), "en").text.replace(NBSP, " ")


@pytest.mark.parametrize(("lang", "said"), [("en", "The game was stopped."), ("ru", "Игра остановлена.")])
def test_a_stopped_table_names_no_turn_window_or_button(lang: str, said: str) -> None:
    state = scenarios()["catch_window"].state
    stopped = table(replace(view(state), stopped=True), lang)
    check_render(stopped)
    assert said in stopped.text and "⏱" not in stopped.text and "▶️" not in stopped.text
    assert stopped.reply_markup is None


@pytest.mark.parametrize(
    ("lang", "over", "playing"),
    [("en", "Players · points", "Players, in turn order"), ("ru", "Игроки · очки", "Игроки по очереди")],
)
def test_a_match_over_or_stopped_lists_its_players_in_no_turn_order(
    lang: str, over: str, playing: str
) -> None:
    """(transcript read, session 51) a stopped or finished match's table still headed its list "Players, in
    turn order ⬇️", an order nobody will play in."""
    state = given({1: "R1 R2", 2: "G1 G2", 3: "B1 B2"}, "R9", turn=2)
    assert any(line.startswith(playing) for line in table(view(state), lang).text.splitlines())
    for ended in (replace(view(state), stopped=True), view(replace(state, match_over=True))):
        lines = table(ended, lang).text.splitlines()
        assert over in lines and not any(line.startswith(playing) for line in lines)


# A won match's status line in each language: one winner's, two's, and a match's nobody won.
WON_LINES = {
    "en": ("🏆 Player 1 wins the match!", "🏆 Player 1 and Player 2 share the win!", "The match is over."),
    "ru": ("🏆 Player 1 выигрывает матч!", "🏆 Player 1 и Player 2 делят победу!", "Матч окончен."),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_won_match_s_last_table_says_who_won_once_on_its_status_line(lang: str) -> None:
    """(session 60) A won match's last table read "The match is over." on its status line, above the recent
    moves' "🏆 … wins the match!": the end twice. Who won says it, once, on the line a glance looks for; a
    match nobody won (everyone else left first) still reads that it is over, a stopped one that it stopped."""
    won, shared, over = WON_LINES[lang]
    scenario = scenarios()["match_over"]
    state, status = scenario.state, 2  # under the title and the top card
    lines = table(view(state, scenario.events), lang).text.splitlines()
    assert lines[status] == f"<b>{won}</b>"
    assert [line for line in lines if over in line or "🏆" in line] == [lines[status]]
    assert lines[-1].startswith("• 🏁")  # the round's win the last of the recent moves
    two = [*state.players[:2]]
    assert table(view(replace(state, winners=two)), lang).text.splitlines()[status] == f"<b>{shared}</b>"
    assert table(view(replace(state, winners=[])), lang).text.splitlines()[status] == f"<b>{over}</b>"
    stopped = table(replace(view(state, scenario.events), stopped=True), lang).text.splitlines()[status]
    assert stopped.startswith("<b>⏹") and won not in stopped


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
    assert "Didn't call UNO!" in render.text


@pytest.mark.parametrize(
    ("lang", "called", "catchable", "unreachable"),
    [
        (
            "en",
            "▫️ Player 1: 1 card UNO! · 0",
            "▫️ Player 1: 1 card ⚠️ · 0",
            "▫️ Player 1: 1 card ⚠️ · 0 🔇",
        ),
        (
            "ru",
            "▫️ Player 1: 1 карта УНО! · 0",  # noqa: RUF001
            "▫️ Player 1: 1 карта ⚠️ · 0",
            "▫️ Player 1: 1 карта ⚠️ · 0 🔇",
        ),
    ],
)
def test_a_rows_uno_marks_follow_its_card_count(
    lang: str, called: str, catchable: str, unreachable: str
) -> None:
    """(the Russian evening's audit) "1 card · 0 points UNO!" read the call as said of the points: UNO! and
    the ⚠️ of one who did not call it are about the one card; 🔇, about the player, stays at the end."""
    state = given({1: "R1", 2: "G1 G2", 3: "B1 B2"}, "R9", turn=2)

    def row(state: GameState, seats: dict[int, Seat] = SEATS) -> str:
        rows = table(view(state, seats=seats), lang).text.replace(NBSP, " ").splitlines()
        return next(line for line in rows if "Player 1:" in line)

    assert row(replace(state, uno_called=[1])) == called
    catch = replace(state, catchable=[1], catch_deadline=state.clock + 5_000)
    assert row(catch) == catchable
    assert row(catch, {**SEATS, 1: Seat(1, "Player 1", reachable=False)}) == unreachable


def test_slap_window_offers_slap() -> None:
    state = scenarios()["slap_window"].state
    render = table(view(state), "ru")
    assert Action.SLAP in [d.action for _, d in pressed(render)]
    assert "Хлопайте" in render.text


@pytest.mark.parametrize(
    ("lang", "pending", "said"),
    [
        ("en", 3, "Player 1, Player 2 and Player 3"),
        ("en", 9, "Player 1, Player 2, Player 3 and 6 more"),
        ("ru", 4, "Player 1, Player 2, Player 3 и Player 4"),
        ("ru", 5, "Player 1, Player 2, Player 3 и ещё 2 игрока"),
        ("ru", 9, "Player 1, Player 2, Player 3 и ещё 6 игроков"),
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


def test_recent_shows_the_last_lines_only() -> None:
    state = scenarios()["play"].state
    # by turns: one player's cards in a row are a multi-play, one line
    recent = (*tuple(CardPlayed(1 + card % 2, card) for card in range(10)), UnoCalled(2))
    text = table(view(state, recent), "en").text
    assert text.count("\n• ") == RECENT_LINES
    assert text.endswith("📣 Player 2: UNO!")


def _played(code: str) -> Callable[[GameState], list[Draw | Play]]:
    return lambda state: [Play(1, card_id(state, 1, code), 100)]


def _nothing(state: GameState) -> list[Draw | Play]:
    return []


class MissedTurn(NamedTuple):
    state: GameState
    before: Callable[[GameState], list[Draw | Play]]  # what is played before the turn that runs out of time
    english: list[str]
    russian: list[str]


HANDS = {1: "R5 G1 G2", 2: "B9 B1", 3: "B8 B2"}
DUE = 60_000
# Each kind of missed turn, what is played before it, and what the table's recent moves then read.
TIMEOUTS: dict[str, MissedTurn] = {
    "a card drawn and a pass": MissedTurn(
        given(HANDS, "R3", draw="R9", turn_deadline=DUE),
        _nothing,
        ["⏱ Player 1 ran out of time — draws 1 card and passes."],
        ["⏱ Player 1 не успевает сделать ход — берёт 1 карту и пасует."],
    ),
    "a pass after the player drew": MissedTurn(
        given(HANDS, "Y3", draw="Y9", turn_deadline=DUE),
        lambda state: [Draw(1, 100)],
        ["⏱ Player 1 ran out of time — draws 1 card and passes."],  # as if the timer drew: the card fitted
        ["⏱ Player 1 не успевает сделать ход — берёт 1 карту и пасует."],
    ),
    "a penalty": MissedTurn(
        given({**HANDS, 1: "R+2 G1 G2"}, "R3"),
        _played("R+2"),
        [
            "Player 1 plays 🟥 +2.",
            "⏱ Player 2 ran out of time — takes 2 cards as a penalty and misses a turn.",
        ],
        [
            "Player 1 играет 🟥 +2.",
            "⏱ Player 2 не успевает сделать ход — берёт штраф (2 карты) и пропускает ход.",
        ],
    ),
    "a colour": MissedTurn(
        given({**HANDS, 1: "W G1 G2 B3"}, "R3"),
        _played("W"),
        [
            "Player 1 plays 🌈 Wild.",
            "⏱ Player 1 ran out of time to choose a colour — the colour is now 🟩 green.",
        ],
        ["Player 1 играет 🌈 Дикую.", "⏱ Player 1 не успевает выбрать цвет — теперь цвет 🟩 зелёный."],
    ),
    "a swap": MissedTurn(
        given({1: "R7 G1 G2", 2: "B9 B1 B3", 3: "B8"}, "R3", rules=Rules(seven_zero=True)),
        _played("R7"),
        [
            "Player 1 plays 🟥 7.",
            "⏱ Player 1 ran out of time to choose whom to swap hands with — swaps hands with Player 3.",
        ],
        [
            "Player 1 играет 🟥 7.",
            "⏱ Player 1 не успевает выбрать, с кем меняться — меняется картами с игроком Player 3.",  # noqa: RUF001
        ],
    ),
    "an 8 to cover": MissedTurn(
        given({**HANDS, 1: "R8 G1 R2"}, "R3", rules=Rules(eight_cover=True)),
        _played("R8"),
        [
            "Player 1 plays 🟥 8, which must be covered.",
            "⏱ Player 1 ran out of time to cover the 8 — plays 🟥 2.",
        ],
        [
            "Player 1 играет 🟥 8, которую нужно покрыть.",
            "⏱ Player 1 не успевает покрыть восьмёрку — играет 🟥 2.",
        ],
    ),
    "a drawn card played under force_play": MissedTurn(
        given(HANDS, "R3", draw="R9", rules=Rules(force_play=True), turn_deadline=DUE),
        _nothing,
        ["⏱ Player 1 ran out of time — draws 1 card and plays 🟥 9."],
        ["⏱ Player 1 не успевает сделать ход — берёт 1 карту и играет 🟥 9."],
    ),
    "a drawn Wild played under force_play": MissedTurn(
        given(HANDS, "R3", draw="W", rules=Rules(force_play=True), turn_deadline=DUE),
        _nothing,
        ["⏱ Player 1 ran out of time — draws 1 card and plays 🌈 Wild: the colour is now 🟩 green."],
        ["⏱ Player 1 не успевает сделать ход — берёт 1 карту и играет 🌈 Дикую: теперь цвет 🟩 зелёный."],
    ),
    "no card left to draw": MissedTurn(
        given(HANDS, "R3", draw_pile=[], turn_deadline=DUE),
        _nothing,
        ["⏱ Player 1 ran out of time — takes no card (the cards have run out) and passes."],
        ["⏱ Player 1 не успевает сделать ход — ничего не берёт (карты кончились) и пасует."],
    ),
    "the second in a row": MissedTurn(
        given(HANDS, "R3", draw="R9", afk={1: 1}, turn_deadline=DUE),
        _nothing,
        ["⏱ Player 1 ran out of time (2 turns in a row) — draws 1 card and passes."],
        ["⏱ Player 1 не успевает сделать ход уже 2 раза подряд — берёт 1 карту и пасует."],
    ),
    "the last one allowed": MissedTurn(
        given(HANDS, "R3", afk={1: 2}, turn_deadline=DUE),
        _nothing,
        ["⏱ Player 1 ran out of time (3 turns in a row) and leaves the game."],
        ["⏱ Player 1 не успевает сделать ход уже 3 раза подряд и выбывает из игры."],
    ),
}


@pytest.mark.parametrize("kind", TIMEOUTS)
def test_what_the_group_reads_when_a_turn_runs_out_of_time(kind: str) -> None:
    """A missed turn took three of the five recent lines: "ran out of time", "draws 1 card", "passes"."""
    state, before, english, russian = TIMEOUTS[kind]
    state, events = act(state, *before(state))
    assert state.turn_deadline is not None
    state, timed_out = apply(state, Timeout(TimeoutKind.TURN, state.turn_deadline))
    for lang, said in (("en", english), ("ru", russian)):
        text = table(view(state, tuple(told(events + timed_out))), lang).text
        assert text.split("\n\n")[-1].splitlines()[1:] == [f"• {line}" for line in said]


class OwnDraw(NamedTuple):
    state: GameState
    moves: Callable[[GameState], list[Move]]  # each applied on its own, as presses come
    english: list[str]
    russian: list[str]


# A turn player's own draw, and what the table's recent moves read after it and what followed.
OWN_DRAWS: dict[str, OwnDraw] = {
    "a card that does not fit": OwnDraw(
        given(HANDS, "R3", draw="B7"),
        lambda state: [Draw(1, 100)],
        ["Player 1 draws 1 card and passes."],
        ["Player 1 берёт 1 карту и пасует."],
    ),
    "a card that fits, passed with a later press": OwnDraw(
        given(HANDS, "R3", draw="R9"),
        lambda state: [Draw(1, 100), Pass(1, 200)],
        ["Player 1 draws 1 card and passes."],
        ["Player 1 берёт 1 карту и пасует."],
    ),
    "cards drawn until one fits": OwnDraw(
        given(HANDS, "R3", draw="B7 Y4 R9", rules=Rules(draw_rule=DrawRule.UNTIL_PLAYABLE)),
        lambda state: [Draw(1, 100), Pass(1, 200)],
        ["Player 1 draws 3 cards and passes."],
        ["Player 1 берёт 3 карты и пасует."],
    ),
    "a card played under force_play": OwnDraw(
        given(HANDS, "R3", draw="R9", rules=Rules(force_play=True)),
        lambda state: [Draw(1, 100), Play(1, state.draw_pile[-1], 200)],  # the card drawn
        ["Player 1 draws 1 card and plays 🟥 9."],
        ["Player 1 берёт 1 карту и играет 🟥 9."],
    ),
    "a fitting card drawn and played, a Wild": OwnDraw(
        given(HANDS, "R3", draw="W"),
        lambda state: [Draw(1, 100), Play(1, state.draw_pile[-1], 200)],
        ["Player 1 draws 1 card and plays 🌈 Wild."],
        ["Player 1 берёт 1 карту и играет 🌈 Дикую."],
    ),
    "no card left to draw": OwnDraw(
        given(HANDS, "R3", draw_pile=[]),
        lambda state: [Draw(1, 100)],
        ["Player 1 takes no card (the cards have run out) and passes."],
        ["Player 1 ничего не берёт (карты кончились) и пасует."],
    ),
    "someone else's move in between": OwnDraw(
        given(HANDS, "R3", draw="R9"),
        lambda state: [Draw(1, 100), Catch(2, 150), Pass(1, 200)],
        [
            "Player 1 draws 1 card.",
            "Player 2 tries to catch someone, but there is nobody to catch.",
            "Player 1 passes.",
        ],
        [
            "Player 1 берёт 1 карту.",
            "Player 2 пытается поймать, но ловить некого.",
            "Player 1 пасует.",
        ],
    ),
}


EIGHTS_JUMPED = Rules(eight_cover=True, jump_in=JumpIn.ON)
# A card and what it does at once, played on the real engine (the colour in a press of its own).
PLAYED_AND_DONE: dict[str, OwnDraw] = {
    "a Wild and its colour": OwnDraw(
        given({1: "W G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3"),
        lambda state: [Play(1, card_id(state, 1, "W"), 100), ChooseColour(1, Colour.GREEN, 200)],
        ["Player 1 plays 🌈 Wild and chooses 🟩 green."],
        ["Player 1 играет 🌈 Дикую и выбирает цвет: 🟩 зелёный."],
    ),
    "a Reverse": OwnDraw(
        given({1: "RR G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3"),
        lambda state: [Play(1, card_id(state, 1, "RR"), 100)],
        ["Player 1 plays 🟥 Reverse: the direction changes to ⬆️"],
        ["Player 1 играет 🟥 Разворот: направление меняется на ⬆️"],
    ),
    "a Skip": OwnDraw(
        given({1: "RS G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3"),
        lambda state: [Play(1, card_id(state, 1, "RS"), 100)],
        ["Player 1 plays 🟥 Skip: Player 2 misses a turn."],
        ["Player 1 играет 🟥 Пропуск: Player 2 пропускает ход."],
    ),
    "a Reverse between two": OwnDraw(
        given({1: "RR G1 G2", 2: "B9 B1"}, "R3"),
        lambda state: [Play(1, card_id(state, 1, "RR"), 100)],
        ["Player 1 plays 🟥 Reverse: Player 2 misses a turn."],
        ["Player 1 играет 🟥 Разворот: Player 2 пропускает ход."],
    ),
    "a Reverse linking an extreme draw chain": OwnDraw(
        given({1: "R+2 G1", 2: "B9 B1", 3: "RR G5", 4: "Y1 Y2"}, "R3", rules=Rules(extreme_draw_chain=True)),
        lambda state: [Play(1, card_id(state, 1, "R+2"), 100), Play(3, card_id(state, 3, "RR"), 200)],
        [
            "Player 1 plays 🟥 +2.",
            "Player 2 takes 2 cards as a penalty and misses a turn.",
            "Player 3 plays 🟥 Reverse: the direction changes to ⬆️",
            "Player 2 takes 4 cards as a penalty and misses a turn.",
        ],
        [
            "Player 1 играет 🟥 +2.",
            "Player 2 берёт штраф (2 карты) и пропускает ход.",
            "Player 3 играет 🟥 Разворот: направление меняется на ⬆️",
            "Player 2 берёт штраф (4 карты) и пропускает ход.",
        ],
    ),
    "a last Reverse linking an extreme draw chain": OwnDraw(  # the round is over: no direction to tell
        given({1: "R+2 G1", 2: "B9 B1", 3: "RR", 4: "Y1 Y2"}, "R3", rules=Rules(extreme_draw_chain=True)),
        lambda state: [Play(1, card_id(state, 1, "R+2"), 100), Play(3, card_id(state, 3, "RR"), 200)],
        [
            "Player 1 plays 🟥 +2.",
            "Player 2 takes 2 cards as a penalty and misses a turn.",
            "Player 3 plays 🟥 Reverse.",
            "Player 2 takes 4 cards as a penalty.",
            "🏁 Player 3 wins round 1.",
        ],
        [
            "Player 1 играет 🟥 +2.",
            "Player 2 берёт штраф (2 карты) и пропускает ход.",
            "Player 3 играет 🟥 Разворот.",
            "Player 2 берёт штраф: 4 карты.",
            "🏁 Player 3 выигрывает раунд 1.",
        ],
    ),
    # RULES.md §7: a jump-in on an 8 passes the duty to cover it to the jumper; "which must be covered" above
    # the jump-in read as if Player 1 still had to
    "an 8 whose cover a jump-in took over": OwnDraw(
        given({1: "R8 G1 R2", 2: "R8 B1", 3: "B8 B2"}, "R3", rules=EIGHTS_JUMPED),
        lambda state: [Play(1, card_id(state, 1, "R8"), 100), Play(2, card_id(state, 2, "R8"), 200)],
        ["Player 1 plays 🟥 8.", "⚡ Player 2 jumps in with 🟥 8, which must be covered!"],
        ["Player 1 играет 🟥 8.", "⚡ Player 2 вмешивается картой 🟥 8, которую нужно покрыть!"],
    ),
    "an 8 covered by an 8 whose cover a jump-in took over": OwnDraw(
        given({1: "R8 G8 R2", 2: "G8 B1", 3: "B8 B2"}, "R3", rules=EIGHTS_JUMPED),
        lambda state: [
            Play(1, card_id(state, 1, "R8"), 100),
            Play(1, card_id(state, 1, "G8"), 150),
            Play(2, card_id(state, 2, "G8"), 200),
        ],
        [
            "Player 1 plays 🟥 8, then covers it with 🟩 8.",
            "⚡ Player 2 jumps in with 🟩 8, which must be covered!",
        ],
        [
            "Player 1 играет 🟥 8, затем покрывает её картой 🟩 8.",
            "⚡ Player 2 вмешивается картой 🟩 8, которую нужно покрыть!",
        ],
    ),
    # covered by the turn timer, the 8 awaited its cover still: a jump-in later is on the covering card
    "an 8 the timer covered, and a jump-in on its cover": OwnDraw(
        given({1: "R8 G1 R2", 2: "B9 B1", 3: "R2 B2"}, "R3", rules=EIGHTS_JUMPED),
        lambda state: [
            Play(1, card_id(state, 1, "R8"), 100),
            Timeout(TimeoutKind.TURN, 100 + DUE),  # the turn's time, from the 8
            Play(3, card_id(state, 3, "R2"), 200 + DUE),
        ],
        [
            "Player 1 plays 🟥 8, which must be covered.",
            "⏱ Player 1 ran out of time to cover the 8 — plays 🟥 2.",
            "⚡ Player 3 jumps in with 🟥 2!",
        ],
        [
            "Player 1 играет 🟥 8, которую нужно покрыть.",
            "⏱ Player 1 не успевает покрыть восьмёрку — играет 🟥 2.",
            "⚡ Player 3 вмешивается картой 🟥 2!",
        ],
    ),
}


@pytest.mark.parametrize("kind", PLAYED_AND_DONE)
def test_what_the_group_reads_after_a_card_that_does_something_at_once(kind: str) -> None:
    state, moves, english, russian = PLAYED_AND_DONE[kind]
    doc = GameDocument(1, "Friends", state.rules, None, tuple(state.players), {})
    for move in moves(state):
        state, events = apply(state, move)
        doc = doc.with_recent(told(events), state.seq)
    for lang, said in (("en", english), ("ru", russian)):
        text = table(view(state, doc.recent), lang).text
        assert text.split("\n\n")[-1].splitlines()[1:] == [f"• {line}" for line in said]


@pytest.mark.parametrize("kind", OWN_DRAWS)
def test_what_the_group_reads_after_a_players_own_draw(kind: str) -> None:
    """The commonest pair took two of the five recent lines: "Player 1 draws 1 card.", "Player 1 passes."."""
    state, moves, english, russian = OWN_DRAWS[kind]
    doc = GameDocument(1, "Friends", state.rules, None, (1, 2, 3), {})
    for move in moves(state):
        state, events = apply(state, move)
        doc = doc.with_recent(
            told(events), state.seq
        )  # each press adds to what the document keeps, as in play
    for lang, said in (("en", english), ("ru", russian)):
        text = table(view(state, doc.recent), lang).text
        assert text.split("\n\n")[-1].splitlines()[1:] == [f"• {line}" for line in said]


# Cards nobody takes as their player left: (Player 1's hand, whose +4 names green on a red 3; the moves after
# it; the seats; the recent lines last read in English and Russian; the rules)
VOIDED: dict[str, tuple[str, tuple[Move, ...], dict[int, Seat], list[str], list[str], Rules]] = {
    "the +4's victim leaves": (
        "W4 G1 G2",
        (Leave(2, 300),),
        SEATS,
        ["Player 2 leaves the game.", "The penalty for Player 2 (4 cards) is void: nobody takes it."],
        ["Player 2 выходит из игры.", "Штраф игрока Player 2 (4 карты) сгорает: его никто не берёт."],  # noqa: RUF001
        Rules(),
    ),
    "the +4's victim, a deleted account, leaves": (
        "W4 G1 G2",
        (Leave(2, 300),),
        {**SEATS, 2: Seat(2, "")},
        [
            "A player's account was deleted: they leave the game.",
            "The deleted account's penalty (4 cards) is void: nobody takes it.",
        ],
        [
            "Аккаунта одного из игроков больше нет в Telegram: игрок выходит из игры.",
            "Штраф игрока с удалённым аккаунтом (4 карты) сгорает: его никто не берёт.",  # noqa: RUF001
        ],
        Rules(),
    ),
    "a bluffed +4 challenged once its player left": (
        "W4 R5 G1",
        (Leave(1, 300), Challenge(2, 400)),
        SEATS,
        [
            "Player 1 leaves the game.",
            "Player 2 challenges Player 1, and it was a bluff: Player 1 has left the game, so nobody takes "
            "the 4 cards.",
        ],
        [
            "Player 1 выходит из игры.",
            "Player 2 оспаривает карту игрока Player 1, и это блеф: Player 1 уже не в игре, так что 4 карты "
            "никто не берёт.",
        ],
        Rules(),
    ),
    "a deleted account's bluffed +4 challenged once it left": (
        "W4 R5 G1",
        (Leave(1, 300), Challenge(2, 400)),
        {**SEATS, 1: Seat(1, "")},
        [
            "A player's account was deleted: they leave the game.",
            "Player 2 challenges the deleted account's card, and it was a bluff: its player has left the "
            "game, so nobody takes the 4 cards.",
        ],
        [
            "Аккаунта одного из игроков больше нет в Telegram: игрок выходит из игры.",
            "Player 2 оспаривает карту игрока с удалённым аккаунтом, и это блеф: игрока уже нет в игре, "  # noqa: RUF001
            "так что 4 карты никто не берёт.",
        ],
        Rules(),
    ),
    "a bluffed +4 challenged once its player left, under the extreme challenge": (
        "W4 R5 G1",
        (Leave(1, 300), Challenge(2, 400)),
        SEATS,
        [
            "Player 1 leaves the game.",
            "Player 2 challenges Player 1, and it was a bluff: the colour is 🟥 red again, and nobody "
            "takes the 4 cards, as Player 1 has left the game.",
        ],
        [
            "Player 1 выходит из игры.",
            "Player 2 оспаривает карту игрока Player 1, и это блеф: цвет снова 🟥 красный, а 4 карты "  # noqa: RUF001
            "никто не берёт — Player 1 уже не в игре.",
        ],
        Rules(extreme_challenge=True),
    ),
}


@pytest.mark.parametrize(
    ("hand", "after", "seats", "english", "russian", "rules"), VOIDED.values(), ids=list(VOIDED)
)
def test_cards_nobody_takes_as_their_player_left_are_said_to_be_void(
    hand: str,
    after: tuple[Move, ...],
    seats: dict[int, Seat],
    english: list[str],
    russian: list[str],
    rules: Rules,
) -> None:
    """The group read only that the victim of a +4 left, and the next player moved with no word of the +4; a
    bluff challenged after its player left cost nobody anything, unsaid; a deleted account's read "Deleted
    account's penalty", its challenge "Player 2 challenges Deleted account". Under the extreme challenge such
    a bluff's colour went back untold, its card still on top (session 56 review). (session 57) Such a
    challenge took three of the table's lines: it takes one."""
    state = given({1: hand, 2: "B9 B1", 3: "B8 B2"}, "R3", rules=rules)
    doc = GameDocument(1, "Friends", state.rules, None, (1, 2, 3), {})
    for move in (Play(1, card_id(state, 1, "W4"), 100), ChooseColour(1, Colour.GREEN, 200), *after):
        state, events = apply(state, move)
        doc = doc.with_recent(told(events), state.seq)
    for lang, said in (("en", english), ("ru", russian)):
        text = table(view(state, doc.recent, seats), lang).text
        assert text.split("\n\n")[-1].splitlines()[-len(said) :] == [f"• {line}" for line in said]


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
    assert "must\u00a0take\u00a02\u00a0cards</b>\nor pass it on with a card" in table(view(state), "en").text


def test_the_skip_chain_line_never_counts_the_extending_player() -> None:
    state = given({1: "RS G1", 2: "Y1 Y2", 3: "GS Y3"}, "R3", rules=Rules(skip_chain=True))
    state, _ = apply(state, Play(1, card_id(state, 1, "RS")))
    assert "A Skip on it skips everyone else" in table(view(state), "en").text
    two = given({1: "RS G1", 2: "Y1 Y2"}, "R3", rules=Rules(skip_chain=True))
    two, _ = apply(two, Play(1, card_id(two, 1, "RS")))
    assert "Skip chain" not in table(view(two), "en").text  # between two a chain skips as any Skip does


def test_a_turn_shorter_than_a_time_step_reads_its_own_length() -> None:
    """(found by an audit, 2026-12-02) time left is rounded up to 10 s steps, never beyond the whole turn:
    a 15 s turn read "20 s", a 5 s pause between rounds "10 s"."""
    turn = given({1: "R1 R3", 2: "G2 G7"}, "R9", rules=Rules(turn_seconds=15), turn_deadline=15_000, clock=0)
    assert '⏱ Time\'s up <tg-time unix="15" format="r">in 15\u00a0s</tg-time>' in table(view(turn), "en").text
    ending = given({1: "R1", 2: "G2 G7"}, "R9")
    ended, _ = apply(ending, Play(1, card_id(ending, 1, "R1")))
    assert ended.next_round_deadline is not None
    pause = TableView(GAME_ID, 5, "F", SEATS, ended, (), ended.next_round_deadline - 5000, "b")
    assert 'format="r">in 5\u00a0s</tg-time>' in table(pause, "en").text


def test_the_pause_between_rounds_reads_the_seconds_left() -> None:
    """(found reading a whole UNO Extreme game, session 50) the table drawn 3 s into the 5 s pause between
    rounds (a group's edits are paced) said "in 5 s": 10 s steps capped at the pause read 5 s whatever was
    left. It lasts seconds, as the catch and slap windows do, and counts them as they do."""
    ending = given({1: "R1", 2: "G2 G7"}, "R9")
    ended, _ = apply(ending, Play(1, card_id(ending, 1, "R1")))
    assert ended.next_round_deadline is not None
    later = TableView(GAME_ID, 5, "F", SEATS, ended, (), ended.next_round_deadline - 2000, "b")
    assert 'format="r">in 2\u00a0s</tg-time>' in table(later, "en").text
    # (mutation audit, session 55) never longer than the pause, whatever the deadline (a clock set back)
    early = TableView(GAME_ID, 5, "F", SEATS, ended, (), ended.next_round_deadline - 30_000, "b")
    assert 'format="r">in 5\u00a0s</tg-time>' in table(early, "en").text


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
    # (transcript read, session 51) the stopped table still asked them to start the bot to get their cards
    assert "🔇" not in table(replace(view(state, seats=muted), stopped=True), lang).text


def test_the_table_marks_who_runs_the_game_as_the_lobby_did() -> None:
    """(found by a play-through audit, 2026-12-02) when the creator leaves, the next person seated runs the
    game, and nothing showed who: the lobby's mark now stays on the table and moves with the right."""
    state = scenarios()["play"].state
    runner = state.players[1]
    seats = {p: Seat(p, f"P{p}", runs=p == runner) for p in state.players}
    text = table(view(state, seats=seats), "en").text
    rows = [line for line in text.splitlines() if line.startswith(("▶️", "▫️"))]
    assert [(RUNS_MARK in row) for row in rows] == [p == runner for p in state.players]
    stopped = replace(view(state, seats=seats), stopped=True)
    assert RUNS_MARK not in table(stopped, "en").text  # nothing left to run


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_mark_of_who_runs_the_game_reads_as_neither_a_score_nor_a_leader(lang: str) -> None:
    """(session 40's open question) "▫️ P2: 7 cards · 0 points 👑": a crown after a score reads as the one
    who leads. The mark is a key (who holds the game's keys: start, /stop, /kick), beside the name."""
    state = scenarios()["play"].state
    runner = state.players[1]
    seats = {p: Seat(p, f"P{p}", runs=p == runner) for p in state.players}
    row = next(
        line for line in table(view(state, seats=seats), lang).text.splitlines() if f"P{runner}" in line
    )
    assert row.startswith(f"▫️ P{runner} {RUNS_MARK}: 7{NBSP}"), row
    assert RUNS_MARK == "🔑" and "👑" not in row


RU_SECONDS = "\u00a0с"  # noqa: RUF001 (the Russian "s"), after a no-break space


def test_russian_seconds_never_split_from_their_number() -> None:
    """A wrapped line could leave the seconds' unit alone at the start of the next: a no-break space holds
    it to its number on the table's windows, its turn time and the lobby's rules."""
    state = scenarios()["catch_window"].state.clone()
    state.slap_pending = list(state.players)
    state.slap_deadline = state.clock + 5_000
    text = table(view(state), "ru").text
    assert f"Ловите! ⏱ 10{RU_SECONDS}" in text and f"Хлопайте! ⏱ 5{RU_SECONDS}" in text
    assert f'format="r">через 60{RU_SECONDS}</tg-time>' in text
    lobby_rules = rules_line(PRESETS["official"].changed(turn_seconds=30), "ru")
    assert lobby_rules.endswith(f" · 30{RU_SECONDS} на ход")


@pytest.mark.parametrize(
    ("seconds", "en", "ru"),
    [
        (600, "in 10\u00a0min", "через 10\u00a0мин"),
        (180, "in 3\u00a0min", "через 3\u00a0мин"),
        (120, "in 120\u00a0s", f"через 120{RU_SECONDS}"),
    ],
)
def test_a_long_turn_reads_in_minutes_where_apps_show_the_text_inside(seconds: int, en: str, ru: str) -> None:
    """An app without <tg-time>, and a Bot API server older than 9.5, show the text inside: a 10-minute turn
    read "in 600 s", then "in 590 s"; past 2 minutes it reads in whole minutes, rounded up."""
    turn = given(
        {1: "R1 R3", 2: "G2 G7"},
        "R9",
        rules=Rules(turn_seconds=seconds),
        turn_deadline=seconds * 1000,
        clock=0,
    )
    assert f'format="r">{en}</tg-time>' in table(view(turn), "en").text
    assert f'format="r">{ru}</tg-time>' in table(view(turn), "ru").text


def test_a_call_right_before_the_card_shares_its_line() -> None:
    """Before: "📣 Player 2: UNO!" then "Player 2 plays ..." took two of the table's few lines."""
    state = scenarios()["play"].state
    text = table(view(state, (CardPlayed(1, 0), UnoCalled(2), CardPlayed(2, 1))), "en").text
    assert text.count("\n• ") == 2
    assert "\n• Player 2 calls UNO! and plays " in text


def test_a_call_made_before_the_card_shows_no_uno_beside_two_cards() -> None:
    """UNO! is called with two cards right before playing one: between the call and the card the row still
    counts two, and "2 cards UNO!" would read as a player who called with a card too many."""
    state = given({1: "R1 R2", 2: "G1 G2", 3: "B1 B2"}, "R9", turn=1)
    called = replace(state, uno_called=[1])
    row = next(line for line in table(view(called), "en").text.splitlines() if "Player 1:" in line)
    assert row == f"▶️ Player 1: 2{NBSP}cards{NBSP}·{NBSP}0"


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
    assert slap_line(state) == "👋 Slap! ⏱ 4\u00a0s · still to slap:"


def test_catch_is_not_offered_between_rounds_under_the_false_catch_penalty() -> None:
    """With a false-catch penalty Catch! stays while anyone holds one card; once the round is over nobody
    can be caught, and the button would only be refused."""
    state = given({1: "R1", 2: "G1 G2", 3: "B1 B2"}, "R9", turn=2, rules=Rules(false_catch_penalty=1))
    assert [data.action for _, data in pressed(table(view(state), "en"))] == [Action.CATCH]
    between = replace(state, round_over=True, next_round_deadline=state.clock + 5_000)
    assert pressed(table(view(between), "en")) == []


def test_a_table_too_long_for_telegram_keeps_the_last_three_moves() -> None:
    """Ten of the heaviest names Telegram allows (tests.heavy_names, 129 characters of quotes and zero-width
    joiners, NAME_UNITS) take the table with its five recent moves past Telegram's limit: the moves
    are cut to the last three (a shared win names the first three and counts the others), the names kept
    whole in the rows and the moves alike (until session 59 they were cut to a shorter width too)."""
    state = next(s for s, _ in random_match(RULE_SETS["extreme"], seed=1, players=10)).clone()
    state.catchable = list(state.players)
    state.catch_deadline = state.clock + 10_000
    state.slap_pending = list(state.players)
    state.slap_deadline = state.clock + 5_000
    seats = {p: Seat(p, heaviest_allowed()) for p in state.players}
    catches = tuple(Caught(state.players[at], state.players[at + 1]) for at in range(5))
    text = check_render(table(view(state, (*catches, MatchEnded(tuple(state.players), {})), seats), "en"))
    moves = [line for line in text.splitlines() if line.startswith("• ")]
    assert len(moves) == 3 and moves[-1].startswith("• 🏆 ")
    assert f" {heaviest_allowed()}: " in text and f"🏆 {heaviest_allowed()}, " in text


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
    assert "⛓ +2 chain: 1 link\nNext link: someone takes 4 cards" in table(view(state), "en").text
    assert "⛓ Цепочка +2 (звеньев: 1)\nЕщё звено заставит взять 4 карты" in table(view(state), "ru").text  # noqa: RUF001


def test_a_skip_chain_as_long_as_the_others_skips_no_more_of_them() -> None:
    """Two Skips chained among three have skipped both others: a third skips those two again, not three."""
    state = given({1: "RS G1", 2: "Y1 Y2", 3: "GS Y3"}, "R3", rules=Rules(skip_chain=True))
    state, _ = apply(state, Play(1, card_id(state, 1, "RS")))
    state, _ = apply(state, Play(3, card_id(state, 3, "GS")))
    assert "⏭ Skip chain: 2 skipped\nA Skip on it skips everyone else" in table(view(state), "en").text


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
        shown = table(view(state), lang).text.splitlines()
        said += [f"{line} / {shown[at + 1]}" for at, line in enumerate(shown) if line.startswith("⏭")]
    assert said == lines


LOWEST_WINS_TITLES = {  # the table's first two lines, and the rules line's goal (lobby, settings, /rules)
    "en": (
        "🎴 <b>UNO</b> · round 1\nEnds at 100 points, lowest wins",
        "own-hand points, ends at 100, lowest wins",
    ),
    "ru": (
        "🎴 <b>УНО</b> · раунд 1 · конец на 100\nПобеждает меньший счёт",  # noqa: RUF001
        "очки своей руки, конец на 100, побеждает меньший счёт",
    ),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_lowest_wins_matchs_title_and_rules_say_its_target_ends_it(lang: str) -> None:
    """(session 56) Under own-hand scoring the target ends the match and the lowest total wins: the Russian
    table read "до 100 очков", a race's title word for word, over "the lowest score wins", and the rules line
    "own-hand points, до 100, the lowest score wins"."""
    rules = Rules().changed(scoring="own_hand", target_score=100)
    lines = table(view(given({1: "R1 R3", 2: "G2 G7"}, "R9", rules=rules)), lang).text.splitlines()
    assert ("\n".join(lines[:2]), rules_line(rules, lang).split(" · ")[2]) == LOWEST_WINS_TITLES[lang]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("scoring", ["winner_takes", "own_hand"])
def test_the_lobby_and_the_table_say_the_match_s_goal_in_the_same_words(lang: str, scoring: str) -> None:
    """(session 52) The lobby said "up to 2,000 points" and the table "first to 2,000 points" of the same
    target; own-hand scoring's "up to 2,000" and "ends at 2,000 points"."""
    rules = Rules().changed(scoring=scoring, target_score=2000)
    lines = table(view(given({1: "R1 R3", 2: "G2 G7"}, "R9", rules=rules)), lang).text.splitlines()
    lobby_goal = rules_line(rules, lang).split(" · ")[2]
    if scoring == "winner_takes":
        assert lobby_goal == lines[0].split(" · ", 2)[2]  # after "🎴 UNO · round 1"
    else:  # the lobby says whose points before it: "own-hand points, ends at 2,000, lowest wins"; the table
        # says it on two lines (a narrow phone's), "round 1" / "Ends at 2,000 points, lowest wins"
        title = " ".join(lines[:2]).casefold()
        assert all(words.casefold() in title for words in lobby_goal.split(", ")[1:]), (lobby_goal, title)
