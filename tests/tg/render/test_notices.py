import pytest

from bot.tg.render.notices import idle_warning
from bot.tg.render.views import Seat
from tests.tg.render.checks import check_render

MINUTE_MS = 60_000


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "nobody has moved for 59 minutes, and without a move the game stops in 1 minute, as a loss",
        ),
        ("ru", "уже 59 минут никто не ходит. Без хода через 1 минуту игра остановится, и вам засчитается"),
    ],
)
def test_the_idle_warning_counts_a_last_minute_as_one(lang: str, said: str) -> None:
    """A timer that fires late leaves the stop a minute away: "in 1 minute", not "in 1 minutes"."""
    text = check_render(idle_warning({10: Seat(10, "Bob")}, 10, 59 * MINUTE_MS, 30_000, lang))
    assert said in text
