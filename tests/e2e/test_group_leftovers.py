"""What an evening leaves in the group beyond the games themselves: the notices about players who cannot get
their cards, /settings menus, /rules answers, and the /top and /stats boards."""

from __future__ import annotations

from contextlib import ExitStack

from bot.engine.rules import Rules
from bot.service import GameDocument
from bot.service.lobby import LOBBY_IDLE_MS
from bot.storage import GameRecord, GameStatus
from bot.tg.audiences import Audiences
from bot.tg.callback_data import Action
from bot.tg.fleeting import ANSWER_SECONDS, CLOSED_LOBBY_SECONDS, HELP_SECONDS, MENU_SECONDS, RULES_SECONDS
from tests.e2e.harness import Bot, World, buttons, press, press_action
from tests.e2e.locked_database import locked_once_returned
from tests.e2e.matches import (
    MORE_SEATS_SHORT_MATCH_SEED,
    ONE_ROUND,
    deal,
    deal_short_matches,
    gathered,
    open_lobby,
    play_until_over,
    started,
    use_quick_rules,
)
from tests.fake_bot_api import Chat, FakeTelegram, Message, User
from tests.narrow_phone import spaced
from tests.rules_in_play.table import playing


async def _sends(bot: Bot, fake: FakeTelegram, group: Chat, user: User, text: str) -> Message:
    """`user` sends `text` in the group; the bot's newest message there then."""
    fake.user_sends(user, group, text)
    await bot.deliver()
    return fake.last_bot_message(group)


def _browse(fake: FakeTelegram, admin: User, menu: Message, label: str) -> None:
    """`admin` presses the menu's button whose label starts with `label`."""
    data = next(data for text, data in buttons(menu) if text.startswith(label))
    press(fake, admin, menu, data)


async def test_an_evening_of_three_matches_leaves_the_games_the_newest_boards_and_nothing_else(
    world: World, fake: FakeTelegram
) -> None:
    """Three matches with what a group does around them: the rules looked at in /settings and /rules, /help,
    a player who blocked the bot and came back, one who blocked it for a whole match, the boards asked for
    after each match. 22 messages stayed after it (session 41's fleeting answers gone): the games' 9, the
    /settings menu, /rules, three /top boards, six /stats and both notices. Now 12: the games' and the newest
    /top and /stats of each player."""
    alice, bob, carol, dan = (fake.add_user(name) for name in ("Alice", "Bob", "Carol", "Dan"))
    group = fake.add_group("Friends", members=[bob, carol, dan], creator=alice)
    await use_quick_rules(world, group, ONE_ROUND)
    deal_short_matches(world)
    people = {user.id: user for user in (alice, bob, carol)}
    async with world.running() as bot:
        for user in people.values():
            fake.user_starts_bot(user)
        menu = await _sends(bot, fake, group, alice, "/settings")
        _browse(fake, alice, menu, "⏱")
        await bot.deliver()
        _browse(fake, alice, fake.messages[(group.id, menu.message_id)], "«")
        await bot.deliver()
        await _sends(bot, fake, group, bob, "/rules")
        await _sends(bot, fake, group, carol, "/help")
        for match in range(3):
            await open_lobby(bot, fake, group, alice, [bob, carol])
            lobby = fake.last_bot_message(group)
            if match == 0:
                await _sends(bot, fake, group, dan, "/join")  # he never opened the private chat
            for _ in range(2 if match == 0 else 1):  # the second press: without Dan
                press_action(fake, alice, fake.messages[(group.id, lobby.message_id)], Action.START)
                await bot.deliver()
            if match == 1:  # Carol blocks the bot for a moment
                fake.user_blocks_bot(carol)
                await bot.deliver()
                fake.user_starts_bot(carol)
                await bot.deliver()
            playing = dict(people)
            if match == 2:  # Bob blocks it for the whole match: his turns run out
                fake.user_blocks_bot(bob)
                await bot.deliver()
                del playing[bob.id]
            await play_until_over(bot, group, playing)
            await bot.tick(5)
            await _sends(bot, fake, group, alice if match != 1 else carol, "/top")
            for user in (bob, carol):
                await _sends(bot, fake, group, user, "/stats")
        await bot.tick(HELP_SECONDS + 1)

    left = [message.text or "" for message in fake.bot_messages_in(group)]
    assert len(left) == 12, left
    deletions = [call for call in fake.calls_to("deleteMessage") if int(call.params["chat_id"]) == group.id]
    assert all(call.status == 200 for call in deletions)  # none asked twice


def _there(fake: FakeTelegram, message: Message) -> bool:
    return (message.chat.id, message.message_id) in fake.messages


def _menu_up(fake: FakeTelegram, menu: Message) -> bool:
    """Whether the settings menu is there with its buttons: not gone, nor closed saying another admin opened
    a new one (tests/e2e/test_two_admins_settings.py)."""
    left = fake.messages.get((menu.chat.id, menu.message_id))
    return left is not None and bool(left.buttons)


async def test_the_notice_about_a_player_who_came_back_is_read_then_goes(
    world: World, fake: FakeTelegram
) -> None:
    """ "✅ Bob can get their cards now" stayed in the group for good; so did the notice it had been."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (_alice, bob)):
        fake.user_blocks_bot(bob)
        await bot.deliver()
        notice = fake.last_bot_message(group)
        fake.user_starts_bot(bob)
        await bot.deliver()
        await bot.tick(ANSWER_SECONDS - 1)
        assert (fake.messages[(group.id, notice.message_id)].text or "").startswith("✅ Bob can get")
        await bot.tick(1)
        assert not _there(fake, notice)


async def test_a_notice_about_a_player_who_blocked_the_bot_again_stays_while_it_is_true(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (_alice, bob)):
        fake.user_blocks_bot(bob)
        await bot.deliver()
        notice = fake.last_bot_message(group)
        fake.user_starts_bot(bob)
        await bot.deliver()
        fake.user_blocks_bot(bob)
        await bot.deliver()
        await bot.tick(ANSWER_SECONDS)
        assert fake.messages[(group.id, notice.message_id)].text == notice.text


async def test_the_notices_of_a_match_go_when_it_ends(world: World, fake: FakeTelegram) -> None:
    """Bob blocked the bot and never came back: "Bob can't get their cards ... press Start" stayed under the
    match's result, telling him to press Start for a match long over."""
    alice, bob, carol = (fake.add_user(name) for name in ("Alice", "Bob", "Carol"))
    group = fake.add_group("Friends", members=[alice, bob, carol])
    await use_quick_rules(world, group, ONE_ROUND)
    deal_short_matches(world, MORE_SEATS_SHORT_MATCH_SEED)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob, carol])
        fake.user_blocks_bot(bob)
        await bot.deliver()
        notice = fake.last_bot_message(group)
        assert "Bob can't get their cards" in (notice.text or "")
        await play_until_over(bot, group, {alice.id: alice, carol.id: carol})

        assert not _there(fake, notice)
        assert "wins the match" in (fake.last_bot_message(group).text or "")


async def _gone_though_the_redraw_after_a_restart_fails(
    world: World, fake: FakeTelegram, record: GameRecord, message: Message
) -> bool:
    """The bot restarts, its start-up redraw of the game `record` fails partway (the database locked once the
    game's audiences are read): whether `message` went all the same."""

    def of_the_match(_audiences: Audiences, game: GameRecord, _doc: GameDocument) -> bool:
        return game.id == record.id

    with ExitStack() as outage:
        outage.enter_context(locked_once_returned(Audiences, "of", world.database_url, of_the_match))
        async with world.running():
            gone = not _there(fake, message)
            outage.close()  # the database back before the bot stops
    return gone


async def test_the_notices_of_a_match_go_though_its_redraw_after_a_restart_fails(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """The match ended just before a restart, its end never published; at start-up its last screens are
    redrawn, and the database goes out of reach partway (after whom the game is for was read). Before: "Bob
    can't get their cards" stayed under the match long over, and the publisher kept it, until a restart."""
    world = sqlite_world
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        fake.user_blocks_bot(bob)
        await bot.deliver()
        notice = fake.last_bot_message(group)
        assert "Bob can't get their cards" in (notice.text or "")
        record, _ = await bot.game(group)
        await bot.rt.service.leave(record.id, alice.id)  # saved: Bob wins; the bot stops unpublished
    assert await _gone_though_the_redraw_after_a_restart_fails(world, fake, record, notice)


async def test_the_idle_warning_of_a_match_goes_though_its_redraw_after_a_restart_fails(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """As the notices above: nobody moved, the warning was posted, and the match ended just before a
    restart, unpublished; its redraw at start-up fails partway, and the warning goes all the same."""
    world = sqlite_world
    async with playing(world, fake, Rules().changed(turn_seconds=0)) as table:
        alice, bob, carol = table.people
        await table.arrange({"Alice": ["R1"], "Bob": ["R5", "G5"], "Carol": ["B7"]}, top="R3", turn=bob)
        await table.bot.tick(50 * 60)
        warning = fake.last_bot_message(table.group)
        assert (warning.text or "").startswith("⏳")
        record, _ = await table.bot.game(table.group)
        for leaving in (alice, carol):  # saved: Bob wins; the bot stops unpublished
            await table.bot.rt.service.leave(record.id, leaving.id)
    assert await _gone_though_the_redraw_after_a_restart_fails(world, fake, record, warning)


async def test_the_notice_about_a_player_goes_when_they_leave_the_lobby(
    world: World, fake: FakeTelegram
) -> None:
    async with gathered(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, (_alice, bob, _carol)):
        fake.user_blocks_bot(bob)
        await bot.deliver()
        notice = fake.last_bot_message(group)
        assert "Bob can't get messages" in (notice.text or "")
        fake.user_sends(bob, group, "/leave")
        await bot.deliver()
        assert not _there(fake, notice)


async def test_the_notice_about_a_player_goes_when_they_leave_the_match(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, (_alice, bob, _carol)):
        fake.user_blocks_bot(bob)
        await bot.deliver()
        notice = fake.last_bot_message(group)
        assert "Bob can't get their cards" in (notice.text or "")
        fake.user_sends(bob, group, "/leave")
        await bot.deliver()
        assert (await bot.game(group))[0].status is GameStatus.RUNNING  # Alice and Carol play on
        assert not _there(fake, notice)


async def test_rules_in_a_group_go_after_ten_minutes(world: World, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    async with world.running() as bot:
        rules = await _sends(bot, fake, group, alice, "/rules")
        assert (rules.text or "").startswith("📜")
        await bot.tick(RULES_SECONDS - 1)
        assert _there(fake, rules)
        await bot.tick(1)
        assert not _there(fake, rules)


async def test_an_admin_closes_the_settings_menu_with_done(world: World, fake: FakeTelegram) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[bob], creator=alice)
    async with world.running() as bot:
        menu = await _sends(bot, fake, group, alice, "/settings")
        _browse(fake, alice, menu, "⏱")
        await bot.deliver()
        timing = fake.messages[(group.id, menu.message_id)]
        assert timing.button_texts[-1] == ["« Back", "Done"]
        refused = fake.user_presses(bob, timing, "Done")
        await bot.deliver()
        assert refused.show_alert and _there(fake, menu)  # only admins use its buttons
        closed = fake.user_presses(alice, timing, "Done")
        await bot.deliver()
        assert closed.answered and not closed.show_alert
        assert not _there(fake, menu)


async def test_a_menu_closed_with_done_opens_again_at_once(world: World, fake: FakeTelegram) -> None:
    """(two admins' transcript, session 56) An admin who pressed Done and sent /settings (or /lang) again
    within the minute got nothing: the same answer to the same person is given once a minute, as it is just
    above, and the menu no longer was. Asked again while a menu is up (theirs, or another admin's that
    replaced it), they are still given none: it is there to press."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[bob], creator=alice)
    fake.make_admin(bob, group)
    async with world.running() as bot:
        for command in ("/settings", "/lang"):
            menu = await _sends(bot, fake, group, alice, command)
            fake.user_presses(alice, menu, "Done")
            await bot.deliver()
            assert not _there(fake, menu)
            again = await _sends(bot, fake, group, alice, command)
            assert again.message_id != menu.message_id and again.button_texts[-1][-1] == "Done"

        await bot.tick(60)
        menus = [await _sends(bot, fake, group, user, "/settings") for user in (alice, bob)]
        assert (await _sends(bot, fake, group, alice, "/settings")).message_id == menus[1].message_id
        assert [_menu_up(fake, menu) for menu in menus] == [False, True]


async def test_a_menu_asked_for_again_in_a_topic_the_newer_one_left_gets_one(
    world: World, fake: FakeTelegram
) -> None:
    """(review, session 56) A menu is the whole forum's: Alice's /settings in Room 2 replaced her menu in Room
    1. Back in Room 1 within the minute, her /settings got nothing, taken as answered just above, though the
    menu up was in Room 2; Room 1 had none. Asked again in Room 2, where it is up, she still gets none."""
    alice = fake.add_user("Alice")
    forum = fake.add_group("Club", creator=alice, forum=True)
    rooms = fake.add_topic(forum, "Room 1"), fake.add_topic(forum, "Room 2")
    async with world.running() as bot:
        menus = []
        for room in (*rooms, rooms[0], rooms[0]):
            fake.user_sends(alice, forum, "/settings", thread_id=room)
            await bot.deliver()
            menus.append(fake.last_bot_message(forum))

        assert [menu.thread_id for menu in menus[1:3]] == [rooms[1], rooms[0]]
        assert [_there(fake, menu) for menu in menus] == [False, False, True, True]
        assert menus[3].message_id == menus[2].message_id  # it is just above


async def test_a_settings_menu_nobody_presses_goes_after_ten_minutes(
    world: World, fake: FakeTelegram
) -> None:
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[], creator=alice)
    async with world.running() as bot:
        menu = await _sends(bot, fake, group, alice, "/settings")
        assert menu.button_texts[-1] == ["Done"]
        await bot.tick(MENU_SECONDS - 60)
        _browse(fake, alice, menu, "🌐")  # in use: its ten minutes count from now
        await bot.deliver()
        await bot.tick(60)
        assert _there(fake, menu)
        await bot.tick(MENU_SECONDS - 60)
        assert not _there(fake, menu)

        language = await _sends(bot, fake, group, alice, "/lang")
        assert language.button_texts[-1] == ["« Back", "Done"]
        await bot.tick(MENU_SECONDS)
        assert not _there(fake, language)


async def test_a_settings_menu_left_over_two_days_of_downtime_closes_when_pressed(
    world: World, fake: FakeTelegram
) -> None:
    """(found by an admin's-evening audit) a menu the bot was down to delete for two days, which Telegram no
    longer lets it delete: Done did nothing, and every other press kept it alive for good beside the chat's
    newer menus. Pressed after a restart of a few minutes, a menu works on."""
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[], creator=alice)
    async with world.running() as bot:
        menu = await _sends(bot, fake, group, alice, "/settings")
    async with world.running() as bot:
        _browse(fake, alice, menu, "⏱")
        await bot.deliver()
        timing = fake.messages[(group.id, menu.message_id)]
        assert (timing.text or "").startswith("⏱ Timing")
        shown = [data for _, data in buttons(timing)[-2:]]  # « Back and Done, on Alice's screen
    world.clock.advance(2 * 24 * 60 * 60)
    async with world.running() as bot:
        for data in shown:
            pressed = press(fake, alice, menu, data)
            await bot.deliver()
            assert pressed.show_alert
            assert pressed.answer_text == "This message is out of date: send /settings to open it again."
            left = fake.messages[(group.id, menu.message_id)]
            assert left.text == "⚙️ This menu is closed: /settings opens a new one." and not left.buttons
        fresh = await _sends(bot, fake, group, alice, "/settings")
        await bot.tick(MENU_SECONDS)
        assert not _there(fake, fresh)


async def test_a_setting_typed_after_a_restart_redraws_the_menu_still_up(
    world: World, fake: FakeTelegram
) -> None:
    """The menu's screen is written down with it: a rule typed after a restart draws it where it was (home),
    not where a press of that rule would have left it, as when only the menu itself was known."""
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[], creator=alice)
    async with world.running() as bot:
        menu = await _sends(bot, fake, group, alice, "/settings")
    async with world.running() as bot:
        await _sends(bot, fake, group, alice, "/settings turn_seconds 90")
        shown = fake.messages[(group.id, menu.message_id)].text or ""
        assert shown.startswith("⚙️ Rules of this chat") and "· 90" in shown, shown


async def test_a_setting_typed_after_the_menu_went_leaves_it_gone(world: World, fake: FakeTelegram) -> None:
    """A typed change redraws the open menu (tests/settings/test_menu_redrawn.py): not one deleted after
    its time, which Telegram would refuse to edit."""
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[], creator=alice)
    async with world.running() as bot:
        menu = await _sends(bot, fake, group, alice, "/settings")
        await bot.tick(MENU_SECONDS)
        assert not _there(fake, menu)
        changed = await _sends(bot, fake, group, alice, "/settings house")
        assert (changed.text or "").startswith("✅ Preset “House rules” applied.")
        assert fake.calls_to("editMessageText") == []


async def test_a_setting_typed_after_a_restart_redraws_the_menu_opened_before(
    world: World, fake: FakeTelegram
) -> None:
    """(session 47) Which screen a menu shows was kept in memory: after a restart, a typed change left the
    menu opened before on its old values until it was pressed (before the restart it was redrawn at once).
    It is written down with the menu (session 57): the menu shows the change on the screen it was left on."""
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[], creator=alice)
    async with world.running() as bot:
        menu = await _sends(bot, fake, group, alice, "/settings")
        _browse(fake, alice, menu, "🏆")
        await bot.deliver()
    async with world.running() as bot:
        await _sends(bot, fake, group, alice, "/settings target_score 300")
        shown = spaced(fake.messages[(group.id, menu.message_id)].text or "")
        assert shown.startswith("🏆 Match") and "Target score: 300 points" in shown, shown
        await _sends(bot, fake, group, alice, "/settings house")  # the preset's target
        shown = spaced(fake.messages[(group.id, menu.message_id)].text or "")
        assert shown.startswith("🏆 Match") and "Target score: 500 points" in shown, shown
        await bot.tick(MENU_SECONDS)  # the typed changes kept it no longer than its ten minutes
        assert not _there(fake, menu)
        edits = len(fake.calls_to("editMessageText"))
        await _sends(bot, fake, group, alice, "/settings extreme")
        assert len(fake.calls_to("editMessageText")) == edits


async def test_a_second_settings_menu_replaces_the_first(world: World, fake: FakeTelegram) -> None:
    """Two admins each sent /settings: two live menus, each changing the same rules from its own screen."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    forum = fake.add_group("Club", members=[bob], creator=alice, forum=True)
    fake.make_admin(bob, forum)
    room = fake.add_topic(forum, "Room 1")
    async with world.running() as bot:
        alices = await _sends(bot, fake, forum, alice, "/settings")
        fake.user_sends(bob, forum, "/settings", thread_id=room)  # the rules are the whole chat's
        await bot.deliver()
        bobs = fake.last_bot_message(forum)
        assert bobs.message_id != alices.message_id and not _menu_up(fake, alices)
        language = await _sends(bot, fake, forum, alice, "/lang")  # its screen of the same menu
        assert language.button_texts[-1] == ["« Back", "Done"] and not _menu_up(fake, bobs)
    async with world.running() as bot:  # a restart in between changes nothing
        newest = await _sends(bot, fake, forum, bob, "/settings")
        assert _menu_up(fake, newest) and not _menu_up(fake, language)


async def test_a_lobby_closed_without_a_match_says_why_then_goes(world: World, fake: FakeTelegram) -> None:
    """ "This game was closed: nobody started it for 10 minutes" stayed for good, as did a lobby everyone left
    and one stopped (with the /stop question's "Alice stopped the game."): games that were never played."""
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    async with world.running() as bot:
        fake.user_starts_bot(alice)
        idle = await _sends(bot, fake, group, alice, "/new")
        await bot.tick(LOBBY_IDLE_MS / 1000)
        assert "nobody started it" in (fake.messages[(group.id, idle.message_id)].text or "")
        left = await _sends(bot, fake, group, alice, "/new")
        await _sends(bot, fake, group, alice, "/leave")
        assert "everyone left it" in (fake.messages[(group.id, left.message_id)].text or "")
        stopped = await _sends(bot, fake, group, alice, "/new")
        question = await _sends(bot, fake, group, alice, "/stop")
        fake.user_presses(alice, question, "Yes, stop it")
        await bot.deliver()
        assert fake.messages[(group.id, question.message_id)].text == "Alice stopped the game."
        assert fake.messages[(group.id, stopped.message_id)].text == "This game was closed."
        await bot.tick(CLOSED_LOBBY_SECONDS - 1)
        assert all(_there(fake, message) for message in (left, stopped, question))
        await bot.tick(1)
        assert not any(_there(fake, message) for message in (idle, left, stopped, question))


async def test_a_new_board_replaces_the_groups_board_of_its_kind(world: World, fake: FakeTelegram) -> None:
    """Every /top and /stats stayed: a group asking for the board every evening kept every evening's."""
    alice, bob, carol = (fake.add_user(name) for name in ("Alice", "Bob", "Carol"))
    group = fake.add_group("Friends", members=[alice, bob, carol])
    await use_quick_rules(world, group, ONE_ROUND)
    deal_short_matches(world)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob, carol])
        await play_until_over(bot, group, {user.id: user for user in (alice, bob, carol)})
        top = await _sends(bot, fake, group, alice, "/top")
        everyone = await _sends(bot, fake, group, alice, "/top global")
        bobs = await _sends(bot, fake, group, bob, "/stats")
        carols = await _sends(bot, fake, group, carol, "/stats")
        newer_top = await _sends(bot, fake, group, bob, "/top")
        await bot.tick(60)  # the same answer to the same person is given once a minute
        newer_bobs = await _sends(bot, fake, group, bob, "/stats")

        assert (top.text or "").startswith("🏆 Leaderboard") and (bobs.text or "").startswith("📊 Bob")
        assert [_there(fake, m) for m in (top, everyone, bobs, carols, newer_top, newer_bobs)] == [
            False,
            True,
            False,
            True,
            True,
            True,
        ]


async def test_a_board_replaces_only_the_board_of_its_own_forum_topic(
    world: World, fake: FakeTelegram
) -> None:
    alice = fake.add_user("Alice")
    forum = fake.add_group("Club", members=[alice], forum=True)
    rooms = fake.add_topic(forum, "Room 1"), fake.add_topic(forum, "Room 2")
    async with world.running() as bot:
        boards = []
        for room in (*rooms, rooms[0]):
            fake.user_sends(alice, forum, "/top", thread_id=room)
            await bot.deliver()
            boards.append(fake.last_bot_message(forum))
            await bot.tick(60)  # the same answer to the same person is given once a minute

        assert [_there(fake, board) for board in boards] == [False, True, True]


async def test_a_board_under_a_channels_post_replaces_only_the_board_of_its_comments(
    world: World, fake: FakeTelegram
) -> None:
    """A /top asked in the comments under a linked channel's post deleted the group's chat's board (and one
    in the chat the board under the post): neither shows where the other is read."""
    alice = fake.add_user("Alice")
    group = fake.add_group("News chat", members=[alice], supergroup=True)
    async with world.running() as bot:
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        boards = []
        for under in (None, post, post, None):
            fake.user_sends(alice, group, "/top", reply_to=under)
            await bot.deliver()
            boards.append(fake.last_bot_message(group))
            await bot.tick(60)  # the same answer to the same person is given once a minute

        assert [board.thread_id for board in boards] == [None, post.message_id, post.message_id, None]
        assert [_there(fake, board) for board in boards] == [False, False, True, True]


def _warnings(fake: FakeTelegram, group: Chat) -> list[str]:
    return [m.text or "" for m in fake.bot_messages_in(group) if (m.text or "").startswith("⏳")]


async def test_the_idle_warning_goes_once_its_player_moved(world: World, fake: FakeTelegram) -> None:
    """ "⏳ Bob, your move: ... the game stops in 10 minutes" stayed in the group after Bob had moved."""
    async with playing(world, fake, Rules().changed(turn_seconds=0)) as table:
        bob = table.people[1]
        await table.arrange({"Alice": ["R1"], "Bob": ["R5", "G5"], "Carol": ["B7"]}, top="R3", turn=bob)
        await table.bot.tick(50 * 60)
        assert len(_warnings(fake, table.group)) == 1
        await table.play(bob, "R5")
        assert _warnings(fake, table.group) == []


async def test_the_idle_warning_goes_when_the_match_stops_and_the_stop_stays(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules().changed(turn_seconds=0)) as table:
        bob = table.people[1]
        await table.arrange({"Alice": ["R1"], "Bob": ["G5"], "Carol": ["B7"]}, top="R3", turn=bob)
        await table.bot.tick(50 * 60)
        assert len(_warnings(fake, table.group)) == 1
        await table.bot.tick(10 * 60)
        texts = [m.text or "" for m in fake.bot_messages_in(table.group)]
        assert _warnings(fake, table.group) == [] and any("nobody moved for" in text for text in texts)
