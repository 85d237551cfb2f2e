"""Each socket's outbox: the messages waiting for one socket, sent by that socket's own task.

Putting a message in never waits, so a table tells all its sockets without waiting for any of
them: a socket that does not read (a phone gone to sleep, a script that stopped) holds up
nobody but itself. Its outbox is bounded — in messages and in bytes — and so is each send: a
socket that falls further behind, or whose peer takes one message for longer than the timeout,
is given up and closed (its client reconnects and is sent the table as it is then).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
from collections.abc import Awaitable, Callable

#: messages waiting for one socket at most
MAX_MESSAGES = 128
#: bytes (of text) waiting for one socket at most
MAX_BYTES = 1024 * 1024
#: seconds one message may take to be handed to a socket's connection
SEND_TIMEOUT = 10.0
#: seconds a close may take (a peer that reads nothing gets none: its connection is cut)
CLOSE_TIMEOUT = 2.0
#: the close code of a socket given up (as RFC 6455's "try again later": the client reconnects)
TOO_SLOW = 1013


class Outbox:
    """The messages waiting for one socket. ``send`` hands one message to the connection;
    ``close(code, reason)`` closes it. :meth:`run` (the socket's task) sends them in order.

    ``on_end`` is called once when the outbox ends for good: closed, given up (too slow: its
    ``reason`` is set) or its socket gone."""

    def __init__(
        self,
        send: Callable[[str], Awaitable[None]],
        close: Callable[[int, str], Awaitable[None]],
        *,
        max_messages: int | None = None,
        max_bytes: int | None = None,
        timeout: float | None = None,
    ) -> None:
        self._send = send
        self._close = close
        self.max_messages = MAX_MESSAGES if max_messages is None else max_messages
        self.max_bytes = MAX_BYTES if max_bytes is None else max_bytes
        self.timeout = SEND_TIMEOUT if timeout is None else timeout
        self._queue: collections.deque[str] = collections.deque()
        self._bytes = 0
        self._wake = asyncio.Event()
        #: the close asked for (code, reason), sent after what is already waiting
        self._closing: tuple[int, str] | None = None
        #: why this socket was given up (too slow), else ``None``
        self.reason: str | None = None
        self._ended = asyncio.Event()
        self._sending = False
        self._task: asyncio.Task[None] | None = None
        self.on_end: Callable[[], None] | None = None
        #: the close reason of a socket given up (in its reader's language)
        self.slow_reason = ""
        #: what passed through: messages sent, and the most that were waiting at once
        self.sent = 0
        self.most_waiting = 0

    @property
    def open(self) -> bool:
        """Whether messages put in now may still reach the socket."""
        return self._closing is None and self.reason is None and not self._ended.is_set()

    def __len__(self) -> int:
        return len(self._queue)

    def put(self, text: str) -> bool:
        """Queue ``text`` for the socket (never waits); ``False`` when it will not be sent: the
        outbox is closed, or it would hold too much, and the socket is given up."""
        if not self.open:
            return False
        if len(self._queue) + 1 > self.max_messages or self._bytes + len(text) > self.max_bytes:
            self.give_up(
                f"{len(self._queue)} messages ({self._bytes} bytes) waiting for this socket"
            )
            return False
        self._queue.append(text)
        self._bytes += len(text)
        self.most_waiting = max(self.most_waiting, len(self._queue))
        self._wake.set()
        return True

    def close(self, code: int, reason: str = "") -> None:
        """Close the socket once what is waiting has been sent."""
        if self.open:
            self._closing = (code, reason)
            self._wake.set()

    def give_up(self, reason: str) -> None:
        """Drop what is waiting and close the socket now (it is too slow)."""
        if self.reason is not None or self._ended.is_set():
            return
        self.reason = reason
        self._queue.clear()
        self._bytes = 0
        self._wake.set()
        if self._sending and self._task is not None:
            self._task.cancel()  # the send under way waits for a peer that does not read

    def start(self) -> asyncio.Task[None]:
        """Run the outbox in a task of its own."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self.run())
        return self._task

    async def run(self) -> None:
        """Send the messages in order until closed, given up or the socket is gone."""
        close: tuple[int, str] | None = None
        try:
            while self.reason is None:
                if not self._queue:
                    if self._closing is not None:
                        close = self._closing
                        break
                    self._wake.clear()
                    await self._wake.wait()
                    continue
                text = self._queue.popleft()
                self._bytes -= len(text)
                slow = False
                self._sending = True
                try:
                    await asyncio.wait_for(self._send(text), self.timeout)
                    self.sent += 1
                except TimeoutError:
                    slow = True
                except asyncio.CancelledError:
                    if self.reason is None:
                        raise  # not given up: the task itself is cancelled (shutdown)
                    task = asyncio.current_task()
                    if task is not None:
                        task.uncancel()  # the cancel only stopped the send that waited
                except Exception:  # the socket is gone: nothing more to send
                    return
                finally:
                    self._sending = False
                if slow:
                    self.give_up(f"one message waited more than {self.timeout:g} s")
            if self.reason is not None:
                close = (TOO_SLOW, self.slow_reason)
            if close is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self._close(*close), CLOSE_TIMEOUT)
        finally:
            self._end()

    def _end(self) -> None:
        if self._ended.is_set():
            return
        self._ended.set()
        self._queue.clear()
        self._bytes = 0
        if self.on_end is not None:
            self.on_end()

    async def finish(self, timeout: float) -> None:
        """Wait (at most ``timeout`` seconds) until what is waiting has been sent and the
        outbox has ended; then it ends anyway (its task is cancelled)."""
        if self._task is None:
            self._end()
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._ended.wait(), timeout)
        if not self._task.done():
            self._task.cancel()
            await asyncio.wait([self._task], timeout=CLOSE_TIMEOUT)
        self._end()

    @property
    def ended(self) -> bool:
        return self._ended.is_set()
