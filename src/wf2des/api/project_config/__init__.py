"""A project's ingest config (``schemas/project-config.v1.json``), versioned in the blob store."""
