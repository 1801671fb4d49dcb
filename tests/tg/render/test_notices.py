import pytest

from bot.tg.render.names import PLAYER_NAME_LIMIT, plain_game_name
from bot.tg.render.notices import idle_warning, kick_noted_alert, kick_noted_last, kick_noted_playing, kicked
from bot.tg.render.text import t
from bot.tg.render.views import Seat
from bot.visible_text import ALERT_LIMIT, utf16_length
from tests.narrow_phone import spaced
from tests.tg.render.checks import check_render, check_text

MINUTE_MS = 60_000


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "nobody has moved for 59 minutes, and without a move the game stops in 1 minute, as a loss",
        ),
        ("ru", "уже 59 минут никто не ходит. Если вы не сходите в ближайшую минуту, игра остановится и вам"),
    ],
)
def test_the_idle_warning_counts_a_last_minute_as_one(lang: str, said: str) -> None:
    """A timer that fires late leaves the stop a minute away: "in 1 minute", not "in 1 minutes"."""
    text = check_render(idle_warning({10: Seat(10, "Bob")}, 10, 59 * MINUTE_MS, 30_000, lang))
    assert said in spaced(text)


# Alice runs the game, Bob and a second Bob play; Dan is a chat admin outside it
SEATS = {1: Seat(1, "Alice", runs=True), 2: Seat(2, "Bob"), 3: Seat(3, "Bob", twin=2)}
DAN = Seat(9, "Dan <admin>")


@pytest.mark.parametrize(
    ("kicker", "lang", "said"),
    [
        (SEATS[1], "en", "Alice removed Bob ² from the game."),
        (SEATS[1], "ru", "Игрока Bob ² убрал из игры игрок Alice."),
        (DAN, "en", "Dan <admin>, a chat admin, removed Bob ² from the game."),
        (DAN, "ru", "Игрока Bob ² убрал из игры администратор чата Dan <admin>."),
        (None, "en", "A chat admin removed Bob ² from the game."),
        (None, "ru", "Игрока Bob ² убрал из игры администратор чата."),
    ],
    ids=["player-en", "player-ru", "admin-en", "admin-ru", "anonymous-en", "anonymous-ru"],
)
def test_a_kick_notice_names_the_kicker(kicker: Seat | None, lang: str, said: str) -> None:
    """(session 61) The group read "Bob was removed from the game.", whoever did it: it names the kicker as
    the screens name a player, an admin outside the match by their name, and an anonymous admin (None), who
    writes as the group, as a chat admin, as /stop's answer does. Russian says it with «игрок» and
    «администратор чата», which the verb agrees with: a name tells no gender («Алиса убрал»)."""
    assert spaced(check_text(kicked(SEATS, 3, kicker, lang))) == said


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "Alice removed Bob from the game. Bob was still playing, so if Alice wins now, the match counts"
            " for nobody.",
        ),
        (
            "ru",
            "Игрока Bob убрал из игры игрок Alice. Игрок Bob ещё играл, поэтому если теперь выиграет Alice,"
            " матч никому не засчитается.",
        ),
    ],
)
def test_a_kick_of_one_still_playing_names_both_and_whose_win_would_count_for_nobody(
    lang: str, said: str
) -> None:
    """Two players named in one notice: "They were still playing" would not say which of them."""
    assert check_text(kicked(SEATS, 2, SEATS[1], lang, playing=True)) == said


@pytest.mark.parametrize(
    ("lang", "left", "said"),
    [
        (
            "en",
            (4,),
            "Alice removed Bob from the game. Bob was still playing, so if Alice wins now, the match counts"
            " only as a loss for Eve, who left it.",
        ),
        (
            "ru",
            (4,),
            "Игрока Bob убрал из игры игрок Alice. Игрок Bob ещё играл, поэтому если теперь выиграет Alice,"
            " матч засчитается только как поражение тому, кто из него вышел, — Eve.",
        ),
        (
            "en",
            (4, 5),
            "Alice removed Bob from the game. Bob was still playing, so if Alice wins now, the match counts"
            " only as a loss for Eve and Fay, who each left it.",
        ),
        (
            "ru",
            (4, 5),
            "Игрока Bob убрал из игры игрок Alice. Игрок Bob ещё играл, поэтому если теперь выиграет Alice,"
            " матч засчитается только как поражение тем, кто из него вышел, — Eve и Fay.",
        ),
    ],
)
def test_a_kick_of_one_still_playing_names_who_left_before_for_whom_a_win_still_counts_as_a_loss(
    lang: str, left: tuple[int, ...], said: str
) -> None:
    """(session 61) Eve had left when Alice removed Bob: the group read "if Alice wins now, the match counts
    for nobody", and her loss stood (bot.service.results.losses_kept), as the results then said."""
    seats = {**SEATS, 4: Seat(4, "Eve"), 5: Seat(5, "Fay")}
    assert check_text(kicked(seats, 2, SEATS[1], lang, playing=True, lost_by_leaving=left)) == said


@pytest.mark.parametrize(
    ("lang", "left", "said"),
    [
        ("en", (), "Bob is still playing, so if you win now, the match counts for nobody."),
        ("ru", (), "Игрок Bob ещё играет, поэтому если теперь выиграете вы, матч никому не засчитается."),
        (
            "en",
            (4,),
            "Bob is still playing, so if you win now, the match counts only as a loss for Eve, who left it.",
        ),
        (
            "ru",
            (4,),
            "Игрок Bob ещё играет, поэтому если теперь выиграете вы, матч засчитается только как поражение"
            " тому, кто из него вышел, — Eve.",
        ),
        (
            "en",
            (4, 5),
            "Bob is still playing, so if you win now, the match counts only as a loss for Eve and Fay, who"
            " each left it.",
        ),
        (
            "ru",
            (4, 5),
            "Игрок Bob ещё играет, поэтому если теперь выиграете вы, матч засчитается только как поражение"
            " тем, кто из него вышел, — Eve и Fay.",
        ),
    ],
)
def test_a_kick_of_one_still_playing_noted_in_a_paused_match_tells_its_sender_for_whom_a_win_counts(
    lang: str, left: tuple[int, ...], said: str
) -> None:
    """(session 61) Alice's /kick of Bob, noted while the match was paused, told her in private "if you win
    now, the match counts for nobody" though Eve had left it, whose loss stands (bot.service.results
    .losses_kept), as the group's notice of a kick (`kicked`) and the results say."""
    seats = {**SEATS, 4: Seat(4, "Eve"), 5: Seat(5, "Fay")}
    assert check_text(kick_noted_playing(seats, 2, lang, left)) == said


def test_a_kick_noted_as_a_press_pauses_the_match_tells_its_cost_in_plain_names() -> None:
    """(session 62) The alert of a kick button pressed as the match paused says what the kick costs, as a
    typed /kick's answer (HTML) does: an alert shows no HTML, so its names are not escaped."""
    seats = {**SEATS, 2: Seat(2, "Bob & <Co>"), 4: Seat(4, "Eve & Fay")}
    assert spaced(kick_noted_playing(seats, 2, "en", alert=True)) == (
        "Bob & <Co> is still playing, so if you win now, the match counts for nobody."
    )
    assert spaced(kick_noted_playing(seats, 2, "en", (4,), alert=True)) == (
        "If you win now, the match counts only as a loss for Eve & Fay, who left it."
    )
    assert spaced(kick_noted_last(seats, 2, "en", alert=True)) == (
        "When the game goes on, only Bob & <Co> will be left in it, so it stops at once and nobody wins."
    )


# Ten players whose names are as long as the screens show them (PLAYER_NAME_LIMIT letters)
LONGEST = {
    player: Seat(player, name)
    for player, name in enumerate(
        (
            "Alexandrina Kons",
            "Bartholomew Smit",
            "Christopher Jone",
            "Dominique Lefevr",
            "Evangeline Brown",
            "Fitzgerald Scott",
            "Gwendolyn Harris",
            "Maximilian Kowal",
            "Anastasia Petrov",
            "Konstantin Popov",
        ),
        1,
    )
}


def _bold(name: str) -> str:
    """`name` in mathematical bold letters: 4 bytes, 2 UTF-16 units a letter, the most a letter takes."""
    bold = {chr(ord("A") + i): chr(0x1D400 + i) for i in range(26)}
    bold |= {chr(ord("a") + i): chr(0x1D41A + i) for i in range(26)}
    return "".join(bold.get(letter, letter) for letter in name)


# The same players named in letters of 2 UTF-16 units each: as many letters, twice Telegram's count
WIDEST = {player: Seat(player, _bold(seat.name)) for player, seat in LONGEST.items()}
NAMED = (True, False)  # an alert's cost as it names players, then naming none


@pytest.mark.parametrize("seats", [LONGEST, WIDEST], ids=["latin", "4-byte"])
@pytest.mark.parametrize("muted", [False, True], ids=["closed topic", "muted"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_kick_noted_as_a_press_pauses_the_match_fits_an_alert_whole_with_the_longest_names(
    lang: str, muted: bool, seats: dict[int, Seat]
) -> None:
    """(session 62) Alexandrina removed Bartholomew by the kick button as the match paused, Christopher
    having left it: the alert, "… counts only as a loss for Christopher, who left it", ran to ~230 characters
    in Russian (~280 with three who left), and Telegram, which shows 200, cut its end. Its variant names the
    first who left and counts the rest, and leaves who is still playing to the sentence before."""
    assert all(len(seat.name) == PLAYER_NAME_LIMIT for seat in seats.values())
    kicked = plain_game_name(seats, 2, lang)
    costs = [
        [kick_noted_playing(seats, 2, lang, tuple(range(3, 3 + left)), alert=True, named=n) for n in NAMED]
        for left in range(9)
    ]
    costs += [[kick_noted_last(seats, 1, lang, alert=True, named=named) for named in NAMED]]
    costs += [[t(lang, "gameplay-kick-noted-alone")]]
    for forms in costs:
        alert = kick_noted_alert(kicked, forms, lang, muted=muted)
        assert utf16_length(alert) <= ALERT_LIMIT, (utf16_length(alert), alert)
        # said whole: Latin names named, wider ones left out where they must be
        assert alert.endswith(forms[0] if seats is LONGEST else tuple(forms)), alert
    if seats is WIDEST:  # the longest: the one player left (Alexandrina) unnamed, and its end read
        alert = kick_noted_alert(kicked, costs[9], lang, muted=True)
        end = "nobody wins." if lang == "en" else "победителя не будет."
        assert spaced(alert).endswith(end) and WIDEST[1].name[:2] not in alert, alert
        return
    costs = [forms[0] for forms in costs]  # Latin names fit named
    said = {  # one who left named; eight, the first and how many more
        "en": (
            "If you win now, the match counts only as a loss for Christopher Jone, who left it.",
            "If you win now, the match counts only as a loss for Christopher Jone and 7 more, who each left"
            " it.",
        ),
        "ru": (
            "Если теперь выиграете вы, матч засчитается только как поражение вышедшему из него: Christopher"
            " Jone.",
            "Если теперь выиграете вы, матч засчитается только как поражение вышедшим из него: Christopher"
            " Jone и ещё 7 игроков.",
        ),
    }
    assert (spaced(costs[1]), spaced(costs[8])) == said[lang]
