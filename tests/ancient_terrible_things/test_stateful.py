"""Hypothesis plays Ancient Terrible Things as a state machine (tests/stateful.py), choosing the
configuration, the actions, the chance outcomes and the illegal attempts; every fuzzer check
and the game's invariants run after each step (issue 10)."""

from tests.stateful import machine_case

TestAncientTerribleThingsMachine = machine_case("ancient-terrible-things")
