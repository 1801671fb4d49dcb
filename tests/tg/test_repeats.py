"""Repeats: what was said lately is kept for its window only."""

from __future__ import annotations

from bot.tg.repeats import Repeats, StopQuestions


def test_said_of_every_game_is_kept_only_for_the_window() -> None:
    """The publisher says every new lobby and table (/table's limit): a long-running bot must not keep one
    entry per game it ever posted when nobody asks for /table."""
    posted = Repeats[int](30_000)
    for game in range(1000):
        posted.say(game, game * 1000)  # a game a second
    assert len(posted) == 30
    assert posted.said(999, 999_000) and not posted.said(900, 999_000)


def test_say_counts_anew_and_first_counts_once() -> None:
    posted = Repeats[int](30_000)
    assert posted.first(1, 0) and not posted.first(1, 29_999)
    posted.say(1, 20_000)  # posted again: the half minute starts over
    assert not posted.first(1, 49_999) and posted.first(1, 50_000)


def test_a_stop_question_is_open_per_thread_and_a_game_forgets_them_all() -> None:
    """Asked under a channel's post (thread 7), /stop in the group's chat (0) asks its own; a No settles one
    thread's question only, and the game moving or pausing (forget) lets /stop ask anew everywhere."""
    asked = StopQuestions()
    assert asked.first(1, 7, 0) and asked.first(1, 0, 0) and asked.first(2, 7, 0)
    assert not asked.first(1, 7, 1) and not asked.first(1, 0, 1)
    asked.forget_in(1, 7)
    assert asked.first(1, 7, 2) and not asked.first(1, 0, 2)
    asked.forget(1)
    assert asked.first(1, 7, 3) and asked.first(1, 0, 3) and not asked.first(2, 7, 3)
