# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0

"""RSASSA-PKCS1-v1_5 SHA-256 signatures by pyca/cryptography (OpenSSL) with AuthTesting's RSA test key.

The key was generated once with cryptography's rsa.generate_private_key(65537, 2048) and is embedded in
Sources/AuthTesting/TestSigningKey+RSA.swift. This script reads the key from rsa-test-key.json and signs
fixed messages, so AuthTesting's RS256 signer is checked against an independent implementation.
Run: python3 generate_rsa_signing.py > rsa-test-signatures.json
"""
import json, os
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa

here = os.path.dirname(os.path.abspath(__file__))
key_file = os.path.join(here, "rsa-test-key.json")
if not os.path.exists(key_file):
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    numbers = key.private_numbers()
    with open(key_file, "w") as f:
        json.dump({"source": "cryptography rsa.generate_private_key(65537, 2048); TEST KEY, never use outside tests",
                   "n": format(numbers.public_numbers.n, "x"), "e": format(numbers.public_numbers.e, "x"),
                   "d": format(numbers.d, "x")}, f, indent=1)
k = json.load(open(key_file))
n, e, d = int(k["n"], 16), int(k["e"], 16), int(k["d"], 16)
p, q = rsa.rsa_recover_prime_factors(n, e, d)
key = rsa.RSAPrivateNumbers(p, q, d, rsa.rsa_crt_dmp1(d, p),
                            rsa.rsa_crt_dmq1(d, q), rsa.rsa_crt_iqmp(p, q), rsa.RSAPublicNumbers(e, n)).private_key()
messages = [b"", b"abc", b"eyJhbGciOiJSUzI1NiIsImtpZCI6ImF1dGhmbG93LXRlc3QtcnNhIn0.eyJzdWIiOiJhbGljZSJ9",
            bytes(range(256)), b"The quick brown fox jumps over the lazy dog" * 20]
cases = [{"message": m.hex(), "signature": key.sign(m, padding.PKCS1v15(), hashes.SHA256()).hex()} for m in messages]
print(json.dumps({"source": "pyca/cryptography " + __import__("cryptography").__version__ + " RSASSA-PKCS1-v1_5 SHA-256",
                  "n": k["n"], "e": k["e"], "d": k["d"], "cases": cases}, indent=1))
