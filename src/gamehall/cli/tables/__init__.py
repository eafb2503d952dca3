"""Terminal table renderers, one per game: a seat's view drawn with Rich."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import RenderableType

from gamehall.cli.tables.ancient_terrible_things import render_ancient_terrible_things
from gamehall.cli.tables.boss_quest import render_boss_quest
from gamehall.cli.tables.twenty_strong import render_twenty_strong
from gamehall.core.game import JSON, Game
from gamehall.core.i18n import Catalog

Renderer = Callable[[Game[object], JSON, Catalog], RenderableType]

RENDERERS: dict[str, Renderer] = {
    "boss-quest": render_boss_quest,
    "20-strong": render_twenty_strong,
    "ancient-terrible-things": render_ancient_terrible_things,
}


def render_view(game: Game[object], view: JSON, catalog: Catalog) -> RenderableType:
    """The table drawn for the game's view (raw JSON for a game with no renderer)."""
    from rich.pretty import Pretty

    renderer = RENDERERS.get(game.name)
    return renderer(game, view, catalog) if renderer else Pretty(view)
