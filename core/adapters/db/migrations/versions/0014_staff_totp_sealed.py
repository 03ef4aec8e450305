"""staff TOTP secrets encrypted at rest: the column widens to hold a Fernet token and every secret still
stored bare is sealed with STAFF_TOTP_KEY (the development key outside production); downgrade opens them
again (docs/operator-console.md)

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-23 19:20:00.000000
"""

import os

import sqlalchemy as sa
from alembic import op

from core.adapters.totp import is_sealed, sealing
from core.settings import DEV_STAFF_TOTP_KEY

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def _fernet():
    keys = (os.environ.get("STAFF_TOTP_KEY") or "").strip()
    if not keys:
        if os.environ.get("LUMO_ENV") == "production":
            raise RuntimeError("STAFF_TOTP_KEY must be set to seal the staff TOTP secrets")
        keys = DEV_STAFF_TOTP_KEY
    return sealing(keys)


def _rewrite(change) -> None:
    connection = op.get_bind()
    rows = connection.execute(sa.text("SELECT id, totp_secret FROM staff_accounts")).all()
    for staff_id, secret in rows:
        new = change(secret)
        if new != secret:
            connection.execute(
                sa.text("UPDATE staff_accounts SET totp_secret = :s WHERE id = :i"),
                {"s": new, "i": staff_id},
            )


def upgrade() -> None:
    with op.batch_alter_table("staff_accounts") as batch:
        batch.alter_column(
            "totp_secret", type_=sa.String(length=255), existing_type=sa.String(length=64)
        )
    fernet = _fernet()
    _rewrite(lambda s: s if is_sealed(s) else fernet.encrypt(s.encode()).decode())


def downgrade() -> None:
    fernet = _fernet()
    _rewrite(lambda s: fernet.decrypt(s.encode()).decode() if is_sealed(s) else s)
    with op.batch_alter_table("staff_accounts") as batch:
        batch.alter_column(
            "totp_secret", type_=sa.String(length=64), existing_type=sa.String(length=255)
        )
