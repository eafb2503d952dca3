"""The compiled speedups: used when they were built from the sources in place, else the sources.

The build backend compiles a few hot modules when asked (``GAMEHALL_SPEEDUPS=1``, see
``hatch_build.py``: the 20 Strong rules with mypyc, observation features and the learning
loop's arrays with Cython) into the directory ``gamehall_speedups`` of the installed wheel or
editable install, never beside the sources. Its ``manifest.json`` names each compiled module,
its build, and the SHA-256 of the source it was built from, by *group*: the modules mypyc
compiled together call into each other's native code, so they are used all together or not at
all.

:func:`install`, run as ``gamehall`` is imported, puts a finder first on ``sys.meta_path`` that
imports each module of a group whose sources are all unchanged from its build. A group whose
source changed since (a ``git pull``, an edit) is left alone: its modules import from their
sources, slower but always right; :func:`stale` names them and ``make compiled`` builds them
again. ``GAMEHALL_PURE=1`` runs every source as plain Python.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

DIRECTORY = "gamehall_speedups"
"""Where a build puts the compiled modules (beside the ``gamehall`` package, not in it)."""
MANIFEST = "manifest.json"
PURE = "GAMEHALL_PURE"
"""The environment variable that turns the speedups off (``1``)."""


def digest(path: Path) -> str:
    """The SHA-256 of a file's bytes, as the manifest records a source."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass(frozen=True)
class Group:
    """Modules compiled together: (module name, source, build) each, and support libraries
    (mypyc's shared ``…__mypyc`` module) by module name."""

    compiler: str
    modules: tuple[tuple[str, Path, Path, str], ...]
    support: tuple[tuple[str, Path], ...] = ()

    def fresh(self) -> bool:
        """Whether every source is the one the group was built from."""
        return all(
            source.is_file() and digest(source) == sha for _n, source, _b, sha in self.modules
        )

    def builds(self) -> dict[str, Path]:
        """Each importable name of the group with its compiled file."""
        found = {name: build for name, _s, build, _sha in self.modules}
        return found | dict(self.support)


@dataclass
class Speedups:
    """What the manifest of one build offers, read against the sources beside it."""

    groups: list[Group] = field(default_factory=list)

    def fresh(self) -> list[Group]:
        return [group for group in self.groups if group.fresh()]

    def stale(self) -> list[Group]:
        return [group for group in self.groups if not group.fresh()]


def read(directory: Path, sources: Path) -> Speedups:
    """The groups of the build in ``directory`` whose sources lie under ``sources`` (the
    directory holding the ``gamehall`` package). A manifest for another Python is empty."""
    manifest = json.loads((directory / MANIFEST).read_text(encoding="utf-8"))
    if manifest.get("suffix") != importlib.machinery.EXTENSION_SUFFIXES[0]:
        return Speedups()
    groups = [
        Group(
            entry["compiler"],
            tuple(
                (name, sources / m["source"], directory / m["build"], m["sha256"])
                for name, m in entry["modules"].items()
            ),
            tuple((name, directory / build) for name, build in entry.get("support", {}).items()),
        )
        for entry in manifest["groups"]
    ]
    return Speedups(groups)


class SpeedupFinder(importlib.abc.MetaPathFinder):
    """Imports the modules of fresh groups from their builds."""

    def __init__(self, builds: dict[str, Path]) -> None:
        self.builds = builds

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        build = self.builds.get(fullname)
        if build is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(build))
        return importlib.util.spec_from_file_location(fullname, build, loader=loader)


def located() -> Speedups:
    """The speedups installed with this ``gamehall``: the first build on the path (none when
    no build was asked for)."""
    spec = importlib.util.find_spec(DIRECTORY)
    locations = (spec.submodule_search_locations or []) if spec else []
    sources = Path(__file__).resolve().parents[2]
    for place in map(Path, locations):
        if (place / MANIFEST).is_file():
            return read(place, sources)
    return Speedups()


_IN_USE: list[Group] = []


def install() -> None:
    """Use the fresh compiled groups from now on (once; not when ``GAMEHALL_PURE=1``)."""
    if any(isinstance(finder, SpeedupFinder) for finder in sys.meta_path):
        return
    if os.environ.get(PURE, "") not in ("", "0"):
        return
    _IN_USE[:] = located().fresh()
    builds: dict[str, Path] = {}
    for group in _IN_USE:
        builds |= group.builds()
    sys.meta_path.insert(0, SpeedupFinder(builds))


def in_use() -> dict[str, Path]:
    """The modules imported from a build, with their sources."""
    return {name: source for group in _IN_USE for name, source, _b, _sha in group.modules}


def stale() -> list[str]:
    """The compiled modules not used because their sources changed since the build."""
    return sorted(name for group in located().stale() for name, *_ in group.modules)
