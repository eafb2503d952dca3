"""Game records: everything needed to replay a game exactly, as JSON.

A record is ``{format, gamehall, rules_version, game, players, options, seats, seed, deal,
commitment, secret, actions, outcome}``, plus ``files``: the SHA-256 of each card file an option
named, so a record played with a player's own cards refuses to replay against a changed file.
``seed`` is the client's seed; ``deal`` says what fixed the chance outcomes
(:mod:`gamehall.core.fairness`): ``committed`` (the hall's secret, whose SHA-256 is
``commitment``; ``secret`` is revealed only once the game is over), ``seeded`` (the seed alone:
practice and tests) or ``physical`` (people entered every outcome: nothing to verify).
:func:`verify_deal` checks that the secret is the committed one and that every chance outcome
is the one the committed stream gives. ``actions`` holds every action in notation, chance
outcomes included. ``digest`` is the SHA-256 of everything else: a record changed or damaged
after it was written (an action edited, the list cut short) is refused before it is replayed.
:func:`replay` rebuilds the game and rejects a record that does not replay with the action's
index and the reason, and a record of other rules (another ``rules_version``) with the
version that can replay it.

Records of format 1 (before digests) and 2 (before committed deals) are still read; their
replay checks every action, and their deal cannot be checked.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamehall import __version__
from gamehall.core.chance import ChanceStream
from gamehall.core.errors import GamehallError, InvalidRecordError
from gamehall.core.fairness import Deal
from gamehall.core.game import CHANCE, Game
from gamehall.core.i18n import Text
from gamehall.core.match import Match
from gamehall.core.outcome import Outcome
from gamehall.core.registry import create

FORMAT = 3
READABLE_FORMATS = (1, 2, 3)
"""Format 1 had no digest and no ``gamehall`` version, format 2 no deal, commitment or secret;
such records are still read."""
DEAL_KINDS = ("committed", "seeded", "physical")
HEX_DIGEST = re.compile(r"[0-9a-f]{64}")
"""How a commitment and a secret are written: 64 lowercase hex digits."""


def gamehall_version() -> str:
    """The version of the gamehall that writes records (``gamehall.__version__``, the one
    source the package's metadata is built from too)."""
    return __version__


def digest_of(data: dict[str, Any]) -> str:
    """The SHA-256 of a record's JSON data without its digest, written canonically."""
    content = {key: value for key, value in data.items() if key != "digest"}
    text = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass
class Record:
    """A finished or unfinished game, as data."""

    game: str
    players: int
    rules_version: str
    seed: int | str
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    outcome: Outcome | None = None
    files: dict[str, str] = field(default_factory=dict)
    """Option name -> SHA-256 of the card file it named when the game was played."""
    commitment: str | None = None
    """SHA-256 of the hall's secret (None: a seeded deal)."""
    secret: str | None = None
    """The hall's secret, written only once the game is over."""
    physical: bool = False
    """People entered every chance outcome from a physical copy."""
    format: int = FORMAT
    gamehall: str = field(default_factory=gamehall_version)
    """The version of gamehall that wrote the record (the one to replay older rules with)."""

    @classmethod
    def of(cls, match: Match) -> Record:
        """The record of a match as it stands: the secret only once the game is over."""
        game, deal = match.game, match.deal
        return cls(
            game=game.name,
            players=game.players,
            rules_version=game.rules_version,
            seed=deal.seed,
            options=dict(game.options),
            seats=list(match.seat_names),
            actions=[str(a) for a in match.actions],
            outcome=match.outcome(),
            files=file_digests(game),
            commitment=deal.commitment,
            secret=deal.secret if match.is_over() else None,
            physical=deal.physical,
        )

    @property
    def deal_kind(self) -> str:
        """``physical``, ``seeded`` or ``committed``: what fixed the chance outcomes."""
        if self.physical:
            return "physical"
        return "seeded" if self.commitment is None else "committed"

    def deal(self) -> Deal:
        """The deal the record tells of (its stream seed known once the secret is revealed)."""
        return Deal(self.seed, self.commitment, self.secret, self.physical)

    def to_json(self) -> dict[str, Any]:
        """The record as plain JSON data, with its digest."""
        data = {
            "format": self.format,
            "gamehall": self.gamehall,
            "rules_version": self.rules_version,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seats": self.seats,
            "seed": self.seed,
            "deal": self.deal_kind,
            "commitment": self.commitment,
            "secret": self.secret,
            "actions": self.actions,
            "outcome": self.outcome.to_json() if self.outcome else None,
            **({"files": self.files} if self.files else {}),
        }
        return {**data, "digest": digest_of(data)}

    @classmethod
    def from_json(cls, data: object) -> Record:
        """Read a record, checking its shape; raises InvalidRecordError naming the field."""
        if not isinstance(data, dict):
            raise InvalidRecordError("a record must be a JSON object")
        if data.get("format") not in READABLE_FORMATS:
            raise InvalidRecordError(f"unsupported record format {data.get('format')!r}")
        if data["format"] >= 2 and data.get("digest") != digest_of(data):
            raise InvalidRecordError(
                "the record was changed or damaged after it was written: its digest does not"
                " match its content"
            )
        expected: dict[str, type | tuple[type, ...]] = {
            "game": str,
            "players": int,
            "rules_version": str,
            "seed": (int, str),
            "options": dict,
            "seats": list,
            "actions": list,
        }
        for name, kind in expected.items():
            if not isinstance(data.get(name), kind) or isinstance(data.get(name), bool):
                raise InvalidRecordError(f"record field {name!r} is missing or of the wrong type")
        if not all(isinstance(a, str) for a in data["actions"]):
            raise InvalidRecordError("record field 'actions' must hold only strings")
        files = data.get("files", {})
        if not isinstance(files, dict) or not all(isinstance(v, str) for v in files.values()):
            raise InvalidRecordError("record field 'files' must map options to digests")
        commitment, secret, physical = deal_fields(data)
        outcome = data.get("outcome")
        try:
            parsed = Outcome.from_json(outcome) if outcome is not None else None
        except (KeyError, TypeError) as error:
            raise InvalidRecordError(f"record field 'outcome' is malformed: {error}") from None
        return cls(
            game=data["game"],
            players=data["players"],
            rules_version=data["rules_version"],
            seed=data["seed"],
            options=data["options"],
            seats=data["seats"],
            actions=data["actions"],
            outcome=parsed,
            files=files,
            commitment=commitment,
            secret=secret,
            physical=physical,
            format=data["format"],
            gamehall=str(data.get("gamehall", "before 0.1")),
        )

    def save(self, path: Path) -> None:
        """Write the record atomically: the file is either the whole record or untouched."""
        text = json.dumps(self.to_json(), indent=1, ensure_ascii=False)
        directory = path.resolve().parent
        fd, temp = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: Path) -> Record:
        """Read a record file; raises InvalidRecordError for a file that is not a record."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as error:
            raise InvalidRecordError(f"cannot read {path}: {error.strerror}") from None
        except json.JSONDecodeError as error:
            if cut_short(error):
                raise InvalidRecordError(
                    f"{path} is cut short: its JSON ends at character {len(error.doc)}"
                    " before the record is complete"
                ) from None
            raise InvalidRecordError(f"{path} is not JSON: {error}") from None
        except UnicodeDecodeError as error:
            raise InvalidRecordError(f"{path} is not JSON: {error}") from None
        return cls.from_json(data)


def replay(record: Record) -> Match:
    """The match rebuilt from a record's actions; raises InvalidRecordError at the first fault."""
    try:
        game: Game[Any] = create(record.game, record.players, record.options)
    except GamehallError as error:
        raise InvalidRecordError(f"record cannot be set up: {error}") from None
    if record.rules_version != game.rules_version:
        raise InvalidRecordError(
            f"this record was played under version {record.rules_version} of the {game.title}"
            f" rules, written by gamehall {record.gamehall}; this gamehall"
            f" ({gamehall_version()}) plays version {game.rules_version} and keeps no other:"
            f" replay it with gamehall {record.gamehall}"
        )
    played, now = record.files, file_digests(game)
    for option in sorted(played):
        if now.get(option) != played[option]:
            path = game.options.get(option)
            raise InvalidRecordError(
                f"the card file {path} (option {option!r}) is not the one this game was played with"
            )
    match = Match(game, record.deal(), seat_names=record.seats or None)
    for index, text in enumerate(record.actions):
        try:
            match.play(game.read_action(text))
        except GamehallError as error:
            raise InvalidRecordError(
                f"action {index} ({text!r}) does not replay: {error}"
            ) from None
    if record.outcome is not None and match.outcome() != record.outcome:
        raise InvalidRecordError(
            f"the replayed outcome {match.outcome()} differs from the recorded {record.outcome}"
        )
    return match


def deal_fields(data: dict[str, Any]) -> tuple[str | None, str | None, bool]:
    """A record's commitment, secret and whether it was physical, checked against its ``deal``
    (a record before format 3 was seeded)."""
    if data["format"] < 3:
        return None, None, False
    kind, commitment, secret = data.get("deal"), data.get("commitment"), data.get("secret")
    if kind not in DEAL_KINDS:
        raise InvalidRecordError(f"record field 'deal' must be one of {', '.join(DEAL_KINDS)}")
    for name, value in (("commitment", commitment), ("secret", secret)):
        if value is not None and not (isinstance(value, str) and HEX_DIGEST.fullmatch(value)):
            raise InvalidRecordError(f"record field {name!r} must be 64 lowercase hex digits")
    if kind == "seeded" and commitment is not None:
        raise InvalidRecordError("a seeded deal has no commitment")
    if kind == "committed" and commitment is None:
        raise InvalidRecordError("a committed deal needs a commitment")
    if secret is not None and commitment is None:
        raise InvalidRecordError("record field 'secret' needs a commitment")
    return commitment, secret, kind == "physical"


def verify_deal(match: Match) -> Text:
    """What the deal of a replayed match proves; raises InvalidRecordError if it fails.

    A committed deal must reveal a secret whose SHA-256 is the commitment, and every chance
    outcome must be the committed stream's; a seeded deal's outcomes must be its seed's.
    """
    deal = match.deal
    if deal.physical:
        return Text("core.deal.physical")
    if not deal.seeded and deal.secret is None:
        raise InvalidRecordError.of(Text("core.deal.unrevealed"))
    if not deal.seeded and not deal.keeps_promise():
        raise InvalidRecordError.of(Text("core.deal.broken_promise"))
    stray = first_stray_draw(match)
    if stray is not None:
        index, expected = stray
        found = str(match.actions[index])
        fields = {"index": index, "found": found, "expected": expected}
        raise InvalidRecordError.of(Text("core.deal.stray_draw", fields))
    fields = {"draws": match.chance_steps, "commitment": deal.commitment or ""}
    return Text("core.deal.seeded_ok" if deal.seeded else "core.deal.verified", fields)


def first_stray_draw(match: Match) -> tuple[int, str] | None:
    """The first chance step whose outcome is not the stream's draw, with the one it should
    be; None if every chance outcome is the stream's."""
    stream, game = ChanceStream(match.seed), match.game
    draws = 0
    for index, mover in enumerate(match.movers):
        if mover != CHANCE:
            continue
        expected = str(stream.sample(game.chance_weights(match.states[index]), draws))
        draws += 1
        if expected != str(match.actions[index]):
            return index, expected
    return None


def cut_short(error: json.JSONDecodeError) -> bool:
    """Whether JSON failed to parse because the text ends too soon (rather than being
    damaged in the middle): the parser stopped at the end, or in a string running to it."""
    rest = error.doc[error.pos + 1 :]
    in_last_string = error.msg.startswith("Unterminated string") and not ({'"', "\n"} & set(rest))
    return error.pos >= len(error.doc.rstrip()) or in_last_string


def file_digests(game: Game[Any]) -> dict[str, str]:
    """The SHA-256 of each file a local-only option of ``game`` names (a player's card file)."""
    digests = {}
    for spec in type(game).option_specs:
        path = game.options.get(spec.name)
        if not spec.remote and path and path != spec.default:
            try:
                digests[spec.name] = hashlib.sha256(Path(path).read_bytes()).hexdigest()
            except OSError as error:
                raise InvalidRecordError(f"cannot read {path}: {error.strerror}") from None
    return digests
