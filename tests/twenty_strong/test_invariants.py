"""The 20 Strong invariants (``twenty_strong.invariants``), the fuzzer's oracle.

Random and guided play keep every state, step and view invariant after every action, for
every hero, boss, rank and side of both decks (issues 4, 5 and 10); and each check reports a
real state, step or view corrupted on purpose, naming what broke.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from gamehall.core.chance import make_rng, sample
from gamehall.core.game import CHANCE, EVERYTHING, Action
from gamehall.core.outcome import Outcome
from gamehall.core.state import replace_at
from gamehall.games.twenty_strong import TwentyStrong
from gamehall.games.twenty_strong.actions import DieFace
from gamehall.games.twenty_strong.decks.too_many_bones.cards import HOUSE_FILE, load_cards
from gamehall.games.twenty_strong.decks.too_many_bones.zones import BACKUP, LOCK
from gamehall.games.twenty_strong.decks.victorum.actions import Move
from gamehall.games.twenty_strong.decks.victorum.cards import HOUSE_FILE as VIC_HOUSE
from gamehall.games.twenty_strong.decks.victorum.cards import load_cards as victorum_cards
from gamehall.games.twenty_strong.decks.victorum.deck import TRAINING
from gamehall.games.twenty_strong.decks.victorum.mountain import ADJACENT
from gamehall.games.twenty_strong.dice import COLOUR_OF, CRIT, HIT, MISS
from gamehall.games.twenty_strong.heuristic import TwentyStrongHeuristicBot
from gamehall.games.twenty_strong.state import (
    BANISHED,
    CANNOT_WIN,
    COMMITTED,
    LOST,
    NO_DICE,
    NOWHERE,
    ON_CARD,
    OVER,
    POOL,
    WON,
    Active,
    Item,
    Stack,
    State,
)
from tests.twenty_strong.test_tmb_clauses import UNIVERSAL_HERO as TMB_UNIVERSAL
from tests.twenty_strong.test_vic_clauses import UNIVERSAL_HERO as VIC_UNIVERSAL

Step = tuple[State, Action, State]
VIEW_EVERY = 8
"""Play checks the views (the costliest checks) of every 8th state; the fuzzer checks every
state's."""
LONGEST = 3000
"""Steps played of one game at most (random play may stall, VIC-R12)."""
GUIDED = 0.95
"""How often guided play takes the heuristic bot's action rather than a random one."""
TMB, VIC = "too-many-bones", "victorum"


def steps(game: TwentyStrong, seed: int, games: int, guided: bool = False) -> Iterator[Step]:
    """Every step of ``games`` seeded games (each stopped after ``LONGEST`` steps): random
    play, or, ``guided``, mostly the heuristic bot's, which reaches the final battles."""
    rng = make_rng(seed, "invariants")
    for _ in range(games):
        bot = TwentyStrongHeuristicBot()
        state = game.initial_state()
        for _ in range(LONGEST):
            mover = game.to_move(state)
            if mover is None:
                break
            if mover == CHANCE:
                action = sample(game.chance_weights(state), rng)
            else:
                legal = game.legal_actions(state)
                action = legal[int(rng.random() * len(legal))]
                if guided and rng.random() < GUIDED:
                    action = bot.choose(game, game.view(state, 0), legal, rng)
            after = game.apply(state, action)
            yield state, action, after
            state = after


class Checked(NamedTuple):
    """What play checked: states, those in an endgame (final battle, conflict), games won,
    and the violations found."""

    states: int
    endgames: int
    wins: int
    problems: list[str]


def violations(game: TwentyStrong, seed: int, games: int, guided: int = 1) -> Checked:
    """``games`` random games and ``guided`` guided ones, every state, step and view (of every
    ``VIEW_EVERY``th state) checked."""
    invariants = game.invariants()
    found: list[str] = []
    checked = endgames = wins = 0
    last = None
    plays = itertools.chain(steps(game, seed, games), steps(game, seed, guided, guided=True))
    for before, action, after in plays:
        if before is not last:  # a new game: its first state
            found += invariants.state(before)
        found += invariants.step(before, action, after) + invariants.state(after)
        checked, last = checked + 1, after
        endgames += after.endgame
        wins += after.result == WON
        if checked % VIEW_EVERY == 0:
            for seat in (0, None, EVERYTHING):
                found += invariants.view(after, seat, game.view(after, seat))
    return Checked(checked, endgames, wins, found)


def play_all(configs: list[dict[str, Any]], games: int, guided: int = 1) -> Checked:
    """``violations`` over every configuration (its index the seed), summed; fails at the first
    configuration with a violation."""
    total = Checked(0, 0, 0, [])
    for index, options in enumerate(configs):
        checked = violations(TwentyStrong(1, options), index, games, guided)
        assert not checked.problems, (options, checked.problems[:5])
        total = Checked(
            total.states + checked.states,
            total.endgames + checked.endgames,
            total.wins + checked.wins,
            [],
        )
    return total


# -- random play ----------------------------------------------------------------------------


def test_too_many_bones_play_keeps_every_invariant() -> None:
    """Every Gearloc against every Tyrant, ranks 1-5: dice accounted for, stats in bounds,
    every card in one place, days and results as the rules give them, views true to the
    state; guided play reaches final battles and wins them."""
    cards = load_cards()
    pairs = itertools.product([g.code for g in cards.gearlocs], [t.code for t in cards.tyrants])
    configs = [
        {"hero": hero, "boss": tyrant, "rank": 1 + index % 5}
        for index, (hero, tyrant) in enumerate(pairs)
    ]
    checked = play_all(configs, 2, guided=3)
    assert checked.states > 10_000 and checked.endgames > 800 and checked.wins >= 3


def test_victorum_play_keeps_every_invariant() -> None:
    """Every hero (and the dealt choice) against every scion, ranks 1-5."""
    cards = victorum_cards()
    heroes = [h.code for h in cards.heroes] + [""]
    configs = [
        {"deck": VIC, "hero": hero, "boss": scion.code, "rank": 1 + index % 5}
        for index, (hero, scion) in enumerate(zip(heroes, itertools.cycle(cards.scions)))
    ]
    checked = play_all(configs, 2)
    assert checked.states > 4000 and checked.endgames > 1000 and checked.wins >= 1


@pytest.mark.parametrize("deck, side", [(TMB, 1), (TMB, 2), (VIC, 1)])
def test_universal_heroes_keep_every_invariant(tmp_path: Path, deck: str, side: int) -> None:
    """A universal hero from a card file: the universal backup plan on either side (TMB-UNIV),
    the kept Victorum card back in the box (VIC-UNIV-1)."""
    house, hero = (HOUSE_FILE, TMB_UNIVERSAL) if deck == TMB else (VIC_HOUSE, VIC_UNIVERSAL)
    path = tmp_path / "cards.toml"
    path.write_text(house.read_text() + hero, encoding="utf-8")
    options = {"deck": deck, "deck_file": str(path), "hero": "sentinel", "side": side}
    assert play_all([{**options, "rank": rank} for rank in (1, 5)], 1).states > 200


# -- corrupted states -----------------------------------------------------------------------


@cache
def played(deck: str) -> tuple[TwentyStrong, tuple[Step, ...]]:
    """A rank-2 game of ``deck``: the steps of a few seeded random games, then of the first
    seeded guided game that wins."""
    game = TwentyStrong(1, {"deck": deck, "rank": 2})
    for seed in range(50):
        won = tuple(steps(game, seed, 1, guided=True))
        if won[-1][2].result == WON:
            return game, (*steps(game, 7, 6), *won)
    raise AssertionError(f"no guided {deck} game won")


def find(deck: str, wanted: Callable[..., bool]) -> tuple[TwentyStrong, Step]:
    """The first step of play ``wanted`` (its states keep every invariant)."""
    game, played_steps = played(deck)
    step = next(s for s in played_steps if wanted(*s))
    invariants = game.invariants()
    assert not invariants.state(step[0]) + invariants.state(step[2])
    return game, step


def edited(state: State, **fields: Any) -> State:
    """A copy of ``state`` with ``fields`` set."""
    s = state.evolve()
    for name, value in fields.items():
        setattr(s, name, value)
    return s


def deck_edited(state: State, **fields: Any) -> State:
    """A copy of ``state`` with fields of its deck part set."""
    return edited(state, deck=state.deck._replace(**fields))


def die_set(state: State, die: int, zone: int, face: int = 0, place: int = NOWHERE) -> State:
    """A copy of ``state`` with ``die`` moved to ``zone``, showing ``face``, on ``place``."""
    return edited(
        state,
        zones=replace_at(state.zones, die, zone),
        faces=replace_at(state.faces, die, face),
        places=replace_at(state.places, die, place),
    )


def first_active(state: State, **fields: Any) -> State:
    """A copy of ``state`` with fields of its first active card set."""
    return edited(state, active=replace_at(state.active, 0, state.active[0]._replace(**fields)))


def rules(deck: str) -> Any:
    """The deck rules of the played game of ``deck``."""
    return played(deck)[0].deck


def card(deck: str, code: str) -> int:
    """The id of card ``code`` in the played game of ``deck``."""
    return int(rules(deck).codes[code])


def stack_moved(state: State, source: int, target: int) -> State:
    """A copy of ``state`` with the first hidden card of stack ``source`` hidden in
    ``target``."""
    stacks = list(state.stacks)
    moved = stacks[source].hidden[0]
    stacks[source] = stacks[source]._replace(hidden=stacks[source].hidden[1:])
    stacks[target] = stacks[target]._replace(hidden=(*stacks[target].hidden, moved))
    return edited(state, stacks=tuple(stacks))


def without_active(state: State, card: int) -> State:
    """A copy of ``state`` with ``card`` gone from the active area."""
    return edited(state, active=tuple(a for a in state.active if a.card != card))


Wanted = Callable[[State, Action, State], bool]


def anything(*_: Any) -> bool:
    """Any step."""
    return True


def waiting(phase: str) -> Wanted:
    """A step leading to the player's decision in ``phase``, with no task."""
    return lambda b, a, s: s.phase == phase and not s.tasks and not s.to_roll and s.reveal < 0


def fighting(b: State, a: Action, s: State) -> bool:
    """A step leading to a Strategy phase against an undefeated card with no damage."""
    return s.phase in ("commit", "apply") and not s.active[0].defeated and not s.active[0].taken


def winning(b: State, a: Action, s: State) -> bool:
    """The step that wins the game."""
    return s.result == WON


DAY = waiting("tmb.day")
MOVE = waiting("vic.move")


def case(
    name: str,
    corrupt: Callable[..., Any],
    expected: str,
    wanted: Wanted = anything,
    deck: str = TMB,
    seat: int | None = 0,
) -> Any:
    """A corruption test: ``corrupt`` a state, step or view of the first step of play of
    ``deck`` that is ``wanted``; a check must report ``expected``."""
    return pytest.param(deck, wanted, corrupt, expected, seat, id=name)


# fmt: off
STATE_CASES = [
    # general: dice
    case("die-zone", lambda s: die_set(s, 0, 9), "die Y1 is in zone 9, not one of the 7 zones"),
    case("die-face-in-pool", lambda s: die_set(s, 0, POOL, HIT),
         "die Y1 in the pool sits on -1 showing hit", DAY),
    case("red-miss", lambda s: die_set(s, 16, COMMITTED, MISS),
         "die R shows a miss, which no red face is"),
    case("die-on-no-card", lambda s: die_set(s, 0, ON_CARD, HIT, 3),
         "die Y1 is on card 3, which is not in the active area", DAY),
    case("rolling-uncommitted", lambda s: edited(s, to_roll=(0,)),
         "die Y1 is being rolled but is not committed", DAY),
    case("die-lost", lambda s: edited(s, zones=s.zones[1:]),
         "the dice tables hold 16, 17 and 17 dice, not 17"),
    # general: stats
    case("strategy", lambda s: edited(s, strategy=7), "Strategy is 7, outside 1..6"),
    case("recovery", lambda s: edited(s, recovery=0), "Recovery is 0, outside 1..6"),
    case("health-high", lambda s: edited(s, health=7), "Health is 7, above 6"),
    case("health-low", lambda s: edited(s, health=0), "Health is 0 but the game is not lost"),
    # general: active cards, rewards, items
    case("defeated-early", lambda s: first_active(s, defeated=True),
         "is defeated with 0 damage of", fighting),
    case("undefeated-late", lambda s: first_active(s, taken=s.active[0].health),
         "is undefeated with", fighting),
    case("hits-without-damage", lambda s: first_active(s, hits=1),
         "holds 0 dice and 1 hits for 0 damage", fighting),
    case("active-twice", lambda s: edited(s, active=(*s.active, s.active[0])),
         "is active twice", fighting),
    case("early-reward", lambda s: edited(s, rewards=(s.active[0].card,)),
         "waits, but it is no defeated active card with an item", fighting),
    case("items-over-strategy",
         lambda s: edited(s, strategy=1, inventory=tuple(Item(c) for c in range(3))),
         "3 items are held, above Strategy 1", DAY),
    # general: phases and results
    case("unknown-phase", lambda s: edited(s, phase="siesta"),
         "phase 'siesta' is no phase of the game"),
    case("over-undecided", lambda s: edited(s, phase=OVER), "phase over with result 0", DAY),
    case("stopped", lambda s: edited(s, phase="suffer"),
         "play stopped in phase suffer, which has nothing to decide", DAY),
    case("committed-late", lambda s: die_set(s, 0, COMMITTED),
         "a die is still committed in the recover step", waiting("recover")),
    case("no-enemy", lambda s: edited(s, active=()),
         "a Strategy phase (commit) with no card in the active area", waiting("commit")),
    case("battle-on-day", lambda s: edited(s, active=(Active(0, 1, 1),)),
         "1 cards are active in phase tmb.day", DAY),
    case("reveal", lambda s: edited(s, reveal=3),
         "stack 3 is to turn up its top, not stack -1", DAY),
    case("result", lambda s: edited(s, result=2, phase=OVER),
         "result 2 is neither won, lost nor undecided"),
    case("lost-healthy", lambda s: edited(s, result=LOST, phase=OVER),
         "the game is lost with Health", DAY),
    case("won-early", lambda s: edited(s, result=WON, phase=OVER),
         "the game is won but the final battle has not begun", DAY),
    case("won-standing", lambda s: first_active(s, taken=0, defeated=False),
         "the game is won but cards ['", winning),
    case("won-no-tyrant",
         lambda s: deck_edited(without_active(s, rules(TMB).tyrant_id), tyrant_down=False),
         "the game is won but the Tyrant is not defeated", winning),
    # Too Many Bones
    case("backup-hit", lambda s: die_set(s, 0, BACKUP, HIT, 0),
         "backup die Y1 shows face 2, not a miss", DAY),
    case("backup-colour", lambda s: die_set(s, 4, BACKUP, MISS, 0),
         "green die G1 is in the yellow slot 0", DAY),
    case("backup-slot-twice", lambda s: die_set(die_set(s, 0, BACKUP, MISS, 0), 1, BACKUP, MISS, 0),
         "backup slot 0 holds 2 dice", DAY),
    case("lock-unheld", lambda s: die_set(s, 0, LOCK, HIT, card(TMB, "lp-01")),
         "no locked Lockpicking card held", DAY),
    case("card-twice", lambda s: edited(s, discard=(*s.discard, s.stacks[0].hidden[0])),
         "not in 1 to 1 places", DAY),
    case("card-lost", lambda s: edited(s, stacks=(
         s.stacks[0]._replace(hidden=s.stacks[0].hidden[1:]), *s.stacks[1:])),
         "is in [], not in 1 to 1 places", DAY),
    case("other-tyrant", lambda s: edited(s, discard=(*s.discard, card(TMB, "murkfang"))),
         "card murkfang is in ['discard pile'], not in 0 to 0 places", DAY),
    case("five-among-ones", lambda s: stack_moved(s, 2, 0),
         "is in the stack ones, where it has no place", DAY),
    case("locked-baddie", lambda s: edited(s, inventory=(Item(s.stacks[0].hidden[0], True),)),
         "is locked but no Lockpicking card", DAY),
    case("day", lambda s: deck_edited(s, day=13), "day 13 is outside 0..12", DAY),
    case("round-not-day", lambda s: edited(s, round=s.round + 1), "on day", DAY),
    case("boxed", lambda s: deck_edited(s, boxed=()),
         "0 Tyrant encounters boxed, 0 to box in tmb.day: 3 at rank 2", DAY),
    case("boxing-late", lambda s: deck_edited(s, to_box=1, boxed=s.deck.boxed[1:]),
         "2 Tyrant encounters boxed, 1 to box in tmb.day", DAY),
    case("penalty-late", lambda s: deck_edited(s, penalties=1),
         "1 rank penalties left in phase tmb.day", DAY),
    case("universal-flip", lambda s: deck_edited(s, universal=True, flipped=True),
         "a universal hero flipped its card", DAY),
    case("tyrant-early", lambda s: deck_edited(s, tyrant_down=True),
         "the Tyrant is out before the final battle", DAY),
    case("stack-shape", lambda s: edited(s, stacks=(
         Stack(s.stacks[0].hidden[:2], s.stacks[0].hidden[2:]), *s.stacks[1:])),
         "stack ones shows 2 cards", DAY),
    # Victorum
    case("training-face", lambda s: die_set(s, 2, TRAINING, HIT),
         "die Y3 in the Training Grounds sits on -1 showing 2", deck=VIC),
    case("tactic-twice", lambda s: edited(s, inventory=(*s.inventory, Item(s.deck.tactics[0]))),
         "is in ['inventory', 'tactic area'], not in 1 to 1", MOVE, VIC),
    case("no-icon", lambda s: deck_edited(s, influence=(card(VIC, "b-01"),)),
         "card b-01 is in the influence deck, where it has no place", MOVE, VIC),
    case("primus-lost", lambda s: deck_edited(s, primuses=(NOWHERE,) * 9),
         "0 primuses are in play, not 4", MOVE, VIC),
    case("hero-primus", lambda s: edited(
         s, discard=(*s.discard, rules(VIC).primus_ids[s.deck.hero])),
         "the hero's own card", MOVE, VIC),
    case("primuses-left", lambda s: deck_edited(s, primuses_left=5),
         "5 primuses left, but 4 on camps", MOVE, VIC),
    case("buried", lambda s: deck_edited(s, buried=(s.deck.buried[0] + 1, *s.deck.buried[1:])),
         "cards lie under the camps' tops", MOVE, VIC),
    case("uncover", lambda s: deck_edited(s, uncover=3),
         "camp 3 is to turn up its top, not camp -1", MOVE, VIC),
    case("removed-twice", lambda s: deck_edited(s, removed=(0, 0)),
         "camps (0, 0) lost their tops at rank 2", MOVE, VIC),
    case("removed-short", lambda s: deck_edited(s, removed=(0,)),
         "camps (0,) lost their tops at rank 2", MOVE, VIC),
    case("chip-summit", lambda s: deck_edited(s, chip=9),
         "the chip is on camp 9 in conflict ''", MOVE, VIC),
    case("conflict", lambda s: deck_edited(s, conflict="primus"),
         "conflict 'primus' with endgame False", MOVE, VIC),
    case("vic-won-early", lambda s: edited(s, result=WON, phase=OVER),
         "the game is won but the scion's endgame has not begun", MOVE, VIC),
    case("vic-won-standing", lambda s: first_active(s, taken=0, defeated=False),
         "the game is won but cards ['", winning, VIC),
    case("won-no-scion", lambda s: without_active(s, rules(VIC).scions[s.deck.scion].card),
         "the game is won but the scion is not defeated", winning, VIC),
]
# fmt: on


@pytest.mark.parametrize("deck, wanted, corrupt, expected, seat", STATE_CASES)
def test_state_checks_report_a_corrupted_state(
    deck: str, wanted: Wanted, corrupt: Callable[[State], State], expected: str, seat: int
) -> None:
    game, (_, _, state) = find(deck, wanted)
    problems = game.invariants().state(corrupt(state))
    assert any(expected in p for p in problems), problems


def test_a_victorum_loss_with_no_die_left_is_no_violation() -> None:
    """VIC-R12: a hero with no die to fight with loses with Health left, for that reason."""
    game, (_, _, state) = find(VIC, MOVE)
    helpless = edited(state, zones=(TRAINING,) * 17, result=NO_DICE, phase=OVER)
    assert not game.invariants().state(helpless)
    assert game.outcome(helpless) == Outcome((), (0,), "no-dice-left")
    problems = game.invariants().state(edited(helpless, zones=(POOL,) * 17))
    assert any("may still be rolled" in p for p in problems), problems


def in_conflict(b: State, a: Action, s: State) -> bool:
    """A Strategy phase of a primus conflict, one enemy standing."""
    standing = [x for x in s.active if not x.defeated]
    return s.deck.conflict == "primus" and s.phase == "commit" and len(standing) == 1


def test_a_conflict_lost_as_unwinnable_only_when_no_die_can_hit() -> None:
    """VIC-R18: "cannot win" is a sound loss only in a conflict where no die that may still
    be rolled can hit a standing enemy (here: every die in the Training Grounds)."""
    game, (_, _, state) = find(VIC, in_conflict)
    enemy = next(x for x in state.active if not x.defeated)
    immune = {
        c for m in game.deck.cards[enemy.card].during if m.kind == "immune" for c in m.colours
    }
    hitter = next(d for d in range(17) if COLOUR_OF[d] not in immune)
    stuck = edited(state, zones=(TRAINING,) * 17, result=CANNOT_WIN, phase=OVER, tasks=())
    assert not game.invariants().state(stuck)
    assert game.outcome(stuck) == Outcome((), (0,), "cannot-win")
    problems = game.invariants().state(edited(stuck, zones=replace_at(stuck.zones, hitter, POOL)))
    assert any("may still hit" in p for p in problems), problems
    peaceful = deck_edited(stuck, conflict="")
    assert any("no conflict" in p for p in game.invariants().state(peaceful))


# -- corrupted steps ------------------------------------------------------------------------


def is_roll(b: State, a: Action, s: State) -> bool:
    """A step giving a die its face, the die still committed and rolled."""
    return isinstance(a, DieFace) and s.zones[a.die] == COMMITTED and a.die not in s.to_roll


def on_card(b: State, a: Action, s: State) -> bool:
    """A step keeping a die on the same card."""
    return any(z == n == ON_CARD for z, n in zip(b.zones, s.zones, strict=True))


def hit_card(b: State, a: Action, s: State) -> bool:
    """A step with a damaged card active before and after it."""
    return bool(b.active and s.active and b.active[0] == s.active[0] and b.active[0].taken)


def applying(b: State, a: Action, s: State) -> bool:
    """A step of the Apply Dice step."""
    return b.phase == "apply"


def facing(b: State, a: Action, s: State) -> bool:
    """The step facing the Tyrant."""
    return s.endgame and not b.endgame


def moved_chip(b: State, a: Action, s: State) -> bool:
    """A step moving the chip from a camp."""
    return isinstance(a, Move) and b.deck.chip != NOWHERE


def other_face(face: int) -> int:
    """A face other than ``face`` (for a die that is not red)."""
    return CRIT if face == HIT else HIT


def misrolled(action: Action, s: State) -> State:
    """``s`` with the die ``action`` rolled showing another face."""
    assert isinstance(action, DieFace)
    return edited(s, faces=replace_at(s.faces, action.die, other_face(action.face)))


def turned(s: State) -> State:
    """``s`` with the first die on a card showing another face."""
    die = s.zones.index(ON_CARD)
    return edited(s, faces=replace_at(s.faces, die, other_face(s.faces[die])))


def away(s: State) -> int:
    """A camp holding cards that does not touch the chip's camp."""
    chip = s.deck.chip
    return next(c for c in range(9) if c != chip and c not in ADJACENT[chip] and s.stacks[c].known)


def emptied(state: State, *camps: int) -> State:
    """A copy of ``state`` with the chip on B1 and ``camps`` empty."""
    vic = state.deck
    stacks = tuple(Stack() if c in camps else s for c, s in enumerate(state.stacks))
    buried = tuple(0 if c in camps else n for c, n in enumerate(vic.buried))
    primuses = tuple(NOWHERE if c in camps else p for c, p in enumerate(vic.primuses))
    return deck_edited(edited(state, stacks=stacks), chip=0, buried=buried, primuses=primuses)


def undefeat(b: State, a: Action, s: State) -> Step:
    """The step with its first active card defeated before it, undefeated after it."""
    if s.active[0].defeated:
        return b, a, first_active(s, defeated=False)
    return first_active(b, defeated=True), a, s


# fmt: off
STEP_CASES = [
    # general
    case("after-the-end", lambda b, a, s: (edited(b, phase=OVER, result=LOST), a, s),
         "was applied to a game already over"),
    case("banished-back", lambda b, a, s: (die_set(b, 2, BANISHED), a, s),
         "banished die Y3 came back"),
    case("applied-face", lambda b, a, s: (b, a, turned(s)), "on a card turned from", on_card),
    case("wrong-die-rolled", lambda b, a, s: (b, DieFace(16, HIT), s),
         "die R was rolled while die", is_roll),
    case("wrong-face", lambda b, a, s: (b, a, misrolled(a, s)), "rolled", is_roll),
    case("damage-fell", lambda b, a, s: (b, a, first_active(s, taken=0, hits=1)),
         "damage fell from", hit_card),
    case("undefeated-again", undefeat, "is undefeated again", hit_card),
    case("won-without-defeat", lambda b, a, s: (b, a, edited(s, result=WON)),
         "won the game without defeating a card", DAY),
    case("lost-healthy", lambda b, a, s: (b, a, edited(s, result=LOST)),
         "lost the game with Health", DAY),
    # Too Many Bones
    case("day-jump", lambda b, a, s: (b, a, deck_edited(s, day=b.deck.day + 2)),
         "took the day from", DAY),
    case("tyrant-early", lambda b, a, s: (b, a, deck_edited(s, final=True)),
         "the Tyrant was faced on day 1, before day 7", DAY),
    case("tyrant-weak", lambda b, a, s: (b, a, first_active(s, power=s.active[0].power + 1)),
         "the Tyrant entered with power, Health, damage", facing),
    case("tyrant-missing", lambda b, a, s: (b, a, edited(s, active=())),
         "the final battle began without the Tyrant", facing),
    case("baddie-left", lambda b, a, s: (edited(b, active=s.active), a, edited(s, active=())),
         "took undefeated card", fighting),
    case("backup-to-pool", lambda b, a, s: (die_set(b, 0, BACKUP, MISS, 0), a, die_set(s, 0, POOL)),
         "die Y1 went from zone 5 to zone 0"),
    case("backup-outside-apply", lambda b, a, s: (b, a, die_set(s, 0, BACKUP, MISS, 0)),
         "die Y1 entered zone 5 from zone 0 in phase", DAY),
    case("boxed-late", lambda b, a, s: (b, a, deck_edited(s, boxed=())),
         "boxed a Tyrant encounter after setup", applying),
    case("unflipped", lambda b, a, s: (deck_edited(b, flipped=True), a, s), "undid flipped"),
    # Victorum
    case("primus-gone", lambda b, a, s: (b, a, deck_edited(s, primuses_left=3)),
         "took the primuses left from 4 to 3", MOVE, VIC),
    case("influence-order", lambda b, a, s: (
         deck_edited(b, influence=(0, 1)), a, deck_edited(s, influence=(1, 0))),
         "reordered the influence deck", deck=VIC),
    case("chip-jump", lambda b, a, s: (b, a, deck_edited(s, chip=away(b))),
         "the chip jumped from", moved_chip, VIC),
    case("chip-not-nearest", lambda b, a, s: (emptied(b, 1, 4), a, deck_edited(s, chip=8)),
         "the chip went from B1 to T2, not the nearest camp holding cards", moved_chip, VIC),
    case("chip-stayed", lambda b, a, s: (b, a, deck_edited(s, chip=b.deck.chip)),
         "the chip stayed", moved_chip, VIC),
    case("chip-start", lambda b, a, s: (b, a, deck_edited(s, chip=7)),
         "the chip started on T1", MOVE, VIC),
    case("dismissed-from-card", lambda b, a, s: (
         die_set(b, 0, ON_CARD, HIT, 0), a, die_set(s, 0, TRAINING)),
         "die Y1 went from zone 2 to zone 5", deck=VIC),
]
# fmt: on


@pytest.mark.parametrize("deck, wanted, corrupt, expected, seat", STEP_CASES)
def test_step_checks_report_a_corrupted_step(
    deck: str, wanted: Wanted, corrupt: Callable[..., Step], expected: str, seat: int
) -> None:
    game, step = find(deck, wanted)
    invariants = game.invariants()
    assert not invariants.step(*step)
    problems = invariants.step(*corrupt(*step))
    assert any(expected in p for p in problems), problems


# -- corrupted views ------------------------------------------------------------------------


def hidden_code(state: State) -> str:
    """The code of a Too Many Bones card nobody has seen (under the top of a stack)."""
    return str(rules(TMB).cards[state.stacks[0].hidden[0]].code)


def unseen_code(state: State) -> str:
    """The code of a Victorum card nobody has seen (under the top of a camp)."""
    return str(rules(VIC).cards[state.deck.unseen[0]].code)


def put(path: str, value: Any) -> Callable[[dict[str, Any], State], None]:
    """A corruption setting the view's value at ``path`` (keys and indexes, dotted); a
    callable ``value`` is worked out from the state."""

    def corrupt(view: dict[str, Any], state: State) -> None:
        *parents, last = [int(k) if k.isdigit() else k for k in path.split(".")]
        target: Any = view
        for key in parents:
            target = target[key]
        target[last] = value(state) if callable(value) else value

    return corrupt


# fmt: off
VIEW_CASES = [
    # general, every seat
    case("health", put("stats.health", 9), "the view shows Health 9"),
    case("phase", put("phase", "siesta"), "the view shows phase 'siesta'", seat=None),
    case("round", put("round", 99), "the view shows round 99", seat=EVERYTHING),
    case("result", put("result", "won"), "the view shows result 'won'"),
    case("discard", put("discard", 99), "the view shows discard size 99"),
    case("strategy", put("stats.strategy", 8), "the view shows strategy 8"),
    case("die-zone", put("dice.0.zone", "banished"), "the view shows die {"),
    case("dice-gone", put("dice", []), "the view shows 0 dice, not 17"),
    case("active-damage", put("active.0.taken", 5), "'s taken 5, the state 0", fighting),
    case("active-gone", put("active", []), "the view shows active cards [], not", fighting),
    case("active-dice", put("active.0.dice", ["Y1", "Y2", "Y3", "Y4", "G1"]),
         "'s dice ['Y1', 'Y2', 'Y3', 'Y4', 'G1']", on_card),
    case("inventory", put("inventory", []), "the view shows inventory []",
         lambda b, a, s: bool(s.inventory)),
    case("stack-size", put("stacks.0.count", 99), "the view shows stacks"),
    # hidden cards, and the spectator's view
    case("hidden-card", put("note", hidden_code), "seat 0's view names the unseen card", DAY),
    case("unseen-card", put("note", unseen_code), "seat None's view names the unseen card",
         MOVE, VIC, None),
    case("spectator", put("note", "psst"),
         "the spectator's view of 'note' differs from the player's", seat=None),
    # Too Many Bones
    case("day", put("table.day", 99), "the view shows day 99", DAY),
    case("backup", put("table.backup.slots.0.die", "R"), "the view shows backup slots ['R'", DAY),
    case("tyrant-power", put("table.tyrant.power", 9), "the view shows Tyrant power 9", DAY),
    case("final", put("table.final", True), "the view shows final battle True", DAY),
    # Victorum
    case("camp-size", put("table.camps.0.size", 99), "the view shows camps", MOVE, VIC),
    case("chip", put("table.chip", "T2"), "the view shows chip 'T2'", MOVE, VIC),
    case("influence", put("table.influence.value", 7), "the view shows influence 7", MOVE, VIC),
    case("training", put("table.training.red", 1), "the view shows Training Grounds", MOVE, VIC),
    case("unseen-count", put("table.unseen", 0), "the view shows unseen cards 0", MOVE, VIC),
    case("primuses-left", put("table.primuses_left", 0), "the view shows primuses left 0",
         MOVE, VIC),
    case("tactics", put("table.tactics", []), "the view shows tactic area []", MOVE, VIC),
]
# fmt: on


@pytest.mark.parametrize("deck, wanted, corrupt, expected, seat", VIEW_CASES)
def test_view_checks_report_a_corrupted_view(
    deck: str,
    wanted: Wanted,
    corrupt: Callable[[dict[str, Any], State], None],
    expected: str,
    seat: int | None,
) -> None:
    game, (_, _, state) = find(deck, wanted)
    invariants = game.invariants()
    view = game.view(state, seat)
    assert not invariants.view(state, seat, view)
    view = copy.deepcopy(view)
    corrupt(view, state)
    problems = invariants.view(state, seat, view)
    assert any(expected in p for p in problems), problems


def test_everything_may_see_the_unseen_cards() -> None:
    """EVERYTHING (a finished game's replay) sees every secret: naming one is no leak."""
    game, (_, _, state) = find(TMB, DAY)
    view = {**game.view(state, EVERYTHING), "note": hidden_code(state)}
    assert not game.invariants().view(state, EVERYTHING, view)
