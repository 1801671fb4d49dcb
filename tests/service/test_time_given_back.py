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
    had = TimeGivenBack().set_back(HOUR, 0, AT, HOUR)  # a set-back of an hour alone, from AT
    assert had.was_set_back_at(AT) and not had.was_set_back_at(AT + 1)
    # the same span given again, 40 s on the clock later: the clock read AT - HOUR once gone back
    assert had.owed(AT, -HOUR + 40_000) == (AT - HOUR, 40_000)
    # a span of an outage's hour given with a set-back of an hour lasts 0 ms: it is marked all the same
    assert TimeGivenBack().set_back(HOUR, HOUR, AT, 0).was_set_back_at(AT)


def test_a_set_back_moves_the_clocks_on_by_the_time_given_with_it_but_not_when_something_happened() -> None:
    moments = {"touched_ms": AT, "started_ms": AT, "idle_since": 0}
    assert moments_set_back(moments, HOUR, 30_000) == {
        "touched_ms": AT - HOUR + 30_000,
        "started_ms": AT - HOUR,
    }
    assert TimeGivenBack(until=AT).set_back(HOUR, 30_000, AT, HOUR - 30_000).until == AT - HOUR + 30_000
    assert TimeGivenBack().set_back(HOUR, 30_000, AT, HOUR - 30_000).until == 0  # never given: still none


def test_it_is_stored_among_the_documents_fields_and_read_as_none_from_one_saved_before() -> None:
    given = TimeGivenBack(until=AT, set_back_at=AT - 5, set_back_by=HOUR)
    stored = given.to_dict()
    assert stored == {"time_back_to": AT, "set_back_at": AT - 5, "set_back_by": HOUR}
    assert TimeGivenBack.from_dict({"creator": 1, **stored}) == given
    assert TimeGivenBack.from_dict({"creator": 1}) == TimeGivenBack()
