"""Playing a match in the terminal: people type, bots and chance play themselves.

In companion mode (``physical``) the dice and cards are real: people type each outcome, and
``back`` takes back the entries made since the last decision (docs/companion.md).

``resign`` gives the game up, at any prompt, once the person confirms (y/n): a solo game is
lost; with others the seat leaves and they play on (core.resign). The record keeps it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from gamehall.bots.registry import bot_strength
from gamehall.cli.rules import show_rules
from gamehall.cli.tables import render_view
from gamehall.core.companion import ChanceEntry
from gamehall.core.errors import GamehallError, InvalidActionError
from gamehall.core.game import CHANCE, Action
from gamehall.core.i18n import Catalog, Text
from gamehall.core.keys import action_keys
from gamehall.core.match import Match, Sampler
from gamehall.core.record import Record
from gamehall.core.resign import Resign

Command = Callable[[int | None], None]
"""A word typed at a prompt: called with the seat to move (None at a chance entry); it may
raise ``Quit``, or ``_Redraw`` when the table changed under the prompt."""

LONG_LIST = 12
"""Chance outcomes beyond this many are shown in columns rather than one a line."""
YES = frozenset({"y", "yes", "o", "oui"})
"""The answers that confirm a question asked y/n (o/n in French)."""


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
        physical: bool = False,
    ) -> None:
        self.match = match
        self.console = console
        self.catalog = catalog.with_names(match.names())
        self.ask = ask
        self.record_path = record_path
        self.delay = delay
        people = [i for i, agent in enumerate(match.agents) if agent is None]
        self.viewer: int | None = people[0] if people else None
        self.logged = 0
        self.chapter: Text | None = None
        """The round or turn whose heading was printed last."""
        self.physical = physical
        self.explained = False
        self.commands: dict[str, Command] = {}
        """Extra words a prompt understands, besides actions, help, undo and quit."""
        self.commands["hint"] = self.hint
        self.commands["resign"] = self.resign
        self.commands["rules"] = self.rules
        if physical:
            self.commands["back"] = self.back

    def say(self, text: Text) -> None:
        """Print a message in the session's language."""
        self.console.print(self.catalog.render(text), highlight=False)

    def flush_log(self) -> None:
        """Print what happened since the last flush, as the viewer may see it, under a
        heading each time a new round or turn begins."""
        for step in range(self.logged, len(self.match.actions)):
            self.print_step(step, self.match.log(self.viewer, step, step + 1))
        self.logged = len(self.match.actions)

    def print_step(self, step: int, lines: list[Text]) -> None:
        """Print the log ``lines`` of ``step``, under its round's heading if it is new."""
        chapter = self.match.chapter_of(step)
        if lines and chapter is not None and chapter != self.chapter:
            self.chapter = chapter
            self.console.rule(self.catalog.render(chapter), align="left", style="dim")
        for line in lines:
            self.say(line)

    def run(self) -> None:
        """Play until the game ends or the person quits; save the record either way."""
        if self.physical:
            self.say(Text("companion.started"))
        try:
            while not self.match.is_over():
                mover = self.match.to_move()
                if mover == CHANCE and self.physical:
                    self.flush_log()
                    self.chance_turn()
                elif mover == CHANCE:
                    self.match.step_chance()
                elif mover is not None and self.match.agents[mover] is not None:
                    self.match.step_bot()
                    if self.physical:
                        self.announce_bot(mover)
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
        view = match.table_view(seat)
        self.console.print(render_view(match.game, view, self.catalog))
        legal = match.game.legal_actions(match.state)
        options = Table(
            title=self.catalog.render(Text("core.legal")),
            show_header=False,
            show_edge=False,
            title_justify="left",
        )
        keys = action_keys(match.game, view, legal)
        for number, (action, key) in enumerate(zip(legal, keys, strict=True), 1):
            label = self.catalog.render(match.game.label(view, action))
            options.add_row(f"[bold]{number}[/]", f"[bold]{key}[/]", label)
        self.console.print(options)
        keyed = {key: action for key, action in zip(keys, legal, strict=True) if key}
        helper = match.game.phase_help(view, seat)
        if helper is not None:
            self.console.print(self.catalog.render(helper), style="italic", highlight=False)
        prompt = "companion.your_turn" if self.physical else "core.your_turn"
        self.say(Text(prompt, {"seat": seat + 1}))
        while True:
            try:
                answer = self.ask("> ").strip()
            except EOFError:
                raise Quit from None
            try:
                action = self.read_choice(answer, legal, seat, keyed)
            except _Redraw:
                return
            if action is None:
                continue
            try:
                match.submit(seat, action)
                return
            except GamehallError as error:
                self.say(Text("core.illegal", {"reason": error.render(self.catalog)}))

    def read_choice(
        self,
        answer: str,
        legal: list[Action] | tuple[Action, ...] | object,
        seat: int,
        keyed: dict[str, Action],
    ) -> Action | None:
        """The action the person typed (its number, its key in ``keyed`` or its notation), or
        None after handling a command or an error."""
        assert isinstance(legal, list | tuple)
        if answer in ("quit", "q", "exit"):
            raise Quit
        if answer in ("help", "h", "?", ""):
            self.say(Text("core.help"))
            self.say(Text("keys.cli.help"))
            self.say(Text("cli.help.resign"))
            self.say(Text("cli.help.rules"))
            return None
        command = self.commands.get(answer)
        if command is not None:
            command(seat)
            return None
        if answer == "undo":
            try:
                undone = self.match.undo(seat)
            except GamehallError as error:
                self.say(Text("core.illegal", {"reason": error.render(self.catalog)}))
                return None
            self.logged = len(self.match.actions)
            taken_back = self.match.game.label(self.match.table_view(seat), undone)
            self.say(Text("core.undone", {"action": taken_back}))
            raise _Redraw
        if answer.lower() in keyed:
            return keyed[answer.lower()]
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
            self.say(Text("core.unknown_input", {"reason": error.render(self.catalog)}))
            return None

    def hint(self, seat: int | None) -> None:
        """The advisor's ranking of the legal actions of ``seat``, within a second."""
        from gamehall.cli.advice import hint_table
        from gamehall.core.chance import make_rng
        from gamehall.search.advisor import advise

        match = self.match
        if seat is None:
            self.say(Text("search.hint.chance"))
            return
        legal = match.game.legal_actions(match.state)
        rng = make_rng(match.seed, f"hint/{len(match.actions)}")
        sampler = Sampler(match.game, match.state, seat)
        advice = advise(match.game, sampler, match.view(seat), legal, rng)
        self.console.print(hint_table(advice, match.game.players, self.catalog))

    def rules(self, seat: int | None) -> None:
        """Show the game's "How to play" page (its deck's, for a 20 Strong table)."""
        game = self.match.game
        show_rules(self.console, type(game), self.catalog.language, game.options.get("deck"))

    def resign(self, seat: int | None) -> None:
        """Give up the game for ``seat`` (None, at a chance entry: the only person's seat)
        once the person confirms, the prompt saying what follows; a refusal is one line."""
        match = self.match
        if seat is None:
            gone = {a.seat for a in match.actions if type(a) is Resign}
            people = [s for s in match.people() if s not in gone]
            if len(people) != 1:
                self.say(Text("core.illegal", {"reason": Text("cli.resign.whose")}))
                return
            seat = people[0]
        question = Text("cli.resign.confirm", {"consequence": self.resign_consequence(seat)})
        try:
            answer = self.ask(escape(self.catalog.render(question)) + " ").strip().casefold()
        except EOFError:
            raise Quit from None
        if answer not in YES:
            self.say(Text("cli.resign.kept"))
            return
        try:
            match.resign(seat)
        except GamehallError as error:
            self.say(Text("core.illegal", {"reason": error.render(self.catalog)}))
            return
        raise _Redraw

    def resign_consequence(self, seat: int) -> Text:
        """What resigning does for ``seat`` now: a solo game is lost; with others, the seat
        leaves and they play on, or the only one left wins."""
        match = self.match
        if match.game.players == 1:
            return Text("cli.resign.solo")
        gone = {a.seat for a in match.actions if type(a) is Resign}
        others = [s for s in range(match.game.players) if s != seat and s not in gone]
        if len(others) == 1:
            return Text("cli.resign.last", {"seat": others[0] + 1})
        return Text("cli.resign.several")

    # -- companion mode -------------------------------------------------------------------

    def chance_turn(self) -> None:
        """Ask for the chance outcome due (a die, a card) until one is entered or taken back."""
        entry = self.match.chance_entry()
        self.show_entry(entry)
        first = entry.choices[0]  # a chance node has an outcome
        example = Text("companion.example", {"key": first.key, "label": first.label})
        help_text = Text("companion.typing", {"example": example})
        if not self.explained:
            self.say(help_text)
            self.explained = True
        prompt = self.catalog.render(Text("companion.entry_prompt"))
        while True:
            try:
                answer = " ".join(self.ask(escape(prompt)).split())
            except EOFError:
                raise Quit from None
            folded = answer.casefold()
            if any(folded in (c.key.casefold(), c.suffix.casefold()) for c in entry.choices):
                command = None  # an outcome, even one spelt like a command (h: a hit)
            elif answer in ("quit", "q", "exit"):
                raise Quit
            elif answer in ("help", "h", "?", ""):
                self.say(help_text)
                self.say(Text("cli.help.resign"))
                self.say(Text("cli.help.rules"))
                continue
            else:
                command = self.commands.get(answer)
            try:
                if command is not None:
                    command(None)
                    continue
                self.match.enter(answer)
                return
            except _Redraw:
                return
            except InvalidActionError as error:
                reason = error.render(self.catalog)
                self.say(Text("core.unknown_input", {"reason": reason}))
            except GamehallError as error:
                self.say(Text("core.illegal", {"reason": error.render(self.catalog)}))

    def show_entry(self, entry: ChanceEntry) -> None:
        """Say what is asked and who sees it, then the outcomes in words with their keys."""
        question = entry.wording.question
        if entry.wording.blind:
            who: Text | None = Text("companion.blind")
        elif len(entry.seers) == self.match.game.players:
            who = Text("companion.seen_by_all")
        elif entry.seers:
            who = Text("companion.seen_by", {"seats": [seat + 1 for seat in entry.seers]})
        else:
            who = None  # a single outcome left: nothing to keep from anyone
        self.say(Text("companion.asking", {"question": question, "who": who}) if who else question)
        cells = [
            (f"[bold]{escape(choice.key)}[/]", escape(self.catalog.render(choice.label)))
            for choice in entry.choices
        ]
        if len(cells) > LONG_LIST:
            self.console.print(Columns([" ".join(cell) for cell in cells], padding=(0, 3)))
            return
        table = Table(show_header=False, show_edge=False, box=None, padding=(0, 1))
        for cell in cells:
            table.add_row(*cell)
        self.console.print(table)

    def announce_bot(self, seat: int) -> None:
        """Say the move the bot of ``seat`` just made, as the log reads it, for someone to
        make it on the table; the step's other log lines follow."""
        step = len(self.match.actions) - 1
        lines = self.match.log(self.viewer, step, step + 1)
        agent = self.match.agents[seat]
        bot = bot_strength(agent.name if agent else "")
        move = lines[0] if lines else Text("companion.see_table")
        said = Text("companion.bot_moved", {"seat": seat + 1, "bot": bot, "move": move})
        self.print_step(step, [said, *lines[1:]])
        self.logged = step + 1

    def back(self, seat: int | None) -> None:
        """Take back the last chance outcome entered (only entries, never a decision)."""
        try:
            undone = self.match.undo_entry()
        except GamehallError as error:
            self.say(Text("core.illegal", {"reason": error.render(self.catalog)}))
            return
        self.logged = len(self.match.actions)
        self.say(Text("companion.taken_back", {"action": self.match.entry_words(undone)}))
        raise _Redraw

    def finish(self) -> None:
        """Show the final table and the outcome."""
        outcome = self.match.outcome()
        assert outcome is not None
        self.console.print(
            render_view(self.match.game, self.match.table_view(self.viewer), self.catalog)
        )
        winners = ", ".join(self.catalog.player(w + 1) for w in outcome.winners)
        reason = self.catalog.render(Text(f"core.reason.{outcome.reason}"))
        if not winners:  # a solo game lost, a stalled one: say so, not an empty list
            self.say(Text("core.game_over.no_winner", {"reason": reason}))
            return
        self.say(
            Text(
                "core.game_over",
                {"reason": reason, "winners": winners, "count": len(outcome.winners)},
            )
        )

    def save_record(self) -> None:
        """Write the record file, if one was asked for."""
        if self.record_path is not None:
            Record.of(self.match).save(self.record_path)
            self.say(Text("core.record_saved", {"path": str(self.record_path)}))


class _Redraw(Exception):
    """Internal: the table changed under the prompt (after an undo, a resignation)."""
