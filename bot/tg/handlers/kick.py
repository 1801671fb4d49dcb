"""/kick: who runs the game, or a chat admin, removes a player named in reply, by mention or by name."""

from __future__ import annotations

from collections.abc import Sequence

from telegram import Message, MessageEntity, Update, User
from telegram.ext import ContextTypes

from bot.service import GameDocument, Outcome, Person, Place, Refusal
from bot.service.kicking import removes_one_playing
from bot.service.results import losses_kept
from bot.storage import GameRecord, GameStatus
from bot.tg.audiences import reading
from bot.tg.chat_rights import anonymous_admins, sent_by_anonymous_admin
from bot.tg.handlers.command_answers import (
    answer,
    answer_with_buttons,
    closed_to_the_bot,
    managed_here,
    noted_answer,
    parts,
    refused,
    reply,
    say_noted,
)
from bot.tg.handlers.comments import naming_the_chat
from bot.tg.handlers.common import (
    group_language,
    person,
    readers,
    runtime,
    say_soon,
    seated_name,
    sender,
    shown_name,
)
from bot.tg.kick_buttons import kick_keyboard
from bot.tg.render import Seat, notices
from bot.tg.render.names import named, named_by_start, players_listed
from bot.tg.render.text import game_title, plain_title, t
from bot.tg.reply_author import reply_author
from bot.tg.runtime import Runtime
from bot.tg.views import seats as seats_of
from bot.visible_text import clean_text, visible

# the lobby's reason, the running match's
NOT_SEATED = frozenset({"not_a_player", "not_in_match", "no_longer_in_match"})


async def kick(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/kick in reply to a message of the player, or /kick and their name: players who joined with the
    lobby's button may never have written in the group."""
    rt = runtime(context)
    message, user, where = parts(update)
    typed = " ".join(context.args or ())
    if not visible(clean_text(typed, len(typed))):  # "/kick ㅤ": "Player 0 is not in the game" named nobody
        typed = ""
    replied = reply_author(message)  # never the bot: its notices name players but are no message of theirs
    # Checked before the names are looked up: only who may kick learns who is seated (or how to kick).
    managed = await managed_here(rt, context, message, user)
    if managed is None:
        return
    record, doc, admin = managed
    if replied is None and not typed:
        await _offer_players(rt, message, record, doc)
        return
    # A name written after the command wins over the message replied to; other words there (a reason,
    # "/kick flooding") leave the reply's author as the one meant.
    target = _text_mention(message)
    if target is None and typed:
        target = await _seated_named(rt, message, record, doc, typed, say_why=replied is None)
    if target is None and replied is not None:
        target = person(replied)
    if target is None:
        return
    # Leaving is /leave: a kicked player's match does not count for them, a loss neither.
    if target.user_id == user.id:
        await reply(rt, message, "gameplay-kick-yourself")
        return
    if await _maybe_a_players_kick(rt, context, message, record, doc, target.user_id):
        await reply(rt, message, "error-sent-anonymously")
        return
    # Read before the kick: once it is saved, nothing may keep it from being published, nor answered.
    lang = await group_language(rt, where.chat_id)
    noted = await noted_answer(rt, message)
    anonymous = sent_by_anonymous_admin(message)  # its sender is the group's placeholder account
    kicker_name = admin_name(user, anonymous)
    try:
        outcome = await rt.service.kick(record.id, user.id, admin, target.user_id, kicker_name)
    except Refusal as refusal:
        if refusal.reason == "leaving_noted":
            say_noted(rt, message, noted, doc, "gameplay-kick-noted-already", target)
            return
        key = "error-not-in-game" if refusal.reason in NOT_SEATED else None  # the target, not the kicker
        await refused(rt, message, refusal, key, target, doc=doc)
        return
    if outcome.doc.paused:  # noted for when it goes on: the group reads it on the table then
        more = noted_cost(outcome.doc, target.user_id, user.id, noted.lang)
        say_noted(rt, message, noted, outcome.doc, "gameplay-kick-noted", target, more)
        await rt.after(outcome)
        return
    name = announce_kick(rt, where, doc, outcome, target, person(user), lang, anonymous=anonymous)
    await rt.after(outcome)
    if rt.comment_threads.under_a_post(message):  # the notice is in the chat, which the comments do not show
        await answer(rt, message, await naming_the_chat(rt, message, "gameplay-kicked-in-chat", name=name))
    await tell_kicked_from_lobby(rt, doc, outcome, target.user_id)


def announce_kick(
    rt: Runtime,
    where: Place,
    doc: GameDocument,
    outcome: Outcome,
    target: Person,
    kicker: Person,
    lang: str,
    *,
    anonymous: bool,
) -> str:
    """Queues the group's notice that `kicker` (unnamed: an `anonymous` admin's) removed `target` (`doc`: the
    game before, `outcome` the kick's), in the group's `lang`; returns the name it gives `target`. Queued
    before the outcome is published: a kick that ends the match must not be told after its result. Not
    waited for: the kick is published at once, before the game's next changes (which the group's window must
    not hold up)."""
    # Named as the screens read before it: a lobby's has no seat of theirs after (the Alex who stays is the
    # only one then, and the notice would name him).
    by = None if anonymous else Seat(kicker.user_id, kicker.name)
    # A win of the kicker's counts for nobody but who left before (bot.service.kicking): said unless the kick
    # ended the match, and only where this kick's player was still playing (an earlier kick of one playing
    # marked the kicker: the next of one holding the game up read "X was still playing"), as of the kick's
    # clock. Read as a lobby (a Start dealt it meanwhile), no kick of the match came before this one's mark.
    playing = (
        not outcome.stopped
        and kicker.user_id in outcome.doc.kicked_someone_playing  # (so a match's: it has a state)
        and (
            doc.engine is None
            or removes_one_playing(doc, target.user_id, kicker.user_id, outcome.doc.state.clock)
        )
    )
    left = losses_kept(outcome.doc) if playing else ()
    told = notices.kicked(seats_of(doc), target.user_id, by, lang, playing=playing, lost_by_leaving=left)
    say_soon(rt, where, told, kicker.user_id)
    return seated_name(doc, target, lang)


def noted_cost(
    doc: GameDocument, target: int, by: int, lang: str, *, alert: bool = False, named: bool = True
) -> str:
    """What `by`'s kick of `target`, noted in the paused match `doc` (as the kick left it), means for them,
    said after the answer that it is noted, typed or pressed (`alert`; naming nobody if not `named`) ("":
    nothing). Left the only one in it once those noted leave, the match stops as it goes on and nobody wins
    (bot.service.stop_rules KICKED): "if you win now" said of it read as if it went on; so it does when one
    player is left by a chat admin outside the match or one leaving it too, who were told nothing of it.
    Else, `target` still playing, a win of theirs counts for nobody but who left, as `announce_kick` tells
    the group."""
    staying = [player for player in doc.state.players if player not in doc.departing]
    if by not in staying:
        if len(staying) != 1:
            return ""
        return notices.kick_noted_last(seats_of(doc), staying[0], lang, alert=alert, named=named)
    if staying == [by]:
        return t(lang, "gameplay-kick-noted-alone")
    if not removes_one_playing(doc, target, by, doc.paused_since):
        return ""
    return notices.kick_noted_playing(seats_of(doc), target, lang, losses_kept(doc), alert=alert, named=named)


def admin_name(kicker: User, anonymous: bool) -> str | None:
    """The name the group's notice gives `kicker` if a chat admin outside the match (`announce_kick`), for
    the game to name them alike later; none for an `anonymous` admin, whom nothing names."""
    return None if anonymous else person(kicker).name


async def tell_kicked_from_lobby(rt: Runtime, doc: GameDocument, outcome: Outcome, target: int) -> None:
    """A player removed from a lobby (by the `outcome`: it may have started since `doc` was read) hears of it
    in private, where they were told that their cards would come (and a Start answers that they are in the
    game), in their own language. A match's hand tells them so, a lobby has no message of theirs."""
    if outcome.doc.engine is not None:
        return
    async with rt.database.unit_of_work() as uow:
        if not await uow.users.reachable(target):
            return
        lang, _ = await reading(uow, target, rt.settings.default_language)
    title = plain_title(game_title(doc, lang), lang)
    rt.tell(target, rt.translator.html(lang, "gameplay-kicked-from-lobby", chat=title))


async def _maybe_a_players_kick(
    rt: Runtime,
    context: ContextTypes.DEFAULT_TYPE,
    message: Message,
    record: GameRecord,
    doc: GameDocument,
    target: int,
) -> bool:
    """Whether an anonymous admin's kick may be a player's removing one still playing: a seated anonymous
    admin may have sent it, whose win would then count for nobody (bot.service.kicking). Which of them did
    the bot can't tell, nor name one without telling the group who its anonymous admin is."""
    if not sent_by_anonymous_admin(message) or record.status is not GameStatus.RUNNING:
        return False
    if target not in doc.state.players:  # nobody still playing: refused as any kick of one not in it
        return False
    now = doc.paused_since if doc.paused else rt.clock()
    senders = await anonymous_admins(context.bot, message.chat_id)
    return any(removes_one_playing(doc, target, by, now) for by in senders if by != target)


async def _offer_players(rt: Runtime, message: Message, record: GameRecord, doc: GameDocument) -> None:
    """/kick alone: which player, with a button for each person still in the game but its sender, which they
    press (it answered how to name one: by reply or typed); the usage where there is none, or where the
    answer goes to the sender's private chat (a topic closed to the bot), which buttons of the group's do
    not act in."""
    kicker = sender(message)
    players = [
        player
        for player in still_in(record, doc)
        if player not in doc.computers and (kicker is None or player != kicker.user_id)
    ]
    if not players or await closed_to_the_bot(rt, message):
        await reply(rt, message, "gameplay-kick-usage")
        return
    languages = await readers(rt, message.chat_id, kicker)
    text = rt.translator.html(languages.own, "gameplay-kick-pick")
    await answer_with_buttons(rt, message, text, kick_keyboard(record.id, doc, players, languages.group))


def still_in(record: GameRecord, doc: GameDocument) -> Sequence[int]:
    """The players still in the game: the lobby's, or the running match's."""
    return doc.state.players if record.status is GameStatus.RUNNING else doc.players


def _text_mention(message: Message) -> Person | None:
    """The user picked from the mention list, when they have no username (a link to them in the text)."""
    mentioned = message.parse_entities([MessageEntity.TEXT_MENTION])
    return next((person(entity.user) for entity in mentioned if entity.user is not None), None)


async def _seated_named(
    rt: Runtime, message: Message, record: GameRecord, doc: GameDocument, typed: str, say_why: bool
) -> Person | None:
    """The one player still in the game that `typed` names ("Bob", "@bob") or, when no name is typed whole,
    whose name (or a word of it) it begins ("/kick алекс"); else None, after saying why if `say_why`. In a
    reply (`say_why` False) only a name typed whole counts: other words there may be a reason ("/kick afk"),
    which must not pick the player whose name they begin."""
    running = record.status is GameStatus.RUNNING
    seated = still_in(record, doc)
    # Named among all the game's seats, as its screens tell their names apart; only one still in it is meant.
    at_table = seats_of(doc)
    seats = list(at_table.values())
    async with rt.database.reads() as reads:
        rows = [await reads.users.get(seat.user_id) for seat in seats if not seat.is_computer]
    usernames = {row.id: row.username for row in rows if row is not None and row.username}
    kicker = sender(message)
    languages = await readers(rt, message.chat_id, kicker)
    lang = languages.group  # computer players are named as the group's screens name them
    found = [seat for seat in named(typed, seats, usernames, lang) if seat.user_id in seated]
    begun = not found and say_why
    if begun:
        # A start meant someone else ("/kick al" sent by Alice: one leaves with /leave), and a person when
        # it begins a person's name too ("/kick co" for Cora, not also Computer 1).
        kicker_id = kicker.user_id if kicker is not None else None
        begins = [
            seat
            for seat in named_by_start(typed, seats, lang)
            if seat.user_id in seated and seat.user_id != kicker_id
        ]
        found = [seat for seat in begins if not seat.is_computer] or begins
    if len(found) == 1 and not found[0].is_computer:
        return Person(found[0].user_id, found[0].name)
    if not say_why:
        return None
    if found and all(seat.is_computer for seat in found):
        # Computers are removed with the lobby's button and play on their own: only people hold a table up.
        await reply(
            rt, message, "gameplay-kick-computer-match" if running else "gameplay-kick-computer-lobby"
        )
        return None
    if not found:  # named as typed: "@bob is not in the game"
        await reply(rt, message, "error-not-in-game", Person(0, typed))
        return None
    # "Several players are called alex: Alex and alex ²": the names as the table shows them tell them apart.
    # A start several names share picks none of them ("“ale” could be several players: Alex and Alexandra").
    own, typed_name = languages.own, shown_name(Person(0, typed), languages.own)
    shown = players_listed(at_table, [seat.user_id for seat in found], lang, own)
    key = "gameplay-kick-which" if begun else "gameplay-kick-several"
    text = rt.translator.html(own, key, name=typed_name, names=shown)
    # Each with a button too: a list of more than three names the text cuts ("and 2 more").
    pressable = [seat.user_id for seat in found if kicker is None or seat.user_id != kicker.user_id]
    if await closed_to_the_bot(rt, message):
        await answer(rt, message, text)
    else:
        await answer_with_buttons(rt, message, text, kick_keyboard(record.id, doc, pressable, lang))
    return None
