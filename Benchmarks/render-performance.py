#!/usr/bin/env python3
# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0
"""Prints the figure tables of Docs/Performance.md from benchmark runs saved with --json.

The first run is the one shown; every run's ratio is listed beside it, so a reader sees the spread, not one
lucky figure. Ratios are time(AuthFlow) / time(peer) measured in the same process: below 1.00 AuthFlow is
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
    spread = f" ratios of the {len(runs)} runs |" if several else ""
    print(f"| case | bytes | AuthFlow ns/op | peer | peer ns/op | ratio |{spread}")
    print("| --- | ---: | ---: | --- | ---: | ---: |" + (" --- |" if several else ""))
    for row in rows:
        every = (" " + " / ".join(f"{ratio:.2f}" for ratio in ratios[row["name"]]) + " |") if several else ""
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
