"""Fixtures: a real, migrated SQLite file per test."""
import pytest

from storage import open_database


@pytest.fixture
async def db(tmp_path):
    database = await open_database(tmp_path / "castellan.db")
    yield database
    await database.close()
