import pytest

from bot.engine.errors import Reason
from bot.i18n.shared import translator
from bot.tg.render import refusal
from bot.tg.send import ALERT_LIMIT
from bot.visible_text import utf16_length

# The reasons the service and the adapter refuse with (Refusal(reason), render.refusal(reason)).
ADAPTER_REASONS = (
    "stale",
    "not_your_button",
    "not_a_player",
    "not_in_match",
    "no_longer_in_match",
    "no_game",
    "not_admin",
    "lobby_full",
    "already_joined",
    "not_in_group",
    "need_two_players",
    "game_running",
    "too_late_to_join",
    "lobby_left_started",
    "nobody_to_catch",
    "catch_yourself",
    "uno_not_now",
    "no_computer",
    "penalty_take",
    "penalty_take_or_challenge",
    "penalty_take_or_add",
    "choose_colour_first",
    "choose_swap_first",
    "unknown",
)
REASONS = sorted({reason.value for reason in Reason} | set(ADAPTER_REASONS))


@pytest.mark.parametrize("reason", REASONS)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_reason_has_its_own_short_alert(reason: str, lang: str) -> None:
    assert translator.has(lang, "refusal-" + reason.replace("_", "-"))  # type: ignore[arg-type]
    text = refusal(reason, lang)
    assert 0 < utf16_length(text) <= ALERT_LIMIT and "<" not in text


def test_unknown_reasons_and_languages_fall_back() -> None:
    assert refusal("something_new", "ru") == refusal("unknown", "ru") == "Сейчас так нельзя."
    assert refusal("not_your_turn", "de") == "It's not your turn."
    assert refusal("not_your_turn", "ru-RU") == "Сейчас не ваш ход."


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(
    "reason", ["not_in_match", "lobby_left_started", "not_paused_muted", "game_unreadable"]
)
def test_a_refusal_sends_nobody_to_the_group_when_the_game_is_in_a_topic(reason: str, lang: str) -> None:
    """(session 57's forum transcript) "send /notifyme in the group", "send /leave in the group" (or its
    group) and "/stop in the group", said of a game in a forum topic, sent their reader to the group's
    General, whose game (if any) is another: each says "here", "where it's played", or no place."""
    text = refusal(reason, lang)
    assert "group" not in text and "групп" not in text, text
