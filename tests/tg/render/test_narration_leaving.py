"""The table's lines of a player leaving: on their own, removed by a kick (naming who removed them), leaving
the group, removed for missed turns (on the last missed turn's line), a deleted account (its penalty and
its challenged card told without its stand-in name); who runs the game after its runner left; the colour
set for a player who left."""

import pytest

from bot.engine import events as ev
from bot.engine.actions import TimeoutKind
from bot.engine.cards import Colour
from bot.engine.decks import DeckName
from bot.engine.events import Event
from bot.service.recent_moves import in_lines
from bot.tg.render import Seat
from bot.tg.render.narration import line_of
from bot.tg.render.narrator import Narrator
from tests.tg.render.narrating import narrate, narrate_line
from tests.tg.render.narration_events import SEATS, SEATS_OF_THREE


def test_the_colour_set_for_a_player_who_left_is_not_said_to_be_their_choice() -> None:
    assert (
        narrate(ev.ColourChosen(2, Colour.BLUE, for_leaver=True), SEATS, "en") == "The colour is now 🟦 blue."
    )
    assert narrate(ev.ColourChosen(2, Colour.BLUE, for_leaver=True), SEATS, "ru") == "Теперь цвет: 🟦 синий."


@pytest.mark.parametrize(
    ("seat", "afk", "lang", "said"),
    [
        (Seat(2, "Bob"), False, "en", "Bob leaves the game."),
        (Seat(2, "Bob", kicked=True), False, "en", "Bob is removed from the game."),
        (Seat(2, "Bob", left_group=True), False, "en", "Bob leaves the group, and the game."),
        (Seat(2, "Bob", left_group=True), False, "ru", "Bob покидает группу, а значит, и игру."),  # noqa: RUF001
        # a deleted account: its name blanked (bot.tg.player_reach), before it left or after
        (
            Seat(2, ""),
            False,
            "en",
            "A player's account was deleted: they leave the game.",
        ),
        (
            Seat(2, ""),
            False,
            "ru",
            "Аккаунта одного из игроков больше нет в Telegram: игрок выходит из игры.",
        ),
        (Seat(2, "Bob"), True, "en", "Bob ran out of time on too many turns in a row and leaves the game."),
        (
            Seat(2, "Bob"),
            True,
            "ru",
            "Bob не успевает сделать ход слишком много раз подряд и выбывает из игры.",
        ),
    ],
)
def test_leaving_kicked_and_removed_for_missed_turns_read_apart(
    seat: Seat, afk: bool, lang: str, said: str
) -> None:
    """(found by a play-through audit, 2026-12-02) the group was told "Bob was removed from the game" and
    the table's log then said "Bob leaves the game". A removal for timeouts says the time ran out, as the
    hand does: "missed too many turns" («слишком много пропущенных ходов») read as turns a Skip or +2 took,
    which do not count."""
    assert narrate(ev.PlayerLeft(2, afk=afk), {**SEATS, 2: seat}, lang, DeckName.CLASSIC) == said


@pytest.mark.parametrize(
    ("by", "lang", "said"),
    [
        (1, "en", "Ann removes Bob from the game."),
        (1, "ru", "Игрока Bob убрал из игры игрок Ann."),
        (98, "en", "Eve, a chat admin, removes Bob from the game."),
        (98, "ru", "Игрока Bob убрал из игры администратор чата Eve."),
        # an admin whose name the game did not keep: an anonymous one (who posts as the group)
        (99, "en", "A chat admin removes Bob from the game."),
        (99, "ru", "Игрока Bob убрал из игры администратор чата."),
    ],
)
def test_a_kick_names_who_removed_the_player_as_the_groups_notice_does(by: int, lang: str, said: str) -> None:
    """(session 61) A kick noted while the match was paused (its topic closed, its group muted) is told to
    the group by the table alone once it goes on, which said "Bob is removed from the game." whoever did
    it, where the notice of a kick names them: a player of the match, a chat admin outside it by the name
    the game kept (98: Eve), an anonymous admin by none."""
    seats = {**SEATS, 2: Seat(2, "Bob", kicked=True, kicked_by=by)}
    narrator = Narrator(seats, lang, DeckName.CLASSIC, {98: "Eve"})
    assert line_of(narrator, [ev.PlayerLeft(2)]) == said


@pytest.mark.parametrize(
    ("seat", "lang", "said"),
    [
        (Seat(2, "Bob"), "en", "The penalty for Bob (4 cards) is void: nobody takes it."),
        # a deleted account: its name blanked, while it played or once it was removed for missed turns
        (
            Seat(2, ""),
            "en",
            "The deleted account's penalty (4 cards) is void: nobody takes it.",
        ),
        (
            Seat(2, ""),
            "ru",
            "Штраф игрока с удалённым аккаунтом (4 карты) сгорает: его никто не берёт.",  # noqa: RUF001
        ),
    ],
    ids=["a name", "deleted, en", "deleted, ru"],
)
def test_a_deleted_accounts_void_penalty_is_told_without_its_stand_in_name(
    seat: Seat, lang: str, said: str
) -> None:
    """(found in session 56) it read "Deleted account's penalty", «Штраф игрока Удалённый аккаунт»."""
    assert narrate(ev.PenaltyVoided(2, 4), {**SEATS, 2: seat}, lang, DeckName.CLASSIC) == said


@pytest.mark.parametrize(
    ("guilty", "lang", "said"),
    [
        (True, "en", "Ann challenges the deleted account's card: it was a bluff!"),
        (False, "en", "Ann challenges the deleted account's card: it was fair."),
        (True, "ru", "Ann оспаривает карту игрока с удалённым аккаунтом: это был блеф!"),  # noqa: RUF001
        (False, "ru", "Ann оспаривает карту игрока с удалённым аккаунтом: всё честно."),  # noqa: RUF001
    ],
)
def test_a_deleted_accounts_challenged_card_is_told_without_its_stand_in_name(
    guilty: bool, lang: str, said: str
) -> None:
    """(session 56 review) it read "Ann challenges Deleted account: it was a bluff!", «Ann оспаривает карту
    игрока Удалённый аккаунт»."""
    seats = {**SEATS, 2: Seat(2, "")}
    assert narrate(ev.Challenged(1, 2, guilty, ()), seats, lang, DeckName.CLASSIC) == said


@pytest.mark.parametrize(
    ("lang", "afk", "said"),
    [
        ("en", False, "Ann leaves the game. 🔑 &lt;Bob&gt; is now the host (/stop, /kick)."),
        ("ru", False, "Ann выходит из игры. 🔑 Теперь игру ведёт &lt;Bob&gt; (/stop, /kick)."),
        (
            "en",
            True,
            "Ann ran out of time on too many turns in a row and leaves the game. "
            "🔑 &lt;Bob&gt; is now the host (/stop, /kick).",
        ),
    ],
)
def test_who_runs_the_game_after_its_runner_left_is_told_with_their_leaving(
    lang: str, afk: bool, said: str
) -> None:
    seats = {**SEATS, 1: Seat(1, "Ann", handed_to=2)}
    assert narrate(ev.PlayerLeft(1, afk=afk), seats, lang, DeckName.CLASSIC) == said
    assert "🔑" not in str(narrate(ev.PlayerLeft(2), seats, lang, DeckName.CLASSIC))  # Bob ran nothing


@pytest.mark.parametrize(
    ("lang", "runner", "said"),
    [
        ("en", False, "⏱ Bob ran out of time (3 turns in a row) and leaves the game."),
        ("ru", False, "⏱ Bob не успевает сделать ход уже 3 раза подряд и выбывает из игры."),
        (
            "en",
            True,
            "⏱ Bob ran out of time (3 turns in a row) and leaves the game. "
            "🔑 Ann is now the host (/stop, /kick).",
        ),
    ],
)
def test_a_player_removed_for_missed_turns_is_told_on_the_last_missed_turns_line(
    lang: str, runner: bool, said: str
) -> None:
    """(the recent moves audit, session 29) "⏱ Bob ran out of time (3 turns in a row).", then "Bob
    missed too many turns and leaves the game.": two lines for one timeout, the second saying the first
    again."""
    seats = {**SEATS_OF_THREE, 2: Seat(2, "Bob", handed_to=1 if runner else None)}
    events: list[Event] = [ev.TimedOut(2, TimeoutKind.TURN, 3), ev.PlayerLeft(2, afk=True)]
    assert [narrate_line(line, seats, lang) for line in in_lines(events)] == [said]
