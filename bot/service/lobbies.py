"""The lobby's use-cases: open it, join it, add and remove computer players, take the chat's changed rules.

GameService inherits them (leaving, kicking and stopping span the lobby and the match: bot.service.leaving,
bot.service.stops; starting stays in bot.service.games); each is one transaction under the game's lock
(bot.service.changes), as every use-case.
"""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy.exc import IntegrityError

from bot.engine.rules import Rules
from bot.service import lobby
from bot.service.changes import Changes, Work
from bot.service.document import GameDocument
from bot.service.errors import Refusal
from bot.service.model import Clock, Outcome, Person, Place
from bot.service.progress import Screens
from bot.service.settings import preset_label, rules_for_chat
from bot.service.topic_use import TopicUse
from bot.storage import GameRecord, GameStatus, NewEvent, UnitOfWork
from bot.storage.unit_of_work import Database


class LobbyUseCases:
    # Set by GameService, whose part this is.
    _db: Database
    _clock: Clock
    _changes: Changes
    topic_use: TopicUse

    async def open_lobby(
        self,
        place: Place,
        creator: Person,
        chat_title: str,
        game_title: str | None = None,
        computers: int = 0,
        topic_title: str | None = None,
        forum: bool = False,
    ) -> Outcome:
        """A lobby by the chat's rules. `game_title`: how hands name the game, when not by the chat's title (a
        forum topic's game names its topic too, so that hands tell two topics' games apart); `computers`:
        computer players seated at once (Play again after a match with computers), as many as there is room
        for; `topic_title`: the forum topic's name, when known; `forum`: the chat is a forum (its General's
        game is named so beside its topics' games)."""
        now = self._clock()
        try:
            async with self._db.unit_of_work() as uow:
                # Read with the lobby's creation: a rule change lands wholly before it, or after it and then
                # finds the lobby (lobbies_take_chat_rules), so the lobby shows the rules Start plays.
                rules = await rules_for_chat(uow, place.chat_id)
                doc, seated = _new_lobby(creator, game_title or chat_title, rules, computers, now)
                doc = replace(doc, topic_title=topic_title, forum_general=forum and not place.topic_id)
                await uow.chats.ensure(place.chat_id, chat_title)
                await upsert_person(uow, creator)
                if not await uow.users.reachable(creator.user_id):  # marked 🔇, as a joiner who blocked it is
                    blocked = await uow.users.ever_started(creator.user_id)
                    doc = doc.unreachable_now(creator.user_id, blocked)
                if await uow.games.find_active(place.chat_id, place.topic_id) is not None:
                    raise Refusal("game_running")
                record = await uow.games.create(
                    chat_id=place.chat_id,
                    topic_id=place.topic_id,
                    state=doc.to_dict(),
                    created_by=creator.user_id,
                    preset=doc.preset,
                    events=[
                        NewEvent("lobby.open", {"rules": rules.to_dict()}, creator.user_id),
                        *(NewEvent("lobby.computer", {"id": c}, creator.user_id) for c in seated),
                    ],
                )
                await uow.games.add_player(record.id, creator.user_id)
                for computer in seated:
                    await seat_computer(uow, record.id, computer)
        except IntegrityError:  # another /new won the race for this place
            raise Refusal("game_running") from None
        finally:
            # committed, or not: either way no chat is marked with nothing in topics (nor a forum's General
            # game: `forum_general` until they are turned off)
            if place.topic_id or forum:
                self.topic_use.used(place.chat_id)
        return Outcome(record, doc, screens=Screens(lobby=True), opened=True)

    async def join(self, game_id: int, person: Person) -> Outcome:
        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work:
            lobby.check_joinable(record, doc, person.user_id)
            await upsert_person(uow, person)
            new, computer = lobby.person_joined(doc, person.user_id, person.name, self._clock())
            log = [NewEvent("lobby.join", {}, person.user_id)]
            if computer is not None:
                await uow.games.mark_left(record.id, computer)
                log.insert(0, NewEvent("lobby.leave", {"by": person.user_id}, computer))
            await uow.games.add_player(record.id, person.user_id)
            return Work(record, new, log, screens=Screens(lobby=True))

        return await self._changes.change(game_id, step)

    async def add_computer(self, game_id: int, by: int) -> Outcome:
        """A computer player takes the next free seat (anyone seated may add one)."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work:
            lobby.check_in_lobby(record)
            if by not in doc.players:
                raise Refusal("not_a_player")
            computer = lobby.next_computer(doc)
            await seat_computer(uow, record.id, computer)
            new = lobby.with_computer(doc, computer, lobby.computer_name(computer), self._clock())
            return Work(
                record, new, [NewEvent("lobby.computer", {"id": computer}, by)], screens=Screens(lobby=True)
            )

        return await self._changes.change(game_id, step)

    async def remove_computer(self, game_id: int, by: int, computer: int) -> Outcome:
        """The computer player `computer` leaves the lobby (anyone seated may remove one, as add one)."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work:
            lobby.check_in_lobby(record)
            if by not in doc.players:
                raise Refusal("not_a_player")
            if computer not in doc.computers:
                raise Refusal("no_computer")  # removed already (a second press of the same button)
            await uow.games.mark_left(record.id, computer)
            new = lobby.without(doc, computer, self._clock())
            log = [NewEvent("lobby.leave", {"by": by}, computer)]
            return Work(record, new, log, screens=Screens(lobby=True))

        return await self._changes.change(game_id, step)

    async def discard_unseen_lobby(self, game_id: int) -> GameDocument | None:
        """The lobby whose first message its group refused (a forum topic closed to the bot), seen by nobody
        but its creator, is gone as if never opened: no stopped game is left for a later redraw to post, nor
        for the topic's history. Its document, if it was; None for a lobby shown or joined since."""

        def unseen(record: GameRecord, doc: GameDocument) -> bool:
            humans = set(doc.players) - doc.computers
            shown = record.table_message_id is not None
            return record.status is GameStatus.LOBBY and not shown and humans <= {doc.creator}

        discarded = await self._changes.discard(game_id, unseen)
        return None if discarded is None else discarded[1]

    async def lobbies_take_chat_rules(self, chat_id: int) -> list[Outcome]:
        """The chat's rules were changed: its open lobbies (in every topic) take them, so each shows the rules
        its match will start with. Running matches keep theirs."""
        async with self._db.unit_of_work() as uow:
            lobbies = [r.id for r in await uow.games.list_active_in(chat_id) if r.status is GameStatus.LOBBY]

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            if record.status is not GameStatus.LOBBY:  # started meanwhile: a match keeps its rules
                return None
            rules = await rules_for_chat(uow, record.chat_id)
            if rules == doc.rules:
                return None
            preset = preset_label(rules)
            new = replace(doc, rules=rules, preset=preset)
            entry = NewEvent("lobby.rules", {"rules": rules.to_dict()})
            return Work(replace(record, preset=preset), new, [entry], screens=Screens(lobby=True))

        outcomes = [await self._changes.optional(game_id, step) for game_id in lobbies]
        return [outcome for outcome in outcomes if outcome is not None]


def _new_lobby(
    creator: Person, title: str, rules: Rules, computers: int, now: int
) -> tuple[GameDocument, list[int]]:
    """A new lobby's document, `creator` and up to `computers` computer players in it, and those seated."""
    doc = lobby.new_lobby(creator.user_id, creator.name, title, rules, preset_label(rules), now)
    seated: list[int] = []
    for _ in range(min(computers, lobby.MAX_PLAYERS - 1)):
        computer = lobby.next_computer(doc)
        doc = lobby.with_computer(doc, computer, lobby.computer_name(computer), now)
        seated.append(computer)
    return doc, seated


async def upsert_person(uow: UnitOfWork, person: Person) -> None:
    """Create or refresh the user row of someone who acts in a group."""
    await uow.users.upsert(
        person.user_id, name=person.name, username=person.username, language_code=person.language_code
    )


async def seat_computer(uow: UnitOfWork, game_id: int, computer: int) -> None:
    """A computer player's user row (a bot, by its number's name) and its seat in the game."""
    await uow.users.upsert(computer, name=lobby.computer_name(computer), is_bot=True)
    await uow.games.add_player(game_id, computer)
