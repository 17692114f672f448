"""Dev-mode keys and tokens go through the same verifier as production tokens."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from wf2des.api.auth import build_verifier, load_dev_key, mint_dev_token
from wf2des.core.errors import ConfigError, Unauthorized
from wf2des.core.settings import Settings


async def test_dev_key_is_private_and_stable_and_tokens_verify(tmp_path: Path) -> None:
    settings = Settings(env="test", data_dir=tmp_path, auth_dev=True)
    verifier, dev = build_verifier(settings, dev_issuer="iss", dev_audience="aud")
    assert dev is not None
    key_file = tmp_path / "auth" / "dev-jwt-key.pem"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert load_dev_key(tmp_path).kid == dev.kid
    token = mint_dev_token(
        dev,
        issuer="iss",
        audience="aud",
        org_claim="custom:organization_id",
        organization="3,4",
        subject="dev",
        ttl=60,
    )
    principal = await verifier.authenticate(f"Bearer {token}")
    assert (principal.subject, principal.organization_ids) == ("dev", frozenset({3, 4}))
    expired = mint_dev_token(
        dev,
        issuer="iss",
        audience="aud",
        org_claim="custom:organization_id",
        organization="3",
        subject="dev",
        ttl=-100,
    )
    with pytest.raises(Unauthorized):
        await verifier.authenticate(f"Bearer {expired}")
    wrong_aud = mint_dev_token(
        dev,
        issuer="iss",
        audience="other",
        org_claim="custom:organization_id",
        organization="3",
        subject="dev",
        ttl=60,
    )
    with pytest.raises(Unauthorized):
        await verifier.authenticate(f"Bearer {wrong_aud}")


async def test_without_configuration_every_token_is_refused(tmp_path: Path) -> None:
    verifier, dev = build_verifier(Settings(env="test", data_dir=tmp_path), dev_issuer="i", dev_audience="a")
    assert dev is None
    with pytest.raises(Unauthorized):
        await verifier.authenticate("Bearer x.y.z")


def test_jwks_without_issuer_is_a_config_error(tmp_path: Path) -> None:
    settings = Settings(env="test", data_dir=tmp_path, auth_jwks_url="http://127.0.0.1:1/jwks.json")
    with pytest.raises(ConfigError):
        build_verifier(settings, dev_issuer="i", dev_audience="a")
