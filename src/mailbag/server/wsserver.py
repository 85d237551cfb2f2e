"""The WebSocket protocol ``mailbag serve`` runs under uvicorn: uvicorn's own (sans-I/O, over
``websockets``) with two changes, for clients that misbehave:

- a text frame that is not UTF-8 is handed to the application as the bytes it is (uvicorn
  would log a traceback and close the connection): the application answers, as for any frame
  that is not a message, with an ``error`` frame saying so;
- a close asked for while the peer reads nothing (the connection cannot take more: its buffer
  is full) cuts the connection at once — a close frame would wait behind everything the peer
  has not read, for as long as it does not read (uvicorn waits, keep-alive or not); a close
  frame sent that the peer does not answer within uvicorn's close timeout cuts it too.

``protocol()`` is what ``uvicorn.run(ws=...)`` is given: this class, or uvicorn's choice where
its sans-I/O protocol is missing (an older uvicorn).
"""

from __future__ import annotations

from typing import Any

try:
    from uvicorn.protocols.websockets.websockets_sansio_impl import (
        WebSocketsSansIOProtocol as _Base,
    )
except ImportError:  # pragma: no cover - uvicorn before 0.35
    _Base = None  # type: ignore[assignment,misc]


def protocol() -> Any:
    """The ``ws`` argument of ``uvicorn.run``: :class:`MailbagWebSockets` where it can be."""
    return "auto" if _Base is None else MailbagWebSockets


if _Base is not None:

    class MailbagWebSockets(_Base):
        def send_receive_event_to_app(self) -> None:
            if self.curr_msg_data_type == "text":
                try:
                    b"".join(self.frames).decode()
                except UnicodeDecodeError:
                    self.curr_msg_data_type = "bytes"  # the application says what is wrong
            super().send_receive_event_to_app()

        async def send(self, message: Any) -> None:
            if (
                message.get("type") == "websocket.close"
                and self.handshake_complete
                and not self.close_sent
                and not self.disconnected
                and not self.writable.is_set()
            ):
                self.close_sent = True
                self.transport.abort()
                return
            await super().send(message)
            if message.get("type") == "websocket.close" and self.close_timer is not None:
                # a peer that never answers the close: cut, not closed (a close waits until
                # the peer has read everything, for as long as it does not read)
                self.close_timer.cancel()
                self.close_timer = self.loop.call_later(self.close_timeout, self.transport.abort)
