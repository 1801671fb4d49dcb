"""Chats and users: who and where the bot plays. Plain ORM rows; they need no optimistic locking."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, exists, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from bot.storage.models import (
    GAME_IS_ACTIVE,
    Chat,
    Game,
    GameStatus,
    LobbySubscription,
    MatchResult,
    RoundResult,
    User,
)
from bot.storage.types import utc_now


def _filled_in(settings: dict[str, Any], fallback: dict[str, Any]) -> dict[str, Any]:
    """`settings` with what it lacks taken from `fallback`, a section (the rules) setting by setting: the
    supergroup's one changed rule must not drop the group's others."""
    merged = {**fallback, **settings}
    for key, section in settings.items():
        if isinstance(section, dict) and isinstance(fallback.get(key), dict):
            merged[key] = {**fallback[key], **section}
    return merged


class ChatRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def get(self, chat_id: int) -> Chat | None:
        return await self._session.get(Chat, chat_id)

    async def ensure(self, chat_id: int, title: str | None = None) -> Chat:
        """The chat's row, created on first sight; the title is kept current."""
        chat = await self._session.get(Chat, chat_id)
        if chat is None:
            chat = Chat(id=chat_id, title=title, settings={})
            self._session.add(chat)
        elif title is not None and chat.title != title:
            chat.title = title
        await self._session.flush()
        return chat

    async def migrate(self, old_id: int, new_id: int) -> bool:
        """Follow a group upgraded to a supergroup: the row takes the new id, and the database cascades it
        to games, results and /notifyme subscriptions. When the new id has a row of its own already (the bot
        saw the supergroup before the upgrade: a command there came first), the group's games, results and
        subscriptions move into it and the group's settings fill in what the supergroup's lack. False when
        there is nothing to move: followed already (Telegram tells of an upgrade twice, by a service message
        and by refusing writes to the old id). The caller ends the group's active games whose place the
        supergroup's take."""
        chat = await self._session.get(Chat, old_id)
        if chat is None:
            return False
        into = await self._session.get(Chat, new_id)
        if into is None:
            chat.id = new_id
            await self._session.flush()
            return True
        into.settings = _filled_in(into.settings, chat.settings)
        into.title = into.title or chat.title
        # The group's language, chosen or taken over its life, over one the supergroup took in the seconds
        # before the upgrade was followed (from the sender of its first command).
        into.language = chat.language or into.language
        # The caller stopped the group's games whose place the supergroup's take; one opened there since
        # (a /new in between) would break the one-active-game-per-place index: the group's game ends here.
        taken = select(Game.topic_id).where(Game.chat_id == new_id, GAME_IS_ACTIVE)
        clashing = (Game.chat_id == old_id, GAME_IS_ACTIVE, Game.topic_id.in_(taken))
        stopped = {"status": GameStatus.STOPPED.value, "finished_at": utc_now()}
        await self._session.execute(update(Game).where(*clashing).values(**stopped))
        # A /notifyme sent in both the group and the supergroup is one subscription there.
        there = aliased(LobbySubscription)
        twice = exists().where(
            there.chat_id == new_id,
            there.topic_id == LobbySubscription.topic_id,
            there.user_id == LobbySubscription.user_id,
        )
        await self._session.execute(
            delete(LobbySubscription).where(LobbySubscription.chat_id == old_id, twice)
        )
        for table in (Game, RoundResult, MatchResult, LobbySubscription):
            await self._session.execute(update(table).where(table.chat_id == old_id).values(chat_id=new_id))
        await self._session.delete(chat)
        await self._session.flush()
        return True


class UserRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def get(self, user_id: int) -> User | None:
        return await self._session.get(User, user_id)

    async def upsert(
        self,
        user_id: int,
        *,
        name: str,
        username: str | None = None,
        language_code: str | None = None,
        is_bot: bool = False,
    ) -> User:
        """Create or refresh a user from what Telegram reports about them."""
        user = await self._session.get(User, user_id)
        if user is None:
            user = User(id=user_id, is_bot=is_bot)
            self._session.add(user)
        user.name = name
        user.username = username
        user.language_code = language_code
        await self._session.flush()
        return user

    async def keep_choices_of(
        self, user_id: int, *, name: str, username: str | None, language_code: str | None
    ) -> User:
        """The row that keeps what a user set up in the private chat (that the bot may write there, their
        language, colour letters). A new one keeps no name: only players' names are kept (`upsert`), for the
        boards; a name kept already is refreshed."""
        user = await self._session.get(User, user_id)
        if user is None:
            user = User(id=user_id, name="", is_bot=False)
            self._session.add(user)
        elif user.name:
            user.name, user.username = name, username
        user.language_code = language_code
        await self._session.flush()
        return user

    async def follow_name(self, user_id: int, *, name: str, username: str | None) -> None:
        """Take the name and username Telegram reports now where a name of the user is kept: never for one
        whose name is not (a stranger's update keeps nothing new, nor brings back what /forgetme dropped).
        Read first and written only when changed: it runs on a person's first update of a day."""
        user = await self._session.get(User, user_id)
        if user is None or not user.name or (user.name, user.username) == (name, username):
            return
        user.name, user.username = name, username
        await self._session.flush()

    async def player_named(self, username: str) -> User | None:
        """The player the bot keeps under @`username` (in any case, as Telegram takes it): only one whose name
        is kept, so nobody /forgetme forgot nor who never played. Two rows keep it when one changed it since
        the bot last saw them and another took it: the one seen last."""
        return await self._session.scalar(
            select(User)
            .where(func.lower(User.username) == username.lower(), User.name != "", User.is_bot.is_(False))
            .order_by(User.updated_at.desc())
            .limit(1)
        )

    async def chosen_languages(self, after: int, limit: int) -> list[tuple[int, str]]:
        """Up to `limit` people who chose their language with /lang, ids above `after` in their order, each
        with it: those the bot may write to (one who blocked it, or deleted their account, reads no menu)."""
        rows = await self._session.execute(
            select(User.id, User.language)
            .where(User.id > after, User.language.is_not(None), User.blocked.is_(False))
            .order_by(User.id)
            .limit(limit)
        )
        return [(user_id, language) for user_id, language in rows if language is not None]

    async def keep_own_menu(self, user_id: int, fingerprint: str) -> None:
        """The user's private chat's own menu was set as `fingerprint` says (`User.own_menu`). Not a sight
        of them: `updated_at` (who was seen last under a username) stays."""
        kept = update(User).where(User.id == user_id)
        await self._session.execute(kept.values(own_menu=fingerprint, updated_at=User.updated_at))

    async def reachable(self, user_id: int) -> bool:
        """The user opened the private chat with the bot and has not blocked it since."""
        user = await self._session.get(User, user_id)
        return user is not None and user.private_chat_started_at is not None and not user.blocked

    async def ever_started(self, user_id: int) -> bool:
        """The user has opened the private chat with the bot before (blocked it since or not)."""
        user = await self._session.get(User, user_id)
        return user is not None and user.private_chat_started_at is not None

    async def mark_private_chat_started(self, user_id: int) -> None:
        """The user opened a private chat with the bot: hands can be sent to them (again)."""
        await self._set(user_id, private_chat_started_at=utc_now(), blocked=False)

    async def mark_blocked(self, user_id: int) -> None:
        """Telegram answered 403 for this user: stop messaging them until they start the bot again."""
        await self._set(user_id, blocked=True)

    async def mark_deleted(self, user_id: int) -> None:
        """Telegram answered that this user's account is deleted: never message them again, and drop the name
        kept (the boards then say "Deleted account"; no update of theirs can bring it back)."""
        await self._set(user_id, blocked=True, name="", username=None)

    async def _set(self, user_id: int, **values: object) -> None:
        user = await self._session.get(User, user_id)
        if user is None:
            raise LookupError(f"unknown user {user_id}")
        for name, value in values.items():
            setattr(user, name, value)
        await self._session.flush()
