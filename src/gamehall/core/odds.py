"""The odds facet: exact odds beside the decision a person faces at a table.

Kept out of ``view`` so that bots and search, which read views by the million, never pay for
them: only ``table_view`` (a person's table: the terminal, the web hall, the match runner)
asks for them.
"""

from __future__ import annotations

from gamehall.core.kernel import JSON, Rules, S


class Odds(Rules[S]):
    """The rules with the odds a person's table shows (none by default)."""

    def odds(self, state: S, seat: int | None) -> JSON:
        """Exact odds beside the decision ``seat`` faces, from what it sees (``{}``: none)."""
        return {}

    def table_view(self, state: S, seat: int | None) -> JSON:
        """What a person's table shows: ``view`` with ``odds`` when there are any."""
        view = self.view(state, seat)
        odds = self.odds(state, seat)
        if odds:
            view["odds"] = odds
        return view
