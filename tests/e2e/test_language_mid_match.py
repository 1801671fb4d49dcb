"""/lang during a match: the screens of the one whose language changed are redrawn in it at once, and a
group's notices."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine.rules import Rules
from bot.i18n import Language
from tests.e2e.harness import World, buttons, hand_message, press, standing_still
from tests.e2e.matches import fill_the_groups_window, started
from tests.fake_bot_api import FakeTelegram, Message
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing

SETTLED = 30  # seconds for every paced edit to go out


async def test_a_player_who_changes_their_language_sees_their_hand_in_it(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        record, _ = await bot.game(group)
        fake.user_sends(bob, fake.private_chat(bob), "/lang ru")
        await bot.deliver()
        await bot.tick(SETTLED)
        hand = fake.newest_bot_message(bob.id, with_buttons=True)  # above the reply to /lang
        assert hand is not None and " карт" in spaced(hand.text or "")  # the Russian card count
        assert "You have " in (hand_message(fake, alice).text or "")
        assert record.table_message_id is not None
        assert "Top card:" in (fake.messages[(group.id, record.table_message_id)].text or "")


async def test_an_admin_who_changes_the_groups_language_sees_the_table_and_an_open_stop_question_in_it(
    world: World, fake: FakeTelegram
) -> None:
    """The /stop question asked before the switch stayed in the old language for its ten minutes, and its
    No then answered in the new one."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, bob)):
        record, _ = await bot.game(group)
        fake.make_admin(alice, group)
        fake.user_sends(alice, group, "/stop")
        await bot.deliver()
        question = fake.bot_messages_in(group)[-1]
        assert question.text == "Stop the game for everyone?"
        fake.user_sends(alice, group, "/lang ru")
        await bot.deliver()
        await bot.tick(SETTLED)
        assert record.table_message_id is not None
        assert "Сверху:" in (fake.messages[(group.id, record.table_message_id)].text or "")
        for user in (alice, bob):  # each person's own language stays theirs
            assert "You have " in (hand_message(fake, user).text or ""), user.first_name
        asked = fake.messages[(group.id, question.message_id)]
        assert asked.text == "Остановить игру для всех?"
        assert asked.button_texts == [["Да, остановить", "Нет, продолжаем"]]
        press(fake, alice, asked, next(data for _, data in buttons(asked) if data.args == (0,)))
        fake.user_sends(alice, group, "/lang en")  # answered: it stays what it says
        await bot.deliver()
        await bot.tick(SETTLED)
        assert fake.messages[(group.id, question.message_id)].text == "Игра продолжается."


IDLE_WARNING_RU = (
    "⏳ Bob, ваш ход: уже 50 минут никто не ходит. Если вы не сходите в ближайшие 10 минут, игра остановится"
)


async def _warned_then_switched(table: Table, posted: bool) -> Message:
    """Bob's turn, nobody moving for 50 minutes (no turn timer): the warning goes out, and Alice, an admin,
    switches the English group to Russian once it is posted, or while it waits for the group's window (the
    game redrawn for the switch before it lands). The warning, as the group has it in the end."""
    bot, fake, group, (alice, bob, _carol) = table.bot, table.fake, table.group, table.people
    await table.arrange({"Alice": ["R1"], "Bob": ["G5"], "Carol": ["B7"]}, top="R3", turn=bob)
    fake.make_admin(alice, group)
    record, _ = await bot.game(group)
    bot.clock.advance(50 * 60)
    if not posted:
        await fill_the_groups_window(bot, group)
    await bot.timers.run_due()
    fake.user_sends(alice, group, "/lang ru")
    if posted:
        await bot.deliver()
    else:
        handling = await bot.handed()

        async def redrawn() -> bool:
            publishing = bot.rt.publishing
            return publishing.group_language_of(record.id) == "ru" and not publishing.drawing(record.id)

        await standing_still(redrawn, "the game redrawn in Russian")
        assert not [m for m in fake.bot_messages_in(group) if (m.text or "").startswith("⏳")]  # on its way
        await bot.clock.run(asyncio.gather(*handling))
    await bot.tick(SETTLED)  # the edits paced in the group's window
    (warning,) = [m for m in fake.bot_messages_in(group) if (m.text or "").startswith("⏳")]
    return warning


@pytest.mark.parametrize("posted", [True, False], ids=["posted", "on its way"])
async def test_the_idle_warning_reads_as_the_group_switches_language(
    world: World, fake: FakeTelegram, posted: bool
) -> None:
    """(session 59's list) The warning that a match nobody moves in is about to stop stayed in the old
    language under the table redrawn in the new one, until Bob moved: its ten minutes are the ones the group
    reads it in. It is reworded with the figures it was posted with; one on its way is edited as it lands."""
    async with playing(world, fake, Rules().changed(turn_seconds=0)) as table:
        warning = await _warned_then_switched(table, posted)
        assert spaced(warning.text or "").startswith(IDLE_WARNING_RU), warning.text
        assert [e.get("url") for e in warning.entities] == [f"tg://user?id={table.people[1].id}"]


@pytest.mark.parametrize(
    ("code", "hello", "cards"),
    [
        (None, "Привет!", "У вас 7 карт"),  # noqa: RUF001
        ("de", "Hello!", "You have 7 cards"),
        ("uk-UA", "Hello!", "You have 7 cards"),
    ],
)
async def test_a_person_whose_language_the_bot_lacks_reads_english_one_whose_app_says_none_the_default(
    world: World, fake: FakeTelegram, code: str | None, hello: str, cards: str
) -> None:
    """README: DEFAULT_LANGUAGE is the language of "a player who has set none whose Telegram app does not
    say its language"; an app in a language the bot does not write in reads English, the international
    fallback, in a bot set to Russian too."""
    alice, bob = fake.add_user("Alice", language_code=code), fake.add_user("Bob", language_code="en")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running(default_language="ru") as bot:
        fake.user_starts_bot(alice)
        await bot.deliver()
        assert (hand_message(fake, alice).text or "").startswith(hello)
        fake.user_starts_bot(bob)
        fake.user_sends(alice, group, "/new")
        fake.user_sends(bob, group, "/join")
        fake.user_sends(alice, group, "/startgame")
        await bot.deliver()
        assert cards in spaced(hand_message(fake, alice).text or "")
        assert "You have 7 cards" in spaced(
            hand_message(fake, bob).text or ""
        )  # a language Telegram gave wins


@pytest.mark.parametrize(
    ("code", "default", "offered"),
    [
        ("de", "en", "🌐 По-русски: /lang ru"),
        ("de", "ru", "🌐 По-русски: /lang ru"),
        (None, "ru", "🌐 In English: /lang en"),
        ("kk", "en", "🌐 По-русски: /lang ru"),
    ],
)
async def test_a_newcomer_whose_language_the_bot_lacks_is_offered_the_other_one(
    world: World, fake: FakeTelegram, code: str | None, default: Language, offered: str
) -> None:
    """A German (or Kazakh) newcomer's first Start was answered in a language the bot guessed (English), one
    whose app says none in DEFAULT_LANGUAGE: nothing they could read said how to switch. The greeting now
    ends with the other language's /lang, as the group's greeting does; once, as the /colours hint."""
    dan = fake.add_user("Dan", language_code=code)
    async with world.running(default_language=default) as bot:
        fake.user_starts_bot(dan)
        await bot.deliver()
        assert (hand_message(fake, dan).text or "").endswith(f"\n{offered}")
        fake.user_starts_bot(dan)
        await bot.deliver()
        assert "🌐" not in (hand_message(fake, dan).text or "")


async def test_a_newcomer_whose_app_speaks_a_language_of_the_bot_is_offered_no_other(
    world: World, fake: FakeTelegram
) -> None:
    anna = fake.add_user("Anna", language_code="ru")
    async with world.running(default_language="en") as bot:
        fake.user_starts_bot(anna)
        await bot.deliver()
        assert "🌐" not in (hand_message(fake, anna).text or "")


async def test_a_player_who_switches_their_apps_language_reads_their_hand_in_it(
    world: World, fake: FakeTelegram
) -> None:
    """Bob's Telegram app goes from English to Russian mid-match: his next /start was answered in Russian
    ("Ваши карты — ниже…") above a hand still in English, which stayed so until the match ended."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, _group, (alice, bob)):
        bob.language_code = "ru"
        fake.user_starts_bot(bob)
        await bot.deliver()
        await bot.tick(SETTLED)
        assert "У вас " in (hand_message(fake, bob).text or "")  # noqa: RUF001
        assert "You have " in (hand_message(fake, alice).text or "")


async def test_a_player_who_chose_their_language_keeps_it_whatever_their_app_says(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, _group, (_alice, bob)):
        fake.user_sends(bob, fake.private_chat(bob), "/lang en")
        await bot.deliver()
        bob.language_code = "ru"
        fake.user_starts_bot(bob)
        await bot.deliver()
        await bot.tick(SETTLED)
        assert "You have " in (hand_message(fake, bob).text or "")


@pytest.mark.parametrize("command", ["/lang ru", "/settings language ru"])
async def test_a_player_who_is_no_admin_asking_for_their_language_in_the_group_is_told_where_to_set_it(
    world: World, fake: FakeTelegram, command: str
) -> None:
    """(helper-364's read of a group changing mid-match, session 51) Vera, the one Russian speaker, typed
    "/lang ru" in the group: the bare /lang and the menu's button tell a member that their own language is
    set in private, but the typed one read only "Only chat admins can do that. (Just made an admin?…)"."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, _):
        vera = fake.add_user("Vera", language_code="ru")
        fake.join_group(vera, group)
        fake.user_sends(vera, group, command)
        await bot.deliver()
        assert fake.last_bot_message(group).text == (
            "Язык чата могут менять только администраторы. "
            "А на каком языке мне писать лично вам, можно выбрать командой /lang в личном чате со мной."  # noqa: RUF001
        )
