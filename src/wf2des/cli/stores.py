"""``wf2des migrate`` and ``wf2des doctor`` (filled in by the foundation work)."""

from __future__ import annotations
