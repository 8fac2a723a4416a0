#!/usr/bin/env python3
# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0
"""Copies the Ed25519 edge-case vectors of ed25519-speccheck (github.com/novifinancial/ed25519-speccheck,
commit 65519336fda78a3d016e947df6d82848aca0c9da, Apache-2.0), the companion repository of Chalkias,
Garillot and Nikolaenko, "Taming the many EdDSAs" (SSR 2020, IACR ePrint 2020/1244), into
ed25519-speccheck.json:

- eightTorsion: the eight points of order dividing 8, canonical encodings, from src/main.rs
  (EIGHT_TORSION, "ported from curve25519-dalek"), with the order its comment gives;
- eightTorsionNonCanonical: the six non-canonical encodings of such points (EIGHT_TORSION_NON_CANONICAL);
- cases: the twelve test vectors of cases.json, each with its line of README.md's condition table and
  the verdict of README.md's results table for LibSodium (the same as "Dalek strict" and "libra-crypto"
  there): only case 3 verifies under a verifier that refuses small-order A and R, non-canonical
  encodings, S >= L, and uses the cofactorless equation.

Usage: python3 extract.py PATH/TO/ed25519-speccheck
"""
import json
import os
import re
import sys

root = sys.argv[1]


def read(name):
    with open(os.path.join(root, name)) as f:
        return f.read()


def arrays(source, name):
    body = re.search(name + r": \[\[u8; 32\]; \d+\] = \[(.*?)\n\];", source, re.S).group(1)
    points = []
    for numbers, comment in re.findall(r"\[([\d,\s]+)\],\s*//\s*([^\n]*)", body):
        values = [int(n) for n in numbers.replace("\n", " ").split(",") if n.strip()]
        assert len(values) == 32, values
        points.append({"encoding": bytes(values).hex(), "comment": comment.strip()})
    return points


main = read("src/main.rs")
torsion = arrays(main, "EIGHT_TORSION")
assert len(torsion) == 8
for point in torsion:
    point["order"] = int(re.search(r"order (\d)", point["comment"]).group(1))
non_canonical = arrays(main, "EIGHT_TORSION_NON_CANONICAL")
assert len(non_canonical) == 6

readme = read("README.md")
conditions = {}
for line in readme.splitlines():
    match = re.match(r"\|\s*(\d+)\|(.*)\|\s*$", line)
    if match:
        cells = [cell.strip() for cell in match.group(2).split("|")]
        conditions[int(match.group(1))] = cells
libsodium = re.search(r"\|LibSodium\s*\|(.*)\|", readme).group(1)
verdicts = [cell.strip() for cell in libsodium.split("|")]
assert len(verdicts) == 12 and set(verdicts) <= {"V", "X"}

cases = []
for index, case in enumerate(json.loads(read("cases.json"))):
    cells = conditions[index]
    cases.append({
        "index": index,
        "message": case["message"],
        "publicKey": case["pub_key"],
        "signature": case["signature"],
        "condition": "S: %s, A: %s, R: %s" % (cells[2], cells[3], cells[4]) + ("; " + cells[7] if cells[7] else ""),
        "cofactoredEquationHolds": cells[5].startswith("V"),
        "cofactorlessEquationHolds": cells[6] == "V",
        "strictVerdict": "valid" if verdicts[index] == "V" else "invalid",
    })
assert len(cases) == 12

document = {
    "source": "github.com/novifinancial/ed25519-speccheck commit 65519336fda78a3d016e947df6d82848aca0c9da "
    "(Apache-2.0): src/main.rs EIGHT_TORSION and EIGHT_TORSION_NON_CANONICAL, cases.json, and README.md's "
    "condition table and LibSodium results row; Chalkias, Garillot, Nikolaenko, \"Taming the many EdDSAs\", "
    "IACR ePrint 2020/1244",
    "eightTorsion": torsion,
    "eightTorsionNonCanonical": non_canonical,
    "cases": cases,
}
with open("ed25519-speccheck.json", "w") as f:
    json.dump(document, f, indent=1, ensure_ascii=False)
    f.write("\n")
