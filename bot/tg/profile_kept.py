"""What Telegram keeps of the bot across its restarts, set at start-up only when this version words it
otherwise than the one that last set it: its command menus, its descriptions (`set_profile`) and the private
chats' own menus of those who chose their language with /lang (`set_own_menus_again`). A fingerprint of each
(its texts with their scopes and language codes, and the bot's id: another token on the same database is
another bot) is written down (set_in_telegram) once Telegram took all of it. A start that reads the same
fingerprints makes none of these calls, where every start made 15 to 21 (9 menus, a get of each of 6
descriptions, a set where it read otherwise); a failure leaves the fingerprint before, for the next start to
try again. A text changed by hand in BotFather is therefore replaced only by a new version's wording. Each
person's own menu has a fingerprint of its own (users.own_menu), for their Start to set one this bot did not
set as it reads now (bot.tg.command_menus OwnMenus)."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

from telegram import Bot

from bot.i18n import Language, Translator, known_language
from bot.storage import Database
from bot.tg.command_menus import OwnMenus, command_menus, own_menus, set_command_menus, texts_of
from bot.tg.fingerprints import fingerprint
from bot.tg.pacing import WritePacer
from bot.tg.profile import describe_bot, profile_texts

log = logging.getLogger(__name__)

MENUS, DESCRIPTIONS, OWN_MENUS = "menus", "descriptions", "own_menus"
READ_AT_ONCE = 200  # people read at a time, whose menus are set again


async def set_profile(
    bot: Bot, database: Database, translator: Translator, default_language: Language
) -> str | None:
    """Set the command menus and the descriptions where their fingerprints changed. The own menus' new
    fingerprint when they are to be set again (`set_own_menus_again`); None when they read as kept, or
    nobody chose a language (kept now). A menu Telegram refuses fails the start, as before."""
    menus = command_menus(translator)
    texts = profile_texts(translator, default_language)
    now = {
        MENUS: fingerprint(bot, [(m.scope.type, m.code, texts_of(m.commands)) for m in menus]),
        DESCRIPTIONS: fingerprint(bot, list(texts.items())),
        OWN_MENUS: fingerprint(bot, {code: texts_of(menu) for code, menu in own_menus(translator).items()}),
    }
    async with database.unit_of_work() as uow:
        kept = await uow.set_in_telegram.all()
        changed = {what for what, fingerprint in now.items() if kept.get(what) != fingerprint}
        # (polling starts after this: nobody chooses meanwhile)
        nobody_chose = OWN_MENUS in changed and not await uow.users.chosen_languages(0, 1)
    done = {OWN_MENUS} if nobody_chose else set()
    if MENUS in changed:
        await set_command_menus(bot, menus)
        done.add(MENUS)
    if DESCRIPTIONS in changed and await describe_bot(bot, texts):
        done.add(DESCRIPTIONS)
    if done:
        await _keep(database, {what: now[what] for what in done})
    return now[OWN_MENUS] if OWN_MENUS in changed and not nobody_chose else None


async def set_own_menus_again(
    bot: Bot, database: Database, menus: OwnMenus, pacer: WritePacer, fingerprint: str
) -> None:
    """In the background (`set_profile` gave the `fingerprint`): the own menus of everyone who chose their
    language, set again one at a time, after every other write waiting. Its fingerprint is kept once each
    was tried (one Telegram refused is logged, and left so); a stop before leaves it to the next start."""
    done = await menus.set_again(bot, _chosen(database), pacer.last_turn)
    if done is not None:
        await _keep(database, {OWN_MENUS: fingerprint})
        log.info("Command menus of %s private chats set again in this version's wording", done)


async def _chosen(database: Database) -> AsyncIterator[tuple[int, Language]]:
    """Everyone who chose their language with /lang, and it, in order of their ids, read a few at a time."""
    after = 0
    while True:
        async with database.reads() as reads:
            people = await reads.users.chosen_languages(after, READ_AT_ONCE)
        for user_id, stored in people:
            language = known_language(stored)
            if language is not None:
                yield user_id, language
        if len(people) < READ_AT_ONCE:
            return
        after = people[-1][0]


async def _keep(database: Database, fingerprints: dict[str, str]) -> None:
    async with database.unit_of_work() as uow:
        await uow.set_in_telegram.put(fingerprints)
