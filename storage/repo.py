"""Repository functions over SQLAlchemy Core (fast on the hot path, same SQL on SQLite and
PostgreSQL). Callers own the transaction: every function takes an ``AsyncConnection``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import and_, bindparam, delete, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.orm import configure_mappers
from sqlmodel import SQLModel

from storage.models import (
    GS,
    SN,
    TA,
    A,
    ActionRow,
    B,
    D,
    Deadline,
    G,
    Game,
    GuildSettings,
    S,
    Seat,
    Snapshot,
    TableAct,
    U,
    UserSettings,
    V,
    Vote,
    utcnow,
)


class VersionConflict(Exception):
    """Another writer advanced the game first (optimistic check failed)."""


M = TypeVar("M", bound=SQLModel)


def from_row(model: type[M], row: Mapping[str, Any]) -> M:
    """A table model from a row the database has already typed, without pydantic's per-row
    validation (25x cheaper; a head load builds a game and every seat). Validation is for
    input: what is written goes through the models or ``check_action_row``. The object is
    SQLAlchemy-instrumented as if validated, so setting its fields works the same. The log's
    rows (``actions``) stay validated: ``db verify`` names a stored row that is invalid."""
    if not model.__mapper__.configured:  # type: ignore[attr-defined]
        configure_mappers()
    obj = model._sa_class_manager.new_instance()  # type: ignore[attr-defined]
    obj.__dict__.update(row)
    object.__setattr__(obj, "__pydantic_fields_set__", set(row))
    return obj  # type: ignore[no-any-return]


# ---- games -------------------------------------------------------------------------------
async def insert_game(conn: AsyncConnection, **values: Any) -> int:
    res = await conn.execute(insert(G).values(**values).returning(G.c.id))
    return int(res.scalar_one())


async def get_game(conn: AsyncConnection, game_id: int) -> Game | None:
    row = (await conn.execute(select(G).where(G.c.id == game_id))).mappings().first()
    return from_row(Game, row) if row else None


async def update_game(conn: AsyncConnection, game_id: int, **values: Any) -> None:
    values.setdefault("updated_at", utcnow())
    await conn.execute(update(G).where(G.c.id == game_id).values(**values))


async def advance_game(conn: AsyncConnection, game_id: int, old_version: int, **values: Any
                       ) -> None:
    """Move the head from ``old_version``; raises VersionConflict if someone else did."""
    values.setdefault("updated_at", utcnow())
    res = await conn.execute(
        update(G).where(and_(G.c.id == game_id, G.c.version == old_version)).values(**values)
    )
    if res.rowcount != 1:
        raise VersionConflict(game_id)


async def games_for_user(conn: AsyncConnection, user_id: int, statuses: Sequence[str]
                         ) -> list[Game]:
    q = (
        select(G).join(S, S.c.game_id == G.c.id)
        .where(and_(S.c.user_id == user_id, G.c.status.in_(list(statuses))))
        .order_by(G.c.id)
    )
    return [from_row(Game, r) for r in (await conn.execute(q)).mappings()]


async def game_for_thread(conn: AsyncConnection, thread_id: int) -> int | None:
    """The newest unfinished game whose thread (or fallback channel) is ``thread_id``."""
    q = (select(G.c.id).where(and_(G.c.thread_id == thread_id,
                                   G.c.status.in_(["lobby", "starting", "active"])))
         .order_by(G.c.id.desc()).limit(1))
    found = (await conn.execute(q)).scalar_one_or_none()
    return int(found) if found is not None else None


async def open_lobbies(conn: AsyncConnection, guild_id: int, limit: int
                       ) -> list[tuple[int, str, str]]:
    q = (select(G.c.id, G.c.title, G.c.game_type)
         .where(and_(G.c.guild_id == guild_id, G.c.status == "lobby"))
         .order_by(G.c.id.desc()).limit(limit))
    return [(int(r[0]), str(r[1]), str(r[2])) for r in (await conn.execute(q)).all()]


async def open_seats(conn: AsyncConnection, guild_id: int, limit: int
                     ) -> list[tuple[int, str, int]]:
    """(game id, title, seat) of the open seats of a guild's running games, newest first."""
    q = (select(G.c.id, G.c.title, S.c.seat)
         .join(S, S.c.game_id == G.c.id)
         .where(and_(G.c.guild_id == guild_id, G.c.status == "active", S.c.user_id.is_(None)))
         .order_by(G.c.id.desc(), S.c.seat).limit(limit))
    return [(int(r[0]), str(r[1]), int(r[2])) for r in (await conn.execute(q)).all()]


async def games_awaiting_open_seats(conn: AsyncConnection) -> list[int]:
    """Running, unpaused games waiting for a seat nobody holds (a bot's turn), by id."""
    q = (select(G.c.id, G.c.awaiting, S.c.seat).join(S, S.c.game_id == G.c.id)
         .where(and_(G.c.status == "active", G.c.paused.is_(False), S.c.user_id.is_(None)))
         .order_by(G.c.id))
    found: list[int] = []
    for gid, awaiting, seat in (await conn.execute(q)).all():
        if int(seat) in (awaiting or []) and (not found or found[-1] != int(gid)):
            found.append(int(gid))
    return found


async def game_ids(conn: AsyncConnection, statuses: Sequence[str]) -> list[int]:
    q = select(G.c.id).where(G.c.status.in_(list(statuses))).order_by(G.c.id)
    return [int(r[0]) for r in (await conn.execute(q)).all()]


async def count_games(conn: AsyncConnection) -> int:
    return int((await conn.execute(select(func.count()).select_from(G))).scalar_one())


# ---- seats -------------------------------------------------------------------------------
async def seats_of(conn: AsyncConnection, game_id: int) -> list[Seat]:
    q = select(S).where(S.c.game_id == game_id).order_by(S.c.seat)
    return [from_row(Seat, r) for r in (await conn.execute(q)).mappings()]


async def seats_and_settings(conn: AsyncConnection, game_id: int
                             ) -> tuple[list[Seat], dict[int, UserSettings]]:
    """A game's seats and their players' settings in one read (a head load needs both: the
    seats to know who plays, the settings for the reminders a move schedules)."""
    user_cols = [c.label(f"u_{c.name}") for c in U.c]
    q = (select(S, *user_cols).select_from(S.outerjoin(U, U.c.user_id == S.c.user_id))
         .where(S.c.game_id == game_id).order_by(S.c.seat))
    seats: list[Seat] = []
    prefs: dict[int, UserSettings] = {}
    for r in (await conn.execute(q)).mappings():
        seats.append(from_row(Seat, {c.name: r[c.name] for c in S.c}))
        if r["u_user_id"] is not None:
            prefs[r["u_user_id"]] = from_row(UserSettings, {c.name: r[f"u_{c.name}"]
                                                            for c in U.c})
    return seats, prefs


async def insert_seat(conn: AsyncConnection, **values: Any) -> None:
    await conn.execute(insert(S).values(**values))


async def update_seat(conn: AsyncConnection, game_id: int, seat_no: int, **values: Any) -> None:
    await conn.execute(update(S).where(and_(S.c.game_id == game_id, S.c.seat == seat_no))
                       .values(**values))


async def delete_seat(conn: AsyncConnection, game_id: int, seat: int) -> None:
    await conn.execute(delete(S).where(and_(S.c.game_id == game_id, S.c.seat == seat)))


async def set_dm_ok(conn: AsyncConnection, user_id: int, ok: bool,
                    game_id: int | None = None) -> None:
    cond = S.c.user_id == user_id
    if game_id is not None:
        cond = and_(cond, S.c.game_id == game_id)
    await conn.execute(update(S).where(cond).values(dm_ok=ok))


# ---- actions and snapshots -----------------------------------------------------------------
async def insert_action(conn: AsyncConnection, **values: Any) -> None:
    await conn.execute(insert(A).values(**values))


async def action_by_interaction(conn: AsyncConnection, interaction_id: str) -> ActionRow | None:
    q = select(A).where(A.c.interaction_id == interaction_id)
    row = (await conn.execute(q)).mappings().first()
    return ActionRow.model_validate(dict(row)) if row else None


async def actions_after(conn: AsyncConnection, game_id: int, after_seq: int,
                        upto: int | None = None) -> list[ActionRow]:
    cond = and_(A.c.game_id == game_id, A.c.seq > after_seq)
    if upto is not None:
        cond = and_(cond, A.c.seq <= upto)
    q = select(A).where(cond).order_by(A.c.seq)
    return [ActionRow.model_validate(dict(r)) for r in (await conn.execute(q)).mappings()]


async def _last_rows(conn: AsyncConnection, model: type[M], order: Any, game_id: int,
                     limit: int) -> list[M]:
    """The game's last ``limit`` rows of ``model``'s table by ``order``, oldest first."""
    table = model.__table__  # type: ignore[attr-defined]
    q = select(table).where(table.c.game_id == game_id).order_by(order.desc()).limit(limit)
    rows = [model.model_validate(dict(r)) for r in (await conn.execute(q)).mappings()]
    return rows[::-1]


async def recent_actions(conn: AsyncConnection, game_id: int, limit: int) -> list[ActionRow]:
    return await _last_rows(conn, ActionRow, A.c.seq, game_id, limit)


async def add_act(conn: AsyncConnection, **values: Any) -> None:
    await conn.execute(insert(TA).values(**values))


async def recent_acts(conn: AsyncConnection, game_id: int, limit: int) -> list[TableAct]:
    return await _last_rows(conn, TableAct, TA.c.id, game_id, limit)


async def insert_snapshot(conn: AsyncConnection, **values: Any) -> None:
    await conn.execute(insert(SN).values(**values))


async def latest_snapshot(conn: AsyncConnection, game_id: int, upto: int | None = None
                          ) -> Snapshot | None:
    cond = SN.c.game_id == game_id
    if upto is not None:
        cond = and_(cond, SN.c.seq <= upto)
    q = select(SN).where(cond).order_by(SN.c.seq.desc()).limit(1)
    row = (await conn.execute(q)).mappings().first()
    return from_row(Snapshot, row) if row else None


# ---- deadlines ---------------------------------------------------------------------------
async def clear_deadlines(conn: AsyncConnection, game_id: int,
                          seats: Iterable[int] | None = None,
                          kinds: Iterable[str] | None = None) -> None:
    cond = D.c.game_id == game_id
    if seats is not None:
        cond = and_(cond, D.c.seat.in_(list(seats)))
    if kinds is not None:
        cond = and_(cond, D.c.kind.in_(list(kinds)))
    await conn.execute(delete(D).where(cond))


async def add_deadlines(conn: AsyncConnection, rows: list[dict[str, Any]]) -> None:
    if rows:
        await conn.execute(insert(D), rows)


async def deadlines_of(conn: AsyncConnection, game_id: int) -> list[Deadline]:
    q = select(D).where(D.c.game_id == game_id).order_by(D.c.due_at, D.c.seat)
    return [from_row(Deadline, r) for r in (await conn.execute(q)).mappings()]


#: The earliest turn deadline of game ``_g`` (not reminders, votes or the lobby's timers).
NEXT_DEADLINE = select(func.min(D.c.due_at)).where(and_(D.c.game_id == bindparam("_g"),
                                                        D.c.kind == "deadline"))


async def next_deadline(conn: AsyncConnection, game_id: int) -> datetime | None:
    return (await conn.execute(NEXT_DEADLINE, {"_g": game_id})).scalar_one_or_none()


async def due_deadlines(conn: AsyncConnection, now: datetime, limit: int = 200
                        ) -> list[Deadline]:
    q = select(D).where(D.c.due_at <= now).order_by(D.c.due_at, D.c.id).limit(limit)
    return [from_row(Deadline, r) for r in (await conn.execute(q)).mappings()]


async def count_games_by_status(conn: AsyncConnection, statuses: list[str]) -> dict[str, int]:
    q = (select(G.c.status, func.count()).where(G.c.status.in_(statuses))
         .group_by(G.c.status))
    found = {status: int(n) for status, n in (await conn.execute(q)).all()}
    return {status: found.get(status, 0) for status in statuses}


async def game_version(conn: AsyncConnection, game_id: int) -> int | None:
    q = select(G.c.version).where(G.c.id == game_id)
    return (await conn.execute(q)).scalar_one_or_none()


async def claim_due(conn: AsyncConnection, now: datetime, owner: str, until: datetime,
                    limit: int = 200) -> list[Deadline]:
    """Take the due rows nobody holds (or whose holder's lease ran out) for ``owner`` until
    ``until``, in one statement: two processes never take the same row. On PostgreSQL the rows
    another transaction is taking are skipped rather than waited for (``SKIP LOCKED``); SQLite
    runs one writer at a time, so its UPDATE is taken whole."""
    free = and_(D.c.due_at <= now, (D.c.claimed_until.is_(None)) | (D.c.claimed_until < now))
    pick = (select(D.c.id).where(free).order_by(D.c.due_at, D.c.id).limit(limit)
            .with_for_update(skip_locked=True))
    q = (update(D).where(D.c.id.in_(pick.scalar_subquery()))
         .values(claimed_by=owner, claimed_until=until).returning(*D.c))
    rows = [from_row(Deadline, r) for r in (await conn.execute(q)).mappings()]
    return sorted(rows, key=lambda r: (r.due_at, r.id or 0))


class LostClaim(Exception):
    """A due row this process took is gone or held by another (its lease ran out)."""


async def delete_deadline(conn: AsyncConnection, deadline_id: int, owner: str | None = None
                          ) -> None:
    """Delete a row; with ``owner``, only while that process still holds it (else
    ``LostClaim``, and the caller's transaction acts on nothing)."""
    cond = D.c.id == deadline_id
    if owner is not None:
        cond = and_(cond, D.c.claimed_by == owner)
    if (await conn.execute(delete(D).where(cond))).rowcount == 0 and owner is not None:
        raise LostClaim(deadline_id)


# ---- votes -------------------------------------------------------------------------------
async def open_votes(conn: AsyncConnection, game_id: int) -> list[Vote]:
    q = select(V).where(and_(V.c.game_id == game_id, V.c.open.is_(True))).order_by(V.c.id)
    return [Vote.model_validate(dict(r)) for r in (await conn.execute(q)).mappings()]


async def insert_vote(conn: AsyncConnection, **values: Any) -> int:
    res = await conn.execute(insert(V).values(**values).returning(V.c.id))
    return int(res.scalar_one())


async def update_vote(conn: AsyncConnection, vote_id: int, **values: Any) -> None:
    await conn.execute(update(V).where(V.c.id == vote_id).values(**values))


# ---- user settings -------------------------------------------------------------------------
async def user_settings(conn: AsyncConnection, user_ids: Iterable[int]) -> dict[int, UserSettings]:
    ids = list(user_ids)
    if not ids:
        return {}
    q = select(U).where(U.c.user_id.in_(ids))
    return {r["user_id"]: from_row(UserSettings, r)
            for r in (await conn.execute(q)).mappings()}


async def save_user_settings(conn: AsyncConnection, user_id: int, **values: Any) -> None:
    existing = await user_settings(conn, [user_id])
    if existing:
        await conn.execute(update(U).where(U.c.user_id == user_id).values(**values))
    else:
        await conn.execute(insert(U).values(user_id=user_id, **values))


async def guild_settings(conn: AsyncConnection, guild_id: int) -> GuildSettings:
    """The server's settings (defaults when it never set any)."""
    row = (await conn.execute(select(GS).where(GS.c.guild_id == guild_id))).mappings().first()
    return GuildSettings.model_validate(dict(row)) if row else GuildSettings(guild_id=guild_id)


async def save_guild_settings(conn: AsyncConnection, guild_id: int, **values: Any) -> None:
    if (await conn.execute(select(GS.c.guild_id).where(GS.c.guild_id == guild_id))).first():
        await conn.execute(update(GS).where(GS.c.guild_id == guild_id).values(**values))
    else:
        await conn.execute(insert(GS).values(**GuildSettings(guild_id=guild_id, **values)
                                            .model_dump()))


# ---- the bot's own state ---------------------------------------------------------------------
async def bot_state(conn: AsyncConnection, key: str) -> str | None:
    return (await conn.execute(select(B.c.value).where(B.c.key == key))).scalar_one_or_none()


async def save_bot_state(conn: AsyncConnection, key: str, value: str) -> None:
    if await bot_state(conn, key) is None:
        await conn.execute(insert(B).values(key=key, value=value))
    else:
        await conn.execute(update(B).where(B.c.key == key).values(value=value))
