"""Ancient Terrible Things (Le Retour): the rules as the core contract.

A turn is four phases (ATT-TURN-1): reveal (chance draws when the board is empty), explore
(move, take the tokens, the two bonuses, and the Loot shop of the location), encounter (seven
dice rolled, then re-rolls, Loot, Exploits and Terrible Things) and resolution (a combination
defeats the encounter, or the player fails and takes a Terrible Thing). Effects are queued and
resolved one by one (:mod:`.effects`); a choice inside one is a pending :class:`Choice`.

A seat may resign at any moment (:meth:`AncientTerribleThings.resign`, ATT-R16): solo the game
is lost; with several players the seat leaves, its turns are skipped, and the last seat left
wins at once.

The house choices where the rules summary is silent are in docs/rulings.md (ATT-R1...).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from gamehall.core.catalogue import ActionForms
from gamehall.core.errors import OptionError
from gamehall.core.features import Features
from gamehall.core.game import (
    CARD_FILE_OPTION,
    CHANCE,
    JSON,
    Action,
    ChanceWeights,
    Game,
    LengthBound,
    OptionSpec,
    RandomSource,
)
from gamehall.core.i18n import Text
from gamehall.core.interned import interned
from gamehall.core.invariants import Invariants
from gamehall.core.outcome import Outcome
from gamehall.core.state import replace_at
from gamehall.games.ancient_terrible_things import actions as act
from gamehall.games.ancient_terrible_things import help as help_text
from gamehall.games.ancient_terrible_things.cards import RESOURCES, Cards, Location, load_cards
from gamehall.games.ancient_terrible_things.dice import ACTION_FACES, BLANK, FOCUS_DICE, meets
from gamehall.games.ancient_terrible_things.effects import Effects
from gamehall.games.ancient_terrible_things.scoring import final_outcome
from gamehall.games.ancient_terrible_things.setup import SetupData
from gamehall.games.ancient_terrible_things.state import (
    ACTIVE_BONUS,
    DEAL_ACCOMPLISHMENT,
    DEAL_CHARACTER,
    DEAL_EXPLOIT,
    DEAL_FIRST,
    DEAL_LOCATION,
    DEAL_SCENARIO,
    ENCOUNTER,
    EVERYONE_BONUS,
    EXPLORE,
    FEAT,
    FOCUS,
    MYSTERY,
    NO_FACE,
    OVER,
    REVEAL,
    SETUP,
    SHOP,
    TREASURE,
    AttState,
    Dice,
    Fight,
    Player,
    without,
)

RESOURCE_INDEX = {"focus": FOCUS, "mystery": MYSTERY, "treasure": TREASURE, "feat": FEAT}
ACTION_ROLLS = tuple(face for face, _ in ACTION_FACES)
ACTION_WEIGHTS = tuple(weight for _, weight in ACTION_FACES)


class AncientTerribleThings(Game[AttState]):
    """Ancient Terrible Things, Le Retour edition, for 1 to 4 players (solo: ATT-R1)."""

    name = "ancient-terrible-things"
    title = "Ancient Terrible Things"
    aliases = ("att", "ancient-terrible-things-le-retour")
    min_players = 1  # ATT-SETUP-1: 1 to 4 players (solo: ATT-R1)
    max_players = 4
    rules_version = "2"  # 2: unused Action dice cashed at resolution (ATT-R17), resigning (ATT-R16)
    option_specs = (
        OptionSpec(
            "locations", 0, "locations in play (0: two more than the players)", minimum=0, maximum=6
        ),
        OptionSpec(
            "supply",
            0,
            "Terrible Thing tokens in the supply (0: by player count)",
            minimum=0,
            maximum=30,
        ),
        CARD_FILE_OPTION,
    )

    def __init__(self, players: int, options: dict[str, object] | None = None) -> None:
        super().__init__(players, options)
        self.cards: Cards = load_cards(
            None if self.options["cards"] == "house" else self.options["cards"]
        )
        self.setup = SetupData.of(players, self.options)
        self.effects = Effects(self)
        cards = self.cards
        self.code_of = {
            "encounter": [c.code for c in cards.encounters],
            "loot": [c.code for c in cards.loot],
            "exploit": [c.code for c in cards.exploits],
            "location": [c.code for c in cards.locations],
        }
        self.index_of = {
            section: {code: i for i, code in enumerate(codes)}
            for section, codes in self.code_of.items()
        }
        self.tier_cards = tuple(
            tuple(i for i, e in enumerate(cards.encounters) if e.tier == tier) for tier in (1, 2, 3)
        )

    def check_options(self, options: dict[str, Any]) -> None:
        """The card file must load, and at least as many locations as players (ATT-R13)."""
        if 0 < options["locations"] < self.players:
            raise OptionError(
                f"option 'locations' must be at least the number of players ({self.players})"
            )
        try:
            load_cards(None if options["cards"] == "house" else options["cards"])
        except ValueError as error:
            raise OptionError(f"option 'cards': {error}") from None

    # -- setup and reading ------------------------------------------------------------

    def initial_state(self) -> AttState:
        """Nothing dealt yet: the first chance outcomes deal characters and the table."""
        n, data = self.players, self.setup
        s = AttState.__new__(AttState)
        s.step, s.turn, s.active = SETUP, 0, -1
        empty = Player(-1, (0, 0, 0, 0), (), (), (), (), (), 0, 0, -1)
        s.players = (empty,) * n
        s.deals = (
            (DEAL_CHARACTER,) * n
            + (DEAL_SCENARIO,)
            + (DEAL_LOCATION,) * data.locations
            + (DEAL_ACCOMPLISHMENT,) * min(data.accomplishments, len(self.cards.accomplishments))
            + (DEAL_EXPLOIT,) * (data.starting_exploits * n)
            + (DEAL_FIRST,)
        )
        s.scenario, s.locations, s.board, s.on_location = -1, (), (), ()
        s.unseen = self.tier_cards
        s.quota = (data.per_tier,) * 3
        s.discard, s.rival = (), ()
        s.exploit_deck = tuple(range(len(self.cards.exploits)))
        s.exploit_discard, s.used_exploits, s.sold, s.accomplishments = (), (), (), ()
        s.supply, s.bonus_seat, s.discount = data.supply, -1, 0
        s.dice = Dice((), (), (), ())
        s.rolls, s.draws, s.queue, s.choice = (), (), (), None
        s.last, s.fight, s.result = (-1, -1, -1), None, None
        s.gone, s.abandoned = (), 0
        return s

    def to_move(self, state: AttState) -> int | None:
        if state.step == OVER:
            return None
        if state.deals or state.rolls or state.draws or state.step == REVEAL:
            return CHANCE
        if state.choice is not None:
            return state.choice.seat
        if state.step == EVERYONE_BONUS:
            return state.bonus_seat
        return state.active

    def outcome(self, state: AttState) -> Outcome | None:
        return state.result

    def parse_action(self, text: str) -> Action:
        return act.parse(text)

    def invariants(self) -> Invariants[AttState]:
        """What every state, step and view keeps, for the fuzzer (``invariants``)."""
        from gamehall.games.ancient_terrible_things.invariants import AttInvariants

        return AttInvariants(self)

    def action_forms(self) -> ActionForms:
        from gamehall.games.ancient_terrible_things.catalogue import action_forms

        return action_forms(self)

    def features(self) -> Features[AttState]:
        from gamehall.games.ancient_terrible_things.features import AttFeatures

        return AttFeatures(self)

    def reveals(self, state: AttState, action: Action) -> bool:
        """Nothing is revealed by a decision: every draw and roll is a chance outcome."""
        return False

    # -- reading the table ------------------------------------------------------------

    def location_slot(self, state: AttState) -> int:
        """The slot of the active player's pawn."""
        return state.players[state.active].location

    def combos(self, state: AttState) -> list[tuple[str, int, int]]:
        """The combinations that defeat the active encounter: the card's, then the scenario's."""
        encounter = state.board[self.location_slot(state)]
        printed = list(self.cards.encounters[encounter].combos)
        if state.scenario >= 0:
            printed += self.cards.scenarios[state.scenario].combos
        return [(c.kind, c.minimum, c.size) for c in printed]

    def loot_for_sale(self, state: AttState, slot: int) -> list[int]:
        """The unsold Loot cards of the location in ``slot`` (ATT-LOOT-1)."""
        code = self.cards.locations[state.locations[slot]].code
        return [
            i
            for i, loot in enumerate(self.cards.loot)
            if loot.location == code and i not in state.sold
        ]

    # -- legal actions ----------------------------------------------------------------

    def legal_actions(self, state: AttState) -> Sequence[Action]:
        mover = self.to_move(state)
        if mover is None or mover == CHANCE:
            return ()
        if state.choice is not None:
            return self.effects.choice_actions(state, state.choice)
        step = state.step
        if step == EXPLORE:
            return [
                interned(act.Card, "go", self.cards.locations[state.locations[slot]].code)
                for slot, encounter in enumerate(state.board)
                if encounter >= 0  # ATT-EXPLORE-1
            ]
        if step == ACTIVE_BONUS:
            return [interned(act.Plain, "bonus"), interned(act.Plain, "skip")]
        if step == EVERYONE_BONUS:
            return [interned(act.Plain, "use"), interned(act.Plain, "decline")]
        if step == SHOP:
            treasure = state.players[state.active].tokens[TREASURE]
            affordable = [
                interned(act.Card, "buy", self.cards.loot[i].code)
                for i in self.loot_for_sale(state, self.location_slot(state))
                if max(0, self.cards.loot[i].price - state.discount) <= treasure
            ]
            return [*affordable, interned(act.Plain, "leave")]
        return self._encounter_actions(state)

    def _encounter_actions(self, state: AttState) -> list[Action]:
        me = state.players[state.active]
        dice = state.dice
        cards = self.cards
        legal: list[Action] = []
        combos = self.combos(state)
        # ATT-RES-8: only the Focus dice form a combination; Action dice bear no number
        met = [i for i, combo in enumerate(combos) if meets(combo, dice.focus)]
        legal += [interned(act.Defeat, i) for i in met]  # ATT-RES-1
        if not met:
            legal.append(interned(act.Plain, "fail"))
        free = [i for i in range(len(dice.focus)) if i not in dice.aside]
        if me.tokens[FOCUS]:
            legal += [interned(act.Focus, i) for i in free]  # ATT-ENC-7
        unused = [i for i, used in enumerate(dice.used) if not used]
        for loot in me.loot:  # ATT-ENC-4: every usable Loot and Exploit, in any order
            if loot in me.exhausted:
                continue  # ATT-LOOT-3
            code = cards.loot[loot].code
            if cards.loot[loot].action_die:
                legal += [interned(act.UseLoot, code, die) for die in unused]  # ATT-LOOT-2
            else:
                legal.append(interned(act.UseLoot, code))
        for exploit in me.exploits:
            if self.can_pay(me, exploit):  # ATT-EXPL-1
                legal.append(interned(act.Card, "play", cards.exploits[exploit].code))
        if me.terrible > me.flipped:  # ATT-TT-1, ATT-TT-2; ATT-TT-4: in their own encounter
            benefits = cards.characters[me.character].benefits
            legal += [interned(act.Terrible, i) for i in range(len(benefits))]
        legal += [interned(act.Cash, i) for i in unused if dice.action[i] != BLANK]  # ATT-RES-9
        return legal

    def can_pay(self, player: Player, exploit: int) -> bool:
        """True if ``player`` holds the tokens printed on the Exploit."""
        cost = self.cards.exploits[exploit].cost
        return all(player.tokens[RESOURCE_INDEX[r]] >= n for r, n in cost.items())

    def chance_weights(self, state: AttState) -> ChanceWeights:
        if state.deals:
            return self._deal_chances(state, state.deals[0])
        if state.rolls:
            return self._roll_chances(state.rolls[0])
        if state.draws:
            return ChanceWeights(
                tuple(
                    act.Card("exploit", self.cards.exploits[i].code)
                    for i in sorted(state.exploit_deck)
                )
            )
        if state.step == REVEAL:
            tier = next(t for t in range(3) if state.quota[t])
            codes = self.code_of["encounter"]
            return ChanceWeights(
                tuple(act.Card("encounter", codes[i]) for i in sorted(state.unseen[tier]))
            )
        return ChanceWeights(())

    @staticmethod
    @cache
    def _roll_chances(die: str) -> ChanceWeights:
        """The faces die ``die`` (``f3``, ``a1``) can show, with their weights."""
        if die.startswith("a"):
            return ChanceWeights(tuple(act.Roll(die, f) for f in ACTION_ROLLS), ACTION_WEIGHTS)
        return ChanceWeights(tuple(act.Roll(die, str(v)) for v in range(1, 7)))

    def _deal_chances(self, state: AttState, deal: str) -> ChanceWeights:
        cards = self.cards
        if deal == DEAL_CHARACTER:
            taken = {p.character for p in state.players}
            options = [c.code for i, c in enumerate(cards.characters) if i not in taken]
        elif deal == DEAL_SCENARIO:
            options = [c.code for c in cards.scenarios]
        elif deal == DEAL_LOCATION:
            options = [c.code for i, c in enumerate(cards.locations) if i not in state.locations]
        elif deal == DEAL_ACCOMPLISHMENT:
            options = [
                c.code
                for i, c in enumerate(cards.accomplishments)
                if i not in state.accomplishments
            ]
        elif deal == DEAL_EXPLOIT:
            options = [cards.exploits[i].code for i in sorted(state.exploit_deck)]
        else:  # the first player, among the seats still in the game (ATT-R16)
            seats = [seat for seat in range(self.players) if seat not in state.gone]
            return ChanceWeights(tuple(act.First(seat) for seat in seats))
        return ChanceWeights(tuple(act.Card(deal, code) for code in options))

    def illegal_reason(self, state: AttState, action: Action) -> Text:
        """Why an action is not legal now, in the words of the rules."""
        from gamehall.games.ancient_terrible_things.explain import explain_illegal

        return explain_illegal(self, state, action)

    # -- applying actions -------------------------------------------------------------

    def apply_legal(self, state: AttState, action: Action) -> AttState:
        s = state.evolve()
        if state.deals:
            self._on_deal(s, action)
        elif state.rolls:
            assert isinstance(action, act.Roll)
            self.effects.on_roll(s, action)
        elif state.draws:
            assert isinstance(action, act.Card)
            self.effects.on_draw(s, self.index_of["exploit"][action.code])
        elif state.step == REVEAL:
            assert isinstance(action, act.Card)
            self._on_reveal(s, self.index_of["encounter"][action.code])
        elif state.choice is not None:
            self.effects.on_choice(s, state.choice, action)
        else:
            self._on_decision(s, action)
        self.settle(s)
        return s

    def settle(self, s: AttState) -> None:
        """Resolve queued effects until a chance outcome or a choice is due, then move on; the
        turn of a player who resigned ends once what others still had to finish is done (a
        reveal, their draws and choices: ATT-R16)."""
        while s.step != OVER and not (s.rolls or s.draws or s.choice or s.deals):
            if s.queue:
                self.effects.resolve_next(s)
            elif s.step == REVEAL and all(e >= 0 for e in s.board):
                s.step = EXPLORE
            elif s.active in s.gone and s.step != REVEAL:
                self.end_turn(s)
            else:
                return

    def _on_deal(self, s: AttState, action: Action) -> None:
        deal, s.deals = s.deals[0], s.deals[1:]
        cards = self.cards
        if isinstance(action, act.First):
            s.active = action.seat
            self._start_turn(s)
            return
        assert isinstance(action, act.Card)
        if deal == DEAL_CHARACTER:
            seat = next(i for i, p in enumerate(s.players) if p.character < 0)
            index = next(i for i, c in enumerate(cards.characters) if c.code == action.code)
            start = cards.characters[index].start
            tokens = tuple(start.get(r, 0) for r in RESOURCES)  # ATT-SETUP-2
            player = s.players[seat]._replace(character=index, tokens=tokens)
            s.players = replace_at(s.players, seat, player)
        elif deal == DEAL_SCENARIO:
            s.scenario = next(i for i, c in enumerate(cards.scenarios) if c.code == action.code)
        elif deal == DEAL_LOCATION:
            s.locations = (*s.locations, self.index_of["location"][action.code])
            s.board, s.on_location = (*s.board, -1), (*s.on_location, (0, 0, 0, 0))
        elif deal == DEAL_ACCOMPLISHMENT:
            index = next(i for i, c in enumerate(cards.accomplishments) if c.code == action.code)
            s.accomplishments = (*s.accomplishments, index)
        else:
            dealt = sum(len(p.exploits) for p in s.players)
            seat = dealt % self.players
            self.effects.give_exploit(s, seat, self.index_of["exploit"][action.code])

    def _start_turn(self, s: AttState) -> None:
        """A new turn for the active player: reveal if the board is empty (ATT-REVEAL-1)."""
        s.turn += 1
        s.dice, s.discount, s.bonus_seat = Dice((), (), (), ()), 0, -1  # ATT-PASS-2
        if any(e >= 0 for e in s.board):
            s.step = EXPLORE
            return
        if sum(s.quota) < len(s.board):  # ATT-END-2, ATT-REVEAL-4
            self.end_game(s, "locations-cannot-be-filled")
            return
        s.step = REVEAL  # ATT-REVEAL-2

    def _on_reveal(self, s: AttState, encounter: int) -> None:
        tier = next(t for t in range(3) if s.quota[t])
        s.quota = replace_at(s.quota, tier, s.quota[tier] - 1)
        s.unseen = replace_at(s.unseen, tier, without(s.unseen[tier], encounter))
        slot = s.board.index(-1)
        s.board = replace_at(s.board, slot, encounter)
        resource = RESOURCE_INDEX[self.cards.encounters[encounter].resource]
        tokens = s.on_location[slot]
        s.on_location = replace_at(
            s.on_location,
            slot,
            replace_at(tokens, resource, tokens[resource] + 1),
        )  # ATT-REVEAL-3

    def _on_decision(self, s: AttState, action: Action) -> None:
        step = s.step
        if step == EXPLORE:
            assert isinstance(action, act.Card)
            self._go(s, self.index_of["location"][action.code])
        elif step == ACTIVE_BONUS:
            if action == act.Plain("bonus"):  # ATT-EXPLORE-4
                self.effects.queue(s, s.active, self._location(s).active)
            s.step, s.bonus_seat = EVERYONE_BONUS, s.active  # ATT-EXPLORE-3: active one too
        elif step == EVERYONE_BONUS:
            if action == act.Plain("use"):  # ATT-EXPLORE-5
                self.effects.queue(s, s.bonus_seat, self._location(s).everyone)
            self._pass_bonus(s)
        elif step == SHOP:
            if isinstance(action, act.Card):
                self._buy(s, self.index_of["loot"][action.code])
            else:
                self._roll_all(s)
        else:
            self.effects.on_encounter_action(s, action)

    def _pass_bonus(self, s: AttState) -> None:
        """The all-players bonus goes to the next seat clockwise still in the game; back at
        the active player, on to the shop (ATT-EXPLORE-5, ATT-R16)."""
        seat = s.bonus_seat
        while True:
            seat = (seat + 1) % self.players
            if seat == s.active or seat not in s.gone:
                break
        s.bonus_seat = seat
        if seat == s.active:
            s.step = SHOP

    def next_seat(self, s: AttState, seat: int) -> int:
        """The first seat clockwise after ``seat`` still in the game (ATT-PASS-1, ATT-R16)."""
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if nxt not in s.gone:
                return nxt
        return seat

    def _location(self, s: AttState) -> Location:
        """The location card where the active player's pawn stands."""
        return self.cards.locations[s.locations[self.location_slot(s)]]

    def _go(self, s: AttState, location: int) -> None:
        """Move the pawn and take the tokens lying there (ATT-EXPLORE-1, -2)."""
        slot = s.locations.index(location)
        me = s.players[s.active]
        taken = s.on_location[slot]
        tokens = tuple(a + b for a, b in zip(me.tokens, taken, strict=True))
        s.players = replace_at(s.players, s.active, me._replace(tokens=tokens, location=slot))
        s.on_location = replace_at(s.on_location, slot, (0, 0, 0, 0))
        s.step = ACTIVE_BONUS

    def _buy(self, s: AttState, loot: int) -> None:
        """Pay the Loot's price in Treasure and take it, ready (ATT-LOOT-1)."""
        me = s.players[s.active]
        price = max(0, self.cards.loot[loot].price - s.discount)
        tokens = replace_at(me.tokens, TREASURE, me.tokens[TREASURE] - price)
        owned = tuple(sorted((*me.loot, loot)))
        s.players = replace_at(s.players, s.active, me._replace(tokens=tokens, loot=owned))
        s.sold, s.discount = (*s.sold, loot), 0
        self.effects.claim(s, s.active, None)

    def _roll_all(self, s: AttState) -> None:
        """The encounter begins: 5 Focus and 2 Action dice, all rolled (ATT-ENC-1, ATT-ENC-2)."""
        s.step = ENCOUNTER
        s.dice = Dice((NO_FACE,) * FOCUS_DICE, (), ("",) * 2, (False, False))
        s.rolls = (*(act.focus_die(i) for i in range(FOCUS_DICE)), "a1", "a2")

    # -- the end of a turn and of the game --------------------------------------------

    def resolve(self, s: AttState, combo: int) -> None:
        """Resolution: the unused Action dice showing a resource are cashed (ATT-RES-9,
        ATT-R17), then defeat with ``combo`` (ATT-RES-10), or fail with -1 (ATT-RES-11)."""
        dice = s.dice
        self.cash_left(s)
        slot = self.location_slot(s)
        encounter = s.board[slot]
        used = self.combos(s)[combo] if combo >= 0 else None
        s.board = replace_at(s.board, slot, -1)
        me = s.players[s.active]
        s.last, s.fight = (s.active, encounter, combo), Fight(dice, used, ())
        if used is not None:
            trophies = (*me.trophies, encounter)
            s.players = replace_at(s.players, s.active, me._replace(trophies=trophies))
            self.effects.claim(s, s.active, used)
            scored = s.players[s.active].accomplishments[len(me.accomplishments) :]
            s.fight = Fight(dice, used, scored)
        else:
            if self.players == 1:
                s.rival = (*s.rival, encounter)  # ATT-R1: the solo rival's pile
            else:
                s.discard = (*s.discard, encounter)
            s.players = replace_at(s.players, s.active, me._replace(terrible=me.terrible + 1))
            s.supply -= 1
            if s.supply <= 0:  # ATT-END-1
                self.end_game(s, "terrible-supply-empty")
                return
        self.end_turn(s)

    def cash_left(self, s: AttState) -> None:
        """Each Action die still unused that shows a resource gives its token, as the
        encounter resolves (ATT-RES-9: nobody refuses a free token, ATT-R17)."""
        dice = s.dice
        for die, (face, used) in enumerate(zip(dice.action, dice.used, strict=True)):
            if not used and face in RESOURCE_INDEX:
                s.dice = s.dice._replace(used=replace_at(s.dice.used, die, True))
                self.effects.gain(s, s.active, RESOURCE_INDEX[face], 1)

    def end_turn(self, s: AttState) -> None:
        """Pass the dice clockwise to the next seat still in the game (ATT-PASS-1, ATT-R16);
        solo, the rival first claims an encounter."""
        s.choice, s.queue, s.rolls = None, (), ()
        if self.players == 1:
            self._rival_claims(s)
        s.active = self.next_seat(s, s.active)
        self._start_turn(s)

    def _rival_claims(self, s: AttState) -> None:
        """Solo (ATT-R1): the rival takes the encounter left with the most Secrets, if any."""
        left = [slot for slot, e in enumerate(s.board) if e >= 0]
        if left:
            slot = max(left, key=lambda i: (self.cards.encounters[s.board[i]].secrets, -i))
            s.rival = (*s.rival, s.board[slot])
            s.board = replace_at(s.board, slot, -1)

    def end_game(self, s: AttState, reason: str) -> None:
        """The game ends at once (ATT-END-1, ATT-END-2, ATT-R16): score it."""
        s.step = OVER
        s.choice, s.queue, s.rolls, s.draws, s.deals = None, (), (), (), ()
        s.result = final_outcome(self, s, reason)

    # -- resigning (core.resign, ATT-R16) ----------------------------------------------

    def resign(self, state: AttState, seat: int) -> AttState:
        """Seat ``seat`` resigns, at any moment (ATT-R16). Solo, the game is lost. Otherwise
        the seat leaves: its pawn leaves the board, its Exploit cards leave the game face down
        (never shown), what it still had to draw or choose lapses, and its turns are skipped;
        if it was the active player the turn ends unresolved (the encounter stays where it
        is) once what the others still have to finish is done. The last seat left wins."""
        self.refuse_resign(state, seat, gone=seat in state.gone)
        s = state.evolve()
        s.gone = (*s.gone, seat)
        if self.players > 1:  # the pawn leaves the board
            player = s.players[seat]
            s.players = replace_at(s.players, seat, player._replace(location=-1))
        left = [p for p in range(self.players) if p not in s.gone]
        if len(left) <= 1:
            s.dice = Dice((), (), (), ())  # the dice are put away
            self.end_game(s, "resigned" if self.players == 1 else "others-resigned")
            return s
        s.draws = tuple(d for d in s.draws if d != seat)
        s.queue = tuple(e for e in s.queue if e[0] != seat)
        if s.choice is not None and s.choice.seat == seat:
            s.choice = None
        if s.step != SETUP and seat == s.active:
            s.rolls, s.dice = (), Dice((), (), (), ())
            s.abandoned += 1
        elif s.step == EVERYONE_BONUS and s.bonus_seat == seat:
            self._pass_bonus(s)
        self.settle(s)
        return s

    def describe_resign(
        self, before: AttState, seat: int, after: AttState, viewer: int | None
    ) -> list[Text]:
        from gamehall.games.ancient_terrible_things.view import describe_resign

        return [
            *super().describe_resign(before, seat, after, viewer),
            *describe_resign(self, before, seat, after),
        ]

    # -- length (the lab's and the fuzzer's guard against loops) -----------------------

    def length_bound(self) -> LengthBound:
        """The most turns a game of these options can last (counting the turn that begins
        and at once ends the game at its reveal).

        The deck holds 3 x ``per_tier`` encounters (ATT-R2: 6 x the locations) and a reveal
        lays one beside each of the L locations (ATT-REVEAL-2), so at most 3 x per_tier // L
        boards are laid (six); the next turn's reveal cannot fill them and ends the game
        (ATT-END-2): one turn more. Every other turn resolves exactly one encounter
        (ATT-TURN-1, ATT-RES-10, -11) unless its player resigns (ATT-R16), so with several
        players the turns number at most 6L resolutions + 1 + the n - 2 resignations that
        let the game go on (the last one left wins at once). Solo, the rival claims an
        encounter after each turn (ATT-R1), so a board lasts ceil(L / 2) turns and a
        resignation ends the game. The supply (ATT-END-1) can only end a game sooner."""
        boards = 3 * self.setup.per_tier // self.setup.locations
        if self.players == 1:
            return LengthBound("turns", boards * -(-self.setup.locations // 2) + 1)
        return LengthBound("turns", boards * self.setup.locations + 1 + self.players - 2)

    def length(self, state: AttState) -> int:
        """The turns begun (ATT-TURN-1)."""
        return state.turn

    # -- views ------------------------------------------------------------------------

    def resample(self, state: AttState, seat: int, rng: RandomSource) -> AttState:
        from gamehall.games.ancient_terrible_things.resample import resample

        return resample(self, state, seat, rng)

    def view(self, state: AttState, seat: int | None) -> dict[str, Any]:
        from gamehall.games.ancient_terrible_things.view import build_view

        return build_view(self, state, seat)

    def odds(self, state: AttState, seat: int | None) -> dict[str, Any]:
        from gamehall.games.ancient_terrible_things.view import odds_view

        return odds_view(self, state)

    def describe(
        self, before: AttState, action: Action, after: AttState, seat: int | None
    ) -> list[Text]:
        from gamehall.games.ancient_terrible_things.view import describe

        return describe(self, before, action, after, seat)

    def phase_help(self, view: JSON, seat: int | None) -> Text:
        return help_text.phase_help(view, seat)

    def chapter(self, state: AttState) -> Text | None:
        return Text("att.log.chapter", {"turn": state.turn}) if state.turn >= 1 else None

    def label(self, view: dict[str, Any], action: Action) -> Text:
        from gamehall.games.ancient_terrible_things.view import label

        return label(self, view, action)
