"""AI players: the table's difficulty and which seats are bots"""

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"


def upgrade() -> None:
    # Nullable: a table created before bots plays its open seats at ``normal``.
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("ai_difficulty", sqlmodel.sql.sqltypes.AutoString(length=8),
                                   nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("bot", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("bot")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("ai_difficulty")
