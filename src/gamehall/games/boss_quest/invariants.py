"""What every state, step and view of the game keeps (core.invariants), for the fuzzer.

The checks restate the rulebook (``docs/rules/boss-quest.md``, docs/rulings.md)
from the state's own fields: they read the card tables but never call the rules, combat or
view code whose results they check, so a bug there shows up as a violation.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from gamehall.core.game import EVERYTHING
from gamehall.core.invariants import Invariants
from gamehall.core.outcome import Outcome
from gamehall.core.resign import Resign
from gamehall.games.boss_quest import actions as act
from gamehall.games.boss_quest.state import (
    ACTIVE,
    APPEND,
    ARMORER,
    AVAILABLE,
    BOSS,
    CHOICE,
    CHOOSE_CANCEL,
    CHOOSE_GIVE,
    CHOOSE_SWAP,
    CHOOSE_TARGET,
    DISCARDED,
    DRAW,
    EVERYONE,
    HIDDEN,
    NEXT_TURN,
    OVER,
    SPELL,
    SPENT,
    START_TURNS,
    TURN,
    BossQuestState,
    Combat,
    Draw,
    SeatResult,
    Slot,
)

if TYPE_CHECKING:
    from gamehall.games.boss_quest.rules import BossQuest

HEARTS: Final = 3  # BQ-COMP-7
MAX_ASK: Final = 4  # BQ-ARM-1
IN_ROUND: Final = (SPELL, DRAW, TURN, CHOICE)  # a boss is out
DEALT: Final = (DRAW, TURN, CHOICE)  # the spells are laid out
UNCANCELLABLE: Final = frozenset({"cancel", "swap_hidden", "swap_deck"})  # BQ-R13
ONE_SHOT: Final = frozenset({"cancel", "swap_hidden", "swap_deck"})  # discarded once they act
CHOICE_OF: Final = {
    "attack": CHOOSE_TARGET,
    "swap_hidden": CHOOSE_SWAP,
    "swap_deck": CHOOSE_GIVE,
    "cancel": CHOOSE_CANCEL,
}
ACTION_OF_CHOICE: Final[dict[str, type]] = {
    CHOOSE_TARGET: act.Target,
    CHOOSE_SWAP: act.SwapWith,
    CHOOSE_GIVE: act.Give,
    CHOOSE_CANCEL: act.Cancel,
}
ACTIONS_OF_PHASE: Final[dict[int, tuple[type, ...]]] = {
    ARMORER: (act.FirstArmorer,),
    BOSS: (act.RevealBoss,),
    SPELL: (act.DrawSpell,),
    DRAW: (act.DrawWeapon,),
    TURN: (act.Ask, act.Activate, act.Discard, act.Rest),
}
WEAPON_CODE: Final = re.compile(r"[A-Z][1-7]")  # a colour code and a value (cards.py)
STATUS_NAMES: Final = ("available", "active", "spent", "discarded")
PHASES: Final = ("armorer", "boss", "spell", "draw", "turn", "choice", "over")
PHASE_NAMES: Final = ("setup", "setup", "setup", "dealing", "turn", "choice", "over")

_TURN_END = {"phase", "turn", "last_call"}
_LAYOUT = {"slots", "mystery", "layout_left", "phase", "spell_deck", "spell_discard", "draws"}
CHANGES: Final[dict[type, frozenset[str]]] = {
    act.FirstArmorer: frozenset({"armorer", "round", "phase"}),
    act.RevealBoss: frozenset({*_LAYOUT, "boss", "boss_deck", "resume"}),
    act.DrawSpell: frozenset({*_LAYOUT, "resume"}),
    act.DrawWeapon: frozenset({*_TURN_END, "deck", "draws", "hidden", "visible", "deck_top"}),
    act.Ask: frozenset({*_TURN_END, "lone_asked", "draws", "resume", "deck_top", "visible"}),
    act.Activate: frozenset(
        {*_TURN_END, "at_magician", "slots", "spell_discard", "pending", "last_call_on"}
    ),
    act.Discard: frozenset({*_TURN_END, "at_magician", "slots", "spell_discard"}),
    act.Rest: frozenset({*_TURN_END, "at_magician"}),
    act.Target: frozenset({*_TURN_END, "slots", "pending"}),
    act.SwapWith: frozenset({*_TURN_END, "hidden", "slots", "spell_discard", "pending"}),
    act.Give: frozenset(
        {*_TURN_END, "hidden", "visible", "slots", "spell_discard", "pending", "draws"}
        | {"resume", "deck_top"}
    ),
    act.Cancel: frozenset({*_TURN_END, "slots", "spell_discard", "pending", "last_call_on"}),
}
COMBAT_CHANGES: Final = frozenset(
    {"last_combat", "keys", "hearts", "boss_discard", "boss_deck", "spell_discard", "slots"}
    | {"mystery", "last_call", "last_call_on", "phase", "result", "armorer", "round"}
    | {"at_magician", "lone_asked", "hidden", "visible", "deck", "deck_top", "aside"}
)
FIELDS: Final = BossQuestState.__slots__
CHANGES_SLOTS: Final = (act.Activate, act.Discard, act.Target, act.SwapWith, act.Give, act.Cancel)

Hands = tuple[list[int], list[tuple[int, ...]]]


class BossQuestInvariants(Invariants[BossQuestState]):
    """The game's invariants: card accounting, bounds, turn order, combat, what views show."""

    game: BossQuest

    def __init__(self, game: BossQuest) -> None:
        super().__init__(game)
        cards = game.cards
        self.n = game.players
        self.target = 4 if self.n == 5 else 5  # BQ-END-1
        self.layout = game.options["spells_per_round"] or self.n  # BQ-SETUP-3, BQ-R2
        self.mystery = bool(game.options["mystery"])
        self.codes = cards.weapon_codes
        self.values = cards.weapon_values
        self.colours = cards.weapon_colours
        self.weapon_ids = {code: i for i, code in enumerate(self.codes)}
        self.all_weapons = list(range(len(self.codes)))
        spells = cards.source.spells
        self.spell_codes = tuple(s.code for s in spells)
        self.spell_ids = {code: i for i, code in enumerate(self.spell_codes)}
        self.spell_counts = tuple(s.count for s in spells)
        self.kinds = tuple(s.effect.kind for s in spells)
        self.amounts = tuple(s.effect.amount or 0 for s in spells)
        colour_codes = [c.code for c in cards.source.colours]
        self.needs = tuple(
            colour_codes.index(s.effect.colour) if s.effect.colour else -1 for s in spells
        )
        self.bosses = sorted(b.hp for b in cards.source.bosses)
        extra = sum(
            c for k, c in zip(self.kinds, self.spell_counts, strict=True) if k == "extra_key"
        )
        self.max_gain = 2 + min(extra, self.layout)  # a win, each extra key, a Perfect

    # -- rule arithmetic (restated from the rulebook, not taken from the rules code) ---

    def hp(self, boss: int, slots: Sequence[Slot]) -> int:
        """The boss's HP with every active HP spell (BQ-SPELL-3, -4)."""
        return boss + sum(
            self.amounts[s.kind]
            for s in slots
            if s.status == ACTIVE and self.kinds[s.kind] == "boss_hp"
        )

    def attack(self, held: Sequence[int], slots: Sequence[Slot], seat: int) -> int:
        """A knight's attack: weapon values plus attack spells placed on them (BQ-DEAL-3)."""
        bonus = sum(self.amounts[s.kind] for s in slots if s.status == ACTIVE and s.target == seat)
        return sum(self.values[card] for card in held) + bonus

    def held(self, s: BossQuestState, seat: int) -> tuple[int, ...]:
        """Every weapon the knight holds."""
        hidden = s.hidden[seat]
        return s.visible[seat] if hidden < 0 else (hidden, *s.visible[seat])

    def is_over(self, s: BossQuestState, seat: int) -> bool:
        """True if the knight's attack is over the boss's HP now (BQ-SPELL-5)."""
        return self.attack(self.held(s, seat), s.slots, seat) > self.hp(s.boss, s.slots)

    def cancellable(self, slot: Slot) -> bool:
        """True for an activated spell in play that a cancel spell may stop (BQ-SPELL-11)."""
        kind = self.kinds[slot.kind]
        placed = kind != "attack" or slot.target >= 0
        return slot.status == ACTIVE and kind not in UNCANCELLABLE and placed

    def expected_outcome(
        self, keys: Sequence[int], hearts: Sequence[int], gone: Sequence[bool] = ()
    ) -> Outcome:
        """Most keys, then most hearts, among knights with a heart left (BQ-END-3..5); a
        knight who resigned never wins, and the last one left wins (BQ-R25)."""
        playing = [p for p in range(self.n) if not (gone and gone[p])]
        if len(playing) == 1:
            return Outcome(tuple(playing), tuple(float(k) for k in keys), "others-resigned")
        ranked = [p for p in playing if hearts[p]] or playing
        top_keys = max(keys[p] for p in ranked)
        ranked = [p for p in ranked if keys[p] == top_keys]
        top_hearts = max(hearts[p] for p in ranked)
        winners = tuple(p for p in ranked if hearts[p] == top_hearts)
        reason = "keys-target" if max(keys) >= self.target else "last-heart"
        return Outcome(winners, tuple(float(k) for k in keys), reason)

    # -- states ------------------------------------------------------------------------

    def state(self, state: BossQuestState) -> list[str]:
        """Cards in exactly one place, bounds, phase fields, scores against the record."""
        return [
            *self._weapon_problems(state),
            *self._deal_problems(state),
            *self._spell_problems(state),
            *self._slot_problems(state),
            *self._boss_problems(state),
            *self._score_problems(state),
            *self._turn_problems(state),
        ]

    def _weapon_places(self, s: BossQuestState) -> list[int]:
        """Every weapon where it lies: hands, the deck, known cards on top, a card given up."""
        places = [card for card in s.hidden if card >= 0]
        for hand in s.visible:
            places.extend(hand)
        places.extend(self.weapon_ids.get(draw.card, -1) for draw in s.deck)
        places.extend(card for card, _ in s.deck_top)
        places.extend(card for card, _ in s.aside)  # a resigned knight's, until the round ends
        # a hidden weapon given up is out of the hand until its replacement is drawn
        places.extend(d.give_back for d in s.draws if d.give_back >= 0 and d.place == HIDDEN)
        return places

    def _weapon_problems(self, s: BossQuestState) -> list[str]:
        places = self._weapon_places(s)
        if sorted(places) == self.all_weapons:
            return []
        counts = Counter(places)
        codes = self.codes
        twice = [codes[c] if 0 <= c < len(codes) else str(c) for c, k in counts.items() if k > 1]
        missing = [codes[c] for c in self.all_weapons if c not in counts]
        return [
            f"weapon conservation: {len(places)} weapons placed, {len(codes)} in the game"
            f" (missing {missing}, in two places {twice})"
        ]

    def _deal_problems(self, s: BossQuestState) -> list[str]:
        """Where the weapons may be in each phase, and what the owed draws are."""
        problems = []
        held = sum(len(self.held(s, p)) for p in range(self.n))
        if s.phase not in DEALT and s.phase != OVER and (held or s.deck_top or s.draws or s.aside):
            problems.append(
                f"before the deal: {held} weapons held, {len(s.aside)} set aside,"
                f" {len(s.draws)} draws owed"
            )
        if s.phase == DRAW and not (s.draws and s.deck and not s.deck_top):
            problems.append(
                f"a chance draw with {len(s.draws)} draws owed, {len(s.deck)} unknown cards"
                f" and {len(s.deck_top)} known cards on the deck"
            )
        if s.phase != DRAW and s.draws:
            problems.append(f"{len(s.draws)} draws owed in phase {_phase(s.phase)}")
        if s.phase == DRAW and s.resume == START_TURNS:
            problems.extend(self._dealing_problems(s))
        elif s.phase == DRAW and any(d.seat != s.turn for d in s.draws):
            problems.append(
                f"draws owed to seats {[d.seat + 1 for d in s.draws]} on the turn"
                f" of seat {s.turn + 1}"
            )
        if s.phase in (TURN, CHOICE) and len(self.codes) >= 2 * self.n:
            short = [
                p + 1
                for p in range(self.n)
                if not s.gone[p] and (s.hidden[p] < 0 or not s.visible[p])
            ]
            if short:
                problems.append(f"seats {short} lack a hidden or a visible weapon after the deal")
        return problems + self._owed_problems(s) + self._gone_problems(s)

    def _gone_problems(self, s: BossQuestState) -> list[str]:
        """A knight who resigned holds nothing, is owed nothing, is done arming (BQ-R25)."""
        if len(s.gone) != self.n:
            return [f"{len(s.gone)} resignation flags for {self.n} seats"]
        gone = [p for p in range(self.n) if s.gone[p]]
        problems = [
            f"seat {p + 1} resigned but holds {self._named(s.hidden[p], s.visible[p])}"
            for p in gone
            if s.hidden[p] >= 0 or s.visible[p]
        ]
        problems.extend(
            f"seat {p + 1} resigned but is arming" for p in gone if not s.at_magician[p]
        )
        owed = sorted({d.seat + 1 for d in s.draws if s.gone[d.seat]})
        if owed:
            problems.append(f"draws owed to seats {owed}, who resigned")
        problems.extend(
            f"{self.spell_codes[slot.kind]} stays placed on seat {slot.target + 1}, who resigned"
            for slot in s.slots
            if 0 <= slot.target < self.n and s.gone[slot.target]
        )
        if s.phase != OVER and len(gone) >= self.n - 1:
            problems.append(f"seats {[p + 1 for p in gone]} resigned and the game goes on")
        problems.extend(
            f"a weapon set aside is known to seat {knower + 1} only"
            for _, knower in s.aside
            if knower != EVERYONE and not (0 <= knower < self.n and s.gone[knower])
        )
        return problems

    def _owed_problems(self, s: BossQuestState) -> list[str]:
        """The known cards on the deck and the draws owed are well formed."""
        problems = [
            f"the card on the deck {self.codes[card]} is known to {knower}"
            for card, knower in s.deck_top
            if knower != EVERYONE and not 0 <= knower < self.n
        ]
        for d in s.draws:
            problems.extend(self._draw_problems(s, d))
        if s.resume not in (START_TURNS, NEXT_TURN):
            problems.append(f"resume is {s.resume}")
        return problems

    def _dealing_problems(self, s: BossQuestState) -> list[str]:
        """The deal: a hidden card to each from the armorer's left, then a visible one."""
        order = [(s.armorer + 1 + i) % self.n for i in range(self.n)]
        order = [p for p in order if not s.gone[p]]  # BQ-R25
        deal = [Draw(p, HIDDEN, -1, False) for p in order] + [
            Draw(p, APPEND, -1, False) for p in order
        ]
        owed = list(s.draws)
        if owed != deal[len(deal) - len(owed) :]:
            return [f"the deal owes {owed}, not the end of the deal order {deal}"]
        waiting = [
            d.seat + 1
            for d in owed
            if (s.hidden[d.seat] >= 0 if d.place == HIDDEN else bool(s.visible[d.seat]))
        ]
        return [f"seats {waiting} hold the card the deal still owes them"] if waiting else []

    def _draw_problems(self, s: BossQuestState, d: Draw) -> list[str]:
        if not 0 <= d.seat < self.n:
            return [f"a draw owed to seat {d.seat}"]
        if d.place >= len(s.visible[d.seat]) or d.place < APPEND:
            return [f"a draw for seat {d.seat + 1} to place {d.place}"]
        if d.give_back >= 0 and d.give_back_public != (d.place != HIDDEN):
            return [f"the card given up {self.codes[d.give_back]} is public={d.give_back_public}"]
        if d.give_back >= 0 and d.place >= 0 and s.visible[d.seat][d.place] != d.give_back:
            return [f"the visible card given up {self.codes[d.give_back]} left its place early"]
        return []

    def _spell_problems(self, s: BossQuestState) -> list[str]:
        """Every spell card in the deck, the discard pile or laid out (BQ-COMP-4, BQ-ROUND-2)."""
        kinds = len(self.spell_counts)
        if len(s.spell_deck) != kinds or len(s.spell_discard) != kinds:
            return [f"spell piles of {len(s.spell_deck)}/{len(s.spell_discard)} kinds"]
        out = [0] * kinds
        for slot in s.slots:
            if slot.status in (AVAILABLE, ACTIVE):
                out[slot.kind] += 1
        problems = []
        for kind, total in enumerate(self.spell_counts):
            deck, discard = s.spell_deck[kind], s.spell_discard[kind]
            if min(deck, discard) < 0 or deck + discard + out[kind] != total:
                problems.append(
                    f"spell conservation: {self.spell_codes[kind]} has {deck} in the deck,"
                    f" {discard} discarded, {out[kind]} in play; the game has {total}"
                )
        return problems

    def _slot_problems(self, s: BossQuestState) -> list[str]:
        """The layout: its size, the mystery spell, each spell's status (BQ-SETUP-3, BQ-MYST-1)."""
        problems = self._layout_problems(s)
        pending = s.pending.slot if s.pending else -1
        for index, slot in enumerate(s.slots):
            kind = self.kinds[slot.kind]
            placed = slot.target >= 0
            if slot.status not in (AVAILABLE, ACTIVE, SPENT, DISCARDED):
                problems.append(f"spell slot {index + 1} has status {slot.status}")
            elif placed != (slot.status == ACTIVE and kind == "attack" and index != pending):
                problems.append(
                    f"spell slot {index + 1} ({kind}, {STATUS_NAMES[slot.status]}) targets"
                    f" seat {slot.target + 1}"
                )
            elif slot.status == ACTIVE and kind in ONE_SHOT and index != pending:
                problems.append(f"spell slot {index + 1} ({kind}) stays active after acting")
            if slot.target >= self.n:
                problems.append(f"spell slot {index + 1} targets seat {slot.target + 1}")
        calling = any(sl.status == ACTIVE and self.kinds[sl.kind] == "last_call" for sl in s.slots)
        if s.last_call_on and not calling:
            problems.append("a last call is under way with no last call spell active")
        if calling and not s.last_call_on and s.phase in DEALT:  # BQ-R13: only a cancel ends it
            problems.append("a last call spell is active but no last call is under way")
        return problems

    def _layout_problems(self, s: BossQuestState) -> list[str]:
        laid = len(s.slots)
        if s.phase not in IN_ROUND:
            if laid or s.mystery != -1 or s.layout_left:
                return [f"{laid} spells laid out (mystery {s.mystery}) outside a round"]
            return []
        if s.phase == SPELL:
            mystery = -1
            if laid + s.layout_left != self.layout:
                return [
                    f"{laid} spells laid out, {s.layout_left} to come, the layout is {self.layout}"
                ]
        else:
            mystery = laid - 1 if self.mystery and laid else -1
            if s.layout_left or laid > self.layout or (laid < self.layout and any(s.spell_deck)):
                return [
                    f"{laid} spells laid out ({s.layout_left} to come), the layout is"
                    f" {self.layout} and the deck holds {sum(s.spell_deck)}"
                ]
        if s.mystery != mystery:
            return [f"the mystery spell is slot {s.mystery + 1} of {laid}, not {mystery + 1}"]
        return []

    def _boss_problems(self, s: BossQuestState) -> list[str]:
        """Every boss in the deck, the discard pile or fought this round (BQ-COMP-2)."""
        fought = [s.boss] if s.phase in IN_ROUND else []
        places = sorted([*s.boss_deck, *s.boss_discard, *fought])
        problems = []
        if places != self.bosses:
            problems.append(
                f"boss conservation: {len(places)} bosses placed {places},"
                f" {len(self.bosses)} in the game"
            )
        if s.boss == 0 and s.phase not in (ARMORER, BOSS) and not self._won_by_staying(s):
            problems.append(f"no boss in phase {_phase(s.phase)}")
        if s.phase == BOSS and not s.boss_deck:
            problems.append("a boss to reveal from an empty boss deck")
        return problems

    def _score_problems(self, s: BossQuestState) -> list[str]:
        """Hearts and keys within bounds and within what the combats so far could give."""
        if len(s.hearts) != self.n or len(s.keys) != self.n:
            return [f"{len(s.hearts)} hearts and {len(s.keys)} key counts for {self.n} seats"]
        combats = max(s.round - 1, 0) + (s.phase == OVER and not self._won_by_staying(s))
        problems = []
        for p in range(self.n):
            hearts, keys = s.hearts[p], s.keys[p]
            if not 0 <= HEARTS - hearts <= min(combats, HEARTS):
                problems.append(f"seat {p + 1} has {hearts} hearts after {combats} combats")
            if not 0 <= keys <= combats * self.max_gain:
                problems.append(f"seat {p + 1} has {keys} keys after {combats} combats")
        problems.extend(self._record_problems(s, combats))
        problems.extend(self._end_problems(s))
        return problems

    def _record_problems(self, s: BossQuestState, combats: int) -> list[str]:
        combat = s.last_combat
        if combat is None:
            return [f"no combat record after {combats} combats"] if combats else []
        if not combats or combat.round != combats or len(combat.seats) != self.n:
            return [f"the last combat's record says round {combat.round} after {combats} combats"]
        return [
            f"seat {p + 1} gained {r.keys_gained} keys and lost {int(r.heart_lost)} hearts"
            f" at the last combat but holds {s.keys[p]} keys and {s.hearts[p]} hearts"
            for p, r in enumerate(combat.seats)
            if r.keys_gained > s.keys[p] or r.heart_lost > HEARTS - s.hearts[p]
        ]

    def _end_problems(self, s: BossQuestState) -> list[str]:
        """The game is over exactly when a knight holds the target or has no heart (BQ-END),
        or when every knight but one has resigned (BQ-R25)."""
        ended = 0 in s.hearts or max(s.keys) >= self.target or s.gone.count(False) == 1
        over = s.phase == OVER
        if ended != over or (s.result is None) == over:
            return [
                f"phase {_phase(s.phase)} with result {s.result} while the keys are {list(s.keys)}"
                f" (target {self.target}), the hearts {list(s.hearts)} and"
                f" {s.gone.count(True)} knights resigned"
            ]
        expected = self.expected_outcome(s.keys, s.hearts, s.gone)
        if s.result is not None and s.result != expected:
            return [f"the outcome is {s.result}, the scores give {expected}"]
        if self._won_by_staying(s) and (s.slots or s.aside or s.draws or max(s.hidden) >= 0):
            return ["the game ended by resignations with the round's cards still out"]
        return []

    @staticmethod
    def _won_by_staying(s: BossQuestState) -> bool:
        """True once the game ended because every other knight resigned (BQ-R25)."""
        return s.result is not None and s.result.reason == "others-resigned"

    def _resigned_at_start(self, s: BossQuestState) -> bool:
        """True for a game ended by resignations before its first round began."""
        return s.round == 0 and s.phase == OVER and self._won_by_staying(s)

    def _turn_problems(self, s: BossQuestState) -> list[str]:
        """Phase, round, armorer, the mover and the magician (BQ-TURN, BQ-MAGE, BQ-SPELL-15)."""
        if not ARMORER <= s.phase <= OVER:
            return [f"unknown phase {s.phase!r}"]
        starting = s.phase == ARMORER or self._resigned_at_start(s)
        if (s.round == 0) != starting or (s.armorer == -1) != starting:
            return [f"round {s.round} with armorer {s.armorer} in phase {_phase(s.phase)}"]
        if not -1 <= s.armorer < self.n or len(s.at_magician) != self.n:
            return [f"armorer {s.armorer}, {len(s.at_magician)} magician flags"]
        if s.phase in (BOSS, SPELL) and s.gone[s.armorer]:  # BQ-R25: nothing dealt yet
            return [f"seat {s.armorer + 1} resigned but is the armorer before the deal"]
        problems = self._mover_problems(s)
        problems.extend(self._last_call_problems(s))
        problems.extend(self._magician_problems(s))
        return problems

    def _mover_problems(self, s: BossQuestState) -> list[str]:
        moving = s.phase in (TURN, CHOICE) or (s.phase == DRAW and s.resume == NEXT_TURN)
        if moving and not 0 <= s.turn < self.n:
            return [f"seat {s.turn + 1} is to move, of {self.n}"]
        if s.phase == TURN and s.at_magician[s.turn]:
            return [f"seat {s.turn + 1} is to move but is at the magician (or resigned)"]
        pending = s.pending
        if (pending is not None) != (s.phase == CHOICE):
            return [f"a pending choice {pending} in phase {_phase(s.phase)}"]
        if pending is None:
            return []
        if pending.seat != s.turn or not s.at_magician[s.turn] or s.gone[s.turn]:
            return [f"seat {pending.seat + 1} chooses on the turn of seat {s.turn + 1}"]
        if not 0 <= pending.slot < len(s.slots):
            return [f"a choice for spell slot {pending.slot + 1} of {len(s.slots)}"]
        slot = s.slots[pending.slot]
        kind = self.kinds[slot.kind]
        if slot.status != ACTIVE or CHOICE_OF.get(kind) != pending.choice:
            return [f"choice {pending.choice} for a {kind} spell, {STATUS_NAMES[slot.status]}"]
        if pending.choice == CHOOSE_CANCEL and not any(map(self.cancellable, s.slots)):
            return ["a cancel spell waits for a target with nothing to cancel"]
        if pending.choice == CHOOSE_GIVE and not (self.held(s, s.turn) and (s.deck or s.deck_top)):
            return [f"a deck swap with {len(s.deck)} cards in the deck and nothing to give"]
        return []

    def _last_call_problems(self, s: BossQuestState) -> list[str]:
        """The knights owed a last action, from the activator's left (BQ-SPELL-15)."""
        order = s.last_call
        if not s.last_call_on:
            return [f"last call order {order} with no last call"] if order else []
        if s.phase not in DEALT or not order or len(set(order)) != len(order):
            return [f"last call order {order} in phase {_phase(s.phase)}"]
        if order[0] != s.turn:
            return [f"seat {s.turn + 1} moves during a last call for seats {order}"]
        waiting = [p + 1 for p in order[1:] if s.at_magician[p]]
        waiting += [p + 1 for p in order if s.gone[p]]
        return (
            [f"seats {waiting} are owed a last action but are at the magician (or resigned)"]
            if waiting
            else []
        )

    def _magician_problems(self, s: BossQuestState) -> list[str]:
        """Each knight at the magician used one spell, or rested when none was left; a knight
        who resigned may or may not have used one first (BQ-R25)."""
        gone = s.gone.count(True)
        arrived = s.at_magician.count(True) - gone
        arming = self.n - arrived - gone
        if s.lone_asked and arming > 1:
            return [f"the lone knight asked while {arming} knights are arming"]
        if s.phase not in DEALT:
            if arrived and s.phase != OVER:  # the last combat's magician stays shown at the end
                return [f"{arrived} knights at the magician in phase {_phase(s.phase)}"]
            return []
        used = sum(slot.status != AVAILABLE for slot in s.slots)
        left = any(slot.status == AVAILABLE for slot in s.slots)
        if used > arrived + gone or (left and used < arrived):
            return [
                f"{used} spells used by {arrived} knights at the magician and {gone} who"
                f" resigned, {int(left)} left"
            ]
        return []

    # -- steps -------------------------------------------------------------------------

    def step(self, before: BossQuestState, action: Any, after: BossQuestState) -> list[str]:
        """Legality, what changed, the hands, the spells, turn order, combat and scores."""
        combat = after.last_combat != before.last_combat
        if type(action) is Resign:
            return self._resign_problems(before, action.seat, after, combat)
        illegal = self._illegal(before, action)
        if illegal:
            return [f"{action} is not legal: {illegal}"]
        return [
            *self._frame_problems(before, action, after, combat),
            *self._chance_problems(before, action, after),
            *self._flow_problems(before, action, after, combat),
            *self._turn_order_problems(before, action, after, combat),
            *self._lone_problems(before, action, after, combat),
            *self._combat_problems(before, action, after, combat),
        ]

    # -- resigning (BQ-R25) --------------------------------------------------------------

    def _resign_problems(
        self, before: BossQuestState, seat: int, after: BossQuestState, combat: bool
    ) -> list[str]:
        """A resignation takes the knight and what lies in front of them out of the game, and
        changes nothing else but whose move it is (and a combat that follows, or the end)."""
        if before.phase == OVER or not 0 <= seat < self.n or before.gone[seat]:
            return [f"resign {seat + 1} was accepted in phase {_phase(before.phase)}"]
        problems = []
        if after.gone != tuple(g or p == seat for p, g in enumerate(before.gone)):
            problems.append(f"after resign {seat + 1} the resigned seats are {after.gone}")
        if (after.keys, after.hearts) != (before.keys, before.hearts) and not combat:
            problems.append(f"resign {seat + 1} changed keys or hearts without a combat")
        ended = after.phase == OVER and self._won_by_staying(after)
        if ended != (before.gone.count(False) == 2):
            left = after.gone.count(False)
            problems.append(f"resign {seat + 1} left {left} knights and the outcome {after.result}")
        mid = self._without(before, seat)
        if combat:  # the last knight arming left: combat at once, without them
            return problems + self._combat_problems(mid, None, after, combat)
        if ended:
            return problems
        problems.extend(self._aside_problems(before, seat, after))
        for name in ("hidden", "visible", "deck", "deck_top", "boss", "keys", "hearts", "round"):
            if getattr(after, name) != getattr(mid, name):
                problems.append(
                    f"{name} after resign {seat + 1} is {_short(getattr(after, name))},"
                    f" not {_short(getattr(mid, name))}"
                )
        if after.phase in (TURN, CHOICE) and before.phase in (TURN, CHOICE):
            mover = before.pending.seat if before.pending else before.turn
            moved = (after.turn, after.phase) != (before.turn, before.phase)
            cancel = before.pending is not None and before.pending.choice == CHOOSE_CANCEL
            if mover != seat and moved and not cancel:  # a cancel may be left with no target
                problems.append(f"resign {seat + 1} moved the turn of seat {mover + 1}")
            if mover == seat and after.turn == seat:
                problems.append(f"seat {seat + 1} resigned but keeps the turn")
        return problems

    def _without(self, s: BossQuestState, seat: int) -> BossQuestState:
        """``s`` with knight ``seat`` and their weapons and placed spells taken out (BQ-R25)."""
        mid = s.evolve()
        mid.gone = tuple(g or p == seat for p, g in enumerate(s.gone))
        mid.hidden = tuple(-1 if p == seat else h for p, h in enumerate(s.hidden))
        mid.visible = tuple(() if p == seat else v for p, v in enumerate(s.visible))
        mid.slots = tuple(
            Slot(sl.kind, SPENT, -1) if sl.status == ACTIVE and sl.target == seat else sl
            for sl in s.slots
        )
        if s.pending is not None and s.pending.seat == seat:
            index = s.pending.slot
            mid.slots = tuple(
                Slot(sl.kind, SPENT, -1) if i == index else sl for i, sl in enumerate(mid.slots)
            )
        mid.at_magician = tuple(a or p == seat for p, a in enumerate(s.at_magician))
        return mid

    def _aside_problems(
        self, before: BossQuestState, seat: int, after: BossQuestState
    ) -> list[str]:
        """The resigning knight's weapons lie aside: the hidden one known to them only."""
        given = [d.give_back for d in before.draws if d.seat == seat and d.place == HIDDEN]
        hidden = [c for c in (before.hidden[seat], *given) if c >= 0]
        expected = [
            *before.aside,
            *((c, seat) for c in hidden),
            *((c, EVERYONE) for c in before.visible[seat]),
        ]
        if sorted(after.aside) != sorted(expected):
            return [
                f"after resign {seat + 1} the weapons set aside are {after.aside}, not {expected}"
            ]
        return []

    def _illegal(self, s: BossQuestState, action: Any) -> str:
        """Why ``action`` breaks the rules in ``s`` ('' when it does not)."""
        if s.phase == CHOICE:
            assert s.pending is not None
            allowed: tuple[type, ...] = (ACTION_OF_CHOICE[s.pending.choice],)
        else:
            allowed = ACTIONS_OF_PHASE.get(s.phase, ())
        if type(action) not in allowed:
            return f"phase {_phase(s.phase)} takes {[a.__name__ for a in allowed]}"
        if isinstance(action, act.FirstArmorer | act.RevealBoss | act.DrawSpell | act.DrawWeapon):
            return self._impossible_chance(s, action)
        if isinstance(action, act.Ask):
            most = self._may_ask(s)
            return "" if 1 <= action.count <= most else f"at most {most} weapons may be asked for"
        return self._illegal_spell_action(s, action)

    def _impossible_chance(self, s: BossQuestState, action: Any) -> str:
        if isinstance(action, act.FirstArmorer):
            possible = 0 <= action.seat < self.n
        elif isinstance(action, act.RevealBoss):
            possible = action.hp in s.boss_deck
        elif isinstance(action, act.DrawSpell):
            kind = self.spell_ids.get(action.code, -1)
            possible = kind >= 0 and s.spell_deck[kind] > 0
        else:
            possible = action in s.deck
        return "" if possible else "not a card left to draw"

    def _may_ask(self, s: BossQuestState) -> int:
        """How many weapons the mover may ask for (BQ-ARM-1, -6, -7, -8, BQ-SPELL-15, -16)."""
        deck = len(s.deck) + len(s.deck_top)
        if self.is_over(s, s.turn):
            return 0
        if s.last_call_on:
            return min(1, deck)
        if s.lone_asked:
            return 0
        return min(MAX_ASK, deck)

    def _illegal_spell_action(self, s: BossQuestState, action: Any) -> str:
        slots = s.slots
        if isinstance(action, act.Activate | act.Discard):
            usable = 0 <= action.slot < len(slots) and slots[action.slot].status == AVAILABLE
            return "" if usable else f"spell slot {action.slot + 1} is not available"
        if isinstance(action, act.Rest):
            left = any(slot.status == AVAILABLE for slot in slots)
            return "a spell is still available (BQ-MAGE-1)" if left else ""
        if isinstance(action, act.Target | act.SwapWith):
            other = not isinstance(action, act.SwapWith) or action.seat != s.turn
            return "" if 0 <= action.seat < self.n and other else f"no target seat {action.seat}"
        if isinstance(action, act.Give):
            held = [self.codes[c] for c in self.held(s, s.turn)]
            return "" if action.card in held else f"{action.card} is not among {held}"
        assert isinstance(action, act.Cancel)
        ok = 0 <= action.slot < len(slots) and self.cancellable(slots[action.slot])
        return "" if ok else f"spell slot {action.slot + 1} cannot be cancelled"

    def _frame_problems(
        self, before: BossQuestState, action: Any, after: BossQuestState, combat: bool
    ) -> list[str]:
        """Fields the action may not change stay as they were."""
        allowed = CHANGES[type(action)] | (COMBAT_CHANGES if combat else frozenset())
        return [
            f"{name} changed by {action}{' and combat' if combat else ''}, which may not change it"
            f" ({_short(getattr(before, name))} -> {_short(getattr(after, name))})"
            for name in FIELDS
            if name not in allowed and getattr(before, name) != getattr(after, name)
        ]

    def _chance_problems(
        self, before: BossQuestState, action: Any, after: BossQuestState
    ) -> list[str]:
        """The chance outcome lands where the rules put it (BQ-SETUP, BQ-ROUND-5)."""
        first = isinstance(action, act.FirstArmorer)
        if first and (after.armorer, after.round) != (action.seat, 1):
            return [f"{action} made seat {after.armorer + 1} armorer of round {after.round}"]
        if isinstance(action, act.RevealBoss) and after.boss != action.hp:
            return [f"{action} put a boss of {after.boss} HP out"]
        if isinstance(action, act.DrawSpell):
            laid = after.slots[len(before.slots)] if len(after.slots) > len(before.slots) else None
            if laid != Slot(self.spell_ids[action.code], AVAILABLE, -1):
                return [f"{action} laid out {laid}"]
        return []

    def _flow_problems(
        self, before: BossQuestState, action: Any, after: BossQuestState, combat: bool
    ) -> list[str]:
        """Without combat: the hands, the spells and the card put back are as the rules say."""
        if combat:
            return []
        problems = []
        hidden, visible = self._hands_after(before, action)
        for p in range(self.n):
            if (hidden[p], visible[p]) != (after.hidden[p], after.visible[p]):
                got = self._named(after.hidden[p], after.visible[p])
                want = self._named(hidden[p], visible[p])
                problems.append(f"after {action} seat {p + 1} holds {got}, the rules give {want}")
        slots = tuple(self._slots_after(before, action))
        if isinstance(action, CHANGES_SLOTS) and slots != after.slots:
            problems.append(f"after {action} the spells are {after.slots}, not {slots}")
        problems.extend(self._put_back_problems(before, after))
        return problems

    def _named(self, hidden: int, visible: Sequence[int]) -> str:
        """A hand as text: ``R5 | B2 G7`` (the hidden weapon first)."""
        shown = " ".join(self.codes[c] for c in visible)
        return f"{self.codes[hidden] if hidden >= 0 else '-'} | {shown}"

    def _hands_after(self, s: BossQuestState, action: Any) -> Hands:
        """Each knight's weapons once ``action`` is done (BQ-ARM-3, BQ-SPELL-6, -7)."""
        hidden, visible = list(s.hidden), list(s.visible)
        if isinstance(action, act.SwapWith):
            me, them = s.turn, action.seat
            hidden[me], hidden[them] = hidden[them], hidden[me]
            return hidden, visible
        owed: tuple[Draw, ...] = ()
        drawn: list[int] = []
        if isinstance(action, act.DrawWeapon):
            owed, drawn = s.draws, [self.weapon_ids[action.card]]
        elif isinstance(action, act.Ask):
            owed = (Draw(s.turn, APPEND, -1, False),) * action.count
        elif isinstance(action, act.Give):
            card = self.weapon_ids[action.card]
            place = HIDDEN if hidden[s.turn] == card else visible[s.turn].index(card)
            owed = (Draw(s.turn, place, card, place != HIDDEN),)
            if place == HIDDEN:
                hidden[s.turn] = -1
        drawn.extend(card for card, _ in reversed(s.deck_top))  # known cards come off the top
        for draw, card in zip(owed, drawn, strict=False):
            if draw.place == HIDDEN:
                hidden[draw.seat] = card
            elif draw.place == APPEND:
                visible[draw.seat] = (*visible[draw.seat], card)
            else:
                hand = list(visible[draw.seat])
                hand[draw.place] = card
                visible[draw.seat] = tuple(hand)
        return hidden, visible

    def _slots_after(self, s: BossQuestState, action: Any) -> list[Slot]:
        """The spells once a magician action or a choice is done (BQ-MAGE, BQ-SPELL)."""
        slots = list(s.slots)
        if not isinstance(action, CHANGES_SLOTS):
            return slots
        pending = s.pending.slot if s.pending else -1
        if isinstance(action, act.Activate):
            slots[action.slot] = Slot(slots[action.slot].kind, ACTIVE, -1)
            if not self._acts_on_something(s, slots, action.slot):
                slots[action.slot] = Slot(slots[action.slot].kind, SPENT, -1)  # BQ-SPELL-12
        elif isinstance(action, act.Discard):
            slots[action.slot] = Slot(slots[action.slot].kind, DISCARDED, -1)
        elif isinstance(action, act.Target):
            slots[pending] = Slot(slots[pending].kind, ACTIVE, action.seat)
        else:
            spent = (pending, action.slot) if isinstance(action, act.Cancel) else (pending,)
            for index in spent:
                slots[index] = Slot(slots[index].kind, SPENT, -1)
        return slots

    def _acts_on_something(self, s: BossQuestState, slots: list[Slot], index: int) -> bool:
        """False for a deck swap or a cancel spell activated with nothing to act on."""
        kind = self.kinds[slots[index].kind]
        if kind == "swap_deck":
            return bool((s.deck or s.deck_top) and self.held(s, s.turn))
        if kind == "cancel":
            return any(map(self.cancellable, slots))
        return True

    def _put_back_problems(self, before: BossQuestState, after: BossQuestState) -> list[str]:
        """A card given up goes on top, known to all if it was visible, else to its giver."""
        known = set(before.deck_top)
        problems = []
        for card, knower in (entry for entry in after.deck_top if entry not in known):
            was_public = any(card in hand for hand in before.visible) or any(
                d.give_back == card and d.give_back_public for d in before.draws
            )
            giver = before.turn
            if knower != (EVERYONE if was_public else giver):
                problems.append(
                    f"{self.codes[card]} went on the deck known to {knower}, the rules say"
                    f" {'everyone' if was_public else f'seat {giver + 1}'}"
                )
        return problems

    def _turn_order_problems(
        self, before: BossQuestState, action: Any, after: BossQuestState, combat: bool
    ) -> list[str]:
        """Who moves next, the magician, the last call, combat when all are done (BQ-TURN)."""
        if before.phase == DRAW and before.resume == START_TURNS:
            first = self._left_of(before, before.armorer)  # BQ-TURN-1, BQ-R25
            if after.phase == TURN and after.turn != first:
                return [f"seat {after.turn + 1} moves first, the armorer's left is {first + 1}"]
            return []
        actor = before.turn if before.phase in (TURN, CHOICE, DRAW) else -1
        if actor < 0:
            return []
        if not combat and after.phase != TURN:  # the turn goes on: a choice or a draw
            return [] if after.turn == actor else [f"the turn moved to {after.turn + 1} mid-turn"]
        arrived = list(before.at_magician)
        if isinstance(action, act.Activate | act.Discard | act.Rest):
            arrived[actor] = True  # BQ-MAGE-1
        last_call, order = self._next_movers(before, action, actor, arrived)
        if combat != (not order):
            return [f"combat {'began' if combat else 'did not begin'} with seats {order} to move"]
        if combat:
            return []
        expected = (order[0], arrived, tuple(order) if last_call else (), last_call)
        actual = (after.turn, list(after.at_magician), after.last_call, after.last_call_on)
        if actual != expected:
            return [f"after {action} (turn, magician, last call) is {actual}, not {expected}"]
        return []

    def _lone_problems(
        self, before: BossQuestState, action: Any, after: BossQuestState, combat: bool
    ) -> list[str]:
        """The last knight arming has had their one more request once they ask (BQ-ARM-7)."""
        alone = before.at_magician.count(False) == 1
        lone = before.lone_asked or (isinstance(action, act.Ask) and alone)
        if combat or after.lone_asked == lone:
            return []
        return [f"lone_asked is {after.lone_asked} after {action} with {int(alone)} knight arming"]

    def _next_movers(
        self, s: BossQuestState, action: Any, actor: int, arrived: list[bool]
    ) -> tuple[bool, list[int]]:
        """Whether a last call is on, and the seats still to move, next first (BQ-MAGE-6)."""
        n = self.n
        if isinstance(action, act.Cancel) and self._ends_last_call(s, action.slot):
            return False, [(actor + i) % n for i in range(1, n + 1) if not arrived[(actor + i) % n]]
        if s.last_call_on:
            return True, [p for p in s.last_call if p != actor]
        calls = isinstance(action, act.Activate) and self.kinds[s.slots[action.slot].kind]
        if calls == "last_call":
            return True, [(actor + i) % n for i in range(1, n) if not arrived[(actor + i) % n]]
        return False, [(actor + i) % n for i in range(1, n + 1) if not arrived[(actor + i) % n]]

    def _ends_last_call(self, s: BossQuestState, slot: int) -> bool:
        """True if cancelling ``slot`` leaves no last call spell in play (BQ-R13)."""
        if not s.last_call_on or self.kinds[s.slots[slot].kind] != "last_call":
            return False
        return not any(
            i != slot and sl.status == ACTIVE and self.kinds[sl.kind] == "last_call"
            for i, sl in enumerate(s.slots)
        )

    def _left_of(self, s: BossQuestState, seat: int) -> int:
        """The next seat after ``seat`` whose knight has not resigned (BQ-R5, BQ-R25)."""
        return next(p for p in ((seat + i) % self.n for i in range(1, self.n + 1)) if not s.gone[p])

    # -- combat ------------------------------------------------------------------------

    def _combat_problems(
        self, before: BossQuestState, action: Any, after: BossQuestState, combat: bool
    ) -> list[str]:
        """The combat record follows the rules, and keys and hearts follow the record."""
        if not combat:
            return []
        record = after.last_combat
        if record is None:
            return ["the combat record was erased"]
        problems = self._record_vs_rules(record, self._expected_combat(before, action))
        for p, result in enumerate(record.seats):
            gained = after.keys[p] - before.keys[p]
            lost = before.hearts[p] - after.hearts[p]
            if (gained, lost) != (result.keys_gained, result.heart_lost):
                problems.append(
                    f"seat {p + 1} gained {gained} keys and lost {lost} hearts; the combat"
                    f" gave {result.keys_gained} keys and {int(result.heart_lost)} hearts lost"
                )
        return problems + self._next_round_problems(before, after)

    def _record_vs_rules(self, record: Combat, expected: Combat) -> list[str]:
        """How the combat record differs from the combat the rules give."""
        problems = []
        if (record.round, record.boss, record.hp) != expected[:3]:
            problems.append(
                f"combat of round {record.round}, boss {record.boss}, HP {record.hp}: the rules"
                f" give round {expected[0]}, boss {expected[1]}, HP {expected[2]}"
            )
        if record.winners != expected.winners:
            problems.append(f"combat winners {record.winners}, the rules give {expected.winners}")
        if record.spells != expected.spells:
            problems.append(f"combat spells {record.spells}, the rules give {expected.spells}")
        for p, (got, want) in enumerate(zip(record.seats, expected.seats, strict=False)):
            wrong = [
                f"{f}={getattr(got, f)} not {getattr(want, f)}"
                for f in SeatResult._fields
                if getattr(got, f) != getattr(want, f)
            ]
            if wrong:
                problems.append(f"combat: seat {p + 1} has {', '.join(wrong)}")
        return problems

    def _expected_combat(self, before: BossQuestState, action: Any) -> Combat:
        """The combat the rules give for the table ``action`` leaves (BQ-COMBAT, BQ-SPELL)."""
        hidden, visible = self._hands_after(before, action)
        slots = self._slots_after(before, action)
        active = [self.kinds[s.kind] for s in slots if s.status == ACTIVE]
        hp = self.hp(before.boss, slots)
        seats = range(self.n)
        held = [([hidden[p]] if hidden[p] >= 0 else []) + list(visible[p]) for p in seats]
        attacks = [self.attack(held[p], slots, p) for p in seats]
        playing = [not before.gone[p] for p in seats]  # BQ-R25: no part in combat
        over = [a > hp and playing[p] for p, a in enumerate(attacks)]
        failed = [playing[p] and not self._meets_conditions(held[p], slots) for p in seats]
        remaining = [p for p in seats if playing[p] and not over[p] and not failed[p]]
        winners = self._closest(remaining, attacks, held)
        if "second_closest" in active:  # BQ-SPELL-14
            winners = self._closest([p for p in remaining if p not in winners], attacks, held)
        no_loss = "no_heart_loss" in active
        results = []
        for p in seats:
            perfect = p in remaining and attacks[p] == hp  # BQ-COMBAT-7
            gained = (1 + active.count("extra_key")) * (p in winners) + perfect
            results.append(
                SeatResult(
                    hidden[p],
                    attacks[p],
                    over[p],
                    failed[p],
                    gained,
                    over[p] and not no_loss,
                    perfect,
                )
            )
        in_effect = tuple(s for s in slots if s.status == ACTIVE)
        return Combat(before.round, before.boss, hp, tuple(results), winners, in_effect)

    def _meets_conditions(self, held: list[int], slots: Sequence[Slot]) -> bool:
        """Every active colour condition holds for these weapons (BQ-SPELL-8, -9)."""
        colours = [self.colours[card] for card in held]
        for slot in slots:
            kind = self.kinds[slot.kind]
            if slot.status != ACTIVE:
                continue
            if kind == "need_colour" and self.needs[slot.kind] not in colours:
                return False
            if kind == "pair_colour" and max(Counter(colours).values(), default=0) < 2:
                return False
        return True

    @staticmethod
    def _closest(seats: list[int], attacks: list[int], held: list[list[int]]) -> tuple[int, ...]:
        """The highest attack among ``seats``; on a tie, the fewest weapons (BQ-COMBAT-4..6)."""
        if not seats:
            return ()
        best = max(attacks[p] for p in seats)
        tied = [p for p in seats if attacks[p] == best]
        fewest = min(len(held[p]) for p in tied)
        return tuple(p for p in tied if len(held[p]) == fewest)

    def _next_round_problems(self, before: BossQuestState, after: BossQuestState) -> list[str]:
        """After a combat that ends nothing, the next round with the next armorer (BQ-ROUND)."""
        if after.phase == OVER:
            return [] if after.round == before.round else [f"the game ended in round {after.round}"]
        expected = (before.round + 1, self._left_of(before, before.armorer), BOSS)
        actual = (after.round, after.armorer, after.phase)
        if actual != expected:
            return [f"after combat (round, armorer, phase) is {actual}, not {expected}"]
        return []

    # -- views -------------------------------------------------------------------------

    def view(self, state: BossQuestState, seat: int | None, view: dict[str, Any]) -> list[str]:
        """The view shows the state's public values, the seat's own cards, no secret."""
        return [
            *self._public_view_problems(state, view),
            *self._players_view_problems(state, seat, view),
            *self._spells_view_problems(state, seat, view),
            *self._secret_problems(state, seat, view),
        ]

    def _public_view_problems(self, s: BossQuestState, view: dict[str, Any]) -> list[str]:
        mover = None if s.phase == OVER else s.turn if s.phase in (TURN, CHOICE) else "chance"
        boss = {"hp": s.boss, "effective_hp": self.hp(s.boss, s.slots)} if s.boss else None
        expected = {
            "phase": PHASE_NAMES[s.phase],
            "round": s.round,
            "to_move": mover,
            "boss": boss,
            "keys_to_win": self.target,
            "armorer": s.armorer,
            "pending": s.pending._asdict() if s.pending else None,
            "last_call": list(s.last_call) if s.last_call_on else None,
            "weapon_deck": len(s.deck) + len(s.deck_top),
            "boss_deck": len(s.boss_deck),
            "spell_deck": sum(s.spell_deck),
            "spell_discard": sum(s.spell_discard),
            "outcome": s.result.to_json() if s.result else None,
            "last_combat": self._combat_json(s.last_combat),
        }
        return [
            f"view: {key} shows {view.get(key)!r}, the state has {value!r}"
            for key, value in expected.items()
            if view.get(key) != value
        ]

    def _combat_json(self, combat: Combat | None) -> dict[str, Any] | None:
        if combat is None:
            return None
        seats = [
            {**r._asdict(), "hidden": self.codes[r.hidden] if r.hidden >= 0 else None}
            for r in combat.seats
        ]
        return {
            "round": combat.round,
            "boss": combat.boss,
            "hp": combat.hp,
            "winners": list(combat.winners),
            "seats": seats,
            "spells": [
                {
                    "spell": self.spell_codes[slot.kind],
                    "target": slot.target if slot.target >= 0 else None,
                }
                for slot in combat.spells
            ],
        }

    def _players_view_problems(
        self, s: BossQuestState, seat: int | None, view: dict[str, Any]
    ) -> list[str]:
        """Each knight: public counts, and the hidden weapon only to whoever may see it."""
        players = view.get("players", [])
        if len(players) != self.n:
            return [f"view: {len(players)} players shown for {self.n} seats"]
        problems: list[str] = []
        for p, shown in enumerate(players):
            expected = self._player_json(s, seat, p)
            wrong = [k for k in {*expected, *shown} if shown.get(k) != expected.get(k)]
            problems.extend(
                f"view of seat {seat}: seat {p + 1}'s {k} shows {shown.get(k)!r},"
                f" the state gives {expected.get(k)!r}"
                for k in sorted(wrong)
            )
        return problems

    def _player_json(self, s: BossQuestState, seat: int | None, p: int) -> dict[str, Any]:
        """What ``seat`` must see of knight ``p`` (BQ-DEAL-2, BQ-ARM-5, BQ-COMBAT-1)."""
        hidden = s.hidden[p]
        sees = seat in (p, EVERYTHING) or s.phase == OVER
        held = self.held(s, p)
        attack = self.attack(held, s.slots, p)
        arming = s.phase in DEALT and not s.at_magician[p]
        entry: dict[str, Any] = {
            "seat": p,
            "hearts": s.hearts[p],
            "keys": s.keys[p],
            "visible": [self.codes[c] for c in s.visible[p]],
            "hidden": None if hidden < 0 else self.codes[hidden] if sees else "?",
            "cards": len(held),
            "visible_total": sum(self.values[c] for c in s.visible[p]),
            "at_magician": s.at_magician[p] and s.phase != OVER and not s.gone[p],
            "resigned": s.gone[p],  # BQ-R25
            "armorer": p == s.armorer,
            "over": arming and hidden >= 0 and attack > self.hp(s.boss, s.slots),
        }
        if sees and hidden >= 0:
            entry["attack"] = attack
        return entry

    def _spells_view_problems(
        self, s: BossQuestState, seat: int | None, view: dict[str, Any]
    ) -> list[str]:
        """Each spell laid out; the mystery spell face down until activated (BQ-MYST-2)."""
        shown = view.get("spells", [])
        expected = []
        for i, slot in enumerate(s.slots):
            face_down = i == s.mystery and slot.status in (AVAILABLE, DISCARDED)
            expected.append(
                {
                    "slot": i + 1,
                    "spell": None
                    if face_down and seat != EVERYTHING
                    else self.spell_codes[slot.kind],
                    "mystery": i == s.mystery,
                    "status": STATUS_NAMES[slot.status],
                    "target": slot.target if slot.target >= 0 else None,
                }
            )
        if shown != expected:
            return [f"view of seat {seat}: the spells show {shown}, the state gives {expected}"]
        return []

    def _secret_problems(
        self, s: BossQuestState, seat: int | None, view: dict[str, Any]
    ) -> list[str]:
        """No weapon the seat may not know is named anywhere (the last combat's are public)."""
        # A weapon code (colour letter, value digit) can be part of no other text of a view.
        text = json.dumps({k: v for k, v in view.items() if k != "last_combat"}, default=str)
        named = set(WEAPON_CODE.findall(text))
        leaked = sorted(self.codes[c] for c in self._secrets(s, seat) if self.codes[c] in named)
        problems = [f"view of seat {seat} names secret weapons {leaked}"] if leaked else []
        places = (
            ("deck_top", "the deck top shows", s.deck_top),
            ("set_aside", "the weapons set aside show", s.aside),  # BQ-R25
        )
        for key, what, cards in places:
            known = [
                self.codes[c] if k in (EVERYONE, seat) or seat == EVERYTHING else "?"
                for c, k in cards
            ]
            if view.get(key) != known:
                problems.append(f"view of seat {seat}: {what} {view.get(key)}, not {known}")
        return problems

    def _secrets(self, s: BossQuestState, seat: int | None) -> set[int]:
        """The weapons ``seat`` may not know: the deck, others' hidden ones, unseen top cards."""
        if seat == EVERYTHING:
            return {self.weapon_ids[d.card] for d in s.deck}
        secret = {self.weapon_ids[d.card] for d in s.deck}
        secret.update(c for c, knower in s.deck_top if knower not in (EVERYONE, seat))
        secret.update(c for c, knower in s.aside if knower not in (EVERYONE, seat))  # BQ-R25
        secret.update(
            d.give_back
            for d in s.draws
            if d.give_back >= 0 and not d.give_back_public and d.seat != seat
        )
        if s.phase != OVER:
            secret.update(c for p, c in enumerate(s.hidden) if c >= 0 and p != seat)
        return secret


def _phase(phase: int) -> str:
    """A phase's name for a message."""
    return PHASES[phase] if 0 <= phase < len(PHASES) else str(phase)


def _short(value: object) -> str:
    """A field's value for a one-line message, cut short."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
