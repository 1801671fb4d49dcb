"""/privacy: what the bot keeps about a person, who sees it, and what /forgetme deletes.

The command is in the private chat's menu: a bot without a privacy policy link (@BotFather) gets /privacy
when someone opens "Privacy Policy" in its profile, if its menu has it (else Telegram shows its own general
policy for bots)."""

from __future__ import annotations

from telegram import Chat, Update
from telegram.ext import ContextTypes

from bot.tg.handlers.common import place, runtime, say, sender_language, user_language
from bot.tg.replies import asker_of


async def privacy(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime(context)
    message, user = update.effective_message, update.effective_user
    assert message is not None and user is not None
    if message.chat.type == Chat.PRIVATE:
        rt.tell(message.chat_id, rt.translator.t(await user_language(rt, user), "privacy-text"))
        return
    # Answered where asked, in the asker's language: a member who wonders what the bot keeps needs no detour
    # through the private chat.
    text = rt.translator.t(await sender_language(rt, message), "privacy-text")
    outcome = await say(rt, place(message), text, reply_to=message.message_id, asker=asker_of(message))
    await rt.closed_topics.forward_if_refused(message, outcome, text)
