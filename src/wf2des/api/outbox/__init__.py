"""Guaranteed dispatch: the outbox relay, which publishes committed jobs by task name."""
