"""Terminal table renderers, one per game: a seat's view drawn with Rich."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rich.console import RenderableType

from gamehall.core.game import JSON, Game
from gamehall.core.i18n import Catalog
from gamehall.core.plugin import FacetMap

Renderer = Callable[[Game[object], JSON, Catalog], RenderableType]

RENDERERS: Mapping[str, Renderer] = FacetMap("terminal_table")
"""Each game's terminal table (its plug-in's ``terminal_table``), by game name."""


def render_view(game: Game[object], view: JSON, catalog: Catalog) -> RenderableType:
    """The table drawn for the game's view (raw JSON for a game with no renderer)."""
    from rich.pretty import Pretty

    renderer = RENDERERS.get(game.name)
    return renderer(game, view, catalog) if renderer else Pretty(view)
