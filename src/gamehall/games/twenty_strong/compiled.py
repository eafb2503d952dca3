"""Whether the 20 Strong hot path runs compiled by mypyc, and a guard against stale builds.

``make`` compiles a few modules of this package in place (``scripts/compile.sh``); Python
then imports the compiled module instead of its source. A source edited after its build
would be silently ignored, so importing the package refuses such a build.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).parent


def builds(package: Path = PACKAGE) -> list[tuple[Path, Path]]:
    """Each compiled module under ``package`` with its source."""
    return sorted(
        (build, build.with_name(build.name.split(".", 1)[0] + ".py"))
        for build in package.rglob("*.so")
    )


def is_compiled() -> bool:
    """Whether the rules run compiled (else as plain Python, with the same results)."""
    from gamehall.games.twenty_strong import rules

    return str(rules.__file__).endswith(".so")


def check_builds(package: Path = PACKAGE) -> None:
    """Refuse a compiled module older than its source (``make`` rebuilds it)."""
    for build, source in builds(package):
        if source.exists() and source.stat().st_mtime > build.stat().st_mtime:
            raise ImportError(
                f"{build} is older than {source.name}: run `make compiled` to rebuild it, "
                "or `make pure` to run the sources"
            )
