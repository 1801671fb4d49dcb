"""Bot API methods (all but getUpdates, which app.py serves because it waits)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Any

from .errors import (
    NOT_FOUND,
    NOT_MODIFIED,
    QUERY_TOO_OLD,
    bad_request,
    forbidden,
    migrated,
    too_many_requests,
)
from .found_entities import with_found_entities
from .html_text import parse_html, strip_text, utf16_len
from .link_previews import previewed_address
from .membership import set_bot_status
from .model import GENERAL, Chat, Message
from .params import Params
from .world import World

MAX_TEXT_LENGTH = 4096
MAX_BUTTONS = 100
MAX_ROW_BUTTONS = 8
# A t.me link's start parameter: what /start receives (Telegram drops anything else: the link does nothing).
START_PARAMETER = re.compile(r"[A-Za-z0-9_-]{1,64}")
COMMAND_NAME = re.compile(r"[a-z0-9_]{1,32}")
LANGUAGE_CODE = re.compile(r"[A-Za-z]{2}")  # ISO 639-1, as tdlib checks it: two letters (or none)
MAX_CALLBACK_DATA_BYTES = 64
MAX_CALLBACK_ANSWER_LENGTH = 200  # UTF-16 code units, as Telegram counts text (an emoji counts two)
DELETABLE_SECONDS = 48 * 60 * 60  # a message older than this can no longer be deleted
SLOW_MODE_HOLD = 10.0  # seconds: a new message slow mode holds back for longer is refused (429)
_BUTTON_ACTIONS = (
    "url",
    "callback_data",
    "web_app",
    "login_url",
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "copy_text",
    "callback_game",
    "pay",
)

Method = Callable[[World, Params], Any]


def _chat(world: World, params: Params) -> Chat:
    chat_id = params.str_("chat_id")
    if not chat_id:
        raise bad_request("chat_id is empty")
    try:
        chat = world.find_chat(int(chat_id))
    except ValueError:
        chat = None
    if chat is None:
        raise bad_request("chat not found")
    if chat.migrated_to is not None:
        raise migrated(chat.migrated_to)
    if chat.type in ("supergroup", "channel"):
        _check_supergroup_access(world, chat)
    return chat


def _check_supergroup_access(world: World, chat: Chat) -> None:
    """A supergroup (or channel) that kicked the bot refuses it every call, reads too (getChat, getChatMember,
    deleting a message); so does one it left, being private (this fake's have no username):
    telegram-bot-api's check_chat_access. A basic group refuses only writes and edits."""
    status = world.bot_status_in(chat)
    if status == "kicked":
        raise forbidden(f"bot was kicked from the {_kind(chat)}")
    if status == "left":
        raise forbidden(f"bot is not a member of the {_kind(chat)}")


def _kind(chat: Chat) -> str:
    return {"group": "group chat", "channel": "channel chat"}.get(chat.type, "supergroup chat")


class SlowModeHold(Exception):
    """Slow mode holds this call back: the server tries it again `seconds` later, the bot still waiting."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"held back {seconds:g} s by slow mode")
        self.seconds = seconds


def _writable_chat(world: World, params: Params) -> Chat:
    """The target chat, refusing it the way Telegram does when the bot may not write there."""
    chat = _chat(world, params)
    if chat.private_user is not None:
        if chat.private_user.deleted_account:
            raise forbidden("user is deactivated")
        if chat.private_user.blocked_bot:
            raise forbidden("bot was blocked by the user")
        if not chat.private_user.has_started_bot:
            raise forbidden("bot can't initiate conversation with a user")
        return chat
    if chat.deleted:
        raise forbidden("the group chat was deleted")
    kind = _kind(chat)
    status = world.bot_status_in(chat)
    if status == "kicked":
        raise forbidden(f"bot was kicked from the {kind}")
    if status == "left":
        raise forbidden(f"bot is not a member of the {kind}")
    return chat


def _posts_in_closed_topics(world: World, chat: Chat) -> bool:
    member = chat.members.get(world.bot.id)
    return member is not None and member.posts_in_closed_topics()


def _admit_write(world: World, chat: Chat) -> None:
    wait = world.flood.admit(chat.id, is_group=chat.type != "private")
    if wait is not None:
        raise too_many_requests(wait)


def _admit_slow_mode(world: World, chat: Chat) -> None:
    """Slow mode binds a bot that is no admin as it binds members: a new message (edits are free) within the
    delay of its last one waits. The server holds it, the request open, when it may go within SLOW_MODE_HOLD
    (tdlib/telegram-bot-api#75: refusing those "would break delivery of a lot of otherwise sent messages");
    a longer wait is refused with 429."""
    if not chat.slow_mode_delay or world.bot_status_in(chat) in ("administrator", "creator"):
        return
    last = chat.last_sent.get(world.bot.id)
    wait = 0.0 if last is None else last + chat.slow_mode_delay - world.clock()
    if wait > SLOW_MODE_HOLD:
        raise too_many_requests(math.ceil(wait))
    if wait > 0:
        raise SlowModeHold(wait)


def _text(world: World, params: Params) -> tuple[str, list[dict[str, Any]]]:
    raw = params.str_("text")
    if not raw:
        raise bad_request("message text is empty")
    mode = (params.str_("parse_mode") or "").lower()
    if mode == "html":
        text, entities = parse_html(raw, time_tags=world.time_tags)
    elif mode == "":
        text, entities = raw, list(params.json_("entities") or [])
    else:
        raise bad_request(f"unsupported parse_mode {mode!r} (this fake speaks HTML only)")
    text, entities = strip_text(text, entities)
    if not text:
        raise bad_request("message text is empty")
    if utf16_len(text) > MAX_TEXT_LENGTH:
        raise bad_request("message is too long")
    return text, with_found_entities(text, entities)


def _check_button(button: Any) -> None:
    if not isinstance(button, dict) or not isinstance(button.get("text"), str):
        raise bad_request('can\'t parse inline keyboard button: Field "text" must be of type String')
    if "callback_data" in button:
        data = button["callback_data"]
        if not isinstance(data, str) or not 1 <= len(data.encode("utf-8")) <= MAX_CALLBACK_DATA_BYTES:
            raise bad_request("BUTTON_DATA_INVALID")
    elif "url" in button:
        url = button["url"]
        if not isinstance(url, str) or not url.startswith(("http://", "https://", "tg://")):
            raise bad_request("BUTTON_URL_INVALID")
        if not _start_link_valid(url):
            raise bad_request("BUTTON_URL_INVALID")
    elif not any(action in button for action in _BUTTON_ACTIONS):
        raise bad_request(
            "can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard"
        )
    if not button["text"].strip():
        raise bad_request("BUTTON_TEXT_INVALID")


def _start_link_valid(url: str) -> bool:
    """A t.me link that starts a bot carries a start parameter Telegram accepts (other URLs: not checked)."""
    if not url.startswith("https://t.me/") or "?start=" not in url:
        return True
    return START_PARAMETER.fullmatch(url.partition("?start=")[2]) is not None


def _inline_markup(params: Params) -> dict[str, Any] | None:
    """The validated inline keyboard; an empty one means no keyboard, as on Telegram."""
    markup = params.json_("reply_markup")
    if markup is None or "inline_keyboard" not in markup:
        return None
    rows = markup["inline_keyboard"]
    if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
        raise bad_request('field "inline_keyboard" of the InlineKeyboardMarkup should be an Array of Arrays')
    if sum(len(row) for row in rows) > MAX_BUTTONS or any(len(row) > MAX_ROW_BUTTONS for row in rows):
        raise bad_request("reply markup is too long")
    for row in rows:
        for button in row:
            _check_button(button)
    rows = [row for row in rows if row]
    return {"inline_keyboard": rows} if rows else None


def _own_message(world: World, chat: Chat, params: Params) -> Message:
    if params.has("inline_message_id"):
        raise bad_request("inline messages are not simulated by this fake")
    message = world.messages.get((chat.id, params.required_int("message_id")))
    if message is None:
        raise bad_request("message to edit not found")
    if message.from_user is None or message.from_user.id != world.bot.id:
        raise bad_request("message can't be edited")
    return message


def send_message(world: World, params: Params) -> Any:
    chat = _writable_chat(world, params)
    if chat.private_user is None and not chat.may_send(world.bot.id):  # muted, or members may not send
        raise bad_request("not enough rights to send text messages to the chat")
    text, entities = _text(world, params)
    markup = _inline_markup(params)
    thread_id = params.int_("message_thread_id") if chat.type == "supergroup" else None
    if thread_id is not None and not world.has_thread(chat, thread_id):
        raise bad_request("message thread not found")
    closed = chat.is_forum and (thread_id or GENERAL) in chat.closed_topics
    if closed and not _posts_in_closed_topics(world, chat):
        raise bad_request("TOPIC_CLOSED")  # only admins who manage topics post there; edits are no new posts
    reply = params.json_("reply_parameters") or {}
    reply_to = reply.get("message_id") or params.int_("reply_to_message_id")
    allow_without_reply = reply.get("allow_sending_without_reply") or params.bool_(
        "allow_sending_without_reply"
    )
    if reply_to and (chat.id, int(reply_to)) not in world.messages and not allow_without_reply:
        raise bad_request("message to be replied not found")
    _admit_slow_mode(world, chat)
    _admit_write(world, chat)
    chat.last_sent[world.bot.id] = world.clock()
    message = Message(chat, world.next_message_id(chat.id), world.now(), world.bot, text, entities, markup)
    replied = world.messages.get((chat.id, int(reply_to))) if reply_to else None
    message.thread_id = thread_id or (None if replied is None else world.comments_of(replied))
    message.silent = params.bool_("disable_notification")
    message.link_preview = previewed_address(text, entities, params)
    if replied is None and chat.is_forum and thread_id in chat.topics:
        replied = world.messages.get((chat.id, thread_id))  # a topic's message answers its first one
    if replied is not None:
        message.extra["reply_to_message"] = replied.to_api()
    sent = world.store(message).to_api()
    if chat.id in world.swept_chats:  # sent, and gone a moment later: the bot is not told
        del world.messages[(chat.id, message.message_id)]
    return sent


def edit_message_text(world: World, params: Params) -> Any:
    chat = _writable_chat(world, params)
    message = _own_message(world, chat, params)
    text, entities = _text(world, params)
    markup = _inline_markup(params)
    if (text, entities, markup) == (message.text, message.entities, message.reply_markup):
        raise bad_request(NOT_MODIFIED)
    _admit_write(world, chat)
    message.text, message.entities, message.reply_markup = text, entities, markup
    message.link_preview = previewed_address(text, entities, params)
    message.edit_date = world.now()
    return message.to_api()


def edit_message_reply_markup(world: World, params: Params) -> Any:
    chat = _writable_chat(world, params)
    message = _own_message(world, chat, params)
    markup = _inline_markup(params)
    if markup == message.reply_markup:
        raise bad_request(NOT_MODIFIED)
    _admit_write(world, chat)
    message.reply_markup = markup
    message.edit_date = world.now()
    return message.to_api()


def delete_message(world: World, params: Params) -> Any:
    chat = _chat(world, params)
    key = (chat.id, params.required_int("message_id"))
    message = world.messages.get(key)
    if message is None:
        raise bad_request("message to delete not found")
    own = message.from_user is not None and message.from_user.id == world.bot.id
    if not own and chat.type != "private" and world.bot_status_in(chat) != "administrator":
        raise bad_request("message can't be deleted")
    if world.now() - message.date >= DELETABLE_SECONDS:
        raise bad_request("message can't be deleted")
    del world.messages[key]
    return True


def answer_callback_query(world: World, params: Params) -> Any:
    query = world.callback_queries.get(params.required_str("callback_query_id"))
    if query is None or query.answered or world.clock() - query.created_at > world.callback_answer_timeout:
        raise bad_request(QUERY_TOO_OLD)
    text = params.str_("text")
    if text is not None and utf16_len(text) > MAX_CALLBACK_ANSWER_LENGTH:
        raise bad_request("MESSAGE_TOO_LONG")
    url = params.str_("url")
    # Only a link that starts this bot may open from a press (or a game's, which this fake does not have).
    if url is not None and not (
        url.startswith(f"https://t.me/{world.bot.username}?start=") and _start_link_valid(url)
    ):
        raise bad_request("URL_INVALID")
    query.answered = True
    query.answer_text = text
    query.show_alert = params.bool_("show_alert")
    query.answer_url = url
    return True


def get_me(world: World, params: Params) -> Any:
    return {
        **world.bot.to_api(),
        "can_join_groups": True,
        "can_read_all_group_messages": not world.group_privacy,
        "supports_inline_queries": False,
        "can_connect_to_business": False,
        "has_main_web_app": False,
    }


def _language_code(params: Params) -> str:
    """The language a command menu or profile text is for ("": everyone whose language has none)."""
    code = params.str_("language_code") or ""
    if code and LANGUAGE_CODE.fullmatch(code) is None:
        raise bad_request("invalid language code specified")
    return code


def _commands_key(params: Params) -> tuple[str, str]:
    scope = params.json_("scope") or {"type": "default"}
    return json.dumps(scope, sort_keys=True), _language_code(params)


def set_my_commands(world: World, params: Params) -> Any:
    scope = params.json_("scope") or {}
    if scope.get("type") == "chat":  # (of this fake's people: one who never started the bot is unknown to it)
        chat = world.find_chat(int(scope.get("chat_id", 0)))
        if chat is None or (chat.private_user is not None and not chat.private_user.has_started_bot):
            raise bad_request("chat not found")
    commands = params.json_("commands")
    if not isinstance(commands, list) or len(commands) > 100:
        raise bad_request("BOT_COMMANDS_TOO_MUCH")
    for command in commands:
        name = str(command.get("command", ""))
        if COMMAND_NAME.fullmatch(name) is None:
            raise bad_request("BOT_COMMAND_INVALID")
        if not 1 <= len(str(command.get("description", ""))) <= 256:
            raise bad_request("BOT_COMMAND_DESCRIPTION_INVALID")
    world.commands[_commands_key(params)] = [
        {"command": c["command"], "description": c["description"]} for c in commands
    ]
    return True


def get_my_commands(world: World, params: Params) -> Any:
    return world.commands.get(_commands_key(params), [])


def delete_my_commands(world: World, params: Params) -> Any:
    world.commands.pop(_commands_key(params), None)
    return True


# The texts of the bot's profile, each 0-`limit` characters (an empty one removes the language's own).
_PROFILE_TEXTS = {"description": 512, "short_description": 120}


def _set_profile_text(field: str) -> Method:
    """setMyDescription / setMyShortDescription: the text for users of `language_code`, or (none) for
    everyone whose language has no text of its own."""

    def set_text(world: World, params: Params) -> Any:
        text = params.str_(field) or ""
        if len(text) > _PROFILE_TEXTS[field]:
            raise bad_request(f"{field} is too long")
        world.set_profile_text(field, _language_code(params), text)
        return True

    return set_text


def _get_profile_text(field: str) -> Method:
    def get_text(world: World, params: Params) -> Any:
        return {field: world.profile_text(field, _language_code(params))}

    return get_text


def delete_webhook(world: World, params: Params) -> Any:
    if params.bool_("drop_pending_updates"):
        world.drop_pending_updates()
    return True


def get_webhook_info(world: World, params: Params) -> Any:
    return {"url": "", "has_custom_certificate": False, "pending_update_count": len(world.pending_updates)}


def accept(world: World, params: Params) -> Any:
    return True


def get_chat(world: World, params: Params) -> Any:
    return _chat(world, params).to_full_api()


def get_chat_member(world: World, params: Params) -> Any:
    chat = _chat(world, params)
    user_id = params.required_int("user_id")
    member = chat.members.get(user_id)
    if member is not None:
        return member.to_api()
    if chat.private_user is not None and chat.private_user.id == user_id:
        return {"status": "member", "user": chat.private_user.to_api()}
    if user_id == world.bot.id:
        return {"status": "left", "user": world.bot.to_api()}
    user = world.users.get(user_id)
    if user is None:
        raise bad_request("user not found")
    return {"status": "left", "user": user.to_api()}


def get_chat_administrators(world: World, params: Params) -> Any:
    chat = _chat(world, params)
    if chat.private_user is not None:
        raise bad_request("there are no administrators in the private chat")
    return [m.to_api() for m in chat.members.values() if m.status in ("creator", "administrator")]


def leave_chat(world: World, params: Params) -> Any:
    chat = _chat(world, params)
    if chat.private_user is not None:
        raise bad_request("chat member status can't be changed in private chats")
    if world.bot_status_in(chat) in ("left", "kicked"):
        raise forbidden(f"bot is not a member of the {_kind(chat)}")
    set_bot_status(world, chat, "left", by=world.bot)
    return True


METHODS: dict[str, Method] = {
    "getme": get_me,
    "sendmessage": send_message,
    "editmessagetext": edit_message_text,
    "editmessagereplymarkup": edit_message_reply_markup,
    "deletemessage": delete_message,
    "answercallbackquery": answer_callback_query,
    "setmycommands": set_my_commands,
    "getmycommands": get_my_commands,
    "deletemycommands": delete_my_commands,
    "setmydescription": _set_profile_text("description"),
    "getmydescription": _get_profile_text("description"),
    "setmyshortdescription": _set_profile_text("short_description"),
    "getmyshortdescription": _get_profile_text("short_description"),
    "deletewebhook": delete_webhook,
    "getwebhookinfo": get_webhook_info,
    "setchatmenubutton": accept,
    "getchat": get_chat,
    "getchatmember": get_chat_member,
    "getchatadministrators": get_chat_administrators,
    "leavechat": leave_chat,
}


def call_method(world: World, name: str, params: Params) -> Any:
    """Run a Bot API method under the world lock; raises ApiError like Telegram would answer."""
    method = METHODS.get(name.lower())
    if method is None:
        raise NOT_FOUND
    with world.lock:
        injected = world.take_injected_error(name, params.str_("chat_id"))
        if injected is not None:
            raise injected
        return method(world, params)
