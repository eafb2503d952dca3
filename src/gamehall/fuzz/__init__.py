"""Fuzzing the engine: random legal and illegal actions across every game, deck and option set,
with the games' invariants checked after every action (``gamehall fuzz``, docs/reliability.md).
"""
