"""The starlette application: the lobby's JSON API, the table sockets and the browser client.

``create_app(db_url)`` builds it; ``mailbag serve`` runs it under uvicorn. The HTTP API and the
socket protocol are described in ``docs/protocol.md``.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import gc
import hashlib
import math
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    Response,
)
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from mailbag.bots.base import BotLimits
from mailbag.core import MailbagError
from mailbag.core.game import Event
from mailbag.core.i18n import (
    LANGUAGE_NAMES,
    LanguageError,
    _,
    best_language,
    language,
    translate_all,
    use_language,
)
from mailbag.core.presentation import Presentation
from mailbag.core.records import GameRecord, replay_steps
from mailbag.games import get as get_game
from mailbag.games import names as games_names
from mailbag.server import boards, lobby, messages, words
from mailbag.server.hub import Hub
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
from mailbag.server.reviews import Reviewer, depth_of
from mailbag.server.rooms import Room
from mailbag.server.sockets import Unwelcomed, serve_socket, spoken
from mailbag.server.store.db import Database
from mailbag.server.tokens import is_table_id, token_hash

STATIC = Path(__file__).parent / "static"


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
                    chosen = spoken(lang)
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
    reviewer = Reviewer(hub)
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
            reviewer.close()
            hub.close()
            db.dispose()

    headers = _security_headers()

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=headers)

    async def board(request: Request) -> Response:
        """A file of a game's board folder (``games/<game>/web/``), found through the registry."""
        found = await asyncio.get_running_loop().run_in_executor(
            None, boards.board_file, request.path_params["game"], request.path_params["file"]
        )
        if found is None:
            return PlainTextResponse("not found", status_code=404, headers=headers)
        body, kind = found
        tag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        sent = {**headers, "ETag": tag, "Cache-Control": "no-cache"}
        if tag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers=sent)
        return Response(body, media_type=kind, headers=sent)

    @_api
    async def catalog(request: Request) -> Response:
        """The client's texts in a language (its own look-ups: ``t("…")``)."""
        lang = spoken(request.path_params["lang"])
        return JSONResponse(
            {"lang": lang, "names": LANGUAGE_NAMES, "messages": translate_all(lang)},
            headers={"Cache-Control": "no-cache"},
        )

    @_api
    async def rules_page(request: Request) -> Response:
        """``/rules/<game>``: the rules the game cites, in the reader's language (``?lang=``),
        each under an anchor that is its id (a refusal's link goes straight to it)."""
        name = request.path_params["game"]
        if name not in games_names():
            return PlainTextResponse(
                _("no game {game}", game=repr(name[:40])), status_code=404, headers=headers
            )
        return HTMLResponse(words.rules_html(get_game(name), language()), headers=headers)

    @_api
    async def rules_data(request: Request) -> Response:
        """``/api/rules/<game>``: the game's rules reference for the table's rules panel, in the
        reader's language (``?lang=``)."""
        name = request.path_params["game"]
        if name not in games_names():
            return _error(404, _("no game {game}", game=repr(name[:40])))
        data = words.rules_data(get_game(name), language())
        if data is None:
            return _error(404, _("{game} has no rules reference here", game=name))
        return JSONResponse(data, headers={"Cache-Control": "no-cache"})

    @_api
    async def games(request: Request) -> Response:
        return JSONResponse(lobby.describe_games())  # in the reader's language

    async def _making(
        request: Request, make: Callable[[Database, Any], dict[str, Any]], limit: int
    ) -> Response:
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
    async def learn(request: Request) -> Response:
        return await _making(request, lobby.create_lesson, MAX_SMALL_BODY)

    @_api
    async def import_record(request: Request) -> Response:
        return await _making(request, lobby.import_table, MAX_BODY)

    @_api
    async def my_games(request: Request) -> Response:
        body = await read_json(request)
        links = body.get("links") if isinstance(body, dict) else None
        if not isinstance(links, list) or len(links) > 200:
            raise ApiError(400, _("expected {'links': [{'table': id, 'token': token}, …]} (≤ 200)"))
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
    async def review(request: Request) -> Response:
        """A finished game's review (:mod:`mailbag.server.reviews`): ``GET`` how far it got (and
        it, once done), ``POST`` start it, ``DELETE`` cancel it; ``?depth=`` quick, default or
        deep."""
        room, token = await _room_for(request)
        _over_for(room, token)
        depth = depth_of(request.query_params.get("depth"))
        if request.method == "POST":
            return JSONResponse(await reviewer.start(room, depth), status_code=202)
        if request.method == "DELETE":
            return JSONResponse(await reviewer.cancel(room, depth))
        return JSONResponse(
            await reviewer.status(room, depth), headers={"Cache-Control": "no-store"}
        )

    @_api
    async def replay(request: Request) -> Response:
        """A step of the game: once over, everything shown; while it is played, a seat's (or the
        spectators') own game so far, from its own views only."""
        room, token = await _room_for(request)
        seat = room.seat_of(token)
        if seat is None and not room.is_watcher(token):
            raise ApiError(403, _("this link is not one of this table's"))
        try:
            k = int(request.path_params["step"])
        except ValueError:
            raise ApiError(400, _("the step must be a number")) from None
        over = room.table.is_over()
        # while it is played: up to the step this seat was last told (never the others'
        # decisions it has not seen yet)
        last = room.table.step if over else room.shown_step(seat)
        if not 0 <= k <= last:
            raise ApiError(400, _("step {step} is not in this game (0–{last})", step=k, last=last))
        if over:
            return JSONResponse(await hub.run(_replay_at, room, k, seat))
        return JSONResponse(await hub.run(_replay_seen, room, k, seat, last))

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

    unwelcomed = Unwelcomed()

    async def socket(websocket: WebSocket) -> None:
        await serve_socket(hub, websocket, unwelcomed)

    routes = [
        Route("/", page),
        Route("/t/{table}", page),
        Route("/games/{game}/{file}", board),
        Route("/api/games", games),
        Route("/rules/{game}", rules_page),
        Route("/api/rules/{game}", rules_data),
        Route("/api/i18n/{lang}", catalog),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/import", import_record, methods=["POST"]),
        Route("/api/learn", learn, methods=["POST"]),
        Route("/api/my-games", my_games, methods=["POST"]),
        Route("/api/tables/{table}/record", record),
        Route("/api/tables/{table}/replay/{step}", replay),
        Route("/api/tables/{table}/review", review, methods=["GET", "POST", "DELETE"]),
        Route("/api/tables/{table}/rematch", rematch, methods=["POST"]),
        Route("/api/tables/{table}/invites/{seat}/revoke", renew_link, methods=["POST"]),
        WebSocketRoute("/ws/{table}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    app.state.reviewer = reviewer
    return app


def _entry_at(room: Room, k: int) -> tuple[Any, Any]:
    """Decision ``k`` of the table's record replayed, and the state before it."""
    entry = before = None
    for entry in replay_steps(room.game, room.table.record):
        if entry.index == k:
            break
        before = entry.state
    assert entry is not None
    return entry, before


def _worded_events(
    presentation: Presentation, record: GameRecord, events: Sequence[Event], names: Sequence[str]
) -> list[dict[str, Any]]:
    """A replayed decision's events for the replay's reader: each one's kind, words, data and
    (a private one) whom it was told to."""
    return [
        {
            "kind": e.kind,
            "text": presentation.event_text(e, names),
            "data": e.data,
            "to": None if e.to is None else [record.label(s) for s in e.to],
        }
        for e in events
    ]


def _replay_seen(room: Room, k: int, reader: int | None, last: int) -> dict[str, Any]:
    """The game so far after decision ``k`` as ``reader`` (``None``: a spectator) saw it, while
    it is played: its own view and board, the events it was told, its own decisions in words
    and another's only as the events it saw tell them — nothing of what it cannot know (no
    other seat's view, no hidden choice). ``last``: the step it was last told."""
    game, record = room.game, room.table.record
    entry, before = _entry_at(room, k)
    presentation = game.presentation
    names = room.reader_names()
    view = game.view(entry.state, reader)
    seen = [e for e in entry.events if e.visible_to(reader)]
    earlier = game.view(before, reader) if k and before is not None else None
    # whether the decision reached the reader at all (another's secret choice did not, but for
    # what its view shows of it: that it was made)
    told = bool(k) and (bool(seen) or earlier != view)
    own = bool(k) and entry.seat == reader
    text = None
    clicks: list[str] = []
    things: list[str] = []
    if own and before is not None and reader is not None:
        mine = game.view(before, reader)
        text = presentation.describe_action(mine, entry.action)
        clicks = list(presentation.click_path(mine, entry.action))
    elif told:
        texts = [t for t in (presentation.event_text(e, names) for e in seen) if t.strip()]
        changed = list(presentation.changed_things(earlier, view)) if earlier is not None else []
        text = "; ".join(texts) if texts else words.change_without_words(False, bool(changed))
    if told and earlier is not None:
        things = list(presentation.changed_things(earlier, view))
    seats = range(len(record.seats))
    key = "spectator" if reader is None else str(reader)
    return {
        "step": k,
        "steps": last,
        "over": False,
        "seat": entry.seat if told else None,
        "name": record.label(entry.seat) if told else None,
        # the notation of the reader's own decisions only
        "action": str(entry.action) if own else None,
        "text": text,
        "events": _worded_events(presentation, record, seen, names),
        "boards": {key: presentation.render(view)},
        "labels": {str(s): record.label(s) for s in seats},
        "view": view,
        "clicks": clicks,
        "things": things,
    }


def _replay_at(room: Room, k: int, reader: int | None = None) -> dict[str, Any]:
    """The finished game after decision ``k``, everything shown (it is over), in the reader's
    language: the decision described as its seat saw it, the events put into words."""
    game, record = room.game, room.table.record
    entry, before = _entry_at(room, k)
    seats = range(len(record.seats))
    names = room.names()
    text = None
    clicks: list[str] = []
    things: list[str] = []
    if k and before is not None and entry.seat >= 0:
        seen = game.view(before, entry.seat)
        text = game.presentation.describe_action(seen, entry.action)
        clicks = list(game.presentation.click_path(seen, entry.action))
        after = game.view(entry.state, entry.seat)
        things = list(dict.fromkeys([*clicks, *game.presentation.changed_things(seen, after)]))
    return {
        "step": k,
        "steps": len(record.steps),
        "seat": entry.seat if k else None,
        "name": record.label(entry.seat) if k else None,
        "action": str(entry.action) if k else None,
        "text": text,
        # a private event is worded for whom it was told to ("you draw …"): say who that was
        "events": _worded_events(game.presentation, record, entry.events, names),
        "boards": {
            **{str(s): game.presentation.render(game.view(entry.state, s)) for s in seats},
            "spectator": game.presentation.render(game.view(entry.state, None)),
        },
        "labels": {str(s): record.label(s) for s in seats},
        "over": True,
        # the position as each seat saw it (in seat order), for the graphical board's "see as":
        # the game is over, so every seat's view may be shown; ``view``: the reader's own
        "views": [game.view(entry.state, s) for s in seats],
        "view": game.view(entry.state, reader),
        "clicks": clicks,
        # what the decision changed on the board, as its seat saw it
        "things": things,
    }
