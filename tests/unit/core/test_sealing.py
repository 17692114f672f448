"""Sealed Figma tokens: what opens, what does not, key rotation, and the job token's age limit."""

from __future__ import annotations

import time

import pytest
from cryptography.fernet import Fernet

from wf2des.core.errors import ConfigError
from wf2des.core.sealing import Sealer, SealError, new_key
from wf2des.core.settings import Settings
from wf2des.integrations.figma import auth_for_job


def test_a_sealed_token_opens_and_does_not_contain_the_token() -> None:
    sealer = Sealer(new_key(), setting="K")
    sealed = sealer.seal("figu_secret-token")
    assert "figu_secret-token" not in sealed
    assert sealer.open(sealed) == "figu_secret-token"
    assert repr(sealer) == "Sealer()"


def test_rotation_the_first_key_seals_every_key_opens() -> None:
    old, new = new_key(), new_key()
    sealed_before = Sealer(old, setting="K").seal("a")
    rotated = Sealer(f"{new},{old}", setting="K")
    assert rotated.open(sealed_before) == "a"
    assert Sealer(new, setting="K").open(rotated.seal("b")) == "b"
    with pytest.raises(SealError):
        Sealer(new, setting="K").open(sealed_before)


def test_tampered_or_foreign_values_do_not_open() -> None:
    sealer = Sealer(new_key(), setting="K")
    sealed = sealer.seal("a")
    for bad in (sealed[:-2] + ("AA" if not sealed.endswith("AA") else "BB"), "not-sealed", "é"):
        with pytest.raises(SealError):
            sealer.open(bad)


def test_malformed_or_empty_keys_are_a_config_error() -> None:
    for keys in ("short", "", " , "):
        with pytest.raises(ConfigError):
            Sealer(keys, setting="WF2DES_X")


def test_a_job_token_older_than_its_max_age_is_refused() -> None:
    key = new_key()
    settings = Settings(env="test", figma_job_key=key, figma_job_token_max_age_seconds=60)
    fresh = Sealer(key, setting="K").seal("figu_fresh")
    assert auth_for_job(settings, fresh).token == "figu_fresh"
    assert auth_for_job(settings, fresh).kind == "oauth"
    stale = Fernet(key.encode()).encrypt_at_time(b"figu_stale", int(time.time()) - 120).decode()
    with pytest.raises(ConfigError, match="older than"):
        auth_for_job(settings, stale)


def test_without_a_job_token_only_the_development_token_reads() -> None:
    assert auth_for_job(Settings(env="test", figma_token="figd_dev"), None).token == "figd_dev"
    with pytest.raises(ConfigError, match="has not connected Figma"):
        auth_for_job(Settings(env="test", figma_token=None), None)


def _production(figma_token: str | None) -> Settings:
    return Settings(
        env="production",
        webhook_secret="a-real-secret-0123456789",
        docstore_url="mongodb://db",
        blob_url="s3://bucket/p",
        broker_url="redis://broker",
        auth_jwks_url="https://issuer/jwks.json",
        figma_token=figma_token,
    )


def test_production_refuses_the_service_wide_figma_token() -> None:
    _production(None).check_production()
    with pytest.raises(ValueError, match="WF2DES_FIGMA_TOKEN must not be set in production"):
        _production("figd_shared").check_production()
