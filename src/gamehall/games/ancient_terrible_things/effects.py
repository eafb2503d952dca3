"""Effects of Loot, Exploits, Terrible Things and location bonuses, and the encounter's actions.

An effect is queued as ``(seat, kind, amount, resource)`` and resolved in order by
:meth:`Effects.resolve_next`; one that needs a choice leaves a pending :class:`Choice` whose
answers are legal actions (``reroll f1+f3``, ``aside f2``, ``nudge f4 up``, ``face f1 6``,
``ready CODE``, or ``done`` to stop).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from gamehall.core.game import Action
from gamehall.core.interned import interned
from gamehall.core.state import replace_at
from gamehall.games.ancient_terrible_things import actions as act
from gamehall.games.ancient_terrible_things.cards import Effect
from gamehall.games.ancient_terrible_things.state import (
    ENCOUNTER,
    FOCUS,
    NO_FACE,
    AttState,
    Choice,
    Player,
    without,
)

if TYPE_CHECKING:
    from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings

RESOURCE_INDEX = {"focus": 0, "mystery": 1, "treasure": 2, "feat": 3}
CHOSEN = frozenset({"reroll", "set_aside", "nudge", "set_face", "ready"})
DONE = act.Plain("done")


class Effects:
    """The effect interpreter of one configured game."""

    def __init__(self, game: AncientTerribleThings) -> None:
        self.game = game
        self.cards = game.cards

    # -- the queue --------------------------------------------------------------------

    def queue(self, s: AttState, seat: int, effects: Sequence[Effect], source: int = -1) -> None:
        """Add ``effects`` for ``seat`` to the end of the queue (``source``: a Loot card)."""
        s.queue = (*s.queue, *((seat, e.kind, e.amount, e.resource or "", source) for e in effects))

    def resolve_next(self, s: AttState) -> None:
        """Resolve the first queued effect (or leave the choice it needs)."""
        (seat, kind, amount, resource, source), s.queue = s.queue[0], s.queue[1:]
        if kind == "gain":
            self.gain(s, seat, RESOURCE_INDEX[resource], amount)
        elif kind == "draw_exploit":
            s.draws = (*s.draws, *(seat,) * min(amount, len(s.exploit_deck)))
        elif kind == "buy_loot":
            s.discount += amount
        elif kind in ("extra_die", "reroll_all") and s.step == ENCOUNTER:
            self._roll_more(s, kind, amount)
        elif kind in CHOSEN and self._can_choose(s, kind, seat, source):
            s.choice = Choice(kind, amount, seat, source)

    def _roll_more(self, s: AttState, kind: str, amount: int) -> None:
        dice = s.dice
        if kind == "extra_die":
            first = len(dice.focus)
            s.dice = dice._replace(focus=dice.focus + (NO_FACE,) * amount)
            s.rolls = (*s.rolls, *(act.focus_die(i) for i in range(first, first + amount)))
        else:
            free = [i for i in range(len(dice.focus)) if i not in dice.aside]
            s.rolls = (*s.rolls, *map(act.focus_die, free))

    def _can_choose(self, s: AttState, kind: str, seat: int, source: int) -> bool:
        if kind == "ready":
            return any(loot != source for loot in s.players[seat].exhausted)
        if s.step != ENCOUNTER:
            return False  # dice effects act only on an encounter's dice
        if kind in ("reroll", "set_aside"):
            return len(s.dice.aside) < len(s.dice.focus)
        return True

    def gain(self, s: AttState, seat: int, resource: int, amount: int) -> None:
        """``seat`` gains ``amount`` tokens of ``resource`` (or pays, if negative)."""
        me = s.players[seat]
        tokens = replace_at(me.tokens, resource, me.tokens[resource] + amount)
        s.players = replace_at(s.players, seat, me._replace(tokens=tokens))

    # -- choices ----------------------------------------------------------------------

    def choice_actions(self, s: AttState, choice: Choice) -> list[Action]:
        """The answers to a pending choice; ``done`` stops it."""
        dice = s.dice
        free = [i for i in range(len(dice.focus)) if i not in dice.aside]
        legal: list[Action]
        if choice.kind == "reroll":
            legal = [interned(act.Dice, "reroll", c) for c in subsets(free, choice.amount)]
        elif choice.kind == "set_aside":
            legal = [interned(act.Dice, "aside", c) for c in subsets(free, choice.amount)]
        elif choice.kind == "nudge":
            legal = [
                interned(act.Nudge, i, up)
                for i, face in enumerate(dice.focus)
                for up in (True, False)
                if (face < 6 if up else face > 1)
            ]
        elif choice.kind == "set_face":
            legal = [interned(act.Face, i, v) for i in range(len(dice.focus)) for v in range(1, 7)]
        else:
            me = s.players[choice.seat]
            legal = [
                interned(act.Card, "ready", self.cards.loot[i].code)
                for i in me.exhausted
                if i != choice.source  # a Loot card cannot ready itself
            ]
        return [*legal, DONE]

    def on_choice(self, s: AttState, choice: Choice, action: Action) -> None:
        """Apply the answer to the pending choice."""
        s.choice = None
        dice = s.dice
        if isinstance(action, act.Dice) and action.verb == "reroll":
            s.rolls = (*s.rolls, *map(act.focus_die, action.dice))
        elif isinstance(action, act.Dice):
            s.dice = dice._replace(aside=tuple(sorted((*dice.aside, *action.dice))))  # ATT-ENC-5
        elif isinstance(action, act.Nudge):
            face = dice.focus[action.die] + (1 if action.up else -1)
            s.dice = dice._replace(focus=replace_at(dice.focus, action.die, face))
            if choice.amount > 1:
                s.choice = choice._replace(amount=choice.amount - 1)
        elif isinstance(action, act.Face):
            s.dice = dice._replace(focus=replace_at(dice.focus, action.die, action.value))
        elif isinstance(action, act.Card):
            me = s.players[choice.seat]
            loot = self.game.index_of["loot"][action.code]
            s.players = replace_at(
                s.players, choice.seat, me._replace(exhausted=without(me.exhausted, loot))
            )

    # -- chance -----------------------------------------------------------------------

    def on_roll(self, s: AttState, roll: act.Roll) -> None:
        """A die shows its face."""
        s.rolls = s.rolls[1:]
        dice = s.dice
        index = int(roll.die[1:]) - 1
        if roll.die.startswith("a"):
            s.dice = dice._replace(action=replace_at(dice.action, index, roll.face))
        else:
            s.dice = dice._replace(focus=replace_at(dice.focus, index, int(roll.face)))

    def on_draw(self, s: AttState, exploit: int) -> None:
        """The first seat owed a draw takes the Exploit drawn."""
        seat, s.draws = s.draws[0], s.draws[1:]
        self.give_exploit(s, seat, exploit)
        if not s.exploit_deck:
            s.draws = ()  # the deck is spent: no more draws

    def give_exploit(self, s: AttState, seat: int, exploit: int) -> None:
        """``seat`` takes ``exploit`` from the deck into their hand."""
        s.exploit_deck = without(s.exploit_deck, exploit)
        me = s.players[seat]
        hand = tuple(sorted((*me.exploits, exploit)))
        s.players = replace_at(s.players, seat, me._replace(exploits=hand))

    # -- the encounter ----------------------------------------------------------------

    def on_encounter_action(self, s: AttState, action: Action) -> None:
        """A re-roll, a card, a Terrible Thing, a cashed die, or the resolution."""
        seat = s.active
        me = s.players[seat]
        if isinstance(action, act.Focus):
            self.gain(s, seat, FOCUS, -1)  # ATT-ENC-7: a Focus token re-rolls a Focus die
            s.rolls = (act.focus_die(action.die),)
        elif isinstance(action, act.UseLoot):
            self._use_loot(s, me, action)
        elif isinstance(action, act.Card):  # play an Exploit
            exploit = self.game.index_of["exploit"][action.code]
            for resource, n in self.cards.exploits[exploit].cost.items():
                self.gain(s, seat, RESOURCE_INDEX[resource], -n)  # ATT-EXPL-1
            me = s.players[seat]
            s.players = replace_at(
                s.players, seat, me._replace(exploits=without(me.exploits, exploit))
            )
            s.used_exploits = (*s.used_exploits, exploit)  # ATT-EXPL-2
            self.queue(s, seat, self.cards.exploits[exploit].effects)
        elif isinstance(action, act.Terrible):
            s.players = replace_at(s.players, seat, me._replace(flipped=me.flipped + 1))  # ATT-TT-2
            benefit = self.cards.characters[me.character].benefits[action.benefit]
            self.queue(s, seat, (benefit,))
        elif isinstance(action, act.Cash):
            face = s.dice.action[action.die]
            s.dice = s.dice._replace(used=replace_at(s.dice.used, action.die, True))
            self.gain(s, seat, RESOURCE_INDEX[face], 1)  # ATT-RES-9
        elif isinstance(action, act.Defeat):
            self.game.resolve(s, action.combo)
        else:
            self.game.resolve(s, -1)

    def _use_loot(self, s: AttState, me: Player, action: act.UseLoot) -> None:
        loot = self.game.index_of["loot"][action.code]
        exhausted = tuple(sorted((*me.exhausted, loot)))  # ATT-LOOT-3
        s.players = replace_at(s.players, s.active, me._replace(exhausted=exhausted))
        if action.die >= 0:  # ATT-LOOT-2
            s.dice = s.dice._replace(used=replace_at(s.dice.used, action.die, True))
        self.queue(s, s.active, self.cards.loot[loot].effects, loot)

    # -- accomplishments --------------------------------------------------------------

    def claim(self, s: AttState, seat: int, used: tuple[str, int, int] | None) -> None:
        """``seat`` scores every Accomplishment in play whose condition they now meet (ATT-R12:
        each is a goal for every player, so the first to play has no head start)."""
        me = s.players[seat]
        won = [
            a for a in s.accomplishments if a not in me.accomplishments and self._meets(me, a, used)
        ]
        if won:
            s.players = replace_at(
                s.players, seat, me._replace(accomplishments=(*me.accomplishments, *won))
            )

    def _meets(self, me: Player, accomplishment: int, used: tuple[str, int, int] | None) -> bool:
        card = self.cards.accomplishments[accomplishment]
        resources: list[str] = [self.cards.encounters[e].resource for e in me.trophies]
        if card.condition == "defeated":
            return len(me.trophies) >= card.amount
        if card.condition == "defeated_resource":
            return resources.count(card.resource or "") >= card.amount
        if card.condition == "every_resource":
            return len(set(resources)) == len(RESOURCE_INDEX)
        if card.condition == "combo":
            return used is not None and used[0] == card.combo and used[2] >= card.amount
        return len(me.loot) >= card.amount


def subsets(items: Sequence[int], most: int) -> list[tuple[int, ...]]:
    """Every non-empty subset of ``items`` of at most ``most`` elements, in a fixed order."""
    return [c for size in range(1, min(most, len(items)) + 1) for c in combinations(items, size)]
