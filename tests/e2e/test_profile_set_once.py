"""What Telegram keeps of the bot (its command menus, its descriptions, the private chats' own menus) is set
at a start only when this version words it otherwise than the one that last set it: every start made 15 to
21 such calls (session 60), and a private chat's own menu, set as its person chose their language, kept an
older version's wording."""

from __future__ import annotations

import json
import logging

import pytest
from sqlalchemy import update
from telegram.error import BadRequest

from bot.i18n import Translator
from bot.storage import Database
from bot.storage.models import User
from bot.tg.command_menus import PRIVATE_COMMANDS
from bot.tg.profile_kept import DESCRIPTIONS, MENUS, OWN_MENUS
from tests.e2e.harness import World
from tests.fake_bot_api import FakeTelegram
from tests.fake_bot_api.errors import bad_request, too_many_requests

SCOPES = ("all_group_chats", "all_chat_administrators", "all_private_chats")
DESCRIBING = ["getMyDescription", "setMyDescription", "getMyShortDescription", "setMyShortDescription"]
PROFILE_CALLS = frozenset({"setMyCommands", *DESCRIBING})
OLD = "An older version's wording"
HELP_IN = {language: Translator().t(language, "command-help") for language in ("en", "ru")}

pytestmark = pytest.mark.new_telegram  # (tests/set_before.py)


def _profile_calls(fake: FakeTelegram, since: int = 0) -> list[str]:
    return [call.method for call in fake.calls[since:] if call.method in PROFILE_CALLS]


async def _kept_by_an_older_version(world: World, fake: FakeTelegram, *whats: str) -> None:
    """What an older version set: its fingerprints written down (of each own menu, with the own menus'),
    its wording in Telegram."""
    database = Database.connect(world.database_url)
    try:
        async with database.unit_of_work() as uow:
            for what in whats:
                await uow.set_in_telegram.put({what: "an older version's"})
            if OWN_MENUS in whats:
                await uow.session.execute(update(User).values(own_menu="an older version's"))
    finally:
        await database.dispose()
    with fake.lock:
        for listed in fake.commands.values():
            for entry in listed:
                entry["description"] = OLD
        for key in fake.profile_texts:
            fake.profile_texts[key] = OLD


async def test_a_start_after_one_that_set_it_all_makes_no_call_of_it(
    world: World, fake: FakeTelegram
) -> None:
    async with world.running():
        pass
    first = _profile_calls(fake)
    assert first.count("setMyCommands") == 9 and first.count("getMyDescription") == 3
    since = len(fake.calls)
    async with world.running():
        pass
    assert _profile_calls(fake, since) == []
    reader = fake.add_user("Reader", language_code="ru")
    assert all(fake.menu_for(reader, scope)["help"] == HELP_IN["ru"] for scope in SCOPES)
    assert fake.description_for(reader) == Translator().t("ru", "bot-description")


async def test_a_new_wording_is_set_with_the_own_menus_of_those_who_chose_their_language(
    world: World, fake: FakeTelegram
) -> None:
    """Hans (a German app) chose Russian, Jean (a French one) English; Boris chose Russian, then blocked the
    bot. A new version's start sets every menu and description again, and Hans's and Jean's own menus (in
    the background, polling started), not Boris's (he reads none): his Restart later sets his, where he
    read the older wording till the next one."""
    hans, jean = fake.add_user("Hans", language_code="de"), fake.add_user("Jean", language_code="fr")
    boris = fake.add_user("Boris", language_code="ru")
    async with world.running() as bot:
        for user, language in ((hans, "ru"), (jean, "en"), (boris, "ru")):
            fake.user_starts_bot(user)
            fake.user_sends(user, fake.private_chat(user), f"/lang {language}")
        await bot.deliver()
        fake.user_blocks_bot(boris)
        await bot.deliver()
    await _kept_by_an_older_version(world, fake, MENUS, DESCRIPTIONS, OWN_MENUS)
    since = len(fake.calls)
    async with world.running():
        pass
    calls = [call for call in fake.calls[since:] if call.method == "setMyCommands"]
    own = {json.loads(call.params["scope"]).get("chat_id") for call in calls} - {None}
    assert len(calls) == 9 + 2 and own == {hans.id, jean.id}
    assert fake.menu_for(hans, "all_private_chats")["help"] == HELP_IN["ru"]
    assert list(fake.menu_for(jean, "all_private_chats")) == list(PRIVATE_COMMANDS)
    assert fake.menu_for(jean, "all_private_chats")["help"] == HELP_IN["en"]
    assert fake.menu_for(boris, "all_private_chats")["help"] == OLD
    for user in (hans, jean):
        assert fake.menu_for(user, "all_group_chats")["help"] == HELP_IN["en"]
        assert fake.description_for(user) != OLD
    since = len(fake.calls)
    async with world.running() as bot:
        fake.user_starts_bot(boris)
        await bot.deliver()
    assert _profile_calls(fake, since) == ["setMyCommands"]
    assert fake.menu_for(boris, "all_private_chats")["help"] == HELP_IN["ru"]


async def test_another_bot_on_the_same_database_sets_it_all_again(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    """A new token on the same database is another bot, whose Telegram has none of it: every menu and
    description is set, and the own menus of Hans and Jean, who chose their language with the first bot.
    Jean started the new one; Hans did not, and Telegram does not know him to it ("chat not found"): no
    operator's concern, logged as information, where it was a warning for each such person. His Start
    later sets his (he kept Telegram's menu for his app till the next wording); Jean's sets nothing (hers was
    written down as set in the language she chose)."""
    hans, jean = fake.add_user("Hans", language_code="de"), fake.add_user("Jean", language_code="fr")
    async with world.running() as bot:
        for user, language in ((hans, "ru"), (jean, "ru")):
            fake.user_starts_bot(user)
            fake.user_sends(user, fake.private_chat(user), f"/lang {language}")
        await bot.deliver()
    fake.another_bot("654321:ANOTHER-TOKEN")
    jean.has_started_bot = True  # (pressed Start while the bot was stopped: the update is of no matter here)
    since = len(fake.calls)
    with caplog.at_level(logging.INFO, logger="bot.tg.command_menus"):
        async with world.running():
            pass
    calls = _profile_calls(fake, since)
    own = [
        json.loads(c.params["scope"]).get("chat_id")
        for c in fake.calls[since:]
        if c.method == "setMyCommands"
    ]
    assert calls.count("setMyCommands") == 9 + 2 and calls.count("getMyDescription") == 3
    assert sorted(chat_id for chat_id in own if chat_id is not None) == sorted([hans.id, jean.id])
    assert fake.menu_for(jean, "all_private_chats")["help"] == HELP_IN["ru"]
    unknown = [r for r in caplog.records if "chat not found" in r.getMessage().lower()]
    assert [(r.levelno, str(hans.id) in r.getMessage()) for r in unknown] == [(logging.INFO, True)]
    assert fake.menu_for(hans, "all_private_chats")["help"] == HELP_IN["en"]  # his app's (German): English
    async with world.running() as bot:
        since = len(fake.calls)
        for user in (hans, jean):
            fake.user_starts_bot(user)
        await bot.deliver()
    own = [json.loads(c.params["scope"]) for c in fake.calls[since:] if c.method == "setMyCommands"]
    assert own == [{"type": "chat", "chat_id": hans.id}]
    assert fake.menu_for(hans, "all_private_chats")["help"] == HELP_IN["ru"]


@pytest.mark.parametrize("changed", [MENUS, DESCRIPTIONS, OWN_MENUS])
async def test_only_what_was_worded_otherwise_is_set_again(
    world: World, fake: FakeTelegram, changed: str
) -> None:
    hans = fake.add_user("Hans", language_code="de")
    async with world.running() as bot:
        fake.user_starts_bot(hans)
        fake.user_sends(hans, fake.private_chat(hans), "/lang ru")
        await bot.deliver()
    await _kept_by_an_older_version(world, fake, changed)
    since = len(fake.calls)
    async with world.running():
        pass
    calls = _profile_calls(fake, since)
    expected = {
        MENUS: ["setMyCommands"] * 9,
        DESCRIPTIONS: DESCRIBING * 3,  # (each language's two, and those of the apps in neither)
        OWN_MENUS: ["setMyCommands"],
    }
    assert calls == expected[changed]


async def test_a_description_telegram_refused_is_set_at_the_next_start(
    world: World, fake: FakeTelegram
) -> None:
    """Telegram lets a bot change its descriptions only now and then: one refused is not written down as set,
    and the next start sets it."""
    fake.fail_next("setMyShortDescription", too_many_requests(3600))
    async with world.running():
        pass
    assert fake.profile_text("short_description", "en") == ""
    since = len(fake.calls)
    async with world.running():
        pass
    assert "setMyShortDescription" in _profile_calls(fake, since)
    assert _profile_calls(fake, since).count("setMyCommands") == 0  # the menus were set
    assert fake.profile_text("short_description", "en") == Translator().t("en", "bot-short-description")
    since = len(fake.calls)
    async with world.running():
        pass
    assert _profile_calls(fake, since) == []


async def test_a_menu_telegram_refused_fails_the_start_and_the_next_start_sets_them(
    world: World, fake: FakeTelegram
) -> None:
    fake.fail_next("setMyCommands", bad_request("BOT_COMMANDS_TOO_MUCH"))
    with pytest.raises(BadRequest):
        async with world.running():
            pass
    since = len(fake.calls)
    async with world.running():
        pass
    assert _profile_calls(fake, since).count("setMyCommands") == 9
