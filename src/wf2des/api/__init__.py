"""wf2des-api: the FastAPI service that owns every PostgreSQL write."""

from wf2des.api.app import create_app

__all__ = ["create_app"]
