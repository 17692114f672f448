"""Sign-in for the Figma plugin: Figma's key-pair polling, with an OpenID Connect (or dev) login page."""
