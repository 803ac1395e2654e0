"""SQLModel tables (design.md §3). The action log is the source of truth; ``games.state``
and ``snapshots`` are caches rebuilt by replay."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Column, DateTime, Index, UniqueConstraint
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    return datetime.now(UTC)


def _ts(**kw: Any) -> Any:
    return Field(sa_column=Column(DateTime(timezone=True), **kw))


class Game(SQLModel, table=True):
    __tablename__ = "games"
    __table_args__ = (Index("ix_games_status", "status"),)

    id: int | None = Field(default=None, primary_key=True)
    game_type: str = Field(max_length=40)
    rules_version: int = 1
    title: str = Field(default="", max_length=100)
    guild_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    channel_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    thread_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    board_message_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    creator_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    status: str = Field(default="lobby", max_length=16)  # lobby|starting|active|finished|abandoned
    paused: bool = False
    config: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    n_seats: int = 0
    max_seats: int = 0
    seed: int = Field(default=0, sa_column=Column(BigInteger, nullable=False))
    version: int = 0
    state: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON))
    awaiting: list[int] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    result: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON))
    deadline_seconds: int = 86_400
    excuses: int = 1
    #: How well the table's AI players play (easy|normal|hard); None: a table from before
    #: bots, whose open seats the AI plays at ``normal``.
    ai_difficulty: str | None = Field(default=None, max_length=8)
    ready_check_until: datetime | None = _ts(nullable=True)
    created_at: datetime = Field(default_factory=utcnow, sa_column=Column(DateTime(timezone=True),
                                                                          nullable=False))
    updated_at: datetime = Field(default_factory=utcnow, sa_column=Column(DateTime(timezone=True),
                                                                          nullable=False))
    finished_at: datetime | None = _ts(nullable=True)


class Seat(SQLModel, table=True):
    __tablename__ = "seats"
    __table_args__ = (
        UniqueConstraint("game_id", "seat", name="uq_seat_game_seat"),
        UniqueConstraint("game_id", "user_id", name="uq_seat_game_user"),
        Index("ix_seats_user", "user_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", ondelete="CASCADE")
    seat: int
    user_id: int | None = Field(default=None, sa_column=Column(BigInteger))  # None = abandoned
    display_name: str = Field(default="", max_length=100)
    ready: bool = False  # start-of-game ready check
    dm_ok: bool = True
    missed: int = 0
    excuses_left: int = 1
    active: bool = True
    #: A seat filled by an AI player at creation or from the lobby (user_id None): named as a
    #: bot, always ready, and it keeps the game out of the human ratings.
    bot: bool = False
    joined_at: datetime = Field(default_factory=utcnow, sa_column=Column(DateTime(timezone=True),
                                                                         nullable=False))


class ActionRow(SQLModel, table=True):
    __tablename__ = "actions"
    __table_args__ = (
        UniqueConstraint("game_id", "seq", name="uq_action_game_seq"),
        UniqueConstraint("interaction_id", name="uq_action_interaction"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", ondelete="CASCADE")
    seq: int
    seat: int
    actor_id: int | None = Field(default=None, sa_column=Column(BigInteger))  # None = system
    source: str = Field(default="player", max_length=16)  # player|deadline|autopilot
    action: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    events: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSON,
                                                                                nullable=False))
    state_hash: str = Field(max_length=64)
    interaction_id: str | None = Field(default=None, max_length=40)
    created_at: datetime = Field(default_factory=utcnow, sa_column=Column(DateTime(timezone=True),
                                                                          nullable=False))


class Snapshot(SQLModel, table=True):
    __tablename__ = "snapshots"

    game_id: int = Field(foreign_key="games.id", primary_key=True, ondelete="CASCADE")
    seq: int = Field(primary_key=True)
    rules_version: int = 1
    state: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))


class Deadline(SQLModel, table=True):
    """A pending reminder or deadline for one awaited seat (or the lobby ready check)."""

    __tablename__ = "deadlines"
    __table_args__ = (
        UniqueConstraint("game_id", "seat", "kind", name="uq_deadline_game_seat_kind"),
        Index("ix_deadlines_due", "due_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", ondelete="CASCADE")
    seat: int  # -1 = the whole game (ready check)
    kind: str = Field(max_length=16)  # remind(_half)|deadline|ready_check|lobby_expire|vote:<id>
    due_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    version: int = 0  # game version when scheduled
    # Which bot process took the due row and until when: with several processes on one
    # database each due row is acted on by one of them; a crashed one's rows are taken over
    # once its lease has run out.
    claimed_by: str | None = Field(default=None, max_length=64)
    claimed_until: datetime | None = Field(
        default=None, sa_column=Column(DateTime(timezone=True), nullable=True))


class Vote(SQLModel, table=True):
    __tablename__ = "votes"
    __table_args__ = (Index("ix_votes_game_open", "game_id", "open"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", ondelete="CASCADE")
    kind: str = Field(max_length=16)  # pause|resume|extend|cancel|replace
    target_seat: int | None = None
    proposer_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    ballots: dict[str, bool] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    open: bool = True
    outcome: str | None = Field(default=None, max_length=16)
    created_at: datetime = Field(default_factory=utcnow, sa_column=Column(DateTime(timezone=True),
                                                                          nullable=False))


class BotState(SQLModel, table=True):
    """Small facts the bot keeps about itself (e.g. the hash of the last synced commands)."""

    __tablename__ = "bot_state"

    key: str = Field(primary_key=True, max_length=100)
    value: str = Field(default="", max_length=200)


class UserSettings(SQLModel, table=True):
    __tablename__ = "user_settings"

    user_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    dm_enabled: bool = True
    remind_minutes: int = 120  # reminder lead time before a deadline
    locale: str = Field(default="en", max_length=10)
    #: The player chose ``locale`` (``/game settings language:``); otherwise it follows the
    #: language of their Discord client, seen at their last interaction.
    locale_fixed: bool = False


class GuildSettings(SQLModel, table=True):
    """A server's own rules for its tables (``/game settings server``)."""

    __tablename__ = "guild_settings"

    guild_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    #: Consecutive missed deadlines after which a seat is opened to the autopilot (0 = never).
    auto_open_after: int = 3
    #: Members with this role administer games like members with Manage Server.
    admin_role_id: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    #: A lobby nobody starts expires after this many hours.
    lobby_expire_hours: float = 72.0
    #: The language of public thread messages and board images (None: the guild's own).
    locale: str | None = Field(default=None, max_length=10)


class TableAct(SQLModel, table=True):
    """Who did what to a game outside its moves (an admin's cancel, pause or kick, a resign):
    part of the game log, never of its replay."""

    __tablename__ = "table_acts"
    __table_args__ = (Index("ix_table_acts_game", "game_id", "id"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", ondelete="CASCADE")
    version: int = 0  # the game's version when it happened: where it sits in the log
    actor_id: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    kind: str = Field(max_length=32)
    params: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_column=Column(DateTime(timezone=True),
                                                                          nullable=False))


class Rating(SQLModel, table=True):
    """A player's figures on one server for one game (``game_type`` "" = all games together):
    stored when a game finishes, so that ``/game stats`` reads one row instead of replaying a
    server's history; recomputed from the logs by ``python -m bot db ratings`` (docs/ratings.md)."""

    __tablename__ = "ratings"

    guild_id: int = Field(sa_column=Column(BigInteger, primary_key=True))
    game_type: str = Field(primary_key=True, max_length=40)
    user_id: int = Field(sa_column=Column(BigInteger, primary_key=True))
    name: str = Field(default="", max_length=100)
    rating: float = 1500.0
    played: int = 0
    won: int = 0
    missed: int = 0
    #: Total seconds the table waited for the player's own moves, and how many moves.
    response_total: float = 0.0
    responses: int = 0
    updated_at: datetime = Field(default_factory=utcnow, sa_column=Column(DateTime(timezone=True),
                                                                          nullable=False))


# The tables as SQLAlchemy Core names them: the repository and the hot paths write their SQL
# over these (short, as the SQL reads), not over the models.
G = Game.__table__
S = Seat.__table__
A = ActionRow.__table__
SN = Snapshot.__table__
D = Deadline.__table__
V = Vote.__table__
U = UserSettings.__table__
B = BotState.__table__
GS = GuildSettings.__table__
TA = TableAct.__table__
