#!/usr/bin/env python3
# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0
"""Generates jwt-corpus.json: ID tokens signed by joserfc (pip install joserfc; 1.6.5 used) and, for
malformed ones joserfc will not produce, by Python's hmac, each with the validator settings to use and the
expected verdict: "valid", or the AuthJWTError code that the token's category must produce; for 5034
(no usable key) followed by "/" and the code of each key's rejection, e.g. "5034/5018" for a key too short.

The verdicts come from the category each token was built for (expired, wrong issuer, …), never from
AuthFlow's output. Run from this folder: python3 generate_jwt.py (seeded: the output is reproducible except
that joserfc's own field order could change between its versions).
"""
import base64, hashlib, hmac, json, platform, random
import joserfc
from joserfc import jwt
from joserfc.jwk import OctKey

rng = random.Random(7519)
NOW = 1767225600                      # 2026-01-01T00:00:00Z
ISS = "https://issuer.example"
CLIENT = "client-123"
NONCE = "n-0S6_WzA2Mj"
ACCESS_TOKEN = "jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y"
CODE = "Qcb0Orv1zh30vL1MPRsbm-diHiMwcLyZvn1arpZv-Jxf_11jnpEX3Tgfvk"
K1, K2, K3 = (bytes(rng.randrange(256) for _ in range(32)) for _ in range(3))
SHORT = bytes(rng.randrange(256) for _ in range(16))

def b64(data): return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
def half_hash(value): return b64(hashlib.sha256(value.encode()).digest()[:16])
def jwk(k, kid): return {"kty": "oct", "kid": kid, "k": b64(k)}
JWKS = {"keys": [jwk(K1, "k1"), jwk(K2, "k2")]}

def claims(**changes):
    base = {"iss": ISS, "sub": "user-%d" % rng.randrange(10**6), "aud": CLIENT, "iat": NOW - 10,
            "exp": NOW + 600, "nonce": NONCE, "auth_time": NOW - 30}
    for name, value in changes.items():
        if value is None: base.pop(name, None)
        else: base[name] = value
    return base

def sign(header, payload, key):
    return jwt.encode(header, payload, OctKey.import_key(key))

def raw(header_json, payload_json, key, alg=hashlib.sha256):
    """Hand-built token: exact JSON text, signed with Python's hmac."""
    signing_input = b64(header_json.encode()) + "." + b64(payload_json.encode())
    return signing_input + "." + b64(hmac.new(key, signing_input.encode(), alg).digest())

cases = []
def case(name, token, expected, jwks=JWKS, **settings):
    options = {"issuer": ISS, "clientID": CLIENT, "now": NOW, "nonce": NONCE, "leeway": 60,
               "allowedAlgorithms": ["HS256"], "trustedAudiences": []}
    options.update(settings)
    cases.append({"name": name, "token": token, "jwks": jwks, "settings": options, "expected": expected})

H1 = {"alg": "HS256", "kid": "k1"}
H2 = {"alg": "HS256", "kid": "k2"}

# Valid tokens, in many shapes.
for i in range(12):
    key, header = (K1, H1) if i % 2 == 0 else (K2, H2)
    case("valid %d" % i, sign(header, claims(), key), "valid")
for i in range(4):
    case("valid, aud as array %d" % i, sign(H1, claims(aud=[CLIENT]), K1), "valid")
    case("valid, trusted second audience with azp %d" % i,
         sign(H2, claims(aud=[CLIENT, "api.example"], azp=CLIENT), K2), "valid", trustedAudiences=["api.example"])
    case("valid, no kid: every key is tried %d" % i, sign({"alg": "HS256"}, claims(), K2), "valid")
    case("valid, typ JWT %d" % i, sign({"alg": "HS256", "kid": "k1", "typ": "JWT"}, claims(), K1), "valid")
case("valid, expired within leeway", sign(H1, claims(exp=NOW - 30), K1), "valid")
case("valid, nbf passed", sign(H1, claims(nbf=NOW - 5), K1), "valid")
case("valid, nbf within leeway", sign(H1, claims(nbf=NOW + 30), K1), "valid")
case("valid, iat within leeway", sign(H1, claims(iat=NOW + 30), K1), "valid")
case("valid, fractional exp", raw('{"alg":"HS256","kid":"k1"}', json.dumps(claims(exp=NOW + 600.5)), K1), "valid")
case("valid, no nonce expected", sign(H1, claims(nonce=None), K1), "valid", nonce=None)
case("valid, at_hash", sign(H1, claims(at_hash=half_hash(ACCESS_TOKEN)), K1), "valid", accessToken=ACCESS_TOKEN)
case("valid, c_hash", sign(H1, claims(c_hash=half_hash(CODE)), K1), "valid", code=CODE)
case("valid, max_age", sign(H1, claims(auth_time=NOW - 100), K1), "valid", maxAge=300)
case("valid, email_verified as Apple's string",
     sign(H1, claims(email="a@example.com", email_verified="true"), K1), "valid")
case("valid, unicode claims", sign(H1, claims(name="Zoë 😀", locale="fr-CA"), K1), "valid")
case("valid, within iat age", sign(H1, claims(iat=NOW - 200), K1), "valid", maxIssuedAtAge=300)

# Each kind of invalid token, with the error code its category must produce.
for i in range(3):
    case("expired %d" % i, sign(H1, claims(exp=NOW - 61 - i * 1000), K1), 5026)
    case("not yet valid %d" % i, sign(H1, claims(nbf=NOW + 120 + i), K1), 5027)
    case("issued in the future %d" % i, sign(H2, claims(iat=NOW + 120 + i), K2), 5028)
    case("wrong issuer %d" % i, sign(H1, claims(iss=["https://evil.example", ISS + "/", "https://ISSUER.example"][i]), K1), 5021)
    case("wrong audience %d" % i, sign(H1, claims(aud=["other-client", ["other"], "client-1234"][i]), K1), 5022)
    case("wrong nonce %d" % i, sign(H1, claims(nonce=NONCE + "x" * (i + 1)), K1), 5030)
    case("signed with another key %d" % i, sign(H1, claims(), K3), 5020)
    case("unknown kid %d" % i, sign({"alg": "HS256", "kid": "k9%d" % i}, claims(), K1), 5016)
case("issued too long ago", sign(H1, claims(iat=NOW - 1000), K1), 5029, maxIssuedAtAge=300)
case("missing iss", sign(H1, claims(iss=None), K1), 5011)
case("missing exp", sign(H1, claims(exp=None), K1), 5011)
case("missing iat", sign(H1, claims(iat=None), K1), 5011)
case("missing sub", sign(H1, claims(sub=None), K1), 5011)
case("missing nonce", sign(H1, claims(nonce=None), K1), 5011)
case("missing auth_time with max_age", sign(H1, claims(auth_time=None), K1), 5011, maxAge=300)
case("authentication too old", sign(H1, claims(auth_time=NOW - 1000), K1), 5031, maxAge=300)
case("untrusted second audience", sign(H1, claims(aud=[CLIENT, "api.example"], azp=CLIENT), K1), 5023)
case("several audiences without azp", sign(H1, claims(aud=[CLIENT, "api.example"]), K1), 5024, trustedAudiences=["api.example"])
case("azp is another client", sign(H1, claims(azp="other-client"), K1), 5025)
case("at_hash of another token", sign(H1, claims(at_hash=half_hash(ACCESS_TOKEN + "x")), K1), 5032, accessToken=ACCESS_TOKEN)
case("c_hash of another code", sign(H1, claims(c_hash=half_hash(CODE + "x")), K1), 5033, code=CODE)
case("exp as a numeric string", sign(H1, claims(exp=str(NOW + 600)), K1), 5010)
case("aud as a number", sign(H1, claims(aud=123), K1), 5010)
case("iss as a number", sign(H1, claims(iss=7), K1), 5010)
case("alg none", b64(b'{"alg":"none"}') + "." + b64(json.dumps(claims()).encode()) + ".", 5015)
case("alg none, allowed or not", b64(b'{"alg":"none"}') + "." + b64(json.dumps(claims()).encode()) + ".", 5015,
     allowedAlgorithms=["HS256", "none"])
case("HS384 not allowed", jwt.encode({"alg": "HS384", "kid": "k1"}, claims(), OctKey.import_key(K1 + K1), algorithms=["HS384"]), 5014)
case("key shorter than 256 bits", raw('{"alg":"HS256","kid":"s"}', json.dumps(claims()), SHORT), "5034/5018",
     jwks={"keys": [jwk(SHORT, "s")]})
case("HS256 with an RSA key's kid (algorithm confusion)", sign(H1, claims(), K1), "5034/5017",
     jwks={"keys": [{"kty": "RSA", "kid": "k1", "n": b64(bytes([0xc1]) + bytes(255)), "e": "AQAB"}]})
case("crit names an unknown extension", raw('{"alg":"HS256","kid":"k1","crit":["exp"],"exp":1}', json.dumps(claims()), K1), 5009)
case("crit names a registered parameter", raw('{"alg":"HS256","kid":"k1","crit":["alg"]}', json.dumps(claims()), K1), 5008)
case("header without alg", raw('{"kid":"k1"}', json.dumps(claims()), K1), 5007)
case("alg is not a string", raw('{"alg":256,"kid":"k1"}', json.dumps(claims()), K1), 5008)
case("duplicate claim name", raw('{"alg":"HS256","kid":"k1"}', '{"sub":"a","sub":"b","iss":"%s"}' % ISS, K1), 5005)
case("duplicate header name", raw('{"alg":"HS256","alg":"none","kid":"k1"}', json.dumps(claims()), K1), 5005)
case("payload is an array", raw('{"alg":"HS256","kid":"k1"}', '["not","claims"]', K1), 5006)
case("header is a string", raw('"HS256"', json.dumps(claims()), K1), 5006)
case("encrypted JWE (five segments)", "eyJhbGciOiJSU0EtT0FFUCIsImVuYyI6IkEyNTZHQ00ifQ.a.b.c.d", 5002)
case("two segments", "eyJhbGciOiJIUzI1NiJ9.e30", 5003)
case("four segments", sign(H1, claims(), K1) + ".extra", 5003)
case("padded signature", sign(H1, claims(), K1) + "=", 5004)
case("standard base64 in the payload", "eyJhbGciOiJIUzI1NiJ9.e30+.AAAA", 5004)
case("token over 64 KiB", sign(H1, claims(padding="x" * 70000), K1), 5001)
good = sign(H1, claims(), K1)
h, p, s = good.split(".")
tampered_claims = json.loads(base64.urlsafe_b64decode(p + "=" * (-len(p) % 4)))
tampered_claims["sub"] = "admin"
case("payload changed after signing", h + "." + b64(json.dumps(tampered_claims).encode()) + "." + s, 5020)
case("header changed after signing", b64(b'{"alg":"HS256","kid":"k1","typ":"at+jwt"}') + "." + p + "." + s, 5020)
sig = bytearray(base64.urlsafe_b64decode(s + "="))
for bit in [0, 7, 100, 255]:
    flipped = bytearray(sig)
    flipped[bit // 8] ^= 1 << (bit % 8)
    case("signature bit %d flipped" % bit, h + "." + p + "." + b64(bytes(flipped)), 5020)
case("signature truncated", h + "." + p + "." + b64(bytes(sig[:31])), 5020)

doc = {"source": "joserfc %s and Python %s hmac; generated by generate_jwt.py" % (joserfc.__version__, platform.python_version()),
       "cases": cases}
with open("jwt-corpus.json", "w") as f:
    json.dump(doc, f, indent=1)
    f.write("\n")
print(len(cases), "cases")

# RS256 (RFC 7518 §3.3): fresh RSA keys from the cryptography package, tokens signed by joserfc, and
# tampered ones. New keys are made on every run, so this file changes whenever it is regenerated.
from cryptography.hazmat.primitives.asymmetric import rsa, padding as rsa_padding
from cryptography.hazmat.primitives import hashes
from joserfc.jwk import RSAKey

def rsa_key(bits, exponent=65537):
    return rsa.generate_private_key(public_exponent=exponent, key_size=bits)

def public_jwk(private_key, kid):
    numbers = private_key.public_key().public_numbers()
    n = numbers.n.to_bytes((numbers.n.bit_length() + 7) // 8, "big")
    e = numbers.e.to_bytes((numbers.e.bit_length() + 7) // 8, "big")
    return {"kty": "RSA", "kid": kid, "use": "sig", "n": b64(n), "e": b64(e)}

def rs256(header, payload, private_key):
    return jwt.encode(header, payload, RSAKey.import_key(private_key), algorithms=["RS256", "PS256"])

def flip(token, segment, byte_index, bit=0):
    parts = token.split(".")
    raw = bytearray(base64.urlsafe_b64decode(parts[segment] + "=" * (-len(parts[segment]) % 4)))
    raw[byte_index % len(raw)] ^= 1 << bit
    parts[segment] = b64(bytes(raw))
    return ".".join(parts)

cases.clear()
keys = {bits: rsa_key(bits) for bits in (2048, 3072, 4096)}
small_exponent = rsa_key(2048, exponent=3)
other = rsa_key(2048)
weak = rsa_key(1024)
RSA_JWKS = {"keys": [public_jwk(k, "r%d" % bits) for bits, k in keys.items()] + [public_jwk(small_exponent, "e3")]}
def rcase(name, token, expected, jwks=RSA_JWKS, **settings):
    case(name, token, expected, jwks=jwks, allowedAlgorithms=settings.pop("allowedAlgorithms", ["RS256"]), **settings)

for bits, key in keys.items():
    for i in range(3):
        rcase("valid RS256, %d-bit key %d" % (bits, i), rs256({"alg": "RS256", "kid": "r%d" % bits}, claims(), key), "valid")
rcase("valid RS256, exponent 3", rs256({"alg": "RS256", "kid": "e3"}, claims(), small_exponent), "valid")
rcase("valid RS256, no kid", rs256({"alg": "RS256"}, claims(), keys[3072]), "valid")
good = rs256({"alg": "RS256", "kid": "r2048", "typ": "JWT"}, claims(sub="fixed-subject"), keys[2048])
rcase("RS256 header bit flipped (typ value)", good.replace(good.split(".")[0], b64(json.dumps({"alg": "RS256", "kid": "r2048", "typ": "JWU"}, separators=(",", ":")).encode())), 5020)
payload_text = base64.urlsafe_b64decode(good.split(".")[1] + "==").decode()
offset = payload_text.index("fixed-subject")
for bit in (0, 1, 2):
    rcase("RS256 payload bit %d flipped in sub" % bit, flip(good, 1, offset + 3, bit), 5020)
for index in (0, 1, 100, 255):
    rcase("RS256 signature byte %d flipped" % index, flip(good, 2, index, 7 - index % 8), 5020)
rcase("RS256 signed with another key under the same kid", rs256({"alg": "RS256", "kid": "r2048"}, claims(), other), 5020)
signing_input = good.rsplit(".", 1)[0].encode()
pss = keys[2048].sign(signing_input, rsa_padding.PSS(rsa_padding.MGF1(hashes.SHA256()), 32), hashes.SHA256())
rcase("RS256 header over a PSS signature", good.rsplit(".", 1)[0] + "." + b64(pss), 5020)
rcase("PS256 not allowed", rs256({"alg": "PS256", "kid": "r2048"}, claims(), keys[2048]), 5014)
rcase("RS256 not allowed when only ES256 is", good, 5014, allowedAlgorithms=["ES256"])
rcase("RS256 with a 1024-bit key", rs256({"alg": "RS256", "kid": "weak"}, claims(), weak), "5034/5018",
      jwks={"keys": [public_jwk(weak, "weak")]})
rcase("RS256 token, symmetric key under its kid", good, "5034/5017", jwks={"keys": [jwk(K1, "r2048")]})
rcase("RS256 expired", rs256({"alg": "RS256", "kid": "r4096"}, claims(exp=NOW - 120), keys[4096]), 5026)
rcase("RS256 wrong audience", rs256({"alg": "RS256", "kid": "r3072"}, claims(aud="other"), keys[3072]), 5022)

doc = {"source": "cryptography %s keys, joserfc %s tokens, Python %s; generated by generate_jwt.py" % (
    __import__("cryptography").__version__, joserfc.__version__, platform.python_version()), "cases": cases}
with open("jwt-rs256-corpus.json", "w") as f:
    json.dump(doc, f, indent=1)
    f.write("\n")
print(len(cases), "RS256 cases")

# Sign in with Apple identity tokens (RS256, issuer https://appleid.apple.com), shaped like Apple's: string
# Booleans for email_verified and is_private_email, real_user_status, nonce_supported, and a nonce that is
# the SHA-256 hex of the raw nonce, as Apple's documentation recommends sending. Each token lists the
# values a typed reader must find.
apple_key = rsa_key(2048)
APPLE_JWKS = {"keys": [dict(public_jwk(apple_key, "YuyXoY"), alg="RS256")]}
raw_nonce = "raw-nonce-" + b64(bytes(rng.randrange(256) for _ in range(16)))
hashed_nonce = hashlib.sha256(raw_nonce.encode()).hexdigest()
def apple_claims(**extra):
    base = {"iss": "https://appleid.apple.com", "aud": "com.example.app", "exp": NOW + 600, "iat": NOW - 5,
            "sub": "001234.0123456789abcdef0123456789abcdef.1234", "nonce": hashed_nonce,
            "c_hash": half_hash(CODE), "auth_time": NOW - 6, "nonce_supported": True}
    base.update(extra)
    return base
first = apple_claims(email="k9xq2@privaterelay.appleid.com", email_verified="true", is_private_email="true", real_user_status=2)
later = apple_claims()
apple_cases = []
for name, claims_value in [("first sign-in", first), ("later sign-in", later)]:
    apple_cases.append({"name": name,
                        "token": rs256({"alg": "RS256", "kid": "YuyXoY"}, claims_value, apple_key),
                        "expected": {"subject": claims_value["sub"], "email": claims_value.get("email"),
                                     "emailVerified": claims_value.get("email_verified") == "true" if "email_verified" in claims_value else None,
                                     "isPrivateEmail": claims_value.get("is_private_email") == "true" if "is_private_email" in claims_value else None,
                                     "realUserStatus": claims_value.get("real_user_status"), "nonceSupported": True}})
with open("apple-identity-tokens.json", "w") as f:
    json.dump({"source": "cryptography and joserfc, Python %s; generated by generate_jwt.py" % platform.python_version(),
               "now": NOW, "clientID": "com.example.app", "rawNonce": raw_nonce, "hashedNonce": hashed_nonce,
               "code": CODE, "jwks": APPLE_JWKS, "cases": apple_cases}, f, indent=1)
    f.write("\n")
print(len(apple_cases), "Apple cases")

# ES256 (RFC 7518 §3.4): fresh P-256 keys from cryptography, tokens from joserfc, and broken ones.
from cryptography.hazmat.primitives.asymmetric import ec, utils as ec_utils
from joserfc.jwk import ECKey

def ec_public_jwk(private_key, kid, crv="P-256", size=32):
    numbers = private_key.public_key().public_numbers()
    return {"kty": "EC", "crv": crv, "kid": kid, "x": b64(numbers.x.to_bytes(size, "big")), "y": b64(numbers.y.to_bytes(size, "big"))}

def es256(header, payload, private_key):
    return jwt.encode(header, payload, ECKey.import_key(private_key), algorithms=["ES256"])

def with_signature(token, signature):
    return token.rsplit(".", 1)[0] + "." + b64(signature)

cases.clear()
ec_keys = [ec.generate_private_key(ec.SECP256R1()) for _ in range(3)]
ec_other = ec.generate_private_key(ec.SECP256R1())
P256_N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
EC_JWKS = {"keys": [ec_public_jwk(k, "p%d" % i) for i, k in enumerate(ec_keys)]}
def ecase(name, token, expected, jwks=EC_JWKS, **settings):
    case(name, token, expected, jwks=jwks, allowedAlgorithms=settings.pop("allowedAlgorithms", ["ES256"]), **settings)

for i, key in enumerate(ec_keys):
    for j in range(4):
        ecase("valid ES256, key %d, token %d" % (i, j), es256({"alg": "ES256", "kid": "p%d" % i}, claims(), key), "valid")
ecase("valid ES256, no kid", es256({"alg": "ES256"}, claims(), ec_keys[2]), "valid")
good = es256({"alg": "ES256", "kid": "p0", "typ": "JWT"}, claims(sub="fixed-subject"), ec_keys[0])
payload_text = base64.urlsafe_b64decode(good.split(".")[1] + "==").decode()
offset = payload_text.index("fixed-subject")
for bit in (0, 1, 2):
    ecase("ES256 payload bit %d flipped in sub" % bit, flip(good, 1, offset + 3, bit), 5020)
for index in (0, 31, 32, 63):
    ecase("ES256 signature byte %d flipped" % index, flip(good, 2, index, 3), 5020)
ecase("ES256 header changed after signing", good.replace(good.split(".")[0], b64(b'{"alg":"ES256","kid":"p0","typ":"JWU"}')), 5020)
ecase("ES256 signed with another key under the same kid", es256({"alg": "ES256", "kid": "p1"}, claims(), ec_other), 5020)
sig = base64.urlsafe_b64decode(good.split(".")[2] + "==")
r, s = sig[:32], sig[32:]
ecase("ES256 r = 0", with_signature(good, bytes(32) + s), 5020)
ecase("ES256 s = 0", with_signature(good, r + bytes(32)), 5020)
ecase("ES256 r = n", with_signature(good, P256_N.to_bytes(32, "big") + s), 5020)
ecase("ES256 s = n", with_signature(good, r + P256_N.to_bytes(32, "big")), 5020)
ecase("ES256 s + n (same value mod n, out of range)", with_signature(good, r + (int.from_bytes(s, "big") + P256_N).to_bytes(33, "big")[-32:] if int.from_bytes(s, "big") + P256_N < 2**256 else r + P256_N.to_bytes(32, "big")), 5020)
der = ec_keys[0].sign(good.rsplit(".", 1)[0].encode(), ec.ECDSA(hashes.SHA256()))
ecase("ES256 with a DER signature instead of r||s", with_signature(good, der), 5020)
off_curve = ec_public_jwk(ec_keys[0], "p0")
y = bytearray(base64.urlsafe_b64decode(off_curve["y"] + "=")); y[31] ^= 1; off_curve["y"] = b64(bytes(y))
ecase("ES256 key point not on the curve", good, "5034/5012", jwks={"keys": [off_curve]})
p384 = ec.generate_private_key(ec.SECP384R1())
ecase("ES256 token, P-384 key under its kid", good, "5034/5017", jwks={"keys": [ec_public_jwk(p384, "p0", "P-384", 48)]})
ecase("ES256 token, RSA key under its kid", good, "5034/5017", jwks={"keys": [public_jwk(keys[2048], "p0")]})
ecase("ES256 not allowed when only RS256 is", good, 5014, allowedAlgorithms=["RS256"])
ecase("ES256 expired", es256({"alg": "ES256", "kid": "p1"}, claims(exp=NOW - 120), ec_keys[1]), 5026)
ecase("ES256 wrong nonce", es256({"alg": "ES256", "kid": "p2"}, claims(nonce="other"), ec_keys[2]), 5030)

doc = {"source": "cryptography %s keys, joserfc %s tokens, Python %s; generated by generate_jwt.py" % (
    __import__("cryptography").__version__, joserfc.__version__, platform.python_version()), "cases": cases}
with open("jwt-es256-corpus.json", "w") as f:
    json.dump(doc, f, indent=1)
    f.write("\n")
print(len(cases), "ES256 cases")
