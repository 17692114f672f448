"""Adapters to the outside world, each independent of the others (import-linter enforces it)."""
