"""Provably fair deals: a hall secret, committed to before the game, fixes every card and die.

The **secret** is 256 bits from :mod:`secrets`, written as 64 lowercase hex digits. Everything
below hashes that hex *text*, encoded as ASCII, so anyone can check it with standard tools:

- the **commitment** is ``SHA-256(secret)``, in hex (``printf %s SECRET | sha256sum``);
- the **stream seed** is ``HMAC-SHA256(key=secret, message=str(client seed))`` in hex
  (``printf %s SEED | openssl dgst -sha256 -hmac SECRET``): every chance outcome and every
  bot's and hint's choice is drawn from it (:func:`gamehall.core.chance.make_rng`).

Every seat sees the commitment from its first view, and the record reveals the secret once
the game is over, so the hall cannot pick outcomes after committing and no client seed (the
creator's included) fixes the deal. A table without a secret is **seeded**: its client seed
alone is the stream seed, allowed only where at most one person sits (practice, tests).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

SECRET_BYTES = 32


def new_secret() -> str:
    """A fresh hall secret: 256 random bits as 64 hex digits."""
    return secrets.token_hex(SECRET_BYTES)


def commitment_of(secret: str) -> str:
    """The public commitment to ``secret``: SHA-256 of its hex text, in hex."""
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def stream_seed(secret: str, seed: int | str) -> str:
    """The seed of a table's streams: HMAC-SHA256 keyed by ``secret`` over the client seed."""
    return hmac.new(secret.encode("ascii"), str(seed).encode("utf-8"), hashlib.sha256).hexdigest()


def may_be_seeded(people: int) -> bool:
    """Whether a seed alone may fix a table's deal: only where at most one person sits."""
    return people <= 1


@dataclass(frozen=True)
class Deal:
    """What fixes a game's chance: the client seed and, unless seeded, the hall's secret.

    ``commitment`` is kept even where ``secret`` is not known (a record read before the end);
    ``physical``: people enter every outcome from a real copy, so there is no deal to check.
    """

    seed: int | str
    commitment: str | None = None
    secret: str | None = None
    physical: bool = False

    @classmethod
    def sealed(cls, seed: int | str, physical: bool = False) -> Deal:
        """A deal behind a fresh hall secret."""
        return cls.of(seed, new_secret(), physical)

    @classmethod
    def of(cls, seed: int | str, secret: str | None, physical: bool = False) -> Deal:
        """The deal of ``seed`` behind ``secret`` (None: a seeded deal)."""
        commitment = commitment_of(secret) if secret is not None else None
        return cls(seed, commitment, secret, physical)

    @property
    def seeded(self) -> bool:
        """True when the client seed alone fixes the deal (no commitment)."""
        return self.commitment is None

    @property
    def stream_seed(self) -> int | str:
        """The seed every stream is drawn from; the client seed itself for a seeded deal."""
        if self.secret is None:
            return self.seed
        return stream_seed(self.secret, self.seed)

    def keeps_promise(self) -> bool:
        """Whether the revealed secret is the one committed to (SHA-256 matches)."""
        if self.secret is None or self.commitment is None:
            return False
        return hmac.compare_digest(commitment_of(self.secret), self.commitment)
