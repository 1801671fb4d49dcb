"""The /stop question and its answers: who is asked and who may answer (the alert naming the host, an emoji
name too), a question asked once until it is answered or ignored, a "Yes" pressed after a "No", a question
outlived by its game, and one asked before the match started."""

from __future__ import annotations

import pytest

from bot.service import Place
from bot.storage import GameStatus
from bot.tg.callback_data import Action
from bot.tg.repeats import QUESTION_OPEN_MS
from tests.e2e.harness import World, buttons, press, press_action
from tests.e2e.matches import deal, gather, started, stop_answer, stop_question, use_quick_rules
from tests.fake_bot_api import Chat, FakeTelegram, Message


def _place(group: Chat) -> Place:
    return Place(group.id)


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
