"""The document store (Amazon DocumentDB in production; any MongoDB-wire server locally), via pymongo.

Collections:
- ``project_figma_file`` (seed 000): one bookkeeping document per project Figma file, with two disjoint
  writers — registration (``role``, ``config_url``) and ``component_sweep`` (sync fields, captures, marker).
- ``design_component``: one document per component swept from a file.
- ``design_generation_result``: one document per design generation run, written only by its worker.

``design_component`` and ``design_generation_result`` carry the one lineage envelope of ``lineage``.
"""

from wf2des.integrations.docstore.connection import check_docstore, describe_docstore, open_docstore
from wf2des.integrations.docstore.project_files import FileRole, ProjectFileRegistrations, project_filter
from wf2des.integrations.docstore.records import DesignComponentDocument, ProjectFigmaFileDocument
from wf2des.integrations.docstore.schema import (
    DESIGN_COMPONENT,
    DESIGN_GENERATION_RESULT,
    INDEX_SCHEMA_VERSION,
    PROJECT_FIGMA_FILE,
    ensure_schema,
)

__all__ = [
    "DESIGN_COMPONENT",
    "DESIGN_GENERATION_RESULT",
    "INDEX_SCHEMA_VERSION",
    "PROJECT_FIGMA_FILE",
    "DesignComponentDocument",
    "FileRole",
    "ProjectFigmaFileDocument",
    "ProjectFileRegistrations",
    "check_docstore",
    "describe_docstore",
    "ensure_schema",
    "open_docstore",
    "project_filter",
]
