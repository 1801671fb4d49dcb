"""A player who changes their Telegram name mid-game: its screens show the new name from their next update."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine.rules import Rules
from bot.tg.callback_data import Action
from tests.e2e.harness import World
from tests.e2e.matches import (
    ONE_ROUND,
    deal,
    deal_short_matches,
    gathered,
    play_until_over,
    started,
    stop_answer,
    stop_question,
    use_quick_rules,
)
from tests.e2e.test_closed_topics import _forum, _three_play
from tests.fake_bot_api import FakeTelegram, User
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing

SETTLED = 30  # seconds for every paced and settling edit to go out


async def test_the_table_shows_a_player_renamed_mid_match(world: World, fake: FakeTelegram) -> None:
    """The table kept "Alice" until the match ended, while the group saw her messages as "Alicia"."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        fake.user_renames(alice, "Alicia")
        fake.user_sends(alice, group, "new name, same luck")
        await bot.deliver()
        await bot.tick(SETTLED)
        record, doc = await bot.game(group)
        assert doc.names[alice.id] == "Alicia"
        assert record.table_message_id is not None
        table = fake.messages[(group.id, record.table_message_id)].text or ""
        assert "Alicia 🔑: 7\u00a0cards" in table and "Alice" not in table.replace("Alicia", ""), table


async def test_the_lobby_shows_a_player_renamed_while_waiting(world: World, fake: FakeTelegram) -> None:
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, (_, bob)):
        fake.user_renames(bob, "Robert")
        fake.user_sends(bob, group, "/join")  # in already: said so, and the lobby shows his new name
        await bot.deliver()
        await bot.tick(SETTLED)
        record, _ = await bot.game(group)
        assert record.table_message_id is not None  # the lobby's message, until the deal
        lobby = fake.messages[(group.id, record.table_message_id)].text or ""
        assert "2. Robert" in lobby and "Bob" not in lobby, lobby


# What the table, the narration and the renamer's hand say, by language, once Bob has become a second "Alex".
IMPOSTOR_READS = {
    "en": (
        " s\nAlex\n",  # the catch window's seconds, then whom it catches
        "🎯 Alex ² catches Alex without UNO!",
        "At the table you are Alex ².",
    ),
    "ru": (
        " с\nAlex\n",  # noqa: RUF001
        "🎯 Alex ² ловит игрока Alex без «УНО!».",  # noqa: RUF001
        "За столом вы — Alex ².",  # noqa: RUF001
    ),
}


async def _renames(table: Table, user: User, name: str) -> None:
    table.fake.user_renames(user, name)
    table.fake.user_sends(user, table.group, "new name")
    await table.deliver()
    await table.bot.tick(SETTLED)


def _rows(table: Table) -> list[str]:
    """The table's player rows, in seat order, without the turn marker."""
    return [row.split(" ", 1)[1] for row in table.text().splitlines() if row.startswith(("▶️", "▫️"))]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_player_who_renames_to_anothers_name_mid_match_is_the_second_of_that_name(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """Bob, seated first, renamed himself "Alex" mid-match: being first in seat order he kept the name
    unmarked and the real Alex became "Alex ²", so the table, the catch window and the narration pointed at
    the wrong one. Whoever took a name last is the one marked."""
    async with playing(world, fake, Rules(), names=("Bob", "Alex", "Carol"), language=language) as table:
        bob, alex, carol = table.people
        await _renames(table, bob, "Alex")
        hands = {bob.id: ["G1", "G2"], alex.id: ["R1", "R2"], carol.id: ["B1", "B2"]}
        await table.arrange(hands, top="R3", turn=alex)
        await table.play(alex, "R1")  # one card left, no UNO! called
        window, caught, you_are = IMPOSTOR_READS[language]
        assert window in table.text(), table.text()
        shown = [row.split(":")[0].removesuffix(" 🔑") for row in _rows(table)]
        assert shown == ["Alex ²", "Alex", "Carol"], shown  # each in their seat
        await table.press(bob, Action.CATCH, table.table_message())
        assert caught in table.text(), table.text()
        assert spaced(table.hand(bob).text or "").splitlines()[1] == you_are
        assert you_are.split("Alex")[0] not in (table.hand(alex).text or "")  # the real Alex is simply Alex


async def test_a_match_saved_before_the_order_of_names_was_kept_plays_on_in_seat_order(
    world: World, fake: FakeTelegram
) -> None:
    """A document without `name_order` (saved by an older bot) reads and plays on after a restart; names
    that read the same are marked in seat order, as they were then."""
    async with playing(world, fake, Rules(), names=("Bob", "Alex", "Carol")) as table:
        bob, alex, carol = table.people
        await _renames(table, bob, "Alex")
        await table.arrange({alex.id: ["R1", "R2", "R4"]}, top="R3", turn=alex)
        record, _ = await table.bot.game(table.group)
        async with table.bot.rt.database.unit_of_work() as uow:
            stored = await uow.games.get(record.id)
            assert stored is not None and "name_order" in stored.state
            old = {key: value for key, value in stored.state.items() if key != "name_order"}
            await uow.games.save(replace(stored, state=old))
    async with world.running() as bot:
        restarted = Table(bot, fake, table.group, [bob, alex, carol])
        await restarted.play(alex, "R1")
        assert "• Alex ² plays 🟥 1." in restarted.text(), restarted.text()
        _, doc = await bot.game(table.group)
        assert doc.state.turn == carol.id and doc.name_order == ()


async def test_a_name_taken_from_a_player_who_left_is_still_the_second_and_computers_are_unmarked(
    world: World, fake: FakeTelegram
) -> None:
    """Alex left the match, then Bob took her name: what the table tells of her stays hers, so Bob is
    "Alex ²"; the computer player, named by its number, is never one of two alike."""
    async with playing(world, fake, Rules(), names=("Bob", "Alex", "Carol"), computers=1) as table:
        bob, alex, _ = table.people
        table.fake.user_sends(alex, table.group, "/leave")
        await table.deliver()
        await _renames(table, bob, "Alex")
        shown = [row.split(":")[0].removesuffix(" 🔑") for row in _rows(table)]
        assert shown == ["Alex ²", "Carol", "🤖 Computer 1"], shown
        assert "• Alex leaves the game." in table.text(), table.text()


@pytest.mark.parametrize(
    ("new_name", "shown"),
    [("ALEX", "ALEX"), ("Alex 🔑", "Alex")],
    ids=["case only", "a mark the bot strips"],
)
async def test_a_rename_that_reads_the_same_keeps_the_twin_marks_where_they_were(
    world: World, fake: FakeTelegram, new_name: str, shown: str
) -> None:
    """The first of two Alexes wrote her name in capitals mid-match: she took it last, so she became
    "ALEX ²" and the other Alex lost his mark, though nobody's name read any differently."""
    async with playing(world, fake, Rules(), names=("Alex", "Alex", "Carol")) as table:
        first, _, _ = table.people
        before = [row.split(":")[0].removesuffix(" 🔑") for row in _rows(table)]
        assert before == ["Alex", "Alex ²", "Carol"], before
        await _renames(table, first, new_name)
        after = [row.split(":")[0].removesuffix(" 🔑") for row in _rows(table)]
        assert after == [shown, "Alex ²", "Carol"], after


async def test_a_person_named_as_a_computer_player_is_the_second_of_that_name(
    world: World, fake: FakeTelegram
) -> None:
    """A member named "Computer 1" (or "🤖 Computer 1", whose robot a member's name loses) beside the
    computer player: the narration's "Computer 1 catches..." read as the computer's, told apart only by a
    robot. The computer's name is the bot's, taken first, in every language, as "Player 1234" is."""
    async with playing(world, fake, Rules(), names=("🤖 Computer 1", "Carol"), computers=1) as table:
        member, _ = table.people
        shown = [row.split(":")[0].removesuffix(" 🔑") for row in _rows(table)]
        assert shown == ["Computer 1 ²", "Carol", "🤖 Computer 1"], shown
        assert spaced(table.hand(member).text or "").splitlines()[1] == "At the table you are Computer 1 ²."


async def test_a_second_player_of_one_name_who_stops_the_match_is_named_so_under_the_table(
    world: World, fake: FakeTelegram
) -> None:
    """Bob, now the second "Alex", stopped the match: the table read "Alex ² stopped the game.", the answer
    to his /stop under it "Alex stopped the game." (the other Alex, who had not)."""
    async with playing(world, fake, Rules(), names=("Bob", "Alex", "Carol")) as table:
        bob, _, _ = table.people
        await _renames(table, bob, "Alex")
        question = await stop_question(table.bot, fake, table.group, bob)
        await table.press_data(bob, stop_answer(question, yes=True), question)
        answered = spaced(fake.messages[(table.group.id, question.message_id)].text or "")
        assert answered == "Alex ² stopped the game.", answered


async def test_the_second_player_of_one_name_removed_is_named_so_by_the_notice(
    world: World, fake: FakeTelegram
) -> None:
    """Carol renamed herself "Alex" and was removed with "/kick Alex ²": the table read "Alex ² is removed",
    the notice under it "Alex was removed from the game. They were still playing", as if the Alex still
    seated had been."""
    async with playing(world, fake, Rules(), names=("Bob", "Alex", "Carol")) as table:
        bob, _, carol = table.people
        await _renames(table, carol, "Alex")
        fake.user_sends(bob, table.group, "/kick Alex ²")
        await table.deliver()
        assert "• Bob removes Alex ² from the game." in table.text(), table.text()
        notice = spaced(fake.bot_messages_in(table.group)[-1].text or "")
        assert notice.startswith("Bob removed Alex ² from the game. Alex ² was still playing"), notice


async def test_the_second_player_of_one_name_who_removes_a_player_is_named_so_by_the_notice(
    world: World, fake: FakeTelegram
) -> None:
    """(mutation audit, session 53) Bob, the host, renamed himself "Alex" and removed Carol, still playing:
    the notice under the table must say the match counts for nobody if "Alex ²" wins, not the other Alex."""
    async with playing(world, fake, Rules(), names=("Bob", "Alex", "Carol")) as table:
        bob, _, _ = table.people
        await _renames(table, bob, "Alex")
        fake.user_sends(bob, table.group, "/kick Carol")
        await table.deliver()
        notice = spaced(fake.bot_messages_in(table.group)[-1].text or "")
        assert notice.endswith("so if Alex ² wins now, the match counts for nobody."), notice


async def test_the_second_player_of_one_name_removed_while_paused_is_named_so_to_the_admin(
    world: World, fake: FakeTelegram
) -> None:
    """The same removal noted while the match was paused in a closed topic: the admin read, in private,
    that "Bob will leave the game", the Bob who stays."""
    forum, (room1, _), people, admin = _forum(fake)
    fake.user_starts_bot(admin)
    async with world.running() as bot:
        carol = await _three_play(bot, fake, forum, room1, people)
        fake.user_renames(carol, "Bob")
        fake.user_sends(carol, forum, "new name", thread_id=room1)
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        fake.user_sends(admin, forum, "/kick Bob ²", thread_id=room1)
        await bot.deliver()
        noted = spaced(fake.last_bot_message(fake.private_chat(admin)).text or "")
        assert noted.startswith("Bob ² will leave the game in Club · Room 1 when its topic"), noted


async def test_a_host_who_took_anothers_name_is_named_so_to_who_may_not_start(
    world: World, fake: FakeTelegram
) -> None:
    """The lobby listed its host, renamed "Alex" after Alex joined, as "Alex ² 🔑"; Carol's /startgame was
    refused with "Only the host, Alex, or a chat admin can do that.", pointing at the Alex who was not."""
    async with gathered(world, fake, ("Bob", "Alex", "Carol")) as (bot, group, (bob, _, carol)):
        fake.user_renames(bob, "Alex")
        fake.user_sends(bob, group, "new name")
        fake.user_sends(carol, group, "/startgame")
        await bot.deliver()
        refusal = spaced(fake.last_bot_message(group).text or "")
        assert refusal == "Only the host, Alex ², or a chat admin can do that.", refusal
        record, _ = await bot.game(group)
        assert record.table_message_id is not None
        lobby = spaced(fake.messages[(group.id, record.table_message_id)].text or "")
        assert "1. Alex ² 🔑" in lobby, lobby


async def test_a_player_who_took_a_new_username_mid_match_is_found_by_it(
    world: World, fake: FakeTelegram
) -> None:
    """Alex took the username @alex_new mid-match and wrote in the group with it: "/kick @alex_new" read
    "@alex_new isn't in the game." and "/stats @alex_new" "I don't know @alex_new", the bot knowing only
    the username he had (none) when he joined."""
    async with playing(world, fake, Rules(), names=("Bob", "Alex", "Carol")) as table:
        bob, alex, carol = table.people
        alex.username = "alex_new"
        fake.user_sends(alex, table.group, "my new username")
        await table.deliver()
        fake.user_sends(carol, table.group, "/stats @alex_new")
        await table.deliver()
        card = fake.bot_messages_in(table.group)[-1].text
        assert card == "Alex hasn't finished a match yet.", card
        fake.user_sends(bob, table.group, "/kick @alex_new")
        await table.deliver()
        assert "• Bob removes Alex from the game." in table.text(), table.text()


async def test_the_second_player_of_one_name_removed_from_a_lobby_is_named_so_by_the_notice(
    world: World, fake: FakeTelegram
) -> None:
    """The lobby read "Alex" and "Alex ²"; "/kick Alex ²" removed the second, and the notice said "Alex was
    removed from the game.": named from the lobby without him, where the Alex who stays is the only one."""
    async with gathered(world, fake, ("Bob", "Alex", "Alex")) as (bot, group, (bob, alex, _)):
        fake.user_sends(bob, group, "/kick Alex ²")
        await bot.deliver()
        await bot.tick(SETTLED)
        _, doc = await bot.game(group)
        assert doc.players == (bob.id, alex.id), doc.players
        notices = [spaced(m.text or "") for m in fake.bot_messages_in(group) if "removed" in (m.text or "")]
        assert notices == ["Bob removed Alex ² from the game."], notices


async def test_a_player_who_took_a_new_name_and_username_between_matches_is_found_by_them(
    world: World, fake: FakeTelegram
) -> None:
    """Bob became "Robert" (@robert_new) after his match and wrote /help in the group, no game running:
    "/stats @robert_new" read "I don't know @robert_new" and the board still said "Bob", his name followed
    only while he was in a game."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob", username="bob_old")
    group = fake.add_group("Home", members=[alice, bob])
    await use_quick_rules(world, group, ONE_ROUND)
    deal_short_matches(world)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        await play_until_over(bot, group, {alice.id: alice, bob.id: bob})
        bot.clock.advance(60)
        fake.user_renames(bob, "Robert")
        bob.username = "robert_new"
        fake.user_sends(bob, group, "/help")
        await bot.deliver()
        bot.clock.advance(30)
        fake.user_sends(alice, group, "/stats @robert_new")
        await bot.deliver()
        card = fake.last_bot_message(group).text or ""
        assert card.startswith("📊 Robert\n") and "Matches counted: 1\n" in card, card
        bot.clock.advance(30)
        fake.user_sends(alice, group, "/top")
        await bot.deliver()
        board = fake.last_bot_message(group).text or ""
        assert "Robert" in board and "Bob" not in board, board
