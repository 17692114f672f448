"""code2wf schema: organization/project stand-ins, page_import, the wf2des_status enum, code2wf, outbox

Revision ID: 0001
Revises:
Create Date: 2026-11-29 12:30:05.352803
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "organization",
        sa.Column("id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("CURRENT_TIMESTAMP"),
            nullable=False,
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_organization")),
    )
    op.create_table(
        "outbox",
        sa.Column("id", sa.BigInteger(), sa.Identity(always=True), nullable=False),
        sa.Column("task_name", sa.String(length=255), nullable=False),
        sa.Column("payload", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("CURRENT_TIMESTAMP"),
            nullable=False,
        ),
        sa.Column("attempts", sa.Integer(), server_default=sa.text("0"), nullable=False),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("published_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbox")),
    )
    op.create_index(
        "outbox_pending_idx", "outbox", ["id"], unique=False, postgresql_where=sa.text("published_at IS NULL")
    )
    op.create_table(
        "project",
        sa.Column("id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("organization_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("CURRENT_TIMESTAMP"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["organization_id"], ["organization.id"], name=op.f("fk_project_organization_id_organization")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_project")),
    )
    op.create_index("project_organization_id_id_key", "project", ["organization_id", "id"], unique=True)
    op.create_table(
        "page_import",
        sa.Column("id", sa.String(length=255), nullable=False),
        sa.Column("organization_id", sa.BigInteger(), nullable=False),
        sa.Column("project_id", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=32), nullable=False),
        sa.Column("entry_path", sa.String(length=1024), nullable=False),
        sa.Column("manifest_url", sa.String(length=500), nullable=False),
        sa.Column("file_count", sa.Integer(), nullable=False),
        sa.Column("total_bytes", sa.BigInteger(), nullable=False),
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
        sa.Column("created_by", sa.String(length=255), nullable=False),
        sa.Column("updated_by", sa.String(length=255), nullable=False),
        sa.CheckConstraint(
            "status IN ('uploading', 'completed', 'failed')", name=op.f("ck_page_import_status_known")
        ),
        sa.CheckConstraint(
            "file_count >= 0 AND total_bytes >= 0", name=op.f("ck_page_import_sizes_non_negative")
        ),
        sa.ForeignKeyConstraint(
            ["organization_id", "project_id"],
            ["project.organization_id", "project.id"],
            name="fk_page_import_project",
        ),
        sa.ForeignKeyConstraint(
            ["organization_id"], ["organization.id"], name=op.f("fk_page_import_organization_id_organization")
        ),
        sa.ForeignKeyConstraint(
            ["project_id"], ["project.id"], name=op.f("fk_page_import_project_id_project")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_page_import")),
    )
    op.create_index(
        "page_import_project_id_idx",
        "page_import",
        ["organization_id", "project_id", "created_at"],
        unique=False,
    )
    op.create_table(
        "code2wf",
        sa.Column("id", sa.String(length=255), nullable=False),
        sa.Column("organization_id", sa.BigInteger(), nullable=False),
        sa.Column("project_id", sa.BigInteger(), nullable=False),
        sa.Column("page_import_id", sa.String(length=255), nullable=False),
        sa.Column("figma_file_key", sa.String(length=255), nullable=False),
        sa.Column("screen_id", sa.String(length=255), nullable=False),
        sa.Column("placement_target", sa.String(length=255), nullable=True),
        sa.Column(
            "status",
            sa.Enum("0", "1", "2", "3", "4", name="wf2des_status"),
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
            "materialized_at IS NULL OR status = '1'", name=op.f("ck_code2wf_materialized_only_completed")
        ),
        sa.CheckConstraint(
            "status <> '1' OR (result_url IS NOT NULL AND flag_count IS NOT NULL)",
            name=op.f("ck_code2wf_completed_has_result"),
        ),
        sa.CheckConstraint(
            "status <> '2' OR error_message IS NOT NULL", name=op.f("ck_code2wf_failed_has_error")
        ),
        sa.CheckConstraint("status IN ('0', '1', '2')", name=op.f("ck_code2wf_status_code2wf")),
        sa.CheckConstraint(
            "(deleted_at IS NULL) = (deleted_by IS NULL)", name=op.f("ck_code2wf_deleted_pair")
        ),
        sa.CheckConstraint("attempt = 1", name=op.f("ck_code2wf_attempt_v1")),
        sa.CheckConstraint(
            "flag_count IS NULL OR flag_count >= 0", name=op.f("ck_code2wf_flag_count_non_negative")
        ),
        sa.ForeignKeyConstraint(
            ["organization_id", "project_id"],
            ["project.organization_id", "project.id"],
            name="fk_code2wf_project_organization",
        ),
        sa.ForeignKeyConstraint(
            ["organization_id"], ["organization.id"], name=op.f("fk_code2wf_organization_id_organization")
        ),
        sa.ForeignKeyConstraint(
            ["page_import_id"], ["page_import.id"], name=op.f("fk_code2wf_page_import_id_page_import")
        ),
        sa.ForeignKeyConstraint(["project_id"], ["project.id"], name=op.f("fk_code2wf_project_id_project")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_code2wf")),
    )
    op.create_index(
        "code2wf_org_project_file_status_idx",
        "code2wf",
        ["organization_id", "project_id", "figma_file_key", "status"],
        unique=False,
    )
    op.create_index("code2wf_page_import_id_idx", "code2wf", ["page_import_id"], unique=False)
    op.create_index(
        "code2wf_project_id_deleted_at_idx", "code2wf", ["project_id", "deleted_at"], unique=False
    )
    op.create_index("code2wf_project_status_idx", "code2wf", ["project_id", "status"], unique=False)


def downgrade() -> None:
    op.drop_index("code2wf_project_status_idx", table_name="code2wf")
    op.drop_index("code2wf_project_id_deleted_at_idx", table_name="code2wf")
    op.drop_index("code2wf_page_import_id_idx", table_name="code2wf")
    op.drop_index("code2wf_org_project_file_status_idx", table_name="code2wf")
    op.drop_table("code2wf")
    op.drop_index("page_import_project_id_idx", table_name="page_import")
    op.drop_table("page_import")
    op.drop_index("project_organization_id_id_key", table_name="project")
    op.drop_table("project")
    op.drop_index("outbox_pending_idx", table_name="outbox", postgresql_where=sa.text("published_at IS NULL"))
    op.drop_table("outbox")
    op.drop_table("organization")
    # drop_table leaves the enum type behind; without this a second upgrade fails on CREATE TYPE.
    sa.Enum(name="wf2des_status").drop(op.get_bind(), checkfirst=True)
