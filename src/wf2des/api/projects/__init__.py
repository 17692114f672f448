"""``GET /v1/projects``: the projects of the caller's organizations, so the plugin can offer a choice."""
