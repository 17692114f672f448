"""Settings, errors, ids and logging shared by every process. Never imports PostgreSQL."""
