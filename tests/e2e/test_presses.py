"""Presses that must not change the game, races, joining through the deep link, timers, leaving Telegram,
the /stop question."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine.events import Caught
from bot.engine.rules import Rules
from bot.service import Place
from bot.storage import GameStatus
from bot.tg.callback_data import Action, CallbackData, encode
from bot.tg.pacing import Render
from bot.tg.pacing_queue import Send
from bot.tg.repeats import QUESTION_OPEN_MS
from bot.tg.timers import REMIND_BEFORE_MS
from tests.e2e.harness import (
    COLOURS_HINT,
    Bot,
    World,
    buttons,
    choices,
    hand_message,
    press,
    press_action,
    standing_still,
)
from tests.e2e.matches import (
    MORE_SEATS_SHORT_MATCH_SEED,
    deal,
    deal_short_matches,
    gather,
    gathered,
    open_lobby,
    play_until_over,
    started,
    stop,
    stop_answer,
    stop_question,
    use_quick_rules,
)
from tests.fake_bot_api import Chat, FakeTelegram, Message
from tests.fake_bot_api.errors import ApiError, too_many_requests
from tests.rules_in_play.table import playing, store_chat


async def _version(bot: Bot, group: Chat) -> int:
    record, _ = await bot.game(group)
    return record.version


async def test_stale_forged_and_someone_elses_presses_change_nothing(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        record, doc = await bot.game(group)
        by_id = {user.id: user for user in people}
        actor = by_id[doc.state.actor]  # type: ignore[index]
        other = next(user for user in people if user is not actor)
        hand = hand_message(fake, actor)
        move = choices(hand)[0]
        version = record.version

        stale = CallbackData(move.action, move.game_id, move.state + 1, move.args)
        forged_game = CallbackData(move.action, move.game_id + 99, move.state, move.args)
        attempts = [
            (actor, hand, stale),  # a keyboard that is not the newest one
            (actor, hand, forged_game),  # a game that does not exist
            (other, hand_message(fake, other), move),  # the actor's button data sent from Bob's chat
        ]
        for user, message, data in attempts:
            query = press(fake, user, message, data)
            await bot.deliver()
            assert query.answered and query.show_alert, data
        elsewhere = fake.add_group("Elsewhere", members=[other])
        fake.user_sends(other, elsewhere, "/new")
        await bot.deliver()
        joined_elsewhere = press(
            fake, other, fake.last_bot_message(elsewhere), CallbackData(Action.JOIN, record.id, 0)
        )
        garbage = fake.user_presses_data(actor, hand, "1p:zz")
        table_press = fake.user_presses_data(
            other, fake.last_bot_message(group), encode(Action.PLAY, record.id, 1, 3)
        )
        await bot.deliver()
        assert garbage.show_alert and table_press.show_alert and joined_elsewhere.show_alert
        assert await _version(bot, group) == version

        query = press(fake, actor, hand, move)  # the real press still works
        await bot.deliver()
        assert query.answered
        assert await _version(bot, group) > version


async def test_two_catches_at_once_have_exactly_one_outcome(world: World, fake: FakeTelegram) -> None:
    deal_short_matches(world, MORE_SEATS_SHORT_MATCH_SEED)
    async with started(world, fake, ("Alice", "Bob", "Carol")) as (bot, group, people):
        by_id = {user.id: user for user in people}
        for _ in range(400):  # people here never call UNO!: sooner or later someone is catchable
            _, doc = await bot.game(group)
            if doc.state.catchable:
                break
            await play_until_over(bot, group, by_id, limit=1)
        else:
            raise AssertionError("nobody became catchable")
        table = _table_with_catch(fake, group)
        catch = next(data for _, data in buttons(table) if data.action is Action.CATCH)
        catchers = [user for user in people if user.id not in doc.state.catchable]
        queries = [press(fake, user, table, catch) for user in catchers]
        updates = await bot.app.bot.get_updates(offset=bot.offset, timeout=0)
        bot.offset = updates[-1].update_id + 1
        await asyncio.gather(*(bot.app.process_update(update) for update in updates))
        await bot.settle()
        assert all(query.answered for query in queries)
        assert sorted(query.show_alert for query in queries) == [False, True]
        _, after = await bot.game(group)
        caught = [e for e in after.recent if isinstance(e, Caught)]
        assert len(caught) == 1 and caught[0].target in doc.state.catchable


def _table_with_catch(fake: FakeTelegram, group: Chat) -> Message:
    catch_buttons = (
        m
        for m in reversed(fake.bot_messages_in(group))
        if any(d.action is Action.CATCH for _, d in buttons(m))
    )
    return next(catch_buttons)


@pytest.mark.parametrize(
    ("language", "joined", "left"),
    [("en", "You joined the game.", "You left the game."), ("ru", "Вы в игре.", "Вы вышли из игры.")],
)
async def test_leave_is_answered_as_join_is(
    world: World, fake: FakeTelegram, language: str, joined: str, left: str
) -> None:
    """Join said "You joined the game."; Leave said nothing, so in a busy group (the lobby's edit waits its
    turn) a player could not tell whether their press counted."""
    alice, bob = fake.add_user("Alice", language_code=language), fake.add_user("Bob", language_code=language)
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        answers = []
        for action in (Action.LEAVE, Action.JOIN):
            query = press_action(fake, bob, lobby, action)
            await bot.deliver()
            answers.append((query.answer_text, query.show_alert))
        assert answers == [(left, False), (joined, False)]


@pytest.mark.parametrize(  # the group reads English: its lobby's button is named so in both languages
    ("language", "hint"),
    [("en", "press “🤖 Add a computer player”"), ("ru", "нажмите «🤖 Add a computer player»")],
)
async def test_a_lone_player_pressing_start_learns_a_computer_can_join(
    world: World, fake: FakeTelegram, language: str, hint: str
) -> None:
    """ "At least two players are needed to start." left someone alone in a quiet group waiting; the lobby can
    seat a computer player."""
    alice = fake.add_user("Alice", language_code=language)
    group = fake.add_group("Friends", members=[alice])
    await store_chat(world, group, Rules(), language="en")
    async with world.running() as bot:
        await gather(bot, fake, group, [alice])
        refused = press_action(fake, alice, fake.last_bot_message(group), Action.START)
        await bot.deliver()
        assert refused.show_alert and hint in (refused.answer_text or ""), refused.answer_text
        assert len(refused.answer_text or "") <= 200  # Telegram's limit for an alert


async def test_joining_through_the_deep_link(world: World, fake: FakeTelegram) -> None:
    alice, carol = fake.add_user("Alice"), fake.add_user("Carol", language_code="ru")
    group = fake.add_group("Friends", members=[alice, carol])
    async with world.running() as bot:
        fake.user_starts_bot(alice)
        await bot.deliver()
        await open_lobby(bot, fake, group, alice, [])
        record, _ = await bot.game(group)
        join = press_action(fake, carol, fake.last_bot_message(group), Action.JOIN)
        await bot.deliver()
        assert join.answer_url == f"https://t.me/uno_test_bot?start=join_{record.id}"
        _, doc = await bot.game(group)
        assert carol.id not in doc.players  # not yet: the bot cannot write to her

        assert not join.show_alert
        fake.user_starts_bot(carol, f"join_{record.id}")
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.players == (alice.id, carol.id)
        assert "Friends" in (fake.last_bot_message(fake.private_chat(carol)).text or "")
        assert any("Carol" in (m.text or "") for m in fake.bot_messages_in(group)[-2:])


@pytest.mark.parametrize("how", ["/join", "Join"])
async def test_start_without_the_link_still_joins_the_game_one_was_sent_to_the_private_chat_for(
    world: World, fake: FakeTelegram, how: str
) -> None:
    """Carol, sent to the private chat to join, opens it from the bot's name (the lobby says "open
    @uno_test_bot and press Start") instead of the link: her Start carries no join, and she read "Add me to
    a group and send /new there" while the lobby she wanted waited for her."""
    alice, carol, dan = fake.add_user("Alice"), fake.add_user("Carol"), fake.add_user("Dan")
    group = fake.add_group("Friends", members=[alice, carol, dan])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice])
        if how == "/join":
            fake.user_sends(carol, group, "/join")
        else:
            press_action(fake, carol, fake.last_bot_message(group), Action.JOIN)
        await bot.deliver()
        fake.user_starts_bot(carol)
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.players == (alice.id, carol.id)
        told = fake.last_bot_message(fake.private_chat(carol)).text
        assert told == f"You're in the game in Friends. Your cards will show up here.\n{COLOURS_HINT['en']}"
        fake.user_sends(carol, group, "/leave")
        await bot.deliver()
        fake.user_starts_bot(carol)  # the invitation was used up: a later Start is only a Start
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.players == (alice.id,)

        fake.user_sends(dan, group, "/join")
        await bot.deliver()
        await stop(bot, fake, group, alice)
        fake.user_starts_bot(dan)  # the game he was sent for is gone: no word of a link he did not use
        await bot.deliver()
        assert (fake.last_bot_message(fake.private_chat(dan)).text or "").startswith(
            "Hello! To play UNO, send /new"
        )


async def test_start_from_someone_waiting_in_a_lobby_says_they_are_in_it(
    world: World, fake: FakeTelegram
) -> None:
    """Bob joined, then opened the private chat to see whether it worked: "Hello! Add me to a group and send
    /new there" told him nothing of the game he is in, and read as if he were in none."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        fake.user_starts_bot(bob)
        await bot.deliver()
        told = fake.last_bot_message(fake.private_chat(bob)).text
        assert told == "You're in the game in Friends. Your cards will show up here."


async def test_a_repeated_join_before_opening_the_private_chat_is_invited_once_a_minute(
    world: World, fake: FakeTelegram
) -> None:
    """Carol sends /join again and again before pressing the button: each posted the same invitation, as
    /stop's refusals did before they were answered once a minute."""
    alice, carol = fake.add_user("Alice"), fake.add_user("Carol")
    group = fake.add_group("Friends", members=[alice, carol])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice])
        before = len(fake.bot_messages_in(group))
        for _ in range(3):
            fake.user_sends(carol, group, "/join")
            await bot.deliver()
        invitations = [
            m for m in fake.bot_messages_in(group)[before:] if "open a private chat" in (m.text or "")
        ]
        assert len(invitations) == 1
        await bot.tick(61)
        fake.user_sends(carol, group, "/join")
        await bot.deliver()
        assert "open a private chat" in (fake.last_bot_message(group).text or "")


async def test_a_join_link_to_a_game_that_is_over_says_so(world: World, fake: FakeTelegram) -> None:
    alice, carol = fake.add_user("Alice", started_bot=True), fake.add_user("Carol")
    group = fake.add_group("Friends", members=[alice, carol])
    async with world.running() as bot:
        await open_lobby(bot, fake, group, alice, [])
        record, _ = await bot.game(group)
        await bot.rt.service.stop(record.id, None, is_admin=True)
        # closed, and never opened; the first Start's answer ends with the /colours hint, as any first Start's
        for game_id, hint in ((record.id, f"\n{COLOURS_HINT['en']}"), (record.id + 1, "")):
            fake.user_starts_bot(carol, f"join_{game_id}")
            await bot.deliver()
            told = fake.last_bot_message(fake.private_chat(carol)).text
            assert told == f"The game from that link is over. Ask in the group for a new one: /new{hint}"


async def test_a_dead_join_link_from_someone_in_a_game_answers_with_that_game(
    world: World, fake: FakeTelegram
) -> None:
    """Bob, seated in the lobby and then in its match, opened a join link of a game closed since (an old
    /notifyme word, say): he read "The game from that link is over. Ask in the group for a new one: /new", as
    if he were in no game, and no hand came back. Now he reads what a Start says to a player."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        dead = "join_999"
        fake.user_starts_bot(bob, dead)
        await bot.deliver()
        private = fake.private_chat(bob)
        in_lobby = "You're in the game in Friends. Your cards will show up here."
        assert fake.last_bot_message(private).text == in_lobby
        press_action(fake, alice, fake.last_bot_message(group), Action.START)
        await bot.deliver()
        hand = hand_message(fake, bob)
        fake.user_starts_bot(bob, dead)
        await bot.deliver()
        texts = [m.text for m in fake.bot_messages_in(private)]
        assert "The game from that link is over. Ask in the group for a new one: /new" not in texts
        assert hand_message(fake, bob).message_id > hand.message_id  # his cards anew, at the bottom


@pytest.mark.parametrize(
    ("language", "told"),
    [
        (
            "en",
            "The game in Friends started before you joined. Next time “Join” works at once: I can write to"
            " you now.",
        ),
        (
            "ru",
            "Игра в чате Friends началась раньше, чем вы успели в неё войти. В следующий раз кнопка"  # noqa: RUF001
            " «Join» сработает сразу: теперь я могу вам писать.",  # as the English group's lobby labels it
        ),
    ],
)
async def test_a_join_link_opened_after_the_game_started_says_which_game_and_what_next(
    world: World, fake: FakeTelegram, language: str, told: str
) -> None:
    """Carol pressed Join and was sent to the private chat; Alice dealt before Carol pressed Start there. She
    read "The game has already started.": which game, and is she in it? Reading Russian, she was told of a
    button «Участвовать» the English lobby labels "Join"."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    carol = fake.add_user("Carol", language_code=language)
    group = fake.add_group("Friends", members=[alice, bob, carol])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        record, _ = await bot.game(group)
        press_action(fake, carol, lobby, Action.JOIN)
        for _ in range(2):  # the first press says someone is on the way; the second deals all the same
            press_action(fake, alice, lobby, Action.START)
        await bot.deliver()
        fake.user_starts_bot(carol, f"join_{record.id}")
        await bot.deliver()
        assert fake.last_bot_message(fake.private_chat(carol)).text == told


async def test_an_idle_turn_times_out_when_its_time_comes(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, _):
        _, doc = await bot.game(group)
        actor, deadline = doc.state.actor, doc.state.turn_deadline
        assert deadline is not None
        await bot.tick(deadline / 1000 - world.clock() - 1)
        _, still = await bot.game(group)
        assert still.state.seq == doc.state.seq  # one second early: nothing happened
        await bot.tick(1)
        _, after = await bot.game(group)
        assert after.state.seq > doc.state.seq and after.state.actor != actor


async def test_stop_asks_only_the_creator_or_an_admin_and_only_once(world: World, fake: FakeTelegram) -> None:
    """Each answer is a paced message queued before the table's edits: repeats must not pile up."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):

        def questions() -> list[Message]:
            return [m for m in fake.bot_messages_in(group) if m.text == "Stop the game for everyone?"]

        for _ in range(3):
            fake.user_sends(bob, group, "/stop")
        await bot.deliver()
        said = [m.text for m in fake.bot_messages_in(group)][-2:]
        refused = "Only the host, Alice, or a chat admin can do that."
        assert said[-1] == refused != said[0]  # said once
        for _ in range(3):
            fake.user_sends(alice, group, "/stop")
        await bot.deliver()
        assert len(questions()) == 1
        await bot.tick(QUESTION_OPEN_MS / 1000)  # an ignored question stops counting: /stop asks again
        fake.user_sends(alice, group, "/stop")
        await bot.deliver()
        _, question = questions()
        keep = next(data for _, data in buttons(question) if data.args == (0,))
        press(fake, alice, question, keep)
        fake.user_sends(alice, group, "/stop")  # answered: a new /stop asks again
        await bot.deliver()
        assert fake.messages[(group.id, question.message_id)].text == "The game goes on."
        (question,) = questions()  # the new one: the ignored one went with the answer beside it (session 60)
        yes = next(data for _, data in buttons(question) if data.args == (1,))
        refused = press(fake, bob, question, yes)
        await bot.deliver()
        assert refused.show_alert
        await bot.game(group)  # still running
        done = press(fake, alice, question, yes)
        await bot.deliver()
        assert done.answered and not done.show_alert
        assert fake.messages[(group.id, question.message_id)].text == "Alice stopped the game."
        assert await bot.rt.service.find(_place(group)) is None


@pytest.mark.parametrize(
    ("language", "refused"),
    [
        ("en", "Only the host, Alice, or a chat admin can do that."),
        ("ru", "Это может только ведущий игры (Alice) или администратор чата."),
    ],
)
async def test_a_stop_answer_refused_names_who_runs_the_game(
    world: World, fake: FakeTelegram, language: str, refused: str
) -> None:
    """/stop by Bob names Alice as who may; his "Yes" on her question read only "who runs the game (🔑)",
    and the question shows no 🔑."""
    alice, bob = (fake.add_user(name, language_code=language) for name in ("Alice", "Bob"))
    group = fake.add_group("Friends", members=[alice, bob])
    await use_quick_rules(world, group, language=language)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        question = await stop_question(bot, fake, group, alice)
        for answer in (True, False):
            pressed = press(fake, bob, question, stop_answer(question, yes=answer))
            await bot.deliver()
            assert pressed.show_alert and pressed.answer_text == refused
        await bot.game(group)  # still running


# A family with skin tones: drawn as one emoji, 19 UTF-16 code units (Telegram's count) in 11 code points.
FAMILY = "👨🏻\u200d👩🏻\u200d👧🏻\u200d👦🏻"


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_an_alert_naming_an_emoji_name_fits_telegrams_count(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """An alert fits 200 UTF-16 code units, as Telegram counts them. Before: the cut counted code points, the
    alert naming the host ran past Telegram's limit, it was refused, and the press stayed unanswered (its
    spinner turning). It names the host as the table does: since session 59 six of the twelve families and
    "…" (115 code units), a name being cut at 129 (NAME_UNITS) as well as at its width, where seven took 134:
    the cut at 200 is tests/test_visible_text.py's."""
    host, bob = (
        fake.add_user(FAMILY * 12, language_code=language),
        fake.add_user("Bob", language_code=language),
    )
    group = fake.add_group("Friends", members=[host, bob])
    await use_quick_rules(world, group, language=language)
    async with world.running() as bot:
        await deal(bot, fake, group, [host, bob])
        question = await stop_question(bot, fake, group, host)
        pressed = press(fake, bob, question, stop_answer(question, yes=True))
        await bot.deliver()
        said = pressed.answer_text or ""
        assert pressed.answered and pressed.show_alert and f"{FAMILY * 6}…" in said
        assert len(said.encode("utf-16-le")) // 2 <= 200
        await bot.game(group)  # still running


@pytest.mark.parametrize("answer", [0, 1], ids=["no", "yes"])
async def test_a_stop_question_outlived_by_its_game_says_it_is_over(
    world: World, fake: FakeTelegram, answer: int
) -> None:
    """The lobby closed (everyone left) while the /stop question was open: "No" said "The game goes on."."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        question = await stop_question(bot, fake, group, alice)
        for user in (alice, bob):
            fake.user_sends(user, group, "/leave")
        await bot.deliver()
        assert await bot.rt.service.find(_place(group)) is None
        pressed = press(fake, alice, question, stop_answer(question, yes=bool(answer)))
        await bot.deliver()
        assert pressed.show_alert and pressed.answer_text == "This game is over."
        settled = fake.messages[(group.id, question.message_id)]
        assert settled.text == "The game this question was about is over." and not settled.buttons


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_yes_pressed_after_no_does_not_stop_the_game_the_question_says_goes_on(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """Alice answers her /stop question "No" ("The game goes on."); Zed, an admin whose screen still showed
    the buttons, presses "Yes" a moment later. The game was stopped under a question that says it goes on."""
    alice, bob, zed = (fake.add_user(name, language_code=language) for name in ("Alice", "Bob", "Zed"))
    group = fake.add_group("Friends", members=[alice, bob, zed])
    fake.make_admin(zed, group)
    await use_quick_rules(world, group, language=language)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        question = await stop_question(bot, fake, group, alice)
        yes, no = stop_answer(question, yes=True), stop_answer(question, yes=False)
        press(fake, alice, question, no)
        await bot.deliver()
        kept = fake.messages[(group.id, question.message_id)].text
        asked = len(fake.calls_to("getChatMember"))
        late = press(fake, zed, question, yes)
        await bot.deliver()
        await bot.game(group)  # still running
        assert fake.messages[(group.id, question.message_id)].text == kept
        assert late.show_alert and "/stop" in (late.answer_text or ""), late.answer_text
        # refused at once: whether Zed is an admin did not matter, so Telegram was not asked
        assert len(fake.calls_to("getChatMember")) == asked


async def test_a_migrated_group_keeps_its_game(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        record, _ = await bot.game(group)
        supergroup = fake.migrate_to_supergroup(group)
        await bot.deliver()
        moved, _ = await bot.game(supergroup)
        assert moved.id == record.id and moved.table_message_id is not None
        await play_until_over(bot, supergroup, {user.id: user for user in people}, limit=3)


async def test_a_game_opened_in_the_supergroup_before_the_upgrade_was_followed_keeps_its_place(
    world: World, fake: FakeTelegram
) -> None:
    """/new in the supergroup is handled before the upgrade's service messages: the group's match is
    stopped (its standings come to the supergroup), the new lobby stays, and the group's settings follow."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        match, _ = await bot.game(group)
        async with bot.rt.database.unit_of_work() as uow:
            chat = await uow.chats.ensure(group.id)
            chat.language = "ru"
        supergroup = fake.migrate_to_supergroup(group)
        fake.user_sends(alice, supergroup, "/new")
        updates = await bot.app.bot.get_updates(offset=bot.offset, timeout=0)
        bot.offset = updates[-1].update_id + 1
        for update in [updates[-1], *updates[:-1]]:  # the command first
            await bot.clock.run(bot.app.process_update(update))
        await bot.tick(30)
        lobby, _ = await bot.game(supergroup)
        assert lobby.id != match.id
        stopped = await bot.rt.service.load(match.id)
        assert stopped is not None and stopped[0].chat_id == supergroup.id and stopped[0].finished_at
        assert [m for m in fake.bot_messages_in(supergroup) if "Игра остановлена" in (m.text or "")]
        async with bot.rt.database.unit_of_work() as uow:
            assert await uow.chats.get(group.id) is None
            moved = await uow.chats.get(supergroup.id)
            assert moved is not None and moved.language == "ru"


async def test_without_a_turn_timer_the_group_learns_how_a_player_who_blocked_the_bot_can_be_removed(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules().changed(turn_seconds=0), names=("Alice", "Bob")) as table:
        _, bob = table.people
        fake.user_blocks_bot(bob)
        await table.deliver()
        notice = fake.last_bot_message(table.group).text or ""
        assert notice == (
            "Bob can't get their cards from me, and without a turn timer the game waits for them. The"
            " host or an admin can remove them with /kick Bob, or they can open the chat with me and"
            " press “Restart” (or “Перезапустить”):"  # the app's label in a chat with a bot one blocked
        )


@pytest.mark.parametrize(
    ("lang", "told"),
    [
        ("en", "the game waits for them. A chat admin can remove them with /kick Alice, or they can"),
        ("ru", "этого игрока. Администратор чата может убрать его командой /kick Alice, или"),  # noqa: RUF001
    ],
    ids=["en", "ru"],
)
async def test_a_host_who_blocked_the_bot_is_said_to_be_removable_by_a_chat_admin_alone(
    world: World, fake: FakeTelegram, lang: str, told: str
) -> None:
    """(transcript read, session 51) Alice runs the game and blocked the bot: "The host or an admin can remove
    them with /kick Alice", the host being Alice herself (her own /kick is answered with /leave)."""
    rules = Rules().changed(turn_seconds=0)
    async with playing(world, fake, rules, names=("Alice", "Bob"), language=lang) as table:
        fake.user_blocks_bot(table.people[0])
        await table.deliver()
        assert told in (fake.last_bot_message(table.group).text or "")


@pytest.mark.parametrize(
    ("lang", "told"),
    [
        (
            "en",
            "Bob can't get messages from me, so they won't see their cards once the game starts."
            " Open the chat with me and press “Restart” (or “Перезапустить”):",
        ),
        (
            "ru",
            "Я не могу писать игроку Bob, поэтому, когда игра начнётся, этот игрок не увидит своих карт."
            " Откройте чат со мной и нажмите «Перезапустить» (или «Restart»):",  # noqa: RUF001
        ),
    ],
)
async def test_a_player_who_blocks_the_bot_in_a_lobby_is_told_what_the_match_will_bring(
    world: World, fake: FakeTelegram, lang: str, told: str
) -> None:
    """There are no turns yet to time out: the group learns that the cards will not reach them."""
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        fake.make_admin(alice, group)
        fake.user_sends(alice, group, f"/lang {lang}")
        fake.user_blocks_bot(bob)
        await bot.deliver()
        notice = fake.last_bot_message(group)
        assert notice.text == told
        assert any("start=hand_" in button.get("url", "") for row in notice.buttons for button in row)


async def test_a_turn_message_telegram_failed_to_send_shows_in_the_old_one_then_comes_anew(
    world: World, fake: FakeTelegram
) -> None:
    """Telegram refuses the "your turn" message: it is given up; the old hand message shows the turn at once,
    and the slow-turn reminder sends it anew, so that it still notifies. (A refusal, not 5xx answers for
    seconds: with no other call between them those read as Telegram out of reach, whose end sends every
    hand anew at once, bot.tg.outages.)"""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        alice, bob = table.people
        await table.arrange({"Alice": ["R1", "R5", "G2"], "Bob": ["B1", "B2", "G3"]}, top="R3", turn=alice)
        await table.bot.tick(30)
        old = table.hand(bob)
        fake.fail_next("sendMessage", ApiError(400, "Bad Request: message text is empty"))
        await table.play(alice, "R1")
        await table.bot.tick(10)
        assert table.hand(bob).message_id == old.message_id  # no new message could be sent
        assert ": your turn" in (table.hand(bob).text or "")
        state = await table.state()
        assert state.actor == bob.id and state.turn_deadline is not None
        await table.bot.tick((state.turn_deadline - REMIND_BEFORE_MS) / 1000 - table.bot.clock() + 1)
        anew = table.hand(bob)
        assert anew.message_id != old.message_id and ": your turn" in (anew.text or "")


async def test_a_hand_edit_still_waiting_when_the_turn_comes_anew_is_dropped(
    world: World, fake: FakeTelegram
) -> None:
    """Bob caught Alice while a write to her private chat was on its way, and played before the edit of her
    hand saying so could go: the "your turn" message replaces that hand, and the edit waiting for it is
    dropped (it would have been a write for a message deleted a moment later, ahead of the turn's message).
    The write on its way is held by the test, not by the chat's pace: virtual time jumps while the bot waits
    for its database, and a pace would let the edit go meanwhile."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        alice, bob = table.people
        bot, pacer = table.bot, table.bot.rt.pacer
        assert pacer is not None
        await table.arrange({"Alice": ["R1", "G5"], "Bob": ["R7", "R8", "G3"]}, top="R3", turn=alice)
        await table.play(alice, "R1")  # no UNO!: Bob may catch her
        await bot.tick(1)
        old = table.hand(alice)
        on_its_way, arrives = asyncio.Event(), asyncio.Event()

        async def hold_the_note(method: str, chat_id: str | None) -> None:
            if method == "sendMessage" and chat_id == str(alice.id) and not on_its_way.is_set():
                on_its_way.set()
                await arrives.wait()

        fake.transit = hold_the_note
        sent = len(fake.calls)
        note = pacer.queue(alice.id, Render("note"))
        await asyncio.wait_for(on_its_way.wait(), 5)
        press_action(fake, bob, table.table_message(), Action.CATCH)
        await bot.handle_pending()
        assert len((await table.state()).hands[alice.id]) == 3  # caught: two cards taken
        queued = pacer._chats[alice.id]
        assert old.message_id in queued.pending_edits  # her hand's edit waits behind the note
        r7 = await table.card_button(bob, "R7")
        assert r7 is not None
        press(fake, bob, table.hand(bob), r7)
        moved = await bot.handed()  # its publish awaits her new hand

        async def her_turns_hand_queued() -> bool:
            return any(isinstance(job, Send) for job in queued.jobs)

        await standing_still(her_turns_hand_queued, "her turn's hand asked for")
        arrives.set()
        await bot.clock.run(asyncio.gather(note, *moved))
        await bot.settle()
        assert table.hand(alice).message_id != old.message_id
        to_her = [c for c in fake.calls[sent:] if str(c.params.get("chat_id")) == str(alice.id)]
        assert [c.method for c in to_her] == ["sendMessage", "sendMessage", "deleteMessage"]  # no edit


async def test_a_long_flood_wait_in_the_group_does_not_hold_the_next_rounds_hands(
    world: World, fake: FakeTelegram
) -> None:
    """The round's result waits 400 s for the group (Telegram's 429); the next round is dealt meanwhile, and
    the players' hands show it at once, so nobody's turn runs out unseen."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        alice, _ = table.people
        bot = table.bot
        await table.arrange({"Alice": ["R1"], "Bob": ["B1", "B2", "G3"]}, top="R3", turn=alice)
        await bot.tick(30)
        fake.fail_next("sendMessage", too_many_requests(400), chat_id=table.group.id)  # the result post
        data = await table.card_button(alice, "R1")
        assert data is not None
        press(fake, alice, table.hand(alice), data)
        for update in await bot.app.bot.get_updates(offset=bot.offset, timeout=0):  # handled, not settled
            bot.offset = update.update_id + 1
            await bot.clock.run(bot.app.process_update(update))
        await bot.clock.run(bot.clock.sleep(10))  # the result post now waits out the flood
        await bot.timers.run_due()  # the next round is dealt
        await bot.clock.run(bot.clock.sleep(10))
        state = await table.state()
        assert state.round_no == 2 and state.actor is not None
        player = next(user for user in table.people if user.id == state.actor)
        assert ": your turn" in (table.hand(player).text or "")
        assert not [m for m in fake.bot_messages_in(table.group) if "Round 1: Alice wins!" in (m.text or "")]
        await bot.clock.run(bot.clock.sleep(400))
        assert [m for m in fake.bot_messages_in(table.group) if "Round 1: Alice wins!" in (m.text or "")]


async def test_a_round_end_after_the_table_was_deleted_posts_its_result_once(
    world: World, fake: FakeTelegram
) -> None:
    """The result waits out a short flood wait in the background while the deleted table's redraw runs: the
    redraw must not post it a second time once the background post has."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        alice, _ = table.people
        await table.arrange({"Alice": ["R1"], "Bob": ["B1", "B2", "G3"]}, top="R3", turn=alice)
        await table.bot.tick(30)
        fake.delete_message(table.table_message())  # an admin tidies the chat
        fake.fail_next("sendMessage", too_many_requests(5), chat_id=table.group.id)
        await table.play(alice, "R1")
        await table.bot.tick(60)
        results = [m for m in fake.bot_messages_in(table.group) if "Round 1: Alice wins!" in (m.text or "")]
        assert len(results) == 1


async def test_a_group_upgrade_told_twice_gives_the_game_one_new_table(
    world: World, fake: FakeTelegram
) -> None:
    """A turn times out before the upgrade's service message is handled: the table edit to the old id is
    refused as "migrated" (the first notice), then the service message comes (the second)."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, _):
        _, doc = await bot.game(group)
        supergroup = fake.migrate_to_supergroup(group)
        assert doc.state.turn_deadline is not None
        await bot.tick(doc.state.turn_deadline / 1000 - bot.clock() + 1)
        await bot.deliver()
        await bot.tick(30)
        record, _ = await bot.game(supergroup)
        tables = [m for m in fake.bot_messages_in(supergroup) if m.buttons]
        assert [m.message_id for m in tables] == [record.table_message_id]


async def test_a_player_who_blocked_the_bot_is_announced_once(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        fake.user_blocks_bot(bob)
        await bot.deliver()
        for _ in range(3):
            await bot.tick(61)  # Bob's turns time out; Alice's too
        links = [
            m
            for m in fake.bot_messages_in(group)
            if any("start=hand_" in b.get("url", "") for r in m.buttons for b in r)
            and "Top card" not in (m.text or "")
        ]  # the notice, not the table under whose "My cards" the link is too
        assert len(links) == 1 and "Bob" in (links[0].text or "")
        record, doc = await bot.game(group)
        assert doc.state.seq >= 3 and bob.id in doc.unreachable  # three turns timed out; the game goes on
        assert record.table_message_id is not None and alice.id not in doc.unreachable

        fake.user_starts_bot(bob)  # unblocks: his hand is sent again
        await bot.deliver()
        _, doc = await bot.game(group)
        assert bob.id not in doc.unreachable
        assert any(buttons(m) for m in fake.bot_messages_in(fake.private_chat(bob))[-2:])


async def test_a_start_that_unblocks_the_bot_sends_the_hand_back_without_a_greeting_under_it(
    world: World, fake: FakeTelegram
) -> None:
    """The unblock that came with the Start sent Bob's hand anew: the Start sends it not again, and no
    greeting either, which would come under his hand."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (_, bob)):
        fake.user_blocks_bot(bob)
        await bot.deliver()
        for _ in range(2):
            await bot.tick(61)  # a turn times out: his hand could not be sent
        assert bob.id in (await bot.game(group))[1].unreachable
        start = fake.user_starts_bot(bob)
        await bot.deliver()
        await bot.settle()
        after = [m for m in fake.bot_messages_in(fake.private_chat(bob)) if m.message_id > start.message_id]
        assert [bool(buttons(m)) for m in after] == [True]


def _place(group: Chat) -> Place:
    return Place(group.id)


async def test_a_creator_the_bot_cannot_write_to_is_invited_and_announced_once(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        fake.user_starts_bot(bob)
        await bot.deliver()
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        invite = fake.last_bot_message(group)
        record, _ = await bot.game(group)
        assert any(f"start=join_{record.id}" in b.get("url", "") for row in invite.buttons for b in row)
        lobby = fake.bot_messages_in(group)[-2]
        press_action(fake, bob, lobby, Action.JOIN)
        await bot.deliver()
        press_action(fake, alice, lobby, Action.START)
        await bot.deliver()  # Alice's hand gets 403: the group is told, the game goes on
        await bot.tick(61)
        await bot.tick(61)
        _, doc = await bot.game(group)
        assert alice.id in doc.unreachable and doc.state.seq >= 1
        notices = [
            m
            for m in fake.bot_messages_in(group)
            if any("start=hand_" in b.get("url", "") for r in m.buttons for b in r)
            and "Top card" not in (m.text or "")
        ]  # the notice, not the table under whose "My cards" the link is too
        assert len(notices) == 1

        fake.user_starts_bot(alice)  # she opens the chat: her hand arrives
        await bot.deliver()
        _, doc = await bot.game(group)
        assert alice.id not in doc.unreachable
        assert any(buttons(m) for m in fake.bot_messages_in(fake.private_chat(alice)))  # a hand


UNREACHABLE_HINT = {
    "en": "🔇 This player can't get their cards yet: open @{bot} and press “Start” (or “Запустить”).",
    "ru": "🔇 Этот игрок пока не получит карты: откройте @{bot} и нажмите «Запустить» (или «Start»).",
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_creator_the_bot_cannot_write_to_is_marked_in_the_lobby_as_a_joiner_is(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """A joiner who blocked the bot is marked 🔇 in the lobby, the line under it saying why; a lobby's
    creator who never started the bot was not (only the invitation under the lobby, which goes after a
    while, said so). Now both are, and Start in the private chat takes the mark away."""
    alice = fake.add_user("Alice", language_code=language)
    group = fake.add_group("Friends", members=[alice])
    async with world.running(default_language=language) as bot:
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        shown = (group.id, fake.bot_messages_in(group)[0].message_id)  # the lobby, the invitation under it
        lobby = fake.messages[shown].text or ""
        assert "1. Alice 🔑 🔇" in lobby.splitlines(), lobby
        assert UNREACHABLE_HINT[language].format(bot="uno_test_bot") in lobby.splitlines(), lobby
        fake.user_starts_bot(alice)
        await bot.deliver()
        lobby = fake.messages[shown].text or ""
        assert "1. Alice 🔑" in lobby.splitlines() and "🔇" not in lobby, lobby


async def test_a_slow_turn_shows_the_time_running_out_once(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, _):
        record, doc = await bot.game(group)
        assert record.table_message_id is not None and doc.state.turn_deadline is not None
        table = fake.messages[(group.id, record.table_message_id)]
        shown = table.text
        edits = len(fake.calls_to("editMessageText"))
        await bot.tick(doc.state.turn_deadline / 1000 - world.clock() - 21)
        assert fake.messages[(group.id, record.table_message_id)].text == shown
        await bot.tick(1)
        assert fake.messages[(group.id, record.table_message_id)].text != shown  # 20 s left now
        assert len(fake.calls_to("editMessageText")) == edits + 2  # the table and the turn player's hand
        _, after = await bot.game(group)
        assert after.state.seq == doc.state.seq


async def test_a_card_that_cannot_be_played_says_why_and_changes_nothing(
    world: World, fake: FakeTelegram
) -> None:
    """(found by a play-through audit, 2026-12-02) a tap on a card without the ▶ mark used to redraw the
    hand in silence; now the engine's reason comes back: not your turn, or no match for the top card."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        record, doc = await bot.game(group)
        by_id = {user.id: user for user in people}
        actor = by_id[doc.state.actor]  # type: ignore[index]
        waiting = next(user for user in people if user is not actor)
        reasons = ((waiting, "It's not your turn."), (actor, "That card doesn't match the top card."))
        for user, said in reasons:
            hand = hand_message(fake, user)
            tried = [data for _, data in buttons(hand) if data.action is Action.TRY]
            if user is actor and not tried:
                continue  # every card of the actor's fits: nothing to tap in vain
            query = press(fake, user, hand, tried[0])
            await bot.deliver()
            assert query.show_alert and (query.answer_text or "").startswith(said)
        assert await _version(bot, group) == record.version


@pytest.mark.parametrize(
    ("language", "settled", "alert"),
    [
        (
            "en",
            "This question was asked before the game started, so it goes on. To stop it, send /stop again.",
            "The game started after this question was asked, so it goes on. To stop it, send /stop again.",
        ),
        (
            "ru",
            "Этот вопрос задали до начала игры, поэтому она продолжается. "
            "Чтобы её остановить, отправьте /stop ещё раз.",
            "Игра началась уже после этого вопроса, поэтому она продолжается. "
            "Чтобы её остановить, отправьте /stop ещё раз.",
        ),
    ],
    ids=["en", "ru"],
)
async def test_yes_to_a_stop_asked_before_the_start_does_not_stop_the_match_that_started(
    world: World, fake: FakeTelegram, language: str, settled: str, alert: str
) -> None:
    """Zed, an admin, sends /stop in the lobby; Alice presses Start before he answers. His "Yes" then stopped
    the match just dealt, which nobody had been asked about."""
    alice, bob, zed = (fake.add_user(name, language_code=language) for name in ("Alice", "Bob", "Zed"))
    group = fake.add_group("Friends", members=[alice, bob, zed])
    fake.make_admin(zed, group)
    await use_quick_rules(world, group, language=language)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        question = await stop_question(bot, fake, group, zed)
        press_action(fake, alice, lobby, Action.START)
        await bot.deliver()
        late = press(fake, zed, question, stop_answer(question, yes=True))
        await bot.deliver()
        record, _ = await bot.game(group)  # still running
        assert record.status is GameStatus.RUNNING
        assert late.show_alert and late.answer_text == alert
        answered = fake.messages[(group.id, question.message_id)]
        assert answered.text == settled and not answered.buttons
        fake.user_sends(zed, group, "/stop")  # the question is settled: /stop asks anew, about the match
        await bot.deliver()
        question = fake.last_bot_message(group)
        press(fake, zed, question, stop_answer(question, yes=True))
        await bot.deliver()
        assert await bot.rt.service.find(_place(group)) is None


async def test_yes_to_a_stop_asked_before_the_start_still_closes_the_lobby(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        question = await stop_question(bot, fake, group, alice)
        done = press(fake, alice, question, stop_answer(question, yes=True))
        await bot.deliver()
        assert done.answered and not done.show_alert
        assert await bot.rt.service.find(_place(group)) is None
