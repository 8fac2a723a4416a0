# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0

"""CIBA push-mode ID tokens (OpenID CIBA Core 1.0 §10.3.1) signed by joserfc 1.6.5, with at_hash and rt_hash
computed here by Python's hashlib, independently of AuthFlow.

Run: python3 generate_ciba_push.py > ciba-push-id-tokens.json   (needs `pip install joserfc`; new keys on every run)

"hashes": the half hash (OIDC Core §3.2.2.9, which §10.3.1 reuses for rt_hash: base64url of the left half of the
hash of the ASCII octets) of the access token and the refresh token by each algorithm's hash — SHA-256 for RS256,
PS256, ES256, SHA-384 for RS384, PS384, SHA-512 for RS512, PS512 and EdDSA (Ed25519, whose curve's hash is SHA-512).
"cases": ID tokens for client "ciba-client" at issuer "https://ciba.example.com" and the time "now", each pushed with
"accessToken" and "refreshToken" (null: none pushed), and the verdict the rules of §10.3.1 require: "valid", or the
rule that refuses it, named as AuthFlow's BackchannelPushRefusal cases name them — "missingAccessTokenHash",
"missingAuthRequestIDClaim", "authRequestIDClaimMismatch", "missingRefreshTokenHash", "refreshTokenHashMismatch" —
or "accessTokenHashMismatch" (the ordinary ID token check, OIDC Core §3.2.2.9).
"""
import base64, hashlib, json
from joserfc import jwt
from joserfc.jwk import ECKey, OKPKey, RSAKey

ISSUER, CLIENT, NOW = "https://ciba.example.com", "ciba-client", 1_800_000_000
AUTH_REQ_ID = "1c266114-a1be-4252-8ad1-04986c5b9ac1"  # CIBA §7.3's example
ACCESS, REFRESH = "G5kXH2wHvUra0sHlDy1iTkDJgsgUO1bN", "4bwc0ESC_IAhflf-ACC_vjD_ltc11ne-8gFPfA2Kx16"
OTHER_REFRESH = "a-refresh-token-from-another-response"
rsa = RSAKey.generate_key(2048, parameters={"kid": "rsa-1"}, private=True)
ec = ECKey.generate_key("P-256", parameters={"kid": "ec-1"}, private=True)
ed = OKPKey.generate_key("Ed25519", parameters={"kid": "ed-1"}, private=True)
KEYS = {"RS256": rsa, "PS256": rsa, "RS384": rsa, "PS384": rsa, "RS512": rsa, "PS512": rsa, "ES256": ec, "EdDSA": ed}
HASHES = {"RS256": "sha256", "PS256": "sha256", "ES256": "sha256", "RS384": "sha384", "PS384": "sha384",
          "RS512": "sha512", "PS512": "sha512", "EdDSA": "sha512"}

def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

def half_hash(value: str, alg: str) -> str:
    digest = hashlib.new(HASHES[alg], value.encode("ascii")).digest()
    return b64(digest[: len(digest) // 2])

def token(alg, refresh=REFRESH, **change):
    claims = {"iss": ISSUER, "sub": "248289761001", "aud": CLIENT, "exp": NOW + 300, "iat": NOW,
              "at_hash": half_hash(ACCESS, alg), "urn:openid:params:jwt:claim:auth_req_id": AUTH_REQ_ID}
    if refresh is not None:
        claims["urn:openid:params:jwt:claim:rt_hash"] = half_hash(refresh, alg)
    claims.update(change)
    claims = {k: v for k, v in claims.items() if v is not None}
    key = KEYS[alg]
    return jwt.encode({"alg": alg, "kid": key.kid}, claims, key, algorithms=[alg])

def case(name, alg, verdict, refresh_token=REFRESH, **change):
    return {"name": name, "algorithm": alg, "token": token(alg, **change), "accessToken": ACCESS,
            "refreshToken": refresh_token, "verdict": verdict}

cases = [case(f"{alg} with a refresh token", alg, "valid") for alg in ["RS256", "PS256", "ES256", "PS384", "RS512", "EdDSA"]]
cases += [
    case("ES256 without a refresh token (no rt_hash needed)", "ES256", "valid", refresh_token=None, refresh=None),
    case("no at_hash", "ES256", "missingAccessTokenHash", at_hash=None),
    case("at_hash of another access token", "ES256", "accessTokenHashMismatch", at_hash=half_hash("another-access-token", "ES256")),
    case("no auth_req_id claim", "ES256", "missingAuthRequestIDClaim", **{"urn:openid:params:jwt:claim:auth_req_id": None}),
    case("auth_req_id of another request", "ES256", "authRequestIDClaimMismatch",
         **{"urn:openid:params:jwt:claim:auth_req_id": "another-request"}),
    case("a refresh token pushed and no rt_hash", "ES256", "missingRefreshTokenHash", refresh=None),
    case("rt_hash of another refresh token", "ES256", "refreshTokenHashMismatch", refresh=OTHER_REFRESH),
    case("PS384 with rt_hash made with SHA-256", "PS384", "refreshTokenHashMismatch",
         **{"urn:openid:params:jwt:claim:rt_hash": half_hash(REFRESH, "ES256")}),
]
hashes = [{"algorithm": alg, "value": value, "hash": half_hash(value, alg)} for alg in HASHES for value in (ACCESS, REFRESH)]
print(json.dumps({
    "source": "joserfc 1.6.5 and hashlib (Python), Tests/TestVectors/Vectors/Python/generate_ciba_push.py",
    "issuer": ISSUER, "clientID": CLIENT, "now": NOW, "authRequestID": AUTH_REQ_ID,
    "jwks": {"keys": [k.as_dict(private=False) for k in (rsa, ec, ed)]}, "hashes": hashes, "cases": cases}, indent=2))
