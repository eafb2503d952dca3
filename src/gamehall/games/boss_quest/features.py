# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Boss Quest observation features (``core.features``): what one knight sees, as numbers.

Seats are relative: ``seat0`` is the observer, ``seat1`` the knight on their left, and so on.
The vector is read from the state directly (``vector`` is on the learning loop's hot path)
but holds only what ``view(state, seat)`` shows: another knight's hidden weapon counts only
as present, and in the "over" flag of BQ-ARM-5, until the game is over; the face-down
mystery spell has no kind; the decks show only their sizes. Groups and scales: docs/rl.md.

Written in Cython's pure Python mode: ``make compiled`` compiles it (``hatch_build.py``)
and ``vector`` then fills a zeroed float32 array through a memoryview in one C pass over the
state's tuples, with no Python float per number; the same source runs uncompiled, slower.
"""
# mypy: disallow-untyped-decorators=False

from __future__ import annotations

from math import nextafter
from typing import TYPE_CHECKING, Any

try:
    import cython
except ModuleNotFoundError:  # installed without Cython: the same code, as Python
    from gamehall.core import shadow as cython
import numpy as np

from gamehall.games.boss_quest.state import (
    ACTIVE,
    CHOICE,
    CHOOSE_CANCEL,
    CHOOSE_GIVE,
    CHOOSE_SWAP,
    CHOOSE_TARGET,
    EVERYONE,
    OVER,
    SPENT,
    TURN,
    BossQuestState,
)

if TYPE_CHECKING:
    import numpy.typing as npt

    from gamehall.games.boss_quest.rules import BossQuest

PHASES = ("setup", "dealing", "turn", "choice", "over")
PHASE_OF = cython.declare(tuple, (0, 0, 0, 1, 2, 3, 4))  # the view's phase of a state phase
STATUSES = ("available", "active", "spent", "discarded")
CHOICES = (CHOOSE_TARGET, CHOOSE_SWAP, CHOOSE_GIVE, CHOOSE_CANCEL)
MAX_KNIGHTS = 5  # the size of a per-knight C array
_FLOAT32 = np.dtype(np.float32)

# A knight's block: its visible weapons (count, total, one number per colour), then these,
# then its hidden weapon's colour.
SEAT_FIELDS = (
    "at_magician",
    "has_hidden",
    "over",
    "spell_attack",
    "hidden.value",
    "attack",
    "margin",
)

# C ints in the compiled module (``cython.declare``); plain ints uncompiled.
_ROUNDS = cython.declare(cython.int, 20)  # the round number reads 1 from here on
_CARDS = cython.declare(cython.int, 10)  # so does a knight's count of visible weapons
_ACTIVE = cython.declare(cython.int, ACTIVE)
_SPENT = cython.declare(cython.int, SPENT)
_TURN = cython.declare(cython.int, TURN)
_CHOICE = cython.declare(cython.int, CHOICE)
_OVER = cython.declare(cython.int, OVER)
_EVERYONE = cython.declare(cython.int, EVERYONE)
_MAGICIAN = cython.declare(cython.int, SEAT_FIELDS.index("at_magician"))
_HAS = cython.declare(cython.int, SEAT_FIELDS.index("has_hidden"))
_OVER_FLAG = cython.declare(cython.int, SEAT_FIELDS.index("over"))
_SPELL = cython.declare(cython.int, SEAT_FIELDS.index("spell_attack"))
_VALUE = cython.declare(cython.int, SEAT_FIELDS.index("hidden.value"))
_ATTACK = cython.declare(cython.int, SEAT_FIELDS.index("attack"))
_MARGIN = cython.declare(cython.int, SEAT_FIELDS.index("margin"))
_HIDDEN = cython.declare(cython.int, len(SEAT_FIELDS))  # the hidden weapon's colours


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _scaled(x: cython.int, scale: cython.int) -> cython.double:
    """``x / scale`` clipped to [-1, 1]: every integer feature's scaling. One correctly
    rounded division, as Python's ``int / int``: the compiled and plain modules agree."""
    ratio: cython.double = x
    ratio /= scale
    if ratio > 1.0:
        return 1.0
    if ratio < -1.0:
        return -1.0
    return ratio


def _step(count: int) -> float:
    """About ``1 / count``, small enough that adding it ``count`` times stays within 1."""
    step = 1 / count
    while True:
        total = 0.0
        for _ in range(count):
            total += step
        if total <= 1.0:
            return step
        step = nextafter(step, 0.0)


@cython.cfunc
def _sum(numbers: tuple[int, ...]) -> cython.int:
    """The sum of a tuple of ints, in C."""
    total: cython.int = 0
    i: cython.Py_ssize_t
    number: cython.int
    for i in range(len(numbers)):
        number = numbers[i]
        total += number
    return total


@cython.cclass
class BossQuestFeatures:
    """One knight's observation in a configured game; its size is fixed by the player count,
    the spell layout and the card set.

    The constructor turns the names' layout into C offsets and the card set into tuples of
    ints and scales; ``vector`` writes into a zeroed array only the numbers that may not be 0,
    each ``x / scale`` worked out at the call: exact for any ``x``, and no tables to keep.
    Only two sums are kept between calls, by identity (states share unchanged parts).
    """

    names: tuple[str, ...] = cython.declare(tuple, visibility="readonly")
    players: int = cython.declare(cython.int, visibility="readonly")
    # Where each group starts in the vector, and the sizes that place its parts.
    _size: cython.Py_ssize_t
    _phase: cython.int
    _to_move: cython.int
    _turn: cython.int
    _top: cython.int
    _last_call: cython.int
    _pending_slot: cython.int
    _seat0: cython.int
    _seat_width: cython.int
    _shown_width: cython.int
    _discard: cython.int
    _slots: cython.int
    _slot_width: cython.int
    _slot_status: cython.int
    _slot_target: cython.int
    _choice: dict[str, int]
    # The card tables (by weapon id or spell kind) and the scales (docs/rl.md).
    _values: tuple[int, ...]
    _colours: tuple[int, ...]
    _hp_bonus: tuple[int, ...]
    _attack_bonus: tuple[int, ...]
    _colour_sums: tuple[float, ...]
    _points: cython.int
    _margin: cython.int
    _spell_attack: cython.int
    _hearts: cython.int
    _keys: cython.int
    _top_value: cython.int
    _weapons: cython.int
    _spells: cython.int
    _bosses: cython.int
    _deck_top: cython.int
    # Each knight's attack change from the active attack spells: room for ``vector``.
    _bonus: cython.int[5]  # MAX_KNIGHTS
    # The spell counts last summed, and their sums.
    _spell_deck: tuple[int, ...]
    _spell_deck_total: cython.int
    _spell_discard: tuple[int, ...]
    _spell_discard_total: cython.int

    def __init__(self, game: BossQuest) -> None:
        from gamehall.games.boss_quest.rules import HEARTS

        cards = game.cards
        n = self.players = game.players
        assert n <= MAX_KNIGHTS
        layout = max(game.layout_size, 1)
        colours = [c.code for c in cards.colours]
        top_value = max(cards.weapon_values)
        names: list[str] = []

        def group(*items: str) -> int:
            names.extend(items)
            return len(names) - len(items)

        seats = [f"seat{r}" for r in range(n)]
        group("round", "boss.present", "boss.hp", "boss.deck", "spell_deck")
        for s in seats:
            group(f"{s}.hearts", f"{s}.keys", f"{s}.armorer")
        self._phase = group(*(f"phase.{p}" for p in PHASES))
        self._to_move = group(*(f"to_move.{s}" for s in seats), "to_move.chance")
        self._turn = group("boss.effective_hp", "weapon_deck")
        self._top = group(
            "deck_top.count",
            "deck_top.known",
            "deck_top.value",
            *(f"deck_top.{c}" for c in colours),
        )
        self._last_call = group("last_call", *(f"last_call.{s}" for s in seats))
        pending = group(*(f"pending.{c}" for c in CHOICES))
        self._choice = {c: pending + i for i, c in enumerate(CHOICES)}
        self._pending_slot = group(*(f"pending.slot{i + 1}" for i in range(layout)))
        self._seat0 = len(names)
        for s in seats:
            group(
                f"{s}.visible.count", f"{s}.visible.total", *(f"{s}.visible.{c}" for c in colours)
            )
            group(*(f"{s}.{field}" for field in SEAT_FIELDS))
            group(*(f"{s}.hidden.{c}" for c in colours))
        self._shown_width = 2 + len(colours)
        self._seat_width = (len(names) - self._seat0) // n
        self._discard = group("spell_discard")
        self._slots = len(names)
        for i in range(layout):
            group(
                f"slot{i + 1}.mystery",
                *(f"slot{i + 1}.kind.{s.code}" for s in cards.spells),
                *(f"slot{i + 1}.status.{s}" for s in STATUSES),
                *(f"slot{i + 1}.target.{s}" for s in seats),
            )
        self._slot_width = (len(names) - self._slots) // layout
        self._slot_status = 1 + len(cards.spells)  # in a slot, after its mystery flag and kind
        self._slot_target = self._slot_status + len(STATUSES)
        self.names = tuple(names)
        self._size = len(names)

        # Card tables, and the scales: bounds the card set and the options give.
        counts = cards.spell_counts

        def spell_total(bonuses: tuple[int, ...], sign: int) -> int:
            return sum(b * c for b, c in zip(bonuses, counts, strict=True) if b * sign > 0)

        def spell_count(effect: str) -> int:
            return sum(c for k, c in zip(cards.effect_kinds, counts, strict=True) if k == effect)

        hp_high = max(cards.boss_hps) + spell_total(cards.hp_bonus, 1)
        attack_down = spell_total(cards.attack_bonus, -1)
        self._values = cards.weapon_values
        self._colours = cards.weapon_colours
        self._hp_bonus = cards.hp_bonus
        self._attack_bonus = cards.attack_bonus
        step, total, sums = _step(top_value), 0.0, [0.0]  # a colour has a weapon of each value
        for _ in cards.weapon_codes:
            total += step
            sums.append(total)
        self._colour_sums = tuple(sums)  # by count: ``step`` added that many times
        self._points = hp_high + top_value
        self._margin = 2 * top_value
        self._spell_attack = max(spell_total(cards.attack_bonus, 1), -attack_down, 1)
        self._hearts = HEARTS
        self._keys = game.keys_to_win
        self._top_value = top_value
        self._weapons = len(cards.weapon_codes)
        self._spells = max(sum(counts), 1)
        self._bosses = len(cards.boss_hps)
        self._deck_top = max(spell_count("swap_deck"), 1)
        self._bonus = [0, 0, 0, 0, 0]  # MAX_KNIGHTS
        self._spell_deck, self._spell_deck_total = (), 0
        self._spell_discard, self._spell_discard_total = (), 0

    def encode(self, state: BossQuestState, seat: int) -> list[float]:
        """What ``seat`` sees of ``state``, from its own place at the table, as a list."""
        numbers: list[float] = self.vector(state, seat).tolist()
        return numbers

    def vector(self, state: BossQuestState, seat: int) -> npt.NDArray[np.float32]:
        """What ``seat`` sees of ``state``, from its own place at the table: a new float32
        vector of ``len(names)`` numbers."""
        n: cython.int = self.players
        s: cython.int = seat
        if not 0 <= s < n:
            raise IndexError(f"seat {seat} is not one of the {n} knights")
        vector = np.zeros(self._size, _FLOAT32)
        out: cython.float[::1] = vector
        values: tuple[int, ...] = self._values
        colours: tuple[int, ...] = self._colours
        r: cython.int
        p: cython.int
        i: cython.Py_ssize_t
        at: cython.Py_ssize_t
        card: cython.int
        value: cython.int
        colour: cython.int
        bonus: cython.p_int = self._bonus
        for p in range(n):
            bonus[p] = 0

        # The round, first: the boss, the decks, then hearts, keys and armorer by seat.
        boss: cython.int = state.boss
        armorer: cython.int = state.armorer
        hearts: tuple[int, ...] = state.hearts
        keys: tuple[int, ...] = state.keys
        spell_deck: tuple[int, ...] = state.spell_deck
        if spell_deck is not self._spell_deck:
            self._spell_deck, self._spell_deck_total = spell_deck, _sum(spell_deck)
        out[0] = _scaled(state.round, _ROUNDS)
        out[1] = boss > 0
        out[2] = _scaled(boss, self._points)
        out[3] = _scaled(len(state.boss_deck), self._bosses)
        out[4] = _scaled(self._spell_deck_total, self._spells)
        for r in range(n):
            p = (s + r) % n
            out[5 + 3 * r] = _scaled(hearts[p], self._hearts)
            out[6 + 3 * r] = _scaled(keys[p], self._keys)
            out[7 + 3 * r] = p == armorer

        # The spells, and what the active ones change: the boss's HP and attacks.
        spell_discard: tuple[int, ...] = state.spell_discard
        if spell_discard is not self._spell_discard:
            self._spell_discard, self._spell_discard_total = spell_discard, _sum(spell_discard)
        out[self._discard] = _scaled(self._spell_discard_total, self._spells)
        slots: tuple[Any, ...] = state.slots
        mystery: cython.int = state.mystery
        hp: cython.int = boss
        kind: cython.int
        status: cython.int
        target: cython.int
        for i in range(len(slots)):
            slot: tuple[int, int, int] = cython.cast(tuple, slots[i])  # a Slot: C indexing
            kind, status, target = slot[0], slot[1], slot[2]
            at = self._slots + i * self._slot_width
            if i == mystery:
                out[at] = 1.0
            if i != mystery or status in (_ACTIVE, _SPENT):  # BQ-MYST-2
                out[at + 1 + kind] = 1.0
            out[at + self._slot_status + status] = 1.0
            if status == _ACTIVE:
                value = self._hp_bonus[kind]
                hp += value
            if target >= 0:
                out[at + self._slot_target + (target - s + n) % n] = 1.0
                if status == _ACTIVE:
                    value = self._attack_bonus[kind]
                    bonus[target] += value

        # The turn.
        phase: cython.int = state.phase
        playing: cython.bint = phase != _OVER
        at = PHASE_OF[phase]
        out[self._phase + at] = 1.0
        if phase == _TURN:
            p = state.turn
            out[self._to_move + (p - s + n) % n] = 1.0
        elif phase == _CHOICE:
            pending = state.pending
            assert pending is not None
            p = pending.seat
            out[self._to_move + (p - s + n) % n] = 1.0
            at = self._choice[pending.choice]
            out[at] = 1.0
            at = pending.slot
            out[self._pending_slot + at] = 1.0
        elif playing:
            out[self._to_move + n] = 1.0
        if state.last_call_on:
            out[self._last_call] = 1.0
            last_call: tuple[int, ...] = state.last_call
            for i in range(len(last_call)):
                p = last_call[i]
                out[self._last_call + 1 + (p - s + n) % n] = 1.0
        if boss:
            out[self._turn] = _scaled(hp, self._points)
        deck_top: tuple[tuple[int, int], ...] = state.deck_top
        out[self._turn + 1] = _scaled(len(state.deck) + len(deck_top), self._weapons)

        # The weapons: the known card on top of the deck, each knight's, the seat's own.
        if deck_top:
            out[self._top] = _scaled(len(deck_top), self._deck_top)
            known: tuple[int, int] = deck_top[len(deck_top) - 1]
            card, p = known[0], known[1]
            if p in (_EVERYONE, s):
                value, colour = values[card], colours[card]
                out[self._top + 1] = 1.0
                out[self._top + 2] = _scaled(value, self._top_value)
                out[self._top + 3 + colour] = 1.0
        hidden: tuple[int, ...] = state.hidden
        visible: tuple[tuple[int, ...], ...] = state.visible
        at_magician: tuple[bool, ...] = state.at_magician
        arming: cython.bint = playing and boss != 0  # BQ-ARM-5: who may be over the HP
        shown: cython.Py_ssize_t
        block: cython.Py_ssize_t
        total: cython.int
        attack: cython.int
        count: cython.int
        for r in range(n):
            p = (s + r) % n
            shown = self._seat0 + r * self._seat_width
            block = shown + self._shown_width
            cards: tuple[int, ...] = visible[p]
            total = 0
            for i in range(len(cards)):  # counts each colour in the vector, then scales it
                card = cards[i]
                value, colour = values[card], colours[card]
                total += value
                out[shown + 2 + colour] += 1.0
            for i in range(shown + 2, block):
                count = int(out[i])
                if count:
                    out[i] = self._colour_sums[count]
            out[shown] = _scaled(len(cards), _CARDS)
            out[shown + 1] = _scaled(total, self._points)
            if playing and at_magician[p]:
                out[block + _MAGICIAN] = 1.0
            if bonus[p]:
                out[block + _SPELL] = _scaled(bonus[p], self._spell_attack)
            card = hidden[p]
            if card < 0:
                continue
            value, colour = values[card], colours[card]
            out[block + _HAS] = 1.0
            attack = total + bonus[p] + value
            if arming and not at_magician[p] and attack > hp:
                out[block + _OVER_FLAG] = 1.0
            if r == 0 or not playing:  # its own, or all once the last combat showed them
                out[block + _VALUE] = _scaled(value, self._top_value)
                out[block + _HIDDEN + colour] = 1.0
                out[block + _ATTACK] = _scaled(attack, self._points)
                out[block + _MARGIN] = _scaled(hp - attack, self._margin)
        return vector
