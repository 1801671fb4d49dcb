"""tests/rewrite_shares.py: a worker's share imported before the collection changes nothing it reports."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
HOOK = """
import pytest

from tests.rewrite_shares import import_my_share


@pytest.hookimpl(tryfirst=True)
def pytest_collection(session):
    import_my_share(session)
"""


def test_a_module_skipped_as_imported_is_reported_skipped(tmp_path: Path) -> None:
    """A module skipping itself as it is imported (`pytest.importorskip` of a driver not installed) raised
    pytest's Skipped, no Exception, out of the early import: the worker's collection broke (INTERNALERROR)."""
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "conftest.py").write_text(HOOK)
    package = tmp_path / "shared"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "test_kept.py").write_text("def test_kept():\n    pass\n")
    skipping = 'import pytest\n\npytest.importorskip("no_such_driver")\n\n\ndef test_skipped():\n    pass\n'
    (package / "test_skipping.py").write_text(skipping)
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "PYTEST_XDIST_WORKER": "gw0"}
    env |= {"PYTEST_XDIST_WORKER_COUNT": "1"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the share is imported only where bytecode may be written
    env.pop("PYTEST_ADDOPTS", None)  # options of the suite's own run ("-n 4") are not this one's

    # As one worker of one: without xdist itself, whose start-up costs seconds.
    command = [sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider", "-q", "shared"]
    run = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)

    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 passed, 1 skipped" in run.stdout, run.stdout
