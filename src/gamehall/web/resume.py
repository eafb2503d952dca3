"""Replaying a table's stored log when it is loaded, checked step by step.

The log must number its actions 0, 1, 2… with no gap, each action must parse and be legal
where it stands, the seat the log says moved must be the one the replay has to move, and the
table's rules version must be the game's. A table that fails any of this is broken: the hall
refuses it with the reason and carries on with every other table.
"""

from __future__ import annotations

from collections.abc import Sequence

from gamehall.core.errors import GamehallError
from gamehall.core.game import CHANCE, Game
from gamehall.core.i18n import Text
from gamehall.core.match import Match
from gamehall.store.tables import TableInfo


class BrokenTable(GamehallError):
    """A table whose log cannot be replayed: refused, naming the reason, until repaired."""

    @classmethod
    def of_table(cls, info: TableInfo) -> BrokenTable:
        """The refusal of ``info``, a table marked broken."""
        reason = info.broken_reason() or Text("store.broken.other", {"reason": "?"})
        return cls.of(Text("web.table_broken", {"table": info.id, "reason": reason}))


class LogDoesNotReplay(GamehallError):
    """A stored log that does not replay as it was written."""


def check_rules_version(info: TableInfo, game: Game[object]) -> None:
    """Refuse a table played under rules this code does not have."""
    if info.rules_version != game.rules_version:
        raise LogDoesNotReplay.of(
            Text(
                "store.broken.rules_version",
                {"stored": info.rules_version, "current": game.rules_version},
            )
        )


def mover_text(mover: int) -> Text:
    """A seat, or chance, as the log names who moved."""
    return (
        Text("store.broken.chance") if mover == CHANCE else Text("core.seat", {"number": mover + 1})
    )


def replay_log(match: Match, log: Sequence[tuple[int, str, int]]) -> None:
    """Replay ``log`` (``(seq, action, mover)`` rows) into ``match``, checking each row."""
    for index, (seq, _, _) in enumerate(log):
        if seq != index:
            raise LogDoesNotReplay.of(Text("store.broken.gap", {"expected": index, "found": seq}))
    try:
        match.resume([action for _, action, _ in log])
    except GamehallError as error:
        seq = len(match.actions)
        raise LogDoesNotReplay.of(
            Text("store.broken.action", {"seq": seq, "action": log[seq][1], "reason": why(error)})
        ) from error
    for seq, (_, _, stored), replayed in zip(range(len(log)), log, match.movers, strict=True):
        if stored != replayed:
            raise LogDoesNotReplay.of(
                Text(
                    "store.broken.mover",
                    {"seq": seq, "stored": mover_text(stored), "replayed": mover_text(replayed)},
                )
            )


def why(error: Exception) -> Text | str:
    """An error's message, translatable when it can be."""
    if isinstance(error, GamehallError) and error.text is not None:
        return error.text
    return str(error) or type(error).__name__


def broken_reason(error: Exception) -> Text:
    """Why a table's load failed, as its broken reason."""
    if isinstance(error, LogDoesNotReplay) and error.text is not None:
        return error.text
    if isinstance(error, GamehallError):
        return Text("store.broken.load", {"reason": why(error)})
    return Text("store.broken.load", {"reason": f"{type(error).__name__}: {error}"})
