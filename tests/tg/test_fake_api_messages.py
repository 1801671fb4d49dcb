"""Messages on the fake Bot API: storage, HTML, limits and Telegram's refusals, through real PTB."""

import re
from datetime import timedelta

import pytest
from telegram import Bot, ChatMemberAdministrator, ChatPermissions, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import ChatMemberStatus, ParseMode
from telegram.error import BadRequest, ChatMigrated, Forbidden, RetryAfter

from tests.fake_bot_api import Chat, FakeClock, FakeTelegram
from tests.fake_bot_api.errors import NOT_MODIFIED
from tests.fake_bot_api.membership import set_bot_status


def keyboard(*data: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[InlineKeyboardButton(d[:10] or "x", callback_data=d)] for d in data])


def last_description(fake: FakeTelegram) -> str:
    return str(fake.calls[-1].response["description"])


@pytest.fixture
def group(fake: FakeTelegram) -> Chat:
    return fake.add_group("Friends", members=[fake.add_user("Alice")])


async def test_sent_html_is_stored_with_entities_and_keyboard(
    bot: Bot, fake: FakeTelegram, group: Chat
) -> None:
    sent = await bot.send_message(
        group.id,
        "  <b>Red</b> &lt;7&gt; &amp; <i>Blue</i> &copy; &#127183;  ",
        ParseMode.HTML,
        reply_markup=keyboard("a"),
    )
    assert sent.text == "Red <7> & Blue &copy; 🃏"
    assert sent.text_html == "<b>Red</b> &lt;7&gt; &amp; <i>Blue</i> &amp;copy; 🃏"
    [stored] = fake.bot_messages_in(group)
    assert (stored.message_id, stored.text, stored.button_texts) == (sent.message_id, sent.text, [["a"]])


@pytest.mark.parametrize(
    ("html", "reason"),
    [
        ("<b>bold", 'Can\'t find end tag corresponding to start tag "b"'),
        ("<br>x", 'Unsupported start tag "br" at byte offset 0'),
        ("a < b", 'Unsupported start tag "" at byte offset 2'),
        ("<b><i>x</b></i>", 'Unmatched end tag at byte offset 7, expected "</i>", found "</b>"'),
        ("x</b>", "Unexpected end tag at byte offset 1"),
        ("ё<b", "Unclosed start tag at byte offset 2"),
        ('<span class="big">x</span>', 'Tag "span" must have class "tg-spoiler" at byte offset 0'),
        ('<tg-time unix="1" format="rt">x</tg-time>', "Invalid date format used"),
        (
            "<a href>x</a>",
            'Expected equal sign in declaration of an attribute of the tag "a" at byte offset 0',
        ),
    ],
)
async def test_invalid_html_is_refused_like_telegram(
    bot: Bot, fake: FakeTelegram, group: Chat, html: str, reason: str
) -> None:
    with pytest.raises(BadRequest, match="parse entities"):
        await bot.send_message(group.id, html, ParseMode.HTML)
    assert last_description(fake) == f"Bad Request: can't parse entities: {reason}"


async def test_all_allowed_tags_parse(bot: Bot, group: Chat) -> None:
    html = (
        "<b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><ins>n</ins><s>s</s><strike>k</strike><del>d</del>"
        '<span class="tg-spoiler">p</span><tg-spoiler>t</tg-spoiler><a href="https://t.me/x?a=1&amp;b=2">a</a>'
        '<code>c</code><pre><code class="language-python">x</code></pre><blockquote expandable>q</blockquote>'
        '<tg-emoji emoji-id="5368324170671202286">👍</tg-emoji>'
        '<tg-time unix="1647531900" format="wDT">22:45</tg-time>'
    )
    sent = await bot.send_message(group.id, html, ParseMode.HTML)
    kinds = [entity.type.value for entity in sent.entities]
    assert "spoiler" in kinds and "text_link" in kinds and "expandable_blockquote" in kinds
    link = next(e for e in sent.entities if e.type == "text_link")
    assert link.url == "https://t.me/x?a=1&b=2"
    time = next(e for e in sent.entities if e.type == "date_time")
    assert (time.unix_time.timestamp(), time.date_time_format, sent.parse_entity(time)) == (
        1647531900,
        "wDT",
        "22:45",
    )


@pytest.mark.parametrize(
    ("html", "shown"),
    [
        ('<tg-time unix="1647531900" format="R">soon</tg-time>', (1647531900, "r")),
        ('<tg-time unix="1647531900" format="TwD">Thu</tg-time>', (1647531900, "wDT")),
        ('<tg-time unix="1647531900">22:45</tg-time>', (1647531900, "")),
        ('<tg-time unix="soon" format="r">soon</tg-time>', None),
        ('<tg-time unix="0" format="r">soon</tg-time>', None),
    ],
)
async def test_time_tags_are_read_as_tdlib_reads_them(
    bot: Bot, group: Chat, html: str, shown: tuple[int, str] | None
) -> None:
    """tdlib's parse_html: "R" is relative too, the other letters come in any order (reported back as
    weekday, date, time), and a "unix" that is no positive number leaves the text without an entity rather
    than refusing it. (The fake refused "soon" and "TwD" with errors of its own.)"""
    sent = await bot.send_message(group.id, html, ParseMode.HTML)
    times = [
        (int(e.unix_time.timestamp()), e.date_time_format) for e in sent.entities if e.type == "date_time"
    ]
    assert times == ([] if shown is None else [shown]) and sent.text == re.sub(r"<[^>]*>", "", html)


async def test_a_server_older_than_bot_api_9_5_refuses_time_tags(
    bot: Bot, fake: FakeTelegram, group: Chat
) -> None:
    fake.time_tags = False
    with pytest.raises(BadRequest, match="parse entities"):
        await bot.send_message(group.id, '⏱ <tg-time unix="1" format="r">now</tg-time>', ParseMode.HTML)
    assert (
        last_description(fake)
        == 'Bad Request: can\'t parse entities: Unsupported start tag "tg-time" at byte offset 4'
    )


async def test_text_length_counts_after_entity_parsing(bot: Bot, fake: FakeTelegram, group: Chat) -> None:
    await bot.send_message(group.id, "<b>" + "x" * 4096 + "</b>", ParseMode.HTML)
    with pytest.raises(BadRequest, match="Message is too long"):
        await bot.send_message(group.id, "&amp;" * 4097, ParseMode.HTML)
    assert last_description(fake) == "Bad Request: message is too long"
    with pytest.raises(BadRequest, match="Message is too long"):
        await bot.send_message(group.id, "🃏" * 2049)  # 4098 UTF-16 units


@pytest.mark.parametrize("text", ["", "   \n ", "<b> </b>"])
async def test_empty_text_is_refused(bot: Bot, fake: FakeTelegram, group: Chat, text: str) -> None:
    with pytest.raises(BadRequest):
        await bot.send_message(group.id, text, ParseMode.HTML)
    assert last_description(fake) == "Bad Request: message text is empty"


async def test_callback_data_must_be_1_to_64_bytes(bot: Bot, fake: FakeTelegram, group: Chat) -> None:
    await bot.send_message(group.id, "ok", reply_markup=keyboard("x" * 64, "ж" * 32))
    for data in ("x" * 65, "ж" * 33):
        with pytest.raises(BadRequest, match=r"(?i)button_data_invalid"):
            await bot.send_message(group.id, "bad", reply_markup=keyboard(data))
        assert last_description(fake) == "Bad Request: BUTTON_DATA_INVALID"


async def test_a_keyboard_holds_at_most_100_buttons(bot: Bot, fake: FakeTelegram, group: Chat) -> None:
    await bot.send_message(group.id, "100", reply_markup=keyboard(*[str(i) for i in range(100)]))
    with pytest.raises(BadRequest):
        await bot.send_message(group.id, "101", reply_markup=keyboard(*[str(i) for i in range(101)]))
    assert last_description(fake) == "Bad Request: reply markup is too long"


async def test_a_row_holds_at_most_8_buttons(bot: Bot, fake: FakeTelegram, group: Chat) -> None:
    def row(size: int) -> InlineKeyboardMarkup:
        return InlineKeyboardMarkup(
            [[InlineKeyboardButton(str(i), callback_data=str(i)) for i in range(size)]]
        )

    await bot.send_message(group.id, "8", reply_markup=row(8))
    with pytest.raises(BadRequest):
        await bot.send_message(group.id, "9", reply_markup=row(9))


@pytest.mark.parametrize(
    ("url", "valid"),
    [
        ("https://t.me/uno_test_bot?start=join_123", True),
        ("https://example.org/?start=anything goes", True),
        ("https://t.me/uno_test_bot?start=" + "x" * 65, False),
        ("https://t.me/uno_test_bot?start=join_²", False),
        ("https://t.me/uno_test_bot?start=", False),
    ],
)
async def test_a_start_link_carries_a_parameter_telegram_accepts(
    bot: Bot, group: Chat, url: str, valid: bool
) -> None:
    markup = InlineKeyboardMarkup([[InlineKeyboardButton("open", url=url)]])
    if valid:
        await bot.send_message(group.id, "link", reply_markup=markup)
        return
    with pytest.raises(BadRequest, match=r"(?i)button_url_invalid"):
        await bot.send_message(group.id, "link", reply_markup=markup)


async def test_editing(bot: Bot, fake: FakeTelegram, group: Chat) -> None:
    sent = await bot.send_message(group.id, "<b>Turn 1</b>", ParseMode.HTML, reply_markup=keyboard("a"))
    with pytest.raises(BadRequest, match="Message is not modified"):
        await bot.edit_message_text(
            "<b>Turn 1</b>", group.id, sent.message_id, parse_mode="HTML", reply_markup=keyboard("a")
        )
    assert last_description(fake) == f"Bad Request: {NOT_MODIFIED}"
    assert NOT_MODIFIED.endswith("exactly the same as a current content and reply markup of the message")
    edited = await bot.edit_message_text("Turn 1", group.id, sent.message_id, reply_markup=keyboard("a"))
    assert edited.edit_date is not None and edited.entities == ()
    await bot.edit_message_text("Turn 2", group.id, sent.message_id)  # no reply_markup: the keyboard goes
    assert fake.bot_messages_in(group)[0].buttons == []
    await bot.edit_message_reply_markup(group.id, sent.message_id, reply_markup=keyboard("b"))
    assert fake.bot_messages_in(group)[0].button_texts == [["b"]]
    with pytest.raises(BadRequest, match="Message is not modified"):
        await bot.edit_message_reply_markup(group.id, sent.message_id, reply_markup=keyboard("b"))
    with pytest.raises(BadRequest, match="Message to edit not found"):
        await bot.edit_message_text("x", group.id, 999)
    human = fake.user_sends(next(iter(group.members.values())).user, group, "hi")
    with pytest.raises(BadRequest, match="Message can't be edited"):
        await bot.edit_message_text("x", group.id, human.message_id)


async def test_deleting(bot: Bot, fake: FakeTelegram, group: Chat, clock: FakeClock) -> None:
    sent = await bot.send_message(group.id, "bye")
    assert await bot.delete_message(group.id, sent.message_id)
    assert fake.bot_messages_in(group) == []
    with pytest.raises(BadRequest, match="Message to delete not found"):
        await bot.delete_message(group.id, sent.message_id)
    old = await bot.send_message(group.id, "kept")
    clock.advance(48 * 60 * 60 - 1)
    young = await bot.send_message(group.id, "young")
    clock.advance(1)  # Telegram deletes a message only in its first 48 hours
    with pytest.raises(BadRequest, match="Message can't be deleted"):
        await bot.delete_message(group.id, old.message_id)
    assert await bot.delete_message(group.id, young.message_id)
    assert [m.text for m in fake.bot_messages_in(group)] == ["kept"]


async def test_slow_mode_holds_back_the_new_messages_of_a_bot_that_is_no_admin(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    alice = fake.add_user("Alice")
    group = fake.add_group("Slow", members=[alice], supergroup=True)
    fake.set_slow_mode(group, 60)
    assert (await bot.get_chat(group.id)).slow_mode_delay == timedelta(seconds=60)
    first = await bot.send_message(group.id, "one")
    clock.advance(49)
    with pytest.raises(RetryAfter) as refused:  # 11 s of the delay left: too long to hold
        await bot.send_message(group.id, "two")
    assert refused.value.retry_after == timedelta(seconds=11)
    await bot.edit_message_text("one, edited", group.id, first.message_id)  # edits are free
    clock.advance(2)
    sending = clock.run(bot.send_message(group.id, "two"))  # 9 s left: held, then sent
    assert (await sending).date.timestamp() == int(clock())
    held = fake.calls_to("sendMessage")[-1]
    assert held.time - held.received == 9  # answered once sent
    set_bot_status(fake, group, "administrator", alice)  # admins are not slowed down
    await bot.send_message(group.id, "three")
    assert [m.text for m in fake.bot_messages_in(group)] == ["one, edited", "two", "three"]


async def test_an_anti_spam_bot_deletes_the_bots_messages_as_they_arrive(
    bot: Bot, fake: FakeTelegram, group: Chat
) -> None:
    fake.sweep_bot_messages(group)
    sent = await bot.send_message(group.id, "hello")  # sent: Telegram says so
    assert sent.text == "hello" and fake.bot_messages_in(group) == []
    with pytest.raises(BadRequest, match="Message to edit not found"):
        await bot.edit_message_text("hello again", group.id, sent.message_id)
    fake.sweep_bot_messages(group, on=False)
    await bot.send_message(group.id, "kept")
    assert [m.text for m in fake.bot_messages_in(group)] == ["kept"]


async def test_private_chats_need_a_started_unblocked_user(bot: Bot, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice")
    with pytest.raises(Forbidden, match="bot can't initiate conversation with a user"):
        await bot.send_message(alice.id, "hi")
    fake.user_starts_bot(alice, "join_42")
    await bot.send_message(alice.id, "hi")
    fake.user_blocks_bot(alice)
    with pytest.raises(Forbidden, match="bot was blocked by the user"):
        await bot.send_message(alice.id, "hi")
    with pytest.raises(BadRequest, match="Chat not found"):
        await bot.send_message(777, "nobody")


async def test_a_kicked_bot_gets_403_until_added_back(bot: Bot, fake: FakeTelegram, group: Chat) -> None:
    admin = next(iter(group.members.values())).user
    fake.kick_bot_from_group(group, by=admin)
    with pytest.raises(Forbidden, match="bot was kicked from the group chat"):
        await bot.send_message(group.id, "hi")
    fake.add_bot_to_group(group, by=admin)
    await bot.send_message(group.id, "back")
    kinds = [next(k for k in u if k != "update_id") for u in fake.pending_updates]
    assert kinds == ["my_chat_member", "my_chat_member", "message"]


async def test_a_migrated_group_answers_with_the_new_id(bot: Bot, fake: FakeTelegram, group: Chat) -> None:
    supergroup = fake.migrate_to_supergroup(group)
    with pytest.raises(ChatMigrated) as raised:
        await bot.send_message(group.id, "hi")
    assert raised.value.new_chat_id == supergroup.id
    await bot.send_message(supergroup.id, "hi again")
    service = [u["message"] for u in fake.pending_updates]
    assert service[0]["migrate_to_chat_id"] == supergroup.id
    assert service[1]["migrate_from_chat_id"] == group.id and service[1]["chat"]["type"] == "supergroup"


async def test_forum_topics(bot: Bot, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice")
    forum = fake.add_group("Forum", members=[alice], forum=True)
    topic = fake.add_topic(forum, "UNO")
    sent = await bot.send_message(forum.id, "in topic", message_thread_id=topic)
    assert sent.message_thread_id == topic and sent.is_topic_message
    # As every message in a topic that answers nothing, it answers the topic's first: its creation, named.
    assert sent.reply_to_message is not None and sent.reply_to_message.forum_topic_created is not None
    assert sent.reply_to_message.forum_topic_created.name == "UNO"
    assert [m.text for m in fake.bot_messages_in(forum, thread_id=topic)] == ["in topic"]
    with pytest.raises(BadRequest, match="Message thread not found"):
        await bot.send_message(forum.id, "lost", message_thread_id=topic + 100)


async def test_a_closed_topic_takes_new_messages_from_admins_only(bot: Bot, fake: FakeTelegram) -> None:
    admin = fake.add_user("Admin")
    forum = fake.add_group("Forum", forum=True, creator=admin)
    topic = fake.add_topic(forum, "UNO")
    table = await bot.send_message(forum.id, "table", message_thread_id=topic)
    fake.close_topic(forum, topic, by=admin)
    fake.hide_general(forum, by=admin)  # which closes General too
    for thread in (topic, None):
        with pytest.raises(BadRequest, match="Topic_closed"):
            await bot.send_message(forum.id, "new", message_thread_id=thread)
    await bot.edit_message_text("table, edited", forum.id, table.message_id)  # no new message
    service = [u["message"] for u in fake.pending_updates][-2:]  # after the topic's creation
    assert service[0]["forum_topic_closed"] == {} and service[0]["message_thread_id"] == topic
    assert "general_forum_topic_hidden" in service[1] and "message_thread_id" not in service[1]
    fake.make_admin(fake.bot, forum)
    await bot.send_message(forum.id, "from an admin", message_thread_id=topic)


async def test_closing_a_forums_first_topic_leaves_general_open(bot: Bot, fake: FakeTelegram) -> None:
    """The first topic took thread id 1, General's (GENERAL): closing it closed General too, so tests of a
    topic closed beside General's game read General as closed."""
    admin = fake.add_user("Admin")
    forum = fake.add_group("Forum", forum=True, creator=admin)
    topic = fake.add_topic(forum, "UNO")
    fake.close_topic(forum, topic, by=admin)
    await bot.send_message(forum.id, "in General")
    with pytest.raises(BadRequest, match="Topic_closed"):
        await bot.send_message(forum.id, "new", message_thread_id=topic)


async def test_a_closed_topic_refuses_an_admin_who_may_not_manage_topics(
    bot: Bot, fake: FakeTelegram
) -> None:
    admin = fake.add_user("Admin")
    forum = fake.add_group("Forum", forum=True, creator=admin)
    topic = fake.add_topic(forum, "UNO")
    fake.make_admin(fake.bot, forum, manages_topics=False)
    fake.close_topic(forum, topic, by=admin)
    with pytest.raises(BadRequest, match="Topic_closed"):
        await bot.send_message(forum.id, "new", message_thread_id=topic)
    member = await bot.get_chat_member(forum.id, fake.bot.id)
    assert isinstance(member, ChatMemberAdministrator) and not member.can_manage_topics


@pytest.mark.parametrize("supergroup", [False, True], ids=["group", "supergroup"])
async def test_a_group_whose_members_may_not_send_takes_new_messages_from_admins_only(
    bot: Bot, fake: FakeTelegram, supergroup: bool
) -> None:
    admin, alice = fake.add_user("Admin"), fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice], creator=admin, supergroup=supergroup)
    table = await bot.send_message(group.id, "table", reply_markup=keyboard("play"))
    fake.turn_members_messages(group, on=False)
    with pytest.raises(BadRequest, match="Not enough rights to send text messages to the chat"):
        await bot.send_message(group.id, "new")
    with pytest.raises(LookupError, match="only admins may"):
        fake.user_sends(alice, group, "hi")
    fake.user_sends(admin, group, "/new")  # admins are not bound by it
    # Edits and deletions of its own messages go on; the bot is told nothing: its status stays "member".
    await bot.edit_message_reply_markup(group.id, table.message_id)
    await bot.edit_message_text("table, edited", group.id, table.message_id)
    assert (await bot.get_chat_member(group.id, fake.bot.id)).status == ChatMemberStatus.MEMBER
    assert [next(kind for kind in u if kind != "update_id") for u in fake.pending_updates] == ["message"]
    permissions = (await bot.get_chat(group.id)).permissions
    assert permissions is not None and not permissions.can_send_messages and not permissions.can_send_photos
    assert permissions.can_invite_users  # the other rights stay
    fake.make_admin(fake.bot, group)
    await bot.send_message(group.id, "from an admin")
    fake.promote_bot(group, admin, admin=False)
    fake.turn_members_messages(group, on=True)
    assert (await bot.get_chat(group.id)).permissions == ChatPermissions.all_permissions()
    await bot.send_message(group.id, "again")
    fake.user_sends(alice, group, "hi")
    assert await bot.delete_message(group.id, table.message_id)
    assert [m.text for m in fake.bot_messages_in(group)] == ["from an admin", "again"]


async def test_only_a_group_has_members_permissions(bot: Bot, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    channel = fake.add_channel("News")
    for chat in (fake.private_chat(alice), channel):
        assert (await bot.get_chat(chat.id)).permissions is None
        with pytest.raises(LookupError, match="a group's setting"):
            fake.turn_members_messages(chat, on=False)
