"""Comments under a linked channel's post: Telegram keeps them in the channel's discussion group, as answers
to the post's copy there, and shows them apart from the group's chat. A game lives in that chat: /new sent
as a comment opens it there, and says so under the post, with the way to it."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message

from bot.tg.fleeting import INVITATION_SECONDS
from bot.tg.handlers.common import place, readers, say, sender
from bot.tg.pacing import Render
from bot.tg.render.text import plain_title
from bot.tg.replies import asker_of
from bot.tg.runtime import Runtime


def under_a_post(message: Message) -> bool:
    """A comment under a post (not one answering another comment: Telegram names the post only to those
    answering it)."""
    replied = message.reply_to_message
    return not message.is_topic_message and replied is not None and bool(replied.is_automatic_forward)


async def point_to_lobby(rt: Runtime, message: Message, game_id: int) -> None:
    """Under the post, answering the comment: the game is in the group's chat, and a button goes to its
    lobby (for as long as an invitation to join counts)."""
    loaded = await rt.service.load(game_id)
    lobby = loaded[0].table_message_id if loaded is not None else None
    lang = (await readers(rt, message.chat_id, sender(message))).own
    chat = plain_title(message.chat.title or "", lang)
    text = rt.translator.html(lang, "gameplay-lobby-not-in-comments", chat=chat)
    markup = None
    if lobby is not None:
        button = InlineKeyboardButton(rt.translator.t(lang, "button-to-the-game"), url=_link(message, lobby))
        markup = InlineKeyboardMarkup([[button]])
    render = Render(text, markup)
    await say(
        rt, place(message), text, render, message.message_id, INVITATION_SECONDS, asker=asker_of(message)
    )


def _link(message: Message, message_id: int) -> str:
    """The address of a message of the supergroup: by its public name, else for its members ("-100" off its
    id)."""
    chat = message.chat
    if chat.username:
        return f"https://t.me/{chat.username}/{message_id}"
    return f"https://t.me/c/{str(chat.id).removeprefix('-100')}/{message_id}"
