"""The seats a document's screens show, worked out once per document (bot.tg.views `seats`): a move draws its
table and each hand from one document."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine.rules import Rules
from bot.service import GameDocument
from bot.tg.views import SEATS_KEPT, seats

DOC = GameDocument(
    1, "Friends", Rules(), None, (1, 2, 3), {1: "Alex", 2: "Bob", 3: "Alex"}, name_order=(1, 2, 3)
)


def test_one_document_is_seated_once_and_a_changed_one_anew() -> None:
    shown = seats(DOC)
    assert seats(DOC) is shown  # the table and each hand of a move share them
    assert [(seat.name, seat.twin) for seat in shown.values()] == [("Alex", 0), ("Bob", 0), ("Alex", 2)]
    # A change is another document: a rename (the twin mark goes), a kick, someone out of reach
    renamed = replace(DOC, names={**DOC.names, 3: "Cid"}, kicked=frozenset({2}), unreachable=frozenset({1}))
    now = seats(renamed)
    assert [(seat.name, seat.twin) for seat in now.values()] == [("Alex", 0), ("Bob", 0), ("Cid", 0)]
    assert now[2].kicked and not now[1].reachable
    assert seats(DOC) == shown  # the first document still shows its own


def test_documents_past_those_kept_are_seated_again_alike() -> None:
    docs = [replace(DOC, names={**DOC.names, 2: f"Bob {n}"}) for n in range(SEATS_KEPT + 2)]
    first = seats(docs[0])
    for doc in docs[1:]:
        seats(doc)
    again = seats(docs[0])
    assert again is not first and again == first  # forgotten, and worked out the same


def test_the_seats_shared_by_the_screens_cannot_be_changed_by_one() -> None:
    with pytest.raises(TypeError):
        seats(DOC)[1] = seats(DOC)[2]  # type: ignore[index]


def test_a_document_let_go_leaves_its_seats_to_no_other() -> None:
    """(mutation audit, session 58) Seats are kept by the document's id, which Python gives the next document
    made once one is let go: each is kept alive with its seats, or a move's screens read the names of the
    move before it."""
    for n in range(SEATS_KEPT * 2):
        doc = replace(DOC, names={**DOC.names, 2: f"Bob {n}"})
        assert seats(doc)[2].name == f"Bob {n}"
        del doc
