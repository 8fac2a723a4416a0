# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0

"""Modular powers and reductions modulo the primes of AuthTesting's RSA test key, for the CRT signer.

The primes are recovered from rsa-test-key.json with pyca/cryptography's rsa_recover_prime_factors (p > q);
every expected value is Python's own pow() / %, from a fixed seed.
Run: python3 generate_rsa_crt.py > rsa-crt-powers.json
"""
import json
import os
import random

from cryptography.hazmat.primitives.asymmetric import rsa

here = os.path.dirname(os.path.abspath(__file__))
k = json.load(open(os.path.join(here, "rsa-test-key.json")))
n, e, d = int(k["n"], 16), int(k["e"], 16), int(k["d"], 16)
p, q = rsa.rsa_recover_prime_factors(n, e, d)
if p < q:
    p, q = q, p
rng = random.Random(20)
h = lambda v, width: format(v, "x").zfill(width)
powers = []
for modulus in (p, q):
    bases = [0, 1, 2, modulus - 1, rng.randrange(modulus), rng.randrange(modulus)]
    exponents = ["", "00", "01", "0010", "010001", "000000ff", h(d % (modulus - 1), 256), h(rng.getrandbits(1024), 256)]
    for base in bases:
        for exponent in exponents:
            value = pow(base, int(exponent, 16) if exponent else 0, modulus)
            powers.append({"modulus": h(modulus, 256), "base": h(base, 256), "exponent": exponent, "power": h(value, 256)})
reductions = []
for modulus in (p, q):
    for x in [0, modulus, modulus - 1, 2**2048 - 1, n - 1, modulus * (2**1024 - 1), rng.getrandbits(2048), rng.getrandbits(2048)]:
        reductions.append({"modulus": h(modulus, 256), "value": h(x, 512), "remainder": h(x % modulus, 256)})
print(json.dumps({"source": "Python pow() and % modulo the test key's primes (pyca/cryptography rsa_recover_prime_factors); generate_rsa_crt.py, seed 20",
                  "powers": powers, "reductions": reductions}, indent=1))
