"""Task names and payloads exchanged over the queue.

The queue carries identifiers, and credentials only sealed: a job holds ids, blob keys, a per-job callback key
with which the worker signs its webhook, and, when its organization connected Figma, that organization's
Figma access token sealed with ``WF2DES_FIGMA_JOB_KEY`` (``figma_token``; ``core/sealing.py``), which the
outbox row and the broker hold only sealed and the worker opens only while it is young. The one decision
it carries is its project scope, which the API took before publishing it (``scope()``). The API never
imports a task function; it sends these by name.
"""

from __future__ import annotations

from datetime import datetime
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from wf2des.core.tenancy import AccessibleOrganizationID, ProjectScope

__all__ = [
    "CODE2WF_GENERATE",
    "COMPONENT_SWEEP_RUN",
    "DESIGN_GENERATE",
    "Code2wfCompleted",
    "Code2wfEvent",
    "Code2wfFailed",
    "Code2wfJob",
    "ComponentSweepJob",
    "DesignGenerationCompleted",
    "DesignGenerationEvent",
    "DesignGenerationFailed",
    "DesignGenerationJob",
    "GenerationCompletedEvent",
    "GenerationFailedEvent",
]

CODE2WF_GENERATE: Final = "wf2des.code2wf.generate"
COMPONENT_SWEEP_RUN: Final = "wf2des.component_sweep.run"
DESIGN_GENERATE: Final = "wf2des.design.generate"


def _published_scope(organization_id: int, project_id: int) -> ProjectScope:
    """The project scope of a job, which the job may vouch for because of how it got onto the queue.

    The API publishes a job only for a scope it authorized (``wf2des.api.tenancy``), through the outbox row
    written in the same transaction as the job's own row; nothing else publishes to these task names. A worker
    has no caller to authorize, so it inherits the API's decision instead of re-deciding it. The one other
    author of a job is ``wf2des sweep``, an operator command that already holds the stores' credentials.
    """
    return ProjectScope(AccessibleOrganizationID(organization_id), project_id)


class Code2wfJob(BaseModel):
    """Envelope of ``wf2des.code2wf.generate`` (snake_case, as published by the outbox relay)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    code2wf_id: str
    organization_id: int
    project_id: int
    page_import_id: str
    manifest_url: str
    figma_file_key: str
    screen_id: str
    placement_target: str | None = None
    viewport_width: int = Field(default=1440, ge=200, le=4000)
    attempt: int = 1
    callback_url: str
    callback_key: str
    deadline: datetime
    # As in ComponentSweepJob: the organization's Figma token, sealed, for the DESIGN-area read.
    figma_token: str | None = Field(default=None, repr=False)

    def scope(self) -> ProjectScope:
        """The project this job acts in, as the API authorized it before publishing the job."""
        return _published_scope(self.organization_id, self.project_id)

    def event_id(self, event_type: str) -> str:
        """The ``webhook-id`` of this job's terminal event: the same across retries, so a repeat shows."""
        return f"{self.code2wf_id}.attempt-{self.attempt}.{event_type}"


class ComponentSweepJob(BaseModel):
    """Envelope of ``wf2des.component_sweep.run``: one project, optionally one file."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    organization_id: int
    project_id: int
    figma_file_key: str | None = None
    run_id: str
    # The organization's Figma token, sealed for the worker; None: the worker's development fallback.
    figma_token: str | None = Field(default=None, repr=False)

    def scope(self) -> ProjectScope:
        """The project this sweep acts in, as the API (or the operator, through ``wf2des sweep``) asked."""
        return _published_scope(self.organization_id, self.project_id)


class GenerationCompletedEvent(BaseModel):
    """A generation's terminal event when it completed; each generation kind narrows ``type``."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    type: str
    attempt: int
    result_url: str = Field(alias="resultUrl")
    flag_count: int = Field(alias="flagCount")


class GenerationFailedEvent(BaseModel):
    """A generation's terminal event when it failed; each generation kind narrows ``type``."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    type: str
    attempt: int
    result_url: str | None = Field(default=None, alias="resultUrl")
    error_message: str = Field(alias="errorMessage")


class Code2wfCompleted(GenerationCompletedEvent):
    type: Literal["code2wf.completed"] = "code2wf.completed"


class Code2wfFailed(GenerationFailedEvent):
    type: Literal["code2wf.failed"] = "code2wf.failed"


Code2wfEvent = Code2wfCompleted | Code2wfFailed


class DesignGenerationJob(BaseModel):
    """Envelope of ``wf2des.design.generate``: one wireframe frame of a working file becomes one design.

    The wireframe comes over REST (``GET /v1/files/:key/nodes?ids=wireframe_node_id``) unless
    ``snapshot_key`` names the plugin's upload (its ``JSON_REST_V1`` export and annotations), which the API
    stored under this generation's own key before publishing the job.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    design_generation_id: str
    organization_id: int
    project_id: int
    figma_file_key: str
    wireframe_node_id: str
    snapshot_key: str | None = None
    attempt: int = 1
    callback_url: str
    callback_key: str
    deadline: datetime
    # As in ComponentSweepJob: the organization's Figma token, sealed, for the wireframe and library reads.
    figma_token: str | None = Field(default=None, repr=False)

    def scope(self) -> ProjectScope:
        """The project this job acts in, as the API authorized it before publishing the job."""
        return _published_scope(self.organization_id, self.project_id)

    def event_id(self, event_type: str) -> str:
        return f"{self.design_generation_id}.attempt-{self.attempt}.{event_type}"


class DesignGenerationCompleted(GenerationCompletedEvent):
    type: Literal["design_generation.completed"] = "design_generation.completed"


class DesignGenerationFailed(GenerationFailedEvent):
    type: Literal["design_generation.failed"] = "design_generation.failed"


DesignGenerationEvent = DesignGenerationCompleted | DesignGenerationFailed
