"""Errors raised by the core contract and the games: each names what was wrong."""

from __future__ import annotations


class MailbagError(Exception):
    """Base class of every error mailbag raises on purpose (bad input, never a bug)."""


def NC_(context: str, message: str) -> str:  # the catalogs' marker (as in core.i18n)
    return message


#: the names of rules a refusal may cite that are words, not ruling ids (``CA-4``), for the
#: catalogs: a refusal shows the rule in the reader's language. These are the ones of no game (a
#: table's, a server's, the notation's); each game lists its rulebook's (``RULES`` in its
#: ``texts.py``)
RULE_NAMES = (
    NC_("rule", "away"),
    NC_("rule", "stale"),
    NC_("rule", "undo"),
    NC_("rule", "notation"),
)


class IllegalAction(MailbagError):
    """An action the rules do not allow now. ``rule`` names the rule (a ruling id or a
    rulebook section; the same in every language), shown after the reason in the reader's
    language; the state it was tried on is never changed."""

    def __init__(self, rule: str, message: str) -> None:
        from mailbag.core.i18n import pgettext

        super().__init__(f"{message} [{pgettext('rule', rule)}]")
        self.rule = rule
        self.reason = message


class NotYourTurn(IllegalAction):
    """A seat tried to act while it owes no decision.

    The message never names who the game is waiting for: in a simultaneous phase that would
    tell the seat who has already chosen, which its view does not show."""

    def __init__(self, seat: int, game_over: bool = False) -> None:
        from mailbag.core.i18n import _

        why = (
            _("the game is over") if game_over else _("seat {seat} owes no decision now", seat=seat)
        )
        super().__init__("turn order", why)


class ActionSyntaxError(MailbagError):
    """Text that is not an action in the canonical notation."""


class OptionError(MailbagError):
    """An unknown option or a bad option value; the message lists the valid ones."""


class ComponentError(MailbagError):
    """Component data that fails validation: names the file, the entry and the problem."""


class RecordError(MailbagError):
    """A game record or saved state that cannot be read, or that does not replay."""


class StateError(RecordError):
    """A state that breaks one of its game's invariants (a card in two places, a value out of
    range, a phase that does not fit the deciders): names the first broken invariant."""


class SeatError(MailbagError):
    """A bad seat list or seat kind."""
