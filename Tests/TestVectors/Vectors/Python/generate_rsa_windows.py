# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0

"""Modular powers for the sliding-window exponentiation and the plain square-and-multiply: odd moduli of 1, 3,
16, 33 and 64 limbs (64 to 4096 bits), bases at the edges (1, 2, m − 1, an all-ones number mod m, random; the
last three from 1024 bits on), exponents whose lengths sit on both sides of each window-width change (5/6,
23/24, 79/80, 239/240, 671/672 bits), all ones, and sparse (one long zero run). Every expected value is Python's own pow(), from a fixed seed.
Run: python3 generate_rsa_windows.py > rsa-window-powers.json
"""
import json
import random

rng = random.Random(21)


def odd_modulus(bits):
    return rng.getrandbits(bits) | (1 << (bits - 1)) | 1


def exponents(lengths):
    values = []
    for bits in lengths:
        values.append(rng.getrandbits(bits) | (1 << (bits - 1)))  # random, exactly `bits` long
    for bits in lengths[1::2]:
        values.append((1 << bits) - 1)  # all ones: every window full
        values.append((1 << (bits - 1)) | 1)  # sparse: one long zero run
    return values


h = lambda v, width: format(v, "x").zfill(width)
powers = []
short = [2, 3, 5, 6, 17, 24, 80]
long = [2, 5, 6, 23, 24, 79, 80, 239, 240, 671, 672, 1024]
for bits, lengths in [(64, long), (192, long), (1024, long), (2112, short), (4096, short)]:
    modulus = odd_modulus(bits)
    width = (bits + 7) // 8 * 2
    limbs = (bits + 63) // 64
    bases = [1, 2, modulus - 1, (2 ** (64 * limbs) - 1) % modulus, rng.randrange(modulus)]
    if bits >= 1024:  # fewer bases where each power is costly
        bases = bases[2:]
    for base in bases:
        for exponent in exponents(lengths):
            digits = len(format(exponent, "x"))
            powers.append({"modulus": h(modulus, width), "base": h(base, width), "exponent": h(exponent, digits + digits % 2),
                           "power": h(pow(base, exponent, modulus), width)})
print(json.dumps({"source": "Python pow() modulo random odd moduli of 64-4096 bits; generate_rsa_windows.py, seed 21",
                  "powers": powers}, indent=1))
