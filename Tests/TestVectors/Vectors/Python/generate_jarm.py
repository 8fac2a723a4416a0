# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0

"""JWT-secured authorization responses (JARM §4.1) signed by joserfc 1.6.5 with a fresh P-256 key.

Run: python3 generate_jarm.py > jarm-responses.json   (needs `pip install joserfc`; a new key on every run)
Each case is a `response` JWT for client "jarm-client" at issuer "https://jarm.example.com", the time "now", the
state the request sent, and the verdict the JARM checks require: "valid" (with the code), or the check that
refuses it — "iss", "aud", "exp", "signature" (another key, or a flipped bit), "alg" (alg none, hand-made; HS256
keyed with the client id), "encrypted" (a JWE made by joserfc), "state" (the state claim is another one).
"""
import base64, json
from joserfc import jwt, jwe
from joserfc.jwk import ECKey, OctKey, RSAKey

ISSUER, CLIENT, STATE, NOW = "https://jarm.example.com", "jarm-client", "s-3f9a1c", 1_800_000_000
key = ECKey.generate_key("P-256", parameters={"kid": "jarm-es256"}, private=True)
other = ECKey.generate_key("P-256", parameters={"kid": "jarm-es256"}, private=True)

def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

def claims(**change):
    base = {"iss": ISSUER, "aud": CLIENT, "exp": NOW + 600, "code": "SplxlOBeZQQYbYS6WxSbIA", "state": STATE}
    base.update(change)
    return {k: v for k, v in base.items() if v is not None}

def signed(c, signer=key):
    return jwt.encode({"alg": "ES256", "kid": "jarm-es256"}, c, signer)

cases = [
    {"name": "valid", "token": signed(claims()), "verdict": "valid", "code": "SplxlOBeZQQYbYS6WxSbIA"},
    {"name": "valid, aud array with the client", "token": signed(claims(aud=["another", CLIENT])), "verdict": "valid",
     "code": "SplxlOBeZQQYbYS6WxSbIA"},
    {"name": "valid within the leeway", "token": signed(claims(exp=NOW - 30)), "verdict": "valid", "code": "SplxlOBeZQQYbYS6WxSbIA"},
    {"name": "error response", "token": signed(claims(code=None, error="access_denied")), "verdict": "error:access_denied"},
    {"name": "wrong iss", "token": signed(claims(iss="https://attacker.example")), "verdict": "iss"},
    {"name": "wrong aud", "token": signed(claims(aud="another-client")), "verdict": "aud"},
    {"name": "expired", "token": signed(claims(exp=NOW - 3600)), "verdict": "exp"},
    {"name": "no exp", "token": signed(claims(exp=None)), "verdict": "exp"},
    {"name": "another key", "token": signed(claims(), other), "verdict": "signature"},
    {"name": "other state", "token": signed(claims(state="s-forged")), "verdict": "state"},
    {"name": "HS256 keyed with the client id",
     "token": jwt.encode({"alg": "HS256"}, claims(), OctKey.import_key(CLIENT.encode())), "verdict": "alg"},
]
good = cases[0]["token"]
head, payload, signature = good.split(".")
flipped = signature[:-1] + ("A" if signature[-1] != "A" else "Q")
cases.append({"name": "flipped signature", "token": f"{head}.{payload}.{flipped}", "verdict": "signature"})
cases.append({"name": "alg none", "token": b64(b'{"alg":"none"}') + "." + payload + ".", "verdict": "alg"})
rsa = RSAKey.generate_key(2048, private=True)
encrypted = jwe.encrypt_compact({"alg": "RSA-OAEP", "enc": "A256GCM"}, good.encode(), rsa)
cases.append({"name": "encrypted (JWE)", "token": encrypted, "verdict": "encrypted"})
print(json.dumps({
    "source": "joserfc 1.6.5 (Python), Tests/TestVectors/Vectors/Python/generate_jarm.py",
    "issuer": ISSUER, "clientID": CLIENT, "state": STATE, "now": NOW,
    "jwks": {"keys": [key.as_dict(private=False)]}, "cases": cases}, indent=2))
