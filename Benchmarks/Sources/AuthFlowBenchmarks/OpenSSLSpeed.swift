// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// OpenSSL's own SHA-256, measured by `openssl speed -evp sha256 -bytes 1048576` in a child process right
/// after our 1 MiB row: the reference for AuthDigest's portable compression function. OpenSSL picks its
/// code path from `OPENSSL_ia32cap` (the CPUID bits it believes, "~" clears them), so each path is named by
/// the bits it clears, as OpenSSL's sha256-x86_64 dispatch reads them:
/// - SHA-NI: LV1 bit 29 (CPUID.7.EBX.SHA);
/// - AVX2 with BMI1/BMI2: LV1 bits 5, 3, 8; AVX: LV0 bit 60; SSSE3: LV0 bit 41; AMD XOP: LV0 bit 43.
enum OpenSSLSpeed {
    struct Path {
        /// How the row and its peer read.
        var name: String
        var ia32cap: String
    }

    /// SHA-NI off: OpenSSL takes its best SIMD path (AVX2 + BMI2 here, else AVX/SSSE3).
    static let simd = Path(name: "SIMD (SHA-NI off: AVX2/AVX/SSSE3)", ia32cap: ":~0x20000000")
    /// SHA-NI, AVX2, AVX, XOP and SSSE3 off: OpenSSL's scalar integer code (sha256_block_data_order's
    /// plain x86-64 rounds), the like-for-like reference for a portable compression function.
    static let integer = Path(name: "integer only (SHA-NI/AVX2/AVX/SSSE3 off)", ia32cap: "~0x10000A0000000000:~0x20000020")

    /// Nanoseconds per 1 MiB digest, or why there is no figure (`openssl` missing, killed at the deadline,
    /// or printing no figure). `openssl speed` counts in user CPU time (no `-elapsed`), so another process's
    /// load does not stretch it; it stops each timing loop with SIGALRM after `seconds` of wall time.
    static func nanosecondsPerMiB(_ path: Path, seconds: Int) -> Result<Double, Failure> {
        let arguments = ["openssl", "speed", "-evp", "sha256", "-bytes", "1048576", "-seconds", "\(seconds)", "-mr"]
        // The deadline is generous (setup and a loaded machine), but there is one: the benchmark never hangs.
        switch run(arguments, environment: ["OPENSSL_ia32cap": path.ia32cap], deadline: .seconds(seconds * 4 + 20)) {
        case .failure(let failure):
            return .failure(failure)
        case .success(let output):
            // -mr prints "+F:<n>:sha256:<bytes per second>".
            for line in output.split(separator: "\n") where line.hasPrefix("+F:") {
                if let rate = line.split(separator: ":").last.flatMap({ Double($0) }), rate > 0 {
                    return .success(Double(1 << 20) / rate * 1e9)
                }
            }
            return .failure(Failure(reason: "openssl speed printed no +F: figure"))
        }
    }

    struct Failure: Error {
        var reason: String
    }

    /// Runs a program found on PATH with a clean signal mask and default signal dispositions (this process
    /// may block SIGALRM, and a child inherits the mask, which is why `openssl speed` used to hang here),
    /// stdout captured, stderr discarded, and killed with SIGKILL when it passes `deadline`.
    static func run(_ arguments: [String], environment extra: [String: String], deadline: Duration) -> Result<String, Failure> {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return .failure(Failure(reason: "pipe() failed")) }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        defer { close(readEnd) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var environment = ProcessInfo.processInfo.environment
        for (key, value) in extra { environment[key] = value }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }

        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        close(writeEnd)
        guard spawned == 0 else {
            return .failure(Failure(reason: "\(arguments[0]) could not be started (\(String(cString: strerror(spawned))))"))
        }

        var output: [UInt8] = []
        var timedOut = false
        let clock = ContinuousClock()
        let end = clock.now + deadline
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = end - clock.now
            if left <= .zero {
                timedOut = true
                break
            }
            var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left.components.seconds * 1000 + 1, 1000))
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0 && errno != EINTR { break }
            if ready <= 0 { continue }
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count > 0 {
                output += buffer[..<count]
            } else if count == 0 || errno != EINTR {
                break  // end of output: the child closed stdout (it exited)
            }
        }
        if timedOut { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if timedOut {
            return .failure(Failure(reason: "\(arguments[0]) killed after the \(deadline) deadline"))
        }
        // WIFEXITED / WEXITSTATUS, spelled out (they are C macros).
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            return .failure(Failure(reason: "\(arguments[0]) ended with status \(status)"))
        }
        return .success(String(decoding: output, as: UTF8.self))
    }
}
