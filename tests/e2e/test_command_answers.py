"""What group commands answer: a refusal has a text for that command, in reply to it; names show as in the
lobby."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from bot.i18n import Language
from bot.service.lobby import MAX_PLAYERS
from bot.tg.callback_data import Action
from bot.visible_text import NAME_LIMIT
from tests.e2e.harness import JOIN_INVITATION, World, press_action
from tests.e2e.matches import started
from tests.fake_bot_api import FakeTelegram
from tests.rules_in_play.table import playing

NO_GAME = "There is no game in this chat. Start one with /new."
NEXT_GAME = "Send /notifyme and I'll write to you when the next one opens."  # to one not in the match

REFUSALS = [
    # (what is in the chat, who sends, the command, the answer)
    ("lobby", "Carol", "/new", "A game is already open here: join it with /join."),
    ("lobby", "Bob", "/new", "You are already in the game."),  # not "join it": he is in it
    ("match", "Carol", "/new", f"A game is already running here. {NEXT_GAME}"),
    *(("nothing", "Alice", command, NO_GAME) for command in ("/join", "/leave", "/startgame", "/stop")),
    ("nothing", "Alice", "/kick", NO_GAME),
    ("lobby", "Alice", "/kick", "Carol isn't in the game."),
    ("lobby", "Carol", "/leave", "You're not playing in this game."),
    ("match", "Dan", "/join", f"The game has already started. {NEXT_GAME}"),  # no detour through private
    ("match", "Carol", "/join", f"The game has already started. {NEXT_GAME}"),
    ("match", "Bob", "/join", "You are already in the game."),  # not "already started": is he in it?
    ("full lobby", "Dan", "/join", "The game is full."),
]


@pytest.mark.parametrize(("there", "sender", "command", "answer"), REFUSALS)
async def test_a_refused_command_gets_its_own_answer_in_reply(
    world: World, fake: FakeTelegram, there: str, sender: str, command: str, answer: str
) -> None:
    people = {name: fake.add_user(name) for name in ("Alice", "Bob", "Carol", "Dan")}
    group = fake.add_group("Friends", members=list(people.values()))
    async with world.running() as bot:
        for name in ("Alice", "Bob", "Carol"):  # Dan never opened the private chat with the bot
            fake.user_starts_bot(people[name])
        if there != "nothing":
            fake.user_sends(people["Alice"], group, "/new")
            fake.user_sends(people["Bob"], group, "/join")
        if there == "match":
            fake.user_sends(people["Alice"], group, "/startgame")
        if there == "full lobby":  # of people: a computer would make room for Dan
            await bot.deliver()
            lobby = fake.last_bot_message(group)
            for n in range(MAX_PLAYERS - 2):
                joiner = fake.add_user(f"Player {n}")
                fake.join_group(joiner, group)
                fake.user_starts_bot(joiner)
                press_action(fake, joiner, lobby, Action.JOIN)
        said = fake.user_sends(people["Carol"], group, "hi")
        await bot.deliver()
        sent = fake.user_sends(people[sender], group, command, reply_to=said)
        await bot.deliver()
        reply = fake.last_bot_message(group)
        assert reply.text == answer
        assert reply.extra["reply_to_message"]["message_id"] == sent.message_id


async def test_the_stop_question_replies_to_the_stop_that_asked_it(world: World, fake: FakeTelegram) -> None:
    """In a busy group the question came below others' talk quoting no /stop: whose it was went unseen,
    unlike every other answer to a command."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        asked = fake.user_sends(alice, group, "/stop")
        fake.user_sends(bob, group, "hi")  # the group talks on meanwhile
        await bot.clock.run(bot.deliver())
        question = fake.last_bot_message(group)
        assert question.text == "Stop the game for everyone?"
        assert question.extra.get("reply_to_message", {}).get("message_id") == asked.message_id


async def test_announcements_show_names_cleaned_like_the_lobby(world: World, fake: FakeTelegram) -> None:
    """A RIGHT-TO-LEFT OVERRIDE would flip the rest of the line; a 60-emoji name would bury it."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    mallory = fake.add_user("\u202eredaeL " + "😀" * 60)
    group = fake.add_group("Friends", members=[alice, bob, mallory])
    async with world.running() as bot:
        for user in (alice, bob):
            fake.user_starts_bot(user)
        fake.user_sends(alice, group, "/new")
        fake.user_sends(bob, group, "/join")
        await bot.deliver()
        fake.user_sends(mallory, group, "/join")
        await bot.deliver()
        invited = fake.last_bot_message(group)
        record, _ = await bot.game(group)
        fake.user_starts_bot(mallory, f"join_{record.id}")
        await bot.deliver()
        fake.user_blocks_bot(mallory)
        fake.user_sends(alice, group, "/startgame")
        await bot.deliver()
        unreachable = next(m for m in fake.bot_messages_in(group) if "from me" in (m.text or ""))
        said = fake.user_sends(mallory, group, "hi")
        for _ in range(2):
            fake.user_sends(alice, group, "/kick", reply_to=said)
            await bot.deliver()
        removed, not_in_game = fake.bot_messages_in(group)[-2:]
        texts = [m.text or "" for m in (invited, unreachable, removed, not_in_game)]
        assert [t.split("…")[-1] for t in texts] == [
            JOIN_INVITATION,
            # posted in the lobby, reworded at the deal
            " can't get their cards from me, so their turns will time out. Open the chat with me"
            " and press “Restart” (or “Перезапустить”):",
            " from the game.",  # "Alice removed <the name, cut> from the game."
            " isn't in the game.",
        ]
        for text in texts:
            assert "\u202e" not in text and text.count("😀") < NAME_LIMIT, text


async def test_a_join_sent_again_before_the_private_chat_is_opened_is_invited_once(
    world: World, fake: FakeTelegram
) -> None:
    """The button under the first invitation still opens the private chat: a /join repeated within the
    minute must not post a second one (the group would read the same text twice)."""
    alice, dan = fake.add_user("Alice"), fake.add_user("Dan")
    group = fake.add_group("Friends", members=[alice, dan])
    async with world.running() as bot:
        fake.user_starts_bot(alice)
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        for _ in range(2):
            fake.user_sends(dan, group, "/join")
            await bot.deliver()
        said = [m.text for m in fake.bot_messages_in(group)]
        assert said.count(f"Dan{JOIN_INVITATION}") == 1


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            [
                f"Dan{JOIN_INVITATION}",
                "Eve, to join the game, open a private chat with me (the button below) and press “Restart”"
                " (or “Перезапустить”): your cards will come there.",
            ],
        ),
        (
            "ru",
            [
                "Dan, чтобы войти в игру, откройте личный чат со мной (кнопка ниже)"  # noqa: RUF001
                " и нажмите «Запустить» (или «Start»): туда придут ваши карты.",
                "Eve, чтобы войти в игру, откройте личный чат со мной (кнопка ниже)"  # noqa: RUF001
                " и нажмите «Перезапустить» (или «Restart»): туда придут ваши карты.",
            ],
        ),
    ],
)
async def test_a_join_before_the_private_chat_says_its_start_joins_and_brings_the_cards(
    world: World, fake: FakeTelegram, language: Language, said: list[str]
) -> None:
    """(a newcomer's first hour, session 58) Dan, who had never opened the private chat, sent /join and read
    "Dan, open a private chat with me first: press the button below." First, before what? Nothing said that
    Start there is what joins him, nor that his cards come there. Eve, who had blocked the bot, read the same,
    though her chat with it offers Restart, not Start."""
    alice = fake.add_user("Alice", language_code=language, started_bot=True)
    dan = fake.add_user("Dan", language_code=language)
    eve = fake.add_user("Eve", language_code=language, started_bot=True)
    group = fake.add_group("Friends", members=[alice, dan, eve])
    async with world.running(default_language=language) as bot:
        for user in (alice, eve):
            fake.user_starts_bot(user)
        fake.user_blocks_bot(eve)
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        for user in (dan, eve):
            fake.user_sends(user, group, "/join")
            await bot.deliver()
        assert [m.text for m in fake.bot_messages_in(group)][-2:] == said


async def test_a_join_invitation_holds_a_name_of_two_words_on_one_line(
    world: World, fake: FakeTelegram
) -> None:
    """(session 62) The answer to a /join began «Александра Конс…, чтобы войти в игру»: a narrow phone could
    wrap inside the name, as the game's screens no longer do (session 61); it holds it as they do."""
    alice = fake.add_user("Alice", language_code="ru", started_bot=True)
    sasha = fake.add_user("Александра Константинопольская", language_code="ru")
    group = fake.add_group("Friends", members=[alice, sasha])
    async with world.running(default_language="ru") as bot:
        fake.user_starts_bot(alice)
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        fake.user_sends(sasha, group, "/join")
        await bot.deliver()
        invitation = fake.bot_messages_in(group)[-1].text
        assert invitation.startswith("Александра\u00a0Конс…, чтобы войти в игру"), invitation  # noqa: RUF001


@pytest.mark.parametrize(
    ("language", "answer"),
    [
        ("en", "Only the host, Bob, or a chat admin can do that."),
        ("ru", "Это может только ведущий игры (Bob) или администратор чата."),
    ],
)
async def test_a_kick_refused_as_its_sender_left_meanwhile_names_who_runs_the_game_now(
    world: World, fake: FakeTelegram, language: str, answer: str
) -> None:
    """Alice, who runs the game, sends /kick Carol and /leave together: her /kick, let through as she ran the
    game when it was read, is refused as she no longer does. Its answer, the alert's text for the reason,
    names who runs it now, as the table names him (a command's answer took none of the refusal's names, and
    the text that needs one could not be written)."""
    async with playing(world, fake, Rules(), language=language) as table:
        alice = table.people[0]
        kick = fake.user_sends(alice, table.group, "/kick Carol")
        fake.user_sends(alice, table.group, "/leave")
        await table.bot.deliver_at_once()
        assert alice.id not in (await table.state()).players
        replied = [(m.text, m.extra.get("reply_to_message", {})) for m in fake.bot_messages_in(table.group)]
        answers = [text for text, to in replied if to.get("message_id") == kick.message_id]
        assert answers == [answer]
