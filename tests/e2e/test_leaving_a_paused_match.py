"""/leave and /kick while a match is paused in a closed forum topic. Only the group's admins may post in a
closed topic, and the bot may not (else the match would not pause): such a command is written down as a
departure, as leaving the group is, and takes effect when the topic is reopened (or the match is stopped);
its answer goes to the sender's private chat, and the hand of the one leaving says so. Before: both were
refused as "paused", in a topic the refusal could not even be posted to, so the admin read nothing at all."""

from __future__ import annotations

import pytest

from bot.service import Place
from tests.e2e.harness import Bot, World, buttons, press
from tests.e2e.matches import stop_answer
from tests.e2e.test_closed_topics import GOES_ON, _forum, _hand_in, _three_play
from tests.fake_bot_api import Chat, FakeTelegram, Message, User
from tests.reliability.invariants import check_game, read_games_at
from tests.stored_results import stored_matches

LEAVE_NOTED = {
    "en": "You'll leave the game in Club · Room 1 when its topic is reopened: while it's closed, the game"
    " is paused and nothing in it changes.",
    "ru": "Вы выйдете из игры в чате Club · Room 1, когда её тему откроют снова: пока тема закрыта, игра"
    " на паузе и в ней ничего не меняется.",
}
LEAVE_NOTED_ALREADY = {
    "en": "Your leaving is noted already: you'll leave the game in Club · Room 1 when its topic is reopened.",
    "ru": "Ваш выход уже записан: вы выйдете из игры в чате Club · Room 1, когда её тему откроют снова.",
}
HAND_LEAVING = {
    "en": "You'll leave this game when its topic is reopened.",
    "ru": "Вы выйдете из этой игры, когда её тему откроют снова.",
}
LEAVE_WHICH = {
    "en": "The game in Club · Room 1 is paused, its topic closed: leave it with the button below.\n"
    "To leave another game, send /leave in its chat: Club · Room 2.",
    "ru": "Игра в чате Club · Room 1 на паузе, её тема закрыта: выйти из неё можно кнопкой ниже.\n"
    "Чтобы выйти из другой игры, отправьте /leave в её чате: Club · Room 2.",
}
LEAVE_BUTTON = {"en": "🚪 Leave Club · Room 1", "ru": "🚪 Выйти: Club · Room 1"}
NOT_PAUSED = "This game is no longer paused: to leave it, send /leave in its topic."
KICK_NOTED = (
    "Bob will leave the game in Club · Room 1 when its topic is reopened: while it's closed, the game is"
    " paused and nothing in it changes."
)
KICK_NOTED_PLAYING = " Bob is still playing, so if you win now, the match counts for nobody."


def _private_texts(fake: FakeTelegram, user: User) -> list[str]:
    return [m.text or "" for m in fake.bot_messages_in(fake.private_chat(user))]


def _now(fake: FakeTelegram, shown: Message) -> str:
    """A message as it reads now (edits included)."""
    return fake.messages[(shown.chat.id, shown.message_id)].text or ""


async def _closed(bot: Bot, fake: FakeTelegram, forum: Chat, topic: int, admin: User) -> None:
    fake.close_topic(forum, topic, by=admin)
    await bot.deliver()


@pytest.mark.parametrize(("language", "bobs"), [("en", "en"), ("ru", "ru"), ("en", "ru")])
async def test_a_leave_sent_while_the_topic_is_closed_takes_effect_at_the_reopening(
    world: World, fake: FakeTelegram, language: str, bobs: str
) -> None:
    """What Bob is told of his /leave is in his language (`bobs`), which the group's need not be (mutation
    audit, session 53); the table in the group's."""
    forum, (room1, _), people, admin = _forum(fake, language)
    alice, bob = people
    bob.language_code = bobs
    fake.make_admin(bob, forum)  # only admins post in a closed topic
    async with world.running() as bot:
        carol = await _three_play(bot, fake, forum, room1, people)
        await _closed(bot, fake, forum, room1, admin)
        hand = _hand_in(fake, bob, "Room 1")
        fake.user_sends(bob, forum, "/leave", thread_id=room1)
        await bot.deliver()
        assert _private_texts(fake, bob)[-1] == LEAVE_NOTED[bobs]
        assert _now(fake, hand).endswith(HAND_LEAVING[bobs])
        paused = await bot.rt.service.find(Place(forum.id, room1))
        assert paused is not None and paused[1].paused and bob.id in paused[1].state.players
        fake.user_sends(bob, forum, "/leave", thread_id=room1)
        await bot.deliver()
        assert _private_texts(fake, bob)[-1] == LEAVE_NOTED_ALREADY[bobs]
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None and not found[1].paused
        assert set(found[1].state.players) == {alice.id, carol.id}
        assert bob.id not in found[1].state.hands and bob.id not in found[1].kicked
        assert len(found[1].state.hands[alice.id]) == len(found[1].state.hands[carol.id]) == 7
        assert _now(fake, hand).endswith({"en": "You left this game.", "ru": "Вы вышли из этой игры."}[bobs])
        table = fake.bot_messages_in(forum, room1)[-1].text or ""
        assert GOES_ON[language] in table
        games = await read_games_at(world.database_url)  # the departure, logged as applied
        assert [problem for game in games for problem in check_game(game)] == []


async def test_a_kick_sent_while_the_topic_is_closed_takes_effect_at_the_reopening(
    world: World, fake: FakeTelegram
) -> None:
    """An admin outside the match removes Bob: their answer in their private chat, Bob's hand says who
    removed him, the group reads it on the table posted anew; Bob has no result, as after any kick."""
    forum, (room1, _), people, admin = _forum(fake)
    alice, bob = people
    fake.user_starts_bot(admin)
    async with world.running() as bot:
        carol = await _three_play(bot, fake, forum, room1, people)
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None
        await _closed(bot, fake, forum, room1, admin)
        hand = _hand_in(fake, bob, "Room 1")
        fake.user_sends(admin, forum, "/kick Bob", thread_id=room1)
        await bot.deliver()
        assert _private_texts(fake, admin)[-1] == KICK_NOTED
        assert _now(fake, hand).endswith(
            "Admin, a chat admin, removed you from this game: you'll leave it when its topic is reopened."
        )
        fake.user_sends(admin, forum, "/kick Bob", thread_id=room1)
        await bot.deliver()
        assert _private_texts(fake, admin)[-1] == (
            "Noted already: Bob will leave the game in Club · Room 1 when its topic is reopened."
        )
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        going = await bot.rt.service.find(Place(forum.id, room1))
        assert going is not None and set(going[1].state.players) == {alice.id, carol.id}
        assert going[1].kicked == {bob.id} and not going[1].kicked_someone_playing
        assert _now(fake, hand).endswith("Admin, a chat admin, removed you from this game.")
        table = fake.bot_messages_in(forum, room1)[-1].text or ""
        assert "Admin, a chat admin, removes Bob from the game." in table and GOES_ON["en"] in table
        fake.user_sends(admin, forum, "/stop", thread_id=room1)
        await bot.deliver()
        press(fake, admin, (question := fake.bot_messages_in(forum, room1)[-1]), stop_answer(question, True))
        await bot.deliver()
        async with bot.rt.database.unit_of_work() as uow:
            rows = {row.user_id for row in await stored_matches(uow, found[0].id)}
        assert rows == {alice.id, carol.id}


async def test_a_player_who_kicks_one_still_playing_while_the_topic_is_closed_is_told_what_it_costs(
    world: World, fake: FakeTelegram
) -> None:
    """The kick's own rule: Alice removes Bob, who was not holding the match up, so a win of hers counts
    for nobody; she reads so in her answer, and the match holds her to it after the reopening."""
    forum, (room1, _), people, admin = _forum(fake)
    alice, bob = people
    fake.make_admin(alice, forum)
    async with world.running() as bot:
        await _three_play(bot, fake, forum, room1, people)
        await _closed(bot, fake, forum, room1, admin)
        hand = _hand_in(fake, bob, "Room 1")
        fake.user_sends(alice, forum, "/kick Bob", thread_id=room1)
        await bot.deliver()
        assert _private_texts(fake, alice)[-1] == KICK_NOTED + KICK_NOTED_PLAYING
        assert _now(fake, hand).endswith(
            "Alice removed you from this game: you'll leave it when its topic is reopened."
        )
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        going = await bot.rt.service.find(Place(forum.id, room1))
        assert going is not None and bob.id not in going[1].state.players
        assert going[1].kicked_someone_playing == {alice.id}
        assert _now(fake, hand).endswith("Alice removed you from this game.")


@pytest.mark.parametrize("how", ["leave", "kick"])
async def test_who_leaves_while_the_topic_is_closed_leaves_before_a_stop(
    world: World, fake: FakeTelegram, how: str
) -> None:
    """The stop (asked before the closing, answered during it) finds Bob out first: a leaver's standing
    after /leave, none after a kick; the others' match stopped."""
    forum, (room1, _), people, admin = _forum(fake)
    alice, bob = people
    fake.make_admin(bob, forum)
    async with world.running() as bot:
        carol = await _three_play(bot, fake, forum, room1, people)
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None
        fake.user_sends(admin, forum, "/stop", thread_id=room1)
        await bot.deliver()
        question = fake.bot_messages_in(forum, room1)[-1]
        await _closed(bot, fake, forum, room1, admin)
        hand = _hand_in(fake, bob, "Room 1")
        if how == "leave":
            fake.user_sends(bob, forum, "/leave", thread_id=room1)
        else:
            fake.user_sends(admin, forum, "/kick Bob", thread_id=room1)
        await bot.deliver()
        press(fake, admin, question, stop_answer(question, yes=True))
        await bot.deliver()
        assert await bot.rt.service.find(Place(forum.id, room1)) is None
        async with bot.rt.database.unit_of_work() as uow:
            rows = {row.user_id: row for row in await stored_matches(uow, found[0].id)}
        assert rows[alice.id].stopped_early and rows[carol.id].stopped_early
        if how == "leave":
            assert rows[bob.id].placement == 3 and not rows[bob.id].stopped_early
            assert _now(fake, hand).endswith("You left this game.")
        else:
            assert bob.id not in rows
            assert _now(fake, hand).endswith("Admin, a chat admin, removed you from this game.")
        games = await read_games_at(world.database_url)
        assert [problem for game in games for problem in check_game(game)] == []


async def test_a_player_who_may_not_post_in_the_closed_topic_leaves_with_leave_in_the_private_chat(
    world: World, fake: FakeTelegram
) -> None:
    """Bob is no admin: the closed topic takes no message of his, and the private chat's /leave pointed him
    to the group, where he could not send it ("Send this command in the group where you play"). His only
    game paused, /leave there can mean nothing else: noted, as in the topic."""
    forum, (room1, _), people, admin = _forum(fake)
    alice, bob = people
    async with world.running() as bot:
        carol = await _three_play(bot, fake, forum, room1, people)
        await _closed(bot, fake, forum, room1, admin)
        hand = _hand_in(fake, bob, "Room 1")
        fake.user_sends(bob, fake.private_chat(bob), "/leave")
        await bot.deliver()
        assert _private_texts(fake, bob)[-1] == LEAVE_NOTED["en"]
        assert _now(fake, hand).endswith(HAND_LEAVING["en"])
        fake.user_sends(bob, fake.private_chat(bob), "/leave")
        await bot.deliver()
        assert _private_texts(fake, bob)[-1] == LEAVE_NOTED_ALREADY["en"]
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None and set(found[1].state.players) == {alice.id, carol.id}
        assert _now(fake, hand).endswith("You left this game.")


@pytest.mark.parametrize("command", ["/stop", "/table", "/startgame"])
async def test_another_game_command_in_the_private_chat_leaves_no_paused_game(
    world: World, fake: FakeTelegram, command: str
) -> None:
    """Only /leave there means leaving: the others say where they go."""
    forum, (room1, _), people, admin = _forum(fake)
    bob = people[1]
    async with world.running() as bot:
        await _three_play(bot, fake, forum, room1, people)
        await _closed(bot, fake, forum, room1, admin)
        hand = _hand_in(fake, bob, "Room 1")
        fake.user_sends(bob, fake.private_chat(bob), command)
        await bot.deliver()
        assert _private_texts(fake, bob)[-1] != LEAVE_NOTED["en"]
        assert not _now(fake, hand).endswith(HAND_LEAVING["en"])
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None and bob.id not in found[1].departures


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_one_in_another_game_too_leaves_the_paused_one_with_its_button_in_the_private_chat(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """Bob is no admin, and plays in Room 2 too: the private chat's /leave pointed him to the group of the
    game he meant, and Room 1's closed topic takes no message of his, so he had no way out of it. Now /leave
    there offers a button for the paused game, and points to the group for the other."""
    forum, (room1, room2), people, admin = _forum(fake, language)
    alice, bob = people
    async with world.running() as bot:
        carol = await _three_play(bot, fake, forum, room1, people)
        await _three_play(bot, fake, forum, room2, people)
        await _closed(bot, fake, forum, room1, admin)
        hand = _hand_in(fake, bob, "Room 1")
        fake.user_sends(bob, fake.private_chat(bob), "/leave")
        await bot.deliver()
        offer = fake.last_bot_message(fake.private_chat(bob))
        assert offer.text == LEAVE_WHICH[language]
        assert offer.button_texts == [[LEAVE_BUTTON[language]]]
        fake.user_presses(bob, offer, LEAVE_BUTTON[language])
        await bot.deliver()
        assert _private_texts(fake, bob)[-1] == LEAVE_NOTED[language]
        assert _now(fake, hand).endswith(HAND_LEAVING[language])
        fake.user_presses(bob, offer, LEAVE_BUTTON[language])
        await bot.deliver()
        assert _private_texts(fake, bob)[-1] == LEAVE_NOTED_ALREADY[language]
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None and set(found[1].state.players) == {alice.id, carol.id}
        other = await bot.rt.service.find(Place(forum.id, room2))
        assert other is not None and bob.id in other[1].state.players


async def test_the_private_chats_leave_button_pressed_in_the_group_leaves_nobody(
    world: World, fake: FakeTelegram
) -> None:
    """A forged client sends it from a group message: it is refused there, and Bob stays seated."""
    forum, (room1, room2), people, admin = _forum(fake)
    bob = people[1]
    async with world.running() as bot:
        (_, leaving), *_ = buttons(await _offered_to_leave(bot, fake, forum, (room1, room2), people, admin))
        refused = press(fake, bob, fake.bot_messages_in(forum, room2)[-1], leaving)
        await bot.deliver()
        assert refused.show_alert
        paused = await bot.rt.service.find(Place(forum.id, room1))
        assert paused is not None and not paused[1].departing


async def test_the_private_chats_leave_button_after_the_reopening_leaves_nobody(
    world: World, fake: FakeTelegram
) -> None:
    """The button is for the pause: once the topic is open again, Bob's press on it (an old message) does not
    take him out of the running match without a word; an alert says to send /leave in its topic."""
    forum, (room1, room2), people, admin = _forum(fake)
    bob = people[1]
    async with world.running() as bot:
        offer = await _offered_to_leave(bot, fake, forum, (room1, room2), people, admin)
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        refused = fake.user_presses(bob, offer, LEAVE_BUTTON["en"])
        await bot.deliver()
        assert refused.show_alert and refused.answer_text == NOT_PAUSED
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None and bob.id in found[1].state.players and not found[1].departing


async def test_the_private_chats_leave_button_of_a_game_stopped_since_says_it_is_over(
    world: World, fake: FakeTelegram
) -> None:
    forum, (room1, room2), people, admin = _forum(fake)
    bob = people[1]
    async with world.running() as bot:
        offer = await _offered_to_leave(bot, fake, forum, (room1, room2), people, admin)
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None
        await bot.rt.service.stop(found[0].id, None, is_admin=True)
        fake.user_presses(bob, offer, LEAVE_BUTTON["en"])
        await bot.deliver()
        assert _private_texts(fake, bob)[-1] == "This game is over."  # not "Your leaving is noted already"


async def _offered_to_leave(
    bot: Bot, fake: FakeTelegram, forum: Chat, rooms: tuple[int, int], people: list[User], admin: User
) -> Message:
    """Bob plays in both rooms; the first one's topic is closed, and his /leave in the private chat is
    answered with a button for it."""
    for room in rooms:
        await _three_play(bot, fake, forum, room, people)
    await _closed(bot, fake, forum, rooms[0], admin)
    bob = people[1]
    fake.user_sends(bob, fake.private_chat(bob), "/leave")
    await bot.deliver()
    return fake.last_bot_message(fake.private_chat(bob))


async def test_a_leave_noted_for_one_who_blocked_the_bot_is_not_written_to_them(
    world: World, fake: FakeTelegram
) -> None:
    """Their private chat refuses the bot: the answer is not tried there (a write Telegram is known to
    refuse), and the leave is noted all the same."""
    forum, (room1, _), people, admin = _forum(fake, "en")
    bob = people[1]
    fake.make_admin(bob, forum)
    async with world.running() as bot:
        await _three_play(bot, fake, forum, room1, people)
        fake.user_blocks_bot(bob)
        await _closed(bot, fake, forum, room1, admin)
        tried = len(fake.calls_to("sendMessage"))
        fake.user_sends(bob, forum, "/leave", thread_id=room1)
        await bot.deliver()
        paused = await bot.rt.service.find(Place(forum.id, room1))
        assert paused is not None and bob.id in paused[1].departing
        to_bob = [c for c in fake.calls_to("sendMessage")[tried:] if str(c.params["chat_id"]) == str(bob.id)]
        assert to_bob == []


async def test_an_anonymous_kick_of_the_player_on_turn_counts_their_wait_until_the_pause(
    world: World, fake: FakeTelegram
) -> None:
    """The topic was closed right after the deal; two minutes later an anonymous admin, seated, sent "/kick"
    of the player on turn. Their wait stood still with the match: they held nothing up, so the kick may be
    a player's removing one still playing, and it is refused (bot.tg.handlers.kick), not noted."""
    forum, (room1, _), people, admin = _forum(fake)
    async with world.running() as bot:
        carol = await _three_play(bot, fake, forum, room1, [*people])
        await _closed(bot, fake, forum, room1, admin)
        await bot.tick(120)
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None and found[1].paused
        seated = {user.id: user for user in (*people, carol)}
        on_turn = seated.pop(found[1].state.actor)
        kicker = next(iter(seated.values()))
        fake.make_admin(kicker, forum, anonymous=True)
        fake.user_sends(kicker, forum, f"/kick {on_turn.first_name}", thread_id=room1)
        await bot.deliver()
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None and on_turn.id in found[1].state.players and not found[1].departing
