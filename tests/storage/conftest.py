"""Fixtures: every storage test that takes ``db`` runs twice, on a real migrated SQLite
file and on a real PostgreSQL server on loopback (one server per test session, started
here; see pg_server.py).  The PostgreSQL tests share one migrated database, emptied
before each test (TRUNCATE ... RESTART IDENTITY: 20 ms, where a new database from a
template takes 100-250 ms); tests of migrations get an empty database of their own."""
import asyncio
import itertools

import pytest

from storage import open_database

from pg_server import PgServer, PgUnavailable

SHARED = "castellan_test"
_names = itertools.count(1)


@pytest.fixture(scope="session")
def pg_server():
    """The session's PostgreSQL server, with the shared migrated database."""
    try:
        server = PgServer.start()
    except PgUnavailable as err:
        pytest.skip(f"PostgreSQL tests skipped: {err}")
    try:
        asyncio.run(_make_databases(server))
        yield server
    finally:
        server.stop()


async def _make_databases(server: PgServer) -> None:
    """The shared test database, migrated."""
    await _create(server, SHARED)
    await (await open_database(server.url(SHARED))).close()


async def _create(server: PgServer, name: str) -> None:
    await server.execute(f"CREATE DATABASE {name} TEMPLATE template0 STRATEGY FILE_COPY")


async def fresh_database(server: PgServer) -> str:
    """A new, empty database on ``server``; its URL."""
    name = f"test_{next(_names)}"
    await _create(server, name)
    return server.url(name)


async def drop_database(server: PgServer, url: str) -> None:
    await server.execute(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1]} WITH (FORCE)")


#: empty every table but the schema version, ids starting again from 1
_EMPTY = """DO $$ BEGIN EXECUTE (
    SELECT 'TRUNCATE ' || string_agg(quote_ident(tablename), ', ') || ' RESTART IDENTITY CASCADE'
    FROM pg_tables WHERE schemaname = 'public' AND tablename != 'schema_version');
END $$"""


@pytest.fixture
async def pg_url(pg_server):
    """The URL of the shared migrated PostgreSQL database, emptied for this test."""
    await pg_server.execute(_EMPTY, SHARED)
    return pg_server.url(SHARED)


@pytest.fixture
async def empty_pg_url(pg_server):
    """The URL of a fresh, empty PostgreSQL database (dropped afterwards)."""
    url = await fresh_database(pg_server)
    yield url
    await drop_database(pg_server, url)


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request):
    return request.param


@pytest.fixture
def target(request, backend, tmp_path):
    """Where the test's database lives: a SQLite file, or a PostgreSQL URL."""
    if backend == "sqlite":
        return tmp_path / "castellan.db"
    return request.getfixturevalue("pg_url")


@pytest.fixture
async def db(target):
    database = await open_database(target)
    yield database
    await database.close()
