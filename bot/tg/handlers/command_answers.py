"""How a group command is answered: in reply, in its sender's language (as alerts are: an answer is meant for
them), once a minute for the same answer; a refusal in the words fit for a command; the game of the
command's chat or topic."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from telegram import InlineKeyboardMarkup, Message, Update, User
from telegram.ext import ContextTypes

from bot.service import GameDocument, Person, Place, Refusal, UnreadableGame
from bot.service.lobby import check_manager
from bot.storage import GameRecord
from bot.tg.awaited_refusals import awaited_variant
from bot.tg.chat_rights import sent_as_channel, sent_by_anonymous_admin
from bot.tg.fleeting import ANSWER_SECONDS, INVITATION_SECONDS
from bot.tg.handlers.common import (
    can_message,
    is_admin,
    place,
    readers,
    say,
    seated_name,
    sender,
    sender_language,
    shown_name,
)
from bot.tg.handlers.games_elsewhere import Seated, going_on_elsewhere, paused_elsewhere, seated_in_the_forum
from bot.tg.pacing import Render
from bot.tg.render.names import people_listed, plain_game_name
from bot.tg.render.notices import private_chat_button
from bot.tg.render.refusals import group_buttons, refusal_key
from bot.tg.render.text import game_title, paused_key, plain_title
from bot.tg.replies import asker_of, command_of, thread_key
from bot.tg.runtime import Runtime
from bot.tg.send import Outcome as Delivery
from bot.tg.views import seats


def parts(update: Update) -> tuple[Message, User, Place]:
    """The command's message, its sender and where it was sent."""
    message = update.effective_message
    assert message is not None and message.from_user is not None
    return message, message.from_user, place(message)


# A message's date is in whole seconds, from Telegram's clock, which the bot's may be a few seconds off (as
# the turn deadlines each app shows from its own clock, <tg-time>, assume no more): a command is taken as sent
# before a game opened only when this much earlier.
SENT_BEFORE_MARGIN_MS = 10_000

# Command refusals that need another text than the button alert for the same reason.
_COMMAND_REFUSALS = {"no_game": "error-no-game", "joiners_on_their_way": "error-joiners-on-their-way"}
# "There is no game here" to an anonymous admin, whose own /new is refused: who can start one.
_NO_GAME_TO_ANONYMOUS = {
    "error-no-game": "error-no-game-anonymous",
    "error-no-game-topic": "error-no-game-topic-anonymous",
}


async def reply(
    rt: Runtime,
    message: Message,
    key: str,
    named: Person | None = None,
    *,
    shared: bool = False,
    lasts: float | None = ANSWER_SECONDS,
    seated_in: GameDocument | None = None,
    choices: Mapping[str, str | int] | None = None,
    people: Mapping[str, Sequence[Person]] | None = None,
    seated: Sequence[Person] = (),
    players: Mapping[str, int] | None = None,
) -> None:
    """A short answer to a command in its sender's language (`shared`: in the group's, for an answer others
    read too: one said once to all who ask meanwhile, news of the game); `named` fills in { $name } (as the
    screens of the game `seated_in` name them, when given), and the group's buttons it names are labelled as
    the group's screens label them; `choices`: the variants it picks and the numbers it says, by argument;
    `people`: those it lists who hold no seat, by argument, named apart from the game's `seated` people;
    `players`: those of the game `seated_in` it names, by argument (its screens' names). Deleted after
    `lasts` seconds (None: news of the game, which stays)."""
    languages = await readers(rt, message.chat_id, sender(message))
    lang = languages.group if shared else languages.own
    args = {
        **group_buttons(languages.group),
        **(choices or {}),
        **people_listed(people or {}, lang, seated=seated),
    }
    at_table = seats(seated_in) if seated_in is not None else {}
    args.update({arg: plain_game_name(at_table, player, lang) for arg, player in (players or {}).items()})
    if named is not None:
        args["name"] = shown_name(named, lang) if seated_in is None else seated_name(seated_in, named, lang)
    forwarded = rt.closed_topics.as_forwarded(lang, key, **args)
    await answer(rt, message, rt.translator.html(lang, key, **args), lasts, forwarded)


async def refused(
    rt: Runtime,
    message: Message,
    refusal: Refusal,
    key: str | None = None,
    named: Person | None = None,
    *,
    seated: Seated | None = None,
    doc: GameDocument | None = None,
) -> None:
    """A refused command: the command's own text `key` (with `named`), else the one for the reason, naming
    the refusal's players as the screens of the game `doc` name them; `seated`: the sender's games in the
    forum, if read already (`pointed_to_their_game`)."""
    key = key or _COMMAND_REFUSALS.get(refusal.reason)
    if key == "error-no-game" and message.chat.is_forum:
        if await pointed_to_their_game(rt, message, seated):
            return
        key = "error-no-game-topic"  # there may be a game in the chat's other topics (General included)
    if key in _NO_GAME_TO_ANONYMOUS and sent_by_anonymous_admin(message):
        key = _NO_GAME_TO_ANONYMOUS[key]
    if key is None:  # the reason's alert's text (bot.tg.handlers.presses `_alert`), which names no `named`
        who = sender(message)
        asker = None if who is None else who.user_id
        reason = await awaited_variant(rt.database, place(message), asker, refusal.reason)
        key, named = refusal_key(reason), None
    said: dict[str, str | int] = {**refusal.counts, **refusal.choices}
    await reply(
        rt,
        message,
        key,
        named,
        choices=said,
        people=refusal.people,
        seated=refusal.seated,
        players=refusal.players,
        seated_in=doc,
    )


async def pointed_to_their_game(rt: Runtime, message: Message, seated: Seated | None = None) -> bool:
    """A command that finds no game in its forum topic, from one seated in a game in another of the group's
    topics (bot.tg.handlers.games_elsewhere): told where it is, or that their match there is paused, that
    topic closed; not only that there is no game (start one with /new). True when said. `seated`: the
    sender's games in the forum, if read already."""
    leaving = command_of(message)[0] == "/leave"
    if seated is None:
        seated = await seated_in_the_forum(rt, message)
    text = await paused_elsewhere(rt, message, seated, leaving)
    if text is not None:
        await answer(rt, message, text)
        return True
    theirs = await going_on_elsewhere(rt, message, seated, leaving)
    if theirs is None:
        return False
    text, forwarded = theirs
    await answer(rt, message, text, forwarded=forwarded)
    return True


async def game_here(rt: Runtime, message: Message) -> tuple[GameRecord, GameDocument] | None:
    """The game of the command's chat (or forum topic); None after saying there is none."""
    found = await rt.service.find(place(message))
    if found is None:
        await refused(rt, message, Refusal("no_game"))
    return found


async def game_meant(rt: Runtime, message: Message) -> tuple[GameRecord, GameDocument] | None:
    """The game here, when the command can be meant for it; None after saying why not. A command sent
    before the game opened that reaches the bot late (the bot's way to Telegram was down or slow) was meant
    for the game before, which has ended: /leave or /stop must not act on the one that replaced it. Except
    from who opened it: /new (or Play again), then /startgame at once, may come before the lobby shows."""
    found = await game_here(rt, message)
    if found is None:
        return None
    record, doc = found
    opener = message.from_user is not None and message.from_user.id == record.created_by
    if opener or sent_ms(message) + SENT_BEFORE_MARGIN_MS > doc.opened_ms:
        return found
    lang = await sender_language(rt, message)
    command, _ = command_of(message)
    await answer(rt, message, rt.translator.html(lang, "error-sent-before-this-game", command=command))
    return None


def sent_ms(message: Message) -> int:
    """When Telegram got the message (whole seconds), in milliseconds."""
    return int(message.date.timestamp() * 1000)


async def acting_admin(
    context: ContextTypes.DEFAULT_TYPE, message: Message, user: User, doc: GameDocument
) -> bool:
    """Whether someone other than who runs the game acts as a chat admin (Telegram is asked only then)."""
    return user.id != doc.creator and await is_admin(context, message.chat, user, message)


async def managed_here(
    rt: Runtime, context: ContextTypes.DEFAULT_TYPE, message: Message, user: User
) -> tuple[GameRecord, GameDocument, bool] | None:
    """The game here, when `user` runs it or is a chat admin (the third value: acting as one) and the
    command can be meant for it (`game_meant`); None after saying why not."""
    found = await game_meant(rt, message)
    if found is None:
        return None
    record, doc = found
    admin = await acting_admin(context, message, user, doc)
    try:
        check_manager(doc, user.id, admin)
    except Refusal as refusal:
        await refused_to(rt, message, refusal, doc)
        return None
    return record, doc, admin


async def refused_to(rt: Runtime, message: Message, refusal: Refusal, doc: GameDocument | None) -> None:
    """A refused /startgame, /stop or /kick: one who may not is told who may (the creator may have left, and
    the next person seated runs the game now; `doc` None: a game whose saved data can't be read names
    nobody); one who wrote as a channel, to write as themselves."""
    if refusal.reason in ("not_admin", "not_manager") and sent_as_channel(message):
        await reply(rt, message, "error-sent-as-channel")
        return
    if refusal.reason != "not_manager" or doc is None:
        await refused(rt, message, refusal, doc=doc)
        return
    runner = Person(doc.creator, doc.names.get(doc.creator, "?"))
    await reply(rt, message, "error-not-manager", runner, seated_in=doc)


async def answer(
    rt: Runtime,
    message: Message,
    text: str,
    lasts: float | None = ANSWER_SECONDS,
    forwarded: str | None = None,
) -> None:
    """Said as a reply to the command, for `lasts` seconds (bot.tg.fleeting; None: for good); the same answer
    to the same command of the same person only once a minute (another command gets its answer, even when it
    reads the same: bot.tg.replies PacedReplies.reply keeps the same rule). In a forum topic closed to the
    bot, in the sender's private chat (bot.tg.closed_topic_answers; as `forwarded` reads, if given): not even
    tried in the topic when its match is paused for that (not when it is paused as the whole group refuses
    the bot: bot.tg.handlers.muted_group tells its sender why, and that the bot can't answer there)."""
    if not _first_time(rt, message, text):
        return
    if await closed_to_the_bot(rt, message, muted=False):
        await rt.closed_topics.forward(message, forwarded or text)
        return
    where, asker = place(message), asker_of(message)
    outcome = await say(rt, where, text, reply_to=message.message_id, lasts=lasts, asker=asker)
    await rt.closed_topics.forward_if_refused(message, outcome, forwarded or text)


def _first_time(rt: Runtime, message: Message, text: str) -> bool:
    """Whether the command's sender was not given this answer to this command within the last minute."""
    command, _ = command_of(message)
    said = f"{thread_key(message)} {command} {text}"
    return rt.refusals.first((place(message), asker_of(message), said), rt.ticks())


def _sender_id(message: Message) -> int:
    return message.from_user.id if message.from_user is not None else 0


async def closed_to_the_bot(rt: Runtime, message: Message, muted: bool = True) -> bool:
    """Whether the command's forum topic is closed to the bot (its match paused for it; only the group's
    admins post there meanwhile): an answer posted there would be refused. `muted`: or its match is paused
    as the whole group refuses the bot's posts."""
    if not message.chat.is_forum:
        return False
    try:
        found = await rt.service.find(place(message))
    except UnreadableGame:
        return False
    return found is not None and found[1].paused and (muted or not found[1].paused_muted)


@dataclass(frozen=True, slots=True)
class NotedAnswer:
    """What the answer to a /leave or /kick needs should a paused match note it (bot.service.pausing
    `departure_noted`), read before it is saved: once it is, a read failing (the database out of reach) must
    not keep the answer from its sender, nor tell them that nothing was saved."""

    lang: str  # the sender's
    reachable: bool  # their private chat takes it: the closed topic takes nothing from the bot


async def noted_answer(rt: Runtime, message: Message) -> NotedAnswer:
    lang = await sender_language(rt, message)
    return NotedAnswer(lang, await can_message(rt, _sender_id(message)))


def say_noted(
    rt: Runtime,
    message: Message,
    noted: NotedAnswer,
    doc: GameDocument,
    key: str,
    named: Person | None = None,
    more: str = "",
) -> None:
    """The answer `key` to a /leave or /kick noted in the paused match `doc` for when it goes on, in the
    sender's private chat, as `answer` says one in a closed topic; `named`: who was removed; `more`: a
    sentence (HTML) said after it, in the sender's language."""
    args = {"game": plain_title(game_title(doc, noted.lang), noted.lang)}
    if named is not None:
        args["name"] = seated_name(doc, named, noted.lang)
    text = rt.translator.html(noted.lang, paused_key(key, doc.paused_muted), **args)
    if more:
        text = f"{text} {more}"
    if noted.reachable and _first_time(rt, message, text):
        rt.tell(_sender_id(message), text)


def meant_for_this_bot(message: Message) -> bool:
    """Whether a command names this bot or none ("/table", "/table@this_bot"), not another bot."""
    return command_of(message)[1] in ("", message.get_bot().username.lower())


async def answer_with_buttons(
    rt: Runtime, message: Message, text: str, buttons: InlineKeyboardMarkup
) -> None:
    """`text` with the group's `buttons`, as a reply to the command for as long as an answer lasts; as
    `answer`, once a minute to the same command of the same person, the same buttons included (/kick again
    once a player was kicked by one, or joined, offers the players left). Never sent elsewhere: the buttons
    act in the group (a topic closed to the bot gets a text without them instead: `closed_to_the_bot`)."""
    offered = " ".join(str(button.callback_data) for row in buttons.inline_keyboard for button in row)
    if _first_time(rt, message, f"{text} {offered}"):
        where, asker = place(message), asker_of(message)
        render = Render(text, buttons)
        await say(rt, where, text, render, message.message_id, ANSWER_SECONDS, asker=asker)


async def say_with_private_chat_button(
    rt: Runtime,
    where: Place,
    lang: str,
    text: str,
    link: str,
    reply_to: int | None = None,
    lasts: float | None = INVITATION_SECONDS,
    *,
    asker: int,
) -> Delivery:
    """`text` with the button that opens the private chat with the bot (at `link`), answering `asker`; by
    default for as long as an invitation to join counts (None: for good). Returns Sent or why not."""
    render = Render(text, private_chat_button(link, lang))
    return await say(rt, where, text, render, reply_to, lasts, asker=asker)


async def answer_with_private_chat_button(
    rt: Runtime, message: Message, lang: str, text: str, link: str
) -> None:
    """`text` with the button that opens the private chat (at `link`), as a reply to the command for as long
    as an answer lasts; as `answer`, once a minute to the same command of the same person: it is just
    above."""
    if _first_time(rt, message, text):
        where, asker = place(message), asker_of(message)
        await say_with_private_chat_button(
            rt, where, lang, text, link, message.message_id, ANSWER_SECONDS, asker=asker
        )
