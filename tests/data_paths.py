"""Where the test data lives: inside the repository, never beside it."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
CORPUS = DATA / "corpus" / "pages"
FIGMA_OPENAPI = DATA / "figma-rest-api-spec" / "openapi.yaml"
