# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0

"""client_secret_jwt assertions (RFC 7523 §2.2, OpenID Connect Core §9) MACed by Python's hmac/hashlib.

Deterministic: fixed claims and secrets. Run: python3 generate_client_assertion.py > client-secret-jwt.json
The JSON serialisation is compact with the claims in the order iss, sub, aud, jti, exp, iat (the order the
RFC 7523 §3 list gives them, which AuthFlow's ClientAssertion also uses); the header is {"alg":"HS256"}.
"""
import base64, hashlib, hmac, json

def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

cases = []
for client_id, audience, jti, iat, lifetime, secret in [
    ("s6BhdRkqt3", "https://server.example.com/token", "a-fixed-jwt-id", 1_800_000_000, 60, "7Fjfp0ZBr1KtDRbnfVdmIw"),
    ("demo-app", "https://fake-provider.authflow.test", "AAECAwQFBgcICQoLDA0ODw", 1_700_000_123, 300, "a secret with spaces & symbols /:?"),
]:
    header = {"alg": "HS256"}
    claims = {"iss": client_id, "sub": client_id, "aud": audience, "jti": jti, "exp": iat + lifetime, "iat": iat}
    signing_input = b64(json.dumps(header, separators=(",", ":")).encode()) + "." + b64(json.dumps(claims, separators=(",", ":")).encode())
    mac = hmac.new(secret.encode(), signing_input.encode(), hashlib.sha256).digest()
    cases.append({"client_id": client_id, "audience": audience, "jti": jti, "iat": iat, "lifetime": lifetime, "secret": secret,
                  "assertion": signing_input + "." + b64(mac)})
print(json.dumps({"source": "Python hmac/hashlib/base64/json, generate_client_assertion.py", "cases": cases}, indent=2))
