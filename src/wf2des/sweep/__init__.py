"""``component_sweep`` orchestration, shared by the worker task and ``wf2des sweep``."""

from __future__ import annotations

from wf2des.sweep.run import FileSummary, sweep_file, sweep_project

__all__ = ["FileSummary", "sweep_file", "sweep_project"]
