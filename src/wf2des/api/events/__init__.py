"""Terminal events from workers, signed with the per-job callback key (Standard Webhooks)."""
