# ruff: noqa: N802
"""Scenario tests for the Boss Quest clauses BQ-COMBAT-*, BQ-END-*, BQ-ROUND-* and BQ-SPELL-*.

Every test forces the chance outcomes (bosses, spells, weapons) with :class:`Scenario`, plays
the round through the engine and checks what the engine says: keys, hearts, winners,
``state.last_combat``, the outcome and the views. Clause text: docs/rules/boss-quest.md.
Code uses 0-based seats; comments name seats as the notation does (from 1).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping, Sequence

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from gamehall.core.game import CHANCE
from gamehall.games.boss_quest.actions import (
    Activate,
    Ask,
    Cancel,
    Discard,
    DrawWeapon,
    Give,
    RevealBoss,
    SwapWith,
    Target,
)
from gamehall.games.boss_quest.state import (
    ACTIVE,
    APPEND,
    DISCARDED,
    HIDDEN,
    OVER,
    TURN,
    Combat,
)
from tests.boss_quest.scenario import Scenario

COLOURS = "RBGYP"
WEAPONS = tuple(f"{colour}{value}" for colour in COLOURS for value in range(1, 8))
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- helpers -------------------------------------------------------------------------------


def table(players: int = 3, armorer: int | None = None, **options: object) -> Scenario:
    """A new game whose first armorer is ``armorer`` (default: the last seat, so seat 0 opens)."""
    sc = Scenario(players, **options)
    first = players - 1 if armorer is None else armorer
    return sc.play(f"armorer {first + 1}")


def layout(sc: Scenario, *first: str) -> list[str]:
    """``first``, then filler codes still in the spell deck (then the discard), one per slot."""
    cards = sc.game.cards
    size = sc.game.layout_size
    counts = list(sc.state.spell_deck)
    for code in first:
        counts[cards.spell_index(code)] -= 1
    assert min(counts) >= 0, "a chosen spell is not in the spell deck"
    codes = list(first)
    for pool in (counts, list(sc.state.spell_discard)):
        for kind, count in enumerate(pool):
            codes += [cards.spells[kind].code] * min(count, size - len(codes))
    return codes[:size]


def deal(sc: Scenario, boss: int, hands: Sequence[str], spells: Sequence[str] = ()) -> Scenario:
    """Reveal ``boss``, lay out ``spells`` (+ filler) and deal ``hands`` ("hidden visible")."""
    hidden = [hand.split()[0] for hand in hands]
    visible = [hand.split()[1] for hand in hands]
    return sc.round(boss, layout(sc, *spells), hidden, visible)


def default_move(sc: Scenario) -> str:
    """Go to the magician discarding the last available spell (or resting if none is left)."""
    discards = [a for a in sc.legal() if a.startswith("discard")]
    return discards[-1] if discards else "rest"


def drive(sc: Scenario, plan: Mapping[int, Sequence[str]] | None = None) -> Scenario:
    """Play the round until combat: on each turn a knight plays its next planned move
    (``"ask 1, weapon G5"`` is one move with its draw), or else goes to the magician."""
    moves = {seat: list(todo) for seat, todo in (plan or {}).items()}
    round_no = sc.state.round
    while sc.state.result is None and sc.state.round == round_no:
        assert sc.state.phase == TURN, sc.state.phase
        mover = sc.to_move()
        assert mover is not None and mover >= 0
        todo = moves.get(mover)
        sc.play(*(todo.pop(0).split(", ") if todo else [default_move(sc)]))
    assert not any(moves.values()), f"planned moves not played: {moves}"
    return sc


def turn(sc: Scenario, seat: int, *texts: str) -> Scenario:
    """Assert it is ``seat``'s move, then play ``texts``."""
    assert sc.to_move() == seat
    return sc.play(*texts)


def combat(sc: Scenario) -> Combat:
    result = sc.state.last_combat
    assert result is not None
    return result


def keys_gained(sc: Scenario) -> tuple[int, ...]:
    return tuple(r.keys_gained for r in combat(sc).seats)


def value(code: str) -> int:
    return int(code[1:])


def amount(code: str) -> int:
    """The modifier of ``atk+2`` / ``hp-1`` style spell codes."""
    return int(code.removeprefix("atk").removeprefix("hp"))


def boss_choices(sc: Scenario) -> list[int]:
    return sorted(a.hp for a, _ in sc.game.chance_outcomes(sc.state) if isinstance(a, RevealBoss))


def play_rounds(sc: Scenario, rounds: Iterable[tuple[int, Sequence[str]]]) -> Scenario:
    """Several rounds in which every knight goes straight to the magician."""
    for boss, hands in rounds:
        drive(deal(sc, boss, hands))
    return sc


# -- combat ----------------------------------------------------------------------------------


def test_BQ_COMBAT_1_hidden_weapons_are_shown_at_combat():
    """BQ-COMBAT-1: at combat every hidden weapon is shown to all players."""
    sc = deal(table(3), 17, ["R5 Y1", "B6 P2", "G2 G3"])
    before = sc.view(1)
    assert before["players"][0]["hidden"] == "?"
    assert before["players"][2]["hidden"] == "?"
    assert before["last_combat"] is None
    drive(sc)
    for viewer in (0, 1, 2, None):
        shown = sc.view(viewer)["last_combat"]
        assert [s["hidden"] for s in shown["seats"]] == ["R5", "B6", "G2"]
        assert [s["attack"] for s in shown["seats"]] == [6, 8, 5]
    codes = sc.game.cards.weapon_codes
    assert [codes[r.hidden] for r in combat(sc).seats] == ["R5", "B6", "G2"]


def test_BQ_COMBAT_2_over_loses_exactly_one_heart_even_when_failing_a_condition():
    """BQ-COMBAT-2: a knight over the HP loses exactly one heart (even if also failing a spell
    condition) and cannot win the round."""
    sc = deal(table(3, mystery=False), 17, ["B7 Y7", "R6 B5", "R2 G3"], ["need-R"])
    # Seat 1 goes far over (14 + 7 + 6 = 27) and holds no red weapon.
    drive(sc, {0: ["ask 2, weapon G7, weapon G6"], 1: ["activate 1"]})
    seat0 = combat(sc).seats[0]
    assert seat0.attack == 27 and seat0.over and seat0.failed_condition
    assert seat0.heart_lost and seat0.keys_gained == 0
    assert sc.state.hearts == (2, 3, 3)
    assert combat(sc).winners == (1,)
    assert sc.state.keys == (0, 1, 0)


def test_BQ_COMBAT_2_over_knight_cannot_win_even_alone():
    """BQ-COMBAT-2: an over knight cannot win, even when every other knight is out."""
    sc = deal(table(2, mystery=False), 17, ["R7 B7", "G6 Y6"], ["need-P"])
    drive(sc, {0: ["ask 1, weapon G5", "discard 2"], 1: ["activate 1"]})
    assert combat(sc).seats[0].over
    assert combat(sc).winners == ()
    assert sc.state.keys == (0, 0)
    assert sc.state.hearts == (2, 3)


def test_BQ_COMBAT_3_failed_condition_cannot_win_and_keeps_hearts():
    """BQ-COMBAT-3: a knight failing an active spell's condition cannot win and loses no heart."""
    sc = deal(table(3, mystery=False), 17, ["B7 Y7", "R6 B5", "R2 G3"], ["need-R"])
    drive(sc, {0: ["activate 1"]})
    seat0 = combat(sc).seats[0]
    assert seat0.attack == 14 and not seat0.over
    assert seat0.failed_condition and not seat0.heart_lost
    assert combat(sc).winners == (1,)
    assert sc.state.keys == (0, 1, 0)
    assert sc.state.hearts == (3, 3, 3)


def test_BQ_COMBAT_4_closest_remaining_knight_wins_one_key():
    """BQ-COMBAT-4: among the knights not over, the closest attack wins the round and one key."""
    sc = deal(table(3), 17, ["R7 B7", "G7 Y6", "Y7 P7"])
    drive(sc, {2: ["ask 1, weapon P5"]})  # seat 3 reaches 19: over, out of the ranking
    result = combat(sc)
    assert [r.attack for r in result.seats] == [14, 13, 19]
    assert result.winners == (0,)
    assert keys_gained(sc) == (1, 0, 0)
    assert sc.state.keys == (1, 0, 0)
    assert sc.view(None)["last_combat"]["winners"] == [0]


@FAST
@given(data=st.data())
def test_BQ_COMBAT_4_random_tables_rank_by_attack_then_cards(data):
    """BQ-COMBAT-4 (with BQ-COMBAT-2, -5, -6, -7, -8): on random tables, the closest knight not
    over wins (fewer cards break ties, full ties all win), Perfects get a bonus key, and every
    knight over loses one heart."""
    n = data.draw(st.integers(2, 5), label="players")
    boss = data.draw(st.integers(14, 21), label="boss")
    deck = data.draw(st.permutations(WEAPONS), label="deck")
    asks = data.draw(st.lists(st.integers(0, 4), min_size=n, max_size=n), label="asks")
    sc = deal(table(n), boss, [f"{deck[s]} {deck[n + s]}" for s in range(n)])
    held = {s: [deck[s], deck[n + s]] for s in range(n)}
    plan: dict[int, list[str]] = {}
    top = 2 * n
    for seat, count in enumerate(asks):
        if count:
            drawn = deck[top : top + count]
            top += count
            held[seat] += drawn
            plan[seat] = [", ".join([f"ask {count}", *(f"weapon {c}" for c in drawn)])]
    drive(sc, plan)

    attack = {s: sum(map(value, held[s])) for s in range(n)}
    remaining = [s for s in range(n) if attack[s] <= boss]
    best = max(((attack[s], -len(held[s])) for s in remaining), default=None)
    winners = [s for s in remaining if (attack[s], -len(held[s])) == best]
    result = combat(sc)
    assert sorted(result.winners) == winners
    for seat, r in enumerate(result.seats):
        perfect = attack[seat] == boss
        assert r.attack == attack[seat]
        assert r.over == (attack[seat] > boss) == r.heart_lost
        assert r.perfect == perfect
        assert r.keys_gained == (seat in winners) + perfect
    assert sc.state.keys == tuple((s in winners) + (attack[s] == boss) for s in range(n))
    assert sc.state.hearts == tuple(3 - (attack[s] > boss) for s in range(n))


def test_BQ_COMBAT_5_tie_goes_to_fewer_cards():
    """BQ-COMBAT-5: tied for the closest attack, the knight with fewer weapon cards wins."""
    sc = deal(table(3), 17, ["G6 Y6", "R7 B7", "R1 R2"])
    drive(sc, {0: ["ask 1, weapon G2"]})  # seat 1: 6 + 6 + 2 = 14 with three cards
    result = combat(sc)
    assert [r.attack for r in result.seats[:2]] == [14, 14]
    assert result.winners == (1,)
    assert sc.state.keys == (0, 1, 0)


def test_BQ_COMBAT_5_fewest_cards_among_several_tied():
    """BQ-COMBAT-5: among three knights tied on attack, the one with the fewest cards wins."""
    sc = deal(table(3), 19, ["G6 Y6", "R4 B5", "R7 B7"])
    # 14 with 3 cards, 14 with 4 cards, 14 with 2 cards (hidden and visible counted).
    drive(sc, {0: ["ask 1, weapon G2"], 1: ["ask 2, weapon P2, weapon P3"]})
    result = combat(sc)
    assert [r.attack for r in result.seats] == [14, 14, 14]
    assert result.winners == (2,)
    assert sc.state.keys == (0, 0, 1)


def test_BQ_COMBAT_6_full_tie_each_gains_a_key():
    """BQ-COMBAT-6: still tied on the number of cards, each tied knight gains one key."""
    sc = deal(table(3), 17, ["R7 B7", "G7 Y7", "R1 R2"])
    drive(sc)
    assert combat(sc).winners == (0, 1)
    assert sc.state.keys == (1, 1, 0)
    assert sc.view(2)["players"][1]["keys"] == 1


def test_BQ_COMBAT_7_every_remaining_perfect_gains_a_bonus_key():
    """BQ-COMBAT-7: every remaining knight exactly on the HP scores a Perfect and a bonus key,
    winner or not; a knight failing a spell condition scores none."""
    sc = deal(table(4, mystery=False), 17, ["R7 B7", "R6 B6", "G7 Y7", "Y1 Y2"], ["need-R"])
    drive(
        sc,
        {
            0: ["ask 1, weapon R3"],  # 17 with 3 cards: the winner
            1: ["ask 2, weapon R1, weapon R4"],  # 17 with 4 cards: Perfect, not the winner
            2: ["ask 1, weapon G3"],  # 17 with 3 cards but no red weapon
            3: ["activate 1"],
        },
    )
    result = combat(sc)
    assert [r.attack for r in result.seats] == [17, 17, 17, 3]
    assert [r.perfect for r in result.seats] == [True, True, False, False]
    assert result.seats[2].failed_condition
    assert result.winners == (0,)
    assert sc.state.keys == (2, 1, 0, 0)


def test_BQ_COMBAT_8_winner_with_perfect_gains_two_keys():
    """BQ-COMBAT-8: the round winner who also scores a Perfect gains two keys in all."""
    sc = deal(table(3), 14, ["R7 B7", "G6 Y6", "R1 R2"])
    drive(sc)
    seat0 = combat(sc).seats[0]
    assert combat(sc).winners == (0,)
    assert seat0.perfect and seat0.keys_gained == 2
    assert sc.state.keys == (2, 0, 0)
    assert sc.view(1)["last_combat"]["seats"][0]["perfect"] is True


def test_BQ_COMBAT_9_nobody_remaining_nobody_gains_a_key():
    """BQ-COMBAT-9: with every knight over or failing a condition, nobody gains a key."""
    sc = deal(table(3, mystery=False), 17, ["R7 B7", "G6 Y6", "R1 B1"], ["need-P"])
    drive(sc, {0: ["ask 1, weapon G7"], 1: ["activate 1"]})
    result = combat(sc)
    assert result.seats[0].over
    assert [r.failed_condition for r in result.seats] == [True, True, True]
    assert result.winners == ()
    assert keys_gained(sc) == (0, 0, 0)
    assert sc.state.keys == (0, 0, 0)
    assert sc.state.hearts == (2, 3, 3)


@pytest.mark.parametrize("winner", [True, False], ids=["with-winner", "no-winner"])
def test_BQ_COMBAT_10_boss_defeated_and_round_ends(winner):
    """BQ-COMBAT-10: whatever the outcome, the boss is defeated and the round ends."""
    spells = [] if winner else ["need-P"]
    plan = {} if winner else {1: ["activate 1"]}
    sc = deal(table(3, mystery=False), 17, ["R7 B7", "G6 Y6", "R1 B1"], spells)
    drive(sc, plan)
    assert bool(combat(sc).winners) == winner
    assert sc.state.boss_discard == (17,)
    assert 17 not in boss_choices(sc)
    assert sc.state.round == 2
    assert sc.to_move() == CHANCE
    view = sc.view(0)
    assert view["round"] == 2 and view["boss_deck"] == 7 and view["phase"] == "setup"
    assert view["last_combat"]["boss"] == 17


# -- the end ---------------------------------------------------------------------------------


def win_rounds(players: int) -> list[tuple[int, list[str]]]:
    """Rounds seat 1 wins alone with 14 (never a Perfect: bosses 15 and up)."""
    hands = ["R7 B7", *(f"Y{s} P{s}" for s in range(1, players))]
    return [(boss, hands) for boss in (15, 16, 17, 18, 19)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_BQ_END_1_key_target_ends_the_game(players):
    """BQ-END-1: the game ends once a knight holds the key target: 5 keys with 2-4 players,
    4 keys with 5."""
    target = 4 if players == 5 else 5
    sc = table(players)
    assert sc.view(0)["keys_to_win"] == target
    rounds = win_rounds(players)
    play_rounds(sc, rounds[: target - 1])
    assert sc.state.keys[0] == target - 1
    assert sc.state.result is None and sc.to_move() == CHANCE
    play_rounds(sc, rounds[target - 1 : target])
    result = sc.state.result
    assert result is not None
    assert sc.state.keys[0] == target
    assert result.reason == "keys-target"
    assert result.winners == (0,)
    assert result.scores == tuple(float(k) for k in sc.state.keys)
    assert sc.state.phase == OVER and sc.to_move() is None
    assert sc.view(None)["outcome"]["winners"] == [0]


def test_BQ_END_2_losing_the_last_heart_ends_the_game():
    """BQ-END-2: a knight losing their last heart loses, and the game ends after that combat."""
    sc = table(3)
    hands = ["R7 B7", "G7 Y7", "R1 R2"]
    for boss, hearts in ((17, 2), (18, 1), (19, 0)):
        assert sc.state.result is None
        drive(deal(sc, boss, hands), {1: ["ask 1, weapon P7"]})  # seat 2: 21, over
        assert sc.state.hearts == (3, hearts, 3)
    # That last combat still counted: seat 1 won it.
    assert combat(sc).winners == (0,)
    assert sc.state.keys == (3, 0, 0)
    result = sc.state.result
    assert result is not None
    assert result.reason == "last-heart"
    assert 1 not in result.winners and result.winners == (0,)
    assert sc.state.phase == OVER and sc.to_move() is None
    assert sc.view(2)["phase"] == "over"


def test_BQ_END_3_most_keys_wins_when_several_reach_the_target():
    """BQ-END-3: several knights reach the target in one combat: the most keys wins."""
    sc = table(3)
    tie = ["R7 B7", "G7 Y7", "R1 R2"]
    play_rounds(sc, [(15, tie), (16, tie), (18, tie), (19, tie)])
    assert sc.state.keys == (4, 4, 0) and sc.state.result is None
    deal(sc, 17, ["R7 B7", "G7 P7", "R1 R2"])
    drive(sc, {0: ["ask 1, weapon Y3"], 1: ["ask 2, weapon G1, weapon G2"]})
    assert sc.state.keys == (6, 5, 0)
    result = sc.state.result
    assert result is not None and result.reason == "keys-target"
    assert result.winners == (0,)
    assert result.scores == (6.0, 5.0, 0.0)


def test_BQ_END_3_knight_without_hearts_is_out_of_the_ranking():
    """BQ-END-3: a knight who lost their last heart is left out of the ranking, even with the
    most keys."""
    sc = table(3)
    drive(deal(sc, 14, ["R7 B7", "G6 Y6", "R1 R2"]))  # seat 1: Perfect winner, 2 keys
    over = {0: ["ask 1, weapon G7"]}  # seat 1: 21, over
    drive(deal(sc, 17, ["R7 B7", "G6 Y6", "R1 R2"]), over)  # seat 2 wins
    drive(deal(sc, 18, ["R7 B7", "R1 R2", "G6 Y6"]), over)  # seat 3 wins
    drive(deal(sc, 19, ["R7 B7", "G6 Y6", "Y5 R5"], ["need-P"]), {**over, 1: ["activate 1"]})
    assert sc.state.keys == (2, 1, 1)
    assert sc.state.hearts == (0, 3, 3)
    result = sc.state.result
    assert result is not None and result.reason == "last-heart"
    assert result.winners == (1, 2)


def test_BQ_END_3_everyone_out_then_everyone_is_ranked():
    """BQ-END-3: when every knight lost their last heart together, all of them are ranked."""
    sc = table(2)
    drive(deal(sc, 17, ["R7 B7", "G6 Y6"]), {1: ["ask 1, weapon G7"]})
    assert (sc.state.keys, sc.state.hearts) == ((1, 0), (3, 2))
    drive(
        deal(sc, 18, ["R7 B7", "G6 Y6"], ["need-P"]), {1: ["activate 1"], 0: ["ask 1, weapon G7"]}
    )
    assert (sc.state.keys, sc.state.hearts) == ((1, 0), (2, 2))
    both_over = {0: ["ask 1, weapon G7"], 1: ["ask 2, weapon Y7, weapon Y5"]}
    drive(deal(sc, 19, ["R7 B7", "R6 B6"]), both_over)
    assert sc.state.result is None
    drive(deal(sc, 20, ["R7 B7", "R6 B6"]), both_over)
    assert sc.state.hearts == (0, 0)
    result = sc.state.result
    assert result is not None and result.reason == "last-heart"
    assert result.winners == (0,)


def test_BQ_END_4_tied_keys_most_hearts_wins():
    """BQ-END-4: tied on the most keys, the tied knight with more hearts wins."""
    sc = table(2)
    drive(deal(sc, 17, ["R7 B7", "G6 Y6"]), {0: ["ask 1, weapon G7"]})  # seat 1 over
    drive(deal(sc, 18, ["R7 B7", "G6 Y6"]))
    assert (sc.state.keys, sc.state.hearts) == ((1, 1), (2, 3))
    tie = ["R7 B7", "G7 Y7"]
    play_rounds(sc, [(15, tie), (16, tie), (19, tie), (20, tie)])
    assert sc.state.keys == (5, 5)
    result = sc.state.result
    assert result is not None and result.reason == "keys-target"
    assert result.winners == (1,)


def test_BQ_END_5_tied_keys_and_hearts_all_win():
    """BQ-END-5: tied on keys and on hearts, all the tied knights win together."""
    sc = table(3)
    tie = ["R7 B7", "G7 Y7", "R1 R2"]
    play_rounds(sc, [(boss, tie) for boss in (15, 16, 17, 18, 19)])
    assert sc.state.keys == (5, 5, 0)
    assert sc.state.hearts == (3, 3, 3)
    result = sc.state.result
    assert result is not None
    assert result.winners == (0, 1)
    assert sc.view(2)["outcome"]["winners"] == [0, 1]


# -- new rounds ------------------------------------------------------------------------------


def test_BQ_ROUND_1_boss_discarded_and_next_boss_revealed():
    """BQ-ROUND-1: with no end condition, the boss is discarded and the next one revealed."""
    sc = drive(deal(table(3), 17, ["R7 B7", "G6 Y6", "R1 R2"]))
    assert sc.state.result is None
    assert sc.state.boss_discard == (17,)
    assert boss_choices(sc) == [14, 15, 16, 18, 19, 20, 21]
    sc.rejects("boss 17", "no boss with 17 HP")
    sc.play("boss 20")
    assert sc.state.boss == 20
    assert sc.view(1)["boss"] == {"hp": 20, "effective_hp": 20}
    assert sc.view(1)["round"] == 2


def test_BQ_ROUND_2_every_spell_set_out_is_discarded_and_replaced():
    """BQ-ROUND-2: active, still available and mystery spells all go to the discard pile, and a
    new set is laid out from the spell deck."""
    sc = table(3, spells_per_round=5)
    codes = ["hp+1", "atk+1", "need-R", "pair", "extra-key"]
    deal(sc, 17, ["R7 B7", "G6 Y6", "R1 R2"], codes)
    assert sum(sc.state.spell_deck) == 18
    drive(sc, {0: ["activate 1"], 1: ["discard 2"], 2: ["discard 3"]})
    view = sc.view(0)
    assert view["spells"] == [] and view["spell_discard"] == 5
    cards = sc.game.cards
    for code in codes:
        assert sc.state.spell_discard[cards.spell_index(code)] == 1
    assert sum(sc.state.spell_deck) == 18
    deal(sc, 18, ["R7 B7", "G6 Y6", "R1 R2"], ["hp+2", "hp-1", "cancel", "second", "hp-2"])
    assert [s["status"] for s in sc.view(1)["spells"]] == ["available"] * 5
    assert [s["spell"] for s in sc.view(1)["spells"]] == ["hp+2", "hp-1", "cancel", "second", None]
    assert sum(sc.state.spell_deck) == 13
    assert sc.view(1)["spell_discard"] == 5
    assert sc.hp() == 18  # the hp+1 of round 1 is gone


def test_BQ_ROUND_3_armorer_moves_one_seat_left():
    """BQ-ROUND-3: the knight left of the armorer becomes armorer; the first turn moves on."""
    sc = table(3, armorer=0)
    hands = ["R7 B7", "G6 Y6", "R1 R2"]
    seen = []
    for boss in (15, 16, 17, 18):
        deal(sc, boss, hands)
        seen.append((sc.state.armorer, sc.view(0)["armorer"], sc.to_move()))
        drive(sc)
    assert seen == [(0, 0, 1), (1, 1, 2), (2, 2, 0), (0, 0, 1)]


def test_BQ_ROUND_4_all_weapons_gathered_and_dealt_again():
    """BQ-ROUND-4: the new armorer gathers all 35 weapons, shuffles and deals as BQ-DEAL-1."""
    sc = deal(table(3), 21, ["R7 B7", "G6 Y6", "R1 R2"])
    turn(sc, 0, "ask 4", "weapon P1", "weapon P2", "weapon P3", "weapon P4")
    assert sc.view(0)["weapon_deck"] == 25
    drive(sc)
    sc.play("boss 17", *(f"spell {c}" for c in layout(sc)))
    outcomes = sc.game.chance_outcomes(sc.state)
    assert {str(a) for a, _ in outcomes} == {f"weapon {w}" for w in WEAPONS}
    assert len(outcomes) == 35 and {p for _, p in outcomes} == {outcomes[0][1]}
    # Round 2's armorer is seat 1 (0-based 0): seat 2 gets the first hidden card, and so on.
    assert sc.state.armorer == 0
    sc.draw("P1", "R7", "P4", "P2", "B7", "G6")
    assert sc.state.phase == TURN
    codes = sc.game.cards.weapon_codes
    assert [codes[h] for h in sc.state.hidden] == ["P4", "P1", "R7"]
    assert [[codes[c] for c in v] for v in sc.state.visible] == [["G6"], ["P2"], ["B7"]]
    assert sc.view(2)["weapon_deck"] == 29


def test_BQ_ROUND_5_empty_boss_deck_is_rebuilt_from_the_discard():
    """BQ-ROUND-5: when the boss deck is empty, the discarded bosses make a new deck."""
    sc = table(2)
    for i, boss in enumerate(range(14, 22)):
        hands = ["R6 B6", "R1 B1"] if i % 2 == 0 else ["R1 B1", "R6 B6"]
        drive(deal(sc, boss, hands))
    assert sc.state.keys == (4, 4) and sc.state.result is None
    assert sc.view(0)["boss_deck"] == 8
    assert boss_choices(sc) == list(range(14, 22))
    sc.play("boss 17")
    assert sc.state.boss == 17 and sc.state.round == 9


def test_BQ_ROUND_5_spell_deck_rebuilt_part_way_through_the_layout():
    """BQ-ROUND-5: the spell deck runs out part-way through the layout: the discard pile is
    shuffled into a new deck and the rest of the layout is drawn from it."""
    sc = table(2, spells_per_round=10)
    cards = sc.game.cards
    hands = ["R6 B6", "R1 B1"]
    drive(deal(sc, 15, hands))
    drive(deal(sc, 16, hands))
    assert sum(sc.state.spell_deck) == 3 and sum(sc.state.spell_discard) == 20
    discarded = sc.state.spell_discard
    left = [cards.spells[k].code for k, c in enumerate(sc.state.spell_deck) for _ in range(c)]
    sc.play("boss 17", *(f"spell {c}" for c in left))
    # The deck ran out after 3 of the 10 spells: the 20 discarded spells are the new deck.
    assert sc.state.spell_deck == discarded
    assert sum(sc.state.spell_discard) == 0 and sc.state.phase != TURN
    again = [cards.spells[k].code for k, c in enumerate(discarded) for _ in range(c)][:7]
    sc.play(*(f"spell {c}" for c in again))
    assert len(sc.state.slots) == 10
    assert sum(sc.state.spell_deck) + sum(sc.state.spell_discard) + len(sc.state.slots) == 23


def test_BQ_ROUND_6_keys_and_hearts_carry_over_and_everyone_arms_again():
    """BQ-ROUND-6: keys and hearts carry over; every knight starts the new round arming."""
    sc = deal(table(3), 17, ["R7 B7", "G6 Y6", "R1 R2"])
    drive(sc, {1: ["ask 1, weapon P7"]})  # seat 2: 19, over
    assert (sc.state.keys, sc.state.hearts) == ((1, 0, 0), (3, 2, 3))
    assert not any(p["at_magician"] for p in sc.view(None)["players"])
    deal(sc, 18, ["R7 B7", "G6 Y6", "R1 R2"])
    view = sc.view(None)
    assert [p["keys"] for p in view["players"]] == [1, 0, 0]
    assert [p["hearts"] for p in view["players"]] == [3, 2, 3]
    assert not any(p["at_magician"] for p in view["players"])
    for seat in (1, 2, 0):  # round 2's armorer is seat 1
        assert sc.to_move() == seat
        assert "ask 1" in sc.legal()
        sc.play("ask 1", f"weapon P{seat + 1}")


def test_BQ_ROUND_7_game_goes_on_past_eight_bosses():
    """BQ-ROUND-7: there is no round limit: the game goes on past the eighth boss."""
    sc = table(3)
    for i in range(10):
        hands = ["R6 B6" if s == i % 3 else f"Y{s + 1} P{s + 1}" for s in range(3)]
        drive(deal(sc, [14, 15, 16, 17, 18, 19, 20, 21, 15, 16][i], hands))
        assert sc.state.result is None
    assert sc.state.round == 11
    assert sc.state.keys == (4, 3, 3)
    assert sc.to_move() == CHANCE


# -- spells ----------------------------------------------------------------------------------


def test_BQ_SPELL_1_effects_last_for_the_current_round_only():
    """BQ-SPELL-1: an active spell's effect lasts for the current round only."""
    sc = deal(table(3, mystery=False), 17, ["R7 B7", "G6 Y6", "R1 R2"], ["hp+2", "atk+2"])
    drive(sc, {0: ["activate 1"], 1: ["activate 2, target 2"]})
    assert combat(sc).hp == 19 and combat(sc).seats[1].attack == 14
    deal(sc, 18, ["R7 B7", "G6 Y6", "R1 R2"])
    assert sc.hp() == 18
    assert sc.attack(1) == 12
    assert sc.view(1)["players"][1]["attack"] == 12
    drive(sc)
    assert combat(sc).hp == 18 and combat(sc).seats[1].attack == 12


@pytest.mark.parametrize("code", ["atk+1", "atk+2", "atk-1", "atk-2"])
def test_BQ_SPELL_2_attack_modifier(code):
    """BQ-SPELL-2: an attack spell raises or lowers its target's attack by its amount."""
    sc = deal(table(3, mystery=False), 17, ["R1 R2", "G7 Y6", "R7 B6"], [code])
    turn(sc, 0, "activate 1")
    assert sorted(sc.legal()) == ["target 1", "target 2", "target 3"]
    sc.play("target 2")
    assert sc.attack(1) == 13 + amount(code)
    assert sc.view(1)["players"][1]["attack"] == 13 + amount(code)
    assert sc.view(0)["spells"][0]["target"] == 1
    drive(sc)
    assert combat(sc).seats[1].attack == 13 + amount(code)
    assert combat(sc).winners == ((1,) if amount(code) > 0 else (2,))


@pytest.mark.parametrize(
    ("code", "extra"),
    [
        ("hp+1", "G3"),
        ("hp+2", "G4"),
        ("hp-1", "G1"),
        ("hp-2", None),
    ],
)
def test_BQ_SPELL_3_boss_hp_modifier(code, extra):
    """BQ-SPELL-3: a boss HP spell raises or lowers the boss's HP by its amount."""
    sc = deal(table(3, mystery=False), 16, ["R7 B7", "G6 Y6", "R1 R2"], [code])
    plan = [f"ask 1, weapon {extra}", "activate 1"] if extra else ["activate 1"]
    drive(sc, {0: plan})
    hp = 16 + amount(code)
    assert combat(sc).hp == hp
    seat0 = combat(sc).seats[0]
    assert seat0.attack == hp and seat0.perfect and not seat0.over
    assert sc.state.keys == (2, 0, 0)


MODIFIERS = ("hp+1", "hp+1", "hp+2", "hp-1", "hp-1", "hp-2", "atk+1", "atk+2", "atk-1", "atk-2")


@FAST
@given(
    codes=st.permutations(MODIFIERS),
    active=st.lists(st.booleans(), min_size=5, max_size=5),
    targets=st.lists(st.integers(0, 4), min_size=5, max_size=5),
    boss=st.integers(14, 21),
)
def test_BQ_SPELL_4_modifiers_add_up(codes, active, targets, boss):
    """BQ-SPELL-4: several active modifiers add up, on a knight's attack and on the boss's HP."""
    codes = codes[:5]
    sc = table(5, mystery=False)
    sc.round(boss, codes, [f"R{s + 1}" for s in range(5)], [f"B{s + 1}" for s in range(5)])
    hp, attacks = boss, [2 * (s + 1) for s in range(5)]
    for seat in range(5):
        if not active[seat]:
            turn(sc, seat, f"discard {seat + 1}")
        elif codes[seat].startswith("hp"):
            turn(sc, seat, f"activate {seat + 1}")
            hp += amount(codes[seat])
        else:
            turn(sc, seat, f"activate {seat + 1}", f"target {targets[seat] + 1}")
            attacks[targets[seat]] += amount(codes[seat])
        if seat < 4:
            assert sc.hp() == hp
            assert [sc.attack(p) for p in range(5)] == attacks
            assert sc.view(None)["boss"]["effective_hp"] == hp
    assert combat(sc).hp == hp
    assert [r.attack for r in combat(sc).seats] == attacks
    assert [r.over for r in combat(sc).seats] == [a > hp for a in attacks]


def test_BQ_SPELL_5_comparisons_use_modified_attack_and_hp():
    """BQ-SPELL-5: the over announcement, heart loss, closest and Perfect use the modified
    attack and the modified HP."""
    sc = deal(table(3, mystery=False), 15, ["R1 R2", "R7 B7", "G6 Y6"], ["hp-2", "atk+1"])
    assert not sc.view(0)["players"][1]["over"]
    turn(sc, 0, "activate 1")  # HP 15 - 2 = 13: seat 2's 14 is now over
    assert sc.hp() == 13
    for viewer in (0, 1, 2, None):
        assert sc.view(viewer)["players"][1]["over"] is True
    assert sc.to_move() == 1
    assert not any(a.startswith("ask") for a in sc.legal())
    sc.rejects("ask 1", "over the boss's HP")
    sc.play("activate 2", "target 3")  # seat 3: 12 + 1 = 13, exactly the modified HP
    drive(sc)
    result = combat(sc)
    assert result.hp == 13
    assert result.seats[1].over and result.seats[1].heart_lost
    assert result.seats[2].attack == 13 and result.seats[2].perfect
    assert result.winners == (2,)
    assert sc.state.keys == (0, 0, 2) and sc.state.hearts == (3, 2, 3)


def test_BQ_SPELL_5_second_closest_uses_modified_values():
    """BQ-SPELL-5: second-closest ranks the modified attacks against the modified HP."""
    sc = deal(table(3, mystery=False), 17, ["R7 B7", "G6 Y6", "R5 B5"], ["second", "atk+2"])
    # 14, 12 and 10; +2 on seat 3 makes it 12 (tied with seat 2 on attack and cards).
    drive(sc, {0: ["activate 1"], 1: ["activate 2, target 3"]})
    assert [r.attack for r in combat(sc).seats] == [14, 12, 12]
    assert combat(sc).winners == (1, 2)


def test_BQ_SPELL_6_hidden_swap():
    """BQ-SPELL-6: the activator swaps hidden weapons with another knight; both stay hidden,
    each seen by its new owner; the spell is then discarded."""
    sc = deal(table(3, mystery=False), 17, ["R5 B1", "G7 Y2", "R1 R2"], ["swap-hidden"])
    turn(sc, 0, "activate 1")
    assert sc.legal() == ["swap 2", "swap 3"]
    sc.rejects("swap 1", "another knight")
    sc.play("swap 2")
    assert sc.view(0)["players"][0]["hidden"] == "G7"
    assert sc.view(1)["players"][1]["hidden"] == "R5"
    for viewer in (2, None):
        assert sc.view(viewer)["players"][0]["hidden"] == "?"
        assert sc.view(viewer)["players"][1]["hidden"] == "?"
    assert sc.view(1)["players"][0]["hidden"] == "?"
    assert sc.view(0)["players"][1]["hidden"] == "?"
    assert sc.view(0)["players"][0]["visible"] == ["B1"]
    assert (sc.attack(0), sc.attack(1)) == (8, 7)
    assert sc.view(2)["spells"][0]["status"] == "spent"
    drive(sc)
    codes = sc.game.cards.weapon_codes
    assert [codes[r.hidden] for r in combat(sc).seats[:2]] == ["G7", "R5"]
    assert combat(sc).winners == (0,)


def test_BQ_SPELL_7_deck_swap_visible_card():
    """BQ-SPELL-7: a visible weapon given up is replaced in place by the top card; the given
    card goes on top, known to all, and the next draw takes it."""
    sc = deal(table(3, mystery=False), 17, ["R5 B1", "G5 Y2", "R1 R2"], ["swap-deck"])
    turn(sc, 0, "ask 1", "weapon G2")
    turn(sc, 1, "ask 1", "weapon Y1")
    turn(sc, 2, "ask 1", "weapon P1")
    turn(sc, 0, "activate 1")
    assert sorted(sc.legal()) == ["give B1", "give G2", "give R5"]
    sc.rejects("give G7", "hold no weapon G7")
    sc.play("give B1")
    assert sc.to_move() == CHANCE
    sc.draw("Y6")
    view = sc.view(2)
    assert view["players"][0]["visible"] == ["Y6", "G2"]
    assert sc.view(0)["players"][0]["hidden"] == "R5"
    assert view["deck_top"] == ["B1"] and sc.view(None)["deck_top"] == ["B1"]
    assert view["weapon_deck"] == 35 - 6 - 3
    assert view["spells"][0]["status"] == "spent"
    assert sc.attack(0) == 5 + 6 + 2
    turn(sc, 1, "ask 1")  # no chance draw: the known B1 is on top
    assert sc.to_move() == 2
    assert sc.view(0)["players"][1]["visible"] == ["Y2", "Y1", "B1"]
    assert sc.view(0)["deck_top"] == []


def test_BQ_SPELL_7_deck_swap_hidden_card():
    """BQ-SPELL-7: a hidden weapon given up is replaced by a hidden card; the given card goes
    on top, known to the giver only, and the next draw takes it."""
    sc = deal(table(3, mystery=False), 17, ["R5 B1", "G5 Y2", "R1 R2"], ["swap-deck"])
    turn(sc, 0, "activate 1", "give R5", "weapon Y6")
    assert sc.view(0)["players"][0]["hidden"] == "Y6"
    assert sc.view(1)["players"][0]["hidden"] == "?"
    assert sc.view(0)["players"][0]["visible"] == ["B1"]
    assert sc.view(0)["deck_top"] == ["R5"]
    assert sc.view(1)["deck_top"] == ["?"] and sc.view(None)["deck_top"] == ["?"]
    assert sc.attack(0) == 7
    turn(sc, 1, "ask 2")
    assert sc.to_move() == CHANCE  # R5 came off the top; the second card is a chance draw
    sc.draw("G1")
    assert sc.view(2)["players"][1]["visible"] == ["Y2", "R5", "G1"]
    assert sc.view(2)["deck_top"] == []


def test_BQ_SPELL_7_deck_swap_with_empty_deck_has_no_effect():
    """BQ-SPELL-7: with an empty weapon deck the deck swap has no effect and is spent."""
    sc = deal(
        table(5, mystery=False), 21, ["R1 R2", "B1 B2", "G1 G2", "Y1 Y2", "P1 P2"], ["swap-deck"]
    )
    for seat, colour in enumerate(COLOURS):
        turn(sc, seat, "ask 4", *(f"weapon {colour}{v}" for v in (3, 4, 5, 6)))
    turn(sc, 0, "ask 4", "weapon R7", "weapon B7", "weapon G7", "weapon Y7")
    turn(sc, 1, "ask 1", "weapon P7")
    assert sc.view(2)["weapon_deck"] == 0
    assert sc.to_move() == 2
    sc.rejects("ask 1", "weapon deck holds only 0")
    hands = (sc.state.hidden, sc.state.visible)
    sc.play("activate 1")
    assert sc.state.pending is None and sc.to_move() == 3
    assert (sc.state.hidden, sc.state.visible) == hands
    assert sc.view(2)["spells"][0]["status"] == "spent"


@pytest.mark.parametrize("colour", list(COLOURS))
def test_BQ_SPELL_8_colour_requirement(colour):
    """BQ-SPELL-8: a knight holding no weapon of the named colour cannot win the round
    (a hidden weapon of that colour counts)."""
    other = [c for c in COLOURS if c != colour]
    hands = [f"{other[0]}7 {other[1]}7", f"{colour}6 {other[2]}6", f"{other[3]}1 {other[3]}2"]
    sc = deal(table(3, mystery=False), 17, hands, [f"need-{colour}"])
    drive(sc, {2: ["activate 1"]})
    result = combat(sc)
    assert [r.failed_condition for r in result.seats] == [True, False, True]
    assert result.winners == (1,)
    assert sc.state.keys == (0, 1, 0) and sc.state.hearts == (3, 3, 3)


def test_BQ_SPELL_9_two_of_a_colour():
    """BQ-SPELL-9: a knight without two weapons of one colour cannot win the round."""
    sc = deal(table(3, mystery=False), 17, ["R7 B7", "G6 G5", "R1 B2"], ["pair"])
    drive(sc, {2: ["ask 1, weapon Y3"], 1: ["ask 1, weapon P1"], 0: ["activate 1"]})
    # seat 3 has R1 B2 Y3 (no pair); seat 2 has G6 G5 P1 (a green pair).
    result = combat(sc)
    assert [r.failed_condition for r in result.seats] == [True, False, True]
    assert result.winners == (1,)
    assert sc.state.keys == (0, 1, 0)


def test_BQ_SPELL_10_no_heart_loss():
    """BQ-SPELL-10: nobody loses a heart this round, but a knight over the HP still cannot win."""
    sc = deal(table(3, mystery=False), 17, ["R7 B7", "G6 Y6", "R1 R2"], ["no-heart-loss"])
    drive(sc, {0: ["ask 1, weapon G7"], 1: ["activate 1"]})
    seat0 = combat(sc).seats[0]
    assert seat0.over and not seat0.heart_lost and seat0.keys_gained == 0
    assert combat(sc).winners == (1,)
    assert sc.state.hearts == (3, 3, 3)
    assert sc.state.keys == (0, 1, 0)


def test_BQ_SPELL_11_cancel_stops_a_light_spell():
    """BQ-SPELL-11: cancel picks an activated spell in play; its effect stops and both go."""
    sc = deal(table(3, mystery=False), 17, ["R7 B7", "G6 Y6", "R1 R2"], ["hp+2", "cancel"])
    turn(sc, 0, "activate 1")
    assert sc.hp() == 19
    turn(sc, 1, "activate 2")
    assert sc.legal() == ["cancel 1"]
    sc.rejects("cancel 2", "not an activated spell in play")
    sc.play("cancel 1")
    assert sc.hp() == 17
    assert [s["status"] for s in sc.view(2)["spells"][:2]] == ["spent", "spent"]
    drive(sc)
    assert combat(sc).hp == 17
    cards = sc.game.cards
    assert sc.state.spell_discard[cards.spell_index("hp+2")] == 1
    assert sc.state.spell_discard[cards.spell_index("cancel")] == 1


def test_BQ_SPELL_11_cancel_stops_a_dark_spell_on_a_knight():
    """BQ-SPELL-11: cancelling an attack spell placed on a knight removes its modifier."""
    sc = deal(table(3, mystery=False), 17, ["R1 R2", "G7 Y6", "R7 B6"], ["atk+2", "cancel"])
    turn(sc, 0, "activate 1", "target 2")
    assert sc.attack(1) == 15
    turn(sc, 1, "activate 2", "cancel 1")
    assert sc.attack(1) == 13
    drive(sc)
    assert combat(sc).seats[1].attack == 13
    assert combat(sc).winners == (1, 2)


def test_BQ_SPELL_12_cancel_with_nothing_to_cancel():
    """BQ-SPELL-12: cancel activated with no activated spell in play has no effect and is
    discarded (here as the mystery spell, activated blind)."""
    sc = deal(table(3), 17, ["R7 B7", "G6 Y6", "R1 R2"], ["hp+1", "atk+1", "cancel"])
    assert sc.view(1)["spells"][2]["spell"] is None
    turn(sc, 0, "activate 3")
    assert sc.state.pending is None and sc.to_move() == 1
    spell = sc.view(1)["spells"][2]
    assert (spell["spell"], spell["status"]) == ("cancel", "spent")
    assert sc.hp() == 17
    assert [s["status"] for s in sc.view(1)["spells"][:2]] == ["available", "available"]
    drive(sc)
    assert combat(sc).winners == (0,) and combat(sc).hp == 17


def test_BQ_SPELL_12_cancel_after_a_spent_swap_has_no_effect():
    """BQ-SPELL-12: a hidden swap is spent at once, so a later cancel finds nothing to cancel."""
    sc = deal(table(3, mystery=False), 17, ["R5 B1", "G7 Y2", "R1 R2"], ["swap-hidden", "cancel"])
    turn(sc, 0, "activate 1", "swap 2")
    turn(sc, 1, "activate 2")
    assert sc.state.pending is None and sc.to_move() == 2
    assert [s["status"] for s in sc.view(2)["spells"][:2]] == ["spent", "spent"]
    assert sc.view(0)["players"][0]["hidden"] == "G7"


@pytest.mark.parametrize(
    ("hands", "spells", "plan", "keys"),
    [
        (["R7 B7", "G6 Y6", "R1 R2"], ["extra-key"], {0: ["activate 1"]}, (2, 0, 0)),
        (["R7 B7", "G7 Y7", "R1 R2"], ["extra-key"], {0: ["activate 1"]}, (2, 2, 0)),
        (
            ["R7 B7", "G6 Y6", "R1 R2"],
            ["extra-key", "need-P"],
            {0: ["activate 1"], 1: ["activate 2"]},
            (0, 0, 0),
        ),
        (["G4 Y4", "R7 B7", "R1 R2"], ["extra-key"], {0: ["activate 1"]}, (0, 2, 0)),
    ],
    ids=["single-winner", "tied-winners", "no-winner", "other-knight-wins"],
)
def test_BQ_SPELL_13_extra_key(hands, spells, plan, keys):
    """BQ-SPELL-13: the round winner gains one more key; tied winners each gain one more;
    with no winner nobody gains it."""
    sc = deal(table(3, mystery=False), 17, hands, spells)
    drive(sc, plan)
    assert sc.state.keys == keys


def test_BQ_SPELL_13_extra_key_adds_to_a_perfect_win():
    """BQ-SPELL-13: a Perfect winner with the extra key gains three keys."""
    sc = deal(table(3, mystery=False), 14, ["R7 B7", "G6 Y6", "R1 R2"], ["extra-key"])
    drive(sc, {1: ["activate 1"]})
    assert combat(sc).seats[0].perfect
    assert sc.state.keys == (3, 0, 0)


def test_BQ_SPELL_14_second_closest_wins_and_perfect_is_unchanged():
    """BQ-SPELL-14: the second-closest knight wins the key; the closest keeps its Perfect."""
    sc = deal(table(3, mystery=False), 14, ["R7 B7", "G7 Y6", "R1 R2"], ["second"])
    drive(sc, {2: ["activate 1"]})
    result = combat(sc)
    assert result.winners == (1,)
    assert result.seats[0].perfect and result.seats[0].keys_gained == 1
    assert sc.state.keys == (1, 1, 0)


def test_BQ_SPELL_14_second_group_is_ranked_with_the_card_tie_break():
    """BQ-SPELL-14: equal attacks split on the number of cards: the group with more cards is
    second and wins."""
    sc = deal(table(3, mystery=False), 17, ["R7 B7", "G6 Y6", "Y7 P6"], ["second"])
    drive(sc, {1: ["ask 1, weapon G2"], 2: ["activate 1"]})
    assert [r.attack for r in combat(sc).seats] == [14, 14, 13]
    assert combat(sc).winners == (1,)
    assert sc.state.keys == (0, 1, 0)


def test_BQ_SPELL_14_fewer_than_two_groups_nobody_wins():
    """BQ-SPELL-14: with a single ranked group, nobody wins the key."""
    sc = deal(table(3, mystery=False), 17, ["R7 B7", "G7 Y7", "R6 B6"], ["second"])
    drive(sc, {2: ["ask 1, weapon P7", "activate 1"]})
    assert combat(sc).seats[2].over
    assert combat(sc).winners == ()
    assert sc.state.keys == (0, 0, 0)


def test_BQ_SPELL_15_last_call():
    """BQ-SPELL-15: each knight not at the magician, in turn order from the activator's left,
    takes one last action (ask exactly one weapon, or a spell action); then combat."""
    sc = deal(
        table(4, mystery=False),
        17,
        ["R1 R2", "B1 B2", "G1 G2", "Y1 Y2"],
        ["last-call", "hp+1", "atk+1", "cancel"],
    )
    turn(sc, 0, "ask 1", "weapon P1")
    turn(sc, 1, "activate 1")
    assert sc.view(0)["last_call"] == [2, 3, 0]
    assert sc.to_move() == 2
    assert sc.legal() == [
        "ask 1",
        "activate 2",
        "activate 3",
        "activate 4",
        "discard 2",
        "discard 3",
        "discard 4",
    ]
    sc.rejects("ask 2", "exactly one weapon")
    sc.play("ask 1", "weapon P2")
    assert sc.to_move() == 3  # one action each: seat 3 does not play again
    turn(sc, 3, "activate 2")
    assert sc.hp() == 18
    turn(sc, 0, "ask 1", "weapon P3")
    # Combat at once, though seats 1 and 3 never went to the magician.
    result = combat(sc)
    assert result.round == 1 and sc.state.round == 2
    assert [r.attack for r in result.seats] == [1 + 2 + 1 + 3, 3, 3 + 2, 3]
    assert result.hp == 18
    assert result.winners == (0,)


def test_BQ_SPELL_15_last_call_without_spells_left_rests():
    """BQ-SPELL-15: a last-call knight with no spell left may ask one weapon or rest."""
    sc = deal(
        table(3, spells_per_round=2, mystery=False),
        17,
        ["R1 R2", "B1 B2", "G1 G2"],
        ["hp+1", "last-call"],
    )
    turn(sc, 0, "discard 1")
    turn(sc, 1, "activate 2")
    assert sc.to_move() == 2
    assert sc.legal() == ["ask 1", "rest"]
    sc.play("rest")
    assert combat(sc).round == 1 and sc.state.round == 2


def test_BQ_SPELL_16_over_knight_must_take_the_spell_option_in_last_call():
    """BQ-SPELL-16: during a last call a knight over the HP must take the spell option."""
    sc = deal(
        table(3, mystery=False), 17, ["R7 B7", "G1 G2", "Y1 Y2"], ["last-call", "hp+1", "atk+1"]
    )
    turn(sc, 0, "ask 1", "weapon G5")  # 19: over
    turn(sc, 1, "activate 1")
    assert sc.view(1)["last_call"] == [2, 0]
    turn(sc, 2, "ask 1", "weapon Y3")
    assert sc.to_move() == 0
    assert sc.legal() == ["activate 2", "activate 3", "discard 2", "discard 3"]
    sc.rejects("ask 1", "over the boss's HP")
    sc.play("discard 3")
    assert combat(sc).seats[0].over and sc.state.hearts == (2, 3, 3)


# -- random games against an oracle written from the clauses -----------------------------------


def holdings_at_combat(sc: Scenario, before, action) -> list[list[int]]:
    """Every knight's weapons when combat starts: ``before``'s, changed by ``action``."""
    cards = sc.game.cards
    hidden = list(before.hidden)
    visible = [list(v) for v in before.visible]
    top = before.deck_top[-1][0] if before.deck_top else -1
    if isinstance(action, SwapWith):
        a, b = before.pending.seat, action.seat
        hidden[a], hidden[b] = hidden[b], hidden[a]
    elif isinstance(action, DrawWeapon):
        draw, card = before.draws[0], cards.weapon_id(action.card)
        if draw.place == HIDDEN:
            hidden[draw.seat] = card
        elif draw.place == APPEND:
            visible[draw.seat].append(card)
        else:
            visible[draw.seat][draw.place] = card
    elif isinstance(action, Ask) and top >= 0:  # the known card on top is drawn at once
        visible[before.turn].append(top)
    elif isinstance(action, Give) and top >= 0:
        seat, given = before.pending.seat, cards.weapon_id(action.card)
        if hidden[seat] == given:
            hidden[seat] = top
        else:
            visible[seat][visible[seat].index(given)] = top
    return [([h] if h >= 0 else []) + v for h, v in zip(hidden, visible, strict=True)]


def clause_oracle(sc: Scenario, before, action, after) -> dict[str, object]:
    """What the clauses say the combat ending ``before --action--> after`` gives.

    The weapons and the spells in play are ``before``'s with the effect of ``action``."""
    cards = sc.game.cards
    n = sc.game.players
    slots = [list(slot) for slot in before.slots]
    pending = before.pending
    if isinstance(action, Activate):
        slots[action.slot][1] = ACTIVE
    elif isinstance(action, Discard):
        slots[action.slot][1] = DISCARDED
    elif isinstance(action, Target):
        slots[pending.slot][1:] = [ACTIVE, action.seat]
    elif isinstance(action, Cancel):
        slots[action.slot][1] = slots[pending.slot][1] = DISCARDED
    elif isinstance(action, SwapWith | Give):
        slots[pending.slot][1] = DISCARDED
    held = holdings_at_combat(sc, before, action)
    effects = [
        (cards.spells[kind].effect, target) for kind, status, target in slots if status == ACTIVE
    ]
    kinds = [effect.kind for effect, _ in effects]
    hp = before.boss + sum(e.amount for e, _ in effects if e.kind == "boss_hp")  # BQ-SPELL-3/4
    attack = [
        sum(cards.weapon_values[c] for c in held[s])
        + sum(e.amount for e, t in effects if e.kind == "attack" and t == s)
        for s in range(n)
    ]  # BQ-DEAL-3, BQ-SPELL-2, BQ-SPELL-4
    colours = [[COLOURS[cards.weapon_colours[c]] for c in held[s]] for s in range(n)]
    failed = [
        any(e.kind == "need_colour" and e.colour not in colours[s] for e, _ in effects)
        or ("pair_colour" in kinds and all(colours[s].count(c) < 2 for c in colours[s]))
        for s in range(n)
    ]  # BQ-SPELL-8, BQ-SPELL-9
    over = [attack[s] > hp for s in range(n)]  # BQ-SPELL-5
    remaining = [s for s in range(n) if not over[s] and not failed[s]]  # BQ-COMBAT-2/3
    ranks = sorted({(attack[s], -len(held[s])) for s in remaining}, reverse=True)
    rank = 1 if "second_closest" in kinds else 0  # BQ-SPELL-14
    winners = [
        s for s in remaining if len(ranks) > rank and (attack[s], -len(held[s])) == ranks[rank]
    ]  # BQ-COMBAT-4/5/6
    perfect = [s in remaining and attack[s] == hp for s in range(n)]  # BQ-COMBAT-7
    gained = [
        (1 + kinds.count("extra_key")) * (s in winners) + perfect[s] for s in range(n)
    ]  # BQ-COMBAT-8, BQ-SPELL-13
    lost = [over[s] and "no_heart_loss" not in kinds for s in range(n)]  # BQ-SPELL-10
    keys = tuple(k + g for k, g in zip(before.keys, gained, strict=True))
    hearts = tuple(h - x for h, x in zip(before.hearts, lost, strict=True))
    target = 4 if n == 5 else 5
    result = None
    if 0 in hearts or max(keys) >= target:  # BQ-END-1, BQ-END-2
        ranked = [s for s in range(n) if hearts[s]] or list(range(n))  # BQ-END-3
        best = max((keys[s], hearts[s]) for s in ranked)  # BQ-END-4
        result = [s for s in ranked if (keys[s], hearts[s]) == best]  # BQ-END-5
    return {
        "hp": hp,
        "attack": attack,
        "over": over,
        "failed": failed,
        "winners": winners,
        "perfect": perfect,
        "gained": gained,
        "lost": lost,
        "keys": keys,
        "hearts": hearts,
        "result": result,
    }


def engine_combat(after) -> dict[str, object]:
    """The same facts as the engine reports them."""
    result = after.last_combat
    seats = result.seats
    return {
        "hp": result.hp,
        "attack": [r.attack for r in seats],
        "over": [r.over for r in seats],
        "failed": [r.failed_condition for r in seats],
        "winners": list(result.winners),
        "perfect": [r.perfect for r in seats],
        "gained": [r.keys_gained for r in seats],
        "lost": [r.heart_lost for r in seats],
        "keys": after.keys,
        "hearts": after.hearts,
        "result": list(after.result.winners) if after.result else None,
    }


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 5),
    spells=st.sampled_from([0, 0, 0, 2, 6, 10]),
)
@example(seed=10105966, players=4, spells=0)  # a cancel spell cancels the last call (BQ-R13)
def test_BQ_COMBAT_4_random_games_agree_with_the_clause_oracle(seed, players, spells):
    """BQ-COMBAT-4 (and BQ-COMBAT-2..10, BQ-SPELL-2..5, -8..11, -13..15, BQ-END-1..5,
    BQ-ROUND-1..3, -5, -6): random legal games; every combat matches an oracle written from
    the clauses; a last call gives one action to each knight still arming, in turn order from
    the activator's left (until a cancel spell ends it, BQ-R13); after combat the game ends or
    a new round starts."""
    rng = random.Random(seed)
    sc = Scenario(players, spells_per_round=spells)
    game, state = sc.game, sc.state
    combats = 0
    called: list[int] | None = None  # knights owed a last action, in order
    acted: list[int] = []  # knights who took a turn since the last call
    for _ in range(1500):
        if game.is_over(state):
            break
        choices: Sequence[Hashable]
        if game.to_move(state) == CHANCE:
            choices = [a for a, p in game.chance_outcomes(state) if p > 0]
        else:
            legal = list(game.legal_actions(state))
            asks = [a for a in legal if isinstance(a, Ask)]
            # Ask less often than the uniform choice would, so rounds are not all busts.
            choices = asks[:1] if asks and rng.random() < 0.3 else legal
            if state.pending is not None and state.pending.choice == "cancel":
                codes = {
                    game.cards.spells[state.slots[a.slot].kind].code
                    for a in legal
                    if isinstance(a, Cancel)
                }
                # BQ-R13: swaps and cancels act at once, so only lasting spells (a last
                # call included) are still in play to be cancelled.
                assert not codes & {"cancel", "swap-hidden", "swap-deck"}
            if called is not None and state.phase == TURN:
                assert all(a.count == 1 for a in asks)  # BQ-SPELL-15
                acted.append(state.turn)
        action = rng.choice(choices)
        after = game.apply(state, action)
        if isinstance(action, Cancel) and state.slots[action.slot].kind == game.cards.spell_index(
            "last-call"
        ):
            called = None  # BQ-R13: cancelling the last call ends it; normal turns resume
        if isinstance(action, Activate) and state.slots[action.slot].kind == game.cards.spell_index(
            "last-call"
        ):
            seats = [(state.turn + i) % players for i in range(1, players)]
            called, acted = [s for s in seats if not state.at_magician[s]], []
        if after.last_combat is not state.last_combat:
            combats += 1
            assert engine_combat(after) == clause_oracle(sc, state, action, after)
            assert sum(after.spell_deck) + sum(after.spell_discard) == 23  # BQ-ROUND-2
            if called is not None:
                assert acted == called
                called = None
            if after.result is None:
                assert after.round == state.round + 1  # BQ-ROUND-1
                assert after.armorer == (state.armorer + 1) % players  # BQ-ROUND-3
                # BQ-COMBAT-10, BQ-ROUND-5: the boss is discarded (an empty deck is rebuilt).
                if after.boss_discard:
                    assert after.boss_discard[-1] == state.boss
                    assert state.boss not in after.boss_deck
                else:
                    assert sorted(after.boss_deck) == list(range(14, 22))
        state = after
    assert combats
