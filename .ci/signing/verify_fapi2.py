# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0

"""Verifies, with joserfc (not AuthFlow), the request object that `authflow demo --fapi2` signed under FAPI 2.0
Message Signing.

Usage: verify_fapi2.py DEMO_OUTPUT. Reads the lines `client public key = {JWK}` and `request object = JWT` the demo
prints, then checks with joserfc: the signature with the client's public JWK, in an algorithm FAPI 2.0 allows
(PS256, ES256, EdDSA; Security Profile §5.4.1); iss = client_id, aud = the issuer (RFC 9101 §4); nbf present, not
after iat and not more than 60 minutes before it, and exp - nbf at most 60 minutes (Message Signing); PKCE S256,
response_type=code, response_mode=jwt (JARM) and a dpop_jkt (RFC 9449 §10) inside. One `ok` line per check; exit
1 on any failure.
"""
import json
import sys

from joserfc import jwt
from joserfc.jwk import ECKey

from verify_jar import value  # the demo's "    name = value    — note" lines, read one way for both checks


def main(path: str) -> int:
    lines = open(path, encoding="utf-8").read().splitlines()
    key = ECKey.import_key(json.loads(value(lines, "client public key")))
    token = jwt.decode(value(lines, "request object"), key, algorithms=["ES256", "PS256", "EdDSA"])
    header, claims = token.header, token.claims
    checks = [
        ("the signature verifies with the client's public JWK (joserfc), alg in PS256/ES256/EdDSA",
         header["alg"] in ("PS256", "ES256", "EdDSA")),
        ("iss = client_id, aud = the issuer", claims["iss"] == claims["client_id"]
         and claims["aud"] == "https://fake-provider.authflow.test"),
        ("nbf present, iat - 3600 <= nbf <= iat", "nbf" in claims and claims["iat"] - 3600 <= claims["nbf"] <= claims["iat"]),
        ("exp - nbf <= 3600", 0 < claims["exp"] - claims["nbf"] <= 3600),
        ("response_type=code, code_challenge_method=S256", claims["response_type"] == "code"
         and claims["code_challenge_method"] == "S256" and "code_challenge" in claims),
        ("response_mode=jwt (JARM) and dpop_jkt inside", claims.get("response_mode") == "jwt" and "dpop_jkt" in claims),
    ]
    failures = 0
    for name, passed in checks:
        print(("ok    " if passed else "FAIL  ") + "FAPI 2.0 request object: " + name)
        failures += 0 if passed else 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
