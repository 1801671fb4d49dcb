"""What a phone's notification tells each person: new messages notify (edits never do), and the preview shows
the text's first line."""

from __future__ import annotations

import re

import pytest

from bot.engine.rules import Rules, Scoring, preset
from bot.engine.scoring import ROUND_PAUSE_MS
from bot.service import Place
from bot.tg.callback_data import Action
from bot.tg.timers import STARTUP_GRACE_SECONDS
from tests.e2e.harness import World, buttons, press_action
from tests.e2e.matches import gather, gathered, play_until_over, use_quick_rules, whose_turn
from tests.fake_bot_api import Chat, FakeTelegram, Message, User
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing


def _previews(fake: FakeTelegram, chat: Chat, since: int = 0) -> list[str]:
    """The first line of each message the bot sent in `chat` (of its sendMessage calls from `since` on)."""
    return [
        call.response["result"]["text"].split("\n")[0]
        for call in fake.calls_to("sendMessage")[since:]
        if call.ok and str(call.params["chat_id"]) == str(chat.id)
    ]


def _told(fake: FakeTelegram, user: User, since: int = 0) -> list[str]:
    """`_previews` of the private chat with `user`."""
    return _previews(fake, fake.private_chat(user), since)


async def test_a_turn_notification_says_whose_turn_it_is_and_where(world: World, fake: FakeTelegram) -> None:
    """A hand sent for a turn led with the group's name and "Top card: …": "Your turn" came five lines down,
    past what a notification shows, and it read as the hand sent at the deal to one who waits."""
    people = [fake.add_user("Alice"), fake.add_user("Bob", language_code="ru"), fake.add_user("Carol")]
    group = fake.add_group("Friends", members=people)
    await use_quick_rules(world, group)
    async with world.running() as bot:
        await gather(bot, fake, group, people)
        press_action(fake, people[0], fake.last_bot_message(group), Action.START)
        await bot.deliver()
        # Those who wait learn where the game started: their notification read only "Friends".
        told = ["Friends: your turn", "Friends: игра началась", "Friends: the game has started"]
        assert [_told(fake, user)[-1] for user in people] == told
        # (session 57) The deal's table rings the group; a hand rings only for a move to make: Bob's rang at
        # the deal and again at his turn, and the next-in-line read "the game has started" 2 s before it.
        sounds = [not fake.last_bot_message(fake.private_chat(user)).silent for user in people]
        assert sounds == [True, False, False] and not fake.last_bot_message(group).silent
        # (session 59) The deal's table names Alice without a mention, as a later turn's does: it rang her a
        # second time, beside her hand.
        assert _pinged(fake, group)[-1] == [] and "Alice" in (fake.last_bot_message(group).text or "")
        dealt = len(fake.calls_to("sendMessage"))
        await bot.tick(65)  # Alice's time runs out: Bob's turn
        assert await whose_turn(bot, group, people) is people[1]
        assert not fake.last_bot_message(fake.private_chat(people[1])).silent  # his turn rings
        await play_until_over(bot, group, {user.id: user for user in people})
    ours = {"Alice": "Friends: your turn", "Bob": "Friends: ваш ход", "Carol": "Friends: your turn"}
    for user in people:  # after the deal a hand is sent only when its holder's turn begins
        told = _told(fake, user, dealt)
        assert told and set(told) == {ours[user.first_name]}, told
    # The group's moves are edits: it is told of the lobby, the deal, each round's end and the match's.
    *opened, final = _previews(fake, group)
    assert [spaced(preview) for preview in opened[:2]] == [
        "🎴 UNO: a new game",
        "🎴 UNO · round 1 · to 100 points",
    ]
    assert all(line.startswith("🏁 Round ") for line in opened[2:]), opened
    assert final.startswith("🏆 ") and final.endswith(" wins the match!"), final


@pytest.mark.parametrize("scoring", [Scoring.WINNER_TAKES, Scoring.SINGLE_ROUND], ids=["round", "match"])
async def test_the_first_movers_hand_does_not_say_the_game_started_once_the_first_round_is_over(
    world: World, fake: FakeTelegram, scoring: Scoring
) -> None:
    """(read in a Minecraft game) «Шахтёры: игра началась … Матч окончен.» headed the hand of the first mover,
    who had played: a hand sent at the deal is headed so while its player has done nothing, which the round's
    counts told, and they are emptied as round 1 ends."""
    async with playing(world, fake, Rules(scoring=scoring), names=("Alice", "Bob")) as table:
        actor = (await table.state()).actor
        first = next(user for user in table.people if user.id == actor)
        (second,) = (user for user in table.people if user is not first)
        dealt = table.hand(first).message_id
        hands = {first.first_name: ["R5", "G7"], second.first_name: ["R9"]}
        await table.arrange(hands, top="R3", turn=first)
        await table.play(first, "R5")
        await table.play(second, "R9")  # Bob goes out before the first mover's second turn

        hand = table.hand(first)
        ended = "round 1." if scoring is Scoring.WINNER_TAKES else "the match!"
        over = f"{second.first_name} wins {ended}"
        assert hand.message_id == dealt and over in spaced(hand.text or ""), hand.text
        assert (hand.text or "").startswith("Friends\n"), hand.text


@pytest.mark.parametrize("when", ["lobby", "match"])
async def test_the_group_notice_that_a_player_cannot_get_cards_notifies_that_player(
    world: World, fake: FakeTelegram, when: str
) -> None:
    """Only Bob can fix it (a Start in the private chat), yet the notice named him in plain text: a member who
    muted the group never heard of it. It mentions him now, as the idle warning does."""
    async with gathered(world, fake, ("Alice", "Bob", "Carol"), quick=True) as (bot, group, people):
        alice, bob, _ = people
        if when == "match":
            press_action(fake, alice, fake.last_bot_message(group), Action.START)
            await bot.deliver()
        fake.user_blocks_bot(bob)
        await bot.deliver()
        notice = fake.last_bot_message(group)
        assert "Bob can't get" in (notice.text or "")
        assert f"tg://user?id={bob.id}" in [entity.get("url") for entity in notice.entities]


@pytest.mark.parametrize(
    ("language", "said"), [("en", "🏆 Alice wins the match!"), ("ru", "🏆 Alice выигрывает матч!")]
)
async def test_the_message_that_ends_a_match_leads_with_who_won_it(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """Own-hand scoring to 100: Bob goes out, Carol passes 100, Alice wins with the lowest total. The group's
    notification read "🏁 Round 1: Bob wins!", the match's winner named seven lines further down."""
    rules = Rules().changed(scoring="own_hand", target_score=100)
    async with playing(world, fake, rules, language=language) as table:
        alice, bob, carol = table.people
        await table.head_start({alice.id: 10, bob.id: 40, carol.id: 95})
        await table.arrange({"Bob": ["R5"], "Alice": ["R1", "B4"], "Carol": ["G6", "B4"]}, top="R3", turn=bob)
        await table.play(bob, "R5")
        assert (fake.last_bot_message(table.group).text or "").split("\n")[0] == said


async def test_a_jump_in_with_a_seven_tells_the_jumper_of_the_swap_to_choose_without_a_sound(
    world: World, fake: FakeTelegram
) -> None:
    """House rules (jump-in, 7-0): Bob jumps in with a 7 on Alice's turn, and whom to swap with is his to
    choose, so his hand is sent anew as his turn's. It rang: a notification for the card he had just pressed.
    Carol's turn, next, rings as every turn does."""
    async with playing(world, fake, preset("house")) as table:
        alice, bob, carol = table.people
        hands = {"Alice": ["G4", "B9"], "Bob": ["G7", "Y2", "R1"], "Carol": ["R5", "G1"]}
        await table.arrange(hands, top="G7", turn=alice)
        sent = len(fake.calls_to("sendMessage"))
        await table.play(bob, "G7")
        assert (await table.state()).actor == bob.id
        assert _told(fake, bob, sent) == ["Friends: your turn"] and table.hand(bob).silent
        swap = next(data for _, data in buttons(table.hand(bob)) if data.action is Action.SWAP)
        await table.press_data(bob, swap)
        assert (await table.state()).actor == carol.id
        assert _told(fake, carol, sent) == ["Friends: your turn"] and not table.hand(carol).silent


def _pinged(fake: FakeTelegram, chat: Chat, since: int = 0) -> list[list[int]]:
    """Whom each new message the bot sent in `chat` (from sendMessage call `since` on) mentions: a link to a
    person in a new message notifies them (one in an edit does not)."""
    return [
        [int(user) for user in re.findall(r"tg://user\?id=(\d+)", str(call.params["text"]))]
        for call in fake.calls_to("sendMessage")[since:]
        if call.ok and str(call.params["chat_id"]) == str(chat.id)
    ]


def _links(message: Message) -> list[str]:
    return [entity["url"] for entity in message.entities if entity.get("url", "").startswith("tg://user")]


async def _table_command(table: Table, user: User) -> None:
    """`user` sends /table half a minute after the table was last posted (sooner it only points up)."""
    await table.bot.tick(31)
    table.fake.user_sends(user, table.group, "/table")
    await table.deliver()
    await table.bot.tick(5)


async def test_the_player_to_move_is_pinged_once_a_turn_however_often_the_table_is_posted(
    world: World, fake: FakeTelegram
) -> None:
    """Each new table message mentioned the player to move, and a mention in a new message notifies: /table
    asked twice in a turn, or a table someone deleted posted anew, pinged them again and again (after a
    restart too). Now the first new message of a turn pings its player, later ones in that turn do not."""
    hands = {"Alice": ["R5", "W"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules(turn_seconds=0)) as before:
        alice, bob, carol = before.people
        dealt_to = (await before.state()).actor
        assert _pinged(fake, before.group)[-1] == []  # the deal's hand rang the first player, not its table
        await before.arrange(hands, top="R3", turn=carol if dealt_to == alice.id else alice)
        await before.arrange(hands, top="R3", turn=alice)  # her turn begins: an edit of the table
        since = len(fake.calls_to("sendMessage"))
        await _table_command(before, bob)  # the first new message of her turn: it pings her
        await _table_command(before, carol)
        fake.delete_message(before.table_message())
        await before.play(alice, "W")  # still her turn (its colour); the table is posted anew
        await before.bot.tick(30)
        assert (await before.state()).actor == alice.id
        assert not _links(before.table_message())  # its edits in her turn leave it as it was posted
    async with world.running() as bot:  # a restart: still her turn
        table = Table(bot, fake, before.group, before.people)
        await bot.tick(STARTUP_GRACE_SECONDS)
        await _table_command(table, carol)
        assert not _links(table.table_message())
        colour = next(data for _, data in buttons(table.hand(alice)) if data.action is Action.COLOUR)
        await table.press_data(alice, colour)  # Bob's turn: the next new message pings him
        await _table_command(table, carol)
    assert _pinged(fake, table.group, since) == [[alice.id], [], [], [], [bob.id]]


async def _bobs_turn_begins(table: Table) -> None:
    """Bob's turn begins (an edit of the table), after another's: his mention is the turn's to come."""
    alice, bob, carol = table.people
    hands = {"Alice": ["R1"], "Bob": ["G5"], "Carol": ["B7"]}
    dealt_to = (await table.state()).actor
    await table.arrange(hands, top="R3", turn=carol if dealt_to == bob.id else alice)
    await table.arrange(hands, top="R3", turn=bob)


async def test_the_idle_warnings_mention_is_the_turns_and_a_table_posted_after_it_does_not_ping_again(
    world: World, fake: FakeTelegram
) -> None:
    """Nobody moved for 50 minutes: the warning mentions Bob, whose move it is, which notifies him. A /table
    half a minute later posted the table with a mention too, and pinged him a second time for that turn."""
    async with playing(world, fake, Rules(turn_seconds=0)) as table:
        _, bob, carol = table.people
        await _bobs_turn_begins(table)
        since = len(fake.calls_to("sendMessage"))
        await table.bot.tick(50 * 60)
        warning = fake.last_bot_message(table.group)
        assert "⏳" in (warning.text or "") and not warning.silent  # the game's own message: it rings
        await _table_command(table, carol)
        assert not _links(table.table_message())
    assert _pinged(fake, table.group, since) == [[bob.id], []]


async def test_a_table_that_pinged_the_player_keeps_its_mention_after_the_idle_warning(
    world: World, fake: FakeTelegram
) -> None:
    """The turn's ping was the table's (/table posted it anew): the idle warning, mentioning Bob too, is not
    taken for the turn's mention, or the table's next edit would drop the link to him."""
    async with playing(world, fake, Rules(turn_seconds=0)) as table:
        _, bob, carol = table.people
        await _bobs_turn_begins(table)
        await _table_command(table, carol)  # the first new message of his turn: it pings him
        assert _links(table.table_message()) == [f"tg://user?id={bob.id}"]
        await table.bot.tick(50 * 60)
        assert "⏳" in (fake.last_bot_message(table.group).text or "")
        fake.user_renames(carol, "Caroline")  # the table is edited to show her new name
        fake.user_sends(carol, table.group, "still here")
        await table.deliver()
        await table.bot.tick(30)
        assert "Caroline" in (table.table_message().text or "")
        assert _links(table.table_message()) == [f"tg://user?id={bob.id}"]


async def test_a_later_rounds_deal_rings_once_the_first_movers_hand(world: World, fake: FakeTelegram) -> None:
    """(session 57) One ring a person for each thing they must do, at every deal: the first deal rings the
    group's table (the game started) and the first mover's hand. A later round's deal posts the round's result
    and the new table without a sound, and of the hands sends only the first mover's anew, ringing: the
    others' are edited (an edit never notifies), their new cards shown for the turn that will ring. (Session
    59) The new table names the first mover without a mention, as the first deal's does: a mention notifies
    though the message goes without a sound, and rang them a second time, beside their hand."""
    async with playing(world, fake, Rules(turn_seconds=0), names=("Alice", "Bob", "Carol")) as table:
        alice = table.people[0]
        hands = {"Alice": ["R1"], "Bob": ["B1", "B5"], "Carol": ["G1", "G2"]}
        await table.arrange(hands, top="R3", turn=alice)
        since = len(fake.calls_to("sendMessage"))
        await table.play(alice, "R1")  # she goes out: round 2 is dealt after the pause
        await table.bot.tick(ROUND_PAUSE_MS / 1000)
        await table.bot.tick(60)
        state = await table.state()
        assert state.round_no == 2 and state.actor is not None
        sent = [
            (int(call.params["chat_id"]), bool(call.params.get("disable_notification")))
            for call in fake.calls_to("sendMessage")[since:]
            if call.ok
        ]
    in_group = [silent for chat, silent in sent if chat == table.group.id]
    assert in_group == [True, True], sent  # the round's result, the new table
    assert [(chat, silent) for chat, silent in sent if chat != table.group.id] == [(state.actor, False)]
    first_mover = next(user.first_name for user in table.people if user.id == state.actor)
    assert _pinged(fake, table.group, since)[-1] == [] and first_mover in (table.table_message().text or "")


@pytest.mark.parametrize(
    ("turn_seconds", "rang"), [(600, [True, True, False, False]), (60, [True] * 4)], ids=["10 min", "1 min"]
)
async def test_turns_ring_no_phone_once_everyone_missed_theirs_nor_does_the_stop_that_ends_the_match(
    world: World, fake: FakeTelegram, turn_seconds: int, rang: list[bool]
) -> None:
    """(session 62, a match left overnight) Everyone went to sleep mid-match: with ten minutes a turn and ten
    turns missed in a row before removal, each player's next turn rang their phone every 40 minutes until
    3 a.m., and the group's last word, that nobody played any more, rang everyone at half past three. Each
    turn rings until its player missed one; once every person seated missed their last, turns come without
    a sound, until someone presses again; and the stop of a match nobody plays any more rings no one. Not
    after a few minutes: at a minute a turn, three who each missed one (at the door for the pizza) are called
    back by their next turns' rings before the missed turns remove them (stop_rules.QUIET_AFTER_SECONDS)."""
    async with playing(world, fake, Rules(turn_seconds=turn_seconds)) as table:
        people = {user.id: user for user in table.people}
        hands = {"Alice": ["R1", "G4"], "Bob": ["R5", "B7"], "Carol": ["R8", "Y2"]}
        await table.arrange(hands, top="R3", turn=table.people[0])

        async def time_runs_out() -> User | None:
            """The turn runs out: whose turn is next, their hand sent anew (None: the match ended)."""
            deadline = (await table.state()).turn_deadline
            assert deadline is not None
            await table.bot.tick(deadline / 1000 - table.bot.clock() + 1)
            found = await table.bot.rt.service.find(Place(table.group.id))
            return None if found is None or found[1].state.actor is None else people[found[1].state.actor]

        def rings(user: User | None) -> bool:
            assert user is not None
            return not table.hand(user).silent

        assert [rings(await time_runs_out()) for _ in range(4)] == rang  # all 3 missed theirs
        awake = people[(await table.state()).actor or 0]
        await table.play(awake, next(code for code in await table.codes(awake) if code.startswith("R")))
        assert rings(people[(await table.state()).actor or 0])  # one is back: the turns ring again
        for _ in range(10):  # they miss their turns until one is left, who missed theirs too
            if await time_runs_out() is None:
                break
        await table.bot.tick(30)
        stopped = fake.last_bot_message(table.group)
        assert (stopped.text or "").startswith("⏹ The game was stopped: nobody was playing any more")
        assert stopped.silent
