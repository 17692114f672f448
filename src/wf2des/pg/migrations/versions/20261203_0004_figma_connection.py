"""figma_connection: each organization's own Figma account (OAuth 2 tokens, sealed at rest)

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-03 04:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "figma_connection",
        sa.Column("organization_id", sa.BigInteger(), nullable=False),
        sa.Column("figma_user_id", sa.String(length=64), nullable=True),
        sa.Column("scopes", sa.Text(), nullable=False),
        sa.Column("access_token_sealed", sa.Text(), nullable=False),
        sa.Column("refresh_token_sealed", sa.Text(), nullable=False),
        sa.Column("access_expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("connected_by", sa.String(length=255), nullable=False),
        sa.Column(
            "connected_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("CURRENT_TIMESTAMP"),
            nullable=False,
        ),
        sa.Column("refreshed_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organization.id"],
            name=op.f("fk_figma_connection_organization_id_organization"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("organization_id", name=op.f("pk_figma_connection")),
    )


def downgrade() -> None:
    op.drop_table("figma_connection")
