"""A card named in a sentence takes the form the sentence needs: Russian declines the cards named in words
(«играет 🌈 Дикую», «вмешивается 🟥 Пропуском») and says «картой» before those named by a number or sign
(«покрывает её картой 🟩 8»); the English is the same in every sentence. One test per construction, played
through the bot."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from bot.tg.callback_data import Action
from tests.e2e.harness import World
from tests.fake_bot_api import FakeTelegram
from tests.rules_in_play.table import playing

EIGHT_COVER = Rules().changed(eight_cover=True)
# UNO Extreme's plain Wild, played as a blank: it may be challenged, and a bluff goes back to its player
RESTRICTED_BLANKS = Rules().changed(
    deck="classic_blank", blank_effect="wild", extreme_wild_restriction=True, extreme_challenge=True
)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "• Alice plays 🌈 Wild and chooses 🟥 red."),
        ("ru", "• Alice играет 🌈 Дикую и выбирает цвет: 🟥 красный."),
    ],
)
async def test_a_wild_played_is_the_object_of_playing(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    async with playing(world, fake, Rules(), language=language) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["W", "R1", "B9"]}, top="R3", turn=alice)
        await table.play(alice, "W")
        await table.press(alice, Action.COLOUR)
        assert said in table.text(), table.text()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "You drew 🧨 Creeper: play it or pass."),
        ("ru", "Вы взяли 🧨 Крипера: сыграйте эту карту или пасуйте."),
    ],
)
async def test_a_creeper_drawn_is_the_object_of_drawing(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    hands = {"Alice": ["B9", "Y8"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(deck="minecraft"), language=language) as table:
        alice = table.people[0]
        await table.arrange(hands, top="R3", turn=alice, draw_next=["CR", "G7", "Y3", "B1"])
        await table.press(alice, Action.DRAW)
        assert said in (table.hand(alice).text or ""), table.hand(alice).text


@pytest.mark.parametrize(
    ("language", "challengeable", "returned"),
    [
        ("en", "Turn: Bob\nMay challenge the ⬜ Blank", "Alice takes back ⬜ Blank and 4 cards."),
        ("ru", "Ходит: Bob\nМожет оспорить ⬜ Пустую", "Alice забирает ⬜ Пустую обратно и берёт 4 карты."),  # noqa: RUF001
    ],
)
async def test_a_blank_challenged_and_taken_back_is_the_object(
    world: World, fake: FakeTelegram, language: str, challengeable: str, returned: str
) -> None:
    """A blank played as a restricted plain Wild while Alice held a red card: Bob may challenge it, and
    does; it was a bluff, and she takes it back."""
    async with playing(world, fake, RESTRICTED_BLANKS, language=language) as table:
        alice, bob, _ = table.people
        await table.arrange({"Alice": ["BL", "R1", "B9"]}, top="R3", turn=alice)
        await table.play(alice, "BL")
        await table.press(alice, Action.COLOUR)
        assert challengeable in table.text(), table.text()
        await table.press(bob, Action.CHALLENGE)
        assert returned in table.text(), table.text()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "• Alice plays 🟥 8, then covers it with 🌈 Wild and chooses 🟥 red."),
        ("ru", "• Alice играет 🟥 8, затем покрывает её 🌈 Дикой и выбирает цвет: 🟥 красный."),
    ],
)
async def test_an_eight_covered_with_a_wild_names_it_as_what_covers(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """Russian read «покрывает её картой — 🌈 Дикая и выбирает цвет»: the card's name in the nominative,
    set off by a dash, where the sentence says what the 8 is covered with."""
    async with playing(world, fake, EIGHT_COVER, language=language) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["R8", "W", "B9"]}, top="R3", turn=alice)
        await table.play(alice, "R8")
        await table.play(alice, "W")
        await table.press(alice, Action.COLOUR)
        assert said in table.text(), table.text()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "• Alice plays 🟥 8, then covers it with 🟩 8 and that with 🟩 Skip: Bob misses a turn."),
        (
            "ru",
            "• Alice играет 🟥 8, затем покрывает её картой 🟩 8, а ту — 🟩 Пропуском: Bob пропускает ход.",  # noqa: RUF001
        ),
    ],
)
async def test_a_chain_of_eights_says_what_covered_each(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """Russian named the second cover as the subject («на ту ложится 🟩 Пропуск»); after a black card that
    line went on «и выбирает цвет», as if the card chose the colour."""
    async with playing(world, fake, EIGHT_COVER, language=language) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["R8", "G8", "GS", "B9"]}, top="R3", turn=alice)
        for card in ("R8", "G8", "GS"):
            await table.play(alice, card)
        assert said in table.text(), table.text()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "• ⚡ Bob jumps in with 🟥 Skip: Carol misses a turn."),
        ("ru", "• ⚡ Bob вмешивается 🟥 Пропуском: Carol пропускает ход."),
    ],
)
async def test_a_jump_in_names_the_card_it_is_made_with(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """Russian read «вмешивается картой — 🟥 Пропуск»."""
    hands = {"Alice": ["RS", "B9"], "Bob": ["RS", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules().changed(jump_in="on"), language=language) as table:
        alice, bob, _ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "RS")
        await table.play(bob, "RS")
        assert said in table.text(), table.text()
