"""FakeTelegram: the world plus what people do in it (send, press, start, block, promote, migrate)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any
from urllib.parse import parse_qs, urlsplit

from .found_entities import with_found_entities
from .membership import set_bot_status, set_member_status
from .model import (
    ANONYMOUS_ADMIN_BOT_ID,
    CHANNEL_BOT_ID,
    GENERAL,
    TELEGRAM_SERVICE_ID,
    CallbackQuery,
    Chat,
    ChatType,
    Member,
    MemberStatus,
    Message,
    User,
)
from .world import World

_COMMAND = re.compile(r"(?<![\w/@])/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,32})?")
_ANONYMOUS_ADMIN_BOT = User(ANONYMOUS_ADMIN_BOT_ID, "Group", "GroupAnonymousBot", is_bot=True)
_CHANNEL_BOT = User(CHANNEL_BOT_ID, "Channel", "Channel_Bot", is_bot=True)
_TELEGRAM_SERVICE = User(TELEGRAM_SERVICE_ID, "Telegram")


def command_entities(text: str) -> list[dict[str, Any]]:
    """bot_command entities as Telegram marks them (offsets in UTF-16 units)."""
    entities = []
    for match in _COMMAND.finditer(text):
        entities.append(
            {"type": "bot_command", "offset": _utf16(text[: match.start()]), "length": len(match.group())}
        )
    return entities


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _mentions(text: str) -> list[dict[str, Any]]:
    """mention entities over the @usernames in a person's text, which Telegram marks as it marks them in the
    bot's ("/stats @bob_smith" arrives with a bot_command and a mention)."""
    return [entity for entity in with_found_entities(text, []) if entity["type"] == "mention"]


def _text_mentions(text: str, users: Sequence[User]) -> list[dict[str, Any]]:
    """text_mention entities over each user's first name in the text: what a client sends when a user
    without a username is picked from the mention list."""
    entities = []
    for user in users:
        start = text.index(user.first_name)
        entities.append(
            {
                "type": "text_mention",
                "offset": _utf16(text[:start]),
                "length": _utf16(user.first_name),
                "user": user.to_api(),
            }
        )
    return entities


class FakeTelegram(World):
    """The fake Telegram. Create users and chats, act as them, then inspect what the bot did."""

    # ---- people and chats ---------------------------------------------------------------------------

    def add_user(
        self,
        first_name: str,
        username: str | None = None,
        language_code: str | None = "en",
        started_bot: bool = False,
    ) -> User:
        with self.lock:
            user = User(self.new_user_id(), first_name, username, language_code, has_started_bot=started_bot)
            self.users[user.id] = user
            return user

    def add_other_bot(self, first_name: str, username: str) -> User:
        """Another bot, for a group's `members=` or join_group; what it posts goes through `bot_sends`."""
        with self.lock:
            other = User(self.new_user_id(), first_name, username, is_bot=True)
            self.users[other.id] = other
            return other

    def add_group(
        self,
        title: str,
        members: Sequence[User] = (),
        creator: User | None = None,
        supergroup: bool = False,
        forum: bool = False,
        bot_is_admin: bool = False,
    ) -> Chat:
        """A group (or supergroup/forum) that already has the bot and the given members."""
        with self.lock:
            chat_type: ChatType = "supergroup" if supergroup or forum else "group"
            chat = Chat(self.new_group_id(chat_type == "supergroup"), chat_type, title, is_forum=forum)
            for user in members:
                chat.members[user.id] = Member(user)
            if creator is not None:
                chat.members[creator.id] = Member(creator, "creator")
            chat.members[self.bot.id] = Member(self.bot, "administrator" if bot_is_admin else "member")
            self.chats[chat.id] = chat
            if forum:  # General's thread id, 1, is no topic's (the first topic took it, closed with General)
                self.next_message_id(chat.id)
            return chat

    def add_channel(self, title: str, with_bot: bool = True) -> Chat:
        """A channel, with the bot as an administrator (the only way a bot joins a channel) unless `with_bot`
        is False."""
        with self.lock:
            chat = Chat(self.new_group_id(True), "channel", title)
            if with_bot:
                chat.members[self.bot.id] = Member(self.bot, "administrator")
            self.chats[chat.id] = chat
            return chat

    def channel_posts(self, chat: Chat, text: str) -> Message:
        """A post in the channel: it has no sender but the channel itself; the bot gets a channel_post."""
        with self.lock:
            message = Message(
                chat,
                self.next_message_id(chat.id),
                self.now(),
                None,
                text,
                command_entities(text),
                sender_chat=chat,
            )
            self.store(message)
            if self.bot.id in chat.members:
                self.push_update("channel_post", message.to_api())
            return message

    def linked_channel_posts(self, channel: Chat, group: Chat, text: str) -> Message:
        """A post in a channel whose discussion group is `group`: Telegram copies it into the group as an
        automatic forward (from its 777000 account, the channel as sender_chat), which the bot gets as any
        group message; the bot gets the post itself only when it is in the channel. Returns the copy."""
        with self.lock:
            post = self.channel_posts(channel, text)
            origin = {"type": "channel", "chat": channel.to_api(), "message_id": post.message_id}
            copy = Message(
                group,
                self.next_message_id(group.id),
                self.now(),
                _TELEGRAM_SERVICE,
                text,
                command_entities(text),
                sender_chat=channel,
                extra={"forward_origin": {**origin, "date": post.date}, "is_automatic_forward": True},
            )
            self.store(copy)
            if self._bot_sees(group, text, None):
                self.push_update("message", copy.to_api())
            return copy

    def add_topic(self, chat: Chat, name: str) -> int:
        """A forum topic; returns its message_thread_id."""
        with self.lock:
            creator = next(iter(chat.members.values())).user
            created = {"forum_topic_created": {"name": name, "icon_color": 0}}
            service = self._post(creator, chat, None, extra=created)
            chat.topics[service.message_id] = name
            service.thread_id = service.message_id
            return service.message_id

    def join_group(self, user: User, chat: Chat) -> None:
        with self.lock:
            chat.members[user.id] = Member(user)

    def user_leaves_group(
        self, user: User, chat: Chat, by: User | None = None, service_message: bool = True
    ) -> None:
        """The user leaves the group, or `by` (an admin) removes them: a chat_member update when the bot is
        an admin there, and a left_chat_member service message (which big groups leave out)."""
        with self.lock:
            set_member_status(self, chat, user, "left" if by is None else "kicked", by or user)
            if service_message:
                self._post(by or user, chat, None, extra={"left_chat_member": user.to_api()})

    def make_admin(
        self, user: User, chat: Chat, anonymous: bool = False, manages_topics: bool = True
    ) -> None:
        """`manages_topics`: with the right to manage forum topics (and so to post in a closed one)."""
        with self.lock:
            chat.members[user.id] = Member(
                user, "administrator", is_anonymous=anonymous, manages_topics=manages_topics
            )

    def rename_group(self, chat: Chat, title: str, by: User) -> None:
        """A member renames the group: every member (the bot too) gets a new_chat_title service message."""
        with self.lock:
            chat.title = title
            self._post(by, chat, None, extra={"new_chat_title": title})

    def add_bot_to_group(self, chat: Chat, by: User) -> None:
        """The user adds the bot back: a my_chat_member update and a new_chat_members service message."""
        with self.lock:
            set_bot_status(self, chat, "member", by)
            self._post(by, chat, None, extra={"new_chat_members": [self.bot.to_api()]})

    def promote_bot(self, chat: Chat, by: User, admin: bool = True) -> None:
        """An admin makes the bot an admin of the group (or a member again): a my_chat_member update."""
        set_bot_status(self, chat, "administrator" if admin else "member", by)

    def kick_bot_from_group(self, chat: Chat, by: User) -> None:
        set_bot_status(self, chat, "kicked", by)

    def restrict_bot_in_group(self, chat: Chat, by: User, restricted: bool = True) -> None:
        """An admin mutes the bot in the group (it may send nothing there), or lets it write again."""
        set_bot_status(self, chat, "restricted" if restricted else "member", by)

    def turn_members_messages(self, chat: Chat, on: bool) -> None:
        """An admin turns the group's "Send messages" permission off for its members (or on again): only
        admins may send new messages meanwhile, a bot that is a plain member too (its edits and deletions go
        on). The bot is told nothing: its status stays "member"; getChat's `permissions` say so."""
        with self.lock:
            if chat.type not in ("group", "supergroup"):
                raise LookupError("members' permissions are a group's setting")
            chat.members_may_send = on

    def delete_group(self, chat: Chat) -> None:
        """The creator deletes the group: the bot is told nothing, its next write there gets a 403."""
        with self.lock:
            chat.deleted = True

    def close_topic(
        self, chat: Chat, thread_id: int | None, by: User, closed: bool = True, told: bool = True
    ) -> None:
        """An admin closes a forum topic (None: General), or reopens it (`closed=False`): only admins may
        post there meanwhile. Every member, the bot too, gets the service message in that topic; not the bot
        with `told=False` (an update lost, or the bot not running then)."""
        with self.lock:
            if closed:
                chat.closed_topics.add(thread_id or GENERAL)
            else:
                chat.closed_topics.discard(thread_id or GENERAL)
            if not told:
                return
            news = "forum_topic_closed" if closed else "forum_topic_reopened"
            self._post(by, chat, None, thread_id=thread_id, extra=self._in_topic(chat, thread_id, {news: {}}))

    def turn_topics(self, chat: Chat, on: bool) -> None:
        """An admin turns the forum's topics off (or on again): every topic's messages show in one chat, new
        ones carry no topic, and a message sent to a topic finds no thread. The bot is told nothing (its
        updates' chat says `is_forum` no more). Turned on again, the topics are back."""
        with self.lock:
            chat.is_forum = on

    def rename_topic(self, chat: Chat, thread_id: int | None, name: str, by: User) -> None:
        """An admin renames a forum topic (None: General): its members get a forum_topic_edited service
        message there."""
        with self.lock:
            if thread_id is not None:
                chat.topics[thread_id] = name
            edited = {"forum_topic_edited": {"name": name}}
            self._post(by, chat, None, thread_id=thread_id, extra=self._in_topic(chat, thread_id, edited))

    def change_topic_icon(self, chat: Chat, thread_id: int, icon_custom_emoji_id: str, by: User) -> None:
        """An admin changes a forum topic's icon only: the forum_topic_edited service message has no name."""
        with self.lock:
            edited = {"forum_topic_edited": {"icon_custom_emoji_id": icon_custom_emoji_id}}
            self._post(by, chat, None, thread_id=thread_id, extra=self._in_topic(chat, thread_id, edited))

    def hide_general(self, chat: Chat, by: User, hidden: bool = True) -> None:
        """An admin hides the forum's General topic, which closes it too (or shows it again, reopened)."""
        with self.lock:
            if hidden:
                chat.closed_topics.add(GENERAL)
            else:
                chat.closed_topics.discard(GENERAL)
            news = "general_forum_topic_hidden" if hidden else "general_forum_topic_unhidden"
            self._post(by, chat, None, extra={news: {}})

    def delete_topic(self, chat: Chat, thread_id: int) -> None:
        """An admin deletes a forum topic with its messages; the bot is not told (writes there get 400s)."""
        with self.lock:
            del chat.topics[thread_id]
            for key, message in list(self.messages.items()):
                if message.chat is chat and message.thread_id == thread_id:
                    del self.messages[key]

    def delete_message(self, message: Message) -> None:
        """Someone deletes a message (an admin in a group, anyone in their private chat); the bot is not
        told, its next edit of it gets 400 "message to edit not found"."""
        with self.lock:
            del self.messages[(message.chat.id, message.message_id)]

    def set_slow_mode(self, chat: Chat, seconds: int) -> None:
        """An admin turns on a supergroup's slow mode (0: off): members, and a bot that is no admin, may send
        one message every `seconds`; Telegram tells the bot nothing (and holds its message, the request open,
        when the rest of the delay is 10 s at most)."""
        with self.lock:
            if chat.type != "supergroup":
                raise LookupError("slow mode is a supergroup's setting")
            chat.slow_mode_delay = seconds

    def sweep_bot_messages(self, chat: Chat, on: bool = True) -> None:
        """An anti-spam bot in the group deletes each new message of this bot right after it arrives (or,
        `on=False`, stops doing so); the bot is not told, its edits of them get 400s."""
        with self.lock:
            if on:
                self.swept_chats.add(chat.id)
            else:
                self.swept_chats.discard(chat.id)

    def migrate_to_supergroup(self, chat: Chat) -> Chat:
        """Upgrade a group: the old id stops working (400 with migrate_to_chat_id); both service messages."""
        with self.lock:
            new = Chat(self.new_group_id(True), "supergroup", chat.title, members=dict(chat.members))
            self.chats[new.id] = new
            by = next(m.user for m in chat.members.values() if m.user.id != self.bot.id)
            self._post(by, chat, None, extra={"migrate_to_chat_id": new.id})
            chat.migrated_to = new.id
            self._post(by, new, None, extra={"migrate_from_chat_id": chat.id})
            return new

    def another_bot(self, token: str) -> None:
        """The owner gives the bot's program another bot's `token` (another id), on the same database:
        nobody has started that bot, nor blocked it, and it has no command menus or descriptions. (Its groups
        are not told apart: none is needed yet.)"""
        with self.lock:
            self.token = token
            self.bot = User(int(token.split(":", 1)[0]), self.bot.first_name, self.bot.username, is_bot=True)
            for user in self.users.values():
                user.has_started_bot = user.blocked_bot = False
            self.commands.clear()
            self.profile_texts.clear()

    # ---- what people do -------------------------------------------------------------------------------

    def user_starts_bot(self, user: User, payload: str | None = None) -> Message:
        """The user opens the private chat (a deep link when `payload` is given) and presses Start."""
        with self.lock:
            if user.blocked_bot:
                self.user_unblocks_bot(user)
            user.has_started_bot = True
            text = f"/start {payload}" if payload else "/start"
            return self.user_sends(user, self.private_chat(user), text)

    def user_follows_start_link(self, user: User, url: str) -> Message:
        """The user follows a button's t.me link to the bot (`https://t.me/<bot>?start=<payload>`) and presses
        Start under it, as Telegram asks them to."""
        parsed = urlsplit(url)
        assert parsed.netloc == "t.me" and parsed.path == f"/{self.bot.username}", url
        payload = parse_qs(parsed.query).get("start")
        return self.user_starts_bot(user, payload[0] if payload else None)

    def user_renames(self, user: User, first_name: str) -> None:
        """The user changes their name in Telegram's settings: the bot is not told; their next update to it
        carries the new name."""
        with self.lock:
            user.first_name = first_name

    def user_deletes_account(self, user: User) -> None:
        """The user deletes their Telegram account: the bot is not told; writing to them gets 403 "user is
        deactivated" from then on, and the groups list a nameless "Deleted Account"."""
        with self.lock:
            user.deleted_account = True
            user.first_name, user.username = "Deleted Account", None

    def user_blocks_bot(self, user: User) -> None:
        with self.lock:
            user.blocked_bot = True
            self._private_status_update(user, "member", "kicked")

    def user_unblocks_bot(self, user: User) -> None:
        """The user unblocks the bot (in Telegram's settings, say): the bot is told, with no Start pressed."""
        with self.lock:
            user.blocked_bot = False
            self._private_status_update(user, "kicked", "member")

    def user_sends(
        self,
        user: User,
        chat: Chat,
        text: str,
        thread_id: int | None = None,
        reply_to: Message | None = None,
        mentions: Sequence[User] = (),
    ) -> Message:
        """The user posts a text; the bot gets a message update (unless privacy mode hides it). `mentions`:
        users picked from the mention list, whose first names in the text link to them."""
        with self.lock:
            if chat.migrated_to is not None:
                raise LookupError(f"{chat.title} became supergroup {chat.migrated_to}: post there")
            if chat.private_user is None and user.id not in chat.members:
                raise LookupError(f"{user.first_name} is not a member of {chat.title}")
            if chat.private_user is not None and chat.private_user is not user:
                raise LookupError(f"{user.first_name} cannot post in another user's private chat")
            extra: dict[str, Any] = {}
            if not chat.members_may_send and not chat.may_send(user.id):
                raise LookupError(f"{user.first_name} may not send messages in {chat.title}: only admins may")
            closed = chat.is_forum and (thread_id or GENERAL) in chat.closed_topics
            if closed and not chat.members[user.id].posts_in_closed_topics():
                raise LookupError(f"{user.first_name} may not post in a closed topic")
            if reply_to is not None:
                extra["reply_to_message"] = reply_to.to_api()
                thread_id = thread_id or self.comments_of(reply_to)
            extra = self._in_topic(chat, thread_id, extra) if reply_to is None else extra
            message = self._post(user, chat, text, thread_id=thread_id, extra=extra, deliver=False)
            message.entities = sorted(
                message.entities + _mentions(text) + _text_mentions(text, mentions), key=lambda e: e["offset"]
            )
            if self._bot_sees(chat, text, reply_to):
                self.push_update("message", message.to_api())
            return message

    def user_posts(
        self, user: User, chat: Chat, content: dict[str, Any], reply_to: Message | None = None
    ) -> Message:
        """The user posts something other than a text: `content` is its Bot API fields (a photo, a poll, dice,
        a location, a forwarded story...); privacy mode hides it from the bot unless it answers the bot. A
        caption's /commands come marked as a text's do (caption_entities)."""
        with self.lock:
            extra = dict(content) if reply_to is None else {**content, "reply_to_message": reply_to.to_api()}
            commands = command_entities(str(content.get("caption", "")))
            if commands and "caption_entities" not in content:
                extra["caption_entities"] = commands
            message = self._post(user, chat, None, extra=extra, deliver=False)
            if self._bot_sees(chat, str(content.get("caption", "")), reply_to):
                self.push_update("message", message.to_api())
            return message

    def user_causes_service_message(self, user: User, chat: Chat, service: dict[str, Any]) -> Message:
        """The user does what Telegram tells the group in a service message with them as its sender (pins a
        message, boosts the group, starts a video chat...): `service` is its Bot API field."""
        with self.lock:
            return self._post(user, chat, None, extra=service)

    def user_reacts(self, user: User, message: Message, emoji: str) -> None:
        """The user puts a reaction on a message: a message_reaction update, which Telegram sends only to a
        bot that is an admin of the group."""
        with self.lock:
            if self.bot_status_in(message.chat) != "administrator":
                return
            reaction = {"chat": message.chat.to_api(), "message_id": message.message_id}
            reaction.update(user=user.to_api(), date=self.now(), old_reaction=[])
            reaction["new_reaction"] = [{"type": "emoji", "emoji": emoji}]
            self.push_update("message_reaction", reaction)

    def user_forwards(self, user: User, chat: Chat, original: Message) -> Message:
        """The user forwards a text message into the chat: its text and entities come along, and where it
        came from (forward_origin); the sender is the one who forwarded it."""
        with self.lock:
            if user.id not in chat.members:
                raise LookupError(f"{user.first_name} is not a member of {chat.title}")
            origin: dict[str, Any] = {"date": original.date}
            source = original.sender_chat
            if original.chat.type == "channel":
                origin.update(type="channel", chat=original.chat.to_api(), message_id=original.message_id)
            elif source is not None:
                origin.update(type="chat", sender_chat=source.to_api())
            else:
                assert original.from_user is not None
                origin.update(type="user", sender_user=original.from_user.to_api())
            extra = {"forward_origin": origin}
            message = self._post(user, chat, original.text, extra=extra, deliver=False)
            message.entities = list(original.entities)
            if self._bot_sees(chat, original.text or "", None):
                self.push_update("message", message.to_api())
            return message

    def channel_sends(
        self, channel: str | Chat, chat: Chat, text: str, reply_to: Message | None = None
    ) -> Message:
        """A member posts in the group as a channel (a new one of this title, or the channel given: the
        group's linked one, say): the message comes from Telegram's Channel_Bot account (no member of the
        group) with the channel as its sender_chat; in reply to a linked channel's post, or to a comment under
        it, it is in the post's comments."""
        with self.lock:
            if isinstance(channel, str):
                channel = Chat(self.new_group_id(True), "channel", channel)
            extra = {} if reply_to is None else {"reply_to_message": reply_to.to_api()}
            message = Message(
                chat,
                self.next_message_id(chat.id),
                self.now(),
                _CHANNEL_BOT,
                text,
                command_entities(text),
                thread_id=None if reply_to is None else self.comments_of(reply_to),
                sender_chat=channel,
                extra=extra,
            )
            self.store(message)
            self.push_update("message", message.to_api())
            return message

    def bot_sends(self, other: User, chat: Chat, text: str, reply_to: Message | None = None) -> Message:
        """Another bot posts in the group. Telegram hides bots' messages from each other, but for bot-to-bot
        communication (on for the other bot in @BotFather): this bot gets the message when it names it
        (/new@this_bot) or replies to one of its messages."""
        with self.lock:
            assert other.is_bot and other.id in chat.members
            extra = {} if reply_to is None else {"reply_to_message": reply_to.to_api()}
            message = self._post(other, chat, text, extra=extra, deliver=False)
            addressed = f"@{self.bot.username}".lower() in text.lower()
            if addressed or (reply_to is not None and reply_to.from_user is self.bot):
                self.push_update("message", message.to_api())
            return message

    def user_presses(self, user: User, message: Message, button: str) -> CallbackQuery:
        """The user presses the inline button with this text or callback_data; returns the query handle."""
        with self.lock:
            return self.user_presses_data(user, message, _find_callback_data(self._current(message), button))

    def user_presses_data(self, user: User, message: Message, data: str) -> CallbackQuery:
        """A press carrying `data` whatever the message shows now: a keyboard still on the user's screen
        after the bot replaced it, or a forged client."""
        with self.lock:
            current = self._current(message)
            chat = current.chat
            if chat.private_user is not None and chat.private_user is not user:
                raise LookupError(f"{user.first_name} cannot see another user's private chat")
            if chat.private_user is None and user.id not in chat.members:
                raise LookupError(f"{user.first_name} is not a member of {chat.title}")
            query = CallbackQuery(self.new_query_id(), user, current, data, self.clock())
            self.callback_queries[query.id] = query
            self.push_update("callback_query", query.to_api())
            return query

    # ---- internals ------------------------------------------------------------------------------------

    def _current(self, message: Message) -> Message:
        current = self.messages.get((message.chat.id, message.message_id))
        if current is None:
            raise LookupError("that message was deleted")
        return current

    def _in_topic(self, chat: Chat, thread_id: int | None, extra: dict[str, Any]) -> dict[str, Any]:
        """As Telegram does: a message in a topic that answers nothing answers the topic's first one."""
        if not (chat.is_forum and thread_id in chat.topics):
            return extra
        created = self.messages.get((chat.id, thread_id))
        return extra if created is None else {**extra, "reply_to_message": created.to_api()}

    def _bot_sees(self, chat: Chat, text: str, reply_to: Message | None) -> bool:
        if chat.private_user is not None:
            return not chat.private_user.blocked_bot
        if self.bot_status_in(chat) in ("left", "kicked"):
            return False
        if not self.group_privacy or self.bot_status_in(chat) in ("administrator", "creator"):
            return True  # (privacy mode does not hide a group's messages from its admins)
        replied_to_bot = reply_to is not None and reply_to.from_user is self.bot
        return text.startswith("/") or replied_to_bot or f"@{self.bot.username}" in text

    def _post(
        self,
        user: User,
        chat: Chat,
        text: str | None,
        thread_id: int | None = None,
        extra: dict[str, Any] | None = None,
        deliver: bool = True,
    ) -> Message:
        member = chat.members.get(user.id)
        anonymous = member is not None and member.is_anonymous
        message = Message(
            chat,
            self.next_message_id(chat.id),
            self.now(),
            _ANONYMOUS_ADMIN_BOT if anonymous else user,
            text,
            command_entities(text) if text else [],
            thread_id=thread_id,
            sender_chat=chat if anonymous else None,
            extra=extra or {},
        )
        self.store(message)
        if deliver and self.bot_status_in(chat) not in ("left", "kicked"):
            self.push_update("message", message.to_api())
        return message

    def _private_status_update(self, user: User, old: MemberStatus, new: MemberStatus) -> None:
        chat = self.private_chat(user)
        self.push_update(
            "my_chat_member",
            {
                "chat": chat.to_api(),
                "from": user.to_api(),
                "date": self.now(),
                "old_chat_member": Member(self.bot, old).to_api(),
                "new_chat_member": Member(self.bot, new).to_api(),
            },
        )


def _find_callback_data(message: Message, button: str) -> str:
    for row in message.buttons:
        for candidate in row:
            if button in (candidate["text"], candidate.get("callback_data")) and "callback_data" in candidate:
                return str(candidate["callback_data"])
    shown = message.button_texts
    raise LookupError(f"no callback button {button!r} on message {message.message_id}: {shown}")
