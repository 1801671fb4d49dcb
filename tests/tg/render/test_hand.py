"""A hand's keyboard: every button a legal move and every legal move a button, the same in both languages;
each situation's buttons (a turn, a drawn card, the colour picker, whom to swap with and their names, a
penalty, a cover, UNO!, a jump-in, a challenge, a multi-play selection, none between rounds), a huge hand's
pages, and cards shown without a mark, which the engine refuses."""

import re

import pytest

from bot.engine.actions import CallUno, Catch, ChooseColour, Play
from bot.engine.errors import IllegalAction
from bot.engine.game import apply
from bot.engine.legal import legal_actions
from bot.engine.state import GameState, Pending
from bot.service.progress import hand_signature
from bot.tg.callback_data import Action
from bot.tg.render import Seat, hand, table
from bot.tg.render.cards import card_label, sort_key
from bot.tg.render.hand_keyboard import JUMP_IN_MARK, PAGE_SIZE, PLACE_MARKS, PLAYABLE_MARK
from tests.narrow_phone import spaced
from tests.tg.render.buttons import GAME_ID, hand_pages, hand_view, to_move
from tests.tg.render.checks import check_render, pressed
from tests.tg.render.games import RULE_SETS, all_states, random_match, scenario_and_actor, scenarios
from tests.tg.render.table_views import view

LANGS = ("en", "ru")
CYRILLIC = re.compile("[\u0430-\u044f\u0451]", re.IGNORECASE)


def test_every_button_is_a_legal_action_and_every_legal_action_has_a_button() -> None:
    for state in all_states():
        for player in state.players:
            legal = legal_actions(state, player)
            moves, selects = [], []
            for page in hand_pages(state, player, "en"):
                for _, data in pressed(page):
                    assert (data.game_id, data.state) == (GAME_ID, state.seq)
                    move = to_move(data, state, player)
                    if move is not None:
                        moves.append(move)
                    if data.action is Action.SELECT:
                        selects.append(data.args)
            assert all(move in legal for move in moves), (state.pending, player)
            wanted = [a for a in legal if not isinstance(a, Catch) and not (isinstance(a, Play) and a.extra)]
            if len(state.hands.get(player, ())) == 2 and not any(isinstance(a, Play) for a in wanted):
                wanted = [a for a in wanted if not isinstance(a, CallUno)]  # nothing to call it before
            assert all(action in moves for action in wanted), (state.pending, player)
            multi = [a for a in legal if isinstance(a, Play) and a.extra]
            assert {args for args in selects} == {(a.card,) for a in multi}
            for play in multi[:3]:  # chosen in the engine's order, the selection plays exactly that
                chosen = hand(hand_view(state, player, selection=(play.card, *play.extra)), "en")
                confirmed = [to_move(d, state, player) for _, d in pressed(chosen) if d.action is Action.PLAY]
                assert confirmed == [play]


def _actions(state: GameState, player: int, lang: str = "en") -> list[Action]:
    return [data.action for _, data in pressed(hand(hand_view(state, player), lang))]


@pytest.mark.parametrize("name", sorted(scenarios()))
@pytest.mark.parametrize("lang", LANGS)
def test_every_scenario_renders_in_both_languages(name: str, lang: str) -> None:
    state = scenarios()[name].state
    for player in state.players:
        plain = check_render(hand(hand_view(state, player), lang))
        assert bool(CYRILLIC.search(plain)) == (lang == "ru")


def test_turn_offers_playable_cards_and_draw_but_no_pass() -> None:
    state, actor = scenario_and_actor("play")
    render = hand(hand_view(state, actor), "en")
    actions = [d.action for _, d in pressed(render)]
    assert Action.DRAW in actions and Action.PASS not in actions and Action.COLOUR not in actions
    for label, data in pressed(render):
        if data.action is Action.PLAY:
            assert label.startswith(PLAYABLE_MARK)
        if label.startswith(PLAYABLE_MARK):
            assert data.action is Action.PLAY
    assert ": your turn" in render.text
    for other in state.players:
        if other != actor:
            assert not {Action.DRAW, Action.PASS, Action.ACCEPT} & set(_actions(state, other))


def test_drawn_card_can_be_played_or_passed() -> None:
    state, actor = scenario_and_actor("play_drawn")
    plays = [d.args for _, d in pressed(hand(hand_view(state, actor), "en")) if d.action is Action.PLAY]
    assert plays == [(state.drawn_card,)]
    assert Action.PASS in _actions(state, actor) and Action.DRAW not in _actions(state, actor)
    forced, forced_actor = scenario_and_actor("play_drawn_forced")
    assert Action.PASS not in _actions(forced, forced_actor)
    assert "play it." in hand(hand_view(forced, forced_actor), "en").text


def test_colour_picker_for_the_decider_only() -> None:
    state, actor = scenario_and_actor("choose_colour")
    colours = [
        (label, d.args)
        for label, d in pressed(hand(hand_view(state, actor), "ru"))
        if d.action is Action.COLOUR
    ]
    assert colours == [("🟥 Красный", (0,)), ("🟨 Жёлтый", (1,)), ("🟩 Зелёный", (2,)), ("🟦 Синий", (3,))]
    assert Action.PLAY not in _actions(state, actor)
    for other in state.players:
        if other != actor:
            assert Action.COLOUR not in _actions(state, other)
    assert all(isinstance(a, ChooseColour) for a in legal_actions(state, actor) if not isinstance(a, Catch))


def test_swap_targets_are_the_other_seats() -> None:
    state, actor = scenario_and_actor("choose_swap")
    render = hand(hand_view(state, actor), "en")
    swaps = [(label, d.args[0]) for label, d in pressed(render) if d.action is Action.SWAP]
    expected = [i for i, player in enumerate(state.players) if player != actor]
    assert [seat for _, seat in swaps] == expected
    assert all(f"Player {state.players[seat]}" in label for label, seat in swaps)


def test_swap_targets_whose_names_begin_alike_are_told_apart() -> None:
    """Екатерина Смирнова and Екатерина Соколова read alike on the 7's swap buttons ("Екатерина" and the
    same initial), each of which has a row of its own: their names were cut to 12 characters, so the
    chooser could not tell whom they were picking. At the table's cut they read apart, as on the table."""
    state, actor = scenario_and_actor("choose_swap")
    others = [player for player in state.players if player != actor]
    names = dict(zip(others, ("Екатерина Смирнова", "Екатерина Соколова"), strict=False))
    seats = {player: Seat(player, names.get(player, f"Player {player}")) for player in state.players}
    render = hand(hand_view(state, actor, seats=seats), "ru")
    labels = [label for label, d in pressed(render) if d.action is Action.SWAP]
    assert {"Екатерина Смирн…", "Екатерина Сокол…"} <= {_swap_target(label) for label in labels}, labels


def _swap_target(label: str) -> str:
    """The name a 7's swap button reads, without its arrow and the count after it: "🔀 Bob (7)" is "Bob"."""
    found = re.fullmatch(r"🔀 (.+) \(\d+\)", label)
    assert found is not None, label
    return found[1]


def _twelve_each(state: GameState, players: list[int]) -> GameState:
    """`state` with these players holding 12 cards each: a count of two digits, the widest label."""
    state = state.clone()
    for player in players:
        while len(state.hands[player]) < 12:
            state.hands[player].append(state.draw_pile.pop())
    return state


@pytest.mark.parametrize("lang", LANGS)
def test_swap_targets_are_named_as_the_table_names_them(lang: str) -> None:
    """(helper-592's read of a ten-player house match) The swap buttons cut a name to the row's room, not
    at the table's width: Zoë pressed "🔀 Alexandrina Konstantin… (1)" and her hand read a second later "You
    swapped hands with Alexandrina Kon…", as the table's row and recent line did; two names that differ only
    past the table's cut were marked among the targets alone, so the second Alexandra, "Alexandra Kon… ²" on
    the table, read "Alexandra Konstantino…" unmarked on the first one's buttons. Each button now names its
    target as the table does, its mark too."""
    state, actor = scenario_and_actor("choose_swap")
    first, second, *_ = [player for player in state.players if player != actor]
    state = _twelve_each(state, [first, second])
    names = {first: "Alexandra Konstantinovna", second: "Alexandra Konstantinovka"}
    seats = {player: Seat(player, names.get(player, f"Player {player}")) for player in state.players}
    for chooser in (actor, first):
        state.turn = state.decider = chooser
        render = hand(hand_view(state, chooser, seats=seats), lang)
        swaps = {state.players[d.args[0]]: label for label, d in pressed(render) if d.action is Action.SWAP}
        assert swaps[second] == "🔀 Alexandra Kon… ² (12)", swaps
        if chooser == actor:
            assert swaps[first] == "🔀 Alexandra Konst… (12)", swaps
        table_rows = spaced(table(view(state, seats=seats), lang).text)
        assert f"▫️ {_swap_target(swaps[second])}: 12 " in table_rows, table_rows
    seats[actor], seats[first] = Seat(actor, "Alex"), Seat(first, "Alex", twin=2)  # the chooser is Alex
    state.turn = state.decider = actor
    render = hand(hand_view(state, actor, seats=seats), lang)
    assert "🔀 Alex ² (12)" in [label for label, d in pressed(render) if d.action is Action.SWAP]


@pytest.mark.parametrize("lang", LANGS)
def test_two_pairs_of_twins_cut_alike_read_one_mark_each_on_the_swap_buttons(lang: str) -> None:
    """Two Alexandra Konstantinovnas and two Alexandra Konstantinovkas: the table marks each second one,
    and cut to the table's width all four read alike. The first Konstantinovka was marked "²" as the second
    Konstantinovna is (two buttons of one label) and the second one "… ² ²" (two marks): each is now told
    apart by one mark of its own, the table's."""
    swap = next(
        s
        for s, _ in random_match(RULE_SETS["house"], seed=2, players=5, steps=2000)
        if s.pending is Pending.CHOOSE_SWAP
    )
    actor = swap.actor
    assert actor is not None
    others = [player for player in swap.players if player != actor]
    state = _twelve_each(swap, others)
    names = ("Alexandra Konstantinovna",) * 2 + ("Alexandra Konstantinovka",) * 2
    twins = (
        Seat(player, name, twin=2 * (at % 2))
        for at, (player, name) in enumerate(zip(others, names, strict=True))
    )
    seats = {actor: Seat(actor, "Alex")} | {seat.user_id: seat for seat in twins}
    render = hand(hand_view(state, actor, seats=seats), lang)
    labels = [label for label, d in pressed(render) if d.action is Action.SWAP]
    assert labels == [
        "🔀 Alexandra Konst… (12)",
        "🔀 Alexandra Kon… ² (12)",
        "🔀 Alexandra Kon… ³ (12)",
        "🔀 Alexandra Kon… ⁴ (12)",
    ], labels


def test_penalty_offers_challenge_and_accept_with_the_count() -> None:
    state, actor = scenario_and_actor("penalty_challenge")
    render = hand(hand_view(state, actor), "en")
    labels = {d.action: label for label, d in pressed(render)}
    assert Action.CHALLENGE in labels and spaced(labels[Action.ACCEPT]) == f"Take {state.penalty} cards"
    assert Action.DRAW not in labels
    assert "challenge" in render.text
    stacked, stack_actor = scenario_and_actor("penalty_stack")
    assert Action.ACCEPT in _actions(stacked, stack_actor)


def test_cover_duty_offers_covering_cards() -> None:
    state, actor = scenario_and_actor("cover")
    render = hand(hand_view(state, actor), "en")
    assert "Cover the 8" in render.text
    plays = [d for _, d in pressed(render) if d.action is Action.PLAY]
    assert bool(plays) != (Action.DRAW in _actions(state, actor))


def test_uno_button_with_two_cards_on_your_turn_and_while_catchable() -> None:
    state, actor = scenario_and_actor("uno_two_cards")
    assert Action.UNO in _actions(state, actor)
    window = scenarios()["catch_window"].state
    for player in window.catchable:
        assert Action.UNO in _actions(window, player)
        assert "Press “UNO!” now" in hand(hand_view(window, player), "en").text


def test_jump_in_cards_stand_out_out_of_turn() -> None:
    state = scenarios()["jump_in"].state
    jumpers = [
        p
        for p in state.players
        if p != state.actor and any(isinstance(a, Play) for a in legal_actions(state, p))
    ]
    render = hand(hand_view(state, jumpers[0]), "en")
    plays = [(label, d.args) for label, d in pressed(render) if d.action is Action.PLAY]
    assert plays and all(label.startswith(JUMP_IN_MARK) for label, _ in plays)
    assert "⚡ Jump in with an identical card!" in render.text


def test_challenge_during_a_turn() -> None:
    """Its prompt offers only a play or a draw, so the hint offers the challenge itself (under a penalty's
    "...or challenge the card." it does not say so twice)."""
    state, actor = scenario_and_actor("challenge_in_turn")
    assert Action.CHALLENGE in _actions(state, actor)
    lines = hand(hand_view(state, actor), "en").text.splitlines()
    assert any(line.startswith("⚖️ You can challenge the card. If ") for line in lines), lines


def test_multi_play_starts_a_selection_and_plays_it_in_order() -> None:
    state, actor = scenario_and_actor("multi_play")
    render = hand(hand_view(state, actor), "en")
    starts = [(label, d.args) for label, d in pressed(render) if d.action is Action.SELECT]
    assert starts and all(label.startswith(PLAYABLE_MARK) for label, _ in starts)
    assert "The last one sets the colour." in render.text
    first = starts[0][1][0]
    number = state.card(first).number
    others = [c for c in state.hands[actor] if c != first and state.card(c).number == number]
    cards = (first, *reversed(others))
    selected = hand(hand_view(state, actor, selection=cards), "en")
    plays = {d.args for label, d in pressed(selected) if label.startswith("Play ")}
    assert plays == {cards}
    marked = [label for label, _ in pressed(selected) if label.startswith(PLACE_MARKS)]
    assert sorted(marked) == sorted(
        f"{PLACE_MARKS[place]} {card_label(state.card(c), 'en')}" for place, c in enumerate(cards)
    )
    assert " → ".join(card_label(state.card(c), "en") for c in cards) in selected.text
    assert Action.REFRESH in [d.action for _, d in pressed(selected)]
    russian = hand(hand_view(state, actor, selection=cards), "ru")
    labels = [spaced(label) for label, _ in pressed(russian)]
    assert "Выбрано: " in russian.text and f"Сыграть {len(cards)} карты" in labels
    partial = hand(hand_view(state, actor, selection=cards[:1]), "en")
    adds = {d.args for _, d in pressed(partial) if d.action is Action.SELECT}
    assert adds == {(first, other) for other in others}
    assert {d.args for label, d in pressed(partial) if label.startswith("Play ")} == {(first,)}
    mixed = (cards[0], next(c for c in state.hands[actor] if state.card(c).number != number))
    unplayable = hand(hand_view(state, actor, selection=mixed), "en")
    assert not [label for label, _ in pressed(unplayable) if label.startswith(("Play ", *PLACE_MARKS))]


def test_no_moves_between_rounds_and_no_keyboard_after_the_match() -> None:
    state = scenarios()["next_round"].state
    for player in state.players:
        assert set(_actions(state, player)) <= {Action.REFRESH, Action.PAGE, Action.TRY}
    over = scenarios()["match_over"].state
    for player in over.players:
        render = hand(hand_view(over, player), "en")
        assert render.reply_markup is None
        left = [card_label(over.card(c), "en") for c in over.hands[player]]
        assert ("Your cards left: " in render.text) == bool(left)
        assert all(label in spaced(render.text) for label in left)


def _huge_hand(cards: int) -> GameState:
    state = scenarios()["play"].state.clone()
    actor = state.actor
    assert actor is not None
    moved = state.draw_pile[:cards]
    state.draw_pile = state.draw_pile[cards:]
    state.hands[actor] = state.hands[actor] + moved
    return state


@pytest.mark.parametrize("lang", LANGS)
def test_pagination_shows_every_card_once_in_order(lang: str) -> None:
    state = _huge_hand(80)
    actor = state.actor
    assert actor is not None
    pages = hand_pages(state, actor, lang)
    size = len(state.hands[actor])
    assert len(pages) == -(-size // PAGE_SIZE) > 1
    shown: list[int] = []
    deck = state.deck
    by_label: dict[str, list[int]] = {}
    for cid in state.hands[actor]:
        by_label.setdefault(card_label(deck[cid], lang), []).append(cid)
    for number, page in enumerate(pages):
        assert f"{number + 1}/{len(pages)}" in page.text
        labels = [
            label.removeprefix(PLAYABLE_MARK + " ")
            for label, d in pressed(page)
            if d.action in (Action.PLAY, Action.TRY)
        ]
        assert len(labels) <= PAGE_SIZE
        for label in labels:
            shown.append(by_label[label].pop(0))
        back = [d.args[0] for _, d in pressed(page) if d.action is Action.PAGE and d.args[0] < number]
        assert back == ([number - 1] if number else [])
    assert sorted(shown) == sorted(state.hands[actor])
    assert [sort_key(deck[c])[:3] for c in shown] == sorted(sort_key(deck[c])[:3] for c in shown)


def test_a_page_out_of_range_shows_the_last_page() -> None:
    state = _huge_hand(80)
    assert state.actor is not None
    last = hand_pages(state, state.actor, "en")[-1]
    beyond = hand(hand_view(state, state.actor, page=99), "en")
    assert beyond.text == last.text


@pytest.mark.parametrize("lang", LANGS)
def test_ten_players_long_names_and_a_huge_hand_fit(lang: str) -> None:
    swap = next(
        s
        for s, _ in random_match(RULE_SETS["house"], seed=2, players=10, steps=2000)
        if s.pending is Pending.CHOOSE_SWAP
    )
    state = swap.clone()
    actor = state.actor
    assert actor is not None and len(state.players) == 10
    state.hands[actor] = state.hands[actor] + state.draw_pile
    state.draw_pile = []
    seats = {p: Seat(p, '<b>&"' * 25) for p in state.players}
    revealed = tuple(state.hands[actor])
    pages = hand_pages(state, actor, lang, seats=seats, revealed=revealed, chat_title="<i>" * 40)
    assert len(pages) == -(-len(state.hands[actor]) // PAGE_SIZE) >= 2
    swaps = [d.args[0] for _, d in pressed(pages[0]) if d.action is Action.SWAP]
    assert len(swaps) == 9
    for other in state.players:
        check_render(hand(hand_view(state, other, seats=seats), lang))


def test_pages_tell_how_many_playable_cards_are_elsewhere() -> None:
    state = _huge_hand(80)
    actor = state.actor
    assert actor is not None
    pages = hand_pages(state, actor, "en")
    playable_per_page = [sum(d.action is Action.PLAY for _, d in pressed(page)) for page in pages]
    total = sum(playable_per_page)
    assert total > 0
    for page, here in zip(pages, playable_per_page, strict=True):
        elsewhere = total - here
        assert (f"▶ on other pages: {elsewhere}" in page.text) == (elsewhere > 0)


def test_scenarios_cover_every_pending_kind() -> None:
    assert {scenario.state.pending for scenario in scenarios().values()} == set(Pending)


@pytest.mark.parametrize("name", sorted(scenarios()))
def test_buttons_are_the_same_in_both_languages(name: str) -> None:
    state = scenarios()[name].state
    for player in state.players:
        english, russian = (
            [data for _, data in pressed(hand(hand_view(state, player), lang))] for lang in LANGS
        )
        assert english == russian


def test_a_hand_choosing_whom_to_swap_with_is_redrawn_when_a_hand_size_changes() -> None:
    """The swap buttons say how many cards each player holds: a catch while the 7's player chooses grows
    one of them, and the buttons must not keep the old count."""
    swap = next(
        s
        for s, _ in random_match(RULE_SETS["house"], seed=2, players=4, steps=2000)
        if s.pending is Pending.CHOOSE_SWAP
    )
    actor = swap.actor
    assert actor is not None
    other = next(p for p in swap.players if p != actor)
    caught = swap.clone()
    caught.hands[other] = caught.hands[other] + caught.draw_pile[:2]
    caught.draw_pile = caught.draw_pile[2:]

    assert hand_signature(caught, actor) != hand_signature(swap, actor)
    label = f"({len(caught.hands[other])})"
    assert any(label in text for text, _ in pressed(hand_pages(caught, actor, "en")[0]))


def test_a_card_shown_without_a_mark_is_one_the_engine_refuses() -> None:
    """Such a card's button (TRY) is pressed only to learn why it can't be played: the engine's refusal."""
    tried = 0
    for state in all_states():
        for player in state.players:
            for page in hand_pages(state, player, "en"):
                for label, data in pressed(page):
                    if data.action is not Action.TRY:
                        continue
                    tried += 1
                    assert PLAYABLE_MARK not in label and JUMP_IN_MARK not in label
                    with pytest.raises(IllegalAction):
                        apply(state, Play(player, data.args[0], state.clock))
    assert tried > 0
