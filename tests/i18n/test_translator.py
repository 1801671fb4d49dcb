import re
from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast, visitor
from hypothesis import given
from hypothesis import strategies as st

from bot.i18n import LANGUAGES, TranslationError, Translator, escape_html, language_for
from bot.i18n.translator import Language, catalogue_files
from tests.fake_bot_api.html_text import parse_html
from tests.narrow_phone import spaced


class _Variables(visitor.Visitor):  # type: ignore[misc]
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.names.add(node.id.name)


def catalogue(language: Language) -> dict[str, set[str]]:
    """Each message of a locale file with the variables it uses directly."""
    messages: dict[str, set[str]] = {}
    for path in catalogue_files(language):
        resource = FluentParser().parse(path.read_text(encoding="utf-8"))
        junk = [entry for entry in resource.body if isinstance(entry, ast.Junk)]
        assert not junk, f"syntax errors in {path}: {junk}"
        for entry in resource.body:
            if isinstance(entry, ast.Message):
                assert entry.id.name not in messages, f"{entry.id.name} defined twice in {language}"
                found = _Variables()
                found.visit(entry)
                messages[entry.id.name] = found.names
    return messages


@pytest.fixture(scope="module")
def translator() -> Translator:
    return Translator()


def test_every_key_exists_in_every_locale_with_the_same_variables() -> None:
    english = catalogue("en")
    assert len(english) > 50
    for language in LANGUAGES:
        assert catalogue(language) == english, language


def readme_commands() -> set[str]:
    """The bot commands README's "Playing" section documents (its table and the private-chat paragraph)."""
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    playing = readme.split("## Playing", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"`(/[a-z]+)", playing))


@pytest.mark.parametrize("language", LANGUAGES)
def test_help_names_every_command_the_readme_documents(translator: Translator, language: Language) -> None:
    commands = readme_commands()
    assert {"/new", "/top", "/stats", "/forgetme", "/settings", "/rules", "/lang"} <= commands
    shown = set(re.findall(r"/[a-z]+", translator.t(language, "gameplay-help")))
    assert commands <= shown, f"/help in {language} misses {sorted(commands - shown)}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_formats_and_is_valid_telegram_html(translator: Translator, language: str) -> None:
    for key, variables in catalogue(language).items():
        args: dict[str, str | int] = {
            name: 3 if name in ("count", "number", "amount") else "X" for name in variables
        }
        args.setdefault("count", 3)  # messages that reference a counted noun message need it too
        args.setdefault("due", 0)  # and those that reference the cards a draw was due (render-cards-due)
        args.setdefault("blocked", "no")  # and /notifyme's why it can't write yet (notify-cannot-write-yet)
        text = translator.t(language, key, **args)
        assert text.strip() and "\u2068" not in text and "\u2069" not in text, key
        parse_html(text)  # raises like Telegram would on bad markup


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (0, "0 карт"),
        (1, "1 карта"),
        (2, "2 карты"),
        (4, "4 карты"),
        (5, "5 карт"),
        (11, "11 карт"),
        (12, "12 карт"),
        (21, "21 карта"),
        (22, "22 карты"),
        (111, "111 карт"),
        (101, "101 карта"),
    ],
)
def test_russian_plurals_follow_cldr(translator: Translator, count: int, expected: str) -> None:
    assert spaced(translator.t("ru", "cards-count", count=count)) == expected


@pytest.mark.parametrize("key", ["gameplay-game-command", "notify-awaited", "stats-start-playing"])
def test_a_list_of_twenty_one_chats_reads_as_a_list(translator: Translator, key: str) -> None:
    """A private answer that names the chats of one's games (the first ten and how many more) says "in the
    chats" for 21 of them as for 2: Russian's "one" plural also takes 21, 31..., which read "в чате A, B,
    ... и ещё 11 чатов" (in the chat)."""
    chats = "<b>A</b>, <b>B</b> и ещё 11 чатов"
    assert translator.t("ru", key, chats=chats, count=21) == translator.t("ru", key, chats=chats, count=2)


def test_a_catch_of_two_at_once_names_them_as_players(translator: Translator) -> None:
    """The Russian toast of a catch names the one caught as a player (accusative «игрока», «игроков» for two
    caught at once: a 7-0 swap can leave two catchable); it listed them after a colon, as a form would."""
    said = translator.t("ru", "alert-caught", names="Alice и Bob", count=2)
    assert said == "🎯 Вы поймали игроков Alice и Bob без «УНО!»."  # noqa: RUF001


def test_english_plurals_and_references(translator: Translator) -> None:
    assert spaced(translator.t("en", "cards-count", count=1)) == "1 card"
    assert spaced(translator.t("en", "cards-count", count=21)) == "21 cards"
    assert spaced(translator.t("ru", "hand-card-count", count=2)).endswith(" вас 2 карты")
    assert spaced(translator.t("ru", "setting-target-score-value", count=21)) == "21 очко"


def test_russian_texts_do_not_spell_out_both_genders() -> None:
    """The bot does not know a player's gender: a text reads the same for anyone (present tense, «игрок», a
    noun) rather than with an ending for each in brackets."""
    split = re.compile(r"\w\(\w{1,3}\)")  # a word, then its feminine ending in brackets
    found = [
        m.group() for path in catalogue_files("ru") for m in split.finditer(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_cards_are_pictured_only_with_emoji_every_app_draws() -> None:
    """The hands said "🂠 You drew 3 cards until one fitted.": U+1F0A0 "playing card back" is no emoji.
    Telegram Desktop draws emoji (the squares, 🃏) from its own images and Web from the system's colour
    emoji or its own images where the system lacks one; 🂠 comes from whatever text font has it (Segoe UI
    Symbol, DejaVu Sans): a small grey glyph among coloured lines, or an empty box. 🃏 is the one emoji of
    the playing cards block."""
    playing_cards = re.compile("[\U0001f0a0-\U0001f0ff]")
    found = {
        m.group()
        for language in LANGUAGES
        for path in catalogue_files(language)
        for m in playing_cards.finditer(path.read_text(encoding="utf-8"))
    }
    assert found <= {"🃏"}, found


@pytest.mark.parametrize(
    ("code", "language"),
    [
        ("ru", "ru"),
        ("ru-RU", "ru"),
        ("RU_ru", "ru"),
        ("en", "en"),
        ("uk", "en"),
        ("de", "en"),
        (None, "en"),
        ("", "en"),
    ],
)
def test_language_for_telegram_codes(code: str | None, language: str) -> None:
    assert language_for(code) == language


@pytest.mark.parametrize(
    ("code", "language"),
    [("de", "en"), ("uk-UA", "en"), ("pt-br", "en"), (None, "ru"), ("", "ru"), ("ru", "ru")],
)
def test_an_app_in_a_language_the_bot_lacks_reads_english_one_that_says_none_the_fallback_given(
    code: str | None, language: str
) -> None:
    """English is the international fallback for a language the bot does not write in; only an app that says
    no language reads what the caller falls back to (DEFAULT_LANGUAGE, a group's language)."""
    assert language_for(code, unknown="ru") == language


def test_unknown_languages_fall_back_to_english(translator: Translator) -> None:
    assert translator.t("pt-BR", "refusal-stale") == translator.t("en", "refusal-stale")
    assert translator.t("ru", "refusal-stale") != translator.t("en", "refusal-stale")


def test_a_key_missing_in_one_locale_falls_back_and_unknown_keys_raise(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "ru").mkdir()
    (tmp_path / "en" / "a.ftl").write_text("only-english = Hello { $name }\n", encoding="utf-8")
    (tmp_path / "en" / "b.ftl").write_text("both = Both\n", encoding="utf-8")
    (tmp_path / "ru" / "a.ftl").write_text("both = Ася\n", encoding="utf-8")
    translator = Translator(tmp_path)
    assert translator.t("ru", "only-english", name="Ася") == "Hello Ася"
    assert translator.t("ru", "both") == "Ася"
    with pytest.raises(TranslationError):
        translator.t("en", "no-such-key")
    with pytest.raises(TranslationError):
        translator.t("en", "only-english")  # the argument is missing


def test_texts_asked_for_again_keep_their_arguments_and_language_apart(tmp_path: Path) -> None:
    """Formatted texts are kept (Translator._formatted): a text asked for again is the same, one with other
    arguments, in another language or with arguments reordered is its own, and a failure is not kept."""
    (tmp_path / "en").mkdir()
    (tmp_path / "ru").mkdir()
    (tmp_path / "en" / "a.ftl").write_text("pair = { $a }-{ $b }\n", encoding="utf-8")
    (tmp_path / "ru" / "a.ftl").write_text("pair = { $b }+{ $a }\n", encoding="utf-8")
    translator = Translator(tmp_path)
    asked = [("en", 1, 2), ("en", 2, 1), ("ru", 1, 2), ("en", 1, 2), ("ru", 1, 2), ("en", 2, 1)]
    texts = [translator.t(language, "pair", a=a, b=b) for language, a, b in asked]
    assert texts == ["1-2", "2-1", "2+1", "1-2", "2+1", "2-1"]
    assert translator.t("en", "pair", b=2, a=1) == "1-2"
    for _ in range(2):
        with pytest.raises(TranslationError):
            translator.t("en", "pair", a=1)  # $b is missing


def test_html_escapes_arguments_but_not_the_catalogue_markup(translator: Translator) -> None:
    text = translator.html("en", "dealer-draw-dealer", name='<i>Bob</i> & "co"')
    assert text == "<b>&lt;i&gt;Bob&lt;/i&gt; &amp; &quot;co&quot; deals.</b>"
    assert parse_html(text)[0] == '<i>Bob</i> & "co" deals.'
    assert escape_html("a<b>&c") == "a&lt;b&gt;&amp;c"


@given(st.text())
def test_escaped_text_parses_back_to_itself(text: str) -> None:
    plain, entities = parse_html(escape_html(text))
    assert (plain, entities) == (text, [])


@pytest.mark.parametrize(
    ("language", "key", "name", "expected"),
    [
        ("en", "hand-you-are", "Alexandrovi…", "At the table you are Alexandrovi…"),
        ("ru", "dealer-draw-dealer", "Константино…", "<b>Сдаёт Константино…</b>"),
        ("en", "hand-you-are", '<a href="tg://user?id=1">Alexandrovi…</a>', "Alexandrovi…</a>"),
        ("en", "hand-you-are", "\u200eعبد الرحمن…\u200e", "عبد الرحمن…\u200e"),
        # a right-to-left name's "…" is followed by a right-to-left mark (render.text.left_to_right)
        ("en", "hand-you-are", "\u200eعبد الرحمن…\u200f\u200e", "عبد الرحمن…\u200f\u200e"),
        ("en", "hand-you-are", "Bob", "At the table you are Bob."),
        # a name ending in an initial (session 61: «Сдаёт Саша Б..», «карты игрока Саша Б..»)
        ("ru", "dealer-draw-dealer", "Саша Б.", "<b>Сдаёт Саша Б.</b>"),
        (
            "en",
            "hand-you-are",
            '<a href="tg://user?id=1">Sasha B.</a>',
            'you are <a href="tg://user?id=1">Sasha B.</a>',
        ),
        # a name's own dots stay as typed: only a lone stop ending the name loses the sentence's
        ("en", "hand-you-are", "Bob...", "At the table you are Bob...."),
        ("en", "hand-you-are", "Mr..Smith", "At the table you are Mr..Smith."),
    ],
)
def test_a_name_ending_a_sentence_in_an_ellipsis_or_a_full_stop_takes_no_full_stop_after_it(
    translator: Translator, language: str, key: str, name: str, expected: str
) -> None:
    """ "…." and ".." read as typos."""
    assert translator.t(language, key, name=name).endswith(expected)


@pytest.mark.parametrize("name", ["A.. B", "Bob..", "Uno…."])
def test_a_names_own_dots_within_a_sentence_stay_as_typed(translator: Translator, name: str) -> None:
    """(session 61's review) Only a sentence's full stop after a name goes: told by the dots alone, "A.. B
    was removed" read "A. B was removed", a name's second dot taken for the sentence's."""
    assert translator.t("en", "gameplay-kicked", name=name) == f"{name} was removed from the game."
