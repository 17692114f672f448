"""The API ↔ worker contract: task names and their Pydantic payloads. No I/O."""
