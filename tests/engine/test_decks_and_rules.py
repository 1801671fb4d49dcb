"""RULES.md section 1 (decks, points) and the rules object (settings, presets, validation)."""

from collections import Counter
from collections.abc import Callable

import pytest

from bot.engine import (
    PRESETS,
    SETTINGS,
    DeckName,
    JumpIn,
    Kind,
    Rules,
    RulesError,
    Scoring,
    SettingType,
    Stacking,
    deck_cards,
    find_card,
    preset,
)


@pytest.mark.parametrize(
    ("deck", "size", "extra"),
    [
        (DeckName.CLASSIC, 108, {}),
        (DeckName.CLASSIC_BLANK, 112, {Kind.BLANK: 4}),
        (DeckName.H2O, 112, {Kind.DOWNPOUR_ONE: 2, Kind.DOWNPOUR_TWO: 2}),
        (DeckName.MINECRAFT, 112, {Kind.CREEPER: 4}),
    ],
)
def test_deck_composition(deck: DeckName, size: int, extra: dict[Kind, int]) -> None:
    cards = deck_cards(deck)
    assert len(cards) == size
    assert [card.id for card in cards] == list(range(size))
    kinds = Counter(card.kind for card in cards)
    assert kinds[Kind.NUMBER] == 76
    assert kinds[Kind.SKIP] == kinds[Kind.REVERSE] == kinds[Kind.DRAW_TWO] == 8
    assert kinds[Kind.WILD] == kinds[Kind.WILD_DRAW_FOUR] == 4
    for kind, count in extra.items():
        assert kinds[kind] == count
        assert all(card.colour is None for card in cards if card.kind is kind)
    codes = Counter(card.code for card in cards)
    assert (
        codes["R0"] == 1 and codes["R7"] == 2 and codes["B+2"] == 2 and codes["GS"] == 2 and codes["YR"] == 2
    )


def test_points() -> None:
    assert sum(card.points for card in deck_cards(DeckName.CLASSIC)) == 1240
    by_code = {card.code: card.points for card in deck_cards(DeckName.MINECRAFT)}
    assert by_code["R7"] == 7 and by_code["B0"] == 0
    assert by_code["GS"] == by_code["YR"] == by_code["B+2"] == 20
    assert by_code["W"] == by_code["W4"] == by_code["CR"] == 50
    assert {card.points for card in deck_cards(DeckName.H2O) if card.kind.name.startswith("DOWNPOUR")} == {50}
    assert {card.points for card in deck_cards(DeckName.CLASSIC_BLANK) if card.kind is Kind.BLANK} == {50}


def test_find_card_skips_the_excluded_cards() -> None:
    first = find_card(DeckName.CLASSIC, "W")
    second = find_card(DeckName.CLASSIC, "W", frozenset({first.id}))
    assert second.code == "W" and second.id > first.id
    with pytest.raises(KeyError):
        find_card(DeckName.CLASSIC, "R0", frozenset({find_card(DeckName.CLASSIC, "R0").id}))  # only one


def test_defaults_are_the_official_game() -> None:
    rules = Rules()
    assert rules == preset("official")
    assert (
        rules.deck is DeckName.CLASSIC
        and rules.hand_size == 7
        and rules.wd4_challenge
        and rules.black_on_black
    )
    assert rules.uno_penalty == 2 and rules.uno_window_seconds == 10 and rules.false_catch_penalty == 0
    assert rules.scoring is Scoring.WINNER_TAKES and rules.target_score == 500
    assert rules.turn_seconds == 60 and rules.afk_limit == 3 and rules.slap_seconds == 5


def test_presets() -> None:
    assert set(PRESETS) == {"official", "house", "extreme", "h2o", "minecraft"}
    house = preset("house")
    assert house.stacking is Stacking.SAME and house.jump_in is JumpIn.ON and house.seven_zero
    extreme = preset("extreme")
    for name in (
        "extreme_draw_chain",
        "skip_chain",
        "eight_cover",
        "zero_slap",
        "seven_silence",
        "extreme_wild_restriction",
        "extreme_challenge",
        "extreme_start",
        "lone_zero_100",
    ):
        assert getattr(extreme, name) is True, name
    assert extreme.stacking is Stacking.OFF and extreme.jump_in is JumpIn.EXTREME
    assert extreme.scoring is Scoring.OWN_HAND and extreme.false_catch_penalty == 1
    assert preset("h2o").deck is DeckName.H2O and preset("minecraft").deck is DeckName.MINECRAFT
    with pytest.raises(RulesError) as error:
        preset("nope")
    assert error.value.setting == "preset"


# RULES.md section 9, as a table: what each preset changes; every other setting keeps its default.
PRESET_CHANGES: dict[str, dict[str, object]] = {
    "official": {},
    "house": {"stacking": "same", "jump_in": "on", "seven_zero": True},
    "extreme": {
        "stacking": "off",
        "extreme_draw_chain": True,
        "skip_chain": True,
        "eight_cover": True,
        "zero_slap": True,
        "seven_silence": True,
        "extreme_wild_restriction": True,
        "extreme_challenge": True,
        "extreme_start": True,
        "jump_in": "extreme",
        "scoring": "own_hand",
        "lone_zero_100": True,
        "false_catch_penalty": 1,
    },
    "h2o": {"deck": "h2o"},
    "minecraft": {"deck": "minecraft"},
}


@pytest.mark.parametrize("name", sorted(PRESET_CHANGES))
def test_a_preset_changes_exactly_what_its_row_lists(name: str) -> None:
    assert preset(name).to_dict() == {**Rules().to_dict(), **PRESET_CHANGES[name]}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_rules_round_trip_through_json_values(name: str) -> None:
    rules = preset(name)
    assert Rules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize(
    ("data", "setting"),
    [
        ({"hand_size": 4}, "hand_size"),
        ({"hand_size": 11}, "hand_size"),
        ({"hand_size": True}, "hand_size"),
        ({"turn_seconds": 14}, "turn_seconds"),
        ({"turn_seconds": 601}, "turn_seconds"),
        ({"uno_window_seconds": 2}, "uno_window_seconds"),
        ({"uno_window_seconds": 61}, "uno_window_seconds"),
        ({"target_score": 99}, "target_score"),
        ({"target_score": 2001}, "target_score"),
        ({"stacking": "sometimes"}, "stacking"),
        ({"deck": "tarot"}, "deck"),
        ({"jump_in": 1}, "jump_in"),
        ({"seven_zero": "yes"}, "seven_zero"),
        ({"colour_blind": True}, "colour_blind"),
    ],
)
def test_bad_settings_are_refused_by_name(data: dict[str, object], setting: str) -> None:
    with pytest.raises(RulesError) as error:
        Rules.from_dict(data)
    assert error.value.setting == setting
    assert setting in str(error.value)


@pytest.mark.parametrize(
    ("make", "setting"),
    [
        (lambda: Rules.from_dict(None), "rules"),
        (lambda: Rules.from_dict([("hand_size", 7)]), "rules"),
        (lambda: Rules().changed(hand_size=7.0), "hand_size"),
        (lambda: Rules().changed(turn_seconds=None), "turn_seconds"),
        (lambda: Rules(hand_size=99), "hand_size"),
        (lambda: Rules(deck="tarot"), "deck"),
        (lambda: Rules(stacking="same"), "stacking"),  # a member, not its value
    ],
)
def test_every_way_of_making_rules_refuses_a_bad_value_by_name(
    make: Callable[[], Rules], setting: str
) -> None:
    with pytest.raises(RulesError) as error:
        make()
    assert error.value.setting == setting


def test_turn_timer_can_be_switched_off_and_partial_updates_keep_the_rest() -> None:
    rules = Rules.from_dict({"turn_seconds": 0}, base=preset("house"))
    assert rules.turn_seconds == 0 and rules.stacking is Stacking.SAME
    assert Rules().changed(stacking="mixed", hand_size=10).stacking is Stacking.MIXED
    with pytest.raises(RulesError):
        Rules().changed(hand_size=3)


def test_metadata_describes_every_setting() -> None:
    names = [spec.name for spec in SETTINGS]
    assert names == list(Rules().to_dict())
    by_name = {spec.name: spec for spec in SETTINGS}
    assert by_name["stacking"].type is SettingType.CHOICE and by_name["stacking"].choices == (
        "off",
        "same",
        "mixed",
    )
    assert by_name["jump_in"].choices == ("off", "on", "extreme")
    assert by_name["draw_rule"].choices == ("single", "until_playable")
    assert by_name["blank_effect"].default == "draw_ten"
    assert by_name["hand_size"].type is SettingType.INT
    assert (by_name["hand_size"].minimum, by_name["hand_size"].maximum, by_name["hand_size"].default) == (
        5,
        10,
        7,
    )
    assert by_name["turn_seconds"].off_value == 0 and by_name["turn_seconds"].minimum == 15
    assert by_name["jump_in"].default == "off" and by_name["seven_zero"].type is SettingType.BOOL
    for spec in SETTINGS:
        assert spec.allows(spec.default), spec.name


# Every number setting: (default, smallest, largest) allowed.
NUMBER_RANGES: dict[str, tuple[int, int, int]] = {
    "hand_size": (7, 5, 10),
    "slap_seconds": (5, 2, 30),
    "uno_penalty": (2, 1, 10),
    "uno_window_seconds": (10, 3, 60),
    "false_catch_penalty": (0, 0, 4),
    "target_score": (500, 100, 2000),
    "turn_seconds": (60, 15, 600),  # or 0, off
    "afk_limit": (3, 1, 10),
}


def test_every_number_setting_has_its_range_listed() -> None:
    assert set(NUMBER_RANGES) == {spec.name for spec in SETTINGS if spec.type is SettingType.INT}


@pytest.mark.parametrize("name", sorted(NUMBER_RANGES))
def test_a_number_setting_allows_its_whole_range_and_refuses_one_past_either_end_by_name(name: str) -> None:
    default, smallest, largest = NUMBER_RANGES[name]
    assert Rules().to_dict()[name] == default
    for value in (smallest, largest):
        assert Rules.from_dict({name: value}).to_dict()[name] == value
    for value in (smallest - 1, largest + 1):
        with pytest.raises(RulesError) as error:
            Rules.from_dict({name: value})
        assert error.value.setting == name
