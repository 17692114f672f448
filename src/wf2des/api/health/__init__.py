"""Liveness, readiness, metrics and the dev JWKS."""
