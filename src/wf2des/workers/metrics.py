"""Prometheus metrics of the workers (exposed by ``wf2des worker --metrics-port``)."""

from __future__ import annotations

from prometheus_client import Counter, Histogram

__all__ = ["JOBS", "JOB_SECONDS"]

JOBS = Counter("wf2des_code2wf_jobs_total", "Code2WF jobs by outcome", ["status"])
JOB_SECONDS = Histogram(
    "wf2des_code2wf_job_seconds", "Code2WF job duration", buckets=(0.25, 0.5, 1, 2, 5, 10, 30, 60, 120)
)
