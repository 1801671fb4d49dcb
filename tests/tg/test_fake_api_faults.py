"""The fake Bot API's chaos: every kind of fault happens, and polling is never answered 429."""

from __future__ import annotations

from tests.fake_bot_api import Fault, Faults


def test_every_kind_happens_once_as_many_faults_as_kinds_were_injected() -> None:
    faults = Faults(rate=0.5, seed=11)
    drawn: list[Fault] = []
    while len(drawn) < len(Fault):
        fault = faults.draw("sendMessage")
        if fault is not None:
            drawn.append(fault)

    assert sorted(drawn) == sorted(Fault)
    assert sum(faults.injected.values()) == len(Fault)


def test_polling_is_never_answered_429_and_start_up_calls_are_spared() -> None:
    faults = Faults(rate=1.0, seed=2)

    polled = [faults.draw("getUpdates") for _ in range(50)]

    assert None not in polled and Fault.FLOOD not in polled
    assert faults.draw("getMe") is None


def test_a_rate_of_zero_injects_nothing() -> None:
    faults = Faults(rate=0.0)

    assert all(faults.draw("editMessageText") is None for _ in range(100))
    assert not faults.injected
