"""Rare notices the group gets as new messages: a player the bot cannot write to, a match nobody moves in, a
player removed with /kick."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.tg.pacing import Render
from bot.tg.render.names import game_name, linked, plain_game_name
from bot.tg.render.narrator import kicker_args
from bot.tg.render.text import LISTED_NAMES, add_to_group_link, names_and_more, paused_key, seat_of, t
from bot.tg.render.views import Seat
from bot.visible_text import ALERT_LIMIT, utf16_length

MINUTE_MS = 60_000
Naming = Callable[[Mapping[int, Seat], int, str], str]  # a seat's name: `game_name`, or plain
# Those who left named in a kick's alert, the rest counted: with three names of PLAYER_NAME_LIMIT letters it
# ran to ~280 characters in Russian, and Telegram cut its end (`kick_noted_alert`).
ALERT_LEAVERS = 1


# Each notice names `player` of `seats` as the lobby and the table name them (`game_name`: their cut, "Alex ²"
# and "Alexandra Ko… ²" marked apart): the untimed notice's "/kick <name>" must name only them.


def unreachable(
    seats: Mapping[int, Seat], player: int, lobby: bool, timed: bool, private_link: str, lang: str
) -> Render:
    """`player` cannot get their cards (`lobby`: will not, once the match is dealt; there are no turns yet to
    time out); the button opens the private chat with the bot. The mention notifies them: only they can fix
    it."""
    # Without a turn timer their turns never time out: someone must remove them for the game to go on.
    timing = "-untimed" if not timed else ""
    key = "gameplay-unreachable-lobby" if lobby else "gameplay-unreachable" + timing
    text = t(lang, key, **_cut_off(seats, player, lang))
    return Render(text, private_chat_button(private_link, lang))


def reachable(seats: Mapping[int, Seat], player: int, lobby: bool, lang: str) -> Render:
    """`player`, whom an `unreachable` notice named, can get their cards now (`lobby`: will, once dealt)."""
    key = "gameplay-reachable-lobby" if lobby else "gameplay-reachable"
    return Render(t(lang, key, name=game_name(seats, player, lang)))


def idle_warning(
    seats: Mapping[int, Seat],
    player: int,
    idle_ms: int,
    left_ms: int,
    lang: str,
    private_link: str | None = None,
) -> Render:
    """Nobody moved for `idle_ms` (no turn timer): the match stops in `left_ms` unless `player`, whose move
    it is, moves; the mention notifies them. `private_link`, given when they cannot get their cards: the
    warning says what lets the game go on instead (their Start, a /kick), under the button to the chat."""
    idle, left = idle_ms // MINUTE_MS, -(-left_ms // MINUTE_MS)  # left rounded up: never sooner than said
    if private_link is None:
        mention = linked(seat_of(seats, player), game_name(seats, player, lang))
        return Render(t(lang, "gameplay-idle-warning", name=mention, idle=idle, left=left))
    text = t(lang, "gameplay-idle-warning-unreachable", idle=idle, left=left, **_cut_off(seats, player, lang))
    return Render(text, private_chat_button(private_link, lang))


def kicked(
    seats: Mapping[int, Seat],
    player: int,
    kicker: Seat | None,
    lang: str,
    *,
    playing: bool = False,
    lost_by_leaving: Sequence[int] = (),
) -> str:
    """`kicker` removed `player` with /kick (`seats` as the screens read before it: a lobby's has no seat of
    the one removed after). A player of the match is named as its screens name them, a chat admin outside it
    as a lobby would; an anonymous admin (None), who writes as the group, is not, as /stop's answer names
    none. `playing`: the kicker is a player and `player` was still playing, so a win of the kicker's counts
    for nobody (bot.service.kicking) but those who left the match before (`lost_by_leaving`): their loss
    stands (bot.service.results.losses_kept), as the results will say. The verb agrees with «игрок» or
    «администратор чата» in Russian: a name tells no gender."""
    by = kicker_args(seats, kicker, lang)
    name = game_name(seats, player, lang)
    if not (playing and by["kicker"] == "player"):
        return t(lang, "gameplay-kicked-by", name=name, **by)
    if not lost_by_leaving:
        return t(lang, "gameplay-kicked-playing", name=name, **by)
    left = _leavers(seats, lost_by_leaving, lang)
    return t(lang, "gameplay-kicked-playing-left", name=name, left=left, count=len(lost_by_leaving), **by)


def kick_noted_playing(
    seats: Mapping[int, Seat],
    player: int,
    lang: str,
    lost_by_leaving: Sequence[int] = (),
    *,
    alert: bool = False,
    named: bool = True,
) -> str:
    """Said to a player after their /kick of `player`, still playing, is noted in a paused match (its
    answer, in private: the group reads the kick once the match goes on; or the `alert` of a kick button
    pressed as it paused, its names plain, and those who left in fewer words, the first named, or none
    (not `named`): `kick_noted_alert`): a win of theirs counts for nobody but those who left it
    (`lost_by_leaving`), as the group's notice says (`kicked`)."""
    naming = plain_game_name if alert else game_name
    name = naming(seats, player, lang)
    if alert and not named:  # the alert's first sentence names `player` already
        count = len(lost_by_leaving)
        key = "alert-kick-noted-playing-counted" if count else "alert-kick-noted-playing"
        return t(lang, key, count=count)
    if not lost_by_leaving:
        return t(lang, "gameplay-kick-noted-playing", name=name)
    if alert:  # in fewer words, naming fewer of them: an alert holds ALERT_LIMIT characters
        left = _leavers(seats, lost_by_leaving, lang, naming, ALERT_LEAVERS)
        return t(lang, "alert-kick-noted-playing-left", left=left, count=len(lost_by_leaving))
    left = _leavers(seats, lost_by_leaving, lang, naming)
    return t(lang, "gameplay-kick-noted-playing-left", name=name, left=left, count=len(lost_by_leaving))


def kick_noted_alert(name: str, costs: Sequence[str], lang: str, *, muted: bool) -> str:
    """The alert of a kick button pressed as the match paused (`muted`: as its group refuses the bot's posts,
    else in a closed topic): `name` leaves when it goes on, and what that means for its presser (`costs`, as
    `kick_noted_playing` or `kick_noted_last` say it to an alert, naming players and then none; "": nothing):
    the first said within ALERT_LIMIT UTF-16 units (Telegram cuts an alert's end: names of PLAYER_NAME_LIMIT
    letters of 2 units each, as bold ones, ran past it named), the last else."""
    text = ""
    for cost in costs:
        noted = t(lang, paused_key("alert-kick-noted", muted), name=name, cost="yes" if cost else "no")
        text = f"{noted} {cost}" if cost else noted
        if utf16_length(text) <= ALERT_LIMIT:
            break
    return text


def kick_noted_last(
    seats: Mapping[int, Seat], player: int, lang: str, *, alert: bool = False, named: bool = True
) -> str:
    """Said to a chat admin outside the match (or one leaving it too) after their /kick, noted in a paused
    match, leaves `player` alone in it once those noted leave (the answer in private, or the `alert` of a
    kick button pressed as it paused, `player` unnamed if not `named`): it stops as it goes on, nobody
    winning (bot.service.stop_rules KICKED, or COMPUTERS for a computer), as a player who removed their last
    opponent is told."""
    if alert and not named:
        return t(lang, "alert-kick-noted-last")
    naming = plain_game_name if alert else game_name
    return t(lang, "gameplay-kick-noted-last", name=naming(seats, player, lang))


def _leavers(
    seats: Mapping[int, Seat],
    players: Sequence[int],
    lang: str,
    naming: Naming = game_name,
    listed: int = LISTED_NAMES,
) -> str:
    """Those who left the match, as the results name them (render.results `_void_kick`), the first `listed`
    and how many more."""
    return names_and_more([naming(seats, gone, lang) for gone in players], lang, listed)


def _host(seat: Seat) -> str:
    """Whether `seat` is the game's host ("yes"/"no"): who may /kick them is then a chat admin alone (a
    host's /kick of themselves is answered with /leave)."""
    return "yes" if seat.runs else "no"


def _cut_off(seats: Mapping[int, Seat], player: int, lang: str) -> dict[str, str]:
    """What a notice of `player`, who can't get their cards, fills in: the mention that notifies them,
    their name as the table shows it, for "/kick <name>" to name only them; whether they are the host
    (`_host`); whether they blocked the bot (their chat with it then offers "Restart", not "Start")."""
    seat, shown = seat_of(seats, player), game_name(seats, player, lang)
    blocked = "yes" if seat.blocked else "no"
    return {"mention": linked(seat, shown), "name": shown, "host": _host(seat), "blocked": blocked}


def private_chat_button(private_link: str, lang: str) -> InlineKeyboardMarkup:
    """The button that opens the private chat with the bot (at `private_link`: a Start there may bring the
    cards, complete a join, or just open the chat)."""
    return InlineKeyboardMarkup([[InlineKeyboardButton(t(lang, "button-open-private"), url=private_link)]])


def add_to_group_button(bot_username: str, lang: str) -> InlineKeyboardMarkup:
    """The button with Telegram's link that lets a person pick a group to add the bot to."""
    label = t(lang, "button-add-to-group")
    return InlineKeyboardMarkup([[InlineKeyboardButton(label, url=add_to_group_link(bot_username))]])
