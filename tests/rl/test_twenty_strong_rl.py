"""20 Strong in the learning environments: the action catalogue of both house decks, and
features that say what the view says (dice by zone, Health, the active cards, the decks' own
groups)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

from gamehall.core.catalogue import Catalogue, catalogue
from gamehall.core.registry import create
from gamehall.games.twenty_strong import TwentyStrong
from gamehall.games.twenty_strong.deck import learning_of
from gamehall.games.twenty_strong.decks.too_many_bones.rl import queue
from gamehall.games.twenty_strong.dice import COLOUR_LETTERS, COLOUR_NAMES, COUNTS
from gamehall.games.twenty_strong.features import SHOWN, TwentyStrongFeatures, scales
from gamehall.games.twenty_strong.state import Active, State
from tests.rl.configs import played
from tests.twenty_strong.scenario import Scenario

DECKS = ("too-many-bones", "victorum")


def make(**options: object) -> TwentyStrong:
    """A 20 Strong game with ``options``."""
    game = create("20-strong", 1, options)
    assert isinstance(game, TwentyStrong)
    return game


def features_of(game: TwentyStrong, state: State) -> dict[str, float]:
    """The features of ``state`` by name."""
    features = game.features()
    return dict(zip(features.names, features.encode(state, 0), strict=True))


def dice_in_view(view: dict[str, Any]) -> Counter[str]:
    """The dice the view shows, counted as features name them: ``pool.Y``, ``rolled.Bh``."""
    counts: Counter[str] = Counter()
    for die in view["dice"]:
        letter = COLOUR_LETTERS[COLOUR_NAMES.index(die["colour"])]
        counts[f"{die['zone']}.{letter}"] += 1
        if die["zone"] == "committed" and die["face"] != "unrolled":
            counts[f"rolled.{letter}{die['face'][0]}"] += 1
    return counts


def assert_dice_match(game: TwentyStrong, state: State) -> None:
    """Every dice feature is the view's count of those dice, as a share of the colour."""
    seen = features_of(game, state)
    counts = dice_in_view(game.view(state, 0))
    names = [n for n in seen if n.split(".")[0] in (*game.deck.zone_names, "rolled")]
    names += [n for n in seen if n.split(".")[0] in ("pool", "committed", "exhausted")]
    for name in names:
        letter = name.split(".")[1][0]
        share = counts[name] / COUNTS[COLOUR_LETTERS.index(letter)]
        assert seen[name] == pytest.approx(share), name


# -- the catalogue ------------------------------------------------------------------------


@pytest.mark.parametrize("deck", DECKS)
def test_every_hero_and_boss_of_the_house_decks_builds_a_catalogue(deck: str) -> None:
    house = make(deck=deck).deck
    for hero, _ in house.menu("hero"):
        for boss, _ in house.menu("boss"):
            game = make(deck=deck, hero=hero, boss=boss)
            book = Catalogue(game)  # every entry parses and reads back, or this raises
            assert len(book.decisions) > 200
            assert len(book.chance) > 100


def test_the_too_many_bones_catalogue_holds_the_decks_actions() -> None:
    game = make(deck="too-many-bones", hero="duster", rank=2)
    decisions = set(catalogue(game).decisions.notations)
    chance = set(catalogue(game).chance.notations)
    for text in (
        "battle",
        "encounter enc+",
        "tyrant",
        "peaceful",
        "scout enc",
        "penalty banish",
        "backup Y 2",
        "flip",
        "apply Ym backup",
        "apply Bm backup",
        "apply Pc lock6",
        "apply Rc 1",
        "from fives+",
        "pick Rh",
        "use 6",
    ):
        assert text in decisions, text
    for text in ("apply Pm backup", "apply Rm backup", "from enc", "pick pool.Y", "penalty"):
        assert text not in decisions, text  # Duster's slots: yellow, yellow, green, blue
    assert {"box te-08", "reveal 1 b1-29", "reveal 3 b5-14", "reveal 5 lp-04", "die R c"} <= chance
    assert "die R m" not in chance  # the red die never misses
    rank_1 = make(deck="too-many-bones")
    assert "penalty banish" not in catalogue(rank_1).decisions.notations


def test_the_victorum_catalogue_holds_the_decks_actions() -> None:
    game = make(deck="victorum", rank=2)
    decisions = set(catalogue(game).decisions.notations)
    chance = set(catalogue(game).chance.notations)
    for text in (
        "hero h-varro",
        "tactic t-feint",
        "place h-drusus",
        "remove T2",
        "move B4",
        "spectate",
        "activate",
        "challenge",
        "bonus recover",
        "instead 9 tactic",
        "influence 9",
        "from M3",
        "pick active.Bc",
        "pick exhausted.R",
        "apply Gh 9",
    ):
        assert text in decisions, text
    assert {"deal h-aelia", "uncover T1 o-10", "uncover B1 b-01", "draw p-22"} <= chance
    assert "draw o-01" not in chance  # an opportunity is never an ally
    named = make(deck="victorum", hero="h-varro")
    assert [t for t in catalogue(named).decisions.notations if t.startswith("hero")] == [
        "hero h-varro"
    ]
    assert "deal h-varro" not in catalogue(named).chance.notations


def test_a_baddie_queue_takes_five_point_baddies_first() -> None:
    assert queue(18, 14) == 6  # 5 + 5 + 5 + 1 + 1 + 1
    assert queue(18, 0) == 18
    assert queue(9, 1) == 5


def test_the_positions_reach_the_most_cards_a_battle_can_bring() -> None:
    duster = make(deck="too-many-bones", hero="duster")
    other = make(deck="too-many-bones", hero="mossmender")
    most_active = learning_of(duster.deck).most_active
    assert most_active(duster.deck) > most_active(other.deck) >= SHOWN
    most = most_active(duster.deck)
    notations = catalogue(duster).decisions.notations
    assert f"target {most}" in notations
    assert f"target {most + 1}" not in notations


# -- the features -------------------------------------------------------------------------


@pytest.mark.parametrize("deck", DECKS)
def test_dice_features_count_the_dice_the_view_shows(deck: str) -> None:
    game = make(deck=deck)
    match = next(played(game, range(1), "heuristic"))
    for state in match.states[::4]:
        assert_dice_match(game, state)


def test_dice_features_follow_a_commit_and_a_roll() -> None:
    s = Scenario()
    s.settle().put_on_top("ones", "b1-08").play("battle").settle()
    s.play("commit P", "commit P", "commit Y", "roll").roll("m", "c", "h")  # Y1, P1, P2
    seen = features_of(s.game, s.state)
    assert seen["committed.P"] == 0.5
    assert seen["committed.Y"] == 0.25
    assert seen["pool.P"] == 0.5
    assert seen["rolled.Pc"] == seen["rolled.Ph"] == seen["rolled.Ym"] == 0.25
    assert seen["phase.apply"] == 1.0
    assert_dice_match(s.game, s.state)


def test_health_and_an_active_cards_health_are_the_views() -> None:
    s = Scenario()
    s.settle().put_on_top("ones", "b1-08").play("battle").settle()
    s.activate("b5-03")  # a Cave Troll beside the Baddie: health 5, no crits
    s.play("commit B", "roll").roll("h").play("apply Bh 2")
    view = s.view()
    seen = features_of(s.game, s.state)
    features = s.game.features()
    assert isinstance(features, TwentyStrongFeatures)
    health, damage = scales(s.game.deck, features.part.power)
    troll = view["active"][1]
    assert seen["active2.health"] == pytest.approx((troll["health"] - troll["taken"]) / health)
    assert seen["active2.damage"] == pytest.approx(troll["damage"] / damage)
    assert seen["active2.no_crit"] == 1.0
    assert seen["active2.defeated"] == 0.0
    assert seen["health"] == pytest.approx(view["stats"]["health"] / 6)
    assert seen["strategy"] == pytest.approx(view["stats"]["strategy"] / 6)
    assert seen["active3.health"] == seen["active3.defeated"] == 0.0  # nobody there


def test_cards_past_the_shown_positions_are_summed_up() -> None:
    s = Scenario(hero="duster")
    s.settle().put_on_top("ones", "b1-08").play("battle").settle()
    codes = [f"b1-{n:02}" for n in range(9, 9 + SHOWN + 1)]
    s.activate(*codes)
    seen = features_of(s.game, s.state)
    assert len(s.state.active) == SHOWN + 2
    assert seen[f"active{SHOWN}.health"] > 0
    assert seen["active.more.count"] > 0
    assert seen["active.more.health"] > 0


def test_features_read_a_defeated_card_and_its_reward() -> None:
    s = Scenario()
    s.settle().put_on_top("ones", "b1-07").play("battle").settle()  # a reward: Rusty Dagger
    s.play("commit R", "roll").roll("c").play("apply Rc 1")
    seen = features_of(s.game, s.state)
    assert seen["active1.defeated"] == 1.0
    assert seen["active1.health"] == 0.0
    assert seen["active1.reward"] == 1.0


def test_too_many_bones_features_show_the_day_stacks_and_encounters() -> None:
    s = Scenario()
    s.settle()
    seen = features_of(s.game, s.state)
    assert seen["turn.round"] == pytest.approx(1 / 12)  # day 1
    assert seen["phase.tmb.day"] == 1.0
    view = s.view()
    sizes = {stack["name"]: stack["count"] for stack in view["stacks"]}
    assert seen["stack.ones.size"] == pytest.approx(sizes["ones"] / 29)
    assert seen["stack.enc.size"] == pytest.approx(sizes["enc"] / 16)
    assert seen["power"] == pytest.approx(view["table"]["tyrant_encounters_left"] / 8)
    s.put_on_top("enc", "te-02").settle()
    assert features_of(s.game, s.state)["stack.enc.tyrant"] == 1.0
    s.play("encounter enc").settle()
    seen = features_of(s.game, s.state)
    assert seen["encounter.te-02"] == 1.0
    tops = {top["stack"]: top["kind"] for top in s.view()["table"]["encounter_tops"]}
    for kind in ("tyrant", "mohlnor", "lockpick"):
        assert seen[f"stack.enc.{kind}"] == float(tops.get("enc") == kind)


def test_victorum_features_show_the_chip_and_the_camps() -> None:
    s = Scenario(deck="victorum", hero="h-aelia")
    s.settle().play("tactic t-feint")
    while s.state.tasks and s.state.tasks[0].kind == "deck.place":
        s.play(s.legal()[0])
    s.settle()
    seen = features_of(s.game, s.state)
    assert seen["phase.vic.move"] == 1.0
    assert seen["camp.B1.near"] == seen["camp.B4.near"] == 1.0  # the foot of the mountain
    assert seen["camp.T1.near"] == 0.0
    assert sum(seen[f"chip.{camp}"] for camp in ("B1", "B2", "B3", "B4", "scion")) == 0.0
    s.play("move B2").settle()
    seen = features_of(s.game, s.state)
    assert seen["chip.B2"] == 1.0
    assert seen["camp.M2.near"] == 1.0
    assert seen["camp.B4.near"] == 0.0
    view = s.view()
    for camp in view["table"]["camps"]:
        name, top = camp["name"], camp["top"]
        assert seen[f"camp.{name}.size"] == pytest.approx(camp["size"] / 7)
        assert seen[f"camp.{name}.primus"] == float(camp["primus"] is not None)
        for kind in ("bloodshed", "sport", "opportunity"):
            assert seen[f"camp.{name}.{kind}"] == float(top is not None and top["type"] == kind)
    assert seen["tactic.t-feint"] == 0.0  # taken into the inventory
    assert seen["item1.single"] == 1.0
    assert_dice_match(s.game, s.state)
    assert seen["training.Y"] == 0.5


def test_an_active_card_is_there_when_its_health_or_defeat_says_so() -> None:
    game = make(deck="too-many-bones")
    assert isinstance(game, TwentyStrong)
    state = game.initial_state().evolve()
    card = game.deck.codes["b1-08"]
    state.active = (Active(card, 1, 2, defeated=False),)
    seen = features_of(game, state)
    assert seen["active1.health"] > 0
    assert seen["active1.damage"] > 0


@pytest.mark.parametrize("deck", DECKS)
def test_vector_is_a_new_float32_array_of_the_encoded_numbers(deck: str) -> None:
    """``vector`` is the source of ``encode``: the same numbers, in an array the caller keeps."""
    game = make(deck=deck)
    features = game.features()
    assert isinstance(features, TwentyStrongFeatures)
    for state in next(played(game, range(1), "heuristic")).states[::5]:
        vector = features.vector(state, 0)
        assert vector.dtype == np.float32
        assert vector.shape == (len(features.names),)
        assert vector.tolist() == features.encode(state, 0)
        again = features.vector(state, 0)
        assert not np.shares_memory(vector, again)
        vector[:] = 2.0  # the caller may write to its copy
        assert features.vector(state, 0).tolist() == again.tolist()


@pytest.mark.parametrize("deck", DECKS)
def test_what_a_features_object_keeps_between_calls_does_not_change_the_vector(deck: str) -> None:
    """One object called on the states of several games in shuffled order (what it keeps
    from call to call: the modifiers in force, the stacks, the camps...) encodes as a new
    object for each state does."""
    game = make(deck=deck, rank=2)
    states = [
        state
        for bots in ("random", "heuristic")
        for match in played(game, range(2), bots)
        for state in match.states
    ]
    random.Random(deck).shuffle(states)
    kept = game.features()
    for state in states[:1500]:
        assert kept.encode(state, 0) == game.features().encode(state, 0)
