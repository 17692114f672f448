"""Wireframe → design generations: create (a wireframe frame over REST, or the plugin's snapshot), read,
discover, the spec, its report and preview, materialization and soft delete."""
