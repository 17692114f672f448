"""How a design generation fails: a safe sentence and a machine-readable classification."""

from __future__ import annotations

from wf2des.core.errors import Wf2desError

__all__ = ["DesignFailed"]


class DesignFailed(Wf2desError):
    """A failure with a safe, specific message (it reaches the row's ``error_message``) and a
    classification (``wireframe_not_found``, ``figma_error``, …) kept in the failure artifact."""

    code = "design_generation_failed"

    def __init__(self, detail: str, classification: str) -> None:
        super().__init__(detail)
        self.classification = classification
