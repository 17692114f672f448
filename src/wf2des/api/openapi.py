"""The OpenAPI document without a running server (``wf2des openapi``): what the plugin's types come from.

Building the app opens nothing (stores are opened in the lifespan), so this works on a machine with no
services; the settings only need to pass the production check.
"""

from __future__ import annotations

from typing import Any

__all__ = ["openapi_document"]


def openapi_document() -> dict[str, Any]:
    from wf2des.api.app import create_app
    from wf2des.core.settings import Settings
    from wf2des.pg.settings import PgSettings

    app = create_app(Settings(env="development", auth_dev=False), PgSettings(database_url=None))
    return app.openapi()
