"""A group that stops letting the bot post for a moment (an admin mutes it, demotes it where only admins may
send, or turns members' messages off, trying the group's permissions): its match ended at once ("I could no
longer post here"). It pauses instead, as one in a closed forum topic does (tests/e2e/test_closed_topics.py),
and goes on with its time once the bot may post again; only a group closed to the bot for a day ends it."""

from __future__ import annotations

import pytest

from bot.service import GameDocument, Place
from tests.e2e.harness import Bot, World, choices, press
from tests.e2e.matches import deal, stop_answer
from tests.fake_bot_api import Chat, FakeTelegram, Message, User

HAND_PAUSED = {
    "en": "⏸ The game is paused: I may not post in the group for now. It will go on when I may post there"
    " again (if that takes a day, the game stops).",
    "ru": "⏸ Игра на паузе: мне пока нельзя писать в группу. Она продолжится, когда мне снова разрешат там"
    " писать (если этого не случится за сутки, игра остановится).",
}
LEAVING = {
    "en": "You'll leave this game when I may post in its group again.",
    "ru": "Вы выйдете из этой игры, когда мне снова разрешат писать в её группу.",
}
NOTED = {
    "en": "You'll leave the game in Friends when I may post in its group again: until then, the game is"
    " paused and nothing in it changes.",
    "ru": "Вы выйдете из игры в чате Friends, когда мне снова разрешат писать в эту группу: до тех пор игра"
    " на паузе и в ней ничего не меняется.",
}
NOTED_ALREADY = {
    "en": "Your leaving is noted already: you'll leave the game in Friends when I may post in its group"
    " again.",
    "ru": "Ваш выход уже записан: вы выйдете из игры в чате Friends, когда мне снова разрешат писать в эту"
    " группу.",
}
LEFT = {"en": "You left this game.", "ru": "Вы вышли из этой игры."}
PRESSED = {
    "en": "The game is paused until I may post in its group again.",
    "ru": "Игра на паузе, пока мне снова не разрешат писать в её группу.",
}
ASKED = {
    "en": "The game in Friends is paused while I may not post in its group, so I'm asking here.\n"
    "Stop the game for everyone?",
    "ru": "Игра в чате Friends на паузе, пока мне нельзя писать в её группу, поэтому спрашиваю здесь.\n"
    "Остановить игру для всех?",
}
STOPPED_BY_YOU = {"en": "You stopped the game in Friends.", "ru": "Вы остановили игру в чате Friends."}
KEPT_PAUSED = {
    "en": "The game goes on once I may post in its group again.",
    "ru": "Игра продолжится, когда мне снова разрешат писать в её группу.",
}
POSTS_AGAIN = {
    "en": "I may post in the game's group again: to stop it, send /stop there.",
    "ru": "Мне снова разрешили писать в группу этой игры: чтобы её остановить, отправьте /stop там.",
}
LEAVE_WHICH = {
    "en": "The game in Friends is paused while I may not post in its group: leave it with the button below.\n"
    "To leave another game, send /leave in its chat: Club.",
    "ru": "Игра в чате Friends на паузе, пока мне нельзя писать в её группу: выйти из неё можно кнопкой"
    " ниже.\n"
    "Чтобы выйти из другой игры, отправьте /leave в её чате: Club.",
}
LEAVE_BUTTON = {"en": "🚪 Leave Friends", "ru": "🚪 Выйти: Friends"}
NOT_PAUSED = {
    "en": "This game is no longer paused: to leave it, send /leave where it's played.",
    "ru": "Эта игра уже не на паузе: чтобы выйти из неё, отправьте /leave там, где она идёт.",
}
TOLD = (
    "🔇 I can't post in Friends, so I can't answer your command there. An admin can make me an admin of the"
    " group or allow me to send messages."
)
TABLE_PAUSED = "⏸ Paused: I may not post here for now."
GOING_ON = "▶️ The game goes on after the pause."
STOPPED = "⏹ The game was stopped: I could no longer post here."
GONE = "I could no longer post in the group or topic where it was played."
PAGE_SETTLES = 30  # seconds for every paced write to go out
# How the group closes to the bot: Telegram tells it (muted; demoted while only admins may send), or it learns
# it from an answer of its refused (members' messages turned off while it is a plain member).
WAYS = ["muted", "demoted", "members_may_not_send"]


async def _playing(bot: Bot, fake: FakeTelegram, way: str, language: str = "en") -> tuple[Chat, list[User]]:
    """Alice (who made "Friends": an admin) and Bob in a match there, their apps in `language`; `demoted`:
    the bot an admin, in a group where only admins may send."""
    alice, bob = (fake.add_user(name, language_code=language) for name in ("Alice", "Bob"))
    group = fake.add_group("Friends", members=[bob], creator=alice)
    if way == "demoted":
        fake.promote_bot(group, alice)
    await deal(bot, fake, group, [alice, bob])
    if way == "demoted":
        fake.turn_members_messages(group, on=False)
    return group, [alice, bob]


async def _closed(bot: Bot, fake: FakeTelegram, group: Chat, admin: User, way: str) -> None:
    if way == "muted":
        fake.restrict_bot_in_group(group, admin)
    elif way == "demoted":
        fake.promote_bot(group, admin, admin=False)
    else:
        fake.turn_members_messages(group, on=False)
        fake.user_sends(admin, group, "/rules")  # its answer refused
    await bot.deliver()
    await bot.tick(PAGE_SETTLES)


async def _open_again(bot: Bot, fake: FakeTelegram, group: Chat, admin: User, way: str) -> None:
    if way == "muted":
        fake.restrict_bot_in_group(group, admin, restricted=False)
    elif way == "demoted":
        fake.promote_bot(group, admin)
    else:  # nothing tells the bot: a command has it ask Telegram (bot.tg.posting_rechecks)
        fake.turn_members_messages(group, on=True)
        fake.user_sends(admin, group, "/rules")
    await bot.deliver()
    await bot.tick(PAGE_SETTLES)


def _hand(fake: FakeTelegram, user: User) -> Message:
    """The user's hand (headed with the group's name): not a word under it on a command of theirs there."""
    said = fake.bot_messages_in(fake.private_chat(user))
    return next(message for message in reversed(said) if (message.text or "").startswith("Friends"))


def _private(fake: FakeTelegram, user: User) -> list[str]:
    return [message.text or "" for message in fake.bot_messages_in(fake.private_chat(user))]


async def _running(bot: Bot, group: Chat) -> GameDocument:
    found = await bot.rt.service.find(Place(group.id))
    assert found is not None, "the match was stopped"
    return found[1]


@pytest.mark.parametrize("way", WAYS)
async def test_a_match_in_a_group_closed_to_the_bot_for_ten_seconds_goes_on_with_its_time(
    world: World, fake: FakeTelegram, way: str
) -> None:
    async with world.running() as bot:
        group, people = await _playing(bot, fake, way)
        dealt = await _running(bot, group)
        deadline, seq = dealt.state.turn_deadline, dealt.state.seq
        assert deadline is not None
        table_id = fake.last_bot_message(group).message_id
        await _closed(bot, fake, group, people[0], way)
        paused = await _running(bot, group)
        assert paused.paused and paused.state.seq == seq
        assert TABLE_PAUSED in (fake.messages[(group.id, table_id)].text or "")  # an edit: it lands
        for user in people:
            hand = _hand(fake, user)
            assert (hand.text or "").endswith(HAND_PAUSED["en"]) and not hand.buttons, user.first_name
        await bot.tick(10)
        await _open_again(bot, fake, group, people[0], way)
        going = await _running(bot, group)
        assert not going.paused
        stood = going.state.clock - paused.paused_since
        assert stood >= 10_000 and going.state.turn_deadline == deadline + stood  # the turn's time given back
        shown = [message for message in fake.bot_messages_in(group) if GOING_ON in (message.text or "")]
        assert shown and shown[-1].buttons and shown[-1].message_id > table_id  # posted anew
        mover = next(user for user in people if user.id == going.state.actor)
        assert choices(_hand(fake, mover))


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_card_pressed_while_the_bot_is_muted_is_told_the_game_is_paused_till_it_may_post(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """A button still shown on a phone slow to show the hand's edit: the card is not played, and the press
    says why (not that the topic is closed, as a closed topic's pause would)."""
    async with world.running() as bot:
        group, people = await _playing(bot, fake, "muted", language)
        dealt = await _running(bot, group)
        mover = next(user for user in people if user.id == dealt.state.actor)
        hand = _hand(fake, mover)
        card = choices(hand)[0]
        await _closed(bot, fake, group, people[0], "muted")
        pressed = press(fake, mover, hand, card)
        await bot.deliver()
        assert pressed.show_alert and pressed.answer_text == PRESSED[language]
        assert (await _running(bot, group)).state.seq == dealt.state.seq


async def test_a_group_closed_to_the_bot_for_a_day_ends_its_match_as_before(
    world: World, fake: FakeTelegram
) -> None:
    async with world.running() as bot:
        group, people = await _playing(bot, fake, "muted")
        table_id = fake.last_bot_message(group).message_id
        await _closed(bot, fake, group, people[0], "muted")
        for _ in range(23):
            await bot.tick(3600)
        assert (await _running(bot, group)).paused
        await bot.tick(3600)
        assert await bot.rt.service.find(Place(group.id)) is None
        assert STOPPED in (fake.messages[(group.id, table_id)].text or "")
        for user in people:
            hand = _hand(fake, user)
            assert (hand.text or "").endswith(f"The game was stopped.\n{GONE}"), user.first_name


async def test_a_match_paused_before_a_restart_goes_on_when_the_group_takes_a_post_again(
    world: World, fake: FakeTelegram
) -> None:
    """Which groups refused the bot's posts is not kept across a restart: the first answer landing in the
    group again said nothing, and its match stayed paused for a day while the bot posted there."""
    async with world.running() as bot:
        group, people = await _playing(bot, fake, "members_may_not_send")
        await _closed(bot, fake, group, people[0], "members_may_not_send")
        assert (await _running(bot, group)).paused
    async with world.running() as bot:
        await _open_again(bot, fake, group, people[0], "members_may_not_send")
        assert not (await _running(bot, group)).paused
        said = [message.text or "" for message in fake.bot_messages_in(group)]
        assert GOING_ON in said[-2] and said[-1].startswith("📜 Rules of"), said  # the command's answer last


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("in_private", [False, True], ids=["in_the_group", "in_private"])
async def test_a_leave_while_the_bot_is_muted_takes_effect_when_it_may_post_again(
    world: World, fake: FakeTelegram, language: str, in_private: bool
) -> None:
    """Bob's /leave is noted (nothing changes in a paused match): his hand and the answer say he leaves it
    when the bot may post in the group again, not when "its topic is reopened" (there is none); and he does
    then."""
    async with world.running() as bot:
        group, (alice, bob) = await _playing(bot, fake, "muted", language)
        await _closed(bot, fake, group, alice, "muted")
        fake.user_sends(bob, fake.private_chat(bob) if in_private else group, "/leave")
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        assert (_hand(fake, bob).text or "").endswith(f"{HAND_PAUSED[language]}\n{LEAVING[language]}")
        assert _private(fake, bob)[-1] == NOTED[language]
        await _open_again(bot, fake, group, alice, "muted")
        assert await bot.rt.service.find(Place(group.id)) is None  # Alice, left alone, won
        assert (_hand(fake, bob).text or "").endswith(LEFT[language])


async def test_a_table_asked_for_as_the_group_takes_posts_again_is_the_match_going_on(
    world: World, fake: FakeTelegram
) -> None:
    """Members may send again, which no update tells: Alice's /table has the bot ask Telegram, and it may
    post. It answered "The game is paused while its topic is closed" (there is no topic), the match going on
    only after it; now the table going on is posted first, the answer pointing up to it."""
    async with world.running() as bot:
        group, (alice, _) = await _playing(bot, fake, "members_may_not_send")
        await _closed(bot, fake, group, alice, "members_may_not_send")
        fake.turn_members_messages(group, on=True)
        fake.user_sends(alice, group, "/table")
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        assert not (await _running(bot, group)).paused
        said = [message.text or "" for message in fake.bot_messages_in(group)]
        assert not [text for text in said if "topic" in text], [text[:80] for text in said]
        assert GOING_ON in said[-2] and said[-1].startswith("⬆️ The game's message is just above"), said


async def test_a_match_paused_as_the_bot_is_muted_stays_paused_as_the_groups_topics_go_off(
    world: World, fake: FakeTelegram
) -> None:
    """A forum's admin mutes the bot, then turns the topics off; Alice's /table tells the bot. The match moved
    to the one chat went on there as if its topic had reopened, though the bot still may not post, and paused
    again at its table's refused post: its day counted from then. Only a closed topic's pause ends as topics
    go off."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    forum = fake.add_group("Friends", members=[bob], creator=alice, forum=True)
    room = fake.add_topic(forum, "Room 1")
    async with world.running() as bot:
        for user in (alice, bob):
            fake.user_starts_bot(user)
        fake.user_sends(alice, forum, "/new", thread_id=room)
        fake.user_sends(bob, forum, "/join", thread_id=room)
        await bot.deliver()
        fake.user_sends(alice, forum, "/startgame", thread_id=room)
        await bot.deliver()
        fake.restrict_bot_in_group(forum, alice)
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        found = await bot.rt.service.find(Place(forum.id, room))
        assert found is not None and found[1].paused_muted
        fake.turn_topics(forum, on=False)
        fake.user_sends(alice, forum, "/table")
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        moved = await _running(bot, forum)
        assert moved.paused_muted and moved.paused_since == found[1].paused_since and moved.went_on_at is None
        for user in (alice, bob):
            hand = _hand(fake, user)
            assert (hand.text or "").endswith(HAND_PAUSED["en"]) and not hand.buttons, user.first_name


async def _stop_asked(bot: Bot, fake: FakeTelegram, group: Chat, admin: User) -> Message:
    """The admin's /stop in the group; the question in their private chat."""
    fake.user_sends(admin, group, "/stop")
    await bot.deliver()
    await bot.tick(PAGE_SETTLES)
    return fake.bot_messages_in(fake.private_chat(admin))[-1]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("way", WAYS)
async def test_a_stop_in_a_group_that_refuses_the_bot_is_asked_and_answered_in_private(
    world: World, fake: FakeTelegram, way: str, language: str
) -> None:
    """Its question was posted in the group and refused: Alice read only "I can't post in Friends, so I
    can't answer your command there", and nobody could stop the paused match until the bot was let post
    again. It is asked in private, as in a closed topic (tests/e2e/test_stop_in_a_closed_topic.py), saying
    why, and alone."""
    async with world.running() as bot:
        group, (alice, _) = await _playing(bot, fake, way, language)
        await _closed(bot, fake, group, alice, way)
        before = len(_private(fake, alice))
        question = await _stop_asked(bot, fake, group, alice)
        # not "I can't answer your command there" beside it (members_may_not_send: told of the /rules before)
        assert _private(fake, alice)[before:] == [ASKED[language]]
        press(fake, alice, question, stop_answer(question, yes=True))
        await bot.deliver()
        assert fake.messages[(question.chat.id, question.message_id)].text == STOPPED_BY_YOU[language]
        assert await bot.rt.service.find(Place(group.id)) is None


async def test_a_stop_of_one_who_may_not_stop_the_match_there_is_told_the_bot_can_not_answer(
    world: World, fake: FakeTelegram
) -> None:
    """Bob (no admin, not its creator) is asked nothing in private: the answer refusing him, refused by the
    group, has him told why he reads none (a /stop's sender is not told so before its handler runs)."""
    async with world.running() as bot:
        group, (alice, bob) = await _playing(bot, fake, "muted")
        await _closed(bot, fake, group, alice, "muted")
        fake.user_sends(bob, group, "/stop")
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        assert _private(fake, bob)[-1] == TOLD
        assert (await _running(bot, group)).paused


async def test_a_stop_in_a_group_whose_members_may_not_send_unbeknown_to_the_bot_is_asked_in_private(
    world: World, fake: FakeTelegram
) -> None:
    """Members' messages were turned off and the bot had posted nothing since: the refused question is what
    tells it; the match pauses, and the question goes to the private chat at once."""
    async with world.running() as bot:
        group, (alice, _) = await _playing(bot, fake, "members_may_not_send")
        fake.turn_members_messages(group, on=False)
        question = await _stop_asked(bot, fake, group, alice)
        assert question.text == ASKED["en"]
        assert (await _running(bot, group)).paused_muted
        press(fake, alice, question, stop_answer(question, yes=True))
        await bot.deliver()
        assert await bot.rt.service.find(Place(group.id)) is None


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_no_keeps_the_match_paused_till_the_bot_may_post_again(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """Not "once the topic is reopened": there is none."""
    async with world.running() as bot:
        group, (alice, _) = await _playing(bot, fake, "muted", language)
        await _closed(bot, fake, group, alice, "muted")
        question = await _stop_asked(bot, fake, group, alice)
        press(fake, alice, question, stop_answer(question, yes=False))
        await bot.deliver()
        assert fake.messages[(question.chat.id, question.message_id)].text == KEPT_PAUSED[language]
        assert (await _running(bot, group)).paused


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_question_answered_once_the_bot_may_post_again_points_to_the_group(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """Not "the game's topic is open again": the question says where to ask as the match goes on (session
    61), and a Yes pressed in private from an old screen stops nothing."""
    async with world.running() as bot:
        group, (alice, _) = await _playing(bot, fake, "muted", language)
        await _closed(bot, fake, group, alice, "muted")
        question = await _stop_asked(bot, fake, group, alice)
        yes = stop_answer(question, yes=True)
        await _open_again(bot, fake, group, alice, "muted")
        told = fake.messages[(question.chat.id, question.message_id)]
        assert told.text == POSTS_AGAIN[language] and not told.buttons
        press(fake, alice, question, yes)
        await bot.deliver()
        assert fake.messages[(question.chat.id, question.message_id)].text == POSTS_AGAIN[language]
        assert not (await _running(bot, group)).paused


async def _offered_to_leave(bot: Bot, fake: FakeTelegram, language: str) -> tuple[Chat, list[User], Message]:
    """Bob plays in Club too; Friends refuses the bot's posts, and his /leave in private offers a button."""
    group, (alice, bob) = await _playing(bot, fake, "muted", language)
    carol = fake.add_user("Carol", language_code=language)
    await deal(bot, fake, fake.add_group("Club", members=[carol], creator=bob), [bob, carol])
    await _closed(bot, fake, group, alice, "muted")
    fake.user_sends(bob, fake.private_chat(bob), "/leave")
    await bot.deliver()
    return group, [alice, bob], fake.last_bot_message(fake.private_chat(bob))


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_one_in_another_game_too_leaves_the_muted_one_with_its_button_in_the_private_chat(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """The offer said the game's topic was closed: Friends has none. Pressed again, nor does "noted already"
    (mutation audit, session 53)."""
    async with world.running() as bot:
        group, (_, bob), offer = await _offered_to_leave(bot, fake, language)
        assert offer.text == LEAVE_WHICH[language]
        assert offer.button_texts == [[LEAVE_BUTTON[language]]]
        fake.user_presses(bob, offer, LEAVE_BUTTON[language])
        await bot.deliver()
        assert _private(fake, bob)[-1] == NOTED[language]
        fake.user_presses(bob, offer, LEAVE_BUTTON[language])
        await bot.deliver()
        assert _private(fake, bob)[-1] == NOTED_ALREADY[language]
        assert (await _running(bot, group)).departing


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_private_chats_leave_button_once_the_bot_may_post_again_points_to_the_group(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """Not "send /leave in its topic": there is none; and Bob stays seated."""
    async with world.running() as bot:
        group, (alice, bob), offer = await _offered_to_leave(bot, fake, language)
        await _open_again(bot, fake, group, alice, "muted")
        refused = fake.user_presses(bob, offer, LEAVE_BUTTON[language])
        await bot.deliver()
        assert refused.show_alert and refused.answer_text == NOT_PAUSED[language]
        going = await _running(bot, group)
        assert bob.id in going.state.players and not going.departing


async def _forum_match(bot: Bot, fake: FakeTelegram) -> tuple[Chat, int, User]:
    """Alice and Bob in a match in the topic "Room 1" of the forum "Club", the bot muted in the whole forum
    since by its admin: the match paused (returns the forum, the topic and Alice)."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    admin = fake.add_user("Admin")
    forum = fake.add_group("Club", members=[alice, bob], forum=True, creator=admin)
    topic = fake.add_topic(forum, "Room 1")
    for user in (alice, bob):
        fake.user_starts_bot(user)
    for user, command in ((alice, "/new"), (bob, "/join"), (alice, "/startgame")):
        fake.user_sends(user, forum, command, thread_id=topic)
        await bot.deliver()
    await _closed(bot, fake, forum, admin, "muted")
    found = await bot.rt.service.find(Place(forum.id, topic))
    assert found is not None and found[1].paused_muted
    return forum, topic, alice


async def test_a_command_in_a_forum_topic_while_the_bot_is_muted_is_not_told_the_topic_is_closed(
    world: World, fake: FakeTelegram
) -> None:
    """Alice's /table in the topic of her match, paused as the bot was muted in the whole forum, was answered
    in private as if the topic were closed: "🔒 The topic in Club where you sent the command is closed to
    me ... The game is paused while its topic is closed.", under the word that the bot may not post there."""
    async with world.running() as bot:
        forum, topic, alice = await _forum_match(bot, fake)
        told = len(_private(fake, alice))
        fake.user_sends(alice, forum, "/table", thread_id=topic)
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        assert [text for text in _private(fake, alice)[told:] if "closed" in text] == []
        assert any(text.startswith("🔇 I can't post in") for text in _private(fake, alice)[told:])


async def test_a_stop_in_a_forum_topic_while_the_bot_is_muted_is_asked_in_private_saying_why(
    world: World, fake: FakeTelegram
) -> None:
    """/stop's question, asked in private as the topic takes no post of the bot's, said the game was paused
    "while its topic is closed", and its No that it goes on "once the topic is reopened": none was closed."""
    async with world.running() as bot:
        forum, topic, alice = await _forum_match(bot, fake)
        fake.user_sends(alice, forum, "/stop", thread_id=topic)
        await bot.deliver()
        await bot.tick(PAGE_SETTLES)
        question = fake.bot_messages_in(fake.private_chat(alice))[-1]
        assert (question.text or "").startswith(
            "The game in Club · Room 1 is paused while I may not post in its group, so I'm asking here.\n"
        )
        fake.user_presses(alice, question, "No, play on")
        await bot.deliver()
        answered = fake.messages[(question.chat.id, question.message_id)]
        assert "The game goes on once I may post in its group again." in (answered.text or "")


async def test_a_match_gone_on_after_a_mute_is_not_taken_after_a_restart_for_one_paused_so(
    world: World, fake: FakeTelegram
) -> None:
    """The match paused as the group refused the bot's posts, then went on; after a restart its group is not
    marked as refusing them again (bot.tg.muted_groups `seen_before_start`): a command there is answered
    without the bot asking Telegram first whether it may post."""
    async with world.running() as bot:
        group, (alice, _) = await _playing(bot, fake, "members_may_not_send")
        await _closed(bot, fake, group, alice, "members_may_not_send")
        await _open_again(bot, fake, group, alice, "members_may_not_send")
        assert not (await _running(bot, group)).paused
    async with world.running() as bot:
        asked = len(fake.calls_to("getChatMember"))
        fake.user_sends(alice, group, "/rules")
        await bot.deliver()
        assert (fake.last_bot_message(group).text or "").startswith("📜 Rules of")
        assert len(fake.calls_to("getChatMember")) == asked
