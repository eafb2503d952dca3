# ruff: noqa: N802
"""A knight resigns (house ruling BQ-R25, with the core's ``resign N``): a test per kind of
moment, the game's end, records, views, search samples, bots and the fuzzer's invariants.

The clauses the resigning knight leaves behind are named in each test: turns pass them over
(BQ-TURN-1, BQ-MAGE-6), combat comes once the others are at the magician (BQ-MAGE-7), the
armorer role passes on (BQ-ROUND-3), the deal skips them (BQ-DEAL-1), the last call owes them
nothing (BQ-SPELL-15), and the end ranks the others (BQ-END-3). Chance outcomes are forced with
:class:`Scenario`; seats are 0-based in code, from 1 in the notation and the comments.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from gamehall.bots import make_bot
from gamehall.core.errors import IllegalActionError
from gamehall.core.game import CHANCE, EVERYTHING
from gamehall.core.i18n import catalog
from gamehall.core.match import Match
from gamehall.core.record import Record, replay
from gamehall.core.resign import Resign
from gamehall.games.boss_quest import BossQuest
from gamehall.games.boss_quest.heuristic import BossQuestHeuristicBot
from gamehall.games.boss_quest.state import (
    ARMORER,
    CHOICE,
    DRAW,
    NEXT_TURN,
    OVER,
    SPENT,
    START_TURNS,
    TURN,
    BossQuestState,
)
from tests.boss_quest.scenario import Scenario

WEAPON = re.compile(r"\b[RBGYP][1-7]\b")


def resign(sc: Scenario, seat: int, check: bool = True) -> Scenario:
    """Knight ``seat`` resigns; the step and the state it leads to keep every invariant
    (unless ``check`` is False, for a table whose scores a test set by hand)."""
    before = sc.state
    sc.state = sc.game.apply(before, Resign(seat))
    sc.history.append(sc.state)
    if not check:
        return sc
    checks = sc.game.invariants()
    assert checks.step(before, Resign(seat), sc.state) == []
    assert checks.state(sc.state) == []
    for seer in (*range(sc.game.players), None, EVERYTHING):
        assert checks.view(sc.state, seer, sc.game.view(sc.state, seer)) == []
    return sc


def dealt(players: int = 4, spells: tuple[str, ...] = (), **options: object) -> Scenario:
    """Seat 1 opens (the last seat is the armorer), boss 17, no mystery spell by default,
    ``spells`` first in the layout; the knights hold R1, B1, G1, Y1, P1 hidden and R2, B2,
    G2, Y2, P2 visible, in seat order (an attack of 3 each)."""
    options.setdefault("mystery", False)
    sc = Scenario(players, **options)
    colours = "RBGYP"[:players]
    fill = ("hp+1", "atk+1", "hp-1", "atk-1", "need-R")
    layout = (*spells, *fill)[: sc.game.layout_size]
    hidden = tuple(f"{c}1" for c in colours)
    visible = tuple(f"{c}2" for c in colours)
    return sc.start(players - 1, 17, layout, hidden, visible)


def log(sc: Scenario, seat: int | None, lang: str = "en") -> list[str]:
    """The last step's log lines as ``seat`` reads them."""
    before, after = sc.history[-2], sc.history[-1]
    action = Resign(next(p for p in range(sc.game.players) if after.gone[p] != before.gone[p]))
    texts = sc.game.narrate(before, action, after, seat)
    return [catalog(lang).with_names(sc.game.seat_names()).render(text) for text in texts]


# -- the end ---------------------------------------------------------------------------------


def test_BQ_END_3_two_knights_the_other_wins_at_once():
    """BQ-END-3 (BQ-R25): with two knights, a resignation ends the game at once: the other
    knight wins (``others-resigned``), the round stops without combat and no hidden weapon is
    shown."""
    sc = dealt(2)
    sc.play("ask 1", "weapon P7")
    resign(sc, 1)  # seat 2 resigns on seat 2's turn
    assert sc.state.phase == OVER and sc.to_move() is None
    outcome = sc.game.outcome(sc.state)
    assert outcome is not None
    assert (outcome.winners, outcome.reason, outcome.scores) == ((0,), "others-resigned", (0, 0))
    assert sc.state.last_combat is None and sc.state.hearts == (3, 3)
    for seat in (0, 1, None):
        view = sc.view(seat)
        assert [p["hidden"] for p in view["players"]] == [None, None]
        assert view["set_aside"] == [] and view["spells"] == []
        assert view["outcome"]["reason"] == "others-resigned"
        assert [p["resigned"] for p in view["players"]] == [False, True]
    assert log(sc, 0) == [
        "Knight 2 resigns and leaves the game.",
        "Knight 2's weapons are set aside until the round ends, the hidden one unseen.",
        "Every other knight has resigned: Knight 1 wins the game.",
    ]
    assert log(sc, 0, "fr")[-1] == (
        "Tous les autres chevaliers ont abandonné : Chevalier 1 remporte la partie."
    )


def test_BQ_END_3_a_resigned_knight_never_wins_and_the_others_play_to_the_end():
    """BQ-END-3 (BQ-R25): four knights, seat 2 resigns on the first turn of the game; bots
    play the others to a normal end (a key target or a last heart); seat 2 is never to move
    again, holds nothing, keeps its keys and hearts and is never among the winners."""
    game = BossQuest(4)
    endings = set()
    for seed in range(12):
        match = Match(game, seed, [make_bot("heuristic", game.name) for _ in range(4)])
        while match.state.phase != TURN:
            match.step_chance()
        match.resign(1)
        step = len(match.actions)  # the resignation is the last step so far
        frozen = (match.state.keys[1], match.state.hearts[1])
        match.play_out()
        outcome = match.outcome()
        assert outcome is not None and 1 not in outcome.winners
        endings.add(outcome.reason)
        assert 1 not in match.movers[step:]
        after = match.states[step:]
        assert all(s.hidden[1] == -1 and s.visible[1] == () for s in after)
        assert all((s.keys[1], s.hearts[1]) == frozen for s in after)
        assert all(s.last_combat is None or s.last_combat.seats[1].keys_gained == 0 for s in after)
    assert endings <= {"keys-target", "last-heart"} and "keys-target" in endings


def test_BQ_END_3_the_last_of_several_resignations_ends_the_game():
    """BQ-END-3 (BQ-R25): with three knights the first resignation lets the game go on, the
    second ends it: the knight left wins, though another holds more keys."""
    sc = dealt(3)
    sc.state = sc.state.evolve()
    sc.state.keys = (0, 4, 1)  # seat 2 leads
    resign(sc, 1, check=False)
    assert sc.state.phase == TURN and sc.to_move() == 0
    resign(sc, 0, check=False)
    outcome = sc.game.outcome(sc.state)
    assert outcome is not None and outcome.winners == (2,)
    assert outcome.scores == (0, 4, 1)


# -- the moments ------------------------------------------------------------------------------


def test_BQ_TURN_1_resigning_on_ones_own_turn_passes_it_on():
    """BQ-TURN-1 (BQ-R25): the knight to move resigns: the turn passes to the next knight on
    the left, and the turn order passes them over from then on."""
    sc = dealt(4)
    assert sc.to_move() == 0
    resign(sc, 0)
    assert sc.state.phase == TURN and sc.to_move() == 1
    sc.play("ask 1", "weapon P1")
    assert sc.to_move() == 2
    sc.play("ask 1", "weapon P2", "ask 1", "weapon P3")
    assert sc.to_move() == 1  # seat 1 is passed over
    assert sc.view(2)["players"][0]["resigned"] is True
    assert sc.view(2)["players"][0]["at_magician"] is False


def test_BQ_MAGE_6_resigning_during_another_knights_turn_changes_nothing_for_them():
    """BQ-MAGE-6 (BQ-R25): seat 3 resigns while seat 1 is to move: seat 1 keeps the turn and
    its options; seat 3's weapons are set aside (the hidden one shown only to seat 3) and the
    round goes 1 → 2 → 4."""
    sc = dealt(4)
    legal = sc.legal()
    resign(sc, 2)
    assert sc.to_move() == 0 and sc.legal() == legal
    assert sc.view(0)["set_aside"] == ["?", "G2"]
    assert sc.view(2)["set_aside"] == ["G1", "G2"]
    assert sc.view(None)["set_aside"] == ["?", "G2"]
    assert sc.view(0)["players"][2]["hidden"] is None
    sc.play("ask 1", "weapon P1")
    assert sc.to_move() == 1
    sc.play("ask 1", "weapon P2")
    assert sc.to_move() == 3


def test_BQ_DEAL_2_the_log_of_a_resignation_names_no_hidden_weapon():
    """BQ-DEAL-2 (BQ-R25): what the log says of a resignation names no weapon at all, in
    either language, to anyone: the hidden one stays unseen."""
    for seer in (0, 2, None, EVERYTHING):
        sc = resign(dealt(4), 2)
        for lang in ("en", "fr"):
            lines = " ".join(log(sc, seer, lang))
            assert "Knight 3" in lines or "Chevalier 3" in lines
            assert not WEAPON.search(lines) and "1)" not in lines and "(" not in lines


def test_BQ_MAGE_7_the_last_knight_arming_resigns_and_combat_comes_at_once():
    """BQ-MAGE-7 (BQ-R25): when the only knight still arming resigns, everyone left is at the
    magician and combat starts; the resigned knight takes no part in it."""
    sc = dealt(3)
    sc.play("discard 3", "discard 2")  # seats 1 and 2 at the magician
    assert sc.to_move() == 2
    resign(sc, 2)
    combat = sc.state.last_combat
    assert combat is not None and combat.round == 1 and sc.state.round == 2
    assert combat.winners == (0, 1)  # both at 3; seat 3 is not ranked
    assert combat.seats[2].attack == 0 and not combat.seats[2].over
    assert sc.state.keys == (1, 1, 0)
    lines = log(sc, 0)
    assert "Knight 3" not in " ".join(line for line in lines if "attack" in line)


def test_BQ_SPELL_15_resigning_while_owed_a_last_action():
    """BQ-SPELL-15 (BQ-R25): seat 4 is owed a last action when it resigns during seat 3's
    last action: it is taken off the last call, and combat follows the last one owed."""
    sc = dealt(4, ("last-call",))
    sc.play("activate 1")  # seat 1: last call for seats 2, 3, 4
    sc.play("ask 1", "weapon P1")  # seat 2
    assert sc.view(None)["last_call"] == [2, 3]
    resign(sc, 3)  # seat 4, owed, resigns on seat 3's turn
    assert sc.view(None)["last_call"] == [2] and sc.to_move() == 2
    sc.play("ask 1", "weapon P2")
    combat = sc.state.last_combat
    assert combat is not None and combat.round == 1


def test_BQ_SPELL_15_resigning_on_ones_last_call_turn():
    """BQ-SPELL-15 (BQ-R25): the knight whose last action is due resigns: the next knight
    owed one moves, and only one weapon may be asked for."""
    sc = dealt(4, ("last-call",))
    sc.play("activate 1")
    assert sc.to_move() == 1
    resign(sc, 1)
    assert sc.view(None)["last_call"] == [2, 3] and sc.to_move() == 2
    assert [a for a in sc.legal() if a.startswith("ask")] == ["ask 1"]


def test_BQ_ROUND_3_the_armorer_resigning_before_the_deal_hands_the_role_on():
    """BQ-ROUND-3 (BQ-R25): the armorer resigns while the magician lays out spells: the next
    knight on the left takes the role at once, deals from their left, and the round opens there."""
    sc = Scenario(4, mystery=False)
    sc.play("armorer 2", "boss 17", "spell hp+1")
    assert sc.state.armorer == 1
    resign(sc, 1)
    assert sc.state.armorer == 2 and sc.view(0)["players"][2]["armorer"]
    assert log(sc, 0)[-1] == "Knight 3 takes over as the armorer."
    assert log(sc, 0, "fr")[-1] == "Chevalier 3 devient l'Armurier."
    sc.play("spell atk+1", "spell hp-1", "spell atk-1")
    assert sc.state.phase == DRAW
    assert [d.seat for d in sc.state.draws] == [3, 0, 2, 3, 0, 2]  # from seat 3's left
    sc.play(*(f"weapon {c}" for c in ("R1", "B1", "G1", "R2", "B2", "G2")))
    assert sc.state.phase == TURN and sc.to_move() == 3


def test_BQ_ROUND_3_the_armorer_resigning_after_the_deal_passes_it_at_the_rounds_end():
    """BQ-ROUND-3 (BQ-R25): the armorer (seat 4) resigns once the weapons are dealt: the role
    stays on the seat to the round's end, then passes on the left, over seat 1, who resigned
    too, to seat 2, who deals round 2 to the two knights left."""
    sc = dealt(4)  # seat 4 is the armorer
    resign(sc, 3)
    assert sc.state.armorer == 3 and sc.to_move() == 0
    assert sc.view(0)["players"][3]["armorer"]
    resign(sc, 0)  # seat 1, on its turn
    sc.play("discard 4", "discard 3")  # seats 2 and 3
    assert sc.state.round == 2 and sc.state.armorer == 1
    sc.play("boss 18", "spell hp+2", "spell hp-2", "spell atk+2", "spell atk-2")
    assert [d.seat for d in sc.state.draws] == [2, 1, 2, 1]
    sc.play("weapon R1", "weapon B1", "weapon R2", "weapon B2")
    assert sc.state.phase == TURN and sc.to_move() == 2


def test_BQ_DEAL_1_resigning_during_the_deal_drops_the_cards_owed():
    """BQ-DEAL-1 (BQ-R25): seat 1 resigns while the weapons are dealt: the draws owed to it
    are dropped, the others are dealt as usual, and the round opens at seat 2."""
    sc = Scenario(3, mystery=False)
    sc.play("armorer 3", "boss 17", "spell hp+1", "spell atk+1", "spell hp-1")
    sc.play("weapon R1", "weapon B1")  # hidden weapons for seats 1 and 2
    resign(sc, 0)
    assert sc.state.phase == DRAW and sc.state.resume == START_TURNS
    assert [d.seat for d in sc.state.draws] == [2, 1, 2]
    assert sc.view(1)["set_aside"] == ["?"]
    sc.play("weapon G1", "weapon B2", "weapon G2")
    assert sc.state.phase == TURN and sc.to_move() == 1
    assert sc.state.hidden[0] == -1 and sc.state.visible[0] == ()


def test_BQ_TURN_1_resigning_while_ones_weapons_are_drawn():
    """BQ-TURN-1 (BQ-R25): seat 1 asked for three weapons and resigns after the first: the
    two still owed are not drawn and seat 2 moves."""
    sc = dealt(3)
    sc.play("ask 3", "weapon P1")
    assert sc.state.phase == DRAW and sc.state.resume == NEXT_TURN
    resign(sc, 0)
    assert sc.state.phase == TURN and sc.to_move() == 1
    assert sc.view(1)["set_aside"] == ["?", "R2", "P1"]
    assert sc.view(1)["weapon_deck"] == 35 - 6 - 1


def test_BQ_MAGE_2_resigning_inside_ones_own_spell_drops_the_choice():
    """BQ-MAGE-2 (BQ-R25): seat 1 activates an attack spell and resigns before choosing its
    target: the spell goes to the discard without effect and seat 2 moves."""
    sc = dealt(3, ("atk+2",))
    sc.play("activate 1")
    assert sc.state.phase == CHOICE
    resign(sc, 0)
    assert sc.state.phase == TURN and sc.to_move() == 1 and sc.state.pending is None
    assert sc.state.slots[0].status == SPENT
    assert sc.state.spell_discard[sc.game.cards.spell_index("atk+2")] == 1
    assert log(sc, 1)[-1] == "Berserk goes to the discard without effect."
    assert log(sc, 1, "fr")[-1] == "Le Sort Furie part à la défausse sans effet."


def test_BQ_MAGE_2_a_resigned_knight_is_no_target_and_its_spells_leave_with_it():
    """BQ-MAGE-2 (BQ-R25): an attack spell placed on a knight goes to the discard when they
    resign; no spell may then target them, nor swap with them, and the refusal says why."""
    sc = dealt(4, ("atk+2", "swap-hidden"))
    sc.play("activate 1", "target 3")  # seat 1 puts Berserk on seat 3
    assert sc.attack(2) == 1 + 2 + 2
    resign(sc, 2)
    assert sc.state.slots[0].status == SPENT and sc.state.slots[0].target == -1
    assert "Berserk, placed on Knight 3, goes to the discard." in log(sc, 1)
    sc.play("activate 2")  # seat 2: the hidden swap
    assert sc.legal() == ["swap 1", "swap 4"]
    sc.rejects("swap 3", "Knight 3 has resigned")
    sc.play("swap 4")
    assert sc.state.hidden[1] == sc.game.cards.weapon_id("Y1")


def test_BQ_MAGE_2_a_cancel_left_without_a_target_by_a_resignation():
    """BQ-MAGE-2 (BQ-R25, BQ-SPELL-12): seat 2's cancel waits for a target, and the only spell
    it could cancel lies on seat 3, who resigns: the cancel goes with no effect, seat 3 is
    passed over and seat 4 moves."""
    sc = dealt(4, ("atk+2", "cancel"))
    sc.play("activate 1", "target 3", "activate 2")
    assert sc.state.phase == CHOICE and sc.legal() == ["cancel 1"]
    resign(sc, 2)
    assert sc.state.phase == TURN and sc.to_move() == 3
    assert [slot.status for slot in sc.state.slots[:2]] == [SPENT, SPENT]


def test_BQ_SETUP_2_resigning_before_the_first_armorer_is_drawn():
    """BQ-SETUP-2 (BQ-R25): a knight who resigns before the lots are drawn is never the
    armorer; with two knights the other wins before any round."""
    sc = Scenario(3)
    assert sc.state.phase == ARMORER
    resign(sc, 0)
    outcomes = [str(a) for a in sc.game.chance_weights(sc.state).actions]
    assert outcomes == ["armorer 2", "armorer 3"]
    sc.rejects("armorer 1", "Knight 1 has resigned")
    duo = resign(Scenario(2), 1)
    assert duo.state.round == 0 and duo.game.outcome(duo.state).winners == (0,)  # type: ignore[union-attr]


def test_BQ_COMBAT_4_a_resigned_knight_is_not_ranked_in_combat():
    """BQ-COMBAT-4 (BQ-R25): seat 1 would have won the round; once resigned it is not a
    contender and the nearest of the others wins."""
    sc = dealt(3)
    sc.play("ask 1", "weapon P7", "ask 1", "weapon P6")  # seat 1 at 10, seat 2 at 9
    resign(sc, 0)  # during seat 3's turn
    sc.play("discard 3", "discard 2")
    combat = sc.state.last_combat
    assert combat is not None and combat.winners == (1,)
    assert sc.state.keys == (0, 1, 0)


# -- refusals, records, samples, bots ---------------------------------------------------------


def test_BQ_END_3_a_second_resignation_and_one_after_the_end_are_refused():
    """BQ-END-3 (BQ-R25): resigning twice is refused with a one-line error naming the seat,
    as is a seat that does not exist or a resignation once the game is over; nothing changes."""
    sc = dealt(3)
    resign(sc, 1)
    before = sc.state
    for seat, reason in ((1, "Seat 2 has already left the game"), (3, "there is no seat 4")):
        with pytest.raises(IllegalActionError, match=reason) as error:
            sc.game.apply(before, Resign(seat))
        assert "\n" not in str(error.value)
    assert sc.state is before and sc.state.gone == (False, True, False)
    resign(sc, 0)
    with pytest.raises(IllegalActionError, match="over"):
        sc.game.apply(sc.state, Resign(2))


def test_BQ_END_3_a_record_with_a_resignation_replays_exactly(tmp_path):
    """BQ-END-3 (BQ-R25): a match in which seat 3 resigns mid-round is written as a record
    (``resign 3`` among its actions), read back from disk and replayed to the very same
    states and outcome."""
    game = BossQuest(4)
    match = Match(game, 11, [make_bot("random", game.name) for _ in range(4)])
    for _ in range(40):
        match.step_chance() if match.to_move() == CHANCE else match.step_bot()
    match.resign(2)
    match.play_out()
    record = Record.of(match)
    assert "resign 3" in record.actions
    path = tmp_path / "game.json"
    record.save(path)
    again = replay(Record.load(path))
    assert again.states == match.states and again.outcome() == match.outcome()
    assert json.loads(path.read_text())["rules_version"] == game.rules_version


def test_BQ_DEAL_2_search_samples_deal_the_set_aside_hidden_weapon_anew():
    """BQ-DEAL-2 (BQ-R25): a search bot's sample keeps the weapons a resigned knight set
    aside face up, and deals their hidden one anew among the weapons the searcher has not
    seen; the resigned knight's own sample keeps it."""
    sc = dealt(3)
    resign(sc, 2)
    seen = set()
    for seed in range(40):
        sample: BossQuestState = sc.game.resample(sc.state, 0, random.Random(seed))
        assert sc.game.invariants().state(sample) == []
        (hidden, knower), (visible, public) = sample.aside
        assert (knower, visible, public) == (2, sc.state.aside[1][0], -1)
        seen.add(hidden)
    assert len(seen) > 5 and sc.game.cards.weapon_id("R1") not in seen  # seat 1's own
    mine = sc.game.resample(sc.state, 2, random.Random(0))
    assert mine.aside == sc.state.aside


def test_BQ_MAGE_2_the_heuristic_bot_never_aims_at_a_resigned_knight():
    """BQ-MAGE-2 (BQ-R25): the heuristic bot swaps with the leader among the knights still in
    the game, not with a resigned one holding more keys."""
    sc = dealt(4, ("swap-hidden",))
    sc.state = sc.state.evolve()
    sc.state.keys = (0, 0, 4, 2)
    resign(sc, 2, check=False)
    sc.play("activate 1")
    bot = BossQuestHeuristicBot()
    view = sc.view(0)
    legal = sc.game.legal_actions(sc.state)
    assert str(bot.choose(sc.game, view, legal, random.Random(0))) == "swap 4"


def test_BQ_DEAL_2_the_invariants_catch_a_resignation_that_keeps_cards_or_the_turn():
    """BQ-DEAL-2 (BQ-R25): the fuzzer's invariants flag a resigned knight still holding its
    weapons, still to move, or a weapon set aside told to everyone."""
    sc = dealt(3)
    before = sc.state
    good = sc.game.apply(before, Resign(0))
    checks = sc.game.invariants()
    kept = good.evolve()
    kept.hidden, kept.visible = before.hidden, before.visible
    assert any("resigned but holds" in p for p in checks.state(kept))
    moving = good.evolve()
    moving.turn = 0
    assert any("at the magician (or resigned)" in p for p in checks.state(moving))
    assert any("keeps the turn" in p for p in checks.step(before, Resign(0), moving))
    told = good.evolve()
    told.aside = tuple((card, -1) for card, _ in good.aside)
    assert any("set aside" in p for p in checks.step(before, Resign(0), told))
    view = sc.game.view(told, 1)
    assert any("names secret weapons" in p for p in checks.view(good, 1, view))


def test_BQ_TURN_1_a_resigned_knight_is_never_to_move_in_random_games():
    """BQ-TURN-1 (BQ-R25): in seeded random games where knights resign at random moments,
    a resigned knight is never to move, every step keeps the invariants, and the game ends
    with a winner still in it."""
    for players in (2, 3, 4, 5):
        game = BossQuest(players)
        checks = game.invariants()
        for seed in range(4):
            rng = random.Random(f"{players}/{seed}")
            s = game.initial_state()
            while game.to_move(s) is not None:
                mover = game.to_move(s)
                seat = rng.randrange(players)
                if rng.random() < 0.03 and not s.gone[seat]:
                    action: object = Resign(seat)
                elif mover == CHANCE:
                    chance = game.chance_weights(s)
                    action = rng.choices(list(chance.actions), chance.weights)[0]
                else:
                    action = rng.choice(list(game.legal_actions(s)))
                after = game.apply(s, action)
                assert checks.step(s, action, after) == [], action
                assert checks.state(after) == []
                mover = game.to_move(after)
                assert mover is None or mover == CHANCE or not after.gone[mover]
                s = after
            outcome = game.outcome(s)
            assert outcome is not None and not any(s.gone[w] for w in outcome.winners)
            assert (outcome.reason == "others-resigned") == (s.gone.count(False) == 1)
