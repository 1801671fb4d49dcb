"""/stop's question (bot.tg.handlers.stop) in a language, with its Yes and No (their answers:
bot.tg.handlers.stop_answers): asked in the group (or under a channel's post), or in its asker's private
chat; drawn again in its reader's next language (bot.tg.shown_stop_questions), after a restart too."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.i18n.shared import translator
from bot.service.stop_questions import StopQuestion
from bot.tg.callback_data import STOP_ASKED_IN_LOBBY, STOP_ASKED_MUTED, Action, encode
from bot.tg.pacing import Render
from bot.tg.render.text import Named, game_title, paused_key, plain_title


def stop_question(lang: str, game_id: int, question: StopQuestion, game: Named) -> Render:
    """The question about game `game_id` in `lang`. In private it says why it is asked there, naming the
    game; under a channel's post (`commented`), whose comments show nothing of the game, it names the group
    (its settled answer names it too)."""
    asked = STOP_ASKED_IN_LOBBY if question.lobby else STOP_ASKED_MUTED if question.muted else 0
    commented = (1,) if question.commented else ()
    buttons = [
        InlineKeyboardButton(
            translator.t(lang, key), callback_data=encode(Action.STOP, game_id, asked, answer, *commented)
        )
        for key, answer in (("gameplay-stop-yes", 1), ("gameplay-stop-no", 0))
    ]
    keyboard = InlineKeyboardMarkup([buttons])
    if question.commented:
        key = "gameplay-stop-confirm-counted-in-chat" if question.counted else "gameplay-stop-confirm-in-chat"
        return Render(translator.html(lang, key, chat=plain_title(game.chat_title, lang)), keyboard)
    key = "gameplay-stop-confirm-counted" if question.counted else "gameplay-stop-confirm"
    if not question.in_private:
        return Render(translator.t(lang, key), keyboard)
    game_named = plain_title(game_title(game, lang), lang)
    here = translator.html(lang, paused_key("gameplay-stop-asked-here", question.muted), game=game_named)
    return Render(f"{here}\n{translator.t(lang, key)}", keyboard)
