# ruff: noqa: N802
"""Scenario tests for the 20 Strong Too Many Bones clauses TMB-WIN-1 ... TMB-UNIV-2.

Clause index: docs/rules/20-strong-too-many-bones.md (rulebook:
the Too Many Bones rulebook). Every test drives a game through the engine
with :class:`Scenario`: chance outcomes are forced (``roll``, ``reveal``, ``box``), the exact
situation is built with ``put_on_top`` / ``edit`` where needed, and the test checks what the
engine answers: legal actions, refusals, dice zones, the active area, stacks and the view.

Where a clause is marked ambiguous the tests check the engine's reading (rest = +1 Health,
rank r sets 5 - r Tyrant encounters aside, Tyrant power = Tyrant encounters left in ``enc`` and
``enc+``...)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from gamehall.core.errors import CardDataError, IllegalActionError, InvalidActionError, OptionError
from gamehall.core.game import CHANCE
from gamehall.games.twenty_strong.actions import Reveal
from gamehall.games.twenty_strong.decks.too_many_bones.actions import STACKS, Scout, SetAside
from gamehall.games.twenty_strong.decks.too_many_bones.cards import load_cards
from gamehall.games.twenty_strong.decks.too_many_bones.zones import BACKUP, LOCK
from gamehall.games.twenty_strong.dice import COLOUR_NAMES, DICE, colour_of, die_name
from gamehall.games.twenty_strong.state import (
    BANISHED,
    COMMITTED,
    EXHAUSTED,
    POOL,
    Item,
    Stack,
    State,
)
from tests.twenty_strong.scenario import TEST_CARDS, Scenario

DAY = "tmb.day"
AFTER_BATTLE = "tmb.after_battle"
DIE = {die_name(d): d for d in range(DICE)}
HOUSE = TEST_CARDS.read_text()
ONES, ONES_UP, FIVES, FIVES_UP, ENC, ENC_UP = range(6)

UNIVERSAL_HERO = """
[[universal_heroes]]
code = "sentinel"
name = { en = "Star Sentinel", fr = "Sentinelle stellaire" }
health = 5
strategy = 3
recovery = 2
deck = "solar-sentinels"
innate = { modifiers = [{ kind = "ward", amount = 1 }] }
"""


# -- helpers -------------------------------------------------------------------------------


def fresh(**options: object) -> Scenario:
    """A new game, set up with the first chance outcomes: day 1, Activation."""
    return Scenario(**options).settle()


def top(s: Scenario, name: str, *codes: str) -> Scenario:
    """Make ``codes`` the known top cards of stack ``name``; each must still be in a stack
    (not active, discarded or held)."""
    for code in codes:
        assert any(s.card(code) in cards_in(s, i) for i in range(6)), f"{code} is not in a stack"
    return s.put_on_top(name, *codes)


def only_top(s: Scenario, index: int, code: str) -> Scenario:
    """Make ``code`` the only known card of a stack: the cards under it are still unseen."""
    card = s.card(code)

    def change(state: State) -> None:
        old = state.stacks[index]
        rest = [c for c in (*old.known, *old.hidden) if c != card]
        stacks = list(state.stacks)
        stacks[index] = Stack((card,), tuple(sorted(rest)))
        state.stacks = tuple(stacks)

    return s.edit(change)


def battle(*ones: str, **options: object) -> Scenario:
    """Day 1: a standard battle against the 1-point Baddie(s) ``ones`` put on top."""
    s = fresh(**options)
    top(s, "ones", *(ones or ("b1-08",)))
    return s.play("battle").settle()


def finish(s: Scenario) -> Scenario:
    """After ``resolve``: pass the Recover and Gain Item Rewards steps."""
    while s.state.phase in ("recover", "rewards"):
        s.play("done")
    return s.settle()


def won_day(s: Scenario) -> Scenario:
    """Beat the lone Baddie (health 2 at most) with a red crit, recover the red die and reach
    rest-or-scout."""
    s.play("commit R", "roll").roll("c").play("apply Rc 1", "resolve", "recover R")
    finish(s)
    assert s.state.phase == AFTER_BATTLE
    return s


def after_battle(**options: object) -> Scenario:
    """Day 1 won against the Web Spinner: the choice between rest and scout."""
    return won_day(battle("b1-14", **options))


def start_day(s: Scenario, day: int) -> Scenario:
    """From rest-or-scout, rest and begin day ``day`` (the counter is advanced by the engine)."""
    s.set_deck(day=day - 1).play("rest").settle()
    assert s.state.phase == DAY
    assert s.view()["table"]["day"] == day
    return s


def fill_backup(s: Scenario, *names: str) -> Scenario:
    """Put the dice ``names`` (``Y1``...) into free backup slots of their colour."""
    slots = [slot["colour"] for slot in s.view()["table"]["backup"]["slots"]]

    def change(state: State) -> None:
        used = {state.places[d] for d in state.dice_in(BACKUP)}
        for name in names:
            die = DIE[name]
            colour = COLOUR_NAMES[colour_of(die)]
            slot = next(i for i, c in enumerate(slots) if c == colour and i not in used)
            used.add(slot)
            state.move_die(die, BACKUP, slot)

    return s.edit(change)


def move_dice(s: Scenario, zone: int, *names: str) -> Scenario:
    """Move the dice ``names`` to ``zone``."""

    def change(state: State) -> None:
        for name in names:
            state.move_die(DIE[name], zone)

    return s.edit(change)


def give(s: Scenario, *codes: str, locked: bool = False) -> Scenario:
    """Put cards in the inventory (a lockpick ``locked`` as when chosen)."""
    items = tuple(Item(s.card(code), locked) for code in codes)
    return s.set(inventory=(*s.state.inventory, *items))


def backup_dice(s: Scenario) -> list[str | None]:
    """The die in each backup slot (None for an empty slot), from the view."""
    return [slot["die"] for slot in s.view()["table"]["backup"]["slots"]]


def zone(s: Scenario, name: str) -> str:
    """The zone of a die, from the view."""
    return s.zone_of(name)


def stack(s: Scenario, name: str) -> dict[str, Any]:
    """A stack as the view shows it."""
    return next(st for st in s.view()["stacks"] if st["name"] == name)


def cards_in(s: Scenario, index: int) -> list[int]:
    """Every card of a stack, known and hidden."""
    st = s.state.stacks[index]
    return [*st.known, *st.hidden]


def points(s: Scenario) -> list[int]:
    """The point values of the active Baddies, in order."""
    return [s.deck.points[a.card] for a in s.state.active if a.card in s.deck.points]


def tyrant_encounters_in_enc(s: Scenario) -> int:
    """How many Tyrant encounters the encounter stacks hold."""
    return sum(1 for i in (ENC, ENC_UP) for c in cards_in(s, i) if c in s.deck.tyrant_encounters)


def without_tyrant_encounters(s: Scenario) -> Scenario:
    """Move every Tyrant encounter out of the encounter stacks (to the discard): power 0."""
    tyrant = s.deck.tyrant_encounters

    def change(state: State) -> None:
        stacks = list(state.stacks)
        gone = []
        for i in (ENC, ENC_UP):
            old = stacks[i]
            gone += [c for c in (*old.known, *old.hidden) if c in tyrant]
            known = tuple(c for c in old.known if c not in tyrant)
            hidden = tuple(c for c in old.hidden if c not in tyrant)
            stacks[i] = Stack(known, hidden)
        state.stacks = tuple(stacks)
        state.discard = (*state.discard, *gone)

    return s.edit(change).settle()


def card_file(tmp_path: Path, text: str, name: str = "cards.toml") -> Path:
    """Write a card file in ``tmp_path``."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def universal(tmp_path: Path, side: int = 1) -> Scenario:
    """A game with the universal hero of a card file that adds one (other options default)."""
    path = card_file(tmp_path, HOUSE + UNIVERSAL_HERO, f"universal{side}.toml")
    return fresh(deck_file=str(path), hero="sentinel", side=side)


def final_battle(*ones: str) -> Scenario:
    """Day 7 against the Cinder Warden with no Tyrant encounter left (power 0: health 9,
    damage 1, summon 2 points); the Baddies ``ones`` are on top of the 1-point stack."""
    s = without_tyrant_encounters(start_day(after_battle(), 7))
    top(s, "ones", *(ones or ("b1-08", "b1-21")))
    return s.play("tyrant").settle()


# -- winning and losing --------------------------------------------------------------------


def win_night_raid() -> Scenario:
    """Day 1: the Tyrant encounter te-06 with two 1-point Baddies, won in one Engagement."""
    s = fresh()
    top(s, "enc", "te-06")
    top(s, "ones", "b1-08", "b1-21")
    s.play("encounter enc").settle()
    s.play("commit P", "commit R", "roll").roll("h", "h").play("apply Ph 1", "apply Rh 2")
    s.play("resolve")
    finish(s)
    return s


def test_TMB_WIN_1_battles_encounters_and_days_never_win() -> None:
    """TMB-WIN-1: a Tyrant-encounter battle won, a standard battle won and reaching day 12
    all leave the game going; only the Tyrant's final battle can win it."""
    s = win_night_raid()
    assert s.state.phase == AFTER_BATTLE
    assert s.state.result == 0 and s.game.outcome(s.state) is None
    s.play("rest").settle()
    top(s, "ones", "b1-14", "b1-17")
    s.play("battle").settle()
    assert s.active_codes() == ["b1-14", "b1-17"]
    s.play("commit B", "commit B", "roll").roll("c", "h").play("apply Bc 1", "apply Bh 2")
    s.play("resolve")
    finish(s)
    assert s.game.outcome(s.state) is None
    start_day(s, 12)
    assert s.game.outcome(s.state) is None
    assert s.choices() == ["tyrant"]


def test_TMB_WIN_2_health_below_one_loses_at_once() -> None:
    """TMB-WIN-2: Health 1 is still alive; the damage that takes it below 1 ends the game lost."""
    s = battle("b1-08").set(health=3)
    s.play("roll", "resolve").settle()
    assert s.state.health == 1
    assert s.game.outcome(s.state) is None
    assert s.state.phase == "commit"
    s.play("roll", "resolve")
    outcome = s.game.outcome(s.state)
    assert outcome is not None and outcome.winners == ()
    assert s.view()["result"] == "lost"
    assert s.game.to_move(s.state) is None
    s.refused("battle")


def test_TMB_WIN_2_loss_during_activation() -> None:
    """TMB-WIN-2: a Baddie whose activation costs the last Health ends the game at once, before
    any Engagement."""
    s = after_battle()
    start_day(s, 5)
    s.set(health=1)
    top(s, "fives", "b5-13")
    s.play("battle")
    assert s.view()["result"] == "lost"
    assert s.game.to_move(s.state) is None


# -- composition ---------------------------------------------------------------------------


def test_TMB_COMP_1_tyrants_gearlocs_and_universal_plan(tmp_path: Path) -> None:
    """TMB-COMP-1: 4 Tyrants, 5 Gearlocs and one two-sided universal Backup Plan card; a card
    file with a fifth Tyrant or a sixth Gearloc is refused, naming the file and the problem."""
    cards = load_cards()
    assert len(cards.tyrants) == 4
    assert len(cards.gearlocs) == 5
    assert len(cards.universal_backup.sides) == 2
    for gearloc in cards.gearlocs:
        assert fresh(hero=gearloc.code).view()["table"]["hero"]["code"] == gearloc.code
    for tyrant in cards.tyrants:
        assert fresh(boss=tyrant.code).view()["table"]["tyrant"]["code"] == tyrant.code
    extra_tyrant = HOUSE + (
        '\n[[tyrants]]\ncode = "fifth"\nname = { en = "Fifth", fr = "Cinquième" }\n'
        "min_day = 7\nhealth = 9\ndamage = 1\n"
    )
    path = card_file(tmp_path, extra_tyrant, "tyrants.toml")
    with pytest.raises(CardDataError) as error:
        load_cards(path)
    assert str(path) in str(error.value)
    assert "the deck needs 4 tyrants, found 5" in str(error.value)
    duster = HOUSE.split("[[gearlocs]]")[1].replace('"duster"', '"duster-two"')
    path = card_file(tmp_path, HOUSE + "\n[[gearlocs]]" + duster, "gearlocs.toml")
    with pytest.raises(CardDataError) as error:
        Scenario(deck_file=str(path))
    assert str(path) in str(error.value)
    assert "the deck needs 5 gearlocs, found 6" in str(error.value)


def test_TMB_COMP_2_baddies_29_ones_and_14_fives(tmp_path: Path) -> None:
    """TMB-COMP-2: 43 Baddies, 29 worth 1 point and 14 worth 5; they fill the two Baddie
    stacks of a game; a file with a 5-point Baddie turned 1-point is refused."""
    cards = load_cards()
    assert len(cards.baddies) == 43
    assert Counter(b.points for b in cards.baddies) == {1: 29, 5: 14}
    s = fresh()
    assert stack(s, "ones")["count"] == 29
    assert stack(s, "fives")["count"] == 14
    assert all(s.deck.points[c] == 1 for c in cards_in(s, ONES))
    assert all(s.deck.points[c] == 5 for c in cards_in(s, FIVES))
    wrong = re.sub(r'(code = "b5-14"\n(?:.*\n){2})points = 5', r"\1points = 1", HOUSE)
    assert wrong != HOUSE
    path = card_file(tmp_path, wrong)
    with pytest.raises(CardDataError) as error:
        load_cards(path)
    assert str(path) in str(error.value)
    assert "the deck needs 29 baddies with 1 point, found 30" in str(error.value)


def test_TMB_COMP_3_sixteen_encounters_of_three_kinds(tmp_path: Path) -> None:
    """TMB-COMP-3: 8 Tyrant, 4 Mohlnor and 4 Lockpicking encounters; a fifth lockpick is
    refused."""
    cards = load_cards()
    assert len(cards.tyrant_encounters) == 8
    assert len(cards.mohlnor) == 4
    assert len(cards.lockpicks) == 4
    s = Scenario(rank=5).settle()  # rank 5 sets no encounter aside: all 16 are in the stack
    enc = cards_in(s, ENC)
    assert len(enc) == 16
    assert sum(c in s.deck.tyrant_encounters for c in enc) == 8
    assert sum(c in s.deck.mohlnor for c in enc) == 4
    assert sum(c in s.deck.lockpicks for c in enc) == 4
    lock = HOUSE.split("[[lockpicks]]")[1].split("# ---")[0].replace('"lp-01"', '"lp-09"')
    path = card_file(tmp_path, HOUSE + "\n[[lockpicks]]" + lock)
    with pytest.raises(CardDataError) as error:
        load_cards(path)
    assert str(path) in str(error.value)
    assert "the deck needs 4 lockpicks, found 5" in str(error.value)


def test_TMB_COMP_4_seventeen_unit_dice_three_stats_and_the_chip() -> None:
    """TMB-COMP-4: the game uses the 17 unit dice (4 yellow, 4 green, 4 blue, 4 purple,
    1 red), the three stat dice set from the hero card and the chip as day counter."""
    s = Scenario()
    view = s.view()
    assert len(view["dice"]) == 17
    assert Counter(d["colour"] for d in view["dice"]) == {
        "yellow": 4,
        "green": 4,
        "blue": 4,
        "purple": 4,
        "red": 1,
    }
    assert all(d["zone"] == "pool" for d in view["dice"])
    duster = load_cards(TEST_CARDS).gearlocs[0]
    assert view["stats"]["health"] == duster.health
    assert view["stats"]["base_strategy"] == duster.strategy
    assert view["stats"]["base_recovery"] == duster.recovery
    assert view["table"]["day"] == 0
    s.settle()
    assert s.view()["table"]["day"] == 1


# -- setup ---------------------------------------------------------------------------------


def test_TMB_SETUP_1_chosen_tyrant_waits_beside_setup_side_up() -> None:
    """TMB-SETUP-1: the chosen Tyrant lies beside the play area, setup side up: it is neither
    active nor in a stack, and only facing it puts it in play."""
    s = fresh(boss="murkfang")
    tyrant = s.view()["table"]["tyrant"]
    assert tyrant["code"] == "murkfang"
    assert tyrant["min_day"] == 8
    assert tyrant["setup"] == [{"kind": "hook", "amount": 3, "scale": 1, "hook": "summon"}]
    murkfang = s.card("murkfang")
    assert murkfang not in [a.card for a in s.state.active]
    assert all(murkfang not in cards_in(s, i) for i in range(6))
    assert s.view()["table"]["final"] is False
    assert "tyrant" not in s.legal()
    with pytest.raises(OptionError):
        Scenario(boss="no-such-tyrant")


def test_TMB_SETUP_2_both_tyrant_sides_are_open_information() -> None:
    """TMB-SETUP-2: the setup side and the flip side of the Tyrant are in the view at any time:
    at setup, in a day's battle, in the final battle."""
    s = battle(boss="rattlecrown")
    for view in (Scenario(boss="rattlecrown").view(), s.view()):
        tyrant = view["table"]["tyrant"]
        assert tyrant["setup"] == [{"kind": "hook", "amount": 4, "scale": 1, "hook": "summon"}]
        assert tyrant["flip"]["health"] == 12 and tyrant["flip"]["damage"] == 2
        assert tyrant["flip"]["during"] == [{"kind": "guard"}]
        assert tyrant["health_scale"] == 2 and tyrant["damage_scale"] == 1
    s = final_battle()
    tyrant = s.view()["table"]["tyrant"]
    assert tyrant["setup"] and tyrant["flip"]["code"] == "warden"


def test_TMB_SETUP_3_gearloc_starts_on_its_innate_side() -> None:
    """TMB-SETUP-3: the chosen Gearloc starts innate side up: not flipped, its card's stats,
    and the innate +1 upgrade not in force (Duster's rest gives +1, not the +2 of innate +1)."""
    for gearloc in load_cards(TEST_CARDS).gearlocs:
        s = fresh(hero=gearloc.code)
        hero = s.view()["table"]["hero"]
        assert hero["code"] == gearloc.code
        assert hero["flipped"] is False
        assert s.state.health == gearloc.health
        assert s.state.strategy == gearloc.strategy
        assert s.state.recovery == gearloc.recovery
    s = after_battle(hero="duster").set(health=3)
    s.play("rest")
    assert s.state.health == 4


def test_TMB_SETUP_4_three_shuffled_face_up_stacks() -> None:
    """TMB-SETUP-4: 1-point Baddies, 5-point Baddies and encounters form three stacks, each
    shuffled (every card equally likely on top) with its top card face up."""
    s = Scenario()
    for code in ("te-01", "te-02", "te-03", "te-04"):
        s.play(f"box {code}")
    cards = load_cards(TEST_CARDS)
    expected = {
        "ones": {b.code for b in cards.baddies if b.points == 1},
        "fives": {b.code for b in cards.baddies if b.points == 5},
    }
    for name in ("ones", "fives", "enc"):
        weights = s.game.chance_weights(s.state)
        reveals = [a for a in weights.actions if isinstance(a, Reveal)]
        assert reveals and all(STACKS[a.stack] == name for a in reveals)
        if name in expected:
            assert {a.code for a in reveals} == expected[name]
        assert len(set(weights.weights or [1])) == 1
        s.play(str(reveals[-1]))
    view = s.view()
    counts = {st["name"]: (st["count"], len(st["known"])) for st in view["stacks"]}
    assert counts == {
        "ones": (29, 1),
        "ones+": (0, 0),
        "fives": (14, 1),
        "fives+": (0, 0),
        "enc": (12, 1),
        "enc+": (0, 0),
    }


def test_TMB_SETUP_5_four_random_tyrant_encounters_go_back_to_the_box() -> None:
    """TMB-SETUP-5: before the shuffle 4 of the 8 Tyrant encounters, at random, leave the
    encounter stack; at rank 1 it starts with 12 cards: 4 Tyrant, 4 Mohlnor, 4 Lockpicking."""
    s = Scenario()
    first = s.game.chance_weights(s.state)
    assert sorted(str(a).split()[1] for a in first.actions) == [f"te-0{i}" for i in range(1, 9)]
    assert first.weights is None
    for code in ("te-02", "te-04", "te-06", "te-08"):
        s.play(f"box {code}")
    s.settle()
    enc = cards_in(s, ENC)
    assert len(enc) == 12
    boxed = {s.card(c) for c in ("te-02", "te-04", "te-06", "te-08")}
    assert not boxed & {c for i in range(6) for c in cards_in(s, i)}
    assert sum(c in s.deck.tyrant_encounters for c in enc) == 4
    assert sum(c in s.deck.mohlnor for c in enc) == 4
    assert sum(c in s.deck.lockpicks for c in enc) == 4


def test_TMB_SETUP_6_day_counter_starts_at_zero() -> None:
    """TMB-SETUP-6: the chip is set to 0 at setup; the first Activation makes it 1."""
    s = Scenario()
    assert s.view()["table"]["day"] == 0
    s.settle()
    assert s.view()["table"]["day"] == 1


# -- difficulty ranks ----------------------------------------------------------------------


def box_events(s: Scenario) -> int:
    """Resolve the setup chance nodes, counting the Tyrant encounters set aside."""
    boxed = 0
    while s.game.to_move(s.state) == CHANCE:
        action = s.game.chance_weights(s.state).actions[0]
        boxed += isinstance(action, SetAside)
        s.state = s.game.apply(s.state, action)
    return boxed


def test_TMB_RANK_1_rank_one_is_the_standard_game() -> None:
    """TMB-RANK-1: at rank 1 (the default) nothing changes: 4 encounters set aside, no die
    banished or exhausted, no penalty choice, the day begins at once."""
    s = Scenario()
    assert box_events(s) == 4
    assert s.view()["table"]["rank"] == 1
    assert s.state.phase == DAY
    assert s.choices() == ["battle", "encounter enc"]
    assert s.count(POOL) == 17


def test_TMB_RANK_2_rank_is_a_game_option_from_one_to_five() -> None:
    """TMB-RANK-2: the rank the player has reached is the ``rank`` option of the next game:
    the view reports it, and there is no rank below 1 (a loss at rank 1 stays at rank 1) or
    above 5. (Moving between ranks across games is the player's record, not a game rule.)"""
    for rank in range(1, 6):
        assert Scenario(rank=rank).view()["table"]["rank"] == rank
    with pytest.raises(OptionError):
        Scenario(rank=0)
    with pytest.raises(OptionError):
        Scenario(rank=6)
    lost = battle("b1-08", rank=1).set(health=2).play("roll", "resolve")
    outcome = lost.game.outcome(lost.state)
    assert outcome is not None and outcome.winners == ()
    assert lost.view()["table"]["rank"] == 1


@pytest.mark.parametrize("rank", [1, 2, 3, 4, 5])
def test_TMB_RANK_3_one_more_tyrant_encounter_per_rank(rank: int) -> None:
    """TMB-RANK-3: rank r sets 5 - r Tyrant encounters aside, so 3 + r are in play."""
    s = Scenario(rank=rank)
    assert box_events(s) == 5 - rank
    assert tyrant_encounters_in_enc(s) == 3 + rank
    assert len(cards_in(s, ENC)) == 8 + 3 + rank


def test_TMB_RANK_4_banish_one_die_or_exhaust_three() -> None:
    """TMB-RANK-4: for each rank above 1 the player chooses: banish one die of their choice
    (out of play for the whole game) or exhaust three."""
    s = fresh(rank=2)
    assert s.state.phase != DAY
    assert s.choices() == ["penalty banish", "penalty exhaust"]
    s.play("penalty banish")
    assert s.choices() == ["pick Y", "pick G", "pick B", "pick P", "pick R"]
    s.play("pick P").settle()
    assert zone(s, "P1") == "banished"
    assert s.state.phase == DAY and s.view()["table"]["day"] == 1
    # the banished die never comes back: not in the pool, not recoverable
    top(s, "ones", "b1-08")
    s.play("battle").settle()
    s.play("commit P", "commit P", "commit P")
    assert "commit P" not in s.legal()  # three purple dice left
    s.play("commit R", "roll").roll("h", "h", "h", "h").play("apply Rh 1", "resolve")
    assert s.state.phase == "recover"
    assert s.choices() == ["recover P", "recover R", "done"]
    s.play("recover P", "recover P", "recover P").settle()
    assert s.colours(POOL).count("P") == 3
    assert zone(s, "P1") == "banished"

    s = fresh(rank=3)
    s.play("penalty exhaust")
    s.play("pick Y", "pick G", "pick B")
    assert s.choices() == ["penalty banish", "penalty exhaust"]
    s.play("penalty banish", "pick R").settle()
    assert s.colours(EXHAUSTED) == "YGB"
    assert s.colours(BANISHED) == "R"
    assert s.state.phase == DAY


# -- Gearlocs and the backup plan ----------------------------------------------------------


def test_TMB_GEAR_1_every_gearloc_has_an_innate_and_a_backup_ability() -> None:
    """TMB-GEAR-1: each Gearloc shows an innate ability and a backup-plan ability; Duster's
    innate re-roll is usable in a battle and its backup ability once a die is in its plan."""
    for gearloc in load_cards(TEST_CARDS).gearlocs:
        table = fresh(hero=gearloc.code).view()["table"]
        assert table["hero"]["innate"], gearloc.code
        assert table["backup"]["options"], gearloc.code
    s = battle("b1-07")
    s.play("commit G", "roll").roll("m")
    assert "ability" in s.legal()
    s.play("apply Gm backup")
    assert "backup G 1" in s.legal() and "backup G 2" in s.legal()


def test_TMB_GEAR_2_innate_plus_only_through_the_four_dice_flip() -> None:
    """TMB-GEAR-2: the Gearloc starts on the innate side; three backup dice do not allow the
    flip, four do, and only then is the innate +1 side (Duster: rest +2) in force."""
    s = after_battle().set(health=3)
    fill_backup(s, "Y1", "Y2", "G1")
    assert "flip" not in s.legal()
    s.refused("flip")
    s.play("rest")
    assert s.state.health == 4  # innate side: rest +1

    s = after_battle().set(health=3)
    fill_backup(s, "Y1", "Y2", "G1", "B1")
    s.play("flip")
    assert s.view()["table"]["hero"]["flipped"] is True
    s.play("rest")
    assert s.state.health == 5  # innate +1 side: rest +2


def test_TMB_BACKUP_1_four_coloured_slots_and_a_printed_ability() -> None:
    """TMB-BACKUP-1: the Gearloc card shows its backup ability and four coloured slots of
    one die each (Duster: yellow, yellow, green, blue)."""
    s = battle("b1-07")
    backup = s.view()["table"]["backup"]
    assert [slot["colour"] for slot in backup["slots"]] == ["yellow", "yellow", "green", "blue"]
    assert backup_dice(s) == [None, None, None, None]
    assert [o[0]["hook"] for o in backup["options"]] == ["bq_shift", "bq_shift"]
    for gearloc in load_cards(TEST_CARDS).gearlocs:
        assert len(fresh(hero=gearloc.code).view()["table"]["backup"]["slots"]) == 4
    s.play("commit Y", "commit Y", "commit Y", "roll").roll("m", "m", "m")
    s.play("apply Ym backup", "apply Ym backup")
    assert backup_dice(s) == ["Y1", "Y2", None, None]
    assert "apply Ym backup" not in s.legal()  # one die per slot


def test_TMB_BACKUP_2_misses_go_in_only_in_the_apply_step() -> None:
    """TMB-BACKUP-2: only during Apply Dice and only rolled misses; several in one step."""
    s = battle("b1-07")
    s.play("commit Y", "commit Y", "commit G", "commit R")
    assert not any("backup" in a for a in s.legal())
    s.refused("apply Ym backup")
    s.play("roll").roll("m", "h", "m", "h")
    legal = s.legal()
    assert "apply Ym backup" in legal and "apply Gm backup" in legal
    assert "apply Yh backup" not in legal and "apply Rh backup" not in legal
    s.refused("apply Yh backup")
    s.play("apply Ym backup", "apply Gm backup")
    assert backup_dice(s) == ["Y1", None, "G1", None]
    s.play("again")
    assert s.state.phase == "commit"
    assert not any(a.startswith("apply") for a in s.legal())


def test_TMB_BACKUP_3_a_slot_takes_only_a_miss_of_its_colour() -> None:
    """TMB-BACKUP-3: Duster's two yellow slots take two yellow misses, no third; no purple
    slot, so a purple miss has nowhere to go; the green slot takes a green miss."""
    s = battle("b1-07")
    for colour in "YYYGP":
        s.play(f"commit {colour}")
    s.play("roll").roll("m", "m", "m", "m", "m")
    s.play("apply Ym backup", "apply Ym backup")
    assert "apply Ym backup" not in s.legal()
    s.refused("apply Ym backup")
    assert "apply Pm backup" not in s.legal()
    s.refused("apply Pm backup")
    s.play("apply Gm backup")
    assert backup_dice(s) == ["Y1", "Y2", "G1", None]


def test_TMB_BACKUP_4_backup_ability_usable_at_any_decision() -> None:
    """TMB-BACKUP-4: Duster's ability (no timing printed) is open in Activation, in the Commit
    and Apply steps, in Recover and after the battle; never while dice are being rolled."""
    s = fresh()
    fill_backup(s, "Y1", "Y2", "G1", "B1")
    top(s, "ones", "b1-08")
    assert "backup Y 1" in s.legal()  # Activation
    s.play("battle").settle()
    assert "backup G 2" in s.legal()  # Commit
    s.play("commit R", "roll")
    assert s.choices() == []  # the roll: chance decides
    s.roll("h")
    assert "backup B 1" in s.legal()  # Apply
    s.play("apply Rh 1", "resolve")
    assert s.state.phase == "recover" and "backup Y 2" in s.legal()
    s.play("backup Y 2", "recover R")
    finish(s)
    assert s.state.phase == AFTER_BATTLE and "backup Y 1" in s.legal()
    s.play("backup Y 1")
    assert backup_dice(s) == [None, None, "G1", "B1"]


def test_TMB_BACKUP_5_each_use_exhausts_one_backup_die() -> None:
    """TMB-BACKUP-5: each use moves one backup die to the exhausted area; uses repeat while
    dice remain, then stop."""
    s = fresh()
    fill_backup(s, "Y1", "Y2", "G1")
    s.play("backup Y 1")
    assert zone(s, "Y1") == "exhausted" and s.count(BACKUP) == 2
    s.play("backup Y 1")
    assert zone(s, "Y2") == "exhausted" and s.count(BACKUP) == 1
    s.play("backup G 2")
    assert zone(s, "G1") == "exhausted" and s.count(BACKUP) == 0
    assert s.view()["table"]["bq_shift"] == -1
    assert not any(a.startswith("backup") for a in s.legal())
    s.refused("backup Y 1")


def test_TMB_BACKUP_6_duster_moves_the_bq_points() -> None:
    """TMB-BACKUP-6: two uses of Duster's -1 make day 6 activate four 1-point Baddies (not a
    5 and a 1); one +1 makes day 4 activate a 5-point Baddie."""
    s = start_day(after_battle(), 6)
    fill_backup(s, "Y1", "Y2")
    top(s, "ones", "b1-05", "b1-06", "b1-07", "b1-08")
    top(s, "fives", "b5-02")
    s.play("backup Y 1", "backup Y 1", "battle").settle()
    assert points(s) == [1, 1, 1, 1]
    assert s.active_codes() == ["b1-05", "b1-06", "b1-07", "b1-08"]

    s = start_day(after_battle(), 4)
    fill_backup(s, "G1")
    top(s, "ones", "b1-05", "b1-06", "b1-07", "b1-08")
    top(s, "fives", "b5-02")
    s.play("backup G 2", "battle").settle()
    assert s.active_codes() == ["b5-02"]


def test_TMB_BACKUP_7_flip_once_per_game_with_four_dice() -> None:
    """TMB-BACKUP-7: with all four slots full the player may exhaust the four dice to flip
    to innate +1; a second full set offers no second flip."""
    s = after_battle()
    fill_backup(s, "Y1", "Y2", "G1", "B1")
    assert "flip" in s.legal()
    s.play("flip")
    assert s.count(BACKUP) == 0
    assert s.colours(EXHAUSTED) == "YYGB"
    assert s.view()["table"]["hero"]["flipped"] is True
    fill_backup(s, "Y3", "Y4", "G2", "B2")
    assert "flip" not in s.legal()
    s.refused("flip")


def test_TMB_BACKUP_8_flip_adds_strategy_and_recovery_within_bounds() -> None:
    """TMB-BACKUP-8: the flip gives +1 Strategy and +1 Recovery; Health is unchanged; a stat
    already at 6 stays at 6."""
    s = after_battle()
    fill_backup(s, "Y1", "Y2", "G1", "B1")
    before = (s.state.health, s.state.strategy, s.state.recovery)
    s.play("flip")
    assert (s.state.health, s.state.strategy, s.state.recovery) == (
        before[0],
        before[1] + 1,
        before[2] + 1,
    )
    s = after_battle().set(strategy=6, recovery=5)
    fill_backup(s, "Y1", "Y2", "G1", "B1")
    s.play("flip")
    assert (s.state.strategy, s.state.recovery) == (6, 6)


def test_TMB_BACKUP_9_after_the_flip_the_plan_stays_usable() -> None:
    """TMB-BACKUP-9: after the flip misses can fill the slots again and the backup ability
    is still used; only a second flip is refused."""
    s = fresh()
    fill_backup(s, "Y1", "Y2", "G1", "B1")
    s.play("flip")
    top(s, "ones", "b1-07")
    s.play("battle").settle()
    s.play("commit Y", "commit G", "roll").roll("m", "m")
    s.play("apply Ym backup", "apply Gm backup")
    assert backup_dice(s) == ["Y3", None, "G2", None]
    assert "backup Y 1" in s.legal() and "flip" not in s.legal()
    s.play("backup Y 1")
    assert zone(s, "Y3") == "exhausted"
    assert s.view()["table"]["bq_shift"] == -1


def test_TMB_BACKUP_10_extensions_cost_their_number_of_backup_dice() -> None:
    """TMB-BACKUP-10: a Backup Plan Extension (Spare Sprocket, 1; Bone Whistle, 2) is used by
    exhausting its number of backup dice, stays in the inventory, and is refused with fewer."""
    s = battle("b1-07")
    give(s, "b1-12", "b1-22")  # Spare Sprocket (1: 1 damage), Bone Whistle (2: recover 2)
    move_dice(s, EXHAUSTED, "P4")
    assert "use 1" not in s.legal() and "use 2" not in s.legal()
    s.refused("use 1")
    fill_backup(s, "Y1")
    assert "use 1" in s.legal()
    assert "use 2" not in s.legal()
    s.refused("use 2")
    s.play("use 1")
    assert s.view()["active"][0]["taken"] == 1
    assert zone(s, "Y1") == "exhausted" and s.count(BACKUP) == 0
    assert [i["code"] for i in s.view()["inventory"]] == ["b1-12", "b1-22"]
    fill_backup(s, "Y2", "G1")
    s.play("use 2")
    kinds = []
    while s.state.tasks:  # the Whistle's recovery (take back P) and its cost, in either order
        kind = s.view()["task"]["kind"]
        kinds.append(kind)
        if kind == "recover_dice":
            s.play("pick P" if "pick P" in s.legal() else "done")
        else:
            assert s.choices() == ["pick Y", "pick G"]  # which backup die pays first
            s.play("pick G")
    assert "deck.pay" in kinds and "recover_dice" in kinds
    assert s.count(BACKUP) == 0
    assert zone(s, "Y2") == "exhausted" and zone(s, "G1") == "exhausted"
    assert zone(s, "P4") == "pool"


def test_TMB_BACKUP_11_backup_dice_are_not_rolled_or_exhausted() -> None:
    """TMB-BACKUP-11: a die in the backup plan is not re-rolled by a new Strategy phase and
    not taken by the Exhaust Dice step."""
    s = battle("b1-07")
    s.play("commit Y", "commit G", "roll").roll("m", "m")
    s.play("apply Ym backup", "again", "commit B", "roll")
    assert [die_name(d) for d in s.state.to_roll] == ["G1", "B1"]
    s.roll("m", "m").play("resolve")
    assert zone(s, "Y1") == "backup"
    assert zone(s, "G1") == "exhausted" and zone(s, "B1") == "exhausted"
    assert s.state.zones[DIE["Y1"]] not in (COMMITTED, EXHAUSTED)


def test_TMB_BACKUP_12_backup_dice_are_never_recovered() -> None:
    """TMB-BACKUP-12: the Recover step and recover effects never take a backup die; it
    leaves only through a backup ability or the flip."""
    s = battle("b1-07")
    s.play("commit G", "commit R", "roll").roll("m", "c")
    s.play("apply Gm backup", "apply Rc 1", "resolve")
    assert s.state.phase == "recover"
    assert "recover G" not in s.legal()
    s.refused("recover G")
    s.play("recover R", "done", "rest").settle()
    assert zone(s, "G1") == "backup"
    give(s, "b5-05")  # Mossy Salve: recover 3 dice
    move_dice(s, EXHAUSTED, "P1")
    s.play("use 1")
    assert s.choices() == ["pick P", "done"]
    s.play("pick P")
    assert zone(s, "G1") == "backup"
    s.play("backup G 1")
    assert zone(s, "G1") == "exhausted"


def test_TMB_BACKUP_12_discarding_an_item_leaves_the_backup_dice() -> None:
    """TMB-BACKUP-12: discarding an item does not take a die out of the backup plan."""
    s = after_battle()
    fill_backup(s, "Y1", "Y2", "G1", "B1")
    give(s, "b1-04")  # Bitter Tonic
    s.play("discard 1")
    assert backup_dice(s) == ["Y1", "Y2", "G1", "B1"]


# -- terminology ---------------------------------------------------------------------------


def play_scrapper_day(s: Scenario) -> dict[str, Any]:
    """Day 1 against the Goblin Scrapper: one blue hit, then the Resolve phase."""
    top(s, "ones", "b1-07")
    s.play("battle").settle()
    s.play("commit B", "roll").roll("h").play("apply Bh 1", "resolve")
    view = s.view()
    return {k: view[k] for k in ("stats", "active", "dice", "phase")}


def test_TMB_TERM_1_baddies_are_conflict_cards_whose_type_does_nothing(tmp_path: Path) -> None:
    """TMB-TERM-1: a Baddie is a conflict card (it deals its damage in Suffer Damage); its
    type changes nothing by itself: the same day with the Scrapper typed 'spider' plays the
    same."""
    assert all(re.fullmatch("[a-z]+", b.type) for b in load_cards(TEST_CARDS).baddies)
    s = fresh()
    house = play_scrapper_day(s)
    assert house["active"][0]["kind"] == "baddie"
    assert house["stats"]["health"] == 5 - 1  # the Scrapper's 1 damage
    text = HOUSE.replace(
        'fr = "Gobelin bagarreur" }\ntype = "goblin"', 'fr = "Gobelin bagarreur" }\ntype = "spider"'
    )
    assert text != HOUSE
    other = fresh(deck_file=str(card_file(tmp_path, text)))
    assert other.deck.data.baddies[6].type == "spider"
    assert play_scrapper_day(other) == house
    bad = card_file(tmp_path, text.replace('type = "spider"', 'type = "Spider!"'), "bad.toml")
    with pytest.raises(CardDataError, match="type"):
        load_cards(bad)


def test_TMB_TERM_2_face_up_baddies_active_and_stack_tops() -> None:
    """TMB-TERM-2: the undefeated active Baddies and the top Baddie of each Baddie stack,
    scouted stacks included, are face up (shown) and may be activated."""
    s = after_battle()
    top(s, "ones", "b1-21", "b1-26")
    s.play("scout ones").settle()  # day 2
    tops = {st["name"]: st["known"][:1] for st in s.view()["stacks"]}
    assert tops["ones"] == ["b1-26"] and tops["ones+"] == ["b1-21"]
    assert len(tops["fives"]) == 1
    s.play("battle")
    assert s.choices() == ["from ones", "from ones+"]
    s.play("from ones+").settle()
    assert s.active_codes() == ["b1-21", "b1-26"]
    shown = [a["code"] for a in s.view()["active"] if not a["defeated"]]
    assert shown == s.active_codes()


# -- the day -------------------------------------------------------------------------------


def test_TMB_DAY_1_the_counter_advances_first_each_day() -> None:
    """TMB-DAY-1: day 1 is the first day; each new day's Activation adds 1 first, whatever
    the previous day was (a battle, a Lockpicking encounter)."""
    s = Scenario()
    assert s.view()["table"]["day"] == 0
    s.settle()
    assert s.view()["table"]["day"] == 1
    s = after_battle()
    s.play("rest").settle()
    assert s.view()["table"]["day"] == 2 and s.state.phase == DAY
    top(s, "enc", "lp-01")
    s.play("encounter enc").settle()
    assert s.view()["table"]["day"] == 3 and s.state.phase == DAY


def test_TMB_DAY_2_one_choice_per_day_and_bq_only_when_called() -> None:
    """TMB-DAY-2: the day offers a battle or an encounter (no Tyrant before its day); once a
    battle is chosen no encounter may follow; a Lockpicking encounter activates no Baddie."""
    s = fresh()
    assert s.choices() == ["battle", "encounter enc"]
    top(s, "ones", "b1-08")
    s.play("battle").settle()
    assert s.active_codes() == ["b1-08"]
    s.refused("encounter enc")
    s.refused("battle")

    s = fresh()
    top(s, "enc", "lp-01")
    ones_top = stack(s, "ones")["known"]
    s.play("encounter enc").settle()
    assert s.state.active == ()
    assert stack(s, "ones")["known"] == ones_top


def test_TMB_DAY_3_order_of_the_day() -> None:
    """TMB-DAY-3: Activation, then Strategy phases (commit, roll, apply; at most Strategy of
    them), then Resolve: Exhaust, Recover, Gain Item Rewards (where an unlocked lockpick
    gives its dice back), Cleanup, then rest or scout."""
    s = fresh()
    give(s, "lp-01", locked=True)
    top(s, "ones", "b1-07")
    s.play("battle").settle()
    assert s.state.phase == "commit"
    s.play("commit Y", "roll").roll("h").play("apply Yh lock1", "again")
    assert s.state.phase == "commit"
    s.play("commit Y", "commit R", "roll").roll("h", "c")
    assert "again" not in s.legal()  # Duster's Strategy is 2
    s.play("apply Yh lock1", "apply Rc 1", "resolve")
    assert s.state.phase == "recover"
    assert zone(s, "R") == "exhausted"  # Exhaust came before Recover
    assert zone(s, "Y1") == "lock" and zone(s, "Y2") == "lock"
    s.play("done")
    assert s.state.phase == "rewards"
    assert zone(s, "Y1") == "pool" and zone(s, "Y2") == "pool"
    s.play("gain 1").settle()
    assert s.state.phase == AFTER_BATTLE
    phases = [h.phase for h in s.history]
    order = [DAY, "commit", "apply", "recover", "rewards", AFTER_BATTLE]
    firsts = [phases.index(p) for p in order]
    assert firsts == sorted(firsts)


# -- the battle queue ----------------------------------------------------------------------


def test_TMB_BQ_1_points_add_up_to_the_day() -> None:
    """TMB-BQ-1: the BQ Baddies' points add up to the day number (day 3: three 1-point); an
    additional enemy (Rat Swarm) comes on top of that sum."""
    s = start_day(after_battle(), 3)
    top(s, "ones", "b1-05", "b1-06", "b1-07")
    s.play("battle").settle()
    assert points(s) == [1, 1, 1]

    s = start_day(after_battle(), 2)
    top(s, "ones", "b1-03", "b1-08", "b1-21")
    s.play("battle")
    assert s.active_codes() == ["b1-03"]
    assert s.choices() == ["from ones", "from fives"]  # the Swarm's additional enemy
    s.play("from ones").settle()
    assert s.active_codes() == ["b1-03", "b1-08", "b1-21"]


@pytest.mark.parametrize(
    ("day", "expected"),
    [(4, [1, 1, 1, 1]), (6, [5, 1]), (10, [5, 5]), (11, [5, 5, 1])],
)
def test_TMB_BQ_2_fewest_cards(day: int, expected: list[int]) -> None:
    """TMB-BQ-2: as many 5-point Baddies as fit, then 1-point ones (day 4, 6, 10, 11)."""
    s = start_day(after_battle(), day)
    top(s, "ones", "b1-05", "b1-06", "b1-07", "b1-08")
    top(s, "fives", "b5-02", "b5-03")
    s.play("battle").settle()
    assert points(s) == expected


def test_TMB_BQ_2_ones_make_up_the_sum_without_fives() -> None:
    """TMB-BQ-2 (ambiguous): with no 5-point Baddie to be had, day 6 takes six 1-point ones."""
    s = start_day(after_battle(), 6)

    def no_fives(state: State) -> None:
        stacks = list(state.stacks)
        stacks[FIVES] = Stack()
        stacks[FIVES_UP] = Stack()
        state.stacks = tuple(stacks)

    s.edit(no_fives)
    top(s, "ones", "b1-05", "b1-06", "b1-07", "b1-08", "b1-20", "b1-21")
    s.play("battle").settle()
    assert points(s) == [1] * 6


def test_TMB_BQ_3_baddies_activate_one_at_a_time() -> None:
    """TMB-BQ-3: after a Baddie activates, the card it covered turns up and can be next."""
    s = start_day(after_battle(), 2)
    only_top(s, ONES, "b1-08")
    s.play("battle")
    assert s.active_codes() == ["b1-08"]
    assert s.game.to_move(s.state) == CHANCE  # the card under it turns up
    s.reveal("ones", "b1-21").settle()
    assert s.active_codes() == ["b1-08", "b1-21"]


def test_TMB_BQ_4_standard_battle_uses_baddie_points() -> None:
    """TMB-BQ-4: a standard battle activates Baddies by points: day 5 is one 5-point Baddie,
    day 2 two 1-point ones."""
    s = start_day(after_battle(), 5)
    top(s, "fives", "b5-02")
    s.play("battle").settle()
    assert s.active_codes() == ["b5-02"]
    s = start_day(after_battle(), 2)
    top(s, "ones", "b1-08", "b1-21")
    s.play("battle").settle()
    assert s.active_codes() == ["b1-08", "b1-21"]


def test_TMB_BQ_5_player_picks_between_two_stack_tops() -> None:
    """TMB-BQ-5: with an original and a scouted 1-point stack, the player picks, card by
    card, which top activates."""
    s = after_battle()
    top(s, "ones", "b1-21", "b1-26", "b1-08")
    s.play("scout ones").settle()
    assert stack(s, "ones+")["known"] == ["b1-21"]
    s.play("battle")  # day 2
    assert s.choices() == ["from ones", "from ones+"]
    s.play("from ones")
    assert s.active_codes() == ["b1-26"]
    assert s.choices() == ["from ones", "from ones+"]
    s.play("from ones+").settle()
    assert s.active_codes() == ["b1-26", "b1-21"]
    assert stack(s, "ones")["known"][:1] == ["b1-08"]


# -- battles -------------------------------------------------------------------------------


def test_TMB_BATTLE_1_baddies_activate_before_the_battle_begins() -> None:
    """TMB-BATTLE-1: the Baddies become active (their activation effects resolved) before the
    first Commit step, in a standard battle and in an encounter's battle."""
    s = fresh()
    top(s, "ones", "b1-29")  # Shrieking Bat: on activation, exhaust a die
    s.play("battle")
    assert s.active_codes() == ["b1-29"]
    assert s.state.phase != "commit"
    assert s.choices() == ["pick Y", "pick G", "pick B", "pick P", "pick R"]
    s.refused("commit Y")
    s.play("pick Y").settle()
    assert s.state.phase == "commit" and zone(s, "Y1") == "exhausted"

    s = fresh()
    top(s, "enc", "te-06")
    top(s, "ones", "b1-08", "b1-21")
    s.play("encounter enc").settle()
    assert s.state.phase == "commit" and s.active_codes() == ["b1-08", "b1-21"]


def two_baddies_one_beaten() -> Scenario:
    """Day 2: Goblin Slinger and Goblin Scrapper (health 2); only the Slinger is beaten."""
    s = start_day(after_battle(), 2)
    top(s, "ones", "b1-08", "b1-07")
    s.play("battle").settle()
    s.play("commit P", "commit B", "roll").roll("h", "h").play("apply Bh 1", "apply Ph 2")
    return s


def test_TMB_BATTLE_2_the_day_needs_every_baddie_defeated() -> None:
    """TMB-BATTLE-2: one Baddie beaten of two: no rest or scout, the battle goes on; beating
    the last one completes it."""
    s = two_baddies_one_beaten().play("resolve")
    finish(s)
    assert s.state.phase == "commit"
    assert s.active_codes() == ["b1-07"]
    assert "rest" not in s.legal()
    s.play("commit R", "roll").roll("c").play("apply Rc 1", "resolve")
    finish(s)
    assert s.state.phase == AFTER_BATTLE


def test_TMB_BATTLE_3_a_new_engagement_on_the_same_day() -> None:
    """TMB-BATTLE-3: with a Baddie left after Cleanup the Engagement starts again on the same
    day: no new Activation, the same counter, and a fresh count of Strategy phases."""
    s = two_baddies_one_beaten()
    s.play("again", "roll")
    assert "again" not in s.legal()  # both of Duster's Strategy phases used
    ones_top = stack(s, "ones")["known"]
    s.play("resolve")
    finish(s)
    assert s.state.phase == "commit"
    assert s.view()["table"]["day"] == 2
    assert s.active_codes() == ["b1-07"]
    assert stack(s, "ones")["known"] == ones_top
    assert s.view()["strategy_phases"] == 0
    s.play("roll")
    assert "again" in s.legal()


def test_TMB_BATTLE_4_hits_do_not_build_up() -> None:
    """TMB-BATTLE-4: damage on a Baddie that survives is cleared before the next Engagement:
    the Scrapper (health 2) hit once in each of two Engagements is not defeated."""
    s = battle("b1-07")
    s.play("commit B", "roll").roll("h").play("apply Bh 1", "resolve")
    finish(s)
    assert s.state.phase == "commit"
    assert s.view()["active"][0]["taken"] == 0
    s.play("commit B", "roll").roll("h").play("apply Bh 1")
    active = s.view()["active"][0]
    assert active["taken"] == 1 and active["defeated"] is False


def test_TMB_BATTLE_5_dice_on_an_undefeated_baddie_are_exhausted() -> None:
    """TMB-BATTLE-5: dice left on a surviving Baddie still go to the exhausted area."""
    s = battle("b1-07")
    s.play("commit B", "roll").roll("h").play("apply Bh 1", "resolve")
    assert s.state.phase == "recover"
    assert zone(s, "B1") == "exhausted"
    assert s.view()["active"][0]["defeated"] is False


# -- encounters ----------------------------------------------------------------------------


def test_TMB_ENC_1_encounters_are_never_enemies() -> None:
    """TMB-ENC-1: a Tyrant encounter stays out of the active area (no target, no damage, never
    defeated); a lockpick sits in the inventory; a Mohlnor is discarded."""
    s = fresh()
    top(s, "enc", "te-06")
    top(s, "ones", "b1-08", "b1-21")
    s.play("encounter enc").settle()
    assert s.active_codes() == ["b1-08", "b1-21"]
    s.play("commit R", "roll").roll("h")
    assert [a for a in s.legal() if a.startswith("apply")] == ["apply Rh 1", "apply Rh 2"]
    s.play("resolve")
    assert s.state.health == 5 - 2 - 2  # only the two Baddies' damage
    assert s.view()["table"]["encounter"]["code"] == "te-06"

    s = fresh()
    top(s, "enc", "lp-01")
    s.play("encounter enc").settle()
    assert s.state.active == () and s.view()["inventory"][0]["code"] == "lp-01"
    top(s, "enc", "mo-01")
    s.play("encounter enc", "fight").settle()
    assert "mo-01" not in s.active_codes()
    assert s.card("mo-01") in s.state.discard


def test_TMB_ENC_2_choose_the_top_of_either_encounter_stack() -> None:
    """TMB-ENC-2: the encounter chosen is the face-up top of the original stack or, after a
    scout, of the scouted stack; it resolves by its kind."""
    s = after_battle()
    top(s, "enc", "lp-01", "mo-01")
    s.play("scout enc").settle()
    assert stack(s, "enc+")["known"] == ["lp-01"]
    assert stack(s, "enc")["known"][:1] == ["mo-01"]
    assert s.choices() == ["battle", "encounter enc", "encounter enc+"]
    s.play("encounter enc+").settle()
    assert [i["code"] for i in s.view()["inventory"]] == ["lp-01"]  # a Lockpicking: kept
    assert stack(s, "enc+")["count"] == 0
    s.play("encounter enc")
    assert s.choices() == ["peaceful", "fight"]  # a Mohlnor: its choice


def boxed_for(*keep: str) -> Scenario:
    """A new game whose four Tyrant encounters in play are ``keep`` (the others boxed)."""
    s = Scenario()
    for code in (f"te-0{i}" for i in range(1, 9)):
        if code not in keep:
            s.play(f"box {code}")
    return s.settle()


def test_TMB_TYRENC_1_tyrant_encounter_changes_the_bq() -> None:
    """TMB-TYRENC-1: the chosen Tyrant encounter goes beside the active area, the BQ runs with
    its changes (Brute Escort: one more 5-point Baddie), then the battle (its modifiers in
    force: Ambush at the Ford's -1 Strategy)."""
    s = boxed_for("te-03", "te-05", "te-07", "te-08")
    top(s, "enc", "te-05")
    top(s, "ones", "b1-08")
    top(s, "fives", "b5-02")
    s.play("encounter enc").settle()
    assert s.active_codes() == ["b1-08", "b5-02"]
    assert s.view()["table"]["encounter"]["code"] == "te-05"
    assert "te-05" not in s.active_codes()

    s = boxed_for("te-03", "te-05", "te-07", "te-08")
    top(s, "enc", "te-03")
    top(s, "ones", "b1-08", "b1-21", "b1-26")  # day 1 + 2 points
    s.play("encounter enc").settle()
    assert s.active_codes() == ["b1-08", "b1-21", "b1-26"]
    assert s.view()["stats"]["strategy"] == 1
    s.play("roll")
    assert "again" not in s.legal()


def test_TMB_TYRENC_2_discarded_at_the_cleanup_that_ends_its_battle() -> None:
    """TMB-TYRENC-2: the Tyrant encounter stays beside the active area through every
    Engagement of its battle and is discarded at the Cleanup where its last Baddie falls;
    it no longer counts as remaining."""
    s = fresh()
    assert s.view()["table"]["tyrant_encounters_left"] == 4
    top(s, "enc", "te-06")
    top(s, "ones", "b1-08", "b1-07")
    s.play("encounter enc").settle()
    s.play("commit R", "roll").roll("h").play("apply Rh 1", "resolve")
    finish(s)
    assert s.state.phase == "commit"
    assert s.view()["table"]["encounter"]["code"] == "te-06"
    assert s.card("te-06") not in s.state.discard
    s.play("commit P", "commit P", "roll").roll("h", "h").play("apply Ph 1", "apply Ph 1")
    s.play("resolve")
    finish(s)
    assert s.state.phase == AFTER_BATTLE
    assert s.view()["table"]["encounter"] is None
    assert s.card("te-06") in s.state.discard
    assert s.view()["table"]["tyrant_encounters_left"] == 3


def test_TMB_TYRENC_2_encounter_without_baddies_leaves_no_lasting_card() -> None:
    """TMB-TYRENC-2, TMB-NOENG-1, TMB-BACKUP-6: Night Raid on day 1 lowered by 2 activates no
    Baddie; the day ends and the card does not stay beside the active area with its 'no
    items' rule for the next days."""
    s = fresh()
    fill_backup(s, "Y1", "Y2")
    top(s, "enc", "te-06")
    s.play("backup Y 1", "backup Y 1", "encounter enc").settle()
    assert s.state.phase == DAY and s.view()["table"]["day"] == 2
    give(s, "b1-04").set(health=3)  # Bitter Tonic: heal 2
    assert s.view()["table"]["encounter"] is None
    assert "use 1" in s.legal()


def test_TMB_MOHL_1_peaceful_option_skips_the_engagement() -> None:
    """TMB-MOHL-1: the peaceful option follows the card (Toll Bridge: lose 1 Health, recover
    2 dice), skips the Engagement and discards the card."""
    s = fresh()
    move_dice(s, EXHAUSTED, "P1", "R")
    top(s, "enc", "mo-01")
    s.play("encounter enc")
    assert s.choices() == ["peaceful", "fight"]
    s.play("peaceful")
    assert s.state.health == 4
    assert s.choices() == ["pick P", "pick R", "done"]
    s.play("pick R", "pick P").settle()
    assert s.count(EXHAUSTED) == 0
    assert s.state.phase == DAY and s.view()["table"]["day"] == 2
    assert s.state.active == ()
    assert s.card("mo-01") in s.state.discard


def test_TMB_MOHL_2_peaceful_only_if_its_cost_can_be_paid() -> None:
    """TMB-MOHL-2: Toll Bridge (lose 1 Health) at Health 1, Tinker's Bargain (discard an item)
    with no item: only the battle; with the means, the peaceful option is open."""
    s = fresh().set(health=1)
    top(s, "enc", "mo-01")
    s.play("encounter enc")
    assert s.choices() == ["fight"]
    s.refused("peaceful")

    s = fresh()
    top(s, "enc", "mo-03")
    s.play("encounter enc")
    assert s.choices() == ["fight"]
    s = fresh()
    give(s, "b1-12")
    top(s, "enc", "mo-03")
    s.play("encounter enc")
    assert s.choices() == ["peaceful", "fight"]
    s.play("peaceful").settle()
    assert s.choices() == ["discard 1"]  # the cost is asked for: GEN-R6
    s.play("discard 1")
    assert s.state.inventory == () and s.state.recovery == 4


def test_TMB_MOHL_3_fight_adds_one_one_point_baddie() -> None:
    """TMB-MOHL-3: the battle discards the Mohlnor and activates the BQ plus one 1-point
    Baddie: day 4 gives five 1-point Baddies, not a 5-point one."""
    s = start_day(after_battle(), 4)
    top(s, "enc", "mo-02")
    top(s, "ones", "b1-05", "b1-06", "b1-07", "b1-08", "b1-20")
    top(s, "fives", "b5-02")
    s.play("encounter enc", "fight").settle()
    assert points(s) == [1, 1, 1, 1, 1]
    assert s.card("mo-02") in s.state.discard
    assert s.state.phase == "commit"


# -- lockpicks -----------------------------------------------------------------------------


def test_TMB_LOCK_1_needs_a_free_item_slot() -> None:
    """TMB-LOCK-1: with the inventory full (Duster: Strategy 2) the Lockpicking encounter
    cannot be chosen; with a free slot it can."""
    s = fresh()
    give(s, "b1-07", "b1-12")
    top(s, "enc", "lp-01")
    assert "battle" in s.legal() and "encounter enc" not in s.legal()
    s.refused("encounter enc")
    s.play("discard 1")
    assert "encounter enc" in s.legal()
    s.play("encounter enc")
    assert [i["code"] for i in s.view()["inventory"]] == ["b1-12", "lp-01"]


def test_TMB_LOCK_2_the_lockpick_takes_an_item_slot() -> None:
    """TMB-LOCK-2: the chosen Lockpicking card goes into the inventory, locked, and counts
    against the item limit (a second one then needs the remaining slot)."""
    s = fresh()
    top(s, "enc", "lp-01")
    s.play("encounter enc").settle()
    [item] = s.view()["inventory"]
    assert (item["code"], item["locked"], item["item"]) == ("lp-01", True, None)
    give(s, "b1-12")
    top(s, "enc", "lp-02")
    assert "encounter enc" not in s.legal()


def test_TMB_LOCK_3_choosing_a_lockpick_skips_the_engagement() -> None:
    """TMB-LOCK-3: no Baddie, no dice moved: the next day begins."""
    s = fresh()
    top(s, "enc", "lp-03")
    zones = s.state.zones
    s.play("encounter enc").settle()
    assert s.state.phase == DAY and s.view()["table"]["day"] == 2
    assert s.state.zones == zones and s.state.active == ()


def test_TMB_LOCK_4_locked_card_cannot_be_discarded_or_used() -> None:
    """TMB-LOCK-4: a locked lockpick cannot be discarded or used; when an item must be
    discarded (Goblin Sneak) another item goes first, and the lockpick only when it is the
    only choice."""
    s = fresh()
    give(s, "lp-01", locked=True)
    assert "discard 1" not in s.legal() and "use 1" not in s.legal()
    s.refused("discard 1")
    s.refused("use 1")
    give(s, "b1-12")
    top(s, "ones", "b1-09")  # Goblin Sneak: on activation, discard an item
    s.play("battle").settle()
    assert s.choices() == ["discard 2"]  # asked: the item may still be used first (GEN-R6)
    s.play("discard 2")
    assert [i["code"] for i in s.view()["inventory"]] == ["lp-01"]

    s = fresh()
    give(s, "lp-01", locked=True)
    top(s, "ones", "b1-09")
    s.play("battle").settle()
    assert s.view()["inventory"] == []


def lock_battle(lock: str, *ones: str) -> Scenario:
    """Day 1: the locked ``lock`` in the inventory and a battle against ``ones``."""
    s = fresh()
    give(s, lock, locked=True)
    top(s, "ones", *(ones or ("b1-08",)))
    return s.play("battle").settle()


def test_TMB_LOCK_5_hits_of_the_printed_colour_unlock() -> None:
    """TMB-LOCK-5: in Apply Dice, hits (basic or crit) of the card's colour go on it, one die
    one hit, up to the number needed; other colours and misses cannot."""
    s = lock_battle("lp-01")  # yellow, 2 hits
    s.play("commit Y", "commit Y", "commit Y", "commit G", "roll").roll("c", "h", "m", "h")
    legal = s.legal()
    assert "apply Yc lock1" in legal and "apply Yh lock1" in legal
    assert "apply Gh lock1" not in legal and "apply Ym lock1" not in legal
    s.refused("apply Gh lock1")
    s.play("apply Yc lock1")
    assert zone(s, "Y1") == "lock"
    assert "apply Yh lock1" in s.legal()  # a crit counted as one hit, one more is needed
    s.play("apply Yh lock1")
    assert "apply Yh lock1" not in s.legal()  # the two hits are there


def test_TMB_LOCK_6_dice_stay_on_the_lockpick_across_days() -> None:
    """TMB-LOCK-6: dice on a lockpick are not exhausted; they stay through the next
    Engagement and into the next day until it unlocks."""
    s = lock_battle("lp-01", "b1-07")
    s.play("commit Y", "roll").roll("h").play("apply Yh lock1", "resolve")
    finish(s)
    assert s.state.phase == "commit"  # the Scrapper is still there
    assert zone(s, "Y1") == "lock"
    s.play("commit R", "roll").roll("c").play("apply Rc 1", "resolve")
    finish(s)
    assert zone(s, "Y1") == "lock"
    s.play("rest").settle()
    top(s, "ones", "b1-08", "b1-21")
    s.play("battle").settle()
    assert zone(s, "Y1") == "lock"
    assert s.state.inventory[0].locked


def test_TMB_LOCK_7_unlocks_in_gain_item_rewards_with_all_hits() -> None:
    """TMB-LOCK-7: Sealed Reliquary needs 3 yellow or green hits: with 2 it stays locked
    after the Resolve phase; the third unlocks it at Gain Item Rewards."""
    s = lock_battle("lp-02")
    s.play("commit Y", "commit G", "commit R", "roll").roll("h", "h", "h")
    s.play("apply Yh lock1", "apply Gh lock1", "apply Rh 1", "resolve")
    finish(s)
    assert s.state.inventory[0].locked
    s.play("rest").settle()
    top(s, "ones", "b1-21", "b1-17")
    s.play("battle").settle()
    s.play("commit G", "commit P", "commit P", "roll").roll("c", "h", "h")
    s.play("apply Gc lock1", "apply Ph 1", "apply Ph 2", "resolve")
    assert s.state.phase == "recover"
    assert s.state.inventory[0].locked
    s.play("done")
    assert not s.state.inventory[0].locked


def test_TMB_LOCK_8_dice_return_to_the_pool() -> None:
    """TMB-LOCK-8: on unlocking, the dice on the card go to the pool, not to the exhausted
    area."""
    s = lock_battle("lp-01")
    s.play("commit Y", "commit Y", "commit R", "roll").roll("h", "c", "h")
    s.play("apply Yh lock1", "apply Yc lock1", "apply Rh 1", "resolve")
    finish(s)
    assert zone(s, "Y1") == "pool" and zone(s, "Y2") == "pool"
    assert s.count(LOCK) == 0


def test_TMB_LOCK_9_unlocked_reward_is_gained() -> None:
    """TMB-LOCK-9: the unlocked card shows its reward, which can now be used (Forgotten
    Provisions: recover 3, heal 1) or discarded like any item."""
    s = lock_battle("lp-01")
    s.play("commit Y", "commit Y", "commit R", "roll").roll("h", "h", "h")
    s.play("apply Yh lock1", "apply Yh lock1", "apply Rh 1", "resolve")
    s.play("done")  # keep the red die exhausted
    finish(s)
    item = s.view()["inventory"][0]
    assert item["locked"] is False
    assert item["item"]["name"]["en"] == "Forgotten Provisions"
    s.set(health=4)
    assert "use 1" in s.legal() and "discard 1" in s.legal()
    s.play("use 1", "pick R").settle()
    assert s.state.health == 5 and zone(s, "R") == "pool"
    assert s.state.inventory == ()

    s = lock_battle("lp-02")  # an ongoing reward: ward 1
    s.play("commit Y", "commit G", "commit G", "commit R", "roll").roll("h", "h", "c", "h")
    s.play("apply Yh lock1", "apply Gh lock1", "apply Gc lock1", "apply Rh 1", "resolve")
    finish(s)
    s.play("rest").settle()
    top(s, "ones", "b1-07", "b1-21")
    health = s.state.health
    s.play("battle").settle()
    s.play("roll", "resolve")
    assert s.state.health == health - (1 + 2 - 1)  # ward 1 from the Blessed Pauldron
    assert "discard 1" in s.legal()


# -- no battle -----------------------------------------------------------------------------


def test_TMB_NOENG_1_no_enemy_no_engagement() -> None:
    """TMB-NOENG-1: a battle whose BQ comes to 0 (Duster's -1 on day 1) activates nothing:
    no dice are committed, rolled, exhausted or recovered and the next day begins."""
    s = fresh()
    fill_backup(s, "Y1")
    move_dice(s, EXHAUSTED, "P1", "P2")
    s.play("backup Y 1")
    zones = s.state.zones
    health = s.state.health
    s.play("battle").settle()
    assert s.state.active == ()
    assert s.state.phase == DAY and s.view()["table"]["day"] == 2
    assert s.state.zones == zones  # P1, P2 (and Y1) still exhausted: no Recover step
    assert s.state.health == health
    assert not any(h.phase in ("commit", "apply", "recover", AFTER_BATTLE) for h in s.history)
    assert "rest" not in s.legal()


def test_TMB_NOENG_2_no_rest_or_scout_without_a_battle() -> None:
    """TMB-NOENG-2: after a Lockpicking day or a peaceful Mohlnor there is no Cleanup: the
    next day begins without rest or scout (the empty battle: TMB-NOENG-1)."""
    s = fresh().set(health=3)
    top(s, "enc", "lp-01")
    s.play("encounter enc").settle()
    assert s.state.phase == DAY
    assert not {"rest", "scout ones"} & set(s.legal())
    top(s, "enc", "mo-02")
    s.play("encounter enc", "peaceful", "pick Y", "pick Y").settle()
    assert s.state.phase == DAY and s.view()["table"]["day"] == 3
    assert not {"rest", "scout ones"} & set(s.legal())
    assert s.state.health == 3 + 2  # the Herb Seller's heal, no rest on top
    assert all(h.phase != AFTER_BATTLE for h in s.history)


# -- cleanup, rest and scout ---------------------------------------------------------------


def test_TMB_CLEAN_1_only_defeated_baddies_are_discarded() -> None:
    """TMB-CLEAN-1: Cleanup discards the beaten Slinger and keeps the undefeated Scrapper."""
    s = two_baddies_one_beaten().play("resolve")
    finish(s)
    assert s.card("b1-08") in s.state.discard
    assert s.card("b1-07") not in s.state.discard
    assert s.active_codes() == ["b1-07"]


def test_TMB_CLEAN_2_rest_or_scout_never_both() -> None:
    """TMB-CLEAN-2: after a won battle the player may rest or scout; either ends the day."""
    s = after_battle()
    assert s.choices() == ["rest", "scout ones", "scout fives", "scout enc", "done"]
    s.play("rest").settle()
    assert s.state.phase == DAY and s.view()["table"]["day"] == 2
    s.refused("scout ones")
    s = after_battle()
    s.play("scout fives").settle()
    assert s.state.phase == DAY
    s.refused("rest")


def test_TMB_CLEAN_2_doing_neither_ends_the_day() -> None:
    """TMB-CLEAN-2 (ambiguous: 'may'): the player may neither rest nor scout: 'done' ends the
    day and the next one begins."""
    s = after_battle().set(health=3)
    s.play("done").settle()
    assert s.state.phase == DAY
    assert s.view()["table"]["day"] == 2
    assert s.state.health == 3


def test_TMB_REST_1_rest_gives_one_health() -> None:
    """TMB-REST-1: resting gives +1 Health (nothing else), never above 6."""
    s = after_battle().set(health=3)
    stats = (s.state.strategy, s.state.recovery)
    s.play("rest")
    assert s.state.health == 4
    assert (s.state.strategy, s.state.recovery) == stats
    s = after_battle().set(health=6)
    s.play("rest")
    assert s.state.health == 6


def test_TMB_SCOUT_1_only_original_stacks_are_scouted() -> None:
    """TMB-SCOUT-1: the top of the 1-point, 5-point or encounter stack moves up to its
    scouted stack; a scouted stack itself cannot be scouted."""
    s = after_battle()
    top(s, "ones", "b1-21", "b1-08")
    s.play("scout ones").settle()
    assert stack(s, "ones+")["known"] == ["b1-21"]
    assert stack(s, "ones")["known"][0] == "b1-08"
    s.play("battle")  # day 2: two points, from either stack
    s.play("from ones", "from ones+").settle()
    assert s.active_codes() == ["b1-08", "b1-21"]
    s.play("commit R", "commit P", "roll").roll("h", "h")
    s.play("apply Ph 1", "apply Rh 2", "resolve")
    finish(s)
    assert s.state.phase == AFTER_BATTLE
    assert not any(a.endswith("+") for a in s.legal())
    with pytest.raises(InvalidActionError):
        s.game.parse_action("scout ones+")
    with pytest.raises(IllegalActionError):
        s.game.apply(s.state, Scout("ones+"))


def test_TMB_SCOUT_2_scouted_card_goes_on_top_of_the_scouted_stack() -> None:
    """TMB-SCOUT-2: the scouted card stays face up on top of the scouted stack, over any card
    scouted before."""
    s = after_battle()
    top(s, "fives", "b5-02", "b5-07")
    s.play("scout fives").settle()
    assert stack(s, "fives+")["known"] == ["b5-02"]
    top(s, "ones", "b1-08", "b1-21")
    s.play("battle").settle()  # day 2
    s.play("commit P", "commit R", "roll").roll("h", "h").play("apply Ph 1", "apply Rh 2")
    s.play("resolve")
    finish(s)
    s.play("scout fives").settle()
    assert stack(s, "fives+")["known"] == ["b5-07", "b5-02"]
    assert stack(s, "fives")["count"] == 12


def test_TMB_SCOUT_3_both_tops_can_be_chosen() -> None:
    """TMB-SCOUT-3: after scouting the encounter stack both tops may be chosen, and after
    scouting a Baddie stack both tops may be activated."""
    s = after_battle()
    top(s, "enc", "lp-01", "lp-02")
    s.play("scout enc").settle()
    assert {"encounter enc", "encounter enc+"} <= set(s.legal())
    s = after_battle()
    top(s, "ones", "b1-21", "b1-26")
    s.play("scout ones").settle()
    s.play("battle")
    assert s.choices() == ["from ones", "from ones+"]


def test_TMB_SCOUT_4_empty_original_stack_takes_the_shuffled_scouted_one() -> None:
    """TMB-SCOUT-4: when the original stack runs out, its scouted stack is shuffled into the
    lower position at once."""
    s = after_battle()
    codes = ("b1-21", "b1-26", "b1-17")

    def two_scouted_one_left(state: State) -> None:
        keep = [s.card(c) for c in codes]
        rest = [c for c in (*cards_in(s, ONES), *cards_in(s, ONES_UP)) if c not in keep]
        stacks = list(state.stacks)
        stacks[ONES] = Stack((keep[0],), ())
        stacks[ONES_UP] = Stack((keep[1], keep[2]), ())
        state.stacks = tuple(stacks)
        state.discard = (*state.discard, *rest)

    s.edit(two_scouted_one_left)
    s.play("scout ones")
    assert stack(s, "ones+")["count"] == 0
    assert stack(s, "ones")["count"] == 3
    weights = s.game.chance_weights(s.state)
    assert sorted(str(a).split()[2] for a in weights.actions) == sorted(codes)
    assert len(set(weights.weights or [1])) == 1


def test_TMB_SCOUT_5_a_mohlnor_revealed_by_a_scout_strikes() -> None:
    """TMB-SCOUT-5: a Mohlnor turned up by a scout brings its consequence (Toll Bridge: lose 1
    Health); another card turned up does nothing, and so does a Mohlnor turned up when an
    encounter is chosen."""
    s = after_battle()
    health = s.state.health
    top(s, "enc", "te-05")
    s.play("scout enc").reveal("enc", "mo-01").settle()
    assert s.state.health == health - 1
    assert s.state.phase == DAY

    s = after_battle()
    top(s, "enc", "te-05")
    s.play("scout enc").reveal("enc", "lp-02").settle()
    assert s.state.health == health

    s = fresh()
    only_top(s, ENC, "lp-01")
    s.play("encounter enc").reveal("enc", "mo-01").settle()
    assert s.state.health == health


def test_TMB_STACK_1_empty_type_is_rebuilt_from_its_discards() -> None:
    """TMB-STACK-1: when both stacks of a type are empty their discarded cards form a new,
    shuffled stack: 1-point Baddies, and encounters (discarded Tyrant encounters included)."""
    s = fresh()
    last = s.card("b1-08")

    def one_left(state: State) -> None:
        rest = [c for c in cards_in(s, ONES) if c != last]
        stacks = list(state.stacks)
        stacks[ONES] = Stack((last,), ())
        state.stacks = tuple(stacks)
        state.discard = (*state.discard, *rest)

    s.edit(one_left)
    s.play("battle")
    assert s.active_codes() == ["b1-08"]
    assert stack(s, "ones")["count"] == 28
    assert not any(s.deck.points.get(c) == 1 for c in s.state.discard)
    reveals = s.game.chance_weights(s.state).actions
    assert len(reveals) == 28

    s = fresh()
    gone = [s.card(c) for c in ("te-06", "mo-01")]
    lock = s.card("lp-01")

    def lockpick_left(state: State) -> None:
        stacks = list(state.stacks)
        stacks[ENC] = Stack((lock,), ())
        state.stacks = tuple(stacks)
        state.discard = (*state.discard, *gone)

    s.edit(lockpick_left)
    s.play("encounter enc")
    assert sorted(cards_in(s, ENC)) == sorted(gone)
    assert s.state.discard == ()
    assert s.view()["table"]["tyrant_encounters_left"] == 1


# -- the Tyrant ----------------------------------------------------------------------------


def test_TMB_END_1_tyrant_from_its_minimum_day() -> None:
    """TMB-END-1: the Cinder Warden (7 days) cannot be faced on day 6, can on day 7 beside
    the battle and the encounter."""
    s = start_day(after_battle(), 6)
    assert "tyrant" not in s.legal()
    s.refused("tyrant")
    s = start_day(after_battle(), 7)
    assert s.choices() == ["battle", "encounter enc", "tyrant"]
    s = start_day(after_battle(boss="gloamshard"), 9)
    assert "tyrant" not in s.legal()


def test_TMB_END_2_day_twelve_forces_the_tyrant() -> None:
    """TMB-END-2: on day 12 the Tyrant is the only choice."""
    s = start_day(after_battle(boss="gloamshard"), 12)
    assert s.choices() == ["tyrant"]
    s.refused("battle")
    s.refused("encounter enc")
    s.play("tyrant")
    assert s.view()["table"]["final"] is True


def test_TMB_END_3_setup_first_then_the_flip_side() -> None:
    """TMB-END-3: Queen Murkfang enters the active area, her setup summons her Baddies (3 +
    power points), and only then does her flip side act (exhaust 1 + power dice)."""
    s = start_day(after_battle(boss="murkfang"), 8)
    top(s, "fives", "b5-02")
    top(s, "ones", "b1-08", "b1-21")
    s.play("tyrant").settle()
    assert s.active_codes() == ["murkfang", "b5-02", "b1-08", "b1-21"]
    assert s.view()["task"]["kind"] == "exhaust_dice"
    assert s.view()["task"]["amount"] == 1 + 4
    assert s.count(EXHAUSTED) == 0
    for _ in range(5):
        s.play("pick Y" if "pick Y" in s.legal() else "pick G")
    s.settle()
    assert s.count(EXHAUSTED) == 5
    assert s.state.phase == "commit"


def test_TMB_END_4_tyrant_grows_with_the_tyrant_encounters_left() -> None:
    """TMB-END-4: the Warden's numbers grow with the Tyrant encounters left in the original
    and scouted encounter stacks: 4 left at rank 1, 3 after one is beaten, still 3 when one of
    them has been scouted."""
    s = start_day(after_battle(), 7)
    top(s, "fives", "b5-02")
    top(s, "ones", "b1-08")
    s.play("tyrant").settle()
    warden = s.view()["active"][0]
    assert (warden["health"], warden["damage"], warden["power"]) == (9 + 2 * 4, 1 + 4, 4)
    assert s.active_codes()[1:] == ["b5-02", "b1-08"]  # summon 2 + 4 points

    s = win_night_raid()
    top(s, "enc", "te-05")
    s.set_deck(day=6).play("scout enc").settle()  # day 7 begins
    assert stack(s, "enc+")["known"] == ["te-05"]
    top(s, "fives", "b5-02")
    s.play("tyrant").settle()
    warden = s.view()["active"][0]
    assert (warden["health"], warden["damage"], warden["power"]) == (9 + 2 * 3, 1 + 3, 3)


def test_TMB_END_5_final_battle_keeps_the_day_and_the_survivors() -> None:
    """TMB-END-5: an Engagement of the final battle that leaves the Tyrant standing is
    followed by another on the same day, with no Activation; undefeated cards stay, their
    hits cleared, the dice on them exhausted."""
    s = final_battle("b1-08", "b1-21")
    assert s.active_codes() == ["warden", "b1-08", "b1-21"]
    assert s.state.active[0].health == 9
    s.play("commit B", "commit R", "roll").roll("h", "h").play("apply Bh 1", "apply Rh 2")
    ones_top = stack(s, "ones")["known"]
    s.play("resolve")
    finish(s)
    assert s.state.phase == "commit"
    assert s.view()["table"]["day"] == 7
    assert s.active_codes() == ["warden", "b1-21"]
    assert s.view()["active"][0]["taken"] == 0
    assert zone(s, "B1") == "exhausted"
    assert stack(s, "ones")["known"] == ones_top
    assert s.game.outcome(s.state) is None


def test_TMB_END_6_win_needs_the_tyrant_and_its_baddies() -> None:
    """TMB-END-6: the Tyrant defeated alone does not win; the game is won when her Baddies
    fall too, in the same Engagement or a later one."""
    s = final_battle("b1-08", "b1-21")
    for colour in "BBPPPPR":
        s.play(f"commit {colour}")
    s.play("roll").roll("h", "h", "c", "c", "c", "c", "c")
    s.play("apply Pc 1", "apply Pc 1", "apply Pc 1", "apply Pc 1", "apply Rc 1")
    assert s.view()["active"][0]["defeated"] is True
    assert s.game.outcome(s.state) is None
    s.play("apply Bh 2")
    assert s.game.outcome(s.state) is None
    s.play("apply Bh 3")
    outcome = s.game.outcome(s.state)
    assert outcome is not None and outcome.winners == (0,)

    s = final_battle("b1-08", "b1-21")
    for colour in "BPPPPR":
        s.play(f"commit {colour}")
    s.play("roll").roll("h", "c", "c", "c", "c", "c")
    s.play("apply Pc 1", "apply Pc 1", "apply Pc 1", "apply Pc 1", "apply Rc 1", "apply Bh 2")
    s.play("resolve")
    finish(s)
    assert s.active_codes() == ["b1-21"] and s.game.outcome(s.state) is None
    s.play("commit G", "roll").roll("h").play("apply Gh 1")
    outcome = s.game.outcome(s.state)
    assert outcome is not None and outcome.winners == (0,)


# -- universal heroes ----------------------------------------------------------------------


def test_TMB_UNIV_1_universal_hero_takes_the_universal_plan(tmp_path: Path) -> None:
    """TMB-UNIV-1: a universal hero from another deck plays with the universal Backup Plan
    card, on the side the player chose; a Gearloc keeps its own plan whatever the side."""
    sides = {1: ["yellow", "green", "blue", "purple"], 2: ["yellow", "yellow", "green", "green"]}
    for side, slots in sides.items():
        s = universal(tmp_path, side)
        table = s.view()["table"]
        assert table["hero"]["code"] == "sentinel" and table["hero"]["universal"] is True
        assert [slot["colour"] for slot in table["backup"]["slots"]] == slots
        assert (s.state.health, s.state.strategy, s.state.recovery) == (5, 3, 2)
    s = universal(tmp_path, 2)
    top(s, "ones", "b1-07")
    s.play("battle").settle()
    s.play("commit G", "roll").roll("m").play("apply Gm backup")
    assert backup_dice(s) == [None, None, "G1", None]
    s.play("backup G 2")  # side 2, option 2: 1 damage to a card
    assert s.view()["active"][0]["taken"] == 1
    duster = fresh(side=2).view()["table"]["backup"]["slots"]
    assert [slot["colour"] for slot in duster] == ["yellow", "yellow", "green", "blue"]


def test_TMB_UNIV_2_universal_hero_never_flips(tmp_path: Path) -> None:
    """TMB-UNIV-2: four dice in the universal plan allow no flip and no innate +1 bonus."""
    s = universal(tmp_path, 1)
    fill_backup(s, "Y1", "G1", "B1", "P1")
    assert "flip" not in s.legal()
    s.refused("flip")
    assert s.view()["table"]["hero"]["flipped"] is False
    assert (s.state.strategy, s.state.recovery) == (3, 2)
    assert s.view()["table"]["hero"]["innate_plus"] == s.view()["table"]["hero"]["innate"]


def test_TMB_STACK_1_a_type_emptied_earlier_is_rebuilt_when_its_discards_are_needed() -> None:
    """TMB-STACK-1: both 5-point stacks empty when their last card left, discards arriving
    afterwards still rebuild the stack before the next BQ needs a 5-point Baddie."""
    s = Scenario().settle()
    fives = [c for c, points in s.deck.points.items() if points == 5]

    def empty_fives(state: Any) -> None:
        stacks = list(state.stacks)
        stacks[2] = stacks[2]._replace(known=(), hidden=())
        stacks[3] = stacks[3]._replace(known=(), hidden=())
        state.stacks = tuple(stacks)
        state.discard = (*state.discard, *fives)
        state.deck = state.deck._replace(day=5)

    s.edit(empty_fives)
    assert stack(s, "fives")["count"] == 0
    s.play("battle").settle()
    assert s.state.deck.day == 5
    active = [s.deck.cards[a.card] for a in s.state.active]
    assert any(s.deck.points[s.card(card.code)] == 5 for card in active)
    assert stack(s, "fives")["count"] == len(fives) - 1


def test_TMB_BACKUP_10_an_extension_is_paid_before_its_effect() -> None:
    """TMB-BACKUP-10: using a Backup Plan Extension first exhausts its backup dice (here the
    player picks which), and only then does its effect happen."""
    from gamehall.games.twenty_strong.decks.too_many_bones.zones import BACKUP
    from gamehall.games.twenty_strong.state import Item

    s = fresh()
    top(s, "ones", "b1-21")
    s.play("battle").settle()

    def ready(state: Any) -> None:
        state.inventory = (Item(s.card("b1-12")),)  # the Spare Sprocket: cost 1, 1 damage
        state.move_die(0, BACKUP, 0, keep_face=True)  # a yellow miss in slot 1
        state.move_die(4, BACKUP, 2, keep_face=True)  # a green miss in slot 3
        state.set_face(0, 1)
        state.set_face(4, 1)

    s.edit(ready)
    s.play("use 1")
    assert s.view()["task"]["kind"] == "deck.pay"
    assert s.state.active[0].taken == 0, "no damage before the cost is paid"
    s.play("pick G")  # then the damage goes on the only active card by itself
    assert s.zone_of("G1") == "exhausted" and s.zone_of("Y1") == "backup"
    assert s.state.active[0].taken == 1
