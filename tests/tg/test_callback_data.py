import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.tg.callback_data import (
    ARITY,
    MAX_ARG,
    MAX_BYTES,
    MAX_GAME_ID,
    MAX_STATE,
    Action,
    CallbackData,
    CallbackDataError,
    decode,
    encode,
)
from bot.tg.kick_buttons import kick_data, kicked_player
from tests.button_data import encode_data


@st.composite
def callback_data(draw: st.DrawFn) -> CallbackData:
    action = draw(st.sampled_from(list(Action)))
    low, high = ARITY.get(action, (0, 0))
    args = draw(st.lists(st.integers(0, MAX_ARG), min_size=low, max_size=high))
    return CallbackData(
        action, draw(st.integers(0, MAX_GAME_ID)), draw(st.integers(0, MAX_STATE)), tuple(args)
    )


@given(callback_data())
def test_round_trip(data: CallbackData) -> None:
    raw = encode_data(data)
    assert decode(raw) == data
    assert 1 <= len(raw.encode("utf-8")) <= MAX_BYTES


def test_the_largest_payload_fits_in_64_bytes() -> None:
    action, (_, high) = max(ARITY.items(), key=lambda item: item[1][1])
    raw = encode(action, MAX_GAME_ID, MAX_STATE, *[MAX_ARG] * high)
    assert len(raw.encode("utf-8")) <= MAX_BYTES


def test_a_readable_example() -> None:
    assert encode(Action.PLAY, 123456, 47, 159) == "1p:2n9c:1b:4f"
    assert decode("1p:2n9c:1b:4f") == CallbackData(Action.PLAY, 123456, 47, (159,))


@given(st.text(max_size=80))
def test_garbage_never_crashes(raw: str) -> None:
    result = decode(raw)
    if isinstance(result, CallbackData):
        assert encode_data(result) == raw  # only canonical encodings are accepted
    else:
        assert isinstance(result, CallbackDataError)


@given(callback_data(), st.data())
def test_mutated_payloads_decode_to_data_or_an_error(data: CallbackData, mutation: st.DataObject) -> None:
    raw = encode_data(data)
    position = mutation.draw(st.integers(0, len(raw) - 1))
    replacement = mutation.draw(st.text(alphabet="0123456789az:_-+ ZQé", min_size=0, max_size=3))
    mutated = raw[:position] + replacement + raw[position + 1 :]
    result = decode(mutated)
    assert isinstance(result, CallbackData | CallbackDataError)
    if isinstance(result, CallbackData):
        assert encode_data(result) == mutated


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("", "malformed"),
        ("2p:1:1:1", "unsupported_version"),
        ("1?:1:1", "unknown_action"),
        ("1j:1", "malformed"),
        ("1j:1:+1", "malformed"),
        ("1j:1:1_0", "malformed"),
        ("1j:01:1", "malformed"),
        ("1j:A:1", "malformed"),
        ("1j:1:1:", "malformed"),
        ("1p:1:1", "bad_arity"),
        ("1j:1:1:5", "bad_arity"),
        ("1o:1:1:1:2", "bad_arity"),
        ("1p:1:1:100", "out_of_range"),
        ("1j:" + "z" * 13 + ":1", "out_of_range"),
        ("1j:1:" + "z" * 7, "out_of_range"),
        ("1j:1:1" + "x" * 60, "malformed"),
    ],
)
def test_refusals_are_typed(raw: str, reason: str) -> None:
    assert decode(raw) == CallbackDataError(reason, raw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "args",
    [
        (Action.PLAY, 1, 1),
        (Action.JOIN, 1, 1, 1),
        (Action.COLOUR, -1, 0, 1),
        (Action.PAGE, 1, 1, MAX_ARG + 1),
    ],
)
def test_encoding_bad_values_is_a_programming_error(args: tuple[Action, int, int]) -> None:
    with pytest.raises(ValueError):
        encode(*args)


@given(st.integers(0, MAX_GAME_ID), st.integers(1, 2**52 - 1))
def test_a_kick_button_names_any_telegram_user(game_id: int, player: int) -> None:
    """Telegram's user ids have up to 52 bits, far more than an argument's two base-36 digits (session 60)."""
    raw = kick_data(game_id, player)
    data = decode(raw)
    assert isinstance(data, CallbackData) and data.game_id == game_id and kicked_player(data) == player
    assert len(raw.encode("utf-8")) <= MAX_BYTES
