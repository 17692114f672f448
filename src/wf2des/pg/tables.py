"""SQLAlchemy 2 tables of wf2des, matching seed ``001_a145a11cb51add72.txt`` exactly.

The CHECK constraints make illegal lifecycle states unrepresentable, so a bug in a service cannot store
a completed row without its result, a materialized row that never completed, or an attempt other than 1.
"""

from __future__ import annotations

import enum
from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    DateTime,
    Enum,
    ForeignKey,
    ForeignKeyConstraint,
    Identity,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = [
    "Base",
    "Code2wf",
    "DesignGeneration",
    "FigmaConnection",
    "GenerationLifecycle",
    "Organization",
    "OutboxMessage",
    "PageImport",
    "PageImportStatus",
    "PluginSession",
    "Project",
    "Wf2desStatus",
]

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class Wf2desStatus(enum.Enum):
    """Database enum ``wf2des_status``, shared by the wf2des tables. Code2WF uses only '0'..'2'."""

    PROCESSING = "0"
    COMPLETED = "1"
    FAILED = "2"
    RESERVED_3 = "3"
    RESERVED_4 = "4"


WF2DES_STATUS = Enum(
    Wf2desStatus,
    name="wf2des_status",
    values_callable=lambda members: [m.value for m in members],
    validate_strings=True,
)


class PageImportStatus(enum.StrEnum):
    UPLOADING = "uploading"
    COMPLETED = "completed"
    FAILED = "failed"


_TS = DateTime(timezone=True)
_NOW = text("CURRENT_TIMESTAMP")


class Organization(Base):
    """Stand-in for the platform's organization table, so the seed's relations are real foreign keys."""

    __tablename__ = "organization"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    name: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(_TS, server_default=_NOW)


class Project(Base):
    __tablename__ = "project"
    __table_args__ = (
        # Target of the composite foreign keys that pin a child row to its project's organization.
        Index("project_organization_id_id_key", "organization_id", "id", unique=True),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    organization_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("organization.id"))
    name: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(_TS, server_default=_NOW)


class PageImport(Base):
    __tablename__ = "page_import"
    __table_args__ = (
        ForeignKeyConstraint(
            ["organization_id", "project_id"],
            ["project.organization_id", "project.id"],
            name="fk_page_import_project",
        ),
        CheckConstraint("status IN ('uploading', 'completed', 'failed')", name="status_known"),
        CheckConstraint("file_count >= 0 AND total_bytes >= 0", name="sizes_non_negative"),
        Index("page_import_project_id_idx", "organization_id", "project_id", "created_at"),
    )

    id: Mapped[str] = mapped_column(String(255), primary_key=True)
    organization_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("organization.id"))
    project_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("project.id"))
    status: Mapped[str] = mapped_column(String(32))
    entry_path: Mapped[str] = mapped_column(String(1024))
    manifest_url: Mapped[str] = mapped_column(String(500))
    file_count: Mapped[int] = mapped_column(Integer)
    total_bytes: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(_TS, server_default=_NOW)
    updated_at: Mapped[datetime] = mapped_column(_TS, server_default=_NOW)
    created_by: Mapped[str] = mapped_column(String(255))
    updated_by: Mapped[str] = mapped_column(String(255))


def _lifecycle_args(table: str) -> tuple[Any, ...]:
    """The CHECKs, tenancy key and indexes of seed 001's lifecycle, named for one generation table."""
    return (
        CheckConstraint("status IN ('0', '1', '2')", name=f"status_{table}"),
        CheckConstraint("attempt = 1", name="attempt_v1"),
        CheckConstraint("flag_count IS NULL OR flag_count >= 0", name="flag_count_non_negative"),
        CheckConstraint(
            "status <> '1' OR (result_url IS NOT NULL AND flag_count IS NOT NULL)",
            name="completed_has_result",
        ),
        CheckConstraint("status <> '2' OR error_message IS NOT NULL", name="failed_has_error"),
        CheckConstraint("materialized_at IS NULL OR status = '1'", name="materialized_only_completed"),
        CheckConstraint("(deleted_at IS NULL) = (deleted_by IS NULL)", name="deleted_pair"),
        ForeignKeyConstraint(
            ["organization_id", "project_id"],
            ["project.organization_id", "project.id"],
            name=f"fk_{table}_project_organization",
        ),
        Index(f"{table}_project_id_deleted_at_idx", "project_id", "deleted_at"),
        Index(f"{table}_project_status_idx", "project_id", "status"),
    )


class GenerationLifecycle:
    """The lifecycle columns of seed 001, shared by every generation table.

    Declarative places a mixin's columns after the class's own, so each table keeps the seed's column order:
    its identity and inputs first, then these.
    """

    status: Mapped[Wf2desStatus] = mapped_column(
        WF2DES_STATUS, server_default=text("'0'"), default=Wf2desStatus.PROCESSING
    )
    attempt: Mapped[int] = mapped_column(Integer, server_default=text("1"), default=1)
    flag_count: Mapped[int | None] = mapped_column(Integer)
    result_url: Mapped[str | None] = mapped_column(String(500))
    error_message: Mapped[str | None] = mapped_column(Text)
    materialized_at: Mapped[datetime | None] = mapped_column(_TS)
    created_at: Mapped[datetime] = mapped_column(_TS, server_default=_NOW)
    updated_at: Mapped[datetime] = mapped_column(_TS, server_default=_NOW)
    deleted_at: Mapped[datetime | None] = mapped_column(_TS)
    created_by: Mapped[str] = mapped_column(String(255))
    updated_by: Mapped[str] = mapped_column(String(255))
    deleted_by: Mapped[str | None] = mapped_column(String(255))


class Code2wf(GenerationLifecycle, Base):
    """One Code2WF generation (seed 001). The spec itself lives in S3 and Figma."""

    __tablename__ = "code2wf"
    __table_args__ = (
        *_lifecycle_args("code2wf"),
        Index(
            "code2wf_org_project_file_status_idx", "organization_id", "project_id", "figma_file_key", "status"
        ),
        Index("code2wf_page_import_id_idx", "page_import_id"),
    )

    id: Mapped[str] = mapped_column(String(255), primary_key=True)
    organization_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("organization.id"))
    project_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("project.id"))
    page_import_id: Mapped[str] = mapped_column(String(255), ForeignKey("page_import.id"))
    figma_file_key: Mapped[str] = mapped_column(String(255))
    screen_id: Mapped[str] = mapped_column(String(255))
    placement_target: Mapped[str | None] = mapped_column(String(255))


class DesignGeneration(GenerationLifecycle, Base):
    """One wireframe → design generation: one wireframe frame of a working file, designed from the project's
    library. Shaped like ``code2wf`` (seed 001) and held to the same lifecycle CHECKs; the design spec, its
    report and preview live in S3 and the run's lineage in the document store (``design_generation_result``).
    """

    __tablename__ = "design_generation"
    __table_args__ = (
        *_lifecycle_args("design_generation"),
        # Plugin discovery: equality on the first four, then ``id`` (UUIDv7) read backwards for newest first.
        Index(
            "design_generation_org_project_file_status_idx",
            "organization_id",
            "project_id",
            "figma_file_key",
            "status",
            "id",
        ),
        # The designs of one wireframe (a re-run updates the earlier design in place).
        Index(
            "design_generation_org_project_file_node_idx",
            "organization_id",
            "project_id",
            "figma_file_key",
            "wireframe_node_id",
            "id",
        ),
    )

    id: Mapped[str] = mapped_column(String(255), primary_key=True)
    organization_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("organization.id"))
    project_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("project.id"))
    figma_file_key: Mapped[str] = mapped_column(String(255))
    wireframe_node_id: Mapped[str] = mapped_column(String(255))


class OutboxMessage(Base):
    """Transactional outbox: written with the row it announces, published by the relay after commit.

    ``published_at`` NULL means pending. The relay claims rows with ``FOR UPDATE SKIP LOCKED`` so several
    relays never publish the same batch concurrently; a relay killed after publishing but before marking
    re-publishes on restart, which is harmless because the worker and the webhook are idempotent.
    """

    __tablename__ = "outbox"
    __table_args__ = (Index("outbox_pending_idx", "id", postgresql_where=text("published_at IS NULL")),)

    id: Mapped[int] = mapped_column(BigInteger, Identity(always=True), primary_key=True)
    task_name: Mapped[str] = mapped_column(String(255))
    payload: Mapped[dict[str, Any]] = mapped_column(JSONB)
    created_at: Mapped[datetime] = mapped_column(_TS, server_default=_NOW)
    attempts: Mapped[int] = mapped_column(Integer, server_default=text("0"))
    last_error: Mapped[str | None] = mapped_column(Text)
    published_at: Mapped[datetime | None] = mapped_column(_TS)


class PluginSession(Base):
    """A plugin's pending sign-in (Figma's key-pair polling): only hashes of its keys are stored.

    The read key (polled by the plugin) and the write key (in the login URL) are 128-bit random values known
    only to the client; their SHA-256 is the lookup key, so the table alone cannot be used to claim a token.
    ``state_hash`` binds one OpenID Connect authorization request to the session and is cleared when the
    callback consumes it (a replayed callback finds nothing). ``access_token`` lives here at most until the
    plugin's one successful poll deletes the row, or until ``expires_at`` (5 minutes) when it is purged.

    A stored token is handed out only once ``confirmed_at`` is set: the user compared ``confirmation_code``
    (shown by the plugin and by the login page) and confirmed with the page's one-time ``confirm_key``.
    ``client_key`` names the address that created the session (hashed), for the per-client cap.
    """

    __tablename__ = "plugin_session"
    __table_args__ = (
        CheckConstraint("(access_token IS NULL) = (token_expires_at IS NULL)", name="token_pair"),
        CheckConstraint("(state_hash IS NULL) OR (code_verifier IS NOT NULL)", name="state_has_verifier"),
        Index("plugin_session_write_key_hash_key", "write_key_hash", unique=True),
        Index(
            "plugin_session_state_hash_key",
            "state_hash",
            unique=True,
            postgresql_where=text("state_hash IS NOT NULL"),
        ),
        Index("plugin_session_expires_at_idx", "expires_at"),
        CheckConstraint("(confirmed_at IS NULL) OR (access_token IS NOT NULL)", name="confirmed_has_token"),
        Index(
            "plugin_session_confirm_key_hash_key",
            "confirm_key_hash",
            unique=True,
            postgresql_where=text("confirm_key_hash IS NOT NULL"),
        ),
        Index("plugin_session_client_key_idx", "client_key", "expires_at"),
    )

    read_key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    write_key_hash: Mapped[str] = mapped_column(String(64))
    state_hash: Mapped[str | None] = mapped_column(String(64))
    code_verifier: Mapped[str | None] = mapped_column(String(128))
    access_token: Mapped[str | None] = mapped_column(Text)
    token_expires_at: Mapped[datetime | None] = mapped_column(_TS)
    created_at: Mapped[datetime] = mapped_column(_TS, server_default=_NOW)
    expires_at: Mapped[datetime] = mapped_column(_TS)
    confirmation_code: Mapped[str] = mapped_column(String(16))
    client_key: Mapped[str] = mapped_column(String(64))
    confirm_key_hash: Mapped[str | None] = mapped_column(String(64))
    confirmed_at: Mapped[datetime | None] = mapped_column(_TS)


class FigmaConnection(Base):
    """An organization's own Figma account: its OAuth 2 tokens, sealed with the API's at-rest key.

    Only the API reads this table; a worker receives one access token per job, sealed for it
    (``wf2des.core.sealing``). Deleting the organization deletes its connection.
    """

    __tablename__ = "figma_connection"

    organization_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("organization.id", ondelete="CASCADE"), primary_key=True, autoincrement=False
    )
    figma_user_id: Mapped[str | None] = mapped_column(String(64))
    scopes: Mapped[str] = mapped_column(Text)
    access_token_sealed: Mapped[str] = mapped_column(Text)
    refresh_token_sealed: Mapped[str] = mapped_column(Text)
    access_expires_at: Mapped[datetime] = mapped_column(_TS)
    connected_by: Mapped[str] = mapped_column(String(255))
    connected_at: Mapped[datetime] = mapped_column(_TS, server_default=_NOW)
    refreshed_at: Mapped[datetime | None] = mapped_column(_TS)
