"""The starlette application: the lobby's JSON API, the table sockets and the browser client.

``create_app(db_url)`` builds it; ``mailbag serve`` runs it under uvicorn. The HTTP API and the
socket protocol are described in ``docs/protocol.md``.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import functools
import gc
import hashlib
import math
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from mailbag.bots.base import BotLimits
from mailbag.core import IllegalAction, MailbagError
from mailbag.core.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    LanguageError,
    _,
    best_language,
    check_language,
    translate_all,
    use_language,
)
from mailbag.core.records import replay_steps
from mailbag.server import lobby, messages, protocol
from mailbag.server.limits import (
    MAX_BODY,
    MAX_SMALL_BODY,
    TABLES_BURST,
    TABLES_PER_MINUTE,
    ApiError,
    Buckets,
    env_limit,
    read_json,
)
from mailbag.server.outbox import Outbox
from mailbag.server.protocol import BadMessage, Hello
from mailbag.server.rooms import Conn, Hub, Room, is_table_id, refused, token_hash
from mailbag.server.store.db import Database

STATIC = Path(__file__).parent / "static"
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

def _security_headers() -> dict[str, str]:
    """The page's headers: scripts only from this server, plus the page's one inline script (the
    import map), allowed by its hash; no framing; no referrer (a link's fragment never leaves)."""
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"
        for body in re.findall(r"<script[^>]*>(.*?)</script>", page, flags=re.S)
        if body.strip()
    )
    return {
        "Content-Security-Policy": (
            f"default-src 'self'; script-src 'self' {hashes}; style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; "
            "frame-ancestors 'none'"
        ),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "X-Frame-Options": "DENY",
    }


def _spoken(lang: str) -> str:
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


def _error(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    # a message quoting the request cannot fail to encode (a lone surrogate is escaped)
    message = message.encode("utf-8", "backslashreplace").decode("utf-8")
    return JSONResponse({"error": message}, status_code=status, headers=headers)


def _bearer(request: Request) -> str:
    header = request.headers.get("authorization", "")
    if not header.lower().startswith("bearer ") or len(header) > 300:
        raise ApiError(403, _("this needs the link's token (Authorization: Bearer <token>)"))
    return header[7:].strip()


Handler = Callable[[Request], Awaitable[Response]]


def _api(handler: Handler) -> Handler:
    """A JSON endpoint: bad input is a clear error, never a traceback; texts are in the
    reader's language (``?lang=``, else the browser's Accept-Language)."""

    async def wrapped(request: Request) -> Response:
        chosen = best_language(request.headers.get("accept-language"))
        with use_language(chosen):
            try:
                lang = request.query_params.get("lang")
                if lang:
                    chosen = _spoken(lang)
            except LanguageError as exc:
                return _error(400, str(exc))
        with use_language(chosen):
            try:
                return await handler(request)
            except ApiError as exc:
                return _error(exc.status, str(exc))
            except MailbagError as exc:
                return _error(400, str(exc))

    return wrapped


def create_app(
    db_url: str,
    *,
    listen: bool = True,
    bot_threads: int = 4,
    tables_per_minute: float | None = None,
    tables_burst: int | None = None,
    bot_limits: BotLimits | None = None,
) -> Starlette:
    """The application on database ``db_url`` (migrated on start-up). ``listen``: follow other
    processes' changes through PostgreSQL LISTEN/NOTIFY (PostgreSQL only).
    ``tables_per_minute``, ``tables_burst``: how many tables one client address may make (or
    import) a minute and at once (0 a minute: no limit; default :data:`TABLES_PER_MINUTE`,
    :data:`TABLES_BURST`, or the environment's ``MAILBAG_TABLES_PER_MINUTE``,
    ``MAILBAG_TABLES_BURST``). ``bot_limits``: what a bot may think per move (seconds,
    iterations; default :class:`BotLimits`)."""
    db = Database(db_url)
    hub = Hub(db, bot_threads=bot_threads, bot_limits=bot_limits)
    if tables_per_minute is None:
        tables_per_minute = env_limit("MAILBAG_TABLES_PER_MINUTE", TABLES_PER_MINUTE)
    if tables_burst is None:
        tables_burst = int(env_limit("MAILBAG_TABLES_BURST", TABLES_BURST))
    made_by = Buckets(tables_per_minute, tables_burst)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await asyncio.get_running_loop().run_in_executor(None, db.migrate)
        # what is loaded by now lives as long as the process: the collector's full passes need not
        # go through it again (each such pass stopped the server ~70 ms at 100 tables, ~40 after)
        gc.collect()
        gc.freeze()
        listener: asyncio.Task[None] | None = None
        if listen and db.is_postgres:
            from mailbag.server.notify import follow_notifications

            listener = asyncio.get_running_loop().create_task(follow_notifications(hub))
        try:
            yield
        finally:
            if listener is not None:
                listener.cancel()
            hub.close()
            db.dispose()

    headers = _security_headers()

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=headers)

    @_api
    async def catalog(request: Request) -> Response:
        """The client's texts in a language (its own look-ups: ``t("…")``)."""
        lang = _spoken(request.path_params["lang"])
        return JSONResponse(
            {"lang": lang, "names": LANGUAGE_NAMES, "messages": translate_all(lang)},
            headers={"Cache-Control": "no-cache"},
        )

    @_api
    async def games(request: Request) -> Response:
        return JSONResponse(lobby.describe_games())  # in the reader's language

    async def _making(request: Request, make: Callable[[Database, Any], dict[str, Any]],
                      limit: int) -> Response:
        """A new table (made or imported), within the client's rate (else 429)."""
        address = request.client.host if request.client is not None else "?"
        wait = made_by.take(address)
        if wait:
            seconds = max(1, math.ceil(wait))
            return _error(
                429,
                _(
                    "too many new tables from this address: try again in {seconds} s",
                    seconds=seconds,
                ),
                {"Retry-After": str(seconds)},
            )
        try:
            body = await read_json(request, limit)
            made = await hub.run(make, db, body)
        except BaseException:
            made_by.give_back(address)
            raise
        return JSONResponse(made, status_code=201)

    @_api
    async def create(request: Request) -> Response:
        return await _making(request, lobby.create_table, MAX_SMALL_BODY)

    @_api
    async def import_record(request: Request) -> Response:
        return await _making(request, lobby.import_table, MAX_BODY)

    @_api
    async def my_games(request: Request) -> Response:
        body = await read_json(request)
        links = body.get("links") if isinstance(body, dict) else None
        if not isinstance(links, list) or len(links) > 200:
            raise ApiError(
                400, _("expected {'links': [{'table': id, 'token': token}, …]} (≤ 200)")
            )
        pairs = [
            (link["table"], token_hash(link["token"]))
            for link in links
            if isinstance(link, dict)
            and is_table_id(link.get("table"))
            and isinstance(link.get("token"), str)
            and 0 < len(link["token"]) <= 128
        ]
        # the tokens are checked against the stored seats first: no table is loaded for a
        # link that is not one of its seats'
        seated = await hub.run(db.tables_with_seat_hashes, pairs)
        found: list[dict[str, Any]] = []
        for table_id, seat in seated:
            room = await hub.room(table_id)  # None: gone, or a table that cannot be opened
            if room is None or seat >= len(room.row.seats):
                continue
            # as far as the seat can know (a game may hide whether another has chosen in a
            # simultaneous phase)
            to_move = messages.known_deciders(
                room.game, room.table.view(seat), seat, room.table.deciders()
            )
            found.append(
                {
                    "table": room.id,
                    "game": room.table.record.game,
                    "title": _(room.game.spec.title),
                    "seat": seat,
                    "name": room.row.seats[seat].name,
                    "step": room.shown_step(seat),
                    "to_move": to_move,
                    "your_turn": seat in to_move and seat not in room.table.agents,
                    "over": room.table.is_over(),
                }
            )
        return JSONResponse(found)

    async def _room_for(request: Request) -> tuple[Room, str]:
        table_id = request.path_params["table"]
        room = await hub.room(table_id)
        if room is None:
            shown = table_id if len(table_id) <= 40 else table_id[:40] + "…"
            raise ApiError(404, _("no table {table}", table=repr(shown)))
        return room, _bearer(request)

    def _over_for(room: Room, token: str) -> None:
        if room.seat_of(token) is None and not room.is_watcher(token):
            raise ApiError(403, _("this link is not one of this table's"))
        if not room.table.is_over():
            raise ApiError(403, _("the record is shown once the game is over"))

    @_api
    async def record(request: Request) -> Response:
        room, token = await _room_for(request)
        _over_for(room, token)
        name = f"{room.table.record.game}-{room.id}.jsonl"
        return PlainTextResponse(
            room.table.record.dumps(),
            media_type="application/x-ndjson",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @_api
    async def replay(request: Request) -> Response:
        room, token = await _room_for(request)
        _over_for(room, token)
        try:
            k = int(request.path_params["step"])
        except ValueError:
            raise ApiError(400, _("the step must be a number")) from None
        if not 0 <= k <= room.table.step:
            raise ApiError(
                400, _("step {step} is not in this game (0–{last})", step=k, last=room.table.step)
            )
        return JSONResponse(await hub.run(_replay_at, room, k))

    @_api
    async def rematch(request: Request) -> Response:
        room, token = await _room_for(request)
        seat = room.seat_of(token)
        if seat is None:
            raise ApiError(403, _("only a seat at this table can ask for a rematch"))
        if not room.table.is_over():
            raise ApiError(403, _("a rematch is made once the game is over"))
        table_id = await hub.run(lobby.rematch, db, room)
        link = await hub.claim_rematch(room, token, seat)
        await hub.tell_rematch(room)
        return JSONResponse({"table": table_id, "link": link})

    @_api
    async def renew_link(request: Request) -> Response:
        """A new link for a seat (or the spectators) in place of the old one, which stops
        working at once: for the table's creator only (whoever holds the ``me`` seat's link)."""
        room, token = await _room_for(request)
        creator = room.settings.get("creator")
        if not isinstance(creator, int) or room.seat_of(token) != creator:
            raise ApiError(403, _("only the table's creator can renew its links"))
        which = request.path_params["seat"]
        if which == "spectator":
            return JSONResponse({"spectator": await hub.renew_watch_link(room)})
        seat = int(which) if which.isdigit() and len(which) < 4 else -1
        if not 0 <= seat < len(room.row.seats) or not room.is_person(seat):
            raise ApiError(
                400, _("{seat} is not a person's seat at this table", seat=repr(which[:8]))
            )
        return JSONResponse({"seat": seat, "link": await hub.renew_seat_link(room, seat)})

    unwelcomed = _Unwelcomed()

    async def socket(websocket: WebSocket) -> None:
        await _serve_socket(hub, websocket, unwelcomed)

    routes = [
        Route("/", page),
        Route("/t/{table}", page),
        Route("/api/games", games),
        Route("/api/i18n/{lang}", catalog),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/import", import_record, methods=["POST"]),
        Route("/api/my-games", my_games, methods=["POST"]),
        Route("/api/tables/{table}/record", record),
        Route("/api/tables/{table}/replay/{step}", replay),
        Route("/api/tables/{table}/rematch", rematch, methods=["POST"]),
        Route("/api/tables/{table}/invites/{seat}/revoke", renew_link, methods=["POST"]),
        WebSocketRoute("/ws/{table}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    return app


def _replay_at(room: Room, k: int) -> dict[str, Any]:
    """The finished game after decision ``k``, everything shown (it is over), in the reader's
    language: the decision described as its seat saw it, the events put into words."""
    game, record = room.game, room.table.record
    entry = before = None
    for entry in replay_steps(game, record):
        if entry.index == k:
            break
        before = entry.state
    assert entry is not None
    seats = range(len(record.seats))
    names = room.names()
    text = None
    if k and before is not None and entry.seat >= 0:
        text = game.describe_action(game.view(before, entry.seat), entry.action)
    return {
        "step": k,
        "steps": len(record.steps),
        "seat": entry.seat if k else None,
        "name": record.label(entry.seat) if k else None,
        "action": str(entry.action) if k else None,
        "text": text,
        # a private event is worded for whom it was told to ("you draw …"): say who that was
        "events": [
            {
                "kind": e.kind,
                "text": game.event_text(e, names),
                "data": e.data,
                "to": None if e.to is None else [record.label(s) for s in e.to],
            }
            for e in entry.events
        ],
        "boards": {
            **{str(s): game.render(game.view(entry.state, s)) for s in seats},
            "spectator": game.render(game.view(entry.state, None)),
        },
        "labels": {str(s): record.label(s) for s in seats},
    }


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


class _Unwelcomed:
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


async def _serve_socket(hub: Hub, websocket: WebSocket, unwelcomed: _Unwelcomed) -> None:
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
                            lang = _spoken(message.lang)
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
        return Conn(send, seat, hello.token)
    if hello.watch is not None and room.is_watcher(hello.watch):
        return Conn(send, None, hello.watch)
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
    if isinstance(message, protocol.Lang):
        try:
            conn.lang = _spoken(message.lang)
        except LanguageError as exc:
            error(str(exc))
            return
        conn.sent = -1  # the whole log again, in the new language
        send(room.welcome(conn))
        send(room.resend(conn))
        return
    if conn.seat is None:
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
            else:  # Back
                if not await room.take_back(conn.seat):
                    raise IllegalAction(
                        "not_away", _("no bot is playing your seat: there is nothing to take back")
                    )
                send(protocol.encode({"type": "ack", "step": room.shown_step(conn.seat)}))
                return
    except MailbagError as exc:
        with use_language(conn.lang):
            send(refused(exc, room.shown_step(conn.seat)))
        send(room.resend(conn))
        return
    send(protocol.encode({"type": "ack", "step": step}))
    await room.changed()
