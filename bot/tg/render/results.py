"""New group messages: the dealer draw, a round's end (points, totals) and the final standings."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence

from telegram import InlineKeyboardMarkup

from bot.engine.cards import Kind
from bot.engine.decks import DeckName, deck_cards
from bot.engine.events import DealerChosen, DealerDraw, Event, MatchEnded, RoundEnded
from bot.service.results import competition_places
from bot.tg.callback_data import Action
from bot.tg.render.cards import card_id_label
from bot.tg.render.names import game_name
from bot.tg.render.text import TEXT_LIMIT, button, names_and_more, t, telegram_length, unbroken
from bot.tg.render.views import Seat
from bot.visible_text import MEDALS

STOP_MARK = "⏹ "  # a stopped match's standings lead with it, as their title would


def dealer_draw(
    events: Sequence[Event], seats: Mapping[int, Seat], lang: str, deck: DeckName, room: int = TEXT_LIMIT
) -> str:
    """Who drew what for the deal (ties draw again) and who deals; other events are ignored. Within `room`
    as Telegram counts it (`telegram_length`): the ties past what fits (each tie of two long names takes
    ~300, and Telegram 4096 a message), the earliest after the first draw, are counted, not shown."""
    cards = deck_cards(deck)
    drawing = Counter(event.attempt for event in events if isinstance(event, DealerDraw))
    draws: list[list[str]] = [[]]  # each attempt's lines, a tie's line leading all but the first's
    dealer: list[str] = []
    attempt = 1
    for event in events:
        if isinstance(event, DealerDraw):
            if event.attempt != attempt:
                draws.append(
                    [t(lang, "dealer-draw-tie", who=_tied(drawing[attempt], drawing[event.attempt]))]
                )
                attempt = event.attempt
            player = game_name(seats, event.player, lang)
            # an action or black card counts 0, though a +2 shows a number
            zero = 0 <= event.card < len(cards) and cards[event.card].kind is not Kind.NUMBER
            card = card_id_label(event.card, deck, lang)
            drawn = t(lang, "dealer-draw-zero", card=card) if zero else card
            # a long name wraps after itself on a narrow phone, never between the card's colour and its name
            draws[-1].append(t(lang, "dealer-draw-line", name=player, card=unbroken(drawn)))
        elif isinstance(event, DealerChosen):
            dealer.append(t(lang, "dealer-draw-dealer", name=game_name(seats, event.player, lang)))
    first, *ties = draws
    title = t(lang, "dealer-draw-title")
    for left_out in range(len(ties)):  # the last tie always fits: ten names of NAME_UNITS twice take ~3,200
        told = [t(lang, "dealer-draw-ties-left-out", count=left_out)] if left_out else []
        shown = [title, *first, *told, *(line for tie in ties[left_out:] for line in tie), *dealer]
        text = "\n".join(shown)
        if telegram_length(text) <= room or left_out == len(ties) - 1:
            return text
    return "\n".join([title, *first, *dealer])


def _tied(drew: int, again: int) -> str:
    """Who of the `drew` players tied and draw `again`: dealer-draw-tie's $who (between two, both)."""
    if again < drew:
        return "some"
    return "both" if again == 2 else "all"


def round_end(
    event: RoundEnded,
    seats: Mapping[int, Seat],
    lang: str,
    *,
    lowest_wins: bool = False,
    points: bool = True,
    target: int | None = None,
) -> str:
    """The round's winner, what each hand was worth and scored, and the match totals, the leader first
    (lowest first when the lowest total wins: own-hand scoring), then the `target` score the match goes on
    to. Without `points` (a single round decides) only the winner."""

    winner = game_name(seats, event.winner, lang)
    key = "round-end-stalled" if event.stalled else "round-end-title"
    lines = [t(lang, key, round=event.round_no, name=winner)]
    if not points:
        return lines[0]
    # "+47" beside "0 points in hand" puzzles one new to UNO: say whose points a player scores.
    scoring = "round-end-scoring-own" if lowest_wins else "round-end-scoring"
    lines += ["", t(lang, scoring, players=len(event.hand_points))]
    for player in _by_total(event.hand_points, event.totals, seats, lowest_wins=lowest_wins):
        parts = _round_parts(event, player, lang, own_hand=lowest_wins)
        # a long name (PLAYER_NAME_LIMIT) wraps after itself on a narrow phone, never inside the figures
        shown = game_name(seats, player, lang)
        lines.append(t(lang, "round-end-line", name=shown, parts=unbroken(parts)))
    if target is not None:
        lines += [
            "",
            t(lang, "round-end-target-lowest" if lowest_wins else "round-end-target", count=target),
        ]
    return "\n".join(lines)


def _round_parts(event: RoundEnded, player: int, lang: str, *, own_hand: bool) -> str:
    """What a player's round came to, only what is news, so that a line fits a phone's width ("Bob: 25 in
    hand · total 80"): the points left in their hand where the winner scores them (not the winner's own
    empty hand: a stalled round's winner may hold some), what the round added to their total unless nothing
    (every loser's under the winner's scoring), and the total. Under own-hand scoring the hand is what its
    player scores: said once, as the gain."""
    in_hand, gained = event.hand_points[player], event.scored.get(player, 0)
    # "100" beside a hand of one 0 reads as a miscount: say it is the lone-zero rule.
    lone = player in event.lone_zeros
    parts = []
    if not own_hand and (in_hand or player != event.winner):
        parts.append(t(lang, "round-end-in-hand-lone-zero" if lone else "round-end-in-hand", count=in_hand))
    if gained:
        own_lone = lone and own_hand  # else a winner's gain is the others' hands, whatever their own holds
        parts.append(t(lang, "round-end-gain-lone-zero" if own_lone else "round-end-gain", count=gained))
    parts.append(t(lang, "round-end-total", total=event.totals.get(player, 0)))
    return " · ".join(parts)


def match_end(
    event: MatchEnded,
    seats: Mapping[int, Seat],
    lang: str,
    *,
    lowest_wins: bool,
    stopped: bool = False,
    stop_reason: str | None = None,
    points: bool = True,
    void: bool = False,
    lost_by_leaving: Sequence[int] = (),
    waited_for: int | None = None,
    departed: Mapping[int, int] | None = None,
    asked: bool = False,
) -> str:
    """Final standings: winners first, then by total (highest first, or lowest first when the lowest total
    wins: own-hand scoring), a 0 of the winner's scoring last with no place. `stop_reason`: why the bot
    stopped it ("computers", "idle", "kicked"; None: a person did). `void`: a won match that counts for
    nobody, its winner (or one of them) having removed a player still playing (bot.service.kicking), says so
    under its title, naming those who left it before (`lost_by_leaving`), for whom it still counts: a loss.
    `waited_for`: the player an idle match waited for an hour, whose loss its stop is (stop_rules.stalling):
    the title names them (the warning that did is gone by then). `departed`: a stopped
    match's players who left it, with the totals they had: listed after the standings, unranked (their stored
    results are last) and marked out of the game, in the standings' order of totals.
    Without `points` (a single round decides) no standings: there are no totals to rank; nor for a stopped
    match whose totals are all 0, those who left it included (stopped before anyone scored): a list of equal
    zeros ranks nobody. `asked`: a person stopped it with /stop: no title over its standings, as the question
    they answered, just above, and the table said who stopped it."""
    gone = departed or {}
    # told already (a single round's stop keeps its title: without standings, it is all the message says)
    told = stopped and asked and points

    if stopped and waited_for is not None:
        lines = [t(lang, "match-end-stopped-waited-for", name=game_name(seats, waited_for, lang))]
    elif told:
        lines = []
    elif stopped:
        why = f"-{stop_reason}" if stop_reason is not None else ""
        lines = [t(lang, f"match-end-stopped{why}")]
    else:
        # the first few (names_and_more): nine tied winners' names ran past what Fluent takes as one
        # argument (2,500 characters of HTML) and raised; the standings below name them all
        named = [game_name(seats, player, lang) for player in event.winners]
        winners = names_and_more(named, lang)
        # A match ends with one player seated only when everyone else left or was removed.
        key = "match-end-walkover" if len(event.totals) == 1 else "match-end-title"
        out = [player for player in seats if player not in event.totals]  # in a walkover: who is out
        title = t(
            lang,
            key,
            names=winners,
            count=len(event.winners),
            out=len(out),
            name=game_name(seats, out[0], lang) if out else "",
        )
        lines = [f"{title}\n{_void_kick(event, seats, lang, lost_by_leaving)}" if void else title]
    if not points:
        return lines[0]
    if stopped and not any(event.totals.values()) and not any(gone.values()):
        no_score = t(lang, "match-end-no-score")
        return STOP_MARK + no_score if told else "\n".join([*lines, "", no_score])
    heading = t(lang, _standings_heading(event, lowest_wins=lowest_wins, stopped=stopped))
    lines += [STOP_MARK + heading] if told else ["", heading]
    for place, player in standings(event, seats, lowest_wins=lowest_wins):
        lines.append(_standing(event, place, player, seats, lang, lowest_wins=lowest_wins, stopped=stopped))
    for player in _by_total(gone, gone, seats, lowest_wins=lowest_wins):
        lines.append(t(lang, "match-end-line-out", name=game_name(seats, player, lang), total=gone[player]))
    return "\n".join(lines)


def _void_kick(
    event: MatchEnded, seats: Mapping[int, Seat], lang: str, lost_by_leaving: Sequence[int]
) -> str:
    """Why a won match counts for nobody, and for whom it counts all the same: who left it lost it then."""
    shared = "yes" if len(event.winners) > 1 else "no"  # then one of them did it
    if not lost_by_leaving:
        return t(lang, "match-end-void-kick", shared=shared)
    names = names_and_more([game_name(seats, player, lang) for player in lost_by_leaving], lang)
    return t(lang, "match-end-void-kick-left", shared=shared, names=names, count=len(lost_by_leaving))


def _standing(
    event: MatchEnded,
    place: int,
    player: int,
    seats: Mapping[int, Seat],
    lang: str,
    *,
    lowest_wins: bool,
    stopped: bool,
) -> str:
    """A player's line of the standings: their place (a medal in a match that was won) and total."""
    name, total = game_name(seats, player, lang), event.totals[player]
    # Only round winners score when the winner takes: a 0 says they won no round, not a place ("🥈 0" of each
    # of three who lost a match of one round read as three second places). A walkover's winner may hold 0.
    if not lowest_wins and not total and player not in event.winners:
        return t(lang, "match-end-line-unplaced", name=name, total=total)
    # Medals only for a match that was won: a stopped one ranks its totals with plain numbers.
    badge = MEDALS[place - 1] if place <= len(MEDALS) and not stopped else f"{place}."
    return t(lang, "match-end-line", place=badge, name=name, total=total)


def _standings_heading(event: MatchEnded, *, lowest_wins: bool, stopped: bool) -> str:
    """Under own-hand scoring the standings say the lowest total wins: the round that ends such a match is
    often won by another player than the match, and a win with the smallest number needs saying. Not after
    a walkover, which its title explains."""
    if not lowest_wins or len(event.totals) == 1:
        return "match-end-standings"
    return "match-end-standings-lowest-stopped" if stopped else "match-end-standings-lowest"


def play_again(game_id: int, lang: str) -> InlineKeyboardMarkup:
    """Under a match's end. It acts on whatever the chat holds when pressed, so it works after a restart and
    however old it is; it names the ended game for when Telegram no longer shows the bot the message it is
    under, and so its chat's forum topic."""
    return InlineKeyboardMarkup([[button(t(lang, "button-play-again"), Action.AGAIN, game_id, 0)]])


def standings(event: MatchEnded, seats: Mapping[int, Seat], *, lowest_wins: bool) -> list[tuple[int, int]]:
    """(place, player) in order; equal results share a place and keep seat order. `lowest_wins` is given, not
    guessed from the winners: a stopped match has none."""
    totals = event.totals
    winners = set(event.winners)
    sign = 1 if lowest_wins else -1
    seat = _seat_order(seats)

    def key(player: int) -> tuple[bool, int]:
        return player not in winners, sign * totals[player]

    ordered = sorted(totals, key=lambda player: (key(player), seat(player)))
    places = competition_places(ordered, key)
    return [(places[player], player) for player in ordered]


def _by_total(
    players: Iterable[int], totals: Mapping[int, int], seats: Mapping[int, Seat], *, lowest_wins: bool
) -> list[int]:
    """`players` by their totals, the best first (the highest, or the lowest when the lowest total wins),
    equal ones in seat order."""
    sign = 1 if lowest_wins else -1
    seat = _seat_order(seats)
    return sorted(players, key=lambda player: (sign * totals.get(player, 0), seat(player)))


def _seat_order(seats: Mapping[int, Seat]) -> Callable[[int], int]:
    """Where a player sits (`seats` is in seat order; one no longer seated comes last). Equal results are
    listed so, not in the order of the event's maps: PostgreSQL (JSONB) gives stored ones back in its own."""
    positions = {player: number for number, player in enumerate(seats)}
    return lambda player: positions.get(player, len(positions))
