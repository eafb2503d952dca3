"""Where the benchmarks keep their figures: JSON files in ``bench/results/`` (not committed;
docs/performance.md quotes them)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"


def save(kind: str, figures: Any) -> Path:
    """Write ``figures`` as ``bench/results/KIND-<UTC time>.json``; the path, relative to the
    repository."""
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"{kind}-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}.json"
    path.write_text(json.dumps(figures, indent=1))
    return path.relative_to(RESULTS.parent.parent)
