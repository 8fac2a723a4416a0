#!/usr/bin/env python3
# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0
"""Generates jwt-more-algorithms-corpus.json: ID tokens for RS384, RS512, PS256, PS384, PS512, HS384, HS512
and EdDSA (Ed25519), signed by joserfc (pip install joserfc; 1.6.5 used) with fresh keys from pyca/cryptography
(50.0.2 used), and broken ones built with cryptography directly (PSS with the wrong salt length or MGF1 hash,
an Ed25519 S + L, tampered bits, another key). Same case format as generate_jwt.py: validator settings and the
verdict each token's category requires ("valid", an AuthJWTError code, or "5034/<code>" when no key is
usable). at_hash and c_hash are computed here with hashlib: the left half of the alg's hash, SHA-512 for
EdDSA over Ed25519 (as panva's oidc-token-hash does).

New keys are made on every run, so the file changes whenever it is regenerated. Run from this folder:
python3 generate_more_algorithms.py
"""
import base64, hashlib, json, platform, random, warnings
import cryptography, joserfc
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ed25519, padding, rsa, x25519
from joserfc import jwt
from joserfc.jwk import OctKey, OKPKey, RSAKey

warnings.simplefilter("ignore")  # joserfc warns about EdDSA (RFC 9864) and the deliberately weak key
rng = random.Random(8037)
NOW = 1767225600                      # 2026-01-01T00:00:00Z
ISS = "https://issuer.example"
CLIENT = "client-123"
NONCE = "n-0S6_WzA2Mj"
ACCESS_TOKEN = "jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y"
CODE = "Qcb0Orv1zh30vL1MPRsbm-diHiMwcLyZvn1arpZv-Jxf_11jnpEX3Tgfvk"
L = 2**252 + 27742317777372353535851937790883648493
HASHES = {"256": hashlib.sha256, "384": hashlib.sha384, "512": hashlib.sha512}
ALGORITHMS = ["RS384", "RS512", "PS256", "PS384", "PS512", "HS384", "HS512", "EdDSA"]

def b64(data): return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
def unb64(text): return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
def alg_hash(alg): return hashlib.sha512 if alg == "EdDSA" else HASHES[alg[2:]]
def half_hash(value, hash_function):
    digest = hash_function(value.encode()).digest()
    return b64(digest[:len(digest) // 2])

def claims(**changes):
    base = {"iss": ISS, "sub": "user-%d" % rng.randrange(10**6), "aud": CLIENT, "iat": NOW - 10,
            "exp": NOW + 600, "nonce": NONCE}
    for name, value in changes.items():
        if value is None: base.pop(name, None)
        else: base[name] = value
    return base

def rsa_jwk(private_key, kid):
    numbers = private_key.public_key().public_numbers()
    n = numbers.n.to_bytes((numbers.n.bit_length() + 7) // 8, "big")
    e = numbers.e.to_bytes((numbers.e.bit_length() + 7) // 8, "big")
    return {"kty": "RSA", "kid": kid, "use": "sig", "n": b64(n), "e": b64(e)}

def okp_jwk(private_key, kid, crv="Ed25519"):
    raw = private_key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return {"kty": "OKP", "kid": kid, "crv": crv, "x": b64(raw)}

def oct_jwk(secret, kid): return {"kty": "oct", "kid": kid, "k": b64(secret)}

def sign(header, payload, key):
    if isinstance(key, bytes): imported = OctKey.import_key(key)
    elif isinstance(key, rsa.RSAPrivateKey): imported = RSAKey.import_key(key)
    else: imported = OKPKey.import_key(key)
    return jwt.encode(header, payload, imported, algorithms=[header["alg"]])

def signing_input(header, payload):
    return b64(json.dumps(header, separators=(",", ":")).encode()) + "." + b64(json.dumps(payload, separators=(",", ":")).encode())

def flip(token, segment, byte_index, bit=0):
    parts = token.split(".")
    raw = bytearray(unb64(parts[segment]))
    raw[byte_index % len(raw)] ^= 1 << bit
    parts[segment] = b64(bytes(raw))
    return ".".join(parts)

cases = []
def case(name, token, expected, jwks, alg, **settings):
    jwks = jwks or jwks_for(alg)
    options = {"issuer": ISS, "clientID": CLIENT, "now": NOW, "nonce": NONCE, "leeway": 60,
               "allowedAlgorithms": [alg], "trustedAudiences": []}
    options.update(settings)
    cases.append({"name": name, "token": token, "jwks": jwks, "settings": options, "expected": expected})

rsa_keys = {bits: rsa.generate_private_key(public_exponent=65537, key_size=bits) for bits in (2048, 3072, 4096)}
other_rsa = rsa.generate_private_key(public_exponent=65537, key_size=2048)
weak_rsa = rsa.generate_private_key(public_exponent=65537, key_size=1024)
ed_keys = [ed25519.Ed25519PrivateKey.generate() for _ in range(3)]
other_ed = ed25519.Ed25519PrivateKey.generate()
secrets = {"HS384": bytes(rng.randrange(256) for _ in range(48)), "HS512": bytes(rng.randrange(256) for _ in range(64))}
RSA_JWKS = {"keys": [rsa_jwk(k, "r%d" % bits) for bits, k in rsa_keys.items()]}
ED_JWKS = {"keys": [okp_jwk(k, "ed%d" % i) for i, k in enumerate(ed_keys)]}
OCT_JWKS = {"keys": [oct_jwk(secret, alg.lower()) for alg, secret in secrets.items()]}
def jwks_for(alg): return OCT_JWKS if alg.startswith("HS") else ED_JWKS if alg == "EdDSA" else RSA_JWKS

def key_for(alg, index=0):
    if alg.startswith("HS"): return secrets[alg], alg.lower()
    if alg == "EdDSA": return ed_keys[index % 3], "ed%d" % (index % 3)
    bits = (2048, 3072, 4096)[index % 3]
    return rsa_keys[bits], "r%d" % bits

for alg in ALGORITHMS:
    h = alg_hash(alg)
    for i in range(3):
        key, kid = key_for(alg, i)
        case("valid %s %d (kid %s)" % (alg, i, kid), sign({"alg": alg, "kid": kid}, claims(), key), "valid", None, alg)
    key, kid = key_for(alg)
    case("valid %s, no kid: every key is tried" % alg, sign({"alg": alg}, claims(), key), "valid", None, alg)
    case("valid %s, at_hash of its hash" % alg, sign({"alg": alg, "kid": kid}, claims(at_hash=half_hash(ACCESS_TOKEN, h)), key),
         "valid", None, alg, accessToken=ACCESS_TOKEN)
    case("valid %s, c_hash of its hash" % alg, sign({"alg": alg, "kid": kid}, claims(c_hash=half_hash(CODE, h)), key),
         "valid", None, alg, code=CODE)
    wrong = hashlib.sha256 if h is not hashlib.sha256 else hashlib.sha512
    case("%s, at_hash made with another hash" % alg, sign({"alg": alg, "kid": kid}, claims(at_hash=half_hash(ACCESS_TOKEN, wrong)), key),
         5032, None, alg, accessToken=ACCESS_TOKEN)
    case("%s, c_hash made with another hash" % alg, sign({"alg": alg, "kid": kid}, claims(c_hash=half_hash(CODE, wrong)), key),
         5033, None, alg, code=CODE)
    good = sign({"alg": alg, "kid": kid}, claims(sub="fixed-subject"), key)
    offset = unb64(good.split(".")[1]).decode().index("fixed-subject")
    case("%s payload bit flipped in sub" % alg, flip(good, 1, offset + 2, 1), 5020, None, alg)
    for index in (0, 31, 32, 63):
        case("%s signature byte %d flipped" % (alg, index), flip(good, 2, index, index % 8), 5020, None, alg)
    case("%s not allowed" % alg, good, 5014, None, alg, allowedAlgorithms=["RS256", "ES256"])
    case("%s expired" % alg, sign({"alg": alg, "kid": kid}, claims(exp=NOW - 120), key), 5026, None, alg)

# RSA: another key under the kid, a weak key, confusion between the PKCS#1 v1.5 and PSS encodings, and PSS
# signatures with a salt length or MGF1 hash that RFC 7518 §3.5 does not allow.
for alg in ("RS384", "RS512", "PS256", "PS384", "PS512"):
    case("%s signed with another key under the same kid" % alg, sign({"alg": alg, "kid": "r2048"}, claims(), other_rsa), 5020, None, alg)
    if alg != "PS512":  # a 1024-bit modulus has no room for PS512's 64-byte hash and 64-byte salt
        case("%s with a 1024-bit key" % alg, sign({"alg": alg, "kid": "weak"}, claims(), weak_rsa), "5034/5018",
             {"keys": [rsa_jwk(weak_rsa, "weak")]}, alg)
    case("%s token, Ed25519 key under its kid" % alg, sign({"alg": alg, "kid": "r2048"}, claims(), rsa_keys[2048]), "5034/5017",
         {"keys": [okp_jwk(ed_keys[0], "r2048")]}, alg)
for alg, other in (("RS384", "PS384"), ("RS512", "PS512"), ("PS256", "RS256"), ("PS384", "RS384"), ("PS512", "RS512")):
    header = {"alg": alg, "kid": "r2048"}
    text = signing_input(header, claims())
    digest = {"256": hashes.SHA256(), "384": hashes.SHA384(), "512": hashes.SHA512()}[other[2:]]
    if other.startswith("PS"):
        signature = rsa_keys[2048].sign(text.encode(), padding.PSS(padding.MGF1(digest), digest.digest_size), digest)
    else:
        signature = rsa_keys[2048].sign(text.encode(), padding.PKCS1v15(), digest)
    case("%s header over a %s signature" % (alg, other), text + "." + b64(signature), 5020, None, alg)
for alg in ("PS256", "PS384", "PS512"):
    digest = {"256": hashes.SHA256(), "384": hashes.SHA384(), "512": hashes.SHA512()}[alg[2:]]
    for label, pss in (("salt length 0", padding.PSS(padding.MGF1(digest), 0)),
                       ("salt length hash + 1", padding.PSS(padding.MGF1(digest), digest.digest_size + 1)),
                       ("maximum salt length", padding.PSS(padding.MGF1(digest), padding.PSS.MAX_LENGTH)),
                       ("MGF1 with SHA-1", padding.PSS(padding.MGF1(hashes.SHA1()), digest.digest_size))):
        text = signing_input({"alg": alg, "kid": "r3072"}, claims())
        case("%s with %s" % (alg, label), text + "." + b64(rsa_keys[3072].sign(text.encode(), pss, digest)), 5020, None, alg)
    text = signing_input({"alg": alg, "kid": "r2048"}, claims())
    exact = rsa_keys[2048].sign(text.encode(), padding.PSS(padding.MGF1(digest), digest.digest_size), digest)
    case("valid %s built by cryptography with salt length = hash length" % alg, text + "." + b64(exact), "valid", None, alg)

# HMAC: keys shorter than the hash, and an RSA key under the kid (algorithm confusion).
for alg in ("HS384", "HS512"):
    short = secrets[alg][:32]
    case("%s with a 256-bit key" % alg, sign({"alg": alg, "kid": "short"}, claims(), short), "5034/5018",
         {"keys": [oct_jwk(short, "short")]}, alg)
    case("%s token, RSA key under its kid" % alg, sign({"alg": alg, "kid": "r2048"}, claims(), secrets[alg]), "5034/5017",
         {"keys": [rsa_jwk(rsa_keys[2048], "r2048")]}, alg)
    case("%s signed with another secret" % alg, sign({"alg": alg, "kid": alg.lower()}, claims(), bytes(len(secrets[alg]))), 5020, None, alg)

# EdDSA: another key, S + L (malleability), R and S swapped, a truncated signature, keys of other curves or
# types under the kid, a public key that is not 32 bytes, and a JWK that carries the private key.
good = sign({"alg": "EdDSA", "kid": "ed0"}, claims(), ed_keys[0])
case("EdDSA signed with another key under the same kid", sign({"alg": "EdDSA", "kid": "ed0"}, claims(), other_ed), 5020, None, "EdDSA")
signature = unb64(good.split(".")[2])
s = int.from_bytes(signature[32:], "little")
case("EdDSA with S + L", good.rsplit(".", 1)[0] + "." + b64(signature[:32] + (s + L).to_bytes(32, "little")), 5020, None, "EdDSA")
case("EdDSA with R and S swapped", good.rsplit(".", 1)[0] + "." + b64(signature[32:] + signature[:32]), 5020, None, "EdDSA")
case("EdDSA signature truncated to 63 bytes", good.rsplit(".", 1)[0] + "." + b64(signature[:63]), 5020, None, "EdDSA")
case("EdDSA signature with a byte appended", good.rsplit(".", 1)[0] + "." + b64(signature + b"\0"), 5020, None, "EdDSA")
case("EdDSA token, X25519 key under its kid", good, "5034/5017",
     {"keys": [okp_jwk(x25519.X25519PrivateKey.generate(), "ed0", crv="X25519")]}, "EdDSA")
case("EdDSA token, RSA key under its kid", good, "5034/5017", {"keys": [rsa_jwk(rsa_keys[2048], "ed0")]}, "EdDSA")
case("EdDSA token, Ed25519 key of 31 bytes", good, "5034/5012",
     {"keys": [{"kty": "OKP", "kid": "ed0", "crv": "Ed25519", "x": b64(bytes(31))}]}, "EdDSA")
private = okp_jwk(ed_keys[0], "ed0")
private["d"] = b64(ed_keys[0].private_bytes(serialization.Encoding.Raw, serialization.PrivateFormat.Raw, serialization.NoEncryption()))
case("EdDSA key set publishing the private key", good, 5013, {"keys": [private]}, "EdDSA")
case("EdDSA token, key restricted to another alg", good, "5034/5039", {"keys": [dict(okp_jwk(ed_keys[0], "ed0"), alg="ES256")]}, "EdDSA")
case("valid EdDSA, key with alg EdDSA and use sig", good, "valid", {"keys": [dict(okp_jwk(ed_keys[0], "ed0"), alg="EdDSA", use="sig")]}, "EdDSA")

doc = {"source": "cryptography %s keys, joserfc %s tokens, Python %s; generated by generate_more_algorithms.py" % (
    cryptography.__version__, joserfc.__version__, platform.python_version()), "cases": cases}
with open("jwt-more-algorithms-corpus.json", "w") as f:
    json.dump(doc, f, indent=1)
    f.write("\n")
print(len(cases), "cases")
