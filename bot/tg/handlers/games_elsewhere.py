"""A player's games in the forum's other topics, for a command that finds none in its own: to one seated in a
lobby or match going on in another topic, where it is ("There is no game in this topic." alone sends them to
/new), and to a /leave, that it is left there; and of a match paused there, that topic closed to the bot,
that it is, and that it goes on at the reopening ("There is no game in this topic. Start one with /new." read
as if their game were gone); to a /hand from one seated in none, where the group's games are. Each takes the
sender's games in the forum (`seated_in_the_forum`), read once for all a command says."""

from __future__ import annotations

from collections.abc import Sequence

from telegram import Message

from bot.service import GameDocument
from bot.service.document import readable
from bot.storage import GameRecord, GameStatus
from bot.tg.handlers.common import games_seated_in, sender, sender_language
from bot.tg.render.text import bold_chats, chat_titles, game_title
from bot.tg.runtime import Runtime

# The games the sender is seated in in a forum (`seated_in_the_forum`).
Seated = list[tuple[GameRecord, GameDocument]]


async def paused_elsewhere(rt: Runtime, message: Message, seated: Seated, leaving: bool) -> str | None:
    """The word (HTML, in the sender's language) on the sender's matches paused in the closed topics of the
    forum `message` was sent in, if they play in one; `leaving` (a /leave): how to leave it, from the private
    chat (a /leave here is for a game here: one closed a moment ago must not take them out of another). Not
    one they are leaving already (their /leave, or a kick, noted: `departing`): it goes on without them."""
    paused = [(record, doc) for record, doc in seated if doc.paused]
    if not paused:
        return None
    lang = await sender_language(rt, message)
    titles = _titles(rt, paused, lang)
    count = len(titles)
    lines = [rt.translator.t(lang, "error-paused-elsewhere", games=bold_chats(titles, lang), count=count)]
    if leaving:
        lines.append(rt.translator.t(lang, "error-paused-elsewhere-leave", count=count))
    return "\n".join(lines)


async def going_on_elsewhere(
    rt: Runtime, message: Message, seated: Seated, leaving: bool
) -> tuple[str, str] | None:
    """The answer (HTML, in the sender's language) to a command finding no game in its forum topic, from one
    seated in a lobby or match going on in another of the forum's topics: that theirs is there (`leaving`, a
    /leave: to send it there, as it is for a game here); and as it reads forwarded to the private chat from a
    topic closed to the bot. None when they are in no such game."""
    going = [(record, doc) for record, doc in seated if not doc.paused]
    if not going:
        return None
    lang = await sender_language(rt, message)
    titles = _titles(rt, going, lang)
    games, count = bold_chats(titles, lang), len(titles)
    here, forwarded = (
        ("error-no-game-topic-yours-leave", "closed-topic-no-game-yours-leave")
        if leaving
        else ("error-no-game-topic-yours", "closed-topic-no-game-yours")
    )
    return (
        rt.translator.t(lang, here, games=games, count=count),
        rt.translator.t(lang, forwarded, games=games, count=count),
    )


def matches_going_on_elsewhere(seated: Seated) -> Seated:
    """The matches under way (not paused) in the forum's other topics that the sender plays in: a /hand sent
    where there is none brings their hands."""
    return [(record, doc) for record, doc in seated if record.status is GameStatus.RUNNING and not doc.paused]


async def not_seated_answer(rt: Runtime, message: Message, seated: Seated) -> tuple[str, str] | None:
    """The answer (HTML, in the sender's language) to a /hand finding no game in its forum topic, from one
    seated in none of the forum's games while they go on in its other topics: that they play in none, and
    where those are ("There is no game in this topic. Start one with /new." read as if the group had none);
    and as it reads forwarded to the private chat from a topic closed to the bot. None when the forum has no
    game, or the sender sits in one of them (`going_on_elsewhere` says where)."""
    if not message.chat.is_forum or seated:
        return None
    games, _ = readable(await rt.service.active_games_in(message.chat_id))
    if not games:
        return None
    lang = await sender_language(rt, message)
    titles = _titles(rt, games, lang)
    named, count = bold_chats(titles, lang), len(titles)
    return (
        rt.translator.t(lang, "gameplay-hand-none-forum", games=named, count=count),
        rt.translator.t(lang, "closed-topic-hand-none-forum", games=named, count=count),
    )


def _titles(rt: Runtime, games: Sequence[tuple[GameRecord, GameDocument]], lang: str) -> list[str]:
    """The forum's games named as in a text, General's as a topic's game is ("Club · General"): by the
    group's title alone, it read as the whole group's to one in another topic ("yours is in Club", said in
    Room A)."""
    return chat_titles((game_title(doc, lang) for _, doc in games), lang)


async def seated_in_the_forum(rt: Runtime, message: Message) -> Seated:
    """The games the sender is seated in in the forum `message` was sent in, not one they are leaving already
    (their /leave, or a kick, noted: `departing`): it goes on without them."""
    who = sender(message)
    if not message.chat.is_forum or who is None:
        return []
    return [
        (record, doc)
        for record, doc in await games_seated_in(rt, who.user_id)
        if record.chat_id == message.chat_id and who.user_id not in doc.departing
    ]
