"""The group's table: every scenario drawn within Telegram's limits; its title and the match's goal, whose
turn it is and the time left (in coarse steps, minutes past two, Russian seconds held to their number), an
outage or a crash told, the players' rows and their marks (points, UNO!, who runs the game, who cannot get
their cards), the recent moves' lines (the last ones only, a draw's count, a call on its card's line), a
stopped or ended match's last table, and ten players of long names that fit."""

from dataclasses import replace

import pytest

from bot.engine.actions import Play
from bot.engine.events import CardPlayed, CardsDrawn, Caught, DrawReason, MatchEnded, UnoCalled
from bot.engine.game import apply
from bot.engine.rules import PRESETS, Rules
from bot.engine.state import GameState
from bot.tg.render import OutageNote, Seat, TableView, table
from bot.tg.render.rules_line import rules_line
from bot.tg.render.table import RECENT_LINES
from bot.visible_text import RUNS_MARK
from tests.engine.helpers import card_id, given
from tests.heavy_names import heaviest_allowed
from tests.narrow_phone import spaced
from tests.tg.render.buttons import GAME_ID, SEATS
from tests.tg.render.checks import buttons, check_render
from tests.tg.render.games import RULE_SETS, random_match, scenarios
from tests.tg.render.table_views import NBSP, view

NASTY = '<b>&"' * 25  # 100 characters, every one of them escaped in HTML


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
    assert (
        f'<b>Turn: <a href="tg://user?id={actor}">Player{NBSP}{actor}</a></b>\n⏱ Time\'s up {deadline}'
        in text
    )
    for player in state.players:
        assert f"Player{NBSP}{player}: {len(state.hands[player])}{NBSP}cards{NBSP}·{NBSP}0\n" in f"{text}\n"
    assert f"Draw pile: {len(state.draw_pile)} cards" in spaced(text)
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
    assert f"\n<b>{turn}</b>\n" in spaced(text), text
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
    row = next(at for at, line in enumerate(lines) if f"Player{NBSP}{first}:" in line)
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
    lines = spaced(table(view(state, scenario.events), lang).text).splitlines()
    assert lines[status] == f"<b>{won}</b>"
    assert [line for line in lines if over in line or "🏆" in line] == [lines[status]]
    assert lines[-1].startswith("• 🏁")  # the round's win the last of the recent moves
    two = [*state.players[:2]]
    assert (
        spaced(table(view(replace(state, winners=two)), lang).text).splitlines()[status] == f"<b>{shared}</b>"
    )
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


def test_recent_shows_the_last_lines_only() -> None:
    state = scenarios()["play"].state
    # by turns: one player's cards in a row are a multi-play, one line
    recent = (*tuple(CardPlayed(1 + card % 2, card) for card in range(10)), UnoCalled(2))
    text = table(view(state, recent), "en").text
    assert text.count("\n• ") == RECENT_LINES
    assert spaced(text).endswith("📣 Player 2: UNO!")


def test_draws_show_only_the_count() -> None:
    state = scenarios()["play"].state
    text = spaced(table(view(state, (CardsDrawn(1, 2, (0, 1), DrawReason.TURN),)), "en").text)
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
    assert f"Ловите! ⏱{NBSP}10{RU_SECONDS}" in text and f"Хлопайте! ⏱{NBSP}5{RU_SECONDS}" in text
    assert f'format="r">через 60{RU_SECONDS}</tg-time>' in text
    lobby_rules = rules_line(PRESETS["official"].changed(turn_seconds=30), "ru")
    assert lobby_rules.endswith(f" · 30{RU_SECONDS}{NBSP}на{NBSP}ход")  # the whole figure held


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
    assert "\n• Player 2 calls UNO! and plays " in spaced(text)


def test_a_call_made_before_the_card_shows_no_uno_beside_two_cards() -> None:
    """UNO! is called with two cards right before playing one: between the call and the card the row still
    counts two, and "2 cards UNO!" would read as a player who called with a card too many."""
    state = given({1: "R1 R2", 2: "G1 G2", 3: "B1 B2"}, "R9", turn=1)
    called = replace(state, uno_called=[1])
    row = next(line for line in table(view(called), "en").text.splitlines() if f"Player{NBSP}1:" in line)
    assert row == f"▶️ Player{NBSP}1: 2{NBSP}cards{NBSP}·{NBSP}0"


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
    assert f" {heaviest_allowed()}: " in spaced(text) and f"🏆 {heaviest_allowed()}, " in spaced(text)


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
    lines = spaced(table(view(given({1: "R1 R3", 2: "G2 G7"}, "R9", rules=rules)), lang).text).splitlines()
    assert ("\n".join(lines[:2]), spaced(rules_line(rules, lang)).split(" · ")[2]) == LOWEST_WINS_TITLES[lang]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("scoring", ["winner_takes", "own_hand"])
def test_the_lobby_and_the_table_say_the_match_s_goal_in_the_same_words(lang: str, scoring: str) -> None:
    """(session 52) The lobby said "up to 2,000 points" and the table "first to 2,000 points" of the same
    target; own-hand scoring's "up to 2,000" and "ends at 2,000 points"."""
    rules = Rules().changed(scoring=scoring, target_score=2000)
    lines = spaced(table(view(given({1: "R1 R3", 2: "G2 G7"}, "R9", rules=rules)), lang).text).splitlines()
    lobby_goal = spaced(rules_line(rules, lang)).split(" · ")[2]
    if scoring == "winner_takes":
        assert lobby_goal == lines[0].split(" · ", 2)[2]  # after "🎴 UNO · round 1"
    else:  # the lobby says whose points before it: "own-hand points, ends at 2,000, lowest wins"; the table
        # says it on two lines (a narrow phone's), "round 1" / "Ends at 2,000 points, lowest wins"
        title = " ".join(lines[:2]).casefold()
        assert all(words.casefold() in title for words in lobby_goal.split(", ")[1:]), (lobby_goal, title)
