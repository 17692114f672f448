"""All SQL of wf2des. Each repository receives the caller's session and never commits.

Repositories that touch tenant data accept only a :class:`wf2des.core.tenancy.ProjectScope`, which only
``wf2des.api.tenancy.authorize_project`` produces, so a query cannot forget its organization.
"""

from wf2des.pg.repositories.code2wf import (
    Code2wfListFilter,
    Code2wfRecord,
    Code2wfRepository,
    discovery_statement,
)
from wf2des.pg.repositories.design_generations import (
    DesignGenerationFilter,
    DesignGenerationRecord,
    DesignGenerationRepository,
    design_discovery_statement,
)
from wf2des.pg.repositories.figma_connections import FigmaConnectionRecord, FigmaConnectionRepository
from wf2des.pg.repositories.generations import GenerationRecord, GenerationRepository, TerminalOutcome
from wf2des.pg.repositories.outbox import OutboxRepository
from wf2des.pg.repositories.page_imports import PageImportRepository
from wf2des.pg.repositories.plugin_sessions import (
    ClaimedToken,
    PendingLogin,
    PluginSessionRepository,
    PollState,
)
from wf2des.pg.repositories.projects import ProjectRepository, ProjectSummary

__all__ = [
    "ClaimedToken",
    "Code2wfListFilter",
    "Code2wfRecord",
    "Code2wfRepository",
    "DesignGenerationFilter",
    "DesignGenerationRecord",
    "DesignGenerationRepository",
    "FigmaConnectionRecord",
    "FigmaConnectionRepository",
    "GenerationRecord",
    "GenerationRepository",
    "OutboxRepository",
    "PageImportRepository",
    "PendingLogin",
    "PluginSessionRepository",
    "PollState",
    "ProjectRepository",
    "ProjectSummary",
    "TerminalOutcome",
    "design_discovery_statement",
    "discovery_statement",
]
