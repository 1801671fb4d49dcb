"""What a game was given of an outage's time and which set-back of the wall clock it had
(bot.service.time_given_back): the part of a span still owed to it, the moments a set-back moves, and how
the document stores it."""

from __future__ import annotations

from bot.service.time_given_back import TimeGivenBack, moments_set_back

AT = 1_800_000_000_000  # ms: a span's beginning
HOUR = 3_600_000


def test_a_span_given_again_owes_only_the_time_after_what_the_game_got() -> None:
    assert TimeGivenBack().owed(AT, 30_000) == (AT, 30_000)
    assert TimeGivenBack(until=AT + 20_000).owed(AT, 30_000) == (AT + 20_000, 10_000)
    assert TimeGivenBack(until=AT + 30_000).owed(AT, 30_000)[1] == 0


def test_a_game_set_back_by_a_span_is_owed_only_the_time_on_the_clock_since() -> None:
    had = TimeGivenBack().set_back(HOUR, 0, AT, HOUR, -HOUR)  # a set-back of an hour alone, from AT
    assert had.was_set_back_at(AT) and not had.was_set_back_at(AT + 1)
    # the same span given again, 40 s on the clock later: the clock read AT - HOUR once gone back
    assert had.owed(AT, -HOUR + 40_000) == (AT - HOUR, 40_000)
    # a span of an outage's hour given with a set-back of an hour lasts 0 ms: it is marked all the same
    assert TimeGivenBack().set_back(HOUR, HOUR, AT, 0, -HOUR).was_set_back_at(AT)


def test_a_span_given_again_with_one_more_set_back_in_it_moves_a_game_it_had_set_back_by_that_one() -> None:
    had = TimeGivenBack().set_back(HOUR, 30_000, AT, HOUR - 30_000, -HOUR)  # 30 s owed, then an hour back
    assert TimeGivenBack().further_back(AT, -HOUR) == -HOUR  # a game it did not reach: all of it
    assert had.further_back(AT, -HOUR) == 0  # given again as it was
    assert had.further_back(AT, -HOUR - HOUR // 2) == -HOUR // 2  # set back half an hour more meanwhile
    assert had.further_back(AT + 1, -HOUR) == -HOUR  # another span's
    # marked before it was kept how far back it went: as every set-back of it (nothing further)
    assert TimeGivenBack(set_back_at=AT, set_back_by=HOUR).further_back(AT, -2 * HOUR) == 0


def test_a_set_back_moves_the_clocks_on_by_the_time_given_with_it_but_not_when_something_happened() -> None:
    moments = {"touched_ms": AT, "started_ms": AT, "idle_since": 0}
    assert moments_set_back(moments, HOUR, 30_000) == {
        "touched_ms": AT - HOUR + 30_000,
        "started_ms": AT - HOUR,
    }
    assert (
        TimeGivenBack(until=AT).set_back(HOUR, 30_000, AT, HOUR - 30_000, -HOUR).until == AT - HOUR + 30_000
    )
    assert (
        TimeGivenBack().set_back(HOUR, 30_000, AT, HOUR - 30_000, -HOUR).until == 0
    )  # never given: still none


def test_it_is_stored_among_the_documents_fields_and_read_as_none_from_one_saved_before() -> None:
    given = TimeGivenBack(until=AT, set_back_at=AT - 5, set_back_by=HOUR, set_back_went=-HOUR)
    stored = given.to_dict()
    assert stored == {"time_back_to": AT, "set_back_at": AT - 5, "set_back_by": HOUR, "set_back_went": -HOUR}
    assert TimeGivenBack.from_dict({"creator": 1, **stored}) == given
    assert TimeGivenBack.from_dict({"creator": 1}) == TimeGivenBack()
