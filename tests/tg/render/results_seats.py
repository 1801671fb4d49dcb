"""The seats the results' render tests (tests/tg/render/test_results*.py) name."""

from bot.tg.render import Seat

SEATS = {1: Seat(1, "Ann"), 2: Seat(2, "Bob"), 3: Seat(3, "Cid")}
NBSP = "\u00a0"  # between a round's results line's figures
LONG = {p: Seat(p, "<&>" * 40) for p in range(1, 11)}


# NAME_LIMIT's 24 letters' width, as results show a name, cut: "Maximilian Longbottom-S…"
LONG_SEATS = {
    1: Seat(1, "Maximilian Longbottom-Smythe"),
    2: Seat(2, "🌸 Marie-Christine Dubois"),
    3: Seat(3, "Екатерина Александровна"),
    4: Seat(4, "Alexandra Konstantinopolskaya"),
}
