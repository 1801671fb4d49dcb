"""A game of two: what /rules tells a newcomer is what the cards then do (RULES.md §3, "Two players")."""

from __future__ import annotations

import itertools

import pytest
from sqlalchemy import select

from bot.engine.cards import Kind
from bot.engine.decks import DeckName
from bot.engine.game import new_match
from bot.engine.rules import PRESETS, Rules
from bot.engine.state import GameState
from bot.storage import Database
from bot.storage.models import GameStatus, MatchResult
from bot.tg.render.cards import card_id_label
from tests.e2e.harness import World
from tests.e2e.matches import deal, stop
from tests.fake_bot_api import FakeTelegram
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing, store_chat

# What ends the hand of one removed for missed turns, after why: where to play again.
NEXT_GAME = {
    "en": " You can join the next game in the group.",
    "ru": " Вы сможете присоединиться к следующей игре в группе.",
}
# Under it, once the bot stopped the match: that it did (and why, when it was no longer played).
STOPPED = {"en": "\n⏹ The game was stopped.", "ru": "\n⏹ Игра остановлена."}
NOBODY_PLAYING = {
    "en": "\nNobody was playing any more, so nobody wins.",
    "ru": "\nНикто больше не играл, победителя нет.",  # noqa: RUF001
}


@pytest.mark.parametrize(
    ("language", "told", "narrated"),
    [
        (
            "en",
            "Reverse: play goes the other way (between two players, it works as a Skip).",
            "Bob misses a turn",
        ),
        (
            "ru",
            "«Разворот»: игра идёт в другую сторону (если игроков двое, действует как «Пропуск»).",
            "Bob пропускает ход",
        ),
    ],
    ids=["en", "ru"],
)
async def test_rules_say_a_reverse_between_two_is_a_skip(
    world: World, fake: FakeTelegram, language: str, told: str, narrated: str
) -> None:
    """(audit of 2026-12-05) /rules said only "⇄ Reverse: play goes the other way"; between two players the
    one who plays it moves again, which a newcomer's first game of two showed without a word of warning."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob"), language=language) as table:
        alice, bob = table.people
        fake.user_sends(bob, table.group, "/rules")
        await table.deliver()
        assert told in (fake.last_bot_message(table.group).text or "")
        await table.arrange({"Alice": ["RR", "R5", "B9"], "Bob": ["Y1", "Y2"]}, top="R3", turn=alice)
        await table.play(alice, "RR")
        assert (await table.state()).turn == alice.id  # Bob's turn is skipped
        assert narrated in table.text()


@pytest.mark.parametrize(
    ("language", "told"),
    [
        ("en", "Round 1 — {dealer} deals, the start card is {card}: {first} misses a turn."),
        ("ru", "Раунд 1 — сдаёт {dealer}, первая карта {card}: {first} пропускает ход."),
    ],
    ids=["en", "ru"],
)
async def test_a_reverse_start_card_between_two_is_a_skip_too(
    world: World, fake: FakeTelegram, language: str, told: str
) -> None:
    """(duel audit, 2026-12-05) RULES.md §2: between two players a Reverse start card has the dealer move
    first, as a Reverse in play skips the other (§3). The round's first line read "Bob begins; the direction
    changes: ⬆️", and the table's turn order showed ⬆️ for the whole round, though no Reverse played later
    in it turns anything between two."""
    alice, bob = fake.add_user("Alice", language_code=language), fake.add_user("Bob", language_code=language)
    group = fake.add_group("Friends", members=[alice, bob])
    await store_chat(world, group, Rules(), language)
    seed = next(
        s for s in range(2000) if _starts_with_a_reverse(new_match([alice.id, bob.id], Rules(), s)[0])
    )
    world.seeds = itertools.count(seed)
    async with world.running() as bot:
        await deal(bot, fake, group, [alice, bob])
        table = Table(bot, fake, group, [alice, bob])
        state = await table.state()
        dealer, first = (alice, bob) if state.dealer == alice.id else (bob, alice)
        assert state.turn == dealer.id and state.direction == 1
        card = card_id_label(state.discard[0], DeckName.CLASSIC, language)
        assert told.format(dealer=dealer.first_name, card=card, first=first.first_name) in spaced(
            table.text()
        )
        assert "⬆️" not in table.text()


def _starts_with_a_reverse(state: GameState) -> bool:
    return state.card(state.discard[0]).kind is Kind.REVERSE


@pytest.mark.parametrize(
    ("language", "told"),
    [
        ("en", "Bob plays 🟥 0: the two players swap hands."),
        ("ru", "Bob играет 🟥 0: игроки меняются картами."),
    ],
    ids=["en", "ru"],
)
async def test_a_zero_between_two_is_told_as_the_swap_it_is(
    world: World, fake: FakeTelegram, language: str, told: str
) -> None:
    """(duel audit, 2026-12-05) Between two players a 0 (seven_zero) swaps the two hands; the table read
    "every hand passes on ⬇️", a direction that nothing between two follows."""
    async with playing(world, fake, PRESETS["house"], names=("Alice", "Bob"), language=language) as table:
        alice, bob = table.people
        await table.arrange(
            {"Alice": ["R7", "B9", "G2"], "Bob": ["Y1", "Y2", "R1", "R0"]}, top="R3", turn=bob
        )
        await table.play(bob, "R0")
        assert sorted(await table.codes(alice)) == ["R1", "Y1", "Y2"]
        assert told in table.text()
        assert "⬇️" not in table.text().split("Recent", 1)[-1].split("Последние", 1)[-1]


@pytest.mark.parametrize(
    ("language", "told"),
    [
        ("en", ("🔄 Bob swapped hands with you.", "🔄 You swapped hands with Alice.")),
        ("ru", ("🔄 С вами поменялся картами игрок Bob.", "🔄 Вы поменялись картами с игроком Alice.")),  # noqa: RUF001
    ],
    ids=["en", "ru"],
)
async def test_a_zero_between_two_is_a_swap_on_the_hands_too(
    world: World, fake: FakeTelegram, language: str, told: tuple[str, str]
) -> None:
    """(duel audit, 2026-12-05) After a 0 between two the table said "the two players swap hands", yet each
    hand read "A zero: every hand passed on, and you got Bob's cards", a round of hands there never was.
    (helper-549) Alice's then read "You swapped hands with Bob" of Bob's 0, as if she had: a 7's words."""
    async with playing(world, fake, PRESETS["house"], names=("Alice", "Bob"), language=language) as table:
        alice, bob = table.people
        await table.arrange(
            {"Alice": ["R7", "B9", "G2"], "Bob": ["Y1", "Y2", "R1", "R0", "G5"]}, top="R3", turn=bob
        )
        await table.play(bob, "R0")
        assert told[0] in (table.hand(alice).text or "")
        assert told[1] in (table.hand(bob).text or "")
        hands = (table.hand(alice).text or "") + (table.hand(bob).text or "")
        assert "🔄 A zero" not in hands and "🔄 Ноль" not in hands


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_skip_chain_between_two_is_not_shown(world: World, fake: FakeTelegram, language: str) -> None:
    """(duel audit, 2026-12-05) A skip chain skips at most everyone but the one who extends it: between two,
    one player, as any Skip does. After Alice's Skip the table read "⏭ Skip chain: 1 skipped · a Skip on it
    skips one player" and her hand "⏭ A Skip extends the skip chain: Bob misses a turn.", and so on after
    every Skip of hers, a chain that never grows."""
    rules = Rules().changed(skip_chain=True)
    async with playing(world, fake, rules, names=("Alice", "Bob"), language=language) as table:
        alice, bob = table.people
        await table.arrange({"Alice": ["RS", "GS", "B9"], "Bob": ["Y1", "Y2"]}, top="R3", turn=alice)
        await table.play(alice, "RS")
        assert (await table.state()).turn == alice.id
        await table.play(alice, "GS")  # on her own Skip: Bob misses a turn again, as after any Skip
        assert (await table.state()).turn == alice.id and len(await table.codes(bob)) == 2
        assert "⏭" not in table.text() and "⏭" not in (table.hand(alice).text or "")


@pytest.mark.parametrize(
    ("language", "told"),
    [("en", "🔄 You swapped hands with Bob."), ("ru", "🔄 Вы поменялись картами с игроком Bob.")],  # noqa: RUF001
    ids=["en", "ru"],
)
async def test_a_seven_the_timer_played_between_two_chose_nobody(
    world: World, fake: FakeTelegram, language: str, told: str
) -> None:
    """(duel audit, 2026-12-05) Alice's time ran out; the 7 she drew was played for her (force_play), and a 7
    between two swaps with the other at once (one possible target: nobody is asked). Her hand read "Whom to
    swap with was chosen for you", a choice there never was."""
    rules = Rules().changed(seven_zero=True, force_play=True, turn_seconds=15)
    async with playing(world, fake, rules, names=("Alice", "Bob"), language=language) as table:
        alice = table.people[0]
        await table.arrange(
            {"Alice": ["B9", "G2"], "Bob": ["Y1", "Y2", "Y4"]}, top="R3", turn=alice, draw_next=["R7"]
        )
        await table.bot.tick(15)
        assert sorted(await table.codes(alice)) == ["Y1", "Y2", "Y4"]
        assert told in (table.hand(alice).text or "")
        hand = table.hand(alice).text or ""
        assert "⏱ Whom" not in hand and "⏱ С кем" not in hand  # noqa: RUF001


@pytest.mark.parametrize(
    ("language", "header"),
    [
        ("en", ("Players · points", "Players, in turn order ⬇️ · points")),
        ("ru", ("Игроки · очки", "Игроки по очереди ⬇️ · очки")),
    ],
    ids=["en", "ru"],
)
async def test_the_table_shows_no_turn_order_arrow_between_two(
    world: World, fake: FakeTelegram, language: str, header: tuple[str, str]
) -> None:
    """(duel audit, 2026-12-05) The table's player list read "Players, in turn order ⬇️" between two, where
    either direction is the same; with three the arrow still says who is next."""
    pair, more = header
    async with playing(world, fake, Rules(), names=("Alice", "Bob"), language=language) as table:
        assert pair in table.text().splitlines() and "⬇️" not in table.text() and "⬆️" not in table.text()
    async with playing(world, fake, Rules(), names=("Ann", "Ben", "Cat"), language=language) as table:
        assert more in table.text().splitlines()


async def test_the_last_table_of_a_match_one_player_is_left_in_shows_no_turn_order_arrow(
    world: World, fake: FakeTelegram
) -> None:
    """(transcript read, session 50) Bob left a duel: the table's last version listed Alice alone under
    "Players, in turn order ⬆️", an order of one, where the turns before had read "Players"."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        fake.user_sends(table.people[1], table.group, "/leave")
        await table.deliver()
        last = next(
            m.text or "" for m in reversed(fake.bot_messages_in(table.group)) if "Top card" in (m.text or "")
        )
        assert "🏆 Alice wins the match!" in last and "Players · points" in last.splitlines(), last


@pytest.mark.parametrize(
    ("language", "told"),
    [
        ("en", "After 3 in a row you leave the game, which ends the match as your loss."),
        ("ru", "После 3 таких ходов подряд вы выбываете из игры, и матч заканчивается вашим поражением."),
    ],
    ids=["en", "ru"],
)
async def test_the_missed_turns_warning_between_two_people_says_leaving_loses_the_match(
    world: World, fake: FakeTelegram, language: str, told: str
) -> None:
    """(duel audit, 2026-12-05) Between two people a player removed for missed turns ends the match and loses
    it (the other wins; stop_rules.stop_reason spares them only when both stopped playing), yet the warning
    read only "after 3 in a row you leave the game". Against a computer it is practice, and the bot stops the
    match once no person is left: no loss, and the warning says only that they leave."""
    rules = Rules().changed(turn_seconds=15, afk_limit=3)
    async with playing(world, fake, rules, names=("Alice", "Bob"), language=language) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["B9", "G2"], "Bob": ["Y1", "Y2", "Y4"]}, top="R3", turn=alice)
        await table.bot.tick(15)
        assert told in spaced(table.hand(alice).text or "")
    async with playing(world, fake, rules, names=("Ann",), computers=1, language=language) as table:
        ann = table.people[0]
        await table.arrange({"Ann": ["B9", "G2"]}, top="R3", turn=ann)
        await table.bot.tick(15)
        hand = spaced(table.hand(ann).text or "")
        assert told.split(",")[0] + "." in hand and told not in hand


@pytest.mark.parametrize(
    ("language", "told", "alone"),
    [
        (
            "en",
            "Your time ran out on your turn, so you are out of this game, which ends the match as your loss.",
            "Your time ran out on your turn, so you are out of this game.",
        ),
        (
            "ru",
            "Вы не успели сделать ход и выбыли из этой игры, и матч закончился вашим поражением.",
            "Вы не успели сделать ход и выбыли из этой игры.",
        ),
    ],
    ids=["en", "ru"],
)
async def test_a_player_removed_for_missed_turns_between_two_people_is_told_they_lost_the_match(
    world: World, fake: FakeTelegram, language: str, told: str, alone: str
) -> None:
    """(duel audit, 2026-12-05) The warning says leaving ends the match as their loss between two people; the
    hand of one then removed read only "so you are out of this game", as if the match went on without them.
    Against a computer the bot stops the match once no person is left, and that costs nobody: it reads as
    before (with three or more, test_players_out_of_the_match), and that the game was stopped."""
    rules = Rules().changed(turn_seconds=15, afk_limit=1)
    async with playing(world, fake, rules, names=("Alice", "Bob"), language=language) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["B9", "G2"], "Bob": ["Y1", "Y2", "Y4"]}, top="R3", turn=alice)
        await table.bot.tick(16)
        assert (table.hand(alice).text or "").endswith(f"\n{told}{NEXT_GAME[language]}")
    async with playing(world, fake, rules, names=("Ann",), computers=1, language=language) as table:
        ann = table.people[0]
        await table.arrange({"Ann": ["B9", "G2"]}, top="R3", turn=ann)
        await table.bot.tick(16)
        assert (table.hand(ann).text or "").endswith(f"\n{alone}{NEXT_GAME[language]}{STOPPED[language]}")


@pytest.mark.parametrize(
    ("language", "warned", "told"),
    [
        (
            "en",
            "After 2 in a row you leave the game, which ends the match as your loss.",
            "Your time ran out on 2 turns in a row, so you are out of this game, which ends the match as "
            "your loss.",
        ),
        (
            "ru",
            "После 2 таких ходов подряд вы выбываете из игры, и матч заканчивается вашим поражением.",
            "Вы 2 раза подряд не успели сделать ход и выбыли из этой игры, и матч закончился вашим "
            "поражением.",
        ),
    ],
    ids=["en", "ru"],
)
async def test_a_match_of_three_down_to_two_ends_as_the_loss_of_the_one_then_removed(
    world: World, fake: FakeTelegram, language: str, warned: str, told: str
) -> None:
    """(session 46) The removed hand said the match ended as their loss only when it was dealt to two
    people; one of three whose match was down to two by a leaver read only "you are out of this game",
    though their removal ended it as a duel's does: the other won, and their row is a loss (the leaver's
    too, both last)."""
    rules = Rules().changed(turn_seconds=15, afk_limit=2)
    async with playing(world, fake, rules, names=("Alice", "Bob", "Carol"), language=language) as table:
        alice, bob, carol = table.people
        fake.user_sends(carol, table.group, "/leave")
        await table.deliver()
        await table.arrange({"Alice": ["B9", "G2"], "Bob": ["R5", "R7", "Y4"]}, top="R3", turn=alice)
        await table.bot.tick(16)
        assert warned in spaced(table.hand(alice).text or "")
        await table.play(bob, "R5")
        record, _ = await table.bot.game(table.group)
        await table.bot.tick(16)
        assert spaced(table.hand(alice).text or "").endswith(f"\n{told}{NEXT_GAME[language]}")
        loaded = await table.bot.rt.service.load(record.id)
        assert loaded is not None and loaded[0].status is GameStatus.FINISHED
        assert loaded[1].state.winners == [bob.id]
        database = Database.connect(world.database_url)
        try:
            async with database.reading() as session:
                rows = await session.scalars(select(MatchResult).where(MatchResult.game_id == record.id))
                placed = {row.user_id: (row.placement, row.stopped_early) for row in rows}
        finally:
            await database.dispose()
        assert placed == {bob.id: (1, False), alice.id: (2, False), carol.id: (2, False)}
        assert (fake.last_bot_message(table.group).text or "").startswith("🏆 Bob")  # wins the match


@pytest.mark.parametrize(
    ("language", "warned", "told"),
    [
        (
            "en",
            "⚠️ Your time ran out on your last turn: after 2 in a row you leave the game.",
            "Your time ran out on 2 turns in a row, so you are out of this game.",
        ),
        (
            "ru",
            "⚠️ Вы не успели сделать прошлый ход: после 2 таких ходов подряд вы выбываете из игры.",
            "Вы 2 раза подряд не успели сделать ход и выбыли из этой игры.",
        ),
    ],
    ids=["en", "ru"],
)
async def test_a_duel_both_stopped_playing_is_no_loss_of_the_one_removed_first(
    world: World, fake: FakeTelegram, language: str, warned: str, told: str
) -> None:
    """(transcript read, session 51) Alice and Bob both stopped pressing: Alice's warning said her removal
    would end the match as her loss, and once removed her hand said it had, while the group read "nobody was
    playing any more, so nobody wins" and her result counted for nothing (Bob had missed his last turn too:
    the bot stops such a match, stop_rules.stop_reason). The loss is promised only when the other is still
    playing. Her hand says the match was stopped, and why, as the group read it."""
    rules = Rules().changed(turn_seconds=15, afk_limit=2)
    async with playing(world, fake, rules, names=("Alice", "Bob"), language=language) as table:
        alice, bob = table.people
        await table.arrange({"Alice": ["B9", "G2"], "Bob": ["Y1", "Y2", "Y4"]}, top="R3", turn=alice)
        await table.bot.tick(16)  # Alice's time runs out
        await table.bot.tick(16)  # and Bob's
        assert (await table.state()).afk == {alice.id: 1, bob.id: 1}
        assert spaced(table.hand(alice).text or "").endswith(f"\n{warned}")
        record, _ = await table.bot.game(table.group)
        await table.bot.tick(16)
        stopped = f"{STOPPED[language]}{NOBODY_PLAYING[language]}"
        assert spaced(table.hand(alice).text or "").endswith(f"\n{told}{NEXT_GAME[language]}{stopped}")
        loaded = await table.bot.rt.service.load(record.id)
        assert loaded is not None and loaded[0].status is GameStatus.STOPPED


@pytest.mark.parametrize(
    ("language", "ended", "told"),
    [
        ("en", "leave", "🏆 Bob wins the match!"),
        ("ru", "leave", "🏆 Bob выигрывает матч!"),
        ("en", "stop", "⏹ Bob stopped the game."),
    ],
    ids=["en-won", "ru-won", "en-stopped"],
)
async def test_the_hand_of_one_removed_for_missed_turns_tells_how_the_match_ended(
    world: World, fake: FakeTelegram, language: str, ended: str, told: str
) -> None:
    """(session 62) The hand of one removed for missed turns said only that they were out and could join the
    next game, never redrawn after: its match's end (Bob's win as Carol left, Bob's /stop) reached the
    seated players' hands alone, and theirs is the last word of it they read, away as they were. Their
    removal did not end the match (Carol left after it): not "which ends the match as your loss"."""
    rules = Rules().changed(turn_seconds=15, afk_limit=1)
    async with playing(world, fake, rules, names=("Alice", "Bob", "Carol"), language=language) as table:
        alice, bob, carol = table.people
        await table.arrange({"Alice": ["B9", "G2"], "Bob": ["R5", "R7", "Y4"]}, top="R3", turn=alice)
        await table.bot.tick(16)  # Alice is removed
        removed = table.hand(alice).text or ""
        assert removed.endswith(NEXT_GAME[language])
        if ended == "leave":
            fake.user_sends(carol, table.group, "/leave")
            await table.deliver()
        else:
            await stop(table.bot, fake, table.group, bob)
        assert table.hand(alice).text == f"{removed}\n{told}"
