"""Check the project's clause index (docs/rules/) against the clause files it follows.

Run by a maintainer where the shared rule clauses sit beside the repository (``make
clause-index``; the path may be given): the index must hold exactly their IDs, in their order,
each stated in the project's own words (no statement copied word for word). The test suite
never reads outside the repository; this check is how the index is kept in step.

    python scripts/check_clause_index.py [CLAUSES_DIR]
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.test_clause_coverage import CLAUSES, IMPLEMENTED, clause_ids, statements  # noqa: E402

DEFAULT = ROOT.parent / "shared" / "rules" / "clauses"


def problems(shared: Path) -> list[str]:
    """What differs between the index and the clause files in ``shared``, one line each."""
    found = []
    for file, prefix in sorted(IMPLEMENTED.items()):
        ours, theirs = clause_ids(CLAUSES / file, prefix), clause_ids(shared / file, prefix)
        missing = sorted(set(theirs) - set(ours))
        unknown = sorted(set(ours) - set(theirs))
        if missing:
            found.append(f"{file}: clauses missing from the index: {', '.join(missing)}")
        if unknown:
            found.append(f"{file}: index clauses unknown to the clause file: {', '.join(unknown)}")
        if not missing and not unknown and ours != theirs:
            found.append(f"{file}: the index lists the clauses in another order")
        source, stated = statements(shared / file), statements(CLAUSES / file)
        copied = [clause for clause, text in stated.items() if text == source.get(clause)]
        if copied:
            found.append(f"{file}: statements copied word for word: {', '.join(copied)}")
    return found


def main() -> None:
    """Print every problem; exit 1 if there is one, 2 if the clause files are not there."""
    shared = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    if not shared.is_dir():
        print(f"error: no clause files at {shared}", file=sys.stderr)
        sys.exit(2)
    found = problems(shared)
    print("\n".join(found) or f"the index follows {shared}: {len(IMPLEMENTED)} files agree")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
