"""The /stop questions posted and not answered (bot.tg.handlers.stop), kept in memory for their reader's next
language (bot.tg.shown_stop_questions) and in their game's document for a restart
(`GameDocument.stop_questions`), which tells the next start of them as the bot that asked them knew them: a
/stop while one is open in its thread is not asked again, and a language switch redraws it. Known in memory
only, a /stop just after a restart posted a second question beside the first, and a switch left it as it
was. A crash keeps them too: each is written as it is posted, and as it is answered. One asked in private
about a paused match says where to stop it once the match goes on (`went_on`)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from dataclasses import replace

from bot.service import GameDocument, Refusal
from bot.service.stop_questions import StopQuestion
from bot.storage import GameRecord
from bot.tg.audiences import private_language
from bot.tg.pacing import Render
from bot.tg.render.stop_question import stop_question
from bot.tg.runtime import Runtime
from bot.tg.send import Outcome as SendOutcome
from bot.tg.send import Sent
from bot.tg.shown_stop_questions import QUESTION_SHOWN_MS, shown_ms

log = logging.getLogger(__name__)


async def posted(
    rt: Runtime, game_id: int, doc: GameDocument, asked: StopQuestion, outcome: SendOutcome
) -> None:
    """The question `asked` was sent, as `outcome` tells: once on screen (it landed), it is kept (its
    reader's language may change) till it is answered. One asked before in the same private chat (a /stop
    repeated there as the match stays paused, its half minute over) is settled and deleted, as an answer's
    twins are: its Yes would stop the match this one is about, and each kept grew the game's document."""
    assert rt.fleeting is not None, "created in post_init"
    if not isinstance(outcome, Sent) or outcome.message_id is None:
        return
    question = replace(asked, message_id=outcome.message_id)
    _shown(rt, game_id, doc, question, rt.ticks())
    older = rt.shown_stop_questions.beside(question.chat_id, question.message_id) if asked.in_private else []
    for message_id in older:  # (taken as answered before the write, which drops them from the document)
        rt.settled_questions.first((question.chat_id, message_id), rt.ticks())
        rt.shown_stop_questions.settled(question.chat_id, message_id)
    await _kept(rt.service.stop_asked(game_id, question, rt.clock() - QUESTION_SHOWN_MS), game_id)
    for message_id in older:
        rt.fleeting.delete_now(question.chat_id, message_id)


async def settled(rt: Runtime, chat_id: int, message_id: int, game_over: bool = False) -> None:
    """The question in the message was answered (or outlived its game): no longer kept. Awaited before the
    answer is shown, not in the background, which a stop cancels (a restart would redraw the answer as the
    question on a language switch); its failure only logged: the answer's own change is saved already, and a
    database out of reach for this write said "Couldn't save that" of a stop that was saved. `game_over`:
    the answer ended the game, whose document keeps nothing now (no write before the stop is published)."""
    game_id = rt.shown_stop_questions.settled(chat_id, message_id)
    if game_id is not None and not game_over:
        await _kept(rt.service.stop_settled(game_id, chat_id, message_id), game_id)


async def went_on(rt: Runtime, game_id: int, in_topic: bool) -> None:
    """The match paused went on: the questions asked about it in private meanwhile say where to stop it now,
    their buttons gone, as a press on them would have said; each went on asking whether to stop a game "paused
    while its topic is closed" (beside the group's question a /stop there asked anew) until pressed. One asked
    again beside another goes, as an answer's twins do: the newest says it once (`posted` deletes the one
    before as the next is asked, but a document written before it did, or whose write failed, keeps both)."""
    assert rt.pacer is not None and rt.fleeting is not None, "created in post_init"
    newest: dict[int, tuple[int, bool]] = {}  # by chat (its asker's): the newest question, and how asked
    for chat_id, message_id, muted in sorted(rt.shown_stop_questions.in_private(game_id, rt.ticks())):
        if not rt.settled_questions.first((chat_id, message_id), rt.ticks()):
            continue  # answered meanwhile
        if chat_id in newest:
            older, _ = newest[chat_id]
            await settled(rt, chat_id, older)
            rt.fleeting.delete_now(chat_id, older)
        newest[chat_id] = (message_id, muted)
    posts_again = "gameplay-stop-posts-again-topic" if in_topic else "gameplay-stop-posts-again"
    for chat_id, (message_id, muted) in newest.items():
        async with rt.database.unit_of_work() as uow:
            lang = await private_language(uow, chat_id, rt.settings.default_language)
        key = posts_again if muted else "gameplay-stop-reopened"
        await settled(rt, chat_id, message_id)  # before it is shown answered, as an answer is (stop_answers)
        rt.pacer.edit(chat_id, message_id, Render(rt.translator.html(lang, key)))


async def outlived(rt: Runtime, questions: list[tuple[int, int]]) -> None:
    """The questions asked in private (their chat and message) about a game that ended another way (another
    question's Yes, its day-long pause, a win as it went on) say the game is over, their buttons gone, as a
    press on one would have: each kept its Yes and No for the rest of its day. In their askers' language,
    paced as private chats are; one answered meanwhile is left as its answer says. A group's goes with its
    ten minutes."""
    assert rt.pacer is not None, "created in post_init"
    for chat_id, message_id in questions:
        if not rt.settled_questions.first((chat_id, message_id), rt.ticks()):
            continue
        async with rt.database.unit_of_work() as uow:
            lang = await private_language(uow, chat_id, rt.settings.default_language)
        rt.pacer.edit(chat_id, message_id, Render(rt.translator.html(lang, "gameplay-stop-outlived")))


async def _kept(write: Awaitable[None], game_id: int) -> None:
    """A question's bookkeeping written; its failure is logged, and costs a restart's knowledge of it: one
    asked is not known, one answered comes back open if the bot restarts within its time (`shown_ms`). Not
    tried again: the database out of reach is a SQLite file locked past the busy timeout (15 s waited
    already) or a server gone for seconds (bot.storage.engine replaces a connection it ended), so a second
    try would most likely fail too, and `settled` would hold the answer back as long again."""
    try:
        await write
    except Refusal:  # the game gone meanwhile: nothing is kept of it
        pass
    except Exception:
        log.exception("keeping game %s's /stop questions failed", game_id)


def restore(rt: Runtime, record: GameRecord, doc: GameDocument) -> None:
    """Start-up: the questions about an active game the last run posted, open as they were then (on `ticks`,
    which a restart may begin anew: their age is the wall clock's)."""
    now, ticks = rt.clock(), rt.ticks()
    for question in doc.stop_questions:
        age = max(now - question.asked_ms, 0)
        if age < shown_ms(question.thread):
            rt.stop_questions.asked(record.id, question.thread, ticks - age)
            _shown(rt, record.id, doc, question, ticks - age)


def _shown(rt: Runtime, game_id: int, doc: GameDocument, question: StopQuestion, asked_ms: int) -> None:
    def draw(lang: str) -> Render:
        return stop_question(lang, game_id, question, doc)

    where = (question.chat_id, question.message_id)
    rt.shown_stop_questions.asked(*where, game_id, question.thread, draw, asked_ms, question.muted)
