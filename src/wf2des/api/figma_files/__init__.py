"""A project's Figma files: registration and the sync state component sweeps keep on them."""
