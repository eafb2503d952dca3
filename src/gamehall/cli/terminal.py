"""Playing a match in the terminal: people type, bots and chance play themselves."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table

from gamehall.cli.tables import render_view
from gamehall.core.errors import GamehallError, InvalidActionError
from gamehall.core.game import CHANCE, Action
from gamehall.core.i18n import Catalog, Text
from gamehall.core.match import Match
from gamehall.core.record import Record


class Quit(Exception):
    """The person asked to leave the game."""


class TerminalSession:
    """One person (or nobody, when every seat is a bot) at a match in the terminal."""

    def __init__(
        self,
        match: Match,
        console: Console,
        catalog: Catalog,
        ask: Callable[[str], str],
        record_path: Path | None = None,
        delay: float = 0.0,
    ) -> None:
        self.match = match
        self.console = console
        self.catalog = catalog
        self.ask = ask
        self.record_path = record_path
        self.delay = delay
        people = [i for i, agent in enumerate(match.agents) if agent is None]
        self.viewer: int | None = people[0] if people else None
        self.logged = 0

    def say(self, text: Text) -> None:
        """Print a message in the session's language."""
        self.console.print(self.catalog.render(text), highlight=False)

    def flush_log(self) -> None:
        """Print what happened since the last flush, as the viewer may see it."""
        for line in self.match.log(self.viewer, self.logged):
            self.say(line)
        self.logged = len(self.match.actions)

    def run(self) -> None:
        """Play until the game ends or the person quits; save the record either way."""
        try:
            while not self.match.is_over():
                mover = self.match.to_move()
                if mover == CHANCE:
                    self.match.step_chance()
                elif mover is not None and self.match.agents[mover] is not None:
                    self.match.step_bot()
                    self.flush_log()
                    if self.delay:
                        time.sleep(self.delay)
                else:
                    assert mover is not None
                    self.flush_log()
                    self.human_turn(mover)
                self.flush_log()
            self.finish()
        finally:
            self.save_record()

    def human_turn(self, seat: int) -> None:
        """Show the table and the options; apply what the person chooses."""
        match = self.match
        view = match.view(seat)
        self.console.print(render_view(match.game, view, self.catalog))
        legal = match.game.legal_actions(match.state)
        options = Table(
            title=self.catalog.render(Text("core.legal")),
            show_header=False,
            show_edge=False,
            title_justify="left",
        )
        for number, action in enumerate(legal, 1):
            label = self.catalog.render(match.game.label(view, action))
            options.add_row(f"[bold]{number}[/]", label, f"[dim]{action}[/]")
        self.console.print(options)
        self.say(Text("core.your_turn", {"seat": seat + 1}))
        while True:
            try:
                answer = self.ask("> ").strip()
            except EOFError:
                raise Quit from None
            try:
                action = self.read_choice(answer, legal, seat)
            except _Redraw:
                return
            if action is None:
                continue
            try:
                match.submit(seat, action)
                return
            except GamehallError as error:
                self.say(Text("core.illegal", {"reason": error.render(self.catalog.language)}))

    def read_choice(
        self, answer: str, legal: list[Action] | tuple[Action, ...] | object, seat: int
    ) -> Action | None:
        """The action the person typed, or None after handling a command or an error."""
        assert isinstance(legal, list | tuple)
        if answer in ("quit", "q", "exit"):
            raise Quit
        if answer in ("help", "h", "?", ""):
            example = str(legal[0]) if legal else "-"
            self.say(Text("core.help", {"example": example}))
            return None
        if answer == "undo":
            try:
                undone = self.match.undo(seat)
            except GamehallError as error:
                self.say(Text("core.illegal", {"reason": error.render(self.catalog.language)}))
                return None
            self.logged = len(self.match.actions)
            self.say(Text("core.undone", {"action": str(undone)}))
            raise _Redraw
        if answer.isdigit():
            number = int(answer)
            if 1 <= number <= len(legal):
                chosen: Action = legal[number - 1]
                return chosen
            reason = Text("core.choose_range", {"count": len(legal)})
            self.say(Text("core.unknown_input", {"reason": reason}))
            return None
        try:
            return self.match.game.parse_action(answer)
        except InvalidActionError as error:
            self.say(Text("core.unknown_input", {"reason": error.render(self.catalog.language)}))
            return None

    def finish(self) -> None:
        """Show the final table and the outcome."""
        outcome = self.match.outcome()
        assert outcome is not None
        self.console.print(render_view(self.match.game, self.match.view(self.viewer), self.catalog))
        winners = ", ".join(str(w + 1) for w in outcome.winners)
        reason = self.catalog.render(Text(f"core.reason.{outcome.reason}"))
        self.say(Text("core.game_over", {"reason": reason, "winners": winners}))

    def save_record(self) -> None:
        """Write the record file, if one was asked for."""
        if self.record_path is not None:
            Record.of(self.match).save(self.record_path)
            self.say(Text("core.record_saved", {"path": str(self.record_path)}))


class _Redraw(Exception):
    """Internal: the table changed under the prompt (after an undo)."""
