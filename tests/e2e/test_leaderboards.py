"""Issue 6 done-when: after real matches in two groups, /top, /top global and /stats show them."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from sqlalchemy import select, update

from bot.engine.rules import Rules
from bot.service import Place
from bot.storage import Database
from bot.storage.models import Game
from bot.storage.models import User as UserRow
from bot.tg.callback_data import Action
from tests.e2e.harness import Bot, World, buttons, press, press_action
from tests.e2e.matches import (
    MORE_SEATS_SHORT_MATCH_SEED,
    ONE_ROUND,
    deal,
    deal_short_matches,
    open_lobby,
    play_until_over,
    started,
    stop,
    use_quick_rules,
)
from tests.fake_bot_api import Chat, FakeTelegram, Message, User
from tests.narrow_phone import spaced
from tests.rules_in_play.table import play_to_the_end, playing


async def test_boards_and_stats_after_matches_in_two_groups(world: World, fake: FakeTelegram) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob", language_code="ru")
    carol = fake.add_user("Carol")
    home = fake.add_group("Home", members=[alice, bob])
    away = fake.add_group("Away", members=[alice, carol])
    for group in (home, away):
        await use_quick_rules(world, group, ONE_ROUND)  # whole matches, of one round each
    deal_short_matches(world)
    async with world.running() as bot:
        for user in (alice, bob, carol):
            fake.user_starts_bot(user)
        await bot.deliver()
        for group, other in ((home, bob), (away, carol)):
            await open_lobby(bot, fake, group, alice, [other])
            press_action(fake, alice, fake.last_bot_message(group), Action.START)
            await bot.deliver()
            await play_until_over(bot, group, {alice.id: alice, other.id: other})

        bot.clock.advance(60)
        fake.user_sends(bob, home, "/top")
        await bot.deliver()
        board = fake.last_bot_message(home).text or ""
        assert board.startswith("🏆 Leaderboard: Home")
        assert "Alice" in board and "Bob" in board and "Carol" not in board

        fake.user_sends(bob, home, "/top global")
        await bot.deliver()
        everywhere = spaced(fake.last_bot_message(home).text or "")
        assert all(name in everywhere for name in ("Alice", "Bob", "Carol"))
        assert " of 2 (" in everywhere  # Alice played both matches

        fake.user_sends(alice, home, "/top")
        await bot.deliver()
        assert " of 1 (" in spaced(fake.last_bot_message(home).text or "")  # Home's board: one of Alice's

        fake.user_sends(alice, home, "/stats")
        await bot.deliver()
        stats = spaced(fake.last_bot_message(home).text or "")
        assert stats.startswith("📊 Alice") and "Matches counted: 2\nWon: " in stats
        assert "\nLast 2 rated matches:\n" in stats
        # Asked in Home, whose board showed one match: the two are said to be of every chat.
        assert stats.splitlines()[1] == "All chats, all time"

        fake.user_sends(bob, fake.private_chat(bob), "/stats")
        await bot.deliver()
        mine = fake.last_bot_message(fake.private_chat(bob)).text or ""
        assert mine.splitlines()[1] == "Все чаты, за всё время"  # noqa: RUF001
        assert "Засчитано матчей: 1\nПобед: " in mine  # noqa: RUF001


async def test_leaving_a_match_the_bot_then_stops_still_counts_as_a_loss(
    world: World, fake: FakeTelegram
) -> None:
    """(found by a competitive group's audit, 2026-12-05) Leaving a match against a computer made the bot stop
    it, and a stopped match counts for nothing: the loss was dodged, though wins over computers counted. Such
    a match is practice now (an audit of the boards, 2026-12-05): off the boards, a loss on /stats."""
    alice = fake.add_user("Alice")
    group = fake.add_group("Home", members=[alice])
    async with world.running() as bot:
        fake.user_starts_bot(alice)
        await bot.deliver()
        await open_lobby(bot, fake, group, alice, [])
        press_action(fake, alice, fake.last_bot_message(group), Action.ADD_COMPUTER)
        await bot.deliver()
        press_action(fake, alice, fake.last_bot_message(group), Action.START)
        await bot.deliver()
        fake.user_sends(alice, group, "/leave")
        await bot.deliver()
        assert (await bot.rt.service.find(Place(group.id))) is None  # only the computer was left: stopped

        fake.user_sends(alice, group, "/top")
        await bot.deliver()
        assert (fake.last_bot_message(group).text or "").splitlines()[3] == (
            "No match between people has finished yet: practice against computers alone doesn't count."
            " Start one here with /new."
        )
        fake.user_sends(alice, group, "/stats")
        await bot.deliver()
        stats = spaced(fake.last_bot_message(group).text or "").splitlines()
        assert "Matches counted: none yet" in stats
        assert stats[-2:] == [
            "Practice: won 0 of 1",
            "Practice, and matches the others left during the first round, count neither in the figures"
            " above nor on the leaderboards: a match counts once at least two people have played a full round"
            " of it.",
        ]


async def test_a_match_of_three_stopped_in_its_first_round_is_not_called_practice(
    world: World, fake: FakeTelegram
) -> None:
    """(found by helper-341, session 51) A match of three people stopped before anyone played a full round
    counts for nobody: its rows count fewer than two people, and the empty board took them for practice,
    saying "practice against computers alone doesn't count" where no computer ever played."""
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, (alice, *_)):
        await stop(bot, fake, group, alice)
        assert (await bot.rt.service.find(Place(group.id))) is None

        fake.user_sends(alice, group, "/top")
        await bot.deliver()
        top = fake.last_bot_message(group)
        empty = "No match between people has finished yet. Start one here with /new."
        assert (top.text or "").splitlines()[3] == empty
        press(fake, alice, top, next(data for text, data in buttons(top) if text == "This month"))
        await bot.deliver()
        month = (fake.last_bot_message(group).text or "").splitlines()
        assert month[3] == "No match between people has finished this month yet."


async def test_a_match_stopped_after_a_scored_round_gives_nobody_its_points(
    world: World, fake: FakeTelegram
) -> None:
    """(found by an audit of the boards, 2026-12-05) /stop voided the match's win and loss but kept the points
    of its finished rounds: the one ahead had it stopped and stood on the Points board with 'no finished
    matches · 60 points'. Now a player who stops a match that counts takes it as a loss, with no points."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Home", members=[alice, bob])
    fake.make_admin(bob, group)  # either may stop it
    await use_quick_rules(world, group, {"target_score": 2000})  # the first round cannot end the match
    deal_short_matches(world)
    async with world.running() as bot:
        for user in (alice, bob):
            fake.user_starts_bot(user)
        await bot.deliver()
        await open_lobby(bot, fake, group, alice, [bob])
        press_action(fake, alice, fake.last_bot_message(group), Action.START)
        await bot.deliver()
        while not any((await bot.game(group))[1].state.scores.values()):
            await play_until_over(bot, group, {alice.id: alice, bob.id: bob}, limit=1)
        scores = (await bot.game(group))[1].state.scores
        ahead = alice if scores[alice.id] else bob
        await stop(bot, fake, group, ahead)
        assert (await bot.rt.service.find(Place(group.id))) is None

        fake.user_sends(bob, group, "/top")
        await bot.deliver()
        top = fake.last_bot_message(group)
        press(fake, bob, top, next(data for text, data in buttons(top) if text == "Points"))
        await bot.deliver()
        board = spaced(fake.last_bot_message(group).text or "").splitlines()
        assert board[1] == "All time · points"
        assert board[3:6] == [f"1. {ahead.first_name}", "0 points · 0 wins of 1", ""]  # nobody else
        # (an audit of /stats, 2026-12-05) The round it won is on their /stats, without its points: the reason
        # given named own-hand, one-round and left matches, none of which this was.
        fake.user_sends(ahead, group, "/stats")
        await bot.deliver()
        assert (
            "Rounds won: 1\nPoints: 0\nOwn-hand and one-round matches give no points, and nor does a match"
            " left or stopped.\n" in (fake.last_bot_message(group).text or "")
        )


async def test_a_deleted_account_is_named_so_on_the_boards_with_its_figures(
    world: World, fake: FakeTelegram
) -> None:
    """Bob deletes his Telegram account: the bot learns it when his next hand cannot be sent ("user is
    deactivated"). The boards kept showing his last name; they now say "Deleted account", with his figures."""
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    group = fake.add_group("Home", members=[alice, bob, carol])
    await use_quick_rules(world, group, ONE_ROUND)
    deal_short_matches(world)
    async with world.running() as bot:
        await _a_match_of_two(bot, fake, group, alice, bob, started=(alice, bob, carol))

        bot.clock.advance(60)
        await open_lobby(bot, fake, group, alice, [bob, carol])
        fake.user_deletes_account(bob)
        press_action(fake, alice, fake.last_bot_message(group), Action.START)  # Bob's hand is refused
        await bot.deliver()
        assert bob.id in (await bot.game(group))[1].departures
        bot.clock.advance(60)
        fake.user_sends(alice, group, "/top")
        await bot.deliver()
        board = spaced(fake.last_bot_message(group).text or "")
        assert "Deleted account" in board and "Bob" not in board, board
        assert "Alice" in board and " of 1 (" in board, board


async def test_stats_in_reply_to_a_deleted_account_names_it_as_the_boards_do(
    world: World, fake: FakeTelegram
) -> None:
    """(a transcript of privacy and accounts, session 51) Alice's board said "Удалённый аккаунт" for Bob, who
    had deleted his account; her /stats in reply to his old message headed his figures "📊 Deleted Account",
    the English name Telegram's updates give such an account."""
    alice = fake.add_user("Alice", language_code="ru")
    bob, carol = fake.add_user("Bob"), fake.add_user("Carol")
    group = fake.add_group("Home", members=[alice, bob, carol])
    await use_quick_rules(world, group, ONE_ROUND)
    deal_short_matches(world)
    async with world.running() as bot:
        await _a_match_of_two(bot, fake, group, alice, bob, started=(alice, bob, carol))
        said = fake.user_sends(bob, group, "gg")

        bot.clock.advance(60)
        await open_lobby(bot, fake, group, alice, [bob, carol])
        fake.user_deletes_account(bob)
        press_action(fake, alice, fake.last_bot_message(group), Action.START)  # Bob's hand is refused
        await bot.deliver()
        fake.user_sends(alice, group, "/stats", reply_to=said)
        await bot.deliver()
        card = spaced(fake.last_bot_message(group).text or "").splitlines()
    assert card[0] == "📊 Удалённый аккаунт" and "Засчитано матчей: 1" in card, card


async def test_a_deleted_account_s_name_goes_from_the_games_it_played(
    world: World, fake: FakeTelegram
) -> None:
    """The boards forgot a deleted account's name, but every game it had played kept it in its stored
    document. Once the bot learns the account is gone, those names go too: the ended match's, and the one it
    was just taken out of."""
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    group = fake.add_group("Home", members=[alice, bob, carol])
    await use_quick_rules(world, group, ONE_ROUND)
    deal_short_matches(world)
    async with world.running() as bot:
        await _a_match_of_two(bot, fake, group, alice, bob, started=(alice, bob, carol))

        bot.clock.advance(60)
        await open_lobby(bot, fake, group, alice, [bob, carol])
        fake.user_deletes_account(bob)
        press_action(fake, alice, fake.last_bot_message(group), Action.START)  # Bob's hand is refused
        await bot.deliver()
        assert bob.id in (await bot.game(group))[1].departures

    names = await _stored_names(world)
    assert len(names) == 2
    assert all(kept[str(bob.id)] == "" and kept[str(alice.id)] == "Alice" for kept in names), names


async def _a_match_of_two(
    bot: Bot, fake: FakeTelegram, group: Chat, alice: User, bob: User, started: Sequence[User]
) -> None:
    """Those `started` open the private chat; Alice and Bob then play a match in `group` to its end."""
    for user in started:
        fake.user_starts_bot(user)
    await bot.deliver()
    await open_lobby(bot, fake, group, alice, [bob])
    press_action(fake, alice, fake.last_bot_message(group), Action.START)
    await bot.deliver()
    await play_until_over(bot, group, {alice.id: alice, bob.id: bob})


async def _stored_names(world: World) -> list[dict[str, str]]:
    """The names every stored game keeps, by user id."""
    database = Database.connect(world.database_url)
    try:
        async with database.reading() as session:
            return [state["names"] for state in await session.scalars(select(Game.state))]
    finally:
        await database.dispose()


async def test_stats_say_how_many_matches_had_a_computer_which_rates_none(
    world: World, fake: FakeTelegram
) -> None:
    """(found by an audit of /stats, 2026-12-05) A match of two people and a computer counts on the boards but
    changes no rating: Bob read "Matches finished: 2" beside "provisional: fewer than 5 rated matches" with
    nothing saying that one of the two was not rated, nor why. /stats now says so, naming the matches: below
    "Won: 0", "Of these, with a computer: 1" read as one of no wins (session 51)."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob", language_code="ru")
    group = fake.add_group("Home", members=[alice, bob])
    await use_quick_rules(world, group, ONE_ROUND)
    deal_short_matches(world, MORE_SEATS_SHORT_MATCH_SEED)
    async with world.running() as bot:
        for user in (alice, bob):
            fake.user_starts_bot(user)
        await bot.deliver()
        for computers in (0, 1):
            await open_lobby(bot, fake, group, alice, [bob])
            for _ in range(computers):
                press_action(fake, alice, fake.last_bot_message(group), Action.ADD_COMPUTER)
                await bot.deliver()
            press_action(fake, alice, fake.last_bot_message(group), Action.START)
            await bot.deliver()
            await play_until_over(bot, group, {alice.id: alice, bob.id: bob})
            bot.clock.advance(60)

        fake.user_sends(alice, group, "/stats")
        await bot.deliver()
        stats = (fake.last_bot_message(group).text or "").splitlines()
        counted = stats.index("Matches counted: 2")
        assert stats[counted + 2 : counted + 4] == [
            "Matches with a computer: 1",
            "(such matches change no rating)",
        ]
        assert stats[4] == "Last rated match:"  # the one rated match

        fake.user_sends(bob, fake.private_chat(bob), "/stats")
        await bot.deliver()
        mine = fake.last_bot_message(fake.private_chat(bob)).text or ""
        assert "\nМатчей с компьютером: 1\n(такие матчи не меняют рейтинг)\n" in mine  # noqa: RUF001


async def test_stats_of_a_player_named_by_username_or_picked_from_the_mention_list(
    world: World, fake: FakeTelegram
) -> None:
    """(session 46's audit of the boards) "/stats @bob" answered how to reply to one of Bob's messages: a
    friend who had not written in the group lately, or never wrote there, could not be looked up, nor anyone
    from the private chat. A username the bot keeps from a player's games now finds them, in any case; a
    member picked from the mention list (who has no username) is found by the link Telegram sends; one who
    sent /forgetme stays unknown, and the answer never mentions (notifies) whoever has the username."""
    alice, bob = fake.add_user("Alice", username="alice_a"), fake.add_user("Bob", username="BobTheBuilder")
    carol = fake.add_user("Carol", username="carol_c")  # never played
    dave = fake.add_user("Dave")  # no username
    group = fake.add_group("Home", members=[alice, bob, carol, dave])
    await use_quick_rules(world, group, ONE_ROUND)
    deal_short_matches(world)
    async with world.running() as bot:
        await _a_match_of_two(bot, fake, group, alice, bob, started=(alice, bob, carol))
        bot.clock.advance(60)

        async def stats(user: User, chat: Chat, text: str, mentions: Sequence[User] = ()) -> Message:
            bot.clock.advance(30)
            fake.user_sends(user, chat, text, mentions=mentions)
            await bot.deliver()
            return fake.last_bot_message(chat)

        bobs = (await stats(carol, group, "/stats @bobthebuilder")).text or ""
        assert bobs.startswith("📊 Bob\n") and "Matches counted: 1\nWon: " in bobs
        alices = (await stats(carol, fake.private_chat(carol), "/stats @Alice_A")).text or ""
        assert alices.startswith("📊 Alice\n")
        own = await stats(carol, group, "/stats @carol_c")
        assert (own.text or "").startswith("You haven't finished a match yet.")
        picked = await stats(alice, group, "/stats Dave", mentions=[dave])
        assert picked.text == "Dave hasn't finished a match yet."
        by_name = await stats(alice, group, "/stats Bob")  # a name may be anyone's
        assert (by_name.text or "").startswith("To see someone else's statistics, write their username")

        fake.user_sends(bob, fake.private_chat(bob), "/forgetme")
        await bot.deliver()
        question = fake.last_bot_message(fake.private_chat(bob))
        press(fake, bob, question, next(data for text, data in buttons(question) if text == "Yes, delete"))
        await bot.deliver()
        forgotten = await stats(carol, group, "/stats @BobTheBuilder")
        assert forgotten.text == (
            "I don't know @\u2060BobTheBuilder: nobody has played with me under that username. If they've"
            " changed it, reply with /stats to one of their messages in a group."
        )
        assert [entity["type"] for entity in forgotten.entities] == ["bot_command"]  # /stats, no mention


async def test_players_whose_lines_read_the_same_share_their_place(world: World, fake: FakeTelegram) -> None:
    """(found by a reader of a whole game, session 50) A computer won the match; Алиса had won a round on the
    way. The board by rating read "🥇 Алиса 1500? · 0 побед из 1 (0%) / 🥈 Борис 1500? · 0 побед из 1 (0%) /
    🥈 Дина ...": three lines alike, two places, the points no line of that board shows deciding. Alike, they
    share one; by points, which the lines there show, Алиса's stand first alone. (transcript read, session
    51) None of them won a match: a medal read as a prize for a loss, so their places read as numbers."""
    async with playing(world, fake, Rules(), ("Алиса", "Борис", "Дина"), computers=1, language="ru") as table:
        alice, *_ = table.people
        _, doc = await table.bot.game(table.group)
        computer = doc.players[-1]  # seated after the people
        await table.head_start({alice.id: 40, computer: 495})
        await table.arrange({"Алиса": ["GR", "R9", "B9"], computer: ["G1"]}, top="G3", turn=alice)
        await table.play(alice, "GR")  # the computer's turn: it goes out, and wins the match
        await play_to_the_end(table)

        table.bot.clock.advance(60)
        fake.user_sends(alice, table.group, "/top")
        await table.deliver()
        top = fake.last_bot_message(table.group)
        assert spaced(top.text or "").splitlines()[3:9] == [
            "1. Алиса",
            "1500? · 0 побед из 1 (0%)",
            "1. Борис",
            "1500? · 0 побед из 1 (0%)",
            "1. Дина",
            "1500? · 0 побед из 1 (0%)",
        ]
        press(fake, alice, top, next(data for text, data in buttons(top) if text == "Очки"))
        await table.deliver()
        by_points = (fake.last_bot_message(table.group).text or "").splitlines()
        assert [line for line in by_points if line.startswith(("1. ", "2. "))] == [
            "1. Алиса",
            "2. Борис",
            "2. Дина",
        ]


async def test_two_players_of_one_name_read_apart_on_their_stats_as_on_the_board(
    world: World, fake: FakeTelegram
) -> None:
    """(session 53's transcripts) /stats of each of two "Alex" read "📊 Alex", while /top marked one "Alex ²":
    the card gives the mark as the boards do, by user id, the one order every board and card can share."""
    async with playing(world, fake, Rules(), ("Alex", "Alex")) as table:
        first, second = table.people
        assert first.id < second.id
        await table.head_start(495)  # the first round's winner wins the match
        await play_to_the_end(table)
        fake.user_sends(first, table.group, "/top")
        await table.deliver()
        board = spaced(fake.last_bot_message(table.group).text or "").splitlines()
        assert sorted(line.split(" ", 1)[1] for line in board if line.startswith(("🥇", "2. "))) == [
            "Alex",
            "Alex ²",
        ]
        for user, title in ((first, "📊 Alex"), (second, "📊 Alex ²")):
            card = await _stats_answer(table.bot, fake, user, fake.private_chat(user))
            assert spaced(card).splitlines()[0] == title


async def _stats_answer(bot: Bot, fake: FakeTelegram, user: User, chat: Chat) -> str:
    """What /stats from `user` in `chat` answers (a while after the last command: none is held back)."""
    bot.clock.advance(30)
    fake.user_sends(user, chat, "/stats")
    await bot.deliver()
    return fake.last_bot_message(chat).text or ""


async def test_a_player_whose_first_match_is_under_way_is_told_it_counts_when_it_ends(
    world: World, fake: FakeTelegram
) -> None:
    """(session 50's newcomer transcript) /stats of a player in their first match, in its group or in the
    private chat, said "You haven't finished a match yet. Start one here with /new.": a /new the match under
    way there refuses. They are told their game counts when it ends; one watching, how to get into the next
    (the newcomer's first hour, session 50: /new, which the match refuses too)."""
    alice, bob = fake.add_user("Alice", language_code="ru"), fake.add_user("Bob")
    carol = fake.add_user("Carol")  # watches
    group = fake.add_group("Home", members=[alice, bob, carol])
    async with world.running() as bot:
        for user in (alice, bob, carol):
            fake.user_starts_bot(user)
        await bot.deliver()
        await open_lobby(bot, fake, group, alice, [bob])
        press_action(fake, alice, fake.last_bot_message(group), Action.START)
        await bot.deliver()

        playing = "Ваша игра здесь ещё идёт: её итоги появятся, когда она закончится."
        assert await _stats_answer(bot, fake, alice, group) == f"У вас пока нет завершённых матчей. {playing}"  # noqa: RUF001
        playing = "Your game in Home isn't over yet: its results come when it ends."
        assert (
            await _stats_answer(bot, fake, bob, fake.private_chat(bob))
            == f"You haven't finished a match yet. {playing}"
        )
        assert await _stats_answer(bot, fake, carol, group) == f"You haven't finished a match yet. {RUNNING}"


async def test_a_player_waiting_in_a_lobby_is_told_it_has_not_started(
    world: World, fake: FakeTelegram
) -> None:
    """(session 53's transcripts) /stats of a player in a lobby read «Ваша игра в чате Друзья ещё идёт» (is
    going on), of a game not started, and in that very chat named it rather than saying "here"."""
    alice, bob = fake.add_user("Alice", language_code="ru"), fake.add_user("Bob")
    group = fake.add_group("Home", members=[alice, bob])
    async with world.running() as bot:
        for user in (alice, bob):
            fake.user_starts_bot(user)
        await bot.deliver()
        await open_lobby(bot, fake, group, alice, [bob])

        waiting = (
            "Игра здесь, в которую вы записались, ещё не началась: её итоги появятся, когда она закончится."
        )
        assert await _stats_answer(bot, fake, alice, group) == f"У вас пока нет завершённых матчей. {waiting}"  # noqa: RUF001
        waiting = "You've joined a game in Home that hasn't started yet: its results come when it ends."
        assert (
            await _stats_answer(bot, fake, bob, fake.private_chat(bob))
            == f"You haven't finished a match yet. {waiting}"
        )
        waiting = "The game here that you've joined hasn't started yet: its results come when it ends."
        assert await _stats_answer(bot, fake, bob, group) == f"You haven't finished a match yet. {waiting}"


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "You haven't finished a match yet. Your games in Home, Club aren't over yet: their results come "
            "when they end.",
        ),
        (
            "ru",
            "У вас пока нет завершённых матчей. Ваши игры в чатах Home, Club ещё не окончены: их итоги "  # noqa: RUF001
            "появятся, когда они закончатся.",
        ),
    ],
)
async def test_a_player_whose_first_matches_are_under_way_in_two_groups_is_told_of_both(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """(session 51's transcript of one person in two groups' matches) /stats in the private chat named only
    the first group ("Your game in Home isn't over yet"), while /table there named both."""
    sam = fake.add_user("Sam", language_code=language)
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    home, club = fake.add_group("Home", members=[alice, sam]), fake.add_group("Club", members=[bob, sam])
    async with world.running() as bot:
        await deal(bot, fake, home, [alice, sam])
        await deal(bot, fake, club, [bob, sam])
        fake.user_sends(sam, fake.private_chat(sam), "/stats")
        await bot.deliver()
        assert fake.last_bot_message(fake.private_chat(sam)).text == said


@pytest.mark.parametrize(
    ("ratings", "places", "figures"),
    [
        ((1500.4, 1499.6, 1500.0), ["1. Алиса", "1. Дина", "1. Борис"], ["1500?"] * 3),
        # A half reads rounded up, as the board ranks it: Python's round() showed 1500.5 as "1500?" beside
        # the first place it shared with 1501.0.
        ((1500.5, 1501.0, 1500.0), ["1. Борис", "1. Алиса", "3. Дина"], ["1501?", "1501?", "1500?"]),
    ],
    ids=["rounded-alike", "a-half"],
)
async def test_ratings_that_read_the_same_share_their_place(
    world: World,
    fake: FakeTelegram,
    ratings: tuple[float, float, float],
    places: list[str],
    figures: list[str],
) -> None:
    """(review of session 50) The board by rating shows each rating rounded: 1500.4 and 1499.6 both read
    "1500?", and with the same record their lines read the same, yet the unrounded ratings handed out 🥇, 🥈
    and 🥉. They share one; the rest of the rating still orders them (by number: none of them won a match)."""
    async with playing(world, fake, Rules(), ("Алиса", "Борис", "Дина"), computers=1, language="ru") as table:
        alice, bob, dina = table.people
        _, doc = await table.bot.game(table.group)
        computer = doc.players[-1]  # seated after the people
        await table.head_start({computer: 495})
        await table.arrange({"Алиса": ["R9", "B9"], computer: ["R1"]}, top="R3", turn=alice)
        await table.play(alice, "R9")  # the computer's turn: it goes out, and wins the match
        await play_to_the_end(table)
        database = Database.connect(world.database_url)
        try:
            async with database.unit_of_work() as uow:
                for user, rating in zip((alice, bob, dina), ratings, strict=True):
                    await uow.session.execute(
                        update(UserRow).where(UserRow.id == user.id).values(rating=rating)
                    )
        finally:
            await database.dispose()

        table.bot.clock.advance(60)
        fake.user_sends(alice, table.group, "/top")
        await table.deliver()
        lines = spaced(fake.last_bot_message(table.group).text or "").splitlines()
        assert [line for line in lines if line.startswith(("1. ", "2. ", "3. "))] == places
        assert [line for line in lines if line.endswith(" · 0 побед из 1 (0%)")] == [
            f"{rating} · 0 побед из 1 (0%)" for rating in figures
        ]


RUNNING = "A game is already running here. Send /notifyme and I'll write to you when the next one opens."


async def test_an_empty_board_and_a_watchers_stats_point_to_the_game_here_not_to_new(
    world: World, fake: FakeTelegram
) -> None:
    """(the newcomer's first hour, session 50) While a group's first lobby was open, or its first match under
    way, an empty /top board and a watcher's /stats said "Start one here with /new", which /new then refused
    ("a game is already running here"). A watcher's /stats says what /new would: join the lobby, or
    /notifyme. The board, which stays in the chat, says what stays true once the game has ended (session 51:
    it said "a game is already running here" on, until the next /top or press); so when a press redraws it.
    Once the game is over, a new board points to /new again."""
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    group = fake.add_group("Home", members=[alice, bob, carol])
    async with world.running() as bot:
        for user in (alice, bob, carol):
            fake.user_starts_bot(user)
        await bot.deliver()

        async def sends(command: str) -> Message:
            bot.clock.advance(30)
            fake.user_sends(carol, group, command)
            await bot.deliver()
            return fake.last_bot_message(group)

        await open_lobby(bot, fake, group, alice, [bob])
        lobby = fake.last_bot_message(group)
        opened = "A game is already open here: join it with /join."
        assert (await sends("/stats")).text == f"You haven't finished a match yet. {opened}"
        empty = "No match between people has finished yet. Play one here to get on the board."
        assert ((await sends("/top")).text or "").splitlines()[3] == empty
        press_action(fake, alice, lobby, Action.START)
        await bot.deliver()
        assert (await sends("/stats")).text == f"You haven't finished a match yet. {RUNNING}"
        board = await sends("/top")
        assert (board.text or "").splitlines()[3] == empty
        (wins,) = [data for text, data in buttons(board) if text.endswith("Wins")]
        press(fake, carol, board, wins)
        await bot.deliver()
        redrawn = fake.messages[(group.id, board.message_id)].text or ""
        assert redrawn.splitlines()[1].endswith("· wins") and redrawn.splitlines()[3] == empty
        await stop(bot, fake, group, alice)  # in its first round: the board is empty still
        assert ((await sends("/top")).text or "").splitlines()[3] == (
            "No match between people has finished yet. Start one here with /new."  # (not "practice")
        )
