"""Matches played for points: the results say who scored what and why, in words a casual player follows."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from tests.e2e.harness import World, buttons
from tests.fake_bot_api import Chat, FakeTelegram
from tests.rules_in_play.table import playing


def _results(fake: FakeTelegram, group: Chat) -> str:
    """The newest round or match results posted in the group (a match's lead with its winner), the no-break
    spaces between a line's figures read as spaces."""
    posted = ((m.text or "").replace("\u00a0", " ") for m in reversed(fake.bot_messages_in(group)))
    return next(text for text in posted if text.startswith(("🏁", "🏆")))


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", "Bob: +100 for a lone 0 · total 100"),
        ("ru", "Bob: +100 за одинокий 0 · счёт 100"),
    ],
)
async def test_a_lone_zero_in_the_round_results_says_why_it_counts_100(
    world: World, fake: FakeTelegram, language: str, line: str
) -> None:
    """UNO Extreme's scoring: Bob is left holding only 🟦 0 and Carol 🟩 3 and 🟩 4 when Alice goes out. The
    results said "Bob: 100 points in hand" of a hand worth 0, which read as a miscount."""
    rules = Rules().changed(scoring="own_hand", lone_zero_100=True)
    async with playing(world, fake, rules, language=language) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["R5"], "Bob": ["B0"], "Carol": ["G3", "G4"]}, top="R3", turn=alice)
        await table.play(alice, "R5")
        results = _results(fake, table.group).splitlines()
        assert line in results
        carol = next(row for row in results if row.startswith("Carol: "))
        assert "+7 " in carol and "0," not in carol  # any other hand counts its cards


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", ["🏆 Alice wins the match!", "", "Standings (the lowest total wins):", "🥇 Alice: 20"]),
        ("ru", ["🏆 Alice выигрывает матч!", "", "Итоги (побеждает меньший счёт):", "🥇 Alice: 20"]),
    ],
)
async def test_an_own_hand_match_won_by_another_than_the_last_round_says_the_lowest_total_wins(
    world: World, fake: FakeTelegram, language: str, said: list[str]
) -> None:
    """Own-hand scoring to 100: Bob goes out and Carol passes 100, so Alice wins with the lowest total. The
    group read "Round 1: Bob wins!" then "Alice wins the match!" over "Standings: 🥇 Alice: 20 · 🥈 Bob: 40",
    with nothing to say why the smaller number won (the round results' 🎯 line is left out at the end)."""
    async with playing(
        world, fake, Rules().changed(scoring="own_hand", target_score=100), language=language
    ) as table:
        alice, bob, carol = table.people
        await table.head_start({alice.id: 10, bob.id: 40, carol.id: 95})
        hands = {"Bob": ["R5"], "Alice": ["R1", "B4", "G5"], "Carol": ["G6", "B4"]}
        await table.arrange(hands, top="R3", turn=bob)
        await table.play(bob, "R5")
        results = _results(fake, table.group).splitlines()
        at = results.index(said[0])
        assert results[at : at + len(said)] == said


@pytest.mark.parametrize(
    ("language", "points", "note", "rounds"),
    [
        (
            "en",
            "Points",
            "own-hand and one-round matches give none.",
            "Rounds won: 1\nPoints: 0\nOwn-hand and one-round matches give no points, and nor does a match"
            " left or stopped.",
        ),
        (
            "ru",
            "Очки",
            "матчи на очки своей руки и в один раунд их не дают.",
            "Выиграно раундов: 1\nНабрано очков: 0\nОчков не дают матчи на очки своей руки и в один раунд,"  # noqa: RUF001
            " а также покинутые или остановленные матчи.",  # noqa: RUF001
        ),
    ],
)
async def test_after_an_own_hand_match_the_points_board_and_stats_say_why_everyone_has_none(
    world: World, fake: FakeTelegram, language: str, points: str, note: str, rounds: str
) -> None:
    """Own-hand totals are penalties, so such a match adds no points to the boards. The board by points
    listed "· 0 points" on every line and Bob's /stats read "Rounds won: 1, points: 0", as if a miscount."""
    async with playing(
        world, fake, Rules().changed(scoring="own_hand", target_score=100), language=language
    ) as table:
        alice, bob, carol = table.people
        await table.head_start({alice.id: 10, bob.id: 40, carol.id: 95})
        await table.arrange({"Bob": ["R5"], "Alice": ["R1"], "Carol": ["G6"]}, top="R3", turn=bob)
        await table.play(bob, "R5")
        fake.user_sends(bob, table.group, "/top")
        await table.deliver()
        board = fake.last_bot_message(table.group)
        by_points = next(data for text, data in buttons(board) if text == points)
        await table.press_data(bob, by_points, board)
        by_points_text = fake.last_bot_message(table.group).text or ""
        assert by_points_text.endswith(note)
        assert "🥇" not in by_points_text  # (session 56) first by wins, at no points: no medal for them
        fake.user_sends(bob, table.group, "/stats")
        await table.deliver()
        assert rounds in (fake.last_bot_message(table.group).text or "")


async def test_the_round_that_ends_the_match_says_what_it_is_played_to_no_more(
    world: World, fake: FakeTelegram
) -> None:
    """A round's result says what the match goes on to ("🎯 The first to 500 points wins the match."); the
    round that won it does not: no match goes on."""
    async with playing(world, fake, Rules()) as table:
        alice = table.people[0]
        await table.head_start(495)
        await table.arrange(
            {"Alice": ["R5"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}, top="R3", turn=alice
        )
        await table.play(alice, "R5")
        results = _results(fake, table.group)
        assert results.startswith("🏆 Alice wins the match!") and "🎯" not in results, results
