"""Named behaviours that component data refers to: one function per card or effect kind.

A game's data file gives each card kind its name, title, copies, flags and help text, and names
its effect (``effect = "rain"``); the behaviour is one function registered under that name::

    EFFECTS = Effects[ActionEffect]("Carteros action card")

    @EFFECTS.register("rain")
    def rain(...): ...

The loader resolves every name in the data through :meth:`Effects.get`, so a data entry without
a function (or a typo) is a :class:`~mailbag.core.errors.ComponentError` naming the entry and the
known effects. A new card is then one data entry, one function, one test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from mailbag.core.errors import ComponentError
from mailbag.core.i18n import _

F = TypeVar("F", bound=Callable[..., object])


class Effects(Generic[F]):
    """A registry of effect functions by name."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._functions: dict[str, F] = {}

    def register(self, name: str) -> Callable[[F], F]:
        """Decorator: register the function as the effect ``name``."""

        def add(function: F) -> F:
            if name in self._functions:
                raise ValueError(f"{self.what} effect {name!r} registered twice")
            self._functions[name] = function
            return function

        return add

    def get(self, name: str, where: str) -> F:
        """The effect ``name``, which the data entry ``where`` names."""
        try:
            return self._functions[name]
        except KeyError:
            known = ", ".join(sorted(self._functions)) or _("none")
            raise ComponentError(
                _(
                    "{where}: unknown {what} effect {name}; known effects: {known}",
                    where=where,
                    what=self.what,
                    name=repr(name),
                    known=known,
                )
            ) from None

    def names(self) -> frozenset[str]:
        return frozenset(self._functions)
