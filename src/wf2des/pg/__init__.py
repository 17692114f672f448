"""PostgreSQL only: its settings (the URL lives here), tables, repositories and outbox.

Only ``wf2des.api``, the CLI and the migrations may import this package (import-linter enforces it), so a
worker process can neither read the database URL nor open a connection.
"""
