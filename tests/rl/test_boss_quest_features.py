"""Boss Quest observation features say what the view says, from the observer's seat.

Situations are forced with the Boss Quest :class:`Scenario` (seats 0-based in code; ``seat{r}``
in a feature name is relative: ``seat0`` is the observer, ``seat1`` the knight on their left).
"""

from __future__ import annotations

import pickle
import random
from functools import cache

import numpy as np
import pytest

from gamehall.core.state import replace_at
from gamehall.games.boss_quest import BossQuest
from gamehall.games.boss_quest.actions import DrawWeapon
from gamehall.games.boss_quest.features import BossQuestFeatures
from gamehall.games.boss_quest.state import OVER, BossQuestState
from tests.boss_quest.scenario import Scenario
from tests.rl.configs import played


@cache
def features_of(players: int, mystery: bool = True) -> BossQuestFeatures:
    return BossQuest(players, {"mystery": mystery}).features()


def seen(sc: Scenario, seat: int, state: BossQuestState | None = None) -> dict[str, float]:
    """Each feature of ``seat``'s observation, by name."""
    features = features_of(sc.game.players, bool(sc.game.options["mystery"]))
    vector = features.encode(state or sc.state, seat)
    return dict(zip(features.names, vector, strict=True))


def dealt(spells: tuple[str, ...] = ("hp+2", "atk+1", "cancel"), **options: object) -> Scenario:
    """Three knights dealt R5 B3 G2 hidden and R1 B2 G4 visible; seat 0 to move, boss 17."""
    sc = Scenario(3, **options)
    return sc.start(2, 17, spells, ("R5", "B3", "G2"), ("R1", "B2", "G4"))


@pytest.mark.parametrize(("players", "size"), [(2, 133), (3, 189), (5, 307)])
def test_the_vector_has_the_documented_size(players: int, size: int) -> None:
    assert len(features_of(players).names) == size


def test_the_boss_features_follow_the_views_hp() -> None:
    sc = dealt()
    before = seen(sc, 1)
    assert before["boss.present"] == 1.0
    assert before["boss.effective_hp"] == before["boss.hp"]
    sc.play("activate 1")  # hp+2
    view, after = sc.view(1)["boss"], seen(sc, 1)
    assert (view["hp"], view["effective_hp"]) == (17, 19)
    assert after["boss.hp"] == before["boss.hp"]
    assert after["boss.effective_hp"] / after["boss.hp"] == pytest.approx(19 / 17)
    assert after["slot1.kind.hp+2"] == after["slot1.status.active"] == 1.0


def test_a_hidden_weapon_is_seen_by_its_owner_only() -> None:
    sc = dealt()
    weapon = sc.game.cards.weapon_id
    other = sc.state.evolve()  # seat 0 holds R6 instead of R5, which goes to the deck
    other.hidden = replace_at(sc.state.hidden, 0, weapon("R6"))
    other.deck = tuple(DrawWeapon("R5") if d.card == "R6" else d for d in sc.state.deck)
    for seat in (1, 2):
        assert seen(sc, seat) == seen(sc, seat, other)
        assert sc.view(seat)["players"][0]["hidden"] == "?"
    mine, theirs = seen(sc, 0), seen(sc, 0, other)
    assert mine["seat0.hidden.value"] == pytest.approx(5 / 7)
    assert theirs["seat0.hidden.value"] == pytest.approx(6 / 7)
    assert mine["seat0.hidden.R"] == theirs["seat0.hidden.R"] == 1.0
    assert mine["seat0.attack"] < theirs["seat0.attack"]
    assert mine["seat0.margin"] == pytest.approx((17 - 6) / 14)
    from_left = seen(sc, 1)  # seat 0 sits two places on from seat 1
    assert from_left["seat2.has_hidden"] == 1.0
    assert from_left["seat2.hidden.value"] == from_left["seat2.attack"] == 0.0


def test_seats_are_counted_from_the_observer() -> None:
    sc = dealt()
    sc.state = sc.state.evolve()
    sc.state.keys, sc.state.hearts = (0, 2, 4), (3, 2, 1)
    point = seen(sc, 0)["seat0.visible.total"]  # seat 0 shows R1: one point
    for observer in range(3):
        features, view = seen(sc, observer), sc.view(observer)
        for r in range(3):
            p = (observer + r) % 3
            assert features[f"seat{r}.keys"] == pytest.approx(sc.state.keys[p] / 5)
            assert features[f"seat{r}.hearts"] == pytest.approx(sc.state.hearts[p] / 3)
            assert features[f"to_move.seat{r}"] == float(p == 0)
            assert features[f"seat{r}.armorer"] == float(p == 2)
            total = view["players"][p]["visible_total"]
            assert features[f"seat{r}.visible.total"] == pytest.approx(total * point)
    assert seen(sc, 1)["seat2.visible.R"] == seen(sc, 2)["seat1.visible.R"] > 0.0
    assert seen(sc, 1)["seat2.visible.B"] == 0.0


def test_the_mystery_spell_is_face_down_until_activated() -> None:
    sc = dealt(("hp+1", "atk+1", "hp-2"))
    for seat in range(3):
        features = seen(sc, seat)
        assert features["slot3.mystery"] == features["slot3.status.available"] == 1.0
        assert not any(v for k, v in features.items() if k.startswith("slot3.kind."))
        assert features["slot1.kind.hp+1"] == 1.0
        assert sc.view(seat)["spells"][2]["spell"] is None
    sc.play("activate 3")
    assert seen(sc, 2)["slot3.kind.hp-2"] == 1.0
    assert sc.view(2)["spells"][2]["spell"] == "hp-2"


def test_a_discarded_mystery_spell_stays_face_down() -> None:
    sc = dealt(("hp+1", "atk+1", "hp-2")).play("discard 3")
    features = seen(sc, 0)
    assert features["slot3.status.discarded"] == 1.0
    assert not any(v for k, v in features.items() if k.startswith("slot3.kind."))


def test_a_knight_over_the_hp_is_flagged_to_everyone() -> None:
    sc = Scenario(3).start(2, 14, ("hp+1", "atk+1", "cancel"), ("R7", "B3", "G2"), ("B7",))
    assert seen(sc, 1)["seat2.over"] == 0.0
    sc.play("ask 1", "weapon G1")  # seat 0: 15 against 14
    assert sc.view(1)["players"][0]["over"] is True
    assert seen(sc, 1)["seat2.over"] == seen(sc, 2)["seat1.over"] == 1.0
    own = seen(sc, 0)
    assert own["seat0.over"] == 1.0
    assert own["seat0.margin"] == pytest.approx(-1 / 14)
    assert seen(sc, 0)["seat1.over"] == 0.0


def test_a_choice_names_its_spell_and_a_target_is_relative() -> None:
    sc = dealt(("atk+1", "hp+1", "cancel")).play("activate 1")
    features = seen(sc, 0)
    assert features["phase.choice"] == features["pending.target"] == 1.0
    assert features["pending.slot1"] == features["to_move.seat0"] == 1.0
    sc.play("target 2")  # on seat 1
    assert seen(sc, 0)["slot1.target.seat1"] == 1.0
    target = seen(sc, 1)
    assert target["slot1.target.seat0"] == 1.0
    assert target["seat0.spell_attack"] > 0.0
    assert target["seat0.attack"] > seen(sc, 1, sc.history[-3])["seat0.attack"]


def test_a_card_put_back_face_down_is_known_to_its_giver_only() -> None:
    sc = dealt(("swap-deck", "hp+1", "cancel"), mystery=False)
    sc.play("activate 1", "give R5", "weapon Y6")  # seat 0's hidden R5 goes on top
    assert sc.view(0)["deck_top"] == ["R5"]
    assert sc.view(1)["deck_top"] == ["?"]
    giver, other = seen(sc, 0), seen(sc, 1)
    assert giver["deck_top.count"] == other["deck_top.count"] > 0.0
    assert giver["deck_top.known"] == giver["deck_top.R"] == 1.0
    assert giver["deck_top.value"] == pytest.approx(5 / 7)
    assert other["deck_top.known"] == other["deck_top.value"] == other["deck_top.R"] == 0.0
    assert giver["seat0.hidden.Y"] == 1.0


def test_the_last_combat_shows_every_hidden_weapon() -> None:
    game = BossQuest(3)
    final = next(played(game, range(1), "heuristic")).states[-1]
    assert final.phase == OVER
    features = features_of(3)
    named = dict(zip(features.names, features.encode(final, 1), strict=True))
    view = game.view(final, 1)
    assert named["phase.over"] == 1.0
    for r in range(3):
        hidden = view["players"][(1 + r) % 3]["hidden"]
        assert (named[f"seat{r}.hidden.value"] > 0) == (hidden is not None)
    assert named["seat1.hidden.value"] or named["seat2.hidden.value"]


@pytest.mark.parametrize("players", [2, 5])
def test_the_blocks_kept_between_calls_do_not_change_the_vector(players: int) -> None:
    """One object called on a game's states in shuffled order encodes as a new object does."""
    game = BossQuest(players)
    states = next(played(game, range(1), "heuristic")).states
    calls = [(state, seat) for state in states for seat in range(players)]
    fresh = [game.features().encode(state, seat) for state, seat in calls]
    order = list(range(len(calls)))
    random.Random(players).shuffle(order)
    kept = game.features()
    for i in order:
        assert kept.encode(*calls[i]) == fresh[i]


def test_vector_is_a_new_float32_array_of_the_encoded_numbers() -> None:
    """``vector`` is the source of ``encode``: the same numbers, in an array the caller keeps."""
    game = BossQuest(3)
    features = game.features()
    for state in next(played(game, range(1), "heuristic")).states[::7]:
        for seat in range(3):
            vector = features.vector(state, seat)
            assert vector.dtype == np.float32
            assert vector.shape == (len(features.names),)
            assert vector.tolist() == features.encode(state, seat)
            again = features.vector(state, seat)
            assert not np.shares_memory(vector, again)
            vector[:] = 2.0  # the caller may write to its copy
            assert features.vector(state, seat).tolist() == again.tolist()


def test_a_seat_outside_the_table_is_refused() -> None:
    sc = dealt()
    with pytest.raises(IndexError):
        features_of(3).vector(sc.state, 3)
    with pytest.raises(IndexError):
        features_of(3).vector(sc.state, -1)


def test_the_features_object_pickles() -> None:
    sc = dealt()
    features = features_of(3)
    copy = pickle.loads(pickle.dumps(features))
    assert copy.names == features.names
    assert copy.encode(sc.state, 1) == features.encode(sc.state, 1)
