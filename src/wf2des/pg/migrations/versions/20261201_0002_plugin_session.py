"""plugin_session: pending plugin sign-ins (hashed read/write keys, OIDC state, the token until claimed)

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 12:10:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "plugin_session",
        sa.Column("read_key_hash", sa.String(length=64), nullable=False),
        sa.Column("write_key_hash", sa.String(length=64), nullable=False),
        sa.Column("state_hash", sa.String(length=64), nullable=True),
        sa.Column("code_verifier", sa.String(length=128), nullable=True),
        sa.Column("access_token", sa.Text(), nullable=True),
        sa.Column("token_expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("CURRENT_TIMESTAMP"),
            nullable=False,
        ),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "(access_token IS NULL) = (token_expires_at IS NULL)",
            name=op.f("ck_plugin_session_token_pair"),
        ),
        sa.CheckConstraint(
            "(state_hash IS NULL) OR (code_verifier IS NOT NULL)",
            name=op.f("ck_plugin_session_state_has_verifier"),
        ),
        sa.PrimaryKeyConstraint("read_key_hash", name=op.f("pk_plugin_session")),
    )
    op.create_index("plugin_session_expires_at_idx", "plugin_session", ["expires_at"], unique=False)
    op.create_index(
        "plugin_session_state_hash_key",
        "plugin_session",
        ["state_hash"],
        unique=True,
        postgresql_where=sa.text("state_hash IS NOT NULL"),
    )
    op.create_index("plugin_session_write_key_hash_key", "plugin_session", ["write_key_hash"], unique=True)


def downgrade() -> None:
    op.drop_index("plugin_session_write_key_hash_key", table_name="plugin_session")
    op.drop_index("plugin_session_state_hash_key", table_name="plugin_session")
    op.drop_index("plugin_session_expires_at_idx", table_name="plugin_session")
    op.drop_table("plugin_session")
