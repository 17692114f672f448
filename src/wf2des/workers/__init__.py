"""Celery workers: Code2WF generation and component_sweep.

Workers hold no PostgreSQL credentials and never import ``wf2des.pg`` or ``wf2des.api`` (import-linter
enforces it, and a runtime test checks ``sys.modules`` of a freshly imported worker app).
"""
