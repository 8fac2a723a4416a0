// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Where a command reads its input and writes its output: the real process, or memory in tests.
protocol Terminal {
    /// The reader for a file, or for standard input when `path` is nil or `-`.
    func openInput(_ path: String?) throws(CLIError) -> any ByteReader

    /// Writes bytes unchanged (binary output of `base64url decode`).
    mutating func write(bytes: [UInt8], to stream: OutputStream)
    /// Creates or replaces the file at `path` with `bytes`.
    mutating func writeFile(_ path: String, bytes: [UInt8]) throws(CLIError)
    /// Creates a new file at `path` readable by its owner only (mode 0600) with `bytes`: for private keys.
    mutating func writeSecretFile(_ path: String, bytes: [UInt8]) throws(CLIError)

    /// Whether `stream` is an interactive terminal (colours and prompts only then).
    func isInteractive(_ stream: OutputStream) -> Bool
    /// The environment variable `name`, or nil when it is not set.
    func environment(_ name: String) -> String?
    /// Reports the first write to standard output that failed (a full disk, a closed pipe): ``CLI`` calls
    /// it after every command, so a lost output is never a silent success.
    mutating func finishWriting() throws(CLIError)
    /// A writer to standard error that any thread may call while a command waits (the `--verbose` trace),
    /// or nil when this terminal has none.
    func diagnosticWriter() -> (@Sendable (String) -> Void)?
}

extension Terminal {
    mutating func writeSecretFile(_ path: String, bytes: [UInt8]) throws(CLIError) { try writeFile(path, bytes: bytes) }
    func isInteractive(_ stream: OutputStream) -> Bool { false }
    func environment(_ name: String) -> String? { nil }
    mutating func finishWriting() throws(CLIError) {}
    func diagnosticWriter() -> (@Sendable (String) -> Void)? { nil }
}

extension Terminal {
    /// Writes text as UTF-8.
    mutating func write(_ text: String, to stream: OutputStream) {
        write(bytes: Array(text.utf8), to: stream)
    }

    /// Reads all of standard input or a file into memory, refusing more than `limit` bytes.
    func readAll(_ path: String?, limit: Int) throws(CLIError) -> [UInt8] {
        var reader = try openInput(path)
        var bytes: [UInt8] = []
        try reader.forEachChunk { (chunk) throws(CLIError) in
            guard bytes.count + chunk.count <= limit else {
                throw .failure("input is larger than \(limit) bytes")
            }
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }
}

/// The two output streams of a process.
enum OutputStream {
    case standardOutput
    case standardError
}

/// A source of bytes read in chunks, so that a file of any size is read in constant memory.
protocol ByteReader {
    /// Fills the start of `buffer` and returns how many bytes were read; 0 at the end.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(CLIError) -> Int
}

extension ByteReader {
    /// Calls `body` with each chunk of up to 64 KiB until the end of input.
    mutating func forEachChunk(
        _ body: (UnsafeRawBufferPointer) throws(CLIError) -> Void
    ) throws(CLIError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try read(into: buffer)
            if count == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }
}

extension Terminal {
    /// `text` itself, or for `-` the text on standard input without its trailing line break (at most
    /// `limit` bytes): for operands and options that take a token, URL or secret and accept `-`.
    func readValue(_ text: String, limit: Int, what: String) throws(CLIError) -> String {
        guard text == "-" else { return text }
        var bytes: [UInt8]
        do {
            bytes = try readAll(nil, limit: limit)
        } catch {
            throw .failure("\(what) on standard input: \(error.message)")
        }
        while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
