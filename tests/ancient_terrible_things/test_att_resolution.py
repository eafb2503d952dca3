# ruff: noqa: N802  (test names carry clause IDs such as ATT_RES_1 in capitals)
"""Scenario tests for the Ancient Terrible Things resolution: the combinations, the Action
dice, success and failure (ATT-RES-*; see docs/rules/ancient-terrible-things.md).

The combination test itself (:func:`dice.meets`) is checked against a brute-force reading of
the rules over every dice roll Hypothesis draws; the scenario tests check that the engine
offers ``defeat N`` exactly for the combinations the dice form.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamehall.core.game import CHANCE
from gamehall.games.ancient_terrible_things.dice import meets
from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings
from gamehall.games.ancient_terrible_things.state import AttState
from tests.ancient_terrible_things.scenario import (
    EASY,
    code_of,
    encounter,
    explore,
    legal,
    new_game,
    place,
    play,
    rejects,
    roll,
    start,
    tokens,
)


def defeats(game: AncientTerribleThings, state: AttState) -> list[str]:
    """The ``defeat N`` actions legal now, and ``fail`` if it is."""
    return [a for a in legal(game, state) if a.startswith("defeat") or a == "fail"]


def fight(
    location: str,
    focus: Sequence[int],
    encounters: Sequence[str] = EASY,
    scenario: str = "scn-lost-expedition",
    action: Sequence[str] = ("blank", "blank"),
    edit: Callable[[AncientTerribleThings, AttState], AttState] | None = None,
) -> tuple[AncientTerribleThings, AttState]:
    """Seat 1 fights at ``location`` with ``focus``; the scenario is the run of five (1-5)
    unless given. ``edit`` changes the state before the pawn moves (a direct edit)."""
    game = new_game(2)
    state = start(game, list(encounters), scenario=scenario)
    if edit:
        state = edit(game, state)
    return game, encounter(game, state, location, focus, action)


# -- the combination kinds ---------------------------------------------------------------


def brute_force(kind: str, minimum: int, size: int, values: list[int]) -> bool:
    """The rules read literally: some ``size`` of the dice form the combination."""
    for chosen in combinations(values, size):
        low = min(chosen)
        if kind == "high" and chosen[0] >= minimum:
            return True
        if kind in ("pair", "set") and len(set(chosen)) == 1 and low >= minimum:
            return True
        consecutive = sorted(chosen) == list(range(low, low + size))
        if kind == "straight" and consecutive and low >= minimum:
            return True
    return False


COMBOS = st.one_of(
    st.tuples(st.just("high"), st.integers(1, 6), st.just(1)),
    st.tuples(st.just("pair"), st.integers(1, 6), st.just(2)),
    st.tuples(st.just("set"), st.integers(1, 6), st.integers(3, 7)),
    st.tuples(st.just("straight"), st.integers(1, 6), st.integers(3, 7)),
)
DICE = st.lists(st.integers(1, 6), min_size=1, max_size=7)


@settings(max_examples=400, deadline=None)
@given(COMBOS, DICE)
def test_ATT_RES_3_to_7_meets_matches_the_rules_for_every_roll(combo, values) -> None:
    """ATT-RES-3, ATT-RES-4, ATT-RES-5, ATT-RES-6, ATT-RES-7: one die >= n; two equal dice
    >= n; ``size`` (3 or more) equal dice >= n; ``size`` (3 or more) consecutive values whose
    lowest is >= n; every printed value a minimum. :func:`meets` agrees with a brute-force
    search over every choice of dice, for 1 to 7 dice (extra dice included)."""
    kind, minimum, size = combo
    assert meets(combo, values) == brute_force(kind, minimum, size, values)


def test_ATT_RES_1_any_printed_combination_defeats_the_encounter() -> None:
    """ATT-RES-1: the Whispering Idol prints a pair >= 3 and a straight from 4: the dice that
    form only one of them may defeat it with that one, and only that one."""
    game, state = fight("loc-shrine", (4, 5, 6, 1, 2))
    assert defeats(game, state) == ["defeat 2"]
    rejects(game, state, "defeat 1", "your Focus dice do not form that combination")
    rejects(game, state, "fail", "your dice form a combination")
    won = play(game, state, "defeat 2")
    assert code_of(game, "encounter", won.players[0].trophies) == ["enc-whispering-idol"]
    game, state = fight("loc-shrine", (3, 3, 1, 2, 6))
    assert defeats(game, state) == ["defeat 1"]
    game, state = fight("loc-shrine", (3, 3, 4, 5, 6))
    assert defeats(game, state) == ["defeat 1", "defeat 2"]
    game, state = fight("loc-shrine", (1, 2, 3, 5, 6))
    assert defeats(game, state) == ["fail"]


def test_ATT_RES_2_scenario_combinations_beat_every_encounter() -> None:
    """ATT-RES-2 (house choice ATT-R11): the Black Eclipse (four of a kind >= 4, straight of 4
    from 3) is accepted beside the Crooked Guide's own combination (one die >= 6), with the
    same kinds and minimums; beating the Guide that way is an ordinary victory."""
    eclipse = "scn-black-eclipse"
    game, state = fight("loc-archive", (4, 4, 4, 4, 1), scenario=eclipse)
    combos = game.view(state, 0)["combos"]
    assert [(c["kind"], c["minimum"], c["size"], c["scenario"]) for c in combos] == [
        ("high", 6, 1, False),
        ("set", 4, 4, True),
        ("straight", 3, 4, True),
    ]
    assert defeats(game, state) == ["defeat 2"]
    won = play(game, state, "defeat 2")
    assert code_of(game, "encounter", won.players[0].trophies) == ["enc-crooked-guide"]
    assert game.view(won, 0)["players"][0]["secrets"] == 2
    game, state = fight("loc-archive", (3, 3, 3, 3, 1), scenario=eclipse)  # below the minimum 4
    assert defeats(game, state) == ["fail"]
    game, state = fight("loc-archive", (2, 3, 4, 5, 2), scenario=eclipse)  # a run from 2, not 3
    assert defeats(game, state) == ["fail"]
    game, state = fight("loc-archive", (5, 5, 5, 5, 5), scenario=eclipse)  # five of a kind >= 4
    assert defeats(game, state) == ["defeat 2"]


def test_ATT_RES_3_high_value() -> None:
    """ATT-RES-3: the Crooked Guide (one die >= 6): a 6 defeats it, a 5 does not."""
    game, state = fight("loc-archive", (1, 6, 2, 2, 3))
    assert defeats(game, state) == ["defeat 1"]
    game, state = fight("loc-archive", (5, 5, 4, 3, 1))
    assert defeats(game, state) == ["fail"]


def test_ATT_RES_4_pair() -> None:
    """ATT-RES-4: the Rotten Rope Bridge (pair >= 3): two 3s defeat it; two 2s do not, nor
    five different values."""
    game, state = fight("loc-trading-post", (3, 1, 3, 2, 6))
    assert defeats(game, state) == ["defeat 1"]
    game, state = fight("loc-trading-post", (2, 2, 1, 4, 6))
    assert defeats(game, state) == ["fail"]
    game, state = fight("loc-trading-post", (1, 2, 4, 5, 6))
    assert defeats(game, state) == ["fail"]


def test_ATT_RES_5_set_of_three_or_more() -> None:
    """ATT-RES-5: the Sucking Quicksand (one die >= 6, or a set of 3 >= 1): three 2s defeat
    it, two pairs do not."""
    quicksand = ["enc-sucking-quicksand", *EASY[1:4]]
    game, state = fight("loc-trading-post", (2, 2, 2, 1, 5), quicksand)
    assert defeats(game, state) == ["defeat 2"]
    game, state = fight("loc-trading-post", (2, 2, 1, 1, 5), quicksand)
    assert defeats(game, state) == ["fail"]


@pytest.mark.parametrize(
    ("focus", "result"),
    [((2, 2, 2, 6, 6), ["fail"]), ((2, 2, 2, 2, 6), ["defeat 2"]), ((2, 2, 2, 2, 2), ["defeat 2"])],
)
def test_ATT_RES_5_a_printed_count_above_three_is_a_minimum(focus, result) -> None:
    """ATT-RES-5: the Endless Stair asks for four of a kind (>= 1): three are not enough,
    four or five are. The card is placed beside the Trading Post by a direct edit (it is a
    tier-3 card)."""
    game, state = fight(
        "loc-trading-post",
        focus,
        edit=lambda game, state: place(game, state, 0, "enc-endless-stair"),
    )
    assert game.view(state, 0)["combos"][1] == {
        "kind": "set",
        "minimum": 1,
        "size": 4,
        "met": result != ["fail"],
        "scenario": False,
    }
    assert defeats(game, state) == result


def test_ATT_RES_6_straight_of_three_or_more_from_the_minimum() -> None:
    """ATT-RES-6: the Marsh Lights (straight of 3 from 2, or one die >= 6): 2-3-4 defeats them
    (duplicates do not matter), 1-2-3 does not (its lowest value is below 2); the Knife-Throwing
    Smuggler asks for a straight of 4: 1-2-3 is not enough, 1-2-3-4 is."""
    game, state = fight("loc-chasm", (2, 3, 3, 4, 1))
    assert defeats(game, state) == ["defeat 1"]
    game, state = fight("loc-chasm", (1, 2, 3, 1, 5))
    assert defeats(game, state) == ["fail"]
    smuggler = ["enc-knife-throwing-smuggler", *EASY[1:4]]  # pair >= 4, straight of 4 from 1
    game, state = fight("loc-trading-post", (1, 2, 3, 5, 6), smuggler)
    assert defeats(game, state) == ["fail"]
    game, state = fight("loc-trading-post", (1, 2, 3, 4, 6), smuggler)
    assert defeats(game, state) == ["defeat 2"]


def test_ATT_RES_7_printed_values_are_minimums() -> None:
    """ATT-RES-7: the Grinning Scarecrow prints a pair >= 4 and a straight from 3: a pair of
    6s meets the pair, 4-5-6 meets the straight; a pair of 3s does not."""
    scarecrow = ["enc-grinning-scarecrow", *EASY[1:4]]
    game, state = fight("loc-trading-post", (6, 6, 1, 2, 1), scarecrow)
    assert defeats(game, state) == ["defeat 1"]
    game, state = fight("loc-trading-post", (4, 5, 6, 1, 1), scarecrow)
    assert defeats(game, state) == ["defeat 2"]
    game, state = fight("loc-trading-post", (3, 3, 1, 2, 1), scarecrow)
    assert defeats(game, state) == ["fail"]


def test_ATT_RES_8_only_focus_dice_count() -> None:
    """ATT-RES-8 (house choice ATT-R8): Action dice carry a symbol or a blank, never a number,
    and do not count: the Focus dice 1-5 do not beat the Guide (one die >= 6) whatever the
    Action dice show."""
    game = new_game(2)
    state = explore(game, start(game, scenario="scn-lost-expedition"), "loc-archive")
    state = play(game, state, "leave")
    state = play(game, state, "roll f1 1; roll f2 2; roll f3 3; roll f4 4; roll f5 1")
    assert game.to_move(state) == CHANCE
    assert all(not str(a).split()[-1].isdigit() for a in game.chance_weights(state).actions)
    rejects(
        game, state, "roll a1 6", "cannot happen now: the next outcome is one of 4 (roll a1 blank"
    )
    state = roll(game, state, (), ("treasure", "mystery"))
    assert game.view(state, 0)["dice"]["action"] == ["treasure", "mystery"]
    assert defeats(game, state) == ["fail"]


@pytest.mark.parametrize("symbol", ["treasure", "feat", "mystery"])
def test_ATT_RES_9_an_unused_action_die_is_cashed_for_its_resource(symbol: str) -> None:
    """ATT-RES-9: an unused Action die showing a symbol gives one token of that resource; the
    die is then used and cannot be cashed again; a blank die gives nothing."""
    game, state = fight("loc-archive", (1, 2, 3, 4, 1), action=(symbol, "blank"))
    before = tokens(state, 0)
    assert "cash a1" in legal(game, state) and "cash a2" not in legal(game, state)
    state = play(game, state, "cash a1")
    assert tokens(state, 0) == {**before, symbol: before[symbol] + 1}
    assert state.dice.used == (True, False)
    rejects(game, state, "cash a1", "that Action die is already used")
    rejects(game, state, "cash a2", "that Action die shows no resource symbol")


def test_ATT_RES_9_a_die_spent_on_loot_cannot_be_cashed() -> None:
    """ATT-RES-9: an Action die spent on a Loot card (the Machete, bought at the Trading Post)
    is used: it cannot be cashed."""
    game = new_game(2)
    state = explore(game, start(game, scenario="scn-lost-expedition"), "loc-trading-post")
    state = play(game, state, "buy loot-trusty-machete; leave")
    state = roll(game, state, (1, 2, 4, 5, 6), ("feat", "feat"))
    state = play(game, state, "loot loot-trusty-machete a2; done")
    assert "cash a2" not in legal(game, state) and "cash a1" in legal(game, state)
    rejects(game, state, "cash a2", "that Action die is already used")


def test_ATT_RES_10_a_defeated_encounter_goes_under_the_board() -> None:
    """ATT-RES-10: success: the Guide leaves the Archive and joins seat 1's defeated cards,
    where its 2 Secrets count; no Terrible Thing is taken."""
    game, state = fight("loc-archive", (6, 1, 2, 2, 3))
    state = play(game, state, "defeat 1")
    view = game.view(state, 1)
    assert view["locations"][1]["encounter"] is None
    player = view["players"][0]
    assert player["trophies"] == ["enc-crooked-guide"] and player["secrets"] == 2
    assert player["terrible"] == 0 and view["supply"] == 7 and view["discard"] == []
    assert view["last"] == {"seat": 0, "encounter": "enc-crooked-guide", "defeated": True}


def test_ATT_RES_11_a_failed_encounter_is_discarded_for_a_terrible_thing() -> None:
    """ATT-RES-11: failure: the Guide leaves the Archive for the discard pile and seat 1 takes
    a Terrible Thing token from the supply (7 -> 6)."""
    game, state = fight("loc-archive", (1, 2, 3, 4, 1))
    state = play(game, state, "fail")
    view = game.view(state, 1)
    assert view["locations"][1]["encounter"] is None
    assert view["discard"] == ["enc-crooked-guide"]
    player = view["players"][0]
    assert player["trophies"] == [] and player["terrible"] == 1 and player["flipped"] == 0
    assert view["supply"] == 6
    assert view["last"] == {"seat": 0, "encounter": "enc-crooked-guide", "defeated": False}
