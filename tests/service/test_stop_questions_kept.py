"""The /stop questions open about a game, kept in its document for a restart (bot.tg.stop_questions_kept):
each till it is answered, or till a newer one is asked once it is out of sight; one asked in private (its
match paused) however old, till its asker is asked again there."""

from __future__ import annotations

from dataclasses import replace

from bot.engine.rules import Rules
from bot.service import GameService, Person, Place
from bot.service.document import GameDocument
from bot.service.stop_questions import StopQuestion
from tests.service.conftest import START_MS

ALICE = 1
BOB = 2
GROUP = -5
SHOWN_MS = 10 * 60 * 1000  # bot.tg.shown_stop_questions QUESTION_SHOWN_MS, as the adapter passes it


async def _kept(service: GameService, game_id: int) -> tuple[StopQuestion, ...]:
    loaded = await service.load(game_id)
    assert loaded is not None
    return loaded[1].stop_questions


async def test_a_question_is_kept_till_answered_and_one_out_of_sight_goes_with_the_next(
    service: GameService,
) -> None:
    game_id = (await service.open_lobby(Place(GROUP), Person(ALICE, "Alice"), "Friends")).game.id
    old = StopQuestion(GROUP, 10, 0, START_MS - SHOWN_MS - 1, lobby=True)
    # (a message id is a chat's own: the private one's may be the group's question's)
    in_private = StopQuestion(ALICE, 12, -ALICE, START_MS - SHOWN_MS, lobby=True, muted=True)
    # about a match paused: told where to stop it as it goes on, however long it was paused
    old_in_private = StopQuestion(BOB, 9, -BOB, START_MS - SHOWN_MS - 1, muted=True)
    # asked before in the same private chat: settled and deleted as the next is asked there
    asked_again = StopQuestion(ALICE, 11, -ALICE, START_MS - SHOWN_MS - 1, muted=True)
    newest = StopQuestion(GROUP, 12, 0, START_MS, lobby=True, counted=True, commented=True)
    for question in (old, old_in_private, asked_again, in_private, newest):
        await service.stop_asked(game_id, question, START_MS - SHOWN_MS)
    assert await _kept(service, game_id) == (old_in_private, in_private, newest)
    await service.stop_settled(game_id, GROUP, 12)
    assert await _kept(service, game_id) == (old_in_private, in_private)


def test_the_questions_read_back_as_written_and_a_document_saved_before_them_has_none() -> None:
    asked = StopQuestion(ALICE, 11, -ALICE, START_MS, counted=True, muted=True)
    doc = GameDocument(
        creator=ALICE, chat_title="Friends", rules=Rules(), preset=None, players=(ALICE,), names={}
    )
    assert GameDocument.from_dict(replace(doc, stop_questions=(asked,)).to_dict()).stop_questions == (asked,)
    saved = {key: value for key, value in doc.to_dict().items() if key != "stop_questions"}
    assert GameDocument.from_dict(saved).stop_questions == ()
