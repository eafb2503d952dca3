"""Illegal actions to try on a state: the moves a confused player, a stale client or a hostile
one would send.

An :class:`Attempt` is either notation (text the game must parse or refuse) or an action
object, sent for the seat to move or for another seat. Kinds:

* ``catalogue``: a decision of the game's catalogue that is not legal now;
* ``earlier``: an action legal at an earlier state of the same game, illegal now;
* ``chance``: a chance outcome where a seat decides, or one chance cannot give now;
* ``garbled``: a legal action's notation garbled (numbers out of range, words dropped or
  added, stray characters), or text that is no notation at all;
* ``seat``: a legal action sent by a seat whose turn it is not;
* ``over``: any action once the game is over.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from gamehall.core.catalogue import Catalogue
from gamehall.core.game import CHANCE, Action, Game

NOISE = ("", " ", "\x00", "é", "🎲", "-1", "0", "999999999999", "nan", "1e9", "+", ",", "'")
"""Fragments a garbled notation is made of."""


@dataclass(frozen=True)
class Attempt:
    """One illegal move to try: ``text`` to parse or an ``action``, for ``seat`` (None: the
    seat to move, or chance)."""

    kind: str
    text: str | None = None
    action: Action | None = None
    seat: int | None = None

    def __str__(self) -> str:
        shown = repr(self.text) if self.text is not None else str(self.action)
        return f"{self.kind} {shown}" + (
            f" by seat {self.seat + 1}" if self.seat is not None else ""
        )


def garble(notation: str, rng: random.Random) -> str:
    """``notation`` garbled one way or another."""
    words = notation.split(" ")
    way = rng.randrange(6)
    if way == 0:  # a number out of range
        return " ".join(str(rng.choice((-1, 0, 99, 10**12))) if w.isdigit() else w for w in words)
    if way == 1 and len(words) > 1:  # a word dropped
        del words[rng.randrange(len(words))]
        return " ".join(words)
    if way == 2:  # a word added
        words.insert(rng.randrange(len(words) + 1), rng.choice(NOISE))
        return " ".join(words)
    if way == 3:  # a character replaced
        at = rng.randrange(len(notation)) if notation else 0
        return notation[:at] + rng.choice(NOISE) + notation[at + 1 :]
    if way == 4:  # a long run
        return notation + " " + "x" * rng.choice((64, 4096))
    return "".join(rng.choice(NOISE) for _ in range(rng.randrange(1, 5)))


def attempts(
    game: Game[Any],
    state: Any,
    legal: Sequence[Action],
    earlier: Sequence[Action],
    catalogue: Catalogue,
    rng: random.Random,
    count: int,
) -> Iterator[Attempt]:
    """``count`` illegal moves to try on ``state`` (``legal``: its legal actions; ``earlier``:
    actions met earlier in the game). Candidates that turn out legal are skipped by whoever
    tries them, since a notation may parse to a legal action."""
    mover = game.to_move(state)
    for _ in range(count):
        if mover is None:
            yield Attempt("over", action=rng.choice(earlier)) if earlier else Attempt("over", "end")
            continue
        kinds = ["catalogue", "chance", "garbled"]
        if earlier:
            kinds.append("earlier")
        if mover != CHANCE and game.players > 1:
            kinds.append("seat")
        kind = rng.choice(kinds)
        if kind == "catalogue" and len(catalogue.decisions):
            yield Attempt(
                kind, action=catalogue.decisions.action(rng.randrange(len(catalogue.decisions)))
            )
        elif kind == "chance" and len(catalogue.chance):
            yield Attempt(
                kind, action=catalogue.chance.action(rng.randrange(len(catalogue.chance)))
            )
        elif kind == "earlier":
            yield Attempt(kind, action=rng.choice(earlier))
        elif kind == "seat" and legal:
            other = rng.choice([seat for seat in range(game.players) if seat != mover])
            yield Attempt(kind, action=rng.choice(legal), seat=other)
        else:
            source = rng.choice(legal) if legal else rng.choice(earlier) if earlier else ""
            yield Attempt("garbled", text=garble(str(source), rng))
