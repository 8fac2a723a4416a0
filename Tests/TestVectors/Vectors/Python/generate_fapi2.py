# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0

"""ID tokens signed by joserfc 1.6.5 with each algorithm, for the FAPI 2.0 algorithm rule (Security Profile §5.4.1).

Run: python3 generate_fapi2.py > fapi2-id-tokens.json   (needs `pip install joserfc`; new keys on every run)
Each case is an ID token for client "fapi2-client" at issuer "https://fapi2.example.com", the time "now" and the
nonce "n-fapi2", and the verdict a FAPI 2.0 client owes it: "valid" for PS256, ES256 and EdDSA (Ed25519), "alg" for
everything else — RS256, RS384, PS384 (same RSA key), HS256 (keyed with a made-up secret) and alg none (hand-made).
Every token verifies with the JWK Set (or, for HS256, its key): only the algorithm makes it wrong.
"""
import base64, json
from joserfc import jwt
from joserfc.jwk import ECKey, OctKey, OKPKey, RSAKey

ISSUER, CLIENT, NONCE, NOW = "https://fapi2.example.com", "fapi2-client", "n-fapi2", 1_800_000_000
rsa = RSAKey.generate_key(2048, parameters={"kid": "rsa-1"}, private=True)
ec = ECKey.generate_key("P-256", parameters={"kid": "ec-1"}, private=True)
ed = OKPKey.generate_key("Ed25519", parameters={"kid": "ed-1"}, private=True)
secret = OctKey.import_key(b"a-shared-secret-of-thirty-two-bytes!!")

def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

claims = {"iss": ISSUER, "sub": "alice", "aud": CLIENT, "exp": NOW + 600, "iat": NOW, "nonce": NONCE}

def signed(alg, key, kid):
    header = {"alg": alg}
    if kid:
        header["kid"] = kid
    return jwt.encode(header, claims, key, algorithms=[alg])

cases = [
    {"name": "PS256", "token": signed("PS256", rsa, "rsa-1"), "verdict": "valid"},
    {"name": "ES256", "token": signed("ES256", ec, "ec-1"), "verdict": "valid"},
    {"name": "EdDSA (Ed25519)", "token": signed("EdDSA", ed, "ed-1"), "verdict": "valid"},
    {"name": "RS256", "token": signed("RS256", rsa, "rsa-1"), "verdict": "alg"},
    {"name": "RS384", "token": signed("RS384", rsa, "rsa-1"), "verdict": "alg"},
    {"name": "PS384", "token": signed("PS384", rsa, "rsa-1"), "verdict": "alg"},
    {"name": "HS256", "token": signed("HS256", secret, None), "verdict": "alg"},
]
payload = cases[0]["token"].split(".")[1]
cases.append({"name": "none", "token": b64(b'{"alg":"none"}') + "." + payload + ".", "verdict": "alg"})
print(json.dumps({
    "source": "joserfc 1.6.5 (Python), Tests/TestVectors/Vectors/Python/generate_fapi2.py",
    "issuer": ISSUER, "clientID": CLIENT, "nonce": NONCE, "now": NOW,
    "jwks": {"keys": [k.as_dict(private=False) for k in (rsa, ec, ed)]}, "cases": cases}, indent=2))
