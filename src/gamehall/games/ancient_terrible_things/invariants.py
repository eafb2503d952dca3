"""What every state, step and view of the game keeps (core.invariants), for the fuzzer.

The checks are an oracle independent of the rules code: the expected values come from the
clauses (ATT-...) and docs/rulings.md (ATT-R...), worked out here from the card file alone,
never with the rules' own helpers (scoring, dice, effects). Seats in the messages are state
indexes (the first seat is seat 0).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, get_args

from gamehall.core.game import CHANCE, EVERYTHING, Action
from gamehall.core.invariants import Invariants
from gamehall.core.resign import Resign
from gamehall.games.ancient_terrible_things import actions as act
from gamehall.games.ancient_terrible_things.cards import RESOURCES, EffectKind, Location
from gamehall.games.ancient_terrible_things.state import (
    ACTIVE_BONUS,
    ENCOUNTER,
    EVERYONE_BONUS,
    EXPLORE,
    FOCUS,
    MYSTERY,
    OVER,
    REVEAL,
    SETUP,
    SHOP,
    TREASURE,
    AttState,
    Player,
)

if TYPE_CHECKING:
    from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings

FOCUS_FACES = range(1, 7)  # ATT-ENC-6
ACTION_FACES = frozenset({"blank", "treasure", "feat", "mystery"})  # ATT-ENC-6, ATT-R4
POOL_FOCUS, POOL_ACTION = 5, 2  # ATT-ENC-1
LOCATIONS = {1: 4, 2: 5, 3: 5, 4: 6}  # ATT-R2: locations in play by player count
SUPPLY = {1: 5, 2: 7, 3: 10, 4: 13}  # ATT-R2: Terrible Thing tokens by player count
SHOWN_ACCOMPLISHMENTS, HAND = 3, 2  # ATT-R2
IN_TURN = frozenset({ACTIVE_BONUS, EVERYONE_BONUS, SHOP, ENCOUNTER})  # the pawn has moved
STEP_NAMES = (
    "setup",
    "reveal",
    "explore",
    "active-bonus",
    "everyone-bonus",
    "shop",
    "encounter",
    "over",
)  # by step number, SETUP to OVER
STEPS = range(len(STEP_NAMES))
CHOICES = frozenset({"reroll", "set_aside", "nudge", "set_face", "ready"})
EFFECTS = frozenset(get_args(EffectKind))
SUPPLY_EMPTY, UNFILLED = "terrible-supply-empty", "locations-cannot-be-filled"
RESIGNED, OTHERS_RESIGNED = "resigned", "others-resigned"  # ATT-R16
Entry = tuple[int, str, int, str, int]
"""A queued effect: (seat, kind, amount, resource, source Loot or -1)."""
Combo = tuple[str, int, int]
"""A combination: (kind, minimum, size)."""
NO_EFFECTS: tuple[Entry, ...] = ()


def forms(combo: Combo, faces: Sequence[int]) -> bool:
    """True if ``faces`` hold ``combo`` (ATT-RES-3..7: every printed value is a minimum)."""
    kind, minimum, size = combo
    if kind == "straight":
        present = set(faces)
        return any(present.issuperset(range(low, low + size)) for low in range(minimum, 8 - size))
    return any(faces.count(value) >= size for value in range(minimum, 7))


def unequal(what: str, got: Any, expected: Any) -> list[str]:
    """``[what: got, expected ...]`` if they differ, else ``[]``."""
    return [] if got == expected else [f"{what}: {got!r}, expected {expected!r}"]


def duplicates(values: Sequence[int]) -> list[int]:
    """The values seen more than once."""
    if len(set(values)) == len(values):
        return []
    return sorted(v for v, count in Counter(values).items() if count > 1)


def strings(view: dict[str, Any]) -> set[str]:
    """Every string value anywhere inside a view."""
    found: set[str] = set()
    stack: list[Any] = [view]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list | tuple):
            stack.extend(value)
    return found


def viewer(seat: int | None) -> str:
    """Who looks at a view, in words."""
    if seat is None:
        return "the spectator"
    return "EVERYTHING" if seat == EVERYTHING else f"seat {seat}"


def step_name(step: int) -> str:
    """The step's name, for messages."""
    return STEP_NAMES[step] if step in STEPS else f"step {step}"


class AttInvariants(Invariants[AttState]):
    """Dice, tokens and cards accounted for, Secrets following the history, views honest."""

    game: AncientTerribleThings

    def __init__(self, game: AncientTerribleThings) -> None:
        super().__init__(game)
        cards = self.cards = game.cards
        n = self.n = game.players
        self.slots = int(game.options["locations"]) or LOCATIONS[n]
        self.per_tier = 2 * self.slots  # ATT-R2: six reveals in every game
        self.total_supply = int(game.options["supply"]) or SUPPLY[n]
        self.shown = min(SHOWN_ACCOMPLISHMENTS, len(cards.accomplishments))
        self.deals = (
            ("character",) * n
            + ("scenario",)
            + ("location",) * self.slots
            + ("accomplishment",) * self.shown
            + ("exploit",) * (HAND * n)
            + ("first",)
        )
        self.tier_of = tuple(e.tier - 1 for e in cards.encounters)
        self.tier_sets = tuple(
            frozenset(e for e, tier in enumerate(self.tier_of) if tier == t) for t in range(3)
        )
        self.tier_size = tuple(map(len, self.tier_sets))
        self.worth = tuple(e.secrets for e in cards.encounters)
        self.icon = tuple(RESOURCES.index(e.resource) for e in cards.encounters)
        self.codes = {
            "encounter": tuple(c.code for c in cards.encounters),
            "loot": tuple(c.code for c in cards.loot),
            "exploit": tuple(c.code for c in cards.exploits),
            "location": tuple(c.code for c in cards.locations),
            "accomplishment": tuple(c.code for c in cards.accomplishments),
            "character": tuple(c.code for c in cards.characters),
            "scenario": tuple(c.code for c in cards.scenarios),
        }
        self.index = {k: {c: i for i, c in enumerate(v)} for k, v in self.codes.items()}
        self.everything = {k: frozenset(range(len(v))) for k, v in self.codes.items()}
        self.sold_at = tuple(
            tuple(i for i, loot in enumerate(cards.loot) if loot.location == place.code)
            for place in cards.locations
        )
        # unit[icon + 1]: one token of the resource ``icon`` (none for -1)
        self.unit = tuple(tuple(int(r == i) for r in range(len(RESOURCES))) for i in range(-1, 4))

    # -- reading ----------------------------------------------------------------------

    def secrets(self, player: Player) -> int:
        """A player's Secrets, from the clauses (ATT-SCORE-1..5)."""
        return sum(self.sources(player).values())

    def sources(self, player: Player) -> dict[str, int]:
        """A player's Secrets by source, in the view's words, from the clauses."""
        cards = self.cards
        return {
            "encounters": sum(self.worth[e] for e in player.trophies),
            "loot": sum(cards.loot[i].secrets for i in player.loot),
            "accomplishments": sum(
                cards.accomplishments[a].secrets for a in player.accomplishments
            ),
            "mystery": player.tokens[MYSTERY] // 3,
            "terrible": -max(0, player.terrible - 1),
        }

    def combos(self, s: AttState) -> list[Combo]:
        """The combinations that beat the active encounter: the card's, then the scenario's
        (ATT-RES-1, ATT-R11)."""
        printed = [*self.cards.encounters[s.board[self.slot(s)]].combos]
        printed += self.cards.scenarios[s.scenario].combos
        return [(c.kind, c.minimum, c.size) for c in printed]

    def slot(self, s: AttState) -> int:
        """Where the active player's pawn stands."""
        return s.players[s.active].location

    def location(self, s: AttState) -> Location:
        """The location card under the active player's pawn."""
        return self.cards.locations[s.locations[self.slot(s)]]

    def visited(self, s: AttState, slot: int) -> bool:
        """True if the active player moved to ``slot`` this turn (and took its tokens)."""
        return s.step in IN_TURN and self.slot(s) == slot

    @staticmethod
    def chance(s: AttState) -> bool:
        """True if the next action is a chance outcome."""
        return bool(s.deals or s.rolls or s.draws) or s.step == REVEAL

    def decision(self, s: AttState) -> bool:
        """True if the next action is a decision outside any choice (the turn's own)."""
        return not self.chance(s) and s.choice is None and s.step != OVER

    def resolution(self, s: AttState, action: Action) -> bool:
        """True if ``action`` resolves the encounter (ATT-RES-10, -11)."""
        return self.decision(s) and (isinstance(action, act.Defeat) or action == act.Plain("fail"))

    def next_seat(self, s: AttState, seat: int) -> int:
        """The first seat clockwise after ``seat`` that has not resigned (ATT-PASS-1, ATT-R16)."""
        return next(
            (q for q in ((seat + k) % self.n for k in range(1, self.n + 1)) if q not in s.gone),
            seat,
        )

    def bonus_next(self, s: AttState, seat: int) -> int:
        """Who decides on the all-players bonus after ``seat``: the next seat clockwise still
        in the game, or the active player when the round is back to them (ATT-EXPLORE-5)."""
        for k in range(1, self.n + 1):
            q = (seat + k) % self.n
            if q == s.active or q not in s.gone:
                return q
        return seat

    @staticmethod
    def resigned_end(s: AttState) -> bool:
        """True if the game ended by a resignation (ATT-R16)."""
        return s.result is not None and s.result.reason in (RESIGNED, OTHERS_RESIGNED)

    def left_turn(self, s: AttState) -> bool:
        """True if the active player resigned and their turn waits only to end (ATT-R16)."""
        return s.step not in (SETUP, OVER) and s.active in s.gone

    # -- states -----------------------------------------------------------------------

    def state(self, state: AttState) -> list[str]:
        s = state
        piles = self.piles(s)
        unknown = self._unknown(s, piles)
        if unknown:
            return unknown  # the other checks would read cards that do not exist
        return [
            *self._phase(s),
            *self._board_phase(s),
            *self._pending(s),
            *self._setup(s),
            *self._one_place(piles["encounter"], "encounter"),
            *self._one_place(piles["exploit"], "exploit"),
            *self._tiers(s),
            *self._history(s),
            *self._loot(s),
            *self._accomplishments(s),
            *self._tokens(s),
            *self._locations(s),
            *self._dice(s),
            *self._outcome(s),
            *self._gone(s),
        ]

    def piles(self, s: AttState) -> dict[str, list[tuple[str, Sequence[int]]]]:
        """Where the cards of each section lie, pile by pile."""
        players = list(enumerate(s.players))
        return {
            "encounter": [
                *((f"the tier-{t + 1} deck", unseen) for t, unseen in enumerate(s.unseen)),
                ("the board", [e for e in s.board if e != -1]),
                ("the discard", s.discard),
                ("the rival's pile", s.rival),
                *((f"seat {p}'s trophies", player.trophies) for p, player in players),
            ],
            "exploit": [
                ("the Exploit deck", s.exploit_deck),
                ("the Exploit discard", s.exploit_discard),
                ("the Exploits played", s.used_exploits),
                *((f"seat {p}'s hand", player.exploits) for p, player in players),
            ],
            "loot": [
                ("the Loot sold", s.sold),
                *((f"seat {p}'s Loot", player.loot + player.exhausted) for p, player in players),
            ],
            "location": [("the locations", s.locations)],
            "accomplishment": [
                ("the Accomplishments", s.accomplishments),
                *((f"seat {p}'s", player.accomplishments) for p, player in players),
            ],
            "character": [
                ("the characters", [p.character for _, p in players if p.character != -1])
            ],
            "scenario": [("the scenario", [s.scenario] if s.scenario != -1 else [])],
        }

    def _unknown(self, s: AttState, piles: dict[str, list[tuple[str, Sequence[int]]]]) -> list[str]:
        """Indexes that name no card of the file, or no slot or seat of the table."""
        out = [
            f"{where} hold index {i}, no {section} of the file ({len(self.codes[section])})"
            for section, lying in piles.items()
            for where, cards in lying
            if cards and not 0 <= min(cards) <= max(cards) < len(self.codes[section])
            for i in cards
            if not 0 <= i < len(self.codes[section])
        ]
        out += unequal("seats in the state", len(s.players), self.n)
        out += unequal("encounter tiers", len(s.unseen), 3) + unequal("quota", len(s.quota), 3)
        out += unequal("board slots vs locations", len(s.board), len(s.locations))
        out += unequal("token slots vs locations", len(s.on_location), len(s.locations))
        out += [
            f"seat {p}'s pawn is at slot {player.location} of {len(s.locations)}"
            for p, player in enumerate(s.players)
            if not -1 <= player.location < len(s.locations)
        ]
        out += [f"seat {p} resigned, no seat of {self.n}" for p in s.gone if not 0 <= p < self.n]
        unstarted = s.step == OVER and s.turn == 0 and s.active == -1  # resigned in the setup
        if s.step != SETUP and not unstarted and not 0 <= s.active < self.n:
            out.append(f"the active seat {s.active} is no seat of {self.n}")
        elif s.step in IN_TURN and self.slot(s) < 0 and s.active not in s.gone:
            out.append(f"{step_name(s.step)}: the active seat {s.active}'s pawn is nowhere")
        return out

    def _phase(self, s: AttState) -> list[str]:
        """The step, the setup, the result, the turn and the mover agree."""
        if s.step not in STEPS:
            return [f"step {s.step} is no step of the game"]
        out, n, name = [], self.n, step_name(s.step)
        if (s.step == SETUP) != bool(s.deals):
            out.append(f"{name} with {len(s.deals)} setup deals due")
        if (s.step == OVER) != (s.result is not None):
            out.append(f"{name} with result {s.result}")
        if s.step == SETUP:
            out += unequal("active seat during setup", s.active, -1)
            out += unequal("turn during setup", s.turn, 0)
        elif s.turn < 1 and not (self.resigned_end(s) and s.turn == 0):
            out.append(f"turn {s.turn} after setup")
        mover = self.game.to_move(s)
        if (mover is None) != (s.step == OVER) or not (
            mover is None or mover == CHANCE or 0 <= mover < n
        ):
            out.append(f"the mover {mover} in {name} is not a seat of {n}")
        if mover in s.gone:
            out.append(f"{name}: seat {mover} is to move, but resigned (ATT-R16)")
        if s.step == EVERYONE_BONUS and not 0 <= s.bonus_seat < n:
            out.append(f"the all-players bonus waits on seat {s.bonus_seat} of {n}")
        elif s.step == EVERYONE_BONUS and s.bonus_seat in s.gone:
            out.append(f"the all-players bonus waits on seat {s.bonus_seat}, who resigned")
        return out

    def _board_phase(self, s: AttState) -> list[str]:
        """The game goes on only while it may (ATT-END-1, -2); a reveal fills the empty board
        slot by slot (ATT-REVEAL-2); a pawn goes, and fights, where an encounter waits
        (ATT-EXPLORE-1)."""
        out = []
        if s.step != OVER and s.supply <= 0:
            out.append(f"the Terrible Thing supply is {s.supply} but the game goes on (ATT-END-1)")
        empty = s.board.count(-1)
        if s.step == REVEAL and (not empty or s.board[: len(s.board) - empty].count(-1)):
            out.append(f"reveal with the board {s.board}: not filled slot by slot (ATT-REVEAL-2)")
        if s.step == REVEAL and sum(s.quota) < empty:
            out.append(f"reveal of {empty} cards with {sum(s.quota)} in the deck (ATT-END-2)")
        if s.step == EXPLORE and not empty < len(s.board):
            out.append("explore with no encounter on the board to go to (ATT-EXPLORE-1)")
        if s.step in IN_TURN and s.active not in s.gone and s.board[self.slot(s)] < 0:
            out.append(
                f"{step_name(s.step)}: no encounter at the active pawn's slot {self.slot(s)}"
            )
        return out

    def _pending(self, s: AttState) -> list[str]:
        """The pending choice, effects, draws and rolls are well formed."""
        n, out = self.n, []
        if s.step == OVER and (s.choice or s.queue or s.rolls or s.draws):
            out.append("the game is over with a choice, effects, rolls or draws still due")
        for seat, kind, amount, resource, _ in s.queue:
            if not 0 <= seat < n or kind not in EFFECTS or amount < 0:
                out.append(f"queued effect {kind} x{amount} for seat {seat} is not an effect")
            elif (kind == "gain") != (resource in RESOURCES):
                out.append(f"queued effect {kind} names resource {resource!r}")
        out += [f"an Exploit draw is due to seat {d} of {n}" for d in s.draws if not 0 <= d < n]
        if s.draws and not s.exploit_deck:
            out.append(f"{len(s.draws)} Exploit draws due from an empty deck")
        out += [f"an Exploit draw is due to seat {d}, who resigned" for d in s.draws if d in s.gone]
        out += [
            f"an effect {e[1]} is queued for seat {e[0]}, who resigned"
            for e in s.queue
            if e[0] in s.gone
        ]
        if s.choice is not None and s.choice.seat in s.gone:
            out.append(f"a {s.choice.kind} choice waits on seat {s.choice.seat}, who resigned")
        if self.left_turn(s):
            if s.rolls or s.dice != ((), (), (), ()):
                out.append(f"seat {s.active} resigned, but their dice are still out ({s.dice})")
            if not (s.step == REVEAL or s.draws or s.choice):
                out.append(f"seat {s.active} resigned, but their turn waits on nothing (ATT-R16)")
        choice = s.choice
        if choice is None:
            return out
        if choice.kind not in CHOICES or not 0 <= choice.seat < n or choice.amount < 0:
            out.append(f"the choice {choice} is no choice of a seat")
        elif choice.kind == "ready":
            ready = [i for i in s.players[choice.seat].exhausted if i != choice.source]
            if not ready:
                out.append(f"seat {choice.seat} chooses a Loot to ready with none exhausted")
        elif s.step != ENCOUNTER:
            out.append(f"a {choice.kind} choice on dice in {step_name(s.step)} (ATT-R8)")
        elif choice.kind in ("reroll", "set_aside") and len(s.dice.aside) >= len(s.dice.focus):
            out.append(f"a {choice.kind} choice with every Focus die set aside")
        return out

    def _setup(self, s: AttState) -> list[str]:
        """Setup deals in order (ATT-SETUP-2, ATT-R2), and what is dealt matches them."""
        due = self.deals[len(self.deals) - len(s.deals) :] if s.deals else ()
        if s.deals != due:
            return [f"setup deals due {s.deals} are not the end of {self.deals}"]
        if s.step == OVER and s.turn == 0:  # a resignation ended the setup (ATT-R16)
            held = [p.character for p in s.players if p.character >= 0]
            code = self.codes["character"]
            return [f"character {code[i]} dealt twice" for i in duplicates(held)]

        def dealt(kind: str) -> int:
            return self.deals.count(kind) - s.deals.count(kind)

        out = []
        characters = [p.character for p in s.players]
        given = dealt("character")
        if any((c >= 0) != (p < given) for p, c in enumerate(characters)):
            out.append(f"characters {characters}: {given} dealt, to the first seats in order")
        for section, values in (
            ("character", [c for c in characters if c >= 0]),
            ("location", s.locations),
            ("accomplishment", s.accomplishments),
        ):
            out += [f"{section} {self.codes[section][i]} dealt twice" for i in duplicates(values)]
        out += unequal("scenario dealt", s.scenario >= 0, dealt("scenario") == 1)
        out += unequal("locations dealt", len(s.locations), dealt("location"))
        out += unequal("accomplishments in play", len(s.accomplishments), dealt("accomplishment"))
        if s.step == SETUP:
            k = dealt("exploit")
            hands = [len(p.exploits) for p in s.players]
            out += unequal(
                "Exploit hands dealt round-robin",
                hands,
                [k // self.n + (p < k % self.n) for p in range(self.n)],
            )
        return out

    def _tiers(self, s: AttState) -> list[str]:
        """Each tier's deck holds its own cards; the quota counts the draws, tier by tier."""
        out: list[str] = []
        for t, unseen in enumerate(s.unseen):
            out += (
                []
                if self.tier_sets[t].issuperset(unseen)
                else [
                    f"the tier-{t + 1} deck holds {self.codes['encounter'][e]}"
                    f" of tier {self.tier_of[e] + 1}"
                    for e in unseen
                    if self.tier_of[e] != t
                ]
            )
            drawn, quota = self.tier_size[t] - len(unseen), s.quota[t]
            if not 0 <= quota <= self.per_tier or drawn != self.per_tier - quota:
                out.append(f"tier {t + 1}: {drawn} cards drawn, {quota} left of {self.per_tier}")
            if quota < self.per_tier and any(s.quota[:t]):
                out.append(f"tier {t + 1} revealed before tiers {s.quota[:t]} ran out (ATT-R2)")
        if (self.n == 1 and s.discard) or (self.n > 1 and s.rival):
            out.append(
                f"{self.n} players with {len(s.discard)} discarded, {len(s.rival)} to the rival"
            )
        return out

    def _history(self, s: AttState) -> list[str]:
        """Terrible Things taken, encounters resolved and turns played agree."""
        out = []
        held = sum(p.terrible for p in s.players)
        if s.supply + held != self.total_supply:
            out.append(
                f"Terrible Things: {s.supply} in the supply + {held} held, not {self.total_supply}"
            )
        if self.n > 1 and len(s.discard) != held:
            out.append(f"{len(s.discard)} encounters failed but {held} Terrible Things taken")
        if self.n == 1 and len(s.rival) < held:
            out.append(f"{held} encounters failed but only {len(s.rival)} in the rival's pile")
        resolved = sum(len(p.trophies) for p in s.players) + held
        played = s.turn if s.step == OVER and s.supply <= 0 else max(0, s.turn - 1)
        played += self.left_turn(s)  # its player resigned: it only waits to end (ATT-R16)
        if resolved + s.abandoned != played:
            out.append(
                f"{resolved} encounters resolved in {played} finished turns, {s.abandoned} of"
                " them left unresolved by a resignation (ATT-TURN-1, ATT-R16)"
            )
        if self.n == 1 and len(s.rival) - held > max(0, s.turn - 1):
            out.append(f"the rival claimed {len(s.rival) - held} in {s.turn - 1} turns (ATT-R1)")
        seat, encounter, combo = s.last
        if seat >= 0:
            pile = s.players[seat].trophies[-1:] if combo >= 0 else (s.discard or s.rival)
            if encounter not in pile:
                out.append(f"the last resolution {s.last} is not where it left its card")
        fight = s.fight
        if (fight is None) != (seat < 0) or (fight and (fight.combo is None) != (combo < 0)):
            out.append(f"the record of the last fight {fight} is not that of {s.last}")
        elif fight and not set(fight.accomplishments) <= set(s.players[seat].accomplishments):
            out.append(f"the last fight scored {fight.accomplishments}, which its player lacks")
        return out

    def _one_place(self, piles: list[tuple[str, Sequence[int]]], section: str) -> list[str]:
        """Each card of ``section`` lies in exactly one pile (ATT-EXPL-2: played Exploits
        stay played)."""
        every = [card for _, cards in piles for card in cards]
        if len(every) == len(self.codes[section]) and set(every) == self.everything[section]:
            return []
        places: dict[int, list[str]] = {}
        for where, cards in piles:
            for card in cards:
                places.setdefault(card, []).append(where)
        return [
            f"{section} {code} is in {len(places.get(i, ()))} places: "
            + (", ".join(places.get(i, ())) or "none")
            for i, code in enumerate(self.codes[section])
            if len(places.get(i, ())) != 1
        ]

    def _loot(self, s: AttState) -> list[str]:
        """Loot sold is Loot owned, bought where it is sold; exhausted Loot is owned; Loot and
        hands are sorted."""
        owned = [i for p in s.players for i in p.loot]
        out = unequal("Loot sold vs owned", sorted(s.sold), sorted(owned))
        out += [f"Loot {self.codes['loot'][i]} owned twice" for i in duplicates(owned)]
        places = {self.codes["location"][i] for i in s.locations}
        out += [
            f"Loot {self.codes['loot'][i]} sold at {self.cards.loot[i].location}, not in play"
            f" (ATT-LOOT-1)"
            for i in owned
            if self.cards.loot[i].location not in places
        ]
        for p, player in enumerate(s.players):
            if not set(player.exhausted) <= set(player.loot) or duplicates(player.exhausted):
                out.append(f"seat {p}'s exhausted Loot {player.exhausted} not in {player.loot}")
            for what, cards in (("Loot", player.loot), ("Exploit hand", player.exploits)):
                if list(cards) != sorted(cards):
                    out.append(f"seat {p}'s {what} {cards} is not sorted")
        return out

    def meets(self, player: Player, accomplishment: int, used: Combo | None) -> bool:
        """True if ``player`` meets the Accomplishment's condition (ATT-R12), ``used``: the
        combination just used to defeat an encounter."""
        card = self.cards.accomplishments[accomplishment]
        if card.condition == "defeated":
            return len(player.trophies) >= card.amount
        icons = [self.icon[e] for e in player.trophies]
        if card.condition == "defeated_resource":
            return icons.count(RESOURCES.index(card.resource or "")) >= card.amount
        if card.condition == "every_resource":
            return len(set(icons)) == len(RESOURCES)
        if card.condition == "combo":
            return used is not None and used[0] == card.combo and used[2] >= card.amount
        return len(player.loot) >= card.amount

    def _accomplishments(self, s: AttState) -> list[str]:
        """Each player holds exactly the standing goals they meet (ATT-R12)."""
        out = []
        for p, player in enumerate(s.players):
            held = player.accomplishments
            if not set(held) <= set(s.accomplishments) or duplicates(held):
                out.append(
                    f"seat {p} holds Accomplishments {held}, not all in play {s.accomplishments}"
                )
            for a in s.accomplishments:
                if self.cards.accomplishments[a].condition == "combo":
                    continue  # met by an event, checked by the step
                if self.meets(player, a, None) != (a in held):
                    code = self.codes["accomplishment"][a]
                    verb = "holds" if a in held else "meets but lacks"
                    out.append(
                        f"seat {p} {verb} {code}, whose condition is {'un' * (a in held)}met"
                    )
        return out

    def _tokens(self, s: AttState) -> list[str]:
        """No negative tokens; spent Terrible Things are some of those held (ATT-TT-2)."""
        out = []
        for p, player in enumerate(s.players):
            if len(player.tokens) != len(RESOURCES) or min(player.tokens) < 0:
                out.append(f"seat {p} holds tokens {player.tokens}")
            if not 0 <= player.flipped <= player.terrible:
                out.append(
                    f"seat {p} flipped {player.flipped} of {player.terrible} Terrible Things"
                )
        if s.discount < 0:
            out.append(f"a Loot discount of {s.discount}")
        return out

    def _locations(self, s: AttState) -> list[str]:
        """One token per encounter revealed lies on its location until a pawn takes it
        (ATT-REVEAL-3, ATT-EXPLORE-2); solo, the rival leaves tokens behind (ATT-R1)."""
        out = []
        # ATT-R16: an encounter left behind by a resigning player lies without its token, as
        # does the one of the turn a resignation cut short when it ended the game
        cut = self.resigned_end(s) and s.active >= 0
        spare = s.abandoned + (cut and self.n > 1)
        cut_slot = s.players[s.active].location if cut and self.n == 1 else -1
        for slot, tokens in enumerate(s.on_location):
            encounter = s.board[slot]
            if len(tokens) != len(RESOURCES) or min(tokens) < 0:
                out.append(f"slot {slot} holds tokens {tokens}")
            elif self.visited(s, slot):
                out += unequal(
                    f"tokens left on slot {slot} after the pawn took them", tokens, (0,) * 4
                )
            elif slot == cut_slot and tokens == (0,) * 4:
                continue  # the solo game was resigned after the pawn took them
            elif self.n == 1:
                if encounter >= 0 and not tokens[self.icon[encounter]]:
                    out.append(
                        f"slot {slot}: no {RESOURCES[self.icon[encounter]]} token beside "
                        f"{self.codes['encounter'][encounter]}"
                    )
            else:
                expected = self.unit[self.icon[encounter] + 1 if encounter >= 0 else 0]
                if tokens == (0,) * 4 and encounter >= 0 and spare:
                    spare -= 1  # taken by a pawn whose player resigned before the fight
                elif tokens != expected:
                    out += unequal(f"tokens on slot {slot}", tokens, expected)
        return out

    def _dice(self, s: AttState) -> list[str]:
        """The encounter's dice: 5 + extra Focus dice and 2 Action dice, valid faces, a die
        unrolled only while due a roll, no die set aside re-rolled (ATT-ENC-1..6)."""
        dice = s.dice
        if s.step not in (ENCOUNTER, OVER):
            empty = not (dice.focus or dice.aside or dice.action or dice.used or s.rolls)
            return [] if empty else [f"dice {dice}, rolls {s.rolls} outside an encounter"]
        if s.step == OVER and not dice.focus:
            return []
        out = []
        if len(dice.focus) < POOL_FOCUS or not len(dice.action) == len(dice.used) == POOL_ACTION:
            out.append(f"{len(dice.focus)} Focus and {len(dice.action)} Action dice (ATT-ENC-1)")
        due = set(s.rolls)
        if len(due) != len(s.rolls):
            out.append(f"a die due two rolls: {s.rolls}")
        for i, value in enumerate(dice.focus):
            rolling = act.focus_die(i) in due
            if not (value in FOCUS_FACES or (value == 0 and rolling)):
                out.append(f"Focus die {i + 1} shows {value}")
            if rolling and i in dice.aside:
                out.append(f"Focus die {i + 1} is set aside but re-rolled (ATT-ENC-5)")
        for i, (symbol, used) in enumerate(zip(dice.action, dice.used, strict=False)):
            rolling = act.action_die(i) in due
            if not (symbol in ACTION_FACES or (symbol == "" and rolling and not used)):
                out.append(f"Action die {i + 1} shows {symbol!r}, used: {used}")
        if list(dice.aside) != sorted(set(dice.aside)) or not set(dice.aside) <= set(
            range(len(dice.focus))
        ):
            out.append(f"Focus dice set aside {dice.aside} of {len(dice.focus)}")
        names = {act.focus_die(i) for i in range(len(dice.focus))} | {"a1", "a2"}
        out += [f"a roll due for {die}, no die of the encounter" for die in due - names]
        return out

    def _outcome(self, s: AttState) -> list[str]:
        """The result: each seat's Secrets, the winners by the tie-breaks (ATT-WIN-1, ATT-R3;
        solo ATT-R1) and the reason the game ended (ATT-END-1, -2)."""
        result = s.result
        if result is None:
            return []
        scores = [self.secrets(p) for p in s.players]
        out = unequal("final scores", list(result.scores), [float(x) for x in scores])
        left = [p for p in range(self.n) if p not in s.gone]
        if self.resigned_end(s):  # ATT-R16: solo lost; else the last seat left wins
            out += unequal("reason", result.reason, RESIGNED if self.n == 1 else OTHERS_RESIGNED)
            alone = 0 if self.n == 1 else 1  # solo nobody is left; else the winner alone
            out += unequal("seats left when the game ended by resignations", len(left), alone)
            return out + unequal("winners", result.winners, tuple(left))
        if self.n == 1:
            rival = sum(self.worth[e] for e in (*s.rival, *(e for e in s.board if e >= 0)))
            winners: tuple[int, ...] = (0,) if scores[0] > rival else ()
        else:
            ranks = {
                p: (scores[p], -pl.terrible, len(pl.trophies)) for p, pl in enumerate(s.players)
            }
            best = max(ranks[p] for p in left)
            winners = tuple(p for p in left if ranks[p] == best)  # ATT-R16: never a resigned seat
        out += unequal("winners", result.winners, winners)
        if s.supply <= 0:
            out += unequal("reason", result.reason, SUPPLY_EMPTY)
        else:
            out += unequal("reason", result.reason, UNFILLED)
            if any(e >= 0 for e in s.board) or sum(s.quota) >= len(s.board):
                out.append(f"the game ended with the board {s.board}, {s.quota} in the deck")
        return out

    def _gone(self, s: AttState) -> list[str]:
        """Seats that resigned resign once, leave the board and move no more; with several
        players the game goes on while two seats are left (ATT-R16)."""
        out = [f"seat {p} resigned twice" for p in duplicates(s.gone)]
        out += [
            f"seat {p} resigned, but their pawn is at slot {s.players[p].location}"
            for p in s.gone
            if 0 <= p < self.n and s.players[p].location != -1 and self.n > 1
        ]
        if not 0 <= s.abandoned <= len(s.gone):
            out.append(f"{s.abandoned} turns left by a resignation, {len(s.gone)} seats resigned")
        if s.step != OVER and len(s.gone) >= max(1, self.n - 1):
            out.append(f"{len(s.gone)} of {self.n} seats resigned but the game goes on")
        return out

    # -- steps ------------------------------------------------------------------------

    def step(self, before: AttState, action: Any, after: AttState) -> list[str]:
        if before.step == OVER:
            return [f"{action} was applied to a finished game"]
        if type(action) is Resign:
            return self._step_resign(before, action.seat, after)
        out, resolved = self._queue(before, action, after)
        return [
            *out,
            *self._step_turn(before, action, after),
            *self._step_tokens(before, action, after, resolved),
            *self._step_encounters(before, action, after),
            *self._step_exploits(before, action, after, resolved),
            *self._step_pawns(before, action, after),
            *self._step_phase(before, action, after),
            *self._step_loot(before, action, after),
            *self._step_accomplishments(before, action, after),
            *self._step_dice(before, action, after, resolved),
        ]

    def _step_resign(self, before: AttState, seat: int, after: AttState) -> list[str]:
        """A resignation (ATT-R16): solo the game is lost; else the seat leaves the board, keeps
        its cards (its hand face down, out of play), loses what it had still to draw or
        choose, and, if it was the active player, its turn ends unresolved, the encounter left
        where it is, as soon as nothing else is waiting; nothing else on the table moves."""
        out = unequal("seats resigned after resign", after.gone, (*before.gone, seat))
        if seat in before.gone or not 0 <= seat < self.n:
            out.append(f"seat {seat} resigned, although it cannot (gone, or no seat)")
        left = [p for p in range(self.n) if p not in after.gone]
        if len(left) <= 1:
            reason = after.result.reason if after.result else None
            expected = RESIGNED if self.n == 1 else OTHERS_RESIGNED
            return out + unequal(
                "the end after the last resignation", (after.step, reason), (OVER, expected)
            )
        players = list(before.players)
        players[seat] = players[seat]._replace(location=-1)
        out += unequal(
            "the players after resign (only the pawn leaves)", list(after.players), players
        )
        out += unequal(
            "draws owed after resign", after.draws, tuple(d for d in before.draws if d != seat)
        )
        active = seat == before.active and before.step != SETUP
        queue = (
            ()
            if active and after.turn != before.turn
            else tuple(e for e in before.queue if e[0] != seat)
        )
        out += unequal("effects queued after resign", after.queue, queue)
        kept = before.choice if before.choice is None or before.choice.seat != seat else None
        if after.turn == before.turn:
            out += unequal("the choice after resign", after.choice, kept)
        for field in ("board", "supply", "discard", "rival", "quota", "exploit_deck", "sold"):
            out += unequal(
                f"the {field} after resign", getattr(after, field), getattr(before, field)
            )
        out += unequal("turns left by a resignation", after.abandoned, before.abandoned + active)
        if active and after.turn != before.turn:
            out += unequal("the turn after the active seat resigned", after.turn, before.turn + 1)
            out += unequal(
                "the next active seat (ATT-PASS-1)", after.active, self.next_seat(after, seat)
            )
            out += unequal("the next turn's step", after.step, EXPLORE)
        else:
            out += unequal(
                "the turn after resign", (after.turn, after.active), (before.turn, before.active)
            )
            if active and not (after.step == REVEAL or after.draws or after.choice):
                out.append(f"seat {seat} resigned in its turn, and the turn did not pass")
            step = before.step
            if before.step == EVERYONE_BONUS and before.bonus_seat == seat and not active:
                bonus = self.bonus_next(after, seat)
                step = SHOP if bonus == before.active else EVERYONE_BONUS
                out += unequal("the all-players bonus after resign", after.bonus_seat, bonus)
            out += unequal("the step after resign", after.step, step)
        return out

    def new_effects(self, s: AttState, action: Action) -> tuple[Entry, ...]:
        """The effects ``action`` queues: a bonus, a Loot card, an Exploit or a benefit."""
        if not self.decision(s):
            return NO_EFFECTS
        effects: Sequence[Any] = ()
        seat, source = s.active, -1
        if s.step == ACTIVE_BONUS and action == act.Plain("bonus"):  # ATT-EXPLORE-4
            effects = self.location(s).active
        elif s.step == EVERYONE_BONUS and action == act.Plain("use"):  # ATT-EXPLORE-5
            effects, seat = self.location(s).everyone, s.bonus_seat
        elif isinstance(action, act.UseLoot):
            source = self.index["loot"][action.code]
            effects = self.cards.loot[source].effects
        elif isinstance(action, act.Card) and action.verb == "play":
            effects = self.cards.exploits[self.index["exploit"][action.code]].effects
        elif isinstance(action, act.Terrible):  # ATT-TT-1
            effects = (self.cards.characters[s.players[seat].character].benefits[action.benefit],)
        return tuple((seat, e.kind, e.amount, e.resource or "", source) for e in effects)

    def _queue(
        self, before: AttState, action: Action, after: AttState
    ) -> tuple[list[str], list[Entry]]:
        """Effects resolve first in, first out: the queue after is what is left of the queue
        before and the effects the action added; the rest resolved in this step."""
        pending = [*before.queue, *self.new_effects(before, action)]
        left = len(pending) - len(after.queue)
        if left < 0 or tuple(pending[left:]) != after.queue:
            return [f"queue {before.queue} + {action} became {after.queue}"], []
        return [], pending[:left]

    def _step_turn(self, before: AttState, action: Action, after: AttState) -> list[str]:
        """A turn ends only on resolution and passes clockwise (ATT-PASS-1); the game ends
        only on resolution (ATT-END-1, -2)."""
        resolves = self.resolution(before, action)
        fought = after.fight.dice if resolves and after.fight else after.fight
        out = unequal(
            f"the fight recorded on {action}", fought, before.dice if resolves else before.fight
        )
        if after.turn == before.turn:
            out += unequal(f"active seat after {action}", after.active, before.active)
            if resolves and after.step != OVER:
                out.append(f"the turn did not pass after {action}")
        elif after.turn != before.turn + 1:
            out.append(f"turn {before.turn} -> {after.turn} on {action}")
        elif isinstance(action, act.First):
            out += unequal("first player", after.active, action.seat)
            if action.seat in before.gone:
                out.append(f"{action}: seat {action.seat} resigned (ATT-R16)")
        elif resolves or self.left_turn(before):  # ATT-R16: a left turn ends once done
            out += unequal(
                "the next active seat (ATT-PASS-1)",
                after.active,
                self.next_seat(before, before.active),
            )
        else:
            out.append(f"a new turn began on {action}, which does not end a turn")
        if after.step == OVER and not resolves:
            out.append(f"the game ended on {action}, which resolves nothing")
        return out

    def _step_pawns(self, before: AttState, action: Action, after: AttState) -> list[str]:
        """Only the active player's pawn moves, when they go (ATT-EXPLORE-1, ATT-TURN-2)."""
        expected = [p.location for p in before.players]
        if self.decision(before) and isinstance(action, act.Card) and action.verb == "go":
            expected[before.active] = before.locations.index(self.index["location"][action.code])
        return unequal(f"pawns after {action}", [p.location for p in after.players], expected)

    def _explicit_tokens(self, s: AttState, action: Action, expected: list[list[int]]) -> None:
        """Add to ``expected`` the tokens ``action`` itself moves (not its effects)."""
        if isinstance(action, act.Card) and action.verb == "character" and s.deals:
            seat = [p.character for p in s.players].index(-1)
            start = self.cards.characters[self.index["character"][action.code]].start
            expected[seat] = [start.get(r, 0) for r in RESOURCES]  # ATT-SETUP-2
        if not self.decision(s):
            return
        me = expected[s.active]
        if isinstance(action, act.Card) and action.verb == "go":  # ATT-EXPLORE-2
            taken = s.on_location[s.locations.index(self.index["location"][action.code])]
            expected[s.active] = [a + b for a, b in zip(me, taken, strict=True)]
        elif isinstance(action, act.Card) and action.verb == "buy":  # ATT-LOOT-1, ATT-R7
            me[TREASURE] -= max(
                0, self.cards.loot[self.index["loot"][action.code]].price - s.discount
            )
        elif isinstance(action, act.Card) and action.verb == "play":  # ATT-EXPL-1
            cost = self.cards.exploits[self.index["exploit"][action.code]].cost
            for resource, amount in cost.items():
                me[RESOURCES.index(resource)] -= amount
        elif isinstance(action, act.Focus):  # ATT-R5
            me[FOCUS] -= 1
        elif isinstance(action, act.Cash) and s.dice.action[action.die] in RESOURCES:
            me[RESOURCES.index(s.dice.action[action.die])] += 1  # ATT-RES-9
        elif self.resolution(s, action):  # ATT-RES-9, ATT-R17: the symbols left are cashed
            for face, used in zip(s.dice.action, s.dice.used, strict=True):
                if not used and face in RESOURCES:
                    me[RESOURCES.index(face)] += 1

    def _step_tokens(
        self, before: AttState, action: Action, after: AttState, resolved: list[Entry]
    ) -> list[str]:
        """Tokens move only as the action and the effects it resolved say; Terrible Things
        only on a failure (ATT-RES-11) or a flip (ATT-TT-2); the discount as bought."""
        expected = [list(p.tokens) for p in before.players]
        self._explicit_tokens(before, action, expected)
        for seat, kind, amount, resource, _ in resolved:
            if kind == "gain":
                expected[seat][RESOURCES.index(resource)] += amount
        out = [
            f"seat {p}'s tokens (F, M, T, Ft) {before.players[p].tokens} -> {player.tokens} on "
            f"{action}, expected {tuple(expected[p])}"
            for p, player in enumerate(after.players)
            if list(player.tokens) != expected[p]
        ]
        failed = self.resolution(before, action) and action == act.Plain("fail")
        flipped = self.decision(before) and isinstance(action, act.Terrible)
        for p, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
            mine = p == before.active
            out += unequal(
                f"seat {p}'s Terrible Things on {action}",
                new.terrible,
                old.terrible + (mine and failed),
            )
            out += unequal(
                f"seat {p}'s flipped Terrible Things on {action}",
                new.flipped,
                old.flipped + (mine and flipped),
            )
        base = (
            0 if after.turn != before.turn or self._bought(before, action) >= 0 else before.discount
        )
        extra = sum(amount for _, kind, amount, _, _ in resolved if kind == "buy_loot")
        out += unequal(f"Loot discount on {action}", after.discount, base + extra)
        return out

    def _bought(self, s: AttState, action: Action) -> int:
        """The Loot bought by ``action``, or -1."""
        if self.decision(s) and isinstance(action, act.Card) and action.verb == "buy":
            return self.index["loot"][action.code]
        return -1

    def _step_encounters(self, before: AttState, action: Action, after: AttState) -> list[str]:
        """Encounters move only as the rules say: revealed in slot order (ATT-REVEAL-2),
        defeated with a combination the dice form (ATT-RES-1..10), failed only when they
        form none (ATT-R10), claimed by the solo rival (ATT-R1)."""
        board, discard, rival = list(before.board), before.discard, before.rival
        trophies = [p.trophies for p in before.players]
        out: list[str] = []
        if before.deals and isinstance(action, act.Card) and action.verb == "location":
            board.append(-1)
        elif before.step == REVEAL and isinstance(action, act.Card):
            board[board.index(-1)] = self.index["encounter"][action.code]
        elif self.resolution(before, action):
            slot = self.slot(before)
            encounter, board[slot] = board[slot], -1
            out += self._combo_check(before, action)
            if isinstance(action, act.Defeat):
                trophies[before.active] += (encounter,)
            elif self.n > 1:
                discard += (encounter,)
            else:
                rival += (encounter,)
            if self.n == 1 and not (after.step == OVER and after.supply <= 0):
                rival += self._rival_claim(board)
        out += unequal(f"board after {action}", after.board, tuple(board))
        out += unequal(f"discard after {action}", after.discard, discard)
        out += unequal(f"rival's pile after {action}", after.rival, rival)
        out += unequal(f"trophies after {action}", [p.trophies for p in after.players], trophies)
        return out

    def _combo_check(self, s: AttState, action: Action) -> list[str]:
        """A defeat names a combination the Focus dice form; a failure is only when none."""
        combos, faces = self.combos(s), s.dice.focus
        formed = [c for c in combos if forms(c, faces)]
        if isinstance(action, act.Defeat):
            if not 0 <= action.combo < len(combos) or combos[action.combo] not in formed:
                return [f"{action} with dice {faces}, which form only {formed} (ATT-RES-1)"]
        elif formed:
            return [f"fail although the dice {faces} form {formed[0]} (ATT-R10)"]
        return []

    def _rival_claim(self, board: list[int]) -> tuple[int, ...]:
        """Solo: the rival takes the encounter left with the most Secrets, the first slot on
        a tie (ATT-R1); ``board`` loses it."""
        left = [slot for slot, e in enumerate(board) if e >= 0]
        if not left:
            return ()
        slot = max(left, key=lambda i: (self.worth[board[i]], -i))
        claimed, board[slot] = board[slot], -1
        return (claimed,)

    def _step_exploits(
        self, before: AttState, action: Action, after: AttState, resolved: list[Entry]
    ) -> list[str]:
        """Exploits are dealt round-robin, drawn by the seat owed a draw (while the deck
        lasts), and played from the hand for good (ATT-EXPL-2)."""
        hands = [set(p.exploits) for p in before.players]
        deck, used, draws = set(before.exploit_deck), before.used_exploits, before.draws
        if isinstance(action, act.Card) and action.verb == "exploit" and self.chance(before):
            card = self.index["exploit"][action.code]
            if before.deals:
                sizes = [len(h) for h in hands]
                seat = sizes.index(min(sizes))
            else:
                seat, draws = before.draws[0], before.draws[1:]
            deck.discard(card)
            hands[seat].add(card)
            draws = draws if deck else ()
        elif self.decision(before) and isinstance(action, act.Card) and action.verb == "play":
            card = self.index["exploit"][action.code]
            hands[before.active].discard(card)
            used += (card,)
        out = unequal(
            f"Exploit hands after {action}",
            [p.exploits for p in after.players],
            [tuple(sorted(h)) for h in hands],
        )
        out += unequal(f"Exploit deck after {action}", sorted(after.exploit_deck), sorted(deck))
        out += unequal(f"Exploits played after {action}", after.used_exploits, used)
        for seat, kind, amount, _, _ in resolved:
            if kind == "draw_exploit":
                draws += (seat,) * min(amount, len(deck))
        return out + unequal(f"Exploit draws owed after {action}", after.draws, draws)

    def _step_loot(self, before: AttState, action: Action, after: AttState) -> list[str]:
        """Loot is bought at the pawn's location (ATT-LOOT-1), exhausted when used
        (ATT-LOOT-3) and readied only by an effect, never its own (ATT-LOOT-4, ATT-R9)."""
        loot = [set(p.loot) for p in before.players]
        exhausted = [set(p.exhausted) for p in before.players]
        out: list[str] = []
        bought = self._bought(before, action)
        if bought >= 0:
            loot[before.active].add(bought)
            if self.cards.loot[bought].location != self.location(before).code:
                out.append(f"{action} away from its location {self.cards.loot[bought].location}")
        elif self.decision(before) and isinstance(action, act.UseLoot):
            card = self.index["loot"][action.code]
            if (action.die >= 0) != self.cards.loot[card].action_die:
                out.append(f"{action}: the Action die this card needs (ATT-LOOT-2)")
            if card in exhausted[before.active]:
                out.append(f"{action}: the card was exhausted (ATT-LOOT-3)")
            exhausted[before.active].add(card)
        elif before.choice is not None and isinstance(action, act.Card) and action.verb == "ready":
            card = self.index["loot"][action.code]
            if card == before.choice.source:
                out.append(f"{action}: a Loot card readied itself (ATT-R9)")
            exhausted[before.choice.seat].discard(card)
        out += unequal(f"Loot after {action}", [set(p.loot) for p in after.players], loot)
        out += unequal(
            f"exhausted Loot after {action}", [set(p.exhausted) for p in after.players], exhausted
        )
        return out

    def _step_accomplishments(self, before: AttState, action: Action, after: AttState) -> list[str]:
        """Accomplishments are scored by the active player on a defeat or a purchase, each
        one whose condition they then meet, and never lost (ATT-R12)."""
        used: Combo | None = None
        claims = self._bought(before, action) >= 0
        if self.resolution(before, action) and isinstance(action, act.Defeat):
            combos = self.combos(before)
            used = combos[action.combo] if 0 <= action.combo < len(combos) else None
            claims = True
        out = []
        for p, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
            expected = list(old.accomplishments)
            if claims and p == before.active:
                expected += [
                    a
                    for a in before.accomplishments
                    if a not in old.accomplishments and self.meets(new, a, used)
                ]
            out += unequal(
                f"seat {p}'s Accomplishments after {action}",
                sorted(new.accomplishments),
                sorted(expected),
            )
        return out

    def _step_dice(
        self, before: AttState, action: Action, after: AttState, resolved: list[Entry]
    ) -> list[str]:
        """A new encounter throws 5 Focus and 2 Action dice (ATT-ENC-1, -2); inside one,
        faces and rolls change only as the action and its effects say."""
        if isinstance(action, act.Plain) and action.verb == "leave" and self.decision(before):
            fresh = ((0,) * POOL_FOCUS, (), ("",) * POOL_ACTION, (False,) * POOL_ACTION)
            out = unequal("the dice of a new encounter (ATT-ENC-1, -2)", tuple(after.dice), fresh)
            return out + unequal(
                "rolls of a new encounter",
                sorted(after.rolls),
                sorted([*map(act.focus_die, range(POOL_FOCUS)), "a1", "a2"]),
            )
        if before.step != ENCOUNTER or after.step != ENCOUNTER:
            return []
        return self._step_faces(before, action, after, resolved) + self._step_rolls(
            before, action, after, resolved
        )

    def _step_faces(
        self, before: AttState, action: Action, after: AttState, resolved: list[Entry]
    ) -> list[str]:
        """A roll turns its own die, a nudge or a face its die; Action dice are never
        re-rolled (ATT-ENC-3); dice set aside and Action dice used stay so."""
        old, new = before.dice, after.dice
        extra = sum(amount for _, kind, amount, _, _ in resolved if kind == "extra_die")
        out = unequal(f"Focus dice after {action}", len(new.focus), len(old.focus) + extra)
        focus = list(old.focus) + [0] * extra
        faces, aside, used = list(old.action), set(old.aside), list(old.used)
        if isinstance(action, act.Roll):
            index = int(action.die[1:]) - 1
            if action.die[0] == "f":
                focus[index] = int(action.face)
            elif old.action[index]:
                out.append(f"{action}: an Action die re-rolled (ATT-ENC-3)")
            else:
                faces[index] = action.face
        elif isinstance(action, act.Nudge):
            focus[action.die] += 1 if action.up else -1
        elif isinstance(action, act.Face):
            focus[action.die] = action.value
        elif isinstance(action, act.Dice) and action.verb == "aside":
            aside |= set(action.dice)
        elif isinstance(action, act.Cash | act.UseLoot) and action.die >= 0:
            if used[action.die]:
                out.append(f"{action}: the Action die was used already (ATT-RES-9, ATT-LOOT-2)")
            used[action.die] = True
        if isinstance(action, act.Cash) and old.action[action.die] not in RESOURCES:
            out.append(f"{action}: the die shows {old.action[action.die]!r} (ATT-RES-9)")
        out += unequal(f"Focus faces after {action}", list(new.focus), focus)
        out += unequal(f"Focus dice set aside after {action}", set(new.aside), aside)
        out += unequal(f"Action dice used after {action}", list(new.used), used)
        return out + unequal(
            f"Action dice faces after {action} (ATT-ENC-3)", list(new.action), faces
        )

    def _step_rolls(
        self, before: AttState, action: Action, after: AttState, resolved: list[Entry]
    ) -> list[str]:
        """The dice due a roll: a Focus token re-rolls one die (ATT-R5), a re-roll its chosen
        dice, a re-roll of all every die not set aside (ATT-ENC-5), an extra die itself."""
        rolls = list(before.rolls[1:] if isinstance(action, act.Roll) else before.rolls)
        if self.decision(before) and isinstance(action, act.Focus):
            rolls.append(act.focus_die(action.die))
        elif before.choice is not None and isinstance(action, act.Dice):
            rolls += map(act.focus_die, action.dice if action.verb == "reroll" else ())
        count = len(before.dice.focus)
        for _, kind, amount, _, _ in resolved:
            if kind == "extra_die":
                rolls += map(act.focus_die, range(count, count + amount))
                count += amount
            elif kind == "reroll_all":
                rolls += (act.focus_die(i) for i in range(count) if i not in after.dice.aside)
        return unequal(f"dice due a roll after {action}", after.rolls, tuple(rolls))

    def _step_phase(self, before: AttState, action: Action, after: AttState) -> list[str]:
        """The phases follow each other as the turn says (ATT-TURN-1, ATT-EXPLORE-4, -5,
        ATT-REVEAL-1, -2, ATT-END-1, -2); the all-players bonus goes clockwise."""
        expected = self._next_step(before, action, after)
        out = []
        if after.step != expected:
            out.append(
                f"{step_name(before.step)} -> {step_name(after.step)} on {action}, expected "
                f"{step_name(expected)}"
            )
        if after.step == EVERYONE_BONUS and self.decision(before):
            if before.step == ACTIVE_BONUS:
                seat = before.active
            else:
                seat = self.bonus_next(before, before.bonus_seat)
            out += unequal(f"the all-players bonus after {action}", after.bonus_seat, seat)
        return out

    def _next_step(self, before: AttState, action: Action, after: AttState) -> int:
        """The step ``action`` leads to from ``before`` (``after``: the table it left)."""
        if before.deals:
            return REVEAL if isinstance(action, act.First) else SETUP
        if self.left_turn(before) and after.turn != before.turn:
            return EXPLORE  # ATT-R16: the turn of a player who resigned ends, the next begins
        if before.step == REVEAL:
            return EXPLORE if before.board.count(-1) == 1 else REVEAL
        if self.resolution(before, action):
            if after.supply <= 0:
                return OVER
            if any(e >= 0 for e in after.board):
                return EXPLORE
            return REVEAL if sum(after.quota) >= len(after.board) else OVER
        if not self.decision(before):
            return before.step
        if before.step == EVERYONE_BONUS:
            last = self.bonus_next(before, before.bonus_seat) == before.active
            return SHOP if last else EVERYONE_BONUS
        if before.step == SHOP:
            return ENCOUNTER if action == act.Plain("leave") else SHOP
        return {EXPLORE: ACTIVE_BONUS, ACTIVE_BONUS: EVERYONE_BONUS}.get(before.step, before.step)

    # -- views ------------------------------------------------------------------------

    def view(self, state: AttState, seat: int | None, view: dict[str, Any]) -> list[str]:
        return [
            *self._view_table(state, seat, view),
            *self._view_locations(state, view),
            *self._view_players(state, seat, view),
            *self._view_dice(state, view),
            *self._view_fight(state, view),
            *self._view_hidden(state, seat, view),
        ]

    def _view_table(self, s: AttState, seat: int | None, view: dict[str, Any]) -> list[str]:
        """The public table as the state holds it."""
        codes = self.codes
        expected = {
            "seat": seat if seat is not None and seat >= 0 else None,
            "turn": s.turn,
            "active": s.active,
            "scenario": codes["scenario"][s.scenario] if s.scenario >= 0 else None,
            "supply": s.supply,
            "deck": list(s.quota),
            "exploit_deck": len(s.exploit_deck),
            "discard": [codes["encounter"][e] for e in s.discard],
            "accomplishments": [codes["accomplishment"][a] for a in s.accomplishments],
            "result": s.result.to_json() if s.result else None,
        }
        if self.n == 1:
            pile = [*s.rival, *(e for e in s.board if e >= 0)]
            expected["rival"] = {
                "pile": [codes["encounter"][e] for e in s.rival],
                "secrets": sum(self.worth[e] for e in pile),
            }
        return [
            f"the view's {key} is {view.get(key)!r}, the state's {value!r}"
            for key, value in expected.items()
            if view.get(key) != value
        ]

    def _view_locations(self, s: AttState, view: dict[str, Any]) -> list[str]:
        """Each location as it lies: its encounter, tokens, pawns and Loot for sale."""
        codes, shown = self.codes, view.get("locations", [])
        if len(shown) != len(s.locations):
            return [f"the view shows {len(shown)} locations of {len(s.locations)}"]
        out = []
        for slot, (location, seen) in enumerate(zip(s.locations, shown, strict=True)):
            encounter = s.board[slot]
            expected = {
                "code": codes["location"][location],
                "encounter": codes["encounter"][encounter] if encounter >= 0 else None,
                "tokens": dict(zip(RESOURCES, s.on_location[slot], strict=True)),
                "pawns": [p for p, player in enumerate(s.players) if player.location == slot],
                "for_sale": [codes["loot"][i] for i in self.sold_at[location] if i not in s.sold],
            }
            out += [
                f"the view's slot {slot} {key} is {seen.get(key)!r}, the state's {value!r}"
                for key, value in expected.items()
                if seen.get(key) != value
            ]
        return out

    def _view_players(self, s: AttState, seat: int | None, view: dict[str, Any]) -> list[str]:
        """Each player's public cards, tokens and Secrets; the hand only to its owner."""
        codes, out = self.codes, []
        shown = view.get("players", [])
        if len(shown) != self.n:
            return [f"the view shows {len(shown)} players of {self.n}"]
        for p, (player, seen) in enumerate(zip(s.players, shown, strict=True)):
            resigned = p in s.gone  # ATT-R16: a resigned hand is never shown to the others
            open_hand = seat in (p, EVERYTHING) or (s.step == OVER and not resigned)
            expected = {
                "character": codes["character"][player.character]
                if player.character >= 0
                else None,
                "tokens": dict(zip(RESOURCES, player.tokens, strict=True)),
                "exploits": [codes["exploit"][e] for e in player.exploits] if open_hand else None,
                "exploit_count": len(player.exploits),
                "loot": [
                    {"code": codes["loot"][i], "exhausted": i in player.exhausted}
                    for i in player.loot
                ],
                "trophies": [codes["encounter"][e] for e in player.trophies],
                "accomplishments": [codes["accomplishment"][a] for a in player.accomplishments],
                "terrible": player.terrible,
                "flipped": player.flipped,
                "location": player.location,
                "secrets": self.secrets(player),
                "secret_sources": self.sources(player),
                "resigned": resigned,
            }
            out += [
                f"{viewer(seat)} sees seat {p}'s {key} as {seen.get(key)!r}, the state's {value!r}"
                for key, value in expected.items()
                if seen.get(key) != value
            ]
        return out

    def _view_fight(self, s: AttState, view: dict[str, Any]) -> list[str]:
        """The last fight as it was: its encounter, its dice, what the unused dice gave."""
        fight, shown = s.fight, view.get("fight")
        if fight is None or shown is None:
            return unequal("the view's last fight", shown is None, fight is None)
        cashed = [
            f
            for f, used in zip(fight.dice.action, fight.dice.used, strict=True)
            if not used and f in RESOURCES
        ]
        return (
            unequal(
                "the last fight's encounter", shown["encounter"], self.codes["encounter"][s.last[1]]
            )
            + unequal("the last fight's dice", shown["focus"], list(fight.dice.focus))
            + unequal("the last fight's cashed dice", shown["cashed"], cashed)
            + unequal("the last fight's victory", shown["defeated"], s.last[2] >= 0)
        )

    def _view_dice(self, s: AttState, view: dict[str, Any]) -> list[str]:
        """The dice on the table, as they lie, during an encounter."""
        dice = s.dice
        if s.step != ENCOUNTER or not dice.focus:
            return unequal("the view's dice", view.get("dice"), None) + unequal(
                "the view's combinations", view.get("combos"), []
            )
        shown = {
            "focus": list(dice.focus),
            "aside": list(dice.aside),
            "action": list(dice.action),
            "used": list(dice.used),
            "rolling": list(s.rolls),
        }
        rolled = 0 not in dice.focus
        printed = len(self.cards.encounters[s.board[self.slot(s)]].combos)
        combos = [
            {
                "kind": kind,
                "minimum": minimum,
                "size": size,
                "met": rolled and forms((kind, minimum, size), dice.focus),
                "scenario": i >= printed,
            }
            for i, (kind, minimum, size) in enumerate(self.combos(s))
        ]
        out = unequal("the view's dice", view.get("dice"), shown)
        out += unequal("the view's combinations", view.get("combos"), combos)
        return out + unequal(
            "the view's success", view.get("success"), any(c["met"] for c in combos)
        )

    def _view_hidden(self, s: AttState, seat: int | None, view: dict[str, Any]) -> list[str]:
        """No card whose place nobody may know shows: the undrawn encounters, the Exploit
        deck, and other seats' hands (until the game is over)."""
        codes = self.codes
        hidden = {codes["encounter"][e]: "undrawn" for tier in s.unseen for e in tier}
        hidden.update({codes["exploit"][e]: "in the Exploit deck" for e in s.exploit_deck})
        if seat != EVERYTHING:
            for p, player in enumerate(s.players):
                if p != seat and (s.step != OVER or p in s.gone):
                    hidden.update(
                        {codes["exploit"][e]: f"in seat {p}'s hand" for e in player.exploits}
                    )
        return [
            f"{viewer(seat)} sees {code}, which is {hidden[code]}"
            for code in sorted(strings(view) & hidden.keys())
        ]
