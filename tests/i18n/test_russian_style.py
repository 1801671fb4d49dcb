"""The Russian catalogue's house style, where a machine can check it: the conventions a native editor's pass
chose (session 46), so that a text written later keeps to them. The alerts' length is checked for both
languages in test_english_style."""

# ruff: noqa: RUF001, RUF002, RUF003 (the Russian texts and the patterns that read them)

import re
from collections.abc import Iterator

from fluent.syntax import ast

from tests.i18n.catalogue_text import entries, text_parts


def russian_texts() -> dict[str, list[str]]:
    """Each message's text elements, one string each (a pattern's lines, a variant's words); not the words
    an admin may type for a setting's choice (`-typed`), which are read, never shown."""
    return {key: parts for key, parts in text_parts("ru").items() if not key.endswith("-typed")}


def offending(pattern: str, texts: dict[str, list[str]] | None = None) -> dict[str, list[str]]:
    found = {
        key: [hit for part in parts for hit in re.findall(pattern, part)]
        for key, parts in (texts or russian_texts()).items()
    }
    return {key: hits for key, hits in found.items() if hits}


def test_the_bot_speaks_of_itself_as_i() -> None:
    """Most texts say «откройте личный чат со мной», «я напишу вам»; some said «бот не может прислать карты»
    or «откройте чат с ботом» beside them, as if someone else were talking."""
    assert offending(r"\b[Бб]от(?:а|у|ом|е)?\b") == {}


def test_the_player_is_addressed_as_vy_in_lower_case() -> None:
    """The catalogue says «вы» to everyone, as a polite app does, and writes it in lower case inside a
    sentence (a capital «Вы» there is a letter's courtesy, not an interface's): no «ты», no «жми»."""
    pronouns = r"[Тт]ы|[Тт]еб[яе]|[Тт]обой|[Тт]во(?:й|я|ё|е|ю|и|его|ей|их|им)"
    assert offending(rf"\b(?:{pronouns}|[Нн]ажми|[Жж]ми|[Вв]озьми|[Сс]ыграй)\b") == {}
    assert offending(r"(?<=[а-яё,] )(?:Вы|Вас|Вам|Вами|Ваш\w*)\b") == {}


def test_quotes_are_guillemets() -> None:
    """A button, a setting or a call is quoted «так», Telegram's own Start button too («Запустить» (или
    «Start»)): no straight or curly quotes, which would read as a second style. A +2 or a +4 is named as the
    card shows it, never quoted (the settings said «+4» beside an unquoted +4 in /rules)."""
    assert offending('["“”„‘’]') == {}
    assert offending(r"(?<!«)\bStart\b") == {}
    assert offending(r"«\+\d+»") == {}


def test_dashes_ellipses_and_spaces() -> None:
    """A dash is an em dash between spaces («ведущий — Алиса»), not a hyphen or an en dash; an ellipsis is one
    character; no double spaces inside a line."""
    assert offending(r" [-–]{1,2} |\S—|—(?=\S)") == {}
    assert offending(r"\.\.\.") == {}
    assert offending(r"(?<=\S) {2,}(?=\S)") == {}


def test_yo_is_written() -> None:
    """The catalogue writes «ё» (ещё, её, чёрная, берёт): an «е» in one of these words beside them reads as a
    slip."""
    words = r"еще|ее|черн\w*|желт\w*|зелен\w*|берет|возьмет|начнет|найдет|пришлет|перейдет|идет|придет|поймет"
    assert offending(rf"\b(?:{words})\b") == {}


def test_removing_a_player_is_ubrat() -> None:
    """/kick «убирает» a player (its menu line, /help, the usage texts): the hand and the table said «вас
    удалили», «Игрока Алиса удалили из игры» beside them, a second word for the same act (and «удалить» is
    what /forgetme does to statistics)."""
    assert offending(r"\bудал(?:или|ил|ила|ят|ён|ена)\b") == {}


def test_admins_are_administrators_in_sentences() -> None:
    """«администратор чата» in sentences; the short «админ» only in the parenthesised notes of the command
    lists ("/stop — остановить игру (ведущий или админ)"), where every character counts."""
    outside = {
        key: [re.sub(r"\([^()]*\)", "", part) for part in parts] for key, parts in russian_texts().items()
    }
    assert offending(r"\b[Аа]дмин(?!истр)\w*", outside) == {}


def test_the_player_with_the_key_is_the_host() -> None:
    """The player with 🔑 is «ведущий» in every text; the lobby said «игрок с 🔑» and the group's help «тот,
    кто её открыл (🔑)» beside them."""
    assert offending(r"[Ии]грок\w* с 🔑|открыл \(🔑\)") == {}


def test_the_special_decks_cards_are_named_alike_capitalised_and_unquoted() -> None:
    """(session 57) «Ливень» was quoted and Крипер not, so a deck's label nested quotes in a notice («H₂O + 4
    „Ливня“»), and «под ливнем» read as weather: each is a card's name, written as Крипер is."""
    quoted = r"[«„“](?:Ливн|Ливен|Крипер)\w*"
    lowercase = r"\b(?:ливн|ливен|крипер)\w*"
    assert offending(quoted) == {} and offending(lowercase) == {}


def test_a_quoted_exclamation_ending_a_sentence_keeps_its_period() -> None:
    """«УНО!» ends a sentence with a period after the quotes (Russian punctuation: the «!» belongs to the
    quote): «одна карта без «УНО!». Ловите!», not «без «УНО!» Ловите!»."""
    assert offending(r"[!?]» +[А-ЯЁ]") == {}


def _patterns(
    pattern: ast.Pattern, selectors: tuple[tuple[str | None, frozenset[str]], ...] = ()
) -> Iterator[tuple[list[ast.PatternElement], tuple[tuple[str | None, frozenset[str]], ...]]]:
    """Every pattern of a message (its value and each variant's) with the selects it sits in: the selector's
    variable and the variant keys."""
    yield pattern.elements, selectors
    for element in pattern.elements:
        if isinstance(element, ast.Placeable) and isinstance(element.expression, ast.SelectExpression):
            select = element.expression
            name = select.selector.id.name if isinstance(select.selector, ast.VariableReference) else None
            keys = frozenset(
                v.key.name if isinstance(v.key, ast.Identifier) else v.key.value for v in select.variants
            )
            for variant in select.variants:
                yield from _patterns(variant.value, (*selectors, (name, keys)))


def _neighbours(
    variables: set[str],
) -> Iterator[tuple[str, str, str, tuple[tuple[str | None, frozenset[str]], ...]]]:
    """(message, variable, text before it, the pattern's rest after it (other placeables read "{}"), selects)
    for each of `variables` in a pattern."""
    for entry in entries("ru"):
        if entry.value is None:
            continue
        for elements, selectors in _patterns(entry.value):
            for at, element in enumerate(elements):
                expression = element.expression if isinstance(element, ast.Placeable) else None
                if isinstance(expression, ast.VariableReference) and expression.id.name in variables:
                    before = elements[at - 1] if at else None
                    after = (e.value if isinstance(e, ast.TextElement) else "{}" for e in elements[at + 1 :])
                    yield (
                        f"{entry.id.name} ${expression.id.name}",
                        before.value if isinstance(before, ast.TextElement) else "",
                        "".join(after),
                        selectors,
                    )


COUNTED = (
    r"карт[аыуе]?|очк(?:о|а|ов)|минут[аыу]?|секунд[аыу]?|игрок(?:а|ов)?|матч(?:а|ей)?|побед[аы]?|раза?"
    r"|Крипер(?:а|ов)?|звен(?:о|а|ьев)|ход(?:а|ов)?"
)
PLURAL = frozenset({"one", "few", "many"})


def numbers_without_their_plural() -> list[str]:
    """A number placed before a counted noun («{ $count } карт», «{ $count } рейтинговых матчей») outside
    a plural select on that number: «2 карт», «21 карт» once the number is not the one it was written for."""
    numbers = {"count", "fair", "guilty", "penalty", "extra", "left", "next", "matches", "wins", "points"}
    numbers |= {"minutes", "seconds", "idle", "limit", "missed", "links", "played", "drawn", "due", "total"}
    noun = re.compile(rf"\s+(?:[а-яё]+(?:ых|их|ого|ый|ий|ая|ые|ие)\s+)?(?:{COUNTED})\b")
    return [
        where
        for where, _, after, selectors in _neighbours(numbers)
        if noun.match(after)
        and not any(name == where.split("$")[1] and keys & PLURAL for name, keys in selectors)
    ]


def test_a_number_and_its_noun_agree_through_a_plural_select() -> None:
    """1 карта, 2 карты, 5 карт, 21 карта, 22 карты, 25 карт, 111 карт: a counted noun after a number is
    chosen by the number's plural category. /rules said «оспоривший зря берёт { $fair } карт», right for the 6
    it was written for and wrong for a 4 or a 2."""
    assert numbers_without_their_plural() == []


NAMES = {"name", "names", "first", "target", "by", "taker", "catcher", "challenger", "challenged", "mention"}
NAMES |= {"dealer", "last", "skipped"}
PLACES = {"chat", "chats", "game", "paused"}


def names_that_guess_or_decline() -> list[str]:
    """A player's name beside a past-tense verb («Алиса сходила», «остановил Алиса»), which guesses a gender
    the bot does not know, or a name or a chat's title right after a preposition («победа за Алиса», «игра в
    Друзья»), where Russian wants a case the bot cannot inflect: «игрок», «в чате» carry the case instead."""
    past = re.compile(r"^\s+(?:(?:не|уже|снова|первым)\s+)*[а-яё]+(?:л|ла|ло)(?:ся|сь)?\b")
    past_before = re.compile(r"(?:^|\s)[а-яё]+(?:л|ла|ло)(?:ся|сь)?\s+$")
    prepositions = "за|для|у|с|со|к|от|о|об|без|до|по|при|про|через|из|в|во|на"
    preposition = re.compile(rf"(?:^|\s)(?:{prepositions})\s+(?:<b>)?$")
    # «игрок Алиса оспорил», «у игрока Алиса была карта»: the verb agrees with «игрок» or the thing
    player = re.compile(r"[Ии]грок\w*\s+$")
    found = []
    for where, before, after, _ in _neighbours(NAMES):
        if (past.match(after) and not player.search(before)) or past_before.search(before):
            found.append(where)
    for where, before, _, _ in _neighbours(NAMES | PLACES):
        if preposition.search(before):
            found.append(where)
    return found


def test_names_keep_the_nominative_and_guess_no_gender() -> None:
    """The bot knows neither a player's gender nor how to decline a name: «Ходит: Алиса», «Игру остановил
    игрок Алиса», «в чате <b>Друзья</b>»."""
    assert names_that_guess_or_decline() == []


def pronouns_after_a_name() -> list[str]:
    """A possessive «её» or «его» later in the sentence a player's name begins: the reader takes it for the
    name's, which guesses a gender (and says another thing): «Bob выйдет из игры, когда её тему откроют»
    meant the game's topic. Not one before a verb («может её начать»: the game), read as no name's."""
    pronoun = re.compile(r"^[^.:!?]*?\b(?:её|его)\s+(?![а-яё]+(?:ть|ти|чь)\b)")
    return [where for where, _, after, _ in _neighbours(NAMES) if pronoun.match(after)]


def test_no_pronoun_after_a_name_reads_as_the_names() -> None:
    """(session 61) The kick noted for when a paused match goes on read «Bob выйдет из игры, когда её тему
    откроют снова»: «её» meant the game, and read as Bob's (a her)."""
    assert pronouns_after_a_name() == []
