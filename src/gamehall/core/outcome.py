"""The end of a game as a value: who won, each seat's score and why it ended."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Outcome:
    """Winners (seat indexes), per-seat scores and a reason code such as ``"keys-target"``."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str

    def to_json(self) -> dict[str, Any]:
        """The outcome as plain JSON data."""
        return {"winners": list(self.winners), "scores": list(self.scores), "reason": self.reason}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        """Read back what :meth:`to_json` wrote."""
        return cls(tuple(data["winners"]), tuple(data["scores"]), str(data["reason"]))
