"""Fixtures for the web hall: databases (SQLite, PostgreSQL), the app, a served process."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, sync_playwright
from sqlalchemy import Engine, create_engine, text

from bench.ports import free_port
from gamehall.store.database import connect
from gamehall.web.app import create_app
from gamehall.web.limits import GENEROUS, Caps

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


def postgres_url() -> str | None:
    """A fresh PostgreSQL database for one test, when a server is available."""
    base = os.environ.get("GAMEHALL_TEST_POSTGRES_URL")
    if not base:
        if os.environ.get("CI"):
            pytest.fail("CI must run the PostgreSQL tests: use scripts/with-postgres.sh")
        pytest.skip("no PostgreSQL server (run the tests through scripts/with-postgres.sh)")
    name = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(
        base.replace("postgresql://", "postgresql+psycopg://"), isolation_level="AUTOCOMMIT"
    )
    with admin.connect() as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))
    admin.dispose()
    return base.rsplit("/", 1)[0] + "/" + name


@pytest.fixture
def postgres_engine() -> Iterator[Engine]:
    """A new PostgreSQL database's engine, disposed of after the test."""
    url = postgres_url()
    assert url is not None
    engine = connect(url)
    try:
        yield engine
    finally:
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each storage test runs on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'hall.db'}"
    url = postgres_url()
    assert url is not None
    return url


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The web hall on a fresh SQLite database, driven in-process.

    A person who leaves keeps the seat for ten minutes: on a loaded machine the gap between two
    of a test's sockets may last seconds, and no bot may take a seat the test is playing. The
    rates are generous: a test acts far faster than people do, from one address.
    """
    app = create_app(f"sqlite:///{tmp_path / 'hall.db'}", leave_grace=600, caps=GENEROUS)
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def leaving_client(tmp_path: Path) -> Iterator[TestClient]:
    """The web hall with a half-second grace: for the tests of a person who leaves."""
    app = create_app(f"sqlite:///{tmp_path / 'hall.db'}", leave_grace=0.5, caps=GENEROUS)
    with TestClient(app) as test_client:
        yield test_client


START_WAIT = 180.0
"""How long a served hall may take to answer: generous, for a machine under load."""


class Server:
    """``gamehall serve`` in its own process, on loopback; ``caps``: what one client may ask
    (generous by default: the tests drive it from one address far faster than people do);
    ``options``: more of ``gamehall serve``'s options."""

    def __init__(
        self,
        database_url: str,
        port: int | None = None,
        caps: Caps = GENEROUS,
        options: Sequence[str] = (),
    ) -> None:
        self.database_url = database_url
        self.caps = caps
        self.options = list(options)
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the server and wait until it answers."""
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gamehall",
                "serve",
                "--port",
                str(self.port),
                "--database",
                self.database_url,
                "--leave-grace",
                "600",
                *self.caps.arguments(),
                *self.options,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + START_WAIT
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                if httpx.get(self.base + "/api/health", timeout=5).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        status = self.process.poll()
        self.stop()  # never leave a half-started server behind
        if status is not None:
            raise RuntimeError(f"the server exited with status {status} before serving")
        raise RuntimeError(f"the server did not answer within {START_WAIT} s")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        assert self.process is not None
        self.process.kill()
        self.process.wait()

    def stop(self) -> None:
        """Stop the server if it still runs (SIGTERM, then SIGKILL if it lingers)."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A served web hall on a SQLite file."""
    running = Server(f"sqlite:///{tmp_path / 'hall.db'}")
    try:
        running.start()
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium driven by Playwright, one per test module."""
    from tests.web.test_browser import ARGS, CHROMIUM

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()
