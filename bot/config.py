"""Settings from the environment and ``.env`` (pydantic-settings: typed, documented, one place)."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from storage.db import DEFAULT_URL


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str | None = Field(default=None, description="The bot token.")
    database_url: str = Field(default=DEFAULT_URL, description="SQLAlchemy async URL.")
    dev_guild_id: int | None = Field(default=None, description="Sync commands to this guild.")
    log_level: str = "INFO"
    default_deadline_hours: float = 24.0
    reminder_poll_seconds: float = 30.0
    ready_check_hours: float = 12.0
    content_dir: str | None = Field(default=None, description="A folder of content packs "
                                    "(CONTENT_DIR/<game>/<collection>.json) laid over the "
                                    "shipped printed content.")
    head_cache: bool = Field(default=True, description="Turn off when several processes share "
                                                       "one database.")
    sqlite_synchronous: str = Field(default="NORMAL", description="SQLite durability: NORMAL "
                                    "survives a crash of the bot, FULL also an OS crash or "
                                    "power loss (an fsync per move).")
