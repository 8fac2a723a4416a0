# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0

"""Logout tokens (OpenID Connect Back-Channel Logout 1.0 §2.4) signed by joserfc 1.6.5 with a fresh P-256 key.

Run: python3 generate_logout_tokens.py > logout-tokens.json   (needs `pip install joserfc`; a new key on every run)
Each case is a logout token for client "rp-client" at issuer "https://op.example.com", the time "now", and the verdict
the rules of §2.6 require: "valid", or the rule that refuses it, named as AuthFlow's LogoutTokenRefusal cases name
them — "jwt" (a check shared with ID tokens: algorithm, signature, iss, aud, exp, iat), "unsigned" (alg none,
hand-made), "type" (typ of another kind of JWT), "encrypted" (a JWE made by joserfc), "missingJWTID",
"missingEvent", "eventNotObject", "missingSubjectAndSession", "nonce". The maximum age of iat is 300 s, the leeway 60 s.
"""
import base64, json
from joserfc import jwt, jwe
from joserfc.jwk import ECKey, OctKey, RSAKey

ISSUER, CLIENT, NOW = "https://op.example.com", "rp-client", 1_800_000_000
EVENT = "http://schemas.openid.net/event/backchannel-logout"
key = ECKey.generate_key("P-256", parameters={"kid": "logout-es256"}, private=True)
other = ECKey.generate_key("P-256", parameters={"kid": "logout-es256"}, private=True)

def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

def claims(**change):
    base = {"iss": ISSUER, "aud": CLIENT, "iat": NOW - 10, "exp": NOW + 110, "jti": "bWJq-1",
            "sub": "248289761001", "sid": "08a5019c-17e1-4977-8f42-65a12843ea02", "events": {EVENT: {}}}
    base.update(change)
    return {k: v for k, v in base.items() if v is not None}

def signed(c, typ="logout+jwt", signer=key):
    header = {"alg": "ES256", "kid": "logout-es256"}
    if typ is not None:
        header["typ"] = typ
    return jwt.encode(header, c, signer)

cases = [
    {"name": "valid, typed logout+jwt", "token": signed(claims()), "verdict": "valid"},
    {"name": "valid, typed JWT (tolerated, §2.4)", "token": signed(claims(), typ="JWT"), "verdict": "valid"},
    {"name": "valid, untyped", "token": signed(claims(), typ=None), "verdict": "valid"},
    {"name": "valid, typed application/logout+jwt", "token": signed(claims(), typ="application/logout+jwt"), "verdict": "valid"},
    {"name": "valid, sid only", "token": signed(claims(sub=None)), "verdict": "valid"},
    {"name": "valid, sub only", "token": signed(claims(sid=None)), "verdict": "valid"},
    {"name": "valid, aud array with the client", "token": signed(claims(aud=["another", CLIENT])), "verdict": "valid"},
    {"name": "valid, event with members", "token": signed(claims(events={EVENT: {"reason": "admin"}})), "verdict": "valid"},
    {"name": "valid, iat within the leeway ahead", "token": signed(claims(iat=NOW + 30)), "verdict": "valid"},
    {"name": "wrong iss", "token": signed(claims(iss="https://attacker.example")), "verdict": "jwt"},
    {"name": "wrong aud", "token": signed(claims(aud="another-client")), "verdict": "jwt"},
    {"name": "expired", "token": signed(claims(iat=NOW - 3600, exp=NOW - 3480)), "verdict": "jwt"},
    {"name": "no exp", "token": signed(claims(exp=None)), "verdict": "jwt"},
    {"name": "no iat", "token": signed(claims(iat=None)), "verdict": "jwt"},
    {"name": "iat too old, exp still ahead", "token": signed(claims(iat=NOW - 1000, exp=NOW + 600)), "verdict": "jwt"},
    {"name": "iat in the future", "token": signed(claims(iat=NOW + 600, exp=NOW + 720)), "verdict": "jwt"},
    {"name": "another key", "token": signed(claims(), signer=other), "verdict": "jwt"},
    {"name": "no jti", "token": signed(claims(jti=None)), "verdict": "missingJWTID"},
    {"name": "no events", "token": signed(claims(events=None)), "verdict": "missingEvent"},
    {"name": "events without the back-channel logout member",
     "token": signed(claims(events={"http://schemas.openid.net/event/other": {}})), "verdict": "missingEvent"},
    {"name": "event value not an object", "token": signed(claims(events={EVENT: "logout"})), "verdict": "eventNotObject"},
    {"name": "neither sub nor sid", "token": signed(claims(sub=None, sid=None)), "verdict": "missingSubjectAndSession"},
    {"name": "nonce present", "token": signed(claims(nonce="n-0S6_WzA2Mj")), "verdict": "nonce"},
    {"name": "typed at+jwt", "token": signed(claims(), typ="at+jwt"), "verdict": "type"},
    {"name": "HS256 keyed with the client id",
     "token": jwt.encode({"alg": "HS256", "typ": "logout+jwt"}, claims(), OctKey.import_key(CLIENT.encode())), "verdict": "jwt"},
]
good = cases[0]["token"]
head, payload, signature = good.split(".")
flipped = signature[:-1] + ("A" if signature[-1] != "A" else "Q")
cases.append({"name": "flipped signature", "token": f"{head}.{payload}.{flipped}", "verdict": "jwt"})
cases.append({"name": "alg none", "token": b64(b'{"alg":"none","typ":"logout+jwt"}') + "." + payload + ".", "verdict": "unsigned"})
rsa = RSAKey.generate_key(2048, private=True)
encrypted = jwe.encrypt_compact({"alg": "RSA-OAEP", "enc": "A256GCM"}, good.encode(), rsa)
cases.append({"name": "encrypted (JWE)", "token": encrypted, "verdict": "encrypted"})
print(json.dumps({
    "source": "joserfc 1.6.5 (Python), Tests/TestVectors/Vectors/Python/generate_logout_tokens.py",
    "issuer": ISSUER, "clientID": CLIENT, "now": NOW, "maximumAgeSeconds": 300, "leewaySeconds": 60,
    "jwks": {"keys": [key.as_dict(private=False)]}, "cases": cases}, indent=2))
