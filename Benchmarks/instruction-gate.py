# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0
"""The benchmark gate's comparison (.ci/benchmark-gate): each row's instructions per operation against its
committed baseline in Benchmarks/instructions.json, within a tolerance (10%).

    instruction-gate.py COUNTS BASELINES [--callgrind DIR] [--update | --add-missing]

COUNTS is what `authflow-benchmarks --instructions` wrote. With perf its counts are in it; with callgrind they
are in DIR, one dump per counted stretch, described `ours:ROW` / `peer:ROW`, each the total of the row's fixed
iterations (divided here by the iterations COUNTS gives). Baselines are kept per tool: the same build retires
slightly different instructions natively and under valgrind (glibc picks its string functions by CPUID).
A row more than 10% over its baseline fails (a regression); more than 10% under also fails, so that the
baseline follows an improvement and a later 2x regression cannot hide in the gap (--update writes the
counts as the new baselines: commit them with the change that moved them; --add-missing writes baselines for
the rows that have none and leaves every other baseline as it is, for a change that only adds rows).
Exit status 1 on any failure.
"""
import glob
import json
import re
import sys


def callgrind_counts(directory):
    counts = {}
    for path in glob.glob(f"{directory}/*"):
        label, total = None, None
        with open(path, encoding="utf-8", errors="replace") as dump:
            for line in dump:
                if line.startswith("desc: Trigger: Client Request: "):
                    label = line.split("Client Request: ", 1)[1].rstrip("\n")
                elif line.startswith("summary:") or line.startswith("totals:"):
                    total = int(line.split()[1])
        if label is not None and total is not None:
            counts[label] = total
    return counts


def main(argv):
    arguments = [a for a in argv if not a.startswith("--")]
    update = "--update" in argv
    add_missing = "--add-missing" in argv
    directory = argv[argv.index("--callgrind") + 1] if "--callgrind" in argv else None
    if directory in arguments:
        arguments.remove(directory)
    counts_path, baselines_path = arguments[:2]
    counts = json.load(open(counts_path))
    tool = counts["tool"]
    rows = counts["rows"]
    if tool == "callgrind":
        if directory is None:
            sys.exit("instruction-gate: callgrind counts need --callgrind DIR")
        dumps = callgrind_counts(directory)
        for row in rows:
            for side, key in (("ours", "authflow"), ("peer", "peer")):
                total = dumps.get(f"{side}:{row['name']}")
                row[key] = round(total / row["iterations"]) if total is not None else 0
    baselines = json.load(open(baselines_path))
    tolerance = baselines.get("tolerance", 0.10)
    table = baselines.setdefault(tool, {})
    if update:
        baselines[tool] = {row["name"]: int(row["authflow"]) for row in rows}
        with open(baselines_path, "w", encoding="utf-8") as out:
            json.dump(baselines, out, indent=2, sort_keys=True, ensure_ascii=False)
            out.write("\n")
        print(f"instruction-gate: {len(rows)} {tool} baselines written to {baselines_path}")
        return 0
    if add_missing:
        added = {row["name"]: int(row["authflow"]) for row in rows if row["name"] not in table and row["authflow"] > 0}
        table.update(added)
        baselines[tool] = dict(sorted(table.items()))
        with open(baselines_path, "w", encoding="utf-8") as out:
            json.dump(baselines, out, indent=2, sort_keys=True, ensure_ascii=False)
            out.write("\n")
        for name, count in sorted(added.items()):
            print(f"instruction-gate: added {name}: {count:,}")
        print(f"instruction-gate: {len(added)} new {tool} baselines written to {baselines_path}; the others kept")
    failures = []
    print(f"{'row':48} {'baseline':>12} {'now':>12} {'change':>8}  {'vs peer':>8}")
    seen = set()
    for row in rows:
        name, now = row["name"], row["authflow"]
        seen.add(name)
        peer = row.get("peer") or 0
        versus = f"{now / peer:8.2f}" if peer > 0 else "       -"
        base = table.get(name)
        if now <= 0:
            failures.append(f"{name}: no count")
            print(f"FAIL {name:43} {'':>12} {'none':>12}")
            continue
        if base is None:
            failures.append(f"{name}: no {tool} baseline in {baselines_path} (a new row: .ci/benchmark-gate --add-missing)")
            print(f"FAIL {name:43} {'none':>12} {now:12,.0f}")
            continue
        change = now / base - 1
        verdict = "ok  " if abs(change) <= tolerance else "FAIL"
        print(f"{verdict} {name:43} {base:12,} {now:12,.0f} {change:+8.1%}  {versus}")
        if change > tolerance:
            failures.append(f"{name}: {now:,.0f} instructions per operation, {change:+.1%} over its baseline {base:,}")
        elif change < -tolerance:
            failures.append(
                f"{name}: {now:,.0f} instructions per operation, {change:+.1%} under its baseline {base:,}: "
                "faster, so update the baseline (.ci/benchmark-gate --update) and commit it")
    for name in sorted(set(table) - seen):
        failures.append(f"{name}: a baseline that no row has (renamed or removed? .ci/benchmark-gate --update)")
    for failure in failures:
        print(f"FAIL {failure}")
    print(f"instruction gate ({tool}, ±{tolerance:.0%}): {len(rows) - len([f for f in failures])} of {len(rows)} rows "
          f"within their baselines" if not failures else f"instruction gate ({tool}): {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
