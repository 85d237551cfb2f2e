"""Ctrl-C during a simulation: the first stops the run cleanly, a second one stops it at once.

:class:`CtrlC` replaces Python's SIGINT handler for the duration of a run (only in the main
thread, and only when SIGINT has Python's default handler: a run started with SIGINT ignored, as
a background job is, stays deaf to it). The first Ctrl-C raises ``KeyboardInterrupt`` as usual,
except inside :meth:`CtrlC.hold` (a game's outcome being written: it is raised as soon as the
writing is done) and once the games are over (:attr:`CtrlC.finishing`: the summary and report
are written anyway, it changes nothing). A later Ctrl-C calls ``again`` with the number of
finished games written so far — the command line exits there with a one-line message — or, with
no ``again``, raises ``KeyboardInterrupt`` at once.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType, TracebackType
from typing import Any


class CtrlC:
    """SIGINT handling of one simulation run (a context manager; see the module)."""

    def __init__(self, again: Callable[[int], Any] | None = None) -> None:
        self.again = again
        #: Ctrl-Cs received so far
        self.count = 0
        #: finished games written so far (kept up to date by the run)
        self.written = 0
        #: the games are over: a first Ctrl-C no longer interrupts anything
        self.finishing = False
        self._holding = False
        self._pending = False
        self._previous: Any = None
        self._installed = False

    def __enter__(self) -> CtrlC:
        if (
            threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler
        ):
            self._previous = signal.signal(signal.SIGINT, self._handle)
            self._installed = True
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, self._previous)
            self._installed = False

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        self.count += 1
        if self._holding:
            self._pending = True
            return
        self._deliver()

    def _deliver(self) -> None:
        if self.count >= 2:
            if self.again is not None:
                self.again(self.written)
            raise KeyboardInterrupt
        if not self.finishing:
            raise KeyboardInterrupt

    @contextmanager
    def hold(self) -> Iterator[None]:
        """A short section that Ctrl-C must not cut in two; it takes effect at the end."""
        self._holding = True
        try:
            yield
        finally:
            self._holding = False
        if self._pending:
            self._pending = False
            self._deliver()
