"""What a narrow phone shows of the lobby's, the hand's and /stop's buttons (tests.narrow_phone)."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from bot.tg.callback_data import Action, CallbackData, decode
from tests.e2e.harness import World, buttons, press_action
from tests.e2e.matches import gather, stop_question
from tests.fake_bot_api import FakeTelegram, Message, User
from tests.narrow_phone import cut_labels
from tests.rules_in_play.table import playing, store_chat


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_lobbys_computer_buttons_fit_one_row(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """With a computer in the lobby, "🤖 Add another computer" and "🤖 Remove a computer" shared a row of ~43
    characters (in Russian ~36): a narrow phone cut them to "🤖 Add another co…" and "🤖 Remove a com…"."""
    alice = fake.add_user("Alice", language_code=language)
    group = fake.add_group("Friends", members=[alice])
    await store_chat(world, group, Rules(), language)
    async with world.running() as bot:
        fake.user_starts_bot(alice)
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        for _ in range(2):
            lobby = fake.last_bot_message(group)
            assert not cut_labels(lobby.button_texts), lobby.button_texts
            press_action(fake, alice, lobby, Action.ADD_COMPUTER)
            await bot.deliver()
        lobby = fake.last_bot_message(group)
        rows = lobby.button_texts
        assert any(len(row) == 2 and row[0].startswith("🤖") for row in rows) and not cut_labels(rows), rows


_CARD_PRESSES = (Action.PLAY, Action.TRY, Action.SELECT)
_LONG_HAND = [
    "R1",
    "R5",
    "R9",
    "RS",
    "RS",
    "RR",
    "RR",
    "R+2",
    "Y2",
    "Y7",
    "YS",
    "YR",
    "G4",
    "G8",
    "GS",
    "B+2",
]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_stop_questions_buttons_fit_their_row(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """(helper-529's read of a Russian group's evening) /stop's question read «Да, остановить» beside
    «Нет, играем да…»: its No was cut on a narrow phone."""
    alice, bob = fake.add_user("Alice", language_code=language), fake.add_user("Bob", language_code=language)
    group = fake.add_group("Friends", members=[alice, bob])
    await store_chat(world, group, Rules(), language)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        press_action(fake, alice, fake.last_bot_message(group), Action.START)
        await bot.deliver()
        question = await stop_question(bot, fake, group, alice)
        rows = question.button_texts
        assert len(rows) == 1 and not cut_labels(rows), rows


def _card_rows(message: Message) -> list[list[str]]:
    """The rows of a hand's keyboard that hold its cards."""
    return [
        [button["text"] for button in row]
        for row in message.buttons
        if any(_pressed(button) in _CARD_PRESSES for button in row)
    ]


def _pressed(button: dict[str, str]) -> Action | None:
    data = decode(button.get("callback_data", ""))
    return data.action if isinstance(data, CallbackData) else None


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_hands_long_card_labels_fit_their_rows_and_keep_them_from_turn_to_turn(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """Cards were four a row whatever their labels: a narrow phone cut "▶ 🟥 Reverse" to "▶ 🟥 Re…" (so did
    Desktop at its widest, and «▶ 🟥 Пропуск» in Russian). A row holds as many cards as fit it whole, measured
    with the ▶ each may get, so the rows stay as they are while the marks come and go; a hand of 20 cards is
    still one page."""
    async with playing(world, fake, Rules(), language=language) as table:
        alice, bob = table.people[:2]
        hand = [*_LONG_HAND, "W", "W", "W4", "W4"]
        others = {"Bob": ["G5"], "Carol": ["B7"]}
        await table.arrange({"Alice": hand, **others}, top="R3", turn=alice)
        marked = _card_rows(table.hand(alice))
        assert sum(len(row) for row in marked) == len(hand) and not cut_labels(marked), marked
        assert any(label.startswith("▶") for row in marked for label in row)
        await table.arrange({"Alice": hand, **others}, top="R3", turn=bob)
        unmarked = _card_rows(table.hand(alice))
        assert [len(row) for row in unmarked] == [len(row) for row in marked], unmarked
        assert Action.PAGE not in {_pressed(button) for row in table.hand(alice).buttons for button in row}


async def test_under_jump_in_the_rows_leave_room_for_the_wider_mark(world: World, fake: FakeTelegram) -> None:
    """Out of turn a card that may jump in is marked ⚡, an emoji as wide as two letters where ▶ is one:
    under jump-in the rows are measured with it, so "⚡ 🟥 +2" is not cut either, and the rows are the same
    on the player's turn and out of it."""
    async with playing(world, fake, Rules().changed(jump_in="on")) as table:
        alice, bob = table.people[:2]
        hands = {"Alice": ["R1", "R+2", "Y2", "Y+2", "G+2", "B+2", "B1"], "Bob": ["G5"], "Carol": ["B7"]}
        await table.arrange(hands, top="R+2", turn=bob)
        jumping = _card_rows(table.hand(alice))
        assert any(label.startswith("⚡") for row in jumping for label in row)
        assert not cut_labels(jumping), jumping
        await table.arrange(hands, top="R+2", turn=alice)
        assert [len(row) for row in _card_rows(table.hand(alice))] == [len(row) for row in jumping]


@pytest.mark.parametrize("letters", [False, True])
async def test_a_multi_play_selection_keeps_its_rows_whole(
    world: World, fake: FakeTelegram, letters: bool
) -> None:
    """A chosen card read "✔️1 🟥 5", wider than the ▶ the rows were measured with: four short cards a row left
    it ~7 characters of a narrow phone's ~30, and it showed "✔️1 🟥…". A chosen card now carries its place as
    a keycap ("1️⃣ 🟥 5"), an emoji as wide as ⚡, and under multi-play the rows leave room for one (with the
    colours' letters, "1️⃣ 🟥R 5", three a row): no label is cut, and the rows are the same before, during
    and after a selection."""
    async with playing(world, fake, Rules().changed(multi_play=True)) as table:
        alice = table.people[0]
        if letters:
            fake.user_sends(alice, fake.private_chat(alice), "/colours")
            await table.bot.deliver()
        hand = ["R5", "B5", "G5", "Y5", "R1", "G2", "B3", "Y4"]
        await table.arrange({"Alice": hand, "Bob": ["G9"], "Carol": ["B7"]}, top="R3", turn=alice)
        before = _coloured_rows(_hand(fake, alice))
        for colour in "RGB":
            state = await table.state()
            card = next(cid for cid in state.hands[alice.id] if state.card(cid).code == f"{colour}5")
            select = next(
                d for _, d in buttons(_hand(fake, alice)) if d.action is Action.SELECT and d.args[-1] == card
            )
            await table.press_data(alice, select)
        chosen = _coloured_rows(_hand(fake, alice))
        red, green, blue = ("🟥R 5", "🟩G 5", "🟦B 5") if letters else ("🟥 5", "🟩 5", "🟦 5")
        assert {f"1️⃣ {red}", f"2️⃣ {green}", f"3️⃣ {blue}"} <= {label for row in chosen for label in row}, chosen
        assert not cut_labels(chosen), chosen
        assert [len(row) for row in chosen] == [len(row) for row in before], chosen
        assert sum(len(row) for row in chosen) == len(hand) and len(chosen) == (3 if letters else 2), chosen


def _coloured_rows(message: Message) -> list[list[str]]:
    """The rows of a hand's keyboard that hold coloured cards, whatever pressing them does (a chosen card and
    the ones waiting while a selection is made only redraw the page)."""
    squares = ("🟥", "🟨", "🟩", "🟦")
    return [row for row in message.button_texts if all(any(s in label for s in squares) for label in row)]


def _hand(fake: FakeTelegram, user: User) -> Message:
    """The hand message: the newest with buttons (the answer to /colours comes after it)."""
    found = fake.newest_bot_message(user.id, with_buttons=True)
    assert found is not None
    return found
