"""What a group reads first: when someone adds the bot to it, and for /start there (Telegram's add-to-group
link sends one right after adding it): what to do next, with the button to the private chat; in the language
of who added it (bot.tg.handlers.language_taken), and how to switch to the other one."""

from __future__ import annotations

from telegram import Message, Update
from telegram.ext import ContextTypes

from bot.service import Place
from bot.tg.closed_topic_answers import START_KEY
from bot.tg.handlers.command_answers import parts, say_with_private_chat_button
from bot.tg.handlers.common import group_language, place, runtime
from bot.tg.handlers.language_taken import owe_if_refused, take_language
from bot.tg.render.text import other_languages, private_chat_link
from bot.tg.replies import asker_of, thread_key, thread_reply
from bot.tg.runtime import Runtime
from bot.tg.send import Outcome, topic_closed


async def on_members_joined(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Someone added the bot to a group (a service message: privacy mode lets it through; a group's upgrade
    to a supergroup, which Telegram also reports as the bot joining, has none)."""
    message = update.effective_message
    if message is None or not any(member.id == context.bot.id for member in message.new_chat_members):
        return
    rt = runtime(context)
    untold = await take_language(rt, message, message.from_user, tell=False)  # who added it
    await _greet(rt, place(message), asker_of(message), untold)


async def start_in_group(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/start in a group: someone wants to know what the bot does here (/help lists every command). In a
    forum topic closed to the bot, whose greeting is refused, its sender reads in private that it is closed
    and where to play: the greeting's "here" and "/new" would mislead there."""
    message, _, where = parts(update)
    rt = runtime(context)
    untold = await take_language(rt, message, message.from_user, tell=False)  # it may be the first command
    if topic_closed(await _greet(rt, where, asker_of(message), untold, message)):
        await rt.closed_topics.point_elsewhere(message, START_KEY)


async def _greet(
    rt: Runtime, where: Place, asker: int, untold: str | None, asked: Message | None = None
) -> Outcome | None:
    """Said once a minute in a chat or topic (and in each comment thread under a channel's post), in answer
    to `asker` (who added the bot, or sent /start `asked` there: under a post, it is answered there):
    added by the link, the bot gets the service message and then that link's /start. It tells the group the
    language `untold` it took (when not None), or, refused, owes it. Sent or why not; None: said within the
    minute."""
    if not rt.refusals.first((where, 0, f"{thread_key(asked)} greeting"), rt.ticks()):
        return None
    lang = await group_language(rt, where.chat_id)
    t = rt.translator.t
    lines = [t(lang, "group-greeting")]
    lines += other_languages(lang, group=True)
    link = private_chat_link(rt.publishing.bot_username)
    reply_to = None if asked is None else thread_reply(asked)
    # for good: what the group reads first is what it scrolls back to when it wants to play
    outcome = await say_with_private_chat_button(
        rt, where, lang, "\n".join(lines), link, reply_to, lasts=None, asker=asker
    )
    if untold is not None:
        owe_if_refused(rt, where.chat_id, untold, outcome)
    return outcome
