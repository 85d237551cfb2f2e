"""``mailbag serve`` (and ``mailbag bench-server``): the browser server from the command line.
Needs the ``web`` extra (``pip install 'mailbag[web]'``, or ``make serve``)."""

from __future__ import annotations

import json
import math
from typing import Annotated

import typer

from mailbag.bots.base import BotLimits
from mailbag.cli.util import friendly
from mailbag.core.errors import MailbagError
from mailbag.core.i18n import _
from mailbag.core.registry import names as game_names


class ServeError(MailbagError):
    pass


def default_db_url() -> str:
    from mailbag.paths import data_dir

    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'server.sqlite3'}"


def _need_web() -> None:
    try:
        import sqlalchemy  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ModuleNotFoundError as exc:
        raise ServeError(
            _(
                "the browser server needs the web extra ({module} is missing): "
                "pip install 'mailbag[web]' (or: make serve)",
                module=str(exc.name),
            )
        ) from None


def register(app: typer.Typer) -> None:
    @app.command(
        "serve", help=_("Play in the browser with friends: a lobby, invite links, live tables.")
    )
    @friendly
    def serve_command(
        host: Annotated[
            str, typer.Option(help=_("address to listen on (only this machine by default)"))
        ] = "127.0.0.1",
        port: Annotated[int, typer.Option(help=_("port to listen on"))] = 8000,
        db: Annotated[
            str | None,
            typer.Option(
                metavar="URL",
                help=_(
                    "database: sqlite:///PATH (default: a file in the data folder) or "
                    "postgresql+psycopg://USER@HOST/DB (several servers on one database)"
                ),
            ),
        ] = None,
        max_bot_time: Annotated[
            float,
            typer.Option(
                metavar="SECONDS",
                help=_(
                    "the most seconds a bot may think per move (tables asking more are refused)"
                ),
            ),
        ] = BotLimits.time,
        max_bot_iters: Annotated[
            int,
            typer.Option(
                metavar="N",
                help=_(
                    "the most search iterations a bot may run per move (tables asking more "
                    "are refused)"
                ),
            ),
        ] = BotLimits.iters,
        open_game: Annotated[
            str | None,
            typer.Option(
                "--open",
                metavar="GAME",
                help=_(
                    "make a table of GAME for you against bots (Postcards: the Automa) and open "
                    "the browser on it (the link is printed where no browser can be opened)"
                ),
            ),
        ] = None,
    ) -> None:
        """Play in the browser with friends: a lobby, invite links, live tables."""
        _need_web()
        import uvicorn

        from mailbag.server.app import create_app
        from mailbag.server.store.db import safe_url

        if not 0 < port < 65536:
            raise ServeError(_("--port must be from 1 to 65535, not {port}", port=port))
        limits = _bot_limits(max_bot_time, max_bot_iters)
        url = db or default_db_url()
        if not (url.startswith("sqlite:///") or url.startswith("postgresql")):
            raise ServeError(
                _(
                    "--db {url}: give sqlite:///PATH or postgresql+psycopg://USER@HOST/DB",
                    url=repr(url),
                )
            )
        if open_game is not None and open_game not in game_names():
            raise ServeError(
                _(
                    "--open {game}: no such game (games: {games})",
                    game=repr(open_game),
                    games=", ".join(game_names()),
                )
            )
        _open_database(url)
        application = create_app(url, bot_limits=limits)
        shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        address = f"http://{shown}:{port}/"
        typer.echo(
            _(
                "mailbag: serving on {address}  (database: {database})",
                address=address,
                database=safe_url(url),
            )
        )
        from mailbag.server import wsserver

        if open_game is not None:
            from mailbag.cli.opening import open_in_browser

            open_in_browser(address, open_game, lambda line: typer.echo(line))

        uvicorn.run(
            application,
            ws=wsserver.protocol(),
            host=host,
            port=port,
            log_level="warning",
            ws_max_size=64 * 1024,
            ws_ping_interval=20,
            ws_ping_timeout=20,
        )

    @app.command(
        "bench-server",
        help=_(
            "Load-test the browser server: players at many tables over WebSockets; moves/s and "
            "submit-to-broadcast latency."
        ),
    )
    @friendly
    def bench_server_command(
        clients: Annotated[
            int, typer.Option(help=_("WebSocket clients (two per table, at least)"))
        ] = 200,
        tables: Annotated[int, typer.Option(help=_("tables of two friend seats"))] = 100,
        seconds: Annotated[float, typer.Option(help=_("how long to measure"))] = 30.0,
        db: Annotated[
            str | None,
            typer.Option(
                metavar="URL",
                help=_("the started server's database (default: a fresh temporary SQLite file)"),
            ),
        ] = None,
        game: Annotated[str, typer.Option(help=_("the game played"))] = "carteros",
        think: Annotated[
            float, typer.Option(help=_("seconds a player thinks before each move (±50%)"))
        ] = 0.5,
        workers: Annotated[int, typer.Option(help=_("server processes on the database"))] = 1,
        url: Annotated[
            str | None,
            typer.Option(metavar="URL", help=_("use a running server (http://HOST:PORT) instead")),
        ] = None,
        seed: Annotated[int, typer.Option(help=_("seed of the players' choices and pauses"))] = 0,
        as_json: Annotated[
            bool, typer.Option("--json", help=_("Print the report as JSON."))
        ] = False,
    ) -> None:
        """Load-test the browser server: players at many tables over WebSockets; moves/s and
        submit-to-broadcast latency."""
        _need_web()
        from mailbag.bench.server import BenchConfig, report_table, run_bench

        config = BenchConfig(clients, tables, seconds, db, game, think, workers, url, seed)
        report = run_bench(config)
        if as_json:
            typer.echo(json.dumps(report.to_json(), indent=2, sort_keys=True))
        else:
            from rich.console import Console

            Console().print(report_table(report))


def _bot_limits(seconds: float, iters: int) -> BotLimits:
    """The operator's bot limits, checked: a search needs some time and iterations, and no
    move may take more than an hour."""
    if not (math.isfinite(seconds) and 0.01 <= seconds <= 3600):
        raise ServeError(
            _("--max-bot-time must be from 0.01 to 3600 seconds, not {value}", value=seconds)
        )
    if not 1 <= iters <= 10_000_000:
        raise ServeError(
            _("--max-bot-iters must be from 1 to 10000000, not {value}", value=iters)
        )
    return BotLimits(time=seconds, iters=iters)


def _open_database(url: str) -> None:
    """Open the database and bring its schema up to date before serving, so a wrong ``--db``
    is one clear line, not a server that fails as it starts."""
    from sqlalchemy.exc import SQLAlchemyError

    from mailbag.core.i18n import _
    from mailbag.server.store.db import Database, safe_url

    database = Database(url)
    try:
        database.migrate()
    except SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        raise ServeError(
            _(
                "--db {url}: the database cannot be opened ({reason})",
                url=safe_url(url),
                reason=reason,
            )
        ) from None
    finally:
        database.dispose()
