// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDPoP
import AuthJWT
import AuthResourceServer
import AuthTesting
import Foundation
import InstructionCounter
import JWTKit

/// Memory over many validations (issue 30): does the resident set or the heap grow with the number of
/// access tokens validated, and how many heap allocations does one validation make?
///
/// The section re-runs the benchmark binary as a child with `LD_PRELOAD=libAuthFlowAllocationCounter.so`
/// (built beside it from `Sources/AllocationCounter`), whose malloc family counts every call; the parent
/// prints the child's lines. Without the library (a `--product authflow-benchmarks` build) the child is not
/// started and the figures are measured in process, without allocation counts. Resident set from
/// `/proc/self/statm`, heap in use from glibc's `mallinfo2`, both after a warm-up and at each quarter of the run.
enum MemoryBenchmark {
    /// Set in the child's environment.
    static let childVariable = "AUTHFLOW_MEMORY_CHILD"
    static let libraryName = "libAuthFlowAllocationCounter.so"
    /// The child prints each result on a line of its own starting with this, as JSON.
    static let resultPrefix = "memory-json "

    struct Figures {
        var name: String
        var calls: Int
        /// Resident set in KiB after the warm-up, then at each quarter of the run.
        var residentKiB: [Int]
        /// Heap bytes in use after the warm-up and at the end.
        var heapBefore: UInt64
        var heapAfter: UInt64
        /// Heap allocations per call; nil when not counted.
        var allocationsPerCall: Double?

        var dictionary: [String: Any] {
            var result: [String: Any] = [
                "name": name, "calls": calls, "resident_kib": residentKiB, "heap_before": heapBefore, "heap_after": heapAfter,
            ]
            if let allocationsPerCall { result["allocations_per_call"] = (allocationsPerCall * 100).rounded() / 100 }
            return result
        }
    }

    static func run(validations: Int, quick: Bool) async {
        print("\nMemory over many validations (AuthResourceServer, AuthDPoP; peer rows: allocations of the same work by the peers)")
        if ProcessInfo.processInfo.environment[childVariable] == nil, let library = preloadLibrary() {
            runChild(library: library, validations: validations, quick: quick)
            return
        }
        for figures in await measureAll(validations: validations) {
            report(figures)
            if ProcessInfo.processInfo.environment[childVariable] != nil,
                let data = try? JSONSerialization.data(withJSONObject: figures.dictionary, options: [.sortedKeys])
            {
                print(resultPrefix + String(decoding: data, as: UTF8.self))
            }
        }
    }

    /// The counter library beside the running binary, if it was built.
    static func preloadLibrary() -> String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let library = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(libraryName).path
        return FileManager.default.fileExists(atPath: library) ? library : nil
    }

    static func runChild(library: String, validations: Int, quick: Bool) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--only", "memory", "--validations", String(validations)] + (quick ? ["--quick"] : [])
        var environment = ProcessInfo.processInfo.environment
        environment["LD_PRELOAD"] = library
        environment[childVariable] = "1"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch {
            print("memory: the child did not start (\(error)); not measured")
            return
        }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(resultPrefix) {
                if let object = try? JSONSerialization.jsonObject(with: Data(line.dropFirst(resultPrefix.count).utf8)) as? [String: Any] {
                    recordedMemory.append(object)
                }
            } else if !line.hasPrefix("Memory over many") && !line.hasPrefix("ratio = ") && !line.isEmpty {
                print(line)
            }
        }
        if process.terminationStatus != 0 { print("memory: the child exited with status \(process.terminationStatus)") }
    }

    /// Allocations made so far, by the preloaded counter; nil when it is not loaded.
    static let allocationCount: (@convention(c) () -> UInt)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "authflow_allocation_count") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> UInt).self)
    }()

    static func residentKiB() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    /// `body` called `calls` times after a warm-up of a tenth as many (at most 10,000).
    static func measure(_ name: String, calls: Int, _ body: () async -> Void) async -> Figures {
        for _ in 0..<min(10_000, max(1, calls / 10)) { await body() }
        var resident = [residentKiB()]
        let heapBefore = authflow_heap_in_use()
        let allocationsBefore = allocationCount?()
        let quarter = max(1, calls / 4)
        // Reading /proc allocates: those allocations are the measurement's, not the body's.
        var measuring: UInt = 0
        for call in 1...calls {
            await body()
            if call % quarter == 0 && resident.count < 5 {
                let before = allocationCount?() ?? 0
                resident.append(residentKiB())
                measuring += (allocationCount?() ?? 0) - before
            }
        }
        let allocationsAfter = allocationCount?()
        let heapAfter = authflow_heap_in_use()
        let perCall = allocationsBefore.flatMap { before in
            allocationsAfter.map { Double($0 - before - measuring) / Double(calls) }
        }
        return Figures(
            name: name, calls: calls, residentKiB: resident, heapBefore: heapBefore, heapAfter: heapAfter, allocationsPerCall: perCall)
    }

    static func report(_ figures: Figures) {
        let resident = figures.residentKiB.map { format(Double($0) / 1024, decimals: 1) }.joined(separator: " → ")
        let allocations = figures.allocationsPerCall.map { format($0, decimals: 2) } ?? "not counted"
        print(
            "\(pad(figures.name, 44)) \(padLeft(grouped(UInt64(figures.calls)), 9)) calls  RSS MiB \(resident)  heap in use "
                + "\(grouped(figures.heapBefore)) → \(grouped(figures.heapAfter)) B  allocations/call \(allocations)")
    }

    /// 1234567 as "1,234,567".
    static func grouped(_ value: UInt64) -> String {
        var digits = Array(String(value))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    static func measureAll(validations: Int) async -> [Figures] {
        var results: [Figures] = []
        let now = AccessTokenBenchmark.now
        let issuer = AccessTokenBenchmark.issuer
        let audience = AccessTokenBenchmark.audience
        let others = min(validations, 10_000)
        for key in [TestSigningKey.rs256, .es256] {
            let algorithm = key.algorithm.rawValue
            let token = AccessTokenBenchmark.token(key)
            let jwks = TestSigningKey.jwkSet([key]).serialized()
            let kit = JWTKeyCollection()
            guard let keys = try? JWKSet(json: jwks), (try? await kit.add(jwksJSON: String(decoding: jwks, as: UTF8.self))) != nil
            else { fatalError("the \(algorithm) JWK Set does not load") }
            let validator = AccessTokenValidator(issuers: [issuer], audience: audience)
            var accepted = 0
            results.append(
                await measure("Access token validate, \(algorithm)", calls: key.algorithm == .rs256 ? validations : others) {
                    if (try? validator.validate(token, keys: keys, now: now)) != nil { accepted += 1 }
                })
            precondition(accepted > 0, "the validator refused the token")
            results.append(
                await measure("  peer: jwt-kit, \(algorithm)", calls: others) {
                    blackHole(await AccessTokenBenchmark.kitValidate(token, kit: kit))
                })
        }
        let proofs = DPoPVerifierBenchmark.proofs()
        let verifier = DPoPProofVerifier(replayCache: DPoPVerifierBenchmark.AcceptingReplayCache(), now: { now })
        var index = 0
        results.append(
            await measure("DPoP proof verify (ES256, fresh key)", calls: others) {
                index = index == proofs.count - 1 ? 0 : index + 1
                blackHole(
                    try? await verifier.verify(
                        proof: proofs[index], method: DPoPVerifierBenchmark.method, url: DPoPVerifierBenchmark.url, accessToken: nil))
            })
        results.append(
            await measure("  peer: swift-crypto + JSONDecoder", calls: others) {
                index = index == proofs.count - 1 ? 0 : index + 1
                blackHole(DPoPVerifierBenchmark.peerVerify(proofs[index]))
            })
        return results
    }
}
