"""Information-set MCTS (:mod:`gamehall.search.mcts`) on constructed positions of every game.

Each position is built with the games' scenario helpers so that exactly one root action (or
the first action of a short line) wins for the seat to move, and the others lose or are
clearly worse. The search must rank the winning action first for several seeds with random
rollouts and a small budget; it must leave a losing prior for it, keep a prior that is as good
as its best, give the same result for the same seed, and plan only over the states the
:class:`~gamehall.core.match.Sampler` deals (never the true state, never a secret).

Positions use direct edits of the state where reaching them by play would take many rounds
(keys in Boss Quest, the board and the scores in Ancient Terrible Things, the Tyrant's and
the scion's damage in 20 Strong); each builder says which. The 20 Strong positions start from
the clause tests' own builders (``final_battle`` of the Too Many Bones tests, ``summit`` of
the Victorum tests). Two tests guard the root schedule: the chosen action is one the search
kept trying, and the budget is never exceeded.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

from gamehall.bots.mcts_bot import MctsBot
from gamehall.bots.random_bot import RandomBot
from gamehall.core.game import CHANCE, Action, Game
from gamehall.core.match import Match, Sampler
from gamehall.games.twenty_strong.state import State as TwentyStrongState
from gamehall.search.mcts import Budget, Mcts, SearchResult
from gamehall.search.rollout import Deadline, OutOfTime, play_out, random_rollout, search_rollout
from tests.ancient_terrible_things import scenario as att
from tests.boss_quest.scenario import Scenario as BossQuestScenario
from tests.waiting import PATIENCE

SEEDS = (1, 2, 3, 4, 5)


@dataclass(frozen=True)
class Position:
    """A constructed decision: the game, the true state, the seat to move, the winning move."""

    name: str
    game: Game[Any]
    state: Any
    seat: int
    winning: str
    """The notation of the one winning root action (or the first action of the line)."""
    losing: str
    """A root action that loses (or is clearly worse): the prior the search must leave."""
    iterations: int

    def legal(self) -> list[Action]:
        return list(self.game.legal_actions(self.state))

    def action(self, text: str) -> Action:
        return self.game.parse_action(text)

    def search(
        self,
        seed: int,
        prior: str | None = None,
        iterations: int | None = None,
        sampler: Callable[[random.Random], Any] | None = None,
    ) -> SearchResult:
        mcts = Mcts(Budget(iterations=iterations or self.iterations), rollout=random_rollout)
        return mcts.search(
            self.game,
            sampler or Sampler(self.game, self.state, self.seat),
            self.seat,
            self.legal(),
            random.Random(seed),
            None if prior is None else self.action(prior),
        )


def outcome_after(game: Game[Any], state: Any, text: str) -> Any:
    """The outcome right after ``text`` (None if the game goes on)."""
    return game.outcome(game.apply(state, game.parse_action(text)))


# -- Boss Quest ------------------------------------------------------------------------------


def _boss_quest_round(
    spells: Sequence[str], mine: str, theirs: str, ask: str = ""
) -> BossQuestScenario:
    """Boss 14, 2 knights, no mystery spell, 3 spells. Seat 1 is dealt ``mine`` ("hidden
    visible") and is the armorer, so seat 2 opens: dealt ``theirs``, it goes straight to the
    magician discarding spell 3. Seat 1 is then the last knight arming (its next move to the
    magician brings the combat); it asks for one weapon, ``ask``, if given.
    """
    (my_hidden, my_visible), (their_hidden, their_visible) = mine.split(), theirs.split()
    sc = BossQuestScenario(2, mystery=False, spells_per_round=3)
    hidden, visible = (my_hidden, their_hidden), (my_visible, their_visible)
    sc.start(armorer=0, boss=14, spells=spells, hidden=hidden, visible=visible)
    sc.play("discard 3")
    if ask:
        sc.play("ask 1", f"weapon {ask}")
    assert sc.to_move() == 0 and sc.state.at_magician == (False, True)
    return sc


@cache
def boss_quest_last_key() -> Position:
    """Boss 14; seat 1 (attack 15: R7 B7 G1) is over and must go to the magician; seat 2
    (attack 2 to 8: Y1 and a hidden weapon seat 1 cannot see) is there already. Both hold 4
    keys (a direct edit); 5 win. Activating spell 1 (HP +1) makes seat 1 a Perfect round
    winner: 2 keys, the game. Activating HP -1 or discarding leaves seat 1 over: seat 2 wins
    the round and the game."""
    sc = _boss_quest_round(("hp+1", "hp-1", "cancel"), "R7 B7", "P3 Y1", ask="G1")
    state = sc.state.evolve()
    state.keys = (4, 4)
    game = sc.game
    assert [str(a) for a in game.legal_actions(state)] == [
        "activate 1",
        "activate 2",
        "discard 1",
        "discard 2",
    ]
    assert outcome_after(game, state, "activate 1").winners == (0,)
    for text in ("activate 2", "discard 1", "discard 2"):
        assert outcome_after(game, state, text).winners == (1,)
    return Position("boss-quest last key", game, state, 0, "activate 1", "discard 1", 100)


@cache
def boss_quest_two_wins() -> Position:
    """As :func:`boss_quest_last_key` with two HP +1 spells laid out: activating either wins
    (the same card, the same certain outcome)."""
    sc = _boss_quest_round(("hp+1", "hp+1", "cancel"), "R7 B7", "P3 Y1", ask="G1")
    state = sc.state.evolve()
    state.keys = (4, 4)
    for text in ("activate 1", "activate 2"):
        assert outcome_after(sc.game, state, text).winners == (0,)
    for text in ("discard 1", "discard 2"):
        assert outcome_after(sc.game, state, text).winners == (1,)
    return Position("boss-quest two wins", sc.game, state, 0, "activate 1", "discard 1", 200)


@cache
def boss_quest_sharpen_line() -> Position:
    """A line of two actions. Boss 14; seat 1 holds R7 B6 (attack 13) and 3 keys, seat 2
    4 keys (a direct edit) and Y1 with a hidden weapon; seat 2 is at the magician. Spells:
    Sharpen (attack +1), Second Wind (HP +1).

    ``activate 1`` then ``target 1`` makes seat 1's attack 14 = HP: a Perfect round win,
    2 keys, 5: the game. Any other line gives at most 1 key (4 - 4, the game goes on with
    seat 2 to move first next round), and an ask over 1 busts (seat 2 then wins the game)."""
    sc = _boss_quest_round(("atk+1", "hp+1", "cancel"), "R7 B6", "P3 Y1")
    game = sc.game
    state = sc.state.evolve()
    state.keys = (3, 4)
    assert game.attack_of(state, 0) == 13 and game.hp_of(state) == 14
    after = game.apply(state, game.parse_action("activate 1"))
    assert [str(a) for a in game.legal_actions(after)] == ["target 1", "target 2"]
    assert outcome_after(game, after, "target 1").winners == (0,)
    assert outcome_after(game, after, "target 2") is None
    for text in ("activate 2", "discard 1", "discard 2"):
        assert outcome_after(game, state, text) is None
    return Position("boss-quest sharpen line", game, state, 0, "activate 1", "discard 1", 300)


# -- Ancient Terrible Things -----------------------------------------------------------------


@cache
def att_last_encounter() -> Position:
    """2 players. The Knife-Throwing Smuggler (2 Secrets: a pair from 4, or a straight of 4)
    is the last encounter: the board and the deck are emptied by a direct edit, so the game
    ends with this turn. Seat 2 holds 4 Secrets (direct edit). Seat 1 rolled 1 2 3 4 4: both
    combinations are met. ``defeat 2`` (the straight) also earns Perfect Stride (3 Secrets):
    5 against 4, a win; ``defeat 1`` (the pair) scores 2: a loss. Re-rolls and Exploits can
    only keep or break the straight."""
    game = att.new_game(2)
    accomplishments = ("acc-perfect-stride", "acc-seasoned-explorer", "acc-bane-of-villains")
    smuggler = ["enc-knife-throwing-smuggler", *att.EASY[1:4]]
    state = att.start(game, smuggler, accomplishments=accomplishments)
    state = att.adjust(state, board=(state.board[0], -1, -1, -1), quota=(0, 0, 0))
    trophies = ("enc-crooked-guide", "enc-rotten-rope-bridge", "enc-marsh-lights")
    index = game.index_of["encounter"]
    state = att.adjust_player(state, 1, trophies=tuple(index[c] for c in trophies))
    state = att.encounter(game, state, "loc-trading-post", (1, 2, 3, 4, 4))
    assert att.legal(game, state)[:2] == ["defeat 1", "defeat 2"]
    assert outcome_after(game, state, "defeat 2").winners == (0,)
    assert outcome_after(game, state, "defeat 1").winners == (1,)
    return Position("att last encounter", game, state, 0, "defeat 2", "defeat 1", 200)


def other_hand(state: Any, seat: int) -> Any:
    """``state`` with ``seat``'s Exploits swapped for the first cards of the deck (a direct
    edit): the others see only how many cards ``seat`` holds, so their views are the same."""
    theirs = state.players[seat].exploits
    spare = sorted(state.exploit_deck)[: len(theirs)]
    state = att.adjust_player(state, seat, exploits=tuple(spare))
    return att.adjust(state, exploit_deck=tuple(sorted({*state.exploit_deck, *theirs} - {*spare})))


@cache
def att_last_two() -> Position:
    """2 players, seat 1's explore step with two encounters left and the deck empty (a direct
    edit): seat 1's turn, then seat 2's, ends the game."""
    game = att.new_game(2)
    state = att.start(game)
    state = att.adjust(state, board=(*state.board[:2], -1, -1), quota=(0, 0, 0))
    assert att.legal(game, state) == ["go loc-trading-post", "go loc-archive"]
    return Position("att last two", game, state, 0, "", "", 100)


# -- 20 Strong -------------------------------------------------------------------------------


def _last_blow(scenario: Any, inventory: bool = False) -> tuple[Any, Any]:
    """The boss alone in the active area with 1 Health left, the hero at 1 Health (direct
    edits): a green die rolled a miss, the red die a hit. ``apply Rh 1`` wins, ``resolve``
    loses (the boss's damage)."""
    scenario.edit(_boss_alone_at_one_health).set(health=1)
    if not inventory:
        scenario.set(inventory=())
    scenario.play("commit G", "commit R", "roll").roll("m", "h")
    game, state = scenario.game, scenario.state
    assert outcome_after(game, state, "apply Rh 1").winners == (0,)
    assert outcome_after(game, state, "resolve").winners == ()
    return game, state


def _boss_alone_at_one_health(state: TwentyStrongState) -> None:
    boss = state.active[0]
    state.active = (boss._replace(taken=boss.health - 1),)


@cache
def tmb_last_hit() -> Position:
    """Too Many Bones: the Cinder Warden's final battle (day 7, power 0), her Baddies gone,
    the Warden at 1 Health (direct edits)."""
    from tests.twenty_strong.test_tmb_clauses import final_battle

    game, state = _last_blow(final_battle("b1-08", "b1-21"))
    assert [str(a) for a in game.legal_actions(state)][:2] == ["apply Gm backup", "apply Rh 1"]
    return Position("20 strong tmb last hit", game, state, 0, "apply Rh 1", "resolve", 200)


@cache
def victorum_last_hit() -> Position:
    """Victorum: Orcina's endgame, her allies gone and Orcina at 1 Health, the tactic held
    discarded (direct edits)."""
    from tests.twenty_strong.test_vic_clauses import summit

    game, state = _last_blow(summit("b-11", "p-22", "b-03"))
    assert [str(a) for a in game.legal_actions(state)][:3] == ["apply Rh 1", "again", "resolve"]
    return Position("20 strong victorum last hit", game, state, 0, "apply Rh 1", "resolve", 200)


@cache
def victorum_two_wins() -> Position:
    """As :func:`victorum_last_hit`, the tactic Feint and Strike still held: using it also
    defeats Orcina at once."""
    from tests.twenty_strong.test_vic_clauses import summit

    game, state = _last_blow(summit("b-11", "p-22", "b-03"), inventory=True)
    assert outcome_after(game, state, "use 1").winners == (0,)
    return Position("20 strong victorum two wins", game, state, 0, "apply Rh 1", "resolve", 200)


WINS: dict[str, Callable[[], Position]] = {
    "boss-quest": boss_quest_last_key,
    "boss-quest-line": boss_quest_sharpen_line,
    "att": att_last_encounter,
    "tmb": tmb_last_hit,
    "victorum": victorum_last_hit,
}


# -- the search finds the win ----------------------------------------------------------------


@pytest.mark.parametrize("name", list(WINS))
@pytest.mark.parametrize("seed", SEEDS)
def test_the_search_ranks_the_winning_action_first(name: str, seed: int) -> None:
    position = WINS[name]()
    result = position.search(seed)
    assert str(result.best) == position.winning, result.stats
    assert 0 < result.iterations <= position.iterations
    assert sum(s.visits for s in result.stats) == result.iterations
    assert result.stats[0].value > result.stats[1].value


@pytest.mark.parametrize("seed", SEEDS)
def test_the_search_finishes_the_line(seed: int) -> None:
    """After ``activate 1`` (Sharpen), targeting oneself is the win; the other seat is not."""
    position = boss_quest_sharpen_line()
    game = position.game
    state = game.apply(position.state, game.parse_action("activate 1"))
    after = Position(position.name, game, state, 0, "target 1", "target 2", 100)
    result = after.search(seed)
    assert str(result.best) == "target 1"
    assert result.stats[0].value == 1.0


@pytest.mark.parametrize("name", list(WINS))
def test_a_losing_prior_gives_way_to_the_win(name: str) -> None:
    position = WINS[name]()
    for seed in SEEDS[:3]:
        result = position.search(seed, prior=position.losing)
        assert str(result.best) == position.winning, result.stats


@pytest.mark.parametrize(
    ("build", "winners"),
    [
        (boss_quest_two_wins, ("activate 1", "activate 2")),
        (victorum_two_wins, ("apply Rh 1", "use 1")),
    ],
)
def test_a_prior_as_good_as_the_best_is_kept(
    build: Callable[[], Position], winners: tuple[str, str]
) -> None:
    """Two certain wins: without a prior the search takes one of them (by its tie-break);
    with either as its prior it keeps the prior (no significant advantage to leave it), so
    for one of the two the prior overrides the search's own choice."""
    position = build()
    for seed in SEEDS[:3]:
        plain = position.search(seed)
        assert str(plain.best) in winners
        values = {str(s.action): s.value for s in plain.stats}
        assert values[winners[0]] == values[winners[1]] == 1.0
        for prior in winners:
            kept = position.search(seed, prior=prior)
            assert str(kept.best) == prior, kept.stats
            assert kept.stats[0].value == 1.0


def test_the_chosen_action_is_one_the_search_kept_trying() -> None:
    """Along seeded random Boss Quest games (3 knights), the action a 64-iteration search
    chooses is among its most tried root actions (within one try): the search does not
    recommend an action it stopped trying early, on a handful of lucky playouts."""
    from gamehall.core.registry import create

    game = create("boss-quest", 3)
    searches = 0
    for seed in range(3):
        match, moves = Match(game, seed), random.Random(seed)
        while searches < 24 and match.to_move() is not None and len(match.actions) < 60:
            mover = match.to_move()
            if mover == CHANCE:
                match.step_chance()
                continue
            assert mover is not None
            legal = list(game.legal_actions(match.state))
            if len(legal) > 2:
                searches += 1
                mcts = Mcts(Budget(iterations=64), rollout=random_rollout)
                sampler = Sampler(game, match.state, mover)
                result = mcts.search(game, sampler, mover, legal, random.Random(searches))
                most = max(s.visits for s in result.stats)
                assert result.stats[0].visits >= most - 1, (seed, len(match.actions), result)
            match.submit(mover, legal[int(moves.random() * len(legal))])


def test_the_search_keeps_to_its_budget() -> None:
    """A budget that allows one try of every root action is never exceeded."""
    position = att_last_encounter()
    assert len(position.legal()) == 9
    for budget in (9, 12, 20):
        assert position.search(1, iterations=budget).iterations <= budget


def test_a_playout_still_running_at_its_deadline_stops() -> None:
    """A time-capped search hands its playouts the deadline: one still running then raises
    ``OutOfTime`` at its next look at the clock (a Too Many Bones game lasts hundreds of
    steps; a deadline already past stops it within the first 32)."""
    game, state = initial_too_many_bones()
    rng = random.Random(1)
    with pytest.raises(OutOfTime):
        random_rollout(game, state, rng, 5_000, deadline=Deadline(time.perf_counter()))
    rewards, steps = play_out(game, state, rng, 5_000, lambda _, __, legal: legal[0])
    assert steps > 32 and len(rewards) == 1  # without a deadline the same game plays out


def test_a_search_out_of_time_drops_the_unfinished_try() -> None:
    """The advisor's time cap is kept even when one playout is long: the try cut by the
    deadline counts for nothing (no visit, no reward) and the search ends with what it has."""
    game, state = initial_too_many_bones()
    legal = game.legal_actions(state)
    search = Mcts(Budget(50, seconds=0.0))
    result = search.search(game, lambda _: state, 0, legal, random.Random(2))
    assert result.iterations == 0
    assert [s.visits for s in result.stats] == [0] * len(legal)


ENDLESS = 10**9
"""Iterations no search reaches: only its deadline or its stop event ends it."""


def search_on_a_thread(
    search: Mcts, game: Game[Any], sampler: Callable[[random.Random], Any], legal: list[Action]
) -> tuple[threading.Thread, list[SearchResult]]:
    """Start ``search`` on a thread of its own; the thread and the list its result goes to."""
    results: list[SearchResult] = []
    thread = threading.Thread(
        target=lambda: results.append(search.search(game, sampler, 0, legal, random.Random(5))),
        daemon=True,  # a search that never ends must not keep the test run alive
    )
    thread.start()
    return thread, results


def test_a_search_returns_at_its_deadline_with_a_legal_action() -> None:
    """An endless budget under a time cap, with the heuristic playouts the hall's bots use
    (a Too Many Bones game lasts hundreds of steps): the search returns with a legal action."""
    game, state = initial_too_many_bones()
    legal = list(game.legal_actions(state))
    search = Mcts(Budget(ENDLESS, seconds=0.2), search_rollout(game.name))
    thread, results = search_on_a_thread(search, game, Sampler(game, state, 0), legal)
    thread.join(PATIENCE)
    assert not thread.is_alive(), "the search ran on past its deadline"
    assert results[0].best in legal and results[0].iterations < ENDLESS


def test_a_search_returns_at_once_when_its_stop_event_is_set() -> None:
    """No time cap, an endless budget: the stop event (the hall shutting down) ends the
    search, mid-playout, with a legal action."""
    game, state = initial_too_many_bones()
    legal = list(game.legal_actions(state))
    stop, started = threading.Event(), threading.Event()
    sampler = Sampler(game, state, 0)

    def sampled(rng: random.Random) -> Any:
        started.set()
        return sampler(rng)

    search = Mcts(Budget(ENDLESS, stop=stop), search_rollout(game.name))
    thread, results = search_on_a_thread(search, game, sampled, legal)
    try:
        assert started.wait(PATIENCE), "the search never started"
        assert thread.is_alive()  # nothing but the stop event ends it
    finally:
        stop.set()
    thread.join(PATIENCE)
    assert not thread.is_alive(), "the search ran on after its stop event"
    assert results[0].best in legal


def test_a_playout_stops_at_its_next_look_once_the_stop_event_is_set() -> None:
    game, state = initial_too_many_bones()
    stopped = threading.Event()
    stopped.set()
    with pytest.raises(OutOfTime):
        random_rollout(game, state, random.Random(1), 5_000, deadline=Deadline(stop=stopped))


def initial_too_many_bones() -> tuple[Game[Any], Any]:
    """Too Many Bones at its first decision with a choice (two root actions at least)."""
    from gamehall.core.registry import create

    game = create("20-strong", 1, {})
    match = Match(game, 7)
    while match.to_move() == CHANCE or len(game.legal_actions(match.state)) < 2:
        if match.to_move() == CHANCE:
            match.step_chance()
        else:
            match.submit(0, game.legal_actions(match.state)[0])
    return game, match.state


def test_a_prior_that_is_the_best_stays_first() -> None:
    position = att_last_encounter()
    result = position.search(1, prior=position.winning)
    assert str(result.best) == position.winning


# -- determinism -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(WINS))
def test_the_same_seed_and_budget_give_the_same_search(name: str) -> None:
    position = WINS[name]()
    first, second = position.search(7, iterations=120), position.search(7, iterations=120)
    assert first.stats == second.stats
    assert (first.iterations, first.steps) == (second.iterations, second.steps)
    assert first.steps >= first.iterations > 0


def _replay(game: Game[Any], seed: int, agents: Sequence[Any], limit: int) -> Match:
    match = Match(game, seed, agents)
    for _ in range(limit):
        mover = match.to_move()
        if mover is None:
            break
        if mover == CHANCE:
            match.step_chance()
        else:
            match.step_bot()
    return match


@pytest.mark.parametrize(
    ("game_name", "players", "options", "limit"),
    [
        ("boss-quest", 2, {}, 10_000),
        ("ancient-terrible-things", 2, {}, 30),
        ("20-strong", 1, {}, 30),
        ("20-strong", 1, {"deck": "victorum"}, 40),
    ],
)
def test_a_match_with_a_search_bot_replays_identically(
    game_name: str, players: int, options: dict[str, Any], limit: int
) -> None:
    from gamehall.core.registry import create

    def agents() -> list[Any]:
        bot = MctsBot(Mcts(Budget(iterations=6), rollout=random_rollout))
        return [bot, *[RandomBot() for _ in range(players - 1)]]

    game = create(game_name, players, options)
    first = _replay(game, 11, agents(), limit)
    second = _replay(game, 11, agents(), limit)
    assert [str(a) for a in first.actions] == [str(a) for a in second.actions]
    assert first.state == second.state
    searched = [i for i, mover in enumerate(first.movers) if mover == 0]
    assert searched, "the search bot never moved"


# -- no secret reaches the search ------------------------------------------------------------


class SpySampler:
    """A sampler that checks each state it deals looks the same to the seat as the truth."""

    def __init__(self, game: Game[Any], state: Any, seat: int) -> None:
        self.inner = Sampler(game, state, seat)
        self.game, self.truth, self.seat = game, game.view(state, seat), seat
        self.dealt: list[Any] = []

    def __call__(self, rng: random.Random) -> Any:
        state = self.inner(rng)
        assert self.game.view(state, self.seat) == self.truth
        self.dealt.append(state)
        return state


class WatchedGame:
    """The rules of a game, refusing every call that hands them the true state."""

    def __init__(self, game: Game[Any], forbidden: Any) -> None:
        self._game, self._forbidden = game, forbidden
        self.players = game.players
        self.calls = 0

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._game, name)

        def watched(*args: Any) -> Any:
            self.calls += 1
            assert all(arg is not self._forbidden for arg in args), f"{name} got the truth"
            return method(*args)

        return watched


SECRETS: dict[str, Callable[[], Position]] = {
    "boss-quest": boss_quest_last_key,
    "boss-quest-line": boss_quest_sharpen_line,
    "att": att_last_encounter,
    "att-last-two": att_last_two,
}
"""Positions whose seat to move does not know everything (a hidden weapon, a hand)."""


@pytest.mark.parametrize("name", [*WINS, "att-last-two"])
def test_every_state_searched_looks_the_same_to_the_seat(name: str) -> None:
    position = {**WINS, **SECRETS}[name]()
    spy = SpySampler(position.game, position.state, position.seat)
    result = position.search(3, iterations=60, sampler=spy)
    assert len(spy.dealt) == result.iterations > 0


def test_the_samples_deal_the_secrets_anew() -> None:
    """Seat 1 of Boss Quest cannot see seat 2's hidden weapon: the samples vary it."""
    position = boss_quest_last_key()
    spy = SpySampler(position.game, position.state, position.seat)
    position.search(3, iterations=60, sampler=spy)
    assert len({state.hidden[1] for state in spy.dealt}) > 3
    hands = SpySampler(att_last_encounter().game, att_last_encounter().state, 0)
    att_last_encounter().search(3, iterations=60, sampler=hands)
    assert len({state.players[1].exploits for state in hands.dealt}) > 3


@pytest.mark.parametrize("name", list(SECRETS))
def test_the_rules_never_see_the_true_state_during_a_search(name: str) -> None:
    position = SECRETS[name]()
    watched = WatchedGame(position.game, position.state)
    mcts = Mcts(Budget(iterations=60), rollout=random_rollout)
    sampler = Sampler(position.game, position.state, position.seat)
    result = mcts.search(
        watched,  # type: ignore[arg-type]
        sampler,
        position.seat,
        position.legal(),
        random.Random(5),
    )
    assert watched.calls > 60
    assert result.stats == position.search(5, iterations=60).stats


def _same_view_pairs() -> list[tuple[Position, Any]]:
    """Positions, and another true state that looks the same to the seat to move, where
    the secret matters to the playouts: seat 2's hidden weapon (P3 or G2) is or is not in
    the deck seat 1 may ask from; seat 2's Exploits are those it may play later."""
    line = boss_quest_sharpen_line()
    other = _boss_quest_round(("atk+1", "hp+1", "cancel"), "R7 B6", "G2 Y1").state.evolve()
    other.keys = (3, 4)
    last_two = att_last_two()
    return [(line, other), (last_two, other_hand(last_two.state, 1))]


@pytest.mark.parametrize("index", [0, 1])
def test_two_states_that_look_alike_give_the_same_search(index: int) -> None:
    position, other = _same_view_pairs()[index]
    game, seat, budget = position.game, position.seat, min(position.iterations, 200)
    assert other != position.state
    assert game.view(other, seat) == game.view(position.state, seat)
    twin = Position(position.name, game, other, seat, "", "", budget)
    mine, theirs = position.search(1, iterations=budget), twin.search(1, iterations=budget)
    assert mine.stats == theirs.stats
    assert mine.steps == theirs.steps
    # The secret matters: a search that read the true states would tell them apart.
    cheat, cheat_twin = (lambda rng: position.state), (lambda rng: other)
    leaked = position.search(1, iterations=budget, sampler=cheat)
    leaked_twin = twin.search(1, iterations=budget, sampler=cheat_twin)
    assert (leaked.stats, leaked.steps) != (leaked_twin.stats, leaked_twin.steps)
