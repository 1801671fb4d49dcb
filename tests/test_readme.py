"""README tells what the code does: its map of the code ("Where things are") names files and folders that
exist (a module renamed or moved without the map following it would send a newcomer looking for nothing),
and the settings, subcommands, commands and rules it names are the bot's, as are the commands bench/README.md
shows (.env.example's settings: tests/test_config.py)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from bot import simulate
from bot.__main__ import SUBCOMMANDS
from bot.config import Settings
from bot.engine.rules import PRESETS, SETTINGS_BY_NAME, Rules
from bot.i18n import Translator
from bot.tg.command_menus import GROUP_ADMIN_COMMANDS, PRIVATE_COMMANDS
from bot.tg.handlers import MENU_COMMANDS
from bot.tg.settings_parse import named_alone, parse_command
from bot.tg.settings_words import typed_words

ROOT = Path(__file__).parents[1]


def _map_paths() -> set[str]:
    """The files and folders the section names: `bot/engine/`, `tg/handlers/presses.py`, `pacing*.py` (a
    path may be short, relative to a folder named before it, so it is looked for anywhere in the code)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Where things are", 1)[1].split("\n## ", 1)[0]
    names = set(re.findall(r"`([^`\s/][^`\s]*(?:/[^`\s]*|\.py|\.ftl))`", section))  # not `/rules`
    return {name.replace("{ru,en}", language) for name in names for language in ("ru", "en")}


def _exists(name: str) -> bool:
    pattern = name.rstrip("/")
    found = [*ROOT.glob(pattern)]
    for top in ("bot", "tests", "migrations"):
        found += (ROOT / top).rglob(pattern)
    return bool(found)


def test_the_code_map_names_only_files_and_folders_that_exist() -> None:
    names = _map_paths()
    assert {"bot/engine/", "tg/handlers/presses.py", "pacing*.py", "bot/i18n/locales/ru/"} <= names
    assert [name for name in sorted(names) if not _exists(name)] == []


def _section(title: str) -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return readme.split(f"\n## {title}", 1)[1].split("\n## ", 1)[0]


def _table_rows(section: str) -> list[list[str]]:
    """The cells of a section's table rows, its header and rule left out."""
    rows = [line.strip("|").split(" | ") for line in section.splitlines() if line.startswith("| ")]
    return [[cell.strip() for cell in row] for row in rows[1:]]


def test_the_configuration_table_names_every_setting_with_its_default() -> None:
    """A variable config.py reads and README leaves out is one an admin never learns of; a default README
    gives and config.py does not is one they rely on wrongly."""
    rows = {row[0].strip("`"): row[1] for row in _table_rows(_section("Configuration"))}
    assert set(rows) == {name.upper() for name in Settings.model_fields}
    for name, field in Settings.model_fields.items():
        if rows[name.upper()].startswith("`"):  # not BOT_TOKEN's "(required for `run`)"
            assert rows[name.upper()] == f"`{field.default}`", name


def test_the_subcommands_table_names_every_subcommand_and_simulate_s_defaults() -> None:
    section = _section("Commands of `python -m bot`")
    named = {word for row in _table_rows(section) for word in re.findall(r"`python -m bot ([a-z]+)", row[0])}
    assert named == set(SUBCOMMANDS)
    defaults = re.search(r"defaults: (\d+) matches, (\d+) players, `(\w+)`, seed (\d+)", section)
    assert defaults is not None
    parser = argparse.ArgumentParser()
    simulate.add_arguments(parser)
    given = parser.parse_args([])
    assert defaults.groups() == (str(given.games), str(given.players), given.preset, str(given.seed))


def test_the_settings_readme_names_are_the_bot_s() -> None:
    """Every `/settings ...` example of README reads as the bot reads it (a renamed label or rule breaks it),
    its presets are the engine's, and a rule README names by its engine name (`turn_seconds`) is one."""
    playing = _section("Playing")
    words = typed_words(Translator())
    examples = re.findall(r"`/settings ([^`]+)`", playing)
    assert len(examples) >= 6
    for example in examples:
        args = example.split()
        choice = parse_command(args, words)
        if choice is None:  # a rule named alone
            assert named_alone(args, words) is not None, example
            continue
        assert choice.item is not None, example
        if choice.item.spec is None:  # a preset, or the language
            assert choice.value in choice.item.values, example
        else:
            Rules().changed(**{choice.item.key: choice.value})  # RulesError for a value not allowed
    presets = re.search(r"presets \(([a-z0-9, ]+)\)", playing)
    assert presets is not None and set(presets.group(1).split(", ")) == set(PRESETS)
    readme = (ROOT / "README.md").read_text(encoding="utf-8").replace(_section("Where things are"), "")
    rules = set(re.findall(r"`([a-z]+(?:_[a-z0-9]+)+)`", readme))
    assert "seven_silence" in rules and rules <= set(SETTINGS_BY_NAME)


# Where a path in README starts when it is named from the repository's root (`bot/tg/http.py`, `.ci/run`).
_ROOT_FOLDERS = ("bot/", "tests/", "bench/", "docs/", "migrations/", ".ci/")


def test_every_repository_path_readme_names_exists() -> None:
    """Beyond the map: the commands and notes of every section (`tests/engine/test_properties.py`,
    `bot/tg/http.py`, `.env.example`) send a newcomer to files that are there."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8").replace("```", "")  # the code blocks' fences
    words = {word for code in re.findall(r"`([^`]+)`", readme) for word in code.split()}
    paths = {  # `tests/x.py::test_y` names a file; `tests/...py::test_name` stands for any
        word.split("::")[0] for word in words if word.startswith(_ROOT_FOLDERS) and "..." not in word
    } | {".env.example"} & words
    paths = {path.replace("{ru,en}", language) for path in paths for language in ("ru", "en")}
    assert {"bot/tg/http.py", "tests/engine/test_properties.py", ".ci/run", ".env.example"} <= paths
    assert [path for path in sorted(paths) if not [*ROOT.glob(path.rstrip("/"))]] == []


def test_each_row_of_the_code_map_names_files_of_its_own_folder() -> None:
    """A module named in `bot/tg/`'s row is in bot/tg (or a folder below it): one moved to another package
    would still be found "anywhere in the code" by the test above it."""
    wrong = []
    for where, what in _table_rows(_section("Where things are")):
        folder = ROOT / where.strip("`").replace("{ru,en}", "ru")
        folder = folder if folder.is_dir() else folder.parent
        for name in re.findall(r"`([^`\s/][^`\s]*(?:/|\.py))`", what):
            pattern = name.rstrip("/")
            if not [*(ROOT.glob(pattern) if name.startswith(_ROOT_FOLDERS) else folder.rglob(pattern))]:
                wrong.append(f"{where}: {name}")
    assert wrong == []


def test_readme_names_every_command_of_the_bot_s_menus() -> None:
    """A command the bot registers and answers that README never names is one nobody learns of."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`/([a-z]+)", readme))
    commands = {*MENU_COMMANDS, *GROUP_ADMIN_COMMANDS, *PRIVATE_COMMANDS, "colors"}
    assert sorted(commands - named) == []


def test_bench_readme_s_commands_name_modules_and_flags_that_exist() -> None:
    """Each `python -m bench.x --flag` bench/README.md shows runs a module of bench/ that takes that flag (its
    source adds it), and `python -m bot simulate`'s flags are simulate's."""
    text = (ROOT / "bench" / "README.md").read_text(encoding="utf-8")
    simulating = argparse.ArgumentParser()
    simulate.add_arguments(simulating)
    wrong = []
    for module, rest in re.findall(r"python -m (bench\.\w+|bot simulate)([^`\n#]*)", text):
        if module == "bot simulate":
            try:
                simulating.parse_args(rest.split())
            except SystemExit:
                wrong.append(f"{module}{rest}")
            continue
        flags = re.findall(r"(?<!\S)(--[a-z][a-z-]*)", rest)
        source = ROOT / "bench" / f"{module.removeprefix('bench.')}.py"
        if not source.is_file():
            wrong.append(module)
            continue
        code = source.read_text(encoding="utf-8")
        wrong += [f"{module} {flag}" for flag in flags if f'"{flag}"' not in code]
    assert wrong == []
