"""README's map of the code ("Where things are") names files and folders that exist: a module renamed or
moved without the map following it would send a newcomer looking for nothing."""

from __future__ import annotations

import re
from pathlib import Path

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
