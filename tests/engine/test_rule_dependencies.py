"""The table of settings without effect (or with part of it) under others, and the engine playing it so."""

import pytest

from bot.engine import (
    BlankEffect,
    Challenge,
    ChooseColour,
    Colour,
    DeckName,
    IllegalAction,
    Play,
    Reason,
    Rules,
    Scoring,
    Stacking,
    apply,
    legal_actions,
)
from bot.engine.events import RoundEnded
from bot.engine.rule_dependencies import in_effect, inactive, overridden

from .helpers import act, card_id, given

CHAIN_AND_STACKING = Rules(stacking=Stacking.SAME, extreme_draw_chain=True)
NO_CHALLENGES = Rules(wd4_challenge=False, extreme_challenge=True, extreme_wild_restriction=True)


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        (Rules(), []),
        (Rules(blank_effect=BlankEffect.WILD), [("blank_effect", "deck", True)]),
        (Rules(deck=DeckName.CLASSIC_BLANK, blank_effect=BlankEffect.WILD), []),
        (Rules(slap_seconds=10), [("slap_seconds", "zero_slap", True)]),
        (Rules(zero_slap=True, slap_seconds=10), []),
        (Rules(turn_seconds=0, afk_limit=5), [("afk_limit", "turn_seconds", True)]),
        (Rules(turn_seconds=0), []),  # the AFK limit at its default changes nothing either way
        (
            Rules(scoring=Scoring.SINGLE_ROUND, target_score=200, lone_zero_100=True),
            [("target_score", "scoring", True), ("lone_zero_100", "scoring", True)],
        ),
        (
            NO_CHALLENGES,
            [
                ("extreme_challenge", "wd4_challenge", True),
                ("extreme_wild_restriction", "wd4_challenge", False),
            ],
        ),
        (CHAIN_AND_STACKING, [("stacking", "extreme_draw_chain", False)]),
        (Rules(black_on_black=False, stacking=Stacking.MIXED), [("black_on_black", "stacking", False)]),
        (Rules(black_on_black=False, stacking=Stacking.SAME), [("black_on_black", "stacking", False)]),
        (Rules(black_on_black=False), []),
        (Rules(extreme_draw_chain=True), []),
    ],
)
def test_overridden_names_each_changed_setting_the_others_leave_without_effect(
    rules: Rules, expected: list[tuple[str, str, bool]]
) -> None:
    assert [(d.setting, d.cause, d.whole) for d in overridden(rules)] == expected


def test_rules_in_effect_reset_only_what_has_no_effect() -> None:
    rules = Rules(
        blank_effect=BlankEffect.WILD,
        slap_seconds=10,
        afk_limit=5,
        stacking=Stacking.SAME,
        extreme_draw_chain=True,
    )
    assert in_effect(rules) == Rules(afk_limit=5, stacking=Stacking.SAME, extreme_draw_chain=True)
    assert in_effect(Rules(slap_seconds=10)) == Rules()
    assert inactive(Rules(), "slap_seconds") and not inactive(Rules(zero_slap=True), "slap_seconds")
    assert not inactive(CHAIN_AND_STACKING, "stacking"), "stacking is only partly overridden"


def test_under_the_draw_chain_a_two_does_not_stack_but_a_four_still_does() -> None:
    state = given({1: "R+2 W4 G2", 2: "B+2 W4 B3", 3: "G5 G6 G7"}, "R3", rules=CHAIN_AND_STACKING)
    chained, _ = act(state, Play(1, card_id(state, 1, "R+2")))
    with pytest.raises(IllegalAction):
        apply(chained, Play(2, card_id(chained, 2, "B+2")))
    state, _ = act(state, Play(1, card_id(state, 1, "W4")), ChooseColour(1, Colour.RED))
    assert Play(2, card_id(state, 2, "W4")) in legal_actions(state, 2)


def test_without_challenges_the_extreme_challenge_never_comes_but_the_wild_stays_restricted() -> None:
    state = given({1: "W4 W R5", 2: "B9 B1 G5", 3: "B8 B2 G6"}, "R3", rules=NO_CHALLENGES)
    with pytest.raises(IllegalAction) as error:  # holds red: the Wild is refused like a +4 would be
        apply(state, Play(1, card_id(state, 1, "W")))
    assert error.value.reason is Reason.WILD_NOT_ALLOWED
    state = given({1: "W4 W R5", 2: "B9 B1 G5", 3: "B8 B2 G6"}, "G3", rules=NO_CHALLENGES)
    state, _ = act(state, Play(1, card_id(state, 1, "W4")), ChooseColour(1, Colour.BLUE))
    assert Challenge(2) not in legal_actions(state, 2)


def test_a_lone_zero_counts_its_face_value_when_a_match_is_a_single_round() -> None:
    rules = Rules(lone_zero_100=True, scoring=Scoring.SINGLE_ROUND)
    state = given({1: "R5", 2: "B0", 3: "G0 G1"}, "R3", rules=rules)
    state, events = act(state, Play(1, card_id(state, 1, "R5")))
    assert next(e for e in events if isinstance(e, RoundEnded)).hand_points == {1: 0, 2: 0, 3: 1}
