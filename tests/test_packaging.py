"""The wheel (`pip install .`, pipx) holds everything the bot needs: its packages, the translations and the
migrations, which live beside bot/ in the repository and are mapped into the package by pyproject.toml."""

from __future__ import annotations

import os
import shutil
import site
import sqlite3
import subprocess
import sys
import tomllib
import zipfile
from contextlib import closing
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _listed_packages() -> set[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return set(config["tool"]["setuptools"]["packages"])


def test_every_package_under_bot_is_listed() -> None:
    on_disk = {".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "bot").rglob("__init__.py")}
    assert _listed_packages() == on_disk | {"bot.migrations", "bot.migrations.versions"}


def _build_wheel(where: Path) -> Path:
    """From a copy of the sources: setuptools builds in a build/ folder it reuses, which would hide a file
    missing from the configuration (and litter the checkout)."""
    source = where / "source"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("bot", "migrations"):
        shutil.copytree(ROOT / folder, source / folder, ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            where,
            source,
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = where.glob("uno_bot-*.whl")
    return wheel


def _python_with(wheel: Path, where: Path) -> Path:
    """A virtualenv with the wheel unpacked into it and this one's site-packages for the dependencies: a
    path added by a .pth line is not scanned for .pth files, so the editable install's finder stays out."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", where], check=True)
    (site_packages,) = where.glob("lib/python*/site-packages")
    zipfile.ZipFile(wheel).extractall(site_packages)
    (site_packages / "dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    return where / "bin" / "python"


def test_the_installed_wheel_migrates_a_new_database(tmp_path: Path) -> None:
    wheel = _build_wheel(tmp_path / "build")
    python = _python_with(wheel, tmp_path / "venv")
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env["DATABASE_URL"] = f"sqlite+aiosqlite:///{tmp_path / 'uno.db'}"
    found = subprocess.run(
        [python, "-c", "import bot.storage.migrate as m; print(m.MIGRATIONS_DIR)"],
        cwd=tmp_path,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    assert Path(found.stdout.strip()).is_relative_to(tmp_path / "venv")

    migrated = subprocess.run(
        [python, "-m", "bot", "migrate"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert migrated.returncode == 0, migrated.stderr

    with closing(sqlite3.connect(tmp_path / "uno.db")) as database:
        tables = {name for (name,) in database.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"alembic_version", "games", "game_players"} <= tables
