"""What every Victorum state, step and view keeps, besides the general rules'
(``twenty_strong.invariants``): the Training Grounds, where every conflict card, tactic,
primus and the scion is, the camps, the primuses left, the chip's moves and the influence
deck."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from gamehall.core.game import Action
from gamehall.games.twenty_strong.decks.victorum.actions import Move
from gamehall.games.twenty_strong.decks.victorum.deck import (
    CAMP,
    CAMP_SIZE,
    ENGAGED,
    MOVE,
    SETUP,
    TRAINING,
    Vic,
)
from gamehall.games.twenty_strong.decks.victorum.mountain import ADJACENT, CAMPS, FOOT, SCION_CAMP
from gamehall.games.twenty_strong.dice import COLOUR_NAMES, COLOUR_OF, UNROLLED, die_name
from gamehall.games.twenty_strong.general import takes_dice
from gamehall.games.twenty_strong.invariants import DeckChecks, Places, differ
from gamehall.games.twenty_strong.state import (
    CANNOT_WIN,
    COMMITTED,
    EXHAUSTED,
    NO_DICE,
    NOWHERE,
    POOL,
    RESIGNED,
    State,
)

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong

DISMISSABLE: Final = (POOL, COMMITTED, EXHAUSTED)
"""Where a dismissed die comes from, and where a recruited one goes (VIC-DICE-2, -6)."""
CONFLICTS: Final = ("", "primus", "scion")


def distances(start: int) -> dict[int, int]:
    """How many moves each camp is from ``start``, over any camps."""
    far, frontier = {start: 0}, [start]
    while frontier:
        reached = []
        for camp in frontier:
            for near in ADJACENT[camp]:
                if near not in far:
                    far[near] = far[camp] + 1
                    reached.append(near)
        frontier = reached
    return far


class DeckInvariants(DeckChecks):
    """Victorum's invariants."""

    quiet = frozenset({MOVE, CAMP})

    def __init__(self, game: TwentyStrong) -> None:
        super().__init__(game)
        deck = self.deck
        self.conflict_cards = frozenset(deck.conflict_cards)
        self.tactics = frozenset(deck.tactic_ids)
        self.primuses = frozenset(deck.primus_ids)
        self.scion = deck.scions[deck.scion_index].card
        self.opportunities = frozenset(deck.opportunities)
        engaged = frozenset(c for c in self.conflict_cards if deck.kind_of[c] in ENGAGED)
        items = frozenset(c for c in self.conflict_cards if deck.cards[c].item is not None)
        self.allowed = {
            "unseen cards": self.conflict_cards,
            "camps' primuses": self.primuses,
            "primuses to place": self.primuses,
            "active area": engaged | self.primuses | {self.scion},
            "discard pile": self.conflict_cards | self.primuses | {self.scion},
            "influence deck": frozenset(deck.icons),
            "inventory": items | self.opportunities | self.tactics,
            "tactic area": self.tactics,
            "opportunity offered": self.opportunities,
        }
        self.limits(self.conflict_cards | self.tactics, self.primuses | {self.scion})
        self.removals = deck.rank if deck.rank > 1 else 0
        self.total = 3 + deck.rank - 1
        """The primuses of the game (VIC-SETUP-5, VIC-RANK-2)."""

    # -- state ----------------------------------------------------------------------------

    def dice(self, state: State) -> list[str]:
        """Dice in the Training Grounds sit nowhere and show no face."""
        return [
            f"die {die_name(d)} in the Training Grounds sits on {state.places[d]} showing "
            f"{state.faces[d]}"
            for d, zone in enumerate(state.zones)
            if zone == TRAINING and (state.places[d] != NOWHERE or state.faces[d] != UNROLLED)
        ]

    def places(self, state: State) -> Places:
        """Where the deck's cards can be."""
        vic: Vic = state.deck
        return [
            ("unseen cards", vic.unseen),
            *((f"camp {CAMPS[i]}", (*s.known, *s.hidden)) for i, s in enumerate(state.stacks)),
            ("camps' primuses", [p for p in vic.primuses if p != NOWHERE]),
            ("primuses to place", vic.to_place),
            ("active area", [a.card for a in state.active]),
            ("discard pile", state.discard),
            ("influence deck", vic.influence),
            ("inventory", [i.card for i in state.inventory]),
            ("tactic area", vic.tactics),
            (
                "opportunity offered",
                [t.source for t in state.tasks if t.kind == "deck.opportunity"],
            ),
        ]

    def cards(self, state: State) -> list[str]:
        """Every conflict card and tactic in exactly one place, each where its kind may be;
        the primuses of the game (never the hero's own card) and the scion at most once."""
        places = self.places(state)
        counts = self.tally(places)
        problems = self.conservation(places, counts)
        for place, cards in places:
            allowed = self.allowed.get(place, self.conflict_cards)  # a camp: conflict cards
            problems += self.misplaced(place, cards, allowed)
        vic: Vic = state.deck
        if vic.hero == NOWHERE:
            return problems
        in_play = sum(counts[p] for p in self.deck.primus_ids)
        if in_play != self.total:
            problems.append(f"{in_play} primuses are in play, not {self.total} (VIC-RANK-2)")
        own = self.deck.primus_ids[vic.hero]
        if counts[own]:
            problems.append(f"the hero's own card {self.code(own)} is in play (VIC-SETUP-5)")
        if vic.hero != state.hero:
            problems.append(f"hero card {vic.hero} kept, but hero {state.hero} plays")
        return problems

    def progress(self, state: State) -> list[str]:
        """The conflict under way, the chip, the camps and the primuses left."""
        vic: Vic = state.deck
        problems = []
        if vic.conflict not in CONFLICTS or (vic.conflict != "") != state.endgame:
            problems.append(f"conflict {vic.conflict!r} with endgame {state.endgame}")
        if (vic.conflict == "primus") != (vic.primus != NOWHERE):
            problems.append(f"conflict {vic.conflict!r} against primus {vic.primus}")
        if vic.scion_down and vic.conflict != "scion":
            problems.append("the scion is down outside its conflict")
        at_summit = vic.chip == SCION_CAMP
        if not NOWHERE <= vic.chip <= SCION_CAMP or at_summit != (vic.conflict == "scion"):
            problems.append(f"the chip is on camp {vic.chip} in conflict {vic.conflict!r}")
        return problems + self._removed(state) + self._camps(state) + self._primuses(state)

    def _removed(self, state: State) -> list[str]:
        """At rank r > 1, the tops of r different camps are removed at setup (VIC-RANK-3)."""
        removed = state.deck.removed
        unfinished = state.phase == SETUP or state.result == RESIGNED  # resigned at setup
        done = len(removed) if unfinished else self.removals
        if len(set(removed)) != len(removed) or not done <= len(removed) <= self.removals:
            return [f"camps {removed} lost their tops at rank {self.deck.rank} (VIC-RANK-3)"]
        return []

    def _camps(self, state: State) -> list[str]:
        """Before the summit, each camp shows at most its top over its unseen cards; the next
        camp to turn up its top is the first showing none."""
        vic: Vic = state.deck
        if vic.conflict == "scion":
            left = sum(vic.buried) + len(vic.unseen) + sum(s.size() for s in state.stacks)
            return [f"{left} cards are left in the camps at the summit (VIC-END-2)"] if left else []
        problems = []
        if sum(vic.buried) != len(vic.unseen):
            problems.append(
                f"{sum(vic.buried)} cards lie under the camps' tops, {len(vic.unseen)} unseen"
            )
        for camp, stack in enumerate(state.stacks):
            if len(stack.known) > 1 or stack.hidden or stack.size() + vic.buried[camp] > CAMP_SIZE:
                problems.append(
                    f"camp {CAMPS[camp]} shows {stack.known}, hides {stack.hidden} "
                    f"over {vic.buried[camp]} (VIC-SETUP-3)"
                )
        due = next((c for c, s in enumerate(state.stacks) if not s.known and vic.buried[c]), -1)
        if vic.uncover != due:
            problems.append(f"camp {vic.uncover} is to turn up its top, not camp {due}")
        return problems

    def _primuses(self, state: State) -> list[str]:
        """The deal, then the primuses left: those on camps, to place and in conflict."""
        vic: Vic = state.deck
        if vic.hero == NOWHERE:
            if len(vic.dealt) + vic.to_deal != self.total + 1 or vic.primuses_left != self.total:
                return [
                    f"{len(vic.dealt)} cards dealt, {vic.to_deal} to deal, "
                    f"{vic.primuses_left} primuses (VIC-SETUP-5)"
                ]
            return []
        placed = sum(p != NOWHERE for p in vic.primuses)
        fighting = vic.conflict == "primus"
        if vic.primuses_left != placed + len(vic.to_place) + fighting:
            return [
                f"{vic.primuses_left} primuses left, but {placed} on camps, "
                f"{len(vic.to_place)} to place, {int(fighting)} fought (VIC-WIN-1)"
            ]
        if vic.conflict == "scion" and vic.primuses_left:
            return [f"the scion's endgame with {vic.primuses_left} primuses left (VIC-END-1)"]
        return []

    def win_problem(self, state: State) -> str:
        """The scion and every other enemy of the endgame defeated (VIC-WIN-1, VIC-END-8)."""
        vic: Vic = state.deck
        if vic.conflict != "scion":
            return "the scion's endgame has not begun (VIC-WIN-1)"
        standing = [self.code(a.card) for a in state.active if not a.defeated]
        if standing:
            return f"cards {standing} stand (VIC-END-8)"
        if not vic.scion_down and state.find_active(self.scion) == NOWHERE:
            return "the scion is not defeated (VIC-WIN-1)"
        return ""

    def lost_otherwise(self, state: State) -> str:
        """No die left to fight with (VIC-R12), or a conflict no die can win (VIC-R18)."""
        free = [d for d, zone in enumerate(state.zones) if zone in DISMISSABLE]
        if state.result == NO_DICE:
            return f"dice {[die_name(d) for d in free]} may still be rolled" if free else ""
        vic: Any = state.deck
        if state.result != CANNOT_WIN:
            return super().lost_otherwise(state)
        if not vic.conflict:
            return "no conflict is under way (VIC-R18)"
        cards = self.deck.cards
        standing = [a for a in state.active if not a.defeated]
        guards = [a for a in standing if any(m.kind == "guard" for m in cards[a.card].during)]
        fallen = {a.card for a in state.active if a.defeated}
        free += [d for d, zone in enumerate(state.zones) if state.places[d] in fallen]
        drained = sum(
            fx.amount + fx.scale * a.power
            for a in standing
            for fx in cards[a.card].special
            if fx.when == "engagement" and takes_dice(fx.kind)
        )
        if len(free) <= drained:
            return ""  # every Engagement takes them all
        for active in standing:
            if guards and not any(active is guard for guard in guards):
                continue  # while a guard stands, only guards take hits (GEN-R13)
            immune = {c for m in cards[active.card].during if m.kind == "immune" for c in m.colours}
            hurting = [d for d in free if COLOUR_OF[d] not in immune]
            if hurting:
                return f"{die_name(hurting[0])} may still hit {self.code(active.card)}"
        return ""

    # -- step -----------------------------------------------------------------------------

    def step(self, before: State, action: Action, after: State) -> list[str]:
        old: Vic = before.deck
        new: Vic = after.deck
        problems = []
        fell = old.primuses_left - new.primuses_left
        ended = old.conflict == "primus" and new.conflict != "primus"
        if fell not in (0, 1) or (fell == 1) != ended:
            problems.append(
                f"{action} took the primuses left from {old.primuses_left} to "
                f"{new.primuses_left} (VIC-PRIM-3)"
            )
        if (old.scion_down and not new.scion_down) or (
            old.conflict == "scion" and new.conflict != "scion"
        ):
            problems.append(f"{action} undid the scion's endgame")
        was, now = old.influence, new.influence
        if now[len(now) - len(was) :] != was and was[len(was) - len(now) :] != now:
            problems.append(f"{action} reordered the influence deck (VIC-INFL-5)")
        return problems + self._move(before, action, after) + self._training(before, after)

    def _move(self, before: State, action: Action, after: State) -> list[str]:
        """The chip starts at the foot, then moves to an adjacent camp holding cards, or to
        the nearest when none does; to the summit only for the endgame (VIC-MOVE-1..6)."""
        old, new = before.deck.chip, after.deck.chip
        holding = [c for c in range(len(CAMPS)) if self._size(before, c)]
        if old == new:
            stuck = holding in ([], [old])
            return [] if stuck or not isinstance(action, Move) else ["the chip stayed (VIC-MOVE-5)"]
        if new == SCION_CAMP:
            return []  # the endgame's own step (VIC-END-2), checked with the conflict
        if new not in holding:
            return [f"the chip moved to camp {CAMPS[new]}, which holds no card (VIC-MOVE-4)"]
        if old == NOWHERE:
            return [] if new in FOOT else [f"the chip started on {CAMPS[new]} (VIC-MOVE-1)"]
        if new not in ADJACENT[old] and set(ADJACENT[old]) & set(holding):
            return [f"the chip jumped from {CAMPS[old]} to {CAMPS[new]} (VIC-MOVE-2)"]
        far = distances(old)
        if new not in ADJACENT[old] and far[new] > min(far[c] for c in holding if c != old):
            return [
                f"the chip went from {CAMPS[old]} to {CAMPS[new]}, not the nearest camp "
                f"holding cards (VIC-MOVE-6)"
            ]
        return []

    def _size(self, state: State, camp: int) -> int:
        """Cards left in a camp: its top, those under it, its primus (VIC-R3)."""
        vic: Vic = state.deck
        return len(state.stacks[camp].known) + vic.buried[camp] + (vic.primuses[camp] >= 0)

    def _training(self, before: State, after: State) -> list[str]:
        """Dice are dismissed from, and recruited to, the pool, the active area or the
        exhausted area only (VIC-DICE-2, VIC-DICE-6)."""
        return [
            f"die {die_name(die)} went from zone {old} to zone {new} (VIC-DICE-2)"
            for die, (old, new) in enumerate(zip(before.zones, after.zones, strict=True))
            if (old == TRAINING) != (new == TRAINING)
            and (old if new == TRAINING else new) not in DISMISSABLE
        ]

    # -- view -----------------------------------------------------------------------------

    def view(self, state: State, table: dict[str, Any]) -> list[str]:
        vic: Vic = state.deck
        camps = [
            (
                name,
                self._code(s.known[0] if s.known else NOWHERE),
                self._size(state, c),
                self._code(vic.primuses[c]),
                vic.chip == c,
            )
            for c, (name, s) in enumerate(zip(CAMPS, state.stacks, strict=True))
        ]
        shown = [
            (
                c["name"],
                c["top"] and c["top"]["code"],
                c["size"],
                c["primus"] and c["primus"]["code"],
                c["chip"],
            )
            for c in table["camps"]
        ]
        chip = CAMPS[vic.chip] if 0 <= vic.chip < len(CAMPS) else None
        training = [COLOUR_OF[d] for d, z in enumerate(state.zones) if z == TRAINING]
        influence = table["influence"]
        return [
            *differ("camps", shown, camps),
            *differ("chip", table["chip"], "scion" if vic.chip == SCION_CAMP else chip),
            *differ(
                "influence deck",
                [c["code"] for c in influence["cards"]],
                [self.code(c) for c in vic.influence],
            ),
            *differ(
                "influence",
                influence["value"],
                sum(self.deck.icons.get(c, 0) for c in vic.influence),
            ),
            *differ(
                "Training Grounds",
                table["training"],
                {name: training.count(i) for i, name in enumerate(COLOUR_NAMES)},
            ),
            *differ(
                "tactic area",
                [t["code"] for t in table["tactics"]],
                [self.code(t) for t in vic.tactics],
            ),
            *differ("primuses left", table["primuses_left"], vic.primuses_left),
            *differ("unseen cards", table["unseen"], len(vic.unseen)),
            *differ("conflict", table["conflict"], vic.conflict or None),
        ]

    def _code(self, card: int) -> str | None:
        """A card's code, None for no card."""
        return self.code(card) if card != NOWHERE else None

    def hidden(self, state: State) -> set[int]:
        """The cards under the camps' tops (VIC-SETUP-3)."""
        vic: Vic = state.deck
        return set(vic.unseen)

    def stack_count(self, state: State, stack: int) -> int:
        vic: Vic = state.deck
        return len(state.stacks[stack].known) + vic.buried[stack]
