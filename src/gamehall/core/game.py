"""The one contract every game implements: the kernel of its rules with every facet.

:class:`Game` is the composite the hall plays: :class:`~gamehall.core.kernel.Rules` (the rules
contract, options included) with the defaults of each facet, so a game subclasses ``Game``
alone and overrides what it has. A class written against the kernel alone becomes a game
with :func:`as_game`. The kernel's names are re-exported here (``from gamehall.core.game
import CHANCE, Action, Game``), with those of the facets' types (``LengthBound``,
``RandomSource``).
"""

from __future__ import annotations

import types
from typing import Any

from gamehall.core.kernel import (
    CARD_FILE_OPTION,
    CHANCE,
    EVERYTHING,
    JSON,
    Action,
    ChanceWeights,
    OptionSpec,
    Rules,
    S,
)
from gamehall.core.learning import Learning
from gamehall.core.odds import Odds
from gamehall.core.oracle import LengthBound, Oracle
from gamehall.core.presentation import Presentation
from gamehall.core.secrecy import RandomSource, Secrets

__all__ = [
    "CARD_FILE_OPTION",
    "CHANCE",
    "EVERYTHING",
    "FACETS",
    "JSON",
    "Action",
    "ChanceWeights",
    "Game",
    "LengthBound",
    "OptionSpec",
    "RandomSource",
    "Rules",
    "as_game",
]


class Game(Presentation[S], Odds[S], Learning[S], Oracle[S], Secrets[S]):
    """The rules of one game, configured for a number of players and a set of options, with
    every facet the hall asks of a game (each a module of ``gamehall.core``, with defaults):

    * the kernel, :class:`~gamehall.core.kernel.Rules` (``kernel``): options,
      ``initial_state``, ``to_move``, ``legal_actions``, ``chance_weights``,
      ``apply_legal`` (and ``apply``, ``is_legal``), ``illegal_reason`` (``refusal``,
      ``impossible_outcome``), ``view``, ``outcome``, ``parse_action`` (``read_action``) and
      ``resign``; abstract but for options and resigning;
    * presentation, :class:`~gamehall.core.presentation.Presentation` (``presentation``):
      ``describe``, ``narrate``, ``describe_resign``, ``phase_help``, ``chapter``,
      ``seat_names``, ``seat_name``, ``label``, ``action_kind``, ``rematch``;
    * odds, :class:`~gamehall.core.odds.Odds` (``odds``): ``odds`` and ``table_view``;
    * learning, :class:`~gamehall.core.learning.Learning` (``learning``): ``action_forms``
      and ``features``;
    * the test oracle, :class:`~gamehall.core.oracle.Oracle` (``oracle``): ``invariants``,
      ``length_bound``, ``length``, ``overlong``;
    * secrets, :class:`~gamehall.core.secrecy.Secrets` (``secrecy``): ``resample`` and
      ``reveals``.
    """


FACETS: tuple[type[Rules[Any]], ...] = (Presentation, Odds, Learning, Oracle, Secrets)
"""The facets :class:`Game` composes with the kernel, in its order."""

_COMPOSED: dict[type[Rules[Any]], type[Game[Any]]] = {}


def as_game(rules: type[Rules[S]]) -> type[Game[S]]:
    """The game of a class written against the kernel alone: its rules, with every facet's
    default where it defines none (one class per ``rules``, named and placed as it is, so its
    package's ``keys`` module still names its kinds). A ``Game`` is returned as it is."""
    if issubclass(rules, Game):
        return rules
    composed = _COMPOSED.get(rules)
    if composed is None:
        fields = {"__module__": rules.__module__, "__qualname__": rules.__qualname__}
        made = types.new_class(rules.__name__, (rules, Game), exec_body=lambda n: n.update(fields))
        made.__doc__ = rules.__doc__
        composed = _COMPOSED.setdefault(rules, made)
    return composed
