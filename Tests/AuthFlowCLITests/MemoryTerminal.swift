// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Synchronization

@testable import AuthFlowCLI

/// A terminal in memory: standard input and files are given, output is collected.
struct MemoryTerminal: Terminal {
    var standardInput: [UInt8] = []
    var files: [String: [UInt8]] = [:]
    var standardOutput: [UInt8] = []
    var standardError: [UInt8] = []
    /// Whether standard output and error are interactive terminals (for colours).
    var interactive = false
    var environmentVariables: [String: String] = [:]
    /// A write failure to report when the command ends, as the system terminal does for a full disk.
    var writeFailure: String? = nil
    /// What the `--verbose` trace wrote to standard error, from any thread (shared by the copies of this terminal).
    let trace = TraceLines()

    var output: String { String(decoding: standardOutput, as: UTF8.self) }
    var errors: String { String(decoding: standardError, as: UTF8.self) }

    func openInput(_ path: String?) throws(CLIError) -> any ByteReader {
        guard let path, path != "-" else { return MemoryReader(bytes: standardInput) }
        guard let bytes = files[path] else { throw .failure("cannot open '\(path)': No such file or directory") }
        return MemoryReader(bytes: bytes)
    }

    mutating func write(bytes: [UInt8], to stream: AuthFlowCLI.OutputStream) {
        switch stream {
        case .standardOutput: standardOutput += bytes
        case .standardError: standardError += bytes
        }
    }

    mutating func writeFile(_ path: String, bytes: [UInt8]) throws(CLIError) {
        guard !path.hasPrefix("/nonexistent/") else { throw .failure("cannot create '\(path)': No such file or directory") }
        files[path] = bytes
    }

    func isInteractive(_ stream: AuthFlowCLI.OutputStream) -> Bool { interactive }

    func environment(_ name: String) -> String? { environmentVariables[name] }

    func diagnosticWriter() -> (@Sendable (String) -> Void)? {
        let trace = trace
        return { text in trace.append(text) }
    }

    mutating func finishWriting() throws(CLIError) {
        if let writeFailure { throw .failure(writeFailure) }
    }

    /// Runs `authflow` with `arguments` and returns the exit status.
    mutating func run(_ arguments: String...) -> Int32 {
        CLI.run(arguments: arguments, terminal: &self)
    }

    /// Runs a command that waits for async work (`login`, `demo`) on a thread of its own. The CLI blocks its
    /// calling thread until the work is done; blocking the test's own thread, which belongs to Swift's
    /// small cooperative pool, could leave no thread for that work when tests run in parallel.
    mutating func runOnOwnThread(_ arguments: String...) async -> Int32 {
        final class Box: @unchecked Sendable {
            var terminal: MemoryTerminal
            var status: Int32 = 0
            init(_ terminal: MemoryTerminal) { self.terminal = terminal }
        }
        let box = Box(self)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                box.status = CLI.run(arguments: arguments, terminal: &box.terminal)
                continuation.resume()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        self = box.terminal
        return box.status
    }
}

/// Text written from any thread.
final class TraceLines: Sendable {
    private let lines = Mutex("")
    func append(_ text: String) { lines.withLock { $0 += text } }
    var text: String { lines.withLock { $0 } }
}

/// Hands out its bytes in small chunks, so that commands are exercised across chunk boundaries.
struct MemoryReader: ByteReader {
    let bytes: [UInt8]
    var position = 0

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(CLIError) -> Int {
        let count = min(buffer.count, bytes.count - position, 1000)
        buffer.copyBytes(from: bytes[position..<position + count])
        position += count
        return count
    }
}
