"""Every resource router of the API, in one list.

A new feature package registers itself by adding its router here (one line), e.g.
``from wf2des.api.figma_files.endpoints import router as figma_files`` and appending ``figma_files``. Its
endpoints reuse ``wf2des.api.deps`` (``CurrentPrincipal``, ``ProjectScopeDep``, ``SessionDep``) and raise
``wf2des.core.errors`` exceptions; the app renders them as problem documents.
"""

from __future__ import annotations

from fastapi import APIRouter

from wf2des.api.code2wf.endpoints import router as code2wf
from wf2des.api.component_sweeps.endpoints import router as component_sweeps
from wf2des.api.design_generations.endpoints import router as design_generations
from wf2des.api.events.endpoints import router as events
from wf2des.api.figma_connection.endpoints import callback_router as figma_callback
from wf2des.api.figma_connection.endpoints import router as figma_connection
from wf2des.api.figma_files.endpoints import router as figma_files
from wf2des.api.health.endpoints import router as health
from wf2des.api.page_imports.endpoints import router as page_imports
from wf2des.api.plugin_sessions.endpoints import router as plugin_sessions
from wf2des.api.plugin_sessions.login import router as login
from wf2des.api.project_config.endpoints import router as project_config
from wf2des.api.projects.endpoints import router as projects

__all__ = ["ROUTERS"]

ROUTERS: list[APIRouter] = [
    health,
    page_imports,
    code2wf,
    design_generations,
    events,
    figma_files,
    component_sweeps,
    project_config,
    projects,
    plugin_sessions,
    login,
    figma_connection,
    figma_callback,
]
