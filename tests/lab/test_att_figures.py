# ruff: noqa: N802  (test names carry clause IDs such as ATT_ENC_1 in capitals)
"""The lab's Ancient Terrible Things figures (:mod:`gamehall.games.ancient_terrible_things.figures`)
read off seeded games between heuristic bots, checked against counts taken another way."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from gamehall.bots import make_bot
from gamehall.core.match import Match
from gamehall.core.registry import create
from gamehall.games.ancient_terrible_things import actions as act
from gamehall.games.ancient_terrible_things import figures as att_figures
from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings
from gamehall.games.ancient_terrible_things.state import ENCOUNTER

KINDS = att_figures.KINDS
FIGURES = att_figures.AncientTerribleThingsFigures()
GAMES = [(2, 1), (2, 7), (4, 3), (4, 11)]
"""(players, seed) of the games played."""


@cache
def played(players: int, seed: int) -> tuple[AncientTerribleThings, Match]:
    """A finished game between heuristic bots."""
    game = create("ancient-terrible-things", players, {})
    assert isinstance(game, AncientTerribleThings)
    match = Match(game, seed, [make_bot("heuristic", game.name) for _ in range(players)])
    match.play_out(20_000)
    return game, match


@cache
def figures(players: int, seed: int) -> dict[str, Any]:
    """The per-game line of a played game: the generic keys and what ``read`` gives."""
    game, match = played(players, seed)
    outcome = match.outcome()
    assert outcome is not None
    return {"seed": seed, **outcome.to_json(), "steps": len(match.actions)} | FIGURES.read(
        game, match
    )


def resolutions(game: AncientTerribleThings, match: Match) -> dict[str, dict[str, int]]:
    """Tried and met per kind and overall, counted from the resolving actions (``defeat N`` or
    ``fail``) and the encounter card on the board before each."""
    counts = {key: {"tried": 0, "met": 0} for key in (*KINDS, "encounters")}
    for before, action in zip(match.states, match.actions, strict=False):
        if not (isinstance(action, act.Defeat) or action == act.Plain("fail")):
            continue
        encounter = before.board[game.location_slot(before)]
        printed = {c.kind for c in game.cards.encounters[encounter].combos}
        for key in (*printed, "encounters"):
            counts[key]["tried"] += 1
            counts[key]["met"] += isinstance(action, act.Defeat)
    return counts


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_keys_and_json(players: int, seed: int) -> None:
    """``read`` gives exactly combos (every engine kind), encounters and secrets, as JSON."""
    read = FIGURES.read(*played(players, seed))
    assert set(read) == {"combos", "encounters", "secrets"}
    assert list(read["combos"]) == ["high", "pair", "set", "straight"]
    assert all(set(c) == {"tried", "met"} for c in (*read["combos"].values(), read["encounters"]))
    assert len(read["secrets"]) == players
    assert json.loads(json.dumps(read)) == read


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_met_within_tried(players: int, seed: int) -> None:
    """Met never exceeds tried, per kind and overall; each card prints at least one kind
    (ATT-RES-1), so the kinds' attempts cover every encounter attempt."""
    read = FIGURES.read(*played(players, seed))
    encounters, combos = read["encounters"], read["combos"].values()
    assert 0 < encounters["met"] <= encounters["tried"]
    for kind in combos:
        assert 0 <= kind["met"] <= kind["tried"] <= encounters["tried"]
        assert kind["tried"] - kind["met"] <= encounters["tried"] - encounters["met"]
    assert sum(kind["tried"] for kind in combos) >= encounters["tried"]
    assert sum(kind["met"] for kind in combos) >= encounters["met"]


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_attempts_match_actions_ATT_ENC_1(players: int, seed: int) -> None:
    """ATT-ENC-1, ATT-ENC-2, ATT-RES-10, ATT-RES-11: every encounter whose dice were rolled (the
    ``leave`` out of the shop) ends in one ``defeat`` or one ``fail``; counting those actions and
    the cards on the board gives the same figures as reading the states."""
    game, match = played(players, seed)
    read = FIGURES.read(game, match)
    counted = resolutions(game, match)
    assert match.actions.count(act.Plain("leave")) == read["encounters"]["tried"]
    assert counted["encounters"] == read["encounters"]
    assert {kind: counted[kind] for kind in KINDS} == read["combos"]


def test_cut_short_attempt_is_tried_not_met() -> None:
    """ATT-ENC-2: an encounter counts as tried once its dice are rolled, and stays unmet if the
    match stops before its resolution."""
    game, full = played(2, 1)
    rolled = next(
        i
        for i, (a, b) in enumerate(zip(full.states, full.states[1:], strict=False))
        if a.step != ENCOUNTER and b.step == ENCOUNTER
    )
    cut = Match(game, 1)
    for action in full.actions[: rolled + 1]:
        cut.play(action)
    assert FIGURES.read(game, cut)["encounters"] == {"tried": 1, "met": 0}


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_secrets_are_the_scores_ATT_SCORE_1(players: int, seed: int) -> None:
    """ATT-SCORE-1..5, ATT-WIN-1: the final Secrets are the outcome's scores, the standing in
    the last state, and every winner holds the most."""
    game, match = played(players, seed)
    outcome = match.outcome()
    assert outcome is not None
    read = FIGURES.read(game, match)
    assert read["secrets"] == list(outcome.scores)
    assert list(FIGURES.standing(game, match.states[-1])) == read["secrets"]
    assert FIGURES.standing(game, match.states[0]) == [0] * players
    assert all(read["secrets"][w] == max(read["secrets"]) for w in outcome.winners)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_summary_of_two_copies(players: int, seed: int) -> None:
    """Two copies of one game double every tried and met, keep every rate, and put the
    winner's Secrets twice in the distribution."""
    line = figures(players, seed)
    once, twice = FIGURES.summarize([line]), FIGURES.summarize([line, line])
    assert list(twice["combos"]) == sorted(KINDS)
    for key in KINDS:
        single, double = once["combos"][key], twice["combos"][key]
        assert (double["tried"], double["met"]) == (2 * single["tried"], 2 * single["met"])
        assert double["rate"] == single["rate"]
        assert single["rate"] == (single["met"] / single["tried"] if single["tried"] else 0.0)
    assert twice["encounters"] == {
        **{k: 2 * once["encounters"][k] for k in ("tried", "met")},
        "rate": line["encounters"]["met"] / line["encounters"]["tried"],
    }
    best = max(line["secrets"])
    assert twice["secrets"] == once["secrets"]
    assert (twice["secrets"]["min"], twice["secrets"]["max"]) == (best, best)


def test_summary_rates_without_attempts() -> None:
    """A kind never tried has rate 0; a game without a winner adds no Secrets."""
    empty = {"tried": 0, "met": 0}
    line = {
        "winners": [],
        "combos": {kind: empty for kind in KINDS},
        "encounters": empty,
        "secrets": [3, 5],
    }
    summary = FIGURES.summarize([line])
    assert summary["encounters"] == {"tried": 0, "met": 0, "rate": 0.0}
    assert all(row["rate"] == 0.0 for row in summary["combos"].values())
    assert summary["secrets"]["max"] == 0.0
