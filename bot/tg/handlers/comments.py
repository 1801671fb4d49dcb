"""Comments under a linked channel's post: Telegram keeps them in the channel's discussion group, as answers
to the post's copy there, and shows them apart from the group's chat. A game lives in that chat: /new sent
as a comment opens it there, and says so under the post, with the way to it; /table there, whose table posted
anew would show in the chat alone, gets that way too, as do a /join or /startgame there (which show only in
the chat, as does the match a /startgame finds under way), and a /new or /notifyme refused for the game open
there ("here" would be the comments); a /leave or /kick there (a /leave from one with no seat too), /table
once the game is over and a /join refused for the match under way name the chat."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message

from bot.tg.awaited_refusals import awaited_variant
from bot.tg.fleeting import ANSWER_SECONDS, INVITATION_SECONDS
from bot.tg.game_here import in_the_chat, plays_in
from bot.tg.handlers.common import place, say, sender_language
from bot.tg.pacing import Render
from bot.tg.render.text import plain_title
from bot.tg.replies import asker_of
from bot.tg.runtime import Runtime


async def point_to_game_open(rt: Runtime, message: Message, player: int) -> bool:
    """A comment's command that a game open in the group's chat refuses (/new, /notifyme), where an answer
    would say it is "here" (the comments): the way to it (`point_to_game`), `player` told if they are in it.
    Whether it was pointed to (not for a message in the chat, nor once the game is gone)."""
    if not rt.comment_threads.under_a_post(message):
        return False
    found = await rt.service.find(place(message))
    if found is None:
        return False
    await point_to_game(rt, message, found[0].id, player)
    return True


async def point_to_game(rt: Runtime, message: Message, game_id: int, player: int | None = None) -> None:
    """Under the post, answering the comment: the game is in the group's chat, and a button goes to its
    lobby (for as long as an invitation to join counts) or its table (as long as an answer stays: the table
    may be posted anew). A `player` in it (their /join, their /new refused) reads that they are."""
    loaded = await rt.service.load(game_id)
    table = loaded[0].table_message_id if loaded is not None else None
    lobby = loaded is None or loaded[1].engine is None
    joined = player is not None and loaded is not None and plays_in(*loaded, player)
    key = "gameplay-lobby-not-in-comments" if lobby else "gameplay-match-not-in-comments"
    if joined:
        key = "gameplay-in-game-not-in-comments"
    lang, text = await _naming_the_chat(rt, message, key)
    markup = None
    if table is not None:
        button = InlineKeyboardButton(rt.translator.t(lang, "button-to-the-game"), url=_link(message, table))
        markup = InlineKeyboardMarkup([[button]])
    render = Render(text, markup)
    lasts = INVITATION_SECONDS if lobby and not joined else ANSWER_SECONDS  # theirs is no invitation
    await say(rt, place(message), text, render, message.message_id, lasts, asker=asker_of(message))


async def match_running_in_chat(rt: Runtime, message: Message, user_id: int) -> str:
    """A comment's /join that the match under way refuses: it runs in the group's chat (not "The game has
    already started.", which says nowhere which game), and /notifyme gets them into the next one (or, sent
    already, that the word will come)."""
    said = await awaited_variant(rt.database, place(message), user_id, "error-game-exists-next")
    return await naming_the_chat(rt, message, in_the_chat(said))


# A /leave's refusals to one with no seat in the game (bot.service.errors), which say "this game", and what
# they read naming the chat.
_NOT_SEATED_IN_CHAT = {
    "not_a_player": "refusal-not-a-player-in-chat",
    "not_in_match": "refusal-not-in-match-in-chat",
    "not_in_match_awaited": "refusal-not-in-match-awaited-in-chat",
    "no_longer_in_match": "refusal-no-longer-in-match-in-chat",
}


async def not_seated_in_chat(rt: Runtime, message: Message, reason: str) -> str | None:
    """A comment's /leave refused as its sender has no seat in the game (`reason`): "this game" names the
    group's chat, the comments showing none (to one not in the match, /notifyme's word as ever). None for
    any other reason."""
    said = await awaited_variant(rt.database, place(message), asker_of(message), reason)
    key = _NOT_SEATED_IN_CHAT.get(said)
    return None if key is None else await naming_the_chat(rt, message, key)


async def naming_the_chat(rt: Runtime, message: Message, key: str, **args: str) -> str:
    """The answer `key` (with `args`) to a comment, in the commenter's language, naming the group's chat: the
    game's messages there ("/table": its results and Play again once it is over; "/leave": the lobby or table
    showing them gone; "/kick": the notice that they were removed) are out of the commenter's sight."""
    return (await _naming_the_chat(rt, message, key, **args))[1]


async def _naming_the_chat(rt: Runtime, message: Message, key: str, **args: str) -> tuple[str, str]:
    """The commenter's language, and `key` in it naming the group's chat."""
    lang = await sender_language(rt, message)
    return lang, rt.translator.html(lang, key, chat=plain_title(message.chat.title or "", lang), **args)


def _link(message: Message, message_id: int) -> str:
    """The address of a message of the supergroup: by its public name, else for its members ("-100" off its
    id)."""
    chat = message.chat
    if chat.username:
        return f"https://t.me/{chat.username}/{message_id}"
    return f"https://t.me/c/{str(chat.id).removeprefix('-100')}/{message_id}"
