"""Shared fixtures: the made-up second library (Kit B) and a small library of another shape."""

from __future__ import annotations

import pytest

from tests.design_kit.library_kit import kit_b
from wf2des.design import DesignLibrary


@pytest.fixture(scope="session")
def kit() -> DesignLibrary:
    return DesignLibrary.from_rest([kit_b()])
