"""The fake Telegram's state: users, chats, messages, pending updates, the call log."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any

from .clock import FakeClock
from .errors import ApiError
from .faults import Faults
from .flood import FloodControl, FloodLimits
from .model import ApiCall, CallbackQuery, Chat, Message, User

DEFAULT_UPDATE_TYPES = frozenset(
    {"message", "edited_message", "callback_query", "my_chat_member", "inline_query", "channel_post"}
)


class World:
    """Everything the fake Bot API knows. All access goes through `lock` (the server may run in a thread)."""

    def __init__(
        self,
        token: str = "123456:TEST-TOKEN",
        bot_username: str = "uno_test_bot",
        clock: Callable[[], float] = time.time,
        flood_limits: FloodLimits | None = None,
        callback_answer_timeout: float = 10.0,  # undocumented by Telegram; reports say 10-15 s
        group_privacy: bool = False,
        sleep: Callable[[float], Awaitable[None]] | None = None,
    ) -> None:
        self.token = token
        self.clock = clock
        # Waits seconds of `clock` (a message slow mode holds back): a FakeClock's own, else real time.
        self.sleep = sleep or (clock.sleep if isinstance(clock, FakeClock) else asyncio.sleep)
        self.lock = threading.RLock()
        self.bot = User(int(token.split(":", 1)[0]), "UNO Test Bot", bot_username, is_bot=True)
        # Telegram's own time does not jump with the bot's machine clock (FakeClock.jump): its flood windows
        # count the time that passed.
        self.flood = FloodControl(
            flood_limits or FloodLimits(), clock.monotonic if isinstance(clock, FakeClock) else clock
        )
        self.callback_answer_timeout = callback_answer_timeout
        self.group_privacy = group_privacy
        self.users: dict[int, User] = {}
        self.chats: dict[int, Chat] = {}
        self.messages: dict[tuple[int, int], Message] = {}
        self.callback_queries: dict[str, CallbackQuery] = {}
        self.commands: dict[tuple[str, str], list[dict[str, str]]] = {}
        # The bot's description (shown in an empty private chat with it) and short description (its profile),
        # by language code ("": everyone else's).
        self.profile_texts: dict[tuple[str, str], str] = {}
        self.calls: list[ApiCall] = []
        self.injected_errors: dict[str, list[tuple[int | None, ApiError]]] = {}  # (chat id or any, error)
        self.faults: Faults | None = None  # chaos: a share of calls fails (faults.py)
        # The way to Telegram: awaited before a call is carried out (given the method and chat id), so a
        # test can make a write arrive later than it was sent, on its own clock.
        self.transit: Callable[[str, str | None], Awaitable[None]] | None = None
        # The way back: awaited once a call was carried out, before its answer leaves, so a test can make the
        # bot hear of a write late, the world moving on meanwhile.
        self.transit_back: Callable[[str, str | None], Awaitable[None]] | None = None
        self.time_tags = True  # False: refuse <tg-time> as a Bot API server older than 9.5 does
        # Groups whose anti-spam bot deletes each message of this bot right after it arrives.
        self.swept_chats: set[int] = set()
        self._updates: list[dict[str, Any]] = []
        self._allowed_updates: frozenset[str] = DEFAULT_UPDATE_TYPES
        self._waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = []
        self.poll_generation = 0
        self._poller_waiting = threading.Event()
        self.polling_closed = False
        self._update_ids = itertools.count(1)
        self._user_ids = itertools.count(8_000_000_001)
        self._group_ids = itertools.count(4_000_000_001)
        self._query_ids = itertools.count(7_000_001)
        self._message_ids: dict[int, itertools.count[int]] = {}
        self._newest_ids: dict[int, int] = {}

    # ---- ids and lookups -------------------------------------------------------------------------

    def new_user_id(self) -> int:
        return next(self._user_ids)

    def new_group_id(self, supergroup: bool) -> int:
        number = next(self._group_ids)
        return -(1_000_000_000_000 + number) if supergroup else -number

    def new_query_id(self) -> str:
        return str(next(self._query_ids))

    def next_message_id(self, chat_id: int) -> int:
        message_id = next(self._message_ids.setdefault(chat_id, itertools.count(1)))
        self._newest_ids[chat_id] = message_id
        return message_id

    def now(self) -> int:
        return int(self.clock())

    def private_chat(self, user: User) -> Chat:
        """The user's private chat with the bot (chat id = user id)."""
        with self.lock:
            chat = self.chats.get(user.id)
            if chat is None:
                chat = Chat(user.id, "private", private_user=user)
                self.chats[user.id] = chat
            return chat

    def find_chat(self, chat_id: int) -> Chat | None:
        """A chat by id; a known user's private chat exists as soon as it is looked up."""
        chat = self.chats.get(chat_id)
        if chat is None and chat_id in self.users:
            chat = self.private_chat(self.users[chat_id])
        return chat

    def bot_status_in(self, chat: Chat) -> str:
        member = chat.members.get(self.bot.id)
        return member.status if member is not None else "left"

    def set_profile_text(self, field: str, language_code: str, text: str) -> None:
        if text:
            self.profile_texts[(field, language_code)] = text
        else:
            self.profile_texts.pop((field, language_code), None)

    def profile_text(self, field: str, language_code: str) -> str:
        """What getMyDescription / getMyShortDescription answer: the text of that language code alone."""
        return self.profile_texts.get((field, language_code), "")

    def description_for(self, user: User) -> str:
        """What `user` reads in their empty private chat with the bot, above its Start button: the
        description in their app's language, else the one for everyone else."""
        language = (user.language_code or "").split("-")[0]  # "pt-br": its language's, "pt"
        own = self.profile_texts.get(("description", language))
        return own if own is not None else self.profile_text("description", "")

    def menu_for(self, user: User, scope: str) -> dict[str, str]:
        """The command menu `user` sees under "/" in chats of `scope` ("all_group_chats", ...), command by
        command: in their private chat (`all_private_chats`) the menu set for that chat alone, if any; else
        the menu of their app's language, else the one for everyone else (no language code)."""
        language = (user.language_code or "").split("-")[0]
        keys = [json.dumps({"type": scope})]
        if scope == "all_private_chats":
            keys.insert(0, json.dumps({"chat_id": user.id, "type": "chat"}))
        for key in keys:
            for code in (language, "") if language else ("",):
                listed = self.commands.get((key, code))
                if listed is not None:
                    return {entry["command"]: entry["description"] for entry in listed}
        return {}

    def store(self, message: Message) -> Message:
        self.messages[(message.chat.id, message.message_id)] = message
        return message

    def comments_of(self, replied: Message) -> int | None:
        """The comment thread of a channel's post that an answer to `replied` goes in (None: none): Telegram
        puts a reply to the post's automatic forward, or to a comment under it, in the post's comments."""
        if replied.chat.is_forum:
            return None
        if replied.extra.get("is_automatic_forward"):
            return replied.message_id
        return replied.thread_id

    def has_thread(self, chat: Chat, thread_id: int) -> bool:
        """Whether a message may be posted to this thread: a forum's topic, or in a channel's discussion group
        the comments under a post (its automatic forward heads them). A topic of a forum whose topics were
        turned off is none."""
        if chat.is_forum:
            return thread_id in chat.topics
        root = self.messages.get((chat.id, thread_id))
        return root is not None and bool(root.extra.get("is_automatic_forward"))

    # ---- inspection --------------------------------------------------------------------------------

    def messages_in(
        self, chat: Chat, thread_id: int | None = None, from_bot: bool | None = None
    ) -> list[Message]:
        """Current (not deleted) messages of a chat, oldest first, optionally of one forum topic."""
        with self.lock:
            found = [
                message
                for (chat_id, _), message in sorted(self.messages.items())
                if chat_id == chat.id and (thread_id is None or message.thread_id == thread_id)
            ]
        if from_bot is None:
            return found
        return [m for m in found if (m.from_user is not None and m.from_user.id == self.bot.id) == from_bot]

    def bot_messages_in(self, chat: Chat, thread_id: int | None = None) -> list[Message]:
        return self.messages_in(chat, thread_id, from_bot=True)

    def last_bot_message(self, chat: Chat) -> Message:
        messages = self.bot_messages_in(chat)
        if not messages:
            raise LookupError(f"the bot has no message in chat {chat.id}")
        return messages[-1]

    def newest_bot_message(
        self, chat_id: int, with_buttons: bool = False, matching: Callable[[Message], bool] | None = None
    ) -> Message | None:
        """The bot's newest current message in a chat (optionally: with a keyboard, and for which `matching`
        holds), found without sorting the whole world: simulated users poll it often (reliability and load
        runs)."""
        with self.lock:
            for message_id in range(self._newest_ids.get(chat_id, 0), 0, -1):
                message = self.messages.get((chat_id, message_id))
                if message is None or message.from_user is None or message.from_user.id != self.bot.id:
                    continue
                if (message.reply_markup or not with_buttons) and (matching is None or matching(message)):
                    return message
        return None

    def calls_to(self, method: str) -> list[ApiCall]:
        with self.lock:
            return [call for call in self.calls if call.method == method]

    @property
    def too_many_requests_count(self) -> int:
        """How many calls were refused with 429 so far."""
        with self.lock:
            return sum(1 for call in self.calls if call.status == 429)

    def log_call(
        self,
        method: str,
        params: dict[str, Any],
        status: int,
        response: dict[str, Any],
        received: float | None = None,
        content_type: str = "",
    ) -> None:
        with self.lock:
            now = self.clock()
            when = now if received is None else received
            self.calls.append(ApiCall(method, params, now, status, response, when, content_type))

    def fail_next(self, method: str, error: ApiError, times: int = 1, chat_id: int | None = None) -> None:
        """Make the next `times` calls of `method` (to `chat_id`, or to any chat) fail with `error` (e.g. a
        500 or an extra 429)."""
        with self.lock:
            self.injected_errors.setdefault(method.lower(), []).extend([(chat_id, error)] * times)

    def take_injected_error(self, method: str, chat_id: str | None) -> ApiError | None:
        with self.lock:
            queued = self.injected_errors.get(method.lower(), [])
            for index, (target, error) in enumerate(queued):
                if target is None or str(target) == chat_id:
                    del queued[index]
                    return error
            return None

    # ---- updates -------------------------------------------------------------------------------------

    def push_update(self, kind: str, payload: dict[str, Any]) -> dict[str, Any]:
        with self.lock:
            update = {"update_id": next(self._update_ids), kind: payload}
            self._updates.append(update)
            waiters = list(self._waiters)
        for loop, event in waiters:
            _wake(loop, event)
        return update

    @property
    def pending_updates(self) -> list[dict[str, Any]]:
        with self.lock:
            return list(self._updates)

    def hold_back_updates(self) -> list[tuple[str, dict[str, Any]]]:
        """Take the pending updates away from the bot until `hand_over_late` (the bot's way to Telegram is
        down or slow, or it handles them after later ones): each keeps its `date`, as Telegram's do."""
        with self.lock:
            held = [
                next((kind, payload) for kind, payload in u.items() if kind != "update_id")
                for u in self._updates
            ]
            self._updates.clear()
            return held

    def hand_over_late(self, held: list[tuple[str, dict[str, Any]]]) -> None:
        for kind, payload in held:
            self.push_update(kind, payload)

    def drop_pending_updates(self) -> None:
        with self.lock:
            self._updates.clear()

    def take_updates(self, offset: int | None, limit: int, allowed: list[str] | None) -> list[dict[str, Any]]:
        """Confirm updates below `offset` (negative: keep only the last -offset ones); return the rest."""
        with self.lock:
            if allowed is not None:
                self._allowed_updates = frozenset(allowed) if allowed else DEFAULT_UPDATE_TYPES
            if offset is not None and offset < 0:
                self._updates = self._updates[offset:]
            elif offset is not None:
                self._updates = [u for u in self._updates if u["update_id"] >= offset]
            self._updates = [u for u in self._updates if self._allowed_updates.intersection(u)]
            return self._updates[:limit]

    def add_waiter(self, event: asyncio.Event) -> None:
        with self.lock:
            self._waiters.append((asyncio.get_running_loop(), event))
            self._poller_waiting.set()

    def remove_waiter(self, event: asyncio.Event) -> None:
        with self.lock:
            self._waiters = [(loop, e) for loop, e in self._waiters if e is not event]
            if not self._waiters:
                self._poller_waiting.clear()

    async def wait_for_poller(self, within_seconds: float = 10.0) -> None:
        """Return once a getUpdates call is waiting (from any thread or loop); a test sync point."""
        if not await asyncio.to_thread(self._poller_waiting.wait, within_seconds):
            raise TimeoutError("no getUpdates call is waiting")

    def wake_pollers(self) -> None:
        with self.lock:
            waiters = list(self._waiters)
        for loop, event in waiters:
            _wake(loop, event)


def _wake(loop: asyncio.AbstractEventLoop, event: asyncio.Event) -> None:
    with contextlib.suppress(RuntimeError):  # that poller's loop is closed: nobody waits any more
        loop.call_soon_threadsafe(event.set)
