"""Forced situations for 20 Strong scenario tests: chance outcomes are chosen, not drawn.

``Scenario`` drives a Too Many Bones game (or, with ``deck="victorum"``, a Victorum game)
action by action. Chance outcomes are either given
(``roll("h", "c", "m")``, ``top("ones", "b1-03")``) or settled by :meth:`settle`, which takes
the first outcome of each chance node (the lowest card code, a die's first face). Tests may also
edit the state directly through :meth:`edit` to build an exact situation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from gamehall.core.errors import IllegalActionError
from gamehall.core.game import CHANCE
from gamehall.games.twenty_strong import TwentyStrong
from gamehall.games.twenty_strong.actions import DieFace, Reveal
from gamehall.games.twenty_strong.dice import COLOUR_LETTERS, FACE_LETTERS, colour_of, die_name
from gamehall.games.twenty_strong.state import Active, Stack, State

TEST_CARDS = Path(__file__).with_name("cards.toml")
"""The card file scenario tests play with: a frozen copy of an early house deck, so balancing
the house cards never changes what a rule test sees."""
VIC_TEST_CARDS = Path(__file__).with_name("vic_cards.toml")
"""The same for the Victorum deck."""


class Scenario:
    """A 20 Strong game driven action by action, with chosen chance outcomes."""

    def __init__(self, **options: Any) -> None:
        victorum = options.get("deck") == "victorum"
        options.setdefault("deck_file", str(VIC_TEST_CARDS if victorum else TEST_CARDS))
        self.game = TwentyStrong(1, options)
        self.deck: Any = self.game.deck
        self.state: State = self.game.initial_state()
        self.history: list[State] = [self.state]

    # -- driving ------------------------------------------------------------------------

    def play(self, *texts: str) -> Scenario:
        """Apply actions written in notation (chance outcomes included)."""
        for text in texts:
            self.state = self.game.apply(self.state, self.game.parse_action(text))
            self.history.append(self.state)
        return self

    def refused(self, text: str) -> str:
        """Check that ``text`` is illegal now and leaves the state unchanged; the message."""
        before = self.state
        with pytest.raises(IllegalActionError) as error:
            self.game.apply(self.state, self.game.parse_action(text))
        assert self.state is before
        return str(error.value)

    def settle(self, limit: int = 1000) -> Scenario:
        """Resolve chance nodes with their first outcome until the player must act."""
        for _ in range(limit):
            if self.game.to_move(self.state) != CHANCE:
                return self
            action = self.game.chance_weights(self.state).actions[0]
            self.state = self.game.apply(self.state, action)
            self.history.append(self.state)
        raise AssertionError("chance did not settle")

    def roll(self, *faces: str) -> Scenario:
        """Give the faces of the dice being rolled, in die order: ``"m"``, ``"h"`` or ``"c"``."""
        for face in faces:
            assert self.state.to_roll, "no die is being rolled"
            die = self.state.to_roll[0]
            self.state = self.game.apply(self.state, DieFace(die, FACE_LETTERS.index(face)))
            self.history.append(self.state)
        return self

    def reveal(self, stack: str, code: str) -> Scenario:
        """Turn up ``code`` on top of ``stack`` (the stack must be waiting for a reveal)."""
        index = self.deck.stack_names().index(stack)
        self.state = self.game.apply(self.state, Reveal(index, code))
        self.history.append(self.state)
        return self

    def edit(self, change: Callable[[State], None]) -> Scenario:
        """Build an exact situation: ``change`` edits a copy of the state, which is then
        advanced (automatic steps run) and becomes the current state."""
        from gamehall.games.twenty_strong.flow import advance

        state = self.state.evolve()
        change(state)
        advance(self.game, state)
        self.state = state
        self.history.append(state)
        return self

    # -- building blocks for edits --------------------------------------------------------

    def card(self, code: str) -> int:
        """The id of the card ``code``."""
        return int(self.deck.codes[code])

    def put_on_top(self, stack: str, *codes: str) -> Scenario:
        """Make ``codes`` the known top cards of ``stack`` (first code on top), taking them
        out of wherever they were in the stacks."""
        ids = [self.card(c) for c in codes]
        index = self.deck.stack_names().index(stack)

        def change(s: State) -> None:
            stacks = []
            for i, old in enumerate(s.stacks):
                known = tuple(c for c in old.known if c not in ids)
                hidden = tuple(c for c in old.hidden if c not in ids)
                if i == index:
                    known = (*ids, *known)
                stacks.append(Stack(known, hidden))
            s.stacks = tuple(stacks)

        return self.edit(change)

    def activate(self, *codes: str, power: int = 0) -> Scenario:
        """Put cards straight into the active area (with no activation effects)."""

        def change(s: State) -> None:
            for code in codes:
                info = self.deck.cards[self.card(code)]
                s.active = (*s.active, Active(self.card(code), info.health, info.damage, power))

        return self.edit(change)

    def set(self, **fields: Any) -> Scenario:
        """Set state fields (``health=3``, ``phase="commit"``...)."""

        def change(s: State) -> None:
            for name, value in fields.items():
                setattr(s, name, value)

        return self.edit(change)

    def set_deck(self, **fields: Any) -> Scenario:
        """Set fields of the deck's part of the state."""
        return self.set(deck=self.state.deck._replace(**fields))

    # -- reading ------------------------------------------------------------------------

    def legal(self) -> list[str]:
        """The legal actions, in notation."""
        return [str(a) for a in self.game.legal_actions(self.state)]

    def choices(self) -> list[str]:
        """The waiting choice's own options: the legal actions but the items, abilities and
        backup dice usable beside it (GEN-R6)."""
        state = self.state
        if not state.tasks:
            return self.legal()
        task = state.tasks[0]
        legal = self.game.legal_actions(state)
        return [str(a) for a in legal if not self.game._interrupts(task, a)]

    def view(self) -> dict[str, Any]:
        """The player's view."""
        return self.game.view(self.state, 0)

    def zone_of(self, die: str) -> str:
        """The zone name of the die named ``die`` (``B2``, ``R``...)."""
        for index, _zone in enumerate(self.state.zones):
            if die_name(index) == die:
                return str(self.view()["dice"][index]["zone"])
        raise KeyError(die)

    def count(self, zone: int) -> int:
        """How many dice are in ``zone``."""
        return self.state.zones.count(zone)

    def colours(self, zone: int) -> str:
        """The colour letters of the dice in ``zone``, e.g. ``"YYGB"``."""
        return "".join(COLOUR_LETTERS[colour_of(d)] for d in self.state.dice_in(zone))

    def active_codes(self) -> list[str]:
        """The codes of the active cards, in order."""
        return [self.deck.cards[a.card].code for a in self.state.active]


def cards_where(scenario: Scenario, test: Callable[[Any], bool]) -> Iterable[str]:
    """Codes of the deck's cards whose compiled info passes ``test``."""
    return [info.code for info in scenario.deck.cards if test(info)]
