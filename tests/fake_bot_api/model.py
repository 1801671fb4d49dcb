"""The fake Telegram's world objects and their Bot API JSON shapes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

ChatType = Literal["private", "group", "supergroup", "channel"]
MemberStatus = Literal["creator", "administrator", "member", "restricted", "left", "kicked"]

ANONYMOUS_ADMIN_BOT_ID = 1087968824
GENERAL = 1  # a forum's General topic (its messages carry no message_thread_id in the Bot API)
CHANNEL_BOT_ID = 136817688  # the account a group message posted "as a channel" comes from
TELEGRAM_SERVICE_ID = 777000  # the account a linked channel's posts come from in its discussion group
# A press on a button of a message older than this carries only its chat and id (an InaccessibleMessage, date
# 0): Telegram does not say when a message becomes so; the time it stops letting bots delete one is used.
INACCESSIBLE_SECONDS = 48 * 60 * 60


RESTRICTED_RIGHTS = (
    "can_send_messages",
    "can_send_audios",
    "can_send_documents",
    "can_send_photos",
    "can_send_videos",
    "can_send_video_notes",
    "can_send_voice_notes",
    "can_send_polls",
    "can_send_other_messages",
    "can_add_web_page_previews",
    "can_change_info",
    "can_invite_users",
    "can_pin_messages",
    "can_manage_topics",
    "can_edit_tag",
    "can_react_to_messages",
)
# The rights a group's "Send messages" switch (its default permissions) takes from members with it.
SENDING_RIGHTS = frozenset(r for r in RESTRICTED_RIGHTS if r.startswith(("can_send_", "can_add_web_page")))


@dataclass
class User:
    id: int
    first_name: str
    username: str | None = None
    language_code: str | None = None
    is_bot: bool = False
    has_started_bot: bool = False
    blocked_bot: bool = False
    deleted_account: bool = False

    def to_api(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "is_bot": self.is_bot, "first_name": self.first_name}
        if self.username:
            data["username"] = self.username
        if self.language_code:
            data["language_code"] = self.language_code
        return data


@dataclass
class Member:
    user: User
    status: MemberStatus = "member"
    is_anonymous: bool = False
    manages_topics: bool = True  # an administrator's right to manage forum topics

    def posts_in_closed_topics(self) -> bool:
        """Only the owner and admins who manage topics post in a closed forum topic."""
        return self.status == "creator" or (self.status == "administrator" and self.manages_topics)

    def to_api(self) -> dict[str, Any]:
        data: dict[str, Any] = {"status": self.status, "user": self.user.to_api()}
        if self.status == "creator":
            data["is_anonymous"] = self.is_anonymous
        elif self.status == "administrator":
            data.update(
                can_be_edited=False,
                is_anonymous=self.is_anonymous,
                can_manage_chat=True,
                can_delete_messages=True,
                can_manage_video_chats=True,
                can_restrict_members=True,
                can_promote_members=False,
                can_change_info=True,
                can_invite_users=True,
                can_post_stories=False,
                can_edit_stories=False,
                can_delete_stories=False,
                can_pin_messages=True,
                can_manage_topics=self.manages_topics,  # among them: posting in a closed forum topic
            )
        elif self.status == "restricted":  # muted: a member who may send nothing
            data.update(dict.fromkeys(RESTRICTED_RIGHTS, False), is_member=True, until_date=0)
        elif self.status == "kicked":
            data["until_date"] = 0
        return data


@dataclass
class Chat:
    id: int
    type: ChatType
    title: str | None = None
    private_user: User | None = None
    is_forum: bool = False
    members: dict[int, Member] = field(default_factory=dict, repr=False)
    topics: dict[int, str] = field(default_factory=dict)
    # Forum topics only admins may post in (their message_thread_id; General, which has none: GENERAL).
    closed_topics: set[int] = field(default_factory=set)
    migrated_to: int | None = None
    deleted: bool = False
    slow_mode_delay: int = 0  # seconds between two messages of a member (a supergroup's slow mode); 0: off
    username: str | None = None  # a public group's (or channel's) name: t.me/<username>
    last_sent: dict[int, float] = field(default_factory=dict, repr=False)  # by member: their last message
    # The group's default permissions (setChatPermissions) let members send messages; off, only admins may
    # (and members restricted one by one never may).
    members_may_send: bool = True

    def may_send(self, user_id: int) -> bool:
        """Whether this member may send a new message in the group (edits are no new messages)."""
        member = self.members.get(user_id)
        status = "left" if member is None else member.status
        if status in ("creator", "administrator"):
            return True
        return status == "member" and self.members_may_send  # "restricted": this fake's take every right

    def permissions(self) -> dict[str, bool]:
        """The group's default permissions as getChat reports them (ChatPermissions)."""
        return {right: right not in SENDING_RIGHTS or self.members_may_send for right in RESTRICTED_RIGHTS}

    def to_api(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "type": self.type}
        if self.private_user is not None:
            data["first_name"] = self.private_user.first_name
            if self.private_user.username:
                data["username"] = self.private_user.username
        else:
            data["title"] = self.title
            if self.username:
                data["username"] = self.username
        if self.is_forum:
            data["is_forum"] = True
        return data

    def to_full_api(self) -> dict[str, Any]:
        gifts = {"unlimited_gifts": False, "limited_gifts": False, "unique_gifts": False}
        gifts.update(premium_subscription=False, gifts_from_channels=False)
        full = {**self.to_api(), "accent_color_id": 0, "max_reaction_count": 11, "accepted_gift_types": gifts}
        if self.slow_mode_delay:
            full["slow_mode_delay"] = self.slow_mode_delay
        if self.type in ("group", "supergroup"):
            full["permissions"] = self.permissions()
        return full


@dataclass
class Message:
    chat: Chat
    message_id: int
    date: int
    from_user: User | None
    text: str | None = None
    entities: list[dict[str, Any]] = field(default_factory=list)
    reply_markup: dict[str, Any] | None = None
    thread_id: int | None = None
    sender_chat: Chat | None = None
    edit_date: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    silent: bool = False  # sent with disable_notification: members' phones show it without a sound
    link_preview: str | None = None  # the web address whose preview card shows under the text (link_previews)

    @property
    def buttons(self) -> list[list[dict[str, Any]]]:
        """The inline keyboard rows (empty when there is none)."""
        return list((self.reply_markup or {}).get("inline_keyboard", []))

    @property
    def button_texts(self) -> list[list[str]]:
        return [[button["text"] for button in row] for row in self.buttons]

    def to_api(self) -> dict[str, Any]:
        data: dict[str, Any] = {"message_id": self.message_id, "date": self.date, "chat": self.chat.to_api()}
        if self.from_user is not None:
            data["from"] = self.from_user.to_api()
        if self.sender_chat is not None:
            data["sender_chat"] = self.sender_chat.to_api()
        if self.thread_id is not None:
            data["message_thread_id"] = self.thread_id
            if self.chat.is_forum:  # else a channel post's comments (or an old topic's, topics turned off)
                data["is_topic_message"] = True
        if self.text is not None:
            data["text"] = self.text
        if self.entities:
            data["entities"] = self.entities
        if self.reply_markup:
            data["reply_markup"] = self.reply_markup
        if self.edit_date is not None:
            data["edit_date"] = self.edit_date
        data.update(self.extra)
        return data


@dataclass
class CallbackQuery:
    """A simulated button press; its `answered_*` fields show how the bot answered it."""

    id: str
    user: User
    message: Message
    data: str
    created_at: float
    answered: bool = False
    answer_text: str | None = None
    show_alert: bool = False
    answer_url: str | None = None

    def to_api(self) -> dict[str, Any]:
        message = self.message
        shown = message.to_api()
        if self.created_at - message.date >= INACCESSIBLE_SECONDS:  # Telegram's InaccessibleMessage
            shown = {"chat": message.chat.to_api(), "message_id": message.message_id, "date": 0}
        return {
            "id": self.id,
            "from": self.user.to_api(),
            "message": shown,
            "chat_instance": str(abs(message.chat.id)),
            "data": self.data,
        }


@dataclass(frozen=True)
class ApiCall:
    """One request the bot made: what it asked, when, and what it got back."""

    method: str
    params: dict[str, Any]
    time: float
    status: int
    response: dict[str, Any]
    received: float = 0.0  # when the request arrived (`time` is when it was answered)
    content_type: str = ""  # of its body: JSON, a form, multipart (no parameters after the media type)

    @property
    def ok(self) -> bool:
        return self.status == 200
