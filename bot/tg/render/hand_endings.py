"""A hand's lines once its round or match is over, in place of what to do: who won (the win leading the
winner's own hand; that it is over where nobody won), that the next deal is near; and the cards the round's
end left in the hand, with what they cost."""

from __future__ import annotations

from bot.engine.cards import Card
from bot.engine.rules import Scoring
from bot.engine.scoring import hand_points
from bot.engine.state import Pending
from bot.tg.render.cards import card_list
from bot.tg.render.narrator import as_on_table
from bot.tg.render.text import names_and_more, t
from bot.tg.render.views import HandView


def ended_prompts(view: HandView, lang: str) -> list[str] | None:
    """What the hand says in place of a prompt once the match or its round is over (None: it goes on)."""
    state = view.state
    # Who won leads the others' hands as the win leads the winner's ("The round is over" above it was read
    # first, and who won looked like an afterthought), and says it is over: "The round is over." (or "The
    # match is over.") under "🏁 Ed wins round 1." said it twice; it stays where nobody won.
    if state.pending is Pending.NONE:
        if _won_the_match(view):
            return [t(lang, "hand-match-won-you"), *_void_yours(view, lang)]
        won = _match_winners(view, lang)
        return [*won, *_void(view, lang)] if won else [t(lang, "hand-match-over")]
    if state.pending is Pending.NEXT_ROUND:
        if state.round_winner == view.player_id:
            won = [t(lang, "hand-round-won-you", round=state.round_no)]
        else:
            won = _round_winner(view, lang) or [t(lang, "hand-round-over")]
        return [*won, t(lang, "hand-next-round-soon")]
    return None


def cards_left(view: HandView, lang: str, cards: list[Card]) -> str:
    """The cards the round's end left in the hand, and what they cost when one's own hand is scored (only
    the group's results said it): not when the match ended as the others left mid-round, which scored
    nothing (left in the pause after a round, its winner kept: that round scored them)."""
    listed = card_list(cards, lang, view.colour_letters)
    state = view.state
    scored = state.round_over or state.round_winner is not None or len(state.players) > 1
    if state.rules.scoring is not Scoring.OWN_HAND or not scored:
        return t(lang, "hand-cards-left", cards=listed)
    return t(lang, "hand-cards-left-scored", cards=listed, count=hand_points(state, view.player_id))


def match_end(view: HandView, lang: str) -> list[str]:
    """Who won the match, or that it is over where nobody won: what a hand out of it says of its end."""
    return _match_winners(view, lang) or [t(lang, "hand-match-over")]


def _won_the_match(view: HandView) -> bool:
    """Whether the player alone won the match: their hand leads with the win, as a round's winner's does."""
    return view.state.pending is Pending.NONE and view.state.winners == [view.player_id]


def _match_winners(view: HandView, lang: str) -> list[str]:
    """Who won the match, told to all but a sole winner: the hand is what stays in each private chat after it,
    and many read only that."""
    winners = view.state.winners
    if not winners:  # everyone else left or was removed before anyone won
        return []
    narrator = as_on_table(view, lang)
    names = names_and_more([narrator.who(player) for player in winners], lang)  # as the standings' title
    return [t(lang, "narrate-match-ended", names=names, count=len(winners))]


def _void_yours(view: HandView, lang: str) -> list[str]:
    """That the sole winner's win counts for nobody, or only as a loss for who left the match before (their
    loss stands), as the group's results say under it: a hand is all many read."""
    if not view.void:
        return []
    if not view.lost_by_leaving:
        return [t(lang, "hand-match-void-kick-you")]
    narrator = as_on_table(view, lang)
    names = names_and_more([narrator.who(player) for player in view.lost_by_leaving], lang)
    return [t(lang, "hand-match-void-kick-you-left", names=names, count=len(view.lost_by_leaving))]


def _void(view: HandView, lang: str) -> list[str]:
    """That the win doesn't count for the reader, a player still seated: nothing to win or lose (who left it
    before sees no more than that they left)."""
    if not view.void:
        return []
    return [t(lang, "hand-match-void-kick", shared="yes" if len(view.state.winners) > 1 else "no")]


def _round_winner(view: HandView, lang: str) -> list[str]:
    """Who won the round just ended, told to the others (the winner's hand leads with its win): the pause's
    hand otherwise said only that it was over, the group's results being elsewhere, and the hand is what a
    player watches."""
    winner = view.state.round_winner
    if winner is None:  # a pause saved before the bot kept the winner
        return []
    return [
        t(
            lang,
            "narrate-round-ended",
            name=as_on_table(view, lang).who(winner),
            round=view.state.round_no,
        )
    ]
