"""/colours: a person's own cards name each colour by its letter ("🟥R 5"), in their private chat only, from
the moment they ask, across restarts, until they send it again."""

from __future__ import annotations

import re

import pytest

from bot.tg.callback_data import Action
from tests.e2e.harness import COLOURS_HINT, World, buttons, hand_message, press_action
from tests.e2e.matches import gather, started, whose_turn
from tests.fake_bot_api import FakeTelegram, Message, User

LETTERED = re.compile("[🟥🟨🟩🟦][A-ZА-Я]")  # noqa: RUF001
SQUARE = re.compile("[🟥🟨🟩🟦]")


def hand(fake: FakeTelegram, user: User) -> Message:
    """The hand message (the newest with buttons: the answer to /colours comes after it)."""
    found = fake.newest_bot_message(user.id, with_buttons=True)
    assert found is not None
    return found


def card_labels(message: Message) -> list[str]:
    return [label for label, data in buttons(message) if data.action in (Action.PLAY, Action.TRY)]


def lettered(message: Message) -> bool:
    """Every coloured card the hand shows carries its letter (and it shows some)."""
    coloured = [label for label in card_labels(message) if SQUARE.search(label)]
    return bool(coloured) and all(LETTERED.search(label) for label in coloured)


def plain(message: Message) -> bool:
    """No letter anywhere in the message, text or buttons."""
    return not LETTERED.search(" ".join([message.text or "", *card_labels(message)]))


async def test_colour_letters_show_on_the_senders_cards_only_and_outlast_a_restart(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        mover = await whose_turn(bot, group, people)
        other = next(person for person in people if person is not mover)
        assert plain(hand(fake, mover)) and plain(hand(fake, other))
        fake.user_sends(mover, fake.private_chat(mover), "/colours")
        await bot.deliver()
        assert hand_message(fake, mover).text == (
            "Colour letters on your cards: on. Your cards now read 🟥R 5, 🟨Y 5, 🟩G 5, 🟦B 5."
            " Send /colours again to turn them off."
        )
        assert lettered(hand(fake, mover)), card_labels(hand(fake, mover))
        assert plain(hand(fake, other))
        record, _ = await bot.game(group)
        assert record.table_message_id is not None
        assert plain(fake.messages[(group.id, record.table_message_id)])
    async with world.running() as bot:
        assert lettered(hand(fake, mover))
        press_action(fake, mover, hand(fake, mover), Action.DRAW)  # drawn anew after the restart
        await bot.deliver()
        assert lettered(hand(fake, mover)) and plain(hand(fake, other))
        fake.user_sends(mover, fake.private_chat(mover), "/colors")  # the American spelling too
        await bot.deliver()
        assert (hand_message(fake, mover).text or "").startswith("Colour letters on your cards: off.")
        assert plain(hand(fake, mover))


async def test_turned_off_the_answer_shows_the_cards_without_letters(
    world: World, fake: FakeTelegram
) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    async with world.running() as bot:
        for _ in range(2):
            fake.user_sends(alice, fake.private_chat(alice), "/colours")
            await bot.deliver()
    assert fake.last_bot_message(fake.private_chat(alice)).text == (
        "Colour letters on your cards: off. Your cards read 🟥 5, 🟨 5, 🟩 5, 🟦 5 again."
        " Send /colours to turn them back on."
    )


async def test_colour_letters_in_russian(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, _, (alice, _bob)):
        fake.user_sends(alice, fake.private_chat(alice), "/lang ru")
        fake.user_sends(alice, fake.private_chat(alice), "/colours")
        await bot.deliver()
        assert hand_message(fake, alice).text == (
            "Буквы цветов на ваших картах: включены. Теперь карты выглядят так: 🟥К 5, 🟨Ж 5, 🟩З 5, 🟦С 5."  # noqa: RUF001
            " Чтобы выключить, отправьте /colours ещё раз."
        )
        assert any(re.search("[🟥🟨🟩🟦][КЖЗС] ", label) for label in card_labels(hand(fake, alice)))


async def test_colours_in_a_group_points_to_the_private_chat(world: World, fake: FakeTelegram) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _bob)):
        fake.user_sends(alice, group, "/colours")
        await bot.deliver()
        said = fake.last_bot_message(group)
        assert said.text == (
            "Colour letters on your cards are turned on and off in the private chat with me, not here:"
            " open it and send /colours there."
        )
        assert said.buttons == [[{"text": "Open the chat with me", "url": "https://t.me/uno_test_bot"}]]
        assert plain(hand(fake, alice))


async def test_colours_in_a_group_points_to_the_private_chat_in_the_senders_language(
    world: World, fake: FakeTelegram
) -> None:
    """(mutation audit, session 53) The pointer is for its sender alone: in Bob's Russian, in an English
    group."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (_alice, bob)):
        bob.language_code = "ru"
        fake.user_sends(bob, group, "/colours")
        await bot.deliver()
        said = fake.last_bot_message(group).text or ""
        assert said.startswith("Буквы цветов на ваших картах настраиваются в личном чате"), said


@pytest.mark.parametrize(
    ("language", "joined"),
    [
        ("en", "You're in the game in Friends. Your cards will show up here."),
        ("ru", "Вы в игре в чате Friends. Ваши карты появятся здесь."),
    ],
    ids=["en", "ru"],
)
async def test_a_newcomers_first_start_mentions_colour_letters_once(
    world: World, fake: FakeTelegram, language: str, joined: str
) -> None:
    """Nothing led a colour-blind newcomer to /colours: only /help named it, which a player rarely reads.
    Their first Start, read just before their cards come, says it; no later Start repeats it."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob", language_code=language)
    group = fake.add_group("Friends", members=[alice, bob])
    private = fake.private_chat(bob)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice])
        press_action(fake, bob, fake.last_bot_message(group), Action.JOIN)  # sent to the private chat first
        await bot.deliver()
        fake.user_starts_bot(bob)
        await bot.deliver()
        assert fake.last_bot_message(private).text == f"{joined}\n{COLOURS_HINT[language]}"
        fake.user_starts_bot(bob)
        await bot.deliver()
        assert fake.last_bot_message(private).text == joined
