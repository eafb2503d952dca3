"""Boss Quest observation features (``core.features``): what one knight sees, as numbers.

Seats are relative: ``seat0`` is the observer, ``seat1`` the knight on their left, and so on.
The vector is read from the state directly (``encode`` is on the learning loop's hot path)
but holds only what ``view(state, seat)`` shows: another knight's hidden weapon counts only
as present, and in the "over" flag of BQ-ARM-5, until the game is over; the face-down
mystery spell has no kind; the decks show only their sizes. Groups and scales: docs/rl.md.
"""

from __future__ import annotations

from math import nextafter
from typing import TYPE_CHECKING

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
    Slot,
)

if TYPE_CHECKING:
    from gamehall.games.boss_quest.rules import BossQuest

PHASES = ("setup", "dealing", "turn", "choice", "over")
PHASE_OF = (0, 0, 0, 1, 2, 3, 4)  # the view's phase of each state phase
STATUSES = ("available", "active", "spent", "discarded")
CHOICES = (CHOOSE_TARGET, CHOOSE_SWAP, CHOOSE_GIVE, CHOOSE_CANCEL)
ROUNDS = 20  # the round number reads 1 from here on
CARDS = 10  # so does a knight's count of visible weapons

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
MAGICIAN_, HAS_, OVER_, SPELL_, VALUE_, ATTACK_, MARGIN_ = range(len(SEAT_FIELDS))

RoundKey = tuple[int, int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""What the round's block shows: round, boss, armorer, hearts, keys, boss deck, spell deck."""
RoundMemo = tuple[RoundKey, tuple[list[float], ...]]
"""A round's key, and its block as each seat sees it."""
SlotMemo = tuple[
    tuple[Slot, ...],
    int,
    tuple[int, ...],
    list[float],
    int,
    list[int],
    list[tuple[int, int]],
    list[tuple[int, float]],
]
"""Slots, mystery and discard pile; the discard pile's and the spells' features, targets
aside; the active spells' HP change and each seat's attack change; each spell's (target
feature, seat); each (seat, spell_attack) not 0."""
ShownMemo = tuple[tuple[int, ...], list[float], int]
"""A knight's visible weapons, their features and their total."""


def _table(low: int, high: int, scale: float) -> list[float]:
    """``x / scale`` clipped to [-1, 1] at index ``x``, for every integer ``x`` from ``low``
    to ``high``: the negative ones sit at the end, where negative indices find them.

    >>> table = _table(-3, 4, 2)
    >>> table[-3], table[-1], table[0], table[1], table[4]
    (-1.0, -0.5, 0.0, 0.5, 1.0)
    """
    return [max(-1.0, min(1.0, x / scale)) for x in (*range(max(high, 0) + 1), *range(low, 0))]


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


def _slot_chunk(width: int, kinds: int, mystery: bool, kind: int, status: int) -> list[float]:
    """A spell slot's features but its target: mystery flag, kind unless face down, status."""
    chunk = [0.0] * width
    chunk[0] = float(mystery)
    if not mystery or status in (ACTIVE, SPENT):  # BQ-MYST-2: shown once activated
        chunk[1 + kind] = 1.0
    chunk[1 + kinds + status] = 1.0
    return chunk


class BossQuestFeatures:
    """One knight's observation in a configured game; its size is fixed by the player count,
    the spell layout and the card set.

    Blocks that change less often than the turn passes are kept from the last call that
    built them: the round's, the spells' and each knight's visible weapons'.
    """

    __slots__ = (
        "_attack_bonus",
        "_bosses",
        "_choice",
        "_colour_step",
        "_count",
        "_deck_top",
        "_everybody",
        "_hearts",
        "_hidden_colour",
        "_hp_bonus",
        "_keys",
        "_last_call",
        "_margin",
        "_middle",
        "_nobody",
        "_own",
        "_pending",
        "_pending_slot",
        "_phase",
        "_points",
        "_relative",
        "_round_memo",
        "_rounds",
        "_seat_block",
        "_seats",
        "_shown_colour",
        "_shown_memo",
        "_shown_zeros",
        "_slot_chunks",
        "_slot_memo",
        "_slot_zeros",
        "_spell_attack",
        "_spells",
        "_tail_size",
        "_target_at",
        "_to_move",
        "_top",
        "_top_colour",
        "_turn",
        "_value",
        "_values",
        "_weapons",
        "names",
        "players",
    )

    def __init__(self, game: BossQuest) -> None:
        from gamehall.games.boss_quest.rules import HEARTS

        cards = game.cards
        n = self.players = game.players
        layout = max(game.layout_size, 1)
        colours = [c.code for c in cards.colours]
        kinds = len(cards.spells)
        top_value = max(cards.weapon_values)
        names: list[str] = []

        def group(*items: str) -> int:
            names.extend(items)
            return len(names) - len(items)

        seats = [f"seat{r}" for r in range(n)]
        # The round's block first and the spells' last: both are copied whole from caches.
        group("round", "boss.present", "boss.hp", "boss.deck", "spell_deck")
        for s in seats:
            group(f"{s}.hearts", f"{s}.keys", f"{s}.armorer")
        round_size = len(names)
        phase = group(*(f"phase.{p}" for p in PHASES))
        self._to_move = group(*(f"to_move.{s}" for s in seats), "to_move.chance")
        self._turn = group("boss.effective_hp", "weapon_deck")
        self._top = group(
            "deck_top.count",
            "deck_top.known",
            "deck_top.value",
            *(f"deck_top.{c}" for c in colours),
        )
        self._last_call = group("last_call", *(f"last_call.{s}" for s in seats))
        self._pending = group(*(f"pending.{c}" for c in CHOICES))
        self._pending_slot = group(*(f"pending.slot{i + 1}" for i in range(layout)))
        blocks = []
        for s in seats:
            shown = group(
                f"{s}.visible.count", f"{s}.visible.total", *(f"{s}.visible.{c}" for c in colours)
            )
            shown_at = slice(shown, len(names))
            blocks.append((shown_at, group(*(f"{s}.{field}" for field in SEAT_FIELDS))))
            group(*(f"{s}.hidden.{c}" for c in colours))
        discard = group("spell_discard")
        slots = len(names)
        for i in range(layout):
            group(
                f"slot{i + 1}.mystery",
                *(f"slot{i + 1}.kind.{s.code}" for s in cards.spells),
                *(f"slot{i + 1}.status.{s}" for s in STATUSES),
                *(f"slot{i + 1}.target.{s}" for s in seats),
            )
        self.names: tuple[str, ...] = tuple(names)
        # After the round's block, the tail: zeros to fill, the discard pile, the spells.
        self._middle = [0.0] * (discard - round_size)
        self._slot_zeros = [0.0] * (len(names) - slots)
        self._tail_size = len(names) - round_size
        self._target_at = round_size + 1 + kinds + len(STATUSES)  # a slot's, from its start
        width = len(self._slot_zeros) // layout
        self._slot_chunks = tuple(  # by mystery, kind and status
            tuple(
                tuple(_slot_chunk(width, kinds, mystery, kind, s) for s in range(len(STATUSES)))
                for kind in range(kinds)
            )
            for mystery in (False, True)
        )
        self._phase = tuple(phase + p for p in PHASE_OF)
        self._choice = {c: self._pending + i for i, c in enumerate(CHOICES)}
        # Seat rotations: (absolute seat, slice of its visible weapons, its block) in the
        # observer's order, and the observer's own entry; absolute seat to relative seat;
        # each relative seat's block.
        self._seats = tuple(tuple(((s + r) % n, *blocks[r]) for r in range(n)) for s in range(n))
        self._own = tuple(rotation[:1] for rotation in self._seats)
        self._relative = tuple(tuple((p - s) % n for p in range(n)) for s in range(n))
        self._seat_block = tuple(block for _, block in blocks)
        self._nobody, self._everybody = (False,) * n, (True,) * n

        # Card tables, and the scales: bounds the card set and the options give.
        counts = cards.spell_counts

        def spell_total(bonuses: tuple[int, ...], sign: int) -> int:
            return sum(b * c for b, c in zip(bonuses, counts, strict=True) if b * sign > 0)

        def spell_count(effect: str) -> int:
            return sum(c for k, c in zip(cards.effect_kinds, counts, strict=True) if k == effect)

        hp_high = max(cards.boss_hps) + spell_total(cards.hp_bonus, 1)
        hp_low = min(cards.boss_hps) + spell_total(cards.hp_bonus, -1)
        attack_up = sum(cards.weapon_values) + spell_total(cards.attack_bonus, 1)
        attack_down = spell_total(cards.attack_bonus, -1)
        spell_bound = max(spell_total(cards.attack_bonus, 1), -attack_down, 1)
        self._values = cards.weapon_values
        self._hp_bonus = cards.hp_bonus
        self._attack_bonus = cards.attack_bonus
        self._shown_colour = tuple(2 + c for c in cards.weapon_colours)
        self._hidden_colour = tuple(len(SEAT_FIELDS) + c for c in cards.weapon_colours)
        self._top_colour = tuple(self._top + 3 + c for c in cards.weapon_colours)
        self._points = _table(
            min(attack_down, hp_low), max(attack_up, hp_high), hp_high + top_value
        )
        self._margin = _table(hp_low - attack_up, hp_high - attack_down, 2 * top_value)
        self._spell_attack = _table(attack_down, spell_total(cards.attack_bonus, 1), spell_bound)
        self._keys = _table(0, game.keys_to_win + 2 + spell_count("extra_key"), game.keys_to_win)
        self._hearts = _table(0, HEARTS, HEARTS)
        self._value = _table(0, top_value, top_value)
        self._count = _table(0, len(cards.weapon_codes), CARDS)
        self._rounds = _table(0, ROUNDS, ROUNDS)
        self._weapons = _table(0, len(cards.weapon_codes), len(cards.weapon_codes))
        self._spells = _table(0, sum(counts), max(sum(counts), 1))
        self._bosses = _table(0, len(cards.boss_hps), len(cards.boss_hps))
        self._deck_top = _table(0, len(cards.weapon_codes), max(spell_count("swap_deck"), 1))
        self._colour_step = _step(top_value)  # a colour has a weapon of each value
        self._shown_zeros = [0.0] * (2 + len(colours))

        # The caches, filled as calls come.
        self._round_memo: RoundMemo = ((-1, -1, -1, (), (), (), ()), ())
        self._slot_memo = self._slot_block((), -1, ())
        self._shown_memo: list[ShownMemo] = [((), self._shown_zeros, 0)] * n

    # -- the cached blocks -------------------------------------------------------------

    def _round_block(self, key: RoundKey) -> RoundMemo:
        """The round's block as each seat sees it: the boss, the decks, hearts and keys."""
        rounds, boss, armorer, hearts, keys, boss_deck, spell_deck = key
        head = [
            self._rounds[min(rounds, ROUNDS)],
            float(boss > 0),
            self._points[boss],
            self._bosses[len(boss_deck)],
            self._spells[sum(spell_deck)],
        ]
        knights: list[float] = []
        for p in range(self.players):
            knights += (self._hearts[hearts[p]], self._keys[keys[p]], float(p == armorer))
        rotations = tuple(head + knights[3 * s :] + knights[: 3 * s] for s in range(self.players))
        self._round_memo = (key, rotations)
        return self._round_memo

    def _slot_block(
        self, slots: tuple[Slot, ...], mystery: int, discard: tuple[int, ...]
    ) -> SlotMemo:
        """The vector's tail: zeros up to the discard pile, the pile, the spells (their targets
        left to the caller); and what the active spells change."""
        block = [*self._middle, self._spells[sum(discard)]]
        hp = 0
        bonus = [0] * self.players
        targets = []
        spelled = []
        chunks, mystery_chunks = self._slot_chunks
        for i, slot in enumerate(slots):
            kind, status, target = slot
            if status == ACTIVE:
                hp += self._hp_bonus[kind]
            if target >= 0:
                targets.append((self._target_at + len(block), target))
                if status == ACTIVE:
                    bonus[target] += self._attack_bonus[kind]
            block += (mystery_chunks if i == mystery else chunks)[kind][status]
        if targets:
            spelled = [(p, self._spell_attack[b]) for p, b in enumerate(bonus) if b]
        if len(block) < self._tail_size:
            block += self._slot_zeros[len(block) - self._tail_size :]
        self._slot_memo = (slots, mystery, discard, block, hp, bonus, targets, spelled)
        return self._slot_memo

    def _shown_block(self, seat: int, visible: tuple[int, ...]) -> ShownMemo:
        """A knight's visible weapons: their count, total and colours."""
        block = self._shown_zeros.copy()
        total = 0
        values, colours, step = self._values, self._shown_colour, self._colour_step
        for card in visible:
            total += values[card]
            block[colours[card]] += step
        block[0] = self._count[len(visible)]
        block[1] = self._points[total]
        memo = self._shown_memo[seat] = (visible, block, total)
        return memo

    # -- the vector ----------------------------------------------------------------------

    def encode(self, state: BossQuestState, seat: int) -> list[float]:
        """What ``seat`` sees of ``state``, from its own place at the table."""
        key: RoundKey = (
            state.round,
            state.boss,
            state.armorer,
            state.hearts,
            state.keys,
            state.boss_deck,
            state.spell_deck,
        )
        round_memo = self._round_memo
        if round_memo[0] != key:
            round_memo = self._round_block(key)
        slot_memo = self._slot_memo
        if (
            slot_memo[0] is not state.slots
            or slot_memo[1] != state.mystery
            or slot_memo[2] is not state.spell_discard
        ):
            slot_memo = self._slot_block(state.slots, state.mystery, state.spell_discard)
        _, _, _, slot_block, hp_change, bonus, targets, spelled = slot_memo
        v = round_memo[1][seat] + slot_block
        relative = self._relative[seat]
        for at, target in targets:
            v[at + relative[target]] = 1.0
        for p, spell_attack in spelled:
            v[self._seat_block[relative[p]] + SPELL_] = spell_attack

        # The turn.
        phase = state.phase
        playing = phase != OVER
        v[self._phase[phase]] = 1.0
        if phase == TURN:
            v[self._to_move + relative[state.turn]] = 1.0
        elif phase == CHOICE:
            pending = state.pending
            assert pending is not None
            v[self._to_move + relative[pending.seat]] = 1.0
            v[self._choice[pending.choice]] = 1.0
            v[self._pending_slot + pending.slot] = 1.0
        elif playing:
            v[self._to_move + len(relative)] = 1.0
        if state.last_call_on:
            at = self._last_call
            v[at] = 1.0
            for p in state.last_call:
                v[at + 1 + relative[p]] = 1.0
        boss = state.boss
        hp = boss + hp_change
        points = self._points
        deck_top = state.deck_top
        at = self._turn
        if boss:
            v[at] = points[hp]
        v[at + 1] = self._weapons[len(state.deck) + len(deck_top)]

        # The weapons: the known card on top of the deck, each knight's, the seat's own.
        values = self._values
        if deck_top:
            at = self._top
            v[at] = self._deck_top[len(deck_top)]
            card, knower = deck_top[-1]
            if knower in (EVERYONE, seat):
                v[at + 1] = 1.0
                v[at + 2] = self._value[values[card]]
                v[self._top_colour[card]] = 1.0
        hidden = state.hidden
        visible = state.visible
        shown_memo = self._shown_memo
        magician = state.at_magician if playing else self._nobody
        # BQ-ARM-5: a knight still arming says when they are over the boss's HP.
        resting = state.at_magician if playing and boss else self._everybody
        for p, shown_at, block in self._seats[seat]:
            memo = shown_memo[p]
            if memo[0] is not visible[p]:
                memo = self._shown_block(p, visible[p])
            v[shown_at] = memo[1]
            card = hidden[p]
            if card >= 0:
                v[block + HAS_] = 1.0
                if not resting[p] and memo[2] + bonus[p] + values[card] > hp:
                    v[block + OVER_] = 1.0
            if magician[p]:
                v[block + MAGICIAN_] = 1.0
        # The hidden weapons this seat sees: its own, or all once the last combat showed them.
        for p, _, block in self._own[seat] if playing else self._seats[seat]:
            card = hidden[p]
            if card >= 0:
                value = values[card]
                attack = shown_memo[p][2] + bonus[p] + value
                v[block + VALUE_] = self._value[value]
                v[block + self._hidden_colour[card]] = 1.0
                v[block + ATTACK_] = points[attack]
                v[block + MARGIN_] = self._margin[hp - attack]
        return v
