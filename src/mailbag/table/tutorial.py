"""A guided first game: a fixed deal, the learner's decisions scripted one by one, each with what
to do and why in the learner's language, and the rule it teaches; then the game goes on as a
real one against the same opponents.

A game brings its lesson as ``tutorial.toml`` beside its module (``games/<game>/tutorial.toml``):
the seats (the learner is seat 0, a person; the others bots or the Automa), the seed and options
of the deal, an introduction (the theme, the goal, an overview), the learner's steps in order and
a closing line. A step names the action the learner takes (its notation), the section of the
rules reference it teaches (``rule``) and its words in each language (``en``, ``nl``, ``es``;
none for a step the table takes on its own, a decision with one choice).

Where a lesson stands is read from the record alone — the number of decisions the learner has
made — so it survives a restart, an undo and a reconnection, and every front end (the terminal,
the browser) shows the same lesson at the same point. The opponents are deterministic bots
(``greedy``; the Automa), so the same learner decisions give the same game every time; a test
plays each lesson to its end.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from mailbag.core import Action, Game, IllegalAction
from mailbag.core.errors import MailbagError
from mailbag.core.i18n import LANGUAGES, _, language
from mailbag.core.records import GameRecord, Step

#: the rule a refusal during a lesson names (the section explaining lessons)
LESSON_RULE: Final = "lesson"


class TutorialError(MailbagError):
    """A lesson file that cannot be read, or a game that brings none."""


@dataclass(frozen=True)
class Words:
    """One text in every language."""

    en: str
    nl: str
    es: str

    def get(self, lang: str | None = None) -> str:
        """The text in ``lang`` (default: the reader's), its lines joined into paragraphs (a
        blank line apart)."""
        text: str = getattr(self, lang or language(), "") or self.en
        paragraphs = re.split(r"\n\s*\n", text.strip())
        return "\n\n".join(" ".join(p.split()) for p in paragraphs)


@dataclass(frozen=True)
class LessonStep:
    """One decision of the learner: the action to take, the section it teaches, the words."""

    do: str
    rule: str | None
    words: Words | None


@dataclass(frozen=True)
class Tutorial:
    """A game's lesson, as read from its ``tutorial.toml``."""

    game: str
    seats: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    intro: Words
    steps: tuple[LessonStep, ...]
    outro: Words

    def record(self) -> GameRecord:
        """A new game record of the lesson's deal."""
        return GameRecord(self.game, dict(self.options), self.seed, list(self.seats))

    def position(self, steps: Sequence[Step], learner: int = 0) -> int:
        """How many of its decisions the learner has made (the index of the next step)."""
        return sum(1 for step in steps if step.seat == learner)

    def expected(self, steps: Sequence[Step], learner: int = 0) -> LessonStep | None:
        """The step the learner is at, or None once the lesson is over."""
        index = self.position(steps, learner)
        return self.steps[index] if index < len(self.steps) else None


def _words(table: dict[str, Any], where: str) -> Words:
    missing = [lang for lang in LANGUAGES if not str(table.get(lang, "")).strip()]
    if missing:
        raise TutorialError(f"{where}: no words in {', '.join(missing)}")
    return Words(str(table["en"]), str(table["nl"]), str(table["es"]))


def parse_tutorial(text: str, game: str, where: str = "tutorial.toml") -> Tutorial:
    """A lesson from its TOML (``where`` names the file in errors)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TutorialError(f"{where}: {exc}") from None
    try:
        seats = tuple(str(kind) for kind in data["seats"])
        seed = int(data["seed"])
        raw_steps = list(data["steps"])
        intro, outro = data["intro"], data["outro"]
    except (KeyError, TypeError, ValueError) as exc:
        raise TutorialError(f"{where}: needs seats, seed, intro, steps and outro ({exc})") from None
    if not seats or seats[0] != "human":
        raise TutorialError(f"{where}: seat 0 is the learner, 'human'")
    steps: list[LessonStep] = []
    for number, entry in enumerate(raw_steps, start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("do"), str):
            raise TutorialError(f"{where}: step {number} needs 'do', the action's notation")
        said = any(lang in entry for lang in LANGUAGES)
        words = _words(entry, f"{where}: step {number}") if said else None
        rule = entry.get("rule")
        steps.append(LessonStep(entry["do"], str(rule) if rule else None, words))
    return Tutorial(
        game,
        seats,
        seed,
        dict(data.get("options", {})),
        _words(intro, f"{where}: intro"),
        tuple(steps),
        _words(outro, f"{where}: outro"),
    )


@cache
def _load(package: str, game: str) -> Tutorial | None:
    if not package:  # a game in a top-level module (a plug-in's) has no package folder
        return None
    try:
        path = resources.files(package) / "tutorial.toml"
    except (ModuleNotFoundError, TypeError, ValueError):
        return None
    if not path.is_file():
        return None
    return parse_tutorial(path.read_text(encoding="utf-8"), game, f"{package}/tutorial.toml")


def tutorial_of(game: Game[Any]) -> Tutorial | None:
    """The lesson ``game`` brings (beside its module), or None."""
    package = type(game).__module__.rpartition(".")[0]
    return _load(package, game.spec.name)


def require_tutorial(game: Game[Any]) -> Tutorial:
    found = tutorial_of(game)
    if found is None:
        raise TutorialError(_("{game} has no guided first game yet", game=_(game.spec.title)))
    return found


def lesson_refusal(
    game: Game[Any], observation: Any, step: LessonStep, action: Action
) -> IllegalAction | None:
    """The friendly refusal of ``action`` while the lesson asks for ``step`` (None: it is the
    step's action)."""
    if str(action) == step.do:
        return None
    return lesson_reminder(game, observation, step)


def lesson_reminder(game: Game[Any], observation: Any, step: LessonStep) -> IllegalAction:
    """What the lesson answers any other choice or click than ``step``'s: a friendly line that
    names the action it asks for now, under the rule explaining lessons."""
    what = game.presentation.describe_action(observation, _parse(game, step.do))
    return IllegalAction(
        LESSON_RULE,
        _("Not yet — this lesson goes one step at a time. Now: {what}.", what=what),
    )


def _parse(game: Game[Any], notation: str) -> Action:
    return game.parse_action(notation)


def step_action(game: Game[Any], step: LessonStep) -> Action:
    """The action of a lesson step."""
    return _parse(game, step.do)
