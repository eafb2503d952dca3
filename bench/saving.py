"""Where the benchmarks keep their figures: JSON files in ``bench/results/`` (not committed;
docs/performance.md quotes them)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"


def save(kind: str, figures: Any) -> Path:
    """Write ``figures`` as ``bench/results/KIND-<UTC time>.json`` (``-2``, ``-3``... after
    the time when two runs end in the same second); the path, relative to the repository."""
    RESULTS.mkdir(exist_ok=True)
    stem = f"{kind}-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}"
    path, number = RESULTS / f"{stem}.json", 1
    while True:
        try:
            with path.open("x") as file:  # never overwrites the figures of another run
                json.dump(figures, file, indent=1)
            return path.relative_to(RESULTS.parent.parent)
        except FileExistsError:
            number += 1
            path = RESULTS / f"{stem}-{number}.json"
