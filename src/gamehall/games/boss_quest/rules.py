"""Boss Quest rules: the round's flow from the deal to combat, as a phase machine.

Clause IDs (``BQ-...``) from ``docs/rules/boss-quest.md`` mark where each rule lives.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from typing import TYPE_CHECKING, Any

from gamehall.core.catalogue import ActionForms
from gamehall.core.errors import OptionError
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
from gamehall.games.boss_quest import actions as act
from gamehall.games.boss_quest import help as help_text
from gamehall.games.boss_quest.cards import Cards, load_cards
from gamehall.games.boss_quest.combat import attack, effective_hp, resolve_combat
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
    Draw,
    Pending,
    Slot,
)

if TYPE_CHECKING:
    from gamehall.games.boss_quest.features import BossQuestFeatures

MAX_ASK = 4
UNCANCELLABLE = frozenset({"cancel", "swap_hidden", "swap_deck"})  # spent as they act (BQ-R13)
HEARTS = 3
NULL_ROUNDS = 3
"""Rounds with no key won and no heart lost allowed per other round by ``length_bound``."""


_copy_state = BossQuestState._copier


class BossQuest(Game[BossQuestState]):
    """Boss Quest for 2 to 5 knights."""

    name = "boss-quest"
    title = "Boss Quest"
    aliases = ("bossquest", "bq")
    min_players = 2  # BQ-COMP-1: 2 to 5 knights, any other count is refused
    max_players = 5
    rules_version = "2"  # 2: a cancel may end the last call (BQ-R13); knights may resign
    option_specs = (
        OptionSpec(
            "spells_per_round",
            0,
            "spells laid out at the magician each round (0: one per knight)",
            minimum=0,
            maximum=10,
        ),
        OptionSpec("mystery", True, "one spell of the layout is the face-down mystery spell"),
        CARD_FILE_OPTION,
    )

    def __init__(self, players: int, options: dict[str, object] | None = None) -> None:
        super().__init__(players, options)
        self.cards: Cards = load_cards(self.options["cards"])
        self.keys_to_win = 4 if players == 5 else 5  # BQ-END-1
        self.layout_size = self.options["spells_per_round"] or players  # BQ-SETUP-3
        cards = self.cards
        self._first_armorer = tuple(act.FirstArmorer(s) for s in range(players))
        self._reveal_boss = {hp: act.RevealBoss(hp) for hp in cards.boss_hps}
        self._draw_spell = tuple(act.DrawSpell(s.code) for s in cards.spells)
        self._draw_weapon = tuple(act.DrawWeapon(c) for c in cards.weapon_codes)
        self._weapon_of = {draw: card for card, draw in enumerate(self._draw_weapon)}
        self._ask = tuple(act.Ask(n) for n in range(1, MAX_ASK + 1))
        self._rest = (act.Rest(),)
        slots = range(max(self.layout_size, 1))
        self._activate = tuple(act.Activate(i) for i in slots)
        self._discard = tuple(act.Discard(i) for i in slots)
        self._deal_draws: dict[tuple[int, tuple[bool, ...]], tuple[Draw, ...]] = {}
        """The deal by (armorer, knights gone), made when first met; shared by the hall's
        search threads, safe as each is a tuple of immutable draws (web/thinking.py)."""
        self._ask_draws = tuple(Draw(seat, APPEND, -1, False) for seat in range(players))
        self._turn_cache: dict[tuple[int, int], tuple[Action, ...]] = {}
        """A turn's legal actions by (weapons it may ask, slots available), made when first
        met; shared by the hall's search threads, safe as each is a tuple of the actions
        built above (web/thinking.py)."""
        self._handlers: dict[type, Callable[[BossQuestState, Any], None]] = {
            act.FirstArmorer: self._on_first_armorer,
            act.RevealBoss: self._on_reveal_boss,
            act.DrawSpell: self._on_draw_spell,
            act.DrawWeapon: self._on_draw_weapon,
            act.Ask: self._on_ask,
            act.Activate: self._on_activate,
            act.Discard: self._on_discard,
            act.Rest: self._on_rest,
            act.Target: self._on_target,
            act.SwapWith: self._on_swap,
            act.Give: self._on_give,
            act.Cancel: self._on_cancel,
        }

    def _deal_order(self, armorer: int, gone: tuple[bool, ...]) -> tuple[Draw, ...]:
        """The deal from the armorer's left: a hidden card to each knight still in the game,
        then a visible one (BQ-DEAL-1, BQ-R25)."""
        order = self._deal_draws.get((armorer, gone))
        if order is None:
            n = self.players
            seats = [p for p in ((armorer + 1 + i) % n for i in range(n)) if not gone[p]]
            hidden = tuple(Draw(seat, HIDDEN, -1, False) for seat in seats)
            order = hidden + tuple(Draw(seat, APPEND, -1, False) for seat in seats)
            self._deal_draws[armorer, gone] = order
        return order

    def left_of(self, state: BossQuestState, seat: int) -> int:
        """The next knight on ``seat``'s left who is still in the game (BQ-R5, BQ-R25)."""
        n = self.players
        return next(p for p in ((seat + i) % n for i in range(1, n + 1)) if not state.gone[p])

    def check_options(self, options: dict[str, Any]) -> None:
        """The card file must load (an owner's printed cards are checked here)."""
        try:
            load_cards(options["cards"])
        except ValueError as error:
            raise OptionError(f"option 'cards': {error}") from None

    # -- setup and reading ------------------------------------------------------------

    def initial_state(self) -> BossQuestState:
        """Decks shuffled, no boss yet; the first chance outcome picks the armorer, then
        round one's boss is turned up like any later round's (BQ-SETUP-1)."""
        n = self.players
        s = BossQuestState.__new__(BossQuestState)
        s.phase, s.round, s.armorer, s.turn = ARMORER, 0, -1, -1
        s.hearts, s.keys = (HEARTS,) * n, (0,) * n  # BQ-COMP-7
        s.boss, s.boss_deck, s.boss_discard = 0, self.cards.boss_hps, ()
        s.spell_deck = self.cards.spell_counts
        s.spell_discard = (0,) * len(self.cards.spells)
        s.slots, s.mystery, s.layout_left = (), -1, 0
        s.hidden, s.visible = (-1,) * n, ((),) * n
        s.deck, s.deck_top, s.draws, s.resume = self._draw_weapon, (), (), START_TURNS
        s.at_magician, s.lone_asked = (False,) * n, False
        s.last_call, s.last_call_on = (), False
        s.pending, s.last_combat, s.result = None, None, None
        s.gone, s.aside = (False,) * n, ()
        return s

    def to_move(self, state: BossQuestState) -> int | None:
        phase = state.phase
        if phase == TURN:
            return state.turn
        if phase == CHOICE:
            assert state.pending is not None
            return state.pending.seat
        if phase == OVER:
            return None
        return CHANCE

    def outcome(self, state: BossQuestState) -> Outcome | None:
        return state.result

    def parse_action(self, text: str) -> Action:
        return act.parse(text)

    def invariants(self) -> Invariants[BossQuestState]:
        """What every state, step and view keeps, for the fuzzer (``invariants``)."""
        from gamehall.games.boss_quest.invariants import BossQuestInvariants

        return BossQuestInvariants(self)

    def action_forms(self) -> ActionForms:
        from gamehall.games.boss_quest.catalogue import action_forms

        return action_forms(self)

    def features(self) -> BossQuestFeatures:
        """What a knight sees, as numbers for learning (``features.py``)."""
        from gamehall.games.boss_quest.features import BossQuestFeatures

        return BossQuestFeatures(self)

    def reveals(self, state: BossQuestState, action: Action) -> bool:
        """Activating the mystery spell shows it, so it cannot be taken back (BQ-MYST-4);
        swaps show a knight another's card."""
        if isinstance(action, act.Activate):
            return action.slot == state.mystery
        return isinstance(action, act.SwapWith | act.Give)

    # -- legal actions ----------------------------------------------------------------

    def legal_actions(self, state: BossQuestState) -> Sequence[Action]:
        if state.phase == TURN:
            return self._turn_actions(state)
        if state.phase == CHOICE:
            return self._choice_actions(state)
        return ()

    def _deck_size(self, state: BossQuestState) -> int:
        return len(state.deck) + len(state.deck_top)

    def may_arm(self, state: BossQuestState, seat: int) -> int:
        """How many weapons the knight may ask for now (0: must go to the magician)."""
        if attack(state, self.cards, seat) > effective_hp(state, self.cards):
            return 0  # BQ-ARM-6, BQ-SPELL-16
        if state.last_call_on:
            return min(1, self._deck_size(state))  # BQ-SPELL-15
        if state.lone_asked and state.at_magician.count(False) == 1:
            return 0  # BQ-ARM-7
        return min(MAX_ASK, self._deck_size(state))  # BQ-ARM-1, BQ-ARM-8

    def _turn_actions(self, state: BossQuestState) -> tuple[Action, ...]:
        asks = self.may_arm(state, state.turn)
        available = 0
        for index, slot in enumerate(state.slots):
            if slot.status == AVAILABLE:  # BQ-MAGE-5: never an active or used spell
                available |= 1 << index
        legal = self._turn_cache.get((asks, available))
        if legal is None:
            slots = [i for i in range(self.layout_size) if available >> i & 1]
            # BQ-TURN-2: one action, A (ask) or B (the magician: activate, discard or rest)
            legal = (
                *self._ask[:asks],
                *(() if slots else self._rest),  # BQ-MAGE-8
                *[self._activate[i] for i in slots],
                *[self._discard[i] for i in slots],
            )
            self._turn_cache[asks, available] = legal
        return legal

    def _choice_actions(self, state: BossQuestState) -> list[Action]:
        pending = state.pending
        assert pending is not None
        gone = state.gone
        if pending.choice == CHOOSE_TARGET:  # BQ-MAGE-2; a knight who resigned is no target
            return [interned(act.Target, p) for p in range(self.players) if not gone[p]]
        if pending.choice == CHOOSE_SWAP:
            seats = range(self.players)
            return [interned(act.SwapWith, p) for p in seats if p != pending.seat and not gone[p]]
        if pending.choice == CHOOSE_GIVE:
            hidden = state.hidden[pending.seat]
            mine = ([hidden] if hidden >= 0 else []) + list(state.visible[pending.seat])
            return [interned(act.Give, self.cards.weapon_codes[card]) for card in mine]
        return [interned(act.Cancel, i) for i in self.cancellable(state)]

    def cancellable(self, state: BossQuestState) -> list[int]:
        """Slots of the activated spells a cancel spell may target: every one in play, the
        last call included (BQ-SPELL-11, BQ-R13)."""
        spells = self.cards.spells
        return [
            i
            for i, slot in enumerate(state.slots)
            if slot.status == ACTIVE
            and spells[slot.kind].effect.kind not in UNCANCELLABLE
            and not (spells[slot.kind].effect.kind == "attack" and slot.target < 0)
        ]

    def chance_weights(self, state: BossQuestState) -> ChanceWeights:
        phase = state.phase
        if phase == DRAW:
            return tuple.__new__(ChanceWeights, (state.deck, None))  # fast ChanceWeights(deck)
        if phase == SPELL:
            return self._spell_chances(state.spell_deck)
        if phase == BOSS:
            return ChanceWeights(tuple(map(self._reveal_boss.__getitem__, state.boss_deck)))
        if phase == ARMORER:
            return ChanceWeights(tuple(a for a in self._first_armorer if not state.gone[a.seat]))
        return ChanceWeights(())

    def _spell_chances(self, deck: tuple[int, ...]) -> ChanceWeights:
        """The spells a draw can give, weighted by how many of each the deck holds."""
        return ChanceWeights(tuple(compress(self._draw_spell, deck)), tuple(filter(None, deck)))

    def illegal_reason(self, state: BossQuestState, action: Action) -> Text:
        """Why an action is not legal now, in the words of the rules."""
        from gamehall.games.boss_quest.explain import explain_illegal

        return explain_illegal(self, state, action)

    # -- applying actions -------------------------------------------------------------

    def apply_legal(self, state: BossQuestState, action: Action) -> BossQuestState:
        s: BossQuestState = _copy_state(state)  # the same as state.evolve(), one call less
        self._handlers[type(action)](s, action)
        return s

    def _on_first_armorer(self, s: BossQuestState, action: act.FirstArmorer) -> None:
        s.armorer = action.seat  # BQ-SETUP-2
        self._start_round(s)

    def _start_round(self, s: BossQuestState) -> None:
        """A new round: every knight arming again, weapons gathered, a boss to reveal."""
        n = self.players
        s.round += 1
        s.phase = BOSS
        s.at_magician, s.lone_asked = s.gone, False  # BQ-ROUND-6; resigned: done (BQ-R25)
        s.hidden, s.visible = (-1,) * n, ((),) * n  # BQ-ROUND-4: weapons gathered
        s.deck, s.deck_top, s.aside = self._draw_weapon, (), ()
        if not s.boss_deck:  # BQ-ROUND-5
            s.boss_deck, s.boss_discard = tuple(sorted(s.boss_discard)), ()

    def _on_reveal_boss(self, s: BossQuestState, action: act.RevealBoss) -> None:
        s.boss = action.hp
        s.boss_deck = tuple(hp for hp in s.boss_deck if hp != action.hp)
        s.slots, s.mystery = (), -1
        s.layout_left = self.layout_size
        s.phase = SPELL
        self._settle_layout(s)

    def _settle_layout(self, s: BossQuestState) -> None:
        """Rebuild an empty spell deck; deal weapons once the layout is complete."""
        if s.layout_left and not any(s.spell_deck):  # BQ-ROUND-5
            s.spell_deck, s.spell_discard = s.spell_discard, (0,) * len(s.spell_discard)
            if not any(s.spell_deck):
                s.layout_left = 0
        if s.layout_left == 0:
            if s.slots and self.options["mystery"]:
                s.mystery = len(s.slots) - 1  # BQ-MYST-1, also when the spells ran out early
            self._start_deal(s)

    def _on_draw_spell(self, s: BossQuestState, action: act.DrawSpell) -> None:
        kind = self.cards.spell_index(action.code)
        s.spell_deck = replace_at(s.spell_deck, kind, s.spell_deck[kind] - 1)
        s.slots = (*s.slots, Slot(kind, AVAILABLE, -1))  # BQ-SETUP-3
        s.layout_left -= 1
        self._settle_layout(s)

    def _start_deal(self, s: BossQuestState) -> None:
        """Deal the gathered weapons: one hidden, then one visible, to every knight."""
        s.draws = self._deal_order(s.armorer, s.gone)  # BQ-DEAL-1
        s.resume = START_TURNS
        s.phase = DRAW

    def _on_draw_weapon(self, s: BossQuestState, action: act.DrawWeapon) -> None:
        deck = s.deck
        index = deck.index(action)
        s.deck = deck[:index] + deck[index + 1 :]
        self._place(s, self._weapon_of[action])
        if not (s.draws and s.deck and not s.deck_top):  # else: another chance draw is due
            self._settle_draws(s)

    def _place(self, s: BossQuestState, card: int) -> None:
        """Give the drawn ``card`` to the knight owed the first pending draw."""
        draws = s.draws
        seat, place, give_back, public = draws[0]
        s.draws = draws[1:]
        if place == APPEND:  # BQ-ARM-3
            visible = list(s.visible)
            visible[seat] = (*visible[seat], card)
            s.visible = tuple(visible)
        elif place == HIDDEN:
            s.hidden = replace_at(s.hidden, seat, card)
        else:
            s.visible = replace_at(s.visible, seat, replace_at(s.visible[seat], place, card))
        if give_back >= 0:  # BQ-SPELL-7: the card given up goes face down on top
            s.deck_top = (*s.deck_top, (give_back, EVERYONE if public else seat))

    def _settle_draws(self, s: BossQuestState) -> None:
        """Draw known cards from the top of the deck; go on once no draw is owed."""
        while s.draws and (s.deck_top or not s.deck):
            if s.deck_top:
                (card, _), s.deck_top = s.deck_top[-1], s.deck_top[:-1]
                self._place(s, card)
            else:
                s.draws = s.draws[1:]  # nothing left to draw: the draw is lost
        if s.draws:
            return
        if s.resume == START_TURNS:
            s.phase, s.turn = TURN, self.left_of(s, s.armorer)  # BQ-TURN-1
        else:
            self._next_turn(s)

    def _next_turn(self, s: BossQuestState) -> None:
        """Pass the turn on after ``s.turn`` has acted, or start combat (BQ-MAGE-6, -7)."""
        s.phase = TURN
        if s.last_call_on:
            s.last_call = tuple(seat for seat in s.last_call if seat != s.turn)
            if s.last_call:
                s.turn = s.last_call[0]
                return
            self._combat(s)  # BQ-SPELL-15
            return
        n = self.players
        for step in range(1, n + 1):
            seat = (s.turn + step) % n
            if not s.at_magician[seat]:  # BQ-TURN-3: no more arming after the magician
                s.turn = seat
                return
        self._combat(s)  # BQ-MAGE-7: every knight is at the magician

    def _on_ask(self, s: BossQuestState, action: act.Ask) -> None:
        if s.at_magician.count(False) == 1:
            s.lone_asked = True  # BQ-ARM-7
        # BQ-ARM-2: the count asked is public; the cards come after it, as chance draws
        s.draws = (self._ask_draws[s.turn],) * action.count
        s.resume, s.phase = NEXT_TURN, DRAW  # BQ-ARM-4: still arming, may ask again
        self._settle_draws(s)

    def _go_to_magician(self, s: BossQuestState) -> None:
        s.at_magician = replace_at(s.at_magician, s.turn, True)  # BQ-MAGE-1

    def _set_slot(self, s: BossQuestState, index: int, status: int, target: int = -1) -> None:
        """Change a spell's status; a spell discarded or used up goes to the discard pile."""
        kind = s.slots[index].kind
        s.slots = replace_at(s.slots, index, Slot(kind, status, target))
        if status in (SPENT, DISCARDED):  # BQ-MAGE-4, BQ-SPELL-6, -7, -11
            s.spell_discard = replace_at(s.spell_discard, kind, s.spell_discard[kind] + 1)

    def _on_rest(self, s: BossQuestState, action: act.Rest) -> None:
        self._go_to_magician(s)
        self._next_turn(s)

    def _on_discard(self, s: BossQuestState, action: act.Discard) -> None:
        self._go_to_magician(s)
        self._set_slot(s, action.slot, DISCARDED)  # BQ-MAGE-4
        self._next_turn(s)

    def _on_activate(self, s: BossQuestState, action: act.Activate) -> None:
        self._go_to_magician(s)
        slot = action.slot
        kind = self.cards.spells[s.slots[slot].kind].effect.kind
        self._set_slot(s, slot, ACTIVE)  # BQ-MAGE-3, BQ-MYST-3
        seat = s.turn
        if kind == "attack":
            self._ask_choice(s, CHOOSE_TARGET, slot)
        elif kind == "swap_hidden":
            self._ask_choice(s, CHOOSE_SWAP, slot)
        elif kind == "swap_deck" and self._deck_size(s) and self._choice_holds(s, seat):
            self._ask_choice(s, CHOOSE_GIVE, slot)
        elif kind == "cancel" and self.cancellable(s):
            self._ask_choice(s, CHOOSE_CANCEL, slot)
        else:
            if kind in ("swap_deck", "cancel"):
                self._set_slot(s, slot, SPENT)  # BQ-SPELL-12: nothing to act on
            elif kind == "last_call" and not s.last_call_on:
                n = self.players
                order = [(seat + i) % n for i in range(1, n)]
                s.last_call = tuple(p for p in order if not s.at_magician[p])
                s.last_call_on = True
            self._next_turn(s)

    def _choice_holds(self, s: BossQuestState, seat: int) -> bool:
        return s.hidden[seat] >= 0 or bool(s.visible[seat])

    def _ask_choice(self, s: BossQuestState, choice: str, slot: int) -> None:
        s.pending = Pending(choice, s.turn, slot)
        s.phase = CHOICE

    def _end_choice(self, s: BossQuestState) -> Pending:
        pending = s.pending
        assert pending is not None
        s.pending = None
        s.phase = TURN
        return pending

    def _on_target(self, s: BossQuestState, action: act.Target) -> None:
        pending = self._end_choice(s)
        self._set_slot(s, pending.slot, ACTIVE, action.seat)  # BQ-MAGE-2
        self._next_turn(s)

    def _on_swap(self, s: BossQuestState, action: act.SwapWith) -> None:
        pending = self._end_choice(s)
        mine, theirs = s.hidden[pending.seat], s.hidden[action.seat]
        s.hidden = replace_at(replace_at(s.hidden, pending.seat, theirs), action.seat, mine)
        self._set_slot(s, pending.slot, SPENT)  # BQ-SPELL-6
        self._next_turn(s)

    def _on_give(self, s: BossQuestState, action: act.Give) -> None:
        pending = self._end_choice(s)
        seat, card = pending.seat, self.cards.weapon_id(action.card)
        place = HIDDEN if s.hidden[seat] == card else s.visible[seat].index(card)
        if place == HIDDEN:
            s.hidden = replace_at(s.hidden, seat, -1)
        self._set_slot(s, pending.slot, SPENT)  # BQ-SPELL-7
        s.draws = (Draw(seat, place, card, place != HIDDEN),)
        s.resume, s.phase = NEXT_TURN, DRAW
        self._settle_draws(s)

    def _on_cancel(self, s: BossQuestState, action: act.Cancel) -> None:
        pending = self._end_choice(s)
        self._set_slot(s, action.slot, SPENT)  # BQ-SPELL-11
        self._set_slot(s, pending.slot, SPENT)
        if s.last_call_on and not self._last_call_in_play(s):
            s.last_call, s.last_call_on = (), False  # BQ-R13: normal turns resume
        self._next_turn(s)

    def _last_call_in_play(self, s: BossQuestState) -> bool:
        spells = self.cards.spells
        return any(
            slot.status == ACTIVE and spells[slot.kind].effect.kind == "last_call"
            for slot in s.slots
        )

    # -- combat and the end -----------------------------------------------------------

    def _combat(self, s: BossQuestState) -> None:
        combat = resolve_combat(s, self.cards)
        s.last_combat = combat
        keys, hearts = list(s.keys), list(s.hearts)
        for seat, result in enumerate(combat.seats):
            keys[seat] += result.keys_gained
            hearts[seat] -= result.heart_lost
        s.keys, s.hearts = tuple(keys), tuple(hearts)
        # BQ-COMBAT-10, BQ-ROUND-1, BQ-ROUND-2: the boss and every spell set out are discarded.
        s.boss_discard = (*s.boss_discard, s.boss)
        discard = list(s.spell_discard)
        for slot in s.slots:
            if slot.status in (AVAILABLE, ACTIVE):  # the others are in the pile already
                discard[slot.kind] += 1
        # BQ-SPELL-1: the round's spells leave the table, and their effects end with it
        s.spell_discard, s.slots, s.mystery = tuple(discard), (), -1
        s.last_call, s.last_call_on = (), False
        if 0 in hearts or max(keys) >= self.keys_to_win:
            s.phase, s.result = OVER, self._final_outcome(s)
            return
        s.armorer = self.left_of(s, s.armorer)  # BQ-ROUND-3, BQ-R25
        self._start_round(s)

    def _final_outcome(self, s: BossQuestState) -> Outcome:
        """Most keys, then most hearts; a knight with no heart left is out (BQ-END-3..5), and
        a knight who resigned never wins (BQ-R25)."""
        playing = [p for p in range(self.players) if not s.gone[p]]
        seats = [p for p in playing if s.hearts[p] > 0] or playing
        best = max((s.keys[p], s.hearts[p]) for p in seats)
        winners = tuple(p for p in seats if (s.keys[p], s.hearts[p]) == best)  # BQ-END-5
        reason = "keys-target" if max(s.keys) >= self.keys_to_win else "last-heart"
        return Outcome(winners, tuple(float(k) for k in s.keys), reason)

    # -- resigning (BQ-R25) -----------------------------------------------------------

    def resign(self, state: BossQuestState, seat: int) -> BossQuestState:
        """Knight ``seat`` leaves the game at once, whoever is to move (BQ-R25).

        Their weapons are set aside unseen until the round ends, the dark spells placed on
        them are discarded, a choice they owed inside a spell is dropped (the spell is
        discarded without effect), they are owed no draw and no last action, and turns,
        deals, combat and the armorer role pass them over. The armorer leaving before the
        round's deal hands the role on at once; later it passes on at the round's end. When
        one knight is left, that knight wins at once (``others-resigned``).
        """
        gone = 0 <= seat < self.players and state.gone[seat]
        self.refuse_resign(state, seat, gone=gone)
        s: BossQuestState = _copy_state(state)
        self._leave(s, seat)
        if s.gone.count(False) == 1:
            self._end_by_resignation(s)
        else:
            self._after_leaving(s, seat)
        return s

    def _leave(self, s: BossQuestState, seat: int) -> None:
        """Take knight ``seat`` and everything in front of them out of the game."""
        s.gone = replace_at(s.gone, seat, True)
        aside = list(s.aside)
        if s.hidden[seat] >= 0:
            aside.append((s.hidden[seat], seat))
        aside.extend((card, EVERYONE) for card in s.visible[seat])
        for draw in s.draws:  # a hidden weapon given up for a draw still owed (BQ-SPELL-7)
            if draw.seat == seat and draw.give_back >= 0 and draw.place == HIDDEN:
                aside.append((draw.give_back, seat))
        s.aside = tuple(aside)
        s.hidden = replace_at(s.hidden, seat, -1)
        s.visible = replace_at(s.visible, seat, ())
        s.draws = tuple(draw for draw in s.draws if draw.seat != seat)
        for index, slot in enumerate(s.slots):
            if slot.status == ACTIVE and slot.target == seat:
                self._set_slot(s, index, SPENT)  # the spell leaves the table with the knight
        s.at_magician = replace_at(s.at_magician, seat, True)
        if s.last_call_on:
            s.last_call = tuple(p for p in s.last_call if p != seat)
        if seat == s.armorer and s.phase in (BOSS, SPELL):
            s.armorer = self.left_of(s, seat)  # nothing dealt yet: the next knight deals

    def _after_leaving(self, s: BossQuestState, seat: int) -> None:
        """Play goes on without knight ``seat``: the turn passes if it was theirs."""
        phase = s.phase
        if phase == DRAW and not s.draws:  # every draw still owed was theirs
            self._settle_draws(s)
        elif phase == TURN and s.turn == seat:
            self._next_turn(s)
        elif phase == CHOICE:
            pending = s.pending
            assert pending is not None
            if pending.seat == seat:  # their choice is dropped: the spell has no effect
                self._set_slot(s, self._end_choice(s).slot, SPENT)
                self._next_turn(s)
            elif pending.choice == CHOOSE_CANCEL and not self.cancellable(s):
                self._set_slot(s, self._end_choice(s).slot, SPENT)  # BQ-SPELL-12
                self._next_turn(s)

    def _end_by_resignation(self, s: BossQuestState) -> None:
        """Every other knight has resigned: the last one wins; the round stops unplayed and
        its cards are gathered unseen (no combat, so no hidden weapon is shown)."""
        if s.phase in (SPELL, DRAW, TURN, CHOICE):
            s.boss_discard = (*s.boss_discard, s.boss)
            discard = list(s.spell_discard)
            for slot in s.slots:
                if slot.status in (AVAILABLE, ACTIVE):
                    discard[slot.kind] += 1
            s.spell_discard = tuple(discard)
        n = self.players
        s.slots, s.mystery, s.layout_left, s.pending = (), -1, 0, None
        s.hidden, s.visible, s.aside = (-1,) * n, ((),) * n, ()
        s.deck, s.deck_top, s.draws, s.resume = self._draw_weapon, (), (), START_TURNS
        s.last_call, s.last_call_on = (), False
        winner = s.gone.index(False)
        s.phase = OVER
        s.result = Outcome((winner,), tuple(float(k) for k in s.keys), "others-resigned")

    def describe_resign(
        self, before: BossQuestState, seat: int, after: BossQuestState, viewer: int | None
    ) -> list[Text]:
        from gamehall.games.boss_quest.view import describe_resign

        return describe_resign(self, before, seat, after, viewer)

    # -- length (BQ-END-1, BQ-END-2, BQ-ROUND-7) ----------------------------------------

    def length_bound(self) -> LengthBound:
        """The most rounds a game lasts: ``(NULL_ROUNDS + 1) × (n × (K − 1 + H − 1) + 1)``.

        The game ends after the combat in which a knight reaches the key target K
        (BQ-END-1) or loses the last of H hearts (BQ-END-2). Every other combat that gives a
        key or takes a heart is one step towards the end: the n knights can gain at most
        n × (K − 1) keys and lose at most n × (H − 1) hearts without ending the game, so at
        most n × (K − 1 + H − 1) rounds give or take something before the last one.

        A round may give and take nothing (BQ-COMBAT-9): every knight fails a colour
        condition or is over with no heart loss, or the knights in contention share the
        only rank of a second-closest round. Nothing in the rules limits how many such
        rounds follow each other (BQ-ROUND-7), so no bound is certain; but each needs a
        colour, no-heart-loss or second-closest spell active and every knight caught by it,
        and the house cards make it rare (about one round in twenty-five with random bots,
        one in a thousand with the heuristic). The bound allows NULL_ROUNDS of them for each
        round that counts: a game reaching it is, by far, more likely a loop than bad luck
        (BQ-R26). Resigned knights only shorten a game: they gain and lose nothing.
        """
        n, hearts_lost = self.players, HEARTS - 1
        productive = n * (self.keys_to_win - 1 + hearts_lost) + 1
        return LengthBound("rounds", (NULL_ROUNDS + 1) * productive)

    def length(self, state: BossQuestState) -> int:
        """The rounds begun so far: the round in play, or the last one once the game ends."""
        return state.round

    # -- what leaves the engine -------------------------------------------------------

    def resample(self, state: BossQuestState, seat: int, rng: RandomSource) -> BossQuestState:
        from gamehall.games.boss_quest.resample import resample

        return resample(self, state, seat, rng)

    def view(self, state: BossQuestState, seat: int | None) -> JSON:
        from gamehall.games.boss_quest.view import build_view

        return build_view(self, state, seat)

    def describe(
        self, before: BossQuestState, action: Action, after: BossQuestState, seat: int | None
    ) -> list[Text]:
        from gamehall.games.boss_quest.view import describe

        return describe(self, before, action, after, seat)

    def phase_help(self, view: JSON, seat: int | None) -> Text:
        return help_text.phase_help(view, seat)

    def seat_name(self, seat: int) -> Text:
        """A knight by number ("Knight 2")."""
        return Text("bq.player", {"number": seat + 1})

    def chapter(self, state: BossQuestState) -> Text | None:
        return Text("bq.log.chapter", {"round": state.round}) if state.round >= 1 else None

    def label(self, view: JSON, action: Action) -> Text:
        from gamehall.games.boss_quest.view import action_label

        return action_label(self, view, action)

    def attack_of(self, state: BossQuestState, seat: int) -> int:
        """A knight's current attack (for views and bots given the right to see it)."""
        return attack(state, self.cards, seat)

    def hp_of(self, state: BossQuestState) -> int:
        """The boss's HP with active spells."""
        return effective_hp(state, self.cards)
