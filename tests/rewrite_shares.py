"""Each xdist worker rewrites its share of the test modules' asserts before collecting, and the others read
what it wrote.

pytest rewrites a test module's asserts when it imports it (~40 ms a module: the parse, the rewrite, the
compile) and keeps the result in `__pycache__` only where bytecode may be written. All the workers collect
every module, in the same order at the same moment: in a clean clone each rewrote all ~280 of them (~10 CPU s
a worker, a fifth of the suite's first half-minute on two cores). Here worker k of n first imports every n-th
module from the k-th, so the others find it rewritten when they get to it. Importing early changes nothing a
test sees: nothing in a test module's body depends on what was imported before it (the Hypothesis profile is
loaded by tests/conftest.py, before any of them).
"""

from __future__ import annotations

import contextlib
import fnmatch
import importlib
import os
import sys
from pathlib import Path

import pytest


def import_my_share(session: pytest.Session) -> None:
    """In an xdist worker whose bytecode may be written: import this worker's share of the modules the
    session collects (pytest's import hook rewrites and caches them)."""
    worker, count = os.environ.get("PYTEST_XDIST_WORKER"), os.environ.get("PYTEST_XDIST_WORKER_COUNT")
    if worker is None or count is None or sys.dont_write_bytecode:
        return
    if session.config.getoption("importmode") != "prepend":  # else the collection names modules otherwise
        return
    modules = _test_modules(session)
    for path in modules[int(worker.removeprefix("gw")) :: int(count)]:
        # One that fails to import is imported again by the collection, which reports why; one that skips
        # or fails itself as imported raises pytest's outcome, no Exception (it broke the collection).
        with contextlib.suppress(Exception, pytest.skip.Exception, pytest.fail.Exception):
            importlib.import_module(_module_name(path, session.config.rootpath))


def _test_modules(session: pytest.Session) -> list[Path]:
    """The test modules under the session's arguments (a node id's module), named as `python_files` names
    test modules (pytest rewrites no other: one imported here would keep its plain asserts), without those
    --ignore'd or --ignore-glob'd."""
    config = session.config
    ignored = {Path(p).resolve() for p in config.getoption("ignore") or []}
    ignored_globs = config.getoption("ignore_glob") or []
    patterns = config.getini("python_files")
    found: set[Path] = set()
    for arg in config.args:
        path = (config.invocation_params.dir / arg.split("::")[0]).resolve()
        candidates = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        found.update(
            p
            for p in candidates
            if any(fnmatch.fnmatch(p.name, pattern) for pattern in patterns)
            and not ignored.intersection([p, *p.parents])
            and not any(fnmatch.fnmatch(str(p), glob) for glob in ignored_globs)
        )
    return sorted(p for p in found if _named_by_its_path(p, config.rootpath))


def _named_by_its_path(path: Path, root: Path) -> bool:
    """A module in packages up to the root's: pytest imports it by its path's dotted name."""
    packages = path.parents[: len(path.relative_to(root).parts) - 1] if path.is_relative_to(root) else None
    return path.suffix == ".py" and bool(packages) and all((p / "__init__.py").is_file() for p in packages)


def _module_name(path: Path, root: Path) -> str:
    return ".".join(path.relative_to(root).with_suffix("").parts)
