"""ratings: stored per server, game and player, recomputable from the logs"""

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"


def upgrade() -> None:
    # Filled when a game finishes and, for games finished before this revision, on the first
    # /game stats of a server (or by `python -m bot db ratings`).
    op.create_table(
        "ratings",
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("game_type", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("played", sa.Integer(), nullable=False),
        sa.Column("won", sa.Integer(), nullable=False),
        sa.Column("missed", sa.Integer(), nullable=False),
        sa.Column("response_total", sa.Float(), nullable=False),
        sa.Column("responses", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "game_type", "user_id"),
    )


def downgrade() -> None:
    op.drop_table("ratings")
