"""Starting a lobby while someone who asked to join is still on their way through the private chat (the Join
or /join that sent them there is completed by their Start): the match would be dealt without them, and their
Start would read that it had begun. The first Start says so, naming them (the host knows whom to wait for,
or to nudge); the next one, within a minute, deals."""

from __future__ import annotations

from bot.service import GameDocument, Place, Refusal
from bot.service.lobby import MIN_PLAYERS, check_manager
from bot.storage import GameRecord, GameStatus
from bot.tg.runtime import Runtime
from bot.tg.views import seated_people


async def check_nobody_on_their_way(
    rt: Runtime, record: GameRecord, doc: GameDocument, user_id: int, is_admin: bool
) -> None:
    """Raises Refusal("joiners_on_their_way") to one who may start the game, when it could start but
    someone is on their way to it, the first time in a minute; else nothing (the start itself refuses what
    it must). It lists them (`names`, told apart from those seated) and counts them (`count`); its choice
    `blocked` (all, some, none) says which button they must press: one who started the bot and blocked it
    since finds "Restart" in the chat with it, not "Start"."""
    if record.status is not GameStatus.LOBBY or len(doc.players) < MIN_PLAYERS:
        return
    check_manager(doc, user_id, is_admin)  # one who may not start it is told that, not who is coming
    now = rt.ticks()
    coming = [who for who in rt.invitations.on_their_way(record.id, now) if who.user_id not in doc.players]
    if not coming:
        return
    said = (Place(record.chat_id, record.topic_id), user_id, "on their way")
    if rt.refusals.said(said, now):
        return
    async with rt.database.reads() as reads:  # the bot can't write to them: started once, blocked since
        blocked = [await reads.users.ever_started(joiner.user_id) for joiner in coming]
    rt.refusals.say(said, now)  # once read: a read that fails leaves it to be said at the next press
    share = "all" if all(blocked) else "some" if any(blocked) else "none"
    raise Refusal(
        "joiners_on_their_way",
        counts={"count": len(coming)},
        choices={"blocked": share},
        people={"names": coming},
        seated=seated_people(doc),
    )
