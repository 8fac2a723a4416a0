#!/usr/bin/env python3
# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0
"""Copies Wycheproof test vector files (github.com/C2SP/wycheproof, testvectors_v1/, commit
dac1dd4729fd1f8dd9e1e9f3dce51d783da6c166) into this folder, keeping every test case and removing only the
groups' redundant key encodings (publicKeyAsn, publicKeyDer, publicKeyPem): the tests read the key from
publicKey (modulus, exponent; pk; or wx, wy) or from the JWK.

Usage: python3 trim.py PATH/TO/wycheproof/testvectors_v1
"""
import json
import os
import sys

FILES = [
    "rsa_pss_2048_sha256_mgf1_32_test.json",
    "rsa_pss_3072_sha256_mgf1_32_test.json",
    "rsa_pss_2048_sha384_mgf1_48_test.json",
    "rsa_pss_4096_sha512_mgf1_64_test.json",
    "rsa_signature_2048_sha384_test.json",
    "rsa_signature_2048_sha512_test.json",
    "rsa_signature_3072_sha384_test.json",
    "rsa_signature_4096_sha512_test.json",
    "ed25519_test.json",
    "ecdsa_secp256r1_sha256_p1363_test.json",
]

source = sys.argv[1]
for name in FILES:
    with open(os.path.join(source, name)) as f:
        doc = json.load(f)
    for group in doc["testGroups"]:
        for key in ("publicKeyAsn", "publicKeyDer", "publicKeyPem"):
            group.pop(key, None)
    with open(name, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
