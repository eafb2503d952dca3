# ruff: noqa: N802  (test names carry clause IDs such as TMB_BATTLE_4 in capitals)
"""TMB-R17: a Too Many Bones battle no roll can win is lost (docs/rulings.md).

Hits do not build up between Engagements (TMB-BATTLE-4) and a battle not won is fought again
(TMB-BATTLE-3), so a battle the Gearloc's dice can never win would go on for ever. As each
Engagement's Strategy phase opens the game is lost, reason ``cannot-win``, when even every die
but the banished ones, all crits, cannot defeat every Baddie standing, and nothing could change
that (a Baddie's reward, an item, the ability, the backup plan)."""

from __future__ import annotations

from gamehall.games.twenty_strong.dice import DICE, die_name
from gamehall.games.twenty_strong.state import BANISHED, CANNOT_WIN, EXHAUSTED
from tests.twenty_strong.scenario import Scenario
from tests.twenty_strong.test_tmb_clauses import battle, give, move_dice

EVERY_DIE = [die_name(d) for d in range(DICE)]


def banished_but(s: Scenario, *kept: str) -> Scenario:
    """Banish every die but ``kept``; the Strategy phase is then looked at again."""
    return move_dice(s, BANISHED, *(d for d in EVERY_DIE if d not in kept))


def test_TMB_BATTLE_4_TMB_R17_a_battle_no_die_left_can_win_is_lost() -> None:
    """TMB-BATTLE-4: the Gnawing Rat (Health 2, no reward) against no die at all: lost at
    once, and the outcome says why."""
    s = banished_but(battle("b1-02"))
    assert s.state.result == CANNOT_WIN and s.state.phase == "over"
    outcome = s.game.outcome(s.state)
    assert outcome is not None and outcome.reason == "cannot-win" and outcome.winners == ()


def test_TMB_R17_one_die_whose_crit_reaches_the_health_keeps_the_battle() -> None:
    """One yellow die left: its crit deals 2, the rat's Health, so the battle goes on."""
    s = banished_but(battle("b1-02"), "Y1")
    assert not s.state.result and s.state.phase == "commit"
    assert "commit Y" in s.legal()


def test_TMB_R17_the_dice_left_are_counted_against_every_baddie_together() -> None:
    """The Gnawing Rat and the Shrieking Bat, Health 2 each, and one red die: either alone is
    in reach of its crit, both together are not (one die goes on one card): lost."""
    s = battle("b1-02")
    s.activate("b1-29")
    assert not banished_but(battle("b1-02"), "R").state.result
    assert banished_but(s, "R").state.result == CANNOT_WIN


def test_TMB_R17_a_baddie_with_a_reward_or_an_item_that_deals_damage_keeps_it_open() -> None:
    """Nothing is lost while something could still change the fight: the Plague Rat's Bitter
    Tonic (an item reward) might be won on the way; the Rusty Dagger (1 damage to a card) is in
    hand. A held Bitter Tonic (a heal) changes nothing."""
    assert not banished_but(battle("b1-04")).state.result
    held = give(battle("b1-02"), "b1-07")
    assert not banished_but(held).state.result
    assert banished_but(give(battle("b1-02"), "b1-04")).state.result == CANNOT_WIN


def test_TMB_R17_the_invariants_count_a_cannot_win_loss_again() -> None:
    """The fuzzer's invariants recount TMB-R17 from the cards: a true loss passes, the same
    result with a red die kept for a lone rat of Health 2 (its crit reaches it) is flagged."""
    lost = banished_but(battle("b1-02"))
    invariants = lost.game.invariants()
    assert not [p for p in invariants.state(lost.state) if "cannot-win" in p]
    wrong = banished_but(battle("b1-02"), "R").state.evolve()
    wrong.result = CANNOT_WIN
    found = [p for p in invariants.state(wrong) if "cannot-win" in p]
    assert found and "could defeat every Baddie standing (TMB-R17)" in found[0]


def starved(recovery: int, *kept: str) -> Scenario:
    """The Grave Crawler (exhausts a die from the pool as each Engagement begins: here a
    yellow one), Recovery ``recovery``, and every die exhausted but ``kept``."""
    s = battle("b1-24").play("pick Y").set(recovery=recovery)
    return move_dice(s, EXHAUSTED, *(d for d in EVERY_DIE if d not in kept))


def test_TMB_BATTLE_3_TMB_R17_a_pool_drained_as_fast_as_recovery_fills_it_is_lost() -> None:
    """TMB-BATTLE-3: no die in the pool and a Recovery of 1 against the Crawler's exhaust of 1
    an Engagement: each die recovered is taken before it can be rolled, so the battle, fought
    again and again, can never be won (a person met this loop with Ironbristle's ward taking
    every hit): lost. The invariants count it again."""
    s = starved(1)
    assert s.state.result == CANNOT_WIN and s.state.phase == "over"
    assert not [p for p in s.game.invariants().state(s.state) if "cannot-win" in p]


def test_TMB_R17_a_pool_that_grows_or_holds_a_die_keeps_the_battle() -> None:
    """Recovery 2 beats the exhaust of 1 (the pool grows by one die each Engagement), and a
    die still in the pool can be rolled: both battles go on."""
    assert not starved(2).state.result
    kept = starved(1, "R")
    assert not kept.state.result and "commit R" in kept.legal()
