// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The command line: `--quick`, `--only SECTION`, `--json FILE`, `--gate FILE`, `--help`.
struct Options {
    static let sections = [
        "digest", "base64url", "pkce", "idtoken", "signature", "signing", "callback", "forms", "resourceserver", "memory", "hostile",
        "login",
    ]

    static let help = """
        authflow-benchmarks: AuthFlow's primitives side by side with their peers, in one release run.

        usage: swift run -c release --package-path Benchmarks authflow-benchmarks [options]

          --quick          3 short samples per side instead of 11 of ~60 ms (a smoke run; ratios noisier)
          --only SECTION   run one section: \(sections.joined(separator: ", "))
          --json FILE      also write every row as JSON: name, section, bytes, AuthFlow ns/op, peer name,
                           peer ns/op, ratio (and the login throughputs)
          --gate FILE      compare each row's ratio with its maximum in FILE (Benchmarks/thresholds.json);
                           exit 1 when one is past it, or when a row and the file disagree on names
          --instructions FILE
                           count instructions instead of timing: each row's work run a fixed number of times
                           (16, or once from 100 kB), counted by perf_event_open, or by callgrind under
                           valgrind; writes instructions per operation to FILE (sections without a peer, the
                           OpenSSL rows and the timing-leak test are left out). What .ci/benchmark-gate reads
          --inject-slowdown ROW
                           with --instructions: the rows whose name contains ROW (all: every row) do their
                           work twice, a deliberate 2× slowdown the gate must fail on
          --validations N  the memory section's access-token validations (default 1,000,000; --quick 5,000)
          --help           this text

        ratio = time(AuthFlow) / time(peer), both measured in the same process in alternating batches:
        below 1.00 AuthFlow is faster. The gate reads ratios only, never absolute times.
        """

    var settings = Settings.full
    var isQuick = false
    var only: String?
    var jsonPath: String?
    var gatePath: String?
    var countsPath: String?
    /// `--validations N`: how many access tokens the memory section validates.
    var validations: Int?

    /// Parses the arguments, or prints why not and exits with status 2 (`--help`: prints and exits 0).
    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var index = 0
        func value(of flag: String) -> String {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else { fail("\(flag) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--help", "-h":
                print(help)
                exit(0)
            case "--quick":
                options.isQuick = true
                options.settings.samples = Settings.quick.samples
                options.settings.sampleDuration = Settings.quick.sampleDuration
            case "--only":
                let name = value(of: "--only")
                guard sections.contains(name) else {
                    fail("unknown section \(name); the sections are \(sections.joined(separator: ", "))")
                }
                options.only = name
            case "--json":
                options.jsonPath = value(of: "--json")
            case "--gate":
                options.gatePath = value(of: "--gate")
            case "--instructions":
                options.countsPath = value(of: "--instructions")
                options.settings.counting = true
            case "--validations":
                guard let count = Int(value(of: "--validations")), count > 0 else { fail("--validations needs a positive count") }
                options.validations = count
            case "--inject-slowdown":
                options.settings.slowdown = value(of: "--inject-slowdown")
            default:
                fail("unknown argument \(arguments[index]) (try --help)")
            }
            index += 1
        }
        if options.settings.slowdown != nil && !options.settings.counting { fail("--inject-slowdown needs --instructions") }
        return options
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("authflow-benchmarks: \(message)\n".utf8))
        exit(2)
    }
}
