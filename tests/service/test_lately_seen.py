"""What the bot remembers of whom it saw lately (`LatelySeen`), and which supergroups hold nothing in forum
topics (`TopicUse`): kept while seen, forgotten after a quiet day, never marked empty by a look that a use of
a topic overtook."""

from __future__ import annotations

from bot.service.lately_seen import SEEN_MS, LatelySeen
from bot.service.topic_use import TopicUse
from tests.service.conftest import ManualClock

CHAT = -100123


def test_one_seen_again_and_again_is_remembered_a_day_from_the_last_time() -> None:
    """Seen again, a key counts from then: one who writes every few hours costs no read a day after the
    first, as long as they keep writing."""
    seen: LatelySeen[int, str] = LatelySeen()
    seen.saw(1, "Alice", 0)
    for hour in range(1, 48):
        assert seen.same(1, "Alice", hour * 3_600_000), hour


def test_one_quiet_for_a_day_is_forgotten() -> None:
    seen: LatelySeen[int, str] = LatelySeen()
    seen.saw(1, "Alice", 0)
    assert seen.same(1, "Alice", 1)
    assert not seen.same(1, "Alice", SEEN_MS + 1)
    assert len(seen) == 0


def test_keys_only_ever_written_are_forgotten_after_the_window() -> None:
    """The commands kept for their answer's refusal (bot.tg.muted_answers) are written on every command and
    taken only on a refusal: writing alone must let the old ones go, or every command would stay."""
    kept: LatelySeen[int, str] = LatelySeen(60_000)
    for second in range(0, 600, 10):
        kept.saw(second, "a command", second * 1000)
    assert len(kept) <= 12


def test_a_value_taken_is_forgotten_and_one_kept_over_a_day_is_not_taken() -> None:
    """What is owed to a group (a language note) is taken once; owed for over a day, it is let go."""
    owed: LatelySeen[int, str] = LatelySeen()
    owed.saw(CHAT, "ru", 0)
    assert owed.take(CHAT, 1) == "ru"
    assert owed.take(CHAT, 2) is None
    owed.saw(CHAT, "ru", 3)
    assert owed.take(CHAT, SEEN_MS + 3) is None and len(owed) == 0


def test_a_look_at_the_topics_overtaken_by_a_lobby_opened_in_one_marks_nothing() -> None:
    """A command's look began, found no game in the chat's topics, but a lobby opened in a topic before the
    look ended: the chat must not be taken as holding nothing in topics, or the next commands would not look
    and the lobby be missed when topics go off."""
    topics = TopicUse(ManualClock())
    since = topics.looking()
    topics.used(CHAT)
    topics.found_unused(CHAT, since)
    assert not topics.unused(CHAT)
    topics.found_unused(CHAT, topics.looking())  # a look begun after it
    assert topics.unused(CHAT)


def test_a_value_older_than_the_window_is_not_taken_before_the_next_sweep() -> None:
    """Old keys are swept once a window at most: a command kept for its answer (bot.tg.muted_answers) is not
    taken for the answer a refusal 70 s later names, no sweep due yet."""
    kept: LatelySeen[int, str] = LatelySeen(60_000)
    kept.saw(1, "another's command", 0)
    kept.saw(2, "a command", 30_000)
    kept.saw(1, "another's command", 60_000)  # a sweep: the command at 30 s is not old yet
    assert kept.take(2, 100_000) is None


def test_a_value_older_than_the_window_is_not_the_same_before_the_next_sweep() -> None:
    """A comment thread (bot.tg.comment_threads) is known for a week after it was last seen, not for up to
    two as the sweeps fall: a comment a week and a half later is not taken as under the post."""
    threads: LatelySeen[int, bool] = LatelySeen(60_000)
    threads.saw(1, True, 0)
    threads.saw(2, True, 30_000)
    threads.saw(1, True, 60_000)  # a sweep: the thread seen at 30 s is not old yet
    assert not threads.same(2, True, 100_000)
    assert threads.same(1, True, 100_000)
