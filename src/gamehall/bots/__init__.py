"""Bots: agents that choose an action from a seat's view and legal actions only."""

from gamehall.bots.registry import BOT_KINDS, make_bot

__all__ = ["BOT_KINDS", "make_bot"]
