"""A group's commands sent in the private chat: where they go; and /leave there of a game paused in a closed
forum topic (where only admins post), or as its group refuses the bot's posts, which leaves it from the
private chat."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update, User
from telegram.ext import ContextTypes

from bot.service import Refusal
from bot.service.document import GameDocument
from bot.storage import GameRecord
from bot.tg import render
from bot.tg.callback_data import LEAVE_PAUSED_MUTED, Action, encode
from bot.tg.handlers.common import games_seated_in, runtime, user_language
from bot.tg.pacing import Render
from bot.tg.render.notices import add_to_group_button
from bot.tg.render.text import bold_chats, chat_titles, game_title, paused_key, plain_title
from bot.tg.replies import command_of
from bot.tg.runtime import Runtime


async def group_only(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A group command sent in the private chat: where it goes, and the way into a group for someone in none
    with the bot yet (/new here is a newcomer's first guess)."""
    rt = runtime(context)
    message, user = update.effective_message, update.effective_user
    assert message is not None and user is not None
    lang = await user_language(rt, user)
    text = rt.translator.t(lang, "gameplay-not-in-group")
    rt.tell(message.chat_id, Render(text, add_to_group_button(rt.publishing.bot_username, lang)))


async def game_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A command about a group's game (/leave, /stop) sent in the private chat by one who plays: the groups of
    their games, where it goes (which game it is for is theirs to say, there); else as any group command.
    /leave of one with a game paused in a closed forum topic, where only admins post: noted here when it is
    their only game, else a button leaves it."""
    rt = runtime(context)
    message, user = update.effective_message, update.effective_user
    assert message is not None and user is not None
    lang = await user_language(rt, user)
    seated = await games_seated_in(rt, user.id)
    if not seated:
        await group_only(update, context)
        return
    titles = chat_titles((game_title(doc, lang) for _, doc in seated), lang)
    if command_of(message)[0] == "/leave" and any(doc.paused for _, doc in seated):
        if len(seated) == 1:
            await _leave_paused(rt, message.chat_id, user.id, lang, *seated[0])
        else:
            rt.tell(message.chat_id, _leaving_paused(rt, lang, seated, titles))
        return
    chats, count = bold_chats(titles, lang), len(titles)
    rt.tell(message.chat_id, rt.translator.t(lang, "gameplay-game-command", chats=chats, count=count))


def _leaving_paused(
    rt: Runtime, lang: str, seated: list[tuple[GameRecord, GameDocument]], titles: list[str]
) -> Render:
    """/leave of one seated in several games, some paused in closed topics (where only admins post) or as
    their groups refuse the bot's posts: a button for each paused one, which leaves it as /leave there would;
    the others' groups, where it goes."""
    t = rt.translator.t
    games = list(zip(seated, titles, strict=True))
    paused = [
        (encode(Action.LEAVE_PAUSED, record.id, LEAVE_PAUSED_MUTED if doc.paused_muted else 0), title)
        for (record, doc), title in games
        if doc.paused
    ]
    elsewhere = [title for (_, doc), title in games if not doc.paused]
    lines = []
    for key, muted in (("gameplay-leave-paused-choice", False), ("gameplay-leave-paused-choice-muted", True)):
        names = [title for (_, doc), title in games if doc.paused and doc.paused_muted is muted]
        if names:
            lines.append(t(lang, key, paused=bold_chats(names, lang), count=len(names)))
    if elsewhere:
        lines.append(t(lang, "gameplay-leave-elsewhere", chats=bold_chats(elsewhere, lang)))
    buttons = [
        [InlineKeyboardButton(t(lang, "button-leave-paused", game=title), callback_data=leaving)]
        for leaving, title in paused
    ]
    return Render("\n".join(lines), InlineKeyboardMarkup(buttons))


async def leave_paused_pressed(rt: Runtime, user: User, game_id: int, muted: bool) -> None:
    """The private chat's button for a game paused in a closed topic (`muted`: as its group refused the
    bot's posts; `_leaving_paused`): /leave of it, as if it were their only game. Only while it is paused: a
    press on it once the topic is open again (or the group takes the bot's posts) would take them out of the
    running match without a word (there, /leave in its topic, or group, does)."""
    loaded = await rt.service.load(game_id)
    if loaded is None:
        raise Refusal("no_game")
    if not loaded[1].paused:
        raise Refusal("not_paused_muted" if muted else "not_paused")
    await _leave_paused(rt, user.id, user.id, await user_language(rt, user), *loaded)


async def _leave_paused(
    rt: Runtime, chat_id: int, user_id: int, lang: str, record: GameRecord, doc: GameDocument
) -> None:
    """/leave of the paused match `doc` in the private chat: noted for when it goes on, as in its topic
    (bot.service.pausing `departure_noted`); a second one says it is noted already."""
    game = plain_title(game_title(doc, lang), lang)
    try:
        outcome = await rt.service.leave(record.id, user_id)
    except Refusal as refusal:  # noted already, or it ended meanwhile
        noted = refusal.reason == "leaving_noted"
        already = rt.translator.html(
            lang, paused_key("gameplay-leave-noted-already", doc.paused_muted), game=game
        )
        rt.tell(chat_id, already if noted else render.refusal(refusal.reason, lang))
        return
    if outcome.doc.paused:  # else it went on meanwhile, and they left it: their hand says so
        rt.tell(
            chat_id,
            rt.translator.html(lang, paused_key("gameplay-leave-noted", outcome.doc.paused_muted), game=game),
        )
    await rt.after(outcome)
