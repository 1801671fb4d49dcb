"""The group messages sending people to the private chat to join a lobby (bot.tg.invitations)."""

from bot.service import Person
from bot.tg.invitations import Invitations


def test_a_lobby_dealt_takes_only_its_own_invitations_with_it() -> None:
    """(session 62) A lobby dealt or closed deletes the messages that sent people to join it: Bob's, sent to
    another group's lobby still open, stays."""
    anna, bob = Person(1, "Anna"), Person(2, "Bob")
    invitations = Invitations()
    invitations.sent(anna, game_id=10, now_ms=0)
    invitations.posted(anna.user_id, 10, (-100, 5), now_ms=0)
    invitations.sent(bob, game_id=20, now_ms=0)
    invitations.posted(bob.user_id, 20, (-200, 7), now_ms=0)
    assert invitations.posted_for(10) == [(-100, 5)]
    assert invitations.posted_for(10) == []  # forgotten once handed over
    assert invitations.posted_to(bob.user_id) == [(-200, 7)]
