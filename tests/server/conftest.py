"""Fixtures for the server's tests: a throwaway PostgreSQL server (see postgres.py).

- `postgres_server` (session): the running `PostgresServer`, one per pytest-xdist worker.
- `postgres_url` (session): SQLAlchemy URL (`postgresql+psycopg://…`) of a database made for
  the session; tests that share it must not depend on each other's rows.
- `fresh_postgres_url` (function): SQLAlchemy URL of a new empty database for one test,
  dropped after it.

Each skips when PostgreSQL is not installed.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from postgres import NOT_INSTALLED, PostgresNotInstalled, PostgresServer, database_name


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    try:
        server = PostgresServer(tag=os.environ.get("PYTEST_XDIST_WORKER", ""))
    except PostgresNotInstalled:
        pytest.skip(NOT_INSTALLED)
    try:
        server.start()
    except BaseException:
        server.stop()
        raise
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def postgres_url(postgres_server: PostgresServer) -> str:
    return postgres_server.create_database("mailbag_test")


@pytest.fixture
def fresh_postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    url = postgres_server.create_database()
    yield url
    postgres_server.drop_database(database_name(url))
