#!/usr/bin/env python3
# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0
"""Writes Benchmarks/thresholds.json from benchmark runs saved with --json.

Each row's maximum ratio is the worst ratio the runs measured, times MARGIN, plus SLACK, rounded up to two
decimals: generous, because CI runs --quick (3 samples of ~5 ms per side) on a loaded 2-core machine. Ratios
only, never absolute times.

  python3 Benchmarks/update-thresholds.py "what the runs were" run1.json run2.json ... > Benchmarks/thresholds.json
"""
import json
import math
import os
import sys

# BENCHMARK_MARGIN / BENCHMARK_SLACK override the defaults (wider when the runs came from a quiet machine
# and CI may run on a busier one).
MARGIN = float(os.environ.get("BENCHMARK_MARGIN", "1.6"))
SLACK = float(os.environ.get("BENCHMARK_SLACK", "0.05"))

note, paths = sys.argv[1], sys.argv[2:]
worst = {}
for path in paths:
    for row in json.load(open(path))["rows"]:
        worst[row["name"]] = max(worst.get(row["name"], 0.0), row["ratio"])
thresholds = {name: math.ceil((ratio * MARGIN + SLACK) * 100) / 100 for name, ratio in sorted(worst.items())}
print(json.dumps({
    "about": "Maximum ratio time(AuthFlow)/time(peer) per benchmark row, checked by `authflow-benchmarks --gate` "
             "(.ci/benchmark-gate, CI step 6). Ratios only, never absolute times. Made by "
             f"Benchmarks/update-thresholds.py: the worst ratio of the runs below x {MARGIN} + {SLACK}.",
    "source": note,
    "measured_worst": {name: worst[name] for name in sorted(worst)},
    "thresholds": thresholds,
}, indent=2, ensure_ascii=False))
