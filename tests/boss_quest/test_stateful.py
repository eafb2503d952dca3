"""Hypothesis plays Boss Quest as a state machine (tests/stateful.py), choosing the
configuration, the actions, the chance outcomes and the illegal attempts; every fuzzer check
and the game's invariants run after each step (issue 10)."""

from tests.stateful import machine_case

TestBossQuestMachine = machine_case("boss-quest")
