import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select
from telegram import Update
from telegram.ext import CallbackQueryHandler, ContextTypes, MessageHandler, filters

from bot.service.leaderboards import Ordering, Period
from bot.storage import Database
from bot.storage.models import Chat as ChatRow
from bot.storage.models import MatchResult
from bot.tg.board_views import BoardChoice, Scope
from bot.tg.callback_data import Action, encode
from tests.fake_bot_api import FakeClock, FakeTelegram, Message
from tests.fake_bot_api import User as FakeUser
from tests.narrow_phone import cut_labels, spaced
from tests.stats.conftest import Bot
from tests.stats.factory import NOW, MatchWriter, Seat, ranked

COMPUTER = -5


async def play(
    database: Database, users: list[FakeUser], chat_id: int, *matches: list[Seat], **kw: object
) -> None:
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session, {user.id: user.first_name for user in users})
        writer.names[COMPUTER] = "Computer Carl"
        for seats in matches:
            await writer.match(chat_id, seats, **kw)  # type: ignore[arg-type]


def pause(fake: FakeTelegram) -> None:
    """People take a few seconds between actions (the fake's flood limits follow its clock)."""
    assert isinstance(fake.clock, FakeClock)
    fake.clock.advance(5)


async def command(
    bot: Bot, fake: FakeTelegram, user: FakeUser, chat: object, text: str, **kw: object
) -> Message:
    pause(fake)
    fake.user_sends(user, chat, text, **kw)  # type: ignore[arg-type]
    assert await bot.handle_updates() >= 1
    return as_read(fake.last_bot_message(chat))  # type: ignore[arg-type]


async def press(bot: Bot, fake: FakeTelegram, user: FakeUser, message: Message, button: str) -> Message:
    pause(fake)
    query = fake.user_presses(user, message, button)
    await bot.handle_updates()
    assert query.answered
    return as_read(fake.messages[(message.chat.id, message.message_id)])


def as_read(message: Message) -> Message:
    """A copy of the bot's message, its text `spaced`: these tests read what it says (where a board's and a
    card's lines may wrap: tests/stats/test_figures_on_a_phone.py)."""
    return replace(message, text=None if message.text is None else spaced(message.text))


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


async def test_the_board_is_in_the_chats_language_and_stats_in_the_askers(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    alice, bob = fake.add_user("Alice", language_code="en"), fake.add_user("Bob")
    group = fake.add_group("Друзья", members=[alice, bob])
    catches = [Seat(alice.id, 1, 21, catches_made=2, catches_suffered=1), Seat(bob.id, 2)]
    await play(database, [alice, bob], group.id, catches, ranked(alice.id, bob.id))
    async with database.unit_of_work() as uow:
        chat = await uow.session.get(ChatRow, group.id)
        assert chat is not None
        chat.language = "ru"
    board = await command(bot, fake, alice, group, "/top")
    assert board.text is not None
    assert board.text.splitlines()[:2] == ["🏆 Таблица лидеров: Друзья", "Всё время · рейтинг"]
    assert re.fullmatch(r"1\d{3}\? · 2 победы из 2 \(100%\)", board.text.splitlines()[4])
    periods = ["✅ За всё время", "За месяц"]  # noqa: RUF001
    assert board.button_texts[2] == periods and not cut_labels(board.button_texts)
    stats = await command(bot, fake, alice, group, "/stats")  # meant for her: in her language
    assert stats.text is not None and "Matches counted: 2\nWon: 2 (100%)" in stats.text
    alice.language_code = "ru"  # her app in Russian now
    stats = await command(bot, fake, alice, group, "/stats")
    assert stats.text is not None and "Засчитано матчей: 2\nПобед: 2 (100%)" in stats.text  # noqa: RUF001
    # no ending in brackets for a player of either gender
    assert "Поймано соперников: 2\nПоймали соперники: 1" in stats.text  # noqa: RUF001


async def test_stats_in_reply_to_an_account_deleted_unbeknown_to_the_bot_names_it_deleted(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    """(a transcript of the boards, session 60) Bob deleted his account after his last game, and the bot,
    which learns of it only when a write to him is refused, still kept his name: Alice's /stats in reply to
    his old message headed his card "📊 Deleted Account", Telegram's English name for such an account, in a
    Russian card (and "Deleted Account ²" beside an account the bot knew deleted). Eve, who never played,
    was "Deleted Account" likewise."""
    alice, bob = fake.add_user("Alice", language_code="ru"), fake.add_user("Bob")
    eve = fake.add_user("Eve")
    group = fake.add_group("Friends", members=[alice, bob, eve])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id))
    said, hello = fake.user_sends(bob, group, "gg"), fake.user_sends(eve, group, "hi")
    fake.user_deletes_account(bob)
    fake.user_deletes_account(eve)

    card = await command(bot, fake, alice, group, "/stats", reply_to=said)
    assert card.text is not None
    assert card.text.splitlines()[:2] == ["📊 Удалённый аккаунт", "Все чаты, за всё время"]  # noqa: RUF001
    nobody = await command(bot, fake, alice, group, "/stats", reply_to=hello)
    assert nobody.text == "Удалённый аккаунт: завершённых матчей пока нет."


async def test_stats_of_yourself_and_of_the_person_you_reply_to(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    alice, bob, eve = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Eve")
    group = fake.add_group("Friends", members=[alice, bob, eve])
    winner = Seat(
        alice.id, 1, 50, rounds_won=2, uno_calls=3, catches_made=1, challenges_won=1, challenges_lost=1
    )
    await play(database, [alice, bob], group.id, [winner, Seat(bob.id, 2)], ranked(alice.id, bob.id))

    mine = await command(bot, fake, alice, group, "/stats")
    assert mine.text is not None
    lines = mine.text.splitlines()
    assert lines[:2] == ["📊 Alice", "All chats, all time"]
    assert lines[2].startswith("Rating: ") and lines[2].endswith(", provisional")
    assert lines[3] == "(fewer than 5 rated matches)"
    assert lines[4] == "Last 2 rated matches:" and lines[5].startswith("▲ +")
    assert lines[7:9] == ["Matches counted: 2", "Won: 2 (100%)"]
    assert "Best win streak: 2" in lines
    assert "Rounds won: 2" in lines and "Points: 50" in lines
    assert "Average place: 1.0" in lines
    assert "Challenges: 1 of 2 won (50%)" in lines

    said = fake.user_sends(bob, group, "gg")
    about_bob = await command(bot, fake, eve, group, "/stats", reply_to=said)
    assert about_bob.text is not None and about_bob.text.startswith("📊 Bob")
    assert "\n▼ \u2212" in about_bob.text  # a minus sign, as wide as the plus
    with_words = await command(bot, fake, eve, group, "/stats of this one", reply_to=said)
    assert with_words.text == about_bob.text  # words after it name nobody: the reply still does

    hello = fake.user_sends(eve, group, "hi")
    nobody = await command(bot, fake, alice, group, "/stats", reply_to=hello)
    assert nobody.text == "Eve hasn't finished a match yet."
    own_none = await command(bot, fake, eve, group, "/stats")
    assert own_none.text is not None and own_none.text.startswith("You haven't finished a match yet.")
    own_reply = await command(bot, fake, eve, group, "/stats", reply_to=hello)  # her own message
    assert own_reply.text == own_none.text

    bob.first_name = "Robert"  # renamed since his last game: his message carries the name he has now
    renamed = fake.user_sends(bob, group, "hey")
    about_robert = await command(bot, fake, eve, group, "/stats", reply_to=renamed)
    assert about_robert.text is not None and about_robert.text.startswith("📊 Robert")

    by_name = await command(bot, fake, eve, group, "/stats Bob")  # not a reply: it would show her own
    usage = (
        "To see someone else's statistics, write their username after the command (/stats @\u2060username),"
        " or reply with /stats to one of their messages in a group."
    )
    assert by_name.text == usage
    # (an audit of /stats, 2026-12-05) In the private chat there is no message of theirs to reply to: the
    # answer said "reply to one of their messages" without saying where.
    eve.has_started_bot = True
    in_private = await command(bot, fake, eve, fake.private_chat(eve), "/stats Bob")
    assert in_private.text == usage


async def test_stats_in_reply_to_a_bot_or_a_chat_shows_your_own(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob")
    carol = fake.add_user("Carol")
    group = fake.add_group("Friends", members=[alice, bob, carol])
    fake.make_admin(carol, group, anonymous=True)
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id))
    private = fake.private_chat(alice)
    mine = await command(bot, fake, alice, private, "/stats")
    assert mine.text is not None and mine.text.startswith("📊 Alice")

    # A swipe to reply to the bot's last message, the group's table, a post as a channel or by an anonymous
    # admin: none is a person whose statistics could be meant.
    in_group = await command(bot, fake, alice, group, "/stats")
    channel_post = fake.channel_sends("News", group, "hello")
    anonymous_post = fake.user_sends(carol, group, "hi")
    for chat, replied in (
        (private, mine),
        (group, in_group),
        (group, channel_post),
        (group, anonymous_post),
    ):
        again = await command(bot, fake, alice, chat, "/stats", reply_to=replied)
        assert again.text == mine.text, replied.text


async def test_stats_in_reply_show_whom_the_command_names_or_else_whom_it_answers(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    """A member picked from the mention list wins over the message replied to, as with /kick; and an
    anonymous admin, who has no figures of their own, gets those of the member they reply to."""
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    group = fake.add_group("Friends", members=[alice, bob, carol])
    fake.make_admin(carol, group, anonymous=True)
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id))
    said = fake.user_sends(bob, group, "gg")

    named = await command(bot, fake, bob, group, "/stats Alice", reply_to=said, mentions=[alice])
    assert named.text is not None and named.text.startswith("📊 Alice\n")
    by_an_admin = await command(bot, fake, carol, group, "/stats", reply_to=said)
    assert by_an_admin.text is not None and by_an_admin.text.startswith("📊 Bob\n")


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


@pytest.mark.parametrize(
    ("text", "in_private", "shown"),
    [
        pytest.param("/stats", True, "📊 Alicia", id="stats in private"),
        pytest.param("/stats", False, "📊 Alicia", id="stats in the group"),
        pytest.param("/top", False, "🥇 Alicia\n", id="top in the group"),
    ],
)
async def test_stats_and_top_show_the_name_the_user_has_now(
    bot: Bot, fake: FakeTelegram, database: Database, text: str, in_private: bool, shown: str
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id, points=40))
    alice.has_started_bot = True
    alice.first_name = "Alicia"  # renamed in Telegram since her last game
    answer = await command(bot, fake, alice, fake.private_chat(alice) if in_private else group, text)
    assert answer.text is not None and shown in answer.text


async def test_forgetme_asks_then_deletes_only_that_users_stats(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob", started_bot=True)
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id))

    refused = await command(bot, fake, alice, group, "/forgetme")
    assert refused.text == (
        "Statistics are deleted in the private chat with me, not here: open it and send /forgetme there."
    )
    assert refused.buttons[0][0]["url"] == f"https://t.me/{fake.bot.username}"
    private = fake.private_chat(alice)
    ask = await command(bot, fake, alice, private, "/forgetme")
    assert ask.button_texts == [["Yes, delete", "Cancel"]]
    kept = await press(bot, fake, alice, ask, "Cancel")
    assert kept.text == "Nothing was deleted." and kept.button_texts == []

    ask = await command(bot, fake, alice, private, "/forgetme")
    done = await press(bot, fake, alice, ask, "Yes, delete")
    assert done.text == "Your statistics, rating, kept name and /notifyme requests were deleted."
    async with database.unit_of_work() as uow:
        owners = list(await uow.session.scalars(select(MatchResult.user_id)))
        stored = await uow.users.get(alice.id)
    assert owners == [bob.id]
    assert stored is not None and (stored.rating, stored.rated_matches) == (1500.0, 0)
    again = await command(bot, fake, alice, group, "/stats")
    assert again.text is not None and again.text.startswith("You haven't finished a match yet.")


async def test_a_forgetme_question_answered_after_an_hour_deletes_nothing(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    """(found by an audit of a long-lived group, 2026-12-04) "Yes, delete" pressed months after the question
    deleted every statistic earned since, which the question never showed."""
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob", started_bot=True)
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id))
    private = fake.private_chat(alice)
    ask = await command(bot, fake, alice, private, "/forgetme")
    assert isinstance(fake.clock, FakeClock)
    fake.clock.advance(3600)
    late = await press(bot, fake, alice, ask, "Yes, delete")
    assert late.text is not None and late.text.startswith("Nothing was deleted: this question is over")
    assert late.button_texts == []
    async with database.unit_of_work() as uow:
        owners = set(await uow.session.scalars(select(MatchResult.user_id)))
    assert owners == {alice.id, bob.id}
    ask = await command(bot, fake, alice, private, "/forgetme")  # asked again, it is answered
    done = await press(bot, fake, alice, ask, "Yes, delete")
    assert done.text == "Your statistics, rating, kept name and /notifyme requests were deleted."


async def test_forgetme_with_nothing_to_delete_says_so_instead_of_asking(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    """It asked to delete everything, and its "Yes" deleted nothing, of someone who never played or whose
    statistics were deleted already."""
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    private = fake.private_chat(alice)
    never_played = await command(bot, fake, alice, private, "/forgetme")
    assert never_played.text == "You have no statistics to delete." and never_played.button_texts == []

    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id))
    done = await press(bot, fake, alice, await command(bot, fake, alice, private, "/forgetme"), "Yes, delete")
    assert done.text == "Your statistics, rating, kept name and /notifyme requests were deleted."
    again = await command(bot, fake, alice, private, "/forgetme")
    assert again.text == never_played.text and again.button_texts == []
    carol = fake.add_user("Carol", language_code="ru", started_bot=True)
    russian = await command(bot, fake, carol, fake.private_chat(carol), "/forgetme")
    assert russian.text == "У вас нет статистики, удалять нечего."  # noqa: RUF001


async def test_forged_and_foreign_presses_are_refused(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob", started_bot=True)
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id))
    board = await command(bot, fake, alice, group, "/top")

    forged = fake.user_presses_data(bob, board, "1k:0:0:7:0:0:0")  # scope 7 does not exist
    # Bob's own /forgetme confirmation sent on the board: it answers no question there, so the board stays and
    # nothing is deleted. Alice's sent on his own question names her: it is not his to press.
    misplaced = fake.user_presses_data(bob, board, encode(Action.FORGET, bob.id, 0, 1))
    question = await command(bot, fake, bob, fake.private_chat(bob), "/forgetme")
    foreign = fake.user_presses_data(bob, question, encode(Action.FORGET, alice.id, 0, 1))
    await bot.handle_updates()
    assert (
        forged.answered
        and forged.show_alert
        and forged.answer_text == "This message is out of date: send /top to open it again."
    )
    assert (
        misplaced.show_alert
        and misplaced.answer_text == "This message is out of date: send /forgetme to open it again."
    )
    assert board.text == as_read(fake.messages[(group.id, board.message_id)]).text  # unchanged
    assert foreign.answered and foreign.show_alert and foreign.answer_text == "This button isn't for you."
    async with database.unit_of_work() as uow:
        assert len(list(await uow.session.scalars(select(MatchResult.user_id)))) == 2


async def test_in_a_forum_topic_answers_stay_in_the_topic(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    forum = fake.add_group("Club", members=[alice, bob], forum=True)
    topic = fake.add_topic(forum, "UNO")
    await play(database, [alice, bob], forum.id, ranked(alice.id, bob.id))
    await bot.handle_updates()  # the topic's creation

    board = await command(bot, fake, bob, forum, "/top", thread_id=topic)
    assert board.thread_id == topic and board.text is not None and "Alice" in board.text
    # Telegram marks every topic message as a reply to the topic's first message: that is not "about Alice".
    topic_start = fake.messages[(forum.id, topic)]
    mine = await command(bot, fake, bob, forum, "/stats", thread_id=topic, reply_to=topic_start)
    assert mine.thread_id == topic and mine.text is not None and mine.text.startswith("📊 Bob")


async def test_in_private_the_board_is_global_and_the_users_language_is_used(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    alice = fake.add_user("Alice", language_code="ru-RU", started_bot=True)
    bob = fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id))
    private = fake.private_chat(alice)

    board = await command(bot, fake, alice, private, "/top")
    assert board.text is not None and board.text.startswith("🌍 Общая таблица лидеров")
    stats = await command(bot, fake, alice, private, "/stats")
    assert stats.text is not None and "Засчитано матчей: 1\nПобед: 1 (100%)" in stats.text  # noqa: RUF001
    async with database.unit_of_work() as uow:
        stored = await uow.users.get(alice.id)
        assert stored is not None
        stored.language = "en"  # chosen in the bot: wins over Telegram's language
    stats = await command(bot, fake, alice, private, "/stats")
    assert stats.text is not None and "Matches counted: 1\nWon: 1 (100%)" in stats.text


async def test_an_empty_board_says_where_matches_are_started(bot: Bot, fake: FakeTelegram) -> None:
    """/new works only in a group: the empty global board in private must not send people to it there."""
    alice = fake.add_user("Alice", started_bot=True)
    board = await command(bot, fake, alice, fake.private_chat(alice), "/top")
    assert board.text is not None and board.text.endswith(
        "No match between people has finished yet. Start one in a group with /new."
    )


EMPTY = {
    ("en", False): "No match between people has finished this month yet.",
    ("en", True): "No match between people has finished this month yet:"
    " practice against computers alone doesn't count.",
    ("ru", False): "В этом месяце завершённых матчей между людьми пока нет.",  # noqa: RUF001
    ("ru", True): "В этом месяце завершённых матчей между людьми пока нет:"  # noqa: RUF001
    " тренировки против одних компьютеров не считаются.",
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_an_empty_board_speaks_of_practice_only_after_some(
    bot: Bot, fake: FakeTelegram, database: Database, language: str
) -> None:
    """The note "practice against computers alone does not count" explains a board left empty after practice;
    said to a group that had none, it puzzled instead. Practice of another month is not this month's, and a
    group's board is not told of another group's practice."""
    alice = fake.add_user("Alice", language_code=language)
    group, other = fake.add_group("Friends", members=[alice]), fake.add_group("Others", members=[alice])
    async with database.unit_of_work() as uow:
        uow.session.add(ChatRow(id=group.id, title="Friends", settings={}, language=language))
    alone = [Seat(alice.id, 1, 50), Seat(COMPUTER, 2, is_bot=True)]
    await play(database, [alice], group.id, alone, finished_at=NOW - timedelta(days=60))
    await play(database, [alice], other.id, alone)

    month, wins = {"en": ("This month", "Wins"), "ru": ("За месяц", "Победы")}[language]  # noqa: RUF001
    board = await press(bot, fake, alice, await command(bot, fake, alice, group, "/top"), month)
    assert board.text is not None and board.text.splitlines()[3] == EMPTY[language, False]
    await play(database, [alice], group.id, alone)
    board = await press(bot, fake, alice, board, wins)
    assert board.text is not None and board.text.splitlines()[3] == EMPTY[language, True]


@pytest.mark.parametrize(
    ("language", "in_group", "start"),
    [
        pytest.param("en", True, "Start one here with /new.", id="en group"),
        pytest.param("en", False, "Start one in a group with /new.", id="en private"),
        pytest.param("ru", True, "Начните игру здесь командой /new.", id="ru group"),
        pytest.param("ru", False, "Начните игру в группе командой /new.", id="ru private"),
    ],
)
async def test_a_newcomer_is_told_where_to_start_a_match(
    bot: Bot, fake: FakeTelegram, database: Database, language: str, in_group: bool, start: str
) -> None:
    """In a group, "in a group" read as if the group they wrote in were not one: there it is "here"."""
    alice = fake.add_user("Alice", language_code=language, started_bot=True)
    chat = fake.add_group("Friends", members=[alice]) if in_group else fake.private_chat(alice)
    if in_group:
        async with database.unit_of_work() as uow:
            uow.session.add(ChatRow(id=chat.id, title="Friends", settings={}, language=language))
    stats = await command(bot, fake, alice, chat, "/stats")
    assert stats.text is not None and stats.text.endswith(f" {start}")
    board = await command(bot, fake, alice, chat, "/top")
    assert board.text is not None and board.text.endswith(f" {start}")


async def test_the_games_catch_all_handlers_never_see_stats_updates(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    seen: list[Update] = []

    async def catch_all(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        seen.append(update)

    # Catch-alls with no pattern, after the game's own (a later group sees what group 0 let through).
    bot.application.add_handler(CallbackQueryHandler(catch_all), group=1)
    bot.application.add_handler(MessageHandler(filters.COMMAND, catch_all), group=1)
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id))

    board = await command(bot, fake, alice, group, "/top")
    await press(bot, fake, bob, board, "Wins")
    await command(bot, fake, bob, group, "/stats")
    await command(bot, fake, bob, group, "/dance")
    assert [update.effective_message.text for update in seen if update.effective_message] == ["/dance"]


async def test_stats_of_someone_whose_only_match_was_stopped_reads_as_a_newcomers(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    """A stopped match is no match played: its card read "Matches: 0, won 0 (0%)", "Best win streak: 0" and
    zeros on, where someone who never played reads that they have not finished a match yet. (found by an audit
    of the boards, 2026-12-05) The points of its finished rounds counted, on the card and the Points board:
    stopped ahead, a player kept them; now a stopped match counts for nothing anywhere."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob", username="bob_b")
    group = fake.add_group("Friends", members=[alice, bob])
    stopped = [Seat(alice.id, 1, uno_calls=1), Seat(bob.id, 2)]
    await play(database, [alice, bob], group.id, stopped, stopped_early=True)

    own = await command(bot, fake, alice, group, "/stats")
    assert own.text == "You haven't finished a match yet. Start one here with /new."
    said = fake.user_sends(alice, group, "gg")
    about = await command(bot, fake, bob, group, "/stats", reply_to=said)
    assert about.text == "Alice hasn't finished a match yet."
    by_username = await command(bot, fake, alice, group, "/stats @bob_b")  # a username kept from his /stats
    assert by_username.text == "Bob hasn't finished a match yet."

    scored = [Seat(alice.id, 1, 40, rounds_won=1), Seat(bob.id, 2)]
    await play(database, [alice, bob], group.id, scored, stopped_early=True)
    assert isinstance(fake.clock, FakeClock)
    fake.clock.advance(60)  # the same answer to the same person within a minute is not posted again
    card = await command(bot, fake, alice, group, "/stats")
    assert card.text == "You haven't finished a match yet. Start one here with /new."
    board = await press(bot, fake, bob, await command(bot, fake, bob, group, "/top"), "Points")
    assert board.text is not None and "Alice" not in board.text


async def test_a_card_leaves_out_the_figures_that_are_all_zero(
    bot: Bot, fake: FakeTelegram, database: Database
) -> None:
    """Bob lost twice and never called UNO or caught anyone: his card's lines of zeros ("Best win streak: 0",
    "UNO! calls: 0", "Catches: 0 made, 0 suffered") only padded it; its main figures stay."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await play(database, [alice, bob], group.id, ranked(alice.id, bob.id), ranked(alice.id, bob.id))

    card = await command(bot, fake, bob, group, "/stats")
    assert card.text is not None
    assert card.text.splitlines()[6:] == [
        "",
        "Matches counted: 2",
        "Won: 0 (0%)",
        "Rounds won: 0",
        "Points: 0",
        "Average place: 2.0",
    ]
    caught = [Seat(alice.id, 1), Seat(bob.id, 2, catches_suffered=1)]
    await play(database, [alice, bob], group.id, caught)
    card = await command(bot, fake, bob, group, "/stats")
    assert card.text is not None and "Caught opponents: 0\nCaught by opponents: 1" in card.text


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


async def test_stats_of_ones_own_username_in_another_case_is_ones_own(bot: Bot, fake: FakeTelegram) -> None:
    """Telegram takes a username in any case: "/stats @Carol_C" from @carol_c asks for her own figures, and a
    newcomer is told where to start, not that nobody plays under that username."""
    carol = fake.add_user("Carol", username="carol_c")
    own = await command(bot, fake, carol, fake.add_group("Home", members=[carol]), "/stats @Carol_C")
    assert own.text is not None and own.text.startswith("You haven't finished a match yet.")


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
