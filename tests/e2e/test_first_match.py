"""A first match, read by someone who has never played UNO here: every refusal and hint says what happened
and what they can do now, in English and in Russian."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from bot.tg.callback_data import Action
from tests.e2e.harness import World, buttons
from tests.fake_bot_api import CallbackQuery, FakeTelegram, User
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
            "That card does not match the top card. Play one marked ▶ (same colour, same number or symbol,"
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
    """Bob taps 🟦 7 on 🟥 3: the alert only said "That card does not match the top card", not what he can do."""
    async with playing(world, fake, Rules(), language=language) as table:
        bob = table.people[1]
        await table.arrange({"Bob": ["R5", "B7", "G2"]}, top="R3", turn=bob)
        query = await _tap_unmarked(table, bob, "B7")
        assert query.show_alert and query.answer_text == said
