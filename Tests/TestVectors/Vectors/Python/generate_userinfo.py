# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0

"""Signed userinfo responses (OpenID Connect Core §5.3.2) and aggregated claims (§5.6.2) made by joserfc 1.6.5.

Run: python3 generate_userinfo.py > userinfo-claims.json   (needs `pip install joserfc`; new keys on every run)
"userinfo" cases: the body of an `application/jwt` userinfo answer for client "userinfo-client" of issuer
"https://op.example.com", whose user's ID token said sub "alice"; the verdict is "valid" (with the email), or
the check that refuses it: "iss", "aud", "signature" (another key, a flipped bit), "alg" (none; HS256 keyed
with the client id), "sub" (another user), "exp", "encrypted" (a JWE made by joserfc).
"aggregated" cases: a userinfo JSON answer with `_claim_names`/`_claim_sources` whose JWT the claims provider
"https://claims.example.com" (its JWK Set below) signed; the client trusts only that issuer. Verdict "valid"
(with the merged claims), "untrusted", "signature", "missing" (a mapped claim absent), "conflict" (the
source names a claim the answer holds itself).
"""
import base64, json
from joserfc import jwt, jwe
from joserfc.jwk import ECKey, OctKey, RSAKey

ISSUER, CLIENT, SUBJECT, NOW = "https://op.example.com", "userinfo-client", "alice", 1_800_000_000
CLAIMS_ISSUER = "https://claims.example.com"
op = RSAKey.generate_key(2048, parameters={"kid": "op-rs256"}, private=True)
other = RSAKey.generate_key(2048, parameters={"kid": "op-rs256"}, private=True)
claims_key = ECKey.generate_key("P-256", parameters={"kid": "claims-es256"}, private=True)
stranger = ECKey.generate_key("P-256", parameters={"kid": "claims-es256"}, private=True)

def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

def userinfo(**change):
    base = {"iss": ISSUER, "aud": CLIENT, "sub": SUBJECT, "email": "alice@example.com", "name": "Alice"}
    base.update(change)
    return {k: v for k, v in base.items() if v is not None}

def signed(c, key=op):
    return jwt.encode({"alg": "RS256", "kid": "op-rs256"}, c, key)

userinfo_cases = [
    {"name": "valid", "token": signed(userinfo()), "verdict": "valid", "email": "alice@example.com"},
    {"name": "valid, aud array with the client", "token": signed(userinfo(aud=["another", CLIENT])), "verdict": "valid",
     "email": "alice@example.com"},
    {"name": "valid without iss and aud (both SHOULD, not MUST)", "token": signed(userinfo(iss=None, aud=None)),
     "verdict": "valid", "email": "alice@example.com"},
    {"name": "wrong iss", "token": signed(userinfo(iss="https://attacker.example")), "verdict": "iss"},
    {"name": "wrong aud", "token": signed(userinfo(aud="another-client")), "verdict": "aud"},
    {"name": "another user's sub", "token": signed(userinfo(sub="mallory")), "verdict": "sub"},
    {"name": "expired", "token": signed(userinfo(exp=NOW - 3600)), "verdict": "exp"},
    {"name": "another key", "token": signed(userinfo(), other), "verdict": "signature"},
    {"name": "HS256 keyed with the client id",
     "token": jwt.encode({"alg": "HS256"}, userinfo(), OctKey.import_key(CLIENT.encode())), "verdict": "alg"},
]
good = userinfo_cases[0]["token"]
head, payload, signature = good.split(".")
flipped = signature[:-1] + ("A" if signature[-1] != "A" else "Q")
userinfo_cases.append({"name": "flipped signature", "token": f"{head}.{payload}.{flipped}", "verdict": "signature"})
userinfo_cases.append({"name": "alg none", "token": b64(b'{"alg":"none"}') + "." + payload + ".", "verdict": "alg"})
encrypted = jwe.encrypt_compact({"alg": "RSA-OAEP", "enc": "A256GCM"}, good.encode(), RSAKey.generate_key(2048, private=True))
userinfo_cases.append({"name": "encrypted (JWE)", "token": encrypted, "verdict": "encrypted"})

def source_jwt(claims, key=claims_key, iss=CLAIMS_ISSUER):
    return jwt.encode({"alg": "ES256", "kid": "claims-es256"}, dict({"iss": iss}, **claims), key)

def answer(token, names=("address", "credit_score"), **own):
    body = {"sub": SUBJECT, "name": "Alice"}
    body.update(own)
    body["_claim_names"] = {name: "src1" for name in names}
    body["_claim_sources"] = {"src1": {"JWT": token}}
    return body

source = {"address": {"country": "NL"}, "credit_score": 650}
aggregated_cases = [
    {"name": "valid", "userinfo": answer(source_jwt(source)), "verdict": "valid",
     "merged": {"sub": SUBJECT, "name": "Alice", "address": {"country": "NL"}, "credit_score": 650}},
    {"name": "untrusted issuer", "userinfo": answer(source_jwt(source, stranger, "https://stranger.example")),
     "verdict": "untrusted"},
    {"name": "signed by another key", "userinfo": answer(source_jwt(source, stranger)), "verdict": "signature"},
    {"name": "a mapped claim absent", "userinfo": answer(source_jwt({"address": {"country": "NL"}})), "verdict": "missing"},
    {"name": "names the user's own claim", "userinfo": answer(source_jwt(dict(source, name="Mallory")),
     names=("address", "credit_score", "name")), "verdict": "conflict"},
]
print(json.dumps({
    "source": "joserfc 1.6.5 (Python), Tests/TestVectors/Vectors/Python/generate_userinfo.py",
    "issuer": ISSUER, "clientID": CLIENT, "subject": SUBJECT, "now": NOW, "claimsIssuer": CLAIMS_ISSUER,
    "jwks": {"keys": [op.as_dict(private=False)]}, "claimsJWKS": {"keys": [claims_key.as_dict(private=False)]},
    "userinfo": userinfo_cases, "aggregated": aggregated_cases}, indent=2))
