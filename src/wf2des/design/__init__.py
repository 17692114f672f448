"""Wireframe → design (pure): one wireframe frame (Figma REST nodes) + the project's library + its config →
a design spec (the Code2WF spec format, every node tracing back to its wireframe node) and a per-element
report. No I/O: the caller reads the frame, the library files and the config.
"""

from wf2des.design.generate import DesignResult, generate_design
from wf2des.design.library import DesignLibrary, LibraryFileRest
from wf2des.design.limits import MAX_DEPTH, MAX_NODES
from wf2des.design.report import DesignReport, ElementReport, MemoReport, ScreenTotals

__all__ = [
    "MAX_DEPTH",
    "MAX_NODES",
    "DesignLibrary",
    "DesignReport",
    "DesignResult",
    "ElementReport",
    "LibraryFileRest",
    "MemoReport",
    "ScreenTotals",
    "generate_design",
]
