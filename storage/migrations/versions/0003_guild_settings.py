"""guild settings"""

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"


def upgrade() -> None:
    op.create_table(
        "guild_settings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("auto_open_after", sa.Integer(), nullable=False),
        sa.Column("admin_role_id", sa.BigInteger(), nullable=True),
        sa.Column("lobby_expire_hours", sa.Float(), nullable=False),
        sa.Column("locale", sqlmodel.sql.sqltypes.AutoString(length=10), nullable=True),
        sa.PrimaryKeyConstraint("guild_id"),
    )


def downgrade() -> None:
    op.drop_table("guild_settings")
