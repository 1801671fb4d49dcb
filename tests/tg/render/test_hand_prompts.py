"""What a hand in play says: its heading, the prompt and hints of each situation (a drawn card, a penalty,
an 8 to cover, UNO!, nothing that fits, chains, a jump-in's top card, a Seven's silence), the time to move,
the news of what changed its cards, a challenged hand shown, and cards named with colour letters."""

import pytest

from bot.engine.actions import ChooseColour, Draw, Play
from bot.engine.cards import Colour, Kind
from bot.engine.game import apply
from bot.engine.legal import legal_actions
from bot.engine.rules import JumpIn, Rules
from bot.engine.serialization import state_from_dict, state_to_dict
from bot.engine.state import GameState, Pending
from bot.tg.callback_data import Action
from bot.tg.render import HandNews, Seat, hand
from bot.tg.render.cards import card_label
from bot.tg.render.hand_keyboard import JUMP_IN_MARK, PLACE_MARKS
from bot.tg.render.text import t
from tests.engine.helpers import card_id, given
from tests.narrow_phone import PHONE_LINE, spaced, width
from tests.tg.render.buttons import hand_view
from tests.tg.render.checks import pressed
from tests.tg.render.games import all_states, scenario_and_actor, scenarios


@pytest.mark.parametrize(
    ("lang", "expected"), [("en", "You drew <b>🌈 Wild</b>"), ("ru", "Вы взяли <b>🌈 Дикую</b>")]
)
def test_a_drawn_wild_is_named_as_the_object_of_drawing(lang: str, expected: str) -> None:
    state, actor = scenario_and_actor("play_drawn")
    drawn = state_from_dict(state_to_dict(state))
    wild = next(card.id for card in drawn.deck if card.kind is Kind.WILD)
    assert drawn.drawn_card is not None
    drawn.hands[actor] = [wild if cid == drawn.drawn_card else cid for cid in drawn.hands[actor]]
    drawn.drawn_card = wild
    assert expected in hand(hand_view(drawn, actor), lang).text


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "<b>Choose a colour.</b> Penalty for Екатерина Смирн…: "),
        ("ru", "Штраф игроку Екатерина Смирн…: "),
    ],
)
def test_a_draw_cards_colour_chooser_reads_who_takes_its_penalty(lang: str, said: str) -> None:
    """It read "Penalty for the next player": the table names them, cut as it cuts names (PLAYER_NAME_LIMIT;
    until the session 56 review it was cut at NAME_LIMIT, "Екатерина Смирнова-Соко…", unlike the table)."""
    state, actor = scenario_and_actor("choose_colour_penalty")
    seats = {player: Seat(player, f"Player {player}") for player in state.players}
    seats[state.turn] = Seat(state.turn, "Екатерина Смирнова-Соколова")
    assert said in spaced(hand(hand_view(state, actor, seats=seats), lang).text)


@pytest.mark.parametrize(
    ("stacking", "victim", "lang", "said"),
    [
        ("off", "B1 G7", "en", "<b>Take 4 cards</b> or challenge the card.\n"),
        ("off", "B1 G7", "ru", "<b>Возьмите 4 карты</b> или оспорьте карту.\n"),
        ("same", "W4 G7", "en", "4 cards</b>, pass the penalty on with a card (▶) or challenge the card.\n"),
        ("same", "W4 G7", "ru", "4 карты</b>, передайте штраф дальше картой (▶) или оспорьте карту.\n"),
        ("same", "B1 G7", "en", "<b>Take 4 cards</b> or challenge the card.\n"),
    ],
)
def test_a_penalty_says_what_its_taker_may_do_instead(
    stacking: str, victim: str, lang: str, said: str
) -> None:
    """(found reading a whole duel, session 50) a +4's victim read "take 4 cards or respond", where the only
    answer official rules give is a challenge (the table said "or challenge the card"): the hand names what
    its cards and the rules let them do, as the table does without looking at the hand."""
    rules = Rules().changed(stacking=stacking)
    state = given({1: "W4 R2", 2: victim}, "R9", rules=rules)
    state, _ = apply(state, Play(1, card_id(state, 1, "W4")))
    state, _ = apply(state, ChooseColour(1, Colour.BLUE))
    assert state.pending is Pending.PENALTY and state.actor == 2
    assert said in spaced(hand(hand_view(state, 2), lang).text)


@pytest.mark.parametrize(
    ("hand_codes", "said"), [("R8", "Your last card was an 8"), ("R8 B2", "no card of yours fits")]
)
def test_an_8_with_nothing_to_cover_it_says_the_cover_is_owed(hand_codes: str, said: str) -> None:
    """(found by a play-through audit, 2026-12-02) an 8 played as the last card showed "You have 0 cards"
    and "no card fits", never that the round waits for the 8 to be covered (RULES.md §7, eight_cover)."""
    state = given({1: hand_codes, 2: "G1 G2"}, "R3", rules=Rules(eight_cover=True), draw="Y5")
    state, _ = apply(state, Play(1, card_id(state, 1, "R8")))
    assert state.pending is Pending.COVER and state.actor == 1
    assert said in hand(hand_view(state, 1), "en").text


def test_the_uno_hint_only_when_a_card_would_leave_one_or_the_window_is_open() -> None:
    """ "press UNO! before you play" only with two cards on your turn and a card to play (not while a
    penalty with nothing to add must be taken, nor with one card left once the window closed)."""
    seen = set()
    for state in all_states():
        for player in state.players:
            if state.round_over or state.match_over or player not in state.hands:
                continue
            text = hand(hand_view(state, player), "en").text
            actions = legal_actions(state, player)
            plays = any(isinstance(a, Play) for a in actions)
            called = player in state.uno_called
            before = state.actor == player and len(state.hands[player]) == 2 and plays and not called
            expected = "now" if player in state.catchable else "before" if before else None
            shown = (
                "now" if "Press “UNO!” now" in text else "before" if "press “UNO!” before" in text else None
            )
            assert shown == expected, (state.pending, len(state.hands[player]))
            seen.add(expected)
    assert seen == {"now", "before", None}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_hand_that_must_call_uno_does_not_say_there_is_nothing_to_do(lang: str) -> None:
    """(session 55) "⚠️ Press “UNO!” now, before someone catches you!" stood under "Not your turn: watch the
    group.", which read as if there were nothing to do."""
    state = scenarios()["catch_window"].state
    (player,) = state.catchable
    assert state.actor != player
    lines = hand(hand_view(state, player), lang).text.splitlines()
    assert t(lang, "hand-waiting", where="group") not in lines
    assert lines[lines.index("") + 1] == t(lang, "hand-hint-uno-now")
    assert lines.count(t(lang, "hand-hint-uno-now")) == 1  # once (mutation audit, session 55)


def test_revealed_hand_is_listed_for_the_challenger() -> None:
    state, actor = scenario_and_actor("play")
    other = next(p for p in state.players if p != actor)
    revealed = tuple(state.hands[other])
    render = hand(hand_view(state, actor, revealed=revealed), "en")
    assert "challenged hand" in render.text
    assert all(card_label(state.card(c), "en") in spaced(render.text) for c in revealed)
    assert any(state.card(c).kind is not Kind.WILD for c in revealed)


def test_header_names_the_group_even_when_its_title_is_blank() -> None:
    state, actor = scenario_and_actor("play")
    assert hand(hand_view(state, actor, chat_title="Friends & <Co>"), "en").text.startswith(
        "<b>Friends &amp; &lt;Co&gt;</b>: your turn\nTop card: "
    )
    assert hand(hand_view(state, actor, chat_title="\u200b"), "en").text.startswith(
        "<b>Unnamed group</b>: your turn\nTop card: "
    )


@pytest.mark.parametrize(
    ("chat_title", "forum_general", "heading"),
    [("Club", True, "Club · General"), ("Club · Room A", False, "Club · Room A"), ("Club", False, "Club")],
)
@pytest.mark.parametrize("paused", [False, True])
def test_header_names_a_forums_general_game_as_its_topics_games_are_named(
    chat_title: str, forum_general: bool, heading: str, paused: bool
) -> None:
    """(session 58) A forum's General game was headed "Club" beside "Club · Room A", read as the whole
    group's; a plain group's game is named by the group alone."""
    state, actor = scenario_and_actor("play")
    view = hand_view(state, actor, chat_title=chat_title, forum_general=forum_general, paused=paused)
    first = (hand(view, "en").text or "").splitlines()[0]
    assert first == (f"<b>{heading}</b>" if paused else f"<b>{heading}</b>: your turn")


def test_nothing_fits_asks_to_draw() -> None:
    for scenario in scenarios().values():
        state = scenario.state
        actor = state.actor
        if state.pending is Pending.PLAY and actor is not None:
            render = hand(hand_view(state, actor), "ru")
            nothing = all(d.action is not Action.PLAY for _, d in pressed(render))
            assert ("подходящих карт нет" in render.text) == nothing
    state, actor = scenario_and_actor("play")
    stuck = state.clone()
    stuck.hands[actor] = [c for c in stuck.draw_pile if not legal_plays(stuck, actor, c)][:3]
    render = hand(hand_view(stuck, actor), "en")
    assert "No card fits. <b>Draw one.</b>" in render.text.splitlines()
    assert [d.action for _, d in pressed(render)].count(Action.DRAW) == 1


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(
    "key", ["hand-nothing-fits", "hand-nothing-fits-none-left", "hand-cover-draw", "hand-cover-last"]
)
def test_a_turn_with_nothing_to_play_reads_with_one_colon(key: str, lang: str) -> None:
    """(session 55) "Your turn: no card fits: draw one." read as two labels: what to do follows on. (The
    session's review: in Russian too, «Ваш ход: ... подходящих карт нет: берите ...».)"""
    said = t(lang, key)
    assert ":" not in said, said


def legal_plays(state: GameState, player: int, card: int) -> bool:
    probe = state.clone()
    probe.hands[player] = [card]
    return any(isinstance(a, Play) for a in legal_actions(probe, player))


def test_a_drawn_card_that_need_not_be_played_says_so_under_force_play() -> None:
    """(the audit of what people read) a drawn Wild Draw Four that would be a bluff may be kept even with
    force_play: the prompt must offer the Pass its keyboard has."""
    state = given({1: "R1 G2", 2: "B9 B1"}, "R5", draw="W4", rules=Rules(force_play=True))
    state, _ = apply(state, Draw(1))
    render = hand(hand_view(state, 1), "en")
    assert "play it or pass" in render.text and Action.PASS in {d.action for _, d in pressed(render)}
    forced = given({1: "R1 G2", 2: "B9 B1"}, "R5", draw="R7", rules=Rules(force_play=True))
    forced, _ = apply(forced, Draw(1))
    assert "play it." in hand(hand_view(forced, 1), "en").text


def test_a_complete_selection_asks_only_for_play() -> None:
    state = given({1: "R4 G4 Y1", 2: "B9 B1"}, "R3", rules=Rules(multi_play=True))
    ids = (card_id(state, 1, "R4"), card_id(state, 1, "G4"))
    text = hand(hand_view(state, 1, selection=ids), "en").text
    assert "Press “Play”" in text and "Add more" not in text
    partial = hand(hand_view(state, 1, selection=ids[:1]), "en").text
    assert "Add more of this number" in partial


def test_your_own_turn_shows_the_time_to_move_once_and_no_turn_line() -> None:
    """the prompt says it is your turn; the status line only counts the time (none without a turn timer)."""
    state, actor = scenario_and_actor("play")
    text = hand(hand_view(state, actor), "en").text
    assert (
        "Time's up <tg-time unix=\"" in text
        and 'format="r">in 60\u00a0s</tg-time>' in text
        and "Turn:" not in text
        and text.lower().count("your turn") == 1
    )
    untimed = state.clone()
    untimed.turn_deadline = None
    assert "⏱" not in hand(hand_view(untimed, actor), "ru").text
    quick = given({1: "R1 R3", 2: "G2 G7"}, "R9", rules=Rules(turn_seconds=15), turn_deadline=15_000, clock=0)
    assert (
        '⏱ Time\'s up <tg-time unix="15" format="r">in 15\u00a0s</tg-time>'
        in hand(hand_view(quick, 1), "en").text
    )


def test_the_time_to_move_reads_right_once_the_apps_show_it_as_past() -> None:
    """The apps show the <tg-time> as "3 seconds ago" once it is due, until the bot's next edit: "Turn ends
    3 seconds ago" and "Ход закончится 3 секунды назад" read wrong; these read right both ways."""
    state, actor = scenario_and_actor("play")
    for lang, words in (("en", "⏱ Time's up <tg-time"), ("ru", "⏱ Конец хода <tg-time")):
        assert words in hand(hand_view(state, actor), lang).text


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "🔄 Player 2 swapped hands with you.\n👋 You slapped last: you took 4 cards."),
        ("ru", "🔄 С вами поменялся картами игрок Player 2.\n👋 Ваш хлопок был последним: вы взяли 4 карты."),  # noqa: RUF001
    ],
)
def test_a_hand_says_what_changed_its_cards_under_their_count(lang: str, said: str) -> None:
    state = given({1: "R1 R3", 2: "G2 G7"}, "R9", turn=2)
    news = (HandNews("hand-news-swapped-by", other=2), HandNews("hand-news-slap-last", 4))
    text = spaced(hand(hand_view(state, 1, news=news), lang).text)
    assert f"{spaced(t(lang, 'hand-card-count', count=2))}\n{said}\n\n" in text


@pytest.mark.parametrize(
    ("lang", "news", "said"),
    [
        ("en", HandNews("hand-news-dealt", round_no=8), "🎴 Round 8: new cards."),
        ("ru", HandNews("hand-news-dealt", round_no=8), "🎴 Раунд 8: новые карты."),
        (
            "en",
            HandNews("hand-news-dealt-skipped", 2, round_no=8),
            "🎴 Round 8: new cards, and the start card makes you take 2 cards and skip your turn.",
        ),
        (
            "ru",
            HandNews("hand-news-dealt-skipped", 2, round_no=8),
            "🎴 Раунд 8: новые карты, и первая карта заставляет вас взять 2 карты и пропустить ход.",
        ),
        ("en", HandNews("hand-news-start", 4, round_no=1), "🎴 The start card was black: you took 4 cards."),
        (
            "ru",
            HandNews("hand-news-start", 4, round_no=1),
            "🎴 Первая карта раунда чёрная: вы взяли 4 карты.",
        ),
        ("en", HandNews("hand-news-dealt-skipped", round_no=1), "🎴 The start card skips your turn."),
        ("ru", HandNews("hand-news-dealt-skipped", round_no=1), "🎴 Первая карта лишает вас хода."),
    ],
)
def test_a_hand_dealt_for_a_new_round_says_so(lang: str, news: HandNews, said: str) -> None:
    """The deal's news (bot.tg.hand_news): the first round's hand says the game has started, its number
    alone would only repeat it."""
    state = given({1: "R1 R3", 2: "G2 G7"}, "R9", turn=2)
    assert f"\n{said}\n" in spaced(hand(hand_view(state, 1, news=(news,)), lang).text)


@pytest.mark.parametrize(
    ("lang", "buttons", "top"),
    [
        ("en", ["▶ 🟥R 1", "🟩G 2", "▶ 🌈 Wild"], "Top card: <b>🟥R 5</b>"),
        ("ru", ["▶ 🟥К 1", "🟩З 2", "▶ 🌈 Дикая"], "Сверху: <b>🟥К 5</b>"),  # noqa: RUF001
    ],
)
def test_a_hand_read_with_colour_letters_names_each_colour_by_its_letter(
    lang: str, buttons: list[str], top: str
) -> None:
    """/colours: the cards' buttons and the top card carry the colour's letter in the reader's language;
    the top card's square says the colour to match."""
    state = given({1: "R1 G2 W", 2: "B9 B1"}, "R5")
    lettered = hand(hand_view(state, 1, colour_letters=True), lang)
    cards = [label for label, d in pressed(lettered) if d.action in (Action.PLAY, Action.TRY)]
    assert cards == buttons
    assert top in lettered.text
    plain = hand(hand_view(state, 1), lang)
    assert [label for label, d in pressed(plain) if d.action in (Action.PLAY, Action.TRY)] == [
        "▶ 🟥 1",
        "🟩 2",
        buttons[2],
    ]
    assert "<b>🟥 5</b>" in plain.text


def test_a_challenged_hand_is_shown_in_the_order_ones_own_hand_is() -> None:
    """It was listed in the order the cards came into the hand, so its last cards were the ones drawn last
    (a penalty the table had told, say): the challenger learnt which cards those were."""
    state = given({1: "G2 B9", 2: "B7 Y4 R1 W4"}, "R5")
    shown = hand(hand_view(state, 1, revealed=tuple(state.hands[2])), "en")
    assert "👁 The challenged hand: 🟥 1, 🟨 4, 🟦 7, 🌈 +4" in spaced(shown.text)


def test_a_hand_read_with_colour_letters_names_every_card_it_lists_by_its_letter() -> None:
    """The card just drawn, a multi-play selection, a challenged hand shown and the cards left at the end."""
    state = given({1: "G2 B9", 2: "Y4 W4"}, "R5", draw="R7")
    drawn, _ = apply(state, Draw(1))
    drawn_text = hand(hand_view(drawn, 1, colour_letters=True), "en").text
    assert "You drew <b>🟥R 7</b>: play it or pass." in drawn_text
    shown = hand(hand_view(state, 1, revealed=tuple(state.hands[2]), colour_letters=True), "en")
    assert "👁 The challenged hand: 🟨Y 4, 🌈 +4" in spaced(shown.text)
    multi = given({1: "R4 G4 Y1", 2: "B9 B1"}, "R3", rules=Rules(multi_play=True))
    chosen = (card_id(multi, 1, "R4"), card_id(multi, 1, "G4"))
    selected = hand(hand_view(multi, 1, selection=chosen, colour_letters=True), "ru")
    assert "Выбрано: 🟥К 4 → 🟩З 4." in selected.text  # noqa: RUF001
    assert [label for label, _ in pressed(selected) if label.startswith(PLACE_MARKS)] == [
        "1️⃣ 🟥К 4",  # noqa: RUF001
        "2️⃣ 🟩З 4",  # noqa: RUF001
    ]
    over = given({1: "G2 B9", 2: "Y4"}, "R5", match_over=True)
    assert "Your cards left: 🟩G 2, 🟦B 9" in spaced(hand(hand_view(over, 1, colour_letters=True), "en").text)


def test_a_penalty_the_draw_pile_can_pay_in_full_says_nothing_of_cards_running_short() -> None:
    state = given({1: "R+2 G1", 2: "B1 B2", 3: "Y1 Y2"}, "R3")
    state, _ = apply(state, Play(1, card_id(state, 1, "R+2")))
    assert state.pending is Pending.PENALTY
    assert "left to take" not in hand(hand_view(state, 2), "en").text


def test_an_extreme_chain_link_is_said_to_pass_the_penalty_on_under_extreme_jump_ins() -> None:
    """An identical +2 on an extreme +2 chain passes it on, even where a plain jump-in would leave the
    penalty with the one who jumps in (RULES.md §7)."""
    rules = Rules(extreme_draw_chain=True, jump_in=JumpIn.EXTREME)
    state = given({1: "R+2 G1", 2: "R+2 B1", 3: "Y1 Y2"}, "R3", rules=rules)
    state, _ = apply(state, Play(1, card_id(state, 1, "R+2")))
    text = hand(hand_view(state, 2), "en").text
    assert "pass the penalty on" in text and "you still take" not in text


def test_the_skip_chain_hint_is_for_three_players_or_more() -> None:
    """Between two a chain skips no more than any Skip: "extends the skip chain: Bob misses a turn" after
    every Skip of a player holding another would promise a chain that never grows."""

    def after_a_skip(hands: dict[int, str]) -> str:
        state = given(hands, "R3", rules=Rules(skip_chain=True))
        state, _ = apply(state, Play(1, card_id(state, 1, "RS")))
        assert state.skip_chain and state.actor == (1 if len(hands) == 2 else 3)
        return hand(hand_view(state, state.actor), "en").text

    assert "⏭" not in after_a_skip({1: "RS GS B9", 2: "Y1 Y2"})
    assert "⏭ A Skip extends the skip chain" in after_a_skip({1: "RS B9", 2: "Y1 Y2", 3: "GS Y3"})


def test_a_waiting_hand_shows_the_top_card_only_while_it_offers_a_jump_in() -> None:
    """The card a jump-in must match is shown beside the ⚡ it offers; a waiting hand with nothing to jump in
    with shows none (it is not redrawn as the top card changes)."""
    rules = Rules(jump_in=JumpIn.ON)
    offered = hand(hand_view(given({1: "R1 G2", 2: "R9 Y3"}, "R9", rules=rules), 2), "en")
    assert "Top card: <b>🟥 9</b>" in offered.text and JUMP_IN_MARK in str(offered.reply_markup)
    quiet = hand(hand_view(given({1: "R1 G2", 2: "B8 Y3"}, "R9", rules=rules), 2), "en")
    assert "Top card" not in quiet.text


@pytest.mark.parametrize(
    ("lang", "group", "topic"),
    [
        (
            "en",
            "the first player to write in the group takes",
            "the first player to write in the game's topic takes",
        ),
        (
            "ru",
            "кто из игроков первым напишет в группу, берёт",
            "кто из игроков первым напишет в теме игры, берёт",
        ),
    ],
)
def test_a_hand_names_the_topic_a_seven_silence_is_kept_in(lang: str, group: str, topic: str) -> None:
    """In a forum topic the table said "write here" while the hands said to write in the group, where only
    the game's topic counts (session 55): the hands of a game in a topic name it, the holder's and the
    others'."""
    state = given({1: "R4 G2", 2: "B7 Y1", 3: "G9"}, "R7", silence_holder=2)
    for player in (1, 2):
        assert group in hand(hand_view(state, player), lang).text
        in_topic = hand(hand_view(state, player, in_topic=True), lang).text
        assert topic in in_topic and group not in in_topic, in_topic


@pytest.mark.parametrize(
    ("lang", "group", "topic"),
    [
        ("en", "Not your turn: watch the group.", "Not your turn: watch the topic."),
        ("ru", "Не ваш ход: игра идёт в группе.", "Не ваш ход: игра идёт в теме."),  # noqa: RUF001
    ],
)
def test_a_hand_off_turn_sends_to_the_games_topic_not_the_group(lang: str, group: str, topic: str) -> None:
    """(session 57, a forum with games in three topics) A player of two of them read "watch the group" on
    both hands, the group holding both games and a lobby: a game in a topic sends them to its topic, which
    the hand's first line names."""
    state = given({1: "R4 G2", 2: "B7 Y1"}, "R7")
    assert group in (hand(hand_view(state, 2), lang).text or "").splitlines()
    lines = (hand(hand_view(state, 2, in_topic=True), lang).text or "").splitlines()
    assert topic in lines and group not in lines
    assert width(topic) <= PHONE_LINE


@pytest.mark.parametrize(("lang", "said"), [("en", "your turn"), ("ru", "ваш ход")])
def test_the_movers_hand_says_it_is_their_turn_once(lang: str, said: str) -> None:
    """(session 55's readings) The mover's hand said it twice: "Friends: your turn" on its first line, the
    one a notification shows, and "Your turn: play a card (▶) or draw." (after a +2 taken, a skip chain, "Your
    turn: take 4 cards." and the rest alike). The first line says it; the prompt says what to do."""
    situations = ["play", "penalty_stack", "penalty_challenge", "cover", "choose_colour", "play_drawn"]
    states = [scenarios()[name].state for name in situations]
    states.append(given({1: "B1 G7", 2: "Y1 Y2"}, "R3"))  # nothing fits
    for state in states:
        assert state.actor is not None
        text = hand(hand_view(state, state.actor), lang).text
        assert text.lower().count(said) == 1, text
        assert text.splitlines()[0].lower().endswith(said), text
