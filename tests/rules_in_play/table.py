"""Games in a group with chosen rules, arranged card by card, then played by pressing buttons.

`arrange` rewrites the running game's state the way a lucky deal would (cards only move between the piles
and hands, so the deck stays whole) and publishes it through the bot, so every test starts from the exact
situation its rule needs and the presses that follow go through the real handlers, service and engine.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace

from bot.engine.cards import Colour
from bot.engine.rules import Rules
from bot.engine.serialization import state_from_dict, state_to_dict
from bot.engine.state import GameState, Stage
from bot.service import Outcome, Place
from bot.service.progress import advance
from bot.storage import Database
from bot.tg.callback_data import Action, CallbackData
from tests.e2e.harness import Bot, World, buttons, choices, hand_message, press, press_action
from tests.e2e.matches import open_lobby
from tests.fake_bot_api import CallbackQuery, Chat, FakeTelegram, Message, User
from tests.narrow_phone import spaced


@dataclass
class Table:
    bot: Bot
    fake: FakeTelegram
    group: Chat
    people: list[User]

    async def deliver(self) -> None:
        """Hand every pending update to the bot on virtual time: a handler may wait for a paced write."""
        await self.bot.clock.run(self.bot.deliver())

    async def state(self) -> GameState:
        _, doc = await self.bot.game(self.group)
        return doc.state

    def hand(self, user: User) -> Message:
        return hand_message(self.fake, user)

    def text(self) -> str:
        """The group's table message as people read it now (`spaced`: where a narrow phone may wrap it is
        tests/tg/render's)."""
        record_id = next(m for m in reversed(self.fake.bot_messages_in(self.group)) if m.buttons)
        return spaced(record_id.text or "")

    def table_message(self) -> Message:
        return next(m for m in reversed(self.fake.bot_messages_in(self.group)) if m.buttons)

    async def card_button(self, user: User, code: str) -> CallbackData | None:
        """The PLAY button of `user`'s keyboard for their (first) card `code`, if it is playable now."""
        state = await self.state()
        ids = {cid for cid in state.hands[user.id] if state.card(cid).code == code}
        found = (d for _, d in buttons(self.hand(user)) if d.action is Action.PLAY and d.args[0] in ids)
        return next((d for d in found if len(d.args) == 1), None)

    async def play(self, user: User, code: str) -> CallbackQuery:
        data = await self.card_button(user, code)
        assert data is not None, (
            f"{code} is not playable for {user.first_name}: {self.hand(user).button_texts}"
        )
        query = press(self.fake, user, self.hand(user), data)
        await self.deliver()
        return query

    async def press(self, user: User, action: Action, message: Message | None = None) -> CallbackQuery:
        query = press_action(self.fake, user, message or self.hand(user), action)
        await self.deliver()
        return query

    async def press_data(
        self, user: User, data: CallbackData, message: Message | None = None
    ) -> CallbackQuery:
        query = press(self.fake, user, message or self.hand(user), data)
        await self.deliver()
        return query

    def actions(self, user: User) -> set[Action]:
        return {data.action for _, data in buttons(self.hand(user))}

    async def codes(self, user: User) -> list[str]:
        state = await self.state()
        return sorted(state.card(cid).code for cid in state.hands[user.id])

    async def arrange(
        self,
        hands: dict[str | int, Sequence[str]],
        top: str,
        turn: User,
        colour: Colour | None = None,
        draw_next: Sequence[str] = (),
    ) -> None:
        """Give these players (people by first name, computers by id) exactly these cards, put `top` on
        the discard pile and `draw_next` on the draw pile (first drawn first), and make it `turn`'s move."""
        by_name = {user.first_name: user.id for user in self.people}
        given = {by_name.get(str(key), key): list(codes) for key, codes in hands.items()}
        now = int(self.bot.clock() * 1000)
        await self.rewrite(lambda old: _arranged(old, given, top, turn.id, colour, list(draw_next), now))

    async def head_start(self, points: int | Mapping[int, int]) -> None:
        """Every player already has `points`, or the players it maps theirs (a match that is near its end)."""

        def scored(old: GameState) -> GameState:
            state = state_from_dict(state_to_dict(old))
            state.scores.update(dict.fromkeys(state.scores, points) if isinstance(points, int) else points)
            state.seq += 1
            return state

        await self.rewrite(scored)

    async def rewrite(self, change: Callable[[GameState], GameState]) -> None:
        """Replace the game's state by `change(state)`, saved and published as any change is."""
        record, doc = await self.bot.game(self.group)
        old = doc.state
        new = change(old)
        progress = advance(doc, old, new, [], None, self.bot.clock())
        database = Database.connect(self.bot.rt.settings.database_url)
        try:
            async with database.unit_of_work() as uow:
                saved = await uow.games.save(replace(record, state=progress.doc.to_dict()))
        finally:
            await database.dispose()
        await self.bot.rt.after(Outcome(saved, progress.doc, (), progress.screens))
        await self.bot.settle()


def _arranged(
    old: GameState,
    hands: dict[int, list[str]],
    top: str,
    turn: int,
    colour: Colour | None,
    draw_next: list[str],
    now: int,
) -> GameState:
    state = state_from_dict(state_to_dict(old))
    wanted = [*(code for codes in hands.values() for code in codes), top, *draw_next]
    claimed: list[int] = []
    for code in wanted:
        claimed.append(next(c.id for c in state.deck if c.code == code and c.id not in claimed))
    taken = set(claimed)
    state.draw_pile = [c for c in state.draw_pile if c not in taken]
    below = [c for c in state.discard if c not in taken]
    for player, cards in state.hands.items():
        kept = [c for c in cards if c not in taken]
        if player in hands:
            state.draw_pile[:0] = kept  # their old cards go to the bottom of the draw pile
            kept = []
        else:
            kept += [state.draw_pile.pop(0) for _ in range(len(cards) - len(kept))]
        state.hands[player] = kept
    position = 0
    for player, codes in hands.items():
        state.hands[player] = claimed[position : position + len(codes)]
        position += len(codes)
    state.discard = [*below, claimed[position]]
    state.draw_pile += list(reversed(claimed[position + 1 :]))  # the draw pile's top is its end
    top_card = state.card(claimed[position])
    state.colour = colour if colour is not None else top_card.colour
    state.turn, state.direction = turn, 1
    state.turn_deadline = now + state.rules.turn_seconds * 1000 if state.rules.turn_seconds else None
    state.stage = Stage.PLAY
    state.decision = state.decider = state.drawn_card = state.challenge = None
    state.penalty, state.penalty_kind, state.cover, state.chain, state.skip_chain = 0, None, False, 0, 0
    state.uno_called, state.catchable, state.catch_deadline = [], [], None
    state.slap_pending, state.slapped, state.slap_deadline, state.silence_holder = [], [], None, None
    state.seq += 1
    return state


async def store_chat(world: World, group: Chat, rules: Rules, language: str = "en") -> None:
    """The chat's settings as its admins would have chosen them in /settings."""
    defaults = Rules().to_dict()
    overrides = {name: value for name, value in rules.to_dict().items() if defaults[name] != value}
    database = Database.connect(world.database_url)
    try:
        async with database.unit_of_work() as uow:
            chat = await uow.chats.ensure(group.id, group.title)
            chat.settings = {"rules": overrides}
            chat.language = language
    finally:
        await database.dispose()


@asynccontextmanager
async def playing(
    world: World,
    fake: FakeTelegram,
    rules: Rules,
    names: Sequence[str] = ("Alice", "Bob", "Carol"),
    computers: int = 0,
    language: str = "en",
    supergroup: bool = False,
) -> AsyncIterator[Table]:
    """A started match of these people (in seat order) and computers, in a chat with these rules (a
    supergroup's: its message ids count its messages)."""
    people = [fake.add_user(name, language_code=language) for name in names]
    group = fake.add_group("Friends", members=people, supergroup=supergroup)
    await store_chat(world, group, rules, language)
    async with world.running() as bot:
        for user in people:
            fake.user_starts_bot(user)
        await bot.deliver()
        await open_lobby(bot, fake, group, people[0], people[1:])
        for _ in range(computers):
            press_action(fake, people[0], fake.last_bot_message(group), Action.ADD_COMPUTER)
            await bot.deliver()
        press_action(fake, people[0], fake.last_bot_message(group), Action.START)
        await bot.deliver()
        yield Table(bot, fake, group, people)


async def play_to_the_end(table: Table) -> int:
    """The people press the first button the bot accepts until the match ends; between their turns virtual
    time jumps straight to the next timer (computer players, windows, the next deal). Returns the presses."""
    people = {user.id: user for user in table.people}
    presses = 0
    for _ in range(5000):
        found = await table.bot.rt.service.find(Place(table.group.id))
        if found is None:
            return presses
        state = found[1].state
        if state.round_over or state.actor not in people:
            due = table.bot.timers.next_due()
            assert due is not None, "nobody acts and no timer is armed"
            await table.bot.tick(max(0.0, due - table.bot.clock()))
            continue
        user = people[state.actor]
        message = table.hand(user)
        for data in choices(message):
            query = press(table.fake, user, message, data)
            await table.deliver()
            presses += 1
            if not query.show_alert:
                break
        else:
            raise AssertionError(f"no button of {user.first_name} was accepted: {message.button_texts}")
    raise AssertionError("the match did not end")
