"""CI's script (.ci/run) names some tests by node id to run again on PostgreSQL: a test moved to another file
(session 60 split test_restarts_and_timers.py) left pytest nothing to run there ("no tests ran", and the
step failed) while every test passed on SQLite."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _node_ids() -> list[str]:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    return re.findall(r"\btests/[\w/]+\.py::\w+", script)


def _test_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_")
    }


def test_every_test_the_ci_script_names_is_where_it_says() -> None:
    named = _node_ids()
    assert len(named) >= 5, named  # the PostgreSQL step's end-to-end tests
    missing = [
        node
        for node in named
        if not (ROOT / node.split("::")[0]).is_file()
        or node.split("::")[1] not in _test_functions(ROOT / node.split("::")[0])
    ]
    assert missing == []


def _paths() -> list[str]:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    return re.findall(r"(?<![\w/])tests/[\w/.]*\w(?=[\s\"]|::|$)", script)


def test_every_path_the_ci_script_names_is_there() -> None:
    """A file or folder moved away is no error to pytest's --ignore, and the step would test less unseen."""
    named = _paths()
    assert "tests/stats" in named, named
    assert [path for path in named if not (ROOT / path).exists()] == []


def test_every_migration_test_file_runs_on_postgresql() -> None:
    """Session 62 split tests/test_migrations.py in three: one left out of the list runs on SQLite alone."""
    files = sorted(path.relative_to(ROOT).as_posix() for path in ROOT.glob("tests/test_migrat*.py"))
    assert len(files) >= 3, files
    assert [path for path in files if path not in _paths()] == []
