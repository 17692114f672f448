"""Blob key layout shared by the API (writer of imports) and the workers (readers, artifact writers).

    {org}/{proj}/page-imports/{page_import_id}/manifest.json        the manifest
    {org}/{proj}/page-imports/{page_import_id}/sha256/{hex}         each file's bytes, content-addressed
    {org}/{proj}/code2wf/{code2wf_id}/attempt-{n}/spec.json         the result artifact (immutable)
    {org}/{proj}/code2wf/{code2wf_id}/attempt-{n}/failure.json      the failure artifact (immutable)
    {org}/{proj}/code2wf/{code2wf_id}/attempt-{n}/preview.png       the preview of the first screen
    {org}/{proj}/code2wf/{code2wf_id}/attempt-{n}/materialization.json  the plugin's placement report
    {org}/{proj}/wf2des/config.json                                 the project's ingest config
    {org}/{proj}/design-generations/{id}/attempt-{n}/snapshot.json  the plugin's uploaded wireframe (API)
    {org}/{proj}/design-generations/{id}/attempt-{n}/spec.json      the design spec (worker, immutable)
    {org}/{proj}/design-generations/{id}/attempt-{n}/report.json    the per-element report (worker)
    {org}/{proj}/design-generations/{id}/attempt-{n}/preview.png    the design's preview (worker)
    {org}/{proj}/design-generations/{id}/attempt-{n}/failure.json   the failure artifact (worker)
    {org}/{proj}/design-generations/{id}/attempt-{n}/materialization.json  the plugin's placement report

The manifest is ``{entry, files: [{path, sha256, size, contentType}]}``.
"""

from __future__ import annotations

__all__ = [
    "artifact_prefix",
    "design_artifact_prefix",
    "design_failure_key",
    "design_materialization_key",
    "design_preview_key",
    "design_report_key",
    "design_snapshot_key",
    "design_spec_key",
    "failure_key",
    "file_key",
    "manifest_key",
    "materialization_key",
    "page_import_prefix",
    "preview_key",
    "project_config_key",
    "spec_key",
]


def page_import_prefix(organization_id: int, project_id: int, page_import_id: str) -> str:
    return f"{organization_id}/{project_id}/page-imports/{page_import_id}/"


def manifest_key(organization_id: int, project_id: int, page_import_id: str) -> str:
    return page_import_prefix(organization_id, project_id, page_import_id) + "manifest.json"


def file_key(manifest_url: str, sha256: str) -> str:
    """Where a manifest's file with this hash lives: beside the manifest, under ``sha256/``."""
    prefix = manifest_url.rsplit("/", 1)[0]
    return f"{prefix}/sha256/{sha256}"


def artifact_prefix(organization_id: int, project_id: int, code2wf_id: str, attempt: int) -> str:
    return f"{organization_id}/{project_id}/code2wf/{code2wf_id}/attempt-{attempt}/"


def spec_key(organization_id: int, project_id: int, code2wf_id: str, attempt: int) -> str:
    return artifact_prefix(organization_id, project_id, code2wf_id, attempt) + "spec.json"


def failure_key(organization_id: int, project_id: int, code2wf_id: str, attempt: int) -> str:
    return artifact_prefix(organization_id, project_id, code2wf_id, attempt) + "failure.json"


def preview_key(organization_id: int, project_id: int, code2wf_id: str, attempt: int) -> str:
    return artifact_prefix(organization_id, project_id, code2wf_id, attempt) + "preview.png"


def materialization_key(organization_id: int, project_id: int, code2wf_id: str, attempt: int) -> str:
    return artifact_prefix(organization_id, project_id, code2wf_id, attempt) + "materialization.json"


def project_config_key(organization_id: int, project_id: int) -> str:
    return f"{organization_id}/{project_id}/wf2des/config.json"


def design_artifact_prefix(
    organization_id: int, project_id: int, design_generation_id: str, attempt: int
) -> str:
    """Everything of one design generation's attempt lives under this prefix (the webhook checks it)."""
    return f"{organization_id}/{project_id}/design-generations/{design_generation_id}/attempt-{attempt}/"


def design_snapshot_key(
    organization_id: int, project_id: int, design_generation_id: str, attempt: int
) -> str:
    return (
        design_artifact_prefix(organization_id, project_id, design_generation_id, attempt) + "snapshot.json"
    )


def design_spec_key(organization_id: int, project_id: int, design_generation_id: str, attempt: int) -> str:
    return design_artifact_prefix(organization_id, project_id, design_generation_id, attempt) + "spec.json"


def design_report_key(organization_id: int, project_id: int, design_generation_id: str, attempt: int) -> str:
    return design_artifact_prefix(organization_id, project_id, design_generation_id, attempt) + "report.json"


def design_preview_key(organization_id: int, project_id: int, design_generation_id: str, attempt: int) -> str:
    return design_artifact_prefix(organization_id, project_id, design_generation_id, attempt) + "preview.png"


def design_failure_key(organization_id: int, project_id: int, design_generation_id: str, attempt: int) -> str:
    return design_artifact_prefix(organization_id, project_id, design_generation_id, attempt) + "failure.json"


def design_materialization_key(
    organization_id: int, project_id: int, design_generation_id: str, attempt: int
) -> str:
    prefix = design_artifact_prefix(organization_id, project_id, design_generation_id, attempt)
    return prefix + "materialization.json"
