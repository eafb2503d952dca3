"""The optional difficulty ranking of 20 Strong decks: a win raises the rank by one, a loss
lowers it by one, within 1..5 (TMB-RANK-2, VIC-RANK-1; the highest rank is a ruling)."""

from __future__ import annotations

LOWEST, HIGHEST = 1, 5


def next_rank(rank: int, won: bool) -> int:
    """The rank to play after a game at ``rank`` that was won (or lost)."""
    return min(HIGHEST, max(LOWEST, rank + (1 if won else -1)))


def ranking_after(rank: int, won: bool) -> dict[str, int | str]:
    """How a game at ``rank`` moves it: the rank, the next one and the change ("up", "down",
    or at a bound "top" or "bottom"), for the ending's breakdown."""
    after = next_rank(rank, won)
    change = ("up" if after > rank else "down") if after != rank else ("top" if won else "bottom")
    return {"rank": rank, "next": after, "change": change}
