# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0

"""Verifies, with joserfc (not AuthFlow), the request object (RFC 9101) that `authflow demo --jar` signed.

Usage: verify_jar.py DEMO_OUTPUT. Reads the lines `client public key = {JWK}` and `request object = JWT` the demo
prints, then checks with joserfc: the ES256 signature with the client's public JWK; the header's typ
`oauth-authz-req+jwt` and kid; iss = client_id = "demo-app", aud = the fake provider's issuer (RFC 9101 §4);
jti, iat, nbf, exp present with exp - nbf = 300; state, nonce, code_challenge and redirect_uri inside.
Prints one `ok` line per check, exits 1 on any failure.
"""
import json
import sys

from joserfc import jwt
from joserfc.jwk import ECKey


def value(lines, name):
    prefix = f"    {name} = "
    for line in lines:
        if line.startswith(prefix):
            return line[len(prefix):].split("    — ")[0]
    raise SystemExit(f"FAIL  the demo printed no '{name}'")


def main(path: str) -> int:
    lines = open(path, encoding="utf-8").read().splitlines()
    key = ECKey.import_key(json.loads(value(lines, "client public key")))
    token = jwt.decode(value(lines, "request object"), key, algorithms=["ES256"])
    header, claims = token.header, token.claims
    checks = [
        ("ES256 signature verifies with the client's public JWK (joserfc)", header["alg"] == "ES256"),
        ("typ is oauth-authz-req+jwt", header.get("typ") == "oauth-authz-req+jwt"),
        ("kid names the client's key", header.get("kid") == "demo-client-key"),
        ("iss = client_id = demo-app", claims["iss"] == claims["client_id"] == "demo-app"),
        ("aud = the issuer", claims["aud"] == "https://fake-provider.authflow.test"),
        ("jti, iat, nbf, exp present; exp - nbf = 300", all(k in claims for k in ("jti", "iat", "nbf"))
         and claims["exp"] - claims["nbf"] == 300),
        ("state, nonce, code_challenge (S256), redirect_uri, response_type=code inside",
         all(k in claims for k in ("state", "nonce", "code_challenge", "redirect_uri"))
         and claims["code_challenge_method"] == "S256" and claims["response_type"] == "code"),
        ("response_mode=jwt inside", claims.get("response_mode") == "jwt"),
    ]
    failures = 0
    for name, passed in checks:
        print(("ok    " if passed else "FAIL  ") + "request object: " + name)
        failures += 0 if passed else 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
