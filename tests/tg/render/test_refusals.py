import pytest

from bot.engine.errors import Reason
from bot.i18n.shared import translator
from bot.service import Person
from bot.tg.render import refusal
from bot.visible_text import ALERT_LIMIT, utf16_length
from tests.narrow_phone import spaced

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


# Up to five on their way to the private chat, each with a name longer than a game's screens show (alike as
# far as that): the alert, which takes at most ALERT_LIMIT, names three as the screens cut them, and of five
# the first three, counting the others.
ON_THEIR_WAY = [Person(user_id, f"Alexandra Konstantinovna {user_id}") for user_id in range(1, 6)]
# Names of mathematical bold letters: one column each, but two UTF-16 units, which the alert's limit counts.
BOLD = "".join(chr(0x1D400 + letter) for letter in range(26))
WIDE_ON_THEIR_WAY = [Person(user_id, f"{BOLD[:9]} {BOLD[9:]}") for user_id in range(1, 6)]


@pytest.mark.parametrize(
    ("lang", "coming", "count", "blocked", "told"),
    [
        (
            "en",
            ON_THEIR_WAY,
            3,
            "all",
            "Alexandra Konst…, Alexandra Kon… ² and Alexandra Kon… ³ haven't pressed"
            " “Restart” (or “Перезапустить”) in the chat with me yet. Wait for them, or press"
            " “Start the game” again to start without them.",
        ),
        (
            "ru",
            WIDE_ON_THEIR_WAY,
            5,
            "some",  # names cut shorter, one label: at the screens' width, the alert's end was cut off
            f"Ждём, пока {BOLD[:9]} {BOLD[9]}…, {BOLD[:9]}… ², {BOLD[:9]}… ³ и ещё 2 игрока нажмут"
            " «Запустить» или «Перезапустить» в чате со мной. Чтобы начать без них, нажмите «Начать игру»"  # noqa: RUF001
            " снова.",
        ),
        (
            "ru",
            ON_THEIR_WAY,
            1,
            "none",  # (session 61) it said «Чтобы не ждать», not that the game then starts without them
            "Ждём, пока Alexandra Konst… нажмёт «Запустить» (или «Start») в чате со мной. Чтобы начать без"  # noqa: RUF001
            " этого игрока, нажмите «Начать игру» снова.",
        ),
    ],
)
def test_a_start_refused_for_those_on_their_way_names_them_within_an_alert(
    lang: str, coming: list[Person], count: int, blocked: str, told: str
) -> None:
    """(session 58) It said "someone who wants to play hasn't pressed Start": the host could not tell whom
    to wait for, or to nudge."""
    text = refusal(
        "joiners_on_their_way", lang, people={"names": coming[:count]}, count=count, blocked=blocked
    )
    assert spaced(text) == told and utf16_length(text) <= ALERT_LIMIT


# The longest names an alert shows: at ALERT_NAME_LIMIT (12 letters' width), of letters one UTF-16 unit each.
LONGEST_ON_THEIR_WAY = [Person(user_id, "Ш" * 30) for user_id in range(1, 6)]
BOTH_LABELS = {
    "en": {"all": "“Restart” (or “Перезапустить”)", "none": "“Start” (or “Запустить”)"},
    "ru": {"all": "«Перезапустить» (или «Restart»)", "none": "«Запустить» (или «Start»)"},
}
AGAIN = {"en": "again to start without them.", "ru": "снова."}


@pytest.mark.parametrize("group_lang", ["en", "ru"])
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("blocked", ["all", "some", "none"])
@pytest.mark.parametrize("count", [1, 2, 3, 4, 5])
def test_a_start_refused_for_those_on_their_way_names_both_labels_of_the_start_button_where_they_fit(
    count: int, blocked: str, lang: str, group_lang: str
) -> None:
    """(session 59's list) It named the one label of the private chat's Start button, in the alert's language:
    Telegram labels it in each reader's app language, and /hand named both. Both fit the alert's 200
    characters with the longest names it shows, but when some of three or more blocked the bot (four labels,
    in English from three names on): there it names one each, as before, and its end (what to press) stays."""
    people = {"names": LONGEST_ON_THEIR_WAY[:count]}
    args = {"count": count, "blocked": blocked}
    text = refusal("joiners_on_their_way", lang, group_lang, people, **args)  # type: ignore[arg-type]
    assert utf16_length(text) <= ALERT_LIMIT and text.endswith(AGAIN[lang]), text
    labels = BOTH_LABELS[lang]
    both = [labels["none"], labels["all"]] if blocked == "some" else [labels[blocked]]
    named = all(label in text for label in both)
    assert named or (blocked == "some" and count >= 3), text
    assert named or "(" not in text, text  # else one label each: "“Start” or “Restart”"
