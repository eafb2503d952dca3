"""Run ``gamehall`` as a person does: a separate process, a clean environment, a terminal of a
given width, and a deadline."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path


def gamehall(
    command: str,
    stdin: str = "",
    *,
    columns: int = 120,
    timeout: float = 300,
    home: Path | None = None,
) -> subprocess.CompletedProcess[str]:
    """``gamehall COMMAND`` (split like a shell) run to its end, ``stdin`` typed in, on a
    terminal ``columns`` wide; ``home`` is its GAMEHALL_HOME when given."""
    env = {"COLUMNS": str(columns), "PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8"}
    if home is not None:
        env["GAMEHALL_HOME"] = str(home)
    return subprocess.run(
        [sys.executable, "-m", "gamehall", *shlex.split(command)],
        check=False,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )
