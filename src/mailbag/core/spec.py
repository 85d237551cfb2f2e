"""Static description of a game: name, seat counts and options with validation."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from mailbag.core.errors import OptionError
from mailbag.core.i18n import _

OptionValue = bool | int | str


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its type, default and valid values."""

    name: str
    type: type[bool] | type[int] | type[str]
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    #: the option's name in words (English, marked with ``N_``; translated where shown: the
    #: lobby, help); empty: the name
    label: str = ""
    #: words for each of ``choices`` (same order; English, marked with ``N_``), or for a boolean
    #: option the words of (False, True); None: the values themselves
    choice_labels: tuple[str, ...] | None = None
    #: the value this option was played with, read back from a state of the game (what a
    #: position's description and a saved game's summary show); declared here, beside the option,
    #: so that a new option is one entry and its rule — no list of option names elsewhere
    read: Callable[[Any], OptionValue] | None = None

    def sample_values(self) -> tuple[OptionValue, ...]:
        """The values the contract tests play this option with: both booleans, every choice, an
        integer range's ends (and the default), declared here once, never kept by hand."""
        if self.type is bool:
            values: tuple[OptionValue, ...] = (False, True)
        elif self.choices is not None:
            values = self.choices
        elif self.type is int:
            ends = (self.minimum, self.maximum)
            values = tuple(v for v in ends if v is not None)
        else:
            values = ()
        return (self.default, *(v for v in values if v != self.default))

    def valid_values(self) -> str:
        if self.type is bool:
            return "true, false"
        if self.choices is not None:
            return ", ".join(_show(c) for c in self.choices)
        if self.type is int:
            lo = "" if self.minimum is None else str(self.minimum)
            hi = "" if self.maximum is None else str(self.maximum)
            return _("an integer {low}..{high}", low=lo, high=hi) if (lo or hi) else _("an integer")
        return _("any text")

    def coerce(self, value: object) -> OptionValue:
        """Turn ``value`` (typed, or text from the command line) into a valid option value."""
        result: OptionValue
        if self.type is bool:
            if isinstance(value, bool):
                result = value
            elif isinstance(value, str) and value.lower() in ("true", "yes", "on", "1"):
                result = True
            elif isinstance(value, str) and value.lower() in ("false", "no", "off", "0"):
                result = False
            else:
                raise self._bad(value)
        elif self.type is int:
            if isinstance(value, bool):
                raise self._bad(value)
            if isinstance(value, int):
                result = value
            elif isinstance(value, str):
                try:
                    result = int(value)
                except ValueError:
                    raise self._bad(value) from None
            else:
                raise self._bad(value)
            if (self.minimum is not None and result < self.minimum) or (
                self.maximum is not None and result > self.maximum
            ):
                raise self._bad(value)
        else:
            if not isinstance(value, str):
                raise self._bad(value)
            result = value
        if self.choices is not None and result not in self.choices:
            raise self._bad(value)
        return result

    def _bad(self, value: object) -> OptionError:
        return OptionError(
            _(
                "bad value {value} for option {option}; valid values: {values}",
                value=repr(value),
                option=repr(self.name),
                values=self.valid_values(),
            )
        )


def _show(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True)
class GameSpec:
    """What a game is, statically: found by name in the registry."""

    name: str
    title: str
    min_seats: int
    max_seats: int
    options: tuple[OptionSpec, ...] = ()
    summary: str = ""
    #: seat kinds the rules engine plays itself (Postcards' ``automa:normal``); every other seat
    #: is a "player" whose decisions come from outside (a person or a bot).
    engine_seats: tuple[str, ...] = ()
    #: option sets the contract tests cover beyond those generated from the options'
    #: declared values (see :meth:`contract_option_sets`), and extra seat lists
    contract_options: tuple[Mapping[str, OptionValue], ...] = ()
    contract_seats: tuple[tuple[str, ...], ...] = ()
    #: verbs of this game's actions (for clear parse errors)
    verbs: frozenset[str] = frozenset()

    def options_of(self, state: Any) -> dict[str, OptionValue]:
        """The options ``state`` was dealt with, by name: each option's :attr:`OptionSpec.read`
        (an option that declares none is left out)."""
        return {o.name: o.read(state) for o in self.options if o.read is not None}

    def option(self, name: str) -> OptionSpec:
        for opt in self.options:
            if opt.name == name:
                return opt
        raise OptionError(
            _(
                "unknown option {option} for {game}; valid options: {options}",
                option=repr(name),
                game=self.name,
                options=", ".join(o.name for o in self.options) or _("none"),
            )
        )

    def resolve_options(self, given: Mapping[str, object] | None = None) -> dict[str, OptionValue]:
        """All options with defaults filled in; an unknown name or a bad value is an error."""
        resolved: dict[str, OptionValue] = {o.name: o.default for o in self.options}
        for name, value in (given or {}).items():
            resolved[name] = self.option(name).coerce(value)
        return resolved

    def check_seats(self, seats: tuple[str, ...]) -> tuple[str, ...]:
        """Validate a seat list as the rules engine sees it ("player" or an engine seat kind)."""
        from mailbag.core.errors import SeatError

        if not self.min_seats <= len(seats) <= self.max_seats:
            raise SeatError(
                _(
                    "{game} seats {low}–{high}, not {count}",
                    game=self.name,
                    low=self.min_seats,
                    high=self.max_seats,
                    count=len(seats),
                )
            )
        for kind in seats:
            if kind != "player" and kind not in self.engine_seats:
                valid = ", ".join(("player", *self.engine_seats))
                raise SeatError(
                    _(
                        "{game} has no engine seat {kind}; valid: {valid}",
                        game=self.name,
                        kind=repr(kind),
                        valid=valid,
                    )
                )
        return seats

    def contract_option_sets(self) -> list[dict[str, OptionValue]]:
        """The option sets the contract tests play: all defaults; each option at each of its
        other sample values (the rest at their defaults); every switch and choice at its first
        other value together (integer parameters at their defaults); then any sets the game
        adds. A new option is covered with no list to edit."""
        defaults = self.resolve_options()
        sets = [dict(defaults)]
        together = dict(defaults)
        for opt in self.options:
            others = opt.sample_values()[1:]
            for value in others:
                sets.append({**defaults, opt.name: value})
            if others and opt.type is not int:
                together[opt.name] = others[0]
        sets.append(together)
        sets += [self.resolve_options(extra) for extra in self.contract_options]
        unique: list[dict[str, OptionValue]] = []
        for candidate in sets:
            if candidate not in unique:
                unique.append(candidate)
        return unique

    def describe_options(self) -> list[tuple[str, str, str]]:
        """(name, default, valid values) for each option, for ``mailbag games``."""
        return [(o.name, _show(o.default), o.valid_values()) for o in self.options]


def parse_option_pairs(pairs: list[str] | None) -> dict[str, Any]:
    """``["key=value", ...]`` from the command line into a dict; malformed pairs are errors."""
    result: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(_("option {pair} is not of the form key=value", pair=repr(pair)))
        result[key.strip()] = value.strip()
    return result
