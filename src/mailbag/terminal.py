"""Playing in the terminal: people type their moves, bots and the engine play theirs.

A person sees their own view rendered as text and their choices, each with its key — letters, as
in the full screen (:mod:`mailbag.plain`), never numbers beside the board's — and types a key, a
command (``?`` lists the choices) or an action's notation; anything else is answered with what
was wrong and how to list the choices, and a refused action with the reason. Every accepted
decision is appended to the game's record file and fsynced before the next prompt, so nothing
accepted is ever lost: ``quit``, the end of input, Ctrl-C (even while a bot thinks), closing the
terminal (SIGHUP) or SIGTERM stop the game and say how to resume it, and even ``kill -9`` leaves
a record that resumes at the last accepted decision.

Hidden information stays hidden: the seed (the whole deal) is shown only once the game is over;
between two people sharing the screen (hot seat) the person who finished sees what their last
decision did and types ``ok`` to hide it, the screen is cleared, and the game waits until the
next person types ``ready`` before showing anything of theirs. Neither word is ever a choice, so
lines typed in a hurry (Enter pressed once too often) do nothing; at a terminal, whatever was
typed before such a question appeared is thrown away. Names and other text from a record pass
:func:`mailbag.core.names.printable`, so a name cannot clear the screen or reorder a line.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from types import FrameType
from typing import Any

from rich.text import Text

from mailbag.bots import make_agents
from mailbag.core import Action, ActionSyntaxError, Event, Game, MailbagError
from mailbag.core.i18n import NC_, _, ngettext, pgettext
from mailbag.core.names import printable
from mailbag.core.records import GameRecord, seat_kind_label, seat_label
from mailbag.plain import (
    LETTER_COMMANDS,
    command_name,
    console,
    describe_choice,
    entry_lines,
    hint_lines,
    keys_for,
    not_a_choice,
    print_scoreboard,
    report_result,
    say_stopped,
    scoreboard,
)
from mailbag.table import FileStore, Table, TakenBack, game_for_record, taken_back_text
from mailbag.table.forced import take_forced
from mailbag.table.keys import match
from mailbag.table.menu import Choice, Menu, menu_for, take_back, take_single
from mailbag.table.tutorial import Tutorial
from mailbag.terminal_bots import Thinker
from mailbag.terminal_lesson import Lesson, print_section, show_intro

#: re-exported: what line mode prints lives in mailbag.plain
__all__ = [
    "command_name",
    "console",
    "describe_choice",
    "play_in_terminal",
    "print_scoreboard",
    "report_result",
    "say_stopped",
    "scoreboard",
]
#: clear the screen and its scroll-back (hot seat: the next person must not scroll up)
_CLEAR = "\x1b[H\x1b[2J\x1b[3J"


#: line mode's commands, which a person may also type in their own language
COMMANDS = (
    NC_("command", "help"),
    NC_("command", "quit"),
    NC_("command", "back"),
    NC_("command", "undo"),
    NC_("command", "hint"),
    NC_("command", "ok"),
    NC_("command", "ready"),
)

#: at most this many lines of what a person's last decision did are shown before passing on
TURN_LINES = 40


def command_words(command: str, *english: str) -> set[str]:
    """What a person may type for one of line mode's commands: its English words (always) and
    the word in the reader's language."""
    return {*english, pgettext("command", command).lower()}


def choosing_words(command: str, *english: str) -> set[str]:
    """:func:`command_words` while choosing, with the full screen's letter for the command
    (``q``, ``u``, ``h``, ``?``: never a choice's key)."""
    letter = LETTER_COMMANDS.get(command)
    return command_words(command, *english) | ({letter} if letter else set())


class SaveAndQuit(Exception):
    """The person asked to stop (``quit``, end of input, or Ctrl-C at the prompt)."""


class Interrupted(BaseException):
    """SIGTERM or SIGHUP arrived: stop wherever the game is (the record is already saved)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class Screen:
    """The terminal shared by the people at one table. In hot seat it remembers whose private
    things are on screen, clears it between people and keeps each person's events for them."""

    def __init__(
        self,
        humans: Sequence[int],
        labels: Sequence[str] = (),
        describe: Callable[[Event], str] | None = None,
    ) -> None:
        self.hot_seat = len(humans) > 1
        #: an event in words, in the reader's language (``game.presentation.event_text``)
        self.describe: Callable[[Event], str] = describe or (lambda event: event.text)
        #: how each seat is called (its name, or "seat N")
        self.labels = [printable(label) for label in labels] or [
            seat_label(s) for s in range(max(humans, default=0) + 1)
        ]
        self.showing: int | None = None
        self.pending: dict[int, list[str]] = {seat: [] for seat in humans}

    def note(self, events: Sequence[Event], watcher: int | None) -> None:
        """Events just played: shown at once to a lone player, kept for each person in hot seat
        (shown after the hand-over, to them alone)."""
        if not self.hot_seat:
            for event in events:
                if event.visible_to(watcher):
                    console.print(f"  {self.describe(event)}", markup=False)
            return
        for seat, log in self.pending.items():
            log.extend(self.describe(event) for event in events if event.visible_to(seat))

    def tell(self, seat: int, text: str) -> None:
        """A line for one person (a decision taken for them): at once to a lone player, kept
        for them in hot seat."""
        if not self.hot_seat:
            console.print(f"  {text}", markup=False)
        else:
            self.pending[seat].append(text)

    def hand_over(self, seat: int, kind: str) -> None:
        """Before ``seat`` decides in hot seat: what happened since this person last looked; when
        someone else had the screen, first their end of turn (:meth:`turn_over`), then the
        hand-over, which waits for this person (:meth:`pass_to`)."""
        if not self.hot_seat:
            return
        if self.showing == seat:
            self._show_pending(seat, _("what happened:"))
            return
        if self.showing is not None:
            self.turn_over(self.showing)
        self.pass_to(seat, kind)

    def turn_over(self, seat: int) -> None:
        """The person at ``seat`` has finished: what their last decisions did, on their screen,
        until they type ``ok``; then the screen is cleared."""
        name = self.labels[seat]
        console.print(_("{name}: your turn is over.", name=name), markup=False)
        if not self._show_pending(seat, _("what it did:")):
            console.print(_("(nothing more to see)"), markup=False)
        word = pgettext("command", "ok")
        self._gate(
            "ok",
            _(
                "{name}: type {word} to hide your things and pass the keyboard.",
                name=name,
                word=word,
            ),
        )
        self.clear()
        self.showing = None

    def pass_to(self, seat: int, kind: str) -> None:
        """Clear the screen and wait until the person at ``seat`` types ``ready``; then what
        happened since they last looked."""
        self.clear()
        self.showing = None
        name = self.labels[seat]
        console.print(
            _(
                "Pass the keyboard to {name} ({kind}).",
                name=name,
                kind=printable(seat_kind_label(kind)),
            ),
            markup=False,
        )
        self._gate(
            "ready",
            _(
                "{name}: type {word} when you have the keyboard and the others are not looking.",
                name=name,
                word=pgettext("command", "ready"),
            ),
        )
        self.clear()
        self.showing = seat
        self._show_pending(seat, _("since your last turn:"))

    def _show_pending(self, seat: int, head: str) -> bool:
        """Print the lines kept for ``seat`` (the last :data:`TURN_LINES`) under ``head``; whether
        there were any."""
        log = self.pending[seat]
        if not log:
            return False
        console.print(head, markup=False)
        if len(log) > TURN_LINES:
            earlier = len(log) - TURN_LINES
            console.print(
                ngettext(
                    "  … {count} earlier line", "  … {count} earlier lines", earlier, count=earlier
                ),
                markup=False,
            )
        for text in log[-TURN_LINES:]:
            console.print(f"  {text}", markup=False)
        log.clear()
        return True

    @staticmethod
    def _gate(command: str, say: str) -> None:
        """Wait until the person types the word of ``command`` (``ok``, ``ready``: never a
        choice); anything else is answered with one line, ``quit`` saves and stops."""
        word = pgettext("command", command)
        console.print(say, markup=False)
        for _attempt in range(1_000_000):
            discard_typeahead()
            text = read_line(f"{word}> ").strip().lower()
            if text in command_words(command, command):
                return
            if text in command_words("quit", "quit", "save", "exit"):
                raise SaveAndQuit
            console.print(
                _(
                    "type {word} to go on ({quit} saves and stops)",
                    word=word,
                    quit=pgettext("command", "quit"),
                ),
                markup=False,
            )
        raise SaveAndQuit

    @staticmethod
    def clear() -> None:
        # not a terminal (a pipe, a log): a form feed marks where the screen was cleared
        console.file.write(_CLEAR if console.is_terminal else "\f\n")
        console.file.flush()


def discard_typeahead() -> None:
    """At a terminal, throw away what was typed before now: keys pressed in a hurry at the end
    of one person's turn must not answer the next question. (Piped input is left alone.)"""
    try:
        if not sys.stdin.isatty():
            return
        import termios

        termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError, AttributeError):
        return


def read_line(prompt: str) -> str:
    """One line typed by the person; the end of input or Ctrl-C is a request to stop. At a
    terminal, the line can be edited and earlier entries recalled (``readline``)."""
    _line_editing()
    try:
        return input(prompt)
    except (EOFError, KeyboardInterrupt):
        raise SaveAndQuit from None


_EDITING: list[bool] = []


def _line_editing() -> None:
    """Line editing and history for ``input`` when the person types at a terminal."""
    if _EDITING:
        return
    _EDITING.append(True)
    if sys.stdin.isatty() and sys.stdout.isatty():
        with suppress(ImportError):
            import readline  # noqa: F401  (importing it is what enables it)


class HumanAgent:
    """A person at the keyboard, playing one seat of a table: choices in steps (what, then
    where), each with its consequence where the seat can know it; a decision with one choice is
    taken for them with a line saying so."""

    def __init__(
        self,
        game: Game[Any],
        seat: int,
        kind: str,
        table: Table,
        screen: Screen,
        auto: set[int] | None = None,
        *,
        hints: bool = False,
        before_acting: Callable[[], None] | None = None,
        lesson: Tutorial | None = None,
    ) -> None:
        self.game = game
        #: the guided first game this seat (the learner) follows, if any
        self.lesson = Lesson(lesson, game, table) if lesson is not None and seat == 0 else None
        #: the rule of the last refusal (``?`` opens its section)
        self.refused_rule: str | None = None
        self.seat = seat
        self.kind = kind
        self.table = table
        self.screen = screen
        #: record indices of the decisions taken on their own (undo steps back over them)
        self.auto = auto if auto is not None else set()
        #: whether this seat may ask for a hint (see mailbag.table.hints)
        self.hints = hints
        #: called before this person's decision or undo reaches the table (the bots thinking
        #: meanwhile submit theirs first: :mod:`mailbag.terminal_bots`)
        self.before_acting: Callable[[], None] = before_acting or (lambda: None)

    def decide(self) -> None:
        """Show the seat its view and choices; submit what it chooses (or take back its last
        choice with ``undo``)."""
        game, table = self.game, self.table
        if table.held is not None:  # a choice completing the phase waits for this person
            self._reveal_or_undo()
            return
        menu = menu_for(table, self.seat)
        if menu.single is not None or table.forced(self.seat) is not None:
            self.before_acting()
        said = take_single(table, self.seat, menu, self.auto)
        if said is None:  # a decision that cannot change anything is taken too, with a line
            said = take_forced(table, self.seat, self.auto)
        if said is not None:
            self.screen.tell(self.seat, said)
            if table.held is not None and table.held.seat == self.seat:
                table.reveal(self.seat)  # no other choice to change it for
            return
        self.screen.hand_over(self.seat, self.kind)
        observation = table.view(self.seat)
        console.rule(
            _("{name} — your decision", name=self.screen.labels[self.seat])
            if self.screen.hot_seat
            else _("your decision")
        )
        console.print(game.presentation.render(observation), markup=False)
        at: list[Choice] = []  # the steps opened so far
        self.refused_rule = None
        self._show(menu, at)
        if self.lesson is not None:
            self.lesson.show_step(observation)
        while True:
            where = f" {at[-1].notation}" if at else ""
            text = read_line(f"{self.screen.labels[self.seat]}{where}> ").strip()
            if not text:
                continue
            word = text.lower()
            if word == "?" or word.startswith("? "):  # the rule, then the choices again
                self._explain(menu, at, text[1:].strip())
                if word == "?":
                    self._show(menu, at)
                continue
            if word in choosing_words("help", "help"):
                self._show(menu, at)
                continue
            if word in choosing_words("quit", "quit", "save", "exit"):
                raise SaveAndQuit
            if word in command_words("back", "back"):
                if at:
                    at.pop()
                    self._show(menu, at)
                else:
                    console.print(_("nothing to go back to: this is the first step"), markup=False)
                continue
            if word in choosing_words("hint", "hint"):
                self._hint(menu, at)
                continue
            if word in choosing_words("undo", "undo"):
                self.before_acting()
                try:
                    steps = take_back(table, self.seat, self.auto)
                except MailbagError as exc:
                    console.print(_("cannot undo: {reason}", reason=str(exc)), markup=False)
                    continue
                console.print(_("took back: {action}", action=str(steps[-1].action)), markup=False)
                return
            chosen = self._read_choice(menu, at, text)
            if isinstance(chosen, Choice):
                at.append(chosen)
                self._show(menu, at)
                continue
            if chosen is None:
                continue
            refusal = self.lesson.refusal(chosen) if self.lesson is not None else None
            if refusal is not None:
                console.print(refusal.reason, markup=False)
                self.refused_rule = self.lesson.rule() if self.lesson is not None else None
                continue
            self.before_acting()
            try:
                table.submit(self.seat, chosen)
            except MailbagError as exc:
                console.print(_("refused: {reason}", reason=str(exc)), markup=False)
                self.refused_rule = getattr(exc, "rule", None)
                console.print(_("(type ? to read the rule)"), markup=False)
                continue
            return

    def _reveal_or_undo(self) -> None:
        """The choice that completes a simultaneous phase waits until this person reveals it
        (``ok``) or takes it back (``undo``; see :class:`~mailbag.table.table.Table`)."""
        self.screen.hand_over(self.seat, self.kind)
        ok, undo = pgettext("command", "ok"), pgettext("command", "undo")
        console.print(self.table.held_line(self.seat, ok, undo), markup=False)
        if self.lesson is not None:
            self.lesson.show_reveal(ok)
        for _attempt in range(1_000_000):
            word = read_line(f"{self.screen.labels[self.seat]}> ").strip().lower()
            if word in command_words("ok", "ok"):
                self.table.reveal(self.seat)
                return
            if word in command_words("undo", "undo"):
                try:
                    steps = take_back(self.table, self.seat, self.auto)
                except MailbagError as exc:
                    console.print(_("cannot undo: {reason}", reason=str(exc)), markup=False)
                    continue
                console.print(_("took back: {action}", action=str(steps[-1].action)), markup=False)
                return
            if word in command_words("quit", "quit", "save", "exit"):
                raise SaveAndQuit
            console.print(_("type {ok} or {undo}", ok=ok, undo=undo), markup=False)
        raise SaveAndQuit

    def _read_choice(self, menu: Menu, at: Sequence[Choice], text: str) -> Action | Choice | None:
        """What a typed line chooses: an entry by its key, else a legal action's notation or the
        start of one (from the step it is at, or whole), else an action the game reads from the
        notation (the table then says whether it is legal). ``None`` when it is none of them:
        the person is told what was wrong and how to list the choices."""
        entries = at[-1].children if at else menu.choices
        keys = keys_for(entries)
        index = match_key(keys, text)
        chosen: Action | Choice | None
        chosen = entries[index] if index is not None else menu.find(text, at[-1] if at else None)
        if isinstance(chosen, Choice) and chosen.action is not None:
            return chosen.action
        if chosen is not None:
            return chosen
        try:
            return parse_typed(self.game, text)
        except MailbagError as exc:  # not notation the game reads
            console.print(
                not_a_choice(text, keys, str(exc), sorted(self.game.spec.verbs)), markup=False
            )
            return None

    def _explain(self, menu: Menu, at: Sequence[Choice], key: str) -> None:
        """``?``: the rules section of the last refusal, else of the decision (or of the step
        it is at); ``? KEY``: that of the choice ``KEY``."""
        presentation = self.game.presentation
        section: str | None
        if key:
            entries = at[-1].children if at else menu.choices
            index = match_key(keys_for(entries), key)
            if index is None:
                console.print(_("no choice has the key {key}", key=key), markup=False)
                return
            section = presentation.action_rule(entries[index].notation)
        elif self.refused_rule is not None:
            section = presentation.rule_section(self.refused_rule)
        elif self.lesson is not None and self.lesson.rule() is not None:
            section = self.lesson.rule()  # the rule this step of the lesson teaches
        elif at:
            section = presentation.action_rule(at[-1].notation)
        else:
            section = presentation.decision_rule(menu.legal)
        reference = presentation.rules_reference()
        found = reference.get(section) if reference is not None and section else None
        if reference is None or found is None:
            console.print(_("no rule to show here; `{help}` lists your choices", help="help"))
            return
        print_section(reference, found, with_children=False)
        console.print(
            _(
                "(`mailbag rules {game} {id}` prints this again; type {help} for your choices)",
                game=self.game.spec.name,
                id=found.id,
                help=pgettext("command", "help"),
            ),
            markup=False,
        )

    def _hint(self, menu: Menu, at: Sequence[Choice]) -> None:
        """Print the top choices of a search on this seat's view (when hints are allowed), each
        by the keys that choose it in ``menu`` from the step ``at`` is at."""
        if not self.hints:
            console.print(_("hints are off in this game"), markup=False)
            return
        from mailbag.table.hints import compute_hint

        observation = self.table.view(self.seat)
        console.print(_("thinking…"), markup=False)
        hint = compute_hint(self.game, self.seat, observation, self.table.legal_actions(self.seat))
        for line in hint_lines(self.game, observation, hint, menu, at):
            console.print(line, markup=False)

    def _show(self, menu: Menu, at: Sequence[Choice]) -> None:
        if at:
            step = at[-1]
            head = step.notation
            if step.text and step.text != step.notation:
                head += f": {step.text}"
            console.print(
                ngettext(
                    "{head} — {count} choice ({back} goes back):",
                    "{head} — {count} choices ({back} goes back):",
                    step.count,
                    head=head,
                    count=step.count,
                    back=pgettext("command", "back"),
                ),
                markup=False,
            )
            entries: Sequence[Choice] = step.children
        else:
            console.print(
                _(
                    "Your choices (type a letter, or the notation; {help} lists them, {undo} "
                    "takes back your last choice, {quit} saves):",
                    help=pgettext("command", "help"),
                    undo=pgettext("command", "undo"),
                    quit=pgettext("command", "quit"),
                ),
                markup=False,
            )
            console.print(_("(? shows the rule behind this decision)"), markup=False)
            entries = menu.choices
        for line in entry_lines(entries):
            console.print(line, markup=False)
        if self.hints and not at:
            console.print(
                _(
                    "({hint} shows the best choices a search finds)",
                    hint=pgettext("command", "hint"),
                ),
                markup=False,
            )


def match_key(keys: Sequence[str], text: str) -> int | None:
    """The index of the entry whose key ``text`` is (any case), else ``None``."""
    found = match(keys, text.strip())
    return found if isinstance(found, int) else None


def parse_typed(game: Game[Any], text: str) -> Action:
    """What a person typed as an action, the verb in any case (``Keep 88`` is ``keep 88``)."""
    try:
        return game.parse_action(text)
    except ActionSyntaxError:
        verb, _sep, rest = text.strip().partition(" ")
        if verb == verb.lower():
            raise
        return game.parse_action(f"{verb.lower()} {rest}")


class SignalGuard:
    """While a game is played: Ctrl-C, SIGTERM and SIGHUP stop it — but never in the middle of
    committing a decision (the table's ``committing``): a signal then waits until the decision
    is durable, so the record is never torn by one of ours."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.pending: BaseException | None = None
        self.previous: dict[int, Any] = {}

    def _handler(self, signum: int, frame: FrameType | None) -> None:
        stop: BaseException = (
            KeyboardInterrupt() if signum == signal.SIGINT else Interrupted(signum)
        )
        if self.table.committing:
            self.pending = self.pending or stop
            return
        raise stop

    def check(self) -> None:
        """Raise a signal that arrived while a decision was being committed."""
        if self.pending is not None:
            stop, self.pending = self.pending, None
            raise stop

    def __enter__(self) -> SignalGuard:
        wanted = [signal.SIGINT, signal.SIGTERM]
        if hasattr(signal, "SIGHUP"):
            wanted.append(signal.SIGHUP)
        try:
            for signum in wanted:
                self.previous[signum] = signal.signal(signum, self._handler)
        except ValueError:  # not the main thread: leave signals alone
            pass
        return self

    def __exit__(self, *exc: object) -> None:
        for signum, old in self.previous.items():
            signal.signal(signum, old)


def open_table(record: GameRecord, save_path: Path, resumed: bool) -> Table | None:
    """The table of ``record`` for people to play at (line mode or full screen): its warnings
    shown, its bots made, its decisions replayed and saved to ``save_path`` from now on. ``None``
    when a resumed game is already over (its scores are shown instead)."""
    game = game_for_record(record)
    for warning in record.warnings:
        console.print(_("warning: {warning}", warning=printable(warning)), markup=False)
    agents = make_agents(game, record.seats, record.seed)
    table = Table.open(game, record, FileStore(save_path), agents)
    if resumed and table.is_over():
        table.close()
        console.print(_("game {id} is already over", id=printable(record.game_id)), markup=False)
        print_scoreboard(game, table.state, record)
        return None
    return table


def play_in_terminal(
    record: GameRecord,
    *,
    save_path: Path,
    json_out: bool,
    resumed: bool,
    hints: bool | None = None,
    lesson: Tutorial | None = None,
) -> int:
    """Play (or resume) the game of ``record`` to the end, or until the person stops, saving
    every accepted decision to ``save_path``. Returns the exit status. ``hints``: whether people
    may ask for a hint (``None``: by default, see :func:`mailbag.table.hints.hints_by_default`)."""
    from mailbag.table.hints import hints_by_default

    allowed = hints_by_default(record.seats) if hints is None else hints
    table = open_table(record, save_path, resumed)
    if table is None:
        return 0
    game, seats = table.game, record.seats
    humans = [i for i, kind in enumerate(seats) if kind == "human"]
    watcher: int | None = humans[0] if len(humans) == 1 else None
    labels = [printable(record.label(s)) for s in range(len(seats))]
    screen = Screen(humans, labels, lambda event: game.presentation.event_text(event, labels))
    auto: set[int] = set()
    thinker = Thinker(table, lambda line: console.print(line, markup=False), labels)

    def bots_first() -> None:  # the bots of the phase submit what they worked out, then you
        thinker.finish()
        if line := thinker.summary():
            console.print(line, markup=False)

    people = {
        seat: HumanAgent(
            game,
            seat,
            seats[seat],
            table,
            screen,
            auto,
            hints=allowed,
            before_acting=bots_first,
            lesson=lesson,
        )
        for seat in humans
    }
    if humans:
        # only events: another seat's action itself may be secret (a simultaneous pick)
        table.listeners.append(lambda seat, action, events, state: screen.note(events, watcher))
        table.hold_reveals = True  # a choice completing a phase may change until revealed

        def taken_back(taken: TakenBack) -> None:  # in the others' logs (the taker is told)
            for seat in humans if screen.hot_seat else ():
                line = taken_back_text(game, taken, seat, labels)
                if seat != taken.seat and line:
                    screen.tell(seat, line)

        table.undo_listeners.append(taken_back)
        word = (
            ngettext(
                "resumed after {count} decision",
                "resumed after {count} decisions",
                len(record.steps),
                count=len(record.steps),
            )
            if resumed
            else _("new game")
        )
        listed = ", ".join(
            f"{i}:{printable(seat_kind_label(k))}" + (f" ({labels[i]})" if record.names else "")
            for i, k in enumerate(seats)
        )
        console.print(
            Text(_(game.spec.title), style="bold")
            + Text(
                " — "
                + _(
                    "game {id} ({word}); seats: {seats}",
                    id=printable(record.game_id),
                    word=word,
                    seats=listed,
                )
            ),
            soft_wrap=True,
        )
        console.print(
            _("saved as you play to {path}", path=str(save_path)), markup=False, soft_wrap=True
        )
        if lesson is not None:
            show_intro(lesson)
        if not resumed:
            screen.note(table.opening, watcher)
    stopped: str | None = None
    status = 0
    try:
        with SignalGuard(table) as guard:
            for _turn in range(1_000_000):
                # bots owing a choice at the same time as a person think while they decide
                table.advance(alongside=not humans)
                thinker.start()
                guard.check()
                if table.is_over():
                    break
                seat = table.waiting_for()[0]
                people[seat].decide()
                guard.check()
            if table.is_over() and screen.hot_seat and screen.showing is not None:
                screen.turn_over(screen.showing)  # then the scores, for everyone
    except SaveAndQuit:
        stopped = _("stopped")
    except KeyboardInterrupt:
        stopped, status = _("interrupted"), 130
    except Interrupted as exc:
        stopped, status = _("stopped by {signal}", signal=str(exc)), 128 + exc.signum
    finally:
        table.close()
    if stopped is not None:
        say_stopped(stopped, save_path, len(record.steps))
        return status
    return report_result(game, table.state, record, save_path, json_out)
