"""/help in a group and in private, the command menus beside it, what the private chat answers (plain
text, an unknown command, a command in Cyrillic, a group's command), a newcomer's /start, and the greeting
of a group that adds the bot."""

from __future__ import annotations

import json
import re

import pytest

from bot.i18n import Translator
from tests.e2e.harness import COLOURS_HINT, World
from tests.fake_bot_api import FakeTelegram


async def test_an_unknown_command_is_answered_in_private_only(world: World, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    group = fake.add_group("Friends", members=[alice])
    private = fake.private_chat(alice)
    async with world.running() as bot:
        fake.user_sends(alice, group, "/foo")  # in a group it may be another bot's command
        fake.user_sends(alice, private, "/foo")
        await bot.deliver()
        assert fake.bot_messages_in(group) == []
        assert [m.text for m in fake.bot_messages_in(private)] == ["Unknown command. See /help."]
        for known in ("/lang", "/top", "/start"):
            fake.user_sends(alice, private, known)
            await bot.deliver()
            assert fake.last_bot_message(private).text != "Unknown command. See /help.", known


@pytest.mark.new_telegram  # (tests/set_before.py)
@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_command_menus_offer_what_help_lists(
    world: World, fake: FakeTelegram, language: str
) -> None:
    async with world.running():
        pass

    def menu(scope: str) -> list[str]:
        return [command["command"] for command in fake.commands[(json.dumps({"type": scope}), language)]]

    help_text = Translator().t(language, "gameplay-help")
    listed = re.findall(r"^/([a-z]+)", help_text, re.MULTILINE)
    split = listed.index("stats", listed.index("stats") + 1)  # the private chat's part starts at its /stats
    in_group, in_private = set(listed[:split]), set(listed[split:])
    assert set(menu("all_chat_administrators")) == in_group | {"help"}
    assert set(menu("all_group_chats")) == in_group - {"lang"} | {"help"}  # only admins may change it
    assert set(menu("all_private_chats")) == in_private | {"help"}


@pytest.mark.parametrize(
    ("language", "how"),
    [
        (
            "en",
            "How a game goes: /new in a group opens it, the others press “Join”, and the host (🔑) presses"
            " “Start the game”. Your cards then come here as buttons: press one to play it (/start sends them"
            " again).",
        ),
        (
            "ru",
            "Как идёт игра: /new в группе открывает её, остальные нажимают «Участвовать», а ведущий (🔑) —"  # noqa: RUF001
            " «Начать игру». Затем ваши карты приходят сюда кнопками: нажмите карту, чтобы сыграть её (/start"
            " пришлёт их заново).",
        ),
    ],
)
async def test_help_in_private_says_how_a_game_goes(
    world: World, fake: FakeTelegram, language: str, how: str
) -> None:
    """/help in private listed 21 commands and ended telling the reader to open the private chat they were
    reading it in: a newcomer learnt no more of how a game goes than the names of its commands."""
    dan = fake.add_user("Dan", language_code=language, started_bot=True)
    async with world.running() as bot:
        fake.user_sends(dan, fake.private_chat(dan), "/help")
        await bot.deliver()
        lines = (fake.last_bot_message(fake.private_chat(dan)).text or "").splitlines()
        assert lines[1] == how  # under the title, before the commands
        assert not [line for line in lines if "open it once" in line or "откройте его один раз" in line]  # noqa: RUF001


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_help_in_private_names_the_other_spelling_of_colours_it_answers(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """(Session 53) /colors turned colour letters on as /colours does, yet nothing named it. The menu under
    "/" keeps one entry a command, /colours: the other spelling is for typing, told where it is described."""
    dan = fake.add_user("Dan", language_code=language, started_bot=True)
    async with world.running() as bot:
        fake.user_sends(dan, fake.private_chat(dan), "/help")
        await bot.deliver()
        said = {"en": "/colours (or /colors) — ", "ru": "/colours (или /colors) — "}[language]
        lines = (fake.last_bot_message(fake.private_chat(dan)).text or "").splitlines()
        assert [line for line in lines if line.startswith(said)], lines


FAIR_PLAY = {
    "en": "Fair play: leaving a match counts as a loss, and so does stopping one you play in once a full"
    " round is over (practice against computers alone doesn't count).",
    "ru": "Честная игра: выход из матча — это поражение, как и остановка матча, в котором вы играете, после"
    " первого полного раунда (тренировки против одних компьютеров не считаются).",
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_help_spares_practice_from_its_fair_play_losses(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """/help's "Fair play" called leaving a match always a loss: practice against computers alone counts on
    no board, so one leaving it loses nothing."""
    dan = fake.add_user("Dan", language_code=language, started_bot=True)
    async with world.running() as bot:
        fake.user_sends(dan, fake.private_chat(dan), "/help")
        await bot.deliver()
        said = fake.last_bot_message(fake.private_chat(dan)).text or ""
        assert FAIR_PLAY[language] in said


async def test_plain_text_in_private_is_pointed_to_help(world: World, fake: FakeTelegram) -> None:
    """(helper-593, newcomers' first evening) Alice, waiting in the lobby she opened, asks the private chat
    "what now?": she was sent to /help's every command, and read nothing of the game she is in; she is told
    she is in it and that her cards come there."""
    alice = fake.add_user("Alice", started_bot=True)
    group = fake.add_group("Friends", members=[alice])
    private = fake.private_chat(alice)
    async with world.running() as bot:
        fake.user_sends(alice, private, "how do I play?")
        await bot.deliver()
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        fake.user_sends(alice, private, "what now?")
        await bot.deliver()
        assert [m.text for m in fake.bot_messages_in(private)] == [
            "I only understand commands and buttons. See /help.",
            "I only understand commands and buttons. See /help.\n"
            "You're in the game in Friends. Your cards will show up here.",
        ]


async def test_a_command_in_cyrillic_in_private_is_an_unknown_command(
    world: World, fake: FakeTelegram
) -> None:
    """(a newcomer's first hour, session 58) "/старт", which Telegram does not mark as a command (only Latin
    letters make one), was answered "I only understand commands and buttons": its sender had sent one."""
    nina = fake.add_user("Нина", language_code="ru", started_bot=True)
    private = fake.private_chat(nina)
    async with world.running() as bot:
        fake.user_sends(nina, private, "/старт")
        await bot.deliver()
        assert [m.text for m in fake.bot_messages_in(private)] == [
            "Неизвестная команда. Список команд: /help."
        ]


@pytest.mark.parametrize(
    ("language", "hello", "label"),
    [
        (
            "en",
            "Hello! To play UNO, send /new in a group I'm already in, or add me to yours (the button below)."
            " Your cards will show up here. More: /help",
            "\N{HEAVY PLUS SIGN} Add me to a group",
        ),
        (
            "ru",
            "Привет! Чтобы сыграть в УНО, отправьте /new в группе, где я уже есть, или добавьте меня в свою"  # noqa: RUF001
            " группу (кнопка ниже). Ваши карты появятся здесь. Подробнее: /help",
            "\N{HEAVY PLUS SIGN} Добавить меня в группу",
        ),
    ],
)
async def test_a_newcomers_start_offers_the_way_into_a_group(
    world: World, fake: FakeTelegram, language: str, hello: str, label: str
) -> None:
    """The greeting said to add the bot to a group, but not how: Telegram's own add-to-group link does it. It
    said only that ("Add me to a group and send /new there") to the many who come from a group the bot is in
    already (its greeting's and /help's button to the private chat): /new there is what they want."""
    dan = fake.add_user("Dan", language_code=language)
    async with world.running() as bot:
        fake.user_starts_bot(dan)
        await bot.deliver()
        greeting = fake.last_bot_message(fake.private_chat(dan))
        assert greeting.text == f"{hello}\n{COLOURS_HINT[language]}"
        assert greeting.buttons == [[{"text": label, "url": "https://t.me/uno_test_bot?startgroup=true"}]]


# A group's greeting: its first line (the admin who added the bot wonders whether to make it one), and its
# last, how to switch to the other language (an admin's: every member reads it, and a member's /lang there is
# refused)
GREETING_ENDS = {
    "en": (
        "👋 Hi! I'm here to play UNO with this group. I don't need admin rights for it.",
        "🌐 По-русски: администратор может отправить /lang ru",
    ),
    "ru": (
        "👋 Привет! Я здесь, чтобы играть с этой группой в УНО."  # noqa: RUF001
        " Права администратора мне для этого не нужны.",
        "🌐 In English: an admin can send /lang en",
    ),
}


# Who the host (🔑) is, whom the greeting's next words send to press Start
GREETING_HOST = {
    "en": "then the host (🔑), who opened it, presses",
    "ru": "/new открывает игру, и тот, кто её открыл, становится ведущим (🔑).",
}


@pytest.mark.parametrize("language", GREETING_ENDS)
async def test_a_group_that_adds_the_bot_reads_what_to_do_next(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """An admin adds the bot to a new group (no admin rights, privacy mode on): the group read nothing at
    all, and nobody knew to send /new, nor that each player must open the private chat once. Now one message
    says so, in the chat's language, with how an admin switches to the other language under it (it read
    "/lang en", which a member sent in vain) and a button to the private chat. Added by the bot's own
    add-to-group link, the group then gets that link's /start from the one who added it: answered by the same
    message, once. An upgrade to a supergroup (no service message of the bot joining) says nothing.
    (helper-593) The admin could not tell whether to make the bot an admin: it says it needs no admin
    rights; and the Russian sent the "ведущий (🔑)" to press Start without saying who that is (the English
    did: the one who opened the game)."""
    first, other = GREETING_ENDS[language]
    fake.group_privacy = True
    anna, bob = fake.add_user("Anna", language_code=language), fake.add_user("Bob", language_code=language)
    group = fake.add_group("Friends", members=[bob], creator=anna)
    group.members.pop(fake.bot.id)  # a group without the bot
    async with world.running(default_language=language) as bot:
        fake.add_bot_to_group(group, anna)
        await bot.deliver()
        greeting = fake.last_bot_message(group)
        lines = (greeting.text or "").splitlines()
        assert lines[0] == first and lines[-1] == other
        assert "/new" in lines[1] and "/settings" in lines[3], lines
        assert GREETING_HOST[language] in lines[1]
        assert greeting.buttons[0][0]["url"] == "https://t.me/uno_test_bot"
        fake.user_sends(anna, group, "/start@uno_test_bot true")  # the add-to-group link's start parameter
        await bot.deliver()
        assert fake.bot_messages_in(group) == [greeting]
        await bot.tick(60)
        fake.user_sends(bob, group, "/start")  # what does this bot do?
        await bot.deliver()
        assert len(fake.bot_messages_in(group)) == 2 and fake.last_bot_message(group).text == greeting.text
        supergroup = fake.migrate_to_supergroup(group)
        await bot.deliver()
        assert not fake.bot_messages_in(supergroup)


async def test_a_member_someone_adds_to_the_group_is_no_cue_for_the_greeting(
    world: World, fake: FakeTelegram
) -> None:
    """The greeting is for the bot joining: Anna adding her friend Dave is the group's own news."""
    anna, dave = fake.add_user("Anna"), fake.add_user("Dave")
    group = fake.add_group("Friends", creator=anna)
    async with world.running() as bot:
        fake.join_group(dave, group)
        fake.user_causes_service_message(anna, group, {"new_chat_members": [dave.to_api()]})
        await bot.deliver()
        assert fake.bot_messages_in(group) == []


@pytest.mark.parametrize(
    ("language", "last"),
    [
        ("en", "open it once (the button below) and press “Start” (or “Запустить”)."),
        ("ru", "откройте его один раз (кнопка ниже) и нажмите «Запустить» (или «Start»)."),  # noqa: RUF001
    ],
)
async def test_help_in_a_group_leads_into_the_private_chat(
    world: World, fake: FakeTelegram, language: str, last: str
) -> None:
    """/help in a group ended "open it once with /start", with no way there: /start in the group answered
    with this same help. It has the button to the private chat now, and says where to press Start."""
    dan = fake.add_user("Dan", language_code=language)
    group = fake.add_group("Friends", members=[dan])
    async with world.running(default_language=language) as bot:
        fake.user_sends(dan, group, "/help")
        await bot.deliver()
        answer = fake.last_bot_message(group)
        assert last in (answer.text or "")
        assert [[button["url"] for button in row] for row in answer.buttons] == [
            ["https://t.me/uno_test_bot"]
        ]


async def test_help_asked_again_within_the_minute_is_the_one_just_above(
    world: World, fake: FakeTelegram
) -> None:
    """The group's help is a long text: a second /help from the same member is not posted again; another
    member's is answered."""
    dan, eve = fake.add_user("Dan"), fake.add_user("Eve")
    group = fake.add_group("Friends", members=[dan, eve])
    async with world.running() as bot:
        for user in (dan, dan, eve):
            fake.user_sends(user, group, "/help")
            await bot.deliver()
        helps = [m for m in fake.bot_messages_in(group) if "/new opens a game" in (m.text or "")]
        assert len(helps) == 2


@pytest.mark.parametrize(
    ("language", "answer", "label"),
    [
        (
            "en",
            "Send this command in the group where you play, or add me to a group first (the button below).",
            "\N{HEAVY PLUS SIGN} Add me to a group",
        ),
        (
            "ru",
            "Отправьте эту команду в группе, где вы играете, или сначала добавьте меня в группу"
            " (кнопка ниже).",
            "\N{HEAVY PLUS SIGN} Добавить меня в группу",
        ),
    ],
)
async def test_a_group_command_in_private_offers_the_way_into_a_group(
    world: World, fake: FakeTelegram, language: str, answer: str, label: str
) -> None:
    """A newcomer's first guess is /new in the private chat. It answered "Send this command in the group
    where you play" (in Russian «в группе, где идёт игра»: there is no game yet, /new opens one) with no way
    to get the bot into a group; the Start greeting has Telegram's add-to-group link, so this has it too."""
    dan = fake.add_user("Dan", language_code=language, started_bot=True)
    private = fake.private_chat(dan)
    async with world.running() as bot:
        for command in ("/new", "/startgame"):
            fake.user_sends(dan, private, command)
            await bot.deliver()
            told = fake.last_bot_message(private)
            assert told.text == answer
            assert told.buttons == [[{"text": label, "url": "https://t.me/uno_test_bot?startgroup=true"}]]
