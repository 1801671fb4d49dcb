"""/colours (or /colors): a person's own cards name each colour by its letter, "🟥R 5", for one who cannot
tell the squares apart. Turned on or off in the private chat, where the cards are; the group's table, which
everyone shares, names the colour to match in words already."""

from __future__ import annotations

from telegram import Chat, Update
from telegram.ext import ContextTypes

from bot.engine.cards import COLOURS, Card, Kind
from bot.service.settings import toggle_colour_letters
from bot.tg.closed_topic_answers import PRIVATE_COMMAND_KEY
from bot.tg.handlers.command_answers import say_with_private_chat_button
from bot.tg.handlers.common import place, runtime, sender_language, user_language
from bot.tg.render.cards import card_label
from bot.tg.render.text import private_chat_link
from bot.tg.replies import asker_of
from bot.tg.send import topic_closed

# The cards the answer shows as they now read: a 5 of each colour.
_SAMPLE = tuple(Card(0, Kind.NUMBER, colour, 5) for colour in COLOURS)


async def toggle(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime(context)
    message, user = update.effective_message, update.effective_user
    assert message is not None and user is not None
    if message.chat.type != Chat.PRIVATE:
        lang = await sender_language(rt, message)  # a pointer for them alone
        link = private_chat_link(rt.publishing.bot_username)
        text = rt.translator.t(lang, "colours-in-private")
        outcome = await say_with_private_chat_button(
            rt, place(message), lang, text, link, message.message_id, asker=asker_of(message)
        )
        if topic_closed(outcome):  # "not here, in the private chat" would read wrong there
            await rt.closed_topics.point_elsewhere(message, PRIVATE_COMMAND_KEY)
        return
    async with rt.database.unit_of_work() as uow:
        on = await toggle_colour_letters(
            uow, user.id, name=user.full_name, username=user.username, language_code=user.language_code
        )
    lang = await user_language(rt, user)
    cards = ", ".join(card_label(card, lang, letters=on) for card in _SAMPLE)
    rt.tell(message.chat_id, rt.translator.t(lang, "colours-on" if on else "colours-off", cards=cards))
    await rt.readers_changed(user.id)  # their open hands, drawn anew as they read now
