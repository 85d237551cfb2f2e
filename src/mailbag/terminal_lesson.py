"""A guided first game in line mode (``mailbag learn GAME``): before each of the learner's
decisions, the lesson's words for it and exactly what to type; any other choice is answered with
a friendly line naming the one the lesson asks for. Where the lesson stands comes from the
record (:mod:`mailbag.table.tutorial`)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from mailbag.core import Action, Game, IllegalAction
from mailbag.core.i18n import _
from mailbag.core.rulebook import Reference, Section
from mailbag.plain import console
from mailbag.table import Table
from mailbag.table.tutorial import LessonStep, Tutorial, lesson_refusal, step_action


def show_intro(tutorial: Tutorial) -> None:
    console.print(Text(_("Learn to play"), style="bold"))
    console.print(tutorial.intro.get(), markup=False)
    console.print(
        _("Type ? at any decision to read the rule behind it."),
        markup=False,
    )


class Lesson:
    """The learner's lesson at a table (seat 0)."""

    def __init__(self, tutorial: Tutorial, game: Game[Any], table: Table) -> None:
        self.tutorial = tutorial
        self.game = game
        self.table = table
        self.ended_shown = False

    def expected(self) -> LessonStep | None:
        return self.tutorial.expected(self.table.record.steps)

    def rule(self) -> str | None:
        step = self.expected()
        return step.rule if step is not None else None

    def refusal(self, action: Action) -> IllegalAction | None:
        step = self.expected()
        if step is None:
            return None
        return lesson_refusal(self.game, self.table.view(0), step, action)

    def show_step(self, observation: Any) -> None:
        """The lesson's words for this decision and what to type; once the lesson is over, its
        closing words (once)."""
        step = self.expected()
        if step is None:
            if not self.ended_shown:
                self.ended_shown = True
                console.print(Text(_("The lesson is over"), style="bold"))
                console.print(self.tutorial.outro.get(), markup=False)
            return
        index = self.tutorial.position(self.table.record.steps)
        total = len(self.tutorial.steps)
        what = self.game.presentation.describe_action(observation, step_action(self.game, step))
        console.print(
            Text(_("Lesson, step {n} of {total}", n=index + 1, total=total), style="bold")
        )
        if step.words is not None:
            console.print(step.words.get(), markup=False)
        console.print(_("Now: {what}", what=what), markup=False)
        show_type(step.do)

    def show_reveal(self, ok: str) -> None:
        """While the lesson runs, what a choice held until it is revealed asks for: a line
        saying so, then ``ok`` to type, as for a step (nothing once the lesson is over)."""
        if self.expected() is None:  # the held choice is not one of the lesson's
            return
        console.print(
            _("Lesson: your choice waits until you reveal it: type {ok}.", ok=ok),
            markup=False,
        )
        show_type(ok)


def show_type(notation: str) -> None:
    """What the lesson asks to type, on a line of its own, never broken by the console (a
    reader following the lesson looks for exactly this line)."""
    console.print(_("Type: {notation}", notation=notation), markup=False, soft_wrap=True)


def section_lines(reference: Reference, section: Section, with_children: bool = True) -> list[str]:
    """A section as plain text: its title (with its id), its body, then its own sections."""
    lines = [f"{section.title}  [{section.id}]", "", section.text()]
    if with_children and section.level == 2:
        for child in reference.children(section.id):
            lines += ["", f"{child.title}  [{child.id}]", "", child.text()]
    return lines


def print_section(reference: Reference, section: Section, with_children: bool = True) -> None:
    head, _blank, *rest = section_lines(reference, section, with_children)
    console.print(Text(head, style="bold"))
    console.print()
    console.print("\n".join(rest), markup=False)
