import unicodedata

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bot.tg.render import Seat
from bot.tg.render.names import (
    NAME_UNITS,
    linked,
    name,
    named,
    named_by_start,
    names_apart,
    plain_name,
    plain_names_apart,
    renamed,
    same_names,
)
from bot.tg.render.text import (
    TEXT_LIMIT,
    TITLE_LIMIT,
    TITLE_UNITS_PER_LETTER,
    TOPIC_LIMIT,
    bold_chats,
    chat_titles,
    lasted,
    packed,
    place_title,
    plain_title,
    seconds_left,
    told_apart,
)
from bot.tg.render.unlinked import WORD_JOINER
from bot.visible_text import NAME_LIMIT, utf16_length
from tests.fake_bot_api.found_entities import with_found_entities
from tests.narrow_phone import NO_BREAK, width
from tests.tg.render.checks import check_text

FAMILY = "👨\u200d👩\u200d👧"


@pytest.mark.parametrize(
    ("unit", "kept"),
    [
        pytest.param("😎", 11, id="emoji"),
        pytest.param("👍🏽", 11, id="skin tones"),
        pytest.param("🇺🇦", 11, id="flags"),
        pytest.param(FAMILY, 11, id="family ZWJ emoji"),
        pytest.param("❤\ufe0f", 11, id="variation selector"),
        pytest.param("漢", 11, id="CJK"),
        pytest.param("Ж", NAME_LIMIT - 1, id="Cyrillic"),
    ],
)
def test_a_long_name_is_cut_by_the_room_it_takes_on_a_phone(unit: str, kept: int) -> None:
    """(session 46) Names were cut at 24 characters, and an emoji or a CJK character is as wide as two
    letters: a name of 24 emoji took two lines on a leaderboard. They are cut at the width of 24 letters,
    never inside what shows as one character."""
    shown = plain_name(Seat(1, unit * 30), "en")
    assert shown == unit * kept + "…"
    assert width(shown) <= NAME_LIMIT
    assert plain_name(Seat(1, unit * 3 + "x" * 40, twin=2), "en").endswith("… ²")  # the mark stays
    assert width(plain_name(Seat(1, unit * 30, twin=2), "en")) <= NAME_LIMIT


def test_names_cut_alike_each_get_a_mark_no_other_has() -> None:
    """(mutation audit, session 55) Three names that read alike once cut: the second and the third each get a
    mark, and not the same one (the mark taken by the second is taken for the third)."""
    cut = [(Seat(1, "Alexandra Konstantinova"), 14), (Seat(2, "Alexandra Konstantinopolskaya"), 14)]
    cut.append((Seat(3, "Alexandra Kondratieva"), 14))
    assert plain_names_apart(cut, "en") == ["Alexandra Kon…", "Alexandra K… ²", "Alexandra K… ³"]


def test_names_told_apart_once_follow_a_seat_that_changes() -> None:
    """(session 57) A move's table and hands tell the same seats' names apart once (`names_apart` keeps
    them): a seat renamed is told apart anew, and a caller changing its names changes nobody else's."""
    seats = {1: Seat(1, "Alexandra Konstantinova"), 2: Seat(2, "Alexandra Konstantinopolskaya")}
    shown = names_apart(seats, "en")
    # held on one line, as every text's name (names.held)
    assert shown == {1: f"Alexandra{NO_BREAK}Konst…", 2: f"Alexandra{NO_BREAK}Kon…{NO_BREAK}²"}
    shown[2] = "Bob"
    assert names_apart(seats, "en")[2] == f"Alexandra{NO_BREAK}Kon…{NO_BREAK}²"
    assert names_apart({**seats, 2: Seat(2, "Bob & Co")}, "en") == {
        1: f"Alexandra{NO_BREAK}Konst…",
        2: f"Bob{NO_BREAK}&amp;{NO_BREAK}Co",
    }


def test_names_are_told_apart_within_the_width_names_are_read_in_and_no_wider() -> None:
    """(session 56) Names read alike as cut at NAME_LIMIT, so two cut wider, that read apart, were marked as
    one name twice, and no mark told them apart: it raised StopIteration. A wider limit is refused as such."""
    long = [Seat(1, "Alexandra Konstantinovna Petrova"), Seat(2, "Alexandra Konstantinovna Ivanova")]
    shown = plain_names_apart([(seat, NAME_LIMIT) for seat in long], "en")
    assert shown == ["Alexandra Konstantinovn…", "Alexandra Konstantino… ²"]
    assert all(width(name) <= NAME_LIMIT for name in shown)
    with pytest.raises(AssertionError, match="within NAME_LIMIT"):
        plain_names_apart([(seat, NAME_LIMIT + 1) for seat in long], "en")


def test_a_name_with_nothing_visible_is_one_the_player_may_not_know_for_theirs() -> None:
    """(mutation audit, session 55) Shown as "Player 1234", their hand tells them so, as a twin's does."""
    assert renamed(Seat(11234, "\u200b")) and renamed(Seat(1, "Alex", twin=2))
    assert not renamed(Seat(1, "Alex")) and not renamed(Seat(-1, "", is_computer=True))


def test_players_of_the_same_name_are_told_apart() -> None:
    twins = same_names(list(enumerate(["Alex", "Bob", "alex ", "ALEX", "Al\u200bex"])))
    assert twins == [0, 0, 2, 3, 4]
    assert [plain_name(Seat(i, "Alex", twin=twin), "en") for i, twin in enumerate(twins)][2:] == [
        "Alex ²",
        "Alex ³",
        "Alex ⁴",
    ]
    assert plain_name(Seat(1, "x" * 100, twin=2), "en") == "x" * (NAME_LIMIT - 3) + "… ²"  # the mark stays
    assert same_names([(1, "\u3164"), (2, "\u200b ")]) == [0, 0]  # nameless: "Player N" differs
    same_number = [(11234, "\u200b"), (21234, "\u2800")]  # both "Player 1234"
    shown = [
        plain_name(Seat(p, n, twin=t), "en")
        for (p, n), t in zip(same_number, same_names(same_number), strict=True)
    ]
    assert shown == ["Player 1234", "Player 1234 ²"]


@pytest.mark.parametrize(
    ("names", "shown"),
    [
        # the member's own superscript reads as a plain digit: only the bot marks a twin
        (["Alex", "Alex", "Alex ²"], ["Alex", "Alex ²", "Alex 2"]),
        (["Alex ²", "Alex", "Alex"], ["Alex 2", "Alex", "Alex ²"]),
        (["Alex", "alex ²", "ALEX"], ["Alex", "alex 2", "ALEX ²"]),
        # one with no visible name reads "Player 1234" (in Russian "Игрок 1234"): a member may take that name
        (["\u3164", "Player 1234"], ["Player 1234", "Player 1234 ²"]),
        (["Игрок 1234", "\u3164"], ["Игрок 1234", "Player 1234 ²"]),
    ],
)
def test_a_name_typed_with_a_twins_mark_does_not_read_as_that_twin(
    names: list[str], shown: list[str]
) -> None:
    """A member named "Alex ²" beside two Alexes: the second Alex was shown "Alex ²" as well, on the table,
    the lobby and the catch and swap buttons (then the member was, the second Alex "Alex ³")."""
    players = [(number * 10000 + 1234, name) for number, name in enumerate(names, 1)]
    twins = same_names(players)
    assert [plain_name(Seat(p, n, twin=t), "en") for (p, n), t in zip(players, twins, strict=True)] == shown


@pytest.mark.parametrize(
    ("names", "twins"),
    [
        (["Computer 1", "computer 1"], [2, 3]),  # the computer's name was the bot's first
        (["Компьютер 1"], [2]),  # in any language, as "Player 1234" is
        (["Computer 2", "Computer"], [0, 0]),  # no such computer at the table
    ],
)
def test_a_name_a_computer_player_has_is_a_second_one(names: list[str], twins: list[int]) -> None:
    assert same_names(list(enumerate(names, 1)), computers=[-1]) == twins


SEATED = [
    Seat(1, "Alex"),
    Seat(2, "alex", twin=2),  # shown "alex ²"
    Seat(3, "\u202eBob Smith"),  # shown without the override
    Seat(4, "Maximilian Alexander von Hohenzollern"),  # shown shortened
    Seat(5, "\u05de\u05e8\u05d9\u05dd"),  # shown between left-to-right marks
    Seat(6, "\u200b"),  # shown "Player 6"
]
USERNAMES = {1: "alex_k", 3: "BobSmith"}


@pytest.mark.parametrize(
    ("typed", "ids"),
    [
        ("ALEX", [1, 2]),  # two players read the same: the caller asks which
        ("Alex ²", [2]),  # as the table tells them apart
        ("alex 2", [2]),  # the mark typed as no phone's keyboard has it
        ("Alex2", [2]),
        (" bob  SMITH ", [3]),
        ("@bobsmith", [3]),
        ("@Alex_K", [1]),
        ("@alex", []),  # a username is matched whole
        ("@", []),  # players without a username are not "@"
        ("Bob", []),  # a name is matched whole
        ("Maximilian Alexander von Hohenzollern", [4]),
        (plain_name(SEATED[3], "en"), [4]),  # copied from the table, "…" included
        ("\u05de\u05e8\u05d9\u05dd", [5]),
        ("player 6", [6]),
        ("\u200b", []),  # nothing visible names nobody, not the nameless
    ],
)
def test_players_named_by_what_is_typed(typed: str, ids: list[int]) -> None:
    assert [seat.user_id for seat in named(typed, SEATED, USERNAMES, "en")] == ids


def test_a_member_named_with_a_digit_is_named_before_a_second_player_typed_so() -> None:
    seats = [Seat(1, "Alex"), Seat(2, "Alex", twin=2), Seat(3, "Alex 2")]
    assert [seat.user_id for seat in named("alex 2", seats, {}, "en")] == [3]
    assert [seat.user_id for seat in named("alex ²", seats, {}, "en")] == [2]


@pytest.mark.parametrize("typed", ["Maximilian Alexander von Hohenzollern 2", "Maximilian Alexander… 2"])
def test_a_second_player_shown_shortened_is_named_in_full_with_a_plain_digit_too(typed: str) -> None:
    """In full, or as the table shows them ("Maximilian Alexander… ²"), the mark typed as a plain digit."""
    long = "Maximilian Alexander von Hohenzollern"
    seats = [Seat(1, long), Seat(2, long, twin=2)]
    assert [seat.user_id for seat in named(typed, seats, {}, "en")] == [2]


@pytest.mark.parametrize(
    ("typed", "ids"),
    [
        ("al", [1, 2, 4]),  # "Maximilian Alexander ...": the caller asks which
        ("smi", [3]),  # a word of the name
        ("bob sm", [3]),
        ("hohenzollern", [4]),  # of the name in full, past what the table shows
        ("play", [6]),  # "Player 6"
        ("@bob", []),  # a username is matched whole
        ("ob", []),  # a start, not any part
        ("\u200b", []),
    ],
)
def test_players_named_by_the_start_of_their_name_or_of_a_word_of_it(typed: str, ids: list[int]) -> None:
    assert [seat.user_id for seat in named_by_start(typed, SEATED, "en")] == ids


def test_a_name_with_yo_is_found_typed_with_ye() -> None:
    """Most people type Russian ye for yo: "/kick Алена" (or its start) is Алёна's kick."""
    seated = [Seat(1, "Алёна"), Seat(2, "Фёдор")]
    assert [seat.user_id for seat in named("Алена", seated, {}, "ru")] == [1]
    assert [seat.user_id for seat in named("АЛЁНА", seated, {}, "ru")] == [1]
    assert [seat.user_id for seat in named_by_start("федо", seated, "ru")] == [2]


@pytest.mark.parametrize(
    ("typed", "ids"),
    [
        ("Alexandra Konst…", [1]),  # copied from the table, the lobby or a notice's "/kick <name>"
        ("Alexandra Kon… ²", [2]),  # marked apart from the first, cut alike
        ("Alexandra Kon… 2", [2]),  # the mark typed as a plain digit
        ("Alexandra Kon…2", [2]),
        ("🌸 marie-christ…", [3]),
        ("\u05de\u05e8\u05d9\u05dd \u05d1\u05ea \u05d0\u05d1\u05e8\u05d4\u05dd \u05d4…", [4]),
    ],
)
def test_a_name_as_a_game_s_screens_cut_it_names_its_player(typed: str, ids: list[int]) -> None:
    """(session 58) The screens cut names at the table's width and mark two it makes alike: "/kick
    Alexandra Kon… ²", copied from the notice that says to send it, named nobody (only the name at 24 letters'
    width, shown nowhere since, or in full was taken)."""
    seats = [
        Seat(1, "Alexandra Konstantinova"),
        Seat(2, "Alexandra Konstantinopolskaya"),
        Seat(3, "🌸 Marie-Christine Dubois"),
        Seat(
            4, "\u05de\u05e8\u05d9\u05dd \u05d1\u05ea \u05d0\u05d1\u05e8\u05d4\u05dd \u05d4\u05db\u05d4\u05df"
        ),
    ]
    assert [seat.user_id for seat in named(typed, seats, {}, "en")] == ids


def test_a_name_is_found_typed_with_its_accents_joined_or_apart() -> None:
    """A phone may send "ü" or "ё" as one character or as a letter and an accent, shown alike: "/kick Jürgen"
    found no Jürgen whose "ü" came apart, nor "/kick Алена" such an Алёна."""
    seated = [Seat(1, "Ju\u0308rgen"), Seat(2, "\u0410\u043b\u0435\u0308\u043d\u0430")]
    assert [seat.user_id for seat in named("J\u00fcrgen", seated, {}, "en")] == [1]
    assert [seat.user_id for seat in named("Алена", seated, {}, "ru")] == [2]
    assert [seat.user_id for seat in named_by_start("j\u00fc", seated, "en")] == [1]


def test_a_name_shown_beginning_with_an_at_names_its_player_when_no_username_is_it() -> None:
    """(helper-542's review, session 59) "/kick @lex", copied from a screen naming the player "@lex", was
    taken for a username only and named nobody. A username still wins over a name."""
    lex, bob = Seat(7, "@lex"), Seat(8, "Bob")
    assert named(plain_name(lex, "en"), [lex, bob], {}, "en") == [lex]
    assert named("@LEX", [lex, bob], {8: "lex"}, "en") == [bob]


def test_a_start_with_an_at_is_a_username_begun_never_a_name() -> None:
    """ "/kick @ka" is a username typed in part: it picks nobody, not a player whose name is "@kai"."""
    assert named_by_start("@ka", [Seat(7, "@kai")], "en") == []


WITH_A_COMPUTER = [Seat(1, "Alice"), Seat(-1, "Computer 1", is_computer=True), Seat(2, "Computer 1", twin=2)]


@pytest.mark.parametrize(
    ("typed", "ids"),
    [
        # The person was marked because the computer had the name: unmarked, it is the computer's.
        ("Computer 1", [-1]),
        ("🤖 computer 1", [-1]),
        ("Компьютер 1", [-1]),  # in any language, as the person was marked
        ("🤖 Компьютер 1", [-1]),
        ("Computer 1 ²", [2]),  # as the table tells them apart
    ],
)
def test_a_name_a_seated_computer_has_names_the_computer_not_the_person_marked_for_it(
    typed: str, ids: list[int]
) -> None:
    assert [seat.user_id for seat in named(typed, WITH_A_COMPUTER, {}, "en")] == ids


def test_a_right_to_left_name_keeps_its_line_left_to_right() -> None:
    hebrew = "\u05de\u05e8\u05d9\u05dd"
    assert plain_name(Seat(1, hebrew), "en") == f"\u200e{hebrew}\u200e"
    assert plain_name(Seat(1, "Мария"), "ru") == "Мария"  # no marks where none are needed


def test_names_are_escaped_and_never_empty() -> None:
    assert (
        name(Seat(1, '<b>"Tom" & Jerry</b>'), "en")
        == f"&lt;b&gt;&quot;Tom&quot;{NO_BREAK}&amp;{NO_BREAK}Jerry&lt;/{WORD_JOINER}b&gt;"
    )
    assert name(Seat(1234567, "\u200b\u202e "), "en") == f"Player{NO_BREAK}4567"
    assert name(Seat(7, "\u3164"), "ru") == f"Игрок{NO_BREAK}7"
    assert name(Seat(-1, "Robo", is_computer=True), "en") == f"🤖{NO_BREAK}Computer{NO_BREAK}1"
    assert name(Seat(-3, "Robo", is_computer=True), "ru") == f"🤖{NO_BREAK}Компьютер{NO_BREAK}3"


def test_a_deleted_account_is_named_as_the_boards_name_it_and_two_are_told_apart() -> None:
    """(helper-365's privacy transcript, session 51) Its name blanked once the account was deleted, a seat
    read "Игрок 3" on the table while the boards said "Удалённый аккаунт"; a /forgetme stand-in (a negative
    id) in an ended game is no deleted account."""
    players = [(3, ""), (4, "Deleted account"), (5, "")]
    twins = same_names(players)
    shown = [plain_name(Seat(p, n, twin=t), "ru") for (p, n), t in zip(players, twins, strict=True)]
    assert shown == ["Удалённый аккаунт", "Deleted account ²", "Удалённый аккаунт ³"]
    assert plain_name(Seat(-1000, ""), "en") == "Player 1000"


def test_long_html_laden_name_is_shortened_before_escaping() -> None:
    shown = name(Seat(1, '<>&"' * 50), "en")
    assert check_text(shown) == ('<>&"' * 50)[: NAME_LIMIT - 1] + "…"


def test_mentions_link_people_but_not_computers() -> None:
    assert linked(Seat(42, "Ann"), "Ann") == '<a href="tg://user?id=42">Ann</a>'
    computer = Seat(-5, "Bot", is_computer=True)
    assert linked(computer, name(computer, "en")) == f"🤖{NO_BREAK}Computer{NO_BREAK}5"


@pytest.mark.parametrize(
    ("deadline", "now", "expected"),
    [
        (None, 0, None),
        (60_000, 0, 60),
        (60_000, 1, 60),
        (60_000, 10_000, 50),
        (60_000, 50_001, 10),
        (5, 10, 0),
    ],
)
def test_time_left_is_coarse(deadline: int | None, now: int, expected: int | None) -> None:
    assert seconds_left(deadline, now) == expected


@given(st.text(max_size=300), st.booleans())
# accents take no room: a name 24 letters wide with five of them is shown whole (it failed as 29 characters)
@example("0" * 22 + "\u0300" + "0\u0300\u0300" * 2, False)
# one letter wide, ~1,000 characters: cut at NAME_UNITS, once unlinked (a word joiner after each "@" and ".")
@example("a" + "\u200d@\u200d." * 250, False)
@example("\u200d".join("alex.example.com/start" * 40), False)
# as long as Telegram gives (129), of dots joined into one letter's width: the word joiners past NAME_UNITS
@example(".\u200d" * 64 + ".", False)
# right to left, 128 units: cut once unlinked, inside its marks (the closing one kept)
@example("\u0639\u200d" * 60 + ".\u200d" * 4, False)
def test_any_name_is_safe_short_visible_html(raw: str, computer: bool) -> None:
    shown = name(Seat(5, raw, is_computer=computer), "en")
    assert shown == shown.strip()
    plain = check_text(shown)
    # A robot and a space; marks around a right-to-left name; word joiners take no room.
    assert width(plain.replace(WORD_JOINER, "")) <= NAME_LIMIT + 4
    # and marks around a right-to-left name, one after the "…" of one cut short
    assert utf16_length(plain) <= NAME_UNITS + 3
    assert plain.startswith("\u200e") == plain.endswith("\u200e")  # both marks, however it is cut
    # the emoji joiner; the left-to-right and right-to-left marks; the word joiner
    kept = "\u200d\u200e\u200f" + WORD_JOINER
    hidden = ("Cc", "Cf", "Zl", "Zp")
    assert not any(unicodedata.category(char) in hidden and char not in kept for char in plain)
    assert with_found_entities(plain, []) == []  # no link, command or mention Telegram would find


@given(st.text(max_size=100))
def test_no_title_reads_as_a_link_or_command(raw: str) -> None:
    shown = plain_title(raw, "en")
    assert with_found_entities(shown, []) == []
    assert width(shown) <= TITLE_LIMIT  # the marks around a right-to-left title and word joiners take none
    assert utf16_length(shown) <= TITLE_LIMIT * TITLE_UNITS_PER_LETTER + 2  # and those marks


@pytest.mark.parametrize("unit", ["🎉", "👍🏽", "🇺🇦", FAMILY, "漢"])
def test_a_long_title_is_cut_by_the_room_it_takes_on_a_phone(unit: str) -> None:
    """Titles were cut at 48 characters when names were cut by their width: a title of 48 emoji took the
    room of 96 letters, two lines of a hand's first line. They are cut at the width of 48 letters, never
    inside what shows as one character, and a forum's topic keeps the width of 24."""
    shown = plain_title("UNO " + unit * 40, "en")
    assert shown == "UNO " + unit * ((TITLE_LIMIT - 5) // 2) + "…"
    assert width(shown) <= TITLE_LIMIT
    both = place_title(unit * 40, unit * 40)
    assert width(both) <= TITLE_LIMIT
    assert width(both.split(" · ")[1]) == TOPIC_LIMIT - 1  # an odd letter's room is left, not half an emoji


def test_a_title_of_joined_emoji_is_cut_by_its_length_too() -> None:
    """(session 60) A joiner makes what follows it no wider: a chat titled with Telegram's 128 characters of
    emoji joined seven by seven, and its topics so, made each game's title ~400 UTF-16 units in 21 letters'
    width, and a private answer listing ten of them raised (past what Fluent takes as one argument). A title
    takes as much room as a quarter of its length, where that is more than its width; a family of three
    (8 units) is still as wide as an emoji."""
    joined = ("‍".join(["👨"] * 7) * 10)[:128]
    games = [place_title(f"{joined}{at}", f"{joined}{at}") for at in range(12)]
    bound = TITLE_LIMIT * TITLE_UNITS_PER_LETTER
    assert all(utf16_length(plain_title(game, "en")) <= bound for game in games)
    assert f"and 2{NO_BREAK}more{NO_BREAK}chats" in bold_chats(chat_titles(games, "en"), "en")
    assert plain_title("UNO " + FAMILY * 40, "en") == "UNO " + FAMILY * ((TITLE_LIMIT - 5) // 2) + "…"


@pytest.mark.parametrize(
    ("chat", "topic", "expected"),
    [
        ("UNO", None, "UNO"),
        ("UNO", "Weekly tournament table 1", "UNO · Weekly tournament table 1"),  # room enough: whole
        ("Friends", "Room 1", "Friends · Room 1"),
        ("A" * 60, "Room 1", "A" * 38 + "… · Room 1"),  # the chat's title gives way
        ("A" * 60, "B" * 40, "A" * 20 + "… · " + "B" * 23 + "…"),  # both long: the topic keeps 24
        ("UNO", "\u200b", "UNO"),  # a topic name with nothing visible names nothing
    ],
)
def test_a_forum_games_title_keeps_its_topic(chat: str, topic: str | None, expected: str) -> None:
    title = place_title(chat, topic)
    assert title == expected and width(title) <= TITLE_LIMIT


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("▶️ Bob 🔑", "Bob"),  # whose turn, the host
        ("▶ Bob ▫️", "Bob"),  # a hand's playable card, the table's others
        ("Bob 🔇", "Bob"),  # can't get their cards
        ("🤖 Computer 1", "Computer 1"),
        ("🥇 Bob", "Bob"),  # a won match's first three
        ("Alex ²", "Alex 2"),  # a second player's mark reads as a plain digit
        ("🔑", "Player 1234"),  # nothing left to show
        ("Bob 🎲", "Bob 🎲"),  # an emoji the bot puts nowhere stays
    ],
)
def test_a_name_loses_the_marks_only_the_bot_puts_beside_one(raw: str, shown: str) -> None:
    """A member named "▶️ Bob 🔑" read on the table as a second player whose turn it was and who hosted."""
    assert plain_name(Seat(1234, raw), "en") == shown


def test_games_in_two_chats_of_one_title_name_them_apart() -> None:
    """ "Your games in Friends, Friends are paused" read as one chat named twice."""
    assert chat_titles(["Friends", "Work", "Friends"], "en") == ["Friends", "Work", "Friends ²"]


def test_a_title_is_marked_only_from_its_second_time_on() -> None:
    assert told_apart(["Friends", "Work", "Friends", "Friends"]) == [
        "Friends",
        "Work",
        "Friends ²",
        "Friends ³",
    ]


def test_texts_are_packed_into_one_message_while_they_fit_with_the_blank_line_between() -> None:
    """The blank line between two texts counts: two that fill a message only without it take two."""
    half = "a" * (TEXT_LIMIT // 2 - 1)
    assert packed([half, half]) == [f"{half}\n\n{half}"]  # exactly TEXT_LIMIT
    assert packed([half, half + "a"]) == [half, half + "a"]


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [(120, "120\u00a0s"), (121, "2\u00a0min"), (149, "2\u00a0min"), (150, "3\u00a0min")],
    ids=["two minutes in seconds", "past two: minutes", "rounded down", "rounded up"],
)
def test_how_long_something_lasted_reads_in_minutes_past_two_rounded(seconds: int, shown: str) -> None:
    assert lasted(seconds, "en") == shown
