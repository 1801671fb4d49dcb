"""The seam between two rounds of a match played for points: what the group and each hand read, and what a
press or a command made in the pause does."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules, Scoring
from bot.engine.scoring import ROUND_PAUSE_MS
from bot.service import Place
from bot.tg.callback_data import Action
from bot.tg.render.text import t
from tests.e2e.harness import World, buttons
from tests.fake_bot_api import FakeTelegram
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing

TO_200 = Rules().changed(target_score=200)
CARD_ACTIONS = (Action.TRY, Action.PLAY, Action.SELECT)


async def _alice_holds_a_last_draw_two(table: Table) -> None:
    await table.arrange(
        {"Alice": ["R+2"], "Bob": ["B4", "R+2"], "Carol": ["Y9"]}, top="R3", turn=table.people[0]
    )


async def _alice_goes_out_with_a_draw_two(table: Table) -> None:
    """Alice's last card, 🟥 +2, ends round 1: Bob takes the 2 cards (they count) and the pause begins."""
    await _alice_holds_a_last_draw_two(table)
    await _alice_plays_it(table)


async def _alice_plays_it(table: Table) -> None:
    await table.play(table.people[0], "R+2")
    assert (await table.state()).round_over


@pytest.mark.parametrize(("language", "listed"), [("en", "Your cards left: "), ("ru", "Осталось на руке: ")])
async def test_a_hand_in_the_pause_shows_its_cards_without_buttons_until_the_next_deal(
    world: World, fake: FakeTelegram, language: str, listed: str
) -> None:
    """Bob took round 1's last +2 and waits for the next deal: his hand kept a button for each card, and each
    only answered "The round is over; wait for the next deal." Now it lists them, with no buttons, and the
    next deal brings its cards' buttons."""
    async with playing(world, fake, TO_200, language=language) as table:
        bob = table.people[1]
        await _alice_goes_out_with_a_draw_two(table)
        paused = table.hand(bob)
        cards = spaced(paused.text or "").splitlines()[-1]  # the two he took are drawn at random
        assert paused.buttons == [] and cards.startswith(listed) and "🟦 4" in cards
        await table.bot.tick(ROUND_PAUSE_MS / 1000)
        assert not (await table.state()).round_over
        assert any(data.action in CARD_ACTIONS for _, data in buttons(table.hand(bob)))


@pytest.mark.parametrize(
    ("language", "yours", "theirs"),
    [
        ("en", "🏁 You win round 1!", "🏁 Alice wins round 1."),
        ("ru", "🏁 Вы выиграли раунд 1!", "🏁 Alice выигрывает раунд 1."),
    ],
)
async def test_each_hand_in_the_pause_says_who_won_the_round(
    world: World, fake: FakeTelegram, language: str, yours: str, theirs: str
) -> None:
    """Until the next deal every hand said only "The round is over; the next one starts soon.": the winner's
    as the others', so whoever watched their cards had to go to the group to learn how the round ended."""
    async with playing(world, fake, TO_200, language=language) as table:
        alice, bob, carol = table.people
        await _alice_goes_out_with_a_draw_two(table)
        won = spaced(table.hand(alice).text or "").splitlines()  # she has no cards left to list, nor to count
        soon = t(language, "hand-next-round-soon")
        assert won[won.index("") + 1 :] == [yours, soon]
        for user in (bob, carol):  # leading as the win leads hers, above the cards they were left with
            assert spaced(table.hand(user).text or "").splitlines()[-4:-1] == [theirs, soon, ""]


@pytest.mark.parametrize(
    ("language", "alert"),
    [
        ("en", "Too late: Alice won the round. Wait for the next deal."),
        ("ru", "Поздно: раунд окончен, его выиграл игрок Alice. Дождитесь следующей раздачи."),  # noqa: RUF001
    ],
)
async def test_a_card_pressed_as_the_round_was_won_says_who_won_it(
    world: World, fake: FakeTelegram, language: str, alert: str
) -> None:
    """Carol presses a card of the hand she had while Alice went out (the press crossed the round's end).
    She read "This button is out of date. Use the newest message.", and the newest said only that the round
    was over."""
    async with playing(world, fake, TO_200, language=language) as table:
        carol = table.people[2]
        await _alice_holds_a_last_draw_two(table)
        before = table.hand(carol)
        card = next(data for _, data in buttons(before) if data.action is Action.TRY)
        await _alice_plays_it(table)
        pressed = await table.press_data(carol, card, before)
        assert pressed.show_alert and pressed.answer_text == alert


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "Your cards left: 🟦 4 (+4 points)"), ("ru", "Осталось на руке: 🟦 4 (+4 очка)")],
)
async def test_a_hand_whose_match_ended_as_the_round_winner_left_in_the_pause_says_what_its_cards_cost(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """(session 55 review) Lowest wins: Alice went out, Bob's 🟦 4 added 4 to his score, and his hand in the
    pause said so; Alice left then, which ended the match, and his hand lost the "+4": the match taken for
    one the others left before anything was scored, though the round his cards are left from was."""
    own = Rules(scoring=Scoring.OWN_HAND, target_score=200)
    async with playing(world, fake, own, names=("Alice", "Bob"), language=language) as table:
        alice, bob = table.people
        await table.arrange({"Alice": ["R2"], "Bob": ["B4"]}, top="R3", turn=alice)
        await table.play(alice, "R2")
        assert (await table.state()).round_over
        assert said in spaced(table.hand(bob).text or "")
        fake.user_sends(alice, table.group, "/leave")
        await table.deliver()
        assert await table.bot.rt.service.find(Place(table.group.id)) is None  # the match is over
        assert said in spaced(table.hand(bob).text or ""), table.hand(bob).text
