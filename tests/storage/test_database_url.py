"""DATABASE_URL chooses PostgreSQL; without it DATABASE_PATH (SQLite) stays the default."""
from bot.config import Settings, load_settings
from storage import open_database
from storage.pg import PgDb


def test_database_url_falls_back_to_the_sqlite_path(monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("DATABASE_PATH", "games.sqlite")
    assert load_settings(None).database_url == "games.sqlite"
    monkeypatch.setenv("DATABASE_URL", "postgresql://castellan@db/castellan")
    assert load_settings(None).database_url == "postgresql://castellan@db/castellan"
    built = Settings(token=None, database_path="x.sqlite", dev_guild_id=None,
                     default_locale="en", log_level="INFO")
    assert built.database_url == "x.sqlite"


async def test_the_setting_opens_postgresql(monkeypatch, pg_url):
    monkeypatch.setenv("DATABASE_URL", pg_url)
    db = await open_database(load_settings(None).database_url)
    try:
        assert isinstance(db._db, PgDb)
        game = await db.create_game("citadels", engine_version=1, options={}, guild_id=None,
                                    channel_id=1, host_id=1, locale="en")
        assert (await db.load_game(game)).status == "lobby"
    finally:
        await db.close()
