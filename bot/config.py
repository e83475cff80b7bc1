"""Settings from the environment, or a ``.env`` file in the working directory."""
from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    token: str | None
    database_path: str
    dev_guild_id: int | None
    default_locale: str
    log_level: str
    lobby_days: int = 7         # lobbies that never start close after this many days
    vacation_days: int = 14     # each player's vacation allowance per month
    # what open_database() opens: DATABASE_URL (postgresql://...), else database_path
    database_url: str = ""

    def __post_init__(self) -> None:
        if not self.database_url:
            object.__setattr__(self, "database_url", self.database_path)


def load_settings(env_file: str | None = ".env") -> Settings:
    """Read ``.env`` (if present, never overriding real environment variables), then the env."""
    if env_file:
        try:
            from dotenv import load_dotenv
            load_dotenv(env_file, override=False)
        except ImportError:  # python-dotenv is a dependency; stay usable without it
            pass
    guild = os.environ.get("DEV_GUILD_ID", "").strip()
    return Settings(
        token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
        database_path=os.environ.get("DATABASE_PATH", "").strip() or "castellan.sqlite",
        dev_guild_id=int(guild) if guild.isdigit() else None,
        default_locale=os.environ.get("DEFAULT_LOCALE", "").strip() or "en",
        log_level=os.environ.get("LOG_LEVEL", "").strip().upper() or "INFO",
        lobby_days=_int(os.environ.get("LOBBY_DAYS"), 7),
        vacation_days=_int(os.environ.get("VACATION_DAYS"), 14),
        database_url=os.environ.get("DATABASE_URL", "").strip(),
    )


def _int(text: str | None, default: int) -> int:
    text = (text or "").strip()
    return int(text) if text.isdigit() and int(text) > 0 else default
