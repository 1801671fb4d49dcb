from dataclasses import replace
from datetime import UTC, datetime

import pytest

from bot.i18n import Translator
from bot.service.leaderboards import (
    PAGE_SIZE,
    LeaderboardEntry,
    LeaderboardPage,
    Ordering,
    Period,
    PersonalStats,
)
from bot.tg.board_views import UNPLACED, BoardChoice, Scope, leaderboard_render
from bot.tg.callback_data import MAX_ARG, MAX_BYTES, CallbackData, decode
from bot.tg.stats_views import display_name, personal_text, sparkline
from tests.fake_bot_api.html_text import parse_html, utf16_len
from tests.narrow_phone import NARROW_LINE, spaced, width

LONG_NAME = '<&>"' * 60  # 240 characters that all need escaping


@pytest.fixture(scope="module")
def translator() -> Translator:
    return Translator()


def entry(rank: int) -> LeaderboardEntry:
    return LeaderboardEntry(rank, rank, LONG_NAME, 2999.0, True, 99_999, 99_999, 9_999_999, True)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_full_page_of_long_names_is_valid_html_within_telegrams_limits(
    translator: Translator, language: str
) -> None:
    entries = tuple(entry(rank) for rank in range(1, PAGE_SIZE + 1))
    board = LeaderboardPage(entries, 5, MAX_ARG + 9, 10**6, viewer=entry(10**6))  # with the asker's own line
    choice = BoardChoice(Scope.CHAT, Ordering.WIN_RATE, Period.THIS_MONTH, 5)
    render = leaderboard_render(translator, language, board, choice, LONG_NAME)
    text, _ = parse_html(render.text)
    assert utf16_len(text) <= 4096
    assert "<&>" in text  # the names came through escaped, and were shortened
    assert render.reply_markup is not None
    for row in render.reply_markup.inline_keyboard:
        for button in row:
            assert isinstance(button.callback_data, str)
            assert len(button.callback_data.encode()) <= MAX_BYTES
            assert isinstance(decode(button.callback_data), CallbackData)


def test_the_last_page_the_codec_can_carry_has_no_next_button(translator: Translator) -> None:
    board = LeaderboardPage((entry(1),), MAX_ARG, MAX_ARG + 5, 10**6)
    render = leaderboard_render(translator, "en", board, BoardChoice(Scope.GLOBAL, page=MAX_ARG), None)
    assert render.reply_markup is not None
    assert [button.text for button in render.reply_markup.inline_keyboard[-1]] == ["« Back"]


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        pytest.param("Ann & Bob", "Ann &amp; Bob", id="escaped"),
        pytest.param("x" * 100, "x" * 23 + "…", id="shortened"),
        pytest.param("Eve\u202e  Smith", "Eve Smith", id="bidi override and spaces cleaned"),
        pytest.param("\u3164", "Player 7", id="invisible name: the game's fallback"),
        pytest.param("\u200b\u2800", "Player 7", id="zero-width and braille blank"),
    ],
)
def test_names_are_cleaned_like_the_game_texts(raw: str, shown: str) -> None:
    assert spaced(display_name(7, raw, "en")) == shown


def stats_of_eve() -> PersonalStats:
    return PersonalStats(
        user_id=5,
        name="Eve",
        matches=1,
        wins=1,
        rounds_won=1,
        points=10,
        best_win_streak=1,
        uno_calls=0,
        catches_made=0,
        catches_suffered=0,
        challenges_won=0,
        challenges_lost=0,
        average_place=1.0,
        rating=1500.0,
        provisional=True,
        rating_history=(),
    )


def test_board_lines_and_stats_title_show_cleaned_names(translator: Translator) -> None:
    board = LeaderboardPage((replace(entry(1), user_id=5, name="\u3164"),), 0, 1, 1)
    text = leaderboard_render(translator, "ru", board, BoardChoice(Scope.CHAT), "Chat\u202e").text
    assert "\u202e" not in text and "\u3164" not in text and "<b>Игрок 5</b>" in spaced(text)
    stats = replace(stats_of_eve(), name="Eve\u202e")
    assert personal_text(translator, "en", stats).splitlines()[0] == "📊 <b>Eve</b>"


def test_choices_from_unknown_values_are_refused() -> None:
    assert BoardChoice.from_args((0, 3, 1, 7)) == BoardChoice(
        Scope.CHAT, Ordering.POINTS, Period.THIS_MONTH, 7
    )
    assert BoardChoice.from_args((2, 0, 0, 0)) is None
    assert BoardChoice.from_args((0, 4, 0, 0)) is None
    assert BoardChoice.from_args((0, 0, 2, 0)) is None


def test_sparkline_spans_low_to_high() -> None:
    assert sparkline((1500.0, 1550.0, 1600.0)) == "▁▃▇"
    assert sparkline((1500.0, 1500.0)) == "▅▅"


def test_sparkline_bars_come_from_one_font_on_windows() -> None:
    """Windows' text fonts (Arial: the WGL4 set) carry ▄ and █ but no other eighth block, and Telegram
    Desktop's Open Sans and Web's Roboto carry none: a line with ▄ or █ drew those two from Arial (the first
    fallback of Desktop's Qt, of Web's "sans-serif") and the rest from a symbol font, at uneven heights. Six
    bars that all come from the symbol font remain."""
    line = sparkline(tuple(float(value) for value in range(1500, 1620, 5)))
    assert line[0] == "▁" and line[-1] == "▇" and len(set(line)) == 6
    assert not set(line) & set("▄█")


@pytest.mark.parametrize(
    ("ordering", "matches", "noted"),
    [(Ordering.WIN_RATE, 1, True), (Ordering.WIN_RATE, 5, False), (Ordering.WINS, 1, False)],
)
def test_the_win_rate_board_says_who_comes_first(
    translator: Translator, ordering: Ordering, matches: int, noted: bool
) -> None:
    one = LeaderboardEntry(1, 1, "Carol", 1500.0, False, matches, 1, 10, True)
    render = leaderboard_render(
        translator, "en", LeaderboardPage((one,), 0, 1, 1), BoardChoice(Scope.CHAT, ordering), "G"
    )
    assert ("only players with at least 5 matches get a place" in spaced(render.text)) is noted


@pytest.mark.parametrize("language", ["en", "ru"])
def test_by_win_rate_fewer_matches_than_a_place_takes_show_no_place(
    translator: Translator, language: str
) -> None:
    """(session 53) By win rate, Bob's 3 wins of 3 ranked after Ann's 1 win of 5, and read "🥇 20%" over
    "🥈 100%": a place said his rate ranked lower. Fewer matches than a place takes show none, and the note
    says why; by wins the same lines keep their places."""
    ann = LeaderboardEntry(1, 1, "Ann", 1500.0, False, 5, 1, 0, True)
    bob = LeaderboardEntry(2, 2, "Bob", 1500.0, False, 3, 3, 0, True)
    board = LeaderboardPage((ann, bob), 0, 1, 2)
    lines = leaderboard_render(
        translator, language, board, BoardChoice(Scope.CHAT, Ordering.WIN_RATE), "G"
    ).text
    assert [line for line in lines.splitlines() if line.endswith(("Ann</b>", "Bob</b>"))] == [
        "🥇 <b>Ann</b>",
        f"{UNPLACED} <b>Bob</b>",
    ]
    note = {"en": "the others follow, without one", "ru": "остальные идут ниже, без места"}
    assert f"{note[language]} ({UNPLACED})" in lines
    by_wins = leaderboard_render(
        translator, language, board, BoardChoice(Scope.CHAT, Ordering.WINS), "G"
    ).text
    assert "🥈 <b>Bob</b>" in by_wins.splitlines()


def test_two_players_whose_names_read_the_same_are_told_apart_on_a_board(translator: Translator) -> None:
    alex, other = (
        LeaderboardEntry(rank, 10 + rank, "Alex", 1500.0, False, 5, 1, 10, True) for rank in (1, 2)
    )
    board = LeaderboardPage((alex,), 0, 1, 2, viewer=other)
    lines = leaderboard_render(translator, "en", board, BoardChoice(Scope.CHAT), "G").text.splitlines()
    alex_lines = [line for line in lines if "Alex" in line]
    assert len(alex_lines) == 2 and alex_lines[0] != alex_lines[1]
    assert "²" in alex_lines[1] and "²" not in alex_lines[0]


def test_a_card_of_practice_alone_has_no_win_rate_in_russian_either(translator: Translator) -> None:
    # Only a practice match played (no board counts it, nor a stopped match): there is a card, with no rate.
    practice = replace(
        stats_of_eve(), matches=0, wins=0, average_place=None, practice_matches=3, practice_wins=2
    )
    card = spaced(personal_text(translator, "ru", practice)).splitlines()
    assert "Засчитано матчей: пока ни одного" in card
    assert card[-2:] == [
        "Тренировки: побед 2 из 3",
        "<i>Тренировки и матчи, из которых остальные вышли в первом же раунде, не входят ни в цифры выше,"
        " ни в таблицы лидеров: матч засчитывается, когда хотя бы два человека сыграли в нём полный"
        " раунд.</i>",
    ]


def test_a_trend_back_where_it_started_reads_as_no_change(translator: Translator) -> None:
    card = personal_text(translator, "en", replace(stats_of_eve(), rating_history=(1500.0, 1520.0, 1500.0)))
    lines = spaced(card).splitlines()
    trend = lines.index("Last 2 rated matches:") + 1
    assert lines[trend] == f"= ±0 {sparkline((1500.0, 1520.0, 1500.0))}"


@pytest.mark.parametrize(("language", "line"), [("en", "Average place: 1.5"), ("ru", "Среднее место: 1,5")])
def test_an_average_place_has_the_decimal_mark_of_the_cards_language(
    translator: Translator, language: str, line: str
) -> None:
    card = personal_text(translator, language, replace(stats_of_eve(), average_place=1.5)).splitlines()
    assert line in card


@pytest.mark.parametrize(
    ("average", "line"),
    [
        (1.25, "Average place: 1.3"),
        (2.25, "Average place: 2.3"),
        (23 / 20, "Average place: 1.2"),
        (2.0, "Average place: 2.0"),
    ],
)
def test_an_average_place_reads_as_people_round_it(translator: Translator, average: float, line: str) -> None:
    """(session 60) Places 1, 1, 1 and 2 read "Average place: 1.2": formatting rounds an exact half to the
    even digit, where people (and the win rates beside it: `percent`) round it up."""
    card = personal_text(translator, "en", replace(stats_of_eve(), average_place=average)).splitlines()
    assert line in card


@pytest.mark.parametrize(
    ("language", "subtitle"),
    [("en", "January 2027 (UTC) · points"), ("ru", "Январь 2027 (UTC) · очки")],
)
def test_a_month_board_is_titled_with_its_month(translator: Translator, language: str, subtitle: str) -> None:
    board = LeaderboardPage((entry(1),), 0, 1, 1, since=datetime(2027, 1, 1, tzinfo=UTC))
    choice = BoardChoice(Scope.CHAT, Ordering.POINTS, Period.THIS_MONTH)
    assert leaderboard_render(translator, language, board, choice, "G").text.splitlines()[1] == subtitle


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_boards_subtitle_fits_a_line_of_a_narrow_phone(translator: Translator, language: str) -> None:
    """(session 57's reading of the boards) "September 2026 (UTC), by win rate" (33 characters, in Russian up
    to 37, and 34 for the current month by rating) wrapped on a narrow phone: the period and the ordering are
    set apart as a tab's label is, "September 2026 (UTC) · win rate" (in Russian a month and the ordering in
    the nominative, «Сентябрь 2026 (UTC) · доля побед», 32)."""
    months = [datetime(2026, month, 1, tzinfo=UTC) for month in range(1, 13)]
    subtitles = {
        leaderboard_render(
            translator,
            language,
            LeaderboardPage((entry(1),), 0, 1, 1, since=since),
            BoardChoice(Scope.CHAT, ordering, Period.ALL_TIME if since is None else Period.THIS_MONTH),
            "G",
        ).text.splitlines()[1]
        for since in [None, *months]
        for ordering in Ordering
    }
    assert len(subtitles) == 13 * len(Ordering)
    assert [line for line in subtitles if width(line) > NARROW_LINE] == []


@pytest.mark.parametrize(
    ("wins", "matches", "shown"),
    [
        pytest.param(5, 8, "5 wins of 8 (63%)", id="a half rounds up, as 3 of 8 is 38%"),
        pytest.param(1, 40, "1 win of 40 (3%)", id="2.5% reads 3%"),
        pytest.param(1, 250, "1 win of 250 (1%)", id="a win is never 0%"),
        pytest.param(249, 250, "249 wins of 250 (99%)", id="a loss is never 100%"),
        pytest.param(0, 250, "0 wins of 250 (0%)", id="none"),
        pytest.param(250, 250, "250 wins of 250 (100%)", id="all"),
    ],
)
def test_win_rates_read_as_people_round_them(
    translator: Translator, wins: int, matches: int, shown: str
) -> None:
    """Python's round() took halves to the even number ("5 wins of 8 (62%)" beside "3 of 8 (38%)") and
    rounded a single win of 250 to "0%" and a single loss to "100%"."""
    one = LeaderboardEntry(1, 1, "Carol", 1500.0, False, matches, wins, 10, wins > 0)
    board = leaderboard_render(
        translator, "en", LeaderboardPage((one,), 0, 1, 1), BoardChoice(Scope.CHAT), "G"
    )
    assert f"1500 · {shown}" in spaced(board.text).splitlines()
    card = replace(
        stats_of_eve(), matches=matches, wins=wins, challenges_won=wins, challenges_lost=matches - wins
    )
    rate = shown[shown.index("(") :]
    lines = spaced(personal_text(translator, "en", card)).splitlines()
    assert f"Won: {wins} {rate}" in lines
    assert f"Challenges: {wins} of {matches} won {rate}" in lines


def test_a_russian_board_without_points_leaves_them_out(translator: Translator) -> None:
    one = LeaderboardEntry(1, 1, "Carol", 1500.0, False, 1, 1, 0, True)
    board = LeaderboardPage((one,), 0, 1, 1, scored=False)
    text = spaced(leaderboard_render(translator, "ru", board, BoardChoice(Scope.CHAT), "G").text)
    assert text.splitlines()[3:5] == ["🥇 <b>Carol</b>", "1500 · 1 победа из 1 (100%)"]
    by_points = spaced(
        leaderboard_render(translator, "ru", board, BoardChoice(Scope.CHAT, Ordering.POINTS), "G").text
    )
    # (session 56) a medal by points stands for points: "🥇 Carol · 0 очков" read as first at what nobody has
    assert by_points.splitlines()[3:5] == ["1. <b>Carol</b>", "0 очков · 1 победа из 1"]


def test_by_points_medals_go_down_to_the_first_line_without_points(translator: Translator) -> None:
    """(session 56) A chat of classic and own-hand matches: Ann's 120 points take 🥇; Bob, who won more
    own-hand matches than Cid but has no points either, shows his place, as a line without a win does."""
    entries = (
        LeaderboardEntry(1, 1, "Ann", 1500.0, False, 3, 1, 120, True),
        LeaderboardEntry(2, 2, "Bob", 1500.0, False, 3, 2, 0, True),
        LeaderboardEntry(3, 3, "Cid", 1500.0, False, 3, 1, 0, True),
    )
    board = LeaderboardPage(entries, 0, 1, 3)
    text = leaderboard_render(translator, "en", board, BoardChoice(Scope.CHAT, Ordering.POINTS), "G").text
    places = [line.split(" ")[0] for line in text.splitlines()[1:] if line.endswith("</b>")]
    assert places == ["🥇", "2.", "3."]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["Rating: <b>1500</b>, provisional", "(fewer than 5 rated matches)"]),
        ("ru", ["Рейтинг: <b>1500</b>, предварительный", "(меньше 5 рейтинговых матчей)"]),
    ],
)
def test_a_provisional_rating_says_what_makes_it_so(
    translator: Translator, lang: str, said: list[str]
) -> None:
    """(found by a newcomer's audit, 2026-12-04) "(provisional)" alone left a new player guessing."""
    assert spaced(personal_text(translator, lang, stats_of_eve())).splitlines()[2:4] == said
    settled = personal_text(translator, lang, replace(stats_of_eve(), provisional=False)).splitlines()
    assert settled[2] == said[0].split(",")[0] and said[1] not in settled


@pytest.mark.parametrize(
    ("choice", "noted"),
    [
        (BoardChoice(Scope.CHAT), True),
        (BoardChoice(Scope.GLOBAL, period=Period.THIS_MONTH), True),
        (BoardChoice(Scope.GLOBAL), False),
        (BoardChoice(Scope.CHAT, Ordering.WINS), False),
    ],
)
@pytest.mark.parametrize(
    ("lang", "note"),
    [
        (
            "en",
            "Ratings are overall: each counts the player's matches in every chat, all time.",
        ),
        ("ru", "Рейтинг у каждого игрока общий: он учитывает его матчи во всех чатах за всё время."),  # noqa: RUF001
    ],
)
def test_a_board_by_rating_says_the_rating_is_overall(
    translator: Translator, choice: BoardChoice, noted: bool, lang: str, note: str
) -> None:
    """(found by an audit of a long-lived group, 2026-12-04) a group's board by rating put first one who won
    6 of 27 matches there, for the wins in another group, and a month's board one who lost every match that
    month: nothing said the rating is the player's overall one."""
    board = LeaderboardPage((replace(entry(1), provisional=False),), 0, 1, 1)
    text = leaderboard_render(translator, lang, board, choice, "Friends").text
    assert (f"<i>{note}</i>" in text) is noted


@pytest.mark.parametrize(
    ("lang", "note"),
    [
        (
            "en",
            "<i>? provisional rating: fewer than 5 rated matches (a match with a computer player isn't"
            " rated)</i>",
        ),
        (
            "ru",
            "<i>? — предварительный рейтинг: меньше 5 рейтинговых матчей (матч с компьютерным игроком на"  # noqa: RUF001
            " рейтинг не влияет)</i>",
        ),
    ],
)
def test_a_provisional_rating_beside_enough_matches_says_which_are_not_rated(
    translator: Translator, lang: str, note: str
) -> None:
    """(found by an audit of the boards, 2026-12-05) "Bob · 1616? · 3 wins of 5" over "? provisional rating:
    fewer than 5 rated matches": 5 matches, yet too few; one of them had a computer player, which the boards
    count and the rating does not, and nothing said so."""
    bob = LeaderboardEntry(1, 2, "Bob", 1616.0, True, 5, 3, 0, True)
    text = leaderboard_render(
        translator, lang, LeaderboardPage((bob,), 0, 1, 1), BoardChoice(Scope.CHAT), "Home"
    ).text
    assert note in spaced(text).splitlines()
    fewer = replace(bob, matches=4)
    text = leaderboard_render(
        translator, lang, LeaderboardPage((fewer,), 0, 1, 1), BoardChoice(Scope.CHAT), "Home"
    ).text
    assert note.split(" (")[0] + "</i>" in spaced(text).splitlines()  # nothing to explain


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("ordering", list(Ordering))
def test_a_board_of_long_names_and_heavy_players_reads_on_a_narrow_phone(
    translator: Translator, language: str, ordering: Ordering
) -> None:
    """(session 46's audit of the boards) A player's line, "🥇 Alice · 1650 · 60 wins of 120 (50%) · 4,321
    points", ran to 36-66 characters, which a narrow phone wrapped wherever it came to: the name goes on a
    line of its own, the figures under it, led by the one the board ranks by."""
    names = ["W" * 64, "Анастасия Константинопольская", "😎 Cool Guy 🔥 from the 🏔 mountains", "<&>" * 20]
    # Players of hundreds of matches; the asker's rating is provisional ("1512?").
    heavy = [
        LeaderboardEntry(rank, rank, name, 1999.0, rank == 101, 960, 480, 60_000, True)
        for rank, name in enumerate(names, 98)
    ]
    board = LeaderboardPage(tuple(heavy[:3]), 9, 11, 105, viewer=heavy[3])
    text = leaderboard_render(translator, language, board, BoardChoice(Scope.CHAT, ordering), "G").text
    plain, _ = parse_html(text)
    lines = plain.splitlines()
    rows = lines[lines.index("") + 1 : lines.index("…") + 3]
    assert len(rows) == 9  # three players, "…", the asker: each a name line and a figures line
    assert [line for line in rows if width(line) > NARROW_LINE] == []
    assert rows[1][0].isdigit()  # the ranked figure starts the line, under the one above


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize(
    ("chat", "apart"),
    [("Friends", False), ("Board game lovers", True), ("Клуб любителей настольных игр", True)],
)
def test_a_chats_board_title_fits_a_narrow_phone(
    translator: Translator, language: str, chat: str, apart: bool
) -> None:
    """(session 57) "🏆 Leaderboard: Board game lovers" (33 characters, in Russian 37) left a narrow phone
    some 12-16 letters of a chat's title, which it wrapped inside ("…: Board game" / "lovers"): a title that
    does not fit goes on a line of its own under "🏆 Leaderboard:"; one that fits stays beside it."""
    board = LeaderboardPage((entry(1),), 0, 1, 1)
    plain, _ = parse_html(leaderboard_render(translator, language, board, BoardChoice(Scope.CHAT), chat).text)
    heading = plain.splitlines()[: plain.splitlines().index("")][:-1]  # the lines above the subtitle
    assert heading[-1] == chat if apart else heading[0].endswith(f": {chat}")
    assert len(heading) == (2 if apart else 1)
    assert [line for line in heading if width(line) > NARROW_LINE] == []


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_chats_board_title_as_wide_as_a_narrow_phones_line_stays_beside_it(
    translator: Translator, language: str
) -> None:
    """(mutation audit, session 58) A heading exactly a narrow phone's line wide fits it: the chat's title
    stays beside "🏆 Leaderboard:" (its "&" one letter wide, as shown, not as sent); a letter more, and it
    goes on a line of its own."""
    board = LeaderboardPage((entry(1),), 0, 1, 1)

    def heading(chat: str) -> list[str]:
        render = leaderboard_render(translator, language, board, BoardChoice(Scope.CHAT), chat)
        plain, _ = parse_html(render.text)
        return plain.splitlines()[: plain.splitlines().index("")][:-1]  # the lines above the subtitle

    room = NARROW_LINE - width(heading("X")[0]) + 1  # the letters a chat's title has beside it
    assert heading("F" * room) == [heading("X")[0].replace("X", "F" * room)]
    assert heading("F" * (room + 1))[-1] == "F" * (room + 1)
    # "&" is sent as "&amp;": one letter on screen all the same
    assert heading("&" * room) == [heading("X")[0].replace("X", "&" * room)]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_board_of_emoji_and_cjk_names_reads_on_a_narrow_phone(
    translator: Translator, language: str
) -> None:
    """(session 46) Names were cut at 24 characters, and an emoji or a CJK character is as wide as two
    letters: a name of 24 emoji took two lines. A name takes at most 24 letters' width."""
    family = "👨\u200d👩\u200d👧\u200d👦"
    names = ["😎" * 24, family * 13, "漢字" * 15, "🇺🇦" * 20 + "👍🏽" * 5]
    entries = [
        LeaderboardEntry(rank, rank, name, 1500.0, False, 10, 5, 500, True)
        for rank, name in enumerate(names, 1)
    ]
    board = LeaderboardPage(tuple(entries), 0, 1, len(entries))
    plain, _ = parse_html(leaderboard_render(translator, language, board, BoardChoice(Scope.CHAT), "G").text)
    name_lines = [line for line in plain.splitlines() if "…" in line]
    assert len(name_lines) == len(names)
    assert [line for line in name_lines if width(line) > NARROW_LINE] == []


@pytest.mark.parametrize(("pages", "footer"), [(1, []), (2, ["", "Page 2 of 2"])])
def test_a_board_of_more_than_one_page_says_which_page_it_shows(
    translator: Translator, pages: int, footer: list[str]
) -> None:
    last = PAGE_SIZE * (pages - 1) + 1  # alone on the last page
    board = LeaderboardPage((entry(last),), pages - 1, pages, last)
    choice = BoardChoice(Scope.GLOBAL, Ordering.WINS, page=pages - 1)
    lines = leaderboard_render(translator, "en", board, choice, None).text.splitlines()
    assert lines[5:] == footer


def test_another_ordering_or_period_opens_at_its_first_page(translator: Translator) -> None:
    """Page 3 of the Wins board is no place in the Points board: switching starts from the top."""
    board = LeaderboardPage((entry(21),), 2, 5, 41)
    render = leaderboard_render(translator, "en", board, BoardChoice(Scope.CHAT, page=2), "Friends")
    assert render.reply_markup is not None
    keyboard = render.reply_markup.inline_keyboard
    rows = [[decode(str(button.callback_data)) for button in row] for row in keyboard]
    pages = [[data.args[-1] for data in row if isinstance(data, CallbackData)] for row in rows]
    assert pages == [[0, 0], [0, 0], [0, 0], [1, 3]]  # orderings, periods, then the previous and next pages


def test_stats_read_a_half_of_the_rating_as_the_board_does(translator: Translator) -> None:
    """(review of session 50) /top ranks the rating rounded by the database, a half up; Python's round()
    showed 1500.5 as 1500 (the even number) on /stats and /top, one less than it ranked."""
    board = LeaderboardPage((replace(entry(1), rating=1500.5),), 0, 1, 1)
    stats = replace(stats_of_eve(), rating=1500.5)
    assert "1501" in leaderboard_render(translator, "en", board, BoardChoice(Scope.CHAT), "Chat").text
    assert "1501" in personal_text(translator, "en", stats).splitlines()[2]


@pytest.mark.parametrize(("rating", "shown"), [(-0.5, "-1"), (-2.4, "-2")])
def test_stats_read_a_rating_below_zero_with_its_sign(
    translator: Translator, rating: float, shown: str
) -> None:
    """(mutation audit, session 53) A half below zero reads away from zero too (-0.5 as "-1"), as the board
    ranks it: the sign stays, the rating read from its absolute value."""
    stats = replace(stats_of_eve(), rating=rating)
    line = personal_text(translator, "en", stats).splitlines()[2]
    assert line.startswith(f"Rating: <b>{shown}</b>"), line


@pytest.mark.parametrize(
    ("lang", "hint"),
    [
        ("en", "No match between people has finished yet. Play one here to get on the board."),
        ("ru", "Завершённых матчей между людьми пока нет. Сыграйте здесь матч, чтобы попасть в таблицу."),
    ],
)
def test_an_empty_board_beside_a_game_says_what_stays_true_once_the_game_ends(
    translator: Translator, lang: str, hint: str
) -> None:
    """(session 51) A board posted while a game ran said "a game is already running here", and kept saying so
    after it ended: a posted board stays in the chat until the next /top or press."""
    empty = LeaderboardPage((), 0, 1, 0)
    text = leaderboard_render(translator, lang, empty, BoardChoice(Scope.CHAT), "G", game_here=True).text
    assert text.splitlines()[3] == hint


def test_the_first_three_places_with_a_win_have_medals_the_rest_numbers(translator: Translator) -> None:
    """🥇 🥈 🥉 for the first three places, "4." from the fourth on; a place held without a win shows its
    number (a medal stands for winning)."""
    names = ("Ann", "Bob", "Cid", "Dan")
    entries = tuple(
        LeaderboardEntry(rank, rank, name, 1600.0 - rank, False, 4, 5 - rank, 0, True)
        for rank, name in enumerate(names, start=1)
    )
    board = LeaderboardPage(entries, 0, 1, 4)
    text = leaderboard_render(translator, "en", board, BoardChoice(Scope.CHAT), "G").text
    places = [
        line.split(" ")[0] for line in text.splitlines()[1:] if line.endswith("</b>")
    ]  # (not the title)
    assert places == ["🥇", "🥈", "🥉", "4."]
    losses = LeaderboardPage((LeaderboardEntry(1, 1, "Ann", 1500.0, False, 1, 0, 0, False),), 0, 1, 1)
    text = leaderboard_render(translator, "en", losses, BoardChoice(Scope.CHAT), "G").text
    assert "1. <b>Ann</b>" in text.splitlines()


def test_the_askers_own_line_from_an_earlier_page_shows_its_place_without_a_win_as_a_number(
    translator: Translator,
) -> None:
    """Vic, second on the board without a win, looks at its second page: his own line above it shows "2.",
    not 🥈, as it would on the first page (a medal stands for winning)."""
    entries = tuple(
        LeaderboardEntry(rank, rank, name, 1400.0 - rank, False, 4, 1, 0, False)
        for rank, name in enumerate(("Ann", "Bob", "Cid"), start=11)
    )
    vic = LeaderboardEntry(2, 2, "Vic", 1590.0, False, 3, 0, 0, False)
    board = LeaderboardPage(entries, 1, 2, 13, viewer=vic, viewer_first=True)
    text = leaderboard_render(translator, "en", board, BoardChoice(Scope.CHAT), "G").text
    assert "2. <b>Vic</b>" in text.splitlines()


def test_a_right_to_left_name_cut_short_ends_in_its_ellipsis(translator: Translator) -> None:
    """(session 60) An Arabic name wider than a board's cut, "عبد الرحمن بن محمد…", shown between
    left-to-right marks: the ellipsis, which has no direction of its own, took the line's and showed to the
    name's right, where an Arabic name begins ("…عبد الرحمن" read as cut at its start). A right-to-left mark
    after it keeps it at the name's end, to its left (as fribidi and every phone's bidi lay it out)."""
    arabic = "عبد الرحمن بن محمد بن عبد الله الهاشمي"
    board = LeaderboardPage((replace(entry(1), name=arabic),), 0, 1, 1)
    line = spaced(
        leaderboard_render(translator, "en", board, BoardChoice(Scope.CHAT), "G").text
    ).splitlines()[3]
    cut = arabic[:23]
    assert line == f"🥇 <b>\u200e{cut}…\u200f\u200e</b>"
    card = spaced(personal_text(translator, "en", replace(stats_of_eve(), name=arabic))).splitlines()[0]
    assert card == f"📊 <b>\u200e{cut}…\u200f\u200e</b>"
    # whole, or cut after a left-to-right word, nothing more: the ellipsis goes with what it ends
    assert display_name(5, "علي", "en") == "\u200eعلي\u200e"
    assert display_name(5, "علي " + "Konstantinopolskaya" * 2, "en").endswith("Konstantinopolskaya…\u200e")
