"""``gamehall migrate``: the schema brought up to date once, before the workers start; workers
that migrate together at start take turns (PostgreSQL's advisory lock); a database that
cannot be opened or reached is refused in one line, its password never shown."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from subprocess import PIPE

from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from gamehall.store.database import MIGRATIONS, connect, shown_url
from tests.commands import gamehall
from tests.web.conftest import postgres_url

HEAD = ScriptDirectory(str(MIGRATIONS)).get_current_head()


def test_migrate_creates_the_schema_then_finds_it_up_to_date(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'hall.db'}"
    first = gamehall(f"migrate --database {url}")
    assert first.returncode == 0, first.stderr
    assert first.stdout.strip() == f"The database {url} was created at revision {HEAD}."
    again = gamehall(f"migrate --database {url} --lang fr")
    assert again.returncode == 0, again.stderr
    assert again.stdout.strip() == (
        f"La base de données {url} était déjà à jour (révision {HEAD}) : rien n'a changé."
    )
    engine = connect(url)
    try:
        assert "actions" in inspect(engine).get_table_names()
    finally:
        engine.dispose()


def test_a_database_that_cannot_be_opened_or_reached_is_refused_in_one_line() -> None:
    for url, words in (
        ("nope://somewhere", "nope://somewhere is not a database URL gamehall can open"),
        (
            "postgresql://hall:s3cret@127.0.0.1:1/hall",
            "cannot reach the database postgresql://hall:***@127.0.0.1:1/hall: ",
        ),
        (
            "sqlite:////nonexistent/dir/hall.db",
            "cannot reach the database sqlite:////nonexistent/dir/",
        ),
    ):
        for command in ("migrate", "serve --port 1"):
            done = gamehall(f"{command} --database {url}", timeout=60)
            assert done.returncode == 2, (command, url, done.stderr)
            lines = done.stderr.strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
            assert words in lines[0] and "s3cret" not in done.stderr, lines[0]


def test_a_password_is_hidden_wherever_a_url_is_shown() -> None:
    assert shown_url("postgresql://hall:p@ss:w0rd@db/hall") == "postgresql://hall:***@db/hall"
    assert shown_url("sqlite:///hall.db") == "sqlite:///hall.db"


def test_workers_migrating_together_take_turns_on_postgresql() -> None:
    """Six ``gamehall migrate`` processes on one new database at once: one creates the schema,
    the others wait for it and find it done; none fails on a table another is creating."""
    url = postgres_url()
    assert url is not None
    command = [sys.executable, "-m", "gamehall", "migrate", "--database", url]
    workers = [subprocess.Popen(command, stdout=PIPE, stderr=PIPE, text=True) for _ in range(6)]
    try:
        said = [worker.communicate(timeout=120) for worker in workers]
    finally:
        for worker in workers:
            worker.kill()
            worker.wait()
    assert [worker.returncode for worker in workers] == [0] * 6, said
    outputs = sorted(out.strip() for out, _ in said)
    created = f"The database {url} was created at revision {HEAD}."
    found = f"The database {url} was already up to date (revision {HEAD}): nothing changed."
    assert outputs == sorted([created] + [found] * 5), said
