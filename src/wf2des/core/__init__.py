"""Settings, errors, ids, logging and the tenancy types shared by every process. Never imports PostgreSQL."""
