// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Every row printed, kept for `--json` and `--gate`. The benchmark runs on one task, top to bottom.
nonisolated(unsafe) var recordedRows: [(section: String, row: Comparison)] = []
/// Login throughputs (no peer, so no ratio and no gate).
nonisolated(unsafe) var recordedLogins: [(name: String, nanosecondsPerLogin: Double)] = []

/// The memory section's figures (one dictionary per measured case, as MemoryBenchmark.Figures writes them).
nonisolated(unsafe) var recordedMemory: [[String: Any]] = []

/// Rows that could not be measured because their peer could not run (`openssl` missing or killed at its
/// deadline), with the reason: printed, written to the JSON, and never a gate failure.
nonisolated(unsafe) var skippedRows: [(name: String, reason: String)] = []

func record(_ section: String, _ rows: [Comparison]) {
    recordedRows += rows.map { (section, $0) }
}

func skip(_ name: String, because reason: String) {
    skippedRows.append((name, reason))
}

func printSkipped() {
    for (name, reason) in skippedRows {
        print("\(name): skipped, \(reason)")
    }
}

/// Writes the rows as JSON: `{"settings": …, "rows": [{name, section, bytes, authflow_ns, peer, peer_ns,
/// ratio}], "logins": [{name, ns_per_login, logins_per_second}]}`.
func writeJSON(to path: String, settings: Settings, quick: Bool) throws {
    let rows: [[String: Any]] = recordedRows.map { section, row in
        [
            "name": row.name, "section": section, "bytes": row.ours.bytesPerOperation,
            "authflow_ns": rounded(row.ours.nanosecondsPerOperation), "peer": row.peer,
            "peer_ns": rounded(row.theirs.nanosecondsPerOperation), "ratio": rounded(row.ratio, 1000),
        ]
    }
    let logins: [[String: Any]] = recordedLogins.map { name, nanoseconds in
        ["name": name, "ns_per_login": rounded(nanoseconds), "logins_per_second": rounded(1e9 / nanoseconds)]
    }
    let skipped: [[String: Any]] = skippedRows.map { ["name": $0.name, "reason": $0.reason] }
    let document: [String: Any] = [
        "settings": ["quick": quick, "samples": settings.samples, "sample_ms": nanoseconds(settings.sampleDuration) / 1e6],
        "rows": rows, "logins": logins, "skipped": skipped, "memory": recordedMemory,
    ]
    let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
    try data.write(to: URL(fileURLWithPath: path))
}

private func rounded(_ value: Double, _ scale: Double = 10) -> Double {
    (value * scale).rounded() / scale
}

/// Compares each row's ratio with its maximum in the thresholds file (`{"thresholds": {"row name": max}}`).
/// Returns the failures; a full run (`sections == nil`) also fails on rows the file does not name and on
/// names no row has, so a renamed row cannot leave the gate unnoticed.
func gateFailures(thresholdsPath: String, onlySection: String?) throws -> [String] {
    let data = try Data(contentsOf: URL(fileURLWithPath: thresholdsPath))
    guard let document = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let table = document["thresholds"] as? [String: Any]
    else { return ["\(thresholdsPath) has no \"thresholds\" object"] }
    var failures: [String] = []
    var checked = 0
    for (_, row) in recordedRows {
        guard let maximum = (table[row.name] as? NSNumber)?.doubleValue else {
            if row.isExternalPeer {
                print("info \(pad(row.name, 40)) ratio \(padLeft(format(row.ratio, decimals: 2), 6)), no threshold: not gated")
            } else {
                failures.append("\(row.name): no threshold in \(thresholdsPath)")
            }
            continue
        }
        checked += 1
        let verdict = row.ratio <= maximum ? "ok  " : "OVER"
        print(
            "\(verdict) \(pad(row.name, 40)) ratio \(padLeft(format(row.ratio, decimals: 2), 6)) ≤ \(format(maximum, decimals: 2))  (\(row.peer))"
        )
        if row.ratio > maximum {
            failures.append("\(row.name): ratio \(format(row.ratio, decimals: 2)) is past its threshold \(format(maximum, decimals: 2))")
        }
    }
    if onlySection == nil {
        let measured = Set(recordedRows.map(\.row.name))
        let skipped = Set(skippedRows.map(\.name))
        for name in table.keys.sorted() where !measured.contains(name) {
            if skipped.contains(name) {
                print("skip \(pad(name, 40)) its peer could not run: not gated")
            } else {
                failures.append("\(name): in \(thresholdsPath) but no row has that name")
            }
        }
    }
    if checked == 0 { failures.append("no row was checked") }
    return failures
}
