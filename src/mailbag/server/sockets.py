"""The table sockets: each socket's hello (within a time limit, a cap per address on sockets
still without one), its rate limit, and its messages handed to the table's :class:`Room`; what is
sent to a socket goes through its own bounded outbox (:mod:`mailbag.server.outbox`), so no socket
can hold up a table. The protocol is described in ``docs/protocol.md``."""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit

from starlette.websockets import WebSocket, WebSocketDisconnect

from mailbag.core import IllegalAction, MailbagError
from mailbag.core.i18n import (
    LANGUAGES,
    LanguageError,
    _,
    best_language,
    check_language,
    use_language,
)
from mailbag.server import protocol
from mailbag.server.hub import Hub
from mailbag.server.outbox import Outbox
from mailbag.server.protocol import BadMessage, Hello
from mailbag.server.rooms import Conn, Room, refused

#: a socket may send this many messages a second, with bursts up to ``BURST``
RATE, BURST = 20.0, 40.0
#: a socket that keeps on over the limit after this many error frames is closed
STRIKES = 10
#: seconds a socket may stay open without saying hello
HELLO_TIMEOUT = 10.0
#: sockets without hello one client address may hold open at once for up to
#: ``HELLO_TIMEOUT``; beyond them a socket must say hello within ``HELLO_GRACE`` seconds
#: (a burst of clients connecting at once, as behind a proxy, still gets in)
MAX_WITHOUT_HELLO = 20
HELLO_GRACE = 1.0
#: seconds a closing socket's last messages (an error, its close) may take to go out
CLOSE_WAIT = 2.0


def spoken(lang: str) -> str:
    """``lang`` if mailbag speaks it, else :class:`LanguageError` saying so (in the reader's
    language, the one the request or socket was in until now)."""
    try:
        return check_language(lang)
    except LanguageError:
        raise LanguageError(
            _(
                "the language {lang} is not spoken here; choose one of {choices}",
                lang=repr(lang),
                choices=", ".join(LANGUAGES),
            )
        ) from None


def _same_origin(websocket: WebSocket) -> bool:
    """A browser's socket must come from a page of this server (a page elsewhere cannot act for
    a seat even if it learnt a link); clients without an Origin (scripts) are let in."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    host = websocket.headers.get("host", "")
    return urlsplit(origin).netloc == host


class _Bucket:
    def __init__(self) -> None:
        self.tokens = BURST
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.at) * RATE)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Unwelcomed:
    """The sockets open without a hello yet, counted by client address: at most
    :data:`MAX_WITHOUT_HELLO` each (behind a proxy, every client has the proxy's address)."""

    def __init__(self) -> None:
        self.count: dict[str, int] = {}

    def enter(self, address: str) -> bool:
        held = self.count.get(address, 0)
        if held >= MAX_WITHOUT_HELLO:
            return False
        self.count[address] = held + 1
        return True

    def leave(self, address: str) -> None:
        held = self.count.get(address, 0) - 1
        if held > 0:
            self.count[address] = held
        else:
            self.count.pop(address, None)


def _close_reason(text: str) -> str:
    """``text`` cut to what a close frame can carry (123 bytes of UTF-8)."""
    data = text.encode()
    if len(data) <= 123:
        return text
    return data[:120].decode(errors="ignore") + "…"


async def serve_socket(hub: Hub, websocket: WebSocket, unwelcomed: Unwelcomed) -> None:
    """One table socket: its hello (within :data:`HELLO_TIMEOUT` seconds), then its messages.
    Everything it is sent goes through its own :class:`Outbox`: nothing here, nor any table,
    waits for its peer to read."""
    # the socket's language until its hello names one: the browser's
    lang = best_language(websocket.headers.get("accept-language"))
    if not _same_origin(websocket):
        with use_language(lang):
            await websocket.close(code=4403, reason=_("wrong origin"))
        return
    await websocket.accept()
    address = websocket.client.host if websocket.client is not None else "?"
    # counted among the address's sockets without hello; else one too many: it has only a
    # moment to say hello
    waiting = unwelcomed.enter(address)
    wait_for_hello = HELLO_TIMEOUT if waiting else min(HELLO_GRACE, HELLO_TIMEOUT)

    async def close_socket(code: int, reason: str) -> None:
        await websocket.close(code, _close_reason(reason))

    outbox = Outbox(websocket.send_text, close_socket)
    outbox.start()
    put = outbox.put

    def error(reason: str) -> None:
        put(protocol.encode({"type": "error", "reason": reason}))

    def close(code: int, reason: str = "") -> None:
        outbox.close(code, reason)

    async def send(text: str) -> None:  # a room's way to this socket: never waits
        put(text)

    async def close_later(code: int, reason: str) -> None:
        close(code, reason)

    table_id = websocket.path_params["table"]
    conn: Conn | None = None
    room: Room | None = None
    bucket, strikes = _Bucket(), 0
    loop = asyncio.get_running_loop()
    hello_by = loop.time() + wait_for_hello
    try:
        while outbox.open:
            if conn is None:
                try:
                    frame = await asyncio.wait_for(
                        websocket.receive(), max(0.0, hello_by - loop.time())
                    )
                except TimeoutError:
                    with use_language(lang):
                        if waiting:
                            reason = _("no hello within {seconds} s", seconds=f"{HELLO_TIMEOUT:g}")
                            close(4408, reason)
                        else:
                            reason = _(
                                "too many sockets without hello from this address (at most "
                                "{limit}); try again later",
                                limit=MAX_WITHOUT_HELLO,
                            )
                            close(1013, reason)
                    break
            else:
                frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            # a binary frame is read as the same JSON (it used to crash the handler)
            data: str | bytes = frame.get("text") or frame.get("bytes") or b""
            # every text made for this socket is in its reader's language
            with use_language(lang if conn is None else conn.lang):
                if not bucket.take():
                    strikes += 1
                    error(
                        _(
                            "too many messages: at most {rate} a second (bursts of {burst}); "
                            "this one was not read",
                            rate=f"{RATE:g}",
                            burst=f"{BURST:g}",
                        )
                    )
                    if strikes >= STRIKES:
                        close(1008, _("too many messages"))
                        break
                    if conn is not None and room is not None:
                        put(room.resend(conn))  # the table as it is: nothing is left unsaid
                    continue
                try:
                    message = protocol.decode(data)
                except BadMessage as exc:
                    error(str(exc))
                    continue
                if conn is None or room is None:
                    if not isinstance(message, Hello):
                        error(_("say hello first: {'type': 'hello', 'v': 1, 'token': …}"))
                        continue
                    wrong_lang = None
                    if message.lang is not None:
                        try:
                            lang = spoken(message.lang)
                        except LanguageError as exc:
                            wrong_lang = str(exc)  # told once the hello is answered
                    with use_language(lang):
                        room = await hub.room(table_id)
                        if room is None:
                            error(_("no table {table}", table=repr(table_id[:40])))
                            close(4404)
                            break
                        conn = await _join_or_reload(hub, room, message, send)
                        if conn is None:
                            error(_("this link is not one of this table's"))
                            close(4403)
                            break
                        if waiting:
                            unwelcomed.leave(address)
                            waiting = False
                        conn.lang = lang
                        conn.close = close_later  # when the creator renews its link
                        outbox.slow_reason = _("too slow: this socket did not read its messages")
                        outbox.on_end = functools.partial(room.left, conn)  # given up: gone
                        await _greet(hub, room, conn, message)
                        if wrong_lang is not None:
                            error(wrong_lang)
                    continue
                await _handle(room, conn, message, put, error)
    except WebSocketDisconnect:
        pass
    finally:
        if waiting:
            unwelcomed.leave(address)
        if room is not None and conn is not None:
            room.left(conn)
        # what is still waiting goes out (an error before a close), or fails at once: the peer
        # is gone
        outbox.close(1000)
        await outbox.finish(CLOSE_WAIT)


async def _join_or_reload(
    hub: Hub, room: Room, hello: Hello, send: Callable[[str], Awaitable[None]]
) -> Conn | None:
    conn = _join(room, hello, send)
    if conn is None and hello.token is not None:
        # a rematch seat claimed through another process: read the seats again
        fresh = await hub.run(hub.db.load_table, room.id)
        if fresh is not None:
            for row, new in zip(room.row.seats, fresh.seats, strict=True):
                row.token_hash = new.token_hash
            conn = _join(room, hello, send)
    return conn


def _join(room: Room, hello: Hello, send: Callable[[str], Awaitable[None]]) -> Conn | None:
    if hello.token is not None:
        seat = room.seat_of(hello.token)
        if seat is None:
            return None
        return Conn(send, seat, hello.token, board_text=hello.board_text)
    if hello.watch is not None and room.is_watcher(hello.watch):
        return Conn(send, None, hello.watch, board_text=hello.board_text)
    return None


async def _greet(hub: Hub, room: Room, conn: Conn, hello: Hello) -> None:
    if hello.last_step is not None and hello.last_step <= room.shown_step(conn.seat):
        conn.sent = hello.last_step
    await conn.send(room.welcome(conn))
    room.joined(conn)  # the others hear of it only if a seat's first socket came
    if conn.seat is not None and room.row.seats[conn.seat].away:
        await room.take_back(conn.seat)  # the owner is back
    else:
        await conn.send(room.resend(conn))
    await hub.tell_rematch_to(room, conn)


async def _handle(
    room: Room,
    conn: Conn,
    message: protocol.ClientMessage,
    send: Callable[[str], object],
    error: Callable[[str], None],
) -> None:
    """One message of a socket that said hello. ``send`` queues a message for it (never
    waits: the socket's outbox sends it)."""
    if isinstance(message, protocol.Ping):
        send(protocol.encode({"type": "pong"}))
        return
    if isinstance(message, protocol.Sync):
        send(room.resend(conn))
        send(protocol.encode({"type": "synced"}))
        return
    if isinstance(message, Hello):
        error(_("already said hello"))
        return
    if isinstance(message, protocol.BoardText):
        conn.board_text = message.on
        if message.on:  # the board as text now, with the state it draws
            send(room.resend(conn))
        return
    if isinstance(message, protocol.Lang):
        try:
            conn.lang = spoken(message.lang)
        except LanguageError as exc:
            error(str(exc))
            return
        conn.sent = -1  # the whole log again, in the new language
        send(room.welcome(conn))
        send(room.resend(conn))
        return
    if conn.seat is None:
        if isinstance(message, protocol.Why):
            reason = _("You are watching this game: spectators cannot play.")
            why = {"type": "why", "step": message.step, "clicks": message.clicks}
            send(protocol.encode({**why, "reason": reason, "rule": None}))
            return
        send(refused(MailbagError(_("a spectator watches and cannot play")), room.shown_step(None)))
        return
    try:
        with use_language(conn.lang):  # a refusal's reason is worded in the reader's language
            if isinstance(message, protocol.Submit):
                step = await room.submit(conn.seat, message.step, message.action)
            elif isinstance(message, protocol.Undo):
                step = await room.undo(conn.seat, message.step)
            elif isinstance(message, protocol.HintRequest):
                send(protocol.encode(await room.hint(conn.seat, message.step)))
                return
            elif isinstance(message, protocol.Why):
                send(protocol.encode(await room.why(conn.seat, message.step, message.clicks)))
                return
            elif isinstance(message, protocol.Reveal):
                step = await room.reveal(conn.seat, message.step)
            else:  # Back
                if not await room.take_back(conn.seat):
                    raise IllegalAction(
                        "not_away", _("no bot is playing your seat: there is nothing to take back")
                    )
                send(protocol.encode({"type": "ack", "step": room.shown_step(conn.seat)}))
                return
    except MailbagError as exc:
        with use_language(conn.lang):
            send(refused(exc, room.shown_step(conn.seat), room.game))
        send(room.resend(conn))
        return
    send(protocol.encode({"type": "ack", "step": step}))
    await room.changed()
