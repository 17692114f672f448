"""plugin_session: a confirmation code the user compares, a confirm key, and the client that asked

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-03 03:40:00

Sessions live five minutes; the ones pending at upgrade time are dropped (their plugins start again), so the
new NOT NULL columns need no default.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("DELETE FROM plugin_session")
    op.add_column("plugin_session", sa.Column("confirmation_code", sa.String(length=16), nullable=False))
    op.add_column("plugin_session", sa.Column("client_key", sa.String(length=64), nullable=False))
    op.add_column("plugin_session", sa.Column("confirm_key_hash", sa.String(length=64), nullable=True))
    op.add_column("plugin_session", sa.Column("confirmed_at", sa.DateTime(timezone=True), nullable=True))
    op.create_check_constraint(
        op.f("ck_plugin_session_confirmed_has_token"),
        "plugin_session",
        "(confirmed_at IS NULL) OR (access_token IS NOT NULL)",
    )
    op.create_index(
        "plugin_session_confirm_key_hash_key",
        "plugin_session",
        ["confirm_key_hash"],
        unique=True,
        postgresql_where=sa.text("confirm_key_hash IS NOT NULL"),
    )
    op.create_index(
        "plugin_session_client_key_idx", "plugin_session", ["client_key", "expires_at"], unique=False
    )


def downgrade() -> None:
    op.drop_index("plugin_session_client_key_idx", table_name="plugin_session")
    op.drop_index("plugin_session_confirm_key_hash_key", table_name="plugin_session")
    op.drop_constraint(op.f("ck_plugin_session_confirmed_has_token"), "plugin_session", type_="check")
    op.drop_column("plugin_session", "confirmed_at")
    op.drop_column("plugin_session", "confirm_key_hash")
    op.drop_column("plugin_session", "client_key")
    op.drop_column("plugin_session", "confirmation_code")
