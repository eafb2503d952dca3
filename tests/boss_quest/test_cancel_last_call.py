# ruff: noqa: N802
"""The cancel spell against an active last call (house ruling BQ-R13; clauses BQ-SPELL-11,
BQ-SPELL-12 and BQ-SPELL-15 in docs/rules/boss-quest.md).

The last call is a light spell in play beside the boss, so a cancel taken as a last action may
cancel it: the last call ends at once, what was done stands, and every knight not at the
magician, whether they had taken their last action by asking for a weapon or were still owed
one, plays normal turns again. Chance outcomes are forced with :class:`Scenario`; seats are
0-based in code, and written from 1 in the notation and the comments.
"""

from __future__ import annotations

from pathlib import Path

from gamehall.core.i18n import catalog
from gamehall.games.boss_quest.state import ACTIVE, SPENT, TURN
from tests.boss_quest.scenario import Scenario

HOUSE = Path(__file__).parents[2] / "src/gamehall/games/boss_quest/house_cards.toml"


def four_knights(spells: tuple[str, ...] = ("last-call", "cancel", "hp+1", "atk+1")) -> Scenario:
    """Four knights, seat 1 opens (seat 4 is the armorer), boss 17, no mystery spell; every
    knight holds 1 + 2 = 3."""
    sc = Scenario(4, mystery=False)
    return sc.start(3, 17, spells, ("R1", "B1", "G1", "Y1"), ("R2", "B2", "G2", "Y2"))


def calls_then_cancels() -> Scenario:
    """Seat 1 asks, seat 2 calls the last call, seat 3 takes its last action by asking, and
    seat 4 spends its last action cancelling the last call."""
    sc = four_knights()
    sc.play("ask 1", "weapon P1")  # seat 1, before the last call
    sc.play("activate 1")  # seat 2: last call for seats 3, 4, 1
    assert sc.view(None)["last_call"] == [2, 3, 0]
    sc.play("ask 1", "weapon P2")  # seat 3's last action
    assert sc.to_move() == 3
    sc.play("activate 2")  # seat 4: the cancel spell
    assert sc.legal() == ["cancel 1"]  # the last call, the only activated spell in play
    sc.play("cancel 1")
    return sc


def test_BQ_SPELL_11_cancel_can_cancel_an_active_last_call():
    """BQ-SPELL-11 (BQ-R13): the last call is an activated spell still in play, so a cancel
    may name it; both cards are discarded and no last call is under way any more."""
    sc = calls_then_cancels()
    state = sc.state
    assert [slot.status for slot in state.slots[:2]] == [SPENT, SPENT]
    assert not state.last_call_on and state.last_call == ()
    cards = sc.game.cards
    assert state.spell_discard[cards.spell_index("last-call")] == 1
    assert state.spell_discard[cards.spell_index("cancel")] == 1
    view = sc.view(0)
    assert view["last_call"] is None
    assert [s["status"] for s in view["spells"][:2]] == ["spent", "spent"]


def test_BQ_SPELL_15_a_cancelled_last_call_gives_normal_turns_back():
    """BQ-SPELL-15 (BQ-R13): once the last call is cancelled, seat 1 (still owed its last
    action) and seat 3 (who had taken it by asking) both play normal turns again: any request
    of 1 to 4 weapons, again and again, and combat waits until all reach the magician."""
    sc = calls_then_cancels()
    assert sc.state.phase == TURN and sc.to_move() == 0  # from the canceller's left
    assert sc.legal()[:4] == ["ask 1", "ask 2", "ask 3", "ask 4"]
    sc.play("ask 2", "weapon P3", "weapon P4")  # impossible under the last call
    assert sc.to_move() == 2  # seat 2 and seat 4 are at the magician
    assert "ask 4" in sc.legal()
    sc.play("ask 1", "weapon P5")  # seat 3 arms again after its "last" action
    assert sc.to_move() == 0 and sc.state.round == 1  # no combat yet
    sc.play("ask 1", "weapon P6")
    assert sc.to_move() == 2
    sc.play("activate 3")  # seat 3 to the magician: hp+1
    assert sc.to_move() == 0 and sc.legal()[:1] == ["ask 1"]  # BQ-ARM-7: one more request
    sc.play("discard 4")
    combat = sc.state.last_combat
    assert combat is not None and combat.round == 1 and sc.state.round == 2
    assert [r.attack for r in combat.seats] == [3 + 1 + 3 + 4 + 6, 3, 3 + 2 + 5, 3]
    assert combat.hp == 18
    assert combat.winners == (0,)  # 17 against 18, armed past what a last call allows


def test_BQ_SPELL_15_discarding_the_cancel_keeps_the_last_call():
    """BQ-SPELL-15: the same table with the cancel discarded instead: the last call goes on,
    seat 1 may ask for exactly one weapon and combat follows at once (the cancel is what
    makes the difference)."""
    sc = four_knights()
    sc.play("ask 1", "weapon P1", "activate 1", "ask 1", "weapon P2")
    sc.play("discard 2")  # seat 4 discards the cancel
    assert sc.state.last_call_on and sc.to_move() == 0
    assert [a for a in sc.legal() if a.startswith("ask")] == ["ask 1"]
    sc.play("ask 1", "weapon P3")
    combat = sc.state.last_combat
    assert combat is not None and combat.round == 1 and sc.state.round == 2


def test_BQ_SPELL_15_cancelling_the_last_call_as_the_last_one_owed():
    """BQ-SPELL-15 (BQ-R13): cancelled by the last knight owed a last action, the last call
    no longer brings combat: the knights who asked during it arm on."""
    sc = four_knights()
    sc.play("activate 1")  # seat 1: last call for seats 2, 3, 4
    sc.play("ask 1", "weapon P1")  # seat 2
    sc.play("ask 1", "weapon P2")  # seat 3
    sc.play("activate 2", "cancel 1")  # seat 4, the last one owed: cancels the last call
    assert sc.state.round == 1 and sc.state.last_combat is None
    assert sc.to_move() == 1 and "ask 4" in sc.legal()


def test_BQ_SPELL_11_cancelling_the_last_call_with_nobody_left_arming_brings_combat():
    """BQ-SPELL-11 (BQ-R13): when the canceller was the only knight not at the magician,
    cancelling the last call leaves nobody arming, and combat comes at once."""
    sc = four_knights()
    sc.play("discard 4", "discard 3")  # seats 1 and 2 at the magician
    sc.play("activate 1")  # seat 3: last call for seat 4 only
    assert sc.view(None)["last_call"] == [3]
    sc.play("activate 2", "cancel 1")
    combat = sc.state.last_combat
    assert combat is not None and combat.round == 1 and sc.state.round == 2


def test_BQ_SPELL_12_a_cancel_during_a_last_call_always_has_a_target():
    """BQ-SPELL-12 (BQ-R13): a cancel activated during a last call is never without effect:
    the last call itself is in play. Here it is the mystery spell, activated blind."""
    sc = Scenario(3)
    sc.start(2, 17, ("last-call", "hp+1", "cancel"), ("R1", "B1", "G1"), ("R2", "B2", "G2"))
    sc.play("activate 1")  # seat 1: last call for seats 2 and 3
    sc.play("activate 3")  # seat 2: the mystery spell, which is the cancel
    assert sc.state.pending is not None and sc.legal() == ["cancel 1"]
    sc.play("cancel 1")
    assert not sc.state.last_call_on
    assert sc.to_move() == 2 and "ask 4" in sc.legal()


def test_BQ_SPELL_11_the_log_says_the_last_call_is_over_in_both_languages():
    """BQ-SPELL-11 (BQ-R13): the log tells every knight that normal turns resume."""
    sc = calls_then_cancels()
    before, after = sc.history[-2], sc.history[-1]
    lines = sc.game.describe(before, sc.game.parse_action("cancel 1"), after, 1)
    assert [line.key for line in lines] == ["bq.log.cancel", "bq.log.last_call_cancelled"]
    english, french = catalog("en").render(lines[1]), catalog("fr").render(lines[1])
    assert "last call is cancelled" in english and "Dernier tour est annulé" in french
    assert "bq." not in english + french


def test_BQ_SPELL_15_cancelling_one_of_two_last_calls_keeps_the_last_call(tmp_path):
    """BQ-SPELL-15 (BQ-R13): with a card file holding two last calls, a second one played
    during the first has no further effect; cancelling either leaves the other in play, so
    the last call goes on."""
    text = HOUSE.read_text()
    text = text.replace('code = "last-call"\ncount = 1', 'code = "last-call"\ncount = 2')
    text = text.replace('code = "hp+1"\ncount = 2', 'code = "hp+1"\ncount = 1')
    cards = tmp_path / "two-last-calls.toml"
    cards.write_text(text)
    sc = Scenario(4, mystery=False, cards=str(cards))
    spells = ("last-call", "last-call", "cancel", "atk+1")
    sc.start(3, 17, spells, ("R1", "B1", "G1", "Y1"), ("R2", "B2", "G2", "Y2"))
    sc.play("activate 1")  # seat 1: last call for seats 2, 3, 4
    sc.play("activate 2")  # seat 2: a second last call, no further effect
    assert sc.view(None)["last_call"] == [2, 3]
    sc.play("activate 3")  # seat 3: cancel
    assert sc.legal() == ["cancel 1", "cancel 2"]
    sc.play("cancel 1")
    assert sc.state.last_call_on and sc.state.slots[1].status == ACTIVE
    assert sc.to_move() == 3 and [a for a in sc.legal() if a.startswith("ask")] == ["ask 1"]


def test_BQ_SPELL_11_the_invariants_accept_a_cancelled_last_call_and_catch_a_stray_one():
    """BQ-SPELL-11 (BQ-R13): the fuzzer's invariants follow the ruling: every step of a
    cancelled last call keeps them, and a last call left under way after the cancel is a
    violation of both the state and the step."""
    sc = four_knights()
    checks = sc.game.invariants()
    actions = ["ask 1", "weapon P1", "activate 1", "ask 1", "weapon P2", "activate 2"]
    actions += ["cancel 1", "ask 1", "weapon P3", "ask 1", "weapon P4", "discard 3", "discard 4"]
    for text in actions:
        before, action = sc.state, sc.game.parse_action(text)
        sc.play(text)
        assert checks.step(before, action, sc.state) == [], text
        assert checks.state(sc.state) == [], text
    assert sc.state.last_combat is not None and sc.state.round == 2
    cancelling, cancelled = sc.history[-8], sc.history[-7]  # before and after "cancel 1"
    assert cancelling.last_call_on and not cancelled.last_call_on
    stray = cancelled.evolve()
    stray.last_call_on, stray.last_call = True, (cancelled.turn,)
    assert any("no last call spell active" in p for p in checks.state(stray))
    step = checks.step(cancelling, sc.game.parse_action("cancel 1"), stray)
    assert any("last call" in p and "not" in p for p in step), step
