"""``Game.resample``: the states search bots plan over, dealt from what one seat knows."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from gamehall.core.chance import make_rng
from gamehall.core.game import Game
from gamehall.core.registry import games
from gamehall.games.ancient_terrible_things import AncientTerribleThings
from gamehall.games.ancient_terrible_things.state import AttState
from gamehall.games.boss_quest import BossQuest
from gamehall.games.boss_quest.actions import DrawWeapon
from gamehall.games.boss_quest.state import (
    ACTIVE,
    AVAILABLE,
    DISCARDED,
    EVERYONE,
    HIDDEN,
    TURN,
    BossQuestState,
)
from gamehall.games.twenty_strong import TwentyStrong
from tests.test_conformance import VARIANTS, random_game, random_line

OPTIONS: dict[str, list[tuple[int | None, dict[str, Any]]]] = {
    "boss-quest": [(None, {}), (3, {"mystery": False}), (4, {"spells_per_round": 7})],
    "ancient-terrible-things": [(None, {}), (2, {"locations": 6, "supply": 12})],
}
"""Options played besides each game's variants: (players, options), None for every count."""
CONFIGS = [
    pytest.param(game.name, players, options, id=f"{game.name}-{players}-{options}")
    for game in games()
    for only, options in OPTIONS.get(game.name, [(None, o) for o in VARIANTS.get(game.name, [{}])])
    for players in range(game.min_players, game.max_players + 1)
    if only in (None, players)
]


def make(name: str, players: int, options: dict[str, Any]) -> Game[Any]:
    return next(g for g in games() if g.name == name)(players, options)


def along(game: Game[Any], seed: int, points: int = 20) -> Iterator[tuple[int, Any]]:
    """About ``points`` states, evenly spread along one seeded random game, and the last."""
    states, _ = random_game(game, seed)
    step = max(1, len(states) // points)
    yield from [*enumerate(states)][::step]
    yield len(states) - 1, states[-1]


def play_out(game: Game[Any], state: Any, rng: random.Random) -> Any:
    """The state at the end of a random game from ``state`` (every action checked legal)."""
    return random_line(game, state, rng)[0][-1]


def find(game: Game[Any], wanted: Callable[[Any], bool], seeds: int = 60) -> Any:
    """The first state of the seeded random games that is ``wanted``."""
    for seed in range(seeds):
        states, _ = random_game(game, seed)
        for state in states:
            if wanted(state):
                return state
    raise AssertionError("no such state in the seeded games")


# -- the cards of each game, wherever they are ------------------------------------------


def boss_quest_cards(game: Any, state: BossQuestState) -> Counter[Any]:
    """Every weapon and spell on the table (a weapon being given back counts once)."""
    cards: Counter[Any] = Counter()
    weapons = [c for c in state.hidden if c >= 0] + [c for v in state.visible for c in v]
    weapons += [game.cards.weapon_id(d.card) for d in state.deck]
    weapons += [c for c, _ in state.deck_top]
    weapons += [d.give_back for d in state.draws if d.give_back >= 0 and d.place == HIDDEN]
    cards.update(("weapon", c) for c in weapons)
    spells = Counter(s.kind for s in state.slots if s.status in (AVAILABLE, ACTIVE))
    for kind, count in [*enumerate(state.spell_deck), *enumerate(state.spell_discard)]:
        spells[kind] += count
    cards.update({("spell", kind): n for kind, n in spells.items()})
    return cards


def att_cards(game: Any, state: AttState) -> Counter[Any]:
    """Every Exploit card: the deck, the hands, those played and discarded."""
    exploits = [*state.exploit_deck, *state.used_exploits, *state.exploit_discard]
    exploits += [e for player in state.players for e in player.exploits]
    return Counter(exploits)


def twenty_strong_cards(game: Any, state: Any) -> Counter[Any]:
    """The cards of the stacks, the discard, the active area, the inventory and those unseen."""
    cards = [c for stack in state.stacks for c in (*stack.known, *stack.hidden)]
    cards += [*state.discard, *(a.card for a in state.active), *(i.card for i in state.inventory)]
    cards += [*getattr(state.deck, "boxed", ()), *getattr(state.deck, "unseen", ())]
    return Counter(cards)


CARDS: dict[str, Callable[[Any, Any], Counter[Any]]] = {
    "boss-quest": boss_quest_cards,
    "ancient-terrible-things": att_cards,
    "20-strong": twenty_strong_cards,
}


def test_every_game_has_a_card_count() -> None:
    assert {g.name for g in games()} <= set(CARDS)


# -- every game ---------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_a_sample_looks_the_same_to_its_seat_keeps_the_cards_and_plays_on(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """At states along seeded games, for every seat: same view, same cards, a playable state."""
    game = make(name, players, options)
    count = CARDS[name]
    for seed in range(3):
        for step, state in along(game, seed):
            snapshot = pickle.dumps(state)
            for seat in range(players):
                where = f"seed {seed}, step {step}, seat {seat}"
                rng = random.Random(f"{seed}/{step}/{seat}")
                drawn = game.resample(state, seat, rng)
                assert pickle.dumps(state) == snapshot, f"{where}: the state was changed"
                assert game.view(drawn, seat) == game.view(state, seat), f"{where}: view"
                assert count(game, drawn) == count(game, state), f"{where}: cards"
                mover = game.to_move(state)
                assert game.to_move(drawn) == mover, where
                if mover == seat:
                    assert game.legal_actions(drawn) == game.legal_actions(state), where
                again = game.resample(state, seat, random.Random(f"{seed}/{step}/{seat}"))
                assert again == drawn, f"{where}: the same generator gives the same sample"
                end = play_out(game, drawn, make_rng(f"{seed}/{step}/{seat}", "playout"))
                assert game.outcome(end) is not None, where


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_a_sample_never_uses_a_secret_the_seat_could_not_know(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """A state dealt differently where the seat cannot see gives the very same samples."""
    game = make(name, players, options)
    for step, state in along(game, 11, points=15):
        for seat in range(players):
            twin = game.resample(state, seat, random.Random(f"twin {step}"))
            assert game.view(twin, seat) == game.view(state, seat)
            for k in range(3):
                mine = game.resample(state, seat, random.Random(k))
                assert mine == game.resample(twin, seat, random.Random(k)), f"step {step}"


# -- Boss Quest ---------------------------------------------------------------------------


def _unseen_weapons(game: BossQuest, state: BossQuestState, seat: int) -> set[int]:
    """The weapons ``seat`` cannot place: not its own, not visible, not a card it saw put back."""
    known = {state.hidden[seat], *(c for v in state.visible for c in v)}
    known |= {c for c, knower in state.deck_top if knower in (EVERYONE, seat)}
    return set(range(len(game.cards.weapon_codes))) - known


def _arming(state: BossQuestState, seat: int) -> bool:
    return state.hidden[seat] >= 0 and not state.at_magician[seat] and state.boss > 0


def _could_hold(game: BossQuest, state: BossQuestState, knight: int, card: int) -> bool:
    """True if ``knight``'s hidden weapon could be ``card`` as far as the ``over`` flag says."""
    if not _arming(state, knight):
        return True
    values, hp = game.cards.weapon_values, game.hp_of(state)
    rest = game.attack_of(state, knight) - values[state.hidden[knight]]
    return (rest + values[card] > hp) == (game.attack_of(state, knight) > hp)


def test_boss_quest_sample_ignores_which_card_a_hidden_weapon_is() -> None:
    """Another knight's hidden weapon swapped with a deck card of the same value: same samples."""
    game = BossQuest(4)
    values, codes = game.cards.weapon_values, game.cards.weapon_codes

    def swappable(state: BossQuestState) -> bool:
        hidden = state.hidden[2]
        return (
            state.phase == TURN
            and hidden >= 0
            and any(values[game.cards.weapon_id(d.card)] == values[hidden] for d in state.deck)
        )

    state = find(game, swappable)
    hidden = state.hidden[2]
    other = next(
        game.cards.weapon_id(d.card)
        for d in state.deck
        if values[game.cards.weapon_id(d.card)] == values[hidden]
    )
    twin = state.evolve()
    twin.hidden = (*state.hidden[:2], other, *state.hidden[3:])
    deck = sorted({game.cards.weapon_id(d.card) for d in state.deck} - {other} | {hidden})
    twin.deck = tuple(DrawWeapon(codes[c]) for c in deck)
    assert game.view(twin, 2) != game.view(state, 2), "the owner sees the difference"
    for seat in (0, 1, 3):
        assert game.view(twin, seat) == game.view(state, seat)
        for k in range(5):
            mine = game.resample(state, seat, random.Random(k))
            assert mine == game.resample(twin, seat, random.Random(k))
    assert game.resample(state, 2, random.Random(0)).hidden[2] == hidden
    assert game.resample(twin, 2, random.Random(0)).hidden[2] == other


def test_boss_quest_hidden_weapon_takes_every_value_it_could_be() -> None:
    """Over many samples another knight's hidden weapon varies, and only over possible cards."""
    game = BossQuest(3)
    state = find(game, lambda s: s.phase == TURN and s.hidden[1] >= 0 and s.hidden[2] >= 0)
    possible = {c for c in _unseen_weapons(game, state, 0) if _could_hold(game, state, 1, c)}
    assert len(possible) > 1
    taken = Counter(game.resample(state, 0, random.Random(k)).hidden[1] for k in range(1000))
    assert set(taken) == possible, "every possible card turns up, and nothing else"
    assert max(taken.values()) < 4 * 1000 / len(possible), "no card is much likelier"


def test_boss_quest_knight_shown_over_the_hp_stays_over_in_every_sample() -> None:
    """An arming knight flagged over the HP keeps the flag: their new weapon is high enough."""
    game = BossQuest(4)

    def over_and_unsure(state: BossQuestState) -> bool:
        hp, values = game.hp_of(state), game.cards.weapon_values
        return any(
            _arming(state, p)
            and game.attack_of(state, p) > hp
            and game.attack_of(state, p) - values[state.hidden[p]] + 1 <= hp
            for p in (1, 2, 3)
        )

    state = find(game, over_and_unsure)
    hp = game.hp_of(state)
    knight = next(p for p in (1, 2, 3) if _arming(state, p) and game.attack_of(state, p) > hp)
    taken = set()
    for k in range(300):
        drawn = game.resample(state, 0, random.Random(k))
        assert game.attack_of(drawn, knight) > hp
        assert game.view(drawn, 0)["players"][knight]["over"] is True
        taken.add(drawn.hidden[knight])
    possible = {c for c in _unseen_weapons(game, state, 0) if _could_hold(game, state, knight, c)}
    assert taken == possible and len(taken) < len(_unseen_weapons(game, state, 0))


def test_boss_quest_card_put_back_is_kept_for_who_saw_it_and_dealt_anew_for_others() -> None:
    """A hidden weapon given up by a deck swap stays known to its giver only."""
    game = BossQuest(5)
    state = find(
        game, lambda s: s.phase == TURN and bool(s.deck) and any(k >= 0 for _, k in s.deck_top)
    )
    index, (card, giver) = next((i, t) for i, t in enumerate(state.deck_top) if t[1] >= 0)
    for k in range(20):
        assert game.resample(state, giver, random.Random(k)).deck_top[index] == (card, giver)
    other = (giver + 1) % game.players
    taken = {game.resample(state, other, random.Random(k)).deck_top[index][0] for k in range(200)}
    assert len(taken) > 1 and taken <= _unseen_weapons(game, state, other)


def test_boss_quest_sample_ignores_what_the_face_down_mystery_spell_is() -> None:
    """The mystery spell swapped with another spell of the spell deck: the same samples."""
    game = BossQuest(3)

    def mystery_unlike_the_deck(state: BossQuestState) -> bool:
        if state.mystery < 0 or state.slots[state.mystery].status != AVAILABLE:
            return False
        kind = state.slots[state.mystery].kind
        return any(n and k != kind for k, n in enumerate(state.spell_deck))

    state = find(game, mystery_unlike_the_deck)
    slot = state.slots[state.mystery]
    other = next(k for k, n in enumerate(state.spell_deck) if n and k != slot.kind)
    deck = list(state.spell_deck)
    deck[other] -= 1
    deck[slot.kind] += 1
    twin = state.evolve()
    twin.spell_deck = tuple(deck)
    twin.slots = tuple(slot._replace(kind=other) if s is slot else s for s in state.slots)
    for seat in range(game.players):
        assert game.view(twin, seat) == game.view(state, seat)
        for k in range(5):
            mine = game.resample(state, seat, random.Random(k))
            assert mine == game.resample(twin, seat, random.Random(k))


def test_boss_quest_face_down_mystery_spell_is_dealt_from_the_unseen_spells() -> None:
    """The mystery spell varies over samples, among the spells not showing face up."""
    game = BossQuest(4)
    state = find(game, lambda s: s.phase == TURN and s.mystery >= 0 and s.round > 1)
    assert state.slots[state.mystery].status in (AVAILABLE, DISCARDED)
    unseen = Counter(dict(enumerate(game.cards.spell_counts)))
    unseen.subtract(s.kind for i, s in enumerate(state.slots) if i != state.mystery)
    taken = {
        game.resample(state, 0, random.Random(k)).slots[state.mystery].kind for k in range(400)
    }
    possible = {kind for kind, n in unseen.items() if n > 0}
    assert len(taken) > 1 and taken <= possible


# -- Ancient Terrible Things --------------------------------------------------------------


def test_att_sample_ignores_which_exploit_card_another_player_holds() -> None:
    """An opponent's Exploit card swapped with a deck card: the same samples for the others."""
    game = AncientTerribleThings(3)
    state = find(game, lambda s: s.active >= 0 and bool(s.players[1].exploits and s.exploit_deck))
    hand = state.players[1].exploits
    held, deck_card = hand[0], state.exploit_deck[0]
    twin = state.evolve()
    new_hand = tuple(sorted((*hand[1:], deck_card)))
    twin.players = (
        state.players[0],
        state.players[1]._replace(exploits=new_hand),
        state.players[2],
    )
    twin.exploit_deck = tuple(sorted((*state.exploit_deck[1:], held)))
    assert game.view(twin, 1) != game.view(state, 1), "the owner sees the difference"
    for seat in (0, 2):
        assert game.view(twin, seat) == game.view(state, seat)
        for k in range(5):
            mine = game.resample(state, seat, random.Random(k))
            assert mine == game.resample(twin, seat, random.Random(k))
    assert game.resample(state, 1, random.Random(0)).players[1].exploits == hand


def test_att_exploits_in_hand_take_every_card_they_could_be() -> None:
    """Over many samples an opponent's hand varies, over the cards the seat has not seen."""
    game = AncientTerribleThings(2)
    state = find(game, lambda s: s.active >= 0 and bool(s.players[1].exploits))
    mine = state.players[0]
    seen = {*mine.exploits, *state.used_exploits, *state.exploit_discard}
    possible = set(range(len(game.cards.exploits))) - seen
    hands = [game.resample(state, 0, random.Random(k)).players[1] for k in range(500)]
    taken = {e for player in hands for e in player.exploits}
    assert taken == possible
    assert len({player.exploits for player in hands}) > 1
    assert all(len(p.exploits) == len(state.players[1].exploits) for p in hands)


def test_att_nothing_is_secret_once_the_game_is_over() -> None:
    game = AncientTerribleThings(3)
    end = random_game(game, 0)[0][-1]
    assert game.resample(end, 0, random.Random(0)) is end


# -- 20 Strong ----------------------------------------------------------------------------


def test_victorum_has_no_secret_so_the_sample_is_the_state() -> None:
    """Every unseen Victorum card is drawn as a chance outcome when it turns up."""
    game = TwentyStrong(1, {"deck": "victorum"})
    for _, state in along(game, 0):
        assert game.resample(state, 0, random.Random(0)) is state


def test_too_many_bones_sample_ignores_which_tyrant_encounters_were_set_aside() -> None:
    """Two tables differing only in which Tyrant encounter went back to the box sample alike."""
    from gamehall.games.twenty_strong.decks.too_many_bones.deck import ENC

    game = TwentyStrong(1, {})
    tyrant = game.deck.tyrant_encounters  # type: ignore[attr-defined]

    def boxed_and_left(state: Any) -> bool:
        deck = state.deck
        return bool(
            not deck.to_box and deck.boxed and any(c in tyrant for c in state.stacks[ENC].hidden)
        )

    state = find(game, boxed_and_left)
    boxed = state.deck.boxed[0]
    left = next(c for c in state.stacks[ENC].hidden if c in tyrant)
    twin = state.evolve()
    twin.deck = state.deck._replace(boxed=(left, *state.deck.boxed[1:]))
    hidden = tuple(boxed if c == left else c for c in state.stacks[ENC].hidden)
    stacks = list(state.stacks)
    stacks[ENC] = stacks[ENC]._replace(hidden=hidden)
    twin.stacks = tuple(stacks)
    assert game.view(twin, 0) == game.view(state, 0)
    for k in range(3):
        assert game.resample(state, 0, random.Random(k)) == game.resample(twin, 0, random.Random(k))
