import dataclasses
import typing
from enum import Enum

import pytest

from bot.engine import apply
from bot.engine import events as ev
from bot.engine.actions import Challenge, ChooseColour, Leave, Play, TimeoutKind
from bot.engine.cards import Colour, Kind
from bot.engine.decks import DeckName, deck_cards
from bot.engine.events import EVENT_TYPES, Event
from bot.engine.rules import Rules, Stacking
from bot.service.recent_moves import in_lines, told
from bot.tg.render import Seat
from bot.tg.render.cards import card_label
from bot.tg.render.narration import NARRATORS, line_of
from bot.tg.render.narrator import Narrator
from tests.engine.helpers import act, card_id, given
from tests.heavy_names import heaviest_allowed
from tests.tg.render.checks import check_text
from tests.tg.render.games import RULE_SETS, random_match
from tests.tg.render.narrating import narrate, narrate_line

SEATS = {1: Seat(1, "Ann"), 2: Seat(2, "<Bob>"), 3: Seat(-3, "Robo", is_computer=True)}
SILENT = {
    ev.CatchWindowClosed,
    ev.DealerChosen,
    ev.Slapped,
}  # the round's first line names the dealer; the slap window who is still to slap


def _sample_value(hint: object) -> object:
    origin = typing.get_origin(hint)
    if hint is int:
        return 2
    if hint is bool:
        return True
    if origin is tuple:
        return (1, 2, 3)
    if origin is dict:
        return {1: 0, 2: 25, 3: 40}
    if isinstance(hint, type) and issubclass(hint, Enum):
        return next(iter(hint))
    raise AssertionError(f"no sample for {hint}")


def sample(kind: type[Event]) -> Event:
    """An instance of any event type, built from its field types (so new event types need no test change)."""
    hints = typing.get_type_hints(kind)
    values = {field.name: _sample_value(hints[field.name]) for field in dataclasses.fields(kind)}
    return kind(**values)


def test_every_event_type_has_a_narrator() -> None:
    assert set(EVENT_TYPES) <= set(NARRATORS)


@pytest.mark.parametrize("kind", EVENT_TYPES, ids=lambda kind: kind.__name__)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_event_narrates_in_both_languages(kind: type[Event], lang: str) -> None:
    line = narrate(sample(kind), SEATS, lang)
    if kind in SILENT:
        assert line is None
        return
    assert line is not None and "\n" not in line
    check_text(line)
    assert "&lt;Bob&gt;" in line or "<Bob>" not in line


@pytest.mark.parametrize("kind", sorted(SILENT, key=str), ids=lambda kind: kind.__name__)
def test_what_prints_nothing_is_not_kept_for_the_table(kind: type[Event]) -> None:
    """An event with no line took one of the table's recent lines for nothing (the catch window closing)."""
    assert told([sample(kind)]) == []


def test_events_of_real_matches_narrate() -> None:
    seen: set[type[Event]] = set()
    for rules in RULE_SETS.values():
        for _, events in random_match(rules, seed=3, players=4, steps=300):
            for event in events:
                seen.add(type(event))
                for lang in ("en", "ru"):
                    line = narrate(event, SEATS, lang, rules.deck)
                    assert line is None or check_text(line)
    assert len(seen) > 20


def test_drawn_cards_are_private() -> None:
    cards = (40, 41, 42)
    deck = deck_cards(DeckName.CLASSIC)
    for lang, expected in (("en", "draws 3 cards"), ("ru", "берёт 3 карты")):
        line = narrate(ev.CardsDrawn(1, 3, cards, ev.DrawReason.TURN), SEATS, lang)
        assert line is not None and expected in line
        assert not any(card_label(deck[c], lang) in line for c in cards)


def test_challenged_hand_is_never_narrated() -> None:
    deck = deck_cards(DeckName.CLASSIC)
    hand = (5, 60, 100)
    for guilty in (True, False):
        line = narrate(ev.Challenged(1, 2, guilty, hand), SEATS, "en")
        assert line is not None and ("bluff" if guilty else "fair") in line
        assert not any(card_label(deck[c], "en") in line for c in hand)


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (1, "берёт 1 карту"),
        (2, "берёт 2 карты"),
        (4, "берёт 4 карты"),
        (5, "берёт 5 карт"),
        (11, "берёт 11 карт"),
        (21, "берёт 21 карту"),
    ],
)
def test_russian_plurals_in_accusative(count: int, expected: str) -> None:
    line = narrate(ev.CardsDrawn(1, count, (), ev.DrawReason.UNO), SEATS, "ru")
    assert line is not None and expected in line


@pytest.mark.parametrize(
    ("lang", "count", "said"),
    [
        ("en", 4, "Ann takes 4 cards as a penalty."),
        ("ru", 4, "Ann берёт штраф: 4 карты."),
        ("ru", 1, "Ann берёт штраф: 1 карта."),
    ],
)
def test_a_penalty_is_named_as_on_the_table(lang: str, count: int, said: str) -> None:
    """The Russian catalogue calls it «штраф» («Штраф игроку Bob: 4 карты»,
    «Сначала возьмите штраф»)."""
    assert narrate(ev.CardsDrawn(1, count, (), ev.DrawReason.PENALTY), SEATS, lang) == said


def test_english_plurals() -> None:
    assert "draws 1 card." in str(narrate(ev.CardsDrawn(1, 1, (7,), ev.DrawReason.TURN), SEATS, "en"))
    assert narrate(ev.Caught(1, 2), SEATS, "en") == "🎯 Ann catches &lt;Bob&gt; without UNO!"
    uno = narrate(ev.CardsDrawn(2, 2, (), ev.DrawReason.UNO), SEATS, "en")
    assert uno == "&lt;Bob&gt; takes 2 cards for not calling “UNO!”."  # the call is named as everywhere


def test_extra_cards_are_named_with_the_matchs_deck() -> None:
    creeper = next(c.id for c in deck_cards(DeckName.MINECRAFT) if c.kind.value == "creeper")
    line = narrate(ev.CardPlayed(1, creeper), SEATS, "en", DeckName.MINECRAFT)
    assert line == "Ann plays 🧨 Creeper."
    assert narrate(ev.ColourChosen(2, Colour.GREEN), SEATS, "ru") == "&lt;Bob&gt; выбирает цвет: 🟩 зелёный."


def test_the_colour_set_for_a_player_who_left_is_not_said_to_be_their_choice() -> None:
    assert (
        narrate(ev.ColourChosen(2, Colour.BLUE, for_leaver=True), SEATS, "en") == "The colour is now 🟦 blue."
    )
    assert narrate(ev.ColourChosen(2, Colour.BLUE, for_leaver=True), SEATS, "ru") == "Теперь цвет: 🟦 синий."


def _first(kind: Kind, deck: DeckName) -> int:
    return next(c.id for c in deck_cards(deck) if c.kind is kind)


# The black cards whose names are words: Russian declines them where the card is the object of the verb.
NAMED_CARDS = [
    (Kind.WILD, DeckName.CLASSIC, "🌈 Дикую", "🌈 Wild"),
    (Kind.BLANK, DeckName.CLASSIC_BLANK, "⬜ Пустую", "⬜ Blank"),
    (Kind.CREEPER, DeckName.MINECRAFT, "🧨 Крипера", "🧨 Creeper"),
]


@pytest.mark.parametrize(
    ("kind", "deck", "russian", "english"), NAMED_CARDS, ids=["wild", "blank", "creeper"]
)
def test_a_card_that_is_the_object_is_declined_in_russian(
    kind: Kind, deck: DeckName, russian: str, english: str
) -> None:
    card = _first(kind, deck)
    objects = [ev.CardPlayed(1, card), ev.CardReturned(1, card), ev.DealerDraw(1, card, 1)]
    for event in objects:
        assert f" {russian}" in str(narrate(event, SEATS, "ru", deck)), event
        assert f" {english}" in str(narrate(event, SEATS, "en", deck)), event
    # Where the card names itself (the subject, a label after "первая карта"), it stays as it is.
    returned = narrate(ev.StartCardReturned(card), SEATS, "ru", deck)
    assert str(returned).startswith(card_label(deck_cards(deck)[card], "ru") + " возвращается")


@pytest.mark.parametrize(
    ("seat", "afk", "lang", "said"),
    [
        (Seat(2, "Bob"), False, "en", "Bob leaves the game."),
        (Seat(2, "Bob", kicked=True), False, "en", "Bob is removed from the game."),
        (Seat(2, "Bob", left_group=True), False, "en", "Bob leaves the group, and the game."),
        (Seat(2, "Bob", left_group=True), False, "ru", "Bob покидает группу, а значит, и игру."),  # noqa: RUF001
        # a deleted account: its name blanked (bot.tg.player_reach), before it left or after
        (
            Seat(2, ""),
            False,
            "en",
            "A player's account was deleted: they leave the game.",
        ),
        (
            Seat(2, ""),
            False,
            "ru",
            "Аккаунта одного из игроков больше нет в Telegram: игрок выходит из игры.",
        ),
        (Seat(2, "Bob"), True, "en", "Bob ran out of time on too many turns in a row and leaves the game."),
        (
            Seat(2, "Bob"),
            True,
            "ru",
            "Bob не успевает сделать ход слишком много раз подряд и выбывает из игры.",
        ),
    ],
)
def test_leaving_kicked_and_removed_for_missed_turns_read_apart(
    seat: Seat, afk: bool, lang: str, said: str
) -> None:
    """(found by a play-through audit, 2026-12-02) the group was told "Bob was removed from the game" and
    the table's log then said "Bob leaves the game". A removal for timeouts says the time ran out, as the
    hand does: "missed too many turns" («слишком много пропущенных ходов») read as turns a Skip or +2 took,
    which do not count."""
    assert narrate(ev.PlayerLeft(2, afk=afk), {**SEATS, 2: seat}, lang, DeckName.CLASSIC) == said


@pytest.mark.parametrize(
    ("by", "lang", "said"),
    [
        (1, "en", "Ann removes Bob from the game."),
        (1, "ru", "Игрока Bob убрал из игры игрок Ann."),
        (98, "en", "Eve, a chat admin, removes Bob from the game."),
        (98, "ru", "Игрока Bob убрал из игры администратор чата Eve."),
        # an admin whose name the game did not keep: an anonymous one (who posts as the group)
        (99, "en", "A chat admin removes Bob from the game."),
        (99, "ru", "Игрока Bob убрал из игры администратор чата."),
    ],
)
def test_a_kick_names_who_removed_the_player_as_the_groups_notice_does(by: int, lang: str, said: str) -> None:
    """(session 61) A kick noted while the match was paused (its topic closed, its group muted) is told to
    the group by the table alone once it goes on, which said "Bob is removed from the game." whoever did
    it, where the notice of a kick names them: a player of the match, a chat admin outside it by the name
    the game kept (98: Eve), an anonymous admin by none."""
    seats = {**SEATS, 2: Seat(2, "Bob", kicked=True, kicked_by=by)}
    narrator = Narrator(seats, lang, DeckName.CLASSIC, {98: "Eve"})
    assert line_of(narrator, [ev.PlayerLeft(2)]) == said


@pytest.mark.parametrize(
    ("seat", "lang", "said"),
    [
        (Seat(2, "Bob"), "en", "The penalty for Bob (4 cards) is void: nobody takes it."),
        # a deleted account: its name blanked, while it played or once it was removed for missed turns
        (
            Seat(2, ""),
            "en",
            "The deleted account's penalty (4 cards) is void: nobody takes it.",
        ),
        (
            Seat(2, ""),
            "ru",
            "Штраф игрока с удалённым аккаунтом (4 карты) сгорает: его никто не берёт.",  # noqa: RUF001
        ),
    ],
    ids=["a name", "deleted, en", "deleted, ru"],
)
def test_a_deleted_accounts_void_penalty_is_told_without_its_stand_in_name(
    seat: Seat, lang: str, said: str
) -> None:
    """(found in session 56) it read "Deleted account's penalty", «Штраф игрока Удалённый аккаунт»."""
    assert narrate(ev.PenaltyVoided(2, 4), {**SEATS, 2: seat}, lang, DeckName.CLASSIC) == said


@pytest.mark.parametrize(
    ("guilty", "lang", "said"),
    [
        (True, "en", "Ann challenges the deleted account's card: it was a bluff!"),
        (False, "en", "Ann challenges the deleted account's card: it was fair."),
        (True, "ru", "Ann оспаривает карту игрока с удалённым аккаунтом: это был блеф!"),  # noqa: RUF001
        (False, "ru", "Ann оспаривает карту игрока с удалённым аккаунтом: всё честно."),  # noqa: RUF001
    ],
)
def test_a_deleted_accounts_challenged_card_is_told_without_its_stand_in_name(
    guilty: bool, lang: str, said: str
) -> None:
    """(session 56 review) it read "Ann challenges Deleted account: it was a bluff!", «Ann оспаривает карту
    игрока Удалённый аккаунт»."""
    seats = {**SEATS, 2: Seat(2, "")}
    assert narrate(ev.Challenged(1, 2, guilty, ()), seats, lang, DeckName.CLASSIC) == said


@pytest.mark.parametrize(
    ("lang", "afk", "said"),
    [
        ("en", False, "Ann leaves the game. 🔑 &lt;Bob&gt; is now the host (/stop, /kick)."),
        ("ru", False, "Ann выходит из игры. 🔑 Теперь игру ведёт &lt;Bob&gt; (/stop, /kick)."),
        (
            "en",
            True,
            "Ann ran out of time on too many turns in a row and leaves the game. "
            "🔑 &lt;Bob&gt; is now the host (/stop, /kick).",
        ),
    ],
)
def test_who_runs_the_game_after_its_runner_left_is_told_with_their_leaving(
    lang: str, afk: bool, said: str
) -> None:
    seats = {**SEATS, 1: Seat(1, "Ann", handed_to=2)}
    assert narrate(ev.PlayerLeft(1, afk=afk), seats, lang, DeckName.CLASSIC) == said
    assert "🔑" not in str(narrate(ev.PlayerLeft(2), seats, lang, DeckName.CLASSIC))  # Bob ran nothing


@pytest.mark.parametrize(
    ("lang", "missed", "said"),
    [
        ("en", 1, "⏱ Ann ran out of time."),
        ("en", 2, "⏱ Ann ran out of time (2 turns in a row)."),
        ("ru", 1, "⏱ Ann не успевает сделать ход."),
        ("ru", 21, "⏱ Ann не успевает сделать ход уже 21 раз подряд."),
    ],
)
def test_a_turn_missed_again_is_counted_for_the_group(lang: str, missed: int, said: str) -> None:
    """Players missing turn after turn are removed at the afk limit: the group saw only "ran out of time"."""
    line = narrate(ev.TimedOut(1, TimeoutKind.TURN, missed), {1: Seat(1, "Ann")}, lang)
    assert line == said


def _read(events: list[Event], lang: str) -> list[str | None]:
    """The table's recent lines for `events`, as the group reads them."""
    return [narrate_line(line, {1: Seat(1, "Ann"), 2: Seat(2, "Bob")}, lang) for line in in_lines(events)]


def _drawn(count: int, reason: ev.DrawReason) -> ev.CardsDrawn:
    return ev.CardsDrawn(1, count, tuple(range(count)), reason)


TIMED_OUT_MOVES: dict[str, list[Event]] = {
    "drew and passed": [_drawn(1, ev.DrawReason.TURN), ev.Passed(1)],
    "drew, a Creeper follows": [_drawn(3, ev.DrawReason.TURN)],
    "penalty": [_drawn(2, ev.DrawReason.PENALTY), ev.Skipped(1)],
    "penalty, a Creeper follows": [_drawn(4, ev.DrawReason.PENALTY)],
    "passed": [ev.Passed(1)],
    "colour": [ev.ColourChosen(1, Colour.GREEN)],
    "swap": [ev.HandsSwapped(1, 2)],
}


TIMED_OUT_LINES = [
    (
        "drew and passed",
        1,
        "⏱ Ann ran out of time — draws 1 card and passes.",
        "⏱ Ann не успевает сделать ход — берёт 1 карту и пасует.",
    ),
    (
        "drew, a Creeper follows",
        1,
        "⏱ Ann ran out of time — draws 3 cards.",
        "⏱ Ann не успевает сделать ход — берёт 3 карты.",
    ),
    (
        "penalty",
        2,
        "⏱ Ann ran out of time (2 turns in a row) — takes 2 cards as a penalty and misses a turn.",
        "⏱ Ann не успевает сделать ход уже 2 раза подряд — берёт штраф (2 карты) и пропускает ход.",
    ),
    (
        "penalty, a Creeper follows",
        5,
        "⏱ Ann ran out of time (5 turns in a row) — takes 4 cards as a penalty.",
        "⏱ Ann не успевает сделать ход уже 5 раз подряд — берёт штраф (4 карты).",
    ),
    ("passed", 1, "⏱ Ann ran out of time and passes.", "⏱ Ann не успевает сделать ход и пасует."),
    (
        "passed",
        21,
        "⏱ Ann ran out of time (21 turns in a row) and passes.",
        "⏱ Ann не успевает сделать ход уже 21 раз подряд и пасует.",
    ),
    (
        "colour",
        1,
        "⏱ Ann ran out of time to choose a colour — the colour is now 🟩 green.",
        "⏱ Ann не успевает выбрать цвет — теперь цвет 🟩 зелёный.",
    ),
    (  # extreme_start: the dealer chooses the start card's colour, and may be away from the start
        "colour",
        2,
        "⏱ Ann ran out of time to choose a colour (2 times in a row) — the colour is now 🟩 green.",
        "⏱ Ann не успевает выбрать цвет (время вышло уже 2 раза подряд) — теперь цвет 🟩 зелёный.",
    ),
    (
        "swap",
        1,
        "⏱ Ann ran out of time to choose whom to swap hands with — swaps hands with Bob.",
        "⏱ Ann не успевает выбрать, с кем меняться — меняется картами с игроком Bob.",  # noqa: RUF001
    ),
]


@pytest.mark.parametrize(
    ("move", "missed", "english", "russian"),
    TIMED_OUT_LINES,
    ids=[f"{move}, {missed} missed" for move, missed, _, _ in TIMED_OUT_LINES],
)
def test_a_timed_out_turn_is_one_line_with_the_move_made_for_the_player(
    move: str, missed: int, english: str, russian: str
) -> None:
    """A missed turn took three of the table's five recent lines: "ran out of time", "draws 1 card",
    "passes"; a colour chosen for the player read as their own choice. (Session 50) The colour or the swap
    left to choose after the card played read as a missed turn: "Ann ran out of time — the colour is..."."""
    events = [ev.TimedOut(1, TimeoutKind.TURN, missed), *TIMED_OUT_MOVES[move]]
    assert _read(events, "en") == [english]
    assert _read(events, "ru") == [russian]


def test_a_timed_out_turn_with_no_card_left_to_draw_says_so_on_its_line() -> None:
    """(the recent moves audit, 2026-12-03) It was three lines: "⏱ Ann ran out of time.", "Ann takes no card:
    the cards have run out.", "Ann passes." (the pass read as her own)."""
    events: list[Event] = [ev.TimedOut(1, TimeoutKind.TURN), _drawn(0, ev.DrawReason.TURN), ev.Passed(1)]
    english = "⏱ Ann ran out of time — takes no card (the cards have run out) and passes."
    russian = "⏱ Ann не успевает сделать ход — ничего не берёт (карты кончились) и пасует."
    assert (_read(events, "en"), _read(events, "ru")) == ([english], [russian])


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "🤫 Ann breaks the silence: takes 4 cards."),
        ("ru", "🤫 Ann нарушает тишину: берёт 4 карты."),
    ],
)
def test_a_broken_silence_is_one_line_with_the_cards_it_cost(lang: str, said: str) -> None:
    assert _read([ev.SilenceBroken(1), _drawn(4, ev.DrawReason.SILENCE)], lang) == [said]


@pytest.mark.parametrize(
    ("count", "english", "russian"),
    [
        (1, "Ann draws 1 card and passes.", "Ann берёт 1 карту и пасует."),
        (3, "Ann draws 3 cards and passes.", "Ann берёт 3 карты и пасует."),
        (5, "Ann draws 5 cards and passes.", "Ann берёт 5 карт и пасует."),
    ],
)
def test_a_draw_and_the_pass_after_it_are_one_line(count: int, english: str, russian: str) -> None:
    """The commonest pair took two of the table's five lines: "Ann draws 1 card.", "Ann passes."."""
    events: list[Event] = [_drawn(count, ev.DrawReason.TURN), ev.Passed(1)]
    assert _read(events, "en") == [english]
    assert _read(events, "ru") == [russian]


@pytest.mark.parametrize(
    ("count", "english", "russian"),
    [
        (1, "Ann draws 1 card and plays 🟥 9.", "Ann берёт 1 карту и играет 🟥 9."),
        (3, "Ann draws 3 cards and plays 🟥 9.", "Ann берёт 3 карты и играет 🟥 9."),
    ],
)
def test_a_draw_and_the_drawn_card_played_are_one_line(count: int, english: str, russian: str) -> None:
    nine = next(card.id for card in deck_cards(DeckName.CLASSIC) if card.code == "R9")
    events: list[Event] = [_drawn(count, ev.DrawReason.TURN), ev.CardPlayed(1, nine)]
    assert _read(events, "en") == [english]
    assert _read(events, "ru") == [russian]


def _a_card(code: str) -> int:
    """The card of `code`: the classic cards are the H2O deck's first, so "D2" names its Downpour too."""
    return next(card.id for card in deck_cards(DeckName.H2O) if card.code == code)


@pytest.mark.parametrize(
    ("effects", "card", "english", "russian"),
    [
        (
            [ev.ColourChosen(1, Colour.BLUE)],
            "W",
            "Ann plays 🌈 Wild and chooses 🟦 blue.",
            "Ann играет 🌈 Дикую и выбирает цвет: 🟦 синий.",
        ),
        (
            [ev.DirectionChanged(-1)],
            "RR",
            "Ann plays 🟥 Reverse: the direction changes to ⬆️",
            "Ann играет 🟥 Разворот: направление меняется на ⬆️",
        ),
        (
            [ev.Skipped(2)],
            "RS",
            "Ann plays 🟥 Skip: Bob misses a turn.",
            "Ann играет 🟥 Пропуск: Bob пропускает ход.",
        ),
        (
            [ev.SilenceStarted(1)],
            "R7",
            "🤫 Ann plays 🟥 7: silence in the chat!",
            "🤫 Ann играет 🟥 7: в чате тишина!",
        ),
        (
            [ev.HandsSwapped(1, 3)],
            "R7",
            "Ann plays 🟥 7 and swaps hands with Cleo.",
            "Ann играет 🟥 7 и меняется картами с игроком Cleo.",  # noqa: RUF001
        ),
        (
            [ev.HandsRotated(1)],
            "R0",
            "Ann plays 🟥 0: every hand passes on ⬇️",
            "Ann играет 🟥 0: все передают карты дальше ⬇️",
        ),
        (
            [ev.Downpour(1, 2)],
            "D2",
            "Ann plays 🌧 +2: everyone else takes 2 cards.",
            "Ann играет 🌧 +2: все остальные берут 2 карты.",
        ),
        (
            [ev.Skipped(2), ev.Skipped(3)],
            "RS",
            "Ann plays 🟥 Skip: Bob and Cleo miss a turn.",
            "Ann играет 🟥 Пропуск: Bob и Cleo пропускают ход.",
        ),
    ],
)
def test_a_card_and_what_it_does_at_once_are_one_line(
    effects: list[Event], card: str, english: str, russian: str
) -> None:
    events: list[Event] = [ev.CardPlayed(1, _a_card(card)), *effects]
    seats = {1: Seat(1, "Ann"), 2: Seat(2, "Bob"), 3: Seat(3, "Cleo")}
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, seats, lang, DeckName.H2O) for line in in_lines(events)] == [said]


def test_a_colour_the_turn_timer_chose_is_not_told_as_the_players_choice() -> None:
    """Their turn ran out and the game played a Wild for them: the colour they hold most is the game's."""
    chosen = ev.ColourChosen(1, Colour.RED, for_timeout=True)
    assert narrate(chosen, {1: Seat(1, "Ann")}, "en") == "The colour is now 🟥 red."
    assert narrate(chosen, {1: Seat(1, "Ann")}, "ru") == "Теперь цвет: 🟥 красный."


def test_a_creeper_and_its_cards_are_one_line() -> None:
    events: list[Event] = [ev.CreeperRevealed(1, 0), _drawn(3, ev.DrawReason.CREEPER)]
    assert _read(events, "en") == ["🧨 Ann draws a Creeper and takes 3 cards more."]
    assert _read(events, "ru") == ["🧨 Ann вытягивает Крипера и берёт ещё 3 карты."]


SEATS_OF_THREE = {1: Seat(1, "Ann"), 2: Seat(2, "Bob"), 3: Seat(3, "Cleo")}


@pytest.mark.parametrize(
    ("effects", "card", "english", "russian"),
    [
        (
            [ev.ColourChosen(1, Colour.BLUE)],
            "W",
            "Ann draws 1 card, plays 🌈 Wild and chooses 🟦 blue.",
            "Ann берёт 1 карту, играет 🌈 Дикую и выбирает цвет: 🟦 синий.",
        ),
        (
            [ev.DirectionChanged(-1)],
            "RR",
            "Ann draws 1 card and plays 🟥 Reverse: the direction changes to ⬆️",
            "Ann берёт 1 карту и играет 🟥 Разворот: направление меняется на ⬆️",
        ),
        (
            [ev.Skipped(2), ev.Skipped(3)],
            "RS",
            "Ann draws 1 card and plays 🟥 Skip: Bob and Cleo miss a turn.",
            "Ann берёт 1 карту и играет 🟥 Пропуск: Bob и Cleo пропускают ход.",
        ),
        (
            [ev.SilenceStarted(1)],
            "R7",
            "🤫 Ann draws 1 card and plays 🟥 7: silence in the chat!",
            "🤫 Ann берёт 1 карту и играет 🟥 7: в чате тишина!",
        ),
        (
            [ev.HandsSwapped(1, 3)],
            "R7",
            "Ann draws 1 card, plays 🟥 7 and swaps hands with Cleo.",
            "Ann берёт 1 карту, играет 🟥 7 и меняется картами с игроком Cleo.",  # noqa: RUF001
        ),
        (
            [ev.HandsRotated(1)],
            "R0",
            "Ann draws 1 card and plays 🟥 0: every hand passes on ⬇️",
            "Ann берёт 1 карту и играет 🟥 0: все передают карты дальше ⬇️",
        ),
        (
            [ev.Downpour(1, 2)],
            "D2",
            "Ann draws 1 card and plays 🌧 +2: everyone else takes 2 cards.",
            "Ann берёт 1 карту и играет 🌧 +2: все остальные берут 2 карты.",
        ),
        (
            [ev.Downpour(1, 1), ev.ColourChosen(1, Colour.GREEN)],
            "D1",
            "Ann draws 1 card and plays 🌧 +1: everyone else takes 1 card, and Ann chooses 🟩 green.",
            "Ann берёт 1 карту и играет 🌧 +1: все остальные берут 1 карту, а Ann выбирает 🟩 зелёный цвет.",  # noqa: RUF001
        ),
    ],
    ids=["colour", "reverse", "skips", "silence", "swap", "rotation", "downpour", "downpour colour"],
)
def test_a_card_drawn_played_and_what_it_does_at_once_are_one_line(
    effects: list[Event], card: str, english: str, russian: str
) -> None:
    """ "Ann draws 1 card and plays 🌈 Wild.", "Ann chooses 🟦 blue.": a card drawn and played at once is told
    with what it did, as a card played from the hand is."""
    events: list[Event] = [_drawn(1, ev.DrawReason.TURN), ev.CardPlayed(1, _a_card(card)), *effects]
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang, DeckName.H2O) for line in in_lines(events)] == [said]


@pytest.mark.parametrize(
    ("before", "jump_in", "english", "russian"),
    [
        (
            [],
            False,
            "Ann calls UNO! and plays 🟥 Reverse: the direction changes to ⬆️",
            "Ann кричит «УНО!» и играет 🟥 Разворот: направление меняется на ⬆️",  # noqa: RUF001
        ),
        (
            [],
            True,
            "⚡ Ann calls UNO! and jumps in with 🟥 Reverse: the direction changes to ⬆️",
            "⚡ Ann кричит «УНО!» и вмешивается 🟥 Разворотом: направление меняется на ⬆️",  # noqa: RUF001
        ),
        (
            [_drawn(1, ev.DrawReason.TURN)],
            False,
            "Ann draws 1 card, calls UNO! and plays 🟥 Reverse: the direction changes to ⬆️",
            "Ann берёт 1 карту, кричит «УНО!» и играет 🟥 Разворот: направление меняется на ⬆️",  # noqa: RUF001
        ),
    ],
    ids=["called", "jumped in", "drew and called"],
)
def test_a_reverse_after_an_uno_call_says_and_once(
    before: list[Event], jump_in: bool, english: str, russian: str
) -> None:
    """(session 52, a layout audit) «…и играет 🟨 Разворот, и направление меняется» said «и» twice after a
    draw or an UNO! call (and English "and" so): the direction the Reverse turned follows a dash."""
    events: list[Event] = [*before, ev.UnoCalled(1), ev.CardPlayed(1, _a_card("RR"), jump_in=jump_in)]
    events.append(ev.DirectionChanged(-1))
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang, DeckName.H2O) for line in in_lines(events)] == [said]


@pytest.mark.parametrize(
    ("chosen", "english", "russian"),
    [
        (
            ev.ColourChosen(1, Colour.BLUE),
            ["Ann plays 🌧 +2: everyone else takes 2 cards, and Ann chooses 🟦 blue."],
            ["Ann играет 🌧 +2: все остальные берут 2 карты, а Ann выбирает 🟦 синий цвет."],  # noqa: RUF001
        ),
        (
            ev.ColourChosen(1, Colour.BLUE, for_timeout=True),  # the turn timer's, not Ann's
            ["Ann plays 🌧 +2: everyone else takes 2 cards.", "The colour is now 🟦 blue."],
            ["Ann играет 🌧 +2: все остальные берут 2 карты.", "Теперь цвет: 🟦 синий."],
        ),
    ],
    ids=["chosen", "set by the turn timer"],
)
def test_a_downpours_colour_is_told_on_its_line(
    chosen: ev.ColourChosen, english: list[str], russian: list[str]
) -> None:
    """(session 50) It read "🌧 Downpour from Ann", the only card played whose line did not name it."""
    events: list[Event] = [ev.CardPlayed(1, _a_card("D2")), ev.Downpour(1, 2), chosen]
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang, DeckName.H2O) for line in in_lines(events)] == said


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("after", [[], [ev.ColourChosen(1, Colour.BLUE)]], ids=["plain", "colour chosen"])
def test_a_downpours_line_shows_its_icon_once(lang: str, after: list[Event]) -> None:
    """(transcript read, session 56) "🌧 Olya plays 🌧 +2: …" (in Russian): the line led with the Downpour's
    icon, which the card it names shows too. Its player's name leads it, as other cards' lines do."""
    events: list[Event] = [ev.CardPlayed(1, _a_card("D2")), ev.Downpour(1, 2), *after]
    lines = [narrate_line(line, SEATS_OF_THREE, lang, DeckName.H2O) for line in in_lines(events)]
    assert lines[0].startswith("Ann ") and lines[0].count("🌧") == 1, lines


CREEPER_ON_TURN = [
    ("en", 1, 3, True, "🧨 Ann draws a Creeper, takes 3 cards more and passes."),
    ("ru", 1, 3, True, "🧨 Ann вытягивает Крипера, берёт ещё 3 карты и пасует."),
    ("en", 1, 3, False, "🧨 Ann draws a Creeper and takes 3 cards more."),  # as a Creeper drawn otherwise
    ("ru", 1, 3, False, "🧨 Ann вытягивает Крипера и берёт ещё 3 карты."),
    ("en", 4, 3, False, "🧨 Ann draws 4 cards, a Creeper among them: takes 3 cards more."),
    ("ru", 4, 3, False, "🧨 Ann берёт 4 карты, а среди них Крипер: берёт ещё 3 карты."),  # noqa: RUF001
    ("en", 5, 1, True, "🧨 Ann draws 5 cards, a Creeper among them: takes 1 card more and passes."),
    ("ru", 5, 1, True, "🧨 Ann берёт 5 карт, а среди них Крипер: берёт ещё 1 карту и пасует."),  # noqa: RUF001
    ("en", 21, 0, False, "🧨 Ann draws 21 cards, a Creeper among them!"),  # no card left for it to add
    ("ru", 21, 0, False, "🧨 Ann берёт 21 карту, а среди них Крипер!"),  # noqa: RUF001
]


@pytest.mark.parametrize(
    ("lang", "drawn", "extra", "passed", "said"),
    CREEPER_ON_TURN,
    ids=[
        f"{lang}, {drawn} drawn, {extra} more, passed {passed}"
        for lang, drawn, extra, passed, _ in CREEPER_ON_TURN
    ],
)
def test_a_creeper_drawn_on_ones_turn_is_one_line_with_its_cards_and_the_pass(
    lang: str, drawn: int, extra: int, passed: bool, said: str
) -> None:
    """Three lines for one turn: "Ann draws 1 card.", "🧨 Ann draws a Creeper and takes 3 cards more.",
    "Ann passes."."""
    line: list[Event] = [_drawn(drawn, ev.DrawReason.TURN), ev.CreeperRevealed(1, 0)]
    line += [_drawn(extra, ev.DrawReason.CREEPER)] if extra else []
    line += [ev.Passed(1)] if passed else []
    assert in_lines(line) == [tuple(line)]
    assert narrate_line(line, {1: Seat(1, "Ann")}, lang, DeckName.MINECRAFT) == said


@pytest.mark.parametrize(
    ("played", "english", "russian"),
    [
        (
            [ev.CardPlayed(1, _a_card("R7")), ev.HandsSwapped(1, 2)],  # two players: the swap comes first
            "Ann plays 🟥 7 and swaps hands with Bob.",
            "Ann играет 🟥 7 и меняется картами с игроком Bob.",  # noqa: RUF001
        ),
    ],
    ids=["after a swap"],
)
def test_a_silence_told_apart_from_its_7_does_not_tell_the_7_again(
    played: list[Event], english: str, russian: str
) -> None:
    """(found by the recent moves audit, 2026-12-03) "Bob plays 🟥 7 and swaps hands with Ann.", then
    "🤫 Bob plays a 7: silence in the chat!": one 7 told twice."""
    events = [*played, ev.SilenceStarted(1)]
    assert _read(events, "en") == [english, "🤫 Silence in the chat!"]
    assert _read(events, "ru") == [russian, "🤫 В чате тишина!"]  # noqa: RUF001


TIMER_PLAYED = [
    (
        "R9",
        [],
        "⏱ Bob ran out of time — draws 1 card and plays 🟥 9.",
        "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🟥 9.",
    ),
    (
        "RS",
        [ev.Skipped(1)],
        "⏱ Bob ran out of time — draws 1 card and plays 🟥 Skip: Ann misses a turn.",
        "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🟥 Пропуск: Ann пропускает ход.",
    ),
    (
        "RS",
        [ev.Skipped(1), ev.Skipped(3)],
        "⏱ Bob ran out of time — draws 1 card and plays 🟥 Skip: Ann and Cleo miss a turn.",
        "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🟥 Пропуск: Ann и Cleo пропускают ход.",
    ),
    (
        "RR",
        [ev.DirectionChanged(-1)],
        "⏱ Bob ran out of time — draws 1 card and plays 🟥 Reverse: the direction changes to ⬆️",
        "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🟥 Разворот: направление меняется на ⬆️",
    ),
    (
        "W",
        [ev.ColourChosen(2, Colour.BLUE, for_timeout=True)],
        "⏱ Bob ran out of time — draws 1 card and plays 🌈 Wild: the colour is now 🟦 blue.",
        "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🌈 Дикую: теперь цвет 🟦 синий.",
    ),
    (
        "R7",
        [ev.SilenceStarted(2)],
        "⏱ Bob ran out of time — draws 1 card and plays 🟥 7: 🤫 the chat falls silent!",
        "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🟥 7: 🤫 в чате тишина!",
    ),
    (
        "R7",
        [ev.HandsSwapped(2, 3)],
        "⏱ Bob ran out of time — draws 1 card and plays 🟥 7, then swaps hands with Cleo.",
        "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🟥 7, "
        "а затем меняется картами с игроком Cleo.",  # noqa: RUF001
    ),
    (
        "R0",
        [ev.HandsRotated(1)],
        "⏱ Bob ran out of time — draws 1 card and plays 🟥 0: every hand passes on ⬇️",
        "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🟥 0: все передают карты дальше ⬇️",
    ),
    (
        "D2",
        [ev.Downpour(2, 2)],
        "⏱ Bob ran out of time — draws 1 card and plays 🌧 +2: everyone else takes 2 cards.",
        "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🌧 +2: все остальные берут 2 карты.",
    ),
    (
        "D2",
        [ev.Downpour(2, 2), ev.ColourChosen(2, Colour.BLUE, for_timeout=True)],
        "⏱ Bob ran out of time — draws 1 card and plays 🌧 +2: everyone else takes 2 cards, "
        "and the colour is now 🟦 blue.",
        "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🌧 +2: все остальные берут 2 карты, "
        "а цвет теперь 🟦 синий.",  # noqa: RUF001
    ),
]


@pytest.mark.parametrize(
    ("card", "effects", "english", "russian"),
    TIMER_PLAYED,
    ids=[
        "plain",
        "skip",
        "skips",
        "reverse",
        "colour",
        "silence",
        "swap",
        "rotation",
        "downpour",
        "downpour colour",
    ],
)
def test_a_card_played_for_a_timed_out_player_is_one_line_with_what_it_did(
    card: str, effects: list[Event], english: str, russian: str
) -> None:
    """(the recent moves audit, 2026-12-03) "⏱ Bob ran out of time — draws 1 card and plays 🟥 ⊘.", then
    "Ann misses a turn."; the colour the turn timer chose for the card is never Bob's choice. (Session 53) A
    colour, a 7's silence, a 0's hands no longer follow "and": «берёт 1 карту и играет 🌈 Дикую, и теперь
    цвет» said «и» twice. (Session 56) They follow a colon, as what any card did does."""
    played = ev.CardPlayed(2, _a_card(card))
    events: list[Event] = [
        ev.TimedOut(2, TimeoutKind.TURN),
        _bob_drew(1, ev.DrawReason.TURN),
        played,
        *effects,
    ]
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang, DeckName.H2O) for line in in_lines(events)] == [said]


def _bob_drew(count: int, reason: ev.DrawReason) -> ev.CardsDrawn:
    return ev.CardsDrawn(2, count, tuple(range(count)), reason)


def _creepers(count: int) -> list[Event]:
    return [ev.CreeperRevealed(2, card) for card in range(count)]


def _start_penalty_with_a_creeper() -> list[Event]:
    """What a +2 start card did to Bob, the first player: his 2 cards brought a Creeper, and its 3."""
    return [
        _bob_drew(2, ev.DrawReason.PENALTY),
        *_creepers(1),
        _bob_drew(3, ev.DrawReason.CREEPER),
        ev.Skipped(2),
    ]


TIMER_CREEPERS = [
    (
        1,
        1,
        [ev.Passed(2)],
        "⏱ Bob ran out of time — draws a Creeper, takes 3 cards more and passes.",
        "⏱ Bob не успевает сделать ход — вытягивает Крипера, берёт ещё 3 карты и пасует.",
    ),
    (
        4,
        1,
        [ev.Passed(2)],
        "⏱ Bob ran out of time — draws 4 cards (a Creeper among them), takes 3 cards more and passes.",
        "⏱ Bob не успевает сделать ход — берёт 4 карты (среди них Крипер), а потом ещё 3 карты и пасует.",  # noqa: RUF001
    ),
    (
        5,
        2,
        [ev.Passed(2)],
        "⏱ Bob ran out of time — draws 5 cards (two Creepers among them), takes 6 cards more and passes.",
        "⏱ Bob не успевает сделать ход — берёт 5 карт (среди них два Крипера), а потом ещё 6 карт и пасует.",  # noqa: RUF001
    ),
    (
        1,
        1,
        [ev.CardPlayed(2, 0), ev.ColourChosen(2, Colour.RED, for_timeout=True)],
        "⏱ Bob ran out of time — draws a Creeper, takes 3 cards more and plays it: the colour is now 🟥 red.",
        "⏱ Bob не успевает сделать ход — вытягивает Крипера, берёт ещё 3 карты и играет его: "  # noqa: RUF001
        "теперь цвет 🟥 красный.",
    ),
    (
        3,
        1,
        [ev.CardPlayed(2, 0), ev.ColourChosen(2, Colour.RED, for_timeout=True)],
        "⏱ Bob ran out of time — draws 3 cards (a Creeper among them), takes 3 cards more "
        "and plays the Creeper: the colour is now 🟥 red.",
        "⏱ Bob не успевает сделать ход — берёт 3 карты (среди них Крипер), а потом ещё 3 карты "  # noqa: RUF001
        "и играет этого Крипера: теперь цвет 🟥 красный.",
    ),
]


@pytest.mark.parametrize(
    ("drawn", "creepers", "ending", "english", "russian"),
    TIMER_CREEPERS,
    ids=["a creeper", "among the cards", "two creepers", "played for them", "among the cards, played"],
)
def test_a_creeper_a_timed_out_turn_drew_is_told_on_its_line(
    drawn: int, creepers: int, ending: list[Event], english: str, russian: str
) -> None:
    """(the recent moves audit, 2026-12-03) "⏱ Ann ran out of time — draws 3 cards.", "🧨 Ann draws a Creeper
    and takes 3 cards more.", "Ann passes.": the last read as if she had passed herself. (Session 29) The
    Creeper played for them is not named again: "draws a Creeper, takes 3 cards more and plays 🧨 Creeper"."""
    events: list[Event] = [
        ev.TimedOut(2, TimeoutKind.TURN),
        _bob_drew(drawn, ev.DrawReason.TURN),
        *_creepers(creepers),
        _bob_drew(3 * creepers, ev.DrawReason.CREEPER),
        *ending,
    ]
    creeper = _first(Kind.CREEPER, DeckName.MINECRAFT)  # the Creeper drawn first is the card played
    events = [ev.CardPlayed(2, creeper) if isinstance(event, ev.CardPlayed) else event for event in events]
    events[2] = ev.CreeperRevealed(2, creeper)
    for lang, said in (("en", english), ("ru", russian)):
        assert [
            narrate_line(line, SEATS_OF_THREE, lang, DeckName.MINECRAFT) for line in in_lines(events)
        ] == [said]


# The draws a Creeper's three cards came short in (one card left): its line says how many of the three it
# brought.
SHORT_CREEPERS = {
    "on the turn": (
        [_bob_drew(1, ev.DrawReason.TURN)],
        [],
        "🧨 Bob draws a Creeper and takes 1 of 3 cards more.",
        "🧨 Bob вытягивает Крипера и берёт ещё 1 карту из 3.",
    ),
    "in a penalty": (
        [_bob_drew(2, ev.DrawReason.PENALTY)],
        [ev.Skipped(2)],
        "🧨 Bob takes 2 cards as a penalty, a Creeper among them: takes 1 of 3 cards more and misses a turn.",
        "🧨 Bob берёт штраф (2 карты), а среди них Крипер: берёт ещё 1 карту из 3 и пропускает ход.",  # noqa: RUF001
    ),
    "drawn otherwise": (
        [],
        [],
        "🧨 Bob draws a Creeper and takes 1 of 3 cards more.",
        "🧨 Bob вытягивает Крипера и берёт ещё 1 карту из 3.",
    ),
    "by the turn timer": (
        [ev.TimedOut(2, TimeoutKind.TURN), _bob_drew(1, ev.DrawReason.TURN)],
        [ev.Passed(2)],
        "⏱ Bob ran out of time — draws a Creeper, takes 1 of 3 cards more and passes.",
        "⏱ Bob не успевает сделать ход — вытягивает Крипера, берёт ещё 1 карту из 3 и пасует.",
    ),
}


@pytest.mark.parametrize(
    ("before", "after", "english", "russian"), SHORT_CREEPERS.values(), ids=list(SHORT_CREEPERS)
)
def test_a_creeper_that_found_too_few_cards_says_how_many_of_three_it_brought(
    before: list[Event], after: list[Event], english: str, russian: str
) -> None:
    """(transcript read, session 50) "🧨 Bob draws a Creeper and takes 1 card more." of a card the rules give
    three: a penalty or a Downpour that finds too few says how many of how many."""
    short = ev.CardsDrawn(2, 1, (1,), ev.DrawReason.CREEPER, due=3)
    events: list[Event] = [*before, ev.CreeperRevealed(2, 0), short, *after]
    for lang, said in (("en", english), ("ru", russian)):
        assert [
            narrate_line(line, SEATS_OF_THREE, lang, DeckName.MINECRAFT) for line in in_lines(events)
        ] == [said]


@pytest.mark.parametrize(
    ("drawn", "english", "russian"),
    [
        (
            None,  # a penalty's draw, or the cards a Downpour or a slap cost
            ["🧨 Bob draws two Creepers and takes 6 cards more."],
            ["🧨 Bob вытягивает двух Криперов и берёт ещё 6 карт."],
        ),
        (
            3,
            ["🧨 Bob draws 3 cards, two Creepers among them: takes 6 cards more and passes."],
            ["🧨 Bob берёт 3 карты, а среди них два Крипера: берёт ещё 6 карт и пасует."],  # noqa: RUF001
        ),
    ],
    ids=["drawn otherwise", "the turn's draw"],
)
def test_two_creepers_drawn_at_once_are_told_once(
    drawn: int | None, english: list[str], russian: list[str]
) -> None:
    """(the recent moves audit, 2026-12-03) "🧨 Ann draws 2 cards, a Creeper among them!", then "🧨 Ann draws
    a Creeper!": as if there had been a second draw."""
    events: list[Event] = [*_creepers(2), _bob_drew(6, ev.DrawReason.CREEPER)]
    if drawn is not None:
        events = [_bob_drew(drawn, ev.DrawReason.TURN), *events, ev.Passed(2)]
    for lang, said in (("en", english), ("ru", russian)):
        assert [
            narrate_line(line, SEATS_OF_THREE, lang, DeckName.MINECRAFT) for line in in_lines(events)
        ] == said


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "⏱ Bob ran out of time — plays 🟥 Skip: Ann misses a turn."),
        ("ru", "⏱ Bob не успевает сделать ход — играет 🟥 Пропуск: Ann пропускает ход."),
    ],
)
def test_a_card_drawn_before_the_turn_ran_out_and_played_for_the_player_is_on_its_line(
    lang: str, said: str
) -> None:
    """(the recent moves audit, 2026-12-03) force_play: "⏱ Bob ran out of time.", then "Bob plays 🟥 ⊘: Ann
    misses a turn." as if he had played it himself."""
    events: list[Event] = [ev.TimedOut(2, TimeoutKind.TURN), ev.CardPlayed(2, _a_card("RS")), ev.Skipped(1)]
    assert [narrate_line(line, SEATS_OF_THREE, lang) for line in in_lines(events)] == [said]


@pytest.mark.parametrize(
    ("drawn", "ending", "english", "russian"),
    [
        (
            _bob_drew(2, ev.DrawReason.PENALTY),
            [_bob_drew(3, ev.DrawReason.CREEPER), ev.Skipped(2)],
            "🧨 Bob takes 2 cards as a penalty, a Creeper among them: takes 3 cards more and misses a turn.",
            "🧨 Bob берёт штраф (2 карты), а среди них Крипер: берёт ещё 3 карты и пропускает ход.",  # noqa: RUF001
        ),
        (
            _bob_drew(4, ev.DrawReason.CHALLENGE),
            [_bob_drew(3, ev.DrawReason.CREEPER)],
            "🧨 Bob takes 4 cards after the challenge, a Creeper among them: takes 3 cards more.",
            "🧨 Bob берёт 4 карты после оспаривания, а среди них Крипер: берёт ещё 3 карты.",  # noqa: RUF001
        ),
        (
            _bob_drew(2, ev.DrawReason.PENALTY),
            [ev.Skipped(2)],
            "🧨 Bob takes 2 cards as a penalty, a Creeper among them, and misses a turn.",
            "🧨 Bob берёт штраф (2 карты), а среди них Крипер, и пропускает ход.",  # noqa: RUF001
        ),
    ],
    ids=["penalty", "challenge, before the skip", "no cards to add"],
)
def test_a_creeper_a_penalty_brought_is_one_line_with_the_penalty(
    drawn: ev.CardsDrawn, ending: list[Event], english: str, russian: str
) -> None:
    """(the recent moves audit, 2026-12-03) "Bob takes 2 cards as a penalty.", "🧨 Bob draws a Creeper and
    takes 3 cards more.", "Bob misses a turn.": three lines for one penalty."""
    events: list[Event] = [drawn, *_creepers(1), *ending]
    for lang, said in (("en", english), ("ru", russian)):
        assert [
            narrate_line(line, SEATS_OF_THREE, lang, DeckName.MINECRAFT) for line in in_lines(events)
        ] == [said]


@pytest.mark.parametrize(
    ("ended", "english", "russian"),
    [
        (
            [_bob_drew(3, ev.DrawReason.TURN), ev.Passed(2)],
            "⏱ Bob ran out of time — the colour is now 🟥 red; draws 3 cards and passes.",
            "⏱ Bob не успевает сделать ход — теперь цвет 🟥 красный; берёт 3 карты и пасует.",
        ),
        (
            [_bob_drew(1, ev.DrawReason.TURN), ev.CardPlayed(2, _a_card("R9"))],
            "⏱ Bob ran out of time — the colour is now 🟥 red; draws 1 card and plays 🟥 9.",
            "⏱ Bob не успевает сделать ход — теперь цвет 🟥 красный; берёт 1 карту и играет 🟥 9.",
        ),
    ],
    ids=["drew and passed", "drew and played"],
)
def test_the_turn_after_the_colour_the_timer_chose_for_a_start_wild_is_on_the_missed_turns_line(
    ended: list[Event], english: str, russian: str
) -> None:
    """(the recent moves audit, 2026-12-03) "⏱ Bob ran out of time — the colour is now 🟥 red.", then "Bob
    draws 3 cards and passes." as if he had drawn himself."""
    colour = ev.ColourChosen(2, Colour.RED, for_timeout=True)
    events: list[Event] = [ev.TimedOut(2, TimeoutKind.TURN), colour, *ended]
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang) for line in in_lines(events)] == [said]


@pytest.mark.parametrize(
    ("drawn", "english", "russian"),
    [
        (1, "🧨 Bob draws a Creeper and passes.", "🧨 Bob вытягивает Крипера и пасует."),
        (
            3,
            "🧨 Bob draws 3 cards, a Creeper among them, and passes.",
            "🧨 Bob берёт 3 карты, а среди них Крипер, и пасует.",  # noqa: RUF001
        ),
    ],
)
def test_a_creeper_that_found_no_cards_to_add_and_the_pass_are_one_line(
    drawn: int, english: str, russian: str
) -> None:
    events: list[Event] = [_bob_drew(drawn, ev.DrawReason.TURN), *_creepers(1), ev.Passed(2)]
    for lang, said in (("en", english), ("ru", russian)):
        assert [
            narrate_line(line, SEATS_OF_THREE, lang, DeckName.MINECRAFT) for line in in_lines(events)
        ] == [said]


def _covered_with(*cards: str) -> list[Event]:
    """Bob's 🟩 8, covered by each of `cards` in turn (all but the last are 8s)."""
    return [
        ev.CardPlayed(2, _a_card("G8")),
        *(event for card in cards for event in (ev.CoverRequired(2), ev.CardPlayed(2, _a_card(card)))),
    ]


@pytest.mark.parametrize(
    ("events", "english", "russian"),
    [
        (
            [ev.CardPlayed(2, _a_card("G8")), ev.CoverRequired(2), ev.CardPlayed(2, _a_card("G1"))],
            "⏱ Bob ran out of time to cover the 8 — plays 🟩 8, then covers it with 🟩 1.",
            "⏱ Bob не успевает покрыть восьмёрку — играет 🟩 8, затем покрывает её картой 🟩 1.",
        ),
        (
            [
                _bob_drew(1, ev.DrawReason.TURN),
                ev.CardPlayed(2, _a_card("G8")),
                ev.CoverRequired(2),
                ev.CardPlayed(2, _a_card("R8")),
                ev.CoverRequired(2),
                _bob_drew(2, ev.DrawReason.COVER),
                ev.CardPlayed(2, _a_card("RS")),
                ev.Skipped(1),
            ],
            "⏱ Bob ran out of time — draws 1 card and plays 🟩 8, then covers it with 🟥 8, "
            "then draws 2 cards and covers that with 🟥 Skip: Ann misses a turn.",
            "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🟩 8, затем покрывает её картой 🟥 8, "
            "затем берёт 2 карты и покрывает её 🟥 Пропуском: Ann пропускает ход.",
        ),
        (
            [
                ev.CardPlayed(2, _a_card("G8")),
                ev.CoverRequired(2),
                ev.CardPlayed(2, _a_card("W")),
                ev.ColourChosen(2, Colour.RED, for_timeout=True),
            ],
            "⏱ Bob ran out of time to cover the 8 — plays 🟩 8, then covers it with 🌈 Wild: "
            "the colour is now 🟥 red.",
            "⏱ Bob не успевает покрыть восьмёрку — играет 🟩 8, затем покрывает её 🌈 Дикой: "
            "теперь цвет 🟥 красный.",
        ),
        (
            [
                _bob_drew(1, ev.DrawReason.TURN),
                ev.CardPlayed(2, _a_card("G8")),
                ev.CoverRequired(2),
                _bob_drew(2, ev.DrawReason.COVER),
                ev.CardPlayed(2, _a_card("W")),
                ev.ColourChosen(2, Colour.RED, for_timeout=True),
            ],
            "⏱ Bob ran out of time — draws 1 card and plays 🟩 8, then draws 2 cards and covers it with "
            "🌈 Wild: the colour is now 🟥 red.",
            "⏱ Bob не успевает сделать ход — берёт 1 карту и играет 🟩 8, затем берёт 2 карты и покрывает её "
            "🌈 Дикой: теперь цвет 🟥 красный.",
        ),
        (
            [_bob_drew(3, ev.DrawReason.COVER), ev.CardPlayed(2, _a_card("R9"))],
            "⏱ Bob ran out of time to cover the 8 — draws 3 cards and plays 🟥 9.",
            "⏱ Bob не успевает покрыть восьмёрку — берёт 3 карты и играет 🟥 9.",
        ),
        (
            _covered_with("R8", "B3"),
            "⏱ Bob ran out of time to cover the 8 — plays 🟩 8, then covers it with 🟥 8 and that with 🟦 3.",
            "⏱ Bob не успевает покрыть восьмёрку — играет 🟩 8, затем покрывает её картой 🟥 8, "
            "а ту — картой 🟦 3.",  # noqa: RUF001
        ),
        (
            _covered_with("R8", "B8", "Y8", "B3"),
            "⏱ Bob ran out of time to cover the 8 — plays 🟩 8, then covers it with 🟥 8, that with 🟦 8, "
            "that with 🟨 8 and that with 🟦 3.",
            "⏱ Bob не успевает покрыть восьмёрку — играет 🟩 8, затем покрывает её картой 🟥 8, "
            "ту — картой 🟦 8, ту — картой 🟨 8, а ту — картой 🟦 3.",  # noqa: RUF001
        ),
    ],
    ids=[
        "covered",
        "covered twice, drawing",
        "covered with a wild",
        "drew to cover with a wild",
        "drew to cover",
        "covered twice",
        "covered four times",
    ],
)
def test_the_cover_the_game_made_for_a_timed_out_player_is_told_on_its_line(
    events: list[Event], english: str, russian: str
) -> None:
    """(the recent moves audit, 2026-12-03) "⏱ Cleo ran out of time — plays 🟩 8.", "Cleo must cover the
    8.", "Cleo plays 🟩 1.": the game's cover read as her own move. (Session 29) A chain of covers no longer
    repeats "then covers it with" for each 8. (Session 50) An 8 left to cover read as a missed turn: "Bob ran
    out of time and plays 🟩 8"; the 8 drawn and played under force_play is the turn's."""
    covering = not isinstance(events[0], ev.CardsDrawn) or events[0].reason is ev.DrawReason.COVER
    line: list[Event] = [ev.TimedOut(2, TimeoutKind.TURN, covering=covering), *events]
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(told, SEATS_OF_THREE, lang) for told in in_lines(line)] == [said]


def test_the_games_draw_that_found_no_cover_ends_with_the_pass_on_the_missed_turns_line() -> None:
    events: list[Event] = [
        ev.TimedOut(2, TimeoutKind.TURN, covering=True),
        ev.CardPlayed(2, _a_card("G8")),
        ev.CoverRequired(2),
        _bob_drew(5, ev.DrawReason.COVER),
        ev.Passed(2),
    ]
    said = [narrate_line(line, SEATS_OF_THREE, "en") for line in in_lines(events)]
    assert said == ["⏱ Bob ran out of time to cover the 8 — plays 🟩 8, then draws 5 cards and passes."]


def _bobs_eight(*after: Event) -> list[Event]:
    return [ev.CardPlayed(2, _a_card("G8")), ev.CoverRequired(2), *after]


def _ann_jumps_in_with_an_eight(*after: Event) -> list[Event]:
    return [ev.CardPlayed(1, _a_card("R8"), jump_in=True), ev.CoverRequired(1), *after]


@pytest.mark.parametrize(
    ("events", "english", "russian"),
    [
        (
            _bobs_eight(),
            "Bob plays 🟩 8, which must be covered.",
            "Bob играет 🟩 8, которую нужно покрыть.",
        ),
        (
            _covered_with("G1"),
            "Bob plays 🟩 8, then covers it with 🟩 1.",
            "Bob играет 🟩 8, затем покрывает её картой 🟩 1.",
        ),
        (
            [*_covered_with("R8"), ev.CoverRequired(2)],
            "Bob plays 🟩 8, then covers it with 🟥 8, which must be covered too.",
            "Bob играет 🟩 8, затем покрывает её картой 🟥 8, которую тоже нужно покрыть.",
        ),
        (
            _covered_with("R8", "B1"),
            "Bob plays 🟩 8, then covers it with 🟥 8 and that with 🟦 1.",
            "Bob играет 🟩 8, затем покрывает её картой 🟥 8, а ту — картой 🟦 1.",  # noqa: RUF001
        ),
        (
            _bobs_eight(_bob_drew(2, ev.DrawReason.COVER)),
            "Bob plays 🟩 8, then draws 2 cards to cover it.",
            "Bob играет 🟩 8, затем берёт 2 карты, чтобы её покрыть.",
        ),
        (
            _bobs_eight(_bob_drew(2, ev.DrawReason.COVER), ev.CardPlayed(2, _a_card("G1"))),
            "Bob plays 🟩 8, then draws 2 cards and covers it with 🟩 1.",
            "Bob играет 🟩 8, затем берёт 2 карты и покрывает её картой 🟩 1.",
        ),
        (
            _bobs_eight(_bob_drew(5, ev.DrawReason.COVER), ev.Passed(2)),
            "Bob plays 🟩 8, then draws 5 cards and passes.",
            "Bob играет 🟩 8, затем берёт 5 карт и пасует.",
        ),
        (
            _bobs_eight(ev.CardPlayed(2, _a_card("W")), ev.ColourChosen(2, Colour.RED)),
            "Bob plays 🟩 8, then covers it with 🌈 Wild and chooses 🟥 red.",
            "Bob играет 🟩 8, затем покрывает её 🌈 Дикой и выбирает цвет: 🟥 красный.",
        ),
        (
            _bobs_eight(
                _bob_drew(4, ev.DrawReason.COVER),
                ev.CardPlayed(2, _a_card("W4")),
                ev.ColourChosen(2, Colour.RED),
            ),
            "Bob plays 🟩 8, then draws 4 cards, covers it with 🌈 +4 and chooses 🟥 red.",
            "Bob играет 🟩 8, затем берёт 4 карты, покрывает её картой 🌈 +4 и выбирает цвет: 🟥 красный.",
        ),
        (
            _bobs_eight(
                _bob_drew(2, ev.DrawReason.COVER), ev.CardPlayed(2, _a_card("G7")), ev.HandsSwapped(2, 3)
            ),
            "Bob plays 🟩 8, then draws 2 cards, covers it with 🟩 7 and swaps hands with Cleo.",
            "Bob играет 🟩 8, затем берёт 2 карты, покрывает её картой 🟩 7 "
            "и меняется картами с игроком Cleo.",  # noqa: RUF001
        ),
        (
            _bobs_eight(ev.CardPlayed(2, _a_card("GS")), ev.Skipped(3)),
            "Bob plays 🟩 8, then covers it with 🟩 Skip: Cleo misses a turn.",
            "Bob играет 🟩 8, затем покрывает её 🟩 Пропуском: Cleo пропускает ход.",
        ),
        (
            _bobs_eight(ev.CardPlayed(2, _a_card("G7")), ev.SilenceStarted(2)),
            "🤫 Bob plays 🟩 8, then covers it with 🟩 7: silence in the chat!",
            "🤫 Bob играет 🟩 8, затем покрывает её картой 🟩 7: в чате тишина!",
        ),
        (
            [_bob_drew(1, ev.DrawReason.TURN), *_bobs_eight(ev.CardPlayed(2, _a_card("G1")))],
            "Bob draws 1 card and plays 🟩 8, then covers it with 🟩 1.",
            "Bob берёт 1 карту и играет 🟩 8, затем покрывает её картой 🟩 1.",
        ),
        (
            [_bob_drew(1, ev.DrawReason.TURN), *_bobs_eight()],
            "Bob draws 1 card and plays 🟩 8, which must be covered.",
            "Bob берёт 1 карту и играет 🟩 8, которую нужно покрыть.",
        ),
        (
            _ann_jumps_in_with_an_eight(),
            "⚡ Ann jumps in with 🟥 8, which must be covered!",
            "⚡ Ann вмешивается картой 🟥 8, которую нужно покрыть!",
        ),
        (
            _ann_jumps_in_with_an_eight(ev.CardPlayed(1, _a_card("RS")), ev.Skipped(2)),
            "⚡ Ann jumps in with 🟥 8, then covers it with 🟥 Skip: Bob misses a turn.",
            "⚡ Ann вмешивается картой 🟥 8, затем покрывает её 🟥 Пропуском: Bob пропускает ход.",
        ),
        (
            _ann_jumps_in_with_an_eight(ev.CardPlayed(1, _a_card("W")), ev.ColourChosen(1, Colour.BLUE)),
            "⚡ Ann jumps in with 🟥 8, then covers it with 🌈 Wild and chooses 🟦 blue.",
            "⚡ Ann вмешивается картой 🟥 8, затем покрывает её 🌈 Дикой и выбирает цвет: 🟦 синий.",
        ),
    ],
    ids=[
        "cover awaited",
        "covered",
        "covered by an 8, cover awaited",
        "covered twice",
        "drew to cover",
        "drew and covered",
        "drew, none fitted",
        "covered with a wild",
        "drew and covered with a wild draw four",
        "drew and covered with a 7 that swaps",
        "covered with a skip",
        "covered with a 7",
        "drawn and played",
        "drawn and played, cover awaited",
        "jump-in, cover awaited",
        "jump-in, covered with a skip",
        "jump-in, covered with a wild",
    ],
)
def test_a_players_own_8_and_its_cover_are_one_line(events: list[Event], english: str, russian: str) -> None:
    """(the recent moves audit, session 29) eight_cover: "Bob plays 🟩 8.", "Bob must cover the 8.", "Bob
    plays 🟩 1.": three lines for one move; the timer's cover was one line already, and its wording serves."""
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang) for line in in_lines(events)] == [said]


@pytest.mark.parametrize(
    ("chosen", "english", "russian"),
    [
        (
            [ev.ColourChosen(2, Colour.RED)],
            "Bob plays 🟩 8, then covers it with 🌧 +2: everyone else takes 2 cards, and Bob chooses 🟥 red.",
            "Bob играет 🟩 8, затем покрывает её картой 🌧 +2: все остальные берут 2 карты, "
            "а Bob выбирает 🟥 красный цвет.",  # noqa: RUF001
        ),
        (
            [],
            "Bob plays 🟩 8, then covers it with 🌧 +2: everyone else takes 2 cards.",
            "Bob играет 🟩 8, затем покрывает её картой 🌧 +2: все остальные берут 2 карты.",
        ),
    ],
    ids=["colour chosen", "colour to come"],
)
def test_a_downpour_covering_an_8_is_told_with_the_8(chosen: list[Event], english: str, russian: str) -> None:
    """Covering an 8, a Downpour's line names the 8 and the cover."""
    downpour = _first(Kind.DOWNPOUR_TWO, DeckName.H2O)  # the classic cards are the H2O deck's first
    events = _bobs_eight(ev.CardPlayed(2, downpour), ev.Downpour(2, 2), *chosen)
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang, DeckName.H2O) for line in in_lines(events)] == [said]


DRAWS_THAT_BROUGHT_A_CREEPER = [
    (
        [ev.TimedOut(2, TimeoutKind.TURN), _bob_drew(2, ev.DrawReason.PENALTY)],
        [_bob_drew(3, ev.DrawReason.CREEPER), ev.Skipped(2)],
        "⏱ Bob ran out of time — takes 2 cards as a penalty (a Creeper among them), takes 3 cards more "
        "and misses a turn.",
        "⏱ Bob не успевает сделать ход — берёт штраф (2 карты, среди них Крипер), а потом ещё 3 карты "  # noqa: RUF001
        "и пропускает ход.",
    ),
    (
        [_bob_drew(2, ev.DrawReason.UNO)],
        [_bob_drew(3, ev.DrawReason.CREEPER)],
        "🧨 Bob takes 2 cards for not calling “UNO!”, a Creeper among them: takes 3 cards more.",
        "🧨 Bob берёт 2 карты за забытое «УНО!», а среди них Крипер: берёт ещё 3 карты.",  # noqa: RUF001
    ),
    (
        [ev.FalseCatch(2), _bob_drew(1, ev.DrawReason.FALSE_CATCH)],
        [_bob_drew(3, ev.DrawReason.CREEPER)],
        "Bob tries to catch someone, but there is nobody to catch: takes 1 card, and it is a Creeper: takes 3"
        " cards more.",
        "Bob пытается поймать, но ловить некого: берёт 1 карту, и это Крипер: берёт ещё 3 карты.",
    ),
    (
        [_bob_drew(4, ev.DrawReason.NO_SLAP)],
        [_bob_drew(3, ev.DrawReason.CREEPER)],
        "🧨 Bob takes 4 cards for not slapping, a Creeper among them: takes 3 cards more.",
        "🧨 Bob берёт 4 карты за пропущенный хлопок, а среди них Крипер: берёт ещё 3 карты.",  # noqa: RUF001
    ),
    (
        [_bob_drew(1, ev.DrawReason.COVER)],
        [_bob_drew(3, ev.DrawReason.CREEPER)],
        "🧨 Bob draws 1 card to cover the 8, and it is a Creeper: takes 3 cards more.",
        "🧨 Bob берёт 1 карту, чтобы покрыть восьмёрку, и это Крипер: берёт ещё 3 карты.",
    ),
    (
        [ev.SilenceBroken(2), _bob_drew(4, ev.DrawReason.SILENCE)],
        [_bob_drew(3, ev.DrawReason.CREEPER)],
        "🤫 Bob breaks the silence: takes 4 cards (a Creeper among them) and 3 cards more.",
        "🤫 Bob нарушает тишину: берёт 4 карты (среди них Крипер) и ещё 3 карты.",
    ),
    (
        [_bob_drew(1, ev.DrawReason.PENALTY)],
        [ev.Skipped(2)],
        "🧨 Bob takes 1 card as a penalty, and it is a Creeper; Bob misses a turn.",
        "🧨 Bob берёт штраф (1 карта), и это Крипер; Bob пропускает ход.",
    ),
]


@pytest.mark.parametrize(
    ("drawn", "ending", "english", "russian"),
    DRAWS_THAT_BROUGHT_A_CREEPER,
    ids=["missed turn's penalty", "uno", "false catch", "no slap", "cover", "silence", "a card, none to add"],
)
def test_a_creeper_any_draw_brought_is_told_on_that_draws_line(
    drawn: list[Event], ending: list[Event], english: str, russian: str
) -> None:
    """(the recent moves audit, session 29) "⏱ Ann ran out of time — takes 2 cards as a penalty.", "🧨 Ann
    draws a Creeper and takes 3 cards more.", "Ann misses a turn."; "Eve takes 2 cards for not calling UNO.",
    "🧨 Eve draws a Creeper and takes 3 cards more.": as if the Creeper had come by a draw of its own."""
    events: list[Event] = [*drawn, *_creepers(1), *ending]
    for lang, said in (("en", english), ("ru", russian)):
        assert [
            narrate_line(line, SEATS_OF_THREE, lang, DeckName.MINECRAFT) for line in in_lines(events)
        ] == [said]


@pytest.mark.parametrize(
    ("card", "did", "english", "russian"),
    [
        (
            "RS",
            [ev.Skipped(2)],
            "Round 2 — Ann deals, the start card is 🟥 Skip: Bob misses a turn.",
            "Раунд 2 — сдаёт Ann, первая карта 🟥 Пропуск: Bob пропускает ход.",
        ),
        (
            "R+2",
            [_bob_drew(2, ev.DrawReason.PENALTY), ev.Skipped(2)],
            "Round 2 — Ann deals, the start card is 🟥 +2: Bob takes 2 cards and misses a turn.",
            "Раунд 2 — сдаёт Ann, первая карта 🟥 +2: Bob берёт 2 карты и пропускает ход.",
        ),
        (
            "RR",
            [ev.DirectionChanged(-1)],
            "Round 2 — Ann deals, the start card is 🟥 Reverse: the direction changes to ⬆️, Ann begins.",
            "Раунд 2 — сдаёт Ann, первая карта 🟥 Разворот: направление меняется на ⬆️, начинает Ann.",
        ),
        (
            "R5",
            [],
            "Round 2 — Ann deals, the start card is 🟥 5, Bob begins.",
            "Раунд 2 — сдаёт Ann, первая карта 🟥 5, начинает Bob.",
        ),
        (
            "R+2",
            _start_penalty_with_a_creeper(),
            "Round 2 — Ann deals, the start card is 🟥 +2: Bob takes 2 cards as a penalty (a Creeper among "
            "them), takes 3 cards more and misses a turn.",
            "Раунд 2 — сдаёт Ann, первая карта 🟥 +2: Bob берёт штраф (2 карты, среди них Крипер), а потом "  # noqa: RUF001
            "ещё 3 карты и пропускает ход.",
        ),
    ],
    ids=["skip", "draw two", "reverse", "no effect", "draw two bringing a creeper"],
)
def test_what_the_start_card_did_is_told_on_the_rounds_first_line(
    card: str, did: list[Event], english: str, russian: str
) -> None:
    """(the recent moves audit, session 29) "Round 2: Ann deals, the start card is 🟥 ⊘, Bob begins.", then
    "Bob misses a turn.": the line after said the first was wrong."""
    first = 1 if card == "RR" else 2  # a Reverse gives the first move to the dealer
    events: list[Event] = [ev.RoundStarted(2, 1, first, _a_card(card)), *did]
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang) for line in in_lines(events)] == [said]


@pytest.mark.parametrize(
    ("returned", "card", "did", "english", "russian"),
    [
        (
            1,
            "Y6",
            [],
            "Round 8 — Ann deals; 🌈 +4 goes back into the pile, the start card is 🟨 6, Bob begins.",
            "Раунд 8 — сдаёт Ann; 🌈 +4 возвращается в колоду, первая карта 🟨 6, начинает Bob.",
        ),
        (
            2,
            "RS",
            [ev.Skipped(2)],
            "Round 8 — Ann deals; 🌈 +4 and 🌈 +4 go back into the pile, the start card is 🟥 Skip: "
            "Bob misses a turn.",
            "Раунд 8 — сдаёт Ann; 🌈 +4 и 🌈 +4 возвращаются в колоду, первая карта 🟥 Пропуск: "
            "Bob пропускает ход.",
        ),
    ],
    ids=["one", "two and a skip"],
)
def test_a_start_card_gone_back_is_told_on_the_line_of_the_round_it_was_turned_for(
    returned: int, card: str, did: list[Event], english: str, russian: str
) -> None:
    """(found reading a whole duel, session 50) the table read "🏁 Alice wins round 7.", "🌈 +4 goes back
    into the pile.", "Round 8: Alice deals, the start card is 🟨 6, Bob begins.": the engine returns the card
    before the round's first line names the start card (RULES.md §2), and told apart it read as part of round
    7."""
    ended = ev.RoundEnded(7, 1, {}, {}, {})
    back = [ev.StartCardReturned(_a_card("W4"))] * returned
    events: list[Event] = [ended, *back, ev.RoundStarted(8, 1, 2, _a_card(card)), *did]
    for lang, said in (("en", english), ("ru", russian)):
        lines = [narrate_line(line, SEATS_OF_THREE, lang) for line in in_lines(told(events))]
        assert lines[1:] == [said]


@pytest.mark.parametrize(
    ("lang", "runner", "said"),
    [
        ("en", False, "⏱ Bob ran out of time (3 turns in a row) and leaves the game."),
        ("ru", False, "⏱ Bob не успевает сделать ход уже 3 раза подряд и выбывает из игры."),
        (
            "en",
            True,
            "⏱ Bob ran out of time (3 turns in a row) and leaves the game. "
            "🔑 Ann is now the host (/stop, /kick).",
        ),
    ],
)
def test_a_player_removed_for_missed_turns_is_told_on_the_last_missed_turns_line(
    lang: str, runner: bool, said: str
) -> None:
    """(the recent moves audit, session 29) "⏱ Bob ran out of time (3 turns in a row).", then "Bob
    missed too many turns and leaves the game.": two lines for one timeout, the second saying the first
    again."""
    seats = {**SEATS_OF_THREE, 2: Seat(2, "Bob", handed_to=1 if runner else None)}
    events: list[Event] = [ev.TimedOut(2, TimeoutKind.TURN, 3), ev.PlayerLeft(2, afk=True)]
    assert [narrate_line(line, seats, lang) for line in in_lines(events)] == [said]


@pytest.mark.parametrize(
    ("card", "effects", "english", "russian"),
    [
        ("R9", [], "⚡ Ann jumps in with 🟥 9!", "⚡ Ann вмешивается картой 🟥 9!"),
        (
            "RS",
            [ev.Skipped(3)],
            "⚡ Ann jumps in with 🟥 Skip: Cleo misses a turn.",
            "⚡ Ann вмешивается 🟥 Пропуском: Cleo пропускает ход.",
        ),
        (
            "RS",
            [ev.Skipped(2), ev.Skipped(3)],
            "⚡ Ann jumps in with 🟥 Skip: Bob and Cleo miss a turn.",
            "⚡ Ann вмешивается 🟥 Пропуском: Bob и Cleo пропускают ход.",
        ),
        (
            "RR",
            [ev.DirectionChanged(-1)],
            "⚡ Ann jumps in with 🟥 Reverse: the direction changes to ⬆️",
            "⚡ Ann вмешивается 🟥 Разворотом: направление меняется на ⬆️",
        ),
        (
            "R7",
            [ev.SilenceStarted(1)],
            "⚡ Ann jumps in with 🟥 7: 🤫 silence in the chat!",
            "⚡ Ann вмешивается картой 🟥 7: 🤫 в чате тишина!",
        ),
        (
            "R7",
            [ev.HandsSwapped(1, 2)],
            "⚡ Ann jumps in with 🟥 7 and swaps hands with Bob.",
            "⚡ Ann вмешивается картой 🟥 7 и меняется картами с игроком Bob.",  # noqa: RUF001
        ),
        (
            "R0",
            [ev.HandsRotated(1)],
            "⚡ Ann jumps in with 🟥 0: every hand passes on ⬇️",
            "⚡ Ann вмешивается картой 🟥 0: все передают карты дальше ⬇️",
        ),
    ],
    ids=["plain", "skip", "skips", "reverse", "silence", "swap", "rotation"],
)
def test_a_jump_in_is_one_line_with_what_its_card_did(
    card: str, effects: list[Event], english: str, russian: str
) -> None:
    """(the recent moves audit, session 29) "⚡ Bob jumps in with 🟥 ⊘!", then "Cleo misses a turn.": the card
    and what it did were two lines for a jump-in, one for any other play."""
    events: list[Event] = [ev.CardPlayed(1, _a_card(card), jump_in=True), *effects]
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang) for line in in_lines(events)] == [said]


@pytest.mark.parametrize(
    ("drawn", "extra", "colour", "english", "russian"),
    [
        (
            1,
            3,
            True,
            "🧨 Bob draws a Creeper, takes 3 cards more, plays it and chooses 🟥 red.",
            "🧨 Bob вытягивает Крипера, берёт ещё 3 карты, играет его и выбирает цвет: 🟥 красный.",  # noqa: RUF001
        ),
        (
            1,
            3,
            False,
            "🧨 Bob draws a Creeper, takes 3 cards more and plays it.",
            "🧨 Bob вытягивает Крипера, берёт ещё 3 карты и играет его.",  # noqa: RUF001
        ),
        (
            4,
            3,
            True,
            "🧨 Bob draws 4 cards, a Creeper among them: takes 3 cards more, plays the Creeper "
            "and chooses 🟥 red.",
            "🧨 Bob берёт 4 карты, а среди них Крипер: берёт ещё 3 карты, играет этого Крипера "  # noqa: RUF001
            "и выбирает цвет: 🟥 красный.",
        ),
        (
            1,
            0,
            True,
            "🧨 Bob draws a Creeper, plays it and chooses 🟥 red.",
            "🧨 Bob вытягивает Крипера, играет его и выбирает цвет: 🟥 красный.",  # noqa: RUF001
        ),
        (
            4,
            0,
            False,
            "🧨 Bob draws 4 cards, a Creeper among them, and plays the Creeper.",
            "🧨 Bob берёт 4 карты, а среди них Крипер, и играет этого Крипера.",  # noqa: RUF001
        ),
    ],
    ids=["a creeper", "colour to come", "among the cards", "no cards to add", "among them, none to add"],
)
def test_a_creeper_drawn_on_ones_turn_and_played_is_one_line(
    drawn: int, extra: int, colour: bool, english: str, russian: str
) -> None:
    """(the recent moves audit, session 29) "🧨 Bob draws a Creeper and takes 3 cards more.", then "Bob plays
    🧨 Creeper and chooses 🟥 red.": the draw and the card drawn played were one line for any other card."""
    creeper = _first(Kind.CREEPER, DeckName.MINECRAFT)
    events: list[Event] = [_bob_drew(drawn, ev.DrawReason.TURN), ev.CreeperRevealed(2, creeper)]
    events += [_bob_drew(extra, ev.DrawReason.CREEPER)] if extra else []
    events += [ev.CardPlayed(2, creeper)]
    events += [ev.ColourChosen(2, Colour.RED)] if colour else []
    for lang, said in (("en", english), ("ru", russian)):
        assert [
            narrate_line(line, SEATS_OF_THREE, lang, DeckName.MINECRAFT) for line in in_lines(events)
        ] == [said]


def test_a_missed_turn_after_the_timers_colour_keeps_a_draw_told_without_its_end() -> None:
    """The colour the timer chose for a start card's Wild, then a draw the line tells before the move that
    ends it: the draw is not lost behind the colour."""
    colour = ev.ColourChosen(2, Colour.RED, for_timeout=True)
    events: list[Event] = [ev.TimedOut(2, TimeoutKind.TURN), colour, _bob_drew(1, ev.DrawReason.TURN)]
    said = {
        lang: [narrate_line(line, SEATS_OF_THREE, lang) for line in in_lines(events)] for lang in ("en", "ru")
    }
    assert said == {
        "en": ["⏱ Bob ran out of time — the colour is now 🟥 red; draws 1 card."],
        "ru": ["⏱ Bob не успевает сделать ход — теперь цвет 🟥 красный; берёт 1 карту."],
    }


@pytest.mark.parametrize(
    ("events", "english", "russian"),
    [
        (
            [ev.CardsDrawn(2, 0, (), ev.DrawReason.TURN)],
            "Bob takes no card: the cards have run out.",
            "Bob ничего не берёт: карты кончились.",
        ),
        (
            [ev.CardsDrawn(2, 0, (), ev.DrawReason.PENALTY), ev.Skipped(2)],
            "Bob takes no card (the cards have run out) and misses a turn.",
            "Bob ничего не берёт (карты кончились) и пропускает ход.",
        ),
    ],
    ids=["alone", "penalty then the missed turn"],
)
def test_a_draw_that_found_no_card_says_the_cards_ran_out(
    events: list[Event], english: str, russian: str
) -> None:
    """Both piles empty (RULES §3): a draw of 0 cards read as "takes 0 cards", or as a pass after it."""
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang) for line in in_lines(events)] == [said]


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "The two players swap hands."), ("ru", "Игроки меняются картами.")]
)
def test_hands_passed_on_between_two_read_as_a_swap_on_a_line_of_their_own(lang: str, said: str) -> None:
    """The 0 that passed them on gone from the recent moves, the rotation is told alone."""
    assert narrate(ev.HandsRotated(1, 2), SEATS_OF_THREE, lang) == said


@pytest.mark.parametrize(
    ("events", "english", "russian"),
    [
        (
            [ev.CardPlayed(1, _a_card(code)) for code in ("G2", "B2", "R2")],
            "Ann plays 🟩 2, 🟦 2 and 🟥 2.",
            "Ann играет 🟩 2, 🟦 2 и 🟥 2.",
        ),
        (
            [ev.CardPlayed(1, _a_card("R7")), ev.CardPlayed(1, _a_card("G7")), ev.HandsSwapped(1, 3)],
            "Ann plays 🟥 7 and 🟩 7, then swaps hands with 🤖 Computer 3.",
            "Ann играет 🟥 7 и 🟩 7, а затем меняется картами с игроком 🤖 Компьютер 3.",  # noqa: RUF001
        ),
        (
            [ev.CardPlayed(1, _a_card(code)) for code in ("R8", "G8")]
            + [ev.CoverRequired(1), ev.CardPlayed(1, _a_card("G7")), ev.HandsSwapped(1, 3)],
            "Ann plays 🟥 8 and 🟩 8, then covers it with 🟩 7 and swaps hands with 🤖 Computer 3.",
            "Ann играет 🟥 8 и 🟩 8, затем покрывает её картой 🟩 7 "
            "и меняется картами с игроком 🤖 Компьютер 3.",  # noqa: RUF001
        ),
    ],
    ids=["three", "a 7's swap after them", "an 8's cover after them"],
)
def test_the_cards_of_a_multi_play_are_one_line(events: list[Event], english: str, russian: str) -> None:
    """(a game read in Russian, session 51) "• Robo играет 🟩 2. • Robo играет 🟦 2. • Robo играет 🟥 2.":
    three lines, read as three turns, for one; what the last card did follows the cards."""
    assert in_lines(events) == [tuple(events)]
    assert narrate_line(events, SEATS, "en") == english
    assert narrate_line(events, SEATS, "ru") == russian


@pytest.mark.parametrize(
    ("last", "lang", "said"),
    [
        ("YS", "en", ["Ben plays 🟨 Skip.", "🏁 Ben wins round 1."]),
        ("RR", "ru", ["Ben играет 🟥 Разворот.", "🏁 Ben выигрывает раунд 1."]),
        ("G+2", "en", ["Ben plays 🟩 +2.", "Ann takes 2 cards as a penalty.", "🏁 Ben wins round 1."]),
    ],
)
def test_a_last_action_card_reads_as_a_plain_play_and_a_last_draw_card_says_who_draws(
    last: str, lang: str, said: list[str]
) -> None:
    """(session 55) "Ben plays 🟨 Skip: Ann misses a turn." then "🏁 Ben wins round 1.": a last card's skip
    or reverse does not happen (RULES.md §5), its draw does."""
    state = given({1: last, 2: "B9 B1", 3: "Y1 Y2"}, last[0] + "3")
    _, events = act(state, Play(1, state.hands[1][0]))
    seats = {1: Seat(1, "Ben"), 2: Seat(2, "Ann"), 3: Seat(3, "Sam")}
    assert [narrate_line(line, seats, lang) for line in in_lines(events)] == said


def _moves_with_effects() -> list[list[Event]]:
    """A card and what it did at once, each way the table's recent moves tell one: played, jumped in with,
    played for a timed-out player, turned up as a round's start card."""
    timed_out = [ev.TimedOut(2, TimeoutKind.TURN), _bob_drew(1, ev.DrawReason.TURN)]
    return [
        [ev.CardPlayed(1, _a_card("RS")), ev.Skipped(2)],
        [ev.CardPlayed(1, _a_card("RR")), ev.DirectionChanged(-1)],
        [ev.CardPlayed(1, _a_card("R0")), ev.HandsRotated(1, 3)],
        [ev.CardPlayed(1, _a_card("RS"), jump_in=True), ev.Skipped(2)],
        [ev.CardPlayed(1, _a_card("RR"), jump_in=True), ev.DirectionChanged(-1)],
        [*timed_out, ev.CardPlayed(2, _a_card("RS")), ev.Skipped(3)],
        [*timed_out, ev.CardPlayed(2, _a_card("RR")), ev.DirectionChanged(-1)],
        [*timed_out, ev.CardPlayed(2, _a_card("W")), ev.ColourChosen(2, Colour.RED, for_timeout=True)],
        [*timed_out, ev.CardPlayed(2, _a_card("R7")), ev.SilenceStarted(2)],
        [*timed_out, ev.CardPlayed(2, _a_card("D2")), ev.Downpour(2, 2)],
        [ev.RoundStarted(2, 1, 2, _a_card("RS")), ev.Skipped(2)],
        [ev.RoundStarted(2, 1, 1, _a_card("RR")), ev.DirectionChanged(-1)],
        [ev.RoundStarted(2, 1, 2, _a_card("R+2")), *_start_penalty_with_a_creeper()],
    ]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_move_and_what_it_did_are_joined_one_way(lang: str) -> None:
    """(session 55's readings) The recent moves joined a card and what it did three ways: "plays 🟥 Skip: Bob
    misses a turn", "plays 🟥 Reverse — the direction changes", "the start card is 🟥 Reverse, Ann begins;
    the direction changes" (and a timed-out player's ", so"): a colon, each time, in either language. (session
    57) A missed turn's line has that one colon alone ("⏱ Bob ran out of time: draws 1 card and plays 🟥 Skip:
    Cleo misses a turn" had two): its lead ends in a dash. So does a round's first line ("Round 2: Ann deals,
    the start card is 🟥 Skip: Bob misses a turn" had two), and a Creeper its +2 brought is told as a
    timed-out player's is ("🟥 +2: 🧨 Bob takes 2 cards as a penalty, a Creeper among them: takes 3 cards
    more" had two)."""
    for events in _moves_with_effects():
        (line,) = [narrate_line(told, SEATS_OF_THREE, lang, DeckName.H2O) for told in in_lines(events)]
        assert line is not None and line.count(": ") == 1, line
        led = line.startswith(("⏱", "Round", "Раунд"))  # a missed turn's line, a round's first line
        move = line.split(" — ", 1)[1] if led else line
        assert not [joiner for joiner in (" — ", ", so ", ", так что ", "; ") if joiner in move], line


STACKING = Rules(stacking=Stacking.SAME)
EXTREME = Rules(extreme_challenge=True)


def _challenge_of(
    rules: Rules, hands: dict[int, str], stacked: bool = False, left: bool = False
) -> list[Event]:
    """What a challenge did: Ann plays 🌈 +4 on 🟥 3 and chooses 🟩 green (a red card in her hand: a bluff);
    `stacked`: Bob puts his +4 on it and chooses 🟦 blue (a green card in his hand: a bluff), and Cleo
    challenges his; `left`: Ann leaves before Bob challenges hers."""
    state = given(hands, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "W4")), ChooseColour(1, Colour.GREEN))
    if stacked:
        state, _ = act(state, Play(2, card_id(state, 2, "W4")), ChooseColour(2, Colour.BLUE))
    if left:  # no legal action: a leave is no move
        state, _ = apply(state, Leave(1))
    _, events = act(state, Challenge(3 if stacked else 2))
    return events


@pytest.mark.parametrize(
    ("rules", "hands", "stacked", "left", "english", "russian"),
    [
        (
            Rules(),
            {1: "W4 R5 G1", 2: "B9 B1", 3: "B8 B2"},
            False,
            False,
            "Bob challenges Ann, and it was a bluff: Ann takes 4 cards.",
            "Bob оспаривает карту игрока Ann, и это блеф: Ann берёт 4 карты.",
        ),
        (
            Rules(),
            {1: "W4 B5 G1", 2: "B9 B1", 3: "B8 B2"},
            False,
            False,
            "Bob challenges Ann, but the card was fair: Bob takes 6 cards and misses a turn.",
            "Bob оспаривает карту игрока Ann, но всё честно: Bob берёт 6 карт и пропускает ход.",
        ),
        (
            STACKING,
            {1: "W4 B5 G1", 2: "W4 G5 B1", 3: "B8 B2"},
            True,
            False,
            "Cleo challenges Bob, and it was a bluff: Bob takes 8 cards.",
            "Cleo оспаривает карту игрока Bob, и это блеф: Bob берёт 8 карт.",
        ),
        (
            STACKING,
            {1: "W4 B5 G1", 2: "W4 B7 B1", 3: "B8 B2"},
            True,
            False,
            "Cleo challenges Bob, but the card was fair: Cleo takes 10 cards and misses a turn.",
            "Cleo оспаривает карту игрока Bob, но всё честно: Cleo берёт 10 карт и пропускает ход.",
        ),
        (
            EXTREME,
            {1: "W4 R5 G1", 2: "B9 B1", 3: "B8 B2"},
            False,
            False,
            "Bob challenges Ann, and it was a bluff: Ann takes back 🌈 +4 and 4 cards.",
            "Bob оспаривает карту игрока Ann, и это блеф: Ann забирает 🌈 +4 обратно и берёт 4 карты.",
        ),
        (
            EXTREME,
            {1: "W4 B5 G1", 2: "B9 B1", 3: "B8 B2"},
            False,
            False,
            "Bob challenges Ann, but the card was fair: Bob takes 8 cards and misses a turn.",
            "Bob оспаривает карту игрока Ann, но всё честно: Bob берёт 8 карт и пропускает ход.",
        ),
        (
            Rules(),
            {1: "W4 R5 G1", 2: "B9 B1", 3: "B8 B2"},
            False,
            True,
            "Bob challenges Ann, and it was a bluff: Ann has left the game, so nobody takes the 4 cards.",
            "Bob оспаривает карту игрока Ann, и это блеф: Ann уже не в игре, так что 4 карты никто не берёт.",
        ),
        (
            EXTREME,
            {1: "W4 R5 G1", 2: "B9 B1", 3: "B8 B2"},
            False,
            True,
            "Bob challenges Ann, and it was a bluff: the colour is 🟥 red again, and nobody takes the 4 "
            "cards, as Ann has left the game.",
            "Bob оспаривает карту игрока Ann, и это блеф: цвет снова 🟥 красный, а 4 карты никто не берёт — "  # noqa: RUF001
            "Ann уже не в игре.",
        ),
    ],
    ids=[
        "a bluff",
        "a fair card",
        "a stacked bluff",
        "a stacked fair card",
        "an extreme bluff",
        "an extreme fair card",
        "a departed player's bluff",
        "a departed player's extreme bluff",
    ],
)
def test_a_challenge_and_what_it_cost_are_one_line(
    rules: Rules, hands: dict[int, str], stacked: bool, left: bool, english: str, russian: str
) -> None:
    """(a 10-player extreme game, session 57) «Ann оспаривает карту игрока Bob: это был блеф!», «Bob забирает
    🌈 +4 обратно.», «Bob берёт 4 карты после оспаривания.»: three of the table's few lines for one challenge,
    which pushed the moves before it off the table. The challenge, what it undid and what it cost read as
    one line now, whoever pays, however much."""
    events = _challenge_of(rules, hands, stacked, left)
    for lang, said in (("en", english), ("ru", russian)):
        assert [narrate_line(line, SEATS_OF_THREE, lang) for line in in_lines(told(events))] == [said]


@pytest.mark.parametrize(
    ("events", "english", "russian"),
    [
        (
            [
                ev.Challenged(3, 2, True, ()),
                ev.ColourReverted(Colour.RED),
                _bob_drew(4, ev.DrawReason.CHALLENGE),
            ],
            ["Cleo challenges Bob, and it was a bluff: the colour is 🟥 red again, and Bob takes 4 cards."],
            ["Cleo оспаривает карту игрока Bob, и это блеф: цвет снова 🟥 красный, а Bob берёт 4 карты."],  # noqa: RUF001
        ),
        (
            [
                ev.Challenged(3, 2, True, ()),
                ev.CardReturned(2, _a_card("W4")),
                ev.Reshuffled(30),
                _bob_drew(4, ev.DrawReason.CHALLENGE),
            ],
            [
                "The discard pile is shuffled into a new draw pile (30 cards).",
                "Cleo challenges Bob, and it was a bluff: Bob takes back 🌈 +4 and 4 cards.",
            ],
            [
                "Сброс перемешан и стал новой колодой (30 карт).",  # noqa: RUF001
                "Cleo оспаривает карту игрока Bob, и это блеф: Bob забирает 🌈 +4 обратно и берёт 4 карты.",
            ],
        ),
        (
            [ev.Challenged(3, 2, True, ()), ev.Reshuffled(30), _bob_drew(4, ev.DrawReason.CHALLENGE)],
            [
                "The discard pile is shuffled into a new draw pile (30 cards).",
                "Cleo challenges Bob, and it was a bluff: Bob takes 4 cards.",
            ],
            [
                "Сброс перемешан и стал новой колодой (30 карт).",  # noqa: RUF001
                "Cleo оспаривает карту игрока Bob, и это блеф: Bob берёт 4 карты.",
            ],
        ),
        (
            [
                ev.Challenged(2, 1, False, ()),
                ev.CardsDrawn(2, 0, (), ev.DrawReason.CHALLENGE, 6),
                ev.Skipped(2),
            ],
            [
                "Bob challenges Ann, but the card was fair: Bob takes no card (the cards have run out) and "
                "misses a turn."
            ],
            [
                "Bob оспаривает карту игрока Ann, но всё честно: Bob ничего не берёт (карты кончились) и "
                "пропускает ход."
            ],
        ),
        (
            [
                ev.Challenged(3, 2, True, ()),
                ev.CardReturned(2, _a_card("W4")),
                _bob_drew(4, ev.DrawReason.CHALLENGE),
                *_creepers(1),
                _bob_drew(3, ev.DrawReason.CREEPER),
            ],
            [
                "Cleo challenges Bob, and it was a bluff: Bob takes back 🌈 +4.",
                "🧨 Bob takes 4 cards after the challenge, a Creeper among them: takes 3 cards more.",
            ],
            [
                "Cleo оспаривает карту игрока Bob, и это блеф: Bob забирает 🌈 +4 обратно.",
                "🧨 Bob берёт 4 карты после оспаривания, а среди них Крипер: берёт ещё 3 карты.",  # noqa: RUF001
            ],
        ),
    ],
    ids=[
        "its colour undone, its card still on the pile",
        "a reshuffle first",
        "a reshuffle right after the challenge",
        "no card left",
        "a creeper",
    ],
)
def test_a_challenges_line_tells_the_colour_undone_and_the_cards_however_they_came(
    events: list[Event], english: list[str], russian: list[str]
) -> None:
    """The extreme challenge's colour undone while the bluff stays on the pile (reshuffled under since), a
    reshuffle that made room for the cards (told before the challenge, as before a missed turn's draw), the
    piles run out: one line still. A Creeper among the cards keeps its own line, as it does after any
    penalty: two lines, not one past reading."""
    for lang, said in (("en", english), ("ru", russian)):
        lines = in_lines(told(events))
        assert [narrate_line(line, SEATS_OF_THREE, lang, DeckName.MINECRAFT) for line in lines] == said


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_nine_winners_of_heavy_names_are_named_first_few_and_how_many_more(lang: str) -> None:
    """As the standings' title (test_results): all nine as one argument raised past what Fluent takes."""
    seats = {player: Seat(player, heaviest_allowed()) for player in range(1, 10)}
    line = narrate(ev.MatchEnded(tuple(seats), {}), seats, lang)
    assert line is not None
    assert {"en": "and 6 more share the win", "ru": "и ещё 6 игроков делят победу"}[lang] in check_text(line)
