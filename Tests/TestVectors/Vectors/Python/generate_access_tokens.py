#!/usr/bin/env python3
# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0
"""Generates access-tokens.json: JWT access tokens (RFC 9068) made by an implementation that is not AuthFlow's,
valid ones and one broken variant per check of RFC 9068 §4 and §2.2, each with the ResourceServerError code it
must be refused with.

Tokens are signed by joserfc (pip install joserfc; 1.6.5 used) with fresh ES256 (P-256) and RS256 (2048-bit)
keys from pyca/cryptography; the variants joserfc will not make (alg none, HS256 keyed with the public key,
a crit extension, a five-part JWE shape) are built byte by byte here. Every case is made for both algorithms. The JWK Set holds
the two public keys; "other" keys of the same kid sign the wrong-key cases.

Expected values: "valid" (with the subject, scopes and cnf.jkt the principal must carry) or a
ResourceServerError code (12004 malformed, 12005 typ, 12006 alg, 12007 iss, 12008 aud, 12009 signature,
12010 exp, 12011 nbf, 12012 iat in the future, 12014 a required claim missing, 12015 a claim of the wrong type).
Validation is at "now" with 60 s of leeway, for "resource" and the issuer "issuer". New keys on every run, so the
file changes whenever it is regenerated. Run from this folder: python3 generate_access_tokens.py
"""
import base64, hashlib, hmac, json, os
import cryptography, joserfc
from joserfc import jws
from joserfc.jwk import ECKey, RSAKey

NOW = 1800000000
ISSUER = "https://as.example.com"
RESOURCE = "https://mcp.example.com/mcp"

def b64(data): return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
def compact_json(value): return json.dumps(value, separators=(",", ":")).encode()

KEYS = {
    "ES256": (ECKey.generate_key("P-256", parameters={"kid": "es-1"}), ECKey.generate_key("P-256", parameters={"kid": "es-1"})),
    "RS256": (RSAKey.generate_key(2048, parameters={"kid": "rs-1"}), RSAKey.generate_key(2048, parameters={"kid": "rs-1"})),
}

counter = [0]
def claims(**changes):
    counter[0] += 1
    base = {"iss": ISSUER, "exp": NOW + 300, "aud": RESOURCE, "sub": "user-42", "client_id": "mcp-client", "iat": NOW - 10,
            "jti": "at-%04d-%s" % (counter[0], b64(os.urandom(9))), "scope": "mcp:tools mcp:resources"}
    for name, value in changes.items():
        if value is None: base.pop(name, None)
        else: base[name] = value
    return base

def sign(alg, body, key=None, **header_changes):
    key = key or KEYS[alg][0]
    header = {"typ": "at+jwt", "alg": alg, "kid": key.kid}
    for name, value in header_changes.items():
        if value is None: header.pop(name, None)
        else: header[name] = value
    return jws.serialize_compact(header, compact_json(body), key, algorithms=[alg])

def hand_made(header, body, signature=b"", mac_key=None):
    signing_input = b64(compact_json(header)) + "." + b64(compact_json(body))
    if mac_key is not None: signature = hmac.new(mac_key, signing_input.encode(), hashlib.sha256).digest()
    return signing_input + "." + b64(signature)

def tamper(token):
    header, payload, signature = token.split(".")
    body = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    body["scope"] = "mcp:tools mcp:resources admin"
    return header + "." + b64(compact_json(body)) + "." + signature

def thumbprint(jwk):
    required = {"EC": ["crv", "kty", "x", "y"], "RSA": ["e", "kty", "n"]}[jwk["kty"]]
    return b64(hashlib.sha256(compact_json({name: jwk[name] for name in required})).digest())

cases = []
def case(name, token, expect, **extra):
    cases.append(dict(name=name, token=token, expect=expect, **extra))

for alg in ["ES256", "RS256"]:
    key, other = KEYS[alg]
    public_jwk = key.as_dict(private=False)
    proof_key = ECKey.generate_key("P-256")
    jkt = thumbprint(proof_key.as_dict(private=False))
    scopes = ["mcp:tools", "mcp:resources"]
    v = lambda **extra: dict(subject="user-42", scopes=scopes, **extra)
    case(f"{alg} valid", sign(alg, claims()), "valid", **v())
    case(f"{alg} valid, typ application/at+jwt", sign(alg, claims(), typ="application/at+jwt"), "valid", **v())
    case(f"{alg} valid, typ AT+JWT in upper case", sign(alg, claims(), typ="AT+JWT"), "valid", **v())
    case(f"{alg} valid, typ Application/At+Jwt", sign(alg, claims(), typ="Application/At+Jwt"), "valid", **v())
    case(f"{alg} valid, aud an array holding the resource", sign(alg, claims(aud=["https://other.example.com", RESOURCE])), "valid", **v())
    case(f"{alg} valid, expired 30 s ago, within the leeway", sign(alg, claims(exp=NOW - 30)), "valid", **v())
    case(f"{alg} valid, DPoP-bound with auth_time and acr", sign(alg, claims(cnf={"jkt": jkt}, auth_time=NOW - 100, acr="urn:mfa")),
         "valid", **v(jkt=jkt, acr="urn:mfa", authTime=NOW - 100))
    case(f"{alg} valid, no scope", sign(alg, claims(scope=None)), "valid", subject="user-42", scopes=[])
    case(f"{alg} typ JWT", sign(alg, claims(), typ="JWT"), 12005)
    case(f"{alg} typ absent", sign(alg, claims(), typ=None), 12005)
    case(f"{alg} typ at+jwt with a parameter", sign(alg, claims(), typ="application/at+jwt; q=1"), 12005)
    case(f"{alg} typ dpop+jwt", sign(alg, claims(), typ="dpop+jwt"), 12005)
    case(f"{alg} alg none", hand_made({"typ": "at+jwt", "alg": "none", "kid": key.kid}, claims()), 12006)
    pem = key.as_pem(private=False)
    case(f"{alg} HS256 keyed with the public key (algorithm confusion)",
         hand_made({"typ": "at+jwt", "alg": "HS256", "kid": key.kid}, claims(), mac_key=pem), 12006)
    case(f"{alg} iss another server", sign(alg, claims(iss="https://evil.example.com")), 12007)
    case(f"{alg} iss with a trailing slash", sign(alg, claims(iss=ISSUER + "/")), 12007)
    case(f"{alg} iss absent", sign(alg, claims(iss=None)), 12007)
    case(f"{alg} payload changed after signing", tamper(sign(alg, claims())), 12009)
    case(f"{alg} signed by another key under the same kid", sign(alg, claims(), key=other), 12009)
    case(f"{alg} kid unknown", sign(alg, claims(), kid="rotated-away"), 12009)
    case(f"{alg} expired beyond the leeway", sign(alg, claims(exp=NOW - 61)), 12010)
    case(f"{alg} nbf in the future beyond the leeway", sign(alg, claims(nbf=NOW + 120)), 12011)
    case(f"{alg} iat in the future beyond the leeway", sign(alg, claims(iat=NOW + 120)), 12012)
    case(f"{alg} aud another resource", sign(alg, claims(aud="https://other.example.com")), 12008)
    case(f"{alg} aud the resource with a trailing slash", sign(alg, claims(aud=RESOURCE + "/")), 12008)
    for claim in ["exp", "iat", "aud", "sub", "client_id", "jti"]:
        case(f"{alg} {claim} absent", sign(alg, claims(**{claim: None})), 12014)
    case(f"{alg} exp a string", sign(alg, claims(exp=str(NOW + 300))), 12015)
    case(f"{alg} scope an array", sign(alg, claims(scope=["mcp:tools"])), 12015)
    case(f"{alg} sub a number", sign(alg, claims(sub=42)), 12015)
    case(f"{alg} cnf an mTLS confirmation", sign(alg, claims(cnf={"x5t#S256": b64(os.urandom(32))})), 12015)
    case(f"{alg} crit names an unknown extension (hand-made, unsigned)",
         hand_made({"typ": "at+jwt", "alg": alg, "kid": key.kid, "crit": ["exp-ext"], "exp-ext": 1}, claims(), signature=os.urandom(64)), 12004)
    case(f"{alg} five parts (a JWE shape)", "eyJhbGciOiJSU0EtT0FFUCJ9.a.b.c.d", 12004)

jwks = {"keys": [KEYS[alg][0].as_dict(private=False) for alg in ["ES256", "RS256"]]}
document = {
    "source": "joserfc %s, cryptography %s; made by generate_access_tokens.py" % (joserfc.__version__, cryptography.__version__),
    "now": NOW, "issuer": ISSUER, "resource": RESOURCE, "leewaySeconds": 60, "jwks": jwks, "cases": cases,
}
with open("access-tokens.json", "w") as out:
    json.dump(document, out, indent=1)
    out.write("\n")
print("%d cases" % len(cases))
