"""Whether the 20 Strong hot path runs compiled by mypyc, and a guard against stale builds.

``make`` compiles a few modules of this package in place (``scripts/compile.sh``); Python
then imports the compiled module instead of its source. A source edited after its build
would be silently ignored, so importing the package refuses such a build.
"""

from __future__ import annotations

from pathlib import Path

from gamehall.core import builds as _builds

PACKAGE = Path(__file__).parent


def builds(package: Path = PACKAGE) -> list[tuple[Path, Path]]:
    """Each compiled module under ``package`` with its source."""
    return _builds.builds(package)


def is_compiled() -> bool:
    """Whether the rules run compiled (else as plain Python, with the same results)."""
    from gamehall.games.twenty_strong import rules

    return str(rules.__file__).endswith(".so")


def check_builds(package: Path = PACKAGE) -> None:
    """Refuse a compiled module older than its source (``make`` rebuilds it)."""
    _builds.check_builds(package)
