import pytest

from bot.engine.rule_dependencies import in_effect
from bot.engine.rules import PRESETS, SETTINGS, Rules, SettingType
from bot.i18n import Translator
from bot.tg.callback_data import Action
from bot.tg.render import LobbyView, Seat, lobby
from bot.tg.render.rules_line import rules_line
from bot.tg.render.setting_labels import setting_label
from bot.tg.render.text import TEXT_LIMIT
from bot.visible_text import utf16_length
from tests.heavy_names import cut_away, cut_short, heaviest_allowed
from tests.narrow_phone import spaced
from tests.tg.render.checks import check_render, check_text, pressed


def test_lobby_lists_players_and_has_the_four_buttons() -> None:
    seats = (Seat(10, "Ann"), Seat(11, "<Zed>", reachable=False))
    render = lobby(LobbyView(9, 3, 10, seats, PRESETS["official"], "uno_test_bot"), "en")
    plain = check_render(render)
    assert "1. Ann 🔑" in plain and "2. <Zed> 🔇" in plain
    assert "Players (2/10)" in plain and "@uno_test_bot" in plain
    assert "📜 Official rules · 7 cards each · to 500 points · 60 s a turn" in spaced(plain)
    actions = [(d.action, d.game_id, d.state) for _, d in pressed(render)]
    assert actions == [(a, 9, 3) for a in (Action.JOIN, Action.LEAVE, Action.ADD_COMPUTER, Action.START)]


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "📜 Custom rules (Deck: Classic + 4 blank cards; Blank cards: plain Wild) · 7 cards each"),
        ("ru", "📜 Свои правила (Колода: Классика + 4 пустые карты; Пустые карты: простая «Дикая»)"),
    ],
)
def test_the_lobbys_rules_line_starts_with_a_capital_as_a_presets_does(lang: str, line: str) -> None:
    """(session 56, a blank-card game read in Russian) the lobby read "📜 UNO H₂O · 7 cards each" but
    "📜 custom rules (Deck: …) · 7 cards each": a line begun in lowercase beside the presets' capitals."""
    rules = Rules().changed(deck="classic_blank", blank_effect="wild")
    plain = check_render(lobby(LobbyView(9, 3, 10, (Seat(10, "Ann"),), rules, "bot"), lang))
    assert any(row.startswith(line) for row in spaced(plain).splitlines()), plain


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "🔇 This player can't get their cards yet:", "🔇 These players can't get their cards yet:"),
        ("ru", "🔇 Этот игрок пока не получит карты:", "🔇 Эти игроки пока не получат карты:"),
    ],
)
def test_the_lobbys_muted_line_speaks_of_as_many_players_as_it_marks(lang: str, one: str, two: str) -> None:
    """The line under a lobby with one 🔇 player read "These players can't get their cards yet"."""
    seats = [Seat(10, "Ann"), Seat(11, "Bob", reachable=False), Seat(12, "Cleo")]
    assert one in check_render(lobby(LobbyView(9, 3, 10, tuple(seats), PRESETS["official"], "bot"), lang))
    seats[2] = Seat(12, "Cleo", reachable=False)
    assert two in check_render(lobby(LobbyView(9, 3, 10, tuple(seats), PRESETS["official"], "bot"), lang))


@pytest.mark.parametrize(
    ("lang", "blocked", "press"),
    [
        ("en", (True, True), "press “Restart” (or “Перезапустить”)."),
        (
            "en",
            (True, False),
            "press “Start” (or “Запустить”), or “Restart” (or “Перезапустить”) if you blocked me.",
        ),
        ("en", (False, False), "press “Start” (or “Запустить”)."),
        ("ru", (True, True), "нажмите «Перезапустить» (или «Restart»)."),
        (
            "ru",
            (False, True),
            "нажмите «Запустить» (или «Start»), а если вы меня заблокировали —"  # noqa: RUF001
            " «Перезапустить» (или «Restart»).",
        ),
        ("ru", (False, False), "нажмите «Запустить» (или «Start»)."),
    ],
    ids=["en-all", "en-some", "en-none", "ru-all", "ru-some", "ru-none"],
)
def test_the_lobbys_muted_line_names_the_button_a_chat_with_a_blocked_bot_offers(
    lang: str, blocked: tuple[bool, bool], press: str
) -> None:
    """(session 54) A player who blocked the bot finds "Restart" («Перезапустить») in its chat, not the
    "Start" the line told them to press; one who never started it, "Start"."""
    marked = [Seat(11 + n, "BC"[n], reachable=False, blocked=b) for n, b in enumerate(blocked)]
    seats = (Seat(10, "Ann"), *marked)
    shown = check_render(lobby(LobbyView(9, 3, 10, seats, PRESETS["official"], "bot"), lang))
    assert shown.splitlines()[-1].endswith(press), shown


@pytest.mark.parametrize(("lang", "named"), [("en", "🤖 Computer 2"), ("ru", "🤖 Компьютер 2")])
def test_computers_are_named_by_number_and_can_be_removed(lang: str, named: str) -> None:
    seats = (Seat(10, "Ann"), Seat(-2, "Компьютер 1", is_computer=True))  # a name kept from another language
    render = lobby(LobbyView(9, 3, 10, seats, PRESETS["official"], "uno_test_bot"), lang)
    assert f"2. {named}" in spaced(check_render(render))
    actions = [(d.action, d.args) for _, d in pressed(render)]
    assert actions == [
        (Action.JOIN, ()),
        (Action.LEAVE, ()),
        (Action.ADD_COMPUTER, ()),
        (Action.REMOVE_COMPUTER, (2,)),  # the computer it removes: the one added last
        (Action.START, ()),
    ]


def test_a_full_lobby_offers_no_computer_to_add_and_no_join() -> None:
    seats = tuple(Seat(10 + n, f"Player {n}") for n in range(10))
    render = lobby(LobbyView(9, 3, 10, seats, PRESETS["official"], "uno_test_bot"), "en")
    assert "Players (10/10)" in check_render(render)
    actions = [d.action for _, d in pressed(render)]
    assert actions == [Action.LEAVE, Action.START]


def test_a_lobby_full_with_computers_offers_join_but_no_computer_to_add() -> None:
    """A person who joins takes a computer's seat (bot.service.lobby.making_room)."""
    seats = (Seat(10, "Ann"), *(Seat(-n, f"Computer {n}", is_computer=True) for n in range(1, 10)))
    render = lobby(LobbyView(9, 3, 10, seats, PRESETS["official"], "uno_test_bot"), "en")
    assert "Players (10/10)" in check_render(render)
    actions = [d.action for _, d in pressed(render)]
    assert actions == [Action.JOIN, Action.LEAVE, Action.REMOVE_COMPUTER, Action.START]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "🔑 <Zed> is now the host and can start the game."),
        ("ru", "🔑 Теперь игру ведёт <Zed> и может её начать."),
    ],
)
def test_who_runs_the_game_after_its_creator_left_is_said_under_the_players(lang: str, said: str) -> None:
    seats = (Seat(10, "Ann"), Seat(11, "<Zed>"))
    plain = check_render(lobby(LobbyView(9, 3, 11, seats, PRESETS["official"], "b", handed_over=True), lang))
    assert plain.splitlines()[3:5] == ["2. <Zed> 🔑", said]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_ten_long_names_fit(lang: str) -> None:
    seats = tuple(Seat(i, "<&>" * 40) for i in range(1, 11))
    check_render(lobby(LobbyView(1, 1, 1, seats, PRESETS["extreme"], "b", handed_over=True), lang))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_ten_names_too_long_for_a_message_at_the_tables_width_are_cut_to_a_length(lang: str) -> None:
    """Names within the table's width can be too long for Telegram (tests.heavy_names, longer than it allows
    a name): a lobby naming ten took ~6,100 characters as Telegram counts them. Each is cut at NAME_UNITS
    (its runs of joiners dropped whole), at the table's width as ever (session 59: at a shorter one
    before)."""
    seats = tuple(Seat(i, cut_away(chr(64 + i))) for i in range(1, 11))
    assert sum(utf16_length(seat.name) for seat in seats) > TEXT_LIMIT
    plain = check_render(lobby(LobbyView(1, 1, 1, seats, PRESETS["official"], "b"), lang))
    cut = [f"{n}. {cut_short(chr(64 + n))}" for n in range(1, 11)]
    assert plain.splitlines()[2:12] == [cut[0] + " 🔑", *cut[1:]]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_ten_of_the_heaviest_names_telegram_allows_are_whole_as_telegram_counts_them(lang: str) -> None:
    """Ten names of NAME_UNITS (tests.heavy_names) are named whole, marked. Until session 58 ten names of 449
    characters of HTML each raised at both cuts: the lobby measured its HTML (a quote six characters), where
    Telegram counts the text it reads (a quote one); since session 60 no name within the table's width is
    that heavy (a quote after a joiner counts one letter, as drawn), and the heaviest take 189."""
    name = heaviest_allowed()
    seats = tuple(Seat(i, name) for i in range(1, 11))
    render = lobby(LobbyView(1, 1, 1, seats, PRESETS["official"], "b", handed_over=True), lang)
    plain = spaced(check_render(render))
    assert plain.splitlines()[2] == f"1. {name} 🔑" and plain.splitlines()[11] == f"10. {name} ¹⁰"


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_presets_are_named(preset: str, lang: str) -> None:
    line = rules_line(PRESETS[preset], lang)
    assert "(" not in line.split(" · ")[0]  # a preset is named, not listed as custom changes
    check_text(line)


def _other_value(name: str) -> object:
    spec = next(s for s in SETTINGS if s.name == name)
    current = getattr(Rules(), name)
    if spec.type is SettingType.BOOL:
        return not current
    if spec.type is SettingType.CHOICE:
        return [c for c in spec.choices if c != current.value]
    assert spec.maximum is not None
    return spec.maximum


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_changed_setting_is_described(lang: str) -> None:
    for spec in SETTINGS:
        values = _other_value(spec.name)
        for value in values if isinstance(values, list) else [values]:
            rules = Rules().changed(**{spec.name: value})
            line = rules_line(rules, lang)
            check_text(line)
            # a setting without effect in the official game (slap time without the slap) is not worth a word
            assert (line == rules_line(Rules(), lang)) is (in_effect(rules) == Rules()), spec.name


def test_core_settings_alone_keep_the_preset_name() -> None:
    line = spaced(
        rules_line(Rules().changed(hand_size=5, turn_seconds=0, scoring="own_hand", target_score=200), "en")
    )
    assert line == "Official rules · 5 cards each · own-hand points, ends at 200, lowest wins · no turn timer"
    # a preset stays named whatever its core numbers; one the line does not print follows in brackets, and a
    # rule one of them switches off (lone zero in one round) is no change
    extreme = PRESETS["extreme"].changed(scoring="single_round", uno_penalty=4)
    assert (
        spaced(rules_line(extreme, "en"))
        == "UNO Extreme (“UNO!” penalty: 4 cards) · 7 cards each · one round · 60 s a turn"
    )
    # a changed preset reads as the closest one and what differs from it
    house = rules_line(PRESETS["house"].changed(multi_play=True, jump_in="extreme"), "en")
    assert house.startswith("House rules (Jump-in: on, effects add up; Multi-play: on) · ")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["Stacking: +2 on +2, +4 on +4", "Slap time: 10 seconds", "Catch window: 20 seconds"]),
        (
            "ru",
            ["Накопление: +2 на +2, +4 на +4", "Время на хлопок: 10 секунд", "Время на поимку: 20 секунд"],
        ),
    ],
)
def test_house_rules_are_named_and_valued_as_in_the_settings_menu(lang: str, expected: list[str]) -> None:
    rules = PRESETS["extreme"].changed(stacking="same", slap_seconds=10, uno_window_seconds=20)
    changes = rules_line(rules, lang).split(" · ")[0]
    for part in expected:
        assert part in changes, changes
    # named after the preset they differ from least: its own rules go without saying
    translator = Translator()
    assert changes.startswith(translator.t(lang, "preset-extreme") + " (")
    for name in ("seven_silence", "extreme_wild_restriction", "zero_slap"):
        assert setting_label(translator, lang, name) not in changes


# Ten house rules on the house preset: listed, they filled ten lines of a phone with the lobby's rules alone.
_MANY_CHANGES = PRESETS["house"].changed(
    deck="classic_blank",
    draw_rule="until_playable",
    force_play=True,
    seven_silence=True,
    multi_play=True,
    false_catch_penalty=1,
    eight_cover=True,
    skip_chain=True,
    zero_slap=True,
    lone_zero_100=True,
)


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        (
            "en",
            "📜 House rules + 10 changes (/rules) · 7 cards each · to 500 points · 60 s a turn",
        ),
        ("ru", "📜 Домашние правила + 10 изменений (/rules) · по 7 карт · до 500 очков · 60 с на ход"),  # noqa: RUF001
    ],
)
def test_many_house_rules_are_counted_not_listed(lang: str, line: str) -> None:
    """(session 51, an all-rules read) with many settings changed the lobby's rules listed every one
    ("Домашние правила (Колода…; Добор…; … Одинокий ноль: вкл.)"), some ten lines on a phone: past
    three, the line counts them and says where they are listed."""
    plain = check_render(lobby(LobbyView(9, 3, 10, (Seat(10, "Ann"),), _MANY_CHANGES, "b"), lang))
    assert line in spaced(plain).splitlines(), plain


@pytest.mark.parametrize(
    ("changes", "en", "ru"),
    [
        (3, "custom rules (", "свои правила ("),  # as many as a line lists: by name, as before
        (4, "Official rules + 4 changes (/rules)", "Официальные правила + 4 изменения (/rules)"),
        (5, "Official rules + 5 changes (/rules)", "Официальные правила + 5 изменений (/rules)"),
    ],
)
def test_house_rules_past_three_are_counted_in_good_russian(changes: int, en: str, ru: str) -> None:
    """The official game with house rules is "custom rules (…)" while they are listed; counted, they are
    counted from the official rules, which "custom rules + 4 changes" would not say."""
    settings = [
        ("multi_play", True),
        ("draw_rule", "until_playable"),
        ("force_play", True),
        ("eight_cover", True),
        ("lone_zero_100", True),
    ]
    rules = Rules().changed(**dict(settings[:changes]))
    for lang, said in (("en", en), ("ru", ru)):
        assert spaced(rules_line(rules, lang, points_to_rules=True)).startswith(said)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "⏳ If nobody joins or starts it for 10 minutes, the game closes."),
        ("ru", "⏳ Если 10 минут никто не войдёт в игру и не начнёт её, она закроется."),
    ],
)
def test_the_lobby_says_up_front_when_it_closes_unstarted(lang: str, said: str) -> None:
    seats = (Seat(10, "Ann"),)
    plain = check_render(lobby(LobbyView(9, 3, 10, seats, PRESETS["official"], "b"), lang))
    assert said in spaced(plain).splitlines()


def test_the_remove_button_names_the_computer_added_last() -> None:
    """Of two computers it removes the second: the first, removed, would leave a gap in their numbers."""
    seats = (
        Seat(10, "Ann"),
        Seat(-1, "Computer 1", is_computer=True),
        Seat(-2, "Computer 2", is_computer=True),
    )
    render = lobby(LobbyView(9, 3, 10, seats, PRESETS["official"], "uno_test_bot"), "en")
    assert [d.args for _, d in pressed(render) if d.action is Action.REMOVE_COMPUTER] == [(2,)]
