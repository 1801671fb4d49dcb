"""Group commands (/new /join /leave /startgame /stop /kick /table /notifyme /help), and commands met where
they are not played (a channel, an unknown one)."""

from __future__ import annotations

from collections.abc import Awaitable

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, MessageEntity, Update, User
from telegram.ext import ContextTypes

from bot.service import GameDocument, Outcome, Person, Place, Refusal
from bot.service.lobby import check_joinable, check_manager
from bot.service.next_game import NextGame, toggle_next_game
from bot.service.settings import rules_for_chat
from bot.storage import GameRecord, GameStatus
from bot.tg import render
from bot.tg.callback_data import Action, encode
from bot.tg.handlers.common import (
    can_message,
    group_language,
    is_admin,
    join_payload,
    person,
    place,
    runtime,
    say,
    shown_name,
    user_language,
)
from bot.tg.handlers.next_game import tell_subscribers
from bot.tg.pacing import Render
from bot.tg.render.text import named, place_title, plain_name, private_chat_link
from bot.tg.reply_author import reply_author
from bot.tg.results_post import play_again_posted
from bot.tg.runtime import Runtime
from bot.tg.views import seats as seats_of


def _parts(update: Update) -> tuple[Message, User, Place]:
    message = update.effective_message
    assert message is not None and message.from_user is not None
    return message, message.from_user, place(message)


# Command refusals that need another text than the button alert for the same reason.
_COMMAND_REFUSALS = {"no_game": "error-no-game"}


async def _reply(rt: Runtime, message: Message, key: str, named: Person | None = None) -> None:
    """A short answer to a command in the chat's language; `named` fills in { $name }."""
    lang = await group_language(rt, message.chat_id)
    args = {} if named is None else {"name": shown_name(named, lang)}
    await _answer(rt, message, rt.translator.html(lang, key, **args))


async def _refused(
    rt: Runtime, message: Message, refusal: Refusal, key: str | None = None, named: Person | None = None
) -> None:
    """A refused command: the command's own text `key` (with `named`), else the one for the reason."""
    key = key or _COMMAND_REFUSALS.get(refusal.reason)
    if key == "error-no-game" and message.chat.is_forum:
        key = "error-no-game-topic"  # there may be a game in the chat's other topics (General included)
    if key is not None:
        await _reply(rt, message, key, named)
        return
    await _answer(rt, message, render.refusal(refusal.reason, await group_language(rt, message.chat_id)))


async def _game_here(rt: Runtime, message: Message) -> tuple[GameRecord, GameDocument] | None:
    """The game of the command's chat (or forum topic); None after saying there is none."""
    found = await rt.service.find(place(message))
    if found is None:
        await _refused(rt, message, Refusal("no_game"))
    return found


async def _acting_admin(
    context: ContextTypes.DEFAULT_TYPE, message: Message, user: User, doc: GameDocument
) -> bool:
    """Whether someone other than who runs the game acts as a chat admin (Telegram is asked only then)."""
    return user.id != doc.creator and await is_admin(context, message.chat, user, message)


async def _refused_to(rt: Runtime, message: Message, refusal: Refusal, doc: GameDocument) -> None:
    """A refused /startgame, /stop or /kick: one who may not is told who may (the creator may have left, and
    the next person seated runs the game now)."""
    if refusal.reason != "not_admin":
        await _refused(rt, message, refusal)
        return
    runner = Person(doc.creator, doc.names.get(doc.creator, "?"))
    await _reply(rt, message, "error-not-manager", runner)


async def _answer(rt: Runtime, message: Message, text: str) -> None:
    """Said as a reply to the command; the same answer to the same command of the same person only once a
    minute (another command gets its answer, even when it reads the same)."""
    sender = message.from_user.id if message.from_user is not None else 0
    command, _ = _command_of(message)
    if rt.refusals.first((place(message), sender, f"{command} {text}"), rt.clock()):
        await say(rt, place(message), text, reply_to=message.message_id)


def _command_of(message: Message) -> tuple[str, str]:
    """The command a message starts with and the bot it names, lower-case ("/stop@uno_bot": "/stop",
    "uno_bot"; "" for what is missing)."""
    words = (message.text or "").split(maxsplit=1)
    command, _, addressee = words[0].partition("@") if words else ("", "", "")
    return command.lower(), addressee.lower()


async def _invite_to_private(rt: Runtime, where: Place, who: Person, game_id: int) -> None:
    """The bot cannot write to them yet: a button opens the private chat, which completes the join. Said
    once a minute to the same person, as refusals are: a repeated /join would flood the group."""
    rt.invitations.sent(who.user_id, game_id, rt.clock())
    if not rt.refusals.first((where, who.user_id, "invitation"), rt.clock()):
        return
    lang = await group_language(rt, where.chat_id)
    text = rt.translator.html(lang, "error-start-private-first", name=shown_name(who, lang))
    await _say_with_private_chat_button(rt, where, lang, text, rt.publishing.deep_link(join_payload(game_id)))


async def _say_with_private_chat_button(
    rt: Runtime, where: Place, lang: str, text: str, link: str, reply_to: int | None = None
) -> None:
    """`text` with the button that opens the private chat with the bot (at `link`)."""
    button = InlineKeyboardButton(rt.translator.t(lang, "button-open-private"), url=link)
    await say(rt, where, text, Render(text, InlineKeyboardMarkup([[button]])), reply_to)


async def _anonymous(rt: Runtime, message: Message) -> bool:
    """An anonymous admin or a channel posts under a bot account shared by many: it cannot take a seat
    (its cards could go nowhere). True when the sender is one, after telling them."""
    if message.sender_chat is None:
        return False
    await _reply(rt, message, "gameplay-anonymous-cannot-play")
    return True


async def new_game(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime(context)
    message, user, where = _parts(update)
    if await _anonymous(rt, message):
        return
    creator = person(user)
    try:
        outcome = await open_lobby(rt, message, creator)
    except Refusal as refusal:
        key = await why_not_new(rt, where, creator.user_id) if refusal.reason == "game_running" else None
        await _refused(rt, message, refusal, key)
        return
    await publish_lobby(rt, creator, outcome)


async def open_lobby(rt: Runtime, message: Message, creator: Person) -> Outcome:
    """/new's lobby in the chat (or topic) of `message`, `creator` in it, by the chat's rules; `publish_lobby`
    shows it. Also the Play again button's, under a match's end."""
    title = message.chat.title or ""
    return await open_lobby_at(rt, place(message), creator, title, place_title(title, _topic_title(message)))


async def open_lobby_at(rt: Runtime, where: Place, creator: Person, chat_title: str, shown: str) -> Outcome:
    """A lobby at `where`, by the chat's rules; `shown`: how the game is named ("Chat · Topic")."""
    async with rt.database.unit_of_work() as uow:
        rules = await rules_for_chat(uow, where.chat_id)
    return await rt.service.open_lobby(where, creator, chat_title, rules, shown)


async def publish_lobby(rt: Runtime, creator: Person, outcome: Outcome) -> None:
    """The new lobby, and under it an invitation to the private chat when the bot cannot write to them yet;
    in the background, a word to those who asked to hear of it (/notifyme)."""
    published = await rt.after(outcome)
    rt.spawn(tell_subscribers(rt, creator, outcome, published))
    if not await can_message(rt, creator.user_id):
        await published  # the lobby first, then the invitation under it
        game = outcome.game
        await _invite_to_private(rt, Place(game.chat_id, game.topic_id), creator, game.id)


def _topic_title(message: Message) -> str | None:
    """The forum topic's name: Telegram gives it with the topic's first message, which a message in the topic
    that answers nothing else answers."""
    replied = message.reply_to_message if message.is_topic_message else None
    created = replied.forum_topic_created if replied is not None else None
    return created.name if created is not None else None


async def why_not_new(rt: Runtime, where: Place, user_id: int) -> str:
    """A game is here already: a lobby waiting for players (the user's own, maybe), or a match under way."""
    found = await rt.service.find(where)
    if found is None or found[0].status is not GameStatus.LOBBY:
        return "error-game-exists"
    return "refusal-already-joined" if user_id in found[1].players else "error-lobby-open"


async def join(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime(context)
    message, user, where = _parts(update)
    if await _anonymous(rt, message):
        return
    who = person(user)
    found = await _game_here(rt, message)
    if found is None:
        return
    record, doc = found
    if not await can_message(rt, who.user_id):
        try:  # said at once, not after a detour through the private chat
            check_joinable(record, doc, who.user_id)
        except Refusal as refusal:
            await _refused(rt, message, refusal)
            return
        await _invite_to_private(rt, where, who, record.id)
        return
    await _run(rt, message, rt.service.join(record.id, who))


async def leave(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime(context)
    message, user, _ = _parts(update)
    found = await _game_here(rt, message)
    if found is None:
        return
    await _run(rt, message, rt.service.leave(found[0].id, user.id))


async def start_game(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime(context)
    message, user, _ = _parts(update)
    found = await _game_here(rt, message)
    if found is None:
        return
    admin = await _acting_admin(context, message, user, found[1])
    try:
        outcome = await rt.service.start(found[0].id, user.id, admin)
    except Refusal as refusal:
        await _refused_to(rt, message, refusal, found[1])
        return
    await rt.after(outcome)


async def stop(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Asks the creator or an admin for confirmation, once while the question is open; the STOP button does
    it (the permission is checked again on the press)."""
    rt = runtime(context)
    message, user, where = _parts(update)
    found = await _game_here(rt, message)
    if found is None:
        return
    record, doc = found
    admin = await _acting_admin(context, message, user, doc)
    try:
        check_manager(doc, user.id, admin)
    except Refusal as refusal:
        await _refused_to(rt, message, refusal, doc)
        return
    if not rt.stop_questions.first(record.id, rt.clock()):
        return  # the question is in the chat already
    lang = await group_language(rt, where.chat_id)
    game_id = record.id
    buttons = [
        InlineKeyboardButton(
            rt.translator.t(lang, "gameplay-stop-yes"), callback_data=encode(Action.STOP, game_id, 0, 1)
        ),
        InlineKeyboardButton(
            rt.translator.t(lang, "gameplay-stop-no"), callback_data=encode(Action.STOP, game_id, 0, 0)
        ),
    ]
    text = rt.translator.t(lang, "gameplay-stop-confirm")
    await say(rt, where, text, Render(text, InlineKeyboardMarkup([buttons])))


async def kick(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/kick in reply to a message of the player, or /kick and their name: players who joined with the
    lobby's button may never have written in the group."""
    rt = runtime(context)
    message, user, where = _parts(update)
    typed = " ".join(context.args or ())
    replied = reply_author(message)  # never the bot: its notices name players but are no message of theirs
    if replied is None and not typed:
        await _reply(rt, message, "gameplay-kick-usage")
        return
    found = await _game_here(rt, message)
    if found is None:
        return
    record, doc = found
    admin = await _acting_admin(context, message, user, doc)
    try:
        check_manager(doc, user.id, admin)  # before the names: only who may kick learns who is seated
    except Refusal as refusal:
        await _refused_to(rt, message, refusal, doc)
        return
    # A name written after the command wins over the message replied to; other words there (a reason,
    # "/kick flooding") leave the reply's author as the one meant.
    target = _text_mention(message)
    if target is None and typed:
        target = await _seated_named(rt, message, record, doc, typed, answer=replied is None)
    if target is None and replied is not None:
        target = person(replied)
    if target is None:
        return
    # Leaving is /leave: a kicked player's match does not count for them, a loss neither.
    if target.user_id == user.id:
        await _reply(rt, message, "gameplay-kick-yourself")
        return
    try:
        outcome = await rt.service.kick(record.id, user.id, admin, target.user_id)
    except Refusal as refusal:
        key = "error-not-in-game" if refusal.reason == "not_a_player" else None  # the target, not the kicker
        await _refused(rt, message, refusal, key, target)
        return
    lang = await group_language(rt, where.chat_id)
    # Said first: a kick that ends the match must not be told after its result.
    await say(rt, where, rt.translator.html(lang, "gameplay-kicked", name=shown_name(target, lang)))
    await rt.after(outcome)


async def table(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/table: the game's lobby or table posted anew at the bottom of the chat, where talk had pushed it (and
    its Join, UNO! and Catch! buttons) out of sight; at most once in 30 seconds a game, and a word that it is
    just above to the first who asks meanwhile. After a game has ended: that it is over, and how the next
    one starts."""
    rt = runtime(context)
    message, _, where = _parts(update)
    found = await rt.service.find(where)
    if found is None:
        await _table_over(rt, message, where)
        return
    game_id = found[0].id
    if not rt.publishing.may_repost(game_id):
        if rt.table_pointers.first(game_id, rt.clock()):  # once: others asking meanwhile read it too
            await _reply(rt, message, "gameplay-table-just-posted")
    elif not await rt.publishing.repost(game_id):  # it ended meanwhile
        await _table_over(rt, message, where)


async def _table_over(rt: Runtime, message: Message, where: Place) -> None:
    """/table with no lobby or match here: the last game is over, and what starts the next one (said once
    to a burst of askers, as the pointer to a table just posted is); none ever here: there is no game."""
    last = await rt.service.last_ended(where)
    if last is None:
        await _refused(rt, message, Refusal("no_game"))
    elif rt.table_pointers.first(last[0].id, rt.clock()):
        again = play_again_posted(last[1])  # its results are the last the game said here
        await _reply(rt, message, "gameplay-table-over-play-again" if again else "gameplay-table-over")


_NEXT_GAME_ANSWERS = {
    NextGame.SUBSCRIBED: "notify-subscribed",
    NextGame.SUBSCRIBED_AFTER_MATCH: "notify-subscribed-after-match",
    NextGame.CANCELLED: "notify-cancelled",
}


async def notify_me(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/notifyme: a word in private when the next lobby opens here (once); sent again, no word after all.
    One the bot cannot write to yet is subscribed all the same, with the button that opens the private
    chat: a Start there is all it takes, no second /notifyme."""
    rt = runtime(context)
    message, user, where = _parts(update)
    if await _anonymous(rt, message):  # a shared account: no private chat to write to
        return
    who = person(user)
    answer = await toggle_next_game(rt.database, where, who, message.chat.title or "", _topic_title(message))
    if answer is NextGame.LOBBY_OPEN:
        await _reply(rt, message, "error-lobby-open")
        return
    if answer is NextGame.IN_LOBBY:  # "join it with /join" would send them where they are
        await _answer(rt, message, render.refusal("already_joined", await group_language(rt, where.chat_id)))
        return
    lang = await group_language(rt, where.chat_id)
    if answer is NextGame.CANCELLED or await can_message(rt, who.user_id):
        text = rt.translator.html(lang, _NEXT_GAME_ANSWERS[answer], name=shown_name(who, lang))
        # Not once a minute as refusals: each answer says what changed, and a toggle changes every time.
        await say(rt, where, text, reply_to=message.message_id)
        return
    text = rt.translator.html(lang, "notify-subscribed-private-first", name=shown_name(who, lang))
    link = private_chat_link(rt.publishing.bot_username)  # a plain Start: no join to complete
    await _say_with_private_chat_button(rt, where, lang, text, link, message.message_id)


def _text_mention(message: Message) -> Person | None:
    """The user picked from the mention list, when they have no username (a link to them in the text)."""
    mentioned = message.parse_entities([MessageEntity.TEXT_MENTION])
    return next((person(entity.user) for entity in mentioned if entity.user is not None), None)


async def _seated_named(
    rt: Runtime, message: Message, record: GameRecord, doc: GameDocument, typed: str, answer: bool
) -> Person | None:
    """The one player still in the game that `typed` names ("Bob", "@bob"); else None, after saying why
    if `answer`."""
    running = record.status is GameStatus.RUNNING
    seated = doc.state.players if running else doc.players
    seats = [seat for user_id, seat in seats_of(doc).items() if user_id in seated]
    async with rt.database.unit_of_work() as uow:
        rows = [await uow.users.get(seat.user_id) for seat in seats if not seat.is_computer]
    usernames = {row.id: row.username for row in rows if row is not None and row.username}
    lang = await group_language(rt, message.chat_id)
    found = named(typed, seats, usernames, lang)
    matches = [seat for seat in found if not seat.is_computer]
    if len(matches) == 1:
        return Person(matches[0].user_id, matches[0].name)
    if not answer:
        return None
    if found and not matches:
        # Computers are removed with the lobby's button and play on their own: only people hold a table up.
        await _reply(
            rt, message, "gameplay-kick-computer-match" if running else "gameplay-kick-computer-lobby"
        )
        return None
    if not matches:  # named as typed: "@bob is not in the game"
        await _reply(rt, message, "error-not-in-game", Person(0, typed))
        return None
    # "Several players are called alex: Alex, alex ²": the names as the table shows them tell them apart.
    shown = ", ".join(plain_name(seat, lang) for seat in matches)
    text = rt.translator.html(
        lang, "gameplay-kick-several", name=shown_name(Person(0, typed), lang), names=shown
    )
    await _answer(rt, message, text)
    return None


async def help_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime(context)
    message = update.effective_message
    assert message is not None
    if message.chat.type == message.chat.PRIVATE:
        lang = (
            await user_language(rt, message.from_user) if message.from_user else rt.settings.default_language
        )
        rt.tell(message.chat_id, rt.translator.t(lang, "gameplay-help"))
        return
    where = place(message)
    await say(rt, where, rt.translator.t(await group_language(rt, where.chat_id), "gameplay-help"))


async def unknown_in_group(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A command no handler took, in a group: answered only when it names this bot (/foo@this_bot), since
    a plain /foo may well be another bot's."""
    message = update.effective_message
    assert message is not None
    _, addressee = _command_of(message)
    if addressee != context.bot.username.lower():
        return
    await _reply(runtime(context), message, "error-unknown-command")


async def in_channel(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A command posted in a channel: UNO is played in groups."""
    message = update.effective_message
    assert message is not None
    await _reply(runtime(context), message, "error-channel")


async def _run(rt: Runtime, message: Message, change: Awaitable[Outcome]) -> None:
    """Await the service change a command asks for; a refusal is said in reply to the command."""
    try:
        outcome = await change
    except Refusal as refusal:
        await _refused(rt, message, refusal)
        return
    await rt.after(outcome)
