"""Guaranteed dispatch: the outbox relay (publishes by task name) and the deadline reaper."""
