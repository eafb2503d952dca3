"""The lab's commands: a grid simulated and reported, and the deck workshop (issue 8)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from gamehall.games.twenty_strong.decks.too_many_bones.cards import HOUSE_FILE as TMB_FILE
from tests.commands import gamehall as run_gamehall


def gamehall(command: str) -> subprocess.CompletedProcess[str]:
    """``gamehall COMMAND`` on a wide terminal (the lab's tables are wide)."""
    return run_gamehall(command, columns=160)


def test_a_20_strong_grid_is_simulated_then_reported(tmp_path: Path) -> None:
    """Two heroes x every Tyrant x two ranks, one game each: a configuration each, the same
    seeds for all; the report's page names them and its images are PNG files."""
    run = tmp_path / "run"
    grid = "--hero duster,mossmender --tyrant all --rank 1,2 --bots heuristic --games 1"
    result = gamehall(f"simulate 20-strong {grid} --workers 2 --json --out {run}")
    assert result.returncode == 0, result.stderr
    configs = json.loads(result.stdout)["configs"]
    pairs = {(c["config"]["options"]["hero"], c["config"]["options"]["rank"]) for c in configs}
    assert len(configs) == 16 and len(pairs) == 4
    assert all(c["games"] == 1 and len(c["seats"]) == 1 for c in configs)
    reported = gamehall(f"report {run}")
    assert reported.returncode == 0, reported.stderr
    page = (run / "report" / "index.html").read_text()
    assert all(c["label"] in page for c in configs)
    heatmap = run / "report" / "heatmap-rank-1.png"
    assert heatmap.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_table_of_a_grid_and_a_bad_grid_is_one_line(tmp_path: Path) -> None:
    result = gamehall(
        f"simulate boss-quest --players 2,3 --bots heuristic,random --games 4 "
        f"--seat-orders --out {tmp_path / 'run'}"
    )
    assert result.returncode == 0, result.stderr
    assert "3p random/heuristic/random" in result.stdout and "95 % interval" in result.stdout
    bad = gamehall(f"simulate boss-quest --players two --out {tmp_path / 'bad'}")
    assert bad.returncode == 2
    assert bad.stderr.strip() == "error: --players takes counts such as 2,3,4, not two"
    again = gamehall(f"simulate boss-quest --out {tmp_path / 'run'}")
    assert again.returncode == 2 and "already holds a run" in again.stderr
    assert not (tmp_path / "bad").exists()


def test_deck_validate_lists_every_problem_and_exits_1(tmp_path: Path) -> None:
    good = gamehall(f"deck validate {TMB_FILE}")
    assert good.returncode == 0 and "no problem found" in good.stdout
    text = TMB_FILE.read_text().replace("health = 6", "health = 60", 1)
    text = text.replace("[[baddies]]", "[[baddie]]", 1)
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    result = gamehall(f"deck validate {bad}")
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 3 and all(line.startswith(f"{bad}: ") for line in lines)
    assert "gearlocs[0] (code 'duster'): health:" in lines[0]


def test_deck_report_measures_every_hero_against_every_boss(tmp_path: Path) -> None:
    """An owner's copy of the Too Many Bones cards: 5 Gearlocs x 4 Tyrants, one game each,
    and the report."""
    deck = tmp_path / "mine.toml"
    deck.write_text(TMB_FILE.read_text())
    result = gamehall(f"deck report {deck} --games 1 --workers 2 --out {tmp_path / 'run'}")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "run" / "report" / "index.html").exists()
    plan = json.loads((tmp_path / "run" / "run.json").read_text())
    assert len(plan["configs"]) == 20
    assert {c["options"]["deck_file"] for c in plan["configs"]} == {str(deck)}


def test_a_deck_file_is_played_by_the_rules_its_header_names(tmp_path: Path) -> None:
    """An owner's Victorum file needs no --deck: its ``[deck] id`` says Victorum."""
    from gamehall.games.twenty_strong.decks.victorum.cards import HOUSE_FILE as VIC_FILE

    deck = tmp_path / "mine.toml"
    deck.write_text(VIC_FILE.read_text())
    result = gamehall(f"play 20-strong --deck-file {deck} --bots 1 --seed 2")
    assert result.returncode == 0, result.stderr
    assert "Mount Vesuvius" in result.stdout
