"""design_generation: wireframe → design generations (lifecycle as code2wf's)

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-03 03:40:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "design_generation",
        sa.Column("id", sa.String(length=255), nullable=False),
        sa.Column("organization_id", sa.BigInteger(), nullable=False),
        sa.Column("project_id", sa.BigInteger(), nullable=False),
        sa.Column("figma_file_key", sa.String(length=255), nullable=False),
        sa.Column("wireframe_node_id", sa.String(length=255), nullable=False),
        sa.Column(
            "status",
            # the type exists since 0001: reuse it, never create it a second time
            postgresql.ENUM("0", "1", "2", "3", "4", name="wf2des_status", create_type=False),
            server_default=sa.text("'0'"),
            nullable=False,
        ),
        sa.Column("attempt", sa.Integer(), server_default=sa.text("1"), nullable=False),
        sa.Column("flag_count", sa.Integer(), nullable=True),
        sa.Column("result_url", sa.String(length=500), nullable=True),
        sa.Column("error_message", sa.Text(), nullable=True),
        sa.Column("materialized_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("CURRENT_TIMESTAMP"),
            nullable=False,
        ),
        sa.Column(
            "updated_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("CURRENT_TIMESTAMP"),
            nullable=False,
        ),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_by", sa.String(length=255), nullable=False),
        sa.Column("updated_by", sa.String(length=255), nullable=False),
        sa.Column("deleted_by", sa.String(length=255), nullable=True),
        sa.CheckConstraint(
            "materialized_at IS NULL OR status = '1'",
            name=op.f("ck_design_generation_materialized_only_completed"),
        ),
        sa.CheckConstraint(
            "status <> '1' OR (result_url IS NOT NULL AND flag_count IS NOT NULL)",
            name=op.f("ck_design_generation_completed_has_result"),
        ),
        sa.CheckConstraint(
            "status <> '2' OR error_message IS NOT NULL", name=op.f("ck_design_generation_failed_has_error")
        ),
        sa.CheckConstraint(
            "status IN ('0', '1', '2')", name=op.f("ck_design_generation_status_design_generation")
        ),
        sa.CheckConstraint(
            "(deleted_at IS NULL) = (deleted_by IS NULL)", name=op.f("ck_design_generation_deleted_pair")
        ),
        sa.CheckConstraint("attempt = 1", name=op.f("ck_design_generation_attempt_v1")),
        sa.CheckConstraint(
            "flag_count IS NULL OR flag_count >= 0",
            name=op.f("ck_design_generation_flag_count_non_negative"),
        ),
        sa.ForeignKeyConstraint(
            ["organization_id", "project_id"],
            ["project.organization_id", "project.id"],
            name="fk_design_generation_project_organization",
        ),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organization.id"],
            name=op.f("fk_design_generation_organization_id_organization"),
        ),
        sa.ForeignKeyConstraint(
            ["project_id"], ["project.id"], name=op.f("fk_design_generation_project_id_project")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_design_generation")),
    )
    op.create_index(
        "design_generation_org_project_file_status_idx",
        "design_generation",
        ["organization_id", "project_id", "figma_file_key", "status", "id"],
        unique=False,
    )
    op.create_index(
        "design_generation_org_project_file_node_idx",
        "design_generation",
        ["organization_id", "project_id", "figma_file_key", "wireframe_node_id", "id"],
        unique=False,
    )
    op.create_index(
        "design_generation_project_id_deleted_at_idx",
        "design_generation",
        ["project_id", "deleted_at"],
        unique=False,
    )
    op.create_index(
        "design_generation_project_status_idx", "design_generation", ["project_id", "status"], unique=False
    )


def downgrade() -> None:
    op.drop_index("design_generation_project_status_idx", table_name="design_generation")
    op.drop_index("design_generation_project_id_deleted_at_idx", table_name="design_generation")
    op.drop_index("design_generation_org_project_file_node_idx", table_name="design_generation")
    op.drop_index("design_generation_org_project_file_status_idx", table_name="design_generation")
    op.drop_table("design_generation")  # the wf2des_status type stays: code2wf (0001) owns it
