"""A group where the bot may not post (muted; or members may not send and the bot is no admin): its games
stopped, and then a command there got no answer at all (refused) and a press on a button of the bot's there
was answered with no text (Play again opened a lobby the group refused, and closed it at once). A press is
answered with an alert saying why and what an admin can do; a command's sender is told the same in their
private chat, once a minute, when the bot may write to them. Once the bot may post again, all is as before."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import Place
from bot.tg.callback_data import Action
from bot.tg.pacing_queue import Send
from tests.e2e.harness import Bot, World, buttons, press_action, standing_still
from tests.e2e.matches import deal, fill_the_groups_window, gather, stop, use_quick_rules
from tests.e2e.test_muted_for_a_moment import GOING_ON
from tests.fake_bot_api import Chat, FakeTelegram, Message, User

ALERT = {
    "en": "🔇 I can't post in this group, so my buttons here do nothing for now. An admin can make me an"
    " admin of the group or allow me to send messages.",
    "ru": "🔇 Я не могу писать в эту группу, поэтому мои кнопки здесь пока не работают. Администратор чата"
    " может дать мне права администратора или разрешить мне отправлять сообщения.",
}
TOLD = {
    "en": "🔇 I can't post in Friends, so I can't answer your command there. An admin can make me an admin of"
    " the group or allow me to send messages.",
    "ru": "🔇 Я не могу писать в чат Friends, поэтому не могу ответить там на вашу команду. Администратор"
    " чата может дать мне права администратора или разрешить мне отправлять сообщения.",
}
PRESSED = {
    "en": "🔇 I can't post in Friends, so I had to stop the game your button started there. An admin can make"
    " me an admin of the group or allow me to send messages.",
    "ru": "🔇 Я не могу писать в чат Friends, поэтому игру, которую вы начали там кнопкой, пришлось"
    " остановить. Администратор чата может дать мне права администратора или разрешить мне отправлять"
    " сообщения.",
}
QUIET_SECONDS = 60  # the same person is told again after a minute, as a refusal is
RECHECK_SECONDS = 10  # Telegram is asked again whether the bot may post in a group after that long
REPOST_SECONDS = 30  # /table posts a game's screen anew once in that long


async def _ended(
    world: World, bot: Bot, fake: FakeTelegram, language: str, bystander: User | None = None
) -> tuple[Chat, list[User], Message]:
    """Alice (who made "Friends": an admin) and Bob, their apps in `language`, played there (`bystander` a
    member too) until Alice stopped the match: the players, and the standings with their Play again."""
    people = [fake.add_user(name, language_code=language) for name in ("Alice", "Bob")]
    group = fake.add_group(
        "Friends", members=[people[1], *([bystander] if bystander else [])], creator=people[0]
    )
    await use_quick_rules(world, group)
    await deal(bot, fake, group, people)
    await stop(bot, fake, group, people[0])
    standings = next(m for m in reversed(fake.bot_messages_in(group)) if Action.AGAIN in _actions(m))
    return group, people, standings


async def _may_not_post(bot: Bot, fake: FakeTelegram, group: Chat, admin: User, muted: bool) -> None:
    """The bot muted (Telegram tells it), or members' messages off (it learns it from a refused answer)."""
    if muted:
        fake.restrict_bot_in_group(group, admin)
    else:
        fake.turn_members_messages(group, on=False)
        fake.user_sends(admin, group, "/rules")
    await bot.deliver()


def _actions(message: Message) -> list[Action]:
    return [data.action for _, data in buttons(message)]


def _private(fake: FakeTelegram, user: User) -> list[str]:
    return [message.text or "" for message in fake.bot_messages_in(fake.private_chat(user))]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("muted", [True, False], ids=["muted", "members_may_not_send"])
async def test_a_press_where_the_bot_may_not_post_is_told_why(
    world: World, fake: FakeTelegram, language: str, muted: bool
) -> None:
    async with world.running() as bot:
        group, (alice, bob), standings = await _ended(world, bot, fake, language)
        await _may_not_post(bot, fake, group, alice, muted)
        again = press_action(fake, bob, standings, Action.AGAIN)
        await bot.deliver()
        assert (again.answer_text, again.show_alert) == (ALERT[language], True)
        assert await bot.rt.service.find(Place(group.id)) is None  # no lobby the group would refuse


@pytest.mark.parametrize("muted", [True, False], ids=["muted", "members_may_not_send"])
async def test_a_settings_menu_and_a_board_there_still_turn_their_pages(
    world: World, fake: FakeTelegram, muted: bool
) -> None:
    """A bot that may not send new messages may still edit its own: a press that only edits the message
    pressed works as anywhere else (it was answered with the alert, and did nothing)."""
    async with world.running() as bot:
        group, (alice, bob), _ = await _ended(world, bot, fake, "en")
        shown = []
        for who, command in ((alice, "/settings"), (bob, "/top")):
            fake.user_sends(who, group, command)
            await bot.deliver()
            shown.append(fake.last_bot_message(group))
        menu, board = shown
        await _may_not_post(bot, fake, group, alice, muted)
        deck = fake.user_presses(alice, menu, "🃏 Deck")
        wins = fake.user_presses(bob, board, "Wins")
        await bot.deliver()
        assert [press.show_alert for press in (deck, wins)] == [False, False]
        assert (fake.messages[(group.id, menu.message_id)].text or "").startswith("🃏 Deck\n\nDeck: Classic")
        assert "· wins" in (fake.messages[(group.id, board.message_id)].text or "")


async def test_a_group_that_muted_the_bot_an_hour_ago_is_still_told(world: World, fake: FakeTelegram) -> None:
    """It was known for ten minutes (as long as the results the group missed are posted when it unmutes)."""
    async with world.running() as bot:
        group, (alice, bob), standings = await _ended(world, bot, fake, "en")
        await _may_not_post(bot, fake, group, alice, muted=True)
        await bot.tick(60 * 60)
        again = press_action(fake, bob, standings, Action.AGAIN)
        await bot.deliver()
        assert again.answer_text == ALERT["en"]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_command_where_the_bot_is_muted_is_answered_in_private_once_a_minute(
    world: World, fake: FakeTelegram, language: str
) -> None:
    async with world.running() as bot:
        group, (alice, _), _ = await _ended(world, bot, fake, language)
        await _may_not_post(bot, fake, group, alice, muted=True)
        before = _private(fake, alice)
        for command in ("/new", "/stats", "/table"):
            fake.user_sends(alice, group, command)
            await bot.deliver()
        assert _private(fake, alice)[len(before) :] == [TOLD[language]]
        await bot.tick(QUIET_SECONDS)
        fake.user_sends(alice, group, "/join")
        await bot.deliver()
        assert _private(fake, alice)[len(before) :] == [TOLD[language]] * 2


@pytest.mark.parametrize("command", ["/rules", "/new"])
async def test_the_command_whose_refused_answer_tells_the_bot_it_may_not_post_is_told_too(
    world: World, fake: FakeTelegram, command: str
) -> None:
    """Only admins may send (an admin's command is the first there), and the bot is told of nothing: the
    refused answer (a reply, or the lobby a /new opened) is how it learns it. Its sender was told nothing,
    only the next command's; now theirs is told, and once a minute as any."""
    async with world.running() as bot:
        group, (alice, _), _ = await _ended(world, bot, fake, "en")
        before = _private(fake, alice)
        fake.turn_members_messages(group, on=False)
        fake.user_sends(alice, group, command)
        await bot.deliver()
        assert bot.rt.muted_groups.may_not_post_in(group.id)
        assert _private(fake, alice)[len(before) :] == [TOLD["en"]]
        fake.user_sends(alice, group, "/stats")
        await bot.deliver()
        assert _private(fake, alice)[len(before) :] == [TOLD["en"]]


@pytest.mark.parametrize("command", ["/startgame", "/table"])
async def test_a_command_whose_refused_game_screen_tells_the_bot_it_may_not_post_is_told_too(
    world: World, fake: FakeTelegram, command: str
) -> None:
    """Only admins may send: the table a /startgame deals, or the screen /table posts anew, is the answer
    refused. Its sender was told nothing (the screen answered nobody), only the next command's."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[bob], creator=alice)
    async with world.running() as bot:
        await use_quick_rules(world, group)
        await (gather if command == "/startgame" else deal)(bot, fake, group, [alice, bob])
        await bot.tick(REPOST_SECONDS)  # /table may post the deal's table anew
        before = _private(fake, alice)
        fake.turn_members_messages(group, on=False)
        fake.user_sends(alice, group, command)
        await bot.deliver()
        assert bot.rt.muted_groups.may_not_post_in(group.id)
        assert _private(fake, alice)[len(before) :].count(TOLD["en"]) == 1  # (beside the hand dealt)


async def test_everyone_a_refused_answer_answered_is_told(world: World, fake: FakeTelegram) -> None:
    """Only admins may send: Alice's and Bob's /rules came while the busy group's answers waited, and one
    answer (the same for both) went for the two; refused, it told only Alice why, not Bob: both are."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", creator=alice)
    fake.make_admin(bob, group)
    async with world.running() as bot:
        for user in (alice, bob):
            fake.user_starts_bot(user)
        await bot.deliver()
        await fill_the_groups_window(bot, group)
        fake.turn_members_messages(group, on=False)
        for user in (alice, bob):
            fake.user_sends(user, group, "/rules")
        handled = await bot.handed()
        await _until_one_answer_answers_both(bot, group)
        await bot.clock.run(asyncio.gather(*handled))
        await bot.settle()
        rules = [c for c in fake.calls_to("sendMessage") if str(c.params["text"]).startswith("📜")]
        assert len(rules) == 1  # (refused)
        assert [_private(fake, user)[-1] for user in (alice, bob)] == [TOLD["en"]] * 2


async def _until_one_answer_answers_both(bot: Bot, group: Chat) -> None:
    """Real time for the handlers' database work (in threads), no virtual time: the first answer waits for
    the group's window until the second handler has queued theirs."""
    pacer = bot.rt.pacer
    assert pacer is not None

    async def one_for_both() -> bool:
        return any(isinstance(job, Send) and len(job.results) == 2 for job in pacer._chats[group.id].jobs)

    await standing_still(one_for_both, "the two answers queued as one")


async def test_a_refused_answer_tells_only_who_asked(world: World, fake: FakeTelegram) -> None:
    """Bob's command just before was answered while the bot could post: only Alice's answer, refused, is
    told."""
    async with world.running() as bot:
        group, (alice, bob), _ = await _ended(world, bot, fake, "en")
        fake.user_sends(bob, group, "/rules")
        await bot.deliver()
        told = len(_private(fake, bob))
        await _may_not_post(bot, fake, group, alice, muted=False)
        assert _private(fake, alice)[-1] == TOLD["en"] and len(_private(fake, bob)) == told


async def test_who_never_opened_the_private_chat_is_told_nothing(world: World, fake: FakeTelegram) -> None:
    async with world.running() as bot:
        carol = fake.add_user("Carol")
        group, (alice, _), _ = await _ended(world, bot, fake, "en", carol)
        await _may_not_post(bot, fake, group, alice, muted=True)
        for user in (carol, alice):
            fake.user_sends(user, group, "/stats")
            await bot.deliver()
        assert not [call for call in fake.calls_to("sendMessage") if int(call.params["chat_id"]) == carol.id]
        assert _private(fake, alice)[-1] == TOLD["en"]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("stats_before", [QUIET_SECONDS, 1], ids=["a_minute_before", "just_before"])
async def test_a_refused_lobby_of_a_press_tells_its_presser_of_the_press_not_of_an_earlier_command(
    world: World, fake: FakeTelegram, language: str, stats_before: int
) -> None:
    """Alice's /stats was answered before her Play again, whose lobby is refused (and closed at once). A
    minute before, she was told nothing; just before, that her command couldn't be answered. She is told
    what her press did, in her language."""
    async with world.running() as bot:
        group, (alice, _), standings = await _ended(world, bot, fake, language)
        fake.user_sends(alice, group, "/stats")
        await bot.deliver()
        before = len(_private(fake, alice))
        await bot.tick(stats_before)
        fake.turn_members_messages(group, on=False)
        again = press_action(fake, alice, standings, Action.AGAIN)
        await bot.deliver()
        assert bot.rt.muted_groups.may_not_post_in(group.id)
        assert again.answered and await bot.rt.service.find(Place(group.id)) is None
        assert _private(fake, alice)[before:] == [PRESSED[language]]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_start_press_whose_table_the_group_refuses_tells_its_presser(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """Only admins may send now: the table the lobby's Start dealt is refused, and the match stopped. The
    table answered nobody: Alice, who pressed, was told nothing of why it never showed."""
    alice, bob = (fake.add_user(name, language_code=language) for name in ("Alice", "Bob"))
    group = fake.add_group("Friends", members=[bob], creator=alice)
    async with world.running() as bot:
        await use_quick_rules(world, group)
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        fake.turn_members_messages(group, on=False)
        start = press_action(fake, alice, lobby, Action.START)
        await bot.deliver()
        assert start.answered and bot.rt.muted_groups.may_not_post_in(group.id)
        assert await bot.rt.service.find(Place(group.id)) is None
        assert _private(fake, alice).count(PRESSED[language]) == 1  # (beside the hand dealt)
        assert PRESSED[language] not in _private(fake, bob)


@pytest.mark.parametrize("muted", [True, False], ids=["unmuted", "members_may_send_again"])
async def test_once_the_bot_may_post_again_presses_and_commands_are_as_before(
    world: World, fake: FakeTelegram, muted: bool
) -> None:
    async with world.running() as bot:
        group, (alice, bob), standings = await _ended(world, bot, fake, "en")
        await _may_not_post(bot, fake, group, alice, muted)
        refused = press_action(fake, bob, standings, Action.AGAIN)
        await bot.deliver()
        assert refused.answer_text == ALERT["en"]
        if muted:
            fake.restrict_bot_in_group(group, alice, restricted=False)
        else:
            fake.turn_members_messages(group, on=True)
            fake.user_sends(alice, group, "/rules")  # its answer lands: the bot learns it
        await bot.deliver()
        told = len(_private(fake, alice))
        fake.user_sends(alice, group, "/stats")
        await bot.deliver()
        again = press_action(fake, bob, standings, Action.AGAIN)
        await bot.deliver()
        assert again.answered and again.answer_text is None
        lobby, doc = await bot.game(group)
        assert doc.creator == bob.id and fake.last_bot_message(group).message_id == lobby.table_message_id
        assert len(_private(fake, alice)) == told  # the group's answers land there


def _reads_of_own_rights(fake: FakeTelegram, group: Chat, since: int) -> int:
    """How many times the bot asked Telegram for its own rights in the group, from call `since` on."""
    return sum(
        int(call.params["chat_id"]) == group.id and int(call.params["user_id"]) == fake.bot.id
        for call in fake.calls_to("getChatMember")[since:]
    )


@pytest.mark.parametrize("by", ["press", "command"])
async def test_where_members_may_send_again_the_bot_asks_and_goes_on_at_once(
    world: World, fake: FakeTelegram, by: str
) -> None:
    """Nothing tells the bot that members' messages were turned back on: a Play again pressed then was
    refused with the alert (a command's sender told in private) for a day, until a message of the bot's
    landed there. Telegram is asked instead, and what the group missed follows."""
    async with world.running() as bot:
        group, (alice, bob), standings = await _ended(world, bot, fake, "en")
        await _may_not_post(bot, fake, group, alice, muted=False)
        fake.turn_members_messages(group, on=True)
        told = len(_private(fake, alice))
        if by == "press":
            again = press_action(fake, bob, standings, Action.AGAIN)
            await bot.deliver()
            assert again.answered and again.answer_text is None
            lobby, doc = await bot.game(group)
            assert doc.creator == bob.id and lobby.table_message_id is not None
            assert fake.messages[(group.id, lobby.table_message_id)].text  # posted in the group
        else:
            fake.user_sends(alice, group, "/new")
            await bot.deliver()
            lobby, doc = await bot.game(group)
            assert doc.creator == alice.id and lobby.table_message_id is not None
        assert len(_private(fake, alice)) == told
        assert not bot.rt.muted_groups.may_not_post_in(group.id)


@pytest.mark.parametrize("muted", [True, False], ids=["muted", "members_may_not_send"])
async def test_a_burst_of_presses_where_the_bot_still_may_not_post_asks_telegram_once(
    world: World, fake: FakeTelegram, muted: bool
) -> None:
    """Each is told why, as before; Telegram is asked again once the burst's answer is 10 s old."""
    async with world.running() as bot:
        group, (alice, bob), standings = await _ended(world, bot, fake, "en")
        await _may_not_post(bot, fake, group, alice, muted)
        since = len(fake.calls_to("getChatMember"))
        presses = []
        for user in (bob, alice, bob):
            presses.append(press_action(fake, user, standings, Action.AGAIN))
            await bot.deliver()
            await bot.tick(3)
        assert [press.answer_text for press in presses] == [ALERT["en"]] * 3
        assert _reads_of_own_rights(fake, group, since) == 1
        await bot.tick(RECHECK_SECONDS)
        later = press_action(fake, alice, standings, Action.AGAIN)
        await bot.deliver()
        assert later.answer_text == ALERT["en"] and _reads_of_own_rights(fake, group, since) == 2
        assert await bot.rt.service.find(Place(group.id)) is None


async def test_a_group_that_became_a_supergroup_still_refuses_the_bot_there(
    world: World, fake: FakeTelegram
) -> None:
    """The mark stayed with the basic group's old id: the supergroup's first command went untold, its answer
    refused."""
    async with world.running() as bot:
        group, (alice, _), _ = await _ended(world, bot, fake, "en")
        await _may_not_post(bot, fake, group, alice, muted=True)
        supergroup = fake.migrate_to_supergroup(group)
        await bot.deliver()
        before = _private(fake, alice)
        fake.user_sends(alice, supergroup, "/stats")
        await bot.deliver()
        assert _private(fake, alice)[len(before) :] == [TOLD["en"]]
        muted_groups = bot.rt.muted_groups
        assert muted_groups.may_not_post_in(supergroup.id) and not muted_groups.may_not_post_in(group.id)


async def test_a_press_that_finds_members_may_send_again_has_the_paused_match_go_on(
    world: World, fake: FakeTelegram
) -> None:
    """The match paused as the group refused its posts; members may send again, and nobody tells the bot. A
    press on the settings menu (an edit: it lands, and tells the bot nothing) has the bot ask Telegram, which
    says it may post: the match goes on then, its table posted anew, not at the next new message."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[bob], creator=alice)
    async with world.running() as bot:
        await use_quick_rules(world, group)
        fake.user_sends(alice, group, "/settings")
        await bot.deliver()
        menu = fake.last_bot_message(group)
        await deal(bot, fake, group, [alice, bob])
        await _may_not_post(bot, fake, group, alice, muted=False)
        assert await _paused(bot, group)
        fake.turn_members_messages(group, on=True)
        deck = fake.user_presses(alice, menu, "🃏 Deck")
        await bot.deliver()
        assert deck.answered and not deck.show_alert
        assert not bot.rt.muted_groups.may_not_post_in(group.id) and not await _paused(bot, group)
        said = fake.last_bot_message(group).text or ""
        assert GOING_ON in said, said


async def test_a_group_that_became_a_supergroup_members_may_send_in_has_its_paused_match_go_on(
    world: World, fake: FakeTelegram
) -> None:
    """Its match paused as the basic group refused its posts; the group became a supergroup where members
    may send. Its mark moved with it: the first command there has the bot ask Telegram, and the match goes on
    (unmarked, the supergroup's match stayed paused for a day)."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[bob], creator=alice)
    async with world.running() as bot:
        await use_quick_rules(world, group)
        await deal(bot, fake, group, [alice, bob])
        await _may_not_post(bot, fake, group, alice, muted=False)
        assert await _paused(bot, group)
        supergroup = fake.migrate_to_supergroup(group)
        await bot.deliver()
        fake.user_sends(alice, supergroup, "/stats")
        await bot.deliver()
        assert not await _paused(bot, supergroup)
        said = [message.text or "" for message in fake.bot_messages_in(supergroup)]
        assert any(GOING_ON in text for text in said), said
        assert not bot.rt.muted_groups.may_not_post_in(supergroup.id)


async def _paused(bot: Bot, group: Chat) -> bool:
    """Whether the group's match is paused (not stopped: it must be there)."""
    found = await bot.rt.service.find(Place(group.id))
    assert found is not None, "the match was stopped"
    return found[1].paused


async def test_a_presser_whose_presses_the_group_refuses_again_is_told_once_a_minute(
    world: World, fake: FakeTelegram
) -> None:
    """Alice's Start dealt a table the group refused (only admins may send): she was told. Members could send
    again, she opened a new lobby, and members could not again: her next Start, within the minute, is not
    told again; one a minute later is."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[bob], creator=alice)
    async with world.running() as bot:
        await use_quick_rules(world, group)
        for told in (1, 1, 2):
            await gather(bot, fake, group, [alice, bob])
            lobby = fake.last_bot_message(group)
            fake.turn_members_messages(group, on=False)
            press_action(fake, alice, lobby, Action.START)
            await bot.deliver()
            assert await bot.rt.service.find(Place(group.id)) is None  # stopped, its table refused
            assert _private(fake, alice).count(PRESSED["en"]) == told
            fake.turn_members_messages(group, on=True)
            await bot.tick(QUIET_SECONDS / 2 + 1)  # (Telegram is asked again whether the bot may post)
            fake.user_sends(alice, group, "/rules")  # the bot asks, and posts what the group missed
            await bot.deliver()
