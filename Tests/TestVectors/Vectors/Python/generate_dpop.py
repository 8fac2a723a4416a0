#!/usr/bin/env python3
# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0
"""Generates dpop-proofs.json: DPoP proofs (RFC 9449 §4.2) made by an implementation that is not AuthFlow's, and
one broken variant per failure mode of RFC 9449 §4.3, each with the AuthDPoPError code it must be refused with.

Valid proofs are signed by joserfc (pip install joserfc; 1.6.5 used) with fresh ES256, EdDSA (Ed25519), RS256,
PS256, RS384 and PS512 keys from pyca/cryptography (48.0.0 used); their RFC 7638 thumbprints and `ath` values
are computed here with hashlib. Broken ones are built with cryptography directly where joserfc will not make
them (alg none, a private or off-curve jwk, a comma-joined header, a crit extension). The two example proofs
of RFC 9449 (§4.1 Figure 2, §7.1 Figure 13) are included as printed, each checked here with cryptography.

Nonce cases use the DPoPNonceSource scheme, recomputed here from its documentation: the nonce of interval
floor(now / rotationInterval) is base64url(HMAC-SHA256(secret, "AuthFlow DPoP nonce <interval>")[:16]).

Expected values: "valid" (with the thumbprint), or an AuthDPoPError code. A case with "verifyTwice" must
verify the first time and be refused the second time (13021, a replay). New keys on every run, so the file
changes whenever it is regenerated. Run from this folder: python3 generate_dpop.py
"""
import base64, hashlib, hmac, json, os, warnings
import cryptography, joserfc
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, padding, rsa, utils
from joserfc import jws
from joserfc.jwk import ECKey, OKPKey, RSAKey

warnings.simplefilter("ignore")  # joserfc warns about EdDSA (RFC 9864)
NOW = 1800000000
URL = "https://server.example.com/token"
RESOURCE = "https://resource.example.org/protectedresource"
TOKEN = "Kz~8mXK1EalYznwH-LC-1fBAo.4Ljp~zsPE_NeO.gxU"  # RFC 9449 §7.1's access token
NONCE_SECRET = bytes(range(32))
ROTATION = 300

def b64(data): return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
def unb64(text): return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
def compact_json(value): return json.dumps(value, separators=(",", ":")).encode()
def ath(token): return b64(hashlib.sha256(token.encode("ascii")).digest())
def nonce(interval): return b64(hmac.new(NONCE_SECRET, ("AuthFlow DPoP nonce %d" % interval).encode(), hashlib.sha256).digest()[:16])

def thumbprint(jwk):
    required = {"EC": ["crv", "kty", "x", "y"], "RSA": ["e", "kty", "n"], "OKP": ["crv", "kty", "x"]}[jwk["kty"]]
    return b64(hashlib.sha256(compact_json({name: jwk[name] for name in required})).digest())

def public(key): return key.as_dict(private=False)

ES = ECKey.generate_key("P-256")
OTHER_ES = ECKey.generate_key("P-256")
ED = OKPKey.generate_key("Ed25519")
RS = RSAKey.generate_key(2048)
RS3072 = RSAKey.generate_key(3072)
SMALL_RS = rsa.generate_private_key(public_exponent=65537, key_size=1024)
P384 = ECKey.generate_key("P-384")

counter = [0]
def claims(**changes):
    counter[0] += 1
    base = {"jti": "jti-%04d-%s" % (counter[0], b64(os.urandom(12))), "htm": "POST", "htu": URL, "iat": NOW}
    for name, value in changes.items():
        if value is None: base.pop(name, None)
        else: base[name] = value
    return base

def joserfc_proof(key, alg, body, **header_changes):
    header = {"typ": "dpop+jwt", "alg": alg, "jwk": public(key)}
    header.update(header_changes)
    return jws.serialize_compact(header, compact_json(body), key, algorithms=[alg])

def es256_sign(private_key, signing_input):
    r, s = utils.decode_dss_signature(private_key.sign(signing_input, ec.ECDSA(hashes.SHA256())))
    return r.to_bytes(32, "big") + s.to_bytes(32, "big")

def hand_made(header, body, sign=None):
    """A compact JWS built byte by byte; `sign` maps the signing input to the signature bytes."""
    signing_input = (b64(compact_json(header)) + "." + b64(compact_json(body))).encode()
    signature = sign(signing_input) if sign else b""
    return signing_input.decode() + "." + b64(signature)

def es_header(**changes):
    header = {"typ": "dpop+jwt", "alg": "ES256", "jwk": public(ES)}
    for name, value in changes.items():
        if value is None: header.pop(name, None)
        else: header[name] = value
    return header

def es_sign(signing_input): return es256_sign(ES.private_key, signing_input)

cases = []
def case(name, proof, expect, method="POST", url=URL, accessToken=None, thumbprintOf=None, **extra):
    entry = {"name": name, "proof": proof, "method": method, "url": url, "accessToken": accessToken, "expect": expect}
    if thumbprintOf is not None: entry["thumbprint"] = thumbprint(thumbprintOf)
    entry.update(extra)
    cases.append(entry)

# Valid proofs from joserfc, one per algorithm, and the forms a server meets.
for key, alg in [(ES, "ES256"), (ED, "EdDSA"), (RS, "RS256"), (RS, "PS256"), (RS3072, "RS384"), (RS3072, "PS512")]:
    case("valid %s (joserfc)" % alg, joserfc_proof(key, alg, claims()), "valid", thumbprintOf=public(key),
         allowedAlgorithms=[alg])
case("valid at a resource, with ath", joserfc_proof(ES, "ES256", claims(htm="GET", htu=RESOURCE, ath=ath(TOKEN))), "valid",
     method="GET", url=RESOURCE + "?page=2#top", accessToken=TOKEN, thumbprintOf=public(ES))
case("valid: htu differs only by RFC 3986 normalization", joserfc_proof(ES, "ES256", claims(htu="HTTPS://Server.Example.COM:443/a/./b/../%7etoken")),
     "valid", url="https://server.example.com/a/~token?x=1", thumbprintOf=public(ES))
case("valid: an empty path is /", joserfc_proof(ES, "ES256", claims(htu="https://server.example.com")), "valid",
     url="https://server.example.com/", thumbprintOf=public(ES))
case("valid: iat at the edge of the window, maxAge before now", joserfc_proof(ES, "ES256", claims(iat=NOW - 300)), "valid", thumbprintOf=public(ES))
case("valid: iat maxClockSkew after now", joserfc_proof(ES, "ES256", claims(iat=NOW + 5)), "valid", thumbprintOf=public(ES))
case("valid: the current server nonce", joserfc_proof(ES, "ES256", claims(nonce=nonce(NOW // ROTATION))), "valid",
     thumbprintOf=public(ES), requiresNonce=True)
case("valid: the previous server nonce", joserfc_proof(ES, "ES256", claims(nonce=nonce(NOW // ROTATION - 1))), "valid",
     thumbprintOf=public(ES), requiresNonce=True)
case("a proof used twice is a replay", joserfc_proof(ES, "ES256", claims()), "valid", thumbprintOf=public(ES), verifyTwice=True)

# Step 1–2: one well-formed JWT.
good = joserfc_proof(ES, "ES256", claims())
case("two proofs joined by a comma", good + ", " + good, 13002)
case("a proof with a trailing space", good + " ", 13002)
case("a proof with padding", good + "==", 13002)
case("two segments", good.rsplit(".", 1)[0], 13003)
case("four segments", good + ".AAAA", 13003)
case("a payload that is not JSON", b64(compact_json(es_header())) + "." + b64(b"not json") + "." + b64(b"x" * 64), 13003)
case("a header with a duplicate member", b64(b'{"typ":"dpop+jwt","typ":"dpop+jwt","alg":"ES256"}') + "." + b64(compact_json(claims())) + "." + b64(b"x" * 64), 13003)
case("an extension marked critical", hand_made(es_header(crit=["exp"], exp=NOW), claims(), es_sign), 13004)
case("a proof over the size limit", hand_made(es_header(), claims(padding="x" * 9000), es_sign), 13001)
# Step 4: typ.
case("typ JWT", joserfc_proof(ES, "ES256", claims(), typ="JWT"), 13005)
case("no typ", hand_made(es_header(typ=None), claims(), es_sign), 13005)
case("typ at+jwt", joserfc_proof(ES, "ES256", claims(), typ="at+jwt"), 13005)
# Step 5: alg.
case("alg none", hand_made(es_header(alg="none"), claims()), 13006)
secret = os.urandom(32)
case("alg HS256 with a symmetric jwk", hand_made(es_header(alg="HS256", jwk={"kty": "oct", "k": b64(secret)}), claims(),
     lambda data: hmac.new(secret, data, hashlib.sha256).digest()), 13006)
case("alg ES384 (not allowed)", joserfc_proof(P384, "ES384", claims()), 13006)
case("alg RS256 when only ES256 is allowed", joserfc_proof(RS, "RS256", claims()), 13006, allowedAlgorithms=["ES256"])
# Step 7 (checked before the signature can be): the key is public.
private_jwk = ES.as_dict(private=True)
case("a jwk with the private d", hand_made(es_header(jwk=private_jwk), claims(), es_sign), 13008)
case("an RSA jwk with its private members", hand_made(es_header(alg="RS256", jwk=RS.as_dict(private=True)), claims(),
     lambda data: RS.private_key.sign(data, padding.PKCS1v15(), hashes.SHA256())), 13008)
case("no jwk", hand_made(es_header(jwk=None), claims(), es_sign), 13007)
case("a jwk that is a string", hand_made(es_header(jwk="not a key"), claims(), es_sign), 13007)
case("a jwk without kty", hand_made(es_header(jwk={k: v for k, v in public(ES).items() if k != "kty"}), claims(), es_sign), 13009)
# Steps 5–6: the key fits the algorithm and the curve.
case("an RSA jwk under alg ES256", hand_made(es_header(jwk=public(RS)), claims(), es_sign), 13010)
case("an Ed25519 jwk under alg ES256", hand_made(es_header(jwk=public(ED)), claims(), es_sign), 13010)
off_curve = dict(public(ES))
y = bytearray(unb64(off_curve["y"])); y[-1] ^= 1; off_curve["y"] = b64(bytes(y))
case("a P-256 point off the curve", hand_made(es_header(jwk=off_curve), claims(), es_sign), 13011)
small_public = SMALL_RS.public_key().public_numbers()
small_jwk = {"kty": "RSA", "n": b64(small_public.n.to_bytes(128, "big")), "e": "AQAB"}
case("a 1024-bit RSA key", hand_made(es_header(alg="RS256", jwk=small_jwk), claims(),
     lambda data: SMALL_RS.sign(data, padding.PKCS1v15(), hashes.SHA256())), 13011)
# Step 6: the signature.
case("signed by another key than jwk", hand_made(es_header(), claims(), lambda data: es256_sign(OTHER_ES.private_key, data)), 13012)
flipped = bytearray(unb64(good.split(".")[2])); flipped[5] ^= 0x40
case("a flipped signature bit", good.rsplit(".", 1)[0] + "." + b64(bytes(flipped)), 13012)
case("claims changed after signing", good.split(".")[0] + "." + b64(compact_json(claims(htm="GET"))) + "." + good.split(".")[2], 13012)
case("a DER signature", hand_made(es_header(), claims(), lambda data: ES.private_key.sign(data, ec.ECDSA(hashes.SHA256()))), 13012)
# Step 3: the required claims.
for name in ["jti", "htm", "htu", "iat"]:
    body = claims(); body.pop(name)
    case("no %s" % name, joserfc_proof(ES, "ES256", body), 13013)
case("no ath with an access token", joserfc_proof(ES, "ES256", claims(htm="GET", htu=RESOURCE)), 13013, method="GET", url=RESOURCE, accessToken=TOKEN)
case("iat as a string", joserfc_proof(ES, "ES256", claims(iat=str(NOW))), 13014)
case("htm as a number", joserfc_proof(ES, "ES256", claims(htm=1)), 13014)
case("an empty jti", joserfc_proof(ES, "ES256", claims(jti="")), 13014)
case("htu that is not a URI", joserfc_proof(ES, "ES256", claims(htu="not a uri")), 13014)
case("a jti of 300 bytes", joserfc_proof(ES, "ES256", claims(jti="j" * 300)), 13015)
# Step 8: htm.
case("htm GET for a POST", joserfc_proof(ES, "ES256", claims(htm="GET")), 13016)
case("htm post in lower case", joserfc_proof(ES, "ES256", claims(htm="post")), 13016)
# Step 9: htu.
case("htu of another path", joserfc_proof(ES, "ES256", claims(htu="https://server.example.com/authorize")), 13017)
case("htu of another host", joserfc_proof(ES, "ES256", claims(htu="https://attacker.example.com/token")), 13017)
case("htu with http for https", joserfc_proof(ES, "ES256", claims(htu="http://server.example.com/token")), 13017)
case("htu with another port", joserfc_proof(ES, "ES256", claims(htu="https://server.example.com:8443/token")), 13017)
case("htu with a path in another case", joserfc_proof(ES, "ES256", claims(htu="https://server.example.com/Token")), 13017)
case("htu with a trailing slash", joserfc_proof(ES, "ES256", claims(htu="https://server.example.com/token/")), 13017)
# Step 10: the nonce.
case("no nonce when the server demands one", joserfc_proof(ES, "ES256", claims()), 13023, requiresNonce=True)
case("a nonce two rotations old", joserfc_proof(ES, "ES256", claims(nonce=nonce(NOW // ROTATION - 2))), 13023, requiresNonce=True)
case("a nonce the server never gave", joserfc_proof(ES, "ES256", claims(nonce="made-up-nonce")), 13023, requiresNonce=True)
# Step 11: iat.
case("iat 6 s in the future", joserfc_proof(ES, "ES256", claims(iat=NOW + 6)), 13019)
case("iat 301 s in the past", joserfc_proof(ES, "ES256", claims(iat=NOW - 301)), 13020)
# Step 12: ath.
case("ath of another token", joserfc_proof(ES, "ES256", claims(htm="GET", htu=RESOURCE, ath=ath(TOKEN + "x"))), 13022,
     method="GET", url=RESOURCE, accessToken=TOKEN)
case("ath in standard base64 with padding", joserfc_proof(ES, "ES256", claims(htm="GET", htu=RESOURCE,
     ath=base64.b64encode(hashlib.sha256(TOKEN.encode()).digest()).decode())), 13022, method="GET", url=RESOURCE, accessToken=TOKEN)

# RFC 9449's own examples, each verified here with cryptography before it is written.
RFC_KEY = {"kty": "EC", "x": "l8tFrhx-34tV3hRICRDY9zCkDlpBhF42UQUfWVAWBFs", "y": "9VE4jf_Ok_o64zbTTlcuNJajHmt6v9TDVrU0CdvGRDA", "crv": "P-256"}
RFC_HEADER = "eyJ0eXAiOiJkcG9wK2p3dCIsImFsZyI6IkVTMjU2IiwiandrIjp7Imt0eSI6IkVDIiwieCI6Imw4dEZyaHgtMzR0VjNoUklDUkRZOXpDa0RscEJoRjQyVVFVZldWQVdCRnMiLCJ5IjoiOVZFNGpmX09rX282NHpiVFRsY3VOSmFqSG10NnY5VERWclUwQ2R2R1JEQSIsImNydiI6IlAtMjU2In19"
RFC_TOKEN_PROOF = (RFC_HEADER + ".eyJqdGkiOiItQndDM0VTYzZhY2MybFRjIiwiaHRtIjoiUE9TVCIsImh0dSI6Imh0dHBzOi8vc2VydmVyLmV4YW1wbGUuY29tL3Rva2VuIiwiaWF0IjoxNTYyMjYyNjE2fQ"
                   ".2-GxA6T8lP4vfrg8v-FdWP0A0zdrj8igiMLvqRMUvwnQg4PtFLbdLXiOSsX0x7NVY-FNyJK70nfbV37xRZT3Lg")
RFC_RESOURCE_PROOF = (RFC_HEADER + ".eyJqdGkiOiJlMWozVl9iS2ljOC1MQUVCIiwiaHRtIjoiR0VUIiwiaHR1IjoiaHR0cHM6Ly9yZXNvdXJjZS5leGFtcGxlLm9yZy9wcm90ZWN0ZWRyZXNvdXJjZSIsImlhdCI6MTU2MjI2MjYxOCwiYXRoIjoiZlVIeU8ycjJaM0RaNTNFc05yV0JiMHhXWG9hTnk1OUlpS0NBcWtzbVFFbyJ9"
                      ".2oW9RP35yRqzhrtNP86L-Ey71EOptxRimPPToA1plemAgR6pxHF8y6-yqyVnmcw6Fy1dqd-jfxSYoMxhAJpLjA")
rfc_public = ec.EllipticCurvePublicNumbers(int.from_bytes(unb64(RFC_KEY["x"]), "big"), int.from_bytes(unb64(RFC_KEY["y"]), "big"), ec.SECP256R1()).public_key()
for proof in [RFC_TOKEN_PROOF, RFC_RESOURCE_PROOF]:
    head, body, signature = proof.split(".")
    raw = unb64(signature)
    rfc_public.verify(utils.encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
                      (head + "." + body).encode(), ec.ECDSA(hashes.SHA256()))
assert thumbprint(RFC_KEY) == "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I"  # RFC 9449 §6.1
assert ath(TOKEN) == "fUHyO2r2Z3DZ53EsNrWBb0xWXoaNy59IiKCAqksmQEo"  # RFC 9449 §7.1
case("RFC 9449 §4.1 Figure 2 (token request)", RFC_TOKEN_PROOF, "valid", thumbprintOf=RFC_KEY, now=1562262616)
case("RFC 9449 §7.1 Figure 13 (resource request)", RFC_RESOURCE_PROOF, "valid", method="GET", url=RESOURCE, accessToken=TOKEN,
     thumbprintOf=RFC_KEY, now=1562262618)
case("RFC 9449 §7.1 Figure 13 with another access token", RFC_RESOURCE_PROOF, 13022, method="GET", url=RESOURCE,
     accessToken="another-token", now=1562262618)
case("RFC 9449 §4.1 Figure 2 a day later", RFC_TOKEN_PROOF, 13020, now=1562262616 + 86400)

document = {
    "source": "made by generate_dpop.py with joserfc %s and pyca/cryptography %s; RFC 9449 §4.1 Figure 2 and §7.1 Figure 13 as printed"
              % (joserfc.__version__, cryptography.__version__),
    "now": NOW,
    "nonceSecret": b64(NONCE_SECRET),
    "rotationInterval": ROTATION,
    "cases": cases,
}
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "dpop-proofs.json")
with open(path, "w") as output:
    json.dump(document, output, indent=1)
    output.write("\n")
print("wrote %d cases to %s" % (len(cases), path))
