"""Where an update came from, for the log: the chat (and forum topic), the person, and the command or
button, so that an operator can find "the bot ignored me at 21:40" by grepping the group's or person's id.
Never a name, a message's text beyond its command, or a button's cards."""

from __future__ import annotations

from telegram import Update

from bot.tg.callback_data import CallbackData, CallbackDataError, decode


def update_origin(update: object) -> str:
    """E.g. "update 7 (chat -1001, topic 3, user 42, /join)" or "update 8 (chat 42, user 42, button play of
    game 5)"; "an update" when there is none (a failed poll, a job)."""
    if not isinstance(update, Update):
        return "an update"
    parts = []
    message = update.effective_message
    if update.effective_chat is not None:
        parts.append(f"chat {update.effective_chat.id}")
    if message is not None and message.is_topic_message and message.message_thread_id:
        parts.append(f"topic {message.message_thread_id}")
    if update.effective_user is not None:
        parts.append(f"user {update.effective_user.id}")
    text = (message.text or "") if message is not None else ""
    if update.callback_query is not None:
        parts.append(_button(decode(update.callback_query.data or "")))
    elif text.startswith("/"):
        parts.append(text.split(maxsplit=1)[0].split("@", 1)[0])  # /kick's argument may be a name
    return f"update {update.update_id} ({', '.join(parts)})"


def _button(data: CallbackData | CallbackDataError) -> str:
    if isinstance(data, CallbackDataError):
        return f"a button ({data.reason})"
    button = f"button {data.action.name.lower()}"
    return f"{button} of game {data.game_id}" if data.game_id else button  # menus' buttons carry no game
