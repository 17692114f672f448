"""Figma access per organization: connect the organization's own Figma account (OAuth 2), and use it."""
