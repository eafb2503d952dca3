"""Provably fair dealing (issue 22, item 2): a hall secret behind every deal people share,
committed to before the game, revealed by the record at the end and checked by
``gamehall replay --verify``; a seed alone fixes a deal only where at most one person sits."""

from __future__ import annotations

import hashlib
import hmac
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from gamehall.bots import make_bot
from gamehall.core.chance import ChanceStream
from gamehall.core.errors import InvalidRecordError
from gamehall.core.fairness import Deal, commitment_of, new_secret, stream_seed
from gamehall.core.game import CHANCE, Game
from gamehall.core.i18n import catalog
from gamehall.core.match import Match
from gamehall.core.record import Record, digest_of, replay, verify_deal
from gamehall.core.registry import create
from tests.commands import gamehall

CLIENT_SEED = "grinded-seed-42"


def sealed(number: int = 0, seed: str = CLIENT_SEED, physical: bool = False) -> Deal:
    """A deal behind a fixed test secret (the ``number``-th): the tests replay the same
    games every time, as a hall secret of its own would not let them."""
    secret = hashlib.sha256(f"gamehall test secret {number}".encode()).hexdigest()
    return Deal.of(seed, secret, physical)


def bots(game: Game[Any], kind: str = "random") -> list[Any]:
    return [make_bot(kind, game.name) for _ in range(game.players)]


def finished_match(deal: Deal | int | str, kind: str = "random") -> Match:
    game = create("boss-quest", 3, {})
    match = Match(game, deal, bots(game, kind))
    match.play_out()
    return match


def step(match: Match) -> None:
    """One step of a game of bots: a chance outcome or a bot's move."""
    if match.to_move() == CHANCE:
        match.step_chance()
    else:
        match.step_bot()


def redigested(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with its digest written again: a forgery only the fairness check can catch."""
    return {**data, "digest": digest_of(data)}


def verify_command(tmp_path: Path, data: dict[str, Any]) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    return gamehall(f"replay {path} --verify")


# -- the commitment and the stream seed are the documented hashes ---------------------------


def test_the_commitment_and_the_stream_seed_are_the_documented_hashes() -> None:
    """SHA-256 of the secret's hex text; HMAC-SHA256 keyed by it over the client seed."""
    secret = new_secret()
    assert len(secret) == 64 and int(secret, 16) >= 0
    deal = Deal.of(CLIENT_SEED, secret)
    assert deal.commitment == hashlib.sha256(secret.encode()).hexdigest()
    expected = hmac.new(secret.encode(), CLIENT_SEED.encode(), hashlib.sha256).hexdigest()
    assert deal.stream_seed == stream_seed(secret, CLIENT_SEED) == expected
    assert deal.keeps_promise() and not deal.seeded
    assert Deal(CLIENT_SEED).stream_seed == CLIENT_SEED and Deal(CLIENT_SEED).seeded


@pytest.mark.skipif(shutil.which("sha256sum") is None, reason="no sha256sum on this machine")
def test_anyone_can_check_the_commitment_with_sha256sum() -> None:
    """The commitment is what ``printf %s SECRET | sha256sum`` prints."""
    secret = new_secret()
    printed = subprocess.run(
        ["sha256sum"], input=secret, capture_output=True, text=True, check=True
    ).stdout.split()[0]
    assert printed == commitment_of(secret)


def test_two_sealed_deals_of_one_client_seed_differ_and_the_streams_come_from_the_secret() -> None:
    """The same client seed behind two secrets deals two different games; the match's chance,
    bots and hints all draw from the stream seed, never from the client seed alone."""
    game = create("boss-quest", 3, {})
    first, second = Match(game, sealed(1)), Match(game, sealed(2))
    assert first.seed != second.seed and CLIENT_SEED not in (first.seed, second.seed)
    for match in (first, second):
        while match.to_move() == CHANCE:
            match.step_chance()
    assert first.actions != second.actions


# -- the record: commitment from the start, secret only at the end ----------------------------


def test_the_record_reveals_the_secret_only_once_the_game_is_over() -> None:
    deal = sealed()
    assert deal.secret is not None
    game = create("boss-quest", 3, {})
    match = Match(game, deal, bots(game))
    for _ in range(30):
        step(match)
        data = Record.of(match).to_json()
        assert data["commitment"] == deal.commitment and data["deal"] == "committed"
        assert data["secret"] is None and deal.secret not in json.dumps(data)
    match.play_out()
    data = Record.of(match).to_json()
    assert data["secret"] == deal.secret and data["seed"] == CLIENT_SEED
    assert data["commitment"] == deal.commitment


def test_a_finished_record_verifies_with_the_replay_command(tmp_path: Path) -> None:
    data = Record.of(finished_match(sealed())).to_json()
    result = verify_command(tmp_path, data)
    assert result.returncode == 0, result.stderr
    assert "replays exactly" in result.stdout and "The deal verifies" in result.stdout
    assert data["commitment"] in result.stdout.replace("\n", "")


def stray_forgery(deal: Deal) -> tuple[dict[str, Any], int]:
    """A complete, replayable, re-digested record of ``deal`` in which one chance outcome is
    not the stream's (the hall picked it after committing); the index of that outcome."""
    game = create("boss-quest", 3, {})
    match = Match(game, deal, bots(game))
    forged = -1
    while not match.is_over():
        if match.to_move() == CHANCE and forged < 0 and len(match.actions) > 20:
            drawn = match.sample_chance()
            others = [a for a in game.chance_weights(match.state).actions if a != drawn]
            if others:
                forged = len(match.actions)
                match.play(others[0])
                continue
        step(match)
    return Record.of(match).to_json(), forged


def altered(how: str) -> tuple[dict[str, Any], str]:
    """A finished record changed ``how`` and re-digested; what the refusal must say."""
    deal = sealed()
    if how == "one chance outcome":
        data, index = stray_forgery(deal)
        return data, f"the chance outcome at action {index} is"
    data = Record.of(finished_match(deal)).to_json()
    if how == "secret":
        data["secret"] = new_secret()
    elif how == "commitment":
        data["commitment"] = commitment_of(new_secret())
    elif how == "secret and commitment":  # a consistent pair, but not the stream of the log
        data["secret"] = new_secret()
        data["commitment"] = commitment_of(data["secret"])
        return redigested(data), "the chance outcome at action"
    return redigested(data), "is not the commitment"


@pytest.mark.parametrize(
    "how", ["secret", "commitment", "secret and commitment", "one chance outcome"]
)
def test_an_altered_record_is_refused_by_the_fairness_check(tmp_path: Path, how: str) -> None:
    """Each forgery replays (its digest is right, its actions legal), so only the deal's check
    can refuse it: one line, naming the reason, and a non-zero exit."""
    data, reason = altered(how)
    assert replay(Record.from_json(data)).is_over()
    result = verify_command(tmp_path, data)
    assert result.returncode != 0
    assert result.stderr.count("\n") == 1 and reason in result.stderr, result.stderr
    assert "The deal verifies" not in result.stdout


def test_an_unfinished_committed_record_cannot_be_verified_yet(tmp_path: Path) -> None:
    game = create("boss-quest", 3, {})
    match = Match(game, sealed(), bots(game))
    for _ in range(25):
        step(match)
    result = verify_command(tmp_path, Record.of(match).to_json())
    assert result.returncode != 0 and result.stderr.count("\n") == 1
    assert "only once the game is over" in result.stderr


def test_an_older_record_replays_and_says_its_deal_was_not_checked(tmp_path: Path) -> None:
    """A format 2 record (before committed deals) is still read and replayed."""
    data = Record.of(finished_match(7)).to_json()
    old = redigested(
        {k: v for k, v in data.items() if k not in ("deal", "commitment", "secret")} | {"format": 2}
    )
    result = verify_command(tmp_path, old)
    assert result.returncode == 0, result.stderr
    assert "replays exactly" in result.stdout and "predates committed deals" in result.stdout


def test_a_physical_copy_has_no_deal_to_verify(tmp_path: Path) -> None:
    data = Record.of(finished_match(sealed(physical=True))).to_json()
    assert data["deal"] == "physical"
    result = verify_command(tmp_path, data)
    assert result.returncode == 0, result.stderr
    assert "there is no deal to verify" in result.stdout


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"deal": "fair"}, "record field 'deal' must be one of"),
        ({"secret": "XYZ"}, "record field 'secret' must be 64 lowercase hex digits"),
        ({"deal": "seeded"}, "a seeded deal has no commitment"),
        ({"commitment": None}, "a committed deal needs a commitment"),
    ],
)
def test_a_malformed_deal_is_refused_naming_the_field(change: dict[str, Any], message: str) -> None:
    data = Record.of(finished_match(sealed())).to_json()
    with pytest.raises(InvalidRecordError, match=message):
        Record.from_json(redigested(data | change))


# -- seeded deals: at most one person -------------------------------------------------------


def test_a_seeded_game_says_so_and_replays_from_its_seed(tmp_path: Path) -> None:
    """``gamehall play --seed`` with no more than one person: no secret, the record says it
    is seeded, and the seed alone deals the same game again."""
    path = tmp_path / "game.json"
    played = gamehall(f"play boss-quest --players 3 --bots 3 --seed 11 --record {path}")
    assert played.returncode == 0, played.stderr
    data = json.loads(path.read_text())
    assert data["deal"] == "seeded" and data["commitment"] is None and data["secret"] is None
    again = finished_match(11, "heuristic")
    assert data["actions"] == [str(a) for a in again.actions]
    result = gamehall(f"replay {path} --verify")
    assert result.returncode == 0, result.stderr
    assert "Seeded table: its seed alone fixes every card and die" in result.stdout


def test_people_sharing_the_terminal_play_behind_a_secret(tmp_path: Path) -> None:
    """Two people at one terminal: the seed is combined with a secret, the commitment is shown
    at the start, and the record of the game left unfinished keeps the secret."""
    path = tmp_path / "game.json"
    played = gamehall(
        f"play boss-quest --players 3 --bots 1 --seed 11 --record {path}", stdin="quit\n"
    )
    assert played.returncode == 0, played.stderr
    data = json.loads(path.read_text())
    assert data["deal"] == "committed" and data["secret"] is None and data["seed"] == 11
    assert "Deal commitment" in played.stdout and data["commitment"] in played.stdout


# -- restart-proof: the k-th chance step takes the stream's k-th draw -------------------------


def test_a_resumed_match_keeps_the_deal_verifiable() -> None:
    """Replayed from its log after a restart at any point, a match draws chance where the
    stream left off: the finished game verifies (its bots may choose anew)."""
    deal = sealed()
    whole = finished_match(deal)
    game = whole.game
    for cut in (0, 7, len(whole.actions) // 2, len(whole.actions) - 1):
        resumed = Match(game, deal, bots(game))
        resumed.resume([str(a) for a in whole.actions[:cut]])
        resumed.play_out()
        assert catalog("en").render(verify_deal(resumed)).startswith("The deal verifies")


def test_chance_taken_back_is_drawn_again_the_same() -> None:
    """Steps rolled back (a failed write) or undone leave the stream where the log says: the
    next draw is the one the stream gives at that many chance steps."""
    game = create("boss-quest", 3, {})
    match = Match(game, sealed(), bots(game))
    while len(match.actions) < 30 or match.to_move() != CHANCE:
        step(match)
    length = len(match.actions)
    ahead = [match.step_chance()]
    match.truncate(length)
    assert [match.step_chance()] == ahead
    for _ in range(40):
        if match.is_over():
            break
        step(match)
    stream = ChanceStream(match.seed)
    draws = [
        stream.sample(game.chance_weights(match.states[i]), k)
        for k, i in enumerate(i for i, m in enumerate(match.movers) if m == CHANCE)
    ]
    assert draws == [a for a, m in zip(match.actions, match.movers, strict=True) if m == CHANCE]


# -- the attack of the issue: predicting the other knights' hidden weapons ------------------


def predicted_hidden(game: Game[Any], seed: int | str) -> tuple[int, ...]:
    """The hidden weapons a local match with ``seed`` deals: the attack (before the first
    decision of Boss Quest every step is chance, so the public log adds nothing)."""
    local = Match(game, seed)
    while local.to_move() == CHANCE:
        local.step_chance()
    hidden: tuple[int, ...] = local.state.hidden
    return hidden


def attack_hits(deals: list[Deal], attacker: int = 0) -> tuple[int, int]:
    """How many of the other knights' hidden weapons the attack predicts, of how many."""
    game = create("boss-quest", 3, {})
    hits = tries = 0
    for deal in deals:
        table = Match(game, deal)
        while table.to_move() == CHANCE:
            table.step_chance()
        guess = predicted_hidden(game, deal.seed)
        for seat in range(game.players):
            if seat != attacker:
                tries += 1
                hits += guess[seat] == table.state.hidden[seat]
    return hits, tries


def test_the_seed_and_the_log_no_longer_predict_the_hidden_weapons() -> None:
    """Seeded, the attack reads every hidden weapon (the control: it works); behind a secret
    it guesses at chance level (35 weapons: about 1 in 30), however the seed was chosen."""
    seeds = [f"{CLIENT_SEED}-{n}" for n in range(40)]
    hits, tries = attack_hits([Deal(seed) for seed in seeds])
    assert hits == tries == 80
    hits, tries = attack_hits([sealed(n, seed) for n, seed in enumerate(seeds)])
    assert tries == 80 and hits <= 12, f"{hits} of {tries}: far above chance (about 3)"
