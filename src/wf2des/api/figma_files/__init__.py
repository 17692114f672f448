"""A project's Figma files (registration and sync state), its ingest config, and component sweeps."""
