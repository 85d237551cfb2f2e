"""A Carteros component set once validated: the card kinds as entries, and the integer-indexed
tables built from them once, at load, that the menus, the engine, the views, the renderers and
the notation read (a kind is its index in its table, the integer the state stores).

:mod:`components` reads and checks a file and calls :func:`assemble`; nothing here validates.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from mailbag.core.actions import Action
from mailbag.games.carteros.behaviours import ActionEffect, HouseEffect, Requirement
from mailbag.games.carteros.state import CAUSES


@dataclass(frozen=True, slots=True)
class HouseKind:
    """A kind of HOUSE card: what turning it does (``effect``) and how many Mail cards it
    takes when a delivery, a Bicycle or the tie-break turns it (``delivers``, CA-4, CA-109)."""

    name: str
    title: str
    #: how the board shows it (a house seen with GPS, the discard pile)
    abbrev: str
    count: int
    effect: str
    function: HouseEffect
    delivers: int
    help: str


@dataclass(frozen=True, slots=True)
class MailKind:
    """A kind of MAIL card and its points (CA-8)."""

    name: str
    title: str
    abbrev: str
    points: int
    count: int


@dataclass(frozen=True, slots=True)
class ActionKind:
    """A kind of ACTION card: played as an action when it has an ``effect`` (under its
    ``requires``), a reaction to the causes it ``cancels`` (CA-103), or both."""

    name: str
    title: str
    count: int
    effect: str | None
    function: ActionEffect | None
    requires: tuple[str, ...]
    checks: tuple[Requirement, ...]
    cancels: tuple[str, ...]
    help: str


@dataclass(frozen=True, slots=True)
class Mission:
    """A Delivery Mission card: deliver at ``house`` (an index 0–11) for ``points``."""

    number: int
    house: int
    points: int


@dataclass(frozen=True, slots=True, eq=False)
class Components:
    """A validated component set: the entries, and tables indexed by kind (compared and
    hashed by identity: each is built once, at load)."""

    source: str
    houses: tuple[HouseKind, ...]
    mails: tuple[MailKind, ...]
    actions: tuple[ActionKind, ...]
    #: missions by number; ``missions[number]`` (index 0 unused)
    missions: tuple[Mission | None, ...]
    # -- HOUSE cards
    house_names: tuple[str, ...]
    house_counts: tuple[int, ...]
    house_effects: tuple[HouseEffect, ...]
    house_delivers: tuple[int, ...]
    #: the most Mail cards one house card delivers
    max_delivers: int
    # -- MAIL cards
    mail_names: tuple[str, ...]
    mail_counts: tuple[int, ...]
    mail_points: tuple[int, ...]
    # -- ACTION cards
    action_names: tuple[str, ...]
    action_counts: tuple[int, ...]
    action_effects: tuple[ActionEffect | None, ...]
    #: the card that cancels each automatic step (keyed like ``CAUSES``), -1 if none does
    cancel_card: Mapping[str, int]
    #: the cards on the table: a Rain card is a flood, Rubber Boots are worn (-1: no such card)
    rain_card: int
    boots_card: int
    # -- notation, by kind
    play: tuple[Action, ...]
    replace: tuple[Action, ...]
    use: tuple[Action, ...]
    give: tuple[Action, ...]
    discard: tuple[Action, ...]
    take_mission: tuple[Action, ...]
    #: per kind, for a card played as an action: its ``play`` action and its requirements
    play_table: tuple[tuple[Action, tuple[Requirement, ...]] | None, ...]
    # -- names back to kinds (notation and views)
    house_index: Mapping[str, int]
    mail_index: Mapping[str, int]
    action_index: Mapping[str, int]

    @property
    def mission_numbers(self) -> tuple[int, ...]:
        return tuple(m.number for m in self.missions if m is not None)

    def mission(self, number: int) -> Mission:
        found = self.missions[number]
        assert found is not None
        return found

    def on_table(self, floods: int, boots: int) -> list[int]:
        """The Action cards on the table, by kind: Rain cards as ``floods`` (CA-6), and
        ``boots`` pairs of Rubber Boots worn."""
        counts = [0] * len(self.action_names)
        if self.rain_card >= 0:
            counts[self.rain_card] += floods
        if self.boots_card >= 0:
            counts[self.boots_card] += boots
        return counts


def _actions(verb: str, names: tuple[str, ...]) -> tuple[Action, ...]:
    return tuple(Action(verb, (name,)) for name in names)


def _kind_of_effect(actions: tuple[ActionKind, ...], effect: str) -> int:
    return next((k for k, kind in enumerate(actions) if kind.effect == effect), -1)


def assemble(
    source: str,
    houses: tuple[HouseKind, ...],
    mails: tuple[MailKind, ...],
    actions: tuple[ActionKind, ...],
    missions: tuple[Mission | None, ...],
) -> Components:
    """The tables of a validated set of entries."""
    action_names = tuple(k.name for k in actions)
    mail_names = tuple(k.name for k in mails)
    by_cause = {cause: k for k, kind in enumerate(actions) for cause in kind.cancels}
    play = _actions("play", action_names)
    return Components(
        source=source,
        houses=houses,
        mails=mails,
        actions=actions,
        missions=missions,
        house_names=tuple(k.name for k in houses),
        house_counts=tuple(k.count for k in houses),
        house_effects=tuple(k.function for k in houses),
        house_delivers=tuple(k.delivers for k in houses),
        max_delivers=max(k.delivers for k in houses),
        mail_names=mail_names,
        mail_counts=tuple(k.count for k in mails),
        mail_points=tuple(k.points for k in mails),
        action_names=action_names,
        action_counts=tuple(k.count for k in actions),
        action_effects=tuple(k.function for k in actions),
        cancel_card={step: by_cause.get(cause, -1) for step, cause in CAUSES.items()},
        rain_card=_kind_of_effect(actions, "rain"),
        boots_card=_kind_of_effect(actions, "rubber_boots"),
        play=play,
        replace=_actions("replace", action_names),
        use=_actions("use", action_names),
        give=_actions("give", mail_names),
        discard=_actions("discard", mail_names),
        take_mission=tuple(Action("take_mission", (n,)) for n in range(len(missions))),
        play_table=tuple(
            (play[k], kind.checks) if kind.function is not None else None
            for k, kind in enumerate(actions)
        ),
        house_index={k.name: i for i, k in enumerate(houses)},
        mail_index={k.name: i for i, k in enumerate(mails)},
        action_index=dict(zip(action_names, range(len(actions)), strict=True)),
    )
