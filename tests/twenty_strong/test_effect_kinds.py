"""The effect kinds of 20 Strong (``effect_kinds``): each kind one object in one registry,
owning its schema, legality, application, words, view and workshop check.

The registry covers every kind the house cards, the schema and the rules use; each kind's
methods are played on a small scenario; and a kind defined here, registered for one test,
is validated, applied and described with no other file touched.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from pydantic import BaseModel, ValidationError

from gamehall.core.cards import read_card_data
from gamehall.core.game import Action
from gamehall.core.i18n import Text, catalog
from gamehall.games.twenty_strong.actions import DiscardItem, From, Pick, Target
from gamehall.games.twenty_strong.decks.too_many_bones.cards import HOUSE_FILE as TMB_FILE
from gamehall.games.twenty_strong.decks.victorum.cards import HOUSE_FILE as VIC_FILE
from gamehall.games.twenty_strong.dice import BLUE, GREEN, MISS, YELLOW, colour_of
from gamehall.games.twenty_strong.effect_kinds import (
    EFFECT_KINDS,
    KINDS,
    MODIFIER_KINDS,
    MODIFIERS,
    EffectKind,
    ModifierKind,
    printed_names,
    register,
    register_modifier,
    takes_dice,
    tasks_for,
    unregister,
    unregister_modifier,
)
from gamehall.games.twenty_strong.effect_kinds.base import DECLINE, DONE, PICK_COLOUR, TAKE
from gamehall.games.twenty_strong.effects import apply_choice, choices, possible
from gamehall.games.twenty_strong.effects_schema import Effect, Modifier
from gamehall.games.twenty_strong.features import TwentyStrongFeatures
from gamehall.games.twenty_strong.runtime import Fx, Mod
from gamehall.games.twenty_strong.state import (
    BANISHED,
    COMMITTED,
    EXHAUSTED,
    LOST,
    POOL,
    Item,
    State,
    Task,
)
from gamehall.games.twenty_strong.view import effect_json, effect_text
from gamehall.games.twenty_strong.words import task as task_words
from gamehall.games.twenty_strong.workshop import SPECS, deck_name, validate_deck_file
from tests.twenty_strong.scenario import Scenario

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong

HOUSE_FILES = (TMB_FILE, VIC_FILE)
QUEUED_BY_THE_RULES = {"activate", "extra", "instant", "discard_item"}
"""Task kinds the general rules queue themselves (activation, additional enemies, an instant
reward, discarding down to the item limit)."""


# -- helpers --------------------------------------------------------------------------------


def house_effects(path: Path) -> Iterator[Effect]:
    """Every effect written in a house card file."""
    data = read_card_data(path)
    name = deck_name(data["deck"]["id"])
    assert name is not None
    yield from _effects(SPECS[name].schema.model_validate(data))


def house_modifiers(path: Path) -> Iterator[Modifier]:
    """Every modifier written in a house card file."""
    data = read_card_data(path)
    name = deck_name(data["deck"]["id"])
    assert name is not None
    yield from _effects(SPECS[name].schema.model_validate(data), Modifier)


def _effects(value: object, part: type[BaseModel] = Effect) -> Iterator[Any]:
    if isinstance(value, part):
        yield value
    if isinstance(value, BaseModel):
        for field in type(value).model_fields:
            yield from _effects(getattr(value, field), part)
    elif isinstance(value, tuple):
        for item in value:
            yield from _effects(item, part)


def battle(*codes: str) -> Scenario:
    """A Too Many Bones battle against the 1-point Baddies ``codes``, at its first commit."""
    s = Scenario().settle()
    s.put_on_top("ones", *codes)
    s.set_deck(day=len(codes))
    return s.play("battle").settle()


def victorum() -> Scenario:
    """A Victorum game past its setup: half the dice wait in the Training Grounds."""
    s = Scenario(deck="victorum").settle()
    while s.state.tasks:
        s.play(s.legal()[0]).settle()
    return s


def copy(s: Scenario, **fields: Any) -> State:
    """A copy of the scenario's state with ``fields`` set (no step run)."""
    state = s.state.evolve()
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def zones(*pairs: tuple[int, int]) -> tuple[int, ...]:
    """The 17 dice zones: every die in the pool but those of (die, zone) ``pairs``."""
    found = [POOL] * 17
    for die, zone in pairs:
        found[die] = zone
    return tuple(found)


# -- the registry ---------------------------------------------------------------------------


def test_every_kind_of_the_house_cards_the_schema_and_the_rules_is_registered() -> None:
    used = {effect.kind for path in HOUSE_FILES for effect in house_effects(path)}
    assert used <= set(printed_names())
    assert set(EFFECT_KINDS) >= QUEUED_BY_THE_RULES
    assert list(EFFECT_KINDS.values()) == list(KINDS)
    assert all(name == kind.name for name, kind in EFFECT_KINDS.items())
    for name, kind in EFFECT_KINDS.items():
        fields: dict[str, object] = {"kind": name, "amount": 1}
        if kind.names_stat:
            fields["stat"] = "strategy"
        if kind.names_hook:
            fields["hook"] = "summon"
        if kind.printed:
            assert Effect.model_validate(fields).kind == name
        else:
            with pytest.raises(ValidationError, match="Input should be 'heal', "):
                Effect.model_validate(fields)


def test_the_kinds_keep_the_vocabulary_of_the_rules() -> None:
    """The flags say what the kind sets of the rules said: who may stop short, who takes
    from the player (GEN-R6), who ends with one choice, who changes the fight (VIC-R18)."""

    def flagged(flag: str) -> set[str]:
        return {name for name, kind in EFFECT_KINDS.items() if getattr(kind, flag)}

    assert flagged("optional") == {"recover_dice", "reroll", "strengthen_dice"}
    assert flagged("taking") == {
        "exhaust_dice",
        "banish_dice",
        "discard_item",
        "dismiss_dice",
        "weaken_dice",
    }
    assert flagged("single_choice") == {"damage_card", "instant"}
    assert flagged("asked_alone") == {"instant"}
    assert flagged("asks_discards") == {"discard_item"}
    assert flagged("changes_the_fight") == {
        "damage_card",
        "recruit_dice",
        "strengthen_dice",
        "weaken_dice",
        "hook",
    }
    assert flagged("needs_reserve") == {
        "recruit_dice",
        "dismiss_dice",
        "strengthen_dice",
        "weaken_dice",
    }
    assert flagged("positive") == {
        "heal",
        "exhaust_dice",
        "banish_dice",
        "recover_dice",
        "reroll",
        "recruit_dice",
        "dismiss_dice",
        "strengthen_dice",
        "weaken_dice",
    }


def test_the_observation_features_keep_their_task_order() -> None:
    chosen = [name for name, kind in EFFECT_KINDS.items() if kind.chooses]
    assert chosen == [
        "exhaust_dice",
        "banish_dice",
        "recover_dice",
        "reroll",
        "discard_item",
        "damage_card",
        "extra",
        "activate",
        "instant",
        "dismiss_dice",
        "strengthen_dice",
        "weaken_dice",
    ]
    for s, kinds in ((Scenario(), chosen[:9]), (victorum(), chosen)):  # TMB: no reserve dice
        names = TwentyStrongFeatures(s.game).names
        tasks = [n.removeprefix("task.") for n in names if n.startswith("task.")]
        assert tasks[: len(kinds)] == kinds


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_kind_has_its_words_in_the_catalogs(language: str) -> None:
    messages = catalog(language).messages
    for name, kind in EFFECT_KINDS.items():
        if kind.printed and not kind.names_hook:
            assert kind.text_key({"kind": name}) in messages, name
        if kind.chooses:
            assert kind.task_text().key in messages, name


# -- each kind on a small scenario ----------------------------------------------------------


def test_stat_kinds_heal_lose_health_and_stat() -> None:
    """GEN-STAT-4, GEN-STAT-5, GEN-WIN-2."""
    s = battle("b1-08")
    game, heal, lose, stat = (
        s.game,
        EFFECT_KINDS["heal"],
        EFFECT_KINDS["lose_health"],
        EFFECT_KINDS["stat"],
    )
    state = copy(s, health=5)
    assert heal.possible(game, state, Fx("heal", 1))
    assert not heal.possible(game, state, Fx("heal", 2))  # above 6: not usable
    heal.run(game, state, Task("heal", 1))
    assert state.health == 6
    assert lose.payable(state, Fx("lose_health", 5))
    assert not lose.payable(state, Fx("lose_health", 6))
    assert stat.payable(state, Fx("stat", -1, stat="strategy"))
    assert not stat.payable(state, Fx("stat", 9, stat="recovery"))
    stat.run(game, state, Task("stat", 1, stat="recovery"))
    assert state.recovery == s.state.recovery + 1
    lose.run(game, state, Task("lose_health", 6))
    assert state.result == LOST
    assert stat.problem(1, 0, None, False) == "only a 'stat' effect names a stat, and it must"
    assert heal.problem(0, 0, None, False) == "a 'heal' effect needs a non-zero amount"
    assert heal.problem(-1, 0, None, False) == "a 'heal' effect needs a positive amount"
    assert lose.problem(-1, 0, None, False) == ""


def test_pool_kinds_exhaust_banish_and_recover() -> None:
    s = battle("b1-08")
    game = s.game
    exhaust, banish, recover = (
        EFFECT_KINDS[k] for k in ("exhaust_dice", "banish_dice", "recover_dice")
    )
    state = copy(s, zones=zones((0, EXHAUSTED), (4, EXHAUSTED)))
    task = Task("exhaust_dice", 1)
    assert exhaust.choices(game, state, task)[0] == PICK_COLOUR[YELLOW]
    assert exhaust.payable(state, Fx("exhaust_dice", 15)) and not exhaust.payable(
        state, Fx("exhaust_dice", 16)
    )
    exhaust.apply(game, state, task, PICK_COLOUR[BLUE])
    assert state.zones[8] == EXHAUSTED
    assert recover.possible(game, state, Fx("recover_dice", 1))
    assert recover.choices(game, state, task) == [
        PICK_COLOUR[YELLOW],
        PICK_COLOUR[GREEN],
        PICK_COLOUR[BLUE],
    ]
    recover.apply(game, state, task, PICK_COLOUR[GREEN])
    assert state.zones[4] == POOL
    empty = copy(s, zones=(EXHAUSTED,) * 16 + (BANISHED,))
    assert banish.choices(game, empty, task)[0] == PICK_COLOUR[YELLOW]  # the pool is empty
    banish.apply(game, empty, task, PICK_COLOUR[YELLOW])
    assert empty.zones[0] == BANISHED
    assert not recover.possible(game, copy(s, zones=zones()), Fx("recover_dice", 1))


def test_the_kinds_that_take_dice_are_exhaust_banish_and_dismiss() -> None:
    """The decks' deadlock and invariant checks count an Engagement Special's dice taken
    (TMB-R17, VIC-R18) through the flag, not through lists of their own."""
    assert [k.name for k in KINDS if takes_dice(k.name)] == [
        "exhaust_dice",
        "banish_dice",
        "dismiss_dice",
    ]
    assert not takes_dice("recover_dice") and not takes_dice("reroll")


def test_reroll_picks_a_rolled_face_and_is_idle_before_any_roll() -> None:
    """GEN-STRAT-3: a re-rolled die is rolled again (a chance outcome)."""
    s = battle("b1-08")
    reroll, game = EFFECT_KINDS["reroll"], s.game
    assert not reroll.possible(game, s.state, Fx("reroll", 1))
    faces = [0] * 17
    faces[8] = MISS
    state = copy(s, zones=zones((8, COMMITTED)), faces=tuple(faces))
    assert reroll.possible(game, state, Fx("reroll", 1))
    options = choices(game, state, Task("reroll", 1, optional=True))
    assert options == [Pick(BLUE, MISS), DONE]
    reroll.apply(game, state, Task("reroll", 1), options[0])
    assert state.faces[8] == 0 and state.to_roll == (8,)
    assert reroll.idle_in("setup") == "no die is rolled then"
    assert reroll.idle_in("after") == ""


def test_damage_card_targets_an_undefeated_card_once() -> None:
    """GEN-DICE-5, GEN-APPLY-4: direct damage, all of it on one card."""
    s = battle("b1-01", "b1-08")
    damage, game = EFFECT_KINDS["damage_card"], s.game
    state = s.state.evolve()
    task = Task("damage_card", 1)
    assert damage.possible(game, state, Fx("damage_card", 1))
    assert damage.choices(game, state, task) == [Target(0), Target(1)]
    state.tasks = (task,)
    apply_choice(game, state, task, Target(1))
    assert state.active[1].defeated and state.active[1].hits == 0
    assert damage.idle_in("cost") == "no enemy is active then"


def test_discard_item_offers_the_items_that_may_go() -> None:
    s = battle("b1-08")
    discard, game = EFFECT_KINDS["discard_item"], s.game
    items = (Item(s.card("b1-04")), Item(s.card("b1-05"), locked=True))
    state = copy(s, inventory=items)
    task = Task("discard_item", 1)
    assert discard.choices(game, state, task) == [DiscardItem(0)]  # TMB-LOCK-4
    assert discard.payable(state, Fx("discard_item", 1))
    assert not discard.payable(state, Fx("discard_item", 2))
    discard.apply(game, state, task, DiscardItem(0))
    assert [i.card for i in state.inventory] == [s.card("b1-05")]


def test_activation_kinds_take_a_card_from_a_stack() -> None:
    """GEN-ACT-1, GEN-ACT-3: the additional enemy of b1-03 comes from the deck's stacks."""
    s = Scenario().settle()
    s.put_on_top("ones", "b1-03", "b1-08")
    s.set_deck(day=1)
    s.play("battle").settle()
    assert s.state.tasks[0].kind == "extra"
    assert s.choices() == ["from ones", "from fives"]
    s.play("from ones").settle()
    assert s.active_codes() == ["b1-03", "b1-08"]
    activate = EFFECT_KINDS["activate"]
    options = activate.choices(s.game, s.state, Task("activate", 1))
    assert all(isinstance(o, From) for o in options) and options
    state = s.state.evolve()
    activate.apply(s.game, state, Task("activate", 1), options[0])
    assert len(state.active) == 3


def test_instant_reward_is_taken_or_declined() -> None:
    """GEN-APPLY-8: b1-01's instant reward (recover a die) is optional."""
    s = battle("b1-01")
    instant, game = EFFECT_KINDS["instant"], s.game
    task = Task("instant", 0, s.card("b1-01"))
    assert instant.choices(game, s.state, task) == [TAKE, DECLINE]
    assert not instant.takes_alone(game, s.state)
    state = s.state.evolve()
    state.tasks = (task,)
    apply_choice(game, state, task, TAKE)
    assert [t.kind for t in state.tasks] == ["recover_dice"] and state.tasks[0].optional
    state.tasks = (task,)
    apply_choice(game, state, task, DECLINE)
    assert not state.tasks


def test_reserve_kinds_recruit_dismiss_strengthen_and_weaken() -> None:
    """VIC-DICE-1, VIC-DICE-2, VIC-DICE-4, VIC-DICE-5."""
    s = victorum()
    game, reserve = s.game, s.deck.reserve_zone
    recruit, dismiss, strengthen, weaken = (
        EFFECT_KINDS[k] for k in ("recruit_dice", "dismiss_dice", "strengthen_dice", "weaken_dice")
    )
    state = s.state.evolve()
    assert recruit.possible(game, state, Fx("recruit_dice", 1))
    first = state.zones.index(reserve)
    recruit.run(game, state, Task("recruit_dice", 1))
    assert state.zones[first] == POOL  # the weakest die of the reserve
    assert dismiss.payable(state, Fx("dismiss_dice", state.zones.count(POOL)))
    picks = dismiss.choices(game, state, Task("dismiss_dice", 1))
    assert picks and all(isinstance(p, Pick) for p in picks)
    before = state.zones.count(reserve)
    dismiss.apply(game, state, Task("dismiss_dice", 1), picks[0])
    assert state.zones.count(reserve) == before + 1
    assert strengthen.possible(game, s.state, Fx("strengthen_dice", 1))
    up = strengthen.choices(game, s.state, Task("strengthen_dice", 1))[0]
    assert isinstance(up, Pick)
    stronger = s.state.evolve()
    strengthen.apply(game, stronger, Task("strengthen_dice", 1), up)
    assert stronger.zones.count(POOL) == s.state.zones.count(POOL)
    strength = sum(colour_of(d) for d in stronger.dice_in(POOL))
    assert strength > sum(colour_of(d) for d in s.state.dice_in(POOL))  # one die is stronger
    assert weaken.taking and not strengthen.taking
    tmb = battle("b1-08")
    assert not recruit.possible(tmb.game, tmb.state, Fx("recruit_dice", 1))
    assert not dismiss.possible(tmb.game, tmb.state, Fx("dismiss_dice", 1))


def test_hook_runs_the_decks_hook_and_names_one_it_knows() -> None:
    """TMB-BACKUP-6: a ``bq_shift`` hook moves the day's Baddie points."""
    s = Scenario().settle()
    hook = EFFECT_KINDS["hook"]
    state = s.state.evolve()
    hook.run(s.game, state, Task("hook", 2, hook="bq_shift"))
    assert state.deck.bq_shift == s.state.deck.bq_shift + 2
    assert hook.text_key({"kind": "hook", "hook": "summon"}) == "20s.effect.hook.summon"
    known = frozenset({"summon"})
    assert hook.reference_problem("summon", known, "Too Many Bones") == ""
    assert hook.reference_problem("nap", known, "Too Many Bones") == (
        "unknown hook 'nap' (hooks of Too Many Bones: summon)"
    )
    assert hook.problem(0, 0, None, True) == ""
    assert hook.problem(1, 0, None, False) == "only a 'hook' effect names a hook, and it must"


def test_a_kind_shows_and_says_its_effects() -> None:
    fx = Fx("exhaust_dice", 2, when="engagement")
    assert effect_json(fx) == EFFECT_KINDS["exhaust_dice"].view(fx)
    assert effect_json(fx) == {"kind": "exhaust_dice", "amount": 2, "when": "engagement"}
    said = effect_text(effect_json(Fx("hook", 1, hook="bq_shift")))
    assert said == Text("20s.effect.hook.bq_shift", {"amount": 1})
    assert task_words("reroll") == Text("20s.task.reroll")
    assert task_words("deck.bq") == Text("20s.task.deck.bq")  # a deck's own task


# -- a new kind, registered for one test ------------------------------------------------------


class Sacrifice(EffectKind):
    """A kind of this test only: banish dice from the pool, one at a time, healing 1 per
    die; usable only while the pool has a die; idle in a boss's setup."""

    def __init__(self) -> None:
        super().__init__("sacrifice", positive=True, taking=True, chooses=True, takes_dice=True)

    def possible(self, game: TwentyStrong, state: State, effect: Fx) -> bool:
        return POOL in state.zones

    def choices(self, game: TwentyStrong, state: State, task: Task) -> list[Action]:
        return [PICK_COLOUR[c] for c in state.colours_in(POOL)]

    def apply(self, game: TwentyStrong, s: State, task: Task, action: Action) -> None:
        assert isinstance(action, Pick)
        s.move_die(s.first_die(POOL, action.colour), BANISHED)
        s.health += 1

    def idle_in(self, slot: str) -> str:
        return "it needs a die in the pool" if slot == "setup" else ""


@pytest.fixture
def sacrifice() -> Iterator[EffectKind]:
    """The Sacrifice kind, registered for the test."""
    kind = register(Sacrifice())
    try:
        yield kind
    finally:
        unregister("sacrifice")


def test_a_new_kind_is_validated_applied_and_described(
    sacrifice: EffectKind, tmp_path: Path
) -> None:
    # validated: the schema takes it, with its own field rules, and the workshop asks it
    assert Effect.model_validate({"kind": "sacrifice", "amount": 1}).kind == "sacrifice"
    with pytest.raises(ValidationError, match="a 'sacrifice' effect needs a positive amount"):
        Effect.model_validate({"kind": "sacrifice", "amount": -1})
    text = TMB_FILE.read_text(encoding="utf-8")
    setup = 'setup = [{ kind = "hook", hook = "summon", amount = 2 }]'
    assert setup in text
    path = tmp_path / "deck.toml"
    path.write_text(
        text.replace(setup, setup.replace("2 }", '2 }, { kind = "sacrifice", amount = 1 }'), 1)
    )
    found = [p.message for p in validate_deck_file(path) if p.severity == "error"]
    assert found == ["'sacrifice' effects do nothing in a boss's setup: it needs a die in the pool"]
    # applied: an item's effect becomes its task, waits for its picks, then does its work
    s = battle("b1-08")
    effect = Fx("sacrifice", 2)
    assert possible(s.game, s.state, effect)
    s.set(health=3)
    s.edit(lambda st: st.push_tasks(tasks_for([effect], -1), first=True))
    assert s.choices() == ["pick Y", "pick G", "pick B", "pick P", "pick R"]
    s.play("pick R").settle()
    assert s.state.tasks[0] == Task("sacrifice", 1, -1)
    s.play("pick Y").settle()
    assert not s.state.tasks and s.state.health == 5 and s.count(BANISHED) == 2
    # described: its words and its view, from its kind (the texts belong in the catalogs)
    assert effect_text(effect_json(effect)) == Text("20s.effect.sacrifice", {"amount": 2})
    assert task_words("sacrifice") == Text("20s.task.sacrifice")
    assert effect_json(effect) == {"kind": "sacrifice", "amount": 2}
    # counted: the decks' checks see that it takes dice, from its own flag
    assert takes_dice("sacrifice")


def test_an_unregistered_kind_is_refused_by_the_schema() -> None:
    assert "sacrifice" not in EFFECT_KINDS
    with pytest.raises(ValidationError, match="Input should be 'heal', 'lose_health'"):
        Effect.model_validate({"kind": "sacrifice", "amount": 1})


# -- modifier kinds ---------------------------------------------------------------------------

TMB_HERO = """innate = { modifiers = [{ kind = "rest_bonus", amount = 1 }], per = "engagement" }"""


def test_every_modifier_kind_of_the_house_cards_and_the_schema_is_registered() -> None:
    used = {m.kind for path in HOUSE_FILES for m in house_modifiers(path)}
    assert used <= set(MODIFIER_KINDS)
    assert list(MODIFIER_KINDS) == [
        "immune",
        "no_crit",
        "guard",
        "commit_limit",
        "no_items",
        "stat",
        "ward",
        "crit_bonus",
        "rest_bonus",
    ]
    assert list(MODIFIER_KINDS.values()) == list(MODIFIERS)
    assert all(name == kind.name for name, kind in MODIFIER_KINDS.items())
    with pytest.raises(ValidationError, match="Input should be 'immune', 'no_crit', "):
        Modifier.model_validate({"kind": "heal", "amount": 1})


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_modifier_kind_has_its_words_in_the_catalogs(language: str) -> None:
    messages = catalog(language).messages
    for name, kind in MODIFIER_KINDS.items():
        assert kind.text_key({"kind": name}) in messages, name


def test_modifier_kinds_check_their_fields() -> None:
    assert {n for n, k in MODIFIER_KINDS.items() if k.rule == 1} == {
        "immune",
        "no_crit",
        "guard",
        "no_items",
    }
    assert Modifier.model_validate({"kind": "immune", "colours": ["red"]}).colours == ("red",)
    with pytest.raises(ValidationError, match="a 'guard' effect takes no amount"):
        Modifier.model_validate({"kind": "guard", "amount": 1})
    with pytest.raises(ValidationError, match="a 'ward' effect needs a non-zero amount"):
        Modifier.model_validate({"kind": "ward"})
    with pytest.raises(ValidationError, match="only a 'stat' effect names a stat"):
        Modifier.model_validate({"kind": "stat", "amount": 1})
    with pytest.raises(ValidationError, match="only an immune modifier lists colours"):
        Modifier.model_validate({"kind": "immune"})
    assert MODIFIER_KINDS["crit_bonus"].problem(0, None, False) == (
        "a 'crit_bonus' effect needs a non-zero amount"
    )
    assert MODIFIER_KINDS["no_items"].problem(0, None, False) == ""


def test_modifier_kinds_show_and_say_their_modifiers() -> None:
    mod = Mod("immune", colours=frozenset({BLUE, YELLOW}))
    assert effect_json(mod) == MODIFIER_KINDS["immune"].view(mod)
    assert effect_json(mod) == {"kind": "immune", "colours": ["yellow", "blue"]}
    said = effect_text(effect_json(mod))
    assert said.key == "20s.effect.immune"
    assert catalog("en").render(said) == "immune to yellow/blue hits"
    stat = effect_json(Mod("stat", 1, "strategy"))
    assert stat == {"kind": "stat", "amount": 1, "stat": "strategy"}
    assert effect_text(stat) == Text(
        "20s.effect.stat", {"amount": 1, "stat": Text("20s.stat.strategy")}
    )


def test_modifier_kinds_say_where_the_workshop_reads_them() -> None:
    places = {n: k.read_in for n, k in MODIFIER_KINDS.items() if k.read_in is not None}
    assert places == {
        "immune": frozenset({"during", "encounter"}),
        "no_crit": frozenset({"during", "encounter"}),
        "guard": frozenset({"during"}),
        "rest_bonus": frozenset({"hero", "item"}),
    }
    health = Modifier.model_validate({"kind": "stat", "amount": 1, "stat": "health"})
    spec = SPECS["too-many-bones"]
    assert MODIFIER_KINDS["stat"].unread(health, spec) == [
        ("stat", "a lasting stat modifier on Health is never read: only Strategy and Recovery")
    ]
    rest = Modifier.model_validate({"kind": "rest_bonus", "amount": 1})
    assert MODIFIER_KINDS["rest_bonus"].unread(rest, spec) == []
    assert MODIFIER_KINDS["rest_bonus"].unread(rest, SPECS["victorum"]) == [
        ("kind", "'rest_bonus' modifiers are never read in Victorum: the hero never rests")
    ]


class Haste(ModifierKind):
    """A modifier kind of this test only: ``amount`` more dice rolled (nothing in play reads
    it); it names no stat and is read only from hero abilities."""

    def __init__(self) -> None:
        super().__init__("haste", read_in=frozenset({"hero"}))


@pytest.fixture
def haste() -> Iterator[ModifierKind]:
    """The Haste modifier kind, registered for the test."""
    kind = register_modifier(Haste())
    try:
        yield kind
    finally:
        unregister_modifier("haste")


def test_a_new_modifier_kind_is_validated_and_described(
    haste: ModifierKind, tmp_path: Path
) -> None:
    # validated: the schema takes it, with its own field rules, and the workshop asks it
    assert Modifier.model_validate({"kind": "haste", "amount": 1}).kind == "haste"
    with pytest.raises(ValidationError, match="a 'haste' effect needs a non-zero amount"):
        Modifier.model_validate({"kind": "haste"})
    text = TMB_FILE.read_text(encoding="utf-8")
    assert TMB_HERO in text
    path = tmp_path / "deck.toml"
    path.write_text(text.replace(TMB_HERO, TMB_HERO.replace("rest_bonus", "haste"), 1))
    assert [p.message for p in validate_deck_file(path) if p.severity == "error"] == []
    item = """item = { kind = "ongoing", modifiers = [{ kind = "rest_bonus", amount = 1 }] }"""
    assert item in text
    path.write_text(text.replace(item, item.replace("rest_bonus", "haste"), 1))
    found = [p.message for p in validate_deck_file(path) if p.severity == "error"]
    assert found == ["'haste' modifiers are never read from an item: only from a hero ability"]
    # described: its view and words, from its kind (the texts belong in the catalogs)
    mod = Mod("haste", 2)
    assert effect_json(mod) == {"kind": "haste", "amount": 2}
    assert effect_text(effect_json(mod)) == Text("20s.effect.haste", {"amount": 2})


def test_an_unregistered_modifier_kind_is_refused_by_the_schema() -> None:
    assert "haste" not in MODIFIER_KINDS
    with pytest.raises(ValidationError, match="Input should be 'immune', 'no_crit'"):
        Modifier.model_validate({"kind": "haste", "amount": 1})
