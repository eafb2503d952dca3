"""Observation features of Ancient Terrible Things (``core.features``): what one seat sees, as
a fixed-size vector, seats turned so that the observer is ``self`` and ``opp1``... follow
clockwise.

The parts, in order (docs/rl.md lists every group with its scaling):

- the table: the step, whose turn and whose decision, the choice in progress, the turn, the
  supplies, the last resolution;
- the board: each location card (in play, its encounter's tier, resource, Secrets and one-roll
  odds, the tokens lying there), the scenario, the Accomplishments in play, the solo rival;
- each player, ``self`` first: tokens, Secrets, hand size, Terrible Things, character, where
  the pawn stands, trophies, Accomplishments, Loot (ready or exhausted);
- the observer's own Exploits (others' hands show only their size, as in the view);
- the encounter: its combinations (met or not), the Focus dice's faces, their faces counted,
  which are set aside, the Action dice (symbol, spent).

The state is read directly, for speed, and only for what ``view(state, seat)`` shows. States
share the objects that did not change, so each seat's vector is kept between calls and only
the parts whose objects changed are written again (from small remembered pieces: a location
with its encounter, a player's Loot...); the call returns a copy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from gamehall.core.game import CHANCE
from gamehall.games.ancient_terrible_things.actions import action_die, focus_die
from gamehall.games.ancient_terrible_things.cards import RESOURCES
from gamehall.games.ancient_terrible_things.catalogue import most_combos, most_focus_dice
from gamehall.games.ancient_terrible_things.dice import (
    ACTION_DICE,
    ACTION_FACES,
    FOCUS_DICE,
    FOCUS_FACES,
    Combo,
    meets,
)
from gamehall.games.ancient_terrible_things.odds import reroll_odds
from gamehall.games.ancient_terrible_things.scoring import rival_secrets, secrets
from gamehall.games.ancient_terrible_things.state import (
    ENCOUNTER,
    MYSTERY,
    NO_FACE,
    AttState,
    Player,
)
from gamehall.games.ancient_terrible_things.view import STEPS

if TYPE_CHECKING:
    from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings

RELATIVE = ("self", "opp1", "opp2", "opp3")
"""Seats as the observer sees them: itself, then clockwise."""
CHOICES = ("reroll", "set_aside", "nudge", "set_face", "ready")
COMBO_KINDS = ("high", "pair", "set", "straight")
ACTION_KINDS = tuple(face for face, _ in ACTION_FACES)
TOKENS_TOP, HAND_TOP, TROPHIES_TOP, KIND_TOP, LYING_TOP, DISCOUNT_TOP, COUNT_TOP = (
    10,
    8,
    12,
    6,
    4,
    3,
    5,
)
"""Counts are divided by these and capped at 1."""
SECRETS_TOP, RIVAL_TOP = 30, 60
"""Secrets are divided by these and kept within [-1, 1]."""
LOCATION = 15
"""Features per location card."""
CARDS = slice(Player._fields.index("loot"), None)
"""A player's Loot (owned, exhausted), trophies, Accomplishments, Terrible Things, pawn."""
NONE = (0, 0, 0, 0)
NOBODY = Player(-1, NONE, (), (), (), (), (), 0, 0, -1)
"""A player with nothing."""
MEMO = 1 << 16
"""The most entries a memo keeps before it starts again."""

PIECES = (
    *("place", "trophies", "accomplishments", "loot", "hand", "location", "table"),
    *("faces", "aside", "action"),
)
"""The kinds of remembered pieces (each built by the method of that name)."""

K = TypeVar("K")
V = TypeVar("V")


def _capped(count: int, top: int) -> float:
    """``count / top``, at most 1."""
    return min(count, top) / top


def _hot(size: int, hot: tuple[int, ...]) -> list[float]:
    """``size`` zeros with a one at each index of ``hot``."""
    vector = [0.0] * size
    for index in hot:
        vector[index] = 1.0
    return vector


TOKENS = tuple(count / TOKENS_TOP for count in range(TOKENS_TOP + 1))
HAND = tuple(count / HAND_TOP for count in range(HAND_TOP + 1))
COUNTS = tuple(count / COUNT_TOP for count in range(COUNT_TOP + 1))
"""``_capped`` by count, up to the top."""
CHOICE_PART: dict[Any, list[float]] = {
    (kind, amount): [*(float(k == kind) for k in CHOICES), amount / 6]
    for kind in CHOICES
    for amount in range(7)
}
CHOICE_PART[None] = [0.0] * (len(CHOICES) + 1)
"""``choice.*`` by (kind, amount) of the choice in progress, or None."""
SIXTHS = tuple(face / 6 for face in range(7))
"""A Focus die's feature by face (0: not rolled yet)."""
LAST_HOT = ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0))
"""No resolution yet, the last defeated, the last failed."""


def _holding(resource: int, count: int) -> Player:
    """A player with nothing but ``count`` tokens of ``resource``."""
    return NOBODY._replace(tokens=tuple(count if r == resource else 0 for r in range(len(NONE))))


def _between(value: float) -> float:
    """``value`` kept within [-1, 1]."""
    return max(-1.0, min(1.0, value))


_SHARED: dict[float, float] = {}


def _shared(values: list[float]) -> list[float]:
    """``values`` as one float object per value: a vector then holds few distinct objects,
    which its copies (reference counts) touch quickly."""
    return [_SHARED.setdefault(value, value) for value in values]


def _remember(memo: dict[K, V], key: K, value: V) -> V:
    """Keep ``value`` under ``key`` (the memo starts again when full); return it."""
    if len(memo) >= MEMO:
        memo.clear()
    memo[key] = value
    return value


class _Seat:
    """What everyone sees of one player, kept while the state holds the same player."""

    __slots__ = ("counted", "head", "locations", "mystery", "player", "rest", "score", "scored")

    def __init__(self) -> None:
        self.player: Player | None = None
        self.head: list[float] = []
        """Tokens, Secrets, hand size, Terrible Things."""
        self.locations: tuple[int, ...] | None = None
        self.rest: list[float] = []
        """The character, the pawn's place (among :attr:`locations`), trophies,
        Accomplishments, Loot."""
        self.scored: tuple[Any, ...] | None = None
        self.counted = 0
        """The Secrets of the cards and Terrible Things (:attr:`scored`)."""
        self.mystery = -1
        self.score = 0.0
        """The Secrets with the Mystery tokens (:attr:`mystery` of them), scaled."""


class _Sight:
    """One observer's vector as last returned, and what each of its parts shows."""

    __slots__ = (
        "accomplishments",
        "action",
        "active",
        "aside",
        "board",
        "choice",
        "deck",
        "dice",
        "discount",
        "exploits",
        "here",
        "last",
        "locations",
        "lying",
        "mover",
        "players",
        "quota",
        "rests",
        "scenario",
        "seated",
        "step",
        "supply",
        "turn",
        "vector",
    )

    def __init__(self, size: int, locations: tuple[int, ...], players: int) -> None:
        self.vector = [0.0] * (size + 1)  # the last number takes what is written nowhere
        self.locations = locations
        self.step = size
        self.active = self.turn = self.supply = self.discount = self.scenario = -2
        self.mover: int | None = -2
        self.choice: Any = False
        self.quota: tuple[int, ...] | None = None
        self.deck: tuple[int, ...] | None = None
        self.last: tuple[int, ...] | None = None
        self.board: tuple[int, ...] | None = None
        self.lying: tuple[tuple[int, ...], ...] | None = None
        self.accomplishments: tuple[int, ...] | None = None
        self.seated: tuple[Player, ...] | None = None
        self.players: list[Player | None] = [None] * players
        self.rests: list[list[float] | None] = [None] * players
        self.exploits: tuple[int, ...] | None = None
        self.dice: Any = None
        """The encounter's dice shown (None: no encounter, its part is zeros)."""
        self.here: Any = None
        self.aside: tuple[int, ...] | None = None
        self.action: Any = None


class AttFeatures:
    """The features of one configured game (a player count and a card set)."""

    __slots__ = (
        "_active_at",
        "_alone",
        "_at",
        "_board",
        "_held",
        "_idle",
        "_known",
        "_lately",
        "_memo",
        "_met",
        "_most_combos",
        "_most_dice",
        "_mover_at",
        "_nowhere",
        "_order",
        "_players",
        "_sights",
        "_supply",
        "_turn",
        "game",
        "names",
    )

    def __init__(self, game: AncientTerribleThings) -> None:
        self.game = game
        cards = game.cards
        n = game.players
        per_tier, supply = game.setup.per_tier, max(game.setup.supply, 1)
        self._turn = 1 / (3 * per_tier + 1)
        self._supply = (1 / supply, 1 / per_tier, 1 / len(cards.exploits))
        self._most_combos = most_combos(game)
        self._most_dice = most_focus_dice(game)
        self.names = names = self._names()
        nowhere = len(self.names)  # each observer's vector has one more number, never shown
        self._active_at = tuple(
            (*(len(STEPS) + (p - seat) % n for p in range(n)), nowhere, nowhere)
            for seat in range(n)
        )
        """By observer, by active seat: where its ``active.*`` is (-1: nobody yet, -2:
        nothing shown yet)."""
        self._mover_at = {
            seat: {
                **{p: len(STEPS) + n + (p - seat) % n for p in range(n)},
                None: nowhere,
                CHANCE: len(STEPS) + 2 * n,
                -2: nowhere,
            }
            for seat in range(n)
        }
        """By observer, by mover: where its ``mover.*`` is (``mover.chance`` for chance)."""
        first = names.index
        self._at = {
            "choice": first("choice.reroll"),
            "when": first("turn"),
            "board": first(f"loc.{cards.locations[0].code}.in-play"),
            "hand": first(f"hand.{cards.exploits[0].code}"),
            "here": first("here.combo1.high"),
            "faces": first("f1.face"),
            "aside": first("f1.aside"),
            "action": first("a1.blank"),
        }
        """Where each part begins."""
        self._order = tuple(
            tuple(
                (r, (seat + r) % n, first(f"{who}.focus"), first(f"{who}.focus") + 8)
                for r, who in enumerate(RELATIVE[:n])
            )
            for seat in range(n)
        )
        """By observer: each player (``self`` first): relative and absolute seat, where their
        part begins and where its rest (after tokens, Secrets, hand size, Terrible Things)
        begins."""
        self._idle = [0.0] * (len(names) - self._at["here"])
        self._known: dict[tuple[int, int], tuple[list[float], tuple[Combo, ...], float]] = {}
        self._met: dict[tuple[tuple[int, ...], Combo], bool] = {}
        """By sorted Focus dice and a combination: whether they form it."""
        self._memo: dict[str, dict[Any, Any]] = {kind: {} for kind in PIECES}
        """Pieces of the vector by kind, each by what it shows."""
        self._lately: tuple[Any, list[float]] = (None, [])
        """The turn, supplies and last resolution last shown, and their features."""
        self._held = tuple(_shared([held / supply for held in range(supply + 1)]))
        """Terrible Thing tokens by number, scaled by the supply."""
        self._nowhere = [0.0] * LOCATION
        """A location card not in play."""
        self._board: tuple[Any, ...] = ()
        """The board last shown (its objects) and its part."""
        self._alone: dict[int, int] = {}
        """The Secrets of so many Mystery tokens alone."""
        self._players = [_Seat() for _ in range(n)]
        self._sights = [_Sight(len(names), (), n) for _ in range(n)]

    def _names(self) -> tuple[str, ...]:
        """Every feature's name, in the order :meth:`encode` writes them."""
        cards, n = self.game.cards, self.game.players
        locations = [c.code for c in cards.locations]
        names = [f"step.{STEPS[step]}" for step in sorted(STEPS)]
        names += [f"active.{r}" for r in RELATIVE[:n]]
        names += [f"mover.{r}" for r in RELATIVE[:n]] + ["mover.chance"]
        names += [f"choice.{kind}" for kind in CHOICES] + ["choice.amount"]
        names += ["turn", "supply", "deck.tier1", "deck.tier2", "deck.tier3", "exploit-deck"]
        names += ["discount", "last.defeated", "last.failed"]
        for code in locations:
            names += [f"loc.{code}.in-play", f"loc.{code}.enc"]
            names += [f"loc.{code}.enc.tier{t}" for t in (1, 2, 3)]
            names += [f"loc.{code}.enc.{r}" for r in RESOURCES]
            names += [f"loc.{code}.enc.secrets", f"loc.{code}.enc.odds"]
            names += [f"loc.{code}.{r}" for r in RESOURCES]
        names += [f"scenario.{c.code}" for c in cards.scenarios]
        names += [f"acc.{c.code}" for c in cards.accomplishments]
        if n == 1:
            names += ["rival.pile", "rival.secrets"]
        for r in RELATIVE[:n]:
            names += [f"{r}.{resource}" for resource in RESOURCES]
            names += [f"{r}.{what}" for what in ("secrets", "exploits", "terrible", "unflipped")]
            names += [f"{r}.char.{c.code}" for c in cards.characters]
            names += [f"{r}.at.{code}" for code in locations]
            names += [f"{r}.trophies"] + [f"{r}.trophies.{resource}" for resource in RESOURCES]
            names += [f"{r}.acc.{c.code}" for c in cards.accomplishments]
            names += [f"{r}.loot.{c.code}" for c in cards.loot]
        names += [f"hand.{c.code}" for c in cards.exploits]
        for i in range(1, self._most_combos + 1):
            names += [f"here.combo{i}.{kind}" for kind in COMBO_KINDS]
            names += [f"here.combo{i}.{what}" for what in ("min", "size", "scenario", "met")]
        dice = [focus_die(i) for i in range(self._most_dice)]
        names += [f"{die}.face" for die in dice]
        names += [f"dice.count{face}" for face in FOCUS_FACES] + ["dice.focus"]
        names += [f"{die}.aside" for die in dice]
        for die in map(action_die, range(ACTION_DICE)):
            names += [f"{die}.{kind}" for kind in ACTION_KINDS] + [f"{die}.used"]
        return tuple(names)

    # -- remembered pieces ----------------------------------------------------------------

    def _piece(self, kind: str, key: Any) -> list[float]:
        """The piece of ``kind`` that shows ``key``, built once by the method of that name."""
        memo = self._memo[kind]
        piece: list[float] | None = memo.get(key)
        if piece is None:
            piece = _remember(memo, key, _shared(getattr(self, f"_{kind}")(key)))
        return piece

    def _place(self, key: tuple[int, int]) -> list[float]:
        """A character and the location card where the pawn stands (-1: none yet)."""
        character, location = key
        characters = len(self.game.cards.characters)
        place = _hot(characters + len(self.game.cards.locations), ())
        if character >= 0:
            place[character] = 1.0
        if location >= 0:
            place[characters + location] = 1.0
        return place

    def _trophies(self, trophies: tuple[int, ...]) -> list[float]:
        """How many encounters defeated, and how many show each resource."""
        shown = [self.game.cards.encounters[e].resource for e in trophies]
        counted = [_capped(shown.count(r), KIND_TOP) for r in RESOURCES]
        return [_capped(len(trophies), TROPHIES_TOP), *counted]

    def _accomplishments(self, claimed: tuple[int, ...]) -> list[float]:
        return _hot(len(self.game.cards.accomplishments), claimed)

    def _loot(self, key: tuple[tuple[int, ...], tuple[int, ...]]) -> list[float]:
        """Loot owned: 1 ready, -1 exhausted."""
        owned, exhausted = key
        loot = _hot(len(self.game.cards.loot), owned)
        for index in exhausted:
            loot[index] = -1.0
        return loot

    def _hand(self, exploits: tuple[int, ...]) -> list[float]:
        return _hot(len(self.game.cards.exploits), exploits)

    def _location(self, key: tuple[int, tuple[int, ...], int]) -> list[float]:
        """A location card in play: its encounter (if any) and the tokens lying there."""
        encounter, lying, scenario = key
        found = [0.0] * 10
        if encounter >= 0:
            card = self.game.cards.encounters[encounter]
            found = [1.0, *(float(card.tier == t) for t in (1, 2, 3))]
            found += [float(card.resource == r) for r in RESOURCES]
            found += [card.secrets / 9, self._combos(encounter, scenario)[2]]
        return [1.0, *found, *(_capped(count, LYING_TOP) for count in lying)]

    def _table(self, key: tuple[int, tuple[int, ...]]) -> list[float]:
        """The scenario and the Accomplishments in play."""
        scenario, accomplishments = key
        cards = self.game.cards
        table = _hot(len(cards.scenarios), (scenario,) if scenario >= 0 else ())
        return table + _hot(len(cards.accomplishments), accomplishments)

    def _faces(self, focus: tuple[int, ...]) -> list[float]:
        """The Focus dice's faces, and how many show each face."""
        faces = [*map(SIXTHS.__getitem__, focus), *self._idle[: self._most_dice - len(focus)]]
        counted = map(focus.count, FOCUS_FACES)
        return [
            *faces,
            *(COUNTS[c] if c <= COUNT_TOP else 1.0 for c in counted),
            len(focus) / self._most_dice,
        ]

    def _aside(self, aside: tuple[int, ...]) -> list[float]:
        return _hot(self._most_dice, aside)

    def _action(self, key: tuple[tuple[str, ...], tuple[bool, ...]]) -> list[float]:
        """The Action dice: the symbol each shows, and whether it is spent."""
        action = [0.0] * (5 * ACTION_DICE)
        for i, (symbol, used) in enumerate(zip(*key, strict=True)):
            if symbol:
                action[5 * i + ACTION_KINDS.index(symbol)] = 1.0
            action[5 * i + 4] = float(used)
        return action

    def _combos(
        self, encounter: int, scenario: int
    ) -> tuple[list[float], tuple[Combo, ...], float]:
        """The combinations that defeat ``encounter`` under ``scenario`` (the card's, then the
        scenario's): described, as the rules test them, and the chance one roll forms one."""
        key = (encounter, scenario)
        known = self._known.get(key)
        if known is None:
            cards = self.game.cards
            printed = list(cards.encounters[encounter].combos)
            own = len(printed)
            if scenario >= 0:
                printed += cards.scenarios[scenario].combos
            block = [0.0] * (8 * self._most_combos)
            for i, c in enumerate(printed):
                block[8 * i + COMBO_KINDS.index(c.kind)] = 1.0
                block[8 * i + 4 : 8 * i + 7] = [c.minimum / 6, c.size / 6, float(i >= own)]
            combos = tuple((c.kind, c.minimum, c.size) for c in printed)
            odds = float(reroll_odds((NO_FACE,) * FOCUS_DICE, range(FOCUS_DICE), combos))
            known = self._known[key] = (_shared(block), combos, odds)
        return known

    def _when(
        self, key: tuple[int, int, tuple[int, ...], int, int, tuple[int, ...]]
    ) -> list[float]:
        """The turn, the supplies, the last resolution."""
        turn, supply, quota, deck, discount, last = key
        per_token, per_card, per_exploit = self._supply
        return [
            min(turn * self._turn, 1.0),
            supply * per_token,
            *(count * per_card for count in quota),
            deck * per_exploit,
            _capped(discount, DISCOUNT_TOP),
            *LAST_HOT[0 if last[0] < 0 else 1 if last[2] >= 0 else 2],
        ]

    # -- the parts ------------------------------------------------------------------------

    def _board_part(self, state: AttState) -> list[float]:
        """The location cards, the scenario, the Accomplishments in play, the solo rival: built
        once for each board the observers are shown."""
        key = (state.board, state.on_location, state.accomplishments, state.scenario)
        if self._board[:4] == key:
            shown: list[float] = self._board[4]
            return shown
        memo = self._memo["location"]
        places = [self._nowhere] * len(self.game.cards.locations)
        board, lying, scenario = state.board, state.on_location, state.scenario
        for slot, location in enumerate(state.locations):
            where = (board[slot], lying[slot], scenario)
            places[location] = memo.get(where) or self._piece("location", where)
        part: list[float] = []
        for place in places:
            part += place
        part += self._piece("table", (scenario, state.accomplishments))
        if self.game.players == 1:
            part.append(_capped(len(state.rival), 3 * self.game.setup.per_tier))
            part.append(_between(rival_secrets(self.game, state) / RIVAL_TOP))
        self._board = (*key, part)
        return part

    def _see(self, seen: _Seat, player: Player, locations: tuple[int, ...]) -> None:
        """Build what everyone sees of ``player`` into ``seen``, reusing what did not change
        (mostly only the tokens do)."""
        old = seen.player
        if (
            old is None
            or old[CARDS] != player[CARDS]
            or old.character != player.character
            or seen.locations is not locations
        ):
            memo, piece = self._memo, self._piece
            at, trophies, claimed = player.location, player.trophies, player.accomplishments
            place = (player.character, locations[at] if at >= 0 else -1)
            owned = (player.loot, player.exhausted)
            seen.rest = [
                *(memo["place"].get(place) or piece("place", place)),
                *(memo["trophies"].get(trophies) or piece("trophies", trophies)),
                *(memo["accomplishments"].get(claimed) or piece("accomplishments", claimed)),
                *(memo["loot"].get(owned) or piece("loot", owned)),
            ]
            seen.locations = locations
            scored = (trophies, player.loot, claimed, player.terrible)
            if scored != seen.scored:
                seen.scored, seen.counted, seen.mystery = scored, self._counted(player), -1
        focus, mystery, treasure, feat = player.tokens
        if mystery != seen.mystery:
            alone = self._alone.get(mystery)
            if alone is None:
                alone = self._alone[mystery] = secrets(self.game, _holding(MYSTERY, mystery))
            score = _between((seen.counted + alone) / SECRETS_TOP)
            seen.mystery, seen.score = mystery, _SHARED.setdefault(score, score)
        hand, held, terrible = len(player.exploits), self._held, player.terrible
        seen.head = [
            TOKENS[focus] if focus <= TOKENS_TOP else 1.0,
            TOKENS[mystery] if mystery <= TOKENS_TOP else 1.0,
            TOKENS[treasure] if treasure <= TOKENS_TOP else 1.0,
            TOKENS[feat] if feat <= TOKENS_TOP else 1.0,
            seen.score,
            HAND[hand] if hand <= HAND_TOP else 1.0,
            held[terrible],  # at most the supply the game began with
            held[terrible - player.flipped],
        ]
        seen.player = player

    def _counted(self, player: Player) -> int:
        """The Secrets of a player's cards and Terrible Things, without the Mystery tokens
        (their own Secrets are added: ``scoring.secrets`` sums them up)."""
        return secrets(self.game, player._replace(tokens=NONE))

    def _show_players(
        self, sight: _Sight, players: tuple[Player, ...], locations: tuple[int, ...], seat: int
    ) -> None:
        """Write the players who changed: their tokens and counts, and the rest if it changed."""
        v, cache, shown, rests = sight.vector, self._players, sight.players, sight.rests
        for r, p, head, rest in self._order[seat]:
            player = players[p]
            if player is not shown[r]:
                shown[r] = player
                seen = cache[p]
                if seen.player is not player:
                    self._see(seen, player, locations)
                v[head:rest] = seen.head
                if seen.rest is not rests[r]:
                    rests[r] = seen.rest
                    v[rest : rest + len(seen.rest)] = seen.rest

    def _show_dice(self, sight: _Sight, state: AttState) -> None:
        """Write the parts of the encounter that changed: combinations and faces, dice set
        aside, Action dice."""
        v, at, dice = sight.vector, self._at, state.dice
        focus = dice.focus
        here = (state.board[state.players[state.active].location], state.scenario, focus)
        if here != sight.here:
            sight.here = here
            described, combos, _ = self._known.get(here[:2]) or self._combos(*here[:2])
            start = at["here"]
            v[start : start + len(described)] = described
            if NO_FACE not in focus:
                faces, met = tuple(sorted(focus)), self._met
                for i, combo in enumerate(combos):
                    formed = met.get((faces, combo))
                    if formed is None:
                        formed = _remember(met, (faces, combo), meets(combo, faces))
                    if formed:
                        v[start + 8 * i + 7] = 1.0
            v[at["faces"] : at["aside"]] = self._piece("faces", focus)
        if dice.aside is not sight.aside:
            sight.aside = dice.aside
            v[at["aside"] : at["action"]] = self._piece("aside", dice.aside)
        action = (dice.action, dice.used)
        if action != sight.action:
            sight.action = action
            v[at["action"] : -1] = self._piece("action", action)
        sight.dice = dice

    # -- the vector -----------------------------------------------------------------------

    def encode(self, state: AttState, seat: int) -> list[float]:
        """What ``seat`` sees of ``state``: ``len(names)`` numbers in [-1, 1]."""
        sight = self._sights[seat]
        if state.locations is not sight.locations:  # a new game, or a location dealt
            sight = self._sights[seat] = _Sight(
                len(self.names), state.locations, len(self._players)
            )
        v = sight.vector
        step, active, mover, choice = (
            state.step,
            state.active,
            self.game.to_move(state),
            state.choice,
        )
        if step != sight.step:
            v[sight.step], v[step], sight.step = 0.0, 1.0, step  # step.*: the first features
        if active != sight.active:
            at_active = self._active_at[seat]
            v[at_active[sight.active]], v[at_active[active]], sight.active = 0.0, 1.0, active
        if mover != sight.mover:
            at_mover = self._mover_at[seat]
            v[at_mover[sight.mover]], v[at_mover[mover]], sight.mover = 0.0, 1.0, mover
        if choice is not sight.choice:
            sight.choice, at = choice, self._at["choice"]
            v[at : at + len(CHOICES) + 1] = CHOICE_PART[None if choice is None else choice[:2]]
        if (
            state.turn != sight.turn
            or state.last is not sight.last  # with every Terrible Thing taken from the supply
            or state.quota is not sight.quota
            or state.exploit_deck is not sight.deck
            or state.discount != sight.discount
        ):
            sight.turn, sight.supply, sight.quota = state.turn, state.supply, state.quota
            sight.deck, sight.discount, sight.last = state.exploit_deck, state.discount, state.last
            deck, discount, last = len(state.exploit_deck), state.discount, state.last
            when = (state.turn, state.supply, state.quota, deck, discount, last)
            if when != self._lately[0]:
                self._lately = (when, _shared(self._when(when)))
            at = self._at["when"]
            v[at : at + 9] = self._lately[1]
        if (
            state.board is not sight.board  # new with every location dealt, and with the rival
            or state.on_location is not sight.lying
            or state.accomplishments is not sight.accomplishments
            or state.scenario != sight.scenario
        ):
            sight.board, sight.lying = state.board, state.on_location
            sight.accomplishments, sight.scenario = state.accomplishments, state.scenario
            part = self._board_part(state)
            at = self._at["board"]
            v[at : at + len(part)] = part
        players = state.players
        if players is not sight.seated:  # someone changed since this seat last looked
            sight.seated = players
            self._show_players(sight, players, state.locations, seat)
        exploits = players[seat].exploits
        if exploits is not sight.exploits:
            sight.exploits = exploits
            at = self._at["hand"]
            part = self._piece("hand", exploits)
            v[at : at + len(part)] = part
        if state.step == ENCOUNTER and state.dice.focus:
            if state.dice is not sight.dice:
                self._show_dice(sight, state)
        elif sight.dice is not None:
            sight.dice = sight.here = sight.aside = sight.action = None
            v[self._at["here"] : -1] = self._idle
        return v[:-1]
