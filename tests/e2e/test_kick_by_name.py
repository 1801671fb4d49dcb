"""/kick and the player's name: whoever joined with the lobby's button may never have written in the group,
so there may be no message of theirs to reply to."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from bot.tg.callback_data import Action
from bot.tg.render.unlinked import WORD_JOINER
from tests.e2e.harness import World, press_action
from tests.e2e.matches import deal, gather, use_quick_rules
from tests.fake_bot_api import FakeTelegram
from tests.narrow_phone import spaced
from tests.rules_in_play.table import playing


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_with_the_timer_off_the_notice_about_a_blocked_player_says_a_kick_that_works(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """Bob never wrote in the group. Replying to the bot's notice names no one; its advice does."""
    rules = Rules().changed(turn_seconds=0)
    async with playing(world, fake, rules, language=language) as table:
        alice, bob, _ = table.people
        await table.arrange({"Alice": ["R1"], "Bob": ["G5"], "Carol": ["B7"]}, top="R3", turn=bob)
        fake.user_blocks_bot(bob)
        await table.deliver()
        notice = fake.last_bot_message(table.group)
        assert "/kick Bob," in (notice.text or "")
        fake.user_sends(alice, table.group, "/kick", reply_to=notice)
        await table.deliver()
        hint = fake.last_bot_message(table.group).text or ""
        assert "/kick" in hint and "Bob" not in hint  # the usage hint, not "<the bot> is not in the game"
        assert bob.id in (await table.state()).players
        fake.user_sends(alice, table.group, "/kick Bob", reply_to=notice)
        await table.deliver()
        assert bob.id not in (await table.state()).players


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_long_name_cut_alike_with_another_is_kicked_as_the_table_and_the_notice_show_it(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """(session 58) The table read "Alexandra Kon… ²", the notice about her "/kick Alexandra Konstantinopo…"
    (cut at 24 letters' width), and the table's name, copied, kicked nobody. The table, the notice and the
    kick's answer name her one way now, and that name kicks her."""
    names = ("Alice", "Alexandra Konstantinova", "Alexandra Konstantinopolskaya")
    async with playing(world, fake, Rules().changed(turn_seconds=0), names, language=language) as table:
        alice, _, alexandra = table.people
        hands = {"Alice": ["R1"], names[1]: ["G5"], names[2]: ["B7"]}
        await table.arrange(hands, top="R3", turn=alexandra)
        shown = "Alexandra Kon… ²"
        assert f"▶️ {shown}:" in table.text()
        fake.user_blocks_bot(alexandra)
        await table.deliver()
        notice = spaced(fake.last_bot_message(table.group).text or "")
        assert f"/kick {shown}," in notice and "Konstantinopo" not in notice, notice
        fake.user_sends(alice, table.group, f"/kick {shown}")
        await table.deliver()
        assert alexandra.id not in (await table.state()).players
        assert f" {shown} " in spaced(fake.last_bot_message(table.group).text or "")  # named by the kicker


async def test_a_name_cut_alike_with_one_who_left_is_kicked_as_the_table_still_shows_it(
    world: World, fake: FakeTelegram
) -> None:
    """(mutation audit, session 58) The names are told apart among all the game's seats, as its screens tell
    them: one who left still marks the other "²", and that name kicks her."""
    names = ("Alice", "Bob", "Alexandra Konstantinova", "Alexandra Konstantinopolskaya")
    async with playing(world, fake, Rules(), names) as table:
        alice, _, first, second = table.people
        await table.arrange(
            {"Alice": ["R1"], "Bob": ["R2"], names[2]: ["G5"], names[3]: ["B7"]}, top="R3", turn=alice
        )
        fake.user_sends(first, table.group, "/leave")
        await table.deliver()
        shown = "Alexandra Kon… ²"
        assert first.id not in (await table.state()).players and f"{shown}:" in table.text(), table.text()
        fake.user_sends(alice, table.group, f"/kick {shown}")
        await table.deliver()
        assert second.id not in (await table.state()).players


async def test_a_player_is_kicked_by_username_or_name_in_any_case(world: World, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice")
    bob, carol = fake.add_user("Bob", username="bobby"), fake.add_user("Carol \u202eXO")
    dan = fake.add_user("Dan", username="dan_the_man")  # in the group, not in the game
    group = fake.add_group("Friends", members=[alice, bob, carol, dan])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob, carol])
        fake.user_sends(alice, group, "/kick @dan_the_man")
        await bot.deliver()
        # As typed, but no mention: Telegram would notify Dan.
        assert fake.last_bot_message(group).text == f"@{WORD_JOINER}dan_the_man isn't in the game."
        fake.user_sends(alice, group, "/kick @BOBBY")
        fake.user_sends(alice, group, "/kick   carol xo")  # as the lobby shows her: no bidi override
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.players == (alice.id,)
        said = [spaced(m.text or "") for m in fake.bot_messages_in(group)]
        assert "Alice removed Bob from the game." in said and "Alice removed Carol XO from the game." in said


async def test_only_the_creator_or_an_admin_learns_whether_a_name_is_seated(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    group = fake.add_group("Friends", members=[alice, bob, carol])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob, carol])
        for typed in ("/kick Carol", "/kick Zed"):
            fake.user_sends(bob, group, typed)
            await bot.deliver()
            refused = "Only the host, Alice, or a chat admin can do that."
            assert fake.last_bot_message(group).text == refused
        _, doc = await bot.game(group)
        assert carol.id in doc.players


async def test_two_players_of_one_name_are_told_apart_as_the_table_does_or_by_the_mention_list(
    world: World, fake: FakeTelegram
) -> None:
    """Neither Bob has a username; the table shows the second as "Bob ²", and so does the notice about him."""
    alice, bob, other_bob = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Bob")
    carol = fake.add_user("Carol")
    group = fake.add_group("Friends", members=[alice, bob, other_bob, carol])
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob, other_bob, carol])
        fake.user_sends(alice, group, "/kick bob")
        await bot.deliver()
        several = spaced(fake.last_bot_message(group).text or "")
        assert several == (  # neither has a username: the names as the table shows them tell them apart
            "Several players are called bob: Bob and Bob ². Send /kick and the name as the list of players"
            " shows it, or reply to their message with /kick."
        )
        fake.user_blocks_bot(other_bob)
        await bot.deliver()
        assert spaced(fake.last_bot_message(group).text or "").startswith("Bob ² can't get their cards")
        said = fake.user_sends(carol, group, "hi")  # a name after the command wins over the reply
        fake.user_sends(alice, group, "/kick Bob", reply_to=said, mentions=[bob])
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.state.players == [alice.id, other_bob.id, carol.id]
        fake.user_sends(alice, group, "/kick Bob ²")  # as the notice names him
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.state.players == [alice.id, carol.id]
        fake.user_sends(alice, group, "/kick Bob")
        await bot.deliver()
        assert fake.last_bot_message(group).text == "Bob isn't in the game."


async def test_the_second_of_two_names_alike_is_kicked_with_a_plain_digit_for_its_mark(
    world: World, fake: FakeTelegram
) -> None:
    """(session 54) The lobby showed "2. Борис ²" and asked for the name "as the list of players shows it",
    but "²" is on no phone's keyboard: "/kick Борис 2", as anyone types it, read "Борис 2 не участвует в
    игре"."""
    alice = fake.add_user("Алиса", language_code="ru")
    bob, other_bob = fake.add_user("Борис", language_code="ru"), fake.add_user("Борис", language_code="ru")
    group = fake.add_group("Друзья", members=[alice, bob, other_bob])
    await use_quick_rules(world, group, language="ru")
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob, other_bob])
        fake.user_sends(alice, group, "/kick Борис 2")
        await bot.deliver()
        assert spaced(fake.last_bot_message(group).text or "") == "Игрока Борис ² убрал из игры игрок Алиса."
        _, doc = await bot.game(group)
        assert doc.players == (alice.id, bob.id)


async def test_the_start_of_a_name_or_of_a_word_of_it_kicks_the_one_player_it_fits(
    world: World, fake: FakeTelegram
) -> None:
    """(session 51) "/kick Алекс" found no Александра: only a name typed whole, or as the table shows it, did.
    A name typed whole still wins over one it begins ("alex": Alex, not Alexandra)."""
    alice, alex, alexandra = fake.add_user("Alice"), fake.add_user("Alex"), fake.add_user("Alexandra")
    aleksei, bob = fake.add_user("Алексей"), fake.add_user("Bob Smith")
    group = fake.add_group("Friends", members=[alice, alex, alexandra, aleksei, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, alex, alexandra, aleksei, bob])
        kicks = (("ALEX", "Alex"), ("алекс", "Алексей"), ("smi", "Bob Smith"), ("alexa", "Alexandra"))
        for typed, kicked in kicks:
            fake.user_sends(alice, group, f"/kick {typed}")
            await bot.deliver()
            assert spaced(fake.last_bot_message(group).text or "") == f"Alice removed {kicked} from the game."
        _, doc = await bot.game(group)
        assert doc.players == (alice.id,)


async def test_a_start_leaves_out_the_kicker_and_computers_when_a_person_fits(
    world: World, fake: FakeTelegram
) -> None:
    """(session 51) "/kick al" sent by Alice answered "“al” could be several players: Alice, Alexandra", and
    "/kick co" listed Computer 1 beside Cora: one leaves with /leave, and computers are not kicked."""
    alice, alexandra, cora = fake.add_user("Alice"), fake.add_user("Alexandra"), fake.add_user("Cora")
    group = fake.add_group("Friends", members=[alice, alexandra, cora])
    await use_quick_rules(world, group)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, alexandra, cora])
        press_action(fake, alice, fake.last_bot_message(group), Action.ADD_COMPUTER)
        await bot.deliver()
        for typed, kicked in (("al", "Alexandra"), ("co", "Cora")):
            fake.user_sends(alice, group, f"/kick {typed}")
            await bot.deliver()
            assert spaced(fake.last_bot_message(group).text or "") == f"Alice removed {kicked} from the game."
        _, doc = await bot.game(group)
        assert doc.players == (alice.id, -1)


@pytest.mark.parametrize(
    ("language", "which"),
    [
        (
            "en",
            "“ale” could be several players: Alex and Alexandra. Send /kick and more of the name, or reply to"
            " their message with /kick.",
        ),
        (
            "ru",
            "«ale» подходит нескольким игрокам: Alex и Alexandra. Отправьте /kick и имя полностью или"
            " ответьте командой /kick на сообщение того, кого нужно убрать.",
        ),
    ],
)
async def test_a_start_several_names_share_asks_for_more_of_the_name(
    world: World, fake: FakeTelegram, language: str, which: str
) -> None:
    """Several players whose names begin so: the bot lists them and asks, never picks one."""
    alice = fake.add_user("Alice", language_code=language)
    alex, alexandra = fake.add_user("Alex"), fake.add_user("Alexandra")
    group = fake.add_group("Friends", members=[alice, alex, alexandra])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, alex, alexandra])
        fake.user_sends(alice, group, "/kick ale")
        await bot.deliver()
        assert fake.last_bot_message(group).text == which
        _, doc = await bot.game(group)
        assert doc.players == (alice.id, alex.id, alexandra.id)


@pytest.mark.parametrize(
    ("third", "command", "said", "kicked"),
    [
        # Only a name typed whole wins over the message replied to: not Alexandra, whose name "alexa" begins.
        ("Alexandra", "/kick alexa", "hi", "Bob"),
        # The name written wins: Carol, though the reply is to Bob's message (about Carol, say).
        ("Carol", "/kick Carol", "Carol is afk", "Carol"),
    ],
    ids=["a reason beginning a name", "a name typed whole"],
)
async def test_a_kick_in_reply_to_bob_kicks_the_one_its_words_name_whole_else_bob(
    world: World, fake: FakeTelegram, third: str, command: str, said: str, kicked: str
) -> None:
    alice, bob, other = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user(third)
    group = fake.add_group("Friends", members=[alice, bob, other])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob, other])
        fake.user_sends(alice, group, command, reply_to=fake.user_sends(bob, group, said))
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.players == (alice.id, other.id if kicked == "Bob" else bob.id)


async def test_a_reply_to_one_not_playing_says_they_are_not_in_the_game(
    world: World, fake: FakeTelegram
) -> None:
    """The refusal names the one replied to, not the kicker ("You aren't in the game")."""
    alice, bob, dave = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Dave")
    group = fake.add_group("Friends", members=[alice, bob, dave])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        fake.user_sends(alice, group, "/kick", reply_to=fake.user_sends(dave, group, "hi"))
        await bot.deliver()
        assert "Dave isn't in the game." in (fake.last_bot_message(group).text or "")


async def test_a_reply_with_a_reason_kicks_the_author_of_the_message_replied_to(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    group = fake.add_group("Friends", members=[alice, bob, carol])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob, carol])
        said = fake.user_sends(bob, group, "spam spam spam")
        fake.user_sends(alice, group, "/kick flooding the chat", reply_to=said)
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.players == (alice.id, carol.id)


async def test_a_reason_in_a_reply_is_not_answered_as_a_name(world: World, fake: FakeTelegram) -> None:
    """ "/kick afk" replying to Bob's message kicks Bob: no "afk isn't in the game." above his removal."""
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    group = fake.add_group("Friends", members=[alice, bob, carol])
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob, carol])
        fake.user_sends(alice, group, "/kick afk", reply_to=fake.user_sends(bob, group, "brb"))
        await bot.deliver()
        said = [m.text or "" for m in fake.bot_messages_in(group)]
        assert not [text for text in said if "isn't in the game" in text], said
        assert bob.id not in (await bot.game(group))[1].state.players


@pytest.mark.parametrize(
    ("language", "typed", "lobby_hint", "match_hint"),
    [
        ("en", "/kick Computer 1", "🤖 Remove one", "play until the match ends"),
        ("ru", "/kick Компьютер 1", "🤖 Убрать", "играют до конца матча"),
    ],
)
async def test_kicking_a_computer_player_says_how_computers_leave(
    world: World, fake: FakeTelegram, language: str, typed: str, lobby_hint: str, match_hint: str
) -> None:
    """The lobby lists "🤖 Computer 1", yet "/kick Computer 1" answered "Computer 1 is not in the game."."""
    alice, bob = fake.add_user("Alice", language_code=language), fake.add_user("Bob", language_code=language)
    group = fake.add_group("Friends", members=[alice, bob])
    await use_quick_rules(world, group, language=language)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        press_action(fake, alice, fake.last_bot_message(group), Action.ADD_COMPUTER)
        await bot.deliver()
        for kicked in (typed, typed.replace("/kick ", "/kick 🤖 ")):
            fake.user_sends(alice, group, kicked)
            await bot.deliver()
            said = fake.last_bot_message(group).text or ""
            assert lobby_hint in said, said
        press_action(fake, alice, fake.bot_messages_in(group)[0], Action.START)  # the lobby
        await bot.deliver()
        fake.user_sends(alice, group, typed)
        await bot.deliver()
        said = fake.last_bot_message(group).text or ""
        assert match_hint in said, said
        _, doc = await bot.game(group)
        assert -1 in doc.state.players


@pytest.mark.parametrize(
    ("language", "hint"),
    [("en", "Computer players aren't removed with /kick"), ("ru", "Компьютерных игроков не убирают")],
)
async def test_a_computers_name_names_the_computer_and_the_person_marked_for_it_is_kicked_by_the_mark(
    world: World, fake: FakeTelegram, language: str, hint: str
) -> None:
    """A member named "Computer 1" is shown "Computer 1 ²" beside the lobby's computer, yet "/kick Computer 1"
    kicked them (only people can be kicked), where the one called so on the list is the computer."""
    alice = fake.add_user("Alice", language_code=language)
    namesake = fake.add_user("Computer 1", language_code=language)
    group = fake.add_group("Friends", members=[alice, namesake])
    await use_quick_rules(world, group, language=language)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, namesake])
        press_action(fake, alice, fake.last_bot_message(group), Action.ADD_COMPUTER)
        await bot.deliver()
        for typed in ("Computer 1", "🤖 Computer 1", "компьютер 1", "🤖 Компьютер 1"):
            fake.user_sends(alice, group, f"/kick {typed}")
            await bot.deliver()
            said = fake.last_bot_message(group).text or ""
            assert hint in said, (typed, said)
        _, doc = await bot.game(group)
        assert doc.players == (alice.id, namesake.id, -1)
        fake.user_sends(alice, group, "/kick Computer 1 ²")  # as the lobby shows them
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.players == (alice.id, -1)


async def test_kicking_yourself_points_to_leave(world: World, fake: FakeTelegram) -> None:
    """A kicked player's match does not count for them: who runs a game they are losing kicked themselves out
    of the loss. /leave is the way out."""
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    group = fake.add_group("Friends", members=[alice, bob, carol])
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob, carol])
        fake.user_sends(alice, group, "/kick Alice")
        await bot.deliver()
        assert fake.last_bot_message(group).text == "To leave the game, send /leave."
        _, doc = await bot.game(group)
        assert alice.id in doc.state.players and alice.id not in doc.kicked


async def test_a_name_of_invisible_characters_is_no_name(world: World, fake: FakeTelegram) -> None:
    """ "/kick ㅤ" (a blank-looking name, as Telegram lets people have) was answered "Player 0 is not in the
    game.": it names nobody, so it gets /kick's answer to no name (session 60: which player, on buttons)."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        for command in ("/kick \u3164", "/kick \u200b \u0301"):
            fake.user_sends(alice, group, command)
            await bot.deliver()
            assert (fake.last_bot_message(group).text or "").startswith("Which player should I remove?")
        _, doc = await bot.game(group)
        assert bob.id in doc.state.players
