"""Chat settings: the house rules a chat plays by, and the languages of chats and users (and a user's colour
letters).

A chat's rules are stored in `chats.settings["rules"]` as the settings that differ from the official
defaults, so a chat that never touched a setting follows the defaults as they are now. Every change goes
through the engine's `Rules`, which refuses bad values with a `RulesError` naming the setting.
A match takes its rules when it starts (`rules_for_chat`), so a change during a match applies from the next.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from bot.engine.rule_dependencies import in_effect, inactive
from bot.engine.rules import PRESETS, SETTINGS, SETTINGS_BY_NAME, Rules, RulesError, preset
from bot.i18n import LANGUAGES, Language, app_language, language_for
from bot.service.document import read_document
from bot.service.model import Person
from bot.service.seats import has_seat
from bot.storage import Database, GameStatus, Reads, UnitOfWork
from bot.storage.models import Game

log = logging.getLogger(__name__)

RULES_KEY = "rules"
CUSTOM_PRESET = "custom"  # a game's rules that are no preset
OFFICIAL_PRESET = "official"
# The plain figures of a match, which /rules and the lobby print whatever they are: changing one keeps the
# preset (the official rules with 90 s a turn are still the official rules), so no view calls them custom.
CORE_NUMBERS = (
    "hand_size",
    "scoring",
    "target_score",
    "turn_seconds",
    "afk_limit",
    "uno_window_seconds",
    "uno_penalty",
)
LANGUAGE_SETTING = "language"  # not a rule of the game, but chosen in the same menu


def stored_rules(settings: object) -> Rules:
    """The rules in a chat's settings document. A stored value a newer bot no longer allows is dropped
    (with a warning) rather than locking the chat out of playing; so is a document that is no object."""
    overrides = _document(settings).get(RULES_KEY)
    if not isinstance(overrides, dict):
        return Rules()
    valid: dict[str, Any] = {}
    for name, value in overrides.items():
        spec = SETTINGS_BY_NAME.get(name)
        if spec is None or not spec.allows(value):
            log.warning("Ignoring stored setting %s=%r: not allowed any more", name, value)
            continue
        valid[name] = value
    return Rules.from_dict(valid)


def _document(settings: object) -> dict[str, Any]:
    """A settings document as stored; anything but a JSON object (an edit by hand) counts as empty."""
    return settings if isinstance(settings, dict) else {}


def _overrides(rules: Rules) -> dict[str, bool | int | str]:
    defaults = Rules().to_dict()
    return {name: value for name, value in rules.to_dict().items() if defaults[name] != value}


async def rules_for_chat(uow: UnitOfWork, chat_id: int) -> Rules:
    """The rules a match starting now in this chat plays by (the official rules for an unknown chat)."""
    chat = await uow.chats.get(chat_id)
    return Rules() if chat is None else stored_rules(chat.settings)


@dataclass(frozen=True, slots=True)
class ClosestPreset:
    """The preset a set of rules is nearest to, and the settings in which it differs from it as it plays
    (the core numbers and settings without effect left out, as `preset_of` leaves them)."""

    name: str
    changed: tuple[str, ...]

    @property
    def custom(self) -> bool:
        """The official rules with house rules of the chat's own: named "custom rules", not "official"."""
        return self.name == OFFICIAL_PRESET and bool(self.changed)


@functools.lru_cache(maxsize=64)  # ~0.4 ms to work out, at every lobby, /rules and settings screen drawn
def closest_preset(rules: Rules) -> ClosestPreset:
    """The preset these rules differ from in the fewest settings (ties go to the first of PRESETS, the
    official rules), so that UNO Extreme with seven silence off reads as Extreme and that one change."""
    found = {name: differences(rules, name, CORE_NUMBERS) for name in PRESETS}
    name = min(found, key=lambda name: len(found[name]))
    return ClosestPreset(name, found[name])


def differences(rules: Rules, preset_name: str, kept: Collection[str]) -> tuple[str, ...]:
    """The settings in which these rules play otherwise than the preset with the settings `kept` as these
    rules have them. A setting another one leaves without effect here is no difference of its own: "+4
    challenge: off" says the extreme challenge is gone with it."""
    playing = in_effect(rules)
    base = in_effect(PRESETS[preset_name].changed(**{name: getattr(rules, name) for name in kept}))
    return tuple(
        spec.name
        for spec in SETTINGS
        if getattr(playing, spec.name) != getattr(base, spec.name) and not inactive(rules, spec.name)
    )


def preset_of(rules: Rules) -> str | None:
    """The name of the preset these rules play as, or None for a custom mix; the core numbers are left out
    (CORE_NUMBERS), and so is a setting without effect (a blank card's effect with no blank cards in the
    deck). The one definition the settings menu marks with ✅, and results record."""
    closest = closest_preset(rules)
    return None if closest.changed else closest.name


def preset_label(rules: Rules) -> str:
    """What a game and its results record as their preset: the preset's name, or "custom"."""
    return preset_of(rules) or CUSTOM_PRESET


async def running_topics(uow: UnitOfWork, chat_id: int) -> frozenset[int]:
    """The forum topics (0: General, or a chat without topics) where a match of the chat is being played; a
    lobby has not started yet."""
    running = select(Game.topic_id).where(Game.chat_id == chat_id, Game.status == GameStatus.RUNNING.value)
    return frozenset((await uow.session.scalars(running)).all())


async def rules_in_play(uow: UnitOfWork, chat_id: int, topic_id: int) -> Rules | None:
    """The rules of the match being played in this place (a chat, or a forum topic of it), if one is: it
    keeps the rules it started with whatever the chat's settings say now."""
    record = await uow.games.find_active(chat_id, topic_id)
    if record is None or record.status is not GameStatus.RUNNING:
        return None
    return read_document(record).rules


async def hosts_game(uow: UnitOfWork, chat_id: int, topic_id: int, user_id: int) -> bool:
    """Whether the user runs (🔑) the lobby or match of this place: they start it and /kick, and may no more
    change the chat's rules than any member."""
    record = await uow.games.find_active(chat_id, topic_id)
    return record is not None and read_document(record).creator == user_id


async def rules_of_own_game(uow: UnitOfWork, user_id: int) -> tuple[str, Rules] | None:
    """The name and rules of the one game the user is in (a lobby they joined, a match they still play);
    None when they are in none, or in several (which one they mean can't be told)."""
    games = [
        (doc.chat_title, doc.rules)
        for record in await uow.games.list_active_of(user_id)
        if has_seat(record, doc := read_document(record), user_id)
    ]
    return games[0] if len(games) == 1 else None


async def _store(uow: UnitOfWork, chat_id: int, rules: Rules, title: str | None) -> Rules:
    chat = await uow.chats.ensure(chat_id, title)
    # A new dict, not an in-place change: SQLAlchemy saves a JSON column only when it is reassigned.
    chat.settings = {**_document(chat.settings), RULES_KEY: _overrides(rules)}
    await uow.session.flush()
    return rules


async def change_setting(
    uow: UnitOfWork, chat_id: int, name: str, value: bool | int | str, title: str | None = None
) -> Rules:
    """Set one rule and return the chat's new rules; raises RulesError (changing nothing) for an unknown
    setting or a refused value."""
    current = await rules_for_chat(uow, chat_id)
    return await _store(uow, chat_id, Rules.from_dict({name: value}, base=current), title)


async def apply_preset(uow: UnitOfWork, chat_id: int, name: str, title: str | None = None) -> Rules:
    """Replace all the chat's rules by a preset and return them; raises RulesError for an unknown preset."""
    return await _store(uow, chat_id, preset(name), title)


def _language(code: str | None) -> Language | None:
    return next((language for language in LANGUAGES if language == code), None)


def check_language(code: str) -> Language:
    language = _language(code)
    if language is None:
        raise RulesError(LANGUAGE_SETTING, f"unknown language {code!r}")
    return language


async def chat_language(reads: Reads, chat_id: int, default: Language) -> Language:
    """The language the bot speaks in a chat: the one chosen there (or taken, `take_chat_language`), else the
    bot's default."""
    chat = await reads.chats.get(chat_id)
    chosen = None if chat is None else _language(chat.language)
    return chosen or default


@dataclass(frozen=True, slots=True)
class GroupLanguage:
    """What `take_chat_language` did: `settled`, the chat's language will change only by an admin's /lang
    now; `taken`, the language it took just now."""

    settled: bool
    taken: Language | None = None


async def take_chat_language(
    uow: UnitOfWork, chat_id: int, title: str | None, user_id: int, telegram_code: str | None
) -> GroupLanguage:
    """A group no admin chose a language for takes the language of the first person who uses the bot there
    (adds it, or sends it a command): theirs as the bot knows it (their /lang in private, else their app's),
    kept from then on, so the group reads one language, whoever comes next: English for an app in a language
    the bot does not write in (`app_language`). One whose app reports no language leaves the choice to the
    next person. A group that played while it followed DEFAULT_LANGUAGE (before groups took one) goes on
    following it: it reads what it always read."""
    chat = await uow.chats.get(chat_id)
    if chat is not None and _language(chat.language) is not None:
        return GroupLanguage(settled=True)
    if await uow.games.any_in(chat_id):
        return GroupLanguage(settled=True)
    user = await uow.users.get(user_id)
    language = (_language(user.language) if user is not None else None) or app_language(telegram_code)
    if language is None:
        return GroupLanguage(settled=False)
    (await uow.chats.ensure(chat_id, title)).language = language
    await uow.session.flush()
    return GroupLanguage(settled=True, taken=language)


async def set_chat_language(uow: UnitOfWork, chat_id: int, code: str, title: str | None = None) -> Language:
    language = check_language(code)
    chat = await uow.chats.ensure(chat_id, title)
    chat.language = language
    await uow.session.flush()
    return language


async def set_user_language(
    uow: UnitOfWork, user_id: int, code: str, *, name: str, username: str | None, language_code: str | None
) -> Language:
    """A user's own language for their private messages (it wins over Telegram's language_code)."""
    language = check_language(code)
    user = await uow.users.keep_choices_of(user_id, name=name, username=username, language_code=language_code)
    user.language = language
    await uow.session.flush()
    return language


async def toggle_colour_letters(
    uow: UnitOfWork, user_id: int, *, name: str, username: str | None, language_code: str | None
) -> bool:
    """Turn a user's colour letters on or off (/colours); whether they are on now."""
    user = await uow.users.keep_choices_of(user_id, name=name, username=username, language_code=language_code)
    user.colour_letters = not user.colour_letters
    await uow.session.flush()
    return user.colour_letters


async def follow_app_language(uow: UnitOfWork, user_id: int, telegram_code: str, unknown: Language) -> bool:
    """Keep the language code an update from a person reported (they may have switched their app's language);
    whether the language of their private messages changed with it (never for one who chose theirs)."""
    user = await uow.users.get(user_id)
    if user is None or user.language_code == telegram_code:
        return False
    before = language_for(user.language_code, unknown)
    user.language_code = telegram_code
    await uow.session.flush()
    return _language(user.language) is None and language_for(telegram_code, unknown) != before


async def asker_language(
    reads: Reads, chat_id: int, user_id: int | None, telegram_code: str | None, default: Language
) -> Language:
    """The language of a message meant for one person (an answer to their command, a pointer to them, an
    alert or a toast for their press): theirs (`user_language`); when their app reports no language, the
    group's where they read it in a group, `default` (DEFAULT_LANGUAGE) in their private chat; the group's
    when there is no person to ask (`user_id` None: a bot account's post, an anonymous admin's or a
    channel's)."""
    private = user_id is not None and chat_id == user_id  # Telegram: a private chat's id is its user's
    unknown = default if private else await chat_language(reads, chat_id, default)
    return unknown if user_id is None else await user_language(reads, user_id, telegram_code, unknown)


async def own_language(reads: Reads, chat_id: int, who: Person | None, default: Language) -> Language:
    """`asker_language` of `who` in the chat `chat_id`: the language of an answer to their command, or a
    pointer to them; None (a bot account's post: an anonymous admin's, a channel's) reads the group's."""
    if who is None:
        return await asker_language(reads, chat_id, None, None, default)
    return await asker_language(reads, chat_id, who.user_id, who.language_code, default)


async def answer_language(
    database: Database, chat_id: int, who: Person | None, default: Language
) -> Language:
    """`own_language`, read in a unit of its own: the language of a group answer meant for `who` alone (a
    refusal, how to type a command), as the game's and the settings' handlers read it."""
    async with database.unit_of_work() as uow:
        return await own_language(uow, chat_id, who, default)


async def person_language(
    database: Database, chat_id: int | None, user_id: int, telegram_code: str | None, default: Language
) -> Language:
    """`asker_language` of one person, read in a unit of its own: the language of what they alone read (an
    alert for their press, an answer in their private chat) in the chat `chat_id`; None (a press on an
    inline message, which has no chat) reads it as in their private chat."""
    async with database.unit_of_work() as uow:
        where = user_id if chat_id is None else chat_id
        return await asker_language(uow, where, user_id, telegram_code, default)


async def user_language(reads: Reads, user_id: int, telegram_code: str | None, unknown: Language) -> Language:
    """The language for a user's private messages: their choice, else their app's (`language_for`: English
    for one the bot does not write in), else (Telegram reports none) `unknown`, the bot's DEFAULT_LANGUAGE
    (a group's language for a message they read there: `asker_language`)."""
    user = await reads.users.get(user_id)
    chosen = None if user is None else _language(user.language)
    return chosen or language_for(telegram_code, unknown)
