"""Fixtures: every storage test that takes ``db`` runs twice, on a real migrated SQLite
file and on a fresh database of a real PostgreSQL server on loopback (one server per
test session, started here; see pg_server.py)."""
import asyncio
import itertools

import pytest

from storage import open_database

from pg_server import PgServer, PgUnavailable

TEMPLATE = "castellan_template"
_names = itertools.count(1)


@pytest.fixture(scope="session")
def pg_server():
    """The session's PostgreSQL server, with a migrated template database."""
    try:
        server = PgServer.start()
    except PgUnavailable as err:
        pytest.skip(f"PostgreSQL tests skipped: {err}")
    try:
        asyncio.run(_make_template(server))
        yield server
    finally:
        server.stop()


async def _make_template(server: PgServer) -> None:
    import asyncpg

    conn = await asyncpg.connect(server.url())
    try:
        await conn.execute(f"CREATE DATABASE {TEMPLATE}")
    finally:
        await conn.close()
    db = await open_database(server.url(TEMPLATE))  # migrates
    await db.close()


async def fresh_database(server: PgServer, *, migrated: bool = True) -> str:
    """A new database on ``server`` (a copy of the migrated template, or empty)."""
    import asyncpg

    name = f"test_{next(_names)}"
    conn = await asyncpg.connect(server.url())
    try:
        await conn.execute(f"CREATE DATABASE {name} TEMPLATE "
                           f"{TEMPLATE if migrated else 'template0'}")
    finally:
        await conn.close()
    return server.url(name)


async def drop_database(server: PgServer, url: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(server.url())
    try:
        await conn.execute(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1]} WITH (FORCE)")
    finally:
        await conn.close()


@pytest.fixture
async def pg_url(pg_server):
    """The URL of a fresh, migrated PostgreSQL database (dropped afterwards)."""
    url = await fresh_database(pg_server)
    yield url
    await drop_database(pg_server, url)


@pytest.fixture
async def empty_pg_url(pg_server):
    """The URL of a fresh, empty PostgreSQL database (dropped afterwards)."""
    url = await fresh_database(pg_server, migrated=False)
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
