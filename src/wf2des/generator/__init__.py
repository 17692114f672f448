"""Code2WF generator: captured DOM → editable wireframe spec, layout replay and preview (pure, no I/O)."""

from wf2des.generator.capture_model import CapturedElement, CapturedScreen, CapturedText, CaptureResult, Rect
from wf2des.generator.convert import convert, spec_flag_count
from wf2des.generator.replay import replay_layout

__all__ = [
    "CaptureResult",
    "CapturedElement",
    "CapturedScreen",
    "CapturedText",
    "Rect",
    "convert",
    "replay_layout",
    "spec_flag_count",
]
