"""A hand its player can no longer play, and why: out of the match (left, removed, timed out; in a topic's
game), leaving a paused match, the round's or the match's end (who won leads, the cards left and what they
cost, a shared win), and the warnings of missed turns and the timeouts that lead there."""

import pytest

from bot.engine.actions import Play, Timeout, TimeoutKind
from bot.engine.game import apply
from bot.engine.rules import DrawRule, Rules, Scoring
from bot.service.document import Departure
from bot.tg.hand_news import news_for
from bot.tg.render import HandNews, Seat, hand
from bot.tg.render.text import t
from tests.engine.helpers import card_id, given
from tests.heavy_names import heaviest_allowed
from tests.narrow_phone import spaced
from tests.tg.render.buttons import SEATS, hand_view
from tests.tg.render.checks import check_render, pressed
from tests.tg.render.games import scenario_and_actor, scenarios

LANGS = ("en", "ru")


@pytest.mark.parametrize(
    ("lang", "stopped", "said"),
    [
        ("en", True, "⏹ The game was stopped."),
        ("ru", True, "⏹ Игра остановлена."),
        ("en", False, "You are no longer in this game."),
        ("ru", False, "Вы больше не участвуете в этой игре."),
    ],
)
def test_a_hand_out_of_play_says_why_and_has_no_buttons(lang: str, stopped: bool, said: str) -> None:
    state, actor = scenario_and_actor("play")
    player = actor if stopped else max(state.players) + 1  # a player who left is not seated any more
    render = hand(hand_view(state, player, stopped=stopped), lang)
    check_render(render)
    assert render.text == f"<b>Friends</b>\n{said}"
    assert render.reply_markup is None


OUT = 4  # a player who left: not seated any more
EVE = 98  # a chat admin outside the match who removed a player
ADMINS = {EVE: "Eve"}  # the game keeps her name (an anonymous admin's it does not)


@pytest.mark.parametrize(
    ("seat", "lang", "said"),
    [
        (Seat(OUT, "Dan", left=Departure.LEFT), "en", "You left this game."),
        (Seat(OUT, "Dan", left=Departure.LEFT), "ru", "Вы вышли из этой игры."),
        (
            Seat(OUT, "Dan", left=Departure.AFK),
            "en",
            "Your time ran out on 3 turns in a row, so you are out of this game. "
            "You can join the next game in the group.",
        ),
        (
            Seat(OUT, "Dan", left=Departure.AFK),
            "ru",
            "Вы 3 раза подряд не успели сделать ход и выбыли из этой игры. "
            "Вы сможете присоединиться к следующей игре в группе.",
        ),
        (
            Seat(OUT, "Dan", kicked=True, kicked_by=1, left=Departure.LEFT),
            "en",
            "Ann removed you from this game.",
        ),
        (Seat(OUT, "Dan", kicked=True, kicked_by=1), "ru", "Вас убрал из этой игры игрок Ann."),  # noqa: RUF001
        # an admin outside the match, whose name the game did not keep: an anonymous one
        (Seat(OUT, "Dan", kicked=True, kicked_by=99), "en", "A chat admin removed you from this game."),
        (Seat(OUT, "Dan", kicked=True, kicked_by=99), "ru", "Вас убрал из этой игры администратор чата."),  # noqa: RUF001
        # one whose name it kept, as the group's notice named them
        (
            Seat(OUT, "Dan", kicked=True, kicked_by=EVE),
            "en",
            "Eve, a chat admin, removed you from this game.",
        ),
        (
            Seat(OUT, "Dan", kicked=True, kicked_by=EVE),
            "ru",
            "Вас убрал из этой игры администратор чата Eve.",  # noqa: RUF001
        ),
        (Seat(OUT, "Dan", kicked=True), "ru", "Вас убрали из этой игры."),  # noqa: RUF001
        (Seat(OUT, "Dan"), "en", "You are no longer in this game."),  # saved before the bot kept how
    ],
)
def test_a_player_out_of_the_match_is_told_why(seat: Seat, lang: str, said: str) -> None:
    state, _ = scenario_and_actor("play")
    assert OUT not in state.players and state.rules.afk_limit == 3
    seats = {1: Seat(1, "Ann"), OUT: seat}
    view = hand_view(state, OUT, seats=seats, kicker_names=ADMINS)
    assert spaced(hand(view, lang).text) == f"<b>Friends</b>\n{said}"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "You can join the next game in the topic."),
        ("ru", "Вы сможете присоединиться к следующей игре в этой теме."),
    ],
)
def test_one_removed_for_missed_turns_from_a_topics_game_is_sent_to_its_topic(lang: str, said: str) -> None:
    """(session 57) "You can join the next game in the group." sent a player of a forum topic's game to
    the group, whose other topics (General too) hold games and lobbies of their own: its next game opens in
    its topic, which the hand's first line names."""
    state, _ = scenario_and_actor("play")
    seats = {1: Seat(1, "Ann"), OUT: Seat(OUT, "Dan", left=Departure.AFK)}
    text = hand(hand_view(state, OUT, seats=seats, in_topic=True), lang).text or ""
    in_group = t(lang, "hand-removed-afk", count=3, duel="no", where="group")
    assert text.endswith(said) and in_group not in text, text


@pytest.mark.parametrize(
    ("by", "lang", "said"),
    [
        (2, "en", "You'll leave this game when its topic is reopened."),
        (2, "ru", "Вы выйдете из этой игры, когда её тему откроют снова."),
        (1, "en", "Ann removed you from this game: you'll leave it when its topic is reopened."),
        (1, "ru", "Вас убрал из этой игры игрок Ann: вы выйдете из неё, когда тему откроют снова."),  # noqa: RUF001
        (
            99,
            "en",
            "A chat admin removed you from this game: you'll leave it when its topic is reopened.",
        ),  # an admin
        (
            99,
            "ru",
            "Вас убрал из этой игры администратор чата: вы выйдете из неё, когда тему откроют снова.",  # noqa: RUF001
        ),
        (
            EVE,
            "en",
            "Eve, a chat admin, removed you from this game: you'll leave it when its topic is reopened.",
        ),
        (
            EVE,
            "ru",
            "Вас убрал из этой игры администратор чата Eve: вы выйдете из неё, когда тему откроют снова.",  # noqa: RUF001
        ),
    ],
)
def test_a_paused_hand_says_when_its_player_leaves(by: int, lang: str, said: str) -> None:
    """/leave, /kick or leaving the group while the match is paused take effect when it goes on; who
    removed them named as the group's notice names them."""
    state, _ = scenario_and_actor("play")
    seats = {1: Seat(1, "Ann"), 2: Seat(2, "Bob")}
    shown = hand(hand_view(state, 2, seats=seats, paused=True, leaving_by=by, kicker_names=ADMINS), lang)
    assert shown.text == f"<b>Friends</b>\n{t(lang, 'hand-paused')}\n{said}" and shown.reply_markup is None


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_one_out_of_the_match_before_it_was_stopped_keeps_why(lang: str) -> None:
    """The stop redraws the hands still in play; a restart's redraw of the others must not say otherwise
    (the monkey run found a kicked player's hand reading "removed", and the renderer saying "stopped")."""
    state, _ = scenario_and_actor("play")
    seats = {1: Seat(1, "Ann"), OUT: Seat(OUT, "Dan", kicked=True, kicked_by=1)}
    out = hand(hand_view(state, OUT, seats=seats, stopped=True), lang).text
    assert out == hand(hand_view(state, OUT, seats=seats), lang).text


@pytest.mark.parametrize(("lang", "won"), [("en", "🏁 You win round 1!"), ("ru", "🏁 Вы выиграли раунд 1!")])
def test_the_round_winners_hand_leads_with_the_win(lang: str, won: str) -> None:
    """(session 55) The winner's hand read "You have 0 cards", then "The round is over; the next one starts
    soon.", and only then "🏁 You win round 1!"."""
    state = scenarios()["next_round"].state
    winner = state.round_winner
    assert winner is not None and not state.hands[winner]
    lines = spaced(hand(hand_view(state, winner), lang).text).splitlines()
    assert lines[lines.index("") + 1 :] == [won, t(lang, "hand-next-round-soon")]
    assert t(lang, "hand-card-count", count=0) not in lines


@pytest.mark.parametrize("lang", LANGS)
def test_the_others_hands_lead_with_who_won_the_round_or_the_match(lang: str) -> None:
    """(session 55's readings) The winner's hand led with the win, the others' with "The round is over" and
    who won only under it: who won leads theirs too, in the same order, their cards left below. (helper-549)
    "The round is over." (or "The match is over.") under who won said it twice: it is said where nobody
    won (a pause saved before the bot kept its winner)."""
    state = scenarios()["next_round"].state
    winner = state.round_winner
    assert winner is not None
    other = next(player for player in state.players if player != winner)
    lines = spaced(hand(hand_view(state, other), lang).text).splitlines()
    won = spaced(t(lang, "narrate-round-ended", name=SEATS[winner].name, round=state.round_no))
    assert lines[lines.index("") + 1 : lines.index("") + 4] == [won, t(lang, "hand-next-round-soon"), ""]
    over = given({1: "R4", 2: "W W4"}, "R9", rules=Rules().changed(target_score=100))
    over, _ = apply(over, Play(1, card_id(over, 1, "R4")))
    lines = spaced(hand(hand_view(over, 2), lang).text).splitlines()
    champion = t(lang, "narrate-match-ended", names=SEATS[1].name, count=1)
    assert lines[lines.index("") + 1 : lines.index("") + 3] == [champion, ""]  # the win says the end
    assert t(lang, "hand-match-over") not in lines
    unknown = given({1: "R4", 2: "G2"}, "R5", round_over=True)
    lines = hand(hand_view(unknown, 2), lang).text.splitlines()
    assert lines[lines.index("") + 1 : lines.index("") + 3] == [
        t(lang, "hand-round-over"),
        t(lang, "hand-next-round-soon"),
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_the_rounds_end_replaces_the_hands_news(lang: str) -> None:
    """(session 55's readings) A line of a move before the round's end ("Player 2 swapped hands with you")
    stayed on the hand above who won and the cards left, as if it had come after."""
    state = scenarios()["next_round"].state
    other = next(player for player in state.players if player != state.round_winner and state.hands[player])
    news = (HandNews("hand-news-swapped-by", other=state.round_winner),)
    swapped = t(lang, "hand-news-swapped-by", name=SEATS[state.round_winner].name, count=0)
    lines = hand(hand_view(state, other, news=news), lang).text.splitlines()
    assert swapped not in lines
    assert lines[lines.index("") - 1] == t(lang, "hand-card-count", count=len(state.hands[other]))


@pytest.mark.parametrize(("lang", "won"), [("en", "🏆 You win the match!"), ("ru", "🏆 Вы выиграли матч!")])
def test_the_match_winners_hand_leads_with_the_win(lang: str, won: str) -> None:
    """(session 55, a game read through) As the round's winner's does: the match's winner read "You have 0
    cards", then "The match is over.", and only then "🏆 You win the match!". (session 60) The win says the
    end: "The match is over." under it said it twice."""
    state = given({1: "R4", 2: "W W4"}, "R9", rules=Rules().changed(target_score=100))
    state, _ = apply(state, Play(1, card_id(state, 1, "R4")))
    assert state.winners == [1] and not state.hands[1]
    lines = hand(hand_view(state, 1), lang).text.splitlines()
    assert lines[lines.index("") + 1 :] == [won]
    assert t(lang, "hand-card-count", count=0) not in lines
    assert (
        t(lang, "hand-card-count", count=2) in hand(hand_view(state, 2), lang).text.splitlines()
    )  # theirs stay


@pytest.mark.parametrize(
    ("lang", "mine", "theirs"),
    [
        (
            "en",
            ["🏆 You win the match!", "It counts for nobody: you removed a player who was still playing."],
            "It doesn't count for you: the winner removed a player who was still playing.",
        ),
        (
            "ru",
            ["🏆 Вы выиграли матч!", "Но он никому не засчитан: вы убрали из игры того, кто ещё играл."],  # noqa: RUF001
            "Вам он не засчитан: победитель убрал из игры того, кто ещё играл.",
        ),
    ],
)
def test_a_match_won_by_who_removed_a_player_still_playing_says_in_the_hands_it_counts_for_nobody(
    lang: str, mine: list[str], theirs: str
) -> None:
    """(an evening's transcript, session 61) Boris removed Eve and won: the group's results said the match
    counted for nobody, his hand only "🏆 You win the match!", and the hand is what many read."""
    state = given({1: "R4", 2: "W W4"}, "R9", rules=Rules().changed(target_score=100))
    state, _ = apply(state, Play(1, card_id(state, 1, "R4")))
    lines = hand(hand_view(state, 1, void=True), lang).text.splitlines()
    assert lines[lines.index("") + 1 :] == mine
    lines = spaced(hand(hand_view(state, 2, void=True), lang).text).splitlines()
    assert lines[lines.index("") + 1 : lines.index("") + 3] == [
        t(lang, "narrate-match-ended", names=SEATS[1].name, count=1),
        theirs,
    ]
    assert hand(hand_view(state, 1), lang).text.splitlines()[-1] == mine[0]


DAN_AND_FAY = ((OUT, "Dan"), (OUT + 1, "Fay"))  # who left the match before it was won


@pytest.mark.parametrize(
    ("lang", "left", "mine", "theirs", "gone"),
    [
        (
            "en",
            (OUT,),
            "It counts only as a loss for Dan, who left it: you removed a player who was still playing.",
            "It doesn't count for you: the winner removed a player who was still playing.",
            "You left this game.",
        ),
        (
            "ru",
            (OUT,),
            "Но вы убрали из игры того, кто ещё играл,"  # noqa: RUF001
            " поэтому он засчитан только как поражение тому, кто из него вышел, — Dan.",
            "Вам он не засчитан: победитель убрал из игры того, кто ещё играл.",
            "Вы вышли из этой игры.",
        ),
        (
            "en",
            (OUT, OUT + 1),
            "It counts only as a loss for Dan and Fay, who each left it: you removed a player who was still"
            " playing.",
            "It doesn't count for you: the winner removed a player who was still playing.",
            "You left this game.",
        ),
        (
            "ru",
            (OUT, OUT + 1),
            "Но вы убрали из игры того, кто ещё играл,"  # noqa: RUF001
            " поэтому он засчитан только как поражение тем, кто из него вышел, — Dan и Fay.",
            "Вам он не засчитан: победитель убрал из игры того, кто ещё играл.",
            "Вы вышли из этой игры.",
        ),
    ],
)
def test_a_match_won_by_who_removed_a_player_still_playing_names_in_the_winners_hand_who_left_it(
    lang: str, left: tuple[int, ...], mine: str, theirs: str, gone: str
) -> None:
    """(session 61) Dan had left when Boris removed Eve and won: the results said the match counted only as
    a loss for Dan (bot.service.results.losses_kept), Boris's hand "It counts for nobody". The others'
    "It doesn't count for you" is theirs; Dan's hand says he left, as it did."""
    state = given({1: "R4", 2: "W W4"}, "R9", rules=Rules().changed(target_score=100))
    state, _ = apply(state, Play(1, card_id(state, 1, "R4")))
    seats = {**SEATS, **{player: Seat(player, name, left=Departure.LEFT) for player, name in DAN_AND_FAY}}
    ended = {"seats": seats, "void": True, "lost_by_leaving": left}
    lines = hand(hand_view(state, 1, **ended), lang).text.splitlines()
    assert lines[lines.index("") + 1 :] == [t(lang, "hand-match-won-you"), mine]
    lines = hand(hand_view(state, 2, **ended), lang).text.splitlines()
    assert lines[lines.index("") + 2] == theirs
    assert hand(hand_view(state, OUT, **ended), lang).text == f"<b>Friends</b>\n{gone}"


def test_player_who_left_sees_no_moves() -> None:
    state = scenarios()["play"].state
    render = hand(hand_view(state, 99), "en")
    assert "no longer in this game" in render.text
    assert pressed(render) == []


@pytest.mark.parametrize(
    ("lang", "missed", "said"),
    [
        ("en", 1, "⚠️ Your time ran out on your last turn: after 3 in a row you leave the game."),
        ("en", 2, "⚠️ Your time ran out on your last 2 turns: after 3 in a row you leave the game."),
        ("ru", 1, "⚠️ Вы не успели сделать прошлый ход: после 3 таких ходов подряд вы выбываете из игры."),
        (
            "ru",
            2,
            "⚠️ Вы 2 раза подряд не успели сделать ход: после 3 таких ходов подряд вы выбываете из игры.",
        ),
    ],
)
def test_a_player_who_missed_turns_is_warned_before_being_removed(lang: str, missed: int, said: str) -> None:
    """(found by a play-through audit, 2026-12-02) the third missed turn removed a player whose hand never
    said that missed turns count. (The evening audit, 2026-12-05) It said "You missed your last turn: after 3
    missed in a row you leave the game." ("Вы пропустили прошлый ход: после 3 пропусков подряд..."), the words
    the table uses for a turn a Skip or a +2 takes ("misses a turn", «пропускает ход»), which do not count:
    it says whose time ran out, as the table does for a timeout. (Three players: between two people it adds
    what leaving does there, test_two_players.)"""
    state = given({1: "R1 R3", 2: "G2 G7", 3: "B4"}, "R9", rules=Rules(turn_seconds=15, afk_limit=3))
    assert "⚠️" not in hand(hand_view(state, 1), lang).text
    state.afk[1] = missed
    assert said in spaced(hand(hand_view(state, 1), lang).text)
    untimed = given({1: "R1 R3", 2: "G2 G7"}, "R9", rules=Rules(turn_seconds=0))
    untimed.afk[1] = missed  # without a turn timer nobody is removed for it
    assert "⚠️" not in hand(hand_view(untimed, 1), lang).text


@pytest.mark.parametrize(
    ("lang", "missed", "said"),
    [
        ("en", 1, "⏱ Your time ran out: you took 1 card. ⚠️ After 3 in a row you leave the game.\n"),
        ("en", 2, "⏱ Your time ran out: you took 1 card. ⚠️ That's 2 in a row: after 3 you leave the game.\n"),
        (
            "ru",
            1,
            "⏱ Ваше время вышло: вы взяли 1 карту. ⚠️ После 3 таких ходов подряд вы выбываете из игры.\n",
        ),
        (
            "ru",
            2,
            "⏱ Ваше время вышло: вы взяли 1 карту. ⚠️ Уже 2 раза подряд: после 3 таких ходов вы выбываете "
            "из игры.\n",
        ),
    ],
)
def test_a_timeout_just_told_carries_the_missed_turns_warning_on_its_line(
    lang: str, missed: int, said: str
) -> None:
    """(found reading a whole duel, session 50) after a timeout the hand read "⏱ Your time ran out: you took
    1 card." and, under the prompt, "⚠️ Your time ran out on your last turn: after 3 in a row you leave the
    game.": the time running out told twice. The warning ends the timeout's line (its count kept); on the
    next turn, that line gone, the whole warning is said under the prompt again."""
    rules = Rules(turn_seconds=15, afk_limit=3)
    state = given({1: "R1 R3 G5", 2: "G2 G7", 3: "B4"}, "R9", rules=rules, turn=2)  # three: no duel
    state.afk[1] = missed
    news = (HandNews("hand-news-timed-out", 1, until_turn=True),)
    text = spaced(hand(hand_view(state, 1, news=news), lang).text)
    assert said in text and text.count("⚠️") == 1
    assert (
        t(lang, "hand-afk-warning", missed=missed, limit=3, duel="no") in hand(hand_view(state, 1), lang).text
    )


# Twenty cards none of which fits on 🟥 3: the timer draws through them to 🟥 5.
UNFIT = "G1 G2 G4 G5 G6 G7 G9 B1 B2 B4 B5 B6 B7 Y1 Y2 Y4 Y5 Y6 Y7 Y9"


@pytest.mark.parametrize(
    ("unfit", "said"),
    [
        ("", "вы взяли 1 карту, и её сыграли за вас."),
        # 21 takes the singular "карту" but is many cards: the one played is one of them, not "её"
        (UNFIT, "вы взяли 21 карту, и одну из них сыграли за вас."),
    ],
)
def test_a_timed_out_hand_tells_which_drawn_card_was_played_for_it(unfit: str, said: str) -> None:
    """Drawing until one fits under force_play, the timer may draw many cards and play the last one."""
    rules = Rules(draw_rule=DrawRule.UNTIL_PLAYABLE, force_play=True)
    state = given({1: "B8 G8", 2: "B9 B1"}, "R3", draw=f"{unfit} R5", rules=rules, turn_deadline=5)
    after, events = apply(state, Timeout(TimeoutKind.TURN, 5))
    text = spaced(hand(hand_view(after, 1, news=news_for(events, after, 1)), "ru").text)
    assert f"⏱ Ваше время вышло: {said}" in text


def test_a_hand_lists_its_cards_in_the_text_only_once_nothing_can_be_pressed() -> None:
    """During play the keyboard shows the cards: a list above it would repeat every one."""
    state, actor = scenario_and_actor("play")
    assert "Your cards left" not in hand(hand_view(state, actor), "en").text


def test_a_shared_match_win_names_the_winners_rather_than_you_alone() -> None:
    state = scenarios()["match_over"].state.clone()
    first, second = state.players[:2]
    state.winners = [first, second]
    text = hand(hand_view(state, first), "en").text
    assert "You win the match" not in text
    assert f"Player {first} and Player {second} share the win" in spaced(text)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_nine_winners_of_heavy_names_are_named_first_few_and_how_many_more(lang: str) -> None:
    """As the standings' title (test_results_limits): all nine as one argument was past what Fluent takes."""
    state = scenarios()["match_over"].state.clone()
    state.winners = list(range(101, 110))
    seats = {player: Seat(player, heaviest_allowed()) for player in (*state.players, *state.winners)}
    text = check_render(hand(hand_view(state, state.players[0], seats=seats), lang))
    assert {"en": "and 6 more share the win", "ru": "и ещё 6 игроков делят победу"}[lang] in spaced(text)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Your cards left: 🟥 4, 🟨 Skip (+24 points)"),
        ("ru", "Осталось на руке: 🟥 4, 🟨 Пропуск (+24 очка)"),
    ],
)
def test_a_hand_left_at_a_rounds_end_says_what_it_cost_when_ones_own_hand_is_scored(
    lang: str, said: str
) -> None:
    """Lowest wins (own-hand scoring): the hand listed the cards the round left it, but only the group's
    results said they cost 24 points (session 55). A round that scores the winner's, and a match the others
    left (nothing scored), say only the cards."""
    own = Rules(scoring=Scoring.OWN_HAND)
    paused = given({1: "R4 YS", 2: "G2"}, "R5", rules=own, round_over=True, round_winner=2)
    assert said in spaced(hand(hand_view(paused, 1), lang).text)
    cards_only = said.rsplit(" (", 1)[0]
    for state in (
        given({1: "R4 YS", 2: "G2"}, "R5", round_over=True, round_winner=2),
        given({1: "R4 YS"}, "R5", rules=own, match_over=True, winners=[1]),
    ):
        text = spaced(hand(hand_view(state, 1), lang).text)
        assert cards_only in text and "(+" not in text, text
