# ruff: noqa: N802
"""The exact chance of completing an encounter's combination with the re-rolls in hand
(``ancient_terrible_things.odds.completion_odds``), and where the table shows it.

The chance is checked against a plain expectimax over every re-roll; the figures the view,
the terminal table and the web table show are the same. Clause text:
docs/rules/ancient-terrible-things.md; what counts: docs/rulings.md ATT-R14.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from fractions import Fraction

import pytest
from rich.console import Console

from gamehall.core.i18n import catalog
from gamehall.games.ancient_terrible_things.dice import Combo, meets
from gamehall.games.ancient_terrible_things.odds import completion_odds, reroll_odds
from gamehall.games.ancient_terrible_things.state import Choice
from gamehall.games.ancient_terrible_things.terminal import render_ancient_terrible_things
from tests.ancient_terrible_things.scenario import (
    adjust,
    adjust_player,
    encounter,
    new_game,
    start,
)


def naive(values: tuple[int, ...], aside: frozenset[int], combos: Sequence[Combo], left: int):
    """The best chance by trying every die to re-roll at every step (no sorting, no tables)."""
    if any(meets(c, values) for c in combos):
        return Fraction(1)
    free = [i for i in range(len(values)) if i not in aside]
    if not left or not free:
        return Fraction(0)
    best = Fraction(0)
    for i in free:
        total = sum(
            naive((*values[:i], face, *values[i + 1 :]), aside, combos, left - 1)
            for face in range(1, 7)
        )
        best = max(best, total / 6)
    return best


COMBOS: list[list[Combo]] = [
    [("pair", 5, 2)],
    [("set", 4, 3)],
    [("straight", 2, 4)],
    [("high", 6, 1), ("pair", 3, 2)],
    [("set", 1, 4), ("straight", 1, 3)],
]


@pytest.mark.parametrize("combos", COMBOS, ids=range(len(COMBOS)))
def test_ATT_ENC_7_focus_rerolls_played_best(combos: list[Combo]) -> None:
    """ATT-ENC-5, ATT-ENC-7, ATT-RES-3..7: with 0 to 3 Focus re-rolls (one die each, chosen
    after seeing the last), dice set aside kept, the chance equals a plain expectimax."""
    rng = random.Random(f"att-odds{combos}")
    for _ in range(8):
        values = tuple(rng.randint(1, 6) for _ in range(5))
        aside = frozenset(i for i in range(5) if rng.random() < 0.25)
        for left in range(4):
            expected = naive(values, aside, combos, left)
            assert completion_odds(values, sorted(aside), combos, left) == expected


def test_ATT_ENC_4_a_pending_reroll_comes_first() -> None:
    """ATT-ENC-4, ATT-ENC-7: a re-roll of up to N dice at once, waiting for its choice, is
    played best before the Focus re-rolls; with no Focus token it is the best single re-roll
    (``reroll_odds``), and re-rolling nothing stays a choice."""
    values, combos = (6, 1, 2, 3, 4), [("pair", 6, 2)]
    best = max(reroll_odds(values, (i,), combos) for i in range(1, 5))
    assert completion_odds(values, (), combos, 0, pending=1) == best == Fraction(1, 6)
    assert completion_odds(values, (0,), combos, 0, pending=2) == Fraction(11, 36)
    assert completion_odds((6, 6, 1, 2, 3), (), combos, 0, pending=3) == 1
    assert completion_odds(values, (), combos, 1, pending=1) == 1 - Fraction(5, 6) ** 2


def test_ATT_ENC_7_many_focus_tokens_stay_exact() -> None:
    """ATT-ENC-7: one free die needing a 6, with n Focus re-rolls, succeeds with chance exactly
    1 - (5/6)^n; exact past 24 re-rolls too, where the winning counts
    (out of 6^n) no longer fit the memo's machine words and stay Python ints."""
    values, aside, combos = (1, 1, 1, 1, 1), (0, 1, 2, 3), [("high", 6, 1)]
    for rerolls in (1, 5, 24, 25, 30):
        expected = 1 - Fraction(5, 6) ** rerolls
        assert completion_odds(values, aside, combos, rerolls) == expected


def test_edge_cases() -> None:
    """ATT-RES-1: a combination already formed is sure; without re-rolls or free dice the
    chance is the dice as they stand."""
    assert completion_odds((5, 5, 1, 2, 3), (), [("pair", 5, 2)], 0) == 1
    assert completion_odds((1, 1, 2, 2, 3), (), [("high", 6, 1)], 0) == 0
    assert completion_odds((1, 1, 2, 2, 3), range(5), [("high", 6, 1)], 4) == 0
    assert completion_odds((1, 1, 2, 2, 3), (), [("high", 6, 1)], 1) == Fraction(1, 6)
    assert completion_odds((1, 1, 2, 2, 3, 4), (), [("set", 6, 6)], 1) == 0


def _table(focus: int = 2):
    """Seat 1 at the Sealed Archive (Crooked Guide: one die >= 6; the scenario: four of a
    kind) with 1 1 2 4 5 and ``focus`` Focus tokens (a direct edit of the tokens)."""
    game = new_game(2)
    state = encounter(game, start(game), "loc-archive", (1, 1, 2, 4, 5))
    return game, adjust_player(state, 0, tokens={"focus": focus})


def test_ATT_ENC_7_view_shows_each_combination_chance() -> None:
    """ATT-ENC-7, ATT-RES-1: in the encounter, each combination shows its chance with the
    active player's Focus tokens, and ``odds`` the chance of any; every seat sees the same
    (dice and tokens are public), and the view stays JSON-ready."""
    game, state = _table(focus=2)
    combos = game.combos(state)
    views = [game.table_view(state, seat) for seat in (0, 1, None)]
    for view in views:
        json.dumps(view)
        assert view["odds"] == views[0]["odds"]
    assert all("odds" not in game.view(state, seat) for seat in (0, 1, None))  # bots' view
    view = views[0]
    focus = state.dice.focus
    assert view["odds"] == {
        "rerolls": 2,
        "pending": 0,
        "any": round(float(completion_odds(focus, (), combos, 2)), 4),
        "combos": [round(float(completion_odds(focus, (), [c], 2)), 4) for c in combos],
    }
    assert view["odds"]["combos"][0] == round(1 - 25 / 36, 4)  # a 6 in two tries


def test_view_counts_a_reroll_choice_in_progress() -> None:
    """ATT-ENC-4: while a re-roll effect waits for its choice, the chance plays it first (a
    direct edit puts the choice in place); while dice roll there is no chance shown."""
    game, state = _table(focus=0)
    state = adjust(state, choice=Choice("reroll", 2, 0))
    view = game.table_view(state, 0)
    assert view["odds"]["pending"] == 2
    assert view["odds"]["combos"][0] == round(1 - 25 / 36, 4)
    game, state = _table(focus=1)
    rolling = game.apply(state, game.parse_action("focus f1"))
    assert game.to_move(rolling) != 0 and "odds" not in game.table_view(rolling, 0)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_terminal_table_shows_the_chances(language: str) -> None:
    """The terminal table prints each combination's chance and the chance of any, in the
    player's language."""
    game, state = _table(focus=2)
    console = Console(width=200, record=True)
    console.print(
        render_ancient_terrible_things(game, game.table_view(state, 0), catalog(language))
    )
    text = console.export_text()
    if language == "en":
        assert "one die ≥ 6 (chance 31\xa0%)" in text
        assert "Chance to complete one, with 2 Focus re-rolls as well played: 33\xa0%" in text
    else:
        assert "un dé ≥ 6 (chance 31\xa0%)" in text
        assert "avec 2 relances Concentration au mieux : 33\xa0%" in text


def test_web_table_shows_the_chances() -> None:
    """The web table shows each combination's chance beside it and the chance of any."""
    from gamehall.web.views import GAME_VIEWS, environment, translator

    game, state = _table(focus=2)
    template = environment().get_template(GAME_VIEWS["ancient-terrible-things"].table)
    html = template.render(
        view=game.table_view(state, 0), legal=[], log=[], seq=1, seat=0, t=translator("fr"),
        lang="fr", game=game, info=None, over=False, to_move=0,
    )  # fmt: skip
    assert 'class="att-odds"' in html and "au mieux : 33\xa0%" in html
    assert "(chance 31\xa0%)" in html
