"""/top's board through the bot: a chat's board and its buttons (by rating, wins, points; this month named
by its name), pages with the asker's own line off the page, quick presses within the group's limit, a
button from before another's press, the global board in a group and in private, and the words /top takes
after it."""

import re
from datetime import UTC, datetime, timedelta

import pytest

from bot.service.leaderboards import Ordering, Period
from bot.storage import Database
from bot.tg.board_views import BoardChoice, Scope
from tests.fake_bot_api import FakeClock, FakeTelegram
from tests.stats.chat_steps import COMPUTER, command, pause, play, press
from tests.stats.conftest import Bot
from tests.stats.factory import NOW, Seat, ranked


async def test_top_shows_the_chats_board_and_its_buttons_switch_it(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("<Bob & co>")
    carol = fake.add_user("Carol")
    group = fake.add_group("Friends", members=[alice, bob, carol])
    old = NOW - timedelta(days=60)
    await play(database, [alice, bob, carol], group.id, ranked(alice.id, bob.id, points=40), finished_at=old)
    await play(database, [alice, bob, carol], group.id, ranked(alice.id, bob.id, points=40), finished_at=old)
    await play(database, [alice, bob, carol], group.id, ranked(carol.id, bob.id, points=15))
    await play(database, [alice, bob, carol], group.id, [Seat(COMPUTER, 1, 99, is_bot=True), Seat(bob.id, 2)])

    board = await command(bot, fake, bob, group, "/top")
    assert board.text is not None
    lines = board.text.splitlines()
    assert lines[:2] == ["🏆 Leaderboard: Friends", "All time · rating"]
    assert lines[3] == "🥇 Alice" and re.fullmatch(r"1\d{3}\? · 2 wins of 2 \(100%\)", lines[4])
    assert lines[5] == "🥈 Carol"
    # Bob's loss to a computer alone was practice: no board counts it.
    assert lines[7] == "3. <Bob & co>" and lines[8].endswith(" · 0 wins of 3 (0%)")  # no win, no medal
    assert "Computer" not in board.text
    assert "? provisional rating: fewer than 5 rated matches" in board.text
    chosen = [["✅ Rating", "Wins"], ["Win rate", "Points"], ["✅ All time", "This month"]]
    assert board.button_texts == chosen  # marked as /settings marks a choice (✅), not with a ✓ of its own

    month = await press(bot, fake, carol, board, "This month")
    assert month.text is not None
    assert month.text.splitlines()[1] == "November 2026 (UTC) · rating"
    assert "Alice" not in month.text and "🥇 Carol" in month.text
    assert month.button_texts[2] == ["All time", "✅ This month"]

    by_points = await press(bot, fake, carol, month, "Points")
    assert by_points.text is not None and by_points.text.splitlines()[1] == "November 2026 (UTC) · points"
    assert by_points.text.splitlines()[3:5] == ["🥇 Carol", "15 points · 1 win of 1"]


async def test_a_month_board_names_its_month(bot: Bot, fake: FakeTelegram, database: Database) -> None:
    """It said "This month": read once that month had ended, the board still claimed the month it showed
    was the current one, and nothing said that the month turns at midnight UTC (03:00 in Moscow): the label
    says so now."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id, points=40))
    board = await press(bot, fake, bob, await command(bot, fake, bob, group, "/top"), "This month")
    assert board.text is not None and board.text.splitlines()[1] == "November 2026 (UTC) · rating"
    assert board.text.splitlines()[3].startswith("🥇 Alice")

    assert isinstance(fake.clock, FakeClock)
    fake.clock.advance((datetime(2026, 12, 1, tzinfo=UTC) - NOW).total_seconds())
    december = await press(bot, fake, bob, board, "Wins")
    assert december.text is not None
    lines = december.text.splitlines()
    assert lines[1:] == [
        "December 2026 (UTC) · wins",
        "",
        "No match between people has finished this month yet.",  # no practice this month either
    ]


async def test_a_board_without_points_has_no_column_of_zeros(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    """Single-round and own-hand matches score no points for the boards: every line of such a group's board
    ended "· 0 points". Points show on the board by points alone (its lines lead with them), which says why
    they are all 0."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Quick games", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id), ranked(alice.id, bob.id))

    board = await command(bot, fake, bob, group, "/top")
    assert board.text is not None and "point" not in board.text
    assert re.fullmatch(r"1\d{3}\? · 0 wins of 2 \(0%\)", board.text.splitlines()[6])
    by_points = await press(bot, fake, bob, board, "Points")
    assert by_points.text is not None and by_points.text.splitlines()[5:7] == [
        "2. Bob",
        "0 points · 0 wins of 2",
    ]
    assert "Points come only from matches where" in by_points.text

    await play(database, [alice, bob], group.id, ranked(bob.id, alice.id, points=30))
    scored = await press(bot, fake, bob, await command(bot, fake, bob, group, "/top"), "Points")
    assert scored.text is not None and "Points come only" not in scored.text
    assert scored.text.splitlines()[3:7] == [
        "🥇 Bob",
        "30 points · 1 win of 3",
        "2. Alice",  # (session 56) by points, a medal stands for points: "🥈 Alice · 0 points" was a prize
        "0 points · 2 wins of 3",
    ]


async def test_paging_a_board_quickly_stays_within_the_groups_limit(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    """The board's edits share the group's 20 writes a minute with the game's table: 30 quick presses must
    not run the group into Telegram's 429 (which would stall the table too); the board ends on the last."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id, points=40))
    board = await command(bot, fake, bob, group, "/top")
    orderings = [Ordering.WINS, Ordering.POINTS, Ordering.WIN_RATE] * 10
    for ordering in orderings:
        fake.user_presses_data(alice, board, BoardChoice(Scope.CHAT, ordering).callback_data())
    await bot.handle_updates()
    assert fake.too_many_requests_count == 0
    shown = fake.messages[(group.id, board.message_id)]
    assert shown.text is not None and shown.text.splitlines()[1] == "All time · win rate"


async def test_a_board_button_from_before_anothers_press_still_switches_the_board(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    """Alice turned the board to this month; Bob, whose app still showed its first keyboard, pressed "Wins" a
    moment later. That board is no longer among its buttons (they turn this month's board), yet his press
    is no forged one: the board shows wins of all time."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id, points=40))
    board = await command(bot, fake, bob, group, "/top")
    fake.user_presses_data(alice, board, BoardChoice(Scope.CHAT, period=Period.THIS_MONTH).callback_data())
    await bot.handle_updates()
    pause(fake)
    wins = fake.user_presses_data(bob, board, BoardChoice(Scope.CHAT, Ordering.WINS).callback_data())
    await bot.handle_updates()
    assert wins.answered and not wins.show_alert
    shown = fake.messages[(group.id, board.message_id)]
    assert shown.text is not None and shown.text.splitlines()[1] == "All time · wins"


async def test_long_boards_page(bot: Bot, fake: FakeTelegram, database: Database) -> None:
    players = [fake.add_user(f"P{number:02}") for number in range(23)]
    group = fake.add_group("Crowd", members=players)
    pairs = zip(players[::2], players[1::2], strict=False)
    # P22 beats P00, the winner of the first match; the other winners read alike ("1 win of 1" at one
    # rating): tied on what the board shows, they share 🥈 from page one to page two. The points differ, and
    # only order them, no line of the board by rating showing points.
    matches = [
        ranked(first.id, second.id, points=10 + number) for number, (first, second) in enumerate(pairs)
    ]
    await play(database, players, group.id, *matches, ranked(players[-1].id, players[0].id, points=5))

    first = await command(bot, fake, players[0], group, "/top")
    assert first.text is not None and first.text.endswith("Page 1 of 3")
    page_one = first.text.splitlines()[3:23]  # the message is edited in place below
    leader_lines = page_one[:2]  # "🥇 P..", then the figures
    assert first.button_texts[-1] == ["Next »"]
    second = await press(bot, fake, players[0], first, "Next »")
    assert second.text is not None and second.text.endswith("Page 2 of 3")
    assert second.button_texts[-1] == ["« Back", "Next »"]
    assert second.text.splitlines()[3].startswith("🥈 ") and "🥇" not in second.text
    assert "…" not in second.text.splitlines()  # P00, who turned the page, is on it
    page_two_head = second.text.splitlines()[3]

    # (session 50) Tied with the page's first, the line of one ordered before it came after the page.
    tied_lines = page_one[2:4]
    tied = next(p for p in players if tied_lines[0] == f"🥈 {p.first_name}")
    theirs = await press(bot, fake, tied, await command(bot, fake, tied, group, "/top"), "Next »")
    assert theirs.text is not None and theirs.text.splitlines()[3:7] == [*tied_lines, "…", page_two_head]

    leader = next(p for p in players if leader_lines[0] == f"🥇 {p.first_name}")
    own = await press(bot, fake, leader, await command(bot, fake, leader, group, "/top"), "Next »")
    assert own.text is not None and own.text.endswith("Page 2 of 3")
    # Ranked above the page: their line comes first, the "…" between it and the page.
    assert own.text.splitlines()[3:7] == [*leader_lines, "…", page_two_head]

    third = await press(bot, fake, leader, own, "Next »")
    assert third.text is not None and third.text.endswith("Page 3 of 3")
    assert third.text.splitlines()[3:6] == [*leader_lines, "…"]
    last_lines = third.text.splitlines()[6:8]  # "13. P.." (tied: several rank 13th), then the figures
    last = next(p for p in players if last_lines[0].endswith(f" {p.first_name}"))
    top = await command(bot, fake, last, group, "/top")
    assert top.text is not None
    # Ranked below the page: the page comes first, then "…" and their line.
    assert top.text.splitlines()[3:26] == [*page_one, "…", *last_lines]


async def test_top_global_spans_groups_and_the_groups_board_does_not(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    alice, bob, dave = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Dave")
    home = fake.add_group("Home", members=[alice, bob])
    away = fake.add_group("Away", members=[alice, dave])
    await play(database, [alice, bob, dave], home.id, ranked(alice.id, bob.id))
    await play(database, [alice, bob, dave], away.id, ranked(dave.id, alice.id))

    local = await command(bot, fake, alice, home, "/top")
    assert local.text is not None and "Dave" not in local.text and "Bob" in local.text
    everywhere = await command(bot, fake, alice, home, "/top global")
    assert everywhere.text is not None
    assert everywhere.text.startswith("🌍 Global leaderboard")
    assert all(name in everywhere.text for name in ("Alice", "Bob", "Dave"))
    assert "1 win of 2 (50%)" in everywhere.text


@pytest.mark.parametrize("text", ["/top month", "/top wins", "/top global 2", "/top 2"])
async def test_top_with_an_argument_it_does_not_know_says_what_it_takes(
    bot: Bot, fake: FakeTelegram, database: Database, text: str
) -> None:
    """(helper-489, session 57) "/top wins" was answered "/top takes one word at most": it had one word, which
    read as the mistake; the word it takes is named instead."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob", language_code="ru")
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id))
    answer = await command(bot, fake, alice, group, text)
    assert answer.text is not None and answer.text.startswith("The only word /top takes is global (or all): ")
    in_russian = await command(bot, fake, bob, group, text)
    assert in_russian.text is not None
    assert in_russian.text.startswith("После /top можно написать только слово global или «общая»: ")
    russian = await command(bot, fake, alice, group, "/top все")
    assert russian.text is not None and russian.text.startswith("🌍")


@pytest.mark.parametrize("word", ["global", "all", "Глобальная", "глобальный", "общая"])
async def test_top_with_a_word_for_everyones_board_shows_it(
    bot: Bot, fake: FakeTelegram, database: Database, word: str
) -> None:
    """(helper-489, session 57) «/top глобальная», as the board (таблица) reads in Russian, was refused as a
    word /top does not take, though «глобальный» and «общая» were taken; 'all', which the English usage names
    beside global, is taken too."""
    alice, bob = fake.add_user("Alice", language_code="ru"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id))
    board = await command(bot, fake, alice, group, f"/top {word}")
    assert board.text is not None and board.text.startswith("🌍")


@pytest.mark.parametrize(
    ("language", "answer"),
    [
        ("en", "In a private chat /top shows everyone's leaderboard: no word is needed after it."),
        ("ru", "В личном чате /top показывает таблицу лидеров всех игроков: слова после команды не нужны."),  # noqa: RUF001
    ],
)
async def test_top_with_an_argument_it_does_not_know_in_private_says_what_it_takes_there(
    bot: Bot, fake: FakeTelegram, language: str, answer: str
) -> None:
    """(a newcomer's first hour, session 50) "/top garbage" in private answered "/top global shows every
    player's leaderboard", which plain /top there shows already."""
    alice = fake.add_user("Alice", language_code=language)
    fake.user_starts_bot(alice)
    told = await command(bot, fake, alice, fake.private_chat(alice), "/top garbage")
    assert told.text is not None and told.text.startswith(answer), told.text
    assert "global" not in told.text


@pytest.mark.parametrize("word", ["общая", "Общий"])
async def test_top_takes_the_word_the_russian_board_calls_itself(
    bot: Bot, fake: FakeTelegram, database: Database, word: str
) -> None:
    """(found by an audit of the boards, 2026-12-05) The Russian global board is titled «Общая таблица
    лидеров» and /help says «/top global — общая», yet "/top общая" got the usage answer."""
    alice, bob = fake.add_user("Alice", language_code="ru"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id))
    answer = await command(bot, fake, alice, group, f"/top {word}")
    assert answer.text is not None and answer.text.startswith("🌍"), answer.text


async def test_top_in_private_ranks_the_players_of_every_group(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    """The private board was checked by its title alone: scoped to the private chat, where nobody plays, it
    read "Global leaderboard" over an empty board."""
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id))
    board = await command(bot, fake, alice, fake.private_chat(alice), "/top")
    assert board.text is not None and "Alice" in board.text and "Bob" in board.text


async def test_a_chat_boards_button_pressed_in_private_shows_the_global_board(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    """A private chat's board is the global one: a chat-wide choice pressed there (a forged or an old button)
    showed the private chat's empty board under the "Global leaderboard" title."""
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id))
    board = await command(bot, fake, alice, fake.private_chat(alice), "/top")
    pause(fake)
    fake.user_presses_data(alice, board, BoardChoice(Scope.CHAT, Ordering.WINS).callback_data())
    await bot.handle_updates()
    by_wins = fake.messages[(board.chat.id, board.message_id)]
    assert by_wins.text is not None and "Alice" in by_wins.text and "Bob" in by_wins.text
