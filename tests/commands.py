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


def python(
    env: dict[str, str], *arguments: str, status: int = 0, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """``python ARGUMENTS`` in the environment ``env`` (an installed plug-in on its path),
    which must end with exit status ``status``."""
    done = subprocess.run(
        [sys.executable, *arguments],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=900,
        check=False,
    )
    assert done.returncode == status, (done.stdout[-2000:], done.stderr[-3000:])
    return done
