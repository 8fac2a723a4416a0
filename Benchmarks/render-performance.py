#!/usr/bin/env python3
# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0
"""Prints the figure tables of Docs/Performance.md from benchmark runs saved with --json.

The first run is the one shown; every run's ratio is listed beside it, with their minimum, median and
maximum, so a reader sees the spread, not one lucky figure. Ratios are time(AuthFlow) / time(peer) measured in the same process: below 1.00 AuthFlow is
faster.

  python3 Benchmarks/render-performance.py shown.json [other.json ...] > /tmp/figures.md
"""
import json
import sys

SECTIONS = [
    ("digest", "SHA-2 and HMAC (AuthDigest)"),
    ("base64url", "base64url (AuthBase64URL)"),
    ("pkce", "PKCE pair (AuthPKCE)"),
    ("idtoken", "ID token decode and validate (AuthJWT)"),
    ("signature", "RS256 and ES256 signature verification (AuthJWT)"),
    ("signing", "ES256 signing (AuthJWT)"),
    ("callback", "Callback parsing (AuthCallback)"),
    ("forms", "Large form data (AuthCallback)"),
    ("resourceserver", "Resource server: access tokens and DPoP proofs (AuthResourceServer, AuthDPoP, AuthJWT)"),
]


def number(value):
    if value >= 10_000:
        return f"{value:,.0f}"
    if value >= 100:
        return f"{value:,.1f}"
    return f"{value:.2f}"


runs = [json.load(open(path)) for path in sys.argv[1:]]
if not runs:
    sys.exit(__doc__)
shown = runs[0]
ratios = {}
for run in runs:
    for row in run["rows"]:
        ratios.setdefault(row["name"], []).append(row["ratio"])

for key, title in SECTIONS:
    rows = [row for row in shown["rows"] if row["section"] == key]
    if not rows:
        continue
    print(f"### {title}\n")
    several = len(runs) > 1
    spread = f" ratios of the {len(runs)} runs | min / median / max |" if several else ""
    print(f"| case | bytes | AuthFlow ns/op | peer | peer ns/op | ratio |{spread}")
    print("| --- | ---: | ---: | --- | ---: | ---: |" + (" --- | --- |" if several else ""))
    for row in rows:
        every = ""
        if several:
            values = ratios[row["name"]]
            ordered = sorted(values)
            every = (
                " " + " / ".join(f"{ratio:.2f}" for ratio in values) + " | "
                + " / ".join(f"{ratio:.2f}" for ratio in (ordered[0], ordered[len(ordered) // 2], ordered[-1])) + " |"
            )
        print(
            f"| {row['name']} | {row['bytes']:,} | {number(row['authflow_ns'])} | {row['peer']} | "
            f"{number(row['peer_ns'])} | {row['ratio']:.2f} |{every}"
        )
    print()

logins = {}
for run in runs:
    for entry in run.get("logins", []):
        logins.setdefault(entry["name"], []).append(entry)
if logins:
    print("### Logins through the fake provider (AuthClient + AuthTesting, in process)\n")
    print("| case | µs/login (first run) | logins/s, each run | goal ≥ 5,000/s |")
    print("| --- | ---: | --- | --- |")
    for name, entries in logins.items():
        rates = " / ".join(f"{entry['logins_per_second']:,.0f}" for entry in entries)
        met = "met" if min(entry["logins_per_second"] for entry in entries) >= 5000 else "not met"
        print(f"| {name} | {entries[0]['ns_per_login'] / 1000:,.1f} | {rates} | {met} |")
    print()

memory = {}
for run in runs:
    for entry in run.get("memory", []):
        memory.setdefault(entry["name"], []).append(entry)
if memory:
    print("### Memory over many validations (AuthResourceServer, AuthDPoP)\n")
    print("| case | calls | RSS MiB after warm-up, then each quarter (first run) | heap in use before → after, bytes | "
          "allocations per call, each run |")
    print("| --- | ---: | --- | --- | --- |")
    for name, entries in memory.items():
        first = entries[0]
        resident = " → ".join(f"{kib / 1024:.1f}" for kib in first["resident_kib"])
        counted = " / ".join(f"{entry['allocations_per_call']:.2f}" for entry in entries if "allocations_per_call" in entry)
        print(f"| {name.strip()} | {first['calls']:,} | {resident} | {first['heap_before']:,} → {first['heap_after']:,} | "
              f"{counted or 'not counted'} |")
    print()
