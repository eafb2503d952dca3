# ruff: noqa: N802
"""Exact odds for 20 Strong (``twenty_strong.odds``) and the odds shown beside the decisions.

The exact figures are checked against a brute-force count over every face of every die on
small pools, and against a seeded Monte Carlo estimate on large pools (within 4 standard
errors). Clause text: docs/rules/20-strong-general.md; the allocation the figures
assume is docs/rulings.md GEN-R11.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Sequence
from fractions import Fraction
from math import sqrt
from operator import le

import pytest
from rich.console import Console

from gamehall.core.i18n import catalog
from gamehall.games.twenty_strong import odds
from gamehall.games.twenty_strong.dice import (
    BLUE,
    COLOURS,
    COUNTS,
    CRIT,
    FACE_DAMAGE,
    FACE_WEIGHTS,
    GREEN,
    HIT,
    MISS,
    PURPLE,
    RED,
    YELLOW,
)
from gamehall.games.twenty_strong.odds import (
    ALL_COLOURS,
    Card,
    damage_distribution,
    expected_damage,
    p_at_least,
    p_defeat_all,
    pool_of,
)
from gamehall.games.twenty_strong.terminal import render_twenty_strong
from gamehall.games.twenty_strong.view import dice_targets
from tests.twenty_strong.test_general_clauses import fight, strike

# -- independent oracles ---------------------------------------------------------------------

FACES = {c: [MISS] * w[0] + [HIT] * w[1] + [CRIT] * w[2] for c, w in enumerate(FACE_WEIGHTS)}
"""The six faces of a die of each colour (GEN-DICE-6..10)."""


def damage(face: int, card: Card) -> int:
    """What one face deals to ``card`` (GEN-DICE-4; a crit deals what the card lets it)."""
    return card.crit if face == CRIT else FACE_DAMAGE[face]


def can_defeat_all(roll: Sequence[tuple[int, int]], cards: Sequence[Card]) -> bool:
    """Whether some allocation of the rolled dice, each to at most one card that takes its
    colour, defeats every card: the needs left, die by die (no grouping, no greedy), keeping
    those no other is at or below."""
    states = {tuple(card.health for card in cards)}
    for colour, face in roll:
        if face == MISS:
            continue
        grown = set(states)
        for needs in states:
            for k, card in enumerate(cards):
                if needs[k] > 0 and colour in card.colours:
                    after = list(needs)
                    after[k] = max(0, after[k] - damage(face, card))
                    grown.add(tuple(after))
        states = {a for a in grown if not any(b != a and all(map(le, b, a)) for b in grown)}
    return any(not any(needs) for needs in states)


def brute_force(colours: Sequence[int], cards: Sequence[Card], health: int | None = None):
    """(P(all on cards[0] deal >= health), E[damage to cards[0]], P(defeat all)) by counting
    every one of the 6**n rolls."""
    n = len(colours)
    at_least = total = everything = 0
    first = cards[0]
    need = first.health if health is None else health
    for faces in itertools.product(*(FACES[c] for c in colours)):
        dealt = sum(
            damage(f, first) for c, f in zip(colours, faces, strict=True) if c in first.colours
        )
        at_least += dealt >= need
        total += dealt
        everything += can_defeat_all(list(zip(colours, faces, strict=True)), cards)
    size = 6**n
    return Fraction(at_least, size), Fraction(total, size), Fraction(everything, size)


# -- small pools: exact agreement with brute force -------------------------------------------

NOT_YELLOW = ALL_COLOURS - {YELLOW}
SMALL_POOLS = [
    [RED],
    [YELLOW],
    [YELLOW, RED],
    [GREEN, BLUE],
    [YELLOW, GREEN, BLUE],
    [BLUE, PURPLE, RED],
    [YELLOW, GREEN, PURPLE, RED],
    [BLUE, BLUE, PURPLE, PURPLE],
    [YELLOW, YELLOW, GREEN, RED],
]
CARD_SETS = [
    [Card(2)],
    [Card(3, crit=1)],  # crits deal only 1
    [Card(4, crit=3)],  # a crit bonus of 1
    [Card(2, NOT_YELLOW)],  # immune to yellow
    [Card(1), Card(1)],
    [Card(2, NOT_YELLOW), Card(2)],
    [Card(3, frozenset({RED, PURPLE})), Card(1, crit=1), Card(1, ALL_COLOURS - {PURPLE})],
    [Card(2, ALL_COLOURS - {YELLOW, GREEN}, 1), Card(3, ALL_COLOURS - {BLUE})],
    # four classes immune to different colours: several groups, several sets
    [
        Card(1, NOT_YELLOW),
        Card(1, ALL_COLOURS - {GREEN}),
        Card(2, ALL_COLOURS - {BLUE}, 3),
        Card(1, ALL_COLOURS - {PURPLE}, 1),
    ],
    [Card(2, NOT_YELLOW, 3), Card(1, ALL_COLOURS - {RED}), Card(1, ALL_COLOURS - {GREEN, BLUE})],
]


@pytest.mark.parametrize("colours", SMALL_POOLS, ids=lambda c: "".join("YGBPR"[x] for x in c))
@pytest.mark.parametrize("cards", CARD_SETS, ids=range(len(CARD_SETS)))
def test_GEN_DICE_exact_odds_agree_with_brute_force(colours: list[int], cards: list[Card]) -> None:
    """GEN-DICE-2, GEN-DICE-4, GEN-DICE-5, GEN-DICE-6..10, GEN-APPLY-1, GEN-APPLY-2,
    GEN-APPLY-6, GEN-PRIO-3: on every face of every die, the exact figures equal a count of
    the rolls; a crit is one die dealing 2 (1 with no crits, 3 with a bonus), a card immune to
    a colour takes nothing from it, and each die goes on one card only."""
    dice = pool_of(colours)
    at_least, mean, everything = brute_force(colours, cards)
    assert p_at_least(dice, cards[0]) == at_least
    assert expected_damage(dice, cards[0]) == mean
    assert p_defeat_all(dice, cards) == everything
    distribution = damage_distribution(dice, cards[0])
    assert sum(distribution) == 1
    assert sum(d * p for d, p in enumerate(distribution)) == mean


def test_GEN_DICE_5_a_crit_is_one_die_on_one_card() -> None:
    """GEN-DICE-5, GEN-APPLY-2: one red die (5 hits, 1 crit) never defeats two cards of
    health 1: its crit deals 2 but goes on one card."""
    assert p_defeat_all(pool_of([RED]), [Card(1), Card(1)]) == 0
    assert p_defeat_all(pool_of([RED]), [Card(2)]) == Fraction(1, 6)
    assert p_defeat_all(pool_of([RED, RED - 1]), [Card(1), Card(1)]) == Fraction(5, 6)


def test_GEN_DICE_10_red_never_misses() -> None:
    """GEN-DICE-10: the red die always deals at least 1, on average 7/6."""
    red = pool_of([RED])
    assert p_at_least(red, Card(1)) == 1
    assert expected_damage(red) == Fraction(7, 6)
    assert damage_distribution(red, Card()) == (Fraction(0), Fraction(5, 6), Fraction(1, 6))


# -- large pools: agreement with a seeded Monte Carlo estimate ---------------------------------

LARGE = [
    ((4, 4, 2, 0, 0), [Card(6), Card(3, NOT_YELLOW)]),
    ((3, 2, 2, 2, 1), [Card(7, NOT_YELLOW), Card(1, ALL_COLOURS - {GREEN}), Card(2, crit=1)]),
    ((4, 4, 4, 0, 1), [Card(9, NOT_YELLOW), Card(4, ALL_COLOURS - {GREEN, BLUE})]),
    ((4, 4, 4, 4, 1), [Card(10, NOT_YELLOW), Card(5, ALL_COLOURS - {PURPLE}, 3)]),
    ((4, 4, 4, 1, 1), [Card(6, NOT_YELLOW), Card(3, ALL_COLOURS - {PURPLE}, 3), Card(2, crit=1)]),
    ((3, 3, 2, 2, 1), [Card(3, ALL_COLOURS - {c}, 2 + c % 2) for c in COLOURS[:4]]),
]


@pytest.mark.parametrize(("counts", "cards"), LARGE, ids=str)
def test_large_pools_agree_with_monte_carlo(counts: tuple[int, ...], cards: list[Card]) -> None:
    """GEN-DICE-6..10, GEN-APPLY-1, GEN-APPLY-2: on pools of 10 to 17 dice, 20,000 seeded
    rolls estimate the same chances as the exact figures, within 4 standard errors."""
    colours = [c for c in COLOURS for _ in range(counts[c])]
    assert 10 <= len(colours) <= 17
    dice = pool_of(colours)
    rng = random.Random(f"odds{counts}")
    samples = 20_000
    known: dict[tuple[tuple[int, int], ...], bool] = {}
    hits_first = wins = 0
    total = 0
    for _ in range(samples):
        faces = [rng.choice(FACES[c]) for c in colours]
        dealt = sum(
            damage(f, cards[0])
            for c, f in zip(colours, faces, strict=True)
            if c in cards[0].colours
        )
        hits_first += dealt >= cards[0].health
        total += dealt
        key = tuple(sorted(zip(colours, faces, strict=True)))
        if key not in known:
            known[key] = can_defeat_all(list(key), cards)
        wins += known[key]
    for estimate, exact in (
        (Fraction(hits_first, samples), p_at_least(dice, cards[0])),
        (Fraction(wins, samples), p_defeat_all(dice, cards)),
    ):
        error = sqrt(float(exact * (1 - exact)) / samples)
        assert abs(float(estimate - exact)) <= 4 * error + 1e-12, (estimate, exact)
    mean = expected_damage(dice, cards[0])
    variance = sum(variance_of_one(c, cards[0]) for c in colours)
    assert abs(total / samples - float(mean)) <= 4 * sqrt(variance / samples)


def variance_of_one(colour: int, card: Card) -> float:
    """The variance of the damage one die of ``colour`` deals ``card``."""
    if colour not in card.colours:
        return 0.0
    values = [damage(face, card) for face in FACES[colour]]
    mean = sum(values) / 6
    return sum((v - mean) ** 2 for v in values) / 6


def test_GEN_APPLY_2_cards_needing_every_die_or_more() -> None:
    """GEN-APPLY-2, GEN-PRIO-3: two cards whose crits deal only 1 need one die per point of
    Health. Needing 18 of the 17 dice, or 10 of the 9 dice a card takes, no roll defeats
    them; needing all 17, only the rolls where every die hits do (a choice of crits that asks
    exactly the dice there are is kept, one that asks more is dropped before counting)."""
    every_die = (4, 4, 4, 4, 1)
    assert p_defeat_all(every_die, [Card(9, crit=1), Card(9, crit=1)]) == 0
    all_hit = Fraction(2, 6) ** 4 * Fraction(3, 6) ** 4 * Fraction(4, 6) ** 4 * Fraction(5, 6) ** 4
    assert p_defeat_all(every_die, [Card(9, crit=1), Card(8, crit=1)]) == all_hit
    blue_purple_red = ALL_COLOURS - {YELLOW, GREEN}  # 9 dice
    assert p_defeat_all(every_die, [Card(10, blue_purple_red, 1), Card(1)]) == 0
    assert p_defeat_all(every_die, [Card(9, blue_purple_red, 1), Card(1)]) > 0


# -- edge cases ------------------------------------------------------------------------------


def test_edge_cases() -> None:
    """GEN-APPLY-4, GEN-APPLY-6, GEN-STRAT-2: health 0 is already reached; an empty pool
    deals nothing; a card immune to every colour of the pool cannot be hurt; with no card left
    to defeat, every roll defeats them all; a pool is counts by colour within the 17 dice."""
    nothing = pool_of([])
    assert p_at_least(nothing, Card(0)) == 1 and p_at_least(nothing, Card(3), 0) == 1
    assert p_at_least(nothing, Card(1)) == 0 and expected_damage(nothing) == 0
    assert damage_distribution(nothing, Card(2)) == (Fraction(1),)
    assert p_defeat_all(nothing, []) == 1 and p_defeat_all(nothing, [Card(0)]) == 1
    assert p_defeat_all(nothing, [Card(1)]) == 0
    yellow = pool_of([YELLOW] * 4)
    immune = Card(1, NOT_YELLOW)
    assert p_at_least(yellow, immune) == 0 and expected_damage(yellow, immune) == 0
    assert p_defeat_all(yellow, [immune]) == 0 and p_defeat_all(yellow, [Card(1), immune]) == 0
    assert p_defeat_all(pool_of(COLOURS), [Card(1, frozenset())]) == 0
    assert p_at_least(pool_of(COLOURS), Card(1), -2) == 1
    with pytest.raises(ValueError):
        pool_of([RED, RED])
    with pytest.raises(ValueError):
        p_at_least((5, 0, 0, 0, 0), Card(1))


def test_every_pool_of_the_17_dice_is_a_distribution() -> None:
    """GEN-DICE-1, GEN-DICE-3: for every pool (counts by colour), the damage chances sum to
    1 and the defeat-every-card chance lies between 0 and the chance for the hardest card."""
    cards = [Card(5, NOT_YELLOW), Card(2, ALL_COLOURS - {GREEN}, 1)]
    for counts in itertools.product(*(range(n + 1) for n in COUNTS)):
        if sum(counts) % 4:  # a spread of pools, quickly
            continue
        dice = pool_of(c for c in COLOURS for _ in range(counts[c]))
        assert sum(damage_distribution(dice, cards[0])) == 1
        assert 0 <= p_defeat_all(dice, cards) <= min(p_at_least(dice, c) for c in cards)


def test_caches_answer_the_same() -> None:
    """A second query (from the caches) gives the same exact figures."""
    dice, cards = (4, 4, 4, 4, 1), [Card(6, NOT_YELLOW), Card(3, ALL_COLOURS - {GREEN})]
    first = p_defeat_all(dice, cards)
    assert p_defeat_all(dice, list(reversed(cards))) == first
    odds._defeat_all.cache_clear()
    odds._shape.cache_clear()
    assert p_defeat_all(dice, cards) == first


# -- the odds beside the decisions -------------------------------------------------------------


def test_GEN_STRAT_1_view_shows_the_odds_of_the_committed_dice() -> None:
    """GEN-STRAT-1, GEN-STRAT-2, GEN-APPLY-6: at the Commit step the view has ``odds``: for the
    committed dice and for them with the pool dice that may still be committed, the chance to
    defeat every card, the expected damage and each card's chance, computed from the table the
    player sees (Tunnel Rat is immune to yellow)."""
    s = fight("b1-05", "b5-04", day=6)  # Tunnel Rat (immune to yellow), Bridge Troll (guard)
    s.play("commit Y", "commit B", "commit P")
    view = s.game.table_view(s.state, 0)
    json.dumps(view)
    figures = view["odds"]
    assert figures["reroll"] is False
    targets = dice_targets(s.game, s.state)
    cards = [card for _, card in targets]
    assert [card.colours for card in cards] == [ALL_COLOURS, NOT_YELLOW]
    dice = pool_of([YELLOW, BLUE, PURPLE])
    committed = figures["committed"]
    assert committed["dice"] == 3
    assert committed["defeat_all"] == round(float(p_defeat_all(dice, cards)), 4)
    assert committed["expected_damage"] == round(float(expected_damage(dice)), 2)
    for entry, (index, card) in zip(committed["cards"], targets, strict=True):
        assert entry["position"] == index + 1 and entry["need"] == card.health
        assert entry["at_least"] == round(float(p_at_least(dice, card)), 4)
    more = figures["more"]
    assert more["dice"] == 17 and more["added"] == 14
    assert more["defeat_all"] == round(float(p_defeat_all((4, 4, 4, 4, 1), cards)), 4)
    assert "odds" not in s.view()  # the view bots read stays free of them


def test_GEN_REPEAT_5_apply_step_shows_the_odds_of_rolling_again() -> None:
    """GEN-REPEAT-4, GEN-REPEAT-5: in the Apply step, while another Strategy phase is open,
    the odds are those of the unapplied dice rolled again (with more from the pool); the
    damage already taken counts (the card needs only what is left); no odds outside the
    decisions they inform."""
    s = fight("b5-04")  # Bridge Troll, Health 7
    strike(s, "BB", "ch").play("apply Bc 1")
    view = s.game.table_view(s.state, 0)
    assert view["odds"]["reroll"] is True
    assert view["odds"]["committed"]["cards"][0]["need"] == 5
    assert view["odds"]["committed"]["dice"] == 1
    s.play("resolve")
    assert "odds" not in s.game.table_view(s.state, 0)


def test_GEN_R13_two_guards_only_set_the_order() -> None:
    """GEN-APPLY-6 (docs/rulings.md GEN-R13): with two guards standing, either may be hit and
    the other cards wait; the odds ignore the order, so every card takes every colour."""
    s = fight("b1-11", "b5-04", day=6)  # Goblin Lookout and Bridge Troll: both guard
    s.play("commit R", "commit P", "commit P", "commit P", "commit P", "commit B")
    assert all(card.colours == ALL_COLOURS for _, card in dice_targets(s.game, s.state))
    assert s.game.table_view(s.state, 0)["odds"]["committed"]["defeat_all"] > 0
    one = fight("b1-11", "b1-22", day=2)
    one.play("commit R")
    assert all(card.colours == ALL_COLOURS for _, card in dice_targets(one.game, one.state))


def test_GEN_PRIO_3_no_crit_and_crit_bonus_reach_the_odds() -> None:
    """GEN-PRIO-3: against Grease Rat (no crits) a crit deals 1 even for Brasshammer (crits
    +1); on another card his crits deal 3, and the odds use these values."""
    s = fight("b1-06", hero="brasshammer")
    s.play("commit R")
    assert [card.crit for _, card in dice_targets(s.game, s.state)] == [1]
    s = fight("b1-07", hero="brasshammer")
    s.play("commit R")
    assert [card.crit for _, card in dice_targets(s.game, s.state)] == [3]
    assert s.game.table_view(s.state, 0)["odds"]["committed"]["expected_damage"] == round(
        float(Fraction(5 + 3, 6)), 2
    )


@pytest.mark.parametrize("language", ["en", "fr"])
def test_terminal_table_shows_the_odds(language: str) -> None:
    """The terminal table prints the odds under the active cards, in the player's language:
    the chance to defeat every card, the expected damage and each card's chance."""
    s = fight("b1-05", "b5-04", day=6)
    s.play("commit B", "commit P")
    console = Console(width=200, record=True)
    console.print(render_twenty_strong(s.game, s.game.table_view(s.state, 0), catalog(language)))
    text = console.export_text()
    if language == "en":
        assert "Odds" in text and "2 committed dice: defeat all: 0\xa0%" in text
        assert "expected damage 1.8" in text and "#2 ≥ health: 64\xa0%" in text
        assert "17 dice, committing 15 more: defeat all: 96\xa0%" in text
    else:
        assert "Chances" in text and "2 dés engagés : tout vaincre : 0\xa0%" in text
        assert "dégâts attendus 1,8" in text and "n° 2 ≥ santé : 64\xa0%" in text


def test_web_table_shows_the_odds() -> None:
    """The web table (both decks share table.html) shows the odds beside the cards."""
    from gamehall.web.views import GAME_VIEWS, environment, translator

    s = fight("b1-05", "b5-04", day=6)
    s.play("commit B", "commit P")
    template = environment().get_template(GAME_VIEWS["20-strong"].table)
    html = template.render(
        view=s.game.table_view(s.state, 0), legal=[], log=[], seq=1, seat=0, t=translator("en"),
        lang="en",
        game=s.game, info=None, over=False, to_move=0,
    )  # fmt: skip
    assert 'class="odds"' in html and "defeat all: 96\xa0%" in html
    assert 'data-card-odds="2">≥ health: 64\xa0%' in html
