"""The compiled speedups are used only while their sources are the ones they were built from, a
group all together (gamehall.core.speedups); tests/twenty_strong/test_compiled.py builds a real
wheel."""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
from pathlib import Path

from gamehall.core.speedups import SpeedupFinder, digest, read

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def build(tmp_path: Path, suffix: str = SUFFIX) -> tuple[Path, Path]:
    """Sources of three modules and a manifest of their builds: ``a`` and ``b`` compiled
    together (mypyc), ``c`` alone (Cython)."""
    sources, speedups = tmp_path / "src", tmp_path / "gamehall_speedups"
    (sources / "gamehall").mkdir(parents=True)
    speedups.mkdir()
    for name in "abc":
        (sources / "gamehall" / f"{name}.py").write_text(f"NAME = {name!r}\n")

    def entry(name: str) -> dict[str, str]:
        source = sources / "gamehall" / f"{name}.py"
        return {
            "source": f"gamehall/{name}.py",
            "build": f"gamehall/{name}{suffix}",
            "sha256": hashlib.sha256(source.read_bytes()).hexdigest(),
        }

    manifest = {
        "suffix": suffix,
        "groups": [
            {
                "compiler": "mypyc",
                "modules": {"gamehall.a": entry("a"), "gamehall.b": entry("b")},
                "support": {"abc__mypyc": f"abc__mypyc{suffix}"},
            },
            {"compiler": "cython", "modules": {"gamehall.c": entry("c")}},
        ],
    }
    (speedups / "manifest.json").write_text(json.dumps(manifest))
    return sources, speedups


def test_builds_of_unchanged_sources_are_used_with_their_support_library(tmp_path: Path) -> None:
    sources, speedups = build(tmp_path)
    found = read(speedups, sources)
    assert [g.compiler for g in found.fresh()] == ["mypyc", "cython"] and not found.stale()
    assert found.fresh()[0].builds() == {
        "gamehall.a": speedups / "gamehall" / f"a{SUFFIX}",
        "gamehall.b": speedups / "gamehall" / f"b{SUFFIX}",
        "abc__mypyc": speedups / f"abc__mypyc{SUFFIX}",
    }


def test_a_changed_source_leaves_its_whole_group_to_the_sources(tmp_path: Path) -> None:
    """mypyc's modules call into each other's native code: one changed source (a pull, an
    edit) and none of its group is used; the other groups still are."""
    sources, speedups = build(tmp_path)
    (sources / "gamehall" / "b.py").write_text("NAME = 'b, changed'\n")
    found = read(speedups, sources)
    assert [g.compiler for g in found.stale()] == ["mypyc"]
    assert [g.compiler for g in found.fresh()] == ["cython"]
    (sources / "gamehall" / "c.py").unlink()  # a source gone: its build is not used either
    assert read(speedups, sources).fresh() == []


def test_a_build_for_another_python_is_not_used(tmp_path: Path) -> None:
    sources, speedups = build(tmp_path, suffix=".cpython-399-x86_64-linux-gnu.so")
    assert read(speedups, sources).groups == []


def test_the_finder_imports_listed_modules_from_their_builds_and_nothing_else(
    tmp_path: Path,
) -> None:
    sources, speedups = build(tmp_path)
    builds = read(speedups, sources).fresh()[1].builds()
    finder = SpeedupFinder(builds)
    spec = finder.find_spec("gamehall.c", None)
    assert spec is not None and spec.origin == str(speedups / "gamehall" / f"c{SUFFIX}")
    assert isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)
    assert finder.find_spec("gamehall.a", None) is None


def test_the_digest_is_the_sha256_of_the_bytes(tmp_path: Path) -> None:
    path = tmp_path / "x.py"
    path.write_bytes(b"x = 1\n")
    assert digest(path) == hashlib.sha256(b"x = 1\n").hexdigest()
