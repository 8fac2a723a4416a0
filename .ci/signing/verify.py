# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0

"""Verifies, with pyca/cryptography and joserfc (not AuthFlow), what `authflow` signed.

Usage: verify.py DIR. DIR holds keyN.jwk (private JWKs from `authflow key generate`), and tokens.txt with
lines `KEYFILE TOKEN` (from `authflow jwt sign`). For every ES256 token it checks:
- the header is {"alg": "ES256", ...} and the key's x, y are the public point of its d (cryptography);
- the signature verifies with cryptography's ECDSA (r || s converted to DER) and with joserfc;
- s <= n/2 (low s);
- signing the same claims twice gave the same token (RFC 6979 is deterministic): lines marked `again`.
HS256 tokens are verified with joserfc against the oct key. Prints one `ok` line per check, exits 1 on any failure.
"""
import base64
import json
import sys
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from joserfc import jws
from joserfc.jwk import ECKey, OctKey

N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551


def b64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def main(directory: Path) -> int:
    failures = 0
    checks = 0
    previous = {}
    for line in (directory / "tokens.txt").read_text().splitlines():
        parts = line.split()
        key_file, token, again = parts[0], parts[1], len(parts) > 2
        jwk = json.loads((directory / key_file).read_text())
        header_b64, payload_b64, signature_b64 = token.split(".")
        header = json.loads(b64(header_b64))
        try:
            if header["alg"] == "ES256":
                d = int.from_bytes(b64(jwk["d"]), "big")
                public = ec.derive_private_key(d, ec.SECP256R1()).public_key()
                numbers = public.public_numbers()
                assert numbers.x == int.from_bytes(b64(jwk["x"]), "big"), "x is not the point of d"
                assert numbers.y == int.from_bytes(b64(jwk["y"]), "big"), "y is not the point of d"
                signature = b64(signature_b64)
                assert len(signature) == 64, "ES256 signatures are 64 bytes (RFC 7518 §3.4)"
                r, s = int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
                assert s <= N // 2, "s is not low"
                public.verify(encode_dss_signature(r, s), f"{header_b64}.{payload_b64}".encode(), ec.ECDSA(hashes.SHA256()))
                public_jwk = {name: jwk[name] for name in ("kty", "crv", "x", "y")}
                jws.deserialize_compact(token, ECKey.import_key(public_jwk), algorithms=["ES256"])
            elif header["alg"] == "HS256":
                jws.deserialize_compact(token, OctKey.import_key(jwk), algorithms=["HS256"])
            else:
                raise AssertionError(f"unexpected alg {header['alg']}")
            if again:
                assert previous.get((key_file, payload_b64)) == token, "signing the same claims again gave another token"
            previous[(key_file, payload_b64)] = token
            checks += 1
        except (AssertionError, InvalidSignature, ValueError, KeyError) as error:
            failures += 1
            print(f"FAIL  {key_file} {header.get('alg')}: {error!r}")
    print(f"ok    {checks} tokens signed by authflow verified by cryptography and joserfc")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
