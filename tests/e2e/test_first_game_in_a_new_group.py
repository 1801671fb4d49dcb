"""The first game in a group that has never used the bot: the bot just added, nobody has opened a private
chat with it yet."""

# ruff: noqa: RUF001 (the Russian texts people read)
from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from bot.i18n import Language
from bot.service import Place
from bot.tg.callback_data import Action
from bot.tg.invitations import INVITATION_MS
from bot.visible_text import utf16_length
from tests.e2e.harness import COLOURS_HINT, World, press_action
from tests.e2e.locked_database import users_unreadable
from tests.e2e.matches import stop
from tests.fake_bot_api import FakeTelegram
from tests.fake_bot_api.model import Chat
from tests.narrow_phone import spaced
from tests.rules_in_play.table import playing


async def test_newcomers_joining_through_the_private_chat_leave_the_lobby_at_the_bottom(
    world: World, fake: FakeTelegram
) -> None:
    """Five friends who had never started the bot press Join, and each is sent to the private chat, where
    Start completes the join. The group read "Bob joined the game.", "Carol joined the game." … one message
    each, which pushed the lobby and its Join and Start buttons up out of sight, while a Join by one the bot
    could already write to said nothing there; the lobby lists every player either way."""
    anna = fake.add_user("Anna", started_bot=True)
    friends = [fake.add_user(name) for name in ("Bob", "Carol", "Dan", "Eve", "Frank")]
    group = fake.add_group("Friends", members=[anna, *friends])
    async with world.running() as bot:
        fake.user_starts_bot(anna)
        fake.user_sends(anna, group, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(group)
        for friend in friends:
            joined = press_action(fake, friend, lobby, Action.JOIN)
            await bot.deliver()
            assert joined.answer_url is not None
            fake.user_follows_start_link(friend, joined.answer_url)
            await bot.deliver()
            told = fake.last_bot_message(fake.private_chat(friend)).text
            joined_text = "You're in the game in Friends. Your cards will show up here."
            assert told == f"{joined_text}\n{COLOURS_HINT['en']}"  # each friend's first Start
        assert [message.message_id for message in fake.bot_messages_in(group)] == [lobby.message_id]
        _, doc = await bot.game(group)
        assert doc.players == (anna.id, *(friend.id for friend in friends))
        listed = (fake.last_bot_message(group).text or "").splitlines()
        assert [line for line in listed if line[:1].isdigit()][-1] == "6. Frank"


EMPTY_PRIVATE_CHAT = {
    "en": "🃏 I deal UNO in Telegram groups: each player gets their cards here, in the chat with me.\n"
    "Came from a group? Press “Start” below so that I can write to you: then the “Join” you pressed there"
    " takes effect.\n"
    "To play in your own group, add me to it and send /new there.",
    "ru": "🃏 Я провожу игры в УНО в группах Telegram: свои карты каждый игрок получает здесь, в чате"
    " со мной.\n"
    "Пришли из группы? Нажмите «Запустить» ниже, чтобы я мог вам писать: тогда сработает нажатая там"
    " кнопка «Участвовать».\n"
    "Чтобы играть в своей группе, добавьте меня в неё и отправьте там /new.",
}


# What an app in neither language shows (German, Kazakh, Ukrainian …): both, the default language's first.
EMPTY_PRIVATE_CHAT_BRIEF = {
    "en": "🃏 I deal UNO in Telegram groups; your cards come here.\n"
    "Came from a group? Press the button below so that I can write to you: then the “Join” you pressed"
    " there takes effect.\n"
    "For your own group, add me to it and send /new there.",
    "ru": "🃏 Я провожу игры в УНО в группах Telegram; свои карты вы получаете здесь.\n"
    "Пришли из группы? Нажмите кнопку внизу, чтобы я мог вам писать: тогда сработает нажатая там"
    " кнопка «Участвовать».\n"
    "Для своей группы добавьте меня в неё и отправьте там /new.",
}
SHORT_DESCRIPTION_BRIEF = {
    "en": "UNO for Telegram groups: add me and send /new.",
    "ru": "УНО для групп Telegram: добавьте меня и отправьте /new.",
}


@pytest.mark.new_telegram  # (tests/set_before.py)
@pytest.mark.parametrize(("default_language", "other_language"), [("en", "ru"), ("ru", "en")])
async def test_the_empty_private_chat_a_join_opens_says_to_press_start(
    world: World, fake: FakeTelegram, default_language: Language, other_language: Language
) -> None:
    """Join, pressed by one the bot cannot write to yet, opens the private chat with the bot: empty, with
    Telegram's Start button under nothing at all (the bot had no description), so a newcomer did not know
    why they were there or that Start completes the join. Now the bot describes itself in each language,
    and to an app in neither language (which read only the default language's text, maybe one its user
    cannot read) in both, within Telegram's 512 and 120; a restart leaves the descriptions alone when they
    read so already (Telegram limits how often they change)."""
    group = fake.add_group("Friends")
    async with world.running(default_language=default_language):
        pass
    for language, text in EMPTY_PRIVATE_CHAT.items():
        newcomer = fake.add_user("Bob", language_code=language)
        fake.join_group(newcomer, group)
        assert fake.description_for(newcomer) == text
        own_short = fake.profile_text("short_description", language)
        assert own_short.startswith("UNO" if language == "en" else "УНО")
    both = fake.description_for(fake.add_user("Jean", language_code="de"))
    order = (default_language, other_language)
    assert both == "\n\n".join(EMPTY_PRIVATE_CHAT_BRIEF[language] for language in order)
    assert utf16_length(both) <= 512
    short = fake.profile_text("short_description", "")
    assert short == " / ".join(SHORT_DESCRIPTION_BRIEF[language] for language in order)
    assert utf16_length(short) <= 120
    async with world.running(default_language=default_language):
        pass
    assert len(fake.calls_to("setMyDescription")) == len(fake.calls_to("setMyShortDescription")) == 3


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "Anna, you're in the game. To get your cards, open a private chat with me (the button below)"
            " and press “Start” (or “Запустить”).",
        ),
        (
            "ru",
            "Anna, вы в игре. Чтобы получить свои карты, откройте личный чат со мной (кнопка ниже) и нажмите"
            " «Запустить» (или «Start»).",
        ),
    ],
)
async def test_one_who_opens_the_first_game_is_told_they_are_in_it(
    world: World, fake: FakeTelegram, language: Language, said: str
) -> None:
    """Anna, who had never opened the private chat, sends /new: the lobby listed her (🔑), and under it
    she read "Anna, open a private chat with me first: press the button below." — first, before what? As
    if she were not in the game yet, or it could not go on without it. She is in it; the chat is where her
    cards come (without it her turns time out)."""
    anna = fake.add_user("Anna", language_code=language)
    group = fake.add_group("Friends", members=[anna])
    async with world.running(default_language=language) as bot:
        fake.user_sends(anna, group, "/new")
        await bot.deliver()
        record, doc = await bot.game(group)
        assert doc.players == (anna.id,)
        told = fake.last_bot_message(group)
        assert told.text == said
        assert told.buttons[0][0]["url"] == f"https://t.me/uno_test_bot?start=join_{record.id}"


@pytest.mark.parametrize(
    ("language", "news"),
    [
        ("en", "📥 You drew a card that didn't fit: your turn passed."),
        ("ru", "📥 Вы взяли карту, но она не подошла: ход перешёл дальше."),
    ],
)
async def test_a_draw_that_ends_the_turn_says_so_in_the_hand(
    world: World, fake: FakeTelegram, language: str, news: str
) -> None:
    """Bob, on his first turn, has no card for 🟥 3 and presses "Draw a card": 🟦 4 does not fit either, so
    his turn passes at once. His hand turned to "Not your turn" with a fourth card somewhere among the
    others, and nothing said what had happened; only the group's table did."""
    async with playing(world, fake, Rules(), language=language) as table:
        bob = table.people[1]
        await table.arrange({"Bob": ["B7", "Y2", "G9"]}, top="R3", turn=bob, draw_next=["B4"])
        await table.press(bob, Action.DRAW)
        assert (await table.state()).actor != bob.id
        assert news in (table.hand(bob).text or "").splitlines()


ON_THEIR_WAY = {  # Carol, who pressed Join: named, the host can tell whom to wait for (or nudge)
    "en": "Carol hasn't pressed “Start” (or “Запустить”) in the chat with me yet. Wait for them, or press"
    " “Start the game” again to start without them.",
    "ru": "Ждём, пока Carol нажмёт «Запустить» (или «Start») в чате со мной. Чтобы начать без"
    " этого игрока, нажмите «Начать игру» снова.",
}


ON_THEIR_WAY_COMMAND = {  # Dan; said in the group, as the alert: Telegram's Start button by both its labels
    "en": "Dan hasn't pressed “Start” (or “Запустить”) in the chat with me yet. Wait for them, or send"
    " /startgame again to start without them.",
    "ru": "Ждём, пока Dan нажмёт «Запустить» (или «Start») в чате со мной. Чтобы начать без"
    " этого игрока, отправьте /startgame снова.",
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_start_pressed_while_a_newcomer_is_on_the_way_to_the_private_chat_waits_for_a_second_press(
    world: World, fake: FakeTelegram, language: Language
) -> None:
    """Anna sees Bob in the lobby and presses Start, while Carol, who pressed Join a moment ago, is reading
    the private chat it opened: the match was dealt to two, and Carol's Start then read "The game started
    before you joined". Now the first press says Carol is on the way (it said "someone", and the host could
    not tell whom to wait for); Carol's Start joins her, and Anna's next press deals to three. Dan, who
    pressed Join and never came, holds nobody up for more than a press (/startgame names him too)."""
    anna, bob, carol, dan = (
        fake.add_user(name, language_code=language) for name in ("Anna", "Bob", "Carol", "Dan")
    )
    group = fake.add_group("Friends", members=[anna, bob, carol, dan])
    async with world.running(default_language=language) as bot:
        fake.user_starts_bot(anna)
        fake.user_starts_bot(bob)
        await bot.deliver()
        fake.user_sends(anna, group, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(group)
        press_action(fake, bob, lobby, Action.JOIN)
        joining = press_action(fake, carol, lobby, Action.JOIN)
        await bot.deliver()
        too_early = press_action(fake, anna, lobby, Action.START)
        await bot.deliver()
        assert too_early.show_alert and too_early.answer_text == ON_THEIR_WAY[language]
        record, doc = await bot.game(group)
        assert doc.engine is None and doc.players == (anna.id, bob.id)
        assert joining.answer_url is not None
        fake.user_follows_start_link(carol, joining.answer_url)
        await bot.deliver()
        press_action(fake, anna, lobby, Action.START)
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.engine is not None and doc.players == (anna.id, bob.id, carol.id)

        await bot.rt.service.stop(record.id, None, is_admin=True)
        await bot.tick(60)
        fake.user_sends(anna, group, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(group)
        press_action(fake, bob, lobby, Action.JOIN)
        press_action(fake, dan, lobby, Action.JOIN)  # and he never comes
        await bot.deliver()
        fake.user_sends(anna, group, "/startgame")
        await bot.deliver()
        assert fake.last_bot_message(group).text == ON_THEIR_WAY_COMMAND[language]
        press_action(fake, anna, lobby, Action.START)
        await bot.deliver()
        _, doc = await bot.game(group)
        assert doc.engine is not None and doc.players == (anna.id, bob.id)


ON_THEIR_WAY_BLOCKED = {  # Carol, on her way, blocked the bot: her chat with it offers Restart
    "en": "Carol hasn't pressed “Restart” (or “Перезапустить”) in the chat with me yet. Wait for them, or"
    " press “Start the game” again to start without them.",
    "ru": "Ждём, пока Carol нажмёт «Перезапустить» (или «Restart») в чате со мной. Чтобы начать"
    " без этого игрока, нажмите «Начать игру» снова.",
}
ON_THEIR_WAY_SOME_BLOCKED = {  # and Dan, who never started it, Start
    "en": "Carol and Dan haven't pressed “Start” (or “Запустить”) or “Restart” (or “Перезапустить”) in the"
    " chat with me yet. Wait for them, or send /startgame again to start without them.",
    "ru": "Ждём, пока Carol и Dan нажмут «Запустить» (или «Start») либо «Перезапустить» (или «Restart») в"
    " чате со мной. Чтобы начать без них, отправьте /startgame снова.",
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_start_while_one_who_blocked_the_bot_is_on_the_way_names_the_restart_they_must_press(
    world: World, fake: FakeTelegram, language: Language
) -> None:
    """Carol had started the bot and blocked it since; she pressed Join and is on her way. Anna's Start read
    that someone hadn't pressed "Start", which Carol's chat with the bot does not offer: it offers Restart
    (session 55). With Dan, who never started the bot, on his way too, /startgame names both buttons, and
    both of them."""
    anna, bob, carol, dan = (
        fake.add_user(name, language_code=language) for name in ("Anna", "Bob", "Carol", "Dan")
    )
    group = fake.add_group("Friends", members=[anna, bob, carol, dan])
    async with world.running(default_language=language) as bot:
        for user in (anna, bob, carol):
            fake.user_starts_bot(user)
        await bot.deliver()
        fake.user_blocks_bot(carol)
        fake.user_sends(anna, group, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(group)
        press_action(fake, bob, lobby, Action.JOIN)
        press_action(fake, carol, lobby, Action.JOIN)
        await bot.deliver()
        too_early = press_action(fake, anna, lobby, Action.START)
        await bot.deliver()
        assert too_early.show_alert and too_early.answer_text == ON_THEIR_WAY_BLOCKED[language]
        press_action(fake, dan, lobby, Action.JOIN)
        await bot.tick(60)
        fake.user_sends(anna, group, "/startgame")
        await bot.deliver()
        assert fake.last_bot_message(group).text == ON_THEIR_WAY_SOME_BLOCKED[language]
        assert (await bot.game(group))[1].engine is None


async def test_a_start_whose_read_of_who_is_on_the_way_failed_is_told_so_at_the_next_press(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """Anna presses Start while Carol is on her way, and the read of whether Carol ever started the bot
    fails: the refusal was marked said before that read, so Anna's next press, the database back, dealt
    without Carol, nobody having told Anna she was coming."""
    anna, bob, carol = (fake.add_user(name) for name in ("Anna", "Bob", "Carol"))
    group = fake.add_group("Friends", members=[anna, bob, carol])
    async with sqlite_world.running() as bot:
        fake.user_starts_bot(anna)
        fake.user_starts_bot(bob)
        await bot.deliver()
        fake.user_sends(anna, group, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(group)
        press_action(fake, bob, lobby, Action.JOIN)
        press_action(fake, carol, lobby, Action.JOIN)
        await bot.deliver()
        with users_unreadable(sqlite_world.database_url):
            failed = press_action(fake, anna, lobby, Action.START)
            await bot.deliver()
        assert failed.answer_text != ON_THEIR_WAY["en"]
        again = press_action(fake, anna, lobby, Action.START)
        await bot.deliver()
        assert again.show_alert and again.answer_text == ON_THEIR_WAY["en"]
        assert (await bot.game(group))[1].engine is None


async def test_a_join_pressed_longer_ago_than_a_lobby_stays_idle_holds_nobody_up(
    world: World, fake: FakeTelegram
) -> None:
    """Carol pressed Join eleven minutes ago and never came: she is no longer on her way."""
    anna, bob, carol = (fake.add_user(name) for name in ("Anna", "Bob", "Carol"))
    group = fake.add_group("Friends", members=[anna, bob, carol])
    async with world.running() as bot:
        fake.user_starts_bot(anna)
        fake.user_starts_bot(bob)
        fake.user_sends(anna, group, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(group)
        press_action(fake, carol, lobby, Action.JOIN)
        await bot.deliver()
        await bot.tick(6 * 60)
        press_action(fake, bob, lobby, Action.JOIN)  # the lobby stays open
        await bot.deliver()
        await bot.tick(5 * 60)
        dealt = press_action(fake, anna, lobby, Action.START)
        await bot.deliver()
        assert not dealt.show_alert, dealt.answer_text
        assert (await bot.game(group))[1].engine is not None


async def test_a_newcomer_on_the_way_to_another_groups_game_holds_nobody_up(
    world: World, fake: FakeTelegram
) -> None:
    """Carol pressed Join in Family and is reading the private chat it opened: Friends' lobby, which she is
    not joining, deals at the first press."""
    anna, bob, carol = (fake.add_user(name) for name in ("Anna", "Bob", "Carol"))
    family = fake.add_group("Family", members=[anna, carol])
    friends = fake.add_group("Friends", members=[anna, bob])
    async with world.running() as bot:
        fake.user_starts_bot(anna)
        fake.user_starts_bot(bob)
        for group in (family, friends):
            fake.user_sends(anna, group, "/new")
        await bot.deliver()
        press_action(fake, carol, fake.last_bot_message(family), Action.JOIN)
        lobby = fake.last_bot_message(friends)
        press_action(fake, bob, lobby, Action.JOIN)
        await bot.deliver()
        dealt = press_action(fake, anna, lobby, Action.START)
        await bot.deliver()
        assert not dealt.show_alert
        assert (await bot.game(friends))[1].engine is not None


async def test_a_start_long_after_a_join_is_only_a_start(world: World, fake: FakeTelegram) -> None:
    """Carol pressed Join and never came; the match was dealt without her. Her Start, from the bot's name ten
    minutes on, answers no Join: she is greeted, not told that a game started before she joined."""
    anna, bob, carol = (fake.add_user(name) for name in ("Anna", "Bob", "Carol"))
    group = fake.add_group("Friends", members=[anna, bob, carol])
    async with world.running() as bot:
        fake.user_starts_bot(anna)
        fake.user_starts_bot(bob)
        fake.user_sends(anna, group, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(group)
        for joiner in (bob, carol):
            press_action(fake, joiner, lobby, Action.JOIN)
        await bot.deliver()
        for _ in range(2):  # the first press says someone is on the way; the second deals
            press_action(fake, anna, lobby, Action.START)
            await bot.deliver()
        assert (await bot.game(group))[1].engine is not None
        bot.clock.advance(INVITATION_MS / 1000)
        fake.user_starts_bot(carol)
        await bot.deliver()
        greeting = fake.last_bot_message(fake.private_chat(carol)).text or ""
        assert greeting.startswith("Hello! To play UNO, send /new in a group"), greeting


async def test_start_by_a_host_still_to_open_the_private_chat_deals_at_once(
    world: World, fake: FakeTelegram
) -> None:
    """Anna opened the lobby before she had started the bot: she was sent to the private chat for her cards,
    but she is seated, no joiner on the way. Her Start deals to Bob and her at the first press."""
    anna, bob = fake.add_user("Anna"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[anna, bob])
    async with world.running() as bot:
        fake.user_starts_bot(bob)
        fake.user_sends(anna, group, "/new")
        await bot.deliver()
        record = (await bot.game(group))[0]
        assert record.table_message_id is not None
        lobby = fake.messages[(group.id, record.table_message_id)]
        press_action(fake, bob, lobby, Action.JOIN)
        await bot.deliver()
        dealt = press_action(fake, anna, lobby, Action.START)
        await bot.deliver()
        assert not dealt.show_alert, dealt.answer_text
        assert (await bot.game(group))[1].engine is not None


async def test_start_by_one_who_may_not_start_the_game_is_told_so_not_who_is_on_the_way(
    world: World, fake: FakeTelegram
) -> None:
    anna, bob, carol = (fake.add_user(name) for name in ("Anna", "Bob", "Carol"))
    group = fake.add_group("Friends", members=[anna, bob, carol])
    async with world.running() as bot:
        fake.user_starts_bot(anna)
        fake.user_starts_bot(bob)
        fake.user_sends(anna, group, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(group)
        press_action(fake, bob, lobby, Action.JOIN)
        press_action(fake, carol, lobby, Action.JOIN)  # on her way to the private chat
        await bot.deliver()
        refused = press_action(fake, bob, lobby, Action.START)
        await bot.deliver()
        assert refused.answer_text == "Only the host, Anna, or a chat admin can do that."


async def test_one_on_the_way_whose_name_is_cut_as_a_seated_ones_is_named_apart(
    world: World, fake: FakeTelegram
) -> None:
    """Alexandra Konstantinova sits in the lobby as 'Alexandra Konst…'; Alexandra Konstantinovskaya, who
    never started the bot, sends /join. Her invitation and the host's Start refused while she is on her way
    named her 'Alexandra Konst…' too (names cut at the screens' width since session 58), as if they spoke of
    the one seated: the host waited for, or nudged, the wrong Alexandra. They name her as the lobby does
    once she is in, and so does /startgame's answer a minute later."""
    anna, seated, coming = (
        fake.add_user(name) for name in ("Anna", "Alexandra Konstantinova", "Alexandra Konstantinovskaya")
    )
    group = fake.add_group("Friends", members=[anna, seated, coming])
    async with world.running() as bot:
        fake.user_starts_bot(anna)
        fake.user_starts_bot(seated)
        await bot.deliver()
        fake.user_sends(anna, group, "/new")
        await bot.deliver()
        lobby = fake.last_bot_message(group)
        press_action(fake, seated, lobby, Action.JOIN)
        await bot.deliver()
        fake.user_sends(coming, group, "/join")
        await bot.deliver()
        invitation = fake.last_bot_message(group)
        too_early = press_action(fake, anna, lobby, Action.START)
        await bot.deliver()
        await bot.tick(61)  # said again, not dealing, a minute later
        fake.user_sends(anna, group, "/startgame")
        await bot.deliver()
        answer = fake.last_bot_message(group).text or ""
        url = next(button["url"] for row in invitation.buttons for button in row if "url" in button)
        fake.user_follows_start_link(coming, url)
        await bot.deliver()
        rows = spaced(fake.messages[(group.id, lobby.message_id)].text or "").splitlines()
        assert rows[2:5] == ["1. Anna 🔑", "2. Alexandra Konst…", "3. Alexandra Kon… ²"]
        assert spaced(invitation.text or "").startswith("Alexandra Kon… ², to join the game")
        told = "Alexandra Kon… ² hasn't pressed “Start” (or “Запустить”)"  # the alert as the command's answer
        assert spaced(too_early.answer_text or "").startswith(told) and spaced(answer).startswith(told)


async def test_the_invitations_to_a_lobby_go_as_its_match_is_dealt(world: World, fake: FakeTelegram) -> None:
    """(helper-593, newcomers' first evening) Anna opened the lobby before she had started the bot, and Carol
    sent /join without having started it either. Dealt without Carol, the group read "Anna, you're in the
    game. To get your cards, open a private chat with me" beside the deal's notice that Anna can't get her
    cards (said twice; and, her turns timed out, after she was out of the match), and "Carol, to join the
    game, open a private chat with me" under a match she could no longer join, for ten minutes. They go as
    the match is dealt; the notice about Anna stays."""
    anna, bob, carol = (fake.add_user(name) for name in ("Anna", "Bob", "Carol"))
    group = fake.add_group("Friends", members=[anna, bob, carol])
    async with world.running() as bot:
        fake.user_starts_bot(bob)
        fake.user_sends(anna, group, "/new")
        await bot.deliver()
        record, _ = await bot.game(group)
        lobby = fake.messages[(group.id, record.table_message_id)]
        invitations = {fake.last_bot_message(group).message_id}
        press_action(fake, bob, lobby, Action.JOIN)
        fake.user_sends(carol, group, "/join")
        await bot.deliver()
        invitations.add(fake.last_bot_message(group).message_id)
        for _ in range(2):  # the first press says Carol is on her way
            press_action(fake, anna, lobby, Action.START)
            await bot.deliver()
        assert (await bot.game(group))[1].engine is not None
        shown = [message for message in fake.bot_messages_in(group) if message.message_id in invitations]
        assert shown == [], [message.text for message in shown]
        said = [spaced(message.text or "") for message in fake.bot_messages_in(group)]
        told = [text.split(" can't")[0] for text in said if "can't get their cards from me" in text]
        assert told == ["Anna"]


async def test_the_invitation_to_a_lobby_goes_as_the_lobby_closes(world: World, fake: FakeTelegram) -> None:
    """(session 62's review) Carol, who had not started the bot, sent /join; Anna then closed her lobby with
    /stop. "Carol, to join the game, open a private chat with me" stayed under it for its ten minutes, and
    its link led to a game over: it goes as the lobby closes, as it does as a lobby is dealt."""
    anna, carol = fake.add_user("Anna", started_bot=True), fake.add_user("Carol")
    group = fake.add_group("Friends", members=[anna, carol])
    async with world.running() as bot:
        fake.user_sends(anna, group, "/new")
        await bot.deliver()
        fake.user_sends(carol, group, "/join")
        await bot.deliver()
        invitation = fake.last_bot_message(group)
        assert (invitation.text or "").startswith("Carol, to join the game"), invitation.text
        await stop(bot, fake, group, anna)
        assert await bot.rt.service.find(Place(group.id)) is None
        assert invitation.message_id not in [message.message_id for message in fake.bot_messages_in(group)]


async def test_the_invitations_to_two_lobbies_go_each_with_its_own(world: World, fake: FakeTelegram) -> None:
    """(session 62's review) Carol, who had not started the bot, sent /join to Anna's lobby, then to Bob's in
    another group: the invitations were kept one a person, so the first stayed under Anna's lobby as it
    closed (and would have gone as Bob's did)."""
    anna, bob = fake.add_user("Anna", started_bot=True), fake.add_user("Bob", started_bot=True)
    carol = fake.add_user("Carol")
    friends = fake.add_group("Friends", members=[anna, carol])
    club = fake.add_group("Club", members=[bob, carol])
    async with world.running() as bot:
        invitations = []
        for host, group in ((anna, friends), (bob, club)):
            fake.user_sends(host, group, "/new")
            await bot.deliver()
            fake.user_sends(carol, group, "/join")
            await bot.deliver()
            invitation = fake.last_bot_message(group)
            assert (invitation.text or "").startswith("Carol, to join the game"), invitation.text
            invitations.append(invitation.message_id)

        def shown(group: Chat) -> list[int]:
            return [message.message_id for message in fake.bot_messages_in(group)]

        await stop(bot, fake, friends, anna)
        assert invitations[0] not in shown(friends) and invitations[1] in shown(club)
        await stop(bot, fake, club, bob)
        assert invitations[1] not in shown(club)


@pytest.mark.parametrize(
    ("language_code", "hint"),
    [("en", COLOURS_HINT["en"]), ("uk", f"{COLOURS_HINT['en']}\n🌐 По-русски: /lang ru")],
)
async def test_a_host_who_opens_the_private_chat_mid_match_reads_the_first_starts_hint(
    world: World, fake: FakeTelegram, language_code: str, hint: str
) -> None:
    """(helper-593, newcomers' first evening) Anna opened the lobby before she had ever started the bot, and
    it was dealt so; on her turn she follows the table's "🃏 My cards". Her hand came back with her first
    Start, and the line a first Start ends with (/colours; for an app in neither language, how to switch to
    the other) was left out, as it would have come under the hand: she never read it. It comes above it."""
    anna, bob = fake.add_user("Anna", language_code=language_code), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[anna, bob])
    async with world.running() as bot:
        fake.user_starts_bot(bob)
        fake.user_sends(anna, group, "/new")
        await bot.deliver()
        record, _ = await bot.game(group)
        lobby = fake.messages[(group.id, record.table_message_id)]
        press_action(fake, bob, lobby, Action.JOIN)
        await bot.deliver()
        press_action(fake, anna, lobby, Action.START)
        await bot.deliver()
        table = fake.messages[(group.id, (await bot.game(group))[0].table_message_id or 0)]
        fake.user_follows_start_link(anna, table.buttons[0][0]["url"])
        await bot.deliver()
        said = [message.text or "" for message in fake.bot_messages_in(fake.private_chat(anna))]
        assert said[0] == hint and len(said) == 2, said
        assert said[1].startswith("Friends: "), said


async def test_a_host_who_opens_the_private_chat_before_the_deal_reads_the_hint_under_its_answer(
    world: World, fake: FakeTelegram
) -> None:
    """(session 62) The hint goes above only where hands come with the Start: Anna, whose lobby is not dealt
    yet, reads it under the answer that she is in the game, one message, as every newcomer does."""
    anna = fake.add_user("Anna")
    group = fake.add_group("Friends", members=[anna, fake.add_user("Bob")])
    async with world.running() as bot:
        fake.user_sends(anna, group, "/new")
        await bot.deliver()
        fake.user_starts_bot(anna)
        await bot.deliver()
        said = [message.text or "" for message in fake.bot_messages_in(fake.private_chat(anna))]
        assert said == [f"You're in the game in Friends. Your cards will show up here.\n{COLOURS_HINT['en']}"]
