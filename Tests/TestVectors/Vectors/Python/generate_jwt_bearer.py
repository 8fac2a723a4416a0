# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0

"""JWT bearer grant assertions (RFC 7523 §2.1, §3) made by pyca/cryptography and checked with joserfc.

Run: python3 generate_jwt_bearer.py > jwt-bearer-assertions.json (needs `pip install joserfc cryptography`;
cryptography 44 or later for RFC 6979 signatures).

1. `deterministic`: a fixed P-256 key (d below) signs fixed claims with RFC 6979 deterministic ECDSA (cryptography's
   deterministic_signing) and the low s (min(s, n - s), which AuthFlow's signer also picks). The header is
   {"alg":"ES256","kid":"workload-1"} and the claims iss, sub, aud, jti, exp, iat in that order (RFC 7523 §3's
   list, the order JWTBearerAssertion serialises), compact JSON. AuthFlow must produce exactly this JWS.
2. `assertions`: assertions signed by joserfc with a fresh P-256 key (new on every run), for the fake provider's
   audience and clock (1_900_000_000), with the verdict RFC 7523 §3 requires: "granted" or "invalid_grant".
Every signature is verified with joserfc before it is written.
"""
import base64, json

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from joserfc import jwt
from joserfc.jwk import ECKey

N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551

def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

def compact(value) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()

# 1. Deterministic.
d = 0x519B423D715F8B581F4FA8EE59F4771A5B44C8130B4E3EACCA54A56DDA72B464
private = ec.derive_private_key(d, ec.SECP256R1())
header = {"alg": "ES256", "kid": "workload-1"}
claims = {"iss": "https://workload.example", "sub": "alice@example.com", "aud": "https://fake-provider.authflow.test/token",
          "jti": "a-fixed-jwt-id", "exp": 1_900_000_300, "iat": 1_900_000_000}
signing_input = b64(compact(header)) + "." + b64(compact(claims))
r, s = decode_dss_signature(private.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256(), deterministic_signing=True)))
s = min(s, N - s)
deterministic = signing_input + "." + b64(r.to_bytes(32, "big") + s.to_bytes(32, "big"))
public_jwk = ECKey.import_key(private.public_key()).as_dict(private=False)
jwt.decode(deterministic, ECKey.import_key(private.public_key()), algorithms=["ES256"])  # joserfc verifies it

# 2. joserfc assertions for the fake provider.
key = ECKey.generate_key("P-256", auto_kid=True)
other = ECKey.generate_key("P-256", auto_kid=True)
now = 1_900_000_000
base = {"iss": "https://workload.example", "sub": "alice@example.com", "aud": "https://fake-provider.authflow.test/token",
        "iat": now, "exp": now + 300}
cases = []
def add(name, verdict, claims, signer=key):
    token = jwt.encode({"alg": "ES256", "kid": signer.kid}, claims, signer, algorithms=["ES256"])
    jwt.decode(token, signer, algorithms=["ES256"])
    cases.append({"name": name, "verdict": verdict, "assertion": token})
add("valid, aud the token endpoint", "granted", dict(base, jti="jti-1"))
add("valid, aud the issuer in an array", "granted", dict(base, jti="jti-2", aud=["https://fake-provider.authflow.test"]))
add("expired", "invalid_grant", dict(base, jti="jti-3", iat=now - 600, exp=now - 300))
add("aud another server", "invalid_grant", dict(base, jti="jti-4", aud="https://elsewhere.example/token"))
add("no sub", "invalid_grant", {k: v for k, v in dict(base, jti="jti-5").items() if k != "sub"})
add("an untrusted iss", "invalid_grant", dict(base, jti="jti-6", iss="https://someone-else.example"))
add("signed by another key", "invalid_grant", dict(base, jti="jti-7"), signer=other)
tampered = jwt.encode({"alg": "ES256", "kid": key.kid}, dict(base, jti="jti-8"), key, algorithms=["ES256"])
head, payload, signature = tampered.split(".")
payload = b64(compact(dict(base, jti="jti-8", sub="mallory@example.com")))
cases.append({"name": "claims changed after signing", "verdict": "invalid_grant", "assertion": ".".join([head, payload, signature])})

print(json.dumps({
    "source": "pyca/cryptography (RFC 6979 deterministic ECDSA) and joserfc, generate_jwt_bearer.py",
    "deterministic": {"d": f"{d:064x}", "kid": "workload-1", "claims": claims, "jws": deterministic},
    "issuer": "https://workload.example",
    "issuer_jwk": key.as_dict(private=False),
    "assertions": cases,
}, indent=2))
