"""Texts and keyboards of /stats and /forgetme, and the pieces the leaderboard's lines share with them (a
name, a percent, twin marks; the board: bot.tg.board_views): pure functions from stats to Telegram HTML.

The RENDER helper owns bot/tg/render/; these views stay beside the stats handlers that use them.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.i18n import Translator, language_for
from bot.service import Place
from bot.service.leaderboards import (
    PROVISIONAL_MATCHES,
    PersonalStats,
    StillPlaying,
    shown_rating,
)
from bot.tg.callback_data import Action, encode
from bot.tg.pacing import Render
from bot.tg.render.names import name, same_names
from bot.tg.render.notices import private_chat_button
from bot.tg.render.text import (
    bold_chats,
    chat_titles,
    game_title,
    listed_chats,
    private_chat_link,
    title,
    unbroken,
)
from bot.tg.render.views import Seat

MINUS = "\u2212"  # the minus sign, as wide as "+" (a hyphen is narrower)
# Six of the eight bars: Windows' text fonts (Arial: the WGL4 set) have ▄ and █ only, Telegram Desktop's Open
# Sans and Web's Roboto none, so with those two a line mixed Arial's bars with a symbol font's, uneven.
SPARKS = "▁▂▃▅▆▇"
_TENTH = Decimal("0.1")


def display_name(user_id: int, raw: str, language: str, twin: int = 0) -> str:
    """A user's name as the game's texts show it (cleaned, "Player N" when nothing visible is left, "²" for
    the second of two names that read the same), shortened as they shorten it (a board's "10. " and the name
    then fit a narrow phone's line) and escaped for HTML. A player's name is blank only once their account
    was deleted (Directory.mark_deleted): "Deleted account", as in the games."""
    return name(Seat(user_id, raw, twin=twin), language)


def percent(part: int, whole: int) -> str:
    """`part` of `whole` (more than 0) in whole percent, a half rounded up as people round it (5 of 8 is
    63%, and 3 of 8 38%); only none or all of it reads 0% or 100% (1 win of 250 is no "0%")."""
    rounded = (200 * part + whole) // (2 * whole)
    if 0 < part < whole:
        rounded = min(max(rounded, 1), 99)
    return f"{rounded}%"


def decimal(value: float, language: str) -> str:
    """`value` to a tenth, a half rounded up as people round it (an average place of 1.25, of places 1, 1, 1
    and 2, reads 1.3: formatting a float rounds an exact half to the even digit, 1.2), in the language's way
    of writing it."""
    text = str(Decimal(repr(value)).quantize(_TENTH, ROUND_HALF_UP))
    return text.replace(".", ",") if language_for(language) == "ru" else text


def start_hint(t: Translator, language: str, in_group: bool) -> str:
    """Where a newcomer starts a match: /new works only in a group, so "in a group" unless they are in one."""
    return t.t(language, "stats-start-here" if in_group else "stats-start-in-group")


def twin_marks(namesakes: Sequence[tuple[int, str]], shown: Sequence[tuple[int, str]]) -> list[int]:
    """The twin marks of the players `shown` (user id, name), given among them and the others on the board
    named alike (`namesakes`) in user-id order: the order every board and /stats card share. A match's table
    gives them in the order its players took the name, which differs from one match to the next."""
    own = {user_id for user_id, _ in shown}
    players = sorted({*((user_id, name) for user_id, name in namesakes if user_id not in own), *shown})
    marks = dict(zip((user_id for user_id, _ in players), same_names(players), strict=True))
    return [marks[user_id] for user_id, _ in shown]


def sparkline(values: tuple[float, ...]) -> str:
    low, high = min(values), max(values)
    if high == low:
        return SPARKS[len(SPARKS) // 2] * len(values)
    scale = (len(SPARKS) - 1) / (high - low)
    return "".join(SPARKS[round((value - low) * scale)] for value in values)


def personal_text(
    t: Translator, language: str, stats: PersonalStats, namesakes: Sequence[tuple[int, str]] = ()
) -> str:
    """The /stats card; `namesakes`: the all-time global board's players of the card's name, among whom its
    twin mark ("📊 Alex ²") is given as that board's."""
    (twin,) = twin_marks(namesakes, [(stats.user_id, stats.name)])
    provisional = (
        t.t(language, "stats-personal-provisional", matches=PROVISIONAL_MATCHES) if stats.provisional else ""
    )
    lines = [
        t.t(language, "stats-personal-title", name=display_name(stats.user_id, stats.name, language, twin)),
        t.t(language, "stats-personal-scope"),
        t.t(
            language, "stats-personal-rating", rating=str(shown_rating(stats.rating)), provisional=provisional
        ),
    ]
    if len(stats.rating_history) > 1:
        change = round(stats.rating_trend)
        lines.append(
            t.t(
                language,
                "stats-personal-trend",
                arrow="▲" if change > 0 else "▼" if change < 0 else "=",
                change=f"+{change}" if change > 0 else f"{MINUS}{-change}" if change < 0 else "±0",
                matches=len(stats.rating_history) - 1,
                sparkline=sparkline(stats.rating_history),
            )
        )
    if stats.matches:
        win_rate = percent(stats.wins, stats.matches)
        matches = t.t(
            language, "stats-personal-matches", wins=stats.wins, matches=stats.matches, win_rate=win_rate
        )
    else:  # only practice: no rate of nothing
        matches = t.t(language, "stats-personal-matches-none")
    lines += ["", matches]
    if stats.with_computers:  # else a rating still provisional after enough finished matches is a puzzle
        lines.append(t.t(language, "stats-personal-with-computers", matches=stats.with_computers))
    # The main figures always show; the others only when there is something to count.
    if stats.best_win_streak:
        lines.append(t.t(language, "stats-personal-streak", streak=stats.best_win_streak))
    # Rounds won for no points: own-hand or one-round matches, or forfeits, whose rows keep none
    # (service.results).
    unscored = stats.rounds_won and not stats.points
    key = "stats-personal-rounds-unscored" if unscored else "stats-personal-rounds"
    lines.append(t.t(language, key, rounds=stats.rounds_won, points=stats.points))
    if stats.average_place is not None:
        lines.append(t.t(language, "stats-personal-place", place=decimal(stats.average_place, language)))
    if stats.uno_calls:
        lines.append(t.t(language, "stats-personal-uno", calls=stats.uno_calls))
    if stats.catches_made or stats.catches_suffered:
        lines.append(
            t.t(language, "stats-personal-catches", made=stats.catches_made, suffered=stats.catches_suffered)
        )
    challenges = stats.challenges_won + stats.challenges_lost
    if challenges:
        challenged = t.t(
            language,
            "stats-personal-challenges",
            won=stats.challenges_won,
            total=challenges,
            rate=percent(stats.challenges_won, challenges),
        )
        lines.append(_held_after_label(challenged))
    if stats.practice_matches:
        practice = t.t(
            language, "stats-personal-practice", wins=stats.practice_wins, matches=stats.practice_matches
        )
        lines += ["", _held_after_label(practice), t.t(language, "stats-personal-practice-note")]
    return "\n".join(lines)


def _held_after_label(line: str) -> str:
    """A card's line "Label: figure" whose figure has words of its own: from ~1,000 challenges or practice
    matches on, it is wider than a narrow phone's line, which wraps it after the label, the figure on a line
    of its own, never inside it ("Challenges: 1,000 of" / "2,000 won (50%)"). A translation with no ": " (a
    translator's edit) is kept as it is."""
    label, colon, figure = line.partition(": ")
    return f"{label}{colon}{unbroken(figure)}" if colon else line


def forget_in_private_render(t: Translator, language: str, bot_username: str) -> Render:
    """/forgetme sent in a group: the question and its answer belong to the private chat, one tap away."""
    opening = private_chat_button(private_chat_link(bot_username), language)
    return Render(t.t(language, "stats-forget-in-private"), opening)


def forget_render(t: Translator, language: str, user_id: int) -> Render:
    keyboard = InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(
                    t.t(language, "stats-forget-button-confirm"),
                    callback_data=encode(Action.FORGET, user_id, 0, 1),
                ),
                InlineKeyboardButton(
                    t.t(language, "stats-forget-button-cancel"),
                    callback_data=encode(Action.FORGET, user_id, 0, 0),
                ),
            ]
        ]
    )
    return Render(t.t(language, "stats-forget-confirm"), keyboard)


def still_playing_text(t: Translator, language: str, games: Sequence[StillPlaying]) -> str:
    """Why /forgetme waits: the games it waits for, each with what ends the wait there."""
    if len(games) == 1:
        key = "stats-forget-in-" + _still_playing_kind(games[0])
        return t.t(language, key, chat=title(game_title(games[0], language), language))
    listed, more = listed_chats(games)
    lines = [
        t.t(
            language,
            "stats-forget-game-" + _still_playing_kind(game),
            chat=title(game_title(game, language), language),
        )
        for game in listed
    ]
    if more:
        lines.append(t.t(language, "stats-forget-games-more", count=more))
    return t.t(language, "stats-forget-in-games", games="\n".join(lines))


# The one game /stats waits for, by whether it has started and whether the /stats was sent where it is.
_ONE_GAME_KEYS = {
    (False, False): "stats-start-playing",
    (True, False): "stats-start-playing-lobby",
    (False, True): "stats-start-playing-here",
    (True, True): "stats-start-playing-lobby-here",
}


def still_playing_hint(
    t: Translator, language: str, games: Sequence[StillPlaying], here: Place | None
) -> str:
    """What brings the first figures of one in `games`: their ends (a /new there is refused). One game is told
    as a lobby not started yet or a match under way, and as "here" when the /stats was sent in its chat or
    topic (`here`: None where "here" is not the game's chat: a comment under a channel's post, or the private
    chat an answer from a forum topic closed to the bot is forwarded to)."""
    titles = chat_titles((game_title(game, language) for game in games), language)
    if len(games) > 1:
        return t.t(language, "stats-start-playing", chats=bold_chats(titles, language), count=len(titles))
    game = games[0]
    key = _ONE_GAME_KEYS[game.lobby, here is not None and game.place == here]
    return t.t(language, key, chats=bold_chats(titles, language), count=1)


def _still_playing_kind(game: StillPlaying) -> str:
    """What ends the wait there: leaving a lobby; the match's end, which writes a result (a loss for one who
    left) or, for one removed from it, only keeps their name."""
    if game.lobby:
        return "lobby"
    return "removed" if game.removed else "match"
