# ruff: noqa: N802
"""Scenario tests for the 20 Strong general rules: clauses GEN-WIN-1 ... GEN-END-8.

Clause text: docs/rules/20-strong-general.md. The general rules are played through the
Too Many Bones deck (the only deck). Where Too Many Bones overrides a general rule (Cleanup keeps
undefeated Baddies, the final battle needs every enemy defeated), the general default is tested
by swapping in the :class:`DeckRules` hook on the Too Many Bones game (:func:`general`), or in a
situation where both rules agree (the docstring says so).

Chance is forced: ``roll("h", "c", "m")`` gives the faces of the dice being rolled, in die order
(yellow 0-3, green 4-7, blue 8-11, purple 12-15, red 16). The default hero is Duster (Health 5,
Strategy 2, Recovery 3, ability: re-roll one die per Engagement).
"""

from __future__ import annotations

from fractions import Fraction
from types import MethodType
from typing import Any

import pytest

from gamehall.core.errors import OptionError
from gamehall.core.game import CHANCE
from gamehall.games.twenty_strong import TwentyStrong
from gamehall.games.twenty_strong.actions import DieFace
from gamehall.games.twenty_strong.deck import DeckRules
from gamehall.games.twenty_strong.decks.too_many_bones.deck import TooManyBones
from gamehall.games.twenty_strong.decks.too_many_bones.zones import BACKUP
from gamehall.games.twenty_strong.dice import (
    COLOURS,
    CRIT,
    DICE,
    FACE_DAMAGE,
    HIT,
    MISS,
    colour_of,
    d6_face,
    die_name,
)
from gamehall.games.twenty_strong.state import (
    COMMITTED,
    EXHAUSTED,
    ON_CARD,
    POOL,
    Item,
    Stack,
    State,
    Task,
)
from tests.twenty_strong.scenario import Scenario, cards_where

LETTERS = "YGBPR"


# -- helpers --------------------------------------------------------------------------------


def table(hero: str = "", boss: str = "", **fields: Any) -> Scenario:
    """A new game settled at the first day's choice, with state ``fields`` set."""
    options = {k: v for k, v in (("hero", hero), ("boss", boss)) if v}
    s = Scenario(**options).settle()
    if fields:
        s.set(**fields)
    return s


def fight(
    *codes: str, day: int | None = None, s: Scenario | None = None, **fields: Any
) -> Scenario:
    """A standard battle whose BQ brings ``codes`` (1-pt codes from ``ones``, 5-pt from
    ``fives``); the day is the points of ``codes`` unless given. Stops at the first decision."""
    s = s or table(**fields)
    ones = [c for c in codes if c.startswith("b1-")]
    fives = [c for c in codes if c.startswith("b5-")]
    if ones:
        s.put_on_top("ones", *ones)
    if fives:
        s.put_on_top("fives", *fives)
    s.set_deck(day=day if day is not None else len(ones) + 5 * len(fives))
    return s.play("battle").settle()


def strike(s: Scenario, dice: str, faces: str) -> Scenario:
    """Commit dice by colour letters (weakest first), roll, and give their faces."""
    for letter in dice:
        s.play(f"commit {letter}")
    s.play("roll")
    return s.roll(*faces)


def general(s: Scenario, *hooks: str) -> Scenario:
    """Play on with the general-rule default of the named deck hooks (GEN-PRIO-1 aside)."""
    for name in hooks:  # on the instance: the deck's class may be compiled
        setattr(s.deck, name, MethodType(getattr(DeckRules, name), s.deck))
    return s


def endgame(*codes: str, boss: str = "warden", **fields: Any) -> Scenario:
    """Day 7 and the Tyrant faced, with no Tyrant encounter left (power 0): the Cinder Warden
    (Health 9, Damage 1, immune to yellow) summons 2 Baddie points: ``codes`` from ``ones``."""
    s = table(boss=boss, **fields)
    tyrant_encounters = set(s.deck.tyrant_encounters)

    def change(st: State) -> None:
        st.stacks = tuple(
            Stack(
                tuple(c for c in old.known if c not in tyrant_encounters),
                tuple(c for c in old.hidden if c not in tyrant_encounters),
            )
            for old in st.stacks
        )
        st.deck = st.deck._replace(day=7)

    s.edit(change).settle()
    s.put_on_top("ones", *codes)
    return s.play("tyrant").settle()


def item(s: Scenario, *codes: str) -> Scenario:
    """Put the item rewards of ``codes`` in the inventory."""
    return s.set(inventory=tuple(Item(s.card(c)) for c in codes))


def taken(s: Scenario, position: int = 1) -> int:
    """Damage taken by the active card at ``position`` (from 1)."""
    return s.state.active[position - 1].taken


def distribution(s: Scenario) -> dict[int, Fraction]:
    """The chance outcomes of the die being rolled now, by face."""
    outcomes = s.game.chance_outcomes(s.state)
    result = {}
    for action, p in outcomes:
        assert isinstance(action, DieFace)
        result[action.face] = p
    return result


def roll_everything() -> tuple[Scenario, dict[int, list[dict[int, Fraction]]]]:
    """Commit all 17 dice and roll them, recording each die's face distribution by colour."""
    s = fight("b1-22")
    for letter in LETTERS:
        for _ in range(4 if letter != "R" else 1):
            s.play(f"commit {letter}")
    s.play("roll")
    seen: dict[int, list[dict[int, Fraction]]] = {c: [] for c in COLOURS}
    while s.state.to_roll:
        die = s.state.to_roll[0]
        seen[colour_of(die)].append(distribution(s))
        s.roll("h")
    return s, seen


# -- winning and losing ---------------------------------------------------------------------


def test_GEN_WIN_1_defeating_the_boss_wins_as_the_deck_says() -> None:
    """GEN-WIN-1: the game is won by defeating the boss; the deck's rule decides the exact
    condition (Too Many Bones: the Tyrant and every Baddie of the final battle)."""
    s = endgame("b1-08", "b1-21")
    assert s.active_codes() == ["warden", "b1-08", "b1-21"]
    strike(s, "BBPPPPR", "hhccccc")
    s.play("apply Bh 2", "apply Bh 3")
    assert s.state.active[1].defeated and s.state.active[2].defeated
    assert s.game.outcome(s.state) is None
    for _ in range(4):
        s.play("apply Pc 1")
    assert s.state.result == 0 and s.state.active[0].taken == 8
    s.play("apply Rc 1")  # the Tyrant's 9th point of damage: defeated
    assert s.state.phase == "over"
    outcome = s.game.outcome(s.state)
    assert outcome is not None and outcome.winners == (0,)
    assert s.view()["result"] == "won"


def test_GEN_WIN_2_health_exactly_one_is_not_a_loss() -> None:
    """GEN-WIN-2: Health 1 is not a loss (the battle simply goes on)."""
    s = fight("b1-26", health=2)
    s.play("roll", "resolve")
    assert s.state.health == 1
    assert s.state.phase == "commit" and s.game.outcome(s.state) is None


def test_GEN_WIN_2_health_below_one_loses_in_suffer_damage() -> None:
    """GEN-WIN-2: the game is lost as soon as Health drops below 1 (Suffer Damage)."""
    s = fight("b1-26", health=1)
    s.play("roll", "resolve")
    assert s.state.health == 0 and s.state.phase == "over"
    outcome = s.game.outcome(s.state)
    assert outcome is not None and outcome.winners == ()
    assert s.choices() == [] and s.game.to_move(s.state) is None
    assert "over" in s.refused("roll").lower()


def test_GEN_WIN_2_loss_at_activation_from_a_special_effect() -> None:
    """GEN-WIN-2: whatever step causes it: the Bat Lord's activation Special (lose 1 Health)
    loses a game at Health 1 before any die is committed."""
    s = fight("b5-13", health=1)
    assert s.state.phase == "over" and s.state.result == -1
    assert s.state.health == 0


def test_GEN_WIN_2_loss_in_the_after_effects_step() -> None:
    """GEN-WIN-2: an After effect (Venom Spider: lose 1 Health, Damage 0) loses at Health 1,
    although Suffer Damage took nothing."""
    s = fight("b1-17", health=1)
    s.play("roll", "resolve")
    assert s.state.phase == "over" and s.state.result == -1


# -- dice -----------------------------------------------------------------------------------


def test_GEN_DICE_1_seventeen_unit_dice_in_five_colours_and_three_stats() -> None:
    """GEN-DICE-1: 20 dice: 17 unit dice (red, purple, blue, green, yellow) and 3 stat dice."""
    s = table()
    assert len(s.state.zones) == DICE == 17
    assert s.colours(POOL) == "YYYYGGGGBBBBPPPPR"
    dice = s.view()["dice"]
    assert {d["colour"] for d in dice} == {"red", "purple", "blue", "green", "yellow"}
    stats = s.view()["stats"]
    assert {"health", "strategy", "recovery"} <= set(stats)
    assert len(s.state.zones) + len(("health", "strategy", "recovery")) == 20


def test_GEN_DICE_2_faces_are_miss_hit_or_crit_and_a_miss_deals_nothing() -> None:
    """GEN-DICE-2: every face is a miss, a basic hit or a crit; a miss gives no hit and no
    damage (it cannot go on a card)."""
    _, seen = roll_everything()
    for dists in seen.values():
        for dist in dists:
            assert set(dist) <= {MISS, HIT, CRIT}
            assert sum(dist.values()) == 1
    s = fight("b1-22")
    strike(s, "YB", "mh")
    assert "apply Ym 1" not in s.legal()
    assert "miss" in s.refused("apply Ym 1")
    assert "apply Bh 1" in s.legal()
    s.play("apply Bh 1")
    assert taken(s) == 1 and s.state.active[0].hits == 1


def test_GEN_DICE_3_dice_of_one_colour_have_identical_faces() -> None:
    """GEN-DICE-3: all unit dice of a colour roll the same faces with the same chances."""
    _, seen = roll_everything()
    for colour, dists in seen.items():
        assert dists, f"no die of colour {colour} was rolled"
        assert all(d == dists[0] for d in dists)
    assert seen[COLOURS[0]][0] != seen[COLOURS[1]][0]


def test_GEN_DICE_4_basic_hit_deals_one_crit_deals_two() -> None:
    """GEN-DICE-4: a basic hit deals 1 damage, a crit 2."""
    s = fight("b5-04")  # Bridge Troll, Health 7 (its guard protects only others)
    strike(s, "BB", "hc")
    s.play("apply Bh 1")
    assert taken(s) == 1
    s.play("apply Bc 1")
    assert taken(s) == 3
    assert FACE_DAMAGE[HIT] == 1 and FACE_DAMAGE[CRIT] == 2


def test_GEN_DICE_5_a_crit_counts_as_one_hit() -> None:
    """GEN-DICE-5: a crit deals 2 damage but counts as exactly one hit."""
    s = fight("b5-04")
    strike(s, "PP", "cc")
    s.play("apply Pc 1")
    assert s.state.active[0].hits == 1 and taken(s) == 2
    s.play("apply Pc 1")
    assert s.view()["active"][0]["hits"] == 2 and taken(s) == 4


@pytest.mark.parametrize(
    ("clause", "letter", "count", "miss", "hit", "crit"),
    [
        ("GEN-DICE-6", "Y", 4, 4, 1, 1),
        ("GEN-DICE-7", "G", 4, 3, 2, 1),
        ("GEN-DICE-8", "B", 4, 2, 3, 1),
        ("GEN-DICE-9", "P", 4, 1, 4, 1),
        ("GEN-DICE-10", "R", 1, 0, 5, 1),
    ],
)
def test_GEN_DICE_6_to_10_dice_counts_and_faces_per_colour(
    clause: str, letter: str, count: int, miss: int, hit: int, crit: int
) -> None:
    """GEN-DICE-6 (yellow 4 dice, 4/1/1), GEN-DICE-7 (green 4, 3/2/1), GEN-DICE-8 (blue 4,
    2/3/1), GEN-DICE-9 (purple 4, 1/4/1), GEN-DICE-10 (red 1, 0/5/1, never misses): the
    engine rolls each die with miss/hit/crit chances of faces/6."""
    colour = LETTERS.index(letter)
    _, seen = roll_everything()
    assert len(seen[colour]) == count
    expected = {MISS: Fraction(miss, 6), HIT: Fraction(hit, 6), CRIT: Fraction(crit, 6)}
    expected = {face: p for face, p in expected.items() if p}
    for dist in seen[colour]:
        assert dist == expected
    if letter == "R":
        assert MISS not in seen[colour][0]


def test_GEN_DICE_11_strength_order_yellow_green_blue_purple_red() -> None:
    """GEN-DICE-11: more hit faces make a stronger die: yellow < green < blue < purple < red,
    by chance to hit and by expected damage."""
    _, seen = roll_everything()
    to_hit = [1 - seen[c][0].get(MISS, Fraction(0)) for c in COLOURS]
    expected = [sum(p * FACE_DAMAGE[f] for f, p in seen[c][0].items()) for c in COLOURS]
    assert to_hit == sorted(to_hit) and len(set(to_hit)) == 5
    assert expected == sorted(expected) and len(set(expected)) == 5
    assert [LETTERS[c] for c in COLOURS] == list(LETTERS)


def test_GEN_DICE_12_plain_d6_mapping() -> None:
    """GEN-DICE-12: 6 is a crit for every colour; a basic hit is 5 (Y), 4-5 (G), 3-5 (B),
    2-5 (P), 1-5 (R); other values miss. A fair d6 then rolls like the engine's die."""
    hits = {"Y": {5}, "G": {4, 5}, "B": {3, 4, 5}, "P": {2, 3, 4, 5}, "R": {1, 2, 3, 4, 5}}
    _, seen = roll_everything()
    for colour in COLOURS:
        for value in range(1, 7):
            want = CRIT if value == 6 else HIT if value in hits[LETTERS[colour]] else MISS
            assert d6_face(colour, value) == want, (LETTERS[colour], value)
        d6 = [d6_face(colour, v) for v in range(1, 7)]
        assert {f: Fraction(d6.count(f), 6) for f in set(d6)} == seen[colour][0]
    with pytest.raises(ValueError):
        d6_face(COLOURS[0], 7)


# -- stats ----------------------------------------------------------------------------------


def test_GEN_STAT_1_stat_dice_are_set_never_rolled() -> None:
    """GEN-STAT-1: Health, Strategy and Recovery are set values; a roll never rolls them."""
    s, _ = roll_everything()
    chance_dice = []
    for state in s.history:
        if s.game.to_move(state) == CHANCE and state.to_roll:
            chance_dice.append(state.to_roll[0])
    assert sorted(set(chance_dice)) == list(range(DICE))
    stats = {(st.health, st.strategy, st.recovery) for st in s.history[1:]}
    assert stats == {(5, 2, 3)}


@pytest.mark.parametrize(
    "hero", ["duster", "mossmender", "brasshammer", "flickerpip", "ironbristle"]
)
def test_GEN_STAT_2_starting_stats_come_from_the_hero_card(hero: str) -> None:
    """GEN-STAT-2: the three stats start at the values printed on the chosen hero card."""
    s = table(hero=hero)
    card = next(g for g in s.deck.data.gearlocs if g.code == hero)
    assert (s.state.health, s.state.strategy, s.state.recovery) == (
        card.health,
        card.strategy,
        card.recovery,
    )
    stats = s.view()["stats"]
    assert (stats["health"], stats["base_strategy"], stats["base_recovery"]) == (
        card.health,
        card.strategy,
        card.recovery,
    )


def test_GEN_STAT_3_each_point_of_damage_lowers_health_by_one() -> None:
    """GEN-STAT-3: Health is the damage you can still take; 2 damage suffered is 2 Health."""
    s = fight("b1-08")  # Goblin Slinger, Damage 2
    s.play("roll", "resolve")
    assert s.state.health == 5 - 2
    s.play("roll", "resolve")
    assert s.state.health == 5 - 4


def test_GEN_STAT_4_a_heal_past_six_is_ignored() -> None:
    """GEN-STAT-4: an instant reward raising Health above 6 is ignored (at 6, heal 1: 6)."""
    s = fight("b1-09", health=6)  # Goblin Sneak: instant heal 1
    strike(s, "B", "c").play("apply Bc 1", "take")
    assert s.state.health == 6


def test_GEN_STAT_4_the_whole_change_is_dropped_not_capped() -> None:
    """GEN-STAT-4 (ambiguous, engine reading: ignored): Health 5 + heal 2 stays 5, not 6."""
    s = fight("b5-04", health=5)  # Bridge Troll, Health 7: instant heal 2
    strike(s, "PPPP", "cccc")
    for _ in range(4):
        s.play("apply Pc 1")
    assert s.state.active[0].defeated
    s.play("take")
    assert s.state.health == 5


def test_GEN_STAT_4_recovery_raise_within_and_past_six() -> None:
    """GEN-STAT-4: the Widow Spider's +1 Recovery works at 3 (-> 4) and is ignored at 6."""
    for start, end in ((3, 4), (6, 6)):
        s = fight("b1-19", recovery=start)
        strike(s, "B", "h").play("apply Bh 1", "take")
        assert s.state.recovery == end


def test_GEN_STAT_5_recovery_cannot_go_below_one() -> None:
    """GEN-STAT-5 (engine reading: ignored): the Vampire Bat's During -1 Recovery lowers
    Recovery 2 to 1 but is ignored at Recovery 1."""
    for start, limit in ((2, 1), (1, 1)):
        s = fight("b1-27", recovery=start)
        assert s.view()["stats"]["recovery"] == limit
        strike(s, "BBB", "mmm").play("resolve")
        assert s.state.phase == "recover"
        for _ in range(limit):
            s.play("recover B")
        assert s.state.phase == "commit" and s.colours(EXHAUSTED) == "BB"


def test_GEN_STAT_5_strategy_cannot_go_below_one() -> None:
    """GEN-STAT-5: the Goblin Warchief's During -1 Strategy is ignored at Strategy 1: the
    stat stays 1 and the one item held (limit: Strategy) need not be discarded."""
    s = item(table(strategy=1), "b1-23")
    fight("b5-01", s=s)
    s.play("from ones").settle()
    assert s.view()["stats"]["strategy"] == 1
    assert not s.state.tasks and len(s.state.inventory) == 1 and s.state.phase == "commit"


def test_GEN_STAT_5_health_has_no_floor() -> None:
    """GEN-STAT-5: Health has no floor at 1: Health 1 - 2 damage is -1, and the game is lost."""
    s = fight("b1-08", health=1)
    s.play("roll", "resolve")
    assert s.state.health == -1 and s.state.result == -1


# -- chip and deck --------------------------------------------------------------------------


def test_GEN_CHIP_1_the_chip_is_the_decks_business() -> None:
    """GEN-CHIP-1: the general rules give the chip no function (no chip in the general state);
    Too Many Bones uses it as the day counter: 0 at setup, +1 each day."""
    assert not any("chip" in name for name in State.__slots__)
    s = Scenario()
    assert s.state.deck.day == 0
    s.settle()
    assert s.state.deck.day == 1
    fight("b1-26", s=s)
    strike(s, "B", "h").play("apply Bh 1", "decline", "resolve", "done", "done")
    assert s.state.phase == "tmb.day" and s.state.deck.day == 2


def test_GEN_DECK_1_one_deck_per_game_with_its_own_setup() -> None:
    """GEN-DECK-1: a game uses exactly one deck, set up by that deck's own instructions; the
    general rules define no setup."""
    game = TwentyStrong(1, {"deck": "too-many-bones"})
    assert isinstance(game.deck, TooManyBones)
    with pytest.raises(OptionError):
        TwentyStrong(1, {"deck": "no-such-deck"})
    with pytest.raises(TypeError, match="abstract"):  # the general rules set nothing up
        DeckRules(game, {})  # type: ignore[abstract]
    s = Scenario()
    assert s.state.phase == "tmb.setup"
    s.settle()
    for stack in s.state.stacks:
        for card in (*stack.known, *stack.hidden):
            assert s.deck.cards[card].kind in ("baddie", "encounter")
    # rank 2: the deck's setup asks for its penalty (banish 1 die or exhaust 3)
    ranked = Scenario(rank=2).settle()
    assert ranked.legal() == ["penalty banish", "penalty exhaust"]


def test_GEN_DECK_2_heroes_bosses_and_conflict_cards() -> None:
    """GEN-DECK-2: the deck has heroes (the one played), bosses (met at the end) and conflict
    cards (met on the way)."""
    s = table()
    assert s.deck.data.gearlocs and s.state.hero == 0
    bosses = [c for c in s.deck.cards if c.kind == "boss"]
    assert len(bosses) == 4
    assert cards_where(s, lambda c: c.kind == "baddie")
    fight("b1-26", s=s)
    assert s.deck.cards[s.state.active[0].card].kind == "baddie"
    e = endgame("b1-22", "b1-06")
    boss = e.state.active[0].card
    assert e.deck.is_boss(boss) and e.deck.cards[boss].kind == "boss"
    assert not any(e.deck.is_boss(a.card) for a in e.state.active[1:])


def test_GEN_DECK_3_the_hero_gives_a_unique_ability() -> None:
    """GEN-DECK-3: the hero's ability: Brasshammer's crits deal 1 more; Duster may re-roll
    one die once per Engagement."""
    s = fight("b5-04", hero="brasshammer")
    strike(s, "B", "c").play("apply Bc 1")
    assert taken(s) == 3
    d = fight("b5-04")
    strike(d, "BB", "mm")
    assert "ability" in d.legal()
    d.play("ability", "pick Bm")
    assert d.state.to_roll == (8,)
    d.roll("c")
    assert "ability" not in d.legal()
    d.play("apply Bc 1")
    assert taken(d) == 2


# -- rounds ---------------------------------------------------------------------------------


def test_GEN_ROUND_1_rounds_follow_each_other_until_won_or_lost() -> None:
    """GEN-ROUND-1: after a round the next begins; the game ends only when won or lost."""
    s = fight("b1-26")
    assert s.state.round == 1
    strike(s, "B", "h").play("apply Bh 1", "decline", "resolve", "done", "done")
    assert s.state.round == 2 and s.state.phase == "tmb.day"
    assert s.game.outcome(s.state) is None
    fight("b1-08", "b1-21", s=s)  # Damage 2 + 2
    s.set(health=2)
    s.play("roll", "resolve")
    assert s.game.outcome(s.state) is not None and s.legal() == []


def test_GEN_ROUND_2_activation_then_engagement() -> None:
    """GEN-ROUND-2: a round is Activation (a card becomes active), then the Engagement;
    no die may be committed during Activation."""
    s = table()
    assert s.state.phase == "tmb.day" and not s.state.active
    assert "Commit" in s.refused("commit B")
    fight("b1-26", s=s)
    phases = [st.phase for st in s.history]
    first_commit = phases.index("commit")
    assert "tmb.day" in phases[:first_commit]
    assert s.state.active and s.state.phase == "commit"


def test_GEN_ROUND_3_strategy_phases_then_exactly_one_resolve() -> None:
    """GEN-ROUND-3: an Engagement is one or more Strategy phases, then one Resolve phase:
    two Strategy phases, then damage is suffered once and the Engagement is over."""
    s = fight("b1-08")  # Damage 2
    s.play("roll", "again", "roll")
    assert s.state.phases_used == 2 and s.state.health == 5
    s.play("resolve")
    assert s.state.health == 3
    assert s.state.phase == "commit" and s.state.phases_used == 0  # a new Engagement
    assert "resolve" not in s.legal()


# -- activation -----------------------------------------------------------------------------


def test_GEN_ACT_1_activation_takes_the_top_card_of_a_chosen_stack() -> None:
    """GEN-ACT-1 (general default ``DeckRules.start_round``): the player chooses a conflict
    stack, takes its top card, and it becomes active."""
    s = Scenario()
    general(s, "start_round")
    s.settle()
    choices = s.legal()
    assert "from ones" in choices and "from fives" in choices
    s.put_on_top("ones", "b1-26")
    size = s.state.stacks[0].size()
    s.play("from ones").settle()
    assert s.active_codes() == ["b1-26"]
    assert s.state.stacks[0].size() == size - 1
    assert s.state.phase == "commit"


def test_GEN_ACT_2_during_and_special_effects_start_at_activation() -> None:
    """GEN-ACT-2: a Special activation effect (Shrieking Bat: exhaust 1) resolves before any
    die is committed, and a During effect (Web Spinner: commit at most 4) holds from the
    first Commit step."""
    s = fight("b1-29")
    assert s.state.phase != "commit" and s.count(EXHAUSTED) == 0
    assert s.legal()[:5] == ["pick Y", "pick G", "pick B", "pick P", "pick R"]
    assert "choice" in s.refused("commit B")
    s.play("pick Y")
    assert s.colours(EXHAUSTED) == "Y" and s.state.phase == "commit"
    w = fight("b1-14")
    for _ in range(4):
        w.play("commit B" if "commit B" in w.legal() else "commit P")
    assert "commit P" not in w.legal()
    assert "no more" in w.refused("commit P")


def test_GEN_ACT_3_additional_enemies_activate_one_by_one_with_their_effects() -> None:
    """GEN-ACT-3: Rat Swarm (icon 1) brings one more enemy from a stack of the player's
    choice; that enemy's activation Special (Shrieking Bat: exhaust 1) starts at once."""
    s = fight("b1-03", "b1-29", day=1)
    assert s.active_codes() == ["b1-03"]
    assert {"from ones", "from fives"} <= set(s.legal())
    s.play("from ones").settle()
    assert s.active_codes() == ["b1-03", "b1-29"]
    assert s.state.tasks and s.state.tasks[0].kind == "exhaust_dice"
    s.play("pick G")
    assert s.state.phase == "commit" and len(s.state.active) == 2


def test_GEN_ACT_3_additional_enemy_from_another_stack() -> None:
    """GEN-ACT-3: the extra enemy may come from the top of the 5-point stack instead."""
    s = fight("b1-03", day=1)
    s.put_on_top("fives", "b5-04")
    s.play("from fives").settle()
    assert s.active_codes() == ["b1-03", "b5-04"]


def test_GEN_ACT_4_the_icon_is_not_an_effect() -> None:
    """GEN-ACT-4: the additional-enemies icon is not an effect: Rat Swarm prints no effect at
    all (no During, After, Special or reward) yet brings its extra enemy; the view shows the
    icon apart from the effects."""
    s = table()
    swarm = s.deck.cards[s.card("b1-03")]
    assert swarm.extra_enemies == 1
    assert not (swarm.during or swarm.after or swarm.special or swarm.instant or swarm.item)
    fight("b1-03", "b1-26", s=s, day=1)
    card = s.view()["active"][0]
    assert card["extra_enemies"] == 1 and card["during"] == card["special"] == []
    s.play("from ones").settle()
    assert s.active_codes() == ["b1-03", "b1-26"]


def test_GEN_ACT_5_additional_enemies_chain() -> None:
    """GEN-ACT-5: an extra enemy with the icon brings its own: Rat Swarm (1) -> Spiderling
    Brood (1) -> Skull Lantern (1) -> Gutter Rat: 3 extra activations, the sum of the icons."""
    s = fight("b1-03", "b1-16", "b1-25", "b1-01", day=1)
    for _ in range(3):
        s.play("from ones").settle()
    assert s.active_codes() == ["b1-03", "b1-16", "b1-25", "b1-01"]
    assert sum(s.deck.cards[a.card].extra_enemies for a in s.state.active) == 3
    assert s.state.phase == "commit"


# -- strategy phase -------------------------------------------------------------------------


def test_GEN_STRAT_1_commit_then_roll_then_apply() -> None:
    """GEN-STRAT-1: the steps run in fixed order: no apply while committing, no commit or
    second roll while applying."""
    s = fight("b1-22")
    s.play("commit B")
    assert "Apply" in s.refused("apply Bh 1")
    s.play("roll")
    assert s.game.to_move(s.state) == CHANCE
    s.roll("h")
    assert s.state.phase == "apply"
    assert "Commit" in s.refused("commit B")
    assert "roll" not in s.legal()
    s.play("apply Bh 1")
    assert taken(s) == 1


def test_GEN_STRAT_2_commit_any_mix_up_to_the_whole_pool() -> None:
    """GEN-STRAT-2: any number and mix of pool dice may be committed, up to all 17."""
    s = fight("b1-22")
    for letter in "RYPGB" * 4:
        if f"commit {letter}" in s.legal():
            s.play(f"commit {letter}")
    assert s.count(COMMITTED) == 17 and s.count(POOL) == 0
    assert not any(a.startswith("commit") for a in s.legal())


def test_GEN_STRAT_2_exhausted_dice_cannot_be_committed() -> None:
    """GEN-STRAT-2: a die outside the pool (exhausted) cannot be committed."""
    s = fight("b1-29")  # activation: exhaust one die; exhaust the red one
    s.play("pick R")
    assert s.colours(EXHAUSTED) == "R"
    assert "commit R" not in s.legal()
    assert "no red die" in s.refused("commit R")


def test_GEN_STRAT_2_committing_no_dice_is_allowed() -> None:
    """GEN-STRAT-2 (ambiguous; sensible reading): a Strategy phase with no die committed."""
    s = fight("b1-22")
    s.play("roll")
    assert s.state.phase == "apply" and s.count(COMMITTED) == 0
    assert "resolve" in s.legal()


def test_GEN_STRAT_3_all_committed_dice_roll_together_once() -> None:
    """GEN-STRAT-3: the roll rolls every committed die, once."""
    s = fight("b1-22")
    for letter in "YGBR":
        s.play(f"commit {letter}")
    s.play("roll")
    assert s.state.to_roll == (0, 4, 8, 16)
    s.roll("m", "h", "c", "h")
    assert not s.state.to_roll and s.state.phase == "apply"
    assert [s.state.faces[d] for d in (0, 4, 8, 16)] == [MISS, HIT, CRIT, HIT]
    assert s.state.phases_used == 1


def test_GEN_STRAT_4_no_item_during_the_roll() -> None:
    """GEN-STRAT-4: no item may be used while the dice are rolled; before and after, yes."""
    s = item(table(health=3), "b1-04")  # Bitter Tonic: heal 2
    fight("b1-22", s=s)
    s.play("commit B", "commit B")
    assert "use 1" in s.legal()
    s.play("roll").roll("h")
    assert s.state.to_roll and s.legal() == []
    assert "dice" in s.refused("use 1")
    assert "discard 1" not in s.legal()
    s.roll("h")
    assert "use 1" in s.legal()


# -- apply ----------------------------------------------------------------------------------


def test_GEN_APPLY_1_hits_go_only_on_active_cards_and_add_up() -> None:
    """GEN-APPLY-1: hits are placed only on active cards; a card's damage is the sum of its
    hits (1 per basic hit, 2 per crit)."""
    s = fight("b5-04")  # Health 7, alone
    strike(s, "BBP", "hhc")
    assert "no active card" in s.refused("apply Bh 2")
    s.play("apply Bh 1", "apply Bh 1", "apply Pc 1")
    assert taken(s) == 4
    assert s.view()["active"][0]["dice"] == ["B1", "B2", "P1"]


def test_GEN_APPLY_2_one_hit_per_die_in_any_order() -> None:
    """GEN-APPLY-2: hits are applied one at a time in the order chosen; one die, one hit."""
    s = fight("b1-22", "b1-06", day=2)  # two cards, Health 3 each
    strike(s, "B", "c")
    s.play("apply Bc 2")
    assert (taken(s, 1), taken(s, 2)) == (0, 1)  # Grease Rat: no crits (1 damage)
    assert "apply Bc 1" not in s.legal()
    assert "no rolled" in s.refused("apply Bc 1")
    t = fight("b1-22", "b1-06", day=2)
    strike(t, "BP", "hc")
    t.play("apply Pc 1", "apply Bh 2")
    assert (taken(t, 1), taken(t, 2)) == (2, 1)


def test_GEN_APPLY_3_unapplied_dice_stay_committed() -> None:
    """GEN-APPLY-3: hits need not all be applied; unapplied dice stay committed (not back to
    the pool) and are exhausted with the rest."""
    s = fight("b5-04")
    strike(s, "BB", "hh")
    s.play("apply Bh 1")
    assert s.count(COMMITTED) == 1 and s.count(POOL) == 15
    s.play("resolve")
    assert s.colours(EXHAUSTED) == "BB" and s.count(POOL) == 15


def test_GEN_APPLY_4_card_defeated_when_damage_reaches_health() -> None:
    """GEN-APPLY-4: after each die the state is checked: defeated when damage reaches (2 of 2)
    or exceeds (crit on Health 1) the card's Health, not before."""
    s = fight("b1-26", "b1-07", day=2)  # Cave Bat H1, Goblin Scrapper H2
    strike(s, "BBB", "hhc")
    s.play("apply Bh 2")
    assert not s.state.active[1].defeated
    s.play("apply Bh 2")
    assert s.state.active[1].defeated and taken(s, 2) == 2
    s.play("apply Bc 1", "decline")  # Cave Bat's instant reward declined
    assert s.state.active[0].defeated and taken(s, 1) == 2


def test_GEN_APPLY_5_defeated_card_stays_until_cleanup() -> None:
    """GEN-APPLY-5: a defeated card is marked defeated and stays in the active area through
    the Resolve phase, until Cleanup discards it."""
    s = fight("b1-07", "b1-22", day=2)
    strike(s, "BB", "cm")
    s.play("apply Bc 1")
    assert s.view()["active"][0]["defeated"] is True
    assert s.active_codes() == ["b1-07", "b1-22"]
    s.play("resolve")
    assert s.state.phase == "recover" and s.active_codes() == ["b1-07", "b1-22"]
    s.play("done")
    assert s.state.phase == "rewards" and s.active_codes() == ["b1-07", "b1-22"]
    s.play("done")
    assert s.active_codes() == ["b1-22"] and s.card("b1-07") in s.state.discard


def test_GEN_APPLY_6_during_effects_stop_at_once_on_defeat() -> None:
    """GEN-APPLY-6: Goblin Lookout's guard (no hit on other cards) ends the moment it is
    defeated, in the same Apply step."""
    s = fight("b1-11", "b1-22", day=2)
    strike(s, "BBB", "hhh")
    assert "apply Bh 2" not in s.legal()
    assert "protected by a guard" in s.refused("apply Bh 2")
    s.play("apply Bh 1", "apply Bh 1", "decline")
    assert s.state.active[0].defeated
    s.play("apply Bh 2")
    assert taken(s, 2) == 1


def test_GEN_R13_while_a_guard_stands_only_guards_take_hits() -> None:
    """GEN-APPLY-6, GEN-R13: Goblin Lookout and Bridge Troll both guard, with Bone Pile
    beside them: either guard may be hit, the pile waits while one guard stands."""
    s = fight("b1-11", "b5-04", "b1-22", day=7)
    assert s.active_codes() == ["b5-04", "b1-11", "b1-22"]
    strike(s, "GGGGBBB", "hhhhhhh")
    legal = s.legal()
    assert {"apply Gh 1", "apply Gh 2"} <= set(legal) and "apply Gh 3" not in legal
    assert "protected by a guard" in s.refused("apply Gh 3")
    s.play("apply Gh 1")
    assert taken(s, 1) == 1
    while not s.state.active[1].defeated:
        s.play("apply Gh 2")
    s.play("decline")  # Goblin Lookout's re-roll
    assert "apply Bh 3" not in s.legal()  # Bridge Troll still guards
    assert "apply Bh 1" in s.legal()


def test_GEN_APPLY_6_immunity_ends_with_defeat() -> None:
    """GEN-APPLY-6: Tunnel Rat is immune to yellow while undefeated; once defeated a yellow hit
    may go on it."""
    s = fight("b1-05")
    strike(s, "YBB", "hhh")
    assert "apply Yh 1" not in s.legal()
    s.play("apply Bh 1", "apply Bh 1")
    assert s.state.active[0].defeated
    s.play("apply Yh 1")
    assert taken(s) == 3


def test_GEN_APPLY_7_hits_may_go_on_a_defeated_card() -> None:
    """GEN-APPLY-7: hits may still be applied to a card after its defeat."""
    s = fight("b1-07")
    strike(s, "BBB", "chh")
    s.play("apply Bc 1")
    assert s.state.active[0].defeated
    assert "apply Bh 1" in s.legal()
    s.play("apply Bh 1", "apply Bh 1")
    assert taken(s) == 4 and s.state.active[0].hits == 3


def test_GEN_APPLY_8_instant_reward_taken_at_defeat() -> None:
    """GEN-APPLY-8: at its defeat, Goblin Sneak's instant reward (heal 1) may be taken then."""
    s = fight("b1-09", health=4)
    strike(s, "BB", "ch")
    s.play("apply Bc 1")
    assert s.state.tasks[0].kind == "instant"
    assert set(s.legal()) >= {"take", "decline"}
    assert "apply Bh 1" not in s.legal()  # decided at that moment
    s.play("take")
    assert s.state.health == 5


def test_GEN_APPLY_8_instant_reward_declined_is_lost() -> None:
    """GEN-APPLY-8: the instant reward is optional; declined, it cannot be taken later."""
    s = fight("b1-09", health=4)
    strike(s, "BB", "ch")
    s.play("apply Bc 1", "decline")
    assert s.state.health == 4
    seen = set(s.legal())
    s.play("resolve")
    while s.state.phase not in ("tmb.after_battle", "over"):
        seen |= set(s.legal())
        s.play("done")
    assert "take" not in seen and s.state.health == 4


def test_GEN_APPLY_9_item_rewards_wait_for_gain_item_rewards() -> None:
    """GEN-APPLY-9: Goblin Scrapper's item (Rusty Dagger) is not gained at its defeat; it
    waits for the Gain Item Rewards step."""
    s = fight("b1-07")
    strike(s, "B", "c").play("apply Bc 1")
    assert not s.state.inventory and not s.state.tasks
    assert s.view()["rewards"] == ["b1-07"]
    s.play("resolve", "done")
    assert s.state.phase == "rewards" and s.legal()[0] == "gain 1"
    s.play("gain 1")
    assert [i.card for i in s.state.inventory] == [s.card("b1-07")]


def test_GEN_APPLY_10_dice_on_cards_count_as_committed() -> None:
    """GEN-APPLY-10: dice placed on cards are committed dice in the active area: they are
    exhausted with the committed dice (unlike a die moved to a backup-plan slot)."""
    s = fight("b5-04")
    strike(s, "YBB", "mhm")
    s.play("apply Bh 1", "apply Ym backup")
    assert s.zone_of("B1") == "on_card" and s.zone_of("Y1") == "backup"
    s.play("resolve")
    assert s.zone_of("B1") == "exhausted" and s.zone_of("B2") == "exhausted"
    assert s.zone_of("Y1") == "backup"
    assert s.count(ON_CARD) == 0 and s.count(BACKUP) == 1


# -- repeating the strategy phase -----------------------------------------------------------


def test_GEN_REPEAT_1_repeat_only_with_strategy_above_one_and_optional() -> None:
    """GEN-REPEAT-1: another Strategy phase may start only while Strategy > 1; it is optional."""
    s = fight("b1-22", strategy=1)
    s.play("roll")
    assert "again" not in s.legal()
    assert "Strategy (1)" in s.refused("again")
    t = fight("b1-22", strategy=2)
    t.play("roll")
    assert {"again", "resolve"} <= set(t.legal())
    t.play("resolve")
    assert t.state.phase == "commit" and t.state.phases_used == 0


def test_GEN_REPEAT_2_at_most_strategy_phases_per_engagement() -> None:
    """GEN-REPEAT-2: with Strategy 3 an Engagement has at most 3 Strategy phases; the count
    starts again in the next Engagement (the engine's per-Engagement reading)."""
    s = fight("b1-22", strategy=3)
    s.play("roll", "again", "roll", "again", "roll")
    assert s.state.phases_used == 3 and "again" not in s.legal()
    assert "Strategy (3)" in s.refused("again")
    s.play("resolve")  # Bone Pile undefeated: a new Engagement of the battle
    s.play("roll")
    assert "again" in s.legal()


def test_GEN_REPEAT_3_repeats_have_no_resolve_between_them() -> None:
    """GEN-REPEAT-3: a repeat is a new Strategy phase of the same Engagement: no damage
    suffered, no die exhausted, hits stay on the card."""
    s = fight("b5-04")  # Bridge Troll, Damage 3
    strike(s, "BB", "hm").play("apply Bh 1", "again")
    assert s.state.phase == "commit" and s.state.health == 5
    assert s.count(EXHAUSTED) == 0 and taken(s) == 1 and s.zone_of("B1") == "on_card"
    assert s.state.phases_used == 1


def test_GEN_REPEAT_4_repeated_commit_adds_to_unapplied_dice() -> None:
    """GEN-REPEAT-4: in a repeated Commit step, new pool dice join the unapplied ones."""
    s = fight("b5-04")
    strike(s, "BB", "hm").play("apply Bh 1", "again", "commit Y", "commit P")
    assert s.colours(COMMITTED) == "YBP"
    assert s.zone_of("B2") == "committed" and s.zone_of("B1") == "on_card"


def test_GEN_REPEAT_5_repeated_roll_rerolls_all_unapplied_dice_only() -> None:
    """GEN-REPEAT-5: the repeated roll rolls carried-over and new dice; applied dice keep their
    faces and places."""
    s = fight("b5-04")
    strike(s, "BB", "hm").play("apply Bh 1", "again", "commit G", "roll")
    assert set(s.state.to_roll) == {4, 9}  # G1 new, B2 carried over
    assert s.state.faces[8] == HIT and s.zone_of("B1") == "on_card"
    s.roll("c", "c")
    assert s.state.faces[9] == CRIT and s.state.faces[4] == CRIT
    assert s.state.faces[8] == HIT and taken(s) == 1


# -- resolve --------------------------------------------------------------------------------


def test_GEN_RESOLVE_1_six_steps_in_order() -> None:
    """GEN-RESOLVE-1: Suffer Damage, After Effects, Exhaust, Recover, Gain Item Rewards,
    Cleanup, in this order (checked at each step that waits for a decision)."""
    s = fight("b1-02", "b1-07", day=2)  # Gnawing Rat (D1, After: exhaust 1), Scrapper (item)
    strike(s, "BBB", "chm").play("apply Bc 2", "resolve")
    # After Effects waits for the Gnawing Rat's exhaust choice
    assert s.state.phase == "after" and s.state.tasks[0].kind == "exhaust_dice"
    assert s.state.health == 4  # Suffer Damage came first
    assert s.count(COMMITTED) == 2 and s.count(ON_CARD) == 1  # Exhaust not yet
    s.play("pick Y")
    # Recover waits; dice were exhausted just before
    assert s.state.phase == "recover" and s.colours(EXHAUSTED) == "YBBB"
    assert not s.state.inventory and s.view()["rewards"] == ["b1-07"]
    s.play("done")
    # Gain Item Rewards, before Cleanup: both cards still active
    assert s.state.phase == "rewards" and s.active_codes() == ["b1-02", "b1-07"]
    s.play("gain 2")
    # Cleanup: the undefeated Rat stays; the Scrapper went into the inventory, not the discard
    assert s.active_codes() == ["b1-02"] and s.card("b1-07") not in s.state.discard
    assert [i.card for i in s.state.inventory] == [s.card("b1-07")]


def test_GEN_RESOLVE_2_only_undefeated_cards_deal_damage() -> None:
    """GEN-RESOLVE-2: Suffer Damage adds the Damage of every undefeated card: Goblin Slinger
    (D2, defeated) deals nothing, Skeleton Archer (D2) and Cave Bat (D1) deal 3."""
    s = fight("b1-08", "b1-21", "b1-26", day=3)
    assert sorted(s.active_codes()) == ["b1-08", "b1-21", "b1-26"]
    position = s.active_codes().index("b1-08") + 1
    strike(s, "B", "h").play(f"apply Bh {position}", "resolve")
    assert s.state.health == 5 - 3


def test_GEN_RESOLVE_3_after_effects_of_all_cards_incl_defeated() -> None:
    """GEN-RESOLVE-3: every After effect resolves, the defeated Venom Spider's too (lose 1
    Health), and the player chooses the order."""
    s = fight("b1-02", "b1-17", day=2)
    strike(s, "B", "h").play("apply Bh 2", "resolve")
    assert s.state.active[1].defeated
    assert s.state.phase == "after" and sorted(s.legal()[:2]) == ["first 1", "first 2"]
    assert s.state.health == 5 - 1  # the Gnawing Rat's Damage
    s.play("first 2")  # the defeated Venom Spider first
    assert s.state.health == 5 - 1 - 1
    assert s.state.tasks[0].kind == "exhaust_dice"  # then the Gnawing Rat's
    s.play("pick Y")
    assert s.colours(EXHAUSTED) == "YB"


def test_GEN_RESOLVE_4_every_committed_die_is_exhausted() -> None:
    """GEN-RESOLVE-4: all committed dice, on a card or not (miss or hit), are exhausted; the
    pool is untouched."""
    s = fight("b5-04")
    strike(s, "GBP", "mhc").play("apply Pc 1", "resolve")
    assert s.colours(EXHAUSTED) == "GBP" and s.count(COMMITTED) == s.count(ON_CARD) == 0
    assert s.count(POOL) == 14


def test_GEN_RESOLVE_5_recover_up_to_recovery() -> None:
    """GEN-RESOLVE-5: any number of exhausted dice from 0 up to Recovery (3) return to the
    pool."""
    s = fight("b5-04")
    strike(s, "YGBBP", "mmmmm").play("resolve")
    assert s.count(EXHAUSTED) == 5
    s.play("recover P", "recover B", "recover Y")
    assert s.colours(EXHAUSTED) == "GB" and s.state.phase != "recover"
    t = fight("b5-04")
    strike(t, "YG", "mm").play("resolve")
    assert "done" in t.legal()
    t.play("done")
    assert t.colours(EXHAUSTED) == "YG"


def test_GEN_RESOLVE_5_recover_refused_past_recovery() -> None:
    """GEN-RESOLVE-5: a 3rd recovery with Recovery 2 is refused."""
    s = fight("b5-04", recovery=2)
    strike(s, "YGB", "mmm").play("resolve", "recover Y", "recover G")
    assert s.state.phase == "commit" and s.colours(EXHAUSTED) == "B"
    assert "Recover step" in s.refused("recover B")


def test_GEN_RESOLVE_6_dice_exhausted_now_may_be_recovered_now() -> None:
    """GEN-RESOLVE-6: Exhaust comes before Recover, so the dice just exhausted can come back
    in the same Resolve phase."""
    s = fight("b5-04")
    assert s.count(EXHAUSTED) == 0
    strike(s, "PR", "hc").play("apply Rc 1", "resolve")
    assert s.colours(EXHAUSTED) == "PR"
    s.play("recover R", "recover P")
    assert s.count(EXHAUSTED) == 0 and s.count(POOL) == 17


def test_GEN_RESOLVE_7_gain_each_item_reward_of_the_round() -> None:
    """GEN-RESOLVE-7: each card defeated this round with an item reward may give its item."""
    s = fight("b1-07", "b1-04", day=2)  # Rusty Dagger, Bitter Tonic
    strike(s, "BB", "cc").play("apply Bc 1", "apply Bc 2", "resolve", "done")
    assert s.state.phase == "rewards"
    assert {"gain 1", "gain 2"} <= set(s.legal())
    s.play("gain 2", "gain 1")
    assert [s.deck.cards[i.card].code for i in s.state.inventory] == ["b1-04", "b1-07"]


def test_GEN_RESOLVE_8_cleanup_discards_every_card_general_default() -> None:
    """GEN-RESOLVE-8 (general default ``DeckRules.cleanup``; Too Many Bones keeps undefeated
    Baddies): every card, defeated or not, is discarded; the next round follows."""
    s = fight("b1-07", "b1-22", day=2)
    general(s, "cleanup")
    strike(s, "B", "c").play("apply Bc 1", "resolve", "done", "done")
    assert not s.state.active
    assert {s.card("b1-07"), s.card("b1-22")} <= set(s.state.discard)
    assert s.state.phase == "tmb.day" and s.state.round == 2


def test_GEN_RESOLVE_8_cleanup_discards_defeated_cards_deck_agrees() -> None:
    """GEN-RESOLVE-8 (Too Many Bones agrees when all are defeated): all go to the discard."""
    s = fight("b1-07", "b1-26", day=2)
    strike(s, "BB", "cc").play("apply Bc 1", "apply Bc 2", "decline", "resolve", "done", "done")
    assert not s.state.active
    assert {s.card("b1-07"), s.card("b1-26")} <= set(s.state.discard)


# -- items ----------------------------------------------------------------------------------


def test_GEN_ITEM_1_instant_rewards_never_enter_the_inventory() -> None:
    """GEN-ITEM-1: an instant reward acts at once and never enters the inventory; an item
    reward is gained at Gain Item Rewards and kept."""
    s = fight("b1-09", "b1-07", day=2, health=4)
    strike(s, "BB", "cc").play("apply Bc 1", "take")
    assert s.state.health == 5 and not s.state.inventory
    s.play("apply Bc 2", "resolve", "done", "gain 2")
    assert [s.deck.cards[i.card].code for i in s.state.inventory] == ["b1-07"]
    s.play("done")  # next day: the item is still held
    assert s.state.phase == "tmb.day" and len(s.state.inventory) == 1


def test_GEN_ITEM_2_single_use_item_used_once_then_discarded() -> None:
    """GEN-ITEM-2: a single-use item (Rusty Dagger: 1 damage) is used once, then discarded."""
    s = item(table(), "b1-07")
    fight("b5-04", s=s)
    s.play("use 1")
    assert taken(s) == 1
    assert not s.state.inventory and s.card("b1-07") in s.state.discard
    assert "item" in s.refused("use 1")


def test_GEN_ITEM_3_ongoing_item_lasts_until_discarded() -> None:
    """GEN-ITEM-3: an ongoing item (Sharpened Femur: crits +1) holds round after round, and
    stops when discarded."""
    s = item(table(), "b1-23")
    fight("b5-04", s=s)
    assert "use 1" not in s.legal()
    strike(s, "B", "c").play("apply Bc 1")
    assert taken(s) == 3
    s.play("resolve", "done")  # next Engagement of the battle
    strike(s, "B", "c").play("apply Bc 1")
    assert taken(s) == 3
    s.play("discard 1")
    assert not s.state.inventory
    s.play("again")
    strike(s, "P", "c").play("apply Pc 1")
    assert taken(s) == 5


def test_GEN_ITEM_4_items_may_be_used_in_any_phase_but_the_roll() -> None:
    """GEN-ITEM-4: an item (Bitter Tonic, heal 2) may be used at the day's choice, in Commit,
    Apply and Recover, and after the battle."""
    s = item(table(health=2), "b1-04")
    assert "use 1" in s.legal()  # Activation: the day's choice
    fight("b1-26", s=s)
    assert "use 1" in s.legal()  # Commit
    strike(s, "B", "h")
    assert "use 1" in s.legal()  # Apply
    s.play("apply Bh 1", "decline", "resolve")
    assert s.state.phase == "recover" and "use 1" in s.legal()
    s.play("done")
    assert s.state.phase == "tmb.after_battle" and "use 1" in s.legal()
    s.play("use 1")
    assert s.state.health == 4 and not s.state.inventory


def test_GEN_ITEM_5_items_may_be_discarded_at_any_moment() -> None:
    """GEN-ITEM-5: an item may be discarded at the day's choice, in Commit, Apply, Recover,
    and even when it could not be used."""
    s = item(table(health=6), "b1-04", "b1-23")  # heal not usable at 6, ongoing never used
    assert {"discard 1", "discard 2"} <= set(s.legal()) and "use 1" not in s.legal()
    fight("b1-26", s=s)
    assert "discard 2" in s.legal()
    strike(s, "B", "h")
    assert "discard 2" in s.legal()
    s.play("apply Bh 1", "decline", "resolve")
    assert "discard 2" in s.legal()
    s.play("discard 2")
    assert [s.deck.cards[i.card].code for i in s.state.inventory] == ["b1-04"]
    assert s.card("b1-23") in s.state.discard


def test_GEN_ITEM_6_inventory_limit_is_strategy() -> None:
    """GEN-ITEM-6: the inventory holds at most Strategy items: with Strategy 2 and two items
    held, a third reward cannot be gained."""
    s = item(table(), "b1-04", "b1-23")
    fight("b1-07", s=s)
    strike(s, "B", "c").play("apply Bc 1", "resolve", "done")
    assert s.state.phase == "rewards" and not any(a.startswith("gain") for a in s.legal())
    assert len(s.state.inventory) == 2


def test_GEN_ITEM_6_strategy_drop_discards_down_to_the_limit_only() -> None:
    """GEN-ITEM-6 (ambiguous; sensible reading: discard down to the new limit at once): the
    Goblin Warchief's During -1 Strategy (2 -> 1) with two items held asks for one discard;
    the player keeps the other item."""
    s = item(table(), "b1-07", "b1-04")
    fight("b5-01", "b1-26", s=s, day=5)
    s.play("from ones").settle()
    assert s.view()["stats"]["strategy"] == 1
    assert s.state.tasks and s.state.tasks[0].kind == "discard_item"
    assert {"discard 1", "discard 2"} <= set(s.legal())
    s.play("discard 2")
    assert [s.deck.cards[i.card].code for i in s.state.inventory] == ["b1-07"]


def test_GEN_ITEM_6_strategy_drop_forces_a_discard() -> None:
    """GEN-ITEM-6: when Strategy drops below the items held, a discard is due at once (no
    other action before it)."""
    s = item(table(), "b1-07", "b1-04")
    fight("b5-01", "b1-26", s=s, day=5)
    s.play("from ones").settle()
    assert s.state.tasks and s.state.tasks[0].kind == "discard_item"
    assert "commit B" not in s.legal() and "roll" not in s.legal()
    assert len(s.state.inventory) == 2


def test_GEN_ITEM_7_rewards_are_received_one_at_a_time() -> None:
    """GEN-ITEM-7: two item rewards come one at a time: after the first, the second still
    waits and can be dealt with separately."""
    s = fight("b1-07", "b1-04", day=2)
    strike(s, "BB", "cc").play("apply Bc 1", "apply Bc 2", "resolve", "done", "gain 1")
    assert len(s.state.inventory) == 1 and s.state.phase == "rewards"
    assert s.view()["rewards"] == ["b1-04"] and "gain 1" in s.legal()  # the gained one left
    s.play("done")  # the second is not gained
    assert len(s.state.inventory) == 1 and not s.state.active


def test_GEN_ITEM_8_no_item_while_the_inventory_is_full() -> None:
    """GEN-ITEM-8: with a full inventory (Strategy 1, one item) a reward cannot be received;
    it is not gained and its card is discarded."""
    s = item(table(strategy=1), "b1-23")
    fight("b1-07", s=s)
    strike(s, "B", "c").play("apply Bc 1", "resolve", "done")
    assert s.state.phase == "rewards" and "gain 1" not in s.legal()
    assert s.refused("gain 1")
    s.play("done")
    assert [i.card for i in s.state.inventory] == [s.card("b1-23")]
    assert s.card("b1-07") in s.state.discard


def test_GEN_ITEM_9_make_room_before_receiving() -> None:
    """GEN-ITEM-9: at Gain Item Rewards, a held item may be used or discarded to make room."""
    s = item(table(strategy=1, health=3), "b1-04")  # Bitter Tonic
    fight("b1-07", s=s)
    strike(s, "B", "c").play("apply Bc 1", "resolve", "done")
    assert "gain 1" not in s.legal() and "use 1" in s.legal()
    s.play("use 1")
    assert s.state.health == 5 and "gain 1" in s.legal()
    s.play("gain 1")
    assert [i.card for i in s.state.inventory] == [s.card("b1-07")]
    t = item(table(strategy=1), "b1-23")
    fight("b1-07", s=t)
    strike(t, "B", "c").play("apply Bc 1", "resolve", "done", "discard 1", "gain 1")
    assert [i.card for i in t.state.inventory] == [t.card("b1-07")]


def test_GEN_ITEM_10_an_item_not_yet_obtained_cannot_be_used() -> None:
    """GEN-ITEM-10: the Rusty Dagger waiting as a reward cannot be used; once gained it can."""
    s = fight("b1-22", "b1-07", day=2)
    position = s.active_codes().index("b1-07") + 1
    strike(s, "B", "c").play(f"apply Bc {position}")
    assert "use 1" not in s.legal()
    s.play("resolve", "done")
    assert s.state.phase == "rewards" and "use 1" not in s.legal()
    assert "no item" in s.refused("use 1")
    s.play(f"gain {position}")
    assert "use 1" in s.legal()


# -- enemy effects --------------------------------------------------------------------------


def test_GEN_EFFECT_1_during_effect_holds_in_resolve_while_undefeated() -> None:
    """GEN-EFFECT-1: the Vampire Bat's During -1 Recovery acts in every step, the Recover
    step of the Resolve phase included, while the bat is undefeated."""
    s = fight("b1-27", "b1-22", day=2)  # Recovery 3 -> 2
    assert s.view()["stats"]["recovery"] == 2
    strike(s, "YGB", "mmm").play("resolve", "recover Y", "recover G")
    assert "recover B" not in s.legal() and s.colours(EXHAUSTED) == "B"
    # next Engagement: defeat the bat, and Recovery 3 is back in the same Resolve phase
    strike(s, "YGP", "mmc").play("apply Pc 1", "resolve")
    assert s.state.active[0].defeated
    s.play("recover Y", "recover G", "recover B")
    assert s.colours(EXHAUSTED) == "P"


def test_GEN_EFFECT_2_after_effect_waits_for_resolve_even_if_defeated() -> None:
    """GEN-EFFECT-2: the Gnawing Rat's After effect (exhaust 1) does nothing during the
    Strategy phases and still triggers in After Effects though the rat is defeated."""
    s = fight("b1-02")
    strike(s, "BB", "ch")
    assert not s.state.tasks and s.count(EXHAUSTED) == 0
    s.play("apply Bc 1")
    assert s.state.active[0].defeated and not s.state.tasks
    s.play("resolve")
    assert s.state.phase == "after" and s.state.tasks[0].kind == "exhaust_dice"
    assert s.state.tasks[0].source == s.card("b1-02")
    s.play("pick P")
    assert "P" in s.colours(EXHAUSTED)


def test_GEN_EFFECT_3_special_effects_keep_their_own_timing() -> None:
    """GEN-EFFECT-3: Shrieking Bat's Special fires on activation only; Grave Crawler's at the
    start of every Engagement (again in the battle's second Engagement)."""
    s = fight("b1-24", "b1-29", day=2)
    picks = 0
    while s.state.tasks:
        s.play("pick Y")
        picks += 1
    assert picks == 2 and s.colours(EXHAUSTED) == "YY"
    s.play("roll", "resolve", "done")  # both undefeated: a new Engagement
    assert s.state.tasks and s.state.tasks[0].source == s.card("b1-24")
    s.play("pick G")
    assert not s.state.tasks and s.state.phase == "commit"
    assert s.colours(EXHAUSTED) == "YYG"


def test_GEN_EFFECT_4_special_triggers_on_a_defeated_card() -> None:
    """GEN-EFFECT-4: the Plague Rat's Special (on defeat: lose 1 Health) triggers although its
    card is defeated (During effects would stop)."""
    s = fight("b1-04")
    strike(s, "BB", "hh").play("apply Bh 1")
    assert s.state.health == 5
    s.play("apply Bh 1")
    assert s.state.active[0].defeated and s.state.health == 4


# -- priority -------------------------------------------------------------------------------


def test_GEN_PRIO_1_deck_rules_win_over_general_rules() -> None:
    """GEN-PRIO-1: the same Cleanup: the general rule discards an undefeated card; Too Many
    Bones (which wins) keeps it and the battle goes on."""
    deck = fight("b1-22")
    deck.play("roll", "resolve")
    assert deck.active_codes() == ["b1-22"] and deck.state.phase == "commit"
    plain = general(fight("b1-22"), "cleanup")
    plain.play("roll", "resolve")
    assert not plain.state.active and plain.state.phase == "tmb.day"


def test_GEN_PRIO_1_deck_victory_condition_wins() -> None:
    """GEN-PRIO-1: with the Tyrant defeated and a Baddie still up, the general rule would
    declare a win; Too Many Bones (all enemies) does not."""
    s = endgame("b1-22", "b1-06")
    strike(s, "PPPPR", "ccccc")
    for _ in range(4):
        s.play("apply Pc 1")
    s.play("apply Rc 1")
    assert s.state.active[0].defeated and s.state.result == 0
    assert DeckRules.won(s.deck, s.state) and not s.deck.won(s.state)


def test_GEN_PRIO_2_card_text_wins_over_the_rulebook() -> None:
    """GEN-PRIO-2: the rulebook says a crit deals 2 and any number of dice may be committed;
    Grease Rat's no-crit makes a crit deal 1, Web Spinner allows only 4 dice a phase."""
    s = fight("b1-06")
    strike(s, "B", "c").play("apply Bc 1")
    assert taken(s) == 1
    w = fight("b1-14")
    for letter in "PPPP":
        w.play(f"commit {letter}")
    assert "no more" in w.refused("commit R")


def test_GEN_PRIO_3_effect_wins_over_a_reward() -> None:
    """GEN-PRIO-3: Goblin Cutpurse's no-items effect wins over the Bitter Tonic reward: no use
    while it is undefeated; usable again after its defeat."""
    s = item(table(health=3), "b1-04")
    fight("b1-13", s=s)
    assert "use 1" not in s.legal()
    assert "forbids" in s.refused("use 1")
    strike(s, "B", "h").play("apply Bh 1", "decline")
    assert "use 1" in s.legal()


def test_GEN_PRIO_3_no_crit_effect_wins_over_hero_crit_bonus() -> None:
    """GEN-PRIO-3: effect text wins over hero abilities: against Grease Rat (no crits) a crit
    from Brasshammer (crits +1) deals 1, like a basic hit."""
    s = fight("b1-06", hero="brasshammer")
    strike(s, "B", "c").play("apply Bc 1")
    assert taken(s) == 1


def test_GEN_PRIO_4_may_means_optional() -> None:
    """GEN-PRIO-4: 'may' actions can be declined: an instant reward, another Strategy phase,
    recovering dice and gaining an item."""
    s = fight("b1-01", "b1-07", day=2)  # Gutter Rat (instant: recover 1), Scrapper (item)
    strike(s, "BB", "cc").play("apply Bc 1")
    assert "decline" in s.legal()
    s.play("decline", "apply Bc 2")
    assert "again" in s.legal()
    s.play("resolve")
    assert {"recover B", "done"} <= set(s.legal())
    s.play("done")
    assert "gain 2" in s.legal()
    s.play("done")
    assert not s.state.inventory and s.colours(EXHAUSTED) == "BB"


def test_GEN_PRIO_5_player_orders_simultaneous_after_effects() -> None:
    """GEN-PRIO-5: two After effects at once: the player picks which resolves first; the
    order is visible (the exhaust choice comes before or after the Health loss)."""
    for first, health_at_pick in (("first 1", 4), ("first 2", 3)):
        s = fight("b1-02", "b1-17", day=2)
        strike(s, "B", "h").play("apply Bh 2", "resolve")
        assert s.view()["after_waiting"] == [1, 2]
        s.play(first)
        assert s.state.tasks[0].kind == "exhaust_dice"
        assert s.state.health == health_at_pick
        s.play("pick Y")
        assert s.state.health == 3


# -- endgame --------------------------------------------------------------------------------


def test_GEN_END_1_the_deck_decides_when_and_what() -> None:
    """GEN-END-1: Too Many Bones opens the endgame from the Tyrant's minimum day (7 for the
    Cinder Warden), forces it on day 12, and brings the Tyrant plus its summoned Baddies."""
    s = table(boss="warden")
    s.set_deck(day=6)
    assert "tyrant" not in s.legal()
    s.set_deck(day=7)
    assert "tyrant" in s.legal()
    s.set_deck(day=12)
    assert s.legal()[0] == "tyrant" and "battle" not in s.legal()
    e = endgame("b1-22", "b1-06")
    assert e.state.endgame and e.active_codes() == ["warden", "b1-22", "b1-06"]


def test_GEN_END_2_the_boss_is_faced_every_round_until_the_end() -> None:
    """GEN-END-2: in the endgame the boss and its enemies are faced round after round, Health
    falling each time, until the game is lost (or won)."""
    s = endgame("b1-22", "b1-06")  # Baddies of Damage 0; the Warden deals 1
    for health in (4, 3):
        s.play("roll", "resolve")
        assert s.state.health == health
        assert s.active_codes() == ["warden", "b1-22", "b1-06"] and s.state.phase == "commit"
    s.set(health=1)
    s.play("roll", "resolve")
    assert s.state.result == -1 and s.state.phase == "over"


def test_GEN_END_3_only_the_boss_must_be_defeated_general_default() -> None:
    """GEN-END-3 (general default ``DeckRules.won``; Too Many Bones needs all): defeating the
    boss wins at once though other enemies are still active."""
    s = general(endgame("b1-22", "b1-06"), "won")
    strike(s, "PPPPR", "ccccc")
    for _ in range(4):
        s.play("apply Pc 1")
    assert s.state.result == 0
    s.play("apply Rc 1")
    assert s.state.result == 1 and s.state.phase == "over"
    assert not s.state.active[1].defeated and not s.state.active[2].defeated
    outcome = s.game.outcome(s.state)
    assert outcome is not None and outcome.winners == (0,)


def test_GEN_END_4_activation_skipped_after_the_first_endgame_round() -> None:
    """GEN-END-4 (general ``DeckRules.cleanup``, the endgame path of ``next_round``): the next
    round goes straight to the Engagement: no day's choice, no new card, day unchanged."""
    s = general(endgame("b1-22", "b1-06"), "cleanup")
    day, round_ = s.state.deck.day, s.state.round
    s.play("roll", "resolve")
    assert s.state.round == round_ + 1 and s.state.deck.day == day
    assert s.state.phase == "commit" and "tyrant" not in s.legal() and "battle" not in s.legal()
    assert s.active_codes() == ["warden", "b1-22", "b1-06"]


def test_GEN_END_5_undefeated_cards_stay_active_in_the_endgame() -> None:
    """GEN-END-5 (general ``DeckRules.cleanup``): at endgame Cleanup undefeated cards are not
    discarded; they stay active with their During effects (the Warden's yellow immunity)."""
    s = general(endgame("b1-22", "b1-06"), "cleanup")
    s.play("roll", "resolve")
    assert s.active_codes() == ["warden", "b1-22", "b1-06"]
    assert s.card("warden") not in s.state.discard
    strike(s, "Y", "h")
    assert "apply Yh 1" not in s.legal() and "apply Yh 2" in s.legal()


def test_GEN_END_6_defeated_cards_are_discarded_in_the_endgame() -> None:
    """GEN-END-6 (general ``DeckRules.cleanup``; the deck agrees): a Baddie defeated in an
    endgame round is discarded at Cleanup, the undefeated stay."""
    s = general(endgame("b1-22", "b1-06"), "cleanup")
    strike(s, "BBB", "hhh").play("apply Bh 2", "apply Bh 2", "apply Bh 2", "resolve", "done")
    s.play("done")  # no Bone Whistle
    assert s.active_codes() == ["warden", "b1-06"]
    assert s.card("b1-22") in s.state.discard
    t = endgame("b1-22", "b1-06")  # Too Many Bones' own cleanup
    strike(t, "BBB", "hhh").play("apply Bh 2", "apply Bh 2", "apply Bh 2", "resolve", "done")
    t.play("done")
    assert t.active_codes() == ["warden", "b1-06"] and t.card("b1-22") in t.state.discard


def test_GEN_END_7_dice_on_undefeated_cards_are_exhausted() -> None:
    """GEN-END-7: in the endgame the dice on the undefeated Warden are exhausted at Exhaust
    Dice like every committed die (general hook and the deck agree)."""
    for s in (endgame("b1-22", "b1-06"), general(endgame("b1-22", "b1-06"), "cleanup")):
        strike(s, "BP", "hc").play("apply Bh 1", "apply Pc 1")
        assert s.count(ON_CARD) == 2
        s.play("resolve")
        assert s.state.phase == "recover"
        assert s.zone_of("B1") == "exhausted" and s.zone_of("P1") == "exhausted"
        assert s.count(ON_CARD) == 0 and not s.state.active[0].defeated


def test_GEN_END_8_damage_does_not_carry_into_the_next_round() -> None:
    """GEN-END-8: the undefeated Warden starts the next round with no hits and no dice on it,
    so the 4 damage dealt before do not count towards its 9 Health."""
    for s in (endgame("b1-22", "b1-06"), general(endgame("b1-22", "b1-06"), "cleanup")):
        strike(s, "BP", "hc").play("apply Bh 1", "apply Pc 1", "resolve", "done")
        warden = s.view()["active"][0]
        assert warden["code"] == "warden" and s.state.phase == "commit"
        assert warden["taken"] == 0 and warden["hits"] == 0 and warden["dice"] == []
        strike(s, "PPPR", "cccc")
        for _ in range(3):
            s.play("apply Pc 1")
        s.play("apply Rc 1")
        # 8 fresh damage: not defeated (with the 4 of the last round it would be)
        assert taken(s) == 8 and not s.state.active[0].defeated


def test_die_names_match_the_harness() -> None:
    """Sanity of the die numbering the tests rely on (GEN-DICE-1: yellow 0-3 ... red 16)."""
    assert [die_name(d) for d in (0, 4, 8, 12, 16)] == ["Y1", "G1", "B1", "P1", "R"]


def test_GEN_ITEM_4_an_item_may_be_used_before_a_forced_discard() -> None:
    """GEN-ITEM-4, GEN-R6: "à tout moment, à l'exception de l'étape Lancer les dés" holds in
    the middle of an effect too. Goblin Sneak makes the hero discard an item; with one item
    held, the discard is asked (not made for her), and she may use the item first: Bitter
    Tonic heals 2 and is gone, so nothing is left to discard."""
    s = item(table(health=2), "b1-04")
    fight("b1-09", s=s)
    assert s.state.tasks and s.state.tasks[0].kind == "discard_item"
    assert s.choices() == ["discard 1"]
    assert "use 1" in s.legal()
    s.play("use 1").settle()
    assert s.state.health == 4 and s.state.inventory == ()
    assert not s.state.tasks and s.state.phase == "commit"


def test_GEN_ITEM_5_a_forced_discard_of_the_only_item_is_still_the_players_act() -> None:
    """GEN-ITEM-5, GEN-R6: the discard Goblin Sneak asks for is made by the player's choice
    ("discard 1"), and the item goes to the discard pile."""
    s = item(table(health=2), "b1-04")
    fight("b1-09", s=s)
    s.play("discard 1").settle()
    assert s.state.inventory == () and s.card("b1-04") in s.state.discard
    assert s.state.health == 2 and s.state.phase == "commit"


def test_GEN_ITEM_4_an_item_used_while_a_die_must_be_chosen_resolves_first() -> None:
    """GEN-ITEM-4, GEN-R6: while an effect waits for its choice (which die to exhaust), an
    item may be used; its effect resolves at once, then the waiting choice is asked again."""
    s = item(table(health=2), "b1-04")
    s.edit(lambda st: st.push_tasks([Task("exhaust_dice", 1)], first=True))
    s.settle()
    waiting = s.choices()
    assert waiting and all(a.startswith("pick ") for a in waiting)
    assert "use 1" in s.legal()
    s.play("use 1").settle()
    assert s.state.health == 4
    assert s.state.tasks[0].kind == "exhaust_dice" and s.choices() == waiting
