"""The private hand message: a header (group, on your turn that it is yours; the top card and colour while
they concern you, time left, your cards), what to do now (once the round or match is over: hand_endings), and
the keyboard (hand_keyboard)."""

from __future__ import annotations

from dataclasses import replace

from bot.engine.cards import Card
from bot.engine.checks import chain_mode, would_bluff
from bot.engine.drawing import drawable, penalty_takes
from bot.engine.extreme import SILENCE_PENALTY, SLAP_PENALTY
from bot.engine.moves import challenge_stakes
from bot.engine.rule_dependencies import inactive
from bot.engine.rules import DrawRule, JumpIn, Stacking
from bot.engine.state import GameState, Pending
from bot.service.document import Departure, StopReason
from bot.service.progress import may_catch
from bot.tg.pacing import Render
from bot.tg.render.cards import (
    CardForm,
    card_label,
    card_list,
    colour_in_force,
    colour_label,
    sorted_cards,
    top_line,
)
from bot.tg.render.chain_hint import chain_hints
from bot.tg.render.hand_endings import cards_left, ended_prompts, match_end
from bot.tg.render.hand_keyboard import (
    current_page,
    hand_keyboard,
    marked_cards,
    page_cards,
    page_count,
    playable_mark,
)
from bot.tg.render.names import PLAYER_NAME_LIMIT, name, renamed
from bot.tg.render.narrator import Narrator, as_on_table, stopped_line
from bot.tg.render.options import Options, can_join, options, selection_problem
from bot.tg.render.text import (
    WINDOW_STEP_S,
    fit,
    game_title,
    names_and_more,
    paused_key,
    seat_of,
    t,
    time_left,
    title,
    with_time_left,
)
from bot.tg.render.views import HandNews, HandView

_PROMPTS: dict[Pending, str] = {
    Pending.CHOOSE_COLOUR: "hand-choose-colour",
    Pending.CHOOSE_SWAP: "hand-choose-swap",
    Pending.PLAY: "hand-your-turn",
    Pending.COVER: "hand-cover",
    Pending.PENALTY: "hand-penalty",
}
# Why the bot stopped the match, under "The game was stopped." on the hands of those still seated: the group
# is told, but a player reads this hand in the private chat (one playing in two groups, say).
_STOP_REASONS: dict[StopReason, str] = {
    StopReason.GONE: "hand-stopped-gone",  # the group's screens are out of reach
    StopReason.IDLE: "hand-stopped-idle",
    StopReason.KICKED: "hand-stopped-kicked",
    StopReason.TOPICS_OFF: "hand-stopped-topics-off",
}


def hand(view: HandView, lang: str) -> Render:
    state = view.state
    if view.stopped or view.player_id not in state.players:  # nothing to play here any more
        return Render(_out_of_play(view, lang))
    if view.paused:  # its cards wait with the game, and no button to press meanwhile
        leaving = "" if view.leaving_by is None else f"\n{_leaving(view, view.leaving_by, lang)}"
        paused = t(lang, paused_key("hand-paused", view.muted))
        return Render(f"<b>{_game(view, lang)}</b>\n{paused}{leaving}")
    opts = options(state, view.player_id)
    if view.selection and selection_problem(state, view.player_id, view.selection, opts) is not None:
        view = replace(view, selection=())  # a selection that cannot be played now is not shown
    cards = sorted_cards([state.card(cid) for cid in state.hands.get(view.player_id, [])])
    text = fit(lambda level: _text(view, lang, opts, cards, revealed=level == 0), 2)
    if _nothing_to_press(view):  # the cards stay readable in the text
        return Render(text)
    return Render(text, hand_keyboard(view, lang, opts, cards))


def _nothing_to_press(view: HandView) -> bool:
    """The match is over, or its round is and the next deal a few seconds away: card buttons would only
    answer that it is (the next deal sends a hand with new ones)."""
    return view.state.match_over or view.state.round_over


def hand_moved(chat_title: str, lang: str) -> Render:
    """What a replaced hand shows when Telegram keeps it (48 hours old): a pointer, not its old keyboard;
    named by its group, as one playing in two groups has a hand of each."""
    return Render(f"<b>{title(chat_title, lang)}</b>\n{t(lang, 'hand-moved')}")


def _game(view: HandView, lang: str) -> str:
    """The hand's game as its heading names it (HTML): a forum's General game as beside its topics' games."""
    return title(game_title(view, lang), lang)


def _out_of_play(view: HandView, lang: str) -> str:
    group = _game(view, lang)
    # One who was out before the stop keeps why (and one removed for missed turns reads how it ended too).
    if view.stopped and view.player_id in view.state.players:
        said = _stopped(view, lang)
    else:
        said = _why_out(view, lang)
    return f"<b>{group}</b>\n{said}"


def _stopped(view: HandView, lang: str) -> str:
    """ "⏹ Alice stopped the game.", and why the bot did when it did."""
    said = stopped_line(as_on_table(view, lang), view.stopped_by, reader=view.player_id)
    why = _why_stopped(view, lang)
    return said if why is None else f"{said}\n{why}"


def _why_stopped(view: HandView, lang: str) -> str | None:
    """Why the bot stopped the match (None: a person did, whom the stop's line names; or a kick of the
    seated's last opponent, which the reader removed before had nothing to do with)."""
    if view.stopped_because is None:
        return None
    if view.stopped_because is StopReason.KICKED and view.player_id not in view.state.players:
        return None
    waited_for = view.seats.get(view.forfeited) if view.forfeited is not None else None
    if view.stopped_because is StopReason.IDLE and waited_for is not None:
        # The match waited an hour for their move: their loss, told to them, and to the others as the group is
        if waited_for.user_id == view.player_id:
            return t(lang, "hand-stopped-idle-waited-for")
        return t(
            lang, "hand-stopped-idle-waited-for-other", name=as_on_table(view, lang).who(waited_for.user_id)
        )
    key = _STOP_REASONS.get(view.stopped_because)
    return None if key is None else t(lang, key)


def _why_out(view: HandView, lang: str) -> str:
    """Why the player is out of the match: kicked (by whom: a player of the match, or a chat admin outside
    it, named as the group's notice named them), removed for missed turns, or left; only that they are out
    when the game kept no more (saved before it kept how or by whom)."""
    seat = seat_of(view.seats, view.player_id)
    if seat.kicked:
        if seat.kicked_by is None:  # a kick saved before the bot kept who
            return t(lang, "hand-kicked")
        return t(lang, "hand-kicked-by", **as_on_table(view, lang).kicker(seat.kicked_by))
    if seat.left is Departure.AFK:
        return _removed_afk(view, lang)
    if seat.left is Departure.LEFT:
        return t(lang, "hand-left")
    return t(lang, "hand-not-playing")


def _removed_afk(view: HandView, lang: str) -> str:
    """Removed for missed turns, and where to play next; once the match is over, how it ended too (who won,
    or its stop): the last word of it they read, away as they were."""
    # Their removal ended the match as their loss when it left one other person seated (the one who won
    # it), as the warning said it would: a match of two, or of more that others had left (before them: one
    # removed before another left would read that the match ended as theirs).
    ended = view.state.match_over and view.last_out == view.player_id
    duel = ended and _removal_loses(view, [*view.state.players, view.player_id])
    afk = view.state.rules.afk_limit
    removed = t(lang, "hand-removed-afk", count=afk, duel="yes" if duel else "no", where=view.where)
    if duel:  # it says how the match ended
        return removed
    if view.stopped:
        return f"{removed}\n{_stopped(view, lang)}"
    if view.state.match_over:
        return "\n".join([removed, *match_end(view, lang)])
    return removed


# `_leaving`'s words, by whether the match waits for its group to let the bot post (else for its topic).
_LEAVING_KEYS = {
    False: ("hand-leaving", "hand-leaving-kicked-by"),
    True: ("hand-leaving-muted", "hand-leaving-kicked-by-muted"),
}


def _leaving(view: HandView, by: int, lang: str) -> str:
    """That the player leaves the paused match when it goes on: by their leaving, or removed by `by` (named
    as `_why_out` will name them then)."""
    left, kicked_by = _LEAVING_KEYS[view.muted]
    if by == view.player_id:
        return t(lang, left)
    return t(lang, kicked_by, **as_on_table(view, lang).kicker(by))


def _text(view: HandView, lang: str, opts: Options, cards: list[Card], revealed: bool) -> str:
    state = view.state
    actor = state.actor
    group = _game(view, lang)
    # The first line is what a notification shows: on a hand sent for a turn, it says whose and where; on
    # one the deal sends to who waits, that the game has started there.
    if actor == view.player_id:
        lines = [t(lang, "hand-title-your-turn", chat=group)]
    else:
        lines = [t(lang, "hand-title-dealt", chat=group) if view.dealt else f"<b>{group}</b>"]
    me = seat_of(view.seats, view.player_id)
    # As the table names them (Narrator): "Alexandra Kon… ²", where two names its cut makes alike are told
    # apart, is a name nobody knows for theirs any more than the two Alexes' "Alex ²" is.
    # Its news and other lines name the others so too (`as_on_table`): a reader matches "caught you:
    # Alexandra Kon…" to the table's line.
    narrator = as_on_table(view, lang)
    on_table = narrator.who(view.player_id)
    if renamed(me) or on_table != name(me, lang, PLAYER_NAME_LIMIT):
        lines.append(t(lang, "hand-you-are", name=on_table))
    # A waiting hand is redrawn only when its buttons change (progress.hand_signature) or a silence starts or
    # ends, so it shows nothing that moves on without it: no turn, and the top card only while it offers a
    # jump-in on it.
    waiting = actor is not None and actor != view.player_id
    if state.discard and not (waiting and not opts.singles):
        lines.append(top_line(state, lang, letters=view.colour_letters))
    if actor == view.player_id:  # time left only on your own turn: others' hands need no edits for it
        # its first line says it is your turn, the prompt below what to do
        left = time_left(state.turn_deadline, view.now_ms, lang, state.rules.turn_seconds)
        if left is not None:
            lines.append(t(lang, "time-to-move", left=left))
    # Who went out holds no cards: "You have 0 cards" would only stand above the round's end or the match's.
    went_out = _nothing_to_press(view) and not cards
    # The round's end (or the match's) is the news now: a line of a move before it stayed above who won.
    news = [] if _nothing_to_press(view) else _news(view, lang, narrator)
    lines += [*([] if went_out else [_card_count(view, lang, opts, cards)]), *news, ""]
    lines += _prompts(view, lang, opts)
    holder = state.silence_holder
    if holder is not None:  # everyone's hand says it: whoever writes in the group first draws
        unseen = "" if view.sees_group else "-unseen"  # the bot cannot see who writes: nobody draws
        if holder == view.player_id:
            lines.append(t(lang, f"hand-silence-yours{unseen}", count=SILENCE_PENALTY, where=view.where))
        else:
            holder_name = narrator.who(holder)
            again = "yes" if state.silence_outlasts_move else "no"  # as the table's (render.table)
            key = f"hand-silence{unseen}"
            lines.append(t(lang, key, name=holder_name, count=SILENCE_PENALTY, where=view.where, again=again))
    if _nothing_to_press(view) and cards:
        lines += ["", cards_left(view, lang, cards)]
    if revealed and view.revealed is not None:
        # sorted as one's own hand is: in the order held, the last were the cards drawn last
        shown = sorted_cards([state.card(cid) for cid in view.revealed])
        lines += ["", t(lang, "hand-revealed", cards=card_list(shown, lang, view.colour_letters))]
    return "\n".join(lines)


def _news(view: HandView, lang: str, narrator: Narrator) -> list[str]:
    """Why the cards changed, unless by a card the player simply played, or drew and may play now
    (bot.tg.hand_news), naming the others as the table does (`narrator`). The missed turns' warning ends the
    last line of a timeout told: said apart, under the prompt, it told the time running out twice."""
    lines = []
    for news in view.news:
        other = "" if news.other is None else narrator.who(news.other)  # "": not named
        colour = "" if news.colour is None else colour_label(news.colour, lang)
        said: dict[str, str | int] = {"played": news.played, "colour": colour, "round": news.round_no}
        lines.append(t(lang, news.key, count=news.count, name=other, **said))
    timeouts = [at for at, news in enumerate(view.news) if _tells_a_timeout(news)]
    warning = _afk_warning(view, lang, "hand-afk-warning-after-timeout")
    if timeouts and warning:
        lines[timeouts[-1]] += f" {warning}"
    return lines


def _tells_a_timeout(news: HandNews) -> bool:
    """Whether the line says their time ran out (what it took, played or chose for them)."""
    return news.key.startswith("hand-news-timed-out")


def _afk_warning(view: HandView, lang: str, key: str) -> str | None:
    """That missed turns remove the player, once one did, before afk_limit does (None: none missed)."""
    state, me = view.state, view.player_id
    missed = state.afk.get(me, 0)
    if not missed or inactive(state.rules, "afk_limit"):
        return None
    duel = "yes" if _removal_loses(view, state.players) else "no"
    return t(lang, key, missed=missed, limit=state.rules.afk_limit, duel=duel)


def _bluff_warning(view: HandView, opts: Options, lang: str) -> list[str]:
    """A restricted card offered though the hand holds the colour in force: playing it is a bluff, which the
    engine offers only while challenges are on, and the next player's challenge would catch it."""
    state, me = view.state, view.player_id
    offered = [state.card(cid) for cid in opts.singles]
    bluffs = sorted_cards([card for card in offered if would_bluff(state, me, card)])
    colour = colour_in_force(state)
    if not bluffs or colour is None:  # no colour: one is being chosen, and no card is offered then
        return []
    named = (card_label(card, lang, CardForm.OBJECT, letters=view.colour_letters) for card in bluffs)
    labels = dict.fromkeys(named)  # two +4s: named once
    return [t(lang, "hand-hint-bluff", cards=" / ".join(labels), colour=colour_label(colour, lang))]


def _catch_hint(view: HandView, lang: str) -> list[str]:
    """Who forgot UNO!, told to the player to move, whose move ends the catch, and between two to the only
    one who may catch (after a Skip the one who forgot moves again): Catch! is on the table, which one
    playing from the hand does not see."""
    state, me = view.state, view.player_id
    if not may_catch(state, me):
        return []
    forgot = [player for player in state.catchable_at(view.now_ms) if player != me]
    if not forgot:
        return []
    narrator = as_on_table(view, lang)
    names = names_and_more([narrator.who(player) for player in forgot], lang)
    yours = "yes" if state.actor == me else "no"
    return [t(lang, "hand-hint-catch", names=names, catch=t(lang, "button-catch"), yours=yours)]


def _challenge_hint(view: HandView, lang: str, offered: bool) -> str:
    """What a challenge finds and what it costs either way: a newcomer knows neither. `offered`: the prompt
    above already offers the challenge (a penalty's "...or challenge the card."), which the hint then does not
    repeat."""
    state = view.state
    assert state.challenge is not None  # a challenge is offered only for a black card on the table
    played_by = state.challenge.player
    bluffer = as_on_table(view, lang).who(played_by)
    stakes = challenge_stakes(state)
    before = state.challenge.previous_colour  # the colour a bluffer held (None: none was in force)
    colour = "none" if before is None else colour_label(before, lang)
    left = "no" if played_by in state.hands else "yes"  # gone, their cards with them: a bluff costs nothing
    returned = "yes" if state.rules.extreme_challenge else "no"  # the card back, the colour before it again
    return t(
        lang,
        "hand-hint-challenge",
        name=bluffer,
        guilty=stakes.guilty,
        fair=stakes.fair,
        penalty=stakes.penalty,
        colour=colour,
        left=left,
        returned=returned,
        offered="yes" if offered else "no",
    )


def _passes_on(state: GameState) -> bool:
    """Whether a card played on one's penalty passes it on: stacked, a chain's link, or a jump-in, which
    leaves the penalty theirs only with extreme semantics (RULES.md §7: a plain jump-in cancels it)."""
    rules = state.rules
    return rules.stacking is not Stacking.OFF or chain_mode(state) or rules.jump_in is not JumpIn.EXTREME


def _penalty_answer(state: GameState, opts: Options) -> str | None:
    """What the player may do instead of taking their penalty, as their cards allow: pass it on with a card
    ("pass"), challenge the +4 ("challenge"), or "both"; None when they can only take it (an extreme
    jump-in still leaves it theirs: its own hint says so)."""
    passes = bool(opts.singles) and _passes_on(state)
    if passes and opts.challenge:
        return "both"
    return "pass" if passes else "challenge" if opts.challenge else None


def _removal_loses(view: HandView, players: list[int]) -> bool:
    """Whether the player's removal for missed turns ends the match as their loss, `players` being those
    seated now (or last seated): two people, the other of whom then wins it. Not when the other missed their
    last turn too: the bot then stops the match, nobody winning and nobody losing (stop_rules.stop_reason);
    nor against a computer: the bot stops the match once no person is left, and that costs nobody."""
    others = [p for p in players if p != view.player_id]
    people = not any(seat_of(view.seats, p).is_computer for p in players)
    return len(players) == 2 and people and not any(view.state.afk.get(p, 0) for p in others)


def _card_count(view: HandView, lang: str, opts: Options, cards: list[Card]) -> str:
    """How many cards you hold; with pages, which page this is and how many playable cards are elsewhere."""
    counted = t(lang, "hand-card-count", count=len(cards))
    pages = page_count(len(cards))
    if pages == 1 or _nothing_to_press(view):  # no keyboard: no page to turn
        return counted
    page = current_page(view, opts, cards)
    counted += " · " + t(lang, "hand-page", page=page + 1, pages=pages)
    here = {card.id for card in page_cards(cards, page)}
    elsewhere = len(marked_cards(view, opts, cards) - here)
    if not elsewhere:
        return counted
    return counted + " · " + t(lang, "hand-playable-elsewhere", mark=playable_mark(view), count=elsewhere)


def _prompts(view: HandView, lang: str, opts: Options) -> list[str]:
    state = view.state
    pending = state.pending
    me = view.player_id
    ended = ended_prompts(view, lang)
    if ended is not None:
        return ended
    lines: list[str] = []
    actor = state.actor
    must_call = opts.uno and me in state.catchable
    if actor != me:  # "watch the group" would say there is nothing to do to one who must call UNO!
        waiting = t(lang, "hand-waiting", where=view.where)  # the forum's other topics hold other games
        lines.append(t(lang, "hand-hint-uno-now") if must_call else waiting)
        if opts.singles:
            lines.append(t(lang, "hand-hint-jump-in"))
    elif pending is Pending.PLAY_DRAWN:
        assert state.drawn_card is not None
        if state.drawn_card not in opts.singles:  # playable when drawn, not now (a slap's penalty came)
            key = "hand-play-drawn-unplayable"
        else:
            key = "hand-play-drawn" if opts.pass_turn else "hand-play-drawn-forced"
        drawn = card_label(state.card(state.drawn_card), lang, CardForm.OBJECT, letters=view.colour_letters)
        lines.append(t(lang, key, card=drawn))
    else:
        key = _PROMPTS.get(pending, "hand-your-turn")
        taker = card = first = ""
        if pending is Pending.CHOOSE_COLOUR and state.penalty:
            key = "hand-choose-colour-penalty"  # who takes it (theirs is the turn), named as on the table
            taker = as_on_table(view, lang).who(state.turn)
        elif pending is Pending.CHOOSE_COLOUR and state.colour is None and len(state.discard) == 1:
            # A black start card (no colour was ever in force): nobody played it, so say why this player
            # chooses (the first player, or the dealer under extreme_start).
            key = "hand-choose-colour-start"
            card = card_label(state.top, lang, letters=view.colour_letters)
            first = "yes" if me == state.turn else "no"  # who then plays, or the dealer
        elif pending in (Pending.PLAY, Pending.COVER) and not opts.singles:
            # A cover is drawn for until a card fits, and so is every draw under the until-playable rule.
            until = pending is Pending.COVER or state.rules.draw_rule is DrawRule.UNTIL_PLAYABLE
            key = "hand-nothing-fits-until" if until else "hand-nothing-fits"
            if pending is Pending.COVER:  # an 8 played as the last card wins nothing until it is covered
                key = "hand-cover-draw" if state.hands[me] else "hand-cover-last"
            elif not drawable(state):  # every card is in a hand: the draw takes none and ends the turn
                key = "hand-nothing-fits-none-left"
        answer = _penalty_answer(state, opts) if pending is Pending.PENALTY else None
        if pending is Pending.PENALTY and answer is None:
            key = "hand-penalty-take"  # no card passes it on, nothing to challenge: "or..." would mislead
        lines.append(
            t(lang, key, count=state.penalty, taker=taker, answer=answer or "", card=card, first=first)
        )
        if pending is Pending.PENALTY and penalty_takes(state) < state.penalty:
            lines.append(t(lang, "hand-penalty-short", left=penalty_takes(state)))
        if pending is Pending.PENALTY and opts.singles and not _passes_on(state):
            lines.append(t(lang, "hand-hint-jump-in-penalty", count=state.penalty))
        if opts.challenge:
            lines.append(_challenge_hint(view, lang, offered=answer in ("challenge", "both")))
        lines += chain_hints(view, opts.singles, lang)
        if view.selection:
            selected = [state.card(cid) for cid in view.selection]
            chosen = " → ".join(card_label(card, lang, letters=view.colour_letters) for card in selected)
            more = any(can_join(state, view.selection, cid) for cid in state.hands[me])
            lines.append(t(lang, "hand-selection" if more else "hand-selection-complete", cards=chosen))
            if len(state.hands[me]) - len(view.selection) == 1:  # UNO! can't be called before, holding 3+
                lines.append(t(lang, "hand-selection-leaves-one"))
        elif opts.multi_starts:
            lines.append(t(lang, "hand-hint-multi-play"))
    if actor == me:
        lines += _bluff_warning(view, opts, lang)
    lines += _catch_hint(view, lang)
    if opts.slap:  # its time left as the table shows it: a 5 s window must not be missed reading
        cards = t(lang, "render-cards-taken", count=SLAP_PENALTY)  # held on one line: never "4" above "cards"
        hint = t(lang, "hand-hint-slap", cards=cards)
        longest = state.rules.slap_seconds
        lines.append(with_time_left(hint, state.slap_deadline, view.now_ms, lang, longest, WINDOW_STEP_S))
    if must_call and actor == me:
        lines.append(t(lang, "hand-hint-uno-now"))
    elif opts.uno and len(state.hands[me]) == 2:  # on their turn, with a card to play (options)
        lines.append(t(lang, "hand-hint-uno", count=state.rules.uno_penalty))
    warning = _afk_warning(view, lang, "hand-afk-warning")
    if warning and not any(_tells_a_timeout(news) for news in view.news):  # else _news says it
        lines.append(warning)
    return lines
