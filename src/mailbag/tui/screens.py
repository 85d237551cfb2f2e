"""The full-screen UI's pop-up screens: the hot-seat hand-over, the list of keys, the end."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from mailbag.core.i18n import N_, _
from mailbag.core.records import seat_kind_label, seat_label

#: the keys, each with what it does (the key's name, then its text in the reader's language)
KEYS = (
    ("1 … 9", N_("choose that entry (a ▸ entry opens its next step)")),
    ("↑ ↓  Enter", N_("move in the list and choose;  the mouse works too")),
    ("Esc", N_("back one step")),
    (":  /", N_("type a choice in notation (any case; the rest after a step);  Enter sends it")),
    ("u", N_("undo: take back your last choice (while nothing was revealed since)")),
    ("h", N_("hint: the best choices of a search on what you see (when hints are allowed)")),
    ("o", N_("show or hide the other players' full areas")),
    ("Tab", N_("move between the panes (arrows and PgUp/PgDn scroll the one in focus)")),
    ("?", N_("this list of keys")),
    ("q", N_("save and quit (resume with: mailbag play --resume FILE)")),
    ("Ctrl-C", N_("stop at once (the game is saved too)")),
)


def keys_text() -> str:
    """The list of keys in the reader's language, one line each."""
    return "\n".join(f"{key:<12} {_(text)}" for key, text in KEYS)


def translate_bindings(node: Any) -> None:
    """A screen's or app's key bindings described in the reader's language (the footer shows
    them): their descriptions are marked in English where they are declared."""
    bindings = node._bindings.key_to_bindings
    for key, listed in bindings.items():
        bindings[key] = [
            dataclasses.replace(b, description=_(b.description)) if b.description else b
            for b in listed
        ]


class HandOver(ModalScreen[None]):
    """Hot seat: nothing of anyone on screen until the next person says they are there."""

    DEFAULT_CSS = """
    HandOver { align: center middle; background: $background; }
    HandOver > Vertical {
        width: 64; max-width: 100%; height: auto; padding: 1 2; border: heavy $accent;
    }
    HandOver Static { width: 100%; height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "dismiss_screen", N_("I am here"), show=True),
    ]

    def __init__(self, seat: int, kind: str, label: str = "") -> None:
        super().__init__()
        translate_bindings(self)
        self.seat = seat
        self.kind = kind
        if not label:
            label = seat_label(seat)
        self.label = label

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                _(
                    "Pass the keyboard to {name} ({kind}).",
                    name=self.label,
                    kind=seat_kind_label(self.kind),
                )
                + "\n\n"
                + _("Seat {seat}: press Enter when the others are not looking.", seat=self.seat),
                markup=False,
            )

    def action_dismiss_screen(self) -> None:
        self.dismiss(None)


class Help(ModalScreen[None]):
    """The keys, one line each."""

    DEFAULT_CSS = """
    Help { align: center middle; }
    Help > VerticalScroll {
        width: 90%; max-width: 96; height: auto; max-height: 100%;
        padding: 0 1; border: round $accent; background: $surface;
    }
    Help Static { width: 100%; height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q,enter", "close", N_("close"), show=True),
    ]

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = _("Keys")
            yield Static(keys_text(), markup=False)

    def action_close(self) -> None:
        self.dismiss(None)


class GameOver(ModalScreen[None]):
    """The final scores; the game stays on screen behind them."""

    DEFAULT_CSS = """
    GameOver { align: center middle; }
    GameOver > VerticalScroll {
        width: 90%; max-width: 110; height: auto; max-height: 100%;
        padding: 0 1; border: round $success; background: $surface;
    }
    GameOver Static { width: 100%; height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,enter,escape", "leave", N_("leave"), show=True),
    ]

    def __init__(self, table: RenderableType) -> None:
        super().__init__()
        translate_bindings(self)
        self.table = table

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = _("Game over")
            yield Static(self.table)
            yield Static(_("press q or Enter to leave"), markup=False)

    def action_leave(self) -> None:
        self.app.exit("over")
