"""/stats through the bot: whose card it shows (one's own, the person replied to, a member named, one's own
username in another case, an account deleted unbeknown to the bot; a bot, a chat, a channel's or an
anonymous admin's post is nobody), the figures a card leaves out, a stopped match read as none."""

from bot.storage import Database
from tests.fake_bot_api import FakeClock, FakeTelegram
from tests.stats.chat_steps import command, play, press
from tests.stats.conftest import Bot
from tests.stats.factory import Seat, ranked


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


async def test_stats_of_ones_own_username_in_another_case_is_ones_own(bot: Bot, fake: FakeTelegram) -> None:
    """Telegram takes a username in any case: "/stats @Carol_C" from @carol_c asks for her own figures, and a
    newcomer is told where to start, not that nobody plays under that username."""
    carol = fake.add_user("Carol", username="carol_c")
    own = await command(bot, fake, carol, fake.add_group("Home", members=[carol]), "/stats @Carol_C")
    assert own.text is not None and own.text.startswith("You haven't finished a match yet.")
