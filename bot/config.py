"""Settings from the environment and ``.env`` (pydantic-settings: typed, documented, one place)."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from storage.db import DEFAULT_URL


class Settings(BaseSettings):
    # An empty value (`DEV_GUILD_ID=` as .env.example has it) means "not set", not "".
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore",
                                      env_ignore_empty=True)

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
    head_cache: bool = Field(default=True, description="Keep game states in memory (safe with "
                             "several processes: a cached state is checked against the "
                             "database's version).")
    shard_count: int | None = Field(default=None, description="Discord shards in all, when "
                                    "several bot processes share the work.")
    shard_ids: str | None = Field(default=None, description="The shards this process serves: "
                                  "\"0,1\" or \"0-3\" (empty: every shard).")
    metrics_port: int | None = Field(default=None, description="Serve Prometheus metrics and "
                                     "a health check on this port (127.0.0.1 unless "
                                     "METRICS_HOST says otherwise).")
    metrics_host: str = "127.0.0.1"
    log_format: str = Field(default="text", description="text, or json: one JSON object per "
                            "line with the game, server, user and move version.")
    sqlite_synchronous: str = Field(default="NORMAL", description="SQLite durability: NORMAL "
                                    "survives a crash of the bot, FULL also an OS crash or "
                                    "power loss (an fsync per move).")

    ai_workers: int | None = Field(default=None, ge=0, validation_alias="MAESTER_AI_WORKERS",
                                   description="Worker processes the AI players think in "
                                   "(0: inline on the event loop, for tests; default 1).")

    def shards(self) -> Shards | None:
        """``SHARD_COUNT`` and ``SHARD_IDS`` as shards (ValueError naming what is wrong)."""
        return Shards.parse(self.shard_count, self.shard_ids)


@dataclass(frozen=True)
class Shards:
    """Discord's shards: how many in all, and which of them this process serves (None: all)."""

    count: int
    ids: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError(f"SHARD_COUNT must be at least 1, not {self.count}")
        bad = [i for i in self.ids or () if not 0 <= i < self.count]
        if bad:
            raise ValueError(f"SHARD_IDS {bad} are not shards of {self.count} (0 to "
                             f"{self.count - 1})")

    @classmethod
    def parse(cls, count: int | None, ids: str | None) -> Shards | None:
        """``SHARD_COUNT`` and ``SHARD_IDS`` ("0,1" or "0-3"; empty: every shard)."""
        if count is None:
            if ids:
                raise ValueError("SHARD_IDS needs SHARD_COUNT")
            return None
        chosen: list[int] = []
        for part in (ids or "").replace(" ", "").split(","):
            if not part:
                continue
            first, _, last = part.partition("-")
            try:
                chosen += range(int(first), int(last or first) + 1)
            except ValueError:
                raise ValueError(f"SHARD_IDS: {part!r} is not a shard number or a range "
                                 "such as 0-3") from None
        return cls(count, tuple(sorted(set(chosen))) or None)

    @property
    def syncs_commands(self) -> bool:
        """One process writes the slash commands: the one serving shard 0."""
        return self.ids is None or 0 in self.ids
