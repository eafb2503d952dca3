"""gamehall: a hall of tabletop games with bots, exact replays and simulation."""

__version__ = "0.1.0"
