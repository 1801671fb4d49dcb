"""Telegram update handlers, registered on the Application by `register`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from telegram import Message, Update
from telegram.ext import (
    Application,
    ApplicationHandlerStop,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    TypeHandler,
    filters,
)

from bot.tg.chat_rights import sent_by_a_bot
from bot.tg.handlers import (
    app_language,
    caption_commands,
    colour_letters,
    commands,
    greeting,
    group_commands_in_private,
    kick,
    language_taken,
    members,
    muted_group,
    names,
    presses,
    privacy,
    private_chat,
    stop,
)
from bot.tg.handlers.command_answers import meant_for_this_bot
from bot.tg.handlers.common import runtime

GROUP_ONLY_COMMANDS = {
    "new": commands.new_game,
    "join": commands.join,
    "leave": commands.leave,
    "startgame": commands.start_game,
    "stop": stop.stop,
    "kick": kick.kick,
    "notifyme": commands.notify_me,
    "table": commands.table,
}
# Group commands about a game of the group: sent in the private chat by one who plays, the answer names the
# groups of their games. Not /new: in those groups it is refused while their game runs.
GAME_COMMANDS = ("join", "leave", "startgame", "stop", "kick", "notifyme", "table")


# The commands of the bot's menus: one posted in a channel gets a pointer to groups (the bot answers in
# groups); the first sent in a group sets its language.
MENU_COMMANDS = (
    *GROUP_ONLY_COMMANDS,
    *("hand", "help", "start", "settings", "rules", "lang", "top", "stats", "forgetme", "colours", "privacy"),
)
# First: a linked channel's post copied into its discussion group heads the thread of its comments.
COMMENT_THREADS_GROUP = -9
# Before everything else: no update changes a game while the games' clocks are set back (outages `settled`).
CLOCK_GROUP = -8
# Then a command over its sender's budget in the chat is not handled at all.
BUDGET_GROUP = -7
NAMES_GROUP = -6  # next: whatever an update does, the screens it changes show the sender as they are
# Edits, forwards and other bots' words: nobody's command here; before every other group (settings: -1).
NO_COMMANDS_GROUP = -5
# Then the games of forum topics turned off move to the group's one chat, where the command looks for them.
TOPICS_OFF_GROUP = -4
# Then the group's language, which the command's answer is in (the group's first command may set it).
GROUP_LANGUAGE_GROUP = -3
# Then, in a group where the bot may not post, who pressed or sent a command is told why nothing happens.
MAY_NOT_POST_GROUP = -2


async def _follow_person(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Whatever an update does, the screens it changes show its sender as they are now: their name, and
    their hands in their app's language."""
    await names.follow_name(update, context)
    await app_language.follow_language(update, context)


async def _ignore_edit(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """An edited message is no new message: editing yesterday's text into /new or /stop must not run it,
    nor break a seven-silence."""
    raise ApplicationHandlerStop


class _InAForum(filters.MessageFilter):
    """A message in a supergroup whose forum topics are on."""

    def filter(self, message: Message) -> bool:
        return bool(message.chat.is_forum)


class _FromABot(filters.MessageFilter):
    """`sent_by_a_bot`, as a handler's filter."""

    def filter(self, message: Message) -> bool:
        return sent_by_a_bot(message)


async def _ignore_bot(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Another bot's words: a bot can hold no seat (its cards could go nowhere, it can press no button), and
    an answer it could answer in turn would start two bots talking for ever."""
    raise ApplicationHandlerStop


async def _forwarded_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A forward quotes someone else's words, and a linked channel's post copied into its discussion group
    is one too: a command in it is nobody's command here. It is a post in the group all the same."""
    await members.on_group_message(update, context)
    raise ApplicationHandlerStop


async def _post_copied(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The comments under the post are its copy's thread: a comment answering another one names only it."""
    assert update.message is not None
    runtime(context).comment_threads.post_copied(update.message)


async def _over_budget(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A command (in a private chat: any message, each is answered) beyond what its sender may send in the
    chat now is dropped, quietly: a flood must not fill the log either."""
    message, sender = update.message, update.effective_sender
    assert message is not None and sender is not None
    if message.chat.type != message.chat.PRIVATE and not meant_for_this_bot(message):
        return  # another bot's
    rt = runtime(context)
    if not rt.commands.take((message.chat_id, sender.id), rt.ticks()):
        raise ApplicationHandlerStop


def register(
    application: Application[Any, Any, Any, Any, Any, Any], clock_settled: Callable[[], Awaitable[None]]
) -> None:
    """`clock_settled`: waits while a jump of the wall clock back is applied to the games."""

    async def wait_for_the_clock(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await clock_settled()

    copied = filters.UpdateType.MESSAGE & filters.ChatType.SUPERGROUP & filters.IS_AUTOMATIC_FORWARD
    application.add_handler(MessageHandler(copied, _post_copied), COMMENT_THREADS_GROUP)
    application.add_handler(TypeHandler(Update, wait_for_the_clock), CLOCK_GROUP)
    # A command typed as a photo's caption: answered with how to send it (not forwarded: someone's words).
    in_a_caption = caption_commands.CaptionCommand([*MENU_COMMANDS, "colors"]) & ~filters.FORWARDED
    commands_answered = filters.COMMAND | in_a_caption
    answered = (
        filters.ChatType.PRIVATE & ~filters.StatusUpdate.ALL | filters.ChatType.GROUPS & commands_answered
    )
    application.add_handler(MessageHandler(filters.UpdateType.MESSAGE & answered, _over_budget), BUDGET_GROUP)
    application.add_handler(TypeHandler(Update, _follow_person), NAMES_GROUP)
    application.add_handler(MessageHandler(filters.UpdateType.EDITED, _ignore_edit), NO_COMMANDS_GROUP)
    from_a_bot = _FromABot() & ~filters.StatusUpdate.ALL  # an admin bot removing a player is still followed
    application.add_handler(MessageHandler(from_a_bot, _ignore_bot), NO_COMMANDS_GROUP)
    groups = filters.ChatType.GROUPS
    forwarded = groups & filters.FORWARDED & filters.COMMAND
    application.add_handler(MessageHandler(forwarded, _forwarded_command), NO_COMMANDS_GROUP)
    without_topics = filters.ChatType.SUPERGROUP & ~_InAForum() & filters.COMMAND
    topics_off = MessageHandler(without_topics, members.on_command_without_topics)
    application.add_handler(topics_off, TOPICS_OFF_GROUP)
    language_set = CommandHandler(MENU_COMMANDS, language_taken.on_group_command, filters=groups)
    application.add_handler(language_set, GROUP_LANGUAGE_GROUP)
    muted_command = CommandHandler([*MENU_COMMANDS, "colors"], muted_group.on_command, filters=groups)
    application.add_handler(muted_command, MAY_NOT_POST_GROUP)
    application.add_handler(CallbackQueryHandler(muted_group.on_press), MAY_NOT_POST_GROUP)
    for name, callback in GROUP_ONLY_COMMANDS.items():
        application.add_handler(CommandHandler(name, callback, filters=groups))
    private = filters.ChatType.PRIVATE
    application.add_handler(
        CommandHandler(GAME_COMMANDS, group_commands_in_private.game_command, filters=private)
    )
    others = [name for name in GROUP_ONLY_COMMANDS if name not in GAME_COMMANDS]
    in_private = CommandHandler(others, group_commands_in_private.group_only, filters=private)
    application.add_handler(in_private)
    application.add_handler(CommandHandler("hand", commands.hand, filters=groups))
    application.add_handler(CommandHandler("hand", private_chat.hand_private, filters=private))
    application.add_handler(CommandHandler("help", commands.help_text))
    application.add_handler(CommandHandler("privacy", privacy.privacy))
    application.add_handler(CommandHandler(["colours", "colors"], colour_letters.toggle))
    application.add_handler(CommandHandler("start", private_chat.start_private, filters=private))
    application.add_handler(CommandHandler("start", greeting.start_in_group, filters=groups))  # what to do
    channel_post = filters.UpdateType.CHANNEL_POST
    application.add_handler(CommandHandler(MENU_COMMANDS, commands.in_channel, filters=channel_post))
    application.add_handler(CallbackQueryHandler(presses.on_press))
    application.add_handler(ChatMemberHandler(members.on_my_chat_member, ChatMemberHandler.MY_CHAT_MEMBER))
    application.add_handler(ChatMemberHandler(members.on_member_left, ChatMemberHandler.CHAT_MEMBER))
    application.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, members.on_migration))
    application.add_handler(MessageHandler(groups & filters.StatusUpdate.NEW_CHAT_TITLE, members.on_renamed))
    closed = filters.StatusUpdate.FORUM_TOPIC_CLOSED | filters.StatusUpdate.GENERAL_FORUM_TOPIC_HIDDEN
    application.add_handler(MessageHandler(groups & closed, members.on_topic_closed))
    reopened = filters.StatusUpdate.FORUM_TOPIC_REOPENED | filters.StatusUpdate.GENERAL_FORUM_TOPIC_UNHIDDEN
    application.add_handler(MessageHandler(groups & reopened, members.on_topic_reopened))
    topic_edited = groups & filters.StatusUpdate.FORUM_TOPIC_EDITED
    application.add_handler(MessageHandler(topic_edited, members.on_topic_renamed))
    joined = groups & filters.StatusUpdate.NEW_CHAT_MEMBERS
    application.add_handler(MessageHandler(joined, greeting.on_members_joined))
    left = groups & filters.StatusUpdate.LEFT_CHAT_MEMBER
    application.add_handler(MessageHandler(left, members.on_member_left))
    # Service messages tell what someone did (pinned, boosted, joined...): nobody posted them.
    service = filters.StatusUpdate.ALL | filters.BOOST_ADDED
    caption_commanded = (groups | private) & in_a_caption
    application.add_handler(MessageHandler(caption_commanded, caption_commands.on_caption_command))
    chatter = groups & ~filters.COMMAND & ~service
    application.add_handler(MessageHandler(chatter, members.on_group_message))
    # Last: any other command (in groups only when it names this bot: it may well be another bot's).
    application.add_handler(MessageHandler(private & filters.COMMAND, private_chat.unknown_private))
    private_chatter = private & ~filters.COMMAND & ~filters.StatusUpdate.ALL
    application.add_handler(MessageHandler(private_chatter, private_chat.chatter_private))
    application.add_handler(MessageHandler(groups & filters.COMMAND, commands.unknown_in_group))
