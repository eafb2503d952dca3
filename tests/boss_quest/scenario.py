"""Forced situations for Boss Quest scenario tests: chance outcomes are chosen, not drawn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from gamehall.core.errors import IllegalActionError
from gamehall.games.boss_quest import BossQuest
from gamehall.games.boss_quest.state import BossQuestState


class Scenario:
    """A Boss Quest game driven action by action, with chosen deals.

    Seats are 0-based in the builder's arguments (``hidden[0]`` is seat 1's hidden weapon);
    action texts use the game notation (seats and slots from 1).
    """

    def __init__(self, players: int = 3, **options: Any) -> None:
        self.game = BossQuest(players, options)
        self.state: BossQuestState = self.game.initial_state()
        self.history: list[BossQuestState] = [self.state]

    # -- driving ---------------------------------------------------------------------

    def play(self, *texts: str) -> Scenario:
        """Apply actions written in notation (chance outcomes included)."""
        for text in texts:
            self.state = self.game.apply(self.state, self.game.parse_action(text))
            self.history.append(self.state)
        return self

    def start(
        self,
        armorer: int = 0,
        boss: int = 17,
        spells: Sequence[str] = ("hp+1", "atk+1", "cancel"),
        hidden: Sequence[str] = (),
        visible: Sequence[str] = (),
    ) -> Scenario:
        """Pick the first armorer, then set up the first round as :meth:`round`."""
        self.play(f"armorer {armorer + 1}")
        return self.round(boss, spells, hidden, visible)

    def round(
        self,
        boss: int = 17,
        spells: Sequence[str] = ("hp+1", "atk+1", "cancel"),
        hidden: Sequence[str] = (),
        visible: Sequence[str] = (),
    ) -> Scenario:
        """Reveal ``boss``, lay out ``spells`` (the last is the mystery one) and deal weapons.

        ``hidden``/``visible`` list each seat's cards in seat order; unspecified seats get
        the lowest cards still in the deck.
        """
        n = self.game.players
        self.play(f"boss {boss}")
        for code in spells[: self.game.layout_size]:
            self.play(f"spell {code}")
        wanted = list(hidden) + list(visible)
        spare = [c for c in self.game.cards.weapon_codes if c not in wanted]
        hidden = list(hidden) + [spare.pop(0) for _ in range(n - len(hidden))]
        visible = list(visible) + [spare.pop(0) for _ in range(n - len(visible))]
        order = [(self.state.armorer + 1 + i) % n for i in range(n)]
        for seat in order:
            self.play(f"weapon {hidden[seat]}")
        for seat in order:
            self.play(f"weapon {visible[seat]}")
        return self

    def draw(self, *cards: str) -> Scenario:
        """Draw the named weapons for the pending draws."""
        return self.play(*(f"weapon {c}" for c in cards))

    # -- reading ---------------------------------------------------------------------

    def legal(self) -> list[str]:
        """The legal actions of the mover, in notation."""
        return [str(a) for a in self.game.legal_actions(self.state)]

    def to_move(self) -> int | None:
        """Whose move it is (CHANCE is -1)."""
        return self.game.to_move(self.state)

    def view(self, seat: int | None) -> dict[str, Any]:
        """The view of ``seat`` (0-based; None: a spectator)."""
        return self.game.view(self.state, seat)

    def attack(self, seat: int) -> int:
        """Seat ``seat``'s attack (0-based)."""
        return self.game.attack_of(self.state, seat)

    def hp(self) -> int:
        """The boss's HP with active spells."""
        return self.game.hp_of(self.state)

    def rejects(self, text: str, reason: str) -> None:
        """Assert ``text`` is illegal now, the message contains ``reason``, the state is kept."""
        before = self.state
        snapshot = before.fields()
        with pytest.raises(IllegalActionError, match=reason):
            self.game.apply(before, self.game.parse_action(text))
        assert before.fields() == snapshot
