"""The private chat with the bot: /start (with or without a join link), and what else is written there (a
group's commands: bot.tg.handlers.group_commands_in_private)."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, replace

from telegram import Update
from telegram.error import ChatMigrated
from telegram.ext import ContextTypes

from bot.i18n import escape_html, known_language, language_guessed
from bot.service import Person, Place, Refusal
from bot.service.document import GameDocument, readable
from bot.service.seats import has_seat, seated_in
from bot.storage import AwaitedPlace, GameRecord, GameStatus
from bot.tg import render
from bot.tg.callback_data import MAX_GAME_ID
from bot.tg.chat_rights import RightsUnknown, chat_member, out_of_group
from bot.tg.handlers.common import (
    games_seated_in,
    group_language,
    is_member,
    person,
    runtime,
    user_language,
)
from bot.tg.pacing import Render
from bot.tg.render.notices import add_to_group_button
from bot.tg.render.text import (
    bold_chats,
    chat_titles,
    chats_and_more,
    game_title,
    listed_chats,
    names_list,
    other_languages,
    place_title,
    plain_title,
    told_apart,
)
from bot.tg.runtime import Runtime


async def unknown_private(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A command the bot does not know, in the private chat."""
    await _answer_private(update, context, "error-unknown-command")


async def chatter_private(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Anything but a command in the private chat ("how do I play?"): pointed to /help, not ignored; one
    waiting in a lobby ("what now?", just after the Start that joined it) is told they are in it and that
    their cards come here, not only sent to read every command. A word after a slash that Telegram marks as
    no command ("/старт": only Latin letters, digits and _ make one) was meant as one: "I only understand
    commands" would puzzle its sender."""
    message, user = update.effective_message, update.effective_user
    assert message is not None and user is not None
    if (message.text or "").startswith("/"):
        await _answer_private(update, context, "error-unknown-command")
        return
    rt = runtime(context)
    lang = await user_language(rt, user)
    games, _ = readable(await rt.service.active_games_of(user.id))
    lines = [rt.translator.t(lang, "error-private-chatter"), _in_lobbies(rt, games, user.id, lang)]
    rt.tell(message.chat_id, "\n".join(line for line in lines if line is not None))


async def _answer_private(update: Update, context: ContextTypes.DEFAULT_TYPE, key: str) -> None:
    rt = runtime(context)
    message = update.effective_message
    user = update.effective_user
    assert message is not None and user is not None
    rt.tell(message.chat_id, rt.translator.t(await user_language(rt, user), key))


async def hand_private(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/hand in the private chat (after clearing it, say): the hand of each match the sender plays, anew at
    the bottom, as "🃏 My cards" brings one; one who plays in none is told so (in a lobby: no cards yet)."""
    rt = runtime(context)
    message, user = update.effective_message, update.effective_user
    assert message is not None and user is not None
    games, _ = readable(await rt.service.active_games_of(user.id))
    seated = seated_in(games, user.id)
    running = [record for record, _ in seated if record.status is GameStatus.RUNNING]
    if running:
        rt.player_reach.resend_hands(user.id, running, skip=set(), greeting=None)
        return
    lang = await user_language(rt, user)
    left = None if seated else _matches_left(rt, games, user.id, lang)
    lobby = "yes" if seated else "no"
    none = rt.translator.t(lang, "gameplay-hand-none", lobby=lobby, where="private")
    rt.tell(message.chat_id, left or none)


def _matches_left(
    rt: Runtime, games: list[tuple[GameRecord, GameDocument]], user_id: int, lang: str
) -> str | None:
    """/hand in private from one who left running matches, or was removed from them, which go on: that they
    were removed (`GameDocument.kicked`), or are no longer in them, not "send /new in a group to open one"
    as if none ran (None: none)."""
    left = [doc for record, doc in games if record.status is GameStatus.RUNNING and user_id in doc.players]
    lines = []
    for kicked in (True, False):
        games_of_kind = (game_title(doc, lang) for doc in left if (user_id in doc.kicked) is kicked)
        titles = chat_titles(games_of_kind, lang)
        if titles:
            key = "gameplay-hand-kicked" if kicked else "gameplay-hand-left"
            lines.append(rt.translator.t(lang, key, games=bold_chats(titles, lang), count=len(titles)))
    return "\n".join(lines) or None


async def start_private(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/start [payload] in the private chat: the bot may write here now; a join link completes the join,
    else the player's hands come anew."""
    rt = runtime(context)
    message = update.effective_message
    user = update.effective_user
    assert message is not None and user is not None
    who = person(user)
    async with rt.database.unit_of_work() as uow:
        opened = not await uow.users.reachable(who.user_id)  # this Start is what lets the bot write here
        first = not await uow.users.ever_started(who.user_id)
        kept = await uow.users.keep_choices_of(
            who.user_id, name=who.name, username=who.username, language_code=who.language_code
        )
    if rt.own_menus is not None:  # their own menu, where this bot did not set it (another did, say)
        rt.own_menus.started(context.bot, who.user_id, known_language(kept.language), kept.own_menu)
    lang = await user_language(rt, user)
    guessed = language_guessed(kept.language, who.language_code)  # its hint offers the other language
    hint = _first_start_hint(rt, lang, guessed) if first else None
    if hint is not None and await _plays_a_match(rt, who.user_id):
        # The host of a lobby dealt before they ever pressed Start (a first Start opens the chat): their hands
        # come back with this Start (`reachable`), and no answer to it comes under them. Told first, the hint
        # is read above them.
        rt.tell(message.chat_id, hint)
        hint = None
    revived = await rt.player_reach.reachable(who.user_id)
    payload = context.args[0] if context.args else ""
    invited = await _invited_to(rt, who.user_id)
    game_id = _game_of(payload, "join") if payload else invited  # a Start without the link they were sent
    linked = None if game_id is None else await _linked_game(rt, game_id)
    start = _Start(rt, message.chat_id, who, lang, hint, revived)
    if linked is not None and linked[0].active:
        await _join_by_link(context, start, opened, *linked)
        return
    # A link of a game over (or never opened) says so to one in no game; one who plays gets what a Start
    # says to them (their lobby, their cards), not to ask for a new game: an old /notifyme word, say.
    if game_id is not None and not await games_seated_in(rt, who.user_id):
        rt.tell(message.chat_id, await _link_of_a_game_over(context, start, linked))
        return
    await _start_without_a_join(start, _game_of(payload, "hand"))


@dataclass(frozen=True)
class _Start:
    """Who sent /start, and what every answer to it needs."""

    rt: Runtime
    chat_id: int
    who: Person
    lang: str
    hint: str | None  # under the answer to a first Start (`_first_start_hint`)
    revived: set[int]  # the games whose hands the Start sent anew already (the bot could not write to them)


async def _start_without_a_join(start: _Start, watched_id: int | None) -> None:
    """A Start that joins nothing: the hands of the person's games come anew, under a greeting that says
    where they are (`_greeting`), or, for the group's "🃏 My cards" of match `watched_id`, that they do not
    play it."""
    rt, lang, who, hint = start.rt, start.lang, start.who, start.hint
    # A game that cannot be read is only mentioned: the others' hands must still come.
    games, unreadable = readable(await rt.service.active_games_of(who.user_id))
    async with rt.database.unit_of_work() as uow:
        awaited = await uow.subscriptions.places_of(who.user_id)
    watched = await _running_match(rt, watched_id)  # whose "🃏 My cards" they followed
    greeting: Render | None
    if watched is not None and has_seat(*watched, who.user_id):
        greeting = None  # their hand, anew at the bottom, is the answer: a line per press would pile up
    elif watched is not None and not _awaits(awaited, watched[0]):  # /notifyme again would cancel it
        greeting = _not_playing(rt, game_title(watched[1], lang), lang)
    else:
        greeting = _greeting(rt, games, who.user_id, lang, _awaited_titles(awaited, lang), bool(unreadable))
    if hint is not None:  # alone where their hand is the answer
        greeting = Render(hint) if greeting is None else replace(greeting, text=_hinted(greeting.text, hint))
    # The followed match's hand comes last, at the bottom, under the hands of their other games.
    records = sorted((record for record, _ in games), key=lambda record: record.id == watched_id)
    rt.player_reach.resend_hands(who.user_id, records, skip=start.revived, greeting=greeting)


async def _join_by_link(
    context: ContextTypes.DEFAULT_TYPE, start: _Start, opened: bool, record: GameRecord, doc: GameDocument
) -> None:
    """A join link (or a plain Start of one sent here to join) of the lobby or match `record`, which is on:
    the join completed, or why not. `opened`: this Start is what lets the bot write to them."""
    rt, lang, who = start.rt, start.lang, start.who
    over = _link_over(rt, lang, record)  # "no game here" would not say which, in private
    title = plain_title(game_title(doc, lang), lang)  # cleaned and shortened like every title
    joined = _hinted(rt.translator.html(lang, "gameplay-joined-private", chat=title), start.hint)
    if has_seat(record, doc, who.user_id):  # in it already
        if record.status is GameStatus.RUNNING:  # the link kept from its lobby: their cards come below it,
            # or, when the unblock that came with this Start sent them already, alone (not a word under them)
            rt.player_reach.resend_hands(who.user_id, [record], skip=start.revived, greeting=Render(joined))
        else:
            rt.tell(start.chat_id, joined)
        return
    if not await is_member(context, record.chat_id, who.user_id):
        rt.tell(start.chat_id, render.refusal("not_in_group", lang))  # a link passed on, or guessed
        return
    try:
        outcome = await rt.service.join(record.id, who)
    except Refusal as refusal:
        if refusal.reason == "already_joined":
            refused = joined
        elif refusal.reason == "no_game":  # it ended just now
            refused = over
        elif refusal.reason == "too_late_to_join":  # dealt while they were on their way here
            refused = rt.translator.html(lang, "gameplay-join-link-started", chat=title)
            if opened:  # not to one who had the chat open already: for them nothing changed
                join = rt.translator.t(await group_language(rt, record.chat_id), "button-join")  # as labelled
                refused += " " + rt.translator.t(lang, "gameplay-join-link-next-time", join=join)
        else:
            refused = render.refusal(refusal.reason, lang)
        rt.tell(start.chat_id, refused)
        return
    await rt.after(outcome)  # the lobby lists them: no word in the group, as for a Join pressed there
    rt.tell(start.chat_id, joined)


def _first_start_hint(rt: Runtime, lang: str, guessed: bool) -> str:
    """What a person's first Start answer ends with: /colours (a colour-blind player would not think of
    looking in /help); and, when their `lang` is a guess (`language_guessed`: English for an app in a language
    the bot does not write in, DEFAULT_LANGUAGE for one that says none), how to switch to the other."""
    lines = [rt.translator.t(lang, "gameplay-colours-hint")]
    return "\n".join(lines + other_languages(lang, group=False) if guessed else lines)


def _hinted(answer: str, hint: str | None) -> str:
    """The answer to a person's first Start, read just before their first cards, with the `hint` under it."""
    return answer if hint is None else f"{answer}\n{hint}"


def _link_over(rt: Runtime, lang: str, record: GameRecord | None) -> str:
    """That the game of a join link is over, and where to ask for a new one: its forum topic (the forum's
    others hold games of their own), else its group (or, unknown, the group it came from)."""
    where = "topic" if record is not None and record.topic_id else "group"
    return rt.translator.t(lang, "gameplay-join-link-over", where=where)


async def _link_of_a_game_over(
    context: ContextTypes.DEFAULT_TYPE, start: _Start, linked: tuple[GameRecord, GameDocument] | None
) -> Render:
    """What a Start with the join link of a game over says to one in no game: where to ask for a new one
    (`_link_over`); of a group the bot is no longer in (removed from it, or the group deleted), that it is
    not, and that an admin may add it back, where the group asked would not hear it. Telegram is asked now:
    the bot may have been added back since."""
    rt, lang = start.rt, start.lang
    if linked is None or await _bot_still_in(context, linked[0].chat_id):
        return Render(_hinted(_link_over(rt, lang, None if linked is None else linked[0]), start.hint))
    title = plain_title(game_title(linked[1], lang), lang)
    gone = rt.translator.html(lang, "gameplay-join-link-bot-gone", chat=title)
    return Render(_hinted(gone, start.hint), add_to_group_button(rt.publishing.bot_username, lang))


async def _bot_still_in(context: ContextTypes.DEFAULT_TYPE, chat_id: int) -> bool:
    """Whether the bot is in the group, as Telegram says now (it refuses to say of a group the bot is out
    of: no operator's concern, logged as information); taken so when Telegram cannot say for a moment, or the
    group became a supergroup."""
    try:
        member = await chat_member(context.bot, chat_id, context.bot.id, refusal_level=logging.INFO)
    except (RightsUnknown, ChatMigrated):
        return True
    return member is not None and not out_of_group(member)


async def _linked_game(rt: Runtime, game_id: int) -> tuple[GameRecord, GameDocument] | None:
    """The game a join link names; when that one is over, the lobby open now where it was played: a link kept
    from a lobby that closed (a /notifyme word read late) is followed to join, as Play again joins."""
    loaded = await rt.service.load(game_id)
    if loaded is None or loaded[0].active:
        return loaded
    found = await rt.service.find(Place(loaded[0].chat_id, loaded[0].topic_id))
    return found if found is not None and found[0].status is GameStatus.LOBBY else loaded


async def _plays_a_match(rt: Runtime, user_id: int) -> bool:
    return any(record.status is GameStatus.RUNNING for record, _ in await games_seated_in(rt, user_id))


async def _running_match(rt: Runtime, game_id: int | None) -> tuple[GameRecord, GameDocument] | None:
    loaded = None if game_id is None else await rt.service.load(game_id)
    return loaded if loaded is not None and loaded[0].status is GameStatus.RUNNING else None


def _awaits(places: list[AwaitedPlace], record: GameRecord) -> bool:
    """Whether the user awaits the next game where this one is played (sent /notifyme there)."""
    return any((where.chat_id, where.topic_id) == (record.chat_id, record.topic_id) for where in places)


def _not_playing(rt: Runtime, chat_title: str, lang: str) -> Render:
    """What the group's "🃏 My cards" link says to one who does not play in its match (an onlooker, a
    newcomer): that they are not in it and what they can do, not how to begin a game."""
    title = plain_title(chat_title, lang)
    return Render(rt.translator.html(lang, "gameplay-private-not-playing", chat=title))


def _greeting(
    rt: Runtime,
    games: list[tuple[GameRecord, GameDocument]],
    user_id: int,
    lang: str,
    awaited: list[str],
    unreadable: bool,
) -> Render:
    """What a Start without a join says: mid-game (the group's "open the chat with the bot" button, say) the
    cards are what they came for; in lobbies, that they are in each (a Start to check that joining worked);
    in a game whose saved data cannot be read (`unreadable`), that it cannot go on; waiting (/notifyme) for
    the next game in the `awaited` places, that they will hear of it here (the /notifyme answer sent them to
    press Start for it); from one removed from running matches, or who left them, which go on, so
    (`_matches_left`, as /hand says), and what they wait for; else how to begin."""
    seated = seated_in(games, user_id)
    lines = []
    if hands := sum(record.status is GameStatus.RUNNING for record, _ in seated):  # a lobby has no cards yet
        lines.append(rt.translator.t(lang, "gameplay-private-cards", count=hands))
    in_lobbies = _in_lobbies(rt, games, user_id, lang)
    if in_lobbies is not None:
        lines.append(in_lobbies)
    if unreadable:
        lines.append(rt.translator.t(lang, "gameplay-private-unreadable"))
    if not seated and (left := _matches_left(rt, games, user_id, lang)) is not None:
        lines.append(left)  # not the newcomer's "how to begin" as their match goes on
        if awaited:  # (the Start their /notifyme's answer asked for, after the match they are out of)
            lines.append(_awaited(rt, awaited, lang))
    if lines:
        return Render("\n".join(lines))
    if awaited:
        return Render(_awaited(rt, awaited, lang))
    return _hello(rt, lang)


def _awaited(rt: Runtime, awaited: list[str], lang: str) -> str:
    """That they will hear here of the next game in the `awaited` places (/notifyme)."""
    return rt.translator.t(lang, "notify-awaited", chats=bold_chats(awaited, lang), count=len(awaited))


def _in_lobbies(
    rt: Runtime, games: list[tuple[GameRecord, GameDocument]], user_id: int, lang: str
) -> str | None:
    """That the user is in the lobbies among `games` (a Start to check that joining worked); None for none."""
    seated = seated_in(games, user_id)
    lobbies = chat_titles(
        (game_title(doc, lang) for record, doc in seated if record.status is GameStatus.LOBBY), lang
    )
    if not lobbies:
        return None
    if len(lobbies) == 1:
        return rt.translator.html(lang, "gameplay-joined-private", chat=lobbies[0])
    bold = [f"<b>{escape_html(chat)}</b>" for chat in lobbies]
    listed = chats_and_more(bold, lang) if listed_chats(bold)[1] else names_list(bold, lang)
    return rt.translator.t(lang, "gameplay-joined-private-games", chats=listed)


def _awaited_titles(places: list[AwaitedPlace], lang: str) -> list[str]:
    """Each place once, named as its lobby would be ("Chat · Topic"); two of one name told apart."""
    titles: dict[tuple[int, int | None], str] = {}
    for where in places:
        # A request kept without its topic's name (made before the bot kept it) reads as its chat: once.
        key = (where.chat_id, where.topic_id if where.topic_title else None)
        titles.setdefault(key, plain_title(place_title(where.chat_title, where.topic_title), lang))
    return told_apart(list(titles.values()))


def _hello(rt: Runtime, lang: str) -> Render:
    """The greeting of someone in no game (a newcomer, say): what to do, with Telegram's add-to-group link."""
    adding = add_to_group_button(rt.publishing.bot_username, lang)
    return Render(rt.translator.t(lang, "gameplay-private-hello"), adding)


async def _invited_to(rt: Runtime, user_id: int) -> int | None:
    """The game the user was sent here to join, while it is on (else their Start is only a Start: "the game
    from that link is over" would speak of a link they did not use). The invitation is used up either way,
    and the group messages that sent them here go now, not when they expire: they ask them to do what they
    just did."""
    game_id = rt.invitations.take(user_id, rt.ticks())
    assert rt.fleeting is not None, "created in post_init"
    for posted in rt.invitations.posted_to(user_id):
        if posted in rt.fleeting:  # not gone already (its time up, or deleted by hand)
            rt.fleeting.delete_now(*posted)
    loaded = None if game_id is None else await rt.service.load(game_id)
    on = loaded is not None and loaded[0].active
    return game_id if on else None


def _game_of(payload: str, kind: str) -> int | None:
    """The game a link of this kind ("join", "hand") names; None for any other payload (a mangled or made-up
    one, a link of the other kind)."""
    prefix, _, number = payload.partition("_")
    if prefix != kind or not _GAME_ID.fullmatch(number) or int(number) > MAX_GAME_ID:
        return None  # beyond MAX_GAME_ID the database could not even look it up
    return int(number)


_GAME_ID = re.compile(r"[0-9]{1,19}")  # ASCII digits only ("²" is a digit to str.isdigit)
