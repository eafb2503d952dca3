"""The build backend's hook that compiles gamehall's hot paths, when asked.

``GAMEHALL_SPEEDUPS=1 pip install .`` (or ``make compiled`` in a checkout, which installs it
editable) compiles the modules ``[tool.hatch.build.targets.wheel.hooks.custom] modules`` names:
those whose first line is ``# cython:`` with Cython (pure Python mode), the others together
with mypyc. The builds go into ``gamehall_speedups/`` of the wheel, beside the ``gamehall``
package, with a ``manifest.json`` recording the SHA-256 of each source;
``gamehall.core.speedups`` imports a build only while its sources are unchanged. Without the
variable the wheel holds the sources alone, which always run.

The compiling happens on a copy of the sources, so nothing is written beside them.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ASK = "GAMEHALL_SPEEDUPS"
COMPILERS = ["mypy>=1.11", "cython>=3.0", "setuptools>=69"]
OUT = "gamehall_speedups"


def wanted() -> bool:
    """Whether this build was asked to compile."""
    return os.environ.get(ASK, "") not in ("", "0")


def module_name(relative: Path) -> str:
    """``gamehall/rl/fast.py`` → ``gamehall.rl.fast``."""
    return ".".join(relative.with_suffix("").parts)


def build_of(source: Path) -> Path:
    """The extension module a compiler wrote beside ``source`` (on the copy)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    return source.with_name(source.stem + suffix)


def compile_copy(src: Path, patterns: list[str], work: Path) -> dict[str, Any]:
    """Compile the modules ``patterns`` name (globs under ``src``) on a copy in ``work``;
    the manifest of the builds, whose paths are relative to ``work``."""
    copy = work / "src"
    shutil.copytree(
        src / "gamehall",
        copy / "gamehall",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c", ".mypy_cache"),
    )
    sources = sorted({p.relative_to(src) for pattern in patterns for p in src.glob(pattern)})
    cython = [p for p in sources if (src / p).read_text().startswith("# cython:")]
    mypyc = [p for p in sources if p not in cython]
    groups: list[dict[str, Any]] = []
    if mypyc:  # Cython's pure-mode names carry no types, in any version the build fetched
        (copy / "mypy.ini").write_text("[mypy-cython]\nignore_missing_imports = True\n")
        before = set(copy.glob("*__mypyc*"))
        subprocess.run([sys.executable, "-m", "mypyc", *map(str, mypyc)], cwd=copy, check=True)
        support = sorted(set(copy.glob("*__mypyc*")) - before)
        groups.append(group("mypyc", copy, mypyc, support))
    for source in cython:  # each one stands alone
        command = [sys.executable, "-m", "Cython.Build.Cythonize", "-i", "-3", "-q", str(source)]
        subprocess.run(command, cwd=copy, check=True)
        groups.append(group("cython", copy, [source], []))
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    return {"suffix": suffix, "groups": groups}


def group(compiler: str, copy: Path, sources: list[Path], support: list[Path]) -> dict[str, Any]:
    """One group of the manifest."""
    modules = {
        module_name(source): {
            "source": str(source),
            "build": str(build_of(copy / source).relative_to(copy)),
            "sha256": hashlib.sha256((copy / source).read_bytes()).hexdigest(),  # as compiled
        }
        for source in sources
    }
    libraries = {path.name.split(".", 1)[0]: path.name for path in support}
    return {"compiler": compiler, "modules": modules, "support": libraries}


class SpeedupsHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles the hot paths into the wheel when ``GAMEHALL_SPEEDUPS=1``."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """The compilers, and what they read the sources' types from, when asked."""
        return [*COMPILERS, *self.metadata.core.dependencies] if wanted() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if not wanted():
            return
        self.work = Path(tempfile.mkdtemp(prefix="gamehall-speedups-"))
        manifest = compile_copy(Path(self.root) / "src", self.config["modules"], self.work)
        copy = self.work / "src"
        files = [copy / m["build"] for g in manifest["groups"] for m in g["modules"].values()]
        files += [copy / name for g in manifest["groups"] for name in g["support"].values()]
        (self.work / "manifest.json").write_text(json.dumps(manifest, indent=1))
        files.append(self.work / "manifest.json")
        target = "force_include_editable" if version == "editable" else "force_include"
        for path in files:
            place = path.relative_to(copy) if path.is_relative_to(copy) else path.name
            build_data[target][str(path)] = f"{OUT}/{place}"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if wanted():
            shutil.rmtree(self.work, ignore_errors=True)
