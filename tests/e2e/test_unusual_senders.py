"""Messages that come from no plain member writing a command: forwards (a linked channel's posts copied into
its discussion group among them), other bots, anonymous admins and channels."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from bot.service import Place
from bot.tg.fleeting import INVITATION_SECONDS
from tests.e2e.harness import World, buttons, hand_message, press
from tests.e2e.matches import deal, gather, use_quick_rules
from tests.e2e.test_odd_input import SENT_AS_CHANNEL
from tests.e2e.test_out_of_the_game import PAGE_SETTLES
from tests.fake_bot_api import FakeTelegram
from tests.rules_in_play.table import playing

QUOTED = ("/new", "/help", "/top", "/settings")


@pytest.mark.parametrize("how", ["forwarded by a member", "copied from the linked channel"])
async def test_a_command_in_a_forward_runs_nothing(world: World, fake: FakeTelegram, how: str) -> None:
    """A forward keeps the command it quotes: Bob forwarding the channel's "/new" opened a lobby in his name,
    and each post of the group's linked channel starting with a command was answered under it, as a comment
    ("You are writing as a channel…", the whole /help, the leaderboard, the rules menu)."""
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob", started_bot=True)
    group = fake.add_group("News chat", members=[alice, bob], supergroup=True)
    news = fake.add_channel("News", with_bot=False)
    async with world.running() as bot:
        for text in QUOTED:
            if how == "forwarded by a member":
                fake.user_forwards(bob, group, fake.channel_posts(news, text))
            else:
                fake.linked_channel_posts(news, group, text)
        await bot.deliver()
        assert fake.bot_messages_in(group) == []
        assert await bot.rt.service.find(Place(group.id)) is None


async def test_a_forwarded_command_breaks_a_seven_silence_as_any_post(
    world: World, fake: FakeTelegram
) -> None:
    hands = {"Alice": ["R7", "B9", "B7"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(seven_silence=True)) as table:
        alice, bob, _ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R7")
        await table.bot.tick(2)  # the group has read that the silence is on
        news = fake.add_channel("News", with_bot=False)
        fake.user_forwards(bob, table.group, fake.channel_posts(news, "/stop"))
        await table.deliver()
        state = await table.state()
        assert len(state.hands[bob.id]) == 6 and state.silence_holder is None


async def test_another_bot_neither_opens_nor_joins_a_game(world: World, fake: FakeTelegram) -> None:
    """Telegram passes another bot's message on when it names this bot or replies to it (bot-to-bot
    communication): "/new@uno_test_bot" from a helper bot opened a lobby with the bot seated 🔑 (its cards
    could go nowhere, and no bot can press a button), and each of its commands was answered, which it could
    answer in turn."""
    alice = fake.add_user("Alice", started_bot=True)
    helper = fake.add_other_bot("Helper", "helper_bot")
    group = fake.add_group("Friends", members=[alice, helper], supergroup=True)
    async with world.running() as bot:
        fake.bot_sends(helper, group, "/new@uno_test_bot")
        await bot.deliver()
        assert fake.bot_messages_in(group) == []
        assert await bot.rt.service.find(Place(group.id)) is None
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(group)
        fake.bot_sends(helper, group, "/join", reply_to=lobby)
        fake.bot_sends(helper, group, "/top@uno_test_bot")
        await bot.deliver()
        assert fake.last_bot_message(group).message_id == lobby.message_id
        _, doc = await bot.game(group)
        assert doc.players == (alice.id,)


SENT_ANONYMOUSLY = {
    "en": "You are writing anonymously, as the group, so I can't tell who you are: turn off “Remain "
    "anonymous” in your admin rights (the group's settings, Administrators) and send the command again.",
    "ru": "Вы пишете анонимно, от имени группы, и я не знаю, кто вы: выключите «Анонимность» в своих правах "
    "администратора (настройки группы, «Администраторы») и отправьте команду ещё раз.",
}


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("started", [False, True], ids=["lobby", "match"])
async def test_an_anonymous_admin_who_plays_is_told_how_to_leave(
    world: World, fake: FakeTelegram, language: str, started: bool
) -> None:
    """Carol, an anonymous admin, joins with the lobby's button (a press comes from her own account), but her
    /leave comes from the group: she read "You are not playing in this game", seated all the same."""
    alice, carol = (fake.add_user(name, language_code=language) for name in ("Alice", "Carol"))
    group = fake.add_group("Friends", members=[alice, carol], supergroup=True)
    fake.make_admin(carol, group, anonymous=True)
    await use_quick_rules(world, group, language=language)
    async with world.running() as bot:
        await (deal if started else gather)(bot, fake, group, [alice, carol])
        fake.user_sends(carol, group, "/leave")
        await bot.deliver()
        assert fake.last_bot_message(group).text == SENT_ANONYMOUSLY[language]
        _, doc = await bot.game(group)
        assert carol.id in doc.players


@pytest.mark.parametrize("seated", [True, False], ids=["one seated", "none seated"])
async def test_an_anonymous_kick_that_may_be_a_players_is_refused(
    world: World, fake: FakeTelegram, seated: bool
) -> None:
    """Carol, an anonymous admin, joined with the lobby's button: her "/kick Alice" comes from the group, so
    Alice, still playing, was removed as by an admin from outside the match, and Carol's win over Bob then
    counted, which a player's kick of one still playing voids (bot.service.kicking). An anonymous admin is
    told to write as themselves when one of the group's anonymous admins is seated; Dave's kick, with none
    of them seated, still removes Alice."""
    alice, bob, carol, dave = (fake.add_user(name) for name in ("Alice", "Bob", "Carol", "Dave"))
    group = fake.add_group("Friends", members=[alice, bob, carol, dave], supergroup=True)
    fake.make_admin(carol if seated else dave, group, anonymous=True)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob, carol])
        fake.user_sends(carol if seated else dave, group, "/kick Alice")
        await bot.deliver()
        told = fake.last_bot_message(group).text
        _, doc = await bot.game(group)
        if seated:
            assert told == SENT_ANONYMOUSLY["en"]
            assert alice.id in doc.state.players
        else:
            assert told == "A chat admin removed Alice from the game."  # Dave, who wrote as the group
            assert doc.state.players == [bob.id, carol.id]


@pytest.mark.parametrize(
    ("target", "removed"),
    [("Alice", False), ("Carol", True)],
    ids=["of another player", "of the seated anonymous admin"],
)
async def test_an_anonymous_kick_where_one_of_two_anonymous_admins_is_seated(
    world: World, fake: FakeTelegram, target: str, removed: bool
) -> None:
    """Carol and Dave are the group's anonymous admins, Carol seated: an anonymous "/kick Alice" may be
    Carol's, whichever of them sent it, and is refused. "/kick Carol" is no player's kick of another (Carol
    removing herself, or Dave an admin from outside the match): she is removed."""
    alice, bob, carol, dave = (fake.add_user(name) for name in ("Alice", "Bob", "Carol", "Dave"))
    group = fake.add_group("Friends", members=[alice, bob, carol, dave], supergroup=True)
    fake.make_admin(carol, group, anonymous=True)
    fake.make_admin(dave, group, anonymous=True)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob, carol])
        fake.user_sends(dave, group, f"/kick {target}")
        await bot.deliver()
        told = fake.last_bot_message(group).text
        _, doc = await bot.game(group)
        gone = {"Alice": alice.id, "Carol": carol.id}[target]
        assert told == (
            f"A chat admin removed {target} from the game." if removed else SENT_ANONYMOUSLY["en"]
        )
        assert (gone not in doc.state.players) is removed


async def test_a_kick_pressed_by_an_anonymous_admin_outside_the_match_names_no_one(
    world: World, fake: FakeTelegram
) -> None:
    """(session 61) The group's notice of a kick names the kicker, but not an anonymous admin from outside
    the match, whom the group sees as itself (as /stop's answer): Dave's press under his "/kick" (sent as
    the group, so any admin may press) names no one; Eve's, an admin who writes as herself, names her. The
    hands of those removed name them alike (Eve's read "A chat admin removed you"). Fay, an anonymous admin
    who plays, is named as a player by her press: she presses as herself. Hers removes her last opponent,
    so the match is over and no win of hers is left to count for nobody."""
    alice, bob, carol, dave, eve, fay = (
        fake.add_user(name) for name in ("Alice", "Bob", "Carol", "Dave", "Eve", "Fay")
    )
    group = fake.add_group("Friends", members=[alice, bob, carol, dave, eve, fay], supergroup=True)
    fake.make_admin(dave, group, anonymous=True)
    fake.make_admin(eve, group)
    fake.make_admin(fay, group, anonymous=True)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob, carol, fay])
        fake.user_sends(dave, group, "/kick")
        await bot.deliver()
        asked = fake.last_bot_message(group)
        offered = dict(buttons(asked))
        press(fake, dave, asked, offered["Alice"])
        await bot.deliver()
        assert fake.last_bot_message(group).text == "A chat admin removed Alice from the game."
        press(fake, eve, asked, offered["Bob"])
        await bot.deliver()
        said = [m.text for m in fake.bot_messages_in(group)]
        assert "Eve, a chat admin, removed Bob from the game." in said
        await bot.tick(PAGE_SETTLES)
        assert hand_message(fake, alice).text == "Friends\nA chat admin removed you from this game."
        assert hand_message(fake, bob).text == "Friends\nEve, a chat admin, removed you from this game."
        press(fake, fay, asked, offered["Carol"])
        await bot.deliver()
        assert "Fay removed Carol from the game." in [m.text for m in fake.bot_messages_in(group)]


async def test_an_anonymous_kick_of_one_not_playing_is_told_so_though_an_anonymous_admin_is_seated(
    world: World, fake: FakeTelegram
) -> None:
    """Dave watches: Carol's anonymous "/kick" in reply to him removes nobody still playing, so it is told
    what any kick of one not in the game is, not to write as herself."""
    alice, bob, carol, dave = (fake.add_user(name) for name in ("Alice", "Bob", "Carol", "Dave"))
    group = fake.add_group("Friends", members=[alice, bob, carol, dave], supergroup=True)
    fake.make_admin(carol, group, anonymous=True)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob, carol])
        fake.user_sends(carol, group, "/kick", reply_to=fake.user_sends(dave, group, "hi"))
        await bot.deliver()
        told = fake.last_bot_message(group).text
        assert told == "Dave isn't in the game."
        _, doc = await bot.game(group)
        assert doc.state.players == [alice.id, bob.id, carol.id]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_notifyme_from_an_anonymous_admin_says_the_bot_cannot_tell_who(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """It read "Anonymous admins can't play: to join, turn off “Remain anonymous”…": /notifyme joins
    nothing."""
    carol = fake.add_user("Carol", language_code=language)
    group = fake.add_group("Friends", members=[carol], supergroup=True)
    fake.make_admin(carol, group, anonymous=True)
    await use_quick_rules(world, group, language=language)
    async with world.running() as bot:
        fake.user_sends(carol, group, "/notifyme")
        await bot.deliver()
        assert fake.last_bot_message(group).text == SENT_ANONYMOUSLY[language]


# where: a chat, or a forum's topic (General here)
NO_GAME_HERE = {
    ("en", "chat"): "There is no game in this chat.",
    ("en", "topic"): "There is no game in this topic.",
    ("ru", "chat"): "В этом чате нет игры.",  # noqa: RUF001
    ("ru", "topic"): "В этой теме нет игры.",  # noqa: RUF001
}
A_MEMBER_STARTS_ONE = {
    "en": "A member starts one with /new (anonymous admins can't play).",
    "ru": "Создать её может участник группы командой /new (анонимные администраторы играть не могут).",
}


@pytest.mark.parametrize(
    ("command", "language", "where"),
    [
        ("/startgame", "en", "chat"),
        ("/stop", "ru", "chat"),
        ("/kick Alice", "en", "chat"),
        ("/table", "en", "topic"),
        ("/stop", "ru", "topic"),
    ],
)
async def test_an_anonymous_admin_where_there_is_no_game_is_told_a_member_starts_one(
    world: World, fake: FakeTelegram, command: str, language: str, where: str
) -> None:
    """They read "There is no game in this chat. Start one with /new.", and their /new is refused."""
    carol = fake.add_user("Carol", language_code=language)
    group = fake.add_group("Friends", members=[carol], supergroup=True, forum=where == "topic")
    fake.make_admin(carol, group, anonymous=True)
    await use_quick_rules(world, group, language=language)
    async with world.running() as bot:
        fake.user_sends(carol, group, command)
        await bot.deliver()
        told = f"{NO_GAME_HERE[language, where]} {A_MEMBER_STARTS_ONE[language]}"
        assert fake.last_bot_message(group).text == told


async def test_leave_as_a_channel_is_told_to_come_from_a_person(world: World, fake: FakeTelegram) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob], supergroup=True)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        fake.channel_sends("Bob's blog", group, "/leave")
        await bot.deliver()
        assert "You are writing as a channel" in (fake.last_bot_message(group).text or "")


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_stats_sent_anonymously_or_as_a_channel_says_the_bot_cannot_tell_whose(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """/stats answered the shared account ("You have not finished a match yet. Start one here with /new."),
    whose /new is then refused; in reply to a player's message it still shows theirs."""
    alice, carol = (fake.add_user(name, language_code=language) for name in ("Alice", "Carol"))
    group = fake.add_group("Friends", members=[alice, carol], supergroup=True)
    fake.make_admin(carol, group, anonymous=True)
    await use_quick_rules(world, group, language=language)
    async with world.running() as bot:
        fake.user_sends(carol, group, "/stats")
        await bot.deliver()
        assert fake.last_bot_message(group).text == SENT_ANONYMOUSLY[language]
        fake.channel_sends("Alice's blog", group, "/stats")
        await bot.deliver()
        assert fake.last_bot_message(group).text == SENT_AS_CHANNEL[language]
        said = fake.user_sends(alice, group, "hi")
        fake.user_sends(carol, group, "/stats", reply_to=said)
        await bot.deliver()
        assert "Alice" in (fake.last_bot_message(group).text or "")


async def test_new_as_a_comment_under_a_channels_post_says_where_the_lobby_is(
    world: World, fake: FakeTelegram
) -> None:
    """A comment under a post of the group's linked channel is a message of its discussion group, answering
    the post's copy there: the lobby opened in the group's chat, which whoever wrote in the comments does not
    see, and nothing answered there."""
    alice = fake.add_user("Alice", started_bot=True)
    group = fake.add_group("News chat", members=[alice], supergroup=True)
    news = fake.add_channel("News", with_bot=False)
    async with world.running() as bot:
        fake.user_starts_bot(alice)  # no invitation to the private chat besides
        post = fake.linked_channel_posts(news, group, "Game night tonight!")
        fake.user_sends(alice, group, "/new", reply_to=post)
        await bot.deliver()
        found = await bot.rt.service.find(Place(group.id))
        assert found is not None and found[0].table_message_id is not None
        in_comments = [m for m in fake.bot_messages_in(group) if m.thread_id == post.message_id]
        assert [m.text for m in in_comments] == [
            "🎮 The game is open in the chat News chat, not in the comments: join it there."
        ]
        link = f"https://t.me/c/{str(group.id).removeprefix('-100')}/{found[0].table_message_id}"
        assert [button.get("url") for row in in_comments[0].buttons for button in row] == [link]


async def test_the_way_from_the_comments_of_a_public_group_is_by_its_name(
    world: World, fake: FakeTelegram
) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    group = fake.add_group("News chat", members=[alice], supergroup=True)
    group.username = "news_chat"
    async with world.running() as bot:
        fake.user_starts_bot(alice)  # no invitation to the private chat besides
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(alice, group, "/new", reply_to=post)
        await bot.deliver()
        found = await bot.rt.service.find(Place(group.id))
        assert found is not None
        (pointer,) = [m for m in fake.bot_messages_in(group) if m.thread_id == post.message_id]
        assert pointer.buttons[0][0]["url"] == f"https://t.me/news_chat/{found[0].table_message_id}"


async def test_the_way_from_the_comments_goes_once_an_invitation_to_join_no_longer_counts(
    world: World, fake: FakeTelegram
) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    group = fake.add_group("News chat", members=[alice], supergroup=True)
    async with world.running() as bot:
        fake.user_starts_bot(alice)  # no invitation to the private chat besides
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(alice, group, "/new", reply_to=post)
        await bot.deliver()
        (pointer,) = [m for m in fake.bot_messages_in(group) if m.thread_id == post.message_id]
        await bot.tick(INVITATION_SECONDS)
        assert (group.id, pointer.message_id) not in fake.messages


async def test_stats_in_reply_to_a_linked_channels_post_shows_the_askers_own(
    world: World, fake: FakeTelegram
) -> None:
    """The post's copy in the discussion group comes from Telegram's service account, no bot: /stats in reply
    to it named no person, so it is the asker's own, not "Telegram hasn't finished a match yet"."""
    alice = fake.add_user("Alice", started_bot=True)
    group = fake.add_group("News chat", members=[alice], supergroup=True)
    async with world.running() as bot:
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(alice, group, "/stats", reply_to=post)
        await bot.deliver()
        assert (
            fake.last_bot_message(group).text == "You haven't finished a match yet. Start one here with /new."
        )


@pytest.mark.parametrize("command", ["/stats", "/top", "/help", "/rules", "/forgetme", "/start"])
async def test_a_command_in_the_comments_is_answered_there(
    world: World, fake: FakeTelegram, command: str
) -> None:
    """Its answer, in no reply to it, went to the group's chat, which whoever wrote under the post does not
    see: Telegram shows a reply to a comment under the post, anything else in the chat."""
    alice = fake.add_user("Alice", started_bot=True)
    group = fake.add_group("News chat", members=[alice], supergroup=True)
    async with world.running() as bot:
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        asked = fake.user_sends(alice, group, command, reply_to=post)
        await bot.deliver()
        (answer,) = fake.bot_messages_in(group)
        assert answer.thread_id == post.message_id
        assert answer.extra["reply_to_message"]["message_id"] == asked.message_id


@pytest.mark.parametrize("forum", [False, True], ids=["in the group's chat", "in a forum topic"])
async def test_a_command_outside_the_comments_is_answered_in_no_reply_to_it(
    world: World, fake: FakeTelegram, forum: bool
) -> None:
    """Only a comment's answer replies to it (else Telegram shows it in the group's chat): in the group's own
    chat, or a forum topic (a thread too), the answer just follows the command."""
    alice = fake.add_user("Alice", started_bot=True)
    group = fake.add_group("News chat", members=[alice], supergroup=True, forum=forum)
    topic = fake.add_topic(group, "Room 1") if forum else None
    async with world.running() as bot:
        asked = fake.user_sends(alice, group, "/stats", thread_id=topic)
        await bot.deliver()
        (answer,) = fake.bot_messages_in(group)
        assert answer.thread_id == topic
        assert answer.extra.get("reply_to_message", {}).get("message_id") != asked.message_id


async def test_a_join_in_the_comments_invites_to_the_private_chat_there(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob")
    group = fake.add_group("News chat", members=[alice, bob], supergroup=True)
    async with world.running() as bot:
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        fake.user_sends(bob, group, "/join", reply_to=post)
        await bot.deliver()
        (invitation,) = fake.bot_messages_in(group, thread_id=post.message_id)
        assert "Bob" in (invitation.text or "") and invitation.buttons


@pytest.mark.parametrize("command", ["/stats", "/help"])
async def test_a_channel_told_in_the_chat_is_told_again_in_the_comments(
    world: World, fake: FakeTelegram, command: str
) -> None:
    """The same answer to the same sender within a minute is not given again, as it is just above: not in
    the comments, which show nothing of the group's chat."""
    group = fake.add_group("News chat", members=[fake.add_user("Alice")], supergroup=True)
    news = fake.add_channel("News", with_bot=False)
    async with world.running() as bot:
        post = fake.linked_channel_posts(news, group, "Game night!")
        fake.channel_sends(news, group, command)
        fake.channel_sends(news, group, command, reply_to=post)
        await bot.deliver()
        in_chat, in_comments = fake.bot_messages_in(group)
        assert in_comments.thread_id == post.message_id and in_comments.text == in_chat.text


@pytest.mark.parametrize("command", ["/join", "/start"])
async def test_an_invitation_or_greeting_given_in_the_chat_is_given_again_in_the_comments(
    world: World, fake: FakeTelegram, command: str
) -> None:
    """Bob's /join (he never opened the private chat) or /start under a channel's post within a minute of
    the same in the group's chat went unanswered, as if just above: the comments show nothing of the chat."""
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob")
    group = fake.add_group("News chat", members=[alice, bob], supergroup=True)
    async with world.running() as bot:
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        before = len(fake.bot_messages_in(group))
        fake.user_sends(bob, group, command)
        await bot.deliver()
        fake.user_sends(bob, group, command, reply_to=post)
        await bot.deliver()
        in_chat, in_comments = fake.bot_messages_in(group)[before:]
        assert (in_chat.thread_id, in_comments.thread_id) == (None, post.message_id)
        assert in_comments.text == in_chat.text and in_comments.buttons == in_chat.buttons


async def test_a_refusal_told_in_the_comments_is_told_again_in_the_chat(
    world: World, fake: FakeTelegram
) -> None:
    """A command's answer is not given again within a minute, being just above: the one given under a
    channel's post is not, in the group's chat."""
    group = fake.add_group("News chat", members=[fake.add_user("Alice")], supergroup=True)
    news = fake.add_channel("News", with_bot=False)
    async with world.running() as bot:
        post = fake.linked_channel_posts(news, group, "Game night!")
        fake.channel_sends(news, group, "/join", reply_to=post)
        fake.channel_sends(news, group, "/join")
        await bot.deliver()
        told = [m for m in fake.bot_messages_in(group) if m.text == SENT_AS_CHANNEL["en"]]
        assert [m.thread_id for m in told] == [post.message_id, None]


async def test_table_as_a_comment_under_a_post_says_where_the_match_is(
    world: World, fake: FakeTelegram
) -> None:
    """It read "⬆️ The game's message is just above", under a post that shows nothing of the group's chat,
    or posted the table anew there, out of the commenter's sight."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("News chat", members=[alice, bob], supergroup=True)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        post = fake.linked_channel_posts(fake.add_channel("News", with_bot=False), group, "Game night!")
        record, _ = await bot.game(group)
        link = f"https://t.me/c/{str(group.id).removeprefix('-100')}/{record.table_message_id}"
        for wait in (0, 60):  # the table as just posted, then long enough before to be posted anew
            await bot.tick(wait)
            fake.user_sends(bob, group, "/table", reply_to=post)
            await bot.deliver()
            pointer = fake.last_bot_message(group)  # no table posted anew
            assert pointer.thread_id == post.message_id
            assert (
                pointer.text
                == "🎮 The game is played in the chat News chat, not in the comments: follow it there."
            )
            assert pointer.buttons[0][0]["url"] == link


@pytest.mark.parametrize("command", ["/join", "/stats", "/help"])
async def test_two_channels_are_told_each(world: World, fake: FakeTelegram, command: str) -> None:
    """Every channel posts from one account, Channel_Bot: the second channel's command within the minute
    went unanswered, as if it had been told already."""
    group = fake.add_group("Friends", members=[fake.add_user("Alice")], supergroup=True)
    async with world.running() as bot:
        fake.channel_sends("Alice's blog", group, command)
        fake.channel_sends("Bob's blog", group, command)
        await bot.deliver()
        answers = [m.text for m in fake.bot_messages_in(group)]
        assert len(answers) == 2 and len(set(answers)) == 1
