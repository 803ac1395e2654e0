"""deadline claims: which process acts on a due row, and until when"""

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"


def upgrade() -> None:
    with op.batch_alter_table("deadlines") as batch:
        batch.add_column(sa.Column("claimed_by", sqlmodel.sql.sqltypes.AutoString(length=64),
                                   nullable=True))
        batch.add_column(sa.Column("claimed_until", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("deadlines") as batch:
        batch.drop_column("claimed_until")
        batch.drop_column("claimed_by")
