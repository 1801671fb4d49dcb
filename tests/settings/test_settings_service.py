"""Chat settings in the database: stored as differences from the official rules, validated by the engine."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

from bot.engine.rules import BlankEffect, Rules, RulesError, preset
from bot.service.settings import (
    CUSTOM_PRESET,
    RULES_KEY,
    apply_preset,
    change_setting,
    chat_language,
    closest_preset,
    follow_app_language,
    preset_label,
    preset_of,
    rules_for_chat,
    running_topics,
    set_chat_language,
    set_user_language,
    stored_rules,
    toggle_colour_letters,
    user_language,
)
from bot.storage import Database, GameStatus

CHAT = -100123


async def test_a_new_chat_plays_the_official_rules(database: Database) -> None:
    async with database.unit_of_work() as uow:
        assert await rules_for_chat(uow, CHAT) == Rules()
        assert await chat_language(uow, CHAT, "ru") == "ru"


async def test_changes_are_stored_as_differences_from_the_defaults(database: Database) -> None:
    async with database.unit_of_work() as uow:
        rules = await change_setting(uow, CHAT, "hand_size", 8, "Friends")
        await change_setting(uow, CHAT, "stacking", "same")
        await change_setting(uow, CHAT, "wd4_challenge", True)  # the default: nothing to store
    assert rules == Rules(hand_size=8)
    async with database.unit_of_work() as uow:
        chat = await uow.chats.get(CHAT)
        assert chat is not None and chat.title == "Friends"
        assert chat.settings == {RULES_KEY: {"hand_size": 8, "stacking": "same"}}
        assert await rules_for_chat(uow, CHAT) == Rules().changed(hand_size=8, stacking="same")


async def test_a_change_rewrites_the_rules_and_keeps_the_rest_of_the_settings_document(
    database: Database,
) -> None:
    """The rules are one key of the chat's settings document: what else it holds (written by a newer bot,
    kept across a downgrade) outlives a change of them, and so does a preset."""
    async with database.unit_of_work() as uow:
        (await uow.chats.ensure(CHAT)).settings = {"sounds": "off", RULES_KEY: {"hand_size": 8}}
    async with database.unit_of_work() as uow:
        await change_setting(uow, CHAT, "multi_play", True)
    async with database.unit_of_work() as uow:
        chat = await uow.chats.get(CHAT)
        assert chat is not None
        assert chat.settings == {"sounds": "off", RULES_KEY: {"hand_size": 8, "multi_play": True}}
        await apply_preset(uow, CHAT, "official")
    async with database.unit_of_work() as uow:
        chat = await uow.chats.get(CHAT)
        assert chat is not None and chat.settings == {"sounds": "off", RULES_KEY: {}}


@pytest.mark.parametrize("document", [[], "rules", 7])
async def test_a_settings_document_edited_into_no_object_reads_as_empty(
    database: Database, document: object
) -> None:
    """Only an edit of the database by hand does it; the chat must still play and be configurable."""
    async with database.unit_of_work() as uow:
        (await uow.chats.ensure(CHAT)).settings = document  # type: ignore[assignment]
    async with database.unit_of_work() as uow:
        assert await rules_for_chat(uow, CHAT) == Rules()
        await change_setting(uow, CHAT, "hand_size", 8)
    async with database.unit_of_work() as uow:
        assert await rules_for_chat(uow, CHAT) == Rules().changed(hand_size=8)


async def test_refused_values_name_the_setting_and_change_nothing(database: Database) -> None:
    async with database.unit_of_work() as uow:
        await change_setting(uow, CHAT, "hand_size", 8)
    for name, value in (("hand_size", 11), ("turn_seconds", 5), ("stacking", "always"), ("nonsense", 1)):
        with pytest.raises(RulesError) as refused:
            async with database.unit_of_work() as uow:
                await change_setting(uow, CHAT, name, value)
        assert refused.value.setting == name
    with pytest.raises(RulesError) as refused:
        async with database.unit_of_work() as uow:
            await apply_preset(uow, CHAT, "chaos")
    assert refused.value.setting == "preset"
    async with database.unit_of_work() as uow:
        assert await rules_for_chat(uow, CHAT) == Rules(hand_size=8)


async def test_a_preset_replaces_every_rule(database: Database) -> None:
    async with database.unit_of_work() as uow:
        await change_setting(uow, CHAT, "multi_play", True)
        rules = await apply_preset(uow, CHAT, "extreme")
    assert rules == preset("extreme")
    async with database.unit_of_work() as uow:
        assert await rules_for_chat(uow, CHAT) == preset("extreme")
    assert preset_of(preset("extreme")) == "extreme"
    assert preset_of(Rules()) == "official"
    assert preset_of(preset("house").changed(multi_play=True)) is None
    # a setting without effect leaves the preset as it plays (found by an audit of the settings, 2026-12-02)
    assert preset_of(Rules().changed(blank_effect=BlankEffect.WILD)) == "official"
    # the core numbers leave the preset as it is: /rules and the lobby print them anyway
    assert (
        preset_of(preset("extreme").changed(scoring="winner_takes", turn_seconds=90, afk_limit=5))
        == "extreme"
    )
    assert preset_label(Rules(hand_size=5, uno_window_seconds=20)) == "official"
    assert preset_label(Rules(hand_size=5, multi_play=True)) == CUSTOM_PRESET


def test_changed_rules_are_named_after_the_preset_they_differ_from_least() -> None:
    extreme = closest_preset(preset("extreme").changed(seven_silence=False, turn_seconds=90))
    assert (extreme.name, extreme.changed, extreme.custom) == ("extreme", ("seven_silence",), False)
    house = closest_preset(preset("house").changed(multi_play=True))
    assert (house.name, house.changed) == ("house", ("multi_play",))
    # a rule another one switches off is no change of its own: no +4 challenge, no extreme challenge either
    unchallenged = closest_preset(preset("extreme").changed(wd4_challenge=False))
    assert (unchallenged.name, unchallenged.changed) == ("extreme", ("wd4_challenge",))
    # a house rule on the official game is custom rules; so is a tie (a deck that is neither H₂O nor classic)
    assert closest_preset(Rules(force_play=True)).custom
    tie = closest_preset(Rules().changed(deck="classic_blank"))
    assert (tie.name, tie.changed, tie.custom) == ("official", ("deck",), True)
    assert not closest_preset(preset("h2o")).custom  # a preset as it is


def test_stored_values_a_newer_bot_refuses_are_dropped() -> None:
    document = {RULES_KEY: {"hand_size": 99, "retired_rule": True, "seven_zero": True}, "other": 1}
    assert stored_rules(document) == Rules(seven_zero=True)
    assert stored_rules({RULES_KEY: "garbage"}) == Rules()


async def test_a_match_running_in_any_topic_counts_a_lobby_does_not(database: Database) -> None:
    async with database.unit_of_work() as uow:
        await uow.chats.ensure(CHAT)
        game = await uow.games.create(chat_id=CHAT, state={}, topic_id=7)
    async with database.unit_of_work() as uow:
        assert not await running_topics(uow, CHAT), "a lobby takes the rules when its match starts"
        await uow.games.save(dataclasses.replace(game, status=GameStatus.RUNNING))
    async with database.unit_of_work() as uow:
        assert await running_topics(uow, CHAT) == {7}, "a match in any forum topic counts"
        assert not await running_topics(uow, CHAT + 1)


async def test_languages_of_chats_and_users(database: Database) -> None:
    async with database.unit_of_work() as uow:
        assert await set_chat_language(uow, CHAT, "ru") == "ru"
        assert await user_language(uow, 5, "ru-RU", "en") == "ru"
        await set_user_language(uow, 5, "en", name="Alice", username=None, language_code="ru")
        with pytest.raises(RulesError):
            await set_chat_language(uow, CHAT, "xx")
    async with database.unit_of_work() as uow:
        assert await chat_language(uow, CHAT, "en") == "ru"
        assert await user_language(uow, 5, "ru", "en") == "en"


async def test_an_app_language_switch_changes_the_language_only_of_one_who_chose_none(
    database: Database,
) -> None:
    """Alice's app goes from English to Russian: her screens are redrawn in Russian. Bob chose English with
    /lang: his app's switch is kept (for when he no longer has a choice of his own), but his screens stay as
    they are, and are not redrawn for nothing."""
    async with database.unit_of_work() as uow:
        await uow.users.upsert(5, name="Alice", language_code="en")
        await set_user_language(uow, 6, "en", name="Bob", username=None, language_code="en")
    async with database.unit_of_work() as uow:
        assert await follow_app_language(uow, 5, "ru", "en") is True
        assert await follow_app_language(uow, 6, "ru", "en") is False
        assert await follow_app_language(uow, 5, "ru", "en") is False, "the same code again is no switch"
        assert await follow_app_language(uow, 5, "ru-RU", "en") is False, "another code of the same language"
    async with database.unit_of_work() as uow:
        bob = await uow.users.get(6)
        assert bob is not None and bob.language_code == "ru"
        assert await user_language(uow, 6, "ru", "en") == "en"


async def test_colour_letters_are_off_until_a_person_turns_them_on(database: Database) -> None:
    async with database.unit_of_work() as uow:
        assert await toggle_colour_letters(uow, 5, name="Alice", username="alice", language_code="ru") is True
        await set_user_language(uow, 5, "en", name="Alice", username="alice", language_code="ru")
        await uow.users.upsert(6, name="Bob")
    async with database.unit_of_work() as uow:
        alice, bob = await uow.users.get(5), await uow.users.get(6)
        assert alice is not None and bob is not None
        assert (alice.colour_letters, alice.language, bob.colour_letters) == (True, "en", False)
        assert await toggle_colour_letters(uow, 5, name="Alice", username=None, language_code="ru") is False
    async with database.unit_of_work() as uow:
        alice = await uow.users.get(5)
        assert alice is not None and not alice.colour_letters


async def test_two_admins_changing_at_once_both_keep_their_change(database: Database) -> None:
    async def change(name: str, value: bool | int | str) -> None:
        async with database.unit_of_work() as uow:
            await change_setting(uow, CHAT, name, value)

    await asyncio.gather(*(change(name, True) for name in ("multi_play", "seven_zero", "force_play")))
    async with database.unit_of_work() as uow:
        assert await rules_for_chat(uow, CHAT) == Rules(multi_play=True, seven_zero=True, force_play=True)


async def test_a_change_in_the_supergroup_before_the_upgrade_was_followed_keeps_the_groups_other_rules(
    database: Database,
) -> None:
    """An admin set the hand size in the new supergroup before the bot had moved the group's row there (the
    upgrade's updates are handled at once): the move kept only that, and the group's Extreme became the
    official game with 9 cards."""
    supergroup = -100999
    async with database.unit_of_work() as uow:
        await apply_preset(uow, CHAT, "extreme", "Friends")
        await change_setting(uow, CHAT, "turn_seconds", 30)
        await change_setting(uow, supergroup, "hand_size", 9, "Friends")
        await change_setting(uow, supergroup, "turn_seconds", 90)
    async with database.unit_of_work() as uow:
        assert await uow.chats.migrate(CHAT, supergroup)
    async with database.unit_of_work() as uow:
        rules = await rules_for_chat(uow, supergroup)
    assert rules == preset("extreme").changed(hand_size=9, turn_seconds=90)
