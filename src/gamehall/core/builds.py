"""A guard against stale compiled modules.

``make`` compiles a few hot modules in place (``scripts/compile.sh``: the 20 Strong rules,
the learning loop's arrays, observation features); Python then imports the compiled module
instead of its source. A source edited after its build would be silently ignored, so the
packages holding such modules refuse a stale build when they are imported.
"""

from __future__ import annotations

from pathlib import Path


def builds(package: Path) -> list[tuple[Path, Path]]:
    """Each compiled module under ``package`` with its source."""
    return sorted(
        (build, build.with_name(build.name.split(".", 1)[0] + ".py"))
        for build in package.rglob("*.so")
    )


def check_builds(package: Path) -> None:
    """Refuse a compiled module older than its source (``make`` rebuilds it)."""
    for build, source in builds(package):
        if source.exists() and source.stat().st_mtime > build.stat().st_mtime:
            raise ImportError(
                f"{build} is older than {source.name}: run `make compiled` to rebuild it, "
                "or `make pure` to run the sources"
            )
