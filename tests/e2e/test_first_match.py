"""A first match, read by someone who has never played UNO here: every refusal and hint says what happened
and what they can do now, in English and in Russian."""

# ruff: noqa: RUF001 (the Russian texts people read)
from __future__ import annotations

import pytest

from bot.engine.rules import PRESETS, Rules
from bot.tg.callback_data import Action
from tests.e2e.harness import World, buttons
from tests.fake_bot_api import CallbackQuery, FakeTelegram, User
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing


async def _tap_unmarked(table: Table, user: User, code: str) -> CallbackQuery:
    """Tap `user`'s card `code`, shown without a ▶ or ⚡ mark (it can't be played now)."""
    state = await table.state()
    ids = {cid for cid in state.hands[user.id] if state.card(cid).code == code}
    data = next(d for _, d in buttons(table.hand(user)) if d.action is Action.TRY and d.args[0] in ids)
    return await table.press_data(user, data)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "That card doesn't match the top card. Play one marked ▶ (same colour, same number or symbol,"
            " or a black card) or press “Draw a card”.",
        ),
        (
            "ru",
            "Эта карта не подходит к верхней. Сыграйте карту с ▶ (того же цвета, с тем же числом или знаком"
            " либо чёрную) или нажмите «Взять карту».",
        ),
    ],
)
async def test_a_card_that_does_not_match_says_what_can_be_played(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """Bob taps 🟦 7 on 🟥 3: the alert said only "That card does not match the top card", not what he can
    do."""
    async with playing(world, fake, Rules(), language=language) as table:
        bob = table.people[1]
        await table.arrange({"Bob": ["R5", "B7", "G2"]}, top="R3", turn=bob)
        query = await _tap_unmarked(table, bob, "B7")
        assert query.show_alert and query.answer_text == said


NOT_YOUR_TURN_JUMP_IN = {
    "en": "It's not your turn. Out of turn you can only jump in, with a card identical to the top card (same"
    " colour and number or symbol): it is marked ⚡.",
    "ru": "Сейчас не ваш ход. Не в свой ход можно только вмешаться точно такой же картой, как верхняя (тот же"
    " цвет и то же число или знак): она отмечена ⚡.",
}
# the end of a +4's penalty prompt, the line the challenge's hint follows
CHALLENGE_OFFERED = {"en": "or challenge the card.", "ru": "или оспорьте карту."}
TOO_LATE_TO_JUMP_IN = {
    "en": "It's not your turn, and it's too late to jump in: that works only until the next player moves.",
    "ru": "Сейчас не ваш ход, и вмешаться уже поздно: это можно, только пока следующий игрок не сделал ход.",
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_card_tapped_out_of_turn_under_house_rules_says_it_is_not_your_turn(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """House rules (jump-in on). Carol taps 🟩 5 while Bob moves on 🟥 1: the alert read "Only an identical
    card can jump in", and once Bob had drawn, "Too late to jump in", as if a 🟩 5 could have jumped in in
    time; a newcomer read neither as "it is not your turn". Her 🟥 1 tapped too late is too late."""
    async with playing(world, fake, PRESETS["house"], language=language) as table:
        alice, bob, carol = table.people
        hands = {"Alice": ["R1", "B2"], "Bob": ["B9", "G7", "Y4"], "Carol": ["G5", "R1", "Y2"]}
        await table.arrange(hands, top="R3", turn=alice, draw_next=["B1"])
        await table.play(alice, "R1")
        assert (await _tap_unmarked(table, carol, "G5")).answer_text == NOT_YOUR_TURN_JUMP_IN[language]
        await table.press(bob, Action.DRAW)  # 🟦 1: he may play it, so it is still his turn
        assert (await _tap_unmarked(table, carol, "G5")).answer_text == NOT_YOUR_TURN_JUMP_IN[language]
        assert (await _tap_unmarked(table, carol, "R1")).answer_text == TOO_LATE_TO_JUMP_IN[language]


@pytest.mark.parametrize(
    ("language", "hint"),
    [
        (
            "en",
            "⚖️ If Alice held a 🟥 red card (the colour in play before it), it was a bluff: they take 4"
            " cards, and you play on. If not, you take 6 cards instead of 4.",
        ),
        (
            "ru",
            "⚖️ Если у игрока Alice была карта прежнего цвета (🟥 красный), это блеф: сыгравший берёт 4"
            " карты, а вы ходите. Если нет — вы берёте 6 карт вместо 4.",
        ),
    ],
)
async def test_a_challenge_offer_says_what_it_finds_and_what_it_costs(
    world: World, fake: FakeTelegram, language: str, hint: str
) -> None:
    """Alice plays 🌈 +4 on Bob. His hand said only "You can challenge the black card: was it played as a
    bluff?": not what a bluff is here, nor that a fair card makes him take 6 instead of 4. (session 50) The
    hint then began "You can challenge the card." under a prompt ending "...or challenge the card."."""
    async with playing(world, fake, Rules(), language=language) as table:
        alice, bob, _carol = table.people
        await table.arrange({"Alice": ["W4", "R1", "G5"], "Bob": ["R5", "B7"]}, top="R3", turn=alice)
        await table.play(alice, "W4")
        await table.press(alice, Action.COLOUR)
        assert Action.CHALLENGE in table.actions(bob)
        lines = spaced(table.hand(bob).text or "").splitlines()
        assert hint in lines, lines
        assert lines[lines.index(hint) - 1].endswith(CHALLENGE_OFFERED[language]), lines


@pytest.mark.parametrize(
    ("language", "hint"),
    [
        (
            "en",
            "Two cards left: press “UNO!” before you play. If you forget, you can be caught and take 3"
            " cards.",
        ),
        (
            "ru",
            "Осталось две карты: нажмите «УНО!» перед ходом. Если забудете, вас могут поймать, и вы возьмёте"
            " 3 карты.",
        ),
    ],
)
async def test_the_uno_hint_says_what_forgetting_costs(
    world: World, fake: FakeTelegram, language: str, hint: str
) -> None:
    """Bob holds two cards on his turn. The hint said "press UNO! before you play", not why: that anyone may
    then catch him, and what being caught costs (this chat's UNO penalty: 3 cards)."""
    async with playing(world, fake, Rules().changed(uno_penalty=3), language=language) as table:
        bob = table.people[1]
        await table.arrange({"Bob": ["R5", "B7"]}, top="R3", turn=bob)
        assert hint in spaced(table.hand(bob).text or "").splitlines()
