"""A throwaway PostgreSQL server for the tests.

`PostgresServer.start()` runs Debian's PostgreSQL (found on PATH or in
/usr/lib/postgresql/*/bin) on a data directory in a fresh temporary folder, reachable only
through a Unix socket in a private folder beside it (no TCP at all). PostgreSQL refuses to run
as root, so when the tests run as root (as they do on the developers' machines and in CI) the
server's programs run as `nobody` (through runuser, or setpriv where runuser is missing), and the
folders they write are handed to that user. Every pytest-xdist worker starts its own server.

Clients connect as the server's superuser `mailbag` with no password (trust on the private
socket), through SQLAlchemy URLs like
`postgresql+psycopg://mailbag@/mailbag_test?host=/tmp/mailbag-pg-gw0-xxxx/sock`.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import re
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path
from urllib.parse import parse_qs, quote, unquote, urlsplit

import psycopg
from psycopg import sql
from psycopg.conninfo import make_conninfo

SUPERUSER = "mailbag"
PORT = 5432  # no TCP: the port only names the socket file (.s.PGSQL.5432)
UNPRIVILEGED_USER = "nobody"
START_TIMEOUT = 60  # seconds
NOT_INSTALLED = (
    "PostgreSQL is not installed (apt-get install postgresql): the PostgreSQL tests are skipped"
)

_SETTINGS = {
    "listen_addresses": "''",
    "port": str(PORT),
    "max_connections": "50",
    "shared_buffers": "16MB",
    # a throwaway server: speed over durability
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
}


class PostgresNotInstalled(RuntimeError):
    """No initdb/pg_ctl on PATH or in /usr/lib/postgresql/*/bin."""


def find_bin_dir() -> Path | None:
    """The folder holding initdb, pg_ctl and postgres: on PATH first, else Debian's newest."""
    on_path = shutil.which("initdb")
    if on_path:
        folder = Path(on_path).resolve().parent
        if (folder / "pg_ctl").exists() and (folder / "postgres").exists():
            return folder

    def version(path: str) -> tuple[int, ...]:
        numbers = re.findall(r"\d+", Path(path).parent.parent.name)
        return tuple(int(n) for n in numbers)

    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=version)
    for initdb in reversed(candidates):
        folder = Path(initdb).parent
        if (folder / "pg_ctl").exists() and (folder / "postgres").exists():
            return folder
    return None


def _drop_privileges_prefix() -> tuple[list[str], int | None, int | None]:
    """The command prefix that runs a program as an unprivileged user, and that user's ids.

    Empty (and no ids) when the tests already run unprivileged.
    """
    if os.geteuid() != 0:
        return [], None, None
    user = pwd.getpwnam(UNPRIVILEGED_USER)
    search = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin", "/usr/bin"])
    runuser = shutil.which("runuser", path=search)
    if runuser:
        return [runuser, "-u", user.pw_name, "--"], user.pw_uid, user.pw_gid
    setpriv = shutil.which("setpriv", path=search)
    if setpriv:
        prefix = [
            setpriv,
            f"--reuid={user.pw_uid}",
            f"--regid={user.pw_gid}",
            "--clear-groups",
            "--",
        ]
        return prefix, user.pw_uid, user.pw_gid
    raise RuntimeError(
        "the tests run as root and PostgreSQL refuses to: neither runuser nor setpriv "
        "(util-linux) is there to run it as an unprivileged user"
    )


def conninfo_from_url(url: str) -> str:
    """The libpq/psycopg connection string for a SQLAlchemy URL made by `PostgresServer.url`."""
    parts = urlsplit(url)
    query = parse_qs(parts.query)
    fields = {
        "host": query["host"][0] if "host" in query else (parts.hostname or ""),
        "port": str(parts.port or PORT),
        "user": unquote(parts.username or ""),
        "dbname": unquote(parts.path.lstrip("/")),
    }
    return make_conninfo(**{key: value for key, value in fields.items() if value})


class PostgresServer:
    """One throwaway server: `start()`, then `url()`/`create_database()`, and `stop()`."""

    def __init__(self, tag: str = "") -> None:
        self.bin_dir = find_bin_dir()
        if self.bin_dir is None:
            raise PostgresNotInstalled(NOT_INSTALLED)
        self.prefix, self._uid, self._gid = _drop_privileges_prefix()
        suffix = f"-{tag}" if tag else ""
        # short, under /tmp (a socket path is at most ~107 bytes), and traversable by the
        # unprivileged user: /tmp is world-searchable and this folder gets 0o755
        self.base = Path(tempfile.mkdtemp(prefix=f"mailbag-pg{suffix}-", dir="/tmp"))
        self.base.chmod(0o755)
        self.data_dir = self.base / "data"
        self.socket_dir = self.base / "sock"
        self.log_file = self.base / "log" / "server.log"
        self.running = False

    # -- running the server's programs -----------------------------------------------------

    def _run(self, program: str, *args: str, timeout: float = START_TIMEOUT) -> str:
        assert self.bin_dir is not None
        command = [*self.prefix, str(self.bin_dir / program), *args]
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "LC_ALL": "C",
            "LANG": "C",
            "TZ": "UTC",
        }
        done = subprocess.run(
            command,
            cwd=self.base,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(
                f"{' '.join(command)} exited {done.returncode}\n{done.stdout}\n{done.stderr}"
                f"\n--- server log ---\n{self.log()}"
            )
        return done.stdout

    def _own(self, path: Path, mode: int) -> None:
        path.mkdir(mode=mode, exist_ok=True)
        path.chmod(mode)
        if self._uid is not None and self._gid is not None:
            os.chown(path, self._uid, self._gid)

    def log(self) -> str:
        """The server's log so far (for failure messages)."""
        try:
            return self.log_file.read_text(errors="replace")
        except OSError:
            return "(no log)"

    # -- life cycle ------------------------------------------------------------------------

    def start(self) -> PostgresServer:
        self._own(self.data_dir, 0o700)
        self._own(self.socket_dir, 0o755)
        self._own(self.log_file.parent, 0o755)
        self._run(
            "initdb",
            "--pgdata",
            str(self.data_dir),
            "--username",
            SUPERUSER,
            "--auth",
            "trust",
            "--encoding",
            "UTF8",
            "--no-locale",
            "--no-sync",
        )
        settings = {**_SETTINGS, "unix_socket_directories": f"'{self.socket_dir}'"}
        # the settings go in the configuration file rather than through `pg_ctl -o`, whose
        # options pass through a shell
        conf = self.data_dir / "postgresql.conf"
        with conf.open("a") as out:
            out.write("\n# mailbag tests: a private throwaway server\n")
            for key, value in settings.items():
                out.write(f"{key} = {value}\n")
        self._run(
            "pg_ctl",
            "start",
            "--pgdata",
            str(self.data_dir),
            "--log",
            str(self.log_file),
            "--wait",
            "--timeout",
            str(START_TIMEOUT),
            timeout=START_TIMEOUT + 10,
        )
        self.running = True
        return self

    def stop(self) -> None:
        """Stop the server at once (`pg_ctl stop -m immediate`) and remove its folders."""
        if self.running:
            self.running = False
            with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
                self._run(
                    "pg_ctl",
                    "stop",
                    "--pgdata",
                    str(self.data_dir),
                    "--mode",
                    "immediate",
                    "--wait",
                    timeout=30,
                )
        shutil.rmtree(self.base, ignore_errors=True)

    def __enter__(self) -> PostgresServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # -- addresses and databases -----------------------------------------------------------

    def url(self, dbname: str = "postgres") -> str:
        """The SQLAlchemy URL of a database on this server (psycopg 3 driver)."""
        return (
            f"postgresql+psycopg://{SUPERUSER}@/{quote(dbname, safe='')}"
            f"?host={quote(str(self.socket_dir), safe='/')}"
        )

    def conninfo(self, dbname: str = "postgres") -> str:
        """The psycopg connection string of a database on this server."""
        return conninfo_from_url(self.url(dbname))

    def create_database(self, name: str | None = None) -> str:
        """Create an empty database (a fresh name unless given); return its SQLAlchemy URL."""
        name = name or f"t_{uuid.uuid4().hex[:16]}"
        with psycopg.connect(self.conninfo(), autocommit=True, connect_timeout=10) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.url(name)

    def drop_database(self, name: str) -> None:
        """Drop a database, closing whatever connections are still open to it."""
        with psycopg.connect(self.conninfo(), autocommit=True, connect_timeout=10) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


def database_name(url: str) -> str:
    """The database a SQLAlchemy URL names."""
    return unquote(urlsplit(url).path.lstrip("/"))
