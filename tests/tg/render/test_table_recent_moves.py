"""What the group reads in the table's recent moves after moves played on the engine, each in a press of
its own as in play: a turn that ran out of time, a player's own draw, a card that does something at once, and
cards nobody takes as their player left."""

from collections.abc import Callable
from typing import NamedTuple

import pytest

from bot.engine.actions import Action as Move
from bot.engine.actions import Catch, Challenge, ChooseColour, Draw, Leave, Pass, Play, Timeout, TimeoutKind
from bot.engine.cards import Colour
from bot.engine.game import apply
from bot.engine.rules import DrawRule, JumpIn, Rules
from bot.engine.state import GameState
from bot.service.document import GameDocument
from bot.service.recent_moves import told
from bot.tg.render import Seat, table
from tests.engine.helpers import act, card_id, given
from tests.narrow_phone import spaced
from tests.tg.render.buttons import SEATS
from tests.tg.render.table_views import view


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
        text = spaced(table(view(state, tuple(told(events + timed_out))), lang).text)
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
    # (session 61's reading, Russian Extreme) the chain's line goes once its next player draws and passes,
    # with no word of the chain: none is owed, each link's cards were told taken as it was played
    "an extreme draw chain its next player ends by drawing": OwnDraw(
        given(
            {1: "R+2 G1", 2: "B9 B1", 3: "G5 G6", 4: "Y1 Y2"},
            "R3",
            draw="R9",
            rules=Rules(extreme_draw_chain=True),
        ),
        lambda state: [Play(1, card_id(state, 1, "R+2"), 100), Draw(3, 200), Pass(3, 300)],
        [
            "Player 1 plays 🟥 +2.",
            "Player 2 takes 2 cards as a penalty and misses a turn.",
            "Player 3 draws 1 card and passes.",
        ],
        [
            "Player 1 играет 🟥 +2.",
            "Player 2 берёт штраф (2 карты) и пропускает ход.",
            "Player 3 берёт 1 карту и пасует.",
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
        text = spaced(table(view(state, doc.recent), lang).text)
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
        text = spaced(table(view(state, doc.recent), lang).text)
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
        text = spaced(table(view(state, doc.recent, seats), lang).text)
        assert text.split("\n\n")[-1].splitlines()[-len(said) :] == [f"• {line}" for line in said]
