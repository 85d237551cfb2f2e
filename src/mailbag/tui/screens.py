"""The full-screen UI's pop-up screens: the hot-seat hand-over, the list of keys, the end."""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

KEYS = """\
1 … 9        choose that entry (a ▸ entry opens its next step)
↑ ↓  Enter   move in the list and choose;  the mouse works too
Esc          back one step
:  or  /     type a choice in notation (any case; the rest after a step);  Enter sends it
u            undo: take back your last choice (while nothing was revealed since)
o            show or hide the other players' full areas
Tab          move between the panes (arrows and PgUp/PgDn scroll the one in focus)
?            this list of keys
q            save and quit (resume with: mailbag play --resume FILE)
Ctrl-C       stop at once (the game is saved too)"""


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
        Binding("enter", "dismiss_screen", "I am here", show=True),
    ]

    def __init__(self, seat: int, kind: str, label: str = "") -> None:
        super().__init__()
        self.seat = seat
        self.kind = kind
        self.label = label or f"seat {seat}"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                f"Pass the keyboard to {self.label} ({self.kind}).\n\n"
                f"Seat {self.seat}: press Enter when the others are not looking.",
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
        Binding("escape,question_mark,q,enter", "close", "close", show=True),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = "Keys"
            yield Static(KEYS, markup=False)

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
        Binding("q,enter,escape", "leave", "leave", show=True),
    ]

    def __init__(self, table: RenderableType) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = "Game over"
            yield Static(self.table)
            yield Static("press q or Enter to leave", markup=False)

    def action_leave(self) -> None:
        self.app.exit("over")
